//! The fast engine: digit-by-band bitboards, propagated to a fixpoint with
//! table lookups, searched depth first with the state copied at each guess.
//!
//! For each digit and each band (three rows) one 27-bit mask holds the cells
//! where the digit can still go. In a band a digit takes one minirow per
//! row and per box (one of six permutations), and in a stack one column per
//! band and per column: one table lookup per band and per stack keeps only
//! the cells of permutations that still fit. That carries hidden singles in
//! rows, columns and boxes and every kind of locked candidates. Naked
//! singles and two-candidate cells come from counting candidates per cell
//! across the nine digits, three bands at a time.
//!
//! Guesses: a digit down to two placements in a band or stack is split in
//! two (tdoku's idea); else a two-candidate cell; else the placements of the
//! digit with the fewest in the band or stack with the fewest. Before a
//! guess, minirows and minicolumns are counted across digits: one that four
//! digits must use is a contradiction (this keeps placement guesses from
//! thrashing on open grids), one that three must use is full and the other
//! digits leave it (tdoku's "three digits in three cells").
//!
//! The core is written once with `#[inline(always)]` helpers and compiled
//! once per [`Backend`](super::Backend) inside a `#[target_feature]` entry
//! point, so the same steps in the same order give the same answers on
//! every path; only the instructions differ.

// Lanes of parallel arrays are indexed by band; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::tables::{
    BAND, CONFIG_COUNT, GATHER9, MINIROW_UNION, MINIROWS_TO_CELLS, MUST_MINIROWS, PERM_CELLS,
    PERMS, PERMS_FITTING, PLACE, ROW_TO_MINIROWS, SINGLE_ROWS, SPREAD9,
};

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
        // Each given clears its digit from its row, box and column; the
        // filled cells leave every other digit at the end, in one sweep.
        let mut filled = [0u32; 4];
        let mut given = [[0u32; 4]; 9];
        for b in 0..3 {
            // Walk the givens by bitmask: a branch per cell would mispredict.
            let band = &cells[b * 27..b * 27 + 27];
            let mut givens = 0u32;
            for (pos, &digit) in band.iter().enumerate() {
                givens |= ((digit != 0) as u32) << pos;
            }
            while givens != 0 {
                let pos = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                let (d, bit) = ((band[pos] as usize + 8) % 9, 1u32 << pos);
                if s.cand[d][b] & bit == 0 {
                    return None;
                }
                filled[b] |= bit;
                given[d][b] |= bit;
                let col = 0o001_001_001u32 << (pos % 9);
                for o in 0..3 {
                    s.cand[d][o] &= !col;
                }
                s.cand[d][b] &= PLACE[pos];
            }
        }
        for d in 0..9 {
            for b in 0..4 {
                s.cand[d][b] = (s.cand[d][b] & !filled[b]) | given[d][b];
            }
        }
        for b in 0..4 {
            s.unsolved[b] &= !filled[b];
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

    /// Spreads what one digit's masks say; false on a contradiction.
    ///
    /// In each band the digit takes one minirow per row and per box (a
    /// permutation), and likewise in each stack one column per band and one
    /// band per column: a table gives the union of the permutations that
    /// still fit, for the three bands and then the three stacks. A row left
    /// with one cell places the digit there, and that cell leaves every
    /// other digit.
    #[inline(always)]
    fn update<const BMI2: bool>(&mut self, d: usize) -> bool {
        let v = self.cand[d];
        let x0 = v[0] & MINIROWS_TO_CELLS[(minirows::<BMI2>(v[0]) & 0o777) as usize];
        let x1 = v[1] & MINIROWS_TO_CELLS[(minirows::<BMI2>(v[1]) & 0o777) as usize];
        let x2 = v[2] & MINIROWS_TO_CELLS[(minirows::<BMI2>(v[2]) & 0o777) as usize];
        // Remember the band step's result: if the stack step below changes
        // anything, the digit differs from it and gets another round.
        self.prev[d] = [x0, x1, x2, 0];
        // Interleave the bands' columns (bit 3 * column + band) so each
        // stack's pattern is one 9-bit field laid out like a minirow
        // pattern, with column-in-stack for row and band for box.
        let w = spread::<BMI2>(columns(x0))
            | spread::<BMI2>(columns(x1)) << 1
            | spread::<BMI2>(columns(x2)) << 2;
        let a0 = MINIROW_UNION[(w & 0o777) as usize] as u32;
        let a1 = MINIROW_UNION[((w >> 9) & 0o777) as usize] as u32;
        let a2 = MINIROW_UNION[((w >> 18) & 0o777) as usize] as u32;
        let allowed = a0 | a1 << 9 | a2 << 18;
        let y0 = x0 & (gather::<BMI2>(allowed) * 0o001_001_001);
        let y1 = x1 & (gather::<BMI2>(allowed >> 1) * 0o001_001_001);
        let y2 = x2 & (gather::<BMI2>(allowed >> 2) * 0o001_001_001);
        if (x0 == 0) | (x1 == 0) | (x2 == 0) | (a0 == 0) | (a1 == 0) | (a2 == 0) {
            return false;
        }
        // Rows of the band step's result with a single cell. Every row
        // there has a cell, so subtracting 1 per row clears each row's
        // lowest cell without borrowing; rows left empty had one cell.
        // (Should the stack step have emptied a row, the next round finds
        // the contradiction.)
        let newly = [
            self.unsolved[0] & y0 & single_rows::<BMI2>(x0),
            self.unsolved[1] & y1 & single_rows::<BMI2>(x1),
            self.unsolved[2] & y2 & single_rows::<BMI2>(x2),
            0,
        ];
        if newly[0] | newly[1] | newly[2] != 0 {
            for b in 0..4 {
                self.unsolved[b] &= !newly[b];
            }
            for digit in self.cand.iter_mut() {
                for b in 0..4 {
                    digit[b] &= !newly[b];
                }
            }
        }
        self.cand[d] = [y0, y1, y2, 0];
        true
    }

    /// Propagates every changed digit until nothing changes; false on a
    /// contradiction. Unrolled so every index is a constant.
    #[inline(always)]
    fn fixpoint<const BMI2: bool>(&mut self) -> bool {
        loop {
            let mut changed = false;
            macro_rules! digit {
                ($($d:literal)*) => { $(
                    if self.cand[$d] != self.prev[$d] {
                        changed = true;
                        if !self.update::<BMI2>($d) {
                            return false;
                        }
                    }
                )* };
            }
            digit!(0 1 2 3 4 5 6 7 8);
            if !changed {
                return true;
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

/// The minirows every fitting placement uses, for the six 9-bit patterns
/// of `pat` (bits 0-26 and 32-58).
#[inline(always)]
fn must<const BMI2: bool>(pat: u64) -> u64 {
    let f = |shift: u32| (MUST_MINIROWS[((pat >> shift) & 0o777) as usize] as u64) << shift;
    f(0) | f(9) | f(18) | f(32) | f(41) | f(50)
}

/// The columns (9 bits) a band mask uses.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0o777
}

/// The cells of the rows of `x` that hold a single cell; every row of `x`
/// must hold one at least.
#[inline(always)]
fn single_rows<const BMI2: bool>(x: u32) -> u32 {
    let rest = x & x.wrapping_sub(0o001_001_001);
    SINGLE_ROWS[(minirows::<BMI2>(rest) & 0o777) as usize]
}

/// Bit `j` of a 9-bit value to bit `3 * j`.
#[inline(always)]
fn spread<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `minirows`.
        return unsafe { core::arch::x86_64::_pdep_u32(x, 0o111_111_111) };
    }
    SPREAD9[(x & 0o777) as usize]
}

/// Bit `3 * j` of a 27-bit value to bit `j` (the inverse of `spread`).
#[inline(always)]
fn gather<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `minirows`.
        return unsafe { core::arch::x86_64::_pext_u32(x, 0o111_111_111) };
    }
    GATHER9[(x & 0o777) as usize] as u32
        | (GATHER9[((x >> 9) & 0o777) as usize] as u32) << 3
        | (GATHER9[((x >> 18) & 0o777) as usize] as u32) << 6
}

/// For stack `st` and a column of it: the band minus the stack's other two
/// columns.
const STACK_KEEP: [[u32; 3]; 3] = {
    let mut t = [[0u32; 3]; 3];
    let mut st = 0;
    while st < 3 {
        let mut c = 0;
        while c < 3 {
            let mut keep = BAND;
            let mut o = 0;
            while o < 3 {
                if o != c {
                    keep &= !(0o001_001_001 << (3 * st + o));
                }
                o += 1;
            }
            t[st][c] = keep;
            c += 1;
        }
        st += 1;
    }
    t
};

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
    /// Guess how digit `d` sits in stack `st`, among the permutations `perms`.
    StackConfig {
        d: usize,
        st: usize,
        perms: u32,
    },
    /// Guess how digit `d` sits in band `b`, among the permutations `perms`.
    Config {
        d: usize,
        b: usize,
        perms: u32,
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
        // Each digit's patterns: minirows in the bands (bits 0-26, 9 a band)
        // and columns-by-band in the stacks (bits 32-58, 9 a stack). At the
        // fixpoint both are already unions of the placements that fit.
        let mut pat = [0u64; 9];
        for d in 0..9 {
            let v = s.cand[d];
            let bands =
                minirows::<BMI2>(v[0]) | minirows::<BMI2>(v[1]) << 9 | minirows::<BMI2>(v[2]) << 18;
            let stacks = spread::<BMI2>(columns(v[0]))
                | spread::<BMI2>(columns(v[1])) << 1
                | spread::<BMI2>(columns(v[2])) << 2;
            pat[d] = bands as u64 | (stacks as u64) << 32;
        }
        // Three cells hold three digits: a minirow (or minicolumn) that four
        // digits must use, or that fewer than three can, is a contradiction.
        // This catches at once the clashes that placement guesses make.
        let (mut must1, mut must2, mut must3, mut must4) = (0u64, 0u64, 0u64, 0u64);
        let (mut can1, mut can2, mut can3) = (0u64, 0u64, 0u64);
        for &p in &pat {
            let m = must::<BMI2>(p);
            must4 |= must3 & m;
            must3 |= must2 & m;
            must2 |= must1 & m;
            must1 |= m;
            can3 |= can2 & p;
            can2 |= can1 & p;
            can1 |= p;
        }
        const ALL_FIELDS: u64 = ((1 << 27) - 1) | (((1 << 27) - 1) << 32);
        if must4 != 0 || can3 != ALL_FIELDS {
            return Step::Contradiction;
        }
        // A minirow (or minicolumn) three digits must use is full: the
        // other digits leave it.
        let full = must3;
        if full != 0 {
            let mut progress = false;
            for d in 0..9 {
                let p = pat[d];
                let out = full & p & !must::<BMI2>(p);
                if out != 0 {
                    progress = true;
                    let rows = out as u32;
                    let cols = (out >> 32) as u32;
                    for b in 0..3 {
                        let minirow_cells = spread::<BMI2>((rows >> (9 * b)) & 0o777) * 7;
                        let column_cells = gather::<BMI2>(cols >> b) * 0o001_001_001;
                        s.cand[d][b] &= !(minirow_cells | column_cells);
                    }
                }
            }
            if progress {
                continue;
            }
        }
        // The band or stack with the fewest placements left over all
        // digits, and in it the digit with the fewest. A digit down to two
        // placements is the guess; otherwise a cell with two candidates is
        // cheaper to try, and failing that the placements are.
        let mut best = (u32::MAX, 0, 0, 0, 0);
        for region in 0..6 {
            let shift = if region < 3 {
                9 * region
            } else {
                32 + 9 * (region - 3)
            };
            let mut total = 0;
            let mut low = (u32::MAX, 0);
            for (d, &p) in pat.iter().enumerate() {
                let n = CONFIG_COUNT[((p >> shift) & 0o777) as usize] as u32;
                total += n;
                if n > 1 && n < low.0 {
                    low = (n, d);
                }
            }
            if total > 9 && total < best.0 {
                best = (total, region, low.1, shift, low.0);
            }
        }
        let has_pair = (c2[0] & !c3[0]) | (c2[1] & !c3[1]) | (c2[2] & !c3[2]) != 0;
        if best.0 != u32::MAX && (best.4 == 2 || !has_pair) {
            let (_, region, d, shift, _) = best;
            let perms = PERMS_FITTING[((pat[d] >> shift) & 0o777) as usize] as u32;
            if region < 3 {
                return Step::Config {
                    d,
                    b: region,
                    perms,
                };
            }
            return Step::StackConfig {
                d,
                st: region - 3,
                perms,
            };
        }
        // A cell with two candidates (or, never at a fixpoint, any cell).
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
                    Step::Config { d, b, mut perms } => {
                        ctx.guesses += 1;
                        while perms & (perms - 1) != 0 {
                            let k = perms.trailing_zeros() as usize;
                            perms &= perms - 1;
                            let mut child = s;
                            child.cand[d][b] &= PERM_CELLS[k];
                            $name(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
                        }
                        s.cand[d][b] &= PERM_CELLS[perms.trailing_zeros() as usize];
                    }
                    Step::StackConfig { d, st, mut perms } => {
                        ctx.guesses += 1;
                        while perms != 0 {
                            let k = perms.trailing_zeros() as usize;
                            perms &= perms - 1;
                            let mut child = if perms == 0 { s } else { s };
                            for b in 0..3 {
                                child.cand[d][b] &= STACK_KEEP[st][PERMS[k][b]];
                            }
                            if perms == 0 {
                                s = child;
                                break;
                            }
                            $name(child, ctx);
                            if ctx.count >= ctx.limit {
                                return;
                            }
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
