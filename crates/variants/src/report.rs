//! What `solve`, `count` and `check` say of a variant puzzle: the search
//! with clashing givens told apart ([`examine`]), the grid written out
//! ([`line_text`], [`rows_text`]) and the JSON record ([`VariantReport`],
//! with the field names of the engine's records for other sizes).
//!
//! ```
//! use sudoku_variants::{Puzzle, report};
//! let mut puzzle = Puzzle::classic(4).unwrap();
//! puzzle.set_given(0, 1).unwrap();
//! puzzle.set_given(1, 1).unwrap();
//! let err = report::examine(&puzzle, 2).unwrap_err();
//! assert_eq!(err.rule, "row");
//! let found = report::examine(&Puzzle::classic(4).unwrap(), 2).unwrap();
//! assert_eq!(found.count, 2);
//! let solution = found.solution.unwrap();
//! assert_eq!(report::line_text(&solution).len(), 16);
//! assert_eq!(report::rows_text(&solution, 4).lines().count(), 4);
//! ```

use crate::input::Entry;
use crate::puzzle::{Puzzle, Regions};
use crate::rules::Violation;
use crate::solver::{Search, search};

/// Searches for up to `limit` solutions; when there is none, the rule
/// the givens already break, if they do (a puzzle that is invalid rather
/// than one without solution).
pub fn examine(puzzle: &Puzzle, limit: usize) -> Result<Search, Violation> {
    let found = search(puzzle, limit);
    if found.count == 0
        && let Some(violation) = puzzle.violation(puzzle.givens())
    {
        return Err(violation);
    }
    Ok(found)
}

/// The symbol of a digit: `1`-`9`, then `A` for 10 up to `G` for 16;
/// `.` for an empty cell.
pub fn symbol(digit: u8) -> char {
    match digit {
        0 => '.',
        1..=9 => char::from(b'0' + digit),
        _ => char::from(b'A' + digit - 10),
    }
}

/// A grid as one line of symbols ([`symbol`]).
pub fn line_text(grid: &[u8]) -> String {
    grid.iter().map(|&d| symbol(d)).collect()
}

/// A grid as rows of symbols, one line per row, each ending in `\n`.
pub fn rows_text(grid: &[u8], size: usize) -> String {
    let mut text = String::with_capacity(grid.len() + size);
    for row in grid.chunks(size.max(1)) {
        text.extend(row.iter().map(|&d| symbol(d)));
        text.push('\n');
    }
    text
}

/// A grid drawn with the borders of its regions (boxes or jigsaw pieces):
/// `|` and `---` wherever two neighbouring cells lie in different regions
/// and around the grid, `+` where borders meet or turn, so an irregular
/// region reads at a glance. Without regions only the frame is drawn.
///
/// ```
/// use sudoku_variants::{Puzzle, Regions, report};
/// let map = vec![0, 0, 1, 1, 0, 0, 2, 1, 3, 2, 2, 1, 3, 3, 3, 2];
/// let puzzle = Puzzle::new(4, Regions::Jigsaw(map)).unwrap();
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// assert_eq!(
///     report::pretty_text(&puzzle, &grid),
///     "\
/// +-------+-------+
/// | 1   2 | 3   4 |
/// |       +---+   |
/// | 3   4 | 1 | 2 |
/// +---+---+   |   |
/// | 2 | 1   4 | 3 |
/// |   +-------+---+
/// | 4   3   2 | 1 |
/// +-----------+---+
/// "
/// );
/// ```
pub fn pretty_text(puzzle: &Puzzle, grid: &[u8]) -> String {
    let n = puzzle.size();
    let map = puzzle.region_map();
    let region = |r: usize, c: usize| map.as_ref().map_or(0, |m| m[r * n + c]);
    // A wall left of cell (r, c), c = n being the right edge.
    let wall = |r: usize, c: usize| c == 0 || c == n || region(r, c - 1) != region(r, c);
    // A border above cell (r, c), r = n being the bottom edge.
    let floor = |r: usize, c: usize| r == 0 || r == n || region(r - 1, c) != region(r, c);
    let corner = |r: usize, c: usize| {
        let left = c > 0 && floor(r, c - 1);
        let right = c < n && floor(r, c);
        let up = r > 0 && wall(r - 1, c);
        let down = r < n && wall(r, c);
        // Straight lines run through; only meetings and ends are `+`.
        match (left || right, up || down) {
            (false, false) => ' ',
            (true, false) if left && right => '-',
            (false, true) if up && down => '|',
            _ => '+',
        }
    };
    let mut text = String::with_capacity((4 * n + 2) * (2 * n + 1));
    for r in 0..=n {
        for c in 0..n {
            text.push(corner(r, c));
            text.push_str(if floor(r, c) { "---" } else { "   " });
        }
        text.push(corner(r, n));
        text.push('\n');
        if r == n {
            break;
        }
        for c in 0..n {
            text.push(if wall(r, c) { '|' } else { ' ' });
            text.push(' ');
            text.push(symbol(grid.get(r * n + c).copied().unwrap_or(0)));
            text.push(' ');
        }
        text.push_str("|\n");
    }
    text
}

use sudoku_engine::report::Origin;
/// The `status` and `verdict` fields: the engine's, as the records of
/// every size share them.
pub use sudoku_engine::report::{Status, Verdict};

/// The record `sudoku solve|count|check --to json` prints for a variant
/// puzzle: the engine's record for other sizes, whose `variant` field
/// names the puzzle's [`Puzzle::variants`] (see [`record`]).
pub type VariantReport = sudoku_engine::report::SizedReport;

/// The fields every record of `entry` has, with `status`: `index`,
/// `file`, `line`, `variant` (empty when the puzzle could not be read),
/// `size`, `boxes` (when the regions are boxes) and `puzzle`; the
/// command's other fields are `None`. `solve` fills in `verdict` and
/// `unique` too: a variant puzzle is always searched for a second
/// solution.
///
/// ```
/// use sudoku_variants::{input, report::{self, Status}};
/// let entries = input::read_all("size: 4\nrules: x\n", &[]);
/// let record = report::record(1, None, &entries[0], Status::Solved);
/// assert_eq!(record.variant.as_deref(), Some(&["x".to_string()][..]));
/// assert_eq!((record.size, record.boxes.as_deref()), (Some(4), Some("2x2")));
/// assert_eq!(record.puzzle.as_deref(), Some("................"));
/// ```
pub fn record(index: usize, file: Option<&str>, entry: &Entry, status: Status) -> VariantReport {
    let puzzle = entry.puzzle.as_ref().ok();
    VariantReport {
        variant: Some(puzzle.map_or_else(Vec::new, |p| {
            p.variants().into_iter().map(String::from).collect()
        })),
        size: puzzle.map(Puzzle::size),
        boxes: puzzle.and_then(|p| match p.regions() {
            Regions::Boxes { rows, columns } => Some(format!("{rows}x{columns}")),
            _ => None,
        }),
        puzzle: puzzle.map(|p| line_text(p.givens())),
        ..VariantReport::at(&Origin { index, file }, entry.line, status)
    }
}
