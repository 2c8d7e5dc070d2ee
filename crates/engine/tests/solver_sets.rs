//! The fast engine on every puzzle of every shared benchmark set, on every
//! backend this CPU has: each solution obeys the rules and keeps the givens,
//! every backend gives the same answers, and counts up to 2 agree with the
//! reference solver (on all of the multi-solution set, on a sample of the
//! others, where the reference is slow) and with what the sets are known to
//! be (all unique but the multi-solution set). Each puzzle given as
//! candidates (a given alone, a blank open to every digit) searches exactly
//! as the grid does: up to 2 on the best backend, and every tenth puzzle
//! on every backend, also for the first solution.

use sudoku_engine::solver::{self, Backend, reference};
use sudoku_engine::{Digit, DigitSet, Grid};
use sudoku_testdata::{BENCHMARK_SETS, MULTI_SOLUTION_SET, puzzle_lines};

/// A grid as candidates: a given alone, a blank open to every digit.
fn candidates_of(grid: &Grid) -> [DigitSet; 81] {
    grid.cells().map(|d| match Digit::try_new(d) {
        Some(d) => DigitSet::single(d),
        None => DigitSet::ALL,
    })
}

fn check_set(set: &str, reference_every: usize) {
    let Some(lines) = puzzle_lines(set) else {
        return;
    };
    let backends = Backend::available();
    assert!(!lines.is_empty());
    for (i, p) in lines.iter().enumerate() {
        let puzzle: Grid = p
            .text
            .parse()
            .unwrap_or_else(|e| panic!("{set}:{}: {e}", p.line));
        let mut first = None;
        for &backend in &backends {
            let one = solver::search_with(backend, &puzzle, 1);
            let two = solver::search_with(backend, &puzzle, 2);
            let solution = one
                .solution
                .unwrap_or_else(|| panic!("{set}:{}: no solution", p.line));
            assert!(
                solution.is_solution_of(&puzzle),
                "{set}:{} {backend:?}",
                p.line
            );
            assert_eq!(two.solution, Some(solution), "{set}:{} {backend:?}", p.line);
            let expected = if set == MULTI_SOLUTION_SET { 2 } else { 1 };
            assert_eq!(two.count, expected, "{set}:{} {backend:?}", p.line);
            if i % 10 == 0 || backend == Backend::best() {
                let marks = candidates_of(&puzzle);
                let from_marks = solver::search_candidates_with(backend, &marks, 2);
                assert_eq!(from_marks, two, "{set}:{} {backend:?} candidates", p.line);
                if i % 10 == 0 {
                    let from_marks = solver::search_candidates_with(backend, &marks, 1);
                    assert_eq!(from_marks, one, "{set}:{} {backend:?} candidates", p.line);
                }
            }
            let answer = (one, two);
            match first {
                None => first = Some(answer),
                Some(f) => assert_eq!(f, answer, "{set}:{} {backend:?} differs", p.line),
            }
        }
        if i % reference_every == 0 {
            let (count, _) = reference::count(&puzzle, 2);
            assert_eq!(count, first.unwrap().1.count, "{set}:{} reference", p.line);
        }
    }
}

#[test]
fn seventeen_clue() {
    check_set(BENCHMARK_SETS[0], 50);
}

#[test]
fn magictour_top1465() {
    check_set(BENCHMARK_SETS[1], 5);
}

#[test]
fn forum_hardest_1905_11() {
    check_set(BENCHMARK_SETS[2], 200);
}

#[test]
fn forum_hardest_1106() {
    check_set(BENCHMARK_SETS[3], 5);
}

#[test]
fn serg_benchmark() {
    assert_eq!(MULTI_SOLUTION_SET, BENCHMARK_SETS[4]);
    check_set(BENCHMARK_SETS[4], 1);
}
