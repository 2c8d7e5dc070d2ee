//! The step-by-step solver: always the easiest available step, in Sudoku
//! Explainer's order; paths, ratings and hints built on it.

use std::fmt;

use sudoku_engine::{Conflict, Grid, PencilMarks, Uniqueness, solver};

use crate::step::Step;
use crate::techniques::TIERS;
use crate::{Candidates, Difficulty, Technique};

/// Why a logical path ended before the grid was full.
///
/// ```
/// use sudoku_engine::Grid;
/// use sudoku_logic::{solve_path, Stopped};
/// let path = solve_path(&Grid::empty());
/// assert_eq!(path.stopped, Some(Stopped::MultipleSolutions));
/// assert_eq!(Stopped::MultipleSolutions.to_string(), "the puzzle has more than one solution");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// Two givens clash.
    Conflict(Conflict),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has two or more solutions; logic is not attempted.
    MultipleSolutions,
    /// No technique of this solver applies to the position reached: logic
    /// stopped there (the pencil marks are in [`Path::final_state`]).
    NoTechnique,
    /// The rating passed the cap given to [`Solver::rate_up_to`].
    CapExceeded,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Conflict(c) => write!(f, "the givens clash: {c}"),
            Stopped::NoSolution => f.write_str("the puzzle has no solution"),
            Stopped::MultipleSolutions => f.write_str("the puzzle has more than one solution"),
            Stopped::NoTechnique => {
                f.write_str("no known technique applies to the position reached")
            }
            Stopped::CapExceeded => f.write_str("the rating passed the cap"),
        }
    }
}

/// The whole logical path of a puzzle.
///
/// ```
/// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
///     .parse().unwrap();
/// let path = sudoku_logic::solve_path(&grid);
/// assert!(path.solved && path.stopped.is_none());
/// assert_eq!(Some(path.final_state.to_grid()), path.solution);
/// ```
#[derive(Debug, Clone)]
pub struct Path {
    /// The steps, easiest available first at each point.
    pub steps: Vec<Step>,
    /// Whether the steps fill the grid.
    pub solved: bool,
    /// Why the path ended early, when it did.
    pub stopped: Option<Stopped>,
    /// The pencil marks after the last step.
    pub final_state: Candidates,
    /// The puzzle's solution, when it has exactly one.
    pub solution: Option<Grid>,
}

impl Path {
    /// The rating of the path: its hardest step.
    ///
    /// ```
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// let path = sudoku_logic::solve_path(&grid);
    /// assert_eq!(path.rating().value, 3.2);
    /// assert_eq!(path.rating().steps, path.steps.len());
    /// ```
    pub fn rating(&self) -> Rating {
        Rating::of_steps(&self.steps, self.solved, self.stopped.clone())
    }
}

/// A puzzle's rating on the Sudoku Explainer scale: the hardest step on the
/// path that always takes the easiest step available.
///
/// ```
/// use sudoku_logic::{Difficulty, Technique, rate};
/// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
///     .parse().unwrap();
/// let r = rate(&grid);
/// assert_eq!((r.value, r.difficulty, r.technique), (3.2, Difficulty::Hard, Some(Technique::XWing)));
/// assert!(r.solved && r.stopped.is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The rating (one decimal), 0.0 for a grid with nothing to solve. When
    /// the path stopped early, the hardest step reached: a lower bound.
    pub value: f64,
    /// The label for the rating.
    pub difficulty: Difficulty,
    /// The technique of the hardest step (the first one, on ties).
    pub technique: Option<Technique>,
    /// Number of steps taken.
    pub steps: usize,
    /// Whether the path solved the puzzle (the rating is then exact).
    pub solved: bool,
    /// Why the path stopped, when it did.
    pub stopped: Option<Stopped>,
}

impl Rating {
    fn of_steps(steps: &[Step], solved: bool, stopped: Option<Stopped>) -> Rating {
        let mut best: Option<&Step> = None;
        for s in steps {
            if best.is_none_or(|b| s.rating_tenths() > b.rating_tenths()) {
                best = Some(s);
            }
        }
        let value = best.map_or(0.0, |s| s.rating);
        Rating {
            value,
            difficulty: Difficulty::from_rating(value),
            technique: best.map(|s| s.technique),
            steps: steps.len(),
            solved,
            stopped,
        }
    }

    /// The hardest technique's name, `"-"` when none.
    ///
    /// ```
    /// let full = sudoku_engine::Grid::empty().solve().unwrap();
    /// assert_eq!(sudoku_logic::rate(&full).technique_name(), "-");
    /// ```
    pub fn technique_name(&self) -> &'static str {
        self.technique.map_or("-", Technique::name)
    }
}

/// The step-by-step solver. [`Solver::default`] uses every technique; the
/// free functions of this crate use it.
///
/// ```
/// use sudoku_logic::Solver;
/// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
///     .parse().unwrap();
/// let solver = Solver::new().with_uniqueness(false);
/// assert_eq!(solver.rate(&grid).value, 3.2);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Solver {
    uniqueness: bool,
    extra: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver {
            uniqueness: true,
            extra: false,
        }
    }
}

impl Solver {
    /// A solver with every technique of Sudoku Explainer.
    ///
    /// ```
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// assert_eq!(sudoku_logic::Solver::new().rate(&grid), sudoku_logic::rate(&grid));
    /// ```
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Whether to use techniques that assume a single solution (unique
    /// rectangles, BUG). On by default; [`Solver::solve_path`] checks the
    /// puzzle first, but a bare position passed to [`Solver::next_step`]
    /// is trusted.
    ///
    /// ```
    /// use sudoku_logic::Solver;
    /// let grid: sudoku_engine::Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    ///     .parse().unwrap();
    /// let path = Solver::new().with_uniqueness(false).solve_path(&grid);
    /// assert!(path.steps.iter().all(|s| !s.technique.needs_uniqueness()));
    /// ```
    pub fn with_uniqueness(mut self, on: bool) -> Solver {
        self.uniqueness = on;
        self
    }

    /// Also use techniques Sudoku Explainer does not have: finned and
    /// sashimi fish (rated 0.2 above the basic fish, tried right after it)
    /// and ALS-XZ (5.8). Off by default, because they move ratings off the
    /// SE scale: a puzzle SE rates by a chain may then rate by one of them.
    ///
    /// ```
    /// use sudoku_logic::Solver;
    /// let teacher = Solver::new().with_extra_techniques(true);
    /// # let _ = teacher;
    /// ```
    pub fn with_extra_techniques(mut self, on: bool) -> Solver {
        self.extra = on;
        self
    }

    /// The easiest step available, or `None` when no technique applies (or
    /// the grid is full).
    ///
    /// ```
    /// use sudoku_logic::{Candidates, Solver, Technique};
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// let step = Solver::new().next_step(&Candidates::from_grid(&grid)).unwrap();
    /// assert_eq!(step.technique, Technique::HiddenSingleBox);
    /// ```
    pub fn next_step(&self, c: &Candidates) -> Option<Step> {
        self.next_step_capped(c, u16::MAX).ok().flatten()
    }

    /// Like `next_step`, but gives up with `Err(())` as soon as every
    /// technique left is rated above `cap` tenths.
    fn next_step_capped(&self, c: &Candidates, cap: u16) -> Result<Option<Step>, ()> {
        for tier in TIERS {
            if (tier.unique_only && !self.uniqueness) || (tier.extra && !self.extra) {
                continue;
            }
            if tier.min_tenths > cap {
                return Err(());
            }
            if let Some(mut s) = (tier.find)(c) {
                // Reading order, whatever order the technique found them in.
                s.placements.sort_unstable();
                s.eliminations.sort_unstable();
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    /// Every step from the puzzle to the end (or to where logic stops).
    ///
    /// ```
    /// use sudoku_logic::Solver;
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// let path = Solver::new().solve_path(&grid);
    /// assert!(path.solved);
    /// assert!(path.steps.iter().any(|s| s.technique.name() == "X-Wing"));
    /// ```
    pub fn solve_path(&self, grid: &Grid) -> Path {
        self.path_capped(grid, u16::MAX)
    }

    /// Every step from a player's pencil marks (see
    /// [`sudoku_engine::PencilMarks`]) to the end: the marks are taken as
    /// the player left them, less the digits placed peers rule out. The
    /// marks must allow exactly one solution, as a puzzle must.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// use sudoku_logic::Solver;
    /// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let path = Solver::new().solve_path_marks(&PencilMarks::from_grid(&grid));
    /// assert!(path.solved);
    /// assert_eq!(path.steps, Solver::new().solve_path(&grid).steps);
    /// ```
    pub fn solve_path_marks(&self, marks: &PencilMarks) -> Path {
        let placed = marks.placed();
        self.path_from(
            Candidates::from_marks(marks),
            placed.conflict(),
            || solver::uniqueness_candidates(&marks.allowed()),
            u16::MAX,
        )
    }

    /// The rating of a player's pencil marks; see [`Solver::solve_path_marks`].
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let r = sudoku_logic::Solver::new().rate_marks(&PencilMarks::from_grid(&grid));
    /// assert_eq!(r.value, 1.2);
    /// ```
    pub fn rate_marks(&self, marks: &PencilMarks) -> Rating {
        self.solve_path_marks(marks).rating()
    }

    fn path_capped(&self, grid: &Grid, cap: u16) -> Path {
        self.path_from(
            Candidates::from_grid(grid),
            grid.conflict(),
            || grid.uniqueness(),
            cap,
        )
    }

    fn path_from(
        &self,
        start: Candidates,
        conflict: Option<Conflict>,
        uniqueness: impl FnOnce() -> Uniqueness,
        cap: u16,
    ) -> Path {
        let mut state = start;
        let mut path = Path {
            steps: Vec::new(),
            solved: false,
            stopped: None,
            final_state: state,
            solution: None,
        };
        if let Some(conflict) = conflict {
            path.stopped = Some(Stopped::Conflict(conflict));
            return path;
        }
        match uniqueness() {
            Uniqueness::None => {
                path.stopped = Some(Stopped::NoSolution);
                return path;
            }
            Uniqueness::Multiple(_) => {
                path.stopped = Some(Stopped::MultipleSolutions);
                return path;
            }
            Uniqueness::Unique(s) => path.solution = Some(s),
        }
        while !state.is_solved() {
            match self.next_step_capped(&state, cap) {
                Err(()) => {
                    path.stopped = Some(Stopped::CapExceeded);
                    break;
                }
                Ok(None) => {
                    path.stopped = Some(Stopped::NoTechnique);
                    break;
                }
                Ok(Some(step)) => {
                    state.apply(&step);
                    let over = step.rating_tenths() > cap;
                    path.steps.push(step);
                    if over {
                        path.stopped = Some(Stopped::CapExceeded);
                        break;
                    }
                }
            }
        }
        path.solved = state.is_solved();
        path.final_state = state;
        path
    }

    /// The puzzle's rating: the hardest step of [`Solver::solve_path`].
    ///
    /// ```
    /// use sudoku_logic::Solver;
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// assert_eq!(Solver::new().rate(&grid).technique_name(), "X-Wing");
    /// ```
    pub fn rate(&self, grid: &Grid) -> Rating {
        self.solve_path(grid).rating()
    }

    /// The rating if it is at most `max`; otherwise stops as soon as the
    /// rating is known to pass `max` (then `stopped` is
    /// [`Stopped::CapExceeded`] and `value` is a lower bound above `max`,
    /// or `max` + 0.1 when the techniques left all rate higher). Much
    /// faster than [`Solver::rate`] for screening generated puzzles.
    ///
    /// ```
    /// use sudoku_logic::{Solver, Stopped};
    /// let grid: sudoku_engine::Grid = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
    ///     .parse().unwrap();
    /// let r = Solver::new().rate_up_to(&grid, 2.0);
    /// assert_eq!(r.stopped, Some(Stopped::CapExceeded));
    /// assert!(r.value > 2.0);
    /// ```
    pub fn rate_up_to(&self, grid: &Grid, max: f64) -> Rating {
        let cap = (max * 10.0).round().max(0.0) as u16;
        let path = self.path_capped(grid, cap);
        let mut r = path.rating();
        if r.stopped == Some(Stopped::CapExceeded) && r.value * 10.0 <= f64::from(cap) {
            r.value = f64::from(cap + 1) / 10.0;
            r.difficulty = Difficulty::from_rating(r.value);
        }
        r
    }
}
