//! Generator speed, side by side with the `sudoku` crate's generator (both
//! make random minimal puzzles with a unique solution), and the time to
//! make puzzles of a chosen difficulty on every core.
//!
//! `cargo bench --bench generator [-- --quick]`

use std::time::Instant;

use rayon::prelude::*;
use sudoku_generator::{Difficulty, Generator, Options, rating_range};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (count, rounds) = if quick { (1_000, 3) } else { (5_000, 5) };

    // Single thread, random minimal puzzles, alternating rounds.
    let ours = Generator::new(Options {
        minimal: true,
        seed: 1,
        ..Options::default()
    })
    .expect("options");
    let (mut ours_rates, mut crate_rates) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let start = Instant::now();
        for i in 0..count {
            let p = ours.generate((round * count + i) as u64).expect("a puzzle");
            std::hint::black_box(p);
        }
        ours_rates.push(count as f64 / start.elapsed().as_secs_f64());
        let start = Instant::now();
        for _ in 0..count {
            std::hint::black_box(sudoku::Sudoku::generate());
        }
        crate_rates.push(count as f64 / start.elapsed().as_secs_f64());
    }
    let (o, c) = (median(ours_rates.clone()), median(crate_rates.clone()));
    println!(
        "random minimal puzzles, one thread, {count} a round, {rounds} rounds (median, min-max):"
    );
    println!(
        "  ours  {o:>8.0}/s  ({:.0}-{:.0})",
        ours_rates.iter().copied().fold(f64::MAX, f64::min),
        ours_rates.iter().copied().fold(0.0, f64::max)
    );
    println!(
        "  crate {c:>8.0}/s  ({:.0}-{:.0})",
        crate_rates.iter().copied().fold(f64::MAX, f64::min),
        crate_rates.iter().copied().fold(0.0, f64::max)
    );
    println!("  ratio {:.2}", o / c);

    // Chosen difficulties on every core, as `sudoku generate` does.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (difficulty, n) in [
        (Difficulty::Hard, 100u64),
        (Difficulty::Expert, 100),
        (Difficulty::Extreme, 10),
    ] {
        let g = Generator::new(Options {
            rating: Some(rating_range(difficulty)),
            seed: 2,
            ..Options::default()
        })
        .expect("options");
        let start = Instant::now();
        let made: Vec<_> = (0..n)
            .into_par_iter()
            .map(|i| g.generate(i).expect("a puzzle"))
            .collect();
        let attempts: u32 = made.iter().map(|p| p.attempts).sum();
        println!(
            "{difficulty:>8} x{n:<4} on {threads} threads: {:>6.2} s ({:.1} grids tried a puzzle)",
            start.elapsed().as_secs_f64(),
            f64::from(attempts) / n as f64
        );
    }
}
