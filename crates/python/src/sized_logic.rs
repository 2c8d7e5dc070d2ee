//! The records of the logical solver's results for grids of other sizes:
//! the fields of the 9x9 records (`docs/json.md`), with `size` and `boxes`
//! as the command's records of other sizes have them. Only conversion:
//! every step, hint and path comes from `sudoku_logic::sizes`.

use serde::Serialize;
use sudoku_engine::sizes::format::line_text;
use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
use sudoku_logic::sizes::{SizedHint, SizedMistake, SizedPath, SizedStep};
use sudoku_logic::{HintLevel, HintStatus};

/// `(cell, digit)` pairs such as `("r10c12", 14)`.
pub fn pairs(shape: Shape, list: &[(usize, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|&(c, d)| (shape.cell_name(c), d)).collect()
}

/// A candidate as the records write it.
#[derive(Clone, Serialize)]
pub struct CandidateJson {
    cell: String,
    digit: u8,
}

fn candidates(shape: Shape, list: &[(usize, u8)]) -> Vec<CandidateJson> {
    list.iter()
        .map(|&(c, digit)| CandidateJson {
            cell: shape.cell_name(c),
            digit,
        })
        .collect()
}

/// A step as the 9x9 records write it.
#[derive(Clone, Serialize)]
pub struct StepJson {
    technique: &'static str,
    rating: f64,
    placements: Vec<CandidateJson>,
    eliminations: Vec<CandidateJson>,
    explanation: String,
}

impl From<&SizedStep> for StepJson {
    fn from(s: &SizedStep) -> StepJson {
        StepJson {
            technique: s.name(),
            rating: s.rating,
            placements: candidates(s.shape, &s.placements),
            eliminations: candidates(s.shape, &s.eliminations),
            explanation: s.explanation.clone(),
        }
    }
}

/// The rating of a logical path of any size: the 9x9 rating record's
/// fields (without `difficulty`: the labels are of the 9x9 scale), with
/// `size` and `boxes`, and `steps` for `explain`.
#[derive(Clone, Serialize)]
pub struct RatingJson {
    pub index: usize,
    pub line: usize,
    pub size: usize,
    pub boxes: String,
    pub puzzle: String,
    pub solved: bool,
    pub rating: f64,
    pub technique: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<StepJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl RatingJson {
    /// The record of a path that was not refused (it may stop early).
    pub fn new(line: usize, grid: &SizedGrid, symbols: Symbols, path: &SizedPath) -> RatingJson {
        RatingJson {
            index: 1,
            line,
            size: grid.size(),
            boxes: grid.shape().to_string(),
            puzzle: line_text(grid, symbols),
            solved: path.solved,
            rating: path.rating,
            technique: path
                .technique
                .map_or_else(|| "-".to_string(), |t| t.name().to_string()),
            stopped: path.stopped.as_ref().map(ToString::to_string),
            steps: None,
            file: None,
        }
    }
}

/// A player's wrong digit as the hint record writes it.
#[derive(Clone, Serialize)]
pub struct MistakeJson {
    kind: &'static str,
    cell: String,
    entered: u8,
    solution: u8,
}

impl From<&SizedMistake> for MistakeJson {
    fn from(m: &SizedMistake) -> MistakeJson {
        MistakeJson {
            kind: "wrong_digit",
            cell: m.shape.cell_name(m.cell),
            entered: m.entered,
            solution: m.solution,
        }
    }
}

/// The hint record of `sudoku hint --to json` for any size, with `size`
/// and `boxes`: the fields of the level only.
#[derive(Clone, Serialize)]
pub struct HintJson {
    pub puzzle: String,
    pub size: usize,
    pub boxes: String,
    pub status: HintStatus,
    pub level: HintLevel,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub houses: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<CandidateJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<MistakeJson>>,
}

impl HintJson {
    pub fn new(grid: &SizedGrid, symbols: Symbols, hint: &SizedHint, level: HintLevel) -> HintJson {
        let shape = grid.shape();
        let mistakes = hint.mistakes();
        HintJson {
            puzzle: line_text(grid, symbols),
            size: grid.size(),
            boxes: shape.to_string(),
            status: hint.status(),
            level,
            message: hint.message(level),
            technique: hint.technique().map(|t| t.name().to_string()),
            houses: hint
                .houses()
                .map(|hs| hs.iter().map(|&h| shape.house_name(h)).collect()),
            cells: hint
                .cells(level)
                .map(|cs| cs.iter().map(|&c| shape.cell_name(c)).collect()),
            candidates: hint.candidates(level).map(|cs| candidates(shape, cs)),
            step: hint.step(level).map(StepJson::from),
            mistakes: (!mistakes.is_empty())
                .then(|| mistakes.iter().map(MistakeJson::from).collect()),
        }
    }
}
