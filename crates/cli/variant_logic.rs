//! `hint`, `explain` and `marks` on variant puzzles: what each prints for
//! a puzzle that `sudoku_variants::input` read, from the steps of
//! `sudoku_variants::logic`.

use serde::Serialize;
use sudoku_logic::{HintLevel, HintStatus};
use sudoku_variants::input::Entry;
use sudoku_variants::logic::{self, Marks, Step, Stopped};
use sudoku_variants::report::{self, Status as JsonStatus, VariantReport, Verdict};
use sudoku_variants::{CellIndex, Puzzle};

use crate::args::ReportFormat;
use crate::batch::{Origin, Outcome, Status};
use crate::logic_commands::{Explain, Hint, Marks as MarksJob, Rate};
use crate::solve_commands::write_json;
use crate::variants::VariantJob;

/// `puzzle 2, line 5: why`, with the file's prefix.
fn named(entry: &Entry, origin: &Origin, why: &str) -> String {
    format!(
        "{}puzzle {}, line {}: {why}",
        origin.prefix(),
        origin.index,
        entry.line
    )
}

/// The puzzle and its unique solution, or the status and message of why
/// not (unreadable, givens that break a rule, no solution, several).
fn solvable<'a>(entry: &'a Entry, origin: &Origin) -> Result<(&'a Puzzle, Vec<u8>), Outcome> {
    let puzzle = entry.puzzle.as_ref().map_err(|e| {
        let message = format!("{}puzzle {}, {e}", origin.prefix(), origin.index);
        (Status::Invalid, Some(message))
    })?;
    logic::unique_solution(puzzle)
        .map(|solution| (puzzle, solution))
        .map_err(|why| {
            (
                stopped_status(&why),
                Some(named(entry, origin, &why.to_string())),
            )
        })
}

fn stopped_status(why: &Stopped) -> Status {
    match why {
        Stopped::Invalid(_) => Status::Invalid,
        Stopped::NoSolution => Status::NoSolution,
        Stopped::MultipleSolutions => Status::Multiple,
        Stopped::NoTechnique => Status::Unique,
    }
}

/// The JSON record of a puzzle the logic could not start on.
fn refused_record(entry: &Entry, origin: &Origin, outcome: &Outcome) -> VariantReport {
    let (status, verdict) = match outcome.0 {
        Status::NoSolution => (JsonStatus::NoSolution, Verdict::None),
        Status::Multiple => (JsonStatus::Solved, Verdict::Multiple),
        _ => (JsonStatus::Invalid, Verdict::Invalid),
    };
    let mut record = report::record(origin.index, origin.file, entry, status);
    record.verdict = Some(verdict);
    record.error = outcome
        .1
        .as_ref()
        .map(|m| m.strip_prefix(&origin.prefix()).unwrap_or(m).to_string());
    record
}

fn cell_name(size: usize, cell: CellIndex) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

/// The hint at a level, as the 9x9 hint says it: a nudge names the
/// technique and where to look, the cells level adds the empty cells of
/// the pattern, the step level is the whole step.
fn hint_message(step: &Step, marks: &Marks, level: HintLevel) -> String {
    match level {
        HintLevel::Nudge => step.nudge(),
        HintLevel::Cells => step.nudge_with_cells(marks),
        HintLevel::Step => step.to_string(),
    }
}

/// `sudoku hint --to json` for a variant puzzle: the fields of the sizes'
/// hint record with the variant record's `index`, `file`, `line` and
/// `variant`.
#[derive(Serialize)]
struct HintRecord<'a> {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: usize,
    variant: Vec<&'static str>,
    size: usize,
    puzzle: String,
    status: HintStatus,
    level: HintLevel,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    houses: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cells: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<&'a Step>,
}

impl VariantJob for Hint {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let json = self.to == ReportFormat::Json;
        if self.given_text.is_some() {
            let refused = (
                Status::Invalid,
                Some(named(
                    entry,
                    origin,
                    "--given is not read for variant puzzles: give the puzzle with your digits as givens",
                )),
            );
            if json {
                write_json(out, &refused_record(entry, origin, &refused));
            }
            return refused;
        }
        let (puzzle, _) = match solvable(entry, origin) {
            Ok(found) => found,
            Err(refused) => {
                if json {
                    write_json(out, &refused_record(entry, origin, &refused));
                }
                return refused;
            }
        };
        let marks = logic::pencil_marks(puzzle);
        let step = logic::next_step(&marks);
        let (status, message) = match &step {
            Some(step) => (HintStatus::Step, hint_message(step, &marks, self.level)),
            None if marks.is_solved() => (HintStatus::Solved, "The grid is solved.".to_string()),
            None => (
                HintStatus::NoTechnique,
                "No known technique applies here.".to_string(),
            ),
        };
        let size = puzzle.size();
        if json {
            let shown = |level| step.as_ref().filter(|_| self.level >= level);
            write_json(
                out,
                &HintRecord {
                    index: origin.index,
                    file: origin.file,
                    line: entry.line,
                    variant: puzzle.variants(),
                    size,
                    puzzle: report::line_text(puzzle.givens()),
                    status,
                    level: self.level,
                    message,
                    technique: step.as_ref().map(Step::name),
                    houses: step.as_ref().map(|s| s.houses.as_slice()),
                    cells: shown(HintLevel::Cells)
                        .map(|s| s.cells.iter().map(|&c| cell_name(size, c)).collect()),
                    step: shown(HintLevel::Step),
                },
            );
        } else {
            let mut text = message;
            text.push('\n');
            if let Some(step) = step.as_ref().filter(|_| self.level == HintLevel::Step) {
                text.push_str(&format!("  => {}\n", step.outcome_text(size)));
            }
            if self.marks {
                text.push_str(&marks.render(false));
            }
            out.extend_from_slice(text.as_bytes());
        }
        (Status::Unique, None)
    }

    fn separated_variant(&self) -> bool {
        self.to == ReportFormat::Text
    }
}

/// `sudoku explain --to json` for a variant puzzle: the variant record
/// (`solution`, `verdict`) with whether logic solved it, why it stopped,
/// and every step.
#[derive(Serialize)]
struct ExplainRecord<'a> {
    #[serde(flatten)]
    report: VariantReport,
    solved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
    steps: &'a [Step],
}

impl VariantJob for Explain {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let json = self.to == ReportFormat::Json;
        let (puzzle, solution) = match solvable(entry, origin) {
            Ok(found) => found,
            Err(refused) => {
                if json {
                    let record = ExplainRecord {
                        report: refused_record(entry, origin, &refused),
                        solved: false,
                        stopped: None,
                        steps: &[],
                    };
                    write_json(out, &record);
                }
                return refused;
            }
        };
        let start = logic::pencil_marks(puzzle);
        let explanation = logic::explain_from(start.clone());
        let stopped = explanation.stopped.as_ref().map(ToString::to_string);
        if json {
            let mut report = report::record(origin.index, origin.file, entry, JsonStatus::Solved);
            report.solution = Some(report::line_text(&solution));
            report.verdict = Some(Verdict::Unique);
            let record = ExplainRecord {
                report,
                solved: explanation.solved,
                stopped,
                steps: &explanation.steps,
            };
            write_json(out, &record);
            return (Status::Unique, None);
        }
        let size = puzzle.size();
        // `Puzzle 1 (line 6, killer): ...`, the variants left out when none.
        let rules: Vec<&str> = puzzle.variants();
        let rules = if rules.is_empty() {
            String::new()
        } else {
            format!(", {}", rules.join(", "))
        };
        let mut text = format!(
            "Puzzle {} (line {}{rules}): {}\n",
            origin.index,
            entry.line,
            report::line_text(puzzle.givens())
        );
        let mut marks = start;
        for (i, step) in explanation.steps.iter().enumerate() {
            if self.marks {
                text.push('\n');
                text.push_str(&marks.render(false));
            }
            text.push_str(&format!(
                "{:>3}. {step}\n     => {}\n",
                i + 1,
                step.outcome_text(size)
            ));
            marks.apply(step);
        }
        if explanation.solved {
            text.push_str(&format!("Solved in {} steps.\n", explanation.steps.len()));
        } else {
            text.push_str(&format!(
                "Logic stopped after {} steps: {}. The pencil marks there:\n{}",
                explanation.steps.len(),
                stopped.unwrap_or_default(),
                explanation.final_marks.render(false)
            ));
        }
        out.extend_from_slice(text.as_bytes());
        (Status::Unique, None)
    }

    fn separated_variant(&self) -> bool {
        self.to == ReportFormat::Text
    }
}

impl VariantJob for MarksJob {
    fn run_variant(&self, entry: &Entry, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        let puzzle = match &entry.puzzle {
            Ok(puzzle) => puzzle,
            Err(e) => {
                let message = format!("{}puzzle {}, {e}", origin.prefix(), origin.index);
                return (Status::Invalid, Some(message));
            }
        };
        if let Some(v) = puzzle.violation(puzzle.givens()) {
            return (Status::Invalid, Some(named(entry, origin, &v.to_string())));
        }
        let text = logic::pencil_marks(puzzle).render(self.compact);
        out.extend_from_slice(text.as_bytes());
        (Status::Solved, None)
    }

    fn separated_variant(&self) -> bool {
        true
    }
}

/// Variant puzzles have no rating: the command says so once, instead of
/// reading their JSON or links as broken grids.
impl VariantJob for Rate {
    fn run_variant(&self, entry: &Entry, origin: &Origin, _: &mut Vec<u8>) -> Outcome {
        (
            Status::Invalid,
            Some(named(entry, origin, "variant puzzles have no rating")),
        )
    }

    fn separated_variant(&self) -> bool {
        false
    }

    fn usable_variant(&self) -> Result<(), String> {
        Err(
            "rate works on classic grids and other sizes; variant puzzles have no rating \
             (the Sudoku Explainer scale is defined on classic 9x9): `sudoku explain` shows \
             their logical path"
                .to_string(),
        )
    }
}
