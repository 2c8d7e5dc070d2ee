//! Bitboards over the 81 cells (`u128`, bit = cell index) and digit masks
//! (`u16`, bit `d - 1` = digit `d`), with the unit tables the techniques use.

/// A set of cells: bit `i` is cell `i` (0-80, reading order).
pub type Cells = u128;

/// Every cell.
pub const ALL: Cells = (1u128 << 81) - 1;

/// All nine digits as a mask.
pub const ALL_DIGITS: u16 = 0x1ff;

const fn build_units() -> [Cells; 27] {
    let mut out = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        out[r] |= 1 << cell;
        out[9 + c] |= 1 << cell;
        out[18 + b] |= 1 << cell;
        cell += 1;
    }
    out
}

/// The 27 units as cell sets: rows 0-8, columns 9-17, boxes 18-26
/// (the same numbering as `sudoku_engine::grid::UNITS`).
pub const UNIT: [Cells; 27] = build_units();

const fn build_cell_units() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        out[cell] = [r as u8, 9 + c as u8, 18 + ((r / 3) * 3 + c / 3) as u8];
        cell += 1;
    }
    out
}

/// For each cell: its row, column and box unit numbers.
pub const CELL_UNITS: [[u8; 3]; 81] = build_cell_units();

const fn build_peers() -> [Cells; 81] {
    let units = build_units();
    let cu = build_cell_units();
    let mut out = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        out[cell] = (units[cu[cell][0] as usize]
            | units[cu[cell][1] as usize]
            | units[cu[cell][2] as usize])
            & !(1u128 << cell);
        cell += 1;
    }
    out
}

/// For each cell, the 20 cells that see it.
pub const PEERS: [Cells; 81] = build_peers();

/// The cell set holding one cell.
#[inline]
pub const fn bit(cell: usize) -> Cells {
    1u128 << cell
}

/// Number of cells in a set.
#[inline]
pub const fn count(cells: Cells) -> u32 {
    cells.count_ones()
}

/// The lowest cell of a non-empty set.
#[inline]
pub const fn first(cells: Cells) -> usize {
    cells.trailing_zeros() as usize
}

/// Iterates the cells of a set in reading order.
#[derive(Clone, Copy)]
pub struct CellIter(pub Cells);

impl Iterator for CellIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

/// The cells of a set in reading order.
#[inline]
pub fn cells(set: Cells) -> CellIter {
    CellIter(set)
}

/// Iterates the digits (1-9) of a mask in increasing order.
#[derive(Clone, Copy)]
pub struct DigitIter(pub u16);

impl Iterator for DigitIter {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The digits (1-9) of a mask.
#[inline]
pub fn digits(mask: u16) -> DigitIter {
    DigitIter(mask)
}

/// The mask holding one digit (1-9).
#[inline]
pub const fn dbit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The cell of a unit at a position (0-8) in the unit's own order.
#[inline]
pub fn unit_cell(unit: usize, pos: usize) -> usize {
    sudoku_engine::grid::UNITS[unit][pos] as usize
}

/// Compresses a cell set of one unit to a 9-bit mask of positions.
#[inline]
pub fn to_positions(unit: usize, set: Cells) -> u16 {
    let mut out = 0;
    for (i, &c) in sudoku_engine::grid::UNITS[unit].iter().enumerate() {
        if set >> c & 1 == 1 {
            out |= 1 << i;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_peers() {
        assert_eq!(count(UNIT[0]), 9);
        assert_eq!(count(UNIT[26]), 9);
        assert!(PEERS.iter().all(|&p| count(p) == 20));
        assert!(PEERS[0] >> 20 & 1 == 1 && PEERS[0] >> 30 & 1 == 0);
        assert_eq!(unit_cell(18 + 4, 4), 40);
        assert_eq!(to_positions(9, bit(0) | bit(80)), 1);
        assert_eq!(to_positions(9 + 8, bit(80)), 1 << 8);
        assert_eq!(digits(0b101).collect::<Vec<_>>(), vec![1, 3]);
    }
}
