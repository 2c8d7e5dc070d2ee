//! Helpers for the CLI tests: run the real binary, read back what it prints
//! and check every printed solution against the rules and the givens.

#![allow(dead_code)]

use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, read_all};

/// What a run of `sudoku` gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `sudoku` with arguments and standard input.
pub fn sudoku(args: &[&str], stdin: &str) -> Run {
    let output = cargo_bin_cmd!("sudoku")
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .expect("run sudoku");
    Run {
        code: output.status.code().expect("exited"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
    }
}

/// Runs `sudoku` on a file.
pub fn sudoku_file(args: &[&str], file: &Path) -> Run {
    let mut all: Vec<&str> = args.to_vec();
    let path = file.to_str().expect("UTF-8 path");
    all.push(path);
    sudoku(&all, "")
}

/// The grids printed in a format, checking that they are all in it.
pub fn grids_in(text: &str, format: Format) -> Vec<Grid> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    read_all(text)
        .into_iter()
        .map(|r| {
            assert_eq!(r.format, format, "output format of {text}");
            r.grid
                .unwrap_or_else(|e| panic!("unreadable output: {e}\n{text}"))
        })
        .collect()
}

/// Checks each solution against the rules and its puzzle's givens.
pub fn assert_solutions(puzzles: &[Grid], solutions: &[Grid]) {
    assert_eq!(puzzles.len(), solutions.len(), "one solution per puzzle");
    for (i, (p, s)) in puzzles.iter().zip(solutions).enumerate() {
        assert!(
            s.is_solution_of(p),
            "puzzle {}: {s} does not solve {p}",
            i + 1
        );
    }
}

/// A puzzle with exactly one solution.
pub const UNIQUE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A puzzle with several solutions.
pub const MULTIPLE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........";

/// No two givens clash, but r1c9 has no candidate left.
pub const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// Two 5s in row 3.
pub const CLASH: &str =
    "..................5.5............................................................";

pub fn grid(line: &str) -> Grid {
    line.parse().expect("a puzzle")
}
