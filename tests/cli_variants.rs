//! `sudoku solve|count|check` on variant puzzles: f-puzzles JSON and
//! links, the text forms with `--variant`, batches with a bad puzzle,
//! `--to json`, and classic input still routed as before. Every solution
//! printed is checked by `Puzzle::is_solution` and by a check written
//! here, rule by rule, that does not use the library.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use common::*;
use sudoku_variants::{Puzzle, fpuzzles, text};

const FIXTURES: &str = "crates/variants/tests/fixtures";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(FIXTURES)
        .join(name)
}

fn read_fixture(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("fixture")
}

/// A file in a directory of its own under the target directory.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_variants");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

/// The JSON records printed, one a line.
fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}

/// A digit of the output: 1-9, then A=10.
fn digit(c: char) -> u8 {
    match c {
        '1'..='9' => c as u8 - b'0',
        'A'..='G' => c as u8 - b'A' + 10,
        _ => panic!("not a digit: {c:?}"),
    }
}

/// A JSON record's solution as digits.
fn solution_of(record: &serde_json::Value) -> Vec<u8> {
    let line = record["solution"].as_str().expect("a solution");
    line.chars().map(digit).collect()
}

/// The grids printed as rows: blocks of `size` lines separated by blank
/// lines.
fn grids_of_rows(stdout: &str, size: usize) -> Vec<Vec<u8>> {
    let lines: Vec<&str> = stdout.lines().collect();
    let mut grids = Vec::new();
    for block in lines.split(|l| l.is_empty()) {
        assert_eq!(block.len(), size, "a grid of {size} rows in {stdout}");
        let mut grid = Vec::new();
        for row in block {
            assert_eq!(row.chars().count(), size, "row {row:?}");
            grid.extend(row.chars().map(digit));
        }
        grids.push(grid);
    }
    grids
}

// ---------------------------------------------------------------------------
// The rules, checked here without the library.

/// Every row and column holds 1..=size once, and the givens are kept.
fn assert_latin_square_with_givens(grid: &[u8], size: usize, givens: &[u8]) {
    assert_eq!(grid.len(), size * size);
    for i in 0..size {
        assert_house(
            grid,
            size,
            &(0..size).map(|c| i * size + c).collect::<Vec<_>>(),
            "row",
        );
        assert_house(
            grid,
            size,
            &(0..size).map(|r| r * size + i).collect::<Vec<_>>(),
            "column",
        );
    }
    for (cell, (&g, &s)) in givens.iter().zip(grid).enumerate() {
        assert!(g == 0 || g == s, "given {g} at cell {cell} became {s}");
    }
}

fn assert_house(grid: &[u8], size: usize, cells: &[usize], what: &str) {
    let mut seen: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
    seen.sort_unstable();
    let all: Vec<u8> = (1..=size as u8).collect();
    assert_eq!(seen, all, "{what} {cells:?}");
}

fn assert_boxes(grid: &[u8], size: usize, rows: usize, columns: usize) {
    for b in 0..size {
        let (top, left) = (
            (b / (size / columns)) * rows,
            (b % (size / columns)) * columns,
        );
        let cells: Vec<usize> = (0..size)
            .map(|k| (top + k / columns) * size + left + k % columns)
            .collect();
        assert_house(grid, size, &cells, "box");
    }
}

fn assert_diagonals(grid: &[u8], size: usize) {
    let down: Vec<usize> = (0..size).map(|i| i * size + i).collect();
    let up: Vec<usize> = (0..size).map(|i| (size - 1 - i) * size + i).collect();
    assert_house(grid, size, &down, "main diagonal");
    assert_house(grid, size, &up, "anti-diagonal");
}

fn assert_anti_knight(grid: &[u8], size: usize) {
    let n = size as i32;
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(1, 2), (2, 1), (2, -1), (1, -2)] {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n).contains(&r2) && (0..n).contains(&c2) {
                    assert_ne!(
                        grid[(r * n + c) as usize],
                        grid[(r2 * n + c2) as usize],
                        "a knight's move from r{}c{}",
                        r + 1,
                        c + 1
                    );
                }
            }
        }
    }
}

/// The regions of a map of symbols, one row per line.
fn assert_regions(grid: &[u8], size: usize, map: &[&str]) {
    let symbols: Vec<char> = map.iter().flat_map(|row| row.chars()).collect();
    assert_eq!(symbols.len(), size * size);
    let mut regions: HashMap<char, Vec<usize>> = HashMap::new();
    for (cell, &s) in symbols.iter().enumerate() {
        regions.entry(s).or_default().push(cell);
    }
    assert_eq!(regions.len(), size);
    for cells in regions.values() {
        assert_house(grid, size, cells, "region");
    }
}

/// Killer cages from a cage map and totals: each cage sums to its total
/// without a repeated digit.
fn assert_cages(grid: &[u8], map: &[&str], totals: &[(char, u32)]) {
    let symbols: Vec<char> = map.iter().flat_map(|row| row.chars()).collect();
    for &(cage, total) in totals {
        let digits: Vec<u8> = symbols
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == cage)
            .map(|(c, _)| grid[c])
            .collect();
        assert!(!digits.is_empty(), "cage {cage}");
        let sum: u32 = digits.iter().map(|&d| u32::from(d)).sum();
        assert_eq!(sum, total, "cage {cage}: {digits:?}");
        let mut unique = digits.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), digits.len(), "cage {cage} repeats a digit");
    }
}

// ---------------------------------------------------------------------------

#[test]
fn an_f_puzzles_json_file_is_detected_and_solved() {
    let puzzle = fpuzzles::read(&read_fixture("x.json")).unwrap();
    let run = sudoku_file(&["solve"], &fixture("x.json"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let grids = grids_of_rows(&run.stdout, 9);
    assert_eq!(grids.len(), 1);
    let solution = &grids[0];
    assert!(puzzle.is_solution(solution));
    assert_latin_square_with_givens(solution, 9, puzzle.givens());
    assert_boxes(solution, 9, 3, 3);
    assert_diagonals(solution, 9);
}

/// The kropki dots and XV marks of an f-puzzles file, and its negative
/// constraints, checked on `grid` from the JSON alone.
fn assert_marks(grid: &[u8], size: usize, json: &str) {
    let f: serde_json::Value = serde_json::from_str(json).unwrap();
    let cell = |name: &serde_json::Value| {
        let name = name.as_str().unwrap().to_ascii_uppercase();
        let (r, c) = name[1..].split_once('C').unwrap();
        (r.parse::<usize>().unwrap() - 1) * size + c.parse::<usize>().unwrap() - 1
    };
    let pairs = |key: &str| -> Vec<(usize, usize, String)> {
        f[key]
            .as_array()
            .map(|marks| {
                marks
                    .iter()
                    .map(|m| {
                        let cells = m["cells"].as_array().unwrap();
                        let value = m["value"].as_str().unwrap_or("").to_string();
                        (cell(&cells[0]), cell(&cells[1]), value)
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let (white, black, xv) = (pairs("difference"), pairs("ratio"), pairs("xv"));
    for (a, b, _) in &white {
        assert_eq!(grid[*a].abs_diff(grid[*b]), 1, "white dot {a}-{b}");
    }
    for (a, b, _) in &black {
        let (x, y) = (grid[*a].min(grid[*b]), grid[*a].max(grid[*b]));
        assert_eq!(y, 2 * x, "black dot {a}-{b}");
    }
    for (a, b, v) in &xv {
        let want = if v == "X" { 10 } else { 5 };
        assert_eq!(grid[*a] + grid[*b], want, "{v} {a}-{b}");
    }
    let negative: Vec<&str> = f["negative"]
        .as_array()
        .map(|n| n.iter().map(|v| v.as_str().unwrap()).collect())
        .unwrap_or_default();
    let among = |list: &[(usize, usize, String)], a: usize, b: usize| {
        list.iter()
            .any(|(x, y, _)| (*x, *y) == (a, b) || (*x, *y) == (b, a))
    };
    for a in 0..size * size {
        for b in [a + 1, a + size] {
            if b >= size * size || (b == a + 1 && b % size == 0) {
                continue;
            }
            let (x, y) = (grid[a].min(grid[b]), grid[a].max(grid[b]));
            let dotted = among(&white, a, b) || among(&black, a, b);
            if negative.contains(&"difference") && !dotted {
                assert_ne!(y - x, 1, "{a}-{b} consecutive with no dot");
            }
            if negative.contains(&"ratio") && !dotted {
                assert_ne!(y, 2 * x, "{a}-{b} double with no dot");
            }
            if negative.contains(&"xv") && !among(&xv, a, b) {
                assert!(
                    x + y != 5 && x + y != 10,
                    "{a}-{b} add up to {} with no X or V",
                    x + y
                );
            }
        }
    }
}

/// `sudoku solve` of an f-puzzles fixture: its one solution, checked by
/// the library and as a Latin square with the givens and boxes of
/// `boxes` (rows, columns); with the fixture's JSON.
fn solve_fixture(name: &str, size: usize, boxes: (usize, usize)) -> (String, Vec<u8>) {
    let json = read_fixture(name);
    let puzzle = fpuzzles::read(&json).unwrap();
    let run = sudoku_file(&["solve"], &fixture(name));
    assert_eq!(run.code, 0, "{name}: {}", run.stderr);
    let mut grids = grids_of_rows(&run.stdout, size);
    assert_eq!(grids.len(), 1, "{name}");
    let solution = grids.remove(0);
    assert!(puzzle.is_solution(&solution), "{name}");
    assert_latin_square_with_givens(&solution, size, puzzle.givens());
    assert_boxes(&solution, size, boxes.0, boxes.1);
    (json, solution)
}

#[test]
fn kropki_and_xv_from_f_puzzles_files() {
    for (name, size, boxes) in [
        ("kropki.json", 9, (3, 3)),
        ("xv.json", 9, (3, 3)),
        ("kropki6.json", 6, (2, 3)),
    ] {
        let (json, solution) = solve_fixture(name, size, boxes);
        let solution = &solution;
        assert_marks(solution, size, &json);
        let check = sudoku_file(&["check"], &fixture(name));
        assert_eq!((check.code, check.stdout.trim()), (0, "unique"), "{name}");
    }
    // Givens that break a white dot: named by its cells and what it asks.
    let mut f: serde_json::Value = serde_json::from_str(&read_fixture("kropki.json")).unwrap();
    let dot = f["difference"][0]["cells"].clone();
    let mut at = Vec::new();
    for (name, digit) in dot.as_array().unwrap().iter().zip([1, 5]) {
        let name = name.as_str().unwrap();
        let (r, c) = name[1..].split_once('C').unwrap();
        let (r, c) = (r.parse::<usize>().unwrap(), c.parse::<usize>().unwrap());
        f["grid"][r - 1][c - 1] = serde_json::json!({"value": digit, "given": true});
        at.push(format!("r{r}c{c} holds {digit}"));
    }
    let run = sudoku(&["check"], &f.to_string());
    assert_eq!(run.code, 1, "{}", run.stdout);
    let said = format!(
        "{} and {}, but a white dot between them asks for consecutive digits",
        at[0], at[1]
    );
    assert!(run.stdout.contains(&said), "{}", run.stdout);
}

/// The lines of an f-puzzles file, checked on a full grid: whispers
/// (neighbours on the line at least `value`, else half the side rounded
/// up, apart), renban (differ, and make a run), palindromes (mirrored
/// cells equal).
fn assert_lines(grid: &[u8], size: usize, json: &str) -> usize {
    let f: serde_json::Value = serde_json::from_str(json).unwrap();
    let cell = |name: &serde_json::Value| {
        let name = name.as_str().unwrap();
        let (r, c) = name[1..].split_once('C').unwrap();
        (r.parse::<usize>().unwrap() - 1) * size + c.parse::<usize>().unwrap() - 1
    };
    let lines = |key: &str| -> Vec<(Vec<usize>, Option<u8>)> {
        f[key].as_array().map_or_else(Vec::new, |items| {
            items
                .iter()
                .flat_map(|item| {
                    let value = item["value"].as_str().map(|v| v.parse::<u8>().unwrap());
                    item["lines"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(move |line| {
                            (line.as_array().unwrap().iter().map(cell).collect(), value)
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        })
    };
    let mut checked = 0;
    for (cells, value) in lines("whispers") {
        let apart = value.unwrap_or(size.div_ceil(2) as u8);
        for w in cells.windows(2) {
            let (a, b) = (grid[w[0]], grid[w[1]]);
            assert!(a.abs_diff(b) >= apart, "whispers {cells:?}: {a} then {b}");
        }
        checked += 1;
    }
    for (cells, _) in lines("renban") {
        let mut digits: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        digits.sort_unstable();
        assert!(
            digits.windows(2).all(|w| w[1] == w[0] + 1),
            "renban {cells:?}: {digits:?}"
        );
        checked += 1;
    }
    for (cells, _) in lines("palindrome") {
        let digits: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        let mut back = digits.clone();
        back.reverse();
        assert_eq!(digits, back, "palindrome {cells:?}");
        checked += 1;
    }
    checked
}

#[test]
fn whispers_renban_and_palindromes_from_f_puzzles_files_and_text() {
    for (name, size, boxes) in [("lines.json", 9, (3, 3)), ("lines6.json", 6, (2, 3))] {
        let (json, solution) = solve_fixture(name, size, boxes);
        let solution = &solution;
        assert!(assert_lines(solution, size, &json) >= 6, "{name}");
        let check = sudoku_file(&["solve", "--to", "json"], &fixture(name));
        assert_eq!(check.code, 0, "{name}: {}", check.stderr);
        let record = &json_lines(&check.stdout)[0];
        assert_eq!(record["verdict"], "unique", "{name}");
        assert_eq!(
            record["variant"],
            serde_json::json!(["whispers", "renban", "palindrome"]),
            "{name}"
        );
        assert_eq!(&solution_of(record), solution, "{name}");
    }
    // The same 6x6 in the text form: the same solution.
    let (_, six) = solve_text_fixture("lines-6x6.txt");
    assert_lines(&six, 6, &read_fixture("lines6.json"));
    assert_eq!(
        six,
        grids_of_rows(&sudoku_file(&["solve"], &fixture("lines6.json")).stdout, 6)[0]
    );
    // A hint names the line's technique.
    let hint = sudoku_file(&["hint"], &fixture("lines.json"));
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout
            .starts_with("Whispers Line: On the whispers line from r6c4"),
        "{}",
        hint.stdout
    );
    // Givens that break a whispers step: the line and the cells named.
    let mut f: serde_json::Value = serde_json::from_str(&read_fixture("lines.json")).unwrap();
    let step = f["whispers"][0]["lines"][0].clone();
    for (name, digit) in step.as_array().unwrap().iter().take(2).zip([1, 3]) {
        let name = name.as_str().unwrap();
        let (r, c) = name[1..].split_once('C').unwrap();
        let (r, c) = (r.parse::<usize>().unwrap(), c.parse::<usize>().unwrap());
        f["grid"][r - 1][c - 1] = serde_json::json!({"value": digit, "given": true});
    }
    let run = sudoku(&["check"], &f.to_string());
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("whispers line from r6c4: r6c4 holds 1 and r6c5 holds 3, less than 5 apart"),
        "{}",
        run.stdout
    );
}

/// Solves a fixture of the text form (`text/NAME`) to one line: its path
/// and the solution's digits.
fn solve_text_fixture(name: &str) -> (std::path::PathBuf, Vec<u8>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(FIXTURES)
        .join("text")
        .join(name);
    let run = sudoku_file(&["solve", "--to", "line"], &path);
    assert_eq!(run.code, 0, "{name}: {}", run.stderr);
    (path, run.stdout.trim().chars().map(digit).collect())
}

/// Checks every little killer of an f-puzzles fixture on a solved grid,
/// from the clue and direction alone (not the listed cells): the number
/// of little killers checked.
fn assert_little_killers(grid: &[u8], size: usize, json: &str) -> usize {
    let f: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut checked = 0;
    for entry in f["littlekillersum"].as_array().unwrap() {
        let clue = entry["cell"].as_str().unwrap();
        let (r, c) = clue[1..].split_once('C').unwrap();
        let (mut r, mut c) = (r.parse::<i64>().unwrap(), c.parse::<i64>().unwrap());
        let direction = entry["direction"].as_str().unwrap();
        let dr = if direction.starts_with('D') { 1 } else { -1 };
        let dc = if direction.ends_with('R') { 1 } else { -1 };
        let (mut sum, mut cells) = (0u32, 0);
        r += dr;
        c += dc;
        let side = size as i64;
        while (1..=side).contains(&r) && (1..=side).contains(&c) {
            sum += u32::from(grid[((r - 1) * side + c - 1) as usize]);
            cells += 1;
            r += dr;
            c += dc;
        }
        assert!(cells >= 1, "{entry}");
        let total: u32 = entry["value"].as_str().unwrap().parse().unwrap();
        assert_eq!(sum, total, "{entry}");
        checked += 1;
    }
    checked
}

#[test]
fn little_killers_from_f_puzzles_files_and_text() {
    for (name, size, boxes) in [
        ("littlekiller.json", 9, (3, 3)),
        ("littlekiller6.json", 6, (2, 3)),
    ] {
        let (json, solution) = solve_fixture(name, size, boxes);
        assert!(assert_little_killers(&solution, size, &json) >= 8, "{name}");
        let check = sudoku_file(&["solve", "--to", "json"], &fixture(name));
        assert_eq!(check.code, 0, "{name}: {}", check.stderr);
        let record = &json_lines(&check.stdout)[0];
        assert_eq!(record["verdict"], "unique", "{name}");
        assert_eq!(record["variant"], serde_json::json!(["little-killer"]));
        assert_eq!(solution_of(record), solution, "{name}");
    }
    // The same 6x6 in the text form: the same solution.
    let (text_form, six) = solve_text_fixture("little-killer-6x6.txt");
    assert_little_killers(&six, 6, &read_fixture("littlekiller6.json"));
    // And drawn by SudokuPad (arrows and totals outside the grid), as a
    // link: the same solution, the variant named.
    let run = sudoku_file(
        &["solve", "--to", "json"],
        &fixture("sudokupad/littlekiller6.txt"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["verdict"], "unique", "{record}");
    assert_eq!(record["variant"], serde_json::json!(["little-killer"]));
    assert_eq!(solution_of(record), six);
    assert_little_killers(&solution_of(record), 6, &read_fixture("littlekiller6.json"));
    // A hint names the technique and the clue.
    let hint = sudoku_file(&["hint"], &text_form);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout
            .starts_with("Little Killer Range: On the little killer from r1c3 (16)"),
        "{}",
        hint.stdout
    );
    // Givens past a diagonal's total: the clue's first cell and the sum.
    let mut f: serde_json::Value =
        serde_json::from_str(&read_fixture("littlekiller6.json")).unwrap();
    f["grid"][0][2] = serde_json::json!({"value": 6, "given": true});
    f["grid"][1][1] = serde_json::json!({"value": 5, "given": true});
    f["grid"][2][0] = serde_json::json!({"value": 6, "given": true});
    let run = sudoku(&["check"], &f.to_string());
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("little killer from r1c3: the diagonal adds up to 17, not 16"),
        "{}",
        run.stdout
    );
}

/// The digits of the row or column an f-puzzles clue outside the grid
/// (`R0C3`, `R2C10` ...) stands beside, from the clue's end.
fn clue_line(grid: &[u8], size: usize, clue: &str) -> Vec<u8> {
    let (r, c) = clue[1..].split_once('C').unwrap();
    let (r, c) = (r.parse::<usize>().unwrap(), c.parse::<usize>().unwrap());
    let mut line: Vec<u8> = if (1..=size).contains(&r) {
        (0..size).map(|k| grid[(r - 1) * size + k]).collect()
    } else {
        (0..size).map(|k| grid[k * size + c - 1]).collect()
    };
    if r == size + 1 || c == size + 1 {
        line.reverse();
    }
    line
}

/// Checks every clue of `key` (`sandwichsum`, `skyscraper`, `xsum`) of an
/// f-puzzles puzzle on a solved grid, from the clue's place alone: the
/// number of clues checked.
fn assert_outside_clues(grid: &[u8], size: usize, json: &str, key: &str) -> usize {
    let f: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut checked = 0;
    for entry in f[key].as_array().unwrap() {
        let line = clue_line(grid, size, entry["cell"].as_str().unwrap());
        let at = |d: usize| line.iter().position(|&x| usize::from(x) == d).unwrap();
        let value: u32 = match key {
            "sandwichsum" => {
                let (a, b) = (at(1).min(at(size)), at(1).max(at(size)));
                line[a + 1..b].iter().map(|&x| u32::from(x)).sum()
            }
            "skyscraper" => (0..size)
                .filter(|&i| line[..i].iter().all(|&x| x < line[i]))
                .count() as u32,
            _ => line[..usize::from(line[0])]
                .iter()
                .map(|&x| u32::from(x))
                .sum(),
        };
        let clue: u32 = entry["value"].as_str().unwrap().parse().unwrap();
        assert_eq!(value, clue, "{key} {entry}");
        checked += 1;
    }
    checked
}

/// Two 6x6 puzzles of `generate --variant VARIANT`: each unique, with
/// `clues` clues of `key` that its solution keeps.
fn assert_generated_clues(variant: &str, key: &str, clues: usize) {
    let made = sudoku(
        &[
            "generate",
            "--variant",
            variant,
            "--size",
            "2x3",
            "-n",
            "2",
            "--seed",
            "5",
            "--to",
            "json",
        ],
        "",
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    assert_eq!(made.stdout.lines().count(), 2, "{}", made.stdout);
    for line in made.stdout.lines() {
        assert_eq!(sudoku(&["count"], line).stdout.trim(), "1", "{line}");
        let solved = sudoku(&["solve", "--to", "line"], line);
        let grid: Vec<u8> = solved.stdout.trim().chars().map(digit).collect();
        assert_eq!(assert_outside_clues(&grid, 6, line, key), clues, "{line}");
    }
}

/// Checks every sandwich sum of an f-puzzles puzzle on a solved grid.
fn assert_sandwiches(grid: &[u8], size: usize, json: &str) -> usize {
    assert_outside_clues(grid, size, json, "sandwichsum")
}

#[test]
fn sandwich_sums_from_f_puzzles_files_text_and_the_generator() {
    let (json, solution) = solve_fixture("sandwich.json", 9, (3, 3));
    assert_eq!(assert_sandwiches(&solution, 9, &json), 18);
    let check = sudoku_file(&["solve", "--to", "json"], &fixture("sandwich.json"));
    assert_eq!(check.code, 0, "{}", check.stderr);
    let record = &json_lines(&check.stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["variant"], serde_json::json!(["sandwich"]));
    assert_eq!(solution_of(record), solution);
    // The text form: the same solution as its f-puzzles JSON (written by
    // the command) says, every sum checked.
    let (text_form, six) = solve_text_fixture("sandwich-6x6.txt");
    let written = sudoku_file(&["solve", "--to", "json"], &text_form);
    assert_eq!(written.code, 0, "{}", written.stderr);
    assert_eq!(json_lines(&written.stdout)[0]["verdict"], "unique");
    let as_json =
        fpuzzles::to_json(&text::read(&std::fs::read_to_string(&text_form).unwrap()).unwrap());
    assert_eq!(assert_sandwiches(&six, 6, &as_json), 5);
    // A hint names the technique and the sum.
    let hint = sudoku_file(&["hint"], &text_form);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout
            .starts_with("Sandwich Sum: On the sandwich on row 1 (2)"),
        "{}",
        hint.stdout
    );
    // Generated: unique, every sum of every row and column right.
    assert_generated_clues("sandwich", "sandwichsum", 12);
    // `--variant sandwich` asks every puzzle for sums.
    let run = sudoku_file(
        &["solve", "--variant", "sandwich"],
        &fixture("littlekiller6.json"),
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.contains("found a puzzle without sandwich sums"),
        "{}",
        run.stderr
    );
    // Givens past a sum: the row and the sum.
    let mut f: serde_json::Value = serde_json::from_str(&json).unwrap();
    let row = |r: usize| -> Vec<u8> { solution[r * 9..r * 9 + 9].to_vec() };
    let (r, line) = (0..9)
        .map(|r| (r, row(r)))
        .find(|(_, l)| {
            let at = |d: u8| l.iter().position(|&x| x == d).unwrap();
            at(1).abs_diff(at(9)) >= 2
        })
        .unwrap();
    for (c, &d) in line.iter().enumerate() {
        f["grid"][r][c] = serde_json::json!({"value": d, "given": true});
    }
    let clue = format!("R{}C0", r + 1);
    for entry in f["sandwichsum"].as_array_mut().unwrap() {
        if entry["cell"] == clue.as_str() {
            let total: u32 = entry["value"].as_str().unwrap().parse().unwrap();
            entry["value"] = serde_json::json!((total + 1).to_string());
        }
    }
    let run = sudoku(&["check"], &f.to_string());
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains(&format!(
            "sandwich on row {}: the digits between the 1 and the 9 add up to",
            r + 1
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn skyscrapers_and_x_sums_from_f_puzzles_files_text_and_the_generator() {
    for (fixture_name, key, variant, text_name, clues, hint) in [
        (
            "skyscraper.json",
            "skyscraper",
            "skyscraper",
            "skyscraper-6x6.txt",
            11,
            "Skyscrapers: From the clue on ",
        ),
        (
            "xsum.json",
            "xsum",
            "x-sum",
            "x-sum-6x6.txt",
            6,
            "X-Sum: From the clue on ",
        ),
    ] {
        let (json, solution) = solve_fixture(fixture_name, 9, (3, 3));
        assert_eq!(assert_outside_clues(&solution, 9, &json, key), 36);
        let run = sudoku_file(&["solve", "--to", "json"], &fixture(fixture_name));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let record = &json_lines(&run.stdout)[0];
        assert_eq!(record["verdict"], "unique");
        assert_eq!(record["variant"], serde_json::json!([variant]));
        assert_eq!(solution_of(record), solution);
        // The text form, clues from either end: every clue checked on
        // the solution through its f-puzzles form.
        let (text_form, six) = solve_text_fixture(text_name);
        let written = sudoku_file(&["solve", "--to", "json"], &text_form);
        assert_eq!(json_lines(&written.stdout)[0]["verdict"], "unique");
        let as_json =
            fpuzzles::to_json(&text::read(&std::fs::read_to_string(&text_form).unwrap()).unwrap());
        assert_eq!(assert_outside_clues(&six, 6, &as_json, key), clues);
        let hinted = sudoku_file(&["hint"], &text_form);
        assert_eq!(hinted.code, 0, "{}", hinted.stderr);
        assert!(hinted.stdout.starts_with(hint), "{}", hinted.stdout);
        // Generated: unique, every clue of both ends of every row and
        // column right.
        assert_generated_clues(variant, key, 24);
        // `--variant` asks every puzzle for such clues.
        let run = sudoku_file(
            &["solve", "--variant", variant],
            &fixture("littlekiller6.json"),
        );
        assert_eq!(run.code, 1, "{}", run.stdout);
        assert!(
            run.stderr.contains("found a puzzle without "),
            "{}",
            run.stderr
        );
        // A wrong clue over a filled row: `check` names the row and side.
        let mut f: serde_json::Value = serde_json::from_str(&json).unwrap();
        for (c, &d) in solution[..9].iter().enumerate() {
            f["grid"][0][c] = serde_json::json!({"value": d, "given": true});
        }
        for entry in f[key].as_array_mut().unwrap() {
            if entry["cell"] == "R1C10" {
                let value: u32 = entry["value"].as_str().unwrap().parse().unwrap();
                entry["value"] = serde_json::json!((value % 9 + 1).to_string());
            }
        }
        let run = sudoku(&["check"], &f.to_string());
        assert_eq!(run.code, 1, "{}", run.stdout);
        let named = if key == "xsum" {
            "X-sum on row 1 from the right: the first"
        } else {
            "skyscrapers on row 1 from the right: "
        };
        assert!(run.stdout.contains(named), "{}", run.stdout);
    }
}

#[test]
fn quadruples_from_f_puzzles_and_text() {
    let (json, solution) = solve_fixture("quadruple.json", 9, (3, 3));
    // Every quadruple's digits on the solution, each in a cell of its own,
    // from the fixture's own data.
    let f: serde_json::Value = serde_json::from_str(&json).unwrap();
    let quads = f["quadruple"].as_array().unwrap();
    assert_eq!(quads.len(), 10);
    for q in quads {
        let mut held: Vec<u8> = q["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let (r, k) = c.as_str().unwrap()[1..].split_once('C').unwrap();
                let (r, k) = (r.parse::<usize>().unwrap(), k.parse::<usize>().unwrap());
                solution[(r - 1) * 9 + k - 1]
            })
            .collect();
        for d in q["values"].as_array().unwrap() {
            let d = d.as_u64().unwrap() as u8;
            let at = held.iter().position(|&x| x == d);
            assert!(at.is_some(), "{q}: {d} in {held:?}");
            held.remove(at.unwrap());
        }
    }
    let run = sudoku_file(&["solve", "--to", "json"], &fixture("quadruple.json"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["variant"], serde_json::json!(["quadruple"]));
    assert_eq!(solution_of(record), solution);
    // The same puzzle in the text form: the same solution.
    let (text_form, same) = solve_text_fixture("quadruple-9x9.txt");
    assert_eq!(same, solution);
    let hint = sudoku_file(&["hint"], &text_form);
    assert_eq!(hint.code, 0, "{}", hint.stderr);
    assert!(
        hint.stdout
            .starts_with("Quadruple: On the quadruple at r1c6 (3 5 6)"),
        "{}",
        hint.stdout
    );
    // Givens that leave a listed digit out: the quadruple and the digit.
    let run = sudoku(
        &["check"],
        "size: 4\ngivens:\n34..\n21..\n....\n....\nquadruple: r1c1 = 1 2 2\n",
    );
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains("quadruple at r1c1: its cells lack 2"),
        "{}",
        run.stdout
    );
    // The square's top left cell must leave room for the square.
    let run = sudoku(&["check"], "size: 4\nquadruple: r1c4 = 1\n");
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.contains("top left cell of a 2x2 square"),
        "{}",
        run.stdout
    );
}

#[test]
fn little_killers_side_by_side_past_their_bound_have_no_solution() {
    // Four diagonals down and to the left from r1c8, r1c9, r2c9 and r3c9,
    // each total within reach alone; together 199, one past the 198
    // their cells can make (each box's cells of the band differ). The
    // command says none, at once, and `check` agrees.
    let mut puzzle = Puzzle::classic(9).unwrap();
    for (first, total) in [(7, 50), (8, 50), (17, 50), (26, 49)] {
        let cells = sudoku_variants::Direction::DownLeft.walk(9, first);
        let constraint = sudoku_variants::Constraint::LittleKiller { cells, total };
        puzzle.add(constraint).unwrap();
    }
    let json = fpuzzles::to_json(&puzzle);
    let start = std::time::Instant::now();
    let run = sudoku(&["count"], &json);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert_eq!(run.stdout.trim(), "0", "{}", run.stderr);
    let run = sudoku(&["check"], &json);
    assert_eq!((run.code, run.stdout.trim()), (1, "none"), "{}", run.stderr);
}

#[test]
fn an_f_puzzles_link_on_standard_input() {
    let puzzle = fpuzzles::read(&read_fixture("antiknight.json")).unwrap();
    let link = fpuzzles::to_link(&puzzle);
    for input in [
        link.clone(),
        format!("# an f-puzzles link\n\n{link}\n"),
        fpuzzles::to_sudokupad_link(&puzzle),
    ] {
        let run = sudoku(&["solve", "--to", "line"], &input);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let line = run.stdout.trim_end();
        assert_eq!(run.stdout.lines().count(), 1);
        let solution: Vec<u8> = line.chars().map(digit).collect();
        assert!(puzzle.is_solution(&solution));
        assert_latin_square_with_givens(&solution, 9, puzzle.givens());
        assert_boxes(&solution, 9, 3, 3);
        assert_anti_knight(&solution, 9);
    }
}

#[test]
fn sudokupad_links_and_its_json_in_a_batch() {
    // Links in SudokuPad's own format, the f-puzzles drawing it cannot
    // read between them, and its JSON export as a file.
    let thermo = fpuzzles::read(&read_fixture("thermo_arrow.json")).unwrap();
    let killer = fpuzzles::read(&read_fixture("killer6.json")).unwrap();
    let input = format!(
        "{}{}{}",
        read_fixture("sudokupad/thermo_arrow.txt"),
        read_fixture("sudokupad/unsupported.txt"),
        read_fixture("sudokupad/killer6.txt"),
    );
    let path = temp_file("sudokupad.txt", &input);
    let native = fixture("sudokupad/killer6-native.json");
    let run = sudoku(
        &[
            "solve",
            "--to",
            "json",
            path.to_str().unwrap(),
            native.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 4, "{}", run.stdout);
    let solved = [(0, &thermo), (2, &killer), (3, &killer)];
    for (i, puzzle) in solved {
        let record = &records[i];
        assert_eq!(record["verdict"], "unique", "{record}");
        assert_eq!(record["size"], puzzle.size());
        let solution = solution_of(record);
        assert!(puzzle.is_solution(&solution));
        assert_latin_square_with_givens(&solution, puzzle.size(), puzzle.givens());
        if puzzle.size() == 6 {
            assert_boxes(&solution, 6, 2, 3);
        }
    }
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[1]["line"], 2);
    let error = records[1]["error"].as_str().unwrap();
    assert!(
        error.contains("dots x1") && error.contains("kropki"),
        "{error}"
    );
    assert!(run.stderr.contains("puzzle 2, line 2: "), "{}", run.stderr);
}

/// SudokuPad puzzles whose anti-knight rule (as SudokuPad's checker reads
/// it) or diagonals are stated only in their rules text: unique with the
/// rule, which the record names; the looser puzzle without it has several
/// solutions.
#[test]
fn a_sudokupad_rule_stated_only_in_words() {
    let path = fixture("sudokupad/antiknight-rules-text.json");
    let check = sudoku(&["check", path.to_str().unwrap()], "");
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert_eq!(check.stdout.trim(), "unique");
    let run = sudoku(&["solve", "--to", "json", path.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records[0]["variant"], serde_json::json!(["anti-knight"]));
    let solution = solution_of(&records[0]);
    let puzzle = fpuzzles::read(&read_fixture("antiknight.json")).unwrap();
    assert_latin_square_with_givens(&solution, 9, puzzle.givens());
    assert_boxes(&solution, 9, 3, 3);
    assert_anti_knight(&solution, 9);
    // Without the sentence the same drawing is the looser puzzle.
    let mut drawing: serde_json::Value =
        serde_json::from_str(&read_fixture("sudokupad/antiknight-rules-text.json")).unwrap();
    drawing["metadata"]["rules"] = serde_json::json!(["Normal sudoku rules apply."]);
    let loose = sudoku(&["check"], &drawing.to_string());
    assert_eq!(loose.stdout.trim(), "multiple", "{}", loose.stderr);
    // "Digits may not repeat on either of the two main diagonals": X.
    let x = fixture("sudokupad/x-rules-text.json");
    let run = sudoku(&["solve", "--to", "json", x.to_str().unwrap()], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["variant"], serde_json::json!(["x"]));
    assert_eq!(record["verdict"], "unique");
    let solution = solution_of(record);
    let puzzle = fpuzzles::read(&read_fixture("x.json")).unwrap();
    assert_latin_square_with_givens(&solution, 9, puzzle.givens());
    assert_boxes(&solution, 9, 3, 3);
    assert_diagonals(&solution, 9);
}

/// An f-puzzles puzzle whose anti-knight rule is stated only in its
/// ruleset (as SudokuPad, opening the data, reads it): unique with the
/// rule, which the record names; with the key `false` the looser puzzle.
#[test]
fn an_fpuzzles_rule_stated_only_in_its_ruleset() {
    let mut words: serde_json::Value =
        serde_json::from_str(&read_fixture("antiknight.json")).unwrap();
    words.as_object_mut().unwrap().remove("antiknight");
    let check = sudoku(&["check"], &words.to_string());
    assert_eq!(check.stdout.trim(), "unique", "{}", check.stderr);
    let run = sudoku(&["solve", "--to", "json"], &words.to_string());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = &json_lines(&run.stdout)[0];
    assert_eq!(record["variant"], serde_json::json!(["anti-knight"]));
    let solution = solution_of(record);
    let puzzle = fpuzzles::read(&read_fixture("antiknight.json")).unwrap();
    assert_latin_square_with_givens(&solution, 9, puzzle.givens());
    assert_boxes(&solution, 9, 3, 3);
    assert_anti_knight(&solution, 9);
    words["antiknight"] = serde_json::json!(false);
    let loose = sudoku(&["check"], &words.to_string());
    assert_eq!(loose.stdout.trim(), "multiple", "{}", loose.stderr);
}

/// The 6x6 X puzzle of docs/variants.md: only givens, the rule named.
const X_6X6: &str = "...1..\n......\n......\n6....3\n...52.\n......\n";

#[test]
fn the_text_givens_with_variant_x() {
    let run = sudoku(&["solve", "--variant", "x"], X_6X6);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids = grids_of_rows(&run.stdout, 6);
    let puzzle = text::read_with_rules(X_6X6, &[text::Variant::X]).unwrap();
    assert!(puzzle.is_solution(&grids[0]));
    assert_latin_square_with_givens(&grids[0], 6, puzzle.givens());
    assert_boxes(&grids[0], 6, 2, 3);
    assert_diagonals(&grids[0], 6);
    // Without --variant, these givens are a plain 6x6 grid, as before:
    // a solution that need not keep the diagonals, in the sizes' form.
    let plain = sudoku(&["solve", "--to", "json"], X_6X6);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert!(
        plain.stdout.contains(r#""boxes":"2x3""#),
        "{}",
        plain.stdout
    );
    assert!(!plain.stdout.contains("variant"), "{}", plain.stdout);
    // Named on a `rules:` line it is detected.
    let run = sudoku(&["solve"], &format!("{X_6X6}rules: x\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(grids_of_rows(&run.stdout, 6), grids);
    // Rules may be repeated or listed.
    let run = sudoku(
        &[
            "count",
            "--variant",
            "x,anti-king",
            "--variant",
            "non-consecutive",
        ],
        X_6X6,
    );
    assert_eq!(run.stdout, "0\n");
    assert_eq!(run.code, 1);
}

/// Two 9x9 X puzzles with one solution each, on one line.
const X_LINES: [&str; 2] = [
    "....7835.....19.....8...1..5..........7.....3....24...............24....9.26..5..",
    "....8.6..1.......3.......4....7..9.6.8.5.......4.68....13.............1........2.",
];

/// A file of one-line puzzles, as a classic batch is written, read with
/// `--variant x`: a puzzle a line (no `---` needed), sizes mixed, and a bad
/// line among them is one bad puzzle, the others solved in order.
#[test]
fn one_line_puzzles_with_variant_are_one_puzzle_a_line() {
    let x_6x6_line = X_6X6.replace('\n', "");
    let clash = format!("55{}", ".".repeat(79));
    let input = format!(
        "# X puzzles\n\n{}\n{x_6x6_line}\n{clash}\n123\n{}\n",
        X_LINES[0], X_LINES[1]
    );
    let path = temp_file("x-lines.txt", &input);
    let run = sudoku_file(&["solve", "--variant", "x", "--to", "line"], &path);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    for (puzzle, solution) in [X_LINES[0], &x_6x6_line, X_LINES[1]].iter().zip(&lines) {
        let puzzle = text::read_with_rules(puzzle, &[text::Variant::X]).unwrap();
        let size = puzzle.size();
        let grid: Vec<u8> = solution.chars().map(digit).collect();
        assert!(puzzle.is_solution(&grid), "{solution}");
        assert_latin_square_with_givens(&grid, size, puzzle.givens());
        assert_diagonals(&grid, size);
        if size == 9 {
            assert_boxes(&grid, 9, 3, 3);
        } else {
            assert_boxes(&grid, 6, 2, 3);
        }
    }
    let file = path.display();
    let stderr: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(stderr.len(), 2, "{}", run.stderr);
    assert!(
        stderr[0].starts_with(&format!("sudoku: {file}: puzzle 3, line 5: ")),
        "{}",
        stderr[0]
    );
    assert!(stderr[0].contains("both hold 5"), "{}", stderr[0]);
    assert!(
        stderr[1].starts_with(&format!("sudoku: {file}: puzzle 4, line 6, column 1: ")),
        "{}",
        stderr[1]
    );
    let run = sudoku_file(&["check", "--variant", "x"], &path);
    let verdicts: Vec<&str> = run.stdout.lines().map(|l| &l[..l.len().min(7)]).collect();
    assert_eq!(
        verdicts,
        ["unique", "unique", "invalid", "invalid", "unique"],
        "{}",
        run.stdout
    );
}

/// A program that writes variant puzzles to `sudoku` through a pipe, one
/// at a time, gets each answer before it sends the next: links one a line,
/// and text puzzles each ended by `---`.
#[test]
fn variant_puzzles_from_a_pipe_are_answered_as_they_come() {
    let puzzles: Vec<_> = X_LINES
        .iter()
        .map(|line| text::read_with_rules(line, &[text::Variant::X]).unwrap())
        .collect();
    let links: Vec<String> = puzzles
        .iter()
        .map(|p| format!("{}\n", fpuzzles::to_link(p)))
        .collect();
    let texts: Vec<String> = X_LINES
        .iter()
        .map(|line| format!("{line}\nrules: x\n---\n"))
        .collect();
    for (inputs, threads) in [(&links, "1"), (&links, "2"), (&texts, "2")] {
        let mut sudoku = CoProcess::spawn(&["solve", "--to", "line", "-j", threads]);
        for round in 0..4 {
            let i = round % 2;
            sudoku.send(&inputs[i]);
            let answer = sudoku.line(&format!("{:?} round {round}", inputs[i]));
            let grid: Vec<u8> = answer.chars().map(digit).collect();
            assert!(puzzles[i].is_solution(&grid), "{answer}");
            assert_latin_square_with_givens(&grid, 9, puzzles[i].givens());
            assert_diagonals(&grid, 9);
        }
        assert!(sudoku.finish());
    }
}

/// The 6x6 jigsaw of docs/variants.md, its region map below the givens.
const JIGSAW_6X6: [&str; 6] = ["ABBCCC", "ADBCCC", "ADBBBE", "ADDEEE", "ADDEEF", "AFFFFF"];
const JIGSAW_GIVENS: &str = "....2.\n.....3\n.4....\n......\n.254..\n1.....\n";

#[test]
fn a_jigsaw_with_its_region_map() {
    let input = format!("{JIGSAW_GIVENS}\n{}\n", JIGSAW_6X6.join("\n"));
    let run = sudoku(&["solve", "--variant", "jigsaw"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids = grids_of_rows(&run.stdout, 6);
    let puzzle = text::read(&input).unwrap();
    assert_eq!(puzzle.variants(), ["jigsaw"]);
    assert!(puzzle.is_solution(&grids[0]));
    assert_latin_square_with_givens(&grids[0], 6, puzzle.givens());
    assert_regions(&grids[0], 6, &JIGSAW_6X6);
    // The fixture has the map beside the givens: the same puzzle.
    let run = sudoku_file(
        &["solve", "--variant", "jigsaw"],
        &fixture("text/jigsaw-6x6.txt"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(grids_of_rows(&run.stdout, 6), grids);
    // A jigsaw asked for and none given.
    let run = sudoku(&["solve", "--variant", "jigsaw"], JIGSAW_GIVENS);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains("puzzle 1, line 1: expected a jigsaw"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_jigsaw_drawn_with_its_regions() {
    let path = fixture("text/jigsaw-9x9.txt");
    let puzzle = text::read(&read_fixture("text/jigsaw-9x9.txt")).unwrap();
    let map = puzzle.region_map().unwrap();
    let run = sudoku_file(&["solve", "--variant", "jigsaw", "--to", "pretty"], &path);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&[u8]> = run.stdout.lines().map(str::as_bytes).collect();
    assert_eq!(lines.len(), 19, "{}", run.stdout);
    let mut grid = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line.len(), 37, "{}", run.stdout);
        let r = i / 2;
        if i % 2 == 1 {
            // A row: a wall before each cell where the region changes.
            for c in 0..9 {
                let walled = c == 0 || map[r * 9 + c - 1] != map[r * 9 + c];
                assert_eq!(line[4 * c] == b'|', walled, "row {r}, column {c}");
                grid.push(digit(char::from(line[4 * c + 2])));
            }
            assert_eq!(line[36], b'|');
        } else {
            // A border: `---` under each cell whose region changes below.
            for c in 0..9 {
                let floor = r == 0 || r == 9 || map[(r - 1) * 9 + c] != map[r * 9 + c];
                let drawn = &line[4 * c + 1..4 * c + 4];
                assert_eq!(drawn == b"---", floor, "border above row {r}, column {c}");
                assert!(drawn == b"---" || drawn == b"   ");
            }
        }
    }
    assert!(puzzle.is_solution(&grid));
    assert_latin_square_with_givens(&grid, 9, puzzle.givens());
    let rows: Vec<String> = (0..9)
        .map(|r| (0..9).map(|c| char::from(b'0' + map[r * 9 + c])).collect())
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    assert_regions(&grid, 9, &rows);
}

#[test]
fn drawn_jigsaws_and_killers_are_made_out_without_variant() {
    // Below the givens, on standard input.
    let input = format!("{JIGSAW_GIVENS}\n{}\n", JIGSAW_6X6.join("\n"));
    let run = sudoku(&["solve"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids = grids_of_rows(&run.stdout, 6);
    assert_eq!(grids.len(), 1);
    let puzzle = text::read(&input).unwrap();
    assert!(puzzle.is_solution(&grids[0]));
    assert_latin_square_with_givens(&grids[0], 6, puzzle.givens());
    assert_regions(&grids[0], 6, &JIGSAW_6X6);
    // Beside the givens, a 9x9 map of digits, a killer: as with `--variant`.
    for (name, kind) in [
        ("jigsaw-6x6.txt", "jigsaw"),
        ("jigsaw-9x9.txt", "jigsaw"),
        ("killer-6x6.txt", "killer"),
    ] {
        let path = fixture(&format!("text/{name}"));
        let plain = sudoku_file(&["solve"], &path);
        assert_eq!(plain.code, 0, "{name}: {}", plain.stderr);
        let asked = sudoku_file(&["solve", "--variant", kind], &path);
        assert_eq!(plain.stdout, asked.stdout, "{name}");
        let puzzle = text::read(&read_fixture(&format!("text/{name}"))).unwrap();
        let size = puzzle.size();
        let grids = grids_of_rows(&plain.stdout, size);
        assert!(puzzle.is_solution(&grids[0]), "{name}");
        assert_latin_square_with_givens(&grids[0], size, puzzle.givens());
        let count = sudoku_file(&["count"], &path);
        assert_eq!(count.code, 0, "{name}: {}", count.stderr);
        assert!(count.stdout.starts_with('1'), "{name}: {}", count.stdout);
    }
    // Two puzzles, or a puzzle and then its solution, stay plain grids.
    let two = format!("{JIGSAW_GIVENS}\n{JIGSAW_GIVENS}");
    let run = sudoku(&["solve"], &two);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids = grids_of_rows(&run.stdout, 6);
    assert_eq!(grids.len(), 2);
    assert_eq!(grids[0], grids[1]);
    let givens: Vec<u8> = JIGSAW_GIVENS
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
        .collect();
    assert_latin_square_with_givens(&grids[0], 6, &givens);
    assert_boxes(&grids[0], 6, 2, 3);
    let solution: String = run.stdout.split("\n\n").next().unwrap().to_string();
    let pair = format!("{JIGSAW_GIVENS}\n{solution}\n");
    let run = sudoku(&["solve"], &pair);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        grids_of_rows(&run.stdout, 6),
        [grids[0].clone(), grids[0].clone()]
    );
}

#[test]
fn a_killer_with_its_cage_map_and_totals() {
    let path = fixture("text/killer-6x6.txt");
    let run = sudoku_file(&["solve", "--variant", "killer"], &path);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let grids = grids_of_rows(&run.stdout, 6);
    let puzzle = text::read(&read_fixture("text/killer-6x6.txt")).unwrap();
    assert!(puzzle.is_solution(&grids[0]));
    assert_latin_square_with_givens(&grids[0], 6, puzzle.givens());
    assert_boxes(&grids[0], 6, 2, 3);
    // The fixture's cage map and totals, copied here.
    let map = ["ABBBCC", "ABDECC", "ADDEFG", "AHIEFG", "JJIEKG", "JLKKKM"];
    let totals = [
        ('A', 12),
        ('B', 18),
        ('C', 14),
        ('D', 12),
        ('E', 11),
        ('F', 10),
        ('G', 9),
        ('H', 1),
        ('I', 4),
        ('J', 14),
        ('K', 16),
        ('L', 4),
        ('M', 1),
    ];
    assert_cages(&grids[0], &map, &totals);
}

#[test]
fn a_batch_with_a_bad_puzzle_in_the_middle() {
    let x = fpuzzles::read(&read_fixture("x.json")).unwrap();
    let knight = fpuzzles::read(&read_fixture("antiknight.json")).unwrap();
    // The unsupported fixture on one line.
    let unsupported: serde_json::Value =
        serde_json::from_str(&read_fixture("unsupported.json")).unwrap();
    let input = format!(
        "# three puzzles\n{}\n{}\n\n{}\n",
        fpuzzles::to_link(&x),
        unsupported,
        fpuzzles::to_json(&knight)
    );
    let path = temp_file("batch.txt", &input);
    let run = sudoku_file(&["solve", "--to", "line"], &path);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    let first: Vec<u8> = lines[0].chars().map(digit).collect();
    let third: Vec<u8> = lines[1].chars().map(digit).collect();
    assert!(x.is_solution(&first));
    assert_latin_square_with_givens(&first, 9, x.givens());
    assert_diagonals(&first, 9);
    assert!(knight.is_solution(&third));
    assert_latin_square_with_givens(&third, 9, knight.givens());
    assert_anti_knight(&third, 9);
    // The error names the file, the puzzle, its line and what is not supported.
    let stderr = run.stderr.trim_end();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("sudoku: {}: puzzle 2, line 3: ", path.display())),
        "{stderr}"
    );
    assert!(stderr.contains("betweenline x2"), "{stderr}");
    assert!(stderr.contains("minimum x1"), "{stderr}");

    // The same in text, separated by `---`: a bad character in the middle.
    let input = format!("{X_6X6}rules: x\n---\n1...\n..2.\n.3x.\n...4\n---\n{X_6X6}rules: x\n");
    let run = sudoku(&["check"], &input);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "unique\ninvalid: puzzle 2, line 11, column 3: expected a digit 1-4 or a blank (. or 0), found 'x'\nunique\n"
    );
    let run = sudoku(&["solve", "--stats"], &input);
    assert_eq!(run.code, 1);
    let grids = grids_of_rows(&run.stdout, 6);
    assert_eq!(grids.len(), 2);
    assert!(
        run.stderr.contains("puzzle 2, line 11, column 3"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("invalid:           1"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_batch_on_two_threads_is_printed_in_order() {
    let x = fpuzzles::read(&read_fixture("x.json")).unwrap();
    let knight = fpuzzles::read(&read_fixture("antiknight.json")).unwrap();
    let unsupported: serde_json::Value =
        serde_json::from_str(&read_fixture("unsupported.json")).unwrap();
    // 25 puzzles, the two kinds in an irregular order, one bad one.
    let mut lines = Vec::new();
    let mut kinds = Vec::new();
    for i in 0..25 {
        if i == 13 {
            lines.push(unsupported.to_string());
            kinds.push(None);
        } else if i % 3 == 0 || i % 7 == 0 {
            lines.push(fpuzzles::to_link(&knight));
            kinds.push(Some(&knight));
        } else {
            lines.push(fpuzzles::to_json(&x));
            kinds.push(Some(&x));
        }
    }
    let path = temp_file("threads.txt", &(lines.join("\n") + "\n"));
    let one = sudoku_file(&["solve", "--to", "line", "-j", "1"], &path);
    let two = sudoku_file(&["solve", "--to", "line", "-j", "2"], &path);
    assert_eq!(one.code, 1);
    assert_eq!(two.code, 1);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    assert!(two.stderr.contains("puzzle 14, line 14"), "{}", two.stderr);
    let printed: Vec<&str> = two.stdout.lines().collect();
    let wanted: Vec<&Puzzle> = kinds.iter().flatten().copied().collect();
    assert_eq!(printed.len(), wanted.len());
    for (line, puzzle) in printed.iter().zip(wanted) {
        let grid: Vec<u8> = line.chars().map(digit).collect();
        assert!(puzzle.is_solution(&grid), "{line}");
        assert_latin_square_with_givens(&grid, 9, puzzle.givens());
        if std::ptr::eq(puzzle, &knight) {
            assert_anti_knight(&grid, 9);
        } else {
            assert_diagonals(&grid, 9);
        }
    }
}

#[test]
fn json_records() {
    let x = fixture("x.json");
    let jigsaw = fixture("jigsaw6.json");
    let run = sudoku(
        &[
            "solve",
            "--to",
            "json",
            x.to_str().unwrap(),
            jigsaw.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records = json_lines(&run.stdout);
    assert_eq!(records.len(), 2);
    for (i, (record, name)) in records.iter().zip(["x.json", "jigsaw6.json"]).enumerate() {
        let puzzle = fpuzzles::read(&read_fixture(name)).unwrap();
        assert_eq!(record["index"], i + 1);
        assert_eq!(record["line"], 1);
        assert!(record["file"].as_str().unwrap().ends_with(name));
        assert_eq!(record["size"], puzzle.size());
        assert_eq!(record["status"], "solved");
        assert_eq!(record["verdict"], "unique");
        assert_eq!(record["unique"], true);
        let variants: Vec<&str> = record["variant"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(variants, puzzle.variants());
        let solution = solution_of(record);
        assert!(puzzle.is_solution(&solution));
        assert_latin_square_with_givens(&solution, puzzle.size(), puzzle.givens());
        if name == "x.json" {
            assert_diagonals(&solution, 9);
            assert_eq!(record["boxes"], "3x3");
        } else {
            assert_eq!(variants, ["jigsaw"]);
            assert!(record.get("boxes").is_none());
        }
    }

    // An unreadable puzzle: status and verdict invalid, the error.
    let run = sudoku(
        &["check", "--to", "json"],
        &read_fixture("unsupported.json"),
    );
    assert_eq!(run.code, 1);
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(record["status"], "invalid");
    assert_eq!(record["verdict"], "invalid");
    assert_eq!(record["puzzle"], serde_json::Value::Null);
    assert!(record["error"].as_str().unwrap().contains("betweenline"));
}

/// Every 4x4 Sudoku X, counted here by brute force.
fn count_4x4_x() -> usize {
    fn place(grid: &mut [u8; 16], cell: usize) -> usize {
        if cell == 16 {
            return 1;
        }
        let (r, c) = (cell / 4, cell % 4);
        let mut n = 0;
        for d in 1..=4 {
            let clash = (0..cell).any(|o| {
                let (r2, c2) = (o / 4, o % 4);
                grid[o] == d
                    && (r2 == r
                        || c2 == c
                        || (r2 / 2 == r / 2 && c2 / 2 == c / 2)
                        || (r2 == c2 && r == c)
                        || (r2 + c2 == 3 && r + c == 3))
            });
            if !clash {
                grid[cell] = d;
                n += place(grid, cell + 1);
                grid[cell] = 0;
            }
        }
        n
    }
    place(&mut [0; 16], 0)
}

#[test]
fn count_and_check_a_puzzle_with_several_solutions() {
    let input = "size: 4\nrules: x\n";
    let all = count_4x4_x();
    assert!(all > 5);
    let run = sudoku(&["count"], input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{all}\n"));
    let run = sudoku(&["count", "--limit", "5"], input);
    assert_eq!(run.stdout, "5 (limit reached; there may be more)\n");
    let run = sudoku(&["count", "--to", "json", "--limit", "5"], input);
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(record["solutions"], 5);
    assert_eq!(record["limit_reached"], true);
    assert_eq!(record["variant"], serde_json::json!(["x"]));
    let run = sudoku(&["check"], input);
    assert_eq!((run.code, run.stdout.as_str()), (1, "multiple\n"));
    // solve prints one of them, and says so when asked.
    let run = sudoku(&["solve", "--warn-multiple"], input);
    assert_eq!(run.code, 0);
    let grids = grids_of_rows(&run.stdout, 4);
    let puzzle: Puzzle = text::read(input).unwrap();
    assert!(puzzle.is_solution(&grids[0]));
    assert_latin_square_with_givens(&grids[0], 4, &[0; 16]);
    assert_boxes(&grids[0], 4, 2, 2);
    assert_diagonals(&grids[0], 4);
    assert!(
        run.stderr.contains("more than one solution"),
        "{}",
        run.stderr
    );
    // No solution: two 1s on a diagonal are no clash of rows, columns or
    // boxes, but X forbids them (the givens break a rule: invalid).
    let run = sudoku(&["check"], "rules: x\ngivens:\n1...\n.1..\n....\n....\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.starts_with("invalid: puzzle 1, line 1: "),
        "{}",
        run.stdout
    );
}

#[test]
fn classic_and_sized_input_route_as_before() {
    // A classic line: the 9x9 record, with no variant fields.
    let run = sudoku(&["solve", "--to", "json"], &format!("{UNIQUE}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert!(record.get("variant").is_none(), "{record}");
    assert!(record.get("size").is_none(), "{record}");
    assert_eq!(record["puzzle"], UNIQUE);
    let run = sudoku(&["solve"], &format!("{UNIQUE}\n"));
    assert_eq!(run.stdout.trim().len(), 81);
    assert_solutions(
        &[grid(UNIQUE)],
        &grids_in(&run.stdout, sudoku_engine::format::Format::Line),
    );
    // A 4x4 line: the sizes' record.
    let run = sudoku(&["solve", "--to", "json"], "...21.4.3..1....\n");
    assert!(run.stdout.contains(r#""boxes":"2x2""#), "{}", run.stdout);
    assert!(!run.stdout.contains("variant"), "{}", run.stdout);
    // A mistyped classic grid keeps the 9x9 reader's message.
    let run = sudoku(&["solve"], "not a puzzle\n");
    assert_eq!(run.code, 1);
    assert!(!run.stderr.contains("f-puzzles"), "{}", run.stderr);
}

#[test]
fn usage_errors() {
    let run = sudoku(&["solve", "--variant", "lunchbox"], X_6X6);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown variant 'lunchbox'"),
        "{}",
        run.stderr
    );
    // A drawn constraint has no name: the message says where it is read from.
    let run = sudoku(&["generate", "--variant", "thermo"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown variant 'thermo'")
            && run
                .stderr
                .contains("thermometers are drawn: read them from an f-puzzles or SudokuPad link"),
        "{}",
        run.stderr
    );
    let run = sudoku(&["solve", "--variant", "x", "--from", "line"], X_6X6);
    assert_eq!(run.code, 2);
    let run = sudoku_file(&["solve", "--to", "euler"], &fixture("x.json"));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("use rows, line, pretty or json"),
        "{}",
        run.stderr
    );
}
