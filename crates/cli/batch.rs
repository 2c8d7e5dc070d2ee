//! Streaming batches: records are read in chunks, worked on by every core,
//! and written in input order, so memory stays bounded whatever the input
//! size and nothing is dropped or reordered.

use std::collections::{BTreeMap, VecDeque};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{TryRecvError, sync_channel};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use rayon::prelude::*;
use sudoku_engine::format::{Format, Reader, Record};
use sudoku_engine::report::Verdict;
use sudoku_engine::sizes::format::{AnyRecord, ReadOptions, SizedReader, SizedRecord};
use sudoku_engine::sizes::{Shape, Symbols};
use sudoku_variants::input::{self as variant_input, Kind};

use crate::pipe;
use crate::progress::{self, Progress};
use crate::sized::{self, Route, SizedJob};
use crate::variants::VariantJob;

/// Records per chunk: big enough to keep every core busy between hand-offs,
/// small enough to keep memory in the low megabytes.
const CHUNK: usize = 2048;

/// Pieces of variant input (a link, a text puzzle ...) read ahead of the
/// windows worked on.
const READ_AHEAD: usize = 64;

/// The longest a part of a chunk worked on at once may take before the
/// next part is made smaller (one thread); see [`run_any`].
const PART_TIME: Duration = Duration::from_millis(20);

/// One input: a file, or standard input (`None`).
#[derive(Debug, Clone)]
pub enum Input {
    Stdin,
    File(PathBuf),
    /// Text already read (what was typed at the prompt).
    Text(String),
}

impl Input {
    fn label(&self) -> Option<String> {
        match self {
            Input::File(path) => Some(path.display().to_string()),
            Input::Stdin | Input::Text(_) => None,
        }
    }
}

/// What became of one puzzle, for the summary and the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Solved; whether it has other solutions was not asked.
    Solved,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution.
    NoSolution,
    /// Not a readable puzzle, or clashing givens.
    Invalid,
}

impl Status {
    /// What a `check` verdict counts as in the summary.
    pub fn of_verdict(verdict: Verdict) -> Status {
        match verdict {
            Verdict::Unique => Status::Unique,
            Verdict::Multiple => Status::Multiple,
            Verdict::None => Status::NoSolution,
            Verdict::Invalid => Status::Invalid,
        }
    }
}

/// What became of one record: its status, and a message for standard
/// error when there is one to say.
pub type Outcome = (Status, Option<String>);

/// Where a record came from, for messages and JSON fields.
pub struct Origin<'a> {
    /// The file name, when not standard input.
    pub file: Option<&'a str>,
    /// 1-based index of the record among all inputs.
    pub index: usize,
}

impl Origin<'_> {
    /// The same origin as the library's records take it.
    pub fn report(&self) -> sudoku_engine::report::Origin<'_> {
        sudoku_engine::report::Origin {
            index: self.index,
            file: self.file,
        }
    }

    /// The `sudoku: file: ` prefix of a message about this record.
    pub fn prefix(&self) -> String {
        match self.file {
            Some(file) => format!("sudoku: {file}: "),
            None => "sudoku: ".to_string(),
        }
    }
}

/// The work done on each record: writes its standard output to `out` and
/// returns its status and an optional message for standard error. Every
/// command works on grids of every size: its [`SizedJob`] side serves the
/// inputs that take the sizes route.
pub trait Job: SizedJob {
    /// Works on one record.
    fn run(&self, record: &Record, origin: &Origin, out: &mut Vec<u8>) -> Outcome;

    /// Whether outputs of this record's format are separated by a blank line.
    fn separated(&self, format: Format) -> bool;

    /// The job's work on variant puzzles (`sudoku_variants`), when it has
    /// any; without it, variant input is read as grids, as before.
    fn variant(&self) -> Option<&dyn VariantJob> {
        None
    }
}

/// A record of either reader, as a batch moves it.
trait Item: Send + Sync {
    fn index(&self) -> usize;
}

impl Item for AnyRecord {
    fn index(&self) -> usize {
        match self {
            AnyRecord::Classic(record) => record.index,
            AnyRecord::Sized(record) => record.index,
        }
    }
}

impl Item for SizedRecord {
    fn index(&self) -> usize {
        self.index
    }
}

/// The 9x9 reader or the reader of every size.
trait Records: Send {
    type Item: Item;
    fn next_item(&mut self) -> io::Result<Option<Self::Item>>;
}

/// The 9x9 reader passes one-line puzzles of other sizes among its own to
/// the reader of every size.
impl<R: BufRead + Send> Records for Reader<R> {
    type Item = AnyRecord;
    fn next_item(&mut self) -> io::Result<Option<AnyRecord>> {
        self.next_any()
    }
}

impl<R: BufRead + Send> Records for SizedReader<R> {
    type Item = SizedRecord;
    fn next_item(&mut self) -> io::Result<Option<SizedRecord>> {
        self.next_record()
    }
}

/// A job on one kind of record.
trait Work<T>: Sync {
    fn run(&self, record: &T, origin: &Origin, out: &mut Vec<u8>) -> Outcome;
    fn separated(&self, record: &T) -> bool;
}

struct Classic<'a, J>(&'a J);

impl<J: Job> Work<AnyRecord> for Classic<'_, J> {
    fn run(&self, record: &AnyRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        match record {
            AnyRecord::Classic(record) => self.0.run(record, origin, out),
            AnyRecord::Sized(record) => match self.0.usable() {
                Ok(()) => self.0.run_sized(record, origin, out),
                // `--to euler` and the like: that record alone fails.
                Err(message) => (
                    Status::Invalid,
                    Some(format!(
                        "{}line {}: {message}",
                        origin.prefix(),
                        record.line
                    )),
                ),
            },
        }
    }
    fn separated(&self, record: &AnyRecord) -> bool {
        match record {
            AnyRecord::Classic(record) => self.0.separated(record.format),
            AnyRecord::Sized(record) => self.0.separated_sized(record.format),
        }
    }
}

struct Sizes<'a>(&'a dyn SizedJob);

impl Work<SizedRecord> for Sizes<'_> {
    fn run(&self, record: &SizedRecord, origin: &Origin, out: &mut Vec<u8>) -> Outcome {
        self.0.run_sized(record, origin, out)
    }
    fn separated(&self, record: &SizedRecord) -> bool {
        self.0.separated_sized(record.format)
    }
}

/// Counts of statuses and what the run met.
#[derive(Debug, Default)]
pub struct Summary {
    pub puzzles: u64,
    pub solved: u64,
    pub unique: u64,
    pub multiple: u64,
    pub no_solution: u64,
    pub invalid: u64,
    pub io_error: bool,
    pub broken_pipe: bool,
}

impl Summary {
    fn add(&mut self, status: Status) {
        self.puzzles += 1;
        match status {
            Status::Solved => self.solved += 1,
            Status::Unique => {
                self.solved += 1;
                self.unique += 1;
            }
            Status::Multiple => {
                self.solved += 1;
                self.multiple += 1;
            }
            Status::NoSolution => self.no_solution += 1,
            Status::Invalid => self.invalid += 1,
        }
    }

    /// Prints the `--stats` report to standard error.
    pub fn report(&self, elapsed: Duration) {
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        };
        eprintln!(
            "puzzles:           {}\n\
             solved:            {}\n\
             several solutions: {}\n\
             no solution:       {}\n\
             invalid:           {}\n\
             elapsed:           {secs:.3} s\n\
             speed:             {rate:.0} puzzles/s",
            self.puzzles, self.solved, self.multiple, self.no_solution, self.invalid
        );
    }
}

/// How a batch runs.
pub struct Options {
    pub from: Option<Format>,
    /// `--size`: the box shape of every puzzle.
    pub size: Option<Shape>,
    /// `--symbols`: the alphabet of every puzzle.
    pub symbols: Option<Symbols>,
    pub threads: usize,
    pub progress: bool,
    /// `--variant`: every input is variant puzzles, with these rules
    /// (`None`: variant input is detected).
    pub variants: Option<Vec<Kind>>,
}

/// The finished work of a run of records.
struct Done {
    out: Vec<u8>,
    pieces: Vec<Piece>,
    /// Bytes of the input up to the end of the last record, for the bar.
    read_to: u64,
}

struct Piece {
    /// End of this record's output in `Done::out`.
    end: usize,
    separated: bool,
    status: Status,
    message: Option<String>,
}

/// A chunk of records from one input, or what stopped the reading.
enum Chunk<T> {
    /// The records, and the input's bytes read up to the end of each.
    Records(Vec<T>, Vec<u64>),
    Failed(io::Error),
}

/// Works on a run of records, into `done` (cleared first, so that its
/// buffers are reused from chunk to chunk).
fn work<T, J: Work<T>>(job: &J, records: &[T], source: &Source, done: &mut Done)
where
    T: Item,
{
    done.out.clear();
    done.pieces.clear();
    for record in records {
        let origin = Origin {
            file: source.label,
            index: source.offset + record.index(),
        };
        let (status, message) = job.run(record, &origin, &mut done.out);
        done.pieces.push(Piece {
            end: done.out.len(),
            separated: job.separated(record),
            status,
            message,
        });
    }
}

/// Writes finished records in order, putting the messages on standard
/// error between them.
struct Writer<'a> {
    out: io::BufWriter<io::StdoutLock<'a>>,
    wrote_grid: bool,
    summary: Summary,
    /// The bar on the terminal while an input is worked on: messages (and
    /// the output, when it goes to the terminal too) are written around it.
    bar: Option<ProgressBar>,
    stdout_terminal: bool,
}

impl Writer<'_> {
    /// An input that could not be read: said after what is already out,
    /// and remembered for the exit status.
    fn read_failed(&mut self, label: Option<&str>, e: &dyn std::fmt::Display) {
        let _ = self.out.flush();
        eprintln!("sudoku: {}: {e}", label.unwrap_or("standard input"));
        self.summary.io_error = true;
    }

    fn write(&mut self, done: &Done) {
        match self.bar.clone() {
            Some(bar)
                if !bar.is_hidden()
                    && (self.stdout_terminal
                        || done.pieces.iter().any(|p| p.message.is_some())) =>
            {
                bar.suspend(|| {
                    self.write_pieces(done);
                    self.flush();
                });
            }
            _ => self.write_pieces(done),
        }
    }

    fn write_pieces(&mut self, done: &Done) {
        let mut start = 0;
        for piece in &done.pieces {
            self.summary.add(piece.status);
            if self.summary.broken_pipe {
                continue;
            }
            let text = &done.out[start..piece.end];
            start = piece.end;
            let mut result = Ok(());
            if !text.is_empty() {
                if piece.separated && self.wrote_grid {
                    result = self.out.write_all(b"\n");
                }
                self.wrote_grid |= piece.separated;
                result = result.and_then(|()| self.out.write_all(text));
            }
            if let Some(message) = &piece.message {
                result = result.and_then(|()| self.out.flush());
                eprintln!("{message}");
            }
            if let Err(e) = result {
                self.fail(e);
            }
        }
    }

    /// Sends out what is written so far: called before the work that
    /// comes next, which may be a slow puzzle (a hard 25x25 one takes
    /// seconds), so that every finished record is out meanwhile.
    fn flush(&mut self) {
        if let Err(e) = self.out.flush() {
            self.fail(e);
        }
    }

    fn fail(&mut self, e: io::Error) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            self.summary.broken_pipe = true;
        } else {
            eprintln!("sudoku: cannot write the output: {e}");
            self.summary.io_error = true;
            self.summary.broken_pipe = true;
        }
    }
}

/// An input as the readers take it: the bytes read ahead to choose a
/// reader, then the rest. It counts the bytes taken from the file, for the
/// progress bar, and tells when all that came in is taken but blank space
/// (`drained`), so that a chunk of puzzles from a pipe ends where the
/// writer paused.
/// It wraps the `BufReader`, not the file: a `BufReader` over a reader of
/// our own would zero its whole 64 KiB buffer before the first read (only
/// the standard readers fill it without), a sixth of the page faults of a
/// one-puzzle `sudoku solve`.
struct Counting {
    /// Read ahead, to be read again first.
    replay: Vec<u8>,
    at: usize,
    inner: BufReader<Box<dyn Read + Send>>,
    count: Arc<AtomicU64>,
    drained: Arc<AtomicBool>,
    /// The pipe's reading thread, when the input is a pipe.
    arrivals: Option<pipe::Arrivals>,
}

impl Counting {
    fn new(
        source: Box<dyn Read + Send>,
        count: Arc<AtomicU64>,
        arrivals: Option<pipe::Arrivals>,
    ) -> Self {
        Counting {
            replay: Vec::new(),
            at: 0,
            inner: BufReader::with_capacity(1 << 16, source),
            count,
            drained: Arc::new(AtomicBool::new(true)),
            arrivals,
        }
    }

    /// Whether nothing that came in is left but blank space: reading on
    /// to the next puzzle would wait for the writer, on a pipe.
    fn waiting(&self) -> bool {
        let blank = |bytes: &[u8]| bytes.iter().all(u8::is_ascii_whitespace);
        blank(&self.replay[self.at..])
            && blank(self.inner.buffer())
            && !self
                .arrivals
                .as_ref()
                .is_some_and(|a| a.within(Duration::ZERO))
    }

    fn taken(&mut self, amount: usize, from_replay: bool) {
        if from_replay {
            self.at += amount;
        } else {
            self.count.fetch_add(amount as u64, Ordering::Relaxed);
        }
        self.drained.store(self.waiting(), Ordering::Relaxed);
    }
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let from_replay = self.at < self.replay.len();
        let n = if from_replay {
            (&self.replay[self.at..]).read(buf)?
        } else {
            self.inner.read(buf)?
        };
        self.taken(n, from_replay);
        Ok(n)
    }
}

impl BufRead for Counting {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.replay.len() {
            return Ok(&self.replay[self.at..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        let from_replay = self.at < self.replay.len();
        if !from_replay {
            self.inner.consume(amount);
        }
        self.taken(amount, from_replay);
    }
}

/// What the workers and the writer need to know of the input at hand.
struct Source<'a> {
    /// The file name, for messages.
    label: Option<&'a str>,
    /// Records of earlier inputs, for 1-based indices across inputs.
    offset: usize,
    progress: Option<Progress>,
    /// Bytes read so far, for the progress bar.
    count: Arc<AtomicU64>,
    /// Set when all that came in of a pipe is read (see [`Counting`]);
    /// `None` for files, which have all their puzzles from the start.
    drained: Option<Arc<AtomicBool>>,
}

impl Source<'_> {
    /// Whether the pipe's writer paused: all that came in is read.
    fn paused(&self) -> bool {
        self.drained
            .as_ref()
            .is_some_and(|d| d.load(Ordering::Relaxed))
    }

    /// Moves the bar to the end of what was just written.
    fn written(&self, done: &Done, writer: &Writer) {
        if let Some(progress) = &self.progress {
            progress.advance(done.read_to, writer.summary.puzzles);
        }
    }
}

/// Reads up to a chunk of records into `records` (cleared first). An error
/// is returned only when no record came before it; otherwise it comes with
/// the next call. On a pipe the chunk ends where the input paused, so that
/// the puzzles that came are answered before the writer sends more.
///
/// `ends` gets the bytes read (by `source.count`) up to the end of each
/// record.
fn read_chunk<S: Records>(
    reader: &mut S,
    records: &mut Vec<S::Item>,
    ends: &mut Vec<u64>,
    source: &Source,
) -> io::Result<()> {
    records.clear();
    ends.clear();
    while records.len() < CHUNK {
        match reader.next_item() {
            Ok(Some(record)) => {
                records.push(record);
                ends.push(source.count.load(Ordering::Relaxed));
                if source.paused() {
                    break;
                }
            }
            Ok(None) => break,
            Err(e) if records.is_empty() => return Err(e),
            Err(_) => break,
        }
    }
    Ok(())
}

/// The line `count` prints for a puzzle, every size and variant alike: the
/// number, and a warning when the limit stopped the search.
pub fn count_line(n: usize, limit_reached: bool) -> String {
    if limit_reached {
        format!("{n} (limit reached; there may be more)\n")
    } else {
        format!("{n}\n")
    }
}

/// What `count` makes of a puzzle with `n` solutions, every size and
/// variant alike; `none` writes the message for a puzzle with none.
pub fn counted(n: usize, none: impl FnOnce() -> String) -> Outcome {
    match n {
        0 => (Status::NoSolution, Some(none())),
        1 => (Status::Unique, None),
        _ => (Status::Multiple, None),
    }
}

/// Whether standard input is a file (`sudoku < puzzles.txt`): all its
/// puzzles are there from the start, and it is read as any file.
fn stdin_is_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|file| file.metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Runs a job over every input in order and returns what happened.
pub fn run<J: Job>(inputs: &[Input], job: &J, options: &Options) -> Summary {
    let stdout = io::stdout();
    let mut writer = Writer {
        out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        wrote_grid: false,
        summary: Summary::default(),
        bar: None,
        stdout_terminal: io::stdout().is_terminal(),
    };
    let pool = Pool {
        threads: options.threads,
        pool: OnceLock::new(),
    };
    let mut offset = 0;
    for input in inputs {
        if writer.summary.broken_pipe {
            break;
        }
        let label = input.label();
        let count = Arc::new(AtomicU64::new(0));
        // A pipe is read on a thread of its own (see `pipe`), so that its
        // puzzles are answered as they come.
        let mut arrivals = None;
        let (source, size): (Box<dyn Read + Send>, Option<u64>) = match input {
            Input::Stdin if !stdin_is_file() => {
                let (reader, pipe) = pipe::spawn(io::stdin());
                arrivals = Some(pipe);
                (Box::new(reader), None)
            }
            Input::Stdin => (Box::new(io::stdin()), None),
            Input::Text(text) => (Box::new(io::Cursor::new(text.clone().into_bytes())), None),
            Input::File(path) => match File::open(path) {
                Ok(file) => {
                    let size = file.metadata().ok().map(|m| m.len());
                    (Box::new(file), size)
                }
                Err(e) => {
                    let _ = writer.out.flush();
                    eprintln!("sudoku: {}: {e}", path.display());
                    writer.summary.io_error = true;
                    continue;
                }
            },
        };
        let streaming = arrivals.is_some();
        let mut buffered = Counting::new(source, Arc::clone(&count), arrivals);
        // Commands that work on every size look at the first puzzle to
        // choose the reader; 9x9 input keeps the 9x9 reader as it was. A
        // first puzzle from a pipe is whole when its writer pauses after
        // it for a moment (longer than between two commands of a script).
        let detect = options.variants.is_none()
            && options.from.is_none()
            && options.size.is_none()
            && options.symbols.is_none()
            && job.variant().is_some();
        let variant_reader = detect || (options.variants.is_some() && job.variant().is_some());
        let peeked = sized::peek_streaming(
            &mut buffered,
            |b| {
                b.waiting()
                    && b.arrivals
                        .as_ref()
                        .is_some_and(|a| !a.within(Duration::from_millis(200)))
            },
            |prefix| variant_reader && variant_piece_ends(prefix),
        );
        let (path, mut prefix, early) = match peeked {
            Ok((prefix, early)) => (sized::choose(&prefix, options), prefix, early),
            Err(e) => {
                writer.read_failed(label.as_deref(), &e);
                continue;
            }
        };
        // Variant puzzles, when asked for or when the library makes them
        // out (only with no option that forces a grid format); any other
        // input goes on to the readers above as before.
        // A puzzle from a pipe, whole when the writer paused, is taken
        // as it is: no map is waited for.
        if detect
            && !early
            && let Err(e) = peek_maps(&mut buffered, &mut prefix)
        {
            writer.read_failed(label.as_deref(), &e);
            continue;
        }
        let variant_job = job.variant().filter(|_| {
            options.variants.is_some()
                || (detect
                    && sudoku_variants::looks_like_variant(&String::from_utf8_lossy(&prefix)))
        });
        let usable = match (variant_job, path) {
            (Some(variant_job), _) => variant_job.usable_variant(),
            (None, Route::Sized) => job.usable(),
            (None, Route::Classic) => Ok(()),
        };
        if let Err(message) = usable {
            let _ = writer.out.flush();
            eprintln!("sudoku: {message}");
            writer.summary.io_error = true;
            break;
        }
        buffered.replay = prefix;
        let drained = Arc::clone(&buffered.drained);
        let progress = match size {
            Some(size) if options.progress && io::stderr().is_terminal() => {
                Some(progress::bytes(size))
            }
            _ => None,
        };
        writer.bar = progress.as_ref().map(|p| p.bar().clone());
        let source = Source {
            label: label.as_deref(),
            offset,
            progress,
            count,
            drained: streaming.then_some(drained),
        };
        let before = writer.summary.puzzles;
        let read_error = match (variant_job, path) {
            (Some(variant_job), _) => {
                let kinds = options.variants.as_deref().unwrap_or(&[]);
                let pieces = variant_input::Pieces::new(buffered, kinds);
                run_variants(pieces, variant_job, &source, &mut writer, &pool)
            }
            (None, Route::Sized) => {
                let sized_options = ReadOptions {
                    shape: options.size,
                    symbols: options.symbols,
                    format: options.from.and_then(sized::format_of),
                };
                let reader = SizedReader::new(buffered, sized_options);
                run_any(reader, &Sizes(job), &source, &mut writer, &pool)
            }
            (None, Route::Classic) => {
                let reader = Reader::with_format(buffered, options.from);
                run_any(reader, &Classic(job), &source, &mut writer, &pool)
            }
        };
        writer.bar = None;
        if let Some(progress) = source.progress {
            progress.finish();
        }
        offset += (writer.summary.puzzles - before) as usize;
        if let Some(e) = read_error {
            writer.read_failed(label.as_deref(), &e);
        }
    }
    if let Err(e) = writer.out.flush() {
        writer.fail(e);
    }
    writer.summary
}

/// Whether `prefix` ends a piece of variant input that stands alone: its
/// first puzzle line is an f-puzzles or SudokuPad link (or data, or JSON
/// on one line), or its last line is `---`.
fn variant_piece_ends(prefix: &[u8]) -> bool {
    let text = String::from_utf8_lossy(prefix);
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    lines
        .next()
        .is_some_and(sudoku_variants::fpuzzles::is_fpuzzles_line)
        || lines.next_back() == Some(sudoku_variants::input::SEPARATOR)
}

/// Reads on past the first block of `prefix` up to the blocks a jigsaw or
/// killer drawn without headers has after its givens (a region map, a
/// cage map, the totals) and one more, so that
/// `sudoku_variants::looks_like_variant` sees its maps; the blocks read
/// are given back to the grid readers with the rest.
fn peek_maps(input: &mut impl BufRead, prefix: &mut Vec<u8>) -> io::Result<()> {
    for _ in 0..4 {
        let more = sized::peek(input)?;
        if more.is_empty() {
            break;
        }
        prefix.extend(more);
    }
    Ok(())
}

/// Works on the variant puzzles of one input, read a piece at a time, on
/// the pool's threads when there is more than one, writing them in order:
/// a window of puzzles at a time, so a slow puzzle holds back only its
/// window's output, and a pipe's puzzles as they come. Returns the error
/// that stopped the reading, if one did.
fn run_variants<R: BufRead>(
    mut pieces: variant_input::Pieces<R>,
    job: &dyn VariantJob,
    source: &Source,
    writer: &mut Writer,
    pool: &Pool,
) -> Option<io::Error> {
    let one = |index: usize, entry: &variant_input::Entry| {
        let mut done = Done {
            out: Vec::new(),
            pieces: Vec::with_capacity(1),
            read_to: 0,
        };
        let origin = Origin {
            file: source.label,
            index: source.offset + index + 1,
        };
        let (status, message) = job.run_variant(entry, &origin, &mut done.out);
        done.pieces.push(Piece {
            end: done.out.len(),
            separated: job.separated_variant(),
            status,
            message,
        });
        done
    };
    // Pieces read ahead, then read into puzzles on every thread (reading a
    // link takes about as long as solving its puzzle).
    let ahead = (pool.threads.max(1) * 2).max(READ_AHEAD);
    let mut queue = VecDeque::new();
    let (mut read, mut ended, mut error) = (0, false, None);
    while !writer.summary.broken_pipe {
        // Read when the queue is worked off: up to `ahead` pieces, or what
        // a pipe has sent so far.
        let mut texts = Vec::new();
        while texts.len() < ahead && !ended {
            if !texts.is_empty() && source.paused() {
                break;
            }
            match pieces.next_text() {
                Ok(Some(piece)) => texts.push(piece),
                Ok(None) => ended = true,
                Err(e) => (ended, error) = (true, Some(e)),
            }
        }
        let kinds = pieces.kinds();
        // One puzzle is read and solved without starting the pool.
        let many = read > 0 || texts.len() > 1;
        let entries: Vec<Vec<variant_input::Entry>> = match many.then(|| pool.get()).flatten() {
            Some(pool) => pool.install(|| texts.par_iter().map(|t| t.read(kinds)).collect()),
            None => texts.iter().map(|t| t.read(kinds)).collect(),
        };
        queue.extend(entries.into_iter().flatten());
        // The queue is worked off window by window.
        while !queue.is_empty() && !writer.summary.broken_pipe {
            let pool = (queue.len() > 1 || read > 0).then(|| pool.get()).flatten();
            let window = pool.map_or(1, |pool| pool.current_num_threads() * 2);
            let part: Vec<_> = queue.drain(..window.min(queue.len())).collect();
            let started = Instant::now();
            let done: Vec<Done> = match pool {
                Some(pool) => pool.install(|| {
                    part.par_iter()
                        .enumerate()
                        .map(|(i, entry)| one(read + i, entry))
                        .collect()
                }),
                None => part
                    .iter()
                    .enumerate()
                    .map(|(i, entry)| one(read + i, entry))
                    .collect(),
            };
            read += part.len();
            for d in &done {
                writer.write(d);
                if writer.summary.broken_pipe {
                    break;
                }
            }
            // Out before waiting for more input, or after a slow window.
            if queue.is_empty() || started.elapsed() >= PART_TIME {
                writer.flush();
            }
            if let Some(progress) = &source.progress {
                progress.advance(source.count.load(Ordering::Relaxed), writer.summary.puzzles);
            }
        }
        if ended && queue.is_empty() {
            break;
        }
    }
    error
}

/// The worker threads of `--threads`, started when an input first has more
/// than one puzzle: one puzzle is solved on the main thread, without them
/// (starting them was a sixth of the time of a one-puzzle `sudoku solve`).
struct Pool {
    threads: usize,
    pool: OnceLock<rayon::ThreadPool>,
}

impl Pool {
    fn get(&self) -> Option<&rayon::ThreadPool> {
        (self.threads > 1).then(|| {
            self.pool.get_or_init(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .build()
                    .expect("a thread pool")
            })
        })
    }
}

/// Works on the records of `reader` in chunks: on this thread while they
/// come one at a time (one puzzle is solved without starting the pool),
/// on the pool's threads from the first chunk of more than one, or the
/// second chunk, on.
fn run_any<S: Records, W: Work<S::Item>>(
    mut reader: S,
    job: &W,
    source: &Source,
    writer: &mut Writer,
    pool: &Pool,
) -> Option<io::Error> {
    let mut records = Vec::with_capacity(CHUNK);
    let mut ends = Vec::with_capacity(CHUNK);
    let mut done = Done {
        out: Vec::new(),
        pieces: Vec::new(),
        read_to: 0,
    };
    // Parts grow while they are quick and shrink when slow, so that a
    // slow puzzle's result is out without waiting for its chunk.
    let mut part = 1;
    let mut first = true;
    loop {
        if let Err(e) = read_chunk(&mut reader, &mut records, &mut ends, source) {
            return Some(e);
        }
        if records.is_empty() {
            return None;
        }
        if (records.len() > 1 || !first)
            && let Some(pool) = pool.get()
        {
            return run_parallel(reader, (records, ends), job, source, writer, pool);
        }
        first = false;
        let mut at = 0;
        while at < records.len() {
            let end = (at + part).min(records.len());
            let started = Instant::now();
            work(job, &records[at..end], source, &mut done);
            done.read_to = ends[end - 1];
            writer.write(&done);
            writer.flush();
            source.written(&done, writer);
            part = if started.elapsed() < PART_TIME {
                (part * 2).min(CHUNK)
            } else {
                (part / 2).max(1)
            };
            at = end;
            if writer.summary.broken_pipe {
                return None;
            }
        }
    }
}

/// What the pool's threads hand to the writer: a part of a chunk (by its
/// place in the chunk), then the end of the chunk (with its parts' count).
enum Finished {
    Part(usize, Done),
    Chunk(usize),
}

/// Works on `first`, then on each further chunk, on the pool's threads.
fn run_parallel<S: Records, W: Work<S::Item>>(
    mut reader: S,
    first: (Vec<S::Item>, Vec<u64>),
    job: &W,
    source: &Source,
    writer: &mut Writer,
    pool: &rayon::ThreadPool,
) -> Option<io::Error> {
    let threads = pool.current_num_threads();
    std::thread::scope(|scope| {
        // Reading, working and writing overlap: one thread reads ahead, the
        // pool works, this thread writes. Bounded channels bound memory.
        let (chunk_tx, chunk_rx) = sync_channel::<Chunk<S::Item>>(2);
        let (done_tx, done_rx) = sync_channel::<Finished>(4 * threads + 4);
        let read_ahead = scope.spawn(move || {
            let mut first = Some(first);
            loop {
                let mut records = Vec::with_capacity(CHUNK);
                let mut ends = Vec::with_capacity(CHUNK);
                let chunk = match first.take() {
                    Some((records, ends)) => Chunk::Records(records, ends),
                    None => match read_chunk(&mut reader, &mut records, &mut ends, source) {
                        Ok(()) => Chunk::Records(records, ends),
                        Err(e) => Chunk::Failed(e),
                    },
                };
                let last = matches!(&chunk, Chunk::Failed(_))
                    || matches!(&chunk, Chunk::Records(r, _) if r.is_empty());
                if chunk_tx.send(chunk).is_err() || last {
                    return;
                }
            }
        });
        let workers = scope.spawn(move || {
            for chunk in chunk_rx {
                match chunk {
                    Chunk::Failed(e) => return Some(e),
                    Chunk::Records(records, _) if records.is_empty() => return None,
                    Chunk::Records(records, ends) => {
                        // Parts of one record for a short chunk: a few slow
                        // puzzles are shared by every thread.
                        let size = records.len().div_ceil(threads * 4);
                        let parts = records.len().div_ceil(size);
                        pool.install(|| {
                            records.par_chunks(size).enumerate().for_each(|(i, part)| {
                                let mut done = Done {
                                    out: Vec::with_capacity(part.len() * 90),
                                    pieces: Vec::with_capacity(part.len()),
                                    read_to: ends[(i * size + part.len()) - 1],
                                };
                                work(job, part, source, &mut done);
                                // The writer is gone only on a broken pipe.
                                let _ = done_tx.send(Finished::Part(i, done));
                            })
                        });
                        if done_tx.send(Finished::Chunk(parts)).is_err() {
                            return None;
                        }
                    }
                }
            }
            None
        });
        // Each part is written as soon as those before it are.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        loop {
            let finished = match done_rx.try_recv() {
                Ok(finished) => finished,
                Err(TryRecvError::Empty) => {
                    // Out with what is done before waiting for more.
                    writer.flush();
                    match done_rx.recv() {
                        Ok(finished) => finished,
                        Err(_) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            match finished {
                Finished::Part(i, done) => {
                    waiting.insert(i, done);
                    while let Some(done) = waiting.remove(&next) {
                        writer.write(&done);
                        source.written(&done, writer);
                        next += 1;
                    }
                }
                Finished::Chunk(parts) => {
                    debug_assert!(next == parts && waiting.is_empty());
                    next = 0;
                }
            }
            if writer.summary.broken_pipe {
                break;
            }
        }
        // Dropping the receivers on a broken pipe ends the other threads.
        drop(done_rx);
        let error = workers.join().expect("worker thread");
        let _ = read_ahead.join();
        error
    })
}
