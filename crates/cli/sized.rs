//! Grids of every size in `solve`, `count` and `check`: which reader an
//! input goes to, and what the commands print for a puzzle of any size.
//!
//! Input the 9x9 reader accepts keeps the 9x9 path (reader, SIMD engine,
//! writers and records) exactly as it was; the sizes path serves the rest.

use sudoku_engine::report::{SizedReport, Status as JsonStatus, Verdict};
use sudoku_engine::sizes::format::{SizedFormat, SizedRecord, line_text, route, write_grid};
use sudoku_engine::sizes::{self, SizedGrid, Symbols};

use crate::args::{Output, ReportFormat};
use crate::batch::{self, Options, Origin, Outcome, Status};
use crate::solve_commands::{Check, Count, Solve, write_json};

pub use sudoku_engine::sizes::format::{Route, format_of, peek, peek_streaming};

/// A job's work on puzzles of any size.
pub trait SizedJob: Sync {
    /// Works on one record.
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome;

    /// Whether outputs of this format are separated by a blank line.
    fn separated_sized(&self, format: SizedFormat) -> bool;

    /// Why the job cannot print grids of other sizes as asked, if it cannot.
    fn usable(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The route of an input from its first puzzle, by the library's rule
/// ([`sudoku_engine::sizes::format::route`]): the 9x9 path when the 9x9
/// reader accepts it (and `--size`/`--symbols` do not ask otherwise), the
/// sizes path when it is of another size or they ask for it.
pub fn choose(prefix: &[u8], options: &Options) -> Route {
    route(prefix, options.size, options.symbols, options.from)
}

/// What a search of a record found: solutions counted up to the limit
/// and the first one, or why the puzzle is invalid.
enum Found {
    Solutions(sizes::SizedSearch),
    Invalid(String),
}

fn search(record: &SizedRecord, limit: usize) -> Found {
    let grid = match &record.grid {
        Ok(grid) => grid,
        Err(e) => return Found::Invalid(e.to_string()),
    };
    let found = sizes::search(grid, limit);
    // A clash is looked for only when nothing was found, as for 9x9.
    if found.count == 0
        && let Some(conflict) = grid.conflict()
    {
        return Found::Invalid(format!("line {}: {conflict}", record.line));
    }
    Found::Solutions(found)
}

fn no_solution(record: &SizedRecord, origin: &Origin) -> String {
    format!(
        "{}line {}: the puzzle has no solution",
        origin.prefix(),
        record.line
    )
}

/// The output format of `solve` for grids of any size.
fn sized_output(to: Option<Output>, record: &SizedRecord) -> Option<SizedFormat> {
    match to {
        Some(Output::Json) => None,
        Some(Output::Grid(format)) => format_of(format).or(Some(record.format)),
        None => Some(record.format),
    }
}

impl SizedJob for Solve {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let found = search(record, if self.check_unique { 2 } else { 1 });
        let to = sized_output(self.to, record);
        let (json_status, result) = match found {
            Found::Invalid(why) => (
                JsonStatus::Invalid,
                (
                    Status::Invalid,
                    Some(format!("{}{why}", origin.prefix())),
                    None,
                    Some(why),
                ),
            ),
            Found::Solutions(found) => match found.solution {
                None => (
                    JsonStatus::NoSolution,
                    (
                        Status::NoSolution,
                        Some(no_solution(record, origin)),
                        None,
                        None,
                    ),
                ),
                Some(solution) => {
                    let unique = self.check_unique.then_some(found.count == 1);
                    let status = match unique {
                        None => Status::Solved,
                        Some(true) => Status::Unique,
                        Some(false) => Status::Multiple,
                    };
                    let message = (unique == Some(false) && self.warn_multiple).then(|| {
                        format!(
                            "{}line {}: the puzzle has more than one solution; printed one of them",
                            origin.prefix(),
                            record.line
                        )
                    });
                    (
                        JsonStatus::Solved,
                        (status, message, Some((solution, unique)), None),
                    )
                }
            },
        };
        let (status, message, solved, error) = result;
        match to {
            None => {
                let mut json = SizedReport::new(&origin.report(), record, json_status);
                if let Some((solution, unique)) = &solved {
                    json.solution = Some(line_text(solution, record.symbols));
                    json.unique = *unique;
                }
                json.error = error;
                write_json(out, &json);
            }
            Some(format) => {
                if let Some((solution, _)) = &solved {
                    write_text(out, solution, format, record.symbols);
                }
            }
        }
        (status, message)
    }

    fn separated_sized(&self, format: SizedFormat) -> bool {
        match self.to {
            Some(Output::Json) => false,
            Some(Output::Grid(to)) => format_of(to).unwrap_or(format).is_multiline(),
            None => format.is_multiline(),
        }
    }

    fn usable(&self) -> Result<(), String> {
        match self.to {
            Some(Output::Grid(format)) if format_of(format).is_none() => Err(format!(
                "--to {format} writes 9x9 grids only; for other sizes use line, grid, rows, pretty or json"
            )),
            _ => Ok(()),
        }
    }
}

fn write_text(out: &mut Vec<u8>, grid: &SizedGrid, format: SizedFormat, symbols: Symbols) {
    let mut text = String::new();
    write_grid(&mut text, grid, format, symbols);
    out.extend_from_slice(text.as_bytes());
}

impl SizedJob for Count {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let found = search(record, self.limit);
        let json = self.to == ReportFormat::Json;
        let n = match found {
            Found::Invalid(why) => {
                if json {
                    let mut record =
                        SizedReport::new(&origin.report(), record, JsonStatus::Invalid);
                    record.error = Some(why.clone());
                    write_json(out, &record);
                }
                return (Status::Invalid, Some(format!("{}{why}", origin.prefix())));
            }
            Found::Solutions(found) => found.count,
        };
        let limit_reached = n >= self.limit;
        if json {
            let status = if n > 0 {
                JsonStatus::Solved
            } else {
                JsonStatus::NoSolution
            };
            let mut json = SizedReport::new(&origin.report(), record, status);
            json.solutions = Some(n);
            json.limit_reached = Some(limit_reached);
            write_json(out, &json);
        } else {
            out.extend_from_slice(batch::count_line(n, limit_reached).as_bytes());
        }
        batch::counted(n, || no_solution(record, origin))
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        false
    }
}

impl SizedJob for Check {
    fn run_sized(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let (verdict, error) = match search(record, 2) {
            Found::Invalid(why) => (Verdict::Invalid, Some(why)),
            Found::Solutions(found) => (Verdict::of_count(found.count), None),
        };
        let (status, json_status) = (Status::of_verdict(verdict), JsonStatus::of_verdict(verdict));
        match self.to {
            ReportFormat::Json => {
                let mut json = SizedReport::new(&origin.report(), record, json_status);
                json.verdict = Some(verdict);
                json.error = error;
                write_json(out, &json);
            }
            ReportFormat::Text => {
                let text = match error {
                    Some(why) => format!("invalid: {why}\n"),
                    None => format!("{verdict}\n"),
                };
                out.extend_from_slice(text.as_bytes());
            }
        }
        (status, None)
    }

    fn separated_sized(&self, _: SizedFormat) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use sudoku_engine::format::Format;

    use super::*;

    fn route(
        text: &str,
        from: Option<Format>,
        size: Option<&str>,
        symbols: Option<Symbols>,
    ) -> Route {
        let options = Options {
            from,
            size: size.map(|s| s.parse().unwrap()),
            symbols,
            threads: 1,
            progress: false,
            variants: None,
        };
        let mut input = text.as_bytes();
        let prefix = peek(&mut input).unwrap();
        choose(&prefix, &options)
    }

    fn auto(text: &str) -> Route {
        route(text, None, None, None)
    }

    #[test]
    fn nine_by_nine_the_nine_by_nine_reader_accepts_keeps_its_path() {
        let line = format!("4{}\n", ".".repeat(80));
        assert_eq!(auto(&line), Route::Classic);
        assert_eq!(auto(&format!("# a comment\n\n{line}")), Route::Classic);
        assert_eq!(
            route(&line, None, Some("3x3"), Some(Symbols::Default)),
            Route::Classic
        );
        // Pencil marks: 729 characters, not a 27x27 grid.
        let marks = "123456789".repeat(81);
        assert_eq!(auto(&format!("{marks}\n")), Route::Classic);
        // Unreadable text keeps the 9x9 reader's messages, a grid cut
        // short too.
        assert_eq!(auto("not a puzzle\n"), Route::Classic);
        assert_eq!(auto("1234\n5678\n"), Route::Classic);
        assert_eq!(auto("1234.678\n123456789\n"), Route::Classic);
        // Alone, a line that short is a one-line puzzle of no length
        // accepted, whose message names them.
        assert_eq!(auto("1234\n"), Route::Sized);
        assert_eq!(auto("1234.678\n"), Route::Sized);
        assert_eq!(
            route("1...\n", Some(Format::Euler), None, None),
            Route::Classic
        );
    }

    #[test]
    fn other_sizes_and_other_alphabets_take_the_sizes_path() {
        assert_eq!(auto(&format!("{}\n", ".".repeat(16))), Route::Sized);
        assert_eq!(auto("1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"), Route::Sized);
        assert_eq!(auto(&format!("{}\n", ".".repeat(625))), Route::Sized);
        // A bad character in a 16x16 line: the sizes path says where.
        assert_eq!(auto(&format!("{}x\n", ".".repeat(255))), Route::Sized);
        // 9x9 in letters, or forced by the options.
        assert_eq!(auto(&format!("A{}\n", ".".repeat(80))), Route::Sized);
        let line = format!("4{}\n", ".".repeat(80));
        assert_eq!(route(&line, None, None, Some(Symbols::Hex)), Route::Sized);
        assert_eq!(
            route(&".".repeat(36), None, Some("3x2"), None),
            Route::Sized
        );
    }

    #[test]
    fn peeking_stops_after_the_first_puzzle() {
        let text = "# c\n\nab\ncd\n\nef\n";
        let mut input = text.as_bytes();
        assert_eq!(peek(&mut input).unwrap(), b"# c\n\nab\ncd\n\n");
        assert_eq!(input, b"ef\n");
    }
}
