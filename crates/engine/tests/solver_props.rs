//! The fast engine against the reference solver on random puzzles: grids
//! cut from random solutions (unique, multi-solution and near-empty ones),
//! with random extra digits (often clashing or unsolvable), on every
//! backend this CPU has; and the same for searches restricted to
//! candidates, with the edge cases of candidate input.

use proptest::prelude::*;
use sudoku_engine::solver::{self, Backend, Uniqueness, reference};
use sudoku_engine::{Digit, DigitSet, Grid};

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

/// A candidate grid around a random solution.
#[derive(Debug, Clone)]
struct MarksCase {
    marks: [DigitSet; 81],
    /// No change struck a digit of the solution.
    keeps_solution: bool,
}

/// A puzzle cut from a random solution as candidates (givens alone in
/// their cells, blanks open to every digit); then digits struck from
/// random cells, never the solution's; then, half of the time, a few
/// changes that may break it: digits struck whatever they are, and cells
/// set to one random digit (which may clash).
fn marks_case() -> impl Strategy<Value = MarksCase> {
    (
        Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        band_order(),
        band_order(),
        proptest::collection::vec(any::<bool>(), 81),
        0usize..=81,
        proptest::collection::vec((0usize..81, 1u8..=9), 0..400),
        any::<bool>(),
        proptest::collection::vec((0usize..81, 1u8..=9), 0..8),
        proptest::collection::vec((0usize..81, 1u8..=9), 0..3),
    )
        .prop_map(
            |(digits, rows, cols, keep, givens, strikes, free, free_strikes, singles)| {
                let full = solution(&digits, &rows, &cols);
                let mut marks = [DigitSet::ALL; 81];
                let mut order: Vec<usize> = (0..81).filter(|&i| keep[i]).collect();
                order.extend((0..81).filter(|&i| !keep[i]));
                for &i in order.iter().take(givens) {
                    marks[i] = DigitSet::single(Digit::new(full[i]));
                }
                for (cell, d) in strikes {
                    if d != full[cell] {
                        marks[cell].remove(Digit::new(d));
                    }
                }
                let mut keeps_solution = true;
                if free {
                    for (cell, d) in free_strikes {
                        marks[cell].remove(Digit::new(d));
                        keeps_solution &= d != full[cell];
                    }
                    for (cell, d) in singles {
                        marks[cell] = DigitSet::single(Digit::new(d));
                        keeps_solution &= d == full[cell];
                    }
                }
                MarksCase {
                    marks,
                    keeps_solution,
                }
            },
        )
}

/// Whether a grid is a solution (complete, no rule broken) with every
/// cell's digit among its candidates.
fn keeps_to(grid: &Grid, marks: &[DigitSet; 81]) -> bool {
    grid.is_solution_of(&Grid::empty())
        && grid
            .cells()
            .iter()
            .zip(marks)
            .all(|(&d, set)| set.contains(Digit::new(d)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn candidate_search_agrees_with_reference(case in marks_case()) {
        let marks = &case.marks;
        let (ref_count, ref_first) = reference::count_candidates(marks, 2);
        if case.keeps_solution {
            prop_assert!(ref_count >= 1);
        }
        if let Some(s) = ref_first {
            prop_assert!(keeps_to(&s, marks));
        }
        let mut first = None;
        for backend in Backend::available() {
            let two = solver::search_candidates_with(backend, marks, 2);
            prop_assert_eq!(two.count, ref_count, "{:?}", backend);
            match two.solution {
                Some(s) => prop_assert!(keeps_to(&s, marks), "{:?}: {}", backend, s),
                None => prop_assert_eq!(two.count, 0),
            }
            let one = solver::search_candidates_with(backend, marks, 1);
            prop_assert_eq!(one.count, ref_count.min(1), "{:?}", backend);
            prop_assert_eq!(one.solution, two.solution, "{:?}", backend);
            match first {
                None => first = Some((one, two)),
                Some(f) => prop_assert_eq!(f, (one, two), "{:?} differs", backend),
            }
        }
        prop_assert_eq!(
            solver::uniqueness_candidates(marks),
            solver::uniqueness_candidates_with(Backend::Portable, marks)
        );
    }
}

/// Every backend and the reference agree on the count up to `limit`; the
/// backends give the same search, and its solution keeps to the marks.
fn check_marks(marks: &[DigitSet; 81], limit: usize, want: usize) {
    assert_eq!(
        reference::count_candidates(marks, limit).0,
        want,
        "reference"
    );
    let best = solver::search_candidates(marks, limit);
    for backend in Backend::available() {
        let found = solver::search_candidates_with(backend, marks, limit);
        assert_eq!(found, best, "{backend:?}");
        assert_eq!(found.count, want, "{backend:?}");
        match found.solution {
            Some(s) => assert!(keeps_to(&s, marks), "{backend:?}: {s}"),
            None => assert_eq!(want, 0),
        }
    }
}

#[test]
fn candidates_with_an_empty_cell_have_no_solution() {
    for cell in [0, 40, 80] {
        let mut marks = [DigitSet::ALL; 81];
        marks[cell] = DigitSet::EMPTY;
        check_marks(&marks, 2, 0);
        assert_eq!(solver::uniqueness_candidates(&marks), Uniqueness::None);
        assert_eq!(solver::solve_candidates(&marks), None);
    }
}

#[test]
fn clashing_one_digit_cells_have_no_solution() {
    // Same row, same column, same box (not row or column), and far apart.
    for (a, b, clash) in [(0, 8, true), (4, 76, true), (30, 50, true), (0, 80, false)] {
        let mut marks = [DigitSet::ALL; 81];
        marks[a] = DigitSet::single(Digit::new(6));
        marks[b] = DigitSet::single(Digit::new(6));
        if clash {
            check_marks(&marks, 2, 0);
            assert_eq!(solver::count_candidates(&marks, 2), 0);
        } else {
            check_marks(&marks, 2, 2);
        }
    }
    // No one-digit cell clashes, but three cells of a row share two digits.
    let mut marks = [DigitSet::ALL; 81];
    for cell in [0, 1, 2] {
        marks[cell] = [1, 2].into_iter().map(Digit::new).collect();
    }
    check_marks(&marks, 2, 0);
}

#[test]
fn everything_placed_is_its_own_only_solution_when_valid() {
    let full = solution(
        &[3, 1, 4, 5, 9, 2, 6, 8, 7],
        &[2, 0, 1, 3, 4, 5, 8, 6, 7],
        &[0, 1, 2, 5, 3, 4, 6, 7, 8],
    );
    let grid = Grid::from_cells(full).unwrap();
    let marks = full.map(|d| DigitSet::single(Digit::new(d)));
    check_marks(&marks, 2, 1);
    assert_eq!(
        solver::uniqueness_candidates(&marks),
        Uniqueness::Unique(grid)
    );
    // Two cells of a row swapped: still one digit a cell, but columns clash.
    let mut swapped = marks;
    swapped.swap(0, 1);
    check_marks(&swapped, 2, 0);
}

#[test]
fn nothing_removed_searches_as_the_empty_grid() {
    let marks = [DigitSet::ALL; 81];
    for backend in Backend::available() {
        for limit in [0, 1, 2, 50] {
            assert_eq!(
                solver::search_candidates_with(backend, &marks, limit),
                solver::search_with(backend, &Grid::empty(), limit),
                "{backend:?} limit {limit}"
            );
        }
    }
    check_marks(&marks, 3, 3);
    assert_eq!(solver::count_candidates(&marks, 0), 0);
}
