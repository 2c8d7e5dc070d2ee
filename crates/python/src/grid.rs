//! `sudokit.Grid`: a puzzle or a solution, built from text, a list of 81
//! digits or a NumPy array of shape (9, 9).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku_engine::Grid;
use sudoku_engine::format::{self, Format};

use crate::{parse_error, type_name};

/// A 9x9 Sudoku grid: a puzzle (0 for a blank) or a solution.
///
/// Build it from a string in any format the `sudoku` command reads, from a
/// sequence of 81 digits (0 for a blank), from 9 rows of 9 digits, or from a
/// NumPy array of shape (9, 9) or (81,):
///
/// >>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// >>> g[0, 0], g.clues
/// (4, 17)
/// >>> print(g)  # the pretty form
/// 4 . . | . . . | 8 . 5
/// ...
///
/// `str(grid)` is the pretty form, `grid.line` the 81-character line.
#[pyclass(name = "Grid", module = "sudokit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyGrid {
    pub grid: Grid,
}

impl PyGrid {
    pub fn new(grid: Grid) -> PyGrid {
        PyGrid { grid }
    }
}

/// Digits from a flat sequence of 81 or 9 rows of 9.
fn cells_from_sequence(obj: &Bound<'_, PyAny>) -> PyResult<[u8; 81]> {
    let shape_error =
        || PyValueError::new_err("expected 81 digits, or 9 rows of 9 digits (0 for a blank)");
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    let mut digits: Vec<i64> = Vec::with_capacity(81);
    if items.len() == 9 && items.iter().all(|row| row.extract::<i64>().is_err()) {
        for row in &items {
            let row: Vec<i64> = row.extract().map_err(|_| shape_error())?;
            if row.len() != 9 {
                return Err(shape_error());
            }
            digits.extend(row);
        }
    } else if items.len() == 81 {
        for item in &items {
            digits.push(item.extract().map_err(|_| {
                PyTypeError::new_err(format!("expected an int digit, got {}", type_name(item)))
            })?);
        }
    } else {
        return Err(shape_error());
    }
    let mut cells = [0u8; 81];
    for (i, &d) in digits.iter().enumerate() {
        if !(0..=9).contains(&d) {
            return Err(PyValueError::new_err(format!(
                "r{}c{}: expected a digit 0-9 (0 for a blank), found {d}",
                i / 9 + 1,
                i % 9 + 1
            )));
        }
        cells[i] = d as u8;
    }
    Ok(cells)
}

/// The format named by `to`.
fn format_arg(to: &str) -> PyResult<Format> {
    to.parse::<Format>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl PyGrid {
    #[new]
    #[pyo3(signature = (puzzle=None))]
    fn py_new(py: Python<'_>, puzzle: Option<&Bound<'_, PyAny>>) -> PyResult<PyGrid> {
        let Some(obj) = puzzle else {
            return Ok(PyGrid::new(Grid::empty()));
        };
        if let Ok(text) = obj.cast::<PyString>() {
            let grid = text
                .to_cow()?
                .parse::<Grid>()
                .map_err(|e| parse_error(py, &e))?;
            return Ok(PyGrid::new(grid));
        }
        if let Ok(grid) = obj.cast::<PyGrid>() {
            return Ok(grid.get().clone());
        }
        // NumPy arrays (and anything else with `tolist`) become nested lists.
        let seq = if obj.hasattr("tolist")? && !obj.is_instance_of::<PyList>() {
            obj.call_method0("tolist")?
        } else {
            obj.clone()
        };
        if seq.is_instance_of::<PyList>() || seq.is_instance_of::<PyTuple>() {
            let cells = cells_from_sequence(&seq)?;
            let grid = Grid::from_cells(cells).expect("digits checked");
            return Ok(PyGrid::new(grid));
        }
        Err(PyTypeError::new_err(format!(
            "expected a str, a sequence of 81 digits or a (9, 9) array, got {}",
            type_name(obj)
        )))
    }

    /// The 81-character line, `.` for a blank.
    #[getter]
    fn line(&self) -> String {
        self.grid.to_line()
    }

    /// The number of filled cells.
    #[getter]
    fn clues(&self) -> usize {
        self.grid.given_count()
    }

    /// Whether every cell is filled.
    #[getter]
    fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }

    /// The 81 digits in reading order, 0 for a blank.
    fn to_list(&self) -> Vec<u32> {
        // Not `Vec<u8>`, which PyO3 turns into `bytes`.
        self.grid.cells().iter().map(|&d| u32::from(d)).collect()
    }

    /// The digits as a NumPy array of shape (9, 9) and dtype uint8, 0 for a
    /// blank (needs NumPy).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy")?;
        let bytes = pyo3::types::PyBytes::new(py, self.grid.cells());
        let array = np.call_method1("frombuffer", (bytes, "uint8"))?;
        array
            .call_method1("reshape", ((9, 9),))?
            .call_method0("copy")
    }

    /// NumPy's conversion hook: `numpy.asarray(grid)` has shape (9, 9).
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy;
        let array = self.to_numpy(py)?;
        match dtype {
            Some(dtype) => array.call_method1("astype", (dtype,)),
            None => Ok(array),
        }
    }

    /// The grid written in a format of the command: `grid`, `rows`, `line`,
    /// `euler` or `pretty`.
    #[pyo3(signature = (to="pretty"))]
    fn format(&self, to: &str) -> PyResult<String> {
        Ok(format::to_string(&self.grid, format_arg(to)?))
    }

    /// The solution as a Grid, `None` when there is none; one of them when
    /// there are several.
    fn solve(&self, py: Python<'_>) -> Option<PyGrid> {
        let grid = self.grid;
        py.detach(|| grid.solve()).map(PyGrid::new)
    }

    /// The digit at (row, column), both 0-based; 0 for a blank.
    fn __getitem__(&self, index: (usize, usize)) -> PyResult<u8> {
        let (row, col) = index;
        if row >= 9 || col >= 9 {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "row and column go from 0 to 8",
            ));
        }
        Ok(self.grid.get(row, col).unwrap_or(0))
    }

    fn __str__(&self) -> String {
        format::to_string(&self.grid, Format::Pretty)
    }

    fn __repr__(&self) -> String {
        format!("Grid('{}')", self.grid.to_line())
    }
}
