//! A walk down to a clue count that random digs seldom reach.
//!
//! A dig stops where every orbit of clues it kept is needed: on 9x9 with
//! no symmetry at 22-26 clues, and almost never at 19. From such a puzzle
//! the walk takes out two orbits and puts back one that makes the solution
//! unique again (one orbit fewer), digs again, and, where no pair of
//! orbits will do, swaps one orbit for another to look elsewhere. The
//! solution grid stays the same all along.
//!
//! Most pairs cannot give way to any orbit, and the walk tells them with
//! no search: it keeps every other solution it has met, as the cells where
//! it differs from the solution. One that differs only where the pair
//! was is a solution without the pair, and an orbit put back must take it
//! out (differ from it somewhere) to be worth a search.

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sudoku_engine::sizes::SizedGrid;
use sudoku_engine::{Digit, DigitSet, Grid, solver};

/// Swaps (one orbit for another) the walk may make while no pair of
/// orbits can give way to one. `generate --clues 19 -n 1`, seeds 1-12:
/// 6.5 s in all with 3, 2.3-2.5 s with 10, 30 or 100; `--clues 18`, seeds
/// 1-3: 62 s with 10, 10 s with 30, 12 s with 100, 38 s with 300.
const SWAPS: usize = 30;

/// Other solutions kept from one move to the next, at most; the oldest
/// go first.
const KEPT_OTHERS: usize = 4096;

/// Cells as bits, 64 a word.
type Cells = Vec<u64>;

fn meet(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

fn cells_of(cells: impl Iterator<Item = usize>, count: usize) -> Cells {
    let mut bits = vec![0; count.div_ceil(64)];
    for c in cells {
        bits[c / 64] |= 1 << (c % 64);
    }
    bits
}

/// A grid the walk works on: a classic 9x9 [`Grid`] or a [`SizedGrid`].
pub(crate) trait Board: Clone {
    /// How many cells the grid has.
    fn count(&self) -> usize;
    /// The digit in `cell`, 0 for none.
    fn digit_at(&self, cell: usize) -> u8;
    /// Puts `digit` (0 for none) in `cell`.
    fn put(&mut self, cell: usize, digit: u8);
    /// A solution other than `solution`, which was the only one with the
    /// cells of `removed` filled: an other one differs there.
    fn other_than(&self, solution: &Self, removed: &[usize]) -> Option<Self>;

    fn clue_count(&self) -> usize {
        (0..self.count()).filter(|&c| self.digit_at(c) != 0).count()
    }
}

impl Board for Grid {
    fn count(&self) -> usize {
        81
    }

    fn digit_at(&self, cell: usize) -> u8 {
        self.digit(cell).unwrap_or(0)
    }

    fn put(&mut self, cell: usize, digit: u8) {
        self.set_cell(cell, (digit != 0).then_some(digit));
    }

    fn other_than(&self, solution: &Grid, removed: &[usize]) -> Option<Grid> {
        let mut candidates = [DigitSet::ALL; 81];
        for (cell, set) in candidates.iter_mut().enumerate() {
            if let Some(d) = self.digit(cell) {
                *set = DigitSet::single(Digit::new(d));
            }
        }
        removed.iter().find_map(|&cell| {
            let mut but = candidates;
            but[cell].remove(Digit::new(solution.digit_at(cell)));
            solver::solve_candidates(&but)
        })
    }
}

impl Board for SizedGrid {
    fn count(&self) -> usize {
        self.cells().len()
    }

    fn digit_at(&self, cell: usize) -> u8 {
        self.cells()[cell]
    }

    fn put(&mut self, cell: usize, digit: u8) {
        let n = self.size();
        self.set(cell / n, cell % n, (digit != 0).then_some(digit));
    }

    fn other_than(&self, solution: &SizedGrid, removed: &[usize]) -> Option<SizedGrid> {
        crate::sizes::other_solution(self, solution, removed)
    }
}

/// `puzzle` (with `solution` its only one, every clue's orbit in
/// `orbits`) walked down to `target` clues, or `None` when the walk runs
/// out of moves.
pub(crate) fn walk_down<B: Board>(
    puzzle: B,
    solution: &B,
    orbits: &[Vec<usize>],
    target: usize,
    rng: &mut ChaCha8Rng,
) -> Option<B> {
    let mut walk = Walk::new(puzzle, solution, orbits);
    let mut swaps = 0;
    loop {
        if walk.puzzle.clue_count() == target {
            return Some(walk.puzzle);
        }
        if !walk.one_fewer(target, rng) {
            if swaps == SWAPS {
                return None;
            }
            swaps += 1;
            if !walk.swap(rng) {
                return None;
            }
        }
        walk.dig_to(target, rng);
    }
}

struct Walk<'a, B> {
    puzzle: B,
    solution: &'a B,
    orbits: &'a [Vec<usize>],
    masks: Vec<Cells>,
    orbit_of: Vec<usize>,
    /// Other solutions met, each as the cells where it differs from the
    /// solution, one after the other in one vector.
    others: Vec<u64>,
    /// Those (by their place in `others`) that fit the clues but one orbit
    /// of them, by that orbit.
    alone: Vec<Vec<usize>>,
    /// Those that fit the clues but two orbits, by the pair.
    paired: HashMap<(usize, usize), Vec<usize>>,
}

impl<'a, B: Board> Walk<'a, B> {
    fn new(puzzle: B, solution: &'a B, orbits: &'a [Vec<usize>]) -> Self {
        let count = puzzle.count();
        let mut orbit_of = vec![0; count];
        for (o, cells) in orbits.iter().enumerate() {
            for &c in cells {
                orbit_of[c] = o;
            }
        }
        Walk {
            puzzle,
            solution,
            orbits,
            masks: orbits
                .iter()
                .map(|o| cells_of(o.iter().copied(), count))
                .collect(),
            orbit_of,
            others: Vec::new(),
            alone: vec![Vec::new(); orbits.len()],
            paired: HashMap::new(),
        }
    }

    /// Files each other solution met under the orbits of `clues` it does
    /// not fit, where they are one or two.
    fn index(&mut self, clues: &[u64]) {
        self.alone.iter_mut().for_each(Vec::clear);
        self.paired.clear();
        for i in 0..self.others_met() {
            self.file(i, clues);
        }
    }

    fn file(&mut self, i: usize, clues: &[u64]) {
        let mut orbits = [0; 2];
        let mut found = 0;
        for (k, (w, c)) in self.other(i).iter().zip(clues).enumerate() {
            let mut bits = w & c;
            while bits != 0 {
                let o = self.orbit_of[k * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if !orbits[..found].contains(&o) {
                    if found == 2 {
                        return;
                    }
                    orbits[found] = o;
                    found += 1;
                }
            }
        }
        match found {
            1 => self.alone[orbits[0]].push(i),
            2 => {
                let pair = (orbits[0].min(orbits[1]), orbits[0].max(orbits[1]));
                self.paired.entry(pair).or_default().push(i);
            }
            _ => {}
        }
    }

    /// The cells that hold clues.
    fn clues(&self) -> Cells {
        let count = self.puzzle.count();
        cells_of((0..count).filter(|&c| self.puzzle.digit_at(c) != 0), count)
    }

    /// Whether `orbit` holds clues.
    fn holds(&self, orbit: usize) -> bool {
        self.puzzle.digit_at(self.orbits[orbit][0]) != 0
    }

    /// Takes out two orbits of clues and puts back one, for the first pair
    /// (in a random order) that some empty orbit makes unique again
    /// without going under `target` clues.
    fn one_fewer(&mut self, target: usize, rng: &mut ChaCha8Rng) -> bool {
        self.forget();
        let clues = self.puzzle.clue_count();
        let (kept, empty): (Vec<usize>, Vec<usize>) =
            (0..self.orbits.len()).partition(|&o| self.holds(o));
        let marks = self.clues();
        self.index(&marks);
        self.know_each_needed(&kept, &marks);
        let orbits = self.orbits;
        let mut pairs: Vec<(usize, usize)> = kept
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| kept[i + 1..].iter().map(move |&b| (a, b)))
            .collect();
        pairs.shuffle(rng);
        let mut empty = empty;
        empty.shuffle(rng);
        for (a, b) in pairs {
            let out = orbits[a].len() + orbits[b].len();
            let backs = empty
                .iter()
                .copied()
                .filter(|&o| (target..clues).contains(&(clues - out + orbits[o].len())));
            if self.replace(&marks, &[a, b], backs) {
                return true;
            }
        }
        false
    }

    /// Swaps an orbit of clues for an empty one of the same size that
    /// keeps the solution unique.
    fn swap(&mut self, rng: &mut ChaCha8Rng) -> bool {
        self.forget();
        let (mut kept, mut empty): (Vec<usize>, Vec<usize>) =
            (0..self.orbits.len()).partition(|&o| self.holds(o));
        kept.shuffle(rng);
        empty.shuffle(rng);
        let marks = self.clues();
        self.index(&marks);
        self.know_each_needed(&kept, &marks);
        let orbits = self.orbits;
        for out in kept {
            let len = orbits[out].len();
            let backs = empty.iter().copied().filter(|&o| orbits[o].len() == len);
            if self.replace(&marks, &[out], backs) {
                return true;
            }
        }
        false
    }

    /// Makes sure an other solution is known without each orbit of `kept`
    /// (the dig left each needed).
    fn know_each_needed(&mut self, kept: &[usize], clues: &[u64]) {
        for &o in kept {
            if self.alone[o].is_empty() {
                let fewer = self.without(&[o]);
                let cells = self.orbits[o].clone();
                if self.search_other(&fewer, &cells).is_some() {
                    self.file(self.others_met() - 1, clues);
                }
            }
        }
    }

    /// Replaces the orbits `outs` (one or two, of `clues`) by the first of
    /// `backs` that leaves the solution unique, if one does.
    fn replace(
        &mut self,
        clues: &[u64],
        outs: &[usize],
        backs: impl Iterator<Item = usize>,
    ) -> bool {
        // The other solutions of the puzzle without `outs`, by their place
        // among those met.
        let mut left: Vec<usize> = outs
            .iter()
            .flat_map(|&o| self.alone[o].iter().copied())
            .collect();
        if let [a, b] = *outs {
            left.extend(self.paired.get(&(a.min(b), a.max(b))).into_iter().flatten());
        }
        let mut fewer = None;
        for back in backs {
            if left
                .iter()
                .any(|&i| !meet(self.other(i), &self.masks[back]))
            {
                continue;
            }
            let fewer = fewer.get_or_insert_with(|| self.without(outs));
            let more = with(fewer, self.solution, &self.orbits[back]);
            let removed: Vec<usize> = outs
                .iter()
                .flat_map(|&o| self.orbits[o].iter().copied())
                .collect();
            if self.search_other(&more, &removed).is_none() {
                self.puzzle = more;
                return true;
            }
            let i = self.others_met() - 1;
            left.push(i);
            self.file(i, clues);
        }
        false
    }

    fn words(&self) -> usize {
        self.puzzle.count().div_ceil(64)
    }

    fn others_met(&self) -> usize {
        self.others.len() / self.words()
    }

    /// The `i`-th other solution met.
    fn other(&self, i: usize) -> &[u64] {
        let words = self.words();
        &self.others[i * words..][..words]
    }

    /// Forgets the oldest other solutions beyond [`KEPT_OTHERS`].
    fn forget(&mut self) {
        let extra = self.others_met().saturating_sub(KEPT_OTHERS);
        self.others.drain(..extra * self.words());
    }

    /// Empties orbits in random order while the solution stays unique and
    /// the clues stay at least `target`.
    fn dig_to(&mut self, target: usize, rng: &mut ChaCha8Rng) {
        let mut order: Vec<usize> = (0..self.orbits.len()).filter(|&o| self.holds(o)).collect();
        order.shuffle(rng);
        for o in order {
            if self.puzzle.clue_count() - self.orbits[o].len() < target {
                continue;
            }
            let fewer = self.without(&[o]);
            let cells = self.orbits[o].clone();
            if self.search_other(&fewer, &cells).is_none() {
                self.puzzle = fewer;
            }
        }
    }

    fn without(&self, outs: &[usize]) -> B {
        let mut fewer = self.puzzle.clone();
        for &o in outs {
            for &cell in &self.orbits[o] {
                fewer.put(cell, 0);
            }
        }
        fewer
    }

    /// A solution of `puzzle` other than the solution, which was its only
    /// one with the cells of `removed` filled, kept among the others met
    /// as the cells where it differs.
    fn search_other(&mut self, puzzle: &B, removed: &[usize]) -> Option<Cells> {
        let other = puzzle.other_than(self.solution, removed)?;
        let count = puzzle.count();
        let differs = cells_of(
            (0..count).filter(|&c| other.digit_at(c) != self.solution.digit_at(c)),
            count,
        );
        self.others.extend_from_slice(&differs);
        Some(differs)
    }
}

fn with<B: Board>(puzzle: &B, solution: &B, cells: &[usize]) -> B {
    let mut more = puzzle.clone();
    for &cell in cells {
        more.put(cell, solution.digit_at(cell));
    }
    more
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Symmetry, random_solution};
    use rand::SeedableRng;
    use sudoku_engine::solver::reference;

    /// A dug puzzle of `solution`: every orbit of clues needed.
    fn dug(solution: &Grid, orbits: &[Vec<usize>], rng: &mut ChaCha8Rng) -> Grid {
        let mut walk = Walk::new(*solution, solution, orbits);
        walk.dig_to(0, rng);
        walk.puzzle
    }

    #[test]
    fn walks_reach_counts_below_the_dig_and_stay_unique() {
        for (symmetry, below) in [(Symmetry::None, 3), (Symmetry::Rotational, 2)] {
            let orbits = symmetry.orbits();
            let mut reached = 0;
            for seed in 0..6 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let solution = random_solution(&mut rng);
                let start = dug(&solution, &orbits, &mut rng);
                let target = start.given_count() - below;
                let Some(walked) = walk_down(start, &solution, &orbits, target, &mut rng) else {
                    continue;
                };
                reached += 1;
                assert_eq!(walked.given_count(), target);
                assert!(symmetry.holds(&walked), "{walked}");
                assert!(solution.is_solution_of(&walked));
                assert_eq!(reference::count(&walked, 2), (1, Some(solution)));
            }
            assert!(reached >= 4, "{symmetry}: {reached} of 6");
        }
    }

    #[test]
    fn walks_on_other_sizes_stay_unique() {
        use crate::sizes::random_sized_solution;
        use sudoku_engine::sizes::Shape;
        for (size, symmetry) in [(8, Symmetry::None), (12, Symmetry::Rotational)] {
            let shape = Shape::for_size(size).unwrap();
            let orbits = symmetry.sized_orbits(shape);
            let mut reached = 0;
            for seed in 0..4 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let solution = random_sized_solution(shape, &mut rng);
                let mut walk = Walk::new(solution.clone(), &solution, &orbits);
                walk.dig_to(0, &mut rng);
                let start = walk.puzzle;
                let target = start.given_count() - 2;
                let Some(walked) = walk_down(start, &solution, &orbits, target, &mut rng) else {
                    continue;
                };
                reached += 1;
                assert_eq!(walked.given_count(), target);
                assert!(symmetry.holds_sized(&walked), "{walked}");
                let count = sudoku_engine::sizes::reference::count(&walked, 2);
                assert_eq!(count, (1, Some(solution)), "{size}x{size} {walked}");
            }
            assert!(reached >= 3, "{size}x{size}: {reached} of 4");
        }
    }

    #[test]
    fn two_orbits_give_way_to_one() {
        let orbits = Symmetry::None.orbits();
        let mut fewer = 0;
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let puzzle = dug(&solution, &orbits, &mut rng);
            let mut walk = Walk::new(puzzle, &solution, &orbits);
            if walk.one_fewer(0, &mut rng) {
                fewer += 1;
                let (before, after) = (puzzle.given_count(), walk.puzzle.clue_count());
                assert_eq!(after, before - 1);
                let moved = (0..81).filter(|&c| puzzle.digit(c) != walk.puzzle.digit(c));
                assert_eq!(moved.count(), 3, "two out, one in");
                assert_eq!(reference::count(&walk.puzzle, 2), (1, Some(solution)));
            }
        }
        assert!(fewer >= 4, "{fewer} of 6");
    }

    #[test]
    fn other_solutions_kept_are_where_they_differ() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let solution = random_solution(&mut rng);
        let orbits = Symmetry::None.orbits();
        let puzzle = dug(&solution, &orbits, &mut rng);
        let mut walk = Walk::new(puzzle, &solution, &orbits);
        let clue = (0..81).find(|&c| puzzle.digit(c).is_some()).unwrap();
        let fewer = walk.without(&[clue]);
        let differs = walk
            .search_other(&fewer, &[clue])
            .expect("every clue is needed");
        let clues = walk.clues();
        let on_clues: Vec<u64> = differs.iter().zip(&clues).map(|(d, c)| d & c).collect();
        assert_eq!(
            on_clues,
            cells_of([clue].into_iter(), 81),
            "only the clue left out"
        );
        assert_eq!(walk.others, differs);
        walk.index(&clues);
        assert_eq!(walk.alone[clue], [0]);
        assert_eq!(walk.search_other(&puzzle, &[clue]), None);
    }
}
