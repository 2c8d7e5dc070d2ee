//! Prints the pencil marks of a puzzle given as an 81-character argument.
fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".into()
    });
    let grid: sudoku_engine::Grid = arg.parse().expect("a puzzle");
    let c = sudoku_logic::Candidates::from_grid(&grid);
    print!("{}", c.render());
    print!("{}", c.render_compact());
}
