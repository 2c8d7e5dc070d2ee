//! `sudokit.Results`: the results of a batch, in input order. Each result
//! object is made when it is read, so a batch of millions costs one Python
//! object until its results are used.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};

/// The rows of one batch, of any result type.
pub trait Rows: Send + Sync {
    fn len(&self) -> usize;
    fn get<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>>;
}

/// What the workers found for each input, kept as it came (no record is
/// written out yet), and how to make a row's result object when it is
/// read: a batch of millions costs no more than its outcomes.
pub struct Lazy<P, T> {
    pub found: Vec<P>,
    /// The file the batch was read from, for the records' `file` field.
    pub file: Option<Arc<str>>,
    pub make: fn(&P, Option<&str>) -> T,
}

impl<P, T> Rows for Lazy<P, T>
where
    P: Send + Sync,
    T: pyo3::PyClass + Into<PyClassInitializer<T>>,
{
    fn len(&self) -> usize {
        self.found.len()
    }

    fn get<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        let result = (self.make)(&self.found[i], self.file.as_deref());
        Ok(Bound::new(py, result)?.into_any())
    }
}

/// The results of a batch, one per input, in input order: a read-only
/// sequence (`len`, indexing, slicing, iteration). Each item is made when
/// it is read; `list(results)` makes them all.
#[pyclass(module = "sudokit", frozen, sequence)]
pub struct Results {
    rows: Box<dyn Rows>,
}

impl Results {
    pub fn new(rows: Box<dyn Rows>) -> Results {
        Results { rows }
    }
}

#[pymethods]
impl Results {
    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let len = self.rows.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let s = slice.indices(len as isize)?;
            let list = PyList::empty(py);
            let mut i = s.start;
            for _ in 0..s.slicelength {
                list.append(self.rows.get(py, i as usize)?)?;
                i += s.step;
            }
            return Ok(list.into_any());
        }
        let i: isize = index
            .extract()
            .map_err(|_| PyTypeError::new_err("results are indexed by an int or a slice"))?;
        let j = if i < 0 { i + len as isize } else { i };
        if j < 0 || j as usize >= len {
            return Err(PyIndexError::new_err("result index out of range"));
        }
        self.rows.get(py, j as usize)
    }

    fn __iter__(slf: Bound<'_, Self>) -> ResultsIter {
        ResultsIter {
            results: slf.unbind(),
            next: 0,
        }
    }

    /// Every result, as a list.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for i in 0..self.rows.len() {
            list.append(self.rows.get(py, i)?)?;
        }
        Ok(list)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let len = self.rows.len();
        let mut shown = Vec::new();
        for i in 0..len.min(3) {
            shown.push(self.rows.get(py, i)?.repr()?.to_string());
        }
        if len > 3 {
            shown.push(format!("... {} more", len - 3));
        }
        Ok(format!("Results([{}])", shown.join(", ")))
    }
}

/// An iterator over [`Results`].
#[pyclass(module = "sudokit")]
pub struct ResultsIter {
    results: Py<Results>,
    next: usize,
}

#[pymethods]
impl ResultsIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let rows = &self.results.get().rows;
        if self.next >= rows.len() {
            return Ok(None);
        }
        self.next += 1;
        rows.get(py, self.next - 1).map(Some)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Results>()?;
    m.add_class::<ResultsIter>()?;
    Ok(())
}
