//! The rules a puzzle's rules text states in words, where its drawing
//! does not show them.
//!
//! SudokuPad draws most rules, but not anti-knight and anti-king: its
//! checker reads them from the rules text when the puzzle's metadata does
//! not say (a puzzle that states "Cells a knight's move apart cannot
//! contain the same digit" is checked as anti-knight). [`stated_rules`]
//! reads the same two rules from the same kind of text, and two more that
//! setters state in words as often and that no shape shows:
//! non-consecutive, and the two main diagonals of Sudoku X. A puzzle is
//! then solved as its setter meant, not as the looser puzzle with many
//! solutions.
//!
//! A clause states a rule when it names it (`anti-knight`, `antiking`,
//! `non-consecutive`) or describes it: a knight's or king's move (or
//! diagonally adjacent cells) whose digits differ (`cannot contain the
//! same digit`, `may not repeat`, `must be different`); orthogonally
//! adjacent cells that may not hold consecutive digits; both main (or
//! long) diagonals holding each digit once. It is read conservatively: a
//! clause that also speaks of sums, differences, ratios, parity or "at
//! least" states some other rule; one that speaks of dots, lines, cages,
//! arrows or marked diagonals speaks of the drawing; one that limits the
//! rule to part of the grid ("only", "within a box") states a narrower
//! one; one that says the rule does not apply denies it. Those are left
//! alone: a rule missed leaves the looser puzzle (which `check` shows),
//! a rule wrongly read would change the answer.
//!
//! It also reads whether every kropki dot, or every X and V, is given
//! ("All possible dots are given"; not "Not all ...", "some" or "only"),
//! which the SudokuPad reader applies to a puzzle that has such marks.

/// The rules a rules text states.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StatedRules {
    pub knight: bool,
    pub king: bool,
    pub nonconsecutive: bool,
    /// Both main diagonals (Sudoku X).
    pub diagonals: bool,
    /// Every kropki dot is given ("all dots are shown").
    pub all_dots: bool,
    /// Every X and V is given.
    pub all_xv: bool,
}

/// Reads the rules of the module's documentation from a rules text.
pub(crate) fn stated_rules(text: &str) -> StatedRules {
    let mut found = StatedRules::default();
    for clause in clauses(text) {
        let words = words(&clause);
        let has = |w: &str| words.iter().any(|x| x == w);
        let any = |ws: &[&str]| ws.iter().any(|w| has(w));
        if denies(&clause, &words) {
            continue;
        }
        let differ = differ(&clause, &words);
        // A rule that holds only in part of the grid is not the global one.
        let other = other_rule(&clause, &words) || restricted(&words, &[]);
        // The piece's move, not a knight in a story ("help the knight:
        // digits on his path cannot repeat").
        let moves = any(&["move", "moves", "jump", "jumps"]);
        let knight_move = moves && any(&["knight", "knights"]);
        if !other && (has("antiknight") || (differ && knight_move)) {
            found.knight = true;
        }
        let king_move = moves && any(&["king", "kings"]);
        let diagonal_touch = has("diagonally") && any(&["adjacent", "touch", "touching"]);
        if !other && (has("antiking") || (differ && (king_move || diagonal_touch))) {
            found.king = true;
        }
        if nonconsecutive(&clause, &words) {
            found.nonconsecutive = true;
        }
        let main = has("diagonals") && any(&["main", "long", "both", "two"]);
        let once = differ
            || has("once")
            || ["1-9", "1 to 9", "1 through 9", "each digit", "every digit"]
                .iter()
                .any(|p| clause.contains(p));
        if main && once && !other && !drawn(&words) {
            found.diagonals = true;
        }
        let (dots, xv) = all_given(&words);
        found.all_dots |= dots;
        found.all_xv |= xv;
    }
    found
}

/// Whether the clause says that every kropki dot, resp. every X and V, is
/// given: "all (possible) dots are given", "all Xs and Vs are shown". Not
/// "not all", nor a clause that says anything of "some" or "only".
fn all_given(words: &[String]) -> (bool, bool) {
    let has = |w: &str| words.iter().any(|x| x == w);
    let any = |ws: &[&str]| ws.iter().any(|w| has(w));
    let shown = any(&["given", "shown", "present", "drawn", "marked", "displayed"]);
    if !shown || any(&["not", "some", "only", "no"]) {
        return (false, false);
    }
    // The marks named within a few words after "all": "all possible
    // kropki dots", "all the Xs and Vs", not "all digits ... the dots".
    let (mut dots, mut xv) = (false, false);
    for (i, _) in words
        .iter()
        .enumerate()
        .filter(|(_, w)| *w == "all" || *w == "every")
    {
        let near = |ws: &[&str], reach: usize| {
            words[i + 1..words.len().min(i + 1 + reach)]
                .iter()
                .any(|w| ws.contains(&w.as_str()))
        };
        dots |= near(&["dot", "dots", "kropki"], 3);
        xv |= near(&["xv", "xvs"], 3) || (near(&["x", "xs"], 3) && near(&["v", "vs"], 5));
    }
    (dots, xv)
}

/// Whether the clause states non-consecutive over the whole grid: named,
/// or orthogonal neighbours that may not hold consecutive digits.
fn nonconsecutive(clause: &str, words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|x| x == w);
    let named = has("nonconsecutive") || has("anticonsecutive");
    let neighbours = [
        "adjacent",
        "neighbouring",
        "neighboring",
        "touching",
        "touch",
    ]
    .iter()
    .any(|w| has(w))
        || clause.contains("share an edge")
        || clause.contains("sharing an edge");
    let negated = ["not", "cannot", "cant", "no", "never"]
        .iter()
        .any(|w| has(w));
    let described = has("consecutive") && negated && neighbours && !has("diagonally");
    // A rule about dots, lines or cages (kropki's "all dots are given")
    // is the drawing's, and one about sums or bounds another rule.
    let elsewhere = drawn(words)
        || restricted(words, &["within", "row", "rows", "column", "columns"])
        || ["sum", "sums", "ratio", "double", "odd", "parity"]
            .iter()
            .any(|w| has(w))
        || clause.contains("at least")
        || clause.contains("differ by");
    (named || described) && !elsewhere
}

/// Whether the clause limits its rule to part of the grid (`only`,
/// `boxes`, `unless` ..., and the further words `more`).
fn restricted(words: &[String], more: &[&str]) -> bool {
    let limits = [
        "only", "box", "boxes", "region", "regions", "inside", "except", "unless",
    ];
    words
        .iter()
        .any(|x| limits.contains(&x.as_str()) || more.contains(&x.as_str()))
}

/// Whether the clause speaks of something drawn: dots, lines, cages,
/// arrows, circles, or marked diagonals.
fn drawn(words: &[String]) -> bool {
    [
        "dot",
        "dots",
        "kropki",
        "white",
        "black",
        "line",
        "lines",
        "arrow",
        "arrows",
        "cage",
        "cages",
        "circle",
        "circles",
        "marked",
        "indicated",
        "shaded",
        "highlighted",
        "drawn",
        "grey",
        "gray",
        "little",
        "clue",
        "clues",
    ]
    .iter()
    .any(|w| words.iter().any(|x| x == w))
}

/// The text cut into clauses: at the end of a sentence, a line, a
/// semicolon or a bullet. Abbreviations lose their dots first ("i.e."
/// would end a clause in the middle of a rule).
fn clauses(text: &str) -> Vec<String> {
    let lower = text
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}', '`'], "'")
        .replace("i.e.", "ie")
        .replace("e.g.", "eg");
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = lower.chars().collect();
    for (i, &ch) in chars.iter().enumerate() {
        let ends_sentence = matches!(ch, '.' | '!' | '?')
            && chars.get(i + 1).is_none_or(|next| next.is_whitespace());
        if ends_sentence || matches!(ch, '\n' | ';' | '\u{2022}') {
            out.push(std::mem::take(&mut current));
        } else {
            current.push(ch);
        }
    }
    out.push(current);
    out.retain(|c| !c.trim().is_empty());
    out
}

/// The clause's words: letters and digits, with "anti-" and "non-" (or
/// "anti ", "non ") joined to the word after it and apostrophes dropped
/// (`knight's` is `knights`).
fn words(clause: &str) -> Vec<String> {
    let raw: Vec<String> = clause
        .replace('\'', "")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if (raw[i] == "anti" || raw[i] == "non") && i + 1 < raw.len() {
            out.push(format!("{}{}", raw[i], raw[i + 1]));
            i += 2;
        } else {
            out.push(raw[i].clone());
            i += 1;
        }
    }
    out
}

/// Whether the clause says that digits there differ.
fn differ(clause: &str, words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|x| x == w);
    let negated = has("not") || has("cannot") || has("cant") || has("never") || has("no");
    has("repeat")
        || has("repeated")
        || has("different")
        || has("differ")
        || has("distinct")
        || (negated && (clause.contains("same") || has("identical") || has("equal")))
}

/// Whether the clause says that the rule does not hold ("this is not an
/// anti-knight puzzle", "no anti-king constraint", "digits need not
/// differ").
fn denies(clause: &str, words: &[String]) -> bool {
    let negation = |w: &String| matches!(w.as_str(), "not" | "no" | "without" | "isnt");
    [
        "need not",
        "neednt",
        "not necessarily",
        "does not apply",
        "do not apply",
    ]
    .iter()
    .any(|p| clause.contains(p))
        || words
            .windows(2)
            .any(|w| negation(&w[0]) && w[1].starts_with("anti"))
        || words.windows(3).any(|w| {
            negation(&w[0])
                && matches!(w[1].as_str(), "an" | "a" | "the")
                && w[2].starts_with("anti")
        })
}

/// Whether the clause speaks of another rule about the same cells: a sum,
/// a difference, consecutive digits, a ratio, a parity, or a bound.
fn other_rule(clause: &str, words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|x| x == w);
    clause.contains("at least")
        || clause.contains("at most")
        || clause.contains("differ by")
        || ["sum", "sums", "add", "total", "consecutive", "ratio", "double", "camel", "zebra"]
            .iter()
            .any(|w| has(w))
        || has("odd")
        || has("parity")
        // "even" alone also means "not even diagonally".
        || (has("even") && has("both"))
        || has("greater")
        || has("less")
        || has("larger")
        || has("smaller")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knight(text: &str) -> bool {
        stated_rules(text).knight
    }

    fn king(text: &str) -> bool {
        stated_rules(text).king
    }

    #[test]
    fn every_dot_or_every_x_and_v_given() {
        let said = |text: &str| {
            let s = stated_rules(text);
            (s.all_dots, s.all_xv)
        };
        for text in [
            "All possible dots are given.",
            "Cells separated by a white dot are consecutive. All kropki dots are shown.",
            "Every dot is given",
        ] {
            assert_eq!(said(text), (true, false), "{text}");
        }
        for text in [
            "All possible X's and V's are given.",
            "All XV clues are shown.",
            "All Xs and Vs are given",
        ] {
            assert_eq!(said(text), (false, true), "{text}");
        }
        for text in [
            "Not all dots are given.",
            "Some dots are given.",
            "Only some of the X's and V's are shown.",
            "Cells separated by a white dot contain consecutive digits.",
            "All digits are given in the dots' cells",
            "Normal sudoku rules apply. Digits separated by an X sum to 10.",
        ] {
            assert_eq!(said(text), (false, false), "{text}");
        }
    }

    #[test]
    fn the_rules_are_read_where_named() {
        for text in [
            "Normal sudoku rules apply. Anti-knight.",
            "Normal sudoku rules apply.\nAntiknight rules apply.",
            "Standard anti knight constraint applies",
            "ANTI-KNIGHT: cells a knight's move apart cannot contain the same digit.",
            "Killer cages: digits in cages sum to the total. Anti-knight and anti-king rules apply.",
        ] {
            assert!(knight(text), "{text}");
        }
        for text in [
            "Anti-king: cells a king's move apart cannot contain the same digit.",
            "- Antiking",
            "Normal sudoku rules apply; anti king.",
            "Anti-knight and anti-king rules apply.",
        ] {
            assert!(king(text), "{text}");
        }
    }

    #[test]
    fn the_rules_are_read_where_described() {
        for text in [
            "Cells a knight's move apart cannot contain the same digit.",
            "Cells separated by a chess knight\u{2019}s move may not contain the same digit.",
            "Identical digits cannot be a knight's move apart.",
            "Digits may not repeat within a knight's move.",
            "Two cells a knight's move away from each other must be different.",
            "Cells that are a knight's move apart in chess can't have the same value",
        ] {
            assert!(knight(text), "{text}");
            assert!(!king(text), "{text}");
        }
        for text in [
            "Cells a king's move apart cannot contain the same digit.",
            "Digits cannot repeat in diagonally adjacent cells.",
            "Cells that touch diagonally (ie a king's move apart) must be different.",
            "Identical digits may not touch, not even diagonally (i.e. cannot touch diagonally).",
        ] {
            assert!(king(text), "{text}");
            assert!(!knight(text), "{text}");
        }
    }

    #[test]
    fn other_rules_about_the_same_cells_are_left_alone() {
        for text in [
            "Normal sudoku rules apply.",
            "Digits a knight's move apart must differ by at least 3.",
            "Cells a knight's move apart cannot sum to 10.",
            "Cells a king's move apart may not contain consecutive digits.",
            "Anti-camel: cells a camel's move apart cannot contain the same digit.",
            "Taking and making: digits along the marked line cannot repeat.",
            "Digits along the diagonals cannot repeat.",
            "This is not an anti-knight puzzle: the knight's move rule does not apply.",
            "No anti-king constraint.",
            "Diagonally adjacent cells must not be odd and even.",
            "Anti-knight applies only to the shaded cells.",
            "Help the knight home: digits on his path cannot repeat.",
            "The king's digits are all different from the queen's.",
            "Cells a king's move apart within a box cannot repeat a digit.",
            "Identical digits cannot be a knight's move apart unless one of them is a 5.",
            "Cells a knight's move apart cannot both be even.",
        ] {
            assert_eq!(stated_rules(text), StatedRules::default(), "{text}");
        }
    }

    #[test]
    fn a_rule_in_one_clause_is_not_read_from_the_words_of_another() {
        // "knight" and "cannot repeat" in different sentences.
        let text = "The knight shows the way. Digits in cages cannot repeat.";
        assert!(!knight(text));
        assert!(knight("Digits in cages cannot repeat; anti-knight"));
    }

    #[test]
    fn non_consecutive_where_named_or_described() {
        for text in [
            "Non-consecutive: orthogonally adjacent cells cannot contain consecutive digits.",
            "Normal sudoku rules apply. Nonconsecutive.",
            "Digits in orthogonally adjacent cells may not be consecutive.",
            "No two cells that share an edge contain consecutive digits.",
            "Adjacent cells can't hold consecutive numbers",
        ] {
            let rules = stated_rules(text);
            assert!(rules.nonconsecutive, "{text}");
            assert!(!rules.king && !rules.knight && !rules.diagonals, "{text}");
        }
        for text in [
            "Cells separated by a white dot contain consecutive digits. All possible dots are given, so other adjacent cells are not consecutive.",
            "Digits along a line cannot be consecutive.",
            "Diagonally adjacent cells cannot contain consecutive digits.",
            "Adjacent cells in a cage are consecutive.",
            "Orthogonally adjacent digits must differ by at least 4, so they are not consecutive.",
            "Orthogonally adjacent cells within a box cannot contain consecutive digits.",
            "Non-consecutive applies only in rows.",
        ] {
            assert!(!stated_rules(text).nonconsecutive, "{text}");
        }
    }

    #[test]
    fn both_main_diagonals_where_described() {
        for text in [
            "Both main diagonals hold 1 to 9 once.",
            "Digits cannot repeat on the two main diagonals.",
            "Normal sudoku rules apply; digits may not repeat along either of the long diagonals",
            "Each of the two main diagonals contains every digit once.",
        ] {
            let rules = stated_rules(text);
            assert!(rules.diagonals, "{text}");
            assert!(
                !rules.king && !rules.knight && !rules.nonconsecutive,
                "{text}"
            );
        }
        for text in [
            "Digits cannot repeat on the marked diagonals.",
            "Digits along the main diagonal cannot repeat.",
            "The two main diagonals sum to the same total.",
            "Little killer clues give the sum of the digits along the diagonals.",
            "Digits on the two main diagonals need not be different.",
        ] {
            assert!(!stated_rules(text).diagonals, "{text}");
        }
    }
}
