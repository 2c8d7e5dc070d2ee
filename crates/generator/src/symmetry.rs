//! Clue symmetries: which cells must be clues together.

use std::fmt;
use std::str::FromStr;

/// A symmetry of the pattern of clues.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No constraint on the pattern.
    #[default]
    None,
    /// Unchanged by a half turn (the most common in newspapers).
    Rotational,
    /// Unchanged by a quarter turn.
    Quarter,
    /// Unchanged by swapping left and right.
    Mirror,
    /// Unchanged by swapping top and bottom.
    Flip,
    /// Unchanged by reflection in the main diagonal (r1c1 to r9c9).
    Diagonal,
    /// Unchanged by reflection in the anti-diagonal (r1c9 to r9c1).
    AntiDiagonal,
    /// Unchanged by both mirror and flip.
    Biaxial,
    /// Unchanged by all eight rotations and reflections of the square.
    Dihedral,
}

/// A map (side, row, column) -> (row, column) of an N x N grid.
type Map = fn(usize, usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every symmetry, in the order the documentation lists them.
    pub const ALL: [Symmetry; 9] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Biaxial,
        Symmetry::Dihedral,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "antidiagonal",
            Symmetry::Biaxial => "biaxial",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps (row, column) -> (row, column) that generate the symmetry.
    fn generators(self) -> &'static [Map] {
        const HALF: Map = |n, r, c| (n - 1 - r, n - 1 - c);
        const QUARTER: Map = |n, r, c| (c, n - 1 - r);
        const MIRROR: Map = |n, r, c| (r, n - 1 - c);
        const FLIP: Map = |n, r, c| (n - 1 - r, c);
        const DIAGONAL: Map = |_, r, c| (c, r);
        const ANTI: Map = |n, r, c| (n - 1 - c, n - 1 - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rotational => &[HALF],
            Symmetry::Quarter => &[QUARTER],
            Symmetry::Mirror => &[MIRROR],
            Symmetry::Flip => &[FLIP],
            Symmetry::Diagonal => &[DIAGONAL],
            Symmetry::AntiDiagonal => &[ANTI],
            Symmetry::Biaxial => &[MIRROR, FLIP],
            Symmetry::Dihedral => &[QUARTER, MIRROR],
        }
    }

    /// The cells that stand or fall together: the orbits of the 81 cells
    /// under the symmetry, each sorted, in order of their first cell.
    ///
    /// ```
    /// use sudoku_generator::Symmetry;
    /// let orbits = Symmetry::Rotational.orbits();
    /// assert_eq!(orbits.len(), 41);
    /// assert_eq!(orbits[0], vec![0, 80]);
    /// assert!(orbits.contains(&vec![40]));
    /// ```
    pub fn orbits(self) -> Vec<Vec<usize>> {
        self.orbits_of_side(9)
    }

    /// The orbits of the cells of an N x N grid, as [`Symmetry::orbits`]
    /// gives them for 9x9.
    pub(crate) fn orbits_of_side(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut i = 0;
            while i < orbit.len() {
                let cell = orbit[i];
                for map in self.generators() {
                    let (r, c) = map(n, cell / n, cell % n);
                    let image = r * n + c;
                    if !seen[image] {
                        seen[image] = true;
                        orbit.push(image);
                    }
                }
                i += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the pattern of clues of a grid has this symmetry.
    ///
    /// ```
    /// use sudoku_engine::Grid;
    /// use sudoku_generator::Symmetry;
    /// let mut grid = Grid::empty();
    /// grid.set(0, 0, Some(1));
    /// assert!(!Symmetry::Rotational.holds(&grid));
    /// grid.set(8, 8, Some(2));
    /// assert!(Symmetry::Rotational.holds(&grid));
    /// assert!(Symmetry::None.holds(&grid));
    /// ```
    pub fn holds(self, grid: &sudoku_engine::Grid) -> bool {
        self.holds_on_side(grid.cells(), 9)
    }

    /// Whether the clues of an N x N grid (cells in reading order, 0 for
    /// blank) have this symmetry.
    pub(crate) fn holds_on_side(self, cells: &[u8], n: usize) -> bool {
        self.generators().iter().all(|map| {
            (0..n * n).all(|cell| {
                let (r, c) = map(n, cell / n, cell % n);
                (cells[cell] == 0) == (cells[r * n + c] == 0)
            })
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a symmetry name that is not one of [`Symmetry::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}' (expected none, rotational, quarter, mirror, flip, diagonal, antidiagonal, biaxial or dihedral)"
)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for s in Symmetry::ALL {
            let orbits = s.orbits();
            let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..81).collect::<Vec<_>>(), "{s}");
        }
        assert_eq!(Symmetry::None.orbits().len(), 81);
        assert_eq!(Symmetry::Quarter.orbits().len(), 21);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
        assert_eq!(Symmetry::Dihedral.orbits().len(), 15);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>().unwrap(), s);
        }
    }
}
