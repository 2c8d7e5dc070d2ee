//! One step on a grid of any shape.

use std::fmt;

use sudoku_engine::sizes::Shape;

use crate::Technique;

/// One step of logical solving on a grid of any shape: a technique applied
/// once. The fields mirror [`crate::Step`]'s; cells are indices in reading
/// order, digits are numbers `1..=size`, houses are numbered rows, then
/// columns, then boxes (the engine's
/// [`Geometry`](sudoku_engine::sizes::Geometry)). The explanation names
/// them as the 9x9 steps do (`r10c12`, `row 3`, `column 5`, `b16`), with
/// digits written as numbers (`r2c3=12`).
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::{sizes::{next_step, SizedCandidates}, Technique};
/// let mut grid = SizedGrid::empty(Shape::for_size(16).unwrap());
/// for col in 0..15 {
///     grid.set(0, col, Some(col as u8 + 1));
/// }
/// let step = next_step(&SizedCandidates::from_grid(&grid)).unwrap();
/// assert_eq!(step.technique, Technique::FullHouse);
/// assert_eq!(step.placements, [(15, 16)]);
/// assert_eq!(step.houses, [0]);
/// assert_eq!(
///     step.to_string(),
///     "Full House (1.0): r1c16 is the last empty cell of row 1, so it takes the missing digit: r1c16=16."
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SizedStep {
    /// The grid's shape, to name cells and houses.
    pub shape: Shape,
    /// The technique used.
    pub technique: Technique,
    /// The step's rating: the technique's base rating, plus a length
    /// bonus for chains (see the module documentation for the scale).
    pub rating: f64,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
    /// The cells that make the pattern (for highlighting).
    pub cells: Vec<usize>,
    /// The houses a player should look at to find the step, chosen as for
    /// [`crate::Step::houses`]. Never empty.
    pub houses: Vec<usize>,
    /// The candidates that make the pattern: (cell, digit).
    pub candidates: Vec<(usize, u8)>,
    /// One sentence in standard notation that explains the step.
    pub explanation: String,
}

impl SizedStep {
    /// The technique's name.
    pub fn name(&self) -> &'static str {
        self.technique.name()
    }

    /// The rating in tenths (1.2 is 12).
    pub fn rating_tenths(&self) -> u16 {
        (self.rating * 10.0).round() as u16
    }

    /// The names of the step's houses: `row 3`, `column 12`, `b16`.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::{next_step, SizedCandidates};
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// for (row, d) in [(0, 1), (1, 2), (2, 3)] {
    ///     grid.set(row, 3, Some(d));
    /// }
    /// let step = next_step(&SizedCandidates::from_grid(&grid)).unwrap();
    /// assert_eq!(step.house_names(), ["column 4"]);
    /// ```
    pub fn house_names(&self) -> Vec<String> {
        self.houses
            .iter()
            .map(|&h| self.shape.house_name(h))
            .collect()
    }

    /// What the step does, without the why: `r3c5=7` for placements,
    /// `r1c5<>3, r1c7<>3` for eliminations, both joined by `; `.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::{next_step, SizedCandidates};
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// for (col, d) in [(0, 1), (1, 2), (2, 3)] {
    ///     grid.set(0, col, Some(d));
    /// }
    /// let step = next_step(&SizedCandidates::from_grid(&grid)).unwrap();
    /// assert_eq!(step.outcome_text(), "r1c4=4");
    /// ```
    pub fn outcome_text(&self) -> String {
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            parts.push(placement_list(self.shape, &self.placements));
        }
        if !self.eliminations.is_empty() {
            parts.push(elim_list(self.shape, &self.eliminations));
        }
        parts.join("; ")
    }
}

impl fmt::Display for SizedStep {
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

/// `r1c5<>3, r1c7<>3`.
pub(crate) fn elim_list(shape: Shape, elims: &[(usize, u8)]) -> String {
    elims
        .iter()
        .map(|&(c, d)| format!("{}<>{d}", shape.cell_name(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r3c5=7, r4c1=2`.
pub(crate) fn placement_list(shape: Shape, placements: &[(usize, u8)]) -> String {
    placements
        .iter()
        .map(|&(c, d)| format!("{}={d}", shape.cell_name(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `r1c1, r1c4`.
pub(crate) fn cell_list(shape: Shape, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| shape.cell_name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The digits of a mask with commas and a final "and": `3, 7 and 12`.
pub(crate) fn digit_words(mask: u64) -> String {
    let ds: Vec<String> = super::candidates::bits(mask)
        .map(|b| (b + 1).to_string())
        .collect();
    match ds.len() {
        0 => String::new(),
        1 => ds[0].clone(),
        n => format!("{} and {}", ds[..n - 1].join(", "), ds[n - 1]),
    }
}
