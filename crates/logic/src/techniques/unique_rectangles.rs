//! Unique rectangles (types 1 to 4) and the longer unique loops, as Sudoku
//! Explainer finds and rates them. Valid only for puzzles with a single
//! solution: a set of cells that could swap two digits would give two.

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, digit_words, elim_list, rating};
use crate::techniques::{combos, joining, sorted};

struct Ur {
    tenths: u16,
    kind: u8,
    technique: Technique,
    elims: Vec<Candidate>,
    cells: Vec<Cell>,
    houses: Vec<House>,
    explanation: String,
}

/// SE's rating of a deadly pattern of `len` cells before the size bonus of
/// type 3: a unique rectangle's (4.5), +0.1 for a loop of 6 cells, +0.2
/// for 8, +0.5 for 10 or more. (The base ratings of Unique Rectangle Type
/// 3 and Unique Loop in the technique table are their simplest steps', as
/// the test `table_bases_are_the_simplest_steps` checks.)
fn loop_base(len: usize) -> u16 {
    let mut t = Technique::UniqueRectangle1.base_tenths();
    if len >= 10 {
        t += 3;
    }
    if len >= 8 {
        t += 2;
    } else if len >= 6 {
        t += 1;
    }
    t
}

fn technique(kind: u8, len: usize) -> Technique {
    match (len, kind) {
        (4, 1) => Technique::UniqueRectangle1,
        (4, 2) => Technique::UniqueRectangle2,
        (4, 3) => Technique::UniqueRectangle3,
        (4, _) => Technique::UniqueRectangle4,
        _ => Technique::UniqueLoop,
    }
}

/// A cell's box, row and column: the order Sudoku Explainer visits them.
#[inline]
fn box_row_column(cell: Cell) -> [House; 3] {
    let [r, c, b] = cell.houses();
    [b, r, c]
}

/// Sudoku Explainer's loop search from `cell`: cells holding both digits of
/// `pair`, moving through a unit of another kind each time, at most two
/// cells with extra digits (more when they all add the same single digit).
#[allow(clippy::too_many_arguments)]
fn check_for_loops(
    c: &Candidates,
    cell: Cell,
    pair: DigitSet,
    path: &mut Vec<Cell>,
    allowed_ex: i32,
    ex_values: DigitSet,
    last_kind: Option<usize>,
    results: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    // SE lets the extra digits of the cells tried here add up (a quirk kept
    // for identical results).
    let mut ex = ex_values;
    for kind in [2usize, 0, 1] {
        if Some(kind) == last_kind {
            continue;
        }
        let u = cell.houses()[kind];
        for next in u.cells() {
            if path[0] == next && path.len() >= 4 {
                results.push(path.clone());
            } else if !path.contains(&next) {
                let m = c.mask(next);
                if (pair - m).is_empty() {
                    ex |= m - pair;
                    let n = m.len();
                    if n == 2 || ex.len() == 1 || allowed_ex > 0 {
                        let next_allowed = allowed_ex - i32::from(n > 2);
                        check_for_loops(c, next, pair, path, next_allowed, ex, Some(kind), results);
                    }
                }
            }
        }
    }
    path.pop();
}

/// Every unit a loop cell of each parity visits is visited once by a cell
/// of each parity.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut odd: Vec<House> = Vec::new();
    let mut even: Vec<House> = Vec::new();
    for (i, &x) in cells.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for u in box_row_column(x) {
            if set.contains(&u) {
                return false;
            }
            set.push(u);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// The easiest unique rectangle or longer unique loop (ties: lower type
/// first), found as Sudoku Explainer finds them.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::{Candidates, Technique, techniques::unique_rectangles};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // r1c1, r1c4, r3c1 hold 1 and 2; r3c4 holds 1, 2 and 5: it must be 5.
/// let corners = [(0, 0, &[1, 2][..]), (0, 3, &[1, 2]), (2, 0, &[1, 2]), (2, 3, &[1, 2, 5])];
/// for (row, col, keep) in corners {
///     for d in Digit::all().filter(|d| !keep.contains(&d.get())) {
///         marks.eliminate(Cell::at(row, col), d);
///     }
/// }
/// let step = unique_rectangles::unique_loops(&marks).unwrap();
/// assert_eq!(step.technique, Technique::UniqueRectangle1);
/// assert_eq!(step.outcome_text(), "r3c4<>1, r3c4<>2");
/// ```
pub fn unique_loops(c: &Candidates) -> Option<Step> {
    let mut found: Vec<Ur> = Vec::new();
    let mut seen: Vec<(CellSet, DigitSet)> = Vec::new();
    let mut results = Vec::new();
    let mut path = Vec::new();
    for a in Cell::all() {
        if c.count(a) != 2 {
            continue;
        }
        let pair = c.mask(a);
        results.clear();
        check_for_loops(
            c,
            a,
            pair,
            &mut path,
            2,
            DigitSet::EMPTY,
            None,
            &mut results,
        );
        for lp in &results {
            if !is_valid_loop(lp) {
                continue;
            }
            let key: CellSet = lp.iter().copied().collect();
            if seen.contains(&(key, pair)) {
                continue;
            }
            seen.push((key, pair));
            rectangle_hints(c, lp, pair, &mut found);
        }
    }
    found.sort_by_key(|u| (u.tenths, u.kind));
    let u = found.into_iter().next()?;
    Some(Step {
        technique: u.technique,
        rating: rating(u.tenths),
        placements: vec![],
        eliminations: u.elims,
        candidates: u
            .cells
            .iter()
            .flat_map(|&x| c.digits(x).map(move |d| Candidate::new(x, d)))
            .collect(),
        cells: u.cells,
        houses: u.houses,
        explanation: u.explanation,
    })
}

/// The two digits of a pair.
fn two(pair: DigitSet) -> [Digit; 2] {
    let mut it = pair.iter();
    [
        it.next().expect("two digits"),
        it.next().expect("two digits"),
    ]
}

fn rectangle_hints(c: &Candidates, cells: &[Cell], pair: DigitSet, out: &mut Vec<Ur>) {
    let mut extra_cells: Vec<Cell> = cells.iter().copied().filter(|&x| c.count(x) > 2).collect();
    extra_cells.sort_unstable();
    let mut extra = DigitSet::EMPTY;
    for &x in &extra_cells {
        extra |= c.mask(x) - pair;
    }
    let [v1, v2] = two(pair);
    // Each cell of the loop shares a house with the next.
    let houses: Vec<House> = (0..cells.len())
        .filter_map(|i| joining(cells[i], cells[(i + 1) % cells.len()]))
        .collect();
    let houses = &sorted(houses);
    let corners = cell_list(cells.iter().copied());
    let deadly = format!(
        "{corners} would hold only {v1} and {v2} without their extra candidates, a deadly pattern with two solutions"
    );
    match extra_cells.len() {
        1 => {
            let x = extra_cells[0];
            let elims = vec![Candidate::new(x, v1), Candidate::new(x, v2)];
            out.push(Ur {
                tenths: loop_base(cells.len()),
                kind: 1,
                technique: technique(1, cells.len()),
                explanation: format!(
                    "{deadly}, so {x} must hold one of its other digits: {}.",
                    elim_list(&elims)
                ),
                elims,
                cells: cells.to_vec(),
                houses: houses.clone(),
            });
        }
        2.. => {
            if extra.len() == 1 {
                type2(c, cells, houses, &extra_cells, extra, &deadly, out);
            } else if extra_cells.len() == 2 {
                type3(
                    c,
                    cells,
                    houses,
                    extra_cells[0],
                    extra_cells[1],
                    pair,
                    extra,
                    &deadly,
                    out,
                );
            }
            if extra_cells.len() == 2 {
                type4(
                    c,
                    cells,
                    houses,
                    extra_cells[0],
                    extra_cells[1],
                    pair,
                    &deadly,
                    out,
                );
            }
        }
        _ => {}
    }
}

fn type2(
    c: &Candidates,
    cells: &[Cell],
    houses: &[House],
    extra_cells: &[Cell],
    extra: DigitSet,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let z = extra.first().expect("one extra digit");
    let mut common = CellSet::ALL;
    for &x in extra_cells {
        common &= x.peers();
    }
    let victims = common & c.cells_with(z);
    if victims.is_empty() {
        return;
    }
    let elims: Vec<Candidate> = victims.iter().map(|x| Candidate::new(x, z)).collect();
    out.push(Ur {
        tenths: loop_base(cells.len()),
        kind: 2,
        technique: technique(2, cells.len()),
        explanation: format!(
            "{deadly}, so one of {} is {z}, and cells seeing them all lose {z}: {}.",
            cell_list(extra_cells.iter().copied()),
            elim_list(&elims)
        ),
        elims,
        cells: cells.to_vec(),
        houses: houses.to_vec(),
    });
}

#[allow(clippy::too_many_arguments)]
fn type3(
    c: &Candidates,
    cells: &[Cell],
    houses: &[House],
    c1: Cell,
    c2: Cell,
    pair: DigitSet,
    extra: DigitSet,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let both = CellSet::single(c1) | CellSet::single(c2);
    for degree in extra.len() as u32..=7 {
        for u in box_row_column(c1) {
            if !both.is_subset(u.cells()) {
                continue;
            }
            let empty = c.empty_cells() & u.cells();
            let n_empty = empty.len() as u32;
            // Naked set: the extra digits act as one more cell of the set.
            if degree * 2 <= n_empty {
                let others: Vec<Cell> = (u.cells() - both)
                    .iter()
                    .filter(|&x| c.count(x) >= 2)
                    .collect();
                let k = degree as usize - 1;
                if k <= others.len() {
                    for &m in combos(k as u32) {
                        if (m >> others.len()) != 0 {
                            continue;
                        }
                        let mut union = extra;
                        let mut set = CellSet::EMPTY;
                        for i in (0..9).filter(|i| m >> i & 1 == 1) {
                            let x = others[i];
                            union |= c.mask(x);
                            set.insert(x);
                        }
                        let shared = extra & c.mask(c1) & c.mask(c2);
                        let mut naked = shared;
                        for x in set {
                            naked |= c.mask(x);
                        }
                        if naked.len() as u32 != degree || union.len() as u32 != degree {
                            continue;
                        }
                        let victims = u.cells() - set - both;
                        let mut elims = Vec::new();
                        for x in victims {
                            for d in c.mask(x) & union {
                                elims.push(Candidate::new(x, d));
                            }
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        out.push(Ur {
                            tenths: loop_base(cells.len()) + (degree as u16 - 1),
                            kind: 3,
                            technique: technique(3, cells.len()),
                            explanation: format!(
                                "{deadly}, so {c1} or {c2} holds one of {}; with {} they form a naked set of {} in {u}, which removes these digits from its other cells: {}.",
                                digit_words(extra),
                                if set.is_empty() { "nothing else".to_string() } else { cell_list(set) },
                                digit_words(union),
                                elim_list(&elims)
                            ),
                            elims,
                            cells: cells.to_vec(),
                            houses: sorted([houses, &[u]].concat()),
                        });
                    }
                }
            }
            // Hidden set: the pair digits plus others confined to c1 (standing
            // for the pair of corners) and degree - 1 more cells.
            if degree * 2 < n_empty {
                let rem = DigitSet::ALL - pair - extra;
                let k = degree - 2;
                if k as usize <= rem.len() {
                    let rem_digits: Vec<Digit> = rem.iter().collect();
                    for &m in combos(k) {
                        if (m >> rem_digits.len()) != 0 {
                            continue;
                        }
                        let mut values = pair;
                        for i in (0..9).filter(|i| m >> i & 1 == 1) {
                            values.insert(rem_digits[i]);
                        }
                        let mut union = CellSet::EMPTY;
                        let mut ok = true;
                        for d in values {
                            let p = c.unit_cells(u, d) - CellSet::single(c2);
                            if p.is_empty() {
                                ok = false;
                                break;
                            }
                            union |= p;
                        }
                        if !ok || union.len() as u32 != degree {
                            continue;
                        }
                        let hidden_cells = union - both;
                        let mut elims = Vec::new();
                        for x in hidden_cells {
                            for d in c.mask(x) - values {
                                elims.push(Candidate::new(x, d));
                            }
                        }
                        if elims.is_empty() {
                            continue;
                        }
                        out.push(Ur {
                            tenths: loop_base(cells.len()) + (degree as u16 - 2),
                            kind: 3,
                            technique: technique(3, cells.len()),
                            explanation: format!(
                                "{deadly}, so {c1} or {c2} holds one of {}; then in {u} the digits {} are confined to one of them and {} (a hidden set), so the other candidates of those cells go: {}.",
                                digit_words(extra),
                                digit_words(values),
                                cell_list(hidden_cells),
                                elim_list(&elims)
                            ),
                            elims,
                            cells: cells.to_vec(),
                            houses: sorted([houses, &[u]].concat()),
                        });
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn type4(
    c: &Candidates,
    cells: &[Cell],
    houses: &[House],
    c1: Cell,
    c2: Cell,
    pair: DigitSet,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let [v1, v2] = two(pair);
    let both = CellSet::single(c1) | CellSet::single(c2);
    let (mut r1, mut r2) = (None, None);
    for u in box_row_column(c1) {
        if !both.is_subset(u.cells()) {
            continue;
        }
        if (c.unit_cells(u, v1) - both).is_empty() {
            r1 = Some(u);
        }
        if (c.unit_cells(u, v2) - both).is_empty() {
            r2 = Some(u);
        }
    }
    let (u, lock, rem) = match (r1, r2) {
        (Some(u), _) => (u, v1, v2),
        (None, Some(u)) => (u, v2, v1),
        _ => return,
    };
    let elims = vec![Candidate::new(c1, rem), Candidate::new(c2, rem)];
    out.push(Ur {
        tenths: loop_base(cells.len()),
        kind: 4,
        technique: technique(4, cells.len()),
        explanation: format!(
            "{deadly}; in {u} the {lock} must be in {c1} or {c2}, so neither can be {rem}: {}.",
            elim_list(&elims)
        ),
        elims,
        cells: cells.to_vec(),
        houses: sorted([houses, &[u]].concat()),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, cell, empty, keep_only, set_marks};

    #[test]
    fn table_bases_are_the_simplest_steps() {
        for t in [
            Technique::UniqueRectangle1,
            Technique::UniqueRectangle2,
            Technique::UniqueRectangle4,
        ] {
            assert_eq!(loop_base(4), t.base_tenths());
        }
        // Type 3 with a naked pair (the extra digits and one more cell).
        assert_eq!(loop_base(4) + 1, Technique::UniqueRectangle3.base_tenths());
        assert_eq!(loop_base(6), Technique::UniqueLoop.base_tenths());
        assert_eq!((loop_base(8), loop_base(10)), (47, 50));
    }

    #[test]
    fn ur_type1() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c4", "12");
        set_marks(&mut c, "r3c1", "12");
        set_marks(&mut c, "r3c4", "125");
        let s = unique_loops(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle1);
        assert_eq!(s.rating, 4.5);
        assert_eq!(
            s.houses,
            [
                House::row(0),
                House::row(2),
                House::column(0),
                House::column(3)
            ]
        );
        assert_eq!(s.eliminations, vec![cand("r3c4", 1), cand("r3c4", 2)]);
    }

    #[test]
    fn ur_type2() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c4", "12");
        set_marks(&mut c, "r3c1", "125");
        set_marks(&mut c, "r3c4", "125");
        let s = unique_loops(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle2);
        assert!(s.eliminations.contains(&cand("r3c9", 5)));
        assert!(s.eliminations.iter().all(|e| e.digit.get() == 5));
    }

    #[test]
    fn ur_type4() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c4", "12");
        set_marks(&mut c, "r3c1", "1267");
        set_marks(&mut c, "r3c4", "1289");
        keep_only(&mut c, 1, "r3", &["r3c1", "r3c4"]);
        let s = unique_loops(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueRectangle4);
        assert_eq!(s.eliminations, vec![cand("r3c1", 2), cand("r3c4", 2)]);
    }

    #[test]
    fn ur_type3_naked_pair() {
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r1c4", "12");
        set_marks(&mut c, "r3c1", "126");
        set_marks(&mut c, "r3c4", "127");
        set_marks(&mut c, "r3c8", "67");
        let mut s = unique_loops(&c).unwrap();
        // Type 3 (4.6) comes after type 1, 2, 4 (4.5); none applies here.
        assert_eq!(s.technique, Technique::UniqueRectangle3);
        assert_eq!(s.rating, 4.6);
        s.eliminations.sort();
        assert!(s.eliminations.contains(&cand("r3c9", 6)));
        assert!(s.eliminations.contains(&cand("r3c2", 7)));
    }

    #[test]
    fn unique_loop_of_six() {
        // r1c1-r1c2-r4c2-r4c4-r5c4-r5c1 pairs every row, column and box.
        let mut c = empty();
        for n in ["r1c1", "r1c2", "r4c2", "r4c4", "r5c4"] {
            set_marks(&mut c, n, "12");
        }
        set_marks(&mut c, "r5c1", "123");
        // Keep r4c1 and r5c2 from completing rectangles with loop cells.
        c.eliminate(cell("r4c1"), Digit::new(2));
        c.eliminate(cell("r5c2"), Digit::new(2));
        let s = unique_loops(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueLoop);
        assert_eq!(s.rating, 4.6);
        assert_eq!(s.eliminations, vec![cand("r5c1", 1), cand("r5c1", 2)]);
    }
}
