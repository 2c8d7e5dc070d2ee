//! The search: candidates as one bit mask per cell, propagation to a fixed
//! point (singles, hidden singles over every house, and the sums and
//! orders of cages, thermometers and arrows), then depth-first search
//! that branches where failures have gathered (see [`Choice`]).
//!
//! Hand-written rather than a general constraint library: the masks and
//! the propagators are the hot loop, and each propagator is a few bit
//! operations on a `u16` per cell (sides up to 16).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use sudoku_engine::sizes;
use sudoku_engine::{Digit, DigitSet};

use crate::puzzle::{CellIndex, Constraint, LineKind, Puzzle, Regions};
use crate::rules::{KING, KNIGHT, ORTHOGONAL, neighbours};

/// What a search found: how many solutions (no further than the limit)
/// and the first one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// Solutions found, at most the limit asked.
    pub count: usize,
    /// The first solution, row by row.
    pub solution: Option<Vec<u8>>,
    /// Guesses made: how much search the propagation left to do.
    pub guesses: u64,
}

/// Whether a puzzle has no solution, one, or several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one, row by row.
    Unique(Vec<u8>),
    /// Two or more; the first found.
    Multiple(Vec<u8>),
}

/// One solution, or `None`.
///
/// ```
/// use sudoku_variants::{self as variants, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(9).unwrap();
/// puzzle.add(Constraint::AntiKnight).unwrap();
/// let solution = variants::solve(&puzzle).unwrap();
/// assert!(puzzle.is_solution(&solution));
/// ```
pub fn solve(puzzle: &Puzzle) -> Option<Vec<u8>> {
    search(puzzle, 1).solution
}

/// The number of solutions, counting no further than `limit`.
///
/// ```
/// use sudoku_variants::{self as variants, Puzzle};
/// assert_eq!(variants::count_solutions(&Puzzle::classic(4).unwrap(), 1000), 288);
/// ```
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    search(puzzle, limit).count
}

/// No solution, one, or several.
///
/// ```
/// use sudoku_variants::{self as variants, Puzzle, Uniqueness};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.set_given(0, 1).unwrap();
/// puzzle.set_given(1, 1).unwrap();
/// assert_eq!(variants::uniqueness(&puzzle), Uniqueness::None);
/// ```
pub fn uniqueness(puzzle: &Puzzle) -> Uniqueness {
    Uniqueness::from(search(puzzle, 2))
}

/// What a search for two solutions says.
impl From<Search> for Uniqueness {
    fn from(found: Search) -> Uniqueness {
        match (found.count, found.solution) {
            (0, _) | (_, None) => Uniqueness::None,
            (1, Some(s)) => Uniqueness::Unique(s),
            (_, Some(s)) => Uniqueness::Multiple(s),
        }
    }
}

/// Searches for up to `limit` solutions (a limit of 0 counts as 1).
///
/// ```
/// use sudoku_variants::{self as variants, Puzzle};
/// let found = variants::search(&Puzzle::classic(4).unwrap(), 2);
/// assert_eq!(found.count, 2);
/// ```
pub fn search(puzzle: &Puzzle, limit: usize) -> Search {
    search_within(puzzle, limit, u64::MAX).expect("an unbounded search finishes")
}

/// [`search`] with at most `max_guesses` guesses: `None` when that was not
/// enough to finish. For callers that prefer no answer to a long search,
/// such as a generator trying random rules that may have no solution.
///
/// ```
/// use sudoku_variants::{self as variants, Puzzle};
/// let open = Puzzle::classic(9).unwrap();
/// assert_eq!(variants::search_within(&open, 2, 0), None);
/// assert_eq!(variants::search_within(&open, 2, 1000).unwrap().count, 2);
/// ```
pub fn search_within(puzzle: &Puzzle, limit: usize, max_guesses: u64) -> Option<Search> {
    search_excluding(puzzle, &[], limit, max_guesses)
}

/// [`search_within`] with some candidates taken out first: each `(cell,
/// digit)` of `excluded` (digits from 1; excluding a given's own digit
/// leaves no solution).
///
/// For a generator that knows a puzzle's only solution: emptying a given
/// lets another solution in exactly when the puzzle less that given, with
/// its digit taken from its cell, has any solution at all; one search for
/// one solution instead of a search for two that first finds the known
/// one again.
///
/// ```
/// use sudoku_variants::{self as variants, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// let solution = variants::solve(&puzzle).unwrap();
/// for (cell, &digit) in solution.iter().enumerate().skip(1) {
///     puzzle.set_given(cell, digit).unwrap();
/// }
/// // The first cell is forced by the rest: no solution without its digit.
/// let other = variants::search_excluding(&puzzle, &[(0, solution[0])], 1, 100).unwrap();
/// assert_eq!(other.count, 0);
/// ```
pub fn search_excluding(
    puzzle: &Puzzle,
    excluded: &[(CellIndex, u8)],
    limit: usize,
    max_guesses: u64,
) -> Option<Search> {
    if let Some(found) = search_classic(puzzle, excluded, limit, max_guesses) {
        return found;
    }
    search_model(puzzle, excluded, limit, max_guesses)
}

/// A puzzle of rows, columns and boxes alone goes to the engines made for
/// exactly those rules: the SIMD engine for 9x9, the engine for every size
/// otherwise. `None` for any other puzzle. The model here, built for any
/// rules, took ISS's classic 16x16 example 3.5 ms to a first solution
/// (268 guesses), slower than ISS.
fn search_classic(
    puzzle: &Puzzle,
    excluded: &[(CellIndex, u8)],
    limit: usize,
    max_guesses: u64,
) -> Option<Option<Search>> {
    let Regions::Boxes { rows, columns } = *puzzle.regions() else {
        return None;
    };
    if !puzzle.constraints().is_empty() {
        return None;
    }
    let shape = sizes::Shape::new(rows, columns).ok()?;
    if puzzle.size() == 9 && rows == 3 {
        // The 9x9 engine takes no guess limit (it finishes in
        // microseconds): a search that needed more than the limit is
        // reported as one the limit was not enough for.
        let mut marks = [DigitSet::ALL; 81];
        for (mark, &given) in marks.iter_mut().zip(puzzle.givens()) {
            if given != 0 {
                *mark = DigitSet::single(Digit::new(given));
            }
        }
        for &(cell, digit) in excluded {
            marks[cell].remove(Digit::new(digit));
        }
        let found = sudoku_engine::solver::search_candidates(&marks, limit);
        if found.guesses > max_guesses {
            return Some(None);
        }
        return Some(Some(Search {
            count: found.count,
            solution: found.solution.map(|grid| grid.cells().to_vec()),
            guesses: found.guesses,
        }));
    }
    let grid = sizes::SizedGrid::from_cells(shape, puzzle.givens().to_vec())?;
    let found = sizes::search_excluding(&grid, excluded, limit, Some(max_guesses));
    Some(found.map(|found| Search {
        count: found.count,
        solution: found.solution.map(|grid| grid.cells().to_vec()),
        guesses: found.guesses,
    }))
}

/// [`search_excluding`] on the model of any rules.
fn search_model(
    puzzle: &Puzzle,
    excluded: &[(CellIndex, u8)],
    limit: usize,
    max_guesses: u64,
) -> Option<Search> {
    let model = Model::new(puzzle);
    let mut scratch = Scratch::new(&model);
    let mut walk = Walk::new(limit, max_guesses, &model);
    let mut cand = model.init.clone();
    let mut ok = true;
    for (cell, &given) in puzzle.givens().iter().enumerate() {
        if given != 0 {
            ok &= scratch.restrict(&model, &mut cand, cell, 1 << (given - 1));
        }
    }
    for &(cell, digit) in excluded {
        ok = ok && scratch.restrict(&model, &mut cand, cell, !(1 << (digit - 1)));
    }
    if ok && scratch.dirty_all(&model, &mut cand) {
        descend(&model, &mut scratch, cand, &mut walk);
    }
    (!walk.out_of_guesses).then_some(walk.found)
}

/// What a sum over cells that all differ propagates with.
struct Distinct {
    /// The digit sets that can fill the cells.
    combos: Vec<u16>,
    /// The same, padded with empty sets, when they fit in [`LANES`]
    /// (every 9x9 cage: 12 at most).
    lanes: Vec<[u16; LANES]>,
    /// The cells outside that see the cells.
    sight: Sight,
    /// For each house that holds two or more of the cells and others:
    /// the cells' places in it (as bits) and its other cells (see
    /// [`crossings`]). Read when the cage runs: a change there does not
    /// wake it (waking it took 744k guesses instead of 787k on the 56
    /// killers, but 15.1 s instead of 11.4, when these were measured).
    crossings: Vec<(u16, Vec<u16>)>,
}

/// The cells that see a cage's cells, for the digits it must hold.
enum Sight {
    /// Up to [`COMMON_CAGE`] cells: for each set of the cells (as bits of
    /// their places), the cells outside the cage that see all of them,
    /// at `cells[starts[set]..starts[set + 1]]` (one list, not one per
    /// set: a model is built for every search).
    Common { starts: Vec<u32>, cells: Vec<u16> },
    /// Larger cages: the houses holding two or more of the cells, each as
    /// the cells it holds (bits of their places) and its cells outside.
    Shared(Vec<(u16, Vec<u16>)>),
}

impl Sight {
    fn new(cells: &[CellIndex], houses: &[Vec<CellIndex>], peer_bits: &[CellSet]) -> Sight {
        if cells.len() <= COMMON_CAGE {
            // The cells seeing a set of cage cells are those seeing its
            // lowest cell and the rest of the set: one AND per set.
            let caged = CellSet::of(cells);
            let mut seen = vec![CellSet::default(); 1 << cells.len()];
            seen[0] = CellSet::full(peer_bits.len());
            for set in 1..seen.len() {
                let low = set.trailing_zeros() as usize;
                seen[set] = seen[set & (set - 1)].and(&peer_bits[cells[low]]);
            }
            let mut starts = Vec::with_capacity(seen.len() + 1);
            let total = (seen.iter().enumerate())
                .filter(|(set, _)| set.count_ones() >= 2)
                .map(|(_, cells)| cells.without(&caged).len() as usize)
                .sum();
            let mut outside = Vec::with_capacity(total);
            for (set, cells) in seen.iter().enumerate() {
                starts.push(outside.len() as u32);
                if set.count_ones() >= 2 {
                    outside.extend(cells.without(&caged).iter().map(|c| c as u16));
                }
            }
            starts.push(outside.len() as u32);
            Sight::Common {
                starts,
                cells: outside,
            }
        } else {
            let shared = houses.iter().map(|house| {
                let inside = cells
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| house.contains(c))
                    .fold(0u16, |m, (i, _)| m | 1 << i);
                let outside = house
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .map(|&c| c as u16)
                    .collect();
                (inside, outside)
            });
            Sight::Shared(
                shared
                    .filter(|(inside, _)| inside.count_ones() >= 2)
                    .collect(),
            )
        }
    }
}

/// Houses whose changes are tracked by bits (a u128); any further ones
/// (extra regions beyond) are scanned on every pass.
const TRACKED_HOUSES: usize = 128;

/// The houses to scan for hidden singles: those of the `dirty` bits, in
/// order, then any beyond [`TRACKED_HOUSES`] (every time), of `houses`.
fn scan_order(mut dirty: u128, houses: usize) -> impl Iterator<Item = usize> {
    let tracked = std::iter::from_fn(move || {
        (dirty != 0).then(|| {
            let h = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            h
        })
    });
    let untracked = TRACKED_HOUSES.min(houses)..houses;
    tracked.take_while(move |&h| h < houses).chain(untracked)
}

/// A first-in first-out queue of at most a fixed number of items (cells
/// placed, rules to run: each is in it once at most), with no growth to
/// check on every push as a `VecDeque` has (MATHEMAGIC #0 with a
/// 4,000-guess cap: 810.5 -> 790.6 M instructions).
struct Ring<T> {
    items: Vec<T>,
    head: usize,
    len: usize,
}

impl<T: Copy + Default> Ring<T> {
    /// Room for `most` items.
    fn new(most: usize) -> Ring<T> {
        Ring {
            items: vec![T::default(); most.next_power_of_two()],
            head: 0,
            len: 0,
        }
    }

    fn push_back(&mut self, item: T) {
        let mask = self.items.len() - 1;
        assert!(self.len <= mask, "a ring holds each item once at most");
        self.items[(self.head + self.len) & mask] = item;
        self.len += 1;
    }

    fn pop_front(&mut self) -> Option<T> {
        (self.len > 0).then(|| {
            let item = self.items[self.head];
            self.head = (self.head + 1) & (self.items.len() - 1);
            self.len -= 1;
            item
        })
    }

    fn iter(&self) -> impl Iterator<Item = T> + '_ {
        let mask = self.items.len() - 1;
        (0..self.len).map(move |i| self.items[(self.head + i) & mask])
    }

    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The search's running totals.
struct Walk {
    limit: usize,
    guesses_left: u64,
    out_of_guesses: bool,
    found: Search,
    /// Each cell's weight for the choice of branch: its starting weight
    /// (see [`Model::weights`]) plus the branches on it that failed, all
    /// halved every [`DECAY`] failures so that recent ones count most.
    weights: Vec<u64>,
    /// Failures until the next halving.
    until_decay: u64,
    /// Each rule's failed propagations (dom/wdeg's constraint weights),
    /// halved with the cells' weights: a cell weighs its own weight plus
    /// those of its rules. On the 14 MATHEMAGIC killers 2.77 -> 2.36
    /// million branch points and 33.7 -> 29.4 s to uniqueness (12.4 ->
    /// 11.6 s to first solutions); the rules counted 4 or 16 times over,
    /// or the cells' weights twice or four times: slower.
    rule_weights: Vec<u64>,
    /// Each cell's rules' weights added up, kept as they change: adding
    /// them up for every cell at every choice was 4 % of a search of the
    /// MATHEMAGIC killers.
    rules_weight: Vec<u64>,
    /// Each digit's failed branches, quartered where the weights are
    /// halved (ISS's digit conflict scores, for [`Choice::Conflicts`]).
    digit_failures: [u64; 16],
}

/// How many of a failed propagation's last singles gain weight (see
/// [`Walk::singles_failed`]). Against none, to uniqueness (first
/// solutions): the 255 turned puzzles of other rules from ISS 742,714 ->
/// 565,652 guesses (431,074 -> 347,759), 3.34 -> 2.62 s; the eight turns
/// of "Arrow, slow" 76,507 -> 35,675 guesses (61,731 -> 29,902), where
/// ISS takes 45,157 (38,134). The last single alone: 597,572 guesses on
/// the 255, 86,540 on the arrows; the last 3: 533,729 and 39,929; 5:
/// 580,113 and 30,628; 6: 614,909 and 34,253; every one: 830,265 and
/// 29,543 (the thermometers' guesses doubled). Each single's digit too,
/// not the last's alone: 584,030 and 55,664.
const BLAMED_SINGLES: usize = 4;

/// Failures between two halvings of the weights (ISS's figure; 4,096 and
/// 65,536 did no better on the 128-puzzle set).
const DECAY: u64 = 16_384;

impl Walk {
    /// A search for up to `limit` solutions in `max_guesses` guesses, the
    /// weights as the model starts them.
    fn new(limit: usize, max_guesses: u64, model: &Model) -> Walk {
        Walk {
            limit: limit.max(1),
            guesses_left: max_guesses,
            out_of_guesses: false,
            found: Search {
                count: 0,
                solution: None,
                guesses: 0,
            },
            weights: model.weights.clone(),
            until_decay: DECAY,
            rule_weights: vec![0; model.rules.len()],
            rules_weight: vec![0; model.weights.len()],
            digit_failures: [0; 16],
        }
    }

    /// The weight of `cell` for the choice of branch: its own and its
    /// rules' (its own only under [`Choice::Conflicts`]).
    fn weight(&self, model: &Model, cell: usize) -> u64 {
        if model.choice == Choice::Conflicts {
            return self.weights[cell];
        }
        self.weights[cell] + self.rules_weight[cell]
    }

    /// A propagation failed in `rule`, or a branch on its digit sets did.
    fn rule_failed(&mut self, model: &Model, rule: usize) {
        self.rule_weights[rule] += 1;
        for &c in &model.rule_cells[rule] {
            self.rules_weight[usize::from(c)] += 1;
        }
    }

    /// A propagation failed by leaving `cell` without candidates: under
    /// [`Choice::Conflicts`] the cell gains weight too, as ISS's forced
    /// cells do (on the 42-puzzle set 144,464 -> 126,101 guesses to
    /// uniqueness, 567 -> 526 ms; the 160 generated 26,178 -> 24,405;
    /// under [`Choice::Weights`], where rules gain weight, no better).
    fn emptied(&mut self, model: &Model, cell: usize) {
        if model.choice == Choice::Conflicts {
            self.weights[cell] += 1;
        }
    }

    /// A propagation failed after taking the digits of `singles` (its
    /// last fixed cells, see [`BLAMED_SINGLES`]) from their peers, the
    /// last one `digit`: each of those cells gains weight, and the digit
    /// (read under [`Choice::Conflicts`] only). ISS steps singles as nodes
    /// of the search, and a conflict counts for the single stepped; here a
    /// node's propagation takes them all.
    ///
    /// Not on killers (see [`Model::cage_choices`]): there the 56 took
    /// 777,386 -> 813,793 guesses to uniqueness with it. Where the choice
    /// is by weights otherwise (16x16), to uniqueness: the 42 turned 16x16
    /// puzzles from ISS 79,532 -> 68,494 guesses (0.97 -> 0.83 s); ten
    /// generated of each rule set, 16x16 X 211 -> 196 ms, windoku 3.72 ->
    /// 1.43 s, jigsaw 1.93 -> 1.03 s, anti-knight 1.29 -> 0.57 s, anti-king
    /// 388 -> 115 ms; 20 generated 12x12 X 20.8 -> 15.9 ms.
    fn singles_failed(&mut self, model: &Model, singles: &[u16], digit: u16) {
        if !model.cage_choices {
            for &cell in singles {
                self.weights[usize::from(cell)] += 1;
            }
            self.digit_failures[digit.trailing_zeros() as usize] += 1;
        }
    }

    /// A branch on `cell` (to `digits`) failed.
    fn failed(&mut self, model: &Model, cell: usize, digits: u16) {
        if digits.is_power_of_two() {
            self.digit_failures[digits.trailing_zeros() as usize] += 1;
        }
        self.weights[cell] += 1;
        self.until_decay -= 1;
        if self.until_decay == 0 {
            self.until_decay = DECAY;
            for w in self.weights.iter_mut().chain(&mut self.rule_weights) {
                *w >>= 1;
            }
            // Halves of sums are not sums of halves: added up afresh.
            self.rules_weight.fill(0);
            for (r, cells) in model.rule_cells.iter().enumerate() {
                for &c in cells {
                    self.rules_weight[usize::from(c)] += self.rule_weights[r];
                }
            }
            for f in &mut self.digit_failures {
                *f >>= 2;
            }
        }
    }
}

/// A rule over several cells that is propagated by its own code.
enum Rule {
    /// Cells whose digits add up to a total: a killer cage, or a sum the
    /// cages imply (innies and outies of houses). With `distinct`, the
    /// cells all differ; without, only the sum's bounds propagate.
    Sum {
        cells: Vec<CellIndex>,
        total: u32,
        distinct: Option<Distinct>,
    },
    /// The digits of `plus` less those of `minus` make `total`: what the
    /// house rule leaves where cages cross a run's edge (innies less
    /// outies).
    Difference {
        plus: Vec<CellIndex>,
        minus: Vec<CellIndex>,
        total: i64,
    },
    /// Cells that may repeat digits adding up to a total, in groups of
    /// cells that must differ: a group's digits bound the sum far tighter
    /// than its cells one by one. Kept only where the total lies near
    /// the least or greatest sum, where the bounds prune.
    GroupSum {
        groups: Vec<Vec<CellIndex>>,
        total: i64,
    },
    /// Strictly increasing from the first cell.
    Thermometer { cells: Vec<CellIndex> },
    /// Digits that differ (the cells are peers) and make a run of
    /// consecutive digits: a renban line. `runs` are the runs of its
    /// length, as digit sets; `sight` the cells outside that see the line
    /// (see [`Scratch::digit_sets`]).
    Renban {
        cells: Vec<CellIndex>,
        runs: Vec<u16>,
        sight: Sight,
    },
    /// Two cells whose digits relate (a kropki dot, an X or V, or an
    /// unmarked pair under the negative constraint): `allowed[d]` holds
    /// the digits the other cell may take when one holds digit `d + 1`
    /// (the relations are symmetric, so one table serves both ways).
    Pair {
        cells: [CellIndex; 2],
        allowed: Box<[u16; 16]>,
    },
    /// A little killer's diagonal: cells that may repeat digits adding
    /// up to `total`. Propagated like an arrow's path with a fixed
    /// circle: assignment by assignment when short (`clash`, as
    /// [`Rule::Arrow`]'s `exact`), else by the bounds of its `groups`.
    Diagonal {
        cells: Vec<CellIndex>,
        total: u32,
        groups: Vec<Vec<CellIndex>>,
        clash: Option<Vec<u8>>,
    },
    /// A sandwich sum over a whole row or column (`cells`, in order):
    /// `combos[k]` are the digit sets that can lie between the 1 and the
    /// largest digit when they are k cells apart (see [`sandwich_combos`]).
    Sandwich {
        cells: Vec<CellIndex>,
        combos: Vec<Vec<u16>>,
    },
    /// Skyscrapers along a whole row or column (`cells`, from the clue):
    /// `count` seen (see [`skyscraper_support`]).
    Skyscraper { cells: Vec<CellIndex>, count: u32 },
    /// An X-sum along a whole row or column (`cells`, from the clue): the
    /// first X digits add up to the total; `combos` as [`x_sum_combos`]
    /// makes them (see [`x_sum_support`]).
    XSum {
        cells: Vec<CellIndex>,
        combos: Vec<Vec<u16>>,
    },
    /// A quadruple: the digits of `need` (as bits, a digit listed twice
    /// twice) each in a cell of its own among `cells`.
    Quadruple {
        cells: [CellIndex; 4],
        need: Vec<u16>,
    },
    /// The circle's number equals the sum along the path.
    Arrow {
        circle: Vec<CellIndex>,
        path: Vec<CellIndex>,
        /// A long path's cells in groups that must differ (else empty):
        /// their digits bound the sum far tighter than cell by cell.
        groups: Vec<Vec<CellIndex>>,
        /// For a short path (see [`EXACT_PATH`]), propagated assignment
        /// by assignment: for each path cell, the earlier ones it must
        /// differ from, as bits.
        exact: Option<Vec<u8>>,
    },
}

impl Rule {
    /// An arrow of a one-cell circle and two path cells: exact support is
    /// a few shifts per digit.
    fn is_short_arrow(&self) -> bool {
        matches!(self, Rule::Arrow { circle, path, .. } if circle.len() == 1 && path.len() == 2)
    }

    /// Whether the rule reads no more of its cells than their least and
    /// greatest digits, so need not run when a digit between them goes.
    /// (A cell that becomes fixed always loses an end, so these rules
    /// still see every cell fixed.)
    fn reads_bounds_only(&self) -> bool {
        match self {
            Rule::Sum { distinct, .. } => distinct.is_none(),
            // One cell a side is also propagated digit by digit.
            Rule::Difference { plus, minus, .. } => plus.len() + minus.len() > 2,
            Rule::Thermometer { .. } => true,
            // A long path's groups are pruned by their masks too.
            // Short arrows are propagated digit by digit.
            Rule::Arrow { groups, exact, .. } => {
                groups.is_empty() && exact.is_none() && !self.is_short_arrow()
            }
            Rule::GroupSum { .. }
            | Rule::Pair { .. }
            | Rule::Renban { .. }
            | Rule::Diagonal { .. }
            | Rule::Sandwich { .. }
            | Rule::Skyscraper { .. }
            | Rule::XSum { .. }
            | Rule::Quadruple { .. } => false,
        }
    }
}

/// The puzzle compiled for the search (the logic reuses its peers).
pub(crate) struct Model {
    all: u16,
    /// Cells that must differ from each cell.
    pub(crate) peers: Vec<Vec<u16>>,
    /// Where the places are kept (see [`Model::track_places`]): the peers
    /// of each cell that share no house with it (anti-knight, anti-king,
    /// cages). A cell fixed to a digit takes it from the cells of its
    /// houses' places of it and from these, not from every peer: on
    /// "16x16: Sudoku X, very hard" 46 peers a cell, 1 to 5 places.
    outside_peers: Vec<Vec<u16>>,
    /// Orthogonal neighbours, when non-consecutive applies.
    pub(crate) orthogonal: Vec<Vec<u16>>,
    /// Whether non-consecutive applies (`orthogonal` is not empty).
    nonconsecutive: bool,
    /// `peers` as sets: the cells two cells both see are one AND away.
    peer_bits: Vec<CellSet>,
    /// Sets of `size` cells holding every digit once.
    houses: Vec<Vec<u16>>,
    /// The houses of each cell among the first [`TRACKED_HOUSES`], as bits
    /// of their indices (see [`Scratch::dirty_houses`]).
    house_bits: Vec<u128>,
    rules: Vec<Rule>,
    /// The rules each cell takes part in that read its whole mask.
    watch: Vec<Vec<u32>>,
    /// Each rule's cells (once per place in it, as in `watch` and
    /// `watch_bounds`), for the cells' shares of the rules' weights.
    rule_cells: Vec<Vec<u16>>,
    /// The rules each cell takes part in that read only its least and
    /// greatest digits: most changes leave those alone.
    watch_bounds: Vec<Vec<u32>>,
    /// A node's starting state: the cells' candidates (odd/even
    /// applied), then the cages' slots (see [`Model::fit_slots`]) and the
    /// houses' (see [`Model::pairs_done`]).
    pub(crate) init: Vec<u16>,
    /// The number of cells: the node's masks come first in its state.
    cells: usize,
    /// For each rule tested by digit sets in lanes (sums of distinct
    /// digits over up to [`MATCHED_CAGE`] cells), its slot in a node's
    /// state, after the cells (`u32::MAX` for other rules), where its
    /// last run leaves how many digit sets fit: at a fixed point that run
    /// saw the cells as they are, so [`cage_pair`] need not test every
    /// cage again at every node (it did: 10 % of the instructions of a
    /// search of a MATHEMAGIC killer).
    fit_slots: Vec<u32>,
    /// Where a node's state keeps, for each house, the digits whose two
    /// places' common peers [`Scratch::pair_exclusions`] has cleared on
    /// this branch: a digit still with two places has the same two (they
    /// only go), so its work is done. 16x16 X: a fifth fewer instructions.
    pairs_done: usize,
    /// Where a node's state keeps, for each house and digit (`places +
    /// house * size + digit`), the house's cells that may hold the digit,
    /// as bits of their places in the house; none once a cell fixed to it
    /// has taken it from the house (see [`Scratch::take_from_places`]).
    /// Brought up to date from the cells' changes (see
    /// [`Scratch::sync_places`]): a hidden single is found where one place
    /// is left, a contradiction where none is, with no scan of the houses'
    /// cells (a tenth to a
    /// sixth of the time on "16x16: Sudoku X, very hard", "A kind of
    /// magic" and "Arrow, slow"; the 42 puzzles from ISS 11.2 -> 9.9 G
    /// instructions to uniqueness).
    places: usize,
    /// Where a node's state keeps the union of each segment's candidates
    /// (see [`Meetings::segments`]): brought up to date where houses
    /// changed, so a node starts from its parent's, not reading them all
    /// afresh at each propagation. With [`Meetings::house_segments`]: a
    /// 16x16 windoku generated in 25.3 -> 24.2 G instructions; either
    /// alone gained nothing (the other still walked every segment).
    segment_slots: usize,
    /// Whether `places` are kept: not on killers, whose rules narrow
    /// cells digit by digit, again and again; there a scan of each
    /// changed house (9 cells) costs less than keeping the places up
    /// (MATHEMAGIC #12: 6 % more instructions a guess with places).
    track_places: bool,
    /// The side of the grid (the digits of a house).
    size: usize,
    /// For each cell, from `cell_slots[cell]` to `cell_slots[cell + 1]`
    /// in `slots_of`, its houses: where the house's places start in the
    /// state, the house, and the cell's place as a bit.
    cell_slots: Vec<u32>,
    slots_of: Vec<(u32, u16, u16)>,
    /// Whether propagation ends with [`Scratch::pair_exclusions`]: where
    /// houses overlap beyond rows, columns and boxes (diagonals, windows,
    /// extra regions). There 16x16 windoku took 53,692 guesses instead of
    /// 1,198,136 (9.9 -> 1.4 s); on killers, thermometers and arrows
    /// without such houses it cut 10-20 % of the guesses but cost more
    /// time than that.
    pair_exclusions: bool,
    /// Whether sums of cells that differ that can be branched on by their
    /// digit sets (see [`cage_pair`]) cover half the grid or more: a
    /// killer, not a puzzle of other rules with a cage or two, where the
    /// houses' pairs are still wanted.
    cage_choices: bool,
    /// How the search chooses its branches.
    choice: Choice,
    /// Each cell's starting weight for the choice of branch: the cells of
    /// its houses and rules, small cages weighing more (as ISS weighs
    /// them). Cells in many and tight rules are where guesses fail first.
    weights: Vec<u64>,
    /// Where the houses meet, for pointing and claiming.
    meetings: Arc<Meetings>,
}

/// Where houses meet: the segments they share and the intersections.
/// Shared by the models of puzzles with the same houses (see
/// [`meetings`]).
struct Meetings {
    houses: Vec<Vec<CellIndex>>,
    /// The cells two houses share, where they share two or more (a box
    /// and a row, a jigsaw region and a column): their unions are read
    /// once per pass over the intersections.
    segments: Vec<Vec<u16>>,
    /// Pointing and claiming as a rule over sets, run when the hidden
    /// singles are done: on the 128-puzzle set 7 % less time to
    /// uniqueness (MATHEMAGIC killers 10-20 % fewer guesses; "Bicycle
    /// Race" the one loss, 0.20 -> 0.32 s).
    intersections: Vec<Intersection>,
    /// For each tracked house, the segments (as indices) of the
    /// intersections where it is the lower house: a pass brings up to
    /// date only those of changed houses, not testing every segment.
    house_segments: Vec<Vec<u32>>,
    /// Whether an intersection has a house beyond the tracked ones.
    untracked: bool,
}

thread_local! {
    /// The meetings of the houses of the last model this thread built.
    static LAST_MEETINGS: RefCell<Option<Arc<Meetings>>> = const { RefCell::new(None) };
}

/// The meetings of `houses`: those of the last model built on this thread
/// when its houses were the same, as in a batch of puzzles of one kind.
/// Building them (a small list per side of each intersection) was half
/// of a search of the classic example puzzle: 29 -> 13 us to uniqueness.
/// They stay lists, not spans of one pool, as the propagation reads them
/// on every pass: spans cost 1.5-2.7 % more instructions (callgrind) on
/// "16x16: Sudoku X, very hard".
fn meetings(houses: &[Vec<CellIndex>], house_sets: &[CellSet]) -> Arc<Meetings> {
    LAST_MEETINGS.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(meetings) = last.as_ref().filter(|m| m.houses == houses) {
            return Arc::clone(meetings);
        }
        let (segments, intersections) = intersections(houses, house_sets);
        let meetings = Arc::new(Meetings {
            houses: houses.to_vec(),
            segments,
            untracked: intersections.iter().any(|x| x.houses.is_none()),
            house_segments: {
                let mut lists = vec![Vec::new(); houses.len().min(TRACKED_HOUSES)];
                for (i, x) in intersections.iter().enumerate() {
                    if let Some(h) = x.houses {
                        lists[h.trailing_zeros() as usize].push(i as u32);
                    }
                }
                lists
            },
            intersections,
        });
        *last = Some(Arc::clone(&meetings));
        meetings
    })
}

/// How the search chooses where to branch.
///
/// `Conflicts` where it measured faster: puzzles of up to 9x9 without
/// cages over half the grid. There, against `Weights`, to uniqueness: the
/// 42 puzzles from ISS 1.46 -> 0.88 s ("I want to break free" 734 -> 161
/// ms, "Arrow, slow" 119 -> 25 ms, but "A kind of magic" 113 -> 209 ms and
/// "Bicycle race" 13 -> 32 ms), five reflections of "I want to break free"
/// 3.97 -> 0.59 s, 160 puzzles generated for eight other rule sets 180 ->
/// 137 ms (level or better on each set; all with ISS's digit bonus, see
/// [`failing_digit`] for the one now). Slower elsewhere, so `Weights`
/// there: 16x16 (12 generated: 263 -> 478 ms; again with the last singles'
/// weight on both sides, see [`Walk::singles_failed`], the 42 turned 16x16
/// puzzles from ISS 68,494 -> 97,319 guesses) and killers (56: 13 -> 75
/// s). Non-consecutive went by weights too until the last singles' weight
/// turned it round: 40 generated 558 -> 485 ms to uniqueness (269 -> 235
/// ms to first solutions), 20 with diagonals 477 -> 429 ms (200 -> 205),
/// eight turns of "Anti-consecutive, hard" 1.09 -> 0.75 s (0.58 -> 0.47
/// s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// The cell of most weight per candidate, its own failures and its
    /// rules' (dom/wdeg), each of its digits in turn, or a house's digit
    /// with two places left (see [`pair_when`]).
    Weights,
    /// ISS's way: cells weighed by their own failures only, with a bonus
    /// for the digit that failed most lately; a house's digit with two
    /// places when its more weighed place outweighs the cell (see
    /// [`conflict_pair`]); else one digit of the cell, then the cell
    /// without it and a fresh choice (binary branching).
    Conflicts,
}

impl Model {
    /// The bits of every tracked house (see [`Model::house_bits`]).
    fn all_houses(&self) -> u128 {
        match self.houses.len() {
            n if n >= TRACKED_HOUSES => u128::MAX,
            n => (1 << n) - 1,
        }
    }

    pub(crate) fn new(puzzle: &Puzzle) -> Model {
        let size = puzzle.size();
        let cells = size * size;
        let all: u16 = if size == 16 {
            u16::MAX
        } else {
            (1u16 << size) - 1
        };
        let mut peer_sets = vec![CellSet::default(); cells];
        let mut link = |group: &[CellIndex]| {
            for &a in group {
                for &b in group {
                    if a != b {
                        peer_sets[a].insert(b);
                    }
                }
            }
        };
        let houses = puzzle.houses();
        for house in &houses {
            link(house);
        }
        let mut rules = Vec::new();
        let mut init = vec![all; cells];
        let odd: u16 = (0..size).step_by(2).map(|i| 1u16 << i).sum();
        let mut nonconsecutive = false;
        let mut pair_steps: Vec<&[(i32, i32)]> = Vec::new();
        let mut cages: Vec<(Vec<CellIndex>, u32)> = Vec::new();
        let mut pairs: BTreeMap<[CellIndex; 2], Box<[u16; 16]>> = BTreeMap::new();
        let mut renbans: Vec<Vec<CellIndex>> = Vec::new();
        let mut diagonals: Vec<(Vec<CellIndex>, u32)> = Vec::new();
        for constraint in puzzle.constraints() {
            match constraint {
                Constraint::Distinct { cells, .. } => link(cells),
                Constraint::AntiKnight => pair_steps.push(&KNIGHT),
                Constraint::AntiKing => pair_steps.push(&KING),
                Constraint::NonConsecutive => nonconsecutive = true,
                Constraint::Cage { cells, total } => {
                    link(cells);
                    if let Some(total) = *total {
                        cages.push((cells.clone(), total));
                    }
                }
                Constraint::Thermometer { cells } => {
                    link(cells);
                    rules.push(Rule::Thermometer {
                        cells: cells.clone(),
                    });
                }
                Constraint::Arrow { circle, path } => rules.push(Rule::Arrow {
                    circle: circle.clone(),
                    path: path.clone(),
                    groups: Vec::new(),
                    exact: None,
                }),
                Constraint::Odd(cell) => init[*cell] &= odd,
                Constraint::Even(cell) => init[*cell] &= !odd & all,
                Constraint::Pair { cells, relation } => {
                    narrow_pair(&mut pairs, size, *cells, |a, b| relation.holds(a, b));
                }
                Constraint::Unmarked(relation) => {
                    for cells in puzzle.unmarked_pairs(relation.variant()) {
                        narrow_pair(&mut pairs, size, cells, |a, b| !relation.holds(a, b));
                    }
                }
                Constraint::Line {
                    kind: LineKind::Renban,
                    cells,
                } => {
                    link(cells);
                    renbans.push(cells.clone());
                }
                Constraint::LittleKiller { cells, total } => {
                    diagonals.push((cells.clone(), *total));
                }
                Constraint::Quadruple { cells, digits } => rules.push(Rule::Quadruple {
                    cells: *cells,
                    need: digits.iter().map(|&d| 1 << (d - 1)).collect(),
                }),
                Constraint::Sandwich { cells, total } => rules.push(Rule::Sandwich {
                    cells: cells.clone(),
                    combos: sandwich_combos(size, *total),
                }),
                Constraint::Skyscraper { cells, count } => rules.push(Rule::Skyscraper {
                    cells: cells.clone(),
                    count: *count,
                }),
                Constraint::XSum { cells, total } => rules.push(Rule::XSum {
                    cells: cells.clone(),
                    combos: x_sum_combos(size, *total),
                }),
                // Whispers and palindromes are pairs of cells: joined with
                // any marks on the same pair.
                Constraint::Line { kind, cells } => {
                    for [a, b] in kind.pairs(cells) {
                        let key = [a.min(b), a.max(b)];
                        narrow_pair(&mut pairs, size, key, |x, y| kind.holds(x, y));
                    }
                }
            }
        }
        // One rule a pair of cells, whatever marks (and their absence)
        // say of it: a kropki puzzle with every dot given had two or
        // three rules on most pairs, each woken by every change.
        rules.extend(
            pairs
                .into_iter()
                .map(|(cells, allowed)| Rule::Pair { cells, allowed }),
        );
        for steps in pair_steps {
            for (a, row) in peer_sets.iter_mut().enumerate() {
                // The steps are symmetric: (a, b) is also visited as (b, a).
                for b in neighbours(size, a, steps) {
                    row.insert(b);
                }
            }
        }
        let house_sets: Vec<CellSet> = houses.iter().map(|h| CellSet::of(h)).collect();
        let house_sums = house_sums_upto(puzzle, &houses, &cages, 12);
        let mut sums: Vec<(Vec<CellIndex>, u32)> = cages.clone();
        for sum in house_sums.iter().filter(|s| s.cells.len() <= IMPLIED_CELLS) {
            if !sums.iter().any(|(c, _)| same_cells(c, &sum.cells)) {
                sums.push((sum.cells.clone(), sum.total));
            }
        }
        // Larger sums of the house rule whose cells may repeat, kept when
        // their total is within a few of the least or greatest sum.
        // Within 3: on the killer benchmark this solved HS_KILLERS#8 in 6
        // guesses instead of none in 300,000; looser costs time elsewhere.
        const SLACK: i64 = 3;
        let full = vec![all; cells];
        for sum in house_sums.iter().filter(|s| s.cells.len() > IMPLIED_CELLS) {
            let total = i64::from(sum.total);
            // A total far from both ends whatever the groups is never
            // kept, and most are (their groups were a fifth of the build
            // of a killer's model).
            let (most_low, least_high) = group_sum_reach(sum.cells.len(), size);
            if (total - most_low).min(least_high - total) > SLACK {
                continue;
            }
            // Cells of one house: the house's other cells hold the rest of
            // its total, a sum of a few cells that differ, which prunes at
            // least as well. As a group sum it failed where they would,
            // and weighed on the choice of branch as a rule of many cells:
            // on the 56 killers 1,260,044 -> 1,149,082 guesses to
            // uniqueness, 15.8 -> 14.5 s (MATHEMAGIC #2 75,660 -> 61,080).
            let set = CellSet::of(&sum.cells);
            if let Some(house) = house_sets.iter().find(|h| h.and(&set) == set) {
                let rest = house.without(&set).to_vec();
                let rest_total = ((size * (size + 1) / 2) as i64 - total).max(0);
                // (None left: the whole house, whose sum holds anyway.)
                if !rest.is_empty() && !sums.iter().any(|(c, _)| same_cells(c, &rest)) {
                    sums.push((rest, rest_total as u32));
                }
                continue;
            }
            let groups = house_groups(&sum.cells, &house_sets, &peer_sets);
            let (lo, hi) = side_bounds(&full, &groups);
            // lo == hi: a whole house, whose sum holds anyway (on
            // MATHEMAGIC killers 28 such rules, run for nothing, took a
            // sixth of the time).
            if lo < hi && (total - lo).min(hi - total) <= SLACK {
                rules.push(Rule::GroupSum { groups, total });
            }
        }
        for (plus, minus, total) in implied_differences(puzzle, &houses, &cages) {
            rules.push(Rule::Difference { plus, minus, total });
        }
        let joined = joined_sums(
            diagonals.iter().chain(&cages),
            &house_sets,
            &peer_sets,
            size,
        );
        // Their cells weigh as a house's do on the choice of branch (see
        // `weights` below).
        let joined_cells: Vec<CellIndex> = joined.iter().flat_map(|(g, _)| g.concat()).collect();
        for (groups, total) in joined {
            rules.push(Rule::GroupSum { groups, total });
        }
        // A little killer whose cells all differ (in one box, or on a
        // diagonal of Sudoku X) is a cage; the others may repeat digits.
        for (cells, total) in diagonals {
            let groups = house_groups(&cells, &house_sets, &peer_sets);
            if groups.len() == 1 {
                sums.push((cells, total));
                continue;
            }
            // The sums of groups of more cells are not joined exactly.
            let groups = if total < 128 {
                groups
                    .into_iter()
                    .flat_map(|g| {
                        if g.len() > DIAGONAL_GROUP {
                            g.into_iter().map(|c| vec![c]).collect()
                        } else {
                            vec![g]
                        }
                    })
                    .collect()
            } else {
                groups
            };
            let clash = (cells.len() <= EXACT_PATH && total < 128).then(|| {
                (0..cells.len())
                    .map(|i| {
                        (0..i)
                            .filter(|&j| peer_sets[cells[i]].contains(cells[j]))
                            .map(|j| 1u8 << j)
                            .sum()
                    })
                    .collect()
            });
            rules.push(Rule::Diagonal {
                cells,
                total,
                groups,
                clash,
            });
        }
        for (cells, total) in sums {
            let distinct = cells
                .iter()
                .all(|&a| cells.iter().all(|&b| a == b || peer_sets[a].contains(b)));
            let distinct = distinct.then(|| {
                let combos = digit_sets(size, cells.len(), total);
                let lanes = if cells.len() <= MATCHED_CAGE {
                    combos
                        .chunks(LANES)
                        .map(|chunk| {
                            let mut lanes = [0u16; LANES];
                            lanes[..chunk.len()].copy_from_slice(chunk);
                            lanes
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                Distinct {
                    combos,
                    lanes,
                    sight: Sight::new(&cells, &houses, &peer_sets),
                    crossings: if cells.len() <= MATCHED_CAGE {
                        crossings(&cells, &houses, &house_sets, size)
                    } else {
                        Vec::new()
                    },
                }
            });
            rules.push(Rule::Sum {
                cells,
                total,
                distinct,
            });
        }
        // A renban line: the runs of its length (with the sight of its
        // cells, the digit every fitting run holds leaves the cells that
        // see all its places on the line: "Hard renban 3" of ISS's
        // examples took 324,242 guesses to uniqueness without, 2,153 with;
        // the cages' exact matching on top cost more than it saved).
        for cells in renbans {
            let len = cells.len();
            let runs = (0..=size.saturating_sub(len))
                .map(|start| (((1u32 << len) - 1) << start) as u16)
                .collect();
            let sight = Sight::new(&cells, &houses, &peer_sets);
            rules.push(Rule::Renban { cells, runs, sight });
        }
        for rule in &mut rules {
            let short = rule.is_short_arrow();
            if let Rule::Arrow {
                circle,
                path,
                groups,
                exact,
            } = rule
            {
                // A total of two digits is 10a + b: up to 99 below 10x10.
                let circle_fits = circle.len() == 1 || (circle.len() == 2 && size <= 9);
                if !short && circle_fits && path.len() <= EXACT_PATH {
                    let clash = path.iter().enumerate().map(|(i, &p)| {
                        (0..i)
                            .filter(|&j| peer_sets[p].contains(path[j]))
                            .map(|j| 1u8 << j)
                            .sum()
                    });
                    *exact = Some(clash.collect());
                } else if path.len() >= LONG_ARROW {
                    *groups = house_groups(path, &house_sets, &peer_sets);
                }
            }
        }
        let peers = peer_sets
            .iter()
            .map(|row| {
                let mut list = Vec::with_capacity(row.len() as usize);
                list.extend(row.iter().map(|b| b as u16));
                list
            })
            .collect();
        let orthogonal = (0..cells)
            .map(|c| {
                if nonconsecutive {
                    neighbours(size, c, &ORTHOGONAL)
                        .into_iter()
                        .map(|b| b as u16)
                        .collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        let mut watch = vec![Vec::new(); cells];
        let mut watch_bounds = vec![Vec::new(); cells];
        let mut rule_cells = Vec::with_capacity(rules.len());
        for (i, rule) in rules.iter().enumerate() {
            let touched: Vec<CellIndex> = match rule {
                Rule::Sum { cells, .. }
                | Rule::Thermometer { cells }
                | Rule::Renban { cells, .. }
                | Rule::Diagonal { cells, .. }
                | Rule::Sandwich { cells, .. }
                | Rule::Skyscraper { cells, .. }
                | Rule::XSum { cells, .. } => cells.clone(),
                Rule::Quadruple { cells, .. } => cells.to_vec(),
                Rule::GroupSum { groups, .. } => groups.iter().flatten().copied().collect(),
                Rule::Difference { plus, minus, .. } => plus.iter().chain(minus).copied().collect(),
                Rule::Arrow { circle, path, .. } => circle.iter().chain(path).copied().collect(),
                Rule::Pair { cells, .. } => cells.to_vec(),
            };
            let list = if rule.reads_bounds_only() {
                &mut watch_bounds
            } else {
                &mut watch
            };
            for &c in &touched {
                list[c].push(i as u32);
            }
            rule_cells.push(touched.into_iter().map(|c| c as u16).collect());
        }
        let pair_exclusions = houses.len() > 3 * size;
        let mut slots = 0u32;
        let cells_count = cells as u32;
        let fit_slots: Vec<u32> = rules
            .iter()
            .map(|rule| match rule {
                // Those that `Scratch::cage` runs (no lanes: no set fits).
                Rule::Sum {
                    cells,
                    distinct: Some(_),
                    ..
                } if cells.len() <= MATCHED_CAGE => {
                    slots += 1;
                    cells_count + slots - 1
                }
                _ => u32::MAX,
            })
            .collect();
        let pairs_done = cells + slots as usize;
        let mut caged = vec![false; cells];
        for rule in &rules {
            if let Rule::Sum {
                cells,
                distinct: Some(Distinct { lanes, .. }),
                ..
            } = rule
                && !lanes.is_empty()
            {
                cells.iter().for_each(|&c| caged[c] = true);
            }
        }
        let cage_choices = 2 * caged.iter().filter(|&&c| c).count() >= cells;
        let places = pairs_done + houses.len();
        let track_places = !cage_choices;
        init.resize(places, 0);
        let (cell_slots, slots_of) = if track_places {
            place_slots(&houses, size, places, &mut init)
        } else {
            (Vec::new(), Vec::new())
        };
        let outside_peers = if track_places {
            let mut in_houses = vec![CellSet::default(); cells];
            for set in &house_sets {
                for c in set.iter() {
                    in_houses[c] = in_houses[c].or(set);
                }
            }
            peer_sets
                .iter()
                .zip(&in_houses)
                .map(|(row, within)| {
                    let rest = row.without(within);
                    let mut list = Vec::with_capacity(rest.len() as usize);
                    list.extend(rest.iter().map(|b| b as u16));
                    list
                })
                .collect()
        } else {
            Vec::new()
        };
        let meetings = meetings(&houses, &house_sets);
        let segment_slots = init.len();
        let unions: Vec<u16> = meetings
            .segments
            .iter()
            .map(|seg| seg.iter().fold(0u16, |u, &c| u | init[usize::from(c)]))
            .collect();
        init.extend(unions);
        let mut weights = vec![0u64; cells];
        let mut weigh = |cells: &[CellIndex], weight: usize| {
            for &c in cells {
                weights[c] += weight as u64;
            }
        };
        for house in &houses {
            weigh(house, size);
        }
        for rule in &rules {
            match rule {
                Rule::Sum { cells, .. } => {
                    weigh(cells, (2 * size).saturating_sub(cells.len()).max(size))
                }
                Rule::Thermometer { cells } => weigh(cells, cells.len()),
                // No weight: ISS's three "Hard renban" to uniqueness took
                // 2.16 s with the line's length as weight, 1.64 s with
                // the side, 1.62 s with none (0.54 s on the hardest, #1).
                Rule::Renban { .. }
                | Rule::Sandwich { .. }
                | Rule::Skyscraper { .. }
                | Rule::XSum { .. }
                | Rule::Quadruple { .. } => {}
                Rule::Arrow { circle, path, .. } => {
                    weigh(circle, circle.len() + path.len());
                    weigh(path, circle.len() + path.len());
                }
                Rule::Pair { cells, .. } => weigh(cells, 2),
                Rule::Diagonal { cells, .. } => weigh(cells, cells.len()),
                Rule::Difference { .. } | Rule::GroupSum { .. } => {}
            }
        }
        // Joined sums (see [`joined_sums`]) weigh as houses: on ISS's
        // little killers the seven puzzles with joins all took fewer
        // guesses ("Zero solution" 1,357 -> 1,031, SNIPES #14 462 -> 248
        // to uniqueness) than with no weight, as the house rule's group
        // sums have (weighed too, the 56 killers' guesses moved both ways
        // on 16 puzzles: left alone).
        weigh(&joined_cells, size);
        Model {
            all,
            peers,
            outside_peers,
            orthogonal,
            nonconsecutive,
            peer_bits: peer_sets,
            house_bits: {
                let mut bits = vec![0u128; cells];
                for (h, house) in houses.iter().enumerate().take(TRACKED_HOUSES) {
                    house.iter().for_each(|&c| bits[c] |= 1 << h);
                }
                bits
            },
            houses: houses
                .into_iter()
                .map(|h| h.into_iter().map(|c| c as u16).collect())
                .collect(),
            pair_exclusions,
            cage_choices,
            choice: if !cage_choices && size <= 9 {
                Choice::Conflicts
            } else {
                Choice::Weights
            },
            weights,
            meetings,
            rules,
            cells,
            fit_slots,
            pairs_done,
            places,
            segment_slots,
            track_places,
            size,
            cell_slots,
            slots_of,
            watch,
            rule_cells,
            watch_bounds,
            init,
        }
    }
}

/// The houses' places of each digit (see [`Model::places`]) from the
/// cells' candidates in `init`, appended to it from `places`, and each
/// cell's slots (see [`Model::cell_slots`]).
fn place_slots(
    houses: &[Vec<CellIndex>],
    size: usize,
    places: usize,
    init: &mut Vec<u16>,
) -> (Vec<u32>, Vec<(u32, u16, u16)>) {
    let cells = size * size;
    init.resize(places + houses.len() * size, 0);
    let mut cell_slots = vec![0u32; cells + 1];
    for house in houses {
        house.iter().for_each(|&c| cell_slots[c + 1] += 1);
    }
    for c in 0..cells {
        cell_slots[c + 1] += cell_slots[c];
    }
    let mut slots_of = vec![(0u32, 0u16, 0u16); houses.len() * size];
    let mut filled = cell_slots.clone();
    for (h, house) in houses.iter().enumerate() {
        let base = places + h * size;
        for (i, &c) in house.iter().enumerate() {
            slots_of[filled[c] as usize] = (base as u32, h as u16, 1 << i);
            filled[c] += 1;
            let mut m = init[c];
            while m != 0 {
                init[base + m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
    }
    (cell_slots, slots_of)
}

/// Two houses sharing two or more cells: the cells of each outside the
/// other hold the same digits (those the shared cells do not hold).
struct Intersection {
    sides: [Side; 2],
    /// Bits of its two houses, as in [`Model::house_bits`]; None when one
    /// is not tracked.
    houses: Option<u128>,
}

/// The cells of one house outside the other.
struct Side {
    /// Segments (indices into [`Meetings::segments`]) that cover most of them.
    segments: Vec<u16>,
    /// The cells no segment covers.
    cells: Vec<u16>,
    /// Every cell of the side.
    all: Vec<u16>,
}

/// The segments of `houses` and their intersections.
fn intersections(
    houses: &[Vec<CellIndex>],
    sets: &[CellSet],
) -> (Vec<Vec<u16>>, Vec<Intersection>) {
    // As sets: a model is built for every search, and on puzzles solved
    // in well under a millisecond this was a tenth of the time as lists.
    let mut segments: Vec<Vec<u16>> = Vec::new();
    let mut segment_sets: Vec<CellSet> = Vec::new();
    let mut pairs = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate().take(i) {
            let shared = a.and(b);
            if shared.len() >= 2 {
                pairs.push((i, j, segments.len()));
                segments.push(shared.iter().map(|c| c as u16).collect());
                segment_sets.push(shared);
            }
        }
    }
    // The segments of each house, in the order of `pairs`.
    let mut of_house: Vec<Vec<usize>> = vec![Vec::new(); houses.len()];
    for &(x, y, s) in &pairs {
        of_house[x].push(s);
        of_house[y].push(s);
    }
    let side = |h: usize, skip: usize| -> Side {
        let outside = sets[h].without(&segment_sets[skip]);
        let mut covered = CellSet::default();
        // Lists allocated at their length: growing them took a fifth of
        // building the sides.
        let mut segs = Vec::with_capacity(of_house[h].len());
        for &s in &of_house[h] {
            let segment = &segment_sets[s];
            if segment.without(&outside).is_empty() && segment.and(&covered).is_empty() {
                covered = covered.or(segment);
                segs.push(s as u16);
            }
        }
        let in_house_order = |keep: &CellSet| -> Vec<u16> {
            let mut list = Vec::with_capacity(keep.len() as usize);
            list.extend(
                houses[h]
                    .iter()
                    .filter(|&&c| keep.contains(c))
                    .map(|&c| c as u16),
            );
            list
        };
        Side {
            segments: segs,
            cells: in_house_order(&outside.without(&covered)),
            all: in_house_order(&outside),
        }
    };
    let list = pairs
        .iter()
        .map(|&(i, j, s)| Intersection {
            sides: [side(i, s), side(j, s)],
            houses: (i.max(j) < TRACKED_HOUSES).then(|| 1 << i | 1 << j),
        })
        .collect();
    (segments, list)
}

/// A set of cells of a grid up to 16x16, for building the model.
#[derive(Clone, Default, PartialEq, Eq)]
struct CellSet([u64; 4]);

impl CellSet {
    fn full(cells: usize) -> CellSet {
        let mut set = CellSet::default();
        (0..cells).for_each(|c| set.insert(c));
        set
    }

    fn insert(&mut self, cell: CellIndex) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    fn contains(&self, cell: CellIndex) -> bool {
        self.0[cell / 64] & 1 << (cell % 64) != 0
    }

    fn of(cells: &[CellIndex]) -> CellSet {
        let mut set = CellSet::default();
        cells.iter().for_each(|&c| set.insert(c));
        set
    }

    fn or(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    fn and(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    fn without(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The cells as a list, allocated once at its length (collecting
    /// [`CellSet::iter`], which knows no length, grew most lists twice or
    /// more: building a model allocates thousands).
    fn to_vec(&self) -> Vec<CellIndex> {
        let mut cells = Vec::with_capacity(self.len() as usize);
        cells.extend(self.iter());
        cells
    }

    fn iter(&self) -> impl Iterator<Item = CellIndex> + '_ {
        (0..4).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

/// Paths of this many cells or more are bounded by their groups of cells
/// that must differ too: the three "Long sums" puzzles (a 32-cell path, a
/// two-digit circle, no givens) went from no solution in 3,000,000 guesses
/// to 0-400 guesses (under 1 ms), as the sum sits near the least the
/// groups allow.
const LONG_ARROW: usize = 4;

/// For `cells` cells in groups of at most `size` that differ within a
/// group, with every digit open: the greatest their least sum can be and
/// the least their greatest sum can be (both with the fewest groups: full
/// ones and the rest in one).
fn group_sum_reach(cells: usize, size: usize) -> (i64, i64) {
    let (n, side) = (cells as i64, size as i64);
    let triangle = |k: i64| k * (k + 1) / 2;
    let most_low = n / side * triangle(side) + triangle(n % side);
    (most_low, n * (side + 1) - most_low)
}

/// The houses that hold two or more of a cage's `cells` and other cells
/// too, each as the cage's places in it (bits of indices into `cells`)
/// and its other cells. A digit the house can hold only in the cage is
/// one the cage must hold: its digit sets without it go ("the row's only
/// 7s are in this cage"). On the 56 killers 1,149,082 -> 777,386 guesses
/// to uniqueness, 14.8 -> 11.1 s. (With one cell in the house it is a
/// hidden single, which the houses find: those houses too saved 1 % of
/// the guesses and cost more time than that.)
fn crossings(
    cells: &[CellIndex],
    houses: &[Vec<CellIndex>],
    house_sets: &[CellSet],
    size: usize,
) -> Vec<(u16, Vec<u16>)> {
    // As sets, and the rest of a house listed only where two or more
    // cells fall: a model is built for every search, and the lists of
    // every house were a third of building one for a TAREK killer.
    let caged = CellSet::of(cells);
    houses
        .iter()
        .zip(house_sets)
        .filter(|(h, _)| h.len() == size)
        .filter_map(|(h, set)| {
            let inside: u16 = (cells.iter().enumerate())
                .filter(|&(_, &c)| set.contains(c))
                .map(|(i, _)| 1u16 << i)
                .sum();
            if inside.count_ones() < 2 {
                return None;
            }
            let outside: Vec<u16> = (h.iter())
                .filter(|&&c| !caged.contains(c))
                .map(|&c| c as u16)
                .collect();
            (!outside.is_empty()).then_some((inside, outside))
        })
        .collect()
}

/// Sums joined where their cells see each other: two disjoint sums whose
/// cells share houses add up to their totals' sum over groups larger than
/// either sum's own, whose bounds may be far tighter. Pairs are joined
/// greedily, the best first, while the joined sum scores better than
/// both (or than the two together); the joined sums are returned as
/// groups and a total. The score, for groups of sizes k over N digits and
/// a total `dof` from the nearer bound, is the sum of k(N - k) - dof:
/// sigh's Interactive Sudoku Solver joins its sums by this rule, and
/// "Zero solution: Little Killer" (eight diagonals of 49, no solution)
/// needs it: four diagonals side by side add up to 196, within 2 of their
/// groups' greatest sum.
fn joined_sums<'a>(
    sums: impl Iterator<Item = &'a (Vec<CellIndex>, u32)>,
    house_sets: &[CellSet],
    peer_sets: &[CellSet],
    size: usize,
) -> Vec<(Vec<Vec<CellIndex>>, i64)> {
    // Two sums are related when this many cells of the smaller see the larger.
    const RELATED: usize = 6;
    struct Joined {
        set: CellSet,
        total: i64,
        groups: Vec<Vec<CellIndex>>,
        score: i64,
        original: bool,
    }
    let full = vec![((1u32 << size) - 1) as u16; size * size];
    let make = |set: CellSet, total: i64, original: bool| -> Option<Joined> {
        let groups = house_groups(&set.to_vec(), house_sets, peer_sets);
        let (lo, hi) = side_bounds(&full, &groups);
        let dof = (total - lo).min(hi - total);
        // A given sum past its bounds fails by its own rule; a joined one
        // proves the puzzle has no solution at the root, so beats any.
        let score = match (dof < 0, original) {
            (true, true) => return None,
            (true, false) => i64::MAX / 2,
            _ => (groups.iter())
                .map(|g| (g.len() * (size - g.len())) as i64 - dof)
                .sum(),
        };
        Some(Joined {
            set,
            total,
            groups,
            score,
            original,
        })
    };
    let related = |a: &Joined, b: &Joined| {
        if !a.set.and(&b.set).is_empty() {
            return false;
        }
        let (small, big) = if a.set.len() < b.set.len() {
            (a, b)
        } else {
            (b, a)
        };
        small.set.len() as usize >= RELATED
            && small
                .set
                .iter()
                .filter(|&c| !peer_sets[c].and(&big.set).is_empty())
                .count()
                >= RELATED
    };
    let mut pool: Vec<Joined> = Vec::new();
    // A sum of fewer cells is never related to another (and killers'
    // cages mostly are: their models, built at every step of the
    // generator's digging, skip the rest).
    for (cells, total) in sums.filter(|(cells, _)| cells.len() >= RELATED) {
        let set = CellSet::of(cells);
        if pool.iter().any(|j| j.set == set) {
            continue;
        }
        if let Some(j) = make(set, i64::from(*total), true) {
            pool.push(j);
        }
    }
    loop {
        // The best join of two in the pool, if any beats its parts.
        let mut best: Option<(usize, usize, Joined)> = None;
        for i in 0..pool.len() {
            for k in i + 1..pool.len() {
                let (a, b) = (&pool[i], &pool[k]);
                if !related(a, b) {
                    continue;
                }
                let set = a.set.or(&b.set);
                if pool.iter().any(|j| j.set == set) {
                    continue;
                }
                let Some(joined) = make(set, a.total + b.total, false) else {
                    continue;
                };
                let beats = (joined.score > a.score && joined.score > b.score)
                    || joined.score > a.score.saturating_add(b.score);
                if beats && best.as_ref().is_none_or(|(_, _, j)| joined.score > j.score) {
                    best = Some((i, k, joined));
                }
            }
        }
        let Some((i, k, joined)) = best else { break };
        pool.swap_remove(k);
        pool.swap_remove(i);
        pool.push(joined);
    }
    pool.into_iter()
        .filter(|j| !j.original && j.score > 0)
        .map(|j| (j.groups, j.total))
        .collect()
}

/// `cells` split greedily into groups whose cells all differ.
fn exclusion_groups(cells: &[CellIndex], peer_sets: &[CellSet]) -> Vec<Vec<CellIndex>> {
    let mut groups: Vec<Vec<CellIndex>> = Vec::new();
    for &c in cells {
        match groups
            .iter_mut()
            .find(|g| g.iter().all(|&o| peer_sets[c].contains(o)))
        {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    groups
}

/// `cells` split into groups whose cells all differ, the largest first:
/// the cells of the house holding most of them, again and again, then the
/// rest greedily. (A path winds through boxes, rows and columns: taken in
/// its order, groups come out small and the bounds loose.)
fn house_groups(
    cells: &[CellIndex],
    house_sets: &[CellSet],
    peer_sets: &[CellSet],
) -> Vec<Vec<CellIndex>> {
    let mut left: Vec<CellIndex> = cells.to_vec();
    let mut left_set = CellSet::of(cells);
    let mut groups = Vec::new();
    loop {
        let best = house_sets
            .iter()
            .map(|h| h.and(&left_set).len())
            .enumerate()
            .max_by_key(|&(i, n)| (n, std::cmp::Reverse(i)));
        match best {
            Some((h, n)) if n >= 2 => {
                let house = &house_sets[h];
                let (group, rest): (Vec<CellIndex>, Vec<CellIndex>) =
                    left.iter().partition(|&&c| house.contains(c));
                left_set = left_set.without(house);
                groups.push(group);
                left = rest;
            }
            _ => break,
        }
    }
    groups.extend(exclusion_groups(&left, peer_sets));
    groups
}

/// The sums the cages imply by the house rule: for a run of consecutive
/// rows, of consecutive columns, or one other house, the cells not in cages
/// wholly inside it (innies) add up to the run's total less those cages',
/// and when totalled cages cover it, the cells of those cages outside it
/// (outies) add up to their totals less the run's. Kept when they name few
/// cells: those are the sums that prune. (The model reads them from
/// [`house_sums_upto`] with the larger ones.)
#[cfg(test)]
fn implied_sums(
    puzzle: &Puzzle,
    houses: &[Vec<CellIndex>],
    cages: &[(Vec<CellIndex>, u32)],
) -> Vec<(Vec<CellIndex>, u32)> {
    house_sums(puzzle, houses, cages)
        .into_iter()
        .map(|s| (s.cells, s.total))
        .collect()
}

/// Where a sum of the house rule comes from, so the logic can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SumSource {
    /// Rows `first..=last`, from 0.
    Rows(usize, usize),
    /// Columns `first..=last`, from 0.
    Columns(usize, usize),
    /// One house of `Puzzle::houses` beyond rows and columns, by index.
    House(usize),
}

/// A sum the cages imply by the house rule ([`implied_sums`]), with where
/// it comes from and whether its cells are innies or outies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HouseSum {
    pub cells: Vec<CellIndex>,
    pub total: u32,
    pub source: SumSource,
    pub outies: bool,
}

/// [`implied_sums`] with their sources.
pub(crate) fn house_sums(
    puzzle: &Puzzle,
    houses: &[Vec<CellIndex>],
    cages: &[(Vec<CellIndex>, u32)],
) -> Vec<HouseSum> {
    house_sums_upto(puzzle, houses, cages, IMPLIED_CELLS)
}

/// Sums of the house rule up to this many cells are kept as sums (the
/// cells differ or not); larger ones only as group sums near their bounds.
const IMPLIED_CELLS: usize = 6;

/// [`house_sums`] of up to `most_cells` cells.
fn house_sums_upto(
    puzzle: &Puzzle,
    houses: &[Vec<CellIndex>],
    cages: &[(Vec<CellIndex>, u32)],
    most_cells: usize,
) -> Vec<HouseSum> {
    let Some((cage_sets, _)) = cage_sets(cages) else {
        return Vec::new();
    };
    let mut implied = Vec::new();
    for (inside, total, source) in runs(puzzle, houses) {
        let mut covered = CellSet::default();
        let mut whole = CellSet::default();
        let mut innie_total = total;
        let mut outie_total = -total;
        let mut outies = CellSet::default();
        for (cage, (_, cage_total)) in cage_sets.iter().zip(cages) {
            if cage.and(&inside).is_empty() {
                continue;
            }
            outie_total += i64::from(*cage_total);
            covered = covered.or(cage);
            let out = cage.without(&inside);
            if out.is_empty() {
                innie_total -= i64::from(*cage_total);
                whole = whole.or(cage);
            } else {
                outies = outies.or(&out);
            }
        }
        // The cells not in a cage wholly inside.
        let innies = inside.without(&whole);
        if (1..=most_cells).contains(&(innies.len() as usize)) && innie_total > 0 {
            implied.push(HouseSum {
                cells: innies.to_vec(),
                total: innie_total as u32,
                source,
                outies: false,
            });
        }
        let all_covered = inside.without(&covered).is_empty();
        if all_covered && (1..=most_cells).contains(&(outies.len() as usize)) && outie_total > 0 {
            implied.push(HouseSum {
                cells: outies.to_vec(),
                total: outie_total as u32,
                source,
                outies: true,
            });
        }
    }
    implied
}

/// The cages as cell sets, with the set of all their cells; None when two
/// overlap (the house rule's arithmetic counts each cell once).
fn cage_sets(cages: &[(Vec<CellIndex>, u32)]) -> Option<(Vec<CellSet>, CellSet)> {
    if cages.is_empty() {
        return None;
    }
    let mut caged = CellSet::default();
    let mut sets = Vec::with_capacity(cages.len());
    for (cage, _) in cages {
        let set = CellSet::of(cage);
        if set.len() as usize != cage.len() || !caged.and(&set).is_empty() {
            return None;
        }
        caged = caged.or(&set);
        sets.push(set);
    }
    Some((sets, caged))
}

/// Runs of consecutive rows, of consecutive columns (short of the whole
/// grid), and the other houses, each as a set of cells with its total and
/// where it comes from.
fn runs(puzzle: &Puzzle, houses: &[Vec<CellIndex>]) -> Vec<(CellSet, i64, SumSource)> {
    let size = puzzle.size();
    let house_total = (size * (size + 1) / 2) as i64;
    let mut runs = Vec::new();
    for first in 0..size {
        let (mut rows, mut columns) = (CellSet::default(), CellSet::default());
        for last in first..size {
            for i in 0..size {
                rows.insert(last * size + i);
                columns.insert(i * size + last);
            }
            if last + 1 - first == size {
                continue;
            }
            let count = (last + 1 - first) as i64;
            runs.push((
                rows.clone(),
                count * house_total,
                SumSource::Rows(first, last),
            ));
            runs.push((
                columns.clone(),
                count * house_total,
                SumSource::Columns(first, last),
            ));
        }
    }
    for (h, house) in houses.iter().enumerate().skip(2 * size) {
        runs.push((CellSet::of(house), house_total, SumSource::House(h)));
    }
    runs
}

/// The differences the cages imply: for each run (see [`runs`]), its total
/// less the cages inside it is the sum of its other cells; a cage crossing
/// its edge counts either by its cells inside (plus) or, when fewer, by its
/// total less its cells outside (minus). Kept when both sides are there
/// (else [`implied_sums`] has it) and few cells.
fn implied_differences(
    puzzle: &Puzzle,
    houses: &[Vec<CellIndex>],
    cages: &[(Vec<CellIndex>, u32)],
) -> Vec<(Vec<CellIndex>, Vec<CellIndex>, i64)> {
    // 5 cells: a five-cell cage crossing an edge by one cell is kept
    // (at 4 the MATHEMAGIC killers take 6 times the guesses); at 8, 26 %
    // more time on the killer set for 4 % fewer guesses.
    const MOST_CELLS: usize = 5;
    let Some((cage_sets, caged)) = cage_sets(cages) else {
        return Vec::new();
    };
    let mut found: Vec<(CellSet, CellSet, i64)> = Vec::new();
    for (inside, mut total, _) in runs(puzzle, houses) {
        let mut plus = inside.without(&caged);
        if plus.len() as usize >= MOST_CELLS {
            continue;
        }
        let mut minus = CellSet::default();
        for (cage, (_, cage_total)) in cage_sets.iter().zip(cages) {
            let within = cage.and(&inside);
            if within.is_empty() {
                continue;
            }
            // A crossing cage counts by whichever side has fewer cells.
            let without = cage.without(&inside);
            let (n_in, n_out) = (within.len(), without.len());
            if n_out == 0 {
                total -= i64::from(*cage_total);
            } else if n_out >= n_in {
                plus = plus.or(&within);
            } else {
                total -= i64::from(*cage_total);
                minus = minus.or(&without);
            }
        }
        let (n_plus, n_minus) = (plus.len() as usize, minus.len() as usize);
        if n_plus > 0
            && n_minus > 0
            && n_plus + n_minus <= MOST_CELLS
            // A run and the rest of the grid give the same rule, sides swapped.
            && !found
                .iter()
                .any(|(p, m, _)| (*p == plus && *m == minus) || (*p == minus && *m == plus))
        {
            found.push((plus, minus, total));
        }
    }
    // In the order cells were found before the sets (the cells not in
    // cages, then the cages' own orders), which the search's tie-breaks
    // follow: the guesses stay those of earlier measurements.
    let in_cage_order = |set: &CellSet| {
        let mut cells = set.without(&caged).to_vec();
        cages.iter().flat_map(|(cage, _)| cage).for_each(|&c| {
            if set.contains(c) {
                cells.push(c);
            }
        });
        cells
    };
    found
        .iter()
        .map(|(plus, minus, total)| (in_cage_order(plus), in_cage_order(minus), *total))
        .collect()
}

fn same_cells(a: &[CellIndex], b: &[CellIndex]) -> bool {
    a.len() == b.len() && CellSet::of(a) == CellSet::of(b)
}

/// The sets of `count` different digits of 1..=`size` adding up to
/// `total`, as masks in increasing order. Built digit by digit, pruned by
/// the least and greatest sums still possible: a filter over every mask
/// read 65,536 of them per cage on 16x16, and the generator, which builds
/// a model per digging step, spent a quarter of its time there.
fn digit_sets(size: usize, count: usize, total: u32) -> Vec<u16> {
    if size <= 9 {
        // Sets of up to nine digits come from a table made once: the
        // search below, run for every sum of every model, was 6 % of the
        // instructions of building a TAREK killer's model.
        let sets = match total as usize {
            total if total < SMALL_TOTALS => small_digit_sets()
                .get(count * SMALL_TOTALS + total)
                .map_or(&[][..], Vec::as_slice),
            _ => &[],
        };
        // In increasing order: those within a smaller side come first.
        return sets[..sets.partition_point(|&m| m >> size == 0)].to_vec();
    }
    fn extend(from: u32, size: u32, left: u32, total: u32, mask: u16, out: &mut Vec<u16>) {
        if left == 0 {
            if total == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=size {
            // The least sum from d on: d, d+1, ...; the greatest: the
            // highest `left` digits.
            let least = left * d + left * (left - 1) / 2;
            let most = left * size - left * (left - 1) / 2;
            if least > total || most < total || size - d + 1 < left {
                break;
            }
            extend(d + 1, size, left - 1, total - d, mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    extend(1, size as u32, count as u32, total, 0, &mut out);
    out.sort_unstable();
    out
}

/// Totals of the digits 1-9 (0 to 45) a row of [`small_digit_sets`] spans.
const SMALL_TOTALS: usize = 46;

/// The sets of the digits 1-9 by their count and total (at `count *`
/// [`SMALL_TOTALS`] `+ total`), each list in increasing order.
fn small_digit_sets() -> &'static [Vec<u16>] {
    static TABLE: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Vec::new(); 10 * SMALL_TOTALS];
        for mask in 0u16..1 << 9 {
            let total: u32 = (0..9).filter(|d| mask & 1 << d != 0).map(|d| d + 1).sum();
            table[mask.count_ones() as usize * SMALL_TOTALS + total as usize].push(mask);
        }
        table
    })
}

pub(crate) fn low(mask: u16) -> u32 {
    mask.trailing_zeros() + 1
}

pub(crate) fn high(mask: u16) -> u32 {
    16 - mask.leading_zeros()
}

/// Digits `from..=to` as a mask (empty when `from > to`).
pub(crate) fn span(from: i64, to: i64) -> u16 {
    let from = from.max(1);
    let to = to.min(16);
    if from > to {
        return 0;
    }
    let upto = if to == 16 { u16::MAX } else { (1u16 << to) - 1 };
    upto & !((1u16 << (from - 1)) - 1)
}

/// The smallest and largest sums of a side's groups, each group's digits
/// differing (`(i64::MAX, i64::MIN)`-like empty range when a group has too
/// few digits left).
fn side_bounds(cand: &[u16], side: &[Vec<CellIndex>]) -> (i64, i64) {
    side.iter().fold((0, 0), |(lo, hi), g| {
        let (g_lo, g_hi) = group_bounds(cand, g);
        (lo + g_lo, hi + g_hi)
    })
}

fn group_bounds(cand: &[u16], group: &[CellIndex]) -> (i64, i64) {
    let union = group.iter().fold(0u16, |u, &c| u | cand[c]);
    if (union.count_ones() as usize) < group.len() {
        // Too few digits: an empty range.
        return (1000, -1000);
    }
    (lowest(union, group.len()), highest(union, group.len()))
}

/// The sum of the `k` smallest digits of a mask.
fn lowest(mut mask: u16, k: usize) -> i64 {
    let mut sum = 0;
    for _ in 0..k {
        sum += i64::from(low(mask));
        mask &= mask - 1;
    }
    sum
}

/// The sum of the `k` largest digits of a mask.
fn highest(mut mask: u16, k: usize) -> i64 {
    let mut sum = 0;
    for _ in 0..k {
        let top = high(mask);
        sum += i64::from(top);
        mask &= !(1 << (top - 1));
    }
    sum
}

/// The mask of digit `d` (1-based).
/// Cages up to this many cells are pruned cell by cell (single holders of
/// a digit set, then a matching when few cells are open); larger ones keep
/// the union of the digit sets that fit.
const MATCHED_CAGE: usize = 9;

/// Cages up to this many cells list, for each set of their cells, the
/// cells that see all of the set (2^7 lists at most): a digit every
/// fitting digit set has leaves the cells that see all its places, not
/// just the houses holding them (11 % less time to uniqueness on the
/// 128-puzzle set, MATHEMAGIC killers 15-25 % fewer guesses). Larger
/// cages use the houses.
const COMMON_CAGE: usize = 7;

/// Adds to `support[i]` the digits the cell of candidates `masks[i]` takes in some
/// assignment of `combo`'s digits one to each cell (a perfect matching of
/// cells to digits); false when there is none. With the open cells'
/// digits numbered 0..k, the assignments are the k! permutations: those
/// each cell allows are intersected as bit sets from [`PLACES`] (a
/// dynamic programme over digit subsets took twice as long).
fn matching_support(masks: &[u16], combo: u16, support: &mut [u16]) -> bool {
    // Placed cells keep their digit; the rest share what is left.
    let mut open = [0usize; MATCHED_CAGE];
    let mut k = 0;
    let mut left = combo;
    for (i, &m) in masks.iter().enumerate() {
        if m.is_power_of_two() {
            if left & m == 0 {
                return false;
            }
            support[i] |= m;
            left &= !m;
        } else {
            open[k] = i;
            k += 1;
        }
    }
    if left.count_ones() as usize != k {
        return false;
    }
    if k <= 1 {
        if k == 1 {
            if masks[open[0]] & left == 0 {
                return false;
            }
            support[open[0]] |= left;
        }
        return true;
    }
    let mut digits = [0u16; MATCHED_OPEN];
    let mut rest = left;
    for d in digits.iter_mut().take(k) {
        *d = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    let places = &PLACES[k];
    let mut perms = u32::MAX;
    for (&i, cell) in open[..k].iter().zip(places) {
        let m = masks[i];
        perms &= digits[..k]
            .iter()
            .zip(cell)
            .fold(0, |p, (&d, &at)| if m & d != 0 { p | at } else { p });
    }
    if perms == 0 {
        return false;
    }
    for (&i, cell) in open[..k].iter().zip(places) {
        for (&d, &at) in digits[..k].iter().zip(cell) {
            if perms & at != 0 {
                support[i] |= d;
            }
        }
    }
    true
}

/// Open cells up to which a cage is matched exactly; beyond, the exact
/// pass costs more than it saves (5 took a third more time on the
/// MATHEMAGIC killers). At most 4: the 4! permutations fit in a u32.
/// Only once a cell of the cage is placed: matched with every cell open
/// too, the 42 TAREK killers took 230 / 341 ms to first solutions /
/// uniqueness against 161 / 223 ms, their 294 turns 1.25 / 2.35 s against
/// 0.79 / 1.59 s, for the same guesses within 0.2 % (the MATHEMAGIC
/// killers 1-2 % faster too). Three open cells at most instead of four
/// gained as much on TAREK, but took 17 % more guesses on the killers.
const MATCHED_OPEN: usize = 4;
const _: () = assert!(MATCHED_OPEN <= 4);

/// `PLACES[k][i][j]`: the permutations of k digits, as bits of their
/// numbers, that give the i-th cell the j-th digit.
static PLACES: [[[u32; MATCHED_OPEN]; MATCHED_OPEN]; MATCHED_OPEN + 1] = places();

const fn places() -> [[[u32; MATCHED_OPEN]; MATCHED_OPEN]; MATCHED_OPEN + 1] {
    const fn factorial(n: usize) -> usize {
        if n <= 1 { 1 } else { n * factorial(n - 1) }
    }
    let mut table = [[[0u32; MATCHED_OPEN]; MATCHED_OPEN]; MATCHED_OPEN + 1];
    let mut k = 1;
    while k <= MATCHED_OPEN {
        let mut p = 0;
        while p < factorial(k) {
            // Permutation p in the factorial number system: each place
            // takes the digit of that rank among those left.
            let mut left = [0usize; MATCHED_OPEN];
            let mut n = 0;
            while n < k {
                left[n] = n;
                n += 1;
            }
            let (mut rank, mut i) = (p, 0);
            while i < k {
                let f = factorial(k - 1 - i);
                let mut at = rank / f;
                rank %= f;
                table[k][i][left[at]] |= 1 << p;
                while at + 1 < k - i {
                    left[at] = left[at + 1];
                    at += 1;
                }
                i += 1;
            }
            p += 1;
        }
        k += 1;
    }
    table
}

/// Sound but not exact: a digit of `combo` only one cell can take
/// (`singles`) is that cell's, and no other cell's; false when a cell can
/// take none of `combo`, or two of its single digits. The search runs
/// [`single_support_lanes`], 16 sets at a time; this one-set form is the
/// reference the tests hold it to.
#[cfg(test)]
fn single_support(masks: &[u16], singles: u16, combo: u16, support: &mut [u16]) -> bool {
    let mut add = [0u16; MATCHED_CAGE];
    for (a, &m) in add.iter_mut().zip(masks) {
        let m = m & combo;
        let own = m & singles;
        *a = if own != 0 { own } else { m };
        if m == 0 || own & own.wrapping_sub(1) != 0 {
            return false;
        }
    }
    for (s, a) in support.iter_mut().zip(add) {
        *s |= a;
    }
    true
}

/// Gathers a cage's cells' candidates into `masks`: returns the digits
/// one cell or more can take, two or more, those placed, and how many
/// cells are open.
#[inline(always)]
fn gather(
    cand: &[u16],
    cells: &[CellIndex],
    masks: &mut [u16; MATCHED_CAGE],
) -> (u16, u16, u16, usize) {
    let (mut once, mut twice, mut placed, mut open) = (0u16, 0u16, 0u16, 0);
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = cand[c];
        twice |= once & *m;
        once |= *m;
        if m.is_power_of_two() {
            placed |= *m;
        } else {
            open += 1;
        }
    }
    (once, twice, placed, open)
}

/// Digit sets tested at once by [`single_support_lanes`].
const LANES: usize = 16;

/// [`single_support`] for up to [`LANES`] digit sets at once (empty ones
/// never fit), also testing that a set holds the placed digits and only
/// digits the cells have: whether each set fits (all ones or zero), and
/// added to `support` the union of what the fitting ones give each cell.
///
/// Written lane by lane without branches so that the compiler makes
/// vector code of it: on the MATHEMAGIC killers this test, one set at a
/// time, was half of the search's time.
///
/// On x86-64 CPUs with AVX2 (detected at run time) the same code is
/// compiled for it: 16 lanes of 16 bits are one register instead of two.
#[inline]
fn single_support_lanes(
    masks: &[u16],
    lanes: &[u16; LANES],
    placed: u16,
    once: u16,
    twice: u16,
    support: &mut [u16],
) -> [u16; LANES] {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, just checked.
        return unsafe { single_support_lanes_avx2(masks, lanes, placed, once, twice, support) };
    }
    single_support_lanes_portable(masks, lanes, placed, once, twice, support)
}

/// [`single_support_lanes`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn single_support_lanes_avx2(
    masks: &[u16],
    lanes: &[u16; LANES],
    placed: u16,
    once: u16,
    twice: u16,
    support: &mut [u16],
) -> [u16; LANES] {
    single_support_lanes_portable(masks, lanes, placed, once, twice, support)
}

/// [`single_support_lanes`] in baseline instructions, inlined into each
/// compiled version.
#[inline(always)]
fn single_support_lanes_portable(
    masks: &[u16],
    lanes: &[u16; LANES],
    placed: u16,
    once: u16,
    twice: u16,
    support: &mut [u16],
) -> [u16; LANES] {
    let singles = once & !twice;
    let all = |b: bool| if b { u16::MAX } else { 0 };
    let mut fit = [0u16; LANES];
    for (f, &c) in fit.iter_mut().zip(lanes) {
        *f = all(c != 0 && c & placed == placed && c & !once == 0);
    }
    let mut add = [[0u16; LANES]; MATCHED_CAGE];
    for (a, &m) in add.iter_mut().zip(masks) {
        for ((a, f), &c) in a.iter_mut().zip(&mut fit).zip(lanes) {
            let x = m & c;
            let own = x & singles;
            *a = if own != 0 { own } else { x };
            *f &= all(x != 0 && own & own.wrapping_sub(1) == 0);
        }
    }
    for (s, a) in support.iter_mut().zip(&add) {
        *s |= a.iter().zip(&fit).fold(0, |u, (&a, &f)| u | (a & f));
    }
    fit
}

fn digit(d: i64) -> u16 {
    1 << (d - 1)
}

/// The work lists of one propagation, reused across the search.
struct Scratch {
    /// Cells placed whose peers still have their digit, first placed
    /// first (last placed first: 4-7 % slower on the 42 and the 160
    /// generated, 1-2 % on the killers).
    queue: Ring<u16>,
    /// Non-consecutive cells of two or three candidates within a span of
    /// three: their neighbours lose the digits next to all of them.
    near_queue: Vec<u16>,
    dirty: Vec<bool>,
    /// Rules to run, first woken first: on the 56 killers 14.2 -> 11.3 s
    /// to uniqueness against last woken first, with more guesses (a
    /// propagation that fails blames another rule) but fewer runs each.
    dirty_list: Ring<u32>,
    /// Cages whose exact (matching) pass waits until the cheap rules are
    /// done: most of their runs would be undone by the next change.
    late: Vec<bool>,
    late_list: Vec<u32>,
    /// Whether the segments' unions in the state (see
    /// [`Model::segment_slots`]) hold for its cells but where houses
    /// changed since (`segments_changed`): not at a search's root, where
    /// they are read afresh.
    segments_valid: bool,
    /// Houses changed since the segments' unions were last brought up to
    /// date (those of a child node's state are its parent's): a
    /// segment is read again only where both its houses are among them.
    /// A pointing or claiming step changes a few cells and the pass runs
    /// again: reading every segment each time took the intersections 11 %
    /// more instructions on "Arrow, slow" (2 % of the search).
    segments_changed: u128,
    /// Houses with a digit left with one place (see [`Model::places`]),
    /// as bits of their indices (64 a word). Taken lowest house first,
    /// each with all its singles, as the scans of the houses took them:
    /// first found first, with the same fixed points, took 20-30 % more
    /// guesses on the slowest thermometer and arrow puzzles.
    hidden: Vec<u64>,
    /// Where no places are kept: the houses whose cells changed since
    /// their last scan for hidden singles, as bits of their indices. A
    /// house scanned without a change finds nothing new until one of its
    /// cells changes. (Its bits may stay set after a failed propagation:
    /// a scan too many.)
    dirty_houses: u128,
    /// Houses changed since the last pass of the intersections that found
    /// nothing (and of the pair exclusions, below), as bits of their
    /// indices: a pass over unchanged houses finds nothing new.
    dirty_meet: u128,
    /// Houses changed since the last pass of the intersections, and where
    /// that pass stopped at a change: the intersections before that place
    /// were found to hold then, so only these houses' need a look again
    /// (the later ones need it for `dirty_meet` too). Looking again at
    /// every intersection of a dirty house took 10 % more instructions
    /// to generate a 16x16 windoku (27.9 against 25.3 G), 3 % more on
    /// the 42 turned 16x16 puzzles from ISS.
    meet_new: u128,
    meet_resume: usize,
    dirty_pairs: u128,
    /// Houses changed since the three were last told.
    changed: u128,
    /// The rule whose run ended the last propagation that failed (None
    /// when a cell or a house did).
    failed_rule: Option<usize>,
    /// The cell left without candidates by the last propagation that
    /// failed (None when none was: a rule's or a house's test failed).
    failed_cell: Option<usize>,
    /// The last [`BLAMED_SINGLES`] fixed cells whose digits this
    /// propagation took from their peers (a ring, `singles_taken` the
    /// count so far), and the last one's digit: where it failed, the
    /// singles that led there (see [`Walk::singles_failed`]).
    last_singles: [u16; BLAMED_SINGLES],
    singles_taken: usize,
    last_digit: u16,
    /// Digits each cell lost since the houses' places last took in its
    /// changes (see [`Scratch::sync_places`]), and those cells in order.
    /// The places take them in once the rules are done, each cell's loss
    /// at once: rules narrow a cell again and again (places kept up at
    /// every change: MATHEMAGIC #1 9.1 -> 11.5 G instructions).
    removed: Vec<u16>,
    pending: Vec<u16>,
    /// The sums and digits of a little killer's groups by their
    /// candidates (see [`GroupCache`]).
    group_cache: GroupCache,
}

impl Scratch {
    fn new(model: &Model) -> Scratch {
        Scratch {
            queue: Ring::new(model.cells),
            near_queue: Vec::new(),
            dirty: vec![false; model.rules.len()],
            dirty_list: Ring::new(model.rules.len()),
            late: vec![false; model.rules.len()],
            late_list: Vec::new(),
            segments_valid: false,
            segments_changed: 0,
            hidden: vec![0; model.houses.len().div_ceil(64)],
            dirty_houses: model.all_houses(),
            dirty_meet: model.all_houses(),
            meet_new: 0,
            meet_resume: 0,
            dirty_pairs: model.all_houses(),
            changed: 0,
            failed_rule: None,
            failed_cell: None,
            last_singles: [0; BLAMED_SINGLES],
            singles_taken: 0,
            last_digit: 0,
            removed: vec![0; model.cells],
            pending: Vec::new(),
            group_cache: GroupCache::default(),
        }
    }

    /// Makes a propagation from `cand` run every rule and pass (with the
    /// places, see [`Scratch::start_places`]); false when that already
    /// finds a contradiction.
    fn dirty_all(&mut self, model: &Model, cand: &mut [u16]) -> bool {
        self.dirty_houses = model.all_houses();
        self.hidden.fill(0);
        if model.track_places && !self.start_places(model, cand) {
            return false;
        }
        self.dirty_meet = model.all_houses();
        self.meet_resume = 0;
        self.segments_valid = false;
        self.dirty_pairs = model.all_houses();
        for r in 0..model.rules.len() {
            if !self.dirty[r] {
                self.dirty[r] = true;
                self.dirty_list.push_back(r as u32);
            }
        }
        true
    }

    fn clear(&mut self) {
        self.queue.clear();
        self.near_queue.clear();
        for r in self.dirty_list.iter() {
            self.dirty[r as usize] = false;
        }
        self.dirty_list.clear();
        for &r in &self.late_list {
            self.late[r as usize] = false;
        }
        self.late_list.clear();
        self.hidden.fill(0);
        self.clear_pending();
    }

    /// Keeps only `keep` in a cell; false when nothing is left.
    #[inline(always)]
    fn restrict(&mut self, model: &Model, cand: &mut [u16], cell: CellIndex, keep: u16) -> bool {
        // Most calls change nothing: that test is inlined, the rest not.
        cand[cell] & !keep == 0 || self.narrow(model, cand, cell, keep)
    }

    #[inline(never)]
    fn narrow(&mut self, model: &Model, cand: &mut [u16], cell: CellIndex, keep: u16) -> bool {
        let old = cand[cell];
        let new = old & keep;
        if new == 0 {
            self.failed_cell = Some(cell);
            return false;
        }
        cand[cell] = new;
        if model.track_places {
            if self.removed[cell] == 0 {
                self.pending.push(cell as u16);
            }
            self.removed[cell] |= old & !new;
        }
        self.changed |= model.house_bits[cell];
        if new.is_power_of_two() {
            self.queue.push_back(cell as u16);
        } else if model.nonconsecutive && new >> new.trailing_zeros() < 8 {
            self.near_queue.push(cell as u16);
        }
        self.wake(&model.watch[cell]);
        let ends = (old & old.wrapping_neg()) | (0x8000 >> old.leading_zeros());
        if (old ^ new) & ends != 0 {
            self.wake(&model.watch_bounds[cell]);
        }
        true
    }

    /// Queues the rules not queued yet. (Two calls, not one loop over a
    /// chain of the two lists: MATHEMAGIC #0 with a 4,000-guess cap took
    /// 1.2 % more instructions with the chain's checks.)
    #[inline(always)]
    fn wake(&mut self, rules: &[u32]) {
        for &r in rules {
            if !self.dirty[r as usize] {
                self.dirty[r as usize] = true;
                self.dirty_list.push_back(r);
            }
        }
    }

    /// Brings the places up to date at the root of a search and marks the
    /// houses with a digit of one place; false when a digit has no place
    /// in a house and no cell of it is fixed to the digit.
    fn start_places(&mut self, model: &Model, cand: &mut [u16]) -> bool {
        // (Those found meanwhile are marked again below.)
        if !self.sync_places(model, cand) {
            return false;
        }
        for (h, house) in model.houses.iter().enumerate() {
            let base = model.places + h * model.size;
            for d in 0..model.size {
                let p = cand[base + d];
                if p == 0 {
                    if !house.iter().any(|&c| cand[usize::from(c)] == 1 << d) {
                        return false;
                    }
                } else if p.is_power_of_two() {
                    self.hidden[h / 64] |= 1 << (h % 64);
                }
            }
        }
        true
    }

    /// Takes the cells' changes since the last call into the houses'
    /// places (see [`Model::places`]), marking the houses with a digit
    /// left with one place; false when one is left with none.
    fn sync_places(&mut self, model: &Model, cand: &mut [u16]) -> bool {
        for &cell in &self.pending {
            let cell = usize::from(cell);
            let gone = std::mem::take(&mut self.removed[cell]);
            let span = model.cell_slots[cell] as usize..model.cell_slots[cell + 1] as usize;
            for &(base, house, bit) in &model.slots_of[span] {
                let base = base as usize;
                let mut left = gone;
                while left != 0 {
                    let d = left.trailing_zeros() as usize;
                    left &= left - 1;
                    let p = cand[base + d];
                    if p & bit != 0 {
                        let rest = p & !bit;
                        cand[base + d] = rest;
                        if rest & rest.wrapping_sub(1) == 0 {
                            // None left while no cell holds it (a cell
                            // fixed to it keeps its place until it has
                            // taken the digit from the house).
                            if rest == 0 {
                                self.clear_pending();
                                return false;
                            }
                            let h = usize::from(house);
                            self.hidden[h / 64] |= 1 << (h % 64);
                        }
                    }
                }
            }
        }
        self.pending.clear();
        true
    }

    /// Takes `digit`, which `cell` is fixed to, from its peers: the other
    /// places of the digit in the cell's houses (the cells that may still
    /// have it: places only lose cells once their cells lose the digit),
    /// which then have none (see [`Model::places`]), and the peers outside
    /// its houses. In the order of the cells, as from the list of peers:
    /// under [`Choice::Conflicts`] the first cell left empty gains weight
    /// (in the order of the houses, 6 % more guesses on the 42 puzzles from
    /// ISS). False on a contradiction.
    fn take_from_places(
        &mut self,
        model: &Model,
        cand: &mut [u16],
        cell: CellIndex,
        digit: u16,
    ) -> bool {
        let d = digit.trailing_zeros() as usize;
        let span = model.cell_slots[cell] as usize..model.cell_slots[cell + 1] as usize;
        let mut hit = CellSet::default();
        for &(base, house, bit) in &model.slots_of[span] {
            let slot = base as usize + d;
            let mut others = cand[slot] & !bit;
            cand[slot] = 0;
            let house = &model.houses[usize::from(house)];
            while others != 0 {
                hit.insert(usize::from(house[others.trailing_zeros() as usize]));
                others &= others - 1;
            }
        }
        for &p in &model.outside_peers[cell] {
            if cand[usize::from(p)] & digit != 0 {
                hit.insert(usize::from(p));
            }
        }
        hit.iter().all(|p| self.restrict(model, cand, p, !digit))
    }

    fn clear_pending(&mut self) {
        for &cell in &self.pending {
            self.removed[usize::from(cell)] = 0;
        }
        self.pending.clear();
    }

    /// Propagates to a fixed point; false on a contradiction.
    fn propagate(&mut self, model: &Model, cand: &mut [u16]) -> bool {
        loop {
            while let Some(cell) = self.queue.pop_front() {
                let cell = usize::from(cell);
                let digit = cand[cell];
                self.last_singles[self.singles_taken % BLAMED_SINGLES] = cell as u16;
                self.singles_taken += 1;
                self.last_digit = digit;
                if model.track_places {
                    if !self.take_from_places(model, cand, cell, digit) {
                        return false;
                    }
                } else {
                    for &p in &model.peers[cell] {
                        if !self.restrict(model, cand, usize::from(p), !digit) {
                            return false;
                        }
                    }
                }
                let near = (digit << 1) | (digit >> 1);
                for &o in &model.orthogonal[cell] {
                    if !self.restrict(model, cand, usize::from(o), !near) {
                        return false;
                    }
                }
            }
            if let Some(cell) = self.near_queue.pop() {
                let cell = usize::from(cell);
                let m = cand[cell];
                // Within a span of three, the digits next to (or on) every
                // candidate: from the highest less one to the lowest plus one.
                let low = u32::from(m & m.wrapping_neg());
                let high = 0x8000u32 >> m.leading_zeros();
                // The cell may have been fixed since (its queue did this).
                if high >> 1 <= low << 1 && low != high {
                    // Bits from high's lower neighbour to low's upper one.
                    let near = ((low << 2) - (high >> 1)) as u16;
                    for &o in &model.orthogonal[cell] {
                        if !self.restrict(model, cand, usize::from(o), !near) {
                            return false;
                        }
                    }
                }
                continue;
            }
            if let Some(r) = self.dirty_list.pop_front() {
                self.dirty[r as usize] = false;
                if !self.run_rule(model, cand, r as usize, false) {
                    self.failed_rule = Some(r as usize);
                    return false;
                }
                continue;
            }
            if let Some(r) = self.late_list.pop() {
                self.late[r as usize] = false;
                if !self.run_rule(model, cand, r as usize, true) {
                    self.failed_rule = Some(r as usize);
                    return false;
                }
                continue;
            }
            if model.track_places {
                match self.tracked_singles(model, cand) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            self.dirty_houses |= self.changed;
            self.meet_new |= self.changed;
            self.segments_changed |= self.changed;
            self.dirty_pairs |= self.changed;
            self.changed = 0;
            if !model.track_places {
                match self.scanned_singles(model, cand) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            let Some(mut changed) = self.intersections(model, cand) else {
                return false;
            };
            if !changed && model.pair_exclusions {
                match self.pair_exclusions(model, cand) {
                    None => return false,
                    Some(c) => changed = c,
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The hidden singles of the lowest house with a digit left with one
    /// place (see [`Model::places`]). None on a contradiction, else
    /// whether there was such a house.
    fn tracked_singles(&mut self, model: &Model, cand: &mut [u16]) -> Option<bool> {
        if !self.pending.is_empty() && !self.sync_places(model, cand) {
            return None;
        }
        let Some(w) = self.hidden.iter().position(|&w| w != 0) else {
            return Some(false);
        };
        let h = 64 * w + self.hidden[w].trailing_zeros() as usize;
        self.hidden[w] &= self.hidden[w] - 1;
        let base = model.places + h * model.size;
        for d in 0..model.size {
            let p = cand[base + d];
            // (None: a cell fixed to the digit took it from the house.)
            if p == 0 || !p.is_power_of_two() {
                continue;
            }
            let cell = usize::from(model.houses[h][p.trailing_zeros() as usize]);
            let bit = 1u16 << d;
            // The cell was the only place of another digit just fixed
            // (its places are taken in after this house).
            if cand[cell] & bit == 0 || !self.restrict(model, cand, cell, bit) {
                return None;
            }
        }
        Some(true)
    }

    /// The hidden singles of the lowest changed house that has any, found
    /// by a scan of its cells, for models that keep no places (see
    /// [`Model::track_places`]). None on a contradiction, else whether a
    /// house had any.
    fn scanned_singles(&mut self, model: &Model, cand: &mut [u16]) -> Option<bool> {
        // The houses that changed, in order (the others would find
        // nothing): the same guesses, 4 % less time on the 42-puzzle
        // set, 15 % on 78 generated.
        for h in scan_order(self.dirty_houses, model.houses.len()) {
            let house = &model.houses[h];
            self.dirty_houses &= !1u128.checked_shl(h as u32).unwrap_or(0);
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &c in house {
                let m = cand[usize::from(c)];
                twice |= once & m;
                once |= m;
                // A placed digit is a mask of one bit.
                placed |= if m & m.wrapping_sub(1) == 0 { m } else { 0 };
            }
            if once != model.all {
                return None;
            }
            // Placed digits are done (their peers lost them when they
            // were placed): looking up their cells was a tenth of the
            // time on thermometer puzzles.
            let mut singles = once & !twice & !placed;
            let mut changed = false;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                // None: an earlier single of this house took its only cell.
                let cell = house
                    .iter()
                    .map(|&c| usize::from(c))
                    .find(|&c| cand[c] & bit != 0)?;
                if cand[cell] != bit {
                    changed = true;
                    if !self.restrict(model, cand, cell, bit) {
                        return None;
                    }
                }
            }
            if changed {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Two houses meeting in two or more cells: their cells outside the
    /// meeting hold the same digits, so a digit one side lacks leaves the
    /// other (pointing and claiming, and their like for every house). None
    /// on a contradiction, else whether anything changed; stops at the
    /// first change, as the segments' unions are stale after it.
    fn intersections(&mut self, model: &Model, cand: &mut [u16]) -> Option<bool> {
        let meetings = &model.meetings;
        let (old, new) = (self.dirty_meet, self.meet_new);
        if old | new == 0 && !meetings.untracked {
            return Some(false);
        }
        let (cells, unions) = cand.split_at_mut(model.segment_slots);
        let unions = &mut unions[..meetings.segments.len()];
        if self.segments_valid && !meetings.untracked {
            let changed = self.segments_changed;
            // A segment's intersection is of the same two houses: listed
            // under the lower, read again where both changed.
            let mut lower = changed;
            while lower != 0 {
                let h = lower.trailing_zeros() as usize;
                lower &= lower - 1;
                for &s in &meetings.house_segments[h] {
                    let s = s as usize;
                    let both = meetings.intersections[s].houses.unwrap_or(0);
                    if both & changed == both {
                        let seg = &meetings.segments[s];
                        unions[s] = seg.iter().fold(0u16, |u, &c| u | cells[usize::from(c)]);
                    }
                }
            }
        } else {
            for (u, seg) in unions.iter_mut().zip(&meetings.segments) {
                *u = seg.iter().fold(0u16, |u, &c| u | cells[usize::from(c)]);
            }
            self.segments_valid = true;
        }
        self.segments_changed = 0;
        let segments = model.segment_slots;
        let resume = self.meet_resume;
        for (i, x) in meetings.intersections.iter().enumerate() {
            // Its two houses unchanged since a pass found it holding.
            if x.houses
                .is_some_and(|h| h & new == 0 && (i < resume || h & old == 0))
            {
                continue;
            }
            let union = |side: &Side| {
                let u = side
                    .segments
                    .iter()
                    .fold(0u16, |u, &s| u | cand[segments + usize::from(s)]);
                side.cells.iter().fold(u, |u, &c| u | cand[usize::from(c)])
            };
            let (ua, ub) = (union(&x.sides[0]), union(&x.sides[1]));
            if ua != ub {
                let both = ua & ub;
                self.dirty_meet = old | new;
                self.meet_new = 0;
                self.meet_resume = i;
                for &c in x.sides[0].all.iter().chain(&x.sides[1].all) {
                    if !self.restrict(model, cand, usize::from(c), both) {
                        return None;
                    }
                }
                return Some(true);
            }
        }
        self.dirty_meet = 0;
        self.meet_new = 0;
        self.meet_resume = 0;
        Some(false)
    }

    /// A digit with two places left in a house is in one of them: no cell
    /// that must differ from both can hold it (pointing and claiming where
    /// the two share a box and a line, and across the extra houses and the
    /// variants' peers). None on a contradiction, else whether anything
    /// changed.
    fn pair_exclusions(&mut self, model: &Model, cand: &mut [u16]) -> Option<bool> {
        let mut changed = false;
        // Unchanged houses have the same pairs, whose common peers lost
        // the digit in the pass that found them.
        for h in scan_order(std::mem::take(&mut self.dirty_pairs), model.houses.len()) {
            // So do the pairs done on this branch (see `Model::pairs_done`).
            let done = cand[model.pairs_done + h];
            let mut now = 0u16;
            for (a, b, bit) in house_pairs(model, h, cand) {
                now |= bit;
                if done & bit != 0 {
                    continue;
                }
                // The cells both see: a merge of the sorted lists took
                // nearly three times as long on 16x16 X.
                let both = model.peer_bits[a].and(&model.peer_bits[b]);
                for c in both.iter() {
                    if cand[c] & bit != 0 {
                        if !self.restrict(model, cand, c, !bit) {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
            cand[model.pairs_done + h] = done | now;
        }
        Some(changed)
    }

    /// Keeps in each cell of `side` the digits with which the side can
    /// still add up to something in `from..=to`, the groups' digits
    /// differing.
    fn prune_side(
        &mut self,
        model: &Model,
        cand: &mut [u16],
        side: &[Vec<CellIndex>],
        from: i64,
        to: i64,
    ) -> bool {
        let (lo, hi) = side_bounds(cand, side);
        if lo > to || hi < from {
            return false;
        }
        for group in side {
            let (g_lo, g_hi) = group_bounds(cand, group);
            // No digit can move the group's bounds by more than this.
            if to - lo >= g_hi - g_lo && hi - from >= g_hi - g_lo {
                continue;
            }
            for (i, &c) in group.iter().enumerate() {
                let others = group
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .fold(0u16, |u, (_, &o)| u | cand[o]);
                let rest = group.len() - 1;
                // The others' digits fill them exactly: not this cell's.
                let mut keep = if others.count_ones() as usize == rest {
                    cand[c] & !others
                } else {
                    cand[c]
                };
                // The group's least and greatest sums with this cell at d
                // grow with d: the digits kept are a range, found from
                // each end.
                let fits_low = |d: i64| lo - g_lo + d + lowest(others & !digit(d), rest) <= to;
                let fits_high = |d: i64| hi - g_hi + d + highest(others & !digit(d), rest) >= from;
                while keep != 0 && !fits_low(i64::from(high(keep))) {
                    keep &= !digit(i64::from(high(keep)));
                }
                while keep != 0 && !fits_high(i64::from(low(keep))) {
                    keep &= keep - 1;
                }
                if !self.restrict(model, cand, c, keep) {
                    return false;
                }
            }
        }
        true
    }

    /// A cage of up to [`MATCHED_CAGE`] cells whose digits differ: each
    /// cell keeps the digits some digit set that fits gives it (single
    /// holders at once, an exact matching once the cheap rules are done
    /// and few cells are open), then the digits every fitting set has
    /// are placed where they can go.
    ///
    /// The cells' masks are gathered once into an array: the digit sets
    /// are tested against that, not against `cand` through `cells` (on
    /// the MATHEMAGIC killers this arm was 60 % of the time).
    fn cage(&mut self, model: &Model, cand: &mut [u16], rule: usize, late: bool) -> bool {
        let Rule::Sum {
            cells,
            distinct:
                Some(Distinct {
                    lanes,
                    sight,
                    crossings,
                    ..
                }),
            ..
        } = &model.rules[rule]
        else {
            unreachable!("only cages with digit sets are matched");
        };
        let n = cells.len();
        let mut masks = [0u16; MATCHED_CAGE];
        let (once, twice, placed, open) = gather(cand, cells, &mut masks);
        let required = required_digits(cand, &masks, crossings);
        let masks = &mut masks[..n];
        // Not before a cell is placed: with every cell open the exact
        // pass found next to nothing (see [`MATCHED_OPEN`]).
        if !late && !self.late[rule] && (2..=MATCHED_OPEN).contains(&open) && open < n {
            self.late[rule] = true;
            self.late_list.push(rule as u32);
        }
        let mut support = [0u16; MATCHED_CAGE];
        let support = &mut support[..n];
        let (mut union, mut must) = (0u16, model.all);
        let mut cheap = [0u16; MATCHED_CAGE];
        let mut fitting = 0u16;
        for chunk in lanes {
            // The exact pass needs the cheap test's verdicts only.
            let into = if late { &mut cheap[..n] } else { &mut *support };
            let fit = single_support_lanes(masks, chunk, placed | required, once, twice, into);
            for (&combo, &fit) in chunk.iter().zip(&fit) {
                fitting += u16::from(fit != 0);
                if fit != 0 && (!late || matching_support(masks, combo, support)) {
                    union |= combo;
                    must &= combo;
                }
            }
        }
        cand[model.fit_slots[rule] as usize] = fitting;
        if union == 0 {
            return false;
        }
        let mut placed = 0u16;
        for ((m, &keep), &c) in masks.iter_mut().zip(support.iter()).zip(cells) {
            if !self.restrict(model, cand, c, keep) {
                return false;
            }
            *m &= keep;
            if m.is_power_of_two() {
                placed |= *m;
            }
        }
        // A placed digit has left its houses already.
        self.cage_digits(model, cand, cells, sight, masks, must & !placed)
    }

    /// Digits in every digit set that fits a cage (`must`): one with a
    /// single place there is placed; one with several leaves every cell
    /// that sees them all (see [`Sight`]). `masks` are the cells'
    /// candidates.
    fn cage_digits(
        &mut self,
        model: &Model,
        cand: &mut [u16],
        cells: &[CellIndex],
        sight: &Sight,
        masks: &mut [u16],
        mut must: u16,
    ) -> bool {
        while must != 0 {
            let bit = must & must.wrapping_neg();
            must &= must - 1;
            let holders = masks
                .iter()
                .enumerate()
                .filter(|&(_, m)| m & bit != 0)
                .fold(0u16, |h, (i, _)| h | 1 << i);
            if holders == 0 {
                return false;
            }
            if holders.is_power_of_two() {
                let i = holders.trailing_zeros() as usize;
                if !self.restrict(model, cand, cells[i], bit) {
                    return false;
                }
                masks[i] = bit;
                continue;
            }
            // Plain loops: a flattened chain of the lists took 3 % more
            // instructions on MATHEMAGIC #0 (a 4,000-guess cap).
            match sight {
                Sight::Common { starts, cells } => {
                    let h = usize::from(holders);
                    for &o in &cells[starts[h] as usize..starts[h + 1] as usize] {
                        if !self.restrict(model, cand, usize::from(o), !bit) {
                            return false;
                        }
                    }
                }
                Sight::Shared(houses) => {
                    for (inside, outside) in houses {
                        if holders & !inside == 0 {
                            for &o in outside {
                                if !self.restrict(model, cand, usize::from(o), !bit) {
                                    return false;
                                }
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// Cells that differ and fill one of the digit sets `sets` (a large
    /// cage's, a renban line's runs), without the cages' matching: each
    /// cell keeps the digits of the sets that fit its neighbours' and the
    /// placed digits, and a digit every fitting set holds is placed or
    /// taken from the cells that see its places (see [`Scratch::cage_digits`]).
    fn digit_sets(
        &mut self,
        model: &Model,
        cand: &mut [u16],
        cells: &[CellIndex],
        sets: &[u16],
        sight: &Sight,
    ) -> bool {
        let (mut once, mut placed) = (0u16, 0u16);
        for &c in cells {
            once |= cand[c];
            if cand[c].is_power_of_two() {
                placed |= cand[c];
            }
        }
        let (mut union, mut must) = (0u16, model.all);
        for &set in sets {
            if set & placed == placed
                && set & !once == 0
                && cells.iter().all(|&c| cand[c] & set != 0)
            {
                union |= set;
                must &= set;
            }
        }
        if union == 0 {
            return false;
        }
        for &c in cells {
            if !self.restrict(model, cand, c, union) {
                return false;
            }
        }
        let mut masks: Vec<u16> = cells.iter().map(|&c| cand[c]).collect();
        self.cage_digits(model, cand, cells, sight, &mut masks, must)
    }

    fn run_rule(&mut self, model: &Model, cand: &mut [u16], rule: usize, late: bool) -> bool {
        match &model.rules[rule] {
            Rule::Pair {
                cells: [a, b],
                allowed,
            } => {
                let support = |mut m: u16| {
                    let mut s = 0;
                    while m != 0 {
                        s |= allowed[m.trailing_zeros() as usize];
                        m &= m - 1;
                    }
                    s
                };
                self.restrict(model, cand, *b, support(cand[*a]))
                    && self.restrict(model, cand, *a, support(cand[*b]))
            }
            Rule::Sum {
                cells,
                total,
                distinct: None,
                ..
            } => {
                let low_sum: i64 = cells.iter().map(|&c| i64::from(low(cand[c]))).sum();
                let high_sum: i64 = cells.iter().map(|&c| i64::from(high(cand[c]))).sum();
                let total = i64::from(*total);
                if low_sum > total || high_sum < total {
                    return false;
                }
                // A cell narrows only when the sum's slack on a side is
                // less than its span: most runs change nothing.
                if (total - low_sum).min(high_sum - total) >= model.size as i64 - 1 {
                    return true;
                }
                for &c in cells {
                    let (lo, hi) = (i64::from(low(cand[c])), i64::from(high(cand[c])));
                    let keep = span(total - (high_sum - hi), total - (low_sum - lo));
                    if !self.restrict(model, cand, c, keep) {
                        return false;
                    }
                }
                true
            }
            Rule::Sum {
                cells,
                distinct: Some(_),
                ..
            } if cells.len() <= MATCHED_CAGE => self.cage(model, cand, rule, late),
            Rule::Sum {
                cells,
                distinct: Some(Distinct { combos, sight, .. }),
                ..
            } => self.digit_sets(model, cand, cells, combos, sight),
            Rule::Renban { cells, runs, sight } => self.digit_sets(model, cand, cells, runs, sight),
            Rule::Quadruple { cells, need } => {
                let masks = cells.map(|c| cand[c]);
                let mut keep = [0u16; 4];
                quadruple_support(&masks, need, &mut keep)
                    && cells
                        .iter()
                        .zip(keep)
                        .all(|(&c, keep)| self.restrict(model, cand, c, keep))
            }
            Rule::Sandwich { cells, combos } => {
                let mut keep = [0u16; crate::MAX_SIZE];
                sandwich_support(model.all, cand, cells, combos, &mut keep)
                    && cells
                        .iter()
                        .zip(&keep)
                        .all(|(&c, &keep)| self.restrict(model, cand, c, keep))
            }
            Rule::Skyscraper { cells, count } => {
                let mut keep = [0u16; crate::MAX_SIZE];
                skyscraper_support(cand, cells, *count, &mut keep)
                    && cells
                        .iter()
                        .zip(&keep)
                        .all(|(&c, &keep)| self.restrict(model, cand, c, keep))
            }
            Rule::XSum { cells, combos } => {
                let mut keep = [0u16; crate::MAX_SIZE];
                x_sum_support(model.all, cand, cells, combos, &mut keep)
                    && cells
                        .iter()
                        .zip(&keep)
                        .all(|(&c, &keep)| self.restrict(model, cand, c, keep))
            }
            Rule::Difference { plus, minus, total } => {
                let bounds = |cand: &[u16], cells: &[CellIndex]| {
                    cells.iter().fold((0i64, 0i64), |(lo, hi), &c| {
                        (lo + i64::from(low(cand[c])), hi + i64::from(high(cand[c])))
                    })
                };
                let ((p_lo, p_hi), (m_lo, m_hi)) = (bounds(cand, plus), bounds(cand, minus));
                // plus = total + minus
                if p_hi < total + m_lo || p_lo > total + m_hi {
                    return false;
                }
                // As for sums: no cell's span exceeds the slack on either
                // side (one cell a side is also pruned digit by digit).
                let slack = (p_hi - total - m_lo).min(total + m_hi - p_lo);
                if slack >= model.size as i64 - 1 && plus.len() + minus.len() > 2 {
                    return true;
                }
                for &c in plus {
                    let (lo, hi) = (i64::from(low(cand[c])), i64::from(high(cand[c])));
                    let keep = span(total + m_lo - (p_hi - hi), total + m_hi - (p_lo - lo));
                    if !self.restrict(model, cand, c, keep) {
                        return false;
                    }
                }
                let ((p_lo, p_hi), (m_lo, m_hi)) = (bounds(cand, plus), bounds(cand, minus));
                for &c in minus {
                    let (lo, hi) = (i64::from(low(cand[c])), i64::from(high(cand[c])));
                    let keep = span(p_lo - total - (m_hi - hi), p_hi - total - (m_lo - lo));
                    if !self.restrict(model, cand, c, keep) {
                        return false;
                    }
                }
                if let ([a], [b]) = (plus.as_slice(), minus.as_slice()) {
                    // a = b + total, digit by digit.
                    let (ma, mb) = (cand[*a], cand[*b]);
                    let shifted = |m: u16, by: i64| -> u16 {
                        if by >= 0 {
                            m.checked_shl(by as u32).unwrap_or(0)
                        } else {
                            m.checked_shr((-by) as u32).unwrap_or(0)
                        }
                    };
                    if !self.restrict(model, cand, *a, shifted(mb, *total))
                        || !self.restrict(model, cand, *b, shifted(ma, -*total))
                    {
                        return false;
                    }
                }
                true
            }
            Rule::GroupSum { groups, total } => {
                self.prune_side(model, cand, groups, *total, *total)
            }
            Rule::Diagonal {
                cells,
                total,
                clash: Some(clash),
                ..
            } => {
                let n = cells.len();
                let mut masks = [0u16; EXACT_PATH];
                for (m, &c) in masks.iter_mut().zip(cells) {
                    *m = cand[c];
                }
                let mut support = [0u16; EXACT_PATH];
                path_assignments(&masks[..n], clash, 1u128 << total, &mut support[..n]) != 0
                    && cells
                        .iter()
                        .zip(&support)
                        .all(|(&c, &keep)| self.restrict(model, cand, c, keep))
            }
            Rule::Diagonal { groups, total, .. } if *total < 128 => {
                let mut keep = [0u16; crate::MAX_SIZE];
                diagonal_sums(cand, groups, *total, &mut keep, &mut self.group_cache)
                    && groups
                        .iter()
                        .flatten()
                        .zip(&keep)
                        .all(|(&c, &keep)| self.restrict(model, cand, c, keep))
            }
            Rule::Diagonal { groups, total, .. } => {
                let total = i64::from(*total);
                self.prune_side(model, cand, groups, total, total)
            }
            Rule::Thermometer { cells } => {
                // Forward: each cell above the smallest possible before it.
                let mut floor = 0i64;
                for &c in cells {
                    if !self.restrict(model, cand, c, span(floor + 1, 16)) {
                        return false;
                    }
                    floor = i64::from(low(cand[c]));
                }
                let mut ceiling = 17i64;
                for &c in cells.iter().rev() {
                    if !self.restrict(model, cand, c, span(1, ceiling - 1)) {
                        return false;
                    }
                    ceiling = i64::from(high(cand[c]));
                }
                true
            }
            Rule::Arrow { circle, path, .. } if model.rules[rule].is_short_arrow() => {
                // Each digit kept only where the others can make the sum
                // (bounds alone: "Arrow, slow" took 117,192 guesses to
                // uniqueness, digit by digit 61,804, 0.49 -> 0.35 s).
                let (c, a, b) = (circle[0], path[0], path[1]);
                let (mc, ma, mb) = (cand[c], cand[a], cand[b]);
                let differ = model.peers[a].binary_search(&(b as u16)).is_ok();
                // The digits of `mine` that some digit of `other` (another one
                // where the two differ) brings to a sum in `target`, and those
                // sums: bit d+e-1 of `other << d` is d+e.
                let support = |mine: u16, other: u16, target: u16| {
                    let (mut keep, mut sums) = (0u16, 0u16);
                    let mut m = mine;
                    while m != 0 {
                        let bit = m & m.wrapping_neg();
                        m &= m - 1;
                        let others = if differ { other & !bit } else { other };
                        let made = ((u32::from(others) << (bit.trailing_zeros() + 1))
                            & u32::from(target)) as u16;
                        if made != 0 {
                            keep |= bit;
                            sums |= made;
                        }
                    }
                    (keep, sums)
                };
                let (keep_a, keep_c) = support(ma, mb, mc);
                let (keep_b, _) = support(mb, keep_a, keep_c);
                self.restrict(model, cand, c, keep_c)
                    && self.restrict(model, cand, a, keep_a)
                    && self.restrict(model, cand, b, keep_b)
            }
            Rule::Arrow {
                circle,
                path,
                exact: Some(clash),
                ..
            } => {
                let n = path.len();
                let mut masks = [0u16; EXACT_PATH];
                for (m, &p) in masks.iter_mut().zip(path) {
                    *m = cand[p];
                }
                let (first, second) = (cand[circle[0]], circle.get(1).map_or(0, |&c| cand[c]));
                // The digits a, b a two-cell circle can hold: it shows 10a + b.
                let pairs =
                    || digits_of(first).flat_map(move |a| digits_of(second).map(move |b| (a, b)));
                let targets: u128 = if circle.len() == 1 {
                    u128::from(first) << 1
                } else {
                    pairs().fold(0, |t, (a, b)| t | 1 << (10 * a + b))
                };
                let mut support = [0u16; EXACT_PATH];
                let totals = path_assignments(&masks[..n], clash, targets, &mut support[..n]);
                let circle_kept = if circle.len() == 1 {
                    self.restrict(model, cand, circle[0], (totals >> 1) as u16)
                } else {
                    let (mut tens, mut units) = (0u16, 0u16);
                    for (a, b) in pairs().filter(|&(a, b)| totals & 1 << (10 * a + b) != 0) {
                        tens |= 1 << (a - 1);
                        units |= 1 << (b - 1);
                    }
                    self.restrict(model, cand, circle[0], tens)
                        && self.restrict(model, cand, circle[1], units)
                };
                circle_kept
                    && path
                        .iter()
                        .zip(&support)
                        .all(|(&p, &keep)| self.restrict(model, cand, p, keep))
            }
            Rule::Arrow {
                circle,
                path,
                groups,
                ..
            } => {
                let cells_low: i64 = path.iter().map(|&c| i64::from(low(cand[c]))).sum();
                let cells_high: i64 = path.iter().map(|&c| i64::from(high(cand[c]))).sum();
                // The groups' bounds are tighter but hold for the path as a
                // whole only: a cell's share is bounded by the cells' sums.
                let (path_low, path_high) = if groups.is_empty() {
                    (cells_low, cells_high)
                } else {
                    let (lo, hi) = side_bounds(cand, groups);
                    (cells_low.max(lo), cells_high.min(hi))
                };
                let value = |pick: &dyn Fn(CellIndex) -> u32| -> i64 {
                    circle
                        .iter()
                        .fold(0i64, |v, &c| v * 10 + i64::from(pick(c)))
                };
                let circle_low = value(&|c| low(cand[c]));
                let circle_high = value(&|c| high(cand[c]));
                if circle_low > path_high || circle_high < path_low {
                    return false;
                }
                if circle.len() == 1 {
                    if !self.restrict(model, cand, circle[0], span(path_low, path_high)) {
                        return false;
                    }
                } else {
                    for (i, &c) in circle.iter().enumerate() {
                        let mut keep = 0u16;
                        let mut m = cand[c];
                        while m != 0 {
                            let bit = m & m.wrapping_neg();
                            m &= m - 1;
                            let d = low(bit);
                            let with = |pick: &dyn Fn(CellIndex) -> u32| -> i64 {
                                circle.iter().enumerate().fold(0i64, |v, (j, &o)| {
                                    v * 10 + i64::from(if j == i { d } else { pick(o) })
                                })
                            };
                            let (lo, hi) = (with(&|o| low(cand[o])), with(&|o| high(cand[o])));
                            if lo <= path_high && hi >= path_low {
                                keep |= bit;
                            }
                        }
                        if !self.restrict(model, cand, c, keep) {
                            return false;
                        }
                    }
                }
                let circle_low = value(&|c| low(cand[c]));
                let circle_high = value(&|c| high(cand[c]));
                for &p in path {
                    let (lo, hi) = (i64::from(low(cand[p])), i64::from(high(cand[p])));
                    let keep = span(
                        circle_low - (cells_high - hi),
                        circle_high - (cells_low - lo),
                    );
                    if !self.restrict(model, cand, p, keep) {
                        return false;
                    }
                }
                groups.is_empty() || self.prune_side(model, cand, groups, circle_low, circle_high)
            }
        }
    }
}

/// Paths of up to this many cells (with a circle of one or two cells) are
/// propagated by trying every assignment whose sum the circle can show:
/// a sum of at most 99 leaves few. Against bounds alone, on the 42
/// puzzles of other rules (BENCHMARKS.md): "Arrow, slow" 22,115 guesses
/// to uniqueness instead of 46,011 (212 -> 121 ms), "Pill Arrow Sudoku"
/// 27 instead of 2,872, "CTC Tribute" 1,559 instead of 3,713. Paths of
/// up to 8 cells changed nothing there.
const EXACT_PATH: usize = 5;
const _: () = assert!(EXACT_PATH <= 8, "the clash bits are a u8");

/// The digits of `mask`, from 1.
fn digits_of(mask: u16) -> impl Iterator<Item = u32> {
    (1..=16).filter(move |&d| mask & 1 << (d - 1) != 0)
}

/// Groups of more cells than this in a little killer's diagonal are taken
/// cell by cell in [`diagonal_sums`] (their assignments grow as 9^n).
const DIAGONAL_GROUP: usize = 4;

/// A little killer whose cells may repeat, in `groups` of cells that
/// differ (at most [`DIAGONAL_GROUP`] each), adding up to `total` (below
/// 128): the sums each group can make (its digits distinct) are joined
/// from either end, and each group keeps the assignments whose sum the
/// other groups can complete. `keep` gets, for the groups' cells in order,
/// the digits kept. False when no assignment fits.
///
/// (Bounds alone left a 9x9 puzzle of twelve little killers and 9 givens
/// at 150,448 guesses to uniqueness.) On ISS's little killers (20 that
/// finish) the same guesses took 4.9 -> 3.2 s to uniqueness with the
/// total's remainders kept from the back (no reversal of bits), the
/// walks cached ([`GroupCache`]) and sets of sums in a u64 below 64.
fn diagonal_sums(
    cand: &[u16],
    groups: &[Vec<CellIndex>],
    total: u32,
    keep: &mut [u16; crate::MAX_SIZE],
    cache: &mut GroupCache,
) -> bool {
    // Sets of sums in one machine word where the total allows: a u128's
    // shifts by a variable take several instructions.
    if total < 64 {
        diagonal_sums_in::<u64>(cand, groups, total, keep, cache)
    } else {
        diagonal_sums_in::<u128>(cand, groups, total, keep, cache)
    }
}

/// A set of sums as bits (bit s: sum s), for [`diagonal_sums_in`].
trait SumSet:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const ALL: Self;
    const BITS: u32;
    fn lowest(self) -> u32;
    /// The bits of a set of sums below this type's width.
    fn narrow(sums: u128) -> Self;
    fn widen(self) -> u128;
}

macro_rules! sum_set {
    ($t:ty) => {
        impl SumSet for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const ALL: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn narrow(sums: u128) -> Self {
                sums as $t
            }
            fn widen(self) -> u128 {
                self as u128
            }
        }
    };
}
sum_set!(u64);
sum_set!(u128);

/// [`diagonal_sums`] with its sets of sums in `S` (whose width exceeds
/// the total).
fn diagonal_sums_in<S: SumSet>(
    cand: &[u16],
    groups: &[Vec<CellIndex>],
    total: u32,
    keep: &mut [u16; crate::MAX_SIZE],
    cache: &mut GroupCache,
) -> bool {
    const MAX: usize = crate::MAX_SIZE + 1;
    let k = groups.len();
    debug_assert!(k < MAX && total < S::BITS);
    let mut sums = [S::ZERO; MAX];
    // The cells' candidates in the groups' order, once.
    let mut masks = [0u16; crate::MAX_SIZE];
    for (m, &c) in masks.iter_mut().zip(groups.iter().flatten()) {
        *m = cand[c];
    }
    let mut chosen = [0u16; DIAGONAL_GROUP];
    // Sums above the total are of no use: cut them off as they appear.
    let below = S::ALL >> (S::BITS - 1 - total);
    let mut at = 0;
    for (s, group) in sums.iter_mut().zip(groups) {
        let n = group.len();
        let masks = &masks[at..at + n];
        *s = if let [mask] = masks {
            S::narrow(u128::from(*mask) << 1) & below
        } else {
            // The digits of every assignment within the total: what the
            // group keeps when all its sums fit (as they mostly do).
            let support = &mut keep[at..at + n];
            let within = below.widen();
            S::narrow(cache.get(masks, within, support, |support| {
                support.fill(0);
                group_sums(masks, 0, 0, 0, within, &mut chosen, support)
            }))
        };
        at += n;
    }
    // The sums of the groups before each (from the front), and what the
    // groups after it leave for the rest (total less their sums, from the
    // back): kept as the total's remainders, a group needs no reversal
    // of bits to be checked.
    let mut front = [S::ZERO; MAX];
    let mut left = [S::ZERO; MAX];
    front[0] = S::ONE;
    for j in 0..k {
        let (mut out, mut bits) = (S::ZERO, sums[j]);
        while bits != S::ZERO {
            out |= front[j] << bits.lowest();
            bits &= bits - S::ONE;
        }
        front[j + 1] = out & below;
    }
    if front[k] & S::ONE << total == S::ZERO {
        return false;
    }
    left[k] = S::ONE << total;
    for j in (0..k).rev() {
        let (mut out, mut bits) = (S::ZERO, sums[j]);
        while bits != S::ZERO {
            out |= left[j + 1] >> bits.lowest();
            bits &= bits - S::ONE;
        }
        left[j] = out;
    }
    let mut at = 0;
    for (j, group) in groups.iter().enumerate() {
        // The sums t of this group with f + t = r, f a sum before, r what
        // the groups after leave.
        let (mut allowed, mut bits) = (S::ZERO, sums[j]);
        while bits != S::ZERO {
            let t = bits.lowest();
            bits &= bits - S::ONE;
            if (front[j] << t) & left[j + 1] != S::ZERO {
                allowed |= S::ONE << t;
            }
        }
        let n = group.len();
        let masks = &masks[at..at + n];
        if let [mask] = masks {
            keep[at] = mask & (allowed.widen() >> 1) as u16;
        } else if allowed != sums[j] {
            let support = &mut keep[at..at + n];
            let allowed = allowed.widen();
            cache.get(masks, allowed, support, |support| {
                support.fill(0);
                group_sums(masks, 0, 0, 0, allowed, &mut chosen, support)
            });
        }
        at += n;
    }
    true
}

/// A direct-mapped cache of [`group_sums`] within a total, keyed by the
/// group's candidates: a diagonal is woken when any of its cells changes,
/// and its other groups are mostly as they were (on ISS's little killers
/// the walks were a third of the time).
#[derive(Default)]
struct GroupCache {
    /// Allocated on first use (48 KB: most puzzles have no little killer).
    entries: Vec<GroupEntry>,
}

#[derive(Clone, Copy, Default)]
struct GroupEntry {
    /// The group's candidates, 16 bits each (0: empty; a cell has one).
    key: u64,
    allowed: u128,
    sums: u128,
    support: [u16; DIAGONAL_GROUP],
}

impl GroupCache {
    const BITS: u32 = 10;

    /// The sums of `masks` in `allowed` and, in `support`, the digits
    /// that make them: from the cache, or from `walk` (which fills
    /// `support`).
    fn get(
        &mut self,
        masks: &[u16],
        allowed: u128,
        support: &mut [u16],
        walk: impl FnOnce(&mut [u16]) -> u128,
    ) -> u128 {
        let key = masks.iter().fold(0u64, |k, &m| (k << 16) | u64::from(m));
        let folded = key ^ (allowed as u64).rotate_left(17) ^ (allowed >> 64) as u64;
        let slot = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - Self::BITS);
        if self.entries.is_empty() {
            self.entries = vec![GroupEntry::default(); 1 << Self::BITS];
        }
        let entry = &mut self.entries[slot as usize];
        if entry.key == key && entry.allowed == allowed {
            support.copy_from_slice(&entry.support[..masks.len()]);
            return entry.sums;
        }
        let sums = walk(support);
        entry.key = key;
        entry.allowed = allowed;
        entry.sums = sums;
        entry.support[..masks.len()].copy_from_slice(support);
        sums
    }
}

/// The sums in `allowed` that distinct digits of `masks[i..]` make, the
/// earlier cells having taken `used` adding up to `sum`; each assignment
/// that makes one adds its digits to `support`.
fn group_sums(
    masks: &[u16],
    i: usize,
    used: u16,
    sum: u32,
    allowed: u128,
    chosen: &mut [u16; DIAGONAL_GROUP],
    support: &mut [u16],
) -> u128 {
    let last = masks.len() - 1;
    if i == last {
        return last_of_group(masks[i], i, used, sum, allowed, chosen, support);
    }
    let mut digits = masks[i] & !used;
    let mut reached = 0;
    while digits != 0 {
        let bit = digits & digits.wrapping_neg();
        digits &= digits - 1;
        let sum = sum + low(bit);
        // Digits rise: once the last cell's least digit overshoots every
        // allowed sum, so do the rest.
        if allowed >> (sum + 1) == 0 {
            break;
        }
        chosen[i] = bit;
        // The last cell inline, not through another call (the walks were
        // a quarter of the time on ISS's little killers).
        reached |= if i + 1 == last {
            last_of_group(masks[last], last, used | bit, sum, allowed, chosen, support)
        } else {
            group_sums(masks, i + 1, used | bit, sum, allowed, chosen, support)
        };
    }
    reached
}

/// [`group_sums`]' last cell (`i`, candidates `mask`) in one step: digit
/// d (bit d - 1) makes sum + d.
#[inline(always)]
fn last_of_group(
    mask: u16,
    i: usize,
    used: u16,
    sum: u32,
    allowed: u128,
    chosen: &[u16; DIAGONAL_GROUP],
    support: &mut [u16],
) -> u128 {
    let fits = mask & !used & (allowed >> (sum + 1)) as u16;
    if fits != 0 {
        for (s, &c) in support[..i].iter_mut().zip(chosen.iter()) {
            *s |= c;
        }
        support[i] |= fits;
    }
    u128::from(fits) << (sum + 1)
}

/// Whether the digits of `need` (bits) go each into a cell of its own
/// among the cells of `masks` that `free` names (bits of their places).
fn quadruple_fits(need: &[u16], masks: &[u16; 4], free: u8) -> bool {
    let Some((&first, rest)) = need.split_first() else {
        return true;
    };
    (0..4).any(|c| {
        free & 1 << c != 0 && masks[c] & first != 0 && quadruple_fits(rest, masks, free & !(1 << c))
    })
}

/// A quadruple's support (see [`Rule::Quadruple`]): a cell keeps a digit
/// when, with the cell holding it, the digits still needed (less one copy
/// of it, if listed) fit into the other cells. False when `need` fits
/// nowhere. Up to four digits into four cells: a few dozen tries.
pub(crate) fn quadruple_support(masks: &[u16; 4], need: &[u16], keep: &mut [u16; 4]) -> bool {
    if !quadruple_fits(need, masks, 0b1111) {
        return false;
    }
    for c in 0..4 {
        let mut digits = masks[c];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut rest = [0u16; 4];
            let mut n = 0;
            let mut used = false;
            for &d in need {
                if d == bit && !used {
                    used = true;
                } else {
                    rest[n] = d;
                    n += 1;
                }
            }
            if quadruple_fits(&rest[..n], masks, 0b1111 & !(1 << c)) {
                keep[c] |= bit;
            }
        }
    }
    true
}

/// Skyscrapers' support (see [`Rule::Skyscraper`]), walked along the
/// line from the clue as states rather than assignments (a 9-cell line
/// has 9! of those): after each cell, for each number seen, the set of
/// digits that can be the tallest so far, as bits, so that a step is a
/// few bit operations (the way of ISS's handler). The walk does not keep
/// the digits apart (the row or column does), only the tallest so far at
/// least the number of cells passed. A cell keeps a digit when a state
/// before it reaches, through that digit, one that ends with the largest
/// digit seen and `count` seen; false when none does.
pub(crate) fn skyscraper_support(
    cand: &[u16],
    cells: &[CellIndex],
    count: u32,
    keep: &mut [u16],
) -> bool {
    const M: usize = crate::MAX_SIZE;
    let n = cells.len();
    let count = count as usize;
    if count == 0 || count > n {
        return false;
    }
    // The digits above the least of `m`.
    let above_least = |m: u16| (m & m.wrapping_neg()).wrapping_neg() << 1;
    // ahead[i][k]: with k + 1 seen after cell i, the tallest digits
    // possible; back[i][k]: those of them that can still end as the clue
    // says.
    let mut ahead = [[0u16; M]; M];
    let mut back = [[0u16; M]; M];
    ahead[0][0] = cand[cells[0]];
    for i in 1..n {
        let v = cand[cells[i]];
        // i + 1 different digits: the tallest is at least i + 1.
        let tall = !((1u16 << i) - 1);
        for k in 0..count.min(i + 1) {
            let hidden = ahead[i - 1][k] & above_least(v);
            let seen = if k > 0 {
                v & above_least(ahead[i - 1][k - 1])
            } else {
                0
            };
            ahead[i][k] = (hidden | seen) & tall;
        }
    }
    let largest = 1u16 << (n - 1);
    back[n - 1][count - 1] = ahead[n - 1][count - 1] & largest;
    if back[n - 1][count - 1] == 0 {
        return false;
    }
    for i in (1..n).rev() {
        let v = cand[cells[i]];
        let mut digits = 0u16;
        for k in 0..count.min(i + 1) {
            let now = back[i][k];
            if now == 0 {
                continue;
            }
            // Hidden: the tallest stays; the digit lies below it.
            let same = ahead[i - 1][k] & now;
            if same != 0 {
                back[i - 1][k] |= same;
                digits |= v & ((1 << (15 - same.leading_zeros())) - 1);
            }
            // Seen: the digit is the new tallest, above the one before.
            if k > 0 {
                let new = now & v;
                if new != 0 {
                    let before = ahead[i - 1][k - 1] & ((1 << (15 - new.leading_zeros())) - 1);
                    if before != 0 {
                        back[i - 1][k - 1] |= before;
                        digits |= new & above_least(before);
                    }
                }
            }
        }
        keep[i] |= digits;
    }
    keep[0] |= back[0][0];
    true
}

/// Whether the cells `cells` of a line (`masks`, its candidates) can hold
/// the digits of `sets.0` where `inside(c)` and those of `sets.1`
/// elsewhere: each cell some digit of its set, every digit of each set
/// among its cells. If so, each cell's digits of its set join `keep`.
/// (The sandwich sums' and X-sums' layouts.)
fn fit_split(
    masks: &[u16],
    cells: impl Iterator<Item = usize> + Clone,
    inside: impl Fn(usize) -> bool,
    sets: (u16, u16),
    keep: &mut [u16],
) -> bool {
    let (mut got_in, mut got_out) = (0u16, 0u16);
    let fits = cells.clone().all(|c| {
        let (want, got) = if inside(c) {
            (sets.0, &mut got_in)
        } else {
            (sets.1, &mut got_out)
        };
        *got |= masks[c] & want;
        masks[c] & want != 0
    });
    if !fits || got_in != sets.0 || got_out != sets.1 {
        return false;
    }
    for c in cells {
        keep[c] |= masks[c] & if inside(c) { sets.0 } else { sets.1 };
    }
    true
}

/// The digit sets an X-sum's first X cells can hold besides the X itself:
/// `combos[x - 1]` are the sets of x - 1 digits of 1..=size other than x
/// that add up to `total - x`.
pub(crate) fn x_sum_combos(size: usize, total: u32) -> Vec<Vec<u16>> {
    let mut combos = vec![Vec::new(); size];
    for set in 0u32..1 << size {
        let digits = set as u16;
        let sum: u32 = digits_of(digits).sum();
        let k = set.count_ones() as usize;
        // x is the one digit not in the set that makes the total.
        if k < size && sum < total {
            let x = (total - sum) as usize;
            if x == k + 1 && digits & (1 << (x - 1)) == 0 {
                combos[k].push(digits);
            }
        }
    }
    combos
}

/// An X-sum's support (see [`Rule::XSum`]): for each digit X the first
/// cell may hold and each set of X - 1 other digits that makes the rest
/// of the total ([`x_sum_combos`]), the next X - 1 cells must be able to
/// hold that set and the cells after them the digits left (each cell some
/// digit of its set, all of the set among them); `keep` gathers each
/// cell's digits over every such layout. False when there is none.
pub(crate) fn x_sum_support(
    all: u16,
    cand: &[u16],
    cells: &[CellIndex],
    combos: &[Vec<u16>],
    keep: &mut [u16],
) -> bool {
    let n = cells.len();
    let mut masks = [0u16; crate::MAX_SIZE];
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = cand[c];
    }
    let mut found = false;
    let mut first = masks[0];
    while first != 0 {
        let bit = first & first.wrapping_neg();
        first &= first - 1;
        let x = bit.trailing_zeros() as usize + 1;
        if x > n {
            continue;
        }
        for &inside in &combos[x - 1] {
            let outside = all & !inside & !bit;
            if fit_split(&masks[..n], 1..n, |c| c < x, (inside, outside), keep) {
                found = true;
                keep[0] |= bit;
            }
        }
    }
    found
}

/// The digit sets of `k` digits strictly between 1 and `size` (bits
/// 1..size - 1) that add up to `total`, for each `k` from 0 to size - 2.
pub(crate) fn sandwich_combos(size: usize, total: u32) -> Vec<Vec<u16>> {
    let mut combos = vec![Vec::new(); size.saturating_sub(1)];
    let inner = size.saturating_sub(2);
    for set in 0u32..1 << inner {
        let digits = (set << 1) as u16;
        let sum: u32 = digits_of(digits).sum();
        if sum == total {
            combos[set.count_ones() as usize].push(digits);
        }
    }
    combos
}

/// A sandwich's support (see [`Rule::Sandwich`]): for every place of the
/// 1 and of the largest digit their candidates allow, and every digit set
/// between them that makes the total, the cells between must be able to
/// hold that set and the cells outside the rest (each some digit of it,
/// all of it among them); `keep` gathers each cell's digits over every
/// such layout. False when there is none.
pub(crate) fn sandwich_support(
    all: u16,
    cand: &[u16],
    cells: &[CellIndex],
    combos: &[Vec<u16>],
    keep: &mut [u16],
) -> bool {
    let n = cells.len();
    let (one, top) = (1u16, 1u16 << (n - 1));
    let mut masks = [0u16; crate::MAX_SIZE];
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = cand[c];
    }
    let mut found = false;
    for i in (0..n).filter(|&i| masks[i] & one != 0) {
        for j in (0..n).filter(|&j| j != i && masks[j] & top != 0) {
            let (a, b) = (i.min(j), i.max(j));
            for &inside in &combos[b - a - 1] {
                let outside = all & !inside & !one & !top;
                let others = (0..n).filter(|&c| c != i && c != j);
                if fit_split(
                    &masks[..n],
                    others,
                    |c| a < c && c < b,
                    (inside, outside),
                    keep,
                ) {
                    found = true;
                    keep[i] |= one;
                    keep[j] |= top;
                }
            }
        }
    }
    found
}

/// The assignments of an arrow's path ([`EXACT_PATH`]) that add up to one
/// of `targets` (bit t: the sum t will do), the cells of `masks` differing
/// from the earlier ones `clash` names: the targets reached, and in
/// `support` the digits each cell takes in one of them.
fn path_assignments(masks: &[u16], clash: &[u8], targets: u128, support: &mut [u16]) -> u128 {
    if targets == 0 {
        return 0;
    }
    let n = masks.len();
    // The least and greatest sums of the cells from each on.
    let mut rest = [(0, 0); EXACT_PATH + 1];
    for i in (0..n).rev() {
        let (l, h) = rest[i + 1];
        rest[i] = (l + low(masks[i]), h + high(masks[i]));
    }
    PathWalk {
        masks,
        clash,
        targets,
        top: 127 - targets.leading_zeros(),
        bottom: targets.trailing_zeros(),
        chosen: [0; EXACT_PATH],
        support,
        rest,
    }
    .assign(0, 0)
}

/// The state of [`path_assignments`].
struct PathWalk<'a> {
    /// The path cells' candidates.
    masks: &'a [u16],
    /// For each path cell, the earlier ones it must differ from.
    clash: &'a [u8],
    /// Bit t: the circle can show t.
    targets: u128,
    /// The greatest and least targets.
    top: u32,
    bottom: u32,
    /// The digit (as a bit) given to each cell so far.
    chosen: [u16; EXACT_PATH],
    /// The digits each cell takes in an assignment that adds up to a
    /// target.
    support: &'a mut [u16],
    /// The least and greatest sums of the cells from each on.
    rest: [(u32, u32); EXACT_PATH + 1],
}

impl PathWalk<'_> {
    /// Assigns the cells from `i` on, the earlier ones adding up to
    /// `sum`: the targets reached.
    fn assign(&mut self, i: usize, sum: u32) -> u128 {
        if i == self.masks.len() {
            let reached = if sum < 128 {
                self.targets & 1 << sum
            } else {
                0
            };
            if reached != 0 {
                for (s, &c) in self.support.iter_mut().zip(self.chosen.iter()) {
                    *s |= c;
                }
            }
            return reached;
        }
        let mut taken = 0u16;
        let mut clash = self.clash[i];
        while clash != 0 {
            taken |= self.chosen[clash.trailing_zeros() as usize];
            clash &= clash - 1;
        }
        if i + 1 == self.masks.len() {
            // The last cell in one step, not digit by digit: digit d (bit
            // d - 1) reaches target sum + d, bit d - 1 of the targets
            // shifted by sum + 1 ("Arrow, slow", whose three-cell paths
            // walked every digit: 1,304 -> 1,221 M instructions to uniqueness).
            let fits = if sum + 1 < 128 {
                self.masks[i] & !taken & (self.targets >> (sum + 1)) as u16
            } else {
                0
            };
            if fits != 0 {
                for (s, &c) in self.support[..i].iter_mut().zip(self.chosen.iter()) {
                    *s |= c;
                }
                self.support[i] |= fits;
            }
            return u128::from(fits) << (sum + 1);
        }
        // The least and greatest sums of the cells after this one: a
        // digit past the greatest target with the rest at their least
        // ends the loop, one short of the least target with the rest at
        // their greatest is skipped (The Barbed Cross, whose short
        // diagonals include 36 on five cells: 7.3 -> 4.1 G instructions
        // in `timing`), both from [`path_assignments`]' table.
        let (rest, rest_high) = self.rest[i + 1];
        let (top, bottom) = (self.top, self.bottom);
        let mut digits = self.masks[i] & !taken;
        let mut reached = 0;
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let d = low(bit);
            if sum + d + rest > top {
                break;
            }
            if sum + d + rest_high < bottom {
                continue;
            }
            self.chosen[i] = bit;
            reached |= self.assign(i + 1, sum + d);
        }
        reached
    }
}

/// Branch on a digit with two places left in a house (one of them holds
/// it) instead of on a cell of this many candidates or more. On puzzles
/// with few givens and weak rules (18 two-cell thermometers and nothing
/// else) no cell has fewer than 4 candidates for long, and a 4- to 9-way
/// split there did not finish in 5,000,000 guesses; two ways did in
/// 20,000-2,000,000. With the weighted choice of cell (see [`choose`]),
/// from 3 candidates on the 128-puzzle set took 20 % less time to first
/// solutions and 12 % less to uniqueness (MATHEMAGIC #13 the loss, 3.6 ->
/// 5.4 s), but where the pair exclusions run (extra houses) "16x16:
/// Windoku" took 7 times as long (0.05 -> 0.32 s): there it is 4.
///
/// Not at all where a cage can be branched on (see [`cage_pair`]): there a
/// cell did better even when no cage had two sets left (56 killers 18.1 ->
/// 14.1 s to uniqueness, 7.3 -> 5.4 s to first solutions). Except with
/// extra houses, whose pairs the cages do not cover: from 3 candidates
/// the seven killers with diagonals of the 42-puzzle set took the same
/// guesses but HS_KILLERS#8, 23 instead of 128 (2.1 -> 0.5 ms), and #5
/// 11 instead of 8; 20 generated killers with diagonals or windows, the
/// same times.
fn pair_when(model: &Model) -> u32 {
    match (model.cage_choices, model.pair_exclusions) {
        (true, false) => u32::MAX,
        (false, true) => 4,
        _ => 3,
    }
}

/// The digit of a house with two places left whose cells weigh most, as
/// those two cells and the digit.
fn house_pair(model: &Model, cand: &[u16], weights: &[u64]) -> Option<(usize, usize, u16)> {
    let mut best: Option<(u64, usize, usize, u16)> = None;
    for h in 0..model.houses.len() {
        for (a, b, bit) in house_pairs(model, h, cand) {
            let score = weights[a] + weights[b];
            if best.is_none_or(|(s, ..)| score > s) {
                best = Some((score, a, b, bit));
            }
        }
    }
    best.map(|(_, a, b, bit)| (a, b, bit))
}

/// The digits with exactly two places left in house `h`, as the two cells
/// and the digit (read from `cand` at once: the caller may change it
/// meanwhile).
fn house_pairs<'m>(
    model: &'m Model,
    h: usize,
    cand: &[u16],
) -> impl Iterator<Item = (usize, usize, u16)> + use<'m> {
    let house = &model.houses[h];
    let mut places = [0u16; 16];
    if model.track_places {
        let base = model.places + h * model.size;
        places[..model.size].copy_from_slice(&cand[base..base + model.size]);
    } else {
        for (i, &c) in house.iter().enumerate() {
            let mut m = cand[usize::from(c)];
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
    }
    let mut left = 0u16;
    for (d, &p) in places.iter().enumerate() {
        // Two bits: clearing the lowest leaves one.
        let rest = p & p.wrapping_sub(1);
        left |= u16::from(rest != 0 && rest & rest.wrapping_sub(1) == 0) << d;
    }
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        let d = left.trailing_zeros();
        left &= left - 1;
        let at = places[d as usize];
        let (a, b) = (at.trailing_zeros(), (at & (at - 1)).trailing_zeros());
        Some((
            usize::from(house[a as usize]),
            usize::from(house[b as usize]),
            1 << d,
        ))
    })
}

/// The cell to branch on: of most weight per candidate (dom/wdeg), ties
/// going to fewer candidates; None when every cell is placed.
///
/// On the 128-puzzle set, against fewest candidates first with ties by
/// failures: 30.4 -> 16.1 s to first solutions, 52.6 -> 38.8 s to
/// uniqueness; the two-cell thermometer puzzles 10-20 times faster ("A
/// Kind of Magic" 2.4 -> 0.13 s), the MATHEMAGIC killers 0.6-2.7 times
/// the time each. (Tried before the starting weights and the pointing
/// rule: slower on half the set.)
fn choose(cand: &[u16], weight: impl Fn(usize) -> u64) -> Option<usize> {
    let mut best: Option<(u64, u64, usize)> = None;
    for (c, &m) in cand.iter().enumerate() {
        let n = u64::from(m.count_ones());
        if n > 1 {
            let w = weight(c) + 1;
            if best.is_none_or(|(bw, bn, _)| w * bn > bw * n || (w * bn == bw * n && n < bn)) {
                best = Some((w, n, c));
            }
        }
    }
    best.map(|(_, _, c)| c)
}

/// Narrows the table of the pair `cells` (every pair of digits allowed
/// to begin with) to the digits `a` and `b` that satisfy `holds`.
fn narrow_pair(
    pairs: &mut BTreeMap<[CellIndex; 2], Box<[u16; 16]>>,
    size: usize,
    cells: [CellIndex; 2],
    holds: impl Fn(u8, u8) -> bool,
) {
    let allowed = pairs
        .entry(cells)
        .or_insert_with(|| Box::new([u16::MAX; 16]));
    for (d, row) in allowed.iter_mut().enumerate().take(size) {
        for e in 0..size {
            if !holds(d as u8 + 1, e as u8 + 1) {
                *row &= !(1 << e);
            }
        }
    }
}

/// Searches below a node; false when its propagation failed outright.
fn descend(model: &Model, scratch: &mut Scratch, mut cand: Vec<u16>, walk: &mut Walk) -> bool {
    // Binary branching (Choice::Conflicts) comes back here with a digit
    // refuted: a failure then is no longer the node's own.
    let mut refuted = false;
    loop {
        scratch.failed_rule = None;
        scratch.failed_cell = None;
        scratch.singles_taken = 0;
        if !scratch.propagate(model, &mut cand) {
            if let Some(rule) = scratch.failed_rule {
                walk.rule_failed(model, rule);
            }
            if let Some(cell) = scratch.failed_cell {
                walk.emptied(model, cell);
            }
            if scratch.singles_taken > 0 {
                let taken = scratch.singles_taken.min(BLAMED_SINGLES);
                walk.singles_failed(model, &scratch.last_singles[..taken], scratch.last_digit);
            }
            scratch.clear();
            return refuted;
        }
        let (digit, bonus) = failing_digit(model, walk);
        let weight =
            |c: usize| walk.weight(model, c) + if cand[c] & digit != 0 { bonus } else { 0 };
        let Some(cell) = choose(&cand[..model.cells], weight) else {
            walk.found.count += 1;
            if walk.found.solution.is_none() {
                let cells = cand[..model.cells].iter();
                walk.found.solution = Some(cells.map(|&m| low(m) as u8).collect());
            }
            return true;
        };
        if walk.guesses_left == 0 {
            walk.out_of_guesses = true;
            return true;
        }
        walk.guesses_left -= 1;
        walk.found.guesses += 1;
        // (the cage whose cells keep the digits, else the cell; the digits)
        let mut choices: Vec<(Option<usize>, CellIndex, u16)> = Vec::new();
        if let Some((rule, pair)) = cage_pair(model, &cand, walk) {
            choices.extend(pair.map(|digits| (Some(rule), cell, digits)));
        } else if model.choice == Choice::Conflicts {
            if let Some((a, b, bit)) = conflict_pair(model, &cand, walk, cell) {
                choices.extend([(None, a, bit), (None, b, bit)]);
            }
        } else if cand[cell].count_ones() >= pair_when(model) {
            if let Some((a, b, bit)) = house_pair(model, &cand, &walk.weights) {
                choices.extend([(None, a, bit), (None, b, bit)]);
            }
        }
        if choices.is_empty() {
            let mut digits = cand[cell];
            if model.choice == Choice::Conflicts {
                // The lowest digit, then (round the loop) the others.
                digits &= digits.wrapping_neg();
            }
            while digits != 0 {
                let bit = digits & digits.wrapping_neg();
                digits &= digits - 1;
                choices.push((None, cell, bit));
            }
        }
        for &(cage, cell, digits) in &choices {
            let one = [cell];
            let cells: &[CellIndex] = match cage.map(|r| &model.rules[r]) {
                Some(Rule::Sum { cells, .. }) => cells,
                _ => &one,
            };
            let mut next = cand.clone();
            let before = walk.found.count;
            let failed = if cells
                .iter()
                .all(|&c| scratch.restrict(model, &mut next, c, digits))
            {
                !descend(model, scratch, next, walk) && walk.found.count == before
            } else {
                scratch.clear();
                true
            };
            if failed {
                // A cage's branch weighs on the cage and on the cell the
                // weights chose (8 % less time to uniqueness on the killers
                // than that cell alone, 10 % less than the cage's cells).
                if let Some(rule) = cage {
                    walk.rule_failed(model, rule);
                }
                walk.failed(model, cell, digits);
            }
            if walk.found.count >= walk.limit || walk.out_of_guesses {
                return true;
            }
        }
        match choices[..] {
            // One digit of the cell tried: the cell without it, afresh.
            [(None, cell, digit)] if cand[cell] != digit => {
                refuted = true;
                if !scratch.restrict(model, &mut cand, cell, !digit) {
                    scratch.clear();
                    return true;
                }
            }
            _ => return true,
        }
    }
}

/// For [`Choice::Conflicts`]: the digit that failed most lately, and the
/// bonus a cell that still has it gains (a third of its failures), when
/// it stands out (at least as many failures as digits, and more than 1.5
/// times the fewest of any digit that failed at all); else (0, 0).
fn failing_digit(model: &Model, walk: &Walk) -> (u16, u64) {
    if model.choice != Choice::Conflicts {
        return (0, 0);
    }
    let (mut most, mut fewest, mut digit) = (0u64, u64::MAX, 0u16);
    for (d, &f) in walk.digit_failures.iter().enumerate() {
        if f > most {
            (most, digit) = (f, 1 << d);
        }
        if f > 0 {
            fewest = fewest.min(f);
        }
    }
    if most < u64::from(model.all.count_ones()) || 2 * most <= 3 * fewest {
        (0, 0)
    } else {
        // A third, not ISS's fifth: on the 42 puzzles from ISS 0.89 ->
        // 0.73 s to uniqueness (the thermometers' guesses a third to a
        // fifth: "I want to break free" 65,244 -> 13,921, its five
        // reflections 0.59 -> 0.27 s), the 160 generated 144 -> 152 ms.
        // A half or a quarter did about as well on the thermometers,
        // worse on the arrows or the generated ones.
        (digit, most / 3)
    }
}

/// For [`Choice::Conflicts`] (ISS's rule): the digit of a house with two
/// places left, those first whose place weighs most, when half that
/// weight is at least the chosen cell's weight per candidate, and the
/// cell has three or more candidates. The last of equal scores wins.
fn conflict_pair(
    model: &Model,
    cand: &[u16],
    walk: &Walk,
    cell: usize,
) -> Option<(usize, usize, u16)> {
    let n = u64::from(cand[cell].count_ones());
    let weight = walk.weight(model, cell);
    if n <= 2 || weight == 0 {
        return None;
    }
    // Scores as fractions: the cell's weight / n against a place's / 2.
    let (mut num, mut den) = (weight, n);
    let mut best = None;
    for h in 0..model.houses.len() {
        for (a, b, bit) in house_pairs(model, h, cand) {
            let (wa, wb) = (walk.weight(model, a), walk.weight(model, b));
            let most = wa.max(wb);
            if most * den >= num * 2 {
                (num, den) = (most, 2);
                best = Some(if wb > wa { (b, a, bit) } else { (a, b, bit) });
            }
        }
    }
    best
}

/// A cage (or an implied sum of cells that differ) with exactly two digit
/// sets left, and those sets: branching on which one it holds sets the
/// digits of all its cells at once, which the houses then propagate. On
/// the 56 killers this took a quarter less time than branching on a cell
/// (24.3 -> 18.5 s to uniqueness, 9.8 -> 7.4 s to first solutions); 2 or
/// 3 sets, or only in place of cells of 3 or more candidates, did worse.
/// Only a cage whose two sets share no digit beyond those placed: where
/// they share some, either branch leaves those to the open cells and
/// decides little. Against any pair, on the 56 killers 777,386 ->
/// 633,012 guesses to uniqueness in the same time, on their 392 turns
/// 6,671,926 -> 5,184,850 and 70.5 -> 66.4 s (a quarter, a third: the
/// same; a half or two fifths of the open digits shared: 5 % slower),
/// and HS_KILLERS#8 in 4 or 5 guesses instead of 20 to 48, as ISS.
/// Of several such cages, the one whose open cells weigh most on average
/// (the weights of [`choose`]).
fn cage_pair(model: &Model, cand: &[u16], walk: &Walk) -> Option<(usize, [u16; 2])> {
    let mut best: Option<(u64, usize, [u16; 2])> = None;
    for (rule, cells, distinct) in model
        .rules
        .iter()
        .enumerate()
        .filter_map(|(r, rule)| match rule {
            Rule::Sum {
                cells,
                distinct: Some(distinct),
                ..
            } if !distinct.lanes.is_empty() => Some((r, cells, distinct)),
            _ => None,
        })
    {
        // Its last run found other than two sets (see `Model::fit_slots`).
        if cand[model.fit_slots[rule] as usize] != 2 {
            continue;
        }
        let (found, sets, open) = fitting_sets(cand, cells, distinct);
        if open < 2 || found != 2 {
            continue;
        }
        let placed = (cells.iter().map(|&c| cand[c]))
            .filter(|m| m.is_power_of_two())
            .fold(0u16, |u, m| u | m);
        if sets[0] & sets[1] & !placed != 0 {
            continue;
        }
        let open_cells = cells.iter().filter(|&&c| !cand[c].is_power_of_two());
        let score = open_cells.map(|&c| walk.weight(model, c)).sum::<u64>() / open as u64;
        if best.is_none_or(|(s, ..)| score > s) {
            best = Some((score, rule, sets));
        }
    }
    best.map(|(_, rule, pair)| (rule, pair))
}

/// The digits a house can hold only in a cage's cells, which every
/// fitting digit set must have (see [`crossings`]); `masks` are the
/// cage's cells' candidates.
#[inline(always)]
fn required_digits(cand: &[u16], masks: &[u16], crossings: &[(u16, Vec<u16>)]) -> u16 {
    let mut required = 0u16;
    for (inside, outside) in crossings {
        let (mut here, mut bits) = (0u16, *inside);
        while bits != 0 {
            here |= masks[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        let there = outside.iter().fold(0u16, |u, &o| u | cand[usize::from(o)]);
        required |= here & !there;
    }
    required
}

/// How many of a cage's digit sets fit its cells by the cheap test of
/// [`single_support_lanes`], the first two of them, and how many of its
/// cells are open.
fn fitting_sets(cand: &[u16], cells: &[CellIndex], distinct: &Distinct) -> (u16, [u16; 2], usize) {
    let n = cells.len();
    let mut masks = [0u16; MATCHED_CAGE];
    let (once, twice, placed, open) = gather(cand, cells, &mut masks);
    let required = required_digits(cand, &masks, &distinct.crossings);
    let mut support = [0u16; MATCHED_CAGE];
    let (mut sets, mut found) = ([0u16; 2], 0);
    for chunk in &distinct.lanes {
        let masks = &masks[..n];
        let fit = single_support_lanes(
            masks,
            chunk,
            placed | required,
            once,
            twice,
            &mut support[..n],
        );
        for (&combo, _) in chunk.iter().zip(&fit).filter(|&(_, &f)| f != 0) {
            if found < 2 {
                sets[usize::from(found)] = combo;
            }
            found += 1;
        }
    }
    (found, sets, open)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;
    use crate::puzzle::{DistinctKind, Regions};

    /// Every order of 1..=n (Heap's algorithm).
    fn each_order(n: usize, f: &mut dyn FnMut(&[u8])) {
        fn go(k: usize, p: &mut [u8], f: &mut dyn FnMut(&[u8])) {
            if k <= 1 {
                f(p);
                return;
            }
            for i in 0..k {
                go(k - 1, p, f);
                p.swap(if k % 2 == 0 { i } else { 0 }, k - 1);
            }
        }
        let mut p: Vec<u8> = (1..=n as u8).collect();
        go(n, &mut p, f);
    }

    /// Skyscrapers' and X-sums' supports against every order of a line's
    /// digits that its candidates allow: each keeps every digit some
    /// order that meets the clue uses (and finds one when there is one).
    #[test]
    fn outside_supports_keep_every_digit_a_line_can_use() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let n = 2 + (next() % 5) as usize;
            let cells: Vec<CellIndex> = (0..n).collect();
            let all = (1u16 << n) - 1;
            let cand: Vec<u16> = (0..n)
                .map(|_| match next() as u16 & all {
                    0 => all,
                    m => m,
                })
                .collect();
            let clue = 1 + (next() % (n * (n + 1) / 2) as u64) as u32;
            let allowed = |p: &[u8]| (0..n).all(|i| cand[i] & 1 << (p[i] - 1) != 0);
            let seen = |p: &[u8]| {
                let mut tallest = 0;
                p.iter()
                    .filter(|&&d| {
                        let taller = d > tallest;
                        tallest = tallest.max(d);
                        taller
                    })
                    .count() as u32
            };
            let x_sum = |p: &[u8]| {
                p[..usize::from(p[0])]
                    .iter()
                    .map(|&d| u32::from(d))
                    .sum::<u32>()
            };
            let (mut sky, mut sum) = ([0u16; crate::MAX_SIZE], [0u16; crate::MAX_SIZE]);
            each_order(n, &mut |p| {
                for (exact, holds) in [(&mut sky, seen(p) == clue), (&mut sum, x_sum(p) == clue)] {
                    if allowed(p) && holds {
                        for i in 0..n {
                            exact[i] |= 1 << (p[i] - 1);
                        }
                    }
                }
            });
            let mut keep = [0u16; crate::MAX_SIZE];
            let kept = skyscraper_support(&cand, &cells, clue, &mut keep);
            if sky[0] != 0 {
                assert!(kept, "{cand:?} seeing {clue}");
                assert!(
                    (0..n).all(|i| keep[i] & sky[i] == sky[i]),
                    "{cand:?} seeing {clue}"
                );
            }
            let mut keep = [0u16; crate::MAX_SIZE];
            let combos = x_sum_combos(n, clue);
            let kept = x_sum_support(all, &cand, &cells, &combos, &mut keep);
            assert!(kept || sum[0] == 0, "{cand:?} X-sum {clue}");
            assert!(
                (0..n).all(|i| keep[i] & sum[i] == sum[i]),
                "{cand:?} X-sum {clue}"
            );
        }
    }

    /// The houses' places and the segments' unions of a state at a fixed
    /// point whose cells a test set by hand (made from the cells, as kept:
    /// no place for a digit a cell of the house is fixed to), its other
    /// slots after the cells filled from `init`.
    fn fresh_places(model: &Model, cand: &mut Vec<u16>) {
        cand.extend_from_slice(&model.init[cand.len()..]);
        for (s, seg) in model.meetings.segments.iter().enumerate() {
            cand[model.segment_slots + s] = seg.iter().fold(0, |u, &c| u | cand[usize::from(c)]);
        }
        if !model.track_places {
            return;
        }
        for (h, house) in model.houses.iter().enumerate() {
            let base = model.places + h * model.size;
            cand[base..base + model.size].fill(0);
            let mut fixed = 0;
            for (i, &c) in house.iter().enumerate() {
                let mut m = cand[usize::from(c)];
                if m.is_power_of_two() {
                    fixed |= m;
                }
                while m != 0 {
                    cand[base + m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
            for d in 0..model.size {
                if fixed >> d & 1 != 0 {
                    cand[base + d] = 0;
                }
            }
        }
    }

    #[test]
    fn a_ring_is_first_in_first_out_across_its_wrap() {
        let mut ring = Ring::new(5);
        let mut model = std::collections::VecDeque::new();
        let mut next = xorshift(9);
        for i in 0..1000u32 {
            if model.len() < 8 && next() % 3 != 0 {
                ring.push_back(i);
                model.push_back(i);
            } else {
                assert_eq!(ring.pop_front(), model.pop_front());
            }
            assert!(ring.iter().eq(model.iter().copied()));
        }
        ring.clear();
        assert_eq!(ring.pop_front(), None);
    }

    #[test]
    #[should_panic(expected = "once at most")]
    fn a_ring_refuses_more_than_its_room() {
        let mut ring = Ring::new(2);
        for i in 0..3u16 {
            ring.push_back(i);
        }
    }

    #[test]
    fn house_pairs_are_the_digits_of_exactly_two_places() {
        let mut next = xorshift(5);
        let puzzle = Puzzle::classic(16).unwrap();
        let solution = solve(&puzzle).unwrap();
        let mut model = Model::new(&puzzle);
        assert!(model.track_places);
        let mut checked = [0, 0];
        for round in 0..300 {
            // The places kept, then the places read from the cells.
            model.track_places = round % 2 == 0;
            let mut scratch = Scratch::new(&model);
            let mut cand = model.init.clone();
            // The solution's digit and about a quarter of the others in
            // the cells of the first four rows, so that many digits have
            // two places there and in the columns and boxes.
            let mut ok = true;
            for (cell, &d) in solution.iter().enumerate().take(64) {
                let keep = (next() & next()) as u16 | 1 << (d - 1);
                ok = ok && scratch.restrict(&model, &mut cand, cell, keep);
            }
            // Pairs are read at a fixed point (a digit just fixed still
            // has other places until its peers lose it).
            assert!(ok && scratch.dirty_all(&model, &mut cand));
            assert!(scratch.propagate(&model, &mut cand));
            for (h, house) in model.houses.iter().enumerate() {
                let mut want = Vec::new();
                for d in 0..16 {
                    let places: Vec<usize> = house
                        .iter()
                        .map(|&c| usize::from(c))
                        .filter(|&c| cand[c] >> d & 1 != 0)
                        .collect();
                    if let [a, b] = places[..] {
                        want.push((a, b, 1u16 << d));
                    }
                }
                let found: Vec<_> = house_pairs(&model, h, &cand).collect();
                assert_eq!(found, want, "house {h}");
                checked[round % 2] += found.len();
            }
        }
        assert!(checked.iter().all(|&n| n > 1000), "{checked:?} pairs");
    }

    #[test]
    fn a_branch_remembers_the_pairs_whose_common_peers_it_cleared() {
        let mut puzzle = Puzzle::classic(9).unwrap();
        puzzle
            .add(Constraint::Distinct {
                cells: (0..9).map(|i| 10 * i).collect(),
                kind: DistinctKind::DiagonalDown,
            })
            .unwrap();
        let model = Model::new(&puzzle);
        assert!(model.pair_exclusions);
        let solution = search(&puzzle, 1).solution.unwrap();
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        let mut next = xorshift(3);
        for (cell, &d) in solution.iter().enumerate() {
            if next() % 4 == 0 {
                assert!(scratch.restrict(&model, &mut cand, cell, 1 << (d - 1)));
            }
        }
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        let mut pairs = 0;
        for h in 0..model.houses.len() {
            for (a, b, bit) in house_pairs(&model, h, &cand) {
                pairs += 1;
                assert_ne!(cand[model.pairs_done + h] & bit, 0, "house {h}");
                let both = model.peer_bits[a].and(&model.peer_bits[b]);
                assert!(both.iter().all(|c| cand[c] & bit == 0));
            }
        }
        assert!(pairs > 10, "{pairs} pairs");
    }

    #[test]
    fn a_cages_run_leaves_its_count_of_fitting_sets_in_its_slot() {
        // 3-cell cages along the rows over the whole grid, totals from a
        // solution; states made by placing some of its digits.
        let solution: Vec<u8> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        let cages: Vec<(Vec<CellIndex>, u32)> = (0..27)
            .map(|k| {
                let cells: Vec<CellIndex> = (3 * k..3 * k + 3).collect();
                let total = cells.iter().map(|&c| u32::from(solution[c])).sum();
                (cells, total)
            })
            .collect();
        let cages: Vec<(&[CellIndex], u32)> = cages.iter().map(|(c, t)| (&c[..], *t)).collect();
        let model = Model::new(&caged(9, &cages));
        let mut next = xorshift(11);
        let mut checked = 0;
        for _ in 0..200 {
            let mut scratch = Scratch::new(&model);
            let mut cand = model.init.clone();
            for (cell, &d) in solution.iter().enumerate() {
                if next() % 8 == 0 {
                    assert!(scratch.restrict(&model, &mut cand, cell, 1 << (d - 1)));
                }
            }
            assert!(scratch.dirty_all(&model, &mut cand));
            assert!(scratch.propagate(&model, &mut cand));
            for (rule, &slot) in model.fit_slots.iter().enumerate() {
                if slot == u32::MAX {
                    continue;
                }
                let Rule::Sum {
                    cells,
                    distinct: Some(distinct),
                    ..
                } = &model.rules[rule]
                else {
                    continue;
                };
                let (found, ..) = fitting_sets(&cand, cells, distinct);
                // A cage does not wake for the other cells of the houses
                // it crosses, which may have taken digit sets from it since
                // its last run: never fewer left than the slot says, and
                // exactly as many once it runs.
                assert!(cand[slot as usize] >= found, "rule {rule}");
                let mut now = cand.clone();
                assert!(scratch.cage(&model, &mut now, rule, false));
                scratch.clear();
                assert_eq!(now[slot as usize], found, "rule {rule}");
                checked += usize::from(found > 1);
            }
        }
        assert!(checked > 100, "{checked} cages with a choice left");
    }

    /// A classic grid of `size` with these cages and totals.
    fn caged(size: usize, cages: &[(&[CellIndex], u32)]) -> Puzzle {
        let mut puzzle = Puzzle::classic(size).unwrap();
        for &(cells, total) in cages {
            puzzle
                .add(Constraint::Cage {
                    cells: cells.to_vec(),
                    total: Some(total),
                })
                .unwrap();
        }
        puzzle
    }

    #[test]
    fn cages_imply_innies_and_outies() {
        let puzzle = Puzzle::classic(4).unwrap();
        // Row 1 is r1c1 + r1c2 (a cage of 3) and r1c3 + r1c4; a cage of
        // r1c3, r1c4, r2c4 adds up to 9 and leaves r2c4 as an outie.
        let cages = vec![(vec![0, 1], 3), (vec![2, 3, 7], 9)];
        let houses = puzzle.houses();
        let implied = implied_sums(&puzzle, &houses, &cages);
        assert!(implied.contains(&(vec![2, 3], 7)), "{implied:?}");
        assert!(implied.contains(&(vec![7], 2)), "{implied:?}");
        let s = solve(&caged(4, &[(&[0, 1], 3), (&[2, 3, 7], 9)])).unwrap();
        assert_eq!(s[7], 2);
        // Overlapping cages imply nothing.
        let overlap = vec![(vec![0, 1], 3), (vec![1, 2], 5)];
        assert!(implied_sums(&puzzle, &houses, &overlap).is_empty());
    }

    #[test]
    fn cages_crossing_a_run_imply_differences() {
        let puzzle = Puzzle::classic(4).unwrap();
        let houses = puzzle.houses();
        // Row 1 holds r1c1..r1c3 of a cage of 12 that sticks out to r2c1,
        // and r1c4 in no cage: r1c4 = r2c1 + 10 - 12.
        let cages = vec![(vec![0, 1, 2, 4], 12)];
        let found = implied_differences(&puzzle, &houses, &cages);
        assert!(found.contains(&(vec![3], vec![4], -2)), "{found:?}");
        // Whichever side of a crossing cage has fewer cells counts it: for
        // rows 1-2 the one cell outside (r3c1), for row 1 the one inside,
        // which leaves a plain sum there and no difference.
        let cages = vec![(vec![0, 4, 8], 9), (vec![1, 2, 3], 6)];
        let found = implied_differences(&puzzle, &houses, &cages);
        assert!(found.contains(&(vec![5, 6, 7], vec![8], 5)), "{found:?}");
        assert!(!found.iter().any(|(plus, _, _)| plus == &vec![0]));
        // Six cells are too many to keep: rows 1-2 less a cage of four.
        let cages = vec![(vec![0, 4, 5, 8], 10)];
        let found = implied_differences(&puzzle, &houses, &cages);
        assert!(
            !found.iter().any(|(plus, _, _)| plus.len() == 5),
            "{found:?}"
        );
    }

    /// Every assignment of `combo`'s digits one to each cell, tried.
    fn brute_support(masks: &[u16], combo: u16) -> Option<Vec<u16>> {
        fn assign(masks: &[u16], left: u16, at: usize, pick: &mut Vec<u16>, out: &mut Vec<u16>) {
            if at == masks.len() {
                for (o, &p) in out.iter_mut().zip(pick.iter()) {
                    *o |= p;
                }
                return;
            }
            let mut m = masks[at] & left;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                pick.push(bit);
                assign(masks, left & !bit, at + 1, pick, out);
                pick.pop();
            }
        }
        let mut out = vec![0u16; masks.len()];
        assign(masks, combo, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&o| o != 0).then_some(out)
    }

    /// A fixed pseudo-random sequence (xorshift) for the tests that try
    /// thousands of cases against brute force.
    /// The four diagonals down and to the left from r1c8, r1c9, r2c9 and
    /// r3c9 (8, 9, 8 and 7 cells side by side).
    fn diagonal_band() -> Vec<Vec<CellIndex>> {
        [7, 8, 17, 26]
            .iter()
            .map(|&first| Direction::DownLeft.walk(9, first))
            .collect()
    }

    fn with_diagonals(diagonals: &[Vec<CellIndex>], totals: &[u32]) -> Puzzle {
        let mut puzzle = Puzzle::classic(9).unwrap();
        for (cells, &total) in diagonals.iter().zip(totals) {
            let cells = cells.clone();
            puzzle
                .add(Constraint::LittleKiller { cells, total })
                .unwrap();
        }
        puzzle
    }

    #[test]
    fn diagonals_side_by_side_are_joined_into_one_sum() {
        // 32 cells in groups of 8, 8, 8, 3, 3, 1 and 1 (rows 1-3, 4-6
        // and 7-9 of the band in boxes 3, 5 and 7, ...): at most 198.
        let band = diagonal_band();
        let model = Model::new(&with_diagonals(&band, &[49; 4]));
        let joined: Vec<_> = (model.rules.iter())
            .filter_map(|r| match r {
                Rule::GroupSum { groups, total } => Some((groups, *total)),
                _ => None,
            })
            .collect();
        assert_eq!(joined.len(), 1);
        let (groups, total) = joined[0];
        assert_eq!(total, 196);
        let mut cells: Vec<CellIndex> = groups.iter().flatten().copied().collect();
        cells.sort_unstable();
        let mut expected: Vec<CellIndex> = band.concat();
        expected.sort_unstable();
        assert_eq!(cells, expected);
        assert_eq!(side_bounds(&[0x1ff; 81], groups).1, 198);
        // r1c8 weighs as r1c1 (three houses) plus its diagonal's 8 cells
        // and a house's 9 for the joined sum.
        assert_eq!(model.weights[7] - model.weights[0], 8 + 9);
    }

    #[test]
    fn joined_diagonals_past_their_bound_have_no_solution() {
        // Each diagonal alone can take its total (7 cells reach 56), the
        // four together cannot: 199 is past their 198. Without the
        // joined sum the search runs out of guesses.
        let puzzle = with_diagonals(&diagonal_band(), &[50, 50, 50, 49]);
        let found = search_within(&puzzle, 2, 2_000).expect("proved within 2,000 guesses");
        assert_eq!(found.count, 0);
        assert_eq!(found.guesses, 0);
    }

    #[test]
    fn joined_diagonals_keep_every_solution() {
        // Grids whose band of four diagonals adds up to near its greatest
        // sum (where the join prunes), found by the search from random
        // totals; then each grid's band, other diagonals and a third of
        // its digits as a puzzle: the grid stays a solution, and is the
        // one found when it is the only one.
        let band = diagonal_band();
        let mut next = xorshift(7);
        let mut grids = 0;
        for _ in 0..200 {
            // Within 8 of the band's 198, shared by length, give or take 2.
            let sum = 198 - (next() % 9) as i64;
            let mut totals: Vec<u32> = band
                .iter()
                .map(|cells| (sum * cells.len() as i64 / 32 + (next() % 5) as i64 - 2) as u32)
                .collect();
            totals[3] = (sum - i64::from(totals[..3].iter().sum::<u32>())) as u32;
            let Some(found) = search_within(&with_diagonals(&band, &totals), 1, 20_000) else {
                continue;
            };
            let Some(grid) = found.solution else { continue };
            let sum_of = |cells: &[CellIndex]| cells.iter().map(|&c| u32::from(grid[c])).sum();
            let band_totals: Vec<u32> = band.iter().map(|cells| sum_of(cells)).collect();
            let mut puzzle = with_diagonals(&band, &band_totals);
            for cells in (0..9)
                .map(|c| Direction::DownRight.walk(9, c))
                .chain((1..9).map(|r| Direction::DownRight.walk(9, r * 9)))
            {
                if cells.len() >= 5 && next() % 3 != 0 {
                    let total = sum_of(&cells);
                    puzzle
                        .add(Constraint::LittleKiller { cells, total })
                        .unwrap();
                }
            }
            for (cell, &digit) in grid.iter().enumerate() {
                if next() % 4 == 0 {
                    puzzle.set_given(cell, digit).unwrap();
                }
            }
            let model = Model::new(&puzzle);
            assert!((model.rules.iter()).any(|r| matches!(r, Rule::GroupSum { .. })));
            let found = search_within(&puzzle, 2, 100_000).expect("searched");
            assert!(found.count >= 1, "{puzzle:?}");
            let solution = found.solution.unwrap();
            assert!(puzzle.is_solution(&solution));
            if found.count == 1 {
                assert_eq!(solution, grid, "{puzzle:?}");
            }
            grids += 1;
            if grids == 20 {
                return;
            }
        }
        panic!("{grids} grids");
    }

    #[test]
    fn classic_puzzles_go_to_the_engines_made_for_them() {
        // Boxed grids of every shape with no further rules, half their
        // cells emptied at random, some with a candidate struck out: the
        // same counts as the model of any rules, solutions that keep the
        // rules and the givens, and the guesses of the engine they went to.
        let mut next = xorshift(5);
        for (rows, columns) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)] {
            let size = rows * columns;
            let shape = sizes::Shape::new(rows, columns).unwrap();
            let full = sizes::search(&sizes::SizedGrid::empty(shape), 1)
                .solution
                .unwrap();
            for round in 0..6 {
                let mut puzzle = Puzzle::new(size, Regions::Boxes { rows, columns }).unwrap();
                for (cell, &digit) in full.cells().iter().enumerate() {
                    if next() % 2 == 0 {
                        puzzle.set_given(cell, digit).unwrap();
                    }
                }
                let open = (0..size * size).find(|&c| puzzle.givens()[c] == 0).unwrap();
                let excluded = if round % 2 == 0 {
                    vec![]
                } else {
                    vec![(open, full.cells()[open])]
                };
                let found = search_excluding(&puzzle, &excluded, 2, u64::MAX).unwrap();
                let model = search_model(&puzzle, &excluded, 2, u64::MAX).unwrap();
                assert_eq!(found.count, model.count, "{rows}x{columns} round {round}");
                if let Some(solution) = &found.solution {
                    assert!(puzzle.is_solution(solution));
                    for (&given, &digit) in puzzle.givens().iter().zip(solution) {
                        assert!(given == 0 || given == digit);
                    }
                    for &(cell, digit) in &excluded {
                        assert_ne!(solution[cell], digit);
                    }
                }
                let guesses = if size == 9 {
                    let mut marks = [DigitSet::ALL; 81];
                    for (mark, &given) in marks.iter_mut().zip(puzzle.givens()) {
                        if given != 0 {
                            *mark = DigitSet::single(Digit::new(given));
                        }
                    }
                    for &(cell, digit) in &excluded {
                        marks[cell].remove(Digit::new(digit));
                    }
                    sudoku_engine::solver::search_candidates(&marks, 2).guesses
                } else {
                    let grid =
                        sizes::SizedGrid::from_cells(shape, puzzle.givens().to_vec()).unwrap();
                    sizes::search_excluding(&grid, &excluded, 2, Some(u64::MAX))
                        .unwrap()
                        .guesses
                };
                assert_eq!(found.guesses, guesses, "{rows}x{columns} round {round}");
            }
        }
        // Any further rule, or regions that are not boxes, stay with the
        // model.
        let mut x = Puzzle::classic(9).unwrap();
        for diagonal in Constraint::diagonals(9) {
            x.add(diagonal).unwrap();
        }
        assert!(search_classic(&x, &[], 2, u64::MAX).is_none());
        assert!(search_classic(&Puzzle::classic(7).unwrap(), &[], 2, u64::MAX).is_none());
        // A guess limit too small for the 9x9 engine's search: no answer.
        let open = Puzzle::classic(9).unwrap();
        assert_eq!(search_classic(&open, &[], 2, 0), Some(None));
    }

    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn the_fast_cage_tests_agree_with_trying_every_assignment() {
        // Thousands of cages of 2-6 cells, each cell placed or open with
        // a few digits, up to four open ones.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut matched = 0;
        for _ in 0..20_000 {
            let n = 2 + (next() % 5) as usize;
            let combos: Vec<u16> = (0u16..0x200)
                .filter(|c| c.count_ones() as usize == n)
                .collect();
            let combo = combos[(next() % combos.len() as u64) as usize];
            let mut masks = vec![0u16; n];
            let mut open = 0;
            for m in &mut masks {
                let digits = combo | (next() as u16 & 0x1ff);
                *m = if open < MATCHED_OPEN && next() % 3 != 0 {
                    open += 1;
                    (next() as u16 | next() as u16) & digits
                } else {
                    let d = (next() % 9) as u16;
                    1 << d
                };
            }
            if masks.contains(&0) {
                continue;
            }
            let want = brute_support(&masks, combo);
            let mut got = vec![0u16; n];
            assert_eq!(
                matching_support(&masks, combo, &mut got),
                want.is_some(),
                "{masks:?} {combo:#b}"
            );
            if let Some(want) = want {
                assert_eq!(got, want, "{masks:?} {combo:#b}");
                matched += 1;
            }
            // The lanes hold this set and others of the cage's size: each
            // lane's verdict and the union of supports are the one-set
            // test's.
            let mut lanes = [0u16; LANES];
            for (l, lane) in lanes.iter_mut().enumerate().take(LANES - 1) {
                *lane = combos[(next() % combos.len() as u64) as usize] * (l % 5 != 4) as u16;
            }
            lanes[LANES - 1] = combo;
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &m in &masks {
                twice |= once & m;
                once |= m;
                if m.is_power_of_two() {
                    placed |= m;
                }
            }
            let mut union = vec![0u16; n];
            let mut fits = [0u16; LANES];
            for (f, &c) in fits.iter_mut().zip(&lanes) {
                let mut one = vec![0u16; n];
                if c != 0
                    && c & placed == placed
                    && c & !once == 0
                    && single_support(&masks, c & once & !twice, c, &mut one)
                {
                    *f = u16::MAX;
                    for (u, o) in union.iter_mut().zip(one) {
                        *u |= o;
                    }
                }
            }
            // The version this CPU runs (AVX2 where it has it) and the
            // baseline one.
            let mut got = vec![0u16; n];
            let lane_fits = single_support_lanes(&masks, &lanes, placed, once, twice, &mut got);
            assert_eq!(lane_fits, fits, "{masks:?} {lanes:?}");
            assert_eq!(got, union, "{masks:?} {lanes:?}");
            let mut got = vec![0u16; n];
            let lane_fits =
                single_support_lanes_portable(&masks, &lanes, placed, once, twice, &mut got);
            assert_eq!(lane_fits, fits, "{masks:?} {lanes:?}");
            assert_eq!(got, union, "{masks:?} {lanes:?}");
        }
        assert!(matched > 1000, "only {matched} cages had an assignment");
    }

    #[test]
    fn cage_cells_keep_the_digits_an_assignment_gives_them() {
        let d = |ds: &[u32]| ds.iter().fold(0u16, |m, &x| m | 1 << (x - 1));
        // Four cells to hold 1, 2, 3 and 4: the first two share 1 and 2,
        // so the third is 3 and the fourth 4.
        let cand = [d(&[1, 2]), d(&[1, 2]), d(&[1, 2, 3]), d(&[3, 4])];
        let combo = d(&[1, 2, 3, 4]);
        let mut exact = [0u16; 4];
        assert!(matching_support(&cand, combo, &mut exact));
        assert_eq!(exact, [d(&[1, 2]), d(&[1, 2]), d(&[3]), d(&[4])]);
        // The digits of a set only one cell can take.
        let singles = |cand: &[u16], combo: u16| {
            let (mut once, mut twice) = (0u16, 0u16);
            for &m in cand {
                twice |= once & m;
                once |= m;
            }
            combo & once & !twice
        };
        // The cheap rule sees only that 4 has one holder.
        let mut single = [0u16; 4];
        assert!(single_support(
            &cand,
            singles(&cand, combo),
            combo,
            &mut single
        ));
        assert_eq!(single, [d(&[1, 2]), d(&[1, 2]), d(&[1, 2, 3]), d(&[4])]);
        // Three cells cannot hold 1, 2 and 3 when two of them hold only 1.
        let cand = [d(&[1]), d(&[1, 2]), d(&[1])];
        let mut none = [0u16; 3];
        assert!(!matching_support(&cand, d(&[1, 2, 3]), &mut none));
        // A digit two cells alone can take is no contradiction yet.
        let cand = [d(&[1, 3]), d(&[1, 3]), d(&[2, 3])];
        let combo = d(&[1, 2, 3]);
        assert!(single_support(
            &cand,
            singles(&cand, combo),
            combo,
            &mut none
        ));
        // Two single digits for one cell are.
        let cand = [d(&[1, 2]), d(&[3]), d(&[3])];
        let mut none = [0u16; 3];
        assert!(!single_support(
            &cand,
            singles(&cand, combo),
            combo,
            &mut none
        ));
    }

    #[test]
    fn whole_houses_make_no_group_sums() {
        // Cages down columns 1-9 over rows 1-3: the outies of rows 1-2 are
        // row 3 and the innies of rows 1-4 are row 4, nine cells that
        // differ and add up to 45 whatever their digits.
        let mut puzzle = Puzzle::classic(9).unwrap();
        for column in 0..9 {
            let cells = vec![column, 9 + column, 18 + column];
            let total = Some(15);
            puzzle.add(Constraint::Cage { cells, total }).unwrap();
        }
        let model = Model::new(&puzzle);
        let group_sums = model
            .rules
            .iter()
            .filter(|r| matches!(r, Rule::GroupSum { .. }))
            .count();
        assert_eq!(group_sums, 0);
    }

    #[test]
    fn sums_within_one_house_are_kept_as_the_rest_of_the_house() {
        // Cages down columns 1-8 over rows 1-3 and one on r1c9-r2c9 of 6:
        // the outies of rows 1-2 are r3c1-r3c8, eight cells of one row
        // adding up to 8 * 15 + 6 - 90 = 36, their least. That is r3c9 = 9,
        // kept as a sum of that one cell, not as a group sum of eight.
        let columns: Vec<[CellIndex; 3]> = (0..8).map(|c| [c, 9 + c, 18 + c]).collect();
        let mut cages: Vec<(&[CellIndex], u32)> = columns.iter().map(|c| (&c[..], 15)).collect();
        cages.push((&[8, 17], 6));
        let model = Model::new(&caged(9, &cages));
        // (Rows 1-4 leave row 4 and r3c9, ten cells of two houses: a group
        // sum.)
        let in_row_3 = model.rules.iter().filter(|r| {
            matches!(r, Rule::GroupSum { groups, .. }
                if groups.iter().flatten().all(|c| (18..27).contains(c)))
        });
        assert_eq!(in_row_3.count(), 0);
        assert!(model.rules.iter().any(|r| matches!(
            r,
            Rule::Sum { cells, total: 9, .. } if cells == &[26]
        )));
    }

    #[test]
    fn a_digit_a_house_holds_only_in_a_cage_is_the_cages() {
        // A cage of 10 on r1c1-r1c2, and no 9 left in the rest of row 1:
        // the 9 is the cage's, so its digits are 1 and 9. (No hidden
        // single: the 9 has two places.)
        let model = Model::new(&caged(9, &[(&[0, 1], 10)]));
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        assert_eq!(cand[0], 0b1_1110_1111);
        for cell in 2..9 {
            assert!(scratch.restrict(&model, &mut cand, cell, !(1 << 8)));
        }
        // (The cage wakes for its own cells only, as in a search.)
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        assert_eq!(cand[..2], [0b1_0000_0001; 2]);
    }

    #[test]
    fn rules_on_bounds_wake_when_an_end_goes() {
        let mut puzzle = Puzzle::classic(9).unwrap();
        let cells = vec![0, 1, 2];
        puzzle.add(Constraint::Thermometer { cells }).unwrap();
        let model = Model::new(&puzzle);
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        // 5 is neither r1c2's least nor its greatest digit.
        assert!(scratch.restrict(&model, &mut cand, 1, !(1 << 4)));
        assert_eq!(scratch.dirty_list.iter().count(), 0);
        assert!(scratch.restrict(&model, &mut cand, 1, !1));
        assert_eq!(scratch.dirty_list.iter().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn a_digit_with_two_places_in_a_house_is_a_choice() {
        let puzzle = Puzzle::classic(4).unwrap();
        let model = Model::new(&puzzle);
        let mut cand = model.init.clone();
        assert_eq!(house_pair(&model, &cand, &[0; 16]), None);
        // 1 is placed in r1c1; 2 can go in r1c2 and r1c3 only (r1c4 is 3
        // or 4), so row 1 offers a choice of two for 2 (and none for 1).
        cand[0] = 0b0001;
        cand[1] = 0b1110;
        cand[2] = 0b1110;
        cand[3] = 0b1100;
        // Column 1 offers 2 too (r3c1, r4c1): the cells that failed
        // more often win.
        cand[4] = 0b1100;
        fresh_places(&model, &mut cand);
        let mut weights = [0u64; 16];
        weights[8] = 1;
        assert_eq!(house_pair(&model, &cand, &weights), Some((8, 12, 0b0010)));
        weights[2] = 2;
        assert_eq!(house_pair(&model, &cand, &weights), Some((1, 2, 0b0010)));
        // Taken from 3 candidates, or 4 where extra houses meet.
        assert_eq!(pair_when(&model), 3);
        let mut x = Puzzle::classic(4).unwrap();
        for diagonal in Constraint::diagonals(4) {
            x.add(diagonal).unwrap();
        }
        assert_eq!(pair_when(&Model::new(&x)), 4);
    }

    #[test]
    fn long_arrows_are_bounded_by_the_groups_of_their_path() {
        // Six cells of row 1 add up to 21-39 (cell by cell 6-54): the
        // circle r9c8-r9c9 reads 21-39, its first digit 2 or 3.
        let mut puzzle = Puzzle::classic(9).unwrap();
        let circle = vec![79, 80];
        let path = vec![0, 1, 2, 3, 4, 5];
        puzzle.add(Constraint::Arrow { circle, path }).unwrap();
        let model = Model::new(&puzzle);
        let Rule::Arrow { groups, .. } = &model.rules[0] else {
            panic!("an arrow");
        };
        assert_eq!(groups, &vec![vec![0, 1, 2, 3, 4, 5]]);
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        assert_eq!(cand[79], 0b110);
        let solution = solve(&puzzle).unwrap();
        let sum: u32 = (0..6).map(|c| u32::from(solution[c])).sum();
        assert_eq!(sum, u32::from(solution[79]) * 10 + u32::from(solution[80]));
    }

    #[test]
    fn short_paths_keep_only_the_digits_of_some_assignment() {
        let d = |ds: &[u32]| ds.iter().fold(0u16, |m, &x| m | 1 << (x - 1));
        let propagated = |circle: Vec<CellIndex>, shown: &[u8], path: Vec<CellIndex>| {
            let mut puzzle = Puzzle::classic(9).unwrap();
            puzzle.add(Constraint::Arrow { circle, path }).unwrap();
            let model = Model::new(&puzzle);
            assert!(matches!(model.rules[0], Rule::Arrow { exact: Some(_), .. }));
            let mut scratch = Scratch::new(&model);
            let mut cand = model.init.clone();
            assert!(scratch.dirty_all(&model, &mut cand));
            for (&c, &v) in puzzle
                .constraints()
                .iter()
                .find_map(|c| match c {
                    Constraint::Arrow { circle, .. } => Some(circle),
                    _ => None,
                })
                .unwrap()
                .iter()
                .zip(shown)
            {
                assert!(scratch.restrict(&model, &mut cand, c, 1 << (v - 1)));
            }
            assert!(scratch.propagate(&model, &mut cand));
            cand
        };
        // Three cells of box 1 adding up to 6 hold 1, 2 and 3 (by bounds
        // alone each is at most 4).
        let cand = propagated(vec![80], &[6], vec![0, 1, 9]);
        assert_eq!([cand[0], cand[1], cand[9]], [d(&[1, 2, 3]); 3]);
        // Two cells of row 1 showing 12 in a pill: 3+9 ... 5+7, never 6+6
        // (by bounds 3-9).
        let cand = propagated(vec![79, 80], &[1, 2], vec![0, 1]);
        assert_eq!([cand[0], cand[1]], [d(&[3, 4, 5, 7, 8, 9]); 2]);
        // Cells of different houses may repeat: 1+1+4 and 2+2+2 make 6.
        let cand = propagated(vec![80], &[6], vec![0, 12, 24]);
        assert_eq!([cand[0], cand[12], cand[24]], [d(&[1, 2, 3, 4]); 3]);
    }

    #[test]
    fn path_assignments_agree_with_trying_every_one() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..5_000 {
            let n = 1 + (next() % EXACT_PATH as u64) as usize;
            let masks: Vec<u16> = (0..n).map(|_| (next() as u16 & 0x1ff).max(1)).collect();
            let clash: Vec<u8> = (0..n).map(|i| (next() as u8) & ((1u8 << i) - 1)).collect();
            let targets = u128::from(next()) << 1 & ((1u128 << 100) - 1);
            let mut support = vec![0u16; n];
            let totals = path_assignments(&masks, &clash, targets, &mut support);
            // Every tuple of digits, in base 9.
            let (mut want, mut reached) = (vec![0u16; n], 0u128);
            for code in 0..9usize.pow(n as u32) {
                let digits: Vec<usize> = (0..n).map(|i| code / 9usize.pow(i as u32) % 9).collect();
                let fits = (0..n).all(|i| {
                    masks[i] & 1 << digits[i] != 0
                        && (0..i).all(|j| clash[i] & 1 << j == 0 || digits[i] != digits[j])
                });
                let sum: usize = digits.iter().map(|d| d + 1).sum();
                if fits && targets & 1 << sum != 0 {
                    reached |= 1 << sum;
                    for (w, &d) in want.iter_mut().zip(&digits) {
                        *w |= 1 << d;
                    }
                }
            }
            assert_eq!((totals, &support), (reached, &want), "{masks:?} {clash:?}");
        }
    }

    /// The peers and the houses of the classic 9x9 grid as cell sets.
    fn classic_sets() -> (Vec<CellSet>, Vec<CellSet>) {
        let puzzle = Puzzle::classic(9).unwrap();
        let model = Model::new(&puzzle);
        let peers = (0..81)
            .map(|a| {
                let mut set = CellSet::default();
                model.peers[a].iter().for_each(|&b| set.insert(b.into()));
                set
            })
            .collect();
        let houses = puzzle.houses().iter().map(|h| CellSet::of(h)).collect();
        (peers, houses)
    }

    #[test]
    fn paths_are_grouped_by_the_houses_holding_most_of_them() {
        let (peer_sets, houses) = classic_sets();
        // r1c3, r1c4, then down box 1 (r2c3, r2c2, r2c1): in path order
        // the first group would be r1c3 and r1c4 only.
        let path = vec![2, 3, 11, 10, 9];
        let groups = house_groups(&path, &houses, &peer_sets);
        assert_eq!(groups, vec![vec![2, 11, 10, 9], vec![3]]);
        assert_eq!(exclusion_groups(&path, &peer_sets)[0], vec![2, 3]);
    }

    #[test]
    fn group_sums_stay_within_the_reach_of_the_fewest_groups() {
        let (peers, houses) = classic_sets();
        let mut next = xorshift(11);
        for _ in 0..500 {
            let n = 7 + next() as usize % 40;
            let mut cells: Vec<CellIndex> = (0..81).collect();
            for i in 0..n {
                let j = i + next() as usize % (81 - i);
                cells.swap(i, j);
            }
            cells.truncate(n);
            let groups = house_groups(&cells, &houses, &peers);
            let (lo, hi) = side_bounds(&[0x1ff; 81], &groups);
            let (most_low, least_high) = group_sum_reach(n, 9);
            assert!(lo <= most_low && hi >= least_high, "{cells:?}: {lo}..{hi}");
        }
        // Nine cells of one house reach exactly 45 both ways.
        assert_eq!(group_sum_reach(9, 9), (45, 45));
        assert_eq!(group_sum_reach(11, 9), (48, 62));
    }

    /// The digits each cell of `groups` (cells of `cand`, which differ
    /// within a group) takes in some assignment adding up to `total`,
    /// assignment by assignment.
    fn diagonal_by_hand(cand: &[u16], groups: &[Vec<CellIndex>], total: u32) -> Vec<u16> {
        let cells: Vec<(CellIndex, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(g, group)| group.iter().map(move |&c| (c, g)))
            .collect();
        fn walk(
            cells: &[(CellIndex, usize)],
            cand: &[u16],
            total: u32,
            chosen: &mut Vec<u32>,
            keep: &mut [u16],
        ) {
            let i = chosen.len();
            let sum: u32 = chosen.iter().sum();
            if i == cells.len() {
                if sum == total {
                    for (k, &d) in keep.iter_mut().zip(chosen.iter()) {
                        *k |= 1 << (d - 1);
                    }
                }
                return;
            }
            for d in digits_of(cand[cells[i].0]) {
                let clash = (0..i).any(|j| cells[j].1 == cells[i].1 && chosen[j] == d);
                if !clash && sum + d <= total {
                    chosen.push(d);
                    walk(cells, cand, total, chosen, keep);
                    chosen.pop();
                }
            }
        }
        let mut keep = vec![0; cells.len()];
        walk(&cells, cand, total, &mut Vec::new(), &mut keep);
        keep
    }

    #[test]
    fn diagonal_sums_keep_the_digits_of_the_assignments_that_fit() {
        // Both widths of sets of sums and the cache (shared by every case,
        // so the same candidates come back under other totals and
        // allowed sums) against assignments walked one by one.
        let mut next = xorshift(5);
        let mut cache = GroupCache::default();
        let mut checked = [0usize; 2];
        for case in 0..3000 {
            let side: u32 = if case % 3 == 0 { 16 } else { 9 };
            let mut groups = Vec::new();
            let mut at = 0;
            let cells = 2 + next() as usize % 5;
            while at < cells {
                let len = (1 + next() as usize % DIAGONAL_GROUP).min(cells - at);
                groups.push((at..at + len).collect::<Vec<_>>());
                at += len;
            }
            // Few candidates, often the same ones: the cache must hit.
            let full = (1u32 << side) - 1;
            let cand: Vec<u16> = (0..cells)
                .map(|_| {
                    let sparse = (next() & next()) as u32 & full;
                    (sparse | 1 << (next() as u32 % side)) as u16
                })
                .collect();
            let reach: u32 = cand.iter().map(|&m| high(m)).sum();
            let total = 1 + next() as u32 % reach.max(1);
            let expected = diagonal_by_hand(&cand, &groups, total);
            let mut keep = [0u16; crate::MAX_SIZE];
            let fits = diagonal_sums(&cand, &groups, total, &mut keep, &mut cache);
            assert_eq!(
                fits,
                expected.iter().all(|&k| k != 0),
                "{cand:?} {groups:?} = {total}"
            );
            if fits {
                assert_eq!(keep[..cells], expected[..], "{cand:?} {groups:?} = {total}");
                checked[usize::from(total >= 64)] += 1;
            }
            let mut wide = [0u16; crate::MAX_SIZE];
            let mut own = GroupCache::default();
            let wide_fits = diagonal_sums_in::<u128>(&cand, &groups, total, &mut wide, &mut own);
            assert_eq!((wide_fits, &wide[..cells]), (fits, &keep[..cells]));
        }
        assert!(checked[0] > 500 && checked[1] > 20, "{checked:?}");
    }

    #[test]
    fn group_sums_near_their_bounds_force_digits() {
        let puzzle = Puzzle::classic(4).unwrap();
        let model = Model::new(&puzzle);
        let mut scratch = Scratch::new(&model);
        // r1c1 and r1c2 differ, r2c1 stands alone: 11 is their greatest
        // sum (4 + 3 + 4), so each takes its largest digits.
        let groups = vec![vec![0, 1], vec![4]];
        let mut cand = vec![0b1111u16; 16];
        assert!(scratch.prune_side(&model, &mut cand, &groups, 11, 11));
        assert_eq!((cand[0], cand[1], cand[4]), (0b1100, 0b1100, 0b1000));
        // 4 is their least: 1 + 2 and 1.
        let mut cand = vec![0b1111u16; 16];
        assert!(scratch.prune_side(&model, &mut cand, &groups, 4, 4));
        assert_eq!((cand[0], cand[1], cand[4]), (0b0011, 0b0011, 0b0001));
        // One above the least: no cell can take 4.
        let mut cand = vec![0b1111u16; 16];
        assert!(scratch.prune_side(&model, &mut cand, &groups, 5, 5));
        assert_eq!((cand[0], cand[1], cand[4]), (0b0111, 0b0111, 0b0011));
        // Beyond the greatest: no solution.
        let mut cand = vec![0b1111u16; 16];
        assert!(!scratch.prune_side(&model, &mut cand, &groups, 12, 12));
    }

    #[test]
    fn models_of_the_same_houses_share_their_meetings() {
        let classic = Model::new(&Puzzle::classic(4).unwrap());
        let again = Model::new(&Puzzle::classic(4).unwrap());
        assert!(Arc::ptr_eq(&classic.meetings, &again.meetings));
        // Regions that are not boxes: other meetings, not the last ones.
        let regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3];
        let jigsaw = Puzzle::new(4, Regions::Jigsaw(regions.to_vec())).unwrap();
        let other = Model::new(&jigsaw);
        assert!(!Arc::ptr_eq(&classic.meetings, &other.meetings));
        assert_eq!(other.meetings.houses, jigsaw.houses());
        assert_ne!(
            other.meetings.intersections.len(),
            classic.meetings.intersections.len()
        );
        let back = Model::new(&Puzzle::classic(4).unwrap());
        assert_eq!(back.meetings.houses, Puzzle::classic(4).unwrap().houses());
    }

    #[test]
    fn houses_are_scanned_when_changed_or_beyond_the_tracked_ones() {
        let order = |dirty: u128, houses| scan_order(dirty, houses).collect::<Vec<_>>();
        assert_eq!(order(0b101000, 27), [3, 5]);
        assert_eq!(order(0, 27), [] as [usize; 0]);
        // Bits past the last house (all are set at the start) end it.
        assert_eq!(order(u128::MAX, 4), [0, 1, 2, 3]);
        assert_eq!(order(1 << 127 | 1 << 9, 130), [9, 127, 128, 129]);
    }

    #[test]
    fn a_change_marks_only_the_houses_of_its_cell() {
        let model = Model::new(&Puzzle::classic(4).unwrap());
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        // At the fixed point nothing waits.
        assert_eq!((scratch.dirty_meet, scratch.changed), (0, 0));
        // r2c3: row 2 (1), column 3 (6), box 2 (9).
        assert!(scratch.restrict(&model, &mut cand, 6, 0b0011));
        assert_eq!(scratch.changed, 1 << 1 | 1 << 6 | 1 << 9);
    }

    /// A 9x9 grid with both diagonals and the windoku boxes.
    fn x_windoku() -> Puzzle {
        let mut puzzle = Puzzle::classic(9).unwrap();
        for c in Constraint::diagonals(9)
            .into_iter()
            .chain(Constraint::windoku(9))
        {
            puzzle.add(c).unwrap();
        }
        puzzle
    }

    /// `runs` random walks of narrowings of `model`'s grid: from the root,
    /// each fixed point goes to `check`, then a random open cell keeps
    /// `keep(its digits, a random number)`, until a propagation fails or
    /// every cell is fixed. The fixed points checked, and the walks that
    /// ended in a failure.
    fn walk_fixed_points(
        model: &Model,
        seed: u64,
        runs: usize,
        keep: impl Fn(u16, u64) -> u16,
        mut check: impl FnMut(&Scratch, &[u16]),
    ) -> (usize, usize) {
        let mut scratch = Scratch::new(model);
        let mut next = xorshift(seed);
        let (mut checked, mut failed) = (0, 0);
        for _ in 0..runs {
            let mut cand = model.init.clone();
            let mut ok = scratch.dirty_all(model, &mut cand) && scratch.propagate(model, &mut cand);
            while ok {
                check(&scratch, &cand);
                checked += 1;
                let open: Vec<usize> = (0..model.cells)
                    .filter(|&c| !cand[c].is_power_of_two())
                    .collect();
                let Some(&cell) = open.get(next() as usize % open.len().max(1)) else {
                    break;
                };
                let kept = keep(cand[cell], next());
                ok = scratch.restrict(model, &mut cand, cell, kept)
                    && scratch.propagate(model, &mut cand);
            }
            failed += usize::from(!ok);
            scratch.clear();
        }
        (checked, failed)
    }

    #[test]
    fn segment_unions_kept_up_to_date_match_fresh_ones() {
        // Windoku and X: extra houses meet the boxes and lines in many
        // segments, so pointing steps come in runs within one propagation.
        let model = Model::new(&x_windoku());
        // Take one digit out, so that the rest must follow.
        let one_out = |m: u16, r: u64| {
            let bit = 1 << (r % 9);
            if m & bit != 0 {
                m & !bit
            } else {
                m & !(m & m.wrapping_neg())
            }
        };
        let (checked, _) = walk_fixed_points(&model, 11, 40, one_out, |scratch, cand| {
            let fresh: Vec<u16> = model
                .meetings
                .segments
                .iter()
                .map(|seg| seg.iter().fold(0, |u, &c| u | cand[usize::from(c)]))
                .collect();
            assert!(scratch.segments_valid);
            let kept = &cand[model.segment_slots..][..fresh.len()];
            assert_eq!(kept, fresh);
        });
        assert!(checked > 500, "{checked} states");
    }

    #[test]
    fn a_pass_of_the_intersections_looks_again_only_where_houses_changed() {
        let model = Model::new(&Puzzle::classic(4).unwrap());
        let x = &model.meetings.intersections[0];
        let houses = x.houses.unwrap();
        // One side of the first intersection loses digit 1: the digit
        // must then stay in the intersection, off the other side.
        let mut cand = model.init.clone();
        for &c in &x.sides[0].all {
            cand[usize::from(c)] &= !1;
        }
        let other = usize::from(x.sides[1].all[0]);
        let mut scratch = Scratch::new(&model);
        // A pass stopped past every intersection, all houses dirty since
        // the last that found nothing, none changed since: no look again.
        scratch.dirty_meet = model.all_houses();
        scratch.meet_new = 0;
        scratch.meet_resume = model.meetings.intersections.len();
        assert_eq!(scratch.intersections(&model, &mut cand), Some(false));
        assert_eq!(cand[other] & 1, 1);
        // One of its houses changed since: it is looked at again.
        scratch.dirty_meet = model.all_houses();
        scratch.meet_new = houses & houses.wrapping_neg();
        scratch.meet_resume = model.meetings.intersections.len();
        assert_eq!(scratch.intersections(&model, &mut cand), Some(true));
        assert_eq!(cand[other] & 1, 0);
        // Stopped at the first: the next pass starts there.
        assert_eq!(scratch.meet_resume, 0);
        assert_eq!(scratch.meet_new, 0);
    }

    #[test]
    fn every_intersection_holds_at_every_fixed_point() {
        // Both sides of every intersection keep the same digits, though
        // a pass looks again only where houses changed since it held.
        let model = Model::new(&x_windoku());
        let some = |m: u16, r: u64| (m & (r as u16 | 1 << ((r >> 16) % 9))).max(1);
        let (checked, _) = walk_fixed_points(&model, 17, 60, some, |_, cand| {
            for x in &model.meetings.intersections {
                let [a, b] = x
                    .sides
                    .each_ref()
                    .map(|side| side.all.iter().fold(0u16, |u, &c| u | cand[usize::from(c)]));
                assert_eq!(a, b);
            }
        });
        assert!(checked > 500, "{checked} states");
    }

    #[test]
    fn places_kept_up_to_date_match_fresh_ones() {
        // At each fixed point of random narrowings of an X + windoku
        // grid, the places kept must be those read from the cells.
        let model = Model::new(&x_windoku());
        assert!(model.track_places);
        // Some digits kept, at least one (maybe none of the cell's).
        let some = |m: u16, r: u64| (m & (r as u16 | 1 << ((r >> 16) % 9))).max(1);
        let (checked, failed) = walk_fixed_points(&model, 13, 60, some, |_, cand| {
            let mut fresh = cand[..model.cells].to_vec();
            fresh_places(&model, &mut fresh);
            assert_eq!(cand[model.places..], fresh[model.places..]);
        });
        assert!(
            checked > 500 && failed > 10,
            "{checked} states, {failed} failed"
        );
    }

    #[test]
    fn a_fixed_cell_takes_its_digit_from_every_peer() {
        // Peers in houses (X and windoku too) and outside them (knight's
        // moves, a cage of three cells).
        let mut puzzle = x_windoku();
        puzzle.add(Constraint::AntiKnight).unwrap();
        puzzle
            .add(Constraint::Cage {
                cells: vec![40, 52, 64],
                total: None,
            })
            .unwrap();
        let model = Model::new(&puzzle);
        assert!(model.track_places);
        assert!(model.outside_peers[40].contains(&52));
        assert!(model.outside_peers[40].contains(&23));
        let mut scratch = Scratch::new(&model);
        for (cell, digit) in [(40, 0), (0, 4), (64, 8), (12, 2)] {
            let mut cand = model.init.clone();
            assert!(scratch.dirty_all(&model, &mut cand));
            assert!(scratch.restrict(&model, &mut cand, cell, 1 << digit));
            assert!(scratch.propagate(&model, &mut cand));
            for &p in &model.peers[cell] {
                assert_eq!(cand[usize::from(p)] >> digit & 1, 0, "r{cell} peer {p}");
            }
            let outside = &model.outside_peers[cell];
            assert!(outside.iter().all(|p| model.peers[cell].contains(p)));
        }
    }

    #[test]
    fn more_houses_than_tracked_ones_keep_every_solution() {
        // A solution, and more houses of 9 cells that it fills with 9
        // different digits: 137 houses, 9 of them never tracked.
        let solution = solve(&Puzzle::classic(9).unwrap()).unwrap();
        let mut next = xorshift(7);
        let mut puzzle = Puzzle::classic(9).unwrap();
        while puzzle.houses().len() < 137 {
            let cells = (1..=9u8)
                .map(|d| {
                    let places: Vec<CellIndex> = (0..81).filter(|&c| solution[c] == d).collect();
                    places[next() as usize % places.len()]
                })
                .collect();
            let kind = DistinctKind::ExtraRegion;
            puzzle.add(Constraint::Distinct { cells, kind }).unwrap();
        }
        assert!(Model::new(&puzzle).houses.len() > TRACKED_HOUSES);
        // A third of the cells given; the count against plain
        // backtracking over the houses.
        for (c, &d) in solution.iter().enumerate().step_by(3) {
            puzzle.set_given(c, d).unwrap();
        }
        let houses = puzzle.houses();
        fn count(grid: &mut [u8], houses: &[Vec<CellIndex>], at: usize) -> usize {
            let Some(cell) = (at..grid.len()).find(|&c| grid[c] == 0) else {
                return 1;
            };
            let mut total = 0;
            for d in 1..=9 {
                let clash = houses
                    .iter()
                    .any(|h| h.contains(&cell) && h.iter().any(|&o| grid[o] == d));
                if !clash {
                    grid[cell] = d;
                    total += count(grid, houses, cell + 1);
                    grid[cell] = 0;
                }
            }
            total
        }
        let mut grid = puzzle.givens().to_vec();
        let found = search(&puzzle, 1000);
        assert_eq!(found.count, count(&mut grid, &houses, 0));
        assert!(puzzle.is_solution(found.solution.as_ref().unwrap()));
    }

    #[test]
    fn spans_are_inclusive() {
        assert_eq!(span(1, 3), 0b111);
        assert_eq!(span(2, 16), u16::MAX - 1);
        assert_eq!(span(5, 4), 0);
        assert_eq!(span(-3, 0), 0);
    }

    #[test]
    fn open_grids_have_solutions_in_every_variant() {
        let mut puzzle = x_windoku();
        puzzle.add(Constraint::AntiKing).unwrap();
        let s = solve(&puzzle).unwrap();
        assert!(puzzle.is_solution(&s));
    }

    #[test]
    fn a_digit_in_two_places_leaves_the_cells_seeing_both() {
        assert!(!Model::new(&Puzzle::classic(4).unwrap()).pair_exclusions);
        let mut x = Puzzle::classic(4).unwrap();
        for diagonal in Constraint::diagonals(4) {
            x.add(diagonal).unwrap();
        }
        let model = Model::new(&x);
        assert!(model.pair_exclusions);
        let mut scratch = Scratch::new(&model);
        // 1 can go in r1c1 and r2c2 only on the main diagonal: r1c2 and
        // r2c1 see both (their box), so neither holds it.
        let mut cand = model.init.clone();
        cand[10] &= !1;
        cand[15] &= !1;
        fresh_places(&model, &mut cand);
        assert_eq!(scratch.pair_exclusions(&model, &mut cand), Some(true));
        assert_eq!((cand[1] & 1, cand[4] & 1), (0, 0));
        let untouched = [0, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14];
        assert!(untouched.iter().all(|&c| cand[c] == 0b1111), "{cand:?}");
        assert_eq!(scratch.pair_exclusions(&model, &mut cand), Some(false));
    }

    #[test]
    fn non_consecutive_neighbours_lose_the_digits_next_to_every_candidate() {
        let mut puzzle = Puzzle::classic(9).unwrap();
        puzzle.add(Constraint::NonConsecutive).unwrap();
        let model = Model::new(&puzzle);
        let bits = |digits: &[u16]| digits.iter().fold(0u16, |m, d| m | 1 << (d - 1));
        // r5c5 (cell 40) keeps `digits`; its four neighbours lose `lost`,
        // r5c1 (a peer, not a neighbour) only a placed digit.
        let cases: [(&[u16], &[u16]); 6] = [
            (&[4, 5], &[4, 5]),
            (&[4, 6], &[5]),
            (&[4, 5, 6], &[5]),
            (&[1, 2], &[1, 2]),
            (&[1, 4], &[]),
            (&[1], &[1, 2]),
        ];
        for (digits, lost) in cases {
            let mut scratch = Scratch::new(&model);
            let mut cand = model.init.clone();
            assert!(scratch.restrict(&model, &mut cand, 40, bits(digits)));
            assert!(scratch.propagate(&model, &mut cand));
            for n in [31, 39, 41, 49] {
                assert_eq!(cand[n], model.all & !bits(lost), "{digits:?} at {n}");
            }
            let peer_loses = if digits.len() == 1 { bits(digits) } else { 0 };
            assert_eq!(cand[36], model.all & !peer_loses, "{digits:?}");
        }
        // Fixed to 1 after it was queued as {1, 2}: its neighbours keep 3.
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(scratch.restrict(&model, &mut cand, 40, bits(&[1, 2])));
        assert!(scratch.restrict(&model, &mut cand, 40, bits(&[1])));
        assert!(scratch.propagate(&model, &mut cand));
        assert!([31, 39, 41, 49].iter().all(|&n| cand[n] == model.all & !3));
    }

    #[test]
    fn a_run_and_the_rest_imply_one_difference() {
        // Every cell caged; rows 1-2 give r2c3 - (r3c1 + r3c4) = 20 - A - B
        // - C, and rows 3-4 the same rule with its sides swapped.
        let puzzle = Puzzle::classic(4).unwrap();
        let cages = vec![
            (vec![0, 1, 2], 6),
            (vec![3, 7, 11], 7),
            (vec![4, 5, 8], 8),
            (vec![6, 9, 10], 9),
            (vec![12, 13, 14, 15], 10),
        ];
        let found = implied_differences(&puzzle, &puzzle.houses(), &cages);
        let sorted = |cells: &[CellIndex]| {
            let mut cells = cells.to_vec();
            cells.sort_unstable();
            cells
        };
        let rows = found
            .iter()
            .filter(|(p, m, _)| {
                (sorted(p) == [6] && sorted(m) == [8, 11])
                    || (sorted(p) == [8, 11] && sorted(m) == [6])
            })
            .count();
        assert_eq!(rows, 1, "{found:?}");
        assert!(
            found
                .iter()
                .any(|(p, _, t)| p == &vec![6] && *t == 20 - 6 - 7 - 8)
        );
    }

    #[test]
    fn a_digit_every_digit_set_has_leaves_the_cells_seeing_all_its_places() {
        // A cage r1c1 + r2c4 = 17 holds 8 and 9, in cells sharing no house:
        // 9 in one of them leaves the cells seeing both, r1c4..r1c6 (row 1
        // and r2c4's box) and r2c1..r2c3 (row 2 and r1c1's box).
        let model = Model::new(&caged(9, &[(&[0, 12], 17)]));
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        let nine = 1 << 8;
        assert_eq!((cand[0], cand[12]), (0b1_1000_0000, 0b1_1000_0000));
        for seeing in [3, 4, 5, 9, 10, 11] {
            assert_eq!(
                cand[seeing] & nine,
                0,
                "r{}c{}",
                seeing / 9 + 1,
                seeing % 9 + 1
            );
        }
        // r1c2 sees r1c1 only; r3c4 sees r2c4 only.
        assert_ne!(cand[1] & nine, 0);
        assert_ne!(cand[21] & nine, 0);
    }

    #[test]
    fn a_digit_confined_to_where_two_houses_meet_leaves_the_rest_of_both() {
        let puzzle = Puzzle::classic(4).unwrap();
        let model = Model::new(&puzzle);
        // Row-box and column-box meetings: 4 rows x 2 boxes x 2.
        assert_eq!(model.meetings.intersections.len(), 16);
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        // 1 in box 1 only on row 1 (r2c1 and r2c2 lose it): row 1 keeps it
        // out of r1c3 and r1c4.
        cand[4] &= !1;
        cand[5] &= !1;
        assert!(scratch.propagate(&model, &mut cand));
        assert_eq!((cand[2] & 1, cand[3] & 1), (0, 0));
        assert_eq!((cand[0] & 1, cand[1] & 1), (1, 1));
    }

    #[test]
    fn a_cage_of_more_sets_than_lanes_keeps_them_all() {
        // Four cells of 16x16 adding to 34 have dozens of digit sets; with
        // 16 and 15 given, the one left, {1, 2, 15, 16}, is in the last
        // block of lanes.
        assert!(digit_sets(16, 4, 34).len() > 2 * LANES);
        let mut puzzle = caged(16, &[(&[0, 1, 2, 3], 34)]);
        puzzle.set_given(0, 16).unwrap();
        puzzle.set_given(1, 15).unwrap();
        let model = Model::new(&puzzle);
        let mut cand = model.init.clone();
        let mut scratch = Scratch::new(&model);
        assert!(scratch.restrict(&model, &mut cand, 0, 1 << 15));
        assert!(scratch.restrict(&model, &mut cand, 1, 1 << 14));
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        assert_eq!((cand[2], cand[3]), (0b11, 0b11));
        let solution = solve(&puzzle).expect("a solution");
        assert_eq!(solution[..4].iter().map(|&d| u32::from(d)).sum::<u32>(), 34);
    }

    #[test]
    fn digit_sets_are_every_mask_of_the_count_and_total() {
        // Sides up to 9 read a table, larger ones search; totals past the
        // greatest must find nothing (not the next count's row).
        for size in [2, 3, 4, 5, 6, 7, 8, 9, 12, 16] {
            let mut by: std::collections::HashMap<(usize, u32), Vec<u16>> = Default::default();
            for mask in 1..=((1u32 << size) - 1) as u16 {
                let total = (0..16).filter(|d| mask >> d & 1 == 1).map(|d| d + 1).sum();
                by.entry((mask.count_ones() as usize, total))
                    .or_default()
                    .push(mask);
            }
            for count in 0..=size {
                for total in 0..=(size * (size + 1) / 2 + 60) as u32 {
                    let want = match (count, total) {
                        (0, 0) => vec![0],
                        _ => by.get(&(count, total)).cloned().unwrap_or_default(),
                    };
                    assert_eq!(
                        digit_sets(size, count, total),
                        want,
                        "{size} {count} {total}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_cage_with_two_digit_sets_left_is_a_choice() {
        // 1+2+3 has one digit set, 5 two (1+4, 2+3): the branch is on the
        // second cage, one way per set.
        let puzzle = caged(9, &[(&[0, 1, 2], 6), (&[30, 31], 5)]);
        let model = Model::new(&puzzle);
        let mut cand = model.init.clone();
        let mut scratch = Scratch::new(&model);
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        let walk = Walk::new(2, u64::MAX, &model);
        let (rule, pair) = cage_pair(&model, &cand, &walk).expect("a cage of two sets");
        let Rule::Sum { cells, .. } = &model.rules[rule] else {
            panic!("not a sum");
        };
        assert_eq!(cells, &[30, 31]);
        assert_eq!(pair, [0b0110, 0b1001]);
        // Where cages cover half the grid, houses' pairs are not branched
        // on; with a cage or two they still are.
        let cage_row = |r: usize| (9 * r..9 * r + 9).collect::<Vec<_>>();
        let rows: Vec<Vec<CellIndex>> = (0..5).map(cage_row).collect();
        let halves: Vec<(&[CellIndex], u32)> = rows.iter().map(|r| (r.as_slice(), 45)).collect();
        assert_eq!(pair_when(&Model::new(&caged(9, &halves))), u32::MAX);
        assert_eq!(pair_when(&Model::new(&caged(9, &halves[..4]))), 3);
        // With extra houses they are, from 3 candidates.
        let mut killer_x = caged(9, &halves);
        for diagonal in Constraint::diagonals(9) {
            killer_x.add(diagonal).unwrap();
        }
        assert_eq!(pair_when(&Model::new(&killer_x)), 3);
        assert_eq!(pair_when(&model), 3);
        // The two ways split the solutions without loss or overlap: of
        // the 288 grids of 4x4, the 12 ordered pairs of digits in two
        // cells of a row and box each start 24, and 4 pairs make 5.
        let four = caged(4, &[(&[0, 1], 5)]);
        let walk = {
            let model = Model::new(&four);
            let mut cand = model.init.clone();
            let mut scratch = Scratch::new(&model);
            assert!(scratch.dirty_all(&model, &mut cand));
            assert!(scratch.propagate(&model, &mut cand));
            cage_pair(&model, &cand, &Walk::new(2, u64::MAX, &model)).map(|(_, p)| p)
        };
        assert_eq!(walk, Some([0b0110, 0b1001]));
        assert_eq!(count_solutions(&four, 1000), 96);
    }

    #[test]
    fn a_cage_waits_for_its_exact_pass_once_a_cell_is_placed() {
        let puzzle = caged(9, &[(&[0, 1, 2, 9], 20)]);
        let model = Model::new(&puzzle);
        let rule = (model.rules.iter())
            .position(|r| matches!(r, Rule::Sum { cells, .. } if cells == &[0, 1, 2, 9]))
            .expect("the cage's rule");
        let mut cand = model.init.clone();
        let mut scratch = Scratch::new(&model);
        assert!(scratch.run_rule(&model, &mut cand, rule, false));
        assert!(!scratch.late[rule], "four cells open, none placed");
        assert!(scratch.restrict(&model, &mut cand, 0, 1 << 8));
        assert!(scratch.run_rule(&model, &mut cand, rule, false));
        assert!(scratch.late[rule], "three cells open, a 9 placed");
        assert_eq!(scratch.late_list, [rule as u32]);
    }

    #[test]
    fn a_cage_whose_two_sets_share_an_open_digit_is_no_choice() {
        // 8 in three cells: 1+2+5 or 1+3+4, both with the 1.
        let puzzle = caged(9, &[(&[0, 1, 2], 8)]);
        let model = Model::new(&puzzle);
        let walk = Walk::new(2, u64::MAX, &model);
        let mut cand = model.init.clone();
        let mut scratch = Scratch::new(&model);
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(scratch.propagate(&model, &mut cand));
        let cage = (model.rules.iter())
            .position(|r| matches!(r, Rule::Sum { cells, .. } if cells == &[0, 1, 2]))
            .expect("the cage's rule");
        assert_eq!(
            fitting_sets(&cand, &[0, 1, 2], distinct_of(&model, cage)).0,
            2
        );
        assert_eq!(cage_pair(&model, &cand, &walk), None);
        // With the 1 placed the sets differ in every open digit.
        assert!(scratch.restrict(&model, &mut cand, 0, 0b1));
        assert!(scratch.propagate(&model, &mut cand));
        let (rule, pair) = cage_pair(&model, &cand, &walk).expect("a cage of two sets");
        assert_eq!(rule, cage);
        assert_eq!(pair, [0b1101, 0b1_0011]);
    }

    /// The digit-set data of a sum of cells that differ.
    fn distinct_of(model: &Model, rule: usize) -> &Distinct {
        match &model.rules[rule] {
            Rule::Sum {
                distinct: Some(d), ..
            } => d,
            _ => panic!("rule {rule} is no sum of cells that differ"),
        }
    }

    #[test]
    fn the_branch_is_the_cell_of_most_weight_per_candidate() {
        // Cell 1 has 2 candidates and weight 3, cell 2 has 4 and weight 9:
        // (3 + 1) / 2 < (9 + 1) / 4.
        let cand = [0b1, 0b11, 0b1111, 0b111];
        assert_eq!(choose(&cand, |c| [0, 3, 9, 0][c]), Some(2));
        assert_eq!(choose(&cand, |c| [0, 5, 9, 0][c]), Some(1));
        // Equal weight per candidate: fewer candidates.
        assert_eq!(choose(&cand, |c| [0, 1, 3, 0][c]), Some(1));
        assert_eq!(choose(&[0b1, 0b10], |_| 0), None);
        // The starting weights favour cells of small cages.
        let model = Model::new(&caged(9, &[(&[0, 1], 3)]));
        assert_eq!(model.weights[80], 27);
        assert!(model.weights[0] > 27, "{:?}", model.weights);
    }

    #[test]
    fn the_choice_goes_by_conflicts_where_that_measured_faster() {
        let choice = |puzzle: &Puzzle| Model::new(puzzle).choice;
        let mut thermo = Puzzle::classic(9).unwrap();
        thermo
            .add(Constraint::Thermometer {
                cells: vec![0, 1, 2],
            })
            .unwrap();
        assert_eq!(choice(&thermo), Choice::Conflicts);
        assert_eq!(choice(&Puzzle::classic(6).unwrap()), Choice::Conflicts);
        let mut nonconsecutive = Puzzle::classic(9).unwrap();
        nonconsecutive.add(Constraint::NonConsecutive).unwrap();
        assert_eq!(choice(&nonconsecutive), Choice::Conflicts);
        assert_eq!(choice(&Puzzle::classic(16).unwrap()), Choice::Weights);
        // Cages over half the grid: a killer.
        let cages: Vec<(Vec<CellIndex>, u32)> = (0..27)
            .map(|i| (vec![3 * i, 3 * i + 1, 3 * i + 2], 15))
            .collect();
        let cages: Vec<(&[CellIndex], u32)> = cages.iter().map(|(c, t)| (&c[..], *t)).collect();
        assert_eq!(choice(&caged(9, &cages)), Choice::Weights);
    }

    #[test]
    fn a_house_pair_is_chosen_when_its_place_outweighs_the_cell() {
        let model = Model::new(&Puzzle::classic(4).unwrap());
        assert_eq!(model.choice, Choice::Conflicts);
        let mut walk = Walk::new(2, u64::MAX, &model);
        walk.weights = vec![0; 16];
        // Row 1: digit 1 only in r1c1 and r1c2; r1c3 has 3 candidates.
        let mut cand = vec![0b1111u16; 16];
        cand[2] = 0b1110;
        cand[3] = 0b1110;
        cand[0] = 0b0111;
        fresh_places(&model, &mut cand);
        // No weight on the cell: no pair (ISS starts from the cell).
        assert_eq!(conflict_pair(&model, &cand, &walk, 0), None);
        // Cell r1c1 weighs 6 over 3 candidates (2 each); r1c2 weighs 4:
        // half of 6 (the pair's heavier place) is at least 2.
        walk.weights[0] = 6;
        walk.weights[1] = 4;
        assert_eq!(conflict_pair(&model, &cand, &walk, 0), Some((0, 1, 0b1)));
        // A cell of two candidates is branched on itself.
        cand[0] = 0b0011;
        fresh_places(&model, &mut cand);
        assert_eq!(conflict_pair(&model, &cand, &walk, 0), None);
        // The cell weighing more than twice any place: the cell.
        cand[0] = 0b0111;
        walk.weights = vec![1; 16];
        walk.weights[5] = 30;
        cand[5] = 0b1110;
        fresh_places(&model, &mut cand);
        assert_eq!(conflict_pair(&model, &cand, &walk, 5), None);
    }

    #[test]
    fn a_digit_that_fails_most_lately_favours_its_cells() {
        let model = Model::new(&Puzzle::classic(9).unwrap());
        let mut walk = Walk::new(2, u64::MAX, &model);
        assert_eq!(failing_digit(&model, &walk), (0, 0));
        // Fewer failures than digits: no favour yet.
        walk.digit_failures[..3].copy_from_slice(&[8, 0, 4]);
        assert_eq!(failing_digit(&model, &walk), (0, 0));
        // 20 against at least 4: digit 1 stands out, a bonus of 20 / 3.
        walk.digit_failures[0] = 20;
        assert_eq!(failing_digit(&model, &walk), (0b1, 6));
        // Not half again the fewest: none.
        walk.digit_failures[2] = 14;
        assert_eq!(failing_digit(&model, &walk), (0, 0));
        // Failures are counted per digit, and quartered with the weights.
        walk.failed(&model, 3, 0b100);
        assert_eq!(walk.digit_failures[2], 15);
        walk.failed(&model, 3, 0b110);
        assert_eq!(walk.digit_failures[2], 15);
    }

    #[test]
    fn binary_branching_counts_every_solution() {
        // An open 4x4 has 288 solutions, a Latin square of order 4 576:
        // both taken by refuting one digit at a time.
        for (puzzle, count) in [
            (Puzzle::classic(4).unwrap(), 288),
            (Puzzle::new(4, Regions::None).unwrap(), 576),
        ] {
            assert_eq!(Model::new(&puzzle).choice, Choice::Conflicts);
            let found = search(&puzzle, 10_000);
            assert_eq!(found.count, count);
            assert!(puzzle.is_solution(found.solution.as_ref().unwrap()));
        }
    }

    #[test]
    fn weights_halve_every_so_many_failures() {
        let mut model = Model::new(&caged(9, &[(&[0, 40, 80], 7)]));
        // The choice that reads the rules' weights.
        model.choice = Choice::Weights;
        let mut walk = Walk::new(1, 0, &model);
        walk.weights.fill(0);
        walk.weights[0] = 40;
        for _ in 0..9 {
            walk.rule_failed(&model, 0);
        }
        let rule_share = |walk: &Walk| [0, 40, 80].map(|c| walk.weight(&model, c));
        assert_eq!(rule_share(&walk), [49, 9, 9]);
        for _ in 0..DECAY - 1 {
            walk.failed(&model, 1, 0b11);
        }
        assert_eq!(walk.weights[..2], [40, DECAY - 1]);
        walk.failed(&model, 1, 0b11);
        assert_eq!(walk.weights[..2], [20, DECAY / 2]);
        assert_eq!(walk.rule_weights[0], 4);
        // The cells' shares are halved with the rule (9 / 2 = 4).
        assert_eq!(rule_share(&walk), [24, 4, 4]);
    }

    #[test]
    fn a_failed_propagation_weighs_on_the_cell_left_empty_and_the_last_singles() {
        let mut model = Model::new(&Puzzle::classic(4).unwrap());
        assert_eq!(model.choice, Choice::Conflicts);
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        assert!(!scratch.restrict(&model, &mut cand, 5, 0));
        assert_eq!(scratch.failed_cell, Some(5));
        // r1c2 holds 1 and r2c1 2, so r1c1, which keeps 1 and 2, is left
        // with one of them, and one of the three with nothing.
        scratch.clear();
        for (cell, keep) in [(0, 0b0011), (1, 0b0001), (4, 0b0010)] {
            assert!(scratch.restrict(&model, &mut cand, cell, keep));
        }
        let mut walk = Walk::new(1, 10, &model);
        assert!(scratch.dirty_all(&model, &mut cand));
        assert_eq!(scratch.queue.iter().collect::<Vec<_>>(), [1, 4]);
        assert!(!descend(&model, &mut scratch, cand.clone(), &mut walk));
        let emptied = scratch.failed_cell.expect("a cell was left empty");
        // Both singles were taken from their peers; the last, r2c1's 2,
        // left r1c1 empty.
        assert_eq!(scratch.singles_taken, 2);
        let singles = |c: usize| u64::from(c == 1 || c == 4);
        for (c, (&now, &then)) in walk.weights.iter().zip(&model.weights).enumerate() {
            assert_eq!(now, then + u64::from(c == emptied) + singles(c), "cell {c}");
        }
        assert_eq!(walk.digit_failures[..4], [0, 1, 0, 0]);
        // Where the choice is by weights, the cell left empty does not
        // weigh (the rules do instead, tested below); the singles do, but
        // not on killers.
        model.choice = Choice::Weights;
        for killer in [false, true] {
            model.cage_choices = killer;
            let mut walk = Walk::new(1, 10, &model);
            assert!(scratch.dirty_all(&model, &mut cand));
            [1, 4].into_iter().for_each(|c| scratch.queue.push_back(c));
            assert!(!descend(&model, &mut scratch, cand.clone(), &mut walk));
            for (c, (&now, &then)) in walk.weights.iter().zip(&model.weights).enumerate() {
                let gained = if killer { 0 } else { singles(c) };
                assert_eq!(now, then + gained, "cell {c}, killer {killer}");
            }
        }
    }

    #[test]
    fn only_the_last_singles_of_a_failed_propagation_weigh_more() {
        let model = Model::new(&Puzzle::classic(9).unwrap());
        assert_eq!(model.choice, Choice::Conflicts);
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        // r1c1-r1c5 hold 1-5 and r1c9 5 too: taking r1c5's 5 from its
        // peers, the fifth single, leaves r1c9 empty.
        for (cell, digit) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (8, 5)] {
            assert!(scratch.restrict(&model, &mut cand, cell, 1 << (digit - 1)));
        }
        let mut walk = Walk::new(1, 10, &model);
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(!descend(&model, &mut scratch, cand, &mut walk));
        assert_eq!(scratch.failed_cell, Some(8));
        assert_eq!(scratch.singles_taken, 5);
        let blamed = [1, 2, 3, 4];
        assert_eq!(blamed.len(), BLAMED_SINGLES);
        for (c, (&now, &then)) in walk.weights.iter().zip(&model.weights).enumerate() {
            let gained = u64::from(c == 8) + u64::from(blamed.contains(&c));
            assert_eq!(now, then + gained, "cell {c}");
        }
        let mut digits = [0; 16];
        digits[4] = 1;
        assert_eq!(walk.digit_failures, digits);
    }

    #[test]
    fn a_rule_that_fails_a_propagation_weighs_on_its_cells() {
        // r1c1, r5c5 and r9c9 share no house; 1, 2 and 3 miss their
        // cage's total of 7. (Rule weights count where the choice is by
        // weights: a grid of cages, or one of this cage and no more with
        // the choice set.)
        let mut model = Model::new(&caged(9, &[(&[0, 40, 80], 7)]));
        assert_eq!(model.choice, Choice::Conflicts);
        model.choice = Choice::Weights;
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        for (cell, digit) in [(0, 0b1), (40, 0b10), (80, 0b100)] {
            assert!(scratch.restrict(&model, &mut cand, cell, digit));
        }
        assert!(scratch.dirty_all(&model, &mut cand));
        assert!(!scratch.propagate(&model, &mut cand));
        let rule = scratch.failed_rule.expect("a rule failed");
        assert!(
            [0, 40, 80]
                .iter()
                .any(|&c| model.watch[c].contains(&(rule as u32)))
        );
        let mut walk = Walk::new(1, 0, &model);
        let weight = |walk: &Walk, model: &Model| {
            [0, 40, 80]
                .map(|c| walk.weight(model, c))
                .iter()
                .sum::<u64>()
        };
        let before = weight(&walk, &model);
        for _ in 0..5 {
            walk.rule_failed(&model, rule);
        }
        assert!(weight(&walk, &model) >= before + 5);
        model.choice = Choice::Conflicts;
        assert_eq!(weight(&walk, &model), before);
        model.choice = Choice::Weights;
        // A cell of no rule weighs its own weight only.
        let far = (0..81)
            .find(|&c| model.watch[c].is_empty() && model.watch_bounds[c].is_empty())
            .expect("a cell in no rule");
        assert_eq!(walk.weight(&model, far), model.weights[far]);
    }

    #[test]
    fn short_arrows_keep_the_digits_that_make_the_sum() {
        // Circle r1c1, path r1c2 and r1c3 (a row: they differ). With 1 or
        // 3 on the path the sum is 4, never 6 (3 + 3): bounds alone keep 6.
        let mut puzzle = Puzzle::classic(9).unwrap();
        puzzle
            .add(Constraint::Arrow {
                circle: vec![0],
                path: vec![1, 2],
            })
            .unwrap();
        let model = Model::new(&puzzle);
        assert!(model.rules.iter().any(Rule::is_short_arrow));
        let rule = model.rules.iter().position(Rule::is_short_arrow).unwrap();
        let mut scratch = Scratch::new(&model);
        let mut cand = model.init.clone();
        let d = |ds: &[u32]| ds.iter().fold(0u16, |m, &x| m | 1 << (x - 1));
        cand[0] = d(&[4, 6]);
        cand[1] = d(&[1, 3]);
        cand[2] = d(&[1, 3, 8]);
        assert!(scratch.run_rule(&model, &mut cand, rule, false));
        assert_eq!(
            (cand[0], cand[1], cand[2]),
            (d(&[4]), d(&[1, 3]), d(&[1, 3]))
        );
        // No digit of r1c2 makes a sum the circle holds: a contradiction.
        cand[0] = d(&[9]);
        assert!(!scratch.run_rule(&model, &mut cand, rule, false));
    }

    #[test]
    fn the_marks_on_a_pair_make_one_rule() {
        use crate::puzzle::Relation;
        let mut puzzle = Puzzle::classic(4).unwrap();
        let dot = |cells, relation| Constraint::Pair { cells, relation };
        puzzle.add(dot([0, 1], Relation::Difference(1))).unwrap();
        puzzle.add(dot([0, 1], Relation::Sum(5))).unwrap();
        puzzle
            .add(Constraint::Unmarked(Relation::Difference(1)))
            .unwrap();
        puzzle
            .add(Constraint::Unmarked(Relation::Ratio(2)))
            .unwrap();
        let model = Model::new(&puzzle);
        let pairs: Vec<(&[CellIndex; 2], &[u16; 16])> = model
            .rules
            .iter()
            .filter_map(|r| match r {
                Rule::Pair { cells, allowed } => Some((cells, &**allowed)),
                _ => None,
            })
            .collect();
        // 24 neighbouring pairs on 4x4, each one rule.
        assert_eq!(pairs.len(), 24);
        // r1c1-r1c2: consecutive and adding up to 5, so 2-3 or 3-2.
        let (_, first) = pairs.iter().find(|(c, _)| **c == [0, 1]).unwrap();
        assert_eq!(first[1] & 0b1111, 0b0100);
        assert_eq!(first[2] & 0b1111, 0b0010);
        assert_eq!(first[0] & 0b1111, 0);
        // An unmarked pair holds neither consecutive digits nor a double:
        // 1 goes with 1, 3 or 4; 2 with 2 only (the row keeps them apart);
        // 3 with 1 or 3; 4 with 1 or 4.
        let (_, other) = pairs.iter().find(|(c, _)| **c == [2, 3]).unwrap();
        let rows: Vec<u16> = other[..4].iter().map(|m| m & 0b1111).collect();
        assert_eq!(rows, [0b1101, 0b0010, 0b0101, 0b1001]);
    }

    #[test]
    fn latin_squares_of_order_three_number_twelve() {
        let puzzle = Puzzle::new(3, Regions::None).unwrap();
        assert_eq!(count_solutions(&puzzle, 100), 12);
        let mut x = Puzzle::new(4, Regions::None).unwrap();
        x.add(Constraint::Distinct {
            kind: DistinctKind::ExtraRegion,
            cells: vec![0, 1, 4, 5],
        })
        .unwrap();
        assert!(count_solutions(&x, 1000) < 576);
    }

    #[test]
    fn cages_arrows_and_thermometers_are_kept() {
        let mut puzzle = caged(4, &[(&[0, 1], 3)]);
        puzzle
            .add(Constraint::Arrow {
                circle: vec![15],
                path: vec![14, 10],
            })
            .unwrap();
        puzzle
            .add(Constraint::Thermometer {
                cells: vec![12, 8, 4],
            })
            .unwrap();
        let all = search(&puzzle, 1000);
        assert!(all.count > 0);
        assert!(puzzle.is_solution(&all.solution.unwrap()));
    }
}
