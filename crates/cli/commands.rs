//! What `solve`, `count` and `check` do with each puzzle, and how they print it.

use serde::Serialize;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, Record, write_grid};
use sudoku_engine::solver::{self, Uniqueness};

use crate::args::{Output, ReportFormat};
use crate::batch::{Job, Origin, Status};

/// The JSON Lines record of one puzzle.
#[derive(Serialize)]
struct JsonRecord<'a> {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: usize,
    puzzle: Option<String>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit_reached: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl<'a> JsonRecord<'a> {
    fn new(record: &Record, origin: &Origin<'a>, status: &'static str) -> JsonRecord<'a> {
        JsonRecord {
            index: origin.index,
            file: origin.file,
            line: record.line,
            puzzle: record.grid.as_ref().ok().map(Grid::to_line),
            status,
            solution: None,
            unique: None,
            solutions: None,
            limit_reached: None,
            verdict: None,
            error: None,
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        serde_json::to_writer(&mut *out, self).expect("writing JSON to memory");
        out.push(b'\n');
    }
}

/// Works on a readable puzzle, or says why it is invalid (the message names
/// the line). Clashing givens have no solution, so the clash is looked for,
/// to name it, only when the work found nothing: solvable puzzles, the
/// common case in big batches, pay nothing for it.
fn attempt<T>(
    record: &Record,
    work: impl FnOnce(&Grid) -> T,
    found_nothing: impl FnOnce(&T) -> bool,
) -> Result<T, String> {
    let grid = record.grid.as_ref().map_err(|e| e.to_string())?;
    let result = work(grid);
    if found_nothing(&result)
        && let Some(clash) = grid.conflict()
    {
        return Err(format!("line {}: {clash}", record.line));
    }
    Ok(result)
}

/// An invalid puzzle: its `json` record, if asked, and its message.
fn invalid(
    record: &Record,
    origin: &Origin,
    message: String,
    json: bool,
    out: &mut Vec<u8>,
) -> (Status, Option<String>) {
    let line = format!("{}{message}", origin.prefix());
    if json {
        let mut json = JsonRecord::new(record, origin, "invalid");
        json.error = Some(message);
        json.write(out);
    }
    (Status::Invalid, Some(line))
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

impl Job for Solve {
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let to = self.to.unwrap_or(Output::Grid(record.format));
        let result = attempt(
            record,
            |grid| {
                if self.check_unique {
                    match solver::uniqueness(grid) {
                        Uniqueness::None => (None, Status::NoSolution),
                        Uniqueness::Unique(s) => (Some(s), Status::Unique),
                        Uniqueness::Multiple(s) => (Some(s), Status::Multiple),
                    }
                } else {
                    match solver::solve(grid) {
                        Some(s) => (Some(s), Status::Solved),
                        None => (None, Status::NoSolution),
                    }
                }
            },
            |(solution, _)| solution.is_none(),
        );
        let (solution, status) = match result {
            Ok(found) => found,
            Err(message) => return invalid(record, origin, message, to == Output::Json, out),
        };
        match to {
            Output::Json => {
                let mut json = JsonRecord::new(
                    record,
                    origin,
                    if solution.is_some() {
                        "solved"
                    } else {
                        "no_solution"
                    },
                );
                json.solution = solution.as_ref().map(Grid::to_line);
                if self.check_unique && solution.is_some() {
                    json.unique = Some(status == Status::Unique);
                }
                json.write(out);
            }
            Output::Grid(format) => {
                if let Some(solution) = &solution {
                    write_text(out, solution, format, record, origin);
                }
            }
        }
        let message = match status {
            Status::NoSolution => Some(no_solution(record, origin)),
            Status::Multiple if self.warn_multiple => Some(format!(
                "{}line {}: the puzzle has more than one solution; printed one of them",
                origin.prefix(),
                record.line
            )),
            _ => None,
        };
        (status, message)
    }

    fn separated(&self, format: Format) -> bool {
        match self.to {
            Some(Output::Json) => false,
            Some(Output::Grid(to)) => separated(to),
            None => separated(format),
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
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let n = match attempt(
            record,
            |grid| solver::count_solutions(grid, self.limit),
            |&n| n == 0,
        ) {
            Ok(n) => n,
            Err(message) => {
                return invalid(record, origin, message, self.to == ReportFormat::Json, out);
            }
        };
        let limit_reached = n >= self.limit;
        let status = match n {
            0 => Status::NoSolution,
            1 => Status::Unique,
            _ => Status::Multiple,
        };
        match self.to {
            ReportFormat::Json => {
                let mut json =
                    JsonRecord::new(record, origin, if n > 0 { "solved" } else { "no_solution" });
                json.solutions = Some(n);
                json.limit_reached = Some(limit_reached);
                json.write(out);
            }
            ReportFormat::Text if limit_reached => {
                out.extend_from_slice(
                    format!("{n} (limit reached; there may be more)\n").as_bytes(),
                );
            }
            ReportFormat::Text => out.extend_from_slice(format!("{n}\n").as_bytes()),
        }
        let message = (n == 0).then(|| no_solution(record, origin));
        (status, message)
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
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> (Status, Option<String>) {
        let (status, verdict, reason) =
            match attempt(record, |grid| solver::count_solutions(grid, 2), |&n| n == 0) {
                Err(message) => (Status::Invalid, "invalid", Some(message)),
                Ok(0) => (Status::NoSolution, "none", None),
                Ok(1) => (Status::Unique, "unique", None),
                Ok(_) => (Status::Multiple, "multiple", None),
            };
        match self.to {
            ReportFormat::Json => {
                let status_name = match status {
                    Status::Invalid => "invalid",
                    Status::NoSolution => "no_solution",
                    _ => "solved",
                };
                let mut json = JsonRecord::new(record, origin, status_name);
                json.verdict = Some(verdict);
                json.error = reason;
                json.write(out);
            }
            ReportFormat::Text => {
                out.extend_from_slice(verdict.as_bytes());
                if let Some(reason) = reason {
                    out.extend_from_slice(b": ");
                    out.extend_from_slice(reason.as_bytes());
                }
                out.push(b'\n');
            }
        }
        (status, None)
    }

    fn separated(&self, _: Format) -> bool {
        false
    }
}
