//! The simple rules that "Dynamic Forcing Chains (+)" (see
//! [`super::forcing_chains`]) apply on the reduced grid while following a
//! chain: pointing/claiming, hidden pairs, naked
//! pairs and X-Wings, in Sudoku Explainer's order. Each rule's eliminations
//! come with the chain eliminations (candidates of the original grid gone
//! from the reduced one) that made the rule work; a rule instance that
//! rests on none of them is ignored, as it holds without the chain.

use sudoku_engine::{CellSet, Digit, DigitSet, House};

use crate::techniques::{BOX_COL_ROW, combos, lines, positions};
use crate::{Candidate, Candidates};

/// One rule's eliminations on `work` and the removed candidates they rest on.
pub(crate) type Found = (Vec<Candidate>, Vec<Candidate>);

fn elims_of(work: &Candidates, cells: CellSet, d: Digit) -> Vec<Candidate> {
    (cells & work.cells_with(d))
        .iter()
        .map(|x| Candidate::new(x, d))
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

fn lost(orig: &Candidates, work: &Candidates, cells: CellSet, d: Digit) -> Vec<Candidate> {
    ((cells & orig.cells_with(d)) - work.cells_with(d))
        .iter()
        .map(|x| Candidate::new(x, d))
        .collect()
}

fn locking(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let boxes = || (0..9).map(House::block);
    let cols = || (0..9).map(House::column);
    let rows = || (0..9).map(House::row);
    let pairs = boxes()
        .flat_map(move |b| cols().map(move |c| (b, c)))
        .chain(boxes().flat_map(move |b| rows().map(move |r| (b, r))))
        .chain(cols().flat_map(move |c| boxes().map(move |b| (c, b))))
        .chain(rows().flat_map(move |r| boxes().map(move |b| (r, b))));
    for (u1, u2) in pairs {
        if !u1.cells().intersects(u2.cells()) {
            continue;
        }
        for d in Digit::all() {
            let pos = work.unit_cells(u1, d);
            if pos.len() <= 1 || !pos.is_subset(u2.cells()) {
                continue;
            }
            let elims = elims_of(work, u2.cells() - u1.cells(), d);
            if elims.is_empty() {
                continue;
            }
            let parents = lost(orig, work, u1.cells() - u2.cells(), d);
            if !parents.is_empty() {
                out.push((sorted(elims), parents));
            }
        }
    }
}

fn sorted(mut v: Vec<Candidate>) -> Vec<Candidate> {
    v.sort();
    v
}

fn hidden_pairs(orig: &Candidates, work: &Candidates, out: &mut Vec<Found>) {
    let empty = work.empty_cells();
    for &u in &BOX_COL_ROW {
        if (empty & u.cells()).len() <= 4 {
            continue;
        }
        for &dm in combos(2) {
            let dm = DigitSet::from_bits(dm);
            let mut union = CellSet::EMPTY;
            let mut ok = true;
            for d in dm {
                let p = work.unit_cells(u, d);
                if p.len() <= 1 {
                    ok = false;
                    break;
                }
                union |= p;
            }
            if !ok || union.len() != 2 {
                continue;
            }
            let mut elims = Vec::new();
            for x in union {
                for d in work.mask(x) - dm {
                    elims.push(Candidate::new(x, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for x in u.cells() - union {
                for d in dm & orig.mask(x) {
                    parents.push(Candidate::new(x, d));
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
        if (empty & u.cells()).len() < 4 {
            continue;
        }
        for &pm in combos(2) {
            let a = u.cell_at(pm.trailing_zeros() as usize);
            let b = u.cell_at(15 - pm.leading_zeros() as usize);
            if work.count(a) < 2 || work.count(b) < 2 {
                continue;
            }
            let union = work.mask(a) | work.mask(b);
            if union.len() != 2 {
                continue;
            }
            let mut elims = Vec::new();
            for x in u.cells() - CellSet::single(a) - CellSet::single(b) {
                for d in work.mask(x) & union {
                    elims.push(Candidate::new(x, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let mut parents = Vec::new();
            for x in [a, b] {
                for d in orig.mask(x) - union {
                    parents.push(Candidate::new(x, d));
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
    for (base, cover) in [
        (House::column(0), House::row(0)),
        (House::row(0), House::column(0)),
    ] {
        for &lines_mask in combos(2) {
            for d in Digit::all() {
                if placed[d.index()] + 4 > 9 {
                    continue;
                }
                let mut union = 0u16;
                let mut base_cells = CellSet::EMPTY;
                let mut ok = true;
                for u in lines(base, lines_mask) {
                    let p = work.unit_cells(u, d);
                    if p.len() < 2 {
                        ok = false;
                        break;
                    }
                    base_cells |= u.cells();
                    union |= positions(u, p);
                }
                if !ok || union.count_ones() != 2 {
                    continue;
                }
                let mut cover_cells = CellSet::EMPTY;
                for u in lines(cover, union) {
                    cover_cells |= u.cells();
                }
                let elims = elims_of(work, cover_cells - base_cells, d);
                if elims.is_empty() {
                    continue;
                }
                let parents = lost(orig, work, base_cells - cover_cells, d);
                if !parents.is_empty() {
                    out.push((sorted(elims), parents));
                }
            }
        }
    }
}
