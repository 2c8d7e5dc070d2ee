//! Sets of cells as 81-bit bitboards.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use super::geometry::{CELLS, Cell};

/// The 81 bits a set may use.
const MASK: u128 = (1 << CELLS) - 1;

/// A set of cells: bit `i` of a `u128` is the cell with index `i`. Set
/// operations are single instructions, which is what the logical
/// techniques need from it (`&` intersection, `|` union, `-` difference,
/// `!` complement within the grid).
///
/// ```
/// use sudoku_engine::{Cell, CellSet, House};
///
/// let row = House::row(0).cells();
/// let bx = House::block(0).cells();
/// let both = row & bx;
/// assert_eq!(both.len(), 3);
/// assert_eq!(both.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["r1c1", "r1c2", "r1c3"]);
/// assert_eq!((row - bx).first(), Some(Cell::at(0, 3)));
/// assert_eq!((!CellSet::EMPTY).len(), 81);
/// assert_eq!(format!("{both:?}"), "{r1c1, r1c2, r1c3}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);

    /// Every cell.
    pub const ALL: CellSet = CellSet(MASK);

    /// The set whose bit `i` is cell `i`; bits above 80 are dropped.
    ///
    /// ```
    /// use sudoku_engine::CellSet;
    /// assert_eq!(CellSet::from_bits(0b101).len(), 2);
    /// assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & MASK)
    }

    /// The bits: bit `i` is cell `i`.
    ///
    /// ```
    /// use sudoku_engine::{Cell, CellSet};
    /// assert_eq!(CellSet::single(Cell::new(3)).bits(), 8);
    /// ```
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding one cell.
    ///
    /// ```
    /// use sudoku_engine::{Cell, CellSet};
    /// assert!(CellSet::single(Cell::new(7)).contains(Cell::new(7)));
    /// ```
    #[inline]
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1 << cell.index())
    }

    /// Whether the cell is in the set.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert!(House::column(0).cells().contains(Cell::at(5, 0)));
    /// ```
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// Adds a cell; returns whether it was new.
    ///
    /// ```
    /// use sudoku_engine::{Cell, CellSet};
    /// let mut set = CellSet::EMPTY;
    /// assert!(set.insert(Cell::new(4)));
    /// assert!(!set.insert(Cell::new(4)));
    /// ```
    #[inline]
    pub fn insert(&mut self, cell: Cell) -> bool {
        let new = !self.contains(cell);
        self.0 |= 1 << cell.index();
        new
    }

    /// Removes a cell; returns whether it was there.
    ///
    /// ```
    /// use sudoku_engine::{Cell, CellSet};
    /// let mut set = CellSet::ALL;
    /// assert!(set.remove(Cell::new(4)));
    /// assert_eq!(set.len(), 80);
    /// ```
    #[inline]
    pub fn remove(&mut self, cell: Cell) -> bool {
        let was = self.contains(cell);
        self.0 &= !(1 << cell.index());
        was
    }

    /// How many cells are in the set.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::CellSet::ALL.len(), 81);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cell.
    ///
    /// ```
    /// assert!(sudoku_engine::CellSet::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first cell in reading order, if any.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert_eq!(House::block(4).cells().first(), Some(Cell::at(3, 3)));
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_known_index(self.0.trailing_zeros() as usize))
        }
    }

    /// Whether every cell of `self` is in `other`.
    ///
    /// ```
    /// use sudoku_engine::{CellSet, House};
    /// assert!((House::row(0).cells() & House::block(0).cells()).is_subset(House::row(0).cells()));
    /// ```
    #[inline]
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a cell.
    ///
    /// ```
    /// use sudoku_engine::House;
    /// assert!(House::row(0).cells().intersects(House::column(0).cells()));
    /// ```
    #[inline]
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The cells in reading order.
    ///
    /// ```
    /// use sudoku_engine::House;
    /// assert_eq!(House::column(0).cells().iter().nth(1).unwrap().to_string(), "r2c1");
    /// ```
    #[inline]
    pub const fn iter(self) -> Cells {
        Cells(self.0)
    }

    /// The cells' indices (0-80) in reading order: for code that indexes
    /// tables by cell.
    ///
    /// ```
    /// use sudoku_engine::House;
    /// assert_eq!(House::row(1).cells().indices().next(), Some(9));
    /// ```
    #[inline]
    pub const fn indices(self) -> Indices {
        Indices(self.0)
    }
}

/// The cells of a [`CellSet`] in reading order; see [`CellSet::iter`].
#[derive(Clone, Copy, Debug)]
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Cell::from_known_index(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cells {}

/// The cell indices of a [`CellSet`] in reading order; see
/// [`CellSet::indices`].
#[derive(Clone, Copy, Debug)]
pub struct Indices(u128);

impl Iterator for Indices {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Indices {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = Cells;

    fn into_iter(self) -> Cells {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl Extend<Cell> for CellSet {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, iter: I) {
        for cell in iter {
            self.insert(cell);
        }
    }
}

impl From<Cell> for CellSet {
    fn from(cell: Cell) -> CellSet {
        CellSet::single(cell)
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & rhs.0)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 | rhs.0)
    }
}

impl BitXor for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitxor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 ^ rhs.0)
    }
}

impl Sub for CellSet {
    type Output = CellSet;
    /// The cells of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// Every cell of the grid that is not in the set.
    #[inline]
    fn not(self) -> CellSet {
        CellSet(!self.0 & MASK)
    }
}

impl BitAndAssign for CellSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CellSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CellSet) {
        self.0 |= rhs.0;
    }
}

impl BitXorAssign for CellSet {
    #[inline]
    fn bitxor_assign(&mut self, rhs: CellSet) {
        self.0 ^= rhs.0;
    }
}

impl SubAssign for CellSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CellSet) {
        self.0 &= !rhs.0;
    }
}

impl fmt::Debug for CellSet {
    /// `{r1c1, r1c2}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::House;

    #[test]
    fn operations_stay_within_the_grid() {
        let row = House::row(8).cells();
        assert_eq!((!row).len(), 72);
        assert_eq!(!!row, row);
        assert_eq!((CellSet::ALL ^ row).len(), 72);
        assert_eq!(CellSet::ALL - CellSet::ALL, CellSet::EMPTY);
        let cells: CellSet = row.iter().collect();
        assert_eq!(cells, row);
        assert_eq!(
            row.indices().collect::<Vec<_>>(),
            (72..81).collect::<Vec<_>>()
        );
        assert_eq!(row.iter().len(), 9);
    }
}
