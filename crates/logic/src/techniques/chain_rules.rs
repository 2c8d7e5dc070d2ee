//! The simple rules that "Dynamic Forcing Chains (+)" apply on the reduced
//! grid while following a chain: pointing/claiming, hidden pairs, naked
//! pairs and X-Wings, in Sudoku Explainer's order. Each rule's eliminations
//! come with the chain eliminations (candidates of the original grid gone
//! from the reduced one) that made the rule work; a rule instance that
//! rests on none of them is ignored, as it holds without the chain.

use crate::Candidates;
use crate::bits::{self, Cells, UNIT};
use crate::techniques::{BOX_COL_ROW, combos};

/// One rule's eliminations on `work` and the removed candidates they rest on.
pub(crate) type Found = (Vec<(usize, u8)>, Vec<(usize, u8)>);

fn elims_of(work: &Candidates, cells: Cells, d: u8) -> Vec<(usize, u8)> {
    bits::cells(cells & work.cells_with(d))
        .map(|x| (x, d))
        .collect()
}

/// The eliminations of the first rule that finds any on `work` resting on
/// candidates removed from `orig`.
pub(crate) fn advanced_offs(orig: &Candidates, work: &Candidates) -> Vec<Found> {
    let mut out = Vec::new();
    locking(orig, work, &mut out);
    if out.is_empty() {
        hidden_pairs(orig, work, &mut out);
    }
    if out.is_empty() {
        naked_pairs(orig, work, &mut out);
    }
    if out.is_empty() {
        x_wings(orig, work, &mut out);
    }
    out
}

fn lost(orig: &Candidates, work: &Candidates, cells: Cells, d: u8) -> Vec<(usize, u8)> {
    bits::cells(cells & orig.cells_with(d) & !work.cells_with(d))
        .map(|x| (x, d))
        .collect()
}

fn locking(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let pairs = (18..27)
        .flat_map(|b| (9..18).map(move |c| (b, c)))
        .chain((18..27).flat_map(|b| (0..9).map(move |r| (b, r))))
        .chain((9..18).flat_map(|c| (18..27).map(move |b| (c, b))))
        .chain((0..9).flat_map(|r| (18..27).map(move |b| (r, b))));
    for (u1, u2) in pairs {
        if UNIT[u1] & UNIT[u2] == 0 {
            continue;
        }
        for d in 1..=9u8 {
            let pos = work.unit_cells(u1, d);
            if bits::count(pos) <= 1 || pos & !UNIT[u2] != 0 {
                continue;
            }
            let elims = elims_of(work, UNIT[u2] & !UNIT[u1], d);
            if elims.is_empty() {
                continue;
            }
            let parents = lost(orig, work, UNIT[u1] & !UNIT[u2], d);
            if !parents.is_empty() {
                out.push((sorted(elims), parents));
            }
        }
    }
}

fn sorted(mut v: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    v.sort();
    v
}

fn hidden_pairs(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let empty = work.empty_cells();
    for &u in &BOX_COL_ROW {
        if bits::count(empty & UNIT[u]) <= 4 {
            continue;
        }
        for &dm in combos(2) {
            let mut union = 0;
            let mut ok = true;
            for d in bits::digits(dm) {
                let p = work.unit_cells(u, d);
                if bits::count(p) <= 1 {
                    ok = false;
                    break;
                }
                union |= p;
            }
            if !ok || bits::count(union) != 2 {
                continue;
            }
            let mut elims = Vec::new();
            for x in bits::cells(union) {
                for d in bits::digits(work.mask(x) & !dm) {
                    elims.push((x, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for x in bits::cells(UNIT[u] & !union) {
                for d in bits::digits(dm & orig.mask(x)) {
                    parents.push((x, d));
                }
            }
            if !parents.is_empty() {
                out.push((sorted(elims), parents));
            }
        }
    }
}

fn naked_pairs(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let empty = work.empty_cells();
    for &u in &BOX_COL_ROW {
        if bits::count(empty & UNIT[u]) < 4 {
            continue;
        }
        for &pm in combos(2) {
            let mut it = bits::digits(pm);
            let a = bits::unit_cell(u, it.next().expect("two") as usize - 1);
            let b = bits::unit_cell(u, it.next().expect("two") as usize - 1);
            if work.count(a) < 2 || work.count(b) < 2 {
                continue;
            }
            let union = work.mask(a) | work.mask(b);
            if union.count_ones() != 2 {
                continue;
            }
            let mut elims = Vec::new();
            for x in bits::cells(UNIT[u] & !bits::bit(a) & !bits::bit(b)) {
                for d in bits::digits(work.mask(x) & union) {
                    elims.push((x, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for x in [a, b] {
                for d in bits::digits(orig.mask(x) & !union) {
                    parents.push((x, d));
                }
            }
            if !parents.is_empty() {
                out.push((sorted(elims), parents));
            }
        }
    }
}

fn x_wings(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let mut placed = [0u32; 9];
    for &v in work.values() {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    for (base, cover) in [(9usize, 0usize), (0, 9)] {
        for &lines in combos(2) {
            for d in 1..=9u8 {
                if placed[d as usize - 1] + 4 > 9 {
                    continue;
                }
                let mut union = 0u16;
                let mut base_cells: Cells = 0;
                let mut ok = true;
                for i in bits::digits(lines) {
                    let u = base + i as usize - 1;
                    let p = work.unit_cells(u, d);
                    if bits::count(p) < 2 {
                        ok = false;
                        break;
                    }
                    base_cells |= UNIT[u];
                    union |= bits::to_positions(u, p);
                }
                if !ok || union.count_ones() != 2 {
                    continue;
                }
                let mut cover_cells: Cells = 0;
                for j in bits::digits(union) {
                    cover_cells |= UNIT[cover + j as usize - 1];
                }
                let elims = elims_of(work, cover_cells & !base_cells, d);
                if elims.is_empty() {
                    continue;
                }
                let parents = lost(orig, work, base_cells & !cover_cells, d);
                if !parents.is_empty() {
                    out.push((sorted(elims), parents));
                }
            }
        }
    }
}
