//! The chess rules a puzzle's rules text states in words.
//!
//! SudokuPad draws most rules, but not anti-knight and anti-king: its
//! checker reads them from the rules text when the puzzle's metadata does
//! not say (a puzzle that states "Cells a knight's move apart cannot
//! contain the same digit" is checked as anti-knight). [`chess_rules`]
//! reads the same two rules from the same kind of text, so that such a
//! puzzle is solved as its setter meant and not as the looser puzzle with
//! many solutions.
//!
//! A clause states a rule when it names it (`anti-knight`, `antiking`,
//! `anti king`) or when it speaks of the piece's move (`a knight's move
//! apart`, `a king's move`, `diagonally adjacent`) and says that digits
//! there differ (`cannot contain the same digit`, `may not repeat`, `must
//! be different`). A clause that also speaks of sums, differences,
//! consecutive digits, ratios or "at least" states some other rule and is
//! left alone, and so is one that says the rule does not apply.

/// The chess rules a rules text states.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ChessRules {
    pub knight: bool,
    pub king: bool,
}

/// Reads anti-knight and anti-king from a rules text (see the module's
/// documentation).
pub(crate) fn chess_rules(text: &str) -> ChessRules {
    let mut found = ChessRules::default();
    for clause in clauses(text) {
        let words = words(&clause);
        let has = |w: &str| words.iter().any(|x| x == w);
        if denies(&words) || other_rule(&clause, &words) {
            continue;
        }
        let differ = differ(&clause, &words);
        if has("antiknight") || has("antiknights") || (differ && (has("knight") || has("knights")))
        {
            found.knight = true;
        }
        let diagonal_touch =
            has("diagonally") && (has("adjacent") || has("touch") || has("touching"));
        if has("antiking")
            || has("antikings")
            || (differ && (has("king") || has("kings") || diagonal_touch))
        {
            found.king = true;
        }
    }
    found
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

/// The clause's words: letters and digits, with "anti-" (or "anti ")
/// joined to the word after it and apostrophes dropped (`knight's` is
/// `knights`).
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
        if raw[i] == "anti" && i + 1 < raw.len() {
            out.push(format!("anti{}", raw[i + 1]));
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
/// anti-knight puzzle", "no anti-king constraint").
fn denies(words: &[String]) -> bool {
    let negation = |w: &String| matches!(w.as_str(), "not" | "no" | "without" | "isnt");
    words
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
        chess_rules(text).knight
    }

    fn king(text: &str) -> bool {
        chess_rules(text).king
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
            "Cells a knight's move apart cannot both be even.",
        ] {
            assert_eq!(chess_rules(text), ChessRules::default(), "{text}");
        }
    }

    #[test]
    fn a_rule_in_one_clause_is_not_read_from_the_words_of_another() {
        // "knight" and "cannot repeat" in different sentences.
        let text = "The knight shows the way. Digits in cages cannot repeat.";
        assert!(!knight(text));
        assert!(knight("Digits in cages cannot repeat; anti-knight"));
    }
}
