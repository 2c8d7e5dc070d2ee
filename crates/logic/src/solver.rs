//! The step-by-step solver: always the easiest available step, in Sudoku
//! Explainer's order; paths, ratings and hints built on it.

use std::fmt;

use sudoku_engine::{Cell, Conflict, Digit, Grid, Uniqueness};

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

/// The next-step hint for a player's grid.
///
/// ```
/// use sudoku_logic::{HintOutcome, hint};
/// let givens: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// match hint(&givens, None) {
///     HintOutcome::Step { step, before } => {
///         assert_eq!(before.to_grid(), givens);
///         assert!(!step.placements.is_empty());
///     }
///     other => panic!("{other}"),
/// }
/// ```
#[derive(Debug, Clone)]
pub enum HintOutcome {
    /// Every cell is filled and correct.
    Solved,
    /// Two digits clash in a unit.
    Conflict(Conflict),
    /// A filled cell disagrees with the solution.
    WrongEntry {
        /// The cell.
        cell: Cell,
        /// The digit the player entered.
        entered: Digit,
        /// The digit of the solution.
        solution: Digit,
    },
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    MultipleSolutions,
    /// The next step and the pencil marks it applies to.
    Step {
        /// The step.
        step: Box<Step>,
        /// The pencil marks before the step.
        before: Box<Candidates>,
    },
    /// No known technique applies; the pencil marks reached.
    NoTechnique(Box<Candidates>),
}

impl fmt::Display for HintOutcome {
    /// One plain sentence: the step's explanation, or what is wrong.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HintOutcome::Solved => f.write_str("The grid is solved."),
            HintOutcome::Conflict(c) => write!(f, "{c}: two equal digits in one unit."),
            HintOutcome::WrongEntry {
                cell,
                entered,
                solution,
            } => {
                write!(f, "{cell} is {entered}, but the solution has {solution}.")
            }
            HintOutcome::NoSolution => f.write_str("The puzzle has no solution."),
            HintOutcome::MultipleSolutions => f.write_str("The puzzle has more than one solution."),
            HintOutcome::Step { step, .. } => write!(f, "{step}"),
            HintOutcome::NoTechnique(_) => f.write_str("No known technique applies here."),
        }
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

    fn path_capped(&self, grid: &Grid, cap: u16) -> Path {
        let mut state = Candidates::from_grid(grid);
        let mut path = Path {
            steps: Vec::new(),
            solved: false,
            stopped: None,
            final_state: state,
            solution: None,
        };
        if let Some(conflict) = grid.conflict() {
            path.stopped = Some(Stopped::Conflict(conflict));
            return path;
        }
        match grid.uniqueness() {
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

    /// The next step for a player's grid. `current` is the grid with the
    /// player's entries; `givens` the original clues when they differ from
    /// `current`. Says plainly when an entry is wrong or the puzzle has no
    /// unique solution.
    ///
    /// ```
    /// use sudoku_logic::{HintOutcome, Solver};
    /// let givens: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let mut mine = givens;
    /// mine.set(0, 0, Some(5)); // the solution has 4 there
    /// let outcome = Solver::new().hint(&mine, Some(&givens));
    /// assert!(matches!(outcome, HintOutcome::WrongEntry { .. }));
    /// assert_eq!(outcome.to_string(), "r1c1 is 5, but the solution has 4.");
    /// ```
    pub fn hint(&self, current: &Grid, givens: Option<&Grid>) -> HintOutcome {
        if let Some(conflict) = current.conflict() {
            return HintOutcome::Conflict(conflict);
        }
        let puzzle = givens.unwrap_or(current);
        if let Some(conflict) = puzzle.conflict() {
            return HintOutcome::Conflict(conflict);
        }
        let solution = match puzzle.uniqueness() {
            Uniqueness::None => return HintOutcome::NoSolution,
            Uniqueness::Multiple(_) => return HintOutcome::MultipleSolutions,
            Uniqueness::Unique(s) => s,
        };
        for cell in Cell::all() {
            let (entered, want) = (
                current.cells()[cell.index()],
                solution.cells()[cell.index()],
            );
            if entered != 0 && entered != want {
                return HintOutcome::WrongEntry {
                    cell,
                    entered: Digit::new(entered),
                    solution: Digit::new(want),
                };
            }
        }
        if current.is_complete() {
            return HintOutcome::Solved;
        }
        let state = Candidates::from_grid(current);
        match self.next_step(&state) {
            Some(step) => HintOutcome::Step {
                step: Box::new(step),
                before: Box::new(state),
            },
            None => HintOutcome::NoTechnique(Box::new(state)),
        }
    }
}
