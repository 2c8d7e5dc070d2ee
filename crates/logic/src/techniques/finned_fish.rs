//! Finned and sashimi fish (X-Wing, Swordfish, Jellyfish with fins in one
//! box). Not in Sudoku Explainer: offered by
//! [`crate::Solver::with_extra_techniques`], rated 0.2 above the basic fish.

use sudoku_engine::{CellSet, Digit, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, elim_list};
use crate::techniques::{combos, lines, positions};

use super::fish::lines_text;

/// The first finned or sashimi fish of size `k` (2, 3 or 4): base lines
/// whose candidates lie in `k` cover lines except for fins inside one box.
///
/// ```
/// use sudoku_engine::{Digit, Grid, House};
/// use sudoku_logic::{Candidates, Technique, techniques::finned_fish};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // 4 in row 2 only in c2 and c7; in row 8 in c2, c7 and a fin at r8c8.
/// for (row, cols) in [(1, &[1, 6][..]), (7, &[1, 6, 7][..])] {
///     for cell in House::row(row).cells() {
///         if !cols.contains(&cell.column()) {
///             marks.eliminate(cell, Digit::new(4));
///         }
///     }
/// }
/// let step = finned_fish::finned_fish(&marks, 2).unwrap();
/// assert_eq!(step.technique, Technique::FinnedXWing);
/// assert_eq!(step.outcome_text(), "r7c7<>4, r9c7<>4");
/// ```
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
                    let technique = match k {
                        2 => Technique::FinnedXWing,
                        3 => Technique::FinnedSwordfish,
                        _ => Technique::FinnedJellyfish,
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
                        rating: technique.base_rating(),
                        placements: vec![],
                        eliminations: elims,
                        cells: cells.iter().collect(),
                        houses: lines(base, lines_mask).chain([b]).collect(),
                        candidates: cells.iter().map(|x| Candidate::new(x, d)).collect(),
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
    use crate::techniques::test_util::{cand, empty, keep_only};

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
        // The base lines and the fin's box.
        assert_eq!(s.houses, [House::row(1), House::row(7), House::block(8)]);
        assert!(crate::techniques::fish::fish(&c, 2).is_none());
    }
}
