//! Pencil marks: the digits still possible in every empty cell.

use std::fmt;

use sudoku_engine::Grid;

use crate::bits::{self, Cells, PEERS, UNIT};
use crate::step::{Candidate, Step};

/// A position during solving: the digits placed so far and, for every empty
/// cell, the candidates (pencil marks) still possible.
///
/// Built from a [`Grid`] with every candidate that no placed digit rules
/// out; techniques then remove candidates and place digits.
///
/// ```
/// use sudoku_engine::Grid;
/// use sudoku_logic::Candidates;
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let marks = Candidates::from_grid(&grid);
/// assert_eq!(marks.value(0), Some(4));
/// assert_eq!(marks.digits(1).collect::<Vec<_>>(), vec![1, 6, 7, 9]);
/// assert!(marks.has(1, 6) && !marks.has(1, 4));
/// // The pencil-mark grid for a terminal: 3x3 mini-grids of candidates per cell.
/// let text = marks.render();
/// assert!(text.lines().count() > 30);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    values: [u8; 81],
    masks: [u16; 81],
    digit_cells: [Cells; 9],
}

impl Candidates {
    /// The pencil marks of a grid: each empty cell gets every digit that no
    /// placed peer holds. Clashing givens are kept as they are; see
    /// [`Grid::conflict`] to detect them first.
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut c = Candidates {
            values: [0; 81],
            masks: [bits::ALL_DIGITS; 81],
            digit_cells: [bits::ALL; 9],
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                c.place(cell, d);
            }
        }
        c
    }

    /// Pencil marks given explicitly: the placed digits (0 for empty) and,
    /// per cell, a candidate mask (bit `d - 1` for digit `d`; ignored for
    /// placed cells). Returns `None` when a value is above 9 or a mask has
    /// bits above 9. The marks are taken as they are, so a front end can
    /// load a player's own pencil marks.
    ///
    /// ```
    /// use sudoku_logic::Candidates;
    /// let mut masks = [0x1ffu16; 81];
    /// masks[0] = 0b11; // r1c1: 1 or 2
    /// let c = Candidates::from_parts([0; 81], masks).unwrap();
    /// assert_eq!(c.digits(0).collect::<Vec<_>>(), vec![1, 2]);
    /// ```
    pub fn from_parts(values: [u8; 81], masks: [u16; 81]) -> Option<Candidates> {
        if values.iter().any(|&v| v > 9) || masks.iter().any(|&m| m > bits::ALL_DIGITS) {
            return None;
        }
        let mut c = Candidates {
            values,
            masks,
            digit_cells: [0; 9],
        };
        for cell in 0..81 {
            if values[cell] != 0 {
                c.masks[cell] = 0;
            }
            for d in bits::digits(c.masks[cell]) {
                c.digit_cells[d as usize - 1] |= bits::bit(cell);
            }
        }
        Some(c)
    }

    /// The pencil marks as one line of 81 space-separated cells: a placed
    /// digit as `+5`, an empty cell as its candidates (`1679`), or `0` when
    /// it has none left. [`Candidates::parse_marks`] reads it back.
    ///
    /// ```
    /// use sudoku_logic::Candidates;
    /// let g: sudoku_engine::Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse().unwrap();
    /// let c = Candidates::from_grid(&g);
    /// let line = c.marks_string();
    /// assert!(line.starts_with("+4 1679 "));
    /// assert_eq!(Candidates::parse_marks(&line), Some(c));
    /// ```
    pub fn marks_string(&self) -> String {
        let mut out = String::with_capacity(400);
        for cell in 0..81 {
            if cell > 0 {
                out.push(' ');
            }
            match self.value(cell) {
                Some(v) => {
                    out.push('+');
                    out.push((b'0' + v) as char);
                }
                None if self.masks[cell] == 0 => out.push('0'),
                None => {
                    for d in self.digits(cell) {
                        out.push((b'0' + d) as char);
                    }
                }
            }
        }
        out
    }

    /// Reads the format of [`Candidates::marks_string`] (any whitespace
    /// between cells); `None` unless there are exactly 81 well-formed cells.
    pub fn parse_marks(text: &str) -> Option<Candidates> {
        let mut values = [0u8; 81];
        let mut masks = [0u16; 81];
        let mut n = 0;
        for token in text.split_whitespace() {
            if n == 81 {
                return None;
            }
            let b = token.as_bytes();
            if b[0] == b'+' {
                if b.len() != 2 || !(b'1'..=b'9').contains(&b[1]) {
                    return None;
                }
                values[n] = b[1] - b'0';
            } else if token != "0" {
                for &ch in b {
                    if !(b'1'..=b'9').contains(&ch) {
                        return None;
                    }
                    masks[n] |= bits::dbit(ch - b'0');
                }
            }
            n += 1;
        }
        if n != 81 {
            return None;
        }
        Candidates::from_parts(values, masks)
    }

    /// The grid of placed digits.
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("values are 0-9")
    }

    /// The digit placed in a cell, if any.
    #[inline]
    pub fn value(&self, cell: usize) -> Option<u8> {
        match self.values[cell] {
            0 => None,
            d => Some(d),
        }
    }

    /// The 81 placed digits, 0 for an empty cell.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The candidates of a cell as a mask: bit `d - 1` for digit `d`.
    /// A placed cell has none.
    #[inline]
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// The candidates of a cell in increasing order.
    #[inline]
    pub fn digits(&self, cell: usize) -> bits::DigitIter {
        bits::digits(self.masks[cell])
    }

    /// Number of candidates in a cell.
    #[inline]
    pub fn count(&self, cell: usize) -> u32 {
        self.masks[cell].count_ones()
    }

    /// Whether `digit` (1-9) is a candidate of `cell` (0-80).
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] & bits::dbit(digit) != 0
    }

    /// The cells (bitboard, bit = cell) where `digit` is a candidate.
    #[inline]
    pub fn cells_with(&self, digit: u8) -> Cells {
        self.digit_cells[digit as usize - 1]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> Cells {
        let mut out = 0;
        for (cell, &v) in self.values.iter().enumerate() {
            if v == 0 {
                out |= bits::bit(cell);
            }
        }
        out
    }

    /// How many cells are still empty.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Total number of candidates left.
    pub fn candidate_count(&self) -> u32 {
        self.digit_cells.iter().map(|c| c.count_ones()).sum()
    }

    /// Places a digit and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.values[cell] = digit;
        let m = self.masks[cell];
        for d in bits::digits(m) {
            self.digit_cells[d as usize - 1] &= !bits::bit(cell);
        }
        self.masks[cell] = 0;
        let di = digit as usize - 1;
        let peers = self.digit_cells[di] & PEERS[cell];
        self.digit_cells[di] &= !peers;
        for p in bits::cells(peers) {
            self.masks[p] &= !bits::dbit(digit);
        }
    }

    /// Removes a candidate; returns whether it was there.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let b = bits::dbit(digit);
        if self.masks[cell] & b == 0 {
            return false;
        }
        self.masks[cell] &= !b;
        self.digit_cells[digit as usize - 1] &= !bits::bit(cell);
        true
    }

    /// Applies a step: its eliminations, then its placements.
    pub fn apply(&mut self, step: &Step) {
        for e in &step.eliminations {
            self.eliminate(e.cell as usize, e.digit);
        }
        for p in &step.placements {
            if self.values[p.cell as usize] == 0 {
                self.place(p.cell as usize, p.digit);
            }
        }
    }

    /// The cells of a unit (0-26) where `digit` is a candidate.
    #[inline]
    pub fn unit_cells(&self, unit: usize, digit: u8) -> Cells {
        self.digit_cells[digit as usize - 1] & UNIT[unit]
    }

    /// Whether some empty cell has no candidate or some unit has lost every
    /// place for a digit it still needs: the position cannot be solved.
    pub fn is_broken(&self) -> bool {
        if (0..81).any(|c| self.values[c] == 0 && self.masks[c] == 0) {
            return true;
        }
        for u in 0..27 {
            let mut placed = 0u16;
            for c in bits::cells(UNIT[u]) {
                if self.values[c] != 0 {
                    let b = bits::dbit(self.values[c]);
                    if placed & b != 0 {
                        return true;
                    }
                    placed |= b;
                }
            }
            for d in 1..=9u8 {
                if placed & bits::dbit(d) == 0 && self.unit_cells(u, d) == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Every candidate left, cell by cell.
    pub fn all_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        (0..81).flat_map(move |c| self.digits(c).map(move |d| Candidate::new(c, d)))
    }

    /// The pencil-mark grid as text: each cell is a 3x3 mini-grid of its
    /// candidates (`.` for a removed one), a placed digit stands alone in
    /// the middle of its cell between brackets; rows and columns are
    /// numbered and boxes are framed. 52 columns by 38 lines.
    pub fn render(&self) -> String {
        // Each box is "| xxx  xxx  xxx " : 16 columns; a cell's text starts
        // at 4 + 16 * box + 5 * (col in box) + 2.
        let mut out = String::with_capacity(2600);
        out.push_str("   ");
        for c in 0..9 {
            if c % 3 == 0 {
                out.push_str("  ");
            }
            out.push_str(&format!(" c{}  ", c + 1));
        }
        let header = out.trim_end().to_string();
        out.clear();
        out.push_str(&header);
        out.push('\n');
        let border = "   +---------------+---------------+---------------+\n";
        let blank = "   |               |               |               |\n";
        for r in 0..9 {
            out.push_str(if r % 3 == 0 { border } else { blank });
            for sub in 0..3u8 {
                out.push_str(if sub == 1 {
                    [
                        "r1 ", "r2 ", "r3 ", "r4 ", "r5 ", "r6 ", "r7 ", "r8 ", "r9 ",
                    ][r]
                } else {
                    "   "
                });
                for c in 0..9 {
                    let cell = r * 9 + c;
                    out.push_str(if c % 3 == 0 { "| " } else { "  " });
                    if let Some(v) = self.value(cell) {
                        if sub == 1 {
                            out.push('(');
                            out.push((b'0' + v) as char);
                            out.push(')');
                        } else {
                            out.push_str("   ");
                        }
                    } else {
                        for k in 0..3u8 {
                            let d = sub * 3 + k + 1;
                            out.push(if self.has(cell, d) {
                                (b'0' + d) as char
                            } else {
                                '.'
                            });
                        }
                    }
                    if c % 3 == 2 {
                        out.push(' ');
                    }
                }
                out.push_str("|\n");
            }
        }
        out.push_str(border);
        out
    }

    /// A compact pencil-mark grid: one text line per row, each cell written
    /// as its candidates (or its placed digit), columns aligned.
    ///
    /// ```
    /// use sudoku_logic::Candidates;
    /// let marks = Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// assert!(marks.render_compact().starts_with("123456789 123456789"));
    /// ```
    pub fn render_compact(&self) -> String {
        let mut width = [1usize; 9];
        for cell in 0..81 {
            let w = if self.values[cell] != 0 {
                1
            } else {
                self.count(cell).max(1) as usize
            };
            width[cell % 9] = width[cell % 9].max(w);
        }
        let mut out = String::new();
        for r in 0..9 {
            if r == 3 || r == 6 {
                let total: usize = width.iter().sum::<usize>() + 8 + 4;
                out.push_str(&"-".repeat(total));
                out.push('\n');
            }
            for c in 0..9 {
                let cell = r * 9 + c;
                if c == 3 || c == 6 {
                    out.push_str("| ");
                }
                let text: String = match self.value(cell) {
                    Some(v) => v.to_string(),
                    None => self.digits(cell).map(|d| (b'0' + d) as char).collect(),
                };
                out.push_str(&text);
                if c < 8 {
                    out.push_str(&" ".repeat(width[c] - text.len() + 1));
                }
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Candidates {
    /// The pencil-mark grid of [`Candidates::render`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({})", self.to_grid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_grid_and_place() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let mut c = Candidates::from_grid(&g);
        assert_eq!(c.to_grid(), g);
        assert!(!c.has(1, 4) && !c.has(1, 8) && !c.has(1, 3));
        assert!(c.has(1, 1));
        c.place(1, 1);
        assert!(!c.has(2, 1) && !c.has(10, 1) && c.mask(1) == 0);
        assert_eq!(c.cells_with(1) & bits::bit(2), 0);
        assert!(!c.is_broken());
    }

    #[test]
    fn render_shapes() {
        let g: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let c = Candidates::from_grid(&g);
        let text = c.render();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 1 + 9 * 3 + 10);
        assert!(
            lines.iter().skip(1).all(|l| l.len() == lines[1].len()),
            "{text}"
        );
        assert!(lines[3].contains("(4)"));
        let compact = c.render_compact();
        assert_eq!(compact.lines().count(), 11);
        assert!(compact.starts_with("4 "));
    }
}
