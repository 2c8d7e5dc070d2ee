//! Techniques Sudoku Explainer does not have, offered by
//! [`crate::Solver::with_extra_techniques`]: finned (and sashimi) fish and
//! ALS-XZ. Their ratings are ours (SE has none for them): a finned fish
//! rates 0.2 above its basic fish, ALS-XZ 5.8.

use crate::Candidates;
use crate::bits::{self, Cells, PEERS, UNIT};
use crate::step::{
    Candidate, Step, Technique, cell_list, digit_words, elim_list, rating, unit_name,
};
use crate::techniques::combos;

use super::fish::lines_text;

/// The first finned or sashimi fish of size `k` (2, 3 or 4): base lines
/// whose candidates lie in `k` cover lines except for fins inside one box.
pub fn finned_fish(c: &Candidates, k: u32) -> Option<Step> {
    for (base, cover) in [(0usize, 9usize), (9, 0)] {
        for &lines in combos(k) {
            for d in 1..=9u8 {
                let mut cells: Cells = 0;
                let mut union = 0u16;
                let mut ok = true;
                for i in bits::digits(lines) {
                    let u = base + i as usize - 1;
                    let p = c.unit_cells(u, d);
                    if p == 0 {
                        ok = false;
                        break;
                    }
                    cells |= p;
                    union |= bits::to_positions(u, p);
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
                    for p in bits::digits(union) {
                        if cm >> idx & 1 == 1 {
                            cover_mask |= 1 << (p - 1);
                        }
                        idx += 1;
                    }
                    if cm >> idx != 0 || cover_mask.count_ones() != k {
                        continue;
                    }
                    let mut cover_cells: Cells = 0;
                    for j in bits::digits(cover_mask) {
                        cover_cells |= UNIT[cover + j as usize - 1];
                    }
                    let fins = cells & !cover_cells;
                    let Some(b) = (18..27).find(|&b| fins & !UNIT[b] == 0) else {
                        continue;
                    };
                    let elims_set = c.cells_with(d) & cover_cells & UNIT[b] & !cells;
                    if elims_set == 0 {
                        continue;
                    }
                    // Sashimi when a base line keeps no candidate in the cover lines.
                    let sashimi = bits::digits(lines)
                        .any(|i| c.unit_cells(base + i as usize - 1, d) & cover_cells == 0);
                    let elims: Vec<Candidate> = bits::cells(elims_set)
                        .map(|x| Candidate::new(x, d))
                        .collect();
                    let (technique, tenths) = match k {
                        2 => (Technique::FinnedXWing, 34),
                        3 => (Technique::FinnedSwordfish, 40),
                        _ => (Technique::FinnedJellyfish, 54),
                    };
                    let explanation = format!(
                        "In {}, {} can only go in {} or in the fin{} {} of {}: either a fin holds {} or the {}s of these lines take {}; both remove {} from cells of {} in {}: {}.",
                        lines_text(base, lines),
                        d,
                        lines_text(cover, cover_mask),
                        if bits::count(fins) > 1 { "s" } else { "" },
                        cell_list(bits::cells(fins)),
                        unit_name(b),
                        d,
                        d,
                        lines_text(cover, cover_mask),
                        d,
                        unit_name(b),
                        lines_text(cover, cover_mask),
                        elim_list(&elims)
                    ) + if sashimi { " (sashimi)" } else { "" };
                    return Some(Step {
                        technique,
                        rating: rating(tenths),
                        placements: vec![],
                        eliminations: elims,
                        cells: bits::cells(cells).map(|x| x as u8).collect(),
                        candidates: bits::cells(cells).map(|x| Candidate::new(x, d)).collect(),
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
    cells: Cells,
    digits: u16,
    unit: usize,
}

fn almost_locked_sets(c: &Candidates, max: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for u in 0..27 {
        let empty: Vec<usize> = bits::cells(UNIT[u]).filter(|&x| c.count(x) >= 2).collect();
        let n = empty.len();
        for size in 1..=max.min(n.saturating_sub(1)).max(1).min(n) {
            for &m in combos(size as u32) {
                if (m as usize) >> n != 0 {
                    continue;
                }
                let mut cells = 0;
                let mut digits = 0u16;
                for i in bits::digits(m) {
                    let x = empty[i as usize - 1];
                    cells |= bits::bit(x);
                    digits |= c.mask(x);
                }
                if digits.count_ones() as usize == size + 1 && !out.iter().any(|a| a.cells == cells)
                {
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
    let cells_of = |a: &Als, d: u8| a.cells & c.cells_with(d);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.digits & b.digits;
            if common.count_ones() < 2 {
                continue;
            }
            for x in bits::digits(common) {
                let (ax, bx) = (cells_of(a, x), cells_of(b, x));
                // Restricted: every x of A sees every x of B.
                if bits::cells(ax).any(|p| bx & !PEERS[p] != 0) {
                    continue;
                }
                for z in bits::digits(common & !bits::dbit(x)) {
                    let zs = cells_of(a, z) | cells_of(b, z);
                    let mut victims = c.cells_with(z) & !a.cells & !b.cells;
                    for p in bits::cells(zs) {
                        victims &= PEERS[p];
                    }
                    if victims == 0 {
                        continue;
                    }
                    let elims: Vec<Candidate> =
                        bits::cells(victims).map(|v| Candidate::new(v, z)).collect();
                    let explanation = format!(
                        "{} ({} in {}) and {} ({} in {}) each hold one digit more than cells; they cannot both hold {} (every {} of one sees every {} of the other), so one of them loses it and is locked, holding {} among its digits: cells seeing every {} of both lose it: {}.",
                        cell_list(bits::cells(a.cells)),
                        digit_words(a.digits),
                        unit_name(a.unit),
                        cell_list(bits::cells(b.cells)),
                        digit_words(b.digits),
                        unit_name(b.unit),
                        x,
                        x,
                        x,
                        z,
                        z,
                        elim_list(&elims)
                    );
                    let all = a.cells | b.cells;
                    return Some(Step {
                        technique: Technique::AlsXz,
                        rating: rating(58),
                        placements: vec![],
                        eliminations: elims,
                        cells: bits::cells(all).map(|v| v as u8).collect(),
                        candidates: bits::cells(all)
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
    use crate::techniques::test_util::{cell, empty, keep_only, set_marks};

    #[test]
    fn finned_x_wing() {
        let mut c = empty();
        keep_only(&mut c, 4, "r2", &["r2c2", "r2c7"]);
        // Row 8: 4 in c2 and c7, plus a fin at r8c8 (box 9).
        keep_only(&mut c, 4, "r8", &["r8c2", "r8c7", "r8c8"]);
        let s = finned_fish(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::FinnedXWing);
        // Only cells of column 7 in the fin's box: r7c7, r9c7.
        assert_eq!(
            s.eliminations,
            vec![
                Candidate::new(cell("r7c7"), 4),
                Candidate::new(cell("r9c7"), 4)
            ]
        );
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
        let two = |n: &str| Candidate::new(cell(n), 2);
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
