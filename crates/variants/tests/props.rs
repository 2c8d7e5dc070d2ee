//! Property tests: random puzzles of every variant, searched by the library
//! and by a plain backtracking reference here; both must count alike, and
//! every solution must keep the givens and every rule, as judged by an
//! independent checker written in this file (not the library's).

use proptest::prelude::*;
use sudoku_variants::{
    self as variants, Constraint, DistinctKind, LineKind, Puzzle, Regions, Relation,
};

mod common;

use common::{Rng, random_puzzle};

/// The independent checker: every rule, from the puzzle's public data.
/// With `partial`, 0 is an empty cell and only what filled cells break
/// counts (the reference prunes with it).
fn keeps_rules(puzzle: &Puzzle, grid: &[u8], partial: bool) -> bool {
    let n = puzzle.size();
    let at = |r: i64, c: i64| -> Option<u8> {
        (r >= 0 && c >= 0 && r < n as i64 && c < n as i64)
            .then(|| grid[r as usize * n + c as usize])
    };
    let differ = |cells: &[usize]| {
        let mut seen = vec![false; n + 1];
        cells.iter().all(|&c| {
            let d = grid[c] as usize;
            d == 0 || !std::mem::replace(&mut seen[d], true)
        })
    };
    if grid.iter().any(|&d| d as usize > n || (!partial && d == 0)) {
        return false;
    }
    if (0..n * n).any(|c| puzzle.givens()[c] != 0 && grid[c] != 0 && grid[c] != puzzle.givens()[c])
    {
        return false;
    }
    for i in 0..n {
        let row: Vec<usize> = (0..n).map(|k| i * n + k).collect();
        let col: Vec<usize> = (0..n).map(|k| k * n + i).collect();
        if !differ(&row) || !differ(&col) {
            return false;
        }
    }
    let region_of: Option<Vec<usize>> = match puzzle.regions() {
        Regions::Boxes { rows, columns } => Some(
            (0..n * n)
                .map(|c| (c / n / rows) * 1000 + (c % n) / columns)
                .collect(),
        ),
        Regions::Jigsaw(map) => Some(map.iter().map(|&r| r as usize).collect()),
        Regions::None => None,
    };
    if let Some(region_of) = region_of {
        for a in 0..n * n {
            for b in a + 1..n * n {
                if region_of[a] == region_of[b] && grid[a] != 0 && grid[a] == grid[b] {
                    return false;
                }
            }
        }
    }
    for constraint in puzzle.constraints() {
        let kept = match constraint {
            Constraint::Distinct { cells, .. } => differ(cells),
            Constraint::AntiKnight | Constraint::AntiKing | Constraint::NonConsecutive => {
                let steps: &[(i64, i64)] = match constraint {
                    Constraint::AntiKnight => &[(1, 2), (2, 1), (1, -2), (2, -1)],
                    Constraint::AntiKing => &[(1, 1), (1, -1), (0, 1), (1, 0)],
                    _ => &[(0, 1), (1, 0)],
                };
                (0..n * n).all(|c| {
                    let (r, k) = ((c / n) as i64, (c % n) as i64);
                    let a = grid[c];
                    steps.iter().all(|&(dr, dk)| match at(r + dr, k + dk) {
                        Some(b) if a != 0 && b != 0 => {
                            if matches!(constraint, Constraint::NonConsecutive) {
                                a.abs_diff(b) != 1
                            } else {
                                a != b
                            }
                        }
                        _ => true,
                    })
                })
            }
            Constraint::Cage { cells, total } => {
                let sum: u32 = cells.iter().map(|&c| grid[c] as u32).sum();
                let full = cells.iter().all(|&c| grid[c] != 0);
                differ(cells) && total.is_none_or(|t| if full { sum == t } else { sum < t })
            }
            Constraint::Thermometer { cells } => cells.windows(2).all(|w| {
                let (a, b) = (grid[w[0]], grid[w[1]]);
                a == 0 || b == 0 || a < b
            }),
            Constraint::Arrow { circle, path } => {
                let cells: Vec<usize> = circle.iter().chain(path).copied().collect();
                if cells.iter().any(|&c| grid[c] == 0) {
                    true
                } else {
                    let value = circle.iter().fold(0u64, |v, &c| v * 10 + grid[c] as u64);
                    value == path.iter().map(|&c| grid[c] as u64).sum::<u64>()
                }
            }
            Constraint::Line { kind, cells } => {
                let filled: Vec<u8> = cells.iter().map(|&c| grid[c]).filter(|&d| d != 0).collect();
                match kind {
                    LineKind::Whispers(k) => cells.windows(2).all(|w| {
                        let (a, b) = (grid[w[0]], grid[w[1]]);
                        a == 0 || b == 0 || (i64::from(a) - i64::from(b)).abs() >= i64::from(*k)
                    }),
                    LineKind::Palindrome => (0..cells.len()).all(|i| {
                        let (a, b) = (grid[cells[i]], grid[cells[cells.len() - 1 - i]]);
                        a == 0 || b == 0 || a == b
                    }),
                    LineKind::Renban => {
                        let (lo, hi) = (filled.iter().min(), filled.iter().max());
                        differ(cells)
                            && lo
                                .zip(hi)
                                .is_none_or(|(lo, hi)| usize::from(hi - lo) < cells.len())
                    }
                }
            }
            Constraint::Quadruple { cells, digits } => {
                // A 2x2 square, by its own cells; every digit listed in a
                // cell of its own, or room left for it.
                let [a, b, c, d] = *cells;
                let square = b == a + 1 && c == a + n && d == c + 1 && a % n + 1 < n;
                let mut missing = digits.clone();
                for &x in cells {
                    if let Some(k) = missing.iter().position(|&y| y == grid[x]) {
                        missing.swap_remove(k);
                    }
                }
                let empty = cells.iter().filter(|&&x| grid[x] == 0).count();
                square && missing.len() <= empty
            }
            Constraint::Sandwich { cells, total } => {
                // The whole row or column, by its own cells.
                let line = cells.len() == n
                    && (cells.iter().all(|&c| c / n == cells[0] / n)
                        || cells.iter().all(|&c| c % n == cells[0] % n));
                let at = |d: usize| cells.iter().position(|&c| grid[c] as usize == d);
                line && at(1).zip(at(n)).is_none_or(|(i, j)| {
                    let between = &cells[i.min(j) + 1..i.max(j)];
                    let sum: u32 = between.iter().map(|&c| grid[c] as u32).sum();
                    let empty = between.iter().filter(|&&c| grid[c] == 0).count() as u32;
                    // Each empty cell between holds 2 or more.
                    if empty == 0 {
                        sum == *total
                    } else {
                        sum + 2 * empty <= *total
                    }
                })
            }
            Constraint::Skyscraper { cells, count } => {
                // Counted along the filled cells from the clue; a gap
                // ends what is known, the largest digit ends the count.
                let line = cells.len() == n
                    && (cells.iter().all(|&c| c / n == cells[0] / n)
                        || cells.iter().all(|&c| c % n == cells[0] % n));
                let mut seen = 0;
                let mut tallest = 0;
                let mut ended = false;
                for &c in cells {
                    match grid[c] {
                        0 => break,
                        d if d > tallest => {
                            seen += 1;
                            tallest = d;
                        }
                        _ => {}
                    }
                    if tallest as usize == n {
                        ended = true;
                        break;
                    }
                }
                line && seen <= *count && (!ended || seen == *count)
            }
            Constraint::XSum { cells, total } => {
                let line = cells.len() == n
                    && (cells.iter().all(|&c| c / n == cells[0] / n)
                        || cells.iter().all(|&c| c % n == cells[0] % n));
                let x = grid[cells[0]] as usize;
                let sum: u32 = cells[..x].iter().map(|&c| grid[c] as u32).sum();
                let empty = cells[..x].iter().filter(|&&c| grid[c] == 0).count() as u32;
                line && (x == 0
                    || if empty == 0 {
                        sum == *total
                    } else {
                        sum + empty <= *total
                    })
            }
            Constraint::LittleKiller { cells, total } => {
                // The diagonal as its cells say, not as the library walks it.
                let diagonal = cells.windows(2).all(|w| {
                    let (a, b) = (w[0] as i64, w[1] as i64);
                    let n = n as i64;
                    (b / n - a / n).abs() == 1 && (b % n - a % n).abs() == 1
                });
                let sum: u32 = cells.iter().map(|&c| grid[c] as u32).sum();
                let empty = cells.iter().filter(|&&c| grid[c] == 0).count() as u32;
                diagonal
                    && if empty == 0 {
                        sum == *total
                    } else {
                        sum + empty <= *total
                    }
            }
            Constraint::Odd(c) => grid[*c] == 0 || grid[*c] % 2 == 1,
            Constraint::Even(c) => grid[*c] == 0 || grid[*c] % 2 == 0,
            Constraint::Pair {
                cells: [a, b],
                relation,
            } => grid[*a] == 0 || grid[*b] == 0 || related(*relation, grid[*a], grid[*b]),
            Constraint::Unmarked(relation) => {
                // Marks of the same kind: dots for dots, X and V for sums.
                let dots = !matches!(relation, Relation::Sum(_));
                let marked = |a: usize, b: usize| {
                    puzzle.constraints().iter().any(|c| match c {
                        Constraint::Pair { cells, relation } => {
                            (cells == &[a, b] || cells == &[b, a])
                                && dots != matches!(relation, Relation::Sum(_))
                        }
                        _ => false,
                    })
                };
                (0..n * n).all(|a| {
                    let (r, k) = (a / n, a % n);
                    let right = (k + 1 < n).then(|| a + 1);
                    let down = (r + 1 < n).then(|| a + n);
                    [right, down].into_iter().flatten().all(|b| {
                        grid[a] == 0
                            || grid[b] == 0
                            || marked(a, b)
                            || !related(*relation, grid[a], grid[b])
                    })
                })
            }
        };
        if !kept {
            return false;
        }
    }
    true
}

/// Whether digits `a` and `b` hold `relation` (written here, not taken
/// from the library).
fn related(relation: Relation, a: u8, b: u8) -> bool {
    let (a, b) = (i64::from(a), i64::from(b));
    match relation {
        Relation::Difference(k) => (a - b).abs() == i64::from(k),
        Relation::Ratio(k) => a * i64::from(k) == b || b * i64::from(k) == a,
        Relation::Sum(k) => a + b == i64::from(k),
    }
}

/// The rules that touch `cell`, on a grid filled in reading order up to it
/// (later cells are 0): the reference's pruning, by the same checker
/// restricted to a window around the cell and the constraints naming it.
fn keeps_rules_at(puzzle: &Puzzle, grid: &[u8], cell: usize) -> bool {
    let touches = |c: &Constraint| match c {
        Constraint::AntiKnight
        | Constraint::AntiKing
        | Constraint::NonConsecutive
        | Constraint::Unmarked(_) => true,
        // Every mark: an unmarked pair is told apart by the marks' absence.
        Constraint::Pair { .. } => true,
        other => constraint_cells(other).contains(&cell),
    };
    let mut narrow = Puzzle::new(puzzle.size(), puzzle.regions().clone()).unwrap();
    for c in puzzle.constraints().iter().filter(|c| touches(c)) {
        narrow.add(c.clone()).unwrap();
    }
    narrow.set_given(cell, puzzle.givens()[cell]).unwrap();
    keeps_rules(&narrow, grid, true)
}

fn constraint_cells(c: &Constraint) -> Vec<usize> {
    match c {
        Constraint::Distinct { cells, .. }
        | Constraint::Cage { cells, .. }
        | Constraint::Thermometer { cells } => cells.clone(),
        Constraint::Arrow { circle, path } => circle.iter().chain(path).copied().collect(),
        Constraint::Odd(c) | Constraint::Even(c) => vec![*c],
        Constraint::Pair { cells, .. } => cells.to_vec(),
        Constraint::Line { cells, .. }
        | Constraint::LittleKiller { cells, .. }
        | Constraint::Sandwich { cells, .. }
        | Constraint::Skyscraper { cells, .. }
        | Constraint::XSum { cells, .. } => cells.clone(),
        Constraint::Quadruple { cells, .. } => cells.to_vec(),
        _ => vec![],
    }
}

/// Plain backtracking over cells in order, pruned by the checker: counts
/// up to `limit` and keeps the first solution.
fn reference(puzzle: &Puzzle, limit: usize, order: &[u8]) -> (usize, Option<Vec<u8>>) {
    fn go(
        puzzle: &Puzzle,
        grid: &mut Vec<u8>,
        cell: usize,
        limit: usize,
        order: &[u8],
        found: &mut (usize, Option<Vec<u8>>),
    ) {
        if cell == grid.len() {
            found.0 += 1;
            found.1.get_or_insert_with(|| grid.clone());
            return;
        }
        let given = puzzle.givens()[cell];
        for &d in order {
            if given != 0 && d != given {
                continue;
            }
            grid[cell] = d;
            if keeps_rules_at(puzzle, grid, cell) {
                go(puzzle, grid, cell + 1, limit, order, found);
                if found.0 >= limit {
                    break;
                }
            }
        }
        grid[cell] = 0;
    }
    let mut grid = vec![0; puzzle.size() * puzzle.size()];
    let mut found = (0, None);
    go(puzzle, &mut grid, 0, limit, order, &mut found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn searches_agree_with_the_reference_and_keep_every_rule(seed in any::<u64>()) {
        let puzzle = random_puzzle(seed);
        let limit = 12;
        let ours = variants::search(&puzzle, limit);
        let order: Vec<u8> = (1..=puzzle.size() as u8).collect();
        // The reference is too slow to prove 9x9 grids have no solution.
        let (count, first) = if puzzle.size() <= 6 {
            reference(&puzzle, limit, &order)
        } else {
            (ours.count, ours.solution.clone())
        };
        prop_assert_eq!(ours.count, count, "{:?}", puzzle);
        if let Some(s) = &ours.solution {
            prop_assert!(keeps_rules(&puzzle, s, false), "{:?} {:?}", puzzle, s);
            prop_assert!(puzzle.is_solution(s));
        }
        prop_assert_eq!(ours.solution.is_some(), first.is_some());
        // The library's own check agrees with the independent one.
        if let Some(f) = first {
            prop_assert!(puzzle.violation(&f).is_none());
        }
    }

    /// The generator's question: a solution with one cell's digit (open
    /// or given) taken out, against the reference with that cell set to
    /// each other digit in turn.
    #[test]
    fn exclusions_agree_with_the_reference(seed in any::<u64>()) {
        let puzzle = random_puzzle(seed);
        let n = puzzle.size();
        prop_assume!(n <= 6, "the reference is too slow above 6x6");
        let Some(solution) = variants::solve(&puzzle) else {
            return Ok(());
        };
        let cell = Rng(seed | 1).below(n * n);
        let digit = solution[cell];
        let ours = variants::search_excluding(&puzzle, &[(cell, digit)], 1, u64::MAX).unwrap();
        if let Some(s) = &ours.solution {
            prop_assert!(keeps_rules(&puzzle, s, false) && puzzle.is_solution(s), "{:?} {:?}", puzzle, s);
            prop_assert_ne!(s[cell], digit);
        }
        let order: Vec<u8> = (1..=n as u8).collect();
        let expected = match puzzle.givens()[cell] {
            0 => (1..=n as u8).filter(|&d| d != digit).any(|d| {
                let mut tried = puzzle.clone();
                tried.set_given(cell, d).unwrap();
                reference(&tried, 1, &order).0 == 1
            }),
            given => given != digit,
        };
        prop_assert_eq!(ours.count == 1, expected, "{:?} without {} in {}", puzzle, digit, cell);
    }

    #[test]
    fn the_library_check_agrees_with_the_independent_one(seed in any::<u64>()) {
        let puzzle = random_puzzle(seed);
        let mut rng = Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1);
        let n = puzzle.size();
        // A random grid near a solution: sometimes a solution, sometimes not.
        let mut grid = variants::solve(&puzzle).unwrap_or_else(|| vec![1; n * n]);
        for _ in 0..rng.below(3) {
            let c = rng.below(n * n);
            grid[c] = 1 + rng.below(n) as u8;
        }
        prop_assert_eq!(puzzle.is_solution(&grid), keeps_rules(&puzzle, &grid, false), "{:?} {:?}", puzzle, grid);
    }
}

#[test]
fn an_empty_grid_of_each_variant_is_filled() {
    let kinds: Vec<Vec<Constraint>> = vec![
        Constraint::diagonals(9).to_vec(),
        Constraint::windoku(9),
        Constraint::disjoint_groups(
            9,
            &Regions::Boxes {
                rows: 3,
                columns: 3,
            },
        ),
        vec![Constraint::AntiKnight],
        vec![Constraint::AntiKing],
        vec![Constraint::NonConsecutive],
        vec![Constraint::Distinct {
            kind: DistinctKind::ExtraRegion,
            cells: vec![0, 10, 20, 30],
        }],
    ];
    for rules in kinds {
        let mut puzzle = Puzzle::classic(9).unwrap();
        for rule in rules {
            puzzle.add(rule).unwrap();
        }
        let s = variants::solve(&puzzle).expect("open grids of these rules are solvable");
        assert!(keeps_rules(&puzzle, &s, false), "{puzzle:?}");
    }
}
