//! Techniques Sudoku Explainer does not have, offered by
//! [`crate::Solver::with_extra_techniques`]: finned (and sashimi) fish and
//! ALS-XZ. Their ratings are ours (SE has none for them): a finned fish
//! rates 0.2 above its basic fish, ALS-XZ 5.8.

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::step::{Candidate, Step, Technique, cell_list, digit_words, elim_list, rating};
use crate::techniques::{combos, lines, positions};

use super::fish::lines_text;

/// The first finned or sashimi fish of size `k` (2, 3 or 4): base lines
/// whose candidates lie in `k` cover lines except for fins inside one box.
pub fn finned_fish(c: &Candidates, k: u32) -> Option<Step> {
    for (base, cover) in [
        (House::row(0), House::column(0)),
        (House::column(0), House::row(0)),
    ] {
        for &lines_mask in combos(k) {
            for d in Digit::all() {
                let mut cells = CellSet::EMPTY;
                let mut union = 0u16;
                let mut ok = true;
                for u in lines(base, lines_mask) {
                    let p = c.unit_cells(u, d);
                    if p.is_empty() {
                        ok = false;
                        break;
                    }
                    cells |= p;
                    union |= positions(u, p);
                }
                let n = union.count_ones();
                // Basic fish are found elsewhere; fins span at most 3 lines.
                if !ok || n <= k || n > k + 3 {
                    continue;
                }
                for &cm in combos(k) {
                    // Cover lines: k of the union's positions.
                    let mut cover_mask = 0u16;
                    let mut idx = 0;
                    for p in 0..9 {
                        if union >> p & 1 == 1 {
                            if cm >> idx & 1 == 1 {
                                cover_mask |= 1 << p;
                            }
                            idx += 1;
                        }
                    }
                    if cm >> idx != 0 || cover_mask.count_ones() != k {
                        continue;
                    }
                    let mut cover_cells = CellSet::EMPTY;
                    for u in lines(cover, cover_mask) {
                        cover_cells |= u.cells();
                    }
                    let fins = cells - cover_cells;
                    let Some(b) = (0..9).map(House::block).find(|b| fins.is_subset(b.cells()))
                    else {
                        continue;
                    };
                    let elims_set = (c.cells_with(d) & cover_cells & b.cells()) - cells;
                    if elims_set.is_empty() {
                        continue;
                    }
                    // Sashimi when a base line keeps no candidate in the cover lines.
                    let sashimi = lines(base, lines_mask)
                        .any(|u| !c.unit_cells(u, d).intersects(cover_cells));
                    let elims: Vec<Candidate> =
                        elims_set.iter().map(|x| Candidate::new(x, d)).collect();
                    let (technique, tenths) = match k {
                        2 => (Technique::FinnedXWing, 34),
                        3 => (Technique::FinnedSwordfish, 40),
                        _ => (Technique::FinnedJellyfish, 54),
                    };
                    let covers = lines_text(cover, cover_mask);
                    let explanation = format!(
                        "In {}, {d} can only go in {covers} or in the fin{} {} of {b}: either a fin holds {d} or the {d}s of these lines take {covers}; both remove {d} from cells of {b} in {covers}: {}.",
                        lines_text(base, lines_mask),
                        if fins.len() > 1 { "s" } else { "" },
                        cell_list(fins),
                        elim_list(&elims)
                    ) + if sashimi { " (sashimi)" } else { "" };
                    return Some(Step {
                        technique,
                        rating: rating(tenths),
                        placements: vec![],
                        eliminations: elims,
                        cells: cells.iter().collect(),
                        candidates: cells.iter().map(|x| Candidate::new(x, d)).collect(),
                        explanation,
                    });
                }
            }
        }
    }
    None
}

/// An almost locked set: `n` cells of one unit holding `n + 1` digits.
#[derive(Clone, Copy)]
struct Als {
    cells: CellSet,
    digits: DigitSet,
    unit: House,
}

fn almost_locked_sets(c: &Candidates, max: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for u in House::all() {
        let empty: Vec<Cell> = u.cells().iter().filter(|&x| c.count(x) >= 2).collect();
        let n = empty.len();
        for size in 1..=max.min(n.saturating_sub(1)).max(1).min(n) {
            for &m in combos(size as u32) {
                if (m as usize) >> n != 0 {
                    continue;
                }
                let mut cells = CellSet::EMPTY;
                let mut digits = DigitSet::EMPTY;
                for i in (0..9).filter(|i| m >> i & 1 == 1) {
                    let x = empty[i];
                    cells.insert(x);
                    digits |= c.mask(x);
                }
                if digits.len() == size + 1 && !out.iter().any(|a| a.cells == cells) {
                    out.push(Als {
                        cells,
                        digits,
                        unit: u,
                    });
                }
            }
        }
    }
    out
}

/// ALS-XZ: two almost locked sets with a restricted common digit x (every x
/// of one sees every x of the other): the common digit z is removed from
/// cells seeing every z of both.
pub fn als_xz(c: &Candidates) -> Option<Step> {
    let sets = almost_locked_sets(c, 4);
    let cells_of = |a: &Als, d: Digit| a.cells & c.cells_with(d);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells.intersects(b.cells) {
                continue;
            }
            let common = a.digits & b.digits;
            if common.len() < 2 {
                continue;
            }
            for x in common {
                let (ax, bx) = (cells_of(a, x), cells_of(b, x));
                // Restricted: every x of A sees every x of B.
                if ax.iter().any(|p| !bx.is_subset(p.peers())) {
                    continue;
                }
                for z in common - DigitSet::single(x) {
                    let zs = cells_of(a, z) | cells_of(b, z);
                    let mut victims = c.cells_with(z) - a.cells - b.cells;
                    for p in zs {
                        victims &= p.peers();
                    }
                    if victims.is_empty() {
                        continue;
                    }
                    let elims: Vec<Candidate> =
                        victims.iter().map(|v| Candidate::new(v, z)).collect();
                    let explanation = format!(
                        "{} ({} in {}) and {} ({} in {}) each hold one digit more than cells; they cannot both hold {x} (every {x} of one sees every {x} of the other), so one of them loses it and is locked, holding {z} among its digits: cells seeing every {z} of both lose it: {}.",
                        cell_list(a.cells),
                        digit_words(a.digits),
                        a.unit,
                        cell_list(b.cells),
                        digit_words(b.digits),
                        b.unit,
                        elim_list(&elims)
                    );
                    let all = a.cells | b.cells;
                    return Some(Step {
                        technique: Technique::AlsXz,
                        rating: rating(58),
                        placements: vec![],
                        eliminations: elims,
                        cells: all.iter().collect(),
                        candidates: all
                            .iter()
                            .flat_map(|v| c.digits(v).map(move |d| Candidate::new(v, d)))
                            .collect(),
                        explanation,
                    });
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, empty, keep_only, set_marks};

    #[test]
    fn finned_x_wing() {
        let mut c = empty();
        keep_only(&mut c, 4, "r2", &["r2c2", "r2c7"]);
        // Row 8: 4 in c2 and c7, plus a fin at r8c8 (box 9).
        keep_only(&mut c, 4, "r8", &["r8c2", "r8c7", "r8c8"]);
        let s = finned_fish(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::FinnedXWing);
        // Only cells of column 7 in the fin's box: r7c7, r9c7.
        assert_eq!(s.eliminations, vec![cand("r7c7", 4), cand("r9c7", 4)]);
        assert!(crate::techniques::fish::fish(&c, 2).is_none());
    }

    #[test]
    fn als_xz_found() {
        // A = r1c1 {1,2} (one cell, two digits); B = r5c1, r5c2 {1,2,3}.
        // x = 1 is restricted (r1c1 and r5c1 share column 1); z = 2 goes
        // from the cells seeing r1c1 and r5c2.
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r5c1", "13");
        set_marks(&mut c, "r5c2", "23");
        let s = als_xz(&c).unwrap();
        assert_eq!(s.technique, Technique::AlsXz);
        let two = |n: &str| cand(n, 2);
        assert_eq!(
            s.eliminations,
            vec![
                two("r1c2"),
                two("r2c2"),
                two("r3c2"),
                two("r4c1"),
                two("r6c1")
            ]
        );
        assert!(s.explanation.contains("cannot both hold 1"));
    }
}
