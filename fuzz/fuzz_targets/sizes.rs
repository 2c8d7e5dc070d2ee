//! Feeds arbitrary bytes to the readers for every size, detected and with a
//! forced shape, alphabet and format: they must never panic; every grid
//! they read must write and read back the same in every format; and the
//! engine for every size, both its probing and its learning search, must
//! agree with the plain reference on the small shapes (count up to 2; a
//! solution valid and keeping the givens).
//!
//! Input: the first byte picks the forced options, the rest is the text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sizes::format::{ReadOptions, SizedFormat, read_all_with, to_string};
use sudoku_engine::sizes::{self, Shape, Strategy, Symbols, reference};

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 4)];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let forced = ReadOptions {
        shape: (pick & 1 == 1)
            .then(|| SHAPES[(pick as usize >> 1) % SHAPES.len()])
            .map(|(r, c)| Shape::new(r, c).unwrap()),
        symbols: [
            None,
            Some(Symbols::Default),
            Some(Symbols::Hex),
            Some(Symbols::Letters),
        ][(pick as usize >> 4) & 3],
        format: [
            None,
            Some(SizedFormat::Line),
            Some(SizedFormat::Grid),
            Some(SizedFormat::Pretty),
        ][(pick as usize >> 6) & 3],
    };
    for options in [ReadOptions::default(), forced] {
        for record in read_all_with(text, options) {
            let Ok(grid) = record.grid else { continue };
            let shape = grid.shape();
            for format in SizedFormat::ALL {
                let written = to_string(&grid, format, record.symbols);
                let back = read_all_with(
                    &written,
                    ReadOptions {
                        shape: Some(shape),
                        symbols: Some(record.symbols),
                        format: None,
                    },
                );
                assert_eq!(back.len(), 1, "{format}\n{written}");
                assert_eq!(back[0].grid.as_ref(), Ok(&grid), "{format}\n{written}");
            }
            if shape.size() <= 6 {
                let (expected, _) = reference::count(&grid, 2);
                for strategy in [Strategy::Probing, Strategy::Learning] {
                    let found = sizes::search_using(&grid, 2, strategy);
                    assert_eq!(found.count, expected, "{strategy:?} {grid:?}");
                    if let Some(solution) = found.solution {
                        assert!(solution.is_solution_of(&grid), "{strategy:?} {grid:?}");
                    }
                }
            }
        }
    }
});
