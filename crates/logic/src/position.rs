//! A position to work on, digits or a player's pencil marks, read from a
//! record of `sudoku_engine::format`; and the logical path of a record, or
//! why it has none, with the messages every front end shows.

use std::fmt;

use sudoku_engine::format::Record;
use sudoku_engine::report::Invalid;
use sudoku_engine::{Grid, PencilMarks};

use crate::{Candidates, HintOutcome, Path, Solver, Stopped};

/// A position: placed digits, or a player's pencil marks.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_logic::Position;
/// let records = read_all("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
/// let position = Position::from_record(&records[0]).unwrap();
/// assert_eq!(position.text().len(), 81);
/// assert!(matches!(position, Position::Digits(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Position {
    /// Digits only: every empty cell may hold any digit its peers allow.
    Digits(Grid),
    /// A player's pencil marks (a cell with one candidate is placed).
    Marks(Box<PencilMarks>),
}

impl Position {
    /// The position a record holds, or why it is no puzzle (unreadable
    /// text, or two placed digits that clash).
    ///
    /// ```
    /// use sudoku_engine::format::read_all;
    /// use sudoku_logic::Position;
    /// let records = read_all(&format!("11{}\n", ".".repeat(79)));
    /// let why = Position::from_record(&records[0]).unwrap_err();
    /// assert_eq!(why.to_string(), "line 1: r1c1 and r1c2 are both 1");
    /// ```
    pub fn from_record(record: &Record) -> Result<Position, Invalid> {
        let grid = record
            .grid
            .as_ref()
            .map_err(|e| Invalid::Parse(e.clone()))?;
        if let Some(conflict) = grid.conflict() {
            return Err(Invalid::Clash {
                line: record.line,
                conflict,
            });
        }
        Ok(match &record.marks {
            Some(marks) => Position::Marks(marks.clone()),
            None => Position::Digits(*grid),
        })
    }

    /// The position as the records write it: its 81-character line, or the
    /// 729-character line of pencil marks.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// use sudoku_logic::Position;
    /// let marks = Position::Marks(Box::new(PencilMarks::from_grid(&Grid::empty())));
    /// assert_eq!(marks.text().len(), 729);
    /// ```
    pub fn text(&self) -> String {
        match self {
            Position::Digits(grid) => grid.to_line(),
            Position::Marks(marks) => marks.to_line(),
        }
    }

    /// The digits placed.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// assert_eq!(sudoku_logic::Position::Digits(Grid::empty()).grid(), Grid::empty());
    /// ```
    pub fn grid(&self) -> Grid {
        match self {
            Position::Digits(grid) => *grid,
            Position::Marks(marks) => marks.placed(),
        }
    }

    /// The working pencil marks: the grid's candidates, or the player's
    /// marks less what placed peers rule out.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// let c = sudoku_logic::Position::Digits(Grid::empty()).candidates();
    /// assert_eq!(c.candidate_count(), 729);
    /// ```
    pub fn candidates(&self) -> Candidates {
        match self {
            Position::Digits(grid) => Candidates::from_grid(grid),
            Position::Marks(marks) => Candidates::from_marks(marks),
        }
    }
}

/// Why a record has no logical path.
///
/// ```
/// use sudoku_engine::format::read_all;
/// use sudoku_logic::{logical_path, NoPath};
/// let records = read_all(&".".repeat(81));
/// let why = logical_path(&records[0]).unwrap_err();
/// assert_eq!(why.status(), "multiple");
/// assert_eq!(why.to_string(), "line 1: the puzzle has more than one solution, so it has no logical path");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoPath {
    /// Unreadable, or clashing digits.
    Invalid(Invalid),
    /// The puzzle has no solution.
    NoSolution {
        /// The line where the puzzle starts.
        line: usize,
    },
    /// The puzzle has several solutions.
    MultipleSolutions {
        /// The line where the puzzle starts.
        line: usize,
    },
}

impl NoPath {
    /// `invalid`, `no_solution` or `multiple`.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::NoPath::NoSolution { line: 2 }.status(), "no_solution");
    /// ```
    pub fn status(&self) -> &'static str {
        match self {
            NoPath::Invalid(_) => "invalid",
            NoPath::NoSolution { .. } => "no_solution",
            NoPath::MultipleSolutions { .. } => "multiple",
        }
    }
}

impl fmt::Display for NoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoPath::Invalid(why) => write!(f, "{why}"),
            NoPath::NoSolution { line } => write!(f, "line {line}: the puzzle has no solution"),
            NoPath::MultipleSolutions { line } => write!(
                f,
                "line {line}: the puzzle has more than one solution, so it has no logical path"
            ),
        }
    }
}

impl std::error::Error for NoPath {}

impl Solver {
    /// Every step from a position to the end; see [`Solver::solve_path`]
    /// and [`Solver::solve_path_marks`].
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// use sudoku_logic::{Position, Solver};
    /// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// assert!(Solver::new().path_of(&Position::Digits(grid)).solved);
    /// ```
    pub fn path_of(&self, position: &Position) -> Path {
        match position {
            Position::Digits(grid) => self.solve_path(grid),
            Position::Marks(marks) => self.solve_path_marks(marks),
        }
    }

    /// The hint for a position; see [`Solver::hint`] and
    /// [`Solver::hint_marks`].
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// use sudoku_logic::{HintStatus, Position, Solver};
    /// let hint = Solver::new().hint_of(&Position::Digits(Grid::empty()), None);
    /// assert_eq!(hint.status(), HintStatus::MultipleSolutions);
    /// ```
    pub fn hint_of(&self, position: &Position, givens: Option<&Grid>) -> HintOutcome {
        match position {
            Position::Digits(grid) => self.hint(grid, givens),
            Position::Marks(marks) => self.hint_marks(marks, givens),
        }
    }
}

/// The logical path of a record's puzzle (digits or pencil marks), or why
/// there is none: unreadable, clashing givens, no solution or several.
///
/// ```
/// use sudoku_engine::format::read_all;
/// let records = read_all("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n");
/// let (position, path) = sudoku_logic::logical_path(&records[0]).unwrap();
/// assert!(path.solved);
/// assert_eq!(position.text().len(), 81);
/// ```
pub fn logical_path(record: &Record) -> Result<(Position, Path), NoPath> {
    let position = Position::from_record(record).map_err(NoPath::Invalid)?;
    let path = Solver::new().path_of(&position);
    let line = record.line;
    match &path.stopped {
        Some(Stopped::NoSolution) => Err(NoPath::NoSolution { line }),
        Some(Stopped::MultipleSolutions) => Err(NoPath::MultipleSolutions { line }),
        Some(Stopped::Conflict(conflict)) => Err(NoPath::Invalid(Invalid::Clash {
            line,
            conflict: *conflict,
        })),
        _ => Ok((position, path)),
    }
}
