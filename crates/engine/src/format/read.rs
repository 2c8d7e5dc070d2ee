//! Reading puzzles: a streaming reader that detects the format, splits the
//! input into records and reports every mistake with its line and column.

use std::fmt;
use std::io::{self, BufRead};

use super::Format;
use super::lines::LineReader;
use crate::grid::{CELLS, Digit, DigitSet, Grid, PencilMarks};
use crate::sizes::format::{
    AnyRecord, ReadOptions, SizedFormat, format_of, read_rest_with, row_side,
};

/// Lines longer than this are not kept whole: the reader's memory stays
/// bounded whatever the input, and such a line is reported as an error.
pub const MAX_LINE: usize = 64 * 1024;

/// What is wrong with a piece of input, and where.
///
/// ```
/// use sudoku_engine::format::read_all;
///
/// let records = read_all("1234.678\n123456789\n");
/// let err = records[0].grid.as_ref().unwrap_err();
/// assert_eq!(err.to_string(), "line 1: expected 9 digits, found 8");
/// // Alone, such a line is a one-line puzzle too short.
/// let records = read_all("1234.678\n");
/// let err = records[0].grid.as_ref().unwrap_err();
/// assert_eq!(err.to_string(), "line 1: expected 81 cells, found 8");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "ParseErrorRecord", from = "ParseErrorRecord")
)]
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
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
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
    /// In the 729-character pencil-mark form, a digit out of its place:
    /// place `d` of a cell may hold only `d` or a blank.
    MisplacedCandidate {
        /// The digit found.
        found: u8,
        /// The only digit that place may hold.
        expected: u8,
    },
    /// In the drawn pencil-mark grid, text that is not a cell: three
    /// places holding candidates or dots, or a placed digit as `(5)`.
    BadMarksCell(String),
    /// In the drawn pencil-mark grid, a row of boxes that is not three
    /// boxes of three cells.
    BadMarksRow,
    /// A grid of another size (in rows, grid or pretty) among this input's
    /// 9x9 ones: [`Reader::next_any`] reads it.
    OtherSize {
        /// Its side (16 for a 16x16 grid).
        side: usize,
    },
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
                write!(f, "expected 81 cells, found {found}")?;
                if let Some(n) = other_size(*found) {
                    write!(
                        f,
                        ": a {n}x{n} puzzle, where this input's puzzles are 9x9 (give other sizes a file of their own)"
                    )?;
                }
                Ok(())
            }
            ParseErrorKind::WrongCount {
                expected: MARKS_LINE,
                found,
            } => write!(
                f,
                "expected 729 characters (9 places for each of the 81 cells), found {found}"
            ),
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
            ParseErrorKind::OtherSize { side } => write!(
                f,
                "a {side}x{side} grid, where this input's puzzles are 9x9 (give other sizes a file of their own)"
            ),
            ParseErrorKind::LineTooLong { length } => write!(
                f,
                "expected a puzzle, found a line of {length} bytes (at most {MAX_LINE} are read)"
            ),
            ParseErrorKind::ExtraPuzzle => write!(f, "expected one puzzle, found another one here"),
            ParseErrorKind::NoPuzzle => write!(f, "no puzzle found in the input"),
            ParseErrorKind::MisplacedCandidate { found, expected } => write!(
                f,
                "expected {expected} or a blank (. or 0) at place {expected} of a cell, found '{found}' \
                 (the 9 places of a cell are the digits 1 to 9 in order)"
            ),
            ParseErrorKind::BadMarksCell(text) => write!(
                f,
                "expected a cell of the pencil-mark grid (three candidates or dots such as 1.3, \
                 or a placed digit such as (5)), found '{}'",
                text.escape_debug()
            ),
            ParseErrorKind::BadMarksRow => write!(
                f,
                "expected a row of the pencil-mark grid: three boxes of three cells between |"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// A [`ParseError`] as JSON: where, what kind, and the whole message.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use sudoku_engine::format::read_all;
/// let err = read_all("12345678x\n")[0].grid.clone().unwrap_err();
/// let json = serde_json::to_value(&err).unwrap();
/// assert_eq!(json["line"], 1);
/// assert_eq!(json["column"], 9);
/// assert_eq!(json["kind"]["unexpected_char"], "x");
/// assert_eq!(json["message"], err.to_string());
/// # }
/// ```
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ParseErrorRecord {
    line: usize,
    column: Option<usize>,
    kind: ParseErrorKind,
    /// Written for readers; ignored when read back.
    #[serde(default, skip_deserializing)]
    message: String,
}

#[cfg(feature = "serde")]
impl From<ParseError> for ParseErrorRecord {
    fn from(e: ParseError) -> Self {
        ParseErrorRecord {
            message: e.to_string(),
            line: e.line,
            column: e.column,
            kind: e.kind,
        }
    }
}

#[cfg(feature = "serde")]
impl From<ParseErrorRecord> for ParseError {
    fn from(r: ParseErrorRecord) -> Self {
        ParseError {
            line: r.line,
            column: r.column,
            kind: r.kind,
        }
    }
}

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
    /// The puzzle, or why it could not be read. For a pencil-mark puzzle,
    /// its placed digits.
    pub grid: Result<Grid, ParseError>,
    /// The pencil marks, when the puzzle was written as pencil marks (the
    /// 729-character form, the drawn grid, or rows of candidates).
    pub marks: Option<Box<PencilMarks>>,
}

/// Length of the pencil-mark line: 9 places for each cell.
pub(crate) const MARKS_LINE: usize = CELLS * 9;

/// A grid being collected from several lines.
struct Partial {
    line: usize,
    name: Option<String>,
    rows: usize,
    cells: [u8; CELLS],
    /// Candidates of cells written as several digits (rows of candidates).
    marks: Option<Box<[DigitSet; CELLS]>>,
    /// The content lines of a drawn pencil-mark grid, read at the end.
    drawn: Vec<DrawnLine>,
    /// Border lines of a drawn pencil-mark grid seen so far.
    borders: usize,
    error: Option<ParseError>,
}

impl Partial {
    fn new(line: usize, name: Option<String>) -> Partial {
        Partial {
            line,
            name,
            rows: 0,
            cells: [0; CELLS],
            marks: None,
            drawn: Vec::new(),
            borders: 0,
            error: None,
        }
    }

    fn add_error(&mut self, error: ParseError) {
        self.error.get_or_insert(error);
    }

    /// Stores one row of cells.
    fn add_row(&mut self, row: Row) {
        let at = self.rows * 9;
        match row {
            Row::Digits(digits) => self.cells[at..at + 9].copy_from_slice(&digits),
            Row::Marks(sets) => {
                let marks = self
                    .marks
                    .get_or_insert_with(|| Box::new([DigitSet::ALL; CELLS]));
                for (i, set) in sets.into_iter().enumerate() {
                    match set.single_digit() {
                        Some(d) => self.cells[at + i] = d.get(),
                        None => marks[at + i] = set,
                    }
                }
            }
        }
    }
}

/// A grid of another size among 9x9 ones, as its lines come.
struct Block {
    line: usize,
    side: usize,
    format: SizedFormat,
    /// Rows of cells so far (separator lines of `pretty` not counted).
    rows: usize,
    text: String,
    /// The first row, read as a 9x9 row if the second shows it was one.
    first: Vec<u8>,
}

/// A puzzle of another size, as [`Reader::next_any`] hands it on.
enum OtherSize {
    /// A one-line puzzle.
    Line(Vec<u8>),
    /// A grid of several lines, from the record's line on.
    Block { format: SizedFormat, text: String },
}

/// One content line of a drawn pencil-mark grid: for each of the 9 cells,
/// its three places, or the error found on the line.
struct DrawnLine {
    number: usize,
    slots: Result<[[u8; 3]; 9], ParseError>,
    /// The column where each cell's places start, for errors.
    columns: [usize; 9],
    /// Whether it carries a row label (`r3`): the middle line of a row.
    labelled: bool,
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
    /// `marks` was asked for: either pencil-mark form may come.
    any_marks: bool,
    emitted: usize,
    partial: Option<Partial>,
    /// The first puzzle line, when it made the format `rows`: kept until
    /// the next line shows whether it was a row or a one-line puzzle of
    /// the wrong length, so that a file of lines whose first is bad loses
    /// none of the others to a grid of nine rows.
    first_row: Option<(usize, Vec<u8>)>,
    /// A grid of another size being collected (see
    /// [`ParseErrorKind::OtherSize`]).
    block: Option<Block>,
    /// The last record's puzzle, when it was of another size (for
    /// [`Reader::next_any`]).
    other_size: Option<OtherSize>,
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
            lines: LineReader::new(inner),
            format,
            any_marks: format == Some(Format::Marks),
            emitted: 0,
            partial: None,
            first_row: None,
            block: None,
            other_size: None,
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
            marks: None,
        }
    }

    /// A one-line puzzle's record; the line is kept when it is of another
    /// size, for [`Reader::next_any`].
    fn line_record(&mut self, line: usize, text: &[u8]) -> Record {
        let grid = parse_line(line, text);
        if is_other_size(&grid) {
            self.other_size = Some(OtherSize::Line(text.to_vec()));
        }
        let mut record = self.record(line, None, grid);
        record.format = Format::Line;
        record
    }

    fn finish(&mut self, mut p: Partial) -> Record {
        // A lone first line of the wrong length is a one-line puzzle.
        if let Some((number, text)) = self.first_row.take()
            && p.rows == 1
            && matches!(&p.error, Some(e) if matches!(e.kind, ParseErrorKind::WrongCount { .. }))
        {
            // The next puzzle shows its own format.
            self.format = None;
            return self.line_record(number, &text);
        }
        if !p.drawn.is_empty() || p.borders > 0 {
            let drawn = std::mem::take(&mut p.drawn);
            let line = p.line;
            let marks = read_drawn(line, &drawn);
            return self.record_marks(line, marks);
        }
        if let Some(e) = p.error {
            return self.record(p.line, p.name, Err(e));
        }
        if p.rows < 9 {
            let error = ParseError {
                line: p.line,
                column: None,
                kind: ParseErrorKind::MissingRows { found: p.rows },
            };
            return self.record(p.line, p.name, Err(error));
        }
        match p.marks {
            Some(sets) => {
                let marks = PencilMarks::from_parts(p.cells, *sets).expect("digits checked");
                self.record_marks(p.line, Ok(marks))
            }
            None => {
                let grid = Grid::from_cells(p.cells).expect("digits checked");
                self.record(p.line, p.name, Ok(grid))
            }
        }
    }

    fn record_marks(&mut self, line: usize, marks: Result<PencilMarks, ParseError>) -> Record {
        match marks {
            Ok(marks) => {
                let mut record = self.record(line, None, Ok(marks.placed()));
                record.marks = Some(Box::new(marks));
                record
            }
            Err(e) => self.record(line, None, Err(e)),
        }
    }

    /// The next puzzle as [`next_record`](Self::next_record) reads it, but
    /// a puzzle of another size among the 9x9 ones (a line of 16, 36, 256,
    /// 625 ... characters, or a grid in rows, numbers or pretty whose
    /// first two rows have as many cells as a side other than 9) is read by
    /// the reader of every size ([`crate::sizes::format`]) in its place: a
    /// file whose first puzzle is 9x9 may hold puzzles of every size, as
    /// one whose first is of another size may.
    ///
    /// ```
    /// use sudoku_engine::format::Reader;
    /// use sudoku_engine::sizes::format::AnyRecord;
    /// let input = format!("{}\n1...........4...\n", ".".repeat(81));
    /// let mut reader = Reader::new(input.as_bytes());
    /// assert!(matches!(reader.next_any().unwrap(), Some(AnyRecord::Classic(_))));
    /// let Some(AnyRecord::Sized(four)) = reader.next_any().unwrap() else { panic!() };
    /// assert_eq!((four.index, four.line, four.size), (2, 2, Some(4)));
    /// assert!(four.grid.is_ok());
    /// assert_eq!(reader.next_any().unwrap(), None);
    /// ```
    pub fn next_any(&mut self) -> io::Result<Option<AnyRecord>> {
        self.other_size = None;
        let Some(record) = self.next_record()? else {
            return Ok(None);
        };
        let mut sized = match self.other_size.take() {
            None => return Ok(Some(AnyRecord::Classic(record))),
            Some(OtherSize::Line(text)) => {
                // The puzzle itself, as the 9x9 reader took it: what
                // follows it past whitespace is a comment.
                let (_, end) = first_token(&text);
                let options = ReadOptions {
                    format: Some(SizedFormat::Line),
                    ..ReadOptions::default()
                };
                let mut sized = read_rest_with(&String::from_utf8_lossy(&text[..end]), options);
                if let Err(e) = &mut sized.grid {
                    e.line = record.line;
                }
                sized
            }
            Some(OtherSize::Block { format, text }) => {
                let options = ReadOptions {
                    format: Some(format),
                    ..ReadOptions::default()
                };
                let mut sized = read_rest_with(&text, options);
                // The block's lines are the input's from the record's on.
                if let Err(e) = &mut sized.grid
                    && e.line > 0
                {
                    e.line += record.line - 1;
                }
                sized
            }
        };
        sized.index = record.index;
        sized.line = record.line;
        Ok(Some(AnyRecord::Sized(sized)))
    }

    /// The record of a grid of another size, kept for
    /// [`next_any`](Self::next_any).
    fn finish_block(&mut self, block: Block) -> Record {
        let error = ParseError {
            line: block.line,
            column: None,
            kind: ParseErrorKind::OtherSize { side: block.side },
        };
        self.other_size = Some(OtherSize::Block {
            format: block.format,
            text: block.text,
        });
        self.record(block.line, None, Err(error))
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
                if let Some(block) = self.block.take() {
                    return Ok(Some(self.finish_block(block)));
                }
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
            if self.lines.length > MAX_LINE
                && let Some(block) = self.block.take()
            {
                // The grid of another size ends here; this line is read
                // again as what it is.
                self.lines.read_again();
                return Ok(Some(self.finish_block(block)));
            }
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
                // A row too long: the first line was a row too.
                self.first_row = None;
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
                if let Some(block) = self.block.take() {
                    return Ok(Some(self.finish_block(block)));
                }
                if self
                    .partial
                    .as_ref()
                    .is_some_and(|p| p.rows > 0 || !p.drawn.is_empty() || p.borders > 0)
                {
                    let p = self.partial.take().expect("present");
                    return Ok(Some(self.finish(p)));
                }
                continue;
            }
            if let Some(block) = self.block.as_mut() {
                let row = String::from_utf8_lossy(text);
                let separator = block.format == SizedFormat::Pretty && is_separator(text);
                if separator || block.rows > 1 || row_side(&row, block.format) == Some(block.side) {
                    block.text.push_str(&row);
                    block.text.push('\n');
                    if !separator {
                        block.rows += 1;
                    }
                    if block.rows == block.side {
                        let block = self.block.take().expect("present");
                        return Ok(Some(self.finish_block(block)));
                    }
                    continue;
                }
                // A second row of another length: the first was a bad row
                // of a 9x9 grid after all.
                let block = self.block.take().expect("present");
                let mut p = Partial::new(block.line, None);
                match parse_row_bytes(
                    block.line,
                    &block.first,
                    block.format == SizedFormat::Pretty,
                ) {
                    Ok(row) => p.add_row(row),
                    Err(e) => p.add_error(e),
                }
                p.rows = 1;
                self.partial = Some(p);
            }
            if let Some((first, line)) = self.first_row.take() {
                // A one-line puzzle after the first line: that was one
                // too. It is read as one, and this line again.
                let next = detect(&text[start..]);
                if matches!(next, Format::Line | Format::Marks) {
                    self.format = Some(next);
                    self.partial = None;
                    self.lines.read_again();
                    return Ok(Some(if next == Format::Line {
                        self.line_record(first, &line)
                    } else {
                        let marks = parse_marks_line(first, &line);
                        self.record_marks(first, marks)
                    }));
                }
            }
            let format = match self.format {
                // `--from marks` means any pencil-mark form.
                Some(Format::Marks)
                    if self.any_marks && detect(&text[start..]) == Format::MarksGrid =>
                {
                    *self.format.insert(Format::MarksGrid)
                }
                Some(format) => format,
                None => {
                    let format = detect(&text[start..]);
                    if format == Format::Rows {
                        self.first_row = Some((number, text.to_vec()));
                    }
                    *self.format.insert(format)
                }
            };
            match format {
                Format::Line => {
                    let grid = parse_line(number, text);
                    if is_other_size(&grid) {
                        self.other_size = Some(OtherSize::Line(text.to_vec()));
                    }
                    return Ok(Some(self.record(number, None, grid)));
                }
                Format::Marks => {
                    let marks = parse_marks_line(number, text);
                    return Ok(Some(self.record_marks(number, marks)));
                }
                Format::MarksGrid => {
                    let text = text.to_vec();
                    if let Some(record) = self.drawn_line(number, &text) {
                        return Ok(Some(record));
                    }
                }
                Format::Euler if is_header(&text[start..]) => {
                    let name = String::from_utf8_lossy(&text[start..]).into_owned();
                    if let Some(p) = self.partial.replace(Partial::new(number, Some(name))) {
                        return Ok(Some(self.finish(p)));
                    }
                }
                Format::Pretty if is_separator(text) => {}
                _ => {
                    let row = parse_row_bytes(number, text, format == Format::Pretty);
                    // The first row of a grid of another size: the grid
                    // is collected for the reader of every size.
                    // (Not the input's first line, which may yet turn
                    // out a one-line puzzle.)
                    if row.is_err()
                        && self.partial.is_none()
                        && self.first_row.is_none()
                        && let Some(sized) = format_of(format)
                        && let Some(side) =
                            row_side(&String::from_utf8_lossy(text), sized).filter(|&n| n != 9)
                    {
                        let mut line = String::from_utf8_lossy(text).into_owned();
                        line.push('\n');
                        self.block = Some(Block {
                            line: number,
                            side,
                            format: sized,
                            rows: 1,
                            text: line,
                            first: text.to_vec(),
                        });
                        continue;
                    }
                    let p = self
                        .partial
                        .get_or_insert_with(|| Partial::new(number, None));
                    match row {
                        Ok(row) => p.add_row(row),
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

    /// Takes one line of a drawn pencil-mark grid; returns the record when
    /// the line ends one (its last border, or a header starting the next).
    fn drawn_line(&mut self, number: usize, text: &[u8]) -> Option<Record> {
        let trimmed = &text[text.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
        if is_marks_header(trimmed) {
            let done = self
                .partial
                .take()
                .filter(|p| !p.drawn.is_empty() || p.borders > 0);
            self.partial = Some(Partial::new(number, None));
            return done.map(|p| self.finish(p));
        }
        let p = self
            .partial
            .get_or_insert_with(|| Partial::new(number, None));
        if is_separator(text) {
            p.borders += 1;
            if p.borders == 4 {
                let p = self.partial.take().expect("present");
                return Some(self.finish(p));
            }
            return None;
        }
        p.drawn.push(parse_drawn_line(number, text));
        if p.drawn.len() == DRAWN_LINES && p.borders == 0 {
            let p = self.partial.take().expect("present");
            return Some(self.finish(p));
        }
        None
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

/// Reads a text that should hold exactly one puzzle, in any format: its
/// record, whose `grid` is the error when the text holds no puzzle, a bad
/// one, or more than one ([`ParseErrorKind::ExtraPuzzle`], at the line of
/// the second).
///
/// ```
/// use sudoku_engine::format::{Format, read_one};
/// let record = read_one("\n\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
/// assert_eq!((record.line, record.format), (3, Format::Line));
/// assert!(record.grid.is_ok());
/// let two = format!("{0}\n{0}\n", ".".repeat(81));
/// assert_eq!(read_one(&two).grid.unwrap_err().to_string(),
///            "line 2: expected one puzzle, found another one here");
/// ```
pub fn read_one(text: &str) -> Record {
    let mut reader = Reader::new(text.as_bytes());
    let mut first = reader
        .next_record()
        .expect("reading from memory cannot fail")
        .expect("a reader gives at least one record");
    if let Some(extra) = reader
        .next_record()
        .expect("reading from memory cannot fail")
    {
        first.grid = Err(ParseError {
            line: extra.line,
            column: None,
            kind: ParseErrorKind::ExtraPuzzle,
        });
        first.marks = None;
    }
    first
}

impl std::str::FromStr for crate::Grid {
    type Err = ParseError;

    /// Reads exactly one puzzle in any format (see [`read_one`]); for a
    /// pencil-mark puzzle, its placed digits.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        read_one(s).grid
    }
}

impl std::str::FromStr for PencilMarks {
    type Err = ParseError;

    /// Reads exactly one puzzle in any format: pencil marks as they are
    /// written, a digit puzzle with all nine candidates in every empty cell.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let first = read_one(s);
        let grid = first.grid?;
        Ok(first
            .marks
            .map_or_else(|| PencilMarks::from_grid(&grid), |marks| *marks))
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
    if is_marks_header(text) || is_marks_border(text) || looks_drawn(text) {
        return Format::MarksGrid;
    }
    if text.contains(&b'|') || is_separator(text) {
        return Format::Pretty;
    }
    let first_token = text.iter().take_while(|b| !b.is_ascii_whitespace()).count();
    if first_token == 1 && first_token < text.len() {
        Format::Grid
    } else if first_token >= MARKS_LINE / 2 {
        Format::Marks
    } else if first_token >= 27 {
        Format::Line
    } else {
        Format::Rows
    }
}

/// The column header of a drawn pencil-mark grid: `c1   c2 ...`.
fn is_marks_header(text: &[u8]) -> bool {
    text.len() >= 2
        && text[..2].eq_ignore_ascii_case(b"c1")
        && text.windows(2).any(|w| w.eq_ignore_ascii_case(b"c2"))
}

/// A border of a drawn pencil-mark grid: its boxes are 15 columns wide,
/// the pretty format's 7.
fn is_marks_border(text: &[u8]) -> bool {
    is_separator(text)
        && text
            .split(|&b| b == b'+' || b == b'|')
            .any(|run| run.len() > 11)
}

/// A content line of a drawn pencil-mark grid: between `|`, cells of three
/// places such as `1.3`, or a placed digit as `(5)`.
fn looks_drawn(text: &[u8]) -> bool {
    text.contains(&b'|')
        && text
            .split(|&b| b.is_ascii_whitespace() || b == b'|')
            .any(|t| match t {
                [b'(', b'1'..=b'9', b')'] => true,
                [_, _, _] => {
                    t.contains(&b'.') && t.iter().all(|&b| b == b'.' || b.is_ascii_digit())
                }
                _ => false,
            })
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

/// The side of a one-line puzzle of `cells` characters of another size
/// than 9x9 (not 27x27: 729 characters are 9x9 pencil marks).
fn other_size(cells: usize) -> Option<usize> {
    (cells != CELLS && cells != MARKS_LINE && crate::sizes::format::line_lengths().contains(&cells))
        .then(|| cells.isqrt())
}

/// Where a line's first word starts and ends (a one-line puzzle; what
/// follows it past whitespace is a comment).
fn first_token(text: &[u8]) -> (usize, usize) {
    let start = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let len = text[start..]
        .iter()
        .take_while(|b| !b.is_ascii_whitespace())
        .count();
    (start, start + len)
}

/// Whether a one-line puzzle was not read for being of another size.
fn is_other_size(grid: &Result<Grid, ParseError>) -> bool {
    matches!(grid, Err(ParseError {
        kind: ParseErrorKind::WrongCount { expected: CELLS, found },
        ..
    }) if other_size(*found).is_some())
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
    match parse_row_bytes(line, trim_end(text.as_bytes()), false)? {
        Row::Digits(row) => Ok(row),
        Row::Marks(_) => unreachable!("candidates are read only when asked"),
    }
}

/// One row of a multi-line format.
enum Row {
    /// Nine cells, 0 for a blank.
    Digits([u8; 9]),
    /// Nine cells written as their candidates (one digit: placed).
    Marks([DigitSet; 9]),
}

/// One row of a multi-line format: 9 cells, with spaces and `|` between
/// them ignored. With `marks`, a row of 9 cells separated by spaces may
/// write a cell as its candidates (`1679`, or `-` for none), as `sudoku
/// marks --compact` prints them.
fn parse_row_bytes(line: usize, text: &[u8], marks: bool) -> Result<Row, ParseError> {
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
            None => {
                return match marks.then(|| candidate_row(text)).flatten() {
                    Some(sets) => Ok(Row::Marks(sets)),
                    None => Err(unexpected(line, text, i)),
                };
            }
        }
    }
    if found == 9 {
        return Ok(Row::Digits(row));
    }
    if marks && let Some(sets) = candidate_row(text) {
        return Ok(Row::Marks(sets));
    }
    Err(ParseError {
        line,
        column: None,
        kind: ParseErrorKind::WrongCount { expected: 9, found },
    })
}

/// Nine cells separated by spaces or `|`, each a blank or its candidates.
fn candidate_row(text: &[u8]) -> Option<[DigitSet; 9]> {
    let mut sets = [DigitSet::EMPTY; 9];
    let mut n = 0;
    for token in text
        .split(|&b| b.is_ascii_whitespace() || b == b'|')
        .filter(|t| !t.is_empty())
    {
        let set = sets.get_mut(n)?;
        n += 1;
        match token {
            [b'0' | b'.' | b'_'] => *set = DigitSet::ALL,
            // No candidate left.
            [b'-'] => {}
            _ => {
                for &b in token {
                    set.insert(Digit::try_new(b.wrapping_sub(b'0'))?);
                }
            }
        }
    }
    (n == 9).then_some(sets)
}

/// One 729-character pencil-mark line: place `d` of each cell holds `d`
/// when `d` is allowed there, `.`, `0` or `_` when not. Text after it,
/// past whitespace, is ignored.
fn parse_marks_line(line: usize, text: &[u8]) -> Result<PencilMarks, ParseError> {
    let (start, end) = first_token(text);
    let token = &text[start..end];
    let mut sets = [DigitSet::EMPTY; CELLS];
    for (i, &b) in token.iter().enumerate() {
        let place = (i % 9) as u8 + 1;
        match cell_value(b) {
            Some(0) => {}
            Some(v) if v == place => {
                if let Some(set) = sets.get_mut(i / 9) {
                    set.insert(Digit::new(v));
                }
            }
            Some(v) => {
                return Err(ParseError {
                    line,
                    column: Some(count_chars(&text[..start + i]) + 1),
                    kind: ParseErrorKind::MisplacedCandidate {
                        found: v,
                        expected: place,
                    },
                });
            }
            None => return Err(unexpected(line, text, start + i)),
        }
    }
    if token.len() != MARKS_LINE {
        return Err(ParseError {
            line,
            column: None,
            kind: ParseErrorKind::WrongCount {
                expected: MARKS_LINE,
                found: count_chars(token),
            },
        });
    }
    Ok(PencilMarks::from_allowed(sets))
}

/// Content lines of a drawn pencil-mark grid: three lines a row, and a
/// spacer line between the rows of a band, as `sudoku marks` draws it.
const DRAWN_LINES: usize = 33;

/// Width of a box of the drawn grid: ` xxx  xxx  xxx `.
const DRAWN_BOX: usize = 15;

/// Reads one content line of a drawn pencil-mark grid: an optional row
/// label (`r3`), then three boxes between `|`, each holding three cells of
/// three places.
fn parse_drawn_line(number: usize, text: &[u8]) -> DrawnLine {
    let bad_row = |column| ParseError {
        line: number,
        column: Some(column),
        kind: ParseErrorKind::BadMarksRow,
    };
    let Some(bar) = text.iter().position(|&b| b == b'|') else {
        return DrawnLine {
            number,
            slots: Err(bad_row(1)),
            columns: [0; 9],
            labelled: false,
        };
    };
    let label = trim_end(&text[..bar]);
    let label = &label[label.iter().take_while(|b| b.is_ascii_whitespace()).count()..];
    let labelled = matches!(label, [b'r' | b'R', b'1'..=b'9']);
    if !labelled && !label.is_empty() {
        return DrawnLine {
            number,
            slots: Err(bad_row(1)),
            columns: [0; 9],
            labelled,
        };
    }
    let mut slots = [[b' '; 3]; 9];
    let mut columns = [0; 9];
    let mut boxes = 0;
    let mut at = bar + 1;
    let result = loop {
        let end = text[at..]
            .iter()
            .position(|&b| b == b'|')
            .map_or(text.len(), |i| at + i);
        let segment = &text[at..end];
        if end == text.len() && segment.iter().all(|b| b.is_ascii_whitespace()) {
            break if boxes == 3 {
                Ok(slots)
            } else {
                Err(bad_row(count_chars(&text[..at]) + 1))
            };
        }
        if boxes == 3 {
            break Err(bad_row(count_chars(&text[..at]) + 1));
        }
        if let Err(e) = drawn_box(
            number,
            text,
            at,
            segment,
            &mut slots[boxes * 3..boxes * 3 + 3],
        ) {
            break Err(e);
        }
        for k in 0..3 {
            columns[boxes * 3 + k] = count_chars(&text[..at.min(text.len())]) + 2 + 5 * k;
        }
        boxes += 1;
        if end == text.len() {
            break if boxes == 3 {
                Ok(slots)
            } else {
                Err(bad_row(count_chars(text) + 1))
            };
        }
        at = end + 1;
    };
    DrawnLine {
        number,
        slots: result,
        columns,
        labelled,
    }
}

/// The three cells of one box of a drawn line; `at` is where the box
/// starts in `text`, for the column of an error.
fn drawn_box(
    number: usize,
    text: &[u8],
    at: usize,
    segment: &[u8],
    out: &mut [[u8; 3]],
) -> Result<(), ParseError> {
    let byte = |i: usize| segment.get(i).copied().unwrap_or(b' ');
    for (k, slot) in out.iter_mut().enumerate() {
        let from = 1 + 5 * k;
        *slot = [byte(from), byte(from + 1), byte(from + 2)];
        let ok = match *slot {
            [b' ', b' ', b' '] | [b'(', b'1'..=b'9', b')'] => true,
            s => s.iter().all(|&b| matches!(b, b'.' | b'0'..=b'9')),
        };
        if !ok {
            return Err(ParseError {
                line: number,
                column: Some(count_chars(&text[..(at + from).min(text.len())]) + 1),
                kind: ParseErrorKind::BadMarksCell(String::from_utf8_lossy(slot).into_owned()),
            });
        }
    }
    // Whatever lies between the cells must be blank.
    let stray = (0..segment.len().max(DRAWN_BOX))
        .filter(|i| !matches!(i, 1..=3 | 6..=8 | 11..=13))
        .find(|&i| !byte(i).is_ascii_whitespace());
    match stray {
        Some(i) => Err(unexpected(number, text, at + i)),
        None => Ok(()),
    }
}

/// Reads the cells of a drawn pencil-mark grid from its content lines:
/// 33 (three a row, a spacer between the rows of a band) or 27.
fn read_drawn(line: usize, drawn: &[DrawnLine]) -> Result<PencilMarks, ParseError> {
    let mut rows = Vec::with_capacity(9);
    for d in drawn {
        if let Err(e) = &d.slots {
            return Err(e.clone());
        }
    }
    let slots = |i: usize| drawn[i].slots.as_ref().expect("checked");
    let spaced = drawn.len() == DRAWN_LINES;
    if !spaced && drawn.len() != 27 {
        let labelled = drawn.iter().filter(|d| d.labelled).count();
        let found = if labelled > 0 {
            labelled
        } else {
            drawn.len() / 3
        };
        return Err(ParseError {
            line,
            column: None,
            kind: ParseErrorKind::MissingRows { found },
        });
    }
    for r in 0..9 {
        let first = if spaced {
            r / 3 * 11 + r % 3 * 4
        } else {
            r * 3
        };
        rows.push([first, first + 1, first + 2]);
    }
    let mut values = [0u8; CELLS];
    let mut sets = [DigitSet::EMPTY; CELLS];
    for (r, lines) in rows.iter().enumerate() {
        for c in 0..9 {
            let cell = r * 9 + c;
            let parts = lines.map(|i| slots(i)[c]);
            let at = |sub: usize| (drawn[lines[sub]].number, Some(drawn[lines[sub]].columns[c]));
            let bad = |sub: usize| ParseError {
                line: at(sub).0,
                column: at(sub).1,
                kind: ParseErrorKind::BadMarksCell(
                    String::from_utf8_lossy(&parts[sub]).into_owned(),
                ),
            };
            if let [b'(', d, b')'] = parts[1] {
                if parts[0] != [b' '; 3] {
                    return Err(bad(0));
                }
                if parts[2] != [b' '; 3] {
                    return Err(bad(2));
                }
                values[cell] = d - b'0';
                continue;
            }
            for (sub, part) in parts.iter().enumerate() {
                for (j, &b) in part.iter().enumerate() {
                    let place = (sub * 3 + j + 1) as u8;
                    match b {
                        b'.' | b'0' => {}
                        b'1'..=b'9' if b - b'0' == place => {
                            sets[cell].insert(Digit::new(place));
                        }
                        b'1'..=b'9' => {
                            return Err(ParseError {
                                line: at(sub).0,
                                column: at(sub).1.map(|col| col + j),
                                kind: ParseErrorKind::MisplacedCandidate {
                                    found: b - b'0',
                                    expected: place,
                                },
                            });
                        }
                        _ => return Err(bad(sub)),
                    }
                }
            }
        }
    }
    Ok(PencilMarks::from_parts(values, sets).expect("digits checked"))
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
    let (start, end) = first_token(text);
    let token = &text[start..end];
    // A line of another size is told as one, whatever its characters.
    let found = count_chars(token);
    if other_size(found).is_some() {
        return Err(ParseError {
            line,
            column: None,
            kind: ParseErrorKind::WrongCount {
                expected: CELLS,
                found,
            },
        });
    }
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
    fn a_bad_first_line_before_one_line_puzzles_is_one_of_them() {
        let nine = ".".repeat(81);
        let records = read_all(&format!("{}\n{nine}\n{nine}\n", ".".repeat(20)));
        assert_eq!(records.len(), 3);
        assert!(records.iter().all(|r| r.format == Format::Line));
        assert_eq!(
            records[0].grid.as_ref().unwrap_err().kind,
            ParseErrorKind::WrongCount {
                expected: 81,
                found: 20
            }
        );
        assert_eq!((records[1].line, records[2].line), (2, 3));
        assert!(records[1].grid.is_ok() && records[2].grid.is_ok());
        // Alone, it is a one-line puzzle too; rows stay rows.
        assert_eq!(
            errors("1234567891\n"),
            ["line 1: expected 81 cells, found 10"]
        );
        assert_eq!(
            errors("1234567891\n123456789\n"),
            ["line 1: expected 9 digits, found 10"]
        );
        assert_eq!(read_all("123456789\n")[0].format, Format::Rows);
    }

    /// Every record of a text as [`Reader::next_any`] reads them.
    fn read_any(text: &str) -> Vec<crate::sizes::format::AnyRecord> {
        let mut reader = Reader::new(text.as_bytes());
        std::iter::from_fn(|| reader.next_any().unwrap()).collect()
    }

    #[test]
    fn lines_of_other_sizes_go_to_the_reader_of_every_size() {
        use crate::sizes::format::AnyRecord;
        let nine = ".".repeat(81);
        // A 4x4 line first (kept until the next line shows the format), a
        // bad 16x16 line indented, with a comment, and a 9x9 line.
        let text = format!(
            "1...........4...\n{nine}\n  {}! # note\n{nine}\n",
            ".".repeat(255)
        );
        let any = read_any(&text);
        let [
            AnyRecord::Sized(four),
            AnyRecord::Classic(second),
            AnyRecord::Sized(bad),
            AnyRecord::Classic(fourth),
        ] = &any[..]
        else {
            panic!("{any:?}");
        };
        assert_eq!((four.index, four.line, four.size), (1, 1, Some(4)));
        assert!(four.grid.is_ok() && second.grid.is_ok() && fourth.grid.is_ok());
        assert_eq!((second.index, fourth.index), (2, 4));
        let e = bad.grid.as_ref().unwrap_err();
        assert_eq!((bad.index, e.line, e.column), (3, 3, Some(258)));
        // Read as records, they are errors that name the size.
        let errors: Vec<String> = read_all(&text)
            .into_iter()
            .filter_map(|r| r.grid.err().map(|e| e.to_string()))
            .collect();
        assert_eq!(errors.len(), 2);
        assert!(errors[1].ends_with("found 256: a 16x16 puzzle, where this input's puzzles are 9x9 (give other sizes a file of their own)"), "{errors:?}");
    }

    #[test]
    fn a_stray_byte_order_mark_in_a_grid_of_another_size_is_named_where_it_stands() {
        use crate::sizes::format::{AnyRecord, SizedErrorKind};
        // Dropped only at the start of the input: on a later line it is a
        // character, for the reader of every size as for the 9x9 one. It
        // was dropped again when a grid of another size was read afresh,
        // which made the fuzz input below a comment and no puzzle, at no
        // line.
        let text = "\n\u{feff}\r#(\r(|\r(";
        let mut reader = Reader::with_format(text.as_bytes(), Some(Format::Grid));
        let Some(AnyRecord::Sized(record)) = reader.next_any().unwrap() else {
            panic!("a grid of another size");
        };
        let e = record.grid.unwrap_err();
        assert_eq!((record.line, e.line), (2, 2), "{e}");
        assert_ne!(e.kind, SizedErrorKind::NoPuzzle);
        // As the 9x9 reader names it after a 9x9 grid.
        let text = format!(
            "{}\n\u{feff}1...\n..2.\n.3..\n...4\n",
            "035469278\n".repeat(9)
        );
        let e = read_all(&text)[1].grid.clone().unwrap_err();
        assert_eq!((e.line, e.column), (11, Some(1)));
    }

    #[test]
    fn both_readers_take_the_same_whitespace() {
        use crate::sizes::format::{AnyRecord, ReadOptions, read_one_with};
        // ASCII whitespace only, as the 9x9 reader: a vertical tab made
        // `----` a row of four cells for one reader and a separator line
        // for the other, and the reader of every size then found no
        // puzzle at no line (the fuzz input below).
        let text = "\n\n----\u{b}";
        let mut reader = Reader::with_format(text.as_bytes(), Some(Format::Pretty));
        let record = match reader.next_any().unwrap() {
            Some(AnyRecord::Classic(record)) => record.grid.unwrap_err(),
            other => panic!("{other:?}"),
        };
        assert_eq!((record.line, record.column), (3, Some(1)));
        for stray in ['\u{b}', '\u{a0}'] {
            let four = format!("1 . . .{stray}\n. . 2 .\n. 3 . .\n. . . 4\n");
            let e = read_one_with(&four, ReadOptions::default())
                .grid
                .unwrap_err();
            assert_eq!((e.line, e.column), (1, Some(7)), "{stray:?}: {e}");
        }
    }

    #[test]
    fn grids_of_other_sizes_go_to_the_reader_of_every_size() {
        use crate::sizes::format::AnyRecord;
        let nine = "035469278\n".repeat(9);
        // After a 9x9 grid in rows: a 4x4 grid, a 16x16 one in letters
        // with a bad cell on its third row and no blank line after it, a
        // 9x9 grid whose first row is a typo of 8 cells (a bad 9x9 row,
        // not an 8x8 grid), and a 4x4 grid cut short.
        let sixteen: String = (0..16)
            .map(|r| {
                let mut row = ".".repeat(16);
                if r == 2 {
                    row.replace_range(5..6, "?");
                } else if r == 0 {
                    row.replace_range(0..1, "G");
                }
                row + "\n"
            })
            .collect();
        let text = format!(
            "{nine}\n1...\n..2.\n.3..\n...4\n\n{sixteen}03546927\n{}\n12..\n",
            &nine[10..]
        );
        let any = read_any(&text);
        let [
            AnyRecord::Classic(first),
            AnyRecord::Sized(four),
            AnyRecord::Sized(bad),
            AnyRecord::Classic(typo),
            AnyRecord::Sized(short),
        ] = &any[..]
        else {
            panic!("{any:?}");
        };
        assert!(first.grid.is_ok());
        assert_eq!((four.index, four.line, four.size), (2, 11, Some(4)));
        assert_eq!(four.grid.as_ref().unwrap().to_string(), "1.....2..3.....4");
        let e = bad.grid.as_ref().unwrap_err();
        assert_eq!(
            (bad.index, bad.line, e.line, e.column),
            (3, 16, 18, Some(6))
        );
        let e = typo.grid.as_ref().unwrap_err();
        assert_eq!((typo.index, typo.line, e.line), (4, 32, 32));
        assert!(e.to_string().ends_with("expected 9 digits, found 8"), "{e}");
        let e = short.grid.as_ref().unwrap_err();
        assert_eq!((short.index, short.line, e.line), (5, 42, 42));
        // Read as records, a grid of another size is one error that names
        // its size.
        let records = read_all(&text);
        assert_eq!(records.len(), 5);
        assert_eq!(
            records[1].grid.as_ref().unwrap_err().to_string(),
            "line 11: a 4x4 grid, where this input's puzzles are 9x9 (give other sizes a file of their own)"
        );
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

    /// Marks with some candidates crossed out, none left with one alone.
    fn sample_marks() -> PencilMarks {
        let grid: Grid = LINE.parse().unwrap();
        let mut marks = PencilMarks::from_grid(&grid);
        for (i, cell) in crate::Cell::all().enumerate() {
            if marks.value(cell).is_none() {
                marks.remove(cell, Digit::new((i % 9) as u8 + 1));
                marks.remove(cell, Digit::new(((i * 7) % 9) as u8 + 1));
            }
        }
        marks
    }

    #[test]
    fn every_marks_form_reads_back() {
        let marks = sample_marks();
        for format in [Format::Marks, Format::MarksGrid, Format::Pretty] {
            let text = crate::format::marks_to_string(&marks, format);
            let records = read_all(&text);
            assert_eq!(records.len(), 1, "{format}: {text}");
            assert_eq!(records[0].format, format);
            assert_eq!(
                records[0].grid.as_ref().unwrap(),
                &marks.placed(),
                "{format}"
            );
            assert_eq!(
                records[0].marks.as_deref(),
                Some(&marks),
                "{format}:\n{text}"
            );
            assert_eq!(text.parse::<PencilMarks>(), Ok(marks));
        }
    }

    #[test]
    fn several_drawn_grids_in_a_row() {
        let marks = sample_marks();
        let one = crate::format::marks_to_string(&marks, Format::MarksGrid);
        // As `sudoku marks` prints a batch (a blank line between), and glued.
        for text in [format!("{one}\n{one}"), format!("{one}{one}{one}")] {
            let records = read_all(&text);
            assert!(records.len() >= 2);
            assert!(records.iter().all(|r| r.marks.as_deref() == Some(&marks)));
        }
        // Without the header and the borders.
        let bare: String = one
            .lines()
            .filter(|l| l.contains('|') && !l.contains('-'))
            .map(|l| format!("{l}\n"))
            .collect();
        let records = read_all(&bare);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].marks.as_deref(), Some(&marks));
    }

    #[test]
    fn marks_line_rules() {
        let line = PencilMarks::from_grid(&LINE.parse().unwrap()).to_line();
        let records = read_all(&line);
        assert_eq!(records[0].format, Format::Marks);
        assert_eq!(
            records[0].grid.as_ref().unwrap(),
            &LINE.parse::<Grid>().unwrap()
        );
        // Digit 3 at the second place of a cell.
        let mut bad = line.clone();
        bad.replace_range(10..11, "3");
        assert_eq!(
            errors(&bad),
            [
                "line 1, column 11: expected 2 or a blank (. or 0) at place 2 of a cell, found '3' \
              (the 9 places of a cell are the digits 1 to 9 in order)"
            ]
        );
        assert_eq!(
            errors(&line[..728]),
            ["line 1: expected 729 characters (9 places for each of the 81 cells), found 728"]
        );
        // Forced with --from marks.
        let records: Vec<_> = Reader::with_format(line.as_bytes(), Some(Format::Marks))
            .map(|r| r.unwrap())
            .collect();
        assert!(records[0].marks.is_some());
        // A cell with one candidate is placed; one with none has no solution.
        let mut single = "123456789".repeat(81);
        single.replace_range(0..9, "....5....");
        let marks: PencilMarks = single.parse().unwrap();
        assert_eq!(marks.value(crate::Cell::new(0)), Some(Digit::new(5)));
    }

    #[test]
    fn drawn_grid_errors_name_the_place() {
        let text = crate::format::marks_to_string(&sample_marks(), Format::MarksGrid);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // r1c3's top places: "1.3" -> "1x3".
        let top = &mut lines[2];
        let at = top.find('|').unwrap() + 11;
        top.replace_range(at..at + 1, "x");
        let message = errors(&(lines.join("\n") + "\n")).remove(0);
        assert!(message.starts_with("line 3, column"), "{message}");
        assert!(message.contains("found 'x'"), "{message}");
        // A digit out of its place.
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let top = &mut lines[2];
        let at = top.find('|').unwrap() + 12;
        top.replace_range(at..at + 1, "9");
        let message = errors(&(lines.join("\n") + "\n")).remove(0);
        assert!(
            message.starts_with("line 3, column 16: expected 1 or a blank"),
            "{message}"
        );
        // A row cut short.
        let cut: Vec<&str> = text.lines().take(20).collect();
        let message = errors(&(cut.join("\n") + "\n")).remove(0);
        assert!(message.contains("expected 9 rows"), "{message}");
    }

    #[test]
    fn candidate_rows_only_in_pretty() {
        // The judge format stays strict: a cell of two digits is an error.
        let mut text = "0 3 5 4 6 9 2 7 8\n".repeat(9);
        text.replace_range(0..1, "12");
        assert_eq!(errors(&text), ["line 1: expected 9 digits, found 10"]);
        // The pretty format reads rows of candidates.
        let row = "12 3 5 | 4 6 9 | 2 7 8\n";
        let text = row.repeat(3) + "------+-------+------\n" + &row.repeat(6);
        let records = read_all(&text);
        let marks = records[0].marks.as_deref().expect("marks");
        assert_eq!(marks.candidates(crate::Cell::new(0)).to_string(), "12");
        assert_eq!(marks.value(crate::Cell::new(1)), Some(Digit::new(3)));
        // `-`: a cell with no candidate left.
        let row = "12 - 5 | 4 6 9 | 2 7 8\n";
        let text = row.repeat(3) + "------+-------+------\n" + &row.repeat(6);
        let marks = read_all(&text)[0].marks.as_deref().copied().expect("marks");
        assert!(
            marks.candidates(crate::Cell::new(1)).is_empty()
                && marks.value(crate::Cell::new(1)).is_none()
        );
        let back = crate::format::marks_to_string(&marks, Format::Pretty);
        assert_eq!(read_all(&back)[0].marks.as_deref(), Some(&marks));
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
