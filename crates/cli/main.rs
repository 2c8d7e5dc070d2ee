//! `sudoku`: a thin command line over the `sudoku-engine` library.

mod args;
mod batch;
mod generate;
mod interactive;
mod logic_commands;
mod pipe;
mod progress;
mod sized;
mod solve_commands;
mod variant_logic;
mod variants;

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudoku_engine::format::Format;
use sudoku_variants::input::Kind;

use args::{Cli, Command, InputArgs, Output, SizeArgs};
use batch::{Input, Job, Options, Summary};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Solve(cli.solve));
    let code = match command {
        Command::Solve(args) => {
            let job = |interactive: bool| solve_commands::Solve {
                // What was typed at the prompt comes back drawn.
                to: args
                    .to
                    .or(interactive.then_some(Output::Grid(Format::Pretty))),
                check_unique: args.warn_multiple || args.input.stats,
                warn_multiple: args.warn_multiple,
            };
            run(&args.input, &args.sizes, &args.variants.variant, job, |s| {
                s.no_solution + s.invalid == 0
            })
        }
        Command::Count(args) => run(
            &args.input,
            &args.sizes,
            &args.variants.variant,
            |_| solve_commands::Count {
                limit: args.limit,
                to: args.to,
            },
            |s| s.no_solution + s.invalid == 0,
        ),
        Command::Check(args) => run(
            &args.input,
            &args.sizes,
            &args.variants.variant,
            |_| solve_commands::Check { to: args.to },
            |s| s.unique == s.puzzles,
        ),
        Command::Generate(args) => generate::run(&args),
        Command::Hint(args) => {
            let (givens, given_text) = match args.given.as_deref().map(read_givens).transpose() {
                Ok(Some((givens, text))) => (givens, Some(text)),
                Ok(None) => (None, None),
                Err(message) => {
                    eprintln!("sudoku: --given: {message}");
                    return ExitCode::from(2);
                }
            };
            run(
                &args.input,
                &args.sizes,
                &args.variants.variant,
                |_| logic_commands::Hint {
                    givens,
                    given_text,
                    to: args.to,
                    level: args.level,
                    marks: !args.no_marks,
                },
                |s| s.unique == s.puzzles,
            )
        }
        Command::Explain(args) => run(
            &args.input,
            &args.sizes,
            &args.variants.variant,
            |_| logic_commands::Explain {
                to: args.to,
                marks: args.marks,
            },
            |s| s.unique == s.puzzles,
        ),
        Command::Rate(args) => run(
            &args.input,
            &args.sizes,
            &[],
            |_| logic_commands::Rate { to: args.to },
            |s| s.unique == s.puzzles,
        ),
        Command::Marks(args) => run(
            &args.input,
            &args.sizes,
            &args.variants.variant,
            |_| logic_commands::Marks {
                compact: args.compact,
            },
            |s| s.invalid == 0,
        ),
    };
    ExitCode::from(code)
}

/// The `--given` clues: a puzzle written out, or a file holding one, as a
/// 9x9 grid when it is one, and as text (read again for other sizes).
fn read_givens(value: &str) -> Result<(Option<sudoku_engine::Grid>, String), String> {
    let text = if std::path::Path::new(value).is_file() {
        std::fs::read_to_string(value).map_err(|e| format!("{value}: {e}"))?
    } else {
        value.to_string()
    };
    match text.parse() {
        Ok(grid) => Ok((Some(grid), text)),
        Err(e) => {
            let sized = sudoku_engine::sizes::format::read_all_with(&text, Default::default());
            match sized.first() {
                Some(r) if r.grid.is_ok() => Ok((None, text)),
                _ => Err(format!("{e}")),
            }
        }
    }
}

/// Runs a job over the inputs and turns what happened into the exit status.
fn run<J: Job>(
    input: &InputArgs,
    sizes: &SizeArgs,
    variants: &[Kind],
    job: impl FnOnce(bool) -> J,
    success: impl Fn(&Summary) -> bool,
) -> u8 {
    let started = Instant::now();
    let interactive = input.interactive || (input.files.is_empty() && io::stdin().is_terminal());
    let inputs = if interactive {
        match interactive::read_puzzle(&mut io::stdin().lock(), &mut io::stderr()) {
            Ok(Some(text)) => vec![Input::Text(text)],
            Ok(None) => {
                eprintln!("sudoku: no puzzle was typed");
                return 1;
            }
            Err(e) => {
                eprintln!("sudoku: cannot read standard input: {e}");
                return 2;
            }
        }
    } else if input.files.is_empty() {
        vec![Input::Stdin]
    } else {
        input
            .files
            .iter()
            .map(|f| {
                if f.as_os_str() == "-" {
                    Input::Stdin
                } else {
                    Input::File(f.clone())
                }
            })
            .collect()
    };
    let threads = args::threads(input.threads);
    let options = Options {
        from: input.from,
        size: sizes.size,
        symbols: sizes.symbols,
        threads,
        progress: !input.no_progress,
        variants: (!variants.is_empty()).then(|| variants.to_vec()),
    };
    let summary = batch::run(&inputs, &job(interactive), &options);
    if input.stats {
        summary.report(started.elapsed());
    }
    if summary.io_error {
        2
    } else if success(&summary) {
        0
    } else {
        1
    }
}
