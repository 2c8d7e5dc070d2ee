//! The chain engine under the chain techniques ([`super::aic`] and
//! [`super::forcing_chains`]): potentials, their implications and the
//! records of a search, following Sudoku Explainer's chaining rules so that
//! ratings (base + length bonus) match its scale. It knows no technique: the
//! nested searches of the deepest forcing chains come in as a parameter
//! ([`NestedSearch`]), so the techniques depend on the engine and never the
//! other way round.
//!
//! A *potential* is a candidate assumed true ("on") or false ("off"). From a
//! starting potential the engine follows implications breadth first:
//! * on -> off: the other candidates of the cell (cell links) and the same
//!   digit in the cell's box, row and column;
//! * off -> on: the other candidate of a cell with two left, the other place
//!   of a digit with two places left in a unit (strong links).
//!
//! "Static" chains use the pencil marks as they are; "dynamic" chains also
//! remove every "off" candidate as they go, so later implications see the
//! reduced grid. A hint's complexity is the number of distinct potentials it
//! rests on; Sudoku Explainer adds 0.1 to the base rating each time the
//! length passes 4, 6, 8, 12, 16, 24, 32, ...

use std::cell::RefCell;
use std::collections::HashMap;

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, House};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, rating};
use crate::techniques::positions;

/// A potential: `(digit - 1) * 81 + cell` times 2, plus 1 when "on".
pub(crate) type Node = u16;

#[inline]
pub(crate) fn node(cell: Cell, digit: Digit, on: bool) -> Node {
    (((digit.index() * 81 + cell.index()) << 1) | on as usize) as Node
}
#[inline]
pub(crate) fn node_cell(n: Node) -> Cell {
    Cell::new((n as usize >> 1) % 81)
}
#[inline]
pub(crate) fn node_digit(n: Node) -> Digit {
    Digit::new(((n as usize >> 1) / 81) as u8 + 1)
}
#[inline]
pub(crate) fn node_on(n: Node) -> bool {
    n & 1 == 1
}
#[inline]
fn conj(n: Node) -> Node {
    n ^ 1
}

const NODES: usize = 729 * 2;
const NOIDX: u16 = u16::MAX;

/// Why a potential follows from its main parent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    Source,
    Cell,
    Unit(House),
    Advanced,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Rec {
    pub node: Node,
    pub cause: Cause,
    /// Parents are `pool[pstart .. pstart + plen]`, instance ids; the first
    /// is the main parent.
    pub pstart: u32,
    pub plen: u16,
    /// For "off" potentials found by a nested chain: its index in
    /// [`Arena::nested`], else `u32::MAX`.
    pub nested: u32,
    /// Length of the longest parent path: a lower bound of the ancestors.
    pub depth: u16,
}

/// Per-thread buffers so that chain searches do not allocate per run.
#[derive(Default)]
pub(crate) struct Arena {
    pub recs: Vec<Rec>,
    pub pool: Vec<u32>,
    /// Per run: node -> record index relative to the run start, tagged with
    /// `generation` in the high half so that nothing needs clearing between searches.
    pub idx: Vec<u32>,
    generation: u16,
    pub runs: Vec<RunMeta>,
    qon: Vec<u32>,
    qoff: Vec<u32>,
    visited: Vec<u64>,
    stack: Vec<u32>,
    /// Nested chains used by level 2+ searches: (identity, complexity).
    pub nested: Vec<(u64, u32)>,
    /// The arena nested searches run in.
    inner: Option<Box<Arena>>,
    /// Nested hints already found for a reduced grid during this search
    /// (different assumptions often reduce the grid the same way).
    nested_cache: HashMap<[CellSet; 9], Vec<NestedHint>>,
}

#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct RunMeta {
    pub start: u32,
    pub len: u32,
    /// Contradiction found: (instance of the "on", instance of the "off").
    pub absurd: Option<(u32, u32)>,
}

thread_local! {
    static ARENA: RefCell<Arena> = RefCell::new(Arena::default());
}

/// Runs `f` with this thread's arena, emptied.
pub(crate) fn with_arena<R>(f: impl FnOnce(&mut Arena) -> R) -> R {
    ARENA.with(|a| {
        let mut a = a.borrow_mut();
        a.reset();
        f(&mut a)
    })
}

/// The chains a search of Sudoku Explainer's nesting level 2 or more looks
/// for on the reduced grid, given to [`Arena::run`] by its caller (the
/// forcing chains know which searches each level nests; this engine does
/// not): called with the level, the reduced grid, the grid the outer search
/// started from and an emptied arena to run in, it returns every chain
/// found there that rests on the outer chain's eliminations.
pub(crate) type NestedSearch =
    fn(level: u8, work: &Candidates, orig: &Candidates, inner: &mut Arena) -> Vec<NestedHint>;

/// How a dynamic/multiple search propagates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mode {
    /// Cell links (bivalue cells, "other digits of the cell are off").
    pub y: bool,
    /// Remove off candidates as the chain goes.
    pub dynamic: bool,
    /// 0: plain; 1: also intersections, pairs and X-Wings on the reduced
    /// grid; 2: also X-/XY-chains and loops; 3: also cell and region
    /// forcing chains (SE's nesting levels).
    pub level: u8,
    /// The nested searches of levels 2 and up.
    pub nested: NestedSearch,
}

/// A chain found inside a nested search, as the outer chain uses it.
#[derive(Clone)]
pub(crate) struct NestedHint {
    /// Candidates it removes from the reduced grid.
    pub elims: Vec<Candidate>,
    /// The outer chain's eliminations it rests on.
    pub parents: Vec<Candidate>,
    /// Identity, to count a chain used twice once.
    pub key: u64,
    /// Its own complexity.
    pub complexity: u32,
}

/// The outer chain's eliminations (candidates of `orig` missing from
/// `work`) that the "on" potentials of a nested chain rest on: the cell of
/// a naked single, the unit of a hidden single.
pub(crate) fn rule_parents(
    a: &Arena,
    targets: &[u32],
    orig: &Candidates,
    work: &Candidates,
    all_nodes: bool,
) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let mut seen = vec![false; NODES];
    let mut stack: Vec<u32> = targets.to_vec();
    while let Some(i) = stack.pop() {
        let r = a.recs[i as usize];
        if seen[r.node as usize] {
            continue;
        }
        seen[r.node as usize] = true;
        stack.extend_from_slice(a.parents(i));
        if !node_on(r.node) && !all_nodes {
            continue;
        }
        let (cell, d) = (node_cell(r.node), node_digit(r.node));
        match r.cause {
            Cause::Cell => {
                for e in orig.mask(cell) - work.mask(cell) {
                    out.push(Candidate::new(cell, e));
                }
            }
            Cause::Unit(u) => {
                for x in (u.cells() & orig.cells_with(d)) - work.cells_with(d) {
                    out.push(Candidate::new(x, d));
                }
            }
            _ => {}
        }
    }
    out.sort();
    out.dedup();
    out
}

impl Arena {
    /// Forgets every run.
    pub fn reset(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.idx.fill(0);
            self.generation = 1;
        }
        self.recs.clear();
        self.pool.clear();
        self.runs.clear();
        self.nested.clear();
        self.nested_cache.clear();
    }

    pub(crate) fn push_rec(&mut self, node: Node, cause: Cause, parents: &[u32]) -> u32 {
        let id = self.recs.len() as u32;
        let pstart = self.pool.len() as u32;
        self.pool.extend_from_slice(parents);
        let depth = parents
            .iter()
            .map(|&p| self.recs[p as usize].depth + 1)
            .max()
            .unwrap_or(0);
        self.recs.push(Rec {
            node,
            cause,
            pstart,
            plen: parents.len() as u16,
            nested: u32::MAX,
            depth,
        });
        id
    }

    /// Record index (relative to its run) of `node` in the run at `base`.
    #[inline]
    fn at(&self, base: usize, node: Node) -> u16 {
        let e = self.idx[base + node as usize];
        if (e >> 16) as u16 == self.generation {
            e as u16
        } else {
            NOIDX
        }
    }

    #[inline]
    fn mark(&mut self, base: usize, node: Node, rel: u16) {
        self.idx[base + node as usize] = (u32::from(self.generation) << 16) | u32::from(rel);
    }

    #[inline]
    pub fn parents(&self, inst: u32) -> &[u32] {
        let r = &self.recs[inst as usize];
        &self.pool[r.pstart as usize..r.pstart as usize + r.plen as usize]
    }

    /// The instance of `node` in run `run`, if it was reached.
    #[inline]
    pub fn find(&self, run: usize, node: Node) -> Option<u32> {
        let i = self.at(run * NODES, node);
        (i != NOIDX).then(|| self.runs[run].start + u32::from(i))
    }

    /// Records of a run in the order they were reached.
    pub fn run_recs(&self, run: usize) -> std::ops::Range<u32> {
        let m = self.runs[run];
        m.start..m.start + m.len
    }

    /// Number of distinct potentials `inst` rests on, itself included.
    pub fn ancestors(&mut self, inst: u32) -> u32 {
        self.visited.clear();
        self.visited.resize(NODES / 64 + 1, 0);
        self.stack.clear();
        self.stack.push(inst);
        let mut n = 0;
        let mut nested_seen: Vec<u64> = Vec::new();
        while let Some(i) = self.stack.pop() {
            let node = self.recs[i as usize].node as usize;
            if self.visited[node / 64] >> (node % 64) & 1 == 1 {
                continue;
            }
            self.visited[node / 64] |= 1 << (node % 64);
            n += 1;
            let r = self.recs[i as usize];
            if r.nested != u32::MAX {
                let (key, complexity) = self.nested[r.nested as usize];
                if !nested_seen.contains(&key) {
                    nested_seen.push(key);
                    n += complexity;
                }
            }
            for k in 0..r.plen as usize {
                let p = self.pool[r.pstart as usize + k];
                self.stack.push(p);
            }
        }
        n
    }

    /// The main path from the source to `inst` (first parents).
    pub fn path(&self, inst: u32) -> Vec<u32> {
        let mut out = vec![inst];
        let mut i = inst;
        loop {
            let ps = self.parents(i);
            if ps.is_empty() {
                break;
            }
            i = ps[0];
            out.push(i);
        }
        out.reverse();
        out
    }

    /// Every distinct potential `inst` rests on.
    pub fn ancestor_nodes(&self, inst: u32) -> Vec<Node> {
        let mut seen = vec![false; NODES];
        let mut stack = vec![inst];
        let mut out = Vec::new();
        while let Some(i) = stack.pop() {
            let node = self.recs[i as usize].node;
            if seen[node as usize] {
                continue;
            }
            seen[node as usize] = true;
            out.push(node);
            stack.extend_from_slice(self.parents(i));
        }
        out
    }

    /// Sudoku Explainer's `doChaining`: from the start potentials, follow
    /// every implication; stop at the first potential that would be both on
    /// and off. Returns the run number.
    pub fn run(&mut self, orig: &Candidates, start: Node, mode: Mode) -> usize {
        let run = self.runs.len();
        let rstart = self.recs.len() as u32;
        self.runs.push(RunMeta {
            start: rstart,
            len: 0,
            absurd: None,
        });
        let base = run * NODES;
        if self.generation == 0 {
            self.generation = 1;
        }
        if self.idx.len() < base + NODES {
            self.idx.resize(base + NODES, 0);
        }
        self.qon.clear();
        self.qoff.clear();
        let (mut hon, mut hoff) = (0usize, 0usize);
        let first = self.push_rec(start, Cause::Source, &[]);
        self.mark(base, start, 0);
        if node_on(start) {
            self.qon.push(first);
        } else {
            self.qoff.push(first);
        }
        let mut work = *orig;
        let mut absurd = None;
        'outer: loop {
            if hon < self.qon.len() {
                let p = self.qon[hon];
                hon += 1;
                let pn = self.recs[p as usize].node;
                let (cell, d) = (node_cell(pn), node_digit(pn));
                let g = if mode.dynamic { &work } else { orig };
                if mode.y {
                    for d2 in g.mask(cell) - DigitSet::single(d) {
                        if let Some(a) =
                            self.emit(base, rstart, node(cell, d2, false), Cause::Cell, p)
                        {
                            absurd = Some(a);
                            break 'outer;
                        }
                    }
                }
                let mut seen = CellSet::single(cell);
                let [r, c, b] = cell.houses();
                for u in [b, r, c] {
                    let targets = (g.cells_with(d) & u.cells()) - seen;
                    seen |= targets;
                    for x in targets {
                        if let Some(a) =
                            self.emit(base, rstart, node(x, d, false), Cause::Unit(u), p)
                        {
                            absurd = Some(a);
                            break 'outer;
                        }
                    }
                }
            } else if hoff < self.qoff.len() {
                let p = self.qoff[hoff];
                hoff += 1;
                let pn = self.recs[p as usize].node;
                let (cell, d) = (node_cell(pn), node_digit(pn));
                let g = if mode.dynamic { &work } else { orig };
                // Up to 4 "on" consequences, deduplicated, in SE's order.
                let mut ons: [(Node, Cause, u16); 4] = [(0, Cause::Source, 0); 4];
                let mut n_on = 0;
                if mode.y && g.count(cell) == 2 {
                    let other = g.mask(cell) - DigitSet::single(d);
                    let e = other.first().expect("two candidates");
                    ons[0] = (
                        node(cell, e, true),
                        Cause::Cell,
                        (orig.mask(cell) - g.mask(cell)).bits(),
                    );
                    n_on = 1;
                }
                let [r, c, b] = cell.houses();
                for u in [b, r, c] {
                    let pos = g.cells_with(d) & u.cells();
                    if pos.len() == 2 {
                        let other = (pos - CellSet::single(cell)).first().expect("two places");
                        let nn = node(other, d, true);
                        if ons[..n_on].iter().all(|o| o.0 != nn) {
                            let removed = (orig.cells_with(d) & u.cells()) - pos;
                            ons[n_on] = (nn, Cause::Unit(u), positions(u, removed));
                            n_on += 1;
                        }
                    }
                }
                if mode.dynamic {
                    work.eliminate(cell, d);
                }
                for &(nn, cause, hidden) in &ons[..n_on] {
                    let off = conj(nn);
                    let in_off = self.at(base, off);
                    let in_on = self.at(base, nn);
                    if in_off != NOIDX || in_on == NOIDX {
                        let (parents, np) = self.hidden_parents(base, rstart, p, nn, cause, hidden);
                        let parents = &parents[..np];
                        if in_off != NOIDX {
                            let inst = self.push_rec(nn, cause, parents);
                            absurd = Some((inst, rstart + u32::from(in_off)));
                            break 'outer;
                        }
                        let inst = self.push_rec(nn, cause, parents);
                        self.mark(base, nn, (inst - rstart) as u16);
                        self.qon.push(inst);
                    }
                }
            } else {
                if mode.level > 0 {
                    let added = self.advanced(orig, &work, base, rstart, mode);
                    if added {
                        continue;
                    }
                }
                break;
            }
        }
        let m = &mut self.runs[run];
        m.len = self.recs.len() as u32 - rstart;
        m.absurd = absurd;
        run
    }

    /// Emits "off" potential `n` caused by "on" instance `p`; returns the
    /// contradiction when `n`'s "on" twin is already reached.
    #[inline]
    fn emit(
        &mut self,
        base: usize,
        rstart: u32,
        n: Node,
        cause: Cause,
        p: u32,
    ) -> Option<(u32, u32)> {
        let on_twin = self.at(base, conj(n));
        if on_twin != NOIDX {
            let inst = self.push_rec(n, cause, &[p]);
            return Some((rstart + u32::from(on_twin), inst));
        }
        if self.at(base, n) == NOIDX {
            let inst = self.push_rec(n, cause, &[p]);
            self.mark(base, n, (inst - rstart) as u16);
            self.qoff.push(inst);
        }
        None
    }

    /// Main parent plus the "off" potentials already applied in the cell (or
    /// unit) that made this "on" follow.
    fn hidden_parents(
        &self,
        base: usize,
        rstart: u32,
        p: u32,
        nn: Node,
        cause: Cause,
        hidden: u16,
    ) -> ([u32; 9], usize) {
        let mut out = [0u32; 9];
        out[0] = p;
        let mut n = 1;
        match cause {
            Cause::Cell => {
                let cell = node_cell(nn);
                for d in DigitSet::from_bits(hidden) {
                    let i = self.at(base, node(cell, d, false));
                    debug_assert!(i != NOIDX, "hidden parent reached");
                    if i != NOIDX {
                        out[n] = rstart + u32::from(i);
                        n += 1;
                    }
                }
            }
            Cause::Unit(u) => {
                let d = node_digit(nn);
                for pos in 0..9 {
                    if hidden >> pos & 1 == 1 {
                        let x = u.cell_at(pos);
                        let i = self.at(base, node(x, d, false));
                        debug_assert!(i != NOIDX, "hidden parent reached");
                        if i != NOIDX {
                            out[n] = rstart + u32::from(i);
                            n += 1;
                        }
                    }
                }
            }
            _ => {}
        }
        (out, n)
    }

    /// Level 1 (SE "Dynamic Forcing Chains (+)"): when nothing else
    /// follows, look for the first of pointing/claiming, hidden pair, naked
    /// pair, X-Wing on the reduced grid whose eliminations depend on the
    /// chain, and add them as "off" potentials.
    fn advanced(
        &mut self,
        orig: &Candidates,
        work: &Candidates,
        base: usize,
        rstart: u32,
        mode: Mode,
    ) -> bool {
        type Offs = (Vec<Candidate>, Vec<Candidate>, Option<(u64, u32)>);
        let mut found: Vec<Offs> = super::reduced_grid_rules::advanced_offs(orig, work)
            .into_iter()
            .map(|(e, p)| (e, p, None))
            .collect();
        if found.is_empty() && mode.level >= 2 {
            let key: [CellSet; 9] =
                std::array::from_fn(|d| work.cells_with(Digit::new(d as u8 + 1)));
            let hints = match self.nested_cache.get(&key) {
                Some(h) => h.clone(),
                None => {
                    let mut inner = self.inner.take().unwrap_or_default();
                    inner.reset();
                    let hints = (mode.nested)(mode.level, work, orig, &mut inner);
                    self.inner = Some(inner);
                    self.nested_cache.insert(key, hints.clone());
                    hints
                }
            };
            found = hints
                .into_iter()
                .map(|h| (h.elims, h.parents, Some((h.key, h.complexity))))
                .collect();
        }
        let mut added = false;
        for (elims, removed, nested) in found {
            let nested_id = nested.map(|n| {
                self.nested.push(n);
                self.nested.len() as u32 - 1
            });
            // Parents: the chain's "off" potentials that the rule used.
            let mut parents = Vec::with_capacity(removed.len());
            for r in &removed {
                let i = self.at(base, node(r.cell, r.digit, false));
                if i != NOIDX {
                    parents.push(rstart + u32::from(i));
                }
            }
            for e in elims {
                let n = node(e.cell, e.digit, false);
                if self.at(base, n) == NOIDX {
                    let inst = self.push_rec(n, Cause::Advanced, &parents);
                    if let Some(id) = nested_id {
                        self.recs[inst as usize].nested = id;
                    }
                    self.mark(base, n, (inst - rstart) as u16);
                    self.qoff.push(inst);
                    added = true;
                }
            }
        }
        added
    }
}

/// Sudoku Explainer's length bonus for a chain of `complexity` potentials.
pub(crate) fn length_bonus(complexity: u32) -> u16 {
    let mut added = 0;
    let mut ceil: i64 = 4;
    let length = i64::from(complexity) - 2;
    let mut odd = false;
    while length > ceil {
        added += 1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

/// Text of a potential: `r1c2=5` (on) or `r1c2<>5` (off).
pub(crate) fn node_text(n: Node) -> String {
    format!(
        "{}{}{}",
        node_cell(n),
        if node_on(n) { "=" } else { "<>" },
        node_digit(n)
    )
}

/// The main path to an instance as `r1c2=5 -> r1c8<>5 -> ...`. An
/// elimination made by a simple rule on the reduced grid is marked `(+)`,
/// one made by a nested chain `(++)`.
pub(crate) fn path_text(a: &Arena, inst: u32) -> String {
    a.path(inst)
        .iter()
        .map(|&i| {
            let r = a.recs[i as usize];
            let mut t = node_text(r.node);
            if r.cause == Cause::Advanced {
                t.push_str(if r.nested == u32::MAX {
                    " (+)"
                } else {
                    " (++)"
                });
            }
            t
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The legend for the marks of [`path_text`], when a text uses them.
pub(crate) fn legend(text: &str) -> &'static str {
    match (text.contains(" (+)"), text.contains(" (++)")) {
        (false, false) => "",
        (true, false) => {
            " (+): by an intersection, a pair or an X-Wing once the chain's eliminations are made."
        }
        (false, true) => " (++): by a shorter chain once the chain's eliminations are made.",
        (true, true) => {
            " (+): by an intersection, a pair or an X-Wing, (++): by a shorter chain, once the chain's eliminations are made."
        }
    }
}

pub(crate) fn highlight(a: &Arena, insts: &[u32]) -> (Vec<Cell>, Vec<Candidate>) {
    let mut nodes: Vec<Node> = Vec::new();
    for &i in insts {
        nodes.extend(a.ancestor_nodes(i));
    }
    let mut cands: Vec<Candidate> = nodes
        .iter()
        .map(|&n| Candidate::new(node_cell(n), node_digit(n)))
        .collect();
    cands.sort();
    cands.dedup();
    let mut cells: Vec<Cell> = cands.iter().map(|c| c.cell).collect();
    cells.dedup();
    (cells, cands)
}

/// The houses of the first link between two cells on the main path to
/// each instance (a chain's branches), without repeats, looking from the
/// potential at position `start` of each path on (0 for the whole chain);
/// the box of the first path's potential there when no path has such a
/// link.
pub(crate) fn first_link_houses(a: &Arena, insts: &[u32], start: usize) -> Vec<House> {
    let mut out = Vec::new();
    for &i in insts {
        // A record's cause is the link that leads to it from its parent.
        let first =
            a.path(i)
                .into_iter()
                .skip(start + 1)
                .find_map(|j| match a.recs[j as usize].cause {
                    Cause::Unit(u) => Some(u),
                    _ => None,
                });
        if let Some(u) = first
            && !out.contains(&u)
        {
            out.push(u);
        }
    }
    if out.is_empty() {
        let path = a.path(insts[0]);
        let from = path[start.min(path.len() - 1)];
        out.push(node_cell(a.recs[from as usize].node).houses()[2]);
    }
    out
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn finish(
    technique: Technique,
    tenths: u16,
    c: &Candidates,
    target: Node,
    highlight_of: (Vec<Cell>, Vec<Candidate>),
    houses: Vec<House>,
    explanation: String,
) -> Step {
    let (cell, d) = (node_cell(target), node_digit(target));
    let (placements, eliminations) = if node_on(target) {
        (
            vec![Candidate::new(cell, d)],
            (c.mask(cell) - DigitSet::single(d))
                .iter()
                .map(|e| Candidate::new(cell, e))
                .collect(),
        )
    } else {
        (vec![], vec![Candidate::new(cell, d)])
    };
    Step {
        technique,
        rating: rating(tenths),
        placements,
        eliminations,
        cells: highlight_of.0,
        houses,
        candidates: highlight_of.1,
        explanation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_steps() {
        // Lengths 1-4 no bonus, 5-6 +0.1, 7-8 +0.2, 9-12 +0.3, 13-16 +0.4, 17-24 +0.5.
        let b = |len: u32| length_bonus(len + 2);
        assert_eq!(
            (
                b(4),
                b(5),
                b(6),
                b(7),
                b(8),
                b(9),
                b(12),
                b(13),
                b(16),
                b(17),
                b(24),
                b(25)
            ),
            (0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6)
        );
    }

    #[test]
    fn node_roundtrip() {
        for cell in [0, 40, 80].map(Cell::new) {
            for d in [1, 9].map(Digit::new) {
                for on in [false, true] {
                    let n = node(cell, d, on);
                    assert_eq!((node_cell(n), node_digit(n), node_on(n)), (cell, d, on));
                }
            }
        }
    }
}
