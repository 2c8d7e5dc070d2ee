//! A plain solver for every shape, kept as the yardstick for the engine:
//! each step recomputes the candidates of every open cell from its peers
//! and guesses on the cell with the fewest. Short enough to check by
//! reading; slow, so the tests give it puzzles with enough givens.

use super::grid::SizedGrid;

/// Counts solutions up to `limit`, and returns the first one found.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, reference};
/// let puzzle = SizedGrid::empty(Shape::for_size(4).unwrap());
/// let (count, first) = reference::count(&puzzle, 500);
/// assert_eq!(count, 288); // the number of 4x4 Sudoku grids
/// assert!(first.unwrap().is_solution_of(&puzzle));
/// ```
pub fn count(grid: &SizedGrid, limit: usize) -> (usize, Option<SizedGrid>) {
    let (mut found, mut first) = (0, None);
    if limit > 0 && grid.conflict().is_none() {
        let mut work = grid.clone();
        search(&mut work, limit, &mut found, &mut first);
    }
    (found, first)
}

fn search(grid: &mut SizedGrid, limit: usize, found: &mut usize, first: &mut Option<SizedGrid>) {
    let shape = grid.shape();
    let geometry = shape.geometry();
    let n = shape.size();
    let candidates = |grid: &SizedGrid, cell: usize| -> Vec<u8> {
        (1..=n as u8)
            .filter(|&d| {
                geometry.peers()[cell]
                    .iter()
                    .all(|&p| grid.cells()[p as usize] != d)
            })
            .collect()
    };
    let open = (0..shape.cells()).filter(|&c| grid.cells()[c] == 0);
    let Some(cell) = open.min_by_key(|&c| candidates(grid, c).len()) else {
        *found += 1;
        if first.is_none() {
            *first = Some(grid.clone());
        }
        return;
    };
    for d in candidates(grid, cell) {
        if *found >= limit {
            return;
        }
        grid.set(cell / n, cell % n, Some(d));
        search(grid, limit, found, first);
        grid.set(cell / n, cell % n, None);
    }
}
