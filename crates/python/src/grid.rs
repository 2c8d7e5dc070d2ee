//! `sudokit.Grid`: a puzzle or a solution of any size, built from text, a
//! list of digits or a NumPy array of shape (N, N).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku_engine::Grid;
use sudoku_engine::format::{self, Format};
use sudoku_engine::sizes::format::{self as sized_format, SizedFormat, line_text};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Symbols};

use crate::sized::{self, Puzzle};
use crate::type_name;

/// A Sudoku grid of any size (9x9, or 4x4 up to 64x64): a puzzle (0 for a
/// blank) or a solution.
///
/// Build it from a string in any format the `sudoku` command reads, from a
/// sequence of 81 digits (0 for a blank), from 9 rows of 9 digits, or from a
/// NumPy array of shape (9, 9) or (81,); other sizes likewise (N*N digits,
/// N rows of N, a text of N*N characters or N lines). `size` (the side, or
/// the boxes `"RxC"` as the command's `--size`), `boxes` and `symbols`
/// (`"default"`, `"hex"`, `"letters"`) say what the input does not:
///
/// >>> g = Grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// >>> g[0, 0], g.clues
/// (4, 17)
/// >>> print(g)  # the pretty form
/// 4 . . | . . . | 8 . 5
/// ...
///
/// `str(grid)` is the pretty form, `grid.line` the 81-character line (N*N
/// characters in the grid's alphabet for other sizes).
#[pyclass(name = "Grid", module = "sudokit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyGrid {
    pub kind: GridKind,
}

/// A 9x9 grid, or a grid of another size with the alphabet it is written in.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum GridKind {
    /// The classic grid.
    Classic(Grid),
    /// Any other size, or a 9x9 grid asked for in another alphabet.
    Sized(SizedGrid, Symbols),
}

impl PyGrid {
    pub fn new(grid: Grid) -> PyGrid {
        PyGrid {
            kind: GridKind::Classic(grid),
        }
    }

    pub fn sized(grid: SizedGrid, symbols: Symbols) -> PyGrid {
        PyGrid {
            kind: GridKind::Sized(grid, symbols),
        }
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        match &self.kind {
            GridKind::Classic(_) => Shape::CLASSIC,
            GridKind::Sized(g, _) => g.shape(),
        }
    }

    fn side(&self) -> usize {
        self.shape().size()
    }
}

/// The side of a grid given as `len` items: N rows, or N*N digits.
fn side_of(len: usize, rows: bool, shape: Option<Shape>) -> Option<usize> {
    if let Some(shape) = shape {
        let n = shape.size();
        return (if rows { len == n } else { len == n * n }).then_some(n);
    }
    let n = if rows { len } else { len.isqrt() };
    let fits = rows || n * n == len;
    (fits && Shape::for_size(n).is_some()).then_some(n)
}

/// Digits from a flat sequence of N*N or N rows of N (81 or 9 rows of 9
/// for the classic grid), and the side.
fn cells_from_sequence(obj: &Bound<'_, PyAny>, shape: Option<Shape>) -> PyResult<(usize, Vec<u8>)> {
    let shape_error = || match shape.filter(|s| *s != Shape::CLASSIC) {
        None => PyValueError::new_err(
            "expected 81 digits, or 9 rows of 9 digits (0 for a blank); \
             for an N x N grid, N*N digits or N rows of N",
        ),
        Some(s) => PyValueError::new_err(format!(
            "expected {0} digits, or {1} rows of {1} digits (0 for a blank)",
            s.cells(),
            s.size()
        )),
    };
    let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
    // Rows are sequences of digits: neither ints nor strings.
    let rows = !items.is_empty()
        && items
            .iter()
            .all(|row| row.extract::<i64>().is_err() && !row.is_instance_of::<PyString>());
    let n = side_of(items.len(), rows, shape).ok_or_else(shape_error)?;
    let mut digits: Vec<i64> = Vec::with_capacity(n * n);
    if rows {
        for row in &items {
            let row: Vec<i64> = row.extract().map_err(|_| shape_error())?;
            if row.len() != n {
                return Err(shape_error());
            }
            digits.extend(row);
        }
    } else {
        for item in &items {
            digits.push(item.extract().map_err(|_| {
                PyTypeError::new_err(format!("expected an int digit, got {}", type_name(item)))
            })?);
        }
    }
    let mut cells = vec![0u8; n * n];
    for (i, &d) in digits.iter().enumerate() {
        if !(0..=n as i64).contains(&d) {
            return Err(PyValueError::new_err(format!(
                "r{}c{}: expected a digit 0-{n} (0 for a blank), found {d}",
                i / n + 1,
                i % n + 1
            )));
        }
        cells[i] = d as u8;
    }
    Ok((n, cells))
}

/// The format named by `to`.
fn format_arg(to: &str) -> PyResult<Format> {
    to.parse::<Format>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The format of other sizes named by `to`.
fn sized_format_arg(to: &str) -> PyResult<SizedFormat> {
    to.parse::<SizedFormat>().map_err(|_| {
        let known = to.parse::<Format>().is_ok();
        PyValueError::new_err(if known {
            format!("`{to}` writes 9x9 grids only; other sizes are written as line, grid, rows or pretty")
        } else {
            format!("unknown format `{to}`: expected line, grid, rows or pretty")
        })
    })
}

#[pymethods]
impl PyGrid {
    #[new]
    #[pyo3(signature = (puzzle=None, *, size=None, boxes=None, symbols=None))]
    fn py_new(
        py: Python<'_>,
        puzzle: Option<&Bound<'_, PyAny>>,
        size: Option<&Bound<'_, PyAny>>,
        boxes: Option<&str>,
        symbols: Option<&str>,
    ) -> PyResult<PyGrid> {
        let options = sized::read_options(size, boxes, symbols)?;
        let other = options.shape.is_some_and(|s| s != Shape::CLASSIC)
            || options.symbols.is_some_and(|s| s != Symbols::Default);
        let Some(obj) = puzzle else {
            return Ok(match (other, options.shape) {
                (false, _) => PyGrid::new(Grid::empty()),
                (true, shape) => PyGrid::sized(
                    SizedGrid::empty(shape.unwrap_or(Shape::CLASSIC)),
                    options.symbols.unwrap_or(Symbols::Default),
                ),
            });
        };
        if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyGrid>() {
            return Ok(match sized::puzzle_arg(py, obj, options)? {
                // For a pencil-mark puzzle, its placed digits.
                Puzzle::Classic(record) => PyGrid::new(record.grid.expect("read")),
                Puzzle::Sized(record) => {
                    let symbols = record.symbols;
                    PyGrid::sized(record.grid.expect("read"), symbols)
                }
            });
        }
        // NumPy arrays (and anything else with `tolist`) become nested lists.
        let seq = if obj.hasattr("tolist")? && !obj.is_instance_of::<PyList>() {
            obj.call_method0("tolist")?
        } else {
            obj.clone()
        };
        if seq.is_instance_of::<PyList>() || seq.is_instance_of::<PyTuple>() {
            let (n, cells) = cells_from_sequence(&seq, options.shape)?;
            if n == 9 && !other {
                let cells: [u8; 81] = cells.try_into().expect("81 cells");
                return Ok(PyGrid::new(
                    Grid::from_cells(cells).expect("digits checked"),
                ));
            }
            let shape = options
                .shape
                .or_else(|| Shape::for_size(n))
                .expect("a side with boxes");
            let grid = SizedGrid::from_cells(shape, cells).expect("digits checked");
            return Ok(PyGrid::sized(
                grid,
                options.symbols.unwrap_or(Symbols::Default),
            ));
        }
        Err(PyTypeError::new_err(format!(
            "expected a str, a sequence of 81 digits or a (9, 9) array, got {}",
            type_name(obj)
        )))
    }

    /// The 81-character line, `.` for a blank (N*N characters in the
    /// grid's alphabet for other sizes; numbers separated by spaces above
    /// 35x35).
    #[getter]
    fn line(&self) -> String {
        match &self.kind {
            GridKind::Classic(g) => g.to_line(),
            GridKind::Sized(g, symbols) => line_text(g, *symbols),
        }
    }

    /// The side: 9 for the classic grid, 16 for a 16x16 grid.
    #[getter]
    fn size(&self) -> usize {
        self.side()
    }

    /// The box shape, rows x columns: `"3x3"`, `"2x3"`, `"4x4"`.
    #[getter]
    fn boxes(&self) -> String {
        self.shape().to_string()
    }

    /// The alphabet the grid is written in: `"default"`, `"hex"` or
    /// `"letters"`.
    #[getter]
    fn symbols(&self) -> &'static str {
        match &self.kind {
            GridKind::Classic(_) => Symbols::Default.name(),
            GridKind::Sized(_, symbols) => symbols.name(),
        }
    }

    /// The number of filled cells.
    #[getter]
    fn clues(&self) -> usize {
        match &self.kind {
            GridKind::Classic(g) => g.given_count(),
            GridKind::Sized(g, _) => g.given_count(),
        }
    }

    /// Whether every cell is filled.
    #[getter]
    fn is_complete(&self) -> bool {
        match &self.kind {
            GridKind::Classic(g) => g.is_complete(),
            GridKind::Sized(g, _) => g.is_complete(),
        }
    }

    /// The digits in reading order (81 for 9x9, N*N), 0 for a blank.
    fn to_list(&self) -> Vec<u32> {
        // Not `Vec<u8>`, which PyO3 turns into `bytes`.
        self.cells().iter().map(|&d| u32::from(d)).collect()
    }

    /// The digits as a NumPy array of shape (9, 9) (N x N) and dtype
    /// uint8, 0 for a blank (needs NumPy).
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let np = py.import("numpy")?;
        let bytes = pyo3::types::PyBytes::new(py, self.cells());
        let array = np.call_method1("frombuffer", (bytes, "uint8"))?;
        let n = self.side();
        array
            .call_method1("reshape", ((n, n),))?
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
    /// `euler` or `pretty` (other sizes: `line`, `grid`, `rows`, `pretty`,
    /// in the grid's alphabet).
    #[pyo3(signature = (to="pretty"))]
    fn format(&self, to: &str) -> PyResult<String> {
        Ok(match &self.kind {
            GridKind::Classic(g) => format::to_string(g, format_arg(to)?),
            GridKind::Sized(g, symbols) => {
                sized_format::to_string(g, sized_format_arg(to)?, *symbols)
            }
        })
    }

    /// The solution as a Grid, `None` when there is none; one of them when
    /// there are several.
    fn solve(&self, py: Python<'_>) -> Option<PyGrid> {
        match &self.kind {
            GridKind::Classic(g) => {
                let grid = *g;
                py.detach(|| grid.solve()).map(PyGrid::new)
            }
            GridKind::Sized(g, symbols) => py
                .detach(|| sizes::solve(g))
                .map(|s| PyGrid::sized(s, *symbols)),
        }
    }

    /// The digit at (row, column), both 0-based; 0 for a blank.
    fn __getitem__(&self, index: (usize, usize)) -> PyResult<u8> {
        let (row, col) = index;
        let n = self.side();
        if row >= n || col >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "row and column go from 0 to {}",
                n - 1
            )));
        }
        Ok(self.cells()[row * n + col])
    }

    fn __str__(&self) -> String {
        match &self.kind {
            GridKind::Classic(g) => format::to_string(g, Format::Pretty),
            GridKind::Sized(g, symbols) => {
                sized_format::to_string(g, SizedFormat::Pretty, *symbols)
            }
        }
    }

    fn __repr__(&self) -> String {
        match &self.kind {
            GridKind::Classic(g) => format!("Grid('{}')", g.to_line()),
            GridKind::Sized(g, Symbols::Default) => {
                format!(
                    "Grid('{}', boxes='{}')",
                    line_text(g, Symbols::Default),
                    g.shape()
                )
            }
            GridKind::Sized(g, symbols) => format!(
                "Grid('{}', boxes='{}', symbols='{}')",
                line_text(g, *symbols),
                g.shape(),
                symbols.name()
            ),
        }
    }
}

impl PyGrid {
    /// The cells in reading order, 0 for a blank.
    fn cells(&self) -> &[u8] {
        match &self.kind {
            GridKind::Classic(g) => g.cells(),
            GridKind::Sized(g, _) => g.cells(),
        }
    }
}
