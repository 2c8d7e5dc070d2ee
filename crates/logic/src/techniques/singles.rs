//! Full house, hidden singles and naked singles.

use sudoku_engine::{Cell, Digit, House, HouseKind};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step};
use crate::techniques::BOX_COL_ROW;

/// Full house first, then hidden singles in boxes, columns and rows (the
/// order Sudoku Explainer looks in).
///
/// ```
/// use sudoku_logic::{Candidates, Technique, techniques::singles};
/// let grid: sudoku_engine::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse().unwrap();
/// let step = singles::hidden_single(&Candidates::from_grid(&grid)).unwrap();
/// assert_eq!(step.technique, Technique::HiddenSingleBox);
/// assert_eq!(step.outcome_text(), "r2c2=6");
/// ```
pub fn hidden_single(c: &Candidates) -> Option<Step> {
    let empty = c.empty_cells();
    for alone in [true, false] {
        for &u in &BOX_COL_ROW {
            let unit_empty = empty & u.cells();
            if unit_empty.is_empty() || (unit_empty.len() == 1) != alone {
                continue;
            }
            for d in Digit::all() {
                let pos = c.unit_cells(u, d);
                if pos.len() == 1 {
                    let cell = pos.first().expect("one cell");
                    return Some(single_step(u, cell, d, alone));
                }
            }
        }
    }
    None
}

fn single_step(unit: House, cell: Cell, d: Digit, alone: bool) -> Step {
    let (technique, explanation) = if alone {
        (
            Technique::FullHouse,
            format!(
                "{cell} is the last empty cell of {unit}, so it takes the missing digit: {cell}={d}."
            ),
        )
    } else {
        let t = match unit.kind() {
            HouseKind::Row => Technique::HiddenSingleRow,
            HouseKind::Column => Technique::HiddenSingleColumn,
            HouseKind::Box => Technique::HiddenSingleBox,
        };
        (
            t,
            format!("In {unit}, {d} can only go in {cell}, so {cell}={d}."),
        )
    };
    Step {
        technique,
        rating: technique.base_rating(),
        placements: vec![Candidate::new(cell, d)],
        eliminations: vec![],
        cells: unit.cells().iter().collect(),
        houses: vec![unit],
        candidates: vec![Candidate::new(cell, d)],
        explanation,
    }
}

/// A cell with a single candidate left.
///
/// ```
/// use sudoku_engine::Grid;
/// use sudoku_logic::{Candidates, techniques::singles};
/// let mut grid = Grid::empty();
/// // r1c5 sees 1-4 in its row and 6-9 in its column: only 5 is left.
/// for (col, d) in [(0, 1), (1, 2), (2, 3), (3, 4)] {
///     grid.set(0, col, Some(d));
/// }
/// for (row, d) in [(1, 6), (2, 7), (4, 8), (8, 9)] {
///     grid.set(row, 4, Some(d));
/// }
/// let step = singles::naked_single(&Candidates::from_grid(&grid)).unwrap();
/// assert_eq!(step.outcome_text(), "r1c5=5");
/// ```
pub fn naked_single(c: &Candidates) -> Option<Step> {
    Cell::all().find(|&cell| c.count(cell) == 1).map(|cell| {
        let d = c.mask(cell).first().expect("one candidate");
        Step {
            technique: Technique::NakedSingle,
            rating: Technique::NakedSingle.base_rating(),
            placements: vec![Candidate::new(cell, d)],
            eliminations: vec![],
            cells: vec![cell],
            houses: vec![cell.houses()[2]],
            candidates: vec![Candidate::new(cell, d)],
            explanation: format!("{cell} has only one candidate left, so {cell}={d}."),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, with_givens};

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
        assert_eq!(s.placements, vec![cand("r1c9", 9)]);
        assert_eq!(s.rating, 1.0);
        assert_eq!(s.houses, [House::row(0)]);
    }

    #[test]
    fn hidden_single_in_box_first() {
        // The 1s in rows 2-3 and columns 2-3 leave r1c1 as the only 1 of b1.
        let c = with_givens(&[("r2c4", 1), ("r3c7", 1), ("r4c2", 1), ("r7c3", 1)]);
        let s = hidden_single(&c).unwrap();
        assert_eq!(s.technique, Technique::HiddenSingleBox);
        assert_eq!(s.placements, vec![cand("r1c1", 1)]);
        assert!(s.explanation.contains("b1"));
        assert_eq!(s.houses, [House::block(0)]);
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
        assert_eq!(s.placements, vec![cand("r1c5", 5)]);
        assert_eq!(s.rating, 2.3);
        // The cell's box.
        assert_eq!(s.houses, [House::block(1)]);
    }
}
