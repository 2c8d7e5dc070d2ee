//! `hint`, `explain`, `rate` and `marks`: the logical solver of
//! `sudoku-logic` shown to people, one puzzle or a batch at a time.

use serde::Serialize;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, Record};
use sudoku_logic::records::{HintRecord, RatingRecord};
use sudoku_logic::{HintLevel, HintOutcome, NoPath, Path, Position, Rating, Solver};

use crate::args::ReportFormat;
use crate::batch::{Job, Origin, Status};

fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    serde_json::to_writer(&mut *out, value).expect("writing JSON to memory");
    out.push(b'\n');
}

/// A puzzle to work on, or the status and message of why not.
fn position(record: &Record, origin: &Origin) -> Result<Position, (Status, Option<String>)> {
    Position::from_record(record)
        .map_err(|why| (Status::Invalid, Some(format!("{}{why}", origin.prefix()))))
}

/// The logical path of a record's puzzle, or the status and message of
/// why there is none (unreadable, clashing givens, no solution, several).
fn path(record: &Record, origin: &Origin) -> Result<(Position, Path), (Status, Option<String>)> {
    sudoku_logic::logical_path(record).map_err(|why| {
        let status = match why {
            NoPath::Invalid(_) => Status::Invalid,
            NoPath::NoSolution { .. } => Status::NoSolution,
            NoPath::MultipleSolutions { .. } => Status::Multiple,
        };
        (status, Some(format!("{}{why}", origin.prefix())))
    })
}

/// The rating as text: a lower bound gets a `+`.
fn rating_text(r: &Rating) -> String {
    if r.solved {
        format!("{:.1}", r.value)
    } else {
        format!("{:.1}+", r.value)
    }
}

fn rating_record(
    record: &Record,
    origin: &Origin,
    puzzle: &Position,
    rating: &Rating,
) -> RatingRecord {
    RatingRecord::new(
        origin.index,
        origin.file,
        record.line,
        puzzle.text(),
        rating,
    )
}

/// `sudoku rate`: the rating, difficulty and hardest technique of each puzzle.
pub struct Rate {
    pub to: ReportFormat,
}

impl Job for Rate {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let (puzzle, path) = match path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = path.rating();
        match self.to {
            ReportFormat::Json => write_json(out, &rating_record(record, origin, &puzzle, &rating)),
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
        let (puzzle, path) = match path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = path.rating();
        match self.to {
            ReportFormat::Json => write_json(
                out,
                &rating_record(record, origin, &puzzle, &rating).with_steps(&path.steps),
            ),
            ReportFormat::Text => {
                let mut text = format!(
                    "Puzzle {} (line {}): {}\n",
                    origin.index,
                    record.line,
                    puzzle.grid()
                );
                let mut marks = puzzle.candidates();
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
        let marks = match position(record, origin) {
            Ok(puzzle) => puzzle.candidates(),
            Err(refusal) => return refusal,
        };
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
    pub level: HintLevel,
    pub marks: bool,
}

impl Job for Hint {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let current = match record.grid.as_ref() {
            Ok(grid) => *grid,
            Err(e) => return (Status::Invalid, Some(format!("{}{e}", origin.prefix()))),
        };
        // Clashing digits are the hint's to name, so no `Position::from_record`.
        let position = match &record.marks {
            Some(marks) => Position::Marks(marks.clone()),
            None => Position::Digits(current),
        };
        let outcome = Solver::new().hint_of(&position, self.givens.as_ref());
        let text = position.text();
        let status = match &outcome {
            HintOutcome::Step { .. } | HintOutcome::Solved | HintOutcome::NoTechnique(_) => {
                Status::Unique
            }
            HintOutcome::Mistakes(_) | HintOutcome::Conflict(_) => Status::Invalid,
            HintOutcome::NoSolution => Status::NoSolution,
            HintOutcome::MultipleSolutions => Status::Multiple,
        };
        let hint = outcome.at(self.level);
        match self.to {
            ReportFormat::Json => write_json(out, &HintRecord::new(text, &hint)),
            ReportFormat::Text => {
                let mut text = hint.message();
                text.push('\n');
                if let Some(step) = hint.step() {
                    text.push_str(&format!("  => {}\n", step.outcome_text()));
                }
                if let Some(marks) = hint.outcome().marks().filter(|_| self.marks) {
                    text.push_str(&marks.render());
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
