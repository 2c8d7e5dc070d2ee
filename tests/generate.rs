//! `sudoku generate` on the real binary: uniqueness checked independently of
//! the generator (by the reference solver), minimality, symmetry, clue
//! counts and reproducibility across thread counts.

mod common;

use common::*;
use sudoku_engine::Grid;
use sudoku_engine::format::Format;
use sudoku_engine::solver::reference;
use sudoku_generator::Symmetry;

fn generate(args: &[&str]) -> Vec<Grid> {
    let run = sudoku(&[&["generate"], args].concat(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    grids_in(&run.stdout, Format::Line)
}

fn assert_unique(puzzles: &[Grid]) {
    for p in puzzles {
        assert_eq!(
            reference::count(p, 2).0,
            1,
            "{p} must have exactly one solution"
        );
    }
}

fn assert_minimal(p: &Grid) {
    for cell in (0..81).filter(|&c| p.digit(c).is_some()) {
        let mut fewer = *p;
        fewer.set_cell(cell, None);
        assert!(
            reference::count(&fewer, 2).0 > 1,
            "{p}: the clue at {cell} is not needed"
        );
    }
}

#[test]
fn puzzles_are_unique_and_as_many_as_asked() {
    let puzzles = generate(&["--count", "30", "--seed", "11"]);
    assert_eq!(puzzles.len(), 30);
    assert_unique(&puzzles);
    let distinct: std::collections::HashSet<String> = puzzles.iter().map(Grid::to_line).collect();
    assert_eq!(distinct.len(), 30);
}

#[test]
fn minimal_puzzles_are_minimal() {
    for symmetry in ["none", "rotational", "mirror"] {
        let puzzles = generate(&[
            "--count",
            "4",
            "--minimal",
            "--symmetry",
            symmetry,
            "--seed",
            "5",
        ]);
        assert_unique(&puzzles);
        puzzles.iter().for_each(assert_minimal);
    }
}

#[test]
fn every_symmetry_holds() {
    for symmetry in Symmetry::ALL {
        let puzzles = generate(&["--count", "4", "--symmetry", symmetry.name(), "--seed", "2"]);
        assert_unique(&puzzles);
        for p in &puzzles {
            assert!(symmetry.holds(p), "{symmetry}: {p}");
        }
    }
}

#[test]
fn exact_clue_count() {
    let puzzles = generate(&["--count", "5", "--clues", "26", "--seed", "3"]);
    assert_unique(&puzzles);
    assert!(puzzles.iter().all(|p| p.given_count() == 26));
    let run = sudoku(&["generate", "--clues", "16"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("17 to 81"), "{}", run.stderr);
}

#[test]
fn clue_counts_few_digs_reach_come_out_by_the_walk() {
    // Without the walk down from the dig, each of these gave up after
    // 100,000 attempts.
    for (args, count, seed) in [
        (["--clues", "19", "--symmetry", "none"], "3", "1"),
        (["--clues", "20", "--symmetry", "rotational"], "1", "3"),
    ] {
        let run = |threads| {
            let common = ["--count", count, "--seed", seed, "--threads", threads];
            generate(&[&args[..], &common[..]].concat())
        };
        let puzzles = run("2");
        assert_unique(&puzzles);
        let symmetry: Symmetry = args[3].parse().unwrap();
        for p in &puzzles {
            assert_eq!(p.given_count(), args[1].parse::<usize>().unwrap(), "{p}");
            assert!(symmetry.holds(p), "{symmetry}: {p}");
        }
        assert_eq!(puzzles, run("1"));
    }
}

#[test]
fn same_seed_same_puzzles_whatever_the_threads() {
    let one = generate(&["--count", "12", "--seed", "42", "--threads", "1"]);
    let two = generate(&["--count", "12", "--seed", "42", "--threads", "2"]);
    let three = generate(&["--count", "12", "--seed", "42", "--threads", "3"]);
    assert_eq!(one, two);
    assert_eq!(one, three);
    let other = generate(&["--count", "12", "--seed", "43"]);
    assert_ne!(one, other);
}

#[test]
fn json_has_puzzle_and_solution() {
    let run = sudoku(
        &["generate", "--count", "3", "--seed", "9", "--to", "json"],
        "",
    );
    assert_eq!(run.code, 0);
    for (i, line) in run.stdout.lines().enumerate() {
        let object: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(object["index"], i + 1);
        let puzzle = grid(object["puzzle"].as_str().unwrap());
        let solution = grid(object["solution"].as_str().unwrap());
        assert!(solution.is_solution_of(&puzzle));
        assert_eq!(reference::count(&puzzle, 2), (1, Some(solution)));
    }
}

#[test]
fn other_output_formats_read_back() {
    for format in [Format::Pretty, Format::Grid, Format::Euler] {
        let run = sudoku(
            &[
                "generate",
                "--count",
                "2",
                "--seed",
                "1",
                "--to",
                format.name(),
            ],
            "",
        );
        let puzzles = grids_in(&run.stdout, format);
        assert_eq!(puzzles.len(), 2);
        assert_unique(&puzzles);
    }
}

/// Solution grids favour no digit anywhere: over many grids each digit
/// appears in each cell about equally often (a chi-square test per cell),
/// and so does each ordered pair of digits in two cells of a row.
#[test]
fn solution_grids_favour_no_digit_pattern() {
    let run = sudoku(
        &[
            "generate", "--count", "900", "--seed", "77", "--to", "json", "--clues", "60",
        ],
        "",
    );
    let solutions: Vec<Vec<u8>> = run
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["solution"]
                .as_str()
                .unwrap()
                .bytes()
                .map(|b| b - b'0')
                .collect()
        })
        .collect();
    assert_eq!(solutions.len(), 900);
    // 9 classes, 100 expected each; chi-square with 8 degrees of freedom
    // exceeds 26.1 with probability 0.001.
    let mut worst = 0.0f64;
    for cell in 0..81 {
        let mut counts = [0f64; 9];
        for s in &solutions {
            counts[s[cell] as usize - 1] += 1.0;
        }
        let chi: f64 = counts.iter().map(|c| (c - 100.0).powi(2) / 100.0).sum();
        worst = worst.max(chi);
    }
    assert!(
        worst < 40.0,
        "a cell favours some digits: chi-square {worst}"
    );
    // Ordered pairs in r1c1, r1c2: 72 possible, 12.5 expected each.
    let mut pairs = std::collections::HashMap::new();
    for s in &solutions {
        *pairs.entry((s[0], s[1])).or_insert(0f64) += 1.0;
    }
    assert_eq!(pairs.len(), 72);
    let chi: f64 = pairs.values().map(|c| (c - 12.5).powi(2) / 12.5).sum();
    // 71 degrees of freedom: 0.001 tail at about 112.
    assert!(
        chi < 112.0,
        "pairs of digits are favoured: chi-square {chi}"
    );
}

#[test]
fn difficulty_and_rating_ranges_hold() {
    for (args, range) in [
        (vec!["--difficulty", "easy"], 1.0..=1.5),
        (vec!["--difficulty", "hard"], 3.0..=4.4),
        (vec!["--difficulty", "extreme"], 7.5..=20.0),
        (vec!["--rating", "6.0-7.3"], 6.0..=7.3),
    ] {
        let run = sudoku(
            &[
                &["generate", "--count", "3", "--seed", "21", "--to", "json"],
                &args[..],
            ]
            .concat(),
            "",
        );
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        for line in run.stdout.lines() {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            let puzzle = grid(object["puzzle"].as_str().unwrap());
            assert_eq!(reference::count(&puzzle, 2).0, 1);
            let rating = object["rating"].as_f64().unwrap();
            assert!(range.contains(&rating), "{args:?}: {rating}");
            // The library rates it the same from scratch, as `sudoku rate` does.
            let fresh = sudoku_logic::rate(&puzzle);
            assert!(fresh.solved);
            assert_eq!(fresh.value, rating);
            assert_eq!(object["difficulty"], fresh.difficulty.name());
            assert_eq!(object["technique"], fresh.technique_name());
        }
    }
}

#[test]
fn rating_options_are_checked() {
    for bad in [
        ["--rating", "4-3"],
        ["--rating", "x"],
        ["--difficulty", "insane"],
    ] {
        let run = sudoku(&[&["generate"], &bad[..]].concat(), "");
        assert_eq!(run.code, 2, "{bad:?}");
    }
    let run = sudoku(&["generate", "--difficulty", "hard", "--rating", "3-4"], "");
    assert_eq!(run.code, 2);
}

/// Ctrl-C (SIGINT) in the middle of a long run: every puzzle printed is
/// whole, and the run stops with status 130.
#[cfg(unix)]
#[test]
fn interrupted_run_prints_only_whole_puzzles() {
    use std::io::Read;
    use std::process::{Command, Stdio};

    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
        .args([
            "generate", "--count", "1000000", "--seed", "4", "--to", "pretty",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // Read until a few puzzles are out, then interrupt.
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    while text.len() < 2000 {
        let n = stdout.read(&mut buf).unwrap();
        assert!(n > 0, "the generator stopped early");
        text.extend_from_slice(&buf[..n]);
    }
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    stdout.read_to_end(&mut text).unwrap();
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(130));
    let text = String::from_utf8(text).unwrap();
    assert!(text.ends_with('\n'));
    let puzzles = grids_in(&text, Format::Pretty);
    assert!(puzzles.len() >= 2);
    assert_unique(&puzzles);
}

/// Ctrl-C while one long puzzle is made (a minimal 25x25 takes about a
/// minute) stops the run at once, with its summary and status 130.
#[cfg(unix)]
#[test]
fn interrupted_long_puzzle_stops_at_once() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
        .args([
            "generate",
            "--size",
            "5x5",
            "--minimal",
            "-n",
            "1",
            "--seed",
            "1",
        ])
        .arg("--stats")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let interrupted = Instant::now();
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // Wait at most 10 s, then kill, so that a failure does not hang.
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        if interrupted.elapsed() > Duration::from_secs(10) {
            child.kill().unwrap();
            panic!("still at work 10 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(exit.code(), Some(130));
    let out = child.wait_with_output().unwrap();
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("generated: 0\nseed:      1\n"),
        "{stderr}"
    );
}

/// On a terminal one puzzle shows a spinner with the time while it is made
/// (a minimal 25x25 takes a minute); `--no-progress` shows none. The
/// terminal is `script`'s (util-linux), skipped where it is missing.
#[test]
fn one_puzzle_on_a_terminal_shows_a_spinner() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let on_a_terminal = |extra: &str| {
        let command = format!("'{bin}' generate --size 4x4 --minimal -n 1 --seed 1 -j 1 {extra}");
        std::process::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let Some(shown) = on_a_terminal("") else {
        eprintln!("skipped: no `script` to run the command on a terminal");
        return;
    };
    assert!(shown.contains("making a puzzle, "), "{shown:?}");
    // The puzzle on a line of its own: the spinner steps aside for it.
    let puzzle = shown
        .split(['\r', '\n'])
        .map(|l| l.trim_start_matches("\u{1b}[2K"))
        .find(|l| l.len() == 256 && l.bytes().all(|b| b == b'.' || b.is_ascii_alphanumeric()));
    assert!(puzzle.is_some(), "{shown:?}");
    let quiet = on_a_terminal("--no-progress").expect("ran once already");
    assert!(!quiet.contains("making a puzzle"), "{quiet:?}");
}

/// On a terminal, a run that has made nothing after 10 s says what is
/// hard to meet in its options (here a clue count far below what 25x25
/// digs reach), without waiting to give up. Skipped without `script`.
#[test]
fn a_long_wait_on_a_terminal_shows_the_notes() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let command = format!(
        "'{bin}' generate --size 5x5 --clues 250 -n 1 --seed 1 & pid=$!; sleep 12; kill $pid"
    );
    let Ok(out) = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output()
    else {
        eprintln!("skipped: no `script` to run the command on a terminal");
        return;
    };
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains(
            "sudoku: note: no puzzle yet after 10 s: few solution grids have a puzzle of 250 clues"
        ),
        "{shown:?}"
    );
}
