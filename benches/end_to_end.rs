//! End to end: the real `sudoku` binary against a minimal program that reads
//! the same lines, solves them with the `sudoku` crate and writes the
//! solution lines (or the verdicts), so that parsing, formatting and I/O
//! are counted on both sides. Also batch scaling (`--threads 2` against
//! `--threads 1`) and the peak memory of a 5-million-line run.
//!
//! `cargo bench --bench end_to_end [-- [--quick] [--rounds N] [--no-memory] [SET...]]`
//!
//! Both sides run as child processes and are timed by their CPU time
//! (user + system, from `wait4`), alternating which goes first; the ratio
//! is the median of the per-round ratios. The minimal program is this
//! bench binary itself, run with `--baseline solve|check FILE`.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const SUDOKU: &str = env!("CARGO_BIN_EXE_sudoku");

/// The minimal program: what a user of the crate would write.
fn baseline(mode: &str, files: &[String]) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let lines = files
        .iter()
        .flat_map(|file| BufReader::new(std::fs::File::open(file).expect("open")).lines());
    for line in lines {
        let line = line.expect("read");
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let puzzle = sudoku::Sudoku::from_str_line(&line).expect("a puzzle");
        if mode == "check" {
            let verdict = match puzzle.solutions_count_up_to(2) {
                0 => "none",
                1 => "unique",
                _ => "multiple",
            };
            writeln!(out, "{verdict}").expect("write");
        } else if let Some(solution) = puzzle.some_solution() {
            writeln!(out, "{}", solution.to_str_line()).expect("write");
        }
    }
}

/// What a child process cost.
struct Cost {
    cpu: f64,
    wall: f64,
    max_rss_kb: i64,
}

/// Runs a command with its output thrown away and returns its cost, from
/// `wait4` (the child's own CPU time and peak memory).
fn run(program: &str, args: &[&str]) -> Cost {
    let start = Instant::now();
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that wait4 fills in; the child is ours
    // and is reaped here exactly once (`child` is never waited on).
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let reaped = libc::wait4(pid, &mut status, 0, &mut usage);
        assert_eq!(reaped, pid, "wait4");
        usage
    };
    let wall = start.elapsed().as_secs_f64();
    std::mem::forget(child);
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Cost {
        cpu: secs(usage.ru_utime) + secs(usage.ru_stime),
        wall,
        max_rss_kb: usage.ru_maxrss,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn spread(v: &[f64]) -> (f64, f64) {
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    let max = v.iter().copied().fold(0.0, f64::max);
    (min, max)
}

fn data_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_DATA") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
    }
}

const SETS: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--baseline") {
        baseline(&args[i + 1], &args[i + 2..]);
        return;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let mut rounds = if quick { 3 } else { 7 };
    let mut filters = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = rest
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--rounds N")
            }
            a if a.starts_with("--") => {}
            a => filters.push(a.to_string()),
        }
    }
    // Small sets are read several times over (as several FILE arguments) so
    // that each run lasts long enough for the CPU clock.
    let target_puzzles: usize = if quick { 50_000 } else { 200_000 };
    let dir = data_dir();
    let me = std::env::current_exe().expect("own path");
    let me = me.to_str().expect("UTF-8 path");

    println!(
        "end to end, one thread, CPU time of each process, {rounds} rounds (median [min-max]):"
    );
    println!("| set (times read) | command | sudoku (s) | crate program (s) | ratio |");
    println!("|---|---|---:|---:|---:|");
    for set in SETS {
        if !filters.is_empty() && !filters.iter().any(|f| set.contains(f.as_str())) {
            continue;
        }
        let file = dir.join(set);
        let file = file.to_str().expect("UTF-8 path");
        let puzzles = std::fs::read_to_string(file)
            .expect("read set")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .count();
        let files = vec![file; target_puzzles.div_ceil(puzzles)];
        for (mode, ours) in [
            ("solve", vec!["solve", "--threads", "1", "--to", "line"]),
            ("check", vec!["check", "--threads", "1"]),
        ] {
            let ours = [&ours[..], &files[..]].concat();
            let base = [&["--baseline", mode][..], &files[..]].concat();
            let (mut ours_t, mut base_t, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
            for round in 0..rounds {
                let run_base = || run(me, &base).cpu;
                let run_ours = || run(SUDOKU, &ours).cpu;
                let (o, b) = if round % 2 == 0 {
                    let o = run_ours();
                    (o, run_base())
                } else {
                    let b = run_base();
                    (run_ours(), b)
                };
                ours_t.push(o);
                base_t.push(b);
                ratios.push(b / o);
            }
            let ((o0, o1), (b0, b1)) = (spread(&ours_t), spread(&base_t));
            println!(
                "| {set} x{} | {mode} | {:.3} [{o0:.3}-{o1:.3}] | {:.3} [{b0:.3}-{b1:.3}] | {:.2}× |",
                files.len(),
                median(ours_t.clone()),
                median(base_t.clone()),
                median(ratios)
            );
        }
    }

    // Scaling: wall time, so it needs two idle cores to mean anything.
    let hardest = dir.join("puzzles5_forum_hardest_1905_11+");
    let hardest = hardest.to_str().expect("UTF-8 path");
    let mut ratios = Vec::new();
    for _ in 0..rounds.min(5) {
        let one = run(
            SUDOKU,
            &["solve", "--threads", "1", "--to", "line", hardest],
        )
        .wall;
        let two = run(
            SUDOKU,
            &["solve", "--threads", "2", "--to", "line", hardest],
        )
        .wall;
        ratios.push(one / two);
    }
    let (r0, r1) = spread(&ratios);
    println!(
        "\nscaling on forum_hardest_1905_11+: --threads 2 is {:.2}× --threads 1 in wall time [{r0:.2}-{r1:.2}]",
        median(ratios)
    );

    if args.iter().any(|a| a == "--no-memory") {
        return;
    }
    // Peak memory on a 5-million-line file made by repeating the sets.
    let big = std::env::temp_dir().join(format!("sudoku-e2e-{}.txt", std::process::id()));
    {
        let mut out = BufWriter::new(std::fs::File::create(&big).expect("temp file"));
        let mut lines = 0usize;
        'fill: loop {
            for set in SETS {
                let text = std::fs::read_to_string(dir.join(set)).expect("read set");
                for line in text
                    .lines()
                    .filter(|l| !l.starts_with('#') && !l.is_empty())
                {
                    writeln!(out, "{line}").expect("write");
                    lines += 1;
                    if lines == 5_000_000 {
                        break 'fill;
                    }
                }
            }
        }
    }
    let big_path = big.to_str().expect("UTF-8 path");
    for threads in ["1", "2"] {
        let cost = run(
            SUDOKU,
            &["solve", "--threads", threads, "--to", "line", big_path],
        );
        println!(
            "peak memory of `sudoku solve --threads {threads} --to line` on 5,000,000 lines: {:.1} MB ({:.1} s)",
            cost.max_rss_kb as f64 / 1024.0,
            cost.wall
        );
    }
    std::fs::remove_file(&big).expect("remove temp file");
}
