//! Helpers for the CLI tests: run the real binary, read back what it prints
//! and check every printed solution against the rules and the givens.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

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

/// `sudoku` running beside the test, fed through a pipe as a program that
/// writes a puzzle and waits for its answer would feed it.
pub struct CoProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl CoProcess {
    pub fn spawn(args: &[&str]) -> Self {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run sudoku");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.expect("UTF-8 output")).is_err() {
                    return;
                }
            }
        });
        CoProcess {
            child,
            stdin,
            lines,
        }
    }

    /// Writes `text` and flushes it, leaving the pipe open.
    pub fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("open");
        stdin.write_all(text.as_bytes()).expect("write");
        stdin.flush().expect("flush");
    }

    /// The next line of output; fails the test (and stops `sudoku`) when
    /// none comes within 20 s while the pipe is open.
    pub fn line(&mut self, context: &str) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| {
                let _ = self.child.kill();
                panic!("{context}: no answer while the pipe is open")
            })
    }

    /// Closes the pipe: whether `sudoku` then ended with success.
    pub fn finish(mut self) -> bool {
        drop(self.stdin.take());
        self.child.wait().expect("wait").success()
    }
}
