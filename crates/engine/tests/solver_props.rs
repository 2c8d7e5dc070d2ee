//! The fast engine against the reference solver on random puzzles: grids
//! cut from random solutions (unique, multi-solution and near-empty ones),
//! with random extra digits (often clashing or unsolvable), on every
//! backend this CPU has.

use proptest::prelude::*;
use sudoku_engine::Grid;
use sudoku_engine::solver::{self, Backend, Uniqueness, reference};

/// A full solution: the canonical pattern grid under a random relabelling
/// and row/column shuffles inside bands and stacks.
fn solution(digits: &[u8], rows: &[usize], cols: &[usize]) -> [u8; 81] {
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (rr, cc) = (rows[r], cols[c]);
            let base = (rr % 3 * 3 + rr / 3 + cc) % 9;
            out[r * 9 + c] = digits[base];
        }
    }
    out
}

/// Row (or column) order that keeps bands whole.
fn band_order() -> impl Strategy<Value = Vec<usize>> {
    (
        Just(vec![0usize, 1, 2]).prop_shuffle(),
        proptest::collection::vec(Just(vec![0usize, 1, 2]).prop_shuffle(), 3),
    )
        .prop_map(|(bands, inner)| {
            let mut v = Vec::with_capacity(9);
            for (i, &band) in bands.iter().enumerate() {
                for &r in &inner[i] {
                    v.push(band * 3 + r);
                }
            }
            v
        })
}

fn puzzle() -> impl Strategy<Value = Grid> {
    (
        Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        band_order(),
        band_order(),
        proptest::collection::vec(any::<bool>(), 81),
        0usize..=81,
        proptest::collection::vec((0usize..81, 1u8..=9), 0..4),
    )
        .prop_map(|(digits, rows, cols, keep, givens, extra)| {
            let full = solution(&digits, &rows, &cols);
            let mut cells = [0u8; 81];
            // Keep about `givens` cells, chosen by the random mask.
            let mut order: Vec<usize> = (0..81).filter(|&i| keep[i]).collect();
            order.extend((0..81).filter(|&i| !keep[i]));
            for &i in order.iter().take(givens) {
                cells[i] = full[i];
            }
            for (cell, d) in extra {
                cells[cell] = d;
            }
            Grid::from_cells(cells).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn engine_agrees_with_reference(grid in puzzle()) {
        let (ref_count, _) = reference::count(&grid, 3);
        for backend in Backend::available() {
            for limit in 1..=3 {
                let found = solver::search_with(backend, &grid, limit);
                prop_assert_eq!(found.count, ref_count.min(limit), "{:?} limit {}", backend, limit);
                match found.solution {
                    Some(s) => prop_assert!(s.is_solution_of(&grid)),
                    None => prop_assert_eq!(found.count, 0),
                }
            }
            if grid.conflict().is_some() {
                prop_assert_eq!(solver::uniqueness_with(backend, &grid), Uniqueness::None);
            }
        }
        let best = solver::solve(&grid);
        prop_assert_eq!(best, solver::solve_with(Backend::Portable, &grid));
    }
}

#[test]
fn open_grids_are_quick_and_counted() {
    // Near-empty grids must not send the search thrashing (the generator
    // and the uniqueness checks live on them).
    let full = solution(
        &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        &[0, 1, 2, 3, 4, 5, 6, 7, 8],
    );
    for n in (0..=81).step_by(3) {
        let mut cells = [0u8; 81];
        cells[..n].copy_from_slice(&full[..n]);
        let grid = Grid::from_cells(cells).unwrap();
        for backend in Backend::available() {
            let found = solver::search_with(backend, &grid, 50);
            assert_eq!(found.count, reference::count(&grid, 50).0, "{n} givens");
            assert!(found.solution.unwrap().is_solution_of(&grid));
            assert!(
                found.guesses < 5_000,
                "{n} givens: {} guesses",
                found.guesses
            );
        }
    }
}

#[test]
fn clashing_and_dead_grids_have_no_solution() {
    let mut grid = Grid::empty();
    grid.set(0, 0, Some(5));
    grid.set(8, 0, Some(5));
    assert_eq!(solver::count_solutions(&grid, 2), 0);
    assert_eq!(solver::solve(&grid), None);
    // No clash, but r1c9 can hold nothing.
    let mut dead = Grid::empty();
    for c in 0..8 {
        dead.set(0, c, Some(c as u8 + 1));
    }
    dead.set(1, 8, Some(9));
    assert!(dead.conflict().is_none());
    for backend in Backend::available() {
        assert_eq!(solver::search_with(backend, &dead, 2).count, 0);
        assert_eq!(solver::uniqueness_with(backend, &dead), Uniqueness::None);
    }
    assert_eq!(solver::count_solutions(&Grid::empty(), 0), 0);
}
