//! Reading puzzles: a streaming reader that detects the format, splits the
//! input into records and reports every mistake with its line and column.

use std::fmt;
use std::io::{self, BufRead};

use super::Format;
use crate::grid::{CELLS, Grid};

/// Lines longer than this are not kept whole: the reader's memory stays
/// bounded whatever the input, and such a line is reported as an error.
pub const MAX_LINE: usize = 64 * 1024;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What is wrong with a piece of input, and where.
///
/// ```
/// use sudoku_engine::format::read_all;
///
/// let records = read_all("1234.678\n");
/// let err = records[0].grid.as_ref().unwrap_err();
/// assert_eq!(err.to_string(), "line 1: expected 9 digits, found 8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number (0 when the error is about the whole input).
    pub line: usize,
    /// 1-based column (in characters), when the error is at one place on the line.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A row or line had the wrong number of cells.
    WrongCount {
        /// How many were expected (9 for a row, 81 for a line).
        expected: usize,
        /// How many there were.
        found: usize,
    },
    /// A character that is neither a digit nor a blank marker.
    UnexpectedChar(char),
    /// A byte that is not UTF-8 text.
    UnexpectedByte(u8),
    /// A grid stopped before its 9th row.
    MissingRows {
        /// How many rows it had.
        found: usize,
    },
    /// A line longer than [`MAX_LINE`] bytes.
    LineTooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// Text that should hold exactly one puzzle holds more.
    ExtraPuzzle,
    /// The input holds no puzzle at all.
    NoPuzzle,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => {}
            (line, None) => write!(f, "line {line}: ")?,
            (line, Some(col)) => write!(f, "line {line}, column {col}: ")?,
        }
        const CELL: &str = "expected a digit 1-9 or a blank (0, . or _)";
        match &self.kind {
            ParseErrorKind::WrongCount {
                expected: 81,
                found,
            } => {
                write!(f, "expected 81 cells, found {found}")
            }
            ParseErrorKind::WrongCount { expected, found } => {
                write!(f, "expected {expected} digits, found {found}")
            }
            ParseErrorKind::UnexpectedChar(c) => write!(f, "{CELL}, found '{}'", c.escape_debug()),
            ParseErrorKind::UnexpectedByte(b) => {
                write!(
                    f,
                    "{CELL}, found the byte 0x{b:02X}, which is not UTF-8 text"
                )
            }
            ParseErrorKind::MissingRows { found } => {
                write!(f, "expected 9 rows in this grid, found {found}")
            }
            ParseErrorKind::LineTooLong { length } => write!(
                f,
                "expected a puzzle, found a line of {length} bytes (at most {MAX_LINE} are read)"
            ),
            ParseErrorKind::ExtraPuzzle => write!(f, "expected one puzzle, found another one here"),
            ParseErrorKind::NoPuzzle => write!(f, "no puzzle found in the input"),
        }
    }
}

impl std::error::Error for ParseError {}

/// One puzzle of an input, in input order, or what kept it from being read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based position among the input's puzzles.
    pub index: usize,
    /// 1-based line where the puzzle starts (its header, for `euler`).
    pub line: usize,
    /// The input's format.
    pub format: Format,
    /// The `Grid NN` header of an `euler` puzzle.
    pub name: Option<String>,
    /// The puzzle, or why it could not be read.
    pub grid: Result<Grid, ParseError>,
}

/// Reads lines of at most [`MAX_LINE`] bytes, dropping `\r\n`/`\n` and a
/// leading byte-order mark; longer lines are consumed but not stored.
struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// 1-based number of the line in `buf`.
    number: usize,
    /// Full length of the line in `buf`, which may exceed `buf.len()`.
    length: usize,
}

impl<R: BufRead> LineReader<R> {
    fn next_line(&mut self) -> io::Result<bool> {
        self.buf.clear();
        let mut length = 0;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (chunk, consumed, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            self.inner.consume(consumed);
            if done {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        if length <= MAX_LINE && self.buf.last() == Some(&b'\r') {
            self.buf.pop();
            length -= 1;
        }
        if self.number == 1 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
            length -= BOM.len();
        }
        self.length = length;
        Ok(true)
    }
}

/// A grid being collected from several lines.
struct Partial {
    line: usize,
    name: Option<String>,
    rows: usize,
    cells: [u8; CELLS],
    error: Option<ParseError>,
}

impl Partial {
    fn new(line: usize, name: Option<String>) -> Partial {
        Partial {
            line,
            name,
            rows: 0,
            cells: [0; CELLS],
            error: None,
        }
    }

    fn add_error(&mut self, error: ParseError) {
        self.error.get_or_insert(error);
    }
}

/// Streams the puzzles of an input one [`Record`] at a time, in bounded
/// memory, detecting the format from the first puzzle line unless one is
/// given.
///
/// A bad puzzle gives a record with its error and the reader goes on with
/// the next one. An input with no puzzle gives one record whose error is
/// [`ParseErrorKind::NoPuzzle`].
///
/// ```
/// use sudoku_engine::format::{Format, Reader};
///
/// let input = "# two puzzles\n\
///     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///     not a puzzle\n\
///     52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
/// let records: Vec<_> = Reader::new(input.as_bytes()).map(|r| r.unwrap()).collect();
/// assert_eq!(records.len(), 3);
/// assert_eq!(records[0].format, Format::Line);
/// assert_eq!(records[1].line, 3);
/// assert!(records[1].grid.is_err());
/// assert!(records[2].grid.is_ok());
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    format: Option<Format>,
    emitted: usize,
    partial: Option<Partial>,
    finished: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader that detects the format from the input.
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_format(inner, None)
    }

    /// A reader for a given format, or one that detects it when `None`.
    pub fn with_format(inner: R, format: Option<Format>) -> Reader<R> {
        Reader {
            lines: LineReader {
                inner,
                buf: Vec::new(),
                number: 0,
                length: 0,
            },
            format,
            emitted: 0,
            partial: None,
            finished: false,
        }
    }

    /// The format: the one given, or the one detected so far.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    fn record(
        &mut self,
        line: usize,
        name: Option<String>,
        grid: Result<Grid, ParseError>,
    ) -> Record {
        self.emitted += 1;
        Record {
            index: self.emitted,
            line,
            format: self.format.unwrap_or(Format::Line),
            name,
            grid,
        }
    }

    fn finish(&mut self, p: Partial) -> Record {
        let grid = match p.error {
            Some(e) => Err(e),
            None if p.rows < 9 => Err(ParseError {
                line: p.line,
                column: None,
                kind: ParseErrorKind::MissingRows { found: p.rows },
            }),
            None => Ok(Grid::from_cells(p.cells).expect("digits checked")),
        };
        self.record(p.line, p.name, grid)
    }

    /// The next puzzle, `Ok(None)` at the end, or the I/O error that
    /// stopped the reading.
    pub fn next_record(&mut self) -> io::Result<Option<Record>> {
        if self.finished {
            return Ok(None);
        }
        loop {
            if !self.lines.next_line()? {
                self.finished = true;
                if let Some(p) = self.partial.take() {
                    return Ok(Some(self.finish(p)));
                }
                if self.emitted == 0 {
                    let error = ParseError {
                        line: 0,
                        column: None,
                        kind: ParseErrorKind::NoPuzzle,
                    };
                    return Ok(Some(self.record(0, None, Err(error))));
                }
                return Ok(None);
            }
            let number = self.lines.number;
            if self.lines.length > MAX_LINE {
                let error = ParseError {
                    line: number,
                    column: None,
                    kind: ParseErrorKind::LineTooLong {
                        length: self.lines.length,
                    },
                };
                if self.format.is_none_or(|f| !f.is_multiline()) {
                    return Ok(Some(self.record(number, None, Err(error))));
                }
                let p = self
                    .partial
                    .get_or_insert_with(|| Partial::new(number, None));
                p.add_error(error);
                p.rows += 1;
                if p.rows == 9 {
                    let p = self.partial.take().expect("present");
                    return Ok(Some(self.finish(p)));
                }
                continue;
            }
            let text = trim_end(&self.lines.buf);
            let start = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
            if start == text.len() || text[start] == b'#' {
                if self.partial.as_ref().is_some_and(|p| p.rows > 0) {
                    let p = self.partial.take().expect("present");
                    return Ok(Some(self.finish(p)));
                }
                continue;
            }
            let format = *self.format.get_or_insert_with(|| detect(&text[start..]));
            match format {
                Format::Line => {
                    let grid = parse_line(number, text);
                    return Ok(Some(self.record(number, None, grid)));
                }
                Format::Euler if is_header(&text[start..]) => {
                    let name = String::from_utf8_lossy(&text[start..]).into_owned();
                    if let Some(p) = self.partial.replace(Partial::new(number, Some(name))) {
                        return Ok(Some(self.finish(p)));
                    }
                }
                Format::Pretty if is_separator(text) => {}
                _ => {
                    let p = self
                        .partial
                        .get_or_insert_with(|| Partial::new(number, None));
                    match parse_row_bytes(number, text) {
                        Ok(row) => p.cells[p.rows * 9..p.rows * 9 + 9].copy_from_slice(&row),
                        Err(e) => p.add_error(e),
                    }
                    p.rows += 1;
                    if p.rows == 9 {
                        let p = self.partial.take().expect("present");
                        return Ok(Some(self.finish(p)));
                    }
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

/// Every record of a text, detecting its format.
///
/// ```
/// let records = sudoku_engine::format::read_all("Grid 01\n003020600\n900305001\n001806400\n\
///     008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n");
/// assert_eq!(records[0].name.as_deref(), Some("Grid 01"));
/// assert!(records[0].grid.is_ok());
/// ```
pub fn read_all(text: &str) -> Vec<Record> {
    Reader::new(text.as_bytes())
        .map(|r| r.expect("reading from memory cannot fail"))
        .collect()
}

impl std::str::FromStr for crate::Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle in any format.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut reader = Reader::new(s.as_bytes());
        let first = reader.next_record().expect("in memory").expect("a record");
        if let Some(extra) = reader.next_record().expect("in memory") {
            return Err(ParseError {
                line: extra.line,
                column: None,
                kind: ParseErrorKind::ExtraPuzzle,
            });
        }
        first.grid
    }
}

fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

fn is_header(text: &[u8]) -> bool {
    text.len() >= 4 && text[..4].eq_ignore_ascii_case(b"grid")
}

/// A line drawn between bands: only `-`, `=`, `+`, `|` and spaces.
fn is_separator(text: &[u8]) -> bool {
    text.iter().any(|&b| b == b'-' || b == b'=')
        && text
            .iter()
            .all(|&b| matches!(b, b'-' | b'=' | b'+' | b'|' | b' ' | b'\t'))
}

/// Guesses the format from the first puzzle line.
fn detect(text: &[u8]) -> Format {
    if is_header(text) {
        return Format::Euler;
    }
    if text.contains(&b'|') || is_separator(text) {
        return Format::Pretty;
    }
    let first_token = text.iter().take_while(|b| !b.is_ascii_whitespace()).count();
    if first_token == 1 && first_token < text.len() {
        Format::Grid
    } else if first_token >= 27 {
        Format::Line
    } else {
        Format::Rows
    }
}

/// The value of each byte as a cell (0 for a blank), `NOT_A_CELL` otherwise.
static CELL_VALUES: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut d = 0;
    while d <= 9 {
        table[b'0' as usize + d] = d as u8;
        d += 1;
    }
    table[b'.' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};

const NOT_A_CELL: u8 = 0xFF;

#[inline]
fn cell_value(b: u8) -> Option<u8> {
    match CELL_VALUES[b as usize] {
        NOT_A_CELL => None,
        v => Some(v),
    }
}

/// The error for the byte at `index` of a line: the character it starts,
/// or the byte itself when it is not UTF-8.
fn unexpected(line: usize, bytes: &[u8], index: usize) -> ParseError {
    let column = bytes[..index].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    let end = (index + 4).min(bytes.len());
    let valid = match std::str::from_utf8(&bytes[index..end]) {
        Ok(s) => s,
        Err(e) => {
            std::str::from_utf8(&bytes[index..index + e.valid_up_to()]).expect("valid prefix")
        }
    };
    let kind = match valid.chars().next() {
        Some(c) => ParseErrorKind::UnexpectedChar(c),
        None => ParseErrorKind::UnexpectedByte(bytes[index]),
    };
    ParseError {
        line,
        column: Some(column),
        kind,
    }
}

fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// Reads one row of 9 cells (digits, `0`, `.` or `_` for a blank; spaces
/// and `|` between them are ignored), as typed at a prompt. `line` is the
/// line number the error will name.
///
/// ```
/// use sudoku_engine::format::parse_row;
/// assert_eq!(parse_row("1 2 3 | . . . | 7 8 9", 1).unwrap(), [1, 2, 3, 0, 0, 0, 7, 8, 9]);
/// assert_eq!(parse_row("12345678", 4).unwrap_err().to_string(), "line 4: expected 9 digits, found 8");
/// ```
pub fn parse_row(text: &str, line: usize) -> Result<[u8; 9], ParseError> {
    parse_row_bytes(line, trim_end(text.as_bytes()))
}

/// One row of a multi-line format: 9 cells, with spaces and `|` between
/// them ignored.
fn parse_row_bytes(line: usize, text: &[u8]) -> Result<[u8; 9], ParseError> {
    let mut row = [0u8; 9];
    let mut found = 0;
    for (i, &b) in text.iter().enumerate() {
        match cell_value(b) {
            Some(v) => {
                if found < 9 {
                    row[found] = v;
                }
                found += 1;
            }
            None if matches!(b, b' ' | b'\t' | b'|') => {}
            None => return Err(unexpected(line, text, i)),
        }
    }
    if found != 9 {
        return Err(ParseError {
            line,
            column: None,
            kind: ParseErrorKind::WrongCount { expected: 9, found },
        });
    }
    Ok(row)
}

/// One 81-character line; text after the puzzle, past whitespace, is ignored.
fn parse_line(line: usize, text: &[u8]) -> Result<Grid, ParseError> {
    // The common case in big batches: exactly 81 cells, maybe a comment.
    if text.len() >= CELLS && text.get(CELLS).is_none_or(u8::is_ascii_whitespace) {
        let mut cells = [0u8; CELLS];
        let mut bad = 0;
        for (out, &b) in cells.iter_mut().zip(&text[..CELLS]) {
            let v = CELL_VALUES[b as usize];
            bad |= v;
            *out = v;
        }
        if bad != NOT_A_CELL {
            return Ok(Grid::from_cells(cells).expect("digits checked"));
        }
    }
    let start = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let token_len = text[start..]
        .iter()
        .take_while(|b| !b.is_ascii_whitespace())
        .count();
    let token = &text[start..start + token_len];
    let mut cells = [0u8; CELLS];
    for (i, &b) in token.iter().enumerate() {
        match cell_value(b) {
            Some(v) if i < CELLS => cells[i] = v,
            Some(_) => {}
            None => return Err(unexpected(line, text, start + i)),
        }
    }
    if token.len() != CELLS {
        return Err(ParseError {
            line,
            column: None,
            kind: ParseErrorKind::WrongCount {
                expected: CELLS,
                found: count_chars(token),
            },
        });
    }
    Ok(Grid::from_cells(cells).expect("digits checked"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn errors(text: &str) -> Vec<String> {
        read_all(text)
            .into_iter()
            .filter_map(|r| r.grid.err().map(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn detects_each_format() {
        let grid = "0 3 5 4 6 9 2 7 8\n".repeat(9);
        let rows = "035469278\n".repeat(9);
        let pretty = "0 3 5 | 4 6 9 | 2 7 8\n".repeat(3) + "------+-------+------\n";
        let cases = [
            (grid.as_str(), Format::Grid),
            (rows.as_str(), Format::Rows),
            (LINE, Format::Line),
            ("Grid 01\n", Format::Euler),
            (pretty.as_str(), Format::Pretty),
        ];
        for (text, format) in cases {
            assert_eq!(read_all(text)[0].format, format, "{text}");
        }
    }

    #[test]
    fn line_errors_name_line_and_column() {
        let text = format!(
            "# comment\n\n{LINE}\n{}x{}\n{}\n",
            &LINE[..10],
            &LINE[11..],
            &LINE[..80]
        );
        assert_eq!(
            errors(&text),
            [
                "line 4, column 11: expected a digit 1-9 or a blank (0, . or _), found 'x'",
                "line 5: expected 81 cells, found 80",
            ]
        );
    }

    #[test]
    fn trailing_text_after_whitespace_is_ignored() {
        let records = read_all(&format!("{LINE}   rated 9.0\n{LINE}\t#7"));
        assert_eq!(records.len(), 2);
        assert!(records.iter().all(|r| r.grid.is_ok()));
    }

    #[test]
    fn crlf_bom_trailing_spaces_and_no_final_newline() {
        let text = "\u{feff}\r\n0 3 5 4 6 9 2 7 8  \r\n".to_string()
            + &"0 3 5 4 6 9 2 7 8\r\n".repeat(7)
            + "0 3 5 4 6 9 2 7 8";
        let records = read_all(&text);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 2);
        assert_eq!(records[0].format, Format::Grid);
        assert!(records[0].grid.is_ok());
    }

    #[test]
    fn truncated_grid_then_good_grid() {
        let row = "0 3 5 4 6 9 2 7 8\n";
        let text = row.repeat(4) + "\n" + &row.repeat(9);
        let records = read_all(&text);
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].grid.as_ref().unwrap_err().to_string(),
            "line 1: expected 9 rows in this grid, found 4"
        );
        assert_eq!(records[1].line, 6);
        assert!(records[1].grid.is_ok());
    }

    #[test]
    fn bad_row_keeps_alignment_of_following_grids() {
        let row = "0 3 5 4 6 9 2 7 8\n";
        let text = row.repeat(3) + "0 3 5 4 6 9 2 7\n" + &row.repeat(5) + &row.repeat(9);
        let records = read_all(&text);
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].grid.as_ref().unwrap_err().to_string(),
            "line 4: expected 9 digits, found 8"
        );
        assert_eq!(records[1].line, 10);
        assert!(records[1].grid.is_ok());
    }

    #[test]
    fn euler_headers_and_names() {
        let rows = "003020600\n".repeat(9);
        let text = format!("Grid 01\n{rows}Grid 02\n{rows}Grid 03\n003020600\n");
        let records = read_all(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[1].name.as_deref(), Some("Grid 02"));
        assert_eq!(records[1].line, 11);
        assert_eq!(
            records[2].grid.as_ref().unwrap_err().to_string(),
            "line 21: expected 9 rows in this grid, found 1"
        );
    }

    #[test]
    fn pretty_with_borders() {
        let band = "| 0 3 5 | 4 6 9 | 2 7 8 |\n".repeat(3);
        let border = "+-------+-------+-------+\n";
        let text = format!("{border}{band}{border}{band}{border}{band}{border}");
        let records = read_all(&text);
        assert_eq!(records.len(), 1, "{records:?}");
        assert_eq!(records[0].format, Format::Pretty);
        assert_eq!(records[0].grid.as_ref().unwrap().get(8, 8), Some(8));
    }

    #[test]
    fn empty_input_and_random_bytes() {
        assert_eq!(errors(""), ["no puzzle found in the input"]);
        assert_eq!(
            errors("\n# only a comment\n\n"),
            ["no puzzle found in the input"]
        );
        let bytes: Vec<u8> = (0..=255u8).chain(0..=255).collect();
        let records: Vec<_> = Reader::new(&bytes[..]).map(|r| r.unwrap()).collect();
        assert!(!records.is_empty());
        assert!(records.iter().all(|r| r.grid.is_err()));
    }

    #[test]
    fn invalid_utf8_is_named() {
        let mut bytes = LINE.as_bytes().to_vec();
        bytes[3] = 0xFF;
        let records: Vec<_> = Reader::new(&bytes[..]).map(|r| r.unwrap()).collect();
        let message = records[0].grid.as_ref().unwrap_err().to_string();
        assert_eq!(
            message,
            "line 1, column 4: expected a digit 1-9 or a blank (0, . or _), found the byte 0xFF, which is not UTF-8 text"
        );
    }

    #[test]
    fn huge_line_is_an_error_not_a_hog() {
        let text = format!("{}\n{LINE}\n", "1".repeat(1 << 20));
        let records = read_all(&text);
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].grid.as_ref().unwrap_err().kind,
            ParseErrorKind::LineTooLong { length: 1 << 20 }
        );
        assert!(records[1].grid.is_ok());
    }

    #[test]
    fn from_str_takes_exactly_one() {
        assert!(LINE.parse::<Grid>().is_ok());
        let two = format!("{LINE}\n{LINE}\n");
        let err = two.parse::<Grid>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected one puzzle, found another one here"
        );
    }

    #[test]
    fn letter_among_grid_digits() {
        let mut text = "0 3 5 4 6 9 2 7 8\n".repeat(9);
        text.replace_range(18 * 2 + 6..18 * 2 + 7, "a");
        assert_eq!(
            errors(&text),
            ["line 3, column 7: expected a digit 1-9 or a blank (0, . or _), found 'a'"]
        );
    }
}
