//! The rating and difficulty tables written in the documentation agree with
//! the code's: the technique table ([`Technique`]) and the difficulty bands
//! ([`Difficulty::range`]). Each markdown table is parsed row by row.

use std::collections::BTreeSet;

use sudoku_logic::{Difficulty, Technique};

/// The crate documentation, the crate README and the workspace README,
/// with doc-comment markers (`//!`, `///`) stripped.
const SOURCES: [(&str, &str); 4] = [
    ("crates/logic/src/lib.rs", include_str!("../src/lib.rs")),
    (
        "crates/logic/src/difficulty.rs",
        include_str!("../src/difficulty.rs"),
    ),
    ("crates/logic/README.md", include_str!("../README.md")),
    ("README.md", include_str!("../../../README.md")),
];

/// The markdown tables of a text whose header's first cells are `first`
/// (e.g. `["rating", "technique"]`): each a list of rows of cells.
fn tables(text: &str, first: &[&str]) -> Vec<Vec<Vec<String>>> {
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let t = l.trim_start();
            let t = t
                .strip_prefix("//!")
                .or_else(|| t.strip_prefix("///"))
                .unwrap_or(t);
            t.trim().to_string()
        })
        .collect();
    let cells = |line: &str| -> Vec<String> {
        line.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let header = cells(&lines[i]);
        let is_table = lines[i].starts_with('|')
            && header.len() >= first.len()
            && header.iter().zip(first).all(|(h, f)| h == f)
            && lines.get(i + 1).is_some_and(|l| l.starts_with("|--"));
        if !is_table {
            i += 1;
            continue;
        }
        i += 2;
        let mut rows = Vec::new();
        while i < lines.len() && lines[i].starts_with('|') {
            rows.push(cells(&lines[i]));
            i += 1;
        }
        out.push(rows);
    }
    out
}

/// `4.6+` or `1.2` in tenths.
fn tenths(text: &str) -> u16 {
    let number = text.trim_end_matches('+');
    let (whole, tenth) = number.split_once('.').expect("a rating like 3.2");
    let whole: u16 = whole.parse().expect("a rating");
    let tenth: u16 = tenth.parse().expect("a rating");
    assert!(tenth < 10, "{text}");
    whole * 10 + tenth
}

#[test]
fn technique_tables_agree_with_the_code() {
    let code: BTreeSet<(String, u16)> = Technique::ALL
        .iter()
        .map(|t| (t.name().to_string(), t.base_tenths()))
        .collect();
    let mut found = 0;
    for (file, text) in SOURCES {
        for table in tables(text, &["rating", "technique"]) {
            found += 1;
            let mut written = BTreeSet::new();
            for row in &table {
                let rating = tenths(&row[0]);
                for name in row[1].split(", ") {
                    assert!(
                        written.insert((name.to_string(), rating)),
                        "{file}: {name} {} twice",
                        row[0]
                    );
                }
            }
            let missing: Vec<_> = code.difference(&written).collect();
            let wrong: Vec<_> = written.difference(&code).collect();
            assert!(
                missing.is_empty() && wrong.is_empty(),
                "{file}: the technique table disagrees with the code: \
                 missing (name, tenths) {missing:?}, not in the code {wrong:?}"
            );
        }
    }
    // The crate documentation and its README each have one.
    assert_eq!(found, 2);
}

#[test]
fn difficulty_tables_agree_with_the_bands() {
    let mut found = 0;
    for (file, text) in SOURCES {
        let mut in_file = tables(text, &["label", "rating"]);
        in_file.extend(tables(text, &["label", "SE rating"]));
        for table in in_file {
            found += 1;
            let written: Vec<(String, String)> = table
                .iter()
                .map(|row| (row[0].clone(), row[1].clone()))
                .collect();
            let code: Vec<(String, String)> = Difficulty::ALL
                .iter()
                .map(|d| (d.name().to_string(), d.range_text()))
                .collect();
            assert_eq!(written, code, "{file}: the difficulty table");
        }
    }
    // difficulty.rs, the crate README and the workspace README.
    assert_eq!(found, 3);
}

#[test]
fn bands_cover_every_rating_once() {
    let mut next = 10;
    for d in Difficulty::ALL {
        let (low, high) = d.range();
        assert_eq!(low, next, "{d}");
        assert!(high >= low);
        for t in [low, high.min(200)] {
            assert_eq!(Difficulty::from_tenths(t), d);
        }
        next = high.saturating_add(1);
    }
    assert_eq!(Difficulty::Extreme.range().1, u16::MAX);
}

#[test]
fn the_sizes_technique_table_agrees_with_its_solver() {
    let text = include_str!("../src/sizes/mod.rs");
    let found = tables(text, &["rating", "technique"]);
    assert_eq!(
        found.len(),
        1,
        "crates/logic/src/sizes/mod.rs has one table"
    );
    let mut written = BTreeSet::new();
    for row in &found[0] {
        for name in row[1].split(", ") {
            assert!(written.insert((name.to_string(), tenths(&row[0]))));
        }
    }
    let code: BTreeSet<(String, u16)> = sudoku_logic::sizes::TECHNIQUES
        .iter()
        .map(|t| (t.name().to_string(), t.base_tenths()))
        .collect();
    assert_eq!(written, code, "crates/logic/src/sizes/mod.rs");
}
