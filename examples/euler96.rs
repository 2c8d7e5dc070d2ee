//! Project Euler 96: solve the 50 grids of a file and print the sum of the
//! 3-digit numbers in the top-left corner of each solution.
//!
//! `cargo run --release --example euler96 -- ../shared/data/euler96.txt`

use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;

use sudoku_engine::format::Reader;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: euler96 FILE");
        return ExitCode::from(2);
    };
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("euler96: {}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let mut sum = 0;
    for record in Reader::new(BufReader::new(file)) {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                eprintln!("euler96: {e}");
                return ExitCode::from(2);
            }
        };
        let solution = match record.grid.map(|g| g.solve()) {
            Ok(Some(solution)) => solution,
            Ok(None) => {
                eprintln!("euler96: puzzle at line {} has no solution", record.line);
                return ExitCode::from(1);
            }
            Err(e) => {
                eprintln!("euler96: {e}");
                return ExitCode::from(1);
            }
        };
        let corner = solution.cells()[..3]
            .iter()
            .fold(0, |n, &d| n * 10 + u32::from(d));
        sum += corner;
    }
    println!("{sum}");
    ExitCode::SUCCESS
}
