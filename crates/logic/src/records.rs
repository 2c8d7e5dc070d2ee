//! The records `sudoku rate`, `sudoku explain` and `sudoku hint` print as
//! JSON, defined once for every front end (the command, the Python package,
//! the web page). With the `serde` feature they implement `Serialize` and
//! `Deserialize`; the field names and values are those documented in the
//! project's `docs/json.md`.
//!
//! ```
//! use sudoku_engine::Grid;
//! use sudoku_logic::records::{RatingRecord, StepRecord};
//!
//! let grid: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse().unwrap();
//! let path = sudoku_logic::solve_path(&grid);
//! let record = RatingRecord::new(1, None, 1, grid.to_line(), &path.rating()).with_steps(&path.steps);
//! assert_eq!(record.technique, "Hidden Single");
//! assert_eq!(record.steps.as_ref().unwrap()[0], StepRecord::from(&path.steps[0]));
//! ```

use crate::hint::{Hint, HintLevel, HintStatus, Mistake};
use crate::{Candidate, Difficulty, Rating, Step};
use sudoku_engine::{Cell, House};

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One step as the JSON records carry it: `{"technique": "Hidden Single",
/// "rating": 1.2, "placements": [{"cell": "r2c2", "digit": 6}],
/// "eliminations": [], "explanation": "..."}`.
///
/// ```
/// use sudoku_logic::{next_step, records::StepRecord, Candidates};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let step = next_step(&Candidates::from_grid(&grid)).unwrap();
/// let record = StepRecord::from(&step);
/// assert_eq!((record.technique.as_str(), record.rating), ("Hidden Single", 1.2));
/// assert_eq!(record.placements[0].placement_text(), "r2c2=6");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StepRecord {
    /// The technique's name.
    pub technique: String,
    /// The step's rating on the Sudoku Explainer scale.
    pub rating: f64,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The sentence that explains the step.
    pub explanation: String,
}

impl From<&Step> for StepRecord {
    fn from(s: &Step) -> StepRecord {
        StepRecord {
            technique: s.name().to_string(),
            rating: s.rating,
            placements: s.placements.clone(),
            eliminations: s.eliminations.clone(),
            explanation: s.explanation.clone(),
        }
    }
}

/// The record of `sudoku rate --to json` (and, with `steps`, of `sudoku
/// explain --to json`) for one puzzle.
///
/// ```
/// use sudoku_logic::{records::RatingRecord, Difficulty};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let record = RatingRecord::new(1, Some("week.txt"), 3, grid.to_line(), &sudoku_logic::rate(&grid));
/// assert_eq!((record.rating, record.difficulty), (1.2, Difficulty::Easy));
/// assert_eq!((record.line, record.file.as_deref()), (3, Some("week.txt")));
/// assert!(record.steps.is_none() && record.stopped.is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct RatingRecord {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The puzzle: its 81-character line (729 characters for pencil marks).
    pub puzzle: String,
    /// Whether logic solved it (the rating is then exact, else a lower bound).
    pub solved: bool,
    /// The rating on the Sudoku Explainer scale.
    pub rating: f64,
    /// The difficulty label of the rating.
    pub difficulty: Difficulty,
    /// The hardest technique's name, `-` when there was no step.
    pub technique: String,
    /// Why logic stopped, when it did not solve the puzzle.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub stopped: Option<String>,
    /// Every step, for `explain`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub steps: Option<Vec<StepRecord>>,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
}

impl RatingRecord {
    /// The record of a rating: the puzzle's `index` across all inputs, its
    /// `file` (when not standard input), its `line` and text.
    ///
    /// ```
    /// use sudoku_logic::records::RatingRecord;
    /// let grid = sudoku_engine::Grid::empty();
    /// let r = RatingRecord::new(2, None, 5, grid.to_line(), &sudoku_logic::rate(&grid));
    /// assert_eq!((r.index, r.technique.as_str()), (2, "-"));
    /// ```
    pub fn new(
        index: usize,
        file: Option<&str>,
        line: usize,
        puzzle: String,
        rating: &Rating,
    ) -> RatingRecord {
        RatingRecord {
            index,
            line,
            puzzle,
            solved: rating.solved,
            rating: rating.value,
            difficulty: rating.difficulty,
            technique: rating.technique_name().to_string(),
            stopped: rating
                .stopped
                .as_ref()
                .filter(|_| !rating.solved)
                .map(ToString::to_string),
            steps: None,
            file: file.map(String::from),
        }
    }

    /// The same record with every step, as `explain` prints it.
    ///
    /// ```
    /// use sudoku_logic::records::RatingRecord;
    /// let grid = sudoku_engine::Grid::empty();
    /// let r = RatingRecord::new(1, None, 1, grid.to_line(), &sudoku_logic::rate(&grid)).with_steps(&[]);
    /// assert_eq!(r.steps, Some(vec![]));
    /// ```
    pub fn with_steps(mut self, steps: &[Step]) -> RatingRecord {
        self.steps = Some(steps.iter().map(StepRecord::from).collect());
        self
    }
}

/// The record of `sudoku hint --to json`: the hint at its level, with the
/// fields of that level only (`nudge`: technique and houses; `cells`: also
/// the cells and candidates that prove the step; `step`: also the step).
///
/// ```
/// use sudoku_logic::{records::HintRecord, HintLevel, Solver};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let hint = Solver::new().hint(&grid, None).at(HintLevel::Nudge);
/// let record = HintRecord::new(grid.to_line(), &hint);
/// assert_eq!(record.message, "Look for a Hidden Single in b1.");
/// assert!(record.cells.is_none() && record.step.is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct HintRecord {
    /// The position the hint is for.
    pub puzzle: String,
    /// What the hint found.
    pub status: HintStatus,
    /// How much it tells.
    pub level: HintLevel,
    /// The hint in one or two sentences.
    pub message: String,
    /// The technique of the next step.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub technique: Option<String>,
    /// The houses to look at.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub houses: Option<Vec<House>>,
    /// The cells that prove the step (`cells` and `step` levels).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub cells: Option<Vec<Cell>>,
    /// The candidates that prove the step (`cells` and `step` levels).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub candidates: Option<Vec<Candidate>>,
    /// The whole step (`step` level).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub step: Option<StepRecord>,
    /// The player's mistakes, when there are any (every level).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub mistakes: Option<Vec<Mistake>>,
}

impl HintRecord {
    /// The record of a hint for the position written `puzzle`.
    ///
    /// ```
    /// use sudoku_logic::{records::HintRecord, HintLevel, HintStatus, Solver};
    /// let grid = sudoku_engine::Grid::empty();
    /// let record = HintRecord::new(grid.to_line(), &Solver::new().hint(&grid, None).at(HintLevel::Step));
    /// assert_eq!(record.status, HintStatus::MultipleSolutions);
    /// ```
    pub fn new(puzzle: String, hint: &Hint) -> HintRecord {
        HintRecord {
            puzzle,
            status: hint.status(),
            level: hint.level(),
            message: hint.message(),
            technique: hint.technique().map(String::from),
            houses: hint.houses().map(<[House]>::to_vec),
            cells: hint.cells(),
            candidates: hint.candidates().map(<[Candidate]>::to_vec),
            step: hint.step().map(StepRecord::from),
            mistakes: hint.mistakes().map(<[Mistake]>::to_vec),
        }
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::{HintLevel, Solver};
    use sudoku_engine::Grid;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn step_record_json_is_the_documented_shape() {
        let grid: Grid = EASY.parse().unwrap();
        let path = crate::solve_path(&grid);
        let json = serde_json::to_string(&StepRecord::from(&path.steps[0])).unwrap();
        assert_eq!(
            json,
            r#"{"technique":"Hidden Single","rating":1.2,"placements":[{"cell":"r2c2","digit":6}],"eliminations":[],"explanation":"In b1, 6 can only go in r2c2, so r2c2=6."}"#
        );
        let back: StepRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, StepRecord::from(&path.steps[0]));
    }

    #[test]
    fn rating_and_hint_records_round_trip() {
        let grid: Grid = EASY.parse().unwrap();
        let path = crate::solve_path(&grid);
        let record = RatingRecord::new(1, Some("a.txt"), 2, grid.to_line(), &path.rating())
            .with_steps(&path.steps);
        let json = serde_json::to_string(&record).unwrap();
        assert!(json.starts_with(r#"{"index":1,"line":2,"puzzle":""#));
        assert!(json.contains(r#""difficulty":"easy","technique":"Hidden Single","steps":["#));
        assert!(json.ends_with(r#""file":"a.txt"}"#));
        assert_eq!(serde_json::from_str::<RatingRecord>(&json).unwrap(), record);
        for level in [HintLevel::Nudge, HintLevel::Cells, HintLevel::Step] {
            let hint = Solver::new().hint(&grid, None).at(level);
            let record = HintRecord::new(grid.to_line(), &hint);
            let json = serde_json::to_string(&record).unwrap();
            assert_eq!(serde_json::from_str::<HintRecord>(&json).unwrap(), record);
        }
    }
}
