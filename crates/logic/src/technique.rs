//! The techniques the solver knows, and everything fixed about each in one
//! table: its name, its base rating on the Sudoku Explainer scale, whether
//! it assumes a unique solution and whether Sudoku Explainer has it. The
//! solver's tiers, the ratings the techniques give and the documentation
//! tables all come from (or are tested against) this table.

use std::fmt;

use crate::Difficulty;

/// A solving technique. Ratings follow Sudoku Explainer (SE); see
/// [`Technique::base_rating`] and the crate documentation for the table.
///
/// ```
/// use sudoku_logic::Technique;
/// let t = Technique::XWing;
/// assert_eq!((t.name(), t.base_rating(), t.needs_uniqueness()), ("X-Wing", 3.2, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse,
    /// The only place for a digit in a box.
    HiddenSingleBox,
    /// The only place for a digit in a row.
    HiddenSingleRow,
    /// The only place for a digit in a column.
    HiddenSingleColumn,
    /// A pointing elimination that leaves a hidden single.
    DirectPointing,
    /// A claiming elimination that leaves a hidden single.
    DirectClaiming,
    /// A hidden pair that leaves a hidden single.
    DirectHiddenPair,
    /// The only candidate left in a cell.
    NakedSingle,
    /// A hidden triple that leaves a hidden single.
    DirectHiddenTriple,
    /// A box's digit confined to one row or column.
    Pointing,
    /// A row's or column's digit confined to one box.
    Claiming,
    /// Two cells of a unit holding the same two candidates.
    NakedPair,
    /// Two-line fish.
    XWing,
    /// Two digits confined to two cells of a unit.
    HiddenPair,
    /// Three cells of a unit holding three candidates between them.
    NakedTriple,
    /// Three-line fish.
    Swordfish,
    /// Three digits confined to three cells of a unit.
    HiddenTriple,
    /// Pivot xy with pincers xz and yz.
    XYWing,
    /// Pivot xyz with pincers xz and yz.
    XYZWing,
    /// Unique rectangle type 1.
    UniqueRectangle1,
    /// Unique rectangle type 2.
    UniqueRectangle2,
    /// Unique rectangle type 3, with a naked or hidden set.
    UniqueRectangle3,
    /// Unique rectangle type 4.
    UniqueRectangle4,
    /// A unique loop of 6 or more cells.
    UniqueLoop,
    /// Four cells of a unit holding four candidates between them.
    NakedQuad,
    /// Four-line fish.
    Jellyfish,
    /// Four digits confined to four cells of a unit.
    HiddenQuad,
    /// Bivalue universal grave plus one.
    BugPlus1,
    /// BUG type 2.
    Bug2,
    /// BUG type 3.
    Bug3,
    /// BUG type 4.
    Bug4,
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// X-Wing with fins in one box (not in Sudoku Explainer).
    FinnedXWing,
    /// Swordfish with fins in one box (not in Sudoku Explainer).
    FinnedSwordfish,
    /// Jellyfish with fins in one box (not in Sudoku Explainer).
    FinnedJellyfish,
    /// Two almost locked sets with a restricted common digit (not in
    /// Sudoku Explainer).
    AlsXz,
    /// A continuous loop of strong and weak links on one digit.
    XCycle,
    /// A continuous loop of bivalue cells.
    XYCycle,
    /// Two parallel strong links on one digit whose ends see each other.
    Skyscraper,
    /// A row and a column strong link on one digit joined in a box.
    TwoStringKite,
    /// Any other chain of two strong links on one digit.
    TurbotFish,
    /// An alternating chain on one digit.
    XChain,
    /// Two cells with the same two candidates joined by a strong link.
    WWing,
    /// A chain of bivalue cells.
    XYChain,
    /// An alternating inference chain mixing cells and digits.
    Aic,
    /// A continuous alternating inference loop.
    AicLoop,
    /// A single-digit assumption that leads to a contradiction.
    NishioForcingChain,
    /// Every candidate of a cell forces the same conclusion.
    CellForcingChain,
    /// Every place for a digit in a unit forces the same conclusion.
    RegionForcingChain,
    /// An assumption that leads to a contradiction, following every
    /// consequence.
    DynamicContradictionChain,
    /// A candidate both true and false forces the same conclusion.
    DynamicDoubleChain,
    /// Dynamic cell forcing chains.
    DynamicCellForcingChain,
    /// Dynamic region forcing chains.
    DynamicRegionForcingChain,
    /// Dynamic contradiction chains that also use intersections, pairs and
    /// X-Wings along the way.
    DynamicContradictionChainPlus,
    /// Dynamic double forcing chains, with intersections, pairs and X-Wings.
    DynamicDoubleChainPlus,
    /// Dynamic cell forcing chains, with intersections, pairs and X-Wings.
    DynamicCellForcingChainPlus,
    /// Dynamic region forcing chains, with intersections, pairs and X-Wings.
    DynamicRegionForcingChainPlus,
    /// Dynamic forcing chains whose steps use forcing chains themselves.
    NestedForcingChain,
}

/// One row of [`TABLE`]: everything fixed about a technique.
struct Row {
    technique: Technique,
    name: &'static str,
    /// The base rating, in tenths.
    tenths: u16,
    /// Assumes the puzzle has a single solution.
    uniqueness: bool,
    /// Not in Sudoku Explainer: only with
    /// [`crate::Solver::with_extra_techniques`].
    extra: bool,
}

/// A technique of Sudoku Explainer.
const fn se(technique: Technique, name: &'static str, tenths: u16) -> Row {
    Row {
        technique,
        name,
        tenths,
        uniqueness: false,
        extra: false,
    }
}

/// A technique of Sudoku Explainer that assumes a single solution.
const fn unique(technique: Technique, name: &'static str, tenths: u16) -> Row {
    Row {
        uniqueness: true,
        ..se(technique, name, tenths)
    }
}

/// A technique Sudoku Explainer does not have (rated by us).
const fn extra(technique: Technique, name: &'static str, tenths: u16) -> Row {
    Row {
        extra: true,
        ..se(technique, name, tenths)
    }
}

/// Every technique, in the order of [`Technique`]: its name, its base
/// rating in tenths (the rating of its simplest step; chains and some
/// patterns add a length or size bonus on top), and its flags.
const TABLE: [Row; 58] = {
    use Technique::*;
    [
        se(FullHouse, "Full House", 10),
        se(HiddenSingleBox, "Hidden Single", 12),
        se(HiddenSingleRow, "Hidden Single", 15),
        se(HiddenSingleColumn, "Hidden Single", 15),
        se(DirectPointing, "Direct Pointing", 17),
        se(DirectClaiming, "Direct Claiming", 19),
        se(DirectHiddenPair, "Direct Hidden Pair", 20),
        se(NakedSingle, "Naked Single", 23),
        se(DirectHiddenTriple, "Direct Hidden Triple", 25),
        se(Pointing, "Pointing", 26),
        se(Claiming, "Claiming", 28),
        se(NakedPair, "Naked Pair", 30),
        se(XWing, "X-Wing", 32),
        se(HiddenPair, "Hidden Pair", 34),
        se(NakedTriple, "Naked Triple", 36),
        se(Swordfish, "Swordfish", 38),
        se(HiddenTriple, "Hidden Triple", 40),
        se(XYWing, "XY-Wing", 42),
        se(XYZWing, "XYZ-Wing", 44),
        unique(UniqueRectangle1, "Unique Rectangle Type 1", 45),
        unique(UniqueRectangle2, "Unique Rectangle Type 2", 45),
        unique(UniqueRectangle3, "Unique Rectangle Type 3", 46),
        unique(UniqueRectangle4, "Unique Rectangle Type 4", 45),
        unique(UniqueLoop, "Unique Loop", 46),
        se(NakedQuad, "Naked Quad", 50),
        se(Jellyfish, "Jellyfish", 52),
        se(HiddenQuad, "Hidden Quad", 54),
        unique(BugPlus1, "BUG+1", 56),
        unique(Bug2, "BUG Type 2", 57),
        unique(Bug3, "BUG Type 3", 58),
        unique(Bug4, "BUG Type 4", 57),
        se(AlignedPairExclusion, "Aligned Pair Exclusion", 62),
        extra(FinnedXWing, "Finned X-Wing", 34),
        extra(FinnedSwordfish, "Finned Swordfish", 40),
        extra(FinnedJellyfish, "Finned Jellyfish", 54),
        extra(AlsXz, "ALS-XZ", 58),
        se(XCycle, "X-Cycle", 65),
        se(XYCycle, "XY-Cycle", 65),
        se(Skyscraper, "Skyscraper", 66),
        se(TwoStringKite, "2-String Kite", 66),
        se(TurbotFish, "Turbot Fish", 66),
        se(XChain, "X-Chain", 66),
        se(WWing, "W-Wing", 71),
        se(XYChain, "XY-Chain", 70),
        se(Aic, "AIC", 70),
        se(AicLoop, "AIC Loop", 70),
        se(NishioForcingChain, "Nishio Forcing Chain", 75),
        se(CellForcingChain, "Cell Forcing Chain", 80),
        se(RegionForcingChain, "Region Forcing Chain", 80),
        se(
            DynamicContradictionChain,
            "Dynamic Contradiction Forcing Chain",
            85,
        ),
        se(DynamicDoubleChain, "Dynamic Double Forcing Chain", 85),
        se(DynamicCellForcingChain, "Dynamic Cell Forcing Chain", 85),
        se(
            DynamicRegionForcingChain,
            "Dynamic Region Forcing Chain",
            85,
        ),
        se(
            DynamicContradictionChainPlus,
            "Dynamic Contradiction Forcing Chain (+)",
            90,
        ),
        se(
            DynamicDoubleChainPlus,
            "Dynamic Double Forcing Chain (+)",
            90,
        ),
        se(
            DynamicCellForcingChainPlus,
            "Dynamic Cell Forcing Chain (+)",
            90,
        ),
        se(
            DynamicRegionForcingChainPlus,
            "Dynamic Region Forcing Chain (+)",
            90,
        ),
        se(NestedForcingChain, "Nested Forcing Chain", 95),
    ]
};

// Each row sits at its technique's index, so a lookup is one array access.
const _: () = {
    let mut i = 0;
    while i < TABLE.len() {
        assert!(
            TABLE[i].technique as usize == i,
            "TABLE is in the order of Technique"
        );
        i += 1;
    }
};

impl Technique {
    /// Every technique, in the order of the technique table (the order the
    /// solver tries them, except that the extra techniques are each tried
    /// right after the technique of their rating).
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert_eq!(Technique::ALL.len(), 58);
    /// assert_eq!(Technique::ALL[0], Technique::FullHouse);
    /// ```
    pub const ALL: [Technique; 58] = {
        let mut out = [Technique::FullHouse; 58];
        let mut i = 0;
        while i < TABLE.len() {
            out[i] = TABLE[i].technique;
            i += 1;
        }
        out
    };

    #[inline]
    const fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The technique's usual name, e.g. `Hidden Single`, `X-Wing`.
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert_eq!(Technique::HiddenSingleBox.name(), "Hidden Single");
    /// assert_eq!(Technique::XYZWing.to_string(), "XYZ-Wing");
    /// ```
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The rating of the technique's simplest step on the Sudoku Explainer
    /// scale; chains add a length bonus, some patterns a size bonus.
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert_eq!(Technique::XWing.base_rating(), 3.2);
    /// ```
    pub fn base_rating(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }

    /// [`Technique::base_rating`] in tenths (3.2 is 32).
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Technique::NakedSingle.base_tenths(), 23);
    /// ```
    pub const fn base_tenths(self) -> u16 {
        self.row().tenths
    }

    /// Whether the technique assumes the puzzle has a single solution.
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert!(Technique::BugPlus1.needs_uniqueness());
    /// assert!(!Technique::XWing.needs_uniqueness());
    /// ```
    pub const fn needs_uniqueness(self) -> bool {
        self.row().uniqueness
    }

    /// Whether the technique is one Sudoku Explainer does not have, used
    /// only with [`crate::Solver::with_extra_techniques`].
    ///
    /// ```
    /// use sudoku_logic::Technique;
    /// assert!(Technique::AlsXz.is_extra());
    /// assert!(!Technique::Aic.is_extra());
    /// ```
    pub const fn is_extra(self) -> bool {
        self.row().extra
    }

    /// The difficulty label of the technique's base rating.
    ///
    /// ```
    /// use sudoku_logic::{Difficulty, Technique};
    /// assert_eq!(Technique::Swordfish.difficulty(), Difficulty::Hard);
    /// ```
    pub fn difficulty(self) -> Difficulty {
        Difficulty::from_tenths(self.base_tenths())
    }
}

impl fmt::Display for Technique {
    /// The technique's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
