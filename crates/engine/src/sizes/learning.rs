//! A search that learns from its dead ends (conflict-driven clause
//! learning), for the hard grids above 16x16 (25x25 above all) where the
//! probing search of `solver` meets the same dead ends again and again.
//!
//! The puzzle is the direct encoding a SAT solver would get (a variable per
//! cell and digit) but its "exactly one" constraints (each cell, each digit
//! in each house) are not written out as clauses: a group keeps a 64-bit
//! mask of its members that are not false, so a placed digit removes its
//! peers, a group left with one member places it (naked and hidden singles)
//! and a house whose places of a digit lie in one crossing clears the rest
//! of the other house (pointing and claiming), and two cells of a house
//! left with the same two digits (or two digits with the same two places)
//! clear the rest (naked and hidden pairs), each in a few bit operations;
//! the clause that explains a step is made up only when a conflict is
//! analysed. A learnt clause is minimised (literals that follow from the
//! others go) and shrunk (a level's literals give way to one literal of
//! that level they all follow from). Only learnt clauses are stored,
//! watched by two literals. Before each decision, both members of the
//! groups left with two whose members took part in most recent conflicts
//! (the 16 most active) are probed (a failure is a conflict to learn from),
//! each once while its decision level stands: coming back to a level after
//! a conflict, the search probes only what it has not probed there. What
//! both probes of a pair set holds and is set, its reason (a record kept
//! while its level stands, not a clause) being the literals below the
//! probes' level their steps rested on and the group's other members (the
//! generator's ten hardest 25x25 puzzles and Gecode's 18, run side by side
//! with the search before: 47.4 -> 42.6 s to first solutions, 101.3 -> 94.5
//! s to uniqueness; a record per literal, each from its own walks, made
//! shorter reasons but took longer). The decision places the member of the
//! pair whose probes set most, else (where no group is left with two, as on
//! an empty grid) a member of a group with fewest members left (a house's
//! digit before a cell): the digit its cell had when a backjump or restart
//! last took it back, if that is a member (phase saving), else the one
//! that took part in most recent conflicts. It restarts when the clauses
//! learnt lately are of clearly worse literal block distance than the
//! long-run average (Glucose's rule); learnt clauses are pruned by that
//! distance at restarts, sparing those of middle LBD that served lately.
//!
//! Written by hand rather than on a SAT crate because the groups are the
//! point: a 25x25 grid has 15,625 variables and would need some 750,000
//! binary clauses for "at most one" in a plain encoding.

use super::shape::Geometry;

const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Why a variable has its value, packed in a `u32`: the tag in the top two
/// bits, then a variable (set false because that one was set true), a
/// group (set true as the last member not false) or a clause's offset.
const TAG: u32 = 7 << 29;
const DECIDED: u32 = 0;
const PEER: u32 = 1 << 29;
const GROUP: u32 = 2 << 29;
const CLAUSE: u32 = 3 << 29;
/// Set false by pointing or claiming: the payload is the group whose
/// members left lie in one intersection (shifted by
/// [`LOCKED_PLACE_BITS`]) and the intersection's place among its house's.
const LOCKED: u32 = 4 << 29;
/// Bits of a [`LOCKED`] payload for the crossing's place: a house has up
/// to 34 crossings (a box of 2x32 cells: 2 rows and 32 columns). Four bits
/// were too few above 16 (boxes of 2x15 and larger, 3x14, 12x5, ...): the
/// place ran into the group and the reason named the wrong literals.
const LOCKED_PLACE_BITS: u32 = 6;
const LOCKED_MASK: usize = (1 << LOCKED_PLACE_BITS) - 1;
/// Set false by a naked pair (two cells of a house with the same two
/// digits) or a hidden pair (two digits of a house with the same two
/// places): the payload is the house and the two places and two digits
/// (see [`pair_payload`]).
const NAKED: u32 = 5 << 29;
const HIDDEN: u32 = 6 << 29;
/// Set by both members of a pair's probes: the payload is where its
/// reason's literals lie in `records`.
const PROBE: u32 = 7 << 29;

/// Pairs probed before each decision: those of most activity. Probing
/// every pair found more failed literals but cost more than they saved:
/// on eight of Gecode's 25x25 grids, 16 took a third less time than all
/// (10 or 20 about the same, 5 or 50 slower); with it #26 and #27,
/// the hardest, were proved unique within 20 s.
const PROBED: usize = 16;

/// How fast the activity of variables in past conflicts fades (each
/// conflict's bump grows by its inverse). Slow since the probes take only
/// the most active pairs: on eight of Gecode's 25x25 grids, 0.99 took
/// 12 % less time than 0.95 (0.98 and 0.995 in between, 0.85 15 % more).
const ACTIVITY_DECAY: f64 = 0.99;

/// Restart when the recent learnt clauses' mean LBD exceeds the long-run
/// mean this many times (Glucose's rule, its 1/0.8), after at least
/// [`RESTART_GAP`] conflicts. On Gecode's 18 25x25 grids, against the
/// Luby sequence of 64 conflicts: 59.5 -> 52.5 s to uniqueness (#26 15.2
/// -> 12.1 s, #27 11.5 -> 9.7 s), the same 37 s to first solutions; 1.1
/// or 1.4 did worse than Luby, 1.2 and 1.3 as well as 1.25.
const RESTART_MARGIN: f64 = 1.25;

/// The fewest conflicts between two restarts.
const RESTART_GAP: u64 = 50;

/// The conflicts the recent and the long-run mean LBD reach back over
/// (the weights of their exponential moving averages, after a start where
/// both are plain means).
const RECENT_CONFLICTS: f64 = 32.0;
const LONG_RUN_CONFLICTS: f64 = 16_384.0;

/// What [`search`] found: solutions (as digits of every cell, the first
/// one kept) and how many decisions it took.
pub(super) struct Found {
    pub count: usize,
    pub first: Option<Vec<u8>>,
    pub decisions: u64,
}

/// Searches for up to `limit` solutions from the candidates of each cell
/// (a placed cell has one), steered towards the digits of `near` (see
/// [`Learner::near`]) when given.
pub(super) fn search(geo: &Geometry, cands: &[u64], limit: usize, near: Option<&[u8]>) -> Found {
    let mut solver = Learner::new(geo);
    if let Some(near) = near {
        solver.phase.copy_from_slice(near);
        solver.near = true;
    }
    solver.run(cands, limit)
}

/// A conflict: every literal of the clause is false.
type Conflict = Vec<u32>;

struct Learner<'g> {
    geo: &'g Geometry,
    /// Digits (and cells of a house).
    n: usize,
    cells: usize,
    value: Vec<u8>,
    /// The value of each literal (`2 * var` and its negation), kept beside
    /// `value` so that the clause loop reads a literal's value in one load
    /// with no branch (MiniSat's layout).
    lit_values: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<u32>,
    /// Where each decision level starts on the trail.
    levels: Vec<usize>,
    head: usize,
    /// Per group, the members not false: cells' digits first, then each
    /// house's places of each digit.
    groups: Vec<u64>,
    /// Learnt clauses: `[length, lbd | KEEP | USED, search place, literals...]`.
    arena: Vec<u32>,
    learnt: Vec<u32>,
    /// The literals whose `seen` mark an analysis must clear.
    clear: Vec<u32>,
    /// By literal: the clauses that watch its negation.
    watches: Vec<Vec<Watch>>,
    activity: Vec<f64>,
    bump: f64,
    seen: Vec<bool>,
    /// Variables the minimisation found not to follow from the clause (in
    /// `poisoned`, to clear after the analysis).
    poison: Vec<bool>,
    poisoned: Vec<u32>,
    /// The minimisation's walk: its open variables and their reasons.
    frames: Vec<Frame>,
    frame_lits: Vec<u32>,
    /// The shrinking's marks (see [`Learner::shrink`]) and their list.
    shrink_mark: Vec<bool>,
    marked: Vec<u32>,
    decisions: u64,
    /// The mean LBD of the recent learnt clauses and of all of them (see
    /// [`RESTART_MARGIN`]), the conflicts so far, and since the last
    /// restart.
    recent_lbd: f64,
    long_run_lbd: f64,
    conflicts: u64,
    since_restart: u64,
    /// The groups a round of probes takes, by activity (reused).
    pairs: Vec<(f64, u32)>,
    /// Per variable, the stamp of the level where it was last probed and
    /// how many literals that set.
    probed: Vec<u64>,
    probe_count: Vec<u32>,
    /// Per decision level, the stamp its probes carry: new with each
    /// decision, kept when the search comes back to the level (after a
    /// conflict or a restart), where the state has only grown since.
    level_stamps: Vec<u64>,
    probe_stamps: u64,
    /// Per house, its crossings with other houses.
    segments: Vec<Vec<Segment>>,
    /// Per house and place (`house * n + place`), the crossings through
    /// it, copied out of `segments` with their index there (`u8::MAX`
    /// ends the list): pointing is tried on nearly every literal set false,
    /// and the two dependent loads through `segments` cost about a tenth
    /// of the propagation's cycles.
    through: Vec<[Through; 2]>,
    /// Per variable, its groups and its bit in each.
    var_groups: Vec<[(u32, u8); 4]>,
    /// Per house-digit group, its house and digit.
    group_house: Vec<(u16, u16)>,
    /// Per group, the variable of each member (one load: a house's
    /// members were two dependent loads and a multiply).
    members: Vec<u32>,
    /// Scratch for reasons and the level stamps of the LBD.
    buffer: Vec<u32>,
    stamp: Vec<u64>,
    stamps: u64,
    /// Whether naked and hidden pairs are looked for (sides up to 32).
    pairs_on: bool,
    /// Per group, the members not set false at the root: a reason needs
    /// no literal of the root, which the analysis skips (on 25x25 grids
    /// from minimal puzzles most members of a reason are false there).
    root_live: Vec<u64>,
    /// The reasons of literals both probes of a pair set (see
    /// [`Learner::probe_pairs`]): `[length, literals...]`, with the level
    /// each was made at and where it starts, dropped on backtracking.
    records: Vec<u32>,
    record_levels: Vec<(u32, u32)>,
    /// Per literal, the mark of the first probe of the pair that set it.
    lit_mark: Vec<u64>,
    /// Per variable, the mark of the walk back through a probe's reasons.
    var_mark: Vec<u64>,
    marks: u64,
    /// The literals both probes of a pair set, and their reason's.
    common: Vec<u32>,
    common_reason: Vec<u32>,
    /// Each cell's digit (plus one) when a backjump or restart last took
    /// it back: decisions take it again where they can (phase saving).
    phase: Vec<u8>,
    /// Whether the decision between a pair's two members takes the one
    /// that is its cell's saved digit (`phase`, set to a known grid to
    /// begin with): the search then looks near that grid first.
    near: bool,
}

/// What a round of probes found.
enum Probed {
    /// The decision to take.
    Decide(u32),
    /// Literals both members of a pair imply were set: probe again.
    Grew,
    /// No group is left with two members.
    Nothing,
}

/// Words before a clause's literals: its length, its LBD and flags, and
/// where the last search for a literal to watch stopped.
const HEADER: usize = 3;

/// A clause that pruning never removes (blocking clauses of solutions).
const KEEP: u32 = 1 << 31;

/// A learnt clause that has been a reason in an analysis since the last
/// pruning.
const USED: u32 = 1 << 30;

/// Pruning spares a clause of at most this LBD that has been used since
/// the last pruning, whatever the median (the middle tier of CaDiCaL's
/// and Kissat's clause databases): on eight of Gecode's 25x25 grids, 7 %
/// less time to uniqueness (4 or 10 about the same; sparing every used
/// clause 1.5 %; lowering a clause's LBD when it is used: 4 %).
const TIER_LBD: u32 = 6;

impl<'g> Learner<'g> {
    fn new(geo: &'g Geometry) -> Learner<'g> {
        let n = geo.shape.size();
        let cells = n * n;
        let mut place = vec![[0u8; 3]; cells];
        for (h, house) in geo.houses.iter().enumerate() {
            let kind = h / n;
            for (i, &c) in house.iter().enumerate() {
                place[c as usize][kind] = i as u8;
            }
        }
        let vars = cells * n;
        let full = geo.shape.all_digits();
        let segments = segments(geo, &place);
        let var_groups = (0..vars)
            .map(|var| {
                let (cell, d) = (var / n, var % n);
                let h = geo.cell_houses[cell];
                let p = place[cell];
                let g = |k: usize| (cells + h[k] as usize * n + d) as u32;
                [
                    (cell as u32, d as u8),
                    (g(0), p[0]),
                    (g(1), p[1]),
                    (g(2), p[2]),
                ]
            })
            .collect();
        let members = (0..4 * cells)
            .flat_map(|g| {
                (0..n).map(move |i| {
                    if g < cells {
                        (g * n + i) as u32
                    } else {
                        let (h, d) = ((g - cells) / n, (g - cells) % n);
                        (geo.houses[h][i] as usize * n + d) as u32
                    }
                })
            })
            .collect();
        Learner {
            geo,
            n,
            members,
            cells,
            value: vec![UNSET; vars],
            lit_values: vec![UNSET; 2 * vars],
            level: vec![0; vars],
            reason: vec![DECIDED; vars],
            trail: Vec::with_capacity(vars),
            levels: Vec::new(),
            head: 0,
            groups: vec![full; 4 * cells],
            arena: Vec::new(),
            learnt: Vec::new(),
            clear: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            activity: vec![0.0; vars],
            bump: 1.0,
            seen: vec![false; vars],
            poison: vec![false; vars],
            poisoned: Vec::new(),
            frames: Vec::new(),
            frame_lits: Vec::new(),
            shrink_mark: vec![false; vars],
            marked: Vec::new(),
            decisions: 0,
            recent_lbd: 0.0,
            long_run_lbd: 0.0,
            conflicts: 0,
            since_restart: 0,
            pairs: Vec::new(),
            probed: vec![0; vars],
            probe_count: vec![0; vars],
            level_stamps: vec![1],
            probe_stamps: 1,
            through: through(&segments, n),
            segments,
            var_groups,
            group_house: (0..3 * n * n)
                .map(|i| ((i / n) as u16, (i % n) as u16))
                .collect(),
            buffer: Vec::new(),
            stamp: vec![0; vars + 1],
            stamps: 0,
            pairs_on: n <= 32,
            root_live: vec![full; 4 * cells],
            records: Vec::new(),
            record_levels: Vec::new(),
            lit_mark: vec![0; 2 * vars],
            var_mark: vec![0; vars],
            marks: 0,
            common: Vec::new(),
            common_reason: Vec::new(),
            phase: vec![0; cells],
            near: false,
        }
    }

    /// The four groups of a variable, with its bit in each (from a table:
    /// dividing by the size is dear in the hot loop).
    #[inline(always)]
    fn groups_of(&self, var: usize) -> [(usize, u32); 4] {
        self.var_groups[var].map(|(g, bit)| (g as usize, bit as u32))
    }

    /// The variable of a group's `i`th member.
    #[inline(always)]
    fn member(&self, group: usize, i: usize) -> usize {
        self.members[group * self.n + i] as usize
    }

    #[inline(always)]
    fn lit_value(&self, lit: u32) -> u8 {
        self.lit_values[lit as usize]
    }

    fn assign(&mut self, lit: u32, reason: u32) {
        let var = (lit >> 1) as usize;
        debug_assert_eq!(self.value[var], UNSET);
        self.level[var] = self.levels.len() as u32;
        self.reason[var] = reason;
        self.trail.push(lit);
        self.lit_values[lit as usize] = TRUE;
        self.lit_values[(lit ^ 1) as usize] = FALSE;
        if lit & 1 == 0 {
            self.value[var] = TRUE;
        } else {
            self.value[var] = FALSE;
            let root = self.levels.is_empty();
            for (g, bit) in self.groups_of(var) {
                self.groups[g] &= !(1u64 << bit);
                if root {
                    self.root_live[g] &= !(1u64 << bit);
                }
            }
        }
    }

    /// Unit propagation over the groups and the learnt clauses.
    #[inline(never)]
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let lit = self.trail[self.head];
            self.head += 1;
            let var = (lit >> 1) as usize;
            if lit & 1 == 0 {
                // Placed: every other member of its groups is false.
                for (g, bit) in self.groups_of(var) {
                    let mut others = self.groups[g] & !(1u64 << bit);
                    while others != 0 {
                        let w = self.member(g, others.trailing_zeros() as usize);
                        others &= others - 1;
                        if self.value[w] == TRUE {
                            return Some(vec![lit | 1, (w as u32) << 1 | 1]);
                        }
                        self.assign((w as u32) << 1 | 1, PEER | var as u32);
                    }
                }
            } else {
                for (k, (g, _)) in self.groups_of(var).into_iter().enumerate() {
                    let left = self.groups[g];
                    if left == 0 {
                        return Some(self.group_lits(g, usize::MAX));
                    }
                    if left & (left - 1) == 0 {
                        let w = self.member(g, left.trailing_zeros() as usize);
                        if self.value[w] == UNSET {
                            self.assign((w as u32) << 1, GROUP | g as u32);
                        }
                    } else if k > 0 {
                        if let Some(conflict) = self.locked(g, left) {
                            return Some(conflict);
                        }
                        if self.pairs_on && two_members(left) {
                            if let Some(conflict) = self.hidden_pair(g, left) {
                                return Some(conflict);
                            }
                        }
                    } else if self.pairs_on && two_members(left) {
                        if let Some(conflict) = self.naked_pair(var / self.n, left) {
                            return Some(conflict);
                        }
                    }
                }
            }
            // Most literals watch no clause: no call for them.
            if !self.watches[lit as usize].is_empty() {
                if let Some(conflict) = self.watched(lit) {
                    return Some(conflict);
                }
            }
        }
        None
    }

    /// Pointing and claiming: when a house's places of a digit (group
    /// `g`, members `left`) all lie where it crosses another house, the
    /// digit leaves the other house's cells outside the crossing.
    #[inline]
    fn locked(&mut self, g: usize, left: u64) -> Option<Conflict> {
        let (house, d) = self.group_house[g - self.cells];
        let (house, d) = (house as usize, d as usize);
        // Only the crossings through the first place left can hold them all.
        let first = left.trailing_zeros() as usize;
        let mut found = None;
        for t in &self.through[house * self.n + first] {
            if t.idx == u8::MAX {
                break;
            }
            if left & !t.own == 0 {
                found = Some((t.idx as usize, t.other as usize, t.other_mask));
                break;
            }
        }
        let (idx, other, other_mask) = found?;
        let target = self.cells + other * self.n + d;
        let victims = self.groups[target] & !other_mask;
        // Most crossings found have nothing left to clear.
        if victims == 0 {
            return None;
        }
        debug_assert!(idx < 1 << LOCKED_PLACE_BITS);
        let reason = LOCKED | ((g as u32) << LOCKED_PLACE_BITS | idx as u32);
        self.set_members_false(target, victims, reason)
    }

    /// Naked pairs: `cell` is left with the two digits `left`; another
    /// cell of one of its houses with the same two takes them from the
    /// house's other cells.
    fn naked_pair(&mut self, cell: usize, left: u64) -> Option<Conflict> {
        let d1 = left.trailing_zeros() as usize;
        let d2 = (left & (left - 1)).trailing_zeros() as usize;
        for k in 0..3 {
            let h = self.geo.cell_houses[cell][k] as usize;
            let base = self.cells + h * self.n;
            // The partner holds both digits: look only where both can go.
            let mut both = self.groups[base + d1] & self.groups[base + d2];
            let mut p1 = usize::MAX;
            let mut p2 = usize::MAX;
            while both != 0 {
                let p = both.trailing_zeros() as usize;
                both &= both - 1;
                let c = self.geo.houses[h][p] as usize;
                if c == cell {
                    p1 = p;
                } else if self.groups[c] == left {
                    p2 = p;
                }
            }
            if p2 == usize::MAX || p1 == usize::MAX {
                continue;
            }
            let places = 1u64 << p1 | 1u64 << p2;
            let reason = NAKED | pair_payload(h, p1.min(p2), p1.max(p2), d1, d2);
            for target in [base + d1, base + d2] {
                let victims = self.groups[target] & !places;
                if let Some(conflict) = self.set_members_false(target, victims, reason) {
                    return Some(conflict);
                }
            }
        }
        None
    }

    /// Hidden pairs: a house's digit (group `g`) is left with the two
    /// places `left`; another digit of the house with the same two takes
    /// those cells' other digits.
    fn hidden_pair(&mut self, g: usize, left: u64) -> Option<Conflict> {
        let (h, d1) = self.group_house[g - self.cells];
        let (h, d1) = (h as usize, d1 as usize);
        let base = self.cells + h * self.n;
        let p1 = left.trailing_zeros() as usize;
        let p2 = (left & (left - 1)).trailing_zeros() as usize;
        let (c1, c2) = (
            self.geo.houses[h][p1] as usize,
            self.geo.houses[h][p2] as usize,
        );
        // The partner can go in both cells: look only at their digits.
        let mut both = self.groups[c1] & self.groups[c2] & !(1u64 << d1);
        let mut d2 = usize::MAX;
        while both != 0 {
            let d = both.trailing_zeros() as usize;
            both &= both - 1;
            if self.groups[base + d] == left {
                d2 = d;
                break;
            }
        }
        if d2 == usize::MAX {
            return None;
        }
        let reason = HIDDEN | pair_payload(h, p1, p2, d1.min(d2), d1.max(d2));
        let digits = 1u64 << d1 | 1u64 << d2;
        for cell in [c1, c2] {
            let victims = self.groups[cell] & !digits;
            if let Some(conflict) = self.set_members_false(cell, victims, reason) {
                return Some(conflict);
            }
        }
        None
    }

    /// Sets the members `members` (bits) of group `g` false for `reason`,
    /// or the conflict when one of them is true.
    fn set_members_false(&mut self, g: usize, mut members: u64, reason: u32) -> Option<Conflict> {
        while members != 0 {
            let w = self.member(g, members.trailing_zeros() as usize);
            members &= members - 1;
            if let Some(conflict) = self.set_false(w, reason) {
                return Some(conflict);
            }
        }
        None
    }

    /// Sets `w` false for `reason` (pointing and claiming or a pair), or
    /// the conflict when it is true.
    fn set_false(&mut self, w: usize, reason: u32) -> Option<Conflict> {
        match self.value[w] {
            UNSET => {
                self.assign((w as u32) << 1 | 1, reason);
                None
            }
            TRUE => {
                let at = (reason & !TAG) as usize;
                self.buffer.clear();
                match reason & TAG {
                    LOCKED => self.locked_lits(at >> LOCKED_PLACE_BITS, at & LOCKED_MASK),
                    _ => self.pair_lits(reason),
                }
                let mut conflict = std::mem::take(&mut self.buffer);
                conflict.push((w as u32) << 1 | 1);
                Some(conflict)
            }
            _ => None,
        }
    }

    /// The literals of a pair's reason (pushed to the buffer, emptied
    /// first): the other digits of the naked pair's cells, or the other
    /// places of the hidden pair's digits, all false.
    fn pair_lits(&mut self, r: u32) {
        let at = r & !TAG;
        let h = (at >> 20) as usize;
        let f = |s: u32| ((at >> s) & 31) as usize;
        let (p1, p2, d1, d2) = (f(15), f(10), f(5), f(0));
        self.buffer.clear();
        if r & TAG == NAKED {
            let digits = 1u64 << d1 | 1u64 << d2;
            for p in [p1, p2] {
                let cell = self.geo.houses[h][p] as usize;
                let mut others = self.root_live[cell] & !digits;
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    self.buffer.push(((cell * self.n + e) as u32) << 1);
                }
            }
        } else {
            let places = 1u64 << p1 | 1u64 << p2;
            for d in [d1, d2] {
                let g = self.cells + h * self.n + d;
                let mut others = self.root_live[g] & !places;
                while others != 0 {
                    let w = self.member(g, others.trailing_zeros() as usize);
                    others &= others - 1;
                    self.buffer.push((w as u32) << 1);
                }
            }
        }
    }

    /// The members of group `g` outside its house's `idx`th crossing, as
    /// positive literals (pushed to the buffer).
    fn locked_lits(&mut self, g: usize, idx: usize) {
        let house = self.group_house[g - self.cells].0 as usize;
        let mut outside = self.root_live[g] & !self.segments[house][idx].own;
        while outside != 0 {
            let w = self.member(g, outside.trailing_zeros() as usize);
            outside &= outside - 1;
            self.buffer.push((w as u32) << 1);
        }
    }

    /// The learnt clauses that watched the negation of `lit`, now false.
    #[inline(never)]
    fn watched(&mut self, lit: u32) -> Option<Conflict> {
        let false_lit = lit ^ 1;
        let mut list = std::mem::take(&mut self.watches[lit as usize]);
        let mut i = 0;
        let mut kept = 0;
        let mut conflict = None;
        while i < list.len() {
            let watch = list[i];
            i += 1;
            // A true blocker satisfies the clause without reading it.
            if self.lit_value(watch.blocker) == TRUE {
                list[kept] = watch;
                kept += 1;
                continue;
            }
            let c = watch.clause as usize;
            let len = self.arena[c] as usize;
            let lits = c + HEADER;
            if self.arena[lits] == false_lit {
                self.arena.swap(lits, lits + 1);
            }
            let first = self.arena[lits];
            let kept_watch = Watch {
                clause: c as u32,
                blocker: first,
            };
            if first != watch.blocker && self.lit_value(first) == TRUE {
                list[kept] = kept_watch;
                kept += 1;
                continue;
            }
            // The search for a new watch goes on from where the last one
            // stopped: most literals of a long clause are false, and the
            // ones before that place were found false last time.
            let mut moved = false;
            let from = self.arena[c + 2] as usize;
            for k in (from..len).chain(2..from) {
                let other = self.arena[lits + k];
                if self.lit_value(other) != FALSE {
                    self.arena.swap(lits + 1, lits + k);
                    self.arena[c + 2] = k as u32;
                    self.watches[(other ^ 1) as usize].push(kept_watch);
                    moved = true;
                    break;
                }
            }
            if moved {
                continue;
            }
            list[kept] = kept_watch;
            kept += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(self.arena[lits..lits + len].to_vec());
                while i < list.len() {
                    list[kept] = list[i];
                    kept += 1;
                    i += 1;
                }
                break;
            }
            self.assign(first, CLAUSE | c as u32);
        }
        list.truncate(kept);
        self.watches[lit as usize] = list;
        conflict
    }

    /// A group's members as positive literals, but `skip`.
    fn group_lits(&self, g: usize, skip: usize) -> Vec<u32> {
        (0..self.n)
            .map(|i| self.member(g, i))
            .filter(|&w| w != skip)
            .map(|w| (w as u32) << 1)
            .collect()
    }

    /// The other literals of the clause that set `var` (all false).
    fn reason_lits(&mut self, var: usize) {
        let r = self.reason[var];
        let at = (r & !TAG) as usize;
        self.buffer.clear();
        match r & TAG {
            PEER => self.buffer.push((at as u32) << 1 | 1),
            GROUP => {
                let mut live = self.root_live[at];
                while live != 0 {
                    let w = self.member(at, live.trailing_zeros() as usize);
                    live &= live - 1;
                    if w != var {
                        self.buffer.push((w as u32) << 1);
                    }
                }
            }
            LOCKED => self.locked_lits(at >> LOCKED_PLACE_BITS, at & LOCKED_MASK),
            NAKED | HIDDEN => self.pair_lits(r),
            PROBE => {
                let len = self.records[at] as usize;
                self.buffer
                    .extend_from_slice(&self.records[at + 1..at + 1 + len]);
            }
            CLAUSE => {
                self.arena[at + 1] |= USED;
                let len = self.arena[at] as usize;
                for k in 0..len {
                    let l = self.arena[at + HEADER + k];
                    if (l >> 1) as usize != var {
                        self.buffer.push(l);
                    }
                }
            }
            _ => {}
        }
    }

    fn bump_var(&mut self, var: usize) {
        self.activity[var] += self.bump;
        if self.activity[var] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
    }

    /// The first-UIP clause of a conflict (asserting literal first, one of
    /// the highest level below next), and the level to go back to.
    #[inline(never)]
    fn analyze(&mut self, conflict: Conflict) -> u32 {
        let current = self.levels.len() as u32;
        self.learnt.clear();
        self.learnt.push(0);
        let mut path = 0;
        let mut index = self.trail.len();
        let mut lits = conflict;
        let p = loop {
            for &q in &lits {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        path += 1;
                    } else {
                        self.learnt.push(q);
                    }
                }
            }
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[(p >> 1) as usize] {
                    break p;
                }
            };
            self.seen[(p >> 1) as usize] = false;
            path -= 1;
            if path == 0 {
                break p;
            }
            self.reason_lits((p >> 1) as usize);
            lits.clear();
            lits.extend_from_slice(&self.buffer);
        };
        self.learnt[0] = p ^ 1;
        // Drop literals implied by the others (recursive minimisation).
        self.clear.clear();
        self.clear.extend_from_slice(&self.learnt[1..]);
        let mut levels = 0u64;
        for &q in &self.learnt[1..] {
            levels |= 1 << (self.level[(q >> 1) as usize] % 64);
        }
        let mut keep = 1;
        for k in 1..self.learnt.len() {
            let q = self.learnt[k];
            let v = (q >> 1) as usize;
            if self.reason[v] == DECIDED || !self.redundant(v, levels) {
                self.learnt[keep] = q;
                keep += 1;
            }
        }
        self.learnt.truncate(keep);
        self.shrink();
        for &q in &self.clear {
            self.seen[(q >> 1) as usize] = false;
        }
        for &v in &self.poisoned {
            self.poison[v as usize] = false;
        }
        self.poisoned.clear();
        self.bump /= ACTIVITY_DECAY;
        // The highest level below goes second, to be watched.
        let mut back = 0;
        let mut at = 1;
        for k in 1..self.learnt.len() {
            let l = self.level[(self.learnt[k] >> 1) as usize];
            if l > back {
                back = l;
                at = k;
            }
        }
        if self.learnt.len() > 1 {
            self.learnt.swap(1, at);
        }
        back
    }

    /// Replaces the learnt clause's literals of each lower level by one
    /// literal of that level they all follow from (the level's UIP for
    /// them; Fleury and Biere's shrinking), where the walk back through
    /// the level's reasons meets below it only literals the clause
    /// implies (`seen`). Needs `seen` as the minimisation leaves it.
    ///
    /// The learnt clauses of 25x25 grids held about 54 literals over 5.5
    /// levels; on Gecode's 18 25x25 grids (`sudoku check`, interleaved
    /// A/B) 96.3 -> 79.2 s.
    fn shrink(&mut self) {
        // In place: each level's literals give way to at most as many.
        let mut lits = std::mem::take(&mut self.learnt);
        let level = &self.level;
        lits[1..].sort_unstable_by_key(|&q| std::cmp::Reverse(level[(q >> 1) as usize]));
        let (mut keep, mut k) = (1, 1);
        while k < lits.len() {
            let l = self.level[(lits[k] >> 1) as usize];
            let mut end = k + 1;
            while end < lits.len() && self.level[(lits[end] >> 1) as usize] == l {
                end += 1;
            }
            match (end - k > 1)
                .then(|| self.level_uip(&lits[k..end], l))
                .flatten()
            {
                Some(q) => {
                    lits[keep] = q;
                    keep += 1;
                }
                None => {
                    lits.copy_within(k..end, keep);
                    keep += end - k;
                }
            }
            k = end;
        }
        lits.truncate(keep);
        self.learnt = lits;
    }

    /// The literal of level `l` that implies every literal of `group`
    /// (all of level `l`), or None.
    fn level_uip(&mut self, group: &[u32], l: u32) -> Option<u32> {
        let lu = l as usize;
        let start = self.levels[lu - 1];
        let end = self.levels.get(lu).copied().unwrap_or(self.trail.len());
        self.marked.clear();
        for &q in group {
            let v = (q >> 1) as usize;
            self.shrink_mark[v] = true;
            self.marked.push(v as u32);
        }
        let mut open = group.len();
        let mut found = None;
        'walk: for idx in (start..end).rev() {
            let t = self.trail[idx];
            let v = (t >> 1) as usize;
            if !self.shrink_mark[v] {
                continue;
            }
            open -= 1;
            if open == 0 {
                found = Some(t ^ 1);
                break;
            }
            if self.reason[v] == DECIDED {
                break;
            }
            self.reason_lits(v);
            for i in 0..self.buffer.len() {
                let w = (self.buffer[i] >> 1) as usize;
                let lw = self.level[w];
                if lw == l {
                    if !self.shrink_mark[w] {
                        self.shrink_mark[w] = true;
                        self.marked.push(w as u32);
                        open += 1;
                    }
                } else if lw != 0 && !self.seen[w] {
                    break 'walk;
                }
            }
        }
        for &v in &self.marked {
            self.shrink_mark[v as usize] = false;
        }
        if let Some(q) = found {
            let v = (q >> 1) as usize;
            if !self.seen[v] {
                self.seen[v] = true;
                self.clear.push(q);
            }
        }
        found
    }

    /// Whether a variable of the learnt clause follows from the others:
    /// every literal of its reason, recursively, is in the clause or at the
    /// root. `levels` has a bit for each level of the clause (mod 64): a
    /// reason literal of another level cannot be. A depth-first walk that
    /// remembers, for the rest of the analysis, the variables it showed to
    /// follow (`seen`) and those on a path to a failure (`poison`), so no
    /// part of the graph is walked twice (the walk without that memory was
    /// a third of the time on 25x25 grids).
    fn redundant(&mut self, var: usize, levels: u64) -> bool {
        let mut frames = std::mem::take(&mut self.frames);
        let mut lits = std::mem::take(&mut self.frame_lits);
        frames.clear();
        lits.clear();
        self.reason_lits(var);
        lits.extend_from_slice(&self.buffer);
        frames.push(Frame {
            var: var as u32,
            start: 0,
            next: 0,
            end: lits.len() as u32,
        });
        let ok = loop {
            let top = frames.len() - 1;
            let f = frames[top];
            if f.next == f.end {
                frames.pop();
                lits.truncate(f.start as usize);
                if frames.is_empty() {
                    break true;
                }
                // Every literal of its reason follows: so does this one.
                self.seen[f.var as usize] = true;
                self.clear.push(f.var << 1);
                continue;
            }
            frames[top].next += 1;
            let w = (lits[f.next as usize] >> 1) as usize;
            if self.seen[w] || self.level[w] == 0 {
                continue;
            }
            if self.poison[w]
                || self.reason[w] == DECIDED
                || levels & (1 << (self.level[w] % 64)) == 0
            {
                break false;
            }
            let start = lits.len() as u32;
            self.reason_lits(w);
            lits.extend_from_slice(&self.buffer);
            frames.push(Frame {
                var: w as u32,
                start,
                next: start,
                end: lits.len() as u32,
            });
        };
        if !ok {
            // Every variable on the path to the failure fails too.
            for f in &frames[1..] {
                self.poison[f.var as usize] = true;
                self.poisoned.push(f.var);
            }
        }
        self.frames = frames;
        self.frame_lits = lits;
        ok
    }

    /// The distinct decision levels of the learnt clause.
    fn lbd(&mut self) -> u32 {
        self.stamps += 1;
        let mut count = 0;
        for &q in &self.learnt {
            let l = self.level[(q >> 1) as usize] as usize;
            if self.stamp[l] != self.stamps {
                self.stamp[l] = self.stamps;
                count += 1;
            }
        }
        count
    }

    /// Notes the digits placed above `level` in `phase` before a
    /// backjump or restart to it; in a search near a grid the phases stay
    /// that grid's (a dig's 25x25 searches a fifth faster than with the
    /// digits saved over it, see [`crate::sizes::search_near`]).
    fn save_phases(&mut self, level: u32) {
        // A search near a grid keeps steering towards it.
        if self.near {
            return;
        }
        let Some(&start) = self.levels.get(level as usize) else {
            return;
        };
        for &lit in &self.trail[start..] {
            if lit & 1 == 0 {
                let var = (lit >> 1) as usize;
                self.phase[var / self.n] = (var % self.n) as u8 + 1;
            }
        }
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: u32) {
        let level = level as usize;
        if self.levels.len() <= level {
            return;
        }
        let start = self.levels[level];
        for k in (start..self.trail.len()).rev() {
            let lit = self.trail[k];
            let var = (lit >> 1) as usize;
            if lit & 1 == 1 {
                for (g, bit) in self.groups_of(var) {
                    self.groups[g] |= 1u64 << bit;
                }
            }
            self.value[var] = UNSET;
            self.lit_values[lit as usize] = UNSET;
            self.lit_values[(lit ^ 1) as usize] = UNSET;
        }
        self.trail.truncate(start);
        self.levels.truncate(level);
        self.head = start;
        while let Some(&(l, at)) = self.record_levels.last() {
            if l as usize <= level {
                break;
            }
            self.records.truncate(at as usize);
            self.record_levels.pop();
        }
    }

    /// Stores a clause (two literals or more) and watches its first two.
    fn add_clause(&mut self, lits: &[u32], flags: u32) -> usize {
        let c = self.arena.len();
        self.arena.push(lits.len() as u32);
        self.arena.push(flags);
        // The first search for a new watch starts past the two watched.
        self.arena.push(2);
        self.arena.extend_from_slice(lits);
        let clause = c as u32;
        self.watches[(lits[0] ^ 1) as usize].push(Watch {
            clause,
            blocker: lits[1],
        });
        self.watches[(lits[1] ^ 1) as usize].push(Watch {
            clause,
            blocker: lits[0],
        });
        c
    }

    /// Learns from a conflict; false when it holds at the root (no
    /// solution is left).
    fn learn(&mut self, conflict: Conflict) -> bool {
        if self.levels.is_empty() {
            return false;
        }
        let back = self.analyze(conflict);
        let lbd = self.lbd();
        self.note_lbd(lbd);
        self.save_phases(back);
        self.backtrack(back);
        let learnt = std::mem::take(&mut self.learnt);
        if learnt.len() == 1 {
            self.assign(learnt[0], DECIDED);
        } else {
            let c = self.add_clause(&learnt, lbd);
            self.assign(learnt[0], CLAUSE | c as u32);
        }
        self.learnt = learnt;
        true
    }

    /// Counts a conflict whose learnt clause has this LBD into the means.
    fn note_lbd(&mut self, lbd: u32) {
        self.conflicts += 1;
        self.since_restart += 1;
        let plain = 1.0 / self.conflicts as f64;
        let lbd = f64::from(lbd);
        self.recent_lbd += (lbd - self.recent_lbd) * plain.max(1.0 / RECENT_CONFLICTS);
        self.long_run_lbd += (lbd - self.long_run_lbd) * plain.max(1.0 / LONG_RUN_CONFLICTS);
    }

    /// Whether to restart (see [`RESTART_MARGIN`]).
    fn restart_due(&self) -> bool {
        self.since_restart >= RESTART_GAP && self.recent_lbd > RESTART_MARGIN * self.long_run_lbd
    }

    /// Keeps the learnt clauses with the lowest LBD (and every one of LBD
    /// two or less, and those of LBD up to [`TIER_LBD`] used since the
    /// last pruning), drops literals false at the root and clauses true
    /// there; only at the root, where no reason points into the arena.
    fn prune(&mut self) {
        debug_assert!(self.levels.is_empty());
        let mut clauses = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let len = self.arena[c] as usize;
            clauses.push((self.arena[c + 1], c));
            c += HEADER + len;
        }
        let mut lbds: Vec<u32> = clauses
            .iter()
            .filter(|(f, _)| f & KEEP == 0)
            .map(|(f, _)| *f & !USED)
            .collect();
        lbds.sort_unstable();
        let cut = lbds.get(lbds.len() / 2).copied().unwrap_or(u32::MAX).max(3);
        let old = std::mem::take(&mut self.arena);
        for w in &mut self.watches {
            w.clear();
        }
        let mut lits = Vec::new();
        for (flags, c) in clauses {
            let used = flags & USED != 0;
            let flags = flags & !USED;
            if flags & KEEP == 0 && flags >= cut && !(used && flags <= TIER_LBD) {
                continue;
            }
            lits.clear();
            let mut satisfied = false;
            for &l in &old[c + HEADER..c + HEADER + old[c] as usize] {
                match self.lit_value(l) {
                    TRUE => satisfied = true,
                    FALSE => {}
                    _ => lits.push(l),
                }
            }
            if !satisfied && lits.len() >= 2 {
                self.add_clause(&lits.clone(), flags);
            }
        }
    }

    /// Failed-literal probes of each member of the groups left with two
    /// whose members took part in most recent conflicts (the [`PROBED`]
    /// most active pairs): a member whose placing fails gives the conflict
    /// (learnt from as any other, which asserts its negation); otherwise
    /// the member of the pair whose two placings set most is the decision.
    fn probe(&mut self) -> Result<Probed, Conflict> {
        let stamp = self.level_stamp();
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        for (g, &m) in self.groups.iter().enumerate() {
            if two_members(m) {
                let a = self.member(g, m.trailing_zeros() as usize);
                let b = self.member(g, (m & (m - 1)).trailing_zeros() as usize);
                pairs.push((self.activity[a] + self.activity[b], g as u32));
            }
        }
        if pairs.len() > PROBED {
            pairs.select_nth_unstable_by(PROBED, |x, y| y.0.total_cmp(&x.0));
            pairs.truncate(PROBED);
        }
        let result = self.probe_pairs(&pairs, stamp);
        self.pairs = pairs;
        result
    }

    /// [`probe`](Self::probe) over these groups (activity, group). A
    /// literal that both members' probes set holds: it is set, with the
    /// reasons the probes' walks back to the level below found and the
    /// group's other members, and the round ends.
    fn probe_pairs(&mut self, pairs: &[(f64, u32)], stamp: u64) -> Result<Probed, Conflict> {
        let mut best = (0u64, None);
        for &(_, g) in pairs {
            let g = g as usize;
            let m = self.groups[g];
            let a = self.member(g, m.trailing_zeros() as usize);
            let b = self.member(g, (m & (m - 1)).trailing_zeros() as usize);
            let fresh = self.probed[a] != stamp && self.probed[b] != stamp;
            let mut counts = [0u64; 2];
            self.marks += 1;
            let mark = self.marks;
            self.common.clear();
            for (k, w) in [a, b].into_iter().enumerate() {
                if self.probed[w] == stamp {
                    counts[k] = self.probe_count[w] as u64;
                    continue;
                }
                let (level, start) = self.probe_level(w)?;
                counts[k] = (self.trail.len() - start) as u64;
                self.probed[w] = stamp;
                self.probe_count[w] = counts[k] as u32;
                if fresh {
                    if k == 0 {
                        for &lit in &self.trail[start + 1..] {
                            self.lit_mark[lit as usize] = mark;
                        }
                    } else {
                        for &lit in &self.trail[start + 1..] {
                            if self.lit_mark[lit as usize] == mark {
                                self.common.push(lit);
                            }
                        }
                        if !self.common.is_empty() {
                            self.common_reason.clear();
                            self.walk_back(start, mark);
                        }
                    }
                }
                self.backtrack(level);
            }
            if !self.common.is_empty() {
                // The first probe's walk: its state is as it was.
                let (level, start) = self.probe_level(a)?;
                // Only what this walk reaches may be set (the same
                // propagation sets the same literals, but the walk must
                // not rest on that).
                let values = &self.lit_values;
                self.common.retain(|&lit| values[lit as usize] == TRUE);
                self.walk_back(start, mark);
                self.backtrack(level);
                return self.set_common(g, a, b).map(|()| Probed::Grew);
            }
            let score = (counts[0] + 1) * (counts[1] + 1);
            if score > best.0 {
                // Near a grid, its member; else the one that set more.
                let saved = |w: usize| self.phase[w / self.n] == (w % self.n) as u8 + 1;
                let w = if self.near && saved(b) != saved(a) {
                    if saved(a) { a } else { b }
                } else if counts[0] >= counts[1] {
                    a
                } else {
                    b
                };
                best = (score, Some((w as u32) << 1));
            }
        }
        Ok(best.1.map_or(Probed::Nothing, Probed::Decide))
    }

    /// Places `w` on a level of its own and propagates: the level to go
    /// back to and where the new one starts on the trail, or the conflict
    /// (the probe failed).
    fn probe_level(&mut self, w: usize) -> Result<(u32, usize), Conflict> {
        let level = self.levels.len() as u32;
        let start = self.trail.len();
        self.levels.push(start);
        self.assign((w as u32) << 1, DECIDED);
        match self.propagate() {
            Some(conflict) => Err(conflict),
            None => Ok((level, start)),
        }
    }

    /// Adds to `common_reason` the literals below the probe's level (the
    /// one whose decision is at `start` on the trail) that the probe's
    /// steps to the literals of `common` rest on. `reasons` marks the
    /// literals already in `common_reason` (the walk's own mark is new).
    fn walk_back(&mut self, start: usize, reasons: u64) {
        self.marks += 1;
        let walk = self.marks;
        let here = self.levels.len() as u32;
        for i in 0..self.common.len() {
            self.var_mark[(self.common[i] >> 1) as usize] = walk;
        }
        for idx in (start + 1..self.trail.len()).rev() {
            let v = (self.trail[idx] >> 1) as usize;
            if self.var_mark[v] != walk {
                continue;
            }
            self.reason_lits(v);
            for i in 0..self.buffer.len() {
                let q = self.buffer[i];
                let w = (q >> 1) as usize;
                let l = self.level[w];
                if l == here {
                    self.var_mark[w] = walk;
                } else if l > 0 && self.lit_mark[q as usize] != reasons {
                    self.lit_mark[q as usize] = reasons;
                    self.common_reason.push(q);
                }
            }
        }
    }

    /// Sets the literals of `common` (both members `a` and `b` of group
    /// `g` set them in their probes), with one record of their reasons.
    fn set_common(&mut self, g: usize, a: usize, b: usize) -> Result<(), Conflict> {
        let mut others = self.root_live[g];
        while others != 0 {
            let w = self.member(g, others.trailing_zeros() as usize);
            others &= others - 1;
            if w != a && w != b && self.level[w] > 0 {
                self.common_reason.push((w as u32) << 1);
            }
        }
        let reason = if self.levels.is_empty() {
            DECIDED
        } else {
            let at = self.records.len() as u32;
            self.record_levels.push((self.levels.len() as u32, at));
            self.records.push(self.common_reason.len() as u32);
            self.records.extend_from_slice(&self.common_reason);
            PROBE | at
        };
        for i in 0..self.common.len() {
            let lit = self.common[i];
            match self.lit_value(lit) {
                UNSET => self.assign(lit, reason),
                TRUE => {}
                _ => unreachable!("both probes set it, and nothing was set since"),
            }
        }
        match self.propagate() {
            Some(conflict) => Err(conflict),
            None => Ok(()),
        }
    }

    /// The stamp of the current level's probes.
    fn level_stamp(&self) -> u64 {
        self.level_stamps[self.levels.len()]
    }

    /// Gives the level just opened by a decision a stamp of its own.
    fn new_level_stamp(&mut self) {
        self.probe_stamps += 1;
        self.level_stamps.truncate(self.levels.len());
        self.level_stamps.push(self.probe_stamps);
    }

    /// Where no group is left with two: a member of a group with fewest
    /// members left, a house's digit before a cell (VSIDS over all
    /// variables wandered on open grids: the open 33x33 grid took 829,788
    /// decisions, 217 s; this takes 861), its saved digit (`phase`) first,
    /// else the most active. None when every variable is set.
    fn decide(&self) -> Option<u32> {
        let mut best = (u32::MAX, usize::MAX);
        // Houses' digits before cells where as few are left: over the
        // open grids of every shape from 37x37 to 64x64 (`sudoku solve`)
        // 63 -> 48 s in all and 12.0 -> 5.1 s at most (6x10 boxes 12.0 ->
        // 3.1 s, 9x7 9.7 -> 2.3 s; 14x4 1.0 -> 5.1 s the other way).
        let (cell_groups, house_groups) = self.groups.split_at(self.cells);
        for (offset, groups) in [(self.cells, house_groups), (0, cell_groups)] {
            for (i, &m) in groups.iter().enumerate() {
                let k = m.count_ones();
                if k >= 2 && k < best.0 {
                    best = (k, offset + i);
                }
            }
        }
        let g = best.1;
        if g == usize::MAX {
            return None;
        }
        // After propagation no group with two or more members left has one
        // that is true.
        let mut m = self.groups[g];
        let mut pick = (false, f64::MIN, usize::MAX);
        while m != 0 {
            let w = self.member(g, m.trailing_zeros() as usize);
            m &= m - 1;
            let saved = self.phase[w / self.n] == (w % self.n) as u8 + 1;
            if (saved, self.activity[w]) > (pick.0, pick.1) {
                pick = (saved, self.activity[w], w);
            }
        }
        debug_assert_eq!(self.value[pick.2], UNSET);
        Some((pick.2 as u32) << 1)
    }

    fn run(&mut self, cands: &[u64], limit: usize) -> Found {
        let mut found = Found {
            count: 0,
            first: None,
            decisions: 0,
        };
        if limit == 0 {
            return found;
        }
        // Few candidates first while nothing has conflicted yet.
        for (cell, &m) in cands.iter().enumerate() {
            let weight = 1.0 / m.count_ones().max(1) as f64 * 1e-3;
            for d in 0..self.n {
                self.activity[cell * self.n + d] = weight;
            }
        }
        for (cell, &m) in cands.iter().enumerate() {
            if m == 0 {
                return found;
            }
            for d in 0..self.n {
                if m & (1 << d) == 0 {
                    self.assign(((cell * self.n + d) as u32) << 1 | 1, DECIDED);
                }
            }
        }
        let mut max_learnt = 2000 + self.cells;
        'search: loop {
            if let Some(conflict) = self.propagate() {
                if !self.learn(conflict) {
                    break;
                }
                continue;
            }
            if self.restart_due() {
                self.since_restart = 0;
                self.save_phases(0);
                self.backtrack(0);
                if self.learnt_count() > max_learnt {
                    self.prune();
                    max_learnt += max_learnt / 10;
                }
                continue;
            }
            let choice = match self.probe() {
                Err(conflict) => {
                    if !self.learn(conflict) {
                        break;
                    }
                    continue;
                }
                Ok(Probed::Grew) => continue,
                Ok(Probed::Decide(lit)) => Some(lit),
                Ok(Probed::Nothing) => self.decide(),
            };
            match choice {
                Some(lit) => {
                    self.decisions += 1;
                    self.levels.push(self.trail.len());
                    self.new_level_stamp();
                    self.assign(lit, DECIDED);
                }
                None => {
                    found.count += 1;
                    if found.first.is_none() {
                        found.first = Some(self.solution());
                    }
                    if found.count >= limit {
                        break 'search;
                    }
                    // Exclude this solution: not all of its decisions again.
                    let block: Vec<u32> = self
                        .levels
                        .iter()
                        .rev()
                        .map(|&at| self.trail[at] ^ 1)
                        .collect();
                    match block.len() {
                        0 => break 'search,
                        1 => {
                            self.backtrack(0);
                            self.assign(block[0], DECIDED);
                        }
                        k => {
                            self.backtrack(k as u32 - 1);
                            let c = self.add_clause(&block, KEEP);
                            self.assign(block[0], CLAUSE | c as u32);
                        }
                    }
                }
            }
        }
        found.decisions = self.decisions;
        found
    }

    fn learnt_count(&self) -> usize {
        let mut count = 0;
        let mut c = 0;
        while c < self.arena.len() {
            count += 1;
            c += HEADER + self.arena[c] as usize;
        }
        count
    }

    /// Each cell's digit, every variable being set.
    fn solution(&self) -> Vec<u8> {
        (0..self.cells)
            .map(|cell| {
                let d = (0..self.n)
                    .find(|&d| self.value[cell * self.n + d] == TRUE)
                    .expect("a complete assignment places every cell");
                d as u8 + 1
            })
            .collect()
    }
}

/// A variable open in the minimisation's walk: its reason's literals are
/// `frame_lits[start..end]`, those before `next` done.
#[derive(Clone, Copy)]
struct Frame {
    var: u32,
    start: u32,
    next: u32,
    end: u32,
}

/// A clause watching a literal, and one of its literals that, when true,
/// spares reading it.
#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: u32,
}

/// Where a house crosses another: the places of the shared cells in each.
struct Segment {
    own: u64,
    other: u16,
    other_mask: u64,
}

fn segments(geo: &Geometry, place: &[[u8; 3]]) -> Vec<Vec<Segment>> {
    let n = geo.shape.size();
    let mut segs: Vec<Vec<Segment>> = (0..3 * n).map(|_| Vec::new()).collect();
    let mask_in = |house: usize, cells: &[u16]| -> u64 {
        cells
            .iter()
            .map(|&c| 1u64 << place[c as usize][house / n])
            .fold(0, |a, b| a | b)
    };
    for i in &geo.intersections {
        let (line, boxed) = (i.line as usize, i.boxed as usize);
        let (in_line, in_box) = (mask_in(line, &i.cells), mask_in(boxed, &i.cells));
        segs[line].push(Segment {
            own: in_line,
            other: i.boxed,
            other_mask: in_box,
        });
        segs[boxed].push(Segment {
            own: in_box,
            other: i.line,
            other_mask: in_line,
        });
    }
    segs
}

/// Whether a mask has exactly two bits (without a `popcnt` instruction,
/// which a plain x86-64 build lacks, `count_ones` is a dozen operations,
/// and the probes test every group before each decision).
#[inline(always)]
fn two_members(m: u64) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// A pair's house, places and digits in a reason's payload (five bits
/// each: only for sides up to 32 and 128 houses).
fn pair_payload(h: usize, p1: usize, p2: usize, d1: usize, d2: usize) -> u32 {
    (h << 20 | p1 << 15 | p2 << 10 | d1 << 5 | d2) as u32
}

/// A crossing through a place: its segment's masks and its index among
/// the house's segments (`u8::MAX` for none).
#[derive(Clone, Copy)]
struct Through {
    own: u64,
    other_mask: u64,
    other: u16,
    idx: u8,
}

/// For each house and place (`house * n + place`), the crossings through
/// that place: one for a line, two for a box.
fn through(segments: &[Vec<Segment>], n: usize) -> Vec<[Through; 2]> {
    let none = Through {
        own: 0,
        other_mask: 0,
        other: 0,
        idx: u8::MAX,
    };
    let mut table = Vec::with_capacity(segments.len() * n);
    for segs in segments {
        for p in 0..n {
            let mut through = [none; 2];
            let mut k = 0;
            for (idx, seg) in segs.iter().enumerate() {
                if seg.own & (1 << p) != 0 && k < 2 {
                    through[k] = Through {
                        own: seg.own,
                        other_mask: seg.other_mask,
                        other: seg.other,
                        idx: idx as u8,
                    };
                    k += 1;
                }
            }
            table.push(through);
        }
    }
    table
}

/// Searches a grid with the learning search alone.
#[cfg(test)]
fn search_grid(grid: &super::grid::SizedGrid, limit: usize) -> Found {
    let shape = grid.shape();
    let geo = shape.geometry();
    let full = shape.all_digits();
    let cands: Vec<u64> = grid
        .cells()
        .iter()
        .map(|&d| if d == 0 { full } else { 1u64 << (d - 1) })
        .collect();
    search(&geo, &cands, limit, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizes::{Shape, SizedGrid, reference};

    #[test]
    fn restarts_come_when_recent_clauses_are_worse_than_usual() {
        let geo = Shape::new(3, 3).unwrap().geometry();
        let mut learner = Learner::new(&geo);
        for _ in 0..1000 {
            learner.note_lbd(4);
        }
        assert!(!learner.restart_due(), "steady LBD");
        for _ in 0..RESTART_GAP {
            learner.note_lbd(10);
        }
        assert!(
            learner.restart_due(),
            "{} {}",
            learner.recent_lbd,
            learner.long_run_lbd
        );
        // Not again before the gap, however bad.
        learner.since_restart = 0;
        learner.note_lbd(20);
        assert!(!learner.restart_due());
    }

    #[test]
    fn open_grids_are_filled_in_few_decisions() {
        // Decisions by activity alone took 829,788 on the open 33x33 grid;
        // the smallest group's member takes about as many as cells.
        for (rows, cols) in [(3, 11), (5, 5), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let empty = SizedGrid::empty(shape);
            let found = search_grid(&empty, 2);
            assert_eq!(found.count, 2, "{rows}x{cols}");
            let solution = SizedGrid::from_cells(shape, found.first.unwrap()).unwrap();
            assert!(solution.is_solution_of(&empty), "{rows}x{cols}");
            assert!(
                found.decisions <= shape.cells() as u64,
                "{rows}x{cols}: {} decisions",
                found.decisions
            );
        }
    }

    #[test]
    fn a_backjump_leaves_the_digits_it_took_back_for_the_next_decisions() {
        // Without the saved digits the open 60x60 grid (boxes of 6x10)
        // ran on past 50,000 decisions, refilling it a new way each time.
        let geo = Shape::new(2, 2).unwrap().geometry();
        let mut learner = Learner::new(&geo);
        // Cell 1 (the second), digit 1 (index 0): variable 4.
        let one_in_second_cell = 4 << 1;
        learner.levels.push(learner.trail.len());
        learner.assign(one_in_second_cell, DECIDED);
        assert!(learner.propagate().is_none());
        learner.save_phases(0);
        learner.backtrack(0);
        assert!(learner.trail.is_empty());
        // Every group is whole and every activity nil: the first row's
        // digit 1 comes first, and of its places the cell that had it.
        assert_eq!(learner.decide(), Some(one_in_second_cell));
        learner.phase.fill(0);
        assert_eq!(learner.decide(), Some(0));
    }

    #[test]
    fn pointing_names_its_crossing_where_a_house_has_more_than_sixteen() {
        // A box of 2x16 cells crosses 2 rows and 16 columns: its last
        // crossing (column 16, the 18th) did not fit the reason's four bits.
        let shape = Shape::new(2, 16).unwrap();
        let geo = shape.geometry();
        let n = shape.size();
        let mut learner = Learner::new(&geo);
        learner.levels.push(0);
        // Digit 1 leaves the first box but its last column.
        for row in 0..2 {
            for col in 0..15 {
                learner.assign(((row * n + col) * n) as u32 * 2 + 1, DECIDED);
            }
        }
        assert!(learner.propagate().is_none());
        // So it leaves the rest of that column, for that reason.
        let victim = (2 * n + 15) * n;
        assert_eq!(learner.value[victim], FALSE);
        assert_eq!(learner.reason[victim] & TAG, LOCKED);
        learner.reason_lits(victim);
        let mut named: Vec<u32> = learner.buffer.clone();
        named.sort_unstable();
        let expected: Vec<u32> = (0..2)
            .flat_map(|row| (0..15).map(move |col| ((row * n + col) * n) as u32 * 2))
            .collect();
        assert_eq!(named, expected);
    }

    #[test]
    fn open_grids_of_tall_boxes_are_filled_house_by_house() {
        // With a cell's group taken before a house's digit where as few
        // were left, the open 63x63 grid of 9x7 boxes took 10,306
        // decisions (6.2 s); a house's digit first, 6,961 (0.7 s).
        let shape = Shape::new(9, 7).unwrap();
        let empty = SizedGrid::empty(shape);
        let found = search_grid(&empty, 1);
        assert_eq!(found.count, 1);
        let solution = SizedGrid::from_cells(shape, found.first.unwrap()).unwrap();
        assert!(solution.is_solution_of(&empty));
        assert!(found.decisions < 8_000, "{} decisions", found.decisions);
    }

    /// A learner on a 9x9 grid whose cells have these candidates (bit
    /// `d` for digit `d + 1`; every other cell all nine), propagated.
    fn propagated<'g>(geo: &'g Geometry, cands: &[(usize, u64)]) -> Learner<'g> {
        let mut learner = Learner::new(geo);
        // Above the root, whose literals reasons leave out.
        learner.levels.push(0);
        for &(cell, m) in cands {
            for d in 0..9 {
                if m & 1 << d == 0 {
                    learner.assign(((cell * 9 + d) as u32) << 1 | 1, DECIDED);
                }
            }
        }
        assert!(learner.propagate().is_none());
        learner
    }

    /// The variable is false for this kind of reason, and every literal of
    /// the reason was false before it.
    fn false_by(learner: &mut Learner, cell: usize, d: usize, kind: u32) {
        let var = cell * 9 + d;
        assert_eq!(
            learner.value[var],
            FALSE,
            "r{}c{} {}",
            cell / 9,
            cell % 9,
            d + 1
        );
        assert_eq!(learner.reason[var] & TAG, kind);
        let at = learner
            .trail
            .iter()
            .position(|&l| l >> 1 == var as u32)
            .unwrap();
        learner.reason_lits(var);
        assert!(!learner.buffer.is_empty());
        for &l in &learner.buffer.clone() {
            assert_eq!(learner.lit_value(l), FALSE);
            let before = learner.trail.iter().position(|&t| t == l ^ 1).unwrap();
            assert!(before < at);
        }
    }

    #[test]
    fn a_naked_pair_takes_its_digits_from_the_rest_of_its_houses() {
        let geo = Shape::new(3, 3).unwrap().geometry();
        // r1c1 and r1c5 hold only 1 and 2: not in one box, so the row only.
        let mut learner = propagated(&geo, &[(0, 0b11), (4, 0b11)]);
        for cell in [1, 2, 3, 5, 8] {
            false_by(&mut learner, cell, 0, NAKED);
            false_by(&mut learner, cell, 1, NAKED);
        }
        // Not in the box of r1c1 below the row, not in the columns.
        assert_eq!(learner.value[9 * 9], UNSET);
        assert_eq!(learner.value[10 * 9 + 1], UNSET);
    }

    #[test]
    fn reasons_leave_out_what_is_false_at_the_root() {
        let geo = Shape::new(3, 3).unwrap().geometry();
        let mut learner = Learner::new(&geo);
        // At the root r1c1 loses 9; above it, 3 to 8: a pair of 1 and 2
        // with r1c5 whose reason names 3 to 8 of r1c1 but not 9.
        learner.assign(8 << 1 | 1, DECIDED);
        assert!(learner.propagate().is_none());
        learner.levels.push(learner.trail.len());
        for d in 2..8 {
            learner.assign((d as u32) << 1 | 1, DECIDED);
        }
        for d in 2..9 {
            learner.assign(((4 * 9 + d) as u32) << 1 | 1, DECIDED);
        }
        assert!(learner.propagate().is_none());
        false_by(&mut learner, 1, 0, NAKED);
        learner.reason_lits(9);
        assert!(learner.buffer.contains(&(7 << 1)));
        assert!(!learner.buffer.contains(&(8 << 1)));
        assert_eq!(learner.buffer.len(), 6 + 7);
    }

    #[test]
    fn a_hidden_pair_takes_the_other_digits_from_its_two_cells() {
        let geo = Shape::new(3, 3).unwrap().geometry();
        // In row 1, digits 1 and 2 can go only in c1 and c5.
        let others: Vec<(usize, u64)> = [1, 2, 3, 5, 6, 7, 8]
            .into_iter()
            .map(|c| (c, 0b1_1111_1100))
            .collect();
        let mut learner = propagated(&geo, &others);
        for cell in [0, 4] {
            for d in 2..9 {
                false_by(&mut learner, cell, d, HIDDEN);
            }
            assert_eq!(learner.value[cell * 9], UNSET);
        }
    }

    #[test]
    fn learnt_clauses_hold_in_the_solution() {
        // A hard 9x9 grid (Inkala's), where the search learns: every
        // learnt clause must hold in the one solution (a wrong reason or
        // minimisation would learn a clause that cuts it off).
        let line =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let cells = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let grid = SizedGrid::from_cells(Shape::new(3, 3).unwrap(), cells).unwrap();
        let geo = grid.shape().geometry();
        let cands: Vec<u64> = grid
            .cells()
            .iter()
            .map(|&d| if d == 0 { 0x1ff } else { 1u64 << (d - 1) })
            .collect();
        let mut learner = Learner::new(&geo);
        let found = learner.run(&cands, 1);
        assert_eq!(found.count, 1);
        let solution = found.first.unwrap();
        assert_eq!(reference::count(&grid, 2).0, 1);
        assert!(learner.conflicts > 0);
        let holds = |l: u32| {
            let var = (l >> 1) as usize;
            let placed = solution[var / 9] as usize == var % 9 + 1;
            placed == (l & 1 == 0)
        };
        let mut c = 0;
        let mut clauses = 0;
        while c < learner.arena.len() {
            let len = learner.arena[c] as usize;
            let lits = &learner.arena[c + HEADER..c + HEADER + len];
            assert!(lits.iter().any(|&l| holds(l)), "{lits:?}");
            clauses += 1;
            c += HEADER + len;
        }
        assert!(clauses > 0);
    }

    #[test]
    fn what_both_probes_of_a_pair_set_follows_from_its_record() {
        // Inkala's grid again: after a first decision (right or wrong), a
        // round of probes sets what both members of a pair imply. Each
        // such literal or its record's (all false before it) must hold in
        // the solution: the record is a clause the rules imply.
        let line =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let cells: Vec<u8> = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let grid = SizedGrid::from_cells(Shape::new(3, 3).unwrap(), cells.clone()).unwrap();
        let (_, solution) = reference::count(&grid, 1);
        let solution = solution.unwrap();
        let holds = |l: u32| {
            let var = (l >> 1) as usize;
            let placed = solution.cells()[var / 9] as usize == var % 9 + 1;
            placed == (l & 1 == 0)
        };
        let geo = grid.shape().geometry();
        let mut learner = Learner::new(&geo);
        for (cell, &d) in cells.iter().enumerate() {
            for e in 0..9 {
                if d != 0 && d as usize != e + 1 {
                    learner.assign(((cell * 9 + e) as u32) << 1 | 1, DECIDED);
                }
            }
        }
        assert!(learner.propagate().is_none());
        let mut set = 0;
        for var in 0..81 * 9 {
            if learner.value[var] != UNSET {
                continue;
            }
            learner.levels.push(learner.trail.len());
            learner.new_level_stamp();
            learner.assign((var as u32) << 1, DECIDED);
            let grew = learner.propagate().is_none()
                && matches!(learner.probe(), Ok(Probed::Grew) | Err(_));
            if grew {
                for k in learner.levels[0]..learner.trail.len() {
                    let lit = learner.trail[k];
                    let v = (lit >> 1) as usize;
                    if learner.reason[v] & TAG != PROBE {
                        continue;
                    }
                    set += 1;
                    learner.reason_lits(v);
                    let reason = learner.buffer.clone();
                    for &q in &reason {
                        let before = learner.trail.iter().position(|&t| t == q ^ 1).unwrap();
                        assert!(before < k, "a reason's literal is false before");
                    }
                    assert!(holds(lit) || reason.iter().any(|&q| holds(q)));
                }
            }
            learner.backtrack(0);
            assert!(learner.records.is_empty() && learner.record_levels.is_empty());
        }
        assert!(set > 0, "some pair's probes agree somewhere");
    }

    #[test]
    fn a_levels_literals_shrink_to_the_one_they_follow_from() {
        let geo = Shape::new(3, 3).unwrap().geometry();
        let mut learner = Learner::new(&geo);
        // Level 1: r1c1 is 1, so r1c2 and r2c1 are not.
        learner.levels.push(learner.trail.len());
        learner.assign(0 << 1, DECIDED);
        assert!(learner.propagate().is_none());
        let (r1c2, r2c1) = (9u32, 81u32);
        assert_eq!(learner.value[r1c2 as usize], FALSE);
        assert_eq!(learner.value[r2c1 as usize], FALSE);
        // Clause literals "r1c2 is 1" and "r2c1 is 1" (both false): the
        // one literal "r1c1 is not 1" implies them both.
        assert_eq!(learner.level_uip(&[r1c2 << 1, r2c1 << 1], 1), Some(1));
        assert!(learner.seen[0], "the new literal counts as in the clause");
        assert!(learner.shrink_mark.iter().all(|&m| !m));
    }

    #[test]
    fn counts_agree_with_the_reference_on_small_grids() {
        // Empty 4x4: 288 solutions; rows of a 6x6 fixed.
        let empty = SizedGrid::empty(Shape::new(2, 2).unwrap());
        assert_eq!(search_grid(&empty, 1000).count, 288);
        let line = "..241.7..1..6.422........817............8..24...5....7..46...35.";
        let cells = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let grid = SizedGrid::from_cells(Shape::new(2, 4).unwrap(), cells).unwrap();
        let found = search_grid(&grid, 5);
        assert_eq!(found.count, reference::count(&grid, 5).0);
        let solution = SizedGrid::from_cells(grid.shape(), found.first.unwrap()).unwrap();
        assert!(solution.is_solution_of(&grid));
    }
}
