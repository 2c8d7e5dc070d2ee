//! Uniqueness: unique rectangles (types 1-4) and the bivalue universal
//! grave. Valid only for puzzles with a single solution.

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::step::{Candidate, Step, Technique, cell_list, digit_words, elim_list, rating};
use crate::techniques::combos;

struct Ur {
    tenths: u16,
    kind: u8,
    technique: Technique,
    elims: Vec<Candidate>,
    cells: Vec<Cell>,
    explanation: String,
}

/// SE's rating of a loop of `len` cells: 4.5, +0.1 from 6 cells, +0.2 from
/// 8, +0.5 from 10.
fn loop_base(len: usize) -> u16 {
    let mut t = 45;
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
            });
        }
        2.. => {
            if extra.len() == 1 {
                type2(c, cells, &extra_cells, extra, &deadly, out);
            } else if extra_cells.len() == 2 {
                type3(
                    c,
                    cells,
                    extra_cells[0],
                    extra_cells[1],
                    pair,
                    extra,
                    &deadly,
                    out,
                );
            }
            if extra_cells.len() == 2 {
                type4(c, cells, extra_cells[0], extra_cells[1], pair, &deadly, out);
            }
        }
        _ => {}
    }
}

fn type2(
    c: &Candidates,
    cells: &[Cell],
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
    });
}

#[allow(clippy::too_many_arguments)]
fn type3(
    c: &Candidates,
    cells: &[Cell],
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
                        });
                    }
                }
            }
        }
    }
}

fn type4(
    c: &Candidates,
    cells: &[Cell],
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
    });
}

/// Bivalue universal grave: every empty cell but a few would be bivalue and
/// every digit would appear twice per unit; the extra candidates are needed.
pub fn bug(c: &Candidates) -> Option<Step> {
    // Cells with more than two candidates, and which of their digits are
    // the extras: in some unit the digit appears 3 times or more and this is
    // the only many-candidate cell holding it there.
    let mut temp = *c;
    let mut bug_cells: Vec<Cell> = Vec::new();
    let mut bug_values = [DigitSet::EMPTY; 81];
    let mut all_values = DigitSet::EMPTY;
    let mut common: Option<CellSet> = None;
    let boxes_rows_columns = (0..9)
        .map(House::block)
        .chain((0..9).map(House::row))
        .chain((0..9).map(House::column));
    for u in boxes_rows_columns {
        for d in Digit::all() {
            let pos = c.unit_cells(u, d);
            let n = pos.len();
            if n == 0 || n == 2 {
                continue;
            }
            let big: Vec<Cell> = pos.iter().filter(|&x| c.count(x) >= 3).collect();
            if big.is_empty() {
                return None;
            }
            if big.len() == 1 {
                let x = big[0];
                if !bug_cells.contains(&x) {
                    bug_cells.push(x);
                }
                bug_values[x.index()].insert(d);
                all_values.insert(d);
                temp.eliminate(x, d);
                let mut cm = common.unwrap_or(CellSet::ALL) & x.peers();
                for &b in &bug_cells {
                    cm.remove(b);
                }
                common = Some(cm);
                if bug_cells.len() > 1 && all_values.len() > 1 && cm.is_empty() {
                    return None;
                }
            }
        }
    }
    if Cell::all().any(|x| temp.value(x).is_none() && temp.count(x) != 2) {
        return None;
    }
    for u in House::all() {
        for d in Digit::all() {
            let n = temp.unit_cells(u, d).len();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or(CellSet::EMPTY);
    if bug_cells.len() == 1 {
        let x = bug_cells[0];
        let keep = all_values;
        let elims: Vec<Candidate> = (c.mask(x) - keep)
            .iter()
            .map(|d| Candidate::new(x, d))
            .collect();
        let placements = match keep.single_digit() {
            Some(d) => vec![Candidate::new(x, d)],
            None => vec![],
        };
        return Some(Step {
            technique: Technique::BugPlus1,
            rating: rating(56),
            placements,
            eliminations: elims.clone(),
            cells: vec![x],
            candidates: keep.iter().map(|d| Candidate::new(x, d)).collect(),
            explanation: format!(
                "Every other empty cell has two candidates and every digit two places per unit (a bivalue universal grave, which has no unique solution), so {x} must be {}: {}.",
                digit_words(keep),
                elim_list(&elims)
            ),
        });
    }
    if let Some(z) = all_values.single_digit() {
        let victims = common & c.cells_with(z);
        if !victims.is_empty() {
            let elims: Vec<Candidate> = victims.iter().map(|x| Candidate::new(x, z)).collect();
            return Some(Step {
                technique: Technique::Bug2,
                rating: rating(57),
                placements: vec![],
                eliminations: elims.clone(),
                cells: bug_cells.clone(),
                candidates: bug_cells.iter().map(|&x| Candidate::new(x, z)).collect(),
                explanation: format!(
                    "Without their extra {z}, {} would complete a bivalue universal grave (no unique solution), so one of them is {z} and cells seeing them all lose it: {}.",
                    cell_list(bug_cells.iter().copied()),
                    elim_list(&elims)
                ),
            });
        }
    }
    if all_values.len() == 1 {
        return if bug_cells.len() == 2 {
            bug4(c, &bug_cells, &bug_values, all_values)
        } else {
            None
        };
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2
        && let Some(s) = bug4(c, &bug_cells, &bug_values, all_values)
    {
        return Some(s);
    }
    bug3(c, &bug_cells, all_values, common)
}

/// BUG type 4: two bug cells in one unit sharing one non-extra digit.
fn bug4(
    c: &Candidates,
    bug_cells: &[Cell],
    bug_values: &[DigitSet; 81],
    all_values: DigitSet,
) -> Option<Step> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = (c.mask(c1) & c.mask(c2)) - all_values;
    let v = shared.single_digit()?;
    let both = CellSet::single(c1) | CellSet::single(c2);
    if !House::all().any(|u| both.is_subset(u.cells())) {
        return None;
    }
    let mut elims = Vec::new();
    for x in [c1, c2] {
        for d in c.mask(x) - bug_values[x.index()] - shared {
            elims.push(Candidate::new(x, d));
        }
    }
    if elims.is_empty() {
        return None;
    }
    Some(Step {
        technique: Technique::Bug4,
        rating: rating(57),
        placements: vec![],
        eliminations: elims.clone(),
        cells: vec![c1, c2],
        candidates: vec![Candidate::new(c1, v), Candidate::new(c2, v)],
        explanation: format!(
            "Without their extra candidates, {c1} and {c2} would complete a bivalue universal grave (no unique solution), so one of them takes an extra digit; as they share {v} in one unit, the other candidates go: {}.",
            elim_list(&elims)
        ),
    })
}

/// BUG type 3: the bug cells' extra digits act as one more cell of a naked
/// set in a unit holding every bug cell.
fn bug3(c: &Candidates, bug_cells: &[Cell], all_values: DigitSet, common: CellSet) -> Option<Step> {
    let cells_set: CellSet = bug_cells.iter().copied().collect();
    let boxes_rows_columns = (0..9)
        .map(House::block)
        .chain((0..9).map(House::row))
        .chain((0..9).map(House::column));
    for u in boxes_rows_columns {
        if !cells_set.is_subset(u.cells()) {
            continue;
        }
        let region_cells: Vec<Cell> = (common & u.cells()).iter().collect();
        for degree in 2..=6usize {
            let k = degree - 1;
            if region_cells.len() < degree {
                continue;
            }
            for &m in combos(k as u32) {
                if (m as usize) >> region_cells.len() != 0 {
                    continue;
                }
                let chosen: Vec<Cell> = (0..9)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| region_cells[i])
                    .collect();
                let other = chosen.iter().fold(DigitSet::EMPTY, |a, &x| a | c.mask(x));
                if other.len() != degree {
                    continue;
                }
                if chosen.iter().any(|&x| c.count(x) < 2) || all_values.len() < 2 {
                    continue;
                }
                let naked = other | all_values;
                if naked.len() != degree {
                    continue;
                }
                let mut elims = Vec::new();
                for &x in &region_cells {
                    if chosen.contains(&x) || bug_cells.contains(&x) {
                        continue;
                    }
                    for d in c.mask(x) & naked {
                        elims.push(Candidate::new(x, d));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort();
                return Some(Step {
                    technique: Technique::Bug3,
                    rating: rating(57 + (naked.len() as u16 - 1)),
                    placements: vec![],
                    eliminations: elims.clone(),
                    cells: bug_cells.iter().chain(&chosen).copied().collect(),
                    candidates: chosen
                        .iter()
                        .flat_map(|&x| c.digits(x).map(move |d| Candidate::new(x, d)))
                        .collect(),
                    explanation: format!(
                        "Without their extra candidates, {} would complete a bivalue universal grave (no unique solution), so one of them holds one of {}; with {} they form a naked set of {} in {u}: {}.",
                        cell_list(bug_cells.iter().copied()),
                        digit_words(all_values),
                        cell_list(chosen.iter().copied()),
                        digit_words(naked),
                        elim_list(&elims)
                    ),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, cell, empty, keep_only, set_marks};

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

    /// A solved grid with one unique-rectangle swap emptied: four bivalue
    /// cells, every digit twice per unit, a bivalue universal grave.
    fn grave() -> (Candidates, [Cell; 4], DigitSet) {
        let puzzle: sudoku_engine::Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let s = puzzle.solve().unwrap();
        let v = |r: usize, c: usize| s.cells()[r * 9 + c];
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                            continue;
                        }
                        if v(r1, c1) == v(r2, c2) && v(r1, c2) == v(r2, c1) {
                            let cells = [
                                Cell::at(r1, c1),
                                Cell::at(r1, c2),
                                Cell::at(r2, c1),
                                Cell::at(r2, c2),
                            ];
                            let mut g = s;
                            for &x in &cells {
                                g.set_cell(x.index(), None);
                            }
                            let pair = DigitSet::single(Digit::new(v(r1, c1)))
                                | DigitSet::single(Digit::new(v(r1, c2)));
                            return (Candidates::from_grid(&g), cells, pair);
                        }
                    }
                }
            }
        }
        panic!("no rectangle in this solution");
    }

    #[test]
    fn bug_plus_one() {
        let (c, cells, pair) = grave();
        assert!(cells.iter().all(|&x| c.mask(x) == pair));
        assert!(bug(&c).is_none());
        // Give one cell a third candidate: that digit is the way out.
        let extra = (!pair).first().unwrap();
        let mut masks = [0u16; 81];
        for (x, m) in masks.iter_mut().enumerate() {
            *m = c.mask(Cell::new(x)).bits();
        }
        masks[cells[0].index()] |= DigitSet::single(extra).bits();
        let c = Candidates::from_parts(*c.values(), masks).unwrap();
        let s = bug(&c).unwrap();
        assert_eq!(s.technique, Technique::BugPlus1);
        assert_eq!(s.rating, 5.6);
        assert_eq!(s.placements, vec![Candidate::new(cells[0], extra)]);
        assert_eq!(s.eliminations.len(), 2);
    }
}
