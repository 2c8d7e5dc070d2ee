//! Random solution grids.

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_engine::Grid;
use sudoku_engine::grid::box_of;

/// A random complete grid: a randomized fill (most constrained cell first,
/// digits in random order), then a random one of the 3,359,232 validity-
/// preserving relabellings and row/column/band/stack permutations with
/// transposition, so that no digit, position or pattern is favoured.
pub fn random_solution(rng: &mut impl Rng) -> Grid {
    let mut fill = Fill {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    // The three boxes of the diagonal share no unit: any fill of them is
    // part of some solution, so they are drawn directly.
    for b in [0, 4, 8] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        for (i, &d) in digits.iter().enumerate() {
            let cell = (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3;
            fill.put(cell, d);
        }
    }
    // The search is complete, so it always succeeds; randomized, it rarely
    // backtracks far.
    let filled = fill.search(rng);
    debug_assert!(filled);
    transform(&fill.cells, rng)
}

struct Fill {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Fill {
    fn free(&self, cell: usize) -> u16 {
        !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)]) & 0x1FF
    }

    fn search(&mut self, rng: &mut impl Rng) -> bool {
        let mut best = None;
        let mut fewest = 10;
        for cell in 0..81 {
            if self.cells[cell] == 0 {
                let n = self.free(cell).count_ones();
                if n < fewest {
                    fewest = n;
                    best = Some(cell);
                }
            }
        }
        let Some(cell) = best else {
            return true;
        };
        let free = self.free(cell);
        let mut digits = [0u8; 9];
        let mut n = 0;
        for d in 1..=9u8 {
            if free & (1 << (d - 1)) != 0 {
                digits[n] = d;
                n += 1;
            }
        }
        digits[..n].shuffle(rng);
        for &d in &digits[..n] {
            self.put(cell, d);
            if self.search(rng) {
                return true;
            }
            self.take(cell, d);
        }
        false
    }

    fn put(&mut self, cell: usize, d: u8) {
        let bit = 1 << (d - 1);
        self.cells[cell] = d;
        self.rows[cell / 9] |= bit;
        self.cols[cell % 9] |= bit;
        self.boxes[box_of(cell)] |= bit;
    }

    fn take(&mut self, cell: usize, d: u8) {
        let bit = 1 << (d - 1);
        self.cells[cell] = 0;
        self.rows[cell / 9] &= !bit;
        self.cols[cell % 9] &= !bit;
        self.boxes[box_of(cell)] &= !bit;
    }
}

/// A random order of 9 lines that keeps each group of three together.
fn line_order(rng: &mut impl Rng) -> [usize; 9] {
    let mut groups = [0, 1, 2];
    groups.shuffle(rng);
    let mut order = [0; 9];
    for (g, &group) in groups.iter().enumerate() {
        let mut inner = [0, 1, 2];
        inner.shuffle(rng);
        for (i, &line) in inner.iter().enumerate() {
            order[g * 3 + i] = group * 3 + line;
        }
    }
    order
}

fn transform(cells: &[u8; 81], rng: &mut impl Rng) -> Grid {
    let rows = line_order(rng);
    let cols = line_order(rng);
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    digits.shuffle(rng);
    let transpose = rng.random::<bool>();
    let mut out = [0u8; 81];
    for (r, &from_r) in rows.iter().enumerate() {
        for (c, &from_c) in cols.iter().enumerate() {
            let (sr, sc) = if transpose {
                (from_c, from_r)
            } else {
                (from_r, from_c)
            };
            out[r * 9 + c] = digits[cells[sr * 9 + sc] as usize - 1];
        }
    }
    Grid::from_cells(out).expect("digits 1-9")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn grids_are_valid_and_differ() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert!(a.is_solution_of(&Grid::empty()));
        assert!(b.is_solution_of(&Grid::empty()));
        assert_ne!(a, b);
    }
}
