//! Each technique on a small position made by hand.

use super::techniques::{self as t, sum_support};
use super::{Marks, Step, Technique, pencil_marks};
use crate::puzzle::{Constraint, DistinctKind, Puzzle, Regions};

/// A puzzle of side `n` with these regions, constraints and givens
/// (cell, digit).
fn puzzle(n: usize, regions: Regions, rules: &[Constraint], givens: &[(usize, u8)]) -> Puzzle {
    let mut p = Puzzle::new(n, regions).unwrap();
    for rule in rules {
        p.add(rule.clone()).unwrap();
    }
    for &(cell, d) in givens {
        p.set_given(cell, d).unwrap();
    }
    p
}

fn classic(n: usize, rules: &[Constraint]) -> Marks {
    let p = puzzle(n, Puzzle::classic(n).unwrap().regions().clone(), rules, &[]);
    pencil_marks(&p)
}

fn cage(cells: &[usize], total: Option<u32>) -> Constraint {
    Constraint::Cage {
        cells: cells.to_vec(),
        total,
    }
}

/// Removes every digit of `digits` from each cell.
fn remove(m: &mut Marks, cells: &[usize], digits: &[u8]) {
    for &c in cells {
        for &d in digits {
            m.eliminate(c, d);
        }
    }
}

fn found(step: Option<Step>, technique: Technique) -> Step {
    let step = step.unwrap_or_else(|| panic!("no {technique}"));
    assert_eq!(step.technique, technique, "{step}");
    step
}

#[test]
fn a_full_house_on_a_diagonal() {
    let p = puzzle(
        4,
        Regions::None,
        &Constraint::diagonals(4),
        &[(0, 1), (5, 2), (10, 3)],
    );
    let step = found(t::full_house(&pencil_marks(&p)), Technique::FullHouse);
    assert_eq!(step.placements, [(15, 4)]);
    assert_eq!(step.houses, ["the main diagonal"]);
    assert!(
        step.explanation
            .contains("last empty cell of the main diagonal")
    );
}

#[test]
fn a_hidden_single_in_a_jigsaw_region() {
    // Region 3 is r2c2 r2c3 r3c2 r3c3: without 1 in three of them, the
    // fourth takes it, while rows and columns keep two places or more.
    let map = vec![0, 1, 1, 1, 0, 2, 2, 1, 0, 2, 2, 3, 0, 3, 3, 3];
    let mut m = pencil_marks(&puzzle(4, Regions::Jigsaw(map), &[], &[]));
    remove(&mut m, &[5, 6, 9], &[1]);
    let step = found(t::hidden_single(&m), Technique::HiddenSingle);
    assert_eq!(step.placements, [(10, 1)]);
    assert_eq!(step.houses, ["region 3"]);
}

#[test]
fn a_naked_single_left_by_non_consecutive_neighbours() {
    let p = puzzle(4, Regions::None, &[Constraint::NonConsecutive], &[(0, 2)]);
    let mut m = pencil_marks(&p);
    assert_eq!(m.digits(1), [4]);
    // Digits off the grid are never candidates.
    assert!(!m.eliminate(1, 0) && !m.eliminate(1, 17) && !m.has(1, 0));
    let step = found(t::naked_single(&m), Technique::NakedSingle);
    assert_eq!(step.placements, [(1, 4)]);
}

#[test]
fn a_black_dot_leaves_its_neighbour_the_halves_and_doubles() {
    use crate::puzzle::Relation;
    let dot = Constraint::Pair {
        cells: [0, 1],
        relation: Relation::Ratio(2),
    };
    let mut m = pencil_marks(&puzzle(6, Regions::None, &[dot], &[]));
    remove(&mut m, &[0], &[1, 2, 4, 6]); // r1c1 holds 3 or 5
    let step = found(t::neighbour_marks(&m), Technique::NeighbourMarks);
    // 3 pairs with 6 only; 5 with nothing (10 and 2.5 are no digits).
    assert_eq!(step.eliminations, [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)]);
    assert_eq!(
        step.explanation,
        "A black dot joins r1c1 and r1c2: they hold one digit twice the other. r1c1 holds 3 or 5, \
         so r1c2 cannot hold 1, 2, 3, 4 or 5: r1c2<>1, r1c2<>2, r1c2<>3, r1c2<>4, r1c2<>5."
    );
}

#[test]
fn unmarked_neighbours_under_the_negative_constraint() {
    use crate::puzzle::Relation;
    // Every X given (there is none): no two neighbours add up to 10.
    let mut m = pencil_marks(&puzzle(
        9,
        Puzzle::classic(9).unwrap().regions().clone(),
        &[Constraint::Unmarked(Relation::Sum(10))],
        &[(0, 3)],
    ));
    let step = found(t::neighbour_marks(&m), Technique::NeighbourMarks);
    assert_eq!(step.eliminations, [(1, 7)]);
    assert!(
        step.explanation.starts_with(
            "No X or V joins r1c1 and r1c2, and every one is given: they do not hold digits adding up to 10."
        ),
        "{}",
        step.explanation
    );
    // Once both neighbours of r1c1 have lost 7, nothing is left to take.
    m.eliminate(1, 7);
    m.eliminate(9, 7);
    let next = t::neighbour_marks(&m).map(|s| s.eliminations);
    assert!(next.is_none_or(|e| !e.contains(&(1, 7)) && !e.contains(&(9, 7))));
}

#[test]
fn a_digit_next_to_every_candidate_of_a_neighbour() {
    let mut m = pencil_marks(&puzzle(
        6,
        Regions::None,
        &[Constraint::NonConsecutive],
        &[],
    ));
    remove(&mut m, &[0], &[2, 4, 5, 6]); // r1c1 holds 1 or 3
    let step = found(t::non_consecutive(&m), Technique::NonConsecutive);
    assert_eq!(step.eliminations, [(1, 2)]);
    assert_eq!(
        step.explanation,
        "r1c1 holds 1 or 3, each of them next to 2, so r1c2 beside it cannot hold 2: r1c2<>2."
    );
}

#[test]
fn a_cell_that_sees_every_place_of_a_digit_by_a_knight_s_move() {
    // 1 in row 1 only at r1c1 and r1c5 (9x9, no boxes): r2c3 is a
    // knight's move from both.
    let mut m = pencil_marks(&puzzle(9, Regions::None, &[Constraint::AntiKnight], &[]));
    remove(&mut m, &[1, 2, 3, 5, 6, 7, 8], &[1]);
    assert!(t::locked_candidates(&m).is_none());
    let step = found(t::shared_peers(&m), Technique::SharedPeers);
    assert_eq!(step.eliminations, [(11, 1)]);
    assert!(step.explanation.contains("r2c3 sees all of them"), "{step}");
}

#[test]
fn odd_even_anti_knight_and_anti_king_act_through_the_marks() {
    let p = puzzle(
        9,
        Puzzle::classic(9).unwrap().regions().clone(),
        &[
            Constraint::AntiKnight,
            Constraint::AntiKing,
            Constraint::Odd(80),
        ],
        &[(40, 5)],
    );
    let m = pencil_marks(&p);
    assert!(!m.has(40 - 2 * 9 - 1, 5), "a knight's move away");
    assert!(!m.has(40 + 9 + 1, 5), "a king's move away");
    assert!(m.has(40 + 3 * 9 + 3, 5));
    assert_eq!(m.digits(80), [1, 3, 5, 7, 9]);
}

#[test]
fn a_thermometer_bounds_each_cell_by_its_place() {
    let m = classic(
        4,
        &[Constraint::Thermometer {
            cells: vec![0, 1, 2],
        }],
    );
    let step = found(t::thermometers(&m), Technique::ThermometerRange);
    assert_eq!(
        step.eliminations,
        [(0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2)]
    );
    assert!(step.explanation.contains("r1c2 is 2 to 3"), "{step}");
    assert_eq!(step.houses, ["the thermometer from r1c1"]);
}

#[test]
fn a_thermometer_carries_a_bound_along_it() {
    let mut m = classic(
        6,
        &[Constraint::Thermometer {
            cells: vec![0, 1, 2],
        }],
    );
    m.place(2, 4); // r1c3 = 4: then r1c2 is 2 or 3 and r1c1 1 or 2
    let step = found(t::thermometers(&m), Technique::ThermometerRange);
    assert_eq!(m.digits(1), [1, 2, 3, 5, 6]);
    assert_eq!(
        step.eliminations,
        [(0, 3), (0, 5), (0, 6), (1, 1), (1, 5), (1, 6)]
    );
}

#[test]
fn an_arrow_bounds_its_circle_and_its_cells() {
    let m = classic(
        4,
        &[Constraint::Arrow {
            circle: vec![0],
            path: vec![1, 2],
        }],
    );
    let step = found(t::arrows(&m), Technique::ArrowRange);
    assert_eq!(step.eliminations, [(1, 4), (2, 4), (0, 1)]);
    assert!(step.explanation.contains("add up to 2 to 8"), "{step}");
}

#[test]
fn an_arrow_with_a_two_digit_circle() {
    // r1c1 r1c2 read as a number of 10 or more: the path (r2c1..r2c4 of
    // a 4x4, at most 4+3+2+1 = 10 as they differ, bounded 16 by ranges)
    // makes the first digit 1.
    let m = classic(
        4,
        &[Constraint::Arrow {
            circle: vec![0, 1],
            path: vec![4, 5, 6, 7],
        }],
    );
    let step = found(t::arrows(&m), Technique::ArrowRange);
    assert!(step.eliminations.contains(&(0, 2)), "{step}");
    assert!(!step.eliminations.contains(&(0, 1)), "{step}");
}

#[test]
fn cage_combinations_then_a_required_digit_confined_to_a_house() {
    let mut m = classic(4, &[cage(&[0, 4], Some(3))]);
    let step = found(t::cages(&m), Technique::CageCombinations);
    assert_eq!(step.eliminations, [(0, 3), (0, 4), (4, 3), (4, 4)]);
    assert!(
        step.explanation.contains(
            "only one combination of different digits adding up to 3 fits the candidates, 1+2, and it puts none"
        ),
        "{step}"
    );
    m.apply(&step);
    let step = found(t::cages(&m), Technique::CageCombinations);
    assert_eq!(step.eliminations, [(8, 1), (12, 1)]);
    assert_eq!(step.houses, ["cage r1c1 (3)", "column 1"]);
    assert!(
        step.explanation
            .starts_with("The only combination of cage r1c1 (3), 1+2, holds 1,"),
        "{step}"
    );
    // Two combinations are named as every one of them.
    let m = classic(9, &[cage(&[0, 1], Some(10))]);
    let step = found(t::cages(&m), Technique::CageCombinations);
    assert_eq!(step.eliminations, [(0, 5), (1, 5)]);
    assert!(
        step.explanation
            .contains("4 combinations (1+9, 2+8, 3+7 and 4+6) of different digits adding up to 10 fit the candidates, and none of them"),
        "{step}"
    );
}

#[test]
fn sum_support_with_and_without_repeats() {
    let all = 0b1111;
    assert_eq!(
        sum_support(&[all, all], 3, true),
        (vec![0b11, 0b11], vec![0b11])
    );
    assert_eq!(sum_support(&[all, all], 2, false), (vec![0b1, 0b1], vec![]));
    assert_eq!(sum_support(&[all, all], 9, true).1, Vec::<u16>::new());
    let (support, combos) = sum_support(&[all, all, all], 7, true);
    assert_eq!(combos, [0b1011]); // 1+2+4
    assert_eq!(support, [0b1011; 3]);
}

#[test]
fn innies_and_outies_of_a_row() {
    // Row 1 of 1 2 3 4 / 3 4 1 2: r1c1 r1c2 r2c1 = 6, r1c3 r1c4 = 7.
    let mut m = classic(4, &[cage(&[0, 1, 4], Some(6)), cage(&[2, 3], Some(7))]);
    let step = found(t::house_sums(&m), Technique::HouseSum);
    assert_eq!(step.houses, ["row 1"]);
    assert!(step.explanation.contains("innies r1c1, r1c2"), "{step}");
    assert_eq!(step.eliminations, [(0, 3), (0, 4), (1, 3), (1, 4)]);
    m.apply(&step);
    let step = found(t::house_sums(&m), Technique::HouseSum);
    assert!(step.explanation.contains("outies r2c1"), "{step}");
    assert_eq!(step.eliminations, [(4, 1), (4, 2), (4, 4)]);
}

#[test]
fn locked_candidates_between_a_row_and_a_box() {
    let mut m = classic(4, &[]);
    remove(&mut m, &[2, 3], &[1]);
    let step = found(t::locked_candidates(&m), Technique::LockedCandidates);
    assert_eq!(step.eliminations, [(4, 1), (5, 1)]);
    assert_eq!(step.houses, ["row 1", "box 1"]);
}

#[test]
fn locked_candidates_from_a_box_onto_a_diagonal() {
    let mut m = classic(4, &Constraint::diagonals(4));
    remove(&mut m, &[1, 4], &[1]);
    let step = found(t::locked_candidates(&m), Technique::LockedCandidates);
    assert_eq!(step.houses, ["box 1", "the main diagonal"]);
    assert_eq!(step.eliminations, [(10, 1), (15, 1)]);
}

#[test]
fn a_naked_pair_in_a_cage() {
    let mut m = pencil_marks(&puzzle(9, Regions::None, &[cage(&[0, 1, 10], None)], &[]));
    remove(&mut m, &[0, 10], &[3, 4, 5, 6, 7, 8, 9]);
    let step = found(t::naked_subset(&m, 2), Technique::NakedPair);
    assert_eq!(step.houses, ["cage r1c1"]);
    assert_eq!(step.eliminations, [(1, 1), (1, 2)]);
}

#[test]
fn naked_triples_and_quads() {
    let mut m = classic(9, &[]);
    remove(&mut m, &[0, 1, 2], &[4, 5, 6, 7, 8, 9]);
    let step = found(t::naked_subset(&m, 3), Technique::NakedTriple);
    assert_eq!(step.houses, ["row 1"]);
    assert_eq!(step.eliminations.len(), 6 * 3);
    let mut m = classic(9, &[]);
    remove(&mut m, &[0, 1, 2, 3], &[5, 6, 7, 8, 9]);
    assert!(t::naked_subset(&m, 3).is_none());
    let step = found(t::naked_subset(&m, 4), Technique::NakedQuad);
    assert!(step.explanation.contains("1, 2, 3 and 4"), "{step}");
}

#[test]
fn hidden_pairs_and_triples() {
    let mut m = classic(6, &[]);
    remove(&mut m, &[2, 3, 4, 5], &[1, 2]);
    let step = found(t::hidden_subset(&m, 2), Technique::HiddenPair);
    assert_eq!(step.houses, ["row 1"]);
    assert_eq!(step.cells, [0, 1]);
    assert_eq!(step.eliminations.len(), 8);
    let mut m = classic(6, &[]);
    remove(&mut m, &[3, 4, 5], &[1, 2, 3]);
    assert!(t::hidden_subset(&m, 2).is_none());
    let step = found(t::hidden_subset(&m, 3), Technique::HiddenTriple);
    assert_eq!(step.cells, [0, 1, 2]);
}

#[test]
fn an_x_wing_and_a_swordfish() {
    let mut m = pencil_marks(&puzzle(6, Regions::None, &[], &[]));
    // 1 in rows 1 and 4 only in columns 2 and 5.
    remove(&mut m, &[0, 2, 3, 5, 18, 20, 21, 23], &[1]);
    let step = found(t::fish(&m, 2), Technique::XWing);
    assert_eq!(step.houses, ["row 1", "row 4", "column 2", "column 5"]);
    assert_eq!(step.eliminations.len(), 8);
    let mut m = pencil_marks(&puzzle(6, Regions::None, &[], &[]));
    // 1 in rows 1, 2 and 3 only in columns 1, 2 and 3.
    remove(&mut m, &[3, 4, 5, 9, 10, 11, 15, 16, 17], &[1]);
    assert!(t::fish(&m, 2).is_none());
    let step = found(t::fish(&m, 3), Technique::Swordfish);
    assert_eq!(step.eliminations.len(), 9);
}

#[test]
fn further_houses_are_named() {
    let p = puzzle(
        9,
        Puzzle::classic(9).unwrap().regions().clone(),
        &Constraint::windoku(9)
            .into_iter()
            .chain([Constraint::Distinct {
                kind: DistinctKind::ExtraRegion,
                cells: vec![0, 1, 2],
            }])
            .collect::<Vec<_>>(),
        &[],
    );
    let m = pencil_marks(&p);
    let names: Vec<&str> = m.layout.groups.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        names[27..],
        [
            "windoku box 1",
            "windoku box 2",
            "windoku box 3",
            "windoku box 4",
            "extra region 1"
        ]
    );
    assert!(!m.layout.groups[31].full);
}

#[test]
fn a_whispers_line_takes_the_middle_digits_from_a_neighbour() {
    use crate::puzzle::LineKind;
    let line = Constraint::Line {
        kind: LineKind::whispers(9),
        cells: vec![0, 1, 2],
    };
    let mut m = classic(9, &[line]);
    remove(&mut m, &[1], &[1, 2, 3, 5, 6, 7, 8]); // r1c2 holds 4 or 9
    let step = found(t::line_pairs(&m), Technique::Whispers);
    // 4 leaves its neighbour 9, and 9 leaves 1 to 4.
    assert_eq!(
        step.eliminations,
        [(0, 5), (0, 6), (0, 7), (0, 8)],
        "{step}"
    );
    assert_eq!(step.houses, ["the whispers line from r1c1"]);
    assert!(
        step.explanation.starts_with(
            "On the whispers line from r1c1, r1c2 and r1c1 are next to each other: their digits differ by at least 5. r1c2 holds 4 or 9"
        ),
        "{}",
        step.explanation
    );
}

#[test]
fn a_palindrome_keeps_the_digits_its_mirror_cell_can_hold() {
    use crate::puzzle::LineKind;
    // r1c1 and r3c5 (no peers) are the ends; r2c3 is the middle.
    let line = Constraint::Line {
        kind: LineKind::Palindrome,
        cells: vec![0, 11, 22],
    };
    let mut m = classic(9, &[line]);
    remove(&mut m, &[22], &[1, 2, 3, 4, 5, 6]); // r3c5 holds 7, 8 or 9
    let step = found(t::line_pairs(&m), Technique::Palindrome);
    assert_eq!(
        step.eliminations,
        (1..=6).map(|d| (0, d)).collect::<Vec<_>>()
    );
    assert!(
        step.explanation.starts_with(
            "On the palindrome from r1c1, r3c5 and r1c1 are the same distance from either end: they hold the same digit."
        ),
        "{}",
        step.explanation
    );
}

#[test]
fn a_renban_line_keeps_the_runs_every_cell_reaches() {
    use crate::puzzle::LineKind;
    // Three cells of a renban line; one of them holds 1 or 2, so the
    // runs left are 1-3 and 2-4.
    let line = Constraint::Line {
        kind: LineKind::Renban,
        cells: vec![0, 1, 2],
    };
    let mut m = classic(9, &[line]);
    remove(&mut m, &[1], &[3, 4, 5, 6, 7, 8, 9]);
    let step = found(t::renban(&m), Technique::Renban);
    let gone: Vec<(usize, u8)> = [0, 2]
        .into_iter()
        .flat_map(|c| (5..=9).map(move |d| (c, d)))
        .collect();
    assert_eq!(step.eliminations, gone);
    assert!(
        step.explanation.contains("the runs left are 1-3 and 2-4"),
        "{}",
        step.explanation
    );
    // A digit no cell can hold rules out every run through it: with 5
    // gone and r1c2 holding 3, 4 or 6, the runs left are 1-3, 2-4 and 6-8.
    let mut m = classic(
        9,
        &[Constraint::Line {
            kind: LineKind::Renban,
            cells: vec![0, 1, 2],
        }],
    );
    remove(&mut m, &[0, 1, 2], &[5]);
    remove(&mut m, &[1], &[1, 2, 7, 8, 9]);
    let step = found(t::renban(&m), Technique::Renban);
    assert!(
        step.explanation
            .contains("the runs left are 1-3, 2-4 and 6-8"),
        "{}",
        step.explanation
    );
    assert_eq!(step.eliminations, [(0, 9), (2, 9)]);
}

#[test]
fn a_digit_every_run_holds_is_on_the_renban_line() {
    use crate::puzzle::LineKind;
    let line = || Constraint::Line {
        kind: LineKind::Renban,
        cells: vec![0, 1, 2],
    };
    // r1c1-r1c3 hold 4 to 7: the runs 4-6 and 5-7, both with 5 and 6.
    let mut m = classic(9, &[line()]);
    remove(&mut m, &[0, 1, 2], &[1, 2, 3, 8, 9]);
    // 5 can go anywhere on the line, all in row 1: it leaves the row.
    let step = found(t::renban(&m), Technique::Renban);
    assert_eq!(
        step.eliminations,
        (3..9).map(|c| (c, 5)).collect::<Vec<_>>()
    );
    assert_eq!(step.houses, ["the renban line from r1c1", "row 1"]);
    assert!(
        step.explanation.starts_with(
            "On the renban line from r1c1, the runs left are 4-6 and 5-7, each holding 5: 5 is on the line"
        ),
        "{}",
        step.explanation
    );
    // With 5 in r1c1 only, it goes there.
    let mut m = classic(9, &[line()]);
    remove(&mut m, &[0, 1, 2], &[1, 2, 3, 8, 9]);
    remove(&mut m, &[1, 2], &[5]);
    let step = found(t::renban(&m), Technique::Renban);
    assert_eq!(step.placements, [(0, 5)]);
    assert!(
        step.explanation
            .ends_with("only r1c1 can hold it there: r1c1=5."),
        "{}",
        step.explanation
    );
}
