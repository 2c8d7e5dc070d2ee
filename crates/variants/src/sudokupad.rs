//! SudokuPad's own puzzle format: the `scl...` (and older `ctc...`) ids of
//! `https://sudokupad.app/scl...` links, and the JSON SudokuPad exports.
//!
//! An `scl` id is lz-string `compressToBase64` of a "zipped" JSON: keys
//! shortened (`ce` for `cells`, `wp` for `wayPoints` ...), strings in
//! single quotes, `t`/`f` for booleans, colours without their `#`, and an
//! empty slot of an array for `{}`. [`parse`] reads that (and plain JSON).
//!
//! The format draws a puzzle rather than stating its rules: `cells` (with
//! givens), `regions`, `cages`, and `lines`, `arrows`, `overlays` and
//! `underlays` that are shapes on the grid. [`to_fpuzzles`] reads rules
//! from the shapes the way SudokuPad draws them when it opens an
//! f-puzzles puzzle (and setters draw them by hand), and writes the
//! f-puzzles JSON that [`crate::fpuzzles`] reads:
//!
//! - the grid is the square the `regions` cover (SudokuPad's playing
//!   area: a drawing may hold rows and columns around it for clues; a
//!   digit there is refused), else the whole of `cells`;
//! - a cage with `unique` or the `killer` style is a killer cage (its
//!   numeric `value` the total), as SudokuPad checks them; another cage
//!   with a value (a sum whose digits may repeat, an f-puzzles cosmetic
//!   cage) is refused; the `extraregion` style an extra
//!   region; the `disjoint` type (with `global` `disjoint`) disjoint
//!   groups; a cage with no cells carries metadata (`title: ...`);
//! - `global` (or `metadata`) `antiknight`, `antiking`, `nonconsecutive`;
//! - a line of the colour `#34BBE6` from corner to corner is a diagonal;
//! - a line with a round bulb (an underlay or overlay about a cell wide)
//!   on one end is a thermometer from that end;
//! - an arrow that starts inside a circle (a round overlay or underlay) is
//!   an arrow sum, the circle's cells its number;
//! - a lone round mark about 0.7 of a cell wide is an odd cell, a square
//!   one an even cell; four grey 3x3 underlays on the windoku windows are
//!   windoku; a square of a whole cell is a cell's colour (ignored);
//! - a small round mark, white or black, on the middle of the edge
//!   between two cells is a kropki dot, and the text `X` or `V` there an
//!   X or V mark;
//! - an arrow from a cell just outside the grid along a diagonal into it,
//!   with a number in that cell, is a little killer (the number its
//!   total).
//!
//! Anything else (other lines, text, dots, shaded areas, other arrows
//! from outside the grid, other globals, a background image) is refused by name: a
//! drawn rule is never dropped in silence. Of the rules stated only in
//! the rules text, anti-knight and anti-king are read (as SudokuPad's
//! checker reads them), and non-consecutive and the two main diagonals,
//! see [`crate::rules_text`], unless the metadata says `antiknight`,
//! `antiking` or `nonconsecutive` itself; and, for a puzzle with kropki
//! dots or X and V marks, that all of them are given (the negative
//! constraint); no other rule is.

use crate::Direction;
use crate::fpuzzles::FpuzzlesError;
use crate::rules_text;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Short keys of the zipped form and the keys they stand for.
const KEYS: [(&str, &str); 25] = [
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Reads SudokuPad's zipped JSON (or plain JSON) into a value with the
/// long keys.
pub(crate) fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        text: text.as_bytes(),
        at: 0,
    };
    let value = parser.value(false)?;
    parser.space();
    if parser.at < parser.text.len() {
        return Err(parser.fault("text after the puzzle's end"));
    }
    Ok(expand(value))
}

fn expand(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let long = KEYS
                        .iter()
                        .find(|(short, _)| *short == k)
                        .map_or(k, |(_, long)| long.to_string());
                    (long, expand(v))
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(expand).collect()),
        other => other,
    }
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn fault(&self, what: &str) -> String {
        format!("{what} at character {}", self.at + 1)
    }

    fn space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.text.get(self.at).copied()
    }

    /// A value; after a colon, bare colours are read as SudokuPad unzips
    /// them (`#0`, `#F`, six hex digits).
    fn value(&mut self, after_colon: bool) -> Result<Value, String> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
            Some(_) => self.bare(after_colon),
            None => Err(self.fault("the text ends where a value should be")),
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut map = Map::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Object(map));
        }
        loop {
            let key = match self.peek() {
                Some(q @ (b'\'' | b'"')) => self.string(q)?,
                _ => {
                    let start = self.at;
                    while self.at < self.text.len()
                        && (self.text[self.at].is_ascii_alphanumeric()
                            || matches!(self.text[self.at], b'_' | b'$' | b'+' | b'-'))
                    {
                        self.at += 1;
                    }
                    if start == self.at {
                        return Err(self.fault("a key is missing"));
                    }
                    String::from_utf8_lossy(&self.text[start..self.at]).into_owned()
                }
            };
            if self.peek() != Some(b':') {
                return Err(self.fault("':' is missing after a key"));
            }
            self.at += 1;
            let value = self.value(true)?;
            map.insert(key, value);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Object(map));
                }
                _ => return Err(self.fault("',' or '}' is missing in an object")),
            }
        }
    }

    /// An array; an empty slot (`[,`, `,,`, `,]`) is `{}`, as the zipper
    /// drops empty objects.
    fn array(&mut self) -> Result<Value, String> {
        self.at += 1;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            match self.peek() {
                Some(b',' | b']') => items.push(Value::Object(Map::new())),
                _ => items.push(self.value(false)?),
            }
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.fault("',' or ']' is missing in a list")),
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(&b) = self.text.get(self.at) else {
                return Err(self.fault("a string is not closed"));
            };
            self.at += 1;
            if b == quote {
                return Ok(String::from_utf8_lossy(&bytes).into_owned());
            }
            if b != b'\\' {
                bytes.push(b);
                continue;
            }
            let Some(&e) = self.text.get(self.at) else {
                return Err(self.fault("a string is not closed"));
            };
            self.at += 1;
            match e {
                b'n' => bytes.push(b'\n'),
                b't' => bytes.push(b'\t'),
                b'r' => bytes.push(b'\r'),
                b'b' => bytes.push(8),
                b'f' => bytes.push(12),
                b'u' => {
                    let hex = self
                        .text
                        .get(self.at..self.at + 4)
                        .and_then(|h| std::str::from_utf8(h).ok())
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .ok_or_else(|| self.fault("a \\u escape without four hex digits"))?;
                    self.at += 4;
                    let c = char::from_u32(hex).unwrap_or('\u{fffd}');
                    bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                other => bytes.push(other),
            }
        }
    }

    fn bare(&mut self, after_colon: bool) -> Result<Value, String> {
        let start = self.at;
        while self.at < self.text.len()
            && !matches!(self.text[self.at], b',' | b'}' | b']')
            && !self.text[self.at].is_ascii_whitespace()
        {
            self.at += 1;
        }
        let word = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        Ok(match word {
            "t" | "true" => Value::Bool(true),
            "f" | "false" => Value::Bool(false),
            "null" => Value::Null,
            "#0" if after_colon => json!("#000000"),
            "#F" if after_colon => json!("#FFFFFF"),
            _ if after_colon && word.len() == 6 && word.bytes().all(|b| b.is_ascii_hexdigit()) => {
                json!(format!("#{word}"))
            }
            _ if word.starts_with('#') && word.len() > 1 => json!(word),
            _ => {
                if let Ok(n) = word.parse::<i64>() {
                    json!(n)
                } else if let Some(n) = word
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite())
                    .and_then(serde_json::Number::from_f64)
                {
                    Value::Number(n)
                } else {
                    self.at = start;
                    return Err(self.fault(&format!("\"{word}\" is no value")));
                }
            }
        })
    }
}

/// Whether a JSON object is a SudokuPad puzzle (`cells`, no f-puzzles
/// `grid`).
pub(crate) fn is_sudokupad(object: &Map<String, Value>) -> bool {
    object.contains_key("cells") && !object.contains_key("grid") && !object.contains_key("size")
}

// ---------------------------------------------------------------------------
// From the drawing to the rules

/// Top-level keys that carry no rule.
const IGNORED: [&str; 13] = [
    "id",
    "cellSize",
    "metadata",
    "title",
    "author",
    "rules",
    "settings",
    "videos",
    "duration",
    "solution",
    "foglight",
    "fogofwar",
    "sourcePuzzle",
];

/// What the unsupported shapes are, for the error.
pub(crate) fn describe(key: &str) -> Option<&'static str> {
    Some(match key {
        "lines" => {
            "lines that are no thermometer or X diagonal: palindromes, renban, \
             whispers, between lines, ..."
        }
        "arrows" => "arrows that start in no circle",
        "texts" => {
            "text clues other than an X or V on an edge: sums on edges, sandwich sums, quadruples, ..."
        }
        "dots" => {
            "dots and circles that are no thermometer bulb, arrow circle, odd/even \
             cell or white or black kropki dot on an edge: grey dots, dots on corners, ..."
        }
        "shaded areas" => "shaded areas other than the windoku windows",
        "cages" => {
            "cages of other styles (indexers, ...), with a clue that is no total, \
             or whose digits may repeat"
        }
        "background image" => "lines or marks drawn in a picture, which cannot be read",
        "outside clues" => "digits outside the grid: sandwich sums, X-sums, skyscrapers, ...",
        "outside arrows" => {
            "arrows from outside the grid that are no little killer (one with its \
             total in its cell, one step from the grid, pointing along a diagonal into it)"
        }
        _ => return None,
    })
}

/// A round or square mark: an overlay or an underlay.
struct Mark {
    center: (f64, f64),
    width: f64,
    height: f64,
    rounded: bool,
    text: String,
    background: String,
    border: String,
    used: bool,
    /// Used as a thermometer's bulb (not an arrow's circle then).
    bulb: bool,
}

/// A mark drawn twice (a bulb or circle each of its lines or arrows
/// brought along) is the same mark: copies of the marks used are used
/// too, and bulbs where their copies are.
fn mark_copies(marks: &mut [Mark]) {
    let used: Vec<(f64, f64, f64, f64, bool)> = marks
        .iter()
        .filter(|m| m.used)
        .map(|m| (m.center.0, m.center.1, m.width, m.height, m.bulb))
        .collect();
    for m in marks
        .iter_mut()
        .filter(|m| m.rounded && m.text.is_empty() && !m.used)
    {
        if let Some(&(.., bulb)) = used.iter().find(|&&(r, c, w, h, _)| {
            near(m.center.0, r) && near(m.center.1, c) && near(m.width, w) && near(m.height, h)
        }) {
            (m.used, m.bulb) = (true, bulb);
        }
    }
}

/// A windoku window: its bounding box and its cells.
struct Window {
    centre: (f64, f64),
    width: f64,
    height: f64,
    cells: Vec<usize>,
}

impl Window {
    fn around(n: usize, cells: Vec<usize>) -> Window {
        let rows = || cells.iter().map(|c| c / n);
        let cols = || cells.iter().map(|c| c % n);
        let (r0, r1) = (rows().min().unwrap_or(0), rows().max().unwrap_or(0));
        let (c0, c1) = (cols().min().unwrap_or(0), cols().max().unwrap_or(0));
        Window {
            centre: ((r0 + r1 + 1) as f64 / 2.0, (c0 + c1 + 1) as f64 / 2.0),
            width: (c1 - c0 + 1) as f64,
            height: (r1 - r0 + 1) as f64,
            cells,
        }
    }
}

fn number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn point(value: &Value) -> Option<(f64, f64)> {
    match value {
        Value::Array(p) if p.len() == 2 => Some((number(p.first())?, number(p.get(1))?)),
        _ => None,
    }
}

fn colour(object: &Map<String, Value>, key: &str) -> String {
    match object.get(key) {
        Some(Value::String(s)) => s.to_ascii_uppercase(),
        _ => String::new(),
    }
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.02
}

/// Where the grid lies in the drawing (its side and its top-left cell),
/// and the shapes refused so far.
struct Converter {
    n: usize,
    r0: usize,
    c0: usize,
    unsupported: BTreeMap<String, usize>,
}

impl Converter {
    /// A point of the drawing in the grid's own coordinates.
    fn local(&self, (r, c): (f64, f64)) -> (f64, f64) {
        (r - self.r0 as f64, c - self.c0 as f64)
    }

    fn refuse(&mut self, what: &str) {
        *self.unsupported.entry(what.to_string()).or_default() += 1;
    }

    /// The cell a point lies in, if it lies in the grid.
    fn cell_at(&self, (r, c): (f64, f64)) -> Option<usize> {
        let n = self.n as f64;
        if !(0.0..n).contains(&r) || !(0.0..n).contains(&c) {
            return None;
        }
        Some(r.floor() as usize * self.n + c.floor() as usize)
    }

    /// The two orthogonal neighbours whose shared edge a point is the
    /// middle of (first in reading order first), if it is one.
    fn edge(&self, (r, c): (f64, f64)) -> Option<[usize; 2]> {
        let (fr, fc) = (r - r.round(), c - c.round());
        let between = |x: f64| near(x.abs(), 0.5);
        let (a, b) = if near(fr, 0.0) && between(fc) {
            // On a horizontal line: the cells above and below it.
            ((r.round() - 0.5, c), (r.round() + 0.5, c))
        } else if near(fc, 0.0) && between(fr) {
            ((r, c.round() - 0.5), (r, c.round() + 0.5))
        } else {
            return None;
        };
        Some([self.cell_at(a)?, self.cell_at(b)?])
    }

    /// The cell a cell-centred point names.
    fn centred(&self, (r, c): (f64, f64)) -> Option<usize> {
        let centred = near(r - r.floor(), 0.5) && near(c - c.floor(), 0.5);
        self.cell_at((r, c)).filter(|_| centred)
    }

    fn name(&self, cell: usize) -> Value {
        json!(format!("R{}C{}", cell / self.n + 1, cell % self.n + 1))
    }

    fn names(&self, cells: &[usize]) -> Value {
        Value::Array(cells.iter().map(|&c| self.name(c)).collect())
    }

    /// The cells a path of points passes through, in order: straight steps
    /// (along a row, a column or a diagonal) from each point's cell to the
    /// next.
    fn path(&self, points: &[(f64, f64)]) -> Option<Vec<usize>> {
        let n = self.n as i64;
        let mut cells: Vec<usize> = Vec::new();
        for &p in points {
            let to = self.cell_at(p)?;
            let Some(&from) = cells.last() else {
                cells.push(to);
                continue;
            };
            let (r0, c0) = ((from / self.n) as i64, (from % self.n) as i64);
            let (r1, c1) = ((to / self.n) as i64, (to % self.n) as i64);
            let (dr, dc) = (r1 - r0, c1 - c0);
            if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
                return None;
            }
            let steps = dr.abs().max(dc.abs());
            for k in 1..=steps {
                let (r, c) = (r0 + dr.signum() * k, c0 + dc.signum() * k);
                cells.push((r * n + c) as usize);
            }
        }
        Some(cells)
    }

    /// The cells of the grid a list names: `[r, c]` pairs from 0, or
    /// `r1c1`-style names (see [`named_cells`]), in the drawing's
    /// coordinates.
    fn cage_cells(&self, value: Option<&Value>) -> Option<Vec<usize>> {
        drawn_cells(value?)?
            .into_iter()
            .map(|(r, c)| {
                let (r, c) = (r.checked_sub(self.r0)?, c.checked_sub(self.c0)?);
                (r < self.n && c < self.n).then_some(r * self.n + c)
            })
            .collect()
    }
}

/// The cells (row, column from 0) a list names: `[r, c]` pairs, names,
/// or one string of names.
/// Rows and columns a drawing may name: the grid and the frame around it
/// are far smaller, and larger numbers (1e30) overflowed the sums after.
const DRAWN_LIMIT: usize = 256;

fn drawn_cells(value: &Value) -> Option<Vec<(usize, usize)>> {
    match value {
        Value::Array(items) => {
            let mut cells = Vec::new();
            for item in items {
                match item {
                    Value::Array(_) => {
                        let (r, c) = point(item)?;
                        let limit = DRAWN_LIMIT as f64;
                        let whole = r.fract() == 0.0 && c.fract() == 0.0 && r >= 0.0 && c >= 0.0;
                        let inside = r < limit && c < limit;
                        cells.push((whole && inside).then_some((r as usize, c as usize))?);
                    }
                    Value::String(s) => cells.extend(named_cells(s)?),
                    _ => return None,
                }
            }
            Some(cells)
        }
        Value::String(s) => named_cells(s),
        _ => None,
    }
}

/// Cells named `r1c1`, separated by commas (or nothing), and rectangles
/// `r1c1-r3c3` (SudokuPad's ranges), as rows and columns from 0.
fn named_cells(text: &str) -> Option<Vec<(usize, usize)>> {
    let lower = text.to_ascii_lowercase().replace(' ', "");
    let one = |name: &str| -> Option<(usize, usize)> {
        let (r, c) = name.strip_prefix('r')?.split_once('c')?;
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        let (r, c) = (r.checked_sub(1)?, c.checked_sub(1)?);
        (r < DRAWN_LIMIT && c < DRAWN_LIMIT).then_some((r, c))
    };
    let mut cells = Vec::new();
    for part in lower.split(',').filter(|p| !p.is_empty()) {
        if let Some((from, to)) = part.split_once('-') {
            let ((r0, c0), (r1, c1)) = (one(from)?, one(to)?);
            for r in r0.min(r1)..=r0.max(r1) {
                for c in c0.min(c1)..=c0.max(c1) {
                    cells.push((r, c));
                }
            }
            continue;
        }
        // Names written together, `r1c1r1c2`.
        if !part.starts_with('r') {
            return None;
        }
        for name in part.split('r').skip(1) {
            cells.push(one(&format!("r{name}"))?);
        }
    }
    (!cells.is_empty()).then_some(cells)
}

/// The grid within the drawing: the bounding box of the regions, as
/// SudokuPad takes it (a drawing may have rows and columns outside the
/// grid for clues), or the whole drawing; its side and top-left cell.
fn playing_area(object: &Map<String, Value>) -> Result<(usize, usize, usize), FpuzzlesError> {
    let rows = list(object, "cells");
    let width = |r: usize| rows.get(r).and_then(Value::as_array).map_or(0, Vec::len);
    let mut cells = Vec::new();
    for (id, region) in list(object, "regions").iter().enumerate() {
        let region = drawn_cells(region).ok_or_else(|| {
            field(
                "regions",
                format!("region {} is not a list of cells", id + 1),
            )
        })?;
        cells.extend(region);
    }
    let (r0, c0, n) = if cells.is_empty() {
        if let Some(r) = (0..rows.len()).find(|&r| width(r) != rows.len()) {
            return Err(field(
                "cells",
                format!(
                    "row {} has {} cells in a grid of {} rows; grids are square",
                    r + 1,
                    width(r),
                    rows.len()
                ),
            ));
        }
        (0, 0, rows.len())
    } else {
        let (r0, r1) = (
            cells.iter().map(|c| c.0).min(),
            cells.iter().map(|c| c.0).max(),
        );
        let (c0, c1) = (
            cells.iter().map(|c| c.1).min(),
            cells.iter().map(|c| c.1).max(),
        );
        let (r0, r1, c0, c1) = (
            r0.unwrap_or(0),
            r1.unwrap_or(0),
            c0.unwrap_or(0),
            c1.unwrap_or(0),
        );
        if r1 - r0 != c1 - c0 {
            return Err(field(
                "regions",
                format!(
                    "the regions cover {} rows and {} columns; a grid is square",
                    r1 - r0 + 1,
                    c1 - c0 + 1
                ),
            ));
        }
        (r0, c0, r1 - r0 + 1)
    };
    if n == 0 || n > crate::MAX_SIZE {
        return Err(field(
            "cells",
            format!(
                "a grid of {n} rows; a grid has 1 to {} rows",
                crate::MAX_SIZE
            ),
        ));
    }
    if let Some(r) = (r0..r0 + n).find(|&r| width(r) < c0 + n) {
        return Err(field(
            "cells",
            format!(
                "row {} has {} cells where the grid needs {}",
                r + 1,
                width(r),
                c0 + n
            ),
        ));
    }
    if rows.len() < r0 + n {
        return Err(field(
            "cells",
            format!("{} rows where the grid needs {}", rows.len(), r0 + n),
        ));
    }
    Ok((n, r0, c0))
}

fn list<'a>(object: &'a Map<String, Value>, key: &str) -> &'a [Value] {
    match object.get(key) {
        Some(Value::Array(items)) => items,
        _ => &[],
    }
}

fn field(key: &str, message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Field {
        key: format!("SudokuPad {key}"),
        message: message.into(),
    }
}

/// The f-puzzles JSON object of a SudokuPad puzzle (see the module's
/// documentation for what is read).
pub(crate) fn to_fpuzzles(
    object: &Map<String, Value>,
) -> Result<Map<String, Value>, FpuzzlesError> {
    let (n, r0, c0) = playing_area(object)?;
    let cv = Converter {
        n,
        r0,
        c0,
        unsupported: BTreeMap::new(),
    };
    let mut reading = Reading {
        marks: read_marks(object, &cv),
        cv,
        out: Map::new(),
        found: BTreeMap::new(),
        all_dots: false,
        all_xv: false,
    };
    reading.out.insert("size".into(), json!(n));
    reading.grid(object)?;
    let disjoint = reading.globals(object);
    reading.cages(object, disjoint)?;
    reading.lines(object);
    mark_copies(&mut reading.marks);
    reading.arrows(object);
    mark_copies(&mut reading.marks);
    reading.marks_left();
    reading.other_keys(object);
    reading.finish()
}

/// A SudokuPad puzzle being read: the f-puzzles object so far, the rules
/// found by f-puzzles key, and the marks not yet taken by a rule.
struct Reading {
    cv: Converter,
    out: Map<String, Value>,
    marks: Vec<Mark>,
    found: BTreeMap<&'static str, Vec<Value>>,
    /// Whether the rules text says every kropki dot, resp. every X and V,
    /// is given (the negative constraint, which no shape shows).
    all_dots: bool,
    all_xv: bool,
}

/// The puzzle's metadata: `metadata` (or `metaData`) and the cages with
/// no cells that carry `name: value` (the older way), as SudokuPad merges
/// them (the object wins; every `rules:` cage adds a line of rules).
fn metadata(object: &Map<String, Value>) -> Map<String, Value> {
    let mut meta = Map::new();
    let mut rules = Vec::new();
    for cage in list(object, "cages") {
        let Value::Object(cage) = cage else { continue };
        if has_cells(cage) {
            continue;
        }
        let Some(Value::String(text)) = cage.get("value") else {
            continue;
        };
        if let Some((name, value)) = text.split_once(':') {
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() || value.is_empty() {
                continue;
            }
            if name == "rules" {
                rules.push(Value::String(value.into()));
            } else {
                meta.insert(name.into(), Value::String(value.into()));
            }
        }
    }
    if !rules.is_empty() {
        meta.insert("rules".into(), Value::Array(rules));
    }
    for key in ["metaData", "metadata"] {
        if let Some(Value::Object(m)) = object.get(key) {
            meta.extend(m.clone());
        }
    }
    meta
}

/// Whether a cage names cells (one with none carries metadata).
fn has_cells(cage: &Map<String, Value>) -> bool {
    match cage.get("cells") {
        Some(Value::Array(cells)) => !cells.is_empty(),
        Some(Value::String(cells)) => !cells.is_empty(),
        _ => false,
    }
}

/// The rules text: the metadata's (a string or lines) or the puzzle's own
/// `rules`.
fn rules_text(object: &Map<String, Value>, meta: &Map<String, Value>) -> String {
    let text = |value: Option<&Value>| match value {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(lines)) => lines
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    };
    let mut all = text(meta.get("rules"));
    let own = text(object.get("rules"));
    if !own.is_empty() && own != all {
        all.push('\n');
        all.push_str(&own);
    }
    all
}

/// Every overlay and underlay with a centre (in the grid's coordinates).
fn read_marks(object: &Map<String, Value>, cv: &Converter) -> Vec<Mark> {
    ["underlays", "overlays"]
        .iter()
        .flat_map(|key| list(object, key))
        .filter_map(|m| {
            let m = m.as_object()?;
            Some(Mark {
                center: cv.local(m.get("center").and_then(point)?),
                width: number(m.get("width")).unwrap_or(1.0),
                height: number(m.get("height")).unwrap_or(1.0),
                rounded: m.get("rounded") == Some(&Value::Bool(true)),
                text: match m.get("text") {
                    Some(Value::String(s)) => s.trim().to_string(),
                    Some(Value::Number(v)) => v.to_string(),
                    _ => String::new(),
                },
                background: colour(m, "backgroundColor"),
                border: colour(m, "borderColor"),
                used: false,
                bulb: false,
            })
        })
        .collect()
}

/// The points of a line or an arrow (at least two, in the grid's
/// coordinates), if they are points.
fn way_points(object: &Map<String, Value>, cv: &Converter) -> Option<Vec<(f64, f64)>> {
    let points: Option<Vec<(f64, f64)>> = list(object, "wayPoints")
        .iter()
        .map(|p| point(p).map(|p| cv.local(p)))
        .collect();
    points.filter(|p| p.len() >= 2)
}

impl Reading {
    fn add(&mut self, key: &'static str, value: Value) {
        self.found.entry(key).or_default().push(value);
    }

    /// Givens and regions: the f-puzzles `grid`, with each cell's region
    /// (null for a cell in none).
    fn grid(&mut self, object: &Map<String, Value>) -> Result<(), FpuzzlesError> {
        let (n, r0, c0) = (self.cv.n, self.cv.r0, self.cv.c0);
        let mut grid: Vec<Map<String, Value>> = vec![Map::new(); n * n];
        for (dr, row) in list(object, "cells").iter().enumerate() {
            let Value::Array(row) = row else {
                return Err(field("cells", format!("row {} is not a list", dr + 1)));
            };
            for (dc, cell) in row.iter().enumerate() {
                let given = match cell.get("value") {
                    None | Some(Value::Null) => continue,
                    Some(Value::String(s)) if s.trim().is_empty() => continue,
                    Some(given) => given,
                };
                let inside = (r0..r0 + n).contains(&dr) && (c0..c0 + n).contains(&dc);
                if !inside {
                    // Digits around the grid: clues of rules not read here.
                    self.cv.refuse("outside clues");
                    continue;
                }
                let (r, c) = (dr - r0, dc - c0);
                let digit = number(Some(given))
                    .filter(|d| d.fract() == 0.0 && *d >= 1.0 && *d <= n as f64)
                    .ok_or_else(|| {
                        field(
                            "cells",
                            format!(
                                "r{}c{} gives {given}, not a digit from 1 to {n}",
                                r + 1,
                                c + 1
                            ),
                        )
                    })?;
                let entry = &mut grid[r * n + c];
                entry.insert("value".into(), json!(digit as u64));
                entry.insert("given".into(), json!(true));
            }
        }
        for (id, cells) in list(object, "regions").iter().enumerate() {
            let cells = self.cv.cage_cells(Some(cells)).ok_or_else(|| {
                field(
                    "regions",
                    format!("region {} names no cells of the grid", id + 1),
                )
            })?;
            for cell in cells {
                if grid[cell].contains_key("region") {
                    return Err(field(
                        "regions",
                        format!("r{}c{} lies in two regions", cell / n + 1, cell % n + 1),
                    ));
                }
                grid[cell].insert("region".into(), json!(id));
            }
        }
        let rows = grid
            .chunks(n)
            .map(|row| {
                row.iter()
                    .map(|entry| {
                        let mut entry = entry.clone();
                        entry.entry("region").or_insert(Value::Null);
                        Value::Object(entry)
                    })
                    .collect()
            })
            .collect();
        self.out.insert("grid".into(), Value::Array(rows));
        Ok(())
    }

    /// The rules over the whole grid (`global`, `metadata`); whether the
    /// disjoint groups are one of them.
    fn globals(&mut self, object: &Map<String, Value>) -> bool {
        let mut globals: Vec<String> = match object.get("global") {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_ascii_lowercase))
                .collect(),
            Some(Value::String(s)) => vec![s.to_ascii_lowercase()],
            _ => Vec::new(),
        };
        let meta = metadata(object);
        for key in ["antiknight", "antiking", "nonconsecutive"] {
            if meta.get(key) == Some(&Value::Bool(true)) {
                globals.push(key.into());
            }
        }
        if matches!(meta.get("bgimage"), Some(Value::String(s)) if !s.trim().is_empty()) {
            self.cv.refuse("background image");
        }
        // SudokuPad's checker reads anti-knight and anti-king from the
        // rules text where the metadata does not say; non-consecutive and
        // the main diagonals are stated in words as often.
        let stated = rules_text::stated_rules(&rules_text(object, &meta));
        for (key, stated) in [
            ("antiknight", stated.knight),
            ("antiking", stated.king),
            ("nonconsecutive", stated.nonconsecutive),
        ] {
            if stated && !meta.contains_key(key) {
                globals.push(key.into());
            }
        }
        if stated.diagonals {
            self.out.insert("diagonal+".into(), json!(true));
            self.out.insert("diagonal-".into(), json!(true));
        }
        (self.all_dots, self.all_xv) = (stated.all_dots, stated.all_xv);
        let mut disjoint = false;
        for global in globals {
            match global.as_str() {
                "antiknight" | "antiking" | "nonconsecutive" => {
                    self.out.insert(global, json!(true));
                }
                "disjoint" => disjoint = true,
                other if other.starts_with("anti") => self.cv.refuse("negative"),
                other => self.cv.refuse(other),
            }
        }
        if disjoint {
            self.out.insert("disjointgroups".into(), json!(true));
        }
        disjoint
    }

    /// Killer cages, extra regions and disjoint groups.
    fn cages(&mut self, object: &Map<String, Value>, disjoint: bool) -> Result<(), FpuzzlesError> {
        for (i, cage) in list(object, "cages").iter().enumerate() {
            let Value::Object(cage) = cage else { continue };
            if !has_cells(cage) {
                continue; // metadata: `title: ...`, `solution: ...`
            }
            let cells = self.cv.cage_cells(cage.get("cells")).ok_or_else(|| {
                field(
                    "cages",
                    format!("cage {} names cells outside the grid", i + 1),
                )
            })?;
            let names = self.cv.names(&cells);
            let style = cage.get("style").and_then(Value::as_str).unwrap_or("");
            let kind = cage.get("type").and_then(Value::as_str).unwrap_or("");
            let unique = cage.get("unique") == Some(&Value::Bool(true));
            let total = number(cage.get("value")).filter(|v| v.fract() == 0.0 && *v > 0.0);
            let text = match cage.get("value") {
                Some(Value::String(s)) => s.trim().to_string(),
                Some(Value::Number(v)) => v.to_string(),
                _ => String::new(),
            };
            if kind == "disjoint" {
                if !disjoint {
                    self.add("extraregion", json!({ "cells": names }));
                }
            } else if matches!(kind, "region" | "rowcol") {
                // The regions and lines SudokuPad adds for itself.
            } else if style == "extraregion" {
                self.add("extraregion", json!({ "cells": names }));
            } else if style.starts_with("fp") {
                self.cv.refuse("cages");
            } else if unique || style == "killer" {
                let mut entry = Map::new();
                entry.insert("cells".into(), names);
                match total {
                    Some(total) => {
                        entry.insert("value".into(), json!((total as u64).to_string()));
                    }
                    None if !text.is_empty() && text != "?" => self.cv.refuse("cages"),
                    None => {}
                }
                self.add("killercage", Value::Object(entry));
            } else if !text.is_empty() {
                // A clue on a cage that is no killer cage (SudokuPad checks
                // only those): a sum whose digits may repeat, or a rule
                // this crate does not have.
                self.cv.refuse("cages");
            }
            // Otherwise an outline with no rule (cells in no region, cosmetics).
        }
        Ok(())
    }

    /// The filled round mark centred on a cell: a thermometer's bulb.
    fn bulb_at(&self, cell: usize) -> Option<usize> {
        self.marks.iter().position(|m| {
            m.rounded
                && m.text.is_empty()
                && !matches!(m.background.as_str(), "" | "#FFFFFF" | "#FFF")
                && (0.5..=1.0).contains(&m.width)
                && (0.5..=1.0).contains(&m.height)
                && self.cv.centred(m.center) == Some(cell)
        })
    }

    /// Lines: the X diagonals and thermometers; any other is refused.
    fn lines(&mut self, object: &Map<String, Value>) {
        let nf = self.cv.n as f64;
        for line in list(object, "lines") {
            let Some(line) = line.as_object() else {
                continue;
            };
            let Some(points) = way_points(line, &self.cv) else {
                continue;
            };
            if colour(line, "color") == "#34BBE6" && points.len() == 2 {
                let joins = |a: (f64, f64), b: (f64, f64)| {
                    let at = |p: (f64, f64), q: (f64, f64)| near(p.0, q.0) && near(p.1, q.1);
                    (at(points[0], a) && at(points[1], b)) || (at(points[0], b) && at(points[1], a))
                };
                if joins((0.0, nf), (nf, 0.0)) {
                    self.out.insert("diagonal+".into(), json!(true));
                    continue;
                }
                if joins((0.0, 0.0), (nf, nf)) {
                    self.out.insert("diagonal-".into(), json!(true));
                    continue;
                }
            }
            let cells = points
                .iter()
                .all(|&p| self.cv.centred(p).is_some())
                .then(|| self.cv.path(&points))
                .flatten();
            let Some(mut cells) = cells.filter(|c| c.len() >= 2) else {
                self.cv.refuse("lines");
                continue;
            };
            let first = self.bulb_at(cells[0]);
            let last = self.bulb_at(cells[cells.len() - 1]);
            // Bulbs on both ends: the larger is the bulb (SudokuPad draws an
            // odd cell's circle smaller than a bulb).
            let area = |m: usize| self.marks[m].width * self.marks[m].height;
            let bulb = match (first, last) {
                (Some(f), None) => Some(f),
                (None, Some(l)) => Some(l),
                (Some(f), Some(l)) if area(f) > area(l) + 0.01 => Some(f),
                (Some(f), Some(l)) if area(l) > area(f) + 0.01 => Some(l),
                _ => None,
            };
            let Some(bulb) = bulb else {
                self.cv.refuse("lines");
                continue;
            };
            if Some(bulb) != first {
                cells.reverse();
            }
            (self.marks[bulb].used, self.marks[bulb].bulb) = (true, true);
            let names = self.cv.names(&cells);
            self.add("thermometer", json!({ "lines": [names] }));
        }
    }

    /// Arrows from circles (the arrows that share a circle as one
    /// f-puzzles arrow) and little killers; arrows from no circle refused.
    fn arrows(&mut self, object: &Map<String, Value>) {
        let n = self.cv.n;
        let mut circles: Vec<(usize, Vec<usize>, Vec<Value>)> = Vec::new();
        for arrow in list(object, "arrows") {
            let Some(points) = arrow.as_object().and_then(|a| way_points(a, &self.cv)) else {
                continue;
            };
            let start = points[0];
            if self.cv.cell_at(start).is_none() {
                self.little_killer(&points);
                continue;
            }
            // The largest round mark the arrow starts in (an odd cell's
            // circle may sit inside an arrow's).
            let circle = self
                .marks
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    m.rounded
                        && !m.bulb
                        && m.width >= 0.5
                        && m.height >= 0.5
                        && (start.0 - m.center.0).abs() <= m.height / 2.0 + 0.1
                        && (start.1 - m.center.1).abs() <= m.width / 2.0 + 0.1
                })
                .max_by(|(_, a), (_, b)| (a.width * a.height).total_cmp(&(b.width * b.height)))
                .map(|(i, _)| i);
            let Some(circle) = circle else {
                self.cv.refuse("arrows");
                continue;
            };
            self.marks[circle].used = true;
            let m = &self.marks[circle];
            let circle_cells: Vec<usize> = (0..n * n)
                .filter(|&cell| {
                    let (r, c) = ((cell / n) as f64 + 0.5, (cell % n) as f64 + 0.5);
                    (r - m.center.0).abs() <= m.height / 2.0
                        && (c - m.center.1).abs() <= m.width / 2.0
                })
                .collect();
            let Some(path) = self.cv.path(&points).filter(|_| !circle_cells.is_empty()) else {
                self.cv.refuse("arrows");
                continue;
            };
            let path = self.cv.names(&path);
            match circles.iter_mut().find(|(k, ..)| *k == circle) {
                Some(entry) => entry.2.push(path),
                None => circles.push((circle, circle_cells, vec![path])),
            }
        }
        for (_, cells, lines) in circles {
            let names = self.cv.names(&cells);
            self.add("arrow", json!({ "cells": names, "lines": lines }));
        }
    }

    /// A little killer as SudokuPad draws f-puzzles' `littlekillersum`:
    /// an arrow that starts in a cell just outside the grid and points
    /// along a diagonal into it, its total a text in that cell (`_`, or
    /// nothing, for a clue without a total, which is no rule). An arrow
    /// from further out, along no diagonal, into no cell of the grid, or
    /// with no such text, is refused by name (`outside arrows`).
    fn little_killer(&mut self, points: &[(f64, f64)]) {
        let n = self.cv.n as isize;
        let (start, end) = (points[0], points[points.len() - 1]);
        let (dr, dc) = (end.0 - start.0, end.1 - start.1);
        let diagonal = dr != 0.0 && dc != 0.0 && (dr.abs() - dc.abs()).abs() <= 0.1 * dr.abs();
        let direction = match (dr > 0.0, dc > 0.0) {
            (true, false) => Direction::DownLeft,
            (true, true) => Direction::DownRight,
            (false, false) => Direction::UpLeft,
            (false, true) => Direction::UpRight,
        };
        let (r, c) = (start.0.floor() as isize, start.1.floor() as isize);
        let (sr, sc) = direction.step();
        // Its next cell in the grid: the clue's cell is just outside.
        let into = (0..n).contains(&(r + sr)) && (0..n).contains(&(c + sc));
        let centre = (r as f64 + 0.5, c as f64 + 0.5);
        let text = self.marks.iter().position(|m| {
            !m.used
                && (m.center.0 - centre.0).abs() < 0.5
                && (m.center.1 - centre.1).abs() < 0.5
                && (!m.text.is_empty() || near(m.width, 0.25))
        });
        // The text in its cell belongs to the arrow, read or refused with
        // it (not refused again as a text).
        if let Some(text) = text {
            self.marks[text].used = true;
        }
        let (Some(text), true, true) = (text, diagonal, into) else {
            self.cv.refuse("outside arrows");
            return;
        };
        let total = match self.marks[text].text.as_str() {
            "" | "_" => None,
            t => match t.parse::<u32>() {
                Ok(total) => Some(total),
                Err(_) => {
                    self.cv.refuse("outside arrows");
                    return;
                }
            },
        };
        if let Some(total) = total {
            let clue = format!("R{}C{}", r + 1, c + 1);
            self.add(
                "littlekillersum",
                json!({ "cell": clue, "direction": direction.code(), "value": total.to_string() }),
            );
        }
    }

    /// The marks no rule took: odd and even cells, the windoku windows,
    /// cells' colours; any other is refused.
    fn marks_left(&mut self) {
        let n = self.cv.n;
        let windows: Vec<Window> = crate::Constraint::windoku(n)
            .iter()
            .map(|w| Window::around(n, w.cells()))
            .collect();
        let is_window = |m: &Mark| {
            !m.rounded
                && m.text.is_empty()
                && windows.iter().any(|w| {
                    near(m.center.0, w.centre.0)
                        && near(m.center.1, w.centre.1)
                        && near(m.width, w.width)
                        && near(m.height, w.height)
                })
        };
        let windoku = !windows.is_empty()
            && self
                .marks
                .iter()
                .filter(|m| !m.used && is_window(m))
                .count()
                == windows.len();
        let marks = std::mem::take(&mut self.marks);
        let (mut dots, mut xv) = (false, false);
        for m in marks.iter().filter(|m| !m.used) {
            if windoku && is_window(m) {
                continue;
            }
            // An X or V, or a kropki dot, on the edge between two cells.
            let edge = self.cv.edge(m.center);
            if let Some(cells) = edge {
                let names = self.cv.names(&cells);
                let letter = m.text.to_ascii_uppercase();
                if letter == "X" || letter == "V" {
                    self.add("xv", json!({ "cells": names, "value": letter }));
                    xv = true;
                    continue;
                }
                let dot =
                    m.text.is_empty() && m.rounded && m.width <= 0.5 && near(m.width, m.height);
                let kind = match m.background.as_str() {
                    "#FFFFFF" | "#FFF" | "#FFFFFFFF" | "WHITE" => Some("difference"),
                    "#000000" | "#000" | "#000000FF" | "BLACK" => Some("ratio"),
                    _ => None,
                };
                if let Some(kind) = kind.filter(|_| dot) {
                    self.add(kind, json!({ "cells": names }));
                    dots = true;
                    continue;
                }
            }
            if !m.text.is_empty() {
                self.cv.refuse("texts");
                continue;
            }
            let cell = self.cv.centred(m.center);
            if cell.is_some() && near(m.width, 1.0) && near(m.height, 1.0) && !m.rounded {
                // A cell's colour, unless grey on grey: SudokuPad's clones.
                if m.border == "#CFCFCF" && m.background == "#CFCFCF" {
                    self.cv.refuse("clone");
                }
                continue;
            }
            let parity_sized = (0.55..=0.8).contains(&m.width) && near(m.width, m.height);
            match cell.filter(|_| parity_sized) {
                Some(cell) => {
                    let key = if m.rounded { "odd" } else { "even" };
                    let name = self.cv.name(cell);
                    self.add(key, json!({ "cell": name }));
                }
                None if m.width > 1.02 || m.height > 1.02 => self.cv.refuse("shaded areas"),
                None => self.cv.refuse("dots"),
            }
        }
        self.marks = marks;
        // "All dots are given", "all X and V are given": in words only.
        let mut negative = Vec::new();
        if dots && self.all_dots {
            negative.extend([json!("difference"), json!("ratio")]);
        }
        if xv && self.all_xv {
            negative.push(json!("xv"));
        }
        if !negative.is_empty() {
            self.out.insert("negative".into(), Value::Array(negative));
        }
        if windoku {
            for window in &windows {
                let names = self.cv.names(&window.cells);
                self.add("extraregion", json!({ "cells": names }));
            }
        }
    }

    /// Top-level keys that are neither read nor known to carry no rule.
    fn other_keys(&mut self, object: &Map<String, Value>) {
        const READ: [&str; 9] = [
            "cells",
            "regions",
            "cages",
            "lines",
            "arrows",
            "overlays",
            "underlays",
            "global",
            "metadata",
        ];
        for (key, value) in object {
            let empty = match value {
                Value::Null | Value::Bool(false) => true,
                Value::Array(items) => items.is_empty(),
                Value::Object(map) => map.is_empty(),
                Value::String(s) => s.is_empty(),
                _ => false,
            };
            if !empty && !READ.contains(&key.as_str()) && !IGNORED.contains(&key.as_str()) {
                self.cv.refuse(key);
            }
        }
    }

    /// The f-puzzles object, or the shapes refused.
    fn finish(mut self) -> Result<Map<String, Value>, FpuzzlesError> {
        if !self.cv.unsupported.is_empty() {
            return Err(FpuzzlesError::Unsupported {
                rules: self.cv.unsupported.into_iter().collect(),
            });
        }
        for (key, items) in self.found {
            self.out.insert(key.into(), Value::Array(items));
        }
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fpuzzles::{self, tests::normalised};
    use crate::{CellIndex, Constraint, DistinctKind, Puzzle, Regions};
    use proptest::prelude::*;

    /// SudokuPad's zipped form of a value (the short keys, single quotes,
    /// bare colours, `t`/`f`, empty objects left out of lists).
    fn zip(value: &Value, after_colon: bool) -> String {
        match value {
            Value::Object(map) => {
                let fields: Vec<String> = map
                    .iter()
                    .map(|(k, v)| {
                        let key = KEYS
                            .iter()
                            .find(|(_, long)| long == k)
                            .map_or(k.as_str(), |(s, _)| s);
                        format!("{key}:{}", zip(v, true))
                    })
                    .collect();
                format!("{{{}}}", fields.join(","))
            }
            Value::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|v| match v {
                        Value::Object(m) if m.is_empty() => String::new(),
                        v => zip(v, false),
                    })
                    .collect();
                format!("[{}]", items.join(","))
            }
            Value::String(s) if after_colon && s == "#000000" => "#0".into(),
            Value::String(s) if after_colon && s == "#FFFFFF" => "#F".into(),
            Value::String(s)
                if after_colon
                    && s.len() == 7
                    && s.starts_with('#')
                    && s[1..].bytes().all(|b| b.is_ascii_hexdigit()) =>
            {
                s[1..].to_string()
            }
            Value::String(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
            Value::Bool(b) => (if *b { "t" } else { "f" }).into(),
            other => other.to_string(),
        }
    }

    fn centre(n: usize, cell: CellIndex) -> Value {
        json!([(cell / n) as f64 + 0.5, (cell % n) as f64 + 0.5])
    }

    fn rc(n: usize, cells: &[CellIndex]) -> Value {
        Value::Array(cells.iter().map(|&c| json!([c / n, c % n])).collect())
    }

    /// The puzzle drawn as SudokuPad draws an f-puzzles puzzle it opens
    /// (windoku as SudokuPad's own four grey windows).
    fn draw(puzzle: &Puzzle) -> Value {
        let n = puzzle.size();
        let givens = puzzle.givens();
        let cells: Vec<Value> = (0..n)
            .map(|r| {
                Value::Array(
                    (0..n)
                        .map(|c| match givens[r * n + c] {
                            0 => json!({}),
                            d => json!({"value": d}),
                        })
                        .collect(),
                )
            })
            .collect();
        let mut out =
            json!({"cells": cells, "metadata": {"title": "drawn", "rules": "Normal rules."}});
        let (mut cages, mut lines, mut arrows, mut underlays, mut overlays, mut global) =
            (vec![], vec![], vec![], vec![], vec![], vec![]);
        match puzzle.region_map() {
            Some(map) => {
                let regions: Vec<Value> = (0..n as u8)
                    .map(|id| rc(n, &(0..n * n).filter(|&c| map[c] == id).collect::<Vec<_>>()))
                    .collect();
                out["regions"] = Value::Array(regions);
            }
            None => cages.push(json!({"cells": rc(n, &(0..n * n).collect::<Vec<_>>()), "unique": false, "hidden": true})),
        }
        let [down, up] = Constraint::diagonals(n);
        for constraint in puzzle.constraints() {
            match constraint {
                c if *c == down => lines.push(json!({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, 0], [n, n]]})),
                c if *c == up => lines.push(json!({"color": "#34BBE6", "thickness": 2, "wayPoints": [[0, n], [n, 0]]})),
                Constraint::Distinct { kind: DistinctKind::Windoku, cells } => {
                    let side = (n as f64).sqrt() as usize;
                    let (r, c) = (cells[0] / n, cells[0] % n);
                    let half = side as f64 / 2.0;
                    underlays.push(json!({"backgroundColor": "#CFCFCF", "center": [r as f64 + half, c as f64 + half], "width": side, "height": side}));
                }
                Constraint::Distinct { kind: DistinctKind::DisjointGroup, cells } => {
                    cages.push(json!({"cells": rc(n, cells), "unique": true, "type": "disjoint", "style": null}));
                    if !global.contains(&json!("disjoint")) {
                        global.push(json!("disjoint"));
                    }
                }
                Constraint::Distinct { cells, .. } => {
                    cages.push(json!({"style": "extraregion", "unique": true, "sum": n * (n + 1) / 2, "cells": rc(n, cells)}));
                }
                Constraint::AntiKnight => global.push(json!("antiknight")),
                Constraint::AntiKing => global.push(json!("antiking")),
                Constraint::NonConsecutive => global.push(json!("nonconsecutive")),
                Constraint::Cage { cells, total } => {
                    let mut cage = json!({"unique": true, "cells": rc(n, cells)});
                    if let Some(total) = total {
                        cage["value"] = json!(total.to_string());
                        cage["sum"] = json!(total);
                    }
                    cages.push(cage);
                }
                Constraint::Thermometer { cells } => {
                    underlays.push(json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(n, cells[0]), "rounded": true, "width": 0.85, "height": 0.85}));
                    let points: Vec<Value> = cells.iter().map(|&c| centre(n, c)).collect();
                    lines.push(json!({"color": "#CFCFCF", "thickness": 21, "wayPoints": points}));
                }
                Constraint::Arrow { circle, path } => {
                    let from = *circle.last().unwrap();
                    let (r0, c0) = ((from / n) as f64 + 0.5, (from % n) as f64 + 0.5);
                    let (r1, c1) = ((path[0] / n) as f64 + 0.5, (path[0] % n) as f64 + 0.5);
                    let (dr, dc) = (r1 - r0, c1 - c0);
                    let dist = (dr * dr + dc * dc).sqrt();
                    // JavaScript's Math.sign: 0 for 0.
                    let sign = |d: f64| if d == 0.0 { 0.0 } else { d.signum() };
                    let shift = |d: f64| (40.0 * sign(d) / dist).round() / 100.0;
                    let two = |x: f64| (x * 100.0).round() / 100.0;
                    let mut points = vec![json!([two(r0 + shift(dr)), two(c0 + shift(dc))])];
                    points.extend(path.iter().map(|&c| centre(n, c)));
                    arrows.push(json!({"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": points}));
                    let rows: Vec<usize> = circle.iter().map(|c| c / n).collect();
                    let cols: Vec<usize> = circle.iter().map(|c| c % n).collect();
                    let (rmin, rmax) = (*rows.iter().min().unwrap(), *rows.iter().max().unwrap());
                    let (cmin, cmax) = (*cols.iter().min().unwrap(), *cols.iter().max().unwrap());
                    overlays.push(json!({
                        "borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "fontSize": 16, "borderSize": 5,
                        "rounded": true, "text": "",
                        "center": [(rmin + rmax) as f64 / 2.0 + 0.5, (cmin + cmax) as f64 / 2.0 + 0.5],
                        "width": (cmax - cmin) as f64 + 0.83, "height": (rmax - rmin) as f64 + 0.83,
                    }));
                }
                Constraint::Odd(cell) => underlays.push(json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(n, *cell), "rounded": true, "width": 0.7, "height": 0.7})),
                Constraint::Even(cell) => underlays.push(json!({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(n, *cell), "rounded": false, "width": 0.7, "height": 0.7})),
                Constraint::LittleKiller { cells, total } => {
                    let direction = Direction::of(n, cells).unwrap();
                    let (dr, dc) = direction.step();
                    let (dr, dc) = (dr as f64, dc as f64);
                    // The clue's cell, one step back from the first.
                    let (r, c) = ((cells[0] / n) as f64 + 0.5 - dr, (cells[0] % n) as f64 + 0.5 - dc);
                    arrows.push(json!({"color": "#000000", "thickness": 2, "wayPoints": [[r + 0.3 * dr, c + 0.3 * dc], [r + 0.48 * dr, c + 0.48 * dc]]}));
                    overlays.push(json!({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "center": [r, c], "fontSize": 28, "width": 0.25, "height": 0.25, "rounded": false, "text": total.to_string()}));
                }
                // Not drawn here: dots and XV marks have fixtures of their
                // own (tests/fpuzzles.rs); SudokuPad's lines and its own
                // sandwich clues (numbers outside the grid) are refused.
                Constraint::Pair { .. }
                | Constraint::Unmarked(_)
                | Constraint::Line { .. }
                | Constraint::Sandwich { .. }
                | Constraint::Skyscraper { .. }
                | Constraint::XSum { .. }
                | Constraint::Quadruple { .. } => {
                    panic!("no SudokuPad drawing for {constraint:?}")
                }
            }
        }
        // A cell's colour, which carries no rule.
        underlays.push(json!({"backgroundColor": "#ffa0a0", "center": centre(n, 0), "rounded": false, "width": 1, "height": 1}));
        for (key, items) in [
            ("cages", cages),
            ("lines", lines),
            ("arrows", arrows),
            ("underlays", underlays),
            ("overlays", overlays),
            ("global", global),
        ] {
            if !items.is_empty() {
                out[key] = Value::Array(items);
            }
        }
        out
    }

    /// The drawing with `f` empty rows and columns around the grid (room
    /// for clues outside it), every shape moved along.
    fn framed(mut drawing: Value, f: usize) -> Value {
        let n = drawing["cells"].as_array().unwrap().len();
        let side = n + 2 * f;
        let mut cells = vec![vec![json!({}); side]; side];
        for (r, row) in drawing["cells"].as_array().unwrap().iter().enumerate() {
            for (c, cell) in row.as_array().unwrap().iter().enumerate() {
                cells[r + f][c + f] = cell.clone();
            }
        }
        drawing["cells"] = json!(cells);
        let shift = |p: &mut Value| {
            for x in p.as_array_mut().unwrap() {
                *x = json!(x.as_f64().unwrap() + f as f64);
            }
        };
        for region in drawing["regions"].as_array_mut().into_iter().flatten() {
            region.as_array_mut().unwrap().iter_mut().for_each(shift);
        }
        for key in ["cages"] {
            for item in drawing[key].as_array_mut().into_iter().flatten() {
                item["cells"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .for_each(shift);
            }
        }
        for key in ["lines", "arrows"] {
            for item in drawing[key].as_array_mut().into_iter().flatten() {
                item["wayPoints"]
                    .as_array_mut()
                    .unwrap()
                    .iter_mut()
                    .for_each(shift);
            }
        }
        for key in ["overlays", "underlays"] {
            for item in drawing[key].as_array_mut().into_iter().flatten() {
                shift(&mut item["center"]);
            }
        }
        drawing
    }

    fn link(drawing: &Value) -> String {
        format!(
            "https://sudokupad.app/scl{}",
            lz_str::compress_to_base64(zip(drawing, false).as_str())
        )
    }

    /// A walk of king's moves over distinct cells.
    fn walk(n: usize, start: CellIndex, steps: &[usize]) -> Vec<CellIndex> {
        let mut cells = vec![start];
        for &s in steps {
            let at = *cells.last().unwrap();
            let (r, c) = ((at / n) as i64, (at % n) as i64);
            let moves: Vec<CellIndex> = (-1i64..=1)
                .flat_map(|dr| (-1i64..=1).map(move |dc| (r + dr, c + dc)))
                .filter(|&(rr, cc)| (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc))
                .map(|(rr, cc)| (rr * n as i64 + cc) as CellIndex)
                .filter(|c| !cells.contains(c))
                .collect();
            if moves.is_empty() {
                break;
            }
            cells.push(moves[s % moves.len()]);
        }
        cells
    }

    fn drawable_puzzle() -> impl Strategy<Value = Puzzle> {
        (
            prop_oneof![Just(4usize), Just(6), Just(9), Just(16)],
            any::<[u64; 4]>(),
        )
            .prop_flat_map(|(n, _)| {
                let cells = n * n;
                (
                    Just(n),
                    0u8..3,
                    proptest::collection::vec((0..cells, 0..cells), 0..12),
                    proptest::collection::vec((0..cells, 1..=n as u8), 0..8),
                    proptest::collection::vec(any::<bool>(), 7),
                    proptest::collection::vec(
                        (
                            proptest::sample::subsequence(
                                (0..cells).collect::<Vec<_>>(),
                                1..=n.min(5),
                            ),
                            proptest::option::of(1u32..60),
                        ),
                        0..3,
                    ),
                    proptest::collection::vec(
                        (0..cells, proptest::collection::vec(0usize..8, 1..6)),
                        0..3,
                    ),
                    proptest::collection::vec(
                        (
                            0..cells,
                            any::<bool>(),
                            proptest::collection::vec(0usize..8, 1..5),
                        ),
                        0..3,
                    ),
                    proptest::collection::vec((0..cells, any::<bool>()), 0..3),
                    proptest::collection::vec((0..cells, 0..4usize, 1u32..80), 0..4),
                )
            })
            .prop_map(
                |(n, shape, swaps, givens, flags, cages, thermos, arrows, parity, little)| {
                    let regions = match shape {
                        0 => Puzzle::classic(n).unwrap().regions().clone(),
                        1 => {
                            let mut map = Puzzle::classic(n).unwrap().region_map().unwrap();
                            for (a, b) in swaps {
                                map.swap(a, b);
                            }
                            Regions::Jigsaw(map)
                        }
                        _ => Regions::None,
                    };
                    let mut puzzle = Puzzle::new(n, regions).unwrap();
                    for (cell, digit) in givens {
                        let _ = puzzle.set_given(cell, digit);
                    }
                    let mut wanted = Vec::new();
                    if flags[0] {
                        wanted.extend(Constraint::diagonals(n));
                    }
                    if flags[1] {
                        wanted.extend(Constraint::windoku(n));
                    }
                    if flags[2] {
                        wanted.push(Constraint::AntiKnight);
                    }
                    if flags[3] {
                        wanted.push(Constraint::AntiKing);
                    }
                    if flags[4] {
                        wanted.push(Constraint::NonConsecutive);
                    }
                    if flags[5] {
                        wanted.extend(Constraint::disjoint_groups(n, puzzle.regions()));
                    }
                    if flags[6] {
                        wanted.push(Constraint::Distinct {
                            kind: DistinctKind::ExtraRegion,
                            cells: (0..n).map(|k| k * n + (k + 1) % n).collect(),
                        });
                    }
                    for (cells, total) in cages {
                        wanted.push(Constraint::Cage { cells, total });
                    }
                    // A thermometer's tail on another's bulb would draw a line
                    // with a bulb on each end: left out.
                    let thermos: Vec<Vec<CellIndex>> = thermos
                        .iter()
                        .map(|(start, steps)| walk(n, *start, steps))
                        .collect();
                    for cells in &thermos {
                        let tail = cells[cells.len() - 1];
                        if !thermos.iter().any(|other| other[0] == tail) {
                            wanted.push(Constraint::Thermometer {
                                cells: cells.clone(),
                            });
                        }
                    }
                    for (start, two, steps) in arrows {
                        // A circle of one cell, or two side by side.
                        let circle = if two && start % n + 1 < n {
                            vec![start, start + 1]
                        } else {
                            vec![start]
                        };
                        let from = *circle.last().unwrap();
                        let route = walk(n, from, &steps);
                        let path: Vec<CellIndex> = route
                            .into_iter()
                            .skip(1)
                            .take_while(|c| !circle.contains(c))
                            .collect();
                        // Circles that overlap without being the same cannot
                        // be told apart in a drawing: left out.
                        let overlaps = wanted.iter().any(|c| {
                            matches!(c, Constraint::Arrow { circle: other, .. }
                        if *other != circle && other.iter().any(|x| circle.contains(x)))
                        });
                        if !path.is_empty() && !overlaps {
                            wanted.push(Constraint::Arrow { circle, path });
                        }
                    }
                    for (cell, odd) in parity {
                        wanted.push(if odd {
                            Constraint::Odd(cell)
                        } else {
                            Constraint::Even(cell)
                        });
                    }
                    // A little killer through the cell, along the direction,
                    // from the grid's edge; one clue a cell outside.
                    let mut clues = Vec::new();
                    for (cell, d, total) in little {
                        let direction = Direction::ALL[d];
                        let (dr, dc) = direction.step();
                        let side = n as isize;
                        let inside =
                            |r: isize, c: isize| (0..side).contains(&r) && (0..side).contains(&c);
                        let (mut r, mut c) = ((cell / n) as isize, (cell % n) as isize);
                        while inside(r - dr, c - dc) {
                            (r, c) = (r - dr, c - dc);
                        }
                        let clue = (r - dr, c - dc);
                        if !clues.contains(&clue) {
                            clues.push(clue);
                            let cells = direction.walk(n, r as usize * n + c as usize);
                            wanted.push(Constraint::LittleKiller { cells, total });
                        }
                    }
                    for c in wanted {
                        let _ = puzzle.add(c);
                    }
                    puzzle
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Every puzzle drawn the way SudokuPad draws it reads back, from
        /// its `scl` link, its `ctc` id and its plain JSON.
        #[test]
        fn drawn_puzzles_read_back(puzzle in drawable_puzzle(), frame in 0usize..3) {
            // A frame around the grid only where regions say where it is.
            let frame = if puzzle.region_map().is_some() { frame } else { 0 };
            let drawing = framed(draw(&puzzle), frame);
            let want = normalised(&puzzle);
            let read = fpuzzles::read(&link(&drawing));
            prop_assert!(read.is_ok(), "{:?}\n{}", read, zip(&drawing, false));
            prop_assert_eq!(normalised(&read.unwrap()), want.clone());
            let ctc = format!("ctc{}", lz_str::compress_to_base64(zip(&drawing, false).as_str()));
            prop_assert_eq!(normalised(&fpuzzles::read(&ctc).unwrap()), want.clone());
            prop_assert_eq!(normalised(&fpuzzles::read(&drawing.to_string()).unwrap()), want);
        }
    }

    #[test]
    fn the_zipped_form_reads_as_sudokupad_writes_it() {
        let value = parse(
            "{ce:[[,{v:5}],[{v:'2'},]],re:[[[0,0]]],c:CFCFCF,x:#0,y:#F,r:t,s:f,te:'it\\'s',n:-0.5}",
        )
        .unwrap();
        assert_eq!(
            value,
            json!({
                "cells": [[{}, {"value": 5}], [{"value": "2"}, {}]],
                "regions": [[[0, 0]]],
                "color": "#CFCFCF",
                "x": "#000000",
                "y": "#FFFFFF",
                "rounded": true,
                "s": false,
                "text": "it's",
                "n": -0.5,
            })
        );
        // Plain JSON reads too.
        assert_eq!(
            parse(r#"{"cells": [[{"value": 1}]], "a": []}"#).unwrap(),
            json!({"cells": [[{"value": 1}]], "arrows": []})
        );
    }

    #[test]
    fn an_id_may_carry_the_zipped_json_itself() {
        let puzzle =
            fpuzzles::read("scl{ce:[[{v:1}]],metadata:{rules:'one cell, one digit'}}").unwrap();
        assert_eq!((puzzle.size(), puzzle.givens()), (1, &[1u8][..]));
        let err = fpuzzles::read("ctc{ce:[[{v:2}]]}").unwrap_err();
        assert!(
            err.to_string()
                .contains("r1c1 gives 2, not a digit from 1 to 1"),
            "{err}"
        );
        // A cage with a total but neither unique nor of the killer style
        // is no cage SudokuPad checks: refused; an outline without one
        // carries no rule.
        let err = fpuzzles::read("{ce:[[,],[,]],ca:[{ce:[[0,0],[1,1]],v:'3'}]}").unwrap_err();
        assert!(err.to_string().contains("cages x1"), "{err}");
        let plain = fpuzzles::read("{ce:[[,],[,]],ca:[{ce:[[0,0],[1,1]],c:'#ff0000'}]}").unwrap();
        assert!(plain.constraints().is_empty());
        let killer =
            fpuzzles::read("{ce:[[,],[,]],ca:[{ce:[[0,0],[1,1]],v:3,style:'killer'}]}").unwrap();
        assert_eq!(
            killer.constraints(),
            &[Constraint::Cage {
                cells: vec![0, 3],
                total: Some(3)
            }]
        );
        // A cage whose digits may repeat is no killer cage.
        let err =
            fpuzzles::read("{ce:[[,],[,]],ca:[{ce:[[0,0],[1,1]],v:'2',unique:f}]}").unwrap_err();
        assert!(err.to_string().contains("cages x1"), "{err}");
        // Cells far outside any drawing (found by the fuzzer: 1e30 as a
        // row overflowed the grid's span) are no cells.
        for drawing in [
            "{ce:[[,],[,]],re:[[[1e30,0],[0,1],[1,0],[1,1]]]}",
            "{ce:[[,],[,]],re:[[[0,1e30],[1e30,0]]]}",
            "{ce:[[,],[,]],re:['r1c1-r99999999999c99999999999']}",
        ] {
            let err = fpuzzles::read(drawing).unwrap_err();
            assert!(
                err.to_string().contains("region 1 is not a list of cells"),
                "{drawing}: {err}"
            );
        }
        let err = fpuzzles::read("scl{ce:[[{v:1}]],l:[{wp:[[0.5,0.5],[").unwrap_err();
        assert!(
            err.to_string()
                .contains("SudokuPad's puzzle data is not valid"),
            "{err}"
        );
    }

    #[test]
    fn rules_stated_in_the_rules_text() {
        let rules = |drawing: &str| -> Vec<Constraint> {
            fpuzzles::read(drawing)
                .unwrap_or_else(|e| panic!("{drawing}: {e}"))
                .constraints()
                .to_vec()
        };
        let grid = "ce:[[,,,],[,,,],[,,,],[,,,]]";
        // In the metadata's rules, as a string or as lines.
        assert_eq!(
            rules(&format!("{{{grid},metadata:{{rules:'Anti-knight.'}}}}")),
            [Constraint::AntiKnight]
        );
        assert_eq!(
            rules(&format!(
                "{{{grid},metadata:{{rules:['Normal rules.','Cells a king\\'s move apart cannot contain the same digit.']}}}}"
            )),
            [Constraint::AntiKing]
        );
        // In a cage with no cells (the older way), and in the puzzle's own
        // `rules`.
        assert_eq!(
            rules(&format!(
                "{{{grid},ca:[{{v:'rules: Anti-king and anti-knight apply'}}]}}"
            )),
            [Constraint::AntiKnight, Constraint::AntiKing]
        );
        assert_eq!(
            rules(&format!("{{{grid},rules:'Antiknight'}}")),
            [Constraint::AntiKnight]
        );
        // The metadata's own word wins over the text, as in SudokuPad.
        assert!(
            rules(&format!(
                "{{{grid},metadata:{{rules:'Anti-knight.',antiknight:f}}}}"
            ))
            .is_empty()
        );
        assert_eq!(
            rules(&format!(
                "{{{grid},metadata:{{rules:'Anti-king.',antiknight:t}}}}"
            )),
            [Constraint::AntiKnight, Constraint::AntiKing]
        );
        // Non-consecutive and the two main diagonals (no shape shows
        // them), the metadata's word again winning.
        assert_eq!(
            rules(&format!(
                "{{{grid},metadata:{{rules:'Orthogonally adjacent cells may not contain consecutive digits.'}}}}"
            )),
            [Constraint::NonConsecutive]
        );
        assert!(
            rules(&format!(
                "{{{grid},metadata:{{rules:'Non-consecutive.',nonconsecutive:f}}}}"
            ))
            .is_empty()
        );
        let x = rules(&format!(
            "{{{grid},metadata:{{rules:'Both main diagonals hold 1-4 once.'}}}}"
        ));
        assert_eq!(x, Constraint::diagonals(4));
        // The title is no rule, and neither is another rule about knights.
        assert!(rules(&format!("{{{grid},metadata:{{title:'Anti-knight'}}}}")).is_empty());
        assert!(
            rules(&format!(
                "{{{grid},metadata:{{rules:'Cells a knight\\'s move apart may not sum to 5.'}}}}"
            ))
            .is_empty()
        );
    }

    #[test]
    fn a_grid_within_a_frame_for_clues() {
        // A 4x4 grid from r2c2 of a 6x6 drawing (its regions say where).
        let regions = "re:[[[1,1],[1,2],[2,1],[2,2]],[[1,3],[1,4],[2,3],[2,4]],\
                       [[3,1],[3,2],[4,1],[4,2]],[[3,3],[3,4],[4,3],[4,4]]]";
        let e = "[,,,,,]";
        let framed = |top: &str| format!("{{ce:[{top},[,{{v:1}},,,,],{e},{e},{e},{e}],{regions}}}");
        let puzzle = fpuzzles::read(&framed(e)).unwrap();
        assert_eq!((puzzle.size(), puzzle.givens()[0]), (4, 1));
        assert_eq!(
            puzzle,
            Puzzle::classic(4)
                .map(|mut p| {
                    p.set_given(0, 1).unwrap();
                    p
                })
                .unwrap()
        );
        // A digit beside the grid is a clue of a rule not read here.
        let err = fpuzzles::read(&framed("[,{v:9},,,,]")).unwrap_err();
        assert!(err.to_string().contains("outside clues x1"), "{err}");
        // Regions that are no square; a drawing too small for them.
        let err = fpuzzles::read("{ce:[[,,],[,,],[,,]],re:[[[0,0],[0,1]]]}").unwrap_err();
        assert!(
            err.to_string()
                .contains("the regions cover 1 rows and 2 columns"),
            "{err}"
        );
        let err = fpuzzles::read("{ce:[[,],[,]],re:[[[0,0],[2,2]]]}").unwrap_err();
        assert!(
            err.to_string()
                .contains("row 1 has 2 cells where the grid needs 3"),
            "{err}"
        );
        let err = fpuzzles::read("{ce:[[,,],[,]]}").unwrap_err();
        assert!(err.to_string().contains("grids are square"), "{err}");
    }

    #[test]
    fn little_killers_drawn_outside_the_grid() {
        // A 4x4 grid, its clue above r1c2 (the drawing's row -1): the arrow
        // and the total as SudokuPad draws f-puzzles' `littlekillersum`.
        let grid = "ce:[[,,,],[,,,],[,,,],[,,,]]";
        let drawn = |arrow: &str, text: &str| {
            fpuzzles::read(&format!(
                "{{{grid},a:[{{c:'#000000',th:2,wp:{arrow}}}],o:[{{ct:[-0.5,0.5],w:0.25,h:0.25,te:'{text}'}}]}}"
            ))
        };
        let down_right = "[[-0.2,0.8],[-0.02,0.98]]";
        let puzzle = drawn(down_right, "10").unwrap();
        assert_eq!(
            puzzle.constraints(),
            [Constraint::LittleKiller {
                cells: vec![1, 6, 11],
                total: 10
            }]
        );
        // Down to the left from above r1c2: r1c1 alone.
        let puzzle = fpuzzles::read(&format!(
            "{{{grid},a:[{{wp:[[-0.2,1.2],[-0.02,1.02]]}}],o:[{{ct:[-0.5,1.5],w:0.25,h:0.25,te:3}}]}}"
        ))
        .unwrap();
        assert_eq!(
            puzzle.constraints(),
            [Constraint::LittleKiller {
                cells: vec![0],
                total: 3
            }]
        );
        // A clue with no total (f-puzzles' `_`) is no rule.
        assert!(drawn(down_right, "_").unwrap().constraints().is_empty());
        // Refused by name: a clue that is no number, an arrow with no text
        // in its cell, one into no cell of the grid, one along a row, one
        // from two cells out.
        let refused = |result: Result<Puzzle, FpuzzlesError>| {
            let err = result.unwrap_err();
            assert_eq!(
                err,
                FpuzzlesError::Unsupported {
                    rules: vec![("outside arrows".into(), 1)]
                }
            );
        };
        refused(drawn(down_right, "?"));
        refused(drawn("[[-0.2,0.2],[-0.02,0.02]]", "3"));
        refused(fpuzzles::read(&format!(
            "{{{grid},a:[{{wp:{down_right}}}]}}"
        )));
        refused(drawn("[[-0.5,0.8],[-0.5,0.98]]", "10"));
        refused(fpuzzles::read(&format!(
            "{{{grid},a:[{{wp:[[-1.2,0.8],[-1.02,0.98]]}}],o:[{{ct:[-1.5,0.5],w:0.25,h:0.25,te:'10'}}]}}"
        )));
    }

    #[test]
    fn cells_by_name_and_range() {
        assert_eq!(named_cells("r1c1,r1c2"), Some(vec![(0, 0), (0, 1)]));
        assert_eq!(named_cells("R1C1R2C2"), Some(vec![(0, 0), (1, 1)]));
        assert_eq!(
            named_cells("r1c1-r2c3"),
            Some(vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
        );
        assert_eq!(
            named_cells("r9c9-r9c7, r1c9"),
            Some(vec![(8, 6), (8, 7), (8, 8), (0, 8)])
        );
        assert_eq!(named_cells("r0c1"), None);
        assert_eq!(named_cells("r1"), None);
        assert_eq!(named_cells("x,r1c1"), None);
        // In a grid of 9 whose top-left cell is the drawing's r2c2.
        let cv = Converter {
            n: 9,
            r0: 1,
            c0: 1,
            unsupported: BTreeMap::new(),
        };
        assert_eq!(
            cv.cage_cells(Some(&json!([[1, 1], "r3c3", [9, 9]]))),
            Some(vec![0, 10, 80])
        );
        assert_eq!(cv.cage_cells(Some(&json!([[0, 1]]))), None);
        assert_eq!(cv.cage_cells(Some(&json!("r11c2"))), None);
        assert_eq!(cv.local((1.5, 2.5)), (0.5, 1.5));
    }

    #[test]
    fn faults_name_the_character() {
        let err = parse("{ce:[[,{v:5}]").unwrap_err();
        assert!(err.contains("character"), "{err}");
        let err = parse("{ce:zz}").unwrap_err();
        assert!(err.contains("\"zz\" is no value at character 5"), "{err}");
    }
}
