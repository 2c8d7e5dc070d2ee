//! Rates puzzles of a shared set, checks every step against the solution
//! and prints timings: `cargo run --release -p sudoku-logic --example check -- SET [COUNT] [SKIP]`
//! (`STRIDE=n` takes every n-th puzzle, `VERBOSE=1` prints each, `EXTRA=1`
//! adds the extra techniques).
use std::time::Instant;

use sudoku_engine::Grid;
use sudoku_logic::{Solver, Stopped};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("puzzles3_magictour_top1465");
    let count: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let skip: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let stride: usize = std::env::var("STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let verbose = std::env::var("VERBOSE").is_ok();
    let lines: Vec<(usize, String)> = if set.starts_with("euler") {
        let Some(text) = sudoku_testdata::read(set) else {
            return;
        };
        sudoku_engine::format::read_all(&text)
            .into_iter()
            .map(|r| (r.index, r.grid.expect("puzzle").to_string()))
            .collect()
    } else {
        let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
            return;
        };
        lines.into_iter().map(|l| (l.line, l.text)).collect()
    };
    let solver = Solver::new().with_extra_techniques(std::env::var("EXTRA").is_ok());
    let start = Instant::now();
    let (mut n, mut solved, mut wrong, mut steps) = (0, 0, 0, 0);
    let mut hist = std::collections::BTreeMap::new();
    let mut worst = (0.0f64, String::new());
    for (line, text) in lines.iter().skip(skip).step_by(stride).take(count) {
        let grid: Grid = text.parse().expect("puzzle");
        let t0 = Instant::now();
        let path = solver.solve_path(&grid);
        let dt = t0.elapsed().as_secs_f64();
        if dt > worst.0 {
            worst = (dt, text.clone());
        }
        n += 1;
        steps += path.steps.len();
        if let Some(sol) = path.solution {
            for s in &path.steps {
                let bad = s
                    .placements
                    .iter()
                    .any(|p| sol.cells()[p.cell.index()] != p.digit.get())
                    || s.eliminations
                        .iter()
                        .any(|e| sol.cells()[e.cell.index()] == e.digit.get());
                if bad {
                    wrong += 1;
                    println!("WRONG line {}: {}", line, s);
                }
            }
        }
        if path.solved {
            solved += 1;
        } else if path.stopped != Some(Stopped::MultipleSolutions) {
            println!("line {} stopped: {:?}", line, path.stopped);
        }
        let r = path.rating();
        *hist
            .entry(format!("{:.1} {}", r.value, r.technique_name()))
            .or_insert(0) += 1;
        if verbose {
            println!(
                "{} {} {:.1} {} {:.1}ms",
                line,
                text,
                r.value,
                r.technique_name(),
                dt * 1e3
            );
        }
    }
    let el = start.elapsed().as_secs_f64();
    println!(
        "{set}: {n} puzzles, {solved} solved, {wrong} wrong steps, {steps} steps, {:.1}s, {:.2} ms/puzzle, slowest {:.1} ms {}",
        el,
        el * 1e3 / n as f64,
        worst.0 * 1e3,
        worst.1
    );
    if std::env::var("HIST").is_ok() {
        for (k, v) in hist {
            println!("{v:6} {k}");
        }
    }
}
