//! Aligned pair exclusion: two cells cannot take a pair of digits that
//! would empty a bivalue cell seeing both.

use sudoku_engine::{Cell, CellSet, DigitSet, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, elim_list};
use crate::techniques::{joining, sorted};

/// The first aligned pair exclusion.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::{Candidates, Technique, techniques::aligned_pair_exclusion};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // r1c1 {1,2,3} and r1c2 {1,2}; the bivalue r1c5 {1,3} and r1c9 {2,3}
/// // see both: r1c1=3 would empty one of them, whatever r1c2 takes.
/// let cells = [(0, &[1, 2, 3][..]), (1, &[1, 2]), (4, &[1, 3]), (8, &[2, 3])];
/// for (col, keep) in cells {
///     for d in Digit::all().filter(|d| !keep.contains(&d.get())) {
///         marks.eliminate(Cell::at(0, col), d);
///     }
/// }
/// let step = aligned_pair_exclusion::aligned_pair(&marks).unwrap();
/// assert_eq!(step.technique, Technique::AlignedPairExclusion);
/// assert!(step.outcome_text().contains("r1c1<>3"));
/// ```
pub fn aligned_pair(c: &Candidates) -> Option<Step> {
    let bivalue: CellSet = Cell::all().filter(|&x| c.count(x) == 2).collect();
    // Base cells: two or more candidates and a bivalue peer.
    let base: Vec<Cell> = Cell::all()
        .filter(|&x| c.count(x) >= 2 && x.peers().intersects(bivalue))
        .collect();
    for (i, &a) in base.iter().enumerate() {
        for &b in &base[i + 1..] {
            let excluders = a.peers() & b.peers() & bivalue;
            // Sudoku Explainer also counts a bivalue base cell seeing the other.
            let mut counted = excluders.len();
            for (x, y) in [(a, b), (b, a)] {
                if c.count(x) == 2 && y.sees(x) {
                    counted += 1;
                }
            }
            if excluders.is_empty() || counted < 2 {
                continue;
            }
            let ex_masks: Vec<DigitSet> = excluders.iter().map(|x| c.mask(x)).collect();
            let see = a.sees(b);
            let (mut ok_a, mut ok_b) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for va in c.digits(a) {
                for vb in c.digits(b) {
                    if va == vb && see {
                        continue;
                    }
                    let pair = DigitSet::single(va) | DigitSet::single(vb);
                    if ex_masks.iter().any(|&m| (m - pair).is_empty()) {
                        continue;
                    }
                    ok_a.insert(va);
                    ok_b.insert(vb);
                }
            }
            let mut elims = Vec::new();
            for d in c.mask(a) - ok_a {
                elims.push(Candidate::new(a, d));
            }
            for d in c.mask(b) - ok_b {
                elims.push(Candidate::new(b, d));
            }
            if elims.is_empty() {
                continue;
            }
            let exs: Vec<String> = excluders.iter().map(|x| x.to_string()).collect();
            let pattern = || [a, b].into_iter().chain(excluders);
            let mut houses: Vec<House> = joining(a, b).into_iter().collect();
            for x in excluders {
                houses.extend(joining(a, x));
                houses.extend(joining(b, x));
            }
            return Some(Step {
                technique: Technique::AlignedPairExclusion,
                rating: Technique::AlignedPairExclusion.base_rating(),
                placements: vec![],
                eliminations: elims.clone(),
                cells: pattern().collect(),
                houses: sorted(houses),
                candidates: pattern()
                    .flat_map(|x| c.digits(x).map(move |d| Candidate::new(x, d)))
                    .collect(),
                explanation: format!(
                    "{a} and {b} both see {}; every pair of digits they could take would either repeat a digit or leave one of those bivalue cells empty, except pairs without these candidates: {}.",
                    exs.join(", "),
                    elim_list(&elims)
                ),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, empty, set_marks};

    #[test]
    fn pair_exclusion() {
        // r1c1 {1,2,3} and r1c2 {1,2}; bivalue r1c5 {1,3} and r1c9 {2,3} see both.
        let mut c = empty();
        set_marks(&mut c, "r1c1", "123");
        set_marks(&mut c, "r1c2", "12");
        set_marks(&mut c, "r1c5", "13");
        set_marks(&mut c, "r1c9", "23");
        let s = aligned_pair(&c).unwrap();
        assert_eq!(s.technique, Technique::AlignedPairExclusion);
        // r1c1=3 leaves r1c2 1 or 2: (3,1) empties r1c5, (3,2) empties r1c9.
        assert!(s.eliminations.contains(&cand("r1c1", 3)));
        assert_eq!(s.houses, [House::row(0)]);
    }
}
