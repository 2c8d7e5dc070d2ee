//! The f-puzzles fixtures: small hand-made puzzles in f-puzzles JSON, each
//! read, solved, its solution checked against the rules and against the
//! `solution` f-puzzles keeps in the file, and read again from every link
//! form that carries it.

use std::path::PathBuf;
use sudoku_variants::{self as variants, Constraint, FpuzzlesError, Puzzle, Uniqueness, fpuzzles};

fn fixture(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", name]
        .iter()
        .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The solution the fixture keeps under f-puzzles' `solution` key.
fn kept_solution(json: &str) -> Vec<u8> {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    value["solution"]
        .as_array()
        .expect("the fixture keeps its solution")
        .iter()
        .map(|d| d.as_u64().unwrap() as u8)
        .collect()
}

/// Reads a fixture, checks its rules and its unique solution.
fn check(name: &str, size: usize, variants_expected: &[&str]) -> Puzzle {
    let json = fixture(name);
    let puzzle = fpuzzles::read(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(puzzle.size(), size, "{name}");
    assert_eq!(puzzle.variants(), variants_expected, "{name}");
    let Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else {
        panic!("{name}: not a unique solution");
    };
    assert!(puzzle.is_solution(&solution), "{name}");
    assert_eq!(solution, kept_solution(&json), "{name}");

    // The same data in every link form reads to the same puzzle.
    let data = lz_str::compress_to_base64(json.as_str());
    let encoded = data
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace('=', "%3D");
    for text in [
        format!("https://www.f-puzzles.com/?load={data}"),
        format!("https://f-puzzles.com/?load={encoded}"),
        format!("https://www.f-puzzles.com/?load={}", data.replace('+', " ")),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("https://sudokupad.app/fpuz{data}"),
        format!("https://sudokupad.app/?puzzleid=fpuzzles{encoded}"),
        format!("https://app.crackingthecryptic.com/sudoku/fpuzzles{data}"),
        format!("fpuzzles{data}"),
        data.clone(),
    ] {
        assert_eq!(fpuzzles::read(&text).unwrap(), puzzle, "{name}: {text}");
    }
    assert_eq!(fpuzzles::from_data(&data).unwrap(), puzzle, "{name}");
    assert_eq!(fpuzzles::from_json(&json).unwrap(), puzzle, "{name}");
    assert_eq!(
        fpuzzles::extract_json(&format!("fpuzzles{data}")).unwrap(),
        json
    );

    // And what this crate writes reads back to it.
    assert_eq!(
        fpuzzles::read(&fpuzzles::to_link(&puzzle)).unwrap(),
        puzzle,
        "{name}"
    );
    puzzle
}

#[test]
fn classic() {
    let puzzle = check("classic.json", 9, &[]);
    // The digit a solver typed into the grid is not a given.
    let json = fixture("classic.json");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let typed = value["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .position(|cell| cell.get("value").is_some() && cell.get("given").is_none())
        .expect("the fixture has a digit a solver typed");
    assert_eq!(puzzle.givens()[typed], 0);
}

#[test]
fn jigsaw() {
    let puzzle = check("jigsaw6.json", 6, &["jigsaw"]);
    assert_eq!(
        puzzle.region_map().unwrap(),
        [
            0, 0, 0, 1, 1, 1, //
            0, 0, 2, 2, 1, 1, //
            3, 0, 2, 2, 1, 4, //
            3, 3, 2, 2, 4, 4, //
            3, 3, 5, 5, 4, 4, //
            3, 5, 5, 5, 5, 4,
        ]
    );
}

#[test]
fn killer() {
    let puzzle = check("killer6.json", 6, &["killer"]);
    let cages = puzzle.constraints().len();
    assert!(cages >= 12, "{cages} cages");
}

#[test]
fn sudoku_x() {
    check("x.json", 9, &["x"]);
}

#[test]
fn thermometers_and_arrows() {
    let puzzle = check("thermo_arrow.json", 9, &["thermometer", "arrow"]);
    // One circle with two arrows, and a two-cell circle.
    let arrows: Vec<_> = puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            variants::Constraint::Arrow { circle, path } => Some((circle.clone(), path.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(arrows.len(), 5);
    assert_eq!(arrows.iter().filter(|(c, _)| c == &[20]).count(), 2);
    assert!(arrows.iter().any(|(c, _)| c.len() == 2));
}

/// The marks of a kind: `(cells, relation)` of every [`variants::Constraint::Pair`].
fn marks(puzzle: &Puzzle) -> Vec<([usize; 2], variants::Relation)> {
    puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            variants::Constraint::Pair { cells, relation } => Some((*cells, *relation)),
            _ => None,
        })
        .collect()
}

#[test]
fn kropki_dots_with_every_dot_given() {
    use variants::{Constraint, Relation};
    let puzzle = check("kropki.json", 9, &["kropki"]);
    // No givens: the dots and their absence alone make the solution.
    assert!(puzzle.givens().iter().all(|&d| d == 0));
    let json: serde_json::Value = serde_json::from_str(&fixture("kropki.json")).unwrap();
    let marks = marks(&puzzle);
    let white = marks.iter().filter(|(_, r)| *r == Relation::Difference(1));
    let black = marks.iter().filter(|(_, r)| *r == Relation::Ratio(2));
    assert_eq!(white.count(), json["difference"].as_array().unwrap().len());
    assert_eq!(black.count(), json["ratio"].as_array().unwrap().len());
    for relation in [Relation::Difference(1), Relation::Ratio(2)] {
        assert!(
            puzzle
                .constraints()
                .contains(&Constraint::Unmarked(relation))
        );
    }
    // A white dot left out: under the negative constraint its two cells
    // may no longer be consecutive, which the only solution has them.
    let (gone, _) = marks[0];
    let mut fewer = Puzzle::classic(9).unwrap();
    for c in puzzle.constraints() {
        if !matches!(c, Constraint::Pair { cells, .. } if *cells == gone) {
            fewer.add(c.clone()).unwrap();
        }
    }
    assert_eq!(variants::count_solutions(&fewer, 2), 0);
    // Without the negative constraint, and with a fifth of the dots gone,
    // the rest leave several solutions, each keeping its dots.
    let mut open = Puzzle::classic(9).unwrap();
    for &(cells, relation) in &marks[..marks.len() * 4 / 5] {
        open.add(Constraint::Pair { cells, relation }).unwrap();
    }
    let found = variants::search(&open, 2);
    assert_eq!(found.count, 2);
    assert!(open.is_solution(&found.solution.unwrap()));
}

#[test]
fn kropki_six_by_six() {
    check("kropki6.json", 6, &["kropki"]);
}

#[test]
fn xv_with_every_mark_given() {
    use variants::Relation;
    let puzzle = check("xv.json", 9, &["xv"]);
    let marks = marks(&puzzle);
    assert!(marks.iter().any(|(_, r)| *r == Relation::Sum(10)));
    assert!(marks.iter().any(|(_, r)| *r == Relation::Sum(5)));
}

#[test]
fn sudokupad_dots_need_the_words_for_every_one_given() {
    use variants::{Constraint, Relation};
    let drawn = fixture("sudokupad/kropki.json");
    let unmarked = |text: &str| {
        let puzzle = fpuzzles::read(text).unwrap();
        let mut found: Vec<Relation> = puzzle
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Unmarked(r) => Some(*r),
                _ => None,
            })
            .collect();
        found.sort_by_key(|r| format!("{r:?}"));
        found
    };
    assert_eq!(
        unmarked(&drawn),
        [Relation::Difference(1), Relation::Ratio(2)]
    );
    for words in [
        "Not all dots are given.",
        "Some dots are given.",
        "Only some of the dots are shown.",
    ] {
        let text = drawn.replace("All possible dots are given.", words);
        assert_eq!(unmarked(&text), [], "{words}");
    }
    let xv = fixture("sudokupad/xv.json");
    assert_eq!(unmarked(&xv), [Relation::Sum(10), Relation::Sum(5)]);
    let some = xv.replace(
        "All possible X's and V's are given.",
        "Not all X's and V's are given.",
    );
    assert_eq!(unmarked(&some), []);
    // The loose XV puzzle has more than one solution.
    assert_eq!(
        variants::count_solutions(&fpuzzles::read(&some).unwrap(), 2),
        2
    );
    // A dot off the edges (a circle in a cell's corner) is still refused.
    let corner = drawn.replacen("\"center\": [\n    1.0,", "\"center\": [\n    1.03,", 1);
    assert_ne!(corner, drawn);
    let err = fpuzzles::read(&corner).unwrap_err().to_string();
    assert!(err.contains("dots x1"), "{err}");
}

#[test]
fn marks_that_join_no_neighbours_or_say_nothing_are_refused() {
    let grid = |size: usize| {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!("[{}]", vec![row; size].join(","))
    };
    let json = |extra: &str| format!(r#"{{"size":4,"grid":{}{extra}}}"#, grid(4));
    let far = fpuzzles::read(&json(r#","ratio":[{"cells":["R1C1","R1C3"]}]"#)).unwrap_err();
    assert!(far.to_string().contains("ratio 1"), "{far}");
    assert!(far.to_string().contains("orthogonal neighbours"), "{far}");
    let letter = fpuzzles::read(&json(r#","xv":[{"cells":["R1C1","R1C2"],"value":"W"}]"#));
    assert!(letter.unwrap_err().to_string().contains("X or V"));
    let three = fpuzzles::read(&json(r#","difference":[{"cells":["R1C1","R1C2","R1C3"]}]"#));
    assert!(three.unwrap_err().to_string().contains("two cells"));
    // A dot with its own number, and the number written back.
    let two = fpuzzles::read(&json(
        r#","difference":[{"cells":["R2C1","R1C1"],"value":2}]"#,
    ))
    .unwrap();
    assert_eq!(marks(&two), [([0, 4], variants::Relation::Difference(2))]);
    assert!(
        fpuzzles::to_json(&two).contains(r#""difference":[{"cells":["R1C1","R2C1"],"value":"2"}]"#)
    );
    assert_eq!(fpuzzles::read(&fpuzzles::to_json(&two)).unwrap(), two);
}

#[test]
fn anti_knight() {
    check("antiknight.json", 9, &["anti-knight"]);
}

#[test]
fn windoku_from_extra_regions() {
    check("windoku.json", 9, &["windoku"]);
}

#[test]
fn odd_and_even() {
    let puzzle = check("oddeven.json", 9, &["odd-even"]);
    assert_eq!(puzzle.constraints().len(), 20);
}

#[test]
fn rules_not_supported() {
    let err = fpuzzles::read(&fixture("unsupported.json")).unwrap_err();
    assert_eq!(
        err,
        FpuzzlesError::Unsupported {
            rules: vec![("betweenline".into(), 2), ("minimum".into(), 1)],
        }
    );
    assert_eq!(
        err.to_string(),
        "the puzzle uses rules that are not supported: betweenline x2 \
         (between lines), minimum x1 (minimum cells)"
    );
}

#[test]
fn malformed() {
    let err = fpuzzles::read(&fixture("malformed.json")).unwrap_err();
    let FpuzzlesError::Json { line, column, .. } = err else {
        panic!("{err:?}");
    };
    assert_eq!((line, column), (7, 5));
    assert!(
        err.to_string()
            .starts_with("the f-puzzles JSON is not valid at line 7, column 5: expected"),
        "{err}"
    );
}

/// A rule an f-puzzles ruleset states in words, its key absent, is read:
/// SudokuPad opens f-puzzles data with the ruleset as its rules text, so
/// the JSON, its f-puzzles link and its SudokuPad link read the same. A
/// key that is there (`false`) wins, and without the words the puzzle is
/// the looser one.
#[test]
fn rules_stated_only_in_the_ruleset() {
    for (file, keys) in [
        ("antiknight.json", &["antiknight"][..]),
        ("x.json", &["diagonal+", "diagonal-"][..]),
    ] {
        let json = fixture(file);
        let full = fpuzzles::read(&json).unwrap();
        let mut words: serde_json::Value = serde_json::from_str(&json).unwrap();
        for key in keys {
            words.as_object_mut().unwrap().remove(*key);
        }
        let data = lz_str::compress_to_base64(words.to_string().as_str());
        for text in [
            words.to_string(),
            format!("https://www.f-puzzles.com/?load={data}"),
            format!("https://sudokupad.app/fpuzzles{data}"),
        ] {
            assert_eq!(fpuzzles::read(&text).unwrap(), full, "{file}: {text}");
        }
        let mut said_false = words.clone();
        for key in keys {
            said_false[*key] = serde_json::json!(false);
        }
        let mut no_words = words.clone();
        no_words["ruleset"] = serde_json::json!("Normal sudoku rules apply.");
        for loose in [said_false, no_words] {
            let loose = fpuzzles::read(&loose.to_string()).unwrap();
            assert_ne!(loose, full, "{file}");
            assert!(
                matches!(variants::uniqueness(&loose), Uniqueness::Multiple(_)),
                "{file}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// SudokuPad's own format (`scl...`, `ctc...`, its JSON)

/// Each SudokuPad drawing in `fixtures/sudokupad/` reads to the same
/// puzzle as the f-puzzles file of the same name, and its solution is
/// the one kept there.
#[test]
fn sudokupad_drawings_read_as_their_fpuzzles_files() {
    for (drawn, json) in [
        ("sudokupad/thermo_arrow.txt", "thermo_arrow.json"),
        ("sudokupad/killer6.txt", "killer6.json"),
        ("sudokupad/killer6-native.json", "killer6.json"),
        ("sudokupad/x.txt", "x.json"),
        ("sudokupad/windoku.txt", "windoku.json"),
        ("sudokupad/antiknight.txt", "antiknight.json"),
        // The rule only in the rules text, as SudokuPad's checker reads it.
        ("sudokupad/antiknight-rules-text.json", "antiknight.json"),
        ("sudokupad/x-rules-text.json", "x.json"),
        ("sudokupad/jigsaw6.txt", "jigsaw6.json"),
        ("sudokupad/oddeven.txt", "oddeven.json"),
        // Dots and X/V letters on the edges; "all are given" in words.
        ("sudokupad/kropki.json", "kropki.json"),
        ("sudokupad/xv.json", "xv.json"),
        // Little killers: an arrow and its total in a cell outside the
        // grid, here in a frame of one cell around it.
        ("sudokupad/littlekiller6.txt", "littlekiller6.json"),
    ] {
        let text = fixture(drawn);
        let puzzle = fpuzzles::read(&text).unwrap_or_else(|e| panic!("{drawn}: {e}"));
        let json = fixture(json);
        assert_eq!(puzzle, fpuzzles::read(&json).unwrap(), "{drawn}");
        let Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else {
            panic!("{drawn}: not a unique solution");
        };
        assert!(puzzle.is_solution(&solution), "{drawn}");
        assert_eq!(solution, kept_solution(&json), "{drawn}");
        assert!(
            fpuzzles::is_fpuzzles_line(text.lines().next().unwrap()),
            "{drawn}"
        );
    }
    // The native file keeps its solution in SudokuPad's metadata.
    let native = fixture("sudokupad/killer6-native.json");
    let value: serde_json::Value = serde_json::from_str(&native).unwrap();
    let kept: Vec<u8> = value["metadata"]["solution"]
        .as_str()
        .unwrap()
        .bytes()
        .map(|b| b - b'0')
        .collect();
    assert_eq!(kept, kept_solution(&fixture("killer6.json")));
    // The same JSON zipped, compressed and put in a link reads the same.
    let link = format!(
        "https://sudokupad.app/scl{}",
        lz_str::compress_to_base64(value.to_string().as_str())
    );
    assert_eq!(
        fpuzzles::read(&link).unwrap(),
        fpuzzles::read(&fixture("killer6.json")).unwrap()
    );
}

#[test]
fn sudokupad_drawings_not_supported() {
    let err = fpuzzles::read(&fixture("sudokupad/unsupported.txt")).unwrap_err();
    assert_eq!(
        err,
        FpuzzlesError::Unsupported {
            rules: vec![("dots".into(), 1), ("lines".into(), 1), ("texts".into(), 1),],
        }
    );
    let message = err.to_string();
    for what in ["grey dots", "palindromes", "sums on edges"] {
        assert!(message.contains(what), "{message}");
    }
    // A picture behind the grid may draw rules: refused.
    let with_image = r#"{"cells": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],
        "metadata": {"bgimage": "https://example.com/lines.png"}}"#;
    let err = fpuzzles::read(with_image).unwrap_err();
    assert!(err.to_string().contains("background image x1"), "{err}");
    // A cut link says so.
    let cut: String = fixture("sudokupad/x.txt").chars().take(120).collect();
    let err = fpuzzles::read(&cut).unwrap_err();
    assert!(matches!(err, FpuzzlesError::Data(_)), "{err}");
}

/// The lines of a puzzle: `(kind, cells)` of every [`variants::Constraint::Line`].
fn lines(puzzle: &Puzzle) -> Vec<(variants::LineKind, Vec<usize>)> {
    puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            variants::Constraint::Line { kind, cells } => Some((*kind, cells.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn whispers_renban_and_palindrome_lines() {
    use variants::{Constraint, LineKind};
    let puzzle = check("lines.json", 9, &["whispers", "renban", "palindrome"]);
    let json: serde_json::Value = serde_json::from_str(&fixture("lines.json")).unwrap();
    let found = lines(&puzzle);
    for (key, kind) in [
        ("whispers", LineKind::Whispers(5)),
        ("renban", LineKind::Renban),
        ("palindrome", LineKind::Palindrome),
    ] {
        let drawn = json[key].as_array().unwrap();
        let read: Vec<&Vec<usize>> = found
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, c)| c)
            .collect();
        assert_eq!(read.len(), drawn.len(), "{key}");
        // In the order drawn: R6C4 is cell 48.
        let first = drawn[0]["lines"][0][0].as_str().unwrap();
        let (r, c) = first[1..].split_once('C').unwrap();
        let cell = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(read[0][0], cell, "{key}");
    }
    // The givens alone leave many solutions: the lines make it unique.
    let mut bare = Puzzle::classic(9).unwrap();
    for (cell, &d) in puzzle.givens().iter().enumerate() {
        bare.set_given(cell, d).unwrap();
    }
    assert_eq!(variants::count_solutions(&bare, 2), 2);
    // Each kind of line matters: without it, another solution.
    for kind in ["whispers", "renban", "palindrome"] {
        let mut fewer = bare.clone();
        for c in puzzle.constraints() {
            if c.variant() != kind {
                fewer.add(c.clone()).unwrap();
            }
        }
        assert_eq!(variants::count_solutions(&fewer, 2), 2, "without {kind}");
    }

    let six = check("lines6.json", 6, &["whispers", "renban", "palindrome"]);
    assert!(lines(&six).iter().any(|(k, _)| *k == LineKind::Whispers(3)));
    // A whispers line with its own least difference reads, and is written
    // back with it.
    let mut dutch = Puzzle::classic(9).unwrap();
    let line = Constraint::Line {
        kind: LineKind::Whispers(4),
        cells: vec![0, 1, 2, 11],
    };
    dutch.add(line).unwrap();
    let written = fpuzzles::to_json(&dutch);
    assert!(
        written.contains(r#""whispers":[{"lines":[["R1C1","R1C2","R1C3","R2C3"]],"value":"4"}]"#),
        "{written}"
    );
    assert_eq!(fpuzzles::read(&written).unwrap(), dutch);
    let text = written.replace(r#","value":"4""#, "");
    assert_eq!(
        lines(&fpuzzles::read(&text).unwrap())[0].0,
        LineKind::Whispers(5)
    );
}

#[test]
fn lines_that_cannot_be_are_refused_by_name() {
    let grid = |size: usize| {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!("[{}]", vec![row; size].join(","))
    };
    let json = |extra: &str| format!(r#"{{"size":4,"grid":{}{extra}}}"#, grid(4));
    let short = fpuzzles::read(&json(r#","renban":[{"lines":[["R1C1"]]}]"#)).unwrap_err();
    assert!(short.to_string().contains("at least two cells"), "{short}");
    let long = fpuzzles::read(&json(
        r#","renban":[{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4"]]}]"#,
    ))
    .unwrap_err();
    assert!(
        long.to_string().contains("5 cells cannot all differ"),
        "{long}"
    );
    let wide = fpuzzles::read(&json(
        r#","whispers":[{"lines":[["R1C1","R1C2"]],"value":"4"}]"#,
    ))
    .unwrap_err();
    assert!(wide.to_string().contains("1 to 3, not 4"), "{wide}");
    let off = fpuzzles::read(&json(r#","palindrome":[{"lines":[["R1C1","R5C5"]]}]"#)).unwrap_err();
    assert!(off.to_string().contains("palindrome 1"), "{off}");
    // Other lines are still refused by name.
    let other = fpuzzles::read(&json(
        r#","betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#,
    ))
    .unwrap_err();
    assert!(other.to_string().contains("between lines"), "{other}");
}

/// The little killers of a puzzle: cells from the clue, and total.
fn little_killers(puzzle: &Puzzle) -> Vec<(Vec<usize>, u32)> {
    puzzle
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::LittleKiller { cells, total } => Some((cells.clone(), *total)),
            _ => None,
        })
        .collect()
}

#[test]
fn little_killers_read_written_and_solved() {
    let puzzle = check("littlekiller.json", 9, &["little-killer"]);
    let json: serde_json::Value = serde_json::from_str(&fixture("littlekiller.json")).unwrap();
    let drawn = json["littlekillersum"].as_array().unwrap();
    let read = little_killers(&puzzle);
    assert_eq!(read.len(), drawn.len());
    let cell = |name: &str| {
        let (r, c) = name[1..].split_once('C').unwrap();
        (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
    };
    for (entry, (cells, total)) in drawn.iter().zip(&read) {
        // The cells f-puzzles lists, in its order: from the clue inwards.
        let listed: Vec<usize> = entry["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| cell(n.as_str().unwrap()))
            .collect();
        assert_eq!(cells, &listed, "{entry}");
        assert_eq!(total.to_string(), entry["value"].as_str().unwrap());
    }
    // The givens alone leave many solutions: the diagonals make it unique.
    let mut bare = Puzzle::classic(9).unwrap();
    for (cell, &d) in puzzle.givens().iter().enumerate() {
        bare.set_given(cell, d).unwrap();
    }
    assert_eq!(variants::count_solutions(&bare, 2), 2);
    // Written back with the clue, the direction and the cells; read again.
    let written = fpuzzles::to_json(&puzzle);
    assert_eq!(fpuzzles::read(&written).unwrap(), puzzle);
    let first = &drawn[0];
    let entry = format!(
        r#"{{"cell":"{}","cells":{},"direction":"{}","value":"{}"}}"#,
        first["cell"].as_str().unwrap(),
        first["cells"],
        first["direction"].as_str().unwrap(),
        first["value"].as_str().unwrap()
    );
    assert!(written.contains(&entry), "{written}\n{entry}");
    // Without its listed cells the clue and direction say the same.
    let mut bare_json = json.clone();
    for entry in bare_json["littlekillersum"].as_array_mut().unwrap() {
        entry.as_object_mut().unwrap().remove("cells");
    }
    assert_eq!(fpuzzles::read(&bare_json.to_string()).unwrap(), puzzle);

    let six = check("littlekiller6.json", 6, &["little-killer"]);
    assert!(six.givens().iter().all(|&d| d == 0));
    // The corner clue points along the whole anti-diagonal.
    assert!(little_killers(&six).contains(&(vec![5, 10, 15, 20, 25, 30], 22)));
}

#[test]
fn little_killers_that_cannot_be_are_refused_by_name() {
    let json = |entry: &str| {
        let row = format!("[{}]", ["{}"; 4].join(","));
        let grid = format!("[{}]", vec![row; 4].join(","));
        format!(r#"{{"size":4,"grid":{grid},"littlekillersum":[{entry}]}}"#)
    };
    let refused = |entry: &str, words: &str| {
        let err = fpuzzles::read(&json(entry)).unwrap_err().to_string();
        assert!(err.contains(words), "{entry}: {err}");
        assert!(err.contains("littlekillersum 1"), "{entry}: {err}");
    };
    // A clue inside the grid, or pointing out of it.
    refused(
        r#"{"cell":"R2C2","direction":"DR","value":"5"}"#,
        "no cell just outside the grid",
    );
    refused(
        r#"{"cell":"R0C1","direction":"UR","value":"5"}"#,
        "no cell just outside the grid",
    );
    refused(
        r#"{"cell":"R0C1","direction":"down","value":"5"}"#,
        "DL, DR, UL or UR",
    );
    refused(
        r#"{"cell":"R0C1","cells":["R1C2","R2C3"],"direction":"DR","value":"5"}"#,
        "not the diagonal its clue points along",
    );
    refused(
        r#"{"cell":"R0C1","direction":"DR","value":"x"}"#,
        "not a number",
    );
    // Three cells of 4x4 add up to 3 to 12.
    let far = fpuzzles::read(&json(r#"{"cell":"R0C1","direction":"DR","value":"13"}"#))
        .unwrap_err()
        .to_string();
    assert!(far.contains("3 cells add up to 3 to 12, not 13"), "{far}");
    // An arrow with no number is no rule.
    let none = fpuzzles::read(&json(r#"{"cell":"R0C1","direction":"DR","value":""}"#)).unwrap();
    assert!(none.constraints().is_empty());
}
