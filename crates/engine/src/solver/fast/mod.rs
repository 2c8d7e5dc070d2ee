//! The fast engine: digit-by-band bitboards, propagated in rounds that
//! update every digit at once, searched depth first with the state copied
//! at each guess.
//!
//! - `state.rs`: the bitboards (a mask per digit and band, in lanes), their
//!   set-up from a grid or from every cell's candidates, placing a digit,
//!   counting candidates;
//! - `rules.rs`: one round of propagation (band rule, stack rule, singles);
//! - `guess.rs`: settling to a fixpoint and choosing what to guess (cheap,
//!   eager or careful);
//! - here: the depth-first search and its entry point per backend, and the
//!   naked subsets applied to candidates given from outside (`narrow`).
//!
//! The core is written once with `#[inline(always)]` helpers, generic over
//! the lane type, and compiled once per [`Backend`](super::Backend) inside a
//! `#[target_feature]` entry point, so the same steps in the same order give
//! the same answers on every path; only the instructions differ.

mod guess;
mod rules;
mod state;

use super::lanes::{Lanes, Portable};
use super::tables::{PERM_CELLS, PERMS};
use guess::{CHEAP_GUESSES, FAILURE_RATIO, STACK_KEEP, Step, settle};
use state::State;

use crate::grid::{CELLS, DigitSet, Grid};
use crate::solver::reference;

/// What a search starts from.
pub(super) trait Start {
    /// The root state, or `None` when two placed digits clash.
    fn state<V: Lanes>(&self) -> Option<State>;

    /// The reference solver's count up to `limit` and first solution, for
    /// a search that ran out of its guess budget (see [`Ctx::budget`]).
    fn reference(&self, limit: usize) -> (usize, Option<Grid>);
}

/// A grid's cells, 0 for a blank.
impl Start for [u8; CELLS] {
    #[inline(always)]
    fn state<V: Lanes>(&self) -> Option<State> {
        State::new::<V>(self)
    }

    fn reference(&self, limit: usize) -> (usize, Option<Grid>) {
        Grid::from_cells(*self).map_or((0, None), |grid| reference::count(&grid, limit))
    }
}

/// Every cell's candidates, narrowed first (see [`narrow`]).
impl Start for [DigitSet; CELLS] {
    #[inline(always)]
    fn state<V: Lanes>(&self) -> Option<State> {
        let mut sets = self.map(DigitSet::bits);
        if !narrow(&mut sets) {
            return None;
        }
        State::from_candidates::<V>(&sets)
    }

    fn reference(&self, limit: usize) -> (usize, Option<Grid>) {
        reference::count_candidates(self, limit)
    }
}

/// Applies naked subsets to candidates given from outside, before the
/// search: `k` cells of a house that hold `k` digits between them keep
/// those digits from the house's other cells, and fewer than `k` digits
/// leave no solution (returns false). The rounds of the search never see
/// a subset, and its guesses (placements of one digit, two-candidate cells)
/// do not aim at one: six cells of a row left with five digits, the rest of
/// the grid open, kept the search filling the open part every way for
/// minutes (found by the solver fuzz target).
///
/// Only the cells the input narrowed beyond what its one-digit cells rule
/// out take part, so a grid's candidates (or pencil marks that only cross
/// out the digits of their peers) cost one pass over the peers.
fn narrow(sets: &mut [u16; CELLS]) -> bool {
    use crate::grid::{PEERS, UNITS};
    let mut taken = [0u16; CELLS];
    for cell in (0..CELLS).filter(|&c| sets[c].is_power_of_two()) {
        for &p in &PEERS[cell] {
            taken[p as usize] |= sets[cell];
        }
    }
    let mut narrowed = [false; CELLS];
    for cell in 0..CELLS {
        if !sets[cell].is_power_of_two() {
            sets[cell] &= !taken[cell];
            narrowed[cell] = sets[cell] != DigitSet::ALL.bits() & !taken[cell];
        }
    }
    loop {
        let mut changed = false;
        for unit in &UNITS {
            let mut cells = [0usize; 9];
            let mut n = 0;
            for &c in unit.iter().filter(|&&c| narrowed[c as usize]) {
                cells[n] = c as usize;
                n += 1;
            }
            // The digits of each subset of those cells, one more cell at a time.
            let mut union = [0u16; 1 << 9];
            for sub in 1..1usize << n {
                union[sub] = union[sub & (sub - 1)] | sets[cells[sub.trailing_zeros() as usize]];
                let (k, digits) = (sub.count_ones(), union[sub].count_ones());
                if digits < k {
                    return false;
                }
                if digits > k {
                    continue;
                }
                for &c in unit {
                    let c = c as usize;
                    let inside = (0..n).any(|i| sub >> i & 1 == 1 && cells[i] == c);
                    if !inside && !sets[c].is_power_of_two() && sets[c] & union[sub] != 0 {
                        sets[c] &= !union[sub];
                        narrowed[c] = true;
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

/// What a search collects.
pub(super) struct Ctx {
    pub limit: usize,
    pub count: usize,
    pub guesses: u64,
    pub solution: [u8; CELLS],
    /// Branches that met a contradiction: until the first, guesses are
    /// eager; while fewer than one guess in `FAILURE_RATIO` fails, cheap.
    pub failures: u64,
    /// The root had few two-candidate cells: every guess is careful.
    pub hard: bool,
    /// Guesses allowed before the search gives up (and sets `limit` to 0,
    /// which unwinds it). The guesses here place one digit or fill a band
    /// with one digit; they never aim at a digit's places in one house.
    /// On a few candidate sets given from outside (an open grid around a
    /// house that cannot be filled, found by the solver fuzz target) that
    /// takes millions of guesses where the reference, which guesses where
    /// the fewest choices are left, needs a few hundred. No puzzle of the
    /// shared benchmark sets needs more than 548 guesses for two solutions.
    pub budget: u64,
}

/// The guesses every search may make, plus [`BUDGET_PER_SOLUTION`] for
/// each solution asked for (counting an open grid's solutions takes about
/// one guess each).
pub(super) const BUDGET: u64 = 20_000;
/// See [`BUDGET`].
pub(super) const BUDGET_PER_SOLUTION: u64 = 4;

impl Ctx {
    pub fn new(limit: usize) -> Ctx {
        Ctx {
            limit,
            count: 0,
            guesses: 0,
            solution: [0; CELLS],
            failures: 0,
            hard: false,
            budget: BUDGET.saturating_add((limit as u64).saturating_mul(BUDGET_PER_SOLUTION)),
        }
    }

    /// Whether the search gave up (ran out of its budget).
    pub fn gave_up(&self) -> bool {
        self.guesses > self.budget
    }

    /// Counts a guess; false (and the search unwinds) past the budget.
    #[inline(always)]
    fn guess(&mut self) -> bool {
        self.guesses += 1;
        if self.guesses > self.budget {
            self.limit = 0;
            return false;
        }
        true
    }
}

/// The body of the recursive search, expanded once per backend so each
/// copy is compiled with its own target features.
macro_rules! search_fn {
    ($(#[$attr:meta])* $vis:vis fn $name:ident, $search:ident, $lanes:ty, $bmi2:literal) => {
        $(#[$attr])*
        $vis fn $name<S: Start>(start: &S, ctx: &mut Ctx) {
            if let Some(s) = start.state::<$lanes>() {
                $search(s, ctx);
            }
        }

        $(#[$attr])*
        fn $search(mut s: State, ctx: &mut Ctx) {
            loop {
                let eager = ctx.guesses > 0 && ctx.failures == 0 && !ctx.hard;
                // Guesses that rarely fail (open, many-solution grids) do
                // not pay for the careful choice's counting.
                let cheap = !ctx.hard
                    && (eager
                        || ctx.guesses < CHEAP_GUESSES
                        || ctx.failures * FAILURE_RATIO < ctx.guesses);
                let root = (ctx.guesses == 0).then_some(&mut ctx.hard);
                match settle::<$lanes, $bmi2>(&mut s, cheap, eager, root) {
                    Step::Contradiction => {
                        ctx.failures += 1;
                        return;
                    }
                    Step::Solved => {
                        ctx.count += 1;
                        if ctx.count == 1 {
                            s.extract::<$lanes>(&mut ctx.solution);
                        }
                        return;
                    }
                    Step::Config { d, b, mut perms } => {
                        if !ctx.guess() {
                            return;
                        }
                        while perms & (perms - 1) != 0 {
                            let k = perms.trailing_zeros() as usize;
                            perms &= perms - 1;
                            let mut child = s;
                            child.keep(d, b, PERM_CELLS[k]);
                            $search(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
                        }
                        s.keep(d, b, PERM_CELLS[perms.trailing_zeros() as usize]);
                    }
                    Step::StackConfig { d, st, mut perms } => {
                        if !ctx.guess() {
                            return;
                        }
                        while perms & (perms - 1) != 0 {
                            let k = perms.trailing_zeros() as usize;
                            perms &= perms - 1;
                            let mut child = s;
                            for b in 0..3 {
                                child.keep(d, b, STACK_KEEP[st][PERMS[k][b]]);
                            }
                            $search(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
                        }
                        let k = perms.trailing_zeros() as usize;
                        for b in 0..3 {
                            s.keep(d, b, STACK_KEEP[st][PERMS[k][b]]);
                        }
                    }
                    Step::Guess { b, pos, mut cands } => {
                        if !ctx.guess() {
                            return;
                        }
                        // Every candidate but the last in a copy; the last
                        // one in place.
                        while cands & (cands - 1) != 0 {
                            let d = cands.trailing_zeros() as usize;
                            cands &= cands - 1;
                            let mut child = s;
                            child.place(d, b, pos);
                            $search(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
                            s.clear(d, b, 1 << pos);
                        }
                        s.place(cands.trailing_zeros() as usize, b, pos);
                    }
                }
            }
        }
    };
}

search_fn!(
    /// Baseline instructions only.
    pub(super) fn search_portable, search_portable_inner, Portable, false
);

#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use super::super::lanes::x86::Avx2;
    use super::*;

    search_fn!(
        /// SSE4.1 and POPCNT.
        #[target_feature(enable = "sse4.1,popcnt")]
        pub(in crate::solver) fn search_sse41, search_sse41_inner, Portable, false
    );

    search_fn!(
        /// AVX2, BMI1/2 (PEXT for the minirow pattern), POPCNT, LZCNT.
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        pub(in crate::solver) fn search_avx2, search_avx2_inner, Avx2, true
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Backend, reference, search_candidates_with};

    /// A small deterministic generator for test masks.
    pub(super) fn rng(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    /// Candidates from `(cell, digits)` pairs, every other cell open.
    fn sets(narrowed: &[(usize, &str)]) -> [DigitSet; CELLS] {
        let mut sets = [DigitSet::ALL; CELLS];
        for &(cell, digits) in narrowed {
            sets[cell] = DigitSet::from_bits(digits.bytes().map(|b| 1 << (b - b'1')).sum());
        }
        sets
    }

    /// The count up to 2 on every backend, each search given 5 s.
    fn counts_in_time(sets: [DigitSet; CELLS]) -> Vec<usize> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for backend in Backend::available() {
                tx.send(search_candidates_with(backend, &sets, 2).count)
                    .unwrap();
            }
        });
        let within = std::time::Duration::from_secs(5);
        Backend::available()
            .iter()
            .map(|_| {
                rx.recv_timeout(within)
                    .expect("a search took more than 5 s")
            })
            .collect()
    }

    #[test]
    fn naked_subsets_in_the_input_are_seen_before_the_search() {
        // Found by the solver fuzz target (reduced): r9c5, r9c7 and r9c8
        // hold 2, 3 and 9 between them once r9c4 is 6, so r9c2 is 1; the
        // search found no solution in minutes, the reference in 70 us.
        let row = [(10, "4"), (47, "6"), (73, "123469"), (75, "6")];
        let trap = [(76, "39"), (78, "236"), (79, "29")];
        let marks = sets(&[&row[..], &trap[..]].concat());
        assert_eq!(reference::count_candidates(&marks, 2).0, 2);
        assert_eq!(counts_in_time(marks), vec![2; Backend::available().len()]);
        // Four cells of r5 for three digits, every other cell open: none.
        let marks = sets(&[(36, "239"), (37, "239"), (40, "239"), (44, "239")]);
        assert_eq!(counts_in_time(marks), vec![0; Backend::available().len()]);
        // A naked pair in r1c1 and r1c2: the rest of r1 and b1 lose 1 and 2.
        let mut pair = sets(&[(0, "12"), (1, "12")]).map(DigitSet::bits);
        assert!(narrow(&mut pair));
        let without = DigitSet::ALL.bits() & !0b11;
        assert_eq!((pair[0], pair[8], pair[20]), (0b11, without, without));
        assert_eq!(
            (pair[9 + 3], pair[80]),
            (DigitSet::ALL.bits(), DigitSet::ALL.bits())
        );
    }

    #[test]
    fn a_root_with_few_pairs_makes_the_search_careful() {
        // A hard puzzle (Easter Monster): few cells with two candidates.
        let puzzle: crate::Grid =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
                .parse()
                .unwrap();
        let mut ctx = Ctx::new(2);
        search_portable(puzzle.cells(), &mut ctx);
        assert_eq!(ctx.count, 1);
        assert!(ctx.hard);
        // The empty grid has no pair either, but more than 64 open cells
        // (fewer than 17 givens) never make one solution: not hard.
        let mut ctx = Ctx::new(1);
        search_portable(&[0u8; CELLS], &mut ctx);
        assert!(!ctx.hard);
        // A solution with two rows of a band opened: every open cell keeps
        // the two digits its column misses, and no single appears.
        let mut cells = ctx.solution;
        cells[..18].fill(0);
        let mut ctx = Ctx::new(2);
        search_portable(&cells, &mut ctx);
        assert!(ctx.count >= 1 && ctx.guesses > 0);
        assert!(!ctx.hard);
    }

    #[test]
    fn an_open_grid_around_narrowed_cells_is_not_hard() {
        // Found by the solver fuzz target (reduced): few pairs among 75
        // open cells made the root hard, and the careful guesses took
        // 510,632 of them to find two solutions; the cheap ones, a few.
        let marks = sets(&[
            (9, "27"),
            (11, "9"),
            (25, "245678"),
            (28, "1456789"),
            (33, "19"),
            (42, "129"),
            (46, "589"),
            (55, "16"),
            (72, "16"),
        ]);
        let mut ctx = Ctx::new(2);
        search_portable(&marks, &mut ctx);
        assert_eq!(ctx.count, 2);
        assert!(!ctx.hard);
        assert!(ctx.guesses < 1000, "{} guesses", ctx.guesses);
    }

    /// Every cell's candidates from the 729-character form.
    fn sukaku(line: &str) -> [DigitSet; CELLS] {
        let bytes = line.as_bytes();
        std::array::from_fn(|cell| {
            (0..9)
                .filter(|&i| bytes[cell * 9 + i].is_ascii_digit() && bytes[cell * 9 + i] != b'0')
                .map(|i| crate::Digit::new(i as u8 + 1))
                .collect()
        })
    }

    #[test]
    fn a_search_that_wanders_gives_way_to_the_reference() {
        // Found by the solver fuzz target: the engine's guesses (one digit
        // in a cell, one digit across a band) took 3.5 and 12.5 million
        // guesses (seconds to half a minute) where the reference, guessing
        // where the fewest choices are left, needs under a millisecond.
        let wanderers = [
            "12345678912345678912345678.123456789.2....7...2......912345678912345678.123456789.2....7...2......91234567891234567891.3456..912345678912345678912345678912345678912345678912345678.1234.6...1234567891234.6789..3456789123456789.2.45678.1234567891234567891..4567891234.........5..891234567891234567891.......91.345678912345678912345678912345678912345678912345678...345678912345678912......91.3456789...4.678.12345678912345678912345678.123456789123456789123456789123456789.23.5.7.912345678912345678912.456..9123456789.2.4.6..912345678912345678912345678.12345678912345678..2......912345678912345678912......9.23456..91234567891234567891.34.6..912.456..9123456789.2.4.6..912345678912345678912345678.1....6..9.2.4.6....2......9123456789",
            "12345678912345678912345678.123456789.2....7...2......912345678912345678.123456789.2....7...2......91234567891234567891.3456..912.456..912.4567891234567891.34.6..912.456..91234567891234.6..9.2.4.6...1234.678.12345678912345678912345678912345678912345678912345678912345678912345678912345678912....7.9........912345678912.45678912345678912345678.123456789........912345678912345678.12345678912345678912345678912345678912345678.1234.6..91234567891234.6789..345678912345678.1........1234567891234.6789..345678912345678..2.45678.1234567891234.678912345678912345678912.4567891234567891.34.6..912.456..91234567891234.6..9.2.4.6...1234.678.12345678912345678912345678..2......912345678912......91..4567891234.67.91234....9123456789..3......",
        ];
        for line in wanderers {
            let marks = sukaku(line);
            let (count, _) = reference::count_candidates(&marks, 2);
            for backend in Backend::available() {
                let started = std::time::Instant::now();
                let found = search_candidates_with(backend, &marks, 2);
                assert_eq!(found.count, count, "{backend:?}");
                let solution = found.solution.expect("solvable");
                for (cell, digit) in solution.cells().iter().enumerate() {
                    assert!(marks[cell].contains(crate::Digit::new(*digit)));
                }
                assert!(solution.is_solution_of(&Grid::empty()));
                assert!(found.guesses > BUDGET, "the engine gave up first");
                // Debug builds are slow; the budget still bounds the work.
                assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
            }
        }
        // A search within its budget is the engine's own, to the guess.
        let mut ctx = Ctx::new(2);
        search_portable(&[0u8; CELLS], &mut ctx);
        assert!(!ctx.gave_up() && ctx.count == 2);
        // With a budget of one guess, the empty grid gives up at once.
        let mut ctx = Ctx::new(2);
        ctx.budget = 1;
        search_portable(&[0u8; CELLS], &mut ctx);
        assert!(ctx.gave_up() && ctx.guesses == 2);
    }
}
