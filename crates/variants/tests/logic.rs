//! The variant logic on the fixtures and on random puzzles: every step is
//! sound (it never removes the solution's digit nor places a wrong one,
//! judged against the solution `sudoku_variants::solve` finds), and the
//! fixtures built for a technique are explained to the end with it.

mod common;

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use sudoku_variants::logic::{self, Technique};
use sudoku_variants::{self as variants, Puzzle, fpuzzles, input};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every fixture that reads and has a solution, by file name.
fn fixtures() -> Vec<(String, Puzzle)> {
    let mut out = Vec::new();
    for dir in [fixtures_dir(), fixtures_dir().join("text")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let puzzle = if name.ends_with(".json") {
                fpuzzles::read(&text).ok()
            } else {
                input::read_all(&text, &[])
                    .into_iter()
                    .next()
                    .and_then(|e| e.puzzle.ok())
            };
            if let Some(puzzle) = puzzle.filter(|p| variants::solve(p).is_some()) {
                out.push((name, puzzle));
            }
        }
    }
    out
}

/// Walks the steps from the puzzle's pencil marks, checking each against
/// a solution; returns the explanation.
fn assert_sound(name: &str, puzzle: &Puzzle) -> logic::Explanation {
    let solution = variants::solve(puzzle).expect("a solution");
    let mut marks = logic::pencil_marks(puzzle);
    for (cell, &d) in solution.iter().enumerate() {
        assert!(
            marks.value(cell) == Some(d) || marks.has(cell, d),
            "{name}: the starting marks lose {d} at cell {cell}"
        );
    }
    let explanation = logic::explain_from(marks.clone());
    for step in &explanation.steps {
        for &(cell, d) in &step.placements {
            assert_eq!(solution[cell], d, "{name}: {step}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution[cell], d, "{name}: {step}");
            assert!(marks.has(cell, d), "{name}: removes what is gone: {step}");
        }
        marks.apply(step);
    }
    if explanation.solved {
        assert_eq!(explanation.final_marks.values(), solution, "{name}");
    }
    explanation
}

#[test]
fn every_step_on_the_fixtures_is_sound() {
    let all = fixtures();
    assert!(all.len() >= 10, "{} fixtures", all.len());
    for (name, puzzle) in &all {
        let e = assert_sound(name, puzzle);
        let used: Vec<&str> = e.steps.iter().map(|s| s.name()).collect();
        eprintln!(
            "{name}: solved {} in {} steps; {used:?}",
            e.solved,
            e.steps.len()
        );
    }
}

/// A fixture's explanation reaches the solution using these techniques.
fn explained_with(file: &str, techniques: &[Technique]) {
    let (name, puzzle) = fixtures()
        .into_iter()
        .find(|(name, _)| name == file)
        .unwrap_or_else(|| panic!("no fixture {file}"));
    let e = logic::explain(&puzzle);
    assert!(e.solved, "{name}: {:?}", e.stopped);
    assert_eq!(e.stopped, None);
    assert_eq!(Some(e.final_marks.values().to_vec()), e.solution, "{name}");
    for t in techniques {
        let step = e.steps.iter().find(|s| s.technique == *t);
        let step = step.unwrap_or_else(|| panic!("{name}: no {t}"));
        assert!(step.to_string().starts_with(t.name()), "{step}");
    }
    assert_sound(&name, &puzzle);
}

#[test]
fn a_killer_is_explained_with_cage_combinations_and_innies_and_outies() {
    explained_with(
        "killer-innies-9x9.txt",
        &[Technique::CageCombinations, Technique::HouseSum],
    );
    explained_with("killer6.json", &[Technique::CageCombinations]);
}

#[test]
fn thermometers_and_arrows_are_explained_with_their_ranges() {
    explained_with("thermometer-6x6.txt", &[Technique::ThermometerRange]);
    explained_with("arrow-6x6.txt", &[Technique::ArrowRange]);
}

#[test]
fn logic_that_stalls_says_so_and_keeps_the_marks() {
    let (name, puzzle) = fixtures()
        .into_iter()
        .find(|(name, _)| name == "antiknight.json")
        .unwrap();
    let e = logic::explain(&puzzle);
    assert!(!e.solved, "{name}");
    assert_eq!(e.stopped, Some(logic::Stopped::NoTechnique));
    assert!(logic::next_step(&e.final_marks).is_none());
    assert!(e.final_marks.values().contains(&0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_step_on_random_puzzles_is_sound(seed in any::<u64>()) {
        let puzzle = common::random_puzzle(seed);
        if variants::solve(&puzzle).is_some() {
            assert_sound(&format!("{puzzle:?}"), &puzzle);
        }
    }
}
