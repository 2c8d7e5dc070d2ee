//! The puzzle laid out for the logic (its named groups of distinct cells,
//! peers, cages, thermometers, arrows and house sums) and the pencil marks.

use std::sync::Arc;

use crate::puzzle::{CellIndex, Constraint, DistinctKind, LineKind, Puzzle, Regions, Relation};
use crate::report::symbol;
use crate::solver::{HouseSum, Model, SumSource, house_sums};

/// A set of cells whose digits differ, with its name for explanations.
#[derive(Debug, Clone)]
pub(crate) struct Group {
    pub cells: Vec<CellIndex>,
    pub name: String,
    /// It has `size` cells, so it holds every digit once.
    pub full: bool,
}

/// A killer cage with a total.
#[derive(Debug, Clone)]
pub(crate) struct Cage {
    pub cells: Vec<CellIndex>,
    pub total: u32,
    pub name: String,
}

/// A sum the house rule implies, with its words.
#[derive(Debug, Clone)]
pub(crate) struct Implied {
    pub sum: HouseSum,
    /// The run of houses it comes from: `rows 1-2`, `box 5`.
    pub run: String,
    /// What the run adds up to: `n(n+1)/2` for each house of it.
    pub run_total: u32,
    /// Its cells are peers of each other.
    pub distinct: bool,
}

/// Everything about the puzzle the techniques read, built once.
#[derive(Debug)]
pub(crate) struct Layout {
    pub size: usize,
    pub all: u16,
    /// Rows, columns, regions and further houses first, in the order of
    /// [`Puzzle::houses`] (the house sums name them by that index), then
    /// smaller groups: diagonals of fewer cells, cages, thermometers.
    pub groups: Vec<Group>,
    pub peers: Vec<Vec<u16>>,
    pub orthogonal: Vec<Vec<u16>>,
    pub init: Vec<u16>,
    pub cages: Vec<Cage>,
    pub thermometers: Vec<Vec<CellIndex>>,
    pub arrows: Vec<(Vec<CellIndex>, Vec<CellIndex>)>,
    pub sums: Vec<Implied>,
    /// Neighbours under a kropki dot or an XV mark (`true`: the mark's
    /// relation holds), or unmarked under the negative constraint
    /// (`false`: it does not).
    pub pairs: Vec<([CellIndex; 2], Relation, bool)>,
    /// Whispers lines, renban lines and palindromes, with their cells.
    pub lines: Vec<(LineKind, Vec<CellIndex>)>,
    /// Little killers: the diagonal from the clue, and its total.
    pub little_killers: Vec<(Vec<CellIndex>, u32)>,
    /// Sandwich sums: the row or column, and the total.
    pub sandwiches: Vec<(Vec<CellIndex>, u32)>,
    /// Skyscrapers: the row or column from the clue, and the count seen.
    pub skyscrapers: Vec<(Vec<CellIndex>, u32)>,
    /// X-sums: the row or column from the clue, and the total.
    pub x_sums: Vec<(Vec<CellIndex>, u32)>,
    /// Quadruples: the four cells and their digits.
    pub quadruples: Vec<([CellIndex; 4], Vec<u8>)>,
}

fn same_set(a: &[CellIndex], b: &[CellIndex]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// `cage r1c1 (15)`: a cage by its first cell in reading order.
fn cage_name(puzzle: &Puzzle, cells: &[CellIndex], total: Option<u32>) -> String {
    let first = cells.iter().min().copied().unwrap_or(0);
    match total {
        Some(t) => format!("cage {} ({t})", puzzle.cell_name(first)),
        None => format!("cage {}", puzzle.cell_name(first)),
    }
}

/// `the renban line from r1c1`: a line by the end it was drawn from.
pub(crate) fn line_name(puzzle: &Puzzle, kind: LineKind, cells: &[CellIndex]) -> String {
    format!(
        "the {} from {}",
        kind.noun(),
        puzzle.cell_name(cells.first().copied().unwrap_or(0))
    )
}

/// The name of a further constraint's cells as a group.
fn constraint_name(puzzle: &Puzzle, constraint: &Constraint, counts: &mut [usize; 3]) -> String {
    match constraint {
        Constraint::Distinct { kind, .. } => {
            let mut numbered = |i: usize, word: &str| {
                counts[i] += 1;
                format!("{word} {}", counts[i])
            };
            match kind {
                DistinctKind::DiagonalDown => "the main diagonal".to_string(),
                DistinctKind::DiagonalUp => "the anti-diagonal".to_string(),
                DistinctKind::Windoku => numbered(0, "windoku box"),
                DistinctKind::DisjointGroup => numbered(1, "disjoint group"),
                DistinctKind::ExtraRegion => numbered(2, "extra region"),
            }
        }
        Constraint::Cage { cells, total } => cage_name(puzzle, cells, *total),
        Constraint::Thermometer { cells } => format!(
            "the thermometer from {}",
            puzzle.cell_name(cells.first().copied().unwrap_or(0))
        ),
        Constraint::Line { kind, cells } => line_name(puzzle, *kind, cells),
        _ => String::new(),
    }
}

impl Layout {
    pub(crate) fn new(puzzle: &Puzzle) -> Layout {
        let n = puzzle.size();
        let model = Model::new(puzzle);
        let region_word = match puzzle.regions() {
            Regions::Jigsaw(_) => "region",
            _ => "box",
        };
        let has_regions = puzzle.region_map().is_some();
        // Names of the further constraints, in the order added.
        let mut counts = [0; 3];
        let named: Vec<(Vec<CellIndex>, String)> = puzzle
            .constraints()
            .iter()
            .filter(|c| {
                matches!(
                    c,
                    Constraint::Distinct { .. }
                        | Constraint::Cage { .. }
                        | Constraint::Thermometer { .. }
                        | Constraint::Line {
                            kind: LineKind::Renban,
                            ..
                        }
                )
            })
            .map(|c| (c.cells(), constraint_name(puzzle, c, &mut counts)))
            .collect();
        let mut groups: Vec<Group> = Vec::new();
        for (h, cells) in puzzle.houses().into_iter().enumerate() {
            let name = match h / n.max(1) {
                0 => format!("row {}", h + 1),
                1 => format!("column {}", h - n + 1),
                2 if has_regions => format!("{region_word} {}", h - 2 * n + 1),
                _ => named
                    .iter()
                    .find(|(c, _)| same_set(c, &cells))
                    .map_or_else(|| format!("house {}", h + 1), |(_, name)| name.clone()),
            };
            groups.push(Group {
                cells,
                name,
                full: true,
            });
        }
        for (cells, name) in named {
            if cells.len() > 1 && !groups.iter().any(|g| same_set(&g.cells, &cells)) {
                groups.push(Group {
                    full: cells.len() == n,
                    cells,
                    name,
                });
            }
        }
        let mut cages = Vec::new();
        let mut thermometers = Vec::new();
        let mut arrows = Vec::new();
        let mut pairs = Vec::new();
        let mut lines = Vec::new();
        let mut little_killers = Vec::new();
        let mut sandwiches = Vec::new();
        let (mut skyscrapers, mut x_sums) = (Vec::new(), Vec::new());
        let mut quadruples = Vec::new();
        for constraint in puzzle.constraints() {
            match constraint {
                Constraint::Cage {
                    cells,
                    total: Some(total),
                } => cages.push(Cage {
                    cells: cells.clone(),
                    total: *total,
                    name: cage_name(puzzle, cells, Some(*total)),
                }),
                Constraint::Thermometer { cells } if cells.len() > 1 => {
                    thermometers.push(cells.clone())
                }
                Constraint::Arrow { circle, path } => arrows.push((circle.clone(), path.clone())),
                Constraint::Pair { cells, relation } => pairs.push((*cells, *relation, true)),
                Constraint::Unmarked(relation) => pairs.extend(
                    puzzle
                        .unmarked_pairs(relation.variant())
                        .into_iter()
                        .map(|cells| (cells, *relation, false)),
                ),
                Constraint::Line { kind, cells } => lines.push((*kind, cells.clone())),
                Constraint::LittleKiller { cells, total } => {
                    little_killers.push((cells.clone(), *total))
                }
                Constraint::Sandwich { cells, total } => sandwiches.push((cells.clone(), *total)),
                Constraint::Skyscraper { cells, count } => {
                    skyscrapers.push((cells.clone(), *count))
                }
                Constraint::XSum { cells, total } => x_sums.push((cells.clone(), *total)),
                Constraint::Quadruple { cells, digits } => {
                    quadruples.push((*cells, digits.clone()))
                }
                _ => {}
            }
        }
        let totals: Vec<(Vec<CellIndex>, u32)> =
            cages.iter().map(|c| (c.cells.clone(), c.total)).collect();
        let sums = house_sums(puzzle, &puzzle.houses(), &totals)
            .into_iter()
            .filter(|s| !cages.iter().any(|c| same_set(&c.cells, &s.cells)))
            .map(|sum| {
                let run = run_name(&sum.source, &groups);
                let houses = match sum.source {
                    SumSource::Rows(a, b) | SumSource::Columns(a, b) => b + 1 - a,
                    SumSource::House(_) => 1,
                };
                let run_total = (houses * n * (n + 1) / 2) as u32;
                let distinct = sum.cells.iter().all(|&a| {
                    sum.cells
                        .iter()
                        .all(|&b| a == b || model.peers[a].contains(&(b as u16)))
                });
                Implied {
                    sum,
                    run,
                    run_total,
                    distinct,
                }
            })
            .collect();
        Layout {
            size: n,
            all: if n == 16 { u16::MAX } else { (1 << n) - 1 },
            groups,
            peers: model.peers,
            orthogonal: model.orthogonal,
            // The search's slots after the cells are not candidates.
            init: model.init[..n * n].to_vec(),
            cages,
            thermometers,
            arrows,
            sums,
            pairs,
            lines,
            little_killers,
            sandwiches,
            skyscrapers,
            x_sums,
            quadruples,
        }
    }
}

/// `rows 1-3`, `column 4`, `box 5`.
fn run_name(source: &SumSource, groups: &[Group]) -> String {
    let lines = |word: &str, first: usize, last: usize| {
        if first == last {
            format!("{word} {}", first + 1)
        } else {
            format!("{word}s {}-{}", first + 1, last + 1)
        }
    };
    match *source {
        SumSource::Rows(a, b) => lines("row", a, b),
        SumSource::Columns(a, b) => lines("column", a, b),
        SumSource::House(h) => groups[h].name.clone(),
    }
}

/// The pencil marks of a variant puzzle: each empty cell's candidates,
/// starting from the digits its peers (houses, cages, anti-knight and
/// anti-king neighbours), its non-consecutive neighbours and its odd/even
/// mark leave. Built by [`pencil_marks`](super::pencil_marks); digits
/// are `1..=size`, cells are indices in reading order.
///
/// ```
/// use sudoku_variants::{logic, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(9).unwrap();
/// puzzle.add(Constraint::AntiKing).unwrap();
/// puzzle.add(Constraint::Even(80)).unwrap();
/// puzzle.set_given(2, 1).unwrap(); // r1c3
/// let marks = logic::pencil_marks(&puzzle);
/// assert_eq!(marks.value(2), Some(1));
/// assert!(!marks.has(12, 1)); // r2c4: a king's move away
/// assert!(marks.has(13, 1)); // r2c5
/// assert_eq!(marks.digits(80), [2, 4, 6, 8]);
/// ```
#[derive(Debug, Clone)]
pub struct Marks {
    pub(crate) layout: Arc<Layout>,
    values: Vec<u8>,
    /// Candidates of each empty cell, bit `d - 1` for digit `d`; 0 once placed.
    masks: Vec<u16>,
}

impl PartialEq for Marks {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values && self.masks == other.masks
    }
}

impl Marks {
    pub(crate) fn new(puzzle: &Puzzle) -> Marks {
        let layout = Arc::new(Layout::new(puzzle));
        let mut marks = Marks {
            values: vec![0; layout.init.len()],
            masks: layout.init.clone(),
            layout,
        };
        for (cell, &d) in puzzle.givens().iter().enumerate() {
            if d != 0 {
                marks.place(cell, d);
            }
        }
        marks
    }

    /// The grid's side.
    pub fn size(&self) -> usize {
        self.layout.size
    }

    /// The digit in a cell, `None` while it is empty.
    pub fn value(&self, cell: CellIndex) -> Option<u8> {
        Some(self.values[cell]).filter(|&d| d != 0)
    }

    /// Every cell's digit in reading order, 0 for empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// A cell's candidates as bits (`1 << (d - 1)` for digit `d`), 0 once
    /// placed.
    pub fn mask(&self, cell: CellIndex) -> u16 {
        self.masks[cell]
    }

    /// A cell's candidates, smallest first.
    pub fn digits(&self, cell: CellIndex) -> Vec<u8> {
        digits_of(self.masks[cell])
    }

    /// Whether a digit is a candidate of a cell.
    pub fn has(&self, cell: CellIndex, digit: u8) -> bool {
        (1..=16).contains(&digit) && self.masks[cell] >> (digit - 1) & 1 == 1
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&d| d != 0)
    }

    /// The cell's possible digits: its candidates, or its digit once placed.
    pub(crate) fn options(&self, cell: CellIndex) -> u16 {
        match self.values[cell] {
            0 => self.masks[cell],
            d => 1 << (d - 1),
        }
    }

    /// Places a digit (`1..=size`) and removes it from the cell's peers
    /// (and its neighbouring digits from non-consecutive neighbours).
    pub fn place(&mut self, cell: CellIndex, digit: u8) {
        let bit = 1u16 << (digit - 1);
        self.values[cell] = digit;
        self.masks[cell] = 0;
        let layout = self.layout.clone();
        for &p in &layout.peers[cell] {
            self.masks[usize::from(p)] &= !bit;
        }
        let near = (bit << 1) | (bit >> 1);
        for &o in &layout.orthogonal[cell] {
            self.masks[usize::from(o)] &= !near;
        }
    }

    /// The cells of a house, cage, line or run of rows or columns a step
    /// names in [`Step::houses`](super::Step::houses) (`row 3`, `cage r1c1
    /// (15)`, `rows 1-2`), for front ends to highlight; empty for a name it
    /// does not know.
    ///
    /// ```
    /// use sudoku_variants::{logic, Puzzle};
    /// let marks = logic::pencil_marks(&Puzzle::classic(4).unwrap());
    /// assert_eq!(marks.house_cells("row 2"), [4, 5, 6, 7]);
    /// assert_eq!(marks.house_cells("columns 1-2"), [0, 1, 4, 5, 8, 9, 12, 13]);
    /// assert!(marks.house_cells("rows 4-5").is_empty());
    /// ```
    pub fn house_cells(&self, name: &str) -> Vec<CellIndex> {
        let layout = &self.layout;
        if let Some(g) = layout.groups.iter().find(|g| g.name == name) {
            return g.cells.clone();
        }
        if let Some(c) = layout.cages.iter().find(|c| c.name == name) {
            return c.cells.clone();
        }
        // The runs of the house-sum rule (see `run_name`).
        let n = layout.size;
        let run = |rest: &str| {
            let (a, b) = rest.split_once('-')?;
            let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
            (1 <= a && a <= b && b <= n).then_some(a - 1..b)
        };
        if let Some(rows) = name.strip_prefix("rows ").and_then(run) {
            return rows.flat_map(|r| (0..n).map(move |c| r * n + c)).collect();
        }
        if let Some(columns) = name.strip_prefix("columns ").and_then(run) {
            let mut cells: Vec<CellIndex> = columns
                .flat_map(|c| (0..n).map(move |r| r * n + c))
                .collect();
            cells.sort_unstable();
            return cells;
        }
        Vec::new()
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: CellIndex, digit: u8) -> bool {
        let had = self.has(cell, digit);
        if had {
            self.masks[cell] &= !(1 << (digit - 1));
        }
        had
    }

    /// Applies a step: its eliminations, then its placements.
    ///
    /// ```
    /// use sudoku_variants::{logic, Puzzle};
    /// let mut puzzle = Puzzle::classic(4).unwrap();
    /// for (cell, d) in [(0, 1), (1, 2), (2, 3)] {
    ///     puzzle.set_given(cell, d).unwrap();
    /// }
    /// let mut marks = logic::pencil_marks(&puzzle);
    /// let step = logic::next_step(&marks).unwrap();
    /// marks.apply(&step);
    /// assert_eq!(marks.value(3), Some(4));
    /// ```
    pub fn apply(&mut self, step: &super::Step) {
        for &(cell, d) in &step.eliminations {
            self.eliminate(cell, d);
        }
        for &(cell, d) in &step.placements {
            if self.values[cell] == 0 {
                self.place(cell, d);
            }
        }
    }

    /// The marks as text, one line per row: each cell's candidates
    /// (digits above 9 as letters), a placed digit in parentheses, with
    /// the cells of a column lined up; `compact` leaves out the padding.
    ///
    /// ```
    /// use sudoku_variants::{logic, Puzzle};
    /// let mut puzzle = Puzzle::classic(4).unwrap();
    /// puzzle.set_given(0, 1).unwrap();
    /// let text = logic::pencil_marks(&puzzle).render(true);
    /// assert_eq!(text.lines().next(), Some("(1) 234 234 234"));
    /// ```
    pub fn render(&self, compact: bool) -> String {
        let n = self.size();
        let texts: Vec<String> = (0..n * n)
            .map(|c| match self.values[c] {
                0 if self.masks[c] == 0 => "-".to_string(),
                0 => digits_of(self.masks[c]).into_iter().map(symbol).collect(),
                d => format!("({})", symbol(d)),
            })
            .collect();
        let widths: Vec<usize> = (0..n)
            .map(|col| (0..n).map(|r| texts[r * n + col].len()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|col| {
                    let t = &texts[r * n + col];
                    if compact {
                        t.clone()
                    } else {
                        format!("{t:<w$}", w = widths[col])
                    }
                })
                .collect();
            out.push_str(row.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}

/// The digits of a mask, smallest first.
pub(crate) fn digits_of(mask: u16) -> Vec<u8> {
    (0..16u8)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| i + 1)
        .collect()
}
