//! Every puzzle of every shared set through the real binary: each printed
//! solution obeys the rules and keeps the givens, and `check` calls every
//! puzzle of the serg set `multiple`.

mod common;

use common::*;
use sudoku_engine::format::Format;

#[test]
fn solves_every_puzzle_of_every_set() {
    for set in sudoku_testdata::BENCHMARK_SETS {
        let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
            return;
        };
        let path = sudoku_testdata::file(set).expect("present");
        let run = sudoku_file(&["solve", "--to", "line"], &path);
        assert_eq!(run.code, 0, "{set}: {}", run.stderr);
        let puzzles: Vec<_> = lines.iter().map(|l| grid(&l.text)).collect();
        assert_solutions(&puzzles, &grids_in(&run.stdout, Format::Line));
    }
}

#[test]
fn serg_set_is_all_multiple() {
    let set = sudoku_testdata::MULTI_SOLUTION_SET;
    let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
        return;
    };
    let run = sudoku_file(&["check"], &sudoku_testdata::file(set).expect("present"));
    assert_eq!(run.code, 1);
    let verdicts: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(verdicts.len(), lines.len());
    assert!(verdicts.iter().all(|&v| v == "multiple"));
}

#[test]
fn hardest_sets_are_all_unique() {
    for set in ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"] {
        let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
            return;
        };
        let run = sudoku_file(&["check"], &sudoku_testdata::file(set).expect("present"));
        assert_eq!(run.code, 0, "{set}");
        assert_eq!(
            run.stdout.lines().filter(|&v| v == "unique").count(),
            lines.len()
        );
    }
}

#[test]
fn euler96_example_prints_the_answer() {
    let Some(path) = sudoku_testdata::file("euler96.txt") else {
        return;
    };
    let output = std::process::Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--release", "--example", "euler96", "--"])
        .arg(&path)
        .output()
        .expect("cargo run --example euler96");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "24702\n");
}
