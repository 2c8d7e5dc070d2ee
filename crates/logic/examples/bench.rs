//! Rating speed on the shared sets.
//!
//! `cargo run --release -p sudoku-logic --example bench -- [THREADS]`
//! rates the whole magictour_top1465 set on THREADS threads (default 2) and
//! measures single-thread throughput on singles-only puzzles (the 17-clue
//! puzzles rated 1.5 or less).
use std::time::Instant;

use rayon::prelude::*;
use sudoku_engine::Grid;
use sudoku_logic::rate;

fn grids(set: &str) -> Vec<Grid> {
    sudoku_testdata::puzzle_lines(set)
        .unwrap_or_default()
        .iter()
        .map(|l| l.text.parse().expect("puzzle"))
        .collect()
}

/// CPU seconds used by this process so far (Linux; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name: utime and stime are the 12th and 13th.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|s| s.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");

    let magic = grids("puzzles3_magictour_top1465");
    if !magic.is_empty() {
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let ratings: Vec<f64> = pool.install(|| magic.par_iter().map(|g| rate(g).value).collect());
        let el = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        let mean = ratings.iter().sum::<f64>() / ratings.len() as f64;
        println!(
            "magictour_top1465: {} puzzles rated in {:.1} s wall on {threads} threads, {:.1} s CPU ({:.1} ms CPU/puzzle), mean rating {:.2}",
            ratings.len(),
            el,
            cpu,
            cpu * 1e3 / ratings.len() as f64,
            mean
        );
    }

    if !magic.is_empty() {
        // Screening: stop as soon as a puzzle is known to rate above 4.4.
        let t = Instant::now();
        let above = magic
            .iter()
            .filter(|g| sudoku_logic::rate_up_to(g, 4.4).value > 4.4)
            .count();
        let el = t.elapsed().as_secs_f64();
        println!(
            "magictour_top1465 screened with rate_up_to(4.4) on 1 thread: {:.2} s ({:.2} ms/puzzle), {above} above 4.4",
            el,
            el * 1e3 / magic.len() as f64
        );
    }

    let clue17 = grids("puzzles2_17_clue");
    if !clue17.is_empty() {
        // Singles-only puzzles: rated 1.5 or less.
        let sample: Vec<&Grid> = clue17.iter().step_by(10).collect();
        let singles: Vec<&Grid> = pool.install(|| {
            sample
                .par_iter()
                .copied()
                .filter(|g| rate(g).value <= 1.5)
                .collect()
        });
        let t = Instant::now();
        let mut sum = 0.0;
        for g in &singles {
            sum += rate(g).value;
        }
        let el = t.elapsed().as_secs_f64();
        println!(
            "singles-only 17-clue puzzles: {} rated in {:.2} s on 1 thread: {:.0} puzzles/s (mean {:.2})",
            singles.len(),
            el,
            singles.len() as f64 / el,
            sum / singles.len() as f64
        );
    }
}
