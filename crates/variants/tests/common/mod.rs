//! Random variant puzzles for the tests (`props.rs`, `logic.rs`): base
//! rules, a solution of them, constraints that solution keeps (and now and
//! then one it may not), and givens cut from it.

use sudoku_variants::{
    self as variants, Constraint, Direction, LineKind, Puzzle, Regions, Relation, RowOrColumn,
};

/// A small deterministic generator (the tests draw only the seed).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// Random regions of `n` cells each, made by swapping cells of the boxes
/// (regions need not be connected by the rules).
fn random_regions(n: usize, rng: &mut Rng) -> Regions {
    let base = Puzzle::classic(n).unwrap();
    let mut map: Vec<u8> = base
        .region_map()
        .unwrap_or_else(|| (0..n * n).map(|c| (c / n) as u8).collect());
    for _ in 0..n * n {
        let (a, b) = (rng.below(n * n), rng.below(n * n));
        map.swap(a, b);
    }
    Regions::Jigsaw(map)
}

/// A random walk of up to `len` distinct orthogonally adjacent cells.
fn walk(n: usize, len: usize, rng: &mut Rng) -> Vec<usize> {
    let mut cells = vec![rng.below(n * n)];
    while cells.len() < len {
        let c = *cells.last().unwrap();
        let (r, k) = (c / n, c % n);
        let mut next = Vec::new();
        if r > 0 {
            next.push(c - n);
        }
        if r + 1 < n {
            next.push(c + n);
        }
        if k > 0 {
            next.push(c - 1);
        }
        if k + 1 < n {
            next.push(c + 1);
        }
        next.retain(|x| !cells.contains(x));
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// A random puzzle: base rules, a solution of them (when there is one),
/// constraints that solution keeps (and now and then one it may not), and
/// givens cut from it.
pub fn random_puzzle(seed: u64) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let n = [4, 4, 5, 6, 6, 9][rng.below(6)];
    let regions = match rng.below(4) {
        // Random 9x9 regions are often unsolvable, and proving it takes
        // the search minutes with two givens: jigsaws up to 6x6 here.
        0 if n <= 6 => random_regions(n, &mut rng),
        1 if n == 6 => Regions::Boxes {
            rows: 3,
            columns: 2,
        },
        _ => Puzzle::classic(n).unwrap().regions().clone(),
    };
    let mut puzzle = Puzzle::new(n, regions).unwrap();
    let pick = |rng: &mut Rng| rng.chance(15);
    if pick(&mut rng) {
        for c in Constraint::diagonals(n) {
            puzzle.add(c).unwrap();
        }
    }
    if pick(&mut rng) {
        for c in Constraint::windoku(n) {
            puzzle.add(c).unwrap();
        }
    }
    if pick(&mut rng) {
        for c in Constraint::disjoint_groups(n, &puzzle.regions().clone()) {
            puzzle.add(c).unwrap();
        }
    }
    for rule in [
        Constraint::AntiKnight,
        Constraint::AntiKing,
        Constraint::NonConsecutive,
    ] {
        if rng.chance(10) {
            puzzle.add(rule).unwrap();
        }
    }
    // A random solution of the base rules: the search's first, with its
    // digits relabelled at random where the rules allow (non-consecutive
    // does not). Seeding with random givens instead makes the search prove
    // many unsolvable seeds, which takes it seconds on 9x9.
    let Some(base) = variants::search_within(&puzzle, 1, 2_000) else {
        // Too long to settle: draw again.
        return random_puzzle(rng.next());
    };
    let solution = base.solution.map(|mut s| {
        if !puzzle.constraints().contains(&Constraint::NonConsecutive) {
            let mut relabel: Vec<u8> = (1..=n as u8).collect();
            for i in (1..n).rev() {
                relabel.swap(i, rng.below(i + 1));
            }
            s.iter_mut().for_each(|d| *d = relabel[*d as usize - 1]);
        }
        s
    });
    let Some(s) = solution else {
        // Without a solution the reference must search the whole space:
        // affordable up to 5x5 only; larger sides draw again.
        return if n <= 5 {
            puzzle
        } else {
            random_puzzle(rng.next())
        };
    };
    // Constraints the solution may break only where the reference can
    // afford to prove there is no solution.
    let slip = |rng: &mut Rng, percent: usize| n <= 5 && rng.chance(percent);
    for _ in 0..rng.below(4) {
        let cells = walk(n, 2 + rng.below(3), &mut rng);
        let mut seen = vec![false; n + 1];
        let distinct = cells
            .iter()
            .all(|&c| !std::mem::replace(&mut seen[s[c] as usize], true));
        let total: u32 = cells.iter().map(|&c| s[c] as u32).sum();
        let total = if slip(&mut rng, 10) { total + 1 } else { total };
        if distinct || slip(&mut rng, 10) {
            let total = (!rng.chance(20)).then_some(total);
            puzzle.add(Constraint::Cage { cells, total }).unwrap();
        }
    }
    for _ in 0..rng.below(3) {
        let mut cells = walk(n, 2 + rng.below(4), &mut rng);
        cells.sort_by_key(|&c| s[c]);
        // Sorted by the solution's digits: increasing when all differ.
        let distinct = cells.windows(2).all(|w| s[w[0]] < s[w[1]]);
        if distinct || slip(&mut rng, 10) {
            puzzle.add(Constraint::Thermometer { cells }).unwrap();
        }
    }
    for _ in 0..rng.below(3) {
        let cells = walk(n, 2 + rng.below(3), &mut rng);
        let (circle, path) = if cells.len() > 3 && rng.chance(20) {
            (cells[..2].to_vec(), cells[2..].to_vec())
        } else {
            (cells[..1].to_vec(), cells[1..].to_vec())
        };
        let value = circle.iter().fold(0u64, |v, &c| v * 10 + s[c] as u64);
        let sum: u64 = path.iter().map(|&c| s[c] as u64).sum();
        if value == sum || slip(&mut rng, 15) {
            puzzle.add(Constraint::Arrow { circle, path }).unwrap();
        }
    }
    for _ in 0..rng.below(4) {
        let c = rng.below(n * n);
        let odd = (s[c] % 2 == 1) != slip(&mut rng, 5);
        puzzle
            .add(if odd {
                Constraint::Odd(c)
            } else {
                Constraint::Even(c)
            })
            .unwrap();
    }
    // Kropki dots and XV marks between neighbours, from the solution
    // (where the reference can afford it, now and then a wrong one), and
    // now and then every white dot, with the rule that unmarked neighbours
    // are not consecutive.
    let pairs: Vec<[usize; 2]> = (0..n * n)
        .flat_map(|a| {
            let right = (a % n + 1 < n).then(|| [a, a + 1]);
            let down = (a / n + 1 < n).then(|| [a, a + n]);
            [right, down].into_iter().flatten()
        })
        .collect();
    for _ in 0..rng.below(5) {
        let [a, b] = pairs[rng.below(pairs.len())];
        let (x, y) = (s[a].min(s[b]), s[a].max(s[b]));
        let relation = match rng.below(3) {
            0 => Relation::Difference(y - x),
            1 if y % x == 0 && y / x >= 2 => Relation::Ratio(y / x),
            _ => Relation::Sum(x + y),
        };
        let relation = match relation {
            Relation::Sum(k) if slip(&mut rng, 10) => Relation::Sum(k + 1),
            other => other,
        };
        puzzle
            .add(Constraint::Pair {
                cells: [a, b],
                relation,
            })
            .unwrap();
    }
    if rng.chance(8) {
        for &[a, b] in &pairs {
            if s[a].abs_diff(s[b]) == 1 {
                let relation = Relation::Difference(1);
                puzzle
                    .add(Constraint::Pair {
                        cells: [a, b],
                        relation,
                    })
                    .unwrap();
            }
        }
        puzzle
            .add(Constraint::Unmarked(Relation::Difference(1)))
            .unwrap();
    }
    // Lines: whispers (now and then with a random least difference the
    // solution keeps), renban and palindromes, from the solution (now and
    // then a wrong one where the reference can afford it).
    for _ in 0..rng.below(3) {
        let cells = walk(n, 2 + rng.below(4), &mut rng);
        if cells.len() < 2 {
            continue;
        }
        let least = cells.windows(2).map(|w| s[w[0]].abs_diff(s[w[1]])).min();
        let least = least.unwrap_or(0);
        let kind = match rng.below(3) {
            0 if least >= 1 => LineKind::Whispers(1 + rng.below(usize::from(least)) as u8),
            _ => LineKind::whispers(n),
        };
        let LineKind::Whispers(k) = kind else {
            unreachable!()
        };
        if least >= k || slip(&mut rng, 10) {
            puzzle.add(Constraint::Line { kind, cells }).unwrap();
        }
    }
    for _ in 0..rng.below(3) {
        let cells = walk(n, 2 + rng.below(4), &mut rng);
        let mut digits: Vec<u8> = cells.iter().map(|&c| s[c]).collect();
        digits.sort_unstable();
        let run = digits.windows(2).all(|w| w[1] == w[0] + 1);
        if (2..=n).contains(&cells.len()) && (run || slip(&mut rng, 10)) {
            let kind = LineKind::Renban;
            puzzle.add(Constraint::Line { kind, cells }).unwrap();
        }
    }
    for _ in 0..rng.below(3) {
        // Two cells of one digit, now and then a cell between them; where
        // the reference can afford it, now and then a random walk instead
        // (whose ends seldom agree).
        let a = rng.below(n * n);
        let twins: Vec<usize> = (0..n * n).filter(|&b| b != a && s[b] == s[a]).collect();
        let cells = if slip(&mut rng, 10) || twins.is_empty() {
            walk(n, 2 + rng.below(3), &mut rng)
        } else {
            let b = twins[rng.below(twins.len())];
            let mid = rng.below(n * n);
            if mid != a && mid != b && rng.chance(50) {
                vec![a, mid, b]
            } else {
                vec![a, b]
            }
        };
        let mirrored = (0..cells.len()).all(|i| s[cells[i]] == s[cells[cells.len() - 1 - i]]);
        if cells.len() >= 2 && (mirrored || n <= 5) {
            let kind = LineKind::Palindrome;
            puzzle.add(Constraint::Line { kind, cells }).unwrap();
        }
    }
    // Little killers: a clue on a random edge cell's diagonal, its sum
    // from the solution (now and then off by one where the reference can
    // afford it).
    for _ in 0..rng.below(4) {
        let direction = Direction::ALL[rng.below(4)];
        let (dr, dc) = direction.step();
        let edge: Vec<usize> = (0..n * n)
            .filter(|&c| {
                let (r, k) = ((c / n) as isize - dr, (c % n) as isize - dc);
                !((0..n as isize).contains(&r) && (0..n as isize).contains(&k))
            })
            .collect();
        let cells = direction.walk(n, edge[rng.below(edge.len())]);
        let mut total: u32 = cells.iter().map(|&c| u32::from(s[c])).sum();
        if n <= 5 && slip(&mut rng, 10) && total > cells.len() as u32 {
            total -= 1;
        }
        puzzle
            .add(Constraint::LittleKiller { cells, total })
            .unwrap();
    }
    // Sandwich sums: a random row or column read from either end, its
    // total from the solution (now and then off by one on small grids).
    for _ in 0..rng.below(3) {
        let line = if rng.chance(50) {
            RowOrColumn::Row(rng.below(n))
        } else {
            RowOrColumn::Column(rng.below(n))
        };
        let mut cells = line.cells(n);
        if rng.chance(50) {
            cells.reverse();
        }
        let at = |d: usize| cells.iter().position(|&c| usize::from(s[c]) == d).unwrap();
        let (i, j) = (at(1).min(at(n)), at(1).max(at(n)));
        let mut total: u32 = cells[i + 1..j].iter().map(|&c| u32::from(s[c])).sum();
        if n <= 5 && slip(&mut rng, 10) && total > 0 {
            total -= 1;
        }
        puzzle.add(Constraint::Sandwich { cells, total }).unwrap();
    }
    // Quadruples: a random 2x2 square, one to four of its digits (now and
    // then one the square does not hold, on small grids).
    for _ in 0..if n >= 2 { rng.below(3) } else { 0 } {
        let top_left = rng.below(n - 1) * n + rng.below(n - 1);
        let cells = [top_left, top_left + 1, top_left + n, top_left + n + 1];
        let mut digits: Vec<u8> = cells.iter().map(|&c| s[c]).collect();
        for i in (1..4).rev() {
            digits.swap(i, rng.below(i + 1));
        }
        digits.truncate(1 + rng.below(4));
        if n <= 5 && slip(&mut rng, 10) {
            digits[0] = 1 + (digits[0] % n as u8);
        }
        if digits
            .iter()
            .all(|&d| digits.iter().filter(|&&e| e == d).count() <= 2)
        {
            let constraint = Constraint::quadruple(n, top_left, &digits);
            puzzle.add(constraint).unwrap();
        }
    }
    // Skyscrapers and X-sums: a random row or column seen from either
    // end, the clue from the solution (now and then off by one on small
    // grids).
    for _ in 0..rng.below(3) {
        let line = if rng.chance(50) {
            RowOrColumn::Row(rng.below(n))
        } else {
            RowOrColumn::Column(rng.below(n))
        };
        let cells = line.cells_from(n, rng.chance(50));
        let digits: Vec<u32> = cells.iter().map(|&c| u32::from(s[c])).collect();
        if rng.chance(50) {
            let mut count = 0;
            let mut tallest = 0;
            for &d in &digits {
                if d > tallest {
                    (count, tallest) = (count + 1, d);
                }
            }
            if n <= 5 && slip(&mut rng, 10) {
                count = 1 + count % n as u32;
            }
            puzzle.add(Constraint::Skyscraper { cells, count }).unwrap();
        } else {
            let mut total: u32 = digits[..digits[0] as usize].iter().sum();
            if n <= 5 && slip(&mut rng, 10) && total > 1 {
                total -= 1;
            }
            puzzle.add(Constraint::XSum { cells, total }).unwrap();
        }
    }
    let keep = match n {
        9 => 45,
        6 => 30 + rng.below(30),
        _ => 10 + rng.below(40),
    };
    for (c, &digit) in s.iter().enumerate() {
        if rng.chance(keep) {
            puzzle.set_given(c, digit).unwrap();
        }
    }
    puzzle
}
