//! Wings and chains for every shape: XY-Wing and XYZ-Wing as the 9x9
//! solver finds them, and the chains that need nothing of the 9x9 grid:
//! single-digit chains and loops (Skyscraper, 2-String Kite, Turbot Fish,
//! X-Chain, X-Cycle), bivalue ones (XY-Chain, XY-Cycle) and W-Wings, rated
//! as Sudoku Explainer rates them. On 9x9 the chain search is the 9x9
//! solver's own (Sudoku Explainer's, which also has AICs), so that both
//! solvers take the same steps there.

use std::collections::VecDeque;

use sudoku_engine::{Cell, Digit, Grid};

use super::candidates::{SizedCandidates, bits};
use super::step::{SizedStep, digit_words, elim_list};
use crate::Technique;
use crate::techniques::chain_engine::length_bonus;

/// Whether two different cells share a house.
fn sees(c: &SizedCandidates, a: usize, b: usize) -> bool {
    let houses = &c.tables().geo.cell_houses;
    a != b && (0..3).any(|k| houses[a][k] == houses[b][k])
}

/// The first house holding both cells, in the order row, column, box.
fn joining(c: &SizedCandidates, a: usize, b: usize) -> Option<usize> {
    let houses = &c.tables().geo.cell_houses;
    (0..3)
        .find(|&k| houses[a][k] == houses[b][k])
        .map(|k| houses[a][k] as usize)
}

/// The houses joining each pair of cells (see [`joining`]), sorted, once
/// each.
fn joining_houses(c: &SizedCandidates, pairs: impl Iterator<Item = (usize, usize)>) -> Vec<usize> {
    let mut houses: Vec<usize> = pairs.filter_map(|(a, b)| joining(c, a, b)).collect();
    houses.sort_unstable();
    houses.dedup();
    houses
}

/// Every candidate of the cells, cell by cell.
fn all_candidates(c: &SizedCandidates, cells: &[usize]) -> Vec<(usize, u8)> {
    cells
        .iter()
        .flat_map(|&x| bits(c.mask(x)).map(move |b| (x, b as u8 + 1)))
        .collect()
}

/// A cell's peers in Sudoku Explainer's order: its box, then its row,
/// then its column, each in reading order.
fn house_order(c: &SizedCandidates, cell: usize) -> Vec<usize> {
    let geo = &c.tables().geo;
    let [row, col, boxed] = geo.cell_houses[cell];
    let mut out: Vec<usize> = Vec::with_capacity(3 * c.size());
    for h in [boxed, row, col] {
        for &x in &geo.houses[h as usize] {
            let x = x as usize;
            if x != cell && !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out
}

/// The digits of a cell's marks as one word, as the 9x9 text writes them
/// (`13`), with commas between them on grids with two-digit numbers.
fn marks_text(size: usize, mask: u64) -> String {
    let digits: Vec<String> = bits(mask).map(|b| (b + 1).to_string()).collect();
    digits.join(if size > 9 { "," } else { "" })
}

/// The first XY-Wing (`xyz = false`) or XYZ-Wing (`xyz = true`), in the
/// 9x9 solver's order and words: a pivot with two or three candidates and
/// two bivalue pincers it sees; whichever digit the pivot takes, a pincer
/// (or, for XYZ, the pivot) holds the digit the pincers share.
pub(crate) fn xy_wing(c: &SizedCandidates, xyz: bool) -> Option<SizedStep> {
    let n = c.size();
    let shape = c.shape();
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..n * n {
        let pm = c.mask(pivot);
        if pm.count_ones() != pivot_size {
            continue;
        }
        let peers = house_order(c, pivot);
        for &a in &peers {
            let am = c.mask(a);
            if am.count_ones() != 2 || (pm & !am).count_ones() != 1 {
                continue;
            }
            for &b in &peers {
                let bm = c.mask(b);
                if bm.count_ones() != 2 || a == b {
                    continue;
                }
                let union = pm | am | bm;
                let inter = pm & am & bm;
                let shaped = union.count_ones() == 3
                    && if xyz {
                        inter.count_ones() == 1
                    } else {
                        inter == 0
                    };
                let z = am & bm;
                if !shaped || z.count_ones() != 1 {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elims: Vec<(usize, u8)> = (0..n * n)
                    .filter(|&x| {
                        x != pivot
                            && c.has(x, zd)
                            && sees(c, x, a)
                            && sees(c, x, b)
                            && (!xyz || sees(c, x, pivot))
                    })
                    .map(|x| (x, zd))
                    .collect();
                if elims.is_empty() {
                    continue;
                }
                let (technique, explanation) = if xyz {
                    (
                        Technique::XYZWing,
                        format!(
                            "Whichever of {} the pivot {} ({}) takes, {} ({}) or {} ({}) or the pivot itself is {zd}, so cells seeing all three lose {zd}: {}.",
                            digit_words(pm).replace(" and ", " or "),
                            shape.cell_name(pivot),
                            marks_text(n, pm),
                            shape.cell_name(a),
                            marks_text(n, am),
                            shape.cell_name(b),
                            marks_text(n, bm),
                            elim_list(shape, &elims)
                        ),
                    )
                } else {
                    (
                        Technique::XYWing,
                        format!(
                            "Whichever of {} the pivot {} takes, one of the pincers {} ({}) or {} ({}) is {zd}, so cells seeing both pincers lose {zd}: {}.",
                            digit_words(pm).replace(" and ", " or "),
                            shape.cell_name(pivot),
                            shape.cell_name(a),
                            marks_text(n, am),
                            shape.cell_name(b),
                            marks_text(n, bm),
                            elim_list(shape, &elims)
                        ),
                    )
                };
                let cells = vec![pivot, a, b];
                let houses = joining_houses(c, [(pivot, a), (pivot, b)].into_iter());
                let candidates = all_candidates(c, &cells);
                return Some(SizedStep {
                    shape,
                    technique,
                    rating: technique.base_rating(),
                    placements: vec![],
                    eliminations: elims,
                    cells,
                    houses,
                    candidates,
                    explanation,
                });
            }
        }
    }
    None
}

/// The easiest chain step: on 9x9 the 9x9 solver's chains and cycles; on
/// every other shape the shortest single-digit or bivalue chain that
/// removes a candidate (see [`chains`]).
pub(crate) fn chain(c: &SizedCandidates) -> Option<SizedStep> {
    if c.size() == 9 {
        nine_by_nine(c)
    } else {
        chains(c)
    }
}

/// The 9x9 solver's chains and cycles on a 9x9 position, as a step of
/// this solver.
fn nine_by_nine(c: &SizedCandidates) -> Option<SizedStep> {
    let grid = Grid::try_from(&c.to_grid()).ok()?;
    let mut marks = crate::Candidates::from_grid(&grid);
    for cell in Cell::all() {
        for digit in Digit::all() {
            if marks.has(cell, digit) && !c.has(cell.index(), digit.get()) {
                marks.eliminate(cell, digit);
            }
        }
    }
    let step = crate::techniques::aic::chains_and_cycles(&marks)?;
    let pairs = |list: &[crate::Candidate]| -> Vec<(usize, u8)> {
        list.iter()
            .map(|x| (x.cell.index(), x.digit.get()))
            .collect()
    };
    Some(SizedStep {
        shape: c.shape(),
        technique: step.technique,
        rating: step.rating,
        placements: pairs(&step.placements),
        eliminations: pairs(&step.eliminations),
        cells: step.cells.iter().map(|x| x.index()).collect(),
        houses: step.houses.iter().map(|h| h.index()).collect(),
        candidates: pairs(&step.candidates),
        explanation: step.explanation,
    })
}

/// A chain found, before it is chosen: its rating (base and length
/// bonus, in tenths), its length, its kind (single-digit chains first)
/// and where it was found, which decide among several.
struct Found {
    key: (u16, usize, u8, usize),
    step: SizedStep,
}

/// Every shortest single-digit chain (`(d)a=b-c=d`: strong links, a
/// digit's only two places in a house, joined by weak ones, cells that
/// see each other) and bivalue chain (`(z=a)r1c1-(a=b)r1c5-...`: cells
/// with two candidates, each seeing the next and sharing a digit with it)
/// whose two ends both see a cell: one of the ends holds the digit, so
/// that cell does not; and every loop of either kind (the last cell sees
/// the first), which holds whichever way it turns, so a cell that sees
/// both ends of one of its weak links loses that link's digit. The one of
/// lowest rating (Sudoku Explainer's length bonus on the technique's
/// base), then shortest, wins.
pub(crate) fn chains(c: &SizedCandidates) -> Option<SizedStep> {
    let mut best: Option<Found> = None;
    let mut keep = |found: Found| {
        if best.as_ref().is_none_or(|b| found.key < b.key) {
            best = Some(found);
        }
    };
    for d in 1..=c.size() as u8 {
        x_chains(c, d, &mut keep);
    }
    xy_chains(c, &mut keep);
    w_wings(c, &mut keep);
    best.map(|b| b.step)
}

/// W-Wings: two cells left with the same two digits `w` and `z` that do
/// not see each other, and a house where `w` has two places, one seeing
/// each cell. If neither cell held `z`, both would hold `w` and leave the
/// house none, so one of them holds `z` and the cells seeing both lose it.
/// Rated as the 9x9 solver rates the AIC of that shape,
/// `(z=w)A-(w)P=(w)Q-(w=z)B`: six nodes.
fn w_wings(c: &SizedCandidates, keep: &mut impl FnMut(Found)) {
    let n = c.size();
    let geo = &c.tables().geo;
    let pairs: Vec<usize> = (0..n * n).filter(|&x| c.count(x) == 2).collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            if c.mask(a) != c.mask(b) || sees(c, a, b) {
                continue;
            }
            let digits: Vec<u8> = bits(c.mask(a)).map(|d| d as u8 + 1).collect();
            for (w, z) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                let victims: Vec<(usize, u8)> = (0..n * n)
                    .filter(|&x| x != a && x != b && c.has(x, z) && sees(c, x, a) && sees(c, x, b))
                    .map(|x| (x, z))
                    .collect();
                if victims.is_empty() {
                    continue;
                }
                for (h, house) in geo.houses.iter().enumerate() {
                    let mut places = house.iter().map(|&x| x as usize).filter(|&x| c.has(x, w));
                    let (Some(p), Some(q), None) = (places.next(), places.next(), places.next())
                    else {
                        continue;
                    };
                    if [p, q].iter().any(|&x| x == a || x == b) {
                        continue;
                    }
                    let (p, q) = if sees(c, p, a) && sees(c, q, b) {
                        (p, q)
                    } else if sees(c, q, a) && sees(c, p, b) {
                        (q, p)
                    } else {
                        continue;
                    };
                    keep(w_wing_step(c, [a, p, q, b], h, (w, z), victims.clone()));
                }
            }
        }
    }
}

/// The step of a W-Wing: `cells` the two pair cells with the strong
/// link's places between them (`[a, p, q, b]`), `house` the strong
/// link's.
fn w_wing_step(
    c: &SizedCandidates,
    cells: [usize; 4],
    house: usize,
    (w, z): (u8, u8),
    elims: Vec<(usize, u8)>,
) -> Found {
    let shape = c.shape();
    let name = |x: usize| shape.cell_name(x);
    let [a, p, q, b] = cells;
    let tenths = chain_tenths(Technique::Aic, 6);
    let explanation = format!(
        "W-Wing: {} and {} both hold only {} and {}, and {w} in {} is at {} or {}, which see them: they cannot both be {w}, so one of them is {z}, and the cells that see both lose {z}: {}.",
        name(a),
        name(b),
        w.min(z),
        w.max(z),
        shape.house_name(house),
        name(p),
        name(q),
        elim_list(shape, &elims)
    );
    let mut houses = joining_houses(c, [(a, p), (q, b)].into_iter());
    houses.push(house);
    houses.sort_unstable();
    houses.dedup();
    let candidates = vec![(a, w), (a, z), (p, w), (q, w), (b, w), (b, z)];
    Found {
        key: (tenths, 6, 2, a * 64 + z as usize),
        step: SizedStep {
            shape,
            technique: Technique::WWing,
            rating: f64::from(tenths) / 10.0,
            placements: vec![],
            eliminations: elims,
            cells: cells.to_vec(),
            houses,
            candidates,
            explanation,
        },
    }
}

/// Sudoku Explainer's rating of a chain of `nodes` links' ends (its
/// complexity counts the assumption and its denial too).
fn chain_tenths(technique: Technique, nodes: usize) -> u16 {
    technique.base_tenths() + length_bonus(nodes as u32 + 2)
}

/// The cells (not in `chain`) that see both ends and hold `digit`.
fn seeing_both(c: &SizedCandidates, chain: &[usize], digit: u8) -> Vec<(usize, u8)> {
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let n = c.size();
    (0..n * n)
        .filter(|&x| {
            c.has(x, digit) && !chain.contains(&x) && sees(c, x, first) && sees(c, x, last)
        })
        .map(|x| (x, digit))
        .collect()
}

/// Single-digit chains of `digit`: from each cell with a strong link, a
/// breadth-first search over the cells with strong links, alternating
/// strong and weak links, to each end reached by a strong link.
fn x_chains(c: &SizedCandidates, digit: u8, keep: &mut impl FnMut(Found)) {
    let n = c.size();
    let geo = &c.tables().geo;
    // The strong links of each cell: (the other cell, the house).
    let mut strong: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n * n];
    for h in 0..3 * n {
        let places = c.places(h, digit);
        if places.count_ones() == 2 {
            let a = geo.houses[h][places.trailing_zeros() as usize] as usize;
            let b = geo.houses[h][63 - places.leading_zeros() as usize] as usize;
            strong[a].push((b, h));
            strong[b].push((a, h));
        }
    }
    let linked: Vec<usize> = (0..n * n).filter(|&x| !strong[x].is_empty()).collect();
    if linked.len() < 4 {
        return;
    }
    // The weak links between cells with strong links.
    let weak: Vec<Vec<usize>> = (0..n * n)
        .map(|x| {
            if strong[x].is_empty() {
                return Vec::new();
            }
            linked.iter().copied().filter(|&y| sees(c, x, y)).collect()
        })
        .collect();
    // States: a cell reached by a strong link (`2 * cell + 1`) or by a
    // weak one (`2 * cell`); the start counts as reached by a weak link.
    let mut walk = Walk::new(2 * n * n);
    let mut via = vec![usize::MAX; 2 * n * n];
    for &start in &linked {
        walk.start(2 * start);
        while let Some(state) = walk.next() {
            let (cell, by_strong) = (state / 2, state % 2 == 1);
            let path = walk.path(state);
            let on_path = |x: usize| path.iter().any(|&s| s / 2 == x);
            if by_strong {
                // Back to the start by a weak link: a loop (found from its
                // first cell).
                if path.len() >= 4 && sees(c, cell, start) && path.iter().all(|&s| s / 2 >= start) {
                    let cycle: Vec<usize> = path.iter().map(|&s| s / 2).collect();
                    let weak_links: Vec<(usize, usize, u8)> = (1..cycle.len())
                        .step_by(2)
                        .map(|i| (cycle[i], cycle[(i + 1) % cycle.len()], digit))
                        .collect();
                    let elims = loop_elims(c, &cycle, &weak_links);
                    if !elims.is_empty() {
                        let text = format!("({digit}){}", x_chain_text(c, &cycle, true));
                        keep(cycle_step(
                            c,
                            Technique::XCycle,
                            cycle.len(),
                            &cycle,
                            digit,
                            text,
                            elims,
                        ));
                    }
                }
                // An end: the chain from `start` to here.
                if path.len() >= 4 && start < cell {
                    let chain: Vec<usize> = path.iter().map(|&s| s / 2).collect();
                    let elims = seeing_both(c, &chain, digit);
                    if !elims.is_empty() {
                        let links: Vec<usize> = path[1..].iter().map(|&s| via[s]).collect();
                        keep(x_chain_step(c, digit, &chain, &links, elims));
                    }
                }
                for &x in &weak[cell] {
                    if !on_path(x) && walk.reach(2 * x, state) {
                        via[2 * x] = usize::MAX;
                    }
                }
            } else {
                for &(x, h) in &strong[cell] {
                    if !on_path(x) && walk.reach(2 * x + 1, state) {
                        via[2 * x + 1] = h;
                    }
                }
            }
        }
    }
}

/// A breadth-first search over numbered states, reused from start to
/// start (a stamp marks the states seen by the current one).
struct Walk {
    parent: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<usize>,
}

impl Walk {
    fn new(states: usize) -> Walk {
        Walk {
            parent: vec![usize::MAX; states],
            seen: vec![0; states],
            stamp: 0,
            queue: VecDeque::new(),
        }
    }

    /// A new search from `root`.
    fn start(&mut self, root: usize) {
        self.stamp += 1;
        self.queue.clear();
        self.seen[root] = self.stamp;
        self.parent[root] = usize::MAX;
        self.queue.push_back(root);
    }

    fn next(&mut self) -> Option<usize> {
        self.queue.pop_front()
    }

    /// Reaches `state` from `from` unless it was reached already.
    fn reach(&mut self, state: usize, from: usize) -> bool {
        if self.seen[state] == self.stamp {
            return false;
        }
        self.seen[state] = self.stamp;
        self.parent[state] = from;
        self.queue.push_back(state);
        true
    }

    /// The states from the root to `at`.
    fn path(&self, mut at: usize) -> Vec<usize> {
        let mut path = vec![at];
        while self.parent[at] != usize::MAX {
            at = self.parent[at];
            path.push(at);
        }
        path.reverse();
        path
    }
}

/// The cells (not in the loop) that see both ends of one of its weak
/// links `(a, b, digit)` and hold its digit.
fn loop_elims(
    c: &SizedCandidates,
    cycle: &[usize],
    links: &[(usize, usize, u8)],
) -> Vec<(usize, u8)> {
    let n = c.size();
    let mut out: Vec<(usize, u8)> = links
        .iter()
        .flat_map(|&(a, b, d)| {
            (0..n * n)
                .filter(move |&x| c.has(x, d) && sees(c, x, a) && sees(c, x, b))
                .map(move |x| (x, d))
        })
        .filter(|(x, _)| !cycle.contains(x))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// `r1c9=r1c1-r5c1=r5c12`: a single-digit chain's cells, strong and weak
/// links taking turns; a loop is closed with its first cell.
fn x_chain_text(c: &SizedCandidates, chain: &[usize], closed: bool) -> String {
    let shape = c.shape();
    let mut text = String::new();
    for (i, &x) in chain.iter().enumerate() {
        if i > 0 {
            text.push(if i % 2 == 1 { '=' } else { '-' });
        }
        text.push_str(&shape.cell_name(x));
    }
    if closed {
        text.push('-');
        text.push_str(&shape.cell_name(chain[0]));
    }
    text
}

/// `(1=2)r1c1-(2=3)r1c10-...`: a bivalue chain entered by `z`.
fn xy_chain_text(c: &SizedCandidates, z: u8, chain: &[usize]) -> String {
    let shape = c.shape();
    let mut text = String::new();
    let mut enters = z;
    for (i, &x) in chain.iter().enumerate() {
        let leaves = (c.mask(x) & !(1 << (enters - 1))).trailing_zeros() as u8 + 1;
        if i > 0 {
            text.push('-');
        }
        text.push_str(&format!("({enters}={leaves}){}", shape.cell_name(x)));
        enters = leaves;
    }
    text
}

/// The step of a loop (`digit` 0 for a bivalue one) of `nodes` links'
/// ends, written `text`.
fn cycle_step(
    c: &SizedCandidates,
    technique: Technique,
    nodes: usize,
    cycle: &[usize],
    digit: u8,
    text: String,
    elims: Vec<(usize, u8)>,
) -> Found {
    let shape = c.shape();
    // A loop's potentials are its nodes alone (Sudoku Explainer's count).
    let tenths = technique.base_tenths() + length_bonus(nodes as u32);
    let explanation = format!(
        "The loop {text} holds whichever way it turns, so candidates seeing both ends of one of its weak links go: {}.",
        elim_list(shape, &elims)
    );
    let houses = joining_houses(
        c,
        (0..cycle.len()).map(|i| (cycle[i], cycle[(i + 1) % cycle.len()])),
    );
    let mut candidates = all_candidates(c, cycle);
    candidates.retain(|&(_, d)| digit == 0 || d == digit);
    Found {
        key: (tenths, nodes, 0, cycle[0] * 64 + usize::from(digit)),
        step: SizedStep {
            shape,
            technique,
            rating: f64::from(tenths) / 10.0,
            placements: vec![],
            eliminations: elims,
            cells: cycle.to_vec(),
            houses,
            candidates,
            explanation,
        },
    }
}

/// The step of a single-digit chain: its cells, and for each link the
/// house of a strong one (`usize::MAX` for a weak one).
fn x_chain_step(
    c: &SizedCandidates,
    digit: u8,
    chain: &[usize],
    links: &[usize],
    elims: Vec<(usize, u8)>,
) -> Found {
    let n = c.size();
    let shape = c.shape();
    let strong: Vec<usize> = links.iter().copied().filter(|&h| h != usize::MAX).collect();
    let technique = if chain.len() == 4 {
        match (strong[0] / n, strong[1] / n) {
            (0, 0) | (1, 1) => Technique::Skyscraper,
            (0, 1) | (1, 0) => Technique::TwoStringKite,
            _ => Technique::TurbotFish,
        }
    } else {
        Technique::XChain
    };
    let tenths = chain_tenths(technique, chain.len());
    let text = format!("({digit}){}", x_chain_text(c, chain, false));
    let explanation = format!(
        "{text}: one of its ends ({} and {}) holds {digit}, so the cells that see both lose {digit}: {}.",
        shape.cell_name(chain[0]),
        shape.cell_name(chain[chain.len() - 1]),
        elim_list(shape, &elims)
    );
    let mut houses = strong.clone();
    houses.sort_unstable();
    houses.dedup();
    Found {
        key: (tenths, chain.len(), 0, chain[0] * 64 + digit as usize),
        step: SizedStep {
            shape,
            technique,
            rating: f64::from(tenths) / 10.0,
            placements: vec![],
            eliminations: elims,
            cells: chain.to_vec(),
            houses,
            candidates: chain.iter().map(|&x| (x, digit)).collect(),
            explanation,
        },
    }
}

/// Bivalue chains: from each bivalue cell and each of its two digits `z`,
/// a breadth-first search over (cell, digit it then holds) to a cell that
/// then holds `z`, four cells at least (three are an XY-Wing, two a naked
/// pair).
fn xy_chains(c: &SizedCandidates, keep: &mut impl FnMut(Found)) {
    let n = c.size();
    let pairs: Vec<usize> = (0..n * n).filter(|&x| c.count(x) == 2).collect();
    if pairs.len() < 4 {
        return;
    }
    // The bivalue cells each one sees.
    let near: Vec<Vec<usize>> = (0..n * n)
        .map(|x| {
            if c.count(x) != 2 {
                return Vec::new();
            }
            pairs.iter().copied().filter(|&y| sees(c, x, y)).collect()
        })
        .collect();
    // The other digit of a bivalue cell.
    let other = |x: usize, d: u8| (c.mask(x) & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
    // States: `cell * 64 + (digit - 1)` for the digit the cell holds if
    // the start is not z.
    let state = |x: usize, d: u8| x * 64 + usize::from(d - 1);
    let mut walk = Walk::new(n * n * 64);
    for &start in &pairs {
        for z in bits(c.mask(start)).map(|b| b as u8 + 1) {
            walk.start(state(start, other(start, z)));
            while let Some(at) = walk.next() {
                let (cell, holds) = (at / 64, (at % 64) as u8 + 1);
                let path = walk.path(at);
                // Back to the start, which then is not z: a loop.
                if holds == z
                    && path.len() >= 4
                    && sees(c, cell, start)
                    && path.iter().all(|&s| s / 64 >= start)
                {
                    let cycle: Vec<usize> = path.iter().map(|&s| s / 64).collect();
                    let links: Vec<(usize, usize, u8)> = (0..cycle.len())
                        .map(|i| {
                            let d = (path[i] % 64) as u8 + 1;
                            (cycle[i], cycle[(i + 1) % cycle.len()], d)
                        })
                        .collect();
                    let elims = loop_elims(c, &cycle, &links);
                    if !elims.is_empty() {
                        let text = format!("{}-", xy_chain_text(c, z, &cycle));
                        let named = format!("{text}{}", c.shape().cell_name(start));
                        keep(cycle_step(
                            c,
                            Technique::XYCycle,
                            2 * cycle.len(),
                            &cycle,
                            0,
                            named,
                            elims,
                        ));
                    }
                }
                if holds == z && path.len() >= 4 && start < cell {
                    let chain: Vec<usize> = path.iter().map(|&s| s / 64).collect();
                    let elims = seeing_both(c, &chain, z);
                    if !elims.is_empty() {
                        keep(xy_chain_step(c, z, &chain, elims));
                    }
                }
                for &x in &near[cell] {
                    if c.has(x, holds) && !path.iter().any(|&s| s / 64 == x) {
                        walk.reach(state(x, other(x, holds)), at);
                    }
                }
            }
        }
    }
}

/// The step of a bivalue chain whose ends can both hold `z`.
fn xy_chain_step(c: &SizedCandidates, z: u8, chain: &[usize], elims: Vec<(usize, u8)>) -> Found {
    let shape = c.shape();
    let tenths = chain_tenths(Technique::XYChain, 2 * chain.len());
    let text = xy_chain_text(c, z, chain);
    let explanation = format!(
        "{text}: one of its ends ({} and {}) holds {z}, so the cells that see both lose {z}: {}.",
        shape.cell_name(chain[0]),
        shape.cell_name(chain[chain.len() - 1]),
        elim_list(shape, &elims)
    );
    let houses = joining_houses(c, chain.windows(2).map(|w| (w[0], w[1])));
    let candidates = all_candidates(c, chain);
    Found {
        key: (tenths, 2 * chain.len(), 1, chain[0] * 64 + z as usize),
        step: SizedStep {
            shape,
            technique: Technique::XYChain,
            rating: f64::from(tenths) / 10.0,
            placements: vec![],
            eliminations: elims,
            cells: chain.to_vec(),
            houses,
            candidates,
            explanation,
        },
    }
}
