//! f-puzzles puzzles: their JSON, their links, and the SudokuPad links that
//! carry f-puzzles data, read into a [`Puzzle`] and written back.
//!
//! An f-puzzles link is `https://www.f-puzzles.com/?load=<data>`, where
//! `<data>` is the puzzle's JSON compressed with lz-string's
//! `compressToBase64`. SudokuPad opens the same data as
//! `https://sudokupad.app/fpuzzles<data>` (also `?puzzleid=fpuzzles<data>`,
//! and on `app.crackingthecryptic.com/sudoku/`). [`read`] takes any of
//! these, the bare `fpuzzles<data>` id, the data alone, or the JSON itself.
//!
//! SudokuPad's own format is read too: `https://sudokupad.app/scl<data>`
//! (and the older `ctc<data>`), the bare `scl...` id, and the JSON
//! SudokuPad exports (`cells`, `regions`, `cages`, `lines`, ... instead of
//! f-puzzles' `grid`). That format draws the rules as shapes; they are read
//! the way SudokuPad draws them (a line with a bulb is a thermometer, an
//! arrow from a circle an arrow sum, a cage with a total a killer cage,
//! ...), and every shape that is no rule read here is refused by name, as
//! the keys below are. Short links (`sudokupad.app/<id>`) name a puzzle on
//! SudokuPad's server, which is not asked.
//!
//! What is read:
//!
//! - `size` (1 to 16) and `grid`, rows of cells. A cell's `value` is a
//!   given only with `given: true`: f-puzzles writes digits a solver
//!   entered as a `value` without `given`, and those are not part of the
//!   puzzle (SudokuPad reads them the same way). Pencil marks, colours and
//!   `candidates` are a solver's notes and are ignored.
//! - `region` on a cell: f-puzzles writes it only where the cell's region
//!   differs from the default boxes (0-based, numbered row by row), and
//!   `null` for a cell in no region. Irregular regions of `size` cells each
//!   become [`Regions::Jigsaw`] (or [`Regions::Boxes`] when they happen to
//!   be boxes); a grid with cells in no region, or regions of other sizes,
//!   becomes [`Regions::None`] with each region a set of distinct cells.
//! - `diagonal+` (the anti-diagonal), `diagonal-` (the main diagonal),
//!   `antiknight`, `antiking`, `nonconsecutive`, `disjointgroups`.
//! - `ruleset`, the rules in words, for the rules it states whose keys are
//!   absent: anti-knight, anti-king, non-consecutive and both main
//!   diagonals, named or described, one clause at a time, as SudokuPad's
//!   rules text is read (nothing limited to part of the grid, nothing
//!   denied). SudokuPad opens f-puzzles data with the ruleset as its rules,
//!   and its checker reads anti-knight and anti-king from them, so either
//!   link reads the same. A key that is there, even `false`, wins; a
//!   diagonal key leaves both diagonals to the keys.
//! - `killercage` (`cells`, and `value`, the total, when given),
//!   `thermometer` (each of its `lines` a thermometer, bulb first), `arrow`
//!   (`cells` the circle, read as a number in the order listed when it has
//!   several cells; each of its `lines` an arrow from the circle, whose
//!   circle cells are dropped), `odd` and `even` (`cell`, and the older
//!   `parity` on a grid cell), `extraregion` (`cells`; four extra regions
//!   that are the windoku windows read as windoku).
//! - Kropki dots and XV marks, each on two orthogonal neighbours (`cells`):
//!   `difference` (white dots: digits `value` apart, 1 when not given),
//!   `ratio` (black dots: one digit `value` times the other, 2 when not
//!   given), `xv` (`value` `X`, a sum of 10, or `V`, 5), and `negative`
//!   (`difference`, `ratio`, `xv`: every mark is given, so unmarked
//!   neighbours do not hold its relation; see [`Constraint::Unmarked`]).
//! - Lines, each of an entry's `lines` one line ([`Constraint::Line`]):
//!   `whispers` (German whispers, as f-puzzles' solver add-on writes them:
//!   neighbours on the line at least `value` apart, half the side rounded
//!   up when not given: 5 on 9x9), `renban` (the add-on's too) and
//!   `palindrome`.
//! - `littlekillersum` ([`Constraint::LittleKiller`]): `cell`, the clue
//!   just outside the grid (`R0C3`, row or column 0 or the side + 1),
//!   `direction` (`DL`, `DR`, `UL`, `UR`), `value` the total (an arrow
//!   with no value is no rule), and `cells`, which when listed must be the
//!   diagonal the clue points along.
//! - `sandwichsum` ([`Constraint::Sandwich`]): `cell`, the clue just
//!   outside a row or column (`R0C3` above column 3, `R2C0` left of row 2;
//!   the side + 1 below or to the right), `value` the sum between the 1
//!   and the largest digit (a clue with no value is no rule).
//! - `skyscraper` ([`Constraint::Skyscraper`]) and `xsum`
//!   ([`Constraint::XSum`]): as `sandwichsum`, `value` the digits seen
//!   from the clue, or the sum of the first X digits from it.
//! - `quadruple` ([`Constraint::Quadruple`]): `cells`, the four cells of a
//!   2x2 square, and `values`, the one to four digits they hold.
//!
//! Keys that carry no rule are ignored: `title`, `author`, `solution`,
//! `highlightConflicts`, the cosmetics `text`, `line`, `rectangle`,
//! `circle` and `cage`, and the solver settings `disabledlogic` and
//! `truecandidatesoptions`. Every other key that holds
//! something (between lines, clones, minimum and maximum cells,
//! entropic and region-sum lines, the `negative` of any rule but
//! the dots and XV, ..., and keys this module has never heard of) is
//! refused with
//! [`FpuzzlesError::Unsupported`], which names them: a rule is never
//! dropped in silence. An empty array, `false` or `null` holds nothing.

use crate::puzzle::{
    CellIndex, Constraint, Direction, DistinctKind, LineKind, Puzzle, PuzzleError, Regions,
    Relation, RowOrColumn,
};
use crate::rules_text;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Why f-puzzles text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FpuzzlesError {
    /// The JSON does not parse.
    #[error("the f-puzzles JSON is not valid at line {line}, column {column}: {message}")]
    Json {
        /// Line of the fault, from 1.
        line: usize,
        /// Column of the fault, from 1.
        column: usize,
        /// What the JSON parser found.
        message: String,
    },
    /// A link's data that is not lz-string compressed f-puzzles JSON.
    #[error("the link's puzzle data cannot be read: {0}")]
    Data(String),
    /// A short link: the puzzle sits on a server this crate does not ask.
    #[error("{0}")]
    ShortLink(String),
    /// Text that is no f-puzzles JSON, link or data.
    #[error(
        "this is not an f-puzzles puzzle: give its JSON, an f-puzzles link \
         (f-puzzles.com/?load=...), a SudokuPad link with f-puzzles data \
         (sudokupad.app/fpuzzles...), or the data itself"
    )]
    Unrecognised,
    /// A key whose value is not what f-puzzles writes there.
    #[error("f-puzzles \"{key}\": {message}")]
    Field {
        /// The key (`size`, `grid`, `killercage` ...).
        key: String,
        /// What is wrong.
        message: String,
    },
    /// A cell name that is not a cell of the grid.
    #[error(
        "{constraint}: \"{name}\" is not a cell of the {size}x{size} grid \
         (f-puzzles names cells R1C1 to R{size}C{size})"
    )]
    Cell {
        /// The constraint that names it (`killercage 2`, `odd 1` ...).
        constraint: String,
        /// The name as written.
        name: String,
        /// The grid's side.
        size: usize,
    },
    /// Rules the puzzle uses that are not modelled: each f-puzzles key
    /// with how many of them there are.
    #[error(
        "the puzzle uses rules that are not supported: {}",
        list_unsupported(rules)
    )]
    Unsupported {
        /// The f-puzzles key of each rule, and how many clues of it.
        rules: Vec<(String, usize)>,
    },
    /// The puzzle read does not hold together (a region of the wrong size,
    /// a cage naming a cell twice, a given out of range ...).
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
}

fn list_unsupported(rules: &[(String, usize)]) -> String {
    rules
        .iter()
        .map(
            |(key, count)| match describe(key).or_else(|| crate::sudokupad::describe(key)) {
                Some(what) => format!("{key} x{count} ({what})"),
                None => format!("{key} x{count}"),
            },
        )
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the f-puzzles keys of the rules not supported mean, for the error.
fn describe(key: &str) -> Option<&'static str> {
    Some(match key {
        "littlekillersum" => "little killer sums",
        "sandwichsum" => "sandwich sums",
        "difference" => "difference dots",
        "ratio" => "ratio dots",
        "xv" => "XV",
        "betweenline" => "between lines",
        "minimum" => "minimum cells",
        "maximum" => "maximum cells",
        "quadruple" => "quadruples",
        "clone" => "clones",
        "germanwhispers" | "dutchwhispers" => "whispers lines of another key",
        "entropicline" => "entropic lines",
        "modularline" => "modular lines",
        "regionsumline" => "region sum lines",
        "rowindexer" | "columnindexer" | "boxindexer" => "indexer cells",
        "xsum" => "X-sums",
        "skyscraper" => "skyscrapers",
        "slowthermometer" => "slow thermometers",
        k if k.starts_with("negative ") => "the negative constraint of a rule not supported",
        "givenPencilMarks" => "given pencil marks",
        _ => return None,
    })
}

/// Keys f-puzzles (and SudokuPad, and the solver add-ons) write that carry
/// no rule.
const IGNORED: [&str; 12] = [
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Reads f-puzzles text, whatever its form: JSON (starting with `{`), an
/// f-puzzles link, a SudokuPad link with f-puzzles data, the bare
/// `fpuzzles<data>` id, or the compressed data alone; and SudokuPad's own
/// `scl...` links and JSON (see the module's documentation).
///
/// ```
/// use sudoku_variants::{fpuzzles, Constraint, Relation};
///
/// // A 4x4 drawn in SudokuPad: a given, boxes, a thermometer (a line
/// // with a round bulb) and a killer cage, in SudokuPad's zipped JSON.
/// let zipped = "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],\
///     re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
///         [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
///     u:[{ct:[2.5,0.5],w:0.85,h:0.85,r:t,c2:CFCFCF}],\
///     l:[{c:CFCFCF,th:21,wp:[[2.5,0.5],[3.5,0.5],[3.5,1.5]]}],\
///     ca:[{ce:[[0,2],[0,3]],v:'7',unique:t}]}";
/// let link = format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(zipped));
/// let puzzle = fpuzzles::read(&link).unwrap();
/// assert_eq!(puzzle.givens()[0], 1);
/// assert!(puzzle.constraints().contains(&Constraint::Thermometer { cells: vec![8, 12, 13] }));
/// assert!(puzzle.constraints().contains(&Constraint::Cage { cells: vec![2, 3], total: Some(7) }));
///
/// // A black dot on the edge of r1c1 and r2c1 is a kropki dot...
/// let dotted = zipped.replace("u:[", "o:[{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:#0}],u:[");
/// let pair = Constraint::Pair { cells: [0, 4], relation: Relation::Ratio(2) };
/// assert!(fpuzzles::read(&dotted).unwrap().constraints().contains(&pair));
/// // ... but a grey one is no rule this crate has: refused by name.
/// let grey = zipped.replace("u:[", "o:[{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:A0A0A0}],u:[");
/// let err = fpuzzles::read(&grey).unwrap_err();
/// assert!(err.to_string().contains("dots x1"), "{err}");
/// ```
///
/// ```
/// use sudoku_variants::{fpuzzles, Constraint, Puzzle};
///
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.set_given(0, 1).unwrap();
/// puzzle.add(Constraint::AntiKing).unwrap();
/// let link = fpuzzles::to_link(&puzzle);
/// assert!(link.starts_with("https://www.f-puzzles.com/?load="));
/// assert_eq!(fpuzzles::read(&link).unwrap(), puzzle);
/// assert_eq!(fpuzzles::read(&fpuzzles::to_json(&puzzle)).unwrap(), puzzle);
///
/// let json = r#"{"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}],
///     [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], "antiking": true}"#;
/// assert_eq!(fpuzzles::read(json).unwrap(), puzzle);
/// ```
pub fn read(text: &str) -> Result<Puzzle, FpuzzlesError> {
    from_json(&extract_json(text)?)
}

/// The f-puzzles JSON that `text` carries (as [`read`] finds it), without
/// reading the puzzle: the JSON itself, or the decompressed data of a link.
///
/// ```
/// use sudoku_variants::fpuzzles;
/// let json = r#"{"size":1,"grid":[[{}]]}"#;
/// let link = format!("https://sudokupad.app/fpuzzles{}", lz_str::compress_to_base64(json));
/// assert_eq!(fpuzzles::extract_json(&link).unwrap(), json);
/// ```
pub fn extract_json(text: &str) -> Result<String, FpuzzlesError> {
    let text = text.trim();
    if text.starts_with('{') {
        // SudokuPad's JSON (`cells`, no `grid`), plain or zipped.
        let sudokupad = match serde_json::from_str::<Value>(text) {
            Ok(value) => Some(value),
            Err(_) => crate::sudokupad::parse(text).ok(),
        }
        .filter(|v| v.as_object().is_some_and(crate::sudokupad::is_sudokupad));
        return match sudokupad {
            Some(value) => sudokupad_object(&value),
            None => Ok(text.to_string()),
        };
    }
    if text.is_empty() {
        return Err(FpuzzlesError::Unrecognised);
    }
    if looks_like_link(text) {
        return link_json(text);
    }
    sudokupad_id(text, false)
}

/// Whether one line is meant as an f-puzzles puzzle, without reading it
/// all: JSON (it starts with `{`), a link (`http...`, `www.`, an
/// f-puzzles or SudokuPad host), SudokuPad's `fpuzzles...` id, or bare
/// data that decompresses to a JSON object. A grid of digits is none of
/// these. A link this module cannot read (a short link) still counts, so
/// that the reader can say why.
///
/// ```
/// use sudoku_variants::{fpuzzles, Puzzle};
/// assert!(fpuzzles::is_fpuzzles_line(&fpuzzles::to_link(&Puzzle::classic(4).unwrap())));
/// assert!(fpuzzles::is_fpuzzles_line(&fpuzzles::to_data(&Puzzle::classic(4).unwrap())));
/// assert!(fpuzzles::is_fpuzzles_line("https://f-puzzles.com/?id=abc123"));
/// assert!(fpuzzles::is_fpuzzles_line(r#"{"size":1,"grid":[[{}]]}"#));
/// assert!(!fpuzzles::is_fpuzzles_line("4.....8.5.3..........7......2....."));
/// assert!(!fpuzzles::is_fpuzzles_line(&"123456789".repeat(9)));
/// ```
pub fn is_fpuzzles_line(line: &str) -> bool {
    let line = line.trim();
    if line.starts_with('{')
        || looks_like_link(line)
        || ["fpuz", "scl", "ctc"].iter().any(|p| line.starts_with(p))
    {
        return true;
    }
    !line.is_empty()
        && line
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=' | '%' | '-' | '_'))
        && decompress(line)
            .ok()
            .and_then(|json| serde_json::from_str::<Value>(&json).ok())
            .is_some_and(|v| v.is_object())
}

/// Reads f-puzzles JSON (the object f-puzzles compresses into its links).
///
/// ```
/// use sudoku_variants::{self as variants, fpuzzles, Uniqueness};
/// let json = r#"{"size": 4, "title": "Four givens", "grid": [
///     [{"value": 1, "given": true}, {}, {}, {"value": 4, "given": true}],
///     [{}, {}, {}, {}],
///     [{}, {}, {"centerPencilMarks": [3, 4]}, {}],
///     [{}, {"value": 3, "given": true}, {"value": 2, "given": true}, {"value": 4}]]}"#;
/// let puzzle = fpuzzles::from_json(json).unwrap();
/// // r4c4 holds a digit a solver typed (wrongly), not a given.
/// assert_eq!(puzzle.givens()[15], 0);
/// let Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else { panic!() };
/// assert_eq!(solution[15], 1);
/// ```
pub fn from_json(json: &str) -> Result<Puzzle, FpuzzlesError> {
    let value: Value = serde_json::from_str(json).map_err(json_error)?;
    let Value::Object(object) = value else {
        return Err(FpuzzlesError::Field {
            key: "(the whole text)".into(),
            message: "f-puzzles JSON is an object, {...}".into(),
        });
    };
    from_object(&object)
}

/// Reads an f-puzzles or SudokuPad link (see [`read`] for the forms).
///
/// ```
/// use sudoku_variants::fpuzzles;
/// let err = fpuzzles::from_link("https://f-puzzles.com/?id=abc123").unwrap_err();
/// assert!(err.to_string().contains("short link"));
/// ```
pub fn from_link(link: &str) -> Result<Puzzle, FpuzzlesError> {
    from_json(&link_json(link.trim())?)
}

/// Reads f-puzzles data: lz-string `compressToBase64` of the JSON, as in
/// `?load=<data>`, URL-encoded or not, with or without SudokuPad's
/// `fpuzzles` prefix.
///
/// ```
/// use sudoku_variants::{fpuzzles, Puzzle};
/// let puzzle = Puzzle::classic(6).unwrap();
/// assert_eq!(fpuzzles::from_data(&fpuzzles::to_data(&puzzle)).unwrap(), puzzle);
/// ```
pub fn from_data(data: &str) -> Result<Puzzle, FpuzzlesError> {
    let data = data.trim();
    let data = data.strip_prefix("fpuzzles").unwrap_or(data);
    from_json(&decompress(data)?)
}

/// The f-puzzles JSON of a puzzle: its size, the grid with its givens (and
/// regions where they differ from f-puzzles' boxes), and every constraint.
///
/// Each constraint is written the way f-puzzles writes it: both
/// diagonals, the complete set of disjoint groups, anti-knight,
/// anti-king and non-consecutive as booleans; windoku windows, lone
/// disjoint groups and other distinct sets as `extraregion`. An arrow
/// with an empty path (which f-puzzles cannot draw) is written without
/// its line, so it reads back as nothing.
///
/// ```
/// use sudoku_variants::{fpuzzles, Constraint, Puzzle};
/// let mut puzzle = Puzzle::classic(4).unwrap();
/// puzzle.add(Constraint::Cage { cells: vec![0, 1], total: Some(3) }).unwrap();
/// let json = fpuzzles::to_json(&puzzle);
/// assert!(json.contains(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#));
/// ```
pub fn to_json(puzzle: &Puzzle) -> String {
    write_json(puzzle)
}

/// The f-puzzles data of a puzzle: [`to_json`] compressed with lz-string's
/// `compressToBase64`, as f-puzzles puts it in its links.
///
/// ```
/// use sudoku_variants::{fpuzzles, Puzzle};
/// let data = fpuzzles::to_data(&Puzzle::classic(9).unwrap());
/// assert!(data.starts_with("N4Ig"));
/// ```
pub fn to_data(puzzle: &Puzzle) -> String {
    lz_str::compress_to_base64(write_json(puzzle).as_str())
}

/// An f-puzzles link to the puzzle: `https://www.f-puzzles.com/?load=`
/// and [`to_data`].
///
/// ```
/// use sudoku_variants::{fpuzzles, Puzzle};
/// let puzzle = Puzzle::classic(9).unwrap();
/// assert_eq!(fpuzzles::read(&fpuzzles::to_link(&puzzle)).unwrap(), puzzle);
/// ```
pub fn to_link(puzzle: &Puzzle) -> String {
    format!("https://www.f-puzzles.com/?load={}", to_data(puzzle))
}

/// A SudokuPad link to the puzzle, carrying the same f-puzzles data:
/// `https://sudokupad.app/fpuzzles` and [`to_data`].
///
/// ```
/// use sudoku_variants::{fpuzzles, Puzzle};
/// let puzzle = Puzzle::classic(6).unwrap();
/// let link = fpuzzles::to_sudokupad_link(&puzzle);
/// assert!(link.starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
/// assert_eq!(fpuzzles::read(&link).unwrap(), puzzle);
/// ```
pub fn to_sudokupad_link(puzzle: &Puzzle) -> String {
    format!("https://sudokupad.app/fpuzzles{}", to_data(puzzle))
}

// ---------------------------------------------------------------------------
// Links and data

const SUDOKUPAD_HOSTS: [&str; 3] = [
    "sudokupad.app",
    "app.crackingthecryptic.com",
    "beta.sudokupad.app",
];

fn looks_like_link(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("www.")
        || lower.starts_with("f-puzzles.com")
        || SUDOKUPAD_HOSTS.iter().any(|h| lower.starts_with(h))
}

/// The f-puzzles JSON a link carries.
fn link_json(link: &str) -> Result<String, FpuzzlesError> {
    let rest = link
        .split_once("://")
        .map_or(link, |(_, rest)| rest)
        .trim_start_matches('/');
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let (path, query) = match path.split_once('?') {
        Some((path, query)) => (path, query),
        None => (path, ""),
    };
    let query = query.split('#').next().unwrap_or("");
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
    };
    if host == "f-puzzles.com" || host.ends_with(".f-puzzles.com") {
        if let Some(data) = param("load") {
            return decompress(data);
        }
        if let Some(id) = param("id") {
            return Err(FpuzzlesError::ShortLink(format!(
                "an f-puzzles short link (?id={id}): the puzzle sits on f-puzzles' \
                 server, which is not asked; open it on f-puzzles and pass the long \
                 link (with ?load=) or the puzzle's JSON"
            )));
        }
        return Err(FpuzzlesError::Data(
            "the f-puzzles link has no puzzle (no ?load=...)".into(),
        ));
    }
    if SUDOKUPAD_HOSTS.contains(&host) {
        let id = match param("puzzleid") {
            Some(id) => id,
            None => {
                let path = path.split('#').next().unwrap_or("");
                path.strip_prefix("sudoku/").unwrap_or(path)
            }
        };
        let id = id.trim_start_matches('/');
        if id.is_empty() {
            return Err(FpuzzlesError::Data(
                "the SudokuPad link names no puzzle".into(),
            ));
        }
        return sudokupad_id(id, true);
    }
    Err(FpuzzlesError::Unrecognised)
}

/// The JSON of a SudokuPad puzzle id: `fpuzzles<data>`; `scl...` and
/// `ctc...` are SudokuPad's own format; anything else is a short id from a
/// link, or (bare text) the data itself.
fn sudokupad_id(id: &str, from_link: bool) -> Result<String, FpuzzlesError> {
    let short = || {
        FpuzzlesError::ShortLink(format!(
            "\"{id}\" is a SudokuPad short link: the puzzle sits on SudokuPad's \
             server, which is not asked; pass the long link (sudokupad.app/scl... \
             or an f-puzzles link) or the puzzle's JSON"
        ))
    };
    if let Some(data) = id
        .strip_prefix("fpuzzles")
        .or_else(|| id.strip_prefix("fpuz"))
    {
        // SudokuPad keeps puzzles under short ids of 20 characters or fewer.
        return decompress(data).map_err(|err| if data.len() <= 20 { short() } else { err });
    }
    if let Some(data) = id.strip_prefix("scl").or_else(|| id.strip_prefix("ctc")) {
        return sudokupad_json(data);
    }
    if from_link {
        return Err(short());
    }
    decompress(id).map_err(|err| match err {
        FpuzzlesError::Data(_) => FpuzzlesError::Unrecognised,
        other => other,
    })
}

/// The f-puzzles JSON of SudokuPad's own data (`scl<data>`, `ctc<data>`,
/// the prefix taken off): lz-string compressed zipped JSON, or the zipped
/// JSON itself.
fn sudokupad_json(data: &str) -> Result<String, FpuzzlesError> {
    let data = data.trim();
    let text = if data.starts_with('{') {
        data.to_string()
    } else {
        inflate(&clean_data(data))
            .filter(|text| text.trim_start().starts_with('{'))
            .ok_or_else(|| {
                FpuzzlesError::Data(
                    "SudokuPad's data does not decompress to a puzzle (was the link cut short?)"
                        .into(),
                )
            })?
    };
    let value = crate::sudokupad::parse(&text)
        .map_err(|e| FpuzzlesError::Data(format!("SudokuPad's puzzle data is not valid: {e}")))?;
    sudokupad_object(&value)
}

/// The f-puzzles JSON of a SudokuPad puzzle object.
fn sudokupad_object(value: &Value) -> Result<String, FpuzzlesError> {
    match value {
        Value::Object(object) if crate::sudokupad::is_sudokupad(object) => {
            let converted = crate::sudokupad::to_fpuzzles(object)?;
            Ok(Value::Object(converted).to_string())
        }
        _ => Err(FpuzzlesError::Data(
            "SudokuPad's puzzle data holds no grid of cells".into(),
        )),
    }
}

/// Undoes what URLs and chat programs do to base64: `%2B`-style escapes,
/// `+` turned into a space, line breaks.
fn clean_data(data: &str) -> String {
    let mut bytes = Vec::with_capacity(data.len());
    let raw = data.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if raw[i] == b'%'
            && i + 2 < raw.len()
            && let (Some(h), Some(l)) = (hex(raw[i + 1]), hex(raw[i + 2]))
        {
            bytes.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        bytes.push(raw[i]);
        i += 1;
    }
    String::from_utf8_lossy(&bytes)
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
        .map(|c| if c == ' ' { '+' } else { c })
        .collect()
}

/// Decompresses f-puzzles data into its JSON text.
fn decompress(data: &str) -> Result<String, FpuzzlesError> {
    let data = clean_data(data.trim());
    if data.is_empty() {
        return Err(FpuzzlesError::Data("it is empty".into()));
    }
    if let Some((at, c)) = data
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=')))
    {
        return Err(FpuzzlesError::Data(format!(
            "it holds '{c}' (at character {}), which compressed f-puzzles data never does",
            at + 1
        )));
    }
    if let Some(json) = inflate(&data).filter(|json| json.trim_start().starts_with('{')) {
        return Ok(json);
    }
    if let Some(json) = restore_slashes(&data) {
        return Ok(json);
    }
    Err(FpuzzlesError::Data(
        "it does not decompress to f-puzzles JSON (was the link cut short?)".into(),
    ))
}

fn inflate(data: &str) -> Option<String> {
    let wide = lz_str::decompress_from_base64(data)?;
    String::from_utf16(&wide).ok()
}

/// Links passed through some programs lose one slash of each `//` (URL
/// path normalisation; SudokuPad repairs this the same way): tries putting
/// them back, fewest first, and keeps the first that gives JSON.
fn restore_slashes(data: &str) -> Option<String> {
    let slashes: Vec<usize> = data
        .match_indices('/')
        .map(|(i, _)| i)
        .filter(|&i| !data[..i].ends_with('/') && !data[i + 1..].starts_with('/'))
        .take(12)
        .collect();
    if slashes.is_empty() {
        return None;
    }
    let mut subsets: Vec<u32> = (1..1u32 << slashes.len()).collect();
    subsets.sort_by_key(|s| s.count_ones());
    subsets.into_iter().take(4096).find_map(|subset| {
        let mut fixed = String::with_capacity(data.len() + 4);
        let mut from = 0;
        for (k, &at) in slashes.iter().enumerate() {
            if subset >> k & 1 == 1 {
                fixed.push_str(&data[from..=at]);
                fixed.push('/');
                from = at + 1;
            }
        }
        fixed.push_str(&data[from..]);
        inflate(&fixed).filter(|json| serde_json::from_str::<Value>(json).is_ok())
    })
}

fn json_error(err: serde_json::Error) -> FpuzzlesError {
    let (line, column) = (err.line(), err.column());
    let full = err.to_string();
    let suffix = format!(" at line {line} column {column}");
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    FpuzzlesError::Json {
        line,
        column,
        message,
    }
}

// ---------------------------------------------------------------------------
// Reading the JSON

/// Where f-puzzles puts a cell: its default region, none, or a number.
#[derive(Clone, Copy)]
enum RegionMark {
    Default,
    Null,
    Id(u64),
}

fn field(key: &str, message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Field {
        key: key.to_string(),
        message: message.into(),
    }
}

/// An integer, from a JSON number or a string holding one.
fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// How many clues a key holds (0 for nothing: an empty array, `false`,
/// `null`, an empty string or object).
fn count(value: &Value) -> usize {
    match value {
        Value::Null | Value::Bool(false) => 0,
        Value::Array(items) => items.len(),
        Value::String(s) => usize::from(!s.is_empty()),
        Value::Object(map) => usize::from(!map.is_empty()),
        Value::Bool(true) | Value::Number(_) => 1,
    }
}

/// The f-puzzles default region of a cell: boxes of `h` rows and `w`
/// columns numbered row by row (for a prime side, each row is a region).
fn default_region(size: usize, cell: CellIndex) -> u64 {
    let mut h = (size as f64).sqrt() as usize;
    while h > 1 && size % h != 0 {
        h -= 1;
    }
    let h = h.max(1);
    let w = size / h;
    let (r, c) = (cell / size, cell % size);
    ((r / h) * h + c / w) as u64
}

struct Reader {
    size: usize,
}

impl Reader {
    fn cell(&self, constraint: &str, value: &Value) -> Result<CellIndex, FpuzzlesError> {
        let size = self.size;
        let bad = |name: String| FpuzzlesError::Cell {
            constraint: constraint.to_string(),
            name,
            size,
        };
        let Value::String(name) = value else {
            return Err(bad(value.to_string()));
        };
        let upper = name.trim().to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
        });
        match parsed {
            Some((r, c)) if (1..=size).contains(&r) && (1..=size).contains(&c) => {
                Ok((r - 1) * size + c - 1)
            }
            _ => Err(bad(name.clone())),
        }
    }

    fn cells(
        &self,
        constraint: &str,
        value: Option<&Value>,
    ) -> Result<Vec<CellIndex>, FpuzzlesError> {
        match value {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(names)) => names.iter().map(|n| self.cell(constraint, n)).collect(),
            Some(other) => Err(field(
                constraint,
                format!("cells are a list of names like [\"R1C1\"], not {other}"),
            )),
        }
    }

    fn lines(
        &self,
        constraint: &str,
        value: Option<&Value>,
    ) -> Result<Vec<Vec<CellIndex>>, FpuzzlesError> {
        match value {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(lines)) => lines
                .iter()
                .map(|line| self.cells(constraint, Some(line)))
                .collect(),
            Some(other) => Err(field(
                constraint,
                format!("lines are a list of lists of cells, not {other}"),
            )),
        }
    }
}

/// The entries of an array key (none when it is absent or null).
fn entries<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], FpuzzlesError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(other) => Err(field(key, format!("a list of clues, not {other}"))),
    }
}

fn flag(object: &Map<String, Value>, key: &str) -> Result<bool, FpuzzlesError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(other) => Err(field(key, format!("true or false, not {other}"))),
    }
}

/// A clue's cell, `R0C3` or `R10C4` on 9x9: row and column from 0 (the
/// row or column just outside the top or left edge) to the side + 1, as
/// row and column from -1. None when it is inside the grid or further out.
fn outside_cell(size: usize, value: &Value) -> Option<(isize, isize)> {
    let Value::String(name) = value else {
        return None;
    };
    let upper = name.trim().to_ascii_uppercase();
    let (r, c) = upper.strip_prefix('R')?.split_once('C')?;
    let (r, c) = (r.parse::<isize>().ok()?, c.parse::<isize>().ok()?);
    let side = size as isize;
    let within = |n: isize| (0..=side + 1).contains(&n);
    let inside = |n: isize| (1..=side).contains(&n);
    (within(r) && within(c) && !(inside(r) && inside(c))).then_some((r - 1, c - 1))
}

/// A clue outside a row or column (`sandwichsum`, `skyscraper`, `xsum`):
/// the row or column from the clue's end and the clue's number, None when
/// it has no number.
fn outside_line(
    size: usize,
    entry: &Value,
    name: &str,
) -> Result<Option<(Vec<CellIndex>, u32)>, FpuzzlesError> {
    let value = match entry.get("value") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(value) => integer(value)
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| field(name, format!("the clue {value} is not a number")))?,
    };
    let clue = entry.get("cell").unwrap_or(&Value::Null);
    let side = size as isize;
    let inside = |n: isize| (0..side).contains(&n);
    let line = match outside_cell(size, clue) {
        Some((r, c)) if inside(c) && (r == -1 || r == side) => {
            (RowOrColumn::Column(c as usize), r == side)
        }
        Some((r, c)) if inside(r) && (c == -1 || c == side) => {
            (RowOrColumn::Row(r as usize), c == side)
        }
        _ => {
            return Err(field(
                name,
                format!("the clue {clue} is no cell just outside a row or column"),
            ));
        }
    };
    Ok(Some((line.0.cells_from(size, line.1), value)))
}

/// The rules whose negative constraint (f-puzzles' `negative`: every
/// mark is given) is read.
const NEGATIVE: [&str; 3] = ["difference", "ratio", "xv"];

const SUPPORTED: [&str; 26] = [
    "littlekillersum",
    "sandwichsum",
    "skyscraper",
    "xsum",
    "quadruple",
    "whispers",
    "renban",
    "palindrome",
    "difference",
    "ratio",
    "xv",
    "negative",
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjointgroups",
    "killercage",
    "thermometer",
    "arrow",
    "odd",
    "even",
    "extraregion",
];

fn from_object(object: &Map<String, Value>) -> Result<Puzzle, FpuzzlesError> {
    let size = match object.get("size") {
        Some(value) => integer(value)
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=crate::MAX_SIZE).contains(n))
            .ok_or_else(|| field("size", format!("a side from 1 to 16, not {value}")))?,
        None => match object.get("grid") {
            Some(Value::Array(rows)) if !rows.is_empty() => rows.len(),
            _ => {
                return Err(field(
                    "size",
                    "missing: f-puzzles JSON gives the grid's side",
                ));
            }
        },
    };
    let reader = Reader { size };

    // Rules not modelled, counted before anything else is read, so that the
    // error names all of them at once.
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    for (key, value) in object {
        if SUPPORTED.contains(&key.as_str()) || IGNORED.contains(&key.as_str()) {
            continue;
        }
        let n = count(value);
        if n > 0 {
            *unsupported.entry(key.clone()).or_default() += n;
        }
    }
    // The negative constraint of a rule not read here.
    if let Some(Value::Array(items)) = object.get("negative") {
        for item in items {
            let name = item
                .as_str()
                .map_or_else(|| item.to_string(), str::to_string);
            if !NEGATIVE.contains(&name.as_str()) {
                *unsupported.entry(format!("negative {name}")).or_default() += 1;
            }
        }
    }

    // The grid: givens, regions, and the older per-cell odd/even.
    let mut grid = GridRead {
        size,
        givens: vec![0; size * size],
        marks: vec![RegionMark::Default; size * size],
        parity: Vec::new(),
        unsupported,
    };
    match object.get("grid") {
        None | Some(Value::Null) => {}
        Some(Value::Array(rows)) => {
            if rows.len() != size {
                return Err(field(
                    "grid",
                    format!("{} rows for a {size}x{size} puzzle", rows.len()),
                ));
            }
            for (r, row) in rows.iter().enumerate() {
                let Value::Array(row) = row else {
                    return Err(field(
                        "grid",
                        format!("row {} is not a list of cells", r + 1),
                    ));
                };
                if row.len() != size {
                    return Err(field(
                        "grid",
                        format!("row {} has {} cells, not {size}", r + 1, row.len()),
                    ));
                }
                for (c, entry) in row.iter().enumerate() {
                    let cell = r * size + c;
                    let entry = match entry {
                        Value::Null => continue,
                        Value::Object(entry) => entry,
                        other => {
                            return Err(field(
                                "grid",
                                format!("R{}C{} is {other}, not a cell object", r + 1, c + 1),
                            ));
                        }
                    };
                    grid.cell(entry, cell)?;
                }
            }
        }
        Some(other) => return Err(field("grid", format!("rows of cells, not {other}"))),
    }

    let GridRead {
        givens,
        marks,
        parity,
        unsupported,
        ..
    } = grid;
    if !unsupported.is_empty() {
        return Err(FpuzzlesError::Unsupported {
            rules: unsupported.into_iter().collect(),
        });
    }

    let (regions, region_sets) = read_regions(size, &marks)?;
    let mut puzzle = Puzzle::new(size, regions)?;
    for (cell, &digit) in givens.iter().enumerate() {
        if digit != 0 {
            puzzle.set_given(cell, digit)?;
        }
    }
    for cells in region_sets {
        puzzle.add(Constraint::Distinct {
            kind: DistinctKind::ExtraRegion,
            cells,
        })?;
    }

    // A rule the ruleset states where its key is absent: SudokuPad opens
    // f-puzzles data with the ruleset as its rules text (and its checker
    // reads anti-knight and anti-king there), so either link reads the same.
    let stated = match object.get("ruleset") {
        Some(Value::String(text)) => rules_text::stated_rules(text),
        _ => rules_text::StatedRules::default(),
    };
    let said = |key: &str| !matches!(object.get(key), None | Some(Value::Null));
    let on = |key: &str, stated: bool| {
        Ok::<_, FpuzzlesError>(flag(object, key)? || stated && !said(key))
    };
    let diagonals = stated.diagonals && !said("diagonal-") && !said("diagonal+");
    let [down, up] = Constraint::diagonals(size);
    if on("diagonal-", diagonals)? {
        puzzle.add(down)?;
    }
    if on("diagonal+", diagonals)? {
        puzzle.add(up)?;
    }
    if on("antiknight", stated.knight)? {
        puzzle.add(Constraint::AntiKnight)?;
    }
    if on("antiking", stated.king)? {
        puzzle.add(Constraint::AntiKing)?;
    }
    if on("nonconsecutive", stated.nonconsecutive)? {
        puzzle.add(Constraint::NonConsecutive)?;
    }
    if flag(object, "disjointgroups")? {
        let groups = Constraint::disjoint_groups(size, puzzle.regions());
        if groups.is_empty() {
            return Err(field(
                "disjointgroups",
                "disjoint groups need a grid of boxes; this grid's regions are irregular or absent",
            ));
        }
        for group in groups {
            puzzle.add(group)?;
        }
    }

    // Extra regions, the four windoku windows among them read as windoku.
    let mut extra = Vec::new();
    for (i, entry) in entries(object, "extraregion")?.iter().enumerate() {
        let name = format!("extraregion {}", i + 1);
        extra.push(reader.cells(&name, entry.get("cells"))?);
    }
    let windows: Vec<Vec<CellIndex>> = Constraint::windoku(size)
        .iter()
        .map(|w| sorted(w.cells()))
        .collect();
    let is_windoku = !windows.is_empty()
        && windows
            .iter()
            .all(|w| extra.iter().any(|cells| &sorted(cells.clone()) == w));
    for cells in extra {
        let kind = if is_windoku && windows.contains(&sorted(cells.clone())) {
            DistinctKind::Windoku
        } else {
            DistinctKind::ExtraRegion
        };
        puzzle.add(Constraint::Distinct { kind, cells })?;
    }

    for (i, entry) in entries(object, "odd")?.iter().enumerate() {
        let cell = reader.cell(
            &format!("odd {}", i + 1),
            entry.get("cell").unwrap_or(&Value::Null),
        )?;
        puzzle.add(Constraint::Odd(cell))?;
    }
    for (i, entry) in entries(object, "even")?.iter().enumerate() {
        let cell = reader.cell(
            &format!("even {}", i + 1),
            entry.get("cell").unwrap_or(&Value::Null),
        )?;
        puzzle.add(Constraint::Even(cell))?;
    }
    for constraint in parity {
        puzzle.add(constraint)?;
    }

    for (i, entry) in entries(object, "thermometer")?.iter().enumerate() {
        for cells in reader.lines(&format!("thermometer {}", i + 1), entry.get("lines"))? {
            puzzle.add(Constraint::Thermometer { cells })?;
        }
    }

    for (i, entry) in entries(object, "killercage")?.iter().enumerate() {
        let name = format!("killercage {}", i + 1);
        let cells = reader.cells(&name, entry.get("cells"))?;
        let total = match entry.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(value) => Some(
                integer(value)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| field(&name, format!("the total {value} is not a number")))?,
            ),
        };
        puzzle.add(Constraint::Cage { cells, total })?;
    }

    for (i, entry) in entries(object, "arrow")?.iter().enumerate() {
        let name = format!("arrow {}", i + 1);
        let circle = reader.cells(&name, entry.get("cells"))?;
        let lines = reader.lines(&name, entry.get("lines"))?;
        if circle.is_empty() && !lines.is_empty() {
            return Err(field(&name, "an arrow without a circle"));
        }
        for line in lines {
            let path: Vec<CellIndex> = line.into_iter().filter(|c| !circle.contains(c)).collect();
            // A line of circle cells only is a circle with no arrow drawn.
            if !path.is_empty() {
                puzzle.add(Constraint::Arrow {
                    circle: circle.clone(),
                    path,
                })?;
            }
        }
    }

    // Lines: German whispers (f-puzzles' add-on writes the least
    // difference as `value` when it is not half the side), renban,
    // palindromes.
    for key in ["whispers", "renban", "palindrome"] {
        for (i, entry) in entries(object, key)?.iter().enumerate() {
            let name = format!("{key} {}", i + 1);
            let kind = match key {
                "whispers" => match entry.get("value").filter(|v| match v {
                    Value::String(s) => !s.trim().is_empty(),
                    other => !other.is_null(),
                }) {
                    None => LineKind::whispers(size),
                    Some(v) => LineKind::Whispers(
                        integer(v)
                            .and_then(|n| u8::try_from(n).ok())
                            .ok_or_else(|| {
                                field(&name, format!("the value {v} is not a number"))
                            })?,
                    ),
                },
                "renban" => LineKind::Renban,
                _ => LineKind::Palindrome,
            };
            for cells in reader.lines(&name, entry.get("lines"))? {
                puzzle.add(Constraint::Line { kind, cells })?;
            }
        }
    }

    // Little killers: a clue outside the grid (row or column 0 or the
    // side + 1) and the diagonal it points along; an arrow with no number
    // says nothing.
    for (i, entry) in entries(object, "littlekillersum")?.iter().enumerate() {
        let name = format!("littlekillersum {}", i + 1);
        let total = match entry.get("value") {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.trim().is_empty() => continue,
            Some(value) => integer(value)
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| field(&name, format!("the total {value} is not a number")))?,
        };
        let direction = match entry.get("direction") {
            Some(Value::String(code)) => Direction::parse(code.trim()),
            _ => None,
        }
        .ok_or_else(|| {
            field(
                &name,
                format!(
                    "the direction is DL, DR, UL or UR, not {}",
                    entry.get("direction").unwrap_or(&Value::Null)
                ),
            )
        })?;
        let clue = entry.get("cell").unwrap_or(&Value::Null);
        let first = outside_cell(size, clue)
            .and_then(|(r, c)| {
                let (dr, dc) = direction.step();
                let (r, c) = (r + dr, c + dc);
                let side = size as isize;
                ((0..side).contains(&r) && (0..side).contains(&c))
                    .then(|| r as usize * size + c as usize)
            })
            .ok_or_else(|| {
                field(
                    &name,
                    format!(
                        "the clue {clue} is no cell just outside the grid whose arrow {} points into it",
                        direction.code()
                    ),
                )
            })?;
        let cells = direction.walk(size, first);
        let listed = reader.cells(&name, entry.get("cells"))?;
        if !listed.is_empty() && listed != cells {
            return Err(field(
                &name,
                "its cells are not the diagonal its clue points along",
            ));
        }
        puzzle.add(Constraint::LittleKiller { cells, total })?;
    }

    // Sandwich sums, skyscrapers and X-sums: a clue outside a row or
    // column (row or column 0 or the side + 1, not a corner); one with no
    // number says nothing.
    for key in ["sandwichsum", "skyscraper", "xsum"] {
        for (i, entry) in entries(object, key)?.iter().enumerate() {
            let name = format!("{key} {}", i + 1);
            let Some((cells, value)) = outside_line(size, entry, &name)? else {
                continue;
            };
            puzzle.add(match key {
                "sandwichsum" => Constraint::Sandwich {
                    cells,
                    total: value,
                },
                "skyscraper" => Constraint::Skyscraper {
                    cells,
                    count: value,
                },
                _ => Constraint::XSum {
                    cells,
                    total: value,
                },
            })?;
        }
    }

    // Quadruples: four cells of a square (in any order) and their digits.
    for (i, entry) in entries(object, "quadruple")?.iter().enumerate() {
        let name = format!("quadruple {}", i + 1);
        let mut cells = reader.cells(&name, entry.get("cells"))?;
        cells.sort_unstable();
        let Ok(cells) = <[CellIndex; 4]>::try_from(cells) else {
            return Err(field(&name, "a quadruple has four cells"));
        };
        let digits = match entry.get("values") {
            Some(Value::Array(values)) => values
                .iter()
                .map(|v| integer(v).and_then(|n| u8::try_from(n).ok()))
                .collect::<Option<Vec<u8>>>(),
            _ => None,
        }
        .ok_or_else(|| field(&name, "its values are a list of digits, such as [1, 2]"))?;
        let mut digits = digits;
        digits.sort_unstable();
        puzzle.add(Constraint::Quadruple { cells, digits })?;
    }

    // Kropki dots and XV marks: two orthogonal neighbours each.
    for key in ["difference", "ratio", "xv"] {
        for (i, entry) in entries(object, key)?.iter().enumerate() {
            let name = format!("{key} {}", i + 1);
            let mut cells = reader.cells(&name, entry.get("cells"))?;
            cells.sort_unstable();
            let &[a, b] = &cells[..] else {
                return Err(field(&name, "a mark joins two cells"));
            };
            if !(b - a == size || (b - a == 1 && b % size != 0)) {
                return Err(field(
                    &name,
                    "a mark joins two orthogonal neighbours, and these are not",
                ));
            }
            let value = entry.get("value").filter(|v| match v {
                Value::String(s) => !s.trim().is_empty(),
                other => !other.is_null(),
            });
            let number = |default: u8| match value {
                None => Ok(default),
                Some(v) => integer(v)
                    .and_then(|n| u8::try_from(n).ok())
                    .ok_or_else(|| field(&name, format!("the value {v} is not a number"))),
            };
            let relation = match key {
                "difference" => Relation::Difference(number(1)?),
                "ratio" => Relation::Ratio(number(2)?),
                _ => match value {
                    Some(Value::String(x)) if x.trim().eq_ignore_ascii_case("x") => {
                        Relation::Sum(10)
                    }
                    Some(Value::String(v)) if v.trim().eq_ignore_ascii_case("v") => {
                        Relation::Sum(5)
                    }
                    other => {
                        return Err(field(
                            &name,
                            format!(
                                "an XV mark's value is X or V, not {}",
                                other.map_or("nothing".into(), Value::to_string)
                            ),
                        ));
                    }
                },
            };
            puzzle.add(Constraint::Pair {
                cells: [a, b],
                relation,
            })?;
        }
    }
    for entry in entries(object, "negative")? {
        let relations: &[Relation] = match entry.as_str() {
            Some("difference") => &[Relation::Difference(1)],
            Some("ratio") => &[Relation::Ratio(2)],
            Some("xv") => &[Relation::Sum(10), Relation::Sum(5)],
            // Refused with the rules not supported, above.
            _ => continue,
        };
        for &relation in relations {
            puzzle.add(Constraint::Unmarked(relation))?;
        }
    }

    Ok(puzzle)
}

/// What the grid's cells say, read cell by cell.
struct GridRead {
    size: usize,
    givens: Vec<u8>,
    marks: Vec<RegionMark>,
    /// Odd and even cells kept on the grid, as older f-puzzles files do.
    parity: Vec<Constraint>,
    /// Rules not modelled, by f-puzzles key.
    unsupported: BTreeMap<String, usize>,
}

impl GridRead {
    fn cell(&mut self, entry: &Map<String, Value>, cell: CellIndex) -> Result<(), FpuzzlesError> {
        let size = self.size;
        let name = format!("R{}C{}", cell / size + 1, cell % size + 1);
        let given = matches!(entry.get("given"), Some(Value::Bool(true)));
        if given && let Some(value) = entry.get("value") {
            let digit = integer(value)
                .filter(|&d| (0..=size as i64).contains(&d))
                .ok_or_else(|| {
                    field("grid", format!("{name} gives {value}, outside 1 to {size}"))
                })?;
            self.givens[cell] = digit as u8;
        }
        match entry.get("region") {
            None => {}
            Some(Value::Null) => self.marks[cell] = RegionMark::Null,
            Some(value) => {
                let id = integer(value)
                    .and_then(|n| u64::try_from(n).ok())
                    .ok_or_else(|| {
                        field(
                            "grid",
                            format!("{name} has region {value}, not a region number"),
                        )
                    })?;
                self.marks[cell] = RegionMark::Id(id);
            }
        }
        // Older f-puzzles files keep odd/even and minimum/maximum on the cell.
        match entry.get("parity") {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if s.eq_ignore_ascii_case("odd") => {
                self.parity.push(Constraint::Odd(cell))
            }
            Some(Value::String(s)) if s.eq_ignore_ascii_case("even") => {
                self.parity.push(Constraint::Even(cell))
            }
            Some(other) => {
                return Err(field(
                    "grid",
                    format!("{name} has parity {other}, not Odd or Even"),
                ));
            }
        }
        if let Some(Value::String(s)) = entry.get("extreme") {
            *self.unsupported.entry(s.to_ascii_lowercase()).or_default() += 1;
        }
        if let Some(marks) = entry.get("givenPencilMarks")
            && count(marks) > 0
        {
            *self
                .unsupported
                .entry("givenPencilMarks".into())
                .or_default() += 1;
        }
        Ok(())
    }
}

fn sorted(mut cells: Vec<CellIndex>) -> Vec<CellIndex> {
    cells.sort_unstable();
    cells
}

/// A region map renumbered by first appearance, to compare partitions.
fn canonical(map: &[u64]) -> Vec<u64> {
    let mut seen: Vec<u64> = Vec::new();
    map.iter()
        .map(|id| match seen.iter().position(|s| s == id) {
            Some(i) => i as u64,
            None => {
                seen.push(*id);
                (seen.len() - 1) as u64
            }
        })
        .collect()
}

/// The regions of the grid, and the sets of distinct cells that stand for
/// regions when they do not tile the grid.
fn read_regions(
    size: usize,
    marks: &[RegionMark],
) -> Result<(Regions, Vec<Vec<CellIndex>>), FpuzzlesError> {
    let default = crate::puzzle::default_regions(size);
    if marks.iter().all(|m| matches!(m, RegionMark::Default)) {
        return Ok((default, Vec::new()));
    }
    let ids: Vec<Option<u64>> = marks
        .iter()
        .enumerate()
        .map(|(cell, mark)| match *mark {
            RegionMark::Default => Some(default_region(size, cell)),
            RegionMark::Null => None,
            RegionMark::Id(id) => Some(id),
        })
        .collect();
    let mut groups: BTreeMap<u64, Vec<CellIndex>> = BTreeMap::new();
    for (cell, id) in ids.iter().enumerate() {
        if let Some(id) = id {
            groups.entry(*id).or_default().push(cell);
        }
    }
    let tiles = ids.iter().all(Option::is_some)
        && groups.len() == size
        && groups.values().all(|g| g.len() == size);
    if !tiles {
        if let Some((id, group)) = groups.iter().find(|(_, g)| g.len() > size) {
            return Err(field(
                "grid",
                format!(
                    "region {id} has {} cells; a region holds each digit at most once, so at most {size}",
                    group.len()
                ),
            ));
        }
        let sets = groups.into_values().filter(|g| g.len() > 1).collect();
        return Ok((Regions::None, sets));
    }
    let map: Vec<u64> = ids.into_iter().map(|id| id.unwrap_or_default()).collect();
    let shape = canonical(&map);
    let numbered = groups.keys().copied().eq(0..size as u64);
    let map: Vec<u8> = if numbered {
        map.iter().map(|&id| id as u8).collect()
    } else {
        shape.iter().map(|&id| id as u8).collect()
    };
    let regions = crate::puzzle::boxes_drawn_by(size, &map).unwrap_or(Regions::Jigsaw(map));
    Ok((regions, Vec::new()))
}

// ---------------------------------------------------------------------------
// Writing

fn cell_name(size: usize, cell: CellIndex) -> String {
    format!("R{}C{}", cell / size + 1, cell % size + 1)
}

fn names(size: usize, cells: &[CellIndex]) -> String {
    let quoted: Vec<String> = cells
        .iter()
        .map(|&c| format!("\"{}\"", cell_name(size, c)))
        .collect();
    format!("[{}]", quoted.join(","))
}

fn write_json(puzzle: &Puzzle) -> String {
    let size = puzzle.size();
    // The region every cell is in, as f-puzzles numbers it (None: no region).
    let regions: Vec<Option<u64>> = match (puzzle.regions(), puzzle.region_map()) {
        (_, Some(map)) => map.into_iter().map(|r| Some(u64::from(r))).collect(),
        (Regions::None, None) if crate::puzzle::default_regions(size) == Regions::None => (0..size
            * size)
            .map(|c| Some(default_region(size, c)))
            .collect(),
        _ => vec![None; size * size],
    };
    let mut json = format!("{{\"size\":{size},\"grid\":[");
    for r in 0..size {
        json.push_str(if r == 0 { "[" } else { ",[" });
        for c in 0..size {
            let cell = r * size + c;
            let mut fields = Vec::new();
            let digit = puzzle.givens()[cell];
            if digit != 0 {
                fields.push(format!("\"value\":{digit},\"given\":true"));
            }
            match regions[cell] {
                Some(id) if id == default_region(size, cell) => {}
                Some(id) => fields.push(format!("\"region\":{id}")),
                None => fields.push("\"region\":null".into()),
            }
            let _ = write!(
                json,
                "{}{{{}}}",
                if c == 0 { "" } else { "," },
                fields.join(",")
            );
        }
        json.push(']');
    }
    json.push(']');
    // The rules in words, which SudokuPad shows (and f-puzzles beside the
    // grid); they state what the keys below say.
    let _ = write!(
        json,
        ",\"ruleset\":{}",
        Value::String(puzzle.rules_in_words())
    );

    let constraints = puzzle.constraints();
    let [down, up] = Constraint::diagonals(size);
    let same = |a: &Constraint, b: &Constraint| match (a, b) {
        (
            Constraint::Distinct {
                kind: k1,
                cells: c1,
            },
            Constraint::Distinct {
                kind: k2,
                cells: c2,
            },
        ) => k1 == k2 && sorted(c1.clone()) == sorted(c2.clone()),
        _ => false,
    };
    let has = |wanted: &Constraint| constraints.iter().any(|c| same(c, wanted));
    let groups = Constraint::disjoint_groups(size, puzzle.regions());
    let all_groups = !groups.is_empty() && groups.iter().all(has);
    // The distinct sets the booleans stand for.
    let mut covered: Vec<&Constraint> = Vec::new();
    for (key, on, stands_for) in [
        ("diagonal+", has(&up), vec![&up]),
        ("diagonal-", has(&down), vec![&down]),
    ] {
        if on {
            let _ = write!(json, ",\"{key}\":true");
            covered.extend(stands_for);
        }
    }
    for (key, rule) in [
        ("antiknight", Constraint::AntiKnight),
        ("antiking", Constraint::AntiKing),
    ] {
        if constraints.contains(&rule) {
            let _ = write!(json, ",\"{key}\":true");
        }
    }
    if all_groups {
        json.push_str(",\"disjointgroups\":true");
        covered.extend(groups.iter());
    }
    if constraints.contains(&Constraint::NonConsecutive) {
        json.push_str(",\"nonconsecutive\":true");
    }

    let mut extra = Vec::new();
    let mut odd = Vec::new();
    let mut even = Vec::new();
    let mut thermo = Vec::new();
    let mut cages = Vec::new();
    let mut arrows = Vec::new();
    let (mut difference, mut ratio, mut xv) = (Vec::new(), Vec::new(), Vec::new());
    let mut negative: Vec<&str> = Vec::new();
    let (mut whispers, mut renban, mut palindrome) = (Vec::new(), Vec::new(), Vec::new());
    let mut little = Vec::new();
    let (mut sandwiches, mut skyscrapers, mut x_sums) = (Vec::new(), Vec::new(), Vec::new());
    let mut quadruples = Vec::new();
    for constraint in constraints {
        match constraint {
            Constraint::Distinct { cells, .. } => {
                if !covered.iter().any(|c| same(c, constraint)) {
                    extra.push(format!("{{\"cells\":{}}}", names(size, cells)));
                }
            }
            Constraint::Odd(cell) => {
                odd.push(format!("{{\"cell\":\"{}\"}}", cell_name(size, *cell)))
            }
            Constraint::Even(cell) => {
                even.push(format!("{{\"cell\":\"{}\"}}", cell_name(size, *cell)))
            }
            Constraint::Thermometer { cells } => {
                thermo.push(format!("{{\"lines\":[{}]}}", names(size, cells)));
            }
            Constraint::Cage { cells, total } => cages.push(match total {
                Some(total) => {
                    format!("{{\"cells\":{},\"value\":\"{total}\"}}", names(size, cells))
                }
                None => format!("{{\"cells\":{}}}", names(size, cells)),
            }),
            Constraint::Arrow { circle, path } => {
                let lines = match path.first() {
                    None => String::new(),
                    Some(&first) => {
                        // The line leaves the circle from the cell next to the path.
                        let near = |c: &&CellIndex| {
                            let (a, b) = (**c, first);
                            (a / size).abs_diff(b / size) <= 1 && (a % size).abs_diff(b % size) <= 1
                        };
                        let start = circle.iter().find(near).or(circle.first()).copied();
                        let line: Vec<CellIndex> =
                            start.into_iter().chain(path.iter().copied()).collect();
                        names(size, &line)
                    }
                };
                arrows.push(format!(
                    "{{\"lines\":[{lines}],\"cells\":{}}}",
                    names(size, circle)
                ));
            }
            Constraint::Pair { cells, relation } => {
                let cells = names(size, cells);
                match *relation {
                    Relation::Difference(1) => difference.push(format!("{{\"cells\":{cells}}}")),
                    Relation::Difference(k) => {
                        difference.push(format!("{{\"cells\":{cells},\"value\":\"{k}\"}}"))
                    }
                    Relation::Ratio(2) => ratio.push(format!("{{\"cells\":{cells}}}")),
                    Relation::Ratio(k) => {
                        ratio.push(format!("{{\"cells\":{cells},\"value\":\"{k}\"}}"))
                    }
                    Relation::Sum(k) => {
                        let mark = if k == 10 { "X" } else { "V" };
                        xv.push(format!("{{\"cells\":{cells},\"value\":\"{mark}\"}}"));
                    }
                }
            }
            Constraint::Unmarked(relation) => {
                let key = match relation {
                    Relation::Difference(_) => "\"difference\"",
                    Relation::Ratio(_) => "\"ratio\"",
                    Relation::Sum(_) => "\"xv\"",
                };
                if !negative.contains(&key) {
                    negative.push(key);
                }
            }
            Constraint::Line { kind, cells } => {
                let lines = names(size, cells);
                match *kind {
                    LineKind::Whispers(k) if LineKind::Whispers(k) != LineKind::whispers(size) => {
                        whispers.push(format!("{{\"lines\":[{lines}],\"value\":\"{k}\"}}"))
                    }
                    LineKind::Whispers(_) => whispers.push(format!("{{\"lines\":[{lines}]}}")),
                    LineKind::Renban => renban.push(format!("{{\"lines\":[{lines}]}}")),
                    LineKind::Palindrome => palindrome.push(format!("{{\"lines\":[{lines}]}}")),
                }
            }
            Constraint::LittleKiller { cells, total } => {
                if let Some(direction) = Direction::of(size, cells) {
                    let (dr, dc) = direction.step();
                    let (r, c) = ((cells[0] / size) as isize, (cells[0] % size) as isize);
                    // The clue, one step back, in f-puzzles' numbering
                    // from 1 (0 and the side + 1 outside).
                    let (r, c) = (r - dr + 1, c - dc + 1);
                    little.push(format!(
                        "{{\"cell\":\"R{r}C{c}\",\"cells\":{},\"direction\":\"{}\",\"value\":\"{total}\"}}",
                        names(size, cells),
                        direction.code()
                    ));
                }
            }
            Constraint::Sandwich { cells, total } => {
                sandwiches.push(outside_entry(size, cells, *total));
            }
            Constraint::Skyscraper { cells, count } => {
                skyscrapers.push(outside_entry(size, cells, *count));
            }
            Constraint::XSum { cells, total } => {
                x_sums.push(outside_entry(size, cells, *total));
            }
            Constraint::Quadruple { cells, digits } => {
                let values: Vec<String> = digits.iter().map(u8::to_string).collect();
                quadruples.push(format!(
                    "{{\"cells\":{},\"values\":[{}]}}",
                    names(size, cells),
                    values.join(",")
                ));
            }
            Constraint::AntiKnight | Constraint::AntiKing | Constraint::NonConsecutive => {}
        }
    }
    if !negative.is_empty() {
        let _ = write!(json, ",\"negative\":[{}]", negative.join(","));
    }
    for (key, items) in [
        ("difference", difference),
        ("ratio", ratio),
        ("xv", xv),
        ("extraregion", extra),
        ("odd", odd),
        ("even", even),
        ("thermometer", thermo),
        ("killercage", cages),
        ("arrow", arrows),
        ("whispers", whispers),
        ("renban", renban),
        ("palindrome", palindrome),
        ("littlekillersum", little),
        ("sandwichsum", sandwiches),
        ("skyscraper", skyscrapers),
        ("xsum", x_sums),
        ("quadruple", quadruples),
    ] {
        if !items.is_empty() {
            let _ = write!(json, ",\"{key}\":[{}]", items.join(","));
        }
    }
    json.push('}');
    json
}

/// The f-puzzles entry of a clue outside a row or column (see
/// [`outside_line`]): its cell beside the first of `cells`, outside the
/// grid, in f-puzzles' numbering from 1.
fn outside_entry(size: usize, cells: &[CellIndex], value: u32) -> String {
    let (r, c) = (cells[0] / size + 1, cells[0] % size + 1);
    let clue = match RowOrColumn::of(size, cells) {
        Some(RowOrColumn::Row(_)) if cells.get(1) == Some(&(cells[0] + 1)) => format!("R{r}C0"),
        Some(RowOrColumn::Row(_)) => format!("R{r}C{}", size + 1),
        _ if cells.get(1) == Some(&(cells[0] + size)) => format!("R0C{c}"),
        _ => format!("R{}C{c}", size + 1),
    };
    format!("{{\"cell\":\"{clue}\",\"value\":\"{value}\"}}")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    fn empty_grid(size: usize) -> String {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!("[{}]", vec![row; size].join(","))
    }

    fn with_keys(size: usize, keys: &str) -> String {
        format!("{{\"size\":{size},\"grid\":{}{keys}}}", empty_grid(size))
    }

    #[test]
    fn a_value_is_a_given_only_when_marked_given() {
        let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{"value":2},{"value":3,"given":false},{}],
            [{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":"4","given":true}]]}"#;
        let puzzle = from_json(json).unwrap();
        assert_eq!(&puzzle.givens()[..4], &[1, 0, 0, 0]);
        assert_eq!(puzzle.givens()[15], 4);
    }

    #[test]
    fn diagonal_plus_is_the_anti_diagonal() {
        let puzzle = from_json(&with_keys(4, r#","diagonal+":true"#)).unwrap();
        assert_eq!(
            puzzle.constraints(),
            &[Constraint::Distinct {
                kind: DistinctKind::DiagonalUp,
                cells: vec![12, 9, 6, 3],
            }]
        );
        let puzzle = from_json(&with_keys(4, r#","diagonal-":true,"diagonal+":false"#)).unwrap();
        assert_eq!(puzzle.constraints()[0].cells(), [0, 5, 10, 15]);
        assert_eq!(puzzle.constraints().len(), 1);
    }

    #[test]
    fn the_whole_rules() {
        let puzzle = from_json(&with_keys(
            9,
            r#","antiknight":true,"antiking":true,"nonconsecutive":true,"disjointgroups":true"#,
        ))
        .unwrap();
        assert_eq!(
            puzzle.variants(),
            [
                "disjoint-groups",
                "anti-knight",
                "anti-king",
                "non-consecutive"
            ]
        );
        assert_eq!(puzzle.constraints().len(), 3 + 9);
    }

    #[test]
    fn arrows_drop_their_circle_from_each_line() {
        let puzzle = from_json(&with_keys(
            9,
            r#","arrow":[{"cells":["R1C1","R1C2"],"lines":[["R1C2","R2C3","R3C3"],["R1C1","R2C1"],["R1C1"]]},
                         {"cells":["R9C9"],"lines":[]}]"#,
        ))
        .unwrap();
        assert_eq!(
            puzzle.constraints(),
            &[
                Constraint::Arrow {
                    circle: vec![0, 1],
                    path: vec![11, 20],
                },
                Constraint::Arrow {
                    circle: vec![0, 1],
                    path: vec![9],
                },
            ]
        );
    }

    #[test]
    fn cages_thermometers_odd_even_extra_regions() {
        let puzzle = from_json(&with_keys(
            4,
            r#","killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1"]},{"cells":["R3C1","R3C2"],"value":""}],
               "thermometer":[{"lines":[["R4C1","R4C2","R4C3"],["R4C1","R3C3"]]}],
               "odd":[{"cell":"R2C2"}],"even":[{"cell":"r2c3"}],
               "extraregion":[{"cells":["R1C3","R1C4","R2C4"]}]"#,
        ))
        .unwrap();
        let c = puzzle.constraints();
        assert!(c.contains(&Constraint::Cage {
            cells: vec![0, 1],
            total: Some(3)
        }));
        assert!(c.contains(&Constraint::Cage {
            cells: vec![4],
            total: None
        }));
        assert!(c.contains(&Constraint::Cage {
            cells: vec![8, 9],
            total: None
        }));
        assert!(c.contains(&Constraint::Thermometer {
            cells: vec![12, 13, 14]
        }));
        assert!(c.contains(&Constraint::Thermometer {
            cells: vec![12, 10]
        }));
        assert!(c.contains(&Constraint::Odd(5)));
        assert!(c.contains(&Constraint::Even(6)));
        assert!(c.contains(&Constraint::Distinct {
            kind: DistinctKind::ExtraRegion,
            cells: vec![2, 3, 7]
        }));
    }

    #[test]
    fn the_four_windoku_windows_read_as_windoku() {
        let windows: Vec<String> = Constraint::windoku(9)
            .iter()
            .map(|w| format!("{{\"cells\":{}}}", names(9, &w.cells())))
            .collect();
        let all = from_json(&with_keys(
            9,
            &format!(",\"extraregion\":[{}]", windows.join(",")),
        ))
        .unwrap();
        assert_eq!(all.variants(), ["windoku"]);
        let one = from_json(&with_keys(9, &format!(",\"extraregion\":[{}]", windows[0]))).unwrap();
        assert_eq!(one.variants(), ["extra-regions"]);
    }

    #[test]
    fn irregular_regions_are_a_jigsaw_and_regular_ones_boxes() {
        // 4x4: the default boxes are 2x2; give every cell of row 1 and 2
        // its row as region: rows 1-2 form two 1x4 "boxes", rows 3-4 keep 2x2
        // boxes, which is no box shape: a jigsaw.
        let grid = r#"[[{"region":0},{"region":0},{"region":0},{"region":0}],
                      [{"region":1},{"region":1},{"region":1},{"region":1}],
                      [{},{},{},{}],[{},{},{},{}]]"#;
        let puzzle = from_json(&format!(r#"{{"size":4,"grid":{grid}}}"#)).unwrap();
        assert_eq!(
            puzzle.regions(),
            &Regions::Jigsaw(vec![0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])
        );
        // 6x6 with 3x2 boxes written out cell by cell.
        let mut tall = Puzzle::new(
            6,
            Regions::Boxes {
                rows: 3,
                columns: 2,
            },
        )
        .unwrap();
        tall.set_given(0, 1).unwrap();
        let back = read(&to_json(&tall)).unwrap();
        assert_eq!(back, tall);
    }

    #[test]
    fn cells_in_no_region() {
        // All cells out of regions: a Latin square.
        let grid = vec![[r#"{"region":null}"#; 4].join(","); 4];
        let json = format!(r#"{{"size":4,"grid":[[{}]]}}"#, grid.join("],["));
        let latin = from_json(&json).unwrap();
        assert_eq!(latin.regions(), &Regions::None);
        assert!(latin.constraints().is_empty());
        assert_eq!(read(&to_json(&latin)).unwrap(), latin);
        // One cell out: the regions left are sets of distinct cells.
        let json = with_keys(4, "").replacen("{}", r#"{"region":null}"#, 1);
        let partial = from_json(&json).unwrap();
        assert_eq!(partial.regions(), &Regions::None);
        assert_eq!(partial.constraints().len(), 4);
        assert_eq!(partial.constraints()[0].cells(), [1, 4, 5]);
        assert_eq!(read(&to_json(&partial)).unwrap(), partial);
    }

    #[test]
    fn the_ruleset_written_states_the_rules_its_keys_say() {
        let mut puzzle = Puzzle::classic(9).unwrap();
        for rule in Constraint::diagonals(9).into_iter().chain([
            Constraint::AntiKnight,
            Constraint::AntiKing,
            Constraint::NonConsecutive,
        ]) {
            puzzle.add(rule).unwrap();
        }
        puzzle
            .add(Constraint::Thermometer {
                cells: vec![0, 1, 2],
            })
            .unwrap();
        let json: Value = serde_json::from_str(&to_json(&puzzle)).unwrap();
        let ruleset = json["ruleset"].as_str().unwrap();
        assert!(
            ruleset.starts_with("Normal sudoku rules apply"),
            "{ruleset}"
        );
        assert!(ruleset.contains("each thermometer"), "{ruleset}");
        // The keys gone, the words alone read as the same rules.
        let mut words = json.clone();
        for key in [
            "diagonal+",
            "diagonal-",
            "antiknight",
            "antiking",
            "nonconsecutive",
        ] {
            words.as_object_mut().unwrap().remove(key).unwrap();
        }
        assert_eq!(from_json(&words.to_string()).unwrap(), puzzle);
        // One diagonal: its own sentence, and the key decides.
        let mut down = Puzzle::classic(9).unwrap();
        down.add(Constraint::diagonals(9)[0].clone()).unwrap();
        let json = to_json(&down);
        assert!(json.contains("from top left to bottom right"), "{json}");
        assert_eq!(read(&json).unwrap(), down);
    }

    #[test]
    fn prime_sides_have_no_boxes() {
        let puzzle = from_json(&with_keys(5, "")).unwrap();
        assert_eq!(puzzle.regions(), &Regions::None);
        let rules = r#","ruleset":"Each row and column holds the digits 1 to 5 once.""#;
        assert_eq!(to_json(&puzzle), with_keys(5, rules));
    }

    #[test]
    fn the_older_per_cell_parity() {
        let json = with_keys(4, "").replacen("{}", r#"{"parity":"Odd"}"#, 1);
        assert_eq!(
            from_json(&json).unwrap().constraints(),
            &[Constraint::Odd(0)]
        );
    }

    #[test]
    fn rules_not_supported_are_named_and_counted() {
        let json = with_keys(
            4,
            r#","betweenline":[{"lines":[["R1C1","R2C2"]]},{"lines":[["R3C1","R3C2"]]}],
               "negative":["ratio","quadruple"],"somethingnew":{"a":1},"xv":[],"ratio":[],"title":"T","cage":[{"cells":["R1C1"]}]"#,
        )
        .replacen("{}", r#"{"givenPencilMarks":[1,2]}"#, 1)
        .replacen("{}", r#"{"extreme":"Minimum"}"#, 1);
        let err = from_json(&json).unwrap_err();
        assert_eq!(
            err,
            FpuzzlesError::Unsupported {
                rules: vec![
                    ("betweenline".into(), 2),
                    ("givenPencilMarks".into(), 1),
                    ("minimum".into(), 1),
                    ("negative quadruple".into(), 1),
                    ("somethingnew".into(), 1),
                ]
            }
        );
        let message = err.to_string();
        assert!(
            message.contains("betweenline x2 (between lines)"),
            "{message}"
        );
        assert!(message.contains("somethingnew x1"), "{message}");
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let err = from_json(&with_keys(
            9,
            r#","killercage":[{"cells":["R1C1","R10C1"],"value":"5"}]"#,
        ))
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "killercage 1: \"R10C1\" is not a cell of the 9x9 grid (f-puzzles names cells R1C1 to R9C9)"
        );
        let err = from_json(&with_keys(4, r#","odd":[{"cell":"A1"}]"#)).unwrap_err();
        assert!(
            matches!(err, FpuzzlesError::Cell { ref name, .. } if name == "A1"),
            "{err}"
        );
        let err = from_json(&with_keys(
            4,
            r#","killercage":[{"cells":["R1C1"],"value":"x"}]"#,
        ))
        .unwrap_err();
        assert!(
            err.to_string().contains("the total \"x\" is not a number"),
            "{err}"
        );
        let err = from_json(r#"{"size":17}"#).unwrap_err();
        assert!(err.to_string().contains("a side from 1 to 16"), "{err}");
        let err = from_json(r#"{"size":4,"grid":[]}"#).unwrap_err();
        assert!(err.to_string().contains("0 rows for a 4x4 puzzle"), "{err}");
        let err = from_json("{\"size\":4,\n \"grid\": [}").unwrap_err();
        assert!(
            matches!(
                err,
                FpuzzlesError::Json {
                    line: 2,
                    column: 11,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(
            err.to_string()
                .starts_with("the f-puzzles JSON is not valid at line 2, column 11: "),
            "{err}"
        );
        let json = with_keys(4, "").replacen("{}", r#"{"value":7,"given":true}"#, 1);
        assert!(
            from_json(&json)
                .unwrap_err()
                .to_string()
                .contains("R1C1 gives 7, outside 1 to 4")
        );
        let err = from_json(&with_keys(4, r#","disjointgroups":true"#).replacen(
            "{}",
            r#"{"region":null}"#,
            1,
        ))
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("disjoint groups need a grid of boxes"),
            "{err}"
        );
        let err = from_json(&with_keys(
            4,
            r#","killercage":[{"cells":["R1C1","R1C1"]}]"#,
        ))
        .unwrap_err();
        assert!(matches!(err, FpuzzlesError::Puzzle(_)), "{err}");
    }

    #[test]
    fn link_forms() {
        let mut puzzle = Puzzle::classic(6).unwrap();
        puzzle.set_given(7, 3).unwrap();
        puzzle
            .add(Constraint::Thermometer {
                cells: vec![0, 1, 2],
            })
            .unwrap();
        let data = to_data(&puzzle);
        let encoded = data
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        for text in [
            to_link(&puzzle),
            to_sudokupad_link(&puzzle),
            format!("f-puzzles.com/?load={data}"),
            format!("http://f-puzzles.com/?load={encoded}&foo=1"),
            format!("https://www.f-puzzles.com/?load={}", data.replace('+', " ")),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
            format!("https://sudokupad.app/fpuzzles{data}?setting-nogrid=1"),
            format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{data}"),
            format!("sudokupad.app/fpuzzles{data}"),
            format!("fpuzzles{data}"),
            format!("  {}\n{}  ", &data[..10], &data[10..]),
            to_json(&puzzle),
        ] {
            assert_eq!(read(&text).unwrap(), puzzle, "{text}");
        }
        assert_eq!(from_link(&to_link(&puzzle)).unwrap(), puzzle);
        assert_eq!(from_data(&format!("fpuzzles{data}")).unwrap(), puzzle);
    }

    #[test]
    fn links_that_cannot_be_read() {
        let short = |text: &str| matches!(read(text), Err(FpuzzlesError::ShortLink(_)));
        assert!(short("https://www.f-puzzles.com/?id=y9wx8dqz"));
        assert!(short("https://sudokupad.app/psxgyoxd6c"));
        assert!(short("https://sudokupad.app/fpuzzlesabc"));
        assert!(short("fpuzzles1234"));
        for cut in [
            "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA",
            "https://app.crackingthecryptic.com/sudoku/ctcN4Igzglg",
            "scl0123abc",
        ] {
            let err = read(cut).unwrap_err();
            assert!(matches!(err, FpuzzlesError::Data(_)), "{cut}: {err}");
            assert!(err.to_string().contains("SudokuPad"), "{cut}: {err}");
        }
        assert_eq!(
            read("hello world!").unwrap_err(),
            FpuzzlesError::Unrecognised
        );
        assert_eq!(read("").unwrap_err(), FpuzzlesError::Unrecognised);
        assert_eq!(
            read("https://example.com/x").unwrap_err(),
            FpuzzlesError::Unrecognised
        );
        let cut = &to_link(&Puzzle::classic(9).unwrap())[..60];
        assert!(
            matches!(read(cut), Err(FpuzzlesError::Data(_))),
            "{:?}",
            read(cut)
        );
        assert!(matches!(
            read("https://f-puzzles.com/"),
            Err(FpuzzlesError::Data(_))
        ));
    }

    #[test]
    fn doubled_slashes_lost_on_the_way_are_put_back() {
        // Find a puzzle whose data holds "//", as a few in a thousand do.
        let found = (0..1000usize).find_map(|seed| {
            let mut puzzle = Puzzle::classic(9).unwrap();
            for k in 0..seed % 20 {
                let digit = ((seed / 7 + k) % 9 + 1) as u8;
                puzzle.set_given((seed * 31 + k * 17) % 81, digit).unwrap();
            }
            if seed % 3 == 0 {
                let cells = vec![seed % 81, (seed + 1) % 81];
                puzzle.add(Constraint::Thermometer { cells }).unwrap();
            }
            let data = to_data(&puzzle);
            data.contains("//").then_some((puzzle, data))
        });
        let (puzzle, data) = found.expect("some data holds //");
        let collapsed = data.replace("//", "/");
        assert_eq!(
            read(&format!("https://sudokupad.app/fpuzzles{collapsed}")).unwrap(),
            puzzle
        );
    }

    #[test]
    fn lone_disjoint_groups_and_windows_are_written_as_extra_regions() {
        let mut puzzle = Puzzle::classic(9).unwrap();
        let group = Constraint::disjoint_groups(9, puzzle.regions())[4].clone();
        puzzle.add(group).unwrap();
        puzzle.add(Constraint::windoku(9)[1].clone()).unwrap();
        let json = to_json(&puzzle);
        assert!(!json.contains("disjointgroups"), "{json}");
        assert_eq!(json.matches("\"cells\"").count(), 2, "{json}");
        let back = read(&json).unwrap();
        assert_eq!(back.variants(), ["extra-regions"]);
        assert_eq!(
            back.constraints()[0].cells(),
            puzzle.constraints()[0].cells()
        );
    }

    /// A puzzle compared as a set of rules: the regions as a partition, the
    /// constraints in any order.
    pub(crate) fn normalised(puzzle: &Puzzle) -> (usize, Vec<u8>, Vec<u64>, Vec<String>) {
        let size = puzzle.size();
        let map: Vec<u64> = match puzzle.region_map() {
            Some(map) => map.into_iter().map(u64::from).collect(),
            None => (0..size * size).map(|c| (c / size) as u64).collect(),
        };
        let mut constraints: Vec<String> = puzzle
            .constraints()
            .iter()
            .map(|c| format!("{c:?}"))
            .collect();
        constraints.sort();
        (size, puzzle.givens().to_vec(), canonical(&map), constraints)
    }

    fn distinct_cells(size: usize, max: usize) -> impl Strategy<Value = Vec<CellIndex>> {
        proptest::sample::subsequence((0..size * size).collect::<Vec<_>>(), 1..=max.min(size))
            .prop_shuffle()
    }

    fn arbitrary_puzzle() -> impl Strategy<Value = Puzzle> {
        let sizes = prop_oneof![
            Just(4usize),
            Just(5),
            Just(6),
            Just(8),
            Just(9),
            Just(12),
            Just(16)
        ];
        sizes
            .prop_flat_map(|size| {
                let cells = size * size;
                let regions = (
                    0u8..4,
                    proptest::collection::vec((0..cells, 0..cells), 0..20),
                );
                let givens = proptest::collection::vec((0..cells, 1..=size as u8), 0..10);
                let flags = proptest::collection::vec(any::<bool>(), 6);
                let cages = proptest::collection::vec(
                    (distinct_cells(size, size), proptest::option::of(1u32..100)),
                    0..4,
                );
                let thermos = proptest::collection::vec(distinct_cells(size, 6), 0..3);
                let arrows = proptest::collection::vec((distinct_cells(size, 6), 1usize..3), 0..3);
                let parity = proptest::collection::vec((0..cells, any::<bool>()), 0..4);
                let extra = proptest::collection::vec(distinct_cells(size, size), 0..3);
                // (a row, which one, from the far end, the total)
                let sandwiches = proptest::collection::vec(
                    (any::<bool>(), 0..size, any::<bool>(), 0u32..40),
                    0..3,
                );
                // (the top left cell's row and column, the digits)
                let quadruples = proptest::collection::vec(
                    (
                        0..size - 1,
                        0..size - 1,
                        proptest::collection::vec(1..=size as u8, 1..=4),
                    ),
                    0..3,
                );
                (
                    Just(size),
                    regions,
                    givens,
                    flags,
                    cages,
                    thermos,
                    arrows,
                    parity,
                    extra,
                    sandwiches,
                    quadruples,
                )
            })
            .prop_map(
                |(
                    size,
                    (shape, swaps),
                    givens,
                    flags,
                    cages,
                    thermos,
                    arrows,
                    parity,
                    extra,
                    sandwiches,
                    quadruples,
                )| {
                    let default = crate::puzzle::default_regions(size);
                    let regions = match shape {
                        0 => default,
                        1 => {
                            // Swapping two cells' regions keeps every region's size.
                            let mut map = Puzzle::classic(size)
                                .unwrap()
                                .region_map()
                                .unwrap_or_else(|| {
                                    (0..size * size).map(|c| (c / size) as u8).collect()
                                });
                            for (a, b) in swaps {
                                map.swap(a, b);
                            }
                            Regions::Jigsaw(map)
                        }
                        2 => match default {
                            Regions::Boxes { rows, columns } if rows != columns => Regions::Boxes {
                                rows: columns,
                                columns: rows,
                            },
                            other => other,
                        },
                        _ => Regions::None,
                    };
                    let mut puzzle = Puzzle::new(size, regions).unwrap();
                    for (cell, digit) in givens {
                        puzzle.set_given(cell, digit).unwrap();
                    }
                    let mut wanted: Vec<Constraint> = Vec::new();
                    let mut add = |c: Constraint| wanted.push(c);
                    if flags[0] {
                        Constraint::diagonals(size).into_iter().for_each(&mut add);
                    }
                    if flags[1] {
                        Constraint::windoku(size).into_iter().for_each(&mut add);
                    }
                    if flags[2] {
                        add(Constraint::AntiKnight);
                    }
                    if flags[3] {
                        add(Constraint::AntiKing);
                    }
                    if flags[4] {
                        add(Constraint::NonConsecutive);
                    }
                    for (cells, total) in cages {
                        add(Constraint::Cage { cells, total });
                    }
                    for cells in thermos {
                        add(Constraint::Thermometer { cells });
                    }
                    for (cells, circle) in arrows {
                        if cells.len() > circle {
                            let (circle, path) = cells.split_at(circle);
                            add(Constraint::Arrow {
                                circle: circle.to_vec(),
                                path: path.to_vec(),
                            });
                        }
                    }
                    for (cell, odd) in parity {
                        add(if odd {
                            Constraint::Odd(cell)
                        } else {
                            Constraint::Even(cell)
                        });
                    }
                    for cells in extra {
                        add(Constraint::Distinct {
                            kind: DistinctKind::ExtraRegion,
                            cells,
                        });
                    }
                    if flags[5] {
                        Constraint::disjoint_groups(size, puzzle.regions())
                            .into_iter()
                            .for_each(&mut add);
                    }
                    for (row, which, far, total) in sandwiches {
                        let line = if row {
                            RowOrColumn::Row(which)
                        } else {
                            RowOrColumn::Column(which)
                        };
                        let cells = line.cells_from(size, far);
                        // The same clue read as a sandwich, skyscrapers
                        // or an X-sum, by its number.
                        add(match total % 3 {
                            0 => Constraint::Sandwich { cells, total },
                            1 => Constraint::Skyscraper {
                                cells,
                                count: 1 + total % size as u32,
                            },
                            _ => Constraint::XSum { cells, total },
                        });
                    }
                    for (r, c, digits) in quadruples {
                        add(Constraint::quadruple(size, r * size + c, &digits));
                    }
                    for constraint in wanted {
                        let _ = puzzle.add(constraint);
                    }
                    puzzle
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn links_and_json_read_back_the_puzzle(puzzle in arbitrary_puzzle()) {
            let want = normalised(&puzzle);
            let back = read(&to_link(&puzzle)).unwrap();
            prop_assert_eq!(normalised(&back), want.clone());
            prop_assert_eq!(normalised(&read(&to_json(&puzzle)).unwrap()), want.clone());
            prop_assert_eq!(normalised(&read(&to_sudokupad_link(&puzzle)).unwrap()), want);
        }
    }
}
