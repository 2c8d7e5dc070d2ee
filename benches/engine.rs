//! Engine throughput against the `sudoku` crate (JCZSolve), side by side.
//!
//! For each shared benchmark set and each mode (stop at the first solution;
//! look for up to 2 solutions) both solvers run on the same pre-parsed,
//! randomly relabelled puzzles, in alternating order, several rounds; the
//! report gives single-thread puzzles per second (median, min-max over
//! rounds), the median of the per-round ratios, and our guesses per puzzle.
//! Time is the thread's CPU time where Linux reports it (the machine may be
//! shared), wall time elsewhere; each timing repeats whole passes over the
//! set until at least 0.5 s (0.25 s quick) has run.
//!
//! `cargo bench --bench engine [-- [--quick] [--rounds N] [SET...]]`
//! - `--quick` (or `SUDOKU_BENCH_QUICK=1`): at most 5,000 puzzles a set and
//!   3 rounds, about a minute in all.
//! - `SET`: run only the sets whose file name contains it.
//! - `SUDOKU_BENCH_DUMP=DIR`: also write the relabelled sets to DIR, one
//!   puzzle a line, to time other solvers on the very same puzzles.
//! - `SUDOKU_BENCH_BACKEND=portable|sse41|avx2`: our engine on one backend.

use std::hint::black_box;
use std::time::{Duration, Instant};

use sudoku_engine::Grid;
use sudoku_engine::solver::{self, Backend};
use sudoku_testdata::SplitMix64 as Rng;

/// Fixed seed: every run times the same relabelled puzzles.
const SEED: u64 = 0x5EED_2024_0B5E_55ED;

/// A random permutation of 0..9 that keeps bands (groups of three) whole:
/// bands shuffled, and rows shuffled within each band.
fn band_preserving(rng: &mut Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut out = [0; 9];
    for (i, &band) in bands.iter().enumerate() {
        let mut rows = [0, 1, 2];
        rng.shuffle(&mut rows);
        for j in 0..3 {
            out[i * 3 + j] = band * 3 + rows[j];
        }
    }
    out
}

/// The puzzle under a random symmetry of Sudoku: digits relabelled, rows
/// and columns permuted within bands and stacks, bands and stacks permuted,
/// and transposed half of the time. Solution counts are unchanged.
fn relabel(cells: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let rows = band_preserving(rng);
    let cols = band_preserving(rng);
    let transpose = rng.next_u64() & 1 == 1;
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose {
                (cols[c], rows[r])
            } else {
                (rows[r], cols[c])
            };
            let d = cells[sr * 9 + sc];
            out[r * 9 + c] = if d == 0 { 0 } else { digits[d as usize - 1] };
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    First,
    UpToTwo,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::UpToTwo => "up to 2",
        }
    }
    fn limit(self) -> usize {
        match self {
            Mode::First => 1,
            Mode::UpToTwo => 2,
        }
    }
}

/// The CPU time this thread has run, where Linux tells it: the machine is
/// shared, and time spent waiting for a core is not the solver's. Wall
/// time elsewhere.
struct Clock {
    wall: Instant,
    cpu: Option<Duration>,
}

fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    fn secs(&self) -> f64 {
        match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// Passes over a set are repeated until this much time has run: the CPU
/// clock may tick as coarsely as every 4 ms.
static MIN_SECS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();

/// Puzzles per second over whole passes lasting at least `MIN_SECS`, and
/// a checksum of one pass so no work is skipped.
fn time_ours(backend: Backend, grids: &[Grid], limit: usize) -> (f64, usize, u64) {
    let start = Clock::start();
    let mut passes = 0usize;
    loop {
        let (mut found, mut guesses) = (0usize, 0u64);
        for g in grids {
            let s = solver::search_with(backend, black_box(g), limit);
            found += s.count;
            guesses += s.guesses;
            black_box(&s.solution);
        }
        passes += 1;
        let secs = start.secs();
        if secs >= *MIN_SECS.get().unwrap() {
            return ((passes * grids.len()) as f64 / secs, found, guesses);
        }
    }
}

fn time_crate(sudokus: &[sudoku::Sudoku], mode: Mode) -> (f64, usize) {
    let start = Clock::start();
    let mut passes = 0usize;
    loop {
        let mut found = 0usize;
        for &s in sudokus {
            match mode {
                Mode::First => found += black_box(black_box(s).some_solution()).is_some() as usize,
                Mode::UpToTwo => found += black_box(s).solutions_count_up_to(2),
            }
        }
        passes += 1;
        let secs = start.secs();
        if secs >= *MIN_SECS.get().unwrap() {
            return ((passes * sudokus.len()) as f64 / secs, found);
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick")
        || std::env::var("SUDOKU_BENCH_QUICK").is_ok_and(|v| v != "0");
    let mut rounds = if quick { 3 } else { 7 };
    let mut filters = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--rounds" => rounds = it.next().and_then(|n| n.parse().ok()).expect("--rounds N"),
            "--quick" | "--bench" => {}
            s if s.starts_with('-') => {}
            s => filters.push(s.to_string()),
        }
    }
    let backend = match std::env::var("SUDOKU_BENCH_BACKEND").as_deref() {
        Ok("portable") => Backend::Portable,
        Ok("sse41") => Backend::Sse41,
        Ok("avx2") => Backend::Avx2,
        _ => Backend::best(),
    };
    MIN_SECS.get_or_init(|| if quick { 0.25 } else { 0.5 });
    let dump = std::env::var_os("SUDOKU_BENCH_DUMP").map(std::path::PathBuf::from);
    println!(
        "engine backend {backend:?}; {rounds} rounds{}; puzzles per {} second, single thread, \
         median [min-max]; ratio = median of the per-round ratios",
        if quick {
            ", quick (at most 5000 puzzles a set)"
        } else {
            ""
        },
        if thread_cpu().is_some() {
            "thread-CPU"
        } else {
            "wall-clock"
        }
    );
    println!(
        "{:<34} {:<8} {:>24} {:>24} {:>7} {:>9}",
        "set", "mode", "ours", "sudoku crate", "ratio", "guesses"
    );
    let mut rng = Rng(SEED);
    for set in sudoku_testdata::BENCHMARK_SETS {
        if !filters.is_empty() && !filters.iter().any(|f| set.contains(f.as_str())) {
            continue;
        }
        let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
            return;
        };
        let take = if quick { 5000 } else { usize::MAX };
        let puzzles: Vec<[u8; 81]> = lines
            .iter()
            .take(take)
            .map(|l| {
                let g: Grid = l.text.parse().expect("benchmark puzzles parse");
                relabel(g.cells(), &mut rng)
            })
            .collect();
        let grids: Vec<Grid> = puzzles
            .iter()
            .map(|c| Grid::from_cells(*c).unwrap())
            .collect();
        let sudokus: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|c| sudoku::Sudoku::from_bytes(*c).expect("valid cells"))
            .collect();
        if let Some(dir) = &dump {
            let text: String = grids.iter().map(|g| format!("{g}\n")).collect();
            std::fs::write(dir.join(set), text).expect("write relabelled set");
        }
        for mode in [Mode::First, Mode::UpToTwo] {
            let (mut ours, mut theirs, mut ratios) = (vec![], vec![], vec![]);
            let mut guesses = 0;
            for round in 0..rounds {
                // Alternate who goes first, so neither always runs warm.
                let (o, t) = if round % 2 == 0 {
                    let o = time_ours(backend, &grids, mode.limit());
                    (o, time_crate(&sudokus, mode))
                } else {
                    let t = time_crate(&sudokus, mode);
                    (time_ours(backend, &grids, mode.limit()), t)
                };
                assert_eq!(o.1, t.1, "{set} {}: the solvers disagree", mode.name());
                guesses = o.2;
                ratios.push(o.0 / t.0);
                ours.push(o.0);
                theirs.push(t.0);
            }
            let fmt = |v: &mut Vec<f64>| {
                let m = median(v);
                format!("{m:>9.0} [{:.0}-{:.0}]", v[0], v[v.len() - 1])
            };
            println!(
                "{:<34} {:<8} {:>24} {:>24} {:>6.2}x {:>9.2}",
                set,
                mode.name(),
                fmt(&mut ours),
                fmt(&mut theirs),
                median(&mut ratios),
                guesses as f64 / grids.len() as f64
            );
        }
    }
}
