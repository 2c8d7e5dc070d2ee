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
        let ratings: Vec<f64> = pool.install(|| magic.par_iter().map(|g| rate(g).value).collect());
        let el = t.elapsed().as_secs_f64();
        let mean = ratings.iter().sum::<f64>() / ratings.len() as f64;
        println!(
            "magictour_top1465: {} puzzles rated in {:.1} s on {threads} threads ({:.1} ms/puzzle/thread), mean rating {:.2}",
            ratings.len(),
            el,
            el * 1e3 * threads as f64 / ratings.len() as f64,
            mean
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
