//! A plain solver kept as the yardstick for the fast one: bitmask candidates,
//! naked and hidden singles, and a guess where the fewest choices are left
//! (a cell's candidates or a digit's places in a house); candidates given
//! from outside get naked subsets first. Short enough to check by reading;
//! the tests pit the fast engine against it.

use crate::grid::{CELLS, DigitSet, Grid, PEERS, UNITS};

const ALL: u16 = 0x1FF;

#[derive(Clone)]
struct State {
    cells: [u8; CELLS],
    /// Candidates of each empty cell (bit d-1 for digit d); 0 once filled.
    cands: [u16; CELLS],
}

impl State {
    /// The grid's state, or `None` when two givens clash.
    fn new(grid: &Grid) -> Option<State> {
        let mut s = State {
            cells: [0; CELLS],
            cands: [ALL; CELLS],
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 && !s.place(cell, d) {
                return None;
            }
        }
        Some(s)
    }

    /// The state for every cell's candidates, or `None` when two one-digit
    /// cells clash or a house's cells have too few digits between them.
    /// Each one-digit cell is placed, then naked subsets are applied.
    fn from_candidates(candidates: &[DigitSet; CELLS]) -> Option<State> {
        let mut s = State {
            cells: [0; CELLS],
            cands: candidates.map(DigitSet::bits),
        };
        for (cell, set) in candidates.iter().enumerate() {
            if let Some(d) = set.single_digit()
                && !s.place(cell, d.get())
            {
                return None;
            }
        }
        s.naked_subsets().then_some(s)
    }

    /// Until none is left: `k` open cells of a house that hold `k` digits
    /// between them keep those digits from the house's other cells; false
    /// when they hold fewer. Candidates given from outside can hide such a
    /// subset in an open grid, where singles do not see it and the search
    /// would fill the rest of the grid every way before reaching it (found
    /// by the solver fuzz target).
    fn naked_subsets(&mut self) -> bool {
        loop {
            let mut changed = false;
            for unit in &UNITS {
                for subset in 1..1u16 << 9 {
                    let inside = |i: usize| subset >> i & 1 == 1;
                    let cells = (0..9).filter(|&i| inside(i)).map(|i| unit[i] as usize);
                    if cells.clone().any(|c| self.cells[c] != 0) {
                        continue;
                    }
                    let digits = cells.fold(0, |all, c| all | self.cands[c]);
                    match digits.count_ones().cmp(&subset.count_ones()) {
                        std::cmp::Ordering::Less => return false,
                        std::cmp::Ordering::Greater => continue,
                        std::cmp::Ordering::Equal => {}
                    }
                    for (i, &c) in unit.iter().enumerate() {
                        if !inside(i) && self.cands[c as usize] & digits != 0 {
                            self.cands[c as usize] &= !digits;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Places a digit; false when it is not a candidate there.
    fn place(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1 << (digit - 1);
        if self.cands[cell] & bit == 0 {
            return false;
        }
        self.cells[cell] = digit;
        self.cands[cell] = 0;
        for &p in &PEERS[cell] {
            self.cands[p as usize] &= !bit;
        }
        true
    }

    /// Applies naked and hidden singles until none is left; false on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut progress = false;
            for cell in 0..CELLS {
                if self.cells[cell] == 0 {
                    let c = self.cands[cell];
                    if c == 0 {
                        return false;
                    }
                    if c & (c - 1) == 0 {
                        self.place(cell, c.trailing_zeros() as u8 + 1);
                        progress = true;
                    }
                }
            }
            for unit in &UNITS {
                let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
                for &cell in unit {
                    let c = self.cands[cell as usize];
                    twice |= once & c;
                    once |= c;
                    if self.cells[cell as usize] != 0 {
                        placed |= 1 << (self.cells[cell as usize] - 1);
                    }
                }
                if once | placed != ALL {
                    return false;
                }
                let mut singles = once & !twice & !placed;
                while singles != 0 {
                    let digit = singles.trailing_zeros() as u8 + 1;
                    singles &= singles - 1;
                    let cell = unit
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| self.cands[c] & (1 << (digit - 1)) != 0);
                    match cell {
                        Some(cell) => {
                            self.place(cell, digit);
                            progress = true;
                        }
                        // Another hidden single took the only cell.
                        None => return false,
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// Where to guess: the `(cell, digit)` choices of the empty cell with the
    /// fewest candidates, or of the house and digit with the fewest places,
    /// whichever has fewer. Exactly one choice holds in every solution, so
    /// trying each counts every solution once. `None` when the grid is full.
    ///
    /// Guessing on cells alone can wander through the open part of the grid
    /// for hours before it reaches a house that cannot be filled (six cells
    /// for five digits: found by the solver fuzz target).
    fn choices(&self) -> Option<Vec<(usize, u8)>> {
        let cell = (0..CELLS)
            .filter(|&c| self.cells[c] == 0)
            .min_by_key(|&c| self.cands[c].count_ones())?;
        let mut best: Vec<(usize, u8)> = (1..=9)
            .filter(|d| self.cands[cell] & 1 << (d - 1) != 0)
            .map(|d| (cell, d))
            .collect();
        // After propagation a digit still to place in a house has two places
        // or more (and a placed digit none): no house beats two candidates.
        for unit in &UNITS {
            for digit in 1..=9u8 {
                let places = unit
                    .iter()
                    .filter(|&&c| self.cands[c as usize] & 1 << (digit - 1) != 0);
                if best.len() > 2 && (1..best.len()).contains(&places.clone().count()) {
                    best = places.map(|&c| (c as usize, digit)).collect();
                }
            }
        }
        Some(best)
    }
}

fn search(mut s: State, limit: usize, found: &mut usize, first: &mut Option<Grid>) {
    if !s.propagate() {
        return;
    }
    let Some(choices) = s.choices() else {
        *found += 1;
        if first.is_none() {
            *first = Grid::from_cells(s.cells);
        }
        return;
    };
    for (cell, digit) in choices {
        if *found >= limit {
            break;
        }
        let mut next = s.clone();
        next.place(cell, digit);
        search(next, limit, found, first);
    }
}

/// Counts solutions up to `limit`, and returns the first one found.
///
/// ```
/// use sudoku_engine::{Grid, solver::reference};
/// let (count, first) = reference::count(&Grid::empty(), 3);
/// assert_eq!(count, 3);
/// assert!(first.unwrap().is_solution_of(&Grid::empty()));
/// ```
pub fn count(grid: &Grid, limit: usize) -> (usize, Option<Grid>) {
    let (mut found, mut first) = (0, None);
    if limit > 0
        && let Some(state) = State::new(grid)
    {
        search(state, limit, &mut found, &mut first);
    }
    (found, first)
}

/// One solution, or `None` when there is none.
///
/// ```
/// use sudoku_engine::{Grid, solver::reference};
/// assert!(reference::solve(&Grid::empty()).unwrap().is_solution_of(&Grid::empty()));
/// ```
pub fn solve(grid: &Grid) -> Option<Grid> {
    count(grid, 1).1
}

/// Counts up to `limit` solutions that keep to the candidates (every cell
/// holds a digit of its set), and returns the first one found; see
/// [`search_candidates`](super::search_candidates).
///
/// ```
/// use sudoku_engine::{Digit, DigitSet, solver::reference};
/// let mut marks = [DigitSet::ALL; 81];
/// marks[0] = DigitSet::single(Digit::new(3));
/// let (count, first) = reference::count_candidates(&marks, 2);
/// assert_eq!(count, 2);
/// assert_eq!(first.unwrap().cells()[0], 3);
/// ```
pub fn count_candidates(candidates: &[DigitSet; CELLS], limit: usize) -> (usize, Option<Grid>) {
    let (mut found, mut first) = (0, None);
    if limit > 0
        && let Some(state) = State::from_candidates(candidates)
    {
        search(state, limit, &mut found, &mut first);
    }
    (found, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_and_counts() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let (n, sol) = count(&puzzle, 10);
        assert_eq!(n, 1);
        assert!(sol.unwrap().is_solution_of(&puzzle));
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut grid = Grid::empty();
        grid.set(0, 0, Some(1));
        grid.set(0, 5, Some(1));
        assert_eq!(count(&grid, 5), (0, None));
    }

    #[test]
    fn a_house_short_of_digits_is_seen_without_filling_the_grid() {
        // Found by the solver fuzz target: six cells of r4 share five
        // digits. Guessing on cells alone filled rows 1-3 every way first:
        // 21 s for this reduced case in a release build, more than ten
        // minutes for the fuzz input. Guessing on the two places of 1, 3 or
        // 6 in r4 sees at once that they do not fit.
        let set = |digits: &str| DigitSet::from_bits(digits.bytes().map(|b| 1 << (b - b'1')).sum());
        let mut marks = [DigitSet::ALL; CELLS];
        for (cell, digits) in [(3, "1279"), (22, "124569"), (24, "2469"), (37, "29")] {
            marks[cell] = set(digits);
        }
        for cell in [27, 29] {
            marks[cell] = set("12345678");
        }
        marks[30..36].fill(set("24578"));
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(count_candidates(&marks, 2)));
        let within = std::time::Duration::from_secs(5);
        assert_eq!(rx.recv_timeout(within), Ok((0, None)));
    }

    #[test]
    fn a_house_short_of_digits_among_pairs_elsewhere_is_seen_at_once() {
        // Found by the solver fuzz target next (reduced): six cells of r4
        // for five digits again, but with cells of two and three
        // candidates elsewhere the search guessed those first and filled
        // the grid around them (12 s in a release build). The naked
        // subsets at the start see it.
        let set = |digits: &str| DigitSet::from_bits(digits.bytes().map(|b| 1 << (b - b'1')).sum());
        let mut marks = [DigitSet::ALL; CELLS];
        for cell in [26, 27, 28, 29, 33, 34, 35, 36] {
            marks[cell] = set("13679");
        }
        let others = [
            (45, "59"),
            (55, "2369"),
            (60, "1"),
            (61, "2469"),
            (69, "13469"),
            (70, "124569"),
            (72, "2469"),
        ];
        for (cell, digits) in others {
            marks[cell] = set(digits);
        }
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(count_candidates(&marks, 2)));
        let within = std::time::Duration::from_secs(5);
        assert_eq!(rx.recv_timeout(within), Ok((0, None)));
    }

    #[test]
    fn candidates_restrict_the_solutions() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let mut marks = puzzle.cells().map(|d| match d {
            0 => DigitSet::ALL,
            d => DigitSet::from_bits(1 << (d - 1)),
        });
        let (n, sol) = count_candidates(&marks, 10);
        assert_eq!((n, sol), count(&puzzle, 10));
        // Without its solution digit, the first open cell leaves none.
        let digit = sol.unwrap().cells()[0];
        marks[0] = DigitSet::from_bits(DigitSet::ALL.bits() & !(1 << (digit - 1)));
        assert_eq!(count_candidates(&marks, 10), (0, None));
        // Clashing one-digit cells and an empty cell.
        let mut clash = [DigitSet::ALL; CELLS];
        clash[3] = DigitSet::from_bits(1);
        clash[75] = DigitSet::from_bits(1);
        assert_eq!(count_candidates(&clash, 2), (0, None));
        let mut empty = [DigitSet::ALL; CELLS];
        empty[80] = DigitSet::EMPTY;
        assert_eq!(count_candidates(&empty, 2), (0, None));
    }
}
