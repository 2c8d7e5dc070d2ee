//! The propagation rules. One round computes, for every digit and band at
//! once:
//! - the band rule: in a band a digit takes one minirow per row and per box
//!   (one of six permutations); a minirow is kept when the two other rows
//!   can still take the two other boxes;
//! - the stack rule: likewise in a stack, one column per band and one band
//!   per column;
//! - naked singles: a cell with one candidate keeps its digit's row to
//!   itself (the rules above then clear its box and column);
//! - hidden singles: a cell that is the only place of its digit in its row
//!   leaves every other digit.
//!
//! Together these carry hidden singles in rows, columns and boxes, naked
//! singles and every kind of locked candidates. Rounds repeat until nothing
//! changes. Every check is a lane mask; the one branch skips the band and
//! stack rules for a lane group they already left as it was, when nothing
//! since has changed it (about half the groups of a round: a guess or a
//! single touches few digits).

// Lanes of parallel arrays are indexed by band; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::state::{State, VALID};
use crate::solver::lanes::Lanes;
use crate::solver::tables::{BAND, MARKS, ROW_LOW};

/// Minirow marks (nothing but marks set): box `k` takes box `k + 1`'s, in
/// each row. The shifts land only on marks or on bits the mask clears: rows
/// are 10 bits apart, so a shift by 3 or 6 never carries one row's mark
/// onto another row's mark.
#[inline(always)]
fn box_next<V: Lanes>(y: V) -> V {
    y.shr::<3>().or(y.shl::<6>()).and(V::splat(MARKS))
}

/// The first cell of every minirow of a band mask that holds a cell.
#[inline(always)]
pub(super) fn minirow_marks_of<V: Lanes>(v: V) -> V {
    v.or(v.shr::<1>()).or(v.shr::<2>()).and(V::splat(MARKS))
}

/// The columns (9 bits) a band mask uses.
#[inline(always)]
pub(super) fn columns_of<V: Lanes>(v: V) -> V {
    v.or(v.shr::<10>()).or(v.shr::<20>()).and(V::splat(0o777))
}

/// Columns (9 bits): column `j` of a stack takes column `j + 1`'s.
#[inline(always)]
fn col_next<V: Lanes>(y: V) -> V {
    y.shr::<1>()
        .and(V::splat(0o333))
        .or(y.shl::<2>().and(V::splat(0o444)))
}

/// Columns (9 bits): column `j` of a stack takes column `j + 2`'s.
#[inline(always)]
fn col_prev<V: Lanes>(y: V) -> V {
    y.shr::<2>()
        .and(V::splat(0o111))
        .or(y.shl::<1>().and(V::splat(0o666)))
}

/// Every cell of the rows of a band mask that hold a cell: a row's value
/// plus 511 carries into its spare bit when the row holds a cell.
#[inline(always)]
pub(super) fn row_fill<V: Lanes>(y: V) -> V {
    let carry = y.add(V::splat(BAND)).and(V::splat(ROW_LOW << 9));
    carry.sub(carry.shr::<9>())
}

/// The band rule: in a band a digit takes one minirow per row and per box,
/// so a minirow stays only when the two other rows can take the two other
/// boxes, in some order. Works on the minirow marks.
#[inline(always)]
fn band_rule<V: Lanes>(v: V) -> V {
    let k = V::splat;
    let m = minirow_marks_of(v);
    // The next two rows. Their only stray bit, bit 30, is cleared by the
    // masks below before it can meet a mark (it would land on bit 27).
    let r1 = m.shr::<10>().or(m.shl::<20>());
    let r2 = m.shr::<20>().or(m.shl::<10>());
    // Keep a minirow when row + 1 takes box + 1 and row + 2 box + 2, or
    // row + 1 box + 2 and row + 2 box + 1. `box_next` moves marks one to
    // one, so it distributes over `and`:
    // next(r1) & prev(r2) | prev(r1) & next(r2)
    //   = next(r1 & next(r2) | next(r1) & r2).
    let keep = m.and(box_next(r1.and(box_next(r2)).or(box_next(r1).and(r2))));
    v.and(keep.mul(k(7)))
}

/// The stack rule: in a stack a digit takes one column per band and one
/// band per column; the other bands are the other lanes of the same digit.
/// Also all ones in the lanes where every stack keeps a column (else no
/// placement fits the band any more).
#[inline(always)]
fn stack_rule<V: Lanes>(v: V) -> (V, V) {
    let k = V::splat;
    let cols = columns_of(v);
    // Column and band rotations commute; a band rotation is one shuffle,
    // a column rotation five operations, so rotate the columns first.
    let (next, prev) = (col_next(cols), col_prev(cols));
    let kc = cols.and(
        next.rot1()
            .and(prev.rot2())
            .or(prev.rot1().and(next.rot2())),
    );
    let stacks = kc.or(kc.shr::<1>()).or(kc.shr::<2>()).and(k(0o111));
    (v.and(kc.mul(k(ROW_LOW))), stacks.eq(k(0o111)))
}

/// What one round of propagation found.
pub(super) enum Round {
    Contradiction,
    Changed,
    Stable,
    /// Every cell had one candidate, and together they are a solution.
    Solved,
    /// Asked to pick: the cells of band `b` with two candidates.
    Pick {
        b: usize,
        pairs: u32,
    },
}

impl State {
    /// `pick`: first look for cells with two candidates, and if there are
    /// any report them instead (the eager guess; the counts come almost
    /// free with the round's own).
    #[inline(always)]
    pub(super) fn round<V: Lanes>(&mut self, pick: bool) -> Round {
        let k = V::splat;
        let mut x = [k(0); 5];
        let mut old = [k(0); 5];
        let mut bad = k(0);
        // Cells with at least one, two and three candidates.
        let (mut c1, mut c2, mut c3) = (k(0), k(0), k(0));
        for g in 0..5 {
            let v = V::load(&self.v[g]);
            old[g] = v;
            if pick {
                c3 = c3.or(c2.and(v));
            }
            c2 = c2.or(c1.and(v));
            c1 = c1.or(v);
            x[g] = v;
        }
        let (h1, h2) = (c1.swap_halves(), c2.swap_halves());
        if pick {
            let h3 = c3.swap_halves();
            let n3 = c3.or(h3).or(c2.and(h1)).or(c1.and(h2));
            let n2 = c2.or(h2).or(c1.and(h1));
            let mut pairs = [0u32; 8];
            n2.andnot(n3).store(&mut pairs);
            // The band with the most: before the fixpoint a pair cell may
            // still be a pending single, less often where pairs are many.
            let b = (0..3).max_by_key(|&b| pairs[b].count_ones()).unwrap_or(0);
            if pairs[b] != 0 {
                return Round::Pick { b, pairs: pairs[b] };
            }
        }
        let (c1, c2) = (c1.or(h1), c2.or(h2).or(c1.and(h1)));
        // A cell with no candidate.
        bad = bad.or(V::load(&VALID[4]).andnot(c1.eq(k(BAND))));
        if c2.is_zero() {
            // One candidate per cell: a solution when every digit has a
            // cell in every row, column and box (81 cells for 81 such
            // places), which costs less than the round that would prove
            // the fixpoint.
            for g in 0..5 {
                let v = x[g];
                let m = minirow_marks_of(v);
                let boxes = m.or(m.shr::<10>()).or(m.shr::<20>()).and(k(0o111));
                let cols = columns_of(v);
                let cols = cols.or(cols.rot1()).or(cols.rot2());
                let ok = row_fill(v)
                    .eq(k(BAND))
                    .and(boxes.eq(k(0o111)))
                    .and(cols.eq(k(0o777)));
                bad = bad.or(V::load(&VALID[g]).andnot(ok));
            }
            return if bad.is_zero() {
                Round::Solved
            } else {
                Round::Contradiction
            };
        }
        let naked = c1.andnot(c2);
        // Cells that are their digit's only one in their row, counted
        // across digits: two digits cannot both need one cell.
        let (mut f1, mut f2) = (k(0), k(0));
        let mut fixed = [k(0); 5];
        for g in 0..5 {
            let v = x[g];
            // A naked single keeps its row to itself.
            let nd = v.and(naked);
            let v = v.andnot(row_fill(nd).andnot(nd));
            // Each row minus its lowest cell (rows are not empty, or the
            // round reports a contradiction and this is not used).
            let rest = v.and(v.sub(k(ROW_LOW)));
            let f = v.andnot(row_fill(rest));
            f2 = f2.or(f1.and(f));
            f1 = f1.or(f);
            fixed[g] = f;
            x[g] = v;
        }
        let (h1, h2) = (f1.swap_halves(), f2.swap_halves());
        let (f1, f2) = (f1.or(h1), f2.or(h2).or(f1.and(h1)));
        bad = bad.or(f2);
        let mut changed = k(0);
        let mut clean = 0;
        for g in 0..5 {
            let v = x[g].andnot(f1.andnot(fixed[g]));
            let same = v.xor(old[g]);
            // A fixpoint of the rules the singles left alone stays one.
            if self.clean >> g & 1 != 0 && same.is_zero() {
                clean |= 1 << g;
                continue;
            }
            let (w, fits) = stack_rule(band_rule(v));
            bad = bad.or(V::load(&VALID[g]).andnot(fits));
            clean |= (w.xor(v).is_zero() as u32) << g;
            changed = changed.or(w.xor(old[g]));
            w.store(&mut self.v[g]);
        }
        self.clean = clean;
        if !bad.is_zero() {
            Round::Contradiction
        } else if changed.is_zero() {
            Round::Stable
        } else {
            Round::Changed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::search_portable;
    use super::super::tests::rng;
    use super::super::{Ctx, state::lane};
    use super::*;
    use crate::grid::CELLS;
    use crate::solver::lanes::Portable;
    use crate::solver::tables::{PERM_CELLS, PERMS};

    /// The cells of the permutations that fit a band mask, by brute force.
    fn band_rule_brute(x: u32) -> u32 {
        let mut union = 0;
        for &cells in &PERM_CELLS {
            // Each of the permutation's minirows must keep a cell.
            let cells_of = crate::solver::tables::minirow_cells;
            if (0..9).all(|j| cells & cells_of(j) == 0 || x & cells_of(j) != 0) {
                union |= cells;
            }
        }
        x & union
    }

    #[test]
    fn band_rule_keeps_the_fitting_permutations() {
        let mut seed = 1;
        for pattern in 0..512u32 {
            let full = (0..9)
                .filter(|j| pattern >> j & 1 != 0)
                .fold(0, |a, j| a | crate::solver::tables::minirow_cells(j));
            for x in [
                full,
                full & rng(&mut seed),
                full & rng(&mut seed) & rng(&mut seed),
            ] {
                let got = band_rule(Portable::splat(x));
                assert_eq!(got.lane(0), band_rule_brute(x), "{x:o}");
            }
        }
    }

    #[test]
    fn stack_rule_keeps_the_fitting_permutations() {
        let mut seed = 7;
        for _ in 0..20_000 {
            let mut x = [
                rng(&mut seed) & BAND,
                rng(&mut seed) & BAND,
                rng(&mut seed) & BAND,
            ];
            for b in 0..3 {
                if rng(&mut seed) % 2 == 0 {
                    x[b] |= rng(&mut seed) & BAND;
                }
            }
            let cols = x.map(|v| (v | v >> 10 | v >> 20) & 0o777);
            // By brute force: per stack, the band -> column permutations.
            let mut keep = [0u32; 3];
            let mut fits = [true; 3];
            for st in 0..3 {
                let mut union = [0u32; 3];
                for p in &PERMS {
                    if (0..3).all(|b| cols[b] >> (3 * st + p[b]) & 1 != 0) {
                        for b in 0..3 {
                            union[b] |= 1 << (3 * st + p[b]);
                        }
                    }
                }
                for b in 0..3 {
                    keep[b] |= union[b];
                    fits[b] &= union[b] != 0;
                }
            }
            let (got, ok) = stack_rule(Portable::load(&[x[0], x[1], x[2], 0, x[2], x[0], x[1], 0]));
            for b in 0..3 {
                let want = x[b] & (keep[b] * ROW_LOW);
                assert_eq!(got.lane(b), want, "{x:?} band {b}");
                assert_eq!(
                    got.lane(4 + (b + 1) % 3),
                    want,
                    "{x:?} band {b}, upper half"
                );
                assert_eq!(ok.lane(b) != 0, fits[b], "{x:?} band {b}");
            }
        }
    }

    #[test]
    fn row_fill_fills_the_rows_that_hold_a_cell() {
        let mut seed = 3;
        for _ in 0..10_000 {
            let mut y = rng(&mut seed) & BAND;
            for r in 0..3 {
                if rng(&mut seed) % 3 == 0 {
                    y &= !(0o777 << (10 * r));
                }
            }
            let want = (0..3)
                .filter(|r| y >> (10 * r) & 0o777 != 0)
                .fold(0, |a, r| a | 0o777 << (10 * r));
            assert_eq!(row_fill(Portable::splat(y)).lane(0), want);
        }
    }

    #[test]
    fn one_candidate_per_cell_is_a_solution_only_when_valid() {
        let mut ctx = Ctx::new(1);
        search_portable(&[0u8; CELLS], &mut ctx);
        let mut s = State::new::<Portable>(&ctx.solution).unwrap();
        assert!(matches!(s.round::<Portable>(false), Round::Solved));
        // Every cell of the top band takes the next digit: still one
        // candidate a cell, but each digit now sits twice in a column.
        let mut t = State::new::<Portable>(&ctx.solution).unwrap();
        for d in 0..9 {
            let (g, l) = lane((d + 1) % 9, 0);
            t.v[g][l] = s.get(d, 0);
        }
        assert!(matches!(t.round::<Portable>(false), Round::Contradiction));
        // One cell with a second digit's candidate is not checked as full.
        let cell = s.get(0, 1) & s.get(0, 1).wrapping_neg();
        let (g, l) = lane(1, 1);
        s.v[g][l] |= cell;
        assert!(!matches!(s.round::<Portable>(false), Round::Solved));
    }
}
