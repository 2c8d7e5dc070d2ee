//! The Sudoku engine: the grid and its geometry, reading and writing every
//! common text format, and solving and counting.
//!
//! ```
//! use sudoku_engine::{Grid, format::{self, Format}, solver::Uniqueness};
//!
//! let puzzle: Grid = "
//!     003020600
//!     900305001
//!     001806400
//!     008102900
//!     700000008
//!     006708200
//!     002609500
//!     800203009
//!     005010300".parse().unwrap();
//! let Uniqueness::Unique(solution) = puzzle.uniqueness() else { panic!() };
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(&format::to_string(&solution, Format::Rows)[..9], "483921657");
//! ```
//!
//! The geometry is typed: [`Cell`] (`r3c5`), [`Digit`], [`House`] (`row 3`,
//! `column 5`, `b5`), and sets of them ([`CellSet`], [`DigitSet`]); every
//! other crate of the toolkit names cells and houses through these.

#![warn(missing_docs)]

pub mod format;
pub mod grid;
pub mod report;
pub mod sizes;
pub mod solver;

pub use grid::{
    Cell, CellSet, Conflict, Digit, DigitSet, Grid, House, HouseKind, PencilMarks, cell_name,
};
pub use solver::Uniqueness;
