//! Text formats: reading puzzles the way people write them, and writing grids
//! back in the same shape or another.
//!
//! | format | shape |
//! |---|---|
//! | `grid` | 9 lines of 9 space-separated digits, 0 for a blank (Baekjoon 2580) |
//! | `rows` | 9 lines of 9 characters, `0` or `.` for a blank |
//! | `line` | 81 characters on one line; one puzzle per line in a batch |
//! | `euler` | Project Euler 96: a `Grid NN` header, then 9 rows |
//! | `pretty` | rows with `|` between boxes and `------+-------+------` between bands |
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

mod read;
mod write;

pub use read::{MAX_LINE, ParseError, ParseErrorKind, Reader, Record, parse_row, read_all};
pub use write::{to_string, write_grid};

use std::fmt;
use std::str::FromStr;

/// A text shape for a puzzle or a solution.
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
    /// Rows drawn with `|` between boxes and `------+-------+------` between bands.
    Pretty,
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 5] = [
        Format::Grid,
        Format::Rows,
        Format::Line,
        Format::Euler,
        Format::Pretty,
    ];

    /// The name used on the command line (`grid`, `rows`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Rows => "rows",
            Format::Line => "line",
            Format::Euler => "euler",
            Format::Pretty => "pretty",
        }
    }

    /// Whether one puzzle spans several lines.
    pub fn is_multiline(self) -> bool {
        self != Format::Line
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a format name that is not one of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown format '{0}' (expected grid, rows, line, euler or pretty)")]
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
