//! Writing grids in each format.

use super::Format;
use crate::grid::{Cell, Digit, Grid, PencilMarks};

/// Appends a grid to `out` in a format, ending with a newline. Blank cells
/// are `0` in `grid`, `rows` and `euler`, and `.` in `line` and `pretty`.
/// An `euler` grid gets the header `name`, or `Grid NN` from `index`. The
/// pencil-mark formats write the grid's digits placed and every empty cell
/// with all nine candidates.
///
/// ```
/// use sudoku_engine::{Grid, format::{Format, write_grid}};
///
/// let mut out = String::new();
/// write_grid(&mut out, &Grid::empty(), Format::Euler, None, 7);
/// assert!(out.starts_with("Grid 07\n000000000\n"));
/// ```
pub fn write_grid(out: &mut String, grid: &Grid, format: Format, name: Option<&str>, index: usize) {
    let cells = grid.cells();
    let ch = |d: u8, blank: char| if d == 0 { blank } else { char::from(b'0' + d) };
    match format {
        Format::Marks | Format::MarksGrid => {
            write_marks(out, &PencilMarks::from_grid(grid), format);
        }
        Format::Line => {
            out.extend(cells.iter().map(|&d| ch(d, '.')));
            out.push('\n');
        }
        Format::Grid => {
            for row in cells.chunks(9) {
                for (i, &d) in row.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push(ch(d, '0'));
                }
                out.push('\n');
            }
        }
        Format::Rows | Format::Euler => {
            if format == Format::Euler {
                match name {
                    Some(name) => out.push_str(name),
                    None => out.push_str(&format!("Grid {index:02}")),
                }
                out.push('\n');
            }
            for row in cells.chunks(9) {
                out.extend(row.iter().map(|&d| ch(d, '0')));
                out.push('\n');
            }
        }
        Format::Pretty => {
            for (r, row) in cells.chunks(9).enumerate() {
                if r == 3 || r == 6 {
                    out.push_str("------+-------+------\n");
                }
                for (i, &d) in row.iter().enumerate() {
                    match i {
                        0 => {}
                        3 | 6 => out.push_str(" | "),
                        _ => out.push(' '),
                    }
                    out.push(ch(d, '.'));
                }
                out.push('\n');
            }
        }
    }
}

/// Appends pencil marks to `out`, ending with a newline: as the
/// 729-character line (`marks`), the drawn grid (`marks-grid`: each cell a
/// 3x3 block of its candidates with `.` for one crossed out, a placed
/// digit as `(5)`, rows and columns labelled, boxes framed; 52 columns by
/// 38 lines), or rows of candidates (`pretty`: one text line a row, each
/// cell written as its candidates or its digit, columns aligned). Every
/// other format writes the placed digits.
///
/// ```
/// use sudoku_engine::{Grid, PencilMarks, format::{Format, write_marks}};
///
/// let marks = PencilMarks::from_grid(&Grid::empty());
/// let mut out = String::new();
/// write_marks(&mut out, &marks, Format::Pretty);
/// assert!(out.starts_with("123456789 123456789"));
/// out.clear();
/// write_marks(&mut out, &marks, Format::MarksGrid);
/// assert_eq!(out.lines().count(), 38);
/// ```
pub fn write_marks(out: &mut String, marks: &PencilMarks, format: Format) {
    match format {
        Format::Marks => {
            out.push_str(&marks.to_line());
            out.push('\n');
        }
        Format::MarksGrid => write_drawn(out, marks),
        Format::Pretty => write_candidate_rows(out, marks),
        _ => write_grid(out, &marks.placed(), format, None, 1),
    }
}

/// The drawn grid of `marks-grid`. Each box is `| xxx  xxx  xxx `: 16
/// columns.
fn write_drawn(out: &mut String, marks: &PencilMarks) {
    let mut header = String::from("   ");
    for c in 0..9 {
        if c % 3 == 0 {
            header.push_str("  ");
        }
        header.push_str(&format!(" c{}  ", c + 1));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    let border = "   +---------------+---------------+---------------+\n";
    let blank = "   |               |               |               |\n";
    for r in 0..9 {
        out.push_str(if r % 3 == 0 { border } else { blank });
        for sub in 0..3u8 {
            if sub == 1 {
                out.push_str(&format!("r{} ", r + 1));
            } else {
                out.push_str("   ");
            }
            for c in 0..9 {
                let cell = Cell::at(r, c);
                out.push_str(if c % 3 == 0 { "| " } else { "  " });
                match marks.value(cell) {
                    Some(v) if sub == 1 => out.push_str(&format!("({v})")),
                    Some(_) => out.push_str("   "),
                    None => {
                        let set = marks.candidates(cell);
                        for k in 1..=3 {
                            let d = Digit::new(sub * 3 + k);
                            out.push(if set.contains(d) {
                                char::from(b'0' + d.get())
                            } else {
                                '.'
                            });
                        }
                    }
                }
                if c % 3 == 2 {
                    out.push(' ');
                }
            }
            out.push_str("|\n");
        }
    }
    out.push_str(border);
}

/// The rows of candidates of `pretty` pencil marks.
fn write_candidate_rows(out: &mut String, marks: &PencilMarks) {
    let text = |cell: Cell| match marks.value(cell) {
        Some(v) => v.to_string(),
        None => marks.candidates(cell).to_string(),
    };
    let mut width = [1usize; 9];
    for cell in Cell::all() {
        width[cell.column()] = width[cell.column()].max(text(cell).len());
    }
    for r in 0..9 {
        if r == 3 || r == 6 {
            let total: usize = width.iter().sum::<usize>() + 8 + 4;
            out.push_str(&"-".repeat(total));
            out.push('\n');
        }
        for (c, &w) in width.iter().enumerate() {
            if c == 3 || c == 6 {
                out.push_str("| ");
            }
            let text = text(Cell::at(r, c));
            out.push_str(&text);
            if c < 8 {
                out.push_str(&" ".repeat(w - text.len() + 1));
            }
        }
        out.push('\n');
    }
}

/// Pencil marks as text in a format; see [`write_marks`].
///
/// ```
/// use sudoku_engine::{Grid, PencilMarks, format::{Format, marks_to_string}};
/// let text = marks_to_string(&PencilMarks::from_grid(&Grid::empty()), Format::Marks);
/// assert_eq!(text.trim_end().len(), 729);
/// ```
pub fn marks_to_string(marks: &PencilMarks, format: Format) -> String {
    let mut out = String::new();
    write_marks(&mut out, marks, format);
    out
}

/// A grid as text in a format (an `euler` grid is headed `Grid 01`).
///
/// ```
/// use sudoku_engine::{Grid, format::{Format, to_string}};
///
/// let text = to_string(&Grid::empty(), Format::Pretty);
/// assert_eq!(text.lines().nth(3), Some("------+-------+------"));
/// assert_eq!(text.lines().next(), Some(". . . | . . . | . . ."));
/// ```
pub fn to_string(grid: &Grid, format: Format) -> String {
    let mut out = String::new();
    write_grid(&mut out, grid, format, None, 1);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_all;

    #[test]
    fn every_format_reads_back() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        for format in Format::ALL {
            let text = to_string(&puzzle, format);
            let records = read_all(&text);
            assert_eq!(records.len(), 1, "{format}");
            assert_eq!(records[0].format, format);
            assert_eq!(records[0].grid.as_ref().unwrap(), &puzzle, "{format}");
        }
    }

    #[test]
    fn grid_format_has_no_trailing_spaces() {
        let text = to_string(&Grid::empty(), Format::Grid);
        assert_eq!(text.lines().count(), 9);
        assert!(text.lines().all(|l| l == "0 0 0 0 0 0 0 0 0"));
    }
}
