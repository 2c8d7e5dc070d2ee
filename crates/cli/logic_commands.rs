//! `hint`, `explain`, `rate` and `marks`: the logical solver of
//! `sudoku-logic` shown to people, one puzzle or a batch at a time.

use serde::Serialize;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, Record};
use sudoku_engine::sizes::SizedGrid;
use sudoku_engine::sizes::format::{
    ReadOptions, SizedFormat, SizedRecord, line_text, read_all_with,
};
use sudoku_logic::records::{HintRecord, RatingRecord, SizedHintRecord, SizedRatingRecord};
use sudoku_logic::sizes::{SizedCandidates, SizedPath, SizedStopped};
use sudoku_logic::{
    Difficulty, HintLevel, HintOutcome, HintStatus, NoPath, Path, Position, Rating, Solver,
};

use crate::args::ReportFormat;
use crate::batch::{Job, Origin, Outcome, Status};
use crate::sized::SizedJob;
use crate::variants::VariantJob;

fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    serde_json::to_writer(&mut *out, value).expect("writing JSON to memory");
    out.push(b'\n');
}

/// A puzzle to work on, or the status and message of why not.
fn position(record: &Record, origin: &Origin) -> Result<Position, Outcome> {
    Position::from_record(record)
        .map_err(|why| (Status::Invalid, Some(format!("{}{why}", origin.prefix()))))
}

/// The logical path of a record's puzzle, or the status and message of
/// why there is none (unreadable, clashing givens, no solution, several).
fn path(record: &Record, origin: &Origin) -> Result<(Position, Path), Outcome> {
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
    rating_value_text(r.value, r.solved)
}

/// A rating's value as text, with a `+` when it is a lower bound.
fn rating_value_text(value: f64, solved: bool) -> String {
    if solved {
        format!("{value:.1}")
    } else {
        format!("{value:.1}+")
    }
}

/// The line of `sudoku rate --to text`: `rating difficulty technique`.
fn rate_line(value: f64, solved: bool, difficulty: Difficulty, technique: &str) -> String {
    let mut line = format!(
        "{} {difficulty} {technique}",
        rating_value_text(value, solved)
    );
    if !solved {
        line.push_str(" (logic stopped here: this is a lower bound)");
    }
    line.push('\n');
    line
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
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let (puzzle, path) = match path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = path.rating();
        match self.to {
            ReportFormat::Json => write_json(out, &rating_record(record, origin, &puzzle, &rating)),
            ReportFormat::Text => {
                let line = rate_line(
                    rating.value,
                    rating.solved,
                    rating.difficulty,
                    rating.technique_name(),
                );
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
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
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
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
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
    /// The `--given` text, read again for grids of other sizes.
    pub given_text: Option<String>,
    pub to: ReportFormat,
    pub level: HintLevel,
    pub marks: bool,
}

impl Job for Hint {
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let current = match record.grid.as_ref() {
            Ok(grid) => *grid,
            Err(e) => return (Status::Invalid, Some(format!("{}{e}", origin.prefix()))),
        };
        if self.givens.is_none() && self.given_text.is_some() {
            return (
                Status::Invalid,
                Some(format!(
                    "{}--given is not a 9x9 grid, but this puzzle is",
                    origin.prefix()
                )),
            );
        }
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

/// A record's grid of any size, or the status and message of why there
/// is none (unreadable or clashing givens).
fn sized_grid<'a>(record: &'a SizedRecord, origin: &Origin) -> Result<&'a SizedGrid, Outcome> {
    let grid = record
        .grid
        .as_ref()
        .map_err(|e| (Status::Invalid, Some(format!("{}{e}", origin.prefix()))))?;
    match grid.conflict() {
        Some(conflict) => Err((
            Status::Invalid,
            Some(format!(
                "{}line {}: {conflict}",
                origin.prefix(),
                record.line
            )),
        )),
        None => Ok(grid),
    }
}

/// The logical path of a record's puzzle of any size, or the status and
/// message of why there is none (unreadable, clashing givens, no solution,
/// several).
fn sized_path<'a>(
    record: &'a SizedRecord,
    origin: &Origin,
) -> Result<(&'a SizedGrid, SizedPath), Outcome> {
    let grid = sized_grid(record, origin)?;
    let path = sudoku_logic::sizes::solve_path(grid);
    let status = match &path.stopped {
        Some(SizedStopped::Conflict(_)) => Status::Invalid,
        Some(SizedStopped::NoSolution) => Status::NoSolution,
        Some(SizedStopped::MultipleSolutions) => Status::Multiple,
        Some(SizedStopped::NoTechnique) | None => return Ok((grid, path)),
    };
    let why = path
        .stopped
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    Err((
        status,
        Some(format!("{}line {}: {why}", origin.prefix(), record.line)),
    ))
}

fn sized_rating_record(
    record: &SizedRecord,
    origin: &Origin,
    grid: &SizedGrid,
    path: &SizedPath,
) -> SizedRatingRecord {
    SizedRatingRecord::new(
        origin.index,
        origin.file,
        record.line,
        grid,
        record.symbols,
        path,
    )
}

impl SizedJob for Rate {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let (grid, path) = match sized_path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        let rating = sized_rating_record(record, origin, grid, &path);
        match self.to {
            ReportFormat::Json => write_json(out, &rating),
            ReportFormat::Text => {
                let line = rate_line(
                    rating.rating,
                    rating.solved,
                    rating.difficulty,
                    &rating.technique,
                );
                out.extend_from_slice(line.as_bytes());
            }
        }
        (Status::Unique, None)
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        false
    }
}

impl SizedJob for Hint {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let current = match &record.grid {
            Ok(grid) => grid,
            Err(e) => return (Status::Invalid, Some(format!("{}{e}", origin.prefix()))),
        };
        let givens = match &self.given_text {
            None => None,
            Some(text) => {
                let options = ReadOptions {
                    shape: Some(current.shape()),
                    symbols: Some(record.symbols),
                    format: None,
                };
                match read_all_with(text, options)
                    .into_iter()
                    .next()
                    .map(|r| r.grid)
                {
                    Some(Ok(grid)) => Some(grid),
                    Some(Err(e)) => {
                        return (
                            Status::Invalid,
                            Some(format!("{}--given: {e}", origin.prefix())),
                        );
                    }
                    None => {
                        return (
                            Status::Invalid,
                            Some(format!("{}--given holds no puzzle", origin.prefix())),
                        );
                    }
                }
            }
        };
        let hint = sudoku_logic::sizes::hint(current, givens.as_ref());
        let status = match hint.status() {
            HintStatus::Step | HintStatus::Solved | HintStatus::NoTechnique => Status::Unique,
            HintStatus::WrongEntry | HintStatus::Conflict => Status::Invalid,
            HintStatus::NoSolution => Status::NoSolution,
            HintStatus::MultipleSolutions => Status::Multiple,
        };
        match self.to {
            ReportFormat::Json => write_json(
                out,
                &SizedHintRecord::new(current, record.symbols, &hint, self.level),
            ),
            ReportFormat::Text => {
                let mut text = hint.message(self.level);
                text.push('\n');
                if let Some(step) = hint.step(self.level) {
                    text.push_str(&format!("  => {}\n", step.outcome_text()));
                }
                if let Some(marks) = hint.marks().filter(|_| self.marks) {
                    text.push_str(&marks.render(record.symbols));
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
        (status, None)
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        self.to == ReportFormat::Text
    }
}

impl SizedJob for Explain {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let (grid, path) = match sized_path(record, origin) {
            Ok(found) => found,
            Err(refusal) => return refusal,
        };
        if self.to == ReportFormat::Json {
            let json = sized_rating_record(record, origin, grid, &path).with_steps(&path.steps);
            write_json(out, &json);
            return (Status::Unique, None);
        }
        let symbols = record.symbols;
        let mut text = format!(
            "Puzzle {} (line {}): {}\n",
            origin.index,
            record.line,
            line_text(grid, symbols)
        );
        let mut marks = SizedCandidates::from_grid(grid);
        for (i, step) in path.steps.iter().enumerate() {
            if self.marks {
                text.push('\n');
                text.push_str(&marks.render(symbols));
            }
            text.push_str(&format!(
                "{:>3}. {step}\n     => {}\n",
                i + 1,
                step.outcome_text()
            ));
            marks.apply(step);
        }
        let n = grid.size();
        let hardest = path
            .technique
            .map_or_else(|| "none".to_string(), |t| t.to_string());
        if path.solved {
            text.push_str(&format!(
                "Solved in {} steps. Rating {:.1}, hardest step: {hardest}.\n",
                path.steps.len(),
                path.rating
            ));
        } else {
            text.push_str(&format!(
                "Logic stopped after {} steps: the puzzle needs techniques beyond those available \
                 for {n}x{n} grids (uniqueness techniques, finned fish, ALS, AICs other than W-Wings and forcing chains are 9x9 only). \
                 Rating at least {:.1}+, hardest step so far: {hardest}. The pencil marks there:\n{}",
                path.steps.len(),
                path.rating,
                path.final_state.render(symbols)
            ));
        }
        out.extend_from_slice(text.as_bytes());
        (Status::Unique, None)
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        self.to == ReportFormat::Text
    }
}

impl SizedJob for Marks {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let marks = match sized_grid(record, origin) {
            Ok(grid) => SizedCandidates::from_grid(grid),
            Err(refusal) => return refusal,
        };
        let text = if self.compact {
            marks.render_compact(record.symbols)
        } else {
            marks.render(record.symbols)
        };
        out.extend_from_slice(text.as_bytes());
        (Status::Solved, None)
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        true
    }
}
