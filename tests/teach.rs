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
