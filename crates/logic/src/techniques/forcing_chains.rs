//! Forcing chains from a cell, a unit, or one candidate true and false:
//! Nishio, static "multiple" (cell and region) forcing chains, dynamic
//! forcing chains, with intersections, pairs and X-Wings on the way (+),
//! and nested forcing chains, as Sudoku Explainer finds and rates them. Run
//! on the chain engine (`chain_engine.rs`); the nested levels use
//! [`super::aic`] and these forcing chains themselves on the reduced grid.

use sudoku_engine::{Cell, Digit, DigitSet, House};

use crate::Technique;
use crate::step::{Step, digit_words};
use crate::techniques::aic;
use crate::techniques::chain_engine::{
    self as chains, Arena, Mode, NestedHint, Node, finish, highlight, length_bonus, node, node_on,
    node_text, path_text, with_arena,
};
use crate::{Candidate, Candidates};

/// Which Sudoku Explainer chaining rule.
///
/// ```
/// use sudoku_logic::techniques::forcing_chains::Kind;
/// assert!(Kind::Nishio.base_tenths() < Kind::Multiple.base_tenths());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Single-digit dynamic contradictions (7.5).
    Nishio,
    /// Static cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5).
    Dynamic,
    /// Dynamic forcing chains helped by intersections, pairs and X-Wings (9.0).
    DynamicPlus,
    /// Dynamic forcing chains that also use X-/XY-chains and loops on the
    /// way (SE "(+ Forcing Chains)", 9.5).
    Nested2,
    /// ... and cell and region forcing chains (SE "(+ Multiple Forcing
    /// Chains)", 10.0).
    Nested3,
    /// Dynamic forcing chains that use dynamic forcing chains on the way
    /// (SE "(+ Dynamic Forcing Chains)", 10.5).
    Nested4,
}

impl Kind {
    /// The techniques a search of this kind finds.
    ///
    /// ```
    /// use sudoku_logic::{Technique, techniques::forcing_chains::Kind};
    /// assert_eq!(Kind::Nishio.techniques(), [Technique::NishioForcingChain]);
    /// ```
    pub const fn techniques(self) -> &'static [Technique] {
        use Technique::*;
        match self {
            Kind::Nishio => &[NishioForcingChain],
            Kind::Multiple => &[CellForcingChain, RegionForcingChain],
            Kind::Dynamic => &[
                DynamicContradictionChain,
                DynamicDoubleChain,
                DynamicCellForcingChain,
                DynamicRegionForcingChain,
            ],
            Kind::DynamicPlus => &[
                DynamicContradictionChainPlus,
                DynamicDoubleChainPlus,
                DynamicCellForcingChainPlus,
                DynamicRegionForcingChainPlus,
            ],
            Kind::Nested2 | Kind::Nested3 | Kind::Nested4 => &[NestedForcingChain],
        }
    }

    /// The rating, in tenths, that a chain of this kind starts from before
    /// its length bonus: the base rating of its techniques, plus 0.5 for
    /// each nesting level past the first nested one (Sudoku Explainer's
    /// 9.5, 10.0 and 10.5).
    ///
    /// ```
    /// use sudoku_logic::techniques::forcing_chains::Kind;
    /// assert_eq!(Kind::Dynamic.base_tenths(), 85);
    /// assert_eq!(Kind::Nested4.base_tenths(), 105);
    /// ```
    pub const fn base_tenths(self) -> u16 {
        let deeper = match self {
            Kind::Nested3 => 1,
            Kind::Nested4 => 2,
            _ => 0,
        };
        self.techniques()[0].base_tenths() + 5 * deeper
    }

    fn dynamic(self) -> bool {
        self != Kind::Multiple
    }
    fn mode(self) -> Mode {
        Mode {
            y: self != Kind::Nishio,
            dynamic: self.dynamic(),
            level: match self {
                Kind::DynamicPlus => 1,
                Kind::Nested2 => 2,
                Kind::Nested3 => 3,
                Kind::Nested4 => 4,
                _ => 0,
            },
            nested: nested_searches,
        }
    }
}

/// The chains Sudoku Explainer's nesting levels look for on the reduced
/// grid: levels 2 and 3 nest static chains (X-/XY-chains and loops, then
/// cell and region forcing chains); from level 4 dynamic forcing chains
/// cover them.
fn nested_searches(
    level: u8,
    work: &Candidates,
    orig: &Candidates,
    inner: &mut Arena,
) -> Vec<NestedHint> {
    if level < 4 {
        let mut hints = aic::nested_hints(work, orig, inner);
        if hints.is_empty() && level >= 3 {
            inner.reset();
            hints = nested_hints(work, orig, inner, Kind::Multiple);
        }
        hints
    } else {
        nested_hints(work, orig, inner, Kind::Dynamic)
    }
}

#[derive(Clone, Debug)]
enum Shape {
    /// Source potential leads to a contradiction: (source, on inst, off inst).
    Contradiction(Node, u32, u32),
    /// Source on and off both give the target: (source, inst in on run, inst in off run).
    Double(Node, u32, u32),
    /// Every candidate of a cell gives the target: instances per candidate.
    Cell(Cell, Vec<(Digit, u32)>),
    /// Every place of a digit in a unit gives the target.
    Region(House, Digit, Vec<(Cell, u32)>),
}

struct Best {
    key: (u32, u8, u32),
    target: Node,
    shape: Shape,
}

struct Search<'a> {
    c: &'a Candidates,
    kind: Kind,
    on_runs: Vec<u32>,
    off_runs: Vec<u32>,
    best: Option<Best>,
    order: u32,
    /// When set, every hint is kept here instead of only the best.
    all: Option<Vec<Best>>,
}

const NORUN: u32 = u32::MAX;

impl Search<'_> {
    fn on_run(&mut self, a: &mut Arena, cell: Cell, d: Digit) -> usize {
        let k = d.index() * 81 + cell.index();
        if self.on_runs[k] == NORUN {
            self.on_runs[k] = a.run(self.c, node(cell, d, true), self.kind.mode()) as u32;
        }
        self.on_runs[k] as usize
    }

    fn off_run(&mut self, a: &mut Arena, cell: Cell, d: Digit) -> usize {
        let k = d.index() * 81 + cell.index();
        if self.off_runs[k] == NORUN {
            self.off_runs[k] = a.run(self.c, node(cell, d, false), self.kind.mode()) as u32;
        }
        self.off_runs[k] as usize
    }

    /// Offers a hint; `insts` are the chain ends whose ancestor counts add up
    /// to its complexity.
    fn offer(
        &mut self,
        a: &mut Arena,
        target: Node,
        sort_key: u8,
        insts: &[u32],
        shape: impl FnOnce() -> Shape,
    ) {
        // Worth it only if it removes something.
        if node_on(target) && self.c.count(chains::node_cell(target)) < 2 {
            return;
        }
        self.order += 1;
        if let Some(all) = self.all.as_mut() {
            let complexity = insts.iter().map(|&i| a.ancestors(i)).sum();
            all.push(Best {
                key: (complexity, sort_key, self.order),
                target,
                shape: shape(),
            });
            return;
        }
        let cap = self.best.as_ref().map_or(u32::MAX, |b| b.key.0);
        // Each end rests on at least the potentials of its longest parent
        // path (its own node may repeat one of them): skip hopeless hints.
        let lower: u32 = insts
            .iter()
            .map(|&i| u32::from(a.recs[i as usize].depth))
            .sum();
        if lower > cap {
            return;
        }
        let mut complexity = 0u32;
        for &i in insts {
            complexity += a.ancestors(i);
            if complexity > cap {
                return;
            }
        }
        let key = (complexity, sort_key, self.order);
        if self.best.as_ref().is_none_or(|b| key < b.key) {
            self.best = Some(Best {
                key,
                target,
                shape: shape(),
            });
        }
    }
}

/// The easiest forcing chain of the given kind, rated as Sudoku Explainer does.
///
/// ```
/// use sudoku_logic::{Candidates, Technique};
/// use sudoku_logic::techniques::forcing_chains::{Kind, forcing_chain};
/// let marks = Candidates::parse_marks(&[
///     "356 +4 79 3578 +1 367 +2 3689 35689",
///     "2356 23568 2368 35 2456 +9 145 +7 13456",
///     "2356 +1 79 3578 24567 23467 4589 34689 345689",
///     "125 2579 12 +4 +3 157 +6 1289 12789",
///     "+8 2367 12346 179 679 167 147 +5 12347",
///     "13456 35679 1346 +2 +8 1567 1479 1349 13479",
///     "+7 236 +5 139 249 +8 149 12469 12469",
///     "124 28 1248 +6 24579 1247 +3 12489 1245789",
///     "+9 2368 123468 1357 2457 12347 14578 12468 1245678",
/// ]
/// .join(" "))
/// .unwrap();
/// let step = forcing_chain(&marks, Kind::Nishio).unwrap();
/// assert_eq!(step.technique, Technique::NishioForcingChain);
/// assert_eq!((step.rating, step.outcome_text().as_str()), (7.9, "r8c9<>4"));
/// ```
pub fn forcing_chain(c: &Candidates, kind: Kind) -> Option<Step> {
    with_arena(|a| {
        let mut s = Search {
            c,
            kind,
            on_runs: vec![NORUN; 729],
            off_runs: vec![NORUN; 729],
            best: None,
            order: 0,
            all: None,
        };
        scan(&mut s, a);
        let best = s.best?;
        Some(to_step(c, a, kind, best))
    })
}

/// Every forcing chain of `kind` in `work` (static cell and region chains
/// for SE nesting level 3, dynamic ones for level 4), as nested chains of an
/// outer search on `orig`.
pub(crate) fn nested_hints(
    work: &Candidates,
    orig: &Candidates,
    a: &mut Arena,
    kind: Kind,
) -> Vec<NestedHint> {
    let mut s = Search {
        c: work,
        kind,
        on_runs: vec![NORUN; 729],
        off_runs: vec![NORUN; 729],
        best: None,
        order: 0,
        all: Some(Vec::new()),
    };
    scan(&mut s, a);
    let mut all = s.all.take().unwrap_or_default();
    all.sort_by_key(|b| b.key);
    let mut out = Vec::new();
    for b in all {
        let t = b.target;
        let (cell, d) = (chains::node_cell(t), chains::node_digit(t));
        let elims: Vec<Candidate> = if node_on(t) {
            (work.mask(cell) - DigitSet::single(d))
                .iter()
                .map(|e| Candidate::new(cell, e))
                .collect()
        } else {
            vec![Candidate::new(cell, d)]
        };
        if elims.is_empty() {
            continue;
        }
        let (insts, extra): (Vec<u32>, Vec<Candidate>) = match &b.shape {
            Shape::Cell(x, ends) => (
                ends.iter().map(|e| e.1).collect(),
                (orig.mask(*x) - work.mask(*x))
                    .iter()
                    .map(|e| Candidate::new(*x, e))
                    .collect(),
            ),
            Shape::Region(u, v, ends) => (
                ends.iter().map(|e| e.1).collect(),
                ((u.cells() & orig.cells_with(*v)) - work.cells_with(*v))
                    .iter()
                    .map(|x| Candidate::new(x, *v))
                    .collect(),
            ),
            Shape::Contradiction(_, i, j) | Shape::Double(_, i, j) => (vec![*i, *j], vec![]),
        };
        let mut parents = chains::rule_parents(a, &insts, orig, work, false);
        parents.extend(extra);
        parents.sort();
        parents.dedup();
        if parents.is_empty() {
            continue;
        }
        let key = (1u64 << 48) | (u64::from(t) << 32) | u64::from(b.key.0);
        out.push(NestedHint {
            elims,
            parents,
            key,
            complexity: b.key.0,
        });
    }
    out
}

fn scan(s: &mut Search, a: &mut Arena) {
    let c = s.c;
    let kind = s.kind;
    {
        {
            let nishio = kind == Kind::Nishio;
            let dynamic = kind.dynamic();
            for cell in Cell::all() {
                let card = c.count(cell);
                if !(card > 2 || (card > 1 && dynamic)) {
                    continue;
                }
                for v in c.digits(cell) {
                    let on = s.on_run(a, cell, v);
                    if dynamic {
                        let off = s.off_run(a, cell, v);
                        // Contradictions: the assumption is impossible.
                        if let Some((i_on, i_off)) = a.runs[on].absurd {
                            let src = node(cell, v, true);
                            s.offer(a, node(cell, v, false), 7, &[i_on, i_off], || {
                                Shape::Contradiction(src, i_on, i_off)
                            });
                        }
                        if let Some((i_on, i_off)) = a.runs[off].absurd {
                            let src = node(cell, v, false);
                            s.offer(a, node(cell, v, true), 7, &[i_on, i_off], || {
                                Shape::Contradiction(src, i_on, i_off)
                            });
                        }
                        // Double: true or false, the same consequence.
                        if card >= 3 && !nishio {
                            for want_on in [true, false] {
                                for inst in a.run_recs(on) {
                                    let n = a.recs[inst as usize].node;
                                    if node_on(n) != want_on || a.find(on, n) != Some(inst) {
                                        continue;
                                    }
                                    if let Some(other) = a.find(off, n) {
                                        let src = node(cell, v, true);
                                        s.offer(a, n, 1, &[inst, other], || {
                                            Shape::Double(src, inst, other)
                                        });
                                    }
                                }
                            }
                        }
                    }
                    if !nishio {
                        region_chains(s, a, cell, v);
                    }
                }
                if !nishio {
                    cell_chains(s, a, cell);
                }
            }
        }
    }
}

/// The nodes that every run reaches (the "on" ones first, then the "off"
/// ones, each in the order the first run reached them), with the record of
/// each in every run, in the runs' order.
fn reached_by_all(a: &Arena, runs: &[usize]) -> Vec<(Node, Vec<u32>)> {
    let mut out = Vec::new();
    for want_on in [true, false] {
        for inst in a.run_recs(runs[0]) {
            let n = a.recs[inst as usize].node;
            if node_on(n) != want_on || a.find(runs[0], n) != Some(inst) {
                continue;
            }
            let insts: Option<Vec<u32>> = runs.iter().map(|&r| a.find(r, n)).collect();
            if let Some(insts) = insts {
                out.push((n, insts));
            }
        }
    }
    out
}

fn region_chains(s: &mut Search, a: &mut Arena, cell: Cell, v: Digit) {
    let [r, c, b] = cell.houses();
    for u in [b, r, c] {
        let pos = s.c.unit_cells(u, v);
        if pos.len() < 2 || pos.first() != Some(cell) {
            continue;
        }
        let cells: Vec<Cell> = pos.iter().collect();
        let runs: Vec<usize> = cells.iter().map(|&x| s.on_run(a, x, v)).collect();
        for (n, insts) in reached_by_all(a, &runs) {
            let ends: Vec<(Cell, u32)> = cells.iter().copied().zip(insts.iter().copied()).collect();
            s.offer(a, n, 6, &insts, || Shape::Region(u, v, ends));
        }
    }
}

fn cell_chains(s: &mut Search, a: &mut Arena, cell: Cell) {
    let digits: Vec<Digit> = s.c.digits(cell).collect();
    let runs: Vec<usize> = digits.iter().map(|&d| s.on_run(a, cell, d)).collect();
    for (n, insts) in reached_by_all(a, &runs) {
        let ends: Vec<(Digit, u32)> = digits.iter().copied().zip(insts.iter().copied()).collect();
        s.offer(a, n, 5, &insts, || Shape::Cell(cell, ends));
    }
}

fn to_step(c: &Candidates, a: &mut Arena, kind: Kind, best: Best) -> Step {
    let tenths = kind.base_tenths() + length_bonus(best.key.0);
    let t = best.target;
    let conclusion = if node_on(t) {
        format!("{}={}", chains::node_cell(t), chains::node_digit(t))
    } else {
        node_text(t)
    };
    let (technique, explanation, insts) = match &best.shape {
        Shape::Contradiction(src, i_on, i_off) => {
            let tech = match kind {
                Kind::Nishio => Technique::NishioForcingChain,
                Kind::DynamicPlus => Technique::DynamicContradictionChainPlus,
                Kind::Nested2 | Kind::Nested3 | Kind::Nested4 => Technique::NestedForcingChain,
                _ => Technique::DynamicContradictionChain,
            };
            let clash = a.recs[*i_on as usize].node;
            let text = format!(
                "Assume {}: then {}, but also {}; {} cannot both hold {} and not, so {}.",
                node_text(*src),
                path_text(a, *i_on),
                path_text(a, *i_off),
                chains::node_cell(clash),
                chains::node_digit(clash),
                conclusion
            );
            (tech, text, vec![*i_on, *i_off])
        }
        Shape::Double(src, i1, i2) => {
            let tech = match kind {
                Kind::DynamicPlus => Technique::DynamicDoubleChainPlus,
                Kind::Nested2 | Kind::Nested3 | Kind::Nested4 => Technique::NestedForcingChain,
                _ => Technique::DynamicDoubleChain,
            };
            let text = format!(
                "Whether {} or not, {}: if {}, {}; if not, {}. So {}.",
                node_text(*src),
                conclusion,
                node_text(*src),
                path_text(a, *i1),
                path_text(a, *i2),
                conclusion
            );
            (tech, text, vec![*i1, *i2])
        }
        Shape::Cell(cell, ends) => {
            let tech = match kind {
                Kind::Multiple => Technique::CellForcingChain,
                Kind::DynamicPlus => Technique::DynamicCellForcingChainPlus,
                Kind::Nested2 | Kind::Nested3 | Kind::Nested4 => Technique::NestedForcingChain,
                _ => Technique::DynamicCellForcingChain,
            };
            let mask: DigitSet = ends.iter().map(|&(d, _)| d).collect();
            let branches: Vec<String> = ends.iter().map(|&(_, i)| path_text(a, i)).collect();
            let text = format!(
                "{} is {}, and each of them leads to {}: {}. So {}.",
                cell,
                digit_words(mask).replace(" and ", " or "),
                conclusion,
                branches.join("; "),
                conclusion
            );
            (tech, text, ends.iter().map(|e| e.1).collect())
        }
        Shape::Region(u, v, ends) => {
            let tech = match kind {
                Kind::Multiple => Technique::RegionForcingChain,
                Kind::DynamicPlus => Technique::DynamicRegionForcingChainPlus,
                Kind::Nested2 | Kind::Nested3 | Kind::Nested4 => Technique::NestedForcingChain,
                _ => Technique::DynamicRegionForcingChain,
            };
            let places: Vec<String> = ends.iter().map(|&(x, _)| x.to_string()).collect();
            let branches: Vec<String> = ends.iter().map(|&(_, i)| path_text(a, i)).collect();
            let text = format!(
                "In {}, {} goes in {}, and each place leads to {}: {}. So {}.",
                u,
                v,
                places.join(" or "),
                conclusion,
                branches.join("; "),
                conclusion
            );
            (tech, text, ends.iter().map(|e| e.1).collect())
        }
    };
    let explanation = explanation.clone() + chains::legend(&explanation);
    let houses = match &best.shape {
        Shape::Region(u, _, _) => vec![*u],
        _ => chains::first_link_houses(a, &insts, 0),
    };
    finish(
        technique,
        tenths,
        c,
        t,
        highlight(a, &insts),
        houses,
        explanation,
    )
}
