//! Solving and counting.
//!
//! The functions here are the whole interface the rest of the toolkit uses;
//! the engine behind them can change without touching its callers.
//! [`reference`](mod@reference) is a plain solver kept to check the engine against.

pub mod fast;
mod lanes;
pub mod reference;
mod tables;

use crate::grid::{CELLS, DigitSet, Grid};
use std::sync::atomic::{AtomicU8, Ordering};

/// How many solutions a puzzle has, with one of them when there is one.
///
/// ```
/// use sudoku_engine::{Grid, Uniqueness};
/// let Uniqueness::Multiple(one) = Grid::empty().uniqueness() else { panic!() };
/// assert!(one.is_solution_of(&Grid::empty()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution (this includes puzzles whose givens clash).
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more; the solution [`solve`] would return.
    Multiple(Grid),
}

/// A compiled path of the engine. Every path runs the same steps in the same
/// order, so all give the same answers; they differ only in the instructions
/// they may use. [`Backend::best`] is what the plain functions use.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Backend}};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let expected = solver::solve_with(Backend::Portable, &puzzle).unwrap();
/// for backend in Backend::available() {
///     assert_eq!(solver::solve_with(backend, &puzzle), Some(expected));
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    /// Baseline instructions of the target; runs everywhere.
    Portable,
    /// x86-64 with SSE4.1 and POPCNT.
    Sse41,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT.
    Avx2,
}

impl Backend {
    /// Every backend, fastest last.
    pub const ALL: [Backend; 3] = [Backend::Portable, Backend::Sse41, Backend::Avx2];

    /// Whether this CPU can run the backend.
    ///
    /// ```
    /// assert!(sudoku_engine::solver::Backend::Portable.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        match self {
            Backend::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Sse41 => {
                std::is_x86_feature_detected!("sse4.1") && std::is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => {
                std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("bmi1")
                    && std::is_x86_feature_detected!("bmi2")
                    && std::is_x86_feature_detected!("popcnt")
                    && std::is_x86_feature_detected!("lzcnt")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The backends this CPU can run, fastest last.
    ///
    /// ```
    /// use sudoku_engine::solver::Backend;
    /// assert_eq!(Backend::available()[0], Backend::Portable);
    /// ```
    pub fn available() -> Vec<Backend> {
        Backend::ALL
            .into_iter()
            .filter(|b| b.is_available())
            .collect()
    }

    /// The fastest backend this CPU can run, detected once and cached.
    ///
    /// ```
    /// use sudoku_engine::solver::Backend;
    /// assert_eq!(Some(&Backend::best()), Backend::available().last());
    /// ```
    pub fn best() -> Backend {
        static BEST: AtomicU8 = AtomicU8::new(u8::MAX);
        match BEST.load(Ordering::Relaxed) {
            0 => Backend::Portable,
            1 => Backend::Sse41,
            2 => Backend::Avx2,
            _ => {
                let best = *Backend::available()
                    .last()
                    .expect("portable is always there");
                BEST.store(best as u8, Ordering::Relaxed);
                best
            }
        }
    }
}

/// What one search found.
///
/// ```
/// use sudoku_engine::{Grid, solver};
/// let found = solver::search(&Grid::empty(), 3);
/// assert_eq!(found.count, 3);
/// assert!(found.solution.is_some() && found.guesses > 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Search {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found (the one [`solve`] returns).
    pub solution: Option<Grid>,
    /// Guesses made: branch points of the search, a measure of how hard the
    /// puzzle was for the engine. Past a budget of 20,000 guesses (plus 4
    /// per solution asked for) the engine hands the search to the
    /// [`reference`](mod@reference) solver, which finishes it; `guesses`
    /// then counts the engine's guesses up to that point.
    pub guesses: u64,
}

/// Searches for up to `limit` solutions on a given backend, counting the
/// guesses made. Everything else in this module is built on it.
///
/// # Panics
/// When the backend is not available on this CPU (see [`Backend::is_available`]).
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Backend}};
/// let found = solver::search_with(Backend::best(), &Grid::empty(), 2);
/// assert_eq!(found.count, 2);
/// assert!(found.solution.unwrap().is_solution_of(&Grid::empty()));
/// ```
pub fn search_with(backend: Backend, grid: &Grid, limit: usize) -> Search {
    run(backend, grid.cells(), limit)
}

/// The fast engine on `backend`, from a grid or from candidates.
#[inline(always)]
fn run<S: fast::Start>(backend: Backend, start: &S, limit: usize) -> Search {
    let mut ctx = fast::Ctx::new(limit);
    if limit > 0 {
        match backend {
            Backend::Portable => fast::search_portable(start, &mut ctx),
            #[cfg(target_arch = "x86_64")]
            Backend::Sse41 => {
                assert!(
                    backend.is_available(),
                    "{backend:?} is not available on this CPU"
                );
                // SAFETY: the CPU has SSE4.1 and POPCNT (checked above).
                unsafe { fast::x86::search_sse41(start, &mut ctx) }
            }
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => {
                assert!(
                    backend.is_available(),
                    "{backend:?} is not available on this CPU"
                );
                // SAFETY: the CPU has every feature the path enables (checked above).
                unsafe { fast::x86::search_avx2(start, &mut ctx) }
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => panic!("{backend:?} is not available on this CPU"),
        }
    }
    if ctx.gave_up() {
        // Rare (no benchmark puzzle comes near the budget): the reference's
        // guesses reach a house that cannot be filled where ours wander.
        let (count, solution) = start.reference(limit);
        return Search {
            count,
            solution,
            guesses: ctx.guesses,
        };
    }
    Search {
        count: ctx.count,
        solution: (ctx.count > 0).then(|| Grid::from_cells(ctx.solution).expect("digits 1-9")),
        guesses: ctx.guesses,
    }
}

/// [`search_with`] on the fastest backend.
///
/// ```
/// use sudoku_engine::{Grid, solver};
/// let found = solver::search(&Grid::empty(), 1);
/// assert_eq!((found.count, found.guesses > 0), (1, true));
/// ```
pub fn search(grid: &Grid, limit: usize) -> Search {
    search_with(Backend::best(), grid, limit)
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
    search(grid, 1).solution
}

/// [`solve`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Backend}};
/// assert!(solver::solve_with(Backend::Portable, &Grid::empty()).is_some());
/// ```
pub fn solve_with(backend: Backend, grid: &Grid) -> Option<Grid> {
    search_with(backend, grid, 1).solution
}

/// The number of solutions, counting no further than `limit`.
///
/// ```
/// use sudoku_engine::{Grid, solver};
/// assert_eq!(solver::count_solutions(&Grid::empty(), 100), 100);
/// ```
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    search(grid, limit).count
}

/// [`count_solutions`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Backend}};
/// assert_eq!(solver::count_solutions_with(Backend::Portable, &Grid::empty(), 3), 3);
/// ```
pub fn count_solutions_with(backend: Backend, grid: &Grid, limit: usize) -> usize {
    search_with(backend, grid, limit).count
}

/// Whether a puzzle has no solution, one, or several.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Uniqueness}};
/// assert!(matches!(solver::uniqueness(&Grid::empty()), Uniqueness::Multiple(_)));
/// ```
pub fn uniqueness(grid: &Grid) -> Uniqueness {
    uniqueness_with(Backend::best(), grid)
}

/// [`uniqueness`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{Grid, solver::{self, Backend, Uniqueness}};
/// assert_eq!(solver::uniqueness_with(Backend::Portable, &Grid::empty()),
///            solver::uniqueness(&Grid::empty()));
/// ```
pub fn uniqueness_with(backend: Backend, grid: &Grid) -> Uniqueness {
    search_with(backend, grid, 2).uniqueness()
}

impl Search {
    /// What a search for up to 2 solutions says about uniqueness.
    fn uniqueness(self) -> Uniqueness {
        match (self.count, self.solution) {
            (0, _) => Uniqueness::None,
            (1, Some(s)) => Uniqueness::Unique(s),
            (_, Some(s)) => Uniqueness::Multiple(s),
            (_, None) => unreachable!("a count above zero comes with a solution"),
        }
    }
}

/// Searches for up to `limit` solutions that keep to the given candidates
/// (pencil marks, or the 729-character "sukaku" form): every cell holds
/// one of the digits of its set, and the rules hold. A cell whose set has
/// one digit is a placed digit; a cell whose set is empty, or two cells
/// down to the same one digit in a house, leave no solution. A grid's
/// givens as one-digit sets and its blanks as [`DigitSet::ALL`] search
/// exactly like the grid.
///
/// # Panics
/// When the backend is not available on this CPU (see [`Backend::is_available`]).
///
/// ```
/// use sudoku_engine::{Digit, DigitSet, Grid, solver::{self, Backend}};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let mut marks = puzzle.cells().map(|d| match Digit::try_new(d) {
///     Some(d) => DigitSet::single(d),
///     None => DigitSet::ALL,
/// });
/// let found = solver::search_candidates_with(Backend::best(), &marks, 2);
/// assert_eq!(found, solver::search_with(Backend::best(), &puzzle, 2));
/// assert_eq!(found.count, 1);
/// // The puzzle is unique: striking the solution's digit from an open cell
/// // leaves no solution.
/// let solution = found.solution.unwrap();
/// marks[1].remove(Digit::new(solution.cells()[1]));
/// assert_eq!(solver::search_candidates_with(Backend::best(), &marks, 2).count, 0);
/// ```
pub fn search_candidates_with(
    backend: Backend,
    candidates: &[DigitSet; CELLS],
    limit: usize,
) -> Search {
    run(backend, candidates, limit)
}

/// [`search_candidates_with`] on the fastest backend.
///
/// ```
/// use sudoku_engine::{Digit, DigitSet, solver};
/// // Everything open but r1c1, which may only hold 5 or 7.
/// let mut marks = [DigitSet::ALL; 81];
/// marks[0] = [5, 7].into_iter().map(Digit::new).collect();
/// let found = solver::search_candidates(&marks, 1);
/// assert_eq!(found.count, 1);
/// assert!(matches!(found.solution.unwrap().cells()[0], 5 | 7));
/// ```
pub fn search_candidates(candidates: &[DigitSet; CELLS], limit: usize) -> Search {
    search_candidates_with(Backend::best(), candidates, limit)
}

/// One solution that keeps to the candidates (see
/// [`search_candidates_with`]), or `None` when there is none.
///
/// ```
/// use sudoku_engine::{DigitSet, solver};
/// let solution = solver::solve_candidates(&[DigitSet::ALL; 81]).unwrap();
/// assert!(solution.is_complete() && solution.conflict().is_none());
/// let mut marks = [DigitSet::ALL; 81];
/// marks[40] = DigitSet::EMPTY;
/// assert_eq!(solver::solve_candidates(&marks), None);
/// ```
pub fn solve_candidates(candidates: &[DigitSet; CELLS]) -> Option<Grid> {
    search_candidates(candidates, 1).solution
}

/// [`solve_candidates`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{DigitSet, solver::{self, Backend}};
/// let marks = [DigitSet::ALL; 81];
/// assert!(solver::solve_candidates_with(Backend::Portable, &marks).is_some());
/// ```
pub fn solve_candidates_with(backend: Backend, candidates: &[DigitSet; CELLS]) -> Option<Grid> {
    search_candidates_with(backend, candidates, 1).solution
}

/// The number of solutions that keep to the candidates (see
/// [`search_candidates_with`]), counting no further than `limit`.
///
/// ```
/// use sudoku_engine::{Digit, DigitSet, solver};
/// let mut marks = [DigitSet::ALL; 81];
/// assert_eq!(solver::count_candidates(&marks, 10), 10);
/// // Two 4s placed in row 1: no solution.
/// marks[0] = DigitSet::single(Digit::new(4));
/// marks[8] = DigitSet::single(Digit::new(4));
/// assert_eq!(solver::count_candidates(&marks, 10), 0);
/// ```
pub fn count_candidates(candidates: &[DigitSet; CELLS], limit: usize) -> usize {
    search_candidates(candidates, limit).count
}

/// [`count_candidates`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{DigitSet, solver::{self, Backend}};
/// let marks = [DigitSet::ALL; 81];
/// assert_eq!(solver::count_candidates_with(Backend::Portable, &marks, 3), 3);
/// ```
pub fn count_candidates_with(
    backend: Backend,
    candidates: &[DigitSet; CELLS],
    limit: usize,
) -> usize {
    search_candidates_with(backend, candidates, limit).count
}

/// Whether the candidates (see [`search_candidates_with`]) leave no
/// solution, one, or several.
///
/// ```
/// use sudoku_engine::{Digit, DigitSet, Grid, solver::{self, Uniqueness}};
/// let solution = solver::solve(&Grid::empty()).unwrap();
/// // Every cell down to its solution digit but the first row, where each
/// // cell keeps every digit: the row has one way to be completed.
/// let mut marks = solution.cells().map(|d| DigitSet::single(Digit::new(d)));
/// marks[..9].fill(DigitSet::ALL);
/// assert_eq!(solver::uniqueness_candidates(&marks), Uniqueness::Unique(solution));
/// ```
pub fn uniqueness_candidates(candidates: &[DigitSet; CELLS]) -> Uniqueness {
    uniqueness_candidates_with(Backend::best(), candidates)
}

/// [`uniqueness_candidates`] on a given backend.
///
/// # Panics
/// When the backend is not available on this CPU.
///
/// ```
/// use sudoku_engine::{DigitSet, solver::{self, Backend, Uniqueness}};
/// let marks = [DigitSet::ALL; 81];
/// assert!(matches!(
///     solver::uniqueness_candidates_with(Backend::Portable, &marks),
///     Uniqueness::Multiple(_)
/// ));
/// ```
pub fn uniqueness_candidates_with(backend: Backend, candidates: &[DigitSet; CELLS]) -> Uniqueness {
    search_candidates_with(backend, candidates, 2).uniqueness()
}

impl Grid {
    /// One solution; see [`solve`].
    ///
    /// ```
    /// assert!(sudoku_engine::Grid::empty().solve().unwrap().is_complete());
    /// ```
    pub fn solve(&self) -> Option<Grid> {
        solve(self)
    }

    /// The number of solutions up to `limit`; see [`count_solutions`].
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Grid::empty().count_solutions(4), 4);
    /// ```
    pub fn count_solutions(&self, limit: usize) -> usize {
        count_solutions(self, limit)
    }

    /// No solution, one, or several; see [`uniqueness`].
    ///
    /// ```
    /// use sudoku_engine::{Grid, Uniqueness};
    /// assert!(matches!(Grid::empty().uniqueness(), Uniqueness::Multiple(_)));
    /// ```
    pub fn uniqueness(&self) -> Uniqueness {
        uniqueness(self)
    }
}

/// Searches a pencil-mark puzzle for up to `limit` solutions that keep to
/// its marks: every cell holds its placed digit or one of its candidates.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid, PencilMarks, solver};
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let solution = puzzle.solve().unwrap();
/// let mut marks = PencilMarks::from_grid(&puzzle);
/// assert_eq!(solver::search_marks(&marks, 2).count, 1);
/// marks.remove(Cell::new(1), Digit::new(solution.cells()[1]));
/// assert_eq!(solver::search_marks(&marks, 2).count, 0);
/// ```
pub fn search_marks(marks: &crate::PencilMarks, limit: usize) -> Search {
    search_candidates(&marks.allowed(), limit)
}
