//! Steps: one application of a technique, with what it does and why.

use std::fmt;

use sudoku_engine::{Cell, Digit, DigitSet};

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

/// A solving technique. Ratings follow Sudoku Explainer (SE); see
/// [`Technique::base_rating`] and the crate documentation for the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a row, column or box (1.0).
    FullHouse,
    /// The only place for a digit in a box (1.2).
    HiddenSingleBox,
    /// The only place for a digit in a row (1.5).
    HiddenSingleRow,
    /// The only place for a digit in a column (1.5).
    HiddenSingleColumn,
    /// A pointing elimination that leaves a hidden single (1.7).
    DirectPointing,
    /// A claiming elimination that leaves a hidden single (1.9).
    DirectClaiming,
    /// A hidden pair that leaves a hidden single (2.0).
    DirectHiddenPair,
    /// The only candidate left in a cell (2.3).
    NakedSingle,
    /// A hidden triple that leaves a hidden single (2.5).
    DirectHiddenTriple,
    /// A box's digit confined to one row or column (2.6).
    Pointing,
    /// A row's or column's digit confined to one box (2.8).
    Claiming,
    /// Two cells of a unit holding the same two candidates (3.0).
    NakedPair,
    /// Two-line fish (3.2).
    XWing,
    /// Two digits confined to two cells of a unit (3.4).
    HiddenPair,
    /// Three cells of a unit holding three candidates between them (3.6).
    NakedTriple,
    /// Three-line fish (3.8).
    Swordfish,
    /// Three digits confined to three cells of a unit (4.0).
    HiddenTriple,
    /// Pivot xy with pincers xz and yz (4.2).
    XYWing,
    /// Pivot xyz with pincers xz and yz (4.4).
    XYZWing,
    /// Unique rectangle type 1 (4.5).
    UniqueRectangle1,
    /// Unique rectangle type 2 (4.5).
    UniqueRectangle2,
    /// Unique rectangle type 3, with a naked or hidden set (4.6 and up).
    UniqueRectangle3,
    /// Unique rectangle type 4 (4.5).
    UniqueRectangle4,
    /// A unique loop of 6 or more cells (4.6 and up).
    UniqueLoop,
    /// Four cells of a unit holding four candidates between them (5.0).
    NakedQuad,
    /// Four-line fish (5.2).
    Jellyfish,
    /// Four digits confined to four cells of a unit (5.4).
    HiddenQuad,
    /// Bivalue universal grave plus one (5.6).
    BugPlus1,
    /// BUG type 2 (5.7).
    Bug2,
    /// BUG type 3 (5.8 and up).
    Bug3,
    /// BUG type 4 (5.7).
    Bug4,
    /// Aligned pair exclusion (6.2).
    AlignedPairExclusion,
    /// X-Wing with fins in one box (3.4; not in Sudoku Explainer).
    FinnedXWing,
    /// Swordfish with fins in one box (4.0; not in Sudoku Explainer).
    FinnedSwordfish,
    /// Jellyfish with fins in one box (5.4; not in Sudoku Explainer).
    FinnedJellyfish,
    /// Two almost locked sets with a restricted common digit (5.8; not in
    /// Sudoku Explainer).
    AlsXz,
    /// A continuous loop of strong and weak links on one digit (6.5 and up).
    XCycle,
    /// A continuous loop of bivalue cells (6.5 and up).
    XYCycle,
    /// Two parallel strong links on one digit whose ends see each other (6.6).
    Skyscraper,
    /// A row and a column strong link on one digit joined in a box (6.6).
    TwoStringKite,
    /// Any other chain of two strong links on one digit (6.6).
    TurbotFish,
    /// An alternating chain on one digit (6.6 and up).
    XChain,
    /// Two cells with the same two candidates joined by a strong link (7.1).
    WWing,
    /// A chain of bivalue cells (7.0 and up).
    XYChain,
    /// An alternating inference chain mixing cells and digits (7.0 and up).
    Aic,
    /// A continuous alternating inference loop (7.0 and up).
    AicLoop,
    /// A single-digit assumption that leads to a contradiction (7.5 and up).
    NishioForcingChain,
    /// Every candidate of a cell forces the same conclusion (8.0 and up).
    CellForcingChain,
    /// Every place for a digit in a unit forces the same conclusion (8.0 and up).
    RegionForcingChain,
    /// An assumption that leads to a contradiction, following every
    /// consequence (8.5 and up).
    DynamicContradictionChain,
    /// A candidate both true and false forces the same conclusion (8.5 and up).
    DynamicDoubleChain,
    /// Dynamic cell forcing chains (8.5 and up).
    DynamicCellForcingChain,
    /// Dynamic region forcing chains (8.5 and up).
    DynamicRegionForcingChain,
    /// Dynamic contradiction chains that also use intersections, pairs and
    /// X-Wings along the way (9.0 and up).
    DynamicContradictionChainPlus,
    /// Dynamic double forcing chains, with intersections, pairs and X-Wings (9.0 and up).
    DynamicDoubleChainPlus,
    /// Dynamic cell forcing chains, with intersections, pairs and X-Wings (9.0 and up).
    DynamicCellForcingChainPlus,
    /// Dynamic region forcing chains, with intersections, pairs and X-Wings (9.0 and up).
    DynamicRegionForcingChainPlus,
    /// Dynamic forcing chains whose steps use forcing chains themselves (9.5 and up).
    NestedForcingChain,
}

impl Technique {
    /// Every technique, in the order the solver tries them.
    pub const ALL: [Technique; 58] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleRow,
        Technique::HiddenSingleColumn,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlus1,
        Technique::Bug2,
        Technique::Bug3,
        Technique::Bug4,
        Technique::AlignedPairExclusion,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::AlsXz,
        Technique::XCycle,
        Technique::XYCycle,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XChain,
        Technique::WWing,
        Technique::XYChain,
        Technique::Aic,
        Technique::AicLoop,
        Technique::NishioForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::DynamicContradictionChain,
        Technique::DynamicDoubleChain,
        Technique::DynamicCellForcingChain,
        Technique::DynamicRegionForcingChain,
        Technique::DynamicContradictionChainPlus,
        Technique::DynamicDoubleChainPlus,
        Technique::DynamicCellForcingChainPlus,
        Technique::DynamicRegionForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// The technique's usual name, e.g. `Hidden Single`, `X-Wing`.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingleBox | HiddenSingleRow | HiddenSingleColumn => "Hidden Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            NakedSingle => "Naked Single",
            DirectHiddenTriple => "Direct Hidden Triple",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked Pair",
            XWing => "X-Wing",
            HiddenPair => "Hidden Pair",
            NakedTriple => "Naked Triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden Triple",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            UniqueRectangle1 => "Unique Rectangle Type 1",
            UniqueRectangle2 => "Unique Rectangle Type 2",
            UniqueRectangle3 => "Unique Rectangle Type 3",
            UniqueRectangle4 => "Unique Rectangle Type 4",
            UniqueLoop => "Unique Loop",
            NakedQuad => "Naked Quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden Quad",
            BugPlus1 => "BUG+1",
            Bug2 => "BUG Type 2",
            Bug3 => "BUG Type 3",
            Bug4 => "BUG Type 4",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            FinnedXWing => "Finned X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            FinnedJellyfish => "Finned Jellyfish",
            AlsXz => "ALS-XZ",
            XCycle => "X-Cycle",
            XYCycle => "XY-Cycle",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            TurbotFish => "Turbot Fish",
            XChain => "X-Chain",
            WWing => "W-Wing",
            XYChain => "XY-Chain",
            Aic => "AIC",
            AicLoop => "AIC Loop",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChain => "Cell Forcing Chain",
            RegionForcingChain => "Region Forcing Chain",
            DynamicContradictionChain => "Dynamic Contradiction Forcing Chain",
            DynamicDoubleChain => "Dynamic Double Forcing Chain",
            DynamicCellForcingChain => "Dynamic Cell Forcing Chain",
            DynamicRegionForcingChain => "Dynamic Region Forcing Chain",
            DynamicContradictionChainPlus => "Dynamic Contradiction Forcing Chain (+)",
            DynamicDoubleChainPlus => "Dynamic Double Forcing Chain (+)",
            DynamicCellForcingChainPlus => "Dynamic Cell Forcing Chain (+)",
            DynamicRegionForcingChainPlus => "Dynamic Region Forcing Chain (+)",
            NestedForcingChain => "Nested Forcing Chain",
        }
    }

    /// The lowest rating a step of this technique gets on the Sudoku
    /// Explainer scale; chains add a length bonus, some patterns a size
    /// bonus.
    pub fn base_rating(self) -> f64 {
        use Technique::*;
        let tenths: u16 = match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleRow | HiddenSingleColumn => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            XYWing => 42,
            XYZWing => 44,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => 45,
            UniqueRectangle3 | UniqueLoop => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            BugPlus1 => 56,
            Bug2 | Bug4 => 57,
            Bug3 => 58,
            AlignedPairExclusion => 62,
            FinnedXWing => 34,
            FinnedSwordfish => 40,
            FinnedJellyfish => 54,
            AlsXz => 58,
            XCycle | XYCycle => 65,
            Skyscraper | TwoStringKite | TurbotFish | XChain => 66,
            XYChain | Aic | AicLoop => 70,
            WWing => 71,
            NishioForcingChain => 75,
            CellForcingChain | RegionForcingChain => 80,
            DynamicContradictionChain
            | DynamicDoubleChain
            | DynamicCellForcingChain
            | DynamicRegionForcingChain => 85,
            DynamicContradictionChainPlus
            | DynamicDoubleChainPlus
            | DynamicCellForcingChainPlus
            | DynamicRegionForcingChainPlus => 90,
            NestedForcingChain => 95,
        };
        f64::from(tenths) / 10.0
    }

    /// Whether the technique assumes the puzzle has a single solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | UniqueLoop
                | BugPlus1
                | Bug2
                | Bug3
                | Bug4
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    /// The candidates that make the pattern or the chain (for highlighting).
    pub candidates: Vec<Candidate>,
    /// One sentence in standard notation that explains the step.
    pub explanation: String,
}

impl Step {
    /// The technique's name, with the chain kind where it matters.
    pub fn name(&self) -> &'static str {
        self.technique.name()
    }

    /// The rating in tenths (1.2 is 12), handy for comparisons.
    pub fn rating_tenths(&self) -> u16 {
        (self.rating * 10.0).round() as u16
    }

    /// The placements and eliminations in short form:
    /// `r1c2=5; r3c4<>7, r3c5<>7`.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn technique_list_is_complete() {
        let mut seen = std::collections::HashSet::new();
        for t in Technique::ALL {
            assert!(seen.insert(t), "{t:?} twice");
            assert!(!t.name().is_empty());
            assert!((1.0..=9.5).contains(&t.base_rating()));
        }
        assert_eq!(Technique::NestedForcingChain.base_rating(), 9.5);
        assert!(Technique::BugPlus1.needs_uniqueness() && !Technique::XWing.needs_uniqueness());
    }
}
