//! `sudoku generate`: puzzles made on every core, printed in index order,
//! each written whole so that Ctrl-C never leaves half a puzzle.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use sudoku_engine::format::{Format, write_grid};
use sudoku_engine::sizes::format as sized_format;
use sudoku_engine::sizes::{Shape, Symbols};
use sudoku_generator::sizes::{GeneratedSized, SizedDifficulty, SizedGenerator, SizedOptions};
use sudoku_generator::variants as gen_variants;
use sudoku_generator::{
    GenerateError, Generated, GeneratedRecord, Generator, Options, Symmetry, rating_range,
};
use sudoku_variants::input::{Kind, SEPARATOR};
use sudoku_variants::{Puzzle, fpuzzles, text};

use crate::args::{
    DifficultyArg, GenerateArgs, GenerateTo, Output, SIZED_DIFFICULTY_NAMES,
    classic_difficulty_names,
};
use crate::sized;

/// Runs the command and returns the exit status.
pub fn run(args: &GenerateArgs) -> u8 {
    let seed = args.seed.unwrap_or_else(rand_seed);
    if !args.variant.is_empty() {
        return run_variants(args, seed);
    }
    let to = match args.to {
        None => Output::Grid(Format::Line),
        Some(GenerateTo::Output(to)) => to,
        Some(GenerateTo::Text | GenerateTo::Link) => {
            eprintln!("sudoku: --to text and --to link are for variant puzzles (--variant)");
            return 2;
        }
    };
    if let Some(shape) = args.size.filter(|&s| s != Shape::CLASSIC) {
        return run_sized(args, shape, seed, to);
    }
    if let Some(symbols) = args.symbols.filter(|&s| s != Symbols::Default) {
        eprintln!(
            "sudoku: --symbols {symbols} is for other sizes (--size RxC); 9x9 puzzles are written \
             with the digits 1-9"
        );
        return 2;
    }
    let difficulty = match args.difficulty {
        None => None,
        Some(DifficultyArg::Classic(d)) => Some(d),
        Some(DifficultyArg::Sized(d)) => {
            eprintln!(
                "sudoku: --difficulty {d} is for other sizes (--size); for 9x9 use {}",
                classic_difficulty_names()
            );
            return 2;
        }
    };
    let options = Options {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        seed,
        rating: args.rating.clone().or(difficulty.map(rating_range)),
        rate: to == Output::Json,
        ..Options::default()
    };
    let generator = match Generator::new(options) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("sudoku: {e}");
            return 2;
        }
    };
    let notes = generator.options().hard_to_meet();
    produce(args, seed, &notes, |i| {
        generator.generate(i).map(|g| render(&g, i, to))
    })
}

/// `generate --size RxC` for a grid other than 9x9.
fn run_sized(args: &GenerateArgs, shape: Shape, seed: u64, to: Output) -> u8 {
    let difficulty = match args.difficulty {
        None => SizedDifficulty::Any,
        Some(DifficultyArg::Sized(d)) => d,
        Some(DifficultyArg::Classic(d)) => {
            eprintln!(
                "sudoku: --difficulty {} is rated on 9x9 grids only; for {shape} boxes use {SIZED_DIFFICULTY_NAMES}",
                d.name()
            );
            return 2;
        }
    };
    if args.rating.is_some() {
        eprintln!(
            "sudoku: --rating is for 9x9 grids only; for {shape} boxes use --difficulty {SIZED_DIFFICULTY_NAMES}"
        );
        return 2;
    }
    let format = match to {
        Output::Json => None,
        Output::Grid(format) => match sized::format_of(format) {
            Some(f) => Some(f),
            None => {
                eprintln!(
                    "sudoku: --to {format} writes 9x9 grids only; for other sizes use line, grid, rows, pretty or json"
                );
                return 2;
            }
        },
    };
    // Read back, a line or rows take the usual boxes of their side.
    if let Some(f) = format
        && f != sized_format::SizedFormat::Pretty
        && Shape::for_size(shape.size()) != Some(shape)
    {
        eprintln!(
            "sudoku: note: the {f} format does not show the boxes: read these puzzles back with --size {shape} (--to pretty draws them)"
        );
    }
    let symbols = args.symbols.unwrap_or(Symbols::Default);
    // The default alphabet writes numbers beyond 35 (as `solve` does).
    if symbols != Symbols::Default && !symbols.covers(shape.size()) {
        let n = shape.size();
        eprintln!(
            "sudoku: --symbols {symbols} has no digit for {n}x{n} grids; use --symbols default{}",
            if Symbols::Letters.covers(n) {
                " or letters"
            } else {
                ""
            }
        );
        return 2;
    }
    let options = SizedOptions {
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues,
        difficulty,
        seed,
        ..SizedOptions::new(shape)
    };
    let generator = match SizedGenerator::new(options) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("sudoku: {e}");
            return 2;
        }
    };
    let notes = generator.options().hard_to_meet();
    produce(args, seed, &notes, |i| {
        generator.generate(i).map(|made| match format {
            None => {
                let mut json = GeneratedSized::new(i, generator.options(), &made);
                json.puzzle = sized_format::line_text(&made.puzzle, symbols);
                json.solution = sized_format::line_text(&made.solution, symbols);
                serde_json::to_string(&json).expect("JSON") + "\n"
            }
            Some(format) => {
                let mut text = String::new();
                if i > 0 && format.is_multiline() {
                    text.push('\n');
                }
                sized_format::write_grid(&mut text, &made.puzzle, format, symbols);
                text
            }
        })
    })
}

/// How `generate --variant` writes its puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VariantForm {
    Text,
    Link,
    Json,
}

/// `generate --variant`: variant puzzles with a unique solution.
fn run_variants(args: &GenerateArgs, seed: u64) -> u8 {
    let refused = [
        (args.symmetry != Symmetry::None, "--symmetry"),
        (args.minimal, "--minimal"),
        (args.clues.is_some(), "--clues"),
        (args.difficulty.is_some(), "--difficulty"),
        (args.rating.is_some(), "--rating"),
        (args.symbols.is_some(), "--symbols"),
    ];
    if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
        eprintln!("sudoku: {option} is not for variant puzzles (--variant)");
        return 2;
    }
    // Kropki dots and XV marks have no text form: a link by default.
    let marked = args
        .variant
        .iter()
        .any(|k| matches!(k, Kind::Kropki | Kind::Xv));
    let form = match args.to {
        None if marked => VariantForm::Link,
        Some(GenerateTo::Text) if marked => {
            eprintln!(
                "sudoku: kropki dots and XV marks have no text form: use --to link (the default for them) or --to json"
            );
            return 2;
        }
        None | Some(GenerateTo::Text) => VariantForm::Text,
        Some(GenerateTo::Link) => VariantForm::Link,
        Some(GenerateTo::Output(Output::Json)) => VariantForm::Json,
        Some(GenerateTo::Output(Output::Grid(format))) => {
            eprintln!(
                "sudoku: --to {format} writes plain grids; variant puzzles are written as text, link or json"
            );
            return 2;
        }
    };
    let shape = args.size.unwrap_or(Shape::CLASSIC);
    let regions = sudoku_variants::Regions::Boxes {
        rows: shape.box_rows(),
        columns: shape.box_cols(),
    };
    let grid = match Puzzle::new(shape.size(), regions) {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("sudoku: {e}");
            return 2;
        }
    };
    let plan = match gen_variants::Plan::new(&grid, &args.variant) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("sudoku: {e}");
            return 2;
        }
    };
    produce(args, seed, &[], |i| {
        let made = plan.generate(seed, i)?;
        render_variant(&made.puzzle, i, form)
    })
}

fn render_variant(puzzle: &Puzzle, index: u64, form: VariantForm) -> Result<String, GenerateError> {
    Ok(match form {
        VariantForm::Text => {
            let written =
                text::to_text(puzzle).map_err(|e| GenerateError::Impossible(e.to_string()))?;
            if index > 0 {
                format!("{SEPARATOR}\n{written}")
            } else {
                written
            }
        }
        VariantForm::Link => fpuzzles::to_link(puzzle) + "\n",
        VariantForm::Json => fpuzzles::to_json(puzzle) + "\n",
    })
}

/// Makes `--count` puzzles with `make` (the text of the puzzle at an
/// index) on every core and prints them in order; returns the exit status.
fn produce(
    args: &GenerateArgs,
    seed: u64,
    notes: &[String],
    make: impl Fn(u64) -> Result<String, GenerateError> + Sync,
) -> u8 {
    let threads = crate::args::threads(args.threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let bar = (!args.no_progress && io::stderr().is_terminal()).then(|| {
        if args.count > 1 {
            let bar = ProgressBar::new(args.count);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles {per_sec} eta {eta}")
                    .expect("a valid template"),
            );
            return bar;
        }
        // One puzzle can take a minute (a minimal 25x25): show it is at work.
        let spinner = ProgressBar::new_spinner();
        spinner.set_style(
            ProgressStyle::with_template("{spinner} making a puzzle, {elapsed}")
                .expect("a valid template"),
        );
        spinner.enable_steady_tick(Duration::from_millis(100));
        spinner
    });
    let started = Instant::now();
    let made = Arc::new(AtomicU64::new(0));
    // Held while a puzzle is written, so that Ctrl-C cuts none.
    let writing = Arc::new(Mutex::new(()));
    {
        let (made, writing, bar) = (Arc::clone(&made), Arc::clone(&writing), bar.clone());
        let stats = args.stats;
        // Ctrl-C stops at once, between two writes: the puzzles in the
        // making are dropped, however long they would still take.
        let _ = ctrlc::set_handler(move || {
            let _whole = writing.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            if stats {
                print_stats(made.load(Ordering::SeqCst), seed, started);
            }
            std::process::exit(130);
        });
    }
    // On a terminal, a run that has made nothing after a while says why
    // it may take long, as a run that gives up does.
    let noted = Arc::new(AtomicBool::new(false));
    let (_running, finished) = mpsc::channel::<()>();
    if let Some(bar) = bar.clone().filter(|_| !notes.is_empty()) {
        let (made, noted, notes) = (Arc::clone(&made), Arc::clone(&noted), notes.to_vec());
        std::thread::spawn(move || {
            // Disconnected when the run ends.
            if finished.recv_timeout(NOTES_AFTER) == Err(mpsc::RecvTimeoutError::Timeout)
                && made.load(Ordering::SeqCst) == 0
                && !noted.swap(true, Ordering::SeqCst)
            {
                for note in notes {
                    bar.println(format!(
                        "sudoku: note: no puzzle yet after {} s: {note}",
                        NOTES_AFTER.as_secs()
                    ));
                }
            }
        });
    }
    let mut stdout = io::stdout().lock();
    let mut code = 0;
    // Small batches keep every core busy.
    let batch = (threads as u64) * 2;
    let mut next = 0u64;
    'outer: while next < args.count {
        let end = (next + batch).min(args.count);
        let results: Vec<_> =
            pool.install(|| (next..end).into_par_iter().map(|i| (i, make(i))).collect());
        for (i, result) in results {
            match result {
                Ok(text) => {
                    let _whole = writing.lock().unwrap_or_else(|e| e.into_inner());
                    // One write per puzzle: an interrupted run prints whole puzzles.
                    let mut write = || {
                        stdout
                            .write_all(text.as_bytes())
                            .and_then(|()| stdout.flush())
                    };
                    // The bar steps aside, so that puzzles printed on the
                    // same terminal do not run into it.
                    let written = match &bar {
                        Some(bar) => bar.suspend(write),
                        None => write(),
                    };
                    if let Err(e) = written {
                        if e.kind() != io::ErrorKind::BrokenPipe {
                            eprintln!("sudoku: cannot write the output: {e}");
                            code = 2;
                        }
                        break 'outer;
                    }
                    made.fetch_add(1, Ordering::SeqCst);
                }
                Err(e) => {
                    eprintln!("sudoku: puzzle {}: {e}", i + 1);
                    if matches!(e, GenerateError::GaveUp(_)) && !noted.swap(true, Ordering::SeqCst)
                    {
                        for note in notes {
                            eprintln!("sudoku: note: {note}");
                        }
                    }
                    code = 1;
                    break 'outer;
                }
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
        next = end;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.stats {
        print_stats(made.load(Ordering::SeqCst), seed, started);
    }
    code
}

/// How long a run on a terminal makes nothing before it shows the notes
/// on what is hard to meet (a clue count few grids have, a narrow rating).
const NOTES_AFTER: Duration = Duration::from_secs(10);

/// The summary of `--stats`.
fn print_stats(made: u64, seed: u64, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "generated: {made}\nseed:      {seed}\nelapsed:   {secs:.3} s\nspeed:     {:.0} puzzles/s",
        made as f64 / secs.max(1e-9)
    );
}

fn render(generated: &Generated, index: u64, to: Output) -> String {
    match to {
        Output::Json => {
            debug_assert!(generated.rating.is_some(), "JSON output rates every puzzle");
            let json = GeneratedRecord::new(index, generated);
            serde_json::to_string(&json).expect("JSON") + "\n"
        }
        Output::Grid(format) => {
            let mut text = String::new();
            if index > 0 && format.is_multiline() && format != Format::Euler {
                text.push('\n');
            }
            write_grid(
                &mut text,
                &generated.puzzle,
                format,
                None,
                index as usize + 1,
            );
            text
        }
    }
}

/// A seed from the clock and the process, for runs without `--seed`.
fn rand_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (u64::from(std::process::id()) << 32)
}
