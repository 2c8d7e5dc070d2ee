//! The prompt shown when standard input is a terminal and no file is given:
//! the person types the puzzle row by row and gets the solution drawn.

use std::io::{self, BufRead, Write};

use sudoku_engine::format::parse_row;

/// Asks for a puzzle on `prompt` and reads it from `input`: 9 rows (a row
/// with a mistake is asked again) or one 81-character line. Returns the
/// puzzle as text, or `None` when the input ends before any row.
pub fn read_puzzle(
    input: &mut impl BufRead,
    prompt: &mut impl Write,
) -> io::Result<Option<String>> {
    writeln!(
        prompt,
        "Type the puzzle, one row per line: 9 digits, with 0 or . for a blank\n\
         (spaces and | between them are fine), or all 81 cells on one line."
    )?;
    let mut rows: Vec<String> = Vec::with_capacity(9);
    let mut line = String::new();
    while rows.len() < 9 {
        write!(prompt, "row {}: ", rows.len() + 1)?;
        prompt.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(prompt)?;
            return Ok((!rows.is_empty()).then(|| rows.join("\n") + "\n"));
        }
        let typed = line.trim();
        if typed.is_empty() {
            continue;
        }
        if rows.is_empty() && typed.len() >= 81 {
            return Ok(Some(typed.to_string() + "\n"));
        }
        match parse_row(typed, rows.len() + 1) {
            Ok(_) => rows.push(typed.to_string()),
            Err(e) => {
                let message = e.to_string();
                let reason = message
                    .split_once(": ")
                    .map_or(message.as_str(), |(_, r)| r);
                writeln!(
                    prompt,
                    "  {reason}; please type row {} again.",
                    rows.len() + 1
                )?;
            }
        }
    }
    Ok(Some(rows.join("\n") + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_again_for_a_bad_row() {
        let typed =
            "1 2 3 4 5 6 7 8 9\n12345678\n\n.........\n".to_string() + &".........\n".repeat(7);
        let mut prompt = Vec::new();
        let text = read_puzzle(&mut typed.as_bytes(), &mut prompt)
            .unwrap()
            .unwrap();
        assert_eq!(text.lines().count(), 9);
        let prompt = String::from_utf8(prompt).unwrap();
        assert!(
            prompt.contains("expected 9 digits, found 8; please type row 2 again."),
            "{prompt}"
        );
    }

    #[test]
    fn whole_line_and_early_end() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        let text = read_puzzle(&mut line.as_bytes(), &mut Vec::new())
            .unwrap()
            .unwrap();
        assert_eq!(text, line);
        assert_eq!(
            read_puzzle(&mut "".as_bytes(), &mut Vec::new()).unwrap(),
            None
        );
    }
}
