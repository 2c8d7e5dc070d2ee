//! ALS-XZ: two almost locked sets joined by a restricted common digit. Not
//! in Sudoku Explainer: offered by [`crate::Solver::with_extra_techniques`],
//! rated 5.8.

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, digit_words, elim_list};
use crate::techniques::{combos, sorted};

/// An almost locked set: `n` cells of one unit holding `n + 1` digits.
#[derive(Clone, Copy)]
struct Als {
    cells: CellSet,
    digits: DigitSet,
    unit: House,
}

fn almost_locked_sets(c: &Candidates, max: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    for u in House::all() {
        let empty: Vec<Cell> = u.cells().iter().filter(|&x| c.count(x) >= 2).collect();
        let n = empty.len();
        for size in 1..=max.min(n.saturating_sub(1)).max(1).min(n) {
            for &m in combos(size as u32) {
                if (m as usize) >> n != 0 {
                    continue;
                }
                let mut cells = CellSet::EMPTY;
                let mut digits = DigitSet::EMPTY;
                for i in (0..9).filter(|i| m >> i & 1 == 1) {
                    let x = empty[i];
                    cells.insert(x);
                    digits |= c.mask(x);
                }
                if digits.len() == size + 1 && !out.iter().any(|a| a.cells == cells) {
                    out.push(Als {
                        cells,
                        digits,
                        unit: u,
                    });
                }
            }
        }
    }
    out
}

/// ALS-XZ: two almost locked sets with a restricted common digit x (every x
/// of one sees every x of the other): the common digit z is removed from
/// cells seeing every z of both.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::{Candidates, Technique, techniques::als_xz};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // A = r1c1 {1,2}; B = r5c1 {1,3} and r5c2 {2,3}; x = 1, z = 2.
/// let sets = [(Cell::at(0, 0), [1, 2]), (Cell::at(4, 0), [1, 3]), (Cell::at(4, 1), [2, 3])];
/// for (cell, keep) in sets {
///     for d in Digit::all().filter(|d| !keep.contains(&d.get())) {
///         marks.eliminate(cell, d);
///     }
/// }
/// let step = als_xz::als_xz(&marks).unwrap();
/// assert_eq!(step.technique, Technique::AlsXz);
/// assert_eq!(step.outcome_text(), "r1c2<>2, r2c2<>2, r3c2<>2, r4c1<>2, r6c1<>2");
/// ```
pub fn als_xz(c: &Candidates) -> Option<Step> {
    let sets = almost_locked_sets(c, 4);
    let cells_of = |a: &Als, d: Digit| a.cells & c.cells_with(d);
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells.intersects(b.cells) {
                continue;
            }
            let common = a.digits & b.digits;
            if common.len() < 2 {
                continue;
            }
            for x in common {
                let (ax, bx) = (cells_of(a, x), cells_of(b, x));
                // Restricted: every x of A sees every x of B.
                if ax.iter().any(|p| !bx.is_subset(p.peers())) {
                    continue;
                }
                for z in common - DigitSet::single(x) {
                    let zs = cells_of(a, z) | cells_of(b, z);
                    let mut victims = c.cells_with(z) - a.cells - b.cells;
                    for p in zs {
                        victims &= p.peers();
                    }
                    if victims.is_empty() {
                        continue;
                    }
                    let elims: Vec<Candidate> =
                        victims.iter().map(|v| Candidate::new(v, z)).collect();
                    let explanation = format!(
                        "{} ({} in {}) and {} ({} in {}) each hold one digit more than cells; they cannot both hold {x} (every {x} of one sees every {x} of the other), so one of them loses it and is locked, holding {z} among its digits: cells seeing every {z} of both lose it: {}.",
                        cell_list(a.cells),
                        digit_words(a.digits),
                        a.unit,
                        cell_list(b.cells),
                        digit_words(b.digits),
                        b.unit,
                        elim_list(&elims)
                    );
                    let all = a.cells | b.cells;
                    return Some(Step {
                        technique: Technique::AlsXz,
                        rating: Technique::AlsXz.base_rating(),
                        placements: vec![],
                        eliminations: elims,
                        cells: all.iter().collect(),
                        houses: sorted(vec![a.unit, b.unit]),
                        candidates: all
                            .iter()
                            .flat_map(|v| c.digits(v).map(move |d| Candidate::new(v, d)))
                            .collect(),
                        explanation,
                    });
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, empty, set_marks};

    #[test]
    fn als_xz_found() {
        // A = r1c1 {1,2} (one cell, two digits); B = r5c1, r5c2 {1,2,3}.
        // x = 1 is restricted (r1c1 and r5c1 share column 1); z = 2 goes
        // from the cells seeing r1c1 and r5c2.
        let mut c = empty();
        set_marks(&mut c, "r1c1", "12");
        set_marks(&mut c, "r5c1", "13");
        set_marks(&mut c, "r5c2", "23");
        let s = als_xz(&c).unwrap();
        assert_eq!(s.technique, Technique::AlsXz);
        let two = |n: &str| cand(n, 2);
        assert_eq!(
            s.eliminations,
            vec![
                two("r1c2"),
                two("r2c2"),
                two("r3c2"),
                two("r4c1"),
                two("r6c1")
            ]
        );
        assert!(s.explanation.contains("cannot both hold 1"));
        assert_eq!(s.houses, [House::row(0), House::row(4)]);
    }
}
