//! Reading and writing grids of every shape, in four text forms:
//!
//! | format | shape |
//! |---|---|
//! | `line` | N*N characters on one line, one puzzle per line; `.` or `0` for a blank (`.` only in `hex`, where `0` is a digit); above 35x35, N*N numbers separated by spaces |
//! | `grid` | N lines of N numbers separated by spaces, 0 (or `.`) for a blank: the judge format, and the only one-puzzle form above 35x35 |
//! | `rows` | N lines of N characters |
//! | `pretty` | rows with `|` between boxes and a `-`/`+` line between bands of boxes |
//!
//! **The size** comes from the input: a line of N*N characters is an N x N
//! grid ([`line_lengths`] lists the lengths, the squares of the sides in
//! [`Shape::sizes`]); a first row of N cells starts an N-line grid. The box
//! shape is the usual one ([`Shape::for_size`]), or what a `pretty`
//! drawing shows, or the one given ([`ReadOptions::shape`], which also
//! tells `3x2` from `2x3`). One exception: a 16-character line is a 4x4
//! puzzle when every digit in it is 1-4, and a row of a 16x16 grid
//! otherwise.
//!
//! **The alphabet** ([`Symbols`]) is detected for each puzzle unless given:
//! a puzzle written with letters and no digit 1-9 is in `letters` (A=1);
//! a 16x16 puzzle with `0`s and no letter beyond `F` is `hex` when it also
//! has `.` blanks, and ambiguous when it has not (`0` may be the digit 1 in
//! hex or a blank in the default alphabet): that is an error that names
//! both choices. Anything else is the default alphabet (`1-9`, then `A`
//! for 10), so a 16x16 puzzle without a `0` is read as default.
//!
//! ```
//! use sudoku_engine::sizes::{self, Symbols, format::{self, SizedFormat}};
//!
//! let records = format::read_all("1...\n..2.\n.3..\n...4\n");
//! let puzzle = records[0].grid.as_ref().unwrap();
//! assert_eq!((records[0].format, puzzle.size()), (SizedFormat::Rows, 4));
//! let solution = sizes::solve(puzzle).unwrap();
//! let text = format::to_string(&solution, SizedFormat::Pretty, Symbols::Default);
//! assert!(text.starts_with("1 2 | "));
//! assert_eq!(format::read_all(&text)[0].grid.as_ref(), Ok(&solution));
//! ```

use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;

use super::grid::{SizedGrid, Symbols};
use super::shape::Shape;
use crate::format::{Format, LineReader, ParseErrorKind, Record};

/// Lines longer than this are not kept whole (the longest puzzle line, a
/// 64x64 grid on one line, is under 12,300 bytes): the 9x9 reader's limit,
/// as both read their lines alike.
pub use crate::format::MAX_LINE;

/// A text form of a grid of any shape.
///
/// ```
/// use sudoku_engine::sizes::format::SizedFormat;
/// assert_eq!("pretty".parse::<SizedFormat>(), Ok(SizedFormat::Pretty));
/// assert_eq!(SizedFormat::Grid.to_string(), "grid");
/// assert!("euler".parse::<SizedFormat>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SizedFormat {
    /// One puzzle per line: N*N characters (numbers above 35x35).
    Line,
    /// N lines of N numbers separated by spaces, 0 for a blank.
    Grid,
    /// N lines of N characters.
    Rows,
    /// Rows with `|` between boxes and `-+-` lines between bands.
    Pretty,
}

impl SizedFormat {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [SizedFormat; 4] = [
        SizedFormat::Line,
        SizedFormat::Grid,
        SizedFormat::Rows,
        SizedFormat::Pretty,
    ];

    /// The name on the command line.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::sizes::format::SizedFormat::Rows.name(), "rows");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SizedFormat::Line => "line",
            SizedFormat::Grid => "grid",
            SizedFormat::Rows => "rows",
            SizedFormat::Pretty => "pretty",
        }
    }

    /// Whether one puzzle spans several lines.
    ///
    /// ```
    /// assert!(sudoku_engine::sizes::format::SizedFormat::Grid.is_multiline());
    /// ```
    pub fn is_multiline(self) -> bool {
        self != SizedFormat::Line
    }
}

impl fmt::Display for SizedFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SizedFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<SizedFormat, String> {
        SizedFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown format `{s}`: expected line, grid, rows or pretty"))
    }
}

/// The line lengths a `line` puzzle may have: N*N for every side N that
/// has a box shape and one-character digits (up to 35).
///
/// ```
/// let lengths = sudoku_engine::sizes::format::line_lengths();
/// assert_eq!(&lengths[..6], &[16, 36, 64, 81, 100, 144]);
/// assert!(lengths.contains(&256) && lengths.contains(&625));
/// ```
pub fn line_lengths() -> Vec<usize> {
    Shape::sizes()
        .filter(|&n| Symbols::Default.covers(n))
        .map(|n| n * n)
        .collect()
}

/// Whether a side has a usual box shape.
fn is_side(n: usize) -> bool {
    Shape::for_size(n).is_some()
}

/// The side whose square is `cells`, when that side has a shape.
fn side_of_square(cells: usize) -> Option<usize> {
    let n = cells.isqrt();
    (n * n == cells && is_side(n)).then_some(n)
}

/// What is wrong with a puzzle of any size, and where.
///
/// ```
/// use sudoku_engine::sizes::format::read_all;
/// let err = read_all(&".".repeat(50))[0].grid.clone().unwrap_err();
/// assert_eq!((err.line, err.column), (1, None));
/// assert!(err.to_string().starts_with("line 1: expected a line of 16, 36, 64, 81,"));
/// assert!(err.to_string().ends_with("found 50"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedParseError {
    /// 1-based line number (0 when the error is about the whole input).
    pub line: usize,
    /// 1-based column (in characters), when the error is at one place.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: SizedErrorKind,
}

/// The kinds of [`SizedParseError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SizedErrorKind {
    /// A `line` puzzle whose length is not one of [`line_lengths`].
    BadLength {
        /// Its length in characters.
        found: usize,
    },
    /// A puzzle or row with another count of cells than its shape needs.
    WrongCount {
        /// Cells expected.
        expected: usize,
        /// Cells found.
        found: usize,
        /// `"a row"` or `"a line"`, for the message.
        what: &'static str,
    },
    /// A first row whose length is no side with a box shape.
    NoShape {
        /// Cells in the row.
        found: usize,
    },
    /// A character that is neither a digit of the alphabet nor a blank.
    UnexpectedChar {
        /// The character.
        found: char,
        /// The alphabet read.
        symbols: Symbols,
        /// The grid's side.
        size: usize,
    },
    /// A number, in `grid` or a numeric line, that is not `0..=size`.
    BadNumber {
        /// The text found.
        found: String,
        /// The grid's side.
        size: usize,
    },
    /// A 16x16 puzzle that reads both in hex and in the default alphabet.
    AmbiguousSymbols,
    /// A grid that stopped before its last row.
    MissingRows {
        /// Rows expected.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A line longer than [`MAX_LINE`] bytes.
    LineTooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// Bytes that are not UTF-8 text.
    NotText,
    /// The input holds no puzzle.
    NoPuzzle,
    /// A text read as one puzzle holds another one (see [`read_one_with`]).
    ExtraPuzzle,
}

impl fmt::Display for SizedParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => {}
            (line, None) => write!(f, "line {line}: ")?,
            (line, Some(col)) => write!(f, "line {line}, column {col}: ")?,
        }
        match &self.kind {
            SizedErrorKind::BadLength { found } => {
                let lengths: Vec<String> = line_lengths().iter().map(|l| l.to_string()).collect();
                write!(
                    f,
                    "expected a line of {} characters (N*N for an N x N grid), found {found}",
                    lengths.join(", ")
                )
            }
            SizedErrorKind::WrongCount {
                expected,
                found,
                what,
            } => write!(f, "expected {expected} cells in {what}, found {found}"),
            SizedErrorKind::NoShape { found } => {
                let sides: Vec<String> = Shape::sizes().map(|n| n.to_string()).collect();
                write!(
                    f,
                    "a row of {found} cells is no grid: a side must be one of {} (or give --size RxC)",
                    sides.join(", ")
                )
            }
            SizedErrorKind::UnexpectedChar {
                found,
                symbols,
                size,
            } => {
                let last = symbols.symbol(*size as u8).unwrap_or('?');
                let first = symbols.symbol(1).unwrap_or('?');
                let blank = if *symbols == Symbols::Hex {
                    ". "
                } else {
                    "0 or ."
                };
                write!(
                    f,
                    "expected a digit {first}-{last} ({} alphabet, {size}x{size}) or a blank ({blank}), found '{}'",
                    symbols.name(),
                    found.escape_debug()
                )
            }
            SizedErrorKind::BadNumber { found, size } => write!(
                f,
                "expected a number 1-{size} or a blank (0 or .), found '{}'",
                found.escape_debug()
            ),
            SizedErrorKind::AmbiguousSymbols => f.write_str(
                "this 16x16 puzzle reads two ways: `0` is the digit 1 in hexadecimal (0-F) and a \
                 blank in the default alphabet (1-9, A-G); say which with --symbols hex or \
                 --symbols default",
            ),
            SizedErrorKind::MissingRows { expected, found } => {
                write!(f, "expected {expected} rows in this grid, found {found}")
            }
            SizedErrorKind::LineTooLong { length } => write!(
                f,
                "expected a puzzle, found a line of {length} bytes (at most {MAX_LINE} are read)"
            ),
            SizedErrorKind::NotText => f.write_str("expected text, found bytes that are not UTF-8"),
            SizedErrorKind::NoPuzzle => f.write_str("no puzzle found in the input"),
            SizedErrorKind::ExtraPuzzle => {
                f.write_str("expected one puzzle, found another one here")
            }
        }
    }
}

impl std::error::Error for SizedParseError {}

/// What the reader is told rather than left to detect.
///
/// ```
/// use sudoku_engine::sizes::{Shape, Symbols, format::ReadOptions};
/// let options = ReadOptions { shape: Some(Shape::new(3, 2).unwrap()), symbols: Some(Symbols::Hex), format: None };
/// assert_eq!(ReadOptions::default().shape, None);
/// # let _ = options;
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// The box shape of every puzzle (`--size`).
    pub shape: Option<Shape>,
    /// The alphabet of every puzzle (`--symbols`).
    pub symbols: Option<Symbols>,
    /// The format (`--from`).
    pub format: Option<SizedFormat>,
}

/// One puzzle of an input, in input order, or why it could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedRecord {
    /// 1-based position among the input's puzzles.
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The input's format.
    pub format: SizedFormat,
    /// The alphabet the puzzle was written in (the default one for `grid`).
    pub symbols: Symbols,
    /// The side, when it was made out (even if the puzzle is bad).
    pub size: Option<usize>,
    /// The puzzle, or why it could not be read.
    pub grid: Result<SizedGrid, SizedParseError>,
}

/// One cell as written: a character, or a number of the `grid` form, and
/// its 1-based column.
#[derive(Clone)]
struct Written<'a> {
    text: &'a str,
    column: usize,
}

/// A row of a multi-line grid, kept until the grid is whole.
struct RowLine {
    number: usize,
    text: String,
}

/// A grid being collected from several lines.
struct Partial {
    line: usize,
    rows: Vec<RowLine>,
    /// Rows seen before the first separator line of a `pretty` drawing.
    band: Option<usize>,
    error: Option<SizedParseError>,
}

/// Streams the puzzles of an input one [`SizedRecord`] at a time, detecting
/// the format from the first puzzle line unless one is given. Blank lines
/// and `#` comments are skipped; a bad puzzle gives a record with its
/// error and the reader goes on.
///
/// ```
/// use sudoku_engine::sizes::format::{ReadOptions, SizedFormat, SizedReader};
/// let input = format!("# two 4x4 puzzles and a bad line\n1...2...3...4...\nnot a puzzle\n{}\n", ".".repeat(16));
/// let records: Vec<_> = SizedReader::new(input.as_bytes(), ReadOptions::default())
///     .map(|r| r.unwrap())
///     .collect();
/// assert_eq!(records.len(), 3);
/// assert_eq!((records[0].format, records[0].line), (SizedFormat::Line, 2));
/// assert!(records[1].grid.is_err() && records[2].grid.is_ok());
/// ```
pub struct SizedReader<R> {
    lines: LineReader<R>,
    options: ReadOptions,
    format: Option<SizedFormat>,
    emitted: usize,
    partial: Option<Partial>,
    /// The first puzzle line, when it made the format `rows`: kept until
    /// the next line shows whether it was a row or a one-line puzzle of
    /// the wrong length (see [`crate::format::Reader`]).
    first_row: Option<(usize, String)>,
    finished: bool,
    /// The digit plus one of each ASCII character (0: not a cell) in the
    /// alphabet and size of the last plain line read.
    table: Option<(Symbols, usize, [u8; 128])>,
}

impl<R: BufRead> SizedReader<R> {
    /// A reader with what it is told in `options`.
    pub fn new(inner: R, options: ReadOptions) -> SizedReader<R> {
        SizedReader {
            lines: LineReader::new(inner),
            options,
            format: options.format,
            emitted: 0,
            partial: None,
            first_row: None,
            finished: false,
            table: None,
        }
    }

    /// The format: the one given, or the one detected so far.
    pub fn format(&self) -> Option<SizedFormat> {
        self.format
    }

    fn record(
        &mut self,
        line: usize,
        size: Option<usize>,
        symbols: Symbols,
        grid: Result<SizedGrid, SizedParseError>,
    ) -> SizedRecord {
        self.emitted += 1;
        SizedRecord {
            index: self.emitted,
            line,
            format: self.format.unwrap_or(SizedFormat::Line),
            symbols,
            size,
            grid,
        }
    }

    fn error(&mut self, line: usize, size: Option<usize>, error: SizedParseError) -> SizedRecord {
        let symbols = self.options.symbols.unwrap_or(Symbols::Default);
        self.record(line, size, symbols, Err(error))
    }

    /// The next puzzle, `Ok(None)` at the end, or the I/O error that
    /// stopped the reading.
    pub fn next_record(&mut self) -> io::Result<Option<SizedRecord>> {
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
                    let e = SizedParseError {
                        line: 0,
                        column: None,
                        kind: SizedErrorKind::NoPuzzle,
                    };
                    return Ok(Some(self.error(0, None, e)));
                }
                return Ok(None);
            }
            let (number, length) = (self.lines.number, self.lines.length);
            let text = match (length > MAX_LINE, std::str::from_utf8(&self.lines.buf)) {
                (true, _) => Err(SizedErrorKind::LineTooLong { length }),
                // Leading blanks stay: columns count from the line's start.
                (false, Ok(text)) => Ok(text.trim_ascii_end().to_string()),
                (false, Err(_)) => Err(SizedErrorKind::NotText),
            };
            let text = match text {
                Ok(text) => text,
                Err(kind) => {
                    let e = SizedParseError {
                        line: number,
                        column: None,
                        kind,
                    };
                    if let Some(p) = self.partial.as_mut() {
                        // A row unreadable: the first line was a row too.
                        self.first_row = None;
                        p.error.get_or_insert(e);
                        p.rows.push(RowLine {
                            number,
                            text: String::new(),
                        });
                        continue;
                    }
                    return Ok(Some(self.error(number, None, e)));
                }
            };
            if text.trim_ascii_start().is_empty() || text.trim_ascii_start().starts_with('#') {
                if let Some(p) = self.partial.take() {
                    return Ok(Some(self.finish(p)));
                }
                continue;
            }
            if let Some((first, line)) = self.first_row.take() {
                // A one-line puzzle of another length after the first
                // line: that was one too. It is read as one, and this
                // line again.
                let length = |t: &str| t.trim_ascii().chars().count();
                if detect(text.trim_ascii_start(), self.options.shape) == SizedFormat::Line
                    && length(&text) != length(&line)
                {
                    self.format = Some(SizedFormat::Line);
                    self.partial = None;
                    self.lines.read_again();
                    return Ok(Some(self.line_record(first, &line)));
                }
            }
            let format = match self.format {
                Some(format) => format,
                None => {
                    let format = detect(text.trim_ascii_start(), self.options.shape);
                    if format == SizedFormat::Rows {
                        self.first_row = Some((number, text.clone()));
                    }
                    *self.format.insert(format)
                }
            };
            if format == SizedFormat::Line {
                return Ok(Some(self.line_record(number, &text)));
            }
            if format == SizedFormat::Pretty && is_separator(&text) {
                if let Some(p) = self.partial.as_mut()
                    && p.band.is_none()
                {
                    p.band = Some(p.rows.len());
                }
                continue;
            }
            let p = self.partial.get_or_insert_with(|| Partial {
                line: number,
                rows: Vec::new(),
                band: None,
                error: None,
            });
            p.rows.push(RowLine { number, text });
            let p = self.partial.as_ref().expect("present");
            if let Some(n) = self.expected_rows(p)
                && p.rows.len() >= n
            {
                let p = self.partial.take().expect("present");
                return Ok(Some(self.finish(p)));
            }
        }
    }

    /// Rows of the grid being collected: the shape's side, or the cells
    /// of its first row.
    fn expected_rows(&self, p: &Partial) -> Option<usize> {
        if let Some(shape) = self.options.shape {
            return Some(shape.size());
        }
        let first = &p.rows.first()?.text;
        let n = cells_of_row(first, self.format?, None).len();
        is_side(n).then_some(n)
    }

    fn line_record(&mut self, number: usize, text: &str) -> SizedRecord {
        match self.plain_line(number, text) {
            Some(record) => record,
            None => self.general_line(number, text),
        }
    }

    /// A one-line puzzle of any kind: characters or numbers, and every
    /// fault named.
    fn general_line(&mut self, number: usize, text: &str) -> SizedRecord {
        let tokens: Vec<Written> = tokens(text, false);
        let numeric = tokens.len() > 1;
        let cells = match tokens.as_slice() {
            [one] => chars_of(one.text, one.column),
            _ => tokens,
        };
        let size = match self.options.shape {
            Some(shape) => {
                if cells.len() != shape.cells() {
                    let e = SizedParseError {
                        line: number,
                        column: None,
                        kind: SizedErrorKind::WrongCount {
                            expected: shape.cells(),
                            found: cells.len(),
                            what: "a line",
                        },
                    };
                    return self.error(number, None, e);
                }
                shape.size()
            }
            None => match side_of_square(cells.len()) {
                Some(n) if numeric || Symbols::Default.covers(n) => n,
                _ => {
                    let e = SizedParseError {
                        line: number,
                        column: None,
                        kind: SizedErrorKind::BadLength { found: cells.len() },
                    };
                    return self.error(number, None, e);
                }
            },
        };
        let shape = self
            .options
            .shape
            .or_else(|| Shape::for_size(size))
            .expect("a side with a shape");
        let (symbols, grid) = decode(shape, &[(number, cells)], numeric, self.options.symbols);
        self.record(number, Some(size), symbols, grid)
    }

    /// A line of N*N characters, read byte by byte through a table of its
    /// alphabet (made once per alphabet and size) where the general reading
    /// below splits the line into cells and looks each up in the alphabet:
    /// that was a sixth of the time of a batch of easy 16x16 puzzles.
    /// `None` for any other line and for any fault in one, which the
    /// general reading then reads and reports as before.
    fn plain_line(&mut self, number: usize, text: &str) -> Option<SizedRecord> {
        let line = text.trim_ascii().as_bytes();
        if !line.iter().all(u8::is_ascii_graphic) {
            return None;
        }
        let shape = match self.options.shape {
            Some(shape) if shape.cells() == line.len() => shape,
            Some(_) => return None,
            None => Shape::for_size(
                side_of_square(line.len()).filter(|&n| Symbols::Default.covers(n))?,
            )?,
        };
        let n = shape.size();
        let symbols = match self.options.symbols {
            Some(s) => s,
            None => detect_in(line.iter().map(|&b| char::from(b)), n)?,
        };
        let table = match &self.table {
            Some((s, size, table)) if *s == symbols && *size == n => table,
            _ => &self.table.insert((symbols, n, value_table(symbols, n))).2,
        };
        let mut cells = Vec::with_capacity(line.len());
        for &b in line {
            match table[usize::from(b)] {
                0 => return None,
                v => cells.push(v - 1),
            }
        }
        let grid = SizedGrid::from_cells(shape, cells)?;
        Some(self.record(number, Some(n), symbols, Ok(grid)))
    }

    /// A multi-line grid from its rows.
    fn finish(&mut self, p: Partial) -> SizedRecord {
        // A lone first line whose length is no grid's side squared is a
        // one-line puzzle of the wrong length, not a grid cut short.
        if let Some((number, line)) = self.first_row.take()
            && p.rows.len() == 1
            && side_of_square(line.trim_ascii().chars().count()).is_none()
        {
            // The next puzzle shows its own format.
            self.format = None;
            let mut record = self.line_record(number, &line);
            record.format = SizedFormat::Line;
            return record;
        }
        let format = self.format.unwrap_or(SizedFormat::Rows);
        let first = &p.rows[0].text;
        let found = cells_of_row(first, format, None).len();
        let size = match self.options.shape {
            Some(shape) => shape.size(),
            None if is_side(found) => found,
            None => {
                let e = SizedParseError {
                    line: p.line,
                    column: None,
                    kind: SizedErrorKind::NoShape { found },
                };
                return self.error(p.line, None, e);
            }
        };
        if let Some(e) = p.error {
            return self.error(p.line, Some(size), e);
        }
        if p.rows.len() < size {
            let e = SizedParseError {
                line: p.line,
                column: None,
                kind: SizedErrorKind::MissingRows {
                    expected: size,
                    found: p.rows.len(),
                },
            };
            return self.error(p.line, Some(size), e);
        }
        let numeric = format == SizedFormat::Grid || !Symbols::Default.covers(size);
        let mut rows = Vec::with_capacity(size);
        for row in &p.rows {
            let cells = cells_of_row(&row.text, format, Some(size));
            if cells.len() != size {
                let e = SizedParseError {
                    line: row.number,
                    column: None,
                    kind: SizedErrorKind::WrongCount {
                        expected: size,
                        found: cells.len(),
                        what: "a row",
                    },
                };
                return self.error(p.line, Some(size), e);
            }
            rows.push((row.number, cells));
        }
        let shape = self
            .options
            .shape
            .or_else(|| drawn_shape(format, first, p.band, size))
            .or_else(|| Shape::for_size(size))
            .expect("a side with a shape");
        let (symbols, grid) = decode(shape, &rows, numeric, self.options.symbols);
        self.record(p.line, Some(size), symbols, grid)
    }
}

impl<R: BufRead> Iterator for SizedReader<R> {
    type Item = io::Result<SizedRecord>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record().transpose()
    }
}

/// Every record of a text, detecting its format, sizes and alphabets.
///
/// ```
/// use sudoku_engine::sizes::format::read_all;
/// let records = read_all("1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n");
/// assert_eq!(records[0].grid.as_ref().unwrap().get(3, 3), Some(4));
/// ```
pub fn read_all(text: &str) -> Vec<SizedRecord> {
    read_all_with(text, ReadOptions::default())
}

/// Every record of a text, with what `options` says.
///
/// ```
/// use sudoku_engine::sizes::{Shape, format::{ReadOptions, read_all_with}};
/// let options = ReadOptions { shape: Some(Shape::new(3, 2).unwrap()), ..Default::default() };
/// let records = read_all_with(&".".repeat(36), options);
/// assert_eq!(records[0].grid.as_ref().unwrap().shape().to_string(), "3x2");
/// ```
pub fn read_all_with(text: &str, options: ReadOptions) -> Vec<SizedRecord> {
    SizedReader::new(text.as_bytes(), options)
        .map(|r| r.expect("reading from memory cannot fail"))
        .collect()
}

/// Reads a text that should hold exactly one puzzle of any size: its
/// record, whose `grid` is the error when the text holds no puzzle, a bad
/// one, or more than one ([`SizedErrorKind::ExtraPuzzle`], at the line of
/// the second), as [`crate::format::read_one`] does for 9x9.
///
/// ```
/// use sudoku_engine::sizes::format::{ReadOptions, SizedErrorKind, read_one_with};
/// let record = read_one_with("\n1...\n..2.\n.3..\n...4\n", ReadOptions::default());
/// assert_eq!((record.line, record.size), (2, Some(4)));
/// assert!(record.grid.is_ok());
/// let two = format!("{0}\n{0}\n", ".".repeat(16));
/// let err = read_one_with(&two, ReadOptions::default()).grid.unwrap_err();
/// assert_eq!((err.line, err.kind), (2, SizedErrorKind::ExtraPuzzle));
/// ```
pub fn read_one_with(text: &str, options: ReadOptions) -> SizedRecord {
    read_one_from(SizedReader::new(text.as_bytes(), options))
}

/// [`read_one_with`] for a text cut from the middle of an input (by
/// [`crate::format::Reader::next_any`]): a byte-order mark that opens it
/// is a stray character there, as the 9x9 reader saw it, not a mark to drop.
pub(crate) fn read_rest_with(text: &str, options: ReadOptions) -> SizedRecord {
    let mut reader = SizedReader::new(text.as_bytes(), options);
    reader.lines.keep_bom();
    read_one_from(reader)
}

fn read_one_from(mut reader: SizedReader<&[u8]>) -> SizedRecord {
    let mut first = reader
        .next_record()
        .expect("reading from memory cannot fail")
        .expect("a reader gives at least one record");
    if let Some(extra) = reader
        .next_record()
        .expect("reading from memory cannot fail")
    {
        first.grid = Err(SizedParseError {
            line: extra.line,
            column: None,
            kind: SizedErrorKind::ExtraPuzzle,
        });
    }
    first
}

/// One puzzle read by the reader that takes it: the 9x9 reader's record
/// (digits or pencil marks), or this module's for a grid of another size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyRecord {
    /// Read by the 9x9 reader ([`crate::format::read_one`]), exactly as it
    /// reads it alone (its error, too, when neither reader takes the text,
    /// but for a line of a length neither takes).
    Classic(crate::format::Record),
    /// Read by [`read_one_with`] (and its error for a line of a length
    /// neither reader takes, which names every length accepted).
    Sized(SizedRecord),
}

/// Reads a text that should hold exactly one puzzle of any size, with the
/// reader [`route`] chooses for it (read as one puzzle, not only its
/// first): text the 9x9 reader takes stays 9x9 (unless `options` ask for
/// another shape or alphabet), and so does a 9x9-only form (`euler`,
/// drawn pencil marks, the 729-character line) even when it is bad;
/// otherwise the reader of every size takes it when it reads it, when
/// `options` give a shape or an alphabet, or when it makes out a side
/// other than 9, or when the text is one line of a length neither reader
/// takes (its message names every length accepted, 81 among them).
/// Anything else keeps the 9x9 reader's error. A format in
/// `options` (one of this module's) names this module's reader, which
/// then takes the text without a choice.
///
/// ```
/// use sudoku_engine::sizes::{Shape, format::{AnyRecord, ReadOptions, read_one_any}};
/// let nine = ".".repeat(81);
/// assert!(matches!(read_one_any(&nine, ReadOptions::default()), AnyRecord::Classic(r) if r.grid.is_ok()));
/// let AnyRecord::Sized(four) = read_one_any("1...\n..2.\n.3..\n...4", ReadOptions::default()) else { panic!() };
/// assert_eq!(four.grid.unwrap().shape().to_string(), "2x2");
/// // A 9x9 text the 9x9 reader refuses keeps its message.
/// let AnyRecord::Classic(bad) = read_one_any("1234.678\n123456789\n", ReadOptions::default()) else { panic!() };
/// assert!(bad.grid.is_err());
/// // A line of no length accepted is told them all.
/// let AnyRecord::Sized(short) = read_one_any(&".".repeat(80), ReadOptions::default()) else { panic!() };
/// assert!(short.grid.unwrap_err().to_string().starts_with("line 1: expected a line of 16, 36, 64, 81,"));
/// // A shape asked for goes to the reader of every size.
/// let options = ReadOptions { shape: Some(Shape::new(3, 2).unwrap()), ..Default::default() };
/// assert!(matches!(read_one_any(&".".repeat(36), options), AnyRecord::Sized(r) if r.grid.is_ok()));
/// ```
pub fn read_one_any(text: &str, options: ReadOptions) -> AnyRecord {
    read_any(
        text,
        options,
        |_| crate::format::read_one(text),
        |options| read_one_with(text, options),
    )
}

/// The first puzzle of a text, read by the reader [`route`] chooses for
/// it: how the `sudoku` command chooses the reader of a whole input (a
/// file of puzzles goes on with the reader of its first one). A format in
/// `options` names this module's reader, as for [`read_one_any`].
///
/// ```
/// use sudoku_engine::sizes::format::{AnyRecord, ReadOptions, read_first_any};
/// let text = format!("{0}\n{0}\n", "...21.4.3..1....");
/// let AnyRecord::Sized(first) = read_first_any(&text, ReadOptions::default()) else { panic!() };
/// assert_eq!((first.index, first.size), (1, Some(4)));
/// let nine = format!("{0}\n{0}\n", ".".repeat(81));
/// assert!(matches!(read_first_any(&nine, ReadOptions::default()), AnyRecord::Classic(_)));
/// ```
pub fn read_first_any(text: &str, options: ReadOptions) -> AnyRecord {
    read_any(
        text,
        options,
        |from| first_classic(text.as_bytes(), from).expect("a reader gives at least one record"),
        |options| {
            first_sized(text.as_bytes(), options).expect("a reader gives at least one record")
        },
    )
}

/// [`read_one_any`] and [`read_first_any`] with their ways of reading a
/// text: the route of [`route`], and the record of the reader it names
/// (the one read while choosing, when it was).
fn read_any(
    text: &str,
    options: ReadOptions,
    read_classic: impl Fn(Option<Format>) -> Record,
    read_sized: impl Fn(ReadOptions) -> SizedRecord,
) -> AnyRecord {
    if options.format.is_some() {
        return AnyRecord::Sized(read_sized(options));
    }
    let chosen = choose(
        text.as_bytes(),
        options.shape,
        options.symbols,
        None,
        |from| Some(read_classic(from)),
        |options| Some(read_sized(options)),
    );
    match chosen.route {
        Route::Classic => AnyRecord::Classic(chosen.classic.unwrap_or_else(|| read_classic(None))),
        Route::Sized => AnyRecord::Sized(chosen.sized.unwrap_or_else(|| read_sized(options))),
    }
}

/// Which reader takes an input: see [`route`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// The 9x9 reader ([`crate::format::Reader`]) and engine.
    Classic,
    /// This module's reader ([`SizedReader`]) and the engine of every size.
    Sized,
}

/// The format of this module's reader for a format of the 9x9 reader,
/// when it has one (`euler` and the two pencil-mark forms are 9x9 only).
///
/// ```
/// use sudoku_engine::format::Format;
/// use sudoku_engine::sizes::format::{SizedFormat, format_of};
/// assert_eq!(format_of(Format::Pretty), Some(SizedFormat::Pretty));
/// assert_eq!(format_of(Format::Euler), None);
/// ```
pub fn format_of(format: Format) -> Option<SizedFormat> {
    match format {
        Format::Line => Some(SizedFormat::Line),
        Format::Grid => Some(SizedFormat::Grid),
        Format::Rows => Some(SizedFormat::Rows),
        Format::Pretty => Some(SizedFormat::Pretty),
        Format::Euler | Format::Marks | Format::MarksGrid => None,
    }
}

/// Which reader takes an input, decided from its start (at least its
/// first puzzle: what [`peek`] reads) and from what the user gave: a box shape
/// (`--size`), an alphabet (`--symbols`) and a format of the 9x9 reader
/// (`--from`, which may be a 9x9-only one). Front ends ask this rather
/// than choosing themselves; [`read_one_any`] and [`read_first_any`]
/// follow it. In order:
///
/// 1. a shape other than 3x3, or an alphabet other than the default one,
///    takes the input to [`Route::Sized`];
/// 2. a 9x9-only format (`euler`, `marks`, `marks-grid`: [`format_of`]
///    gives none) keeps it on [`Route::Classic`];
/// 3. a first puzzle the 9x9 reader accepts stays [`Route::Classic`], and
///    so does one in a 9x9-only form (`euler`, drawn pencil marks, a
///    729-character line with no letter, which would make it a 27x27
///    grid) even when bad, unless a shape is given;
/// 4. otherwise [`Route::Sized`] when this module's reader reads the
///    first puzzle, when a shape or an alphabet is given, or when it
///    makes out a side other than 9 (a grid cut short is no evidence of
///    its size), or when the first puzzle is a line of a length neither
///    reader takes (this module's message names every length accepted);
///    anything else stays [`Route::Classic`], for the 9x9 reader's
///    message.
///
/// ```
/// use sudoku_engine::format::Format;
/// use sudoku_engine::sizes::{Shape, Symbols, format::{Route, route}};
/// let nine = format!("4{}\n", ".".repeat(80));
/// assert_eq!(route(nine.as_bytes(), None, None, None), Route::Classic);
/// assert_eq!(route(b"1...\n..2.\n.3..\n...4\n", None, None, None), Route::Sized);
/// // Asked for: another alphabet, or another shape.
/// assert_eq!(route(nine.as_bytes(), None, Some(Symbols::Hex), None), Route::Sized);
/// let six = ".".repeat(36);
/// assert_eq!(route(six.as_bytes(), Shape::new(3, 2).ok(), None, None), Route::Sized);
/// // A 9x9-only format, and a 9x9 grid cut short, stay 9x9.
/// assert_eq!(route(b"1...\n", None, None, Some(Format::Euler)), Route::Classic);
/// assert_eq!(route(b"1234.678\n123456789\n", None, None, None), Route::Classic);
/// // A line of no length accepted: the message that names them all.
/// assert_eq!(route(".".repeat(80).as_bytes(), None, None, None), Route::Sized);
/// assert_eq!(route(b"1234.678\n", None, None, None), Route::Sized);
/// ```
pub fn route(
    prefix: &[u8],
    shape: Option<Shape>,
    symbols: Option<Symbols>,
    from: Option<Format>,
) -> Route {
    choose(
        prefix,
        shape,
        symbols,
        from,
        |from| first_classic(prefix, from),
        |options| first_sized(prefix, options),
    )
    .route
}

/// Content lines [`peek`] reads ahead: enough for the first puzzle of any
/// format (a 64x64 `pretty` grid has 71 lines).
const PEEK_LINES: usize = 80;
/// Bytes [`peek`] reads ahead at most, whatever the lines.
const PEEK_BYTES: u64 = 1 << 20;

/// Reads the start of an input that [`route`] decides on: up to the end of
/// its first puzzle (a blank line after content), 80 puzzle lines or
/// 1 MiB, whichever comes first. The caller reads these bytes again before
/// the rest of the input.
///
/// ```
/// use sudoku_engine::sizes::format::{Route, peek, route};
/// let mut input = "# two 4x4 puzzles\n\n1...\n..2.\n.3..\n...4\n\n....\n".as_bytes();
/// let prefix = peek(&mut input).unwrap();
/// assert_eq!(prefix, b"# two 4x4 puzzles\n\n1...\n..2.\n.3..\n...4\n\n");
/// assert_eq!(input, b"....\n");
/// assert_eq!(route(&prefix, None, None, None), Route::Sized);
/// ```
pub fn peek(reader: &mut impl BufRead) -> io::Result<Vec<u8>> {
    peek_streaming(reader, |_| false, |_| false).map(|(prefix, _)| prefix)
}

/// [`peek`] for input that arrives as it is written, a pipe from a
/// program that prints puzzles one by one: when what came is a whole first
/// puzzle (a one-line puzzle of 9x9 or more, or a grid that reads) and
/// `waiting(reader)` says that nothing more has arrived yet (reading on
/// would wait for the writer), it stops there, so that the puzzle is
/// answered at once; `complete(prefix)` names the caller's own whole
/// forms (a variant puzzle's link, say). The flag says it stopped so: the
/// caller then takes the puzzle as complete, with no map or second block
/// after it.
///
/// ```
/// use sudoku_engine::sizes::format::peek_streaming;
/// let line = ".".repeat(81) + "\n";
/// // Nothing more has come: the one line is enough.
/// let mut input = format!("# a comment\n{line}{line}");
/// let (prefix, early) = peek_streaming(&mut input.as_bytes(), |_| true, |_| false).unwrap();
/// assert_eq!((prefix, early), (format!("# a comment\n{line}").into_bytes(), true));
/// // A row of a grid is never enough, unless the caller says it is.
/// let row = "123456789\n123".as_bytes();
/// let (prefix, early) = peek_streaming(&mut &row[..], |_| true, |_| false).unwrap();
/// assert_eq!((prefix.len(), early), (13, false));
/// let (prefix, early) = peek_streaming(&mut &row[..], |_| true, |p| p.ends_with(b"9\n")).unwrap();
/// assert_eq!((prefix.len(), early), (10, true));
/// ```
pub fn peek_streaming<R: BufRead>(
    reader: &mut R,
    waiting: impl Fn(&R) -> bool,
    complete: impl Fn(&[u8]) -> bool,
) -> io::Result<(Vec<u8>, bool)> {
    let whole = |prefix: &[u8], content| whole(prefix, content) || complete(prefix);
    let mut prefix = Vec::new();
    let mut content = 0;
    while content < PEEK_LINES {
        let start = prefix.len();
        let room = PEEK_BYTES.saturating_sub(start as u64);
        if room == 0 || (&mut *reader).take(room).read_until(b'\n', &mut prefix)? == 0 {
            break;
        }
        let line = prefix[start..].trim_ascii();
        if line.is_empty() || line.starts_with(b"#") {
            if content > 0 {
                break;
            }
            continue;
        }
        content += 1;
        if waiting(reader) && whole(&prefix, content) {
            return Ok((prefix, true));
        }
    }
    let early = content > 0 && waiting(reader) && whole(&prefix, content);
    Ok((prefix, early))
}

/// Whether `prefix`, with `content` puzzle lines, holds a whole first
/// puzzle: a one-line puzzle, or a grid that reads.
fn whole(prefix: &[u8], content: usize) -> bool {
    if content == 1 && whole_line(prefix_first_line(prefix)) {
        return true;
    }
    let grid = |format| {
        matches!(
            format,
            Format::Grid | Format::Rows | Format::Pretty | Format::Euler
        )
    };
    first_classic(prefix, None).is_some_and(|r| grid(r.format) && r.grid.is_ok())
        || first_sized(prefix, ReadOptions::default())
            .is_some_and(|r| r.format != SizedFormat::Line && r.grid.is_ok())
}

/// The first line of `prefix` that is neither blank nor a comment.
fn prefix_first_line(prefix: &[u8]) -> &[u8] {
    prefix
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .find(|l| !l.is_empty() && !l.starts_with(b"#"))
        .unwrap_or_default()
}

/// Whether `line` is by itself a whole puzzle on one line, of 9x9 or more
/// (a shorter line may be a row of a grid), readable or not.
fn whole_line(line: &[u8]) -> bool {
    let cells = first_token(line);
    let classic = first_classic(line, None).is_some_and(|r| {
        matches!(r.format, Format::Line | Format::Marks) && matches!(cells, 81 | 729)
    });
    classic
        || first_sized(line, ReadOptions::default())
            .is_some_and(|r| r.format == SizedFormat::Line && r.size.is_some_and(|n| n >= 9))
}

/// The first record of the 9x9 reader, in a format or detecting it.
fn first_classic(text: &[u8], from: Option<Format>) -> Option<Record> {
    crate::format::Reader::with_format(text, from)
        .next_record()
        .expect("reading from memory cannot fail")
}

/// The first record of this module's reader.
fn first_sized(text: &[u8], options: ReadOptions) -> Option<SizedRecord> {
    SizedReader::new(text, options)
        .next_record()
        .expect("reading from memory cannot fail")
}

/// A route, and the records read to choose it.
struct Chosen {
    route: Route,
    classic: Option<Record>,
    sized: Option<SizedRecord>,
}

/// The rule of [`route`], reading with `read_classic` (the 9x9 reader, in
/// the format given) and `read_sized` (this module's, with the options
/// given), each at most once: the records they gave come back with the
/// route.
fn choose(
    text: &[u8],
    shape: Option<Shape>,
    symbols: Option<Symbols>,
    from: Option<Format>,
    read_classic: impl FnOnce(Option<Format>) -> Option<Record>,
    read_sized: impl FnOnce(ReadOptions) -> Option<SizedRecord>,
) -> Chosen {
    let chosen = |route, classic, sized| Chosen {
        route,
        classic,
        sized,
    };
    let asked = shape.is_some_and(|s| s != Shape::CLASSIC)
        || symbols.is_some_and(|s| s != Symbols::Default);
    if asked {
        return chosen(Route::Sized, None, None);
    }
    if from.is_some_and(|f| format_of(f).is_none()) {
        return chosen(Route::Classic, None, None);
    }
    let classic = read_classic(from);
    if let Some(first) = &classic {
        // A 729-character line is 9x9 pencil marks unless letters show it
        // is a 27x27 grid.
        let letter = matches!(&first.grid,
            Err(e) if matches!(e.kind, ParseErrorKind::UnexpectedChar(c) if c.is_ascii_alphabetic()));
        let marks = first.format == Format::Marks && first_token(text) == 729 && !letter;
        let classic_only = matches!(first.format, Format::Euler | Format::MarksGrid) || marks;
        if first.grid.is_ok() || (classic_only && shape.is_none()) {
            return chosen(Route::Classic, classic, None);
        }
    }
    let options = ReadOptions {
        shape,
        symbols,
        format: from.and_then(format_of),
    };
    let sized = read_sized(options);
    // A grid cut short is no evidence of its size: the 9x9 reader's
    // message stays. A 9x9 grid the 9x9 reader refused but this one reads
    // (in letters, say) is this one's.
    let takes = |r: &SizedRecord| {
        r.grid.is_ok()
            || (r.size.is_some_and(|n| n != 9)
                && !matches!(&r.grid, Err(e) if matches!(e.kind, SizedErrorKind::MissingRows { .. })))
    };
    // A first line of a length no reader takes: the message that names
    // every length accepted, 81 among them (a line short of the pencil
    // marks' 729 keeps their message, a longer one is no pencil marks).
    let bad_line = sized.as_ref().is_some_and(
        |r| matches!(&r.grid, Err(e) if matches!(e.kind, SizedErrorKind::BadLength { .. })),
    ) && classic.as_ref().is_some_and(|r| {
        matches!(&r.grid, Err(e) if matches!(e.kind,
            ParseErrorKind::WrongCount { expected: 81, .. }
            | ParseErrorKind::WrongCount { expected: 729, found: 730.. }))
    });
    let route =
        if sized.as_ref().is_some_and(takes) || bad_line || shape.is_some() || symbols.is_some() {
            Route::Sized
        } else {
            Route::Classic
        };
    chosen(route, classic, sized)
}

/// The characters of the first word of the first puzzle line.
fn first_token(text: &[u8]) -> usize {
    String::from_utf8_lossy(text)
        .lines()
        .map(str::trim_ascii)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .and_then(|l| l.split_ascii_whitespace().next())
        .map_or(0, |t| t.chars().count())
}

/// A line drawn between bands: only `-`, `=`, `+`, `|` and spaces.
fn is_separator(text: &str) -> bool {
    text.contains(['-', '='])
        && text
            .chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|' | ' ' | '\t'))
}

/// The format of the first puzzle line (see the module documentation).
fn detect(text: &str, shape: Option<Shape>) -> SizedFormat {
    if text.contains('|') || is_separator(text) {
        return SizedFormat::Pretty;
    }
    let tokens = text.split_ascii_whitespace().count();
    let forced = shape.map(Shape::size);
    if tokens > 1 {
        return match forced {
            Some(n) if tokens == n * n => SizedFormat::Line,
            Some(_) => SizedFormat::Grid,
            None if !is_side(tokens) && side_of_square(tokens).is_some() => SizedFormat::Line,
            None => SizedFormat::Grid,
        };
    }
    let length = text.chars().count();
    match forced {
        // Longer than a row: a line of the wrong length.
        Some(n) if length == n * n || length > n => SizedFormat::Line,
        Some(_) => SizedFormat::Rows,
        None if length == 16 => {
            let small = text
                .chars()
                .all(|c| matches!(c, '1'..='4' | '0' | '.' | '_' | '-'));
            if small {
                SizedFormat::Line
            } else {
                SizedFormat::Rows
            }
        }
        None if side_of_square(length).is_some() => SizedFormat::Line,
        None if is_side(length) && Symbols::Default.covers(length) => SizedFormat::Rows,
        None => SizedFormat::Line,
    }
}

/// Whitespace-separated tokens, with `|` also a separator when `bars`.
fn tokens(text: &str, bars: bool) -> Vec<Written<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    let mut start_col = 0;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        column += 1;
        let sep = c.is_ascii_whitespace() || (bars && c == '|');
        match (sep, start) {
            (true, Some(s)) => {
                out.push(Written {
                    text: &text[s..i],
                    column: start_col,
                });
                start = None;
            }
            (false, None) => {
                start = Some(i);
                start_col = column;
            }
            _ => {}
        }
    }
    out
}

/// Each character of a text as a cell, columns from `first`.
fn chars_of(text: &str, first: usize) -> Vec<Written<'_>> {
    text.char_indices()
        .enumerate()
        .map(|(k, (i, c))| Written {
            text: &text[i..i + c.len_utf8()],
            column: first + k,
        })
        .collect()
}

/// The cells of one row of a multi-line format. `size` tells whether a
/// `pretty` cell is a number (above 35) or a character; unknown, a token
/// of several characters is taken as that many cells.
fn cells_of_row(text: &str, format: SizedFormat, size: Option<usize>) -> Vec<Written<'_>> {
    match format {
        SizedFormat::Grid | SizedFormat::Line => tokens(text, false),
        SizedFormat::Rows => tokens(text, false)
            .into_iter()
            .flat_map(|t| chars_of(t.text, t.column))
            .collect(),
        SizedFormat::Pretty => {
            let all = tokens(text, true);
            let numeric = size.is_some_and(|n| !Symbols::Default.covers(n))
                || (size.is_none() && all.len() > 35 && is_side(all.len()));
            if numeric {
                all
            } else {
                all.into_iter()
                    .flat_map(|t| chars_of(t.text, t.column))
                    .collect()
            }
        }
    }
}

/// The side of the grid this line is a row of in a multi-line `format`,
/// when its cells are as many as a side with a shape: the 9x9 reader
/// hands grids of other sizes among its own to this module's.
pub(crate) fn row_side(text: &str, format: SizedFormat) -> Option<usize> {
    let n = cells_of_row(text, format, None).len();
    is_side(n).then_some(n)
}

/// The box shape a `pretty` drawing shows: the cells before the first `|`
/// and the rows before the first separator line.
fn drawn_shape(
    format: SizedFormat,
    first: &str,
    band: Option<usize>,
    size: usize,
) -> Option<Shape> {
    if format != SizedFormat::Pretty {
        return None;
    }
    let bar = first.find('|')?;
    let cols = cells_of_row(&first[..bar], format, Some(size)).len();
    let rows = band.unwrap_or(size / cols.max(1));
    Shape::new(rows, cols).ok().filter(|s| s.size() == size)
}

/// The alphabet of a puzzle's characters (see the module documentation);
/// `None` when it is ambiguous.
fn detect_symbols<'a>(cells: impl Iterator<Item = &'a str>, size: usize) -> Option<Symbols> {
    detect_in(cells.flat_map(str::chars), size)
}

/// [`detect_symbols`] on the characters of the cells.
fn detect_in(chars: impl Iterator<Item = char>, size: usize) -> Option<Symbols> {
    let (mut digits, mut zero, mut dots, mut top_letter) = (false, false, false, None);
    for c in chars {
        match c.to_ascii_uppercase() {
            '1'..='9' => digits = true,
            '0' => zero = true,
            '.' | '_' | '-' => dots = true,
            l @ 'A'..='Z' => top_letter = top_letter.max(Some(l)),
            _ => {}
        }
    }
    if !digits && top_letter.is_some() && Symbols::Letters.covers(size) {
        return Some(Symbols::Letters);
    }
    if size == 16 && zero && top_letter.is_none_or(|l| l <= 'F') {
        return dots.then_some(Symbols::Hex);
    }
    Some(Symbols::Default)
}

/// Turns written cells into a grid: numbers, or characters of the given
/// alphabet or the detected one.
fn decode(
    shape: Shape,
    rows: &[(usize, Vec<Written>)],
    numeric: bool,
    symbols: Option<Symbols>,
) -> (Symbols, Result<SizedGrid, SizedParseError>) {
    let n = shape.size();
    let first_line = rows.first().map_or(0, |r| r.0);
    let symbols = match symbols {
        Some(s) => s,
        None if numeric => Symbols::Default,
        None => {
            let all = rows
                .iter()
                .flat_map(|(_, cells)| cells.iter().map(|w| w.text));
            match detect_symbols(all, n) {
                Some(s) => s,
                None => {
                    let e = SizedParseError {
                        line: first_line,
                        column: None,
                        kind: SizedErrorKind::AmbiguousSymbols,
                    };
                    return (Symbols::Default, Err(e));
                }
            }
        }
    };
    let mut cells = Vec::with_capacity(shape.cells());
    for (line, written) in rows {
        for w in written {
            let value = if numeric {
                number_value(w.text, n)
            } else {
                char_value(w.text, symbols, n)
            };
            match value {
                Some(v) => cells.push(v),
                None => {
                    let kind = if numeric {
                        SizedErrorKind::BadNumber {
                            found: w.text.to_string(),
                            size: n,
                        }
                    } else {
                        SizedErrorKind::UnexpectedChar {
                            found: w.text.chars().next().unwrap_or(' '),
                            symbols,
                            size: n,
                        }
                    };
                    let e = SizedParseError {
                        line: *line,
                        column: Some(w.column),
                        kind,
                    };
                    return (symbols, Err(e));
                }
            }
        }
    }
    let grid = SizedGrid::from_cells(shape, cells).expect("counted and checked cells");
    (symbols, Ok(grid))
}

fn number_value(text: &str, size: usize) -> Option<u8> {
    if matches!(text, "." | "_" | "-") {
        return Some(0);
    }
    let v: usize = text
        .parse()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))?;
    (v <= size).then_some(v as u8)
}

/// What [`char_value`] makes of each ASCII character, plus one (0 for
/// none), for [`SizedReader::plain_line`]: each digit's symbol in either
/// case, then the blanks over them (as `char_value` tries them first).
fn value_table(symbols: Symbols, size: usize) -> [u8; 128] {
    let mut table = [0; 128];
    for d in 1..=size as u8 {
        if let Some(c) = symbols.symbol(d) {
            for c in [c, c.to_ascii_lowercase()] {
                table[c as usize] = d + 1;
            }
        }
    }
    for c in ['.', '_', '-', '0'] {
        if symbols.is_blank(c) {
            table[usize::from(c as u8)] = 1;
        }
    }
    table
}

fn char_value(text: &str, symbols: Symbols, size: usize) -> Option<u8> {
    let c = text.chars().next()?;
    if symbols.is_blank(c) {
        return Some(0);
    }
    symbols.value(c).filter(|&d| d as usize <= size)
}

/// Appends a grid to `out` in a format and alphabet, ending with a
/// newline. Blanks are `.`, except `0` in `grid`, and in `rows` outside
/// `hex`. A grid whose digits the alphabet cannot write (above 35, or
/// above 16 in `hex`) is written with numbers: `line` as N*N numbers on
/// one line, `rows` as `grid`, `pretty` with numbers in aligned columns.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols, format::{SizedFormat, write_grid}};
/// let mut grid = SizedGrid::empty(Shape::new(3, 2).unwrap());
/// grid.set(0, 0, Some(6));
/// let mut out = String::new();
/// write_grid(&mut out, &grid, SizedFormat::Pretty, Symbols::Default);
/// assert_eq!(out.lines().next(), Some("6 . | . . | . ."));
/// assert_eq!(out.lines().nth(3), Some("----+-----+----"));
/// ```
pub fn write_grid(out: &mut String, grid: &SizedGrid, format: SizedFormat, symbols: Symbols) {
    let n = grid.size();
    let symbols = if symbols.covers(n) {
        Some(symbols)
    } else if Symbols::Default.covers(n) {
        Some(Symbols::Default)
    } else {
        None
    };
    // Cells are pushed straight into `out`: a `String` per cell was two
    // thirds of the time of writing a grid, and writing a fifth of the
    // time of a batch of easy 16x16 puzzles.
    let rows = grid.cells().chunks(n);
    match (format, symbols) {
        (SizedFormat::Line, Some(s)) => {
            out.reserve(grid.cells().len() + 1);
            for &d in grid.cells() {
                out.push(s.symbol(d).unwrap_or('.'));
            }
            out.push('\n');
        }
        (SizedFormat::Line, None) => {
            push_numbers(out, grid.cells());
            out.push('\n');
        }
        (SizedFormat::Rows, Some(s)) => {
            let blank = if s == Symbols::Hex { '.' } else { '0' };
            for row in rows {
                for &d in row {
                    out.push(s.symbol(d).unwrap_or(blank));
                }
                out.push('\n');
            }
        }
        (SizedFormat::Grid, _) | (SizedFormat::Rows, None) => {
            for row in rows {
                push_numbers(out, row);
                out.push('\n');
            }
        }
        (SizedFormat::Pretty, _) => write_pretty(out, grid, symbols),
    }
}

/// Digits as numbers separated by spaces (0 for a blank).
fn push_numbers(out: &mut String, digits: &[u8]) {
    for (i, &d) in digits.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_number(out, d);
    }
}

/// A digit (at most 255) as a decimal number.
fn push_number(out: &mut String, d: u8) {
    if d >= 100 {
        out.push(char::from(b'0' + d / 100));
    }
    if d >= 10 {
        out.push(char::from(b'0' + d / 10 % 10));
    }
    out.push(char::from(b'0' + d % 10));
}

/// One cell of a `pretty` drawing: its symbol, `.` for a blank, or its
/// number where no alphabet covers the size.
fn push_pretty_cell(out: &mut String, d: u8, symbols: Option<Symbols>) {
    match symbols {
        Some(s) => out.push(s.symbol(d).unwrap_or('.')),
        None if d == 0 => out.push('.'),
        None => push_number(out, d),
    }
}

/// The `pretty` drawing: for 9x9, exactly the 9x9 writer's.
fn write_pretty(out: &mut String, grid: &SizedGrid, symbols: Option<Symbols>) {
    let shape = grid.shape();
    let n = shape.size();
    let mut text = String::new();
    let width = (0..=n as u8)
        .map(|d| {
            text.clear();
            push_pretty_cell(&mut text, d, symbols);
            text.len()
        })
        .max()
        .unwrap_or(1);
    let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
    let boxes = n / box_cols;
    let inner = box_cols * width + box_cols - 1;
    let separator: Vec<String> = (0..boxes)
        .map(|b| {
            let pad = usize::from(b > 0) + usize::from(b + 1 < boxes);
            "-".repeat(inner + pad)
        })
        .collect();
    let separator = separator.join("+");
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r > 0 && r % box_rows == 0 {
            out.push_str(&separator);
            out.push('\n');
        }
        for (c, &d) in row.iter().enumerate() {
            if c > 0 {
                out.push_str(if c % box_cols == 0 { " | " } else { " " });
            }
            text.clear();
            push_pretty_cell(&mut text, d, symbols);
            out.extend(std::iter::repeat_n(' ', width.saturating_sub(text.len())));
            out.push_str(&text);
        }
        out.push('\n');
    }
}

/// A grid in a format and alphabet, as [`write_grid`] writes it.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols, format::{SizedFormat, to_string}};
/// let mut grid = SizedGrid::empty(Shape::for_size(16).unwrap());
/// grid.set(0, 0, Some(1));
/// assert!(to_string(&grid, SizedFormat::Line, Symbols::Hex).starts_with("0..."));
/// assert!(to_string(&grid, SizedFormat::Grid, Symbols::Hex).starts_with("1 0 0"));
/// ```
pub fn to_string(grid: &SizedGrid, format: SizedFormat, symbols: Symbols) -> String {
    let mut out = String::with_capacity(grid.cells().len() * 2 + grid.size() * 4);
    write_grid(&mut out, grid, format, symbols);
    out
}

/// The puzzle on one line as the JSON records write it: in its alphabet
/// with `.` blanks, or numbers separated by spaces above 35x35.
///
/// ```
/// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols, format::line_text};
/// let grid = SizedGrid::empty(Shape::for_size(4).unwrap());
/// assert_eq!(line_text(&grid, Symbols::Default), "................");
/// ```
pub fn line_text(grid: &SizedGrid, symbols: Symbols) -> String {
    let mut text = to_string(grid, SizedFormat::Line, symbols);
    text.pop();
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> Shape {
        text.parse().unwrap()
    }

    #[test]
    fn whole_lines_are_one_line_puzzles_of_nine_or_more() {
        let dots = |n: usize| ".".repeat(n);
        for yes in [
            dots(81),
            "0".repeat(81) + "  # a comment",
            "x".repeat(81),
            dots(729),
            "123456789".repeat(81),
            dots(100),
            dots(256),
            dots(625),
        ] {
            assert!(whole_line(yes.as_bytes()), "{}", yes.len());
        }
        for no in [
            dots(16),
            dots(36),
            dots(64),
            dots(80),
            "123456789".into(),
            "1 2 3 4 5 6 7 8 9".into(),
            "+-------+-------+-------+".into(),
        ] {
            assert!(!whole_line(no.as_bytes()), "{no}");
        }
    }

    #[test]
    fn streaming_peeks_wait_for_more_unless_nothing_has_come() {
        let text = format!("{}\n{}\n", ".".repeat(81), ".".repeat(81));
        let mut input = text.as_bytes();
        let (prefix, early) = peek_streaming(&mut input, |_| false, |_| false).unwrap();
        assert_eq!((prefix.len(), early), (164, false));
        let mut input = text.as_bytes();
        let (prefix, early) =
            peek_streaming(&mut input, |rest| rest.is_empty(), |_| false).unwrap();
        assert_eq!((prefix.len(), early), (164, false));
        let mut input = text.as_bytes();
        let (prefix, early) = peek_streaming(&mut input, |_| true, |_| false).unwrap();
        assert_eq!((prefix.len(), early), (82, true));
        assert_eq!(input.len(), 82);
        // A grid is whole at its last row, or at the blank line after it.
        let grid = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 . 1\n";
        let text = format!("{grid}\n{grid}");
        for stop in [4, 5] {
            let mut input = text.as_bytes();
            let (prefix, early) = peek_streaming(
                &mut input,
                |rest| {
                    text.len() - rest.len()
                        == text.lines().take(stop).map(|l| l.len() + 1).sum::<usize>()
                },
                |_| false,
            )
            .unwrap();
            assert!(early, "{stop}");
            assert_eq!(prefix.len(), grid.len() + stop - 4);
        }
        // A grid cut short is not whole, nor a grid that does not read.
        let mut input = "1 2 3 4\n3 4 1 2\n".as_bytes();
        assert!(!peek_streaming(&mut input, |_| true, |_| false).unwrap().1);
        let mut input = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 x 1\n".as_bytes();
        assert!(!peek_streaming(&mut input, |_| true, |_| false).unwrap().1);
    }

    /// A solved grid with every third cell blanked: enough to tell the
    /// digits apart, and a puzzle to read back.
    /// The pattern solution (row r, column c holds
    /// `(C * (r % R) + r / R + c) % N + 1`), every third cell blanked: no
    /// search needed, so the 64x64 grid costs nothing here.
    fn sample(shape: Shape) -> SizedGrid {
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let cells = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let d = ((bc * (r % br) + r / br + c) % n + 1) as u8;
                if i % 3 == 1 { 0 } else { d }
            })
            .collect();
        let grid = SizedGrid::from_cells(shape, cells).unwrap();
        assert!(grid.conflict().is_none());
        grid
    }

    fn one(text: &str, options: ReadOptions) -> SizedRecord {
        let mut records = read_all_with(text, options);
        assert_eq!(records.len(), 1, "{text}");
        records.remove(0)
    }

    /// The plain reading of a line against the general one, each on a
    /// fresh reader: `None` where the plain one leaves the line alone.
    fn both_readings(text: &str, options: ReadOptions) -> (Option<SizedRecord>, SizedRecord) {
        let plain = SizedReader::new(&b""[..], options).plain_line(7, text);
        let general = SizedReader::new(&b""[..], options).general_line(7, text);
        (plain, general)
    }

    #[test]
    fn plain_lines_read_as_the_general_reading_does() {
        let no = ReadOptions::default();
        let hex = ReadOptions {
            symbols: Some(Symbols::Hex),
            ..no
        };
        let sized = ReadOptions {
            shape: Some(shape("3x2")),
            ..no
        };
        // Every shape's sample in each alphabet that writes it, with `0`,
        // `_` and `-` blanks and lower case letters: the plain reading
        // reads it, as the general one does.
        for name in ["2x2", "2x3", "3x3", "4x4", "5x5", "5x7"] {
            let grid = sample(shape(name));
            for symbols in [Symbols::Default, Symbols::Hex, Symbols::Letters] {
                if !symbols.covers(grid.size()) {
                    continue;
                }
                let line = to_string(&grid, SizedFormat::Line, symbols);
                let told = ReadOptions {
                    symbols: Some(symbols),
                    shape: Some(grid.shape()),
                    ..no
                };
                let variants = [
                    line.clone(),
                    line.to_lowercase(),
                    line.replace('.', "_"),
                    line.replace('.', "-"),
                    line.replace('.', "0"),
                ];
                for text in &variants {
                    for options in [no, told] {
                        let (plain, general) = both_readings(text, options);
                        if text == &line || options == told {
                            assert!(plain.is_some(), "{name} {symbols:?} {text}");
                        }
                        if let Some(plain) = plain {
                            assert_eq!(plain, general, "{name} {text}");
                        }
                    }
                }
            }
        }
        // Faults are left to the general reading, which names them.
        let faults = [
            "1234123412341230".replace('0', "x"),
            "123412341234123".to_string(),
            "1234 1234 1234 1234".to_string(),
            "123412341234123\u{e9}".to_string(),
            "5234123412341234".to_string(),
            "0".repeat(256),
            format!("{}G", "0".repeat(255)),
        ];
        for text in &faults {
            for options in [no, hex, sized] {
                let (plain, general) = both_readings(text, options);
                if let Some(plain) = plain {
                    assert_eq!(plain, general, "{text}");
                }
            }
        }
        assert!(both_readings("5234123412341234", no).0.is_none());
        assert!(
            both_readings(&"0".repeat(256), no).0.is_none(),
            "hex or not: ambiguous"
        );
        assert!(both_readings(&"0".repeat(256), hex).0.is_some());
    }

    proptest::proptest! {
        /// Lines written in an alphabet, with assorted blanks, lower case
        /// and now and then a stray character or a cell too many or few.
        #[test]
        fn plain_lines_agree_with_the_general_reading(
            side in proptest::sample::select(vec![4usize, 6, 9, 16, 25]),
            values in proptest::collection::vec(0u8..=26, 626),
            blanks in proptest::collection::vec(proptest::sample::select(b"._-0".to_vec()), 626),
            written in proptest::sample::select(vec![Symbols::Default, Symbols::Hex, Symbols::Letters]),
            told in proptest::option::of(proptest::sample::select(vec![
                Symbols::Default,
                Symbols::Hex,
                Symbols::Letters,
            ])),
            lower in proptest::bool::ANY,
            extra in -1i32..=1,
            stray in proptest::option::of((0usize..625, proptest::sample::select(vec!['*', '#', ' ', 'z', '\u{e9}']))),
        ) {
            let len = ((side * side) as i32 + extra) as usize;
            let mut text: String = (0..len)
                .map(|k| {
                    let v = values[k] % (side as u8 + 1);
                    match written.symbol(v) {
                        Some(c) if v > 0 => c,
                        _ => char::from(blanks[k]),
                    }
                })
                .collect();
            if lower {
                text = text.to_lowercase();
            }
            if let Some((at, c)) = stray {
                let at = at % text.len();
                text.replace_range(at..at + 1, c.encode_utf8(&mut [0; 4]));
            }
            let options = ReadOptions { symbols: told, ..ReadOptions::default() };
            let (plain, general) = both_readings(&text, options);
            if let Some(plain) = plain {
                proptest::prop_assert_eq!(plain, general);
            }
        }
    }

    #[test]
    fn every_format_round_trips_for_every_shape() {
        for name in [
            "2x2", "2x3", "3x2", "2x4", "3x3", "3x4", "4x4", "5x5", "6x6", "8x8",
        ] {
            let shape = shape(name);
            let grid = sample(shape);
            for format in SizedFormat::ALL {
                let text = to_string(&grid, format, Symbols::Default);
                // The usual shape, and the drawn one, need no --size.
                let told =
                    Shape::for_size(shape.size()) != Some(shape) && format != SizedFormat::Pretty;
                let options = ReadOptions {
                    shape: told.then_some(shape),
                    ..Default::default()
                };
                let record = one(&text, options);
                assert_eq!(record.grid.as_ref(), Ok(&grid), "{name} {format}\n{text}");
                assert_eq!(record.size, Some(shape.size()));
                let expected = match format {
                    // Above 35 the rows are written as numbers.
                    SizedFormat::Rows if shape.size() > 35 => SizedFormat::Grid,
                    f => f,
                };
                assert_eq!(record.format, expected, "{name}\n{text}");
            }
        }
    }

    #[test]
    fn shapes_written_are_the_drawn_shapes() {
        let grid = sample(shape("3x2"));
        let text = to_string(&grid, SizedFormat::Pretty, Symbols::Default);
        assert_eq!(text.lines().nth(3), Some("----+-----+----"));
        assert_eq!(
            one(&text, ReadOptions::default()).grid.unwrap().shape(),
            shape("3x2")
        );
        // Rows cannot show the boxes: the usual shape unless told.
        let rows = to_string(&grid, SizedFormat::Rows, Symbols::Default);
        assert_eq!(
            one(&rows, ReadOptions::default()).grid.unwrap().shape(),
            shape("2x3")
        );
    }

    #[test]
    fn nine_by_nine_is_written_as_the_classic_writer_writes_it() {
        let grid = sample(Shape::CLASSIC);
        let classic = crate::Grid::try_from(&grid).unwrap();
        for (sized, format) in [
            (SizedFormat::Line, crate::format::Format::Line),
            (SizedFormat::Grid, crate::format::Format::Grid),
            (SizedFormat::Rows, crate::format::Format::Rows),
            (SizedFormat::Pretty, crate::format::Format::Pretty),
        ] {
            assert_eq!(
                to_string(&grid, sized, Symbols::Default),
                crate::format::to_string(&classic, format),
                "{sized}"
            );
        }
    }

    #[test]
    fn alphabets_are_written_and_detected() {
        let grid = sample(shape("4x4"));
        let hex = to_string(&grid, SizedFormat::Line, Symbols::Hex);
        assert!(hex.contains('0') && hex.contains('.') && !hex.contains('G'));
        let record = one(&hex, ReadOptions::default());
        assert_eq!(
            (record.symbols, record.grid.as_ref()),
            (Symbols::Hex, Ok(&grid))
        );
        let letters = to_string(&grid, SizedFormat::Rows, Symbols::Letters);
        assert!(
            letters
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '0' || c == '\n')
        );
        let record = one(&letters, ReadOptions::default());
        assert_eq!(
            (record.symbols, record.grid.as_ref()),
            (Symbols::Letters, Ok(&grid))
        );
        let default = to_string(&grid, SizedFormat::Pretty, Symbols::Default);
        let record = one(&default, ReadOptions::default());
        assert_eq!(
            (record.symbols, record.grid.as_ref()),
            (Symbols::Default, Ok(&grid))
        );
        // Lower case reads as upper case.
        let lower = to_string(&grid, SizedFormat::Line, Symbols::Default).to_lowercase();
        assert_eq!(one(&lower, ReadOptions::default()).grid.as_ref(), Ok(&grid));
    }

    #[test]
    fn a_sixteen_line_of_zeros_and_hex_letters_is_ambiguous_until_told() {
        // 0 for a blank and digits up to F: hex or default?
        let line = format!("0123456789ABCDEF{}\n", "0".repeat(240));
        let record = one(&line, ReadOptions::default());
        let err = record.grid.unwrap_err();
        assert_eq!(
            (err.line, err.kind.clone()),
            (1, SizedErrorKind::AmbiguousSymbols)
        );
        let message = err.to_string();
        assert!(message.contains("--symbols hex") && message.contains("--symbols default"));
        assert_eq!(record.size, Some(16));
        for symbols in [Symbols::Hex, Symbols::Default] {
            let options = ReadOptions {
                symbols: Some(symbols),
                ..Default::default()
            };
            let grid = one(&line, options).grid.unwrap();
            let first = if symbols == Symbols::Hex { 1 } else { 0 };
            assert_eq!(grid.cells()[0], first);
        }
        // A G settles it: default, 0 a blank.
        let g = line.replacen('0', "G", 1);
        assert_eq!(one(&g, ReadOptions::default()).symbols, Symbols::Default);
    }

    #[test]
    fn lines_are_read_as_the_nine_by_nine_reader_reads_them() {
        // A byte-order mark, CRLF ends and a line past MAX_LINE: the same
        // line numbers and length as the 9x9 reader's.
        let long = "1".repeat(MAX_LINE + 5);
        let text = format!(
            "\u{feff}{}\r\n\r\n{long}\r\n{}\r\n",
            ".".repeat(16),
            ".".repeat(16)
        );
        let records = read_all(&text);
        assert_eq!(records.len(), 3);
        assert_eq!(records[0].grid.as_ref().map(SizedGrid::size), Ok(4));
        let classic = crate::format::read_all(&text);
        let err = records[1].grid.as_ref().unwrap_err();
        let classic_err = classic[1].grid.as_ref().unwrap_err();
        assert_eq!(
            err.kind,
            // The `\r` of a line too long to keep is counted.
            SizedErrorKind::LineTooLong {
                length: MAX_LINE + 6
            }
        );
        assert_eq!(err.to_string(), classic_err.to_string());
        assert_eq!((records[1].line, records[2].line), (3, 4));
    }

    #[test]
    fn a_bad_first_line_before_one_line_puzzles_is_one_of_them() {
        let sixteen = ".".repeat(256);
        let records = read_all(&format!("{}\n{sixteen}\n{sixteen}\n", ".".repeat(20)));
        assert_eq!(records.len(), 3);
        assert!(records.iter().all(|r| r.format == SizedFormat::Line));
        let err = records[0].grid.as_ref().unwrap_err();
        assert!(matches!(err.kind, SizedErrorKind::BadLength { found: 20 }));
        assert!(records[1].grid.is_ok() && records[2].grid.is_ok());
        // A row of the same length is the grid's next row.
        let hex = ReadOptions {
            symbols: Some(Symbols::Hex),
            ..Default::default()
        };
        let rows = format!("{}\n", "0123456789ABCDEF".repeat(2).as_str()).replace("F0", "F\n0");
        let records = read_all_with(&rows, hex);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].format, SizedFormat::Rows);
    }

    #[test]
    fn bad_lengths_name_the_line_and_the_lengths_accepted() {
        let text = format!("# a comment\n{}\n\n1234.678\n", ".".repeat(16));
        let records = read_all(&text);
        assert_eq!(records.len(), 2);
        assert!(records[0].grid.is_ok());
        let err = records[1].grid.as_ref().unwrap_err();
        assert_eq!((err.line, records[1].line), (4, 4));
        let message = err.to_string();
        assert!(
            message.starts_with("line 4: expected a line of 16, 36, 64, 81, 100, 144,"),
            "{message}"
        );
        assert!(message.contains(", 256, ") && message.contains(", 625, "));
        assert!(message.ends_with("found 8"));
        // A forced size wants exactly its cells.
        let options = ReadOptions {
            shape: Some(shape("2x3")),
            ..Default::default()
        };
        let err = one(&".".repeat(16), options).grid.unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1: expected 36 cells in a line, found 16"
        );
    }

    #[test]
    fn mistakes_are_reported_where_they_are() {
        let line = ReadOptions {
            format: Some(SizedFormat::Line),
            ..Default::default()
        };
        let err = one("1..\u{e9}....2.......\n", line).grid.unwrap_err();
        assert_eq!((err.line, err.column), (1, Some(4)));
        assert!(
            err.to_string()
                .starts_with("line 1, column 4: expected a digit 1-4")
        );
        // A digit beyond the size is no digit of this grid.
        let err = one("1...5...........", line).grid.unwrap_err();
        assert_eq!(err.column, Some(5));
        // grid: numbers, with the column of the bad one.
        let err = one(
            "1 0 0 0\n0 0 2 0\n0 3 0 17\n0 0 0 4\n",
            ReadOptions::default(),
        )
        .grid
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3, column 7: expected a number 1-4 or a blank (0 or .), found '17'"
        );
        // A short row, and a grid cut short by a blank line.
        let records = read_all(
            "1 0 0 0\n0 0 2\n0 3 0 0\n0 0 0 4\n\n1 0 0 0\n0 0 0 0\n\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        );
        assert_eq!(records.len(), 3);
        let messages: Vec<String> = records
            .iter()
            .map(|r| {
                r.grid
                    .as_ref()
                    .map_or_else(|e| e.to_string(), |_| "ok".into())
            })
            .collect();
        assert_eq!(
            messages,
            [
                "line 2: expected 4 cells in a row, found 3",
                "line 6: expected 4 rows in this grid, found 2",
                "ok"
            ]
        );
        // A row of a side with no boxes.
        let err = one(
            "1234567\n",
            ReadOptions {
                format: Some(SizedFormat::Rows),
                ..Default::default()
            },
        )
        .grid
        .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 1: a row of 7 cells is no grid")
        );
        assert_eq!(
            read_all("")[0].grid.as_ref().unwrap_err().kind,
            SizedErrorKind::NoPuzzle
        );
    }

    #[test]
    fn a_sixteen_character_line_is_a_small_puzzle_or_a_big_row() {
        let records = read_all("1..4..2.3..1.4..\n");
        assert_eq!(
            (records[0].format, records[0].size),
            (SizedFormat::Line, Some(4))
        );
        let big = sample(shape("4x4"));
        let rows = to_string(&big, SizedFormat::Rows, Symbols::Default);
        let record = one(&rows, ReadOptions::default());
        assert_eq!(
            (record.format, record.grid.as_ref()),
            (SizedFormat::Rows, Ok(&big))
        );
    }

    #[test]
    fn one_puzzle_goes_to_the_reader_the_command_would_choose() {
        let classic = |text: &str, options| match read_one_any(text, options) {
            AnyRecord::Classic(r) => Some(r.grid.is_ok()),
            AnyRecord::Sized(_) => None,
        };
        let none = ReadOptions::default();
        // 9x9 text stays 9x9, bad or good, and 9x9-only forms too.
        assert_eq!(classic(&".".repeat(81), none), Some(true));
        assert_eq!(classic("1234.678\n123456789\n", none), Some(false));
        // A line of a length no reader takes goes to the reader whose
        // message names every length accepted (81 among them), alone too
        // when it is as short as a row.
        assert_eq!(classic(&".".repeat(80), none), None);
        for lone in ["1234.678\n", "1.2.3.4.5.6\n", &".".repeat(20)] {
            let AnyRecord::Sized(r) = read_one_any(lone, none) else {
                panic!("{lone:?} is a one-line puzzle of a wrong length");
            };
            let message = r.grid.unwrap_err().to_string();
            assert!(
                message.starts_with("line 1: expected a line of 16, 36, 64, 81,"),
                "{message}"
            );
        }
        let message = match read_one_any(&".".repeat(80), none) {
            AnyRecord::Sized(r) => r.grid.unwrap_err().to_string(),
            AnyRecord::Classic(_) => unreachable!(),
        };
        assert!(
            message.starts_with("line 1: expected a line of 16, 36, 64, 81, 100,"),
            "{message}"
        );
        assert!(message.ends_with("found 80"), "{message}");
        assert_eq!(classic(&"123456789".repeat(81), none), Some(true));
        assert_eq!(classic(&"912345678".repeat(81), none), Some(false));
        assert_eq!(classic("", none), Some(false));
        // Other sizes, and what the options ask for, go to this reader.
        assert_eq!(classic(&".".repeat(256), none), None);
        let hex = ReadOptions {
            symbols: Some(Symbols::Hex),
            ..Default::default()
        };
        assert_eq!(classic(&".".repeat(81), hex), None);
        let classic_shape = ReadOptions {
            shape: Some(Shape::CLASSIC),
            ..Default::default()
        };
        assert_eq!(classic(&".".repeat(81), classic_shape), Some(true));
        // A bad puzzle of another size keeps this reader's message; a
        // grid cut short is no evidence of its size.
        let AnyRecord::Sized(bad) = read_one_any(&format!("7{}", ".".repeat(35)), none) else {
            panic!("a 36-character line is a 6x6 puzzle");
        };
        assert_eq!(bad.grid.unwrap_err().column, Some(1));
        assert_eq!(classic(&format!("5{}", ".".repeat(15)), none), Some(false));
    }

    #[test]
    fn the_route_of_an_input_is_decided_from_its_first_puzzle() {
        let auto = |text: &str| route(text.as_bytes(), None, None, None);
        // 9x9 text, good or bad, and any text after the first puzzle.
        let nine = format!("4{}\n", ".".repeat(80));
        assert_eq!(auto(&nine), Route::Classic);
        assert_eq!(
            auto(&format!("# c\n\n{nine}{}\n", ".".repeat(16))),
            Route::Classic
        );
        assert_eq!(auto("not a puzzle\n"), Route::Classic);
        assert_eq!(auto(""), Route::Classic);
        // 4x4 text, as a line, rows or grid.
        assert_eq!(auto("1..4..2.3..1.4..\n"), Route::Sized);
        assert_eq!(auto("1...\n..2.\n.3..\n...4\n"), Route::Sized);
        assert_eq!(auto("1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"), Route::Sized);
        // 16x16 in letters, and a bad 16x16 line (this reader says where).
        assert_eq!(
            auto(&format!("ABCDEFGHIJKLMNOP{}\n", ".".repeat(240))),
            Route::Sized
        );
        assert_eq!(auto(&format!("{}x\n", ".".repeat(255))), Route::Sized);
        // 729 characters: 9x9 pencil marks, even bad ones, unless a letter
        // makes them a 27x27 grid.
        assert_eq!(auto(&"123456789".repeat(81)), Route::Classic);
        assert_eq!(auto(&"912345678".repeat(81)), Route::Classic);
        assert_eq!(auto(&format!("A{}", ".".repeat(728))), Route::Sized);
        let shape = Shape::for_size(27);
        assert_eq!(
            route("123456789".repeat(81).as_bytes(), shape, None, None),
            Route::Sized
        );
        // A 9x9-only format keeps the 9x9 path, whatever the text.
        for from in [Format::Euler, Format::Marks, Format::MarksGrid] {
            let text = ".".repeat(16);
            assert_eq!(
                route(text.as_bytes(), None, None, Some(from)),
                Route::Classic
            );
        }
        // A format both readers know reads the text in it.
        let line = Some(Format::Line);
        assert_eq!(route(nine.as_bytes(), None, None, line), Route::Classic);
        assert_eq!(
            route(".".repeat(16).as_bytes(), None, None, line),
            Route::Sized
        );
        // --size 3x3 keeps 9x9 digits on the 9x9 path; letters are this
        // reader's; another shape or alphabet always is.
        let classic = Some(Shape::CLASSIC);
        assert_eq!(
            route(nine.as_bytes(), classic, Some(Symbols::Default), None),
            Route::Classic
        );
        let letters = format!("A{}\n", ".".repeat(80));
        assert_eq!(route(letters.as_bytes(), classic, None, None), Route::Sized);
        assert_eq!(auto(&letters), Route::Sized);
        assert_eq!(
            route(nine.as_bytes(), None, Some(Symbols::Hex), None),
            Route::Sized
        );
        let six = ".".repeat(36);
        assert_eq!(
            route(six.as_bytes(), Shape::new(3, 2).ok(), None, None),
            Route::Sized
        );
        // A 9x9 grid cut short keeps the 9x9 reader and its message.
        let short = "1 0 0 0 0 0 0 0 0\n".repeat(5);
        assert_eq!(auto(&short), Route::Classic);
        assert_eq!(auto("1234.678\n123456789\n"), Route::Classic);
        let AnyRecord::Classic(record) = read_first_any(&short, ReadOptions::default()) else {
            panic!("a 9x9 grid cut short is the 9x9 reader's");
        };
        let message = crate::format::read_one(&short)
            .grid
            .unwrap_err()
            .to_string();
        assert_eq!(record.grid.unwrap_err().to_string(), message);
        // A 4x4 grid cut short is no 4x4 grid either.
        assert_eq!(auto("1 0 0 0\n0 0 0 0\n"), Route::Classic);
    }

    #[test]
    fn a_batch_keeps_order_and_lines() {
        let four = to_string(&sample(shape("2x2")), SizedFormat::Line, Symbols::Default);
        let six = to_string(&sample(shape("2x3")), SizedFormat::Line, Symbols::Default);
        let text = format!("{four}\n# six\n{six}xyz\n{four}");
        let records = read_all(&text);
        let lines: Vec<(usize, usize, bool)> = records
            .iter()
            .map(|r| (r.index, r.line, r.grid.is_ok()))
            .collect();
        assert_eq!(
            lines,
            [(1, 1, true), (2, 4, true), (3, 5, false), (4, 6, true)]
        );
        assert_eq!(records[1].size, Some(6));
    }
}
