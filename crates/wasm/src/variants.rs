//! The functions the page calls for variant puzzles (jigsaw, killer, X,
//! windoku, anti-knight, anti-king, non-consecutive, thermometers, arrows,
//! odd and even cells), on the [`sudoku_variants`] library: it reads them
//! (f-puzzles and SudokuPad links, f-puzzles JSON, the hand-typed text of
//! `docs/variants.md`), checks a grid against every rule and searches them.
//!
//! The page keeps a variant puzzle as its f-puzzles data
//! ([`fpuzzles::to_data`], the `?load=` part of an f-puzzles link), which
//! every function here reads back, and the player's digits as one line of
//! N*N characters (`1`-`9`, then `A` for 10 up to `G` for 16, `.` for a
//! blank). [`read`] also describes the puzzle for drawing: cells are
//! indices from 0, row by row.
//!
//! Hints, explanations and pencil marks come from
//! [`sudoku_variants::logic`], in the records the page reads for the other
//! sizes ([`hint`], [`apply_hint`], [`explain`], [`auto_marks`]). Variants
//! have no rating: the library has none.
//!
//! ```
//! let json: serde_json::Value =
//!     serde_json::from_str(&sudoku_wasm::variants::read("size: 4\nrules: x\ngivens:\n1...\n....\n....\n...2\n", "")).unwrap();
//! assert_eq!(json["drawing"]["variants"], serde_json::json!(["x"]));
//! let solved: serde_json::Value =
//!     serde_json::from_str(&sudoku_wasm::variants::solve(json["puzzle"].as_str().unwrap())).unwrap();
//! assert_eq!(solved["status"], "solved");
//! ```

use serde_json::{Value, json};
use sudoku_engine::sizes::Shape;
use sudoku_generator::variants as gen_variants;
use sudoku_logic::HintLevel;
use sudoku_variants::input::{self, Kind};
use sudoku_variants::logic::{self, Marks, Step, Stopped};
use sudoku_variants::report::{self, Verdict};
use sudoku_variants::{
    Constraint, Direction, DistinctKind, LineKind, Puzzle, Regions, Relation, Uniqueness,
    Violation, fpuzzles,
};

use crate::{error, to_json};

/// The puzzle the page keeps (its f-puzzles data).
fn read_kept(puzzle: &str) -> Result<Puzzle, String> {
    fpuzzles::from_data(puzzle).map_err(|e| e.to_string())
}

/// The player's digits: N*N symbols of [`report::symbol`], `.` or `0` for a blank.
fn read_values(values: &str, puzzle: &Puzzle) -> Result<Vec<u8>, String> {
    let size = puzzle.size();
    let digits: Vec<u8> = values
        .chars()
        .map(|ch| match ch {
            '.' | '0' => Some(0),
            '1'..='9' => Some(ch as u8 - b'0'),
            'A'..='G' | 'a'..='g' => Some(ch.to_ascii_uppercase() as u8 - b'A' + 10),
            _ => None,
        })
        .map(|d| d.filter(|&d| usize::from(d) <= size))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("expected digits 1 to {size} or '.', found '{values}'"))?;
    if digits.len() != size * size {
        return Err(format!(
            "expected {} cells, found {}",
            size * size,
            digits.len()
        ));
    }
    Ok(digits)
}

fn names(puzzle: &Puzzle, cells: &[usize]) -> Vec<String> {
    cells.iter().map(|&c| puzzle.cell_name(c)).collect()
}

fn violation_json(puzzle: &Puzzle, v: &Violation) -> Value {
    json!({ "rule": v.rule, "cells": names(puzzle, &v.cells), "message": v.message })
}

/// What the page draws: the side, the boxes or the region of every cell,
/// the givens and each constraint with its cells (indices from 0).
///
/// `{"size", "boxes": [rows, columns] | null, "regions": [region of each
/// cell] | null, "jigsaw", "givens", "variants", "rules_in_words" (the
/// rules as sentences, from [`Puzzle::rules_in_words`]), "rules": {"anti_knight",
/// "anti_king", "non_consecutive", "disjoint_groups"}, "diagonals":
/// [[cells]], "windoku": [[cells]], "extra_regions": [[cells]], "cages":
/// [{"cells", "total"}], "thermometers": [[cells]], "arrows": [{"circle",
/// "path"}], "odd": [cells], "even": [cells], "marks": [{"cells": [two
/// cells], "kind": "white" | "black" | "xv", "label": the text on the
/// mark or null}], "lines": [{"kind": "whispers" | "renban" |
/// "palindrome", "cells": [cells from one end], "label": a whispers line's
/// least difference when not half the side, else null}], "little_killers":
/// [{"cells": [the diagonal from the clue], "total", "clue": [row, column]
/// from 0, just outside the grid, "step": [rows, columns] along it}],
/// "sandwiches": [{"cells": [the row or column from the clue], "total",
/// "clue": [row, column] from 0, just outside the grid}], "skyscrapers":
/// [{"cells", "count", "clue"}] and "x_sums": [{"cells", "total",
/// "clue"}] (the same, the clue at either end), "quadruples":
/// [{"cells": [the 2x2 cells, top left first], "digits"}]}` (a kropki dot's
/// label is its number when not the usual 1 or 2; an XV mark's is X, V or
/// its sum).
pub fn drawing(puzzle: &Puzzle) -> Value {
    let (mut diagonals, mut windoku, mut extra, mut cages) = (vec![], vec![], vec![], vec![]);
    let (mut thermometers, mut arrows, mut odd, mut even) = (vec![], vec![], vec![], vec![]);
    let (mut knight, mut king, mut consecutive, mut disjoint) = (false, false, false, false);
    let (mut marks, mut lines, mut little, mut sandwiches) = (vec![], vec![], vec![], vec![]);
    let (mut quadruples, mut skyscrapers, mut x_sums) = (vec![], vec![], vec![]);
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Distinct { kind, cells } => match kind {
                DistinctKind::DiagonalDown | DistinctKind::DiagonalUp => diagonals.push(cells),
                DistinctKind::Windoku => windoku.push(cells),
                // Nine groups of scattered cells: named, not drawn.
                DistinctKind::DisjointGroup => disjoint = true,
                DistinctKind::ExtraRegion => extra.push(cells),
            },
            Constraint::AntiKnight => knight = true,
            Constraint::AntiKing => king = true,
            Constraint::NonConsecutive => consecutive = true,
            Constraint::Cage { cells, total } => {
                cages.push(json!({ "cells": cells, "total": total }))
            }
            Constraint::Thermometer { cells } => thermometers.push(cells),
            Constraint::Arrow { circle, path } => {
                arrows.push(json!({ "circle": circle, "path": path }));
            }
            Constraint::Odd(cell) => odd.push(cell),
            Constraint::Even(cell) => even.push(cell),
            Constraint::Pair { cells, relation } => {
                let (kind, label) = match *relation {
                    Relation::Difference(k) => ("white", (k != 1).then(|| k.to_string())),
                    Relation::Ratio(k) => ("black", (k != 2).then(|| k.to_string())),
                    Relation::Sum(10) => ("xv", Some("X".to_string())),
                    Relation::Sum(5) => ("xv", Some("V".to_string())),
                    Relation::Sum(k) => ("xv", Some(k.to_string())),
                };
                marks.push(json!({ "cells": cells, "kind": kind, "label": label }));
            }
            Constraint::Line { kind, cells } => {
                let label = match *kind {
                    LineKind::Whispers(k)
                        if LineKind::Whispers(k) != LineKind::whispers(puzzle.size()) =>
                    {
                        Some(k.to_string())
                    }
                    _ => None,
                };
                lines.push(json!({ "kind": kind.variant(), "cells": cells, "label": label }));
            }
            Constraint::LittleKiller { cells, total } => {
                // The clue's place, one step back from the first cell
                // (outside the grid), as row and column from 0.
                let step = Direction::of(puzzle.size(), cells).map(Direction::step);
                if let Some((dr, dc)) = step {
                    let size = puzzle.size() as isize;
                    let (r, c) = (cells[0] as isize / size, cells[0] as isize % size);
                    little.push(json!({
                        "cells": cells,
                        "total": total,
                        "clue": [r - dr, c - dc],
                        "step": [dr, dc],
                    }));
                }
            }
            Constraint::Sandwich { cells, total } => {
                sandwiches.push(json!({
                    "cells": cells,
                    "total": total,
                    "clue": outside_clue(puzzle.size(), cells),
                }));
            }
            Constraint::Skyscraper { cells, count } => {
                skyscrapers.push(json!({
                    "cells": cells,
                    "count": count,
                    "clue": outside_clue(puzzle.size(), cells),
                }));
            }
            Constraint::XSum { cells, total } => {
                x_sums.push(json!({
                    "cells": cells,
                    "total": total,
                    "clue": outside_clue(puzzle.size(), cells),
                }));
            }
            Constraint::Quadruple { cells, digits } => {
                quadruples.push(json!({ "cells": cells, "digits": digits }));
            }
            // Said in the rules' words; nothing to draw.
            Constraint::Unmarked(_) => {}
        }
    }
    let boxes = match puzzle.regions() {
        Regions::Boxes { rows, columns } => Some([rows, columns]),
        _ => None,
    };
    json!({
        "size": puzzle.size(),
        "boxes": boxes,
        "regions": puzzle.region_map(),
        "jigsaw": matches!(puzzle.regions(), Regions::Jigsaw(_)),
        "givens": report::line_text(puzzle.givens()),
        "variants": puzzle.variants(),
        "rules_in_words": puzzle.rules_in_words(),
        "rules": {
            "anti_knight": knight,
            "anti_king": king,
            "non_consecutive": consecutive,
            "disjoint_groups": disjoint,
        },
        "diagonals": diagonals,
        "windoku": windoku,
        "extra_regions": extra,
        "cages": cages,
        "thermometers": thermometers,
        "arrows": arrows,
        "odd": odd,
        "even": even,
        "marks": marks,
        "lines": lines,
        "little_killers": little,
        "sandwiches": sandwiches,
        "skyscrapers": skyscrapers,
        "x_sums": x_sums,
        "quadruples": quadruples,
    })
}

/// The place of a clue outside the grid beside a row or column `cells`
/// (from the clue's end): one step back from the first cell, away from the
/// second, as [row, column] from 0.
fn outside_clue(size: usize, cells: &[usize]) -> [isize; 2] {
    let size = size as isize;
    let at = |c: usize| (c as isize / size, c as isize % size);
    let (r, c) = at(cells[0]);
    let (r1, c1) = cells.get(1).map_or((r, c + 1), |&next| at(next));
    [r - (r1 - r), c - (c1 - c)]
}

/// Reads a pasted variant puzzle: an f-puzzles or SudokuPad link, f-puzzles
/// JSON or data, or the text of `docs/variants.md`, with the variants named
/// in `kinds` (comma-separated [`Kind`] names: `jigsaw`, `killer`, `x`,
/// `anti-knight` ...) added, as `sudoku solve --variant` reads it. The
/// first puzzle of the text is read.
///
/// Text that is no variant (no link, JSON or section header, and no
/// `kinds`) answers `{"ok": false, "variant": false}`: the page reads it as
/// a plain grid. Otherwise `{"ok": true, "variant": true, "puzzle": <the
/// f-puzzles data the page keeps>, "verdict": "unique" | "multiple",
/// "drawing": {see [`drawing`]}}`, or `{"ok": false, "variant": true,
/// "error": ...}` with the library's message (an f-puzzles rule that is
/// not supported is named; givens that break a rule; no solution).
///
/// ```
/// let plain: serde_json::Value = serde_json::from_str(&sudoku_wasm::variants::read("1...\n....\n....\n....\n", "")).unwrap();
/// assert_eq!(plain["variant"], false);
/// let jigsaw: serde_json::Value = serde_json::from_str(&sudoku_wasm::variants::read("1...\n....\n....\n....\n", "jigsaw")).unwrap();
/// assert!(jigsaw["error"].as_str().unwrap().starts_with("line 1: expected a jigsaw"));
/// ```
pub fn read(text: &str, kinds: &str) -> String {
    let kinds = match read_kinds(kinds) {
        Ok(k) => k,
        Err(e) => return refuse(e),
    };
    if kinds.is_empty() && !input::looks_like_variant(text) {
        return to_json(&json!({ "ok": false, "variant": false }));
    }
    let Some(entry) = input::read_all(text, &kinds).into_iter().next() else {
        return refuse("no puzzle in the text");
    };
    let puzzle = match entry.puzzle {
        Ok(p) => p,
        Err(e) => return refuse(e),
    };
    let verdict = match report::examine(&puzzle, 2) {
        Err(v) => return refuse(format!("the givens break a rule: {v}")),
        Ok(found) => Verdict::of_count(found.count),
    };
    if verdict == Verdict::None {
        return refuse("the puzzle has no solution");
    }
    to_json(&json!({
        "ok": true,
        "variant": true,
        "puzzle": fpuzzles::to_data(&puzzle),
        "verdict": verdict.name(),
        "drawing": drawing(&puzzle),
    }))
}

/// The comma-separated [`Kind`] names of `kinds`.
fn read_kinds(kinds: &str) -> Result<Vec<Kind>, String> {
    kinds
        .split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| k.parse().map_err(|e: input::UnknownKind| e.to_string()))
        .collect()
}

/// A new variant puzzle with exactly one solution, as `sudoku generate
/// --variant` makes it: `kinds` as for [`read`] (`killer`, `jigsaw`, `x`,
/// `windoku`, `anti-knight`, ...; killer and jigsaw not together), on a
/// grid of side `size` with the usual boxes, from a seed. The answer is
/// [`read`]'s, with the `seed`.
///
/// ```
/// let json: serde_json::Value = serde_json::from_str(&sudoku_wasm::variants::generate("x", "6", "7")).unwrap();
/// assert_eq!((json["verdict"].as_str(), json["seed"].as_str()), (Some("unique"), Some("7")));
/// assert_eq!(sudoku_wasm::variants::generate("x", "6", "7"), sudoku_wasm::variants::generate("x", "6", "7"));
/// ```
pub fn generate(kinds: &str, size: &str, seed: &str) -> String {
    let kinds = match read_kinds(kinds) {
        Ok(k) => k,
        Err(e) => return refuse(e),
    };
    let Some(shape) = size
        .trim()
        .parse()
        .ok()
        .and_then(Shape::for_size)
        .filter(|s| s.size() <= sudoku_variants::MAX_SIZE)
    else {
        return refuse(format!(
            "no variant grid of side '{size}' (4x4 to 16x16 with boxes)"
        ));
    };
    let Ok(seed_value) = seed.trim().parse::<u64>() else {
        return refuse(format!("the seed must be a whole number, not '{seed}'"));
    };
    let regions = Regions::Boxes {
        rows: shape.box_rows(),
        columns: shape.box_cols(),
    };
    let grid = match Puzzle::new(shape.size(), regions) {
        Ok(grid) => grid,
        Err(e) => return refuse(e),
    };
    let made = match gen_variants::Plan::new(&grid, &kinds) {
        Ok(plan) => plan.generate(seed_value, 0),
        Err(e) => return refuse(e),
    };
    match made {
        Ok(made) => to_json(&json!({
            "ok": true,
            "variant": true,
            "puzzle": fpuzzles::to_data(&made.puzzle),
            "verdict": "unique",
            "drawing": drawing(&made.puzzle),
            "seed": seed_value.to_string(),
        })),
        Err(e) => refuse(e),
    }
}

fn refuse(message: impl ToString) -> String {
    to_json(&json!({ "ok": false, "variant": true, "error": message.to_string() }))
}

/// The puzzle's solution, with whether it is the only one: `{"ok": true,
/// "status": "solved", "solution": "...", "unique": true}`, or `{"ok":
/// false, "status": "no_solution" | "invalid", "error": ...}`.
pub fn solve(puzzle: &str) -> String {
    let puzzle = match read_kept(puzzle) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    match report::examine(&puzzle, 2) {
        Err(v) => to_json(&json!({ "ok": false, "status": "invalid", "error": v.message })),
        Ok(found) => match found.solution {
            None => to_json(
                &json!({ "ok": false, "status": "no_solution", "error": "The puzzle has no solution." }),
            ),
            Some(s) => to_json(&json!({
                "ok": true,
                "status": "solved",
                "solution": report::line_text(&s),
                "unique": found.count == 1,
            })),
        },
    }
}

/// The rule the player's digits break, if any, as the page marks it while
/// they type: `{"ok": true, "clashes": [cells], "violation": {"rule",
/// "cells", "message"} | null, "solved": bool}` (`solved`: full, and no
/// rule broken).
pub fn position(puzzle: &str, values: &str) -> String {
    let (puzzle, grid) = match read_kept(puzzle).and_then(|p| {
        let g = read_values(values, &p)?;
        Ok((p, g))
    }) {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let violation = puzzle.violation(&grid);
    to_json(&json!({
        "ok": true,
        "clashes": violation.as_ref().map_or(vec![], |v| names(&puzzle, &v.cells)),
        "violation": violation.as_ref().map(|v| violation_json(&puzzle, v)),
        "solved": violation.is_none() && grid.iter().all(|&d| d != 0),
    }))
}

/// Checks the puzzle and the player's digits: the puzzle's `verdict`
/// (`unique`, `multiple`, `none`), and a `status` with its `message`:
/// `conflict` (a rule broken: `violation` names it and its cells),
/// `wrong_entry` (digits that differ from the only solution, in
/// `mistakes`, as the 9x9 check names them), `solved`, or `ok`.
pub fn check(puzzle: &str, values: &str) -> String {
    let (puzzle, grid) = match read_kept(puzzle).and_then(|p| {
        let g = read_values(values, &p)?;
        Ok((p, g))
    }) {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let answer = |verdict: &str, status: &str, message: String, mistakes: Vec<Value>| {
        to_json(&json!({
            "ok": true,
            "verdict": verdict,
            "status": status,
            "message": message,
            "mistakes": mistakes,
            "violation": puzzle.violation(&grid).map(|v| violation_json(&puzzle, &v)),
        }))
    };
    let full = grid.iter().all(|&d| d != 0);
    let uniqueness = sudoku_variants::uniqueness(&puzzle);
    let verdict = match &uniqueness {
        Uniqueness::None => "none",
        Uniqueness::Unique(_) => "unique",
        Uniqueness::Multiple(_) => "multiple",
    };
    if let Some(v) = puzzle.violation(&grid) {
        let message = format!("A rule is broken: {v}.");
        return answer(verdict, "conflict", message, vec![]);
    }
    match uniqueness {
        Uniqueness::None => answer(
            verdict,
            "no_solution",
            "The puzzle has no solution.".into(),
            vec![],
        ),
        _ if full => answer(
            verdict,
            "solved",
            "Solved: every rule is kept.".into(),
            vec![],
        ),
        Uniqueness::Multiple(_) => answer(
            verdict,
            "ok",
            "The puzzle has more than one solution; no rule is broken so far.".into(),
            vec![],
        ),
        Uniqueness::Unique(solution) => {
            let mistakes: Vec<Value> = (0..grid.len())
                .filter(|&c| grid[c] != 0 && grid[c] != solution[c])
                .map(|c| {
                    json!({
                        "kind": "wrong_digit",
                        "cell": puzzle.cell_name(c),
                        "entered": grid[c],
                        "solution": solution[c],
                    })
                })
                .collect();
            let (status, message) = if mistakes.is_empty() {
                (
                    "ok",
                    "The puzzle has exactly one solution, and everything entered so far agrees with it.",
                )
            } else {
                ("wrong_entry", "Some digits differ from the solution.")
            };
            answer(verdict, status, message.into(), mistakes)
        }
    }
}

/// The candidates of each cell (`1`-`9`, then `A`...), empty for a placed one.
fn marks_out(marks: &Marks) -> Vec<String> {
    (0..marks.values().len())
        .map(|c| marks.digits(c).into_iter().map(report::symbol).collect())
        .collect()
}

fn pairs(puzzle: &Puzzle, pairs: &[(usize, u8)]) -> Vec<Value> {
    pairs
        .iter()
        .map(|&(cell, digit)| json!({ "cell": puzzle.cell_name(cell), "digit": digit }))
        .collect()
}

fn step_json(puzzle: &Puzzle, step: &Step) -> Value {
    json!({
        "technique": step.name(),
        "placements": pairs(puzzle, &step.placements),
        "eliminations": pairs(puzzle, &step.eliminations),
        "houses": step.houses,
        "explanation": step.explanation,
    })
}

/// A hint record with no step (the page reads the sizes' hint record).
fn refusal(status: &str, message: String, mistakes: Vec<Value>) -> Value {
    json!({
        "status": status, "level": null, "message": message, "technique": null,
        "cells": null, "candidates": null, "step": null, "mistakes": mistakes,
    })
}

/// The player's pencil marks (`,`-separated N*N fields, as the page keeps
/// them): the digits of each cell, `None` where the player marked none.
fn read_player_marks(marks: &str, size: usize) -> Result<Vec<Option<u16>>, String> {
    if marks.bytes().all(|b| b == b',') {
        return Ok(vec![None; size * size]);
    }
    let fields: Vec<&str> = marks.split(',').collect();
    if fields.len() != size * size {
        return Err(format!(
            "expected {} fields of marks, found {}",
            size * size,
            fields.len()
        ));
    }
    fields
        .iter()
        .map(|field| {
            let mut mask = 0u16;
            for ch in field.chars() {
                // `1`-`9`, then `A` (10) to `G` (16).
                let d = (ch.to_digit(17).filter(|&d| d >= 1 && d <= size as u32))
                    .ok_or_else(|| format!("unexpected mark '{ch}'"))?;
                mask |= 1 << (d - 1);
            }
            Ok((!field.is_empty()).then_some(mask))
        })
        .collect()
}

/// The player's position for the logic: the puzzle's pencil marks with
/// every entered digit placed and, where the player marked a cell, only
/// the digits marked there, once the puzzle has one solution and the
/// entries agree with it; otherwise the hint record that says why not.
fn logic_position(puzzle: &Puzzle, grid: &[u8], player: &[Option<u16>]) -> Result<Marks, Value> {
    let solution = logic::unique_solution(puzzle).map_err(|why| match why {
        Stopped::Invalid(v) => refusal("conflict", format!("A rule is broken: {v}."), vec![]),
        Stopped::NoSolution => refusal("no_solution", "The puzzle has no solution.".into(), vec![]),
        _ => refusal(
            "multiple_solutions",
            "The puzzle has more than one solution.".into(),
            vec![],
        ),
    })?;
    // Mistakes first, as the 9x9 hint names them: a step built on them
    // would mislead.
    let (mut mistakes, mut sentences) = (Vec::new(), Vec::new());
    for c in 0..grid.len() {
        let (cell, right) = (puzzle.cell_name(c), solution[c]);
        if grid[c] != 0 && grid[c] != right {
            mistakes.push(json!({ "kind": "wrong_digit", "cell": cell,
                                  "entered": grid[c], "solution": right }));
            let (entered, right) = (report::symbol(grid[c]), report::symbol(right));
            sentences.push(format!(
                "{cell} is {entered}, but the solution has {right}."
            ));
        } else if player[c].is_some_and(|m| grid[c] == 0 && m >> (right - 1) & 1 == 0) {
            mistakes.push(json!({ "kind": "crossed_out", "cell": cell, "digit": right }));
            let right = report::symbol(right);
            sentences.push(format!(
                "{cell}: {right} was crossed out, but the solution has {right} there."
            ));
        }
    }
    if !mistakes.is_empty() {
        return Err(refusal("wrong_entry", sentences.join(" "), mistakes));
    }
    let mut marks = logic::pencil_marks(puzzle);
    for (cell, &d) in grid.iter().enumerate() {
        if d != 0 && marks.value(cell).is_none() {
            marks.place(cell, d);
        }
    }
    for (cell, kept) in player.iter().enumerate() {
        let Some(kept) = kept.filter(|_| grid[cell] == 0) else {
            continue;
        };
        for d in 1..=puzzle.size() as u8 {
            if kept >> (d - 1) & 1 == 0 {
                marks.eliminate(cell, d);
            }
        }
    }
    Ok(marks)
}

/// The next step, or the hint record of a full grid or of logic stuck.
fn next_step(marks: &Marks) -> Result<Step, Value> {
    logic::next_step(marks).ok_or_else(|| {
        if marks.is_solved() {
            refusal("solved", "The grid is solved.".into(), vec![])
        } else {
            refusal(
                "no_technique",
                "No known technique applies here.".into(),
                vec![],
            )
        }
    })
}

/// The puzzle, the player's digits and the player's marks.
type Position = (Puzzle, Vec<u8>, Vec<Option<u16>>);

fn read_position(puzzle: &str, values: &str, marks: &str) -> Result<Position, String> {
    let puzzle = read_kept(puzzle)?;
    let grid = read_values(values, &puzzle)?;
    let player = read_player_marks(marks, puzzle.size())?;
    Ok((puzzle, grid, player))
}

/// The next logical step from the player's digits, told at `level`
/// (`nudge`, `cells` or `step`), in the record the page reads for other
/// sizes: `{"ok": true, "hint": {"status", "level", "message", "technique",
/// "cells", "step", "mistakes"}, "house_cells": [the cells of the houses
/// and cages the step names], "marks": [candidates of each cell] | null}`.
/// `marks` are the player's (`,`-separated N*N fields, empty for none):
/// where the player marked a cell, only the digits marked stay candidates,
/// so steps that only remove candidates move on once applied. Wrong digits
/// and solution digits crossed out are named instead of a step.
///
/// ```
/// let read: serde_json::Value = serde_json::from_str(&sudoku_wasm::variants::read(
///     "size: 4\ncages:\nAAAB\nCDEB\nCCEF\nGGGF\ntotals: A=6 B=5 C=7 D=2 E=7 F=5 G=8\n", "")).unwrap();
/// let puzzle = read["puzzle"].as_str().unwrap();
/// let json: serde_json::Value =
///     serde_json::from_str(&sudoku_wasm::variants::hint(puzzle, &".".repeat(16), "", "step")).unwrap();
/// assert_eq!(json["hint"]["status"], "step");
/// assert!(json["hint"]["message"].as_str().unwrap().contains(": "));
/// ```
pub fn hint(puzzle: &str, values: &str, marks: &str, level: &str) -> String {
    let level: HintLevel = match level.parse() {
        Ok(l) => l,
        Err(_) => return error(format!("unknown hint level '{level}'")),
    };
    let (puzzle, grid, player) = match read_position(puzzle, values, marks) {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let found = logic_position(&puzzle, &grid, &player)
        .and_then(|marks| next_step(&marks).map(|step| (marks, step)));
    let (marks, step) = match found {
        Ok(found) => found,
        Err(record) => {
            return to_json(
                &json!({ "ok": true, "hint": record, "house_cells": [], "marks": null }),
            );
        }
    };
    let mut house_cells: Vec<usize> = step
        .houses
        .iter()
        .flat_map(|h| marks.house_cells(h))
        .collect();
    house_cells.sort_unstable();
    house_cells.dedup();
    let message = match level {
        HintLevel::Nudge => step.nudge(),
        HintLevel::Cells => step.nudge_with_cells(&marks),
        HintLevel::Step => step.to_string(),
    };
    let shown = level >= HintLevel::Cells;
    to_json(&json!({
        "ok": true,
        "hint": {
            "status": "step",
            "level": level.to_string(),
            "message": message,
            "technique": step.name(),
            "cells": shown.then(|| names(&puzzle, &step.cells)),
            "candidates": null,
            "step": (level == HintLevel::Step).then(|| step_json(&puzzle, &step)),
            "mistakes": [],
        },
        "house_cells": names(&puzzle, &house_cells),
        "marks": shown.then(|| marks_out(&marks)),
    }))
}

/// Applies the next step to the player's digits: `{"ok": true, "step":
/// {...}, "values": "...", "marks": [...] | null}` (marks when the step
/// removed candidates), or `{"ok": false, "error", "hint"}` as [`hint`]
/// tells why there is none.
pub fn apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    let (puzzle, grid, player) = match read_position(puzzle, values, marks) {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let found = logic_position(&puzzle, &grid, &player)
        .and_then(|marks| next_step(&marks).map(|step| (marks, step)));
    let (mut marks, step) = match found {
        Ok(found) => found,
        Err(record) => {
            return to_json(&json!({ "ok": false, "error": record["message"], "hint": record }));
        }
    };
    marks.apply(&step);
    to_json(&json!({
        "ok": true,
        "step": step_json(&puzzle, &step),
        "values": report::line_text(marks.values()),
        "marks": (!step.eliminations.is_empty()).then(|| marks_out(&marks)),
    }))
}

/// The library's pencil marks for the player's digits: every cell's
/// candidates that no rule rules out (houses, cages, knight's and king's
/// moves, odd and even cells ...). `{"ok": true, "marks": [N*N strings]}`.
pub fn auto_marks(puzzle: &str, values: &str) -> String {
    let (puzzle, grid, _) = match read_position(puzzle, values, "") {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let mut marks = logic::pencil_marks(&puzzle);
    for (cell, &d) in grid.iter().enumerate() {
        if d != 0 && marks.value(cell).is_none() {
            marks.place(cell, d);
        }
    }
    to_json(&json!({ "ok": true, "marks": marks_out(&marks) }))
}

/// Every step from the givens to the end, for the page to step through as
/// it does the other sizes' paths, with no rating: `{"ok": true, "path":
/// {"solved", "stopped", "steps": [...]}, "cells", "values", "marks",
/// "end"}` (per step: its pattern's cells, the digits and marks before it).
///
/// ```
/// let read: serde_json::Value = serde_json::from_str(&sudoku_wasm::variants::read(
///     "size: 4\ncages:\nAAAB\nCDEB\nCCEF\nGGGF\ntotals: A=6 B=5 C=7 D=2 E=7 F=5 G=8\n", "")).unwrap();
/// let json: serde_json::Value =
///     serde_json::from_str(&sudoku_wasm::variants::explain(read["puzzle"].as_str().unwrap())).unwrap();
/// assert_eq!(json["path"]["solved"], true);
/// assert_eq!(json["end"], serde_json::from_str::<serde_json::Value>(
///     &sudoku_wasm::variants::solve(read["puzzle"].as_str().unwrap())).unwrap()["solution"]);
/// ```
pub fn explain(puzzle: &str) -> String {
    let puzzle = match read_kept(puzzle) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let explanation = logic::explain(&puzzle);
    if explanation.solution.is_none() {
        let why = explanation
            .stopped
            .map(|s| s.to_string())
            .unwrap_or_default();
        return error(format!("Nothing to explain: {why}."));
    }
    let mut state = logic::pencil_marks(&puzzle);
    let (mut values, mut marks, mut cells) = (Vec::new(), Vec::new(), Vec::new());
    for step in &explanation.steps {
        values.push(report::line_text(state.values()));
        marks.push(marks_out(&state));
        cells.push(names(&puzzle, &step.cells));
        state.apply(step);
    }
    let steps: Vec<Value> = explanation
        .steps
        .iter()
        .map(|s| step_json(&puzzle, s))
        .collect();
    to_json(&json!({
        "ok": true,
        "path": {
            "solved": explanation.solved,
            "stopped": explanation.stopped.map(|s| s.to_string()),
            "steps": steps,
        },
        "cells": cells,
        "values": values,
        "marks": marks,
        "end": report::line_text(state.values()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Value {
        serde_json::from_str(json).expect("valid JSON")
    }

    /// A 6x6 anti-king puzzle with a thermometer, an arrow, odd and even
    /// cells (`docs/variants.md`).
    const MIXED: &str = "\
rules: anti-king
givens:
......
......
.4....
......
......
..5.3.
thermo: r1c3 r1c2 r2c2
arrow: r1c2 -> r1c3 r2c3
odd: r2c1 r4c2
even: r5c5
";

    const KILLER: &str = "\
cages:
AAAB
CDEB
CCEF
GGGF
totals: A=6 B=5 C=7 D=2 E=7 F=5 G=8
";

    const JIGSAW: &str = "\
....2.  ABBCCC
.....3  ADBCCC
.4....  ADBBBE
......  ADDEEE
.254..  ADDEEF
1.....  AFFFFF
";

    #[test]
    fn a_text_puzzle_is_described_for_drawing() {
        let json = parse(&read(MIXED, ""));
        assert_eq!(json["ok"], true, "{json}");
        let d = &json["drawing"];
        assert_eq!(d["size"], 6);
        assert_eq!(d["boxes"], json!([2, 3]));
        assert_eq!(d["jigsaw"], false);
        assert_eq!(d["regions"].as_array().unwrap().len(), 36);
        assert_eq!(d["givens"].as_str().unwrap().len(), 36);
        assert_eq!(d["diagonals"], json!([]));
        assert_eq!(d["rules"]["anti_king"], true);
        assert_eq!(d["rules"]["anti_knight"], false);
        assert_eq!(d["thermometers"], json!([[2, 1, 7]]));
        assert_eq!(d["arrows"], json!([{ "circle": [1], "path": [2, 8] }]));
        assert_eq!(
            (d["odd"].clone(), d["even"].clone()),
            (json!([6, 19]), json!([28]))
        );
        assert_eq!(
            d["variants"],
            json!(["anti-king", "thermometer", "arrow", "odd-even"])
        );
        let words = d["rules_in_words"].as_str().unwrap();
        assert!(
            words.starts_with("Normal sudoku rules apply")
                && words.contains("king's move")
                && words.contains("thermometer")
                && words.contains("arrow")
                && words.contains("odd digit"),
            "{words}"
        );
    }

    #[test]
    fn the_kept_puzzle_reads_back_the_same_and_solves() {
        for (text, kinds) in [(MIXED, ""), (KILLER, ""), (JIGSAW, "jigsaw")] {
            let json = parse(&read(text, kinds));
            assert_eq!(json["ok"], true, "{json}");
            let kept = json["puzzle"].as_str().unwrap();
            let original = input::read_all(text, &[]).remove(0).puzzle.unwrap();
            // The same puzzle, up to the order of its constraints.
            let back = fpuzzles::from_data(kept).unwrap();
            assert_eq!(
                (back.givens(), back.regions()),
                (original.givens(), original.regions())
            );
            assert_eq!(back.constraints().len(), original.constraints().len());
            assert!(
                back.constraints()
                    .iter()
                    .all(|c| original.constraints().contains(c))
            );
            let solved = parse(&solve(kept));
            assert_eq!(solved["status"], "solved", "{solved}");
            let line = solved["solution"].as_str().unwrap();
            let grid = read_values(line, &original).unwrap();
            assert!(original.is_solution(&grid));
            assert_eq!(parse(&position(kept, line))["solved"], true);
            assert_eq!(parse(&check(kept, line))["status"], "solved");
        }
    }

    #[test]
    fn a_killer_link_draws_its_cages_with_totals() {
        let puzzle = input::read_all(KILLER, &[]).remove(0).puzzle.unwrap();
        let link = fpuzzles::to_sudokupad_link(&puzzle);
        let json = parse(&read(&link, ""));
        let cages = json["drawing"]["cages"].as_array().unwrap();
        assert_eq!(cages.len(), 7);
        assert_eq!(cages[0], json!({ "cells": [0, 1, 2], "total": 6 }));
        assert_eq!(json["verdict"], "unique");
        assert_eq!(json["drawing"]["variants"], json!(["killer"]));
    }

    #[test]
    fn little_killers_are_drawn_from_their_clue_outside() {
        let text =
            "size: 6\nlittle-killer: r1c3 down-left = 16\nlittle-killer: r4c6 up-left = 12\n";
        let json = parse(&read(text, ""));
        assert_eq!(json["ok"], true, "{json}");
        let d = &json["drawing"];
        assert_eq!(d["variants"], json!(["little-killer"]));
        assert_eq!(
            d["little_killers"],
            json!([
                { "cells": [2, 7, 12], "total": 16, "clue": [-1, 3], "step": [1, -1] },
                { "cells": [23, 16, 9, 2], "total": 12, "clue": [4, 6], "step": [-1, -1] },
            ])
        );
        assert!(
            d["rules_in_words"]
                .as_str()
                .unwrap()
                .contains("along the diagonal it points to")
        );
    }

    #[test]
    fn sandwiches_are_drawn_beside_their_row_or_column() {
        let text = "size: 4\nsandwich: row 2 = 5\nsandwich: c3 = 0\n";
        let json = parse(&read(text, ""));
        assert_eq!(json["ok"], true, "{json}");
        let d = &json["drawing"];
        assert_eq!(d["variants"], json!(["sandwich"]));
        assert_eq!(
            d["sandwiches"],
            json!([
                { "cells": [4, 5, 6, 7], "total": 5, "clue": [1, -1] },
                { "cells": [2, 6, 10, 14], "total": 0, "clue": [-1, 2] },
            ])
        );
        // From the far end (f-puzzles' R5C2, below column 2).
        let mut p = sudoku_variants::Puzzle::classic(4).unwrap();
        p.add(Constraint::Sandwich {
            cells: vec![13, 9, 5, 1],
            total: 5,
        })
        .unwrap();
        let json = parse(&read(&fpuzzles::to_json(&p), ""));
        assert_eq!(json["drawing"]["sandwiches"][0]["clue"], json!([4, 1]));
        let made = parse(&generate("sandwich", "6", "2"));
        assert_eq!(made["ok"], true, "{made}");
        assert_eq!(made["drawing"]["sandwiches"].as_array().unwrap().len(), 12);
        let puzzle = fpuzzles::from_data(made["puzzle"].as_str().unwrap()).unwrap();
        assert_eq!(sudoku_variants::count_solutions(&puzzle, 2), 1);
    }

    #[test]
    fn skyscrapers_and_x_sums_are_drawn_at_their_end_of_the_line() {
        let text = "size: 4\nskyscraper: row 2 from the right = 2\nx-sum: c3 = 6\n";
        let json = parse(&read(text, ""));
        assert_eq!(json["ok"], true, "{json}");
        let d = &json["drawing"];
        assert_eq!(d["variants"], json!(["skyscraper", "x-sum"]));
        assert_eq!(
            d["skyscrapers"],
            json!([{ "cells": [7, 6, 5, 4], "count": 2, "clue": [1, 4] }])
        );
        assert_eq!(
            d["x_sums"],
            json!([{ "cells": [2, 6, 10, 14], "total": 6, "clue": [-1, 2] }])
        );
        for (kind, key) in [("skyscraper", "skyscrapers"), ("x-sum", "x_sums")] {
            let made = parse(&generate(kind, "6", "2"));
            assert_eq!(made["ok"], true, "{made}");
            assert_eq!(made["drawing"][key].as_array().unwrap().len(), 24);
            let puzzle = fpuzzles::from_data(made["puzzle"].as_str().unwrap()).unwrap();
            assert_eq!(sudoku_variants::count_solutions(&puzzle, 2), 1);
        }
        let mixed = parse(&generate("skyscraper,killer", "6", "2"));
        assert!(
            mixed["error"]
                .as_str()
                .unwrap()
                .contains("skyscraper clues are not generated with killer cages"),
            "{mixed}"
        );
    }

    #[test]
    fn quadruples_are_drawn_with_their_cells_and_digits() {
        let text = "size: 4\nquadruple: r1c1 = 1 2\nquadruple: r2c2 = 4 4\n";
        let json = parse(&read(text, ""));
        assert_eq!(json["ok"], true, "{json}");
        let d = &json["drawing"];
        assert_eq!(d["variants"], json!(["quadruple"]));
        assert_eq!(
            d["quadruples"],
            json!([
                { "cells": [0, 1, 4, 5], "digits": [1, 2] },
                { "cells": [5, 6, 9, 10], "digits": [4, 4] },
            ])
        );
    }

    #[test]
    fn a_jigsaw_has_its_region_map() {
        let json = parse(&read(JIGSAW, "jigsaw"));
        let d = &json["drawing"];
        assert_eq!(
            (d["jigsaw"].clone(), d["boxes"].clone()),
            (json!(true), Value::Null)
        );
        let regions: Vec<u64> = d["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap())
            .collect();
        assert_eq!(&regions[..6], &[0, 1, 1, 2, 2, 2]);
    }

    #[test]
    fn errors_name_the_rule_not_supported_and_the_broken_rule() {
        let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
            "minimum":[{"cell":"R1C1"}]}"#;
        let answer = parse(&read(&json.replace('\n', ""), ""));
        assert_eq!(
            (answer["ok"].as_bool(), answer["variant"].as_bool()),
            (Some(false), Some(true))
        );
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains("minimum x1 (minimum cells)"), "{message}");
        // Givens that break the thermometer.
        let bad = parse(&read(
            "size: 4\ngivens:\n21..\n....\n....\n....\nthermo: r1c1 r1c2\n",
            "",
        ));
        assert!(
            bad["error"]
                .as_str()
                .unwrap()
                .starts_with("the givens break a rule: thermometer"),
            "{bad}"
        );
        let x = parse(&read("size: 4\nrules: x\n", ""));
        assert_eq!(
            x["drawing"]["diagonals"],
            json!([[0, 5, 10, 15], [12, 9, 6, 3]])
        );
        assert_eq!(x["verdict"], "multiple");
        assert_eq!(
            parse(&read("size: 4", "lunchbox"))["error"]
                .as_str()
                .unwrap()
                .split(':')
                .next(),
            Some("unknown variant 'lunchbox'")
        );
    }

    #[test]
    fn generated_killers_and_jigsaws_are_unique_and_drawn() {
        for (kinds, size) in [
            ("killer", "6"),
            ("jigsaw,x", "6"),
            ("windoku,anti-king", "9"),
        ] {
            let json = parse(&generate(kinds, size, "3"));
            assert_eq!(json["ok"], true, "{kinds}: {json}");
            let puzzle = fpuzzles::from_data(json["puzzle"].as_str().unwrap()).unwrap();
            assert_eq!(sudoku_variants::count_solutions(&puzzle, 2), 1, "{kinds}");
            let variants = json["drawing"]["variants"].as_array().unwrap();
            for kind in kinds.split(',') {
                assert!(variants.contains(&json!(kind)), "{kinds}: {variants:?}");
            }
        }
        for (kinds, size, why) in [
            (
                "killer,jigsaw",
                "9",
                "jigsaw regions are not generated with killer cages",
            ),
            ("windoku", "6", "windoku does not apply"),
            ("x", "25", "no variant grid"),
            ("lunchbox", "9", "unknown variant"),
        ] {
            let json = parse(&generate(kinds, size, "1"));
            assert!(
                json["error"].as_str().unwrap().contains(why),
                "{kinds}: {json}"
            );
        }
    }

    /// The 4x4 killer fixture as the page keeps it, and its solution.
    fn killer_and_its_solution() -> (String, String) {
        let kept = parse(&read(KILLER, ""))["puzzle"]
            .as_str()
            .unwrap()
            .to_string();
        let solution = parse(&solve(&kept))["solution"]
            .as_str()
            .unwrap()
            .to_string();
        (kept, solution)
    }

    #[test]
    fn check_names_the_broken_rule_and_the_wrong_digits() {
        let (kept, solution) = killer_and_its_solution();
        // The A cage (r1c1-r1c3, total 6) holding 3, 3: a repeat in the cage.
        let conflict = format!("33{}", ".".repeat(14));
        let json = parse(&check(&kept, &conflict));
        assert_eq!(json["status"], "conflict");
        assert_eq!(json["violation"]["cells"][0], "r1c1");
        let clashes = parse(&position(&kept, &conflict))["clashes"].clone();
        assert!(
            clashes.as_array().unwrap().contains(&json!("r1c2")),
            "{clashes}"
        );
        // A wrong digit that breaks no rule yet is named against the solution.
        let puzzle = fpuzzles::from_data(&kept).unwrap();
        let (cell, digit) = (0..16)
            .flat_map(|c| (1..=4u8).map(move |d| (c, d)))
            .find(|&(c, d)| {
                let mut grid = vec![0; 16];
                grid[c] = d;
                d != solution.as_bytes()[c] - b'0' && puzzle.violation(&grid).is_none()
            })
            .unwrap();
        let mut values = vec![b'.'; 16];
        values[cell] = b'0' + digit;
        let json = parse(&check(&kept, std::str::from_utf8(&values).unwrap()));
        assert_eq!(json["status"], "wrong_entry", "{json}");
        assert_eq!(json["mistakes"][0]["cell"], puzzle.cell_name(cell));
        assert_eq!(parse(&check(&kept, &".".repeat(16)))["status"], "ok");
        assert_eq!(parse(&check(&kept, "12"))["ok"], false);
    }

    #[test]
    fn hints_applied_one_by_one_reach_the_solution_and_wrong_digits_are_named() {
        let (kept, solution) = killer_and_its_solution();
        let mut values = ".".repeat(16);
        let mut marks = String::new();
        let first = parse(&hint(&kept, &values, &marks, "nudge"));
        assert_eq!(first["hint"]["technique"], "Cage Combinations", "{first}");
        // The cage the nudge names is highlighted.
        assert!(!first["house_cells"].as_array().unwrap().is_empty());
        for _ in 0..100 {
            // Every step lights the houses, cages or runs it names.
            let told = parse(&hint(&kept, &values, &marks, "nudge"));
            let lit = told["house_cells"].as_array().unwrap();
            assert!(
                told["hint"]["status"] != "step" || !lit.is_empty(),
                "{told}"
            );
            let applied = parse(&apply_hint(&kept, &values, &marks));
            if applied["ok"] != true {
                assert_eq!(applied["hint"]["status"], "solved", "{applied}");
                break;
            }
            values = applied["values"].as_str().unwrap().to_string();
            if let Some(after) = applied["marks"].as_array() {
                let fields: Vec<&str> = after.iter().map(|m| m.as_str().unwrap()).collect();
                marks = fields.join(",");
            }
            for (v, s) in values.chars().zip(solution.chars()) {
                assert!(v == '.' || v == s, "{values} against {solution}");
            }
        }
        assert_eq!(values, solution);
        let auto = parse(&auto_marks(&kept, &".".repeat(16)));
        for (c, s) in solution.chars().enumerate() {
            assert!(auto["marks"][c].as_str().unwrap().contains(s));
        }
        let wrong = if solution.starts_with('1') { "2" } else { "1" };
        let json = parse(&hint(
            &kept,
            &format!("{wrong}{}", ".".repeat(15)),
            "",
            "nudge",
        ));
        assert_eq!(json["hint"]["status"], "wrong_entry");
        assert_eq!(json["hint"]["mistakes"][0]["cell"], "r1c1");
        let explained = parse(&explain(&kept));
        assert_eq!(explained["end"], solution.as_str());
    }
}
