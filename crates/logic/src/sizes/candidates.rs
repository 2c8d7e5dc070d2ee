//! Pencil marks for a grid of any shape: a 64-bit candidate mask per cell,
//! and per house and digit a mask of the places left (kept up to date on
//! each change, so the techniques read them instead of scanning cells).

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

use sudoku_engine::sizes::{Geometry, Shape, SizedGrid};

use super::step::SizedStep;

/// Tables of one shape beyond the engine's geometry, built once and shared.
pub(crate) struct Tables {
    pub geo: Arc<Geometry>,
    /// The position of each cell in its row, column and box.
    pub pos: Vec<[u8; 3]>,
    /// For houses `a` and `b` (at `a * 3n + b`), the positions in `a` of
    /// the cells they share.
    pub inter: Vec<u64>,
    /// Box-line pairs that cross, in Sudoku Explainer's order: box-column,
    /// box-row (pointing), then column-box, row-box (claiming).
    pub pairs: Vec<(usize, usize)>,
}

impl Tables {
    pub(crate) fn of(shape: Shape) -> Arc<Tables> {
        static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Tables>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(shape)
            .or_insert_with(|| Arc::new(Tables::new(shape)))
            .clone()
    }

    fn new(shape: Shape) -> Tables {
        let geo = shape.geometry();
        let n = shape.size();
        let mut pos = vec![[0u8; 3]; n * n];
        for (h, cells) in geo.houses.iter().enumerate() {
            for (i, &cell) in cells.iter().enumerate() {
                pos[cell as usize][h / n] = i as u8;
            }
        }
        let mut inter = vec![0u64; 9 * n * n];
        for a in 0..3 * n {
            for b in 0..3 * n {
                for (i, &cell) in geo.houses[a].iter().enumerate() {
                    if geo.cell_houses[cell as usize].contains(&(b as u16)) {
                        inter[a * 3 * n + b] |= 1 << i;
                    }
                }
            }
        }
        let (rows, cols, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
        let mut pairs = Vec::new();
        let mut add = |firsts: std::ops::Range<usize>, seconds: std::ops::Range<usize>| {
            for a in firsts {
                for b in seconds.clone() {
                    if inter[a * 3 * n + b] != 0 {
                        pairs.push((a, b));
                    }
                }
            }
        };
        add(boxes.clone(), cols.clone());
        add(boxes.clone(), rows.clone());
        add(cols, boxes.clone());
        add(rows, boxes);
        Tables {
            geo,
            pos,
            inter,
            pairs,
        }
    }
}

/// The pencil marks of a grid of any shape: each empty cell's candidates,
/// starting from the digits its peers do not hold. Digits are numbers
/// `1..=size`; cells are indices in reading order, as in
/// [`SizedGrid`]; houses are numbered as the engine's
/// [`Geometry`](sudoku_engine::sizes::Geometry) does (rows, then columns,
/// then boxes).
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid};
/// use sudoku_logic::sizes::SizedCandidates;
/// let mut grid = SizedGrid::empty(Shape::for_size(16).unwrap());
/// grid.set(0, 0, Some(12));
/// let marks = SizedCandidates::from_grid(&grid);
/// assert_eq!(marks.value(0), Some(12));
/// assert!(!marks.has(1, 12) && marks.has(1, 11));
/// assert_eq!(marks.count(1), 15);
/// assert_eq!(marks.digits(17).len(), 15); // r2c2, in the same box
/// ```
#[derive(Clone)]
pub struct SizedCandidates {
    shape: Shape,
    tables: Arc<Tables>,
    values: Vec<u8>,
    /// Candidates of each cell, bit `d - 1` for digit `d`; 0 once placed.
    masks: Vec<u64>,
    /// At `h * n + d - 1`: the positions in house `h` where `d` may go.
    places: Vec<u64>,
    /// The positions of the empty cells of each house.
    empty: Vec<u64>,
}

impl PartialEq for SizedCandidates {
    fn eq(&self, other: &Self) -> bool {
        self.shape == other.shape && self.values == other.values && self.masks == other.masks
    }
}

impl fmt::Debug for SizedCandidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SizedCandidates({} {})",
            self.shape,
            self.render_compact(sudoku_engine::sizes::Symbols::Default)
        )
    }
}

impl SizedCandidates {
    /// The pencil marks of a grid: every digit in each empty cell, less
    /// those a peer holds. Clashing digits are kept as they are (see
    /// [`SizedGrid::conflict`]).
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let marks = SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(6).unwrap()));
    /// assert_eq!(marks.count(0), 6);
    /// ```
    pub fn from_grid(grid: &SizedGrid) -> SizedCandidates {
        let shape = grid.shape();
        let n = shape.size();
        let all = shape.all_digits();
        let mut c = SizedCandidates {
            shape,
            tables: Tables::of(shape),
            values: vec![0; n * n],
            masks: vec![all; n * n],
            places: vec![all; 3 * n * n],
            empty: vec![all; 3 * n],
        };
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d != 0 {
                c.place(cell, d);
            }
        }
        c
    }

    /// The grid's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Digits, rows and columns.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The digit placed in a cell, `None` while it is empty.
    #[inline]
    pub fn value(&self, cell: usize) -> Option<u8> {
        Some(self.values[cell]).filter(|&d| d != 0)
    }

    /// Every cell's digit in reading order, 0 for empty.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// A cell's candidates as bits (`1 << (d - 1)` for digit `d`); 0 for a
    /// placed cell.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let marks = SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(4).unwrap()));
    /// assert_eq!(marks.mask(5), 0b1111);
    /// ```
    #[inline]
    pub fn mask(&self, cell: usize) -> u64 {
        self.masks[cell]
    }

    /// A cell's candidates, smallest first.
    #[inline]
    pub fn digits(&self, cell: usize) -> Vec<u8> {
        bits(self.masks[cell]).map(|b| b as u8 + 1).collect()
    }

    /// Whether a digit is a candidate of a cell.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.masks[cell] >> (digit - 1) & 1 == 1
    }

    /// How many candidates a cell has (0 for a placed cell).
    #[inline]
    pub fn count(&self, cell: usize) -> u32 {
        self.masks[cell].count_ones()
    }

    /// Where a digit may go in a house: bit `i` for the house's `i`-th
    /// cell (see [`Geometry::houses`]).
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// grid.set(0, 1, Some(3));
    /// let marks = SizedCandidates::from_grid(&grid);
    /// assert_eq!(marks.places(0, 3), 0); // row 1 holds its 3
    /// assert_eq!(marks.places(1, 3), 0b1100); // row 2: not in b1
    /// ```
    #[inline]
    pub fn places(&self, house: usize, digit: u8) -> u64 {
        self.places[house * self.size() + digit as usize - 1]
    }

    /// The positions of a house's empty cells, as [`SizedCandidates::places`].
    #[inline]
    pub fn empty_in(&self, house: usize) -> u64 {
        self.empty[house]
    }

    /// How many cells are empty.
    pub fn empty_count(&self) -> usize {
        self.values.iter().filter(|&&d| d == 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&d| d != 0)
    }

    /// The digits placed so far, as a grid.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let grid = SizedGrid::empty(Shape::for_size(9).unwrap());
    /// assert_eq!(SizedCandidates::from_grid(&grid).to_grid(), grid);
    /// ```
    pub fn to_grid(&self) -> SizedGrid {
        SizedGrid::from_cells(self.shape, self.values.clone()).expect("digits of the shape")
    }

    /// Places a digit and removes it from the cell's peers.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut marks = SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(4).unwrap()));
    /// marks.place(0, 2);
    /// assert!(!marks.has(3, 2) && !marks.has(5, 2) && marks.has(6, 2));
    /// ```
    pub fn place(&mut self, cell: usize, digit: u8) {
        let tables = self.tables.clone();
        let n = self.size();
        for d in bits(self.masks[cell]) {
            clear_place(&tables, &mut self.places, n, cell, d);
        }
        self.masks[cell] = 0;
        self.values[cell] = digit;
        for k in 0..3 {
            let h = tables.geo.cell_houses[cell][k] as usize;
            self.empty[h] &= !(1 << tables.pos[cell][k]);
        }
        for &p in &tables.geo.peers()[cell] {
            self.eliminate(p as usize, digit);
        }
    }

    /// Removes a candidate; returns whether it was there.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut marks = SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(4).unwrap()));
    /// assert!(marks.eliminate(0, 4));
    /// assert!(!marks.eliminate(0, 4));
    /// ```
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1u64 << (digit - 1);
        if self.masks[cell] & bit == 0 {
            return false;
        }
        self.masks[cell] &= !bit;
        let n = self.size();
        clear_place(&self.tables, &mut self.places, n, cell, digit as usize - 1);
        true
    }

    /// Applies a step: its eliminations, then its placements.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::{next_step, SizedCandidates};
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// for (col, d) in [(0, 1), (1, 2), (2, 3)] {
    ///     grid.set(0, col, Some(d));
    /// }
    /// let mut marks = SizedCandidates::from_grid(&grid);
    /// let step = next_step(&marks).unwrap();
    /// marks.apply(&step);
    /// assert_eq!(marks.value(3), Some(4));
    /// ```
    pub fn apply(&mut self, step: &SizedStep) {
        for &(cell, d) in &step.eliminations {
            self.eliminate(cell, d);
        }
        for &(cell, d) in &step.placements {
            if self.values[cell] == 0 {
                self.place(cell, d);
            }
        }
    }

    /// Whether some empty cell has no candidate, or some house has lost
    /// every place for a digit it still needs.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut marks = SizedCandidates::from_grid(&SizedGrid::empty(Shape::for_size(4).unwrap()));
    /// assert!(!marks.is_broken());
    /// for d in 1..=4 {
    ///     marks.eliminate(0, d);
    /// }
    /// assert!(marks.is_broken());
    /// ```
    pub fn is_broken(&self) -> bool {
        let n = self.size();
        if (0..n * n).any(|c| self.values[c] == 0 && self.masks[c] == 0) {
            return true;
        }
        (0..3 * n).any(|h| {
            let held: u64 = self.tables.geo.houses[h]
                .iter()
                .map(|&c| self.values[c as usize])
                .filter(|&d| d != 0)
                .fold(0, |m, d| m | 1 << (d - 1));
            (1..=n as u8).any(|d| held >> (d - 1) & 1 == 0 && self.places(h, d) == 0)
        })
    }
}

/// Takes a cell out of the places of digit index `d` in its three houses.
#[inline]
fn clear_place(tables: &Tables, places: &mut [u64], n: usize, cell: usize, d: usize) {
    for k in 0..3 {
        let h = tables.geo.cell_houses[cell][k] as usize;
        places[h * n + d] &= !(1 << tables.pos[cell][k]);
    }
}

/// The indices of the set bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}
