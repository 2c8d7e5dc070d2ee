//! Every example of `docs/json.md` is what the program prints: each
//! `$ sudoku ...` line of a `console` block is run from the repository root
//! and its standard output must be exactly the lines that follow it.

use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;

/// The commands of the document and the output each is shown with.
fn examples(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_console = false;
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            if let Some(done) = current.take() {
                out.push(done);
            }
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if let Some(done) = current.take() {
                out.push(done);
            }
            current = Some((command.to_string(), String::new()));
        } else if let Some((_, expected)) = current.as_mut() {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    out
}

#[test]
fn every_example_is_what_the_program_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/json.md")).expect("docs/json.md");
    let examples = examples(&text);
    // One example of each record at least.
    for command in [
        "solve", "count", "check", "generate", "rate", "explain", "hint",
    ] {
        assert!(
            examples
                .iter()
                .any(|(c, _)| c.split_whitespace().nth(1) == Some(command)),
            "docs/json.md has no example of `sudoku {command}`"
        );
    }
    for (command, expected) in examples {
        let args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(args[0], "sudoku", "{command}");
        let output = cargo_bin_cmd!("sudoku")
            .args(&args[1..])
            .current_dir(root)
            .output()
            .expect("run sudoku");
        let stdout = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(stdout, expected, "`{command}` printed something else");
        // Each line is one JSON object.
        for line in stdout.lines() {
            let _: serde_json::Value = serde_json::from_str(line).expect("a JSON object");
        }
    }
}
