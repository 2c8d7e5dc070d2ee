//! The engine for every shape: a candidate mask per cell (in the narrowest
//! word that holds a side); naked and hidden singles (each house's places
//! of each digit kept as bits), pointing and claiming, and probes of
//! two-candidate cells (each candidate tried with singles: one that fails
//! goes, and a candidate that goes in both goes): one sweep of them per
//! node up to 16x16, sweeps to a fixpoint on bigger grids; then a guess on
//! the probed cell whose two tries narrowed the grid most, or where the
//! fewest choices are left (a cell's candidates or a digit's two places in
//! a house).
//!
//! Speed: 16x16 puzzles take milliseconds at most; on 25x25 grids with a
//! third to a half of their cells given (the minimal puzzles of Gecode's
//! example, random cuts in that band) this search without learning meets
//! the same dead ends again and again, so for one or two solutions of grids
//! bigger than 16x16 (above 36x36 only those left mostly open) it narrows
//! the root and hands over to the learning search (`learning`,
//! [`Strategy`]); see BENCHMARKS.md.
//!
//! Written by hand rather than on a general constraint library because it
//! is the hot loop: the states of the search live in a pool indexed by
//! depth, so a guess copies two flat arrays and allocates nothing. The 9x9
//! grid keeps its SIMD engine (`crate::solver`); this one agrees with it on
//! 9x9 (checked by the tests) and serves every other shape.

use super::grid::SizedGrid;
use super::shape::Geometry;

/// Open cells below which the search does not probe (see `probe`).
const PROBE_ABOVE: usize = 40;

/// The share of open cells (3/4) above which [`Strategy::Auto`] tries the
/// depth-first search, with as many guesses as the grid has cells, before
/// the learning search: the hard 25x25 puzzles have a third or more of
/// their cells given.
const MOSTLY_OPEN: (usize, usize) = (3, 4);

/// What one search found.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let found = sizes::search(&SizedGrid::empty(Shape::for_size(16).unwrap()), 2);
/// assert_eq!(found.count, 2);
/// assert!(found.solution.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedSearch {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// The first solution found.
    pub solution: Option<SizedGrid>,
    /// Guesses made (branch points of the search).
    pub guesses: u64,
}

/// One level of the search: every cell's candidates (a placed cell keeps
/// its one digit) and its digit, 0 while open.
#[derive(Clone)]
struct State<W: Word> {
    /// In `W` too: a probe copies the whole state.
    cands: Vec<W>,
    value: Vec<u8>,
    open: usize,
    /// For each house and digit (`house * size + digit`), the open cells
    /// of the house (as bits of their places in it) that hold the digit
    /// as a candidate; none once the digit is placed there (only a
    /// placement empties it without a contradiction, and it takes the
    /// digit from the peers itself). Kept as candidates go: a hidden
    /// single is found when one place is left and that place names its
    /// cell, and placing a digit visits just the peers that hold it.
    /// Scanning the houses for them took two thirds of a probe's time on
    /// 16x16 grids; counts per house and digit, which came first, found
    /// the singles but not their cells (the places: 10 % less time on the
    /// generator's hardest 16x16 puzzles).
    places: Vec<W>,
}

/// The word a cell's candidates and a house's places of a digit are kept
/// in: the narrowest that holds a side (`u16` up to 16x16), since a probe
/// copies the whole state and the places are most of it (with `u64` on
/// 16x16 grids the copies were a ninth of the time).
trait Word: Copy + Default + Into<u64> + Send + 'static {
    /// The low bits of a mask of places (no more than a side).
    fn narrow(places: u64) -> Self;
}

impl Word for u16 {
    #[inline(always)]
    fn narrow(places: u64) -> u16 {
        places as u16
    }
}

impl Word for u32 {
    #[inline(always)]
    fn narrow(places: u64) -> u32 {
        places as u32
    }
}

impl Word for u64 {
    #[inline(always)]
    fn narrow(places: u64) -> u64 {
        places
    }
}

impl<W: Word> State<W> {
    /// A cell's candidates.
    #[inline(always)]
    fn cand(&self, cell: usize) -> u64 {
        self.cands[cell].into()
    }

    #[inline(always)]
    fn set_cand(&mut self, cell: usize, cands: u64) {
        self.cands[cell] = W::narrow(cands);
    }
}

/// Where a cell's digits are kept in `State::places`: for its row, column
/// and box, the house's first index there (`house * size`) and the cell's
/// place (bit) in the house. One load where the house numbers took a
/// multiply each.
#[derive(Clone, Copy)]
struct Slots {
    base: [u32; 3],
    spot: [u8; 3],
}

/// Where to guess.
enum Choice {
    /// Each candidate of a cell.
    Cell(usize),
    /// Each place of a digit (as a bit) in a house.
    Places(usize, u64),
    /// One of two choices that cover every solution.
    Two([(usize, u64); 2]),
}

struct Search<'g, W: Word> {
    geo: &'g Geometry,
    full: u64,
    limit: usize,
    count: usize,
    first: Option<Vec<u8>>,
    guesses: u64,
    /// States by depth, reused from guess to guess.
    pool: Vec<State<W>>,
    /// Cells left with one candidate, to place.
    queue: Vec<u16>,
    /// Houses and digits (`house * size + digit`) left with one place:
    /// hidden singles, to place.
    hidden: Vec<u16>,
    /// Cells (and digits) of a side.
    size: usize,
    /// Each cell's row, column and box in `State::places`.
    slots: Vec<Slots>,
    /// Cells that lost a candidate since a probe began (with repeats):
    /// what the probe's two tries are compared on, rather than every cell.
    trail: Vec<u16>,
    /// The two tries' trails.
    trails: [Vec<u16>; 2],
    /// Per cell, the last `stamp` that saw it in a trail.
    seen: Vec<u32>,
    stamp: u32,
    /// The candidates of each intersection's open cells, for `locked`.
    masks: Vec<u64>,
    /// The states a probe works on (one per candidate of the cell).
    scratch: State<W>,
    scratch2: State<W>,
    /// The two choices (a cell's two candidates, or a digit's two places
    /// in a house) whose probes narrowed the grid most: the guess to make
    /// when the probes leave nothing to place.
    lookahead: Option<[(usize, u64); 2]>,
    /// Probing pays only with at least this many open cells.
    probe_above: usize,
    /// Probe sweeps at a node before it guesses. Up to 16x16 one: what
    /// the sweep finds is propagated and the guess follows (sweeping on to
    /// a fixpoint took minimal 16x16 puzzles 45% more probes for 25% fewer
    /// guesses, 1.6 times the instructions). Bigger grids sweep to a
    /// fixpoint: with one sweep the open 32x32 grid took 50 s, not 20 ms.
    sweeps_per_node: usize,
    /// Guesses allowed before the search gives up.
    max_guesses: u64,
    /// Whether it gave up.
    gave_up: bool,
    /// The grid the learning search steers towards (see [`search_near`]).
    near: Option<Vec<u8>>,
}

/// Searches for up to `limit` solutions of a grid of any shape.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let puzzle = SizedGrid::empty(Shape::new(3, 2).unwrap());
/// let found = sizes::search(&puzzle, 1);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
pub fn search(grid: &SizedGrid, limit: usize) -> SizedSearch {
    search_using(grid, limit, Strategy::Auto)
}

/// How a search goes about it. Both find the same solutions; which is
/// faster depends on the grid.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid, Strategy};
/// let open = SizedGrid::empty(Shape::for_size(16).unwrap());
/// for strategy in [Strategy::Auto, Strategy::Probing, Strategy::Learning] {
///     assert_eq!(sizes::search_using(&open, 2, strategy).count, 2);
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Strategy {
    /// Learning for one or two solutions of grids bigger than 16x16 up to
    /// 36x36, unless propagation at the root leaves only a few cells open
    /// (easy puzzles; then probing). On a grid bigger than 16x16 left
    /// mostly open, probing first with as many guesses as the grid has
    /// cells, and learning only if that runs out; above 36x36 that is the
    /// only learning. Probing for 16x16 and smaller (it takes them
    /// milliseconds, often fewer than learning), for other grids above
    /// 36x36 and for counts beyond two.
    #[default]
    Auto,
    /// Depth-first search with singles, pointing and claiming and probes of
    /// binary choices at every node: no memory between branches, so counts
    /// many solutions at little cost per solution.
    Probing,
    /// Conflict-driven clause learning (with the same singles, pointing,
    /// claiming and probes, and naked and hidden pairs on sides up to
    /// 32): remembers why branches failed, which hard
    /// 25x25 grids need; each solution found is excluded by a clause, so it
    /// suits a first solution or a proof of uniqueness.
    Learning,
}

/// [`search`] with the strategy chosen by the caller.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid, Strategy};
/// let puzzle = SizedGrid::empty(Shape::new(2, 3).unwrap());
/// let found = sizes::search_using(&puzzle, 1, Strategy::Learning);
/// assert!(found.solution.unwrap().is_solution_of(&puzzle));
/// ```
pub fn search_using(grid: &SizedGrid, limit: usize, strategy: Strategy) -> SizedSearch {
    let learn = match strategy {
        Strategy::Auto => auto_learn(grid, limit),
        Strategy::Probing => Learn::Never,
        Strategy::Learning => Learn::Always,
    };
    on_big_stack(grid, || {
        search_here(grid, &[], limit, u64::MAX, learn, None)
    })
    .expect("no guess limit")
}

/// [`search`] with at most `max_guesses` guesses: `None` when that was
/// not enough to finish. For callers that prefer no answer to a long
/// search, such as a generator that can keep a clue instead.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let open = SizedGrid::empty(Shape::for_size(16).unwrap());
/// assert_eq!(sizes::search_within(&open, 2, 0), None);
/// assert_eq!(sizes::search_within(&open, 2, 1000).unwrap().count, 2);
/// ```
pub fn search_within(grid: &SizedGrid, limit: usize, max_guesses: u64) -> Option<SizedSearch> {
    on_big_stack(grid, || {
        search_here(grid, &[], limit, max_guesses, Learn::Never, None)
    })
}

/// A search of `grid` with some of its open cells' candidates taken out
/// first: each `(cell, digit)` of `excluded` (cells numbered row by row
/// from 0, digits from 1; excluding a given's own digit leaves no
/// solution). Without `max_guesses` it searches as [`search`] does (the
/// learning search for one or two solutions of grids bigger than 16x16),
/// with it as [`search_within`], `None` when the guesses ran out.
///
/// For a generator that knows a puzzle's only solution: emptying a clue
/// lets another solution in exactly when the puzzle less that clue, with
/// the clue's digit taken from its cell, has any solution at all. One
/// search for one solution, rather than a search for two that first
/// finds the known one again: making a minimal 25x25 puzzle took a third
/// of the time.
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let shape = Shape::new(2, 2).unwrap();
/// let solution = sizes::solve(&SizedGrid::empty(shape)).unwrap();
/// let mut puzzle = solution.clone();
/// puzzle.set(0, 0, None);
/// // One clue less is still unique: its digit is forced.
/// let digit = solution.get(0, 0).unwrap();
/// let other = sizes::search_excluding(&puzzle, &[(0, digit)], 1, None).unwrap();
/// assert_eq!(other.count, 0);
/// // Without the exclusion the known solution comes back.
/// assert_eq!(sizes::search_excluding(&puzzle, &[], 1, None).unwrap().solution, Some(solution));
/// ```
pub fn search_excluding(
    grid: &SizedGrid,
    excluded: &[(usize, u8)],
    limit: usize,
    max_guesses: Option<u64>,
) -> Option<SizedSearch> {
    excluding(grid, excluded, limit, max_guesses, None)
}

/// [`search_excluding`] steered towards `near`, a solution of a grid with
/// more givens than `grid` (a dig's solution grid): where the learning
/// search takes it (grids above 16x16, no guess limit), a decision between
/// the two members of a pair takes the one `near` has, and a cell takes
/// `near`'s digit where it can. The solutions that differ from `near` in
/// few cells, such as the other solution that shows a clue needed, then
/// come sooner. What is found is the same as [`search_excluding`]'s (the
/// count, and a solution when there is one), only perhaps another one.
/// A `near` of another shape than `grid` steers nothing.
///
/// A dig of a minimal 25x25 puzzle spends most of its time looking for
/// such other solutions (with one cell's digit excluded), nine tenths on
/// `generate --size 5x5 --minimal -n 1 -j 1 --seed 1`: seeds 1, 2, 3, 5
/// and 6 17.7 / 53.3 / 12.0 / 51.7 / 27.8 s -> 8.5 / 13.9 / 10.8 / 21.4 /
/// 15.1 s, the same puzzles (see BENCHMARKS.md).
///
/// ```
/// use sudoku_engine::sizes::{self, Shape, SizedGrid};
/// let shape = Shape::new(5, 5).unwrap();
/// let near = sizes::solve(&SizedGrid::empty(shape)).unwrap();
/// let mut puzzle = near.clone();
/// for cell in (0..625).filter(|c| c % 3 != 0) {
///     puzzle.set(cell / 25, cell % 25, None);
/// }
/// // Of the puzzle's many solutions, the one it was cut from comes first.
/// let found = sizes::search_near(&puzzle, &near, &[], 1, None).unwrap();
/// assert_eq!(found.solution, Some(near.clone()));
/// // With a cell's digit taken out, the count is the plain search's.
/// let excluded = [(1, near.cells()[1])];
/// let plain = sizes::search_excluding(&puzzle, &excluded, 1, None).unwrap();
/// let found = sizes::search_near(&puzzle, &near, &excluded, 1, None).unwrap();
/// assert_eq!(found.count, plain.count);
/// ```
pub fn search_near(
    grid: &SizedGrid,
    near: &SizedGrid,
    excluded: &[(usize, u8)],
    limit: usize,
    max_guesses: Option<u64>,
) -> Option<SizedSearch> {
    let near = (near.shape() == grid.shape()).then(|| near.cells());
    excluding(grid, excluded, limit, max_guesses, near)
}

/// [`search_excluding`], steered towards `near` when given.
fn excluding(
    grid: &SizedGrid,
    excluded: &[(usize, u8)],
    limit: usize,
    max_guesses: Option<u64>,
    near: Option<&[u8]>,
) -> Option<SizedSearch> {
    let learn = match max_guesses {
        None => auto_learn(grid, limit),
        Some(_) => Learn::Never,
    };
    let most = max_guesses.unwrap_or(u64::MAX);
    on_big_stack(grid, || {
        search_here(grid, excluded, limit, most, learn, near)
    })
}

/// Whether a search takes the learning search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Learn {
    Never,
    /// When propagation and probes at the root leave enough open cells.
    Auto,
    /// Only where propagation and probes at the root leave most cells
    /// open (after probing, as [`Learn::Auto`] does there).
    IfOpen,
    Always,
}

/// [`Strategy::Auto`]'s choice: learning for one or two solutions of grids
/// bigger than 16x16 up to 36x36; above that only for grids left mostly
/// open. Probing alone ran away on open 57x57, 60x60 and 63x63 grids of
/// boxes three rows high (over 100,000 guesses where learning takes
/// 3,000 decisions), but on a 42x42 grid with two thirds of its cells
/// emptied at random (two solutions asked) learning took 45 times as long
/// (39 s against 0.9 s).
fn auto_learn(grid: &SizedGrid, limit: usize) -> Learn {
    if limit > 2 || grid.size() <= 16 {
        Learn::Never
    } else if grid.size() <= 36 {
        Learn::Auto
    } else {
        // Propagation only fills cells: a grid not mostly open as given
        // goes straight to probing, without a sweep of the root first.
        let open = grid.cells().iter().filter(|&&d| d == 0).count();
        if is_mostly_open(open, grid.cells().len()) {
            Learn::IfOpen
        } else {
            Learn::Never
        }
    }
}

/// Runs a search; on a thread of its own for a big grid, where a guess
/// (which recurses) may nest once per open cell, more than the 2 MB of a
/// spawned thread's stack holds.
fn on_big_stack<T: Send>(grid: &SizedGrid, search: impl FnOnce() -> T + Send) -> T {
    if grid.shape().cells() > BIG_GRID {
        let stack = grid.shape().cells() * STACK_PER_CELL;
        return std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(stack)
                .spawn_scoped(scope, search)
                .expect("a thread for the search")
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
    }
    search()
}

/// Cells above which a search runs on a thread of its own (36x36).
const BIG_GRID: usize = 36 * 36;
/// Stack for each cell of such a grid (a level of the search, with room).
const STACK_PER_CELL: usize = 4096;

fn search_here(
    grid: &SizedGrid,
    excluded: &[(usize, u8)],
    limit: usize,
    max_guesses: u64,
    learn: Learn,
    near: Option<&[u8]>,
) -> Option<SizedSearch> {
    match grid.size() {
        ..=16 => search_in::<u16>(grid, excluded, limit, max_guesses, learn, near),
        17..=32 => search_in::<u32>(grid, excluded, limit, max_guesses, learn, near),
        _ => search_in::<u64>(grid, excluded, limit, max_guesses, learn, near),
    }
}

/// [`search_here`] with the places kept in `W`.
fn search_in<W: Word>(
    grid: &SizedGrid,
    excluded: &[(usize, u8)],
    limit: usize,
    max_guesses: u64,
    learn: Learn,
    near: Option<&[u8]>,
) -> Option<SizedSearch> {
    let shape = grid.shape();
    let geo = shape.geometry();
    let mut s = Search::<W>::new(&geo, limit, max_guesses);
    s.near = near.map(<[u8]>::to_vec);
    if limit > 0
        && let Some(root) = s.root(grid)
        && let Some(root) = s.exclude(root, excluded)
    {
        if learn == Learn::Never {
            s.pool.push(root);
            s.run(0);
        } else {
            match s.learn(root, learn) {
                Ok(found) => return Some(found),
                Err(root)
                    if root.open < s.probe_above
                        || (learn == Learn::IfOpen && !mostly_open(&root)) =>
                {
                    s.pool.push(root);
                    s.run(0);
                }
                Err(root) => {
                    // Mostly open: probing fills such grids in a few
                    // guesses a cell (it was added when the learning
                    // search took 217 s on the open 33x33 grid, before
                    // its decisions took the smallest group; both now
                    // take under 20 ms); it learns only if probing runs
                    // out of guesses.
                    s.max_guesses = shape.cells() as u64;
                    s.pool.push(root.clone());
                    s.run(0);
                    if s.gave_up {
                        let mut found = s.learning(&root);
                        found.guesses += s.guesses;
                        return Some(found);
                    }
                }
            }
        }
    }
    if s.gave_up {
        return None;
    }
    Some(SizedSearch {
        count: s.count,
        solution: s
            .first
            .map(|cells| SizedGrid::from_cells(shape, cells).expect("digits of the shape")),
        guesses: s.guesses,
    })
}

impl<'g, W: Word> Search<'g, W> {
    fn new(geo: &'g Geometry, limit: usize, max_guesses: u64) -> Search<'g, W> {
        assert!(
            geo.shape.size() <= 8 * std::mem::size_of::<W>(),
            "a house's places fit the word"
        );
        Search {
            geo,
            full: geo.shape.all_digits(),
            limit,
            count: 0,
            first: None,
            guesses: 0,
            pool: Vec::new(),
            queue: Vec::new(),
            hidden: Vec::new(),
            size: geo.shape.size(),
            slots: slots(geo),
            trail: Vec::new(),
            trails: [Vec::new(), Vec::new()],
            seen: vec![0; geo.shape.cells()],
            stamp: 0,
            masks: Vec::new(),
            scratch: empty_state(),
            scratch2: empty_state(),
            lookahead: None,
            probe_above: PROBE_ABOVE,
            sweeps_per_node: if geo.shape.size() <= 16 {
                1
            } else {
                usize::MAX
            },
            max_guesses,
            gave_up: false,
            near: None,
        }
    }

    /// The root narrowed as far as propagation and probes go, then the
    /// learning search; or, unless `learn` is [`Learn::Always`], the root
    /// back (`Err`) for the depth-first search if fewer cells than
    /// [`PROBE_ABOVE`] are left open (setting up the learning search took
    /// an easy 25x25 puzzle, which singles solve, 1.6 ms instead of 0.1
    /// ms), or more than [`MOSTLY_OPEN`] of them, or (for
    /// [`Learn::IfOpen`]) fewer.
    fn learn(&mut self, mut root: State<W>, learn: Learn) -> Result<SizedSearch, State<W>> {
        let hand_back = learn != Learn::Always;
        loop {
            if !self.propagate(&mut root) {
                return Ok(SizedSearch {
                    count: 0,
                    solution: None,
                    guesses: 0,
                });
            }
            if root.open < self.probe_above {
                if hand_back {
                    return Err(root);
                }
                break;
            }
            match self.probe(&mut root) {
                None => {
                    return Ok(SizedSearch {
                        count: 0,
                        solution: None,
                        guesses: 0,
                    });
                }
                Some(true) => continue,
                Some(false) => break,
            }
        }
        if hand_back && (mostly_open(&root) || learn == Learn::IfOpen) {
            return Err(root);
        }
        Ok(self.learning(&root))
    }

    /// The learning search from a narrowed root.
    fn learning(&self, root: &State<W>) -> SizedSearch {
        let shape = self.geo.shape;
        let cands: Vec<u64> = root.cands.iter().map(|&m| m.into()).collect();
        let found = super::learning::search(self.geo, &cands, self.limit, self.near.as_deref());
        SizedSearch {
            count: found.count,
            solution: found
                .first
                .map(|cells| SizedGrid::from_cells(shape, cells).expect("digits of the shape")),
            guesses: found.decisions,
        }
    }

    /// The root state with the givens placed, or `None` when two clash
    /// (or a cell or a house's digit is left with no place). The givens
    /// take their digits from their peers first and the places are made in
    /// one pass after: placing them one by one, counting as they went,
    /// took puzzles that singles solve half again as long.
    fn root(&mut self, grid: &SizedGrid) -> Option<State<W>> {
        let geo = self.geo;
        let cells = grid.shape().cells();
        let size = self.size;
        let mut state = State {
            cands: vec![W::narrow(self.full); cells],
            value: vec![0; cells],
            open: cells,
            places: vec![W::default(); 3 * size * size],
        };
        // The digits each house is given; an open cell keeps the rest of
        // its three houses' (one pass over the houses of each cell, where
        // clearing each given's peers was half the search of an easy 16x16
        // puzzle).
        let mut given = vec![0u64; 3 * size];
        for (cell, &d) in grid.cells().iter().enumerate() {
            if d == 0 {
                continue;
            }
            let bit = 1u64 << (d - 1);
            for &h in &geo.cell_houses[cell] {
                // An earlier given of the same digit in this house: a clash.
                if given[h as usize] & bit != 0 {
                    return None;
                }
                given[h as usize] |= bit;
            }
            state.set_cand(cell, bit);
            state.value[cell] = d;
            state.open -= 1;
        }
        for cell in 0..cells {
            if state.value[cell] == 0 {
                let [r, c, b] = geo.cell_houses[cell].map(|h| given[h as usize]);
                state.set_cand(cell, state.cand(cell) & !(r | c | b));
            }
        }
        for cell in 0..cells {
            let m = state.cand(cell);
            if state.value[cell] != 0 {
                continue;
            }
            if m & m.wrapping_sub(1) == 0 {
                if m == 0 {
                    return None;
                }
                self.queue.push(cell as u16);
            }
            let slots = self.slots[cell];
            for digit in bits(m).map(|b| b.trailing_zeros() as usize) {
                for k in 0..3 {
                    let at = slots.base[k] as usize + digit;
                    state.places[at] = W::narrow(state.places[at].into() | 1 << slots.spot[k]);
                }
            }
        }
        for (at, &places) in state.places.iter().enumerate() {
            let places: u64 = places.into();
            if places & places.wrapping_sub(1) == 0 {
                if places != 0 {
                    self.hidden.push(at as u16);
                } else if given[at / size] & (1 << (at % size)) == 0 {
                    self.clear_queues();
                    return None;
                }
            }
        }
        Some(state)
    }

    /// The root without the `excluded` candidates (their cells' singles
    /// queued for the propagation); None when a cell is left with none.
    fn exclude(&mut self, mut root: State<W>, excluded: &[(usize, u8)]) -> Option<State<W>> {
        for &(cell, digit) in excluded {
            let bit = 1u64 << (digit - 1);
            if root.cand(cell) & bit != 0 && !self.eliminate(&mut root, cell, bit) {
                self.clear_queues();
                return None;
            }
        }
        Some(root)
    }

    /// Places a digit (as a bit) and takes it from the peers, queueing
    /// those left with one candidate; false when it is not a candidate or
    /// a peer is left with none.
    #[inline]
    fn place(&mut self, s: &mut State<W>, cell: usize, bit: u64) -> bool {
        if s.cand(cell) & bit == 0 {
            return false;
        }
        if s.value[cell] != 0 {
            return true;
        }
        let others = s.cand(cell) & !bit;
        let digit = bit.trailing_zeros() as usize;
        self.trail.push(cell as u16);
        s.set_cand(cell, bit);
        s.value[cell] = digit as u8 + 1;
        s.open -= 1;
        let geo = self.geo;
        let (houses, slots) = (geo.cell_houses[cell], self.slots[cell]);
        // The other cells of each house that hold the digit.
        let holders: [u64; 3] = std::array::from_fn(|k| {
            let at = slots.base[k] as usize + digit;
            let others = s.places[at].into() & !(1 << slots.spot[k]);
            s.places[at] = W::default();
            others
        });
        if !self.uncount(s, cell, others) {
            return false;
        }
        for k in 0..3 {
            let house = &geo.houses[houses[k] as usize];
            let mut m = holders[k];
            while m != 0 {
                let p = house[m.trailing_zeros() as usize] as usize;
                m &= m - 1;
                // A peer may lie in an earlier house of the cell too.
                if s.cand(p) & bit != 0 && !self.take_placed(s, p, digit, &slots) {
                    return false;
                }
            }
        }
        true
    }

    /// Takes from an open cell the digit just placed in a house it shares
    /// (the placed cell's `slots`), which keeps no places there: only the
    /// cell's other houses are told. False when the cell or one of those
    /// houses is left with no place.
    #[inline(always)]
    fn take_placed(&mut self, s: &mut State<W>, cell: usize, digit: usize, placed: &Slots) -> bool {
        if !self.leave(s, cell, s.cand(cell) & !(1 << digit)) {
            return false;
        }
        let slots = self.slots[cell];
        for k in 0..3 {
            if slots.base[k] != placed.base[k] && !self.unplace(s, &slots, k, digit) {
                return false;
            }
        }
        true
    }

    /// Takes candidates (bits) from an open cell; false when none is
    /// left or a digit is left with no place in a house.
    #[inline]
    fn eliminate(&mut self, s: &mut State<W>, cell: usize, bits: u64) -> bool {
        let gone = s.cand(cell) & bits;
        self.leave(s, cell, s.cand(cell) & !bits) && self.uncount(s, cell, gone)
    }

    /// Leaves an open cell with the candidates `left`, fewer than it had,
    /// queueing a naked single; false when none is left.
    #[inline(always)]
    fn leave(&mut self, s: &mut State<W>, cell: usize, left: u64) -> bool {
        s.set_cand(cell, left);
        self.trail.push(cell as u16);
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            self.queue.push(cell as u16);
        }
        true
    }

    /// Takes a cell (its house `k` of `slots`) from that house's places of
    /// `digit`, queueing a hidden single; false when no place is left.
    #[inline(always)]
    fn unplace(&mut self, s: &mut State<W>, slots: &Slots, k: usize, digit: usize) -> bool {
        let at = slots.base[k] as usize + digit;
        let left = s.places[at].into() & !(1 << slots.spot[k]);
        s.places[at] = W::narrow(left);
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                return false;
            }
            self.hidden.push(at as u16);
        }
        true
    }

    /// Takes the digits (bits) a cell lost from its places in its houses,
    /// queueing the hidden singles; false when a digit is left with no
    /// place.
    #[inline(always)]
    fn uncount(&mut self, s: &mut State<W>, cell: usize, gone: u64) -> bool {
        // The cell's digits are open in all its houses: a placed one was
        // taken from it with the placement.
        let slots = self.slots[cell];
        let mut gone = gone;
        while gone != 0 {
            let digit = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            for k in 0..3 {
                if !self.unplace(s, &slots, k, digit) {
                    return false;
                }
            }
        }
        true
    }

    /// Empties the queues of singles (after a contradiction).
    fn clear_queues(&mut self) {
        self.queue.clear();
        self.hidden.clear();
    }

    /// Places the queued naked and hidden singles, and those they make,
    /// until none is left; false on a contradiction (with the queues
    /// emptied).
    fn drain(&mut self, s: &mut State<W>) -> bool {
        loop {
            if let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if s.value[cell] == 0 && !self.place(s, cell, s.cand(cell)) {
                    self.clear_queues();
                    return false;
                }
            } else if let Some(at) = self.hidden.pop() {
                let at = at as usize;
                let places: u64 = s.places[at].into();
                // Placed since it was queued: nothing to do.
                if places == 0 {
                    continue;
                }
                let (house, digit) = (at / self.size, at % self.size);
                let bit = 1u64 << digit;
                let cell = self.geo.houses[house][places.trailing_zeros() as usize] as usize;
                if !self.place(s, cell, bit) {
                    self.clear_queues();
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Naked and hidden singles, pointing and claiming, until none is
    /// left; false on a contradiction (with the queue emptied).
    fn propagate(&mut self, s: &mut State<W>) -> bool {
        self.trail.clear();
        loop {
            if !self.drain(s) {
                return false;
            }
            match self.locked(s) {
                None => {
                    self.clear_queues();
                    return false;
                }
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// Pointing and claiming: a digit whose places in a house all lie where
    /// it crosses another house leaves the other house's remaining cells.
    /// On 25x25 grids this cuts the guesses by orders of magnitude (boxes
    /// and lines cross in five cells). `Some(true)` when a candidate went,
    /// `None` on a contradiction.
    fn locked(&mut self, s: &mut State<W>) -> Option<bool> {
        let geo = self.geo;
        let masks = &mut self.masks;
        masks.clear();
        masks.extend(geo.intersections.iter().map(|i| {
            i.cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| s.value[c] == 0)
                .fold(0u64, |m, c| m | s.cand(c))
        }));
        let mut changed = false;
        for (house, inters) in geo.house_intersections.iter().enumerate() {
            let is_box = house >= 2 * geo.shape.size();
            // A box crosses rows and columns: each set on its own.
            let groups: [&[u16]; 2] = if is_box {
                let (rows, cols) = inters.split_at(geo.shape.box_rows());
                [rows, cols]
            } else {
                [inters, &[]]
            };
            for group in groups.into_iter().filter(|g| g.len() > 1) {
                let (mut once, mut twice) = (0u64, 0u64);
                for &i in group {
                    let m = self.masks[i as usize];
                    twice |= once & m;
                    once |= m;
                }
                let only = once & !twice;
                if only == 0 {
                    continue;
                }
                for &i in group {
                    let locked = self.masks[i as usize] & only;
                    if locked == 0 {
                        continue;
                    }
                    let inter = &geo.intersections[i as usize];
                    // The digits leave the other house outside the crossing
                    // (its cells that are not in this house).
                    let other = if is_box { inter.line } else { inter.boxed };
                    let slot = house / geo.shape.size();
                    for &c in &geo.houses[other as usize] {
                        let c = c as usize;
                        if s.value[c] == 0
                            && s.cand(c) & locked != 0
                            && geo.cell_houses[c][slot] as usize != house
                        {
                            if !self.eliminate(s, c, locked) {
                                return None;
                            }
                            changed = true;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// What a probe sweep tries: each two-candidate cell's candidates, and
    /// each digit's two places in a house (the same choice seen from the
    /// house; a cell's pair and a house's pair often prove different
    /// things).
    fn binary_choices(&self, s: &State<W>) -> Vec<[(usize, u64); 2]> {
        let mut out = Vec::new();
        for (cell, m) in s.cands.iter().map(|&m| -> u64 { m.into() }).enumerate() {
            if s.value[cell] == 0 && m.count_ones() == 2 {
                out.push([(cell, m & m.wrapping_neg()), (cell, m & (m - 1))]);
            }
        }
        let lines = 2 * self.size;
        let mut line_pairs = vec![0u64; lines];
        for (h, house) in self.geo.houses.iter().enumerate() {
            let mut pairs = two_places(s, self.size, h);
            if h < lines {
                line_pairs[h] = pairs;
            }
            while pairs != 0 {
                let digit = pairs.trailing_zeros() as usize;
                let bit = 1u64 << digit;
                pairs &= pairs - 1;
                let places: u64 = s.places[h * self.size + digit].into();
                let x = house[places.trailing_zeros() as usize] as usize;
                let y = house[(places & (places - 1)).trailing_zeros() as usize] as usize;
                // A box's two places that are also their line's two: the
                // same pair, probed already.
                let (hx, hy) = (self.geo.cell_houses[x], self.geo.cell_houses[y]);
                let seen = h >= lines
                    && (0..2).any(|k| hx[k] == hy[k] && line_pairs[hx[k] as usize] & bit != 0);
                if !seen {
                    out.push([(x, bit), (y, bit)]);
                }
            }
        }
        out
    }

    /// A digit with two places in a house, if any (the first found).
    fn house_pair(&self, s: &State<W>) -> Option<(usize, u64)> {
        for h in 0..self.geo.houses.len() {
            let pairs = two_places(s, self.size, h);
            if pairs != 0 {
                return Some((h, pairs & pairs.wrapping_neg()));
            }
        }
        None
    }

    /// Probes: tries each candidate of each two-candidate cell with
    /// singles; one that fails leaves the cell (the other is placed), and a
    /// candidate that both tries remove goes. Leaves in `lookahead` the
    /// cell whose two tries removed most (the product of the two counts).
    /// Search without learning meets the same dead ends again and again
    /// on hard 25x25 grids; finding them one step ahead cuts the guesses
    /// there by orders of magnitude. `Some(true)` when a candidate went
    /// (propagate again), `None` on a contradiction.
    fn probe(&mut self, s: &mut State<W>) -> Option<bool> {
        let mut a = std::mem::replace(&mut self.scratch, empty_state());
        let mut b = std::mem::replace(&mut self.scratch2, empty_state());
        let mut result = Some(false);
        let mut best = (0u64, None);
        let choices = self.binary_choices(s);
        let mut trails = std::mem::take(&mut self.trails);
        'cells: for pair in choices {
            let [(cell_a, bit_a), (cell_b, bit_b)] = pair;
            let tries = [(cell_a, bit_a, &mut a), (cell_b, bit_b, &mut b)];
            for (k, (cell, bit, state)) in tries.into_iter().enumerate() {
                if s.value[cell] != 0 || s.cand(cell) & bit == 0 {
                    // An earlier probe of the sweep settled it.
                    continue 'cells;
                }
                self.trail.clear();
                copy_state(state, s);
                if !self.place(state, cell, bit) || !self.drain(state) {
                    self.clear_queues();
                    // The sweep goes on from the narrowed state: each
                    // failure found holds there too.
                    if !self.eliminate(s, cell, bit) || !self.drain(s) {
                        result = None;
                        break 'cells;
                    }
                    result = Some(true);
                    continue 'cells;
                }
                std::mem::swap(&mut self.trail, &mut trails[k]);
            }
            // Both hold: a candidate gone in both is gone (one of the two
            // is true). How much each removed scores the cell as a guess.
            // Only the cells on the trails can differ from `s`.
            if self.stamp >= u32::MAX - 2 {
                self.seen.fill(0);
                self.stamp = 0;
            }
            let (in_a, in_both) = (self.stamp + 1, self.stamp + 2);
            self.stamp = in_both;
            let mut gone_a = 0u64;
            for &c in &trails[0] {
                let c = c as usize;
                if self.seen[c] != in_a {
                    self.seen[c] = in_a;
                    gone_a += (s.cand(c) & !a.cand(c)).count_ones() as u64;
                }
            }
            let mut gone_b = 0u64;
            for &c in &trails[1] {
                let c = c as usize;
                let was = self.seen[c];
                if was == in_both {
                    continue;
                }
                self.seen[c] = in_both;
                let m = s.cand(c);
                gone_b += (m & !b.cand(c)).count_ones() as u64;
                let common = m & !(a.cand(c) | b.cand(c));
                if was == in_a && common != 0 && s.value[c] == 0 {
                    if !self.eliminate(s, c, common) || !self.drain(s) {
                        result = None;
                        break 'cells;
                    }
                    result = Some(true);
                }
            }
            // Both branches narrow the grid most: the best guess.
            let score = (gone_a + 1) * (gone_b + 1);
            if score > best.0 {
                best = (score, Some(pair));
            }
        }
        self.clear_queues();
        self.trails = trails;
        self.scratch = a;
        self.scratch2 = b;
        self.lookahead = best.1;
        result
    }

    /// The open cell with the fewest candidates, or a digit's two places
    /// in a house when no cell has two.
    fn choose(&self, s: &State<W>) -> Choice {
        let mut best = (u32::MAX, 0);
        for (cell, m) in s.cands.iter().map(|&m| -> u64 { m.into() }).enumerate() {
            if s.value[cell] == 0 {
                let n = m.count_ones();
                if n < best.0 {
                    best = (n, cell);
                    if n == 2 {
                        return Choice::Cell(cell);
                    }
                }
            }
        }
        match self.house_pair(s) {
            Some((house, bit)) => Choice::Places(house, bit),
            None => Choice::Cell(best.1),
        }
    }

    /// The depth-first search from the state at `depth` of the pool.
    fn run(&mut self, depth: usize) {
        let mut sweeps = 0;
        loop {
            let mut s = std::mem::replace(&mut self.pool[depth], empty_state());
            let alive = self.propagate(&mut s);
            if !alive {
                self.pool[depth] = s;
                return;
            }
            if s.open < self.probe_above {
                // Few open cells: cheap to search, not worth probing.
                self.lookahead = None;
            } else if sweeps < self.sweeps_per_node {
                sweeps += 1;
                self.lookahead = None;
                match self.probe(&mut s) {
                    None => {
                        self.pool[depth] = s;
                        return;
                    }
                    Some(true) => {
                        self.pool[depth] = s;
                        continue;
                    }
                    Some(false) => {}
                }
            }
            // A guess follows: the node it makes sweeps again.
            sweeps = 0;
            if s.open == 0 {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(s.value.clone());
                }
                self.pool[depth] = s;
                return;
            }
            if self.guesses == self.max_guesses {
                self.gave_up = true;
                self.pool[depth] = s;
                return;
            }
            self.guesses += 1;
            // Each option but the last in a child; the last in place.
            let lookahead = self.lookahead.take().filter(|pair| {
                pair.iter()
                    .all(|&(c, bit)| s.value[c] == 0 && s.cand(c) & bit != 0)
            });
            let choice = match lookahead {
                Some(pair) => Choice::Two(pair),
                None => self.choose(&s),
            };
            let options: Vec<(usize, u64)> = match choice {
                Choice::Two(pair) => pair.to_vec(),
                Choice::Cell(cell) => bits(s.cand(cell)).map(|b| (cell, b)).collect(),
                Choice::Places(house, bit) => self.geo.houses[house]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| s.value[c] == 0 && s.cand(c) & bit != 0)
                    .map(|c| (c, bit))
                    .collect(),
            };
            let (last, rest) = options
                .split_last()
                .expect("an open cell has two candidates");
            for &(cell, bit) in rest {
                if self.pool.len() == depth + 1 {
                    self.pool.push(s.clone());
                } else {
                    let child = &mut self.pool[depth + 1];
                    child.cands.copy_from_slice(&s.cands);
                    child.value.copy_from_slice(&s.value);
                    child.open = s.open;
                    child.places.copy_from_slice(&s.places);
                }
                let mut child = std::mem::replace(&mut self.pool[depth + 1], empty_state());
                let placed = self.place(&mut child, cell, bit);
                self.pool[depth + 1] = child;
                if placed {
                    self.run(depth + 1);
                } else {
                    self.clear_queues();
                }
                if self.count >= self.limit || self.gave_up {
                    self.pool[depth] = s;
                    return;
                }
                // That option is spent: every solution left avoids it.
                if !self.eliminate(&mut s, cell, bit) || !self.drain(&mut s) {
                    self.clear_queues();
                    self.pool[depth] = s;
                    return;
                }
            }
            let placed = self.place(&mut s, last.0, last.1);
            self.pool[depth] = s;
            if !placed {
                self.clear_queues();
                return;
            }
        }
    }
}

/// Whether more than [`MOSTLY_OPEN`] of a state's cells are open.
fn mostly_open<W: Word>(s: &State<W>) -> bool {
    is_mostly_open(s.open, s.cands.len())
}

/// Whether `open` cells of `cells` are more than [`MOSTLY_OPEN`] of them.
fn is_mostly_open(open: usize, cells: usize) -> bool {
    open * MOSTLY_OPEN.1 > cells * MOSTLY_OPEN.0
}

/// The digits (as bits) with exactly two places among a house's open cells.
fn two_places<W: Word>(s: &State<W>, size: usize, house: usize) -> u64 {
    let mut pairs = 0;
    for (digit, &m) in s.places[house * size..][..size].iter().enumerate() {
        let m: u64 = m.into();
        let rest = m & m.wrapping_sub(1);
        if rest != 0 && rest & (rest - 1) == 0 {
            pairs |= 1 << digit;
        }
    }
    pairs
}

/// Each cell's row, column and box in `State::places`.
fn slots(geo: &Geometry) -> Vec<Slots> {
    let size = geo.shape.size();
    let empty = Slots {
        base: [0; 3],
        spot: [0; 3],
    };
    let mut slots = vec![empty; geo.shape.cells()];
    for (h, house) in geo.houses.iter().enumerate() {
        for (i, &c) in house.iter().enumerate() {
            slots[c as usize].base[h / size] = (h * size) as u32;
            slots[c as usize].spot[h / size] = i as u8;
        }
    }
    slots
}

/// Makes `to` a copy of `from`, reusing its memory.
fn copy_state<W: Word>(to: &mut State<W>, from: &State<W>) {
    if to.cands.len() == from.cands.len() {
        to.cands.copy_from_slice(&from.cands);
        to.value.copy_from_slice(&from.value);
        to.open = from.open;
        to.places.copy_from_slice(&from.places);
    } else {
        *to = from.clone();
    }
}

fn empty_state<W: Word>() -> State<W> {
    State {
        cands: Vec::new(),
        value: Vec::new(),
        open: 0,
        places: Vec::new(),
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizes::{Shape, reference};

    #[test]
    fn an_easy_big_grid_goes_to_the_depth_first_search_unless_learning_is_asked() {
        // 25x25: a solution less 40 cells that singles fill again.
        let shape = Shape::for_size(25).unwrap();
        let full = search(&SizedGrid::empty(shape), 1).solution.unwrap();
        let mut puzzle = full.clone();
        for cell in (0..shape.cells()).step_by(15).take(40) {
            puzzle.set(cell / 25, cell % 25, None);
        }
        let geo = shape.geometry();
        let mut s = Search::<u32>::new(&geo, 2, u64::MAX);
        let root = s.root(&puzzle).unwrap();
        assert_eq!(root.open, 40);
        let handed = s.learn(root.clone(), Learn::Auto).expect_err("handed back");
        assert_eq!(handed.open, 0);
        let Ok(learnt) = s.learn(root, Learn::Always) else {
            panic!("the learning search when asked for");
        };
        assert_eq!((learnt.count, learnt.solution), (1, Some(full.clone())));
        for strategy in [Strategy::Auto, Strategy::Learning] {
            assert_eq!(
                search_using(&puzzle, 2, strategy).solution,
                Some(full.clone())
            );
        }
    }

    #[test]
    fn a_search_near_a_grid_finds_it_first_and_counts_as_the_plain_one() {
        // 25x25 with two clues in three gone: many solutions, and the
        // learning search takes it after the root.
        let shape = Shape::for_size(25).unwrap();
        let near = search(&SizedGrid::empty(shape), 1).solution.unwrap();
        // Digits renamed and rows of a band swapped: a grid the plain
        // search does not find first from the cut.
        let mut cells = near.cells().to_vec();
        for d in cells.iter_mut() {
            *d = (*d * 7) % 25 + 1;
        }
        let (r1, r2) = (1, 3);
        for c in 0..25 {
            cells.swap(r1 * 25 + c, r2 * 25 + c);
        }
        let near = SizedGrid::from_cells(shape, cells).unwrap();
        assert!(near.is_solution_of(&near));
        let mut puzzle = near.clone();
        for cell in (0..shape.cells()).filter(|c| c % 3 != 0) {
            puzzle.set(cell / 25, cell % 25, None);
        }
        let plain = search_excluding(&puzzle, &[], 1, None).unwrap();
        assert_ne!(
            plain.solution.as_ref(),
            Some(&near),
            "the plain search finds another"
        );
        let found = search_near(&puzzle, &near, &[], 1, None).unwrap();
        assert_eq!(found.solution.as_ref(), Some(&near));
        // With a cell's digit excluded: another solution where the plain
        // search finds one, none where it finds none.
        let mut others = 0;
        for cell in (0..shape.cells()).filter(|c| c % 3 != 0).step_by(41) {
            let excluded = [(cell, near.cells()[cell])];
            let plain = search_excluding(&puzzle, &excluded, 1, None).unwrap();
            let found = search_near(&puzzle, &near, &excluded, 1, None).unwrap();
            assert_eq!(
                found.count,
                plain.count,
                "r{}c{}",
                cell / 25 + 1,
                cell % 25 + 1
            );
            if let Some(other) = found.solution {
                assert!(other.is_solution_of(&puzzle));
                assert_ne!(other.cells()[cell], near.cells()[cell]);
                others += 1;
            }
        }
        assert!(others > 0, "some cells could hold another digit");
    }

    #[test]
    fn a_sweep_probes_each_pair_once() {
        // A 16x16 solution with every other cell emptied, propagated: many
        // digits have two places in a box that are also their line's two.
        let shape = Shape::for_size(16).unwrap();
        let full = search(&SizedGrid::empty(shape), 1).solution.unwrap();
        let mut puzzle = full.clone();
        for cell in (0..shape.cells()).filter(|c| c % 2 == 0 || c % 7 == 3) {
            puzzle.set(cell / 16, cell % 16, None);
        }
        let geo = shape.geometry();
        let mut s = Search::<u16>::new(&geo, 2, u64::MAX);
        let mut root = s.root(&puzzle).unwrap();
        assert!(s.propagate(&mut root));
        let as_set = |pair: [(usize, u64); 2]| {
            let [a, b] = pair;
            if a <= b { [a, b] } else { [b, a] }
        };
        // Every pair any house or cell gives, with repeats.
        let mut all: Vec<[(usize, u64); 2]> = Vec::new();
        for (cell, m) in root.cands.iter().map(|&m| u64::from(m)).enumerate() {
            if root.value[cell] == 0 && m.count_ones() == 2 {
                all.push([(cell, m & m.wrapping_neg()), (cell, m & (m - 1))]);
            }
        }
        for (h, house) in geo.houses.iter().enumerate() {
            for bit in bits(two_places(&root, 16, h)) {
                let places: Vec<usize> = house
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| root.value[c] == 0 && root.cand(c) & bit != 0)
                    .collect();
                all.push([(places[0], bit), (places[1], bit)]);
            }
        }
        let mut distinct: Vec<_> = all.iter().map(|&p| as_set(p)).collect();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() < all.len(), "the grid has repeated pairs");
        let mut probed: Vec<_> = s.binary_choices(&root).into_iter().map(as_set).collect();
        let count = probed.len();
        probed.sort();
        probed.dedup();
        assert_eq!(probed.len(), count, "a pair probed twice");
        assert_eq!(probed, distinct);
    }

    #[test]
    fn open_grids_above_36x36_are_filled_by_learning_where_probing_runs_out() {
        // Probing alone made over 100,000 guesses on the open 60x60 grid
        // of 3x20 boxes; after as many as it has cells, learning takes over.
        let shape = Shape::new(3, 20).unwrap();
        let open = SizedGrid::empty(shape);
        assert_eq!(auto_learn(&open, 1), Learn::IfOpen);
        let found = search(&open, 1);
        assert_eq!(found.count, 1);
        assert!(found.solution.unwrap().is_solution_of(&open));
        assert!(
            found.guesses < 3 * shape.cells() as u64,
            "{} guesses",
            found.guesses
        );
        // A count beyond two stays with probing, and so does a grid
        // given more than a quarter of its cells.
        assert_eq!(auto_learn(&open, 3), Learn::Never);
        let solution = search(&open, 1).solution.unwrap();
        let half: Vec<u8> = (solution.cells().iter().enumerate())
            .map(|(i, &d)| if i % 2 == 0 { d } else { 0 })
            .collect();
        let half_given = SizedGrid::from_cells(shape, half).unwrap();
        assert_eq!(auto_learn(&half_given, 1), Learn::Never);
    }

    #[test]
    fn a_mostly_open_big_grid_is_filled_by_probing_before_any_learning() {
        // The learning search wandered for 829,788 decisions (217 s) on
        // the open 33x33 grid; probing fills it in a few hundred guesses.
        let open = SizedGrid::empty(Shape::new(3, 11).unwrap());
        for limit in [1, 2] {
            let found = search(&open, limit);
            assert_eq!(found.count, limit);
            assert!(found.solution.unwrap().is_solution_of(&open));
            assert!(found.guesses < 33 * 33, "{} guesses", found.guesses);
        }
    }

    #[test]
    fn a_hidden_single_placed_meanwhile_is_no_contradiction() {
        // A 2x4 puzzle where a hidden single of a house scan becomes a
        // naked single placed by an earlier single of the same scan; the
        // engine once counted no solution here.
        let line = "..241.7..1..6.422........817............8..24...5....7..46...35.";
        let cells = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let grid = SizedGrid::from_cells(Shape::new(2, 4).unwrap(), cells).unwrap();
        assert_eq!(reference::count(&grid, 2).0, 1);
        assert_eq!(search(&grid, 2).count, 1);
    }
}
