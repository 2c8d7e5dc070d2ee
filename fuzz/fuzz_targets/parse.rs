//! Feeds arbitrary bytes to the streaming reader, in every format and with
//! detection: it must never panic or hang, every record it returns must be
//! numbered in order, every grid it reads must print and read back the
//! same in every format, and its records of every size (`next_any`) must
//! stand where its 9x9 records do.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::format::{Format, Reader, Record, read_all, to_string};
use sudoku_engine::sizes::format::AnyRecord;

fn read_all_bytes(data: &[u8], format: Option<Format>) -> Vec<Record> {
    Reader::with_format(data, format)
        .map(|r| r.expect("reading from memory cannot fail"))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let forced = [None].into_iter().chain(Format::ALL.map(Some));
    for format in forced {
        // The records of every size agree with the 9x9 ones, place for
        // place: a puzzle of another size (a line, or a grid whose error
        // may name a later line of it) stands where its 9x9 error did.
        let classic: Vec<Record> = read_all_bytes(data, format);
        let mut any = Reader::with_format(data, format);
        let mut n = 0;
        while let Some(record) = any.next_any().expect("reading from memory cannot fail") {
            let c = &classic[n];
            n += 1;
            match record {
                AnyRecord::Classic(record) => assert_eq!(&record, c),
                AnyRecord::Sized(record) => {
                    assert!(c.grid.is_err());
                    assert_eq!((record.index, record.line), (c.index, c.line));
                    if let Err(e) = &record.grid {
                        assert!(e.line >= c.line);
                    }
                }
            }
        }
        assert_eq!(n, classic.len());
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
