//! The techniques one by one: each function looks for its technique alone
//! and returns the first step found (the solver's order inside it), or
//! `None`. [`crate::next_step`] tries them in Sudoku Explainer's order; call
//! one directly to ask "is there an X-Wing here?".
//!
//! ```
//! use sudoku_logic::{Candidates, Technique, next_step, techniques::fish};
//! let puzzle: sudoku_engine::Grid =
//!     "043080250600000000000001094900004070000608000010200003820500000000000005034090710"
//!         .parse().unwrap();
//! let marks = Candidates::from_grid(&puzzle);
//! // An X-Wing is there from the start, though a teacher would first show
//! // the hidden single that `next_step` gives.
//! assert_eq!(fish::fish(&marks, 2).unwrap().technique, Technique::XWing);
//! assert_eq!(next_step(&marks).unwrap().technique, Technique::HiddenSingleBox);
//! ```

pub(crate) mod chain_rules;
pub(crate) mod chains;
pub mod exclusion;
pub mod extra;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod singles;
pub mod subsets;
pub mod unary;
pub mod uniqueness;
pub mod wings;

use std::sync::OnceLock;

use crate::bits::{self, UNIT};

/// Units in the order Sudoku Explainer scans them for singles and sets:
/// boxes, columns, rows.
pub(crate) const BOX_COL_ROW: [usize; 27] = {
    let mut out = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        out[i] = 18 + i;
        out[9 + i] = 9 + i;
        out[18 + i] = i;
        i += 1;
    }
    out
};

/// The 9-bit masks with `k` bits set, in increasing order.
pub(crate) fn combos(k: u32) -> &'static [u16] {
    static TABLE: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..=9)
            .map(|k| (0u16..512).filter(|m| m.count_ones() == k).collect())
            .collect()
    });
    &t[k as usize]
}

/// A cell's 20 peers in Sudoku Explainer's "house" order: its box, then its
/// row, then its column, each in unit order.
pub(crate) fn house_order(cell: usize) -> &'static [u8; 20] {
    static TABLE: OnceLock<Vec<[u8; 20]>> = OnceLock::new();
    &TABLE.get_or_init(|| {
        (0..81)
            .map(|cell| {
                let mut out = [0u8; 20];
                let mut n = 0;
                let [r, c, b] = bits::CELL_UNITS[cell];
                let mut seen = bits::bit(cell);
                for u in [b, r, c] {
                    for x in bits::cells(UNIT[u as usize]) {
                        // UNIT bitboards iterate in reading order, which is
                        // each unit's own order too.
                        if seen & bits::bit(x) == 0 {
                            seen |= bits::bit(x);
                            out[n] = x as u8;
                            n += 1;
                        }
                    }
                }
                out
            })
            .collect()
    })[cell]
}

#[cfg(test)]
pub(crate) mod test_util {
    use crate::Candidates;
    use crate::bits::{self, UNIT};
    use sudoku_engine::Grid;

    /// A cell index from its name, `r3c5`.
    pub fn cell(name: &str) -> usize {
        let b = name.as_bytes();
        assert!(
            b.len() == 4 && b[0] == b'r' && b[2] == b'c',
            "bad cell {name}"
        );
        (b[1] - b'1') as usize * 9 + (b[3] - b'1') as usize
    }

    /// A unit index from its name: `r3`, `c5`, `b7`.
    pub fn unit(name: &str) -> usize {
        let n = (name.as_bytes()[1] - b'1') as usize;
        match name.as_bytes()[0] {
            b'r' => n,
            b'c' => 9 + n,
            _ => 18 + n,
        }
    }

    /// The empty grid with all candidates.
    pub fn empty() -> Candidates {
        Candidates::from_grid(&Grid::empty())
    }

    /// Candidates of a grid with the given digits placed.
    pub fn with_givens(givens: &[(&str, u8)]) -> Candidates {
        let mut g = Grid::empty();
        for &(name, d) in givens {
            g.set_cell(cell(name), Some(d));
        }
        Candidates::from_grid(&g)
    }

    /// Removes `digit` from every cell of the unit except the listed ones.
    pub fn keep_only(c: &mut Candidates, digit: u8, unit_name: &str, keep: &[&str]) {
        let keep: u128 = keep
            .iter()
            .map(|n| bits::bit(cell(n)))
            .fold(0, |a, b| a | b);
        for x in bits::cells(UNIT[unit(unit_name)] & !keep) {
            c.eliminate(x, digit);
        }
    }

    /// Sets a cell's candidates to exactly the listed digits (`"37"`).
    pub fn set_marks(c: &mut Candidates, name: &str, digits: &str) {
        let x = cell(name);
        let keep: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        for d in 1..=9u8 {
            if !keep.contains(&d) {
                c.eliminate(x, d);
            }
        }
    }
}
