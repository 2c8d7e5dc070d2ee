//! The solver for every shape on pencil marks the fuzzer strikes: a
//! solution of a small shape (the engine's fill of the empty grid, its
//! digits renamed by the input), then candidates struck where the input
//! says, never the solution's own. Every step taken from there to the end
//! must be true to that solution: a chain or wing that removes the
//! solution's digit, or places another, is a bug. No step may panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sizes::{self, Shape, SizedGrid};
use sudoku_logic::sizes::{SizedCandidates, next_step};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let shapes = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4)];
    let (rows, cols) = shapes[usize::from(pick) % shapes.len()];
    let shape = Shape::new(rows, cols).unwrap();
    let n = shape.size();
    let base = sizes::solve(&SizedGrid::empty(shape)).expect("the empty grid has a solution");
    // The digits renamed: a rotation by the second byte.
    let turn = rest.first().map_or(0, |&b| usize::from(b) % n);
    let cells: Vec<u8> = base
        .cells()
        .iter()
        .map(|&d| ((usize::from(d) - 1 + turn) % n + 1) as u8)
        .collect();
    let solution = SizedGrid::from_cells(shape, cells).unwrap();
    let mut marks = SizedCandidates::from_grid(&SizedGrid::empty(shape));
    // Each further byte strikes one candidate (by cell and digit), unless
    // it is the solution's.
    for pair in rest.get(1..).unwrap_or(&[]).chunks(2) {
        let at = pair.iter().fold(0usize, |a, &b| a * 256 + usize::from(b)) % (n * n * n);
        let (cell, digit) = (at / n, (at % n + 1) as u8);
        if solution.cells()[cell] != digit {
            marks.eliminate(cell, digit);
        }
    }
    while let Some(step) = next_step(&marks) {
        for &(cell, d) in &step.placements {
            assert_eq!(solution.cells()[cell], d, "{step}");
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution.cells()[cell], d, "{step}");
        }
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{step}"
        );
        marks.apply(&step);
    }
});
