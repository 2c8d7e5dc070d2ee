//! The techniques on hand-made positions of other sizes.

use sudoku_engine::sizes::{Shape, SizedGrid};

use super::candidates::SizedCandidates;
use super::techniques as t;
use crate::Technique;

fn empty(size: usize) -> SizedCandidates {
    SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(size).unwrap()))
}

/// Removes `digit` from every cell of the house except the listed ones.
fn keep_only(c: &mut SizedCandidates, digit: u8, house: usize, keep: &[usize]) {
    let cells = c.tables().geo.houses[house].clone();
    for cell in cells {
        if !keep.contains(&(cell as usize)) {
            c.eliminate(cell as usize, digit);
        }
    }
}

#[test]
fn pointing_in_a_16x16_box() {
    let mut c = empty(16);
    // In b1 (rows 1-4, columns 1-4), 12 only in r1c1 and r1c3.
    keep_only(&mut c, 12, 32, &[0, 2]);
    let s = t::locking(&c, false).unwrap();
    assert_eq!(s.technique, Technique::Pointing);
    assert_eq!(s.houses, [32, 0]);
    assert_eq!(s.eliminations.len(), 12);
    assert!(s.explanation.starts_with(
        "In b1, 12 can only go in row 1 (r1c1, r1c3), so it is removed from the rest of row 1: r1c5<>12,"
    ));
    assert!(t::locking(&c, true).is_none());
}

#[test]
fn x_wing_and_jellyfish_on_16x16() {
    let mut c = empty(16);
    keep_only(&mut c, 9, 1, &[16 + 2, 16 + 13]);
    keep_only(&mut c, 9, 14, &[14 * 16 + 2, 14 * 16 + 13]);
    let s = t::fish(&c, 2).unwrap();
    assert_eq!(s.technique, Technique::XWing);
    assert_eq!(s.houses, [1, 14]);
    assert_eq!(s.eliminations.len(), 2 * 14);
    assert!(
        s.explanation
            .starts_with("In r2, r15, 9 can only go in c3, c14:")
    );
    let mut c = empty(16);
    let lines = [(0, [0, 5]), (3, [5, 9]), (7, [9, 15]), (12, [15, 0])];
    for (row, cols) in lines {
        keep_only(&mut c, 4, row, &cols.map(|col| row * 16 + col));
    }
    assert!(t::fish(&c, 2).is_none() && t::fish(&c, 3).is_none());
    let s = t::fish(&c, 4).unwrap();
    assert_eq!(s.technique, Technique::Jellyfish);
    assert!(
        s.eliminations
            .iter()
            .all(|&(x, _)| [0, 5, 9, 15].contains(&(x % 16)))
    );
}

#[test]
fn naked_and_hidden_sets_on_12x12() {
    let mut c = empty(12);
    // r5c2 and r5c11 hold only 3 and 11.
    for cell in [4 * 12 + 1, 4 * 12 + 10] {
        for d in (1..=12).filter(|d| ![3, 11].contains(d)) {
            c.eliminate(cell, d);
        }
    }
    let s = t::naked_set(&c, 2).unwrap();
    assert_eq!(s.technique, Technique::NakedPair);
    assert_eq!(s.eliminations.len(), 2 * 10);
    assert!(
        s.explanation
            .contains("hold only 3 and 11 between them (naked pair in row 5)")
    );
    let mut c = empty(12);
    for d in [2, 7, 10] {
        keep_only(&mut c, d, 12 + 4, &[4, 5 * 12 + 4, 11 * 12 + 4]);
    }
    assert!(t::hidden_set(&c, 2, false).is_none());
    let s = t::hidden_set(&c, 3, false).unwrap();
    assert_eq!(s.technique, Technique::HiddenTriple);
    assert_eq!(s.houses, [12 + 4]);
    assert_eq!(s.eliminations.len(), 3 * 9);
}

#[test]
fn naked_single_on_4x4() {
    let mut c = empty(4);
    for d in [1, 2, 4] {
        c.eliminate(5, d);
    }
    let s = t::naked_single(&c).unwrap();
    assert_eq!(
        (s.placements.as_slice(), s.houses.as_slice()),
        (&[(5, 3)][..], &[8][..])
    );
    assert_eq!(
        s.explanation,
        "r2c2 has only one candidate left, so r2c2=3."
    );
}
