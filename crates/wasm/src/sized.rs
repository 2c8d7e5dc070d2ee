//! The functions the page calls for grids of the other sizes (4x4, 6x6,
//! 8x8, 12x12, 16x16, 25x25, ...), on the libraries' `sizes` modules:
//! [`sudoku_engine::sizes`] reads, checks and solves,
//! [`sudoku_logic::sizes`] gives hints and pencil marks,
//! [`sudoku_generator::sizes`] makes puzzles. 9x9 grids keep the crate's
//! other functions.
//!
//! The page keeps a position of any size as three strings, as it does for
//! 9x9:
//!
//! - `puzzle` and `values`: the N*N cells on one line in the default
//!   alphabet (`1-9`, then `A` for 10 ... `P` for 25), `.` for a blank; the
//!   size is the square root of the length;
//! - `marks`: N*N comma-separated fields, each the digits the player
//!   marked in that cell in the same alphabet (`"19AC"`), empty when the
//!   player marked nothing there.
//!
//! Cells are named as the libraries name them (`r10c12`); digits in the
//! answers are numbers (`{"cell": "r1c16", "digit": 16}`) and pencil marks
//! come back as N*N strings in the default alphabet.
//!
//! ```
//! let puzzle = "....1....34...3.";
//! let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::solve(puzzle)).unwrap();
//! assert_eq!(json["solution"], "3214142323414132");
//! assert_eq!(json["unique"], true);
//! ```

use serde_json::{Value, json};
use sudoku_engine::sizes::format::{ReadOptions, SizedFormat, read_all, read_all_with};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Symbols, Uniqueness};
use sudoku_generator::sizes::{GeneratedSized, SizedDifficulty, SizedGenerator, SizedOptions};
use sudoku_logic::HintLevel;
use sudoku_logic::sizes::{self as logic, SizedCandidates, SizedHint, SizedStep};

use crate::{error, to_json};

/// The largest side whose hardest (minimal) puzzles the page offers: the
/// generator checks their uniqueness without a limit on guesses, which
/// takes a fraction of a second on 16x16, about a second on 20x20 and
/// most of a minute on 25x25 (natively; longer as WebAssembly).
const HARDEST_UP_TO: usize = 20;

/// A grid written on one line in the default alphabet, of the size its
/// length gives.
fn read_line(line: &str) -> Result<SizedGrid, String> {
    let length = line.chars().count();
    let side = (1..=Shape::MAX_SIZE).find(|n| n * n == length);
    let Some(shape) = side.and_then(Shape::for_size) else {
        return Err(format!("{length} cells make no grid of a supported size"));
    };
    let options = ReadOptions {
        shape: Some(shape),
        symbols: Some(Symbols::Default),
        format: Some(SizedFormat::Line),
    };
    match read_all_with(line, options).into_iter().next() {
        Some(record) => record.grid.map_err(|e| e.to_string()),
        None => Err("no puzzle".to_string()),
    }
}

/// The candidates of each cell in the default alphabet, empty for a
/// placed cell.
fn marks_out(marks: &SizedCandidates) -> Vec<String> {
    (0..marks.values().len())
        .map(|cell| {
            marks
                .digits(cell)
                .into_iter()
                .filter_map(|d| Symbols::Default.symbol(d))
                .collect()
        })
        .collect()
}

/// The player's marks on `values`: the candidates no placed peer rules
/// out, within the digits the player marked where the player marked some;
/// `None` when nothing is marked anywhere.
fn read_marks(marks: &str, values: &SizedGrid) -> Result<Option<SizedCandidates>, String> {
    if marks.bytes().all(|b| b == b',') {
        return Ok(None);
    }
    let fields: Vec<&str> = marks.split(',').collect();
    let (n, cells) = (values.size(), values.cells().len());
    if fields.len() != cells {
        return Err(format!(
            "expected {cells} fields of marks, found {}",
            fields.len()
        ));
    }
    let mut candidates = SizedCandidates::from_grid(values);
    let mut any = false;
    for (cell, field) in fields.iter().enumerate() {
        if field.is_empty() || values.cells()[cell] != 0 {
            continue;
        }
        let mut kept = 0u64;
        for ch in field.chars() {
            match Symbols::Default.value(ch).filter(|&d| (d as usize) <= n) {
                Some(d) => kept |= 1 << (d - 1),
                None => return Err(format!("cell {}: unexpected mark '{ch}'", cell + 1)),
            }
        }
        for d in 1..=n as u8 {
            if kept >> (d - 1) & 1 == 0 {
                candidates.eliminate(cell, d);
            }
        }
        any = true;
    }
    Ok(any.then_some(candidates))
}

fn names(shape: Shape, cells: impl IntoIterator<Item = usize>) -> Vec<String> {
    cells.into_iter().map(|c| shape.cell_name(c)).collect()
}

fn pairs(shape: Shape, pairs: &[(usize, u8)]) -> Vec<Value> {
    pairs
        .iter()
        .map(|&(cell, digit)| json!({ "cell": shape.cell_name(cell), "digit": digit }))
        .collect()
}

fn step_json(step: &SizedStep) -> Value {
    json!({
        "technique": step.name(),
        "rating": step.rating,
        "placements": pairs(step.shape, &step.placements),
        "eliminations": pairs(step.shape, &step.eliminations),
        "explanation": step.explanation,
    })
}

/// The verdict on a puzzle's solutions, as the check records write it.
fn verdict(uniqueness: &Uniqueness) -> &'static str {
    match uniqueness {
        Uniqueness::None => "none",
        Uniqueness::Unique(_) => "unique",
        Uniqueness::Multiple(_) => "multiple",
    }
}

/// Reads a pasted puzzle of a size other than 9x9, in any form the sizes
/// reader takes (a line of N*N characters, N rows, numbers separated by
/// spaces, a drawing with `|` and `-`) and checks it, as
/// [`crate::read_puzzle`] answers; `None` when the text is no puzzle of
/// another size (then the 9x9 reader's answer stands).
pub(crate) fn read_other_size(text: &str) -> Option<String> {
    let record = read_all(text).into_iter().next()?;
    let size = record.size.filter(|&n| n != 9)?;
    Some(match record.grid {
        Ok(grid) => checked(&grid, record.line, record.format, record.symbols),
        Err(e) => to_json(&json!({ "ok": false, "error": e.to_string(), "size": size })),
    })
}

/// Reads a puzzle of any size the page wrote: N*N cells on one line in
/// the default alphabet (as typed on the board, or from a shared link),
/// and checks it as [`crate::read_puzzle`] does.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::read("....1....34...3.")).unwrap();
/// assert_eq!((json["ok"].as_bool(), json["size"].as_u64()), (Some(true), Some(4)));
/// let open: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::read(&".".repeat(16))).unwrap();
/// assert_eq!(open["check"]["verdict"], "multiple");
/// ```
pub fn read(line: &str) -> String {
    match read_line(line) {
        Ok(grid) => checked(&grid, 1, SizedFormat::Line, Symbols::Default),
        Err(e) => error(e),
    }
}

/// The answer for a puzzle read: refused with the reason unless it has
/// exactly one solution. A refused puzzle whose givens clash comes back
/// with its `givens`, for the page to show the clash.
fn checked(grid: &SizedGrid, line: usize, format: SizedFormat, symbols: Symbols) -> String {
    let (size, text) = (grid.size(), grid.to_line());
    let refuse = |message: String, verdict: &str| {
        to_json(&json!({
            "ok": false, "error": message, "size": size, "check": { "verdict": verdict },
            "givens": (verdict == "invalid").then_some(&text),
        }))
    };
    if let Some(conflict) = grid.conflict() {
        return refuse(format!("line {line}: {conflict}"), "invalid");
    }
    let uniqueness = sizes::uniqueness(grid);
    match uniqueness {
        Uniqueness::None => refuse("the puzzle has no solution".into(), "none"),
        Uniqueness::Multiple(_) => refuse(
            "the puzzle has more than one solution (a puzzle needs exactly one)".into(),
            "multiple",
        ),
        Uniqueness::Unique(_) => to_json(&json!({
            "ok": true,
            "size": size,
            "shape": grid.shape().to_string(),
            "puzzle": text,
            "givens": text,
            "marks": Value::Null,
            "format": format.name(),
            "symbols": symbols.name(),
            "check": { "verdict": verdict(&uniqueness), "clues": grid.given_count() },
        })),
    }
}

/// What the page needs to draw a grid of a side: its box shape, the
/// characters of its digits in the default alphabet and, for 16x16, in
/// hexadecimal, and the difficulties it can generate.
///
/// `{"ok": true, "size": 16, "shape": "4x4", "box_rows": 4, "box_cols": 4,
/// "alphabet": "123456789ABCDEFG", "hex": "0123456789ABCDEF",
/// "difficulties": ["any", "easiest", "hardest"]}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::shape_info("6")).unwrap();
/// assert_eq!((json["box_rows"].as_u64(), json["box_cols"].as_u64()), (Some(2), Some(3)));
/// assert_eq!(json["alphabet"], "123456");
/// assert_eq!(json["hex"], serde_json::Value::Null);
/// ```
pub fn shape_info(size: &str) -> String {
    let Some(shape) = size.trim().parse().ok().and_then(Shape::for_size) else {
        return error(format!("no grid of side '{size}'"));
    };
    let n = shape.size();
    let alphabet = |symbols: Symbols| -> Option<String> {
        symbols
            .covers(n)
            .then(|| (1..=n as u8).filter_map(|d| symbols.symbol(d)).collect())
    };
    let difficulties: Vec<&str> = SizedDifficulty::ALL
        .into_iter()
        .map(SizedDifficulty::name)
        .filter(|&d| d != SizedDifficulty::Hardest.name() || n <= HARDEST_UP_TO)
        .collect();
    to_json(&json!({
        "ok": true,
        "size": n,
        "shape": shape.to_string(),
        "box_rows": shape.box_rows(),
        "box_cols": shape.box_cols(),
        "alphabet": alphabet(Symbols::Default),
        "hex": if n == 16 { alphabet(Symbols::Hex) } else { None },
        "difficulties": difficulties,
    }))
}

/// The clashes of a position of any size as the player types, as
/// [`crate::position`] answers for 9x9: `{"clashes": ["r1c1", "r1c16"],
/// "filled": 42, "solved": false}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::position("1..1............")).unwrap();
/// assert_eq!(json["clashes"], serde_json::json!(["r1c1", "r1c4"]));
/// ```
pub fn position(values: &str) -> String {
    let grid = match read_line(values) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    let clashes = grid.clashes();
    let filled = grid.given_count();
    to_json(&json!({
        "ok": true,
        "clashes": names(grid.shape(), clashes.iter().copied()),
        "filled": filled,
        "solved": grid.is_complete() && clashes.is_empty(),
    }))
}

/// The player's position of any size read from the page's three strings.
struct Position {
    givens: SizedGrid,
    values: SizedGrid,
    marks: Option<SizedCandidates>,
}

impl Position {
    fn read(puzzle: &str, values: &str, marks: &str) -> Result<Position, String> {
        let givens = read_line(puzzle)?;
        let values = read_line(values)?;
        if values.shape() != givens.shape() {
            return Err("the entries and the puzzle differ in size".to_string());
        }
        let marks = read_marks(marks, &values)?;
        Ok(Position {
            givens,
            values,
            marks,
        })
    }

    fn hint(&self) -> SizedHint {
        match &self.marks {
            Some(marks) => logic::hint_marks(marks, Some(&self.givens)),
            None => logic::hint(&self.values, Some(&self.givens)),
        }
    }
}

/// A hint told at a level as the page reads it: the fields of the 9x9
/// hint record the page uses.
fn hint_json(hint: &SizedHint, shape: Shape, level: HintLevel) -> Value {
    let mistakes: Vec<Value> = hint
        .mistakes()
        .iter()
        .map(|m| {
            json!({
                "kind": "wrong_digit", "cell": shape.cell_name(m.cell),
                "entered": m.entered, "solution": m.solution,
            })
        })
        .chain(hint.crossed_out().iter().map(|&(cell, digit)| {
            json!({ "kind": "crossed_out", "cell": shape.cell_name(cell), "digit": digit })
        }))
        .collect();
    json!({
        "status": hint.status().name(),
        "level": level.to_string(),
        "message": hint.message(level),
        "technique": hint.technique().map(|t| t.name()),
        "cells": hint.cells(level).map(|c| names(shape, c.iter().copied())),
        "candidates": hint.candidates(level).map(|c| pairs(shape, c)),
        "step": hint.step(level).map(step_json),
        "mistakes": mistakes,
    })
}

/// The next step for the player's position of any size, told at `level`
/// (`nudge`, `cells` or `step`), as [`crate::hint`] answers for 9x9:
/// `{"ok": true, "hint": {...}, "house_cells": [...], "marks": [...] |
/// null}`.
///
/// ```
/// let puzzle = "....1....34...3.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::hint(puzzle, puzzle, "", "step")).unwrap();
/// assert_eq!(json["hint"]["status"], "step");
/// assert_eq!(json["house_cells"].as_array().unwrap().len(), 4);
/// assert!(json["hint"]["step"]["placements"][0]["digit"].is_u64());
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
    let shape = position.givens.shape();
    let hint = position.hint();
    let geometry = shape.geometry();
    let mut house_cells: Vec<usize> = hint
        .houses()
        .unwrap_or_default()
        .iter()
        .flat_map(|&h| geometry.houses[h].iter().map(|&c| c as usize))
        .collect();
    house_cells.sort_unstable();
    house_cells.dedup();
    let marks = match level {
        HintLevel::Nudge => None,
        _ => hint.marks().map(marks_out),
    };
    to_json(&json!({
        "ok": true,
        "hint": hint_json(&hint, shape, level),
        "house_cells": names(shape, house_cells),
        "marks": marks,
    }))
}

/// Applies the next step to the player's position of any size, as
/// [`crate::apply_hint`] does for 9x9: `{"ok": true, "step": {...},
/// "values": "...", "marks": [...] | null}`, or `{"ok": false, "error":
/// ..., "hint": {...}}` when there is no step to apply.
///
/// ```
/// let puzzle = "....1....34...3.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::apply_hint(puzzle, puzzle, "")).unwrap();
/// assert_eq!(json["ok"], true);
/// assert_eq!(json["values"].as_str().unwrap().matches('.').count(), 11);
/// ```
pub fn apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    let position = match Position::read(puzzle, values, marks) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let shape = position.givens.shape();
    let hint = position.hint();
    let (Some(step), Some(before)) = (hint.step(HintLevel::Step), hint.marks()) else {
        let record = hint_json(&hint, shape, HintLevel::Step);
        return to_json(&json!({ "ok": false, "error": record["message"], "hint": record }));
    };
    let mut after = before.clone();
    after.apply(step);
    let marks = (!step.eliminations.is_empty()).then(|| marks_out(&after));
    to_json(&json!({
        "ok": true,
        "step": step_json(step),
        "values": after.to_grid().to_line(),
        "marks": marks,
    }))
}

/// Checks the puzzle and the player's entries: whether the puzzle has one
/// solution, several or none (`verdict`), and the entries or crossed-out
/// candidates that disagree with the solution, as [`crate::check`]
/// answers for 9x9.
///
/// ```
/// let puzzle = "....1....34...3.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::check(puzzle, puzzle, "")).unwrap();
/// assert_eq!(json["verdict"], "unique");
/// assert_eq!(json["message"], "The puzzle has exactly one solution, and everything entered so far agrees with it.");
/// let open: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::check("1...............", "1...............", "")).unwrap();
/// assert_eq!(open["verdict"], "multiple");
/// ```
pub fn check(puzzle: &str, values: &str, marks: &str) -> String {
    let position = match Position::read(puzzle, values, marks) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let shape = position.givens.shape();
    let hint = position.hint();
    let record = hint_json(&hint, shape, HintLevel::Nudge);
    use sudoku_logic::HintStatus;
    let (verdict, message) = match hint.status() {
        HintStatus::Step | HintStatus::NoTechnique => (
            "unique",
            "The puzzle has exactly one solution, and everything entered so far agrees with it."
                .to_string(),
        ),
        HintStatus::Solved => ("unique", "Solved: every cell is right.".to_string()),
        HintStatus::WrongEntry => ("unique", hint.message(HintLevel::Nudge)),
        HintStatus::MultipleSolutions => ("multiple", hint.message(HintLevel::Nudge)),
        HintStatus::NoSolution => ("none", hint.message(HintLevel::Nudge)),
        HintStatus::Conflict => ("invalid", hint.message(HintLevel::Nudge)),
    };
    to_json(&json!({
        "ok": true,
        "status": record["status"],
        "verdict": verdict,
        "message": message,
        "mistakes": record["mistakes"],
    }))
}

/// The puzzle's solution, with whether it is the only one: `{"status":
/// "solved", "solution": "...", "unique": true}`, or `{"status":
/// "no_solution"}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::solve(&".".repeat(36))).unwrap();
/// assert_eq!((json["status"].as_str(), json["unique"].as_bool()), (Some("solved"), Some(false)));
/// ```
pub fn solve(puzzle: &str) -> String {
    let grid = match read_line(puzzle) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    if let Some(conflict) = grid.conflict() {
        return to_json(
            &json!({ "ok": false, "status": "invalid", "error": conflict.to_string() }),
        );
    }
    match sizes::uniqueness(&grid) {
        Uniqueness::None => to_json(
            &json!({ "ok": false, "status": "no_solution", "error": "The puzzle has no solution." }),
        ),
        Uniqueness::Unique(s) => to_json(
            &json!({ "ok": true, "status": "solved", "solution": s.to_line(), "unique": true }),
        ),
        Uniqueness::Multiple(s) => to_json(
            &json!({ "ok": true, "status": "solved", "solution": s.to_line(), "unique": false }),
        ),
    }
}

/// Automatic pencil marks for a position of any size: in each empty cell,
/// the digits no placed peer holds, within the player's own marks where
/// the player made some. `{"ok": true, "marks": [N*N strings]}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::auto_marks("....1....34...3.", "")).unwrap();
/// assert_eq!(json["marks"][1], "24");
/// ```
pub fn auto_marks(values: &str, marks: &str) -> String {
    let values = match read_line(values) {
        Ok(v) => v,
        Err(e) => return error(e),
    };
    let candidates = match read_marks(marks, &values) {
        Ok(Some(m)) => m,
        Ok(None) => SizedCandidates::from_grid(&values),
        Err(e) => return error(e),
    };
    to_json(&json!({ "ok": true, "marks": marks_out(&candidates) }))
}

/// The logical path of a puzzle of any size the page holds (one with a
/// single solution: the path skips the uniqueness search, see
/// [`logic::solve_path_from`]), as the page reads a rating record: the
/// hardest step's `rating` and `technique`, `solved`, why it `stopped`, and
/// the `steps` when asked.
fn path_json(path: &logic::SizedPath, steps: bool) -> Value {
    let mut record = json!({
        "rating": path.rating,
        "technique": path.technique.map(|t| t.name()),
        "solved": path.solved,
        "stopped": path.stopped.as_ref().map(|s| s.to_string()),
    });
    if steps {
        record["steps"] = path.steps.iter().map(step_json).collect();
    }
    record
}

/// The rating of a puzzle of any size: its hardest step on the logic
/// library's scale (see [`sudoku_logic::sizes`]; the Sudoku Explainer
/// numbers, which rank techniques but are defined on 9x9 only) and its
/// technique, and whether singles to quads solve it.
///
/// `{"ok": true, "rating": 1.2, "technique": "Hidden Single", "solved":
/// true, "stopped": null}`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::rate("....1....34...3.")).unwrap();
/// assert_eq!((json["technique"].as_str(), json["solved"].as_bool()), (Some("Hidden Single"), Some(true)));
/// ```
pub fn rate(puzzle: &str) -> String {
    let grid = match read_line(puzzle) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    let path = logic::solve_path_from(SizedCandidates::from_grid(&grid));
    let mut record = path_json(&path, false);
    record["ok"] = json!(true);
    to_json(&record)
}

/// Every step of the logical path of a puzzle of any size, for the page to
/// step through, as [`crate::explain`] answers for 9x9: the path's
/// `rating` record with its `steps` and, for each step, the cells of its
/// pattern (`cells`), the digits before it (`values`) and the pencil marks
/// before it (`marks`); `end` is the position after the last step.
///
/// ```
/// let puzzle = "....1....34...3.";
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::explain(puzzle)).unwrap();
/// let steps = json["rating"]["steps"].as_array().unwrap().len();
/// assert_eq!((steps, json["marks"].as_array().unwrap().len()), (12, 12));
/// assert_eq!(json["values"][0], puzzle);
/// assert_eq!(json["end"], "3214142323414132");
/// ```
pub fn explain(puzzle: &str) -> String {
    let grid = match read_line(puzzle) {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    let shape = grid.shape();
    let start = SizedCandidates::from_grid(&grid);
    let path = logic::solve_path_from(start.clone());
    let mut state = start;
    let (mut values, mut marks, mut cells) = (Vec::new(), Vec::new(), Vec::new());
    for step in &path.steps {
        values.push(state.to_grid().to_line());
        marks.push(marks_out(&state));
        cells.push(names(shape, step.cells.iter().copied()));
        state.apply(step);
    }
    to_json(&json!({
        "ok": true,
        "rating": path_json(&path, true),
        "cells": cells,
        "values": values,
        "marks": marks,
        "end": state.to_grid().to_line(),
    }))
}

/// A new puzzle of side `size` with exactly one solution, at a difficulty
/// of [`SizedDifficulty`] (`easiest`, `any` or `hardest`; `hardest` up to
/// 20x20) from a seed: the generator's record with the seed. The same
/// size, difficulty and seed give the same puzzle.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::sized::generate("6", "hardest", "7")).unwrap();
/// assert_eq!((json["generated"]["size"].as_u64(), json["generated"]["shape"].as_str()), (Some(6), Some("2x3")));
/// assert_eq!(json["seed"], "7");
/// assert_eq!(sudoku_wasm::sized::generate("6", "hardest", "7"), sudoku_wasm::sized::generate("6", "hardest", "7"));
/// ```
pub fn generate(size: &str, difficulty: &str, seed: &str) -> String {
    let Some(shape) = size.trim().parse().ok().and_then(Shape::for_size) else {
        return error(format!("no grid of side '{size}'"));
    };
    let difficulty: SizedDifficulty = match difficulty.parse() {
        Ok(d) => d,
        Err(e) => return error(format!("{e}")),
    };
    if difficulty == SizedDifficulty::Hardest && shape.size() > HARDEST_UP_TO {
        return error(format!(
            "the hardest {n}x{n} puzzles take minutes to make; choose easiest or any",
            n = shape.size()
        ));
    }
    let Ok(seed_value) = seed.trim().parse::<u64>() else {
        return error(format!("the seed must be a whole number, not '{seed}'"));
    };
    let options = SizedOptions {
        difficulty,
        seed: seed_value,
        ..SizedOptions::new(shape)
    };
    let generator = match SizedGenerator::new(options) {
        Ok(g) => g,
        Err(e) => return error(e.to_string()),
    };
    match generator.generate(0) {
        Ok(made) => to_json(&json!({
            "ok": true,
            "seed": seed_value.to_string(),
            "difficulty": difficulty.name(),
            "generated": GeneratedSized::new(0, generator.options(), &made),
        })),
        Err(e) => error(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Value {
        serde_json::from_str(json).expect("valid JSON")
    }

    /// A 16x16 puzzle made by the generator (seed 3, easiest).
    fn sixteen() -> String {
        parse(&generate("16", "easiest", "3"))["generated"]["puzzle"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn other_sizes_are_read_in_their_forms_and_nine_by_nine_stays() {
        let puzzle = sixteen();
        let json = parse(&crate::read_puzzle(&puzzle));
        assert_eq!(json["ok"], true, "{json}");
        assert_eq!(
            (json["size"].as_u64(), json["shape"].as_str()),
            (Some(16), Some("4x4"))
        );
        assert_eq!(json["puzzle"], puzzle);
        // Rows of a 6x6 with zeros.
        let rows = "003010\n560320\n054203\n206450\n012045\n040100\n";
        let json = parse(&crate::read_puzzle(rows));
        assert_eq!(
            (json["ok"].as_bool(), json["size"].as_u64()),
            (Some(true), Some(6))
        );
        assert_eq!(json["format"], "rows");
        // A bad 9x9 keeps the 9x9 reader's message.
        let bad = parse(&crate::read_puzzle("003020600\n900305001\n00180x400\n"));
        assert!(
            bad["error"]
                .as_str()
                .unwrap()
                .starts_with("line 3, column 6")
        );
        assert_eq!(bad.get("size"), None);
        // A 4x4 with two solutions is refused with its verdict.
        let open = parse(&crate::read_puzzle("1..............."));
        assert_eq!(open["check"]["verdict"], "multiple");
        let clash = parse(&crate::read_puzzle("11.............."));
        assert_eq!(clash["error"], "line 1: r1c1 and r1c2 are both 1");
    }

    #[test]
    fn a_sixteen_by_sixteen_hint_names_its_houses_and_applying_steps_solves_it() {
        let puzzle = sixteen();
        let json = parse(&hint(&puzzle, &puzzle, "", "nudge"));
        assert_eq!(json["hint"]["status"], "step");
        assert!(
            json["hint"]["message"]
                .as_str()
                .unwrap()
                .starts_with("Look for a")
        );
        assert_eq!(json["house_cells"].as_array().unwrap().len() % 16, 0);
        let mut values = puzzle.clone();
        let mut marks = String::new();
        for _ in 0..300 {
            let json = parse(&apply_hint(&puzzle, &values, &marks));
            if json["ok"] == false {
                assert_eq!(json["hint"]["status"], "solved");
                break;
            }
            values = json["values"].as_str().unwrap().to_string();
            if let Some(m) = json["marks"].as_array() {
                let fields: Vec<&str> = m.iter().map(|s| s.as_str().unwrap()).collect();
                marks = fields.join(",");
            }
        }
        assert_eq!(values, parse(&solve(&puzzle))["solution"]);
        assert_eq!(parse(&check(&puzzle, &values, ""))["status"], "solved");
    }

    #[test]
    fn wrong_digits_and_crossed_out_candidates_are_named() {
        let puzzle = "....1....34...3.";
        let solution = parse(&solve(puzzle))["solution"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(&solution[1..2], "2");
        let wrong = format!(".4{}", &puzzle[2..]);
        let json = parse(&check(puzzle, &wrong, ""));
        assert_eq!(json["status"], "wrong_entry");
        assert_eq!(json["message"], "r1c2 is 4, but the solution has 2.");
        assert_eq!(json["mistakes"][0]["cell"], "r1c2");
        let mut marks = vec![""; 16];
        marks[1] = "4";
        let json = parse(&hint(puzzle, puzzle, &marks.join(","), "nudge"));
        assert_eq!(
            json["hint"]["message"],
            "r1c2: 2 was crossed out, but the solution has 2 there."
        );
        // Automatic marks keep the player's crossings.
        let json = parse(&auto_marks(puzzle, &marks.join(",")));
        assert_eq!(json["marks"][1], "4");
        assert_eq!(json["marks"][4], "");
    }

    #[test]
    fn explain_gives_a_position_before_every_step_and_rate_its_hardest() {
        let puzzle = sixteen();
        let json = parse(&explain(&puzzle));
        let steps = json["rating"]["steps"].as_array().unwrap().len();
        assert!(steps > 10);
        for key in ["cells", "values", "marks"] {
            assert_eq!(json[key].as_array().unwrap().len(), steps, "{key}");
        }
        assert_eq!(json["values"][0], puzzle);
        assert_eq!(json["marks"][0].as_array().unwrap().len(), 256);
        // Singles solve the easiest puzzles to the end.
        assert_eq!(json["rating"]["solved"], true);
        assert_eq!(json["end"], parse(&solve(&puzzle))["solution"]);
        let rating = parse(&rate(&puzzle));
        assert_eq!(rating["technique"], json["rating"]["technique"]);
        assert_eq!(rating.get("steps"), None);
    }

    #[test]
    fn clashes_and_shapes() {
        let json = parse(&position(&format!("5...5{}", ".".repeat(31))));
        assert_eq!(json["clashes"], json!(["r1c1", "r1c5"]));
        let info = parse(&shape_info("25"));
        assert_eq!(info["alphabet"], "123456789ABCDEFGHIJKLMNOP");
        assert_eq!(info["difficulties"], json!(["any", "easiest"]));
        assert_eq!(parse(&shape_info("16"))["hex"], "0123456789ABCDEF");
        assert_eq!(parse(&shape_info("7"))["ok"], false);
        assert_eq!(parse(&generate("25", "hardest", "1"))["ok"], false);
        let info = parse(&shape_info("20"));
        assert_eq!(info["difficulties"], json!(["any", "easiest", "hardest"]));
    }
}
