//! Full house, hidden singles and naked singles.

use crate::Candidates;
use crate::bits::{self, UNIT};
use crate::step::{Candidate, Step, Technique, cell_name, rating, unit_name};
use crate::techniques::BOX_COL_ROW;

/// Full house first, then hidden singles in boxes, columns and rows (the
/// order Sudoku Explainer looks in).
pub fn hidden_single(c: &Candidates) -> Option<Step> {
    let empty = c.empty_cells();
    for alone in [true, false] {
        for &u in &BOX_COL_ROW {
            let unit_empty = empty & UNIT[u];
            if unit_empty == 0 || (bits::count(unit_empty) == 1) != alone {
                continue;
            }
            for d in 1..=9u8 {
                let pos = c.unit_cells(u, d);
                if bits::count(pos) == 1 {
                    return Some(single_step(u, bits::first(pos), d, alone));
                }
            }
        }
    }
    None
}

fn single_step(unit: usize, cell: usize, d: u8, alone: bool) -> Step {
    let (technique, tenths, explanation) = if alone {
        (
            Technique::FullHouse,
            10,
            format!(
                "{} is the last empty cell of {}, so it takes the missing digit: {}={}.",
                cell_name(cell),
                unit_name(unit),
                cell_name(cell),
                d
            ),
        )
    } else {
        let (t, r) = match unit {
            0..=8 => (Technique::HiddenSingleRow, 15),
            9..=17 => (Technique::HiddenSingleColumn, 15),
            _ => (Technique::HiddenSingleBox, 12),
        };
        (
            t,
            r,
            format!(
                "In {}, {} can only go in {}, so {}={}.",
                unit_name(unit),
                d,
                cell_name(cell),
                cell_name(cell),
                d
            ),
        )
    };
    Step {
        technique,
        rating: rating(tenths),
        placements: vec![Candidate::new(cell, d)],
        eliminations: vec![],
        cells: bits::cells(UNIT[unit]).map(|x| x as u8).collect(),
        candidates: vec![Candidate::new(cell, d)],
        explanation,
    }
}

/// A cell with a single candidate left.
pub fn naked_single(c: &Candidates) -> Option<Step> {
    (0..81).find(|&cell| c.count(cell) == 1).map(|cell| {
        let d = c.digits(cell).next().expect("one candidate");
        Step {
            technique: Technique::NakedSingle,
            rating: rating(23),
            placements: vec![Candidate::new(cell, d)],
            eliminations: vec![],
            cells: vec![cell as u8],
            candidates: vec![Candidate::new(cell, d)],
            explanation: format!(
                "{} has only one candidate left, so {}={}.",
                cell_name(cell),
                cell_name(cell),
                d
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::with_givens;

    #[test]
    fn full_house_in_row() {
        let c = with_givens(&[
            ("r1c1", 1),
            ("r1c2", 2),
            ("r1c3", 3),
            ("r1c4", 4),
            ("r1c5", 5),
            ("r1c6", 6),
            ("r1c7", 7),
            ("r1c8", 8),
        ]);
        let s = hidden_single(&c).unwrap();
        assert_eq!(s.technique, Technique::FullHouse);
        assert_eq!(s.placements, vec![Candidate::new(8, 9)]);
        assert_eq!(s.rating, 1.0);
    }

    #[test]
    fn hidden_single_in_box_first() {
        // The 1s in rows 2-3 and columns 2-3 leave r1c1 as the only 1 of b1.
        let c = with_givens(&[("r2c4", 1), ("r3c7", 1), ("r4c2", 1), ("r7c3", 1)]);
        let s = hidden_single(&c).unwrap();
        assert_eq!(s.technique, Technique::HiddenSingleBox);
        assert_eq!(s.placements, vec![Candidate::new(0, 1)]);
        assert!(s.explanation.contains("b1"));
        assert!(naked_single(&c).is_none());
    }

    #[test]
    fn naked_single_found() {
        let c = with_givens(&[
            ("r1c1", 1),
            ("r1c2", 2),
            ("r1c3", 3),
            ("r1c4", 4),
            ("r2c5", 6),
            ("r3c5", 7),
            ("r5c5", 8),
            ("r9c5", 9),
        ]);
        let s = naked_single(&c).unwrap();
        assert_eq!(s.placements, vec![Candidate::new(4, 5)]);
        assert_eq!(s.rating, 2.3);
    }
}
