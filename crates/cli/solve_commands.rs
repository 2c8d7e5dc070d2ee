//! What `solve`, `count` and `check` do with each puzzle, and how they print
//! it. The work and the JSON records come from `sudoku_engine::report`.

use serde::Serialize;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, Record, write_grid};
use sudoku_engine::report::{
    self, CheckRecord, CountOutcome, CountRecord, Invalid, SolveOutcome, SolveRecord,
};

use crate::args::{Output, ReportFormat};
use crate::batch::{self, Job, Origin, Outcome, Status};
use crate::variants::VariantJob;

/// Writes one JSON Lines record.
pub fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    serde_json::to_writer(&mut *out, value).expect("writing JSON to memory");
    out.push(b'\n');
}

/// The message for an invalid puzzle, with the file.
fn invalid_message(origin: &Origin, why: &Invalid) -> String {
    format!("{}{why}", origin.prefix())
}

fn no_solution(record: &Record, origin: &Origin) -> String {
    format!(
        "{}line {}: the puzzle has no solution",
        origin.prefix(),
        record.line
    )
}

/// `sudoku solve`: one solution per puzzle.
pub struct Solve {
    pub to: Option<Output>,
    /// Also find out whether the solution is unique (for `--stats` and
    /// `--warn-multiple`).
    pub check_unique: bool,
    pub warn_multiple: bool,
}

/// The output shape of a solution when none is asked: the input's, except
/// that a pencil-mark puzzle's solution is written as digits.
fn default_output(format: Format) -> Format {
    match format {
        Format::Marks => Format::Line,
        Format::MarksGrid => Format::Pretty,
        other => other,
    }
}

impl Job for Solve {
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let to = self
            .to
            .unwrap_or(Output::Grid(default_output(record.format)));
        let outcome = report::solve(record, self.check_unique);
        if to == Output::Json {
            write_json(out, &SolveRecord::new(&origin.report(), record, &outcome));
        }
        match outcome {
            SolveOutcome::Invalid(why) => (Status::Invalid, Some(invalid_message(origin, &why))),
            SolveOutcome::NoSolution => (Status::NoSolution, Some(no_solution(record, origin))),
            SolveOutcome::Solved { solution, unique } => {
                if let Output::Grid(format) = to {
                    write_text(out, &solution, format, record, origin);
                }
                match unique {
                    None => (Status::Solved, None),
                    Some(true) => (Status::Unique, None),
                    Some(false) => (
                        Status::Multiple,
                        self.warn_multiple.then(|| {
                            format!(
                                "{}line {}: the puzzle has more than one solution; printed one of them",
                                origin.prefix(),
                                record.line
                            )
                        }),
                    ),
                }
            }
        }
    }

    fn separated(&self, format: Format) -> bool {
        match self.to {
            Some(Output::Json) => false,
            Some(Output::Grid(to)) => separated(to),
            None => separated(default_output(format)),
        }
    }
}

/// Multi-line grids in a batch get a blank line between them, except
/// `euler`, whose headers already separate them.
fn separated(format: Format) -> bool {
    format.is_multiline() && format != Format::Euler
}

fn write_text(out: &mut Vec<u8>, grid: &Grid, format: Format, record: &Record, origin: &Origin) {
    if format == Format::Line {
        // The hot path of big batches: no intermediate String.
        out.extend(grid.cells().iter().map(|&d| b'0' + d));
        out.push(b'\n');
        return;
    }
    let mut text = String::with_capacity(200);
    let name = if record.format == Format::Euler {
        record.name.as_deref()
    } else {
        None
    };
    write_grid(&mut text, grid, format, name, origin.index);
    out.extend_from_slice(text.as_bytes());
}

/// `sudoku count`: the number of solutions, up to a limit.
pub struct Count {
    pub limit: usize,
    pub to: ReportFormat,
}

impl Job for Count {
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let outcome = report::count(record, self.limit);
        if self.to == ReportFormat::Json {
            write_json(out, &CountRecord::new(&origin.report(), record, &outcome));
        }
        let (n, limit_reached) = match outcome {
            CountOutcome::Invalid(why) => {
                return (Status::Invalid, Some(invalid_message(origin, &why)));
            }
            CountOutcome::Counted {
                solutions,
                limit_reached,
            } => (solutions, limit_reached),
        };
        if self.to == ReportFormat::Text {
            out.extend_from_slice(batch::count_line(n, limit_reached).as_bytes());
        }
        batch::counted(n, || no_solution(record, origin))
    }

    fn separated(&self, _: Format) -> bool {
        false
    }
}

/// `sudoku check`: unique, multiple, none or invalid.
pub struct Check {
    pub to: ReportFormat,
}

impl Job for Check {
    fn variant(&self) -> Option<&dyn VariantJob> {
        Some(self)
    }

    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let outcome = report::check(record);
        match self.to {
            ReportFormat::Json => {
                write_json(out, &CheckRecord::new(&origin.report(), record, &outcome));
            }
            ReportFormat::Text => {
                match &outcome {
                    Ok(verdict) => out.extend_from_slice(verdict.name().as_bytes()),
                    Err(why) => out.extend_from_slice(format!("invalid: {why}").as_bytes()),
                }
                out.push(b'\n');
            }
        }
        (outcome.map_or(Status::Invalid, Status::of_verdict), None)
    }

    fn separated(&self, _: Format) -> bool {
        false
    }
}
