//! The guess policy, and the settling that leads to each guess.
//!
//! A root (always settled first) with at most 64 open cells, fewer than one
//! in six of them with two candidates, marks a hard puzzle, and every guess
//! of its search is the careful one below. Otherwise the root guesses the first two-candidate
//! cell, and until the search first meets a contradiction every guess takes
//! a two-candidate cell (the first of the band with the most) as soon as a
//! round has changed something, without waiting for the fixpoint (on open,
//! many-solution grids guesses rarely fail, and the rounds that would prove
//! the fixpoint are most of the work). After the first contradiction the
//! first few guesses still take the first two-candidate cell, at fixpoints,
//! and so do all guesses while some guess has not failed (the careful
//! choice costs more than it saves when guesses rarely fail).
//! Otherwise, as tdoku does, the placements in the band or stack with the
//! fewest placements left over all digits, of its digit with the fewest
//! (two when there is such a digit); a two-candidate cell only when every
//! band and stack is settled. Before such a guess, minirows and minicolumns
//! are counted across digits: one that four digits must use is a
//! contradiction (this keeps placement guesses from thrashing on open
//! grids), one that three must use is full and the other digits leave it
//! (tdoku's "three digits in three cells").

// Lanes of parallel arrays are indexed by band; iterators would hide that.
#![allow(clippy::needless_range_loop)]

use super::rules::Round;
use super::state::State;
use crate::solver::lanes::Lanes;
use crate::solver::tables::{
    BAND, CONFIG_COUNT, GATHER9, PERMS_FITTING, ROW_LOW, ROW_TO_MINIROWS, SPREAD9,
};

/// Guesses made with the cheap policy (first two-candidate cell) before the
/// search switches to the careful one, once a contradiction has been met.
pub(super) const CHEAP_GUESSES: u64 = 4;

/// The search also stays cheap while fewer than one guess in this many has
/// failed. (Now that hard puzzles are told apart at the root, 1 measured
/// best: 2 cost serg_benchmark 1.5 % and gained magictour_top1465 2-4 %.)
pub(super) const FAILURE_RATIO: u64 = 1;

/// A search is careful from its root on when fewer than one open cell in
/// this many has two candidates there: few pairs mark a hard puzzle, where
/// the careful choice pays from the first guess (at the root, 0.4 pairs
/// for 58 open cells on average on forum_hardest_1106, 6 for 52 on
/// magictour_top1465; 13 for 44 on serg_benchmark, whose many solutions
/// the cheap guesses find faster).
const ROOT_PAIR_SHARE: u32 = 6;

/// ... and when it has at most this many open cells: a grid with fewer than
/// 17 givens never has one solution, so few pairs mark an open grid there,
/// not a hard puzzle. On candidates given from outside, an open grid around
/// a few narrowed houses made the careful guesses (placements of one digit
/// across a band) fill the open part every way (537,000 guesses, where the
/// cheap ones take 38: found by the solver fuzz target).
const ROOT_MAX_OPEN: u32 = 64;

/// The minirow pattern (bit `row * 3 + box`) of a digit's band mask.
#[inline(always)]
fn minirows<const BMI2: bool>(x: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        let t = x | x >> 1 | x >> 2;
        // SAFETY: BMI2 is true only in code compiled inside the `bmi2`
        // entry points, which run only after runtime detection found BMI2.
        return unsafe { core::arch::x86_64::_pext_u32(t, crate::solver::tables::MARKS) };
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
        return unsafe { core::arch::x86_64::_pdep_u32(x, crate::solver::tables::MARKS) };
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
pub(super) const STACK_KEEP: [[u32; 3]; 3] = {
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
pub(super) enum Step {
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
/// the root has few two-candidate cells (see `ROOT_PAIR_SHARE` and
/// `ROOT_MAX_OPEN`); if so the guess is careful. `eager`: also take it
/// right after a round that changed something, before the fixpoint.
///
/// Release builds inline it into each backend's entry point like every
/// helper. Debug builds keep it out of line: they give every inlined
/// temporary its own stack slot, so inlined it made each level of the
/// recursive search take about 70 KB of stack (a search 30 guesses deep
/// overflowed a test thread's 2 MB); out of line, 3.5 KB. It then runs
/// without the entry point's target features: slower, still correct, as
/// only that entry point calls it.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline(never))]
pub(super) fn settle<V: Lanes, const BMI2: bool>(
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
                let open = count(c2);
                *hard = open <= ROOT_MAX_OPEN && count(pairs) * ROOT_PAIR_SHARE < open;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tables::PERM_CELLS;

    #[test]
    fn must_matches_the_table_on_closed_patterns() {
        use crate::solver::tables::MUST_MINIROWS;
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
}
