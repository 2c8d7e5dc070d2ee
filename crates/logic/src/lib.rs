//! Human-style solving: techniques, hints and ratings.
//!
//! A logical solver over pencil marks that applies one technique at a time,
//! always the easiest available, and rates puzzles on the Sudoku Explainer
//! (SE) scale: a puzzle's rating is the hardest step on that path.
//!
//! ```
//! use sudoku_engine::Grid;
//! use sudoku_logic::{rate, solve_path, Candidates, Difficulty};
//!
//! let puzzle: Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
//!     .parse().unwrap();
//! let path = solve_path(&puzzle);
//! assert!(path.solved);
//! for step in &path.steps {
//!     // "X-Wing (3.2): In c2, c8, 5 can only go in r3, r8, ..."
//!     let _line = format!("{step}");
//!     // Everything a JSON record needs is a public field:
//!     let _ = (step.technique.name(), step.rating, &step.placements, &step.eliminations, &step.explanation);
//! }
//! let r = rate(&puzzle);
//! assert_eq!((r.value, r.difficulty), (3.2, Difficulty::Hard));
//! assert_eq!(r.technique_name(), "X-Wing");
//!
//! // The pencil-mark grid for a terminal.
//! let marks = Candidates::from_grid(&puzzle);
//! assert!(marks.render().contains("(4)"));
//! ```
//!
//! # Techniques and ratings
//!
//! The solver tries the techniques in this order (Sudoku Explainer's) and
//! takes the first step found. Ratings are SE's; chains add SE's length
//! bonus of 0.1 each time the chain passes 4, 6, 8, 12, 16, 24, 32, ...
//! potentials (candidates assumed true or false).
//!
//! | rating | technique |
//! |---|---|
//! | 1.0 | Full House (last empty cell of a unit) |
//! | 1.2 / 1.5 | Hidden Single in a box / in a row or column |
//! | 1.7 / 1.9 | Direct Pointing / Direct Claiming (leaves a hidden single) |
//! | 2.0 | Direct Hidden Pair (leaves a hidden single) |
//! | 2.3 | Naked Single |
//! | 2.5 | Direct Hidden Triple |
//! | 2.6 / 2.8 | Pointing / Claiming |
//! | 3.0, 3.6, 5.0 | Naked Pair, Triple, Quad |
//! | 3.2, 3.8, 5.2 | X-Wing, Swordfish, Jellyfish |
//! | 3.4, 4.0, 5.4 | Hidden Pair, Triple, Quad |
//! | 4.2 / 4.4 | XY-Wing / XYZ-Wing |
//! | 4.5-4.8 | Unique Rectangle types 1, 2, 4 (4.5) and 3 (4.6 and up with the set size) |
//! | 5.6-6.0 | BUG+1 (5.6), BUG types 2 and 4 (5.7), type 3 (5.8 and up) |
//! | 6.2 | Aligned Pair Exclusion |
//! | 6.5+ | X-Cycle, XY-Cycle (loops of one digit or of bivalue cells) |
//! | 6.6+ | X-Chain; named Skyscraper, 2-String Kite or Turbot Fish at its shortest (6.6) |
//! | 7.0+ | XY-Chain, AIC, AIC loop (W-Wing: 7.1) |
//! | 7.5+ | Nishio Forcing Chain |
//! | 8.0+ | Cell and Region Forcing Chains |
//! | 8.5+ | Dynamic Contradiction, Double, Cell and Region Forcing Chains |
//! | 9.0+ | the same, also using intersections, pairs and X-Wings (SE's "(+)") |
//!
//! Uniqueness techniques (unique rectangles, BUG) assume the puzzle has a
//! single solution: [`solve_path`] and [`hint`] check that first; turn them
//! off with [`Solver::with_uniqueness`].
//!
//! # Difficulty labels
//!
//! See [`Difficulty`]: easy 1.0-1.5, medium 1.6-2.9, hard 3.0-4.4, expert
//! 4.5-7.4, extreme 7.5 and up.
//!
//! # Where logic stops
//!
//! A path ends with [`Stopped::NoTechnique`] when none of the techniques
//! above applies (some of the very hardest puzzles need SE's nested forcing
//! chains); [`Path::final_state`] holds the pencil marks reached.

// Cells, units and digits are indices into several tables at once; index
// loops read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]
#![warn(missing_docs)]

mod candidates;
mod hint;
mod position;
pub mod records;
mod solver;
mod step;
pub mod techniques;

pub use candidates::Candidates;
pub use hint::{Hint, HintLevel, HintOutcome, HintStatus, Mistake};
pub use position::{NoPath, Position, logical_path};
pub use records::{HintRecord, RatingRecord, StepRecord};
pub use solver::{Difficulty, Path, Rating, Solver, Stopped};
pub use step::{Candidate, Step, Technique};

use sudoku_engine::Grid;

/// The easiest step available in a position; see [`Solver::next_step`].
///
/// ```
/// use sudoku_logic::{next_step, Candidates};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let mut marks = Candidates::from_grid(&grid);
/// while let Some(step) = next_step(&marks) {
///     marks.apply(&step);
/// }
/// assert!(marks.is_solved());
/// ```
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
///
/// ```
/// use sudoku_logic::{rate_up_to, Stopped};
/// // Needs forcing chains (SE 7.1): more than 4.4, known without finding them.
/// let hard: sudoku_engine::Grid =
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///         .parse().unwrap();
/// let r = rate_up_to(&hard, 4.4);
/// assert_eq!(r.stopped, Some(Stopped::CapExceeded));
/// assert!(r.value > 4.4);
/// ```
pub fn rate_up_to(grid: &Grid, max: f64) -> Rating {
    Solver::default().rate_up_to(grid, max)
}

/// The next step for a player's grid; see [`Solver::hint`].
///
/// ```
/// use sudoku_logic::{hint, HintOutcome};
/// let givens: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let mut progress = givens;
/// progress.set(0, 0, Some(5)); // the solution has 4 there
/// let outcome = hint(&progress, Some(&givens));
/// assert_eq!(outcome.to_string(), "r1c1 is 5, but the solution has 4.");
/// assert!(matches!(hint(&givens, None), HintOutcome::Step { .. }));
/// ```
///
/// A player's pencil marks are read from [`sudoku_engine::PencilMarks`]
/// with [`Solver::hint_marks`].
pub fn hint(current: &Grid, givens: Option<&Grid>) -> HintOutcome {
    Solver::default().hint(current, givens)
}
