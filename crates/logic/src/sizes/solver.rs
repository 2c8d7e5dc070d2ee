//! The step-by-step solver for every shape, its paths and its hints.

use std::fmt;

use sudoku_engine::sizes::{self, SizedConflict, SizedGrid, Uniqueness};

use super::candidates::SizedCandidates;
use super::chains as ch;
use super::step::SizedStep;
use super::techniques as t;
use crate::{HintLevel, HintStatus, Technique};

/// A search the solver runs as one, and the techniques of its steps.
struct Tier {
    techniques: &'static [Technique],
    find: fn(&SizedCandidates) -> Option<SizedStep>,
}

/// Every search, in the order of the 9x9 solver's tiers (Sudoku
/// Explainer's), less the techniques that do not generalise.
const TIERS: &[Tier] = {
    use Technique::*;
    &[
        Tier {
            techniques: &[
                FullHouse,
                HiddenSingleBox,
                HiddenSingleRow,
                HiddenSingleColumn,
            ],
            find: t::hidden_single,
        },
        Tier {
            techniques: &[DirectPointing, DirectClaiming],
            find: |c| t::locking(c, true),
        },
        Tier {
            techniques: &[DirectHiddenPair],
            find: |c| t::hidden_set(c, 2, true),
        },
        Tier {
            techniques: &[NakedSingle],
            find: t::naked_single,
        },
        Tier {
            techniques: &[DirectHiddenTriple],
            find: |c| t::hidden_set(c, 3, true),
        },
        Tier {
            techniques: &[Pointing, Claiming],
            find: |c| t::locking(c, false),
        },
        Tier {
            techniques: &[NakedPair],
            find: |c| t::naked_set(c, 2),
        },
        Tier {
            techniques: &[XWing],
            find: |c| t::fish(c, 2),
        },
        Tier {
            techniques: &[HiddenPair],
            find: |c| t::hidden_set(c, 2, false),
        },
        Tier {
            techniques: &[NakedTriple],
            find: |c| t::naked_set(c, 3),
        },
        Tier {
            techniques: &[Swordfish],
            find: |c| t::fish(c, 3),
        },
        Tier {
            techniques: &[HiddenTriple],
            find: |c| t::hidden_set(c, 3, false),
        },
        Tier {
            techniques: &[XYWing],
            find: |c| ch::xy_wing(c, false),
        },
        Tier {
            techniques: &[XYZWing],
            find: |c| ch::xy_wing(c, true),
        },
        Tier {
            techniques: &[NakedQuad],
            find: |c| t::naked_set(c, 4),
        },
        Tier {
            techniques: &[Jellyfish],
            find: |c| t::fish(c, 4),
        },
        Tier {
            techniques: &[HiddenQuad],
            find: |c| t::hidden_set(c, 4, false),
        },
        Tier {
            // On 9x9 the 9x9 solver's search, which has them all; on
            // other shapes the single-digit and bivalue chains.
            techniques: crate::techniques::aic::TECHNIQUES,
            find: ch::chain,
        },
    ]
};

/// The techniques of the solver for every shape, in the order it tries
/// them (ties inside one search in the order of the technique table).
///
/// ```
/// use sudoku_logic::{sizes::TECHNIQUES, Technique};
/// assert_eq!(TECHNIQUES[0], Technique::FullHouse);
/// assert!(TECHNIQUES.contains(&Technique::Jellyfish));
/// assert!(TECHNIQUES.contains(&Technique::XChain));
/// assert!(!TECHNIQUES.contains(&Technique::UniqueRectangle1));
/// ```
pub const TECHNIQUES: [Technique; 32] = {
    let mut out = [Technique::FullHouse; 32];
    let mut n = 0;
    let mut i = 0;
    while i < TIERS.len() {
        let mut j = 0;
        while j < TIERS[i].techniques.len() {
            out[n] = TIERS[i].techniques[j];
            n += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(n == 32, "TECHNIQUES lists every tier's techniques");
    out
};

/// The easiest step available in a position of any shape, or `None` when
/// no technique of [`TECHNIQUES`] applies (or the grid is full).
/// Placements and eliminations are in reading order.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::{sizes::{next_step, SizedCandidates}, Technique};
/// let shape = Shape::for_size(6).unwrap();
/// let puzzle = SizedGrid::from_cells(shape, vec![
///     0, 0, 3, 0, 1, 0,
///     5, 6, 0, 3, 2, 0,
///     0, 5, 4, 2, 0, 3,
///     2, 0, 6, 4, 5, 0,
///     0, 1, 2, 0, 4, 5,
///     0, 4, 0, 1, 0, 0,
/// ]).unwrap();
/// let step = next_step(&SizedCandidates::from_grid(&puzzle)).unwrap();
/// assert_eq!(step.technique, Technique::HiddenSingleBox);
/// assert_eq!(step.explanation, "In b1, 1 can only go in r2c3, so r2c3=1.");
/// ```
pub fn next_step(c: &SizedCandidates) -> Option<SizedStep> {
    TIERS.iter().find_map(|tier| (tier.find)(c)).map(|mut s| {
        s.placements.sort_unstable();
        s.eliminations.sort_unstable();
        s
    })
}

/// Why a path ended before the grid was full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SizedStopped {
    /// Two givens clash.
    Conflict(SizedConflict),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has two or more solutions; logic is not attempted.
    MultipleSolutions,
    /// None of the techniques applies to the position reached (the pencil
    /// marks are in [`SizedPath::final_state`]).
    NoTechnique,
}

impl fmt::Display for SizedStopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizedStopped::Conflict(c) => write!(f, "the givens clash: {c}"),
            SizedStopped::NoSolution => f.write_str("the puzzle has no solution"),
            SizedStopped::MultipleSolutions => f.write_str("the puzzle has more than one solution"),
            SizedStopped::NoTechnique => {
                f.write_str("no known technique applies to the position reached")
            }
        }
    }
}

/// The logical path of a puzzle of any shape.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::sizes::solve_path;
/// let shape = Shape::for_size(6).unwrap();
/// let puzzle = SizedGrid::from_cells(shape, vec![
///     0, 0, 3, 0, 1, 0,
///     5, 6, 0, 3, 2, 0,
///     0, 5, 4, 2, 0, 3,
///     2, 0, 6, 4, 5, 0,
///     0, 1, 2, 0, 4, 5,
///     0, 4, 0, 1, 0, 0,
/// ]).unwrap();
/// let path = solve_path(&puzzle);
/// assert!(path.solved && path.stopped.is_none());
/// assert_eq!(path.rating, 1.2);
/// assert_eq!(Some(path.final_state.to_grid()), path.solution);
/// ```
#[derive(Debug, Clone)]
pub struct SizedPath {
    /// The steps, easiest available first at each point.
    pub steps: Vec<SizedStep>,
    /// Whether the steps fill the grid.
    pub solved: bool,
    /// The hardest step's rating, 0.0 without steps; a lower bound when
    /// the path stopped early.
    pub rating: f64,
    /// The technique of the hardest step (the first one, on ties).
    pub technique: Option<Technique>,
    /// Why the path ended early, when it did.
    pub stopped: Option<SizedStopped>,
    /// The pencil marks after the last step.
    pub final_state: SizedCandidates,
    /// The puzzle's solution, when it has exactly one.
    pub solution: Option<SizedGrid>,
}

/// Every step from a puzzle of any shape to the end, or to where logic
/// stops. The puzzle must have one solution: clashing givens, no solution
/// or several end the path before its first step.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::sizes::{solve_path, SizedStopped};
/// let open = SizedGrid::empty(Shape::for_size(16).unwrap());
/// assert_eq!(solve_path(&open).stopped, Some(SizedStopped::MultipleSolutions));
/// ```
pub fn solve_path(grid: &SizedGrid) -> SizedPath {
    let start = SizedCandidates::from_grid(grid);
    let stopped = |why| SizedPath {
        steps: Vec::new(),
        solved: false,
        rating: 0.0,
        technique: None,
        stopped: Some(why),
        final_state: start.clone(),
        solution: None,
    };
    if let Some(conflict) = grid.conflict() {
        return stopped(SizedStopped::Conflict(conflict));
    }
    match sizes::uniqueness(grid) {
        Uniqueness::None => stopped(SizedStopped::NoSolution),
        Uniqueness::Multiple(_) => stopped(SizedStopped::MultipleSolutions),
        Uniqueness::Unique(s) => SizedPath {
            solution: Some(s),
            ..solve_path_from(start.clone())
        },
    }
}

/// Every step from pencil marks to the end, without the checks of
/// [`solve_path`]: no uniqueness search (on a hard 25x25 puzzle the
/// engine's can take seconds, the steps milliseconds), and `solution` is
/// `None`. The techniques are sound without a unique solution, so every
/// step holds in every solution there is; a position with none may stop
/// anywhere.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::sizes::{solve_path_from, SizedCandidates, SizedStopped};
/// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
/// grid.set(0, 0, Some(1));
/// let path = solve_path_from(SizedCandidates::from_grid(&grid));
/// assert_eq!(path.stopped, Some(SizedStopped::NoTechnique));
/// assert!(path.steps.is_empty() && path.solution.is_none());
/// ```
pub fn solve_path_from(start: SizedCandidates) -> SizedPath {
    let mut state = start;
    let mut path = SizedPath {
        steps: Vec::new(),
        solved: false,
        rating: 0.0,
        technique: None,
        stopped: None,
        final_state: state.clone(),
        solution: None,
    };
    let mut hardest = 0;
    while !state.is_solved() {
        let Some(step) = next_step(&state) else {
            path.stopped = Some(SizedStopped::NoTechnique);
            break;
        };
        state.apply(&step);
        if step.rating_tenths() > hardest {
            hardest = step.rating_tenths();
            path.rating = step.rating;
            path.technique = Some(step.technique);
        }
        path.steps.push(step);
    }
    path.solved = state.is_solved();
    path.final_state = state;
    path
}

/// A digit the player placed where the solution has another.
///
/// ```
/// use sudoku_engine::sizes::Shape;
/// use sudoku_logic::sizes::SizedMistake;
/// let m = SizedMistake { shape: Shape::for_size(16).unwrap(), cell: 16 * 9 + 11, entered: 5, solution: 14 };
/// assert_eq!(m.to_string(), "r10c12 is 5, but the solution has 14.");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizedMistake {
    /// The grid's shape, to name the cell.
    pub shape: sizes::Shape,
    /// The cell.
    pub cell: usize,
    /// The digit the player placed.
    pub entered: u8,
    /// The solution's digit.
    pub solution: u8,
}

impl fmt::Display for SizedMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}, but the solution has {}.",
            self.shape.cell_name(self.cell),
            self.entered,
            self.solution
        )
    }
}

/// The next-step hint for a player's grid of any shape, told at one of the
/// three [`HintLevel`]s by its methods, as the 9x9 [`crate::Hint`] is.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::{sizes::hint, HintLevel, HintStatus};
/// let shape = Shape::for_size(6).unwrap();
/// let givens = SizedGrid::from_cells(shape, vec![
///     0, 0, 3, 0, 1, 0,
///     5, 6, 0, 3, 2, 0,
///     0, 5, 4, 2, 0, 3,
///     2, 0, 6, 4, 5, 0,
///     0, 1, 2, 0, 4, 5,
///     0, 4, 0, 1, 0, 0,
/// ]).unwrap();
/// let h = hint(&givens, None);
/// assert_eq!(h.status(), HintStatus::Step);
/// assert_eq!(h.message(HintLevel::Nudge), "Look for a Hidden Single in b1.");
/// assert_eq!(h.message(HintLevel::Cells), "Look for a Hidden Single in b1, among r1c1, r1c2 and r2c3.");
/// assert!(h.message(HintLevel::Step).ends_with("so r2c3=1."));
/// assert!(h.cells(HintLevel::Nudge).is_none() && h.step(HintLevel::Cells).is_none());
///
/// let mut progress = givens.clone();
/// progress.set(0, 0, Some(2)); // the solution has 4 there
/// let wrong = hint(&progress, Some(&givens));
/// assert_eq!(wrong.status(), HintStatus::WrongEntry);
/// assert_eq!(wrong.message(HintLevel::Nudge), "r1c1 is 2, but the solution has 4.");
/// ```
#[derive(Debug, Clone)]
pub struct SizedHint {
    status: HintStatus,
    step: Option<SizedStep>,
    marks: Option<SizedCandidates>,
    mistakes: Vec<SizedMistake>,
    crossed_out: Vec<(usize, u8)>,
    conflict: Option<SizedConflict>,
    shape: sizes::Shape,
}

/// The next step for a player's grid of any shape: `current` holds the
/// player's digits, `givens` the puzzle (when `None`, `current` is taken as
/// the puzzle). Wrong digits are reported (all of them, in reading order)
/// before any step.
pub fn hint(current: &SizedGrid, givens: Option<&SizedGrid>) -> SizedHint {
    hint_in(current, givens, None)
}

/// The next step for a player's pencil marks on a grid of any shape, as
/// [`hint`] finds it from the digits alone: `marks` holds the player's
/// digits and, in each empty cell, the candidates the player kept. Wrong
/// digits come first; when there are none, every candidate the player
/// crossed out that the solution needs ([`SizedHint::crossed_out`]) (a
/// wrong digit takes its digit from its peers' marks, so its crossings
/// wait until it is fixed); then the next step,
/// found in the player's marks, so a step that removes candidates is not
/// found again once its candidates are gone.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::{sizes::{hint, hint_marks, SizedCandidates}, HintLevel, HintStatus};
/// let shape = Shape::for_size(6).unwrap();
/// let givens = SizedGrid::from_cells(shape, vec![
///     0, 0, 3, 0, 1, 0,
///     5, 6, 0, 3, 2, 0,
///     0, 5, 4, 2, 0, 3,
///     2, 0, 6, 4, 5, 0,
///     0, 1, 2, 0, 4, 5,
///     0, 4, 0, 1, 0, 0,
/// ]).unwrap();
/// let mut marks = SizedCandidates::from_grid(&givens);
/// // Without crossings, the same hint as from the digits.
/// assert_eq!(hint_marks(&marks, Some(&givens)).message(HintLevel::Step), hint(&givens, None).message(HintLevel::Step));
/// marks.eliminate(0, 4); // the solution has 4 in r1c1
/// let h = hint_marks(&marks, Some(&givens));
/// assert_eq!(h.status(), HintStatus::WrongEntry);
/// assert_eq!(h.crossed_out(), &[(0, 4)]);
/// assert_eq!(h.message(HintLevel::Nudge), "r1c1: 4 was crossed out, but the solution has 4 there.");
/// ```
pub fn hint_marks(marks: &SizedCandidates, givens: Option<&SizedGrid>) -> SizedHint {
    hint_in(&marks.to_grid(), givens, Some(marks))
}

fn hint_in(
    current: &SizedGrid,
    givens: Option<&SizedGrid>,
    player: Option<&SizedCandidates>,
) -> SizedHint {
    let mut out = SizedHint {
        status: HintStatus::Step,
        step: None,
        marks: None,
        mistakes: Vec::new(),
        crossed_out: Vec::new(),
        conflict: None,
        shape: current.shape(),
    };
    let puzzle = givens.unwrap_or(current);
    if let Some(conflict) = puzzle.conflict() {
        out.status = HintStatus::Conflict;
        out.conflict = Some(conflict);
        return out;
    }
    let solution = match sizes::uniqueness(puzzle) {
        Uniqueness::None => {
            out.status = HintStatus::NoSolution;
            return out;
        }
        Uniqueness::Multiple(_) => {
            out.status = HintStatus::MultipleSolutions;
            return out;
        }
        Uniqueness::Unique(s) => s,
    };
    out.mistakes = current
        .cells()
        .iter()
        .zip(solution.cells())
        .enumerate()
        .filter(|&(_, (&e, &s))| e != 0 && e != s)
        .map(|(cell, (&entered, &solution))| SizedMistake {
            shape: current.shape(),
            cell,
            entered,
            solution,
        })
        .collect();
    if let Some(player) = player.filter(|_| out.mistakes.is_empty()) {
        out.crossed_out = (0..solution.cells().len())
            .filter(|&cell| current.cells()[cell] == 0)
            .map(|cell| (cell, solution.cells()[cell]))
            .filter(|&(cell, d)| !player.has(cell, d))
            .collect();
    }
    if !out.mistakes.is_empty() || !out.crossed_out.is_empty() {
        out.status = HintStatus::WrongEntry;
        return out;
    }
    if current.is_complete() {
        out.status = HintStatus::Solved;
        return out;
    }
    let marks = match player {
        Some(player) => player.clone(),
        None => SizedCandidates::from_grid(current),
    };
    out.step = next_step(&marks);
    if out.step.is_none() {
        out.status = HintStatus::NoTechnique;
    }
    out.marks = Some(marks);
    out
}

impl SizedHint {
    /// What the hint found.
    pub fn status(&self) -> HintStatus {
        self.status
    }

    /// The hint in words, as [`crate::Hint::message`] says it: a nudge
    /// names the technique and the houses ("Look for a Hidden Single in
    /// b16."), the cells level adds the empty cells of the pattern, the
    /// step level is the whole step. Anything else (mistakes, no solution)
    /// reads the same at every level.
    pub fn message(&self, level: HintLevel) -> String {
        let Some(step) = &self.step else {
            return match self.status {
                HintStatus::Solved => "The grid is solved.".to_string(),
                HintStatus::Conflict => match &self.conflict {
                    Some(c) => format!("{c}: two equal digits in one unit."),
                    None => "Two equal digits in one unit.".to_string(),
                },
                HintStatus::WrongEntry => self
                    .mistakes
                    .iter()
                    .map(SizedMistake::to_string)
                    .chain(self.crossed_out.iter().map(|&(cell, d)| {
                        format!(
                            "{}: {d} was crossed out, but the solution has {d} there.",
                            self.shape.cell_name(cell)
                        )
                    }))
                    .collect::<Vec<_>>()
                    .join(" "),
                HintStatus::NoSolution => "The puzzle has no solution.".to_string(),
                HintStatus::MultipleSolutions => {
                    "The puzzle has more than one solution.".to_string()
                }
                HintStatus::Step | HintStatus::NoTechnique => {
                    "No known technique applies here.".to_string()
                }
            };
        };
        if level == HintLevel::Step {
            return step.to_string();
        }
        let name = step.name();
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'X']) {
            "an"
        } else {
            "a"
        };
        let mut text = format!("Look for {article} {name} in {}", list(&step.house_names()));
        if level == HintLevel::Cells {
            // The empty cells of the pattern: a filled one is no news.
            let open: Vec<usize> = match &self.marks {
                Some(m) => step
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| m.value(c).is_none())
                    .collect(),
                None => Vec::new(),
            };
            let shown = if open.is_empty() { &step.cells } else { &open };
            let names: Vec<String> = shown.iter().map(|&c| step.shape.cell_name(c)).collect();
            text.push_str(", among ");
            text.push_str(&list(&names));
        }
        text.push('.');
        text
    }

    /// The technique of the next step (every level).
    pub fn technique(&self) -> Option<Technique> {
        self.step.as_ref().map(|s| s.technique)
    }

    /// The houses to look at (every level), numbered as the engine's
    /// geometry does; [`SizedStep::house_names`] names them.
    pub fn houses(&self) -> Option<&[usize]> {
        self.step.as_ref().map(|s| s.houses.as_slice())
    }

    /// The cells of the pattern (`cells` and `step` levels).
    pub fn cells(&self, level: HintLevel) -> Option<&[usize]> {
        self.step
            .as_ref()
            .filter(|_| level >= HintLevel::Cells)
            .map(|s| s.cells.as_slice())
    }

    /// The candidates of the pattern (`cells` and `step` levels).
    pub fn candidates(&self, level: HintLevel) -> Option<&[(usize, u8)]> {
        self.step
            .as_ref()
            .filter(|_| level >= HintLevel::Cells)
            .map(|s| s.candidates.as_slice())
    }

    /// The whole step (`step` level only).
    pub fn step(&self, level: HintLevel) -> Option<&SizedStep> {
        self.step.as_ref().filter(|_| level == HintLevel::Step)
    }

    /// The pencil marks the hint looked at, when it got that far.
    pub fn marks(&self) -> Option<&SizedCandidates> {
        self.marks.as_ref()
    }

    /// The player's wrong digits, in reading order.
    pub fn mistakes(&self) -> &[SizedMistake] {
        &self.mistakes
    }

    /// The candidates the player crossed out that the solution needs
    /// (cell, digit), in reading order; only [`hint_marks`] finds them.
    pub fn crossed_out(&self) -> &[(usize, u8)] {
        &self.crossed_out
    }

    /// The clash, when the puzzle's digits clash.
    pub fn conflict(&self) -> Option<&SizedConflict> {
        self.conflict.as_ref()
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}
