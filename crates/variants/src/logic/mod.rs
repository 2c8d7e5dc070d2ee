//! Human-style solving of variant puzzles: pencil marks, the next step
//! ([`next_step`]), and every step to the end ([`explain`]), each step a
//! named technique with a sentence that names its cells (`r1c1`), houses
//! and cages.
//!
//! The techniques are written once over groups of cells that hold
//! different digits, so they work alike on rows, columns, boxes, jigsaw
//! regions, diagonals, windoku boxes, disjoint groups, extra regions and
//! cages. Anti-knight, anti-king, non-consecutive and odd/even rules act
//! through the pencil marks: a placed digit leaves its peers (and its
//! neighbours' neighbouring digits), and odd/even cells start with half
//! the digits. They are tried in this order, easiest first:
//!
//! | technique | what it does |
//! |---|---|
//! | Full House | the last empty cell of a house takes the missing digit |
//! | Hidden Single | a digit with one place left in a house |
//! | Naked Single | a cell with one candidate left |
//! | Non-Consecutive Neighbours | a digit next to every candidate of an orthogonal neighbour leaves the cell |
//! | Thermometer Range | along a thermometer each cell lies above the smallest digit before it and below the largest after it |
//! | Arrow Range | the circle lies between the smallest and largest sums of the arrow's cells, and each cell leaves room for the others |
//! | Little Killer Range | each cell of a little killer's diagonal leaves the others a sum they can make (cells that see each other hold different digits) |
//! | Quadruple | a digit stays in a quadruple's cell only if the digits it lists can still each take a cell of their own around it |
//! | Skyscrapers | a digit stays in a cell of a skyscraper clue's row or column only where some order of taller and hidden digits from the clue, the tallest so far passing one digit at a time, sees as many as the clue says |
//! | X-Sum | a digit stays in a cell of an X-sum's row or column only where the first digit X, with X - 1 digits after it making the rest of the total, allows it |
//! | Sandwich Sum | a digit stays in a sandwich's row or column only where some places of the 1 and the largest digit, with digits between them that make the total, use it |
//! | Cage Combinations | digits no combination of a cage can use there go; a digit every combination needs, confined in the cage to one house, leaves the rest of that house |
//! | Innies and Outies | a house or run of rows or columns less the cages wholly inside it leaves a sum for its other cells (innies), or the cages covering it a sum for their cells outside it (outies) |
//! | Locked Candidates | a digit confined in a house to cells of another group (pointing, claiming, or a cage) leaves the rest of that group |
//! | Shared Peers | a digit confined in a house to cells that one cell outside sees all of (by a house, a cage, a knight's or a king's move) leaves that cell |
//! | Naked and Hidden Pairs, Triples, Quads | in any house, cages included (hidden ones in houses of `size` cells) |
//! | X-Wing, Swordfish, Jellyfish | basic fish over rows and columns |
//!
//! When none applies, [`explain`] stops with [`Stopped::NoTechnique`] and
//! the pencil marks reached.
//!
//! ```
//! use sudoku_variants::{logic, Constraint, Puzzle};
//!
//! // 4x4 with a thermometer along the first row: it forces 1 2 3 4.
//! let mut puzzle = Puzzle::classic(4).unwrap();
//! puzzle.add(Constraint::Thermometer { cells: vec![0, 1, 2, 3] }).unwrap();
//! for (cell, digit) in [(6, 1), (8, 2), (15, 3)] {
//!     puzzle.set_given(cell, digit).unwrap();
//! }
//! let explanation = logic::explain(&puzzle);
//! assert!(explanation.solved);
//! let range = explanation.steps.iter().find(|s| s.technique == logic::Technique::ThermometerRange);
//! assert!(range.unwrap().to_string().starts_with("Thermometer Range: Digits increase"));
//! assert_eq!(Some(explanation.final_marks.values().to_vec()), explanation.solution);
//! ```

mod marks;
mod techniques;

use std::convert::Infallible;
use std::fmt;

pub use marks::Marks;

use crate::puzzle::{CellIndex, Puzzle};
use crate::rules::Violation;
use crate::solver::{Search, Uniqueness, search};

/// A technique of the variant logic, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place in a house.
    HiddenSingle,
    /// A cell with one candidate.
    NakedSingle,
    /// Digits next to every candidate of an orthogonal neighbour, under
    /// the non-consecutive rule.
    NonConsecutive,
    /// Digits a kropki dot or an XV mark (or, under the negative
    /// constraint, the lack of one) leaves a cell beside its neighbour.
    NeighbourMarks,
    /// Digits a whispers line leaves a cell beside its neighbour on it.
    Whispers,
    /// Digits a palindrome leaves a cell, from the cell at the same
    /// distance from the other end.
    Palindrome,
    /// The runs of consecutive digits a renban line can still hold.
    Renban,
    /// The digits a thermometer's order leaves each cell.
    ThermometerRange,
    /// The digits an arrow's sum leaves its circle and cells.
    ArrowRange,
    /// The digits a little killer's total leaves the cells of its diagonal.
    LittleKillerRange,
    /// The digits a sandwich sum leaves its row or column.
    SandwichSum,
    /// The digits a skyscraper clue leaves its row or column.
    Skyscrapers,
    /// The digits an X-sum leaves its row or column.
    XSum,
    /// The digits a quadruple leaves its four cells.
    Quadruple,
    /// What a killer cage's combinations leave.
    CageCombinations,
    /// The house-sum rule: innies and outies.
    HouseSum,
    /// Pointing and claiming between any two houses.
    LockedCandidates,
    /// A digit confined in a house to cells that one cell outside sees
    /// all of (through any rule: anti-knight, anti-king, cages ...).
    SharedPeers,
    /// Two cells with two digits between them.
    NakedPair,
    /// Two digits with two places.
    HiddenPair,
    /// Three cells with three digits.
    NakedTriple,
    /// Three digits with three places.
    HiddenTriple,
    /// A fish of two lines.
    XWing,
    /// Four cells with four digits.
    NakedQuad,
    /// Four digits with four places.
    HiddenQuad,
    /// A fish of three lines.
    Swordfish,
    /// A fish of four lines.
    Jellyfish,
}

impl Technique {
    /// The name people know it by.
    ///
    /// ```
    /// assert_eq!(sudoku_variants::logic::Technique::HouseSum.name(), "Innies and Outies");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::NonConsecutive => "Non-Consecutive Neighbours",
            Technique::NeighbourMarks => "Dot or XV Mark",
            Technique::Whispers => "Whispers Line",
            Technique::Palindrome => "Palindrome Line",
            Technique::Renban => "Renban Line",
            Technique::ThermometerRange => "Thermometer Range",
            Technique::ArrowRange => "Arrow Range",
            Technique::LittleKillerRange => "Little Killer Range",
            Technique::SandwichSum => "Sandwich Sum",
            Technique::Skyscrapers => "Skyscrapers",
            Technique::XSum => "X-Sum",
            Technique::Quadruple => "Quadruple",
            Technique::CageCombinations => "Cage Combinations",
            Technique::HouseSum => "Innies and Outies",
            Technique::LockedCandidates => "Locked Candidates",
            Technique::SharedPeers => "Shared Peers",
            Technique::NakedPair => "Naked Pair",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::XWing => "X-Wing",
            Technique::NakedQuad => "Naked Quad",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of the logic: a technique applied once. Cells are indices in
/// reading order (`row * size + column`), digits `1..=size`.
///
/// ```
/// use sudoku_variants::{logic, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// for (cell, d) in [(0, 1), (1, 2), (2, 3)] {
///     puzzle.set_given(cell, d).unwrap();
/// }
/// let step = logic::next_step(&logic::pencil_marks(&puzzle)).unwrap();
/// assert_eq!(step.technique, logic::Technique::FullHouse);
/// assert_eq!(step.placements, [(3, 4)]);
/// assert_eq!(step.houses, ["row 1"]);
/// assert_eq!(step.outcome_text(4), "r1c4=4");
/// assert_eq!(
///     step.to_string(),
///     "Full House: r1c4 is the last empty cell of row 1, so it takes the missing digit: r1c4=4."
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(CellIndex, u8)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(CellIndex, u8)>,
    /// The cells that make the pattern (for highlighting).
    pub cells: Vec<CellIndex>,
    /// The houses, cages or lines to look at, by name (`row 3`, `box 5`,
    /// `cage r1c1 (15)`, `the main diagonal`).
    pub houses: Vec<String>,
    /// One sentence that explains the step.
    pub explanation: String,
}

impl Step {
    /// The technique's name.
    pub fn name(&self) -> &'static str {
        self.technique.name()
    }

    /// What the step does without the why, on a grid of side `size`:
    /// `r3c5=7` for placements, `r1c5<>3, r1c7<>3` for eliminations, both
    /// joined by `; `.
    pub fn outcome_text(&self, size: usize) -> String {
        let cell = |c: CellIndex| format!("r{}c{}", c / size + 1, c % size + 1);
        let placed: Vec<String> = self
            .placements
            .iter()
            .map(|&(c, d)| format!("{}={d}", cell(c)))
            .collect();
        let removed: Vec<String> = self
            .eliminations
            .iter()
            .map(|&(c, d)| format!("{}<>{d}", cell(c)))
            .collect();
        [placed.join(", "), removed.join(", ")]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Step {
    /// The hint that gives nothing away: the technique and where to look.
    ///
    /// ```
    /// use sudoku_variants::{logic, Constraint, Puzzle};
    /// let mut puzzle = Puzzle::classic(4).unwrap();
    /// puzzle.add(Constraint::Cage { cells: vec![0, 1], total: Some(3) }).unwrap();
    /// let marks = logic::pencil_marks(&puzzle);
    /// let step = logic::next_step(&marks).unwrap();
    /// assert_eq!(step.nudge(), "Look for Cage Combinations in cage r1c1 (3).");
    /// assert_eq!(
    ///     step.nudge_with_cells(&marks),
    ///     "Look for Cage Combinations in cage r1c1 (3), among r1c1 and r1c2."
    /// );
    /// ```
    pub fn nudge(&self) -> String {
        format!("{}.", self.look_for())
    }

    /// [`Step::nudge`] with the empty cells of the pattern in `marks` (the
    /// marks the step was found in).
    pub fn nudge_with_cells(&self, marks: &Marks) -> String {
        let n = marks.size();
        let open: Vec<String> = self
            .cells
            .iter()
            .filter(|&&c| marks.value(c).is_none())
            .map(|&c| format!("r{}c{}", c / n + 1, c % n + 1))
            .collect();
        format!(
            "{}, among {}.",
            self.look_for(),
            techniques::and_list(&open)
        )
    }

    /// `Look for a Hidden Single in row 3`; names in the plural
    /// ("Cage Combinations") take no article.
    fn look_for(&self) -> String {
        let name = self.name();
        let article = if name.ends_with('s') {
            ""
        } else if name.starts_with(['A', 'E', 'I', 'O', 'X']) {
            "an "
        } else {
            "a "
        };
        let houses = techniques::and_list(&self.houses);
        format!("Look for {article}{name} in {houses}")
    }
}

impl fmt::Display for Step {
    /// `Hidden Single: In box 1, 4 can only go in r2c3, so r2c3=4.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name(), self.explanation)
    }
}

/// Why the logic did not reach the solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// The givens already break a rule.
    Invalid(Violation),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    MultipleSolutions,
    /// No technique applies to the position reached.
    NoTechnique,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Invalid(v) => write!(f, "the givens break a rule: {v}"),
            Stopped::NoSolution => f.write_str("the puzzle has no solution"),
            Stopped::MultipleSolutions => f.write_str("the puzzle has more than one solution"),
            Stopped::NoTechnique => {
                f.write_str("no known technique applies to the position reached")
            }
        }
    }
}

/// Every step from a puzzle to its solution, or to where logic stops.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Whether the steps fill the grid.
    pub solved: bool,
    /// Why the steps ended early, when they did.
    pub stopped: Option<Stopped>,
    /// The pencil marks after the last step.
    pub final_marks: Marks,
    /// The puzzle's solution, when it has exactly one (only [`explain`]
    /// looks for it).
    pub solution: Option<Vec<u8>>,
}

/// The pencil marks of a puzzle: its givens placed and every cell's
/// candidates left by its peers and rules (see [`Marks`]).
pub fn pencil_marks(puzzle: &Puzzle) -> Marks {
    Marks::new(puzzle)
}

/// The next step from pencil marks, or `None` when no technique applies
/// (or the grid is full).
///
/// ```
/// use sudoku_variants::{logic, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.add(Constraint::Cage { cells: vec![0, 1], total: Some(3) }).unwrap();
/// let step = logic::next_step(&logic::pencil_marks(&puzzle)).unwrap();
/// assert_eq!(step.technique, logic::Technique::CageCombinations);
/// assert!(step.explanation.contains("only one combination of different digits adding up to 3 fits the candidates, 1+2,"), "{}", step.explanation);
/// ```
pub fn next_step(marks: &Marks) -> Option<Step> {
    if marks.is_solved() {
        return None;
    }
    techniques::first_step(marks)
}

/// The puzzle's only solution, or why it has none: givens that break a
/// rule, no solution, or several.
///
/// ```
/// use sudoku_variants::{logic, Puzzle};
/// let open = Puzzle::classic(4).unwrap();
/// assert_eq!(logic::unique_solution(&open), Err(logic::Stopped::MultipleSolutions));
/// ```
pub fn unique_solution(puzzle: &Puzzle) -> Result<Vec<u8>, Stopped> {
    let answer: Result<_, Infallible> = unique_solution_by(puzzle, |p| Ok(search(p, 2)));
    match answer {
        Ok(answer) => answer,
    }
}

/// [`unique_solution`] with the search for two solutions run by the
/// caller, whose error (an interruption, say) is passed on.
///
/// ```
/// use sudoku_variants::{self as variants, logic, Puzzle};
/// let open = Puzzle::classic(4).unwrap();
/// let answer: Result<_, ()> = logic::unique_solution_by(&open, |p| Ok(variants::search(p, 2)));
/// assert_eq!(answer, Ok(Err(logic::Stopped::MultipleSolutions)));
/// ```
pub fn unique_solution_by<E>(
    puzzle: &Puzzle,
    search_two: impl FnOnce(&Puzzle) -> Result<Search, E>,
) -> Result<Result<Vec<u8>, Stopped>, E> {
    if let Some(v) = puzzle.violation(puzzle.givens()) {
        return Ok(Err(Stopped::Invalid(v)));
    }
    Ok(match Uniqueness::from(search_two(puzzle)?) {
        Uniqueness::None => Err(Stopped::NoSolution),
        Uniqueness::Multiple(_) => Err(Stopped::MultipleSolutions),
        Uniqueness::Unique(s) => Ok(s),
    })
}

/// The next step from a puzzle's givens, once it is known to have exactly
/// one solution: `Ok(None)` when the grid is full or no technique applies
/// (tell them apart with [`Marks::is_solved`] on [`pencil_marks`]).
///
/// ```
/// use sudoku_variants::{logic, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.add(Constraint::Thermometer { cells: vec![0, 1, 2, 3] }).unwrap();
/// assert_eq!(logic::hint(&puzzle), Err(logic::Stopped::MultipleSolutions));
/// for (cell, digit) in [(6, 1), (8, 2), (15, 3)] {
///     puzzle.set_given(cell, digit).unwrap();
/// }
/// let step = logic::hint(&puzzle).unwrap().unwrap();
/// assert_eq!(step.placements, [(9, 3)]); // "In row 3, 3 can only go in r3c2"
///
/// let mut clash = Puzzle::classic(4).unwrap();
/// clash.set_given(0, 1).unwrap();
/// clash.set_given(1, 1).unwrap();
/// assert!(matches!(logic::hint(&clash), Err(logic::Stopped::Invalid(_))));
/// ```
pub fn hint(puzzle: &Puzzle) -> Result<Option<Step>, Stopped> {
    unique_solution(puzzle)?;
    Ok(next_step(&pencil_marks(puzzle)))
}

/// Every step from a puzzle to the end. The puzzle must have exactly one
/// solution: otherwise the explanation has no steps and says why.
///
/// ```
/// use sudoku_variants::{logic, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// for diagonal in Constraint::diagonals(4) {
///     puzzle.add(diagonal).unwrap();
/// }
/// assert_eq!(logic::explain(&puzzle).stopped, Some(logic::Stopped::MultipleSolutions));
/// ```
pub fn explain(puzzle: &Puzzle) -> Explanation {
    explain_knowing(puzzle, unique_solution(puzzle))
}

/// [`explain`] with the answer of [`unique_solution`] found by the caller
/// (a front end that runs the search its own way, say interruptibly).
///
/// ```
/// use sudoku_variants::{logic, Puzzle};
/// let open = Puzzle::classic(4).unwrap();
/// let stopped = logic::explain_knowing(&open, Err(logic::Stopped::MultipleSolutions));
/// assert_eq!(stopped.stopped, Some(logic::Stopped::MultipleSolutions));
/// assert!(stopped.steps.is_empty());
/// ```
pub fn explain_knowing(puzzle: &Puzzle, unique: Result<Vec<u8>, Stopped>) -> Explanation {
    let start = pencil_marks(puzzle);
    match unique {
        Ok(solution) => Explanation {
            solution: Some(solution),
            ..explain_from(start)
        },
        Err(why) => Explanation {
            steps: Vec::new(),
            solved: false,
            stopped: Some(why),
            final_marks: start,
            solution: None,
        },
    }
}

/// Every step from pencil marks to the end, without looking for the
/// solution first (`solution` is `None`). The techniques are sound, so
/// every step holds in every solution there is.
///
/// ```
/// use sudoku_variants::{logic, Puzzle};
/// let open = logic::pencil_marks(&Puzzle::classic(4).unwrap());
/// let explanation = logic::explain_from(open);
/// assert_eq!(explanation.stopped, Some(logic::Stopped::NoTechnique));
/// assert!(explanation.steps.is_empty());
/// ```
pub fn explain_from(start: Marks) -> Explanation {
    let mut marks = start;
    let mut steps = Vec::new();
    while !marks.is_solved() {
        let Some(step) = next_step(&marks) else {
            break;
        };
        marks.apply(&step);
        steps.push(step);
    }
    let solved = marks.is_solved();
    Explanation {
        steps,
        solved,
        stopped: (!solved).then_some(Stopped::NoTechnique),
        final_marks: marks,
        solution: None,
    }
}

#[cfg(test)]
mod tests;
