//! Sudoku variants: jigsaw, killer, X, windoku, disjoint groups,
//! anti-knight, anti-king, non-consecutive, thermometers, arrows,
//! odd/even cells, kropki dots, XV marks, whispers, renban and
//! palindrome lines, little killers, sandwich sums and quadruples, on
//! grids from 1x1 to 16x16.
//!
//! A [`Puzzle`] is a grid's side, its givens, the [`Regions`] that tile it
//! and a list of [`Constraint`]s; [`Puzzle::violation`] checks a grid
//! against every rule, and [`solve`] and [`count_solutions`] search it.
//! [`fpuzzles`] and [`text`] read and write puzzles; [`input`] tells a
//! front end whether an input holds variant puzzles and cuts a file of
//! them into puzzles, and [`report`] gives what the commands print.
//! [`logic`] solves them step by step, as a person would, and explains
//! each step.
//!
//! ```
//! use sudoku_variants::{self as variants, Constraint, Puzzle};
//!
//! // An empty 4x4 grid with both diagonals and a thermometer.
//! let mut puzzle = Puzzle::classic(4).unwrap();
//! for diagonal in Constraint::diagonals(4) {
//!     puzzle.add(diagonal).unwrap();
//! }
//! puzzle.add(Constraint::Thermometer { cells: vec![0, 1, 2, 3] }).unwrap();
//! let solution = variants::solve(&puzzle).unwrap();
//! assert!(puzzle.is_solution(&solution));
//! assert_eq!(&solution[..4], &[1, 2, 3, 4]);
//! ```

#![warn(missing_docs)]

pub mod fpuzzles;
pub mod input;
pub mod logic;
mod puzzle;
pub mod report;
mod rules;
mod rules_text;
mod solver;
mod sudokupad;
pub mod text;

pub use fpuzzles::FpuzzlesError;
pub use input::looks_like_variant;
pub use puzzle::{
    CellIndex, Constraint, Direction, DistinctKind, LineKind, MAX_SIZE, Puzzle, PuzzleError,
    Regions, Relation, RowOrColumn,
};
pub use rules::Violation;
pub use solver::{
    Search, Uniqueness, count_solutions, search, search_excluding, search_within, solve, uniqueness,
};
