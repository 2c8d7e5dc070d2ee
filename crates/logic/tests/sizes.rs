//! The solver for every shape: every step is true to the solution on
//! generated puzzles of many shapes; on 9x9 it takes the very steps of the
//! 9x9 solver limited to the same techniques; it is fast on 25x25.

use std::collections::BTreeMap;
use std::time::Instant;

use sudoku_engine::Grid;
use sudoku_engine::sizes::{self, Shape, SizedGrid, Uniqueness};
use sudoku_logic::sizes::{SizedCandidates, SizedStep, next_step, solve_path, solve_path_from};
use sudoku_logic::techniques::{aic, fish, intersections, singles, subsets, wings};
use sudoku_logic::{Candidates, HintLevel, HintStatus, Step};

use sudoku_testdata::SplitMix64 as Rng;

/// A puzzle with one solution: the engine's solution of the empty grid,
/// its digits permuted and its rows and columns shuffled inside their
/// bands and stacks, then cells blanked in random order while the puzzle
/// stays unique, at most `max_blanks` of them. The steps are checked
/// against the known solution, which holds even if the engine missed a
/// second one: every technique here is sound without uniqueness.
fn puzzle(shape: Shape, seed: u64, max_blanks: usize) -> (SizedGrid, SizedGrid) {
    let mut rng = Rng(seed);
    let n = shape.size();
    let base = sizes::solve(&SizedGrid::empty(shape)).unwrap();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(br) {
        rng.shuffle(band);
    }
    let mut cols: Vec<usize> = (0..n).collect();
    for stack in cols.chunks_mut(bc) {
        rng.shuffle(stack);
    }
    let cells: Vec<u8> = (0..n * n)
        .map(|i| digits[base.cells()[rows[i / n] * n + cols[i % n]] as usize - 1])
        .collect();
    let solution = SizedGrid::from_cells(shape, cells).unwrap();
    assert!(solution.is_complete() && solution.conflict().is_none());
    let mut grid = solution.clone();
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut blanks = 0;
    for cell in order {
        if blanks == max_blanks {
            break;
        }
        let d = grid.cells()[cell];
        grid.set(cell / n, cell % n, None);
        // Unique with the known solution: the engine on this branch can
        // miss a second solution (fixed by 0ba1f39 on the CLI branch), and
        // then it sometimes returns the other one.
        if sizes::uniqueness(&grid) == Uniqueness::Unique(solution.clone()) {
            blanks += 1;
        } else {
            grid.set(cell / n, cell % n, Some(d));
        }
    }
    (grid, solution)
}

/// Every placement is the solution's digit, every elimination a digit the
/// solution does not have there.
fn check_step(step: &SizedStep, solution: &SizedGrid, what: &str) {
    for &(cell, d) in &step.placements {
        assert_eq!(solution.cells()[cell], d, "{what}: {step}");
    }
    for &(cell, d) in &step.eliminations {
        assert_ne!(solution.cells()[cell], d, "{what}: {step}");
    }
    assert!(
        !step.houses.is_empty() && !step.cells.is_empty(),
        "{what}: {step}"
    );
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "{what}: {step}"
    );
}

#[test]
fn every_step_is_true_to_the_solution_on_every_shape() {
    let mut used: BTreeMap<&str, usize> = BTreeMap::new();
    // Steps on shapes other than 9x9, whose chains are not the 9x9 solver's.
    let mut elsewhere: BTreeMap<&str, usize> = BTreeMap::new();
    for (rows, cols, count, max_blanks) in [
        (2, 2, 60, usize::MAX),
        (2, 3, 60, usize::MAX),
        (3, 2, 60, usize::MAX),
        (3, 3, 40, usize::MAX),
        (2, 4, 40, usize::MAX),
        (3, 4, 20, usize::MAX),
        (4, 4, 6, usize::MAX),
        (5, 5, 3, 300),
    ] {
        let shape = Shape::new(rows, cols).unwrap();
        let mut solved = 0;
        for seed in 0..count {
            let (grid, solution) = puzzle(shape, seed * 7919 + rows as u64, max_blanks);
            let what = format!("{shape} seed {seed} {grid}");
            let path = solve_path(&grid);
            assert_eq!(path.solution.as_ref(), Some(&solution), "{what}");
            let mut marks = SizedCandidates::from_grid(&grid);
            for step in &path.steps {
                check_step(step, &solution, &what);
                assert_eq!(next_step(&marks).as_ref(), Some(step), "{what}");
                marks.apply(step);
                assert!(!marks.is_broken(), "{what}: {step}");
                *used.entry(step.name()).or_default() += 1;
                if shape.size() != 9 {
                    *elsewhere.entry(step.name()).or_default() += 1;
                }
            }
            assert_eq!(marks, path.final_state);
            let unchecked = solve_path_from(SizedCandidates::from_grid(&grid));
            assert_eq!(unchecked.steps, path.steps, "{what}");
            if path.solved {
                solved += 1;
                assert_eq!(path.final_state.to_grid(), solution, "{what}");
            }
            let top = path.steps.iter().map(|s| s.rating_tenths()).max();
            assert_eq!(top.map_or(0.0, |t| f64::from(t) / 10.0), path.rating);
        }
        eprintln!("{shape}: {solved} of {count} solved by logic");
    }
    eprintln!("steps by technique: {used:?}");
    // The generated puzzles exercise most techniques.
    for name in [
        "Full House",
        "Hidden Single",
        "Naked Single",
        "Pointing",
        "Claiming",
        "Naked Pair",
        "Hidden Pair",
    ] {
        assert!(used.contains_key(name), "{name} never used");
    }
    eprintln!("steps on other shapes than 9x9: {elsewhere:?}");
    for name in [
        "XY-Wing",
        "2-String Kite",
        "X-Chain",
        "XY-Chain",
        "XY-Cycle",
        "W-Wing",
    ] {
        assert!(elsewhere.contains_key(name), "{name} never used off 9x9");
    }
}

/// Pencil marks of a known solution with candidates struck at random
/// (never the solution's digit): every step taken from them, to the end,
/// is true to the solution. Random marks hold far more strong links and
/// bivalue cells than puzzles do, so wings and chains meet many shapes of
/// themselves here.
#[test]
fn steps_from_randomly_struck_marks_are_true_to_the_solution() {
    let mut used: BTreeMap<&str, usize> = BTreeMap::new();
    for (rows, cols, count) in [
        (2, 2, 400),
        (2, 3, 400),
        (3, 2, 200),
        (2, 4, 200),
        (3, 3, 200),
        (3, 4, 100),
        (4, 4, 40),
        (5, 5, 8),
    ] {
        let shape = Shape::new(rows, cols).unwrap();
        let n = shape.size();
        for seed in 0..count {
            let (_, solution) = puzzle(shape, seed * 31 + rows as u64, 0);
            let mut rng = Rng(seed ^ 0x5eed);
            // From a third to nearly all of the wrong candidates struck.
            let strike = 33 + rng.below(60);
            let mut marks = SizedCandidates::from_grid(&SizedGrid::empty(shape));
            for cell in 0..n * n {
                for d in 1..=n as u8 {
                    if d != solution.cells()[cell] && rng.below(100) < strike {
                        marks.eliminate(cell, d);
                    }
                }
            }
            let what = format!("{shape} seed {seed}");
            while let Some(step) = next_step(&marks) {
                check_step(&step, &solution, &what);
                marks.apply(&step);
                assert!(!marks.is_broken(), "{what}: {step}");
                *used.entry(step.name()).or_default() += 1;
            }
        }
    }
    eprintln!("steps by technique: {used:?}");
    for name in [
        "XY-Wing",
        "XYZ-Wing",
        "Skyscraper",
        "X-Chain",
        "XY-Chain",
        "W-Wing",
    ] {
        assert!(used.contains_key(name), "{name} never used");
    }
}

type Find = dyn Fn(&Candidates) -> Option<Step>;

/// The 9x9 solver limited to the techniques of the sizes solver, in the
/// same order.
fn next_9x9(c: &Candidates) -> Option<Step> {
    let finds: [&Find; 18] = [
        &singles::hidden_single,
        &intersections::direct_locking,
        &|c| subsets::hidden_set(c, 2, true),
        &singles::naked_single,
        &|c| subsets::hidden_set(c, 3, true),
        &intersections::locking,
        &|c| subsets::naked_set(c, 2),
        &|c| fish::fish(c, 2),
        &|c| subsets::hidden_set(c, 2, false),
        &|c| subsets::naked_set(c, 3),
        &|c| fish::fish(c, 3),
        &|c| subsets::hidden_set(c, 3, false),
        &|c| wings::xy_wing(c, false),
        &|c| wings::xy_wing(c, true),
        &|c| subsets::naked_set(c, 4),
        &|c| fish::fish(c, 4),
        &|c| subsets::hidden_set(c, 4, false),
        &aic::chains_and_cycles,
    ];
    finds.iter().find_map(|f| f(c)).map(|mut s| {
        s.placements.sort_unstable();
        s.eliminations.sort_unstable();
        s
    })
}

/// Runs both solvers side by side from a 9x9 grid; returns the steps taken.
fn same_steps_as_9x9(grid: &Grid, what: &str) -> usize {
    let mut nine = Candidates::from_grid(grid);
    let mut any = SizedCandidates::from_grid(&SizedGrid::from(grid));
    let mut steps = 0;
    loop {
        let (a, b) = (next_9x9(&nine), next_step(&any));
        let (Some(a), Some(b)) = (a, b) else {
            assert!(
                next_9x9(&nine).is_none() && next_step(&any).is_none(),
                "{what}: one solver stops"
            );
            break;
        };
        let pairs = |cs: &[sudoku_logic::Candidate]| -> Vec<(usize, u8)> {
            cs.iter().map(|c| (c.cell.index(), c.digit.get())).collect()
        };
        let at = format!("{what}, step {}: {a} / {b}", steps + 1);
        assert_eq!(a.technique, b.technique, "{at}");
        assert_eq!(a.explanation, b.explanation, "{at}");
        assert_eq!(pairs(&a.placements), b.placements, "{at}");
        assert_eq!(pairs(&a.eliminations), b.eliminations, "{at}");
        assert_eq!(pairs(&a.candidates), b.candidates, "{at}");
        let cells: Vec<usize> = a.cells.iter().map(|c| c.index()).collect();
        assert_eq!(cells, b.cells, "{at}");
        let houses: Vec<usize> = a.houses.iter().map(|h| h.index()).collect();
        assert_eq!(houses, b.houses, "{at}");
        assert_eq!(a.rating, b.rating, "{at}");
        nine.apply(&a);
        any.apply(&b);
        steps += 1;
    }
    assert_eq!(nine.values().as_slice(), any.values(), "{what}");
    steps
}

#[test]
fn on_9x9_the_steps_are_the_9x9_solvers() {
    let mut total = (0, 0);
    for (set, take) in [
        ("puzzles7_serg_benchmark", 400),
        ("puzzles2_17_clue", 300),
        ("puzzles3_magictour_top1465", 100),
    ] {
        let Some(lines) = sudoku_testdata::puzzle_lines(set) else {
            eprintln!("skipping {set}: no shared data");
            return;
        };
        for line in lines.iter().take(take) {
            let grid: Grid = line.text.parse().unwrap();
            total.0 += 1;
            total.1 += same_steps_as_9x9(&grid, &format!("{set}:{}", line.line));
        }
    }
    eprintln!("{} puzzles, {} steps alike", total.0, total.1);
    assert!(total.1 > 10_000);
}

#[test]
fn generated_9x9_puzzles_take_the_9x9_steps() {
    // Without the shared data too: puzzles of the test's generator.
    for seed in 0..30 {
        let (grid, _) = puzzle(Shape::CLASSIC, seed, usize::MAX);
        let nine = Grid::try_from(&grid).unwrap();
        same_steps_as_9x9(&nine, &format!("seed {seed}"));
    }
}

#[test]
fn hints_tell_more_at_each_level() {
    let (grid, solution) = puzzle(Shape::new(4, 4).unwrap(), 3, usize::MAX);
    let h = sudoku_logic::sizes::hint(&grid, None);
    assert_eq!(h.status(), HintStatus::Step);
    let step = h.step(HintLevel::Step).unwrap();
    let nudge = h.message(HintLevel::Nudge);
    assert!(nudge.starts_with("Look for a"), "{nudge}");
    // A nudge names no cell, a cells hint no result.
    for &(cell, _) in step.placements.iter().chain(&step.eliminations) {
        assert!(!nudge.contains(&grid.shape().cell_name(cell)), "{nudge}");
    }
    assert!(h.cells(HintLevel::Nudge).is_none() && h.candidates(HintLevel::Nudge).is_none());
    assert!(h.cells(HintLevel::Cells).is_some() && h.step(HintLevel::Cells).is_none());
    assert!(!h.message(HintLevel::Cells).contains('='));
    assert_eq!(h.message(HintLevel::Step), step.to_string());
    assert_eq!(
        sudoku_logic::sizes::hint(&solution, Some(&grid)).status(),
        HintStatus::Solved
    );
}

#[test]
fn a_16x16_path_is_fast() {
    let (grid, _) = puzzle(Shape::for_size(16).unwrap(), 16, 130);
    let start = Instant::now();
    let path = solve_path(&grid);
    let took = start.elapsed();
    eprintln!(
        "16x16, {} blanks: {} steps, solved {}, rating {} in {took:?}",
        grid.cells().iter().filter(|&&d| d == 0).count(),
        path.steps.len(),
        path.solved,
        path.rating
    );
    if !cfg!(debug_assertions) {
        assert!(took.as_secs_f64() < 1.0, "{took:?}");
    }
}

#[test]
fn a_25x25_path_is_fast() {
    let shape = Shape::for_size(25).unwrap();
    // Past about 330 blanks the uniqueness checks of the test's generator
    // grow from microseconds to seconds.
    let (grid, _) = puzzle(shape, 25, 300);
    let start = Instant::now();
    let path = solve_path(&grid);
    let took = start.elapsed();
    eprintln!(
        "25x25, {} blanks: {} steps, solved {}, rating {} in {took:?}",
        grid.cells().iter().filter(|&&d| d == 0).count(),
        path.steps.len(),
        path.solved,
        path.rating
    );
    assert!(path.solved);
    // Generous for a loaded machine.
    if !cfg!(debug_assertions) {
        assert!(took.as_secs_f64() < 1.0, "{took:?}");
    }
}
