//! Logical paths over the shared puzzle sets: every placement and
//! elimination of every step is checked against the unique solution.
//!
//! The default tests run all of euler96 and magictour_top1465 and sample
//! the big sets with fixed strides (under a minute in release mode); the
//! `#[ignore]`d ones run every 17-clue puzzle and a larger forum sample
//! (`cargo test --release -p sudoku-logic -- --ignored`).

use sudoku_engine::Grid;
use sudoku_logic::{Candidates, HintLevel, HintOutcome, Path, Solver, Step, Stopped};

/// Puzzles of a set as (line, grid): `euler96.txt` through the engine's
/// reader, the others one per line.
fn load(set: &str) -> Option<Vec<(usize, Grid)>> {
    if set.starts_with("euler") {
        let text = sudoku_testdata::read(set)?;
        return Some(
            sudoku_engine::format::read_all(&text)
                .into_iter()
                .map(|r| (r.index, r.grid.expect("euler puzzle")))
                .collect(),
        );
    }
    Some(
        sudoku_testdata::puzzle_lines(set)?
            .into_iter()
            .map(|l| (l.line, l.text.parse().expect("puzzle line")))
            .collect(),
    )
}

/// Panics on the first step that places a wrong digit or removes the
/// solution's digit, or that names no house to look at.
fn check_steps(set: &str, line: usize, path: &Path) {
    let Some(sol) = path.solution else { return };
    for (k, s) in path.steps.iter().enumerate() {
        for p in &s.placements {
            assert_eq!(
                sol.cells()[p.cell.index()],
                p.digit.get(),
                "{set}:{line} step {k} places a wrong digit: {s}"
            );
        }
        for e in &s.eliminations {
            assert_ne!(
                sol.cells()[e.cell.index()],
                e.digit.get(),
                "{set}:{line} step {k} removes the solution: {s}"
            );
        }
        assert!(
            !s.placements.is_empty() || !s.eliminations.is_empty(),
            "{set}:{line} step {k} does nothing: {s}"
        );
        assert!(!s.explanation.is_empty());
        assert!(
            !s.houses.is_empty(),
            "{set}:{line} step {k} has no house to look at: {s}"
        );
        nudge_gives_nothing_away(&format!("{set}:{line} step {k}"), s);
    }
}

/// A nudge names the technique and houses, never a result: no `=`, no
/// `<>`, no cell that a placement or elimination of the step touches.
fn nudge_gives_nothing_away(at: &str, step: &Step) {
    let outcome = HintOutcome::Step {
        step: Box::new(step.clone()),
        before: Box::new(Candidates::from_grid(&Grid::empty())),
    };
    let nudge = outcome.at(HintLevel::Nudge);
    let text = nudge.message();
    assert!(text.starts_with("Look for a"), "{at}: {text}");
    assert!(!text.contains('=') && !text.contains("<>"), "{at}: {text}");
    for c in step.placements.iter().chain(&step.eliminations) {
        let name = c.cell.to_string();
        assert!(
            !text.contains(&name),
            "{at}: the nudge names {name}: {text}"
        );
    }
    assert!(nudge.cells().is_none() && nudge.candidates().is_none() && nudge.step().is_none());
}

/// Runs every `stride`-th puzzle (from `offset`); all must be solved.
fn solve_all(set: &str, stride: usize, offset: usize) -> usize {
    solve_all_with(Solver::new(), set, stride, offset)
}

fn solve_all_with(solver: Solver, set: &str, stride: usize, offset: usize) -> usize {
    let Some(puzzles) = load(set) else { return 0 };
    let mut n = 0;
    for (line, grid) in puzzles.iter().skip(offset).step_by(stride) {
        let path = solver.solve_path(grid);
        check_steps(set, *line, &path);
        assert!(path.solved, "{set}:{line} not solved: {:?}", path.stopped);
        assert!(path.final_state.to_grid().is_solution_of(grid));
        n += 1;
    }
    n
}

#[test]
fn euler96_every_puzzle() {
    let n = solve_all("euler96.txt", 1, 0);
    assert!(n == 50 || n == 0);
}

#[test]
fn clue17_sample() {
    // About 2,600 puzzles: most are easy, so this takes a second or two.
    let n = solve_all("puzzles2_17_clue", 19, 3);
    assert!(n == 0 || n > 2500);
}

/// Finned fish and ALS-XZ, off by default: checked on their own samples.
#[test]
fn extra_techniques_sample() {
    let solver = Solver::new().with_extra_techniques(true);
    solve_all_with(solver, "puzzles3_magictour_top1465", 21, 4);
    solve_all_with(solver, "puzzles2_17_clue", 401, 5);
}

/// The issue asks for a complete path for every magictour puzzle: checked
/// in CI (about 30 s in release).
#[test]
fn magictour_every_puzzle() {
    let n = solve_all("puzzles3_magictour_top1465", 1, 0);
    assert!(n == 1465 || n == 0);
}

#[test]
#[ignore = "every 17-clue puzzle, a few minutes"]
fn clue17_every_puzzle() {
    solve_all("puzzles2_17_clue", 1, 0);
}

/// The hardest sets: a path through forcing chains or a clear stop, never a
/// wrong step.
fn hardest(set: &str, stride: usize, offset: usize, limit: usize) -> (usize, usize) {
    let Some(puzzles) = load(set) else {
        return (0, 0);
    };
    let solver = Solver::new();
    let (mut solved, mut stopped) = (0, 0);
    for (line, grid) in puzzles.iter().skip(offset).step_by(stride).take(limit) {
        let path = solver.solve_path(grid);
        check_steps(set, *line, &path);
        if path.solved {
            solved += 1;
        } else {
            assert_eq!(path.stopped, Some(Stopped::NoTechnique), "{set}:{line}");
            // The position where logic stopped is consistent with the solution.
            let sol = path.solution.expect("unique");
            for cell in sudoku_engine::Cell::all() {
                let want = sudoku_engine::Digit::new(sol.cells()[cell.index()]);
                match path.final_state.value(cell) {
                    Some(v) => assert_eq!(v, want),
                    None => assert!(path.final_state.has(cell, want)),
                }
            }
            stopped += 1;
        }
    }
    (solved, stopped)
}

#[test]
fn forum_hardest_sample() {
    hardest("puzzles6_forum_hardest_1106", 120, 0, 2);
    hardest("puzzles5_forum_hardest_1905_11+", 16_000, 11, 2);
}

#[test]
#[ignore = "slow: many forcing-chain searches"]
fn forum_hardest_large_sample() {
    let (a, b) = hardest("puzzles6_forum_hardest_1106", 5, 0, usize::MAX);
    println!("forum_hardest_1106: {a} solved, {b} stopped");
    let (a, b) = hardest("puzzles5_forum_hardest_1905_11+", 500, 0, usize::MAX);
    println!("forum_hardest_1905_11+: {a} solved, {b} stopped");
}

#[test]
fn several_solutions_are_refused() {
    let Some(puzzles) = load("puzzles7_serg_benchmark") else {
        return;
    };
    for (line, grid) in puzzles.iter().step_by(1000) {
        let path = Solver::new().solve_path(grid);
        assert_eq!(
            path.stopped,
            Some(Stopped::MultipleSolutions),
            "serg:{line}"
        );
        assert!(path.steps.is_empty());
    }
}

/// Sudoku Explainer's ratings of a sample of the sets (se-ratings.tsv):
/// nearly all must match exactly.
#[test]
fn agrees_with_sudoku_explainer() {
    let Some(text) = sudoku_testdata::read("se-ratings.tsv") else {
        return;
    };
    let (mut n, mut exact, mut close) = (0, 0, 0);
    let mut misses = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file"))
    {
        let f: Vec<&str> = line.split('\t').collect();
        if f[7] != "ok" {
            continue;
        }
        let se: f64 = f[3].parse().unwrap();
        let r = sudoku_logic::rate(&f[2].parse().unwrap());
        n += 1;
        if (r.value - se).abs() < 0.05 {
            exact += 1;
        } else {
            misses.push(format!("{}:{} SE {se} ours {}", f[0], f[1], r.value));
        }
        if (r.value - se).abs() <= 0.5 + 1e-9 {
            close += 1;
        }
    }
    if n > 0 {
        assert!(exact * 100 >= n * 95, "{exact}/{n} exact: {misses:?}");
        assert!(close * 100 >= n * 98, "{close}/{n} within 0.5: {misses:?}");
    }
}
