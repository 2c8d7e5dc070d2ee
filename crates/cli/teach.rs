//! `hint`, `explain`, `rate` and `marks`: the logical solver of
//! `sudoku-logic` shown to people, one puzzle or a batch at a time.

use serde::Serialize;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, Record};
use sudoku_logic::{Candidate, Candidates, HintOutcome, Path, Rating, Step, Stopped};

use crate::args::ReportFormat;
use crate::batch::{Job, Origin, Status};

#[derive(Serialize)]
struct JsonCandidate {
    cell: String,
    digit: u8,
}

impl From<&Candidate> for JsonCandidate {
    fn from(c: &Candidate) -> Self {
        JsonCandidate {
            cell: c.cell.to_string(),
            digit: c.digit.get(),
        }
    }
}

#[derive(Serialize)]
struct JsonStep {
    technique: &'static str,
    rating: f64,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    explanation: String,
}

impl From<&Step> for JsonStep {
    fn from(s: &Step) -> Self {
        JsonStep {
            technique: s.name(),
            rating: s.rating,
            placements: s.placements.iter().map(JsonCandidate::from).collect(),
            eliminations: s.eliminations.iter().map(JsonCandidate::from).collect(),
            explanation: s.explanation.clone(),
        }
    }
}

#[derive(Serialize)]
struct JsonRating<'a> {
    index: usize,
    line: usize,
    puzzle: String,
    solved: bool,
    rating: f64,
    difficulty: &'static str,
    technique: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<JsonStep>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
}

fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    serde_json::to_writer(&mut *out, value).expect("writing JSON to memory");
    out.push(b'\n');
}

/// A puzzle to work on, or the status and message of why not.
fn puzzle(record: &Record, origin: &Origin) -> Result<Grid, (Status, Option<String>)> {
    let prefix = origin.prefix();
    let grid = record
        .grid
        .as_ref()
        .map_err(|e| (Status::Invalid, Some(format!("{prefix}{e}"))))?;
    match grid.conflict() {
        Some(c) => Err((
            Status::Invalid,
            Some(format!("{prefix}line {}: {c}", record.line)),
        )),
        None => Ok(*grid),
    }
}

/// The logical path of a record's puzzle, or the status and message of
/// why there is none (unreadable, clashing givens, no solution, several).
fn logical_path(
    record: &Record,
    origin: &Origin,
) -> Result<(Grid, Path), (Status, Option<String>)> {
    let grid = puzzle(record, origin)?;
    let path = sudoku_logic::solve_path(&grid);
    let (status, what) = match &path.stopped {
        Some(Stopped::NoSolution) => (Status::NoSolution, "the puzzle has no solution"),
        Some(Stopped::MultipleSolutions) => (
            Status::Multiple,
            "the puzzle has more than one solution, so it has no logical path",
        ),
        Some(Stopped::Conflict(_)) => (Status::Invalid, "the givens clash"),
        _ => return Ok((grid, path)),
    };
    let message = format!("{}line {}: {what}", origin.prefix(), record.line);
    Err((status, Some(message)))
}

/// The rating as text: a lower bound gets a `+`.
fn rating_text(r: &Rating) -> String {
    if r.solved {
        format!("{:.1}", r.value)
    } else {
        format!("{:.1}+", r.value)
    }
}

fn json_rating<'a>(
    record: &Record,
    origin: &Origin<'a>,
    grid: &Grid,
    rating: &Rating,
) -> JsonRating<'a> {
    JsonRating {
        index: origin.index,
        line: record.line,
        puzzle: grid.to_line(),
        solved: rating.solved,
        rating: rating.value,
        difficulty: rating.difficulty.name(),
        technique: rating.technique_name(),
        stopped: rating
            .stopped
            .as_ref()
            .filter(|_| !rating.solved)
            .map(ToString::to_string),
        steps: None,
        file: origin.file,
    }
}

/// `sudoku rate`: the rating, difficulty and hardest technique of each puzzle.
pub struct Rate {
    pub to: ReportFormat,
}

impl Job for Rate {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let (grid, path) = match logical_path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = path.rating();
        match self.to {
            ReportFormat::Json => write_json(out, &json_rating(record, origin, &grid, &rating)),
            ReportFormat::Text => {
                let mut line = format!(
                    "{} {} {}",
                    rating_text(&rating),
                    rating.difficulty,
                    rating.technique_name()
                );
                if !rating.solved {
                    line.push_str(" (logic stopped here: this is a lower bound)");
                }
                line.push('\n');
                out.extend_from_slice(line.as_bytes());
            }
        }
        (Status::Unique, None)
    }

    fn separated(&self, _: Format) -> bool {
        false
    }
}

/// `sudoku explain`: every step to the end.
pub struct Explain {
    pub to: ReportFormat,
    /// Draw the pencil marks before each step.
    pub marks: bool,
}

impl Job for Explain {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let (grid, path) = match logical_path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = path.rating();
        match self.to {
            ReportFormat::Json => {
                let mut json = json_rating(record, origin, &grid, &rating);
                json.steps = Some(path.steps.iter().map(JsonStep::from).collect());
                write_json(out, &json);
            }
            ReportFormat::Text => {
                let mut text =
                    format!("Puzzle {} (line {}): {}\n", origin.index, record.line, grid);
                let mut marks = Candidates::from_grid(&grid);
                for (i, step) in path.steps.iter().enumerate() {
                    if self.marks {
                        text.push('\n');
                        text.push_str(&marks.render());
                    }
                    text.push_str(&format!(
                        "{:>3}. {step}\n     => {}\n",
                        i + 1,
                        step.outcome_text()
                    ));
                    marks.apply(step);
                }
                if rating.solved {
                    text.push_str(&format!(
                        "Solved in {} steps. Rating {} ({}), hardest step: {}.\n",
                        path.steps.len(),
                        rating_text(&rating),
                        rating.difficulty,
                        rating.technique_name()
                    ));
                } else {
                    let why = path
                        .stopped
                        .as_ref()
                        .map_or_else(String::new, ToString::to_string);
                    text.push_str(&format!(
                        "Logic stopped after {} steps: {why}. Rating at least {} ({}). The pencil marks there:\n{}",
                        path.steps.len(),
                        rating_text(&rating),
                        rating.difficulty,
                        path.final_state.render()
                    ));
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
        (Status::Unique, None)
    }

    fn separated(&self, _: Format) -> bool {
        self.to == ReportFormat::Text
    }
}

/// `sudoku marks`: the pencil-mark grid of each puzzle.
pub struct Marks {
    pub compact: bool,
}

impl Job for Marks {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let grid = match puzzle(record, origin) {
            Ok(grid) => grid,
            Err(refusal) => return refusal,
        };
        let marks = Candidates::from_grid(&grid);
        let text = if self.compact {
            marks.render_compact()
        } else {
            marks.render()
        };
        out.extend_from_slice(text.as_bytes());
        (Status::Solved, None)
    }

    fn separated(&self, _: Format) -> bool {
        true
    }
}

/// `sudoku hint`: the next step for a grid with the person's progress.
pub struct Hint {
    /// The original clues, when the grid holds the person's own entries.
    pub givens: Option<Grid>,
    pub to: ReportFormat,
    pub marks: bool,
}

#[derive(Serialize)]
struct JsonHint {
    puzzle: String,
    status: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<JsonStep>,
}

impl Job for Hint {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let current = match record.grid.as_ref() {
            Ok(grid) => *grid,
            Err(e) => return (Status::Invalid, Some(format!("{}{e}", origin.prefix()))),
        };
        let outcome = sudoku_logic::hint(&current, self.givens.as_ref());
        let (status, name) = match &outcome {
            HintOutcome::Step { .. } => (Status::Unique, "step"),
            HintOutcome::Solved => (Status::Unique, "solved"),
            HintOutcome::WrongEntry { .. } => (Status::Invalid, "wrong_entry"),
            HintOutcome::Conflict(_) => (Status::Invalid, "conflict"),
            HintOutcome::NoSolution => (Status::NoSolution, "no_solution"),
            HintOutcome::MultipleSolutions => (Status::Multiple, "multiple_solutions"),
            HintOutcome::NoTechnique(_) => (Status::Unique, "no_technique"),
        };
        let step = match &outcome {
            HintOutcome::Step { step, .. } => Some(step.as_ref()),
            _ => None,
        };
        match self.to {
            ReportFormat::Json => write_json(
                out,
                &JsonHint {
                    puzzle: current.to_line(),
                    status: name,
                    message: outcome.to_string(),
                    step: step.map(JsonStep::from),
                },
            ),
            ReportFormat::Text => {
                let mut text = String::new();
                match &outcome {
                    HintOutcome::Step { step, before } => {
                        text.push_str(&format!("{step}\n  => {}\n", step.outcome_text()));
                        if self.marks {
                            text.push_str(&before.render());
                        }
                    }
                    HintOutcome::NoTechnique(marks) => {
                        text.push_str(&format!("{outcome}\n"));
                        if self.marks {
                            text.push_str(&marks.render());
                        }
                    }
                    _ => text.push_str(&format!("{outcome}\n")),
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
        (status, None)
    }

    fn separated(&self, _: Format) -> bool {
        self.to == ReportFormat::Text
    }
}
