//! The techniques for every shape, each the 9x9 one generalised: the same
//! search order (Sudoku Explainer's, as in `crate::techniques`), the same
//! sentences, on per-house position masks instead of 81-bit cell sets.

use super::candidates::{SizedCandidates, bits};
use super::step::{SizedStep, cell_list, digit_words, elim_list};
use crate::Technique;

/// Houses in the order Sudoku Explainer scans them for singles and sets:
/// boxes, columns, rows.
fn box_col_row(n: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n)
}

/// The cells of a house at a position mask, in the house's order (which
/// is reading order).
fn cells_at(c: &SizedCandidates, house: usize, positions: u64) -> Vec<usize> {
    let cells = &c.tables().geo.houses[house];
    bits(positions).map(|i| cells[i] as usize).collect()
}

/// A step of the technique: its shape and rating filled in.
#[allow(clippy::too_many_arguments)]
fn step(
    c: &SizedCandidates,
    technique: Technique,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
    cells: Vec<usize>,
    houses: Vec<usize>,
    candidates: Vec<(usize, u8)>,
    explanation: String,
) -> SizedStep {
    SizedStep {
        shape: c.shape(),
        technique,
        rating: technique.base_rating(),
        placements,
        eliminations,
        cells,
        houses,
        candidates,
        explanation,
    }
}

/// Full house first, then hidden singles in boxes, columns and rows.
pub(crate) fn hidden_single(c: &SizedCandidates) -> Option<SizedStep> {
    let n = c.size();
    let shape = c.shape();
    for alone in [true, false] {
        for h in box_col_row(n) {
            let empty = c.empty_in(h).count_ones();
            if empty == 0 || (empty == 1) != alone {
                continue;
            }
            for d in 1..=n as u8 {
                let p = c.places(h, d);
                if p.count_ones() != 1 {
                    continue;
                }
                let cell = cells_at(c, h, p)[0];
                let (name, unit) = (shape.cell_name(cell), shape.house_name(h));
                let (technique, explanation) = if alone {
                    (
                        Technique::FullHouse,
                        format!(
                            "{name} is the last empty cell of {unit}, so it takes the missing digit: {name}={d}."
                        ),
                    )
                } else {
                    let t = match h / n {
                        0 => Technique::HiddenSingleRow,
                        1 => Technique::HiddenSingleColumn,
                        _ => Technique::HiddenSingleBox,
                    };
                    (
                        t,
                        format!("In {unit}, {d} can only go in {name}, so {name}={d}."),
                    )
                };
                let house_cells = c.tables().geo.houses[h]
                    .iter()
                    .map(|&x| x as usize)
                    .collect();
                return Some(step(
                    c,
                    technique,
                    vec![(cell, d)],
                    vec![],
                    house_cells,
                    vec![h],
                    vec![(cell, d)],
                    explanation,
                ));
            }
        }
    }
    None
}

/// The first cell (in reading order) with one candidate left.
pub(crate) fn naked_single(c: &SizedCandidates) -> Option<SizedStep> {
    let n = c.size();
    let cell = (0..n * n).find(|&x| c.count(x) == 1)?;
    let d = c.mask(cell).trailing_zeros() as u8 + 1;
    let name = c.shape().cell_name(cell);
    Some(step(
        c,
        Technique::NakedSingle,
        vec![(cell, d)],
        vec![],
        vec![cell],
        vec![c.tables().geo.cell_houses[cell][2] as usize],
        vec![(cell, d)],
        format!("{name} has only one candidate left, so {name}={d}."),
    ))
}

/// Pointing (a box's digit confined to one line) or claiming (a line's
/// digit confined to one box); with `direct`, only one whose eliminations
/// leave a hidden single in another house of the first one's kind.
pub(crate) fn locking(c: &SizedCandidates, direct: bool) -> Option<SizedStep> {
    let n = c.size();
    let t = c.tables();
    let inter = |a: usize, b: usize| t.inter[a * 3 * n + b];
    for &(u1, u2) in &t.pairs {
        for d in 1..=n as u8 {
            let pos = c.places(u1, d);
            if pos.count_ones() <= 1 || pos & !inter(u1, u2) != 0 {
                continue;
            }
            let elims = c.places(u2, d) & !inter(u2, u1);
            if elims == 0 {
                continue;
            }
            if !direct {
                return Some(locking_step(c, u1, u2, d, pos, elims, None));
            }
            let kind = u1 / n * n;
            for u3 in kind..kind + n {
                if u3 == u1 || inter(u3, u2) == 0 {
                    continue;
                }
                let p3 = c.places(u3, d);
                if p3.count_ones() > 1 {
                    let rest = p3 & !inter(u3, u2);
                    if rest.count_ones() == 1 {
                        let target = (cells_at(c, u3, rest)[0], u3);
                        return Some(locking_step(c, u1, u2, d, pos, elims, Some(target)));
                    }
                }
            }
        }
    }
    None
}

fn locking_step(
    c: &SizedCandidates,
    u1: usize,
    u2: usize,
    d: u8,
    pos: u64,
    elims: u64,
    single: Option<(usize, usize)>,
) -> SizedStep {
    let shape = c.shape();
    let pointing = u1 >= 2 * c.size();
    let technique = match (pointing, single.is_some()) {
        (true, false) => Technique::Pointing,
        (false, false) => Technique::Claiming,
        (true, true) => Technique::DirectPointing,
        (false, true) => Technique::DirectClaiming,
    };
    let cells = cells_at(c, u1, pos);
    let eliminations: Vec<(usize, u8)> =
        cells_at(c, u2, elims).into_iter().map(|x| (x, d)).collect();
    let (n1, n2) = (shape.house_name(u1), shape.house_name(u2));
    let mut explanation = format!(
        "In {n1}, {d} can only go in {n2} ({}), so it is removed from the rest of {n2}: {}",
        cell_list(shape, &cells),
        elim_list(shape, &eliminations),
    );
    let mut placements = vec![];
    let mut houses = vec![u1, u2];
    if let Some((cell, u3)) = single {
        houses.push(u3);
        let name = shape.cell_name(cell);
        explanation.push_str(&format!(
            "; then {name} is the only place for {d} in {}, so {name}={d}",
            shape.house_name(u3)
        ));
        placements.push((cell, d));
    }
    explanation.push('.');
    let candidates = cells.iter().map(|&x| (x, d)).collect();
    step(
        c,
        technique,
        placements,
        eliminations,
        cells,
        houses,
        candidates,
        explanation,
    )
}

/// Calls `f` on each `k`-subset of `items` (pairs of a bit index and a
/// mask) whose masks' union has at most `k` bits, in increasing order of
/// the subset's index mask (the order of the 9x9 `combos` tables), until
/// `f` returns something. Subsets are grown from their highest item down,
/// so a union that grows past `k` cuts the whole branch.
fn subsets<T>(
    items: &[(usize, u64)],
    k: usize,
    f: &mut impl FnMut(u64, u64) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[(usize, u64)],
        left: usize,
        k: u32,
        chosen: u64,
        union: u64,
        f: &mut impl FnMut(u64, u64) -> Option<T>,
    ) -> Option<T> {
        for top in left - 1..items.len() {
            let (i, m) = items[top];
            let u = union | m;
            if u.count_ones() > k {
                continue;
            }
            let found = if left == 1 {
                f(chosen | 1 << i, u)
            } else {
                go(&items[..top], left - 1, k, chosen | 1 << i, u, f)
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 || items.len() < k {
        return None;
    }
    go(items, k, k as u32, 0, 0, f)
}

/// Naked pair (k = 2), triple (3) or quad (4): the first in boxes, columns,
/// then rows.
pub(crate) fn naked_set(c: &SizedCandidates, k: usize) -> Option<SizedStep> {
    let n = c.size();
    let shape = c.shape();
    for h in box_col_row(n) {
        if (c.empty_in(h).count_ones() as usize) < 2 * k {
            continue;
        }
        let cells = &c.tables().geo.houses[h];
        let items: Vec<(usize, u64)> = cells
            .iter()
            .enumerate()
            .map(|(i, &x)| (i, c.mask(x as usize)))
            .filter(|&(_, m)| (2..=k as u32).contains(&m.count_ones()))
            .collect();
        let found = subsets(&items, k, &mut |set, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let mut elims = Vec::new();
            for (i, &x) in cells.iter().enumerate() {
                if set >> i & 1 == 0 {
                    for b in bits(c.mask(x as usize) & union) {
                        elims.push((x as usize, b as u8 + 1));
                    }
                }
            }
            (!elims.is_empty()).then_some((set, union, elims))
        });
        let Some((set, union, elims)) = found else {
            continue;
        };
        let (technique, word) = match k {
            2 => (Technique::NakedPair, "naked pair"),
            3 => (Technique::NakedTriple, "naked triple"),
            _ => (Technique::NakedQuad, "naked quad"),
        };
        let set_cells = cells_at(c, h, set);
        let unit = shape.house_name(h);
        let explanation = format!(
            "{} hold only {} between them ({word} in {unit}), so these digits are removed from the other cells of {unit}: {}.",
            cell_list(shape, &set_cells),
            digit_words(union),
            elim_list(shape, &elims)
        );
        let candidates = set_cells
            .iter()
            .flat_map(|&x| bits(c.mask(x)).map(move |b| (x, b as u8 + 1)))
            .collect();
        return Some(step(
            c,
            technique,
            vec![],
            elims,
            set_cells,
            vec![h],
            candidates,
            explanation,
        ));
    }
    None
}

/// Hidden pair (k = 2), triple (3) or quad (4); with `direct`, only a pair
/// or triple whose cleanup leaves a hidden single, which it places.
pub(crate) fn hidden_set(c: &SizedCandidates, k: usize, direct: bool) -> Option<SizedStep> {
    let n = c.size();
    let shape = c.shape();
    for h in box_col_row(n) {
        let empty = c.empty_in(h).count_ones() as usize;
        if !(empty > 2 * k || (direct && empty > k)) {
            continue;
        }
        let pos: Vec<u64> = (1..=n as u8).map(|d| c.places(h, d)).collect();
        let items: Vec<(usize, u64)> = pos
            .iter()
            .enumerate()
            .map(|(i, &p)| (i, p))
            .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
            .collect();
        let found = subsets(&items, k, &mut |dm, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let set = cells_at(c, h, union);
            let elims: Vec<(usize, u8)> = set
                .iter()
                .flat_map(|&x| bits(c.mask(x) & !dm).map(move |b| (x, b as u8 + 1)))
                .collect();
            let single = if direct {
                // A digit outside the set left with one place outside it.
                let v = (0..n).find(|&v| {
                    dm >> v & 1 == 0
                        && pos[v].count_ones() > 1
                        && (pos[v] & !union).count_ones() == 1
                })?;
                Some((cells_at(c, h, pos[v] & !union)[0], v as u8 + 1))
            } else if elims.is_empty() {
                return None;
            } else {
                None
            };
            Some((dm, set, elims, single))
        });
        let Some((dm, set, elims, single)) = found else {
            continue;
        };
        let word = match k {
            2 => "hidden pair",
            3 => "hidden triple",
            _ => "hidden quad",
        };
        let unit = shape.house_name(h);
        let mut explanation = format!(
            "In {unit}, {} can only go in {} ({word}), so the other candidates there are removed: {}",
            digit_words(dm),
            cell_list(shape, &set),
            elim_list(shape, &elims)
        );
        let mut placements = vec![];
        let technique = if let Some((cell, v)) = single {
            let name = shape.cell_name(cell);
            explanation.push_str(&format!(
                "; then {name} is the only place for {v} in {unit}, so {name}={v}"
            ));
            placements.push((cell, v));
            if k == 2 {
                Technique::DirectHiddenPair
            } else {
                Technique::DirectHiddenTriple
            }
        } else {
            match k {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuad,
            }
        };
        explanation.push('.');
        let candidates = set
            .iter()
            .flat_map(|&x| bits(c.mask(x) & dm).map(move |b| (x, b as u8 + 1)))
            .collect();
        return Some(step(
            c,
            technique,
            placements,
            elims,
            set,
            vec![h],
            candidates,
            explanation,
        ));
    }
    None
}

/// Lines of one kind picked by a mask, `r1, r5` or `c2, c7`.
fn lines_text(rows: bool, mask: u64) -> String {
    let letter = if rows { 'r' } else { 'c' };
    bits(mask)
        .map(|i| format!("{letter}{}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first basic fish of size `k` (2 X-Wing, 3 Swordfish, 4 Jellyfish):
/// columns as base lines first, then rows; within a kind, the first set of
/// lines (in the order of their masks), then the smallest digit.
pub(crate) fn fish(c: &SizedCandidates, k: usize) -> Option<SizedStep> {
    let n = c.size();
    let shape = c.shape();
    let mut placed = vec![0usize; n + 1];
    for &v in c.values() {
        placed[v as usize] += 1;
    }
    // Base lines start at house `base`, cover lines at `cover`.
    for (base, cover) in [(n, 0), (0, n)] {
        let mut best: Option<(u64, u8, u64)> = None;
        for d in 1..=n as u8 {
            if placed[d as usize] + 2 * k > n {
                continue;
            }
            let items: Vec<(usize, u64)> = (0..n)
                .map(|i| (i, c.places(base + i, d)))
                .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
                .collect();
            let found = subsets(&items, k, &mut |lines, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                // Some cover line holds d outside the base lines.
                bits(union)
                    .any(|j| c.places(cover + j, d) & !lines != 0)
                    .then_some((lines, union))
            });
            if let Some((lines, union)) = found {
                if best.is_none_or(|(l, _, _)| lines < l) {
                    best = Some((lines, d, union));
                }
            }
        }
        let Some((lines, d, union)) = best else {
            continue;
        };
        let mut elims: Vec<(usize, u8)> = bits(union)
            .flat_map(|j| cells_at(c, cover + j, c.places(cover + j, d) & !lines))
            .map(|x| (x, d))
            .collect();
        elims.sort_unstable();
        let mut cells: Vec<usize> = bits(lines)
            .flat_map(|i| cells_at(c, base + i, c.places(base + i, d)))
            .collect();
        cells.sort_unstable();
        let technique = match k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        let base_rows = base == 0;
        let covers = lines_text(!base_rows, union);
        let explanation = format!(
            "In {}, {d} can only go in {covers}: the {d}s of these {k} {} take {covers}, so {d} is removed from the rest of {covers}: {}.",
            lines_text(base_rows, lines),
            if base_rows { "rows" } else { "columns" },
            elim_list(shape, &elims)
        );
        let candidates = cells.iter().map(|&x| (x, d)).collect();
        return Some(step(
            c,
            technique,
            vec![],
            elims,
            cells,
            bits(lines).map(|i| base + i).collect(),
            candidates,
            explanation,
        ));
    }
    None
}
