//! Solution grids that a turn of the grid maps onto themselves up to a
//! renaming of the digits, for minimal puzzles with a symmetry.
//!
//! A symmetric dig leaves every orbit of clues needed but single clues to
//! spare, and on a random solution grid each cell of an orbit is spare or
//! needed on its own: with orbits of four cells from 15x15 up, no pattern
//! without a spare clue came in 1,000 attempts (see BENCHMARKS.md). When a
//! turn `g` of the grid maps the solution onto itself with its digits
//! renamed by `p` (`grid[g(c)] = p(grid[c])`), it maps a puzzle with a
//! symmetric pattern onto itself and its other solutions onto other
//! solutions: a clue can go exactly when its image can, so the cells of an
//! orbit stand or fall together in pairs (a half turn) or fours (a quarter
//! turn), and far fewer things must go right at once.
//!
//! Only the turns are used. A 16x16 grid that both mirrors map onto
//! itself is so regular that the dig left 64 to 96 of its 104 to 116
//! clues spare (27 to 60 on random grids); and no mirror maps a grid of
//! odd side onto itself (the middle column maps onto itself, so every
//! digit would keep its name, and each row would then hold a digit twice).

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_engine::sizes::{Shape, SizedGrid};

use crate::Symmetry;

/// A map of the grid onto itself: the image of each cell (reading order)
/// and of each digit (from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Automorphism {
    cells: Vec<usize>,
    digits: Vec<u8>,
}

/// The maps, the identity first, that the solution grids of minimal
/// puzzles with `symmetry` are made to be closed under: the half turn for
/// rotational and biaxial symmetry, the quarter turns for quarter-turn
/// and dihedral symmetry; `None` for the mirrors, whose orbits of two
/// cells are met from random grids.
pub(crate) fn group(shape: Shape, symmetry: Symmetry) -> Option<Vec<Automorphism>> {
    // The generator turns by `quarters` quarter turns; its powers make the
    // group, of order `order`.
    let (quarters, order) = match symmetry {
        Symmetry::Rotational | Symmetry::Biaxial => (2, 2),
        Symmetry::Quarter | Symmetry::Dihedral => (1, 4),
        _ => return None,
    };
    let n = shape.size();
    let turn = |cell: usize| {
        let (mut r, mut c) = (cell / n, cell % n);
        for _ in 0..quarters {
            (r, c) = (c, n - 1 - r);
        }
        r * n + c
    };
    // Digits in cycles of the group's order. On odd sides the middle cell
    // is its own image, so its digit (digit 0) must be too; on sides 2
    // more than a multiple of 4, two digits stay (with none, the search
    // finds no grid on 6x6, 10x10 or 14x14). Quarter turns need square
    // boxes, so a side 0 or 1 more than a multiple of 4.
    let fixed = match n % 4 {
        2 => 2,
        _ => n % 2,
    };
    debug_assert_eq!((n - fixed) % order, 0);
    let rename = |d: usize| {
        if d < fixed {
            return d;
        }
        let k = d - fixed;
        fixed + k - k % order + (k % order + 1) % order
    };
    let mut group = vec![Automorphism {
        cells: (0..n * n).collect(),
        digits: (0..n as u8).collect(),
    }];
    for _ in 1..order {
        let last = &group[group.len() - 1];
        let next = Automorphism {
            cells: last.cells.iter().map(|&c| turn(c)).collect(),
            digits: last
                .digits
                .iter()
                .map(|&d| rename(d as usize) as u8)
                .collect(),
        };
        group.push(next);
    }
    Some(group)
}

/// The turns a solution grid is closed under, with the renaming of its
/// digits each makes: on a puzzle whose clue pattern they keep, a
/// question about a cell (can it go? another solution without it?) is
/// answered for its images by turning the answer, so one cell of each
/// class asks it.
#[derive(Debug, Clone)]
pub(crate) struct Closure {
    /// Each turn's image of every cell, and of every digit (from 1, the
    /// grid's own, index 0 unused).
    maps: Vec<(Vec<usize>, Vec<u8>)>,
    /// The first cell of each cell's class (its images under the turns).
    first: Vec<usize>,
}

impl Closure {
    /// The turns of `turns` with their renamings of `solution`'s digits,
    /// or `None` when a turn does not map it onto itself.
    pub(crate) fn of(solution: &SizedGrid, turns: &[Automorphism]) -> Option<Closure> {
        let cells = solution.cells();
        let n = solution.size();
        let mut maps = Vec::with_capacity(turns.len());
        for turn in turns {
            let mut digits = vec![0u8; n + 1];
            for (c, &d) in cells.iter().enumerate() {
                let image = cells[turn.cells[c]];
                if digits[d as usize] != 0 && digits[d as usize] != image {
                    return None;
                }
                digits[d as usize] = image;
            }
            maps.push((turn.cells.clone(), digits));
        }
        let first = (0..n * n)
            .map(|c| maps.iter().map(|(m, _)| m[c]).min().unwrap_or(c))
            .collect();
        Some(Closure { maps, first })
    }

    /// Whether `cell` is the first of its class: the one that asks.
    pub(crate) fn asks(&self, cell: usize) -> bool {
        self.first[cell] == cell
    }

    /// The first cell of `cell`'s class.
    pub(crate) fn first(&self, cell: usize) -> usize {
        self.first[cell]
    }

    /// `grid` turned so that what it showed of `first(cell)` it shows of
    /// `cell`: another solution without `first(cell)` becomes one without
    /// `cell`.
    pub(crate) fn carry(&self, grid: &SizedGrid, cell: usize) -> SizedGrid {
        let from = self.first[cell];
        let (map, digits) = self
            .maps
            .iter()
            .find(|(m, _)| m[from] == cell)
            .expect("a cell's class holds it");
        let mut turned = vec![0u8; grid.cells().len()];
        for (c, &d) in grid.cells().iter().enumerate() {
            turned[map[c]] = if d == 0 { 0 } else { digits[d as usize] };
        }
        SizedGrid::from_cells(grid.shape(), turned).expect("digits of the shape")
    }
}

/// Nodes a search for a grid may visit before it starts again.
const NODES: u64 = 200_000;

/// A random solution grid that every map of `group` (from [`group`]) takes
/// onto itself, or `None` when ten searches ran out of nodes (none has on
/// the shapes up to 25x25). A depth-first
/// search places a digit in a cell and its images in theirs, at the cell
/// with fewest candidates, the digits in random order; the digits are
/// renamed at random at the end.
pub(crate) fn random_solution(
    shape: Shape,
    group: &[Automorphism],
    rng: &mut impl Rng,
) -> Option<SizedGrid> {
    let n = shape.size();
    let geometry = shape.geometry();
    for _ in 0..10 {
        let mut search = Search {
            n,
            peers: geometry.peers(),
            group,
            nodes: 0,
        };
        let mut state = State {
            candidates: vec![shape.all_digits(); n * n],
            digits: vec![EMPTY; n * n],
        };
        if search.fill(&mut state, rng) {
            let mut names: Vec<u8> = (1..=n as u8).collect();
            names.shuffle(rng);
            let cells = state.digits.iter().map(|&d| names[d as usize]).collect();
            return Some(SizedGrid::from_cells(shape, cells).expect("digits of the shape"));
        }
    }
    None
}

const EMPTY: u8 = u8::MAX;

#[derive(Clone)]
struct State {
    candidates: Vec<u64>,
    digits: Vec<u8>,
}

struct Search<'a> {
    n: usize,
    peers: &'a [Vec<u16>],
    group: &'a [Automorphism],
    nodes: u64,
}

impl Search<'_> {
    /// Places `digit` in `cell` and each image in its cell, and takes them
    /// from the peers' candidates; false when that breaks a rule.
    fn place(&self, state: &mut State, cell: usize, digit: u8) -> bool {
        let mut placed = Vec::with_capacity(self.group.len());
        for map in self.group {
            let (c, d) = (map.cells[cell], map.digits[digit as usize]);
            if state.digits[c] != EMPTY {
                if state.digits[c] != d {
                    return false;
                }
                continue;
            }
            if state.candidates[c] & 1 << d == 0 {
                return false;
            }
            state.digits[c] = d;
            state.candidates[c] = 1 << d;
            placed.push((c, d));
        }
        for (c, d) in placed {
            for &peer in &self.peers[c] {
                let peer = peer as usize;
                if state.digits[peer] == d {
                    return false;
                }
                if state.digits[peer] == EMPTY {
                    state.candidates[peer] &= !(1 << d);
                    if state.candidates[peer] == 0 {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn fill(&mut self, state: &mut State, rng: &mut impl Rng) -> bool {
        self.nodes += 1;
        if self.nodes > NODES {
            return false;
        }
        // The open cell with fewest candidates, ties broken at random.
        let cells = self.n * self.n;
        let start = rng.random_range(0..cells);
        let mut best = (u32::MAX, usize::MAX);
        for k in 0..cells {
            let cell = (start + k) % cells;
            let count = state.candidates[cell].count_ones();
            if state.digits[cell] == EMPTY && count < best.0 {
                best = (count, cell);
            }
        }
        let cell = best.1;
        if cell == usize::MAX {
            return true;
        }
        let mut digits: Vec<u8> = (0..self.n as u8)
            .filter(|&d| state.candidates[cell] & 1 << d != 0)
            .collect();
        digits.shuffle(rng);
        for digit in digits {
            let mut next = state.clone();
            if self.place(&mut next, cell, digit) && self.fill(&mut next, rng) {
                *state = next;
                return true;
            }
            if self.nodes > NODES {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn grids_are_solutions_their_turns_map_onto_themselves() {
        let cases = [
            (2, 2, Symmetry::Quarter),
            (2, 3, Symmetry::Rotational),
            (5, 2, Symmetry::Biaxial),
            (3, 3, Symmetry::Dihedral),
            (3, 4, Symmetry::Biaxial),
            (3, 5, Symmetry::Biaxial),
            (4, 4, Symmetry::Quarter),
            (4, 5, Symmetry::Rotational),
            (5, 5, Symmetry::Quarter),
            (5, 5, Symmetry::Rotational),
        ];
        for (rows, cols, symmetry) in cases {
            let shape = Shape::new(rows, cols).unwrap();
            let group = group(shape, symmetry).unwrap();
            assert_eq!(
                group.len(),
                if symmetry == Symmetry::Rotational || symmetry == Symmetry::Biaxial {
                    2
                } else {
                    4
                }
            );
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(rows as u64 * 10 + cols as u64);
            let grid = random_solution(shape, &group, &mut rng)
                .unwrap_or_else(|| panic!("{shape} {symmetry}"));
            assert!(
                grid.is_solution_of(&SizedGrid::empty(shape)),
                "{shape} {symmetry}"
            );
            // One renaming of the digits for each map: grid[g(c)] = p(grid[c]).
            let cells = grid.cells();
            for map in &group {
                let mut renaming = vec![0u8; shape.size() + 1];
                for (c, &d) in cells.iter().enumerate() {
                    let image = cells[map.cells[c]];
                    assert!(
                        renaming[d as usize] == 0 || renaming[d as usize] == image,
                        "{shape} {symmetry}"
                    );
                    renaming[d as usize] = image;
                }
            }
            // The next grid differs.
            let other = random_solution(shape, &group, &mut rng).unwrap();
            assert_ne!(other, grid);
        }
    }

    #[test]
    fn the_mirrors_take_random_grids() {
        let shape = Shape::for_size(16).unwrap();
        for symmetry in [
            Symmetry::None,
            Symmetry::Mirror,
            Symmetry::Flip,
            Symmetry::Diagonal,
            Symmetry::AntiDiagonal,
        ] {
            assert!(group(shape, symmetry).is_none());
        }
    }
}
