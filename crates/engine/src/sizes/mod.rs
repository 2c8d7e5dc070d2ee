//! Grids of every size: N x N cells in boxes of R x C cells (4x4 with 2x2
//! boxes, 6x6 with 2x3, ... 16x16, 25x25, up to 64x64), their reading and
//! writing, and an engine that solves and counts them.
//!
//! The classic 9x9 grid has its own types ([`Grid`](crate::Grid)) and SIMD
//! engine ([`solver`](crate::solver)); a 9x9 [`SizedGrid`] converts to and
//! from a [`Grid`](crate::Grid), and this module's engine agrees with the
//! SIMD one on it (the tests check).
//!
//! ```
//! use sudoku_engine::sizes::{self, Shape, SizedGrid, Uniqueness};
//!
//! let shape = Shape::for_size(6).unwrap(); // 2x3 boxes
//! let puzzle = SizedGrid::from_cells(shape, vec![
//!     0, 0, 3, 0, 1, 0,
//!     5, 6, 0, 3, 2, 0,
//!     0, 5, 4, 2, 0, 3,
//!     2, 0, 6, 4, 5, 0,
//!     0, 1, 2, 0, 4, 5,
//!     0, 4, 0, 1, 0, 0,
//! ]).unwrap();
//! let Uniqueness::Unique(solution) = sizes::uniqueness(&puzzle) else { panic!() };
//! assert!(solution.is_solution_of(&puzzle));
//! ```

pub mod format;
mod grid;
mod learning;
pub mod reference;
mod shape;
mod solver;

pub use grid::{SizedConflict, SizedGrid, Symbols};
pub use shape::{Geometry, Shape, ShapeError};
pub use solver::{
    SizedSearch, Strategy, search, search_excluding, search_near, search_using, search_within,
};

/// How many solutions a grid of any shape has, with one of them when there
/// is one.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid, Uniqueness};
/// let open = SizedGrid::empty(Shape::for_size(12).unwrap());
/// assert!(matches!(sizes::uniqueness(&open), Uniqueness::Multiple(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution (this includes grids whose givens clash).
    None,
    /// Exactly one solution.
    Unique(SizedGrid),
    /// Two or more; the solution [`solve`] returns.
    Multiple(SizedGrid),
}

/// One solution, or `None` when there is none.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let puzzle = SizedGrid::empty(Shape::for_size(25).unwrap());
/// assert!(sizes::solve(&puzzle).unwrap().is_solution_of(&puzzle));
/// ```
pub fn solve(grid: &SizedGrid) -> Option<SizedGrid> {
    search(grid, 1).solution
}

/// The number of solutions, counting no further than `limit`.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// assert_eq!(sizes::count_solutions(&SizedGrid::empty(Shape::for_size(4).unwrap()), 1000), 288);
/// ```
pub fn count_solutions(grid: &SizedGrid, limit: usize) -> usize {
    search(grid, limit).count
}

/// Whether a grid has no solution, one, or several.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid, Uniqueness};
/// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
/// grid.set(0, 0, Some(1));
/// grid.set(0, 1, Some(1));
/// assert_eq!(sizes::uniqueness(&grid), Uniqueness::None);
/// ```
pub fn uniqueness(grid: &SizedGrid) -> Uniqueness {
    let found = search(grid, 2);
    match (found.count, found.solution) {
        (0, _) => Uniqueness::None,
        (1, Some(s)) => Uniqueness::Unique(s),
        (_, Some(s)) => Uniqueness::Multiple(s),
        (_, None) => unreachable!("a count above zero comes with a solution"),
    }
}
