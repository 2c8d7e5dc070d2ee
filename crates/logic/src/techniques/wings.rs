//! XY-Wing and XYZ-Wing.

use sudoku_engine::{Cell, CellSet};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, digit_words, elim_list};
use crate::techniques::{house_order, joining, sorted};

/// The first XY-Wing (`xyz = false`) or XYZ-Wing (`xyz = true`).
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::{Candidates, Technique, techniques::wings};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r4c1 {2,3}.
/// let pattern = [(Cell::at(0, 0), [1, 2]), (Cell::at(0, 4), [1, 3]), (Cell::at(3, 0), [2, 3])];
/// for (cell, keep) in pattern {
///     for d in Digit::all().filter(|d| !keep.contains(&d.get())) {
///         marks.eliminate(cell, d);
///     }
/// }
/// let step = wings::xy_wing(&marks, false).unwrap();
/// assert_eq!(step.technique, Technique::XYWing);
/// assert_eq!(step.outcome_text(), "r4c5<>3");
/// ```
pub fn xy_wing(c: &Candidates, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in Cell::all() {
        let pm = c.mask(pivot);
        if pm.len() != pivot_size {
            continue;
        }
        let peers = house_order(pivot);
        for &a in peers {
            let am = c.mask(a);
            if am.len() != 2 || (pm - am).len() != 1 {
                continue;
            }
            for &b in peers {
                let bm = c.mask(b);
                if bm.len() != 2 || a == b {
                    continue;
                }
                let union = pm | am | bm;
                let inter = pm & am & bm;
                let shape = if xyz {
                    union.len() == 3 && inter.len() == 1
                } else {
                    union.len() == 3 && inter.is_empty()
                };
                if !shape {
                    continue;
                }
                let Some(zd) = (am & bm).single_digit() else {
                    continue;
                };
                let mut victims = (a.peers() & b.peers()) - CellSet::single(pivot);
                if xyz {
                    victims &= pivot.peers();
                }
                let victims = victims & c.cells_with(zd);
                if victims.is_empty() {
                    continue;
                }
                let elims: Vec<Candidate> = victims.iter().map(|x| Candidate::new(x, zd)).collect();
                let technique = if xyz {
                    Technique::XYZWing
                } else {
                    Technique::XYWing
                };
                let explanation = if xyz {
                    format!(
                        "Whichever of {} the pivot {pivot} ({pm}) takes, {a} ({am}) or {b} ({bm}) or the pivot itself is {zd}, so cells seeing all three lose {zd}: {}.",
                        digit_words(pm).replace(" and ", " or "),
                        elim_list(&elims)
                    )
                } else {
                    format!(
                        "Whichever of {} the pivot {pivot} takes, one of the pincers {a} ({am}) or {b} ({bm}) is {zd}, so cells seeing both pincers lose {zd}: {}.",
                        digit_words(pm).replace(" and ", " or "),
                        elim_list(&elims)
                    )
                };
                let cells = [pivot, a, b];
                return Some(Step {
                    technique,
                    rating: technique.base_rating(),
                    placements: vec![],
                    eliminations: elims,
                    cells: cells.to_vec(),
                    houses: sorted(
                        [a, b]
                            .into_iter()
                            .filter_map(|x| joining(pivot, x))
                            .collect(),
                    ),
                    candidates: cells
                        .iter()
                        .flat_map(|&x| c.digits(x).map(move |d| Candidate::new(x, d)))
                        .collect(),
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
    use crate::techniques::test_util::{cand, empty, set_marks};
    use sudoku_engine::House;

    #[test]
    fn xy_wing_found() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c5", "13");
        set_marks(&mut c, "r4c1", "23");
        let s = xy_wing(&c, false).unwrap();
        assert_eq!(s.technique, Technique::XYWing);
        assert_eq!(s.eliminations, vec![cand("r4c5", 3)]);
        // Pivot r1c1 with pincers r1c5 and r4c1.
        assert_eq!(s.houses, [House::row(0), House::column(0)]);
        assert!(xy_wing(&c, true).is_none());
    }

    #[test]
    fn xyz_wing_found() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "123");
        set_marks(&mut c, "r1c5", "13");
        set_marks(&mut c, "r2c2", "23");
        let s = xy_wing(&c, true).unwrap();
        assert_eq!(s.technique, Technique::XYZWing);
        assert_eq!(s.rating, 4.4);
        // Cells seeing r1c1, r1c5 and r2c2: r1c2, r1c3.
        assert_eq!(s.eliminations, vec![cand("r1c2", 3), cand("r1c3", 3)]);
        assert!(xy_wing(&c, false).is_none());
    }
}
