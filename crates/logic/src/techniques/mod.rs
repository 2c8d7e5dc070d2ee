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

//!
//! | module | techniques |
//! |---|---|
//! | [`singles`] | Full House, Hidden Single, Naked Single |
//! | [`intersections`] | Pointing, Claiming and their direct forms |
//! | [`subsets`] | Naked and Hidden Pairs, Triples, Quads; Direct Hidden Pair and Triple |
//! | [`fish`] | X-Wing, Swordfish, Jellyfish |
//! | [`finned_fish`] | Finned and sashimi X-Wing, Swordfish, Jellyfish (extra) |
//! | [`wings`] | XY-Wing, XYZ-Wing |
//! | [`unique_rectangles`] | Unique Rectangles types 1-4, Unique Loops |
//! | [`bug`] | BUG+1, BUG types 2-4 |
//! | [`als_xz`] | ALS-XZ (extra) |
//! | [`aligned_pair_exclusion`] | Aligned Pair Exclusion |
//! | [`aic`] | X-Chain, XY-Chain, AIC, their loops; Skyscraper, 2-String Kite, Turbot Fish, W-Wing |
//! | [`forcing_chains`] | Nishio, Cell, Region, Dynamic and Nested Forcing Chains |
//!
//! The chain techniques run on a private chain engine (`chain_engine.rs`),
//! and the "(+)" forcing chains apply a few simple rules on the reduced
//! grid as they go (`reduced_grid_rules.rs`).

pub mod aic;
pub mod aligned_pair_exclusion;
pub mod als_xz;
pub mod bug;
pub(crate) mod chain_engine;
pub mod finned_fish;
pub mod fish;
pub mod forcing_chains;
pub mod intersections;
pub(crate) mod reduced_grid_rules;
pub mod singles;
pub mod subsets;
pub mod unique_rectangles;
pub mod wings;

use std::sync::OnceLock;

use sudoku_engine::{Cell, CellSet, House};

use crate::{Candidates, Step, Technique};
use forcing_chains::Kind;

/// A search the solver runs as one: the techniques it finds and the
/// function that looks for them (the first step found, in Sudoku
/// Explainer's order inside the search).
pub(crate) struct Tier {
    /// The lowest rating a step of this search can get, in tenths: the
    /// solver stops early when every search left rates above its cap.
    pub min_tenths: u16,
    /// Its techniques assume a unique solution.
    pub unique_only: bool,
    /// Only with [`crate::Solver::with_extra_techniques`].
    pub extra: bool,
    /// Looks for a step.
    pub find: fn(&Candidates) -> Option<Step>,
    /// The techniques of its steps.
    #[cfg_attr(not(test), allow(dead_code))]
    pub techniques: &'static [Technique],
}

/// A search for the given techniques: its rating floor and flags come from
/// the technique table.
const fn tier(techniques: &'static [Technique], find: fn(&Candidates) -> Option<Step>) -> Tier {
    let mut min_tenths = u16::MAX;
    let mut unique_only = false;
    let mut extra = false;
    let mut i = 0;
    while i < techniques.len() {
        let t = techniques[i];
        if t.base_tenths() < min_tenths {
            min_tenths = t.base_tenths();
        }
        unique_only |= t.needs_uniqueness();
        extra |= t.is_extra();
        i += 1;
    }
    Tier {
        min_tenths,
        unique_only,
        extra,
        find,
        techniques,
    }
}

/// A forcing-chain search of one kind: its floor is the kind's base rating
/// (which adds a bonus for each nesting level past the first).
const fn forcing(kind: Kind, find: fn(&Candidates) -> Option<Step>) -> Tier {
    Tier {
        min_tenths: kind.base_tenths(),
        ..tier(kind.techniques(), find)
    }
}

/// Every search, in the order the solver tries them (Sudoku Explainer's),
/// and so in increasing order of rating floors.
pub(crate) const TIERS: &[Tier] = {
    use Technique::*;
    &[
        tier(
            &[
                FullHouse,
                HiddenSingleBox,
                HiddenSingleRow,
                HiddenSingleColumn,
            ],
            singles::hidden_single,
        ),
        tier(
            &[DirectPointing, DirectClaiming],
            intersections::direct_locking,
        ),
        tier(&[DirectHiddenPair], |c| subsets::hidden_set(c, 2, true)),
        tier(&[NakedSingle], singles::naked_single),
        tier(&[DirectHiddenTriple], |c| subsets::hidden_set(c, 3, true)),
        tier(&[Pointing, Claiming], intersections::locking),
        tier(&[NakedPair], |c| subsets::naked_set(c, 2)),
        tier(&[XWing], |c| fish::fish(c, 2)),
        tier(&[FinnedXWing], |c| finned_fish::finned_fish(c, 2)),
        tier(&[HiddenPair], |c| subsets::hidden_set(c, 2, false)),
        tier(&[NakedTriple], |c| subsets::naked_set(c, 3)),
        tier(&[Swordfish], |c| fish::fish(c, 3)),
        tier(&[FinnedSwordfish], |c| finned_fish::finned_fish(c, 3)),
        tier(&[HiddenTriple], |c| subsets::hidden_set(c, 3, false)),
        tier(&[XYWing], |c| wings::xy_wing(c, false)),
        tier(&[XYZWing], |c| wings::xy_wing(c, true)),
        tier(
            &[
                UniqueRectangle1,
                UniqueRectangle2,
                UniqueRectangle3,
                UniqueRectangle4,
                UniqueLoop,
            ],
            unique_rectangles::unique_loops,
        ),
        tier(&[NakedQuad], |c| subsets::naked_set(c, 4)),
        tier(&[Jellyfish], |c| fish::fish(c, 4)),
        tier(&[FinnedJellyfish], |c| finned_fish::finned_fish(c, 4)),
        tier(&[HiddenQuad], |c| subsets::hidden_set(c, 4, false)),
        tier(&[BugPlus1, Bug2, Bug3, Bug4], bug::bug),
        tier(&[AlsXz], als_xz::als_xz),
        tier(
            &[AlignedPairExclusion],
            aligned_pair_exclusion::aligned_pair,
        ),
        tier(aic::TECHNIQUES, aic::chains_and_cycles),
        forcing(Kind::Nishio, |c| {
            forcing_chains::forcing_chain(c, Kind::Nishio)
        }),
        forcing(Kind::Multiple, |c| {
            forcing_chains::forcing_chain(c, Kind::Multiple)
        }),
        forcing(Kind::Dynamic, |c| {
            forcing_chains::forcing_chain(c, Kind::Dynamic)
        }),
        forcing(Kind::DynamicPlus, |c| {
            forcing_chains::forcing_chain(c, Kind::DynamicPlus)
        }),
        forcing(Kind::Nested2, |c| {
            forcing_chains::forcing_chain(c, Kind::Nested2)
        }),
        forcing(Kind::Nested3, |c| {
            forcing_chains::forcing_chain(c, Kind::Nested3)
        }),
        forcing(Kind::Nested4, |c| {
            forcing_chains::forcing_chain(c, Kind::Nested4)
        }),
    ]
};

/// Units in the order Sudoku Explainer scans them for singles and sets:
/// boxes, columns, rows.
pub(crate) const BOX_COL_ROW: [House; 27] = {
    let mut out = [House::new(0); 27];
    let mut i = 0;
    while i < 9 {
        out[i] = House::block(i);
        out[9 + i] = House::column(i);
        out[18 + i] = House::row(i);
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
pub(crate) fn house_order(cell: Cell) -> &'static [Cell; 20] {
    static TABLE: OnceLock<Vec<[Cell; 20]>> = OnceLock::new();
    &TABLE.get_or_init(|| {
        Cell::all()
            .map(|cell| {
                let mut out = [cell; 20];
                let mut n = 0;
                let [r, c, b] = cell.houses();
                let mut seen = CellSet::single(cell);
                for u in [b, r, c] {
                    // House sets iterate in reading order, which is each
                    // house's own order too.
                    for x in u.cells() - seen {
                        out[n] = x;
                        n += 1;
                    }
                    seen |= u.cells();
                }
                out
            })
            .collect()
    })[cell.index()]
}

/// Compresses the cells of a house to a 9-bit mask of their positions in
/// the house (see [`House::cell_at`]).
#[inline]
pub(crate) fn positions(house: House, set: CellSet) -> u16 {
    let mut out = 0;
    for (i, &c) in sudoku_engine::grid::UNITS[house.index()].iter().enumerate() {
        // Bits: one shift and mask per cell, no `Cell` needed.
        out |= ((set.bits() >> c & 1) as u16) << i;
    }
    out
}

/// The first house holding both cells, in the order row, column, box.
#[inline]
pub(crate) fn joining(a: Cell, b: Cell) -> Option<House> {
    a.houses().into_iter().find(|h| h.cells().contains(b))
}

/// Houses sorted (rows, columns, boxes) without repeats.
pub(crate) fn sorted(mut houses: Vec<House>) -> Vec<House> {
    houses.sort_unstable();
    houses.dedup();
    houses
}

/// The lines of the kind of `base` (row 0 or column 0) picked by a 9-bit
/// mask.
#[inline]
pub(crate) fn lines(base: House, mask: u16) -> impl Iterator<Item = House> + Clone {
    (0..9)
        .filter(move |i| mask >> i & 1 == 1)
        .map(move |i| House::new(base.index() + i))
}

/// The cells of a house picked by a 9-bit position mask.
#[inline]
pub(crate) fn cells_at(house: House, positions: u16) -> CellSet {
    let mut out = CellSet::EMPTY;
    let mut m = positions;
    while m != 0 {
        out.insert(house.cell_at(m.trailing_zeros() as usize));
        m &= m - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_technique_is_in_one_tier() {
        for t in Technique::ALL {
            let n = TIERS
                .iter()
                .filter(|tier| tier.techniques.contains(&t))
                .count();
            // Nested forcing chains are searched at three nesting levels.
            let want = if t == Technique::NestedForcingChain {
                3
            } else {
                1
            };
            assert_eq!(n, want, "{t:?}");
        }
    }

    #[test]
    fn forcing_kinds_share_a_base() {
        use forcing_chains::Kind::*;
        for kind in [
            Nishio,
            Multiple,
            Dynamic,
            DynamicPlus,
            Nested2,
            Nested3,
            Nested4,
        ] {
            let base = kind.techniques()[0].base_tenths();
            assert!(kind.techniques().iter().all(|t| t.base_tenths() == base));
        }
    }

    #[test]
    fn tiers_rise_and_match_their_techniques() {
        for pair in TIERS.windows(2) {
            assert!(pair[0].min_tenths <= pair[1].min_tenths);
        }
        for tier in TIERS {
            let lowest = tier.techniques.iter().map(|t| t.base_tenths()).min();
            assert!(lowest <= Some(tier.min_tenths));
            assert!(
                tier.techniques
                    .iter()
                    .all(|t| t.needs_uniqueness() == tier.unique_only)
            );
            assert!(tier.techniques.iter().all(|t| t.is_extra() == tier.extra));
        }
        // The rating floors of the solver before the table existed.
        let floors: Vec<u16> = TIERS.iter().map(|t| t.min_tenths).collect();
        assert_eq!(
            floors,
            [
                10, 17, 20, 23, 25, 26, 30, 32, 34, 34, 36, 38, 40, 40, 42, 44, 45, 50, 52, 54, 54,
                56, 58, 62, 65, 75, 80, 85, 90, 95, 100, 105
            ]
        );
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use crate::{Candidate, Candidates};
    use sudoku_engine::{Cell, CellSet, Digit, Grid, House};

    /// A cell from its name, `r3c5`.
    pub fn cell(name: &str) -> Cell {
        name.parse().expect("a cell name")
    }

    /// A house from its name: `r3`, `c5`, `b7`.
    pub fn unit(name: &str) -> House {
        name.parse().expect("a house name")
    }

    /// A candidate from a cell name and a digit.
    pub fn cand(name: &str, digit: u8) -> Candidate {
        Candidate::new(cell(name), Digit::new(digit))
    }

    /// The empty grid with all candidates.
    pub fn empty() -> Candidates {
        Candidates::from_grid(&Grid::empty())
    }

    /// Candidates of a grid with the given digits placed.
    pub fn with_givens(givens: &[(&str, u8)]) -> Candidates {
        let mut g = Grid::empty();
        for &(name, d) in givens {
            g.set_cell(cell(name).index(), Some(d));
        }
        Candidates::from_grid(&g)
    }

    /// Removes `digit` from every cell of the unit except the listed ones.
    pub fn keep_only(c: &mut Candidates, digit: u8, unit_name: &str, keep: &[&str]) {
        let keep: CellSet = keep.iter().map(|n| cell(n)).collect();
        for x in unit(unit_name).cells() - keep {
            c.eliminate(x, Digit::new(digit));
        }
    }

    /// Sets a cell's candidates to exactly the listed digits (`"37"`).
    pub fn set_marks(c: &mut Candidates, name: &str, digits: &str) {
        let x = cell(name);
        let keep: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
        for d in Digit::all() {
            if !keep.contains(&d.get()) {
                c.eliminate(x, d);
            }
        }
    }
}
