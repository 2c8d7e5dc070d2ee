//! Text formats: reading puzzles the way people write them, and writing grids
//! back in the same shape or another.
//!
//! | format | shape |
//! |---|---|
//! | `grid` | 9 lines of 9 space-separated digits, 0 for a blank (Baekjoon 2580) |
//! | `rows` | 9 lines of 9 characters, `0` or `.` for a blank |
//! | `line` | 81 characters on one line; one puzzle per line in a batch |
//! | `euler` | Project Euler 96: a `Grid NN` header, then 9 rows |
//! | `pretty` | rows with `|` between boxes and `------+-------+------` between bands; a cell may be written as its candidates (`1679`) |
//! | `marks` | pencil marks as one 729-character line: 9 places a cell, place `d` holds `d` when it is a candidate, `.` when not |
//! | `marks-grid` | pencil marks drawn as `sudoku marks` draws them: a 3x3 block of candidates a cell, `(5)` for a placed digit |
//!
//! This module is the 9x9 grid's. Grids of every other size (4x4 to 64x64,
//! rectangular boxes such as 2x3, and the `hex` and `letters` alphabets)
//! are read and written by [`crate::sizes::format`], in `line`, `grid`,
//! `rows` and `pretty`.
//!
//! ```
//! use sudoku_engine::format::{self, Format};
//!
//! let text = "\
//! 0 3 5 4 6 9 2 7 8
//! 7 8 2 1 0 5 6 0 9
//! 0 6 0 2 7 8 1 3 5
//! 3 2 1 0 4 6 8 9 7
//! 8 0 4 9 1 3 5 0 6
//! 5 9 6 8 2 0 4 1 3
//! 9 1 7 6 5 2 0 8 0
//! 6 0 3 7 0 1 9 5 2
//! 2 5 8 3 9 4 7 6 0
//! ";
//! let records = format::read_all(text);
//! assert_eq!(records.len(), 1);
//! assert_eq!(records[0].format, Format::Grid);
//! let solution = records[0].grid.as_ref().unwrap().solve().unwrap();
//! let printed = format::to_string(&solution, Format::Grid);
//! assert!(printed.starts_with("1 3 5 4 6 9 2 7 8\n"));
//! ```

mod lines;
mod read;
mod write;

pub(crate) use lines::LineReader;
pub use read::{
    MAX_LINE, ParseError, ParseErrorKind, Reader, Record, parse_row, read_all, read_one,
};
pub use write::{marks_to_string, to_string, write_grid, write_marks};

use std::fmt;
use std::str::FromStr;

/// A text shape for a puzzle or a solution.
///
/// ```
/// use sudoku_engine::format::Format;
/// assert_eq!("pretty".parse::<Format>(), Ok(Format::Pretty));
/// assert_eq!(Format::MarksGrid.to_string(), "marks-grid");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// 9 lines of 9 space-separated digits, 0 for a blank (the Baekjoon 2580 format).
    Grid,
    /// 9 lines of 9 characters, `0` or `.` for a blank.
    Rows,
    /// 81 characters on one line, `0`, `.` or `_` for a blank.
    Line,
    /// Project Euler 96: a `Grid NN` header, then 9 rows of 9 digits.
    Euler,
    /// Rows drawn with `|` between boxes and `------+-------+------` between
    /// bands. Reading, a cell may be written as its candidates (`1679`), as
    /// `sudoku marks --compact` prints them: the puzzle is then pencil marks.
    Pretty,
    /// Pencil marks as one 729-character line (Sudoku Explainer's and
    /// tdoku's "sukaku" form): for each cell in reading order, 9 places,
    /// place `d` holding `d` when `d` is a candidate and `.` or `0` when
    /// not; a cell with one candidate holds that digit.
    Marks,
    /// Pencil marks drawn as `sudoku marks` draws them: each cell a 3x3
    /// block of its candidates (`.` for one crossed out), a placed digit
    /// as `(5)`, rows and columns labelled, boxes framed.
    MarksGrid,
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 7] = [
        Format::Grid,
        Format::Rows,
        Format::Line,
        Format::Euler,
        Format::Pretty,
        Format::Marks,
        Format::MarksGrid,
    ];

    /// The name used on the command line (`grid`, `rows`, ...).
    ///
    /// ```
    /// assert_eq!(sudoku_engine::format::Format::Euler.name(), "euler");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Rows => "rows",
            Format::Line => "line",
            Format::Euler => "euler",
            Format::Pretty => "pretty",
            Format::Marks => "marks",
            Format::MarksGrid => "marks-grid",
        }
    }

    /// Whether one puzzle spans several lines.
    ///
    /// ```
    /// use sudoku_engine::format::Format;
    /// assert!(Format::Pretty.is_multiline() && !Format::Marks.is_multiline());
    /// ```
    pub fn is_multiline(self) -> bool {
        !matches!(self, Format::Line | Format::Marks)
    }

    /// Whether the format writes pencil marks.
    ///
    /// ```
    /// use sudoku_engine::format::Format;
    /// assert!(Format::MarksGrid.is_marks() && !Format::Line.is_marks());
    /// ```
    pub fn is_marks(self) -> bool {
        matches!(self, Format::Marks | Format::MarksGrid)
    }

    /// The names of every format, as a list for messages: `grid, rows, ...
    /// or marks-grid`.
    ///
    /// ```
    /// use sudoku_engine::format::Format;
    /// assert!(Format::names().ends_with("marks or marks-grid"));
    /// ```
    pub fn names() -> String {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!(
            "{} or {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        )
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a format name that is not one of [`Format::ALL`].
///
/// ```
/// let err = "csv".parse::<sudoku_engine::format::Format>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown format 'csv' (expected grid, rows,"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}' (expected {names})", names = Format::names())]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>().unwrap(), f);
        }
        assert!("json".parse::<Format>().is_err());
    }
}
