//! Solving and counting.
//!
//! The functions here are the whole interface the rest of the toolkit uses;
//! the engine behind them can change without touching its callers.
//! [`reference`] is a plain solver kept to check the engine against.

pub mod reference;

use crate::grid::Grid;

/// How many solutions a puzzle has, with one of them when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution (this includes puzzles whose givens clash).
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more; the solution [`solve`] would return.
    Multiple(Grid),
}

/// One solution of a puzzle, or `None` when it has none. When a puzzle has
/// several, which one is returned is fixed for a given puzzle.
///
/// ```
/// use sudoku_engine::{Grid, solver};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let solution = solver::solve(&puzzle).unwrap();
/// assert!(solution.is_solution_of(&puzzle));
/// ```
pub fn solve(grid: &Grid) -> Option<Grid> {
    reference::solve(grid)
}

/// The number of solutions, counting no further than `limit`.
///
/// ```
/// use sudoku_engine::{Grid, solver};
/// assert_eq!(solver::count_solutions(&Grid::empty(), 100), 100);
/// ```
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    reference::count(grid, limit).0
}

/// Whether a puzzle has no solution, one, or several.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Uniqueness}};
/// assert!(matches!(solver::uniqueness(&Grid::empty()), Uniqueness::Multiple(_)));
/// ```
pub fn uniqueness(grid: &Grid) -> Uniqueness {
    match reference::count(grid, 2) {
        (0, _) => Uniqueness::None,
        (1, Some(s)) => Uniqueness::Unique(s),
        (_, Some(s)) => Uniqueness::Multiple(s),
        (_, None) => unreachable!("a count above zero comes with a solution"),
    }
}

impl Grid {
    /// One solution; see [`solve`].
    pub fn solve(&self) -> Option<Grid> {
        solve(self)
    }

    /// The number of solutions up to `limit`; see [`count_solutions`].
    pub fn count_solutions(&self, limit: usize) -> usize {
        count_solutions(self, limit)
    }

    /// No solution, one, or several; see [`uniqueness`].
    pub fn uniqueness(&self) -> Uniqueness {
        uniqueness(self)
    }
}
