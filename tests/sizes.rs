//! The `sudoku` binary on grids of every size: each format in and out for
//! 4x4 to 25x25 (and 3x2 boxes), the hex and letters alphabets, count and
//! check verdicts, JSON, and errors per puzzle in a batch. Every printed
//! solution is checked against the rules and the givens.

mod common;

use std::path::{Path, PathBuf};

use common::sudoku;
use sudoku_engine::sizes::format::{ReadOptions, SizedFormat, read_all_with, to_string};
use sudoku_engine::sizes::{self, Shape, SizedGrid, Symbols, Uniqueness, reference};

/// The fixture puzzles: one puzzle with a unique solution per shape.
const SHAPES: [&str; 7] = ["2x2", "2x3", "3x2", "2x4", "3x4", "4x4", "5x5"];

fn fixture_path(shape: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sizes")
        .join(format!("{shape}.txt"))
}

fn shape(name: &str) -> Shape {
    name.parse().unwrap()
}

/// Options naming the shape when it is not the usual one for its side.
fn options_for(shape: Shape) -> ReadOptions {
    ReadOptions {
        shape: (Shape::for_size(shape.size()) != Some(shape)).then_some(shape),
        ..Default::default()
    }
}

/// The `--size` arguments a shape needs.
fn size_args(shape: Shape) -> Vec<String> {
    match Shape::for_size(shape.size()) == Some(shape) {
        true => vec![],
        false => vec!["--size".into(), shape.to_string()],
    }
}

/// The fixture puzzle of a shape.
fn puzzle(name: &str) -> SizedGrid {
    let text = std::fs::read_to_string(fixture_path(name)).expect("fixture");
    let shape = shape(name);
    let records = read_all_with(&text, options_for(shape));
    let grid = records[0].grid.clone().expect("a readable fixture");
    assert_eq!(grid.shape(), shape);
    grid
}

/// The grids a run printed, read back in a format and checked to be in it.
fn read_back(text: &str, shape: Shape, format: SizedFormat, symbols: Symbols) -> Vec<SizedGrid> {
    let options = ReadOptions {
        shape: Some(shape),
        symbols: Some(symbols),
        format: None,
    };
    read_all_with(text, options)
        .into_iter()
        .map(|r| {
            assert_eq!(r.format, format, "format of\n{text}");
            r.grid
                .unwrap_or_else(|e| panic!("unreadable output: {e}\n{text}"))
        })
        .collect()
}

fn assert_solves(solution: &SizedGrid, puzzle: &SizedGrid) {
    assert!(
        solution.is_solution_of(puzzle),
        "{solution:?} does not solve {puzzle:?}"
    );
}

fn run(args: &[String], stdin: &str) -> common::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sudoku(&args, stdin)
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn fixtures_have_exactly_one_solution() {
    for name in SHAPES {
        let grid = puzzle(name);
        assert!(
            matches!(sizes::uniqueness(&grid), Uniqueness::Unique(_)),
            "{name}"
        );
        // The plain reference agrees where it is quick enough.
        if grid.size() <= 12 {
            assert_eq!(reference::count(&grid, 2).0, 1, "{name}");
        }
    }
}

#[test]
fn every_format_in_keeps_its_shape_out() {
    for name in SHAPES {
        let shape = shape(name);
        let grid = puzzle(name);
        for format in SizedFormat::ALL {
            let input = to_string(&grid, format, Symbols::Default);
            let mut args = strings(&["solve"]);
            if format != SizedFormat::Pretty {
                args.extend(size_args(shape));
            }
            let out = run(&args, &input);
            assert_eq!(out.code, 0, "{name} {format}: {}", out.stderr);
            assert_eq!(out.stderr, "");
            let solutions = read_back(&out.stdout, shape, format, Symbols::Default);
            assert_eq!(solutions.len(), 1, "{name} {format}");
            assert_solves(&solutions[0], &grid);
        }
    }
}

#[test]
fn every_format_in_to_every_format_out() {
    for name in SHAPES {
        let shape = shape(name);
        let grid = puzzle(name);
        for from in SizedFormat::ALL {
            let input = to_string(&grid, from, Symbols::Default);
            for to in SizedFormat::ALL {
                let mut args = strings(&["solve", "--to", to.name()]);
                args.extend(size_args(shape));
                let out = run(&args, &input);
                assert_eq!(out.code, 0, "{name} {from} -> {to}: {}", out.stderr);
                let solutions = read_back(&out.stdout, shape, to, Symbols::Default);
                assert_solves(&solutions[0], &grid);
            }
        }
    }
}

#[test]
fn json_records_carry_the_size_and_boxes() {
    for name in SHAPES {
        let shape = shape(name);
        let grid = puzzle(name);
        let input = to_string(&grid, SizedFormat::Line, Symbols::Default);
        let mut args = strings(&["solve", "--to", "json", "--warn-multiple"]);
        args.extend(size_args(shape));
        let out = run(&args, &input);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let json: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
        assert_eq!(json["size"], shape.size());
        assert_eq!(json["boxes"], name);
        assert_eq!(json["status"], "solved");
        assert_eq!(json["unique"], true);
        assert_eq!(json["puzzle"], input.trim());
        let solution = json["solution"].as_str().unwrap();
        let solution = read_back(solution, shape, SizedFormat::Line, Symbols::Default);
        assert_solves(&solution[0], &grid);
    }
}

/// A puzzle of the shape with no solution though no givens clash: row 1
/// holds 1 to N-1, and N sits in the last column one band down.
fn no_solution(shape: Shape) -> SizedGrid {
    let n = shape.size();
    let mut grid = SizedGrid::empty(shape);
    for c in 0..n - 1 {
        grid.set(0, c, Some(c as u8 + 1));
    }
    grid.set(shape.box_rows(), n - 1, Some(n as u8));
    grid
}

#[test]
fn count_and_check_tell_unique_multiple_none_and_invalid() {
    for name in SHAPES {
        let shape = shape(name);
        let unique = puzzle(name);
        let mut multiple = SizedGrid::empty(shape);
        multiple.set(0, 0, Some(1));
        let none = no_solution(shape);
        assert_eq!(sizes::count_solutions(&none, 2), 0, "{name}");
        let mut clash = SizedGrid::empty(shape);
        clash.set(0, 0, Some(2));
        clash.set(0, 1, Some(2));
        let input: String = [&unique, &multiple, &none, &clash]
            .iter()
            .map(|g| to_string(g, SizedFormat::Line, Symbols::Default))
            .collect();
        let mut check = strings(&["check"]);
        check.extend(size_args(shape));
        let out = run(&check, &input);
        assert_eq!(out.code, 1, "{name}: {}", out.stderr);
        assert_eq!(
            out.stdout, "unique\nmultiple\nnone\ninvalid: line 4: r1c1 and r1c2 are both 2\n",
            "{name}"
        );
        let mut count = strings(&["count", "--limit", "5"]);
        count.extend(size_args(shape));
        let out = run(&count, &input);
        assert_eq!(out.code, 1);
        assert_eq!(
            out.stdout, "1\n5 (limit reached; there may be more)\n0\n",
            "{name}"
        );
        assert_eq!(
            out.stderr,
            "sudoku: line 3: the puzzle has no solution\nsudoku: line 4: r1c1 and r1c2 are both 2\n"
        );
        // Only the unique one: exit 0.
        let one = to_string(&unique, SizedFormat::Line, Symbols::Default);
        assert_eq!(run(&check, &one).code, 0);
    }
}

#[test]
fn hex_and_letters_are_read_and_written_back_in_their_alphabet() {
    let grid = puzzle("4x4");
    for symbols in [Symbols::Hex, Symbols::Letters] {
        for format in [SizedFormat::Line, SizedFormat::Rows, SizedFormat::Pretty] {
            let input = to_string(&grid, format, symbols);
            let out = run(&strings(&["solve"]), &input);
            assert_eq!(out.code, 0, "{symbols} {format}: {}", out.stderr);
            let solutions = read_back(&out.stdout, grid.shape(), format, symbols);
            assert_solves(&solutions[0], &grid);
            // Written in the alphabet read: hex has a 0 and no G.
            if symbols == Symbols::Hex {
                assert!(out.stdout.contains('0') && !out.stdout.contains('G'));
            } else {
                assert!(!out.stdout.chars().any(|c| c.is_ascii_digit()));
            }
        }
    }
}

#[test]
fn an_ambiguous_sixteen_puzzle_is_an_error_until_the_alphabet_is_given() {
    let grid = puzzle("4x4");
    // Hex without a blank written as `.`: fill every blank of the hex line.
    let solution = sizes::solve(&grid).unwrap();
    let hex = to_string(&solution, SizedFormat::Line, Symbols::Hex);
    // 0 and digits up to F, no `.`: reads as hex (0 = 1) or default (0 = blank).
    assert!(hex.contains('0') && !hex.contains('.'));
    let out = run(&strings(&["check"]), &hex);
    assert_eq!(out.code, 1);
    assert!(
        out.stdout.contains("--symbols hex or --symbols default"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.starts_with("invalid: line 1: "),
        "{}",
        out.stdout
    );
    let out = run(&strings(&["check", "--symbols", "hex"]), &hex);
    assert_eq!((out.code, out.stdout.as_str()), (0, "unique\n"));
    // Read as default, each 0 is a blank that only 16 fills: another grid.
    let out = run(&strings(&["solve", "--symbols", "default"]), &hex);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_ne!(out.stdout, hex);
    assert!(out.stdout.contains('G'));
}

#[test]
fn a_batch_keeps_order_and_reports_each_bad_puzzle_where_it_is() {
    let grid = puzzle("4x4");
    let line = to_string(&grid, SizedFormat::Line, Symbols::Default);
    let input = format!(
        "# 16x16 puzzles\n{line}{}\n\n{line}{}x\n{line}",
        ".".repeat(50),
        &line[..255]
    );
    let out = run(&strings(&["solve"]), &input);
    assert_eq!(out.code, 1);
    let solutions = read_back(
        &out.stdout,
        grid.shape(),
        SizedFormat::Line,
        Symbols::Default,
    );
    assert_eq!(solutions.len(), 3);
    for s in &solutions {
        assert_solves(s, &grid);
    }
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{}", out.stderr);
    assert!(errors[0].starts_with("sudoku: line 3: expected a line of 16, 36, 64, 81, 100,"));
    assert!(errors[0].ends_with("found 50"));
    assert!(
        errors[1].starts_with(
            "sudoku: line 6, column 256: expected a digit 1-G (default alphabet, 16x16)"
        ),
        "{}",
        errors[1]
    );
}

#[test]
fn a_bad_first_line_as_short_as_a_row_loses_none_of_the_puzzles_after_it() {
    // Read as the first row of a grid, the line took the lines after it
    // as that grid's rows: one error, and every other puzzle lost.
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let nine_grid = read_all_with(nine, ReadOptions::default())[0]
        .grid
        .clone()
        .unwrap();
    let sixteen = puzzle("4x4");
    let sixteen_line = to_string(&sixteen, SizedFormat::Line, Symbols::Default);
    for (first, puzzle, line) in [
        (".".repeat(20), &nine_grid, nine),
        ("123456789".to_string(), &nine_grid, nine),
        (".".repeat(12), &sixteen, sixteen_line.trim()),
    ] {
        let input = format!("{first}\n{line}\n{line}\n");
        let out = run(&strings(&["solve"]), &input);
        assert_eq!(out.code, 1, "{input}");
        let solutions = read_back(
            &out.stdout,
            puzzle.shape(),
            SizedFormat::Line,
            Symbols::Default,
        );
        assert_eq!(solutions.len(), 2, "{input}\n{}", out.stdout);
        for s in &solutions {
            assert_solves(s, puzzle);
        }
        let error = out.stderr.trim_end();
        assert!(error.starts_with("sudoku: line 1: expected "), "{error}");
        assert!(
            error.ends_with(&format!("found {}", first.len())),
            "{error}"
        );
        assert_eq!(error.lines().count(), 1, "{error}");
    }
}

#[test]
fn a_first_line_of_no_accepted_length_names_the_lengths() {
    // The first puzzle decides the size: a line no reader takes (a 9x9
    // line cut short, a 36x36 line in an alphabet that has no 36) is told
    // every length accepted, whichever size was meant.
    // A lone line as short as a row (8, 20 and 30 are sides of grids) is
    // a one-line puzzle too, not a grid cut short.
    for length in [8, 17, 20, 30, 50, 80, 200, 1296] {
        let out = run(&strings(&["solve"]), &format!("{}\n", ".".repeat(length)));
        assert_eq!(out.code, 1);
        assert!(out.stdout.is_empty(), "{}", out.stdout);
        let error = out.stderr.trim_end();
        assert!(
            error.starts_with("sudoku: line 1: expected a line of 16, 36, 64, 81, 100,"),
            "{error}"
        );
        assert!(error.ends_with(&format!("found {length}")), "{error}");
    }
    // A line short of the 729 of 9x9 pencil marks keeps their message.
    let out = run(
        &strings(&["solve"]),
        &format!("{}\n", &"123456789".repeat(81)[..728]),
    );
    assert!(
        out.stderr.contains(
            "line 1: expected 729 characters (9 places for each of the 81 cells), found 728"
        ),
        "{}",
        out.stderr
    );
    // Later lines of a 9x9 file keep the 9x9 message.
    let out = run(
        &strings(&["solve"]),
        &format!("{}\n{}\n", ".".repeat(81), ".".repeat(80)),
    );
    assert!(
        out.stderr.contains("line 2: expected 81 cells, found 80"),
        "{}",
        out.stderr
    );
}

/// A 9x9 puzzle as a line and as a grid of every size.
fn nine_by_nine() -> (&'static str, SizedGrid) {
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = read_back(nine, shape("3x3"), SizedFormat::Line, Symbols::Default).remove(0);
    (nine, grid)
}

/// Each line of `out` solves the puzzle in its place, by the rules.
fn assert_lines_solve(out: &str, puzzles: &[&SizedGrid]) {
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), puzzles.len(), "{out}");
    for (line, puzzle) in lines.iter().zip(puzzles) {
        let solution = read_back(line, puzzle.shape(), SizedFormat::Line, Symbols::Default);
        assert_solves(&solution[0], puzzle);
    }
}

#[test]
fn one_line_puzzles_of_every_size_may_follow_nine_by_nine_ones() {
    // A file whose first puzzle is 9x9 reads later lines of other sizes
    // with the reader of every size, in their place; they were errors
    // ("a 16x16 puzzle, where this input's puzzles are 9x9").
    let (nine, nine_grid) = nine_by_nine();
    let sixteen = to_string(&puzzle("4x4"), SizedFormat::Line, Symbols::Default);
    let six = to_string(&puzzle("2x3"), SizedFormat::Line, Symbols::Default);
    let mut bad = sixteen.trim().to_string();
    bad.replace_range(9..10, "!");
    let input = format!(
        "{}\n{}  # a comment\n  {}\n{bad}\n{}\n",
        nine,
        sixteen.trim(),
        six.trim(),
        nine
    );
    let out = run(&strings(&["solve"]), &input);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_lines_solve(
        &out.stdout,
        &[&nine_grid, &puzzle("4x4"), &puzzle("2x3"), &nine_grid],
    );
    // The bad line's error names its line and column, as in a 16x16 file.
    assert_eq!(
        out.stderr.trim_end(),
        "sudoku: line 4, column 10: expected a digit 1-G (default alphabet, 16x16) or a blank (0 or .), found '!'"
    );
    // check and JSON: the verdicts in order, the size where it is not 9x9.
    let out = run(&strings(&["check"]), &input);
    assert_eq!(
        out.stdout.lines().collect::<Vec<_>>(),
        [
            "unique",
            "unique",
            "unique",
            "invalid: line 4, column 10: expected a digit 1-G (default alphabet, 16x16) or a blank (0 or .), found '!'",
            "unique"
        ]
    );
    let out = run(&strings(&["solve", "--to", "json"]), &input);
    let sizes: Vec<Option<u64>> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["size"].as_u64())
        .collect();
    assert_eq!(sizes, [None, Some(16), Some(6), Some(16), None]);
    // A 9x9-only output format fails those puzzles alone.
    let out = run(&strings(&["solve", "--to", "euler"]), &input);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.matches("Grid ").count(), 2, "{}", out.stdout);
    assert!(
        out.stderr
            .contains("line 2: --to euler writes 9x9 grids only"),
        "{}",
        out.stderr
    );
}

#[test]
fn grids_of_every_size_may_follow_nine_by_nine_ones() {
    // Rows, grid and pretty files whose first puzzle is 9x9 read later
    // grids of other sizes with the reader of every size, in their place.
    let (_, nine_grid) = nine_by_nine();
    let puzzles = [
        &nine_grid,
        &puzzle("2x2"),
        &puzzle("4x4"),
        &puzzle("2x3"),
        &nine_grid,
    ];
    for format in [SizedFormat::Rows, SizedFormat::Grid, SizedFormat::Pretty] {
        let input: Vec<String> = puzzles
            .iter()
            .map(|p| to_string(p, format, Symbols::Default))
            .collect();
        let input = input.join("\n");
        let out = run(&strings(&["solve", "--to", "line"]), &input);
        assert_eq!(out.code, 0, "{format:?}: {}", out.stderr);
        assert_lines_solve(&out.stdout, &puzzles);
    }
    // A bad cell in a 16x16 grid is named by its line and column in the
    // file, and the puzzles around it are solved.
    let sixteen = to_string(&puzzle("4x4"), SizedFormat::Rows, Symbols::Default);
    let mut rows: Vec<String> = sixteen.lines().map(str::to_string).collect();
    rows[2].replace_range(9..10, "!");
    let nine_rows = to_string(&nine_grid, SizedFormat::Rows, Symbols::Default);
    let input = format!("{nine_rows}\n{}\n\n{nine_rows}", rows.join("\n"));
    let out = run(&strings(&["check"]), &input);
    assert_eq!(
        out.stdout.lines().collect::<Vec<_>>(),
        [
            "unique",
            "invalid: line 13, column 10: expected a digit 1-G (default alphabet, 16x16) or a blank (0 or .), found '!'",
            "unique"
        ],
        "{}",
        out.stderr
    );
}

#[test]
fn formats_of_nine_by_nine_only_are_refused_for_other_sizes() {
    let line = to_string(&puzzle("2x2"), SizedFormat::Line, Symbols::Default);
    let out = run(&strings(&["solve", "--to", "euler"]), &line);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--to euler writes 9x9 grids only"),
        "{}",
        out.stderr
    );
}

#[test]
fn nine_by_nine_asked_in_letters_goes_the_sizes_way() {
    let classic = common::grid(common::UNIQUE);
    let grid = SizedGrid::from(&classic);
    let letters = to_string(&grid, SizedFormat::Line, Symbols::Letters);
    let out = run(&strings(&["solve"]), &letters);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let solutions = read_back(
        &out.stdout,
        grid.shape(),
        SizedFormat::Line,
        Symbols::Letters,
    );
    assert_solves(&solutions[0], &grid);
    // The same puzzle in digits stays on the 9x9 path: its usual output.
    let out = run(&strings(&["solve", "--size", "3x3"]), common::UNIQUE);
    let expected = sudoku(&["solve"], common::UNIQUE);
    assert_eq!(out.stdout, expected.stdout);
}

/// Writes the fixtures again: `cargo test --test sizes -- --ignored`.
/// Each is a shuffled solution with givens taken away while the puzzle
/// stays unique.
#[test]
#[ignore]
fn regenerate_fixtures() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    for name in SHAPES {
        let shape = shape(name);
        let n = shape.size();
        let base = sizes::solve(&SizedGrid::empty(shape)).unwrap();
        // Relabel the digits: still a solution.
        let mut labels: Vec<u8> = (1..=n as u8).collect();
        for i in (1..n).rev() {
            labels.swap(i, next(i + 1));
        }
        let cells = base
            .cells()
            .iter()
            .map(|&d| labels[d as usize - 1])
            .collect();
        let mut grid = SizedGrid::from_cells(shape, cells).unwrap();
        let mut order: Vec<usize> = (0..shape.cells()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(i + 1));
        }
        // Large grids keep more givens: quicker to make and to solve.
        let keep = if n >= 16 { shape.cells() / 2 } else { 0 };
        for cell in order {
            if grid.given_count() <= keep {
                break;
            }
            let digit = grid.get(cell / n, cell % n);
            grid.set(cell / n, cell % n, None);
            if !matches!(sizes::uniqueness(&grid), Uniqueness::Unique(_)) {
                grid.set(cell / n, cell % n, digit);
            }
        }
        let text = format!(
            "# {n}x{n}, boxes of {name}, {} givens, one solution\n{}",
            grid.given_count(),
            to_string(&grid, SizedFormat::Line, Symbols::Default)
        );
        std::fs::write(fixture_path(name), text).unwrap();
    }
}

#[test]
fn each_input_takes_its_own_path_and_indices_run_on() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let nine = root.join("tests/fixtures/mixed.txt");
    let four = fixture_path("2x2");
    let args = [
        "check",
        "--to",
        "json",
        nine.to_str().unwrap(),
        four.to_str().unwrap(),
    ];
    let out = sudoku(&args, "");
    let records: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 6);
    assert!(records[..5].iter().all(|r| r.get("size").is_none()));
    assert_eq!(
        (&records[5]["index"], &records[5]["size"]),
        (&6.into(), &4.into())
    );
    assert_eq!(records[5]["verdict"], "unique");
    // The 9x9 records are the 9x9 command's own.
    let alone = sudoku(&["check", "--to", "json", nine.to_str().unwrap()], "");
    assert!(out.stdout.starts_with(&alone.stdout));
}

#[test]
fn stats_count_puzzles_of_every_size() {
    let line = to_string(&puzzle("3x4"), SizedFormat::Line, Symbols::Default);
    let out = run(&strings(&["solve", "--stats"]), &format!("{line}{line}"));
    assert_eq!(out.code, 0);
    assert!(
        out.stderr.contains("puzzles:           2"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("solved:            2"),
        "{}",
        out.stderr
    );
}

/// Grids above 35x35 have no one-character digits: `generate` writes them
/// in numbers, as `solve` does, unless an alphabet is asked that cannot.
#[test]
fn grids_above_thirty_five_are_generated_in_numbers() {
    let shape = Shape::new(2, 19).unwrap();
    let made = run(
        &strings(&[
            "generate", "--size", "2x19", "--clues", "1400", "--seed", "1",
        ]),
        "",
    );
    assert_eq!(made.code, 0, "{}", made.stderr);
    let puzzles = read_back(&made.stdout, shape, SizedFormat::Line, Symbols::Default);
    assert_eq!(puzzles.len(), 1);
    let puzzle = &puzzles[0];
    assert_eq!(puzzle.cells().iter().filter(|&&d| d != 0).count(), 1400);
    assert!(puzzle.cells().iter().any(|&d| d > 35), "numbers above 35");
    let found = sizes::search(puzzle, 2);
    assert_eq!(found.count, 1);
    assert_solves(&found.solution.unwrap(), puzzle);
    let hex = run(
        &strings(&["generate", "--size", "2x19", "--symbols", "hex"]),
        "",
    );
    assert_eq!(hex.code, 2);
    assert!(hex.stderr.contains("no digit for 38x38"), "{}", hex.stderr);
}
