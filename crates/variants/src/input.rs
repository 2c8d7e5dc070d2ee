//! Variant puzzles as a front end meets them: whether an input holds
//! them ([`looks_like_variant`]), the variants a user asks for by name
//! ([`Kind`]), and a file of puzzles cut into puzzles and read
//! ([`read_all`], or a piece at a time from a stream: [`Pieces`]).
//!
//! A file holds one or more puzzles, in one of three forms, chosen by its
//! first line that is not blank or a `#` comment:
//!
//! - **f-puzzles JSON over several lines** (the first line starts with
//!   `{` but does not end with `}`): the whole file is one puzzle;
//! - **one f-puzzles puzzle per line** (the first line is a link, data,
//!   or JSON on one line: [`fpuzzles::is_fpuzzles_line`]): every line
//!   that is not blank or a comment is a puzzle;
//! - **text** (anything else, `docs/variants.md`): puzzles separated by a
//!   line `---` ([`SEPARATOR`]).
//!
//! ```
//! use sudoku_variants::input::{self, Kind};
//! let text = "rules: x\n1...\n....\n....\n....\n---\n# the second\nsize: 4\nrules: anti-king\n";
//! assert!(input::looks_like_variant(text));
//! let puzzles = input::read_all(text, &[]);
//! assert_eq!(puzzles.len(), 2);
//! assert_eq!((puzzles[0].line, puzzles[1].line), (1, 8));
//! assert_eq!(puzzles[1].puzzle.as_ref().unwrap().variants(), ["anti-king"]);
//!
//! // Asked for: the rules are added, and a jigsaw must have its regions.
//! let kinds: Vec<Kind> = ["x", "jigsaw"].iter().map(|k| k.parse().unwrap()).collect();
//! let err = input::read_all("1...\n....\n....\n....\n", &kinds)[0].puzzle.clone().unwrap_err();
//! assert!(err.to_string().starts_with("line 1: expected a jigsaw"));
//! ```

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use crate::fpuzzles::{self, FpuzzlesError};
use crate::puzzle::Puzzle;
use crate::text::{self, TextError, Variant};

/// The line between two text puzzles of a file.
pub const SEPARATOR: &str = "---";

/// A variant a user may ask for by name: a rule that needs no drawing,
/// or a drawn kind the text forms read from their maps (`jigsaw`: a
/// region map after the givens; `killer`: a cage map and its totals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A rule added to every puzzle.
    Rule(Variant),
    /// Every puzzle must have irregular regions.
    Jigsaw,
    /// Every puzzle must have cages.
    Killer,
    /// Every puzzle must have kropki dots (read from f-puzzles data or a
    /// SudokuPad link; generated with every dot given).
    Kropki,
    /// Every puzzle must have X and V marks (as for [`Kind::Kropki`]).
    Xv,
    /// Every puzzle must have German whispers lines (drawn in links and
    /// JSON, or `whispers:` lines of the text form; generated through a
    /// random solution).
    Whispers,
    /// Every puzzle must have renban lines (as for [`Kind::Whispers`]).
    Renban,
    /// Every puzzle must have palindromes (as for [`Kind::Whispers`]).
    Palindrome,
    /// Every puzzle must have little killers (from f-puzzles data or
    /// `little-killer:` lines; generated from a random solution's
    /// diagonals).
    LittleKiller,
    /// Every puzzle must have sandwich sums (from f-puzzles data or
    /// `sandwich:` lines; generated on every row and column of a random
    /// solution).
    Sandwich,
    /// Every puzzle must have skyscraper clues (from f-puzzles data or
    /// `skyscraper:` lines; generated on both ends of every row and column
    /// of a random solution).
    Skyscraper,
    /// Every puzzle must have X-sums (from f-puzzles data or `x-sum:`
    /// lines; generated on both ends of every row and column of a random
    /// solution).
    XSum,
}

impl Kind {
    /// The name as the user writes it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Rule(rule) => rule.name(),
            Kind::Jigsaw => "jigsaw",
            Kind::Killer => "killer",
            Kind::Kropki => "kropki",
            Kind::Xv => "xv",
            Kind::Whispers => "whispers",
            Kind::Renban => "renban",
            Kind::Palindrome => "palindrome",
            Kind::LittleKiller => "little-killer",
            Kind::Sandwich => "sandwich",
            Kind::Skyscraper => "skyscraper",
            Kind::XSum => "x-sum",
        }
    }

    /// Every name, as a list for messages and help.
    ///
    /// ```
    /// assert!(sudoku_variants::input::Kind::names()
    ///     .ends_with("palindrome, little-killer, sandwich, skyscraper, x-sum"));
    /// ```
    pub fn names() -> String {
        let mut names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        names.extend([
            "jigsaw",
            "killer",
            "kropki",
            "xv",
            "whispers",
            "renban",
            "palindrome",
            "little-killer",
            "sandwich",
            "skyscraper",
            "x-sum",
        ]);
        names.join(", ")
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is none of [`Kind::names`]. Constraints that are
/// only ever drawn (thermometers, arrows, odd and even cells) say where
/// they can be read from.
///
/// ```
/// use sudoku_variants::input::Kind;
/// let err = "thermo".parse::<Kind>().unwrap_err().to_string();
/// assert!(err.starts_with("unknown variant 'thermo': expected one of x, "), "{err}");
/// assert!(err.ends_with("; thermometers are drawn: read them from an f-puzzles or SudokuPad link, or from `thermo:` lines of the text form"), "{err}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant '{found}': expected one of {}{}",
    Kind::names(),
    drawn_only(found)
)]
pub struct UnknownKind {
    /// The name as written.
    pub found: String,
}

/// Where the constraints that no name stands for are read from.
fn drawn_only(found: &str) -> &'static str {
    match found.trim().to_ascii_lowercase().as_str() {
        "thermo" | "thermometer" | "thermometers" => {
            "; thermometers are drawn: read them from an f-puzzles or SudokuPad link, or from `thermo:` lines of the text form"
        }
        "arrow" | "arrows" => {
            "; arrows are drawn: read them from an f-puzzles or SudokuPad link, or from `arrow:` lines of the text form"
        }
        "odd" | "even" | "odd-even" => {
            "; odd and even cells are drawn: read them from an f-puzzles or SudokuPad link, or from `odd:` and `even:` lines of the text form"
        }
        _ => "",
    }
}

impl FromStr for Kind {
    type Err = UnknownKind;

    /// A name of [`Kind::names`], in any case, `_` for `-` allowed.
    ///
    /// ```
    /// use sudoku_variants::{input::Kind, text::Variant};
    /// assert_eq!("Killer".parse(), Ok(Kind::Killer));
    /// assert_eq!("anti_knight".parse(), Ok(Kind::Rule(Variant::AntiKnight)));
    /// assert!("lunchbox".parse::<Kind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        match s.trim().to_ascii_lowercase().as_str() {
            "jigsaw" => Ok(Kind::Jigsaw),
            "killer" => Ok(Kind::Killer),
            "kropki" => Ok(Kind::Kropki),
            "xv" => Ok(Kind::Xv),
            "whispers" | "german-whispers" | "german_whispers" => Ok(Kind::Whispers),
            "renban" => Ok(Kind::Renban),
            "palindrome" | "palindromes" => Ok(Kind::Palindrome),
            "little-killer" | "little_killer" | "little-killers" | "littlekiller" => {
                Ok(Kind::LittleKiller)
            }
            "sandwich" | "sandwiches" | "sandwich-sum" | "sandwich-sums" | "sandwichsum" => {
                Ok(Kind::Sandwich)
            }
            "skyscraper" | "skyscrapers" => Ok(Kind::Skyscraper),
            "x-sum" | "x-sums" | "xsum" | "xsums" | "x_sum" | "x_sums" => Ok(Kind::XSum),
            _ => s.parse().map(Kind::Rule).map_err(|_| UnknownKind {
                found: s.to_string(),
            }),
        }
    }
}

/// Whether an input is variant puzzles rather than grids the engine
/// reads, from its start (its first puzzle is enough): f-puzzles JSON,
/// a link or data on its first line ([`fpuzzles::is_fpuzzles_line`]),
/// a section header the text reader knows ([`text::has_section`]), or a
/// jigsaw or killer drawn without headers whose map no grid of digits
/// could be ([`text::has_drawn_map`]). A grid of digits, in any form the
/// engine reads, is none of these.
///
/// ```
/// use sudoku_variants::input::looks_like_variant;
/// assert!(looks_like_variant("{\n  \"size\": 4,\n"));
/// assert!(looks_like_variant("# a link\nhttps://sudokupad.app/fpuzzlesN4Ig"));
/// assert!(looks_like_variant("size: 9\nrules: anti-knight\n"));
/// assert!(looks_like_variant("..4.\n.21.\n....\n....\n\nAABC\nABBC\nABCC\nDDDD\n"));
/// assert!(!looks_like_variant("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"));
/// assert!(!looks_like_variant("1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n"));
/// assert!(!looks_like_variant(""));
/// ```
pub fn looks_like_variant(text: &str) -> bool {
    match content_lines(text).next() {
        None => false,
        Some((_, _, first)) => {
            fpuzzles::is_fpuzzles_line(first)
                || text::has_section(text)
                || text::has_drawn_map(text)
        }
    }
}

/// One puzzle of a file: where it starts and what was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The 1-based line of the file where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Puzzle, InputError>,
}

/// Why one puzzle of a file could not be read; every message starts with
/// the line of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// f-puzzles JSON, a link or data that could not be read.
    #[error("line {line}: {error}")]
    Fpuzzles {
        /// The line where the puzzle starts.
        line: usize,
        /// What was wrong.
        error: FpuzzlesError,
    },
    /// A text puzzle that could not be read; its line is the file's.
    #[error("{0}")]
    Text(TextError),
    /// A rule asked for that the grid cannot have.
    #[error(
        "line {line}: the rule {rule} does not apply to this {size}x{size} grid \
         (windoku needs square boxes, disjoint-groups needs boxes)"
    )]
    Rule {
        /// The line where the puzzle starts.
        line: usize,
        /// The rule.
        rule: Variant,
        /// The grid's side.
        size: usize,
    },
    /// A jigsaw, killer, kropki or XV asked for, and the puzzle read is none.
    #[error("line {line}: expected a {kind} ({}), found {}", expects(*.kind), lacks(*.kind))]
    Missing {
        /// The line where the puzzle starts.
        line: usize,
        /// What was asked for.
        kind: Kind,
    },
}

fn expects(kind: Kind) -> &'static str {
    match kind {
        Kind::Jigsaw => "a region map after the givens, or a `regions:` section",
        Kind::Killer => {
            "a cage map and its totals after the givens, or `cages:` or `cage:` sections"
        }
        Kind::Kropki => "kropki dots, from f-puzzles data or a SudokuPad link",
        Kind::Xv => "X and V marks, from f-puzzles data or a SudokuPad link",
        Kind::Whispers => "whispers lines, from f-puzzles data or `whispers:` lines",
        Kind::Renban => "renban lines, from f-puzzles data or `renban:` lines",
        Kind::Palindrome => "palindromes, from f-puzzles data or `palindrome:` lines",
        Kind::LittleKiller => "little killers, from f-puzzles data or `little-killer:` lines",
        Kind::Sandwich => "sandwich sums, from f-puzzles data or `sandwich:` lines",
        Kind::Skyscraper => "skyscraper clues, from f-puzzles data or `skyscraper:` lines",
        Kind::XSum => "X-sums, from f-puzzles data or `x-sum:` lines",
        Kind::Rule(_) => "its rule",
    }
}

fn lacks(kind: Kind) -> &'static str {
    match kind {
        Kind::Jigsaw => "a puzzle with the usual boxes",
        Kind::Killer => "a puzzle without cages",
        Kind::Kropki => "a puzzle without dots",
        Kind::Xv => "a puzzle without X or V marks",
        Kind::Whispers => "a puzzle without whispers lines",
        Kind::Renban => "a puzzle without renban lines",
        Kind::Palindrome => "a puzzle without palindromes",
        Kind::LittleKiller => "a puzzle without little killers",
        Kind::Sandwich => "a puzzle without sandwich sums",
        Kind::Skyscraper => "a puzzle without skyscraper clues",
        Kind::XSum => "a puzzle without X-sums",
        Kind::Rule(_) => "none",
    }
}

impl InputError {
    /// The same error, `lines` further down the file.
    fn shifted(mut self, lines: usize) -> Self {
        match &mut self {
            InputError::Fpuzzles { line, .. }
            | InputError::Rule { line, .. }
            | InputError::Missing { line, .. } => *line += lines,
            InputError::Text(e) => e.line += lines,
        }
        self
    }

    /// The line of the file the message names.
    pub fn line(&self) -> usize {
        match self {
            InputError::Fpuzzles { line, .. }
            | InputError::Rule { line, .. }
            | InputError::Missing { line, .. } => *line,
            InputError::Text(e) => e.line,
        }
    }
}

/// The lines with content: (0-based byte offset, 1-based number, the
/// line trimmed), skipping blank lines and `#` comments.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n')
        .enumerate()
        .map(move |(i, raw)| {
            let start = offset;
            offset += raw.len();
            (start, i + 1, raw.trim())
        })
        .filter(|(_, _, line)| !line.is_empty() && !line.starts_with('#'))
}

/// Every puzzle of a file, in order (see the [module](self) for the
/// forms), with the rules of `kinds` added and their jigsaw and killer
/// checked. A puzzle that cannot be read is an [`Entry`] with its error:
/// the others are read all the same.
pub fn read_all(text: &str, kinds: &[Kind]) -> Vec<Entry> {
    match content_lines(text).next() {
        Some((_, _, first)) => read_as(text, kinds, Form::of(first)),
        None => Vec::new(),
    }
}

impl Form {
    /// The form of a file whose first puzzle line is `first`.
    fn of(first: &str) -> Form {
        if first.starts_with('{') && !first.ends_with('}') {
            Form::Json
        } else if fpuzzles::is_fpuzzles_line(first) {
            Form::Lines
        } else {
            Form::Text
        }
    }
}

/// [`read_all`] of a text, or a piece of one, in the form given.
fn read_as(text: &str, kinds: &[Kind], form: Form) -> Vec<Entry> {
    let rules: Vec<Variant> = kinds
        .iter()
        .filter_map(|k| match k {
            Kind::Rule(rule) => Some(*rule),
            _ => None,
        })
        .collect();
    let Some((offset, first_line, _)) = content_lines(text).next() else {
        return Vec::new();
    };
    let finish = |line: usize, read: Result<Puzzle, InputError>| Entry {
        line,
        puzzle: read.and_then(|p| check_kinds(p, kinds, line)),
    };
    if form == Form::Json {
        let read = from_fpuzzles(&text[offset..], &rules, first_line);
        return vec![finish(first_line, read)];
    }
    if form == Form::Lines {
        return content_lines(text)
            .map(|(_, line, puzzle)| finish(line, from_fpuzzles(puzzle, &rules, line)))
            .collect();
    }
    let read_part = |start: usize, part: &str| {
        text::read_with_rules(part, &rules).map_err(|mut e| {
            e.line += start - 1;
            InputError::Text(e)
        })
    };
    let mut entries = Vec::new();
    for (start, line, part) in text_parts(text) {
        let read = read_part(start, part);
        // One-line puzzles one after the other, with no `---` between
        // them (a file of classic lines read with `--variant x`): a puzzle
        // each.
        if read.is_err()
            && let Some(lines) = text::one_line_puzzles(part)
        {
            for (at, puzzle) in lines {
                let line = start + at - 1;
                entries.push(finish(line, read_part(line, puzzle)));
            }
            continue;
        }
        entries.push(finish(line, read));
    }
    entries
}

/// Puzzle lines a piece of text holds before [`Pieces`] looks whether it
/// is one-line puzzles one after the other, which may be handed out.
const PIECE_LINES: usize = 1024;

/// The three forms of a file (see the [module](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Json,
    Lines,
    Text,
}

/// A file's puzzles a piece at a time, as [`read_all`] reads the whole
/// file and with the lines of the whole file: a batch of any length is
/// read in bounded memory, and the puzzles of a pipe as they come. A
/// piece ends after each f-puzzles line, at each `---` line, and every
/// 1,024 lines of one-line puzzles; multi-line JSON is read to the end.
///
/// ```
/// use sudoku_variants::input::Pieces;
/// let text = "size: 4\n---\nsize: 4\nrules: x\n---\n# end\n";
/// let mut pieces = Pieces::new(text.as_bytes(), &[]);
/// let first = pieces.next_piece().unwrap();
/// assert_eq!((first.len(), first[0].line), (1, 1));
/// let second = pieces.next_piece().unwrap();
/// assert_eq!(second[0].line, 3);
/// assert_eq!(second[0].puzzle.as_ref().unwrap().variants(), ["x"]);
/// assert!(pieces.next_piece().unwrap().is_empty());
/// ```
pub struct Pieces<R> {
    input: R,
    kinds: Vec<Kind>,
    /// Lines read so far.
    lines: usize,
    form: Option<Form>,
    ended: bool,
}

impl<R: BufRead> Pieces<R> {
    /// Reads `input`, adding the rules of `kinds` and checking their
    /// jigsaw and killer as [`read_all`] does.
    pub fn new(input: R, kinds: &[Kind]) -> Self {
        Pieces {
            input,
            kinds: kinds.to_vec(),
            lines: 0,
            form: None,
            ended: false,
        }
    }

    /// The input, to see what it has buffered.
    pub fn get_ref(&self) -> &R {
        &self.input
    }

    /// The rules and kinds every puzzle is read with.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The puzzles of the next piece, in order; none at the end of the
    /// input.
    pub fn next_piece(&mut self) -> io::Result<Vec<Entry>> {
        while let Some(piece) = self.next_text()? {
            let entries = piece.read(&self.kinds);
            if !entries.is_empty() {
                return Ok(entries);
            }
        }
        Ok(Vec::new())
    }

    /// The next piece, not yet read (reading it may be left to another
    /// thread); `None` at the end of the input. A piece of blank lines and
    /// comments has no puzzles.
    pub fn next_text(&mut self) -> io::Result<Option<Piece>> {
        let before = self.lines;
        let mut text = String::new();
        let mut content = 0;
        let mut raw = Vec::new();
        while !self.ended {
            raw.clear();
            if self.input.read_until(b'\n', &mut raw)? == 0 {
                self.ended = true;
                break;
            }
            self.lines += 1;
            let line = String::from_utf8_lossy(&raw);
            text.push_str(&line);
            let trimmed = line.trim();
            let is_content = !trimmed.is_empty() && !trimmed.starts_with('#');
            if self.form.is_none() && is_content {
                self.form = Some(Form::of(trimmed));
            }
            match self.form {
                Some(Form::Lines) if is_content => break,
                Some(Form::Text) => {
                    let body = line.split('#').next().unwrap_or("").trim();
                    if body == SEPARATOR {
                        break;
                    }
                    if !body.is_empty() {
                        content += 1;
                    }
                    // One-line puzzles, a thousand at a time (no grid has
                    // so many rows).
                    if content == PIECE_LINES {
                        if text::one_line_puzzles(&text).is_some() {
                            break;
                        }
                        content = 0;
                    }
                }
                _ => {}
            }
        }
        Ok((self.lines > before).then(|| Piece {
            text,
            before,
            form: self.form.unwrap_or(Form::Text),
        }))
    }
}

/// A piece of a file as [`Pieces`] cuts it, not yet read.
pub struct Piece {
    text: String,
    /// Lines of the file before it.
    before: usize,
    form: Form,
}

impl Piece {
    /// Its puzzles, with the lines of the whole file, read with `kinds`
    /// (as [`read_all`] reads them).
    pub fn read(&self, kinds: &[Kind]) -> Vec<Entry> {
        shifted(read_as(&self.text, kinds, self.form), self.before)
    }
}

/// Entries read from a piece, as lines of the file `lines` further down.
fn shifted(entries: Vec<Entry>, lines: usize) -> Vec<Entry> {
    entries
        .into_iter()
        .map(|e| Entry {
            line: e.line + lines,
            puzzle: e.puzzle.map_err(|err| err.shifted(lines)),
        })
        .collect()
}

/// The text puzzles between `---` lines: (the 1-based line the part
/// starts on, the line of its first content, the part), leaving out
/// parts with nothing but blanks and comments.
fn text_parts(text: &str) -> Vec<(usize, usize, &str)> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut start_line = 1;
    let mut first_content: Option<usize> = None;
    let mut offset = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let body = raw.split('#').next().unwrap_or("").trim();
        if body == SEPARATOR {
            if let Some(line) = first_content {
                parts.push((start_line, line, &text[start..offset]));
            }
            start = offset + raw.len();
            start_line = i + 2;
            first_content = None;
        } else if !body.is_empty() && first_content.is_none() {
            first_content = Some(i + 1);
        }
        offset += raw.len();
    }
    if let Some(line) = first_content {
        parts.push((start_line, line, &text[start..]));
    }
    parts
}

/// An f-puzzles puzzle with the rules asked for added.
fn from_fpuzzles(text: &str, rules: &[Variant], line: usize) -> Result<Puzzle, InputError> {
    let fail = |error| InputError::Fpuzzles { line, error };
    let mut puzzle = fpuzzles::read(text).map_err(fail)?;
    for &rule in rules {
        let size = puzzle.size();
        let constraints = rule
            .constraints(size, puzzle.regions())
            .ok_or(InputError::Rule { line, rule, size })?;
        for constraint in constraints {
            puzzle
                .add(constraint)
                .map_err(|e| fail(FpuzzlesError::Puzzle(e)))?;
        }
    }
    Ok(puzzle)
}

/// The puzzle, when it is every jigsaw, killer, kropki, XV and line kind
/// asked for.
fn check_kinds(puzzle: Puzzle, kinds: &[Kind], line: usize) -> Result<Puzzle, InputError> {
    let has = puzzle.variants();
    for &kind in kinds {
        let missing = match kind {
            Kind::Jigsaw => !has.contains(&"jigsaw"),
            Kind::Killer => !has.contains(&"killer"),
            Kind::Kropki => !has.contains(&"kropki"),
            Kind::Xv => !has.contains(&"xv"),
            Kind::Whispers => !has.contains(&"whispers"),
            Kind::Renban => !has.contains(&"renban"),
            Kind::Palindrome => !has.contains(&"palindrome"),
            Kind::LittleKiller => !has.contains(&"little-killer"),
            Kind::Sandwich => !has.contains(&"sandwich"),
            Kind::Skyscraper => !has.contains(&"skyscraper"),
            Kind::XSum => !has.contains(&"x-sum"),
            Kind::Rule(_) => false,
        };
        if missing {
            return Err(InputError::Missing { line, kind });
        }
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_parts_keep_their_lines() {
        let text = "# head\n\n1...\n---\n\n---\n# only a comment\n---\nsize: 4\n";
        let parts = text_parts(text);
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].0, parts[0].1), (1, 3));
        assert_eq!((parts[1].0, parts[1].1), (9, 9));
        assert_eq!(parts[1].2, "size: 4\n");
    }

    #[test]
    fn a_text_error_names_the_line_of_the_file() {
        let text = "size: 4\n---\n1...\n..2.\n.3x.\n...4\n";
        let entries = read_all(text, &[]);
        assert!(entries[0].puzzle.is_ok());
        let err = entries[1].puzzle.clone().unwrap_err();
        assert_eq!(err.line(), 5);
        assert!(err.to_string().starts_with("line 5, column 3: "), "{err}");
    }

    #[test]
    fn one_line_puzzles_one_after_the_other_are_one_puzzle_each() {
        let x = [Kind::Rule(Variant::X)];
        let nine = ".".repeat(81);
        let four = "1...........4...";
        // Lines of 4x4 and 9x9 puzzles, a bad one among 9x9 ones.
        let entries = read_all(&format!("# x\n{four}\n{nine}\n\n{four}\n"), &x);
        let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 3, 5]);
        assert!(entries.iter().all(|e| e.puzzle.is_ok()));
        assert_eq!(entries[1].puzzle.as_ref().unwrap().size(), 9);
        let entries = read_all(&format!("{nine}\n123\n{nine}\n"), &x);
        assert_eq!(entries.len(), 3);
        let err = entries[1].puzzle.clone().unwrap_err();
        assert!(err.to_string().starts_with("line 2, column 1: "), "{err}");
        // A part that reads stays one puzzle: a 16x16 grid of 16 rows of
        // 16 cells, and one-line givens with their region map below.
        let grid = format!("{}\n", ".".repeat(16)).repeat(16);
        assert_eq!(read_all(&grid, &x).len(), 1);
        let map = "AABABBCCC\nAAABBBCCC\nAAABBBCCC\nDDDEEEFFF\nDDDEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n";
        let jigsaw = format!("{nine}\n\n{map}");
        let entries = read_all(&jigsaw, &[Kind::Jigsaw]);
        assert_eq!(entries.len(), 1);
        assert!(entries[0].puzzle.is_ok());
        // One that does not read and is no list of puzzles keeps its one
        // error: a 16x16 grid with a short row, a bad map.
        let short = format!("{}\n{}\n", ".".repeat(16), ".".repeat(15));
        let bad_grid = grid.replacen(&format!("{}\n", ".".repeat(16)), &short, 1);
        assert_eq!(read_all(&bad_grid, &x).len(), 1);
        let bad_jigsaw = jigsaw.replace("AABABBCCC\nAAABBBCCC\nAAABBBCCC\n", "AAAB\n");
        let entries = read_all(&bad_jigsaw, &[Kind::Jigsaw]);
        assert_eq!(entries.len(), 1);
        assert!(entries[0].puzzle.is_err());
        // Nor are lines under a section header.
        assert_eq!(
            read_all(&format!("rules: x\n{nine}\n{nine}\n"), &[]).len(),
            1
        );
    }

    /// Every entry of `text`, read a piece at a time.
    fn by_pieces(text: &str, kinds: &[Kind]) -> (Vec<Entry>, usize) {
        let mut pieces = Pieces::new(text.as_bytes(), kinds);
        let (mut all, mut count) = (Vec::new(), 0);
        loop {
            let piece = pieces.next_piece().unwrap();
            if piece.is_empty() {
                return (all, count);
            }
            all.extend(piece);
            count += 1;
        }
    }

    #[test]
    fn pieces_read_what_read_all_reads() {
        let mut puzzle = Puzzle::classic(4).unwrap();
        puzzle.set_given(0, 1).unwrap();
        let link = fpuzzles::to_link(&puzzle);
        let json = fpuzzles::to_json(&puzzle);
        let nine = format!("{}\n", ".".repeat(81));
        let many = format!("# many\n{}x{}\n{}", nine.repeat(1500), ".".repeat(80), nine);
        let cases = [
            (format!("# links\n{link}\n\nnot a link\n{json}\n"), 3),
            ("{\n\"size\": 4,\n\"grid\": []\n}\n".to_string(), 1),
            (
                "size: 4\n---\n\n---\n# only a comment\n---\nsize: 4\nrules: x\n1.x.\n".to_string(),
                2,
            ),
            (many.clone(), 2),
            (
                format!("{many}---\n1...\n....\n....\n....\n---\n{nine}{nine}"),
                4,
            ),
            ("".to_string(), 0),
            ("\n# nothing\n".to_string(), 0),
        ];
        for (text, count) in cases {
            for kinds in [&[][..], &[Kind::Rule(Variant::X)]] {
                let (entries, pieces) = by_pieces(&text, kinds);
                assert_eq!(entries, read_all(&text, kinds), "{text}");
                assert_eq!(pieces, count, "{text}");
            }
        }
        // The one bad line of the 1,502 is named by its line in the file.
        let entries = read_all(&many, &[]);
        assert_eq!(entries.len(), 1502);
        let bad: Vec<usize> = entries
            .iter()
            .filter(|e| e.puzzle.is_err())
            .map(|e| e.line)
            .collect();
        assert_eq!(bad, [1502]);
        let err = entries[1500].puzzle.as_ref().unwrap_err().to_string();
        assert!(err.starts_with("line 1502, column 1: "), "{err}");
    }

    #[test]
    fn one_link_per_line() {
        let mut puzzle = Puzzle::classic(4).unwrap();
        puzzle.set_given(0, 1).unwrap();
        let text = format!(
            "{}\n\nnot a link\n{}\n",
            fpuzzles::to_link(&puzzle),
            fpuzzles::to_json(&puzzle)
        );
        let entries = read_all(&text, &[Kind::Rule(Variant::X)]);
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].puzzle.as_ref().unwrap().variants(), ["x"]);
        assert_eq!(entries[1].line, 3);
        assert!(entries[1].puzzle.is_err());
        assert_eq!(entries[2].line, 4);
        assert!(entries[2].puzzle.is_ok());
    }

    #[test]
    fn json_over_several_lines_is_one_puzzle() {
        let text = "# comment\n{\n \"size\": 4,\n \"grid\": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]\n}\n";
        let entries = read_all(text, &[Kind::Killer]);
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].line, 2);
        assert_eq!(
            entries[0].puzzle,
            Err(InputError::Missing {
                line: 2,
                kind: Kind::Killer
            })
        );
    }

    #[test]
    fn a_rule_that_does_not_apply() {
        let json = fpuzzles::to_json(&Puzzle::classic(6).unwrap());
        let entries = read_all(&json, &[Kind::Rule(Variant::Windoku)]);
        assert!(matches!(entries[0].puzzle, Err(InputError::Rule { .. })));
    }
}
