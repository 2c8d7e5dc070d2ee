//! Alternating inference chains (AIC) on the pencil marks as they are:
//! X-Chains, XY-Chains and AICs (with Skyscraper, 2-String Kite, Turbot
//! Fish and W-Wing named when the chain has their shape), and continuous
//! loops (X-Cycles, XY-Cycles, AIC loops). Sudoku Explainer's "Forcing
//! Chains & Cycles" rule, run on the chain engine (`chain_engine.rs`).

use sudoku_engine::{Cell, CellSet, Digit, DigitSet, HouseKind};

use crate::Candidates;
use crate::Technique;
use crate::step::{Candidate, Step, elim_list, rating};
use crate::techniques::chain_engine::{
    Arena, Cause, NestedHint, Node, finish, first_link_houses, highlight, length_bonus, node,
    node_cell, node_digit, node_on, rule_parents, with_arena,
};

const NODES: usize = 1458;

/// The links of one pass, precomputed: the pencil marks do not change
/// while static chains are followed.
struct Unary {
    /// Per node: range into `adj` of its consequences.
    start: Vec<u32>,
    adj: Vec<(Node, Cause)>,
    /// Search-local marks, valid when equal to `stamp`.
    in_on: Vec<u32>,
    in_off: Vec<u32>,
    done_off: Vec<u32>,
    stamp: u32,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    next: Vec<u32>,
    /// Per "on" instance: a 64-bit filter of the "off" nodes on its path,
    /// to answer most `is_parent` questions without walking the path.
    bloom: Vec<u64>,
}

impl Unary {
    /// Links for cell links `y` and, in loops, unit strong links `x`
    /// (forcing chains always use unit strong links: `x_chains`).
    fn new(c: &Candidates, y: bool, x: bool) -> Unary {
        let mut start = vec![0u32; NODES + 1];
        let mut adj = Vec::with_capacity(NODES * 8);
        for n in 0..NODES {
            start[n] = adj.len() as u32;
            let (cell, d, on) = (
                node_cell(n as Node),
                node_digit(n as Node),
                node_on(n as Node),
            );
            if !c.has(cell, d) {
                continue;
            }
            let [r, col, b] = cell.houses();
            if on {
                if y {
                    for d2 in c.mask(cell) - DigitSet::single(d) {
                        adj.push((node(cell, d2, false), Cause::Cell));
                    }
                }
                let mut seen = CellSet::single(cell);
                for u in [b, r, col] {
                    let t = (c.cells_with(d) & u.cells()) - seen;
                    seen |= t;
                    for x in t {
                        adj.push((node(x, d, false), Cause::Unit(u)));
                    }
                }
            } else {
                let first = adj.len();
                if y && c.count(cell) == 2 {
                    let e = (c.mask(cell) - DigitSet::single(d))
                        .first()
                        .expect("two candidates");
                    adj.push((node(cell, e, true), Cause::Cell));
                }
                if x {
                    for u in [b, r, col] {
                        let pos = c.cells_with(d) & u.cells();
                        if pos.len() == 2 {
                            let other = (pos - CellSet::single(cell)).first().expect("two places");
                            let m = node(other, d, true);
                            if !adj[first..].iter().any(|o| o.0 == m) {
                                adj.push((m, Cause::Unit(u)));
                            }
                        }
                    }
                }
            }
        }
        start[NODES] = adj.len() as u32;
        Unary {
            start,
            adj,
            in_on: vec![0; NODES],
            in_off: vec![0; NODES],
            done_off: vec![0; NODES],
            stamp: 0,
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            next: Vec::new(),
            bloom: Vec::new(),
        }
    }

    #[inline]
    fn links(&self, n: Node) -> std::ops::Range<usize> {
        self.start[n as usize] as usize..self.start[n as usize + 1] as usize
    }

    #[inline]
    fn push(a: &mut Arena, n: Node, cause: Cause, parent: u32) -> u32 {
        a.push_rec(n, cause, &[parent])
    }

    #[inline]
    fn source(a: &mut Arena, n: Node) -> u32 {
        a.push_rec(n, Cause::Source, &[])
    }

    fn is_parent(a: &Arena, child: u32, n: Node) -> bool {
        let mut i = child;
        loop {
            let r = a.recs[i as usize];
            if r.plen == 0 {
                return false;
            }
            i = a.pool[r.pstart as usize];
            if a.recs[i as usize].node == n {
                return true;
            }
        }
    }

    #[inline]
    fn set_bloom(&mut self, inst: u32, value: u64) {
        let i = inst as usize;
        if self.bloom.len() <= i {
            self.bloom.resize(i + 1024, 0);
        }
        self.bloom[i] = value;
    }

    /// Whether "off" node `n` closes the loop at `src` (one of its strong links).
    #[inline]
    fn closes(&self, n: Node, src: Node) -> bool {
        self.links(n).any(|l| self.adj[l].0 == src)
    }

    /// SE's `doCycles`: level-by-level search for a loop back to `src`.
    ///
    /// SE queues an "off" potential once per "on" potential reaching it;
    /// after the first, a copy only matters if it closes the loop, so other
    /// copies are not made.
    fn cycles(&mut self, a: &mut Arena, src: Node, found: &mut Vec<u32>) {
        self.stamp += 1;
        let st = self.stamp;
        let s = Self::source(a, src);
        self.set_bloom(s, 0);
        self.in_on[src as usize] = st;
        self.pend_on.clear();
        self.pend_off.clear();
        self.pend_on.push(s);
        let mut length = 0;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            length += 1;
            for k in 0..self.pend_on.len() {
                let p = self.pend_on[k];
                let pn = a.recs[p as usize].node;
                let pb = self.bloom[p as usize];
                for l in self.links(pn) {
                    let (n, cause) = self.adj[l];
                    if self.in_off[n as usize] == st && !self.closes(n, src) {
                        continue;
                    }
                    let on_path = pb >> (n % 64) & 1 == 1 && Self::is_parent(a, p, n);
                    if !on_path {
                        let i = Self::push(a, n, cause, p);
                        self.pend_off.push(i);
                        self.in_off[n as usize] = st;
                    }
                }
            }
            self.pend_on.clear();
            length += 1;
            self.next.clear();
            for k in 0..self.pend_off.len() {
                let p = self.pend_off[k];
                let pn = a.recs[p as usize].node;
                // A node already expanded in this search only matters for
                // closing the loop: its other targets are all reached.
                let repeat = self.done_off[pn as usize] == st;
                self.done_off[pn as usize] = st;
                let parent_bloom = {
                    let q = a.pool[a.recs[p as usize].pstart as usize];
                    self.bloom[q as usize] | 1u64 << (pn % 64)
                };
                for l in self.links(pn) {
                    let (n, cause) = self.adj[l];
                    if length >= 4 && n == src {
                        found.push(Self::push(a, n, cause, p));
                    }
                    if !repeat && self.in_on[n as usize] != st {
                        let i = Self::push(a, n, cause, p);
                        self.set_bloom(i, parent_bloom);
                        self.next.push(i);
                        self.in_on[n as usize] = st;
                    }
                }
            }
            self.pend_off.clear();
            std::mem::swap(&mut self.pend_on, &mut self.next);
        }
    }

    /// SE's `doForcingChains`: the first time the search reaches the
    /// opposite of `src`.
    fn forcing(&mut self, a: &mut Arena, src: Node) -> Option<u32> {
        self.stamp += 1;
        let st = self.stamp;
        let s = Self::source(a, src);
        self.pend_on.clear();
        self.pend_off.clear();
        if node_on(src) {
            self.in_on[src as usize] = st;
            self.pend_on.push(s);
        } else {
            self.in_off[src as usize] = st;
            self.pend_off.push(s);
        }
        let target = src ^ 1;
        while !self.pend_on.is_empty() || !self.pend_off.is_empty() {
            for k in 0..self.pend_on.len() {
                let p = self.pend_on[k];
                let pn = a.recs[p as usize].node;
                for l in self.links(pn) {
                    let (n, cause) = self.adj[l];
                    if n == target {
                        return Some(Self::push(a, n, cause, p));
                    }
                    if self.in_off[n as usize] != st {
                        let i = Self::push(a, n, cause, p);
                        self.pend_off.push(i);
                        self.in_off[n as usize] = st;
                    }
                }
            }
            self.pend_on.clear();
            for k in 0..self.pend_off.len() {
                let p = self.pend_off[k];
                let pn = a.recs[p as usize].node;
                for l in self.links(pn) {
                    let (n, cause) = self.adj[l];
                    if n == target {
                        return Some(Self::push(a, n, cause, p));
                    }
                    if self.in_on[n as usize] != st {
                        let i = Self::push(a, n, cause, p);
                        self.pend_on.push(i);
                        self.in_on[n as usize] = st;
                    }
                }
            }
            self.pend_off.clear();
        }
        None
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Cycle,
    Chain,
}

/// Eliminations of a loop: candidates outside it that see an "on" and an
/// "off" node of their digit.
fn cycle_elims(c: &Candidates, a: &Arena, dst: u32) -> Vec<Candidate> {
    let path = a.path(dst);
    let mut cells = CellSet::EMPTY;
    for &i in &path[1..] {
        cells.insert(node_cell(a.recs[i as usize].node));
    }
    let mut fwd = [CellSet::EMPTY; 9];
    let mut back = [CellSet::EMPTY; 9];
    for &i in &path[1..] {
        let n = a.recs[i as usize].node;
        let (cell, d) = (node_cell(n), node_digit(n));
        let t = (cell.peers() - cells) & c.cells_with(d);
        if node_on(n) {
            fwd[d.index()] |= t;
        } else {
            back[d.index()] |= t;
        }
    }
    let mut out = Vec::new();
    for d in Digit::all() {
        for x in fwd[d.index()] & back[d.index()] {
            out.push(Candidate::new(x, d));
        }
    }
    out.sort();
    out
}

/// A hint of the unary search: a loop or a forcing chain.
struct Found {
    key: (u16, u32, u8, u32),
    inst: u32,
    kind: Kind,
    y: bool,
    x: bool,
    elims: Vec<Candidate>,
}

/// Sudoku Explainer's "Forcing Chains & Cycles" search: every loop and
/// forcing chain, each passed to `sink` with its sort key (rating,
/// complexity, kind, discovery order).
fn search(c: &Candidates, a: &mut Arena, mut sink: impl FnMut(&mut Arena, Found)) {
    let mut order = 0u32;
    let mut found = Vec::new();
    let mut cands: Vec<(Kind, u32, Vec<Candidate>)> = Vec::new();
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let mut u = Unary::new(c, y, x);
        for cell in Cell::all() {
            let card = c.count(cell);
            if card < 2 || (card > 2 && !x) {
                continue;
            }
            for v in c.digits(cell) {
                found.clear();
                cands.clear();
                u.cycles(a, node(cell, v, true), &mut found);
                for &dst in &found {
                    let elims = cycle_elims(c, a, dst);
                    if !elims.is_empty() {
                        cands.push((Kind::Cycle, dst, elims));
                    }
                }
                if x {
                    for src in [node(cell, v, true), node(cell, v, false)] {
                        if let Some(t) = u.forcing(a, src) {
                            cands.push((Kind::Chain, t, Vec::new()));
                        }
                    }
                }
                for (kind, inst, elims) in cands.drain(..) {
                    order += 1;
                    let complexity = a.ancestors(inst);
                    // The technique before the chain is named by its shape;
                    // a named one (Skyscraper, W-Wing...) keeps this base.
                    let base = match (kind, y && x) {
                        (Kind::Cycle, true) => Technique::AicLoop,
                        (Kind::Chain, true) => Technique::Aic,
                        (Kind::Cycle, false) if y => Technique::XYCycle,
                        (Kind::Cycle, false) => Technique::XCycle,
                        (Kind::Chain, false) => Technique::XChain,
                    }
                    .base_tenths();
                    let sort_key = if y && x {
                        4
                    } else if y {
                        3
                    } else {
                        2
                    };
                    let key = (base + length_bonus(complexity), complexity, sort_key, order);
                    sink(
                        a,
                        Found {
                            key,
                            inst,
                            kind,
                            y,
                            x,
                            elims,
                        },
                    );
                }
            }
        }
    }
}

/// The techniques whose steps [`chains_and_cycles`] takes.
pub const TECHNIQUES: &[Technique] = &[
    Technique::XCycle,
    Technique::XYCycle,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::XChain,
    Technique::WWing,
    Technique::XYChain,
    Technique::Aic,
    Technique::AicLoop,
];

/// The easiest X-/XY-chain or loop, rated as Sudoku Explainer rates it.
///
/// ```
/// use sudoku_logic::{Candidates, Technique, techniques::aic};
/// let marks = Candidates::parse_marks(&[
///     "+4 569 1268 5789 +3 15789 25 2567 5679",
///     "1237 359 12 +6 127 14579 +8 2357 34579",
///     "23678 3569 268 45789 278 45789 2345 23567 +1",
///     "1236 346 1246 378 +5 13678 23 +9 378",
///     "123 +8 59 3479 17 13479 +6 12357 3457",
///     "136 +7 59 +2 168 134689 345 1358 3458",
///     "68 46 468 +1 +9 +2 +7 35 35",
///     "+5 +1 +3 78 678 678 +9 +4 +2",
///     "+9 +2 +7 35 +4 35 +1 68 68",
/// ]
/// .join(" "))
/// .unwrap();
/// let step = aic::chains_and_cycles(&marks).unwrap();
/// assert_eq!(step.technique, Technique::Skyscraper);
/// assert_eq!((step.rating, step.outcome_text().as_str()), (6.6, "r5c9<>4"));
/// ```
pub fn chains_and_cycles(c: &Candidates) -> Option<Step> {
    with_arena(|a| {
        let mut best: Option<Found> = None;
        search(c, a, |_, f| {
            if best.as_ref().is_none_or(|b| f.key < b.key) {
                best = Some(f);
            }
        });
        let b = best?;
        Some(to_step(c, a, b))
    })
}

/// Every loop and forcing chain of `work`, in Sudoku Explainer's order, as
/// nested chains of an outer search on `orig`: only those resting on
/// candidates the outer chain removed.
pub(crate) fn nested_hints(work: &Candidates, orig: &Candidates, a: &mut Arena) -> Vec<NestedHint> {
    let mut all: Vec<Found> = Vec::new();
    search(work, a, |_, f| all.push(f));
    all.sort_by_key(|f| f.key);
    let mut out = Vec::new();
    for f in all {
        let (elims, targets): (Vec<Candidate>, Vec<u32>) = match f.kind {
            Kind::Cycle => (f.elims.clone(), vec![f.inst]),
            Kind::Chain => {
                let t = a.recs[f.inst as usize].node;
                let (cell, d) = (node_cell(t), node_digit(t));
                let e = if node_on(t) {
                    (work.mask(cell) - DigitSet::single(d))
                        .iter()
                        .map(|e| Candidate::new(cell, e))
                        .collect()
                } else {
                    vec![Candidate::new(cell, d)]
                };
                (e, vec![f.inst])
            }
        };
        if elims.is_empty() {
            continue;
        }
        let parents = rule_parents(a, &targets, orig, work, matches!(f.kind, Kind::Cycle));
        if parents.is_empty() {
            continue;
        }
        let src = a.path(f.inst)[0];
        let key = (u64::from(a.recs[src as usize].node) << 32)
            | (u64::from(a.recs[f.inst as usize].node) << 16)
            | u64::from(f.key.1);
        out.push(NestedHint {
            elims,
            parents,
            key,
            complexity: f.key.1,
        });
    }
    out
}

/// `(5)r1c2` style text of a node sequence with `=` for strong and `-` for
/// weak links (Eureka notation, digits omitted when unchanged).
fn aic_text(a: &Arena, insts: &[u32]) -> String {
    let mut out = String::new();
    let mut prev: Option<Node> = None;
    let mut i = 0;
    while i < insts.len() {
        let n = a.recs[insts[i] as usize].node;
        if let Some(p) = prev {
            out.push(if node_on(n) { '=' } else { '-' });
            let _ = p;
        }
        // A strong link inside one cell: (5=7)r1c8.
        if i + 1 < insts.len() {
            let m = a.recs[insts[i + 1] as usize].node;
            if node_cell(m) == node_cell(n) && node_on(m) && !node_on(n) {
                out.push_str(&format!(
                    "({}={}){}",
                    node_digit(n),
                    node_digit(m),
                    node_cell(n)
                ));
                prev = Some(m);
                i += 2;
                continue;
            }
        }
        if prev.is_none_or(|p| node_digit(p) != node_digit(n)) {
            out.push_str(&format!("({})", node_digit(n)));
        }
        out.push_str(&node_cell(n).to_string());
        prev = Some(n);
        i += 1;
    }
    out
}

fn to_step(c: &Candidates, a: &mut Arena, b: Found) -> Step {
    let tenths = b.key.0;
    let path = a.path(b.inst);
    let nodes: Vec<Node> = path.iter().map(|&i| a.recs[i as usize].node).collect();
    let src = nodes[0];
    match b.kind {
        Kind::Cycle => {
            let technique = match (b.y, b.x) {
                (true, true) => Technique::AicLoop,
                (true, false) => Technique::XYCycle,
                _ => Technique::XCycle,
            };
            let text = format!(
                "The loop {} holds whichever way it turns, so candidates seeing both ends of one of its weak links go: {}.",
                aic_text(a, &path),
                elim_list(&b.elims)
            );
            let (cells, cands) = highlight(a, &[b.inst]);
            let houses = first_link_houses(a, &[b.inst], 0);
            Step {
                technique,
                rating: rating(tenths),
                placements: vec![],
                eliminations: b.elims,
                cells,
                houses,
                candidates: cands,
                explanation: text,
            }
        }
        Kind::Chain => {
            let technique = classify(c, a, &path, b.y && b.x);
            let target = nodes[nodes.len() - 1];
            let text = if node_on(src) {
                // Source on leads to its own removal: the inner chain is an AIC
                // whose two ends both see the source.
                format!(
                    "{}: one of its ends holds {}, and {} sees both, so {}.",
                    aic_text(a, &path[1..path.len() - 1]),
                    node_digit(src),
                    node_cell(src),
                    crate::techniques::chain_engine::node_text(target)
                )
            } else {
                format!(
                    "{}: if {} were not {}, the chain would force it to be {}, so {}={}.",
                    aic_text(a, &path),
                    node_cell(src),
                    node_digit(src),
                    node_digit(src),
                    node_cell(src),
                    node_digit(src)
                )
            };
            // An assumption that removes itself is shown as the chain that
            // follows it: its links are the houses to look at.
            let start = usize::from(node_on(src));
            let houses = first_link_houses(a, &[b.inst], start);
            finish(
                technique,
                tenths,
                c,
                target,
                highlight(a, &[b.inst]),
                houses,
                text,
            )
        }
    }
}

/// Names a chain by its shape.
fn classify(c: &Candidates, a: &Arena, path: &[u32], xy: bool) -> Technique {
    let recs: Vec<_> = path.iter().map(|&i| a.recs[i as usize]).collect();
    let src_on = node_on(recs[0].node);
    if !xy {
        if src_on && recs.len() == 6 {
            // on A, off B, on C (strong B=C), off D, on E (strong D=E), off A.
            let kinds = [recs[2].cause, recs[4].cause];
            let line = |k: Cause| match k {
                Cause::Unit(u) if u.kind() == HouseKind::Row => 1,
                Cause::Unit(u) if u.kind() == HouseKind::Column => 2,
                _ => 3,
            };
            return match (line(kinds[0]), line(kinds[1])) {
                (1, 1) | (2, 2) => Technique::Skyscraper,
                (1, 2) | (2, 1) => Technique::TwoStringKite,
                _ => Technique::TurbotFish,
            };
        }
        return Technique::XChain;
    }
    if src_on {
        let inner = &recs[1..recs.len() - 1];
        let strong_all_cell = inner
            .iter()
            .filter(|r| node_on(r.node))
            .all(|r| r.cause == Cause::Cell);
        let weak_all_unit = inner[1..]
            .iter()
            .filter(|r| !node_on(r.node))
            .all(|r| matches!(r.cause, Cause::Unit(_)));
        if strong_all_cell && weak_all_unit {
            return Technique::XYChain;
        }
        // W-Wing: (z=w)A - (w)P = (w)Q - (w=z)B with A and B holding the same pair.
        if inner.len() == 6 {
            let causes: Vec<Cause> = inner.iter().map(|r| r.cause).collect();
            let a_cell = node_cell(inner[0].node);
            let b_cell = node_cell(inner[5].node);
            if causes[1] == Cause::Cell
                && matches!(causes[3], Cause::Unit(_))
                && causes[5] == Cause::Cell
                && c.count(a_cell) == 2
                && c.mask(a_cell) == c.mask(b_cell)
            {
                return Technique::WWing;
            }
        }
    }
    Technique::Aic
}
