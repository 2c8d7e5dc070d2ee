//! Pointing and claiming, plain and "direct" (leading at once to a hidden
//! single).

use crate::Candidates;
use crate::bits::{self, Cells, UNIT};
use crate::step::{Candidate, Step, Technique, cell_list, cell_name, elim_list, rating, unit_name};

/// Unit pairs in Sudoku Explainer's order: box-column, box-row (pointing),
/// then column-box, row-box (claiming).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    let boxes = 18..27;
    let cols = 9..18;
    let rows = 0..9;
    let bc = boxes
        .clone()
        .flat_map(move |b| cols.clone().map(move |c| (b, c)));
    let br = boxes
        .clone()
        .flat_map(move |b| rows.clone().map(move |r| (b, r)));
    let cb = (9..18).flat_map(|c| (18..27).map(move |b| (c, b)));
    let rb = (0..9).flat_map(|r| (18..27).map(move |b| (r, b)));
    bc.chain(br)
        .chain(cb)
        .chain(rb)
        .filter(|&(a, b)| UNIT[a] & UNIT[b] != 0)
}

/// Pointing (a box's digit confined to one line) or claiming (a line's
/// digit confined to one box); the first one found.
pub fn locking(c: &Candidates) -> Option<Step> {
    for (u1, u2) in pairs() {
        for d in 1..=9u8 {
            let pos = c.unit_cells(u1, d);
            if bits::count(pos) > 1 && pos & !UNIT[u2] == 0 {
                let elims = c.unit_cells(u2, d) & !UNIT[u1];
                if elims != 0 {
                    return Some(locking_step(u1, u2, d, pos, elims, None));
                }
            }
        }
    }
    None
}

/// Pointing or claiming whose eliminations leave a hidden single in another
/// unit of the same kind as the first.
pub fn direct_locking(c: &Candidates) -> Option<Step> {
    direct_locking_in(c, pairs())
}

fn direct_locking_in(c: &Candidates, pairs: impl Iterator<Item = (usize, usize)>) -> Option<Step> {
    for (u1, u2) in pairs {
        for d in 1..=9u8 {
            let pos = c.unit_cells(u1, d);
            if bits::count(pos) <= 1 || pos & !UNIT[u2] != 0 {
                continue;
            }
            let elims = c.unit_cells(u2, d) & !UNIT[u1];
            if elims == 0 {
                continue;
            }
            // Units of u1's kind crossing u2.
            let kind = u1 / 9 * 9;
            for u3 in kind..kind + 9 {
                if u3 == u1 || UNIT[u3] & UNIT[u2] == 0 {
                    continue;
                }
                let p3 = c.unit_cells(u3, d);
                if bits::count(p3) > 1 {
                    let rest = p3 & !UNIT[u2];
                    if bits::count(rest) == 1 {
                        let target = (bits::first(rest), u3);
                        return Some(locking_step(u1, u2, d, pos, elims, Some(target)));
                    }
                }
            }
        }
    }
    None
}

fn locking_step(
    u1: usize,
    u2: usize,
    d: u8,
    pos: Cells,
    elims: Cells,
    single: Option<(usize, usize)>,
) -> Step {
    let pointing = u1 >= 18;
    let (technique, tenths) = match (pointing, single.is_some()) {
        (true, false) => (Technique::Pointing, 26),
        (false, false) => (Technique::Claiming, 28),
        (true, true) => (Technique::DirectPointing, 17),
        (false, true) => (Technique::DirectClaiming, 19),
    };
    let eliminations: Vec<Candidate> = bits::cells(elims).map(|x| Candidate::new(x, d)).collect();
    let mut explanation = format!(
        "In {}, {} can only go in {} ({}), so it is removed from the rest of {}: {}",
        unit_name(u1),
        d,
        unit_name(u2),
        cell_list(bits::cells(pos)),
        unit_name(u2),
        elim_list(&eliminations),
    );
    let mut placements = vec![];
    if let Some((cell, u3)) = single {
        explanation.push_str(&format!(
            "; then {} is the only place for {} in {}, so {}={}",
            cell_name(cell),
            d,
            unit_name(u3),
            cell_name(cell),
            d
        ));
        placements.push(Candidate::new(cell, d));
    }
    explanation.push('.');
    Step {
        technique,
        rating: rating(tenths),
        placements,
        eliminations,
        cells: bits::cells(pos).map(|x| x as u8).collect(),
        candidates: bits::cells(pos).map(|x| Candidate::new(x, d)).collect(),
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cell, empty, keep_only};

    #[test]
    fn pointing_in_box() {
        let mut c = empty();
        keep_only(&mut c, 5, "b1", &["r1c1", "r1c2"]);
        let s = locking(&c).unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(s.rating, 2.6);
        let cells: Vec<usize> = s.eliminations.iter().map(|e| e.cell as usize).collect();
        assert_eq!(cells, (3..9).collect::<Vec<_>>());
        assert!(s.eliminations.iter().all(|e| e.digit == 5));
        assert!(
            s.explanation
                .starts_with("In b1, 5 can only go in row 1 (r1c1, r1c2)")
        );
        assert!(direct_locking(&c).is_none());
    }

    #[test]
    fn claiming_in_column() {
        let mut c = empty();
        keep_only(&mut c, 7, "c9", &["r7c9", "r9c9"]);
        let s = locking(&c).unwrap();
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(s.rating, 2.8);
        let cells: Vec<usize> = s.eliminations.iter().map(|e| e.cell as usize).collect();
        assert_eq!(
            cells,
            vec![
                cell("r7c7"),
                cell("r7c8"),
                cell("r8c7"),
                cell("r8c8"),
                cell("r9c7"),
                cell("r9c8")
            ]
        );
    }

    #[test]
    fn direct_pointing_makes_single() {
        let mut c = empty();
        keep_only(&mut c, 5, "b1", &["r1c1", "r1c2"]);
        keep_only(&mut c, 5, "b2", &["r1c4", "r2c5"]);
        let s = direct_locking(&c).unwrap();
        assert_eq!(s.technique, Technique::DirectPointing);
        assert_eq!(s.rating, 1.7);
        assert_eq!(s.placements, vec![Candidate::new(cell("r2c5"), 5)]);
        assert!(s.eliminations.contains(&Candidate::new(cell("r1c4"), 5)));
    }

    #[test]
    fn direct_claiming_makes_single() {
        // In a band with nothing else, b3's pointing would come first, so
        // look at claiming pairs only.
        let mut c = empty();
        keep_only(&mut c, 3, "r1", &["r1c1", "r1c2"]);
        keep_only(&mut c, 3, "r2", &["r2c1", "r2c5"]);
        let claims = pairs().filter(|&(a, _)| a < 18);
        let s = direct_locking_in(&c, claims).unwrap();
        assert_eq!(s.technique, Technique::DirectClaiming);
        assert_eq!(s.rating, 1.9);
        assert_eq!(s.placements, vec![Candidate::new(cell("r2c5"), 3)]);
        assert!(s.eliminations.contains(&Candidate::new(cell("r2c1"), 3)));
    }
}
