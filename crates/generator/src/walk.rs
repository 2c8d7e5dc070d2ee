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

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sudoku_engine::{Digit, DigitSet, Grid, solver};

/// Swaps (one orbit for another) the walk may make while no pair of
/// orbits can give way to one. `generate --clues 19 -n 1`, seeds 1-12:
/// 6.5 s in all with 3, 2.3-2.5 s with 10, 30 or 100; `--clues 18`, seeds
/// 1-3: 62 s with 10, 10 s with 30, 12 s with 100, 38 s with 300.
const SWAPS: usize = 30;

/// Other solutions kept, at most; the oldest go first.
const KEPT_OTHERS: usize = 4096;

/// Cells as the bits of a word (9x9 has 81).
type Cells = u128;

/// `puzzle` (with `solution` its only one, every clue's orbit in
/// `orbits`) walked down to `target` clues, or `None` when the walk runs
/// out of moves.
pub(crate) fn walk_down(
    puzzle: Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    target: usize,
    rng: &mut ChaCha8Rng,
) -> Option<Grid> {
    let masks = orbits
        .iter()
        .map(|o| o.iter().fold(0, |m, &c| m | 1 << c))
        .collect();
    let mut walk = Walk {
        puzzle,
        solution,
        orbits,
        masks,
        others: Vec::new(),
    };
    let mut swaps = 0;
    loop {
        if walk.puzzle.given_count() == target {
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

struct Walk<'a> {
    puzzle: Grid,
    solution: &'a Grid,
    orbits: &'a [Vec<usize>],
    masks: Vec<Cells>,
    /// Other solutions met, each as the cells where it differs from the
    /// solution.
    others: Vec<Cells>,
}

impl Walk<'_> {
    fn clues(&self) -> Cells {
        (0..81)
            .filter(|&c| self.puzzle.digit(c).is_some())
            .fold(0, |m, c| m | 1 << c)
    }

    /// Whether `orbit` holds clues.
    fn holds(&self, orbit: usize) -> bool {
        self.puzzle.digit(self.orbits[orbit][0]).is_some()
    }

    /// Takes out two orbits of clues and puts back one, for the first pair
    /// (in a random order) that some empty orbit makes unique again
    /// without going under `target` clues.
    fn one_fewer(&mut self, target: usize, rng: &mut ChaCha8Rng) -> bool {
        let clues = self.puzzle.given_count();
        let (kept, empty): (Vec<usize>, Vec<usize>) =
            (0..self.orbits.len()).partition(|&o| self.holds(o));
        self.know_each_needed(&kept);
        let mut pairs: Vec<(usize, usize)> = kept
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| kept[i + 1..].iter().map(move |&b| (a, b)))
            .collect();
        pairs.shuffle(rng);
        let mut empty = empty;
        empty.shuffle(rng);
        for (a, b) in pairs {
            let out = self.orbits[a].len() + self.orbits[b].len();
            let backs: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&o| (target..clues).contains(&(clues - out + self.orbits[o].len())))
                .collect();
            if self.replace(&[a, b], &backs) {
                return true;
            }
        }
        false
    }

    /// Swaps an orbit of clues for an empty one of the same size that
    /// keeps the solution unique.
    fn swap(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let (mut kept, mut empty): (Vec<usize>, Vec<usize>) =
            (0..self.orbits.len()).partition(|&o| self.holds(o));
        kept.shuffle(rng);
        empty.shuffle(rng);
        for out in kept {
            let len = self.orbits[out].len();
            let backs: Vec<usize> = empty
                .iter()
                .copied()
                .filter(|&o| self.orbits[o].len() == len)
                .collect();
            if self.replace(&[out], &backs) {
                return true;
            }
        }
        false
    }

    /// Makes sure an other solution is known without each orbit of `kept`
    /// (the dig left each needed).
    fn know_each_needed(&mut self, kept: &[usize]) {
        let clues = self.clues();
        for &o in kept {
            let outside = clues & !self.masks[o];
            if !self.others.iter().any(|&w| w & outside == 0) {
                let fewer = self.without(&[o]);
                let cells = self.orbits[o].clone();
                self.search_other(&fewer, &cells);
            }
        }
    }

    /// Replaces the orbits `outs` by the first of `backs` that leaves the
    /// solution unique, if one does.
    fn replace(&mut self, outs: &[usize], backs: &[usize]) -> bool {
        let gone = outs.iter().fold(0, |m, &o| m | self.masks[o]);
        let rest = self.clues() & !gone;
        // The other solutions of the puzzle without `outs`.
        let mut left: Vec<Cells> = self
            .others
            .iter()
            .copied()
            .filter(|&w| w & rest == 0)
            .collect();
        let fewer = self.without(outs);
        let removed: Vec<usize> = outs
            .iter()
            .flat_map(|&o| self.orbits[o].iter().copied())
            .collect();
        for &back in backs {
            let mask = self.masks[back];
            if left.iter().any(|&w| w & mask == 0) {
                continue;
            }
            let more = with(&fewer, self.solution, &self.orbits[back]);
            match self.search_other(&more, &removed) {
                None => {
                    self.puzzle = more;
                    return true;
                }
                Some(w) => left.push(w),
            }
        }
        false
    }

    /// Empties orbits in random order while the solution stays unique and
    /// the clues stay at least `target`.
    fn dig_to(&mut self, target: usize, rng: &mut ChaCha8Rng) {
        let mut order: Vec<usize> = (0..self.orbits.len()).filter(|&o| self.holds(o)).collect();
        order.shuffle(rng);
        for o in order {
            if self.puzzle.given_count() - self.orbits[o].len() < target {
                continue;
            }
            let fewer = self.without(&[o]);
            let cells = self.orbits[o].clone();
            if self.search_other(&fewer, &cells).is_none() {
                self.puzzle = fewer;
            }
        }
    }

    fn without(&self, outs: &[usize]) -> Grid {
        let mut fewer = self.puzzle;
        for &o in outs {
            for &cell in &self.orbits[o] {
                fewer.set_cell(cell, None);
            }
        }
        fewer
    }

    /// A solution of `puzzle` other than the solution, which was its only
    /// one with the cells of `removed` filled (an other one differs
    /// there), kept among the others met.
    fn search_other(&mut self, puzzle: &Grid, removed: &[usize]) -> Option<Cells> {
        let mut candidates = [DigitSet::ALL; 81];
        for (cell, set) in candidates.iter_mut().enumerate() {
            if let Some(d) = puzzle.digit(cell) {
                *set = DigitSet::single(Digit::new(d));
            }
        }
        let other = removed.iter().find_map(|&cell| {
            let mut but = candidates;
            let digit = self.solution.digit(cell).expect("a full solution");
            but[cell].remove(Digit::new(digit));
            solver::solve_candidates(&but)
        })?;
        let differs = (0..81)
            .filter(|&c| other.digit(c) != self.solution.digit(c))
            .fold(0, |m, c| m | 1 << c);
        if self.others.len() == KEPT_OTHERS {
            self.others.remove(0);
        }
        self.others.push(differs);
        Some(differs)
    }
}

fn with(puzzle: &Grid, solution: &Grid, cells: &[usize]) -> Grid {
    let mut more = *puzzle;
    for &cell in cells {
        more.set_cell(cell, solution.digit(cell));
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
        let mut walk = Walk {
            puzzle: *solution,
            solution,
            orbits,
            masks: orbits
                .iter()
                .map(|o| o.iter().fold(0, |m, &c| m | 1 << c))
                .collect(),
            others: Vec::new(),
        };
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
    fn two_orbits_give_way_to_one() {
        let orbits = Symmetry::None.orbits();
        let mut fewer = 0;
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let puzzle = dug(&solution, &orbits, &mut rng);
            let mut walk = Walk {
                puzzle,
                solution: &solution,
                orbits: &orbits,
                masks: orbits.iter().map(|o| 1 << o[0]).collect(),
                others: Vec::new(),
            };
            if walk.one_fewer(0, &mut rng) {
                fewer += 1;
                let (before, after) = (puzzle.given_count(), walk.puzzle.given_count());
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
        let mut walk = Walk {
            puzzle,
            solution: &solution,
            orbits: &orbits,
            masks: orbits.iter().map(|o| 1 << o[0]).collect(),
            others: Vec::new(),
        };
        let clue = (0..81).find(|&c| puzzle.digit(c).is_some()).unwrap();
        let fewer = walk.without(&[clue]);
        let differs = walk
            .search_other(&fewer, &[clue])
            .expect("every clue is needed");
        assert_ne!(differs & 1 << clue, 0);
        assert_eq!(differs & walk.clues() & !(1 << clue), 0);
        assert_eq!(walk.others, [differs]);
        assert_eq!(walk.search_other(&puzzle, &[clue]), None);
    }
}
