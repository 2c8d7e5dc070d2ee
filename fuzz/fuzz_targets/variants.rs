//! Feeds arbitrary text to the variant readers (f-puzzles JSON, links and
//! data, SudokuPad's own links and JSON; the plain and sectioned text
//! forms): they must never panic; a file's puzzles come in the order of
//! their lines; a drawn jigsaw or killer made out
//! without headers must read; a puzzle they read must write and read
//! back with the same rules; and on small grids a budgeted search must
//! return only solutions that keep every rule.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_variants::input::Kind;
use sudoku_variants::text::Variant;
use sudoku_variants::{self as variants, fpuzzles, text};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    // A drawn map is made out only when the text it is in reads.
    if text::has_drawn_map(input)
        && !input
            .lines()
            .any(|l| l.split('#').next().unwrap_or("").trim() == "---")
    {
        assert!(text::read(input).is_ok(), "{input:?}");
    }
    let _ = sudoku_variants::input::looks_like_variant(input);
    // A file's puzzles, one-line puzzles one a line among them, come in
    // the order of their lines.
    let x = [Kind::Rule(Variant::X)];
    let entries = sudoku_variants::input::read_all(input, &x);
    let lines = input.split_inclusive('\n').count();
    assert!(
        entries.windows(2).all(|w| w[0].line < w[1].line),
        "{input:?}"
    );
    assert!(
        entries.iter().all(|e| (1..=lines).contains(&e.line)),
        "{input:?}"
    );
    for puzzle in [fpuzzles::read(input).ok(), text::read(input).ok()]
        .into_iter()
        .flatten()
    {
        let back = fpuzzles::read(&fpuzzles::to_link(&puzzle)).expect("a written link reads back");
        assert_eq!(back.givens(), puzzle.givens());
        assert_eq!(back.variants(), puzzle.variants());
        if let Ok(written) = text::to_text(&puzzle) {
            let again = text::read(&written).expect("written text reads back");
            assert_eq!(again.givens(), puzzle.givens());
        }
        if puzzle.size() <= 6
            && let Some(found) = variants::search_within(&puzzle, 2, 2_000)
            && let Some(solution) = found.solution
        {
            assert!(puzzle.is_solution(&solution), "{puzzle:?} {solution:?}");
        }
    }
});
