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

/// Leaves a cell with only the given digits.
fn set_marks(c: &mut SizedCandidates, cell: usize, keep: &[u8]) {
    for d in 1..=c.size() as u8 {
        if !keep.contains(&d) {
            c.eliminate(cell, d);
        }
    }
}

#[test]
fn xy_wing_on_16x16_writes_two_digit_marks_apart() {
    let mut c = empty(16);
    // Pivot r1c1 {10,12}, pincers r1c9 {10,14} and r9c1 {12,14}.
    set_marks(&mut c, 0, &[10, 12]);
    set_marks(&mut c, 8, &[10, 14]);
    set_marks(&mut c, 8 * 16, &[12, 14]);
    assert!(super::chains::xy_wing(&c, true).is_none());
    let s = super::chains::xy_wing(&c, false).unwrap();
    assert_eq!(s.technique, Technique::XYWing);
    assert_eq!(s.eliminations, [(8 * 16 + 8, 14)]);
    assert_eq!(s.houses, [0, 16]);
    assert_eq!(
        s.explanation,
        "Whichever of 10 or 12 the pivot r1c1 takes, one of the pincers r1c9 (10,14) or r9c1 (12,14) is 14, so cells seeing both pincers lose 14: r9c9<>14."
    );
}

#[test]
fn skyscraper_and_two_string_kite_on_16x16() {
    let mut c = empty(16);
    // 7 in row 1 only at c1 and c9, in row 5 only at c1 and c12.
    keep_only(&mut c, 7, 0, &[0, 8]);
    keep_only(&mut c, 7, 4, &[4 * 16, 4 * 16 + 11]);
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::Skyscraper);
    assert_eq!(s.rating, 6.6);
    assert_eq!(s.cells, [8, 0, 4 * 16, 4 * 16 + 11]);
    assert_eq!(s.houses, [0, 4]);
    // Column 12 in the box of r1c9, column 9 in the box of r5c12.
    let elims: Vec<usize> = s.eliminations.iter().map(|&(x, _)| x).collect();
    assert_eq!(
        elims,
        [
            16 + 11,
            32 + 11,
            48 + 11,
            5 * 16 + 8,
            6 * 16 + 8,
            7 * 16 + 8
        ]
    );
    assert!(s.explanation.starts_with(
        "(7)r1c9=r1c1-r5c1=r5c12: one of its ends (r1c9 and r5c12) holds 7, so the cells that see both lose 7: r2c12<>7,"
    ));

    let mut c = empty(16);
    // 3 in row 1 only at c1 and c6, in column 2 only at r3 and r10.
    keep_only(&mut c, 3, 0, &[0, 5]);
    keep_only(&mut c, 3, 16 + 1, &[2 * 16 + 1, 9 * 16 + 1]);
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::TwoStringKite);
    assert_eq!(s.eliminations, [(9 * 16 + 5, 3)]);
}

#[test]
fn a_longer_x_chain_on_12x12_takes_a_length_bonus() {
    let mut c = empty(12);
    // 5 in row 1 at c1, c6; row 4 at c6, c10; row 8 at c10, c2: the chain
    // r1c1=r1c6-r4c6=r4c10-r8c10=r8c2.
    keep_only(&mut c, 5, 0, &[0, 5]);
    keep_only(&mut c, 5, 3, &[3 * 12 + 5, 3 * 12 + 9]);
    keep_only(&mut c, 5, 7, &[7 * 12 + 9, 7 * 12 + 1]);
    assert!(t::fish(&c, 2).is_none() && t::fish(&c, 3).is_none());
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::XChain);
    assert_eq!(s.rating, 6.7);
    assert_eq!(s.cells.len(), 6);
    // The ends' boxes: r2c2, r3c2 and r7c1, r9c1.
    let elims: Vec<usize> = s.eliminations.iter().map(|&(x, _)| x).collect();
    assert_eq!(elims, [12 + 1, 24 + 1, 6 * 12, 8 * 12]);
    assert!(
        s.explanation
            .starts_with("(5)r1c1=r1c6-r4c6=r4c10-r8c10=r8c2: one of its ends")
    );
}

#[test]
fn xy_chain_of_four_cells_on_16x16() {
    let mut c = empty(16);
    // r1c1 {1,2} - r1c10 {2,3} - r8c10 {3,4} - r8c3 {4,1}.
    set_marks(&mut c, 0, &[1, 2]);
    set_marks(&mut c, 9, &[2, 3]);
    set_marks(&mut c, 7 * 16 + 9, &[3, 4]);
    set_marks(&mut c, 7 * 16 + 2, &[1, 4]);
    assert!(super::chains::xy_wing(&c, false).is_none());
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::XYChain);
    // 7.0, and 0.2 for eight links' ends (two a cell).
    assert_eq!(s.rating, 7.2);
    assert_eq!(s.cells, [0, 9, 7 * 16 + 9, 7 * 16 + 2]);
    assert!(s.explanation.starts_with(
        "(1=2)r1c1-(2=3)r1c10-(3=4)r8c10-(4=1)r8c3: one of its ends (r1c1 and r8c3) holds 1"
    ));
    // Cells seeing r1c1 and r8c3 lose 1: r1c3, r2c3-r4c3, r5c1-r8c1.
    let elims: Vec<usize> = s.eliminations.iter().map(|&(x, _)| x).collect();
    assert_eq!(
        elims,
        [2, 16 + 2, 32 + 2, 48 + 2, 4 * 16, 5 * 16, 6 * 16, 7 * 16]
    );
    assert!(s.eliminations.iter().all(|&(_, d)| d == 1));
}

#[test]
fn loops_and_chains_are_rated_and_clear_as_the_9x9_solver_does() {
    // An XY-Cycle: r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}.
    let mut c = empty(9);
    set_marks(&mut c, 0, &[1, 2]);
    set_marks(&mut c, 4, &[2, 3]);
    set_marks(&mut c, 40, &[3, 4]);
    set_marks(&mut c, 36, &[1, 4]);
    // An X-Cycle of 7: r1c1=r1c5-r3c5=r3c2-r1c1.
    let mut x = empty(9);
    keep_only(&mut x, 7, 0, &[0, 4]);
    keep_only(&mut x, 7, 2, &[18 + 4, 18 + 1]);
    // An XY-Chain of four cells: r1c1 {1,2} ... r5c2 {4,1}.
    let mut y = empty(9);
    set_marks(&mut y, 0, &[1, 2]);
    set_marks(&mut y, 4, &[2, 3]);
    set_marks(&mut y, 40, &[3, 4]);
    set_marks(&mut y, 37, &[1, 4]);
    // A Skyscraper of 5: r1c5=r1c1-r5c1=r5c6.
    let mut k = empty(9);
    keep_only(&mut k, 5, 0, &[0, 4]);
    keep_only(&mut k, 5, 4, &[36, 36 + 5]);
    for (marks, technique) in [
        (c, Technique::XYCycle),
        (x, Technique::XCycle),
        (y, Technique::XYChain),
        (k, Technique::Skyscraper),
    ] {
        // On 9x9 the tier is the 9x9 solver's; the search for other
        // shapes finds the same loop with the same rating and removals.
        let nine = super::chains::chain(&marks).unwrap();
        let any = super::chains::chains(&marks).unwrap();
        assert_eq!(nine.technique, technique);
        assert_eq!(any.technique, technique);
        assert_eq!(any.rating, nine.rating, "{any} / {nine}");
        if matches!(technique, Technique::XYCycle | Technique::XCycle) {
            assert_eq!(any.eliminations, nine.eliminations, "{any} / {nine}");
        } else {
            // Sudoku Explainer takes a chain's victims one at a time; this
            // search takes every cell that sees both ends.
            let one = nine.eliminations[0];
            assert!(any.eliminations.contains(&one), "{any} / {nine}");
        }
    }
}

#[test]
fn a_w_wing_is_rated_as_the_9x9_solver_rates_it_and_found_on_16x16() {
    // r1c1 and r5c9 hold only 1 and 2; 2 in column 5 only at r1c5 and
    // r5c5, which see them: one of them is 1.
    let mut c = empty(9);
    set_marks(&mut c, 0, &[1, 2]);
    set_marks(&mut c, 4 * 9 + 8, &[1, 2]);
    keep_only(&mut c, 2, 9 + 4, &[4, 40]);
    let nine = super::chains::chain(&c).unwrap();
    let any = super::chains::chains(&c).unwrap();
    assert_eq!(nine.technique, Technique::WWing, "{nine}");
    assert_eq!(any.technique, Technique::WWing, "{any}");
    assert_eq!(any.rating, nine.rating, "{any} / {nine}");
    assert!(
        any.eliminations.contains(&nine.eliminations[0]),
        "{any} / {nine}"
    );
    assert_eq!(any.eliminations, [(8, 1), (36, 1)]);

    // The same on 16x16 with two-digit numbers: r1c1 and r6c16 hold 10
    // and 13; 13 in column 7 only at r1c7 and r6c7.
    let mut c = empty(16);
    set_marks(&mut c, 0, &[10, 13]);
    set_marks(&mut c, 5 * 16 + 15, &[10, 13]);
    keep_only(&mut c, 13, 16 + 6, &[6, 5 * 16 + 6]);
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::WWing, "{s}");
    assert_eq!(s.rating, nine.rating);
    assert_eq!(s.eliminations, [(15, 10), (5 * 16, 10)]);
    assert_eq!(s.cells, [0, 6, 5 * 16 + 6, 5 * 16 + 15]);
    assert_eq!(
        s.explanation,
        "W-Wing: r1c1 and r6c16 both hold only 10 and 13, and 13 in column 7 is at r1c7 or r6c7, which see them: they cannot both be 13, so one of them is 10, and the cells that see both lose 10: r1c16<>10, r6c1<>10."
    );
    // Without the strong link, no W-Wing.
    let mut c = empty(16);
    set_marks(&mut c, 0, &[10, 13]);
    set_marks(&mut c, 5 * 16 + 15, &[10, 13]);
    assert!(super::chains::chains(&c).is_none());
}

#[test]
fn an_xy_cycle_on_16x16_clears_each_link() {
    let mut c = empty(16);
    // r1c1 {11,12} - r1c9 {12,13} - r9c9 {13,14} - r9c1 {14,11}.
    set_marks(&mut c, 0, &[11, 12]);
    set_marks(&mut c, 8, &[12, 13]);
    set_marks(&mut c, 8 * 16 + 8, &[13, 14]);
    set_marks(&mut c, 8 * 16, &[11, 14]);
    let s = super::chains::chains(&c).unwrap();
    assert_eq!(s.technique, Technique::XYCycle);
    assert_eq!(s.rating, 6.6);
    // Row 1 loses 12, column 9 13, row 9 14 and column 1 11: 14 cells each.
    assert_eq!(s.eliminations.len(), 4 * 14);
    for (d, cells) in [(12, 1..16), (14, 8 * 16 + 1..8 * 16 + 16)] {
        for x in cells.filter(|&x| x % 16 != 8) {
            assert!(s.eliminations.contains(&(x, d)), "{x} {d}");
        }
    }
    assert!(s.explanation.starts_with(
        "The loop (11=12)r1c1-(12=13)r1c9-(13=14)r9c9-(14=11)r9c1-r1c1 holds whichever way it turns"
    ));
}
