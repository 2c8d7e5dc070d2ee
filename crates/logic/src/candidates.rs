//! Pencil marks: the digits still possible in every empty cell.

use std::fmt;

use sudoku_engine::grid::Digits;
use sudoku_engine::{Cell, CellSet, Digit, DigitSet, Grid, House};

use crate::step::{Candidate, Step};

/// A position during solving: the digits placed so far and, for every empty
/// cell, the candidates (pencil marks) still possible.
///
/// Built from a [`Grid`] with every candidate that no placed digit rules
/// out; techniques then remove candidates and place digits.
///
/// ```
/// use sudoku_engine::{Cell, Digit, Grid};
/// use sudoku_logic::Candidates;
///
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let marks = Candidates::from_grid(&grid);
/// let (r1c1, r1c2) = (Cell::new(0), Cell::new(1));
/// assert_eq!(marks.value(r1c1), Some(Digit::new(4)));
/// assert_eq!(marks.mask(r1c2).to_string(), "1679");
/// assert!(marks.has(r1c2, Digit::new(6)) && !marks.has(r1c2, Digit::new(4)));
/// // The pencil-mark grid for a terminal: 3x3 mini-grids of candidates per cell.
/// let text = marks.render();
/// assert!(text.lines().count() > 30);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    values: [u8; 81],
    masks: [DigitSet; 81],
    digit_cells: [CellSet; 9],
}

impl Candidates {
    /// The pencil marks of a grid: each empty cell gets every digit that no
    /// placed peer holds. Clashing givens are kept as they are; see
    /// [`Grid::conflict`] to detect them first.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.count(Cell::new(0)), 9);
    /// ```
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut c = Candidates {
            values: [0; 81],
            masks: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                c.place(Cell::new(cell), Digit::new(d));
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
    /// use sudoku_engine::Cell;
    /// use sudoku_logic::Candidates;
    /// let mut masks = [0x1ffu16; 81];
    /// masks[0] = 0b11; // r1c1: 1 or 2
    /// let c = Candidates::from_parts([0; 81], masks).unwrap();
    /// assert_eq!(c.mask(Cell::new(0)).to_string(), "12");
    /// ```
    pub fn from_parts(values: [u8; 81], masks: [u16; 81]) -> Option<Candidates> {
        if values.iter().any(|&v| v > 9) || masks.iter().any(|&m| m > DigitSet::ALL.bits()) {
            return None;
        }
        let mut c = Candidates {
            values,
            masks: masks.map(DigitSet::from_bits),
            digit_cells: [CellSet::EMPTY; 9],
        };
        for cell in Cell::all() {
            if values[cell.index()] != 0 {
                c.masks[cell.index()] = DigitSet::EMPTY;
            }
            for d in c.masks[cell.index()] {
                c.digit_cells[d.index()].insert(cell);
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
        for cell in Cell::all() {
            if cell.index() > 0 {
                out.push(' ');
            }
            match self.value(cell) {
                Some(v) => {
                    out.push('+');
                    out.push((b'0' + v.get()) as char);
                }
                None if self.mask(cell).is_empty() => out.push('0'),
                None => {
                    for d in self.digits(cell) {
                        out.push((b'0' + d.get()) as char);
                    }
                }
            }
        }
        out
    }

    /// Reads the format of [`Candidates::marks_string`] (any whitespace
    /// between cells); `None` unless there are exactly 81 well-formed cells.
    ///
    /// ```
    /// use sudoku_logic::Candidates;
    /// let line = vec!["123456789"; 81].join(" ");
    /// assert_eq!(Candidates::parse_marks(&line), Some(Candidates::from_grid(&sudoku_engine::Grid::empty())));
    /// assert_eq!(Candidates::parse_marks("+1 2"), None);
    /// ```
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
                    masks[n] |= 1 << (ch - b'1');
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
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// use sudoku_logic::Candidates;
    /// assert_eq!(Candidates::from_grid(&Grid::empty()).to_grid(), Grid::empty());
    /// ```
    pub fn to_grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("values are 0-9")
    }

    /// The digit placed in a cell, if any.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.value(Cell::new(0)), None);
    /// ```
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::try_new(self.values[cell.index()])
    }

    /// The 81 placed digits, 0 for an empty cell.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.values(), &[0; 81]);
    /// ```
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The candidates of a cell as a set; a placed cell has none.
    ///
    /// ```
    /// use sudoku_engine::{Cell, DigitSet, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.mask(Cell::new(0)), DigitSet::ALL);
    /// ```
    #[inline]
    pub fn mask(&self, cell: Cell) -> DigitSet {
        self.masks[cell.index()]
    }

    /// The candidates of a cell in increasing order.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.digits(Cell::new(0)).count(), 9);
    /// ```
    #[inline]
    pub fn digits(&self, cell: Cell) -> Digits {
        self.masks[cell.index()].iter()
    }

    /// Number of candidates in a cell.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.count(Cell::new(80)), 9);
    /// ```
    #[inline]
    pub fn count(&self, cell: Cell) -> u32 {
        self.masks[cell.index()].bits().count_ones()
    }

    /// Whether `digit` is a candidate of `cell`.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert!(marks.has(Cell::new(0), Digit::new(5)));
    /// ```
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.masks[cell.index()].contains(digit)
    }

    /// The cells where `digit` is a candidate.
    ///
    /// ```
    /// use sudoku_engine::{CellSet, Digit, Grid};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.cells_with(Digit::new(1)), CellSet::ALL);
    /// ```
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()]
    }

    /// The empty cells.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.empty_cells().len(), 81);
    /// ```
    pub fn empty_cells(&self) -> CellSet {
        // Built from the bits directly: this runs once per technique call.
        let mut out = 0u128;
        for (cell, &v) in self.values.iter().enumerate() {
            if v == 0 {
                out |= 1 << cell;
            }
        }
        CellSet::from_bits(out)
    }

    /// How many cells are still empty.
    ///
    /// ```
    /// let marks = sudoku_logic::Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// assert_eq!(marks.empty_count(), 81);
    /// ```
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }

    /// Whether every cell holds a digit.
    ///
    /// ```
    /// let marks = sudoku_logic::Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// assert!(!marks.is_solved());
    /// ```
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Total number of candidates left.
    ///
    /// ```
    /// let marks = sudoku_logic::Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// assert_eq!(marks.candidate_count(), 729);
    /// ```
    pub fn candidate_count(&self) -> u32 {
        self.digit_cells.iter().map(|c| c.len() as u32).sum()
    }

    /// Places a digit and removes it from the candidates of the cell's peers.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid};
    /// let mut marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// marks.place(Cell::new(0), Digit::new(5));
    /// assert!(!marks.has(Cell::new(1), Digit::new(5)));
    /// ```
    #[inline]
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        self.values[i] = digit.get();
        let m = self.masks[i];
        for d in m {
            self.digit_cells[d.index()].remove(cell);
        }
        self.masks[i] = DigitSet::EMPTY;
        let di = digit.index();
        let peers = self.digit_cells[di] & cell.peers();
        self.digit_cells[di] -= peers;
        let bit = DigitSet::single(digit);
        for p in peers.indices() {
            self.masks[p] = self.masks[p] - bit;
        }
    }

    /// Removes a candidate; returns whether it was there.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid};
    /// let mut marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert!(marks.eliminate(Cell::new(0), Digit::new(5)));
    /// assert!(!marks.eliminate(Cell::new(0), Digit::new(5)));
    /// ```
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let i = cell.index();
        if !self.masks[i].remove(digit) {
            return false;
        }
        self.digit_cells[digit.index()].remove(cell);
        true
    }

    /// Applies a step: its eliminations, then its placements.
    ///
    /// ```
    /// use sudoku_logic::{next_step, Candidates};
    /// let grid: sudoku_engine::Grid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse().unwrap();
    /// let mut marks = Candidates::from_grid(&grid);
    /// let step = next_step(&marks).unwrap();
    /// marks.apply(&step);
    /// assert_eq!(marks.value(step.placements[0].cell), Some(step.placements[0].digit));
    /// ```
    pub fn apply(&mut self, step: &Step) {
        for e in &step.eliminations {
            self.eliminate(e.cell, e.digit);
        }
        for p in &step.placements {
            if self.values[p.cell.index()] == 0 {
                self.place(p.cell, p.digit);
            }
        }
    }

    /// The cells of a house where `digit` is a candidate.
    ///
    /// ```
    /// use sudoku_engine::{Digit, Grid, House};
    /// let marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert_eq!(marks.unit_cells(House::row(0), Digit::new(1)), House::row(0).cells());
    /// ```
    #[inline]
    pub fn unit_cells(&self, house: House, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()] & house.cells()
    }

    /// Whether some empty cell has no candidate or some unit has lost every
    /// place for a digit it still needs: the position cannot be solved.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid};
    /// let mut marks = sudoku_logic::Candidates::from_grid(&Grid::empty());
    /// assert!(!marks.is_broken());
    /// for d in Digit::all() {
    ///     marks.eliminate(Cell::new(0), d);
    /// }
    /// assert!(marks.is_broken());
    /// ```
    pub fn is_broken(&self) -> bool {
        if Cell::all().any(|c| self.values[c.index()] == 0 && self.masks[c.index()].is_empty()) {
            return true;
        }
        for u in House::all() {
            let mut placed = DigitSet::EMPTY;
            for c in u.cells() {
                if let Some(v) = self.value(c) {
                    if !placed.insert(v) {
                        return true;
                    }
                }
            }
            for d in !placed {
                if self.unit_cells(u, d).is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// Every candidate left, cell by cell.
    ///
    /// ```
    /// let marks = sudoku_logic::Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// assert_eq!(marks.all_candidates().count(), 729);
    /// ```
    pub fn all_candidates(&self) -> impl Iterator<Item = Candidate> + '_ {
        Cell::all().flat_map(move |c| self.digits(c).map(move |d| Candidate::new(c, d)))
    }

    /// The pencil-mark grid as text: each cell is a 3x3 mini-grid of its
    /// candidates (`.` for a removed one), a placed digit stands alone in
    /// the middle of its cell between brackets; rows and columns are
    /// numbered and boxes are framed. 52 columns by 38 lines.
    ///
    /// ```
    /// let marks = sudoku_logic::Candidates::from_grid(&sudoku_engine::Grid::empty());
    /// let text = marks.render();
    /// assert_eq!(text.lines().count(), 38);
    /// assert!(text.lines().nth(2).unwrap().contains("123  123"));
    /// ```
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
                    let cell = Cell::at(r, c);
                    out.push_str(if c % 3 == 0 { "| " } else { "  " });
                    if let Some(v) = self.value(cell) {
                        if sub == 1 {
                            out.push('(');
                            out.push((b'0' + v.get()) as char);
                            out.push(')');
                        } else {
                            out.push_str("   ");
                        }
                    } else {
                        for k in 0..3u8 {
                            let d = sub * 3 + k + 1;
                            out.push(if self.has(cell, Digit::new(d)) {
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
        for cell in Cell::all() {
            let w = if self.values[cell.index()] != 0 {
                1
            } else {
                self.count(cell).max(1) as usize
            };
            width[cell.column()] = width[cell.column()].max(w);
        }
        let mut out = String::new();
        for r in 0..9 {
            if r == 3 || r == 6 {
                let total: usize = width.iter().sum::<usize>() + 8 + 4;
                out.push_str(&"-".repeat(total));
                out.push('\n');
            }
            for c in 0..9 {
                let cell = Cell::at(r, c);
                if c == 3 || c == 6 {
                    out.push_str("| ");
                }
                let text: String = match self.value(cell) {
                    Some(v) => v.to_string(),
                    None => self.mask(cell).to_string(),
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
        let (cell, d) = (Cell::new, Digit::new);
        assert!(!c.has(cell(1), d(4)) && !c.has(cell(1), d(8)) && !c.has(cell(1), d(3)));
        assert!(c.has(cell(1), d(1)));
        c.place(cell(1), d(1));
        assert!(!c.has(cell(2), d(1)) && !c.has(cell(10), d(1)) && c.mask(cell(1)).is_empty());
        assert!(!c.cells_with(d(1)).contains(cell(2)));
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
