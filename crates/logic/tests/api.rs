//! The API the command line builds on: hints, paths, ratings, pencil marks.

use sudoku_engine::{Cell, Digit, Grid};
use sudoku_logic::{
    Candidates, Difficulty, HintOutcome, Mistake, Rating, Solver, Step, Stopped, Technique, hint,
    rate, rate_up_to, solve_path,
};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// Needs an X-Wing (Project Euler 96, grid 7; SE 3.2).
const XWING: &str =
    "043080250600000000000001094900004070000608000010200003820500000000000005034090710";

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

#[test]
fn types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Step>();
    check::<Candidates>();
    check::<Rating>();
    check::<sudoku_logic::Path>();
    check::<HintOutcome>();
    check::<Solver>();
}

#[test]
fn path_replays_to_the_solution() {
    let g = grid(EASY);
    let path = solve_path(&g);
    assert!(path.solved && path.stopped.is_none());
    let mut c = Candidates::from_grid(&g);
    for s in &path.steps {
        c.apply(s);
    }
    assert_eq!(Some(c.to_grid()), path.solution);
    let r = path.rating();
    assert_eq!(r, rate(&g));
    assert_eq!(r.difficulty, Difficulty::Easy);
}

#[test]
fn steps_carry_json_fields() {
    let path = solve_path(&grid(EASY));
    let s = &path.steps[0];
    // {"technique": ..., "rating": ..., "placements": [{"cell": "r1c2", "digit": 5}], ...}
    assert!(!s.technique.name().is_empty());
    assert!(s.rating >= 1.0);
    let p = s.placements[0];
    assert!(p.cell_name().starts_with('r'));
    assert!((1..=9).contains(&p.digit.get()));
    assert!(!s.explanation.is_empty());
    assert!(s.to_string().contains(&format!("{:.1}", s.rating)));
}

#[test]
fn x_wing_puzzle_rates_3_2() {
    let g = grid(XWING);
    let r = rate(&g);
    assert!(r.solved);
    assert_eq!(r.value, 3.2);
    assert_eq!(r.technique, Some(Technique::XWing));
    assert_eq!(r.difficulty, Difficulty::Hard);
}

#[test]
fn hint_says_wrong_entry() {
    let g = grid(EASY);
    let sol = g.solve().unwrap();
    let mut player = g;
    let cell = Cell::all().find(|&c| g.cells()[c.index()] == 0).unwrap();
    let right = sol.cells()[cell.index()];
    let wrong = right % 9 + 1;
    player.set_cell(cell.index(), Some(wrong));
    match hint(&player, Some(&g)) {
        HintOutcome::Mistakes(mistakes) => {
            assert_eq!(
                mistakes,
                vec![Mistake::WrongDigit {
                    cell,
                    entered: Digit::new(wrong),
                    solution: Digit::new(right),
                }]
            );
            let text = hint(&player, Some(&g)).to_string();
            assert_eq!(
                text,
                format!("{cell} is {wrong}, but the solution has {right}.")
            );
        }
        other => panic!("expected a wrong entry, got {other:?}"),
    }
    // Without the givens the player's grid has no solution.
    assert!(matches!(
        hint(&player, None),
        HintOutcome::NoSolution | HintOutcome::Conflict(_)
    ));
}

#[test]
fn hint_gives_next_step_on_progress() {
    let g = grid(EASY);
    let path = solve_path(&g);
    let mut c = Candidates::from_grid(&g);
    for s in &path.steps[..10] {
        c.apply(s);
    }
    let progress = c.to_grid();
    match hint(&progress, Some(&g)) {
        HintOutcome::Step { step, before } => {
            assert_eq!(before.to_grid(), progress);
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
        }
        other => panic!("{other:?}"),
    }
    let solved = path.solution.unwrap();
    assert!(matches!(hint(&solved, Some(&g)), HintOutcome::Solved));
}

#[test]
fn hint_refuses_several_solutions_and_clashes() {
    assert!(matches!(
        hint(&Grid::empty(), None),
        HintOutcome::MultipleSolutions
    ));
    assert_eq!(
        hint(&Grid::empty(), None).to_string(),
        "The puzzle has more than one solution."
    );
    let mut clash = Grid::empty();
    clash.set(0, 0, Some(5));
    clash.set(0, 8, Some(5));
    assert!(matches!(hint(&clash, None), HintOutcome::Conflict(_)));
}

#[test]
fn solve_path_refuses_bad_puzzles() {
    assert_eq!(
        solve_path(&Grid::empty()).stopped,
        Some(Stopped::MultipleSolutions)
    );
    let mut g = grid(EASY);
    g.set(0, 0, Some(3));
    assert!(matches!(
        solve_path(&g).stopped,
        Some(Stopped::Conflict(_)) | Some(Stopped::NoSolution)
    ));
}

#[test]
fn rate_up_to_stops_early() {
    // Magic tour line 1 needs forcing chains.
    let hard =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let full = rate(&hard);
    assert!(full.solved && full.value > 7.0);
    let capped = rate_up_to(&hard, 4.0);
    assert_eq!(capped.stopped, Some(Stopped::CapExceeded));
    assert!(capped.value > 4.0 && capped.value <= full.value);
    assert_eq!(rate_up_to(&hard, 20.0), full);
    let easy = grid(EASY);
    assert_eq!(rate_up_to(&easy, 2.0), rate(&easy));
}

#[test]
fn without_uniqueness_never_uses_it() {
    let solver = Solver::new().with_uniqueness(false);
    let g =
        grid("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
    let path = solver.solve_path(&g);
    assert!(path.steps.iter().all(|s| !s.technique.needs_uniqueness()));
}

#[test]
fn difficulty_labels() {
    use Difficulty::*;
    let cases = [
        (1.0, Easy),
        (1.5, Easy),
        (1.7, Medium),
        (2.8, Medium),
        (3.0, Hard),
        (4.4, Hard),
        (4.5, Expert),
        (7.4, Expert),
        (7.5, Extreme),
        (11.0, Extreme),
    ];
    for (r, d) in cases {
        assert_eq!(Difficulty::from_rating(r), d, "{r}");
    }
}

#[test]
fn pencil_marks_render() {
    let c = Candidates::from_grid(&grid(EASY));
    let text = c.render();
    assert!(text.contains("(3)"));
    assert!(text.lines().count() >= 37);
    assert_eq!(c.render_compact().lines().count(), 11);
}

/// Pencil marks a player may have got wrong: no panic, whatever they hold.
#[test]
fn odd_pencil_marks_do_not_panic() {
    let base = Candidates::from_grid(&grid(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..12 {
        let mut masks = [0u16; 81];
        for (cell, m) in masks.iter_mut().enumerate() {
            *m = base.mask(Cell::new(cell)).bits();
            // Drop about a third of the candidates, sometimes all of a cell's.
            for d in 0..9 {
                if next() % 3 == 0 {
                    *m &= !(1 << d);
                }
            }
        }
        let marks = Candidates::from_parts(*base.values(), masks).unwrap();
        let _ = sudoku_logic::next_step(&marks);
        let _ = marks.is_broken();
        let _ = marks.render();
    }
}
