//! Compares our ratings with Sudoku Explainer's in se-ratings.tsv:
//! `cargo run --release -p sudoku-logic --example calibrate`.
use sudoku_engine::Grid;
use sudoku_logic::Solver;

fn main() {
    let Some(text) = sudoku_testdata::read("se-ratings.tsv") else {
        return;
    };
    let (mut n, mut exact, mut close) = (0, 0, 0);
    let mut rows = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("file"))
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, no, puzzle, er, tech, status) = (f[0], f[1], f[2], f[3], f[6], f[7]);
        let grid: Grid = puzzle.parse().expect("puzzle");
        let t0 = std::time::Instant::now();
        let r = Solver::new()
            .with_extra_techniques(std::env::var("EXTRA").is_ok())
            .rate(&grid);
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        if status != "ok" {
            println!(
                "{file}:{no} SE {status} (>= {}) ours {:.1} {} solved={} {:.0}ms",
                f[8],
                r.value,
                r.technique_name(),
                r.solved,
                ms
            );
            continue;
        }
        let se: f64 = er.parse().unwrap();
        n += 1;
        let d = (r.value - se).abs();
        if d < 0.05 {
            exact += 1;
        }
        if d <= 0.5 + 1e-9 {
            close += 1;
        }
        rows.push((
            d,
            format!(
                "{file}:{no} SE {se:.1} {tech} | ours {:.1} {} {:.0}ms",
                r.value,
                r.technique_name(),
                ms
            ),
        ));
    }
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for (d, r) in &rows {
        if *d >= 0.05 {
            println!("{d:.1} {r}");
        }
    }
    println!("{n} rated by SE: {exact} exact, {close} within 0.5");
}
