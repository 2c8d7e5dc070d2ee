//! `sudokit.VariantPuzzle`: the puzzles of `sudoku-variants` (jigsaw,
//! killer, X, windoku, anti-knight, anti-king, non-consecutive,
//! thermometers, arrows, odd/even), read from f-puzzles and SudokuPad
//! links, f-puzzles JSON and the hand-typed text forms, or built from
//! Python; solved, counted and checked by the library; and
//! `generate_variant` over `sudoku_generator::variants`.
//!
//! Cells are 0-based indices, `row * size + column`, as in the library.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use sudoku_generator::GenerateError;
use sudoku_generator::variants as gen_variants;
use sudoku_variants::input::{self, Kind};
use sudoku_variants::report::{self, Verdict};
use sudoku_variants::text::{self, TextError, Variant};
use sudoku_variants::{
    CellIndex, Constraint, Direction, DistinctKind, FpuzzlesError, LineKind, MAX_SIZE, Puzzle,
    PuzzleError, Regions, Relation, RowOrColumn, Search, fpuzzles,
};

use crate::batch::{self, COSTLY, Item, Source};
use crate::variant_logic::{self, VariantExplanation, VariantMarks, VariantStep};
use crate::{ParseError, to_dict, type_name};

/// A `ParseError` with `.line` and `.column` (`None` when they do not apply).
fn parse_error(py: Python<'_>, message: String, place: Option<(usize, usize)>) -> PyErr {
    let err = ParseError::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("line", place.map(|p| p.0));
    let _ = value.setattr("column", place.map(|p| p.1));
    err
}

fn text_error(py: Python<'_>, error: &TextError) -> PyErr {
    parse_error(py, error.to_string(), Some((error.line, error.column)))
}

fn fpuzzles_error(py: Python<'_>, error: &FpuzzlesError) -> PyErr {
    let place = match error {
        FpuzzlesError::Json { line, column, .. } => Some((*line, *column)),
        _ => None,
    };
    parse_error(py, error.to_string(), place)
}

/// The error of one puzzle of `input::read_all`: its message names the
/// line, which `.line` gives too.
fn input_error(py: Python<'_>, error: &input::InputError) -> PyErr {
    let column = match error {
        input::InputError::Text(t) => Some(t.column),
        input::InputError::Fpuzzles {
            error: FpuzzlesError::Json { column, .. },
            ..
        } => Some(*column),
        _ => None,
    };
    let err = ParseError::new_err(error.to_string());
    let value = err.value(py);
    let _ = value.setattr("line", Some(error.line()));
    let _ = value.setattr("column", column);
    err
}

fn puzzle_error(error: PuzzleError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A cell argument: a 0-based index, or a name `r1c1` (1-based, any case).
fn cell_arg(obj: &Bound<'_, PyAny>, size: usize) -> PyResult<CellIndex> {
    let off = |what: String| {
        PyValueError::new_err(format!(
            "{what} is not a cell of the {size}x{size} grid (0 to {}, or r1c1 to r{size}c{size})",
            size * size - 1
        ))
    };
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let lower = text.trim().to_ascii_lowercase();
        let parsed = lower
            .strip_prefix('r')
            .and_then(|rest| rest.split_once('c'))
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)));
        return match parsed {
            Some((r, c)) if (1..=size).contains(&r) && (1..=size).contains(&c) => {
                Ok((r - 1) * size + c - 1)
            }
            _ => Err(off(format!("'{text}'"))),
        };
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(
            "a cell: expected an int or a str, got bool",
        ));
    }
    match obj.extract::<i64>() {
        Ok(i) if i >= 0 && (i as usize) < size * size => Ok(i as usize),
        Ok(i) => Err(off(i.to_string())),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a cell: expected an int (row * size + column) or a name such as 'r1c1', got {}",
            type_name(obj)
        ))),
    }
}

/// A list of cells.
fn cells_arg(obj: &Bound<'_, PyAny>, size: usize) -> PyResult<Vec<CellIndex>> {
    if obj.is_instance_of::<PyString>() {
        // A str is a sequence of characters: almost surely a mistake here.
        return Err(PyTypeError::new_err(
            "cells: expected a list of cells (ints or names such as 'r1c1'), got str",
        ));
    }
    obj.try_iter()?.map(|item| cell_arg(&item?, size)).collect()
}

/// A grid argument of a puzzle of side `size`: a str in the text forms
/// (one line of N*N cells or N rows; `.` or `0` blank, `A`-`G` for 10-16),
/// N*N ints (0 blank) or N rows of N ints.
fn grid_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, size: usize) -> PyResult<Vec<u8>> {
    let grid = digits_arg(py, obj)?;
    if grid.len() != size * size {
        return Err(PyValueError::new_err(format!(
            "expected a grid of {} cells ({size}x{size}), got {}",
            size * size,
            grid.len()
        )));
    }
    if let Some(d) = grid.iter().find(|&&d| usize::from(d) > size) {
        return Err(PyValueError::new_err(format!(
            "expected digits 0 to {size}, got {d}"
        )));
    }
    Ok(grid)
}

/// Digits from a str (read by the library's text reader), ints, or rows
/// of ints.
fn digits_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let puzzle = text::read(&text).map_err(|e| text_error(py, &e))?;
        return Ok(puzzle.givens().to_vec());
    }
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "a grid: expected a str, N*N ints or N rows of N ints, got {}",
            type_name(obj)
        ))
    })?;
    let mut digits = Vec::new();
    for item in items {
        let item = item?;
        if item.extract::<i64>().is_err() && !item.is_instance_of::<PyString>() {
            // A row of ints.
            if let Ok(row) = item.try_iter() {
                for d in row {
                    digits.push(digit_arg(&d?)?);
                }
                continue;
            }
        }
        digits.push(digit_arg(&item)?);
    }
    Ok(digits)
}

/// One int of a grid: 0 (blank) to 16.
fn digit_arg(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    match item.extract::<i64>() {
        Ok(d) if (0..=MAX_SIZE as i64).contains(&d) => Ok(d as u8),
        Ok(d) => Err(PyValueError::new_err(format!(
            "a grid: expected digits 0 to {MAX_SIZE} (0 for a blank), got {d}"
        ))),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a grid: expected ints, got {}",
            type_name(item)
        ))),
    }
}

/// The side of a grid of `cells` cells.
fn side_of(cells: usize) -> PyResult<usize> {
    let side = (cells as f64).sqrt().round() as usize;
    if side * side != cells || side == 0 || side > MAX_SIZE {
        return Err(PyValueError::new_err(format!(
            "expected N*N cells with N from 1 to {MAX_SIZE}, got {cells}"
        )));
    }
    Ok(side)
}

/// `regions=`: `None` (the usual boxes), `"RxC"` boxes, `"none"`, a region
/// map as a str of N*N symbols (whitespace ignored) or N*N labels (ints,
/// flat or in N rows). Labels are numbered in order of first appearance.
fn regions_arg(obj: Option<&Bound<'_, PyAny>>, size: usize) -> PyResult<Option<Regions>> {
    let Some(obj) = obj else {
        return Ok(None);
    };
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_cow()?;
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("none") {
            return Ok(Some(Regions::None));
        }
        if let Some((rows, columns)) = boxes_text(trimmed) {
            return Ok(Some(Regions::Boxes { rows, columns }));
        }
        let symbols: Vec<char> = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
        return region_map(&symbols, size).map(Some);
    }
    let mut labels: Vec<i64> = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        if let Ok(label) = item.extract::<i64>() {
            labels.push(label);
        } else {
            for cell in item.try_iter()? {
                labels.push(cell?.extract::<i64>()?);
            }
        }
    }
    region_map(&labels, size).map(Some)
}

/// `RxC`: the rows and columns of a box.
fn boxes_text(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.trim().split_once(['x', 'X'])?;
    Some((r.trim().parse().ok()?, c.trim().parse().ok()?))
}

/// Regions numbered from 0 in order of first appearance.
fn region_map<T: PartialEq + Copy>(labels: &[T], size: usize) -> PyResult<Regions> {
    if labels.len() != size * size {
        return Err(PyValueError::new_err(format!(
            "regions: expected a region for each of the {} cells, got {}",
            size * size,
            labels.len()
        )));
    }
    let mut seen: Vec<T> = Vec::new();
    let mut map = Vec::with_capacity(labels.len());
    for &label in labels {
        let number = match seen.iter().position(|&s| s == label) {
            Some(n) => n,
            None => {
                seen.push(label);
                seen.len() - 1
            }
        };
        if number >= size {
            return Err(PyValueError::new_err(format!(
                "regions: expected {size} regions, got more"
            )));
        }
        map.push(number as u8);
    }
    Ok(Regions::Jigsaw(map))
}

/// A rule name that needs no drawing (`x`, `anti-knight` ...).
fn rule_arg(name: &str) -> PyResult<Variant> {
    match name.parse::<Kind>() {
        Ok(Kind::Rule(rule)) => Ok(rule),
        Ok(kind) => Err(PyValueError::new_err(format!(
            "rules: '{kind}' is drawn, not named: {}",
            match kind {
                Kind::Killer => "give cages=",
                Kind::Jigsaw => "give regions=",
                _ => "read the puzzle from f-puzzles data or a link (VariantPuzzle.read)",
            }
        ))),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

fn add_rule(puzzle: &mut Puzzle, rule: Variant) -> PyResult<()> {
    let size = puzzle.size();
    let constraints = rule.constraints(size, puzzle.regions()).ok_or_else(|| {
        PyValueError::new_err(format!(
            "the rule {rule} does not apply to this {size}x{size} grid \
             (windoku needs square boxes, disjoint-groups needs boxes)"
        ))
    })?;
    for c in constraints {
        puzzle.add(c).map_err(puzzle_error)?;
    }
    Ok(())
}

/// The items of an optional iterable argument.
fn each<'py>(obj: Option<&Bound<'py, PyAny>>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    match obj {
        None => Ok(Vec::new()),
        Some(o) => o.try_iter()?.collect(),
    }
}

/// `variants=`: names of `input::Kind` (rules, `jigsaw`, `killer`).
fn kinds_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Kind>> {
    names(obj)?
        .iter()
        .map(|n| {
            n.parse::<Kind>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect()
}

/// Names as a list, or one str of names separated by commas or spaces.
fn names(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    match obj {
        None => Ok(Vec::new()),
        Some(o) if o.is_instance_of::<PyString>() => Ok(o
            .extract::<String>()?
            .split([',', ' '])
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()),
        Some(o) => o.extract(),
    }
}

/// A broken rule: `rule` (`row`, `column`, `region`, `given`, `digit`, or
/// a variant name such as `killer`, `thermometer`, `anti-knight`), the
/// `cells` that show it and the library's `message`.
#[pyclass(module = "sudokit", frozen, get_all)]
pub struct Violation {
    /// The rule's name.
    rule: &'static str,
    /// The cells involved (0-based indices, `row * size + column`).
    cells: Vec<usize>,
    /// What is wrong, naming the cells `r1c1` style.
    message: String,
}

#[pymethods]
impl Violation {
    fn __str__(&self) -> &str {
        &self.message
    }
    fn __repr__(&self) -> String {
        format!(
            "Violation(rule='{}', cells={:?}, message={:?})",
            self.rule, self.cells, self.message
        )
    }
}

/// A variant Sudoku: its side, givens, regions (boxes, jigsaw or none)
/// and further rules (diagonals, windoku, anti-knight, anti-king,
/// non-consecutive, disjoint groups, killer cages, thermometers, arrows,
/// odd/even cells, extra regions), read and solved by the
/// `sudoku-variants` library.
///
/// Read one with `VariantPuzzle.from_link(url)` (an f-puzzles or a
/// SudokuPad link), `from_fpuzzles(json)`, `from_text(text)` (the forms
/// of the repository's docs/variants.md) or `read(text)` (any of these),
/// or build one:
///
/// >>> p = VariantPuzzle("1...............", rules=["x"], cages=[(["r1c2", "r1c3"], 5)],
/// ...                   thermometers=[["r2c1", "r3c1"]])
/// >>> p.variants, p.check(), p.solve()
/// (['x', 'killer', 'thermometer'], 'multiple', '1234341243212143')
///
/// Cells are 0-based indices `row * size + column`; arguments also take
/// names such as `"r1c1"`. Grids are one line of N*N symbols (`.` blank,
/// `A`-`G` for 10-16), N rows, N*N ints (0 blank) or N rows of N ints.
#[pyclass(module = "sudokit", frozen, eq)]
#[derive(Clone)]
pub struct VariantPuzzle {
    puzzle: Puzzle,
}

/// Two puzzles are equal when they have the same rules: the same side,
/// givens, regions (however numbered) and constraints (in any order), so
/// that a puzzle written to a link and read back is equal to itself.
impl PartialEq for VariantPuzzle {
    fn eq(&self, other: &VariantPuzzle) -> bool {
        let rules = |p: &Puzzle| {
            let regions = p.region_map().map(|map| {
                let mut seen: Vec<u8> = Vec::new();
                for &r in &map {
                    if !seen.contains(&r) {
                        seen.push(r);
                    }
                }
                map.iter()
                    .map(|r| seen.iter().position(|s| s == r))
                    .collect::<Vec<_>>()
            });
            let mut constraints: Vec<String> =
                p.constraints().iter().map(|c| format!("{c:?}")).collect();
            constraints.sort_unstable();
            (p.size(), p.givens().to_vec(), regions, constraints)
        };
        rules(&self.puzzle) == rules(&other.puzzle)
    }
}

impl VariantPuzzle {
    fn distinct(&self, keep: impl Fn(DistinctKind) -> bool) -> Vec<Vec<usize>> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Distinct { kind, cells } if keep(*kind) => Some(cells.clone()),
                _ => None,
            })
            .collect()
    }
}

fn kind_name(kind: DistinctKind) -> &'static str {
    match kind {
        DistinctKind::DiagonalDown => "diagonal-down",
        DistinctKind::DiagonalUp => "diagonal-up",
        DistinctKind::Windoku => "windoku",
        DistinctKind::DisjointGroup => "disjoint-group",
        DistinctKind::ExtraRegion => "extra-region",
    }
}

#[pymethods]
impl VariantPuzzle {
    /// Builds a puzzle: `givens` (a grid; `None` for none, then `size`
    /// gives the side), `rules` (names: `x`, `diagonal-down`,
    /// `diagonal-up`, `windoku`, `anti-knight`, `anti-king`,
    /// `non-consecutive`, `disjoint-groups`), `regions` (`None` for the
    /// usual boxes, `"RxC"` boxes, `"none"`, or a region map: N*N symbols
    /// or ints), `cages` (each `(cells, total)`, total `None` for none, or
    /// just `cells`), `thermometers` (cells, bulb first), `arrows` (each
    /// `(circle, path)`), `odd` and `even` (cells), `extra_regions` (lists
    /// of cells that differ), and lines, each its cells from one end:
    /// `whispers` (German whispers, half the side apart rounded up; or
    /// `(cells, difference)`), `renban`, `palindromes`; `little_killers`,
    /// each `(first cell, direction, total)`: the cell on the edge the
    /// clue outside points to, `down-left`, `down-right`, `up-left` or
    /// `up-right` (or `DL` ...), and the diagonal's sum; `sandwiches`,
    /// each `(row or column, total)`: `"row 2"`, `"column 3"`, `"r2"` or
    /// `"c3"`, and the sum between its 1 and its largest digit;
    /// `skyscrapers` and `x_sums`, each `(row or column, number)`, the
    /// row or column as for sandwiches with the clue's side when it is not
    /// the left or the top (`"row 2 from the right"`, `"c3 bottom"`), and
    /// the skyscrapers seen or the sum of the first X digits;
    /// `quadruples`, each `(top left cell, digits)` of a 2x2 square. The
    /// library checks what it is given.
    #[new]
    #[pyo3(signature = (givens=None, *, size=None, rules=None, regions=None, cages=None, thermometers=None, arrows=None, odd=None, even=None, extra_regions=None, whispers=None, renban=None, palindromes=None, little_killers=None, sandwiches=None, skyscrapers=None, x_sums=None, quadruples=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        givens: Option<&Bound<'_, PyAny>>,
        size: Option<usize>,
        rules: Option<&Bound<'_, PyAny>>,
        regions: Option<&Bound<'_, PyAny>>,
        cages: Option<&Bound<'_, PyAny>>,
        thermometers: Option<&Bound<'_, PyAny>>,
        arrows: Option<&Bound<'_, PyAny>>,
        odd: Option<&Bound<'_, PyAny>>,
        even: Option<&Bound<'_, PyAny>>,
        extra_regions: Option<&Bound<'_, PyAny>>,
        whispers: Option<&Bound<'_, PyAny>>,
        renban: Option<&Bound<'_, PyAny>>,
        palindromes: Option<&Bound<'_, PyAny>>,
        little_killers: Option<&Bound<'_, PyAny>>,
        sandwiches: Option<&Bound<'_, PyAny>>,
        skyscrapers: Option<&Bound<'_, PyAny>>,
        x_sums: Option<&Bound<'_, PyAny>>,
        quadruples: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VariantPuzzle> {
        let digits = givens.map(|g| digits_arg(py, g)).transpose()?;
        let side = match (&digits, size) {
            (Some(d), Some(n)) if d.len() != n * n => {
                return Err(PyValueError::new_err(format!(
                    "size {n} and givens of {} cells disagree",
                    d.len()
                )));
            }
            (_, Some(n)) => n,
            (Some(d), None) => side_of(d.len())?,
            (None, None) => {
                return Err(PyValueError::new_err(
                    "give the givens, or the side with size=",
                ));
            }
        };
        let mut puzzle = match regions_arg(regions, side)? {
            Some(r) => Puzzle::new(side, r),
            None => Puzzle::classic(side),
        }
        .map_err(puzzle_error)?;
        for (cell, &d) in digits.iter().flatten().enumerate() {
            puzzle.set_given(cell, d).map_err(puzzle_error)?;
        }
        for name in names(rules)? {
            add_rule(&mut puzzle, rule_arg(&name)?)?;
        }
        for cage in each(cages)? {
            let (cells, total) = match cage.cast::<PyTuple>() {
                Ok(t) if t.len() == 2 => (t.get_item(0)?, t.get_item(1)?.extract::<Option<u32>>()?),
                _ => (cage, None),
            };
            let cells = cells_arg(&cells, side)?;
            puzzle
                .add(Constraint::Cage { cells, total })
                .map_err(puzzle_error)?;
        }
        for thermo in each(thermometers)? {
            let cells = cells_arg(&thermo, side)?;
            puzzle
                .add(Constraint::Thermometer { cells })
                .map_err(puzzle_error)?;
        }
        for arrow in each(arrows)? {
            let (circle, path): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                arrow.extract().map_err(|_| {
                    PyTypeError::new_err("arrows: expected (circle, path) pairs of cell lists")
                })?;
            // A circle of one cell may be given as the cell itself.
            let circle = match cell_arg(&circle, side) {
                Ok(cell) => vec![cell],
                Err(_) => cells_arg(&circle, side)?,
            };
            let path = cells_arg(&path, side)?;
            puzzle
                .add(Constraint::Arrow { circle, path })
                .map_err(puzzle_error)?;
        }
        if let Some(odd) = odd {
            for cell in cells_arg(odd, side)? {
                puzzle.add(Constraint::Odd(cell)).map_err(puzzle_error)?;
            }
        }
        if let Some(even) = even {
            for cell in cells_arg(even, side)? {
                puzzle.add(Constraint::Even(cell)).map_err(puzzle_error)?;
            }
        }
        for region in each(extra_regions)? {
            let cells = cells_arg(&region, side)?;
            puzzle
                .add(Constraint::Distinct {
                    kind: DistinctKind::ExtraRegion,
                    cells,
                })
                .map_err(puzzle_error)?;
        }
        for line in each(whispers)? {
            let (cells, kind) = match line.cast::<PyTuple>() {
                Ok(t) if t.len() == 2 => (
                    t.get_item(0)?,
                    LineKind::Whispers(t.get_item(1)?.extract::<u8>()?),
                ),
                _ => (line, LineKind::whispers(side)),
            };
            let cells = cells_arg(&cells, side)?;
            puzzle
                .add(Constraint::Line { kind, cells })
                .map_err(puzzle_error)?;
        }
        for (lines, kind) in [
            (renban, LineKind::Renban),
            (palindromes, LineKind::Palindrome),
        ] {
            for line in each(lines)? {
                let cells = cells_arg(&line, side)?;
                puzzle
                    .add(Constraint::Line { kind, cells })
                    .map_err(puzzle_error)?;
            }
        }
        for clue in each(little_killers)? {
            let (first, direction, total): (Bound<'_, PyAny>, String, u32) = clue
                .extract()
                .map_err(|_| {
                    PyTypeError::new_err(
                        "little_killers: each is (first cell, direction, total), such as ('r1c3', 'down-left', 15)",
                    )
                })?;
            let first = cell_arg(&first, side)?;
            let direction = Direction::parse(direction.trim()).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "little_killers: the direction is down-left, down-right, up-left or up-right, not '{direction}'"
                ))
            })?;
            let cells = direction.walk(side, first);
            puzzle
                .add(Constraint::LittleKiller { cells, total })
                .map_err(puzzle_error)?;
        }
        for clue in each(sandwiches)? {
            let (line, total): (String, u32) = clue.extract().map_err(|_| {
                PyTypeError::new_err(
                    "sandwiches: each is (row or column, total), such as ('row 2', 5) or ('c3', 0)",
                )
            })?;
            let on_grid = |n: usize| n < side;
            let which = RowOrColumn::parse(&line)
                .filter(|l| match *l {
                    RowOrColumn::Row(n) | RowOrColumn::Column(n) => on_grid(n),
                })
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "sandwiches: expected a row or column of the grid such as 'row 2' or 'c3', not '{line}'"
                    ))
                })?;
            puzzle
                .add(Constraint::sandwich(side, which, total))
                .map_err(puzzle_error)?;
        }
        for (name, clues) in [("skyscrapers", skyscrapers), ("x_sums", x_sums)] {
            for clue in each(clues)? {
                let (line, number): (String, u32) = clue.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "{name}: each is (row or column, number), such as ('row 2', 3) or \
                         ('c3 from the bottom', 12)"
                    ))
                })?;
                let (which, far) = RowOrColumn::parse_side(&line)
                    .filter(|(l, _)| match *l {
                        RowOrColumn::Row(n) | RowOrColumn::Column(n) => n < side,
                    })
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "{name}: expected a row or column of the grid, and the clue's side \
                             if not the left or top, such as 'row 2' or 'c3 from the bottom', \
                             not '{line}'"
                        ))
                    })?;
                let constraint = if name == "skyscrapers" {
                    Constraint::skyscraper(side, which, far, number)
                } else {
                    Constraint::x_sum(side, which, far, number)
                };
                puzzle.add(constraint).map_err(puzzle_error)?;
            }
        }
        for clue in each(quadruples)? {
            let (first, digits): (Bound<'_, PyAny>, Vec<u8>) = clue.extract().map_err(|_| {
                PyTypeError::new_err(
                    "quadruples: each is (top left cell, digits), such as ('r1c1', [1, 2])",
                )
            })?;
            let first = cell_arg(&first, side)?;
            if first % side + 1 >= side || first / side + 1 >= side {
                return Err(PyValueError::new_err(
                    "quadruples: the top left cell of a 2x2 square, not in the last row or column",
                ));
            }
            puzzle
                .add(Constraint::quadruple(side, first, &digits))
                .map_err(puzzle_error)?;
        }
        Ok(VariantPuzzle { puzzle })
    }

    /// Reads an f-puzzles link (`f-puzzles.com/?load=...`) or a SudokuPad
    /// link, with f-puzzles data (`sudokupad.app/fpuzzles...`) or in
    /// SudokuPad's own format (`sudokupad.app/scl...`, whose drawn rules
    /// are read as docs/variants.md says). A rule the library does not
    /// support raises `ParseError` naming it.
    #[staticmethod]
    fn from_link(py: Python<'_>, link: &str) -> PyResult<VariantPuzzle> {
        fpuzzles::from_link(link)
            .map(|puzzle| VariantPuzzle { puzzle })
            .map_err(|e| fpuzzles_error(py, &e))
    }

    /// Reads f-puzzles JSON (the object f-puzzles compresses into its links).
    #[staticmethod]
    fn from_fpuzzles(py: Python<'_>, json: &str) -> PyResult<VariantPuzzle> {
        fpuzzles::from_json(json)
            .map(|puzzle| VariantPuzzle { puzzle })
            .map_err(|e| fpuzzles_error(py, &e))
    }

    /// Reads the hand-typed text forms (docs/variants.md: givens, region
    /// and cage maps, totals, `rules:`, `thermo:`, `arrow:` ... sections),
    /// with the `rules` named added. `ParseError` has `.line` and `.column`.
    #[staticmethod]
    #[pyo3(signature = (text, rules=None))]
    fn from_text(
        py: Python<'_>,
        text: &str,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VariantPuzzle> {
        let rules = names(rules)?
            .iter()
            .map(|n| rule_arg(n))
            .collect::<PyResult<Vec<Variant>>>()?;
        text::read_with_rules(text, &rules)
            .map(|puzzle| VariantPuzzle { puzzle })
            .map_err(|e| text_error(py, &e))
    }

    /// Reads one puzzle in any form the `sudoku` command takes for
    /// variants (f-puzzles JSON, link or data, or the text forms), as
    /// `--variant NAMES` reads it: `variants` adds rules and requires a
    /// `jigsaw` or `killer`.
    #[staticmethod]
    #[pyo3(signature = (text, variants=None))]
    fn read(
        py: Python<'_>,
        text: &str,
        variants: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<VariantPuzzle> {
        let kinds = kinds_arg(variants)?;
        let mut entries = input::read_all(text, &kinds);
        if entries.len() != 1 {
            return Err(parse_error(
                py,
                if entries.is_empty() {
                    "expected a puzzle, found none".to_string()
                } else {
                    format!(
                        "expected one puzzle, found {} (read several with VariantPuzzle.read_all)",
                        entries.len()
                    )
                },
                None,
            ));
        }
        let entry = entries.pop().expect("one entry");
        entry
            .puzzle
            .map(|puzzle| VariantPuzzle { puzzle })
            .map_err(|e| input_error(py, &e))
    }

    /// Every puzzle of a text (one f-puzzles link, data or JSON object per
    /// line, or text puzzles separated by `---` lines), as `read` reads
    /// one: a list of `VariantPuzzle`, or `ParseError` for the first that
    /// cannot be read (its message names the line).
    #[staticmethod]
    #[pyo3(signature = (text, variants=None))]
    fn read_all(
        py: Python<'_>,
        text: &str,
        variants: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<VariantPuzzle>> {
        let kinds = kinds_arg(variants)?;
        input::read_all(text, &kinds)
            .into_iter()
            .map(|entry| {
                entry
                    .puzzle
                    .map(|puzzle| VariantPuzzle { puzzle })
                    .map_err(|e| input_error(py, &e))
            })
            .collect()
    }

    /// The grid's side.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.size()
    }
    /// The givens as one line of N*N symbols (`.` blank, `A`-`G` for 10-16).
    #[getter]
    fn givens(&self) -> String {
        report::line_text(self.puzzle.givens())
    }
    /// The givens as N*N ints, 0 for a blank.
    #[getter]
    fn digits(&self) -> Vec<u32> {
        self.puzzle.givens().iter().map(|&d| u32::from(d)).collect()
    }
    /// The variant names of its rules, each once (`jigsaw`, `x`,
    /// `windoku`, `anti-knight`, `killer`, `thermometer`, `arrow`,
    /// `odd-even` ...), as the command's JSON records name them.
    #[getter]
    fn variants(&self) -> Vec<&'static str> {
        self.puzzle.variants()
    }
    /// The region of every cell (N*N numbers from 0), `None` without regions.
    #[getter]
    fn regions(&self) -> Option<Vec<u32>> {
        // As ints: a Vec<u8> would reach Python as bytes.
        self.puzzle
            .region_map()
            .map(|map| map.into_iter().map(u32::from).collect())
    }
    /// The box shape `"RxC"` (rows x columns of a box), `None` for jigsaw
    /// regions or none.
    #[getter]
    fn boxes(&self) -> Option<String> {
        match self.puzzle.regions() {
            Regions::Boxes { rows, columns } => Some(format!("{rows}x{columns}")),
            _ => None,
        }
    }
    /// Whether the regions are irregular (a jigsaw).
    #[getter]
    fn jigsaw(&self) -> bool {
        matches!(self.puzzle.regions(), Regions::Jigsaw(_))
    }
    /// The rules over the whole grid: `anti-knight`, `anti-king`,
    /// `non-consecutive`.
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        self.puzzle
            .constraints()
            .iter()
            .filter(|c| {
                matches!(
                    c,
                    Constraint::AntiKnight | Constraint::AntiKing | Constraint::NonConsecutive
                )
            })
            .map(Constraint::variant)
            .collect()
    }
    /// The rules as sentences a player reads, as f-puzzles and SudokuPad
    /// links written by the library state them.
    #[getter]
    fn rules_in_words(&self) -> String {
        self.puzzle.rules_in_words()
    }
    /// The diagonals whose digits differ, each its cells in order (the
    /// main diagonal from the top left, the anti-diagonal from the bottom
    /// left).
    #[getter]
    fn diagonals(&self) -> Vec<Vec<usize>> {
        self.distinct(|k| matches!(k, DistinctKind::DiagonalDown | DistinctKind::DiagonalUp))
    }
    /// Every further set of cells that differ, as `(kind, cells)`: kind
    /// `diagonal-down`, `diagonal-up`, `windoku`, `disjoint-group` or
    /// `extra-region`.
    #[getter]
    fn houses(&self) -> Vec<(&'static str, Vec<usize>)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Distinct { kind, cells } => Some((kind_name(*kind), cells.clone())),
                _ => None,
            })
            .collect()
    }
    /// The killer cages, each `(cells, total)` (total `None` when not given).
    #[getter]
    fn cages(&self) -> Vec<(Vec<usize>, Option<u32>)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Cage { cells, total } => Some((cells.clone(), *total)),
                _ => None,
            })
            .collect()
    }
    /// The thermometers, each its cells from the bulb.
    #[getter]
    fn thermometers(&self) -> Vec<Vec<usize>> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Thermometer { cells } => Some(cells.clone()),
                _ => None,
            })
            .collect()
    }
    /// The arrows, each `(circle, path)`: the circle's cells (a number,
    /// first cell first) and the path from the circle outwards.
    #[getter]
    fn arrows(&self) -> Vec<(Vec<usize>, Vec<usize>)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Arrow { circle, path } => Some((circle.clone(), path.clone())),
                _ => None,
            })
            .collect()
    }
    /// The cells that hold an odd digit.
    #[getter]
    fn odd(&self) -> Vec<usize> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Odd(cell) => Some(*cell),
                _ => None,
            })
            .collect()
    }
    /// The cells that hold an even digit.
    #[getter]
    fn even(&self) -> Vec<usize> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Even(cell) => Some(*cell),
                _ => None,
            })
            .collect()
    }
    /// The kropki dots and XV marks, each `(cells, kind, number)`: two
    /// orthogonal neighbours whose digits differ by `number` (kind
    /// `difference`, a white dot: 1), of which one is `number` times the
    /// other (`ratio`, a black dot: 2), or add up to `number` (`sum`: X
    /// is 10, V is 5).
    #[getter]
    fn edge_marks(&self) -> Vec<(Vec<usize>, &'static str, u8)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Pair { cells, relation } => {
                    let (kind, k) = relation_parts(*relation);
                    Some((cells.to_vec(), kind, k))
                }
                _ => None,
            })
            .collect()
    }
    /// The negative constraints (every mark given), each `(kind,
    /// number)` as in `edge_marks`: neighbours with no mark of the same
    /// variant between them (no dot for `difference` and `ratio`, no X
    /// or V for `sum`) do not hold it.
    #[getter]
    fn unmarked(&self) -> Vec<(&'static str, u8)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Unmarked(relation) => Some(relation_parts(*relation)),
                _ => None,
            })
            .collect()
    }
    /// The little killers, each `(cells, total)`: the diagonal from the
    /// clue's end, and its sum.
    #[getter]
    fn little_killers(&self) -> Vec<(Vec<usize>, u32)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::LittleKiller { cells, total } => Some((cells.clone(), *total)),
                _ => None,
            })
            .collect()
    }

    /// The quadruples, each `(cells, digits)`: the 2x2 cells in reading
    /// order and the digits they hold.
    #[getter]
    fn quadruples(&self) -> Vec<(Vec<usize>, Vec<u32>)> {
        // (Digits as u32: a Vec<u8> would reach Python as bytes.)
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Quadruple { cells, digits } => Some((
                    cells.to_vec(),
                    digits.iter().map(|&d| u32::from(d)).collect(),
                )),
                _ => None,
            })
            .collect()
    }

    /// The sandwich sums, each `(cells, total)`: the row or column from
    /// the clue's end, and the sum between its 1 and its largest digit.
    #[getter]
    fn sandwiches(&self) -> Vec<(Vec<usize>, u32)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Sandwich { cells, total } => Some((cells.clone(), *total)),
                _ => None,
            })
            .collect()
    }

    /// The skyscraper clues, each `(cells, count)`: the row or column from
    /// the clue's end, and how many digits are seen from there.
    #[getter]
    fn skyscrapers(&self) -> Vec<(Vec<usize>, u32)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Skyscraper { cells, count } => Some((cells.clone(), *count)),
                _ => None,
            })
            .collect()
    }

    /// The X-sums, each `(cells, total)`: the row or column from the
    /// clue's end, and the sum of its first X digits, X the first.
    #[getter]
    fn x_sums(&self) -> Vec<(Vec<usize>, u32)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::XSum { cells, total } => Some((cells.clone(), *total)),
                _ => None,
            })
            .collect()
    }

    /// The lines, each `(kind, cells, difference)`: kind `whispers`,
    /// `renban` or `palindrome`, the cells from one end, and a whispers
    /// line's least difference (`None` for the others).
    #[getter]
    fn lines(&self) -> Vec<(&'static str, Vec<usize>, Option<u8>)> {
        self.puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Line { kind, cells } => {
                    let apart = match kind {
                        LineKind::Whispers(k) => Some(*k),
                        _ => None,
                    };
                    Some((kind.variant(), cells.clone(), apart))
                }
                _ => None,
            })
            .collect()
    }
    /// Every constraint beyond rows, columns and regions, as the library
    /// serializes it (`{"cage": {"cells": [...], "total": 10}}`,
    /// `"anti_knight"` ...).
    #[getter]
    fn constraints<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &self.puzzle.constraints())
    }

    /// One solution as a line of N*N symbols, `None` when there is none
    /// (or the givens break a rule); one of them when there are several.
    /// `solve`, `count` and `check` run without the GIL, and Ctrl-C
    /// raises `KeyboardInterrupt` at once (a long search then runs to its
    /// end in the background).
    fn solve(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let found = search(py, &self.puzzle, 1)?;
        Ok(found.solution.map(|s| report::line_text(&s)))
    }
    /// The number of solutions, counting no further than `limit` (1 or more).
    #[pyo3(signature = (limit=1000))]
    fn count(&self, py: Python<'_>, limit: usize) -> PyResult<usize> {
        if limit == 0 {
            return Err(PyValueError::new_err("limit: expected 1 or more, got 0"));
        }
        Ok(search(py, &self.puzzle, limit)?.count)
    }
    /// `"unique"`, `"multiple"`, `"none"` (no solution though no given
    /// breaks a rule) or `"invalid"` (the givens break a rule), as
    /// `sudokit.check` and `sudoku check` say it.
    fn check(&self, py: Python<'_>) -> PyResult<&'static str> {
        // Givens that break a rule have no solution: `report::examine`'s
        // verdict, without searching.
        if self.puzzle.violation(self.puzzle.givens()).is_some() {
            return Ok(Verdict::Invalid.name());
        }
        Ok(Verdict::of_count(search(py, &self.puzzle, 2)?.count).name())
    }
    /// The first rule `grid` breaks (a grid of this size, blanks allowed:
    /// only what the filled cells break counts; a given changed or left
    /// blank breaks the rule `given`), or `None`.
    fn violation(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<Option<Violation>> {
        let grid = grid_arg(py, grid, self.puzzle.size())?;
        Ok(self.puzzle.violation(&grid).map(|v| Violation {
            rule: v.rule,
            cells: v.cells,
            message: v.message,
        }))
    }
    /// Whether `grid` is full, keeps the givens and breaks no rule.
    fn is_solution(&self, py: Python<'_>, grid: &Bound<'_, PyAny>) -> PyResult<bool> {
        let grid = grid_arg(py, grid, self.puzzle.size())?;
        Ok(self.puzzle.is_solution(&grid))
    }

    /// The next logical step (a `VariantStep`), `None` when the grid is
    /// full. Raises `LogicError` when there is none to give, its `.status`
    /// as `Hint.status` names it: `"conflict"` (the givens break a rule),
    /// `"no_solution"`, `"multiple_solutions"` or `"no_technique"`.
    /// Runs without the GIL, as `explain` and `marks` do.
    fn hint(&self, py: Python<'_>) -> PyResult<Option<VariantStep>> {
        variant_logic::hint(py, &self.puzzle)
    }
    /// Every logical step from the givens to the end (a
    /// `VariantExplanation`): the steps, whether they solve it, why logic
    /// stopped, the pencil marks reached. A puzzle without a logical path
    /// (givens that break a rule, no solution, several) gets no steps and a
    /// `status` and `error` that say why, as `sudokit.explain` does.
    fn explain(&self, py: Python<'_>) -> PyResult<VariantExplanation> {
        variant_logic::explain(py, &self.puzzle)
    }
    /// The pencil marks of the givens (a `VariantMarks`): every cell's
    /// candidates left by its peers and rules. Givens that break a rule
    /// raise `ValueError`, as `sudokit.marks` does for clashing givens.
    fn marks(&self, py: Python<'_>) -> PyResult<VariantMarks> {
        variant_logic::marks(py, &self.puzzle)
    }

    /// An f-puzzles link (`https://www.f-puzzles.com/?load=...`).
    fn to_link(&self) -> String {
        fpuzzles::to_link(&self.puzzle)
    }
    /// A SudokuPad link with the same f-puzzles data
    /// (`https://sudokupad.app/fpuzzles...`).
    fn to_sudokupad_link(&self) -> String {
        fpuzzles::to_sudokupad_link(&self.puzzle)
    }
    /// The f-puzzles JSON.
    fn to_fpuzzles(&self) -> String {
        fpuzzles::to_json(&self.puzzle)
    }
    /// The sectioned text form of docs/variants.md (`ValueError` for what
    /// the text cannot say, such as one windoku box alone).
    fn to_text(&self) -> PyResult<String> {
        text::to_text(&self.puzzle).map_err(|e| PyValueError::new_err(e.to_string()))
    }
    /// The givens as one line.
    fn __str__(&self) -> String {
        self.givens()
    }
    fn __repr__(&self) -> String {
        format!(
            "VariantPuzzle('{}', variants={:?})",
            self.givens(),
            self.puzzle.variants()
        )
    }
}

/// Guesses a search may make on the calling thread before it moves to a
/// worker that Ctrl-C can leave (a few milliseconds; most puzzles need far
/// fewer).
const QUICK_GUESSES: u64 = 2_000;

/// The library's search for up to `limit` solutions, without the GIL. A
/// search that needs more than [`QUICK_GUESSES`] starts again on a worker
/// thread while this one checks for Ctrl-C, as batches do: then
/// `KeyboardInterrupt` is raised at once (the worker finishes its search
/// in the background, as a batch worker finishes its puzzle).
pub(crate) fn search(py: Python<'_>, puzzle: &Puzzle, limit: usize) -> PyResult<Search> {
    if let Some(found) = py.detach(|| sudoku_variants::search_within(puzzle, limit, QUICK_GUESSES))
    {
        return Ok(found);
    }
    let puzzle = Arc::new(puzzle.clone());
    let mut found = None;
    batch::run(
        py,
        Source::Range { next: 0, end: 1 },
        Some(1),
        COSTLY,
        move |_| sudoku_variants::search(&puzzle, limit),
        |results| {
            found = results.into_iter().next();
            Ok(())
        },
    )?;
    found.ok_or_else(|| PyRuntimeError::new_err("the search ended without an answer"))
}

/// The rules of `generate_variant`: an empty puzzle of the shape with the
/// named rules, and whether it is a killer or a jigsaw (as `sudoku
/// generate --variant` takes them).
fn generation_plan(variants: &[String], size: &Bound<'_, PyAny>) -> PyResult<gen_variants::Plan> {
    let grid = if let Ok(side) = size.extract::<usize>() {
        Puzzle::classic(side)
    } else if let Ok(text) = size.extract::<String>() {
        let Some((rows, columns)) = boxes_text(&text) else {
            return Err(PyValueError::new_err(format!(
                "size: expected the side or boxes such as \"2x3\", got '{text}'"
            )));
        };
        Puzzle::new(rows * columns, Regions::Boxes { rows, columns })
    } else {
        return Err(PyTypeError::new_err(format!(
            "size: expected an int (the side) or a str such as \"2x3\" (the boxes), got {}",
            type_name(size)
        )));
    }
    .map_err(puzzle_error)?;
    let kinds = variants
        .iter()
        .map(|name| name.parse::<Kind>())
        .collect::<Result<Vec<Kind>, _>>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    gen_variants::Plan::new(&grid, &kinds).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The native `generate_variant`: `count` puzzles with a unique solution,
/// made on `threads` threads, the same for a seed whatever the threads.
#[pyfunction]
#[pyo3(signature = (variants, count, seed, size, threads=None))]
fn _generate_variant<'py>(
    py: Python<'py>,
    variants: Vec<String>,
    count: u64,
    seed: u64,
    size: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let plan = Arc::new(generation_plan(&variants, size)?);
    let list = PyList::empty(py);
    batch::run(
        py,
        Source::Range {
            next: 0,
            end: count,
        },
        threads,
        COSTLY,
        move |item| match item {
            Item::Index(i) => plan.generate(seed, i),
            _ => unreachable!("generation takes indices"),
        },
        |results| {
            for made in results {
                let made = made.map_err(|e| match e {
                    GenerateError::Impossible(_) => PyValueError::new_err(e.to_string()),
                    GenerateError::GaveUp(_) => PyRuntimeError::new_err(e.to_string()),
                })?;
                list.append(VariantPuzzle {
                    puzzle: made.puzzle,
                })?;
            }
            Ok(())
        },
    )?;
    Ok(list)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VariantPuzzle>()?;
    m.add_class::<Violation>()?;
    m.add_function(wrap_pyfunction!(_generate_variant, m)?)?;
    variant_logic::register(m)?;
    Ok(())
}

/// A relation as the Python records name it: its kind and its number.
fn relation_parts(relation: Relation) -> (&'static str, u8) {
    match relation {
        Relation::Difference(k) => ("difference", k),
        Relation::Ratio(k) => ("ratio", k),
        Relation::Sum(k) => ("sum", k),
    }
}
