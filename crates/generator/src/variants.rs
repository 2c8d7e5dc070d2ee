//! Variant puzzles with a unique solution: the rules of
//! [`sudoku_variants`] (X, windoku, anti-knight, anti-king,
//! non-consecutive, disjoint groups, jigsaw regions and their
//! combinations), killers with random cages, jigsaws with random
//! regions, kropki and XV puzzles with every mark given, and puzzles
//! with whispers, renban and palindrome lines.
//!
//! Every puzzle comes from a random solution of the rules (the variants
//! search from a few random givens, with a guess budget), then givens are
//! removed in random order while a budgeted search proves the solution
//! still unique; the result is checked unique once more, without a budget,
//! before it is returned. The same rules, seed and index give the same
//! puzzle.
//!
//! ```
//! use sudoku_generator::variants;
//! use sudoku_variants::{self as sv, Constraint, Puzzle, Uniqueness};
//!
//! let mut rules = Puzzle::classic(6).unwrap();
//! for c in Constraint::diagonals(6) {
//!     rules.add(c).unwrap();
//! }
//! let made = variants::generate(&rules, 7, 0).unwrap();
//! assert_eq!(sv::uniqueness(&made.puzzle), Uniqueness::Unique(made.solution.clone()));
//! assert!(rules.is_solution(&made.solution));
//! assert_eq!(variants::generate(&rules, 7, 0).unwrap(), made);
//! ```

use crate::GenerateError;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku_variants::input::Kind;
use sudoku_variants::{
    self as sv, CellIndex, Constraint, Direction, LineKind, Puzzle, Regions, Relation, RowOrColumn,
    Uniqueness,
};

/// How puzzles of a list of variant kinds are made, as `sudoku generate
/// --variant` (and the Python package and the page) ask for them: the
/// rules that need no drawing on a grid of boxes, and at most one kind of
/// drawing (killer cages, jigsaw regions, kropki dots and XV marks, lines,
/// little killers, sandwich sums, skyscrapers or X-sums).
///
/// ```
/// use sudoku_generator::variants::Plan;
/// use sudoku_variants::{self as sv, input::Kind};
/// let kinds: Vec<Kind> = ["skyscraper", "x"].iter().map(|k| k.parse().unwrap()).collect();
/// let plan = Plan::new(&sv::Puzzle::classic(6).unwrap(), &kinds).unwrap();
/// let made = plan.generate(1, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["x", "skyscraper"]);
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// let mixed: Vec<Kind> = ["renban", "killer"].iter().map(|k| k.parse().unwrap()).collect();
/// let refused = Plan::new(&sv::Puzzle::classic(9).unwrap(), &mixed).unwrap_err().to_string();
/// assert!(refused.contains("lines are not generated with killer cages"), "{refused}");
/// ```
#[derive(Debug, Clone)]
pub struct Plan {
    rules: Puzzle,
    drawing: Drawing,
}

/// The one kind of drawing of a [`Plan`].
#[derive(Debug, Clone, PartialEq)]
enum Drawing {
    None,
    Killer,
    Jigsaw,
    Marks { dots: bool, xv: bool },
    Lines(Vec<LineKind>),
    LittleKillers,
    Sandwiches,
    Skyscrapers,
    XSums,
}

impl Drawing {
    /// Its place in the messages: the later of two is "not generated
    /// with" the earlier, whatever order they were asked in.
    fn rank(&self) -> u8 {
        match self {
            Drawing::None => 0,
            Drawing::Killer => 1,
            Drawing::Jigsaw => 2,
            Drawing::Marks { .. } => 3,
            Drawing::Lines(_) => 4,
            Drawing::LittleKillers => 5,
            Drawing::Sandwiches => 6,
            Drawing::Skyscrapers => 7,
            Drawing::XSums => 8,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Drawing::None => "no drawing",
            Drawing::Killer => "killer cages",
            Drawing::Jigsaw => "jigsaw regions",
            Drawing::Marks { .. } => "kropki dots and XV marks",
            Drawing::Lines(_) => "whispers, renban and palindrome lines",
            Drawing::LittleKillers => "little killers",
            Drawing::Sandwiches => "sandwich sums",
            Drawing::Skyscrapers => "skyscraper clues",
            Drawing::XSums => "X-sums",
        }
    }
}

impl Plan {
    /// The plan for `kinds` on the grid of `grid` (its side and regions,
    /// usually boxes): an error names a rule that does not apply to the
    /// grid, or two kinds of drawing asked for together.
    pub fn new(grid: &Puzzle, kinds: &[Kind]) -> Result<Plan, GenerateError> {
        let impossible = |m: String| GenerateError::Impossible(m);
        let size = grid.size();
        let mut rules =
            Puzzle::new(size, grid.regions().clone()).map_err(|e| impossible(e.to_string()))?;
        let mut drawing = Drawing::None;
        for &kind in kinds {
            let wanted = match kind {
                Kind::Rule(rule) => {
                    let constraints = rule.constraints(size, rules.regions()).ok_or_else(|| {
                        impossible(match rules.regions() {
                            Regions::Boxes { rows, columns } => {
                                format!("{rule} does not apply to a grid of {rows}x{columns} boxes")
                            }
                            _ => format!(
                                "{rule} does not apply to a {size}x{size} grid without boxes"
                            ),
                        })
                    })?;
                    for c in constraints {
                        rules.add(c).map_err(|e| impossible(e.to_string()))?;
                    }
                    continue;
                }
                Kind::Killer => Drawing::Killer,
                Kind::Jigsaw => Drawing::Jigsaw,
                Kind::Kropki | Kind::Xv => match &drawing {
                    Drawing::Marks { dots, xv } => Drawing::Marks {
                        dots: *dots || kind == Kind::Kropki,
                        xv: *xv || kind == Kind::Xv,
                    },
                    _ => Drawing::Marks {
                        dots: kind == Kind::Kropki,
                        xv: kind == Kind::Xv,
                    },
                },
                Kind::Whispers | Kind::Renban | Kind::Palindrome => {
                    let line = match kind {
                        Kind::Whispers => LineKind::whispers(size),
                        Kind::Renban => LineKind::Renban,
                        _ => LineKind::Palindrome,
                    };
                    let mut lines = match &drawing {
                        Drawing::Lines(lines) => lines.clone(),
                        _ => vec![],
                    };
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                    Drawing::Lines(lines)
                }
                Kind::LittleKiller => Drawing::LittleKillers,
                Kind::Sandwich => Drawing::Sandwiches,
                Kind::Skyscraper => Drawing::Skyscrapers,
                Kind::XSum => Drawing::XSums,
            };
            if drawing != Drawing::None && wanted.rank() != drawing.rank() {
                let (first, then) = if wanted.rank() < drawing.rank() {
                    (&wanted, &drawing)
                } else {
                    (&drawing, &wanted)
                };
                return Err(impossible(format!(
                    "{} are not generated with {}: ask for one kind of drawing, with any of \
                     the rules that need no drawing (x, anti-knight ...)",
                    then.name(),
                    first.name()
                )));
            }
            drawing = wanted;
        }
        let needs_boxes = rules.constraints().iter().find_map(|c| match c {
            Constraint::Distinct {
                kind: sv::DistinctKind::Windoku,
                ..
            } => Some("windoku"),
            Constraint::Distinct {
                kind: sv::DistinctKind::DisjointGroup,
                ..
            } => Some("disjoint-groups"),
            _ => None,
        });
        if let (Drawing::Jigsaw, Some(rule)) = (&drawing, needs_boxes) {
            return Err(impossible(format!(
                "{rule} needs boxes, not jigsaw regions"
            )));
        }
        Ok(Plan { rules, drawing })
    }

    /// The rules that need no drawing, on the grid of boxes.
    pub fn rules(&self) -> &Puzzle {
        &self.rules
    }

    /// Whether the puzzles carry kropki dots or XV marks (which have no
    /// text form).
    pub fn marked(&self) -> bool {
        matches!(self.drawing, Drawing::Marks { .. })
    }

    /// Puzzle `index` of `seed`, with the drawing of the plan.
    pub fn generate(&self, seed: u64, index: u64) -> Result<VariantPuzzle, GenerateError> {
        let rules = &self.rules;
        match &self.drawing {
            Drawing::None => generate(rules, seed, index),
            Drawing::Killer => generate_killer(rules, seed, index),
            Drawing::Jigsaw => generate_jigsaw(rules, seed, index),
            Drawing::Marks { dots, xv } => generate_marked(rules, *dots, *xv, seed, index),
            Drawing::Lines(lines) => generate_lines(rules, lines, seed, index),
            Drawing::LittleKillers => generate_little_killers(rules, seed, index),
            Drawing::Sandwiches => generate_sandwiches(rules, seed, index),
            Drawing::Skyscrapers => generate_skyscrapers(rules, seed, index),
            Drawing::XSums => generate_x_sums(rules, seed, index),
        }
    }
}

/// Draws of a random solution (or of random cages or regions) before
/// giving up.
const MAX_ATTEMPTS: u32 = 200;
/// Guesses allowed to find one random solution.
const SOLVE_BUDGET: u64 = 20_000;
/// Guesses allowed to prove a candidate puzzle unique while digging.
const DIG_BUDGET: u64 = 5_000;
/// Draws of the cages over one solution for a killer without givens
/// (otherwise the draw with the fewest givens is kept).
const KILLER_DRAWS: u32 = 20;
/// Draws dug for their givens above 9x9, when no draw needs none. A dig
/// of a 16x16 killer takes seconds, and most of the givens it leaves are
/// searches out of their budget, not givens needed: `generate --variant
/// killer --size 4x4 --seed 2` took 45 s for 4 givens with all 20 dug, 14
/// s for 6 with the first 5 (seed 3: 6 and 8 givens).
const LARGE_KILLER_DIGS: usize = 5;
/// The largest killer cage drawn.
const MAX_CAGE: usize = 5;

/// A generated variant puzzle and its only solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantPuzzle {
    /// The puzzle: the rules, with its givens (and cages or regions when
    /// they were drawn).
    pub puzzle: Puzzle,
    /// Its only solution, row by row.
    pub solution: Vec<u8>,
}

fn rng_for(seed: u64, index: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// A puzzle of the rules of `rules` (its size, regions and constraints;
/// its givens, if any, are kept in the solution) with a unique solution,
/// numbered `index` for `seed`.
///
/// Cages are drawn by [`generate_killer`], not taken from the rules: rules
/// with a cage are refused.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{Constraint, Puzzle};
/// let mut rules = Puzzle::classic(4).unwrap();
/// rules.add(Constraint::Cage { cells: vec![0, 1], total: Some(3) }).unwrap();
/// assert!(variants::generate(&rules, 1, 0).is_err());
/// ```
pub fn generate(rules: &Puzzle, seed: u64, index: u64) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    Ok(dig(rules, solution, &mut rng))
}

/// A killer of the rules of `rules` (any cages in them are refused): a
/// random solution, random cages over it (connected groups of 2 to 5
/// cells, digits distinct in the solution, covering the grid, totals from
/// the solution), then every given removed that can go: up to 20 draws of
/// the cages until one needs no given (one search each), else the dug
/// draw with the fewest (every draw dug up to 9x9, the first 5 above).
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Constraint, Puzzle};
/// let made = variants::generate_killer(&Puzzle::classic(4).unwrap(), 3, 0).unwrap();
/// assert!(made.puzzle.constraints().iter().all(|c| matches!(c, Constraint::Cage { .. })));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_killer(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    let mut drawn = Vec::new();
    for _ in 0..KILLER_DRAWS {
        let mut killer = rules.clone();
        for cells in random_cages(rules, &solution, &mut rng)? {
            let total = cells.iter().map(|&c| u32::from(solution[c])).sum();
            killer
                .add(Constraint::Cage {
                    cells,
                    total: Some(total),
                })
                .map_err(|e| GenerateError::Impossible(e.to_string()))?;
        }
        // Unique without a given: one search, where digging would take
        // one a cell to find that every given can go.
        if sv::search_within(&killer, 2, DIG_BUDGET).is_some_and(|s| s.count == 1) {
            return Ok(checked(killer, solution));
        }
        drawn.push(killer);
    }
    // Dug: every draw up to 9x9, the first few above.
    let digs = if rules.size() <= 9 {
        drawn.len()
    } else {
        LARGE_KILLER_DIGS
    };
    let mut best: Option<VariantPuzzle> = None;
    for killer in drawn.iter().take(digs) {
        let made = dig(killer, solution.clone(), &mut rng);
        if best
            .as_ref()
            .is_none_or(|b| count_givens(&made.puzzle) < count_givens(&b.puzzle))
        {
            best = Some(made);
        }
    }
    Ok(best.expect("at least one draw"))
}

/// A puzzle of the rules of `rules` with every kropki dot (`dots`) and
/// every X and V (`xv`) of a random solution drawn, and the negative
/// constraint that says so: neighbours with no mark do not hold its
/// relation. A pair of 1 and 2 takes a white or a black dot at random.
/// The marks alone usually make the solution unique; where they do not,
/// givens are dug as for [`generate`].
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Constraint, Puzzle};
/// let made = variants::generate_marked(&Puzzle::classic(6).unwrap(), true, false, 2, 0).unwrap();
/// assert!(made.puzzle.constraints().iter().any(|c| matches!(c, Constraint::Pair { .. })));
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_marked(
    rules: &Puzzle,
    dots: bool,
    xv: bool,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    if !dots && !xv {
        return Err(GenerateError::Impossible(
            "marked puzzles need dots, X and V marks or both".into(),
        ));
    }
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    let size = rules.size();
    let mut marked = rules.clone();
    let mut add = |c: Constraint| {
        marked
            .add(c)
            .map_err(|e| GenerateError::Impossible(e.to_string()))
    };
    let mut pairs = Vec::new();
    for a in 0..size * size {
        let right = (a % size + 1 < size).then_some(a + 1);
        let below = (a / size + 1 < size).then_some(a + size);
        for b in [right, below].into_iter().flatten() {
            let (x, y) = (solution[a].min(solution[b]), solution[a].max(solution[b]));
            let mut marks = Vec::new();
            if dots {
                let double = y == 2 * x;
                let next = y == x + 1;
                // 1 and 2 are both: either dot is right.
                marks.extend(match (double, next) {
                    (true, true) if rng.random_bool(0.5) => Some(Relation::Difference(1)),
                    (true, _) => Some(Relation::Ratio(2)),
                    (false, true) => Some(Relation::Difference(1)),
                    (false, false) => None,
                });
            }
            if xv && (x + y == 10 || x + y == 5) {
                marks.push(Relation::Sum(x + y));
            }
            pairs.extend(marks.into_iter().map(|relation| Constraint::Pair {
                cells: [a, b],
                relation,
            }));
        }
    }
    // In the order f-puzzles JSON lists them (white dots, black dots, X
    // and V), so that a puzzle read back from its link is the same.
    let family = |c: &Constraint| match c {
        Constraint::Pair { relation, .. } => match relation {
            Relation::Difference(_) => 0,
            Relation::Ratio(_) => 1,
            Relation::Sum(_) => 2,
        },
        _ => 3,
    };
    pairs.sort_by_key(family);
    for pair in pairs {
        add(pair)?;
    }
    if dots {
        add(Constraint::Unmarked(Relation::Difference(1)))?;
        add(Constraint::Unmarked(Relation::Ratio(2)))?;
    }
    if xv {
        add(Constraint::Unmarked(Relation::Sum(10)))?;
        add(Constraint::Unmarked(Relation::Sum(5)))?;
    }
    if sv::search_within(&marked, 2, DIG_BUDGET).is_some_and(|s| s.count == 1) {
        return Ok(checked(marked, solution));
    }
    Ok(dig(&marked, solution, &mut rng))
}

/// A puzzle of the rules of `rules` with little killers on a random
/// solution's diagonals (one clue an outside cell, as f-puzzles draws
/// them; as many clues as the side, diagonals of two cells or more), then
/// givens dug as for [`generate`] while the solution stays unique.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Puzzle};
/// let made = variants::generate_little_killers(&Puzzle::classic(6).unwrap(), 3, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["little-killer"]);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_little_killers(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    let size = rules.size();
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    // Every clue: an outside cell and a direction into the grid whose
    // diagonal has two cells or more, each diagonal once.
    let side = size as isize;
    let mut clues: Vec<(CellIndex, Vec<CellIndex>)> = Vec::new();
    for r in -1..=side {
        for c in -1..=side {
            if (0..side).contains(&r) && (0..side).contains(&c) {
                continue;
            }
            for direction in Direction::ALL {
                let (dr, dc) = direction.step();
                let (fr, fc) = (r + dr, c + dc);
                if !((0..side).contains(&fr) && (0..side).contains(&fc)) {
                    continue;
                }
                let cells = direction.walk(size, fr as usize * size + fc as usize);
                let mut set = cells.clone();
                set.sort_unstable();
                let seen = clues.iter().any(|(_, other)| {
                    let mut o = other.clone();
                    o.sort_unstable();
                    o == set
                });
                if cells.len() >= 2 && !seen {
                    clues.push((((r + 1) * (side + 2) + c + 1) as usize, cells));
                }
            }
        }
    }
    let mut clued = rules.clone();
    let mut outside = Vec::new();
    let mut placed = 0;
    while placed < size && !clues.is_empty() {
        let (at, cells) = clues.swap_remove(rng.random_range(0..clues.len()));
        if outside.contains(&at) {
            continue;
        }
        outside.push(at);
        let total = cells.iter().map(|&c| u32::from(solution[c])).sum();
        clued
            .add(Constraint::LittleKiller { cells, total })
            .map_err(|e| GenerateError::Impossible(e.to_string()))?;
        placed += 1;
    }
    if placed == 0 {
        return Err(GenerateError::Impossible(format!(
            "a {size}x{size} grid has no diagonal of two cells"
        )));
    }
    Ok(dig(&clued, solution, &mut rng))
}

/// A puzzle of the rules of `rules` with a sandwich sum on every row and
/// column of a random solution (the clue on the left or above), then
/// givens dug as for [`generate`] while the solution stays unique.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Puzzle};
/// let made = variants::generate_sandwiches(&Puzzle::classic(6).unwrap(), 3, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["sandwich"]);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_sandwiches(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    if rules.size() < 2 {
        check_rules(rules)?;
        return Err(GenerateError::Impossible(
            "a sandwich needs a 1 and a larger digit".into(),
        ));
    }
    generate_outside(rules, seed, index, |size, solution, cells| {
        // One clue a line, from the left or the top: it reads the same
        // from either end.
        if cells[1] < cells[0] {
            return vec![];
        }
        let at = |d: usize| cells.iter().position(|&c| usize::from(solution[c]) == d);
        let (Some(a), Some(b)) = (at(1), at(size)) else {
            return vec![];
        };
        let between = &cells[a.min(b) + 1..a.max(b)];
        let total = between.iter().map(|&c| u32::from(solution[c])).sum();
        vec![Constraint::Sandwich {
            cells: cells.to_vec(),
            total,
        }]
    })
}

/// A puzzle of the rules of `rules` with skyscraper clues on both ends of
/// every row and column of a random solution, then givens dug as for
/// [`generate`] while the solution stays unique.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Puzzle};
/// let made = variants::generate_skyscrapers(&Puzzle::classic(6).unwrap(), 3, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["skyscraper"]);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_skyscrapers(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    generate_outside(rules, seed, index, |_, solution, cells| {
        let mut tallest = 0;
        let count = cells
            .iter()
            .filter(|&&c| {
                let seen = solution[c] > tallest;
                tallest = tallest.max(solution[c]);
                seen
            })
            .count() as u32;
        vec![Constraint::Skyscraper {
            cells: cells.to_vec(),
            count,
        }]
    })
}

/// A puzzle of the rules of `rules` with X-sums on both ends of every
/// row and column of a random solution, then givens dug as for
/// [`generate`] while the solution stays unique.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Puzzle};
/// let made = variants::generate_x_sums(&Puzzle::classic(6).unwrap(), 3, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["x-sum"]);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_x_sums(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    generate_outside(rules, seed, index, |_, solution, cells| {
        let x = usize::from(solution[cells[0]]);
        let total = cells[..x].iter().map(|&c| u32::from(solution[c])).sum();
        vec![Constraint::XSum {
            cells: cells.to_vec(),
            total,
        }]
    })
}

/// A random solution of `rules`, the clues `clues` makes of it (given the
/// side, the solution and each row and column from each end: the left,
/// the right, the top, the bottom), then givens dug as for [`generate`].
fn generate_outside(
    rules: &Puzzle,
    seed: u64,
    index: u64,
    clues: impl Fn(usize, &[u8], &[CellIndex]) -> Vec<Constraint>,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    let size = rules.size();
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    let mut clued = rules.clone();
    let mut made = Vec::new();
    for i in 0..size {
        for line in [RowOrColumn::Row(i), RowOrColumn::Column(i)] {
            for far in [false, true] {
                made.extend(clues(size, &solution, &line.cells_from(size, far)));
            }
        }
    }
    for clue in made {
        clued
            .add(clue)
            .map_err(|e| GenerateError::Impossible(e.to_string()))?;
    }
    Ok(dig(&clued, solution, &mut rng))
}

/// Draws of one line over the solution before taking fewer lines.
const LINE_DRAWS: u32 = 4_000;

/// A puzzle of the rules of `rules` with lines of each kind of `kinds`
/// (German whispers, renban, palindromes) drawn through a random solution
/// (random walks between neighbours, diagonal ones too, that the
/// solution's digits keep; no cell on two lines), then givens dug as for
/// [`generate`] while the solution stays unique. Each kind gets two to
/// four lines, by the side.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, LineKind, Puzzle};
/// let kinds = [LineKind::whispers(6), LineKind::Renban];
/// let made = variants::generate_lines(&Puzzle::classic(6).unwrap(), &kinds, 3, 0).unwrap();
/// assert_eq!(made.puzzle.variants(), ["whispers", "renban"]);
/// assert!(made.puzzle.is_solution(&made.solution));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_lines(
    rules: &Puzzle,
    kinds: &[LineKind],
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    if kinds.is_empty() {
        return Err(GenerateError::Impossible(
            "lined puzzles need whispers, renban or palindromes".into(),
        ));
    }
    let size = rules.size();
    let mut rng = rng_for(seed, index);
    let solution = random_solution(rules, &mut rng)?;
    let mut lined = rules.clone();
    let mut used = vec![false; size * size];
    let per_kind = match (size, kinds.len()) {
        (0..=4, _) => 1,
        (5..=6, _) | (_, 3..) => 2,
        (7..=9, _) => 3,
        _ => 4,
    };
    for &kind in kinds {
        for _ in 0..per_kind {
            if let Some(cells) = draw_line(kind, &solution, size, &used, &mut rng) {
                cells.iter().for_each(|&c| used[c] = true);
                lined
                    .add(Constraint::Line { kind, cells })
                    .map_err(|e| GenerateError::Impossible(e.to_string()))?;
            }
        }
    }
    if !lined
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::Line { .. }))
    {
        return Err(GenerateError::GaveUp(LINE_DRAWS));
    }
    Ok(dig(&lined, solution, &mut rng))
}

/// A line of `kind` that `solution` keeps, through cells not `used`:
/// whispers and renban grow step by step (a neighbour far enough from the
/// last digit; a digit that keeps the line's digits one run), palindromes
/// are walks whose digits read the same both ways. 3 to 6 cells (at most
/// the side for renban).
fn draw_line(
    kind: LineKind,
    solution: &[u8],
    size: usize,
    used: &[bool],
    rng: &mut ChaCha8Rng,
) -> Option<Vec<CellIndex>> {
    let most = match kind {
        LineKind::Renban => size.min(6),
        _ => 6,
    };
    if most < 3 {
        return None;
    }
    for _ in 0..LINE_DRAWS {
        let len = rng.random_range(3..=most);
        let start = rng.random_range(0..size * size);
        if used[start] {
            continue;
        }
        let mut cells = vec![start];
        while cells.len() < len {
            let last = *cells.last().expect("a start");
            let (r, c) = ((last / size) as i64, (last % size) as i64);
            let steps: Vec<CellIndex> = (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
                .filter(|&(nr, nc)| {
                    (nr, nc) != (r, c)
                        && (0..size as i64).contains(&nr)
                        && (0..size as i64).contains(&nc)
                })
                .map(|(nr, nc)| nr as usize * size + nc as usize)
                .filter(|&n| !used[n] && !cells.contains(&n))
                .filter(|&n| match kind {
                    LineKind::Whispers(k) => solution[n].abs_diff(solution[last]) >= k,
                    LineKind::Renban => {
                        let digits = cells.iter().map(|&c| solution[c]);
                        let lo = digits.clone().min().unwrap_or(0).min(solution[n]);
                        let hi = digits.clone().max().unwrap_or(0).max(solution[n]);
                        cells.iter().all(|&c| solution[c] != solution[n])
                            && usize::from(hi - lo) < len
                    }
                    LineKind::Palindrome => true,
                })
                .collect();
            let Some(&next) = steps.choose(rng) else {
                break;
            };
            cells.push(next);
        }
        if cells.len() < len {
            continue;
        }
        let digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        let fits = match kind {
            LineKind::Palindrome => digits.iter().eq(digits.iter().rev()),
            LineKind::Renban => {
                let (lo, hi) = (digits.iter().min()?, digits.iter().max()?);
                usize::from(hi - lo) + 1 == len
            }
            LineKind::Whispers(_) => true,
        };
        if fits {
            return Some(cells);
        }
    }
    None
}

fn count_givens(puzzle: &Puzzle) -> usize {
    puzzle.givens().iter().filter(|&&d| d != 0).count()
}

/// A jigsaw of the constraints of `rules` on random regions (see
/// [`random_regions`]): the rules' own regions are replaced, so rules that
/// need boxes (windoku, disjoint groups) are refused, as are cages.
///
/// ```
/// use sudoku_generator::variants;
/// use sudoku_variants::{self as sv, Puzzle, Regions};
/// let made = variants::generate_jigsaw(&Puzzle::classic(5).unwrap(), 2, 0).unwrap();
/// assert!(matches!(made.puzzle.regions(), Regions::Jigsaw(_)));
/// assert_eq!(sv::search(&made.puzzle, 2).count, 1);
/// ```
pub fn generate_jigsaw(
    rules: &Puzzle,
    seed: u64,
    index: u64,
) -> Result<VariantPuzzle, GenerateError> {
    check_rules(rules)?;
    if let Some(c) = rules.constraints().iter().find(|c| {
        matches!(
            c,
            Constraint::Distinct {
                kind: sv::DistinctKind::Windoku | sv::DistinctKind::DisjointGroup,
                ..
            }
        )
    }) {
        return Err(GenerateError::Impossible(format!(
            "{} needs boxes, not jigsaw regions",
            c.variant()
        )));
    }
    let size = rules.size();
    let mut rng = rng_for(seed, index);
    for _ in 0..MAX_ATTEMPTS {
        let map = random_regions(size, &mut rng);
        let mut jigsaw = Puzzle::new(size, Regions::Jigsaw(map))
            .map_err(|e| GenerateError::Impossible(e.to_string()))?;
        if !matches!(jigsaw.regions(), Regions::Jigsaw(_)) {
            // The swaps came back to the boxes.
            continue;
        }
        for c in rules.constraints() {
            jigsaw
                .add(c.clone())
                .map_err(|e| GenerateError::Impossible(e.to_string()))?;
        }
        for (cell, &d) in rules.givens().iter().enumerate() {
            jigsaw
                .set_given(cell, d)
                .map_err(|e| GenerateError::Impossible(e.to_string()))?;
        }
        // A few draws of the solution on these regions, then new regions.
        if let Some(solution) = draw_solution(&jigsaw, &mut rng, 5) {
            return Ok(dig(&jigsaw, solution, &mut rng));
        }
    }
    Err(GenerateError::GaveUp(MAX_ATTEMPTS))
}

fn check_rules(rules: &Puzzle) -> Result<(), GenerateError> {
    if rules.size() < 2 {
        return Err(GenerateError::Impossible(format!(
            "a {0}x{0} grid is too small",
            rules.size()
        )));
    }
    if rules
        .constraints()
        .iter()
        .any(|c| matches!(c, Constraint::Cage { .. }))
    {
        return Err(GenerateError::Impossible(
            "the rules have cages: killers are drawn by generate_killer".into(),
        ));
    }
    if rules.violation(rules.givens()).is_some() {
        return Err(GenerateError::Impossible(
            "the givens of the rules break them".into(),
        ));
    }
    Ok(())
}

/// A random solution of `puzzle`, within [`MAX_ATTEMPTS`] draws.
fn random_solution(puzzle: &Puzzle, rng: &mut ChaCha8Rng) -> Result<Vec<u8>, GenerateError> {
    draw_solution(puzzle, rng, MAX_ATTEMPTS).ok_or(GenerateError::GaveUp(MAX_ATTEMPTS))
}

/// Up to `attempts` draws: random digits in a few random empty cells, then
/// the budgeted search; the first solution found.
fn draw_solution(puzzle: &Puzzle, rng: &mut ChaCha8Rng, attempts: u32) -> Option<Vec<u8>> {
    let size = puzzle.size();
    let empty: Vec<CellIndex> = (0..size * size)
        .filter(|&c| puzzle.givens()[c] == 0)
        .collect();
    for _ in 0..attempts {
        let mut draw = puzzle.clone();
        let seeded = (size / 2 + 1).min(empty.len());
        for &cell in empty.choose_multiple(rng, seeded) {
            let digit = rng.random_range(1..=size) as u8;
            draw.set_given(cell, digit).expect("a digit of the grid");
        }
        if draw.violation(draw.givens()).is_some() {
            continue;
        }
        if let Some(found) = sv::search_within(&draw, 1, SOLVE_BUDGET)
            && let Some(solution) = found.solution
        {
            return Some(solution);
        }
    }
    None
}

/// Removes givens in random order while a budgeted search proves the
/// solution unique (a given whose removal the budget cannot settle
/// stays), then checks the result without a budget.
fn dig(rules: &Puzzle, solution: Vec<u8>, rng: &mut ChaCha8Rng) -> VariantPuzzle {
    let mut puzzle = rules.clone();
    for (cell, &d) in solution.iter().enumerate() {
        puzzle.set_given(cell, d).expect("a digit of the grid");
    }
    let mut order: Vec<CellIndex> = (0..solution.len()).collect();
    order.shuffle(rng);
    for cell in order {
        puzzle.set_given(cell, 0).expect("a cell of the grid");
        // Another solution would have another digit here (see
        // `sv::search_excluding`).
        let excluded = [(cell, solution[cell])];
        let unique =
            sv::search_excluding(&puzzle, &excluded, 1, DIG_BUDGET).is_some_and(|s| s.count == 0);
        if !unique {
            puzzle
                .set_given(cell, solution[cell])
                .expect("a digit of the grid");
        }
    }
    checked(puzzle, solution)
}

/// The puzzle and its solution, checked afresh (independently of the
/// bookkeeping that made it) to be its only one.
fn checked(puzzle: Puzzle, solution: Vec<u8>) -> VariantPuzzle {
    match sv::uniqueness(&puzzle) {
        Uniqueness::Unique(s) if s == solution => {}
        other => panic!("generated variant puzzle is not unique: {other:?}"),
    }
    VariantPuzzle { puzzle, solution }
}

/// The orthogonal neighbours of a cell.
fn neighbours(size: usize, cell: CellIndex) -> impl Iterator<Item = CellIndex> {
    let (r, c) = (cell / size, cell % size);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - size);
    }
    if r + 1 < size {
        out.push(cell + size);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < size {
        out.push(cell + 1);
    }
    out.into_iter()
}

/// Random cages over a solution: connected groups of 2 to 5 cells (at
/// most the grid's side) whose digits differ, covering the grid.
fn random_cages(
    puzzle: &Puzzle,
    solution: &[u8],
    rng: &mut ChaCha8Rng,
) -> Result<Vec<Vec<CellIndex>>, GenerateError> {
    let size = puzzle.size();
    let largest = MAX_CAGE.min(size);
    'attempt: for _ in 0..MAX_ATTEMPTS {
        let mut cage_of: Vec<Option<usize>> = vec![None; size * size];
        let mut cages: Vec<Vec<CellIndex>> = Vec::new();
        let mut order: Vec<CellIndex> = (0..size * size).collect();
        order.shuffle(rng);
        for start in order {
            if cage_of[start].is_some() {
                continue;
            }
            let target = rng.random_range(2..=largest);
            let id = cages.len();
            let mut cage = vec![start];
            cage_of[start] = Some(id);
            while cage.len() < target {
                let mut options: Vec<CellIndex> = cage
                    .iter()
                    .flat_map(|&c| neighbours(size, c))
                    .filter(|&n| {
                        cage_of[n].is_none() && cage.iter().all(|&c| solution[c] != solution[n])
                    })
                    .collect();
                options.sort_unstable();
                options.dedup();
                let Some(&next) = options.choose(rng) else {
                    break;
                };
                cage_of[next] = Some(id);
                cage.push(next);
            }
            cages.push(cage);
        }
        // A lone cell joins a neighbouring cage that can take its digit.
        for id in 0..cages.len() {
            if cages[id].len() != 1 {
                continue;
            }
            let cell = cages[id][0];
            let mut hosts: Vec<usize> = neighbours(size, cell)
                .filter_map(|n| cage_of[n])
                .filter(|&h| {
                    h != id
                        && cages[h].len() < size
                        && cages[h].len() > 1
                        && cages[h].iter().all(|&c| solution[c] != solution[cell])
                })
                .collect();
            hosts.sort_unstable();
            hosts.dedup();
            let Some(&host) = hosts.choose(rng) else {
                continue 'attempt;
            };
            cages[host].push(cell);
            cage_of[cell] = Some(host);
            cages[id].clear();
        }
        cages.retain(|c| !c.is_empty());
        for cage in &mut cages {
            cage.sort_unstable();
        }
        return Ok(cages);
    }
    Err(GenerateError::GaveUp(MAX_ATTEMPTS))
}

/// Whether `cells` (of one region) are connected orthogonally.
fn connected(size: usize, map: &[u8], region: u8) -> bool {
    let cells: Vec<CellIndex> = (0..size * size).filter(|&c| map[c] == region).collect();
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![false; size * size];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for n in neighbours(size, c) {
            if !seen[n] && map[n] == region {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == cells.len()
}

/// Random jigsaw regions for a grid of side `size`: `size` connected
/// regions of `size` cells each, numbered from 0. Made from the most
/// square boxes the side allows (rows when it is prime) by many random
/// swaps of two cells across a boundary, each kept only when both regions
/// stay connected.
///
/// ```
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let map = sudoku_generator::variants::random_regions(6, &mut rng);
/// assert!((0..6).all(|r| map.iter().filter(|&&x| x == r).count() == 6));
/// ```
pub fn random_regions(size: usize, rng: &mut impl Rng) -> Vec<u8> {
    let cells = size * size;
    let mut map: Vec<u8> = match Puzzle::classic(size).ok().and_then(|p| p.region_map()) {
        Some(map) => map,
        None => (0..cells).map(|c| (c / size) as u8).collect(),
    };
    if size < 2 {
        return map;
    }
    let wanted = cells * 4;
    let mut done = 0;
    let mut tries = 0;
    while done < wanted && tries < wanted * 50 {
        tries += 1;
        // A cell a of region A beside a cell of region B ...
        let a = rng.random_range(0..cells);
        let others: Vec<CellIndex> = neighbours(size, a).filter(|&n| map[n] != map[a]).collect();
        let Some(&towards) = others.choose(rng) else {
            continue;
        };
        let (ra, rb) = (map[a], map[towards]);
        // ... and a cell b of B beside A, then they change sides.
        let borders: Vec<CellIndex> = (0..cells)
            .filter(|&b| map[b] == rb && neighbours(size, b).any(|n| map[n] == ra && n != a))
            .collect();
        let Some(&b) = borders.choose(rng) else {
            continue;
        };
        map[a] = rb;
        map[b] = ra;
        if connected(size, &map, ra) && connected(size, &map, rb) {
            done += 1;
        } else {
            map[a] = ra;
            map[b] = rb;
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_variants::text::Variant;

    fn rules(size: usize, variants: &[Variant]) -> Puzzle {
        let mut puzzle = Puzzle::classic(size).unwrap();
        for v in variants {
            for c in v.constraints(size, &puzzle.regions().clone()).unwrap() {
                puzzle.add(c).unwrap();
            }
        }
        puzzle
    }

    fn check(rules: &Puzzle, made: &VariantPuzzle) {
        assert_eq!(
            sv::uniqueness(&made.puzzle),
            Uniqueness::Unique(made.solution.clone())
        );
        assert!(made.puzzle.is_solution(&made.solution));
        assert!(rules.is_solution(&made.solution));
        for (g, s) in made.puzzle.givens().iter().zip(&made.solution) {
            assert!(*g == 0 || g == s);
        }
    }

    #[test]
    fn marked_puzzles_carry_every_mark_of_their_solution() {
        use sudoku_variants::Relation;
        for (size, set, dots, xv) in [
            (9, &[][..], true, false),
            (9, &[][..], false, true),
            (6, &[Variant::X][..], true, true),
            (4, &[][..], true, false),
        ] {
            let rules = rules(size, set);
            let made = generate_marked(&rules, dots, xv, 5, 1).unwrap();
            check(&rules, &made);
            let pairs = made
                .puzzle
                .constraints()
                .iter()
                .filter(|c| matches!(c, Constraint::Pair { .. }))
                .count();
            assert!(pairs > 0, "{size} {dots} {xv}");
            for relation in [Relation::Difference(1), Relation::Ratio(2)] {
                let has = made
                    .puzzle
                    .constraints()
                    .contains(&Constraint::Unmarked(relation));
                assert_eq!(has, dots);
            }
            let has_xv = made
                .puzzle
                .constraints()
                .contains(&Constraint::Unmarked(Relation::Sum(10)));
            assert_eq!(has_xv, xv);
            assert_eq!(generate_marked(&rules, dots, xv, 5, 1).unwrap(), made);
            // Its link reads back to the same puzzle.
            let link = sudoku_variants::fpuzzles::to_link(&made.puzzle);
            assert_eq!(sudoku_variants::fpuzzles::read(&link).unwrap(), made.puzzle);
        }
        assert!(generate_marked(&rules(9, &[]), false, false, 1, 0).is_err());
    }

    #[test]
    fn lined_puzzles_carry_lines_their_solution_keeps() {
        use sudoku_variants::LineKind;
        for (size, set, kinds) in [
            (9, &[][..], &[LineKind::whispers(9)][..]),
            (9, &[][..], &[LineKind::Renban][..]),
            (9, &[][..], &[LineKind::Palindrome][..]),
            (
                6,
                &[Variant::X][..],
                &[
                    LineKind::whispers(6),
                    LineKind::Renban,
                    LineKind::Palindrome,
                ][..],
            ),
            (4, &[][..], &[LineKind::Renban][..]),
        ] {
            let rules = rules(size, set);
            let made = generate_lines(&rules, kinds, 5, 1).unwrap();
            check(&rules, &made);
            let drawn: Vec<LineKind> = made
                .puzzle
                .constraints()
                .iter()
                .filter_map(|c| match c {
                    Constraint::Line { kind, .. } => Some(*kind),
                    _ => None,
                })
                .collect();
            assert!(!drawn.is_empty(), "{size} {kinds:?}");
            assert!(drawn.iter().all(|k| kinds.contains(k)), "{size} {kinds:?}");
            assert_eq!(generate_lines(&rules, kinds, 5, 1).unwrap(), made);
            // Its link and its text read back to the same puzzle.
            let link = sudoku_variants::fpuzzles::to_link(&made.puzzle);
            assert_eq!(sudoku_variants::fpuzzles::read(&link).unwrap(), made.puzzle);
            let text = sudoku_variants::text::to_text(&made.puzzle).unwrap();
            assert_eq!(
                sudoku_variants::text::read(&text).unwrap().constraints(),
                made.puzzle.constraints()
            );
        }
        assert!(generate_lines(&rules(9, &[]), &[], 1, 0).is_err());
    }

    #[test]
    fn rule_sets_give_unique_puzzles() {
        let sets: [(usize, &[Variant]); 9] = [
            (9, &[Variant::X]),
            (9, &[Variant::Windoku]),
            (9, &[Variant::AntiKnight]),
            (9, &[Variant::AntiKing]),
            (9, &[Variant::NonConsecutive]),
            (9, &[Variant::DisjointGroups]),
            (9, &[Variant::X, Variant::AntiKnight]),
            (6, &[Variant::X]),
            (4, &[Variant::Windoku]),
        ];
        for (size, set) in sets {
            let rules = rules(size, set);
            let made = generate(&rules, 11, 0).unwrap_or_else(|e| panic!("{size} {set:?}: {e}"));
            check(&rules, &made);
            assert!(made.puzzle.givens().contains(&0));
            assert_eq!(made.puzzle.constraints(), rules.constraints());
            assert_eq!(generate(&rules, 11, 0).unwrap(), made, "{set:?}");
        }
    }

    #[test]
    fn other_seeds_and_indexes_give_other_puzzles() {
        let rules = rules(9, &[Variant::X]);
        let a = generate(&rules, 1, 0).unwrap();
        let b = generate(&rules, 1, 1).unwrap();
        let c = generate(&rules, 2, 0).unwrap();
        assert_ne!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn killer_cages_cover_the_grid_with_their_totals() {
        for (size, set) in [(9, &[][..]), (6, &[Variant::X][..]), (4, &[][..])] {
            let rules = rules(size, set);
            let made = generate_killer(&rules, 5, 0).unwrap();
            check(&rules, &made);
            let mut covered = vec![0; size * size];
            for c in made.puzzle.constraints() {
                if let Constraint::Cage { cells, total } = c {
                    assert!((2..=size.max(2)).contains(&cells.len()), "{cells:?}");
                    let sum: u32 = cells.iter().map(|&x| u32::from(made.solution[x])).sum();
                    assert_eq!(*total, Some(sum));
                    for &x in cells {
                        covered[x] += 1;
                    }
                    let map: Vec<u8> = (0..size * size)
                        .map(|x| u8::from(!cells.contains(&x)))
                        .collect();
                    assert!(connected(size, &map, 0), "{cells:?}");
                }
            }
            assert!(covered.iter().all(|&n| n == 1));
            assert_eq!(generate_killer(&rules, 5, 0).unwrap(), made);
        }
    }

    #[test]
    fn jigsaw_regions_are_connected_and_full() {
        for size in 4..=9 {
            let mut rng = ChaCha8Rng::seed_from_u64(size as u64);
            let map = random_regions(size, &mut rng);
            for r in 0..size as u8 {
                assert_eq!(map.iter().filter(|&&x| x == r).count(), size);
                assert!(connected(size, &map, r));
            }
        }
        for (size, set) in [(9, &[][..]), (6, &[Variant::AntiKing][..])] {
            let rules = rules(size, set);
            let made = generate_jigsaw(&rules, 3, 0).unwrap();
            let Regions::Jigsaw(map) = made.puzzle.regions() else {
                panic!("not a jigsaw");
            };
            for r in 0..size as u8 {
                assert!(connected(size, map, r));
            }
            check(&rules_on(&made.puzzle, &rules), &made);
        }
    }

    /// The rules' constraints on the regions of `made`.
    fn rules_on(made: &Puzzle, rules: &Puzzle) -> Puzzle {
        let mut p = Puzzle::new(made.size(), made.regions().clone()).unwrap();
        for c in rules.constraints() {
            p.add(c.clone()).unwrap();
        }
        p
    }

    #[test]
    fn jigsaw_refuses_rules_that_need_boxes() {
        assert!(generate_jigsaw(&rules(9, &[Variant::Windoku]), 1, 0).is_err());
    }
}
