//! Writing grids in each format.

use super::Format;
use crate::grid::Grid;

/// Appends a grid to `out` in a format, ending with a newline. Blank cells
/// are `0` in `grid`, `rows` and `euler`, and `.` in `line` and `pretty`.
/// An `euler` grid gets the header `name`, or `Grid NN` from `index`.
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
