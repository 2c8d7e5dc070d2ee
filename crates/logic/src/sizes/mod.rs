//! Human-style solving for grids of every shape (4x4 with 2x2 boxes, 6x6,
//! ... 16x16, 25x25): pencil marks, steps, paths, hints and pencil-mark
//! text, on the engine's [`SizedGrid`](sudoku_engine::sizes::SizedGrid).
//!
//! The techniques are the 9x9 solver's that need nothing of the 9x9 grid,
//! generalised: the same search order, the same sentences (with cells,
//! houses and digits of any size: `r10c12`, `b16`, `r2c3=12`), and the same
//! ratings, taken from [`Technique`](crate::Technique)'s table. On a 9x9
//! grid the solver takes the same steps as the 9x9 one does with those
//! techniques alone (a test checks it).
//!
//! ```
//! use sudoku_engine::sizes::{self, Shape, SizedGrid, Symbols};
//! use sudoku_logic::sizes::{hint, next_step, solve_path, SizedCandidates};
//! use sudoku_logic::HintLevel;
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
//! let path = solve_path(&puzzle);
//! assert!(path.solved);
//! for step in &path.steps {
//!     // "Hidden Single (1.2): In b1, 1 can only go in r2c3, so r2c3=1."
//!     let _line = step.to_string();
//! }
//! let marks = SizedCandidates::from_grid(&puzzle);
//! assert_eq!(next_step(&marks).as_ref(), path.steps.first());
//! assert!(marks.render(Symbols::Default).contains("(3)"));
//! assert!(hint(&puzzle, None).message(HintLevel::Nudge).starts_with("Look for a"));
//! ```
//!
//! # Techniques and ratings
//!
//! The solver tries these techniques in this order (the 9x9 solver's, see
//! the crate documentation) and takes the first step found; a path's
//! rating is its hardest step. This table is [`TECHNIQUES`] with
//! [`Technique::base_rating`](crate::Technique::base_rating) (a test checks
//! they agree).
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
//! | 2.6 | Pointing | a box's digit confined to one row or column |
//! | 2.8 | Claiming | a row's or column's digit confined to one box |
//! | 3.0 | Naked Pair | |
//! | 3.2 | X-Wing | |
//! | 3.4 | Hidden Pair | |
//! | 3.6 | Naked Triple | |
//! | 3.8 | Swordfish | |
//! | 4.0 | Hidden Triple | |
//! | 4.2 | XY-Wing | a pivot of two candidates, two bivalue pincers it sees |
//! | 4.4 | XYZ-Wing | the same with a pivot of three |
//! | 5.0 | Naked Quad | |
//! | 5.2 | Jellyfish | |
//! | 5.4 | Hidden Quad | |
//! | 6.5 | X-Cycle, XY-Cycle | a loop of a digit's links, or of bivalue cells; plus a length bonus |
//! | 6.6 | Skyscraper, 2-String Kite, Turbot Fish | a digit's chain of two strong links |
//! | 6.6 | X-Chain | a digit's longer chain; plus a length bonus |
//! | 7.0 | XY-Chain | a chain of bivalue cells; plus a length bonus |
//! | 7.0 | AIC, AIC Loop | 9x9 only |
//! | 7.1 | W-Wing | two cells with the same pair of digits and a digit's strong link between them; rated as the AIC of that shape (7.0 plus a length bonus) |
//!
//! **The scale.** These are the ratings of the Sudoku Explainer (SE)
//! scale, but that scale is defined on 9x9 only: on other sizes they rank
//! the techniques in the same order and make paths comparable with each
//! other, not with SE ratings of 9x9 puzzles (a hidden single is harder to
//! spot among 25 digits than among 9). Chains are rated as Sudoku
//! Explainer rates them: the base rating plus a bonus for length (0.1
//! from 5 links' ends, 0.2 from 7, 0.3 from 9, 0.4 from 13, ...). Among
//! the chains of a position the step takes the one of lowest rating, then
//! the shortest. On 9x9 the chain search is the 9x9 solver's (Sudoku
//! Explainer's own, with W-Wings and AICs too, and one victim of a chain
//! at a time), so that the two solvers take the same steps there.
//! Uniqueness techniques, finned fish, ALS, AICs of other shapes and
//! forcing chains are not used on other sizes; a puzzle that needs
//! them stops with [`SizedStopped::NoTechnique`].
//!
//! # Pencil marks as text
//!
//! [`SizedCandidates::render`] draws each cell as a block shaped like a
//! box (4 lines of 4 characters on 16x16), placed digits as `(G)`; it is
//! the readable one for 16x16. [`SizedCandidates::render_compact`] writes
//! one line per row. Both take an alphabet
//! ([`Symbols`](sudoku_engine::sizes::Symbols)) for the digits.

mod candidates;
mod chains;
mod render;
mod solver;
mod step;
mod techniques;

pub use candidates::SizedCandidates;
pub use solver::{
    SizedHint, SizedMistake, SizedPath, SizedStopped, TECHNIQUES, hint, hint_marks, next_step,
    solve_path, solve_path_from,
};
pub use step::SizedStep;

#[cfg(test)]
mod tests;
