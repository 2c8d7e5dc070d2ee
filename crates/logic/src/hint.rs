//! Hints for a player: the next step told in three levels (a nudge, the
//! cells, the whole step), and the player's own mistakes, from a grid of
//! digits or from the player's pencil marks.

use std::fmt;
use std::str::FromStr;

use sudoku_engine::{Cell, Conflict, Digit, Grid, House, PencilMarks, Uniqueness, solver};

use crate::{Candidate, Candidates, Solver, Step};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// How much a hint tells: players want to be nudged before they are told.
///
/// ```
/// use sudoku_logic::HintLevel;
/// assert_eq!("nudge".parse::<HintLevel>(), Ok(HintLevel::Nudge));
/// assert_eq!(HintLevel::default(), HintLevel::Step);
/// assert!(HintLevel::Nudge < HintLevel::Cells && HintLevel::Cells < HintLevel::Step);
/// assert_eq!(HintLevel::Cells.to_string(), "cells");
/// assert!("all".parse::<HintLevel>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum HintLevel {
    /// The technique and the houses to look at, and nothing that gives the
    /// answer away.
    Nudge,
    /// Also the cells and candidates that prove the step.
    Cells,
    /// The whole step: what it places or removes, and why.
    #[default]
    Step,
}

impl HintLevel {
    /// Every level, from the least told to the most.
    pub const ALL: [HintLevel; 3] = [HintLevel::Nudge, HintLevel::Cells, HintLevel::Step];

    /// `nudge`, `cells` or `step`.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::HintLevel::Nudge.name(), "nudge");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HintLevel::Nudge => "nudge",
            HintLevel::Cells => "cells",
            HintLevel::Step => "step",
        }
    }
}

impl fmt::Display for HintLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HintLevel {
    type Err = String;

    fn from_str(s: &str) -> Result<HintLevel, String> {
        HintLevel::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown hint level `{s}` (expected nudge, cells or step)"))
    }
}

/// Something the player got wrong, measured against the solution.
///
/// ```
/// use sudoku_engine::{Cell, Digit};
/// use sudoku_logic::Mistake;
/// let wrong = Mistake::WrongDigit { cell: Cell::at(0, 0), entered: Digit::new(5), solution: Digit::new(4) };
/// assert_eq!(wrong.to_string(), "r1c1 is 5, but the solution has 4.");
/// let crossed = Mistake::CrossedOut { cell: Cell::at(3, 4), digit: Digit::new(7) };
/// assert_eq!(crossed.to_string(), "r4c5: 7 was crossed out, but the solution has 7 there.");
/// assert_eq!(crossed.cell(), Cell::at(3, 4));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum Mistake {
    /// A digit placed where the solution has another.
    WrongDigit {
        /// The cell.
        cell: Cell,
        /// The digit the player placed.
        entered: Digit,
        /// The solution's digit.
        solution: Digit,
    },
    /// A candidate crossed out that the solution needs.
    CrossedOut {
        /// The cell.
        cell: Cell,
        /// The solution's digit, crossed out of the cell.
        digit: Digit,
    },
}

impl Mistake {
    /// The cell of the mistake.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit};
    /// let m = sudoku_logic::Mistake::CrossedOut { cell: Cell::new(9), digit: Digit::new(1) };
    /// assert_eq!(m.cell().to_string(), "r2c1");
    /// ```
    pub fn cell(&self) -> Cell {
        match *self {
            Mistake::WrongDigit { cell, .. } | Mistake::CrossedOut { cell, .. } => cell,
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mistake::WrongDigit {
                cell,
                entered,
                solution,
            } => write!(f, "{cell} is {entered}, but the solution has {solution}."),
            Mistake::CrossedOut { cell, digit } => write!(
                f,
                "{cell}: {digit} was crossed out, but the solution has {digit} there."
            ),
        }
    }
}

/// What a hint found, in one word (the `status` of the JSON record).
///
/// ```
/// assert_eq!(sudoku_logic::HintStatus::WrongEntry.name(), "wrong_entry");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum HintStatus {
    /// A next step was found.
    Step,
    /// The grid is full and right.
    Solved,
    /// The player made mistakes (wrong digits, needed candidates crossed out).
    WrongEntry,
    /// Two equal digits in one house.
    Conflict,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    MultipleSolutions,
    /// No known technique applies.
    NoTechnique,
}

impl HintStatus {
    /// The status as the JSON record writes it: `step`, `solved`,
    /// `wrong_entry`, `conflict`, `no_solution`, `multiple_solutions` or
    /// `no_technique`.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::HintStatus::NoTechnique.name(), "no_technique");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HintStatus::Step => "step",
            HintStatus::Solved => "solved",
            HintStatus::WrongEntry => "wrong_entry",
            HintStatus::Conflict => "conflict",
            HintStatus::NoSolution => "no_solution",
            HintStatus::MultipleSolutions => "multiple_solutions",
            HintStatus::NoTechnique => "no_technique",
        }
    }
}

/// The next-step hint for a player's position, with everything known;
/// [`HintOutcome::at`] tells it at a [`HintLevel`].
#[derive(Debug, Clone)]
pub enum HintOutcome {
    /// Every cell is filled and correct.
    Solved,
    /// Two digits clash in a house.
    Conflict(Conflict),
    /// The player's mistakes, in reading order: wrong digits and needed
    /// candidates crossed out.
    Mistakes(Vec<Mistake>),
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

impl HintOutcome {
    /// The status word of the outcome.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintStatus};
    /// assert_eq!(hint(&sudoku_engine::Grid::empty(), None).status(), HintStatus::MultipleSolutions);
    /// ```
    pub fn status(&self) -> HintStatus {
        match self {
            HintOutcome::Solved => HintStatus::Solved,
            HintOutcome::Conflict(_) => HintStatus::Conflict,
            HintOutcome::Mistakes(_) => HintStatus::WrongEntry,
            HintOutcome::NoSolution => HintStatus::NoSolution,
            HintOutcome::MultipleSolutions => HintStatus::MultipleSolutions,
            HintOutcome::Step { .. } => HintStatus::Step,
            HintOutcome::NoTechnique(_) => HintStatus::NoTechnique,
        }
    }

    /// The hint told at a level.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let nudge = hint(&grid, None).at(HintLevel::Nudge);
    /// assert_eq!(nudge.message(), "Look for a Hidden Single in b1.");
    /// assert!(nudge.cells().is_none() && nudge.step().is_none());
    /// let cells = hint(&grid, None).at(HintLevel::Cells);
    /// assert!(cells.cells().is_some() && cells.step().is_none());
    /// ```
    pub fn at(self, level: HintLevel) -> Hint {
        Hint {
            level,
            outcome: self,
        }
    }

    /// The step, when one was found.
    ///
    /// ```
    /// let grid = sudoku_engine::Grid::empty();
    /// assert!(sudoku_logic::hint(&grid, None).step().is_none());
    /// ```
    pub fn step(&self) -> Option<&Step> {
        match self {
            HintOutcome::Step { step, .. } => Some(step),
            _ => None,
        }
    }

    /// The pencil marks the hint looked at, when it got that far.
    ///
    /// ```
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert!(sudoku_logic::hint(&grid, None).marks().is_some());
    /// ```
    pub fn marks(&self) -> Option<&Candidates> {
        match self {
            HintOutcome::Step { before, .. } => Some(before),
            HintOutcome::NoTechnique(marks) => Some(marks),
            _ => None,
        }
    }
}

impl fmt::Display for HintOutcome {
    /// One plain sentence: the step's explanation, or what is wrong.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HintOutcome::Solved => f.write_str("The grid is solved."),
            HintOutcome::Conflict(c) => write!(f, "{c}: two equal digits in one unit."),
            HintOutcome::Mistakes(mistakes) => {
                for (i, m) in mistakes.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
            HintOutcome::NoSolution => f.write_str("The puzzle has no solution."),
            HintOutcome::MultipleSolutions => f.write_str("The puzzle has more than one solution."),
            HintOutcome::Step { step, .. } => write!(f, "{step}"),
            HintOutcome::NoTechnique(_) => f.write_str("No known technique applies here."),
        }
    }
}

/// A hint told at one level: only what that level may say is reachable.
///
/// ```
/// use sudoku_logic::{HintLevel, Solver};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let hint = Solver::new().hint(&grid, None).at(HintLevel::Step);
/// assert_eq!(hint.message(), "Hidden Single (1.2): In b1, 6 can only go in r2c2, so r2c2=6.");
/// assert_eq!(hint.technique(), Some("Hidden Single"));
/// assert_eq!(hint.houses().unwrap()[0].to_string(), "b1");
/// ```
#[derive(Debug, Clone)]
pub struct Hint {
    level: HintLevel,
    outcome: HintOutcome,
}

impl Hint {
    /// The level the hint is told at.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let h = hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Cells);
    /// assert_eq!(h.level(), HintLevel::Cells);
    /// ```
    pub fn level(&self) -> HintLevel {
        self.level
    }

    /// What the hint found.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel, HintStatus};
    /// let h = hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Nudge);
    /// assert_eq!(h.status(), HintStatus::MultipleSolutions);
    /// ```
    pub fn status(&self) -> HintStatus {
        self.outcome.status()
    }

    /// Everything known, whatever the level (for a front end that tells
    /// more on request).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel, HintOutcome};
    /// let h = hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Nudge);
    /// assert!(matches!(h.outcome(), HintOutcome::MultipleSolutions));
    /// ```
    pub fn outcome(&self) -> &HintOutcome {
        &self.outcome
    }

    fn found(&self) -> Option<&Step> {
        self.outcome.step()
    }

    /// The hint in words. A nudge names the technique and the houses to
    /// look at ("Look for a Hidden Single in b4."), the cells level adds
    /// the cells, the step level is the step's explanation. Anything else
    /// (mistakes, no solution) is said the same at every level.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let cells = hint(&grid, None).at(HintLevel::Cells);
    /// assert!(cells.message().starts_with("Look for a Hidden Single in b1, among "));
    /// ```
    pub fn message(&self) -> String {
        let Some(step) = self.found() else {
            return self.outcome.to_string();
        };
        let name = step.name();
        let article = if name.starts_with(['A', 'E', 'I', 'O', 'X']) {
            "an"
        } else {
            "a"
        };
        let houses = list(step.houses.iter());
        let mut text = format!("Look for {article} {name}");
        if !houses.is_empty() {
            text.push_str(" in ");
            text.push_str(&houses);
        }
        match self.level {
            HintLevel::Nudge => text.push('.'),
            HintLevel::Cells => {
                // The empty cells of the pattern: a filled one is no news.
                let cells: Vec<Cell> = step.cells.clone();
                let empty: Vec<Cell> = match self.outcome.marks() {
                    Some(m) => cells
                        .iter()
                        .copied()
                        .filter(|&c| m.value(c).is_none())
                        .collect(),
                    None => Vec::new(),
                };
                let shown = if empty.is_empty() { cells } else { empty };
                text.push_str(", among ");
                text.push_str(&list(shown.iter()));
                text.push('.');
            }
            HintLevel::Step => text = step.to_string(),
        }
        text
    }

    /// The technique of the next step (every level).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// assert_eq!(hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Nudge).technique(), None);
    /// ```
    pub fn technique(&self) -> Option<&'static str> {
        self.found().map(Step::name)
    }

    /// The houses to look at (every level).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// assert!(hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Nudge).houses().is_none());
    /// ```
    pub fn houses(&self) -> Option<&[House]> {
        self.found().map(|s| s.houses.as_slice())
    }

    /// The cells that make the pattern (`cells` and `step` levels).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert!(hint(&grid, None).at(HintLevel::Nudge).cells().is_none());
    /// assert!(!hint(&grid, None).at(HintLevel::Cells).cells().unwrap().is_empty());
    /// ```
    pub fn cells(&self) -> Option<Vec<Cell>> {
        self.found()
            .filter(|_| self.level >= HintLevel::Cells)
            .map(|s| s.cells.clone())
    }

    /// The candidates that make the pattern or the chain (`cells` and
    /// `step` levels).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// assert!(hint(&sudoku_engine::Grid::empty(), None).at(HintLevel::Cells).candidates().is_none());
    /// ```
    pub fn candidates(&self) -> Option<&[Candidate]> {
        self.found()
            .filter(|_| self.level >= HintLevel::Cells)
            .map(|s| s.candidates.as_slice())
    }

    /// The whole step (`step` level only).
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert_eq!(hint(&grid, None).at(HintLevel::Step).step().unwrap().placements[0].placement_text(), "r2c2=6");
    /// ```
    pub fn step(&self) -> Option<&Step> {
        self.found().filter(|_| self.level == HintLevel::Step)
    }

    /// The player's mistakes, when that is what the hint found.
    ///
    /// ```
    /// use sudoku_logic::{hint, HintLevel};
    /// let givens: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let mut progress = givens;
    /// progress.set(0, 0, Some(5));
    /// let h = hint(&progress, Some(&givens)).at(HintLevel::Nudge);
    /// assert_eq!(h.mistakes().unwrap().len(), 1);
    /// ```
    pub fn mistakes(&self) -> Option<&[Mistake]> {
        match &self.outcome {
            HintOutcome::Mistakes(m) => Some(m),
            _ => None,
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list<T: fmt::Display>(items: impl ExactSizeIterator<Item = T>) -> String {
    let n = items.len();
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { " and " } else { ", " });
        }
        out.push_str(&item.to_string());
    }
    out
}

impl Candidates {
    /// The working pencil marks of a player's marks: their candidates, less
    /// every digit a placed peer already holds.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid, PencilMarks};
    /// use sudoku_logic::Candidates;
    /// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse().unwrap();
    /// // Marks with all nine digits everywhere clean up to the grid's candidates.
    /// assert_eq!(Candidates::from_marks(&PencilMarks::from_grid(&grid)), Candidates::from_grid(&grid));
    /// ```
    pub fn from_marks(marks: &PencilMarks) -> Candidates {
        let values = *marks.values();
        let mut masks = [0u16; 81];
        for cell in Cell::all() {
            if values[cell.index()] != 0 {
                continue;
            }
            let mut set = marks.candidates(cell);
            for peer in cell.peers().iter() {
                if let Some(d) = Digit::try_new(values[peer.index()]) {
                    set.remove(d);
                }
            }
            masks[cell.index()] = set.bits();
        }
        Candidates::from_parts(values, masks).expect("pencil marks hold digits 1-9")
    }
}

/// Where the solution comes from for a player's position.
fn solution_of(
    marks: Option<&PencilMarks>,
    current: &Grid,
    givens: Option<&Grid>,
) -> Result<Grid, HintOutcome> {
    let unique = |u: Uniqueness| match u {
        Uniqueness::None => Err(HintOutcome::NoSolution),
        Uniqueness::Multiple(_) => Err(HintOutcome::MultipleSolutions),
        Uniqueness::Unique(s) => Ok(s),
    };
    if let Some(givens) = givens {
        if let Some(conflict) = givens.conflict() {
            return Err(HintOutcome::Conflict(conflict));
        }
        return unique(givens.uniqueness());
    }
    match (current.uniqueness(), marks) {
        (Uniqueness::Unique(s), _) => Ok(s),
        // The placed digits leave several solutions: the player's marks may
        // narrow them to one.
        (Uniqueness::Multiple(_), Some(marks)) => {
            unique(solver::uniqueness_candidates(&marks.allowed()))
        }
        (other, _) => unique(other),
    }
}

impl Solver {
    /// The next step for a player's grid. `current` is the grid with the
    /// player's entries; `givens` the original clues when they differ from
    /// `current`. Names every wrong entry first, and says plainly when the
    /// puzzle has no unique solution. [`HintOutcome::at`] tells the result
    /// at a [`HintLevel`].
    ///
    /// ```
    /// use sudoku_logic::{HintLevel, HintOutcome, Solver};
    /// let givens: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let outcome = Solver::new().hint(&givens, None);
    /// assert!(matches!(outcome, HintOutcome::Step { .. }));
    /// assert_eq!(outcome.at(HintLevel::Nudge).message(), "Look for a Hidden Single in b1.");
    /// ```
    pub fn hint(&self, current: &Grid, givens: Option<&Grid>) -> HintOutcome {
        self.hint_position(current, None, givens)
    }

    /// The next step from a player's own pencil marks (see
    /// [`sudoku_engine::PencilMarks`]). The solution comes from `givens`
    /// when given, else from the placed digits, else from the marks. Every
    /// mistake is named first: a wrong digit, or a candidate crossed out
    /// that the solution needs. With correct marks, the step is the easiest
    /// one those marks allow.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid, PencilMarks};
    /// use sudoku_logic::{HintOutcome, Solver};
    /// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let mut marks = PencilMarks::from_grid(&grid);
    /// marks.remove(Cell::at(0, 0), Digit::new(4)); // the solution has 4 there
    /// let outcome = Solver::new().hint_marks(&marks, None);
    /// assert_eq!(outcome.to_string(), "r1c1: 4 was crossed out, but the solution has 4 there.");
    /// ```
    pub fn hint_marks(&self, marks: &PencilMarks, givens: Option<&Grid>) -> HintOutcome {
        self.hint_position(&marks.placed(), Some(marks), givens)
    }

    fn hint_position(
        &self,
        current: &Grid,
        marks: Option<&PencilMarks>,
        givens: Option<&Grid>,
    ) -> HintOutcome {
        if let Some(conflict) = current.conflict() {
            return HintOutcome::Conflict(conflict);
        }
        let solution = match solution_of(marks, current, givens) {
            Ok(s) => s,
            Err(outcome) => return outcome,
        };
        let mut mistakes = Vec::new();
        for cell in Cell::all() {
            let (entered, want) = (
                current.cells()[cell.index()],
                solution.cells()[cell.index()],
            );
            let want = Digit::new(want);
            if let Some(entered) = Digit::try_new(entered) {
                if entered != want {
                    mistakes.push(Mistake::WrongDigit {
                        cell,
                        entered,
                        solution: want,
                    });
                }
            } else if marks.is_some_and(|m| !m.candidates(cell).contains(want)) {
                mistakes.push(Mistake::CrossedOut { cell, digit: want });
            }
        }
        if !mistakes.is_empty() {
            return HintOutcome::Mistakes(mistakes);
        }
        if current.is_complete() {
            return HintOutcome::Solved;
        }
        let state = match marks {
            Some(marks) => Candidates::from_marks(marks),
            None => Candidates::from_grid(current),
        };
        match self.next_step(&state) {
            Some(step) => HintOutcome::Step {
                step: Box::new(step),
                before: Box::new(state),
            },
            None => HintOutcome::NoTechnique(Box::new(state)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn a_nudge_gives_nothing_away() {
        let grid: Grid = EASY.parse().unwrap();
        let outcome = Solver::new().hint(&grid, None);
        let step = outcome.step().unwrap().clone();
        let nudge = outcome.at(HintLevel::Nudge).message();
        assert_eq!(nudge, "Look for a Hidden Single in b1.");
        assert!(!nudge.contains('=') && !nudge.contains("<>"));
        for p in &step.placements {
            assert!(!nudge.contains(&p.cell_name()));
        }
    }

    #[test]
    fn every_mistake_is_named_in_reading_order() {
        let givens: Grid = EASY.parse().unwrap();
        let solution = givens.solve().unwrap();
        let mut progress = givens;
        // Two wrong digits that clash with no given: in r1c1 and r9c9.
        let marks = Candidates::from_grid(&givens);
        for cell in [0, 80] {
            let wrong = marks
                .digits(Cell::new(cell))
                .find(|&d| d.get() != solution.cells()[cell])
                .unwrap();
            progress.set_cell(cell, Some(wrong.get()));
        }
        let HintOutcome::Mistakes(m) = Solver::new().hint(&progress, Some(&givens)) else {
            panic!("mistakes expected");
        };
        assert_eq!(m.len(), 2);
        assert_eq!((m[0].cell(), m[1].cell()), (Cell::new(0), Cell::new(80)));
    }

    #[test]
    fn marks_with_a_needed_digit_crossed_out_name_it() {
        let grid: Grid = EASY.parse().unwrap();
        let solution = grid.solve().unwrap();
        let mut marks = PencilMarks::from_grid(&grid);
        let cell = Cell::at(3, 4);
        let digit = Digit::new(solution.cells()[cell.index()]);
        marks.remove(cell, digit);
        let outcome = Solver::new().hint_marks(&marks, None);
        assert_eq!(
            outcome.to_string(),
            format!("r4c5: {digit} was crossed out, but the solution has {digit} there.")
        );
        // The same with the givens told.
        let outcome = Solver::new().hint_marks(&marks, Some(&grid));
        assert_eq!(outcome.status(), HintStatus::WrongEntry);
    }

    #[test]
    fn correct_marks_give_the_digit_puzzles_step() {
        let grid: Grid = EASY.parse().unwrap();
        let from_digits = Solver::new().hint(&grid, None);
        let from_marks = Solver::new().hint_marks(&PencilMarks::from_grid(&grid), None);
        assert_eq!(from_digits.step(), from_marks.step());
        assert!(from_marks.step().is_some());
    }

    #[test]
    fn marks_alone_can_make_the_solution_unique() {
        // An empty grid has many solutions; marks that allow only one
        // solution's digits (two per cell) single it out.
        let solution: Grid =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
                .parse()
                .unwrap();
        let mut marks = PencilMarks::from_grid(&Grid::empty());
        for cell in Cell::all() {
            let keep = Digit::new(solution.cells()[cell.index()]);
            for d in Digit::all() {
                if d != keep {
                    marks.remove(cell, d);
                }
            }
        }
        // The placed digits (none) leave many solutions; the marks, one.
        let outcome = Solver::new().hint_marks(&marks, None);
        assert_eq!(outcome.status(), HintStatus::Step);
        let step = outcome.step().unwrap();
        for p in &step.placements {
            assert_eq!(p.digit.get(), solution.cells()[p.cell.index()]);
        }
    }
}
