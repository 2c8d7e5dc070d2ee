//! The techniques, each written once over the layout's groups of distinct
//! cells, so rows, columns, boxes, jigsaw regions, diagonals, windoku
//! boxes, disjoint groups, extra regions and cages are alike to them.

use std::collections::HashMap;

use super::marks::{Group, Marks, digits_of};
use super::{Step, Technique};
use crate::puzzle::{CellIndex, LineKind};
use crate::solver::{high, low, span};

/// The first step found, trying the techniques easiest first.
pub(crate) fn first_step(m: &Marks) -> Option<Step> {
    full_house(m)
        .or_else(|| hidden_single(m))
        .or_else(|| naked_single(m))
        .or_else(|| non_consecutive(m))
        .or_else(|| neighbour_marks(m))
        .or_else(|| line_pairs(m))
        .or_else(|| renban(m))
        .or_else(|| thermometers(m))
        .or_else(|| arrows(m))
        .or_else(|| little_killers(m))
        .or_else(|| sandwiches(m))
        .or_else(|| skyscrapers(m))
        .or_else(|| x_sums(m))
        .or_else(|| quadruples(m))
        .or_else(|| cages(m))
        .or_else(|| house_sums(m))
        .or_else(|| locked_candidates(m))
        .or_else(|| shared_peers(m))
        .or_else(|| naked_subset(m, 2))
        .or_else(|| hidden_subset(m, 2))
        .or_else(|| naked_subset(m, 3))
        .or_else(|| hidden_subset(m, 3))
        .or_else(|| fish(m, 2))
        .or_else(|| naked_subset(m, 4))
        .or_else(|| hidden_subset(m, 4))
        .or_else(|| fish(m, 3))
        .or_else(|| fish(m, 4))
}

/// Words for cells, digits and candidates, `r1c1` style.
struct Words(usize);

impl Words {
    fn cell(&self, c: CellIndex) -> String {
        format!("r{}c{}", c / self.0 + 1, c % self.0 + 1)
    }

    fn cells(&self, cells: &[CellIndex]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        names.join(", ")
    }

    fn removed(&self, elims: &[(CellIndex, u8)]) -> String {
        let names: Vec<String> = elims
            .iter()
            .map(|&(c, d)| format!("{}<>{d}", self.cell(c)))
            .collect();
        names.join(", ")
    }
}

/// `3`, `3 and 7`, `1, 3 and 7`.
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn digit_words(mask: u16) -> String {
    let ds: Vec<String> = digits_of(mask).iter().map(u8::to_string).collect();
    and_list(&ds)
}

/// The candidates of `cells` in `mask` that are still there, as removals.
fn removals(
    m: &Marks,
    cells: impl IntoIterator<Item = CellIndex>,
    mask: u16,
) -> Vec<(CellIndex, u8)> {
    cells
        .into_iter()
        .flat_map(|c| digits_of(m.mask(c) & mask).into_iter().map(move |d| (c, d)))
        .collect()
}

fn step(
    technique: Technique,
    placements: Vec<(CellIndex, u8)>,
    eliminations: Vec<(CellIndex, u8)>,
    cells: Vec<CellIndex>,
    houses: Vec<String>,
    explanation: String,
) -> Step {
    Step {
        technique,
        placements,
        eliminations,
        cells,
        houses,
        explanation,
    }
}

/// The digits placed in a group.
fn placed(m: &Marks, g: &Group) -> u16 {
    g.cells
        .iter()
        .filter_map(|&c| m.value(c))
        .fold(0, |acc, d| acc | 1 << (d - 1))
}

/// Where a digit may go in a group: its empty cells with the candidate.
fn places(m: &Marks, g: &Group, d: u8) -> Vec<CellIndex> {
    g.cells.iter().copied().filter(|&c| m.has(c, d)).collect()
}

fn empty_cells(m: &Marks, g: &Group) -> Vec<CellIndex> {
    g.cells
        .iter()
        .copied()
        .filter(|&c| m.value(c).is_none())
        .collect()
}

fn full_groups(m: &Marks) -> impl Iterator<Item = &Group> {
    m.layout.groups.iter().filter(|g| g.full)
}

pub(super) fn full_house(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    full_groups(m).find_map(|g| {
        let [cell] = empty_cells(m, g)[..] else {
            return None;
        };
        let missing = m.layout.all & !placed(m, g);
        if missing.count_ones() != 1 || m.mask(cell) & missing == 0 {
            return None;
        }
        let d = digits_of(missing)[0];
        let name = w.cell(cell);
        Some(step(
            Technique::FullHouse,
            vec![(cell, d)],
            vec![],
            g.cells.clone(),
            vec![g.name.clone()],
            format!(
                "{name} is the last empty cell of {}, so it takes the missing digit: {name}={d}.",
                g.name
            ),
        ))
    })
}

pub(super) fn hidden_single(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    full_groups(m).find_map(|g| {
        let done = placed(m, g);
        (1..=m.size() as u8)
            .filter(|d| done >> (d - 1) & 1 == 0)
            .find_map(|d| {
                let [cell] = places(m, g, d)[..] else {
                    return None;
                };
                let name = w.cell(cell);
                Some(step(
                    Technique::HiddenSingle,
                    vec![(cell, d)],
                    vec![],
                    g.cells.clone(),
                    vec![g.name.clone()],
                    format!("In {}, {d} can only go in {name}, so {name}={d}.", g.name),
                ))
            })
    })
}

pub(super) fn naked_single(m: &Marks) -> Option<Step> {
    let n = m.size();
    let cell = (0..n * n).find(|&c| m.mask(c).count_ones() == 1)?;
    let d = digits_of(m.mask(cell))[0];
    let name = Words(n).cell(cell);
    let house = m
        .layout
        .groups
        .iter()
        .find(|g| g.cells.contains(&cell))
        .map(|g| g.name.clone());
    Some(step(
        Technique::NakedSingle,
        vec![(cell, d)],
        vec![],
        vec![cell],
        house.into_iter().collect(),
        format!("{name} has only one candidate left, so {name}={d}."),
    ))
}

/// Non-consecutive: a digit every candidate of an orthogonal neighbour
/// is next to (4 and 6 are both next to 5) cannot go in the cell.
pub(super) fn non_consecutive(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    let n = m.size();
    (0..n * n).find_map(|cell| {
        let opts = m.options(cell);
        if opts == 0 {
            return None;
        }
        // The digits next to every option: next to the lowest and highest.
        let near = |bits: u16| (bits << 1 | bits >> 1) & m.layout.all;
        let blocked = digits_of(opts)
            .into_iter()
            .fold(m.layout.all, |acc, d| acc & near(1 << (d - 1)));
        m.layout.orthogonal[cell].iter().find_map(|&o| {
            let o = usize::from(o);
            let elims = removals(m, [o], blocked);
            if elims.is_empty() {
                return None;
            }
            let (name, other) = (w.cell(cell), w.cell(o));
            let gone = digit_words(m.mask(o) & blocked);
            Some(step(
                Technique::NonConsecutive,
                vec![],
                elims.clone(),
                vec![cell, o],
                vec![format!("{name} and {other}")],
                format!(
                    "{name} holds {}, each of them next to {gone}, so {other} beside it cannot hold {gone}: {}.",
                    or_words(opts),
                    w.removed(&elims)
                ),
            ))
        })
    })
}

/// A kropki dot or an XV mark between two cells (or its absence, under
/// the negative constraint): the digits of one cell that no candidate of
/// the other pairs with cannot go there.
pub(super) fn neighbour_marks(m: &Marks) -> Option<Step> {
    m.layout
        .pairs
        .iter()
        .find_map(|&([a, b], relation, holds)| {
            pair_step(
                m,
                [a, b],
                |d, e| relation.holds(d, e) == holds,
                |name, other| {
                    let rule = if holds {
                        format!(
                            "{} joins {name} and {other}: they hold {}",
                            relation.mark(),
                            relation.in_words()
                        )
                    } else {
                        format!(
                            "no {} joins {name} and {other}, and every one is given: they do not hold {}",
                            relation.mark_kind(),
                            relation.in_words()
                        )
                    };
                    (Technique::NeighbourMarks, rule, format!("{name} and {other}"))
                },
            )
        })
}

/// Whispers lines and palindromes join pairs of cells (each step of a
/// whispers line, the cells the same distance from either end of a
/// palindrome): a digit of one cell that no candidate of the other fits
/// cannot go there.
pub(super) fn line_pairs(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.lines.iter().find_map(|&(kind, ref cells)| {
        let line = format!("the {} from {}", kind.noun(), w.cell(cells[0]));
        kind.pairs(cells).into_iter().find_map(|pair| {
            pair_step(m, pair, |d, e| kind.holds(d, e), |name, other| match kind {
                LineKind::Whispers(k) => (
                    Technique::Whispers,
                    format!(
                        "on {line}, {name} and {other} are next to each other: their digits differ by at least {k}"
                    ),
                    line.clone(),
                ),
                _ => (
                    Technique::Palindrome,
                    format!(
                        "on {line}, {name} and {other} are the same distance from either end: they hold the same digit"
                    ),
                    line.clone(),
                ),
            })
        })
    })
}

/// Two cells whose digits must fit `fits` (a mark's relation, a line's
/// rule), each way round: the digits of one that no candidate of the
/// other fits go. `said(name, other)` gives the technique, the rule in
/// words and the name of what joins them.
fn pair_step(
    m: &Marks,
    [a, b]: [CellIndex; 2],
    fits: impl Fn(u8, u8) -> bool,
    said: impl Fn(&str, &str) -> (Technique, String, String),
) -> Option<Step> {
    let w = Words(m.size());
    let n = m.size();
    [(a, b), (b, a)].into_iter().find_map(|(from, to)| {
        let opts = m.options(from);
        if opts == 0 {
            return None;
        }
        let support = (1..=n as u8)
            .filter(|&e| digits_of(opts).into_iter().any(|d| fits(d, e)))
            .fold(0u16, |acc, e| acc | 1 << (e - 1));
        let elims = removals(m, [to], !support & m.layout.all);
        if elims.is_empty() {
            return None;
        }
        let (name, other) = (w.cell(from), w.cell(to));
        let gone = or_words(m.mask(to) & !support & m.layout.all);
        let (technique, rule, house) = said(&name, &other);
        let holding = if opts == m.layout.all {
            format!("Whatever {name} holds")
        } else {
            format!("{name} holds {}", or_words(opts))
        };
        Some(step(
            technique,
            vec![],
            elims.clone(),
            vec![from, to],
            vec![house],
            format!(
                "{}. {holding}, so {other} cannot hold {gone}: {}.",
                capitalised(&rule),
                w.removed(&elims)
            ),
        ))
    })
}

/// A renban line of L cells holds a run of L consecutive digits: only the
/// runs whose every digit some cell can hold, and that every cell can
/// reach, are left, and each cell keeps their digits.
pub(super) fn renban(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    let n = m.size();
    m.layout
        .lines
        .iter()
        .filter(|(kind, _)| *kind == LineKind::Renban)
        .find_map(|(_, cells)| {
            let len = cells.len();
            let opts: Vec<u16> = cells.iter().map(|&c| m.options(c)).collect();
            if len > n || opts.contains(&0) {
                return None;
            }
            let union = opts.iter().fold(0u16, |u, &o| u | o);
            let runs: Vec<u16> = (0..=n - len)
                .map(|start| (((1u32 << len) - 1) << start) as u16)
                .filter(|&run| union & run == run && opts.iter().all(|&o| o & run != 0))
                .collect();
            let keep = runs.iter().fold(0u16, |k, &r| k | r);
            if runs.is_empty() {
                return None;
            }
            let line = format!("the renban line from {}", w.cell(cells[0]));
            let run_words: Vec<String> = runs
                .iter()
                .map(|&r| {
                    let first = r.trailing_zeros() as usize + 1;
                    format!("{first}-{}", first + len - 1)
                })
                .collect();
            let runs_said = match &run_words[..] {
                [one] => format!("the only run left is {one}"),
                [rest @ .., last] => format!("the runs left are {} and {last}", rest.join(", ")),
                [] => String::new(),
            };
            let elims = removals(m, cells.iter().copied(), !keep & m.layout.all);
            if elims.is_empty() {
                return required_on_line(m, &w, cells, &runs, &line, &runs_said);
            }
            Some(step(
                Technique::Renban,
                vec![],
                elims.clone(),
                cells.clone(),
                vec![line.clone()],
                format!(
                    "The {len} cells of {line} ({}) hold {len} consecutive digits. Counting only runs whose every digit one of the cells can hold and that every cell can reach, {runs_said}, so the line holds only {}: {}.",
                    w.cells(cells),
                    or_words(keep),
                    w.removed(&elims)
                ),
            ))
        })
}

/// A digit every run left on a renban line holds is somewhere on it: with
/// one place there it goes in; with its places all in one house, it
/// leaves the rest of that house.
fn required_on_line(
    m: &Marks,
    w: &Words,
    cells: &[CellIndex],
    runs: &[u16],
    line: &str,
    runs_said: &str,
) -> Option<Step> {
    let required = runs.iter().fold(m.layout.all, |acc, &r| acc & r);
    digits_of(required).into_iter().find_map(|d| {
        if cells.iter().any(|&c| m.value(c) == Some(d)) {
            return None;
        }
        let spots: Vec<CellIndex> = cells.iter().copied().filter(|&c| m.has(c, d)).collect();
        let every = if runs.len() == 1 {
            format!("On {line}, {runs_said}")
        } else {
            format!("On {line}, {runs_said}, each holding {d}")
        };
        match spots[..] {
            [] => None,
            [only] => Some(step(
                Technique::Renban,
                vec![(only, d)],
                vec![],
                cells.to_vec(),
                vec![line.to_string()],
                format!(
                    "{every}: {d} is on the line, and only {} can hold it there: {}={d}.",
                    w.cell(only),
                    w.cell(only)
                ),
            )),
            _ => {
                let (g, elims) = locked_in(m, m.layout.groups.iter(), &spots, cells, d)?;
                Some(step(
                    Technique::Renban,
                    vec![],
                    elims.clone(),
                    spots.clone(),
                    vec![line.to_string(), g.name.clone()],
                    format!(
                        "{every}: {d} is on the line, where it can only go in {}, all in {}, so {d} is removed from the rest of {}: {}.",
                        w.cells(&spots),
                        g.name,
                        g.name,
                        w.removed(&elims)
                    ),
                ))
            }
        }
    })
}

/// The text with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// `3`, `3 or 7`, `1, 3 or 7`.
fn or_words(mask: u16) -> String {
    let ds: Vec<String> = digits_of(mask).iter().map(u8::to_string).collect();
    match &ds[..] {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Each cell of a thermometer lies above the smallest digit the cell
/// before it can hold and below the largest the cell after it can hold
/// (so at least its place from the bulb, at most the side less the cells
/// after it).
pub(super) fn thermometers(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.thermometers.iter().find_map(|cells| {
        let opts: Vec<u16> = cells.iter().map(|&c| m.options(c)).collect();
        if opts.contains(&0) {
            return None;
        }
        let len = cells.len();
        let mut lo = vec![0i64; len];
        let mut hi = vec![0i64; len];
        for i in 0..len {
            let floor = if i == 0 { 1 } else { lo[i - 1] + 1 };
            lo[i] = i64::from(low(opts[i])).max(floor);
        }
        for i in (0..len).rev() {
            let ceiling = if i + 1 == len { 16 } else { hi[i + 1] - 1 };
            hi[i] = i64::from(high(opts[i])).min(ceiling);
        }
        let mut elims = Vec::new();
        let mut ranges = Vec::new();
        for i in 0..len {
            let out = removals(m, [cells[i]], !span(lo[i], hi[i]));
            if !out.is_empty() {
                let range = if lo[i] == hi[i] {
                    lo[i].to_string()
                } else {
                    format!("{} to {}", lo[i], hi[i])
                };
                ranges.push(format!("{} is {range}", w.cell(cells[i])));
                elims.extend(out);
            }
        }
        if elims.is_empty() {
            return None;
        }
        let name = format!("the thermometer from {}", w.cell(cells[0]));
        Some(step(
            Technique::ThermometerRange,
            vec![],
            elims.clone(),
            cells.clone(),
            vec![name.clone()],
            format!(
                "Digits increase along {name} ({}): each cell is above the smallest digit the cell before it can hold and below the largest the cell after it can hold, so {}: {}.",
                w.cells(cells),
                and_list(&ranges),
                w.removed(&elims)
            ),
        ))
    })
}

/// A little killer's cells add up to its total: a digit goes from a cell
/// when the other cells cannot make the rest. The others' least and
/// greatest sums count cells that see each other (in one box, say) as
/// holding different digits: the smallest (largest) digits of their
/// candidates, taken once each.
pub(super) fn little_killers(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.little_killers.iter().find_map(|(cells, total)| {
        if cells.iter().any(|&c| m.options(c) == 0) {
            return None;
        }
        let total = i64::from(*total);
        // Cells that see each other, greedily grouped in order.
        let mut groups: Vec<Vec<CellIndex>> = Vec::new();
        for &c in cells {
            let sees = |o: &CellIndex| m.layout.peers[c].contains(&(*o as u16));
            match groups.iter_mut().find(|g| g.iter().all(sees)) {
                Some(g) => g.push(c),
                None => groups.push(vec![c]),
            }
        }
        // The least and greatest sums of a group less `skip`, with `taken`
        // out of their candidates.
        let bounds = |group: &[CellIndex], skip: Option<CellIndex>, taken: u16| {
            let rest: Vec<CellIndex> = group.iter().copied().filter(|&c| Some(c) != skip).collect();
            let union = rest.iter().fold(0u16, |u, &c| u | m.options(c)) & !taken;
            let digits: Vec<i64> = digits_of(union).into_iter().map(i64::from).collect();
            let k = rest.len();
            if digits.len() < k {
                return None;
            }
            let lo: i64 = digits[..k].iter().sum();
            let hi: i64 = digits[digits.len() - k..].iter().sum();
            Some((lo, hi))
        };
        let mut elims = Vec::new();
        let (mut least, mut most) = (0i64, 0i64);
        for group in &groups {
            let (lo, hi) = bounds(group, None, 0)?;
            least += lo;
            most += hi;
        }
        for group in &groups {
            let (g_lo, g_hi) = bounds(group, None, 0)?;
            for &c in group {
                for d in digits_of(m.mask(c)) {
                    let fits = bounds(group, Some(c), 1 << (d - 1)).is_some_and(|(lo, hi)| {
                        let (lo, hi) = (least - g_lo + lo, most - g_hi + hi);
                        let d = i64::from(d);
                        d + lo <= total && d + hi >= total
                    });
                    if !fits {
                        elims.push((c, d));
                    }
                }
            }
        }
        if elims.is_empty() {
            return None;
        }
        let name = format!("the little killer from {} ({total})", w.cell(cells[0]));
        Some(step(
            Technique::LittleKillerRange,
            vec![],
            elims.clone(),
            cells.clone(),
            vec![name.clone()],
            format!(
                "On {name}, the cells along the diagonal ({}) add up to {total}; as the marks stand they make {least} to {most} (cells that see each other hold different digits), and each digit must leave the other cells a sum they can make, so {}.",
                w.cells(cells),
                w.removed(&elims)
            ),
        ))
    })
}

/// A sandwich's total is the sum of the digits between the 1 and the
/// largest digit of its row or column: a digit stays in a cell only if
/// some places of those two, with a set of digits between them that
/// makes the total (and the rest outside), use it there (the search's
/// own support, [`crate::solver::sandwich_support`]).
pub(super) fn sandwiches(m: &Marks) -> Option<Step> {
    let size = m.size();
    m.layout.sandwiches.iter().find_map(|(cells, total)| {
        let combos = crate::solver::sandwich_combos(size, *total);
        let (elims, _) = outside_step(m, cells, |options, keep| {
            crate::solver::sandwich_support(m.layout.all, options, cells, &combos, keep)
        })?;
        let w = Words(size);
        let name = format!(
            "the sandwich on {} ({total})",
            crate::rules::line_name(size, cells)
        );
        Some(step(
            Technique::SandwichSum,
            vec![],
            elims.clone(),
            cells.clone(),
            vec![name.clone()],
            format!(
                "On {name}, the digits between the 1 and the {size} add up to {total}. Trying every place the marks leave for the 1 and the {size}, with every set of digits between them that makes {total} and the other digits outside, these candidates are never used: {}.",
                w.removed(&elims)
            ),
        ))
    })
}

/// A quadruple's digits each take a cell of its own among its four: a
/// candidate goes when, were it there, the digits still needed could not
/// (the search's own support, [`crate::solver::quadruple_support`]).
pub(super) fn quadruples(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.quadruples.iter().find_map(|(cells, digits)| {
        let masks = cells.map(|c| m.options(c));
        let need: Vec<u16> = digits.iter().map(|&d| 1 << (d - 1)).collect();
        let mut keep = [0u16; 4];
        if masks.contains(&0) || !crate::solver::quadruple_support(&masks, &need, &mut keep) {
            return None;
        }
        let elims: Vec<(CellIndex, u8)> = cells
            .iter()
            .zip(keep)
            .flat_map(|(&c, k)| removals(m, [c], !k))
            .collect();
        if elims.is_empty() {
            return None;
        }
        let listed: Vec<String> = digits.iter().map(u8::to_string).collect();
        let name = format!("the quadruple at {} ({})", w.cell(cells[0]), listed.join(" "));
        Some(step(
            Technique::Quadruple,
            vec![],
            elims.clone(),
            cells.to_vec(),
            vec![name.clone()],
            format!(
                "On {name}, the cells {} hold {}, each in a cell of its own. Placing each candidate in turn, the digits still needed must fit into the other cells; these do not leave them room: {}.",
                w.cells(cells),
                listed.join(", "),
                w.removed(&elims)
            ),
        ))
    })
}

/// Skyscrapers: along the row or column from the clue, a digit is seen
/// when it is taller than every one before it; a digit stays in a cell
/// only if, passing the cells one at a time and keeping the tallest so far
/// and the number seen, some way through it ends with the clue's count
/// (the search's own support, [`crate::solver::skyscraper_support`]).
pub(super) fn skyscrapers(m: &Marks) -> Option<Step> {
    let size = m.size();
    m.layout.skyscrapers.iter().find_map(|(cells, count)| {
        outside_step(m, cells, |options, keep| {
            crate::solver::skyscraper_support(options, cells, *count, keep)
        })
        .map(|(elims, name)| {
            let w = Words(size);
            step(
                Technique::Skyscrapers,
                vec![],
                elims.clone(),
                cells.clone(),
                vec![format!("the skyscrapers on {name} ({count})")],
                format!(
                    "From the clue on {name}, {count} skyscrapers are seen: a digit is seen when it is taller than every digit before it. Walking the cells from the clue, the tallest digit so far and the number seen can end at {count} with the {size} seen only without these candidates: {}.",
                    w.removed(&elims)
                ),
            )
        })
    })
}

/// X-sums: the first digit X from the clue says how many digits add up
/// to the total; a digit stays in a cell only if some X the first cell
/// allows, with digits after it that make the rest of the total, uses it
/// (the search's own support, [`crate::solver::x_sum_support`]).
pub(super) fn x_sums(m: &Marks) -> Option<Step> {
    m.layout.x_sums.iter().find_map(|(cells, total)| {
        let combos = crate::solver::x_sum_combos(m.size(), *total);
        outside_step(m, cells, |options, keep| {
            crate::solver::x_sum_support(m.layout.all, options, cells, &combos, keep)
        })
        .map(|(elims, name)| {
            let w = Words(m.size());
            step(
                Technique::XSum,
                vec![],
                elims.clone(),
                cells.clone(),
                vec![format!("the X-sum on {name} ({total})")],
                format!(
                    "From the clue on {name}, the first X digits add up to {total}, X being the first of them. Trying every X the first cell allows, with every set of X - 1 other digits after it that makes the rest of {total} and the digits left beyond them, these candidates are never used: {}.",
                    w.removed(&elims)
                ),
            )
        })
    })
}

/// The eliminations a clue outside the grid makes along its row or column
/// (`support` gathers the digits each cell keeps, false when none fits),
/// and the clue's place in words; None when it makes none.
fn outside_step(
    m: &Marks,
    cells: &[CellIndex],
    support: impl Fn(&[u16], &mut [u16]) -> bool,
) -> Option<(Vec<(CellIndex, u8)>, String)> {
    let size = m.size();
    let options: Vec<u16> = (0..size * size).map(|c| m.options(c)).collect();
    if cells.iter().any(|&c| options[c] == 0) {
        return None;
    }
    let mut keep = [0u16; crate::MAX_SIZE];
    if !support(&options, &mut keep) {
        return None;
    }
    let elims: Vec<(CellIndex, u8)> = cells
        .iter()
        .zip(&keep)
        .flat_map(|(&c, &k)| removals(m, [c], !k))
        .collect();
    (!elims.is_empty()).then(|| (elims, crate::rules::clue_name(size, cells)))
}

/// The circle's number lies between the smallest and largest sums of the
/// arrow's path, and each path cell leaves room for the others' sum.
pub(super) fn arrows(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.arrows.iter().find_map(|(circle, path)| {
        let path_opts: Vec<u16> = path.iter().map(|&c| m.options(c)).collect();
        let circle_opts: Vec<u16> = circle.iter().map(|&c| m.options(c)).collect();
        if path_opts.contains(&0) || circle_opts.contains(&0) {
            return None;
        }
        let sum = |f: fn(u16) -> u32, opts: &[u16], weights: &[u64]| -> u64 {
            opts.iter()
                .zip(weights)
                .map(|(&o, &wt)| u64::from(f(o)) * wt)
                .sum()
        };
        let ones = vec![1u64; path.len()];
        let weights: Vec<u64> = (0..circle.len())
            .map(|k| 10u64.pow((circle.len() - 1 - k) as u32))
            .collect();
        let (pmin, pmax) = (sum(low, &path_opts, &ones), sum(high, &path_opts, &ones));
        let (cmin, cmax) = (
            sum(low, &circle_opts, &weights),
            sum(high, &circle_opts, &weights),
        );
        let mut elims = Vec::new();
        for (i, &c) in path.iter().enumerate() {
            let rest_min = pmin - u64::from(low(path_opts[i]));
            let rest_max = pmax - u64::from(high(path_opts[i]));
            for d in digits_of(m.mask(c)) {
                let d = u64::from(d);
                if d + rest_min > cmax || d + rest_max < cmin {
                    elims.push((c, d as u8));
                }
            }
        }
        for (k, &c) in circle.iter().enumerate() {
            let wt = weights[k];
            let others_min = cmin - u64::from(low(circle_opts[k])) * wt;
            let others_max = cmax - u64::from(high(circle_opts[k])) * wt;
            for d in digits_of(m.mask(c)) {
                let number = u64::from(d) * wt;
                if others_min + number > pmax || others_max + number < pmin {
                    elims.push((c, d));
                }
            }
        }
        if elims.is_empty() {
            return None;
        }
        let name = format!("the arrow from {}", w.cell(circle[0]));
        let cells: Vec<CellIndex> = circle.iter().chain(path).copied().collect();
        Some(step(
            Technique::ArrowRange,
            vec![],
            elims.clone(),
            cells,
            vec![name.clone()],
            format!(
                "On {name}, the cells along it ({}) add up to {pmin} to {pmax}, and the circle ({}) holds {cmin} to {cmax}; they are equal, so {}.",
                w.cells(path),
                w.cells(circle),
                w.removed(&elims)
            ),
        ))
    })
}

/// What can fill cells adding up to `total` (all different when
/// `distinct`): for each cell the digits it takes in some filling, and
/// (when distinct) the digit sets of the fillings, smallest first.
pub(crate) fn sum_support(options: &[u16], total: u32, distinct: bool) -> (Vec<u16>, Vec<u16>) {
    struct Walk<'a> {
        options: &'a [u16],
        total: u32,
        distinct: bool,
        /// Whether a state can be finished: (cell, digits used or sum).
        seen: HashMap<(usize, u32), bool>,
        support: Vec<u16>,
        combos: Vec<u16>,
    }
    impl Walk<'_> {
        fn go(&mut self, i: usize, used: u16, sum: u32) -> bool {
            if sum > self.total {
                return false;
            }
            if i == self.options.len() {
                let ok = sum == self.total;
                if ok && self.distinct {
                    self.combos.push(used);
                }
                return ok;
            }
            // The rest of the walk depends on the digits used (distinct)
            // or on the sum so far: the state to remember.
            let key = (i, if self.distinct { u32::from(used) } else { sum });
            if let Some(&known) = self.seen.get(&key) {
                return known;
            }
            let free = if self.distinct { !used } else { u16::MAX };
            let mut ok = false;
            for d in digits_of(self.options[i] & free) {
                let bit = 1u16 << (d - 1);
                if self.go(i + 1, used | bit, sum + u32::from(d)) {
                    self.support[i] |= bit;
                    ok = true;
                }
            }
            self.seen.insert(key, ok);
            ok
        }
    }
    let mut walk = Walk {
        options,
        total,
        distinct,
        seen: HashMap::new(),
        support: vec![0; options.len()],
        combos: Vec::new(),
    };
    walk.go(0, 0, 0);
    walk.combos.sort_unstable();
    walk.combos.dedup();
    (walk.support, walk.combos)
}

/// `1+2+7`.
fn combo_text(mask: u16) -> String {
    combo_digits(&digits_of(mask))
}

fn combo_digits(digits: &[u8]) -> String {
    let ds: Vec<String> = digits.iter().map(u8::to_string).collect();
    ds.join("+")
}

/// Killer cages: digits no combination of the cage can use there are
/// removed; then a digit every combination needs, confined in the cage to
/// cells of one house, is removed from the rest of that house.
pub(super) fn cages(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    for cage in &m.layout.cages {
        let opts: Vec<u16> = cage.cells.iter().map(|&c| m.options(c)).collect();
        if opts.contains(&0) {
            continue;
        }
        let (support, combos) = sum_support(&opts, cage.total, true);
        if combos.is_empty() {
            continue;
        }
        let combos_text = if combos.len() <= 6 {
            // Named as people list them: 1+9 before 2+8.
            let mut sorted: Vec<Vec<u8>> = combos.iter().map(|&c| digits_of(c)).collect();
            sorted.sort();
            let texts: Vec<String> = sorted.iter().map(|c| combo_digits(c)).collect();
            format!(
                "{} ({})",
                plural(combos.len(), "combination"),
                and_list(&texts)
            )
        } else {
            plural(combos.len(), "combination")
        };
        let mut elims = Vec::new();
        for (i, &c) in cage.cells.iter().enumerate() {
            elims.extend(removals(m, [c], !support[i]));
        }
        if !elims.is_empty() {
            return Some(step(
                Technique::CageCombinations,
                vec![],
                elims.clone(),
                cage.cells.clone(),
                vec![cage.name.clone()],
                if combos.len() == 1 {
                    format!(
                        "The {} covers {}: only one combination of different digits adding up to {} fits the candidates, {}, and it puts none of these digits there: {}.",
                        cage.name,
                        w.cells(&cage.cells),
                        cage.total,
                        combo_text(combos[0]),
                        w.removed(&elims)
                    )
                } else {
                    format!(
                        "The {} covers {}: {} of different digits adding up to {} fit the candidates, and none of them puts these digits there: {}.",
                        cage.name,
                        w.cells(&cage.cells),
                        combos_text,
                        cage.total,
                        w.removed(&elims)
                    )
                },
            ));
        }
        let required = combos.iter().fold(m.layout.all, |acc, &c| acc & c);
        for d in digits_of(required) {
            if cage.cells.iter().any(|&c| m.value(c) == Some(d)) {
                continue;
            }
            let spots: Vec<CellIndex> = cage
                .cells
                .iter()
                .copied()
                .filter(|&c| m.has(c, d))
                .collect();
            if spots.is_empty() {
                continue;
            }
            if let Some((g, elims)) = locked_in(m, m.layout.groups.iter(), &spots, &cage.cells, d) {
                return Some(step(
                    Technique::CageCombinations,
                    vec![],
                    elims.clone(),
                    spots.clone(),
                    vec![cage.name.clone(), g.name.clone()],
                    format!(
                        "{} holds {d}, and in the cage {d} can only go in {}, all in {}, so {d} is removed from the rest of {}: {}.",
                        if combos.len() == 1 {
                            format!(
                                "The only combination of {}, {},",
                                cage.name,
                                combo_text(combos[0])
                            )
                        } else {
                            format!("Every one of the {combos_text} of {}", cage.name)
                        },
                        w.cells(&spots),
                        g.name,
                        g.name,
                        w.removed(&elims)
                    ),
                ));
            }
        }
    }
    None
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}

/// The house-sum rule: a house or a run of rows or columns adds up to 45
/// each on 9x9 (`n(n+1)/2`); the cages wholly inside it leave a sum for
/// the cells that are not (innies), and the cages that cover it leave a
/// sum for their cells outside it (outies).
pub(super) fn house_sums(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    m.layout.sums.iter().find_map(|s| {
        let cells = &s.sum.cells;
        let opts: Vec<u16> = cells.iter().map(|&c| m.options(c)).collect();
        if opts.contains(&0) {
            return None;
        }
        let (support, _) = sum_support(&opts, s.sum.total, s.distinct);
        if support.contains(&0) {
            return None;
        }
        let elims: Vec<(CellIndex, u8)> = cells
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| removals(m, [c], !support[i]))
            .collect();
        if elims.is_empty() {
            return None;
        }
        let run = &s.run;
        let how = if s.sum.outies {
            format!(
                "the cages that reach into {run} add up to that plus the outies {}, so these",
                w.cells(cells)
            )
        } else {
            format!(
                "less the cages wholly inside {run}, the innies {}",
                w.cells(cells)
            )
        };
        Some(step(
            Technique::HouseSum,
            vec![],
            elims.clone(),
            cells.clone(),
            vec![s.run.clone()],
            format!(
                "The cells of {run} add up to {}; {how} add up to {}: {}.",
                s.run_total,
                s.sum.total,
                w.removed(&elims)
            ),
        ))
    })
}

/// The first of `groups` holding every one of `spots` where `d` leaves a
/// cell outside `inside`, with those eliminations: where a digit confined
/// to `spots` is locked.
fn locked_in<'g>(
    m: &Marks,
    groups: impl IntoIterator<Item = &'g Group>,
    spots: &[CellIndex],
    inside: &[CellIndex],
    d: u8,
) -> Option<(&'g Group, Vec<(CellIndex, u8)>)> {
    groups
        .into_iter()
        .filter(|g| spots.iter().all(|c| g.cells.contains(c)))
        .find_map(|g| {
            let rest = g.cells.iter().copied().filter(|c| !inside.contains(c));
            let elims = removals(m, rest, 1 << (d - 1));
            (!elims.is_empty()).then_some((g, elims))
        })
}

/// A digit confined in a house to cells that all lie in another group is
/// removed from the rest of that group (pointing and claiming, between
/// any two houses, cages included).
pub(super) fn locked_candidates(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    let groups = &m.layout.groups;
    for a in groups.iter().filter(|g| g.full) {
        let done = placed(m, a);
        for d in (1..=m.size() as u8).filter(|d| done >> (d - 1) & 1 == 0) {
            let spots = places(m, a, d);
            if spots.len() < 2 {
                continue;
            }
            let others = groups.iter().filter(|b| !std::ptr::eq(a, *b));
            if let Some((b, elims)) = locked_in(m, others, &spots, &a.cells, d) {
                return Some(step(
                    Technique::LockedCandidates,
                    vec![],
                    elims.clone(),
                    spots.clone(),
                    vec![a.name.clone(), b.name.clone()],
                    format!(
                        "In {}, {d} can only go in {}, all in {}, so {d} is removed from the rest of {}: {}.",
                        a.name,
                        w.cells(&spots),
                        b.name,
                        b.name,
                        w.removed(&elims)
                    ),
                ));
            }
        }
    }
    None
}

/// A digit confined in a house to cells that one cell outside them sees
/// all of (a shared peer by any rule: a house, a cage, a knight's or a
/// king's move) cannot go in that cell.
pub(super) fn shared_peers(m: &Marks) -> Option<Step> {
    let w = Words(m.size());
    let peers = &m.layout.peers;
    let sees = |a: CellIndex, b: CellIndex| peers[a].contains(&(b as u16));
    for a in full_groups(m) {
        let done = placed(m, a);
        for d in (1..=m.size() as u8).filter(|d| done >> (d - 1) & 1 == 0) {
            let spots = places(m, a, d);
            if spots.len() < 2 {
                continue;
            }
            let targets: Vec<CellIndex> = peers[spots[0]]
                .iter()
                .map(|&p| usize::from(p))
                .filter(|&p| m.has(p, d) && spots[1..].iter().all(|&s| sees(p, s)))
                .collect();
            if targets.is_empty() {
                continue;
            }
            let elims: Vec<(CellIndex, u8)> = targets.iter().map(|&c| (c, d)).collect();
            return Some(step(
                Technique::SharedPeers,
                vec![],
                elims.clone(),
                spots.clone(),
                vec![a.name.clone()],
                format!(
                    "In {}, {d} can only go in {}, and {} {} all of them, so {d} is removed there: {}.",
                    a.name,
                    w.cells(&spots),
                    w.cells(&targets),
                    if targets.len() == 1 {
                        "sees"
                    } else {
                        "each see"
                    },
                    w.removed(&elims)
                ),
            ));
        }
    }
    None
}

/// Calls `f` on each choice of `k` of the masks (their indices, rising)
/// whose union has at most `k` bits, until it returns something.
fn choose<T>(masks: &[u16], k: usize, f: &mut impl FnMut(&[usize], u16) -> Option<T>) -> Option<T> {
    fn go<T>(
        masks: &[u16],
        k: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        union: u16,
        f: &mut impl FnMut(&[usize], u16) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return f(chosen, union);
        }
        for i in from..masks.len() {
            let u = union | masks[i];
            if u.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            let found = go(masks, k, i + 1, chosen, u, f);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    go(masks, k, 0, &mut Vec::with_capacity(k), 0, f)
}

fn subset_word(k: usize) -> &'static str {
    match k {
        2 => "pair",
        3 => "triple",
        _ => "quad",
    }
}

/// `k` cells of a group holding only `k` digits between them: those
/// digits are removed from the group's other cells.
pub(super) fn naked_subset(m: &Marks, k: usize) -> Option<Step> {
    let w = Words(m.size());
    for g in &m.layout.groups {
        let empty = empty_cells(m, g);
        if empty.len() <= k {
            continue;
        }
        let cells: Vec<CellIndex> = empty
            .iter()
            .copied()
            .filter(|&c| (2..=k as u32).contains(&m.mask(c).count_ones()))
            .collect();
        let masks: Vec<u16> = cells.iter().map(|&c| m.mask(c)).collect();
        let found = choose(&masks, k, &mut |chosen, union| {
            let set: Vec<CellIndex> = chosen.iter().map(|&i| cells[i]).collect();
            let rest = empty.iter().copied().filter(|c| !set.contains(c));
            let elims = removals(m, rest, union);
            (!elims.is_empty()).then_some((set, union, elims))
        });
        let Some((set, union, elims)) = found else {
            continue;
        };
        let technique = [
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
        ][k - 2];
        return Some(step(
            technique,
            vec![],
            elims.clone(),
            set.clone(),
            vec![g.name.clone()],
            format!(
                "{} hold only {} between them (naked {} in {}), so these digits are removed from the other cells of {}: {}.",
                w.cells(&set),
                digit_words(union),
                subset_word(k),
                g.name,
                g.name,
                w.removed(&elims)
            ),
        ));
    }
    None
}

/// `k` digits of a house that can only go in `k` cells: the other
/// candidates of those cells are removed.
pub(super) fn hidden_subset(m: &Marks, k: usize) -> Option<Step> {
    let w = Words(m.size());
    for g in full_groups(m) {
        if empty_cells(m, g).len() <= k {
            continue;
        }
        let done = placed(m, g);
        // Each open digit's places as bits over the group's cells.
        let (digits, masks): (Vec<u8>, Vec<u16>) = (1..=m.size() as u8)
            .filter(|d| done >> (d - 1) & 1 == 0)
            .map(|d| {
                let at = g
                    .cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| m.has(c, d))
                    .fold(0u16, |acc, (i, _)| acc | 1 << i);
                (d, at)
            })
            .filter(|&(_, at)| (2..=k as u32).contains(&at.count_ones()))
            .unzip();
        let found = choose(&masks, k, &mut |chosen, union| {
            let keep = chosen
                .iter()
                .fold(0u16, |acc, &i| acc | 1 << (digits[i] - 1));
            let set: Vec<CellIndex> = digits_of(union)
                .iter()
                .map(|&i| g.cells[usize::from(i) - 1])
                .collect();
            let elims = removals(m, set.iter().copied(), !keep);
            (!elims.is_empty()).then_some((set, keep, elims))
        });
        let Some((set, keep, elims)) = found else {
            continue;
        };
        let technique = [
            Technique::HiddenPair,
            Technique::HiddenTriple,
            Technique::HiddenQuad,
        ][k - 2];
        return Some(step(
            technique,
            vec![],
            elims.clone(),
            set.clone(),
            vec![g.name.clone()],
            format!(
                "In {}, {} can only go in {} (hidden {}), so the other candidates there are removed: {}.",
                g.name,
                digit_words(keep),
                w.cells(&set),
                subset_word(k),
                w.removed(&elims)
            ),
        ));
    }
    None
}

/// Basic fish over rows and columns: a digit confined in `k` rows to `k`
/// columns is removed from the rest of those columns (and the same with
/// rows and columns swapped).
pub(super) fn fish(m: &Marks, k: usize) -> Option<Step> {
    let n = m.size();
    let w = Words(n);
    let at = |base_rows: bool, line: usize, across: usize| {
        if base_rows {
            line * n + across
        } else {
            across * n + line
        }
    };
    for base_rows in [true, false] {
        let (base, cover) = if base_rows {
            ("row", "column")
        } else {
            ("column", "row")
        };
        for d in 1..=n as u8 {
            let (lines, masks): (Vec<usize>, Vec<u16>) = (0..n)
                .map(|line| {
                    let spots = (0..n)
                        .filter(|&x| m.has(at(base_rows, line, x), d))
                        .fold(0u16, |acc, x| acc | 1 << x);
                    (line, spots)
                })
                .filter(|&(_, spots)| (2..=k as u32).contains(&spots.count_ones()))
                .unzip();
            let found = choose(&masks, k, &mut |chosen, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                let bases: Vec<usize> = chosen.iter().map(|&i| lines[i]).collect();
                let elims: Vec<(CellIndex, u8)> = digits_of(union)
                    .iter()
                    .flat_map(|&x| {
                        (0..n)
                            .filter(|line| !bases.contains(line))
                            .map(move |line| at(base_rows, line, usize::from(x) - 1))
                    })
                    .filter(|&c| m.has(c, d))
                    .map(|c| (c, d))
                    .collect();
                (!elims.is_empty()).then_some((bases, union, elims))
            });
            let Some((bases, union, elims)) = found else {
                continue;
            };
            let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][k - 2];
            let base_names: Vec<String> =
                bases.iter().map(|b| format!("{base} {}", b + 1)).collect();
            let cover_names: Vec<String> = digits_of(union)
                .iter()
                .map(|x| format!("{cover} {x}"))
                .collect();
            let cells: Vec<CellIndex> = bases
                .iter()
                .flat_map(|&b| {
                    digits_of(union)
                        .into_iter()
                        .map(move |x| at(base_rows, b, usize::from(x) - 1))
                })
                .filter(|&c| m.has(c, d))
                .collect();
            return Some(step(
                technique,
                vec![],
                elims.clone(),
                cells,
                base_names.iter().chain(&cover_names).cloned().collect(),
                format!(
                    "In {}, {d} can only go in {}, so {d} is removed from the rest of those {cover}s: {}.",
                    and_list(&base_names),
                    and_list(&cover_names),
                    w.removed(&elims)
                ),
            ));
        }
    }
    None
}
