//! The fast engine against the plain reference solver on arbitrary grids
//! and arbitrary candidate sets, on every backend this CPU has: the same
//! number of solutions up to 2, and every solution returned valid, keeping
//! the givens and the candidates.
//!
//! Input: 81 bytes of cells (a byte below 90 is a given digit `b % 9 + 1`,
//! so about a third of the cells are givens), then optionally 162 bytes of
//! candidate masks (two bytes a cell, nine bits).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::solver::{self, Backend, reference};
use sudoku_engine::{Digit, DigitSet, Grid};

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(data) {
        if b < 90 {
            *cell = b % 9 + 1;
        }
    }
    let grid = Grid::from_cells(cells).expect("digits 1-9");
    let (expected, _) = reference::count(&grid, 2);
    for backend in Backend::available() {
        let found = solver::search_with(backend, &grid, 2);
        assert_eq!(found.count, expected, "{backend:?} {grid}");
        if let Some(solution) = found.solution {
            assert!(solution.is_solution_of(&grid), "{backend:?} {grid}");
        }
    }
    let masks = &data[81..];
    if masks.len() < 162 {
        return;
    }
    let mut sets = [DigitSet::EMPTY; 81];
    for (i, set) in sets.iter_mut().enumerate() {
        let bits = u16::from_le_bytes([masks[2 * i], masks[2 * i + 1]]);
        *set = match Digit::try_new(cells[i]) {
            // A given keeps its digit; the mask's top bit may cross it out.
            Some(d) if bits & 0x8000 == 0 => DigitSet::single(d),
            _ => DigitSet::from_bits(bits),
        };
    }
    let (expected, _) = reference::count_candidates(&sets, 2);
    for backend in Backend::available() {
        let found = solver::search_candidates_with(backend, &sets, 2);
        assert_eq!(found.count, expected, "{backend:?} {sets:?}");
        if let Some(solution) = found.solution {
            assert!(solution.is_solution_of(&Grid::empty()), "{backend:?}");
            for (set, &d) in sets.iter().zip(solution.cells()) {
                assert!(set.contains(Digit::new(d)), "{backend:?} {sets:?}");
            }
        }
    }
});
