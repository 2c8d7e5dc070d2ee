//! Where things are on the 9x9 board: cells, houses (rows, columns and
//! boxes), their standard names and which cells see each other.
//!
//! Everything here is computed once, at compile time, into tables; the
//! typed [`Cell`] and [`House`] are thin wrappers over their indices.

use std::fmt;
use std::str::FromStr;

use super::cell_set::CellSet;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// One of the 81 cells, numbered 0-80 in reading order; named `r3c5`
/// (row 3, column 5, counted from 1).
///
/// ```
/// use sudoku_engine::{Cell, House};
///
/// let cell = Cell::at(2, 4);
/// assert_eq!(cell.index(), 22);
/// assert_eq!(cell.to_string(), "r3c5");
/// assert_eq!("r3c5".parse::<Cell>(), Ok(cell));
/// assert_eq!(cell.houses(), [House::row(2), House::column(4), House::block(1)]);
/// assert_eq!(cell.peers().len(), 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with an index (0-80, reading order).
    ///
    /// # Panics
    /// When the index is 81 or more.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::new(80).to_string(), "r9c9");
    /// ```
    #[inline]
    pub const fn new(index: usize) -> Cell {
        assert!(index < CELLS, "a cell index is 0-80");
        Cell(index as u8)
    }

    /// The cell with an index known to be below 81 (the bits of a cell set).
    #[inline]
    pub(crate) const fn from_known_index(index: usize) -> Cell {
        debug_assert!(index < CELLS);
        Cell(index as u8)
    }

    /// The cell with an index, or `None` when it is 81 or more.
    ///
    /// ```
    /// use sudoku_engine::Cell;
    /// assert_eq!(Cell::try_new(0), Some(Cell::at(0, 0)));
    /// assert_eq!(Cell::try_new(81), None);
    /// ```
    #[inline]
    pub const fn try_new(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at a row and a column, both 0-8.
    ///
    /// # Panics
    /// When the row or the column is 9 or more.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::at(8, 0).index(), 72);
    /// ```
    #[inline]
    pub const fn at(row: usize, column: usize) -> Cell {
        assert!(row < 9 && column < 9, "rows and columns are 0-8");
        Cell((row * 9 + column) as u8)
    }

    /// The index, 0-80 in reading order.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::at(1, 1).index(), 10);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, 0-8.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::new(40).row(), 4);
    /// ```
    #[inline]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The column, 0-8.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::new(41).column(), 5);
    /// ```
    #[inline]
    pub const fn column(self) -> usize {
        self.0 as usize % 9
    }

    /// The box, 0-8 in reading order.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::at(4, 7).box_index(), 5);
    /// ```
    #[inline]
    pub const fn box_index(self) -> usize {
        box_of(self.0 as usize)
    }

    /// The cell's row, column and box, in that order.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert_eq!(Cell::new(0).houses()[2], House::block(0));
    /// ```
    #[inline]
    pub const fn houses(self) -> [House; 3] {
        let [r, c, b] = CELL_HOUSES[self.0 as usize];
        [House(r), House(c), House(b)]
    }

    /// The 20 other cells that share a row, column or box with this one.
    ///
    /// ```
    /// use sudoku_engine::Cell;
    /// let peers = Cell::at(0, 0).peers();
    /// assert!(peers.contains(Cell::at(2, 2)) && !peers.contains(Cell::at(3, 3)));
    /// ```
    #[inline]
    pub const fn peers(self) -> CellSet {
        PEER_SETS[self.0 as usize]
    }

    /// Whether two different cells share a house.
    ///
    /// ```
    /// use sudoku_engine::Cell;
    /// assert!(Cell::at(0, 0).sees(Cell::at(0, 8)));
    /// assert!(!Cell::at(0, 0).sees(Cell::at(0, 0)));
    /// ```
    #[inline]
    pub const fn sees(self, other: Cell) -> bool {
        self.peers().contains(other)
    }

    /// Every cell in reading order.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Cell::all().count(), 81);
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    /// The standard name, `r3c5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.column() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl From<Cell> for usize {
    fn from(cell: Cell) -> usize {
        cell.index()
    }
}

/// The error for a cell or house name that cannot be read.
///
/// ```
/// let err = "r0c5".parse::<sudoku_engine::Cell>().unwrap_err();
/// assert_eq!(err.to_string(), "'r0c5' is not a cell name (expected r1c1 to r9c9)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{name}' is not a {what} name (expected {expected})")]
pub struct NameError {
    name: String,
    what: &'static str,
    expected: &'static str,
}

/// A number 1-9 written as one digit.
fn one_to_nine(text: &str) -> Option<usize> {
    match text.as_bytes() {
        [d @ b'1'..=b'9'] => Some((d - b'1') as usize),
        _ => None,
    }
}

impl FromStr for Cell {
    type Err = NameError;

    /// Reads `r3c5` (any case).
    fn from_str(s: &str) -> Result<Cell, NameError> {
        let lower = s.trim().to_ascii_lowercase();
        lower
            .strip_prefix('r')
            .and_then(|rest| rest.split_once('c'))
            .and_then(|(r, c)| Some(Cell::at(one_to_nine(r)?, one_to_nine(c)?)))
            .ok_or_else(|| NameError {
                name: s.to_string(),
                what: "cell",
                expected: "r1c1 to r9c9",
            })
    }
}

/// What kind of house: a row, a column or a box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseKind {
    /// A row, numbered from the top.
    Row,
    /// A column, numbered from the left.
    Column,
    /// A 3x3 box, numbered in reading order.
    Box,
}

/// One of the 27 houses that must hold each digit once: rows 0-8, columns
/// 9-17 and boxes 18-26 by index. Named `row 3`, `column 5` and `b5`
/// (short names `r3`, `c5`, `b5`).
///
/// ```
/// use sudoku_engine::{Cell, House, HouseKind};
///
/// let house = House::block(4);
/// assert_eq!(house.index(), 22);
/// assert_eq!(house.kind(), HouseKind::Box);
/// assert_eq!(house.to_string(), "b5");
/// assert_eq!(House::row(2).to_string(), "row 3");
/// assert_eq!(House::column(2).short_name(), "c3");
/// assert_eq!(house.cells().len(), 9);
/// assert_eq!(house.cell_at(4), Cell::at(4, 4));
/// assert_eq!("column 5".parse::<House>(), Ok(House::column(4)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct House(u8);

impl House {
    /// The house with an index: rows 0-8, columns 9-17, boxes 18-26.
    ///
    /// # Panics
    /// When the index is 27 or more.
    ///
    /// ```
    /// use sudoku_engine::House;
    /// assert_eq!(House::new(9), House::column(0));
    /// ```
    #[inline]
    pub const fn new(index: usize) -> House {
        assert!(index < 27, "a house index is 0-26");
        House(index as u8)
    }

    /// Row `r` (0-8).
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::row(0).index(), 0);
    /// ```
    #[inline]
    pub const fn row(r: usize) -> House {
        assert!(r < 9, "rows are 0-8");
        House(r as u8)
    }

    /// Column `c` (0-8).
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::column(0).index(), 9);
    /// ```
    #[inline]
    pub const fn column(c: usize) -> House {
        assert!(c < 9, "columns are 0-8");
        House(9 + c as u8)
    }

    /// Box `b` (0-8, reading order; boxes are also called blocks).
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::block(8).index(), 26);
    /// ```
    #[inline]
    pub const fn block(b: usize) -> House {
        assert!(b < 9, "boxes are 0-8");
        House(18 + b as u8)
    }

    /// The index: rows 0-8, columns 9-17, boxes 18-26.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::block(0).index(), 18);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, column or box.
    ///
    /// ```
    /// use sudoku_engine::{House, HouseKind};
    /// assert_eq!(House::new(10).kind(), HouseKind::Column);
    /// ```
    #[inline]
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..=8 => HouseKind::Row,
            9..=17 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// Which row, column or box: 0-8.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::new(20).number(), 2);
    /// ```
    #[inline]
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }

    /// The house's nine cells.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert!(House::row(0).cells().contains(Cell::at(0, 8)));
    /// ```
    #[inline]
    pub const fn cells(self) -> CellSet {
        HOUSE_SETS[self.0 as usize]
    }

    /// The cell at a position (0-8) of the house: left to right in a row,
    /// top to bottom in a column, reading order in a box.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert_eq!(House::block(8).cell_at(8), Cell::at(8, 8));
    /// ```
    #[inline]
    pub const fn cell_at(self, position: usize) -> Cell {
        Cell(UNITS[self.0 as usize][position])
    }

    /// The position (0-8) of a cell in the house, in the order of
    /// [`House::cell_at`], or `None` when it is not in the house.
    ///
    /// ```
    /// use sudoku_engine::{Cell, House};
    /// assert_eq!(House::column(3).position_of(Cell::at(5, 3)), Some(5));
    /// assert_eq!(House::column(3).position_of(Cell::at(5, 4)), None);
    /// ```
    pub fn position_of(self, cell: Cell) -> Option<usize> {
        UNITS[self.0 as usize].iter().position(|&c| c == cell.0)
    }

    /// The standard name: `row 3`, `column 5` or `b5`.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::column(4).name(), "column 5");
    /// ```
    pub fn name(self) -> String {
        self.to_string()
    }

    /// The short name: `r3`, `c5` or `b5`.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::row(2).short_name(), "r3");
    /// ```
    pub fn short_name(self) -> String {
        let letter = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
        };
        format!("{letter}{}", self.number() + 1)
    }

    /// Every house: rows, then columns, then boxes.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::House::all().count(), 27);
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = House> + ExactSizeIterator + Clone {
        (0..27u8).map(House)
    }
}

impl fmt::Display for House {
    /// The standard name: `row 3`, `column 5` or `b5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.number() + 1;
        match self.kind() {
            HouseKind::Row => write!(f, "row {n}"),
            HouseKind::Column => write!(f, "column {n}"),
            HouseKind::Box => write!(f, "b{n}"),
        }
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for House {
    type Err = NameError;

    /// Reads `row 3`, `r3`, `column 5`, `c5`, `box 5` or `b5` (any case).
    fn from_str(s: &str) -> Result<House, NameError> {
        let lower = s.trim().to_ascii_lowercase();
        let (kind, number) = [
            ("row", HouseKind::Row),
            ("r", HouseKind::Row),
            ("column", HouseKind::Column),
            ("c", HouseKind::Column),
            ("box", HouseKind::Box),
            ("b", HouseKind::Box),
        ]
        .into_iter()
        .find_map(|(prefix, kind)| {
            let n = one_to_nine(lower.strip_prefix(prefix)?.trim_start())?;
            Some((kind, n))
        })
        .ok_or_else(|| NameError {
            name: s.to_string(),
            what: "house",
            expected: "row 1-9, column 1-9, b1-b9, or r3, c5",
        })?;
        Ok(match kind {
            HouseKind::Row => House::row(number),
            HouseKind::Column => House::column(number),
            HouseKind::Box => House::block(number),
        })
    }
}

/// The standard name of a cell (0-80), `r3c5`.
///
/// ```
/// assert_eq!(sudoku_engine::cell_name(0), "r1c1");
/// assert_eq!(sudoku_engine::cell_name(80), "r9c9");
/// ```
pub fn cell_name(cell: usize) -> String {
    Cell::new(cell).to_string()
}

/// Index of the box (0-8, reading order) that holds a cell (0-80).
///
/// ```
/// assert_eq!(sudoku_engine::grid::box_of(80), 8);
/// ```
#[inline]
pub const fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}

/// The 27 houses as cell indices: rows 0-8, columns 9-17, boxes 18-26, each
/// in the order of [`House::cell_at`].
pub const UNITS: [[u8; 9]; 27] = build_units();

/// For each cell, the 20 other cells that share a row, column or box with it,
/// in reading order.
pub const PEERS: [[u8; 20]; CELLS] = build_peers();

/// For each cell, the indices of its row, column and box houses.
pub const CELL_HOUSES: [[u8; 3]; CELLS] = build_cell_houses();

/// The 27 houses as cell sets, by house index.
pub const HOUSE_SETS: [CellSet; 27] = build_house_sets();

/// For each cell, its 20 peers as a cell set.
pub const PEER_SETS: [CellSet; CELLS] = build_peer_sets();

const fn build_units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            let (br, bc) = ((i / 3) * 3, (i % 3) * 3);
            units[18 + i][j] = ((br + j / 3) * 9 + bc + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

const fn build_peers() -> [[u8; 20]; CELLS] {
    let mut peers = [[0u8; 20]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut n = 0;
        let mut other = 0;
        while other < CELLS {
            let same_row = other / 9 == cell / 9;
            let same_col = other % 9 == cell % 9;
            let same_box = box_of(other) == box_of(cell);
            if other != cell && (same_row || same_col || same_box) {
                peers[cell][n] = other as u8;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

const fn build_cell_houses() -> [[u8; 3]; CELLS] {
    let mut out = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        out[cell] = [
            (cell / 9) as u8,
            (9 + cell % 9) as u8,
            (18 + box_of(cell)) as u8,
        ];
        cell += 1;
    }
    out
}

const fn build_house_sets() -> [CellSet; 27] {
    let units = build_units();
    let mut out = [CellSet::EMPTY; 27];
    let mut u = 0;
    while u < 27 {
        let mut bits = 0u128;
        let mut j = 0;
        while j < 9 {
            bits |= 1 << units[u][j];
            j += 1;
        }
        out[u] = CellSet::from_bits(bits);
        u += 1;
    }
    out
}

const fn build_peer_sets() -> [CellSet; CELLS] {
    let peers = build_peers();
    let mut out = [CellSet::EMPTY; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut bits = 0u128;
        let mut j = 0;
        while j < 20 {
            bits |= 1 << peers[cell][j];
            j += 1;
        }
        out[cell] = CellSet::from_bits(bits);
        cell += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cover_each_cell_three_times() {
        let mut seen = [0; CELLS];
        for unit in UNITS {
            for c in unit {
                seen[c as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn peers_are_twenty_distinct_cells() {
        for (cell, peers) in PEERS.iter().enumerate() {
            let mut sorted = peers.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 20);
            assert!(!sorted.contains(&(cell as u8)));
            assert_eq!(PEER_SETS[cell].len(), 20);
            assert!(sorted.iter().all(|&p| PEER_SETS[cell].contains(Cell(p))));
        }
        assert!(PEERS[0].contains(&20)); // r3c3 is in box 1 with r1c1
        assert!(!PEERS[0].contains(&30));
    }

    #[test]
    fn houses_of_cells_agree_with_units() {
        for cell in Cell::all() {
            for house in cell.houses() {
                assert!(house.cells().contains(cell));
                assert_eq!(house.cell_at(house.position_of(cell).unwrap()), cell);
            }
            let seen = cell
                .houses()
                .iter()
                .fold(CellSet::EMPTY, |acc, h| acc | h.cells());
            assert_eq!(seen - CellSet::single(cell), cell.peers());
        }
    }

    #[test]
    fn names_read_back() {
        for cell in Cell::all() {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            assert_eq!(cell_name(cell.index()), cell.to_string());
        }
        for house in House::all() {
            assert_eq!(house.name().parse::<House>(), Ok(house));
            assert_eq!(house.short_name().parse::<House>(), Ok(house));
        }
        assert_eq!("B 5".parse::<House>(), Ok(House::block(4)));
        assert_eq!("R9C1".parse::<Cell>(), Ok(Cell::at(8, 0)));
        for bad in ["", "r10c1", "r1", "x1c1", "r1c0"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        for bad in ["row", "row 0", "d3", "b10"] {
            assert!(bad.parse::<House>().is_err(), "{bad}");
        }
    }
}
