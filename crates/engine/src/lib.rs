//! The Sudoku engine: the grid, reading and writing every common text
//! format, and solving and counting.
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

pub mod format;
pub mod grid;
pub mod solver;

pub use grid::{Conflict, Grid, cell_name};
pub use solver::Uniqueness;
