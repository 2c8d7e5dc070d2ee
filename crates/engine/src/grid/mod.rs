//! The 9x9 grid: 81 cells holding a digit 1-9 or nothing, and the rules;
//! the geometry of cells and houses; sets of cells and of digits.

mod cell_set;
mod digit;
mod geometry;
mod marks;
#[cfg(feature = "serde")]
mod serde_impls;

pub use cell_set::{CellSet, Cells, Indices};
pub use digit::{Digit, DigitSet, Digits};
pub use geometry::{
    CELL_HOUSES, CELLS, Cell, HOUSE_SETS, House, HouseKind, NameError, PEER_SETS, PEERS, UNITS,
    box_of, cell_name,
};
pub use marks::PencilMarks;

use std::fmt;

/// A 9x9 Sudoku grid: 81 cells in reading order, each empty or holding 1-9.
///
/// A `Grid` is plain data: it may break the rules (two equal digits in a
/// unit); [`Grid::conflict`] finds such a clash.
///
/// ```
/// use sudoku_engine::Grid;
///
/// let mut grid = Grid::empty();
/// grid.set(0, 2, Some(5));
/// assert_eq!(grid.get(0, 2), Some(5));
/// assert_eq!(grid.given_count(), 1);
/// assert_eq!(grid.to_string().len(), 81);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// Two givens that break the rules: the same digit twice in a row, column or box.
///
/// ```
/// use sudoku_engine::Grid;
///
/// let mut grid = Grid::empty();
/// grid.set(2, 0, Some(5));
/// grid.set(2, 2, Some(5));
/// let clash = grid.conflict().unwrap();
/// assert_eq!(clash.to_string(), "r3c1 and r3c3 are both 5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conflict {
    /// The earlier cell (in reading order).
    pub first: Cell,
    /// The later cell.
    pub second: Cell,
    /// The digit both cells hold.
    pub digit: Digit,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} are both {}",
            self.first, self.second, self.digit
        )
    }
}

impl std::error::Error for Conflict {}

impl Grid {
    /// A grid with every cell empty.
    pub const fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// Builds a grid from 81 cells in reading order, 0 for empty.
    /// Returns `None` when a value is above 9.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// let mut cells = [0u8; 81];
    /// cells[40] = 7;
    /// assert_eq!(Grid::from_cells(cells).unwrap().get(4, 4), Some(7));
    /// cells[0] = 10;
    /// assert!(Grid::from_cells(cells).is_none());
    /// ```
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&d| d <= 9).then_some(Grid { cells })
    }

    /// The 81 cells in reading order, 0 for empty.
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at a row and column (both 0-8), `None` when empty.
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        self.digit(row * 9 + col)
    }

    /// The digit in a cell (0-80, reading order), `None` when empty.
    #[inline]
    pub fn digit(&self, cell: usize) -> Option<u8> {
        match self.cells[cell] {
            0 => None,
            d => Some(d),
        }
    }

    /// Puts a digit (1-9) in a cell, or empties it with `None`.
    ///
    /// # Panics
    /// When the digit is not 1-9 or the row or column is not 0-8.
    pub fn set(&mut self, row: usize, col: usize, digit: Option<u8>) {
        assert!(row < 9 && col < 9, "row and column must be 0-8");
        self.set_cell(row * 9 + col, digit);
    }

    /// Puts a digit (1-9) in a cell (0-80), or empties it with `None`.
    ///
    /// # Panics
    /// When the digit is not 1-9 or the cell is not 0-80.
    pub fn set_cell(&mut self, cell: usize, digit: Option<u8>) {
        let value = digit.unwrap_or(0);
        assert!(
            digit.is_none() || (1..=9).contains(&value),
            "digits are 1-9"
        );
        self.cells[cell] = value;
    }

    /// How many cells hold a digit.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first clash of equal digits in a unit, if any: the later cell is
    /// the first one in reading order that repeats an earlier peer's digit.
    pub fn conflict(&self) -> Option<Conflict> {
        // Batches check every puzzle: one pass of unit masks first, and the
        // peer scan that names the clash only when there is one.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut clash = 0;
        for (r, row) in self.cells.chunks_exact(9).enumerate() {
            for (c, &digit) in row.iter().enumerate() {
                let bit = (1u16 << digit) & !1;
                let b = r / 3 * 3 + c / 3;
                clash |= (rows[r] | cols[c] | boxes[b]) & bit;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        if clash == 0 {
            return None;
        }
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let clash = PEERS[cell]
                .iter()
                .map(|&p| p as usize)
                .filter(|&p| p < cell && self.cells[p] == digit)
                .min();
            if let Some(first) = clash {
                return Some(Conflict {
                    first: Cell::new(first),
                    second: Cell::new(cell),
                    digit: Digit::new(digit),
                });
            }
        }
        None
    }

    /// Whether this grid is complete, breaks no rule, and keeps every given
    /// of `puzzle`.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///     .parse().unwrap();
    /// let solution = puzzle.solve().unwrap();
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// ```
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_complete()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &placed)| given == 0 || given == placed)
    }

    /// The 81-character line form, `.` for empty cells.
    pub fn to_line(&self) -> String {
        self.to_string()
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl fmt::Display for Grid {
    /// The 81-character line form, `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = [b'.'; CELLS];
        for (out, &d) in line.iter_mut().zip(&self.cells) {
            if d != 0 {
                *out = b'0' + d;
            }
        }
        // Only ASCII digits and dots were written.
        f.write_str(std::str::from_utf8(&line).expect("ASCII"))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflict_names_earliest_clash() {
        let mut grid = Grid::empty();
        grid.set(2, 0, Some(5));
        grid.set(2, 2, Some(5));
        grid.set(8, 8, Some(1));
        grid.set(8, 0, Some(1));
        let c = grid.conflict().unwrap();
        assert_eq!(
            (c.first.index(), c.second.index(), c.digit.get()),
            (18, 20, 5)
        );
        assert_eq!(c.to_string(), "r3c1 and r3c3 are both 5");
    }

    #[test]
    fn conflict_in_box_and_column() {
        let mut grid = Grid::empty();
        grid.set(0, 0, Some(4));
        grid.set(1, 1, Some(4));
        assert_eq!(
            grid.conflict().unwrap().to_string(),
            "r1c1 and r2c2 are both 4"
        );
        let mut grid = Grid::empty();
        grid.set(0, 8, Some(9));
        grid.set(7, 8, Some(9));
        assert_eq!(
            grid.conflict().unwrap().to_string(),
            "r1c9 and r8c9 are both 9"
        );
    }

    #[test]
    fn display_is_line() {
        let mut grid = Grid::empty();
        grid.set(0, 0, Some(1));
        grid.set(8, 8, Some(9));
        let s = grid.to_string();
        assert!(s.starts_with("1.."));
        assert!(s.ends_with("..9"));
    }
}
