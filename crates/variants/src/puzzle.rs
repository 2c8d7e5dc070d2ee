//! The puzzle: a square grid of cells, its givens, the regions that tile it
//! and the further constraints of its variant.

use std::fmt;

/// The largest grid side a variant puzzle may have (f-puzzles goes to 16).
pub const MAX_SIZE: usize = 16;

/// A cell's index: `row * size + column`, from 0.
pub type CellIndex = usize;

/// How the grid is cut into regions that hold each digit once.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Regions {
    /// Boxes of `rows` x `columns` cells, as in classic Sudoku.
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        columns: usize,
    },
    /// Irregular regions (jigsaw): the region number of every cell, each
    /// region `size` cells.
    Jigsaw(Vec<u8>),
    /// No regions: only rows, columns and the other constraints (a Latin
    /// square, such as f-puzzles' grids of prime size).
    None,
}

/// What kind of further house a [`Constraint::Distinct`] is, for names and
/// the JSON records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DistinctKind {
    /// The main diagonal, top left to bottom right (f-puzzles `diagonal-`).
    DiagonalDown,
    /// The anti-diagonal, bottom left to top right (f-puzzles `diagonal+`).
    DiagonalUp,
    /// One of the four extra windoku boxes.
    Windoku,
    /// The cells at the same place in every box (disjoint groups).
    DisjointGroup,
    /// A region drawn by the setter (f-puzzles `extraregion`).
    ExtraRegion,
}

impl DistinctKind {
    /// The variant name this kind belongs to.
    pub fn variant(self) -> &'static str {
        match self {
            DistinctKind::DiagonalDown | DistinctKind::DiagonalUp => "x",
            DistinctKind::Windoku => "windoku",
            DistinctKind::DisjointGroup => "disjoint-groups",
            DistinctKind::ExtraRegion => "extra-regions",
        }
    }
}

/// How the digits of two neighbouring cells relate: what a kropki dot or
/// an XV mark between them says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Relation {
    /// The digits differ by this much (a white kropki dot: 1).
    Difference(u8),
    /// One digit is this many times the other (a black kropki dot: 2).
    Ratio(u8),
    /// The digits add up to this (an X: 10, a V: 5).
    Sum(u8),
}

impl Relation {
    /// Whether digits `a` and `b` hold the relation.
    ///
    /// ```
    /// use sudoku_variants::Relation;
    /// assert!(Relation::Ratio(2).holds(6, 3));
    /// assert!(Relation::Difference(1).holds(4, 5));
    /// assert!(!Relation::Sum(10).holds(4, 5));
    /// ```
    pub fn holds(self, a: u8, b: u8) -> bool {
        let (a, b) = (u32::from(a), u32::from(b));
        match self {
            Relation::Difference(k) => a.abs_diff(b) == u32::from(k),
            Relation::Ratio(k) => a == b * u32::from(k) || b == a * u32::from(k),
            Relation::Sum(k) => a + b == u32::from(k),
        }
    }

    /// The variant the relation's marks belong to: `kropki` (dots) or `xv`.
    pub fn variant(self) -> &'static str {
        match self {
            Relation::Difference(_) | Relation::Ratio(_) => "kropki",
            Relation::Sum(_) => "xv",
        }
    }

    /// The mark that states it, in words: "a white dot", "a black dot",
    /// "an X", "a V", or the mark with its number ("a white dot of 2").
    pub fn mark(self) -> String {
        match self {
            Relation::Difference(1) => "a white dot".into(),
            Relation::Difference(k) => format!("a white dot of {k}"),
            Relation::Ratio(2) => "a black dot".into(),
            Relation::Ratio(k) => format!("a black dot of {k}"),
            Relation::Sum(10) => "an X".into(),
            Relation::Sum(5) => "a V".into(),
            Relation::Sum(k) => format!("a sum of {k}"),
        }
    }

    /// The mark of its variant in general, as in "no dot between them":
    /// `dot` (kropki) or `X or V`.
    pub fn mark_kind(self) -> &'static str {
        match self {
            Relation::Difference(_) | Relation::Ratio(_) => "dot",
            Relation::Sum(_) => "X or V",
        }
    }

    /// What the relation asks of the two digits, in words.
    pub fn in_words(self) -> String {
        match self {
            Relation::Difference(1) => "consecutive digits".into(),
            Relation::Difference(k) => format!("digits {k} apart"),
            Relation::Ratio(2) => "one digit twice the other".into(),
            Relation::Ratio(k) => format!("one digit {k} times the other"),
            Relation::Sum(k) => format!("digits adding up to {k}"),
        }
    }
}

/// What a line drawn through cells asks of their digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LineKind {
    /// German whispers: cells next to each other along the line differ by
    /// at least this much (5 on 9x9: half the side, rounded up; see
    /// [`LineKind::whispers`]).
    Whispers(u8),
    /// Renban: the line's digits differ and make a run of consecutive
    /// digits, in any order.
    Renban,
    /// Palindrome: the line reads the same from either end.
    Palindrome,
}

impl LineKind {
    /// German whispers on a grid of side `size`: at least half the side
    /// apart, rounded up (5 on 9x9, 3 on 6x6), as f-puzzles' add-on and
    /// SudokuPad read a whispers line on any size.
    ///
    /// ```
    /// use sudoku_variants::LineKind;
    /// assert_eq!(LineKind::whispers(9), LineKind::Whispers(5));
    /// assert_eq!(LineKind::whispers(6), LineKind::Whispers(3));
    /// ```
    pub fn whispers(size: usize) -> LineKind {
        LineKind::Whispers(size.div_ceil(2) as u8)
    }

    /// The variant name, as the JSON records and the text form name it.
    pub fn variant(self) -> &'static str {
        match self {
            LineKind::Whispers(_) => "whispers",
            LineKind::Renban => "renban",
            LineKind::Palindrome => "palindrome",
        }
    }

    /// The line's name before "from r1c1": `whispers line`, `renban line`,
    /// `palindrome`.
    pub fn noun(self) -> &'static str {
        match self {
            LineKind::Whispers(_) => "whispers line",
            LineKind::Renban => "renban line",
            LineKind::Palindrome => "palindrome",
        }
    }

    /// The pairs of cells of `cells` (a line of this kind) whose two
    /// digits must satisfy `holds(a, b)`, first cell first: each step of a
    /// whispers line, the cells the same distance from either end of a
    /// palindrome. None for renban, a rule of the whole line.
    ///
    /// ```
    /// use sudoku_variants::LineKind;
    /// let pairs = LineKind::Palindrome.pairs(&[4, 5, 6, 7, 8]);
    /// assert_eq!(pairs, [[4, 8], [5, 7]]);
    /// assert!(LineKind::Palindrome.holds(3, 3));
    /// assert!(LineKind::Whispers(5).holds(1, 6) && !LineKind::Whispers(5).holds(2, 6));
    /// ```
    pub fn pairs(self, cells: &[CellIndex]) -> Vec<[CellIndex; 2]> {
        match self {
            LineKind::Whispers(_) => cells.windows(2).map(|w| [w[0], w[1]]).collect(),
            // (A cell the line passes twice, at mirrored places, pairs
            // with itself: no rule.)
            LineKind::Palindrome => (0..cells.len() / 2)
                .map(|i| [cells[i], cells[cells.len() - 1 - i]])
                .filter(|[a, b]| a != b)
                .collect(),
            LineKind::Renban => Vec::new(),
        }
    }

    /// Whether two digits of one of [`LineKind::pairs`] fit the line
    /// (always true for renban, whose rule is the whole line's).
    pub fn holds(self, a: u8, b: u8) -> bool {
        match self {
            LineKind::Whispers(k) => a.abs_diff(b) >= k,
            LineKind::Palindrome => a == b,
            LineKind::Renban => true,
        }
    }

    /// What the line asks, in words.
    pub fn in_words(self) -> String {
        match self {
            LineKind::Whispers(k) => {
                format!("cells next to each other along it differ by at least {k}")
            }
            LineKind::Renban => {
                "its digits differ and make a run of consecutive digits, in any order".into()
            }
            LineKind::Palindrome => "it reads the same from either end".into(),
        }
    }
}

/// The way a little killer's clue points along a diagonal, into the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Direction {
    /// Down and to the left (f-puzzles' `DL`).
    DownLeft,
    /// Down and to the right (`DR`).
    DownRight,
    /// Up and to the left (`UL`).
    UpLeft,
    /// Up and to the right (`UR`).
    UpRight,
}

impl Direction {
    /// The four, in the order their names are listed.
    pub const ALL: [Direction; 4] = [
        Direction::DownLeft,
        Direction::DownRight,
        Direction::UpLeft,
        Direction::UpRight,
    ];

    /// One step: rows down, columns right.
    pub fn step(self) -> (isize, isize) {
        match self {
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
        }
    }

    /// The name the text form uses: `down-left`, `down-right`, `up-left`,
    /// `up-right`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::DownLeft => "down-left",
            Direction::DownRight => "down-right",
            Direction::UpLeft => "up-left",
            Direction::UpRight => "up-right",
        }
    }

    /// f-puzzles' code: `DL`, `DR`, `UL`, `UR`.
    pub fn code(self) -> &'static str {
        match self {
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
        }
    }

    /// Reads a name or a code, in any case (`down-left`, `dl`, `DL`).
    ///
    /// ```
    /// use sudoku_variants::Direction;
    /// assert_eq!(Direction::parse("DL"), Some(Direction::DownLeft));
    /// assert_eq!(Direction::parse("up-right"), Some(Direction::UpRight));
    /// assert_eq!(Direction::parse("left"), None);
    /// ```
    pub fn parse(word: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| {
            word.eq_ignore_ascii_case(d.name())
                || word.eq_ignore_ascii_case(d.code())
                || word.eq_ignore_ascii_case(&d.name().replace('-', "_"))
        })
    }

    /// The cells of the diagonal from `first` in this direction up to the
    /// grid's edge, on a grid of side `size`.
    ///
    /// ```
    /// use sudoku_variants::Direction;
    /// // On 4x4, from r1c3 down to the left: r1c3, r2c2, r3c1.
    /// assert_eq!(Direction::DownLeft.walk(4, 2), [2, 5, 8]);
    /// ```
    pub fn walk(self, size: usize, first: CellIndex) -> Vec<CellIndex> {
        let (dr, dc) = self.step();
        let (mut r, mut c) = ((first / size) as isize, (first % size) as isize);
        let mut cells = Vec::new();
        let side = size as isize;
        while (0..side).contains(&r) && (0..side).contains(&c) {
            cells.push(r as usize * size + c as usize);
            r += dr;
            c += dc;
        }
        cells
    }

    /// The direction of a little killer's `cells` (as [`Constraint::LittleKiller`]
    /// holds them) on a grid of side `size`: that of its steps, or for a
    /// single corner cell, one whose clue is outside the grid. None when
    /// the cells are no whole diagonal from edge to edge.
    ///
    /// ```
    /// use sudoku_variants::Direction;
    /// assert_eq!(Direction::of(4, &[2, 5, 8]), Some(Direction::DownLeft));
    /// assert_eq!(Direction::of(4, &[5, 8]), None); // starts inside the grid
    /// ```
    pub fn of(size: usize, cells: &[CellIndex]) -> Option<Direction> {
        let first = *cells.first()?;
        Direction::ALL.into_iter().find(|d| {
            let (dr, dc) = d.step();
            let (r, c) = ((first / size) as isize, (first % size) as isize);
            let side = size as isize;
            let before_outside = !((0..side).contains(&(r - dr)) && (0..side).contains(&(c - dc)));
            before_outside && d.walk(size, first) == cells
        })
    }
}

/// A row or a column, counted from 0, as a sandwich clue names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowOrColumn {
    /// Row `r` (0 at the top).
    Row(usize),
    /// Column `c` (0 on the left).
    Column(usize),
}

impl RowOrColumn {
    /// Its cells on a grid of side `size`, from the left (the top).
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::Row(1).cells(4), [4, 5, 6, 7]);
    /// ```
    pub fn cells(self, size: usize) -> Vec<CellIndex> {
        match self {
            RowOrColumn::Row(r) => (0..size).map(|c| r * size + c).collect(),
            RowOrColumn::Column(c) => (0..size).map(|r| r * size + c).collect(),
        }
    }

    /// Reads `row 2`, `column 3` (or `col 3`), `r2` or `c3`, in any case,
    /// counted from 1 as people write them: None for anything else.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::parse("Row 2"), Some(RowOrColumn::Row(1)));
    /// assert_eq!(RowOrColumn::parse("c10"), Some(RowOrColumn::Column(9)));
    /// assert_eq!(RowOrColumn::parse("box 1"), None);
    /// ```
    pub fn parse(text: &str) -> Option<RowOrColumn> {
        let lower = text.trim().to_ascii_lowercase();
        let (word, number) = match lower.split_once(char::is_whitespace) {
            Some((word, number)) => (word, number.trim()),
            None => lower.split_at(lower.find(|c: char| c.is_ascii_digit())?),
        };
        let n = number.parse::<usize>().ok().filter(|&n| n >= 1)? - 1;
        match word {
            "row" | "r" => Some(RowOrColumn::Row(n)),
            "column" | "col" | "c" => Some(RowOrColumn::Column(n)),
            _ => None,
        }
    }

    /// Its cells from the end a clue outside the grid stands at: from the
    /// left (the top), or from the right (the bottom) when `far`.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::Column(1).cells_from(4, true), [13, 9, 5, 1]);
    /// ```
    pub fn cells_from(self, size: usize, far: bool) -> Vec<CellIndex> {
        let mut cells = self.cells(size);
        if far {
            cells.reverse();
        }
        cells
    }

    /// Reads a clue's place: a row or column as [`RowOrColumn::parse`]
    /// reads it, then the side the clue stands on, if any (`from the
    /// right`, `right`, `from the bottom`, `bottom`; the left or top when
    /// none is named): the line, and true when the clue is at the far end.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::parse_side("row 2 from the right"), Some((RowOrColumn::Row(1), true)));
    /// assert_eq!(RowOrColumn::parse_side("c3 top"), Some((RowOrColumn::Column(2), false)));
    /// assert_eq!(RowOrColumn::parse_side("c3"), Some((RowOrColumn::Column(2), false)));
    /// assert_eq!(RowOrColumn::parse_side("row 2 from the bottom"), None);
    /// ```
    pub fn parse_side(text: &str) -> Option<(RowOrColumn, bool)> {
        let lower = text.trim().to_ascii_lowercase();
        let mut words: Vec<&str> = lower.split_whitespace().collect();
        let side = words
            .iter()
            .position(|w| ["from", "left", "right", "top", "bottom"].contains(w));
        let far = match side {
            None => false,
            Some(i) => {
                let rest: Vec<&str> = words.split_off(i);
                let rest: Vec<&str> = rest
                    .into_iter()
                    .filter(|w| !["from", "the"].contains(w))
                    .collect();
                let line = RowOrColumn::parse(&words.join(" "))?;
                return match (line, rest.as_slice()) {
                    (RowOrColumn::Row(_), ["left"]) | (RowOrColumn::Column(_), ["top"]) => {
                        Some((line, false))
                    }
                    (RowOrColumn::Row(_), ["right"]) | (RowOrColumn::Column(_), ["bottom"]) => {
                        Some((line, true))
                    }
                    _ => None,
                };
            }
        };
        Some((RowOrColumn::parse(&words.join(" "))?, far))
    }

    /// The words for a clue at the end of this row or column: `row 2`
    /// (from the left), `row 2 from the right`, `column 3`, `column 3 from
    /// the bottom`, counted from 1.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::Row(1).clue_name(true), "row 2 from the right");
    /// assert_eq!(RowOrColumn::Column(2).clue_name(false), "column 3");
    /// ```
    pub fn clue_name(self, far: bool) -> String {
        match (self, far) {
            (RowOrColumn::Row(r), false) => format!("row {}", r + 1),
            (RowOrColumn::Row(r), true) => format!("row {} from the right", r + 1),
            (RowOrColumn::Column(c), false) => format!("column {}", c + 1),
            (RowOrColumn::Column(c), true) => format!("column {} from the bottom", c + 1),
        }
    }

    /// The row or column `cells` are and the end they start from (true:
    /// the right or the bottom): None when they are not a whole one.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::of_clue(4, &[13, 9, 5, 1]), Some((RowOrColumn::Column(1), true)));
    /// ```
    pub fn of_clue(size: usize, cells: &[CellIndex]) -> Option<(RowOrColumn, bool)> {
        let line = RowOrColumn::of(size, cells)?;
        Some((line, line.cells(size) != cells))
    }

    /// The row or column `cells` are, in either order: None when they
    /// are not a whole one.
    ///
    /// ```
    /// use sudoku_variants::RowOrColumn;
    /// assert_eq!(RowOrColumn::of(4, &[13, 9, 5, 1]), Some(RowOrColumn::Column(1)));
    /// assert_eq!(RowOrColumn::of(4, &[0, 1, 2]), None);
    /// ```
    pub fn of(size: usize, cells: &[CellIndex]) -> Option<RowOrColumn> {
        let first = *cells.first()?;
        let (r, c) = (first / size, first % size);
        [RowOrColumn::Row(r), RowOrColumn::Column(c)]
            .into_iter()
            .find(|line| {
                let mut own = line.cells(size);
                if own == cells {
                    return true;
                }
                own.reverse();
                own == cells
            })
    }
}

/// A rule beyond rows, columns and regions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Constraint {
    /// The cells hold different digits (a further house when it has `size`
    /// cells: diagonals, windoku boxes, disjoint groups).
    Distinct {
        /// Where the cells come from.
        kind: DistinctKind,
        /// The cells.
        cells: Vec<CellIndex>,
    },
    /// Cells a chess knight's move apart differ.
    AntiKnight,
    /// Cells a chess king's move apart (diagonal neighbours too) differ.
    AntiKing,
    /// Orthogonal neighbours do not hold consecutive digits.
    NonConsecutive,
    /// A killer cage: its digits differ and, with a total, add up to it.
    Cage {
        /// The cage's cells.
        cells: Vec<CellIndex>,
        /// The sum, when the setter gave one.
        total: Option<u32>,
    },
    /// Digits strictly increase from the bulb (the first cell).
    Thermometer {
        /// Bulb first.
        cells: Vec<CellIndex>,
    },
    /// The digits along the arrow add up to the number in its circle (a
    /// circle of several cells reads as a number, in the order given).
    Arrow {
        /// The circle's cells, most significant digit first.
        circle: Vec<CellIndex>,
        /// The cells along the arrow, from the circle outwards.
        path: Vec<CellIndex>,
    },
    /// The cell holds an odd digit.
    Odd(CellIndex),
    /// The cell holds an even digit.
    Even(CellIndex),
    /// Two orthogonal neighbours whose digits hold a relation: a kropki
    /// dot or an X or V on the edge between them.
    Pair {
        /// The two cells, the first one before the second in reading order.
        cells: [CellIndex; 2],
        /// What their digits hold.
        relation: Relation,
    },
    /// Every pair of orthogonal neighbours whose digits hold the relation
    /// is marked (f-puzzles' negative constraint, "all dots are given"):
    /// neighbours with no mark of its variant between them (no kropki dot,
    /// resp. no X or V) do not hold it.
    Unmarked(Relation),
    /// A line drawn through cells (German whispers, renban, palindrome),
    /// in the order drawn. A whispers line or a palindrome may pass a cell
    /// twice (a loop), never twice in a row.
    Line {
        /// What the line asks.
        kind: LineKind,
        /// The line's cells, from one end to the other.
        cells: Vec<CellIndex>,
    },
    /// A little killer: the digits along a diagonal, from a clue outside
    /// the grid to the far edge, add up to its total; they may repeat
    /// where the rules allow. See [`Direction::walk`] to make the cells.
    LittleKiller {
        /// The diagonal's cells, from the clue's end.
        cells: Vec<CellIndex>,
        /// Their sum.
        total: u32,
    },
    /// A sandwich sum: along a row or column, the digits strictly between
    /// the smallest digit (1) and the largest (the side: 9 on 9x9) add up
    /// to the total, written outside the grid; 0 when they are next to
    /// each other. See [`Constraint::sandwich`] to make one.
    Sandwich {
        /// The whole row or column, from the clue's end.
        cells: Vec<CellIndex>,
        /// The sum between the 1 and the largest digit.
        total: u32,
    },
    /// Skyscrapers: along a row or column, seen from a clue outside the
    /// grid, a digit is seen when it is larger than every digit before
    /// it; the clue counts the digits seen. See
    /// [`Constraint::skyscraper`] to make one.
    Skyscraper {
        /// The whole row or column, from the clue's end.
        cells: Vec<CellIndex>,
        /// How many digits are seen from the clue.
        count: u32,
    },
    /// An X-sum: along a row or column, from a clue outside the grid, the
    /// first digit X says how many digits to add up, itself included; the
    /// clue is their sum. See [`Constraint::x_sum`] to make one.
    XSum {
        /// The whole row or column, from the clue's end.
        cells: Vec<CellIndex>,
        /// The sum of the first X digits.
        total: u32,
    },
    /// A quadruple: a clue on the corner four cells share, listing one to
    /// four digits that those cells hold (a digit listed twice, twice).
    /// See [`Constraint::quadruple`] to make one.
    Quadruple {
        /// The 2x2 cells in reading order: top left, top right, bottom
        /// left, bottom right.
        cells: [CellIndex; 4],
        /// The digits they must hold, smallest first.
        digits: Vec<u8>,
    },
}

impl Constraint {
    /// The variant this constraint belongs to, as the JSON records name it.
    pub fn variant(&self) -> &'static str {
        match self {
            Constraint::Distinct { kind, .. } => kind.variant(),
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::Cage { .. } => "killer",
            Constraint::Thermometer { .. } => "thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Odd(_) | Constraint::Even(_) => "odd-even",
            Constraint::Pair { relation, .. } | Constraint::Unmarked(relation) => {
                relation.variant()
            }
            Constraint::Line { kind, .. } => kind.variant(),
            Constraint::LittleKiller { .. } => "little-killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::XSum { .. } => "x-sum",
        }
    }

    /// The cells this constraint names (none for the rules over the whole grid).
    pub fn cells(&self) -> Vec<CellIndex> {
        match self {
            Constraint::Distinct { cells, .. }
            | Constraint::Cage { cells, .. }
            | Constraint::Thermometer { cells }
            | Constraint::Line { cells, .. }
            | Constraint::LittleKiller { cells, .. }
            | Constraint::Sandwich { cells, .. }
            | Constraint::Skyscraper { cells, .. }
            | Constraint::XSum { cells, .. } => cells.clone(),
            Constraint::Arrow { circle, path } => circle.iter().chain(path).copied().collect(),
            Constraint::Odd(cell) | Constraint::Even(cell) => vec![*cell],
            Constraint::Pair { cells, .. } => cells.to_vec(),
            Constraint::Quadruple { cells, .. } => cells.to_vec(),
            Constraint::AntiKnight
            | Constraint::AntiKing
            | Constraint::NonConsecutive
            | Constraint::Unmarked(_) => vec![],
        }
    }
}

impl Constraint {
    /// The sandwich sum of `total` on a row or column of a grid of side
    /// `size`: `line` counts rows (or columns) from 0, the clue on the
    /// left of the row (or above the column).
    ///
    /// ```
    /// use sudoku_variants::{Constraint, RowOrColumn};
    /// let clue = Constraint::sandwich(4, RowOrColumn::Column(1), 5);
    /// assert_eq!(clue.cells(), [1, 5, 9, 13]);
    /// ```
    pub fn sandwich(size: usize, line: RowOrColumn, total: u32) -> Constraint {
        Constraint::Sandwich {
            cells: line.cells(size),
            total,
        }
    }

    /// Skyscrapers on a row or column of a grid of side `size`, `count`
    /// seen from the clue: on the left of the row (above the column), or
    /// on the right (below) when `far`.
    ///
    /// ```
    /// use sudoku_variants::{Constraint, RowOrColumn};
    /// let clue = Constraint::skyscraper(4, RowOrColumn::Row(0), true, 2);
    /// assert_eq!(clue.cells(), [3, 2, 1, 0]);
    /// ```
    pub fn skyscraper(size: usize, line: RowOrColumn, far: bool, count: u32) -> Constraint {
        Constraint::Skyscraper {
            cells: line.cells_from(size, far),
            count,
        }
    }

    /// The X-sum of `total` on a row or column of a grid of side `size`,
    /// from the left of the row (the top of the column), or from the
    /// right (the bottom) when `far`.
    ///
    /// ```
    /// use sudoku_variants::{Constraint, RowOrColumn};
    /// let clue = Constraint::x_sum(4, RowOrColumn::Column(1), false, 6);
    /// assert_eq!(clue.cells(), [1, 5, 9, 13]);
    /// ```
    pub fn x_sum(size: usize, line: RowOrColumn, far: bool, total: u32) -> Constraint {
        Constraint::XSum {
            cells: line.cells_from(size, far),
            total,
        }
    }

    /// The quadruple whose 2x2 cells start at `top_left` (on a grid of
    /// side `size`), holding `digits`.
    ///
    /// ```
    /// use sudoku_variants::Constraint;
    /// let clue = Constraint::quadruple(4, 5, &[3, 1]);
    /// assert_eq!(clue.cells(), [5, 6, 9, 10]);
    /// ```
    pub fn quadruple(size: usize, top_left: CellIndex, digits: &[u8]) -> Constraint {
        let mut digits = digits.to_vec();
        digits.sort_unstable();
        Constraint::Quadruple {
            cells: [top_left, top_left + 1, top_left + size, top_left + size + 1],
            digits,
        }
    }

    /// The two diagonals of a grid of side `size` (Sudoku X).
    ///
    /// ```
    /// use sudoku_variants::Constraint;
    /// assert_eq!(Constraint::diagonals(4)[0].cells(), [0, 5, 10, 15]);
    /// ```
    pub fn diagonals(size: usize) -> [Constraint; 2] {
        [
            Constraint::Distinct {
                kind: DistinctKind::DiagonalDown,
                cells: (0..size).map(|i| i * size + i).collect(),
            },
            Constraint::Distinct {
                kind: DistinctKind::DiagonalUp,
                cells: (0..size).map(|i| (size - 1 - i) * size + i).collect(),
            },
        ]
    }

    /// The extra windoku boxes of a grid of square boxes: boxes of the
    /// same size one cell in from each box corner (four on 9x9).
    ///
    /// ```
    /// use sudoku_variants::Constraint;
    /// let windows = Constraint::windoku(9);
    /// assert_eq!(windows.len(), 4);
    /// assert_eq!(windows[0].cells()[..3], [10, 11, 12]);
    /// ```
    pub fn windoku(size: usize) -> Vec<Constraint> {
        let side = (size as f64).sqrt() as usize;
        if side * side != size || side < 2 {
            return Vec::new();
        }
        let starts: Vec<usize> = (0..)
            .map(|k| 1 + k * (side + 1))
            .take_while(|s| s + side <= size)
            .collect();
        let mut windows = Vec::new();
        for &r in &starts {
            for &c in &starts {
                let cells = (0..size)
                    .map(|i| (r + i / side) * size + c + i % side)
                    .collect();
                windows.push(Constraint::Distinct {
                    kind: DistinctKind::Windoku,
                    cells,
                });
            }
        }
        windows
    }

    /// Disjoint groups: for each place in a box, the cells at that place in
    /// every box. Empty without boxes.
    ///
    /// ```
    /// use sudoku_variants::{Constraint, Regions};
    /// let groups = Constraint::disjoint_groups(9, &Regions::Boxes { rows: 3, columns: 3 });
    /// assert_eq!(groups.len(), 9);
    /// assert_eq!(groups[0].cells()[..3], [0, 3, 6]);
    /// ```
    pub fn disjoint_groups(size: usize, regions: &Regions) -> Vec<Constraint> {
        let Regions::Boxes { rows, columns } = *regions else {
            return Vec::new();
        };
        (0..size)
            .map(|place| {
                let (pr, pc) = (place / columns, place % columns);
                let cells = (0..size)
                    .map(|b| {
                        let (br, bc) = (b / (size / columns), b % (size / columns));
                        (br * rows + pr) * size + bc * columns + pc
                    })
                    .collect();
                Constraint::Distinct {
                    kind: DistinctKind::DisjointGroup,
                    cells,
                }
            })
            .collect()
    }
}

/// Why a puzzle was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A side outside 1..=[`MAX_SIZE`].
    #[error("a grid of {0}x{0} cells: variant puzzles go from 1x1 to 16x16")]
    Size(usize),
    /// Boxes whose cells do not make the side.
    #[error("boxes of {rows}x{columns} cells do not tile a {size}x{size} grid")]
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        columns: usize,
        /// The grid's side.
        size: usize,
    },
    /// A region map of the wrong length, or regions of the wrong size.
    #[error("{0}")]
    Regions(String),
    /// A given outside 1..=size.
    #[error("{cell} holds {digit}, outside 1 to {size}")]
    Given {
        /// The cell's name (`r1c1`).
        cell: String,
        /// The digit.
        digit: u8,
        /// The grid's side.
        size: usize,
    },
    /// A constraint that names a cell off the grid, or that cannot hold.
    #[error("{variant}: {message}")]
    Constraint {
        /// The constraint's variant name.
        variant: &'static str,
        /// What is wrong.
        message: String,
    },
}

/// A variant Sudoku: side, givens, regions and further constraints.
///
/// ```
/// use sudoku_variants::{Constraint, Puzzle};
///
/// let mut puzzle = Puzzle::classic(9).unwrap();
/// puzzle.set_given(0, 5).unwrap();
/// puzzle.add(Constraint::AntiKnight).unwrap();
/// puzzle.add(Constraint::Cage { cells: vec![1, 2], total: Some(3) }).unwrap();
/// assert_eq!(puzzle.variants(), ["anti-knight", "killer"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    size: usize,
    givens: Vec<u8>,
    regions: Regions,
    constraints: Vec<Constraint>,
}

impl Puzzle {
    /// An empty grid of `size` x `size` with the given regions and no
    /// further constraints. A region map that draws boxes (of any shape)
    /// gives those boxes, as the f-puzzles reader does.
    ///
    /// ```
    /// use sudoku_variants::{Puzzle, Regions};
    /// assert!(Puzzle::new(6, Regions::Boxes { rows: 2, columns: 3 }).is_ok());
    /// let tall: Vec<u8> = (0..36).map(|c| c / 18 * 3 + c % 6 / 2).collect();
    /// let boxes = Puzzle::new(6, Regions::Jigsaw(tall)).unwrap();
    /// assert_eq!(boxes.regions(), &Regions::Boxes { rows: 3, columns: 2 });
    /// assert!(Puzzle::new(6, Regions::Boxes { rows: 2, columns: 2 }).is_err());
    /// ```
    pub fn new(size: usize, regions: Regions) -> Result<Puzzle, PuzzleError> {
        if size == 0 || size > MAX_SIZE {
            return Err(PuzzleError::Size(size));
        }
        match &regions {
            Regions::Boxes { rows, columns } if rows * columns != size => {
                return Err(PuzzleError::Boxes {
                    rows: *rows,
                    columns: *columns,
                    size,
                });
            }
            Regions::Jigsaw(map) => check_region_map(size, map)?,
            _ => {}
        }
        // Regions that are boxes make a boxed grid, however they were
        // given: one puzzle, one description (the f-puzzles reader and the
        // text reader must agree on what a region map is).
        let regions = match regions {
            Regions::Jigsaw(map) => boxes_drawn_by(size, &map).unwrap_or(Regions::Jigsaw(map)),
            other => other,
        };
        Ok(Puzzle {
            size,
            givens: vec![0; size * size],
            regions,
            constraints: Vec::new(),
        })
    }

    /// A grid with the most square boxes its side allows (3x3 for 9, 2x3
    /// for 6, 3x4 for 12), or no regions when the side is prime (5, 7, ...).
    ///
    /// ```
    /// use sudoku_variants::{Puzzle, Regions};
    /// assert_eq!(Puzzle::classic(6).unwrap().regions(), &Regions::Boxes { rows: 2, columns: 3 });
    /// assert_eq!(Puzzle::classic(7).unwrap().regions(), &Regions::None);
    /// ```
    pub fn classic(size: usize) -> Result<Puzzle, PuzzleError> {
        Puzzle::new(size, default_regions(size))
    }

    /// The grid's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The givens, row by row, 0 for an empty cell.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The constraints beyond rows, columns and regions, in the order added.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Puts a given (or clears it with 0).
    pub fn set_given(&mut self, cell: CellIndex, digit: u8) -> Result<(), PuzzleError> {
        let size = self.size;
        if cell >= size * size {
            return Err(PuzzleError::Regions(format!(
                "cell {cell} is off a {size}x{size} grid"
            )));
        }
        if usize::from(digit) > size {
            return Err(PuzzleError::Given {
                cell: self.cell_name(cell),
                digit,
                size,
            });
        }
        self.givens[cell] = digit;
        Ok(())
    }

    /// Adds a constraint after checking its cells are on the grid and it
    /// is well formed (a cage of distinct cells, a total a cage can reach,
    /// an arrow with a circle).
    pub fn add(&mut self, constraint: Constraint) -> Result<(), PuzzleError> {
        let cells = self.size * self.size;
        let bad = |message: String| PuzzleError::Constraint {
            variant: constraint.variant(),
            message,
        };
        let named = constraint.cells();
        if let Some(off) = named.iter().find(|&&c| c >= cells) {
            return Err(bad(format!("cell {off} is off the grid")));
        }
        match &constraint {
            Constraint::Distinct { cells: list, .. } | Constraint::Cage { cells: list, .. } => {
                if has_repeat(list) {
                    return Err(bad("a cell is named twice".into()));
                }
                if list.len() > self.size {
                    return Err(bad(format!(
                        "{} cells cannot all differ with digits 1 to {}",
                        list.len(),
                        self.size
                    )));
                }
            }
            Constraint::Thermometer { cells: list } if has_repeat(list) => {
                return Err(bad("a cell is named twice".into()));
            }
            Constraint::Line { kind, cells: list } => {
                if list.len() < 2 {
                    return Err(bad("a line joins at least two cells".into()));
                }
                // A whispers line or a palindrome may cross itself or close
                // a loop; a renban line's digits all differ.
                if *kind == LineKind::Renban && has_repeat(list) {
                    return Err(bad("a cell is named twice".into()));
                }
                if list.windows(2).any(|w| w[0] == w[1]) {
                    return Err(bad("a cell is named twice in a row".into()));
                }
                match *kind {
                    LineKind::Renban if list.len() > self.size => {
                        return Err(bad(format!(
                            "{} cells cannot all differ with digits 1 to {}",
                            list.len(),
                            self.size
                        )));
                    }
                    LineKind::Whispers(k) if k == 0 || usize::from(k) >= self.size => {
                        return Err(bad(format!(
                            "a whispers line's least difference is 1 to {}, not {k}",
                            self.size - 1
                        )));
                    }
                    _ => {}
                }
            }
            Constraint::Pair { cells: [a, b], .. }
                if a >= b || !(b - a == self.size || (b - a == 1 && b % self.size != 0)) =>
            {
                return Err(bad(format!(
                    "cells {a} and {b} are not orthogonal neighbours, first in reading order"
                )));
            }
            Constraint::Pair { relation, .. } | Constraint::Unmarked(relation) => {
                let fits = match *relation {
                    Relation::Difference(k) => k >= 1,
                    Relation::Ratio(k) => k >= 2,
                    Relation::Sum(k) => k >= 3,
                };
                if !fits {
                    return Err(bad(format!("no two digits hold {}", relation.in_words())));
                }
            }
            Constraint::LittleKiller { cells: list, total } => {
                if Direction::of(self.size, list).is_none() {
                    return Err(bad(
                        "a little killer's cells are a whole diagonal, from a cell on the \
                         grid's edge to the far edge"
                            .into(),
                    ));
                }
                let (least, most) = (list.len(), list.len() * self.size);
                if !(least..=most).contains(&(*total as usize)) {
                    return Err(bad(format!(
                        "{} cells add up to {least} to {most}, not {total}",
                        list.len()
                    )));
                }
            }
            Constraint::Quadruple {
                cells: list,
                digits,
            } => {
                let [a, b, c, d] = *list;
                let square =
                    a % self.size + 1 < self.size && b == a + 1 && c == a + self.size && d == c + 1;
                if !square {
                    return Err(bad(
                        "a quadruple's cells are a 2x2 square, in reading order".into(),
                    ));
                }
                if digits.is_empty() || digits.len() > 4 {
                    return Err(bad(format!(
                        "a quadruple lists 1 to 4 digits, not {}",
                        digits.len()
                    )));
                }
                if let Some(d) = digits
                    .iter()
                    .find(|&&d| d == 0 || usize::from(d) > self.size)
                {
                    return Err(bad(format!("{d} is no digit 1 to {}", self.size)));
                }
                if let Some(d) = digits
                    .iter()
                    .find(|&&d| digits.iter().filter(|&&e| e == d).count() > 2)
                {
                    return Err(bad(format!(
                        "four cells of a square hold {d} twice at most"
                    )));
                }
                if !digits.is_sorted() {
                    return Err(bad("a quadruple's digits are listed smallest first".into()));
                }
            }
            Constraint::Sandwich { cells: list, total } => {
                if RowOrColumn::of(self.size, list).is_none() {
                    return Err(bad("a sandwich's cells are a whole row or column".into()));
                }
                let most = (self.size * (self.size + 1) / 2).saturating_sub(self.size + 1);
                if *total as usize > most {
                    return Err(bad(format!(
                        "the digits between 1 and {} add up to 0 to {most}, not {total}",
                        self.size
                    )));
                }
            }
            Constraint::Skyscraper { cells: list, count } => {
                if RowOrColumn::of(self.size, list).is_none() {
                    return Err(bad(
                        "a skyscraper clue's cells are a whole row or column".into()
                    ));
                }
                if !(1..=self.size).contains(&(*count as usize)) {
                    return Err(bad(format!(
                        "1 to {} digits can be seen along a row or column, not {count}",
                        self.size
                    )));
                }
            }
            Constraint::XSum { cells: list, total } => {
                if RowOrColumn::of(self.size, list).is_none() {
                    return Err(bad("an X-sum's cells are a whole row or column".into()));
                }
                let most = self.size * (self.size + 1) / 2;
                if !(1..=most).contains(&(*total as usize)) {
                    return Err(bad(format!(
                        "the first digits of a row or column add up to 1 to {most}, not {total}"
                    )));
                }
            }
            Constraint::Arrow { circle, path } => {
                if circle.is_empty() {
                    return Err(bad("an arrow needs a circle".into()));
                }
                if path.is_empty() {
                    return Err(bad("an arrow needs a cell along it".into()));
                }
                if has_repeat(&named) {
                    return Err(bad("a cell is named twice".into()));
                }
            }
            _ => {}
        }
        if !self.constraints.contains(&constraint) {
            self.constraints.push(constraint);
        }
        Ok(())
    }

    /// The variant names of the puzzle's rules, each once, in a fixed
    /// order: `jigsaw` for irregular regions, then those of the constraints.
    pub fn variants(&self) -> Vec<&'static str> {
        const ORDER: [&str; 22] = [
            "jigsaw",
            "x",
            "windoku",
            "disjoint-groups",
            "extra-regions",
            "anti-knight",
            "anti-king",
            "non-consecutive",
            "killer",
            "thermometer",
            "arrow",
            "odd-even",
            "kropki",
            "xv",
            "whispers",
            "renban",
            "palindrome",
            "little-killer",
            "sandwich",
            "quadruple",
            "skyscraper",
            "x-sum",
        ];
        let mut present: Vec<&'static str> =
            self.constraints.iter().map(Constraint::variant).collect();
        if matches!(self.regions, Regions::Jigsaw(_)) {
            present.push("jigsaw");
        }
        ORDER.into_iter().filter(|v| present.contains(v)).collect()
    }

    /// The rules in words, a sentence each, as setters state them beside a
    /// shared puzzle (f-puzzles' `ruleset`, SudokuPad's rules): without
    /// them SudokuPad shows "no rules provided" for a puzzle it opens.
    ///
    /// ```
    /// use sudoku_variants::{Constraint, Puzzle};
    /// let mut puzzle = Puzzle::classic(9).unwrap();
    /// puzzle.add(Constraint::AntiKnight).unwrap();
    /// assert_eq!(
    ///     puzzle.rules_in_words(),
    ///     "Normal sudoku rules apply: each row, column and box holds the digits 1 to 9 once. \
    ///      Cells a knight's move apart cannot contain the same digit."
    /// );
    /// ```
    pub fn rules_in_words(&self) -> String {
        let size = self.size;
        let digits = format!("the digits 1 to {size} once");
        let mut sentences = vec![match self.regions {
            Regions::Boxes { .. } => {
                format!("Normal sudoku rules apply: each row, column and box holds {digits}.")
            }
            Regions::Jigsaw(_) => format!("Each row, column and outlined region holds {digits}."),
            Regions::None => format!("Each row and column holds {digits}."),
        }];
        let kinds = |kind: DistinctKind| {
            self.constraints
                .iter()
                .any(|c| matches!(c, Constraint::Distinct { kind: k, .. } if *k == kind))
        };
        match (
            kinds(DistinctKind::DiagonalDown),
            kinds(DistinctKind::DiagonalUp),
        ) {
            (true, true) => sentences.push(format!("Both main diagonals hold {digits}.")),
            (true, false) => sentences.push(format!(
                "The diagonal from top left to bottom right holds {digits}."
            )),
            (false, true) => sentences.push(format!(
                "The diagonal from bottom left to top right holds {digits}."
            )),
            (false, false) => {}
        }
        for variant in self.variants() {
            sentences.push(match variant {
                "windoku" => format!("The four shaded windows hold {digits}."),
                "disjoint-groups" => {
                    "Cells in the same place of their boxes cannot contain the same digit.".into()
                }
                "extra-regions" => "Digits cannot repeat within a shaded extra region.".into(),
                "anti-knight" => {
                    "Cells a knight's move apart cannot contain the same digit.".into()
                }
                "anti-king" => "Cells a king's move apart cannot contain the same digit.".into(),
                "non-consecutive" => {
                    "Orthogonally adjacent cells cannot contain consecutive digits.".into()
                }
                "killer" => "Digits cannot repeat within a cage, and add up to its total where \
                             one is given."
                    .into(),
                "thermometer" => "Digits increase along each thermometer from its bulb.".into(),
                "arrow" => "Digits along an arrow add up to the number in its circle.".into(),
                "odd-even" => {
                    "A circled cell holds an odd digit, a squared cell an even one.".into()
                }
                "kropki" => self.marks_in_words(
                    "Cells joined by a white dot hold consecutive digits; cells joined by a \
                     black dot hold digits of which one is twice the other.",
                    "kropki",
                ),
                "xv" => self.marks_in_words(
                    "Cells joined by an X add up to 10; cells joined by a V add up to 5.",
                    "xv",
                ),
                "whispers" => {
                    let mut apart: Vec<u8> = self
                        .constraints
                        .iter()
                        .filter_map(|c| match c {
                            Constraint::Line {
                                kind: LineKind::Whispers(k),
                                ..
                            } => Some(*k),
                            _ => None,
                        })
                        .collect();
                    apart.sort_unstable();
                    apart.dedup();
                    let apart: Vec<String> = apart.iter().map(u8::to_string).collect();
                    let apart = match &apart[..] {
                        [one] => one.clone(),
                        [rest @ .., last] => {
                            format!("{} or {last}, as each line says", rest.join(", "))
                        }
                        [] => String::new(),
                    };
                    format!(
                        "Cells next to each other along a green whispers line differ by at least {apart}."
                    )
                }
                "renban" => "Digits on a purple renban line do not repeat and make a run of \
                             consecutive digits, in any order."
                    .into(),
                "palindrome" => "A grey palindrome line reads the same from either end.".into(),
                "little-killer" => "A number outside the grid with an arrow gives the sum of \
                                    the digits along the diagonal it points to; digits may \
                                    repeat there if the other rules allow."
                    .into(),
                "quadruple" => "Digits in a circle on the corner of four cells appear \
                                in at least one of those cells (a digit shown twice, in two)."
                    .into(),
                "sandwich" => format!(
                    "A number outside the grid gives the sum of the digits between the 1 and \
                     the {} in its row or column (0 if they are next to each other).",
                    self.size
                ),
                "skyscraper" => "Digits are skyscrapers of their height: a number outside the \
                                 grid counts the skyscrapers seen from there along its row or \
                                 column, where taller ones hide shorter ones behind them."
                    .into(),
                "x-sum" => "A number outside the grid gives the sum of the first X digits \
                            seen from there along its row or column, where X is the first of \
                            them."
                    .into(),
                _ => continue,
            });
        }
        sentences.join(" ")
    }

    /// The sentence for kropki dots or XV marks: `plain`, the numbers of
    /// marks other than the usual ones, and what the negative constraint
    /// says of neighbours with no mark of the variant.
    fn marks_in_words(&self, plain: &str, variant: &str) -> String {
        let mut words = plain.to_string();
        let usual = [
            Relation::Difference(1),
            Relation::Ratio(2),
            Relation::Sum(10),
            Relation::Sum(5),
        ];
        let mut others: Vec<String> = Vec::new();
        let mut unmarked: Vec<Relation> = Vec::new();
        for c in &self.constraints {
            match c {
                Constraint::Pair { relation, .. }
                    if relation.variant() == variant && !usual.contains(relation) =>
                {
                    let said = format!("{} joins {}", relation.mark(), relation.in_words());
                    if !others.contains(&said) {
                        others.push(said);
                    }
                }
                Constraint::Unmarked(relation) if relation.variant() == variant => {
                    unmarked.push(*relation);
                }
                _ => {}
            }
        }
        if !others.is_empty() {
            words.push_str(&format!(" Besides, {}.", others.join("; ")));
        }
        if !unmarked.is_empty() {
            // In the order of `usual`, whatever the order they came in.
            unmarked.sort_by_key(|r| usual.iter().position(|u| u == r));
            let sums: Vec<String> = unmarked
                .iter()
                .filter_map(|r| match r {
                    Relation::Sum(k) => Some(k.to_string()),
                    _ => None,
                })
                .collect();
            let said = match &sums[..] {
                [one] if unmarked.len() == 1 => format!("do not add up to {one}"),
                [a, b] if unmarked.len() == 2 => format!("add up to neither {a} nor {b}"),
                _ => {
                    let said: Vec<String> = unmarked.iter().map(|r| r.in_words()).collect();
                    format!("do not hold {}", said.join(" or "))
                }
            };
            let mark = unmarked[0].mark_kind();
            words.push_str(&format!(" Neighbours with no {mark} between them {said}."));
        }
        words
    }

    /// The region of every cell, or `None` without regions.
    pub fn region_map(&self) -> Option<Vec<u8>> {
        let size = self.size;
        match &self.regions {
            Regions::Boxes { rows, columns } => Some(
                (0..size * size)
                    .map(|c| {
                        let (r, k) = (c / size, c % size);
                        ((r / rows) * (size / columns) + k / columns) as u8
                    })
                    .collect(),
            ),
            Regions::Jigsaw(map) => Some(map.clone()),
            Regions::None => None,
        }
    }

    /// Every set of `size` cells that holds each digit exactly once: rows,
    /// columns, regions, then the further houses (diagonals, windoku boxes,
    /// disjoint groups, full-size extra regions and cages).
    pub fn houses(&self) -> Vec<Vec<CellIndex>> {
        let size = self.size;
        let mut houses: Vec<Vec<CellIndex>> = Vec::new();
        for r in 0..size {
            houses.push((0..size).map(|c| r * size + c).collect());
        }
        for c in 0..size {
            houses.push((0..size).map(|r| r * size + c).collect());
        }
        if let Some(map) = self.region_map() {
            for region in 0..size as u8 {
                houses.push((0..size * size).filter(|&c| map[c] == region).collect());
            }
        }
        // A house of `size` cells all among a constraint's `size` cells is
        // the same set (sorting copies of both for each pair: 2.2 times the
        // instructions of this listing on the 42 puzzles from ISS).
        let mut marked = vec![false; size * size];
        for constraint in &self.constraints {
            if let Constraint::Distinct { cells, .. } | Constraint::Cage { cells, .. } = constraint
                && cells.len() == size
            {
                cells.iter().for_each(|&c| marked[c] = true);
                if !houses.iter().any(|h| h.iter().all(|&c| marked[c])) {
                    houses.push(cells.clone());
                }
                cells.iter().for_each(|&c| marked[c] = false);
            }
        }
        houses
    }

    /// The name of a cell, `r1c1` style.
    pub fn cell_name(&self, cell: CellIndex) -> String {
        format!("r{}c{}", cell / self.size + 1, cell % self.size + 1)
    }
}

impl fmt::Display for Puzzle {
    /// The givens as one line (`.` for an empty cell; digits above 9 as
    /// letters, A for 10).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &d in &self.givens {
            let symbol = match d {
                0 => '.',
                1..=9 => char::from(b'0' + d),
                _ => char::from(b'A' + d - 10),
            };
            write!(f, "{symbol}")?;
        }
        Ok(())
    }
}

/// The most square boxes a side allows, or none for a prime side.
pub(crate) fn default_regions(size: usize) -> Regions {
    let mut rows = (size as f64).sqrt() as usize;
    while rows > 1 && size % rows != 0 {
        rows -= 1;
    }
    if rows <= 1 && size > 1 {
        Regions::None
    } else {
        Regions::Boxes {
            rows: rows.max(1),
            columns: size / rows.max(1),
        }
    }
}

/// The boxes a (checked) region map draws, if any: those
/// `default_regions` gives first (no boxes, on a prime side, drawn as
/// rows), then the shapes of one row, two rows and so on: the order and
/// the answers of the f-puzzles reader, so that both readers describe a
/// puzzle alike.
pub(crate) fn boxes_drawn_by(size: usize, map: &[u8]) -> Option<Regions> {
    let draws = |regions: &Regions| {
        let (rows, columns) = match *regions {
            Regions::Boxes { rows, columns } => (rows, columns),
            Regions::None => (1, size),
            Regions::Jigsaw(_) => return false,
        };
        let mut seen: Vec<Option<usize>> = vec![None; size];
        (0..size * size).all(|c| {
            let boxed = (c / size / rows) * (size / columns) + (c % size) / columns;
            *seen[usize::from(map[c])].get_or_insert(boxed) == boxed
        })
    };
    std::iter::once(default_regions(size))
        .chain(
            (1..=size)
                .filter(|r| size % r == 0)
                .map(|rows| Regions::Boxes {
                    rows,
                    columns: size / rows,
                }),
        )
        .find(draws)
}

fn check_region_map(size: usize, map: &[u8]) -> Result<(), PuzzleError> {
    if map.len() != size * size {
        return Err(PuzzleError::Regions(format!(
            "a region map of {} cells for a {size}x{size} grid",
            map.len()
        )));
    }
    let mut counts = vec![0usize; size];
    for &r in map {
        let Some(count) = counts.get_mut(usize::from(r)) else {
            return Err(PuzzleError::Regions(format!(
                "region {} on a grid of {size} regions",
                usize::from(r) + 1
            )));
        };
        *count += 1;
    }
    if let Some(r) = counts.iter().position(|&n| n != size) {
        return Err(PuzzleError::Regions(format!(
            "region {} has {} cells; every region needs {size}",
            r + 1,
            counts[r]
        )));
    }
    Ok(())
}

fn has_repeat(cells: &[CellIndex]) -> bool {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_give_region_numbers_row_by_row() {
        let p = Puzzle::classic(6).unwrap();
        let map = p.region_map().unwrap();
        assert_eq!(&map[..6], &[0, 0, 0, 1, 1, 1]);
        assert_eq!(map[12], 2);
        assert_eq!(p.houses().len(), 18);
    }

    #[test]
    fn a_map_of_the_boxes_is_a_classic_grid() {
        let boxes = Puzzle::classic(6).unwrap().region_map().unwrap();
        let renamed: Vec<u8> = boxes.iter().map(|&r| 5 - r).collect();
        let p = Puzzle::new(6, Regions::Jigsaw(renamed)).unwrap();
        assert_eq!(
            p.regions(),
            &Regions::Boxes {
                rows: 2,
                columns: 3
            }
        );
        assert!(p.variants().is_empty());
        let one = Puzzle::new(1, Regions::Jigsaw(vec![0])).unwrap();
        assert_eq!(one.regions(), Puzzle::classic(1).unwrap().regions());
    }

    #[test]
    fn a_map_of_boxes_of_another_shape_is_those_boxes() {
        // 6x6 boxes three rows tall, as a region map.
        let tall: Vec<u8> = (0..36).map(|c| (c / 6 / 3 * 3 + c % 6 / 2) as u8).collect();
        let p = Puzzle::new(6, Regions::Jigsaw(tall)).unwrap();
        assert_eq!(
            p.regions(),
            &Regions::Boxes {
                rows: 3,
                columns: 2
            }
        );
        // Regions that are the columns of a 2x2 grid (a fuzz input: the
        // text reader called it a jigsaw, the f-puzzles reader boxes).
        let p = Puzzle::new(2, Regions::Jigsaw(vec![0, 1, 0, 1])).unwrap();
        assert_eq!(
            p.regions(),
            &Regions::Boxes {
                rows: 2,
                columns: 1
            }
        );
        // Rows on a prime side are no boxes, as f-puzzles has it.
        let rows: Vec<u8> = (0..25).map(|c| c / 5).collect();
        let p = Puzzle::new(5, Regions::Jigsaw(rows)).unwrap();
        assert_eq!(p.regions(), &Regions::None);
        // A real jigsaw stays one.
        let mut map = Puzzle::classic(4).unwrap().region_map().unwrap();
        map.swap(1, 2);
        let p = Puzzle::new(4, Regions::Jigsaw(map.clone())).unwrap();
        assert_eq!(p.regions(), &Regions::Jigsaw(map));
    }

    #[test]
    fn region_maps_are_checked() {
        let mut map = Puzzle::classic(4).unwrap().region_map().unwrap();
        map[0] = 1;
        let err = Puzzle::new(4, Regions::Jigsaw(map)).unwrap_err();
        assert!(err.to_string().contains("region 1 has 3 cells"), "{err}");
    }

    #[test]
    fn constraints_are_checked() {
        let mut p = Puzzle::classic(4).unwrap();
        assert!(
            p.add(Constraint::Thermometer { cells: vec![0, 99] })
                .is_err()
        );
        assert!(
            p.add(Constraint::Cage {
                cells: vec![0, 0],
                total: None
            })
            .is_err()
        );
        assert!(
            p.add(Constraint::Arrow {
                circle: vec![],
                path: vec![1]
            })
            .is_err()
        );
        assert!(p.set_given(0, 5).is_err());
    }

    #[test]
    fn full_size_constraints_become_houses() {
        let mut p = Puzzle::classic(4).unwrap();
        p.add(Constraint::Distinct {
            kind: DistinctKind::DiagonalDown,
            cells: vec![0, 5, 10, 15],
        })
        .unwrap();
        assert_eq!(p.houses().len(), 13);
        assert_eq!(p.variants(), ["x"]);
        // The cells of a house again, in another order: no new house.
        p.add(Constraint::Cage {
            cells: vec![5, 1, 4, 0],
            total: Some(10),
        })
        .unwrap();
        p.add(Constraint::Distinct {
            kind: DistinctKind::DisjointGroup,
            cells: vec![15, 10, 5, 0],
        })
        .unwrap();
        assert_eq!(p.houses().len(), 13);
        // Three cells of the main diagonal and one more: a new house.
        p.add(Constraint::Cage {
            cells: vec![0, 5, 10, 11],
            total: None,
        })
        .unwrap();
        assert_eq!(p.houses().len(), 14);
    }
}
