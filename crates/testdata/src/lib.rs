//! Finds the shared puzzle sets for tests and benchmarks, and gives them
//! a small seeded random generator ([`SplitMix64`]).
//!
//! The sets live beside the project root in `../shared/data` (or wherever
//! `$SUDOKU_DATA` points) and are never copied into the repository. When they
//! are missing, tests skip with a printed reason, except under `CI=true`,
//! where their absence is a failure.

#![warn(missing_docs)]

use std::path::{Path, PathBuf};

/// The benchmark sets: one 81-character puzzle per line, `#` for comments.
pub const BENCHMARK_SETS: [&str; 5] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// The benchmark set whose puzzles all have two or more solutions.
pub const MULTI_SOLUTION_SET: &str = "puzzles7_serg_benchmark";

fn candidate_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SUDOKU_DATA") {
        return PathBuf::from(dir);
    }
    // crates/testdata -> workspace root -> its parent holds `shared/`.
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The data directory, or `None` (after printing why) when it is absent
/// outside CI. Panics under `CI=true` when it is absent.
///
/// ```
/// if let Some(dir) = sudoku_testdata::data_dir() {
///     assert!(dir.join("euler96.txt").is_file());
/// }
/// ```
pub fn data_dir() -> Option<PathBuf> {
    let dir = candidate_dir();
    if dir.is_dir() {
        return Some(dir);
    }
    let reason = format!(
        "shared puzzle data not found at {} (set SUDOKU_DATA to its location)",
        dir.display()
    );
    assert!(!in_ci(), "{reason}; it is required when CI=true");
    eprintln!("skipping: {reason}");
    None
}

/// The path of one file of the data directory, or `None` (after printing
/// why) when the directory is absent outside CI.
///
/// ```
/// if let Some(path) = sudoku_testdata::file("euler96.txt") {
///     assert!(path.ends_with("euler96.txt"));
/// }
/// ```
pub fn file(name: &str) -> Option<PathBuf> {
    let path = data_dir()?.join(name);
    assert!(
        path.is_file(),
        "{} is missing from the shared data",
        path.display()
    );
    Some(path)
}

/// A puzzle line of a benchmark set with its 1-based line number.
///
/// ```
/// if let Some(lines) = sudoku_testdata::puzzle_lines("puzzles3_magictour_top1465") {
///     assert_eq!(lines[0].text.len(), 81);
/// }
/// ```
#[derive(Debug, Clone)]
pub struct PuzzleLine {
    /// 1-based line number in the file, counting comment lines.
    pub line: usize,
    /// The 81-character puzzle.
    pub text: String,
}

/// Every puzzle line of a benchmark set (comments and blank lines skipped),
/// or `None` when the data is absent outside CI.
///
/// ```
/// for set in sudoku_testdata::BENCHMARK_SETS {
///     if let Some(lines) = sudoku_testdata::puzzle_lines(set) {
///         assert!(!lines.is_empty());
///     }
/// }
/// ```
pub fn puzzle_lines(set: &str) -> Option<Vec<PuzzleLine>> {
    let path = file(set)?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Some(
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| PuzzleLine {
                line: i + 1,
                text: l.trim().chars().take(81).collect(),
            })
            .collect(),
    )
}

/// The contents of a data file as text, or `None` when the data is absent
/// outside CI.
///
/// ```
/// if let Some(text) = sudoku_testdata::read("euler96.txt") {
///     assert!(text.starts_with("Grid 01"));
/// }
/// ```
pub fn read(name: &str) -> Option<String> {
    let path = file(name)?;
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
    )
}

/// SplitMix64: a tiny seeded generator for tests and benches, so that a
/// failure replays and every run times the same puzzles.
///
/// ```
/// let mut rng = sudoku_testdata::SplitMix64(7);
/// let mut items = [1, 2, 3, 4];
/// rng.shuffle(&mut items);
/// items.sort();
/// assert_eq!(items, [1, 2, 3, 4]);
/// assert!(rng.below(5) < 5);
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
