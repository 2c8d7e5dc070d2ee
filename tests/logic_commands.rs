//! `hint`, `explain`, `rate` and `marks` on the real binary. Every step
//! printed is checked against the unique solution: placements agree with
//! it and eliminations never remove its digit.

mod common;

use common::*;
use serde_json::Value;
use sudoku_engine::Grid;

const JUDGE_IN: &str = include_str!("fixtures/judge.in");

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

fn cell_index(name: &str) -> usize {
    let b = name.as_bytes();
    assert_eq!((b[0], b[2]), (b'r', b'c'), "{name}");
    (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
}

/// Checks every step of an `explain --to json` object against the solution.
fn assert_steps_agree(object: &Value, solution: &Grid) {
    let steps = object["steps"].as_array().expect("steps");
    assert!(!steps.is_empty());
    for step in steps {
        assert!(step["technique"].is_string());
        assert!(step["rating"].as_f64().unwrap() >= 1.0);
        assert!(!step["explanation"].as_str().unwrap().is_empty());
        for p in step["placements"].as_array().unwrap() {
            let cell = cell_index(p["cell"].as_str().unwrap());
            assert_eq!(
                solution.digit(cell),
                p["digit"].as_u64().map(|d| d as u8),
                "{step}"
            );
        }
        for e in step["eliminations"].as_array().unwrap() {
            let cell = cell_index(e["cell"].as_str().unwrap());
            assert_ne!(
                solution.digit(cell),
                e["digit"].as_u64().map(|d| d as u8),
                "{step}"
            );
        }
    }
}

#[test]
fn rate_text_and_json() {
    let input = format!("{JUDGE_IN}\n");
    let run = sudoku(&["rate"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "1.2 easy Hidden Single\n");

    let run = sudoku(
        &["rate", "--to", "json"],
        &format!("{UNIQUE}\n{MULTIPLE}\n"),
    );
    assert_eq!(run.code, 1);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 1);
    let o = &objects[0];
    assert_eq!(o["puzzle"], UNIQUE);
    let rating = o["rating"].as_f64().unwrap();
    assert!(rating > 2.0, "{o}");
    assert!(o["difficulty"].is_string());
    assert!(o["technique"].is_string());
    assert!(
        run.stderr
            .contains("line 2: the puzzle has more than one solution"),
        "{}",
        run.stderr
    );
}

#[test]
fn explain_json_steps_are_all_right() {
    let run = sudoku(&["explain", "--to", "json"], &format!("{UNIQUE}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let object = &json_lines(&run.stdout)[0];
    assert_eq!(object["puzzle"], UNIQUE);
    assert_eq!(object["solved"], true);
    let solution = grid(UNIQUE).solve().unwrap();
    assert_steps_agree(object, &solution);
    // The rating is the hardest step.
    let hardest = object["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rating"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert_eq!(object["rating"].as_f64().unwrap(), hardest);
}

#[test]
fn explain_text_walks_to_the_end() {
    let run = sudoku(&["explain"], JUDGE_IN);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .starts_with("Puzzle 1 (line 1): 53..7....6..195..."),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("  1. Hidden Single"));
    assert!(
        run.stdout.contains("Solved in 51 steps. Rating 1.2 (easy)"),
        "{}",
        run.stdout
    );
}

#[test]
fn explain_many_puzzles_from_a_set() {
    let Some(lines) = sudoku_testdata::puzzle_lines("puzzles3_magictour_top1465") else {
        return;
    };
    let input: String = lines
        .iter()
        .take(6)
        .map(|l| format!("{}\n", l.text))
        .collect();
    let run = sudoku(&["explain", "--to", "json"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 6);
    for (o, l) in objects.iter().zip(&lines) {
        let puzzle = grid(&l.text);
        assert_steps_agree(o, &puzzle.solve().unwrap());
    }
}

#[test]
fn hint_gives_the_next_step_with_marks() {
    let run = sudoku(&["hint"], JUDGE_IN);
    assert_eq!(run.code, 0);
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("Hidden Single (1.2): "), "{first}");
    assert!(
        run.stdout
            .contains("+---------------+---------------+---------------+")
    );
    let run = sudoku(&["hint", "--to", "json"], JUDGE_IN);
    let o = &json_lines(&run.stdout)[0];
    assert_eq!(o["status"], "step");
    let placement = &o["step"]["placements"][0];
    let solution = grid(JUDGE_IN).solve().unwrap();
    let cell = cell_index(placement["cell"].as_str().unwrap());
    assert_eq!(
        u64::from(solution.digit(cell).unwrap()),
        placement["digit"].as_u64().unwrap()
    );
}

#[test]
fn hint_points_out_a_wrong_entry() {
    // r1c3 should be 4; the person wrote 2.
    let progress = JUDGE_IN.replacen("5 3 0", "5 3 2", 1);
    let run = sudoku(&["hint", "--given", JUDGE_IN], &progress);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "r1c3 is 2, but the solution has 4.\n");

    // Given as a file, too.
    let dir = std::env::temp_dir().join(format!("sudoku-hint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let givens = dir.join("givens.txt");
    std::fs::write(&givens, JUDGE_IN).unwrap();
    let run = sudoku(&["hint", "--given", givens.to_str().unwrap()], &progress);
    assert_eq!(run.stdout, "r1c3 is 2, but the solution has 4.\n");
    std::fs::remove_dir_all(&dir).unwrap();

    // Right progress gets a step.
    let progress = JUDGE_IN.replacen("5 3 0", "5 3 4", 1);
    let run = sudoku(&["hint", "--given", JUDGE_IN, "--no-marks"], &progress);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);
}

#[test]
fn hint_says_when_the_puzzle_is_not_unique() {
    let run = sudoku(&["hint"], MULTIPLE);
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "The puzzle has more than one solution.\n");
    let run = sudoku(&["hint"], NO_SOLUTION);
    assert_eq!(run.stdout, "The puzzle has no solution.\n");
    let solved = grid(UNIQUE).solve().unwrap().to_line();
    let run = sudoku(&["hint"], &solved);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "The grid is solved.\n")
    );
}

#[test]
fn marks_show_candidates() {
    let run = sudoku(&["marks", "--compact"], JUDGE_IN);
    assert_eq!(run.code, 0);
    let first = run.stdout.lines().next().unwrap();
    // r1c3 can be 1, 2 or 4.
    let cells: Vec<&str> = first.split_whitespace().filter(|&t| t != "|").collect();
    assert_eq!(cells[..3], ["5", "3", "124"], "{first}");
    let run = sudoku(&["marks"], JUDGE_IN);
    assert!(
        run.stdout.contains("r1 | (5)  (3)  4.. |"),
        "{}",
        run.stdout
    );
}

#[test]
fn invalid_input_to_teaching_commands() {
    for command in ["explain", "rate", "marks"] {
        let run = sudoku(&[command], CLASH);
        assert_eq!(run.code, 1, "{command}");
        assert_eq!(
            run.stderr, "sudoku: line 1: r3c1 and r3c3 are both 5\n",
            "{command}"
        );
    }
    // A hint is the answer itself: on standard output.
    let run = sudoku(&["hint"], CLASH);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "r3c1 and r3c3 are both 5: two equal digits in one unit.\n"
    );
}

/// The 729-character pencil-mark line of a puzzle: every candidate its
/// placed digits leave, with `crossed` digits removed from cells.
fn marks_line(puzzle: &Grid, crossed: &[(usize, u8)]) -> String {
    let candidates = sudoku_logic::Candidates::from_grid(puzzle);
    let mut out = String::new();
    for cell in 0..81 {
        for d in 1..=9u8 {
            let on = match puzzle.digit(cell) {
                Some(v) => v == d,
                None => {
                    candidates.has(sudoku_engine::Cell::new(cell), sudoku_engine::Digit::new(d))
                        && !crossed.contains(&(cell, d))
                }
            };
            out.push(if on { (b'0' + d) as char } else { '.' });
        }
    }
    out.push('\n');
    out
}

#[test]
fn hint_levels_tell_more_step_by_step() {
    // The next step of the judge sample is a hidden single.
    let step = sudoku(&["hint", "--no-marks"], JUDGE_IN);
    assert!(
        step.stdout.starts_with("Hidden Single (1.2): In "),
        "{}",
        step.stdout
    );
    let default = sudoku(&["hint", "--level", "step"], JUDGE_IN);
    assert_eq!(default.stdout, sudoku(&["hint"], JUDGE_IN).stdout);

    let nudge = sudoku(&["hint", "--level", "nudge", "--no-marks"], JUDGE_IN);
    assert_eq!(nudge.code, 0);
    let text = nudge.stdout.trim_end();
    assert!(text.starts_with("Look for a Hidden Single in "), "{text}");
    // Nothing of the result: no placement, no elimination, no cell.
    assert!(!text.contains('=') && !text.contains("<>"), "{text}");
    let o = &json_lines(&sudoku(&["hint", "--to", "json", "--level", "nudge"], JUDGE_IN).stdout)[0];
    assert_eq!(o["technique"], "Hidden Single");
    assert_eq!(o["level"], "nudge");
    let house = o["houses"][0].as_str().unwrap();
    assert!(text.contains(house), "{text} names {house}");
    assert!(o.get("cells").is_none() && o.get("step").is_none() && o.get("candidates").is_none());
    let full = &json_lines(&sudoku(&["hint", "--to", "json"], JUDGE_IN).stdout)[0];
    let cell = full["step"]["placements"][0]["cell"].as_str().unwrap();
    assert!(!text.contains(cell), "the nudge gives away {cell}: {text}");

    let cells = sudoku(&["hint", "--level", "cells", "--no-marks"], JUDGE_IN);
    let text = cells.stdout.trim_end();
    assert!(text.contains(", among r"), "{text}");
    assert!(!text.contains('=') && !text.contains("<>"), "{text}");
    let o = &json_lines(&sudoku(&["hint", "--to", "json", "--level", "cells"], JUDGE_IN).stdout)[0];
    assert_eq!(o["level"], "cells");
    assert!(!o["cells"].as_array().unwrap().is_empty());
    assert!(!o["candidates"].as_array().unwrap().is_empty());
    assert!(o.get("step").is_none());

    let bad = sudoku(&["hint", "--level", "all"], JUDGE_IN);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("nudge, cells or step"),
        "{}",
        bad.stderr
    );
}

#[test]
fn hint_from_pencil_marks_names_a_crossed_out_digit() {
    let puzzle = grid(JUDGE_IN);
    let solution = puzzle.solve().unwrap();
    // Correct marks: the same next step as the digits.
    let marks = marks_line(&puzzle, &[]);
    for level in ["nudge", "cells", "step"] {
        let from_marks = sudoku(&["hint", "--no-marks", "--level", level], &marks);
        let from_digits = sudoku(&["hint", "--no-marks", "--level", level], JUDGE_IN);
        assert_eq!(from_marks.code, 0);
        assert_eq!(from_marks.stdout, from_digits.stdout, "{level}");
    }
    // The solution digit of the first empty cell crossed out.
    let cell = (0..81).find(|&c| puzzle.digit(c).is_none()).unwrap();
    let digit = solution.digit(cell).unwrap();
    let marks = marks_line(&puzzle, &[(cell, digit)]);
    let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    for level in ["nudge", "cells", "step"] {
        let run = sudoku(&["hint", "--level", level], &marks);
        assert_eq!(run.code, 1);
        assert_eq!(
            run.stdout,
            format!("{name}: {digit} was crossed out, but the solution has {digit} there.\n")
        );
    }
    let o = &json_lines(&sudoku(&["hint", "--to", "json"], &marks).stdout)[0];
    assert_eq!(o["status"], "wrong_entry");
    assert_eq!(o["mistakes"][0]["kind"], "crossed_out");
    assert_eq!(o["mistakes"][0]["cell"], name.as_str());
    assert_eq!(o["mistakes"][0]["digit"], u64::from(digit));
    // With the givens told, the same.
    let run = sudoku(&["hint", "--given", JUDGE_IN, "--no-marks"], &marks);
    assert!(run.stdout.contains("was crossed out"), "{}", run.stdout);
}

#[test]
fn pencil_mark_puzzles_are_rated_explained_and_drawn() {
    let puzzle = grid(JUDGE_IN);
    let marks = marks_line(&puzzle, &[]);
    for args in [
        &["rate"][..],
        &["explain", "--to", "json"],
        &["rate", "--to", "json"],
    ] {
        let from_marks = sudoku(args, &marks);
        let from_digits = sudoku(args, JUDGE_IN);
        assert_eq!(from_marks.code, 0, "{args:?}: {}", from_marks.stderr);
        if args.contains(&"json") {
            let (a, b) = (
                &json_lines(&from_marks.stdout)[0],
                &json_lines(&from_digits.stdout)[0],
            );
            assert_eq!(a["puzzle"].as_str().unwrap().len(), 729);
            // The same rating and first step (a cell with one candidate is
            // placed in the 729-character form, so later steps may differ).
            assert_eq!(a["rating"], b["rating"]);
            if args[0] == "explain" {
                assert_eq!(a["steps"][0], b["steps"][0]);
            }
        } else {
            assert_eq!(from_marks.stdout, from_digits.stdout);
        }
    }
    let o = &json_lines(&sudoku(&["explain", "--to", "json"], &marks).stdout)[0];
    assert_steps_agree(o, &puzzle.solve().unwrap());
    let run = sudoku(&["marks", "--compact"], &marks);
    assert_eq!(run.code, 0);
    let digits = sudoku(&["marks", "--compact"], JUDGE_IN);
    assert_eq!(run.stdout.lines().count(), digits.stdout.lines().count());
    // Marks that leave no solution, or several, are told apart.
    let cell = (0..81).find(|&c| puzzle.digit(c).is_none()).unwrap();
    let digit = puzzle.solve().unwrap().digit(cell).unwrap();
    let none = marks_line(&puzzle, &[(cell, digit)]);
    assert_eq!(sudoku(&["check"], &none).stdout, "none\n");
    assert_eq!(sudoku(&["rate"], &none).code, 1);
    let empty = marks_line(&Grid::empty(), &[]);
    assert_eq!(sudoku(&["check"], &empty).stdout, "multiple\n");
    assert_eq!(
        sudoku(&["hint"], &empty).stdout,
        "The puzzle has more than one solution.\n"
    );
}
