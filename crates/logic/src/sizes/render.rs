//! Pencil-mark grids as text, for any shape.

use sudoku_engine::sizes::Symbols;

use super::candidates::SizedCandidates;

impl SizedCandidates {
    /// The pencil-mark grid for a terminal, as [`crate::Candidates::render`]
    /// draws the 9x9 one: each cell a block shaped like a box (R lines of C
    /// characters for R x C boxes), digit `d` at its place in reading order
    /// and `.` where it is ruled out; a placed digit is `(d)` on the
    /// block's middle line. Blocks are at least 3 characters wide. Digits
    /// are written in `symbols` (the default alphabet when it has too few
    /// characters); above 35 digits, where no alphabet reaches, the grid is
    /// [`SizedCandidates::render_compact`]'s.
    ///
    /// A 16x16 grid is 105 columns and 82 lines; a 25x25 one 185 columns
    /// and 152 lines.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// grid.set(0, 0, Some(3));
    /// let text = SizedCandidates::from_grid(&grid).render(Symbols::Default);
    /// assert_eq!(text.lines().next().unwrap(), "     c1   c2    c3   c4");
    /// assert_eq!(text.lines().nth(2).unwrap(), "   |      12  | 12   12  |");
    /// assert_eq!(text.lines().nth(3).unwrap(), "r1 | (3)  .4  | .4   .4  |");
    /// ```
    pub fn render(&self, symbols: Symbols) -> String {
        let n = self.size();
        let symbols = if symbols.covers(n) {
            symbols
        } else if Symbols::Default.covers(n) {
            Symbols::Default
        } else {
            return self.render_compact(symbols);
        };
        let (br, bc) = (self.shape().box_rows(), self.shape().box_cols());
        let w = bc.max(3);
        let label = format!("r{n} ").len();
        // A box is "| " then its cells two apart, then one space.
        let box_width = bc * w + 2 * bc;
        let mut out = String::new();
        let mut header = " ".repeat(label);
        for c in 0..n {
            header.push_str("  ");
            let name = format!("c{}", c + 1);
            header.push_str(&format!("{name:<w$}"));
            if c % bc == bc - 1 {
                header.push(' ');
            }
        }
        out.push_str(header.trim_end());
        out.push('\n');
        let line = |fill: char| {
            let mut s = " ".repeat(label);
            for _ in 0..n / bc {
                s.push(if fill == '-' { '+' } else { '|' });
                s.push_str(&fill.to_string().repeat(box_width));
            }
            s.push(if fill == '-' { '+' } else { '|' });
            s.push('\n');
            s
        };
        let (border, blank) = (line('-'), line(' '));
        for r in 0..n {
            out.push_str(if r % br == 0 { &border } else { &blank });
            for sub in 0..br {
                let name = if sub == br / 2 {
                    format!("r{}", r + 1)
                } else {
                    String::new()
                };
                out.push_str(&format!("{name:<label$}"));
                for c in 0..n {
                    let cell = r * n + c;
                    out.push_str(if c % bc == 0 { "| " } else { "  " });
                    let mut text = String::new();
                    if let Some(v) = self.value(cell) {
                        if sub == br / 2 {
                            let s = symbols.symbol(v).unwrap_or('?');
                            text = format!("{:^w$}", format!("({s})"));
                        }
                    } else {
                        for k in 0..bc {
                            let d = (sub * bc + k + 1) as u8;
                            text.push(if self.has(cell, d) {
                                symbols.symbol(d).unwrap_or('?')
                            } else {
                                '.'
                            });
                        }
                    }
                    out.push_str(&format!("{text:<w$}"));
                    if c % bc == bc - 1 {
                        out.push(' ');
                    }
                }
                out.push_str("|\n");
            }
        }
        out.push_str(&border);
        out
    }

    /// A compact pencil-mark grid, as [`crate::Candidates::render_compact`]
    /// writes the 9x9 one: one line per row, each cell its candidates
    /// written together (or its placed digit), columns aligned, `|` between
    /// boxes and a line of `-` between bands. Digits are written in
    /// `symbols` (the default alphabet when it has too few characters);
    /// above 35 digits, as numbers joined by `,`. Narrow once most digits
    /// are placed; wide (up to 16 characters a cell on 16x16) early on.
    ///
    /// ```
    /// use sudoku_engine::sizes::{Shape, SizedGrid, Symbols};
    /// use sudoku_logic::sizes::SizedCandidates;
    /// let mut grid = SizedGrid::empty(Shape::for_size(4).unwrap());
    /// grid.set(0, 0, Some(3));
    /// let text = SizedCandidates::from_grid(&grid).render_compact(Symbols::Default);
    /// assert_eq!(text.lines().next().unwrap(), "3    124   | 124   124");
    /// assert_eq!(text.lines().nth(2).unwrap(), "-----------------------");
    /// ```
    pub fn render_compact(&self, symbols: Symbols) -> String {
        let n = self.size();
        let symbols = if symbols.covers(n) {
            Some(symbols)
        } else {
            Some(Symbols::Default).filter(|s| s.covers(n))
        };
        let write = |digits: &[u8]| -> String {
            match symbols {
                Some(s) => digits.iter().map(|&d| s.symbol(d).unwrap_or('?')).collect(),
                None => digits
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            }
        };
        let texts: Vec<String> = (0..n * n)
            .map(|cell| match self.value(cell) {
                Some(v) => write(&[v]),
                None => write(&self.digits(cell)),
            })
            .collect();
        let mut width = vec![1usize; n];
        for (cell, t) in texts.iter().enumerate() {
            width[cell % n] = width[cell % n].max(t.chars().count());
        }
        let (br, bc) = (self.shape().box_rows(), self.shape().box_cols());
        let total: usize = width.iter().sum::<usize>() + 2 * (n - 1) + 2 * (n / bc - 1);
        let mut out = String::new();
        for r in 0..n {
            if r > 0 && r % br == 0 {
                out.push_str(&"-".repeat(total));
                out.push('\n');
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % bc == 0 { "  | " } else { "  " });
                }
                line.push_str(&format!("{:<1$}", texts[r * n + c], width[c]));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
