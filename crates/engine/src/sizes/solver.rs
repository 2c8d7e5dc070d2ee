//! The engine for every shape: a 64-bit candidate mask per cell, naked and
//! hidden singles to a fixpoint, and a guess where the fewest choices are
//! left (a cell's candidates or a digit's places in a house).
//!
//! Written by hand rather than on a general constraint library because it
//! is the hot loop: the states of the search live in a pool indexed by
//! depth, so a guess copies two flat arrays and allocates nothing. The 9x9
//! grid keeps its SIMD engine (`crate::solver`); this one agrees with it on
//! 9x9 (checked by the tests) and serves every other shape.

use super::grid::SizedGrid;
use super::shape::Geometry;

/// What one search found.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let found = sizes::search(&SizedGrid::empty(Shape::for_size(16).unwrap()), 2);
/// assert_eq!(found.count, 2);
/// assert!(found.solution.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedSearch {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found.
    pub solution: Option<SizedGrid>,
    /// Guesses made (branch points of the search).
    pub guesses: u64,
}

/// One level of the search: every cell's candidates (a placed cell keeps
/// its one digit) and its digit, 0 while open.
#[derive(Clone)]
struct State {
    cands: Vec<u64>,
    value: Vec<u8>,
    open: usize,
}

/// Where to guess.
enum Choice {
    /// Each candidate of a cell.
    Cell(usize),
    /// Each place of a digit (as a bit) in a house.
    Places(usize, u64),
}

struct Search<'g> {
    geo: &'g Geometry,
    full: u64,
    limit: usize,
    count: usize,
    first: Option<Vec<u8>>,
    guesses: u64,
    /// States by depth, reused from guess to guess.
    pool: Vec<State>,
    /// Cells left with one candidate, to place.
    queue: Vec<u16>,
    /// The best house guess the last pass of hidden singles saw: a digit
    /// (as a bit) with two places in a house.
    pair: Option<(usize, u64)>,
    /// Guesses allowed before the search gives up.
    max_guesses: u64,
    /// Whether it gave up.
    gave_up: bool,
}

/// Searches for up to `limit` solutions of a grid of any shape.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let puzzle = SizedGrid::empty(Shape::new(3, 2).unwrap());
/// let found = sizes::search(&puzzle, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
pub fn search(grid: &SizedGrid, limit: usize) -> SizedSearch {
    search_within(grid, limit, u64::MAX).expect("no guess limit")
}

/// [`search`] with at most `max_guesses` guesses: `None` when that was
/// not enough to finish. For callers that prefer no answer to a long
/// search, such as a generator that can keep a clue instead.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let open = SizedGrid::empty(Shape::for_size(16).unwrap());
/// assert_eq!(sizes::search_within(&open, 2, 0), None);
/// assert_eq!(sizes::search_within(&open, 2, 100).unwrap().count, 2);
/// ```
pub fn search_within(grid: &SizedGrid, limit: usize, max_guesses: u64) -> Option<SizedSearch> {
    let shape = grid.shape();
    let geo = shape.geometry();
    let mut s = Search {
        geo: &geo,
        full: shape.all_digits(),
        limit,
        count: 0,
        first: None,
        guesses: 0,
        pool: Vec::new(),
        queue: Vec::new(),
        pair: None,
        max_guesses,
        gave_up: false,
    };
    if limit > 0
        && let Some(root) = s.root(grid)
    {
        s.pool.push(root);
        s.run(0);
    }
    if s.gave_up {
        return None;
    }
    Some(SizedSearch {
        count: s.count,
        solution: s
            .first
            .map(|cells| SizedGrid::from_cells(shape, cells).expect("digits of the shape")),
        guesses: s.guesses,
    })
}

impl Search<'_> {
    /// The root state with the givens placed, or `None` when two clash.
    fn root(&mut self, grid: &SizedGrid) -> Option<State> {
        let cells = grid.shape().cells();
        let mut state = State {
            cands: vec![self.full; cells],
            value: vec![0; cells],
            open: cells,
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 && !self.place(&mut state, cell, 1 << (d - 1)) {
                return None;
            }
        }
        Some(state)
    }

    /// Places a digit (as a bit) and takes it from the peers, queueing
    /// those left with one candidate; false when it is not a candidate or
    /// a peer is left with none.
    #[inline]
    fn place(&mut self, s: &mut State, cell: usize, bit: u64) -> bool {
        if s.cands[cell] & bit == 0 {
            return false;
        }
        if s.value[cell] != 0 {
            return true;
        }
        s.cands[cell] = bit;
        s.value[cell] = bit.trailing_zeros() as u8 + 1;
        s.open -= 1;
        for &p in &self.geo.peers[cell] {
            let p = p as usize;
            let c = s.cands[p];
            if c & bit != 0 {
                let left = c & !bit;
                s.cands[p] = left;
                if left & left.wrapping_sub(1) == 0 {
                    if left == 0 {
                        return false;
                    }
                    self.queue.push(p as u16);
                }
            }
        }
        true
    }

    /// Takes a candidate from an open cell; false when none is left.
    #[inline]
    fn eliminate(&mut self, s: &mut State, cell: usize, bit: u64) -> bool {
        let left = s.cands[cell] & !bit;
        s.cands[cell] = left;
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            self.queue.push(cell as u16);
        }
        true
    }

    /// Places the queued singles; false on a contradiction.
    fn drain(&mut self, s: &mut State) -> bool {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            if s.value[cell] == 0 && !self.place(s, cell, s.cands[cell]) {
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// Naked and hidden singles until none is left; false on a
    /// contradiction (with the queue emptied). The last pass leaves in
    /// `pair` a digit with two places in a house, if any.
    fn propagate(&mut self, s: &mut State) -> bool {
        let alive = self.singles(s);
        if !alive {
            self.queue.clear();
        }
        alive
    }

    fn singles(&mut self, s: &mut State) -> bool {
        loop {
            if !self.drain(s) {
                return false;
            }
            let mut progress = false;
            self.pair = None;
            for (h, house) in self.geo.houses.iter().enumerate() {
                let (mut once, mut twice, mut thrice, mut placed) = (0u64, 0u64, 0u64, 0u64);
                for &c in house {
                    let c = c as usize;
                    let m = s.cands[c];
                    if s.value[c] != 0 {
                        placed |= m;
                    } else {
                        thrice |= twice & m;
                        twice |= once & m;
                        once |= m;
                    }
                }
                if once | placed != self.full {
                    return false;
                }
                let mut singles = once & !twice & !placed;
                if singles == 0 {
                    let pairs = twice & !thrice & !placed;
                    if pairs != 0 && self.pair.is_none() {
                        self.pair = Some((h, pairs & pairs.wrapping_neg()));
                    }
                    continue;
                }
                progress = true;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles &= singles - 1;
                    // Placements since the scan may have taken the place
                    // (a contradiction) or put the digit there already.
                    let Some(&cell) = house
                        .iter()
                        .find(|&&c| s.value[c as usize] == 0 && s.cands[c as usize] & bit != 0)
                    else {
                        if house
                            .iter()
                            .any(|&c| s.value[c as usize] == bit.trailing_zeros() as u8 + 1)
                        {
                            continue;
                        }
                        return false;
                    };
                    if !self.place(s, cell as usize, bit) || !self.drain(s) {
                        return false;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// The open cell with the fewest candidates, or a digit's two places
    /// in a house when no cell has two.
    fn choose(&self, s: &State) -> Choice {
        let mut best = (u32::MAX, 0);
        for (cell, &m) in s.cands.iter().enumerate() {
            if s.value[cell] == 0 {
                let n = m.count_ones();
                if n < best.0 {
                    best = (n, cell);
                    if n == 2 {
                        return Choice::Cell(cell);
                    }
                }
            }
        }
        match self.pair {
            Some((house, bit)) => Choice::Places(house, bit),
            None => Choice::Cell(best.1),
        }
    }

    /// The depth-first search from the state at `depth` of the pool.
    fn run(&mut self, depth: usize) {
        loop {
            let mut s = std::mem::replace(&mut self.pool[depth], empty_state());
            let alive = self.propagate(&mut s);
            if !alive {
                self.pool[depth] = s;
                return;
            }
            if s.open == 0 {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(s.value.clone());
                }
                self.pool[depth] = s;
                return;
            }
            if self.guesses == self.max_guesses {
                self.gave_up = true;
                self.pool[depth] = s;
                return;
            }
            self.guesses += 1;
            // Each option but the last in a child; the last in place.
            let options: Vec<(usize, u64)> = match self.choose(&s) {
                Choice::Cell(cell) => bits(s.cands[cell]).map(|b| (cell, b)).collect(),
                Choice::Places(house, bit) => self.geo.houses[house]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| s.value[c] == 0 && s.cands[c] & bit != 0)
                    .map(|c| (c, bit))
                    .collect(),
            };
            let (last, rest) = options
                .split_last()
                .expect("an open cell has two candidates");
            for &(cell, bit) in rest {
                if self.pool.len() == depth + 1 {
                    self.pool.push(s.clone());
                } else {
                    let child = &mut self.pool[depth + 1];
                    child.cands.copy_from_slice(&s.cands);
                    child.value.copy_from_slice(&s.value);
                    child.open = s.open;
                }
                let mut child = std::mem::replace(&mut self.pool[depth + 1], empty_state());
                let placed = self.place(&mut child, cell, bit);
                self.pool[depth + 1] = child;
                if placed {
                    self.run(depth + 1);
                } else {
                    self.queue.clear();
                }
                if self.count >= self.limit || self.gave_up {
                    self.pool[depth] = s;
                    return;
                }
                // That option is spent: every solution left avoids it.
                if !self.eliminate(&mut s, cell, bit) || !self.drain(&mut s) {
                    self.queue.clear();
                    self.pool[depth] = s;
                    return;
                }
            }
            let placed = self.place(&mut s, last.0, last.1);
            self.pool[depth] = s;
            if !placed {
                self.queue.clear();
                return;
            }
        }
    }
}

fn empty_state() -> State {
    State {
        cands: Vec::new(),
        value: Vec::new(),
        open: 0,
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizes::{Shape, reference};

    #[test]
    fn a_hidden_single_placed_meanwhile_is_no_contradiction() {
        // A 2x4 puzzle where a hidden single of a house scan becomes a
        // naked single placed by an earlier single of the same scan; the
        // engine once counted no solution here.
        let line = "..241.7..1..6.422........817............8..24...5....7..46...35.";
        let cells = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let grid = SizedGrid::from_cells(Shape::new(2, 4).unwrap(), cells).unwrap();
        assert_eq!(reference::count(&grid, 2).0, 1);
        assert_eq!(search(&grid, 2).count, 1);
    }
}
