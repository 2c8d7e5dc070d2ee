//! What solving, counting and checking find for each puzzle of an input:
//! typed outcomes, and the records that `sudoku solve|count|check --to json`
//! prints (one JSON object per puzzle), with `Serialize` and `Deserialize`
//! under the `serde` feature.
//!
//! Every front end (the command, the Python package, the web page) works
//! through these functions, so a puzzle means the same everywhere: a
//! pencil-mark puzzle is solved within its marks, clashing givens are named,
//! and an unreadable record says where and why.
//!
//! ```
//! use sudoku_engine::format::read_all;
//! use sudoku_engine::report::{self, Origin, SolveOutcome, SolveRecord, Status};
//!
//! let records = read_all("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
//!                         11...............................................................................\n");
//! let outcome = report::solve(&records[0], true);
//! let SolveOutcome::Solved { solution, unique } = outcome else { panic!() };
//! assert!(solution.is_solution_of(records[0].grid.as_ref().unwrap()));
//! assert_eq!(unique, Some(true));
//!
//! let outcome = report::solve(&records[1], false);
//! assert_eq!(outcome.to_string(), "line 2: r1c1 and r1c2 are both 1");
//! let record = SolveRecord::new(&Origin { index: 2, file: None }, &records[1], &outcome);
//! assert_eq!(record.status, Status::Invalid);
//! ```

use std::fmt;

use crate::format::{ParseError, Record};
use crate::grid::{Conflict, Grid};
use crate::sizes::format::{SizedRecord, line_text};
use crate::solver::{self, Uniqueness};

/// Where a record came from: its place among every input's puzzles and the
/// file that held it (the line is in the [`Record`]).
///
/// ```
/// let origin = sudoku_engine::report::Origin { index: 3, file: Some("week.txt") };
/// assert_eq!(origin.index, 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin<'a> {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The file name, when not standard input.
    pub file: Option<&'a str>,
}

/// Why a puzzle could not be worked on.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, CountOutcome};
/// let records = read_all("12345678x\n");
/// let CountOutcome::Invalid(why) = report::count(&records[0], 10) else { panic!() };
/// assert!(why.to_string().starts_with("line 1, column 9: expected a digit"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// The text is not a puzzle.
    Parse(ParseError),
    /// Two givens clash.
    Clash {
        /// The line where the puzzle starts.
        line: usize,
        /// The two cells and their digit.
        conflict: Conflict,
    },
}

impl fmt::Display for Invalid {
    /// `line 3, column 17: expected ...` or `line 12: r3c1 and r3c3 are both 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Parse(e) => write!(f, "{e}"),
            Invalid::Clash { line, conflict } => write!(f, "line {line}: {conflict}"),
        }
    }
}

impl std::error::Error for Invalid {}

/// The puzzle of a record, or why there is none.
fn readable(record: &Record) -> Result<&Grid, Invalid> {
    record.grid.as_ref().map_err(|e| Invalid::Parse(e.clone()))
}

/// Searches a record's puzzle, within its pencil marks when it has them.
fn search(record: &Record, grid: &Grid, limit: usize) -> solver::Search {
    match &record.marks {
        Some(marks) => solver::search_marks(marks, limit),
        None => solver::search(grid, limit),
    }
}

/// The clash that explains why nothing was found, if there is one. Looked
/// for only when the search found nothing: solvable puzzles, the common
/// case in big batches, pay nothing for it.
fn clash(record: &Record, grid: &Grid) -> Option<Invalid> {
    grid.conflict().map(|conflict| Invalid::Clash {
        line: record.line,
        conflict,
    })
}

/// What [`solve`] found.
///
/// ```
/// use sudoku_engine::{format::read_all, report};
/// let records = read_all(&format!("12{}", ".".repeat(79)));
/// assert_eq!(report::solve(&records[0], false).to_string().len(), 81);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveOutcome {
    /// A solution; `unique` says whether it is the only one, when that
    /// was asked.
    Solved {
        /// The solution (one of them when there are several).
        solution: Grid,
        /// Whether it is the only one (`None` when not asked).
        unique: Option<bool>,
    },
    /// The puzzle breaks no rule but has no solution.
    NoSolution,
    /// The puzzle is unreadable or its givens clash.
    Invalid(Invalid),
}

impl fmt::Display for SolveOutcome {
    /// The solution's line, `the puzzle has no solution`, or why it is invalid.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveOutcome::Solved { solution, .. } => write!(f, "{solution}"),
            SolveOutcome::NoSolution => f.write_str("the puzzle has no solution"),
            SolveOutcome::Invalid(why) => write!(f, "{why}"),
        }
    }
}

/// Solves a record's puzzle; with `check_unique`, also finds out whether
/// the solution is the only one (a second search).
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, SolveOutcome};
/// let records = read_all(&".".repeat(81));
/// assert!(matches!(report::solve(&records[0], true), SolveOutcome::Solved { unique: Some(false), .. }));
/// ```
pub fn solve(record: &Record, check_unique: bool) -> SolveOutcome {
    let grid = match readable(record) {
        Ok(grid) => grid,
        Err(why) => return SolveOutcome::Invalid(why),
    };
    let found = search(record, grid, if check_unique { 2 } else { 1 });
    match found.solution {
        Some(solution) => SolveOutcome::Solved {
            solution,
            unique: check_unique.then_some(found.count == 1),
        },
        None => clash(record, grid).map_or(SolveOutcome::NoSolution, SolveOutcome::Invalid),
    }
}

/// What [`count`] found.
///
/// ```
/// use sudoku_engine::{format::read_all, report::{self, CountOutcome}};
/// let records = read_all(&".".repeat(81));
/// let CountOutcome::Counted { solutions, .. } = report::count(&records[0], 2) else { panic!() };
/// assert_eq!(solutions, 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountOutcome {
    /// The number of solutions, counted up to the limit.
    Counted {
        /// Solutions found (at most the limit).
        solutions: usize,
        /// Whether counting stopped at the limit (there may be more).
        limit_reached: bool,
    },
    /// The puzzle is unreadable or its givens clash.
    Invalid(Invalid),
}

/// Counts a record's solutions, stopping at `limit`.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, CountOutcome};
/// let records = read_all(&".".repeat(81));
/// assert_eq!(report::count(&records[0], 5),
///            CountOutcome::Counted { solutions: 5, limit_reached: true });
/// ```
pub fn count(record: &Record, limit: usize) -> CountOutcome {
    let grid = match readable(record) {
        Ok(grid) => grid,
        Err(why) => return CountOutcome::Invalid(why),
    };
    let solutions = search(record, grid, limit).count;
    if solutions == 0
        && let Some(why) = clash(record, grid)
    {
        return CountOutcome::Invalid(why);
    }
    CountOutcome::Counted {
        solutions,
        limit_reached: solutions >= limit,
    }
}

/// How many solutions a puzzle has, as `sudoku check` says it.
///
/// ```
/// use sudoku_engine::{format::read_all, report::{self, Verdict}};
/// let records = read_all(&format!("11{}", ".".repeat(79)));
/// assert!(report::check(&records[0]).is_err()); // Verdict::Invalid in the record
/// assert_eq!(Verdict::Unique.to_string(), "unique");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Verdict {
    /// Exactly one solution.
    Unique,
    /// Two or more.
    Multiple,
    /// None, though no rule is broken.
    None,
    /// Unreadable, or clashing givens.
    Invalid,
}

impl Verdict {
    /// The verdict of a count of solutions (searched up to 2 or more).
    ///
    /// ```
    /// use sudoku_engine::report::Verdict;
    /// assert_eq!(Verdict::of_count(0), Verdict::None);
    /// assert_eq!(Verdict::of_count(1), Verdict::Unique);
    /// assert_eq!(Verdict::of_count(2), Verdict::Multiple);
    /// ```
    pub fn of_count(count: usize) -> Verdict {
        match count {
            0 => Verdict::None,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        }
    }

    /// `unique`, `multiple`, `none` or `invalid`.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::report::Verdict::None.name(), "none");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            Verdict::Invalid => "invalid",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Tells unique, multiple and no solution apart, or says why the puzzle
/// is invalid.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, Verdict};
/// let records = read_all(&".".repeat(81));
/// assert_eq!(report::check(&records[0]), Ok(Verdict::Multiple));
/// ```
pub fn check(record: &Record) -> Result<Verdict, Invalid> {
    let grid = readable(record)?;
    match search(record, grid, 2).count {
        0 => match clash(record, grid) {
            Some(why) => Err(why),
            None => Ok(Verdict::None),
        },
        count => Ok(Verdict::of_count(count)),
    }
}

/// The uniqueness of a record's puzzle (within its pencil marks), for
/// front ends that need the solution too.
///
/// ```
/// use sudoku_engine::{Uniqueness, format::read_all, report};
/// let records = read_all(&".".repeat(81));
/// assert!(matches!(report::uniqueness(&records[0]), Ok(Uniqueness::Multiple(_))));
/// ```
pub fn uniqueness(record: &Record) -> Result<Uniqueness, Invalid> {
    let grid = readable(record)?;
    let found = search(record, grid, 2);
    match (found.count, found.solution) {
        (0, _) => clash(record, grid).map_or(Ok(Uniqueness::None), Err),
        (1, Some(s)) => Ok(Uniqueness::Unique(s)),
        (_, Some(s)) => Ok(Uniqueness::Multiple(s)),
        (_, None) => unreachable!("a count above zero comes with a solution"),
    }
}

/// The `status` field of a record.
///
/// ```
/// use sudoku_engine::{format::read_all, report::{self, Origin, SolveRecord, Status}};
/// let records = read_all(&format!("11{}", ".".repeat(79)));
/// let outcome = report::solve(&records[0], false);
/// let record = SolveRecord::new(&Origin { index: 1, file: None }, &records[0], &outcome);
/// assert_eq!(record.status, Status::Invalid);
/// assert_eq!(record.error.as_deref(), Some("line 1: r1c1 and r1c2 are both 1"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Status {
    /// A solution was found (or, for `check` and `count`, at least one exists).
    Solved,
    /// No solution, though no rule is broken.
    NoSolution,
    /// Unreadable, or clashing givens.
    Invalid,
}

impl Status {
    /// The status of a record whose puzzle was checked: solved when it has
    /// one solution or more.
    ///
    /// ```
    /// use sudoku_engine::report::{Status, Verdict};
    /// assert_eq!(Status::of_verdict(Verdict::Multiple), Status::Solved);
    /// assert_eq!(Status::of_verdict(Verdict::None), Status::NoSolution);
    /// ```
    pub fn of_verdict(verdict: Verdict) -> Status {
        match verdict {
            Verdict::Unique | Verdict::Multiple => Status::Solved,
            Verdict::None => Status::NoSolution,
            Verdict::Invalid => Status::Invalid,
        }
    }
}

/// The puzzle as the records write it: the 81-character line (`.` for a
/// blank), or the 729-character line of a pencil-mark puzzle.
fn puzzle_text(record: &Record) -> Option<String> {
    let grid = record.grid.as_ref().ok()?;
    Some(match &record.marks {
        Some(marks) => marks.to_line(),
        None => grid.to_line(),
    })
}

/// The record `sudoku solve --to json` prints for a puzzle.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, Origin, SolveRecord, Status};
/// let records = read_all(&".".repeat(81));
/// let outcome = report::solve(&records[0], false);
/// let json = SolveRecord::new(&Origin { index: 1, file: Some("a.txt") }, &records[0], &outcome);
/// assert_eq!(json.status, Status::Solved);
/// assert_eq!(json.solution.unwrap().len(), 81);
/// assert_eq!(json.file.as_deref(), Some("a.txt"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolveRecord {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The puzzle (see the module documentation); `None` when unreadable.
    pub puzzle: Option<String>,
    /// Solved, no solution, or invalid.
    pub status: Status,
    /// The solution's 81-character line, when solved.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solution: Option<String>,
    /// Whether the solution is the only one, when that was asked.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub unique: Option<bool>,
    /// Why the puzzle is invalid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub error: Option<String>,
}

impl SolveRecord {
    /// The record of an outcome of [`solve`]; see the type's example.
    ///
    /// ```
    /// use sudoku_engine::{format::read_all, report::{self, Origin, SolveRecord}};
    /// let records = read_all(&".".repeat(81));
    /// let record = SolveRecord::new(&Origin { index: 1, file: None }, &records[0], &report::solve(&records[0], true));
    /// assert_eq!(record.unique, Some(false));
    /// ```
    pub fn new(origin: &Origin, record: &Record, outcome: &SolveOutcome) -> SolveRecord {
        let (status, solution, unique, error) = match outcome {
            SolveOutcome::Solved { solution, unique } => {
                (Status::Solved, Some(solution.to_line()), *unique, None)
            }
            SolveOutcome::NoSolution => (Status::NoSolution, None, None, None),
            SolveOutcome::Invalid(why) => (Status::Invalid, None, None, Some(why.to_string())),
        };
        SolveRecord {
            index: origin.index,
            file: origin.file.map(String::from),
            line: record.line,
            puzzle: puzzle_text(record),
            status,
            solution,
            unique,
            error,
        }
    }
}

/// The record `sudoku count --to json` prints for a puzzle.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, CountRecord, Origin};
/// let records = read_all(&".".repeat(81));
/// let json = CountRecord::new(&Origin { index: 1, file: None }, &records[0], &report::count(&records[0], 3));
/// assert_eq!((json.solutions, json.limit_reached), (Some(3), Some(true)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CountRecord {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The puzzle; `None` when unreadable.
    pub puzzle: Option<String>,
    /// Solved (one solution or more), no solution, or invalid.
    pub status: Status,
    /// Solutions counted, up to the limit.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solutions: Option<usize>,
    /// Whether counting stopped at the limit.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub limit_reached: Option<bool>,
    /// Why the puzzle is invalid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub error: Option<String>,
}

impl CountRecord {
    /// The record of an outcome of [`count`].
    ///
    /// ```
    /// use sudoku_engine::{format::read_all, report::{self, CountRecord, Origin}};
    /// let records = read_all("not a puzzle\n");
    /// let record = CountRecord::new(&Origin { index: 1, file: None }, &records[0], &report::count(&records[0], 9));
    /// assert!(record.solutions.is_none() && record.error.is_some());
    /// ```
    pub fn new(origin: &Origin, record: &Record, outcome: &CountOutcome) -> CountRecord {
        let (status, solutions, limit_reached, error) = match outcome {
            CountOutcome::Counted {
                solutions,
                limit_reached,
            } => (
                if *solutions > 0 {
                    Status::Solved
                } else {
                    Status::NoSolution
                },
                Some(*solutions),
                Some(*limit_reached),
                None,
            ),
            CountOutcome::Invalid(why) => (Status::Invalid, None, None, Some(why.to_string())),
        };
        CountRecord {
            index: origin.index,
            file: origin.file.map(String::from),
            line: record.line,
            puzzle: puzzle_text(record),
            status,
            solutions,
            limit_reached,
            error,
        }
    }
}

/// The record `sudoku check --to json` prints for a puzzle.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_engine::report::{self, CheckRecord, Origin, Verdict};
/// let records = read_all(&".".repeat(81));
/// let json = CheckRecord::new(&Origin { index: 1, file: None }, &records[0], &report::check(&records[0]));
/// assert_eq!(json.verdict, Verdict::Multiple);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CheckRecord {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The puzzle; `None` when unreadable.
    pub puzzle: Option<String>,
    /// Solved (one solution or more), no solution, or invalid.
    pub status: Status,
    /// Unique, multiple, none or invalid.
    pub verdict: Verdict,
    /// Why the puzzle is invalid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub error: Option<String>,
}

impl CheckRecord {
    /// The record of an outcome of [`check`].
    ///
    /// ```
    /// use sudoku_engine::{format::read_all, report::{self, CheckRecord, Origin, Status}};
    /// let records = read_all(&".".repeat(81));
    /// let record = CheckRecord::new(&Origin { index: 1, file: None }, &records[0], &report::check(&records[0]));
    /// assert_eq!(record.status, Status::Solved);
    /// ```
    pub fn new(
        origin: &Origin,
        record: &Record,
        outcome: &Result<Verdict, Invalid>,
    ) -> CheckRecord {
        let (status, verdict, error) = match outcome {
            Ok(Verdict::None) => (Status::NoSolution, Verdict::None, None),
            Ok(verdict) => (Status::Solved, *verdict, None),
            Err(why) => (Status::Invalid, Verdict::Invalid, Some(why.to_string())),
        };
        CheckRecord {
            index: origin.index,
            file: origin.file.map(String::from),
            line: record.line,
            puzzle: puzzle_text(record),
            status,
            verdict,
            error,
        }
    }
}

/// The record `sudoku solve|count|check --to json` prints for a puzzle of
/// another size: the fields of [`SolveRecord`], [`CountRecord`] and
/// [`CheckRecord`] that the command fills in, with `size` (the side) and
/// `boxes` (the box shape, `RxC`) after `line`. [`SizedReport::new`] gives
/// the fields every record has; the command sets the others.
///
/// ```
/// use sudoku_engine::report::{Origin, SizedReport, Status};
/// use sudoku_engine::sizes::format::read_all;
/// let records = read_all("12.4............");
/// let record = SizedReport::new(&Origin { index: 1, file: None }, &records[0], Status::Solved);
/// assert_eq!((record.size, record.boxes.as_deref()), (Some(4), Some("2x2")));
/// assert_eq!(record.puzzle.as_deref(), Some("12.4............"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SizedReport {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The variants of a variant puzzle (`jigsaw`, `x`, `killer` ...,
    /// empty when it could not be read); `None` for a classic grid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub variant: Option<Vec<String>>,
    /// The side of the grid, when known.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub size: Option<usize>,
    /// The box shape, rows x columns, when the puzzle was read (a variant
    /// puzzle: when its regions are boxes).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub boxes: Option<String>,
    /// The puzzle as one line in its alphabet, `None` when unreadable.
    pub puzzle: Option<String>,
    /// What the search found.
    pub status: Status,
    /// The solution in the puzzle's alphabet (`solve`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solution: Option<String>,
    /// Whether the solution is the only one (`solve --check-unique`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub unique: Option<bool>,
    /// The solutions counted (`count`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub solutions: Option<usize>,
    /// Whether counting stopped at the limit (`count`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub limit_reached: Option<bool>,
    /// The verdict (`check`).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub verdict: Option<Verdict>,
    /// Why the puzzle is invalid.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub error: Option<String>,
}

impl SizedReport {
    /// The fields every record of `record` has, with `status`; the
    /// command's other fields are `None`.
    pub fn new(origin: &Origin, record: &SizedRecord, status: Status) -> SizedReport {
        let grid = record.grid.as_ref().ok();
        SizedReport {
            size: record.size,
            boxes: grid.map(|g| g.shape().to_string()),
            puzzle: grid.map(|g| line_text(g, record.symbols)),
            ..SizedReport::at(origin, record.line, status)
        }
    }

    /// A record of the puzzle starting at `line` with only `index`,
    /// `file`, `line` and `status` set, for the readers of other kinds of
    /// puzzle (the variants) to fill in.
    ///
    /// ```
    /// use sudoku_engine::report::{Origin, SizedReport, Status};
    /// let record = SizedReport::at(&Origin { index: 3, file: Some("a.txt") }, 7, Status::Invalid);
    /// assert_eq!((record.index, record.line, record.puzzle), (3, 7, None));
    /// ```
    pub fn at(origin: &Origin, line: usize, status: Status) -> SizedReport {
        SizedReport {
            index: origin.index,
            file: origin.file.map(String::from),
            line,
            variant: None,
            size: None,
            boxes: None,
            puzzle: None,
            status,
            solution: None,
            unique: None,
            solutions: None,
            limit_reached: None,
            verdict: None,
            error: None,
        }
    }
}
