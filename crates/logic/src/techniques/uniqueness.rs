//! Uniqueness: unique rectangles (types 1-4) and the bivalue universal
//! grave. Valid only for puzzles with a single solution.

use crate::Candidates;
use crate::bits::{self, Cells, PEERS, UNIT};
use crate::step::{
    Candidate, Step, Technique, cell_list, cell_name, digit_words, elim_list, rating, unit_name,
};
use crate::techniques::combos;

struct Ur {
    tenths: u16,
    kind: u8,
    technique: Technique,
    elims: Vec<Candidate>,
    cells: Vec<usize>,
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

/// Sudoku Explainer's loop search from `cell`: cells holding both `v1` and
/// `v2`, moving through a unit of another kind each time, at most two cells
/// with extra digits (more when they all add the same single digit).
#[allow(clippy::too_many_arguments)]
fn check_for_loops(
    c: &Candidates,
    cell: usize,
    v1: u8,
    v2: u8,
    path: &mut Vec<usize>,
    allowed_ex: i32,
    ex_values: u16,
    last_kind: Option<usize>,
    results: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    // SE lets the extra digits of the cells tried here add up (a quirk kept
    // for identical results).
    let mut ex = ex_values;
    let pair = bits::dbit(v1) | bits::dbit(v2);
    for kind in [2usize, 0, 1] {
        if Some(kind) == last_kind {
            continue;
        }
        let u = bits::CELL_UNITS[cell][kind] as usize;
        for next in bits::cells(UNIT[u]) {
            if path[0] == next && path.len() >= 4 {
                results.push(path.clone());
            } else if !path.contains(&next) {
                let m = c.mask(next);
                if m & pair == pair {
                    ex |= m & !pair;
                    let n = m.count_ones();
                    if n == 2 || ex.count_ones() == 1 || allowed_ex > 0 {
                        let next_allowed = allowed_ex - i32::from(n > 2);
                        check_for_loops(
                            c,
                            next,
                            v1,
                            v2,
                            path,
                            next_allowed,
                            ex,
                            Some(kind),
                            results,
                        );
                    }
                }
            }
        }
    }
    path.pop();
}

/// Every unit a loop cell of each parity visits is visited once by a cell
/// of each parity.
fn is_valid_loop(cells: &[usize]) -> bool {
    let mut odd: Vec<u8> = Vec::new();
    let mut even: Vec<u8> = Vec::new();
    for (i, &x) in cells.iter().enumerate() {
        let set = if i % 2 == 1 { &mut odd } else { &mut even };
        for u in [
            bits::CELL_UNITS[x][2],
            bits::CELL_UNITS[x][0],
            bits::CELL_UNITS[x][1],
        ] {
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
    let mut seen: Vec<(u128, u16)> = Vec::new();
    let mut results = Vec::new();
    let mut path = Vec::new();
    for a in 0..81 {
        if c.count(a) != 2 {
            continue;
        }
        let pair = c.mask(a);
        let [v1, v2] = two(pair);
        results.clear();
        check_for_loops(c, a, v1, v2, &mut path, 2, 0, None, &mut results);
        for lp in &results {
            if !is_valid_loop(lp) {
                continue;
            }
            let key: u128 = lp.iter().map(|&x| bits::bit(x)).fold(0, |s, b| s | b);
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
        cells: u.cells.iter().map(|&x| x as u8).collect(),
        candidates: u
            .cells
            .iter()
            .flat_map(|&x| bits::digits(c.mask(x)).map(move |d| Candidate::new(x, d)))
            .collect(),
        explanation: u.explanation,
    })
}

fn two(mask: u16) -> [u8; 2] {
    let mut it = bits::digits(mask);
    [it.next().unwrap_or(0), it.next().unwrap_or(0)]
}

fn rectangle_hints(c: &Candidates, cells: &[usize], pair: u16, out: &mut Vec<Ur>) {
    let mut extra_cells: Vec<usize> = cells.iter().copied().filter(|&x| c.count(x) > 2).collect();
    extra_cells.sort_unstable();
    let mut extra = 0u16;
    for &x in &extra_cells {
        extra |= c.mask(x) & !pair;
    }
    let [v1, v2] = two(pair);
    let corners = cell_list(cells.iter().copied());
    let deadly = format!(
        "{} would hold only {} and {} without their extra candidates, a deadly pattern with two solutions",
        corners, v1, v2
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
                    "{deadly}, so {} must hold one of its other digits: {}.",
                    cell_name(x),
                    elim_list(&elims)
                ),
                elims,
                cells: cells.to_vec(),
            });
        }
        2.. => {
            if extra.count_ones() == 1 {
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
    cells: &[usize],
    extra_cells: &[usize],
    extra: u16,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let z = extra.trailing_zeros() as u8 + 1;
    let mut common: Cells = bits::ALL;
    for &x in extra_cells {
        common &= PEERS[x];
    }
    let victims = common & c.cells_with(z);
    if victims == 0 {
        return;
    }
    let elims: Vec<Candidate> = bits::cells(victims).map(|x| Candidate::new(x, z)).collect();
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
    cells: &[usize],
    c1: usize,
    c2: usize,
    pair: u16,
    extra: u16,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let both = bits::bit(c1) | bits::bit(c2);
    for degree in extra.count_ones()..=7 {
        for u in [
            bits::CELL_UNITS[c1][2] as usize,
            bits::CELL_UNITS[c1][0] as usize,
            bits::CELL_UNITS[c1][1] as usize,
        ] {
            if UNIT[u] & both != both {
                continue;
            }
            let empty = c.empty_cells() & UNIT[u];
            let n_empty = bits::count(empty);
            // Naked set: the extra digits act as one more cell of the set.
            if degree * 2 <= n_empty {
                let others: Vec<usize> = bits::cells(UNIT[u] & !both)
                    .filter(|&x| c.count(x) >= 2)
                    .collect();
                let k = degree as usize - 1;
                if k <= others.len() {
                    for &m in combos(k as u32) {
                        if (m >> others.len()) != 0 {
                            continue;
                        }
                        let mut union = extra;
                        let mut set: Cells = 0;
                        for i in bits::digits(m) {
                            let x = others[i as usize - 1];
                            union |= c.mask(x);
                            set |= bits::bit(x);
                        }
                        let shared = extra & c.mask(c1) & c.mask(c2);
                        let mut naked = shared;
                        for x in bits::cells(set) {
                            naked |= c.mask(x);
                        }
                        if naked.count_ones() != degree || union.count_ones() != degree {
                            continue;
                        }
                        let victims = UNIT[u] & !set & !both;
                        let mut elims = Vec::new();
                        for x in bits::cells(victims) {
                            for d in bits::digits(c.mask(x) & union) {
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
                                "{deadly}, so {} or {} holds one of {}; with {} they form a naked set of {} in {}, which removes these digits from its other cells: {}.",
                                cell_name(c1),
                                cell_name(c2),
                                digit_words(extra),
                                if set == 0 { "nothing else".to_string() } else { cell_list(bits::cells(set)) },
                                digit_words(union),
                                unit_name(u),
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
                let rem = bits::ALL_DIGITS & !pair & !extra;
                let k = degree - 2;
                if k <= rem.count_ones() {
                    let rem_digits: Vec<u8> = bits::digits(rem).collect();
                    for &m in combos(k) {
                        if (m >> rem_digits.len()) != 0 {
                            continue;
                        }
                        let mut values = pair;
                        for i in bits::digits(m) {
                            values |= bits::dbit(rem_digits[i as usize - 1]);
                        }
                        let mut union: Cells = 0;
                        let mut ok = true;
                        for d in bits::digits(values) {
                            let p = c.unit_cells(u, d) & !bits::bit(c2);
                            if p == 0 {
                                ok = false;
                                break;
                            }
                            union |= p;
                        }
                        if !ok || bits::count(union) != degree {
                            continue;
                        }
                        let hidden_cells = union & !both;
                        let mut elims = Vec::new();
                        for x in bits::cells(hidden_cells) {
                            for d in bits::digits(c.mask(x) & !values) {
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
                                "{deadly}, so {} or {} holds one of {}; then in {} the digits {} are confined to one of them and {} (a hidden set), so the other candidates of those cells go: {}.",
                                cell_name(c1),
                                cell_name(c2),
                                digit_words(extra),
                                unit_name(u),
                                digit_words(values),
                                cell_list(bits::cells(hidden_cells)),
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
    cells: &[usize],
    c1: usize,
    c2: usize,
    pair: u16,
    deadly: &str,
    out: &mut Vec<Ur>,
) {
    let [v1, v2] = two(pair);
    let both = bits::bit(c1) | bits::bit(c2);
    let (mut r1, mut r2) = (None, None);
    for u in [
        bits::CELL_UNITS[c1][2] as usize,
        bits::CELL_UNITS[c1][0] as usize,
        bits::CELL_UNITS[c1][1] as usize,
    ] {
        if UNIT[u] & both != both {
            continue;
        }
        if c.unit_cells(u, v1) & !both == 0 {
            r1 = Some(u);
        }
        if c.unit_cells(u, v2) & !both == 0 {
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
            "{deadly}; in {} the {} must be in {} or {}, so neither can be {}: {}.",
            unit_name(u),
            lock,
            cell_name(c1),
            cell_name(c2),
            rem,
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
    let mut bug_cells: Vec<usize> = Vec::new();
    let mut bug_values = [0u16; 81];
    let mut all_values = 0u16;
    let mut common: Option<Cells> = None;
    for u in [
        18usize, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
        15, 16, 17,
    ] {
        for d in 1..=9u8 {
            let pos = c.unit_cells(u, d);
            let n = bits::count(pos);
            if n == 0 || n == 2 {
                continue;
            }
            let big: Vec<usize> = bits::cells(pos).filter(|&x| c.count(x) >= 3).collect();
            if big.is_empty() {
                return None;
            }
            if big.len() == 1 {
                let x = big[0];
                if !bug_cells.contains(&x) {
                    bug_cells.push(x);
                }
                bug_values[x] |= bits::dbit(d);
                all_values |= bits::dbit(d);
                temp.eliminate(x, d);
                let mut cm = common.unwrap_or(bits::ALL) & PEERS[x];
                for &b in &bug_cells {
                    cm &= !bits::bit(b);
                }
                common = Some(cm);
                if bug_cells.len() > 1 && all_values.count_ones() > 1 && cm == 0 {
                    return None;
                }
            }
        }
    }
    if (0..81).any(|x| temp.value(x).is_none() && temp.count(x) != 2) {
        return None;
    }
    for u in 0..27 {
        for d in 1..=9u8 {
            let n = bits::count(temp.unit_cells(u, d));
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    let common = common.unwrap_or(0);
    if bug_cells.len() == 1 {
        let x = bug_cells[0];
        let keep = all_values;
        let elims: Vec<Candidate> = bits::digits(c.mask(x) & !keep)
            .map(|d| Candidate::new(x, d))
            .collect();
        let placements = if keep.count_ones() == 1 {
            vec![Candidate::new(x, keep.trailing_zeros() as u8 + 1)]
        } else {
            vec![]
        };
        return Some(Step {
            technique: Technique::BugPlus1,
            rating: rating(56),
            placements,
            eliminations: elims.clone(),
            cells: vec![x as u8],
            candidates: bits::digits(keep).map(|d| Candidate::new(x, d)).collect(),
            explanation: format!(
                "Every other empty cell has two candidates and every digit two places per unit (a bivalue universal grave, which has no unique solution), so {} must be {}: {}.",
                cell_name(x),
                digit_words(keep),
                elim_list(&elims)
            ),
        });
    }
    if all_values.count_ones() == 1 {
        let z = all_values.trailing_zeros() as u8 + 1;
        let victims = common & c.cells_with(z);
        if victims != 0 {
            let elims: Vec<Candidate> =
                bits::cells(victims).map(|x| Candidate::new(x, z)).collect();
            return Some(Step {
                technique: Technique::Bug2,
                rating: rating(57),
                placements: vec![],
                eliminations: elims.clone(),
                cells: bug_cells.iter().map(|&x| x as u8).collect(),
                candidates: bug_cells.iter().map(|&x| Candidate::new(x, z)).collect(),
                explanation: format!(
                    "Without their extra {z}, {} would complete a bivalue universal grave (no unique solution), so one of them is {z} and cells seeing them all lose it: {}.",
                    cell_list(bug_cells.iter().copied()),
                    elim_list(&elims)
                ),
            });
        }
    }
    if all_values.count_ones() == 1 {
        return if bug_cells.len() == 2 {
            bug4(c, &bug_cells, &bug_values, all_values)
        } else {
            None
        };
    }
    if common == 0 {
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
    bug_cells: &[usize],
    bug_values: &[u16; 81],
    all_values: u16,
) -> Option<Step> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = c.mask(c1) & c.mask(c2) & !all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    let v = shared.trailing_zeros() as u8 + 1;
    let both = bits::bit(c1) | bits::bit(c2);
    if !(0..27).any(|u| UNIT[u] & both == both) {
        return None;
    }
    let mut elims = Vec::new();
    for x in [c1, c2] {
        for d in bits::digits(c.mask(x) & !bug_values[x] & !shared) {
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
        cells: vec![c1 as u8, c2 as u8],
        candidates: vec![Candidate::new(c1, v), Candidate::new(c2, v)],
        explanation: format!(
            "Without their extra candidates, {} and {} would complete a bivalue universal grave (no unique solution), so one of them takes an extra digit; as they share {v} in one unit, the other candidates go: {}.",
            cell_name(c1),
            cell_name(c2),
            elim_list(&elims)
        ),
    })
}

/// BUG type 3: the bug cells' extra digits act as one more cell of a naked
/// set in a unit holding every bug cell.
fn bug3(c: &Candidates, bug_cells: &[usize], all_values: u16, common: Cells) -> Option<Step> {
    let cells_set: Cells = bug_cells
        .iter()
        .map(|&x| bits::bit(x))
        .fold(0, |a, b| a | b);
    for u in (18..27).chain(0..9).chain(9..18) {
        if cells_set & !UNIT[u] != 0 {
            continue;
        }
        let region_cells: Vec<usize> = bits::cells(common & UNIT[u]).collect();
        for degree in 2..=6u32 {
            let k = degree as usize - 1;
            if region_cells.len() < degree as usize {
                continue;
            }
            for &m in combos(k as u32) {
                if (m as usize) >> region_cells.len() != 0 {
                    continue;
                }
                let chosen: Vec<usize> = bits::digits(m)
                    .map(|i| region_cells[i as usize - 1])
                    .collect();
                let other: u16 = chosen.iter().fold(0, |a, &x| a | c.mask(x));
                if other.count_ones() != degree {
                    continue;
                }
                if chosen.iter().any(|&x| c.count(x) < 2) || all_values.count_ones() < 2 {
                    continue;
                }
                let naked = other | all_values;
                if naked.count_ones() != degree {
                    continue;
                }
                let mut elims = Vec::new();
                for &x in &region_cells {
                    if chosen.contains(&x) || bug_cells.contains(&x) {
                        continue;
                    }
                    for d in bits::digits(c.mask(x) & naked) {
                        elims.push(Candidate::new(x, d));
                    }
                }
                if elims.is_empty() {
                    continue;
                }
                elims.sort();
                return Some(Step {
                    technique: Technique::Bug3,
                    rating: rating(57 + (naked.count_ones() as u16 - 1)),
                    placements: vec![],
                    eliminations: elims.clone(),
                    cells: bug_cells.iter().chain(&chosen).map(|&x| x as u8).collect(),
                    candidates: chosen
                        .iter()
                        .flat_map(|&x| c.digits(x).map(move |d| Candidate::new(x, d)))
                        .collect(),
                    explanation: format!(
                        "Without their extra candidates, {} would complete a bivalue universal grave (no unique solution), so one of them holds one of {}; with {} they form a naked set of {} in {}: {}.",
                        cell_list(bug_cells.iter().copied()),
                        digit_words(all_values),
                        cell_list(chosen.iter().copied()),
                        digit_words(naked),
                        unit_name(u),
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
    use crate::techniques::test_util::{cell, empty, keep_only, set_marks};

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
            s.eliminations,
            vec![
                Candidate::new(cell("r3c4"), 1),
                Candidate::new(cell("r3c4"), 2)
            ]
        );
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
        assert!(s.eliminations.contains(&Candidate::new(cell("r3c9"), 5)));
        assert!(s.eliminations.iter().all(|e| e.digit == 5));
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
        assert_eq!(
            s.eliminations,
            vec![
                Candidate::new(cell("r3c1"), 2),
                Candidate::new(cell("r3c4"), 2)
            ]
        );
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
        assert!(s.eliminations.contains(&Candidate::new(cell("r3c9"), 6)));
        assert!(s.eliminations.contains(&Candidate::new(cell("r3c2"), 7)));
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
        c.eliminate(cell("r4c1"), 2);
        c.eliminate(cell("r5c2"), 2);
        let s = unique_loops(&c).unwrap();
        assert_eq!(s.technique, Technique::UniqueLoop);
        assert_eq!(s.rating, 4.6);
        assert_eq!(
            s.eliminations,
            vec![
                Candidate::new(cell("r5c1"), 1),
                Candidate::new(cell("r5c1"), 2)
            ]
        );
    }

    /// A solved grid with one unique-rectangle swap emptied: four bivalue
    /// cells, every digit twice per unit, a bivalue universal grave.
    fn grave() -> (Candidates, [usize; 4], u16) {
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
                            let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                            let mut g = s;
                            for &x in &cells {
                                g.set_cell(x, None);
                            }
                            let pair = bits::dbit(v(r1, c1)) | bits::dbit(v(r1, c2));
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
        let extra = (1..=9u8).find(|&d| pair & bits::dbit(d) == 0).unwrap();
        let mut masks = [0u16; 81];
        for (x, m) in masks.iter_mut().enumerate() {
            *m = c.mask(x);
        }
        masks[cells[0]] |= bits::dbit(extra);
        let c = Candidates::from_parts(*c.values(), masks).unwrap();
        let s = bug(&c).unwrap();
        assert_eq!(s.technique, Technique::BugPlus1);
        assert_eq!(s.rating, 5.6);
        assert_eq!(s.placements, vec![Candidate::new(cells[0], extra)]);
        assert_eq!(s.eliminations.len(), 2);
    }
}
