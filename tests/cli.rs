//! The `sudoku` binary end to end: every format in and out, the errors, the
//! exit codes, batches and the prompt.

mod common;

use common::*;
use sudoku_engine::format::{Format, to_string};

const JUDGE_IN: &str = include_str!("fixtures/judge.in");
const JUDGE_OUT: &str = include_str!("fixtures/judge.out");

#[test]
fn judge_format_exactly() {
    let run = sudoku(&[], JUDGE_IN);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, JUDGE_OUT);
    assert_eq!(run.stderr, "");
    assert_solutions(
        &grids_in(JUDGE_IN, Format::Grid),
        &grids_in(&run.stdout, Format::Grid),
    );
}

#[test]
fn judge_sample_from_shared_data() {
    let (Some(input), Some(expected)) = (
        sudoku_testdata::read("boj2580-sample.in"),
        sudoku_testdata::read("boj2580-sample.out"),
    ) else {
        return;
    };
    let run = sudoku(&[], &input);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, expected);
    let run = sudoku(&["solve", "-"], &input);
    assert_eq!(run.stdout, expected);
}

#[test]
fn every_format_in_keeps_its_shape_out() {
    let puzzle = grid(UNIQUE);
    for format in Format::ALL {
        let input = to_string(&puzzle, format);
        let run = sudoku(&["solve"], &input);
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        // A pencil-mark puzzle's solution is written as digits, in the
        // shape nearest to its own.
        let shape = match format {
            Format::Marks => Format::Line,
            Format::MarksGrid => Format::Pretty,
            other => other,
        };
        let out = grids_in(&run.stdout, shape);
        assert_solutions(&[puzzle], &out);
    }
}

#[test]
fn every_format_in_to_every_format_out() {
    let puzzle = grid(UNIQUE);
    for from in Format::ALL {
        let input = to_string(&puzzle, from);
        for to in Format::ALL {
            let run = sudoku(&["--to", to.name()], &input);
            assert_eq!(run.code, 0, "{from} -> {to}: {}", run.stderr);
            assert_solutions(&[puzzle], &grids_in(&run.stdout, to));
        }
        // Forcing the right format works too.
        let run = sudoku(&["--from", from.name(), "--to", "line"], &input);
        assert_eq!(run.code, 0, "--from {from}: {}", run.stderr);
    }
}

#[test]
fn pretty_output_is_drawn_with_boxes() {
    let run = sudoku(&["--to", "pretty"], JUDGE_IN);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "5 3 4 | 6 7 8 | 9 1 2");
    assert_eq!(lines[3], "------+-------+------");
    assert_eq!(lines[7], "------+-------+------");
}

#[test]
fn euler_output_keeps_headers() {
    let rows = to_string(&grid(UNIQUE), Format::Rows);
    let input = format!("Grid 07\n{rows}Grid 12\n{rows}");
    let run = sudoku(&["solve"], &input);
    assert_eq!(run.code, 0);
    let headers: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("Grid"))
        .collect();
    assert_eq!(headers, ["Grid 07", "Grid 12"]);
    assert_solutions(&[grid(UNIQUE); 2], &grids_in(&run.stdout, Format::Euler));
}

#[test]
fn project_euler_96_answer_from_line_output() {
    let Some(path) = sudoku_testdata::file("euler96.txt") else {
        return;
    };
    let run = sudoku_file(&["solve", "--to", "line"], &path);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let puzzles: Vec<_> = sudoku_engine::format::read_all(&std::fs::read_to_string(&path).unwrap())
        .into_iter()
        .map(|r| r.grid.unwrap())
        .collect();
    let solutions = grids_in(&run.stdout, Format::Line);
    assert_solutions(&puzzles, &solutions);
    let answer: u32 = run
        .stdout
        .lines()
        .map(|l| l[..3].parse::<u32>().unwrap())
        .sum();
    assert_eq!(answer, 24702);
}

#[test]
fn json_lines_fields() {
    let input = format!("{UNIQUE}\n{CLASH}\n{NO_SOLUTION}\n# comment\n{MULTIPLE}\n");
    let run = sudoku(&["--to", "json"], &input);
    assert_eq!(run.code, 1);
    let objects: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 4);
    assert_eq!(objects[0]["index"], 1);
    assert_eq!(objects[0]["line"], 1);
    assert_eq!(objects[0]["puzzle"], UNIQUE);
    assert_eq!(objects[0]["status"], "solved");
    let solution = grid(objects[0]["solution"].as_str().unwrap());
    assert!(solution.is_solution_of(&grid(UNIQUE)));
    assert_eq!(objects[1]["status"], "invalid");
    assert_eq!(objects[1]["error"], "line 2: r3c1 and r3c3 are both 5");
    assert!(objects[1].get("solution").is_none());
    assert_eq!(objects[2]["status"], "no_solution");
    assert_eq!(objects[3]["line"], 5);
    assert_eq!(objects[3]["index"], 4);
    assert_eq!(objects[3]["status"], "solved");
    let solution = grid(objects[3]["solution"].as_str().unwrap());
    assert!(solution.is_solution_of(&grid(MULTIPLE)));
}

#[test]
fn json_for_unreadable_puzzle() {
    let run = sudoku(&["--to", "json"], "1234\n5678\n");
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(object["status"], "invalid");
    assert_eq!(object["puzzle"], serde_json::Value::Null);
    assert_eq!(object["error"], "line 1: expected 9 digits, found 4");
    // Alone, the line is a one-line puzzle of no length accepted.
    let run = sudoku(&["--to", "json"], "1234\n");
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(object["status"], "invalid");
    let error = object["error"].as_str().unwrap();
    assert!(
        error.starts_with("line 1: expected a line of 16, 36, 64, 81,"),
        "{error}"
    );
    assert!(error.ends_with("found 4"), "{error}");
}

#[test]
fn count_with_limit() {
    let input = format!("{UNIQUE}\n{MULTIPLE}\n");
    let run = sudoku(&["count"], &input);
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "1");
    let run = sudoku(&["count", "--limit", "3"], &input);
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("3 (limit reached; there may be more)")
    );
    let run = sudoku(&["count", "--limit", "3", "--to", "json"], &input);
    let object: serde_json::Value =
        serde_json::from_str(run.stdout.lines().nth(1).unwrap()).unwrap();
    assert_eq!(object["solutions"], 3);
    assert_eq!(object["limit_reached"], true);
}

#[test]
fn count_is_exact_below_the_limit() {
    // The solution of the judge fixture with a deadly rectangle emptied
    // (r4c6, r4c9, r5c6, r5c9 hold 1 3 / 3 1): exactly two solutions.
    let puzzle =
        "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";
    let run = sudoku(&["count"], puzzle);
    assert_eq!((run.code, run.stdout.as_str()), (0, "2\n"));
    let run = sudoku(&["check"], puzzle);
    assert_eq!((run.code, run.stdout.as_str()), (1, "multiple\n"));
}

#[test]
fn check_verdicts_and_exit_codes() {
    let run = sudoku(&["check"], &format!("{UNIQUE}\n"));
    assert_eq!((run.code, run.stdout.as_str()), (0, "unique\n"));
    let input = format!(
        "{UNIQUE}\n{MULTIPLE}\n{NO_SOLUTION}\n{CLASH}\n{}\n",
        &UNIQUE[..80]
    );
    let run = sudoku(&["check"], &input);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "unique\nmultiple\nnone\ninvalid: line 4: r3c1 and r3c3 are both 5\n\
         invalid: line 5: expected 81 cells, found 80\n"
    );
    let run = sudoku(&["check", "--to", "json"], &input);
    let verdicts: Vec<String> = run
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["verdict"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        verdicts,
        ["unique", "multiple", "none", "invalid", "invalid"]
    );
}

#[test]
fn errors_name_line_and_column() {
    let mut bad = UNIQUE.to_string();
    bad.replace_range(16..17, "x");
    let run = sudoku(&[], &format!("{UNIQUE}\n\n{bad}\n"));
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "sudoku: line 3, column 17: expected a digit 1-9 or a blank (0, . or _), found 'x'\n"
    );
    assert_eq!(grids_in(&run.stdout, Format::Line).len(), 1);
}

#[test]
fn short_row_in_judge_format() {
    let mut lines: Vec<&str> = JUDGE_IN.lines().collect();
    lines[3] = "8 0 0 0 6 0 0 0";
    let run = sudoku(&[], &(lines.join("\n") + "\n"));
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "sudoku: line 4: expected 9 digits, found 8\n");
    assert_eq!(run.stdout, "");
}

#[test]
fn clashing_givens_are_named() {
    let run = sudoku(&[], CLASH);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "sudoku: line 1: r3c1 and r3c3 are both 5\n");
}

#[test]
fn no_solution_is_reported() {
    let run = sudoku(&[], NO_SOLUTION);
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "sudoku: line 1: the puzzle has no solution\n");
}

#[test]
fn truncated_grid_letter_and_empty_input() {
    let truncated: String = JUDGE_IN.lines().take(5).map(|l| format!("{l}\n")).collect();
    let run = sudoku(&[], &truncated);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "sudoku: line 1: expected 9 rows in this grid, found 5\n"
    );

    let run = sudoku(&[], &JUDGE_IN.replacen("0 7 0", "0 a 0", 1));
    assert_eq!(
        run.stderr,
        "sudoku: line 1, column 9: expected a digit 1-9 or a blank (0, . or _), found 'a'\n"
    );

    for empty in ["", "\n\n", "# nothing here\n"] {
        let run = sudoku(&[], empty);
        assert_eq!(run.code, 1);
        assert_eq!(run.stderr, "sudoku: no puzzle found in the input\n");
    }
}

#[test]
fn random_bytes_and_huge_line_never_panic() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let bytes: Vec<u8> = (0..20_000)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect();
    let output = assert_cmd::cargo::cargo_bin_cmd!("sudoku")
        .write_stdin(bytes)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(!output.stderr.is_empty());
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));

    let huge = format!("{}\n{UNIQUE}\n", "7".repeat(1 << 20));
    let run = sudoku(&[], &huge);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "sudoku: line 1: expected a puzzle, found a line of 1048576 bytes (at most 65536 are read)\n"
    );
    assert_solutions(&[grid(UNIQUE)], &grids_in(&run.stdout, Format::Line));
}

#[test]
fn crlf_bom_spaces_and_missing_newline() {
    let input = "\u{feff}\r\n".to_string() + JUDGE_IN.replace('\n', "  \r\n").trim_end();
    let run = sudoku(&[], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, JUDGE_OUT);
}

#[test]
fn file_errors_name_the_file() {
    let dir = std::env::temp_dir().join(format!("sudoku-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(&path, format!("{UNIQUE}\n{CLASH}\n")).unwrap();
    let run = sudoku_file(&[], &path);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        format!(
            "sudoku: {}: line 2: r3c1 and r3c3 are both 5\n",
            path.display()
        )
    );

    // A missing file is an I/O error (2), and the other inputs are still solved.
    let missing = dir.join("missing.txt");
    let run = sudoku(&[missing.to_str().unwrap(), path.to_str().unwrap()], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with(&format!("sudoku: {}: ", missing.display())),
        "{}",
        run.stderr
    );
    assert_eq!(grids_in(&run.stdout, Format::Line).len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(sudoku(&["--to", "yaml"], UNIQUE).code, 2);
    assert_eq!(sudoku(&["--threads", "0"], UNIQUE).code, 2);
    assert_eq!(sudoku(&["count", "--bogus"], UNIQUE).code, 2);
    let help = sudoku(&["--help"], "");
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Exit status:"));
    assert!(help.stdout.contains("2  usage or I/O error"));
}

#[test]
fn each_subcommand_help_opens_with_its_own_summary() {
    // The subcommands' arguments are built lazily (clap's `defer`): a doc
    // comment on a flattened argument struct would then take the place of
    // the subcommand's own summary.
    for (command, summary) in [
        ("solve", "Print one solution of each puzzle"),
        ("count", "Count the solutions of each puzzle"),
        ("check", "Say whether each puzzle has a unique solution"),
        ("generate", "Make puzzles with exactly one solution"),
        ("hint", "The next logical step for a grid"),
        ("explain", "Every logical step from the puzzle to the end"),
        (
            "rate",
            "The rating of each puzzle on the Sudoku Explainer scale",
        ),
        ("marks", "The pencil-mark grid"),
    ] {
        let help = sudoku(&[command, "--help"], "");
        assert_eq!(help.code, 0, "{command}");
        assert!(
            help.stdout.starts_with(summary),
            "{command}: {}",
            help.stdout
        );
        assert!(
            help.stdout
                .contains(&format!("Usage: sudoku {command} [OPTIONS]")),
            "{command}"
        );
    }
}

#[test]
fn batch_keeps_order_and_every_good_puzzle() {
    // Many puzzles, some bad, on several threads: output is in input order.
    let mut input = String::new();
    let mut puzzles = Vec::new();
    let mut bad_lines = Vec::new();
    let rotate = |k: usize| -> String {
        // Relabel digits to make different puzzles.
        UNIQUE
            .chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from_digit((d as usize - 1 + k) as u32 % 9 + 1, 10).unwrap(),
                None => c,
            })
            .collect()
    };
    for i in 0..5000 {
        if i % 97 == 13 {
            input.push_str("not a puzzle\n");
            bad_lines.push(i + 1);
        } else {
            let p = rotate(i % 9);
            puzzles.push(grid(&p));
            input.push_str(&p);
            input.push('\n');
        }
    }
    for threads in ["1", "2", "3"] {
        let run = sudoku(&["--threads", threads], &input);
        assert_eq!(run.code, 1);
        assert_solutions(&puzzles, &grids_in(&run.stdout, Format::Line));
        let lines: Vec<usize> = run
            .stderr
            .lines()
            .map(|l| {
                l.trim_start_matches("sudoku: line ")
                    .split([',', ':'])
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(lines, bad_lines);
    }
}

#[test]
fn multi_grid_batches_are_separated() {
    let input = format!("{JUDGE_IN}\n{JUDGE_IN}");
    let run = sudoku(&[], &input);
    assert_eq!(run.stdout, format!("{JUDGE_OUT}\n{JUDGE_OUT}"));
}

#[test]
fn stats_and_warn_multiple() {
    let input = format!("{UNIQUE}\n{MULTIPLE}\n{NO_SOLUTION}\n{CLASH}\n");
    let run = sudoku(&["--stats", "--warn-multiple"], &input);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("line 2: the puzzle has more than one solution; printed one of them")
    );
    for expected in [
        "puzzles:           4",
        "solved:            2",
        "several solutions: 1",
        "no solution:       1",
        "invalid:           1",
        "puzzles/s",
    ] {
        assert!(
            run.stderr.contains(expected),
            "{expected} in {}",
            run.stderr
        );
    }
}

#[test]
fn prompt_reads_a_typed_puzzle_and_draws_the_solution() {
    let typed = "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n\
                 .6....28.\n...419..x\n...419..5\n....8..79\n";
    let run = sudoku(&["--interactive"], typed);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("Type the puzzle"));
    assert!(run.stderr.contains("please type row 8 again"));
    let solution = grids_in(&run.stdout, Format::Pretty);
    assert_solutions(&grids_in(JUDGE_IN, Format::Grid), &solution);
}

/// The 729-character form of a puzzle, with the solution's digit crossed
/// out of the cells listed.
fn marks_line(puzzle: &str, crossed: &[usize]) -> String {
    let puzzle = grid(puzzle);
    let solution = puzzle.solve().unwrap();
    let mut marks = sudoku_engine::PencilMarks::from_grid(&puzzle);
    for &cell in crossed {
        let d = sudoku_engine::Digit::new(solution.cells()[cell]);
        marks.remove(sudoku_engine::Cell::new(cell), d);
    }
    marks.to_line()
}

#[test]
fn pencil_mark_puzzles_are_solved_within_their_marks() {
    let empty_cell = UNIQUE.find('.').unwrap();
    let plain = marks_line(UNIQUE, &[]);
    let run = sudoku(&["solve"], &format!("{plain}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A pencil-mark puzzle's solution is printed as a line.
    assert!(grid(run.stdout.trim()).is_solution_of(&grid(UNIQUE)));
    let crossed = marks_line(UNIQUE, &[empty_cell]);
    let run = sudoku(&["check"], &format!("{plain}\n{crossed}\n"));
    assert_eq!(run.stdout, "unique\nnone\n");
    let run = sudoku(&["solve", "--to", "json"], &format!("{crossed}\n"));
    assert_eq!(run.code, 1);
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(object["status"], "no_solution");
    assert_eq!(object["puzzle"], crossed.as_str());
    // An open grid narrowed by marks alone: the empty grid's marks with
    // r1c1 down to 1 and 2 has solutions with each, all keeping to them.
    let mut open = "123456789".repeat(81);
    open.replace_range(0..9, "12.......");
    let run = sudoku(&["count", "--limit", "3"], &format!("{open}\n"));
    assert_eq!(run.stdout, "3 (limit reached; there may be more)\n");
    let run = sudoku(&["solve", "--to", "line"], &format!("{open}\n"));
    assert!(matches!(run.stdout.as_bytes()[0], b'1' | b'2'));
}

#[test]
fn every_pencil_mark_form_reads_back_through_the_command() {
    let puzzle = grid(UNIQUE);
    let marks = sudoku_engine::PencilMarks::from_grid(&puzzle);
    let solution = to_string(&puzzle.solve().unwrap(), Format::Line);
    for format in [Format::Marks, Format::MarksGrid, Format::Pretty] {
        let text = sudoku_engine::format::marks_to_string(&marks, format);
        let run = sudoku(&["solve", "--to", "line"], &text);
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        assert_eq!(run.stdout, solution, "{format}");
        let run = sudoku(&["solve", "--from", "marks", "--to", "line"], &text);
        if format != Format::Pretty {
            assert_eq!(run.stdout, solution, "--from marks, {format}");
        }
    }
    // What `sudoku marks` draws reads back as the same position.
    let drawn = sudoku(&["marks"], UNIQUE).stdout;
    let run = sudoku(&["check"], &drawn);
    assert_eq!(run.stdout, "unique\n");
    let compact = sudoku(&["marks", "--compact"], UNIQUE).stdout;
    let run = sudoku(&["check"], &compact);
    assert_eq!(run.stdout, "unique\n");
}

#[test]
fn pencil_mark_errors_name_line_and_column() {
    let mut bad = marks_line(UNIQUE, &[]);
    let at = bad.find("123456789").unwrap();
    bad.replace_range(at + 1..at + 2, "7");
    let run = sudoku(&["check"], &format!("{bad}\n"));
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.starts_with(&format!(
            "invalid: line 1, column {}: expected 2 or a blank",
            at + 2
        )),
        "{}",
        run.stdout
    );
}

#[test]
fn count_limit_zero_is_a_usage_error() {
    let run = sudoku(&["count", "--limit", "0"], &".".repeat(81));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("at least 1"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

/// A record is printed as soon as it and those before it are done, not
/// when its whole chunk is: here a unique puzzle's count comes out while
/// the empty grid after it is still being counted (for minutes), on one
/// thread and on two.
#[cfg(unix)]
#[test]
fn each_result_is_out_while_later_puzzles_are_worked_on() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    for threads in ["1", "2"] {
        let input = std::env::temp_dir().join(format!("sudoku-stream-{threads}.txt"));
        std::fs::write(&input, format!("{UNIQUE}\n{}\n", ".".repeat(81))).unwrap();
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
            .args(["count", "--limit", "1000000000", "-j", threads])
            .arg(&input)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let first = rx.recv_timeout(Duration::from_secs(20));
        let still_at_work = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        std::fs::remove_file(&input).unwrap();
        assert_eq!(first.as_deref(), Ok("1\n"), "-j {threads}");
        assert!(still_at_work, "-j {threads}: the empty grid was counted");
    }
}

/// A program that writes puzzles to `sudoku` through a pipe, one at a time,
/// gets each answer before it sends the next (a co-process), for the
/// one-line form and the judge's grid, whichever the thread count, and
/// `rate` alike; the input ends when the writer closes the pipe.
#[test]
fn puzzles_from_a_pipe_are_answered_as_they_come() {
    let judge = grids_in(JUDGE_IN, Format::Grid)[0];
    let cases: [(&[&str], String, Format, usize); 4] = [
        (
            &["solve", "-j", "1"],
            format!("{UNIQUE}\n"),
            Format::Line,
            1,
        ),
        (
            &["solve", "-j", "2"],
            format!("{UNIQUE}\n"),
            Format::Line,
            1,
        ),
        (&["solve", "-j", "2"], JUDGE_IN.to_string(), Format::Grid, 9),
        (
            &["solve", "-j", "1"],
            format!("{JUDGE_IN}\n"),
            Format::Grid,
            9,
        ),
    ];
    for (args, puzzle, format, lines) in cases {
        let mut sudoku = CoProcess::spawn(args);
        let given = grids_in(&puzzle, format)[0];
        assert!(format != Format::Grid || given == judge);
        for round in 1..=3 {
            sudoku.send(&puzzle);
            let context = format!("{args:?} round {round}");
            // Grids are written with a blank line between them.
            if round > 1 && format == Format::Grid {
                assert_eq!(sudoku.line(&context), "");
            }
            let mut answer = String::new();
            for _ in 0..lines {
                answer.extend([sudoku.line(&context).as_str(), "\n"]);
            }
            assert_solutions(&[given], &grids_in(&answer, format));
        }
        assert!(sudoku.finish(), "{args:?}");
    }
}

/// On a terminal, a batch's bar counts the puzzles written and keeps
/// ticking while a slow puzzle is worked on (here the empty grid, counted
/// for minutes after a unique puzzle), on one thread and on two; a quick
/// run draws no bar at all. Skipped without util-linux `script`.
#[cfg(unix)]
#[test]
fn the_bar_counts_puzzles_and_ticks_through_a_slow_one() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let on_a_terminal = |command: &str| {
        std::process::Command::new("script")
            .args(["-qec", command, "/dev/null"])
            .output()
            .ok()
            .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
    };
    for threads in ["1", "2"] {
        let input = std::env::temp_dir().join(format!("sudoku-bar-{threads}.txt"));
        std::fs::write(&input, format!("{UNIQUE}\n{}\n", ".".repeat(81))).unwrap();
        let command = format!(
            "'{bin}' count --limit 1000000000 -j {threads} '{}' & pid=$!; sleep 3; kill $pid",
            input.display()
        );
        let shown = on_a_terminal(&command);
        std::fs::remove_file(&input).unwrap();
        let Some(shown) = shown else {
            eprintln!("skipped: no `script` to run the command on a terminal");
            return;
        };
        // Drawn again and again with the same count: the tick (every
        // 100 ms once shown after half a second).
        let frames = shown.matches("1 puzzle done").count();
        assert!(frames >= 5, "-j {threads}: {frames} frames: {shown:?}");
    }
    let input = std::env::temp_dir().join("sudoku-bar-quick.txt");
    std::fs::write(&input, format!("{UNIQUE}\n{UNIQUE}\n")).unwrap();
    let shown = on_a_terminal(&format!("'{bin}' solve '{}'", input.display()));
    std::fs::remove_file(&input).unwrap();
    let shown = shown.expect("ran before");
    let solved = shown
        .lines()
        .filter(|l| l.trim().len() == 81 && l.trim().bytes().all(|b| b.is_ascii_digit()));
    assert_eq!(solved.count(), 2, "{shown:?}");
    assert!(!shown.contains("done"), "a bar was drawn: {shown:?}");
}

/// Ctrl-C in a batch whose bar is drawn clears the bar before the process
/// ends (status 130), so the shell prompts on a clean line. Skipped
/// without util-linux `script`.
#[cfg(unix)]
#[test]
fn ctrl_c_clears_the_bar() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let input = std::env::temp_dir().join("sudoku-bar-ctrl-c.txt");
    std::fs::write(&input, format!("{UNIQUE}\n{}\n", ".".repeat(81))).unwrap();
    // `set -m`: the job gets Ctrl-C (a shell without job control has its
    // background jobs ignore it).
    let command = format!(
        "set -m; '{bin}' count --limit 1000000000 -j 1 '{}' & pid=$!; sleep 2; kill -INT $pid; wait $pid; echo \"status=$?\"",
        input.display()
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .output();
    std::fs::remove_file(&input).unwrap();
    let Ok(out) = out else {
        eprintln!("skipped: no `script` to run the command on a terminal");
        return;
    };
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("status=130"), "{shown:?}");
    let last = shown.rfind("1 puzzle done").expect("the bar was drawn");
    assert!(
        shown[last..].contains("\u{1b}[2K"),
        "the last frame stayed: {shown:?}"
    );
}

/// A reader that goes away (`sudoku solve big.txt | head -1`) ends the run
/// on every thread count, however much input is left.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_run() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    for threads in ["1", "2"] {
        let input = std::env::temp_dir().join(format!("sudoku-pipe-{threads}.txt"));
        std::fs::write(&input, format!("{UNIQUE}\n").repeat(50_000)).unwrap();
        let mut child = Command::new(assert_cmd::cargo::cargo_bin!("sudoku"))
            .args(["solve", "--to", "line", "-j", threads])
            .arg(&input)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // The reader is dropped: the pipe is closed.
        let closed = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if closed.elapsed() > Duration::from_secs(20) {
                child.kill().unwrap();
                child.wait().unwrap();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        std::fs::remove_file(&input).unwrap();
        assert_eq!(line.len(), 82, "-j {threads}: {line:?}");
        assert!(
            status.is_some(),
            "-j {threads}: still running 20 s after the pipe closed"
        );
    }
}
