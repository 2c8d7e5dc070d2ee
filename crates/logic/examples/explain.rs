//! Prints the logical path of a puzzle (81-character argument), one step a
//! line, then the rating: `cargo run --release -p sudoku-logic --example explain -- PUZZLE`.
fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| {
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".into()
    });
    let grid: sudoku_engine::Grid = arg.parse().expect("a puzzle");
    let path = sudoku_logic::solve_path(&grid);
    for (i, s) in path.steps.iter().enumerate() {
        println!("{:3}. {s}", i + 1);
    }
    let r = path.rating();
    println!(
        "rating {:.1} ({}), hardest: {}, solved: {}",
        r.value,
        r.difficulty,
        r.technique_name(),
        r.solved
    );
    if let Some(why) = &path.stopped {
        println!("stopped: {why}");
        print!("{}", path.final_state.render());
    }
}
