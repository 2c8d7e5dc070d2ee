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
//! The solver tries the techniques in Sudoku Explainer's order (its rating
//! order) and takes the first step found. Ratings are SE's; a `+` marks a
//! technique whose steps may rate higher: chains add SE's length bonus of
//! 0.1 each time the chain passes 4, 6, 8, 12, 16, 24, 32, ... potentials
//! (candidates assumed true or false). This table is
//! [`Technique::base_rating`]'s (a test checks they agree); "extra"
//! techniques are not in SE and only used with
//! [`Solver::with_extra_techniques`].
//!
//! | rating | technique | notes |
//! |---|---|---|
//! | 1.0 | Full House | the last empty cell of a row, column or box |
//! | 1.2 | Hidden Single | in a box |
//! | 1.5 | Hidden Single | in a row or column |
//! | 1.7 | Direct Pointing | a pointing that leaves a hidden single at once |
//! | 1.9 | Direct Claiming | a claiming that leaves a hidden single at once |
//! | 2.0 | Direct Hidden Pair | a hidden pair that leaves a hidden single at once |
//! | 2.3 | Naked Single | |
//! | 2.5 | Direct Hidden Triple | a hidden triple that leaves a hidden single at once |
//! | 2.6 | Pointing | |
//! | 2.8 | Claiming | |
//! | 3.0 | Naked Pair | |
//! | 3.2 | X-Wing | |
//! | 3.4 | Hidden Pair | |
//! | 3.4 | Finned X-Wing | extra (see below); also sashimi |
//! | 3.6 | Naked Triple | |
//! | 3.8 | Swordfish | |
//! | 4.0 | Hidden Triple | |
//! | 4.0 | Finned Swordfish | extra; also sashimi |
//! | 4.2 | XY-Wing | |
//! | 4.4 | XYZ-Wing | |
//! | 4.5 | Unique Rectangle Type 1, Unique Rectangle Type 2, Unique Rectangle Type 4 | uniqueness |
//! | 4.6+ | Unique Rectangle Type 3 | uniqueness; +0.1 for each digit of the naked or hidden set past two |
//! | 4.6+ | Unique Loop | uniqueness; loops of 6 cells (4.6), 8 (4.7), 10 or more (5.0), types as for rectangles |
//! | 5.0 | Naked Quad | |
//! | 5.2 | Jellyfish | |
//! | 5.4 | Hidden Quad | |
//! | 5.4 | Finned Jellyfish | extra; also sashimi |
//! | 5.6 | BUG+1 | uniqueness |
//! | 5.7 | BUG Type 2, BUG Type 4 | uniqueness |
//! | 5.8+ | BUG Type 3 | uniqueness; +0.1 for each digit of the naked set past two |
//! | 5.8 | ALS-XZ | extra |
//! | 6.2 | Aligned Pair Exclusion | |
//! | 6.5+ | X-Cycle, XY-Cycle | continuous loops of one digit or of bivalue cells |
//! | 6.6+ | X-Chain | named Skyscraper, 2-String Kite or Turbot Fish at its shortest (6.6) |
//! | 6.6 | Skyscraper, 2-String Kite, Turbot Fish | |
//! | 7.0+ | XY-Chain, AIC, AIC Loop | |
//! | 7.1 | W-Wing | an AIC of that shape |
//! | 7.5+ | Nishio Forcing Chain | |
//! | 8.0+ | Cell Forcing Chain, Region Forcing Chain | |
//! | 8.5+ | Dynamic Contradiction Forcing Chain, Dynamic Double Forcing Chain, Dynamic Cell Forcing Chain, Dynamic Region Forcing Chain | |
//! | 9.0+ | Dynamic Contradiction Forcing Chain (+), Dynamic Double Forcing Chain (+), Dynamic Cell Forcing Chain (+), Dynamic Region Forcing Chain (+) | the same using intersections, pairs and X-Wings on the way (SE's "(+)") |
//! | 9.5+ | Nested Forcing Chain | dynamic chains that use X/XY-chains (9.5), cell and region chains (10.0) or dynamic chains (10.5) on the way |
//!
//! Uniqueness techniques (unique rectangles, BUG) assume the puzzle has a
//! single solution: [`solve_path`] and [`hint`] check that first; turn them
//! off with [`Solver::with_uniqueness`].
//!
//! # Difficulty labels
//!
//! A rating's label (easy, medium, hard, expert, extreme): see the table of
//! [`Difficulty`], whose bands [`Difficulty::range`] gives.
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
mod difficulty;
mod hint;
mod position;
pub mod records;
pub mod sizes;
mod solver;
mod step;
mod technique;
pub mod techniques;

pub use candidates::Candidates;
pub use difficulty::Difficulty;
pub use hint::{Hint, HintLevel, HintOutcome, HintStatus, Mistake};
pub use position::{NoPath, Position, logical_path};
pub use records::{HintRecord, RatingRecord, StepRecord};
pub use solver::{Path, Rating, Solver, Stopped};
pub use step::{Candidate, Step};
pub use technique::Technique;

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
///
/// ```
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let path = sudoku_logic::solve_path(&grid);
/// assert!(path.solved);
/// ```
pub fn solve_path(grid: &Grid) -> Path {
    Solver::default().solve_path(grid)
}

/// The puzzle's rating on the Sudoku Explainer scale; see [`Solver::rate`].
///
/// ```
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let r = sudoku_logic::rate(&grid);
/// assert_eq!((r.value, r.difficulty.name()), (1.2, "easy"));
/// ```
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
