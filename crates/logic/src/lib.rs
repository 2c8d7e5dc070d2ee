//! Human-style solving: techniques, hints and ratings.

// Cells, units and digits are indices into several tables at once; index
// loops read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

mod bits;
mod candidates;
mod solver;
mod step;
pub mod techniques;

pub use candidates::Candidates;
pub use solver::{Difficulty, HintOutcome, Path, Rating, Solver, Stopped};
pub use step::{Candidate, Step, Technique, cell_name, unit_name};

use sudoku_engine::Grid;

/// The easiest step available in a position; see [`Solver::next_step`].
pub fn next_step(c: &Candidates) -> Option<Step> {
    Solver::default().next_step(c)
}

/// Every step from the puzzle to the end; see [`Solver::solve_path`].
pub fn solve_path(grid: &Grid) -> Path {
    Solver::default().solve_path(grid)
}

/// The puzzle's rating on the Sudoku Explainer scale; see [`Solver::rate`].
pub fn rate(grid: &Grid) -> Rating {
    Solver::default().rate(grid)
}

/// The rating, stopping early above `max`; see [`Solver::rate_up_to`].
pub fn rate_up_to(grid: &Grid, max: f64) -> Rating {
    Solver::default().rate_up_to(grid, max)
}

/// The next step for a player's grid; see [`Solver::hint`].
pub fn hint(current: &Grid, givens: Option<&Grid>) -> HintOutcome {
    Solver::default().hint(current, givens)
}
