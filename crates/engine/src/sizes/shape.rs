//! The shape of a grid of any size: N x N cells in boxes of R x C cells
//! (R x C = N), and its geometry (houses and peers), built once per shape.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock};

/// The shape of a grid: boxes of `box_rows` x `box_cols` cells, so
/// `size = box_rows * box_cols` digits, rows and columns. Both box sides
/// are at least 2 and the size is at most [`Shape::MAX_SIZE`].
///
/// ```
/// use sudoku_engine::sizes::Shape;
/// let shape: Shape = "3x4".parse().unwrap();
/// assert_eq!((shape.size(), shape.cells()), (12, 144));
/// assert_eq!(Shape::for_size(6), Some(Shape::new(2, 3).unwrap()));
/// assert_eq!(shape.to_string(), "3x4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape was refused.
///
/// ```
/// use sudoku_engine::sizes::{Shape, ShapeError};
/// assert_eq!(Shape::new(1, 9), Err(ShapeError::BoxTooThin { box_rows: 1, box_cols: 9 }));
/// assert!("3by3".parse::<Shape>().unwrap_err().to_string().contains("RxC"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A box side of 1 (boxes would repeat the rows or columns).
    #[error("boxes of {box_rows}x{box_cols}: each side of a box must be at least 2")]
    BoxTooThin {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// More digits than the engine holds.
    #[error("boxes of {box_rows}x{box_cols} make a {size}x{size} grid; at most 64x64 is supported")]
    TooLarge {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
        /// The grid's side.
        size: usize,
    },
    /// Text that is not `RxC`.
    #[error(
        "`{0}` is not a box shape: write RxC, the rows and columns of a box, such as 3x3 or 2x3"
    )]
    Syntax(String),
}

impl Shape {
    /// The largest grid side: a cell's candidates fit in 64 bits.
    pub const MAX_SIZE: usize = 64;

    /// The classic 9x9 grid with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape from the rows and columns of a box.
    ///
    /// ```
    /// use sudoku_engine::sizes::Shape;
    /// let tall = Shape::new(3, 2).unwrap();
    /// assert_eq!((tall.size(), tall.box_rows(), tall.box_cols()), (6, 3, 2));
    /// assert!(Shape::new(8, 9).is_err());
    /// ```
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows < 2 || box_cols < 2 {
            return Err(ShapeError::BoxTooThin { box_rows, box_cols });
        }
        let size = box_rows * box_cols;
        if size > Self::MAX_SIZE {
            return Err(ShapeError::TooLarge {
                box_rows,
                box_cols,
                size,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a side: boxes as square as the side allows,
    /// wider than tall (6 -> 2x3, 12 -> 3x4, 16 -> 4x4); `None` when the
    /// side has no such boxes (a prime, or above 64).
    ///
    /// ```
    /// use sudoku_engine::sizes::Shape;
    /// assert_eq!(Shape::for_size(25).unwrap().to_string(), "5x5");
    /// assert_eq!(Shape::for_size(10).unwrap().to_string(), "2x5");
    /// assert_eq!(Shape::for_size(7), None);
    /// ```
    pub fn for_size(size: usize) -> Option<Shape> {
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()?;
        Shape::new(rows, size / rows).ok()
    }

    /// Every side that has a usual shape, from 4 to 64.
    ///
    /// ```
    /// use sudoku_engine::sizes::Shape;
    /// let sides: Vec<usize> = Shape::sizes().take(6).collect();
    /// assert_eq!(sides, [4, 6, 8, 9, 10, 12]);
    /// ```
    pub fn sizes() -> impl Iterator<Item = usize> {
        (4..=Self::MAX_SIZE).filter(|&n| Shape::for_size(n).is_some())
    }

    /// Digits, rows and columns: `box_rows * box_cols`.
    #[inline]
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// Cells in the grid: `size * size`.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::sizes::Shape::CLASSIC.cells(), 81);
    /// ```
    #[inline]
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows of a box.
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box.
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The box of a row and column, numbered in reading order.
    ///
    /// ```
    /// let shape = sudoku_engine::sizes::Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.box_of(3, 4), 3);
    /// ```
    #[inline]
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let boxes_across = self.size() / self.box_cols();
        row / self.box_rows() * boxes_across + col / self.box_cols()
    }

    /// Every candidate of a cell: the low `size` bits.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::sizes::Shape::for_size(4).unwrap().all_digits(), 0b1111);
    /// ```
    #[inline]
    pub fn all_digits(self) -> u64 {
        u64::MAX >> (64 - self.size())
    }

    /// The name of a cell, `r10c12` (rows and columns from 1).
    ///
    /// ```
    /// let shape = sudoku_engine::sizes::Shape::for_size(16).unwrap();
    /// assert_eq!(shape.cell_name(16 * 9 + 11), "r10c12");
    /// ```
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", cell / self.size() + 1, cell % self.size() + 1)
    }

    /// The name of a house (0..size rows, then columns, then boxes):
    /// `row 3`, `column 12`, `b16`, as the 9x9 names them.
    ///
    /// ```
    /// let shape = sudoku_engine::sizes::Shape::for_size(16).unwrap();
    /// assert_eq!(shape.house_name(2), "row 3");
    /// assert_eq!(shape.house_name(16 + 11), "column 12");
    /// assert_eq!(shape.house_name(47), "b16");
    /// ```
    pub fn house_name(self, house: usize) -> String {
        let n = self.size();
        match house / n {
            0 => format!("row {}", house + 1),
            1 => format!("column {}", house - n + 1),
            _ => format!("b{}", house - 2 * n + 1),
        }
    }

    /// The houses, peers and other tables of this shape, built on first
    /// use and shared.
    ///
    /// ```
    /// let geometry = sudoku_engine::sizes::Shape::for_size(4).unwrap().geometry();
    /// assert_eq!(geometry.houses.len(), 12);
    /// assert_eq!(geometry.peers()[0].len(), 7);
    /// ```
    pub fn geometry(self) -> Arc<Geometry> {
        static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Geometry>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(self)
            .or_insert_with(|| Arc::new(Geometry::new(self)))
            .clone()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// `RxC`: the rows and columns of a box (`3x3`, `2x3`, `4x4`).
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax(s.to_string());
        let (r, c) = s.trim().split_once(['x', 'X', '*']).ok_or_else(syntax)?;
        let r = r.trim().parse().map_err(|_| syntax())?;
        let c = c.trim().parse().map_err(|_| syntax())?;
        Shape::new(r, c)
    }
}

/// The tables of one shape: houses (rows, then columns, then boxes, each
/// listing its cells in reading order), the three houses of each cell, and
/// each cell's peers (the other cells of its houses).
#[derive(Debug, Clone)]
pub struct Geometry {
    /// The shape these tables are of.
    pub shape: Shape,
    /// `3 * size` houses of `size` cells each.
    pub houses: Vec<Vec<u16>>,
    /// The row, column and box (as house numbers) of each cell.
    pub cell_houses: Vec<[u16; 3]>,
    /// The peers of each cell, made on first use ([`Geometry::peers`]):
    /// the search reads the houses, and making the peers was half of the
    /// tables of a 16x16 grid, which a one-puzzle `sudoku solve` makes
    /// for itself.
    peers: OnceLock<Vec<Vec<u16>>>,
    /// Where a row or column crosses a box: the cells they share.
    pub intersections: Vec<Intersection>,
    /// For each house, the intersections it takes part in (a row's or a
    /// column's with the boxes it crosses; a box's with its rows, then
    /// with its columns).
    pub house_intersections: Vec<Vec<u16>>,
}

/// The cells a line (row or column) shares with a box: when a digit's
/// places in one of the two houses all lie here, the digit leaves the
/// other house's remaining cells (pointing and claiming).
///
/// ```
/// let geometry = sudoku_engine::sizes::Shape::new(2, 3).unwrap().geometry();
/// let first = &geometry.intersections[0];
/// assert_eq!((first.line, first.boxed, first.cells.len()), (0, 12, 3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intersection {
    /// The row or column (as a house number).
    pub line: u16,
    /// The box (as a house number).
    pub boxed: u16,
    /// The shared cells, in reading order.
    pub cells: Vec<u16>,
}

impl Geometry {
    fn new(shape: Shape) -> Geometry {
        let n = shape.size();
        // Not `vec![Vec::with_capacity(n); 3 * n]`: a clone drops the capacity.
        let mut houses: Vec<Vec<u16>> = (0..3 * n).map(|_| Vec::with_capacity(n)).collect();
        let mut cell_houses = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let (row, col) = (cell / n, cell % n);
            let b = shape.box_of(row, col);
            let hs = [row, n + col, 2 * n + b];
            for &h in &hs {
                houses[h].push(cell as u16);
            }
            cell_houses.push(hs.map(|h| h as u16));
        }
        // A line crosses its boxes in runs of its cells: a row's runs are
        // a box wide, a column's a box high.
        let crossings = shape.box_rows() + shape.box_cols();
        let mut intersections = Vec::with_capacity(2 * n * n / crossings.max(1));
        let mut house_intersections: Vec<Vec<u16>> =
            (0..3 * n).map(|_| Vec::with_capacity(crossings)).collect();
        // Rows first, then columns, each crossing its boxes in order; a
        // box thus lists its rows' intersections before its columns'.
        for line in 0..2 * n {
            let run = if line < n {
                shape.box_cols()
            } else {
                shape.box_rows()
            };
            for cells in houses[line].chunks(run) {
                let b = cell_houses[cells[0] as usize][2];
                let i = intersections.len() as u16;
                house_intersections[line].push(i);
                house_intersections[b as usize].push(i);
                intersections.push(Intersection {
                    line: line as u16,
                    boxed: b,
                    cells: cells.to_vec(),
                });
            }
        }
        Geometry {
            shape,
            houses,
            cell_houses,
            peers: OnceLock::new(),
            intersections,
            house_intersections,
        }
    }
}

impl Geometry {
    /// The peers of each cell (the other cells of its houses), in
    /// increasing order.
    ///
    /// ```
    /// let geometry = sudoku_engine::sizes::Shape::new(2, 3).unwrap().geometry();
    /// assert_eq!(geometry.peers()[0], [1, 2, 3, 4, 5, 6, 7, 8, 12, 18, 24, 30]);
    /// ```
    pub fn peers(&self) -> &[Vec<u16>] {
        self.peers.get_or_init(|| {
            let cells = self.shape.cells();
            (0..cells).map(|cell| peers_of(self.shape, cell)).collect()
        })
    }
}

/// Tables of the same shape are the same tables.
impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.shape == other.shape
            && self.houses == other.houses
            && self.cell_houses == other.cell_houses
            && self.intersections == other.intersections
            && self.house_intersections == other.house_intersections
            && self.peers() == other.peers()
    }
}

impl Eq for Geometry {}

/// The peers of a cell in increasing order, written row by row: its own
/// row less the cell, the box's cells on the box's other rows, the column
/// elsewhere. The tables are made once per process, where merging the
/// cell's three houses (11 % of a one-puzzle 16x16 `sudoku solve`), then
/// marking them in a bitmap (a fifth), were most of the start.
fn peers_of(shape: Shape, cell: usize) -> Vec<u16> {
    let n = shape.size();
    let (row, col) = (cell / n, cell % n);
    let top = row / shape.box_rows() * shape.box_rows();
    let left = col / shape.box_cols() * shape.box_cols();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let mut out = Vec::with_capacity(2 * (n - 1) + (rows - 1) * (cols - 1));
    let cells = |from: usize, to: usize| (from..to).map(|c| c as u16);
    for r in 0..top {
        out.push((r * n + col) as u16);
    }
    for r in top..top + rows {
        let at = r * n;
        if r == row {
            out.extend(cells(at, at + col));
            out.extend(cells(at + col + 1, at + n));
        } else {
            out.extend(cells(at + left, at + left + cols));
        }
    }
    for r in top + rows..n {
        out.push((r * n + col) as u16);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_shapes_of_the_common_sizes() {
        let names: Vec<String> = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 64]
            .map(|n| Shape::for_size(n).unwrap().to_string())
            .into();
        assert_eq!(
            names,
            [
                "2x2", "2x3", "2x4", "3x3", "2x5", "3x4", "3x5", "4x4", "4x5", "5x5", "8x8"
            ]
        );
        for n in [1, 2, 3, 5, 7, 11, 13, 65, 128] {
            assert_eq!(Shape::for_size(n), None, "{n}");
        }
    }

    #[test]
    fn every_house_holds_each_cell_once_and_peers_match() {
        for shape in [
            Shape::new(2, 3).unwrap(),
            Shape::new(3, 2).unwrap(),
            Shape::new(4, 5).unwrap(),
        ] {
            let g = shape.geometry();
            let n = shape.size();
            for kind in 0..3 {
                let mut seen = vec![0; n * n];
                for h in &g.houses[kind * n..(kind + 1) * n] {
                    assert_eq!(h.len(), n);
                    for &c in h {
                        seen[c as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "{shape} kind {kind}");
            }
            // Peers: a row and a column of n-1 others, plus the box's cells
            // off that row and column.
            let expected = 2 * (n - 1) + (shape.box_rows() - 1) * (shape.box_cols() - 1);
            assert!(g.peers().iter().all(|p| p.len() == expected));
            // In increasing order, each a cell sharing a house.
            for (cell, peers) in g.peers().iter().enumerate() {
                assert!(peers.windows(2).all(|w| w[0] < w[1]), "{shape} {cell}");
                for &p in peers {
                    let shared = (0..3)
                        .filter(|&k| g.cell_houses[cell][k] == g.cell_houses[p as usize][k])
                        .count();
                    assert!(p as usize != cell && shared > 0, "{shape} {cell} {p}");
                }
            }
        }
    }

    #[test]
    fn intersections_are_every_line_and_box_that_meet() {
        for shape in [
            Shape::new(2, 3).unwrap(),
            Shape::new(3, 2).unwrap(),
            Shape::new(4, 4).unwrap(),
            Shape::new(2, 5).unwrap(),
        ] {
            let g = shape.geometry();
            let n = shape.size();
            // Worked out from the houses alone: each line against each box,
            // rows then columns, boxes in order.
            let mut expected = Vec::new();
            for line in 0..2 * n {
                for b in 2 * n..3 * n {
                    let shared: Vec<u16> = g.houses[line]
                        .iter()
                        .copied()
                        .filter(|c| g.houses[b].contains(c))
                        .collect();
                    if !shared.is_empty() {
                        expected.push((line as u16, b as u16, shared));
                    }
                }
            }
            let got: Vec<_> = g
                .intersections
                .iter()
                .map(|i| (i.line, i.boxed, i.cells.clone()))
                .collect();
            assert_eq!(got, expected, "{shape}");
            for (house, list) in g.house_intersections.iter().enumerate() {
                let mine: Vec<u16> = (0..expected.len() as u16)
                    .filter(|&i| {
                        let (line, b, _) = &expected[i as usize];
                        *line as usize == house || *b as usize == house
                    })
                    .collect();
                assert_eq!(list, &mine, "{shape} house {house}");
            }
        }
    }

    #[test]
    fn shapes_read_and_refuse() {
        assert_eq!("4X4".parse::<Shape>().unwrap(), Shape::new(4, 4).unwrap());
        assert!(matches!(
            "8x9".parse::<Shape>(),
            Err(ShapeError::TooLarge { size: 72, .. })
        ));
        assert!(matches!("x3".parse::<Shape>(), Err(ShapeError::Syntax(_))));
    }
}
