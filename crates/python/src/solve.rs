//! `solve`, `count` and `check`, one puzzle at a time and in batches.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use sudoku_engine::Grid;
use sudoku_engine::format::Record;
use sudoku_engine::solver;

use crate::batch::{self, BOUNDED, CHEAP, Grain, Source};
use crate::grid::PyGrid;
use crate::puzzle_arg;
use crate::results::Results;

/// Where a batch record came from, shared by every result type.
#[derive(Clone)]
pub struct Origin {
    pub index: usize,
    pub line: usize,
    pub file: Option<Arc<str>>,
    pub puzzle: Option<Grid>,
}

impl Origin {
    pub fn of(record: &Record, file: &Option<Arc<str>>) -> Origin {
        Origin {
            index: record.index,
            line: record.line,
            file: file.clone(),
            puzzle: record.grid.as_ref().ok().copied(),
        }
    }
}

/// The work on a readable puzzle, or why it is invalid (the message names
/// the line, as the command's does). Clashing givens have no solution, so
/// the clash is looked for only when the work found nothing.
fn attempt<T>(
    record: &Record,
    work: impl FnOnce(&Grid) -> T,
    found_nothing: impl FnOnce(&T) -> bool,
) -> Result<T, String> {
    let grid = record.grid.as_ref().map_err(|e| e.to_string())?;
    let result = work(grid);
    if found_nothing(&result)
        && let Some(clash) = grid.conflict()
    {
        return Err(format!("line {}: {clash}", record.line));
    }
    Ok(result)
}

fn line_of(grid: &Option<Grid>) -> Option<String> {
    grid.as_ref().map(Grid::to_line)
}

macro_rules! origin_getters {
    ($ty:ty) => {
        #[pymethods]
        impl $ty {
            /// 1-based position in the batch.
            #[getter]
            fn index(&self) -> usize {
                self.origin.index
            }
            /// 1-based line where the puzzle starts (in its file, or in its string).
            #[getter]
            fn line(&self) -> usize {
                self.origin.line
            }
            /// The file the batch was read from, `None` for an iterable.
            #[getter]
            fn file(&self) -> Option<&str> {
                self.origin.file.as_deref()
            }
            /// The puzzle as an 81-character line, `None` when unreadable.
            #[getter]
            fn puzzle(&self) -> Option<String> {
                line_of(&self.origin.puzzle)
            }
        }
    };
}

/// The result of solving one puzzle of a batch.
///
/// `status` is `"solved"`, `"no_solution"` or `"invalid"` (then `error`
/// says why, as the command does).
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct SolveResult {
    origin: Origin,
    status: &'static str,
    solution: Option<Grid>,
    error: Option<String>,
}
origin_getters!(SolveResult);

impl SolveResult {
    fn of(record: Record, file: &Option<Arc<str>>) -> SolveResult {
        let origin = Origin::of(&record, file);
        match attempt(&record, solver::solve, Option::is_none) {
            Ok(Some(solution)) => SolveResult {
                origin,
                status: "solved",
                solution: Some(solution),
                error: None,
            },
            Ok(None) => SolveResult {
                origin,
                status: "no_solution",
                solution: None,
                error: None,
            },
            Err(message) => SolveResult {
                origin,
                status: "invalid",
                solution: None,
                error: Some(message),
            },
        }
    }
}

#[pymethods]
impl SolveResult {
    /// `"solved"`, `"no_solution"` or `"invalid"`.
    #[getter]
    fn status(&self) -> &'static str {
        self.status
    }
    /// The 81-character solution, `None` when there is none.
    #[getter]
    fn solution(&self) -> Option<String> {
        line_of(&self.solution)
    }
    /// Why the record is invalid (unreadable or clashing givens).
    #[getter]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
    /// Whether a solution was found.
    #[getter]
    fn ok(&self) -> bool {
        self.solution.is_some()
    }
    fn __bool__(&self) -> bool {
        self.ok()
    }
    fn __repr__(&self) -> String {
        match (&self.solution, &self.error) {
            (Some(s), _) => format!(
                "SolveResult(index={}, status='solved', solution='{}')",
                self.origin.index,
                s.to_line()
            ),
            (None, Some(e)) => format!(
                "SolveResult(index={}, status='invalid', error={e:?})",
                self.origin.index
            ),
            (None, None) => format!(
                "SolveResult(index={}, status='{}')",
                self.origin.index, self.status
            ),
        }
    }
}

/// The result of counting the solutions of one puzzle of a batch.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct CountResult {
    origin: Origin,
    solutions: Option<usize>,
    limit_reached: bool,
    error: Option<String>,
}
origin_getters!(CountResult);

impl CountResult {
    fn of(record: Record, file: &Option<Arc<str>>, limit: usize) -> CountResult {
        let origin = Origin::of(&record, file);
        match attempt(&record, |g| solver::count_solutions(g, limit), |&n| n == 0) {
            Ok(n) => CountResult {
                origin,
                solutions: Some(n),
                limit_reached: n >= limit,
                error: None,
            },
            Err(message) => CountResult {
                origin,
                solutions: None,
                limit_reached: false,
                error: Some(message),
            },
        }
    }
}

#[pymethods]
impl CountResult {
    /// `"solved"`, `"no_solution"` or `"invalid"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.solutions {
            None => "invalid",
            Some(0) => "no_solution",
            Some(_) => "solved",
        }
    }
    /// The number of solutions (at most the limit), `None` when invalid.
    #[getter]
    fn solutions(&self) -> Option<usize> {
        self.solutions
    }
    /// Whether counting stopped at the limit: there may be more.
    #[getter]
    fn limit_reached(&self) -> bool {
        self.limit_reached
    }
    /// Why the record is invalid.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
    fn __repr__(&self) -> String {
        match (self.solutions, &self.error) {
            (Some(n), _) => format!(
                "CountResult(index={}, solutions={n}, limit_reached={})",
                self.origin.index,
                if self.limit_reached { "True" } else { "False" }
            ),
            (None, e) => format!(
                "CountResult(index={}, status='invalid', error={:?})",
                self.origin.index,
                e.as_deref().unwrap_or("")
            ),
        }
    }
}

/// The verdict on one puzzle of a batch: `"unique"`, `"multiple"`,
/// `"none"` or `"invalid"`.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct CheckResult {
    origin: Origin,
    verdict: &'static str,
    error: Option<String>,
}
origin_getters!(CheckResult);

/// The verdict and, for `invalid`, the reason.
fn verdict_of(record: &Record) -> (&'static str, Option<String>) {
    match attempt(record, |g| solver::count_solutions(g, 2), |&n| n == 0) {
        Err(message) => ("invalid", Some(message)),
        Ok(0) => ("none", None),
        Ok(1) => ("unique", None),
        Ok(_) => ("multiple", None),
    }
}

#[pymethods]
impl CheckResult {
    /// `"solved"` (one or more solutions), `"no_solution"` or `"invalid"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.verdict {
            "invalid" => "invalid",
            "none" => "no_solution",
            _ => "solved",
        }
    }
    /// `"unique"`, `"multiple"`, `"none"` or `"invalid"`.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.verdict
    }
    /// Why the record is invalid.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
    fn __repr__(&self) -> String {
        match &self.error {
            Some(e) => format!(
                "CheckResult(index={}, verdict='invalid', error={e:?})",
                self.origin.index
            ),
            None => format!(
                "CheckResult(index={}, verdict='{}')",
                self.origin.index, self.verdict
            ),
        }
    }
}

/// The 81-character solution of a puzzle, `None` when it has none (or its
/// givens clash); one of them when it has several.
///
/// `puzzle` is a `str` in any format the `sudoku` command reads, or a
/// `Grid`. Unreadable text raises `ParseError`.
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let grid = puzzle_arg(py, puzzle)?;
    Ok(solver::solve(&grid).map(|s| s.to_line()))
}

/// The number of solutions of a puzzle, counting stops at `limit`.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=1000))]
fn count(py: Python<'_>, puzzle: &Bound<'_, PyAny>, limit: usize) -> PyResult<usize> {
    let grid = puzzle_arg(py, puzzle)?;
    Ok(py.detach(|| solver::count_solutions(&grid, limit)))
}

/// `"unique"`, `"multiple"`, `"none"` (no solution although no rule is
/// broken) or `"invalid"` (two givens clash).
#[pyfunction]
fn check(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let grid = puzzle_arg(py, puzzle)?;
    let record = Record {
        index: 1,
        line: 1,
        format: sudoku_engine::format::Format::Line,
        name: None,
        grid: Ok(grid),
        marks: None,
    };
    Ok(verdict_of(&record).0)
}

/// Runs a batch job and collects its results, in input order.
pub fn collect<'py, T, F>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
    grain: Grain,
    job: F,
) -> PyResult<Results>
where
    T: Send + Sync + Clone + 'static + pyo3::PyClass + Into<PyClassInitializer<T>>,
    F: Fn(Record, &Option<Arc<str>>) -> T + Send + Sync + 'static,
{
    let source = Source::new(source)?;
    let file = source.label();
    let mut rows: Vec<T> = Vec::new();
    batch::run(
        py,
        source,
        threads,
        grain,
        move |item| job(item.into_record(), &file),
        |results| {
            rows.extend(results);
            Ok(())
        },
    )?;
    Ok(Results::new(Box::new(rows)))
}

/// The native `solve_many`: a list of `SolveResult`, in input order.
#[pyfunction]
#[pyo3(signature = (source, threads=None))]
fn _solve_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Results> {
    collect(py, source, threads, BOUNDED, SolveResult::of)
}

/// The native `count_many`.
#[pyfunction]
#[pyo3(signature = (source, limit=1000, threads=None))]
fn _count_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    limit: usize,
    threads: Option<usize>,
) -> PyResult<Results> {
    collect(py, source, threads, CHEAP, move |r, f| {
        CountResult::of(r, f, limit)
    })
}

/// The native `check_many`.
#[pyfunction]
#[pyo3(signature = (source, threads=None))]
fn _check_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Results> {
    collect(py, source, threads, BOUNDED, |record, file| {
        let (verdict, error) = verdict_of(&record);
        CheckResult {
            origin: Origin::of(&record, file),
            verdict,
            error,
        }
    })
}

/// Solves `n` rows of 81 digits (a NumPy array's bytes): the solutions in
/// the same layout, a row of zeros where there is none.
#[pyfunction]
#[pyo3(signature = (cells, threads=None))]
fn _solve_cells<'py>(
    py: Python<'py>,
    cells: &Bound<'py, pyo3::types::PyBytes>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyByteArray>> {
    let len = cells.as_bytes().len();
    if len % 81 != 0 {
        return Err(PyValueError::new_err("expected rows of 81 digits"));
    }
    let mut out = Vec::with_capacity(len);
    batch::run(
        py,
        Source::new(cells.as_any())?,
        threads,
        BOUNDED,
        |item| item.into_record().grid.ok().and_then(|g| solver::solve(&g)),
        |results| {
            for solution in results {
                match solution {
                    Some(s) => out.extend_from_slice(s.cells()),
                    None => out.extend_from_slice(&[0; 81]),
                }
            }
            Ok(())
        },
    )?;
    Ok(PyByteArray::new(py, &out))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SolveResult>()?;
    m.add_class::<CountResult>()?;
    m.add_class::<CheckResult>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(_count_many, m)?)?;
    m.add_function(wrap_pyfunction!(_check_many, m)?)?;
    m.add_function(wrap_pyfunction!(_solve_cells, m)?)?;
    let _ = PyGrid::new;
    Ok(())
}
