//! Times the search on a file of f-puzzles puzzles (one JSON object, link or
//! data per line), to the first solution and to the proof of uniqueness,
//! one puzzle at a time, for side-by-side figures in BENCHMARKS.md.
//!
//! `cargo run --release -p sudoku-variants --example timing -- PUZZLES [SOLUTIONS] [MAX_GUESSES]`
//!
//! Prints a tab-separated row per puzzle: index, title, milliseconds to the
//! first solution, milliseconds to count up to 2, the count, and whether the
//! solution matches the line of SOLUTIONS (digits, or comma-separated
//! numbers above 9x9), and the guesses each search made. `TIMEOUT` marks
//! a search that ran out of guesses.
//!
//! Before the timed pass every puzzle is solved once, untimed, as the ISS
//! harness does (its JavaScript needs it): the first search of a process
//! otherwise pays for faulting in its code and memory.

use std::time::Instant;
use sudoku_variants::{self as variants, fpuzzles};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: timing PUZZLES [SOLUTIONS] [MAX_GUESSES]");
        std::process::exit(2);
    };
    let puzzles = std::fs::read_to_string(path).expect("the puzzle file reads");
    let solutions = args
        .get(1)
        .map(|p| std::fs::read_to_string(p).expect("the solution file reads"))
        .unwrap_or_default();
    let solutions: Vec<&str> = solutions.lines().collect();
    let budget: u64 = args
        .get(2)
        .map_or(300_000, |b| b.parse().expect("a number of guesses"));
    for line in puzzles.lines() {
        if let Ok(puzzle) = fpuzzles::read(line) {
            variants::search_within(&puzzle, 1, budget);
        }
    }
    let (mut first_total, mut count_total) = (0.0, 0.0);
    println!("idx\ttitle\tfirst_ms\tcount_ms\tcount\tsolution\tguesses_first\tguesses_count");
    for (i, line) in puzzles.lines().enumerate() {
        // Any JSON spacing: a line may come from another writer than ours.
        let value: Option<serde_json::Value> = serde_json::from_str(line).ok();
        let title = value
            .as_ref()
            .and_then(|v| v.get("title"))
            .and_then(|t| t.as_str())
            .unwrap_or("");
        let puzzle = match fpuzzles::read(line) {
            Ok(p) => p,
            Err(e) => {
                println!("{i}\t{title}\tERROR {e}");
                continue;
            }
        };
        let start = Instant::now();
        let Some(first) = variants::search_within(&puzzle, 1, budget) else {
            println!("{i}\t{title}\tTIMEOUT");
            continue;
        };
        let first_ms = start.elapsed().as_secs_f64() * 1e3;
        let start = Instant::now();
        let Some(count) = variants::search_within(&puzzle, 2, budget) else {
            println!("{i}\t{title}\t{first_ms:.3}\tTIMEOUT");
            continue;
        };
        let count_ms = start.elapsed().as_secs_f64() * 1e3;
        first_total += first_ms;
        count_total += count_ms;
        let written = first.solution.map(|s| {
            let digits = s.iter().map(u8::to_string);
            if puzzle.size() <= 9 {
                digits.collect::<String>()
            } else {
                digits.collect::<Vec<_>>().join(",")
            }
        });
        let verdict = match (written, solutions.get(i)) {
            (Some(w), Some(want)) if w == want.trim() => "matches",
            (Some(_), Some(_)) => "DIFFERS",
            (Some(_), None) => "-",
            (None, _) => "none",
        };
        println!(
            "{i}\t{title}\t{first_ms:.3}\t{count_ms:.3}\t{}\t{verdict}\t{}\t{}",
            count.count, first.guesses, count.guesses
        );
    }
    println!("# total first_ms={first_total:.1} count_ms={count_total:.1}");
}
