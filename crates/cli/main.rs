//! `sudoku`: a thin command line over the `sudoku-engine` library.

mod args;
mod batch;
mod commands;
mod generate;
mod interactive;

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use sudoku_engine::format::Format;

use args::{Cli, Command, InputArgs, Output};
use batch::{Input, Job, Options, Summary};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Solve(cli.solve));
    let code = match command {
        Command::Solve(args) => {
            let job = |interactive: bool| commands::Solve {
                // What was typed at the prompt comes back drawn.
                to: args
                    .to
                    .or(interactive.then_some(Output::Grid(Format::Pretty))),
                check_unique: args.warn_multiple || args.input.stats,
                warn_multiple: args.warn_multiple,
            };
            run(&args.input, job, |s| s.no_solution + s.invalid == 0)
        }
        Command::Count(args) => run(
            &args.input,
            |_| commands::Count {
                limit: args.limit,
                to: args.to,
            },
            |s| s.no_solution + s.invalid == 0,
        ),
        Command::Check(args) => run(
            &args.input,
            |_| commands::Check { to: args.to },
            |s| s.unique == s.puzzles,
        ),
        Command::Generate(args) => generate::run(&args),
    };
    ExitCode::from(code)
}

/// Runs a job over the inputs and turns what happened into the exit status.
fn run<J: Job>(
    input: &InputArgs,
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
    let threads = input.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let options = Options {
        from: input.from,
        threads,
        progress: !input.no_progress,
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
