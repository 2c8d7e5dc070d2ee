//! `generate`, `hint`, `explain` and `marks` on grids of other sizes: every
//! generated puzzle has exactly one solution, a seed gives the same
//! puzzles, and the logic commands print their text for any size.

mod common;

use common::sudoku;
use sudoku_engine::sizes::format::{ReadOptions, read_all_with};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Uniqueness, reference};

/// The puzzles a run printed, read as grids of `shape`.
fn puzzles(text: &str, shape: Shape) -> Vec<SizedGrid> {
    let options = ReadOptions {
        shape: Some(shape),
        ..Default::default()
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
fn assert_unique(grid: &SizedGrid) {
    if grid.size() <= 9 {
        assert_eq!(reference::count(grid, 2).0, 1, "{grid:?}");
    } else {
        assert!(
            matches!(sizes::uniqueness(grid), Uniqueness::Unique(_)),
            "{grid:?}"
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
    // 6x6 with 3x2 boxes, named with --size: this one needs more than the
    // techniques of other sizes, and says so.
    let tall = generate(&["--size", "3x2", "--seed", "2"]);
    let run = sudoku(&["explain", "--size", "3x2"], &tall);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let stopped = run
        .stdout
        .lines()
        .find(|l| l.starts_with("Logic stopped after "))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        stopped.contains("needs techniques beyond those available for 6x6 grids")
            && stopped.contains("Rating at least "),
        "{stopped}"
    );
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

#[test]
fn json_of_the_logic_commands_is_nine_by_nine_only() {
    for command in ["hint", "explain"] {
        let run = sudoku(&[command, "--to", "json"], "1......2.3.....4\n");
        assert_eq!(run.code, 2, "{command}");
        assert!(run.stderr.contains("9x9 only"), "{}", run.stderr);
    }
}
