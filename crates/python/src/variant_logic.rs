//! `VariantPuzzle.hint()`, `.explain()` and `.marks()`: the steps, paths
//! and pencil marks of `sudoku_variants::logic`, as Python objects shaped
//! like the 9x9 ones (`Step`, `Explanation`, `Marks`). Cells are 0-based
//! indices, as everywhere in the variant API.

use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use sudoku_variants::Puzzle;
use sudoku_variants::logic::{self, Marks, Step, Stopped};
use sudoku_variants::report;

use crate::{to_dict, type_name};

create_exception!(
    sudokit,
    LogicError,
    PyValueError,
    "`VariantPuzzle.hint()` has no step to give.\n\n\
     `.status` says why, in the words of `Hint.status`: `\"conflict\"` (the\n\
     givens break a rule), `\"no_solution\"`, `\"multiple_solutions\"` or\n\
     `\"no_technique\"` (no known technique applies)."
);

/// `Hint.status`'s name for why the logic stopped.
fn status_of(why: &Stopped) -> &'static str {
    match why {
        Stopped::Invalid(_) => "conflict",
        Stopped::NoSolution => "no_solution",
        Stopped::MultipleSolutions => "multiple_solutions",
        Stopped::NoTechnique => "no_technique",
    }
}

fn logic_error(py: Python<'_>, why: &Stopped) -> PyErr {
    let err = LogicError::new_err(why.to_string());
    // Setting an attribute on a fresh exception instance cannot fail.
    let _ = err.value(py).setattr("status", status_of(why));
    err
}

/// One step of the variant logic: the technique, what it places and
/// removes (`(cell, digit)` pairs, cells as 0-based indices), the cells of
/// the pattern, the houses, cages or lines to look at, and one sentence
/// that explains it. `str(step)` is the line `sudoku explain --variant`
/// prints; `to_dict()` the step of its JSON record.
#[pyclass(module = "sudokit", frozen, eq)]
#[derive(PartialEq)]
pub struct VariantStep {
    step: Step,
    /// The grid's side, for the `r1c1` names of `outcome`.
    size: usize,
}

#[pymethods]
impl VariantStep {
    /// The technique's name, e.g. `"Cage Combinations"`.
    #[getter]
    fn technique(&self) -> &'static str {
        self.step.name()
    }
    /// Digits placed, as `(cell, digit)` pairs.
    #[getter]
    fn placements(&self) -> Vec<(usize, u8)> {
        self.step.placements.clone()
    }
    /// Candidates removed, as `(cell, digit)` pairs.
    #[getter]
    fn eliminations(&self) -> Vec<(usize, u8)> {
        self.step.eliminations.clone()
    }
    /// The cells that make the pattern (for highlighting).
    #[getter]
    fn cells(&self) -> Vec<usize> {
        self.step.cells.clone()
    }
    /// The houses, cages or lines to look at, by name (`"row 3"`,
    /// `"cage r1c1 (15)"`, `"the main diagonal"`).
    #[getter]
    fn houses(&self) -> Vec<String> {
        self.step.houses.clone()
    }
    /// One sentence that explains the step, naming cells `r1c1` style.
    #[getter]
    fn explanation(&self) -> &str {
        &self.step.explanation
    }
    /// The placements and eliminations in short form: `r1c2=5; r3c4<>7`.
    #[getter]
    fn outcome(&self) -> String {
        self.step.outcome_text(self.size)
    }
    /// The hint that gives nothing away: the technique and where to look
    /// (`"Look for Cage Combinations in cage r1c1 (3)."`), as `sudoku hint
    /// --level nudge` says it.
    #[getter]
    fn nudge(&self) -> String {
        self.step.nudge()
    }
    /// The step as `sudoku explain --variant --to json` writes it
    /// (`technique`, `placements`, `eliminations`, `cells`, `houses`,
    /// `explanation`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_dict(py, &self.step)
    }
    fn __str__(&self) -> String {
        self.step.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "VariantStep(technique='{}', outcome='{}')",
            self.technique(),
            self.outcome()
        )
    }
}

/// The pencil marks of a variant puzzle: its givens placed and every
/// cell's candidates left by its peers and rules. `marks[row, col]` (or
/// `marks[cell]`) is a cell's candidates, a placed digit alone, as in
/// `Marks`; `.candidates` all of them; `str(marks)` the grid `sudoku marks
/// --variant` prints, `.compact` its compact form.
#[pyclass(module = "sudokit", frozen)]
pub struct VariantMarks {
    marks: Marks,
}

impl VariantMarks {
    fn cell(&self, cell: usize) -> Vec<u32> {
        match self.marks.value(cell) {
            Some(d) => vec![u32::from(d)],
            None => self.marks.digits(cell).into_iter().map(u32::from).collect(),
        }
    }
}

#[pymethods]
impl VariantMarks {
    /// The grid's side.
    #[getter]
    fn size(&self) -> usize {
        self.marks.size()
    }
    /// Every cell's candidates in reading order (a placed digit alone; an
    /// empty list for a cell left without candidates).
    #[getter]
    fn candidates(&self) -> Vec<Vec<u32>> {
        let n = self.marks.size();
        (0..n * n).map(|c| self.cell(c)).collect()
    }
    /// The digits placed, N*N ints (0 for an empty cell).
    #[getter]
    fn digits(&self) -> Vec<u32> {
        self.marks.values().iter().map(|&d| u32::from(d)).collect()
    }
    /// The digits placed as one line (`.` blank, `A`-`G` for 10-16).
    #[getter]
    fn givens(&self) -> String {
        report::line_text(self.marks.values())
    }
    /// Whether every cell holds a digit.
    #[getter]
    fn is_solved(&self) -> bool {
        self.marks.is_solved()
    }
    /// The compact form: one row of cells per line, without padding.
    #[getter]
    fn compact(&self) -> String {
        self.marks.render(true)
    }
    fn __getitem__(&self, index: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let n = self.marks.size();
        let cell = if let Ok((row, col)) = index.extract::<(usize, usize)>() {
            if row >= n || col >= n {
                return Err(PyIndexError::new_err(format!(
                    "row and column go from 0 to {}",
                    n - 1
                )));
            }
            row * n + col
        } else if let Ok(cell) = index.extract::<usize>() {
            if cell >= n * n {
                return Err(PyIndexError::new_err(format!(
                    "cells go from 0 to {}",
                    n * n - 1
                )));
            }
            cell
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected a cell (an int) or (row, column), got {}",
                type_name(index)
            )));
        };
        Ok(self.cell(cell))
    }
    fn __str__(&self) -> String {
        self.marks.render(false)
    }
    fn __repr__(&self) -> String {
        format!("VariantMarks('{}')", self.givens())
    }
}

/// Every step of the variant logic from a puzzle to the end: `.steps` (a
/// list of `VariantStep`), `.solved`, `.stopped` (why logic stopped before
/// the end), `.marks` (the pencil marks after the last step) and
/// `.solution`. As in `Explanation`, `.status` is `"explained"`, or
/// `"invalid"`, `"no_solution"` or `"multiple"` when the puzzle has no
/// logical path (no steps; `.error` says why).
#[pyclass(module = "sudokit", frozen)]
pub struct VariantExplanation {
    steps: Py<PyList>,
    solved: bool,
    /// Why the puzzle has no path, or why logic stopped on the way.
    stopped: Option<Stopped>,
    marks: Py<VariantMarks>,
    solution: Option<Vec<u8>>,
}

#[pymethods]
impl VariantExplanation {
    /// The steps, the easiest technique that applies at each point.
    #[getter]
    fn steps(&self, py: Python<'_>) -> Py<PyList> {
        self.steps.clone_ref(py)
    }
    /// Whether the steps fill the grid.
    #[getter]
    fn solved(&self) -> bool {
        self.solved
    }
    /// Why logic stopped before the end though the puzzle has one
    /// solution (`None` when it solved it, or when there is no path).
    #[getter]
    fn stopped(&self) -> Option<String> {
        self.stopped
            .as_ref()
            .filter(|why| **why == Stopped::NoTechnique)
            .map(ToString::to_string)
    }
    /// `"explained"`, or `"invalid"`, `"no_solution"` or `"multiple"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.stopped {
            Some(Stopped::Invalid(_)) => "invalid",
            Some(Stopped::NoSolution) => "no_solution",
            Some(Stopped::MultipleSolutions) => "multiple",
            Some(Stopped::NoTechnique) | None => "explained",
        }
    }
    /// Why there is no logical path (the givens break a rule, no solution,
    /// several).
    #[getter]
    fn error(&self) -> Option<String> {
        self.stopped
            .as_ref()
            .filter(|why| **why != Stopped::NoTechnique)
            .map(ToString::to_string)
    }
    /// The pencil marks after the last step (a `VariantMarks`).
    #[getter]
    fn marks(&self, py: Python<'_>) -> Py<VariantMarks> {
        self.marks.clone_ref(py)
    }
    /// The only solution as a line, `None` without a logical path.
    #[getter]
    fn solution(&self) -> Option<String> {
        self.solution.as_deref().map(report::line_text)
    }
    /// The explanation as a dict of plain values, ready for `json.dumps`:
    /// `status`, `solved`, `stopped` and `error` (when there), `solution`
    /// and `steps` (each as `VariantStep.to_dict()` gives it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let steps = self
            .steps
            .bind(py)
            .iter()
            .map(|s| Ok(s.cast::<VariantStep>()?.get().step.clone()))
            .collect::<PyResult<Vec<Step>>>()?;
        to_dict(
            py,
            &ExplanationRecord {
                status: self.status(),
                solved: self.solved,
                stopped: self.stopped(),
                error: self.error(),
                solution: self.solution(),
                steps: &steps,
            },
        )
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.steps.bind(py).len()
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        match self.error() {
            Some(error) => format!(
                "VariantExplanation(status='{}', error={error:?})",
                self.status()
            ),
            None => format!(
                "VariantExplanation(steps={}, solved={})",
                self.steps.bind(py).len(),
                if self.solved { "True" } else { "False" }
            ),
        }
    }
}

/// `VariantExplanation.to_dict()`'s fields.
#[derive(serde::Serialize)]
struct ExplanationRecord<'a> {
    status: &'static str,
    solved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    solution: Option<String>,
    steps: &'a [Step],
}

/// `logic::unique_solution` with its search interruptible by Ctrl-C
/// (the search the solve and count methods use): the uniqueness check
/// is the one part of a hint or an explanation that can take long.
fn unique_solution(py: Python<'_>, puzzle: &Puzzle) -> PyResult<Result<Vec<u8>, Stopped>> {
    logic::unique_solution_by(puzzle, |p| crate::variants::search(py, p, 2))
}

/// The next step, `None` when the grid is full; `LogicError` otherwise.
pub fn hint(py: Python<'_>, puzzle: &Puzzle) -> PyResult<Option<VariantStep>> {
    let found = unique_solution(py, puzzle)?.map(|_| {
        py.detach(|| {
            let marks = logic::pencil_marks(puzzle);
            // A full grid and a stall both give no step: tell them apart.
            (logic::next_step(&marks), marks.is_solved())
        })
    });
    match found {
        Ok((Some(step), _)) => Ok(Some(VariantStep {
            step,
            size: puzzle.size(),
        })),
        Ok((None, true)) => Ok(None),
        Ok((None, false)) => Err(logic_error(py, &Stopped::NoTechnique)),
        Err(why) => Err(logic_error(py, &why)),
    }
}

/// Every step to the end, or why there are none.
pub fn explain(py: Python<'_>, puzzle: &Puzzle) -> PyResult<VariantExplanation> {
    let unique = unique_solution(py, puzzle)?;
    let explanation = py.detach(|| logic::explain_knowing(puzzle, unique));
    let size = puzzle.size();
    let steps = PyList::empty(py);
    for step in explanation.steps {
        steps.append(VariantStep { step, size })?;
    }
    Ok(VariantExplanation {
        steps: steps.unbind(),
        solved: explanation.solved,
        stopped: explanation.stopped,
        marks: Py::new(
            py,
            VariantMarks {
                marks: explanation.final_marks,
            },
        )?,
        solution: explanation.solution,
    })
}

/// The pencil marks of the givens; `ValueError` when they break a rule.
pub fn marks(py: Python<'_>, puzzle: &Puzzle) -> PyResult<VariantMarks> {
    if let Some(v) = puzzle.violation(puzzle.givens()) {
        return Err(PyValueError::new_err(v.to_string()));
    }
    let marks = py.detach(|| logic::pencil_marks(puzzle));
    Ok(VariantMarks { marks })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LogicError", m.py().get_type::<LogicError>())?;
    m.add_class::<VariantStep>()?;
    m.add_class::<VariantMarks>()?;
    m.add_class::<VariantExplanation>()?;
    Ok(())
}
