//! Property tests of reading and writing: what each format prints reads back
//! as the same grid, and every solution is valid and keeps the givens.

use proptest::prelude::*;
use sudoku_engine::Grid;
use sudoku_engine::format::{Format, read_all, to_string};

/// A random valid solution grid: a base pattern under random digit
/// relabelling, row and column swaps within bands and stacks, band and
/// stack swaps, and transposition.
fn solution_grid(seed: u64) -> Grid {
    let mut state = seed | 1;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut shuffle = |v: &mut Vec<usize>| {
        for i in (1..v.len()).rev() {
            v.swap(i, next(i + 1));
        }
    };
    let order = |shuffle: &mut dyn FnMut(&mut Vec<usize>)| {
        let mut groups: Vec<usize> = (0..3).collect();
        shuffle(&mut groups);
        let mut out = Vec::new();
        for g in groups {
            let mut inner: Vec<usize> = (0..3).map(|i| g * 3 + i).collect();
            shuffle(&mut inner);
            out.extend(inner);
        }
        out
    };
    let rows = order(&mut shuffle);
    let cols = order(&mut shuffle);
    let mut digits: Vec<usize> = (1..=9).collect();
    shuffle(&mut digits);
    let transpose = digits[0] % 2 == 0;
    let mut cells = [0u8; 81];
    for (r, &br) in rows.iter().enumerate() {
        for (c, &bc) in cols.iter().enumerate() {
            let base = (br * 3 + br / 3 + bc) % 9;
            let cell = if transpose { c * 9 + r } else { r * 9 + c };
            cells[cell] = digits[base] as u8;
        }
    }
    Grid::from_cells(cells).unwrap()
}

fn puzzle_from(seed: u64, keep: &[bool]) -> Grid {
    let solution = solution_grid(seed);
    let mut cells = *solution.cells();
    for (cell, &k) in cells.iter_mut().zip(keep) {
        if !k {
            *cell = 0;
        }
    }
    Grid::from_cells(cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn base_grids_are_valid(seed in any::<u64>()) {
        let grid = solution_grid(seed);
        prop_assert!(grid.is_solution_of(&Grid::empty()));
    }

    #[test]
    fn every_format_reads_back(seed in any::<u64>(), keep in prop::collection::vec(any::<bool>(), 81)) {
        let puzzle = puzzle_from(seed, &keep);
        for format in Format::ALL {
            let text = to_string(&puzzle, format);
            let records = read_all(&text);
            prop_assert_eq!(records.len(), 1);
            prop_assert_eq!(records[0].format, format);
            prop_assert_eq!(records[0].grid.as_ref().unwrap(), &puzzle);
        }
    }

    #[test]
    fn batches_of_every_format_read_back(seeds in prop::collection::vec(any::<u64>(), 1..6)) {
        let keep = [true, false, false].repeat(27);
        let puzzles: Vec<Grid> = seeds.iter().map(|&s| puzzle_from(s, &keep)).collect();
        for format in Format::ALL {
            let mut text = String::new();
            for (i, p) in puzzles.iter().enumerate() {
                if format != Format::Line && i > 0 {
                    text.push('\n');
                }
                sudoku_engine::format::write_grid(&mut text, p, format, None, i + 1);
            }
            let read: Vec<Grid> = read_all(&text).into_iter().map(|r| r.grid.unwrap()).collect();
            prop_assert_eq!(&read, &puzzles);
        }
    }

    #[test]
    fn solutions_are_valid_and_keep_the_givens(
        seed in any::<u64>(),
        keep in prop::collection::vec(prop::bool::weighted(0.3), 81),
    ) {
        let puzzle = puzzle_from(seed, &keep);
        let solution = puzzle.solve().expect("a puzzle cut from a solution is solvable");
        prop_assert!(solution.is_solution_of(&puzzle));
        prop_assert!(puzzle.count_solutions(2) >= 1);
    }

    #[test]
    fn any_grid_solves_only_when_it_can(cells in prop::collection::vec(prop::sample::select(vec![0u8, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 81)) {
        let puzzle = Grid::from_cells(cells.try_into().unwrap()).unwrap();
        match puzzle.solve() {
            Some(solution) => prop_assert!(solution.is_solution_of(&puzzle)),
            None => prop_assert_eq!(sudoku_engine::solver::reference::count(&puzzle, 1).0, 0),
        }
    }
}
