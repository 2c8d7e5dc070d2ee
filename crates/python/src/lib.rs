//! The native part of the `sudokit` Python package: thin PyO3 wrappers over
//! `sudoku-engine`, `sudoku-logic` and `sudoku-generator`. Every Sudoku rule
//! (parsing, solving, rating, hints, the JSON records) lives in those crates;
//! this crate only converts arguments and results and runs batches without
//! holding the GIL.
//!
//! It is built by maturin (see `pyproject.toml`); its tests are pytest's,
//! run by `crates/python/test.sh`.

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_engine::Grid;
use sudoku_engine::format::{self, ParseErrorKind, Reader, Record};

mod batch;
mod grid;
mod logic;
mod results;
mod solve;

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

/// Reads exactly one puzzle from a text, as a record (its line, or why it
/// cannot be read): the same rules as `Grid::from_str`, keeping the line.
fn read_one(text: &str, index: usize) -> Record {
    let mut reader = Reader::new(text.as_bytes());
    let mut first = match reader.next_record() {
        Ok(Some(record)) => record,
        _ => unreachable!("a reader over memory gives at least one record"),
    };
    if let Ok(Some(extra)) = reader.next_record() {
        first.grid = Err(format::ParseError {
            line: extra.line,
            column: None,
            kind: ParseErrorKind::ExtraPuzzle,
        });
    }
    first.index = index;
    first
}

/// A puzzle argument: a `str` in any format the command reads, or a `Grid`.
fn puzzle_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        return text.parse::<Grid>().map_err(|e| parse_error(py, &e));
    }
    if let Ok(grid) = obj.cast::<grid::PyGrid>() {
        return Ok(grid.get().grid);
    }
    Err(PyTypeError::new_err(format!(
        "expected a puzzle as str or sudokit.Grid, got {}",
        type_name(obj)
    )))
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
    Ok(())
}
