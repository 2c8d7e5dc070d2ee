//! The search state: for each digit and each band (three rows) one 27-bit
//! mask holds the cells where the digit can still go; the masks of two
//! digits fill eight 32-bit lanes (three bands and a padding lane each),
//! five lane groups in all. In a mask, rows are 10 bits apart: the spare
//! bit above each row takes carries (see `row_fill`).
//!
//! Set-up from a grid's givens or from every cell's candidates, placing a
//! digit, counting candidates and writing out a solution; the state is
//! copied at every guess.

// Lanes of parallel arrays are indexed by band; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::rules::{columns_of, minirow_marks_of, row_fill};
use crate::grid::CELLS;
use crate::solver::lanes::Lanes;
use crate::solver::tables::{BAND, ROW_LOW};

/// The search state, copied at every guess (192 bytes).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(in crate::solver) struct State {
    /// `v[d / 2][4 * (d % 2) + band]`: cells of the band where digit `d`
    /// can go. Lane 3 of each digit and digit 9 are padding, always 0.
    pub(super) v: [[u32; 8]; 5],
    /// Bit `g`: lane group `g` is a fixpoint of the band and stack rules,
    /// so a round whose singles leave it alone need not apply them again.
    pub(super) clean: u32,
}

/// Lane `4 * (d % 2) + b` of group `d / 2` is digit `d`, band `b`.
pub(super) const fn lane(d: usize, b: usize) -> (usize, usize) {
    (d >> 1, (d & 1) * 4 + b)
}

/// The lanes that hold a digit's band, per group (the rest is padding).
pub(super) const VALID: [[u32; 8]; 5] = {
    let mut t = [[0u32; 8]; 5];
    let mut d = 0;
    while d < 9 {
        let mut b = 0;
        while b < 3 {
            let (g, l) = lane(d, b);
            t[g][l] = !0;
            b += 1;
        }
        d += 1;
    }
    t
};

/// A band's cells from rows of 9 bits to rows 10 bits apart.
#[inline(always)]
fn spaced_rows(x: u32) -> u32 {
    (x & 0o777) | (x & 0o777 << 9) << 1 | (x & 0o777 << 18) << 2
}

impl State {
    /// The mask of digit `d` in band `b`.
    #[inline(always)]
    pub(super) fn get(&self, d: usize, b: usize) -> u32 {
        let (g, l) = lane(d, b);
        self.v[g][l]
    }

    /// Clears `cells` from digit `d` in band `b`.
    #[inline(always)]
    pub(super) fn clear(&mut self, d: usize, b: usize, cells: u32) {
        let (g, l) = lane(d, b);
        self.v[g][l] &= !cells;
        self.clean &= !(1 << g);
    }

    /// Keeps only `cells` of digit `d` in band `b`.
    #[inline(always)]
    pub(super) fn keep(&mut self, d: usize, b: usize, cells: u32) {
        let (g, l) = lane(d, b);
        self.v[g][l] &= cells;
        self.clean &= !(1 << g);
    }

    /// The state for a grid's givens, or `None` when two givens clash.
    #[inline(always)]
    pub(super) fn new<V: Lanes>(cells: &[u8; CELLS]) -> Option<State> {
        let digits = V::digit_cells(cells);
        let mut given = [[0u32; 8]; 5];
        for d in 0..9 {
            for b in 0..3 {
                let (g, l) = lane(d, b);
                given[g][l] = spaced_rows(digits[d][b]);
            }
        }
        // A given's cell is closed to the other digits.
        State::with_placed::<V>(&given, |g, filled| {
            V::load(&VALID[g]).and(V::splat(BAND)).andnot(filled)
        })
    }

    /// The state for every cell's candidates (bit `d` of `sets[cell]`:
    /// digit `d + 1` may go there), or `None` when two cells down to the
    /// same one digit clash. A cell with no candidate is left for the
    /// first round to find.
    #[inline(always)]
    pub(super) fn from_candidates<V: Lanes>(sets: &[u16; CELLS]) -> Option<State> {
        let (mut allowed, mut single) = ([[0u32; 9]; 3], [[0u32; 9]; 3]);
        for (i, &set) in sets.iter().enumerate() {
            let (b, bit) = (i / 27, 1 << (i % 27));
            let one = if set.is_power_of_two() { !0 } else { 0 };
            for d in 0..9 {
                let has = ((set >> d) & 1) as u32 * bit;
                allowed[b][d] |= has;
                single[b][d] |= has & one;
            }
        }
        let (mut cands, mut placed) = ([[0u32; 8]; 5], [[0u32; 8]; 5]);
        for d in 0..9 {
            for b in 0..3 {
                let (g, l) = lane(d, b);
                cands[g][l] = spaced_rows(allowed[b][d]);
                placed[g][l] = spaced_rows(single[b][d]);
            }
        }
        // A one-digit cell is closed to the other digits already.
        State::with_placed::<V>(&placed, |g, _| V::load(&cands[g]))
    }

    /// The state for the digits placed (`placed`, lanes as in `v`), or
    /// `None` when two of them clash. `open(g, filled)` gives the cells the
    /// digits of lane group `g` may take, `filled` being the cells that
    /// hold a placed digit.
    ///
    /// A placed digit also leaves the rest of its row; the first round of
    /// propagation clears its box and column (it is then its digit's only
    /// cell in its row, box and stack).
    #[inline(always)]
    fn with_placed<V: Lanes>(
        placed: &[[u32; 8]; 5],
        open: impl Fn(usize, V) -> V,
    ) -> Option<State> {
        let k = V::splat;
        let (mut filled, mut clash) = (k(0), k(0));
        let mut gv = [k(0); 5];
        for g in 0..5 {
            let x = V::load(&placed[g]);
            // Two placed digits alike in a row: a row that still has a cell
            // once its lowest is gone (the spare bit stops the borrow).
            let rows = x.and(x.or(k(ROW_LOW << 9)).sub(k(ROW_LOW)));
            // In a box: two rows with a minirow in the same box.
            let m = minirow_marks_of(x);
            let boxes = m.and(m.shr::<10>().or(m.shr::<20>()));
            // In a column, in one band or in two.
            let cols = columns_of(x);
            let columns = x
                .and(x.shr::<10>().or(x.shr::<20>()))
                .or(cols.and(cols.rot1()));
            clash = clash.or(rows).or(boxes).or(columns);
            filled = filled.or(x);
            gv[g] = x;
        }
        if !clash.is_zero() {
            return None;
        }
        let filled = filled.or(filled.swap_halves());
        let mut s = State {
            v: [[0; 8]; 5],
            clean: 0,
        };
        for g in 0..5 {
            open(g, filled)
                .andnot(row_fill(gv[g]))
                .or(gv[g])
                .store(&mut s.v[g]);
        }
        Some(s)
    }

    /// Puts digit `d` in cell `pos` of band `b`: the other digits leave the
    /// cell; the next round spreads the naked single.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, pos: usize) {
        let bit = 1u32 << pos;
        for g in 0..5 {
            let had = (self.v[g][b] | self.v[g][b + 4]) & bit;
            self.clean &= !(((had != 0) as u32) << g);
            self.v[g][b] &= !bit;
            self.v[g][b + 4] &= !bit;
        }
        let (g, l) = lane(d, b);
        self.v[g][l] |= bit;
    }

    /// Cells with at least one, two and three candidates, per band.
    #[inline(always)]
    pub(super) fn counts<V: Lanes>(&self) -> [[u32; 3]; 3] {
        let k = V::splat;
        let (mut c1, mut c2, mut c3) = (k(0), k(0), k(0));
        for g in 0..5 {
            let v = V::load(&self.v[g]);
            c3 = c3.or(c2.and(v));
            c2 = c2.or(c1.and(v));
            c1 = c1.or(v);
        }
        let (h1, h2, h3) = (c1.swap_halves(), c2.swap_halves(), c3.swap_halves());
        let n3 = c3.or(h3).or(c2.and(h1)).or(c1.and(h2));
        let n2 = c2.or(h2).or(c1.and(h1));
        let n1 = c1.or(h1);
        let mut out = [[0u32; 8]; 3];
        n1.store(&mut out[0]);
        n2.store(&mut out[1]);
        n3.store(&mut out[2]);
        out.map(|a| [a[0], a[1], a[2]])
    }

    /// Writes the digits of a fully solved state.
    #[inline(always)]
    pub(super) fn extract<V: Lanes>(&self, out: &mut [u8; CELLS]) {
        let mut digits = [[0u32; 3]; 9];
        for d in 0..9 {
            for b in 0..3 {
                // Rows 10 bits apart to rows of 9 bits.
                let x = self.get(d, b);
                digits[d][b] = (x & 0o777) | (x >> 1 & 0o777 << 9) | (x >> 2 & 0o777 << 18);
            }
        }
        V::write_digits(&digits, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::rng;
    use super::*;
    use crate::solver::lanes::Portable;

    #[test]
    fn setup_rejects_clashing_givens() {
        let mut cells = [0u8; CELLS];
        cells[0] = 5;
        assert!(State::new::<Portable>(&cells).is_some());
        for other in [8, 72, 20] {
            // Same row, column, box.
            let mut c = cells;
            c[other] = 5;
            assert!(State::new::<Portable>(&c).is_none(), "{other}");
        }
        let mut c = cells;
        c[80] = 5;
        assert!(State::new::<Portable>(&c).is_some());
    }

    #[test]
    fn setup_rejects_exactly_the_grids_with_clashing_givens() {
        let mut seed = 11;
        for round in 0..20_000 {
            let mut cells = [0u8; CELLS];
            // Few givens of few digits, so about half the grids clash.
            for _ in 0..2 + round % 9 {
                cells[rng(&mut seed) as usize % CELLS] = 1 + (rng(&mut seed) % 3) as u8;
            }
            let clash = (0..CELLS).any(|i| {
                (0..i).any(|j| {
                    let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
                    let shared = ri == rj || ci == cj || (ri / 3 == rj / 3 && ci / 3 == cj / 3);
                    cells[i] != 0 && cells[i] == cells[j] && shared
                })
            });
            let state = State::new::<Portable>(&cells);
            assert_eq!(state.is_none(), clash, "{cells:?}");
            // The same grid as candidates: a given alone, a blank open.
            let sets = cells.map(|d| if d == 0 { 0x1FF } else { 1 << (d - 1) });
            let from_sets = State::from_candidates::<Portable>(&sets);
            assert_eq!(
                from_sets.map(|s| (s.v, s.clean)),
                state.map(|s| (s.v, s.clean)),
                "{cells:?}"
            );
        }
    }
}
