//! Feeds arbitrary bytes to the streaming reader, in every format and with
//! detection: it must never panic or hang, every record it returns must be
//! numbered in order, and every grid it reads must print and read back the
//! same in every format.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::format::{Format, Reader, read_all, to_string};

fuzz_target!(|data: &[u8]| {
    let forced = [None].into_iter().chain(Format::ALL.map(Some));
    for format in forced {
        let mut last_line = 0;
        for (i, record) in Reader::with_format(data, format).enumerate() {
            let record = record.expect("reading from memory cannot fail");
            assert_eq!(record.index, i + 1);
            assert!(record.line >= last_line || record.line == 0);
            last_line = record.line;
            let Ok(grid) = record.grid else { continue };
            for out in Format::ALL {
                let back = read_all(&to_string(&grid, out));
                assert_eq!(back.len(), 1);
                assert_eq!(back[0].grid.as_ref().ok(), Some(&grid));
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = text.parse::<sudoku_engine::Grid>();
    }
});
