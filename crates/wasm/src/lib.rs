//! The engine in the browser: the functions the web page (`web/`) calls,
//! compiled to WebAssembly with wasm-bindgen.
//!
//! Every function takes strings and returns one JSON object as a string,
//! built from the libraries' public records (the ones `docs/json.md`
//! describes), so the page holds no Sudoku logic of its own: reading a
//! pasted puzzle ([`sudoku_engine::format::read_one`]), checking and solving
//! it ([`sudoku_engine::report`]), hints, mistakes, pencil marks and the
//! logical path ([`sudoku_logic`]) and new puzzles ([`sudoku_generator`]);
//! variant puzzles are read, checked and solved by [`sudoku_variants`]
//! ([`variants`]).
//!
//! The page keeps a position as three strings:
//!
//! - `puzzle`: the puzzle as the records write it, the 81-character line
//!   (`.` for a blank) or the 729-character line of a pencil-mark puzzle;
//! - `values`: the 81 cells with the player's entries, `.` for a blank;
//! - `marks`: the player's pencil marks, 81 comma-separated fields in
//!   reading order, each the digits marked in that cell (`"159"`), empty
//!   when the player marked nothing there (every digit still possible).
//!
//! Marks come back the same way, as an array of 81 strings.
//!
//! ```
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::hint(puzzle, puzzle, "", "nudge")).unwrap();
//! assert_eq!(json["hint"]["message"], "Look for a Hidden Single in b1.");
//! assert_eq!(json["house_cells"].as_array().unwrap().len(), 9);
//! ```
//!
//! In the browser the same functions are exported under camelCase names
//! (`readPuzzle`, `applyHint`, `autoMarks`, ...).

#![warn(missing_docs)]

use serde::Serialize;
use serde_json::json;
use sudoku_engine::format::{Record, read_one};
use sudoku_engine::report::{self, CheckRecord, Origin, SolveRecord, Verdict};
use sudoku_engine::{Cell, CellSet, Digit, DigitSet, Grid, House, PencilMarks};
use sudoku_generator::{Difficulty, GeneratedRecord, Generator, Options, rating_range};
use sudoku_logic::records::{HintRecord, RatingRecord, StepRecord};
use sudoku_logic::{Candidates, HintLevel, HintOutcome, HintStatus, Path, Solver};

#[cfg(target_arch = "wasm32")]
mod exports;
pub mod sized;
pub mod variants;

/// The origin of the one puzzle a page works on.
const ORIGIN: Origin<'static> = Origin {
    index: 1,
    file: None,
};

fn to_json(value: &impl Serialize) -> String {
    serde_json::to_string(value).expect("the records serialize")
}

fn error(message: impl Into<String>) -> String {
    to_json(&json!({ "ok": false, "error": message.into() }))
}

/// A puzzle line read back: its givens, and its marks for a pencil-mark
/// puzzle.
struct Puzzle {
    givens: Grid,
    marks: Option<PencilMarks>,
}

impl Puzzle {
    fn read(text: &str) -> Result<Puzzle, String> {
        let record = read_one(text);
        let givens = record.grid.map_err(|e| e.to_string())?;
        Ok(Puzzle {
            givens,
            marks: record.marks.map(|m| *m),
        })
    }

    /// The givens to measure a player's entries against: none for a
    /// pencil-mark puzzle, whose marks (not its digits) make it unique.
    fn givens(&self) -> Option<&Grid> {
        self.marks.is_none().then_some(&self.givens)
    }

    /// The logical path from the puzzle (from its marks when it has them).
    fn path(&self) -> Path {
        match &self.marks {
            Some(marks) => Solver::new().solve_path_marks(marks),
            None => Solver::new().solve_path(&self.givens),
        }
    }

    /// The working pencil marks at the start of the puzzle.
    fn start(&self) -> Candidates {
        match &self.marks {
            Some(marks) => Candidates::from_marks(marks),
            None => Candidates::from_grid(&self.givens),
        }
    }
}

/// The player's digits: 81 characters, a digit or `.` (or `0`) for a blank.
fn read_values(values: &str) -> Result<Grid, String> {
    let bytes = values.as_bytes();
    if bytes.len() != 81 {
        return Err(format!("expected 81 cells, found {}", bytes.len()));
    }
    let mut cells = [0u8; 81];
    for (i, &b) in bytes.iter().enumerate() {
        cells[i] = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => return Err(format!("cell {}: unexpected '{}'", i + 1, b as char)),
        };
    }
    Grid::from_cells(cells).ok_or_else(|| "a cell above 9".to_string())
}

/// The player's marks: 81 comma-separated digit lists, empty for "not
/// marked"; `None` when nothing is marked anywhere. A placed cell's marks
/// are ignored.
fn read_marks(marks: &str, values: &Grid) -> Result<Option<PencilMarks>, String> {
    if marks.bytes().all(|b| b == b',') {
        return Ok(None);
    }
    let fields: Vec<&str> = marks.split(',').collect();
    if fields.len() != 81 {
        return Err(format!(
            "expected 81 fields of marks, found {}",
            fields.len()
        ));
    }
    let mut sets = [DigitSet::ALL; 81];
    let mut any = false;
    for (i, field) in fields.iter().enumerate() {
        if field.is_empty() || values.cells()[i] != 0 {
            continue;
        }
        let mut set = DigitSet::EMPTY;
        for b in field.bytes() {
            match b {
                b'1'..=b'9' => {
                    set.insert(Digit::new(b - b'0'));
                }
                _ => return Err(format!("cell {}: unexpected mark '{}'", i + 1, b as char)),
            }
        }
        sets[i] = set;
        any = true;
    }
    if !any {
        return Ok(None);
    }
    Ok(PencilMarks::from_parts(*values.cells(), sets))
}

/// The candidates of each cell as the page draws them: 81 strings, empty
/// for a placed cell.
fn marks_out(c: &Candidates) -> Vec<String> {
    Cell::all()
        .map(|cell| match c.value(cell) {
            Some(_) => String::new(),
            None => c.mask(cell).to_string(),
        })
        .collect()
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

/// Reads a pasted puzzle in any format the command reads (an 81-character
/// line, rows, the judge format, Project Euler, a pretty grid, the
/// 729-character pencil marks or their drawn grid) and checks it. Text
/// that is no 9x9 puzzle but one of another size (a line of N*N
/// characters, N rows, ...) is read by the sizes reader, and the answer
/// has that `size` (see [`sized`]).
///
/// `{"ok": true, "size": 9, "shape": "3x3", "puzzle": ..., "givens": ...,
/// "marks": [...] | null, "format": "rows", "check": {CheckRecord}}` for a puzzle with exactly one
/// solution; otherwise `{"ok": false, "error": ...}`, the error being the
/// command's message (`line 2, column 5: expected a digit ...`), and
/// `check` when the text was read.
///
/// ```
/// let bad: serde_json::Value = serde_json::from_str(&sudoku_wasm::read_puzzle("12345678x")).unwrap();
/// assert_eq!(bad["ok"], false);
/// assert!(bad["error"].as_str().unwrap().starts_with("line 1, column 9: expected a digit"));
/// ```
pub fn read_puzzle(text: &str) -> String {
    let record = read_one(text);
    if record.grid.is_err()
        && let Some(answer) = sized::read_other_size(text)
    {
        return answer;
    }
    let check = report::check(&record);
    let check_record = CheckRecord::new(&ORIGIN, &record, &check);
    let refuse =
        |message: String| to_json(&json!({ "ok": false, "error": message, "check": check_record }));
    match check {
        Err(invalid) => refuse(invalid.to_string()),
        Ok(Verdict::None) => refuse("the puzzle has no solution".into()),
        Ok(Verdict::Multiple) => {
            refuse("the puzzle has more than one solution (a puzzle needs exactly one)".into())
        }
        Ok(Verdict::Invalid) => refuse("the puzzle is invalid".into()),
        Ok(Verdict::Unique) => {
            let Record { grid, marks, .. } = record;
            let givens = grid.expect("a checked puzzle was read");
            let marks = marks.map(|m| marks_out(&Candidates::from_marks(&m)));
            to_json(&json!({
                "ok": true,
                "size": 9,
                "shape": "3x3",
                "puzzle": check_record.puzzle,
                "givens": givens.to_line(),
                "marks": marks,
                "format": record.format.name(),
                "check": check_record,
            }))
        }
    }
}

/// The clashes of a position as the player types: every cell whose digit
/// another cell of one of its houses also holds, and whether the grid is
/// full without a clash (solved, for a puzzle with one solution).
///
/// `{"clashes": ["r1c1", "r1c9"], "filled": 42, "solved": false}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::position(&format!("5.......5{}", ".".repeat(72)))).unwrap();
/// assert_eq!(json["clashes"], serde_json::json!(["r1c1", "r1c9"]));
/// ```
pub fn position(values: &str) -> String {
    let grid = match read_values(values) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    let mut clashes = CellSet::EMPTY;
    for house in House::all() {
        let mut seen: [Option<Cell>; 10] = [None; 10];
        for cell in house.cells() {
            let d = grid.cells()[cell.index()] as usize;
            if d == 0 {
                continue;
            }
            if let Some(first) = seen[d] {
                clashes.insert(first);
                clashes.insert(cell);
            } else {
                seen[d] = Some(cell);
            }
        }
    }
    let filled = grid.given_count();
    to_json(&json!({
        "ok": true,
        "clashes": names(clashes),
        "filled": filled,
        "solved": filled == 81 && clashes.is_empty(),
    }))
}

/// The player's position read from the page's three strings.
struct Position {
    puzzle: Puzzle,
    values: Grid,
    marks: Option<PencilMarks>,
}

impl Position {
    fn read(puzzle: &str, values: &str, marks: &str) -> Result<Position, String> {
        let puzzle = Puzzle::read(puzzle)?;
        let values = read_values(values)?;
        let marks = read_marks(marks, &values)?;
        Ok(Position {
            puzzle,
            values,
            marks,
        })
    }

    fn hint(&self) -> HintOutcome {
        let givens = self.puzzle.givens();
        match &self.marks {
            Some(marks) => Solver::new().hint_marks(marks, givens),
            None => Solver::new().hint(&self.values, givens),
        }
    }
}

/// The next step for the player's position, told at `level` (`nudge`,
/// `cells` or `step`): the library's hint record, the cells of the houses
/// it names (to highlight them) and the pencil marks it looked at.
///
/// `{"ok": true, "hint": {HintRecord}, "house_cells": ["r1c1", ...],
/// "marks": [81 strings] | null}`. A wrong entry or a needed candidate
/// crossed out is named instead of a step (status `wrong_entry`).
///
/// ```
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let mut wrong = puzzle.to_string();
/// wrong.replace_range(0..1, "5");
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::hint(puzzle, &wrong, "", "nudge")).unwrap();
/// assert_eq!(json["hint"]["status"], "wrong_entry");
/// assert_eq!(json["hint"]["message"], "r1c1 is 5, but the solution has 4.");
/// ```
pub fn hint(puzzle: &str, values: &str, marks: &str, level: &str) -> String {
    let level: HintLevel = match level.parse() {
        Ok(l) => l,
        Err(_) => return error(format!("unknown hint level '{level}'")),
    };
    let position = match Position::read(puzzle, values, marks) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let hint = position.hint().at(level);
    let record = HintRecord::new(position.values.to_line(), &hint);
    let house_cells: CellSet = hint
        .houses()
        .unwrap_or_default()
        .iter()
        .flat_map(|h| h.cells())
        .collect();
    let marks = match level {
        HintLevel::Nudge => None,
        _ => hint.outcome().marks().map(marks_out),
    };
    to_json(&json!({
        "ok": true,
        "hint": record,
        "house_cells": names(house_cells),
        "marks": marks,
    }))
}

/// Applies the next step to the player's position: the digits it places
/// and, when it removes candidates, the pencil marks after it (the marks
/// the step was found in, less what it removes), for the page to show.
///
/// `{"ok": true, "step": {StepRecord}, "values": "...", "marks": [81
/// strings] | null}`, or `{"ok": false, "error": ..., "hint":
/// {HintRecord}}` when there is no step to apply (a mistake, the grid
/// solved, no technique).
///
/// ```
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::apply_hint(puzzle, puzzle, "")).unwrap();
/// assert_eq!(json["step"]["placements"][0]["cell"], "r2c2");
/// assert_eq!(&json["values"].as_str().unwrap()[9..11], "96");
/// ```
pub fn apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    let position = match Position::read(puzzle, values, marks) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let outcome = position.hint();
    let (Some(step), Some(before)) = (outcome.step(), outcome.marks()) else {
        let hint = outcome.at(HintLevel::Step);
        let record = HintRecord::new(position.values.to_line(), &hint);
        return to_json(&json!({ "ok": false, "error": record.message, "hint": record }));
    };
    let mut after = *before;
    after.apply(step);
    let marks = (!step.eliminations.is_empty()).then(|| marks_out(&after));
    to_json(&json!({
        "ok": true,
        "step": StepRecord::from(step),
        "values": after.to_grid().to_line(),
        "marks": marks,
    }))
}

/// Checks the player's entries against the solution without giving the
/// next step away: the hint record's status and mistakes (wrong digits,
/// needed candidates crossed out), with a plain message.
///
/// `{"ok": true, "status": "wrong_entry", "message": ..., "mistakes":
/// [...]}`; status `step` or `no_technique` means that all is right so far.
///
/// ```
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::check(puzzle, puzzle, "")).unwrap();
/// assert_eq!(json["message"], "Everything entered so far agrees with the solution.");
/// ```
pub fn check(puzzle: &str, values: &str, marks: &str) -> String {
    let position = match Position::read(puzzle, values, marks) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let hint = position.hint().at(HintLevel::Nudge);
    let record = HintRecord::new(position.values.to_line(), &hint);
    let message = match record.status {
        HintStatus::Step | HintStatus::NoTechnique => {
            "Everything entered so far agrees with the solution.".to_string()
        }
        HintStatus::Solved => "Solved: every cell is right.".to_string(),
        _ => record.message.clone(),
    };
    let mistakes = record.mistakes.unwrap_or_default();
    to_json(&json!({
        "ok": true,
        "status": record.status,
        "message": message,
        "mistakes": mistakes,
    }))
}

/// The puzzle's solution: the command's solve record (with `unique`).
///
/// ```
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::solve(puzzle)).unwrap();
/// assert_eq!(json["status"], "solved");
/// assert_eq!(json["unique"], true);
/// ```
pub fn solve(puzzle: &str) -> String {
    let record = read_one(puzzle);
    let outcome = report::solve(&record, true);
    to_json(&SolveRecord::new(&ORIGIN, &record, &outcome))
}

/// The puzzle's rating on the Sudoku Explainer scale, its difficulty and
/// hardest technique: the record of `sudoku rate --to json`.
///
/// ```
/// let puzzle = ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::rate(puzzle)).unwrap();
/// assert_eq!((json["rating"].as_f64(), json["difficulty"].as_str()), (Some(3.2), Some("hard")));
/// ```
pub fn rate(puzzle: &str) -> String {
    let p = match Puzzle::read(puzzle) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let record = RatingRecord::new(1, None, 1, puzzle.trim().to_string(), &p.path().rating());
    to_json(&record)
}

/// Every step of the logical path from the puzzle to the end, for the
/// page to step through: the record of `sudoku explain --to json`
/// (`rating`, with its `steps`) and, for each step, the cells of its
/// pattern (`cells`), the digits before it (`values`) and the pencil
/// marks before it (`marks`).
///
/// ```
/// let puzzle = ".839216579.73458212518764935481329767295.413.13679824537268951481425376969541738.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::explain(puzzle)).unwrap();
/// assert_eq!(json["rating"]["steps"].as_array().unwrap().len(), 5);
/// assert_eq!(json["values"][0], puzzle);
/// assert_eq!(json["marks"][0][40], "6"); // r5c5 before the first step
/// ```
pub fn explain(puzzle: &str) -> String {
    let p = match Puzzle::read(puzzle) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let path = p.path();
    let record = RatingRecord::new(1, None, 1, puzzle.trim().to_string(), &path.rating())
        .with_steps(&path.steps);
    let mut state = p.start();
    let (mut values, mut marks, mut cells) = (Vec::new(), Vec::new(), Vec::new());
    for step in &path.steps {
        values.push(state.to_grid().to_line());
        marks.push(marks_out(&state));
        cells.push(names(step.cells.iter().copied()));
        state.apply(step);
    }
    to_json(&json!({
        "ok": true,
        "rating": record,
        "cells": cells,
        "values": values,
        "marks": marks,
        "end": state.to_grid().to_line(),
    }))
}

/// Automatic pencil marks for the player's position: in each empty cell,
/// the digits no placed peer holds, within the player's own marks where
/// the player made some.
///
/// `{"ok": true, "marks": [81 strings]}`.
///
/// ```
/// let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::auto_marks(puzzle, "")).unwrap();
/// assert_eq!(json["marks"][1], "1679");
/// ```
pub fn auto_marks(values: &str, marks: &str) -> String {
    let values = match read_values(values) {
        Ok(v) => v,
        Err(e) => return error(e),
    };
    let candidates = match read_marks(marks, &values) {
        Ok(Some(m)) => Candidates::from_marks(&m),
        Ok(None) => Candidates::from_grid(&values),
        Err(e) => return error(e),
    };
    to_json(&json!({ "ok": true, "marks": marks_out(&candidates) }))
}

/// A new puzzle with exactly one solution at a difficulty (`easy`,
/// `medium`, `hard`, `expert` or `extreme`) from a seed (decimal, up to
/// 2^64 - 1): the record of `sudoku generate --to json` with the seed.
/// The same difficulty and seed give the same puzzle.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::generate("easy", "7")).unwrap();
/// assert_eq!(json["generated"]["difficulty"], "easy");
/// assert_eq!(json["seed"], "7");
/// assert_eq!(sudoku_wasm::generate("easy", "7"), sudoku_wasm::generate("easy", "7"));
/// ```
pub fn generate(difficulty: &str, seed: &str) -> String {
    let difficulty = match difficulty {
        "easy" => Difficulty::Easy,
        "medium" => Difficulty::Medium,
        "hard" => Difficulty::Hard,
        "expert" => Difficulty::Expert,
        "extreme" => Difficulty::Extreme,
        other => return error(format!("unknown difficulty '{other}'")),
    };
    let Ok(seed_value) = seed.trim().parse::<u64>() else {
        return error(format!("the seed must be a whole number, not '{seed}'"));
    };
    let options = Options {
        seed: seed_value,
        rating: Some(rating_range(difficulty)),
        rate: true,
        ..Options::default()
    };
    match Generator::new(options).and_then(|g| g.generate(0)) {
        Ok(generated) => to_json(&json!({
            "ok": true,
            "seed": seed_value.to_string(),
            "generated": GeneratedRecord::new(0, &generated),
        })),
        Err(e) => error(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn parse(json: &str) -> Value {
        serde_json::from_str(json).expect("valid JSON")
    }

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const X_WING: &str =
        ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71.";

    #[test]
    fn every_format_the_command_reads() {
        let rows: String = EASY
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).replace('.', "0") + "\n")
            .collect();
        let grid: String = rows
            .lines()
            .map(|l| l.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        for text in [EASY.to_string(), rows, grid] {
            let json = parse(&read_puzzle(&text));
            assert_eq!(json["ok"], true, "{text}");
            assert_eq!(json["givens"], EASY);
            assert_eq!(json["marks"], Value::Null);
            assert_eq!(json["check"]["verdict"], "unique");
        }
    }

    #[test]
    fn pencil_marks_are_read_with_their_marks() {
        let marks = PencilMarks::from_grid(&EASY.parse().unwrap()).to_line();
        let json = parse(&read_puzzle(&marks));
        assert_eq!(json["ok"], true);
        assert_eq!(json["format"], "marks");
        assert_eq!(json["puzzle"].as_str().unwrap().len(), 729);
        assert_eq!(json["givens"], EASY);
        // The working marks: every digit no placed peer holds.
        assert_eq!(json["marks"][0], "45");
        // Hints on a pencil-mark puzzle use its marks.
        let puzzle = json["puzzle"].as_str().unwrap();
        let hint = parse(&hint(puzzle, EASY, "", "step"));
        assert_eq!(hint["hint"]["status"], "step");
    }

    #[test]
    fn unreadable_and_ambiguous_puzzles_are_refused_with_the_reason() {
        let bad = parse(&read_puzzle("1234\n"));
        assert_eq!(bad["ok"], false);
        assert!(bad["error"].as_str().unwrap().starts_with("line 1"));
        let clash = parse(&read_puzzle(&format!("11{}", ".".repeat(79))));
        assert_eq!(clash["error"], "line 1: r1c1 and r1c2 are both 1");
        let many = parse(&read_puzzle(&".".repeat(81)));
        assert!(
            many["error"]
                .as_str()
                .unwrap()
                .contains("more than one solution")
        );
        assert_eq!(many["check"]["verdict"], "multiple");
    }

    #[test]
    fn clashes_name_both_cells() {
        let mut values = EASY.to_string();
        values.replace_range(0..1, "3"); // r1c3 holds 3
        let json = parse(&position(&values));
        assert_eq!(json["clashes"], json!(["r1c1", "r1c3"]));
        assert_eq!(json["solved"], false);
        let solution = parse(&solve(EASY))["solution"]
            .as_str()
            .unwrap()
            .to_string();
        let json = parse(&position(&solution));
        assert_eq!(
            (json["filled"].as_u64(), json["solved"].as_bool()),
            (Some(81), Some(true))
        );
    }

    #[test]
    fn the_hint_ladder_tells_more_at_each_level() {
        let nudge = parse(&hint(EASY, EASY, "", "nudge"));
        assert_eq!(nudge["hint"]["level"], "nudge");
        assert!(nudge["hint"].get("cells").is_none());
        assert_eq!(nudge["marks"], Value::Null);
        let cells = parse(&hint(EASY, EASY, "", "cells"));
        assert!(!cells["hint"]["cells"].as_array().unwrap().is_empty());
        assert!(cells["hint"].get("step").is_none());
        assert_eq!(cells["marks"].as_array().unwrap().len(), 81);
        let step = parse(&hint(EASY, EASY, "", "step"));
        assert_eq!(
            step["hint"]["step"]["placements"][0],
            json!({"cell": "r2c2", "digit": 6})
        );
        assert_eq!(parse(&hint(EASY, EASY, "", "all"))["ok"], false);
    }

    #[test]
    fn a_wrong_mark_is_named() {
        // r1c1 holds 4 in the solution; the player marked only 5 and 7.
        let mut marks = vec![""; 81];
        marks[0] = "57";
        let json = parse(&hint(EASY, EASY, &marks.join(","), "nudge"));
        assert_eq!(json["hint"]["status"], "wrong_entry");
        assert_eq!(
            json["hint"]["mistakes"][0],
            json!({"kind": "crossed_out", "cell": "r1c1", "digit": 4})
        );
        let check = parse(&check(EASY, EASY, &marks.join(",")));
        assert_eq!(check["status"], "wrong_entry");
        assert_eq!(check["mistakes"].as_array().unwrap().len(), 1);
    }

    #[test]
    fn applying_steps_solves_the_puzzle() {
        let mut values = X_WING.to_string();
        let mut marks = String::new();
        let mut eliminated = false;
        for _ in 0..200 {
            let json = parse(&apply_hint(X_WING, &values, &marks));
            if json["ok"] == false {
                assert_eq!(json["hint"]["status"], "solved");
                break;
            }
            values = json["values"].as_str().unwrap().to_string();
            if let Some(m) = json["marks"].as_array() {
                eliminated = true;
                marks = m
                    .iter()
                    .map(|s| s.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(",");
            }
        }
        assert!(eliminated, "an X-Wing removes candidates");
        assert_eq!(values, parse(&solve(X_WING))["solution"]);
    }

    #[test]
    fn check_names_wrong_digits_and_says_when_all_is_right() {
        let solution = parse(&solve(EASY))["solution"]
            .as_str()
            .unwrap()
            .to_string();
        let mut values = EASY.to_string();
        // r1c1 can hold 4 or 5; the solution has 4.
        assert_eq!(&solution[0..1], "4");
        values.replace_range(0..1, "5");
        let json = parse(&check(EASY, &values, ""));
        assert_eq!(json["status"], "wrong_entry");
        assert_eq!(json["mistakes"][0]["cell"], "r1c1");
        assert_eq!(parse(&check(EASY, &solution, ""))["status"], "solved");
    }

    #[test]
    fn explain_gives_a_position_before_every_step() {
        let json = parse(&explain(X_WING));
        let steps = json["rating"]["steps"].as_array().unwrap().len();
        assert!(steps > 10);
        for key in ["cells", "values", "marks"] {
            assert_eq!(json[key].as_array().unwrap().len(), steps, "{key}");
        }
        assert_eq!(json["rating"]["technique"], "X-Wing");
        assert_eq!(json["end"], parse(&solve(X_WING))["solution"]);
    }

    #[test]
    fn automatic_marks_keep_the_players_crossings() {
        let mut marks = vec![""; 81];
        marks[0] = "57";
        let json = parse(&auto_marks(EASY, &marks.join(",")));
        // r1c1 can hold 4 or 5: of the player's 5 and 7, 5 is left.
        assert_eq!(json["marks"][0], "5");
        assert_eq!(json["marks"][1], "4578");
        assert_eq!(json["marks"][2], "");
    }

    #[test]
    fn generation_is_reproducible_and_at_the_difficulty() {
        let json = parse(&generate("medium", "12"));
        assert_eq!(json["generated"]["difficulty"], "medium");
        assert_eq!(generate("medium", "12"), generate("medium", "12"));
        assert_eq!(parse(&generate("impossible", "1"))["ok"], false);
        assert_eq!(parse(&generate("easy", "x"))["ok"], false);
    }
}
