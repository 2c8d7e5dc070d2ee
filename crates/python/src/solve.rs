//! `solve`, `count` and `check`, one puzzle at a time and in batches: the
//! library's `report` functions, and result objects that wrap its records.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use sudoku_engine::format::Record;
use sudoku_engine::report::{
    self, CheckRecord, CountOutcome, CountRecord, Invalid, SolveOutcome, SolveRecord, Status,
    Verdict,
};

use crate::batch::{self, BOUNDED, CHEAP, Grain, Source};
use crate::results::{Lazy, Results};
use crate::sized::{self, Puzzle, SizedRow, grid_of, puzzle_arg};
use crate::to_dict;
use sudoku_engine::sizes;
use sudoku_engine::sizes::format::line_text;
use sudoku_engine::sizes::format::{AnyRecord, ReadOptions};

/// Where a batch record came from, as the library's records take it.
pub fn origin<'a>(record: &Record, file: Option<&'a str>) -> report::Origin<'a> {
    report::Origin {
        index: record.index,
        file,
    }
}

/// The `status` field as Python sees it.
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::NoSolution => "no_solution",
        Status::Invalid => "invalid",
    }
}

/// The fields every batch record has.
pub trait Fields {
    fn index(&self) -> usize;
    fn line(&self) -> usize;
    fn file(&self) -> Option<&str>;
    fn puzzle(&self) -> Option<&str>;
    fn status(&self) -> Status;
    fn error(&self) -> Option<&str>;
}

macro_rules! fields {
    ($($ty:ty),*) => {$(
        impl Fields for $ty {
            fn index(&self) -> usize {
                self.index
            }
            fn line(&self) -> usize {
                self.line
            }
            fn file(&self) -> Option<&str> {
                self.file.as_deref()
            }
            fn puzzle(&self) -> Option<&str> {
                self.puzzle.as_deref()
            }
            fn status(&self) -> Status {
                self.status
            }
            fn error(&self) -> Option<&str> {
                self.error.as_deref()
            }
        }
    )*};
}
fields!(SolveRecord, CountRecord, CheckRecord, SizedRow);

/// A batch row's record: the library's 9x9 record, or one of another size.
#[derive(Clone)]
pub enum Row<R> {
    Classic(R),
    Sized(SizedRow),
}

impl<R: Fields> Row<R> {
    fn fields(&self) -> &dyn Fields {
        match self {
            Row::Classic(r) => r,
            Row::Sized(r) => r,
        }
    }
}

/// What a batch worker found for one row: the 9x9 record and outcome (the
/// record is written when the row is read), or the row of another size.
pub enum Found<P> {
    Classic(Record, P),
    Sized(SizedRow),
}

/// The getters every batch result has, read from its record.
macro_rules! record_getters {
    ($ty:ty) => {
        #[pymethods]
        impl $ty {
            /// 1-based position in the batch.
            #[getter]
            fn index(&self) -> usize {
                self.record.fields().index()
            }
            /// 1-based line where the puzzle starts (in its file, or in its string).
            #[getter]
            fn line(&self) -> usize {
                self.record.fields().line()
            }
            /// The file the batch was read from, `None` for an iterable.
            #[getter]
            fn file(&self) -> Option<&str> {
                self.record.fields().file()
            }
            /// The puzzle as an 81-character line (the 729-character line
            /// of a pencil-mark puzzle; N*N characters in its alphabet for
            /// other sizes), `None` when unreadable.
            #[getter]
            fn puzzle(&self) -> Option<&str> {
                self.record.fields().puzzle()
            }
            /// `"solved"` (one solution or more), `"no_solution"` or `"invalid"`.
            #[getter]
            fn status(&self) -> &'static str {
                status_name(self.record.fields().status())
            }
            /// Why the record is invalid (unreadable, or clashing givens),
            /// with its line as the command says it.
            #[getter]
            fn error(&self) -> Option<&str> {
                self.record.fields().error()
            }
            /// The side of a grid of another size (`None` for 9x9, and when
            /// unreadable), as the record's `size`.
            #[getter]
            fn size(&self) -> Option<usize> {
                match &self.record {
                    Row::Classic(_) => None,
                    Row::Sized(r) => r.size,
                }
            }
            /// The command's JSON record (`--to json`) as a dict (with
            /// `size` and `boxes` for other sizes).
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                match &self.record {
                    Row::Classic(r) => to_dict(py, r),
                    Row::Sized(r) => to_dict(py, r),
                }
            }
        }
    };
}

/// The result of solving one puzzle of a batch.
///
/// `status` is `"solved"`, `"no_solution"` or `"invalid"` (then `error`
/// says why, as the command does); `to_dict()` is the record of `sudoku
/// solve --to json`.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct SolveResult {
    record: Row<SolveRecord>,
}
record_getters!(SolveResult);

impl SolveResult {
    fn of(found: &Found<SolveOutcome>, file: Option<&str>) -> SolveResult {
        SolveResult {
            record: match found {
                Found::Classic(record, outcome) => {
                    Row::Classic(SolveRecord::new(&origin(record, file), record, outcome))
                }
                Found::Sized(row) => Row::Sized(row.clone()),
            },
        }
    }

    fn solution_text(&self) -> Option<&str> {
        match &self.record {
            Row::Classic(r) => r.solution.as_deref(),
            Row::Sized(r) => r.solution.as_deref(),
        }
    }
}

#[pymethods]
impl SolveResult {
    /// The 81-character solution (N*N characters in the puzzle's alphabet
    /// for other sizes), `None` when there is none.
    #[getter]
    fn solution(&self) -> Option<&str> {
        self.solution_text()
    }
    /// Whether a solution was found.
    #[getter]
    fn ok(&self) -> bool {
        self.solution_text().is_some()
    }
    fn __bool__(&self) -> bool {
        self.ok()
    }
    fn __repr__(&self) -> String {
        let r = self.record.fields();
        match (self.solution_text(), r.error()) {
            (Some(s), _) => format!(
                "SolveResult(index={}, status='solved', solution='{s}')",
                r.index()
            ),
            (None, Some(e)) => format!(
                "SolveResult(index={}, status='invalid', error={e:?})",
                r.index()
            ),
            (None, None) => format!(
                "SolveResult(index={}, status='{}')",
                r.index(),
                status_name(r.status())
            ),
        }
    }
}

/// The result of counting the solutions of one puzzle of a batch;
/// `to_dict()` is the record of `sudoku count --to json`.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct CountResult {
    record: Row<CountRecord>,
}
record_getters!(CountResult);

impl CountResult {
    fn of(found: &Found<CountOutcome>, file: Option<&str>) -> CountResult {
        CountResult {
            record: match found {
                Found::Classic(record, outcome) => {
                    Row::Classic(CountRecord::new(&origin(record, file), record, outcome))
                }
                Found::Sized(row) => Row::Sized(row.clone()),
            },
        }
    }
}

#[pymethods]
impl CountResult {
    /// The number of solutions (at most the limit), `None` when invalid.
    #[getter]
    fn solutions(&self) -> Option<usize> {
        match &self.record {
            Row::Classic(r) => r.solutions,
            Row::Sized(r) => r.solutions,
        }
    }
    /// Whether counting stopped at the limit: there may be more.
    #[getter]
    fn limit_reached(&self) -> bool {
        match &self.record {
            Row::Classic(r) => r.limit_reached.unwrap_or(false),
            Row::Sized(r) => r.limit_reached.unwrap_or(false),
        }
    }
    fn __repr__(&self) -> String {
        let r = self.record.fields();
        match (self.solutions(), r.error()) {
            (Some(n), _) => format!(
                "CountResult(index={}, solutions={n}, limit_reached={})",
                r.index(),
                if self.limit_reached() {
                    "True"
                } else {
                    "False"
                }
            ),
            (None, e) => format!(
                "CountResult(index={}, status='invalid', error={:?})",
                r.index(),
                e.unwrap_or("")
            ),
        }
    }
}

/// The verdict on one puzzle of a batch: `"unique"`, `"multiple"`,
/// `"none"` or `"invalid"`; `to_dict()` is the record of `sudoku check
/// --to json`.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct CheckResult {
    record: Row<CheckRecord>,
}
record_getters!(CheckResult);

impl CheckResult {
    fn of(found: &Found<CheckOutcome>, file: Option<&str>) -> CheckResult {
        CheckResult {
            record: match found {
                Found::Classic(record, outcome) => {
                    Row::Classic(CheckRecord::new(&origin(record, file), record, outcome))
                }
                Found::Sized(row) => Row::Sized(row.clone()),
            },
        }
    }
}

/// What `report::check` finds.
type CheckOutcome = Result<Verdict, Invalid>;

#[pymethods]
impl CheckResult {
    /// `"unique"`, `"multiple"`, `"none"` or `"invalid"`.
    #[getter]
    fn verdict(&self) -> &'static str {
        match &self.record {
            Row::Classic(r) => r.verdict.name(),
            Row::Sized(r) => r.verdict.unwrap_or(Verdict::Invalid).name(),
        }
    }
    fn __repr__(&self) -> String {
        let r = self.record.fields();
        match r.error() {
            Some(e) => format!(
                "CheckResult(index={}, verdict='invalid', error={e:?})",
                r.index()
            ),
            None => format!(
                "CheckResult(index={}, verdict='{}')",
                r.index(),
                self.verdict()
            ),
        }
    }
}

/// The 81-character solution of a puzzle, `None` when it has none (or its
/// givens clash); one of them when it has several.
///
/// `puzzle` is a `str` in any format the `sudoku` command reads (pencil
/// marks too: a pencil-mark puzzle is solved within its marks), or a
/// `Grid`. Unreadable text raises `ParseError`.
///
/// Other sizes (4x4 to 64x64) are read from the text (N*N characters, or
/// N lines); `size` (the side, or the boxes `"RxC"` as the command's
/// `--size`), `boxes` and `symbols` (`"default"`, `"hex"`, `"letters"`)
/// say what the text does not. Their solution is one line in the
/// puzzle's alphabet (numbers separated by spaces above 35x35).
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, boxes=None, symbols=None))]
fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Option<String>> {
    let options = sized::read_options(size, boxes, symbols)?;
    Ok(match puzzle_arg(py, puzzle, options)? {
        Puzzle::Classic(record) => match py.detach(|| report::solve(&record, false)) {
            SolveOutcome::Solved { solution, .. } => Some(solution.to_line()),
            SolveOutcome::NoSolution | SolveOutcome::Invalid(_) => None,
        },
        Puzzle::Sized(record) => {
            let grid = grid_of(&record);
            py.detach(|| sizes::solve(grid))
                .map(|s| line_text(&s, record.symbols))
        }
    })
}

/// A counting limit: 1 or more (counting to 0 would tell nothing).
fn limit_arg(limit: usize) -> PyResult<usize> {
    if limit == 0 {
        return Err(PyValueError::new_err("limit: expected 1 or more, got 0"));
    }
    Ok(limit)
}

/// The number of solutions of a puzzle (0 when its givens clash); counting
/// stops at `limit` (1 or more). Takes the puzzles `solve` takes.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=1000, *, size=None, boxes=None, symbols=None))]
fn count(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: usize,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<usize> {
    let limit = limit_arg(limit)?;
    let options = sized::read_options(size, boxes, symbols)?;
    Ok(match puzzle_arg(py, puzzle, options)? {
        Puzzle::Classic(record) => match py.detach(|| report::count(&record, limit)) {
            CountOutcome::Counted { solutions, .. } => solutions,
            CountOutcome::Invalid(_) => 0,
        },
        Puzzle::Sized(record) => {
            let grid = grid_of(&record);
            py.detach(|| sizes::count_solutions(grid, limit))
        }
    })
}

/// `"unique"`, `"multiple"`, `"none"` (no solution although no rule is
/// broken) or `"invalid"` (two givens clash). Takes the puzzles `solve`
/// takes.
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, boxes=None, symbols=None))]
fn check(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<&'static str> {
    let options = sized::read_options(size, boxes, symbols)?;
    Ok(match puzzle_arg(py, puzzle, options)? {
        Puzzle::Classic(record) => match py.detach(|| report::check(&record)) {
            Ok(verdict) => verdict.name(),
            Err(_) => "invalid",
        },
        Puzzle::Sized(record) => {
            let grid = grid_of(&record);
            if grid.conflict().is_some() {
                return Ok(Verdict::Invalid.name());
            }
            match py.detach(|| sizes::uniqueness(grid)) {
                sizes::Uniqueness::None => Verdict::None.name(),
                sizes::Uniqueness::Unique(_) => Verdict::Unique.name(),
                sizes::Uniqueness::Multiple(_) => Verdict::Multiple.name(),
            }
        }
    })
}

/// Runs a batch job over every record of a source, in input order: the
/// workers turn each record of any size (and the file it came from) into
/// `P`, what was found, and each result object is made from it by `make`
/// when it is read. `options` force a shape or an alphabet.
pub fn collect<'py, P, T, F>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    options: ReadOptions,
    threads: Option<usize>,
    grain: Grain,
    job: F,
    make: fn(&P, Option<&str>) -> T,
) -> PyResult<Results>
where
    P: Send + Sync + 'static,
    T: pyo3::PyClass + Into<PyClassInitializer<T>> + 'static,
    F: Fn(AnyRecord, Option<&str>) -> P + Send + Sync + 'static,
{
    let source = Source::new(source, options)?;
    let file = source.label();
    let label = file.clone();
    let mut found: Vec<P> = Vec::new();
    batch::run(
        py,
        source,
        threads,
        grain,
        move |item| job(item.into_any(options), label.as_deref()),
        |results| {
            found.extend(results);
            Ok(())
        },
    )?;
    Ok(Results::new(Box::new(Lazy { found, file, make })))
}

/// The native `solve_many`: a list of `SolveResult`, in input order.
#[pyfunction]
#[pyo3(signature = (source, threads=None, *, size=None, boxes=None, symbols=None))]
fn _solve_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
    size: Option<&Bound<'py, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Results> {
    let options = sized::read_options(size, boxes, symbols)?;
    collect(
        py,
        source,
        options,
        threads,
        BOUNDED,
        |record, file| match record {
            AnyRecord::Classic(record) => {
                let outcome = report::solve(&record, false);
                Found::Classic(record, outcome)
            }
            AnyRecord::Sized(record) => Found::Sized(sized::row::solve(&record, file)),
        },
        SolveResult::of,
    )
}

/// The native `count_many`.
#[pyfunction]
#[pyo3(signature = (source, limit=1000, threads=None, *, size=None, boxes=None, symbols=None))]
fn _count_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    limit: usize,
    threads: Option<usize>,
    size: Option<&Bound<'py, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Results> {
    let limit = limit_arg(limit)?;
    let options = sized::read_options(size, boxes, symbols)?;
    collect(
        py,
        source,
        options,
        threads,
        CHEAP,
        move |record, file| match record {
            AnyRecord::Classic(record) => {
                let outcome = report::count(&record, limit);
                Found::Classic(record, outcome)
            }
            AnyRecord::Sized(record) => Found::Sized(sized::row::count(&record, file, limit)),
        },
        CountResult::of,
    )
}

/// The native `check_many`.
#[pyfunction]
#[pyo3(signature = (source, threads=None, *, size=None, boxes=None, symbols=None))]
fn _check_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
    size: Option<&Bound<'py, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Results> {
    let options = sized::read_options(size, boxes, symbols)?;
    collect(
        py,
        source,
        options,
        threads,
        BOUNDED,
        |record, file| match record {
            AnyRecord::Classic(record) => {
                let outcome = report::check(&record);
                Found::Classic(record, outcome)
            }
            AnyRecord::Sized(record) => Found::Sized(sized::row::check(&record, file)),
        },
        CheckResult::of,
    )
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
        Source::new(cells.as_any(), ReadOptions::default())?,
        threads,
        BOUNDED,
        |item| match report::solve(&item.into_record(), false) {
            SolveOutcome::Solved { solution, .. } => Some(solution),
            _ => None,
        },
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
    Ok(())
}
