//! Basic fish: X-Wing, Swordfish, Jellyfish.

use sudoku_engine::{CellSet, Digit, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, elim_list};
use crate::techniques::{combos, lines, positions};

/// Lines (rows or columns) listed as `r1, r5` / `c2, c7`: the lines of
/// the kind of `base` (row 0 or column 0) picked by a 9-bit mask.
pub(super) fn lines_text(base: House, mask: u16) -> String {
    lines(base, mask)
        .map(House::short_name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first basic fish of size `k` (2 X-Wing, 3 Swordfish, 4 Jellyfish):
/// columns as base lines first, then rows, as Sudoku Explainer does.
///
/// ```
/// use sudoku_engine::{Digit, Grid, House};
/// use sudoku_logic::{Candidates, Technique, techniques::fish};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // 6 only in columns 3 and 7 of rows 2 and 8.
/// for row in [1, 7] {
///     for cell in House::row(row).cells() {
///         if cell.column() != 2 && cell.column() != 6 {
///             marks.eliminate(cell, Digit::new(6));
///         }
///     }
/// }
/// let step = fish::fish(&marks, 2).unwrap();
/// assert_eq!(step.technique, Technique::XWing);
/// assert_eq!(step.houses, [House::row(1), House::row(7)]);
/// ```
pub fn fish(c: &Candidates, k: u32) -> Option<Step> {
    let mut placed = [0u32; 9];
    for &v in c.values() {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    for (base, cover) in [
        (House::column(0), House::row(0)),
        (House::row(0), House::column(0)),
    ] {
        for &lines_mask in combos(k) {
            for d in Digit::all() {
                if placed[d.index()] + 2 * k > 9 {
                    continue;
                }
                let mut union = 0u16;
                let mut cells = CellSet::EMPTY;
                let mut ok = true;
                for u in lines(base, lines_mask) {
                    let p = c.unit_cells(u, d);
                    if p.len() < 2 {
                        ok = false;
                        break;
                    }
                    cells |= p;
                    // Position inside a row is the column and vice versa.
                    union |= positions(u, p);
                }
                if !ok || union.count_ones() != k {
                    continue;
                }
                let mut cover_cells = CellSet::EMPTY;
                for u in lines(cover, union) {
                    cover_cells |= u.cells();
                }
                let elims_set = (c.cells_with(d) & cover_cells) - cells;
                if elims_set.is_empty() {
                    continue;
                }
                let elims: Vec<Candidate> =
                    elims_set.iter().map(|x| Candidate::new(x, d)).collect();
                let technique = match k {
                    2 => Technique::XWing,
                    3 => Technique::Swordfish,
                    _ => Technique::Jellyfish,
                };
                let covers = lines_text(cover, union);
                let explanation = format!(
                    "In {}, {d} can only go in {covers}: the {d}s of these {k} {} take {covers}, so {d} is removed from the rest of {covers}: {}.",
                    lines_text(base, lines_mask),
                    if base == House::row(0) {
                        "rows"
                    } else {
                        "columns"
                    },
                    elim_list(&elims)
                );
                return Some(Step {
                    technique,
                    rating: technique.base_rating(),
                    placements: vec![],
                    eliminations: elims,
                    cells: cells.iter().collect(),
                    houses: lines(base, lines_mask).collect(),
                    candidates: cells.iter().map(|x| Candidate::new(x, d)).collect(),
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
    use crate::techniques::test_util::{cand, empty, keep_only};

    #[test]
    fn x_wing_on_rows() {
        let mut c = empty();
        keep_only(&mut c, 6, "r2", &["r2c3", "r2c7"]);
        keep_only(&mut c, 6, "r8", &["r8c3", "r8c7"]);
        let s = fish(&c, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.rating, 3.2);
        assert_eq!(s.eliminations.len(), 14);
        assert!(s.eliminations.contains(&cand("r1c3", 6)));
        assert!(!s.eliminations.contains(&cand("r2c3", 6)));
        // The base lines.
        assert_eq!(s.houses, [House::row(1), House::row(7)]);
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
                .all(|e| [0, 1, 4, 8].contains(&e.cell.column()))
        );
    }
}
