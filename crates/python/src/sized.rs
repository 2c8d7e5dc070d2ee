//! Grids of every size: the `size`, `boxes` and `symbols` arguments, and
//! puzzles read by whichever reader takes them (the 9x9 one, or the one of
//! every size in `sudoku_engine::sizes`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_engine::format::Record;
use sudoku_engine::report::{Origin, SizedReport, Status, Verdict};
use sudoku_engine::sizes::format::{
    AnyRecord, ReadOptions, SizedFormat, SizedParseError, SizedRecord, line_text, read_one_any,
};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Symbols};

use crate::grid::{GridKind, PyGrid};
use crate::{ParseError, grid_record, parse_error, type_name};

/// The Python exception for a parse error of the reader of every size.
pub fn sized_parse_error(py: Python<'_>, error: &SizedParseError) -> PyErr {
    let err = ParseError::new_err(error.to_string());
    let value = err.value(py);
    let line = (error.line > 0).then_some(error.line);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", error.column);
    err
}

/// A shape from `size=` (the side as an int, or the box shape `RxC` as the
/// command's `--size` takes it) and `boxes=` (`RxC`).
pub fn shape_arg(size: Option<&Bound<'_, PyAny>>, boxes: Option<&str>) -> PyResult<Option<Shape>> {
    let parse = |text: &str| -> PyResult<Shape> {
        text.parse::<Shape>()
            .map_err(|e| PyValueError::new_err(e.to_string()))
    };
    let from_size = match size {
        None => None,
        Some(obj) if obj.is_instance_of::<pyo3::types::PyBool>() => {
            return Err(PyTypeError::new_err(
                "size: expected an int or a str, got bool",
            ));
        }
        Some(obj) => {
            if let Ok(side) = obj.extract::<usize>() {
                Some(side_shape(side)?)
            } else if let Ok(text) = obj.cast::<PyString>() {
                let text = text.to_cow()?;
                match text.trim().parse::<usize>() {
                    Ok(side) => Some(side_shape(side)?),
                    Err(_) => Some(parse(&text)?),
                }
            } else {
                return Err(PyTypeError::new_err(format!(
                    "size: expected an int (the side) or a str such as \"3x3\" (the boxes), got {}",
                    type_name(obj)
                )));
            }
        }
    };
    let from_boxes = boxes.map(parse).transpose()?;
    match (from_size, from_boxes) {
        (Some(a), Some(b)) if a != b => Err(PyValueError::new_err(format!(
            "size {} ({}x{} boxes) and boxes {b} disagree",
            a.size(),
            a.box_rows(),
            a.box_cols()
        ))),
        (a, b) => Ok(a.or(b)),
    }
}

/// The usual shape of a side.
fn side_shape(side: usize) -> PyResult<Shape> {
    Shape::for_size(side).ok_or_else(|| {
        let sides: Vec<String> = Shape::sizes().map(|n| n.to_string()).collect();
        PyValueError::new_err(format!(
            "size: a {side}x{side} grid has no boxes; the side must be one of {} (or give the boxes, such as \"2x3\")",
            sides.join(", ")
        ))
    })
}

/// An alphabet from `symbols=`.
pub fn symbols_arg(symbols: Option<&str>) -> PyResult<Option<Symbols>> {
    symbols
        .map(|s| s.parse::<Symbols>().map_err(PyValueError::new_err))
        .transpose()
}

/// What the reader is told by `size=`, `boxes=` and `symbols=`.
pub fn read_options(
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<ReadOptions> {
    Ok(ReadOptions {
        shape: shape_arg(size, boxes)?,
        symbols: symbols_arg(symbols)?,
        format: None,
    })
}

/// A puzzle argument of any size.
pub enum Puzzle {
    /// A 9x9 puzzle (digits or pencil marks), exactly as before.
    Classic(Record),
    /// A puzzle of any other size or alphabet, read without error.
    Sized(SizedRecord),
}

/// The record of a sized grid given as an object.
pub fn sized_record(grid: SizedGrid, symbols: Symbols) -> SizedRecord {
    SizedRecord {
        index: 1,
        line: 1,
        format: SizedFormat::Line,
        symbols,
        size: Some(grid.size()),
        grid: Ok(grid),
    }
}

/// Whether the options ask for something else than a classic 9x9 grid.
fn asks_other(options: &ReadOptions) -> bool {
    options.shape.is_some_and(|s| s != Shape::CLASSIC)
        || options.symbols.is_some_and(|s| s != Symbols::Default)
}

/// A puzzle argument: a `str` in any format and size (the reader chosen as
/// the command chooses it; `options` force a shape or an alphabet), or a
/// `Grid`. Unreadable text raises `ParseError`; a wrong type `TypeError`.
pub fn puzzle_arg(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    options: ReadOptions,
) -> PyResult<Puzzle> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let read = read_one_any(&text, options);
        let unread = match &read {
            AnyRecord::Classic(record) => record.grid.is_err(),
            AnyRecord::Sized(record) => record.grid.is_err(),
        };
        // A link, f-puzzles JSON or a sectioned text: "expected a digit,
        // found 'h'" would not say where it goes.
        if unread && sudoku_variants::input::looks_like_variant(&text) {
            let err = ParseError::new_err(
                "this is a variant puzzle (an f-puzzles or SudokuPad link, f-puzzles JSON \
                 or the variant text form): read it with sudokit.VariantPuzzle.read(text), \
                 which solves, counts, checks and explains it",
            );
            let value = err.value(py);
            let _ = value.setattr("line", None::<usize>);
            let _ = value.setattr("column", None::<usize>);
            return Err(err);
        }
        return match read {
            AnyRecord::Classic(record) => match &record.grid {
                Err(e) => Err(parse_error(py, e)),
                Ok(_) => Ok(Puzzle::Classic(record)),
            },
            AnyRecord::Sized(record) => match &record.grid {
                Err(e) => Err(sized_parse_error(py, e)),
                Ok(_) => Ok(Puzzle::Sized(record)),
            },
        };
    }
    if let Ok(grid) = obj.cast::<PyGrid>() {
        let shape = grid.get().shape();
        if let Some(asked) = options.shape
            && asked != shape
        {
            return Err(PyValueError::new_err(format!(
                "the Grid is {0}x{0} with {1} boxes, but {2}x{2} with {3} boxes was asked for",
                shape.size(),
                shape,
                asked.size(),
                asked
            )));
        }
        return Ok(match &grid.get().kind {
            GridKind::Classic(g) if !asks_other(&options) => Puzzle::Classic(grid_record(*g, 1)),
            GridKind::Classic(g) => Puzzle::Sized(sized_record(
                SizedGrid::from(g),
                options.symbols.unwrap_or(Symbols::Default),
            )),
            GridKind::Sized(g, symbols) => {
                Puzzle::Sized(sized_record(g.clone(), options.symbols.unwrap_or(*symbols)))
            }
        });
    }
    Err(PyTypeError::new_err(format!(
        "expected a puzzle as str or sudokit.Grid, got {}",
        type_name(obj)
    )))
}

/// The record's grid (a `Puzzle::Sized` is read without error).
pub fn grid_of(record: &SizedRecord) -> &SizedGrid {
    record.grid.as_ref().expect("puzzle_arg gives a puzzle")
}

/// The record of a batch row of another size: the library's record of
/// `sudoku solve|count|check --to json` for other sizes (`docs/json.md`,
/// "Other sizes").
pub type SizedRow = SizedReport;

/// The rows of `solve_many`, `count_many` and `check_many` of another size.
pub mod row {
    use super::*;

    /// A row of a record with what a search up to `limit` found: its
    /// status, and the search (`None` when the record is invalid: then
    /// `error` says why).
    fn searched(
        record: &SizedRecord,
        file: Option<&str>,
        limit: usize,
    ) -> (SizedRow, Option<sizes::SizedSearch>) {
        let origin = Origin {
            index: record.index,
            file,
        };
        let mut row = SizedReport::new(&origin, record, Status::Invalid);
        let grid = match &record.grid {
            Ok(grid) => grid,
            Err(e) => {
                row.error = Some(e.to_string());
                return (row, None);
            }
        };
        let found = sizes::search(grid, limit);
        // A clash is looked for only when nothing was found, as for 9x9.
        if found.count == 0
            && let Some(conflict) = grid.conflict()
        {
            row.error = Some(format!("line {}: {conflict}", record.line));
            return (row, None);
        }
        row.status = if found.count > 0 {
            Status::Solved
        } else {
            Status::NoSolution
        };
        (row, Some(found))
    }

    /// The row of `solve_many`.
    pub fn solve(record: &SizedRecord, file: Option<&str>) -> SizedRow {
        let (mut row, found) = searched(record, file, 1);
        row.solution = found
            .and_then(|f| f.solution)
            .map(|s| line_text(&s, record.symbols));
        row
    }

    /// The row of `count_many`.
    pub fn count(record: &SizedRecord, file: Option<&str>, limit: usize) -> SizedRow {
        let (mut row, found) = searched(record, file, limit);
        if let Some(found) = found {
            row.solutions = Some(found.count);
            row.limit_reached = Some(found.count >= limit);
        }
        row
    }

    /// The row of `check_many`.
    pub fn check(record: &SizedRecord, file: Option<&str>) -> SizedRow {
        let (mut row, found) = searched(record, file, 2);
        row.verdict = Some(found.map_or(Verdict::Invalid, |f| Verdict::of_count(f.count)));
        row
    }
}
