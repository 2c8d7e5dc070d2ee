//! The logical solver on arbitrary uniquely solvable puzzles and on pencil
//! marks a player may have crossed out: no panic, every step makes progress,
//! no step places a digit the solution lacks or removes one it has, and the
//! position never becomes broken. `hint` is checked on the same puzzle, and
//! `Solver::hint_marks` on the same marks as a player's `PencilMarks`: with
//! only wrong digits crossed out it gives a right step; with a needed digit
//! crossed out too it names that mistake.
//!
//! Input, missing bytes read as 0:
//! - byte 0, flags: bit 0 turns on the extra techniques (finned fish,
//!   ALS-XZ); bit 1 asks for a hint on a grid with one wrong entry.
//! - byte 1: the cell where the emptying starts, and from which the wrong
//!   entry goes in the first empty cell.
//! - 81 seed bytes: a byte below 27 places `b % 9 + 1` when no placed peer
//!   holds it; the engine completes the seed to a solution grid.
//! - 81 removal bytes: a cell whose byte is 15 mod 16 stays a given; the
//!   others are emptied one by one (reading order from the start cell,
//!   wrapping), each only while the puzzle keeps a unique solution. Zeros
//!   give a minimal puzzle.
//! - the rest, pairs of bytes `(cell, k)`: cross out the `k % 8`-th digit of
//!   cell `cell % 81` that is not its solution digit, so the marks always
//!   keep the solution.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::solver::{self, Uniqueness};
use sudoku_engine::{Cell, Digit, DigitSet, Grid, PencilMarks};
use sudoku_logic::{Candidate, Candidates, HintOutcome, Mistake, Solver, Step, hint};

/// Steps taken at most (each one makes progress, so 81 placements and a few
/// hundred eliminations at most); the walk also stops after a step rated
/// above 8.5, to keep the hardest forcing chains from eating the run.
const MAX_STEPS: usize = 300;
const MAX_TENTHS: u16 = 85;

/// The cell (0-80) and digit (1-9) of a candidate.
fn parts(c: &Candidate) -> (usize, u8) {
    (c.cell.index(), c.digit.get())
}

/// Every placement is the solution's digit and every elimination spares it.
fn check_step(step: &Step, solution: &Grid) {
    let want = solution.cells();
    for (cell, d) in step.placements.iter().map(parts) {
        assert_eq!(d, want[cell], "{step} places a wrong digit: {solution}");
    }
    for (cell, d) in step.eliminations.iter().map(parts) {
        assert_ne!(d, want[cell], "{step} removes the solution: {solution}");
    }
}

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let flags = byte(0);

    // A solution grid completed by the engine from a consistent seed.
    let mut seed = [0u8; 81];
    let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    for (cell, value) in seed.iter_mut().enumerate() {
        let b = byte(2 + cell);
        let (r, c) = (cell / 9, cell % 9);
        let (bx, bit) = (r / 3 * 3 + c / 3, 1u16 << (b % 9));
        if b < 27 && (rows[r] | cols[c] | boxes[bx]) & bit == 0 {
            *value = b % 9 + 1;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[bx] |= bit;
        }
    }
    let Some(solution) = solver::solve(&Grid::from_cells(seed).expect("digits 1-9")) else {
        return;
    };

    // Empty the chosen cells while the solution stays unique.
    let first = usize::from(byte(1)) % 81;
    let mut puzzle = solution;
    for cell in (first..81).chain(0..first) {
        if byte(83 + cell) % 16 != 15 {
            puzzle.set_cell(cell, None);
            if !matches!(solver::uniqueness(&puzzle), Uniqueness::Unique(_)) {
                puzzle.set_cell(cell, Some(solution.cells()[cell]));
            }
        }
    }

    // The player's pencil marks: some wrong candidates crossed out.
    let start = Candidates::from_grid(&puzzle);
    let mut masks: [u16; 81] = std::array::from_fn(|cell| start.mask(Cell::new(cell)).bits());
    for pair in data.get(164..).unwrap_or_default().chunks_exact(2) {
        let cell = usize::from(pair[0]) % 81;
        let want = solution.cells()[cell];
        let d = (1..=9u8)
            .filter(|&d| d != want)
            .nth(usize::from(pair[1] % 8));
        masks[cell] &= !(1 << (d.expect("8 wrong digits") - 1));
    }
    let mut marks = Candidates::from_parts(*puzzle.cells(), masks).expect("valid parts");

    let logic = Solver::default().with_extra_techniques(flags & 1 == 1);
    for _ in 0..MAX_STEPS {
        let Some(step) = logic.next_step(&marks) else {
            break;
        };
        check_step(&step, &solution);
        let before = marks;
        marks.apply(&step);
        assert_ne!(before, marks, "{step} changes nothing");
        assert!(!marks.is_broken(), "{step} breaks the position");
        if step.rating_tenths() > MAX_TENTHS {
            break;
        }
    }
    for cell in Cell::all() {
        if let Some(d) = marks.value(cell) {
            assert_eq!(d.get(), solution.cells()[cell.index()]);
        }
    }

    // A hint on the puzzle, and on a grid with one wrong entry.
    match hint(&puzzle, None) {
        HintOutcome::Step { step, .. } => check_step(&step, &solution),
        HintOutcome::Solved => assert!(puzzle.is_complete()),
        HintOutcome::NoTechnique(_) => {}
        other => panic!("hint on a unique puzzle: {other}"),
    }
    if flags & 2 == 2 {
        if let Some(cell) = (first..81)
            .chain(0..first)
            .find(|&c| puzzle.cells()[c] == 0)
        {
            let want = solution.cells()[cell];
            let mut current = puzzle;
            current.set_cell(cell, Some(want % 9 + 1));
            match hint(&current, Some(&puzzle)) {
                HintOutcome::Conflict(_) => {}
                HintOutcome::Mistakes(m) => assert_eq!(
                    m,
                    [Mistake::WrongDigit {
                        cell: Cell::new(cell),
                        entered: Digit::new(want % 9 + 1),
                        solution: Digit::new(want),
                    }]
                ),
                other => panic!("hint with a wrong entry: {other}"),
            }
        }
    }

    // The same marks as a player's pencil marks: only wrong digits are
    // crossed out, so the hint is a right step (or the grid is done).
    let sets: [DigitSet; 81] = std::array::from_fn(|cell| DigitSet::from_bits(masks[cell]));
    let player = PencilMarks::from_parts(*puzzle.cells(), sets).expect("valid parts");
    match Solver::default().hint_marks(&player, Some(&puzzle)) {
        HintOutcome::Step { step, .. } => check_step(&step, &solution),
        HintOutcome::Solved | HintOutcome::NoTechnique(_) => {}
        other => panic!("hint on right pencil marks: {other}"),
    }
    // A needed digit crossed out of the first empty cell is named.
    if let Some(cell) = (first..81)
        .chain(0..first)
        .find(|&c| puzzle.cells()[c] == 0)
    {
        let mut wrong = player.clone();
        let want = Digit::new(solution.cells()[cell]);
        wrong.remove(Cell::new(cell), want);
        match Solver::default().hint_marks(&wrong, Some(&puzzle)) {
            HintOutcome::Mistakes(m) => assert!(
                m.contains(&Mistake::CrossedOut {
                    cell: Cell::new(cell),
                    digit: want
                }),
                "{m:?}"
            ),
            other => panic!("a needed digit crossed out: {other}"),
        }
    }
});
