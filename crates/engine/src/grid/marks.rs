//! Pencil marks as a puzzle: placed digits, and for every empty cell the
//! candidates still allowed (a player's own marks, or a "sukaku" puzzle).

use std::fmt;

use super::{CELLS, Cell, Digit, DigitSet, Grid};

/// A position written as pencil marks: the digits placed so far and, for
/// every empty cell, the digits still allowed there.
///
/// It is plain data, the form in which marks are read, written and solved
/// (see [`crate::format`] for the 729-character line and the drawn grid,
/// and [`crate::solver`] for the search restricted to candidates). Working out which candidates the placed digits
/// rule out is the logical solver's job; a grid's marks made here keep all
/// nine digits in every empty cell.
///
/// ```
/// use sudoku_engine::{Cell, Digit, DigitSet, Grid, PencilMarks};
///
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let mut marks = PencilMarks::from_grid(&puzzle);
/// assert_eq!(marks.value(Cell::new(0)), Some(Digit::new(4)));
/// assert_eq!(marks.candidates(Cell::new(1)), DigitSet::ALL);
/// marks.remove(Cell::new(1), Digit::new(4));
/// assert_eq!(marks.candidates(Cell::new(1)).len(), 8);
/// assert_eq!(marks.placed(), puzzle);
/// assert_eq!(marks.to_line().len(), 729);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PencilMarks {
    /// Placed digits, 0 for an empty cell.
    values: [u8; CELLS],
    /// Candidates of the empty cells; empty for placed ones.
    candidates: [DigitSet; CELLS],
}

impl PencilMarks {
    /// The marks of a grid: its digits placed, every empty cell with all
    /// nine candidates.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// let marks = PencilMarks::from_grid(&Grid::empty());
    /// assert_eq!(marks.to_line(), "123456789".repeat(81));
    /// ```
    pub fn from_grid(grid: &Grid) -> PencilMarks {
        let mut candidates = [DigitSet::ALL; CELLS];
        for (set, &d) in candidates.iter_mut().zip(grid.cells()) {
            if d != 0 {
                *set = DigitSet::EMPTY;
            }
        }
        PencilMarks {
            values: *grid.cells(),
            candidates,
        }
    }

    /// Marks from placed digits (0 for empty; `None` when a value is above
    /// 9) and the candidates of each cell (ignored where a digit is placed).
    ///
    /// ```
    /// use sudoku_engine::{Cell, DigitSet, PencilMarks};
    /// let mut sets = [DigitSet::ALL; 81];
    /// sets[0] = DigitSet::from_bits(0b11);
    /// let marks = PencilMarks::from_parts([0; 81], sets).unwrap();
    /// assert_eq!(marks.candidates(Cell::new(0)).to_string(), "12");
    /// assert!(PencilMarks::from_parts([10; 81], sets).is_none());
    /// ```
    pub fn from_parts(values: [u8; CELLS], candidates: [DigitSet; CELLS]) -> Option<PencilMarks> {
        if values.iter().any(|&v| v > 9) {
            return None;
        }
        let mut marks = PencilMarks { values, candidates };
        for (set, &v) in marks.candidates.iter_mut().zip(&values) {
            if v != 0 {
                *set = DigitSet::EMPTY;
            }
        }
        Some(marks)
    }

    /// Marks from the digits allowed in each cell, as in the 729-character
    /// form: a cell with one digit allowed holds it, placed.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, DigitSet, PencilMarks};
    /// let mut sets = [DigitSet::ALL; 81];
    /// sets[5] = DigitSet::single(Digit::new(3));
    /// let marks = PencilMarks::from_allowed(sets);
    /// assert_eq!(marks.value(Cell::new(5)), Some(Digit::new(3)));
    /// assert_eq!(marks.allowed(), sets);
    /// ```
    pub fn from_allowed(sets: [DigitSet; CELLS]) -> PencilMarks {
        let mut marks = PencilMarks {
            values: [0; CELLS],
            candidates: sets,
        };
        for (i, set) in sets.iter().enumerate() {
            if let Some(d) = set.single_digit() {
                marks.values[i] = d.get();
                marks.candidates[i] = DigitSet::EMPTY;
            }
        }
        marks
    }

    /// The digit placed in a cell, if any.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Grid, PencilMarks};
    /// assert_eq!(PencilMarks::from_grid(&Grid::empty()).value(Cell::new(0)), None);
    /// ```
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::try_new(self.values[cell.index()])
    }

    /// The candidates of an empty cell (none for a placed cell).
    ///
    /// ```
    /// use sudoku_engine::{Cell, DigitSet, Grid, PencilMarks};
    /// assert_eq!(PencilMarks::from_grid(&Grid::empty()).candidates(Cell::new(3)), DigitSet::ALL);
    /// ```
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// The 81 placed digits in reading order, 0 for an empty cell.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// assert_eq!(PencilMarks::from_grid(&Grid::empty()).values(), &[0; 81]);
    /// ```
    #[inline]
    pub fn values(&self) -> &[u8; CELLS] {
        &self.values
    }

    /// The digits a solution may put in each cell: the placed digit alone,
    /// or the candidates. This is what the solver searches.
    ///
    /// ```
    /// use sudoku_engine::{DigitSet, Grid, PencilMarks};
    /// let sets = PencilMarks::from_grid(&Grid::empty()).allowed();
    /// assert!(sets.iter().all(|&s| s == DigitSet::ALL));
    /// ```
    pub fn allowed(&self) -> [DigitSet; CELLS] {
        let mut sets = self.candidates;
        for (set, &v) in sets.iter_mut().zip(&self.values) {
            if let Some(d) = Digit::try_new(v) {
                *set = DigitSet::single(d);
            }
        }
        sets
    }

    /// The grid of the placed digits.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// assert_eq!(PencilMarks::from_grid(&Grid::empty()).placed(), Grid::empty());
    /// ```
    pub fn placed(&self) -> Grid {
        Grid::from_cells(self.values).expect("values are 0-9")
    }

    /// Places a digit in a cell (its candidates go).
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid, PencilMarks};
    /// let mut marks = PencilMarks::from_grid(&Grid::empty());
    /// marks.place(Cell::new(0), Digit::new(5));
    /// assert_eq!(marks.placed().digit(0), Some(5));
    /// ```
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.values[cell.index()] = digit.get();
        self.candidates[cell.index()] = DigitSet::EMPTY;
    }

    /// Crosses a candidate out of an empty cell; returns whether it was there.
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid, PencilMarks};
    /// let mut marks = PencilMarks::from_grid(&Grid::empty());
    /// assert!(marks.remove(Cell::new(0), Digit::new(5)));
    /// assert!(!marks.remove(Cell::new(0), Digit::new(5)));
    /// ```
    pub fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        self.candidates[cell.index()].remove(digit)
    }

    /// Whether no empty cell has lost a candidate: the marks say no more
    /// than the placed digits.
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// assert!(PencilMarks::from_grid(&Grid::empty()).is_plain());
    /// ```
    pub fn is_plain(&self) -> bool {
        self.values
            .iter()
            .zip(&self.candidates)
            .all(|(&v, &set)| v != 0 || set == DigitSet::ALL)
    }

    /// The mistakes of these marks against a solution: every empty cell
    /// where the solution's digit was crossed out, in reading order.
    /// (Placed digits are compared with [`Grid::cells`] directly.)
    ///
    /// ```
    /// use sudoku_engine::{Cell, Digit, Grid, PencilMarks};
    /// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    ///     .parse().unwrap();
    /// let solution = puzzle.solve().unwrap();
    /// let mut marks = PencilMarks::from_grid(&puzzle);
    /// let digit = Digit::new(solution.cells()[1]);
    /// marks.remove(Cell::new(1), digit);
    /// assert_eq!(marks.crossed_out(&solution), [(Cell::new(1), digit)]);
    /// ```
    pub fn crossed_out(&self, solution: &Grid) -> Vec<(Cell, Digit)> {
        Cell::all()
            .filter(|cell| self.values[cell.index()] == 0)
            .filter_map(|cell| {
                let want = Digit::try_new(solution.cells()[cell.index()])?;
                (!self.candidates[cell.index()].contains(want)).then_some((cell, want))
            })
            .collect()
    }

    /// The 729-character form: for each cell in reading order, nine places
    /// where place `d` holds the digit `d` when it is allowed and `.`
    /// otherwise (a placed digit is its one allowed digit).
    ///
    /// ```
    /// use sudoku_engine::{Grid, PencilMarks};
    /// let mut grid = Grid::empty();
    /// grid.set(0, 0, Some(3));
    /// assert!(PencilMarks::from_grid(&grid).to_line().starts_with("..3......123456789"));
    /// ```
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(CELLS * 9);
        for set in self.allowed() {
            for d in Digit::all() {
                out.push(if set.contains(d) {
                    char::from(b'0' + d.get())
                } else {
                    '.'
                });
            }
        }
        out
    }
}

impl fmt::Display for PencilMarks {
    /// The 729-character line of [`PencilMarks::to_line`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for PencilMarks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PencilMarks({})", self.to_line())
    }
}

impl From<&Grid> for PencilMarks {
    fn from(grid: &Grid) -> PencilMarks {
        PencilMarks::from_grid(grid)
    }
}
