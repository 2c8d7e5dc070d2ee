//! Basic fish: X-Wing, Swordfish, Jellyfish.

use crate::Candidates;
use crate::bits::{self, Cells, UNIT};
use crate::step::{Candidate, Step, Technique, elim_list, rating};
use crate::techniques::combos;

pub(super) fn line_name(unit: usize) -> String {
    if unit < 9 {
        format!("r{}", unit + 1)
    } else {
        format!("c{}", unit - 8)
    }
}

/// Lines (rows or columns) listed as `r1, r5` / `c2, c7`.
pub(super) fn lines_text(base: usize, mask: u16) -> String {
    bits::digits(mask)
        .map(|i| line_name(base + i as usize - 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first basic fish of size `k` (2 X-Wing, 3 Swordfish, 4 Jellyfish):
/// columns as base lines first, then rows, as Sudoku Explainer does.
pub fn fish(c: &Candidates, k: u32) -> Option<Step> {
    let mut placed = [0u32; 9];
    for &v in c.values() {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    for (base, cover) in [(9usize, 0usize), (0, 9)] {
        for &lines in combos(k) {
            for d in 1..=9u8 {
                if placed[d as usize - 1] + 2 * k > 9 {
                    continue;
                }
                let mut union = 0u16;
                let mut cells: Cells = 0;
                let mut ok = true;
                for i in bits::digits(lines) {
                    let u = base + i as usize - 1;
                    let p = c.unit_cells(u, d);
                    if bits::count(p) < 2 {
                        ok = false;
                        break;
                    }
                    cells |= p;
                    // Position inside a row is the column and vice versa.
                    union |= bits::to_positions(u, p);
                }
                if !ok || union.count_ones() != k {
                    continue;
                }
                let mut cover_cells: Cells = 0;
                for j in bits::digits(union) {
                    cover_cells |= UNIT[cover + j as usize - 1];
                }
                let elims_set = c.cells_with(d) & cover_cells & !cells;
                if elims_set == 0 {
                    continue;
                }
                let elims: Vec<Candidate> = bits::cells(elims_set)
                    .map(|x| Candidate::new(x, d))
                    .collect();
                let (technique, tenths) = match k {
                    2 => (Technique::XWing, 32),
                    3 => (Technique::Swordfish, 38),
                    _ => (Technique::Jellyfish, 52),
                };
                let explanation = format!(
                    "In {}, {} can only go in {}: the {}s of these {} {} take {}, so {} is removed from the rest of {}: {}.",
                    lines_text(base, lines),
                    d,
                    lines_text(cover, union),
                    d,
                    k,
                    if base == 0 { "rows" } else { "columns" },
                    lines_text(cover, union),
                    d,
                    lines_text(cover, union),
                    elim_list(&elims)
                );
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
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cell, empty, keep_only};

    #[test]
    fn x_wing_on_rows() {
        let mut c = empty();
        keep_only(&mut c, 6, "r2", &["r2c3", "r2c7"]);
        keep_only(&mut c, 6, "r8", &["r8c3", "r8c7"]);
        let s = fish(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.rating, 3.2);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.contains(&Candidate::new(cell("r1c3"), 6)));
        assert!(!s.eliminations.contains(&Candidate::new(cell("r2c3"), 6)));
        assert!(
            s.explanation
                .starts_with("In r2, r8, 6 can only go in c3, c7")
        );
    }

    #[test]
    fn swordfish_on_columns() {
        let mut c = empty();
        keep_only(&mut c, 2, "c1", &["r1c1", "r5c1"]);
        keep_only(&mut c, 2, "c4", &["r5c4", "r9c4"]);
        keep_only(&mut c, 2, "c8", &["r1c8", "r9c8"]);
        assert!(fish(&c, 2).is_none());
        let s = fish(&c, 3).unwrap();
        assert_eq!(s.technique, Technique::Swordfish);
        assert_eq!(s.eliminations.len(), 18);
    }

    #[test]
    fn jellyfish_on_rows() {
        let mut c = empty();
        keep_only(&mut c, 9, "r1", &["r1c1", "r1c2"]);
        keep_only(&mut c, 9, "r3", &["r3c2", "r3c5"]);
        keep_only(&mut c, 9, "r6", &["r6c5", "r6c9"]);
        keep_only(&mut c, 9, "r7", &["r7c9", "r7c1"]);
        assert!(fish(&c, 2).is_none() && fish(&c, 3).is_none());
        let s = fish(&c, 4).unwrap();
        assert_eq!(s.technique, Technique::Jellyfish);
        assert_eq!(s.rating, 5.2);
        assert!(
            s.eliminations
                .iter()
                .all(|e| [0, 1, 4, 8].contains(&(e.cell % 9)))
        );
    }
}
