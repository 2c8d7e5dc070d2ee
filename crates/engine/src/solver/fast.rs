//! The fast engine: digit-by-band bitboards, propagated to a fixpoint with
//! table lookups, searched depth first with the state copied at each guess.
//!
//! For each digit and each band (three rows) one 27-bit mask holds the cells
//! where the digit can still go. Within a band the digit must take one
//! minirow per row and per box, so the masks carry hidden singles in rows
//! and boxes and both kinds of locked candidates through one table lookup;
//! a box whose digit is down to one column clears that column in the other
//! two bands. Naked singles and the guess come from counting candidates per
//! cell across the nine digits, three bands at a time.
//!
//! The core is written once with `#[inline(always)]` helpers and compiled
//! once per [`Backend`](super::Backend) inside a `#[target_feature]` entry
//! point, so the same steps in the same order give the same answers on
//! every path; only the instructions differ.

use super::tables::{BAND, COLUMNS_TO_OTHER_BANDS, MINIROWS_TO_CELLS, PLACE, ROW_TO_MINIROWS};
use crate::grid::CELLS;

/// The search state, copied at every guess (304 bytes).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct State {
    /// `cand[digit][band]`: cells of the band where the digit can go.
    /// Lane 3 is padding (always 0) so a digit's bands fill one vector.
    cand: [[u32; 4]; 9],
    /// The value each mask had when it was last propagated; a mask that
    /// differs has news to spread.
    prev: [[u32; 4]; 9],
    /// Cells not yet known to hold a digit, per band.
    unsolved: [u32; 4],
}

/// What a search collects.
pub(super) struct Ctx {
    pub limit: usize,
    pub count: usize,
    pub guesses: u64,
    pub solution: [u8; CELLS],
}

impl Ctx {
    pub fn new(limit: usize) -> Ctx {
        Ctx {
            limit,
            count: 0,
            guesses: 0,
            solution: [0; CELLS],
        }
    }
}

impl State {
    /// The state for a grid's givens, or `None` when two givens clash.
    #[inline(always)]
    pub fn new(cells: &[u8; CELLS]) -> Option<State> {
        let mut s = State {
            cand: [[BAND, BAND, BAND, 0]; 9],
            prev: [[0; 4]; 9],
            unsolved: [BAND, BAND, BAND, 0],
        };
        for (cell, &digit) in cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let (d, b, pos) = (digit as usize - 1, cell / 27, cell % 27);
            let bit = 1u32 << pos;
            if s.cand[d][b] & bit == 0 {
                return None;
            }
            s.place(d, b, pos);
            let keep = !(0o001_001_001u32 << (pos % 9));
            s.cand[d][(b + 1) % 3] &= keep;
            s.cand[d][(b + 2) % 3] &= keep;
            s.unsolved[b] &= !bit;
        }
        Some(s)
    }

    /// Puts digit `d` in cell `pos` of band `b`: clears the digit from the
    /// cell's row and box and every other digit from the cell. Columns in
    /// the other bands follow when the mask is propagated.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, pos: usize) {
        let bit = 1u32 << pos;
        for digit in self.cand.iter_mut() {
            digit[b] &= !bit;
        }
        self.cand[d][b] |= bit;
        self.cand[d][b] &= PLACE[pos];
    }

    /// Spreads what one digit-band mask says; false on a contradiction.
    #[inline(always)]
    fn update<const BMI2: bool>(&mut self, d: usize, b: usize) -> bool {
        let x = self.cand[d][b];
        let x = x & MINIROWS_TO_CELLS[minirows::<BMI2>(x) as usize];
        if x == 0 {
            return false;
        }
        // Columns the digit is locked into leave the other two bands.
        let keep = COLUMNS_TO_OTHER_BANDS[((x | x >> 9 | x >> 18) & 0o777) as usize];
        let (b1, b2) = OTHER_BANDS[b];
        self.cand[d][b1] &= keep;
        self.cand[d][b2] &= keep;
        // A row with one cell left places the digit there; the cell leaves
        // every other digit. Done unconditionally: a branch here mispredicts.
        let mut solved = 0;
        for r in 0..3 {
            let f = (x >> (9 * r)) & 0o777;
            solved |= (((f & (f - 1)) == 0) as u32).wrapping_neg() & (f << (9 * r));
        }
        let newly = solved & self.unsolved[b];
        self.unsolved[b] &= !newly;
        for digit in self.cand.iter_mut() {
            digit[b] &= !newly;
        }
        self.cand[d][b] = x;
        self.prev[d][b] = x;
        true
    }

    /// Which masks changed since they were last propagated: bit
    /// `digit * 4 + band`.
    #[inline(always)]
    fn dirty(&self) -> u64 {
        let mut m = 0u64;
        for d in 0..9 {
            let mut lanes = 0u64;
            for b in 0..4 {
                lanes |= ((self.cand[d][b] != self.prev[d][b]) as u64) << b;
            }
            m |= lanes << (4 * d);
        }
        m
    }

    /// Propagates every changed mask until nothing changes; false on a
    /// contradiction.
    #[inline(always)]
    fn fixpoint<const BMI2: bool>(&mut self) -> bool {
        loop {
            let mut dirty = self.dirty();
            if dirty == 0 {
                return true;
            }
            while dirty != 0 {
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                if !self.update::<BMI2>(i >> 2, i & 3) {
                    return false;
                }
            }
        }
    }

    /// Cells with at least one, two and three candidates, per band.
    #[inline(always)]
    fn counts(&self) -> [[u32; 4]; 3] {
        let (mut c1, mut c2, mut c3) = ([0u32; 4], [0u32; 4], [0u32; 4]);
        for digit in &self.cand {
            for b in 0..4 {
                c3[b] |= c2[b] & digit[b];
                c2[b] |= c1[b] & digit[b];
                c1[b] |= digit[b];
            }
        }
        [c1, c2, c3]
    }

    /// Writes the digits of a fully solved state.
    #[inline(always)]
    fn extract(&self, out: &mut [u8; CELLS]) {
        for (d, bands) in self.cand.iter().enumerate() {
            for (b, &mask) in bands[..3].iter().enumerate() {
                let mut x = mask;
                while x != 0 {
                    out[b * 27 + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
    }
}

const OTHER_BANDS: [(usize, usize); 4] = [(1, 2), (2, 0), (0, 1), (3, 3)];

/// The minirow pattern (bit `row * 3 + box`) of a digit's band mask.
#[inline(always)]
fn minirows<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        let t = x | x >> 1 | x >> 2;
        // SAFETY: BMI2 is true only in code compiled inside the `bmi2`
        // entry points, which run only after runtime detection found BMI2.
        return unsafe { core::arch::x86_64::_pext_u32(t, 0o111_111_111) };
    }
    ROW_TO_MINIROWS[(x & 0o777) as usize] as u32
        | (ROW_TO_MINIROWS[((x >> 9) & 0o777) as usize] as u32) << 3
        | (ROW_TO_MINIROWS[((x >> 18) & 0o777) as usize] as u32) << 6
}

/// What one round of propagation left.
enum Step {
    Contradiction,
    Solved,
    /// Guess in band `b`, cell `pos`, among `cands` (bit per digit).
    Guess {
        b: usize,
        pos: usize,
        cands: u32,
    },
}

/// Propagates, applies naked singles, repeats; then reports a contradiction,
/// a solution, or the cell to guess.
#[inline(always)]
fn settle<const BMI2: bool>(s: &mut State) -> Step {
    loop {
        if !s.fixpoint::<BMI2>() {
            return Step::Contradiction;
        }
        let [c1, c2, c3] = s.counts();
        if c1[0] & c1[1] & c1[2] != BAND {
            return Step::Contradiction;
        }
        let mut progress = false;
        for b in 0..3 {
            let mut singles = c1[b] & !c2[b] & s.unsolved[b];
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1u32 << pos;
                let Some(d) = (0..9).find(|&d| s.cand[d][b] & bit != 0) else {
                    // An earlier single this round took its last candidate.
                    return Step::Contradiction;
                };
                s.cand[d][b] &= PLACE[pos];
                progress = true;
            }
        }
        if progress {
            continue;
        }
        if s.unsolved[0] | s.unsolved[1] | s.unsolved[2] == 0 {
            return Step::Solved;
        }
        // Prefer a cell with two candidates, then three, then any.
        let pick = |mask: [u32; 4]| (0..3).find(|&b| mask[b] != 0).map(|b| (b, mask[b]));
        let pairs = [c2[0] & !c3[0], c2[1] & !c3[1], c2[2] & !c3[2], 0];
        let (b, mask) = pick(pairs)
            .or_else(|| pick(s.unsolved))
            .expect("an unsolved cell exists");
        let pos = mask.trailing_zeros() as usize;
        let mut cands = 0;
        for d in 0..9 {
            cands |= ((s.cand[d][b] >> pos) & 1) << d;
        }
        return Step::Guess { b, pos, cands };
    }
}

/// The body of the recursive search, expanded once per backend so each
/// copy is compiled with its own target features.
macro_rules! search_fn {
    ($(#[$attr:meta])* $vis:vis fn $name:ident, $bmi2:literal) => {
        $(#[$attr])*
        $vis fn $name(mut s: State, ctx: &mut Ctx) {
            loop {
                match settle::<$bmi2>(&mut s) {
                    Step::Contradiction => return,
                    Step::Solved => {
                        ctx.count += 1;
                        if ctx.count == 1 {
                            s.extract(&mut ctx.solution);
                        }
                        return;
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
                            $name(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
                            s.cand[d][b] &= !(1 << pos);
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
    pub(super) fn search_portable, false
);

#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use super::*;

    search_fn!(
        /// SSE4.1 and POPCNT.
        #[target_feature(enable = "sse4.1,popcnt")]
        pub(in crate::solver) fn search_sse41, false
    );

    search_fn!(
        /// AVX2, BMI1/2 (PEXT for the minirow pattern), POPCNT, LZCNT.
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        pub(in crate::solver) fn search_avx2, true
    );
}
