//! XY-Wing and XYZ-Wing.

use crate::Candidates;
use crate::bits::{self, PEERS};
use crate::step::{
    Candidate, Step, Technique, cell_name, digit_list, digit_words, elim_list, rating,
};
use crate::techniques::house_order;

/// The first XY-Wing (`xyz = false`) or XYZ-Wing (`xyz = true`).
pub fn xy_wing(c: &Candidates, xyz: bool) -> Option<Step> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let pm = c.mask(pivot);
        if pm.count_ones() != pivot_size {
            continue;
        }
        let peers = house_order(pivot);
        for &a in peers {
            let am = c.mask(a as usize);
            if am.count_ones() != 2 || (pm & !am).count_ones() != 1 {
                continue;
            }
            for &b in peers {
                let bm = c.mask(b as usize);
                if bm.count_ones() != 2 || a == b {
                    continue;
                }
                let union = pm | am | bm;
                let inter = pm & am & bm;
                let shape = if xyz {
                    union.count_ones() == 3 && inter.count_ones() == 1
                } else {
                    union.count_ones() == 3 && inter == 0
                };
                if !shape {
                    continue;
                }
                let z = am & bm;
                if z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let (a, b) = (a as usize, b as usize);
                let mut victims = PEERS[a] & PEERS[b] & !bits::bit(pivot);
                if xyz {
                    victims &= PEERS[pivot];
                }
                let victims = victims & c.cells_with(zd);
                if victims == 0 {
                    continue;
                }
                let elims: Vec<Candidate> = bits::cells(victims)
                    .map(|x| Candidate::new(x, zd))
                    .collect();
                let (technique, tenths) = if xyz {
                    (Technique::XYZWing, 44)
                } else {
                    (Technique::XYWing, 42)
                };
                let explanation = if xyz {
                    format!(
                        "Whichever of {} the pivot {} ({}) takes, {} ({}) or {} ({}) or the pivot itself is {}, so cells seeing all three lose {}: {}.",
                        digit_words(pm).replace(" and ", " or "),
                        cell_name(pivot),
                        digit_list(pm),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm),
                        zd,
                        zd,
                        elim_list(&elims)
                    )
                } else {
                    format!(
                        "Whichever of {} the pivot {} takes, one of the pincers {} ({}) or {} ({}) is {}, so cells seeing both pincers lose {}: {}.",
                        digit_words(pm).replace(" and ", " or "),
                        cell_name(pivot),
                        cell_name(a),
                        digit_list(am),
                        cell_name(b),
                        digit_list(bm),
                        zd,
                        zd,
                        elim_list(&elims)
                    )
                };
                let cells = [pivot, a, b];
                return Some(Step {
                    technique,
                    rating: rating(tenths),
                    placements: vec![],
                    eliminations: elims,
                    cells: cells.iter().map(|&x| x as u8).collect(),
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
    use crate::techniques::test_util::{cell, empty, set_marks};

    #[test]
    fn xy_wing_found() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c5", "13");
        set_marks(&mut c, "r4c1", "23");
        let s = xy_wing(&c, false).unwrap();
        assert_eq!(s.technique, Technique::XYWing);
        assert_eq!(s.eliminations, vec![Candidate::new(cell("r4c5"), 3)]);
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
        assert_eq!(
            s.eliminations,
            vec![
                Candidate::new(cell("r1c2"), 3),
                Candidate::new(cell("r1c3"), 3)
            ]
        );
        assert!(xy_wing(&c, false).is_none());
    }
}
