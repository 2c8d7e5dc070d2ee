//! `sudoku generate --variant` on the real binary: the printed puzzles are
//! read back (text and f-puzzles link), proved unique, and their solutions
//! checked against the rules by direct checks here, not by the crate's own
//! rule code.

use assert_cmd::cargo::cargo_bin_cmd;
use sudoku_variants::{self as variants, Constraint, Puzzle, Regions, Uniqueness, fpuzzles, text};

fn generate(args: &[&str]) -> String {
    let output = cargo_bin_cmd!("sudoku")
        .arg("generate")
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// The only solution, or a failure.
fn unique(puzzle: &Puzzle) -> Vec<u8> {
    match variants::uniqueness(puzzle) {
        Uniqueness::Unique(s) => s,
        other => panic!("not unique: {other:?}"),
    }
}

fn all_differ(solution: &[u8], cells: impl IntoIterator<Item = usize>) -> bool {
    let mut seen = 0u32;
    cells.into_iter().all(|c| {
        let bit = 1 << solution[c];
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
    })
}

/// Rows, columns and 3x3 boxes of a 9x9 solution, and its givens kept.
fn check_classic(puzzle: &Puzzle, solution: &[u8]) {
    for i in 0..9 {
        assert!(all_differ(solution, (0..9).map(|k| i * 9 + k)), "row {i}");
        assert!(
            all_differ(solution, (0..9).map(|k| k * 9 + i)),
            "column {i}"
        );
        let (r, c) = (i / 3 * 3, i % 3 * 3);
        assert!(
            all_differ(solution, (0..9).map(|k| (r + k / 3) * 9 + c + k % 3)),
            "box {i}"
        );
    }
    for (g, s) in puzzle.givens().iter().zip(solution) {
        assert!(*g == 0 || g == s);
    }
}

#[test]
fn x_puzzles_read_back_unique_with_distinct_diagonals() {
    let written = generate(&["--variant", "x", "--seed", "42", "--count", "2"]);
    assert_eq!(
        written,
        generate(&["--variant", "x", "--seed", "42", "--count", "2"]),
        "the same seed gives the same puzzles"
    );
    let parts: Vec<&str> = written.split("---\n").collect();
    assert_eq!(parts.len(), 2);
    for part in parts {
        let puzzle = text::read(part).expect("the text reads back");
        assert_eq!(puzzle.variants(), ["x"]);
        let solution = unique(&puzzle);
        check_classic(&puzzle, &solution);
        assert!(all_differ(&solution, (0..9).map(|i| i * 9 + i)));
        assert!(all_differ(&solution, (0..9).map(|i| i * 9 + 8 - i)));
    }
    let link = generate(&["--variant", "x", "--seed", "42", "--to", "link"]);
    let from_link = fpuzzles::read(link.trim()).expect("the link reads back");
    let first = text::read(written.split("---\n").next().unwrap()).unwrap();
    assert_eq!(from_link.givens(), first.givens());
}

/// Only cages, each of 2 cells up to the side, its digits different in
/// the solution and its total theirs, covering every cell once.
fn check_cages(puzzle: &Puzzle, solution: &[u8]) {
    let mut covered = vec![0; solution.len()];
    for c in puzzle.constraints() {
        let Constraint::Cage { cells, total } = c else {
            panic!("only cages: {c:?}");
        };
        assert!((2..=puzzle.size()).contains(&cells.len()));
        assert!(all_differ(solution, cells.iter().copied()));
        let sum: u32 = cells.iter().map(|&x| u32::from(solution[x])).sum();
        assert_eq!(*total, Some(sum));
        for &x in cells {
            covered[x] += 1;
        }
    }
    assert!(covered.iter().all(|&n| n == 1));
}

#[test]
fn killer_reads_back_unique_with_cages_covering_the_grid() {
    let written = generate(&["--variant", "killer", "--seed", "7"]);
    let puzzle = text::read(&written).expect("the text reads back");
    assert_eq!(puzzle.variants(), ["killer"]);
    let solution = unique(&puzzle);
    check_classic(&puzzle, &solution);
    check_cages(&puzzle, &solution);
}

#[test]
fn a_sixteen_killer_reads_back_unique_with_cages_covering_the_grid() {
    // Each of the first five draws of cages dug for its givens (some
    // 12 s in a release build; all twenty took 45 s).
    let written = generate(&["--variant", "killer", "--size", "4x4", "--seed", "2"]);
    let puzzle = text::read(&written).expect("the text reads back");
    assert_eq!((puzzle.size(), puzzle.variants()), (16, vec!["killer"]));
    let solution = unique(&puzzle);
    for i in 0..16 {
        assert!(
            all_differ(&solution, (0..16).map(|k| i * 16 + k)),
            "row {i}"
        );
        assert!(
            all_differ(&solution, (0..16).map(|k| k * 16 + i)),
            "column {i}"
        );
        let (r, c) = (i / 4 * 4, i % 4 * 4);
        let cells = (0..16).map(|k| (r + k / 4) * 16 + c + k % 4);
        assert!(all_differ(&solution, cells), "box {i}");
    }
    let givens = puzzle.givens();
    assert!(givens.iter().zip(&solution).all(|(g, s)| *g == 0 || g == s));
    assert!(
        givens.iter().filter(|&&g| g != 0).count() <= 16,
        "{written}"
    );
    check_cages(&puzzle, &solution);
}

#[test]
fn jigsaw_json_reads_back_unique_with_connected_regions() {
    let written = generate(&[
        "--variant",
        "jigsaw",
        "--size",
        "2x3",
        "--seed",
        "5",
        "--to",
        "json",
    ]);
    let puzzle = fpuzzles::read(written.trim()).expect("the JSON reads back");
    let Regions::Jigsaw(map) = puzzle.regions() else {
        panic!("not a jigsaw: {:?}", puzzle.regions());
    };
    let solution = unique(&puzzle);
    for region in 0..6u8 {
        let cells: Vec<usize> = (0..36).filter(|&c| map[c] == region).collect();
        assert_eq!(cells.len(), 6);
        assert!(all_differ(&solution, cells.iter().copied()));
        // Connected: a walk from the first cell reaches them all.
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while i < reached.len() {
            let c = reached[i];
            for n in [c.wrapping_sub(6), c + 6, c.wrapping_sub(1), c + 1] {
                let beside = n < 36 && (n / 6 == c / 6 || n % 6 == c % 6);
                if beside && map[n] == region && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(reached.len(), 6, "region {region} is connected");
    }
}

/// Every orthogonal pair of a kropki or XV solution: marked exactly when
/// its digits hold a mark's relation (every mark given), checked here
/// from the digits, not by the crate's rule code.
fn check_every_mark(puzzle: &Puzzle, solution: &[u8], dots: bool, xv: bool) {
    let n = puzzle.size();
    let marked = |a: usize, b: usize, sums: bool| {
        puzzle.constraints().iter().find_map(|c| match c {
            Constraint::Pair { cells, relation }
                if *cells == [a, b] && matches!(relation, variants::Relation::Sum(_)) == sums =>
            {
                Some(*relation)
            }
            _ => None,
        })
    };
    for a in 0..n * n {
        for b in [a + 1, a + n] {
            if b >= n * n || (b == a + 1 && b % n == 0) {
                continue;
            }
            let (x, y) = (solution[a].min(solution[b]), solution[a].max(solution[b]));
            let dot = marked(a, b, false);
            if dots {
                assert_eq!(
                    dot.is_some(),
                    y == x + 1 || y == 2 * x,
                    "dot {a}-{b}: {x} {y}"
                );
                match dot {
                    Some(variants::Relation::Difference(1)) => assert_eq!(y, x + 1),
                    Some(variants::Relation::Ratio(2)) => assert_eq!(y, 2 * x),
                    None => {}
                    other => panic!("{other:?}"),
                }
            } else {
                assert_eq!(dot, None);
            }
            let sum = marked(a, b, true);
            if xv {
                let want = (x + y == 10 || x + y == 5).then_some(variants::Relation::Sum(x + y));
                assert_eq!(sum, want, "{a}-{b}: {x} {y}");
            } else {
                assert_eq!(sum, None);
            }
        }
    }
}

#[test]
fn kropki_and_xv_links_read_back_unique_with_every_mark() {
    for (variant, size, dots, xv) in [
        ("kropki", "3x3", true, false),
        ("xv", "3x3", false, true),
        ("kropki,xv", "2x3", true, true),
    ] {
        let written = generate(&[
            "--variant",
            variant,
            "--size",
            size,
            "--seed",
            "3",
            "-n",
            "2",
        ]);
        let links: Vec<&str> = written.lines().collect();
        assert_eq!(links.len(), 2, "{written}");
        for link in links {
            assert!(
                link.starts_with("https://www.f-puzzles.com/?load="),
                "{link}"
            );
            let puzzle = fpuzzles::read(link).expect("the link reads back");
            let solution = unique(&puzzle);
            if size == "3x3" {
                check_classic(&puzzle, &solution);
            }
            check_every_mark(&puzzle, &solution, dots, xv);
        }
    }
    let refused = cargo_bin_cmd!("sudoku")
        .args(["generate", "--variant", "kropki", "--to", "text"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("no text form"));
}

/// Two puzzles of `variant` on boxes `size` from `seed`, in the text form
/// (separated by `---`), each read back, its solution unique and, on
/// 9x9, a classic grid: (text, puzzle, solution).
fn two_generated(variant: &str, size: &str, seed: &str) -> Vec<(String, Puzzle, Vec<u8>)> {
    let written = generate(&[
        "--variant",
        variant,
        "--size",
        size,
        "--seed",
        seed,
        "-n",
        "2",
    ]);
    let texts: Vec<&str> = written.split("\n---\n").collect();
    assert_eq!(texts.len(), 2, "{written}");
    texts
        .into_iter()
        .map(|t| {
            let puzzle = text::read(t).expect("the text reads back");
            let solution = unique(&puzzle);
            if size == "3x3" {
                check_classic(&puzzle, &solution);
            }
            (t.to_string(), puzzle, solution)
        })
        .collect()
}

#[test]
fn lined_puzzles_read_back_unique_with_lines_their_solution_keeps() {
    for (variant, size, side) in [
        ("whispers", "3x3", 9u8),
        ("renban", "3x3", 9),
        ("palindrome", "3x3", 9),
        ("whispers,renban,palindrome", "2x3", 6),
    ] {
        for (t, puzzle, solution) in two_generated(variant, size, "4") {
            let mut lines = 0;
            for c in puzzle.constraints() {
                let Constraint::Line { kind, cells } = c else {
                    continue;
                };
                lines += 1;
                assert!(variant.contains(kind.variant()), "{variant}: {c:?}");
                let digits: Vec<u8> = cells.iter().map(|&i| solution[i]).collect();
                match kind.variant() {
                    "whispers" => assert!(
                        digits
                            .windows(2)
                            .all(|w| w[0].abs_diff(w[1]) >= side.div_ceil(2)),
                        "{digits:?}"
                    ),
                    "renban" => {
                        let mut sorted = digits.clone();
                        sorted.sort_unstable();
                        assert!(sorted.windows(2).all(|w| w[1] == w[0] + 1), "{digits:?}");
                    }
                    _ => assert!(digits.iter().eq(digits.iter().rev()), "{digits:?}"),
                }
            }
            assert!(lines > 0, "{t}");
        }
    }
    let mixed = cargo_bin_cmd!("sudoku")
        .args(["generate", "--variant", "renban,killer"])
        .output()
        .unwrap();
    assert_eq!(mixed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&mixed.stderr).contains("not generated with"));
}

#[test]
fn little_killer_puzzles_read_back_unique_with_sums_their_solution_keeps() {
    for (variant, size, side) in [
        ("little-killer", "3x3", 9usize),
        ("little-killer,x", "2x3", 6),
    ] {
        for (t, puzzle, solution) in two_generated(variant, size, "6") {
            let mut clues = 0;
            for c in puzzle.constraints() {
                let Constraint::LittleKiller { cells, total } = c else {
                    continue;
                };
                clues += 1;
                // A whole diagonal, edge to edge, summed here.
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                let edge = |i: usize| {
                    i / side == 0 || i / side == side - 1 || i % side == 0 || i % side == side - 1
                };
                assert!(edge(first) && edge(last), "{c:?}");
                for w in cells.windows(2) {
                    assert_eq!((w[0] / side).abs_diff(w[1] / side), 1, "{c:?}");
                    assert_eq!((w[0] % side).abs_diff(w[1] % side), 1, "{c:?}");
                }
                let sum: u32 = cells.iter().map(|&i| u32::from(solution[i])).sum();
                assert_eq!(sum, *total, "{c:?}");
            }
            assert_eq!(clues, side, "{t}");
        }
    }
    let mixed = cargo_bin_cmd!("sudoku")
        .args(["generate", "--variant", "little-killer,killer"])
        .output()
        .unwrap();
    assert_eq!(mixed.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&mixed.stderr)
            .contains("little killers are not generated with killer cages")
    );
}

#[test]
fn options_for_plain_grids_are_refused() {
    for args in [
        &["--variant", "killer,jigsaw"][..],
        &["--variant", "x", "--to", "grid"],
        &["--variant", "x", "--symmetry", "rotational"],
        &["--variant", "jigsaw,windoku"],
        &["--to", "link"],
    ] {
        let output = cargo_bin_cmd!("sudoku")
            .arg("generate")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
