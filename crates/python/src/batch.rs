//! Batches: records are read in chunks and worked on by threads that do not
//! hold the GIL, while this thread reads the next chunk and, every few
//! milliseconds, checks for Ctrl-C. Results come back in input order.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyString};
use sudoku_engine::Grid;
use sudoku_engine::format::{self, Reader, Record};
use sudoku_engine::sizes::format::{
    AnyRecord, ReadOptions, SizedReader, SizedRecord, peek, read_first_any, read_one_any,
};
use sudoku_engine::sizes::{SizedGrid, Symbols};

use crate::grid::{GridKind, PyGrid};
use crate::sized::sized_record;
use crate::{grid_record, type_name};

/// How often a waiting batch looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// One input of a batch, turned into a [`Record`] by a worker.
pub enum Item {
    /// A string holding one puzzle, and its 1-based position.
    Text(String, usize),
    /// A record already read from a file.
    Record(Record),
    /// A Grid object or a row of a NumPy array, and its position.
    Grid(Grid, usize),
    /// A 0-based index, for generation.
    Index(u64),
    /// A record of another size read from a file.
    SizedRecord(SizedRecord),
    /// A Grid object of another size (or alphabet), and its position.
    SizedGrid(SizedGrid, Symbols, usize),
}

impl Item {
    /// The record of a puzzle item.
    pub fn into_record(self) -> Record {
        match self {
            Item::Text(text, index) => {
                let mut record = format::read_one(&text);
                record.index = index;
                record
            }
            Item::Record(record) => record,
            Item::Grid(grid, index) => grid_record(grid, index),
            Item::Index(_) | Item::SizedRecord(_) | Item::SizedGrid(..) => {
                unreachable!("a 9x9 record is asked of 9x9 items only")
            }
        }
    }

    /// The record of a puzzle item of any size: a text goes to the reader
    /// that takes it, as for one puzzle (`options` force a shape or an
    /// alphabet).
    pub fn into_any(self, options: ReadOptions) -> AnyRecord {
        match self {
            Item::Text(text, index) => match read_one_any(&text, options) {
                AnyRecord::Classic(mut record) => {
                    record.index = index;
                    AnyRecord::Classic(record)
                }
                AnyRecord::Sized(mut record) => {
                    record.index = index;
                    AnyRecord::Sized(record)
                }
            },
            Item::SizedRecord(record) => AnyRecord::Sized(record),
            Item::SizedGrid(grid, symbols, index) => {
                let mut record = sized_record(grid, options.symbols.unwrap_or(symbols));
                record.index = index;
                AnyRecord::Sized(record)
            }
            other => AnyRecord::Classic(other.into_record()),
        }
    }
}

/// Where the items of a batch come from.
pub enum Source<'py> {
    /// A file read by the library's streaming reader.
    File {
        reader: Box<Reader<BufReader<File>>>,
        label: Arc<str>,
    },
    /// A file of puzzles of another size, read by the reader of every size.
    SizedFile {
        reader: Box<SizedReader<BufReader<File>>>,
        label: Arc<str>,
    },
    /// Any iterable of `str` or `Grid`.
    Iter {
        iter: Bound<'py, PyIterator>,
        position: usize,
    },
    /// `n` rows of 81 digits (a NumPy array's bytes).
    Cells {
        bytes: Bound<'py, PyBytes>,
        next: usize,
    },
    /// The indices `next..end`.
    Range { next: u64, end: u64 },
}

impl<'py> Source<'py> {
    /// A file path (`str` or `os.PathLike`) or an iterable of puzzles. A
    /// file is read by the reader its first puzzle goes to, as the command
    /// reads it (`options` force a shape or an alphabet).
    pub fn new(source: &Bound<'py, PyAny>, options: ReadOptions) -> PyResult<Source<'py>> {
        let is_path =
            source.is_instance_of::<PyString>() || source.hasattr("__fspath__").unwrap_or(false);
        if is_path {
            let path: PathBuf = source.extract()?;
            let file = File::open(&path)?;
            let label: Arc<str> = path.display().to_string().into();
            let first = peek(&mut BufReader::new(File::open(&path)?))?;
            let first = String::from_utf8_lossy(&first);
            if let AnyRecord::Sized(_) = read_first_any(&first, options) {
                let reader = SizedReader::new(BufReader::with_capacity(1 << 16, file), options);
                return Ok(Source::SizedFile {
                    reader: Box::new(reader),
                    label,
                });
            }
            return Ok(Source::File {
                reader: Box::new(Reader::new(BufReader::with_capacity(1 << 16, file))),
                label,
            });
        }
        if let Ok(bytes) = source.cast::<PyBytes>() {
            return Ok(Source::Cells {
                bytes: bytes.clone(),
                next: 0,
            });
        }
        let iter = source.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a file path or an iterable of puzzles, got {}",
                type_name(source)
            ))
        })?;
        Ok(Source::Iter { iter, position: 0 })
    }

    /// The file name for the records' `file` field.
    pub fn label(&self) -> Option<Arc<str>> {
        match self {
            Source::File { label, .. } | Source::SizedFile { label, .. } => Some(Arc::clone(label)),
            _ => None,
        }
    }

    /// Up to `max` more items; none at the end.
    fn next_chunk(&mut self, py: Python<'py>, max: usize) -> PyResult<Vec<Item>> {
        let mut items = Vec::with_capacity(max);
        match self {
            Source::File { reader, .. } => {
                let reader = &mut **reader;
                py.detach(|| -> std::io::Result<()> {
                    // One-line puzzles of other sizes among 9x9 ones are
                    // read by the reader of every size, as the command does.
                    while items.len() < max {
                        match reader.next_any()? {
                            Some(AnyRecord::Classic(record)) => items.push(Item::Record(record)),
                            Some(AnyRecord::Sized(record)) => items.push(Item::SizedRecord(record)),
                            None => break,
                        }
                    }
                    Ok(())
                })?;
            }
            Source::SizedFile { reader, .. } => {
                let reader = &mut **reader;
                py.detach(|| -> std::io::Result<()> {
                    while items.len() < max {
                        match reader.next_record()? {
                            Some(record) => items.push(Item::SizedRecord(record)),
                            None => break,
                        }
                    }
                    Ok(())
                })?;
            }
            Source::Iter { iter, position } => {
                while items.len() < max {
                    let Some(obj) = iter.next().transpose()? else {
                        break;
                    };
                    *position += 1;
                    if let Ok(text) = obj.cast::<PyString>() {
                        items.push(Item::Text(text.to_cow()?.into_owned(), *position));
                    } else if let Ok(grid) = obj.cast::<PyGrid>() {
                        items.push(match &grid.get().kind {
                            GridKind::Classic(g) => Item::Grid(*g, *position),
                            GridKind::Sized(g, symbols) => {
                                Item::SizedGrid(g.clone(), *symbols, *position)
                            }
                        });
                    } else {
                        return Err(PyTypeError::new_err(format!(
                            "puzzle {position}: expected a str or a sudokit.Grid, got {}",
                            type_name(&obj)
                        )));
                    }
                }
            }
            Source::Cells { bytes, next } => {
                let data = bytes.as_bytes();
                while items.len() < max && (*next + 1) * 81 <= data.len() {
                    let mut cells = [0u8; 81];
                    cells.copy_from_slice(&data[*next * 81..(*next + 1) * 81]);
                    *next += 1;
                    // The caller checked the digits; a wrong one reads as blank.
                    let grid = Grid::from_cells(cells).unwrap_or_default();
                    items.push(Item::Grid(grid, *next));
                }
            }
            Source::Range { next, end } => {
                while items.len() < max && *next < *end {
                    items.push(Item::Index(*next));
                    *next += 1;
                }
            }
        }
        Ok(items)
    }
}

/// The number of worker threads for `threads=None` or a given number.
pub fn thread_count(threads: Option<usize>) -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    match threads {
        Some(n) if n > 0 => n,
        _ => *CORES.get_or_init(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
    }
}

/// How a job is split: records per chunk read ahead, and per hand-out to a
/// worker. Cheap jobs (solving) take big ones; rating takes one at a time.
/// `bounded`: one record ends within a fraction of a second or a few
/// seconds (solving and checking: a millisecond for the hardest 9x9
/// puzzle, seconds for a hard 25x25 one), so on one thread the calling
/// thread works on pieces itself, checking Ctrl-C between them; the pieces
/// grow while quick and shrink when slow (see `next_piece`).
#[derive(Clone, Copy)]
pub struct Grain {
    pub chunk: usize,
    pub piece: usize,
    pub bounded: bool,
}

/// Solving and checking.
pub const BOUNDED: Grain = Grain {
    chunk: 16384,
    piece: 128,
    bounded: true,
};
/// Counting (the limit is the caller's: one count may take long).
pub const CHEAP: Grain = Grain {
    chunk: 16384,
    piece: 128,
    bounded: false,
};
/// Rating and generating.
pub const COSTLY: Grain = Grain {
    chunk: 64,
    piece: 1,
    bounded: false,
};

/// A chunk being worked on by detached threads.
struct Running<T> {
    results: Vec<Option<T>>,
    receiver: std::sync::mpsc::Receiver<(usize, Vec<T>)>,
    cancel: Arc<AtomicBool>,
}

/// Starts `threads` workers over the items; they send back pieces of results
/// with the position of their first one.
fn start<T, F>(items: Vec<Item>, job: &Arc<F>, threads: usize, piece: usize) -> Running<T>
where
    T: Send + 'static,
    F: Fn(Item) -> T + Send + Sync + 'static,
{
    let total = items.len();
    let items: Arc<Vec<std::sync::Mutex<Option<Item>>>> = Arc::new(
        items
            .into_iter()
            .map(|i| std::sync::Mutex::new(Some(i)))
            .collect(),
    );
    let next = Arc::new(AtomicUsize::new(0));
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = channel();
    let (piece, workers) = split(total, threads, piece);
    for _ in 0..workers {
        let (items, next, cancel, sender, job) = (
            Arc::clone(&items),
            Arc::clone(&next),
            Arc::clone(&cancel),
            sender.clone(),
            Arc::clone(job),
        );
        std::thread::spawn(move || {
            while !cancel.load(Ordering::Relaxed) {
                let first = next.fetch_add(piece, Ordering::Relaxed);
                if first >= total {
                    break;
                }
                let last = (first + piece).min(total);
                let out: Vec<T> = (first..last)
                    .map(|i| {
                        let item = items[i].lock().expect("unpoisoned").take();
                        job(item.expect("each item is taken once"))
                    })
                    .collect();
                if sender.send((first, out)).is_err() {
                    break;
                }
            }
        });
    }
    Running {
        results: (0..total).map(|_| None).collect(),
        receiver,
        cancel,
    }
}

/// Waits for a chunk, checking for Ctrl-C at least every [`POLL`].
fn finish<T: Send>(py: Python<'_>, mut running: Running<T>) -> PyResult<Vec<T>> {
    let mut checked = Instant::now();
    loop {
        // A receiver is not `Sync`: it goes into the detached closure and back.
        let receiver = running.receiver;
        let (receiver, got) = py.detach(move || {
            let got = receiver.recv_timeout(POLL);
            (receiver, got)
        });
        running.receiver = receiver;
        match got {
            Ok((first, out)) => {
                for (slot, result) in running.results[first..].iter_mut().zip(out) {
                    *slot = Some(result);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if checked.elapsed() >= POLL {
            checked = Instant::now();
            if let Err(e) = py.check_signals() {
                running.cancel.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
    }
    running
        .results
        .into_iter()
        .map(|r| r.ok_or_else(|| PyRuntimeError::new_err("a batch worker failed")))
        .collect()
}

/// Runs `job` over every item of the source, in input order, on `threads`
/// threads, handing each chunk's results to `emit` as they are done.
pub fn run<'py, T, F>(
    py: Python<'py>,
    mut source: Source<'py>,
    threads: Option<usize>,
    grain: Grain,
    job: F,
    mut emit: impl FnMut(Vec<T>) -> PyResult<()>,
) -> PyResult<()>
where
    T: Send + 'static,
    F: Fn(Item) -> T + Send + Sync + 'static,
{
    let threads = thread_count(threads);
    if threads == 1 && grain.bounded {
        return run_here(py, source, grain, job, emit);
    }
    let job = Arc::new(job);
    let chunk = grain.chunk.max(threads * grain.piece * 4);
    let items = source.next_chunk(py, chunk)?;
    if items.is_empty() {
        return Ok(());
    }
    let mut running = start(items, &job, threads, grain.piece);
    loop {
        // The next chunk is read while the workers run; Ctrl-C in a Python
        // iterator stops them at once.
        let next = match source.next_chunk(py, chunk) {
            Ok(next) => next,
            Err(e) => {
                running.cancel.store(true, Ordering::Relaxed);
                return Err(e);
            }
        };
        let results = finish(py, running)?;
        // The workers start on the next chunk before this one's results are
        // turned into Python objects.
        let more = (!next.is_empty()).then(|| start(next, &job, threads, grain.piece));
        if let Err(e) = emit(results) {
            if let Some(more) = &more {
                more.cancel.store(true, Ordering::Relaxed);
            }
            return Err(e);
        }
        match more {
            Some(next) => running = next,
            None => break,
        }
    }
    Ok(())
}

/// [`run`] on one thread for bounded jobs: the calling thread works on each
/// piece without the GIL and checks for Ctrl-C between pieces.
fn run_here<'py, T, F>(
    py: Python<'py>,
    mut source: Source<'py>,
    grain: Grain,
    job: F,
    mut emit: impl FnMut(Vec<T>) -> PyResult<()>,
) -> PyResult<()>
where
    T: Send,
    F: Fn(Item) -> T + Sync,
{
    loop {
        let items = source.next_chunk(py, grain.chunk)?;
        if items.is_empty() {
            return Ok(());
        }
        let mut results = Vec::with_capacity(items.len());
        let mut items = items.into_iter();
        // Pieces grow while they are quick and shrink when slow: puzzles
        // of other sizes can take seconds each (a hard 25x25 one), and
        // Ctrl-C is seen only between pieces.
        let mut size = 1;
        loop {
            let piece: Vec<Item> = items.by_ref().take(size).collect();
            if piece.is_empty() {
                break;
            }
            let job = &job;
            let started = Instant::now();
            let done = py.detach(move || piece.into_iter().map(job).collect::<Vec<T>>());
            size = next_piece(size, started.elapsed(), grain.piece);
            results.extend(done);
            py.check_signals()?;
        }
        emit(results)?;
    }
}

/// The items a worker takes at a time, and how many workers, for a chunk
/// of `total` items on `threads` threads with pieces of up to `piece`: a
/// short chunk (a few slow 25x25 puzzles) is shared by every thread.
fn split(total: usize, threads: usize, piece: usize) -> (usize, usize) {
    let piece = piece.min(total.div_ceil(threads * 4)).max(1);
    (piece, threads.min(total.div_ceil(piece)).max(1))
}

/// The size of the next piece on the calling thread, after a piece of
/// `size` items took `took`: twice as large while pieces take under
/// [`POLL`] (up to `most`), half as large once one takes longer.
fn next_piece(size: usize, took: Duration, most: usize) -> usize {
    if took < POLL {
        (size * 2).min(most)
    } else {
        (size / 2).max(1)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CORES", thread_count(None))?;
    Ok(())
}
