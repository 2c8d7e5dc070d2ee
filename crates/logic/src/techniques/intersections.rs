//! Pointing and claiming, plain and "direct" (leading at once to a hidden
//! single).

use sudoku_engine::{Cell, CellSet, Digit, House, HouseKind};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, cell_list, elim_list};

/// Unit pairs in Sudoku Explainer's order: box-column, box-row (pointing),
/// then column-box, row-box (claiming).
fn pairs() -> impl Iterator<Item = (House, House)> {
    let boxes = || (0..9).map(House::block);
    let cols = || (0..9).map(House::column);
    let rows = || (0..9).map(House::row);
    let bc = boxes().flat_map(move |b| cols().map(move |c| (b, c)));
    let br = boxes().flat_map(move |b| rows().map(move |r| (b, r)));
    let cb = cols().flat_map(move |c| boxes().map(move |b| (c, b)));
    let rb = rows().flat_map(move |r| boxes().map(move |b| (r, b)));
    bc.chain(br)
        .chain(cb)
        .chain(rb)
        .filter(|&(a, b)| a.cells().intersects(b.cells()))
}

/// Pointing (a box's digit confined to one line) or claiming (a line's
/// digit confined to one box); the first one found.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid, House};
/// use sudoku_logic::{Candidates, Technique, techniques::intersections};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// // In b1, 5 only in r1c1 and r1c2: it goes from the rest of row 1.
/// for cell in House::block(0).cells().iter().skip(2) {
///     marks.eliminate(cell, Digit::new(5));
/// }
/// let step = intersections::locking(&marks).unwrap();
/// assert_eq!(step.technique, Technique::Pointing);
/// assert_eq!(step.eliminations.len(), 6);
/// assert_eq!(step.houses, [House::block(0), House::row(0)]);
/// ```
pub fn locking(c: &Candidates) -> Option<Step> {
    for (u1, u2) in pairs() {
        for d in Digit::all() {
            let pos = c.unit_cells(u1, d);
            if pos.len() > 1 && pos.is_subset(u2.cells()) {
                let elims = c.unit_cells(u2, d) - u1.cells();
                if !elims.is_empty() {
                    return Some(locking_step(u1, u2, d, pos, elims, None));
                }
            }
        }
    }
    None
}

/// Pointing or claiming whose eliminations leave a hidden single in another
/// unit of the same kind as the first.
///
/// ```
/// use sudoku_engine::{Cell, CellSet, Digit, Grid, House};
/// use sudoku_logic::{Candidates, Technique, techniques::intersections};
/// let mut marks = Candidates::from_grid(&Grid::empty());
/// let five = Digit::new(5);
/// let keep = |house: House, cells: &[Cell], marks: &mut Candidates| {
///     for cell in house.cells() - cells.iter().copied().collect::<CellSet>() {
///         marks.eliminate(cell, five);
///     }
/// };
/// // In b1, 5 only in row 1; in b2, only in r1c4 and r2c5.
/// keep(House::block(0), &[Cell::at(0, 0), Cell::at(0, 1)], &mut marks);
/// keep(House::block(1), &[Cell::at(0, 3), Cell::at(1, 4)], &mut marks);
/// let step = intersections::direct_locking(&marks).unwrap();
/// assert_eq!(step.technique, Technique::DirectPointing);
/// assert_eq!(step.placements[0].placement_text(), "r2c5=5");
/// ```
pub fn direct_locking(c: &Candidates) -> Option<Step> {
    direct_locking_in(c, pairs())
}

fn direct_locking_in(c: &Candidates, pairs: impl Iterator<Item = (House, House)>) -> Option<Step> {
    for (u1, u2) in pairs {
        for d in Digit::all() {
            let pos = c.unit_cells(u1, d);
            if pos.len() <= 1 || !pos.is_subset(u2.cells()) {
                continue;
            }
            let elims = c.unit_cells(u2, d) - u1.cells();
            if elims.is_empty() {
                continue;
            }
            // Units of u1's kind crossing u2.
            let kind = u1.index() / 9 * 9;
            for u3 in (kind..kind + 9).map(House::new) {
                if u3 == u1 || !u3.cells().intersects(u2.cells()) {
                    continue;
                }
                let p3 = c.unit_cells(u3, d);
                if p3.len() > 1 {
                    let rest = p3 - u2.cells();
                    if rest.len() == 1 {
                        let target = (rest.first().expect("one cell"), u3);
                        return Some(locking_step(u1, u2, d, pos, elims, Some(target)));
                    }
                }
            }
        }
    }
    None
}

fn locking_step(
    u1: House,
    u2: House,
    d: Digit,
    pos: CellSet,
    elims: CellSet,
    single: Option<(Cell, House)>,
) -> Step {
    let pointing = u1.kind() == HouseKind::Box;
    let technique = match (pointing, single.is_some()) {
        (true, false) => Technique::Pointing,
        (false, false) => Technique::Claiming,
        (true, true) => Technique::DirectPointing,
        (false, true) => Technique::DirectClaiming,
    };
    let eliminations: Vec<Candidate> = elims.iter().map(|x| Candidate::new(x, d)).collect();
    let mut explanation = format!(
        "In {u1}, {d} can only go in {u2} ({}), so it is removed from the rest of {u2}: {}",
        cell_list(pos),
        elim_list(&eliminations),
    );
    let mut placements = vec![];
    let mut houses = vec![u1, u2];
    if let Some((cell, u3)) = single {
        houses.push(u3);
        explanation.push_str(&format!(
            "; then {cell} is the only place for {d} in {u3}, so {cell}={d}"
        ));
        placements.push(Candidate::new(cell, d));
    }
    explanation.push('.');
    Step {
        technique,
        rating: technique.base_rating(),
        placements,
        eliminations,
        cells: pos.iter().collect(),
        houses,
        candidates: pos.iter().map(|x| Candidate::new(x, d)).collect(),
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cand, cell, empty, keep_only, unit};

    #[test]
    fn pointing_in_box() {
        let mut c = empty();
        keep_only(&mut c, 5, "b1", &["r1c1", "r1c2"]);
        let s = locking(&c).unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(s.rating, 2.6);
        let cells: Vec<usize> = s.eliminations.iter().map(|e| e.cell.index()).collect();
        assert_eq!(cells, (3..9).collect::<Vec<_>>());
        assert!(s.eliminations.iter().all(|e| e.digit.get() == 5));
        assert!(
            s.explanation
                .starts_with("In b1, 5 can only go in row 1 (r1c1, r1c2)")
        );
        assert_eq!(s.houses, [unit("b1"), unit("r1")]);
        assert!(direct_locking(&c).is_none());
    }

    #[test]
    fn claiming_in_column() {
        let mut c = empty();
        keep_only(&mut c, 7, "c9", &["r7c9", "r9c9"]);
        let s = locking(&c).unwrap();
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(s.rating, 2.8);
        assert_eq!(s.houses, [unit("c9"), unit("b9")]);
        let cells: Vec<Cell> = s.eliminations.iter().map(|e| e.cell).collect();
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
        assert_eq!(s.placements, vec![cand("r2c5", 5)]);
        assert!(s.eliminations.contains(&cand("r1c4", 5)));
        assert_eq!(s.houses, [unit("b1"), unit("r1"), unit("b2")]);
    }

    #[test]
    fn direct_claiming_makes_single() {
        // In a band with nothing else, b3's pointing would come first, so
        // look at claiming pairs only.
        let mut c = empty();
        keep_only(&mut c, 3, "r1", &["r1c1", "r1c2"]);
        keep_only(&mut c, 3, "r2", &["r2c1", "r2c5"]);
        let claims = pairs().filter(|&(a, _)| a.kind() != HouseKind::Box);
        let s = direct_locking_in(&c, claims).unwrap();
        assert_eq!(s.technique, Technique::DirectClaiming);
        assert_eq!(s.rating, 1.9);
        assert_eq!(s.placements, vec![cand("r2c5", 3)]);
        assert!(s.eliminations.contains(&cand("r2c1", 3)));
        assert_eq!(s.houses, [unit("r1"), unit("b1"), unit("r2")]);
    }
}
