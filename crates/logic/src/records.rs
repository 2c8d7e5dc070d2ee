//! The records `sudoku rate`, `sudoku explain` and `sudoku hint` print as
//! JSON, defined once for every front end (the command, the Python package,
//! the web page). With the `serde` feature they implement `Serialize` and
//! `Deserialize`; the field names and values are those documented in the
//! project's `docs/json.md`.
//!
//! Grids of other sizes ([`crate::sizes`]) have records of the same shape
//! with `size` and `boxes` more: [`SizedRatingRecord`], [`SizedHintRecord`]
//! and [`SizedStepRecord`], whose cells are names such as `r10c12` and
//! digits numbers up to the side of the grid.
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
use crate::sizes::{SizedHint, SizedMistake, SizedPath, SizedStep};
use crate::{Candidate, Difficulty, Rating, Step, Technique};
use sudoku_engine::sizes::format::line_text;
use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
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

/// A candidate or a placement on a grid of any size, as the records of
/// other sizes carry it: `{"cell": "r10c12", "digit": 14}` (digits as
/// numbers, whatever the alphabet of the puzzle).
///
/// ```
/// use sudoku_engine::sizes::Shape;
/// use sudoku_logic::records::SizedCandidate;
/// let c = SizedCandidate::new(Shape::for_size(16).unwrap(), 16 * 9 + 11, 14);
/// assert_eq!((c.cell.as_str(), c.digit), ("r10c12", 14));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SizedCandidate {
    /// The cell's name: `r10c12`.
    pub cell: String,
    /// The digit, `1..=size`.
    pub digit: u8,
}

impl SizedCandidate {
    /// The candidate `digit` of `cell` (an index in reading order).
    pub fn new(shape: Shape, cell: usize, digit: u8) -> SizedCandidate {
        SizedCandidate {
            cell: shape.cell_name(cell),
            digit,
        }
    }

    fn list(shape: Shape, pairs: &[(usize, u8)]) -> Vec<SizedCandidate> {
        pairs
            .iter()
            .map(|&(cell, digit)| SizedCandidate::new(shape, cell, digit))
            .collect()
    }
}

/// One step on a grid of any size, shaped as [`StepRecord`]: technique,
/// rating, placements, eliminations and the sentence.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::records::SizedStepRecord;
/// use sudoku_logic::sizes::{next_step, SizedCandidates};
/// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
/// for (col, d) in [(0, 1), (1, 2), (2, 3)] {
///     grid.set(0, col, Some(d));
/// }
/// let step = next_step(&SizedCandidates::from_grid(&grid)).unwrap();
/// let record = SizedStepRecord::from(&step);
/// assert_eq!((record.technique.as_str(), record.rating), ("Full House", 1.0));
/// assert_eq!((record.placements[0].cell.as_str(), record.placements[0].digit), ("r1c4", 4));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SizedStepRecord {
    /// The technique's name.
    pub technique: String,
    /// The step's rating: the technique's rating on the Sudoku Explainer
    /// scale, used by analogy (see [`crate::sizes`]).
    pub rating: f64,
    /// Digits placed.
    pub placements: Vec<SizedCandidate>,
    /// Candidates removed.
    pub eliminations: Vec<SizedCandidate>,
    /// The sentence that explains the step.
    pub explanation: String,
}

impl From<&SizedStep> for SizedStepRecord {
    fn from(s: &SizedStep) -> SizedStepRecord {
        SizedStepRecord {
            technique: s.name().to_string(),
            rating: s.rating,
            placements: SizedCandidate::list(s.shape, &s.placements),
            eliminations: SizedCandidate::list(s.shape, &s.eliminations),
            explanation: s.explanation.clone(),
        }
    }
}

/// The record of `sudoku rate --to json` (and, with `steps`, of `sudoku
/// explain --to json`) for a puzzle of any size: the fields of
/// [`RatingRecord`], with `size` (the side) and `boxes` (the box shape,
/// `RxC`) after `line`, as the engine's records of other sizes have them.
/// The rating is the hardest step's, with the 9x9 ratings of the
/// techniques: the Sudoku Explainer scale is defined on 9x9 only, so on
/// other sizes it is a rating by analogy.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
/// use sudoku_logic::{records::SizedRatingRecord, sizes::solve_path, Difficulty};
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
/// let record = SizedRatingRecord::new(1, None, 2, &puzzle, Symbols::Default, &path);
/// assert_eq!((record.size, record.boxes.as_str()), (6, "2x3"));
/// assert_eq!(record.puzzle, "..3.1.56.32..542.32.645..12.45.4.1..");
/// assert_eq!((record.rating, record.difficulty), (1.2, Difficulty::Easy));
/// assert!(record.solved && record.steps.is_none());
/// assert_eq!(record.with_steps(&path.steps).steps.unwrap().len(), path.steps.len());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SizedRatingRecord {
    /// 1-based index of the puzzle across all inputs.
    pub index: usize,
    /// The line where the puzzle starts.
    pub line: usize,
    /// The side of the grid: 16 for a 16x16 grid.
    pub size: usize,
    /// The box shape, rows x columns: `4x4`, `3x2`.
    pub boxes: String,
    /// The puzzle as one line in its alphabet (numbers separated by spaces
    /// above 35x35).
    pub puzzle: String,
    /// Whether logic solved it (the rating is then exact, else a lower bound).
    pub solved: bool,
    /// The hardest step's rating.
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
    pub steps: Option<Vec<SizedStepRecord>>,
    /// The file, when not standard input.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub file: Option<String>,
}

impl SizedRatingRecord {
    /// The record of the logical path of `puzzle`, written in `symbols`:
    /// the puzzle's `index` across all inputs, its `file` (when not
    /// standard input) and its `line`.
    pub fn new(
        index: usize,
        file: Option<&str>,
        line: usize,
        puzzle: &SizedGrid,
        symbols: Symbols,
        path: &SizedPath,
    ) -> SizedRatingRecord {
        SizedRatingRecord {
            index,
            line,
            size: puzzle.size(),
            boxes: puzzle.shape().to_string(),
            puzzle: line_text(puzzle, symbols),
            solved: path.solved,
            rating: path.rating,
            difficulty: Difficulty::from_rating(path.rating),
            technique: path.technique.map_or("-", Technique::name).to_string(),
            stopped: path
                .stopped
                .as_ref()
                .filter(|_| !path.solved)
                .map(ToString::to_string),
            steps: None,
            file: file.map(String::from),
        }
    }

    /// The same record with every step, as `explain` prints it.
    pub fn with_steps(mut self, steps: &[SizedStep]) -> SizedRatingRecord {
        self.steps = Some(steps.iter().map(SizedStepRecord::from).collect());
        self
    }
}

/// A player's mistake on a grid of any size, shaped as [`Mistake`]'s
/// `wrong_digit`: `{"kind": "wrong_digit", "cell": "r10c12", "entered": 5,
/// "solution": 14}`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum SizedMistakeRecord {
    /// A digit placed where the solution has another.
    WrongDigit {
        /// The cell's name.
        cell: String,
        /// The digit the player placed.
        entered: u8,
        /// The solution's digit.
        solution: u8,
    },
}

impl From<&SizedMistake> for SizedMistakeRecord {
    fn from(m: &SizedMistake) -> SizedMistakeRecord {
        SizedMistakeRecord::WrongDigit {
            cell: m.shape.cell_name(m.cell),
            entered: m.entered,
            solution: m.solution,
        }
    }
}

/// The record of `sudoku hint --to json` for a grid of any size: the
/// fields of [`HintRecord`] at the hint's level, after `size` and `boxes`.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
/// use sudoku_logic::{records::SizedHintRecord, sizes::hint, HintLevel, HintStatus};
/// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
/// for (col, d) in [(0, 1), (1, 2), (3, 4)] {
///     grid.set(0, col, Some(d));
/// }
/// let record = SizedHintRecord::new(&grid, Symbols::Default, &hint(&grid, None), HintLevel::Nudge);
/// assert_eq!(record.status, HintStatus::MultipleSolutions);
/// assert_eq!((record.size, record.boxes.as_str(), record.puzzle.as_str()), (4, "2x2", "12.4............"));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SizedHintRecord {
    /// The side of the grid.
    pub size: usize,
    /// The box shape, rows x columns.
    pub boxes: String,
    /// The position the hint is for, as one line in its alphabet.
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
    /// The names of the houses to look at: `row 3`, `column 12`, `b16`.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub houses: Option<Vec<String>>,
    /// The cells that prove the step (`cells` and `step` levels).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub cells: Option<Vec<String>>,
    /// The candidates that prove the step (`cells` and `step` levels).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub candidates: Option<Vec<SizedCandidate>>,
    /// The whole step (`step` level).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub step: Option<SizedStepRecord>,
    /// The player's mistakes, when there are any (every level).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub mistakes: Option<Vec<SizedMistakeRecord>>,
}

impl SizedHintRecord {
    /// The record of `hint`, told at `level`, for the position `current`
    /// written in `symbols`.
    pub fn new(
        current: &SizedGrid,
        symbols: Symbols,
        hint: &SizedHint,
        level: HintLevel,
    ) -> SizedHintRecord {
        let shape = current.shape();
        let names = |cells: &[usize]| cells.iter().map(|&c| shape.cell_name(c)).collect();
        SizedHintRecord {
            size: current.size(),
            boxes: shape.to_string(),
            puzzle: line_text(current, symbols),
            status: hint.status(),
            level,
            message: hint.message(level),
            technique: hint.technique().map(|t| t.name().to_string()),
            houses: hint
                .houses()
                .map(|houses| houses.iter().map(|&h| shape.house_name(h)).collect()),
            cells: hint.cells(level).map(names),
            candidates: hint
                .candidates(level)
                .map(|pairs| SizedCandidate::list(shape, pairs)),
            step: hint.step(level).map(SizedStepRecord::from),
            mistakes: (!hint.mistakes().is_empty()).then(|| {
                hint.mistakes()
                    .iter()
                    .map(SizedMistakeRecord::from)
                    .collect()
            }),
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
    #[test]
    fn sized_records_are_the_documented_shape() {
        use sudoku_engine::sizes::format::read_all_with;
        let text = "...21.4.3..1....";
        let grid = read_all_with(text, Default::default())
            .remove(0)
            .grid
            .unwrap();
        let symbols = sudoku_engine::sizes::Symbols::Default;
        let path = crate::sizes::solve_path(&grid);
        let record =
            SizedRatingRecord::new(1, None, 2, &grid, symbols, &path).with_steps(&path.steps[..1]);
        let json = serde_json::to_string(&record).unwrap();
        assert!(
            json.starts_with(r#"{"index":1,"line":2,"size":4,"boxes":"2x2","puzzle":"...21.4.3..1....","solved":true,"rating":"#),
            "{json}"
        );
        assert!(json.contains(r#""placements":[{"cell":"r"#), "{json}");
        assert_eq!(
            serde_json::from_str::<SizedRatingRecord>(&json).unwrap(),
            record
        );
        let mut wrong = grid.clone();
        wrong.set(0, 0, Some(1)); // the solution has 4 there
        let hint = crate::sizes::hint(&wrong, Some(&grid));
        let record = SizedHintRecord::new(&wrong, symbols, &hint, HintLevel::Step);
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(
            json,
            r#"{"size":4,"boxes":"2x2","puzzle":"1..21.4.3..1....","status":"wrong_entry","level":"step","message":"r1c1 is 1, but the solution has 4.","mistakes":[{"kind":"wrong_digit","cell":"r1c1","entered":1,"solution":4}]}"#
        );
        assert_eq!(
            serde_json::from_str::<SizedHintRecord>(&json).unwrap(),
            record
        );
        for level in [HintLevel::Nudge, HintLevel::Cells, HintLevel::Step] {
            let record =
                SizedHintRecord::new(&grid, symbols, &crate::sizes::hint(&grid, None), level);
            assert_eq!(record.step.is_some(), level == HintLevel::Step);
            assert_eq!(record.cells.is_some(), level != HintLevel::Nudge);
            assert!(record.houses.is_some() && record.technique.is_some());
            let json = serde_json::to_string(&record).unwrap();
            assert_eq!(
                serde_json::from_str::<SizedHintRecord>(&json).unwrap(),
                record
            );
        }
    }
}
