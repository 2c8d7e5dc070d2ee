//! `sudoku hint|explain|marks` on variant puzzles: the steps printed for
//! the fixtures place only the solution's digits and the explanations
//! reach it, JSON records, `--variant` on plain givens, batches with a bad
//! puzzle, and logic that stalls.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use sudoku_variants::{self as variants, Puzzle, fpuzzles, input};

const FIXTURES: &str = "crates/variants/tests/fixtures";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(FIXTURES)
        .join(name)
}

/// The fixture's puzzle, read by the library.
fn puzzle_of(name: &str) -> Puzzle {
    let text = std::fs::read_to_string(fixture(name)).expect("fixture");
    if name.ends_with(".json") {
        fpuzzles::read(&text).expect("f-puzzles fixture")
    } else {
        input::read_all(&text, &[])[0]
            .puzzle
            .clone()
            .expect("text fixture")
    }
}

/// Every `rXcY=D` the output names, as (cell, digit).
fn placements(text: &str, size: usize) -> Vec<(usize, u8)> {
    let mut found = Vec::new();
    for word in text.split([' ', ',', ';', '\n', ':']) {
        let word = word.trim_end_matches('.');
        let Some(rest) = word.strip_prefix('r') else {
            continue;
        };
        let Some((cell, digit)) = rest.split_once('=') else {
            continue;
        };
        let Some((r, c)) = cell.split_once('c') else {
            continue;
        };
        let (r, c, d): (usize, usize, u8) = (
            r.parse().unwrap(),
            c.parse().unwrap(),
            digit.parse().unwrap(),
        );
        found.push(((r - 1) * size + c - 1, d));
    }
    found
}

fn assert_placements_match(text: &str, puzzle: &Puzzle, solution: &[u8]) -> usize {
    let placed = placements(text, puzzle.size());
    for &(cell, d) in &placed {
        assert_eq!(solution[cell], d, "cell {cell} in {text}");
    }
    placed.len()
}

#[test]
fn explain_a_killer_with_cage_combinations_and_innies_and_outies() {
    let name = "text/killer-innies-9x9.txt";
    let puzzle = puzzle_of(name);
    let solution = variants::solve(&puzzle).unwrap();
    let run = sudoku_file(&["explain"], &fixture(name));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Puzzle 1 (line 6, killer): "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(". Cage Combinations: The cage r1c1 (33) covers")
    );
    assert!(run.stdout.contains(". Innies and Outies: "));
    assert!(run.stdout.trim_end().ends_with("steps."), "{}", run.stdout);
    assert!(run.stdout.contains("\nSolved in "));
    // Every cell is placed once, each with the solution's digit.
    let placed = assert_placements_match(&run.stdout, &puzzle, &solution);
    // Each placement shows twice: in the sentence and after `=>`.
    assert!(placed >= 2 * 81, "{placed}");
}

#[test]
fn explain_to_json_has_every_step_and_the_solution() {
    for (name, technique) in [
        ("text/thermometer-6x6.txt", "thermometer_range"),
        ("text/arrow-6x6.txt", "arrow_range"),
    ] {
        let puzzle = puzzle_of(name);
        let solution = variants::solve(&puzzle).unwrap();
        let run = sudoku_file(&["explain", "--to", "json"], &fixture(name));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(record["solved"], true);
        assert_eq!(record["verdict"], "unique");
        assert_eq!(record["size"], 6);
        let line: String = solution.iter().map(|d| d.to_string()).collect();
        assert_eq!(record["solution"], line.as_str());
        let steps = record["steps"].as_array().unwrap();
        assert!(steps.iter().any(|s| s["technique"] == technique), "{name}");
        let mut grid = puzzle.givens().to_vec();
        for step in steps {
            for p in step["placements"].as_array().unwrap() {
                let (cell, d) = (
                    p[0].as_u64().unwrap() as usize,
                    p[1].as_u64().unwrap() as u8,
                );
                assert_eq!(solution[cell], d, "{name}: {step}");
                grid[cell] = d;
            }
            for e in step["eliminations"].as_array().unwrap() {
                let (cell, d) = (
                    e[0].as_u64().unwrap() as usize,
                    e[1].as_u64().unwrap() as u8,
                );
                assert_ne!(solution[cell], d, "{name}: {step}");
            }
        }
        assert_eq!(grid, solution, "{name}");
    }
}

#[test]
fn hint_at_each_level() {
    let name = "killer6.json";
    let puzzle = puzzle_of(name);
    let solution = variants::solve(&puzzle).unwrap();
    let run = sudoku_file(&["hint"], &fixture(name));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("Cage Combinations: The cage r1c1 (8) covers")
    );
    assert!(lines.next().unwrap().starts_with("  => r1c1<>6"));
    // The pencil marks follow, the given 1 of r5c6 in parentheses.
    assert!(
        run.stdout.lines().nth(6).unwrap().ends_with("(1)"),
        "{}",
        run.stdout
    );
    let run = sudoku_file(&["hint", "--level", "nudge", "--no-marks"], &fixture(name));
    assert_eq!(run.stdout, "Look for Cage Combinations in cage r1c1 (8).\n");
    let run = sudoku_file(&["hint", "--level", "cells", "--no-marks"], &fixture(name));
    assert_eq!(
        run.stdout,
        "Look for Cage Combinations in cage r1c1 (8), among r1c1, r1c2 and r1c3.\n"
    );
    // A hint that places a digit places the solution's.
    let name = "text/arrow-6x6.txt";
    let arrow = puzzle_of(name);
    let arrow_solution = variants::solve(&arrow).unwrap();
    let run = sudoku_file(&["hint", "--no-marks"], &fixture(name));
    assert_eq!(
        assert_placements_match(&run.stdout, &arrow, &arrow_solution),
        2
    );
    let run = sudoku_file(&["hint", "--to", "json"], &fixture(name));
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(record["status"], "step");
    assert_eq!(record["variant"][0], "arrow");
    let p = &record["step"]["placements"][0];
    let cell = p[0].as_u64().unwrap() as usize;
    assert_eq!(arrow_solution[cell], p[1].as_u64().unwrap() as u8);
    assert!(solution.len() == 36);
}

#[test]
fn marks_keep_every_solution_digit() {
    for name in [
        "windoku.json",
        "text/jigsaw-killer-x-9x9.txt",
        "oddeven.json",
    ] {
        let puzzle = puzzle_of(name);
        let n = puzzle.size();
        let solution = variants::solve(&puzzle).unwrap();
        let run = sudoku_file(&["marks", "--compact"], &fixture(name));
        assert_eq!(run.code, 0, "{}", run.stderr);
        let cells: Vec<&str> = run.stdout.split_whitespace().collect();
        assert_eq!(cells.len(), n * n, "{}", run.stdout);
        for (cell, text) in cells.iter().enumerate() {
            let digit = char::from(b'0' + solution[cell]);
            if puzzle.givens()[cell] != 0 {
                assert_eq!(*text, format!("({digit})"), "{name}");
            } else {
                assert!(text.contains(digit), "{name}: cell {cell} {text}");
            }
        }
    }
    // The odd/even cells start with half the digits.
    let run = sudoku(
        &["marks", "--compact", "--variant", "anti-king"],
        "size: 4\nodd: r1c1\n",
    );
    assert_eq!(
        run.stdout.lines().next(),
        Some("13 1234 1234 1234"),
        "{}",
        run.stderr
    );
}

#[test]
fn plain_givens_with_variant_rules() {
    // A 4x4 X puzzle typed as plain givens.
    let givens = "12..\n....\n....\n...3\n";
    let run = sudoku(&["explain", "--variant", "x"], givens);
    assert!(
        run.stdout.starts_with("Puzzle 1 (line 1, x): "),
        "{}{}",
        run.stdout,
        run.stderr
    );
    let mut puzzle = Puzzle::classic(4).unwrap();
    for d in sudoku_variants::Constraint::diagonals(4) {
        puzzle.add(d).unwrap();
    }
    for (cell, ch) in givens.chars().filter(|c| *c != '\n').enumerate() {
        if let Some(d) = ch.to_digit(10) {
            puzzle.set_given(cell, d as u8).unwrap();
        }
    }
    let variants::Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else {
        panic!("not unique");
    };
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.ends_with("Solved in 13 steps.\n"),
        "{}",
        run.stdout
    );
    assert!(assert_placements_match(&run.stdout, &puzzle, &solution) >= 2 * 13);
    let run = sudoku(&["hint", "--variant", "x", "--no-marks"], givens);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(assert_placements_match(&run.stdout, &puzzle, &solution), 2);
}

#[test]
fn a_puzzle_without_variants_is_named_by_its_line_alone() {
    let run = sudoku(&["explain"], "size: 1\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "Puzzle 1 (line 1): .\n  1. Full House: r1c1 is the last empty cell of row 1, so it takes the missing digit: r1c1=1.\n     => r1c1=1\nSolved in 1 steps.\n"
    );
}

#[test]
fn a_batch_with_a_bad_puzzle_and_puzzles_logic_cannot_finish() {
    let x = fpuzzles::read(&std::fs::read_to_string(fixture("x.json")).unwrap()).unwrap();
    let knight = puzzle_of("antiknight.json");
    let input = format!(
        "{}\nnot a puzzle at all\n{}\n",
        fpuzzles::to_link(&x),
        fpuzzles::to_link(&knight)
    );
    let run = sudoku(&["explain"], &input);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("Puzzle 1 (line 1, x): "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("\nPuzzle 3 (line 3, anti-knight): "),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("Puzzle 2"));
    // Logic stops on both and says so, with the pencil marks reached.
    assert_eq!(
        run.stdout.matches("Logic stopped after").count(),
        2,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "no known technique applies to the position reached. The pencil marks there:\n"
        )
    );
    let stderr = run.stderr.trim_end();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("sudoku: puzzle 2, line 2: "), "{stderr}");
    // Each placement printed is the solution's.
    let solution = variants::solve(&x).unwrap();
    let first = run.stdout.split("\nPuzzle 3").next().unwrap();
    let stalled_at = first.find("The pencil marks there").unwrap();
    assert_placements_match(&first[..stalled_at], &x, &solution);

    // Several solutions, and givens that break a rule: named, exit 1.
    let run = sudoku(
        &["hint"],
        "size: 4\nrules: x\n---\n11..\n....\n....\n....\nrules: x\n",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("puzzle 1, line 1: the puzzle has more than one solution"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("puzzle 2, line 4: the givens break a rule"),
        "{}",
        run.stderr
    );
    let run = sudoku(&["marks"], "11..\n....\n....\n....\nrules: x\n");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("puzzle 1, line 1: "), "{}", run.stderr);
    let run = sudoku(&["explain", "--to", "json"], "size: 4\nrules: x\n");
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(record["verdict"], "multiple");
    assert_eq!(record["solved"], false);
}

#[test]
fn rate_says_variant_puzzles_have_no_rating() {
    let run = sudoku_file(&["rate"], &fixture("x.json"));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.contains("variant puzzles have no rating"),
        "{}",
        run.stderr
    );
    // A classic grid is rated as before.
    let classic =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    let run = sudoku(&["rate"], classic);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Hidden Single"), "{}", run.stdout);
}
