//! The rules as a check: does a grid (full, or with empty cells) break any
//! constraint of the puzzle, and which cells show it.

use crate::puzzle::{CellIndex, Constraint, LineKind, Puzzle, RowOrColumn};
use std::fmt;

/// A broken rule: which one, the cells that show it, and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule's name: `row`, `column`, `region`, or a variant name.
    pub rule: &'static str,
    /// The cells involved.
    pub cells: Vec<CellIndex>,
    /// What is wrong, naming the cells `r1c1` style.
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// The cells a knight's move or a king's move away, and orthogonal
/// neighbours, of a cell.
pub(crate) fn neighbours(size: usize, cell: CellIndex, steps: &[(i32, i32)]) -> Vec<CellIndex> {
    let (r, c) = ((cell / size) as i32, (cell % size) as i32);
    steps
        .iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| r >= 0 && c >= 0 && r < size as i32 && c < size as i32)
        .map(|(r, c)| r as usize * size + c as usize)
        .collect()
}

pub(crate) const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
pub(crate) const KING: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
pub(crate) const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

impl Puzzle {
    /// The pairs of orthogonal neighbours (first cell first in reading
    /// order) with no mark of `variant` (`kropki` or `xv`) between them:
    /// those a [`Constraint::Unmarked`] of that variant speaks of.
    pub(crate) fn unmarked_pairs(&self, variant: &str) -> Vec<[CellIndex; 2]> {
        let size = self.size();
        let marked: Vec<[CellIndex; 2]> = self
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Pair { cells, relation } if relation.variant() == variant => {
                    Some(*cells)
                }
                _ => None,
            })
            .collect();
        (0..size * size)
            .flat_map(|a| {
                neighbours(size, a, &ORTHOGONAL)
                    .into_iter()
                    .filter(move |&b| b > a)
                    .map(move |b| [a, b])
            })
            .filter(|pair| !marked.contains(pair))
            .collect()
    }
}

impl Puzzle {
    /// The first rule `grid` breaks (0 for an empty cell: only what the
    /// filled cells already break counts), or `None`.
    ///
    /// ```
    /// use sudoku_variants::{Constraint, Puzzle};
    /// let mut puzzle = Puzzle::classic(4).unwrap();
    /// puzzle.add(Constraint::Thermometer { cells: vec![0, 1] }).unwrap();
    /// let mut grid = vec![0; 16];
    /// grid[0] = 3;
    /// grid[1] = 2;
    /// assert_eq!(puzzle.violation(&grid).unwrap().to_string(),
    ///            "thermometer r1c1, r1c2: 3 then 2 do not increase");
    /// ```
    pub fn violation(&self, grid: &[u8]) -> Option<Violation> {
        let size = self.size();
        assert_eq!(grid.len(), size * size, "a grid of the puzzle's size");
        let name = |c: CellIndex| self.cell_name(c);
        if let Some(c) = (0..grid.len()).find(|&c| usize::from(grid[c]) > size) {
            return Some(Violation {
                rule: "digit",
                cells: vec![c],
                message: format!("{} holds {}, outside 1 to {size}", name(c), grid[c]),
            });
        }
        if let Some(c) =
            (0..grid.len()).find(|&c| self.givens()[c] != 0 && grid[c] != self.givens()[c])
        {
            return Some(Violation {
                rule: "given",
                cells: vec![c],
                message: format!(
                    "{} holds {} where the given is {}",
                    name(c),
                    grid[c],
                    self.givens()[c]
                ),
            });
        }
        let houses = self.houses();
        for (i, house) in houses.iter().enumerate() {
            let rule = match i / size {
                0 => "row",
                1 => "column",
                2 if self.region_map().is_some() => "region",
                // A full-size house a constraint adds: named by its rule.
                _ => self
                    .constraints()
                    .iter()
                    .find(|c| {
                        let cells = c.cells();
                        cells.len() == house.len() && house.iter().all(|h| cells.contains(h))
                    })
                    .map_or("house", Constraint::variant),
            };
            if let Some(v) = repeat(grid, house, rule, &name) {
                return Some(v);
            }
        }
        let pair_rule = |steps: &[(i32, i32)],
                         rule: &'static str,
                         broken: &dyn Fn(u8, u8) -> bool| {
            (0..grid.len()).find_map(|a| {
                neighbours(size, a, steps)
                    .into_iter()
                    .find(|&b| b > a && grid[a] != 0 && grid[b] != 0 && broken(grid[a], grid[b]))
                    .map(|b| Violation {
                        rule,
                        cells: vec![a, b],
                        message: format!(
                            "{} holds {} and {} holds {}, which {rule} forbids",
                            name(a),
                            grid[a],
                            name(b),
                            grid[b]
                        ),
                    })
            })
        };
        for constraint in self.constraints() {
            let rule = constraint.variant();
            let found = match constraint {
                Constraint::Distinct { cells, .. } => repeat(grid, cells, rule, &name),
                Constraint::AntiKnight => pair_rule(&KNIGHT, rule, &|a, b| a == b),
                Constraint::AntiKing => pair_rule(&KING, rule, &|a, b| a == b),
                Constraint::NonConsecutive => {
                    pair_rule(&ORTHOGONAL, rule, &|a, b| a.abs_diff(b) == 1)
                }
                Constraint::Cage { cells, total } => {
                    repeat(grid, cells, rule, &name).or_else(|| {
                        let total = (*total)?;
                        let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
                        let full = cells.iter().all(|&c| grid[c] != 0);
                        (sum > total || (full && sum != total)).then(|| Violation {
                            rule,
                            cells: cells.clone(),
                            message: format!(
                                "cage {} adds up to {sum}{}, not {total}",
                                list(cells, &name),
                                if full { "" } else { " already" }
                            ),
                        })
                    })
                }
                Constraint::Thermometer { cells } => {
                    let filled: Vec<usize> =
                        (0..cells.len()).filter(|&i| grid[cells[i]] != 0).collect();
                    filled.windows(2).find_map(|w| {
                        let (i, j) = (w[0], w[1]);
                        let (a, b) = (grid[cells[i]], grid[cells[j]]);
                        (usize::from(b) < usize::from(a) + (j - i)).then(|| Violation {
                            rule,
                            cells: vec![cells[i], cells[j]],
                            message: if j == i + 1 {
                                format!(
                                    "thermometer {}, {}: {a} then {b} do not increase",
                                    name(cells[i]),
                                    name(cells[j])
                                )
                            } else {
                                format!(
                                    "thermometer: {} holds {a} and {} holds {b}, {} steps on",
                                    name(cells[i]),
                                    name(cells[j]),
                                    j - i
                                )
                            },
                        })
                    })
                }
                Constraint::LittleKiller { cells, total } => {
                    let sum: u32 = cells.iter().map(|&c| u32::from(grid[c])).sum();
                    let full = cells.iter().all(|&c| grid[c] != 0);
                    (sum > *total || (full && sum != *total)).then(|| Violation {
                        rule,
                        cells: cells.clone(),
                        message: format!(
                            "little killer from {}: the diagonal adds up to {sum}{}, not {total}",
                            name(cells[0]),
                            if full { "" } else { " already" }
                        ),
                    })
                }
                Constraint::Quadruple { cells, digits } => {
                    let mut missing = digits.clone();
                    for &c in cells {
                        if let Some(k) = missing.iter().position(|&d| d == grid[c]) {
                            missing.remove(k);
                        }
                    }
                    let empty = cells.iter().filter(|&&c| grid[c] == 0).count();
                    (missing.len() > empty).then(|| {
                        let listed: Vec<String> = missing.iter().map(u8::to_string).collect();
                        Violation {
                            rule,
                            cells: cells.to_vec(),
                            message: format!(
                                "quadruple at {}: its cells lack {}{}",
                                name(cells[0]),
                                listed.join(" and "),
                                match empty {
                                    0 => String::new(),
                                    1 => ", with one empty cell".into(),
                                    n => format!(", with {n} empty cells"),
                                }
                            ),
                        }
                    })
                }
                Constraint::Sandwich { cells, total } => {
                    let at = |d: usize| cells.iter().position(|&c| usize::from(grid[c]) == d);
                    at(1).zip(at(size)).and_then(|(i, j)| {
                        let between = &cells[i.min(j) + 1..i.max(j)];
                        let sum: u32 = between.iter().map(|&c| u32::from(grid[c])).sum();
                        let full = between.iter().all(|&c| grid[c] != 0);
                        (sum > *total || (full && sum != *total)).then(|| Violation {
                            rule,
                            cells: cells.clone(),
                            message: format!(
                                "sandwich on {}: the digits between the 1 and the {size} add up \
                                 to {sum}{}, not {total}",
                                line_name(size, cells),
                                if full { "" } else { " already" }
                            ),
                        })
                    })
                }
                Constraint::Skyscraper { cells, count } => {
                    // Seen so far along the filled cells from the clue;
                    // once the largest digit is seen, nothing more is.
                    let (mut seen, mut tallest, mut whole) = (0u32, 0u8, false);
                    for &c in cells {
                        if grid[c] == 0 {
                            break;
                        }
                        if grid[c] > tallest {
                            (seen, tallest) = (seen + 1, grid[c]);
                        }
                        if usize::from(tallest) == size {
                            whole = true;
                            break;
                        }
                    }
                    (seen > *count || (whole && seen != *count)).then(|| Violation {
                        rule,
                        cells: cells.clone(),
                        message: format!(
                            "skyscrapers on {}: {}{seen} seen, not {count}",
                            clue_name(size, cells),
                            if whole { "" } else { "already " }
                        ),
                    })
                }
                Constraint::XSum { cells, total } => {
                    let x = usize::from(grid[cells[0]]).min(cells.len());
                    let first = &cells[..x];
                    let sum: u32 = first.iter().map(|&c| u32::from(grid[c])).sum();
                    let full = first.iter().all(|&c| grid[c] != 0);
                    (x > 0 && (sum > *total || (full && sum != *total))).then(|| Violation {
                        rule,
                        cells: cells.clone(),
                        message: format!(
                            "X-sum on {}: the first {x} digits add up to {sum}{}, not {total}",
                            clue_name(size, cells),
                            if full { "" } else { " already" }
                        ),
                    })
                }
                Constraint::Arrow { circle, path } => {
                    let full = circle.iter().chain(path).all(|&c| grid[c] != 0);
                    let value = circle
                        .iter()
                        .fold(0u64, |v, &c| v * 10 + u64::from(grid[c]));
                    let sum: u64 = path.iter().map(|&c| u64::from(grid[c])).sum();
                    (full && value != sum).then(|| Violation {
                        rule,
                        cells: circle.iter().chain(path).copied().collect(),
                        message: format!(
                            "arrow from {}: the circle holds {value} but the arrow adds up to {sum}",
                            list(circle, &name)
                        ),
                    })
                }
                Constraint::Pair {
                    cells: [a, b],
                    relation,
                } => (grid[*a] != 0 && grid[*b] != 0 && !relation.holds(grid[*a], grid[*b])).then(
                    || Violation {
                        rule,
                        cells: vec![*a, *b],
                        message: format!(
                            "{} holds {} and {} holds {}, but {} between them asks for {}",
                            name(*a),
                            grid[*a],
                            name(*b),
                            grid[*b],
                            relation.mark(),
                            relation.in_words()
                        ),
                    },
                ),
                Constraint::Unmarked(relation) => self
                    .unmarked_pairs(relation.variant())
                    .into_iter()
                    .find(|&[a, b]| {
                        grid[a] != 0 && grid[b] != 0 && relation.holds(grid[a], grid[b])
                    })
                    .map(|[a, b]| Violation {
                        rule,
                        cells: vec![a, b],
                        message: format!(
                            "{} holds {} and {} holds {}, {} with no {} between them",
                            name(a),
                            grid[a],
                            name(b),
                            grid[b],
                            relation.in_words(),
                            relation.mark_kind()
                        ),
                    }),
                Constraint::Line { kind, cells } => line_violation(*kind, cells, grid, &name),
                Constraint::Odd(c) | Constraint::Even(c) => {
                    let want_odd = matches!(constraint, Constraint::Odd(_));
                    (grid[*c] != 0 && (grid[*c] % 2 == 1) != want_odd).then(|| Violation {
                        rule,
                        cells: vec![*c],
                        message: format!(
                            "{} holds {}, but the cell is {}",
                            name(*c),
                            grid[*c],
                            if want_odd { "odd" } else { "even" }
                        ),
                    })
                }
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Whether `grid` is full and keeps every rule and given.
    ///
    /// ```
    /// use sudoku_variants::Puzzle;
    /// let puzzle = Puzzle::classic(1).unwrap();
    /// assert!(puzzle.is_solution(&[1]));
    /// assert!(!puzzle.is_solution(&[0]));
    /// ```
    pub fn is_solution(&self, grid: &[u8]) -> bool {
        grid.len() == self.size() * self.size()
            && grid.iter().all(|&d| d != 0)
            && self.violation(grid).is_none()
    }
}

/// What a line's filled cells already break: a step of a whispers line
/// too close, the two ends of a palindrome that differ, a renban line's
/// repeat or digits too far apart for one run.
fn line_violation(
    kind: LineKind,
    cells: &[CellIndex],
    grid: &[u8],
    name: &dyn Fn(CellIndex) -> String,
) -> Option<Violation> {
    let rule = kind.variant();
    let line = format!("{} from {}", kind.noun(), name(cells[0]));
    let broken = kind
        .pairs(cells)
        .into_iter()
        .find(|&[a, b]| grid[a] != 0 && grid[b] != 0 && !kind.holds(grid[a], grid[b]));
    if let Some([a, b]) = broken {
        let why = match kind {
            LineKind::Whispers(k) => format!("less than {k} apart"),
            _ => "but they are the same distance from either end".into(),
        };
        return Some(Violation {
            rule,
            cells: vec![a, b],
            message: format!(
                "{line}: {} holds {} and {} holds {}, {why}",
                name(a),
                grid[a],
                name(b),
                grid[b]
            ),
        });
    }
    if kind != LineKind::Renban {
        return None;
    }
    if let Some(v) = repeat(grid, cells, rule, name) {
        return Some(v);
    }
    let filled: Vec<CellIndex> = cells.iter().copied().filter(|&c| grid[c] != 0).collect();
    let low = filled.iter().copied().min_by_key(|&c| grid[c])?;
    let high = filled.iter().copied().max_by_key(|&c| grid[c])?;
    (usize::from(grid[high] - grid[low]) >= cells.len()).then(|| Violation {
        rule,
        cells: vec![low, high],
        message: format!(
            "{line}: {} holds {} and {} holds {}, too far apart for a run of {} consecutive digits",
            name(low),
            grid[low],
            name(high),
            grid[high],
            cells.len()
        ),
    })
}

fn list(cells: &[CellIndex], name: &dyn Fn(CellIndex) -> String) -> String {
    cells
        .iter()
        .map(|&c| name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn repeat(
    grid: &[u8],
    cells: &[CellIndex],
    rule: &'static str,
    name: &dyn Fn(CellIndex) -> String,
) -> Option<Violation> {
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if grid[a] != 0 && grid[a] == grid[b] {
                return Some(Violation {
                    rule,
                    cells: vec![a, b],
                    message: format!("{} and {} both hold {} ({rule})", name(a), name(b), grid[a]),
                });
            }
        }
    }
    None
}

/// `row 3` or `column 4` (counted from 1), for the row or column `cells`.
pub(crate) fn line_name(size: usize, cells: &[CellIndex]) -> String {
    RowOrColumn::of(size, cells).map_or_else(|| "a line".into(), |line| line.clue_name(false))
}

/// `row 3`, `row 3 from the right`, `column 4` or `column 4 from the
/// bottom` (counted from 1): the row or column `cells` are, from their
/// first cell's end.
pub(crate) fn clue_name(size: usize, cells: &[CellIndex]) -> String {
    match RowOrColumn::of_clue(size, cells) {
        Some((line, far)) => line.clue_name(far),
        None => "a line".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_on_a_diagonal_is_named_by_its_rule() {
        let mut puzzle = Puzzle::classic(4).unwrap();
        for c in Constraint::diagonals(4) {
            puzzle.add(c).unwrap();
        }
        // Rows, columns and boxes hold; r2c2 and r3c3 repeat 4 on the
        // main diagonal.
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3];
        let broken = puzzle.violation(&grid).unwrap();
        assert_eq!(broken.rule, "x");
        assert_eq!(broken.cells, vec![5, 10]);
    }

    #[test]
    fn skyscrapers_and_x_sums_are_checked_as_far_as_they_are_filled() {
        // A 4x4 solution: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1.
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let broken = |clue: Constraint, grid: &[u8]| {
            let mut puzzle = Puzzle::classic(4).unwrap();
            puzzle.add(clue).unwrap();
            puzzle.violation(grid).map(|v| v.message)
        };
        let (row, column) = (RowOrColumn::Row(0), RowOrColumn::Column(1));
        // Row 1 from the left sees 1 2 3 4, from the right 4 alone.
        assert_eq!(
            broken(Constraint::skyscraper(4, row, false, 4), &grid),
            None
        );
        assert_eq!(broken(Constraint::skyscraper(4, row, true, 1), &grid), None);
        assert_eq!(
            broken(Constraint::skyscraper(4, row, true, 2), &grid).as_deref(),
            Some("skyscrapers on row 1 from the right: 1 seen, not 2")
        );
        // Column 2 from the top: 2 4 seen; with the 4 gone, one seen so
        // far is not too few yet.
        let mut open = grid;
        open[5] = 0;
        assert_eq!(
            broken(Constraint::skyscraper(4, column, false, 3), &open),
            None
        );
        assert_eq!(
            broken(Constraint::skyscraper(4, column, false, 3), &grid).as_deref(),
            Some("skyscrapers on column 2: 2 seen, not 3")
        );
        // Row 1 from the left, 1 2 then empty: two are too many for 1.
        open[2] = 0;
        assert_eq!(
            broken(Constraint::skyscraper(4, row, false, 1), &open).as_deref(),
            Some("skyscrapers on row 1: already 2 seen, not 1")
        );
        // Column 2 from the bottom: 3 first, so 3 + 1 + 4 = 8.
        assert_eq!(broken(Constraint::x_sum(4, column, true, 8), &grid), None);
        assert_eq!(
            broken(Constraint::x_sum(4, column, true, 9), &grid).as_deref(),
            Some("X-sum on column 2 from the bottom: the first 3 digits add up to 8, not 9")
        );
        let mut open = grid;
        open[5] = 0;
        assert_eq!(broken(Constraint::x_sum(4, column, true, 9), &open), None);
        assert_eq!(
            broken(Constraint::x_sum(4, column, true, 3), &open).as_deref(),
            Some(
                "X-sum on column 2 from the bottom: the first 3 digits add up to 4 already, not 3"
            )
        );
        // Nothing is known while the first cell is empty.
        open[13] = 0;
        assert_eq!(broken(Constraint::x_sum(4, column, true, 3), &open), None);
    }

    #[test]
    fn lines_are_checked_as_far_as_their_cells_are_filled() {
        // A 4x4 solution: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1.
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let broken = |kind, cells: &[usize], grid: &[u8]| {
            let mut puzzle = Puzzle::classic(4).unwrap();
            puzzle
                .add(Constraint::Line {
                    kind,
                    cells: cells.to_vec(),
                })
                .unwrap();
            puzzle.violation(grid).map(|v| (v.rule, v.cells, v.message))
        };
        // r1c1-r2c2: 1 and 4, 3 apart; then r2c2-r1c3: 4 and 3.
        assert_eq!(broken(LineKind::Whispers(2), &[0, 5], &grid), None);
        assert_eq!(
            broken(LineKind::Whispers(2), &[0, 5, 2], &grid),
            Some((
                "whispers",
                vec![5, 2],
                "whispers line from r1c1: r2c2 holds 4 and r1c3 holds 3, less than 2 apart".into()
            ))
        );
        // 1, 4, 1 reads the same both ways; 1, 4, 2 does not.
        assert_eq!(broken(LineKind::Palindrome, &[0, 5, 6], &grid), None);
        assert_eq!(
            broken(LineKind::Palindrome, &[0, 5, 8], &grid).map(|b| b.1),
            Some(vec![0, 8])
        );
        // 2, 3, 4 make a run; 1 and 4 cannot share a run of three, even
        // with the cell between them empty.
        assert_eq!(broken(LineKind::Renban, &[1, 2, 5], &grid), None);
        let mut open = grid;
        open[1] = 0;
        assert_eq!(
            broken(LineKind::Renban, &[0, 1, 5], &open),
            Some((
                "renban",
                vec![0, 5],
                "renban line from r1c1: r1c1 holds 1 and r2c2 holds 4, too far apart for a run of 3 consecutive digits".into()
            ))
        );
        // And a repeat breaks it.
        assert_eq!(
            broken(LineKind::Renban, &[0, 6], &grid).map(|b| b.1),
            Some(vec![0, 6])
        );
    }

    #[test]
    fn marks_and_their_absence_are_checked_pair_by_pair() {
        use crate::puzzle::Relation;
        // A 4x4 solution: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1.
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let mut puzzle = Puzzle::classic(4).unwrap();
        let pair = |cells, relation| Constraint::Pair { cells, relation };
        puzzle.add(pair([0, 1], Relation::Ratio(2))).unwrap();
        puzzle.add(pair([2, 3], Relation::Difference(1))).unwrap();
        puzzle.add(pair([0, 4], Relation::Sum(4))).unwrap();
        assert_eq!(puzzle.violation(&grid), None);
        let mut wrong = puzzle.clone();
        wrong.add(pair([4, 5], Relation::Sum(5))).unwrap();
        let broken = wrong.violation(&grid).unwrap();
        assert_eq!((broken.rule, broken.cells), ("xv", vec![4, 5]));
        assert_eq!(
            broken.message,
            "r2c1 holds 3 and r2c2 holds 4, but a V between them asks for digits adding up to 5"
        );
        // Every dot given: r1c2-r1c3 (2, 3) are consecutive with no dot.
        puzzle
            .add(Constraint::Unmarked(Relation::Difference(1)))
            .unwrap();
        let broken = puzzle.violation(&grid).unwrap();
        assert_eq!((broken.rule, broken.cells), ("kropki", vec![1, 2]));
        assert_eq!(
            broken.message,
            "r1c2 holds 2 and r1c3 holds 3, consecutive digits with no dot between them"
        );
        // A black dot's pair is exempt from the white dots' negative too.
        let mut grid = grid;
        grid[1] = 0;
        let broken = puzzle.violation(&grid).unwrap();
        assert_ne!(broken.cells, vec![0, 1]);
        // Marks join orthogonal neighbours only, first cell first.
        assert!(
            Puzzle::classic(4)
                .unwrap()
                .add(pair([0, 5], Relation::Sum(5)))
                .is_err()
        );
        assert!(
            Puzzle::classic(4)
                .unwrap()
                .add(pair([1, 0], Relation::Sum(5)))
                .is_err()
        );
        assert!(
            Puzzle::classic(4)
                .unwrap()
                .add(pair([3, 4], Relation::Sum(5)))
                .is_err()
        );
        assert!(
            Puzzle::classic(4)
                .unwrap()
                .add(pair([0, 1], Relation::Ratio(1)))
                .is_err()
        );
    }
}
