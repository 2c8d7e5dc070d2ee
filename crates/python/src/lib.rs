//! The native part of the `sudokit` Python package: thin PyO3 wrappers over
//! `sudoku-engine`, `sudoku-logic`, `sudoku-generator` and
//! `sudoku-variants`. Every Sudoku rule (parsing, solving, rating, hints,
//! the JSON records) lives in those crates;
//! this crate only converts arguments and results and runs batches without
//! holding the GIL.
//!
//! It is built by maturin (see `pyproject.toml`); its tests are pytest's,
//! run by `crates/python/test.sh`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_engine::Grid;
use sudoku_engine::format::{self, Format, Record};

mod batch;
mod grid;
mod logic;
mod results;
mod sized;
mod solve;
mod variant_logic;
mod variants;

create_exception!(
    sudokit,
    ParseError,
    PyValueError,
    "A puzzle could not be read.\n\n\
     `str(error)` is the message the `sudoku` command prints; `.line` and\n\
     `.column` (1-based, `None` when they do not apply) say where."
);

/// The Python exception for a library parse error, with `.line` and `.column`.
fn parse_error(py: Python<'_>, error: &format::ParseError) -> PyErr {
    let err = ParseError::new_err(error.to_string());
    let value = err.value(py);
    let line = (error.line > 0).then_some(error.line);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", error.column);
    err
}

/// A record for a puzzle given as an object (a `Grid`, a NumPy row), at
/// position `index` of its batch.
fn grid_record(grid: Grid, index: usize) -> Record {
    Record {
        index,
        line: 1,
        format: Format::Line,
        name: None,
        grid: Ok(grid),
        marks: None,
    }
}

/// The record as a Python dict, through its JSON (exactly the fields and
/// values the command prints).
fn to_dict<'py>(py: Python<'py>, record: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(record)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// The native module, imported by `sudokit/__init__.py`.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add_class::<grid::PyGrid>()?;
    solve::register(m)?;
    logic::register(m)?;
    batch::register(m)?;
    results::register(m)?;
    variants::register(m)?;
    Ok(())
}
