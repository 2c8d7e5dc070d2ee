//! Naked and hidden pairs, triples and quads, and the "direct" hidden pairs
//! and triples that leave a hidden single at once.

use crate::Candidates;
use crate::bits::{self, Cells, UNIT};
use crate::step::{
    Candidate, Step, Technique, cell_list, cell_name, digit_words, elim_list, rating, unit_name,
};
use crate::techniques::{BOX_COL_ROW, combos};

/// The cells of a unit picked by a 9-bit position mask.
#[inline]
fn cells_of(unit: usize, positions: u16) -> Cells {
    let mut out = 0;
    for p in bits::digits(positions) {
        out |= bits::bit(bits::unit_cell(unit, p as usize - 1));
    }
    out
}

/// Naked pair (k = 2), triple (3) or quad (4): the first found, in boxes,
/// columns, then rows.
pub fn naked_set(c: &Candidates, k: u32) -> Option<Step> {
    for &u in &BOX_COL_ROW {
        let empty = c.empty_cells() & UNIT[u];
        if bits::count(empty) < 2 * k {
            continue;
        }
        let mut ok = 0u16;
        for p in 0..9 {
            let n = c.count(bits::unit_cell(u, p));
            if n >= 2 && n <= k {
                ok |= 1 << p;
            }
        }
        for &m in combos(k) {
            if m & !ok != 0 {
                continue;
            }
            let set = cells_of(u, m);
            let mut union = 0u16;
            for cell in bits::cells(set) {
                union |= c.mask(cell);
            }
            if union.count_ones() != k {
                continue;
            }
            let mut elims = Vec::new();
            for cell in bits::cells(UNIT[u] & !set) {
                for d in bits::digits(c.mask(cell) & union) {
                    elims.push(Candidate::new(cell, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let (technique, tenths, word) = match k {
                2 => (Technique::NakedPair, 30, "naked pair"),
                3 => (Technique::NakedTriple, 36, "naked triple"),
                _ => (Technique::NakedQuad, 50, "naked quad"),
            };
            let explanation = format!(
                "{} hold only {} between them ({} in {}), so these digits are removed from the other cells of {}: {}.",
                cell_list(bits::cells(set)),
                digit_words(union),
                word,
                unit_name(u),
                unit_name(u),
                elim_list(&elims)
            );
            return Some(Step {
                technique,
                rating: rating(tenths),
                placements: vec![],
                eliminations: elims,
                cells: bits::cells(set).map(|x| x as u8).collect(),
                candidates: bits::cells(set)
                    .flat_map(|x| bits::digits(c.mask(x)).map(move |d| Candidate::new(x, d)))
                    .collect(),
                explanation,
            });
        }
    }
    None
}

/// Hidden pair (k = 2), triple (3) or quad (4); with `direct`, only a pair or
/// triple whose cleanup leaves a hidden single, which it places.
pub fn hidden_set(c: &Candidates, k: u32, direct: bool) -> Option<Step> {
    for &u in &BOX_COL_ROW {
        let empty = c.empty_cells() & UNIT[u];
        let n = bits::count(empty);
        if !(n > 2 * k || (direct && n > k)) {
            continue;
        }
        // Position mask of each digit in the unit.
        let mut pos = [0u16; 9];
        let mut ok = 0u16;
        for d in 1..=9u8 {
            pos[d as usize - 1] = bits::to_positions(u, c.unit_cells(u, d));
            let cnt = pos[d as usize - 1].count_ones();
            if cnt >= 2 && cnt <= k {
                ok |= 1 << (d - 1);
            }
        }
        for &dm in combos(k) {
            if dm & !ok != 0 {
                continue;
            }
            let mut union = 0u16;
            for d in bits::digits(dm) {
                union |= pos[d as usize - 1];
            }
            if union.count_ones() != k {
                continue;
            }
            let set = cells_of(u, union);
            let mut elims = Vec::new();
            for cell in bits::cells(set) {
                for d in bits::digits(c.mask(cell) & !dm) {
                    elims.push(Candidate::new(cell, d));
                }
            }
            let word = match k {
                2 => "hidden pair",
                3 => "hidden triple",
                _ => "hidden quad",
            };
            let mut explanation = format!(
                "In {}, {} can only go in {} ({}), so the other candidates there are removed: {}",
                unit_name(u),
                digit_words(dm),
                cell_list(bits::cells(set)),
                word,
                elim_list(&elims)
            );
            let mut placements = vec![];
            let (technique, tenths) = if direct {
                let mut found = None;
                for v in 1..=9u8 {
                    if dm & bits::dbit(v) != 0 {
                        continue;
                    }
                    let p = pos[v as usize - 1];
                    if p.count_ones() > 1 && (p & !union).count_ones() == 1 {
                        found = Some((
                            bits::unit_cell(u, (p & !union).trailing_zeros() as usize),
                            v,
                        ));
                        break;
                    }
                }
                let Some((cell, v)) = found else { continue };
                explanation.push_str(&format!(
                    "; then {} is the only place for {} in {}, so {}={}",
                    cell_name(cell),
                    v,
                    unit_name(u),
                    cell_name(cell),
                    v
                ));
                placements.push(Candidate::new(cell, v));
                if k == 2 {
                    (Technique::DirectHiddenPair, 20)
                } else {
                    (Technique::DirectHiddenTriple, 25)
                }
            } else {
                if elims.is_empty() {
                    continue;
                }
                match k {
                    2 => (Technique::HiddenPair, 34),
                    3 => (Technique::HiddenTriple, 40),
                    _ => (Technique::HiddenQuad, 54),
                }
            };
            explanation.push('.');
            return Some(Step {
                technique,
                rating: rating(tenths),
                placements,
                eliminations: elims,
                cells: bits::cells(set).map(|x| x as u8).collect(),
                candidates: bits::cells(set)
                    .flat_map(|x| bits::digits(c.mask(x) & dm).map(move |d| Candidate::new(x, d)))
                    .collect(),
                explanation,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cell, empty, keep_only, set_marks};

    #[test]
    fn naked_pair_in_row() {
        let mut c = empty();
        set_marks(&mut c, "r5c2", "37");
        set_marks(&mut c, "r5c8", "37");
        let s = naked_set(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.contains(&Candidate::new(cell("r5c1"), 3)));
        assert!(s.explanation.contains("naked pair in row 5"));
        assert!(naked_set(&c, 3).is_none());
    }

    #[test]
    fn naked_triple_in_box() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r2c2", "23");
        set_marks(&mut c, "r3c3", "13");
        assert!(naked_set(&c, 2).is_none());
        let s = naked_set(&c, 3).unwrap();
        assert_eq!(s.technique, Technique::NakedTriple);
        assert!(s.explanation.contains("b1"));
        assert_eq!(s.eliminations.len(), 6 * 3);
    }

    #[test]
    fn naked_quad_in_column() {
        let mut c = empty();
        for (name, m) in [
            ("r1c9", "12"),
            ("r4c9", "23"),
            ("r7c9", "34"),
            ("r9c9", "14"),
        ] {
            set_marks(&mut c, name, m);
        }
        assert!(naked_set(&c, 2).is_none() && naked_set(&c, 3).is_none());
        let s = naked_set(&c, 4).unwrap();
        assert_eq!(s.technique, Technique::NakedQuad);
        assert_eq!(s.rating, 5.0);
    }

    #[test]
    fn hidden_pair_and_direct() {
        let mut c = empty();
        keep_only(&mut c, 4, "r1", &["r1c2", "r1c6"]);
        keep_only(&mut c, 8, "r1", &["r1c2", "r1c6"]);
        let s = hidden_set(&c, 2, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenPair);
        assert_eq!(s.eliminations.len(), 14);
        assert!(hidden_set(&c, 2, true).is_none());
        // With 9 only in r1c2, r1c6 and r1c9, the pair leaves r1c9=9.
        keep_only(&mut c, 9, "r1", &["r1c2", "r1c6", "r1c9"]);
        let d = hidden_set(&c, 2, true).unwrap();
        assert_eq!(d.technique, Technique::DirectHiddenPair);
        assert_eq!(d.placements, vec![Candidate::new(cell("r1c9"), 9)]);
    }

    #[test]
    fn hidden_quad_in_row() {
        let mut c = empty();
        for d in [1, 2, 3, 4] {
            keep_only(&mut c, d, "r9", &["r9c1", "r9c3", "r9c5", "r9c7"]);
        }
        // Uneven places (1 and 4 in three cells each) still make no pair or
        // triple: only the four digits together fill four cells.
        c.eliminate(cell("r9c1"), 4);
        c.eliminate(cell("r9c3"), 1);
        assert!(hidden_set(&c, 2, false).is_none() && hidden_set(&c, 3, false).is_none());
        let s = hidden_set(&c, 4, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenQuad);
        assert_eq!(s.rating, 5.4);
        // The four cells keep only their quad digits.
        assert_eq!(s.eliminations.len(), 4 * 5);
        assert!(s.eliminations.iter().all(|e| e.digit > 4));
    }

    #[test]
    fn direct_hidden_triple() {
        let mut c = empty();
        for d in [1, 2, 3] {
            keep_only(&mut c, d, "c5", &["r1c5", "r2c5", "r3c5"]);
        }
        // 7 sits only in those cells and r9c5: the triple leaves r9c5=7.
        keep_only(&mut c, 7, "c5", &["r1c5", "r9c5"]);
        assert!(hidden_set(&c, 2, true).is_none());
        let s = hidden_set(&c, 3, true).unwrap();
        assert_eq!(s.technique, Technique::DirectHiddenTriple);
        assert_eq!(s.rating, 2.5);
        assert_eq!(s.placements, vec![Candidate::new(cell("r9c5"), 7)]);
    }

    #[test]
    fn hidden_triple_in_box() {
        let mut c = empty();
        for d in [1, 2, 3] {
            keep_only(&mut c, d, "b5", &["r4c4", "r5c5", "r6c6"]);
        }
        c.eliminate(cell("r4c4"), 3);
        assert!(hidden_set(&c, 2, false).is_none());
        let s = hidden_set(&c, 3, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenTriple);
        assert_eq!(s.eliminations.len(), 6 * 3);
    }
}
