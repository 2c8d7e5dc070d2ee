//! `rate`, `explain`, `hint`, `marks` and `generate`: the logical solver of
//! `sudoku-logic` and the generator of `sudoku-generator`. The result
//! objects wrap the libraries' records (`RatingRecord`, `HintRecord`,
//! `SizedRatingRecord`, `SizedHintRecord`, `SizedStepRecord`,
//! `GeneratedRecord`) and read their getters from them.

use std::ops::RangeInclusive;
use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde::Serialize;
use sudoku_engine::format::Record;
use sudoku_engine::{DigitSet, PencilMarks};
use sudoku_generator::{Generated, GeneratedRecord, Generator, Options, Symmetry, rating_range};
use sudoku_logic::records::{
    HintRecord, RatingRecord, SizedHintRecord, SizedMistakeRecord, SizedRatingRecord,
    SizedStepRecord, StepRecord,
};
use sudoku_logic::{
    Candidates, Difficulty, HintLevel, Mistake, NoPath, Path, Position, Solver, Step,
};

use sudoku_engine::sizes::format::{AnyRecord, SizedRecord, line_text};
use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
use sudoku_generator::sizes::{
    GeneratedSized, SizedDifficulty, SizedGenerator, SizedOptions, SizedPuzzle,
};
use sudoku_logic::sizes::{SizedCandidates, SizedMistake, SizedStep, SizedStopped};

use crate::batch::{self, COSTLY, Item, Source};
use crate::grid::PyGrid;
use crate::results::Results;
use crate::sized::{self, Puzzle as Arg, grid_of, puzzle_arg};
use crate::solve::collect;
use crate::to_dict;

/// `(cell, digit)` pairs such as `("r1c6", 8)`.
fn pairs(list: &[sudoku_logic::Candidate]) -> Vec<(String, u8)> {
    list.iter()
        .map(|c| (c.cell.to_string(), c.digit.get()))
        .collect()
}

/// `(cell, digit)` pairs of another size, such as `("r10c12", 14)`.
fn sized_pairs(shape: Shape, list: &[(usize, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|&(c, d)| (shape.cell_name(c), d)).collect()
}

/// One logical step: the technique, its rating, what it places and removes,
/// and one sentence that explains it. `str(step)` is the command's line;
/// `to_dict()` is the step as `sudoku explain --to json` writes it.
///
/// Steps on other sizes name cells and houses the same way (`r10c12`,
/// `b16`) and write digits as numbers (`r2c3=12`).
#[pyclass(name = "Step", module = "sudokit", frozen)]
pub struct PyStep {
    step: StepKind,
}

/// A step of the 9x9 solver or of the solver of every size.
enum StepKind {
    Classic(Step),
    Sized(SizedStep),
}

impl PyStep {
    fn classic(step: Step) -> PyStep {
        PyStep {
            step: StepKind::Classic(step),
        }
    }
    fn sized(step: SizedStep) -> PyStep {
        PyStep {
            step: StepKind::Sized(step),
        }
    }
}

#[pymethods]
impl PyStep {
    /// The technique's name, e.g. `"Hidden Single"`.
    #[getter]
    fn technique(&self) -> &'static str {
        match &self.step {
            StepKind::Classic(s) => s.name(),
            StepKind::Sized(s) => s.name(),
        }
    }
    /// The step's rating on the Sudoku Explainer scale.
    #[getter]
    fn rating(&self) -> f64 {
        match &self.step {
            StepKind::Classic(s) => s.rating,
            StepKind::Sized(s) => s.rating,
        }
    }
    /// Digits placed, as `(cell, digit)` pairs such as `("r1c6", 8)`.
    #[getter]
    fn placements(&self) -> Vec<(String, u8)> {
        match &self.step {
            StepKind::Classic(s) => pairs(&s.placements),
            StepKind::Sized(s) => sized_pairs(s.shape, &s.placements),
        }
    }
    /// Candidates removed, as `(cell, digit)` pairs.
    #[getter]
    fn eliminations(&self) -> Vec<(String, u8)> {
        match &self.step {
            StepKind::Classic(s) => pairs(&s.eliminations),
            StepKind::Sized(s) => sized_pairs(s.shape, &s.eliminations),
        }
    }
    /// The cells that make the pattern (for highlighting), such as `"r3c5"`.
    #[getter]
    fn cells(&self) -> Vec<String> {
        match &self.step {
            StepKind::Classic(s) => s.cells.iter().map(|c| c.to_string()).collect(),
            StepKind::Sized(s) => s.cells.iter().map(|&c| s.shape.cell_name(c)).collect(),
        }
    }
    /// The candidates that make the pattern or the chain, as `(cell, digit)` pairs.
    #[getter]
    fn candidates(&self) -> Vec<(String, u8)> {
        match &self.step {
            StepKind::Classic(s) => pairs(&s.candidates),
            StepKind::Sized(s) => sized_pairs(s.shape, &s.candidates),
        }
    }
    /// One sentence in standard notation that explains the step.
    #[getter]
    fn explanation(&self) -> &str {
        match &self.step {
            StepKind::Classic(s) => &s.explanation,
            StepKind::Sized(s) => &s.explanation,
        }
    }
    /// The placements and eliminations in short form: `r1c2=5; r3c4<>7`.
    #[getter]
    fn outcome(&self) -> String {
        match &self.step {
            StepKind::Classic(s) => s.outcome_text(),
            StepKind::Sized(s) => s.outcome_text(),
        }
    }
    /// The step as the JSON records write it (`technique`, `rating`,
    /// `placements`, `eliminations`, `explanation`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.step {
            StepKind::Classic(s) => to_dict(py, &StepRecord::from(s)),
            StepKind::Sized(s) => to_dict(py, &SizedStepRecord::from(s)),
        }
    }
    fn __str__(&self) -> String {
        match &self.step {
            StepKind::Classic(s) => s.to_string(),
            StepKind::Sized(s) => s.to_string(),
        }
    }
    fn __repr__(&self) -> String {
        format!(
            "Step(technique='{}', rating={:.1}, outcome='{}')",
            self.technique(),
            self.rating(),
            self.outcome()
        )
    }
}

/// Why a puzzle has no logical path, with the fields every record has. The
/// command prints no JSON record for it (only its message); `to_dict()`
/// gives these fields, as the records of `solve`, `count` and `check` do
/// for an invalid puzzle.
#[derive(Clone, Serialize)]
struct Refusal {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    line: usize,
    /// The side, for other sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<usize>,
    /// The box shape, for other sizes.
    #[serde(skip_serializing_if = "Option::is_none")]
    boxes: Option<String>,
    puzzle: Option<String>,
    /// `invalid`, `no_solution` or `multiple`.
    status: &'static str,
    error: String,
}

impl Refusal {
    fn new(record: &Record, file: Option<&str>, why: &NoPath) -> Refusal {
        // The puzzle as the records write it: its line, or its marks' line.
        let puzzle = record.grid.as_ref().ok().map(|grid| match &record.marks {
            Some(marks) => marks.to_line(),
            None => grid.to_line(),
        });
        Refusal {
            index: record.index,
            file: file.map(String::from),
            line: record.line,
            size: None,
            boxes: None,
            puzzle,
            status: why.status(),
            error: why.to_string(),
        }
    }

    /// Why a puzzle of another size has no logical path.
    fn sized(line: usize, grid: &SizedGrid, symbols: Symbols, why: &SizedStopped) -> Refusal {
        let status = match why {
            SizedStopped::Conflict(_) => "invalid",
            SizedStopped::NoSolution => "no_solution",
            SizedStopped::MultipleSolutions | SizedStopped::NoTechnique => "multiple",
        };
        Refusal {
            index: 1,
            file: None,
            line,
            size: Some(grid.size()),
            boxes: Some(grid.shape().to_string()),
            puzzle: Some(line_text(grid, symbols)),
            status,
            error: format!("line {line}: {why}"),
        }
    }
}

/// A rating's record, or why there is none.
#[derive(Clone)]
enum Rated {
    Record(RatingRecord),
    /// The rating of a path on another size.
    Sized(SizedRatingRecord),
    Refused(Refusal),
}

/// The logical path of a puzzle of another size, its rating, or why there
/// is none (clashing givens, no solution, several).
fn sized_rated(line: usize, grid: &SizedGrid, symbols: Symbols) -> (Rated, Vec<SizedStep>) {
    let path = sudoku_logic::sizes::solve_path(grid);
    match &path.stopped {
        Some(why) if *why != SizedStopped::NoTechnique => (
            Rated::Refused(Refusal::sized(line, grid, symbols, why)),
            Vec::new(),
        ),
        _ => (
            Rated::Sized(SizedRatingRecord::new(1, None, line, grid, symbols, &path)),
            path.steps,
        ),
    }
}

/// The logical path of a record's puzzle (digits or pencil marks) and its
/// rating record, or why there is none.
fn rated(record: &Record, file: Option<&str>) -> (Rated, Option<Path>) {
    match sudoku_logic::logical_path(record) {
        Ok((position, path)) => {
            let rating = RatingRecord::new(
                record.index,
                file,
                record.line,
                position.text(),
                &path.rating(),
            );
            (Rated::Record(rating), Some(path))
        }
        Err(why) => (Rated::Refused(Refusal::new(record, file, &why)), None),
    }
}

/// A puzzle's rating on the Sudoku Explainer scale: `.value`, `.difficulty`
/// (`easy` ... `extreme`) and `.technique` (the hardest step's).
///
/// `status` is `"rated"`, or `"invalid"`, `"no_solution"` or `"multiple"`
/// (no logical path; `error` says why and the rating fields are `None`).
/// When logic stops before the end, `solved` is false and `value` is a
/// lower bound. `to_dict()` is the record of `sudoku rate --to json`.
#[pyclass(module = "sudokit", frozen)]
#[derive(Clone)]
pub struct Rating {
    rated: Rated,
}

impl Rating {
    /// The rating of a record of another size in a batch.
    fn of_sized(record: &SizedRecord, file: Option<&str>) -> Rating {
        let rated = match &record.grid {
            Ok(grid) => {
                let mut rated = sized_rated(record.line, grid, record.symbols).0;
                match &mut rated {
                    Rated::Sized(r) => {
                        r.index = record.index;
                        r.file = file.map(String::from);
                    }
                    Rated::Refused(r) => {
                        r.index = record.index;
                        r.file = file.map(String::from);
                    }
                    Rated::Record(_) => {}
                }
                rated
            }
            Err(e) => Rated::Refused(Refusal {
                index: record.index,
                file: file.map(String::from),
                line: record.line,
                size: record.size,
                boxes: None,
                puzzle: None,
                status: "invalid",
                error: e.to_string(),
            }),
        };
        Rating { rated }
    }

    fn of(record: &Record, file: Option<&str>) -> Rating {
        // The steps are not kept: a batch of ratings stays small.
        Rating {
            rated: rated(record, file).0,
        }
    }

    fn record(&self) -> Option<&RatingRecord> {
        match &self.rated {
            Rated::Record(r) => Some(r),
            Rated::Sized(_) | Rated::Refused(_) => None,
        }
    }

    fn sized(&self) -> Option<&SizedRatingRecord> {
        match &self.rated {
            Rated::Sized(r) => Some(r),
            _ => None,
        }
    }
}

#[pymethods]
impl Rating {
    /// The rating (one decimal); a lower bound when `solved` is false.
    #[getter]
    fn value(&self) -> Option<f64> {
        self.record()
            .map(|r| r.rating)
            .or(self.sized().map(|r| r.rating))
    }
    /// `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"` (on
    /// other sizes the 9x9 label of the value, by analogy, as the
    /// command's record has it).
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.record()
            .map(|r| r.difficulty.name())
            .or(self.sized().map(|r| r.difficulty.name()))
    }
    /// The hardest step's technique, `"-"` for a grid with nothing to solve.
    #[getter]
    fn technique(&self) -> Option<&str> {
        self.record()
            .map(|r| r.technique.as_str())
            .or(self.sized().map(|r| r.technique.as_str()))
    }
    /// Whether logic solved the puzzle (the rating is then exact).
    #[getter]
    fn solved(&self) -> bool {
        self.record().is_some_and(|r| r.solved) || self.sized().is_some_and(|r| r.solved)
    }
    /// Why logic stopped before the end, when it did.
    #[getter]
    fn stopped(&self) -> Option<&str> {
        self.record()
            .and_then(|r| r.stopped.as_deref())
            .or(self.sized().and_then(|r| r.stopped.as_deref()))
    }
    /// `"rated"`, `"invalid"`, `"no_solution"` or `"multiple"`.
    #[getter]
    fn status(&self) -> &'static str {
        match &self.rated {
            Rated::Record(_) | Rated::Sized(_) => "rated",
            Rated::Refused(r) => r.status,
        }
    }
    /// Why there is no rating, with its line as the command says it.
    #[getter]
    fn error(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(_) | Rated::Sized(_) => None,
            Rated::Refused(r) => Some(&r.error),
        }
    }
    /// 1-based position in the batch.
    #[getter]
    fn index(&self) -> usize {
        match &self.rated {
            Rated::Record(r) => r.index,
            Rated::Sized(r) => r.index,
            Rated::Refused(r) => r.index,
        }
    }
    /// 1-based line where the puzzle starts.
    #[getter]
    fn line(&self) -> usize {
        match &self.rated {
            Rated::Record(r) => r.line,
            Rated::Sized(r) => r.line,
            Rated::Refused(r) => r.line,
        }
    }
    /// The file of the batch, `None` otherwise.
    #[getter]
    fn file(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(r) => r.file.as_deref(),
            Rated::Sized(r) => r.file.as_deref(),
            Rated::Refused(r) => r.file.as_deref(),
        }
    }
    /// The puzzle as an 81-character line (729 characters for pencil
    /// marks), `None` when unreadable.
    #[getter]
    fn puzzle(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(r) => Some(&r.puzzle),
            Rated::Sized(r) => Some(&r.puzzle),
            Rated::Refused(r) => r.puzzle.as_deref(),
        }
    }
    /// The command's JSON record (`sudoku rate --to json`) as a dict. A
    /// puzzle without a logical path, for which the command prints only
    /// its message, gives `index`, `file`, `line`, `puzzle`, `status` and
    /// `error`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.rated {
            Rated::Record(r) => to_dict(py, r),
            Rated::Sized(r) => to_dict(py, r),
            Rated::Refused(r) => to_dict(py, r),
        }
    }
    fn __repr__(&self) -> String {
        match &self.rated {
            Rated::Record(r) => format!(
                "Rating(value={:.1}{}, difficulty='{}', technique='{}')",
                r.rating,
                if r.solved { "" } else { ", solved=False" },
                r.difficulty.name(),
                r.technique
            ),
            Rated::Sized(r) => format!(
                "Rating(value={:.1}{}, size={}, difficulty='{}', technique='{}')",
                r.rating,
                if r.solved { "" } else { ", solved=False" },
                r.size,
                r.difficulty.name(),
                r.technique
            ),
            Rated::Refused(r) => format!("Rating(status='{}', error={:?})", r.status, r.error),
        }
    }
}

/// The whole logical path of a puzzle: `.steps` (a list of `Step`) and
/// the rating of the path (`.value`, `.difficulty`, `.technique`).
/// `to_dict()` is the record of `sudoku explain --to json`.
#[pyclass(module = "sudokit", frozen)]
pub struct Explanation {
    rating: Py<Rating>,
    steps: Py<PyList>,
    /// The rating record with every step.
    record: Option<Rated>,
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
    fn technique(&self) -> Option<&str> {
        self.rating.get().technique()
    }
    /// Whether the steps solve the puzzle.
    #[getter]
    fn solved(&self) -> bool {
        self.rating.get().solved()
    }
    /// Why logic stopped before the end, when it did.
    #[getter]
    fn stopped(&self) -> Option<&str> {
        self.rating.get().stopped()
    }
    /// `"rated"`, or `"invalid"`, `"no_solution"` or `"multiple"` (no
    /// logical path: `steps` is empty and `error` says why).
    #[getter]
    fn status(&self) -> &'static str {
        self.rating.get().status()
    }
    /// Why there is no logical path.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.rating.get().error()
    }
    /// The puzzle as an 81-character line (729 characters for pencil marks).
    #[getter]
    fn puzzle(&self) -> Option<&str> {
        self.rating.get().puzzle()
    }
    /// The command's JSON record (`sudoku explain --to json`) as a dict:
    /// the rating's record with `steps`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.record {
            Some(Rated::Record(r)) => to_dict(py, r),
            Some(Rated::Sized(r)) => to_dict(py, r),
            _ => self.rating.get().to_dict(py),
        }
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.steps.bind(py).len()
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        let r = self.rating.get();
        if r.status() != "rated" {
            return format!(
                "Explanation(status='{}', error={:?})",
                r.status(),
                r.error().unwrap_or("")
            );
        }
        let difficulty = r
            .difficulty()
            .map_or_else(String::new, |d| format!(", difficulty='{d}'"));
        format!(
            "Explanation(steps={}, value={}{difficulty}, technique='{}')",
            self.steps.bind(py).len(),
            r.value().map_or("None".into(), |v| format!("{v:.1}")),
            r.technique().unwrap_or("-")
        )
    }
}

/// The rating of a puzzle on the Sudoku Explainer scale (a `Rating`).
///
/// `puzzle` is a `str` in any format the command reads (pencil marks too:
/// logic then starts from the player's marks) or a `Grid`. A puzzle with
/// no logical path (clashing givens, no solution, several) gets a `Rating`
/// whose `status` and `error` say so.
///
/// Other sizes (`size`, `boxes` and `symbols` as `solve` takes them) are
/// rated with the same techniques and ratings; the scale is defined on
/// 9x9 only, so the value and its `difficulty` (the 9x9 label, as the
/// command's record has it) rank paths of one size only.
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, boxes=None, symbols=None))]
fn rate(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Rating> {
    let options = sized::read_options(size, boxes, symbols)?;
    Ok(match puzzle_arg(py, puzzle, options)? {
        Arg::Classic(record) => py.detach(|| Rating::of(&record, None)),
        Arg::Sized(record) => {
            let grid = grid_of(&record);
            let rated = py.detach(|| sized_rated(record.line, grid, record.symbols).0);
            Rating { rated }
        }
    })
}

/// Every logical step from the puzzle to the end, and the rating (an
/// `Explanation`). Takes the same puzzles as `rate`, of every size.
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, boxes=None, symbols=None))]
fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Explanation> {
    let options = sized::read_options(size, boxes, symbols)?;
    let (rated, steps, record) = match puzzle_arg(py, puzzle, options)? {
        Arg::Classic(record) => {
            let (rated, path) = py.detach(|| rated(&record, None));
            let steps = path.map(|p| p.steps).unwrap_or_default();
            let record = match &rated {
                Rated::Record(r) => Some(Rated::Record(r.clone().with_steps(&steps))),
                _ => None,
            };
            (
                rated,
                steps.into_iter().map(PyStep::classic).collect::<Vec<_>>(),
                record,
            )
        }
        Arg::Sized(sized) => {
            let grid = grid_of(&sized);
            let (rated, steps) = py.detach(|| sized_rated(sized.line, grid, sized.symbols));
            let record = match &rated {
                Rated::Sized(r) => Some(Rated::Sized(r.clone().with_steps(&steps))),
                _ => None,
            };
            (
                rated,
                steps.into_iter().map(PyStep::sized).collect(),
                record,
            )
        }
    };
    let list = PyList::empty(py);
    for step in steps {
        list.append(Bound::new(py, step)?)?;
    }
    Ok(Explanation {
        rating: Py::new(py, Rating { rated })?,
        steps: list.unbind(),
        record,
    })
}

/// A mistake of the player's, measured against the solution: a digit
/// placed where the solution has another (`kind == "wrong_digit"`), or a
/// candidate crossed out that the solution needs (`"crossed_out"`).
/// `str(mistake)` is the sentence the command prints.
#[pyclass(name = "Mistake", module = "sudokit", frozen)]
pub struct PyMistake {
    mistake: MistakeKind,
}

/// A mistake on a 9x9 grid, or a wrong digit on another size.
enum MistakeKind {
    Classic(Mistake),
    Sized(SizedMistake),
}

#[pymethods]
impl PyMistake {
    /// `"wrong_digit"` or `"crossed_out"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.mistake {
            MistakeKind::Classic(Mistake::WrongDigit { .. }) | MistakeKind::Sized(_) => {
                "wrong_digit"
            }
            MistakeKind::Classic(Mistake::CrossedOut { .. }) => "crossed_out",
        }
    }
    /// The cell, such as `"r4c5"`.
    #[getter]
    fn cell(&self) -> String {
        match &self.mistake {
            MistakeKind::Classic(m) => m.cell().to_string(),
            MistakeKind::Sized(m) => m.shape.cell_name(m.cell),
        }
    }
    /// The digit the solution has in the cell.
    #[getter]
    fn digit(&self) -> u8 {
        match self.mistake {
            MistakeKind::Classic(Mistake::WrongDigit { solution, .. }) => solution.get(),
            MistakeKind::Classic(Mistake::CrossedOut { digit, .. }) => digit.get(),
            MistakeKind::Sized(m) => m.solution,
        }
    }
    /// The digit the player placed (`None` for a crossed-out candidate).
    #[getter]
    fn entered(&self) -> Option<u8> {
        match self.mistake {
            MistakeKind::Classic(Mistake::WrongDigit { entered, .. }) => Some(entered.get()),
            MistakeKind::Classic(Mistake::CrossedOut { .. }) => None,
            MistakeKind::Sized(m) => Some(m.entered),
        }
    }
    /// The mistake as the hint record writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.mistake {
            MistakeKind::Classic(m) => to_dict(py, m),
            MistakeKind::Sized(m) => to_dict(py, &SizedMistakeRecord::from(m)),
        }
    }
    fn __str__(&self) -> String {
        match &self.mistake {
            MistakeKind::Classic(m) => m.to_string(),
            MistakeKind::Sized(m) => m.to_string(),
        }
    }
    fn __repr__(&self) -> String {
        format!("Mistake({:?})", self.__str__())
    }
}

/// The next step for a player's position, told at a level: `.status`
/// (`"step"`, `"solved"`, `"wrong_entry"`, `"conflict"`, `"no_solution"`,
/// `"multiple_solutions"`, `"no_technique"`), `.message` (the hint in
/// words) and what the level tells: `.technique` and `.houses` at every
/// level, `.cells` and `.candidates` from `"cells"` on, `.step` at
/// `"step"`; `.mistakes` when the player made some. A field the level does
/// not tell is `None`. `to_dict()` is the record of `sudoku hint --to json`.
#[pyclass(module = "sudokit", frozen)]
pub struct Hint {
    hint: HintKind,
}

/// A hint of the 9x9 solver with its record, or one of another size.
enum HintKind {
    Classic {
        hint: Box<sudoku_logic::Hint>,
        record: Box<HintRecord>,
    },
    Sized {
        hint: Box<sudoku_logic::sizes::SizedHint>,
        record: Box<SizedHintRecord>,
        symbols: Symbols,
        shape: Shape,
    },
}

#[pymethods]
impl Hint {
    /// What the hint found: `"step"`, or what is wrong or done.
    #[getter]
    fn status(&self) -> &'static str {
        match &self.hint {
            HintKind::Classic { record, .. } => record.status.name(),
            HintKind::Sized { record, .. } => record.status.name(),
        }
    }
    /// The level asked for: `"nudge"`, `"cells"` or `"step"`.
    #[getter]
    fn level(&self) -> &'static str {
        match &self.hint {
            HintKind::Classic { record, .. } => record.level.name(),
            HintKind::Sized { record, .. } => record.level.name(),
        }
    }
    /// The hint in words, at its level (or what is wrong).
    #[getter]
    fn message(&self) -> &str {
        match &self.hint {
            HintKind::Classic { record, .. } => &record.message,
            HintKind::Sized { record, .. } => &record.message,
        }
    }
    /// The next step's technique (every level).
    #[getter]
    fn technique(&self) -> Option<&str> {
        match &self.hint {
            HintKind::Classic { record, .. } => record.technique.as_deref(),
            HintKind::Sized { record, .. } => record.technique.as_deref(),
        }
    }
    /// The houses to look at, such as `["b4"]` or `["row 3", "column 5"]`
    /// (every level).
    #[getter]
    fn houses(&self) -> Option<Vec<String>> {
        match &self.hint {
            HintKind::Classic { record, .. } => record
                .houses
                .as_ref()
                .map(|h| h.iter().map(ToString::to_string).collect()),
            HintKind::Sized { record, .. } => record.houses.clone(),
        }
    }
    /// The cells that prove the step, such as `"r3c5"` (levels `cells`
    /// and `step`).
    #[getter]
    fn cells(&self) -> Option<Vec<String>> {
        match &self.hint {
            HintKind::Classic { record, .. } => record
                .cells
                .as_ref()
                .map(|c| c.iter().map(ToString::to_string).collect()),
            HintKind::Sized { record, .. } => record.cells.clone(),
        }
    }
    /// The candidates that prove the step, as `(cell, digit)` pairs
    /// (levels `cells` and `step`).
    #[getter]
    fn candidates(&self) -> Option<Vec<(String, u8)>> {
        match &self.hint {
            HintKind::Classic { record, .. } => record.candidates.as_deref().map(pairs),
            HintKind::Sized {
                hint,
                record,
                shape,
                ..
            } => hint
                .candidates(record.level)
                .map(|cs| sized_pairs(*shape, cs)),
        }
    }
    /// The whole step (level `step`).
    #[getter]
    fn step(&self) -> Option<PyStep> {
        match &self.hint {
            HintKind::Classic { hint, .. } => hint.step().map(|step| PyStep::classic(step.clone())),
            HintKind::Sized { hint, record, .. } => hint
                .step(record.level)
                .map(|step| PyStep::sized(step.clone())),
        }
    }
    /// The player's mistakes in reading order (a list of `Mistake`), when
    /// the hint found some (every level).
    #[getter]
    fn mistakes(&self) -> Option<Vec<PyMistake>> {
        match &self.hint {
            HintKind::Classic { record, .. } => record.mistakes.as_ref().map(|m| {
                m.iter()
                    .map(|&mistake| PyMistake {
                        mistake: MistakeKind::Classic(mistake),
                    })
                    .collect()
            }),
            HintKind::Sized { hint, .. } => {
                let m = hint.mistakes();
                (!m.is_empty()).then(|| {
                    m.iter()
                        .map(|&mistake| PyMistake {
                            mistake: MistakeKind::Sized(mistake),
                        })
                        .collect()
                })
            }
        }
    }
    /// The pencil marks the hint looked at, when it got that far.
    #[getter]
    fn marks(&self) -> Option<Marks> {
        match &self.hint {
            HintKind::Classic { hint, .. } => hint.outcome().marks().map(|marks| Marks {
                marks: MarksKind::Classic(Box::new(*marks)),
            }),
            HintKind::Sized { hint, symbols, .. } => hint.marks().map(|marks| Marks {
                marks: MarksKind::Sized(marks.clone(), *symbols),
            }),
        }
    }
    /// The position the hint is for: its 81-character line, or the
    /// 729-character line of pencil marks (N*N characters for other sizes).
    #[getter]
    fn puzzle(&self) -> &str {
        match &self.hint {
            HintKind::Classic { record, .. } => &record.puzzle,
            HintKind::Sized { record, .. } => &record.puzzle,
        }
    }
    /// The command's JSON record (`sudoku hint --to json --level LEVEL`) as
    /// a dict: the fields of the level only (with `size` and `boxes` for
    /// other sizes).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.hint {
            HintKind::Classic { record, .. } => to_dict(py, record),
            HintKind::Sized { record, .. } => to_dict(py, &**record),
        }
    }
    fn __str__(&self) -> &str {
        self.message()
    }
    fn __repr__(&self) -> String {
        format!(
            "Hint(status='{}', level='{}', message={:?})",
            self.status(),
            self.level(),
            self.message()
        )
    }
}

/// The next logical step for a position holding a player's progress (a
/// `Hint`): a grid of digits, or the player's own pencil marks (the
/// 729-character line or the grid `marks` draws), in which a crossed-out
/// candidate that the solution needs is named.
///
/// `given` (the original clues) lets the hint point out wrong entries;
/// `level` is `"nudge"` (the technique and where to look), `"cells"` (also
/// the cells and candidates that prove it) or `"step"` (the whole step).
/// A bad level raises `ValueError`.
///
/// Other sizes (`size`, `boxes` and `symbols` as `solve` takes them, for
/// `given` too) get the same hints from the solver of every size; their
/// positions are grids of digits.
#[pyfunction]
#[pyo3(signature = (puzzle, given=None, level="step", *, size=None, boxes=None, symbols=None))]
fn hint(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    given: Option<&Bound<'_, PyAny>>,
    level: &str,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Hint> {
    let level: HintLevel = level.parse().map_err(PyValueError::new_err)?;
    let options = sized::read_options(size, boxes, symbols)?;
    match puzzle_arg(py, puzzle, options)? {
        Arg::Classic(record) => {
            let givens = match given {
                Some(g) => match puzzle_arg(py, g, options)? {
                    Arg::Classic(r) => Some(r.grid.expect("puzzle_arg gives a puzzle")),
                    Arg::Sized(r) => return Err(given_mismatch(9, grid_of(&r).size())),
                },
                None => None,
            };
            let grid = record.grid.expect("puzzle_arg gives a puzzle");
            // Clashing digits are the hint's to name, so no `Position::from_record`.
            let position = match record.marks {
                Some(marks) => Position::Marks(marks),
                None => Position::Digits(grid),
            };
            let hint = py.detach(|| Solver::new().hint_of(&position, givens.as_ref()).at(level));
            let record = HintRecord::new(position.text(), &hint);
            Ok(Hint {
                hint: HintKind::Classic {
                    hint: Box::new(hint),
                    record: Box::new(record),
                },
            })
        }
        Arg::Sized(record) => {
            let current = grid_of(&record);
            // The givens are read in the puzzle's shape and alphabet.
            let given_options = sudoku_engine::sizes::format::ReadOptions {
                shape: Some(current.shape()),
                symbols: Some(record.symbols),
                format: None,
            };
            let givens = match given {
                Some(g) => match puzzle_arg(py, g, given_options)? {
                    Arg::Sized(r) => Some(r.grid.expect("puzzle_arg gives a puzzle")),
                    Arg::Classic(_) => return Err(given_mismatch(current.size(), 9)),
                },
                None => None,
            };
            let hint = py.detach(|| sudoku_logic::sizes::hint(current, givens.as_ref()));
            let json = SizedHintRecord::new(current, record.symbols, &hint, level);
            Ok(Hint {
                hint: HintKind::Sized {
                    hint: Box::new(hint),
                    record: Box::new(json),
                    symbols: record.symbols,
                    shape: current.shape(),
                },
            })
        }
    }
}

/// A `given` of another size than the puzzle.
fn given_mismatch(puzzle: usize, given: usize) -> PyErr {
    PyValueError::new_err(format!(
        "given: a {given}x{given} grid for a {puzzle}x{puzzle} puzzle"
    ))
}

/// The pencil marks of a puzzle: `str(marks)` is the grid the command's
/// `marks` prints (it reads back as a puzzle), `.compact` the compact rows,
/// `.line` the 729-character line, `marks[row, col]` the candidates of a
/// cell (0-based; a placed digit alone). Other sizes draw each cell as a
/// block shaped like a box, in the puzzle's alphabet.
#[pyclass(module = "sudokit", frozen)]
pub struct Marks {
    marks: MarksKind,
}

/// The pencil marks of a 9x9 grid, or of another size with its alphabet.
enum MarksKind {
    Classic(Box<Candidates>),
    Sized(SizedCandidates, Symbols),
}

#[pymethods]
impl Marks {
    /// The compact form: one row of cells per line.
    #[getter]
    fn compact(&self) -> String {
        match &self.marks {
            MarksKind::Classic(m) => m.render_compact(),
            MarksKind::Sized(m, symbols) => m.render_compact(*symbols),
        }
    }
    /// The 729-character line (nine places per cell, the digit `d` at place
    /// `d` when it is a candidate, `.` when not): a pencil-mark puzzle that
    /// every function takes. Cross candidates out of it and ask for a hint.
    /// 9x9 only: other sizes raise `ValueError`.
    #[getter]
    fn line(&self) -> PyResult<String> {
        match &self.marks {
            MarksKind::Classic(m) => {
                let sets: [DigitSet; 81] =
                    std::array::from_fn(|i| m.mask(sudoku_engine::Cell::new(i)));
                Ok(PencilMarks::from_parts(*m.values(), sets)
                    .expect("pencil marks hold digits 1-9")
                    .to_line())
            }
            MarksKind::Sized(m, _) => Err(PyValueError::new_err(format!(
                "the pencil-mark line is a 9x9 form; a {0}x{0} grid has none (use str() or .compact)",
                m.size()
            ))),
        }
    }
    /// The digits placed, as a `Grid`.
    #[getter]
    fn grid(&self) -> PyGrid {
        match &self.marks {
            MarksKind::Classic(m) => PyGrid::new(m.to_grid()),
            MarksKind::Sized(m, symbols) => PyGrid::sized(m.to_grid(), *symbols),
        }
    }
    fn __getitem__(&self, index: (usize, usize)) -> PyResult<Vec<u32>> {
        let (row, col) = index;
        let n = match &self.marks {
            MarksKind::Classic(_) => 9,
            MarksKind::Sized(m, _) => m.size(),
        };
        if row >= n || col >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "row and column go from 0 to {}",
                n - 1
            )));
        }
        Ok(match &self.marks {
            MarksKind::Classic(m) => {
                let cell = sudoku_engine::Cell::at(row, col);
                match m.value(cell) {
                    Some(d) => vec![u32::from(d.get())],
                    None => m.digits(cell).map(|d| u32::from(d.get())).collect(),
                }
            }
            MarksKind::Sized(m, _) => {
                let cell = row * n + col;
                match m.value(cell) {
                    Some(d) => vec![u32::from(d)],
                    None => m.digits(cell).into_iter().map(u32::from).collect(),
                }
            }
        })
    }
    fn __str__(&self) -> String {
        match &self.marks {
            MarksKind::Classic(m) => m.render(),
            MarksKind::Sized(m, symbols) => m.render(*symbols),
        }
    }
    fn __repr__(&self) -> String {
        match &self.marks {
            MarksKind::Classic(m) => format!("Marks('{}')", m.to_grid().to_line()),
            MarksKind::Sized(m, symbols) => format!(
                "Marks('{}', boxes='{}')",
                line_text(&m.to_grid(), *symbols),
                m.shape()
            ),
        }
    }
}

/// The pencil marks of a puzzle (a `Marks`): every candidate its givens
/// allow, or a pencil-mark puzzle's own marks less what placed digits rule
/// out. Clashing givens raise `ValueError`. Takes every size, as `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, size=None, boxes=None, symbols=None))]
fn marks(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Marks> {
    let options = sized::read_options(size, boxes, symbols)?;
    match puzzle_arg(py, puzzle, options)? {
        Arg::Classic(record) => {
            let position = Position::from_record(&record)
                .map_err(|why| PyValueError::new_err(why.to_string()))?;
            Ok(Marks {
                marks: MarksKind::Classic(Box::new(position.candidates())),
            })
        }
        Arg::Sized(record) => {
            let grid = grid_of(&record);
            if let Some(conflict) = grid.conflict() {
                return Err(PyValueError::new_err(format!(
                    "line {}: {conflict}",
                    record.line
                )));
            }
            Ok(Marks {
                marks: MarksKind::Sized(SizedCandidates::from_grid(grid), record.symbols),
            })
        }
    }
}

/// The native `rate_many`: a list of `Rating`, in input order.
#[pyfunction]
#[pyo3(signature = (source, threads=None, *, size=None, boxes=None, symbols=None))]
fn _rate_many<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    threads: Option<usize>,
    size: Option<&Bound<'py, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Results> {
    let options = sized::read_options(size, boxes, symbols)?;
    // A rating costs little beside the logic: each is made whole by the
    // workers and cloned when read.
    collect(
        py,
        source,
        options,
        threads,
        COSTLY,
        |record, file| match record {
            AnyRecord::Classic(record) => Rating::of(&record, file),
            AnyRecord::Sized(record) => Rating::of_sized(&record, file),
        },
        |rating, _| rating.clone(),
    )
}

/// A generated puzzle with its only solution and its rating; `to_dict()`
/// is the record of `sudoku generate --to json`. Puzzles of other sizes
/// have no rating (`rating`, `difficulty` and `technique` are `None`; the
/// scale is 9x9's) and their record has `shape`, `size` and `seed`.
#[pyclass(module = "sudokit", frozen)]
pub struct Puzzle {
    made: Made,
}

/// A generated 9x9 puzzle, or one of another size.
enum Made {
    Classic {
        generated: Generated,
        record: GeneratedRecord,
    },
    Sized {
        made: SizedPuzzle,
        record: GeneratedSized,
        symbols: Symbols,
    },
}

#[pymethods]
impl Puzzle {
    /// 1-based position in the run.
    #[getter]
    fn index(&self) -> u64 {
        match &self.made {
            Made::Classic { record, .. } => record.index,
            Made::Sized { record, .. } => record.index,
        }
    }
    /// The puzzle, an 81-character line (N*N characters in the alphabet
    /// asked for on other sizes).
    #[getter]
    fn puzzle(&self) -> String {
        match &self.made {
            Made::Classic { record, .. } => record.puzzle.clone(),
            Made::Sized { made, symbols, .. } => line_text(&made.puzzle, *symbols),
        }
    }
    /// Its only solution.
    #[getter]
    fn solution(&self) -> String {
        match &self.made {
            Made::Classic { record, .. } => record.solution.clone(),
            Made::Sized { made, symbols, .. } => line_text(&made.solution, *symbols),
        }
    }
    /// The rating on the Sudoku Explainer scale (`None` for other sizes).
    #[getter]
    fn rating(&self) -> Option<f64> {
        match &self.made {
            Made::Classic { record, .. } => Some(record.rating),
            Made::Sized { .. } => None,
        }
    }
    /// The difficulty label of the rating (`None` for other sizes).
    #[getter]
    fn difficulty(&self) -> Option<&str> {
        match &self.made {
            Made::Classic { record, .. } => Some(&record.difficulty),
            Made::Sized { .. } => None,
        }
    }
    /// The hardest technique needed (`None` for other sizes).
    #[getter]
    fn technique(&self) -> Option<&str> {
        match &self.made {
            Made::Classic { record, .. } => Some(&record.technique),
            Made::Sized { .. } => None,
        }
    }
    /// The number of clues.
    #[getter]
    fn clues(&self) -> usize {
        match &self.made {
            Made::Classic { record, .. } => record.clues,
            Made::Sized { record, .. } => record.clues,
        }
    }
    /// The puzzle as a `Grid`.
    #[getter]
    fn grid(&self) -> PyGrid {
        match &self.made {
            Made::Classic { generated, .. } => PyGrid::new(generated.puzzle),
            Made::Sized { made, symbols, .. } => PyGrid::sized(made.puzzle.clone(), *symbols),
        }
    }
    /// The command's JSON record (`sudoku generate --to json`) as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.made {
            Made::Classic { record, .. } => to_dict(py, record),
            Made::Sized { record, .. } => to_dict(py, record),
        }
    }
    fn __str__(&self) -> String {
        self.puzzle()
    }
    fn __repr__(&self) -> String {
        match &self.made {
            Made::Classic { record, .. } => format!(
                "Puzzle('{}', rating={:.1}, difficulty='{}', clues={})",
                record.puzzle, record.rating, record.difficulty, record.clues
            ),
            Made::Sized { record, .. } => format!(
                "Puzzle('{}', boxes='{}', clues={})",
                self.puzzle(),
                record.shape,
                record.clues
            ),
        }
    }
}

fn difficulty_arg(name: &str) -> PyResult<Difficulty> {
    let all = Difficulty::ALL;
    all.iter()
        .copied()
        .find(|d| d.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|d| d.name()).collect();
            let (last, rest) = names.split_last().expect("there are labels");
            PyValueError::new_err(format!(
                "unknown difficulty '{name}' (expected {} or {last})",
                rest.join(", ")
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
/// same for a seed whatever the threads. `size`/`boxes` other than 9x9
/// (or `symbols` other than the default) make puzzles of that shape.
#[pyfunction]
#[pyo3(signature = (count, seed, difficulty=None, rating=None, symmetry=None, minimal=false, clues=None, threads=None, *, size=None, boxes=None, symbols=None))]
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
    size: Option<&Bound<'py, PyAny>>,
    boxes: Option<&str>,
    symbols: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let options = sized::read_options(size, boxes, symbols)?;
    let symmetry = match symmetry {
        Some(s) => s
            .parse::<Symmetry>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => Symmetry::None,
    };
    let other = options
        .shape
        .is_some_and(|s| s != sudoku_engine::sizes::Shape::CLASSIC)
        || options.symbols.is_some_and(|s| s != Symbols::Default);
    if other {
        let shape = options
            .shape
            .unwrap_or(sudoku_engine::sizes::Shape::CLASSIC);
        let symbols = options.symbols.unwrap_or(Symbols::Default);
        if !symbols.covers(shape.size()) {
            return Err(PyValueError::new_err(format!(
                "symbols: the {} alphabet has no digit for {1}x{1} grids",
                symbols.name(),
                shape.size()
            )));
        }
        return generate_sized(
            py,
            count,
            SizedOptions {
                symmetry,
                minimal,
                clues,
                difficulty: sized_difficulty_arg(difficulty, rating.is_some())?,
                seed,
                ..SizedOptions::new(shape)
            },
            symbols,
            threads,
        );
    }
    let range = match (difficulty, rating) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err("give difficulty or rating, not both"));
        }
        (Some(d), None) => Some(rating_range(difficulty_arg(d)?)),
        (None, Some(r)) => Some(rating_arg(r)?),
        (None, None) => None,
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
    let notes = generator.options().hard_to_meet();
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
                let generated = result.map_err(|e| gave_up(e, &notes))?;
                let record = GeneratedRecord::new(index, &generated);
                list.append(Bound::new(
                    py,
                    Puzzle {
                        made: Made::Classic { generated, record },
                    },
                )?)?;
            }
            Ok(())
        },
    )?;
    Ok(list)
}

/// `difficulty=` for other sizes: `any`, `easiest` or `hardest` (the
/// ratings are 9x9's).
fn sized_difficulty_arg(difficulty: Option<&str>, rating: bool) -> PyResult<SizedDifficulty> {
    let names: Vec<&str> = SizedDifficulty::ALL.iter().map(|d| d.name()).collect();
    if rating {
        return Err(PyValueError::new_err(format!(
            "rating is for 9x9 grids only; for other sizes give difficulty {}",
            names.join(", ")
        )));
    }
    match difficulty {
        None => Ok(SizedDifficulty::Any),
        Some(d) => d.to_ascii_lowercase().parse::<SizedDifficulty>().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown difficulty '{d}' for other sizes (expected {}; the 9x9 labels are rated on 9x9 only)",
                names.join(", ")
            ))
        }),
    }
}

/// Puzzles of another size, as `_generate` makes 9x9 ones.
fn generate_sized<'py>(
    py: Python<'py>,
    count: u64,
    options: SizedOptions,
    symbols: Symbols,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let generator =
        Arc::new(SizedGenerator::new(options).map_err(|e| PyValueError::new_err(e.to_string()))?);
    let notes = generator.options().hard_to_meet();
    let list = PyList::empty(py);
    let options = generator.options().clone();
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
                let made = result.map_err(|e| gave_up(e, &notes))?;
                let record = GeneratedSized::new(index, &options, &made);
                list.append(Bound::new(
                    py,
                    Puzzle {
                        made: Made::Sized {
                            made,
                            record,
                            symbols,
                        },
                    },
                )?)?;
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
    m.add_class::<PyMistake>()?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(marks, m)?)?;
    m.add_function(wrap_pyfunction!(_rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(_generate, m)?)?;
    Ok(())
}

/// The error of a generation that failed: when the attempts ran out, with
/// the library's notes on the options few puzzles meet.
fn gave_up(e: sudoku_generator::GenerateError, notes: &[String]) -> PyErr {
    match e {
        sudoku_generator::GenerateError::GaveUp(_) if !notes.is_empty() => {
            PyRuntimeError::new_err(format!("{e}: {}", notes.join("; ")))
        }
        _ => PyRuntimeError::new_err(e.to_string()),
    }
}
