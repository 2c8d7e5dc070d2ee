//! Times the engine for every size in process on a file of puzzles (one per
//! line, `#` lines are comments), to the first solution and to the proof
//! of uniqueness, for side-by-side figures in BENCHMARKS.md against
//! `benches/sizes/cpsat_anchor.py`, whose solve times are in process too.
//!
//! `cargo run --release -p sudoku-engine --example sizes_timing -- PUZZLES
//! [auto|probing|learning] [--once]`
//!
//! Writes the anchors' TSV (index, name, mode, seconds, status, encode_s,
//! detail): `first` times `sizes::search_using(&grid, 1, strategy)`,
//! `unique` the same with 2 (the strategy `auto` unless given); each
//! solution found is checked against the givens and the rules. Every
//! puzzle is solved once untimed first (the first search of a process
//! pays for faulting in its code and memory); a search under 10 ms is
//! repeated until 10 ms have passed, and the mean taken. With `--once`
//! each search runs once: for instruction counts (callgrind), which the
//! repeats would make depend on the time each run took.

use std::time::{Duration, Instant};
use sudoku_engine::sizes::{self, Strategy, format::read_all};

/// The mean time of `search` over enough runs to fill 10 ms (one run when
/// it takes longer, or when `once`), and its last result.
fn timed(once: bool, search: impl Fn() -> sizes::SizedSearch) -> (f64, sizes::SizedSearch) {
    let start = Instant::now();
    let mut found = search();
    let mut runs = 1u32;
    while !once && start.elapsed() < Duration::from_millis(10) && runs < 10_000 {
        found = search();
        runs += 1;
    }
    (start.elapsed().as_secs_f64() / f64::from(runs), found)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let once = args.iter().any(|a| a == "--once");
    args.retain(|a| a != "--once");
    let strategy = match args.get(1).map(String::as_str) {
        None | Some("auto") => Strategy::Auto,
        Some("probing") => Strategy::Probing,
        Some("learning") => Strategy::Learning,
        Some(other) => {
            eprintln!("no strategy '{other}': auto, probing or learning");
            std::process::exit(2);
        }
    };
    let Some(path) = args.first() else {
        eprintln!("usage: sizes_timing PUZZLES [auto|probing|learning] [--once]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).expect("the puzzle file reads");
    let records = read_all(&text);
    for record in &records {
        if let Ok(grid) = &record.grid {
            sizes::search_using(grid, 2, strategy);
        }
    }
    println!("index\tname\tmode\tseconds\tstatus\tencode_s\tdetail");
    for record in records {
        let index = record.index;
        let grid = match record.grid {
            Ok(grid) => grid,
            Err(e) => {
                println!("{index}\tpuzzle {index}\tfirst\tnan\terror\t0\t{e}");
                continue;
            }
        };
        for (mode, limit) in [("first", 1), ("unique", 2)] {
            let (seconds, found) = timed(once, || sizes::search_using(&grid, limit, strategy));
            let status = match (&found.solution, found.count, limit) {
                (Some(s), _, _) if !s.is_solution_of(&grid) => "wrong",
                (None, _, _) => "none",
                (Some(_), _, 1) => "solved",
                (Some(_), 1, _) => "unique",
                _ => "multiple",
            };
            println!(
                "{index}\tpuzzle {index}\t{mode}\t{seconds:.6}\t{status}\t0\tguesses={}",
                found.guesses
            );
        }
    }
}
