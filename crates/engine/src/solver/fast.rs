//! The fast engine: digit-by-band bitboards, propagated in rounds that
//! update every digit at once, searched depth first with the state copied
//! at each guess.
//!
//! For each digit and each band (three rows) one 27-bit mask holds the cells
//! where the digit can still go; the masks of two digits fill eight 32-bit
//! lanes (three bands and a padding lane each), five lane groups in all.
//! One round of propagation computes, for every digit and band at once:
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
//!
//! Guesses: a root (always settled first) where fewer than one open cell
//! in six has two candidates marks a hard puzzle, and every guess of its
//! search is the careful one below. Otherwise the root guesses the first
//! two-candidate cell, and until the search first meets a contradiction
//! every guess takes a two-candidate cell (the first of the band with the
//! most) as soon as a round has changed something, without waiting for the
//! fixpoint (on open, many-solution grids guesses rarely fail, and the
//! rounds that would prove the fixpoint are most of the work). After the
//! first contradiction the first few guesses still take the first
//! two-candidate cell, at fixpoints, and so do all guesses while some
//! guess has not failed (the careful choice costs more than it saves when
//! guesses rarely fail).
//! Otherwise, as tdoku does, the placements in the band or stack with the
//! fewest placements left over all digits, of its digit with the fewest
//! (two when there is such a digit); a two-candidate cell only when every
//! band and stack is settled. Before such a guess, minirows and
//! minicolumns are counted across digits: one that four digits must use is
//! a contradiction (this keeps placement guesses from thrashing on open
//! grids), one that three must use is full and the other digits leave it
//! (tdoku's "three digits in three cells").
//!
//! The core is written once with `#[inline(always)]` helpers, generic over
//! the lane type, and compiled once per [`Backend`](super::Backend) inside a
//! `#[target_feature]` entry point, so the same steps in the same order give
//! the same answers on every path; only the instructions differ.

// Lanes of parallel arrays are indexed by band; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::lanes::{Lanes, Portable};
use super::tables::{
    BAND, CONFIG_COUNT, GATHER9, MARKS, PERM_CELLS, PERMS, PERMS_FITTING, ROW_LOW, ROW_TO_MINIROWS,
    SPREAD9,
};

use crate::grid::CELLS;

/// Guesses made with the cheap policy (first two-candidate cell) before the
/// search switches to the careful one, once a contradiction has been met.
const CHEAP_GUESSES: u64 = 4;

/// The search also stays cheap while fewer than one guess in this many has
/// failed. (Now that hard puzzles are told apart at the root, 1 measured
/// best: 2 cost serg_benchmark 1.5 % and gained magictour_top1465 2-4 %.)
const FAILURE_RATIO: u64 = 1;

/// A search is careful from its root on when fewer than one open cell in
/// this many has two candidates there: few pairs mark a hard puzzle, where
/// the careful choice pays from the first guess (at the root, 0.4 pairs
/// for 58 open cells on average on forum_hardest_1106, 6 for 52 on
/// magictour_top1465; 13 for 44 on serg_benchmark, whose many solutions
/// the cheap guesses find faster).
const ROOT_PAIR_SHARE: u32 = 6;

/// The search state, copied at every guess (192 bytes).
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct State {
    /// `v[d / 2][4 * (d % 2) + band]`: cells of the band where digit `d`
    /// can go. Lane 3 of each digit and digit 9 are padding, always 0.
    v: [[u32; 8]; 5],
    /// Bit `g`: lane group `g` is a fixpoint of the band and stack rules,
    /// so a round whose singles leave it alone need not apply them again.
    clean: u32,
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

/// Lane `4 * (d % 2) + b` of group `d / 2` is digit `d`, band `b`.
const fn lane(d: usize, b: usize) -> (usize, usize) {
    (d >> 1, (d & 1) * 4 + b)
}

/// The lanes that hold a digit's band, per group (the rest is padding).
const VALID: [[u32; 8]; 5] = {
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
fn minirow_marks_of<V: Lanes>(v: V) -> V {
    v.or(v.shr::<1>()).or(v.shr::<2>()).and(V::splat(MARKS))
}

/// The columns (9 bits) a band mask uses.
#[inline(always)]
fn columns_of<V: Lanes>(v: V) -> V {
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
fn row_fill<V: Lanes>(y: V) -> V {
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
enum Round {
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
    /// The mask of digit `d` in band `b`.
    #[inline(always)]
    fn get(&self, d: usize, b: usize) -> u32 {
        let (g, l) = lane(d, b);
        self.v[g][l]
    }

    /// Clears `cells` from digit `d` in band `b`.
    #[inline(always)]
    fn clear(&mut self, d: usize, b: usize, cells: u32) {
        let (g, l) = lane(d, b);
        self.v[g][l] &= !cells;
        self.clean &= !(1 << g);
    }

    /// Keeps only `cells` of digit `d` in band `b`.
    #[inline(always)]
    fn keep(&mut self, d: usize, b: usize, cells: u32) {
        let (g, l) = lane(d, b);
        self.v[g][l] &= cells;
        self.clean &= !(1 << g);
    }

    /// The state for a grid's givens, or `None` when two givens clash.
    ///
    /// A given clears the other digits from its cell and its digit from its
    /// row; the first round of propagation clears its box and column (the
    /// given is then its digit's only cell in its row, box and stack).
    #[inline(always)]
    fn new<V: Lanes>(cells: &[u8; CELLS]) -> Option<State> {
        let digits = V::digit_cells(cells);
        let mut given = [[0u32; 8]; 5];
        for d in 0..9 {
            for b in 0..3 {
                let (g, l) = lane(d, b);
                let x = digits[d][b];
                // Rows of 9 bits to rows 10 bits apart.
                given[g][l] = (x & 0o777) | (x & 0o777 << 9) << 1 | (x & 0o777 << 18) << 2;
            }
        }
        let k = V::splat;
        let (mut filled, mut clash) = (k(0), k(0));
        let mut gv = [k(0); 5];
        for g in 0..5 {
            let x = V::load(&given[g]);
            // Two givens of a digit in a row: a row that still has a cell
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
            V::load(&VALID[g])
                .and(V::splat(BAND))
                .andnot(filled)
                .andnot(row_fill(gv[g]))
                .or(gv[g])
                .store(&mut s.v[g]);
        }
        Some(s)
    }

    /// Puts digit `d` in cell `pos` of band `b`: the other digits leave the
    /// cell; the next round spreads the naked single.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, pos: usize) {
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

    /// One round of propagation over every digit (see the module doc).
    /// `pick`: first look for cells with two candidates, and if there are
    /// any report them instead (the eager guess; the counts come almost
    /// free with the round's own).
    #[inline(always)]
    fn round<V: Lanes>(&mut self, pick: bool) -> Round {
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

    /// Cells with at least one, two and three candidates, per band.
    #[inline(always)]
    fn counts<V: Lanes>(&self) -> [[u32; 3]; 3] {
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
    fn extract<V: Lanes>(&self, out: &mut [u8; CELLS]) {
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

/// The minirow pattern (bit `row * 3 + box`) of a digit's band mask.
#[inline(always)]
fn minirows<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        let t = x | x >> 1 | x >> 2;
        // SAFETY: BMI2 is true only in code compiled inside the `bmi2`
        // entry points, which run only after runtime detection found BMI2.
        return unsafe { core::arch::x86_64::_pext_u32(t, MARKS) };
    }
    ROW_TO_MINIROWS[(x & 0o777) as usize] as u32
        | (ROW_TO_MINIROWS[((x >> 10) & 0o777) as usize] as u32) << 3
        | (ROW_TO_MINIROWS[((x >> 20) & 0o777) as usize] as u32) << 6
}

/// The minirows every fitting placement uses, for the six 9-bit patterns
/// of `pat` (bits 0-26 and 32-58), each a union of fitting placements (as
/// the band and stack rules leave them at a fixpoint). In such a pattern a
/// minirow every placement uses is one alone in its row: a placement takes
/// one minirow a row, and another minirow of the row is in some placement.
#[inline(always)]
fn must(pat: u64) -> u64 {
    const LOW2: u64 = 0o333_333_333 | 0o333_333_333 << 32;
    const HIGH: u64 = 0o444_444_444 | 0o444_444_444 << 32;
    const LOW: u64 = 0o111_111_111 | 0o111_111_111 << 32;
    // The other two minirows of each row (groups of three bits).
    let next = (pat >> 1 & LOW2) | (pat << 2 & HIGH);
    let prev = (pat >> 2 & LOW) | (pat << 1 & (LOW2 << 1));
    pat & !(next | prev)
}

/// The columns (9 bits) a band mask uses.
#[inline(always)]
fn columns(x: u32) -> u32 {
    (x | x >> 10 | x >> 20) & 0o777
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

/// Minirow `j` of a 9-bit pattern to the first cell of minirow `j`.
#[inline(always)]
fn minirow_marks<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: as in `minirows`.
        return unsafe { core::arch::x86_64::_pdep_u32(x, MARKS) };
    }
    SPREAD9[(x & 7) as usize]
        | SPREAD9[((x >> 3) & 7) as usize] << 10
        | SPREAD9[((x >> 6) & 7) as usize] << 20
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
                    keep &= !(ROW_LOW << (3 * st + o));
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

/// What the propagation left.
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

/// A guess on the first cell of `mask` in band `b`, among its candidates.
#[inline(always)]
fn guess_cell(s: &State, b: usize, mask: u32) -> Step {
    let pos = mask.trailing_zeros() as usize;
    let mut cands = 0;
    for d in 0..9 {
        cands |= ((s.get(d, b) >> pos) & 1) << d;
    }
    Step::Guess { b, pos, cands }
}

/// Propagates to a fixpoint; then reports a contradiction, a solution, or
/// what to guess. `cheap`: take the first two-candidate cell when there is
/// one, without looking further. `hard`, at the root only: set to whether
/// the root has few two-candidate cells (see `ROOT_PAIR_SHARE`); if so the
/// guess is careful. `eager`: also take it right after a round
/// that changed something, before the fixpoint.
#[inline(always)]
fn settle<V: Lanes, const BMI2: bool>(
    s: &mut State,
    cheap: bool,
    eager: bool,
    mut hard: Option<&mut bool>,
) -> Step {
    loop {
        // Eager: look for a pair cell once a round has changed something.
        let mut pick = false;
        loop {
            match s.round::<V>(pick) {
                Round::Contradiction => return Step::Contradiction,
                Round::Changed => pick = eager,
                Round::Pick { b, pairs } => return guess_cell(s, b, pairs),
                Round::Stable => break,
                Round::Solved => return Step::Solved,
            }
        }
        // At a fixpoint some cell has two candidates or more: a round
        // whose input has one per cell reports a solution or a
        // contradiction instead of a fixpoint.
        if cheap {
            let [_, c2, c3] = s.counts::<V>();
            let pairs = [c2[0] & !c3[0], c2[1] & !c3[1], c2[2] & !c3[2]];
            if let Some(hard) = hard.as_deref_mut() {
                let count = |m: [u32; 3]| m.iter().map(|x| x.count_ones()).sum::<u32>();
                *hard = count(pairs) * ROOT_PAIR_SHARE < count(c2);
            }
            if !hard.as_deref().is_some_and(|&h| h)
                && let Some(b) = (0..3).find(|&b| pairs[b] != 0)
            {
                return guess_cell(s, b, pairs[b]);
            }
        }
        // Each digit's patterns: minirows in the bands (bits 0-26, 9 a band)
        // and columns-by-band in the stacks (bits 32-58, 9 a stack). At the
        // fixpoint both are already unions of the placements that fit.
        let mut pat = [0u64; 9];
        for d in 0..9 {
            let v = [s.get(d, 0), s.get(d, 1), s.get(d, 2)];
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
            let m = must(p);
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
                let out = full & p & !must(p);
                if out != 0 {
                    progress = true;
                    let rows = out as u32;
                    let cols = (out >> 32) as u32;
                    for b in 0..3 {
                        let minirow_cells = minirow_marks::<BMI2>(rows >> (9 * b)) * 7;
                        let column_cells = gather::<BMI2>(cols >> b) * ROW_LOW;
                        s.clear(d, b, minirow_cells | column_cells);
                    }
                }
            }
            if progress {
                continue;
            }
        }
        // The band or stack with the fewest placements left over all
        // digits, and in it the digit with the fewest. (Splitting on a
        // two-candidate cell instead, even when the digit has three or more
        // placements, measured slightly slower on the hard sets.)
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
        if best.0 != u32::MAX {
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
        // Every band and stack settled but some cell open (never seen: the
        // placements then decide every cell): the cell with the fewest.
        let [_, c2, c3] = s.counts::<V>();
        let pairs = [c2[0] & !c3[0], c2[1] & !c3[1], c2[2] & !c3[2]];
        let pick = |mask: [u32; 3]| (0..3).find(|&b| mask[b] != 0).map(|b| (b, mask[b]));
        let (b, mask) = pick(pairs)
            .or_else(|| pick(c2))
            .expect("an unsolved cell exists");
        return guess_cell(s, b, mask);
    }
}

/// The body of the recursive search, expanded once per backend so each
/// copy is compiled with its own target features.
macro_rules! search_fn {
    ($(#[$attr:meta])* $vis:vis fn $name:ident, $search:ident, $lanes:ty, $bmi2:literal) => {
        $(#[$attr])*
        $vis fn $name(cells: &[u8; CELLS], ctx: &mut Ctx) {
            if let Some(s) = State::new::<$lanes>(cells) {
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
    fn rng(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    /// The cells of the permutations that fit a band mask, by brute force.
    fn band_rule_brute(x: u32) -> u32 {
        let mut union = 0;
        for &cells in &PERM_CELLS {
            // Each of the permutation's minirows must keep a cell.
            let cells_of = super::super::tables::minirow_cells;
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
                .fold(0, |a, j| a | super::super::tables::minirow_cells(j));
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
    fn must_matches_the_table_on_closed_patterns() {
        use super::super::tables::MUST_MINIROWS;
        let mut closed = 0;
        for p in 0..512u64 {
            let fitting = PERMS_FITTING[p as usize] as u32;
            let union = (0..6)
                .filter(|k| fitting >> k & 1 != 0)
                .fold(0, |a, k| a | minirows::<false>(PERM_CELLS[k]) as u64);
            if union != p || p == 0 {
                continue;
            }
            closed += 1;
            for shift in [0, 9, 18, 32, 41, 50] {
                // The other slots hold the full pattern, which must not leak.
                let others = [0, 9, 18, 32, 41, 50]
                    .iter()
                    .filter(|&&o| o != shift)
                    .fold(0, |a, o| a | 0o777 << o);
                let want = (MUST_MINIROWS[p as usize] as u64) << shift;
                assert_eq!(must(p << shift | others), want, "{p:o} at {shift}");
            }
        }
        assert_eq!(closed, 49);
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
        search_portable(&[0; CELLS], &mut ctx);
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

    #[test]
    fn a_root_with_few_pairs_makes_the_search_careful() {
        // The empty grid: no cell has two candidates.
        let mut ctx = Ctx::new(1);
        search_portable(&[0; CELLS], &mut ctx);
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
            assert_eq!(State::new::<Portable>(&cells).is_none(), clash, "{cells:?}");
        }
    }
}
