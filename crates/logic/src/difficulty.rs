//! Difficulty labels: bands of ratings on the Sudoku Explainer scale,
//! written once here for the solver, the generator and the command line.

use std::fmt;

/// The difficulty label derived from a rating.
///
/// | label | SE rating | what it takes |
/// |---|---|---|
/// | easy | 1.0-1.5 | full houses and hidden singles |
/// | medium | 1.6-2.9 | naked singles, pointing, claiming, direct pairs |
/// | hard | 3.0-4.4 | pairs, triples, X-Wing, Swordfish, XY- and XYZ-Wing |
/// | expert | 4.5-7.4 | uniqueness, quads, Jellyfish, BUG, chains and loops |
/// | extreme | 7.5 and up | Nishio, cell/region and dynamic forcing chains |
///
/// ```
/// use sudoku_logic::Difficulty;
/// assert_eq!(Difficulty::from_rating(1.2), Difficulty::Easy);
/// assert_eq!(Difficulty::from_rating(7.1), Difficulty::Expert);
/// assert_eq!(Difficulty::from_rating(8.3).to_string(), "extreme");
/// assert_eq!(Difficulty::Hard.range(), (30, 44));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Difficulty {
    /// Singles found by scanning.
    Easy,
    /// Naked singles and intersections.
    Medium,
    /// Subsets, basic fish, wings.
    Hard,
    /// Uniqueness, big subsets, chains.
    Expert,
    /// Forcing chains.
    Extreme,
}

impl Difficulty {
    /// Every label, easiest first.
    ///
    /// ```
    /// use sudoku_logic::Difficulty;
    /// assert_eq!(Difficulty::ALL.map(|d| d.name()).join(" "), "easy medium hard expert extreme");
    /// ```
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];

    /// The ratings the label covers, in tenths: `(lowest, highest)`, both
    /// included. Extreme has no upper end: its highest is `u16::MAX`.
    ///
    /// ```
    /// use sudoku_logic::Difficulty;
    /// assert_eq!(Difficulty::Easy.range(), (10, 15));
    /// assert_eq!(Difficulty::Extreme.range(), (75, u16::MAX));
    /// ```
    pub const fn range(self) -> (u16, u16) {
        match self {
            Difficulty::Easy => (10, 15),
            Difficulty::Medium => (16, 29),
            Difficulty::Hard => (30, 44),
            Difficulty::Expert => (45, 74),
            Difficulty::Extreme => (75, u16::MAX),
        }
    }

    /// The range as people write it: `1.0-1.5`, or `7.5 and up`.
    ///
    /// ```
    /// use sudoku_logic::Difficulty;
    /// assert_eq!(Difficulty::Medium.range_text(), "1.6-2.9");
    /// assert_eq!(Difficulty::Extreme.range_text(), "7.5 and up");
    /// ```
    pub fn range_text(self) -> String {
        let tenths = |t: u16| format!("{}.{}", t / 10, t % 10);
        match self.range() {
            (low, u16::MAX) => format!("{} and up", tenths(low)),
            (low, high) => format!("{}-{}", tenths(low), tenths(high)),
        }
    }

    /// The label for a rating on the Sudoku Explainer scale.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Difficulty::from_rating(4.4).name(), "hard");
    /// ```
    pub fn from_rating(rating: f64) -> Difficulty {
        let t = (rating * 10.0).round() as i64;
        Difficulty::ALL
            .into_iter()
            .find(|d| t <= i64::from(d.range().1))
            .unwrap_or(Difficulty::Extreme)
    }

    /// The label for a rating in tenths (4.4 is 44).
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Difficulty::from_tenths(45).name(), "expert");
    /// ```
    pub fn from_tenths(tenths: u16) -> Difficulty {
        Difficulty::from_rating(f64::from(tenths) / 10.0)
    }

    /// `easy`, `medium`, `hard`, `expert` or `extreme`.
    ///
    /// ```
    /// assert_eq!(sudoku_logic::Difficulty::Expert.name(), "expert");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Difficulty {
    /// The label's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
