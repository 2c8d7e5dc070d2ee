//! `rate`, `explain`, `hint`, `marks` and `generate`: the logical solver of
//! `sudoku-logic` and the generator of `sudoku-generator`. The result
//! objects wrap the libraries' records (`RatingRecord`, `HintRecord`,
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
use sudoku_logic::records::{HintRecord, RatingRecord, StepRecord};
use sudoku_logic::{
    Candidates, Difficulty, HintLevel, Mistake, NoPath, Path, Position, Solver, Step,
};

use crate::batch::{self, COSTLY, Item, Source};
use crate::grid::PyGrid;
use crate::results::Results;
use crate::solve::collect;
use crate::{puzzle_arg, to_dict};

/// `(cell, digit)` pairs such as `("r1c6", 8)`.
fn pairs(list: &[sudoku_logic::Candidate]) -> Vec<(String, u8)> {
    list.iter()
        .map(|c| (c.cell.to_string(), c.digit.get()))
        .collect()
}

/// One logical step: the technique, its rating, what it places and removes,
/// and one sentence that explains it. `str(step)` is the command's line;
/// `to_dict()` is the step as `sudoku explain --to json` writes it.
#[pyclass(name = "Step", module = "sudokit", frozen)]
pub struct PyStep {
    step: Step,
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
        pairs(&self.step.placements)
    }
    /// Candidates removed, as `(cell, digit)` pairs.
    #[getter]
    fn eliminations(&self) -> Vec<(String, u8)> {
        pairs(&self.step.eliminations)
    }
    /// The cells that make the pattern (for highlighting), such as `"r3c5"`.
    #[getter]
    fn cells(&self) -> Vec<String> {
        self.step.cells.iter().map(|c| c.to_string()).collect()
    }
    /// The candidates that make the pattern or the chain, as `(cell, digit)` pairs.
    #[getter]
    fn candidates(&self) -> Vec<(String, u8)> {
        pairs(&self.step.candidates)
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
    /// The step as the JSON records write it (`technique`, `rating`,
    /// `placements`, `eliminations`, `explanation`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &StepRecord::from(&self.step))
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
            puzzle,
            status: why.status(),
            error: why.to_string(),
        }
    }
}

/// A rating's record, or why there is none.
#[derive(Clone)]
enum Rated {
    Record(RatingRecord),
    Refused(Refusal),
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
    fn of(record: &Record, file: Option<&str>) -> Rating {
        // The steps are not kept: a batch of ratings stays small.
        Rating {
            rated: rated(record, file).0,
        }
    }

    fn record(&self) -> Option<&RatingRecord> {
        match &self.rated {
            Rated::Record(r) => Some(r),
            Rated::Refused(_) => None,
        }
    }
}

#[pymethods]
impl Rating {
    /// The rating (one decimal); a lower bound when `solved` is false.
    #[getter]
    fn value(&self) -> Option<f64> {
        self.record().map(|r| r.rating)
    }
    /// `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`.
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.record().map(|r| r.difficulty.name())
    }
    /// The hardest step's technique, `"-"` for a grid with nothing to solve.
    #[getter]
    fn technique(&self) -> Option<&str> {
        self.record().map(|r| r.technique.as_str())
    }
    /// Whether logic solved the puzzle (the rating is then exact).
    #[getter]
    fn solved(&self) -> bool {
        self.record().is_some_and(|r| r.solved)
    }
    /// Why logic stopped before the end, when it did.
    #[getter]
    fn stopped(&self) -> Option<&str> {
        self.record().and_then(|r| r.stopped.as_deref())
    }
    /// `"rated"`, `"invalid"`, `"no_solution"` or `"multiple"`.
    #[getter]
    fn status(&self) -> &'static str {
        match &self.rated {
            Rated::Record(_) => "rated",
            Rated::Refused(r) => r.status,
        }
    }
    /// Why there is no rating, with its line as the command says it.
    #[getter]
    fn error(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(_) => None,
            Rated::Refused(r) => Some(&r.error),
        }
    }
    /// 1-based position in the batch.
    #[getter]
    fn index(&self) -> usize {
        match &self.rated {
            Rated::Record(r) => r.index,
            Rated::Refused(r) => r.index,
        }
    }
    /// 1-based line where the puzzle starts.
    #[getter]
    fn line(&self) -> usize {
        match &self.rated {
            Rated::Record(r) => r.line,
            Rated::Refused(r) => r.line,
        }
    }
    /// The file of the batch, `None` otherwise.
    #[getter]
    fn file(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(r) => r.file.as_deref(),
            Rated::Refused(r) => r.file.as_deref(),
        }
    }
    /// The puzzle as an 81-character line (729 characters for pencil
    /// marks), `None` when unreadable.
    #[getter]
    fn puzzle(&self) -> Option<&str> {
        match &self.rated {
            Rated::Record(r) => Some(&r.puzzle),
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
    record: Option<RatingRecord>,
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
            Some(r) => to_dict(py, r),
            None => self.rating.get().to_dict(py),
        }
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.steps.bind(py).len()
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        let r = self.rating.get();
        if r.record().is_none() {
            return format!(
                "Explanation(status='{}', error={:?})",
                r.status(),
                r.error().unwrap_or("")
            );
        }
        format!(
            "Explanation(steps={}, value={}, difficulty='{}', technique='{}')",
            self.steps.bind(py).len(),
            r.value().map_or("None".into(), |v| format!("{v:.1}")),
            r.difficulty().unwrap_or("-"),
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
#[pyfunction]
fn rate(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Rating> {
    let record = puzzle_arg(py, puzzle)?;
    Ok(py.detach(|| Rating::of(&record, None)))
}

/// Every logical step from the puzzle to the end, and the rating (an
/// `Explanation`). Takes the same puzzles as `rate`.
#[pyfunction]
fn explain(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Explanation> {
    let record = puzzle_arg(py, puzzle)?;
    let (rated, path) = py.detach(|| rated(&record, None));
    let steps = path.map(|p| p.steps).unwrap_or_default();
    let record = match &rated {
        Rated::Record(r) => Some(r.clone().with_steps(&steps)),
        Rated::Refused(_) => None,
    };
    let list = PyList::empty(py);
    for step in steps {
        list.append(Bound::new(py, PyStep { step })?)?;
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
    mistake: Mistake,
}

#[pymethods]
impl PyMistake {
    /// `"wrong_digit"` or `"crossed_out"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.mistake {
            Mistake::WrongDigit { .. } => "wrong_digit",
            Mistake::CrossedOut { .. } => "crossed_out",
        }
    }
    /// The cell, such as `"r4c5"`.
    #[getter]
    fn cell(&self) -> String {
        self.mistake.cell().to_string()
    }
    /// The digit the solution has in the cell.
    #[getter]
    fn digit(&self) -> u8 {
        match self.mistake {
            Mistake::WrongDigit { solution, .. } => solution.get(),
            Mistake::CrossedOut { digit, .. } => digit.get(),
        }
    }
    /// The digit the player placed (`None` for a crossed-out candidate).
    #[getter]
    fn entered(&self) -> Option<u8> {
        match self.mistake {
            Mistake::WrongDigit { entered, .. } => Some(entered.get()),
            Mistake::CrossedOut { .. } => None,
        }
    }
    /// The mistake as the hint record writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &self.mistake)
    }
    fn __str__(&self) -> String {
        self.mistake.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Mistake({:?})", self.mistake.to_string())
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
    hint: sudoku_logic::Hint,
    record: HintRecord,
}

#[pymethods]
impl Hint {
    /// What the hint found: `"step"`, or what is wrong or done.
    #[getter]
    fn status(&self) -> &'static str {
        self.record.status.name()
    }
    /// The level asked for: `"nudge"`, `"cells"` or `"step"`.
    #[getter]
    fn level(&self) -> &'static str {
        self.record.level.name()
    }
    /// The hint in words, at its level (or what is wrong).
    #[getter]
    fn message(&self) -> &str {
        &self.record.message
    }
    /// The next step's technique (every level).
    #[getter]
    fn technique(&self) -> Option<&str> {
        self.record.technique.as_deref()
    }
    /// The houses to look at, such as `["b4"]` or `["row 3", "column 5"]`
    /// (every level).
    #[getter]
    fn houses(&self) -> Option<Vec<String>> {
        self.record
            .houses
            .as_ref()
            .map(|h| h.iter().map(ToString::to_string).collect())
    }
    /// The cells that prove the step, such as `"r3c5"` (levels `cells`
    /// and `step`).
    #[getter]
    fn cells(&self) -> Option<Vec<String>> {
        self.record
            .cells
            .as_ref()
            .map(|c| c.iter().map(ToString::to_string).collect())
    }
    /// The candidates that prove the step, as `(cell, digit)` pairs
    /// (levels `cells` and `step`).
    #[getter]
    fn candidates(&self) -> Option<Vec<(String, u8)>> {
        self.record.candidates.as_deref().map(pairs)
    }
    /// The whole step (level `step`).
    #[getter]
    fn step(&self) -> Option<PyStep> {
        self.hint.step().map(|step| PyStep { step: step.clone() })
    }
    /// The player's mistakes in reading order (a list of `Mistake`), when
    /// the hint found some (every level).
    #[getter]
    fn mistakes(&self) -> Option<Vec<PyMistake>> {
        self.record
            .mistakes
            .as_ref()
            .map(|m| m.iter().map(|&mistake| PyMistake { mistake }).collect())
    }
    /// The pencil marks the hint looked at, when it got that far.
    #[getter]
    fn marks(&self) -> Option<Marks> {
        self.hint
            .outcome()
            .marks()
            .map(|marks| Marks { marks: *marks })
    }
    /// The position the hint is for: its 81-character line, or the
    /// 729-character line of pencil marks.
    #[getter]
    fn puzzle(&self) -> &str {
        &self.record.puzzle
    }
    /// The command's JSON record (`sudoku hint --to json --level LEVEL`) as
    /// a dict: the fields of the level only.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &self.record)
    }
    fn __str__(&self) -> &str {
        &self.record.message
    }
    fn __repr__(&self) -> String {
        format!(
            "Hint(status='{}', level='{}', message={:?})",
            self.status(),
            self.level(),
            self.record.message
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
#[pyfunction]
#[pyo3(signature = (puzzle, given=None, level="step"))]
fn hint(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    given: Option<&Bound<'_, PyAny>>,
    level: &str,
) -> PyResult<Hint> {
    let level: HintLevel = level.parse().map_err(PyValueError::new_err)?;
    let record = puzzle_arg(py, puzzle)?;
    let givens = match given {
        Some(g) => Some(puzzle_arg(py, g)?.grid.expect("puzzle_arg gives a puzzle")),
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
    Ok(Hint { hint, record })
}

/// The pencil marks of a puzzle: `str(marks)` is the grid the command's
/// `marks` prints (it reads back as a puzzle), `.compact` the compact rows,
/// `.line` the 729-character line, `marks[row, col]` the candidates of a
/// cell (0-based; a placed digit alone).
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
    /// The 729-character line (nine places per cell, the digit `d` at place
    /// `d` when it is a candidate, `.` when not): a pencil-mark puzzle that
    /// every function takes. Cross candidates out of it and ask for a hint.
    #[getter]
    fn line(&self) -> String {
        let sets: [DigitSet; 81] =
            std::array::from_fn(|i| self.marks.mask(sudoku_engine::Cell::new(i)));
        PencilMarks::from_parts(*self.marks.values(), sets)
            .expect("pencil marks hold digits 1-9")
            .to_line()
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

/// The pencil marks of a puzzle (a `Marks`): every candidate its givens
/// allow, or a pencil-mark puzzle's own marks less what placed digits rule
/// out. Clashing givens raise `ValueError`.
#[pyfunction]
fn marks(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<Marks> {
    let record = puzzle_arg(py, puzzle)?;
    let position =
        Position::from_record(&record).map_err(|why| PyValueError::new_err(why.to_string()))?;
    Ok(Marks {
        marks: position.candidates(),
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
    // A rating costs little beside the logic: each is made whole by the
    // workers and cloned when read.
    collect(
        py,
        source,
        threads,
        COSTLY,
        |record, file| Rating::of(&record, file),
        |rating, _| rating.clone(),
    )
}

/// A generated puzzle with its only solution and its rating; `to_dict()`
/// is the record of `sudoku generate --to json`.
#[pyclass(module = "sudokit", frozen)]
pub struct Puzzle {
    generated: Generated,
    record: GeneratedRecord,
}

#[pymethods]
impl Puzzle {
    /// 1-based position in the run.
    #[getter]
    fn index(&self) -> u64 {
        self.record.index
    }
    /// The puzzle, an 81-character line.
    #[getter]
    fn puzzle(&self) -> &str {
        &self.record.puzzle
    }
    /// Its only solution.
    #[getter]
    fn solution(&self) -> &str {
        &self.record.solution
    }
    /// The rating on the Sudoku Explainer scale.
    #[getter]
    fn rating(&self) -> f64 {
        self.record.rating
    }
    /// The difficulty label of the rating.
    #[getter]
    fn difficulty(&self) -> &str {
        &self.record.difficulty
    }
    /// The hardest technique needed.
    #[getter]
    fn technique(&self) -> &str {
        &self.record.technique
    }
    /// The number of clues.
    #[getter]
    fn clues(&self) -> usize {
        self.record.clues
    }
    /// The puzzle as a `Grid`.
    #[getter]
    fn grid(&self) -> PyGrid {
        PyGrid::new(self.generated.puzzle)
    }
    /// The command's JSON record (`sudoku generate --to json`) as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &self.record)
    }
    fn __str__(&self) -> &str {
        &self.record.puzzle
    }
    fn __repr__(&self) -> String {
        format!(
            "Puzzle('{}', rating={:.1}, difficulty='{}', clues={})",
            self.record.puzzle, self.record.rating, self.record.difficulty, self.record.clues
        )
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
                let record = GeneratedRecord::new(index, &generated);
                list.append(Bound::new(py, Puzzle { generated, record })?)?;
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
