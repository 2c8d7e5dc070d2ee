//! Steps: one application of a technique, with what it does and why.

use std::fmt;

use sudoku_engine::{Cell, Digit, DigitSet, House};

use crate::Technique;

/// One candidate: a digit in a cell. Used for placements, eliminations and
/// the candidates that prove a step.
///
/// ```
/// use sudoku_engine::{Cell, Digit};
/// use sudoku_logic::Candidate;
///
/// let c = Candidate::new(Cell::at(1, 2), Digit::new(5));
/// assert_eq!(c, Candidate::from_index(11, 5));
/// assert_eq!(c.cell_name(), "r2c3");
/// assert_eq!(c.placement_text(), "r2c3=5");
/// assert_eq!(c.elimination_text(), "r2c3<>5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// A candidate from a cell and a digit.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit};
    /// let c = sudoku_logic::Candidate::new(Cell::new(0), Digit::new(9));
    /// assert_eq!(c.placement_text(), "r1c1=9");
    /// ```
    #[inline]
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }

    /// A candidate from a cell index (0-80, reading order) and a digit (1-9).
    ///
    /// # Panics
    /// When the cell is 81 or more or the digit is not 1-9.
    ///
    /// ```
    /// let c = sudoku_logic::Candidate::from_index(80, 1);
    /// assert_eq!(c.elimination_text(), "r9c9<>1");
    /// ```
    #[inline]
    pub const fn from_index(cell: usize, digit: u8) -> Candidate {
        Candidate {
            cell: Cell::new(cell),
            digit: Digit::new(digit),
        }
    }

    /// The cell's standard name, `r3c5` (the cell's `Display`).
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Candidate::from_index(40, 2).cell_name(), "r5c5");
    /// ```
    pub fn cell_name(&self) -> String {
        self.cell.to_string()
    }

    /// `r3c5=7`: the digit goes in the cell.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Candidate::from_index(22, 7).placement_text(), "r3c5=7");
    /// ```
    pub fn placement_text(&self) -> String {
        format!("{}={}", self.cell, self.digit)
    }

    /// `r3c5<>7`: the digit is removed from the cell.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Candidate::from_index(22, 7).elimination_text(), "r3c5<>7");
    /// ```
    pub fn elimination_text(&self) -> String {
        format!("{}<>{}", self.cell, self.digit)
    }
}

/// One step of logical solving: a technique applied once.
///
/// Everything a front end needs is in public fields: the technique and its
/// rating, the digits it places, the candidates it removes, the cells and
/// candidates that make the pattern (to highlight), and one sentence that
/// explains it in standard notation.
///
/// ```
/// use sudoku_engine::Grid;
/// use sudoku_logic::{next_step, Candidates, Technique};
///
/// let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let step = next_step(&Candidates::from_grid(&grid)).unwrap();
/// assert_eq!(step.technique, Technique::HiddenSingleBox);
/// assert_eq!(step.rating, 1.2);
/// let p = step.placements[0];
/// println!("{}: {} ({})", step.technique, p.placement_text(), step.explanation);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// The step's rating on the Sudoku Explainer scale (one decimal).
    pub rating: f64,
    /// Digits placed by the step.
    pub placements: Vec<Candidate>,
    /// Candidates removed by the step.
    pub eliminations: Vec<Candidate>,
    /// The cells that make the pattern (for highlighting).
    pub cells: Vec<Cell>,
    /// The house or houses a player should look at to find this step:
    /// where a hint points without giving the answer away. Never empty.
    ///
    /// | technique | houses |
    /// |---|---|
    /// | Full House, Hidden Single | the house |
    /// | Naked Single | the cell's box |
    /// | Pointing, Claiming | the house the digit is confined to, then the one it is removed from (then, for the direct forms, the house of the hidden single that follows) |
    /// | naked and hidden sets | the house of the set |
    /// | fish | the base lines (and, for finned fish, the fins' box) |
    /// | XY-Wing, XYZ-Wing | the houses joining the pivot to each pincer |
    /// | Unique Rectangles and Loops | the houses joining each cell of the loop to the next (and the house of the set of type 3 or of the locked digit of type 4) |
    /// | BUG | the houses where a digit has neither none nor two places, which show the extra candidates (and the house of the naked set of type 3 or of the shared digit of type 4) |
    /// | Aligned Pair Exclusion | the houses joining the two cells, and each to the bivalue cells that exclude |
    /// | ALS-XZ | the houses of the two sets |
    /// | chains and loops | the house of the first link between two cells |
    /// | Region Forcing Chain | the region |
    /// | other forcing chains | the house of the first link between two cells of each branch |
    ///
    /// Houses joining two cells are taken in the order row, column, box;
    /// sets of houses are listed rows first, then columns, then boxes,
    /// except for pointing and claiming (in the order above) and chains (in
    /// the order of the branches). When a chain has no link between two
    /// cells, the box of the cell it starts from.
    pub houses: Vec<House>,
    /// The candidates that make the pattern or the chain (for highlighting).
    pub candidates: Vec<Candidate>,
    /// One sentence in standard notation that explains the step.
    pub explanation: String,
}

impl Step {
    /// The technique's name, with the chain kind where it matters.
    ///
    /// ```
    /// use sudoku_logic::{next_step, Candidates};
    /// let marks = Candidates::from_grid(&sudoku_engine::Grid::empty().solve().unwrap());
    /// assert!(next_step(&marks).is_none());
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert_eq!(next_step(&Candidates::from_grid(&grid)).unwrap().name(), "Hidden Single");
    /// ```
    pub fn name(&self) -> &'static str {
        self.technique.name()
    }

    /// The rating in tenths (1.2 is 12), handy for comparisons.
    ///
    /// ```
    /// use sudoku_logic::{next_step, Candidates};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert_eq!(next_step(&Candidates::from_grid(&grid)).unwrap().rating_tenths(), 12);
    /// ```
    pub fn rating_tenths(&self) -> u16 {
        (self.rating * 10.0).round() as u16
    }

    /// The placements and eliminations in short form:
    /// `r1c2=5; r3c4<>7, r3c5<>7`.
    ///
    /// ```
    /// use sudoku_logic::{next_step, Candidates};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// assert_eq!(next_step(&Candidates::from_grid(&grid)).unwrap().outcome_text(), "r2c2=6");
    /// ```
    pub fn outcome_text(&self) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            parts.push(
                self.placements
                    .iter()
                    .map(Candidate::placement_text)
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        if !self.eliminations.is_empty() {
            parts.push(
                self.eliminations
                    .iter()
                    .map(Candidate::elimination_text)
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        parts.join("; ")
    }
}

impl fmt::Display for Step {
    /// `Hidden Single (1.2): ...explanation...`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({:.1}): {}",
            self.name(),
            self.rating,
            self.explanation
        )
    }
}

/// Rating from tenths.
#[inline]
pub(crate) fn rating(tenths: u16) -> f64 {
    f64::from(tenths) / 10.0
}

/// Builds the sentence tail listing eliminations: `r1c5<>3, r1c7<>3`.
pub(crate) fn elim_list(elims: &[Candidate]) -> String {
    elims
        .iter()
        .map(Candidate::elimination_text)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A cell list: `r1c1, r1c4`.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    cells
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Digits with commas and a final "and": `3, 7 and 9`.
pub(crate) fn digit_words(digits: DigitSet) -> String {
    let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    match ds.len() {
        0 => String::new(),
        1 => ds[0].clone(),
        n => format!("{} and {}", ds[..n - 1].join(", "), ds[n - 1]),
    }
}
