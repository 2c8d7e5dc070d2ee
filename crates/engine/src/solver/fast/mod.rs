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
//! - here: the depth-first search and its entry point per backend.
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

use crate::grid::{CELLS, DigitSet};

/// What a search starts from.
pub(super) trait Start {
    /// The root state, or `None` when two placed digits clash.
    fn state<V: Lanes>(&self) -> Option<State>;
}

/// A grid's cells, 0 for a blank.
impl Start for [u8; CELLS] {
    #[inline(always)]
    fn state<V: Lanes>(&self) -> Option<State> {
        State::new::<V>(self)
    }
}

/// Every cell's candidates.
impl Start for [DigitSet; CELLS] {
    #[inline(always)]
    fn state<V: Lanes>(&self) -> Option<State> {
        State::from_candidates::<V>(&self.map(DigitSet::bits))
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
}

impl Ctx {
    pub fn new(limit: usize) -> Ctx {
        Ctx {
            limit,
            count: 0,
            guesses: 0,
            solution: [0; CELLS],
            failures: 0,
            hard: false,
        }
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
                        ctx.guesses += 1;
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
                        ctx.guesses += 1;
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
                        ctx.guesses += 1;
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

    /// A small deterministic generator for test masks.
    pub(super) fn rng(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    #[test]
    fn a_root_with_few_pairs_makes_the_search_careful() {
        // The empty grid: no cell has two candidates.
        let mut ctx = Ctx::new(1);
        search_portable(&[0u8; CELLS], &mut ctx);
        assert!(ctx.hard);
        // A solution with two rows of a band opened: every open cell keeps
        // the two digits its column misses, and no single appears.
        let mut cells = ctx.solution;
        cells[..18].fill(0);
        let mut ctx = Ctx::new(2);
        search_portable(&cells, &mut ctx);
        assert!(ctx.count >= 1 && ctx.guesses > 0);
        assert!(!ctx.hard);
    }
}
