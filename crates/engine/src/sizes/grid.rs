//! A grid of any shape, and the alphabets its digits are written in.

use super::shape::Shape;
use crate::Grid;
use std::fmt;

/// A grid of any [`Shape`]: `size * size` cells in reading order, each 0
/// (empty) or a digit `1..=size`. Plain data, like [`Grid`]: it may break
/// the rules; [`SizedGrid::conflict`] finds a clash.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// let mut grid = SizedGrid::empty(Shape::for_size(16).unwrap());
/// grid.set(0, 15, Some(16));
/// assert_eq!(grid.get(0, 15), Some(16));
/// assert_eq!(grid.given_count(), 1);
/// assert_eq!(grid.to_string().len(), 256);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SizedGrid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Two cells of a house that hold the same digit.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// let mut grid = SizedGrid::empty(Shape::for_size(6).unwrap());
/// grid.set(0, 0, Some(4));
/// grid.set(1, 2, Some(4));
/// assert_eq!(grid.conflict().unwrap().to_string(), "r1c1 and r2c3 are both 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedConflict {
    /// The earlier cell (in reading order).
    pub first: usize,
    /// The later cell.
    pub second: usize,
    /// The digit both hold.
    pub digit: u8,
    /// The grid's shape, to name the cells.
    pub shape: Shape,
}

impl fmt::Display for SizedConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} are both {}",
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second),
            self.digit
        )
    }
}

impl std::error::Error for SizedConflict {}

impl SizedGrid {
    /// A grid of the shape with every cell empty.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// assert_eq!(SizedGrid::empty(Shape::CLASSIC).cells().len(), 81);
    /// ```
    pub fn empty(shape: Shape) -> SizedGrid {
        SizedGrid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells in reading order (0 for empty); `None` when
    /// there are not `size * size` of them or a value is above `size`.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// let shape = Shape::for_size(4).unwrap();
    /// assert!(SizedGrid::from_cells(shape, vec![0; 16]).is_some());
    /// assert!(SizedGrid::from_cells(shape, vec![5; 16]).is_none());
    /// assert!(SizedGrid::from_cells(shape, vec![0; 15]).is_none());
    /// ```
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<SizedGrid> {
        (cells.len() == shape.cells() && cells.iter().all(|&d| d as usize <= shape.size()))
            .then_some(SizedGrid { shape, cells })
    }

    /// The grid's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Digits, rows and columns.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// assert_eq!(SizedGrid::empty(Shape::for_size(25).unwrap()).size(), 25);
    /// ```
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The cells in reading order, 0 for empty.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit at a row and column (from 0), `None` when empty.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// let grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// assert_eq!(grid.get(3, 3), None);
    /// ```
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        Some(self.cells[row * self.size() + col]).filter(|&d| d != 0)
    }

    /// Sets or clears a cell.
    ///
    /// # Panics
    /// When the digit is 0 or above the size, or the cell is outside.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// grid.set(1, 2, Some(3));
    /// grid.set(1, 2, None);
    /// assert_eq!(grid.given_count(), 0);
    /// ```
    pub fn set(&mut self, row: usize, col: usize, digit: Option<u8>) {
        let d = digit.unwrap_or(0);
        assert!(
            digit != Some(0) && (d as usize) <= self.size(),
            "digit {d} in a {0}x{0} grid",
            self.size()
        );
        let n = self.size();
        self.cells[row * n + col] = d;
    }

    /// Cells that hold a digit.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// assert!(!SizedGrid::empty(Shape::for_size(4).unwrap()).is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The first clash in reading order of the later cell: two cells of a
    /// house holding the same digit.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// assert!(SizedGrid::empty(Shape::for_size(9).unwrap()).conflict().is_none());
    /// ```
    pub fn conflict(&self) -> Option<SizedConflict> {
        let geometry = self.shape.geometry();
        let n = self.size();
        // The first cell of each house to hold each digit, so far in
        // reading order (`u16::MAX`: none yet); the earliest of a cell's
        // three is its earliest peer with the digit.
        let mut first = vec![u16::MAX; 3 * n * n];
        for (cell, &d) in self.cells.iter().enumerate() {
            if d == 0 {
                continue;
            }
            let at = geometry.cell_houses[cell].map(|h| h as usize * n + d as usize - 1);
            let earliest = at.iter().map(|&i| first[i]).min().unwrap_or(u16::MAX);
            if earliest != u16::MAX {
                return Some(SizedConflict {
                    first: earliest as usize,
                    second: cell,
                    digit: d,
                    shape: self.shape,
                });
            }
            for i in at {
                first[i] = cell as u16;
            }
        }
        None
    }

    /// Every cell whose digit another cell of one of its houses also holds,
    /// in reading order: all the clashes, where [`SizedGrid::conflict`]
    /// names the first.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// let mut grid = SizedGrid::empty(Shape::for_size(6).unwrap());
    /// grid.set(0, 0, Some(4));
    /// grid.set(0, 5, Some(4)); // same row
    /// grid.set(1, 1, Some(4)); // same box as r1c1
    /// grid.set(5, 3, Some(2));
    /// assert_eq!(grid.clashes(), vec![0, 5, 7]);
    /// ```
    pub fn clashes(&self) -> Vec<usize> {
        let geometry = self.shape.geometry();
        (0..self.cells.len())
            .filter(|&cell| {
                let d = self.cells[cell];
                d != 0
                    && geometry.peers()[cell]
                        .iter()
                        .any(|&p| self.cells[p as usize] == d)
            })
            .collect()
    }

    /// Whether this grid is complete, breaks no rule, and keeps every digit
    /// of `puzzle` (of the same shape).
    ///
    /// ```
    /// use sudoku_engine::sizes::{self, Shape, SizedGrid};
    /// let puzzle = SizedGrid::empty(Shape::for_size(6).unwrap());
    /// let solution = sizes::solve(&puzzle).unwrap();
    /// assert!(solution.is_solution_of(&puzzle));
    /// assert!(!puzzle.is_solution_of(&puzzle));
    /// ```
    pub fn is_solution_of(&self, puzzle: &SizedGrid) -> bool {
        self.shape == puzzle.shape
            && self.is_complete()
            && self.conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&p, &s)| p == 0 || p == s)
    }

    /// The grid on one line in the default alphabet (`1-9`, then `A` for
    /// 10), `.` for a blank; sizes above 35 have no one-character digits
    /// and print as numbers separated by spaces.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// let mut grid = SizedGrid::empty(Shape::for_size(12).unwrap());
    /// grid.set(0, 0, Some(12));
    /// assert!(grid.to_line().starts_with("C..."));
    /// ```
    pub fn to_line(&self) -> String {
        self.to_string()
    }
}

impl From<&Grid> for SizedGrid {
    /// The same grid as a 3x3-box [`SizedGrid`].
    fn from(grid: &Grid) -> SizedGrid {
        SizedGrid {
            shape: Shape::CLASSIC,
            cells: grid.cells().to_vec(),
        }
    }
}

impl TryFrom<&SizedGrid> for Grid {
    type Error = Shape;

    /// The classic grid, or its shape when it is not 3x3.
    fn try_from(grid: &SizedGrid) -> Result<Grid, Shape> {
        if grid.shape != Shape::CLASSIC {
            return Err(grid.shape);
        }
        Ok(Grid::from_cells(grid.cells.as_slice().try_into().expect("81 cells")).expect("1-9"))
    }
}

impl fmt::Display for SizedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbols = Symbols::Default;
        if symbols.covers(self.size()) {
            for &d in &self.cells {
                write!(f, "{}", symbols.symbol(d).unwrap_or('.'))?;
            }
        } else {
            let numbers: Vec<String> = self.cells.iter().map(u8::to_string).collect();
            write!(f, "{}", numbers.join(" "))?;
        }
        Ok(())
    }
}

impl fmt::Debug for SizedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SizedGrid({} {self})", self.shape)
    }
}

/// How digits are written as one character each.
///
/// ```
/// use sudoku_engine::sizes::Symbols;
/// assert_eq!(Symbols::Default.symbol(10), Some('A'));
/// assert_eq!(Symbols::Hex.symbol(1), Some('0'));
/// assert_eq!(Symbols::Letters.value('P'), Some(16));
/// assert_eq!("hex".parse::<Symbols>(), Ok(Symbols::Hex));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symbols {
    /// `1-9`, then `A` for 10, `B` for 11, ... up to `Z` for 35; `0` or
    /// `.` for a blank.
    Default,
    /// Hexadecimal for 16x16: `0-9A-F` are the digits 1-16 (`0` is a digit),
    /// `.` for a blank.
    Hex,
    /// Letters: `A` for 1, `B` for 2, ... (Sudoku Explainer's 16x16 uses
    /// `A-P`); `.` or `0` for a blank.
    Letters,
}

impl Symbols {
    /// Every alphabet, in the order the documentation lists them.
    pub const ALL: [Symbols; 3] = [Symbols::Default, Symbols::Hex, Symbols::Letters];

    /// The alphabet's name on the command line.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::sizes::Symbols::Letters.name(), "letters");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Symbols::Default => "default",
            Symbols::Hex => "hex",
            Symbols::Letters => "letters",
        }
    }

    /// The characters of the digits `1..`, in order.
    fn alphabet(self) -> &'static [u8] {
        match self {
            Symbols::Default => b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            Symbols::Hex => b"0123456789ABCDEF",
            Symbols::Letters => b"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        }
    }

    /// Whether every digit of a grid of this side has a character.
    ///
    /// ```
    /// use sudoku_engine::sizes::Symbols;
    /// assert!(Symbols::Default.covers(25) && !Symbols::Hex.covers(25));
    /// ```
    pub fn covers(self, size: usize) -> bool {
        size <= self.alphabet().len()
    }

    /// The character of a digit (from 1), `None` for 0 or beyond the alphabet.
    pub fn symbol(self, digit: u8) -> Option<char> {
        let d = (digit as usize).checked_sub(1)?;
        self.alphabet().get(d).map(|&b| b as char)
    }

    /// The digit (from 1) a character stands for; lower case letters read
    /// as upper case. `None` for a blank or a character outside the alphabet.
    pub fn value(self, symbol: char) -> Option<u8> {
        let up = symbol.to_ascii_uppercase() as u32;
        let i = self.alphabet().iter().position(|&b| b as u32 == up)?;
        Some(i as u8 + 1)
    }

    /// Whether a character is a blank in this alphabet (`.` always; `0`
    /// too, except in hexadecimal where it is a digit; `_` and `-`).
    pub fn is_blank(self, symbol: char) -> bool {
        matches!(symbol, '.' | '_' | '-') || (symbol == '0' && self != Symbols::Hex)
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Symbols {
    type Err = String;

    fn from_str(s: &str) -> Result<Symbols, String> {
        Symbols::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("unknown alphabet `{s}`: expected default, hex or letters"))
    }
}
