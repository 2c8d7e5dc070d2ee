//! Feeds arbitrary bytes to the pencil-mark readers (the 729-character
//! line, the drawn grid, rows of candidates), forced and detected: they
//! must never panic, and every pencil-mark puzzle they read must write and
//! read back the same in every pencil-mark form.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::PencilMarks;
use sudoku_engine::format::{Format, Reader, marks_to_string, read_all};

fuzz_target!(|data: &[u8]| {
    let forced = [
        None,
        Some(Format::Marks),
        Some(Format::MarksGrid),
        Some(Format::Pretty),
    ];
    for format in forced {
        for record in Reader::with_format(data, format) {
            let record = record.expect("reading from memory cannot fail");
            let Some(marks) = record.marks else { continue };
            assert_eq!(record.grid.as_ref().ok(), Some(&marks.placed()));
            // The drawn grid keeps everything.
            let back = read_all(&marks_to_string(&marks, Format::MarksGrid));
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].marks.as_deref(), Some(&*marks));
            // The line and the rows of candidates write a cell with one
            // candidate as placed: the digits allowed are kept.
            for out in [Format::Marks, Format::Pretty] {
                let back = read_all(&marks_to_string(&marks, out));
                assert_eq!(back.len(), 1, "{out}");
                let grid = back[0].grid.as_ref().expect("reads back");
                let allowed = back[0]
                    .marks
                    .as_deref()
                    .map_or_else(|| PencilMarks::from_grid(grid), |m| *m)
                    .allowed();
                assert_eq!(allowed, marks.allowed(), "{out}");
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<PencilMarks>();
    }
});
