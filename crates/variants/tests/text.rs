//! The text forms end to end: the fixtures solve uniquely to the
//! solution they name, every example of `docs/variants.md` reads as the
//! document says, and what `to_text` writes reads back.

use std::path::Path;

use proptest::prelude::*;
use sudoku_variants::text::{self, Variant};
use sudoku_variants::{
    self as variants, Constraint, DistinctKind, LineKind, Puzzle, Regions, RowOrColumn, Uniqueness,
};

/// The value of a `# key: value` comment of a fixture.
fn comment<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix('#')?
                .trim()
                .strip_prefix(key)?
                .strip_prefix(':')
        })
        .map(str::trim)
}

fn digits(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| c.to_digit(36).expect("a digit or a letter") as u8)
        .collect()
}

/// Jigsaw regions renumbered in order of first appearance, as `read`
/// numbers them.
fn renumbered(regions: &Regions) -> Regions {
    match regions {
        Regions::Jigsaw(map) => {
            let mut order: Vec<u8> = Vec::new();
            for &r in map {
                if !order.contains(&r) {
                    order.push(r);
                }
            }
            Regions::Jigsaw(
                map.iter()
                    .map(|r| order.iter().position(|o| o == r).unwrap() as u8)
                    .collect(),
            )
        }
        other => other.clone(),
    }
}

/// Whether two puzzles are the same up to the order of their constraints
/// and the numbers of their jigsaw regions.
fn same(a: &Puzzle, b: &Puzzle) -> bool {
    a.size() == b.size()
        && a.givens() == b.givens()
        && renumbered(a.regions()) == renumbered(b.regions())
        && a.constraints().len() == b.constraints().len()
        && a.constraints().iter().all(|c| b.constraints().contains(c))
}

#[test]
fn fixtures_solve_uniquely_to_their_solution() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/text");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 5, "fixtures in {}", dir.display());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzle = text::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let want = digits(comment(&text, "solution").expect("a solution comment"));
        let variants: Vec<&str> = comment(&text, "variants")
            .expect("a variants comment")
            .split_whitespace()
            .collect();
        assert_eq!(puzzle.variants(), variants, "{name}");
        match variants::uniqueness(&puzzle) {
            Uniqueness::Unique(solution) => {
                assert!(puzzle.is_solution(&solution), "{name}");
                assert_eq!(solution, want, "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
        assert!(puzzle.is_solution(&want), "{name}");
        let again = text::read(&text::to_text(&puzzle).unwrap()).unwrap();
        assert!(same(&again, &puzzle), "{name}");
    }
}

/// A fenced block of the document: its info string, first line, text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            match open.take() {
                Some(block) => out.push(block),
                None => {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 2,
                        text: String::new(),
                    })
                }
            }
        } else if let Some(block) = open.as_mut() {
            block.text.push_str(line);
            block.text.push('\n');
        }
    }
    assert!(open.is_none(), "a fenced block left open");
    out
}

/// Every `puzzle` block of docs/variants.md reads (with the rules its info
/// string names, `rules=x,anti-knight`; uniquely when it says `unique`),
/// and every `invalid` block fails with the message of the `error` block
/// after it.
#[test]
fn every_example_of_the_document_holds() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/variants.md");
    let markdown = std::fs::read_to_string(&path).unwrap();
    let all = blocks(&markdown);
    let (mut puzzles, mut errors) = (0, 0);
    for (i, block) in all.iter().enumerate() {
        let mut words = block.info.split_whitespace();
        let at = format!("docs/variants.md, the block at line {}", block.line);
        match words.next() {
            Some("puzzle") => {
                let mut rules = Vec::new();
                let mut unique = false;
                for word in words {
                    if let Some(list) = word.strip_prefix("rules=") {
                        rules.extend(list.split(',').map(|r| r.parse::<Variant>().unwrap()));
                    } else {
                        assert_eq!(word, "unique", "{at}");
                        unique = true;
                    }
                }
                let puzzle = text::read_with_rules(&block.text, &rules)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                if unique {
                    let Uniqueness::Unique(solution) = variants::uniqueness(&puzzle) else {
                        panic!("{at}: not unique");
                    };
                    assert!(puzzle.is_solution(&solution), "{at}");
                }
                puzzles += 1;
            }
            Some("invalid") => {
                let err = text::read(&block.text).expect_err(&at);
                let shown = all.get(i + 1).filter(|b| b.info == "error");
                let shown = shown.unwrap_or_else(|| panic!("{at}: an `error` block follows"));
                assert_eq!(err.to_string(), shown.text.trim_end(), "{at}");
                errors += 1;
            }
            _ => {}
        }
    }
    assert!(
        puzzles >= 10 && errors >= 3,
        "{puzzles} puzzles, {errors} errors"
    );
}

/// The written form of the document's `to_text` example is what the
/// writer gives for the puzzle before it.
#[test]
fn the_document_shows_what_is_written() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/variants.md");
    let markdown = std::fs::read_to_string(&path).unwrap();
    let all = blocks(&markdown);
    let written = all
        .iter()
        .position(|b| b.info == "written")
        .expect("a `written` block");
    let source = &all[written - 1];
    let puzzle = text::read(&source.text).unwrap();
    assert_eq!(text::to_text(&puzzle).unwrap(), all[written].text);
}

/// A tiny generator, so that one proptest seed makes a whole puzzle.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// Up to `most` distinct cells of a grid of `cells`, in random order.
    fn cells(&mut self, cells: usize, least: usize, most: usize) -> Vec<usize> {
        let want = least + self.below(most - least + 1);
        let mut out = Vec::new();
        while out.len() < want.min(cells) {
            let c = self.below(cells);
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }
}

/// A random puzzle of side `size`: every kind of region and constraint.
fn random_puzzle(size: usize, seed: u64) -> Puzzle {
    let mut rng = Rng(seed | 1);
    let cells = size * size;
    let regions = match rng.below(4) {
        0 => Puzzle::classic(size).unwrap().regions().clone(),
        1 => {
            let shapes: Vec<usize> = (1..=size).filter(|r| size % r == 0).collect();
            let rows = shapes[rng.below(shapes.len())];
            Regions::Boxes {
                rows,
                columns: size / rows,
            }
        }
        2 => Regions::None,
        _ => {
            // Any tiling into `size` regions of `size` cells will do.
            let mut order: Vec<usize> = (0..cells).collect();
            for i in (1..cells).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let mut map = vec![0u8; cells];
            for (k, &c) in order.iter().enumerate() {
                map[c] = (k / size) as u8;
            }
            Regions::Jigsaw(map)
        }
    };
    let mut p = Puzzle::new(size, regions).unwrap();
    for c in 0..cells {
        if rng.chance(20) {
            p.set_given(c, 1 + rng.below(size) as u8).unwrap();
        }
    }
    for rule in Variant::ALL {
        if rng.chance(25) {
            for c in rule.constraints(size, p.regions()).unwrap_or_default() {
                p.add(c).unwrap();
            }
        }
    }
    let most = size.min(5);
    for _ in 0..rng.below(2 + cells / 3) {
        let mut cage = rng.cells(cells, 1, most);
        if rng.chance(70) {
            cage.sort_unstable();
        }
        let total = rng.chance(80).then(|| rng.below(60) as u32);
        p.add(Constraint::Cage { cells: cage, total }).unwrap();
    }
    for _ in 0..rng.below(3) {
        p.add(Constraint::Thermometer {
            cells: rng.cells(cells, 1, 6),
        })
        .unwrap();
    }
    // An arrow needs a circle and a cell along it.
    for _ in 0..if cells < 2 { 0 } else { rng.below(3) } {
        let mut all = rng.cells(cells, 2, 5);
        let path = all.split_off(1 + rng.below((all.len() - 1).min(2)));
        p.add(Constraint::Arrow { circle: all, path }).unwrap();
    }
    for _ in 0..rng.below(4) {
        let c = rng.below(cells);
        p.add(if rng.chance(50) {
            Constraint::Odd(c)
        } else {
            Constraint::Even(c)
        })
        .unwrap();
    }
    for _ in 0..rng.below(2) {
        p.add(Constraint::Distinct {
            kind: DistinctKind::ExtraRegion,
            cells: rng.cells(cells, 1, size),
        })
        .unwrap();
    }
    // Lines: whispers of the side's own difference (the only one the
    // text writes), renban no longer than the side, palindromes.
    for _ in 0..if cells < 2 { 0 } else { rng.below(4) } {
        let kind = match rng.below(3) {
            0 if size >= 2 => LineKind::whispers(size),
            1 => LineKind::Renban,
            _ => LineKind::Palindrome,
        };
        let most = if kind == LineKind::Renban { size } else { 7 };
        if most >= 2 {
            let cells = rng.cells(cells, 2, most);
            p.add(Constraint::Line { kind, cells }).unwrap();
        }
    }
    // Sandwiches: the text writes a row from the left, a column from the top.
    for _ in 0..rng.below(3) {
        let which = rng.below(size);
        let line = if rng.chance(50) {
            RowOrColumn::Row(which)
        } else {
            RowOrColumn::Column(which)
        };
        let most = (size * (size + 1) / 2).saturating_sub(size + 1);
        let total = rng.below(most + 1) as u32;
        p.add(Constraint::sandwich(size, line, total)).unwrap();
    }
    // Skyscrapers and X-sums: a row or column from either end.
    for _ in 0..rng.below(3) {
        let which = rng.below(size);
        let line = if rng.chance(50) {
            RowOrColumn::Row(which)
        } else {
            RowOrColumn::Column(which)
        };
        let far = rng.chance(50);
        if rng.chance(50) {
            let count = 1 + rng.below(size) as u32;
            p.add(Constraint::skyscraper(size, line, far, count))
                .unwrap();
        } else {
            let total = 1 + rng.below(size * (size + 1) / 2) as u32;
            p.add(Constraint::x_sum(size, line, far, total)).unwrap();
        }
    }
    // Quadruples: a square's top left cell and up to four digits.
    for _ in 0..if size >= 2 { rng.below(3) } else { 0 } {
        let top_left = rng.below(size - 1) * size + rng.below(size - 1);
        let digits: Vec<u8> = (0..1 + rng.below(4))
            .map(|k| 1 + ((k + rng.below(size)) % size) as u8)
            .collect();
        let twice = digits
            .iter()
            .all(|&d| digits.iter().filter(|&&e| e == d).count() <= 2);
        if twice {
            p.add(Constraint::quadruple(size, top_left, &digits))
                .unwrap();
        }
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `read(to_text(p))` is `p`, up to the order of the constraints and
    /// the numbers of jigsaw regions.
    #[test]
    fn what_is_written_reads_back(size in prop_oneof![1usize..=9, Just(12usize), Just(16usize)], seed in any::<u64>()) {
        let puzzle = random_puzzle(size, seed);
        let written = text::to_text(&puzzle).unwrap();
        let again = text::read(&written).map_err(|e| TestCaseError::fail(format!("{e}\n{written}")))?;
        prop_assert!(same(&again, &puzzle), "{written}\n{again:?}\n{puzzle:?}");
        // Written again, it is the same text.
        prop_assert_eq!(text::to_text(&again).unwrap(), written);
    }
}

/// Pieces of text, some of them headers, to make texts of.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[.0-9A-Ga-gr |\\-+=:,>#\n]{0,40}",
        "([.1-4]{4}\n){1,5}",
        "([.1-9]{9}\n){8,10}",
        "([A-D ]{4}\n){3,5}",
        Just("\n".to_string()),
        prop::sample::select(vec![
            "size: ",
            "givens:\n",
            "regions:\n",
            "regions: boxes ",
            "regions: none\n",
            "cages:\n",
            "totals: ",
            "rules: ",
            "cage: ",
            "thermo: ",
            "arrow: ",
            "odd: ",
            "even: ",
            "extra-region: ",
            "r1c1 ",
            "r3c2 -> r4c4",
            "A=5 ",
            "x ",
            "windoku\n",
        ])
        .prop_map(str::to_string),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text reads to a puzzle or fails with an error at a place in it;
    /// it never panics.
    #[test]
    fn any_text_reads_or_fails_at_a_place(pieces in prop::collection::vec(piece(), 0..12)) {
        let input: String = pieces.concat();
        match text::read(&input) {
            Ok(puzzle) => {
                let written = text::to_text(&puzzle);
                if let Ok(written) = written {
                    prop_assert!(same(&text::read(&written).unwrap(), &puzzle));
                }
            }
            Err(e) => {
                let lines = input.lines().count().max(1);
                prop_assert!(e.line >= 1 && e.line <= lines, "{e} in {input:?}");
                let width = input.lines().nth(e.line - 1).map_or(0, |l| l.chars().count());
                prop_assert!(e.column >= 1 && e.column <= width + 1, "{e} in {input:?}");
            }
        }
    }
}

#[test]
fn lines_in_the_text_form() {
    let puzzle = text::read("size: 4\nwhispers: r1c1 r1c2 r2c2\nrenban: r4c1 r4c2\n").unwrap();
    assert_eq!(puzzle.variants(), ["whispers", "renban"]);
    assert!(puzzle.constraints().contains(&Constraint::Line {
        kind: LineKind::Whispers(2),
        cells: vec![0, 1, 5],
    }));
    // A whispers line may close a loop, never name a cell twice in a row;
    // a renban line's cells are a set.
    let looped = text::read("size: 4\nwhispers: r1c1 r1c2 r2c2 r2c1 r1c1\n").unwrap();
    assert_eq!(looped.constraints()[0].cells(), [0, 1, 5, 4, 0]);
    let err = text::read("size: 4\nwhispers: r1c1 r1c2 r1c2\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 2, column 21") && err.contains("not twice in a row), found r1c2"),
        "{err}"
    );
    let err = text::read("size: 4\nrenban: r1c1 r1c2 r1c1\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("r1c1") && err.contains("renban"), "{err}");
    // A line of one cell names where the second is missing.
    let err = text::read("size: 4\nrenban: r1c1\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 2") && err.contains("a second cell"),
        "{err}"
    );
    // A line's name among the rules points to its section.
    let err = text::read("1...\n....\n....\n....\nrules: renban\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("under `whispers:`, `renban:` or `palindrome:`"),
        "{err}"
    );
    // Whispers of another difference have no text form.
    let mut dutch = Puzzle::classic(9).unwrap();
    let kind = LineKind::Whispers(4);
    dutch
        .add(Constraint::Line {
            kind,
            cells: vec![0, 1],
        })
        .unwrap();
    let err = text::to_text(&dutch).unwrap_err().to_string();
    assert!(
        err.contains("at least 4 apart") && err.contains("are 5 apart"),
        "{err}"
    );
}
