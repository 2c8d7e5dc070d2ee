//! `rate`, `explain`, `hint`, `marks` and `generate`: the logical solver of
//! `sudoku-logic` and the generator of `sudoku-generator`.

use std::ops::RangeInclusive;
use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use sudoku_engine::Grid;
use sudoku_engine::format::Record;
use sudoku_generator::{Generated, Generator, Options, Symmetry, rating_range};
use sudoku_logic::{Candidates, Difficulty, HintOutcome, Path, Step, Stopped};

use crate::batch::{self, COSTLY, Item, Source};
use crate::grid::PyGrid;
use crate::puzzle_arg;
use crate::results::Results;
use crate::solve::{Origin, collect};

/// One logical step: the technique, its rating, what it places and removes,
/// and one sentence that explains it. `str(step)` is the command's line.
#[pyclass(name = "Step", module = "sudokit", frozen)]
pub struct PyStep {
    step: Step,
}

fn candidates(list: &[sudoku_logic::Candidate]) -> Vec<(String, u8)> {
    list.iter()
        .map(|c| (c.cell.to_string(), c.digit.get()))
        .collect()
}

#[pymethods]
impl PyStep {
    /// The technique's name, e.g. `"Hidden Single"`.
    #[getter]
    fn technique(&self) -> &'static str {
        self.step.name()
    }
    /// The step's rating on the Sudoku Explainer scale.
    #[getter]
    fn rating(&self) -> f64 {
        self.step.rating
    }
    /// Digits placed, as `(cell, digit)` pairs such as `("r1c6", 8)`.
    #[getter]
    fn placements(&self) -> Vec<(String, u8)> {
        candidates(&self.step.placements)
    }
    /// Candidates removed, as `(cell, digit)` pairs.
    #[getter]
    fn eliminations(&self) -> Vec<(String, u8)> {
        candidates(&self.step.eliminations)
    }
    /// The cells that make the pattern (for highlighting), such as `"r3c5"`.
    #[getter]
    fn cells(&self) -> Vec<String> {
        self.step.cells.iter().map(|c| c.to_string()).collect()
    }
    /// One sentence in standard notation that explains the step.
    #[getter]
    fn explanation(&self) -> &str {
        &self.step.explanation
    }
    /// The placements and eliminations in short form: `r1c2=5; r3c4<>7`.
    #[getter]
    fn outcome(&self) -> String {
        self.step.outcome_text()
    }
    fn __str__(&self) -> String {
        self.step.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "Step(technique='{}', rating={:.1}, outcome='{}')",
            self.step.name(),
            self.step.rating,
            self.step.outcome_text()
        )
    }
}

/// What a logical path tells of a puzzle: why there is none, or its
/// rating and steps.
#[derive(Clone)]
struct Judged {
    origin: Origin,
    /// `rated`, `invalid`, `no_solution` or `multiple`.
    status: &'static str,
    error: Option<String>,
    path: Option<Path>,
}

/// The logical path of a record's puzzle, or why there is none (the same
/// messages as the command's).
fn judge(record: &Record, file: &Option<Arc<str>>) -> Judged {
    let origin = Origin::of(record, file);
    let refuse = |status, error: String| Judged {
        origin: origin.clone(),
        status,
        error: Some(error),
        path: None,
    };
    let grid = match &record.grid {
        Ok(grid) => grid,
        Err(e) => return refuse("invalid", e.to_string()),
    };
    if let Some(c) = grid.conflict() {
        return refuse("invalid", format!("line {}: {c}", record.line));
    }
    let path = sudoku_logic::solve_path(grid);
    let (status, what) = match &path.stopped {
        Some(Stopped::NoSolution) => ("no_solution", "the puzzle has no solution"),
        Some(Stopped::MultipleSolutions) => (
            "multiple",
            "the puzzle has more than one solution, so it has no logical path",
        ),
        Some(Stopped::Conflict(_)) => ("invalid", "the givens clash"),
        _ => {
            return Judged {
                origin,
                status: "rated",
                error: None,
                path: Some(path),
            };
        }
    };
    refuse(status, format!("line {}: {what}", record.line))
}

/// A puzzle's rating on the Sudoku Explainer scale: `.value`, `.difficulty`
/// (`easy` ... `extreme`) and `.technique` (the hardest step's).
///
/// `status` is `"rated"`, or `"invalid"`, `"no_solution"` or `"multiple"`
/// (no logical path; `error` says why and the rating fields are `None`).
/// When logic stops before the end, `solved` is false and `value` is a
/// lower bound.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct Rating {
    judged: Judged,
    rating: Option<sudoku_logic::Rating>,
}

impl Rating {
    fn of(record: Record, file: &Option<Arc<str>>) -> Rating {
        let mut judged = judge(&record, file);
        let rating = judged.path.as_ref().map(Path::rating);
        // The steps are not kept: a batch of ratings stays small.
        judged.path = None;
        Rating { judged, rating }
    }
}

#[pymethods]
impl Rating {
    /// The rating (one decimal); a lower bound when `solved` is false.
    #[getter]
    fn value(&self) -> Option<f64> {
        self.rating.as_ref().map(|r| r.value)
    }
    /// `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`.
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.rating.as_ref().map(|r| r.difficulty.name())
    }
    /// The hardest step's technique, `"-"` for a grid with nothing to solve.
    #[getter]
    fn technique(&self) -> Option<&'static str> {
        self.rating.as_ref().map(|r| r.technique_name())
    }
    /// Whether logic solved the puzzle (the rating is then exact).
    #[getter]
    fn solved(&self) -> bool {
        self.rating.as_ref().is_some_and(|r| r.solved)
    }
    /// Why logic stopped before the end, when it did.
    #[getter]
    fn stopped(&self) -> Option<String> {
        let r = self.rating.as_ref()?;
        r.stopped
            .as_ref()
            .filter(|_| !r.solved)
            .map(|s| s.to_string())
    }
    /// `"rated"`, `"invalid"`, `"no_solution"` or `"multiple"`.
    #[getter]
    fn status(&self) -> &'static str {
        self.judged.status
    }
    /// Why there is no rating.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.judged.error.as_deref()
    }
    /// 1-based position in the batch.
    #[getter]
    fn index(&self) -> usize {
        self.judged.origin.index
    }
    /// 1-based line where the puzzle starts.
    #[getter]
    fn line(&self) -> usize {
        self.judged.origin.line
    }
    /// The file of the batch, `None` otherwise.
    #[getter]
    fn file(&self) -> Option<&str> {
        self.judged.origin.file.as_deref()
    }
    /// The puzzle as an 81-character line, `None` when unreadable.
    #[getter]
    fn puzzle(&self) -> Option<String> {
        self.judged.origin.puzzle.map(|g| g.to_line())
    }
    fn __repr__(&self) -> String {
        match &self.rating {
            Some(r) => format!(
                "Rating(value={:.1}{}, difficulty='{}', technique='{}')",
                r.value,
                if r.solved { "" } else { ", solved=False" },
                r.difficulty.name(),
                r.technique_name()
            ),
            None => format!(
                "Rating(status='{}', error={:?})",
                self.judged.status,
                self.judged.error.as_deref().unwrap_or("")
            ),
        }
    }
}

/// The whole logical path of a puzzle: `.steps` (a list of `Step`) and
/// the rating of the path (`.value`, `.difficulty`, `.technique`).
#[pyclass(module = "sudokit", frozen)]
pub struct Explanation {
    rating: Py<Rating>,
    steps: Py<PyList>,
}

#[pymethods]
impl Explanation {
    /// The steps, easiest available first at each point.
    #[getter]
    fn steps(&self, py: Python<'_>) -> Py<PyList> {
        self.steps.clone_ref(py)
    }
    /// The rating of the path (a `Rating`).
    #[getter]
    fn rating(&self, py: Python<'_>) -> Py<Rating> {
        self.rating.clone_ref(py)
    }
    /// The rating's value.
    #[getter]
    fn value(&self) -> Option<f64> {
        self.rating.get().value()
    }
    /// The rating's difficulty.
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.rating.get().difficulty()
    }
    /// The hardest step's technique.
    #[getter]
    fn technique(&self) -> Option<&'static str> {
        self.rating.get().technique()
    }
    /// Whether the steps solve the puzzle.
    #[getter]
    fn solved(&self) -> bool {
        self.rating.get().solved()
    }
    /// The puzzle as an 81-character line.
    #[getter]
    fn puzzle(&self) -> Option<String> {
        self.rating.get().puzzle()
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.steps.bind(py).len()
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        let r = self.rating.get();
        format!(
            "Explanation(steps={}, value={}, difficulty='{}', technique='{}')",
            self.steps.bind(py).len(),
            r.value().map_or("None".into(), |v| format!("{v:.1}")),
            r.difficulty().unwrap_or("-"),
            r.technique().unwrap_or("-")
        )
    }
}

/// A record for one puzzle given as an argument.
fn single(grid: Grid) -> Record {
    Record {
        index: 1,
        line: 1,
        format: sudoku_engine::format::Format::Line,
        name: None,
        grid: Ok(grid),
        marks: None,
    }
}

/// The rating of a puzzle on the Sudoku Explainer scale (a `Rating`).
#[pyfunction]
fn rate(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Rating> {
    let grid = puzzle_arg(py, puzzle)?;
    Ok(py.detach(|| Rating::of(single(grid), &None)))
}

/// Every logical step from the puzzle to the end, and the rating (an
/// `Explanation`).
#[pyfunction]
fn explain(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Explanation> {
    let grid = puzzle_arg(py, puzzle)?;
    let mut judged = py.detach(|| judge(&single(grid), &None));
    let rating = judged.path.as_ref().map(Path::rating);
    let steps = judged
        .path
        .as_mut()
        .map(|p| std::mem::take(&mut p.steps))
        .unwrap_or_default();
    let list = PyList::empty(py);
    for step in steps {
        list.append(Bound::new(py, PyStep { step })?)?;
    }
    Ok(Explanation {
        rating: Py::new(py, Rating { judged, rating })?,
        steps: list.unbind(),
    })
}

/// The next step for a player's grid: `.status` (`"step"`, `"solved"`,
/// `"wrong_entry"`, `"conflict"`, `"no_solution"`, `"multiple_solutions"`,
/// `"no_technique"`), `.message` (one sentence) and `.step` (a `Step`).
#[pyclass(module = "sudokit", frozen)]
pub struct Hint {
    outcome: HintOutcome,
    puzzle: Grid,
    level: String,
}

#[pymethods]
impl Hint {
    /// What the hint is: `"step"` or what is wrong.
    #[getter]
    fn status(&self) -> &'static str {
        self.outcome.status().name()
    }
    /// One plain sentence: the step's explanation, or what is wrong.
    #[getter]
    fn message(&self) -> String {
        self.outcome.to_string()
    }
    /// The next step, when there is one.
    #[getter]
    fn step(&self) -> Option<PyStep> {
        match &self.outcome {
            HintOutcome::Step { step, .. } => Some(PyStep {
                step: (**step).clone(),
            }),
            _ => None,
        }
    }
    /// The pencil marks the step applies to, when there is a step.
    #[getter]
    fn marks(&self) -> Option<Marks> {
        match &self.outcome {
            HintOutcome::Step { before, .. } => Some(Marks { marks: **before }),
            HintOutcome::NoTechnique(marks) => Some(Marks { marks: **marks }),
            _ => None,
        }
    }
    /// The level asked for: `"nudge"`, `"cells"` or `"step"`.
    #[getter]
    fn level(&self) -> &str {
        &self.level
    }
    /// The grid the hint is for, as an 81-character line.
    #[getter]
    fn puzzle(&self) -> String {
        self.puzzle.to_line()
    }
    fn __str__(&self) -> String {
        self.message()
    }
    fn __repr__(&self) -> String {
        format!(
            "Hint(status='{}', message={:?})",
            self.status(),
            self.message()
        )
    }
}

/// The next logical step for a grid holding a player's progress (a `Hint`).
/// `given` (the original clues) lets the hint point out a wrong entry;
/// `level` is `"nudge"`, `"cells"` or `"step"` (the whole step).
#[pyfunction]
#[pyo3(signature = (puzzle, given=None, level="step"))]
fn hint(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    given: Option<&Bound<'_, PyAny>>,
    level: &str,
) -> PyResult<Hint> {
    let current = puzzle_arg(py, puzzle)?;
    let givens = given.map(|g| puzzle_arg(py, g)).transpose()?;
    match level {
        "step" => {}
        "nudge" | "cells" => {
            return Err(PyValueError::new_err(format!(
                "level '{level}' is not available yet: sudoku-logic has no hint ladder"
            )));
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown level '{level}' (expected nudge, cells or step)"
            )));
        }
    }
    let outcome = py.detach(|| sudoku_logic::hint(&current, givens.as_ref()));
    Ok(Hint {
        outcome,
        puzzle: current,
        level: level.to_string(),
    })
}

/// The pencil marks of a puzzle: `str(marks)` is the grid the command's
/// `marks` prints, `.compact` the compact rows, `marks[row, col]` the
/// candidates of a cell (0-based; a placed digit alone).
#[pyclass(module = "sudokit", frozen)]
pub struct Marks {
    marks: Candidates,
}

#[pymethods]
impl Marks {
    /// The compact form: one row of cells per line.
    #[getter]
    fn compact(&self) -> String {
        self.marks.render_compact()
    }
    /// The digits placed, as a `Grid`.
    #[getter]
    fn grid(&self) -> PyGrid {
        PyGrid::new(self.marks.to_grid())
    }
    fn __getitem__(&self, index: (usize, usize)) -> PyResult<Vec<u32>> {
        let (row, col) = index;
        if row >= 9 || col >= 9 {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "row and column go from 0 to 8",
            ));
        }
        let cell = sudoku_engine::Cell::at(row, col);
        Ok(match self.marks.value(cell) {
            Some(d) => vec![u32::from(d.get())],
            None => self
                .marks
                .digits(cell)
                .map(|d| u32::from(d.get()))
                .collect(),
        })
    }
    fn __str__(&self) -> String {
        self.marks.render()
    }
    fn __repr__(&self) -> String {
        format!("Marks('{}')", self.marks.to_grid().to_line())
    }
}

/// The pencil marks of a puzzle (a `Marks`).
#[pyfunction]
fn marks(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Marks> {
    let grid = puzzle_arg(py, puzzle)?;
    if let Some(c) = grid.conflict() {
        return Err(PyValueError::new_err(format!("line 1: {c}")));
    }
    Ok(Marks {
        marks: Candidates::from_grid(&grid),
    })
}

/// The native `rate_many`: a list of `Rating`, in input order.
#[pyfunction]
#[pyo3(signature = (source, threads=None))]
fn _rate_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Results> {
    collect(py, source, threads, COSTLY, Rating::of)
}

/// A generated puzzle with its only solution and its rating.
#[pyclass(module = "sudokit", frozen)]
pub struct Puzzle {
    index: u64,
    generated: Generated,
}

#[pymethods]
impl Puzzle {
    /// 1-based position in the run.
    #[getter]
    fn index(&self) -> u64 {
        self.index + 1
    }
    /// The puzzle, an 81-character line.
    #[getter]
    fn puzzle(&self) -> String {
        self.generated.puzzle.to_line()
    }
    /// Its only solution.
    #[getter]
    fn solution(&self) -> String {
        self.generated.solution.to_line()
    }
    /// The rating on the Sudoku Explainer scale.
    #[getter]
    fn rating(&self) -> Option<f64> {
        self.generated.rating.as_ref().map(|r| r.value)
    }
    /// The difficulty label of the rating.
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.generated.rating.as_ref().map(|r| r.difficulty.name())
    }
    /// The hardest technique needed.
    #[getter]
    fn technique(&self) -> Option<&'static str> {
        self.generated.rating.as_ref().map(|r| r.technique_name())
    }
    /// The number of clues.
    #[getter]
    fn clues(&self) -> usize {
        self.generated.puzzle.given_count()
    }
    /// The puzzle as a `Grid`.
    #[getter]
    fn grid(&self) -> PyGrid {
        PyGrid::new(self.generated.puzzle)
    }
    fn __str__(&self) -> String {
        self.generated.puzzle.to_line()
    }
    fn __repr__(&self) -> String {
        format!(
            "Puzzle('{}', rating={}, difficulty='{}', clues={})",
            self.generated.puzzle.to_line(),
            self.rating().map_or("None".into(), |v| format!("{v:.1}")),
            self.difficulty().unwrap_or("-"),
            self.clues()
        )
    }
}

fn difficulty_arg(name: &str) -> PyResult<Difficulty> {
    Difficulty::ALL
        .into_iter()
        .find(|d| d.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown difficulty '{name}' (expected easy, medium, hard, expert or extreme)"
            ))
        })
}

/// `rating=`: a minimum, or a `(min, max)` pair (either may be `None`).
fn rating_arg(obj: &Bound<'_, PyAny>) -> PyResult<RangeInclusive<f64>> {
    if let Ok(min) = obj.extract::<f64>() {
        return Ok(min..=f64::from(u8::MAX));
    }
    if let Ok((min, max)) = obj.extract::<(Option<f64>, Option<f64>)>() {
        return Ok(min.unwrap_or(0.0)..=max.unwrap_or(f64::from(u8::MAX)));
    }
    Err(PyTypeError::new_err(
        "rating: expected a minimum or a (min, max) pair of numbers",
    ))
}

/// The native `generate`: `count` puzzles made on `threads` threads, the
/// same for a seed whatever the threads.
#[pyfunction]
#[pyo3(signature = (count, seed, difficulty=None, rating=None, symmetry=None, minimal=false, clues=None, threads=None))]
#[allow(clippy::too_many_arguments)]
fn _generate<'py>(
    py: Python<'py>,
    count: u64,
    seed: u64,
    difficulty: Option<&str>,
    rating: Option<&Bound<'py, PyAny>>,
    symmetry: Option<&str>,
    minimal: bool,
    clues: Option<usize>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let range = match (difficulty, rating) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give difficulty or rating, not both"));
        }
        (Some(d), None) => Some(rating_range(difficulty_arg(d)?)),
        (None, Some(r)) => Some(rating_arg(r)?),
        (None, None) => None,
    };
    let symmetry = match symmetry {
        Some(s) => s
            .parse::<Symmetry>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => Symmetry::None,
    };
    let options = Options {
        symmetry,
        minimal,
        clues,
        seed,
        rating: range,
        rate: true,
        ..Options::default()
    };
    let generator =
        Arc::new(Generator::new(options).map_err(|e| PyValueError::new_err(e.to_string()))?);
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
            Item::Index(i) => (i, generator.generate(i)),
            _ => unreachable!("generation takes indices"),
        },
        |results| {
            for (index, result) in results {
                let generated = result.map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
                list.append(Bound::new(py, Puzzle { index, generated })?)?;
            }
            Ok(())
        },
    )?;
    Ok(list)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyStep>()?;
    m.add_class::<Rating>()?;
    m.add_class::<Explanation>()?;
    m.add_class::<Hint>()?;
    m.add_class::<Marks>()?;
    m.add_class::<Puzzle>()?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(marks, m)?)?;
    m.add_function(wrap_pyfunction!(_rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(_generate, m)?)?;
    Ok(())
}
