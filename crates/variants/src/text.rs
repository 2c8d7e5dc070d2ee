//! The plain text forms of variant puzzles, as people type them by hand;
//! `docs/variants.md` describes them with examples.
//!
//! A text is a **plain part** of blocks separated by blank lines (the
//! givens, then as many as the puzzle needs of a region map, a cage map
//! and the cage totals) and then **sections**, each opened by a header
//! line `name:`: `size:`, `givens:`, `regions:`, `cages:`, `totals:`,
//! `rules:`, `cage:`, `extra-region:`, `thermo:`, `arrow:`, `odd:`,
//! `even:`, the lines `whispers:`, `renban:` and `palindrome:` (one
//! line a row, its cells from one end) and `little-killer:` (a first
//! cell, a direction and a total: `r1c3 down-left = 6`) and `sandwich:`
//! (a row or column and a total: `row 2 = 5`), `skyscraper:` and `x-sum:`
//! (the same, with the clue's side when it is not the left or the top:
//! `row 2 from the right = 3`, `column 3 bottom = 12`) and `quadruple:` (the top
//! left cell of a 2x2 square and its digits: `r1c1 = 1 2`). Either part may be missing, but the plain part comes first:
//! after the first header, every line belongs to a section. `#` starts a
//! comment anywhere.
//!
//! ```
//! use sudoku_variants::{self as variants, Uniqueness, text};
//!
//! // A 4x4 jigsaw: the givens, a blank line, the region map.
//! let puzzle = text::read("
//! ..4.
//! .21.
//! ....
//! ....
//!
//! AABC
//! ABBC
//! ABCC
//! DDDD
//! ").unwrap();
//! assert_eq!(puzzle.variants(), ["jigsaw"]);
//! let Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else { panic!() };
//! assert_eq!(solution[..4], [2, 1, 4, 3]);
//!
//! // With headers, the diagonals too and a thermometer.
//! let x = text::read("
//! rules: x
//! givens: ..4..21.........
//! regions:
//! AABC
//! ABBC
//! ABCC
//! DDDD
//! thermo: r4c1 r3c2
//! ").unwrap();
//! assert_eq!(x.variants(), ["jigsaw", "x", "thermometer"]);
//!
//! // Every message names a line and a column.
//! let err = text::read("..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDC\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 6, column 4: expected 4 cells in region 'C', found 5");
//!
//! // And what is written reads back.
//! assert_eq!(text::read(&text::to_text(&x).unwrap()).unwrap(), x);
//! ```

use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::puzzle::{
    CellIndex, Constraint, Direction, DistinctKind, LineKind, MAX_SIZE, Puzzle, PuzzleError,
    Regions, RowOrColumn, default_regions,
};

/// A rule that needs no drawing: named on a `rules:` line, or passed to
/// [`read_with_rules`].
///
/// ```
/// use sudoku_variants::text::Variant;
/// assert_eq!("Anti-Knight".parse::<Variant>(), Ok(Variant::AntiKnight));
/// assert_eq!("non_consecutive".parse::<Variant>(), Ok(Variant::NonConsecutive));
/// assert_eq!(Variant::DisjointGroups.to_string(), "disjoint-groups");
/// let err = "anti-night".parse::<Variant>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown rule 'anti-night': expected one of x, "));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Both diagonals hold every digit once (Sudoku X).
    X,
    /// The main diagonal only, top left to bottom right.
    DiagonalDown,
    /// The anti-diagonal only, bottom left to top right.
    DiagonalUp,
    /// The extra windoku boxes ([`Constraint::windoku`]); needs a grid of
    /// square boxes (4x4, 9x9, 16x16).
    Windoku,
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
    /// The cells at one place in every box differ
    /// ([`Constraint::disjoint_groups`]); needs boxes.
    DisjointGroups,
}

impl Variant {
    /// Every rule, in the order [`to_text`] writes them.
    pub const ALL: [Variant; 8] = [
        Variant::X,
        Variant::DiagonalDown,
        Variant::DiagonalUp,
        Variant::Windoku,
        Variant::AntiKnight,
        Variant::AntiKing,
        Variant::NonConsecutive,
        Variant::DisjointGroups,
    ];

    /// The rule's name in the text.
    ///
    /// ```
    /// assert_eq!(sudoku_variants::text::Variant::X.name(), "x");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::DiagonalDown => "diagonal-down",
            Variant::DiagonalUp => "diagonal-up",
            Variant::Windoku => "windoku",
            Variant::AntiKnight => "anti-knight",
            Variant::AntiKing => "anti-king",
            Variant::NonConsecutive => "non-consecutive",
            Variant::DisjointGroups => "disjoint-groups",
        }
    }

    /// The constraints the rule stands for on a grid of side `size` with
    /// these regions, or `None` when it does not apply there (windoku
    /// without square boxes, disjoint groups without boxes).
    ///
    /// ```
    /// use sudoku_variants::{Regions, text::Variant};
    /// let boxes = Regions::Boxes { rows: 2, columns: 3 };
    /// assert_eq!(Variant::X.constraints(6, &boxes).unwrap().len(), 2);
    /// assert_eq!(Variant::DisjointGroups.constraints(6, &boxes).unwrap().len(), 6);
    /// assert_eq!(Variant::Windoku.constraints(6, &boxes), None);
    /// assert_eq!(Variant::DisjointGroups.constraints(6, &Regions::None), None);
    /// ```
    pub fn constraints(self, size: usize, regions: &Regions) -> Option<Vec<Constraint>> {
        let [down, up] = Constraint::diagonals(size);
        let found = match self {
            Variant::X => vec![down, up],
            Variant::DiagonalDown => vec![down],
            Variant::DiagonalUp => vec![up],
            Variant::Windoku => Constraint::windoku(size),
            Variant::AntiKnight => vec![Constraint::AntiKnight],
            Variant::AntiKing => vec![Constraint::AntiKing],
            Variant::NonConsecutive => vec![Constraint::NonConsecutive],
            Variant::DisjointGroups => Constraint::disjoint_groups(size, regions),
        };
        (!found.is_empty()).then_some(found)
    }

    /// What the rule needs of the grid, when it does not apply.
    fn needs(self, size: usize, regions: &Regions) -> (&'static str, String) {
        match self {
            Variant::DisjointGroups => (
                "boxes (a disjoint group is the cells at one place in every box)",
                match regions {
                    Regions::Jigsaw(_) => "jigsaw regions".into(),
                    _ => "a grid without regions".into(),
                },
            ),
            _ => (
                "a grid of square boxes (4x4, 9x9 or 16x16)",
                format!("a {size}x{size} grid"),
            ),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// A name of [`Variant::ALL`], in any case, `_` for `-` allowed.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let name = s.trim().to_ascii_lowercase().replace('_', "-");
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| UnknownVariant {
                found: s.to_string(),
            })
    }
}

/// A rule name that is none of [`Variant::ALL`]. The rules that are drawn
/// rather than named (jigsaw, killer, thermometers, arrows, odd and even
/// cells) get a word on where their drawing goes.
///
/// ```
/// use sudoku_variants::text::Variant;
/// let err = "killer".parse::<Variant>().unwrap_err();
/// assert!(err.to_string().ends_with("a killer is drawn: its cage map goes under `cages:` and its sums under `totals:`"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown rule '{found}': expected one of {}{}",
    variant_names(),
    drawn_hint(found)
)]
pub struct UnknownVariant {
    /// The name as written.
    pub found: String,
}

/// Where the drawing of a rule that is drawn, not named, goes.
fn drawn_hint(found: &str) -> &'static str {
    match found.trim().to_ascii_lowercase().as_str() {
        "jigsaw" | "irregular" | "regions" => {
            "; a jigsaw is drawn: its region map goes under `regions:` or beside the givens"
        }
        "killer" | "cage" | "cages" => {
            "; a killer is drawn: its cage map goes under `cages:` and its sums under `totals:`"
        }
        "thermo" | "thermometer" | "thermometers" => {
            "; thermometers are drawn: one a line under `thermo:`, bulb first"
        }
        "arrow" | "arrows" => "; arrows are drawn: one a line under `arrow:`, circle -> path",
        "odd" | "even" | "odd-even" => "; odd and even cells are listed under `odd:` and `even:`",
        "whispers" | "renban" | "palindrome" | "line" | "lines" => {
            "; lines are drawn: one a line under `whispers:`, `renban:` or `palindrome:`"
        }
        "little-killer" | "little-killers" | "littlekiller" => {
            "; little killers are drawn: one a line under `little-killer:`, such as `r1c3 down-left = 6`"
        }
        "quadruple" | "quadruples" => {
            "; quadruples are clues: one a line under `quadruple:`, such as `r1c1 = 1 2`"
        }
        "sandwich" | "sandwiches" | "sandwich-sum" | "sandwichsum" => {
            "; sandwich sums are clues: one a line under `sandwich:`, such as `row 2 = 5`"
        }
        "skyscraper" | "skyscrapers" => {
            "; skyscrapers are clues: one a line under `skyscraper:`, such as `row 2 from the right = 3`"
        }
        "x-sum" | "x-sums" | "xsum" | "xsums" => {
            "; X-sums are clues: one a line under `x-sum:`, such as `column 3 = 12`"
        }
        _ => "",
    }
}

fn variant_names() -> String {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    names.join(", ")
}

/// Which grid of a text an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The givens.
    Givens,
    /// The region map of a jigsaw.
    RegionMap,
    /// The cage map of a killer.
    CageMap,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Part::Givens => "givens",
            Part::RegionMap => "region map",
            Part::CageMap => "cage map",
        })
    }
}

/// Why a text is no puzzle, and where: `line 3, column 5: expected ...`.
///
/// ```
/// use sudoku_variants::text::{self, TextErrorKind};
/// let err = text::read("1...\n..2.\n.3x.\n...4\n").unwrap_err();
/// assert_eq!((err.line, err.column), (3, 3));
/// assert_eq!(err.kind, TextErrorKind::Symbol { found: 'x', size: 4 });
/// assert_eq!(err.to_string(),
///            "line 3, column 3: expected a digit 1-4 or a blank (. or 0), found 'x'");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TextError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong, and what was expected.
    pub kind: TextErrorKind,
}

/// What is wrong with a text; [`TextError`] says where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextErrorKind {
    /// Nothing in the text gives the grid's side.
    #[error(
        "expected givens, a region map, a cage map or a `size:` line, found nothing that gives the grid's size"
    )]
    NoSize,
    /// A side above [`MAX_SIZE`].
    #[error("expected a grid of side 1 to 16, found a {size}x{size} grid")]
    TooLarge {
        /// The side found.
        size: usize,
    },
    /// A character of the givens that is no digit of the grid nor a blank.
    #[error("expected {}, found '{found}'", digits(*.size))]
    Symbol {
        /// The character.
        found: char,
        /// The grid's side.
        size: usize,
    },
    /// A number of givens written as numbers that is above the side.
    #[error("expected a number from 1 to {size} or a blank (0 or .), found '{found}'")]
    Number {
        /// The text found.
        found: String,
        /// The grid's side.
        size: usize,
    },
    /// Givens on one line whose count is no square.
    #[error(
        "expected one row per line, or N*N cells on one line (1, 4, 9, 16, 25, ..., 256), found {found} cells"
    )]
    LineLength {
        /// Cells on the line.
        found: usize,
    },
    /// A row with another count of cells than the grid's side.
    #[error("expected {expected} cells in this row of the {part}, found {found}")]
    RowLength {
        /// The grid.
        part: Part,
        /// The side.
        expected: usize,
        /// Cells in the row.
        found: usize,
    },
    /// A grid with fewer (or other) rows than its side.
    #[error("expected {expected} rows in the {part} ({because}), found {found}")]
    RowCount {
        /// The grid.
        part: Part,
        /// The side.
        expected: usize,
        /// Rows found.
        found: usize,
        /// Where the side comes from.
        because: String,
    },
    /// A grid that goes on past its last row.
    #[error(
        "expected the {part} to end after {expected} rows ({because}), found another row: put a blank line or a header such as `regions:` before what follows"
    )]
    ExtraRow {
        /// The grid.
        part: Part,
        /// The side.
        expected: usize,
        /// Where the side comes from.
        because: String,
    },
    /// Givens with the region map beside them on some rows only.
    #[error(
        "expected the region map beside the givens on every row, as on line {first_line} (the row's cells, a space, then {size} region symbols)"
    )]
    Beside {
        /// The first row, which has its regions beside it.
        first_line: usize,
        /// The grid's side.
        size: usize,
    },
    /// A region symbol that is no letter or digit.
    #[error("expected a region symbol (a letter or a digit), found '{found}'")]
    RegionSymbol {
        /// The character.
        found: char,
    },
    /// More region symbols than the side.
    #[error("expected {expected} regions, found another symbol: '{symbol}'")]
    RegionCount {
        /// The side.
        expected: usize,
        /// The symbol of one region too many.
        symbol: char,
    },
    /// A region with another count of cells than the side.
    #[error("expected {expected} cells in region '{symbol}', found {found}")]
    RegionSize {
        /// The region's symbol.
        symbol: char,
        /// The side.
        expected: usize,
        /// Its cells.
        found: usize,
    },
    /// A cage map character that is no cage symbol nor `.`.
    #[error(
        "expected a cage symbol (a letter, a digit or a mark other than . # = : | ,) or . for a cell in no cage, found '{found}'"
    )]
    CageSymbol {
        /// The character.
        found: char,
    },
    /// A cage or extra region with more cells than digits.
    #[error("expected at most {size} cells in {what} (its digits differ), found {found}")]
    TooManyCells {
        /// `cage 'A'`, `a cage`, `an extra region`.
        what: String,
        /// The grid's side.
        size: usize,
        /// Its cells.
        found: usize,
    },
    /// A total that does not read `A=15` or `A 15`.
    #[error("expected a cage total such as A=15 or A 15, found {found}")]
    Total {
        /// What was found (quoted), or `the end of the line`.
        found: String,
    },
    /// A total for a symbol the cage map does not use.
    #[error("expected a cage of the cage map, found '{symbol}', which names no cage")]
    UnknownCage {
        /// The symbol.
        symbol: char,
    },
    /// Two totals for one cage.
    #[error(
        "expected one total for cage '{symbol}', found a second (the first is on line {first_line})"
    )]
    TotalTwice {
        /// The cage's symbol.
        symbol: char,
        /// Where the first total is.
        first_line: usize,
    },
    /// Totals and no cage map.
    #[error(
        "expected a cage map for these totals (a `cages:` section, or a block before the totals), found none"
    )]
    TotalsWithoutCages,
    /// A header that names no section.
    #[error("expected a section ({}), found '{found}:'", section_names())]
    UnknownSection {
        /// The name as written.
        found: String,
    },
    /// A part given twice (the givens, the regions, the cage map, the size).
    #[error("expected one {what}, found a second (the first starts on line {first_line})")]
    Twice {
        /// `givens`, `region map`, `cage map`, `size`.
        what: &'static str,
        /// Where the first one starts.
        first_line: usize,
    },
    /// A row of givens in a section that holds none: after the first
    /// header every line belongs to a section.
    #[error(
        "expected {expected} in the `{section}:` section, found a row of givens: after the first header every line belongs to a section, so write the givens before it or under `givens:`"
    )]
    GridInSection {
        /// The section's name.
        section: &'static str,
        /// What it holds.
        expected: &'static str,
    },
    /// A rule name that is none of [`Variant::ALL`].
    #[error("{0}")]
    Rule(UnknownVariant),
    /// A rule that cannot apply to this grid.
    #[error("expected {expected} for the rule {rule}, found {found}")]
    RuleDoesNotApply {
        /// The rule.
        rule: Variant,
        /// What it needs.
        expected: &'static str,
        /// What the grid has.
        found: String,
    },
    /// A word that is no cell name.
    #[error("expected a cell such as r1c1 (row 1, column 1), found '{found}'")]
    CellName {
        /// The word.
        found: String,
    },
    /// A cell name off the grid.
    #[error("expected a cell of the {size}x{size} grid (r1c1 to r{size}c{size}), found {found}")]
    CellOffGrid {
        /// The name as written.
        found: String,
        /// The grid's side.
        size: usize,
    },
    /// A cell named twice in one thermometer, arrow, cage or extra region.
    #[error("expected each cell once in {what}, found {cell} again")]
    RepeatedCell {
        /// `a thermometer`, `an arrow`, `a cage`, `an extra region`.
        what: &'static str,
        /// The cell, `r1c1` style.
        cell: String,
    },
    /// Anything else that is not where it should be.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What would have been read.
        expected: &'static str,
        /// What was found (quoted), or `the end of the line`, `nothing`.
        found: String,
    },
    /// `regions: boxes RxC` with boxes that do not make the side.
    #[error("expected boxes of rows x columns = {size} cells, found {rows}x{columns}")]
    Boxes {
        /// Rows of a box.
        rows: usize,
        /// Columns of a box.
        columns: usize,
        /// The grid's side.
        size: usize,
    },
    /// A block of the plain part after all it can hold.
    #[error(
        "expected no more blocks before the first header (the givens, a region map, a cage map and totals at most), found another: start it with a header such as `rules:`"
    )]
    ExtraBlock,
    /// The puzzle refused a constraint (the checks above should come first).
    #[error("{0}")]
    Puzzle(PuzzleError),
}

/// The digits of a side, for the messages.
fn digits(size: usize) -> String {
    let blank = "or a blank (. or 0)";
    match size {
        0..=9 => format!("a digit 1-{size} {blank}"),
        10 => format!("a digit 1-9, A {blank}"),
        _ => format!(
            "a digit 1-9, A-{} {blank}",
            char::from(b'A' + (size - 10) as u8)
        ),
    }
}

/// Why [`to_text`] cannot write a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A diagonal, windoku or disjoint-group house other than those its
    /// rule names: the text names such houses only by their rule.
    #[error(
        "the {kind} house over {cells} is none of the houses the rule {rule} names, and the text writes such houses only by their rule"
    )]
    House {
        /// The house's kind, as the JSON records name it.
        kind: &'static str,
        /// The rule whose houses it is not.
        rule: Variant,
        /// Its cells, `r1c1` style.
        cells: String,
    },
    /// Some houses of a rule but not all.
    #[error(
        "{found} of the {expected} houses of the rule {rule}: the text names all of them or none"
    )]
    Partial {
        /// The rule.
        rule: Variant,
        /// Houses the puzzle has.
        found: usize,
        /// Houses the rule has.
        expected: usize,
    },
    /// A cage, thermometer, extra region or arrow circle with no cells.
    #[error("a {what} with no cells has no text form")]
    NoCells {
        /// `cage`, `thermometer`, `extra region`, `arrow circle`.
        what: &'static str,
    },
    /// A rule the text form has no words for (kropki dots, XV marks):
    /// such a puzzle is written as f-puzzles JSON or a link.
    #[error("{variant} marks have no text form: write the puzzle as f-puzzles JSON or a link")]
    NoTextForm {
        /// The rule's variant name (`kropki`, `xv`).
        variant: &'static str,
    },
    /// A whispers line whose least difference is not the one `whispers:`
    /// means on this side (half of it, rounded up).
    #[error(
        "whispers lines at least {difference} apart have no text form (`whispers:` lines on a {size}x{size} grid are {} apart): write the puzzle as f-puzzles JSON or a link",
        size.div_ceil(2)
    )]
    WhispersDifference {
        /// The line's least difference.
        difference: u8,
        /// The grid's side.
        size: usize,
    },
}

/// A 1-based place in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    line: usize,
    column: usize,
}

fn err(place: Place, kind: TextErrorKind) -> TextError {
    TextError {
        line: place.line,
        column: place.column,
        kind,
    }
}

/// A line, or the part of one after a header: its number, the column of
/// its first character, and its text (comment cut, right-trimmed).
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    number: usize,
    column: usize,
    text: &'a str,
}

/// A word of a line: its column, its byte offset in the line, its text.
#[derive(Debug, Clone, Copy)]
struct Word<'a> {
    column: usize,
    byte: usize,
    text: &'a str,
}

impl<'a> Line<'a> {
    fn at(&self, column: usize) -> Place {
        Place {
            line: self.number,
            column,
        }
    }

    /// The place of the first character that is not a space.
    fn first(&self) -> Place {
        let lead = self.text.chars().take_while(|c| c.is_whitespace()).count();
        self.at(self.column + lead)
    }

    /// The place just after the last character.
    fn end(&self) -> Place {
        self.at(self.column + self.text.chars().count())
    }

    /// Each character with its column.
    fn chars(&self) -> impl Iterator<Item = (usize, char)> + 'a {
        let column = self.column;
        self.text
            .chars()
            .enumerate()
            .map(move |(k, c)| (column + k, c))
    }

    /// The words between separators.
    fn words(&self, separator: impl Fn(char) -> bool) -> Vec<Word<'a>> {
        let mut out = Vec::new();
        let mut start: Option<(usize, usize)> = None;
        for (k, (i, c)) in self.text.char_indices().enumerate() {
            if separator(c) {
                if let Some((byte, column)) = start.take() {
                    out.push(Word {
                        column,
                        byte,
                        text: &self.text[byte..i],
                    });
                }
            } else if start.is_none() {
                start = Some((i, self.column + k));
            }
        }
        if let Some((byte, column)) = start {
            out.push(Word {
                column,
                byte,
                text: &self.text[byte..],
            });
        }
        out
    }

    /// The line up to a byte offset.
    fn before(&self, byte: usize) -> Line<'a> {
        Line {
            text: &self.text[..byte],
            ..*self
        }
    }
}

/// How a word or character found reads in a message.
/// The error of a section line where `expected` should be at `place`
/// and `piece` (None: the line's end) is.
fn expected_piece(place: Place, expected: &'static str, piece: Option<&Piece>) -> TextError {
    let found = match piece {
        None => END.into(),
        Some(Piece::Word(w)) => quoted(w),
        Some(Piece::Arrow) => quoted("->"),
        Some(Piece::Equals) => quoted("="),
    };
    err(place, TextErrorKind::Expected { expected, found })
}

fn quoted(text: &str) -> String {
    format!("'{text}'")
}

const END: &str = "the end of the line";

/// The sections a header may open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Size,
    Givens,
    Regions,
    Cages,
    Totals,
    Rules,
    Cage,
    ExtraRegion,
    Thermo,
    Arrow,
    Odd,
    Even,
    Whispers,
    Renban,
    Palindrome,
    LittleKiller,
    Sandwich,
    Skyscraper,
    XSum,
    Quadruple,
}

impl Section {
    const ALL: [Section; 20] = [
        Section::Size,
        Section::Givens,
        Section::Regions,
        Section::Cages,
        Section::Totals,
        Section::Rules,
        Section::Cage,
        Section::ExtraRegion,
        Section::Thermo,
        Section::Arrow,
        Section::Odd,
        Section::Even,
        Section::Whispers,
        Section::Renban,
        Section::Palindrome,
        Section::LittleKiller,
        Section::Sandwich,
        Section::Skyscraper,
        Section::XSum,
        Section::Quadruple,
    ];

    fn name(self) -> &'static str {
        match self {
            Section::Size => "size",
            Section::Givens => "givens",
            Section::Regions => "regions",
            Section::Cages => "cages",
            Section::Totals => "totals",
            Section::Rules => "rules",
            Section::Cage => "cage",
            Section::ExtraRegion => "extra-region",
            Section::Thermo => "thermo",
            Section::Arrow => "arrow",
            Section::Odd => "odd",
            Section::Even => "even",
            Section::Whispers => "whispers",
            Section::Renban => "renban",
            Section::Palindrome => "palindrome",
            Section::LittleKiller => "little-killer",
            Section::Sandwich => "sandwich",
            Section::Skyscraper => "skyscraper",
            Section::XSum => "x-sum",
            Section::Quadruple => "quadruple",
        }
    }

    fn from_name(name: &str) -> Option<Section> {
        // Spellings people also use: f-puzzles' `xsum`, plurals.
        Some(match name.to_ascii_lowercase().as_str() {
            "thermometer" => Section::Thermo,
            "xsum" | "x-sums" | "xsums" => Section::XSum,
            "skyscrapers" => Section::Skyscraper,
            "sandwiches" => Section::Sandwich,
            name => return Section::ALL.into_iter().find(|s| s.name() == name),
        })
    }

    /// Whether no line of the section is ever a grid's row of digits and
    /// blanks (the givens, region and cage maps and totals may be).
    fn holds_no_grid(self) -> bool {
        !matches!(
            self,
            Section::Givens | Section::Regions | Section::Cages | Section::Totals
        )
    }

    /// What the section holds, for the message when it holds nothing.
    fn expects(self) -> &'static str {
        match self {
            Section::Size => "a side such as `size: 9`",
            Section::Givens => "the givens: one line of N*N cells, or N rows",
            Section::Regions => "a region map, `boxes RxC` or `none`",
            Section::Cages => "a cage map: N rows of cage symbols, . for a cell in no cage",
            Section::Totals => "cage totals such as `A=15 B=10`",
            Section::Rules => "rule names such as `x anti-knight`",
            Section::Cage => "a cage's cells and total, such as `r1c1 r1c2 = 3`",
            Section::ExtraRegion => "an extra region's cells, such as `r1c1 r2c2 r3c3`",
            Section::Thermo => "a thermometer's cells, bulb first, such as `r1c1 r1c2 r1c3`",
            Section::Arrow => "an arrow's circle and path, such as `r5c5 -> r4c4 r3c3`",
            Section::Odd | Section::Even => "cells such as `r1c1 r2c2`",
            Section::Whispers | Section::Renban | Section::Palindrome => {
                "a line's cells from one end, such as `r1c1 r1c2 r2c3`"
            }
            Section::LittleKiller => {
                "a little killer's first cell, direction and total, such as `r1c3 down-left = 6`"
            }
            Section::Sandwich => "a row or column and the sandwich's total, such as `row 2 = 5`",
            Section::Skyscraper => {
                "a row or column, the clue's side if not the left or top, and the number of \
                 skyscrapers seen, such as `row 2 from the right = 3`"
            }
            Section::XSum => {
                "a row or column, the clue's side if not the left or top, and the X-sum's total, \
                 such as `column 3 from the bottom = 12`"
            }
            Section::Quadruple => {
                "a 2x2 square's top left cell and its digits, such as `r1c1 = 1 2`"
            }
        }
    }
}

fn section_names() -> String {
    let names: Vec<&str> = Section::ALL.iter().map(|s| s.name()).collect();
    names.join(", ")
}

/// A section: its kind, where its header is, and its lines (the rest of
/// the header line first, when there is one).
struct SectionText<'a> {
    section: Section,
    header: Place,
    lines: Vec<Line<'a>>,
}

/// A text cut into the blocks of its plain part and its sections.
struct Document<'a> {
    blocks: Vec<Vec<Line<'a>>>,
    sections: Vec<SectionText<'a>>,
}

/// The header of a line, `name:`: the name, its place and what follows
/// the colon.
fn header<'a>(line: Line<'a>) -> Option<(&'a str, Place, Line<'a>)> {
    let trimmed = line.text.trim_start();
    let lead = line.text.chars().count() - trimmed.chars().count();
    let end = trimmed
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(trimmed.len());
    let name = &trimmed[..end];
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let after = &trimmed[end..];
    let rest = after.trim_start().strip_prefix(':')?;
    let before_rest = line.text.chars().count() - rest.chars().count();
    Some((
        name,
        line.at(line.column + lead),
        Line {
            number: line.number,
            column: line.column + before_rest,
            text: rest,
        },
    ))
}

impl<'a> Document<'a> {
    fn split(text: &'a str) -> Result<Document<'a>, TextError> {
        let mut blocks: Vec<Vec<Line<'a>>> = Vec::new();
        let mut sections: Vec<SectionText<'a>> = Vec::new();
        let mut open_block = false;
        for (i, raw) in text.lines().enumerate() {
            let body = raw.split('#').next().unwrap_or("").trim_end();
            let line = Line {
                number: i + 1,
                column: 1,
                text: body,
            };
            let blank = body.trim().is_empty();
            if let Some((name, place, rest)) = header(line) {
                let section = Section::from_name(name).ok_or_else(|| {
                    err(
                        place,
                        TextErrorKind::UnknownSection {
                            found: name.to_string(),
                        },
                    )
                })?;
                let mut lines = Vec::new();
                if !rest.text.trim().is_empty() {
                    lines.push(rest);
                }
                sections.push(SectionText {
                    section,
                    header: place,
                    lines,
                });
            } else if let Some(section) = sections.last_mut() {
                if !blank {
                    if section.section.holds_no_grid() && looks_like_grid_row(body) {
                        return Err(err(
                            line.at(1 + body.chars().count() - body.trim_start().chars().count()),
                            TextErrorKind::GridInSection {
                                section: section.section.name(),
                                expected: section.section.expects(),
                            },
                        ));
                    }
                    section.lines.push(line);
                }
            } else if blank {
                open_block = false;
            } else {
                if !open_block {
                    blocks.push(Vec::new());
                    open_block = true;
                }
                blocks.last_mut().expect("a block is open").push(line);
            }
        }
        Ok(Document { blocks, sections })
    }
}

/// A row of givens: digits and `.` blanks (at least four cells, as in
/// the smallest grid), with spaces or `|` between boxes.
fn looks_like_grid_row(text: &str) -> bool {
    let cells = text
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .count();
    cells >= 4
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '|' || c.is_whitespace())
}

/// A line drawn between bands of boxes: only `-`, `=`, `+`, `|` and
/// spaces, with a `-` or `=`.
fn is_separator(text: &str) -> bool {
    text.contains(['-', '='])
        && text
            .chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|') || c.is_whitespace())
}

/// A blank, a number or a word that could be one: a cell of givens
/// written as numbers.
fn numberish(text: &str) -> bool {
    text == "." || text.bytes().all(|b| b.is_ascii_digit())
}

/// The cells of a row of givens: numbers between spaces and bars, or
/// characters.
fn row_cells<'a>(line: &Line<'a>, numeric: bool) -> Vec<Word<'a>> {
    let words = line.words(|c| c.is_whitespace() || c == '|');
    if numeric {
        return words;
    }
    words
        .into_iter()
        .flat_map(|w| {
            w.text
                .char_indices()
                .enumerate()
                .map(move |(k, (i, c))| Word {
                    column: w.column + k,
                    byte: w.byte + i,
                    text: &w.text[i..i + c.len_utf8()],
                })
        })
        .collect()
}

/// Whether a row is written as `n` numbers, one of them of two digits or
/// more (so that reading it as characters would be wrong).
fn numeric_row(line: &Line, n: usize) -> bool {
    let words = line.words(|c| c.is_whitespace() || c == '|');
    words.len() == n
        && words.iter().all(|w| numberish(w.text))
        && words.iter().any(|w| w.text.len() > 1)
}

fn decode(word: &Word, line: &Line, numeric: bool, size: usize) -> Result<u8, TextError> {
    let place = line.at(word.column);
    if numeric {
        let value = if word.text == "." {
            Some(0)
        } else {
            word.text
                .parse::<usize>()
                .ok()
                .filter(|&v| v <= size && word.text.bytes().all(|b| b.is_ascii_digit()))
        };
        return value.map(|v| v as u8).ok_or_else(|| {
            err(
                place,
                TextErrorKind::Number {
                    found: word.text.to_string(),
                    size,
                },
            )
        });
    }
    let c = word.text.chars().next().unwrap_or(' ');
    let value = match c {
        '.' | '0' => Some(0),
        '1'..='9' => Some(c as usize - '0' as usize),
        'a'..='z' | 'A'..='Z' => Some(c.to_ascii_uppercase() as usize - 'A' as usize + 10),
        _ => None,
    };
    value
        .filter(|&v| v <= size)
        .map(|v| v as u8)
        .ok_or_else(|| err(place, TextErrorKind::Symbol { found: c, size }))
}

/// Givens read from a block or a section.
struct Givens<'a> {
    size: usize,
    cells: Vec<u8>,
    /// Where the givens start.
    start: Place,
    /// The rows of a region map written beside the givens.
    beside: Option<Vec<Line<'a>>>,
}

/// A row of givens with its region row beside it: the givens' part and
/// the region part, when the row splits so for a side of `n`.
fn split_beside<'a>(row: &Line<'a>, n: usize) -> Option<(Line<'a>, Line<'a>)> {
    let words = row.words(char::is_whitespace);
    let last = *words.last()?;
    if words.len() < 2 || last.text.chars().count() != n || last.text.contains('|') {
        return None;
    }
    let givens = row.before(last.byte);
    let fits = row_cells(&givens, false).len() == n || row_cells(&givens, true).len() == n;
    let region = Line {
        number: row.number,
        column: last.column,
        text: last.text,
    };
    fits.then_some((givens, region))
}

fn read_givens<'a>(lines: &[Line<'a>]) -> Result<Givens<'a>, TextError> {
    let start = lines[0].first();
    let rows: Vec<Line<'a>> = lines
        .iter()
        .copied()
        .filter(|l| !is_separator(l.text))
        .collect();
    if rows.is_empty() {
        return Err(err(
            start,
            TextErrorKind::Expected {
                expected: Section::Givens.expects(),
                found: "only lines between boxes".into(),
            },
        ));
    }
    if rows.len() == 1 {
        return one_line(&rows[0]);
    }
    let n = rows.len();
    let (givens_rows, beside) = if split_beside(&rows[0], n).is_some() {
        let mut givens_rows = Vec::with_capacity(n);
        let mut region_rows = Vec::with_capacity(n);
        for row in &rows {
            let (g, r) = split_beside(row, n).ok_or_else(|| {
                err(
                    row.first(),
                    TextErrorKind::Beside {
                        first_line: rows[0].number,
                        size: n,
                    },
                )
            })?;
            givens_rows.push(g);
            region_rows.push(r);
        }
        (givens_rows, Some(region_rows))
    } else {
        (rows, None)
    };
    let numeric = givens_rows.iter().any(|r| numeric_row(r, n));
    let width = |r: &Line| row_cells(r, numeric).len();
    let w = width(&givens_rows[0]);
    let because = format!("its first row has {w} cells");
    if w >= 1 && w < n && givens_rows[..w].iter().all(|r| width(r) == w) {
        return Err(err(
            givens_rows[w].first(),
            TextErrorKind::ExtraRow {
                part: Part::Givens,
                expected: w,
                because,
            },
        ));
    }
    if w > n && givens_rows.iter().all(|r| width(r) == w) {
        return Err(err(
            start,
            TextErrorKind::RowCount {
                part: Part::Givens,
                expected: w,
                found: n,
                because,
            },
        ));
    }
    if n > MAX_SIZE {
        return Err(err(start, TextErrorKind::TooLarge { size: n }));
    }
    let mut cells = Vec::with_capacity(n * n);
    for row in &givens_rows {
        let written = row_cells(row, numeric);
        if written.len() != n {
            return Err(err(
                row.first(),
                TextErrorKind::RowLength {
                    part: Part::Givens,
                    expected: n,
                    found: written.len(),
                },
            ));
        }
        for word in &written {
            cells.push(decode(word, row, numeric, n)?);
        }
    }
    Ok(Givens {
        size: n,
        cells,
        start,
        beside,
    })
}

/// Givens on one line: N*N characters, or N*N numbers.
/// The cells of a puzzle written on one line, and whether they are
/// numbers.
fn one_line_cells<'a>(row: &Line<'a>) -> (Vec<Word<'a>>, bool) {
    let words = row.words(|c| c.is_whitespace() || c == '|');
    let count = words.len();
    // One word is characters, not a number: a full grid with no blank.
    let numeric = count > 1
        && count.isqrt().pow(2) == count
        && words.iter().all(|w| numberish(w.text))
        && words.iter().any(|w| w.text.len() > 1);
    (row_cells(row, numeric), numeric)
}

/// The lines of `part` when it is one-line puzzles one after the other
/// rather than one puzzle (as a file of puzzles with `--variant x` is):
/// (the 1-based line in `part`, the line), for two lines or more and no
/// section headers, when every line has N*N cells for a side N from 4 up
/// to the largest, or more than half of them have 81 cells or more (no
/// row of a grid has so many: the others are bad puzzles among good ones).
/// Lines that could be the rows of one grid (N*N rows of N*N cells each)
/// are no such list. Whether each line reads is not asked.
pub(crate) fn one_line_puzzles(part: &str) -> Option<Vec<(usize, &str)>> {
    if has_section(part) {
        return None;
    }
    let mut lines = Vec::new();
    // The side of each line's one-line puzzle, if it has N*N cells.
    let mut sides = Vec::new();
    for (i, raw) in part.lines().enumerate() {
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            continue;
        }
        let row = Line {
            number: i + 1,
            column: 1,
            text,
        };
        let cells = one_line_cells(&row).0.len();
        let n = cells.isqrt();
        lines.push((i + 1, text));
        sides.push(((4..=MAX_SIZE).contains(&n) && n * n == cells).then_some(n));
    }
    let first = sides.first().copied().flatten();
    let one_grid =
        first.is_some_and(|n| sides.iter().all(|&s| s == Some(n)) && lines.len() == n * n);
    let all = sides.iter().all(Option::is_some);
    let large = sides.iter().filter(|s| s.is_some_and(|n| n >= 9)).count();
    let puzzles = lines.len() >= 2 && !one_grid && (all || 2 * large > lines.len());
    puzzles.then_some(lines)
}

fn one_line<'a>(row: &Line<'a>) -> Result<Givens<'a>, TextError> {
    let (written, numeric) = one_line_cells(row);
    let n = written.len().isqrt();
    if n == 0 || n * n != written.len() {
        return Err(err(
            row.first(),
            TextErrorKind::LineLength {
                found: written.len(),
            },
        ));
    }
    if n > MAX_SIZE {
        return Err(err(row.first(), TextErrorKind::TooLarge { size: n }));
    }
    let cells = written
        .iter()
        .map(|w| decode(w, row, numeric, n))
        .collect::<Result<Vec<u8>, TextError>>()?;
    Ok(Givens {
        size: n,
        cells,
        start: row.first(),
        beside: None,
    })
}

/// The symbols of a map, row by row, each with its place, checked to
/// make `size` rows of `size`.
fn read_map(
    lines: &[Line],
    part: Part,
    size: usize,
    because: &str,
) -> Result<Vec<(Place, char)>, TextError> {
    if lines.len() > size {
        return Err(err(
            lines[size].first(),
            TextErrorKind::ExtraRow {
                part,
                expected: size,
                because: because.to_string(),
            },
        ));
    }
    if lines.len() < size {
        return Err(err(
            lines[0].first(),
            TextErrorKind::RowCount {
                part,
                expected: size,
                found: lines.len(),
                because: because.to_string(),
            },
        ));
    }
    let mut symbols = Vec::with_capacity(size * size);
    for line in lines {
        let row: Vec<(Place, char)> = line
            .chars()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(column, c)| (line.at(column), c))
            .collect();
        if row.len() != size {
            return Err(err(
                line.first(),
                TextErrorKind::RowLength {
                    part,
                    expected: size,
                    found: row.len(),
                },
            ));
        }
        symbols.extend(row);
    }
    Ok(symbols)
}

/// A region map's numbers, regions numbered in order of first appearance.
fn build_regions(symbols: &[(Place, char)], size: usize) -> Result<Vec<u8>, TextError> {
    let mut seen: Vec<(char, Place, usize)> = Vec::new();
    let mut map = Vec::with_capacity(symbols.len());
    for &(place, c) in symbols {
        if !c.is_ascii_alphanumeric() {
            return Err(err(place, TextErrorKind::RegionSymbol { found: c }));
        }
        let index = match seen.iter().position(|s| s.0 == c) {
            Some(i) => i,
            None if seen.len() == size => {
                return Err(err(
                    place,
                    TextErrorKind::RegionCount {
                        expected: size,
                        symbol: c,
                    },
                ));
            }
            None => {
                seen.push((c, place, 0));
                seen.len() - 1
            }
        };
        seen[index].2 += 1;
        map.push(index as u8);
    }
    if let Some(&(symbol, place, found)) = seen.iter().find(|s| s.2 != size) {
        return Err(err(
            place,
            TextErrorKind::RegionSize {
                symbol,
                expected: size,
                found,
            },
        ));
    }
    Ok(map)
}

/// Whether a character may name a cage in a cage map.
fn is_cage_symbol(c: char) -> bool {
    c.is_ascii_graphic() && !matches!(c, '.' | '#' | '=' | ':' | '|' | ',')
}

/// A cage of a cage map.
struct MapCage {
    symbol: char,
    place: Place,
    cells: Vec<CellIndex>,
}

fn build_cages(symbols: &[(Place, char)], size: usize) -> Result<Vec<MapCage>, TextError> {
    let mut cages: Vec<MapCage> = Vec::new();
    for (cell, &(place, c)) in symbols.iter().enumerate() {
        if c == '.' {
            continue;
        }
        if !is_cage_symbol(c) {
            return Err(err(place, TextErrorKind::CageSymbol { found: c }));
        }
        match cages.iter_mut().find(|k| k.symbol == c) {
            Some(cage) => cage.cells.push(cell),
            None => cages.push(MapCage {
                symbol: c,
                place,
                cells: vec![cell],
            }),
        }
    }
    if let Some(cage) = cages.iter().find(|k| k.cells.len() > size) {
        return Err(err(
            cage.place,
            TextErrorKind::TooManyCells {
                what: format!("cage '{}'", cage.symbol),
                size,
                found: cage.cells.len(),
            },
        ));
    }
    Ok(cages)
}

/// The totals of a line: `A=15 B=10`, `A 15`, commas allowed between.
fn read_totals(line: &Line) -> Result<Vec<(char, u32, Place)>, TextError> {
    let chars: Vec<(usize, char)> = line.chars().collect();
    let describe = |i: usize| match chars.get(i) {
        Some(&(_, c)) => quoted(&c.to_string()),
        None => END.to_string(),
    };
    let place = |i: usize| match chars.get(i) {
        Some(&(column, _)) => line.at(column),
        None => line.end(),
    };
    let total_error = |i: usize| err(place(i), TextErrorKind::Total { found: describe(i) });
    let space = |c: char| c.is_whitespace();
    let mut totals = Vec::new();
    let mut i = 0;
    loop {
        while chars.get(i).is_some_and(|&(_, c)| space(c) || c == ',') {
            i += 1;
        }
        let Some(&(_, symbol)) = chars.get(i) else {
            break;
        };
        if !is_cage_symbol(symbol) {
            return Err(total_error(i));
        }
        let at = place(i);
        i += 1;
        let after_symbol = i;
        while chars.get(i).is_some_and(|&(_, c)| space(c)) {
            i += 1;
        }
        if chars.get(i).is_some_and(|&(_, c)| c == '=') {
            i += 1;
            while chars.get(i).is_some_and(|&(_, c)| space(c)) {
                i += 1;
            }
        }
        if i == after_symbol {
            return Err(total_error(i));
        }
        let start = i;
        while chars.get(i).is_some_and(|&(_, c)| c.is_ascii_digit()) {
            i += 1;
        }
        if i == start || chars.get(i).is_some_and(|&(_, c)| !(space(c) || c == ',')) {
            return Err(total_error(i));
        }
        let digits: String = chars[start..i].iter().map(|&(_, c)| c).collect();
        let total = digits.parse::<u32>().map_err(|_| {
            err(
                place(start),
                TextErrorKind::Total {
                    found: quoted(&digits),
                },
            )
        })?;
        totals.push((symbol, total, at));
    }
    Ok(totals)
}

/// A piece of a line of cells: a word, `->` or `=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Word(&'a str),
    Arrow,
    Equals,
}

fn pieces<'a>(line: &Line<'a>) -> Result<Vec<(Place, Piece<'a>)>, TextError> {
    let text = line.text;
    let chars: Vec<(usize, (usize, char))> = text.char_indices().enumerate().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let (byte, c) = chars[k].1;
        let place = line.at(line.column + k);
        if c.is_whitespace() || c == ',' {
            k += 1;
        } else if c == '-' && chars.get(k + 1).is_some_and(|&(_, (_, n))| n == '>') {
            out.push((place, Piece::Arrow));
            k += 2;
        } else if c == '=' {
            out.push((place, Piece::Equals));
            k += 1;
        } else if c.is_ascii_alphanumeric() {
            let mut j = k;
            // A hyphen between letters or digits stays in the word
            // (`down-left`); `->` never does.
            let word = |j: usize| {
                chars.get(j).is_some_and(|&(_, (_, c))| {
                    c.is_ascii_alphanumeric()
                        || c == '-'
                            && chars
                                .get(j + 1)
                                .is_some_and(|&(_, (_, n))| n.is_ascii_alphanumeric())
                })
            };
            while word(j) {
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |&(_, (b, _))| b);
            out.push((place, Piece::Word(&text[byte..end])));
            k = j;
        } else {
            return Err(err(
                place,
                TextErrorKind::CellName {
                    found: c.to_string(),
                },
            ));
        }
    }
    Ok(out)
}

fn cell(place: Place, piece: Piece, size: usize) -> Result<CellIndex, TextError> {
    let word = match piece {
        Piece::Word(w) => w,
        Piece::Arrow => "->",
        Piece::Equals => "=",
    };
    let lower = word.to_ascii_lowercase();
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let parsed = lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .and_then(|(r, c)| Some((number(r)?, number(c)?)));
    match parsed {
        None => Err(err(
            place,
            TextErrorKind::CellName {
                found: word.to_string(),
            },
        )),
        Some((r, c)) if (1..=size).contains(&r) && (1..=size).contains(&c) => {
            Ok((r - 1) * size + c - 1)
        }
        Some(_) => Err(err(
            place,
            TextErrorKind::CellOffGrid {
                found: word.to_string(),
                size,
            },
        )),
    }
}

/// The cells of pieces, each once.
fn cell_set(
    pieces: &[(Place, Piece)],
    size: usize,
    what: &'static str,
    seen: &mut Vec<CellIndex>,
) -> Result<Vec<CellIndex>, TextError> {
    let mut out = Vec::with_capacity(pieces.len());
    for &(place, piece) in pieces {
        let c = cell(place, piece, size)?;
        if seen.contains(&c) {
            return Err(err(
                place,
                TextErrorKind::RepeatedCell {
                    what,
                    cell: format!("r{}c{}", c / size + 1, c % size + 1),
                },
            ));
        }
        seen.push(c);
        out.push(c);
    }
    Ok(out)
}

/// The constraints of one line of a constraint section.
fn line_constraints(
    section: Section,
    line: &Line,
    size: usize,
) -> Result<Vec<Constraint>, TextError> {
    let all = pieces(line)?;
    let none = |expected: &'static str| {
        err(
            line.end(),
            TextErrorKind::Expected {
                expected,
                found: END.into(),
            },
        )
    };
    let mut seen = Vec::new();
    let too_many = |what: &str, found: usize| {
        err(
            line.first(),
            TextErrorKind::TooManyCells {
                what: what.to_string(),
                size,
                found,
            },
        )
    };
    match section {
        Section::Thermo => {
            let cells = cell_set(&all, size, "a thermometer", &mut seen)?;
            if cells.is_empty() {
                return Err(none(section.expects()));
            }
            Ok(vec![Constraint::Thermometer { cells }])
        }
        Section::Whispers | Section::Renban | Section::Palindrome => {
            let kind = match section {
                Section::Whispers => LineKind::whispers(size),
                Section::Renban => LineKind::Renban,
                _ => LineKind::Palindrome,
            };
            // Whispers lines and palindromes may pass a cell twice (a
            // loop): only a renban line's cells are a set.
            let cells = if section == Section::Renban {
                cell_set(&all, size, "a renban line", &mut seen)?
            } else {
                let mut cells = Vec::with_capacity(all.len());
                for piece in all.iter() {
                    let cell =
                        cell_set(std::slice::from_ref(piece), size, "a line", &mut Vec::new())?;
                    if cells.last() == cell.first() {
                        return Err(err(
                            piece.0,
                            TextErrorKind::Expected {
                                expected: "a cell other than the one before it (a line may come back to a cell, not twice in a row)",
                                found: format!("r{}c{}", cell[0] / size + 1, cell[0] % size + 1),
                            },
                        ));
                    }
                    cells.extend(cell);
                }
                cells
            };
            if cells.is_empty() {
                return Err(none(section.expects()));
            }
            if cells.len() < 2 {
                return Err(err(
                    line.end(),
                    TextErrorKind::Expected {
                        expected: "a second cell: a line joins at least two",
                        found: END.into(),
                    },
                ));
            }
            Ok(vec![Constraint::Line { kind, cells }])
        }
        Section::Quadruple => {
            let at = |i: usize| all.get(i).map_or(line.end(), |p| p.0);
            let first = match all.first() {
                Some(&(place, piece @ Piece::Word(_))) => cell(place, piece, size)?,
                other => {
                    return Err(expected_piece(
                        at(0),
                        section.expects(),
                        other.map(|p| &p.1),
                    ));
                }
            };
            if first % size + 1 >= size || first / size + 1 >= size {
                return Err(expected_piece(
                    at(0),
                    "the top left cell of a 2x2 square on the grid (not in the last row or column)",
                    all.first().map(|p| &p.1),
                ));
            }
            if !matches!(all.get(1), Some((_, Piece::Equals))) {
                return Err(expected_piece(
                    at(1),
                    "`=` and the quadruple's digits",
                    all.get(1).map(|p| &p.1),
                ));
            }
            let mut digits = Vec::new();
            for (i, (place, piece)) in all.iter().enumerate().skip(2) {
                let digit = match piece {
                    Piece::Word(w) => w
                        .parse::<u8>()
                        .ok()
                        .filter(|&d| (1..=size).contains(&usize::from(d))),
                    _ => None,
                };
                match digit {
                    Some(d) if i < 6 => digits.push(d),
                    _ => {
                        return Err(expected_piece(
                            *place,
                            if i < 6 {
                                "a digit of the quadruple, 1 to the side"
                            } else {
                                "the end of the line after four digits"
                            },
                            Some(piece),
                        ));
                    }
                }
            }
            if digits.is_empty() {
                return Err(expected_piece(
                    at(2),
                    "the quadruple's digits after `=`",
                    None,
                ));
            }
            Ok(vec![Constraint::quadruple(size, first, &digits)])
        }
        Section::Sandwich | Section::Skyscraper | Section::XSum => {
            let at = |i: usize| all.get(i).map_or(line.end(), |p| p.0);
            let word = |i: usize| match all.get(i) {
                Some((_, Piece::Word(w))) => Some(w.to_ascii_lowercase()),
                _ => None,
            };
            let number = |w: &str| w.parse::<usize>().ok().filter(|n| (1..=size).contains(n));
            // `row 2`, `column 3` (`col 3`), or `r2`, `c3`.
            let (line_of, next): (Option<RowOrColumn>, usize) = match word(0).as_deref() {
                Some("row") => (
                    word(1)
                        .and_then(|w| number(&w))
                        .map(|n| RowOrColumn::Row(n - 1)),
                    2,
                ),
                Some("column" | "col") => (
                    word(1)
                        .and_then(|w| number(&w))
                        .map(|n| RowOrColumn::Column(n - 1)),
                    2,
                ),
                Some(w) if w.starts_with('r') => {
                    (number(&w[1..]).map(|n| RowOrColumn::Row(n - 1)), 1)
                }
                Some(w) if w.starts_with('c') => {
                    (number(&w[1..]).map(|n| RowOrColumn::Column(n - 1)), 1)
                }
                _ => (None, 1),
            };
            let Some(line_of) = line_of else {
                let i = next - 1;
                return Err(expected_piece(
                    at(i),
                    if i == 0 {
                        section.expects()
                    } else {
                        "the number of a row or column on the grid"
                    },
                    all.get(i).map(|p| &p.1),
                ));
            };
            // The clue's side, if named: `from the right`, `bottom`, ...
            let mut next = next;
            let mut far = false;
            let sides = match line_of {
                RowOrColumn::Row(_) => ["left", "right"],
                RowOrColumn::Column(_) => ["top", "bottom"],
            };
            if word(next).as_deref() == Some("from") {
                next += 1;
                if word(next).as_deref() == Some("the") {
                    next += 1;
                }
                match word(next) {
                    Some(w) if sides.contains(&w.as_str()) => {}
                    _ => {
                        return Err(expected_piece(
                            at(next),
                            match line_of {
                                RowOrColumn::Row(_) => "the side of the clue: `left` or `right`",
                                RowOrColumn::Column(_) => "the side of the clue: `top` or `bottom`",
                            },
                            all.get(next).map(|p| &p.1),
                        ));
                    }
                }
            }
            if let Some(w) = word(next).filter(|w| sides.contains(&w.as_str())) {
                far = w == sides[1];
                next += 1;
            }
            if !matches!(all.get(next), Some((_, Piece::Equals))) {
                return Err(expected_piece(
                    at(next),
                    match section {
                        Section::Sandwich => "`=` and the sandwich's total",
                        Section::Skyscraper => "`=` and the number of skyscrapers seen",
                        _ => "`=` and the X-sum's total",
                    },
                    all.get(next).map(|p| &p.1),
                ));
            }
            let total = word(next + 1)
                .and_then(|w| w.parse::<u32>().ok())
                .ok_or_else(|| {
                    expected_piece(
                        at(next + 1),
                        match section {
                            Section::Sandwich => "the sandwich's total, a number, after `=`",
                            Section::Skyscraper => {
                                "the number of skyscrapers seen, a number, after `=`"
                            }
                            _ => "the X-sum's total, a number, after `=`",
                        },
                        all.get(next + 1).map(|p| &p.1),
                    )
                })?;
            if let Some((place, piece)) = all.get(next + 2) {
                return Err(expected_piece(
                    *place,
                    "the end of the line after the clue's number",
                    Some(piece),
                ));
            }
            let cells = line_of.cells_from(size, far);
            Ok(vec![match section {
                Section::Sandwich => Constraint::Sandwich { cells, total },
                Section::Skyscraper => Constraint::Skyscraper {
                    cells,
                    count: total,
                },
                _ => Constraint::XSum { cells, total },
            }])
        }
        Section::LittleKiller => {
            let expected = expected_piece;
            let at = |i: usize| all.get(i).map_or(line.end(), |p| p.0);
            let first = match all.first() {
                Some(&(place, piece @ Piece::Word(_))) => cell(place, piece, size)?,
                other => return Err(expected(at(0), section.expects(), other.map(|p| &p.1))),
            };
            let direction = match all.get(1) {
                Some((_, Piece::Word(w))) => Direction::parse(w),
                _ => None,
            }
            .ok_or_else(|| {
                expected(
                    at(1),
                    "a direction: down-left, down-right, up-left or up-right",
                    all.get(1).map(|p| &p.1),
                )
            })?;
            if !matches!(all.get(2), Some((_, Piece::Equals))) {
                return Err(expected(
                    at(2),
                    "`=` and the little killer's total",
                    all.get(2).map(|p| &p.1),
                ));
            }
            let total = match all.get(3) {
                Some((_, Piece::Word(w))) => w.parse::<u32>().ok(),
                _ => None,
            }
            .ok_or_else(|| {
                expected(
                    at(3),
                    "the little killer's total, a number, after `=`",
                    all.get(3).map(|p| &p.1),
                )
            })?;
            if let Some((place, piece)) = all.get(4) {
                return Err(expected(
                    *place,
                    "the end of the line after the total",
                    Some(piece),
                ));
            }
            let (dr, dc) = direction.step();
            let side = size as isize;
            let (r, c) = ((first / size) as isize - dr, (first % size) as isize - dc);
            if (0..side).contains(&r) && (0..side).contains(&c) {
                return Err(expected(
                    at(0),
                    "a cell on the grid's edge, the first one its clue outside points to",
                    all.first().map(|p| &p.1),
                ));
            }
            let cells = direction.walk(size, first);
            Ok(vec![Constraint::LittleKiller { cells, total }])
        }
        Section::ExtraRegion => {
            let cells = cell_set(&all, size, "an extra region", &mut seen)?;
            if cells.is_empty() {
                return Err(none(section.expects()));
            }
            if cells.len() > size {
                return Err(too_many("an extra region", cells.len()));
            }
            Ok(vec![Constraint::Distinct {
                kind: DistinctKind::ExtraRegion,
                cells,
            }])
        }
        Section::Odd | Section::Even => {
            let cells = all
                .iter()
                .map(|&(place, piece)| cell(place, piece, size))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(cells
                .into_iter()
                .map(|c| {
                    if section == Section::Odd {
                        Constraint::Odd(c)
                    } else {
                        Constraint::Even(c)
                    }
                })
                .collect())
        }
        Section::Arrow => {
            let Some(at) = all.iter().position(|p| p.1 == Piece::Arrow) else {
                return Err(none(
                    "`->` between the arrow's circle and its path, such as `r5c5 -> r4c4 r3c3`",
                ));
            };
            if at == 0 {
                return Err(err(
                    all[0].0,
                    TextErrorKind::Expected {
                        expected: "the circle's cells before `->`",
                        found: quoted("->"),
                    },
                ));
            }
            let circle = cell_set(&all[..at], size, "an arrow", &mut seen)?;
            let path = cell_set(&all[at + 1..], size, "an arrow", &mut seen)?;
            Ok(vec![Constraint::Arrow { circle, path }])
        }
        Section::Cage => {
            let (cell_pieces, total) = match all.iter().position(|p| p.1 == Piece::Equals) {
                None => (&all[..], None),
                Some(at) => {
                    let total = match &all[at + 1..] {
                        [(place, Piece::Word(w))] => w.parse::<u32>().map_err(|_| {
                            err(
                                *place,
                                TextErrorKind::Expected {
                                    expected: "the cage's total, a number, after `=`",
                                    found: quoted(w),
                                },
                            )
                        })?,
                        [] => return Err(none("the cage's total, a number, after `=`")),
                        [_, (place, piece), ..] | [(place, piece)] => {
                            let found = match piece {
                                Piece::Word(w) => quoted(w),
                                Piece::Arrow => quoted("->"),
                                Piece::Equals => quoted("="),
                            };
                            return Err(err(
                                *place,
                                TextErrorKind::Expected {
                                    expected: "the end of the line after the cage's total",
                                    found,
                                },
                            ));
                        }
                    };
                    (&all[..at], Some(total))
                }
            };
            let cells = cell_set(cell_pieces, size, "a cage", &mut seen)?;
            if cells.is_empty() {
                return Err(err(
                    line.first(),
                    TextErrorKind::Expected {
                        expected: section.expects(),
                        found: if total.is_some() {
                            quoted("=")
                        } else {
                            END.into()
                        },
                    },
                ));
            }
            if cells.len() > size {
                return Err(too_many("a cage", cells.len()));
            }
            Ok(vec![Constraint::Cage { cells, total }])
        }
        _ => unreachable!("only constraint sections have lines of cells"),
    }
}

/// Where the regions come from.
enum RegionSource<'a> {
    /// A region map, below the givens, beside them or in a section.
    Map(Vec<Line<'a>>),
    /// `boxes RxC` or `none`.
    Word(Line<'a>),
}

/// A step that adds constraints, in the order of the text.
enum Step<'a> {
    CageMap,
    Lines(Section, Vec<Line<'a>>),
}

/// Reads a puzzle from any of the text forms (see the [module
/// documentation](self) and `docs/variants.md`).
///
/// ```
/// use sudoku_variants::{self as variants, Uniqueness, text};
/// // A 4x4 killer: the givens (none), the cage map, the totals.
/// let puzzle = text::read("
/// ....
/// ....
/// ....
/// ....
///
/// AAAB
/// CDEB
/// CCEF
/// GGGF
///
/// A=6 B=5 C=7 D=2
/// E=7 F=5 G=8
/// ").unwrap();
/// assert_eq!(puzzle.variants(), ["killer"]);
/// assert!(matches!(variants::uniqueness(&puzzle), Uniqueness::Unique(_)));
/// ```
pub fn read(text: &str) -> Result<Puzzle, TextError> {
    read_with_rules(text, &[])
}

/// Whether a line of `text` (outside `#` comments) is a section header
/// this reader knows (`size:`, `givens:`, `rules:`, `thermo:` ...): the
/// sign of the sectioned form, which no grid of digits has. Unknown
/// headers do not count.
///
/// ```
/// use sudoku_variants::text;
/// assert!(text::has_section("...1..\n......\nrules: x\n"));
/// assert!(text::has_section("# a comment\nSize: 9\n"));
/// assert!(!text::has_section("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"));
/// assert!(!text::has_section("title: a puzzle\n# rules: x\n"));
/// ```
pub fn has_section(text: &str) -> bool {
    text.lines().any(|raw| {
        let body = raw.split('#').next().unwrap_or("");
        let line = Line {
            number: 1,
            column: 1,
            text: body,
        };
        header(line).is_some_and(|(name, _, _)| Section::from_name(name).is_some())
    })
}

/// Whether `text` starts with a jigsaw or killer in its plain form (the
/// givens, then a region map below or beside them, or a cage map and
/// totals) that no file of plain grids could be: its first puzzle (up to
/// a `---` line) reads, and its map has a symbol twice in a row or a
/// column (as two cells of a region or cage side by side do), which no
/// grid's row or column has. Grids that follow one another, a puzzle and
/// its solution, do not look so.
///
/// ```
/// use sudoku_variants::text;
/// assert!(text::has_drawn_map("..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDD\n"));
/// assert!(text::has_drawn_map("..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\n"));
/// // Two puzzles, or a puzzle and its solution: plain grids.
/// assert!(!text::has_drawn_map("..4.\n.21.\n....\n....\n\n1...\n....\n..3.\n....\n"));
/// assert!(!text::has_drawn_map("..4.\n.21.\n....\n....\n\n1234\n3412\n2143\n4321\n"));
/// ```
pub fn has_drawn_map(text: &str) -> bool {
    // Only the first puzzle, and no more of it than a fifth block: a
    // file of a million plain grids is not read to the end here.
    let mut end = text.len();
    let mut blocks = 0;
    let mut open = false;
    let mut offset = 0;
    let mut rows = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.split('#').next().unwrap_or("").trim();
        if body == crate::input::SEPARATOR {
            end = offset;
            break;
        }
        if body.is_empty() {
            open = false;
        } else {
            if !open {
                open = true;
                blocks += 1;
                rows = 0;
            }
            rows += 1;
            // No block of a drawn form is longer than a grid drawn with
            // lines between its bands.
            if blocks > 4 || rows > 2 * MAX_SIZE {
                return false;
            }
        }
        offset += raw.len();
    }
    let first = &text[..end];
    let Ok(doc) = Document::split(first) else {
        return false;
    };
    if !doc.sections.is_empty() {
        return false;
    }
    let Some((givens, rest)) = doc.blocks.split_first() else {
        return false;
    };
    let Ok(g) = read_givens(givens) else {
        return false;
    };
    let map: Vec<Line> = match (g.beside, rest.first()) {
        (Some(rows), _) => rows,
        (None, Some(block)) => block.clone(),
        (None, None) => return false,
    };
    let rows: Vec<Vec<char>> = map
        .iter()
        .map(|l| l.text.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let n = g.size;
    let blank = |c: char| c == '.' || c == '0';
    let twice = |cells: &mut dyn Iterator<Item = char>| {
        let mut seen = std::collections::HashSet::new();
        cells.filter(|&c| !blank(c)).any(|c| !seen.insert(c))
    };
    let drawn = rows.iter().any(|r| twice(&mut r.iter().copied()))
        || (0..n).any(|col| twice(&mut rows.iter().filter_map(|r| r.get(col).copied())));
    drawn && read(first).is_ok()
}

/// Reads a puzzle as [`read`] does, with these rules too (as if named on
/// a `rules:` line): the form for rules that need no drawing, where the
/// text is only the givens.
///
/// ```
/// use sudoku_variants::text::{self, Variant};
/// let rules: Vec<Variant> = ["x", "anti-knight"].iter().map(|r| r.parse().unwrap()).collect();
/// let puzzle = text::read_with_rules(&".".repeat(81), &rules).unwrap();
/// assert_eq!(puzzle.variants(), ["x", "anti-knight"]);
/// // Rows, numbers and the lines between boxes read too.
/// let grid = "1 0 | 0 0\n0 0 | 2 0\n----+----\n0 3 | 0 0\n0 0 | 0 4\n";
/// assert_eq!(text::read(grid).unwrap().givens()[6], 2);
/// ```
pub fn read_with_rules(text: &str, rules: &[Variant]) -> Result<Puzzle, TextError> {
    let doc = Document::split(text)?;
    let mut size_line: Option<(Place, Vec<Line>)> = None;
    let mut givens: Option<Givens> = None;
    let mut regions: Option<(Place, RegionSource)> = None;
    let mut cage_map: Option<(Place, Vec<Line>)> = None;
    let mut totals: Vec<Line> = Vec::new();
    let mut totals_place: Option<Place> = None;
    let mut steps: Vec<Step> = Vec::new();

    let twice = |what: &'static str, first: Place, second: Place| {
        err(
            second,
            TextErrorKind::Twice {
                what,
                first_line: first.line,
            },
        )
    };

    // The plain part: the givens, then the maps and totals by their count.
    if let Some((first, rest)) = doc.blocks.split_first() {
        let g = read_givens(first)?;
        let beside = g.beside.clone();
        let start = g.start;
        givens = Some(g);
        if let Some(rows) = beside {
            regions = Some((start, RegionSource::Map(rows)));
        }
        // At most a region map (unless beside the givens), a cage map
        // and the totals (unless in a section).
        let beside = regions.is_some();
        let totals_section = doc.sections.iter().any(|s| s.section == Section::Totals);
        let most = 3 - usize::from(beside) - usize::from(totals_section);
        if let Some(extra) = rest.get(most) {
            return Err(err(extra[0].first(), TextErrorKind::ExtraBlock));
        }
        let mut maps: Vec<&Vec<Line>> = rest.iter().collect();
        if !totals_section && maps.len() >= 2 {
            let block = maps.pop().expect("two blocks or more");
            totals_place = Some(block[0].first());
            totals.extend(block.iter().copied());
        }
        let killer = totals_place.is_some() || totals_section;
        let (region_block, cage_block) = match (beside, maps.as_slice(), killer) {
            (_, [], _) => (None, None),
            (true, [cages], _) | (false, [cages], true) => (None, Some(*cages)),
            (false, [map], false) => (Some(*map), None),
            (false, [map, cages], _) => (Some(*map), Some(*cages)),
            _ => unreachable!("no more blocks than `most`"),
        };
        if let Some(block) = region_block {
            regions = Some((block[0].first(), RegionSource::Map(block.clone())));
        }
        if let Some(block) = cage_block {
            cage_map = Some((block[0].first(), block.clone()));
            steps.push(Step::CageMap);
        }
    }

    // The sections, in order.
    for s in doc.sections {
        if s.lines.is_empty() {
            return Err(err(
                s.header,
                TextErrorKind::Expected {
                    expected: s.section.expects(),
                    found: "nothing".into(),
                },
            ));
        }
        match s.section {
            Section::Size => {
                if let Some((first, _)) = &size_line {
                    return Err(twice("size", *first, s.header));
                }
                size_line = Some((s.header, s.lines));
            }
            Section::Givens => {
                if let Some(g) = &givens {
                    return Err(twice("givens", g.start, s.header));
                }
                let g = read_givens(&s.lines)?;
                if let Some(rows) = g.beside.clone() {
                    if let Some((first, _)) = &regions {
                        return Err(twice("region map", *first, s.header));
                    }
                    regions = Some((g.start, RegionSource::Map(rows)));
                }
                givens = Some(g);
            }
            Section::Regions => {
                if let Some((first, _)) = &regions {
                    return Err(twice("region map", *first, s.header));
                }
                let source = match s.lines.as_slice() {
                    [one] if region_word(one) => RegionSource::Word(*one),
                    _ => RegionSource::Map(s.lines),
                };
                regions = Some((s.header, source));
            }
            Section::Cages => {
                if let Some((first, _)) = &cage_map {
                    return Err(twice("cage map", *first, s.header));
                }
                cage_map = Some((s.header, s.lines));
                steps.push(Step::CageMap);
            }
            Section::Totals => {
                totals_place.get_or_insert(s.header);
                totals.extend(s.lines);
            }
            Section::Rules => {
                // Named before anything needs the size, so that a wrong
                // name is what a text of rules alone hears about.
                for line in &s.lines {
                    for word in line.words(|c| c.is_whitespace() || c == ',') {
                        if let Err(e) = word.text.parse::<Variant>() {
                            return Err(err(line.at(word.column), TextErrorKind::Rule(e)));
                        }
                    }
                }
                steps.push(Step::Lines(Section::Rules, s.lines));
            }
            section => steps.push(Step::Lines(section, s.lines)),
        }
    }

    // The size: `size:`, the givens, the region map, the cage map.
    let (size, because, size_place) = if let Some((_, lines)) = &size_line {
        let (size, place) = read_size(lines)?;
        (
            size,
            format!("`size: {size}` on line {}", place.line),
            place,
        )
    } else if let Some(g) = &givens {
        (g.size, format!("the givens are {0}x{0}", g.size), g.start)
    } else if let Some((place, RegionSource::Map(lines))) = &regions {
        let n = lines.len();
        (n, format!("the region map has {n} rows"), *place)
    } else if let Some((place, lines)) = &cage_map {
        let n = lines.len();
        (n, format!("the cage map has {n} rows"), *place)
    } else {
        return Err(err(Place { line: 1, column: 1 }, TextErrorKind::NoSize));
    };
    if size == 0 || size > MAX_SIZE {
        return Err(err(size_place, TextErrorKind::TooLarge { size }));
    }
    if let Some(g) = &givens
        && g.size != size
    {
        return Err(err(
            g.start,
            TextErrorKind::RowCount {
                part: Part::Givens,
                expected: size,
                found: g.size,
                because,
            },
        ));
    }

    // The regions and the givens.
    let region_kind = match &regions {
        None => default_regions(size),
        Some((_, RegionSource::Word(line))) => read_region_word(line, size)?,
        Some((_, RegionSource::Map(lines))) => {
            let symbols = read_map(lines, Part::RegionMap, size, &because)?;
            Regions::Jigsaw(build_regions(&symbols, size)?)
        }
    };
    let region_place = regions.as_ref().map_or(size_place, |r| r.0);
    let mut puzzle =
        Puzzle::new(size, region_kind).map_err(|e| err(region_place, TextErrorKind::Puzzle(e)))?;
    if let Some(g) = &givens {
        for (cell, &digit) in g.cells.iter().enumerate() {
            puzzle
                .set_given(cell, digit)
                .map_err(|e| err(g.start, TextErrorKind::Puzzle(e)))?;
        }
    }

    // The cage map and its totals.
    let cages = match &cage_map {
        Some((_, lines)) => build_cages(&read_map(lines, Part::CageMap, size, &because)?, size)?,
        None => Vec::new(),
    };
    let mut sums: Vec<(char, u32, Place)> = Vec::new();
    for line in &totals {
        for (symbol, total, place) in read_totals(line)? {
            if cage_map.is_none() {
                let at = totals_place.unwrap_or(place);
                return Err(err(at, TextErrorKind::TotalsWithoutCages));
            }
            if !cages.iter().any(|k| k.symbol == symbol) {
                return Err(err(place, TextErrorKind::UnknownCage { symbol }));
            }
            if let Some(first) = sums.iter().find(|s| s.0 == symbol) {
                return Err(err(
                    place,
                    TextErrorKind::TotalTwice {
                        symbol,
                        first_line: first.2.line,
                    },
                ));
            }
            sums.push((symbol, total, place));
        }
    }

    // The constraints, in the order of the text.
    let add = |puzzle: &mut Puzzle, constraint: Constraint, place: Place| {
        puzzle
            .add(constraint)
            .map_err(|e| err(place, TextErrorKind::Puzzle(e)))
    };
    for step in steps {
        match step {
            Step::CageMap => {
                for cage in &cages {
                    let total = sums.iter().find(|s| s.0 == cage.symbol).map(|s| s.1);
                    let constraint = Constraint::Cage {
                        cells: cage.cells.clone(),
                        total,
                    };
                    add(&mut puzzle, constraint, cage.place)?;
                }
            }
            Step::Lines(Section::Rules, lines) => {
                for line in &lines {
                    for word in line.words(|c| c.is_whitespace() || c == ',') {
                        let place = line.at(word.column);
                        let rule = word
                            .text
                            .parse::<Variant>()
                            .map_err(|e| err(place, TextErrorKind::Rule(e)))?;
                        add_rule(&mut puzzle, rule, place)?;
                    }
                }
            }
            Step::Lines(section, lines) => {
                for line in &lines {
                    for constraint in line_constraints(section, line, size)? {
                        add(&mut puzzle, constraint, line.first())?;
                    }
                }
            }
        }
    }
    for &rule in rules {
        add_rule(&mut puzzle, rule, size_place)?;
    }
    Ok(puzzle)
}

fn add_rule(puzzle: &mut Puzzle, rule: Variant, place: Place) -> Result<(), TextError> {
    let (size, regions) = (puzzle.size(), puzzle.regions().clone());
    let Some(constraints) = rule.constraints(size, &regions) else {
        let (expected, found) = rule.needs(size, &regions);
        return Err(err(
            place,
            TextErrorKind::RuleDoesNotApply {
                rule,
                expected,
                found,
            },
        ));
    };
    for constraint in constraints {
        puzzle
            .add(constraint)
            .map_err(|e| err(place, TextErrorKind::Puzzle(e)))?;
    }
    Ok(())
}

/// The side of a `size:` section: `9` or `9x9`.
fn read_size(lines: &[Line]) -> Result<(usize, Place), TextError> {
    let expected = Section::Size.expects();
    let words: Vec<(Line, Word)> = lines
        .iter()
        .flat_map(|l| {
            l.words(char::is_whitespace)
                .into_iter()
                .map(move |w| (*l, w))
        })
        .collect();
    let (line, word) = words[0];
    let place = line.at(word.column);
    if let Some((extra_line, extra)) = words.get(1) {
        return Err(err(
            extra_line.at(extra.column),
            TextErrorKind::Expected {
                expected,
                found: quoted(extra.text),
            },
        ));
    }
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let lower = word.text.to_ascii_lowercase();
    let size = match lower.split_once('x') {
        None => number(&lower),
        Some((a, b)) => number(a).filter(|&a| Some(a) == number(b)),
    };
    match size {
        Some(n) if (1..=MAX_SIZE).contains(&n) => Ok((n, place)),
        Some(n) if n > MAX_SIZE => Err(err(place, TextErrorKind::TooLarge { size: n })),
        _ => Err(err(
            place,
            TextErrorKind::Expected {
                expected,
                found: quoted(word.text),
            },
        )),
    }
}

/// Whether the one line of a `regions:` section is a word (`boxes RxC`,
/// `none`) rather than the one row of a 1x1 map.
fn region_word(line: &Line) -> bool {
    let words = line.words(char::is_whitespace);
    words.first().is_some_and(|w| {
        let w = w.text.to_ascii_lowercase();
        w == "none" || w == "boxes"
    })
}

fn read_region_word(line: &Line, size: usize) -> Result<Regions, TextError> {
    let words = line.words(char::is_whitespace);
    let expected =
        "`boxes RxC` (rows x columns of a box, such as `boxes 2x3`), `none` or a region map";
    let found = |w: &Word| quoted(w.text);
    let first = words[0];
    if first.text.eq_ignore_ascii_case("none") {
        if let Some(extra) = words.get(1) {
            return Err(err(
                line.at(extra.column),
                TextErrorKind::Expected {
                    expected: "nothing after `none`",
                    found: found(extra),
                },
            ));
        }
        return Ok(Regions::None);
    }
    let Some(shape) = words.get(1) else {
        return Err(err(
            line.end(),
            TextErrorKind::Expected {
                expected,
                found: END.into(),
            },
        ));
    };
    if let Some(extra) = words.get(2) {
        return Err(err(
            line.at(extra.column),
            TextErrorKind::Expected {
                expected: "nothing after `boxes RxC`",
                found: found(extra),
            },
        ));
    }
    let parsed = shape
        .text
        .to_ascii_lowercase()
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
    let place = line.at(shape.column);
    match parsed {
        Some((rows, columns)) if rows.checked_mul(columns) == Some(size) => {
            Ok(Regions::Boxes { rows, columns })
        }
        Some((rows, columns)) => Err(err(
            place,
            TextErrorKind::Boxes {
                rows,
                columns,
                size,
            },
        )),
        None => Err(err(
            place,
            TextErrorKind::Expected {
                expected,
                found: found(shape),
            },
        )),
    }
}

/// The symbols of the regions [`to_text`] writes: `A` for region 0.
const REGION_SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOP";

/// The symbols of the cages [`to_text`] draws in a cage map, in order;
/// cages beyond them are written as `cage:` lines.
const CAGE_SYMBOLS: &[u8] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/<>?@^_~()[]{};";

fn cell_name(size: usize, cell: CellIndex) -> String {
    format!("r{}c{}", cell / size + 1, cell % size + 1)
}

fn cell_list(size: usize, cells: &[CellIndex]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(size, c)).collect();
    names.join(" ")
}

fn same_set(a: &[CellIndex], b: &[CellIndex]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Writes a puzzle in the sectioned form, which [`read`] reads back:
/// `size:` (or `givens:`), `regions:` unless they are the usual boxes,
/// `rules:`, `cages:` and `totals:`, then a line for each cage the map
/// cannot draw, each extra region, thermometer and arrow, and the odd
/// and even cells.
///
/// `read(to_text(p))` is `p` up to the order of the constraints and the
/// numbers of jigsaw regions (read numbers them in order of first
/// appearance); houses named by a rule (`x`, `windoku`,
/// `disjoint-groups`) come back with their cells in the rule's order.
/// Cages go in the map when their cells are in increasing order and no
/// cage drawn before overlaps them; the others are `cage:` lines, which
/// keep their order.
///
/// ```
/// use sudoku_variants::{Constraint, Puzzle, text};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.set_given(0, 1).unwrap();
/// puzzle.add(Constraint::AntiKing).unwrap();
/// puzzle.add(Constraint::Cage { cells: vec![1, 2], total: Some(5) }).unwrap();
/// puzzle.add(Constraint::Thermometer { cells: vec![15, 14, 13] }).unwrap();
/// let written = text::to_text(&puzzle).unwrap();
/// assert_eq!(written, "\
/// givens:
/// 1...
/// ....
/// ....
/// ....
/// rules: anti-king
/// cages:
/// .AA.
/// ....
/// ....
/// ....
/// totals: A=5
/// thermo: r4c4 r4c3 r4c2
/// ");
/// assert_eq!(text::read(&written).unwrap(), puzzle);
/// ```
pub fn to_text(puzzle: &Puzzle) -> Result<String, WriteError> {
    let size = puzzle.size();
    let mut out = String::new();
    let symbol = |d: u8| match d {
        0 => '.',
        1..=9 => char::from(b'0' + d),
        _ => char::from(b'A' + d - 10),
    };
    if puzzle.givens().iter().all(|&d| d == 0) {
        let _ = writeln!(out, "size: {size}");
    } else {
        out.push_str("givens:\n");
        for row in puzzle.givens().chunks(size) {
            out.extend(row.iter().map(|&d| symbol(d)));
            out.push('\n');
        }
    }
    match puzzle.regions() {
        r if *r == default_regions(size) => {}
        Regions::Boxes { rows, columns } => {
            let _ = writeln!(out, "regions: boxes {rows}x{columns}");
        }
        Regions::None => out.push_str("regions: none\n"),
        Regions::Jigsaw(map) => {
            // Letters in order of first appearance, as read numbers them.
            let mut order: Vec<u8> = Vec::with_capacity(size);
            for &r in map {
                if !order.contains(&r) {
                    order.push(r);
                }
            }
            out.push_str("regions:\n");
            for row in map.chunks(size) {
                out.extend(row.iter().map(|r| {
                    let letter = order.iter().position(|o| o == r).unwrap_or(0);
                    char::from(REGION_SYMBOLS[letter])
                }));
                out.push('\n');
            }
        }
    }

    let rules = rules_of(puzzle)?;
    if !rules.is_empty() {
        let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
        let _ = writeln!(out, "rules: {}", names.join(" "));
    }

    // Cages: in the map when they can be drawn, else on lines; symbols
    // in the order of the cages' first cells.
    let mut taken = vec![false; size * size];
    let mut drawn: Vec<(&[CellIndex], Option<u32>)> = Vec::new();
    let mut lines = String::new();
    for constraint in puzzle.constraints() {
        if let Constraint::Cage { cells, total } = constraint {
            if cells.is_empty() {
                return Err(WriteError::NoCells { what: "cage" });
            }
            let drawable = drawn.len() < CAGE_SYMBOLS.len()
                && cells.windows(2).all(|w| w[0] < w[1])
                && cells.iter().all(|&c| !taken[c]);
            if drawable {
                for &c in cells {
                    taken[c] = true;
                }
                drawn.push((cells, *total));
            } else {
                let _ = write!(lines, "cage: {}", cell_list(size, cells));
                if let Some(total) = total {
                    let _ = write!(lines, " = {total}");
                }
                lines.push('\n');
            }
        }
    }
    drawn.sort_by_key(|(cells, _)| cells[0]);
    if !drawn.is_empty() {
        let mut map = vec!['.'; size * size];
        for (i, (cells, _)) in drawn.iter().enumerate() {
            for &c in *cells {
                map[c] = char::from(CAGE_SYMBOLS[i]);
            }
        }
        out.push_str("cages:\n");
        for row in map.chunks(size) {
            out.extend(row);
            out.push('\n');
        }
        let sums: Vec<String> = drawn
            .iter()
            .enumerate()
            .filter_map(|(i, (_, t))| t.map(|t| format!("{}={t}", char::from(CAGE_SYMBOLS[i]))))
            .collect();
        for (i, chunk) in sums.chunks(10).enumerate() {
            let _ = writeln!(
                out,
                "{}{}",
                if i == 0 { "totals: " } else { "  " },
                chunk.join(" ")
            );
        }
    }
    out.push_str(&lines);

    let (mut odd, mut even) = (Vec::new(), Vec::new());
    for constraint in puzzle.constraints() {
        match constraint {
            Constraint::Distinct {
                kind: DistinctKind::ExtraRegion,
                cells,
            } => {
                if cells.is_empty() {
                    return Err(WriteError::NoCells {
                        what: "extra region",
                    });
                }
                let _ = writeln!(out, "extra-region: {}", cell_list(size, cells));
            }
            Constraint::Thermometer { cells } => {
                if cells.is_empty() {
                    return Err(WriteError::NoCells {
                        what: "thermometer",
                    });
                }
                let _ = writeln!(out, "thermo: {}", cell_list(size, cells));
            }
            Constraint::Arrow { circle, path } => {
                if circle.is_empty() {
                    return Err(WriteError::NoCells {
                        what: "arrow circle",
                    });
                }
                let _ = write!(out, "arrow: {} ->", cell_list(size, circle));
                if !path.is_empty() {
                    let _ = write!(out, " {}", cell_list(size, path));
                }
                out.push('\n');
            }
            Constraint::Odd(c) => odd.push(*c),
            Constraint::Even(c) => even.push(*c),
            Constraint::Line {
                kind: LineKind::Whispers(k),
                ..
            } if LineKind::Whispers(*k) != LineKind::whispers(size) => {
                return Err(WriteError::WhispersDifference {
                    difference: *k,
                    size,
                });
            }
            Constraint::Line { kind, cells } => {
                let _ = writeln!(out, "{}: {}", kind.variant(), cell_list(size, cells));
            }
            Constraint::Quadruple { cells, digits } => {
                let listed: Vec<String> = digits.iter().map(u8::to_string).collect();
                let first = cell_list(size, &cells[..1]);
                let _ = writeln!(out, "quadruple: {first} = {}", listed.join(" "));
            }
            Constraint::Sandwich { cells, total } => {
                // (`Puzzle::add` keeps only whole rows and columns.)
                let line = crate::rules::line_name(size, cells);
                let _ = writeln!(out, "sandwich: {line} = {total}");
            }
            Constraint::Skyscraper { cells, count } => {
                let line = crate::rules::clue_name(size, cells);
                let _ = writeln!(out, "skyscraper: {line} = {count}");
            }
            Constraint::XSum { cells, total } => {
                let line = crate::rules::clue_name(size, cells);
                let _ = writeln!(out, "x-sum: {line} = {total}");
            }
            Constraint::LittleKiller { cells, total } => {
                if let Some(direction) = Direction::of(size, cells) {
                    let first = cell_list(size, &cells[..1]);
                    let _ = writeln!(out, "little-killer: {first} {} = {total}", direction.name());
                }
            }
            Constraint::Pair { relation, .. } | Constraint::Unmarked(relation) => {
                return Err(WriteError::NoTextForm {
                    variant: relation.variant(),
                });
            }
            _ => {}
        }
    }
    if !odd.is_empty() {
        let _ = writeln!(out, "odd: {}", cell_list(size, &odd));
    }
    if !even.is_empty() {
        let _ = writeln!(out, "even: {}", cell_list(size, &even));
    }
    Ok(out)
}

/// The rules a puzzle's constraints make up, or why its houses make none.
fn rules_of(puzzle: &Puzzle) -> Result<Vec<Variant>, WriteError> {
    let size = puzzle.size();
    let regions = puzzle.regions();
    let constraints = puzzle.constraints();
    let houses_of = |kind: DistinctKind| -> Vec<&Vec<CellIndex>> {
        constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Distinct { kind: k, cells } if *k == kind => Some(cells),
                _ => None,
            })
            .collect()
    };
    let mut rules = Vec::new();
    let present = |kind: DistinctKind, rule: Variant| -> Result<bool, WriteError> {
        let houses = houses_of(kind);
        if houses.is_empty() {
            return Ok(false);
        }
        let expected: Vec<Vec<CellIndex>> = rule
            .constraints(size, regions)
            .unwrap_or_default()
            .iter()
            .map(Constraint::cells)
            .collect();
        if let Some(other) = houses
            .iter()
            .find(|h| !expected.iter().any(|e| same_set(e, h)))
        {
            return Err(WriteError::House {
                kind: kind.variant(),
                rule,
                cells: cell_list(size, other),
            });
        }
        let found = expected
            .iter()
            .filter(|e| houses.iter().any(|h| same_set(e, h)))
            .count();
        if found < expected.len() {
            return Err(WriteError::Partial {
                rule,
                found,
                expected: expected.len(),
            });
        }
        Ok(true)
    };
    let down = present(DistinctKind::DiagonalDown, Variant::DiagonalDown)?;
    let up = present(DistinctKind::DiagonalUp, Variant::DiagonalUp)?;
    let windoku = present(DistinctKind::Windoku, Variant::Windoku)?;
    let groups = present(DistinctKind::DisjointGroup, Variant::DisjointGroups)?;
    let has = |c: &Constraint| constraints.contains(c);
    for rule in Variant::ALL {
        let on = match rule {
            Variant::X => down && up,
            Variant::DiagonalDown => down && !up,
            Variant::DiagonalUp => up && !down,
            Variant::Windoku => windoku,
            Variant::AntiKnight => has(&Constraint::AntiKnight),
            Variant::AntiKing => has(&Constraint::AntiKing),
            Variant::NonConsecutive => has(&Constraint::NonConsecutive),
            Variant::DisjointGroups => groups,
        };
        if on {
            rules.push(rule);
        }
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use TextErrorKind as K;

    /// The error of a text that must fail: line, column, kind.
    fn error(text: &str) -> (usize, usize, TextErrorKind) {
        let e = read(text).expect_err("the text should be refused");
        (e.line, e.column, e.kind)
    }

    const JIGSAW: &str = "..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDD\n";

    fn jigsaw_map() -> Vec<u8> {
        vec![0, 0, 1, 2, 0, 1, 1, 2, 0, 1, 2, 2, 3, 3, 3, 3]
    }

    #[test]
    fn givens_read_in_every_form() {
        let rows = read("1...\n..2.\n.3..\n...4\n").unwrap();
        let line = read("1.....2..3.....4").unwrap();
        let numbers = read("1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n").unwrap();
        let pretty = read("1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n").unwrap();
        let grouped = read("1. ..\n.. 2.\n.3 ..\n.. .4\n").unwrap();
        let zeros = read("1000\n0020\n0300\n0004\n").unwrap();
        for p in [&line, &numbers, &pretty, &grouped, &zeros] {
            assert_eq!(p, &rows);
        }
        assert_eq!(rows.size(), 4);
        assert_eq!(
            rows.regions(),
            &Regions::Boxes {
                rows: 2,
                columns: 2
            }
        );
        assert_eq!(rows.givens()[6], 2);
    }

    #[test]
    fn numbers_above_nine_read_as_numbers_or_letters() {
        let mut numbers = String::new();
        let mut letters = String::new();
        for r in 0..16 {
            for c in 0..16 {
                let d = if r == c { (r % 16) + 1 } else { 0 };
                let _ = write!(numbers, "{d} ");
                letters.push(match d {
                    0 => '.',
                    1..=9 => char::from(b'0' + d as u8),
                    _ => char::from(b'a' + d as u8 - 10),
                });
            }
            numbers.push('\n');
            letters.push('\n');
        }
        let a = read(&numbers).unwrap();
        let b = read(&letters).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.givens()[255], 16);
        assert_eq!(
            a.regions(),
            &Regions::Boxes {
                rows: 4,
                columns: 4
            }
        );
        // All on one line, as numbers.
        let one = read(&numbers.replace('\n', " ")).unwrap();
        assert_eq!(one, a);
    }

    #[test]
    fn a_full_grid_on_one_line_is_cells_not_a_number() {
        let full =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let puzzle = read(&format!("{full}\nrules: x\n")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(puzzle.size(), 9);
        assert_eq!(puzzle.givens()[80], 9);
    }

    #[test]
    fn comments_blank_lines_and_crlf_are_skipped() {
        let text = "# a 4x4\r\n\r\n1...  # first row\r\n..2.\r\n.3..\r\n...4\r\n\r\n# the end\r\n";
        assert_eq!(read(text).unwrap().givens()[0], 1);
    }

    #[test]
    fn jigsaw_regions_below_beside_or_in_a_section() {
        let below = read(JIGSAW).unwrap();
        assert_eq!(below.regions(), &Regions::Jigsaw(jigsaw_map()));
        let beside = read("..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\n").unwrap();
        assert_eq!(beside, below);
        let numbers_beside =
            read("0 0 4 0  AABC\n0 2 1 0  ABBC\n0 0 0 0  ABCC\n0 0 0 0  DDDD\n").unwrap();
        assert_eq!(numbers_beside, below);
        let section = read("givens: ..4..21.........\nregions:\nAABC\nABBC\nABCC\nDDDD\n").unwrap();
        assert_eq!(section, below);
        // Regions are numbered in order of first appearance, whatever
        // their symbols; spaces inside a map row are ignored.
        let digits =
            read("..4.\n.21.\n....\n....\n\n9 9 3 z\n9 3 3 z\n9 3 z z\n0 0 0 0\n").unwrap();
        assert_eq!(digits, below);
    }

    #[test]
    fn drawn_maps_are_told_from_grids_that_follow_one_another() {
        let killer =
            "....\n....\n....\n....\n\nAAAB\nCDEB\nCCEF\nGGGF\n\nA=6 B=5 C=7 D=2\nE=7 F=5 G=8\n";
        let jigsaw_killer = "....\n....\n....\n....\n\nAABC\nABBC\nABCC\nDDDD\n\nAAAB\nCDEB\nCCEF\nGGGF\n\nA=6 B=5 C=7 D=2 E=7 F=5 G=8\n";
        for drawn in [JIGSAW, killer, jigsaw_killer] {
            assert!(has_drawn_map(drawn), "{drawn}");
            // Only the first puzzle counts: what follows `---` is not read.
            assert!(has_drawn_map(&format!("{drawn}---\nnot a puzzle\n")));
        }
        // A map that repeats nothing could be a grid (of letters).
        assert!(!has_drawn_map(
            "..4.\n.21.\n....\n....\n\nABCD\nCDAB\nBADC\nDCBA\n"
        ));
        let grid = "..4.\n.21.\n....\n....\n";
        let solved = "1234\n3412\n2143\n4321\n";
        for plain in [
            grid.to_string(),
            format!("{grid}\n{solved}"),
            format!("{grid}\n{grid}"),
            format!("{grid}\n{grid}\n{grid}\n{grid}\n{grid}"),
            // A block longer than any grid (one puzzle a line).
            format!("{grid}\n{}", "1...........3...\n".repeat(100)),
            // Five blocks: no drawn form has so many (the reader refuses).
            format!("{grid}\nAABC\nABBC\nABCC\nDDDD\n\n{grid}\n{grid}\n{grid}"),
            // 16x16 puzzles in letters (A-G are digits there): a full grid
            // repeats nothing.
            "..4...21........".to_string(),
            format!("{grid}\n0 0 0 0\n0 0 0 0\n1 0 0 0\n0 0 0 0\n"),
            "size: 4\n".to_string(),
            String::new(),
        ] {
            assert!(!has_drawn_map(&plain), "{plain}");
        }
        // A map that repeats a symbol but does not read (five regions).
        assert!(!has_drawn_map(
            "..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDE\n"
        ));
    }

    #[test]
    fn a_region_map_of_boxes_reads_as_the_link_does() {
        // A fuzz input: a 6x6 map of boxes three rows tall, and columns
        // of a 2x2 grid, were a jigsaw here and boxes from a link.
        let tall = "......\n......\n......\n......\n......\n......\n\n\
                    AABBCC\nAABBCC\nAABBCC\nDDEEFF\nDDEEFF\nDDEEFF\n";
        for text in [tall, "222.\n\nJ8\nJ8"] {
            let puzzle = read(text).unwrap();
            assert!(matches!(puzzle.regions(), Regions::Boxes { .. }), "{text}");
            assert!(puzzle.variants().is_empty(), "{text}");
            let back = crate::fpuzzles::read(&crate::fpuzzles::to_link(&puzzle)).unwrap();
            assert_eq!(back, puzzle, "{text}");
        }
    }

    #[test]
    fn killer_cages_and_totals() {
        let text =
            "....\n....\n....\n....\n\nAAAB\nCDEB\nCCEF\nGGGF\n\nA=6 B=5 C=7 D=2\nE = 7, F 5 G=8\n";
        let p = read(text).unwrap();
        assert_eq!(p.constraints().len(), 7);
        assert_eq!(
            p.constraints()[0],
            Constraint::Cage {
                cells: vec![0, 1, 2],
                total: Some(6)
            }
        );
        // A cage without a total only has different digits.
        let partial = read("....\n....\n....\n....\n\nAA..\n....\n..bb\n....\n\nA=3\n").unwrap();
        assert_eq!(
            partial.constraints()[1],
            Constraint::Cage {
                cells: vec![10, 11],
                total: None
            }
        );
        // With the totals in a section, the last block is the cage map.
        let section =
            read("....\n....\n....\n....\n\nAA..\n....\n..bb\n....\ntotals: A=3\n").unwrap();
        assert_eq!(section, partial);
        // Regions, cages and totals after the givens.
        let all = read(&format!("{JIGSAW}\nAA..\n....\n....\n....\n\nA=3\n")).unwrap();
        assert_eq!(all.variants(), ["jigsaw", "killer"]);
        let all_section =
            read(&format!("{JIGSAW}\nAA..\n....\n....\n....\ntotals: A=3\n")).unwrap();
        assert_eq!(all_section, all);
        // Regions beside: one block is the cage map, two are map and totals.
        let beside = "..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\n\nAA..\n....\n....\n....\n";
        assert_eq!(read(beside).unwrap().constraints().len(), 1);
        assert_eq!(read(&format!("{beside}\nA=3\n")).unwrap(), all);
        // A killer with no givens: the sections.
        let bare = read("cages:\nAA..\n....\n....\n....\ntotals: A=3\n").unwrap();
        assert_eq!(bare.givens(), [0; 16]);
        assert_eq!(bare.constraints(), all.constraints());
    }

    #[test]
    fn sections_size_regions_and_rules() {
        let p = read("size: 9\nrules: anti-knight, x\n").unwrap();
        assert_eq!(p.size(), 9);
        assert_eq!(p.variants(), ["x", "anti-knight"]);
        assert_eq!(read("size: 6x6\n").unwrap().size(), 6);
        let boxes = read("Size: 6\nRegions: boxes 3x2\nRULES: disjoint-groups\n").unwrap();
        assert_eq!(
            boxes.regions(),
            &Regions::Boxes {
                rows: 3,
                columns: 2
            }
        );
        assert_eq!(boxes.constraints().len(), 6);
        assert_eq!(
            read("size: 9\nregions: none\n").unwrap().regions(),
            &Regions::None
        );
        // Rules may span lines, and come after the plain part.
        let rules =
            read("1...\n..2.\n.3..\n...4\nrules:\n  diagonal-down\n  non-consecutive anti-king\n")
                .unwrap();
        assert_eq!(rules.variants(), ["x", "anti-king", "non-consecutive"]);
        assert_eq!(rules.constraints().len(), 3);
        let windoku = read("size: 9\nrules: windoku windoku\n").unwrap();
        assert_eq!(windoku.constraints().len(), 4);
    }

    #[test]
    fn rules_passed_in_join_those_written() {
        let p = read_with_rules("size: 4\nrules: x\n", &[Variant::X, Variant::AntiKing]).unwrap();
        assert_eq!(p.variants(), ["x", "anti-king"]);
        assert_eq!(p.constraints().len(), 3);
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            assert_eq!(v.name().to_uppercase().parse::<Variant>(), Ok(v));
        }
    }

    #[test]
    fn outside_clues_from_either_end_and_other_spellings() {
        let p = read(
            "size: 4\n\
             skyscrapers:\n  row 2 from the right = 2\n  c1 bottom = 1\n\
             xsum: column 3 from the top = 6\n\
             x-sum: r4 left = 10\n\
             sandwiches: row 1 = 0\n",
        )
        .unwrap();
        assert_eq!(
            p.constraints(),
            [
                Constraint::Skyscraper {
                    cells: vec![7, 6, 5, 4],
                    count: 2
                },
                Constraint::Skyscraper {
                    cells: vec![12, 8, 4, 0],
                    count: 1
                },
                Constraint::XSum {
                    cells: vec![2, 6, 10, 14],
                    total: 6
                },
                Constraint::XSum {
                    cells: vec![12, 13, 14, 15],
                    total: 10
                },
                Constraint::Sandwich {
                    cells: vec![0, 1, 2, 3],
                    total: 0
                },
            ]
        );
        let written = to_text(&p).unwrap();
        assert!(
            written.contains("skyscraper: row 2 from the right = 2\n"),
            "{written}"
        );
        assert!(
            written.contains("skyscraper: column 1 from the bottom = 1\n"),
            "{written}"
        );
        assert!(written.contains("x-sum: column 3 = 6\n"), "{written}");
        assert_eq!(read(&written).unwrap(), p);
        // A column's clue is not on its left; a side needs its word.
        let err = read("size: 4\nskyscraper: c2 left = 1\n").unwrap_err();
        assert!(
            err.to_string()
                .contains("`=` and the number of skyscrapers seen"),
            "{err}"
        );
        let err = read("size: 4\nx-sum: r2 from = 1\n").unwrap_err();
        assert!(
            err.to_string().contains("`left` or `right`, found '='"),
            "{err}"
        );
    }

    #[test]
    fn drawn_constraints_on_lines() {
        let p = read(
            "size: 4\n\
             thermo: r1c1 r1c2, r1c3\n\
             thermometer:\n  r4c4 R4C3\n  r3c3 r3c2\n\
             arrow: r2c1 r2c2 -> r3c1 r4c1\n\
             arrow: r1c4->r2c4\n\
             odd: r2c3\n  r4c2\n\
             even: r3c3\n\
             cage: r1c1 r2c1 = 6\n\
             cage: r2c2,r2c3\n\
             extra-region: r1c1 r2c2 r3c3 r4c4\n",
        )
        .unwrap();
        let want = [
            Constraint::Thermometer {
                cells: vec![0, 1, 2],
            },
            Constraint::Thermometer {
                cells: vec![15, 14],
            },
            Constraint::Thermometer { cells: vec![10, 9] },
            Constraint::Arrow {
                circle: vec![4, 5],
                path: vec![8, 12],
            },
            Constraint::Arrow {
                circle: vec![3],
                path: vec![7],
            },
            Constraint::Odd(6),
            Constraint::Odd(13),
            Constraint::Even(10),
            Constraint::Cage {
                cells: vec![0, 4],
                total: Some(6),
            },
            Constraint::Cage {
                cells: vec![5, 6],
                total: None,
            },
            Constraint::Distinct {
                kind: DistinctKind::ExtraRegion,
                cells: vec![0, 5, 10, 15],
            },
        ];
        assert_eq!(p.constraints(), want);
    }

    #[test]
    fn round_trips() {
        let mut puzzles = vec![read(JIGSAW).unwrap()];
        let mut p = Puzzle::new(
            6,
            Regions::Boxes {
                rows: 3,
                columns: 2,
            },
        )
        .unwrap();
        p.set_given(35, 6).unwrap();
        for c in Constraint::disjoint_groups(
            6,
            &Regions::Boxes {
                rows: 3,
                columns: 2,
            },
        ) {
            p.add(c).unwrap();
        }
        // Overlapping cages, a cage out of order.
        for cage in [vec![0, 1], vec![1, 2], vec![9, 8]] {
            p.add(Constraint::Cage {
                cells: cage,
                total: Some(7),
            })
            .unwrap();
        }
        puzzles.push(p);
        let mut none = Puzzle::new(9, Regions::None).unwrap();
        none.add(Constraint::diagonals(9)[1].clone()).unwrap();
        puzzles.push(none);
        let mut big = Puzzle::classic(16).unwrap();
        big.set_given(17, 16).unwrap();
        big.set_given(18, 10).unwrap();
        for w in Constraint::windoku(16) {
            big.add(w).unwrap();
        }
        puzzles.push(big);
        for p in puzzles {
            let text = to_text(&p).unwrap();
            assert_eq!(read(&text).unwrap(), p, "{text}");
        }
    }

    #[test]
    fn what_is_written() {
        let mut p = read(JIGSAW).unwrap();
        p.add(Constraint::Cage {
            cells: vec![1, 0],
            total: None,
        })
        .unwrap();
        p.add(Constraint::Cage {
            cells: vec![15],
            total: Some(3),
        })
        .unwrap();
        p.add(Constraint::Odd(3)).unwrap();
        p.add(Constraint::Odd(2)).unwrap();
        assert_eq!(
            to_text(&p).unwrap(),
            "givens:\n..4.\n.21.\n....\n....\nregions:\nAABC\nABBC\nABCC\nDDDD\n\
             cages:\n....\n....\n....\n...A\ntotals: A=3\ncage: r1c2 r1c1\n\
             odd: r1c4 r1c3\n"
        );
        assert_eq!(to_text(&Puzzle::classic(5).unwrap()).unwrap(), "size: 5\n");
        let boxes = Puzzle::new(
            5,
            Regions::Boxes {
                rows: 1,
                columns: 5,
            },
        )
        .unwrap();
        assert_eq!(to_text(&boxes).unwrap(), "size: 5\nregions: boxes 1x5\n");
    }

    #[test]
    fn puzzles_the_text_cannot_write() {
        let mut other = Puzzle::classic(4).unwrap();
        other
            .add(Constraint::Distinct {
                kind: DistinctKind::DiagonalDown,
                cells: vec![0, 1, 2, 3],
            })
            .unwrap();
        let e = to_text(&other).unwrap_err();
        assert!(matches!(
            e,
            WriteError::House {
                rule: Variant::DiagonalDown,
                ..
            }
        ));
        assert!(
            e.to_string()
                .starts_with("the x house over r1c1 r1c2 r1c3 r1c4 is none"),
            "{e}"
        );
        let mut partial = Puzzle::classic(9).unwrap();
        partial.add(Constraint::windoku(9)[0].clone()).unwrap();
        assert_eq!(
            to_text(&partial).unwrap_err().to_string(),
            "1 of the 4 houses of the rule windoku: the text names all of them or none"
        );
        let mut empty = Puzzle::classic(4).unwrap();
        empty
            .add(Constraint::Thermometer { cells: vec![] })
            .unwrap();
        assert_eq!(
            to_text(&empty).unwrap_err(),
            WriteError::NoCells {
                what: "thermometer"
            }
        );
    }

    #[test]
    fn errors_of_the_givens() {
        assert_eq!(error("rules: x\n"), (1, 1, K::NoSize));
        assert_eq!(error(""), (1, 1, K::NoSize));
        assert_eq!(error("size: 17\n"), (1, 7, K::TooLarge { size: 17 }));
        assert_eq!(error(&".".repeat(289)), (1, 1, K::TooLarge { size: 17 }));
        let big = format!("{}\n", ".".repeat(17)).repeat(17);
        assert_eq!(error(&big), (1, 1, K::TooLarge { size: 17 }));
        assert_eq!(
            error("1...\n..2.\n.3x.\n...4\n"),
            (
                3,
                3,
                K::Symbol {
                    found: 'x',
                    size: 4
                }
            )
        );
        assert_eq!(
            error("1...\n..2.\n.5..\n...4\n"),
            (
                3,
                2,
                K::Symbol {
                    found: '5',
                    size: 4
                }
            )
        );
        let e = read(&format!("{}G", ".".repeat(80))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 81: expected a digit 1-9 or a blank (. or 0), found 'G'"
        );
        let sixteen =
            format!("{}\n", ".".repeat(16)).repeat(15) + &format!("{}H\n", ".".repeat(15));
        assert!(
            read(&sixteen)
                .unwrap_err()
                .to_string()
                .ends_with("expected a digit 1-9, A-G or a blank (. or 0), found 'H'")
        );
        assert_eq!(
            error("1 0 0 10\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"),
            (
                1,
                7,
                K::Number {
                    found: "10".into(),
                    size: 4
                }
            )
        );
        assert_eq!(error(&".".repeat(80)), (1, 1, K::LineLength { found: 80 }));
        assert_eq!(
            error("1...\n..2\n.3..\n...4\n"),
            (
                2,
                1,
                K::RowLength {
                    part: Part::Givens,
                    expected: 4,
                    found: 3
                }
            )
        );
        assert_eq!(
            error("1...\n..2.\n.3..\n"),
            (
                1,
                1,
                K::RowCount {
                    part: Part::Givens,
                    expected: 4,
                    found: 3,
                    because: "its first row has 4 cells".into()
                }
            )
        );
        assert_eq!(
            error("1...\n..2.\n.3..\n...4\nAABB\nAABB\nCCDD\nCCDD\n"),
            (
                5,
                1,
                K::ExtraRow {
                    part: Part::Givens,
                    expected: 4,
                    because: "its first row has 4 cells".into()
                }
            )
        );
        assert_eq!(
            error("size: 6\ngivens:\n  1...\n..2.\n.3..\n...4\n"),
            (
                3,
                3,
                K::RowCount {
                    part: Part::Givens,
                    expected: 6,
                    found: 4,
                    because: "`size: 6` on line 1".into()
                }
            )
        );
        assert_eq!(
            error("..4. AABC\n.21. ABBC\n....\n.... DDDD\n"),
            (
                3,
                1,
                K::Beside {
                    first_line: 1,
                    size: 4
                }
            )
        );
        assert_eq!(
            error("givens:\n----+----\n"),
            (
                2,
                1,
                K::Expected {
                    expected: Section::Givens.expects(),
                    found: "only lines between boxes".into()
                }
            )
        );
    }

    #[test]
    fn errors_of_the_maps() {
        assert_eq!(
            error("..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\n"),
            (
                6,
                1,
                K::RowCount {
                    part: Part::RegionMap,
                    expected: 4,
                    found: 3,
                    because: "the givens are 4x4".into()
                }
            )
        );
        assert_eq!(
            error("size: 4\ncages:\nAA..\n....\n....\n....\n B..\n"),
            (
                7,
                2,
                K::ExtraRow {
                    part: Part::CageMap,
                    expected: 4,
                    because: "`size: 4` on line 1".into()
                }
            )
        );
        assert_eq!(
            error("regions:\nAABC\nABBC\nABC\nDDDD\n"),
            (
                4,
                1,
                K::RowLength {
                    part: Part::RegionMap,
                    expected: 4,
                    found: 3
                }
            )
        );
        assert_eq!(
            error("regions:\nAABC\nAB.C\nABCC\nDDDD\n"),
            (3, 3, K::RegionSymbol { found: '.' })
        );
        assert_eq!(
            error("regions:\nAABC\nABBC\nABCE\nDDDD\n"),
            (
                5,
                1,
                K::RegionCount {
                    expected: 4,
                    symbol: 'D'
                }
            )
        );
        let e = read("..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDC\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (
                6,
                4,
                K::RegionSize {
                    symbol: 'C',
                    expected: 4,
                    found: 5
                }
            )
        );
        assert_eq!(
            error("cages:\nAA..\n.é..\n....\n....\n"),
            (3, 2, K::CageSymbol { found: 'é' })
        );
        assert_eq!(
            error("cages:\nAA|.\n....\n....\n....\n"),
            (2, 3, K::CageSymbol { found: '|' })
        );
        assert_eq!(
            error("cages:\n.AAA\nAA..\n....\n....\n"),
            (
                2,
                2,
                K::TooManyCells {
                    what: "cage 'A'".into(),
                    size: 4,
                    found: 5
                }
            )
        );
    }

    #[test]
    fn errors_of_the_totals() {
        let cages = "cages:\nAA..\n....\n....\n..BB\n";
        let total = |text: &str| error(&format!("{cages}totals: {text}\n"));
        let found = |s: &str| K::Total { found: s.into() };
        assert_eq!(total("A15"), (6, 10, found("'1'")));
        assert_eq!(total("A="), (6, 11, found(END)));
        assert_eq!(total("A = x"), (6, 13, found("'x'")));
        assert_eq!(total("A=15B=3"), (6, 13, found("'B'")));
        assert_eq!(total("A=99999999999"), (6, 11, found("'99999999999'")));
        assert_eq!(total("=3"), (6, 9, found("'='")));
        assert_eq!(total("A=3 Z=4"), (6, 13, K::UnknownCage { symbol: 'Z' }));
        assert_eq!(
            error(&format!("{cages}totals: A=3\nB=4 A=4\n")),
            (
                7,
                5,
                K::TotalTwice {
                    symbol: 'A',
                    first_line: 6
                }
            )
        );
        assert_eq!(
            error("size: 4\ntotals: A=3\n"),
            (2, 1, K::TotalsWithoutCages)
        );
    }

    #[test]
    fn givens_after_a_header_are_told_where_they_go() {
        let rows = "1 . . .\n. . . .\n. . . .\n. . . .\n";
        let in_section = |section, expected| K::GridInSection { section, expected };
        assert_eq!(
            error(&format!("size: 4\nrules: x\n\n{rows}")),
            (4, 1, in_section("rules", Section::Rules.expects()))
        );
        assert_eq!(
            error(&format!("size: 4\n  {}", rows.replace(' ', ""))),
            (2, 3, in_section("size", Section::Size.expects()))
        );
        assert_eq!(
            error(&format!("thermo: r1c1 r1c2\n{rows}")),
            (2, 1, in_section("thermo", Section::Thermo.expects()))
        );
        // Under `givens:`, or before the first header, they are givens; a
        // short line of digits is still a side.
        assert!(read(&format!("size: 4\nrules: x\ngivens:\n{rows}")).is_ok());
        assert!(read(&format!("{rows}rules: x\n")).is_ok());
        assert!(read("size:\n4\n").is_ok());
    }

    #[test]
    fn errors_of_the_sections() {
        assert_eq!(
            error("size: 4\n  title: mine\n"),
            (
                2,
                3,
                K::UnknownSection {
                    found: "title".into()
                }
            )
        );
        let twice = |what, first_line| K::Twice { what, first_line };
        assert_eq!(
            error("1...\n..2.\n.3..\n...4\ngivens: 1...............\n"),
            (5, 1, twice("givens", 1))
        );
        assert_eq!(
            error("size: 4\nregions: none\nregions: boxes 2x2\n"),
            (3, 1, twice("region map", 2))
        );
        assert_eq!(
            error("..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\nregions: none\n"),
            (5, 1, twice("region map", 1))
        );
        assert_eq!(
            error("regions: none\ngivens:\n..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\n"),
            (2, 1, twice("region map", 1))
        );
        assert_eq!(
            error("size: 4\ncages: A...\nB...\nC...\nD...\ncages: A...\n"),
            (6, 1, twice("cage map", 2))
        );
        assert_eq!(error("size: 4\nsize: 4\n"), (2, 1, twice("size", 1)));
        assert_eq!(
            error("size: 4\ngivens:\n"),
            (
                2,
                1,
                K::Expected {
                    expected: Section::Givens.expects(),
                    found: "nothing".into()
                }
            )
        );
        let expected = |expected, found: &str| K::Expected {
            expected,
            found: found.into(),
        };
        assert_eq!(
            error("size: nine\n"),
            (1, 7, expected(Section::Size.expects(), "'nine'"))
        );
        assert_eq!(
            error("size: 6x9\n"),
            (1, 7, expected(Section::Size.expects(), "'6x9'"))
        );
        assert_eq!(
            error("size: 9\n 9\n"),
            (2, 2, expected(Section::Size.expects(), "'9'"))
        );
        let word =
            "`boxes RxC` (rows x columns of a box, such as `boxes 2x3`), `none` or a region map";
        assert_eq!(
            error("size: 6\nregions: boxes\n"),
            (2, 15, expected(word, END))
        );
        assert_eq!(
            error("size: 6\nregions: boxes 2by3\n"),
            (2, 16, expected(word, "'2by3'"))
        );
        assert_eq!(
            error("size: 6\nregions: boxes 2x3 x\n"),
            (2, 20, expected("nothing after `boxes RxC`", "'x'"))
        );
        assert_eq!(
            error("size: 6\nregions: none at all\n"),
            (2, 15, expected("nothing after `none`", "'at'"))
        );
        assert_eq!(
            error("size: 6\nregions: boxes 2x2\n"),
            (
                2,
                16,
                K::Boxes {
                    rows: 2,
                    columns: 2,
                    size: 6
                }
            )
        );
        let five = format!("{JIGSAW}\nAA..\n....\n....\n....\n\nA=3\n\n1\n");
        assert_eq!(error(&five), (18, 1, K::ExtraBlock));
        let with_section = format!("{JIGSAW}\nAA..\n....\n....\n....\n\nA=3\ntotals: A=3\n");
        assert_eq!(error(&with_section), (16, 1, K::ExtraBlock));
        let beside =
            "..4. AABC\n.21. ABBC\n.... ABCC\n.... DDDD\n\nAA..\n....\n....\n....\n\nA=3\n\n1\n";
        assert_eq!(error(beside), (13, 1, K::ExtraBlock));
    }

    #[test]
    fn errors_of_the_rules() {
        let e = read("size: 9\nrules: x anti-night\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        assert_eq!(
            e.to_string(),
            "line 2, column 10: unknown rule 'anti-night': expected one of x, diagonal-down, \
             diagonal-up, windoku, anti-knight, anti-king, non-consecutive, disjoint-groups"
        );
        // Named wrong with nothing to give the size: the name is the error.
        let e = read("rules: x anti-night\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
        assert!(matches!(e.kind, K::Rule(_)), "{e}");
        let e = read("rules: x\nfoo\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        // Rules that are drawn say where their drawing goes.
        for (name, hint) in [
            (
                "jigsaw",
                "a jigsaw is drawn: its region map goes under `regions:` or beside the givens",
            ),
            (
                "Killer",
                "a killer is drawn: its cage map goes under `cages:` and its sums under `totals:`",
            ),
            (
                "thermometer",
                "thermometers are drawn: one a line under `thermo:`, bulb first",
            ),
            (
                "arrows",
                "arrows are drawn: one a line under `arrow:`, circle -> path",
            ),
            (
                "even",
                "odd and even cells are listed under `odd:` and `even:`",
            ),
        ] {
            let e = read(&format!("rules: {name}\n")).unwrap_err();
            assert_eq!((e.line, e.column), (1, 8), "{name}");
            let message = e.to_string();
            assert!(
                message.contains(&format!("unknown rule '{name}': expected one of x,")),
                "{message}"
            );
            assert!(
                message.ends_with(&format!("disjoint-groups; {hint}")),
                "{message}"
            );
        }
        let e = read("size: 6\nrules: windoku\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 8: expected a grid of square boxes (4x4, 9x9 or 16x16) for the rule \
             windoku, found a 6x6 grid"
        );
        let (line, column, kind) = error(&format!("{JIGSAW}rules: disjoint-groups\n"));
        assert_eq!((line, column), (10, 8));
        assert!(
            matches!(kind, K::RuleDoesNotApply { rule: Variant::DisjointGroups, found, .. } if found == "jigsaw regions")
        );
        let e = read_with_rules("\n\n  1.....2..3.....4\n", &[Variant::DisjointGroups]).unwrap();
        assert_eq!(e.constraints().len(), 4);
        let e = read_with_rules("size: 5\n", &[Variant::DisjointGroups]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 7: expected boxes (a disjoint group is the cells at one place in \
             every box) for the rule disjoint-groups, found a grid without regions"
        );
    }

    #[test]
    fn errors_of_the_cells() {
        let line = |text: &str| error(&format!("size: 9\n{text}\n"));
        assert_eq!(
            line("thermo: r1c1 a1"),
            (2, 14, K::CellName { found: "a1".into() })
        );
        assert_eq!(
            line("thermo: r1c1 *r1c2"),
            (2, 14, K::CellName { found: "*".into() })
        );
        assert_eq!(
            line("odd: r1c1 r10c1"),
            (
                2,
                11,
                K::CellOffGrid {
                    found: "r10c1".into(),
                    size: 9
                }
            )
        );
        assert_eq!(
            line("even: r0c1"),
            (
                2,
                7,
                K::CellOffGrid {
                    found: "r0c1".into(),
                    size: 9
                }
            )
        );
        assert_eq!(
            line("thermo: r1c1 r1c2 r1c1"),
            (
                2,
                19,
                K::RepeatedCell {
                    what: "a thermometer",
                    cell: "r1c1".into()
                }
            )
        );
        assert_eq!(
            line("arrow: r1c1 -> r1c2 r1c1"),
            (
                2,
                21,
                K::RepeatedCell {
                    what: "an arrow",
                    cell: "r1c1".into()
                }
            )
        );
        let expected = |expected, found: &str| K::Expected {
            expected,
            found: found.into(),
        };
        assert_eq!(
            line("arrow: r1c1 r1c2"),
            (
                2,
                17,
                expected(
                    "`->` between the arrow's circle and its path, such as `r5c5 -> r4c4 r3c3`",
                    END
                )
            )
        );
        assert_eq!(
            line("arrow: -> r1c2"),
            (2, 8, expected("the circle's cells before `->`", "'->'"))
        );
        assert_eq!(
            line("cage: = 5"),
            (2, 7, expected(Section::Cage.expects(), "'='"))
        );
        assert_eq!(
            line("cage: r1c1 r1c2 = five"),
            (
                2,
                19,
                expected("the cage's total, a number, after `=`", "'five'")
            )
        );
        assert_eq!(
            line("cage: r1c1 r1c2 ="),
            (
                2,
                18,
                expected("the cage's total, a number, after `=`", END)
            )
        );
        assert_eq!(
            line("cage: r1c1 = 5 r1c2"),
            (
                2,
                16,
                expected("the end of the line after the cage's total", "'r1c2'")
            )
        );
        assert_eq!(
            line("cage: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1"),
            (
                2,
                7,
                K::TooManyCells {
                    what: "a cage".into(),
                    size: 9,
                    found: 10
                }
            )
        );
        assert_eq!(
            line("extra-region: r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1"),
            (
                2,
                15,
                K::TooManyCells {
                    what: "an extra region".into(),
                    size: 9,
                    found: 10
                }
            )
        );
        assert_eq!(
            line("thermo: ,"),
            (2, 10, expected(Section::Thermo.expects(), END))
        );
        assert_eq!(
            line("extra-region: ,"),
            (2, 16, expected(Section::ExtraRegion.expects(), END))
        );
        assert_eq!(
            line("cage: r1c1 -> r1c2"),
            (2, 12, K::CellName { found: "->".into() })
        );
    }

    #[test]
    fn messages_name_line_and_column() {
        let e = read("size: 4\nthermo: r1c1 r5c1\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 14: expected a cell of the 4x4 grid (r1c1 to r4c4), found r5c1"
        );
    }
}
