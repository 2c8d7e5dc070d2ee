//! Naked and hidden pairs, triples and quads, and the "direct" hidden pairs
//! and triples that leave a hidden single at once.

use sudoku_engine::{Digit, DigitSet};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, digit_words, elim_list};
use crate::techniques::{BOX_COL_ROW, cells_at, combos, positions};

/// Naked pair (k = 2), triple (3) or quad (4): the first found, in boxes,
/// columns, then rows.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::{Candidates, Technique, techniques::subsets};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // r5c2 and r5c8 hold only 3 and 7.
/// for cell in [Cell::at(4, 1), Cell::at(4, 7)] {
///     for d in Digit::all().filter(|d| ![3, 7].contains(&d.get())) {
///         marks.eliminate(cell, d);
///     }
/// }
/// let step = subsets::naked_set(&marks, 2).unwrap();
/// assert_eq!(step.technique, Technique::NakedPair);
/// assert_eq!(step.eliminations.len(), 14);
/// assert!(subsets::naked_set(&marks, 3).is_none());
/// ```
pub fn naked_set(c: &Candidates, k: u32) -> Option<Step> {
    for &u in &BOX_COL_ROW {
        let empty = c.empty_cells() & u.cells();
        if (empty.len() as u32) < 2 * k {
            continue;
        }
        let mut ok = 0u16;
        for p in 0..9 {
            let n = c.count(u.cell_at(p));
            if n >= 2 && n <= k {
                ok |= 1 << p;
            }
        }
        for &m in combos(k) {
            if m & !ok != 0 {
                continue;
            }
            let set = cells_at(u, m);
            let mut union = DigitSet::EMPTY;
            for cell in set {
                union |= c.mask(cell);
            }
            if union.len() as u32 != k {
                continue;
            }
            let mut elims = Vec::new();
            for cell in u.cells() - set {
                for d in c.mask(cell) & union {
                    elims.push(Candidate::new(cell, d));
                }
            }
            if elims.is_empty() {
                continue;
            }
            let (technique, word) = match k {
                2 => (Technique::NakedPair, "naked pair"),
                3 => (Technique::NakedTriple, "naked triple"),
                _ => (Technique::NakedQuad, "naked quad"),
            };
            let explanation = format!(
                "{} hold only {} between them ({word} in {u}), so these digits are removed from the other cells of {u}: {}.",
                cell_list(set),
                digit_words(union),
                elim_list(&elims)
            );
            return Some(Step {
                technique,
                rating: technique.base_rating(),
                placements: vec![],
                eliminations: elims,
                cells: set.iter().collect(),
                houses: vec![u],
                candidates: set
                    .iter()
                    .flat_map(|x| c.digits(x).map(move |d| Candidate::new(x, d)))
                    .collect(),
                explanation,
            });
        }
    }
    None
}

/// Hidden pair (k = 2), triple (3) or quad (4); with `direct`, only a pair or
/// triple whose cleanup leaves a hidden single, which it places.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid, House};
/// use sudoku_logic::{Candidates, Technique, techniques::subsets};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // In row 1, 4 and 8 only in r1c2 and r1c6.
/// for cell in House::row(0).cells() {
///     if ![1, 5].contains(&cell.column()) {
///         marks.eliminate(cell, Digit::new(4));
///         marks.eliminate(cell, Digit::new(8));
///     }
/// }
/// let step = subsets::hidden_set(&marks, 2, false).unwrap();
/// assert_eq!(step.technique, Technique::HiddenPair);
/// assert!(subsets::hidden_set(&marks, 2, true).is_none());
/// ```
pub fn hidden_set(c: &Candidates, k: u32, direct: bool) -> Option<Step> {
    for &u in &BOX_COL_ROW {
        let empty = c.empty_cells() & u.cells();
        let n = empty.len() as u32;
        if !(n > 2 * k || (direct && n > k)) {
            continue;
        }
        // Position mask of each digit in the unit.
        let mut pos = [0u16; 9];
        let mut ok = 0u16;
        for d in Digit::all() {
            pos[d.index()] = positions(u, c.unit_cells(u, d));
            let cnt = pos[d.index()].count_ones();
            if cnt >= 2 && cnt <= k {
                ok |= 1 << d.index();
            }
        }
        for &dm in combos(k) {
            if dm & !ok != 0 {
                continue;
            }
            let dm = DigitSet::from_bits(dm);
            let mut union = 0u16;
            for d in dm {
                union |= pos[d.index()];
            }
            if union.count_ones() != k {
                continue;
            }
            let set = cells_at(u, union);
            let mut elims = Vec::new();
            for cell in set {
                for d in c.mask(cell) - dm {
                    elims.push(Candidate::new(cell, d));
                }
            }
            let word = match k {
                2 => "hidden pair",
                3 => "hidden triple",
                _ => "hidden quad",
            };
            let mut explanation = format!(
                "In {u}, {} can only go in {} ({word}), so the other candidates there are removed: {}",
                digit_words(dm),
                cell_list(set),
                elim_list(&elims)
            );
            let mut placements = vec![];
            let technique = if direct {
                let mut found = None;
                for v in !dm {
                    let p = pos[v.index()];
                    if p.count_ones() > 1 && (p & !union).count_ones() == 1 {
                        found = Some((u.cell_at((p & !union).trailing_zeros() as usize), v));
                        break;
                    }
                }
                let Some((cell, v)) = found else { continue };
                explanation.push_str(&format!(
                    "; then {cell} is the only place for {v} in {u}, so {cell}={v}"
                ));
                placements.push(Candidate::new(cell, v));
                if k == 2 {
                    Technique::DirectHiddenPair
                } else {
                    Technique::DirectHiddenTriple
                }
            } else {
                if elims.is_empty() {
                    continue;
                }
                match k {
                    2 => Technique::HiddenPair,
                    3 => Technique::HiddenTriple,
                    _ => Technique::HiddenQuad,
                }
            };
            explanation.push('.');
            return Some(Step {
                technique,
                rating: technique.base_rating(),
                placements,
                eliminations: elims,
                cells: set.iter().collect(),
                houses: vec![u],
                candidates: set
                    .iter()
                    .flat_map(|x| (c.mask(x) & dm).iter().map(move |d| Candidate::new(x, d)))
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
    use crate::techniques::test_util::{cand, cell, empty, keep_only, set_marks, unit};
    use sudoku_engine::Digit;

    #[test]
    fn naked_pair_in_row() {
        let mut c = empty();
        set_marks(&mut c, "r5c2", "37");
        set_marks(&mut c, "r5c8", "37");
        let s = naked_set(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.contains(&cand("r5c1", 3)));
        assert!(s.explanation.contains("naked pair in row 5"));
        assert_eq!(s.houses, [unit("r5")]);
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
        assert_eq!(d.placements, vec![cand("r1c9", 9)]);
        assert_eq!(
            (s.houses.as_slice(), d.houses.as_slice()),
            (&[unit("r1")][..], &[unit("r1")][..])
        );
    }

    #[test]
    fn hidden_quad_in_row() {
        let mut c = empty();
        for d in [1, 2, 3, 4] {
            keep_only(&mut c, d, "r9", &["r9c1", "r9c3", "r9c5", "r9c7"]);
        }
        // Uneven places (1 and 4 in three cells each) still make no pair or
        // triple: only the four digits together fill four cells.
        c.eliminate(cell("r9c1"), Digit::new(4));
        c.eliminate(cell("r9c3"), Digit::new(1));
        assert!(hidden_set(&c, 2, false).is_none() && hidden_set(&c, 3, false).is_none());
        let s = hidden_set(&c, 4, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenQuad);
        assert_eq!(s.rating, 5.4);
        // The four cells keep only their quad digits.
        assert_eq!(s.eliminations.len(), 4 * 5);
        assert!(s.eliminations.iter().all(|e| e.digit.get() > 4));
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
        assert_eq!(s.placements, vec![cand("r9c5", 7)]);
    }

    #[test]
    fn hidden_triple_in_box() {
        let mut c = empty();
        for d in [1, 2, 3] {
            keep_only(&mut c, d, "b5", &["r4c4", "r5c5", "r6c6"]);
        }
        c.eliminate(cell("r4c4"), Digit::new(3));
        assert!(hidden_set(&c, 2, false).is_none());
        let s = hidden_set(&c, 3, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenTriple);
        assert_eq!(s.eliminations.len(), 6 * 3);
    }
}
