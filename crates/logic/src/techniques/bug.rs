//! The bivalue universal grave (BUG): BUG+1 and BUG types 2, 3 and 4.
//! Valid only for puzzles with a single solution: a grid where every empty
//! cell had two candidates and every digit two places per house would have
//! two solutions, so the extra candidates that keep it from that are needed.

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, digit_words, elim_list, rating};
use crate::techniques::{combos, sorted};

/// Bivalue universal grave: every empty cell but a few would be bivalue and
/// every digit would appear twice per unit; the extra candidates are needed.
///
/// ```
/// use sudoku_logic::{Candidates, Technique, techniques::bug};
/// // Every empty cell has two candidates but r3c2 (4679).
/// let marks = Candidates::parse_marks(&[
///     "38 68 +1 +4 36 +7 +9 +2 +5",
///     "+5 47 39 +2 +1 39 +6 +8 47",
///     "27 4679 26 +8 69 +5 47 +1 +3",
///     "+4 +5 +8 +6 39 39 +1 +7 +2",
///     "79 +1 69 57 +2 48 +3 56 48",
///     "23 67 23 57 48 +1 48 56 +9",
///     "+6 +3 +4 +1 +5 +2 78 +9 78",
///     "89 89 +5 +3 +7 +6 +2 +4 +1",
///     "+1 +2 +7 +9 48 48 +5 +3 +6",
/// ]
/// .join(" "))
/// .unwrap();
/// let step = bug::bug(&marks).unwrap();
/// assert_eq!(step.technique, Technique::BugPlus1);
/// assert_eq!(step.outcome_text(), "r3c2<>4, r3c2<>9");
/// ```
pub fn bug(c: &Candidates) -> Option<Step> {
    // Cells with more than two candidates, and which of their digits are
    // the extras: in some unit the digit appears 3 times or more and this is
    // the only many-candidate cell holding it there.
    let mut temp = *c;
    let mut bug_cells: Vec<Cell> = Vec::new();
    let mut bug_values = [DigitSet::EMPTY; 81];
    let mut all_values = DigitSet::EMPTY;
    let mut common: Option<CellSet> = None;
    // The houses that show the extra candidates.
    let mut shown: Vec<House> = Vec::new();
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
                shown.push(u);
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
    let shown = sorted(shown);
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
            rating: Technique::BugPlus1.base_rating(),
            placements,
            eliminations: elims.clone(),
            cells: vec![x],
            houses: shown,
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
                rating: Technique::Bug2.base_rating(),
                placements: vec![],
                eliminations: elims.clone(),
                cells: bug_cells.clone(),
                houses: shown,
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
            bug4(c, &bug_cells, &bug_values, all_values, &shown)
        } else {
            None
        };
    }
    if common.is_empty() {
        return None;
    }
    if bug_cells.len() == 2
        && let Some(s) = bug4(c, &bug_cells, &bug_values, all_values, &shown)
    {
        return Some(s);
    }
    bug3(c, &bug_cells, all_values, common, &shown)
}

/// BUG type 4: two bug cells in one unit sharing one non-extra digit.
fn bug4(
    c: &Candidates,
    bug_cells: &[Cell],
    bug_values: &[DigitSet; 81],
    all_values: DigitSet,
    shown: &[House],
) -> Option<Step> {
    let (c1, c2) = (bug_cells[0], bug_cells[1]);
    let shared = (c.mask(c1) & c.mask(c2)) - all_values;
    let v = shared.single_digit()?;
    let both = CellSet::single(c1) | CellSet::single(c2);
    let unit = House::all().find(|u| both.is_subset(u.cells()))?;
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
        rating: Technique::Bug4.base_rating(),
        placements: vec![],
        eliminations: elims.clone(),
        cells: vec![c1, c2],
        houses: sorted([shown, &[unit]].concat()),
        candidates: vec![Candidate::new(c1, v), Candidate::new(c2, v)],
        explanation: format!(
            "Without their extra candidates, {c1} and {c2} would complete a bivalue universal grave (no unique solution), so one of them takes an extra digit; as they share {v} in one unit, the other candidates go: {}.",
            elim_list(&elims)
        ),
    })
}

/// BUG type 3: the bug cells' extra digits act as one more cell of a naked
/// set in a unit holding every bug cell.
fn bug3(
    c: &Candidates,
    bug_cells: &[Cell],
    all_values: DigitSet,
    common: CellSet,
    shown: &[House],
) -> Option<Step> {
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
                    // One tenth more for each digit of the set past two.
                    rating: rating(Technique::Bug3.base_tenths() + (naked.len() as u16 - 2)),
                    placements: vec![],
                    eliminations: elims.clone(),
                    cells: bug_cells.iter().chain(&chosen).copied().collect(),
                    houses: sorted([shown, &[u]].concat()),
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
        // The extra digit has one place in each house of the cell.
        assert_eq!(s.houses, cells[0].houses());
        assert_eq!(s.eliminations.len(), 2);
    }
}
