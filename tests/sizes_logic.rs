//! `generate`, `hint`, `explain`, `rate` and `marks` on grids of other sizes: every
//! generated puzzle has exactly one solution, a seed gives the same
//! puzzles, and the logic commands print their text for any size.

mod common;

use common::sudoku;
use sudoku_engine::sizes::format::{ReadOptions, read_all_with};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Strategy, Uniqueness, reference};

/// The puzzles a run printed, read as grids of `shape`.
fn puzzles(text: &str, shape: Shape) -> Vec<SizedGrid> {
    puzzles_in(text, shape, None)
}

/// The puzzles a run printed, read as grids of `shape` in an alphabet
/// (detected when `None`).
fn puzzles_in(text: &str, shape: Shape, symbols: Option<sizes::Symbols>) -> Vec<SizedGrid> {
    let options = ReadOptions {
        shape: Some(shape),
        symbols,
        format: None,
    };
    read_all_with(text, options)
        .into_iter()
        .map(|r| {
            r.grid
                .unwrap_or_else(|e| panic!("unreadable output: {e}\n{text}"))
        })
        .collect()
}

/// Exactly one solution: the plain reference search up to 9x9, the
/// engine's beyond.
/// Exactly one solution, by both strategies of the engine (two separate
/// searches: probing, and learning) and, up to 9x9, by the plain reference
/// solver (too slow on minimal puzzles of 16x16 and up).
fn assert_unique(grid: &SizedGrid) {
    if grid.size() <= 9 {
        assert_eq!(reference::count(grid, 2).0, 1, "{grid:?}");
    }
    for strategy in [Strategy::Probing, Strategy::Learning] {
        assert_eq!(
            sizes::search_using(grid, 2, strategy).count,
            1,
            "{strategy:?} {grid:?}"
        );
    }
}

fn generate(args: &[&str]) -> String {
    let run = sudoku(&[&["generate"], args].concat(), "");
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

#[test]
fn generated_puzzles_of_every_size_are_unique_and_follow_the_seed() {
    for (boxes, count) in [("2x2", 5), ("2x3", 4), ("3x2", 4), ("4x4", 2)] {
        let shape: Shape = boxes.parse().unwrap();
        let args = ["--size", boxes, "--seed", "11", "-n", &count.to_string()];
        let text = generate(&args);
        let grids = puzzles(&text, shape);
        assert_eq!(grids.len(), count, "{boxes}: {text}");
        for grid in &grids {
            assert_eq!(grid.shape(), shape);
            assert_unique(grid);
        }
        // The same seed gives the same puzzles, whatever the threads.
        assert_eq!(generate(&[&args[..], &["-j", "1"]].concat()), text);
        assert_ne!(
            generate(&["--size", boxes, "--seed", "12", "-n", "1"]),
            text.lines().next().unwrap().to_string() + "\n",
            "{boxes}"
        );
        // Every output format reads back as the same puzzles.
        for to in ["grid", "rows", "pretty"] {
            let drawn = generate(&[&args[..], &["--to", to]].concat());
            assert_eq!(puzzles(&drawn, shape), grids, "{boxes} --to {to}");
        }
    }
}

#[test]
fn minimal_puzzles_follow_the_seed_whatever_the_threads() {
    // Their last clues are checked side by side on idle threads.
    for count in ["1", "2"] {
        let args = [
            "--size",
            "4x4",
            "--difficulty",
            "hardest",
            "--seed",
            "5",
            "-n",
            count,
        ];
        let one = generate(&[&args[..], &["-j", "1"]].concat());
        assert_eq!(generate(&[&args[..], &["-j", "2"]].concat()), one);
        assert_eq!(generate(&[&args[..], &["-j", "3"]].concat()), one);
        for grid in puzzles(&one, "4x4".parse().unwrap()) {
            assert_unique(&grid);
            assert!(sudoku_generator::sizes::is_minimal_sized(&grid));
        }
    }
}

#[test]
fn minimal_symmetric_puzzles_of_large_grids_come_out() {
    // A random symmetric dig leaves single clues to spare on these sizes:
    // 1000 such digs gave no 15x15 or 16x16 one before the repair step,
    // and with four or eight cells to an orbit none came until the
    // solution grids were made to map onto themselves under the turns.
    for (boxes, symmetry, seed, count) in [
        ("4x4", "rotational", "2", "2"),
        ("4x4", "mirror", "4", "1"),
        ("3x5", "rotational", "11", "1"),
        ("4x4", "biaxial", "1", "1"),
        ("4x4", "quarter", "5", "2"),
        ("4x4", "dihedral", "2", "1"),
        ("3x5", "biaxial", "3", "1"),
    ] {
        let args = [
            "--size",
            boxes,
            "--symmetry",
            symmetry,
            "--minimal",
            "--seed",
            seed,
            "-n",
            count,
        ];
        let one = generate(&[&args[..], &["-j", "1"]].concat());
        assert_eq!(generate(&[&args[..], &["-j", "2"]].concat()), one);
        let grids = puzzles(&one, boxes.parse().unwrap());
        assert_eq!(grids.len().to_string(), count);
        for grid in grids {
            assert_unique(&grid);
            let symmetry_kind: sudoku_generator::Symmetry = symmetry.parse().unwrap();
            assert!(symmetry_kind.holds_sized(&grid), "{boxes} {symmetry}");
            // Every clue is needed: without it, another solution.
            let n = grid.size();
            for cell in (0..n * n).filter(|&c| grid.cells()[c] != 0) {
                let mut fewer = grid.clone();
                fewer.set(cell / n, cell % n, None);
                let count = sizes::search_using(&fewer, 2, Strategy::Probing).count;
                assert_eq!(count, 2, "{boxes} {symmetry}: clue {cell} is spare");
            }
        }
    }
}

#[test]
fn clue_counts_below_the_dig_come_out_by_the_walk() {
    // A 16x16 dig keeps about 90 clues: before the walk down, 84 gave up
    // after 1,000 attempts.
    let args = ["--size", "4x4", "--clues", "84", "--seed", "1"];
    let one = generate(&[&args[..], &["-j", "1"]].concat());
    assert_eq!(generate(&[&args[..], &["-j", "2"]].concat()), one);
    let grids = puzzles(&one, "4x4".parse().unwrap());
    assert_eq!(grids.len(), 1);
    assert_eq!(grids[0].given_count(), 84);
    assert_unique(&grids[0]);
}

#[test]
fn generate_writes_json_records_for_other_sizes() {
    let line = generate(&["--size", "2x3", "--seed", "4"]);
    let json = generate(&["--size", "2x3", "--seed", "4", "--to", "json"]);
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(record["index"], 1);
    assert_eq!(record["shape"], "2x3");
    assert_eq!(record["size"], 6);
    assert_eq!(record["seed"], 4);
    assert_eq!(record["puzzle"].as_str().unwrap(), line.trim());
    let puzzle = &puzzles(line.trim(), "2x3".parse().unwrap())[0];
    assert_eq!(record["clues"], puzzle.given_count());
}

#[test]
fn generate_difficulties_and_formats_are_checked_against_the_size() {
    let grid = generate(&["--size", "2x2", "--seed", "1", "--difficulty", "easiest"]);
    assert_unique(&puzzles(&grid, "2x2".parse().unwrap())[0]);
    let nine_band = sudoku(&["generate", "--size", "2x3", "--difficulty", "hard"], "");
    assert_eq!(nine_band.code, 2);
    assert!(
        nine_band.stderr.contains("easiest or hardest"),
        "{}",
        nine_band.stderr
    );
    let sized_band = sudoku(&["generate", "--difficulty", "hardest"], "");
    assert_eq!(sized_band.code, 2);
    assert!(
        sized_band.stderr.contains("expert"),
        "{}",
        sized_band.stderr
    );
    let euler = sudoku(&["generate", "--size", "2x2", "--to", "euler"], "");
    assert_eq!(euler.code, 2);
    // --size 3x3 is the 9x9 generator itself.
    assert_eq!(
        generate(&["--size", "3x3", "--seed", "9", "-n", "3"]),
        generate(&["--seed", "9", "-n", "3"])
    );
}

#[test]
fn attempts_that_run_out_say_which_option_is_hard_to_meet() {
    // No 6x6 puzzle has as few as 7 clues: the attempts run out in a few
    // seconds, each walking down from its dig.
    let run = sudoku(
        &[
            "generate", "--size", "2x3", "--clues", "7", "-n", "2", "--seed", "1",
        ],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines[0],
        "sudoku: puzzle 1: no puzzle met the options in 1000 attempts"
    );
    assert!(
        lines[1].starts_with("sudoku: note: few solution grids have a puzzle of 7 clues")
            && lines[1].contains("a few more clues are met sooner"),
        "{}",
        run.stderr
    );
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    // A clue count that digs reach: no note.
    let met = sudoku(
        &["generate", "--size", "2x3", "--clues", "10", "--seed", "1"],
        "",
    );
    assert_eq!(met.code, 0, "{}", met.stderr);
    assert_eq!(met.stderr, "");
}

#[test]
fn a_generated_twenty_five_puzzle_is_unique() {
    let text = generate(&["--size", "5x5", "--seed", "0"]);
    let grids = puzzles(&text, "5x5".parse().unwrap());
    assert_eq!(grids.len(), 1);
    assert_unique(&grids[0]);
}

#[test]
fn a_sixteen_hint_at_each_level() {
    let puzzle = generate(&["--size", "4x4", "--seed", "3"]);
    let hint = |level: &str| {
        let run = sudoku(&["hint", "--level", level, "--no-marks"], &puzzle);
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let step = hint("step");
    let outcome = step
        .lines()
        .find_map(|l| l.trim().strip_prefix("=> "))
        .unwrap_or_else(|| panic!("no outcome in {step}"));
    let cell = outcome.split(['=', '<']).next().unwrap();
    assert!(cell.starts_with('r') && cell.contains('c'), "{outcome}");
    let nudge = hint("nudge");
    assert!(nudge.starts_with("Look for a"), "{nudge}");
    assert!(!nudge.contains('='), "{nudge}");
    assert!(
        !nudge.contains(&format!("{cell} ")) && !nudge.contains(&format!("{cell}.")),
        "{nudge} names {cell}"
    );
    let cells = hint("cells");
    assert!(cells.starts_with(nudge.trim_end_matches(".\n")), "{cells}");
    assert!(cells.contains("among") && !cells.contains('='), "{cells}");
    // With the pencil marks: the 16x16 blocks, placed digits in brackets.
    let marked = sudoku(&["hint"], &puzzle);
    assert!(marked.stdout.contains("c16") && marked.stdout.contains('('));
}

#[test]
fn a_six_explained_ends_with_its_rating() {
    let puzzle = generate(&["--size", "2x3", "--seed", "2", "--difficulty", "easiest"]);
    let run = sudoku(&["explain"], &puzzle);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("Puzzle 1 (line 1): "),
        "{}",
        run.stdout
    );
    assert!(lines[1].starts_with("  1. "), "{}", run.stdout);
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("Solved in ") && last.contains("Rating ") && last.contains("hardest step"),
        "{last}"
    );
    // 6x6 with 3x2 boxes, named with --size: this one needed more than the
    // techniques of other sizes until they had wings and chains (an
    // XY-Cycle, then an XY-Wing).
    let tall = generate(&["--size", "3x2", "--seed", "2"]);
    let run = sudoku(&["explain", "--size", "3x2"], &tall);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run.stdout.lines().last().unwrap();
    assert!(last.starts_with("Solved in "), "{}", run.stdout);
    // The 12x12 fixture needs more still, and says so.
    let run = sudoku(&["explain", "--size", "3x4", &fixture("3x4")], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let stopped = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Logic stopped after "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        stopped.contains("needs techniques beyond those available for 12x12 grids")
            && stopped.contains("Rating at least 7.4+"),
        "{stopped}"
    );
}

#[test]
fn tall_boxes_generated_as_lines_come_with_how_to_read_them_back() {
    // A 36-character line reads as 2x3 boxes: the generator says so.
    let run = sudoku(&["generate", "--size", "3x2", "-n", "2", "--seed", "4"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "sudoku: note: the line format does not show the boxes: read these puzzles back with --size 3x2 (--to pretty draws them)\n"
    );
    let back = sudoku(&["check", "--size", "3x2"], &run.stdout);
    assert_eq!(back.stdout, "unique\nunique\n", "{}", back.stderr);
    // Drawn, the boxes read back by themselves; the usual shape needs no note.
    let drawn = sudoku(
        &["generate", "--size", "3x2", "--seed", "4", "--to", "pretty"],
        "",
    );
    assert_eq!((drawn.code, drawn.stderr.as_str()), (0, ""));
    assert_eq!(sudoku(&["check"], &drawn.stdout).stdout, "unique\n");
    let wide = sudoku(&["generate", "--size", "2x3", "--seed", "4"], "");
    assert_eq!((wide.code, wide.stderr.as_str()), (0, ""));
}

#[test]
fn marks_of_a_four() {
    let puzzle = "1...\n..2.\n.3..\n...4\n";
    let run = sudoku(&["marks", "--from", "rows"], puzzle);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for given in ["(1)", "(2)", "(3)", "(4)"] {
        assert!(run.stdout.contains(given), "{}", run.stdout);
    }
    let compact = sudoku(&["marks", "--compact"], "1......2.3.....4\n");
    assert_eq!(compact.code, 0, "{}", compact.stderr);
    assert!(compact.stdout.lines().count() >= 4, "{}", compact.stdout);
}

/// A fixture of `tests/fixtures/sizes`.
fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/sizes/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The one puzzle of a fixture, read as `shape`.
fn fixture_puzzle(name: &str) -> SizedGrid {
    let text = std::fs::read_to_string(fixture(name)).unwrap();
    puzzles(&text, name.parse().unwrap()).remove(0)
}

/// The cell (index in reading order) of a name such as `r10c12`.
fn cell_of(name: &str, shape: Shape) -> usize {
    let (row, col) = name[1..].split_once('c').unwrap();
    let (row, col): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap());
    (row - 1) * shape.size() + col - 1
}

/// The JSON records a run printed, one a line.
fn records(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Checks each `{"cell", "digit"}` of a list against the solution: a
/// placement must be its digit, an elimination must not.
fn assert_against(solution: &SizedGrid, list: &serde_json::Value, placed: bool) {
    let shape = solution.shape();
    for c in list.as_array().unwrap() {
        let cell = cell_of(c["cell"].as_str().unwrap(), shape);
        let digit = c["digit"].as_u64().unwrap() as u8;
        assert_eq!(solution.cells()[cell] == digit, placed, "{c}");
    }
}

fn solution_of(puzzle: &SizedGrid) -> SizedGrid {
    match sizes::uniqueness(puzzle) {
        Uniqueness::Unique(s) => s,
        _ => panic!("{puzzle:?} has no unique solution"),
    }
}

#[test]
fn explain_json_of_other_sizes_steps_to_the_solution() {
    for name in ["2x2", "2x3", "3x2", "2x4", "4x4"] {
        let shape: Shape = name.parse().unwrap();
        let puzzle = fixture_puzzle(name);
        let run = sudoku(
            &["explain", "--to", "json", "--size", name, &fixture(name)],
            "",
        );
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        let all = records(&run.stdout);
        assert_eq!(all.len(), 1, "{}", run.stdout);
        let r = &all[0];
        assert_eq!(
            (r["index"].as_u64(), r["line"].as_u64()),
            (Some(1), Some(2))
        );
        assert_eq!(r["size"].as_u64(), Some(shape.size() as u64));
        assert_eq!(r["boxes"], name);
        assert_eq!(r["file"].as_str(), Some(fixture(name).as_str()));
        assert_eq!(
            puzzles(r["puzzle"].as_str().unwrap(), shape),
            std::slice::from_ref(&puzzle)
        );
        assert_eq!(r["solved"], true, "{name}");
        // The placements of the steps fill the grid with its solution,
        // and no elimination removes a digit of it.
        let solution = solution_of(&puzzle);
        let mut grid = puzzle.clone();
        let mut hardest = 0.0f64;
        for step in r["steps"].as_array().unwrap() {
            assert_against(&solution, &step["placements"], true);
            assert_against(&solution, &step["eliminations"], false);
            for p in step["placements"].as_array().unwrap() {
                let cell = cell_of(p["cell"].as_str().unwrap(), shape);
                let digit = p["digit"].as_u64().unwrap() as u8;
                grid.set(cell / shape.size(), cell % shape.size(), Some(digit));
            }
            hardest = hardest.max(step["rating"].as_f64().unwrap());
            assert!(!step["explanation"].as_str().unwrap().is_empty());
        }
        assert!(grid.is_solution_of(&puzzle), "{name}: {grid:?}");
        assert_eq!(r["rating"].as_f64(), Some(hardest), "{name}");
        // The text says the same rating.
        let text = sudoku(&["explain", "--size", name, &fixture(name)], "").stdout;
        assert!(
            text.contains(&format!(
                "Rating {hardest:.1}, hardest step: {}.",
                r["technique"].as_str().unwrap()
            )),
            "{text}"
        );
    }
    // Logic that stops says why, and its rating is a lower bound.
    let run = sudoku(&["explain", "--to", "json", &fixture("3x4")], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let r = &records(&run.stdout)[0];
    assert_eq!(
        (r["solved"].as_bool(), r["boxes"].as_str()),
        (Some(false), Some("3x4"))
    );
    let hardest = r["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rating"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(r["rating"].as_f64(), Some(hardest));
    assert_eq!(
        r["stopped"],
        "no known technique applies to the position reached"
    );
    // Refused puzzles get no record, as for 9x9.
    let mixed = sudoku(&["explain", "--to", "json", &fixture("mixed-4x4")], "");
    assert_eq!(mixed.code, 1);
    assert_eq!(records(&mixed.stdout).len(), 1, "{}", mixed.stdout);
    assert_eq!(mixed.stderr.lines().count(), 4, "{}", mixed.stderr);
}

#[test]
fn hint_json_of_other_sizes_at_each_level() {
    let puzzle = fixture_puzzle("4x4");
    let solution = solution_of(&puzzle);
    let file = fixture("4x4");
    let hint = |level: &str| {
        let run = sudoku(&["hint", "--to", "json", "--level", level, &file], "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let mut all = records(&run.stdout);
        assert_eq!(all.len(), 1, "{}", run.stdout);
        let text = sudoku(&["hint", "--no-marks", "--level", level, &file], "").stdout;
        assert_eq!(all[0]["message"].as_str(), text.lines().next(), "{level}");
        all.remove(0)
    };
    for level in ["nudge", "cells", "step"] {
        let r = hint(level);
        assert_eq!(
            (r["size"].as_u64(), r["boxes"].as_str()),
            (Some(16), Some("4x4"))
        );
        assert_eq!(
            puzzles(r["puzzle"].as_str().unwrap(), puzzle.shape()),
            std::slice::from_ref(&puzzle)
        );
        assert_eq!(
            (r["status"].as_str(), r["level"].as_str()),
            (Some("step"), Some(level))
        );
        assert!(r["technique"].is_string() && r["houses"].is_array(), "{r}");
        assert_eq!(r["cells"].is_array(), level != "nudge", "{r}");
        assert_eq!(r["candidates"].is_array(), level != "nudge", "{r}");
        assert_eq!(r["step"].is_object(), level == "step", "{r}");
        if level == "step" {
            assert_against(&solution, &r["step"]["placements"], true);
            assert_against(&solution, &r["step"]["eliminations"], false);
        }
    }
    // A wrong digit is pointed out, with the solution's.
    let mut wrong = puzzle.clone();
    let cell = puzzle.cells().iter().position(|&d| d == 0).unwrap();
    let n = puzzle.size();
    let entered = solution.cells()[cell] % n as u8 + 1;
    wrong.set(cell / n, cell % n, Some(entered));
    let current =
        sudoku_engine::sizes::format::line_text(&wrong, sudoku_engine::sizes::Symbols::Default);
    let run = sudoku(&["hint", "--to", "json", "--given", &file, "-"], &current);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let r = &records(&run.stdout)[0];
    assert_eq!(r["status"], "wrong_entry");
    assert_eq!(r["mistakes"][0]["kind"], "wrong_digit");
    assert_eq!(
        r["mistakes"][0]["cell"]
            .as_str()
            .map(|c| cell_of(c, puzzle.shape())),
        Some(cell)
    );
    assert_eq!(r["mistakes"][0]["entered"].as_u64(), Some(entered.into()));
    assert_eq!(
        r["mistakes"][0]["solution"].as_u64(),
        Some(solution.cells()[cell].into())
    );
}

#[test]
fn rate_of_other_sizes_is_the_hardest_step_of_explain() {
    for name in ["2x2", "2x3", "3x2", "2x4", "3x4", "4x4"] {
        let file = fixture(name);
        let rate = sudoku(&["rate", "--to", "json", "--size", name, &file], "");
        assert_eq!(rate.code, 0, "{name}: {}", rate.stderr);
        let r = &records(&rate.stdout)[0];
        let explain = sudoku(&["explain", "--to", "json", "--size", name, &file], "");
        let e = &records(&explain.stdout)[0];
        // The record of explain less its steps.
        let mut without = e.clone();
        without.as_object_mut().unwrap().remove("steps");
        assert_eq!(r, &without, "{name}");
        let hardest = e["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["rating"].as_f64().unwrap())
            .fold(0.0, f64::max);
        assert_eq!(r["rating"].as_f64(), Some(hardest), "{name}");
        // The text: `rating difficulty technique`, `+` for a lower bound.
        let text = sudoku(&["rate", "--size", name, &file], "");
        assert_eq!(text.code, 0, "{name}: {}", text.stderr);
        let solved = r["solved"].as_bool().unwrap();
        let mut expected = format!(
            "{hardest:.1}{} {} {}",
            if solved { "" } else { "+" },
            r["difficulty"].as_str().unwrap(),
            r["technique"].as_str().unwrap()
        );
        if !solved {
            expected.push_str(" (logic stopped here: this is a lower bound)");
        }
        assert_eq!(text.stdout, expected + "\n", "{name}");
    }
    // The 16x16 fixture needs a Naked Single; the 12x12 one stops after an
    // XY-Chain (it stopped after a Naked Triple before chains).
    let sixteen = sudoku(&["rate", &fixture("4x4")], "");
    assert_eq!(sixteen.stdout, "2.3 medium Naked Single\n");
    let twelve = sudoku(&["rate", &fixture("3x4")], "");
    assert!(
        twelve.stdout.starts_with("7.4+ expert XY-Chain"),
        "{}",
        twelve.stdout
    );
    // Refused puzzles are reported where they are, and the exit status says so.
    let mixed = sudoku(&["rate", &fixture("mixed-4x4")], "");
    assert_eq!(mixed.code, 1);
    assert_eq!(mixed.stdout, "1.2 easy Hidden Single\n");
    assert!(
        mixed
            .stderr
            .contains("line 3: the puzzle has more than one solution"),
        "{}",
        mixed.stderr
    );
    assert!(
        mixed.stderr.contains("line 6, column 16"),
        "{}",
        mixed.stderr
    );
    // The help says the scale is 9x9's, used by analogy.
    let help = sudoku(&["rate", "--help"], "");
    assert!(
        help.stdout.contains("defined on 9x9 grids only"),
        "{}",
        help.stdout
    );
    assert!(help.stdout.contains("by analogy"), "{}", help.stdout);
}

#[test]
fn generate_writes_other_sizes_in_the_alphabet_asked() {
    use sudoku_engine::sizes::Symbols;
    for (boxes, symbols, digits) in [
        ("4x4", Symbols::Hex, "0123456789ABCDEF"),
        ("2x3", Symbols::Hex, "012345"),
        ("4x4", Symbols::Letters, "ABCDEFGHIJKLMNOP"),
        ("2x2", Symbols::Letters, "ABCD"),
        ("4x4", Symbols::Default, "123456789ABCDEFG"),
    ] {
        let shape: Shape = boxes.parse().unwrap();
        let args = ["--size", boxes, "--seed", "5", "-n", "2"];
        let plain = puzzles(&generate(&args), shape);
        let name = symbols.name();
        for to in ["line", "rows", "pretty"] {
            let text = generate(&[&args[..], &["--symbols", name, "--to", to]].concat());
            // Only the alphabet's characters, blanks and the drawing's.
            let other = text
                .chars()
                .find(|&c| !digits.contains(c) && !".0| -+\n".contains(c));
            assert_eq!(other, None, "{boxes} {name} --to {to}: {text}");
            // Read back in that alphabet: the same puzzles.
            assert_eq!(
                puzzles_in(&text, shape, Some(symbols)),
                plain,
                "{boxes} {name} --to {to}"
            );
        }
        let line = generate(&[&args[..], &["--symbols", name]].concat());
        // The command reads them back with the same --symbols (letters
        // without it too): the same puzzles, each solved by the rules.
        let solved = sudoku(&["solve", "--symbols", name, "--size", boxes], &line);
        assert_eq!(solved.code, 0, "{}", solved.stderr);
        let solutions = puzzles_in(&solved.stdout, shape, Some(symbols));
        assert_eq!(solutions.len(), plain.len());
        for (s, p) in solutions.iter().zip(&plain) {
            assert!(s.is_solution_of(p), "{boxes} {name}: {s:?}");
        }
        if symbols == Symbols::Letters {
            let auto = sudoku(&["check", "--size", boxes], &line);
            assert_eq!(
                auto.stdout,
                "unique\n".repeat(plain.len()),
                "{}",
                auto.stderr
            );
        }
        // JSON: puzzle and solution in the alphabet.
        let json = generate(&[&args[..], &["--symbols", name, "--to", "json"]].concat());
        for (record, p) in records(&json).iter().zip(&plain) {
            let puzzle = puzzles_in(record["puzzle"].as_str().unwrap(), shape, Some(symbols));
            assert_eq!(&puzzle[0], p, "{boxes} {name}");
            let solution = puzzles_in(record["solution"].as_str().unwrap(), shape, Some(symbols));
            assert!(solution[0].is_solution_of(p), "{boxes} {name}");
        }
    }
    // An alphabet too short for the grid, or one asked of 9x9, is refused.
    let short = sudoku(&["generate", "--size", "5x5", "--symbols", "hex"], "");
    assert_eq!(short.code, 2);
    assert!(
        short.stderr.contains("no digit for 25x25"),
        "{}",
        short.stderr
    );
    let nine = sudoku(&["generate", "--symbols", "letters"], "");
    assert_eq!(nine.code, 2);
    assert!(nine.stderr.contains("other sizes"), "{}", nine.stderr);
    assert_eq!(
        generate(&["--symbols", "default", "--seed", "3"]),
        generate(&["--seed", "3"])
    );
}
