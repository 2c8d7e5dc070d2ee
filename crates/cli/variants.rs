//! Variant puzzles in `solve`, `count` and `check`: what each command
//! prints for a puzzle that `sudoku_variants::input` read. Which inputs
//! are variant puzzles, how a file is cut into puzzles, the search and the
//! JSON record all come from the `sudoku-variants` library.

use sudoku_engine::format::Format;
use sudoku_variants::Puzzle;
use sudoku_variants::input::Entry;
use sudoku_variants::report::{self, Status as JsonStatus, VariantReport, Verdict};

use crate::args::{Output, ReportFormat};
use crate::batch::{self, Origin, Outcome, Status};
use crate::solve_commands::{Check, Count, Solve, write_json};

/// A job's work on variant puzzles.
pub trait VariantJob: Sync {
    /// Works on one puzzle.
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome;

    /// Whether outputs are separated by a blank line.
    fn separated_variant(&self) -> bool;

    /// Why the job cannot print variant puzzles as asked, if it cannot.
    fn usable_variant(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The puzzle and what a search of up to `limit` solutions found, or why
/// it is invalid (unreadable, or givens that break a rule), naming its
/// line (the JSON record's `error`; messages name the puzzle too:
/// [`named`]).
fn search(entry: &Entry, limit: usize) -> Result<(&Puzzle, sudoku_variants::Search), String> {
    let puzzle = entry.puzzle.as_ref().map_err(|e| e.to_string())?;
    report::examine(puzzle, limit)
        .map(|found| (puzzle, found))
        .map_err(|v| format!("line {}: {v}", entry.line))
}

/// Why a puzzle is invalid, naming it: `puzzle 2, line 5: ...`.
fn named(origin: &Origin, why: &str) -> String {
    format!("puzzle {}, {why}", origin.index)
}

fn no_solution(entry: &Entry, origin: &Origin) -> String {
    format!(
        "{}puzzle {}, line {}: the puzzle has no solution",
        origin.prefix(),
        origin.index,
        entry.line
    )
}

fn record(entry: &Entry, origin: &Origin, status: JsonStatus) -> VariantReport {
    report::record(origin.index, origin.file, entry, status)
}

/// How `solve` writes a variant solution.
enum Shape {
    Rows,
    Line,
    Json,
    /// Drawn with the borders of its regions.
    Pretty,
}

impl Solve {
    fn variant_shape(&self) -> Option<Shape> {
        match self.to {
            None | Some(Output::Grid(Format::Rows)) => Some(Shape::Rows),
            Some(Output::Grid(Format::Line)) => Some(Shape::Line),
            Some(Output::Json) => Some(Shape::Json),
            Some(Output::Grid(Format::Pretty)) => Some(Shape::Pretty),
            Some(Output::Grid(_)) => None,
        }
    }
}

impl VariantJob for Solve {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let shape = self.variant_shape().unwrap_or(Shape::Rows);
        // Always looked for a second solution: the record says whether
        // the one printed is the only one.
        let (puzzle, found) = match search(entry, 2) {
            Ok(found) => found,
            Err(why) => {
                if let Shape::Json = shape {
                    let mut json = record(entry, origin, JsonStatus::Invalid);
                    json.verdict = Some(Verdict::Invalid);
                    json.error = Some(why.clone());
                    write_json(out, &json);
                }
                return (
                    Status::Invalid,
                    Some(format!("{}{}", origin.prefix(), named(origin, &why))),
                );
            }
        };
        let verdict = Verdict::of_count(found.count);
        match shape {
            Shape::Json => {
                let status = match &found.solution {
                    Some(_) => JsonStatus::Solved,
                    None => JsonStatus::NoSolution,
                };
                let mut json = record(entry, origin, status);
                json.solution = found.solution.as_deref().map(report::line_text);
                json.unique = found.solution.as_ref().map(|_| found.count == 1);
                json.verdict = Some(verdict);
                write_json(out, &json);
            }
            Shape::Rows => {
                if let Some(solution) = &found.solution {
                    out.extend_from_slice(report::rows_text(solution, puzzle.size()).as_bytes());
                }
            }
            Shape::Line => {
                if let Some(solution) = &found.solution {
                    out.extend_from_slice(report::line_text(solution).as_bytes());
                    out.push(b'\n');
                }
            }
            Shape::Pretty => {
                if let Some(solution) = &found.solution {
                    out.extend_from_slice(report::pretty_text(puzzle, solution).as_bytes());
                }
            }
        }
        match verdict {
            Verdict::None | Verdict::Invalid => {
                (Status::NoSolution, Some(no_solution(entry, origin)))
            }
            Verdict::Unique => (Status::Unique, None),
            Verdict::Multiple => (
                Status::Multiple,
                self.warn_multiple.then(|| {
                    format!(
                        "{}puzzle {}, line {}: the puzzle has more than one solution; printed one of them",
                        origin.prefix(),
                        origin.index,
                        entry.line
                    )
                }),
            ),
        }
    }

    fn separated_variant(&self) -> bool {
        matches!(self.variant_shape(), Some(Shape::Rows | Shape::Pretty))
    }

    fn usable_variant(&self) -> Result<(), String> {
        match (self.variant_shape(), self.to) {
            (None, Some(Output::Grid(format))) => Err(format!(
                "--to {format} is not written for variant puzzles; use rows, line, pretty or json"
            )),
            _ => Ok(()),
        }
    }
}

impl VariantJob for Count {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let json = self.to == ReportFormat::Json;
        let n = match search(entry, self.limit) {
            Ok((_, found)) => found.count,
            Err(why) => {
                if json {
                    let mut json = record(entry, origin, JsonStatus::Invalid);
                    json.error = Some(why.clone());
                    write_json(out, &json);
                }
                return (
                    Status::Invalid,
                    Some(format!("{}{}", origin.prefix(), named(origin, &why))),
                );
            }
        };
        let limit_reached = n >= self.limit;
        if json {
            let status = if n > 0 {
                JsonStatus::Solved
            } else {
                JsonStatus::NoSolution
            };
            let mut json = record(entry, origin, status);
            json.solutions = Some(n);
            json.limit_reached = Some(limit_reached);
            write_json(out, &json);
        } else {
            out.extend_from_slice(batch::count_line(n, limit_reached).as_bytes());
        }
        batch::counted(n, || no_solution(entry, origin))
    }

    fn separated_variant(&self) -> bool {
        false
    }
}

impl VariantJob for Check {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let (verdict, error) = match search(entry, 2) {
            Ok((_, found)) => (Verdict::of_count(found.count), None),
            Err(why) => (Verdict::Invalid, Some(why)),
        };
        let (status, json_status) = (Status::of_verdict(verdict), JsonStatus::of_verdict(verdict));
        match self.to {
            ReportFormat::Json => {
                let mut json = record(entry, origin, json_status);
                json.verdict = Some(verdict);
                json.error = error;
                write_json(out, &json);
            }
            ReportFormat::Text => {
                let text = match error {
                    Some(why) => format!("invalid: {}\n", named(origin, &why)),
                    None => format!("{}\n", verdict.name()),
                };
                out.extend_from_slice(text.as_bytes());
            }
        }
        (status, None)
    }

    fn separated_variant(&self) -> bool {
        false
    }
}
