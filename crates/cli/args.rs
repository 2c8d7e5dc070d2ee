//! Command-line arguments.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudoku_engine::format::Format;
use sudoku_engine::sizes::{Shape, Symbols};
use sudoku_generator::Symmetry;
use sudoku_generator::sizes::SizedDifficulty;
use sudoku_variants::input::Kind;

pub const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was solved (for `check`: every puzzle has exactly one solution)
  1  a puzzle had no solution or was invalid (for `check`: any verdict but unique)
  2  usage or I/O error";

const FORMATS: &str = "\
Input formats (detected for each input, or forced with --from):
  grid    9 lines of 9 space-separated digits, 0 for a blank (Baekjoon 2580)
  rows    9 lines of 9 characters, 0 or . for a blank
  line    81 characters on one line, 0 . or _ for a blank; many lines make a batch
  euler   Project Euler 96: a `Grid NN` header, then 9 rows of digits
  pretty  rows with | between boxes and ------+-------+------ between bands;
          a cell may be written as its candidates (as `sudoku marks --compact` prints)
  marks   pencil marks as one 729-character line: 9 places a cell, place d holds d
          when d is a candidate, . or 0 when not (a cell with one candidate is placed)
  marks-grid  the pencil-mark grid `sudoku marks` draws; --from marks reads either form
Output formats (--to): the same, plus json (one object per puzzle per line).
The default output format is the input's (a pencil-mark puzzle's solution is
written as a line, or drawn as pretty).

Other sizes (solve, count, check, hint, explain, rate, marks; generate --size RxC):
4x4 to 64x64 in line (N*N characters, or numbers above 35x35), grid (N lines
of N numbers), rows and pretty. The size comes from each puzzle, so sizes
may mix in a file (in the format of its first puzzle); --size RxC gives
the boxes (3x2 rather than 2x3).
Digits are 1-9 then A=10 (default), 0-F (hex, 16x16) or A=1 (letters),
detected or given with --symbols (generate --symbols writes them).";

const VARIANTS: &str = "\
Variant puzzles (solve, count, check, hint, explain, marks): f-puzzles JSON,
f-puzzles and SudokuPad links (one per line; SudokuPad's own sudokupad.app/scl...
links and its JSON too), and the text forms of
docs/variants.md with a header such as `rules: x` or `size: 9` are detected,
as are a jigsaw's region map or a killer's cage map and totals drawn below or
beside the givens (--variant jigsaw or killer to insist); plain givens take
their rules from --variant (--variant x,anti-knight). Text puzzles in one
file are separated by a line `---` (one-line puzzles may come one a line).
A solution is printed as rows of digits (A=10 ...), or with --to line or
json.";

const VARIANT_LOGIC: &str = "\
On variant puzzles, hint, explain and marks take the variant logic: full house,
hidden and naked singles, locked candidates, naked and hidden subsets over
every house (rows, columns, boxes or jigsaw regions, diagonals, windoku boxes,
disjoint groups, extra regions, cages) and fish over rows and columns; cage
combinations and innies and outies for killer; the ranges thermometers and
arrows force. Anti-knight, anti-king, non-consecutive and odd/even act through
the pencil marks, shared peers (a cell that sees every place of a digit in a
house) and non-consecutive neighbours. Steps name cells r1c1 and the houses
and cages they use; variant steps are not rated, and --given is not read for
them.";

/// Solve, count and check Sudoku puzzles written the way people write them.
#[derive(Debug, Parser)]
#[command(
    name = "sudoku",
    version,
    args_conflicts_with_subcommands = true,
    after_help = format!("With no subcommand, `sudoku` solves: `sudoku < puzzle.txt`.\n\n{FORMATS}\n\n{VARIANTS}\n\n{EXIT_CODES}")
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub solve: SolveArgs,
}

/// Each subcommand's arguments are built only when it is the one run
/// (`defer`): building every subcommand's was a quarter of the
/// instructions and page faults of a one-puzzle `sudoku solve`.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Print one solution of each puzzle (the default command).
    #[command(after_help = format!("{VARIANTS}\n\n{EXIT_CODES}"))]
    Solve(SolveArgs),
    /// Count the solutions of each puzzle, up to a limit.
    #[command(after_help = format!("{VARIANTS}\n\n{EXIT_CODES}"))]
    Count(CountArgs),
    /// Say whether each puzzle has a unique solution, several, none, or is invalid.
    #[command(
        after_help = format!("{VARIANTS}\n\nExit status:\n  0  every puzzle has exactly one solution\n  1  any other verdict\n  2  usage or I/O error")
    )]
    Check(CheckArgs),
    /// Make puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// The next logical step for a grid, with the pencil marks around it.
    #[command(
        after_help = format!("The grid may hold your own entries and pencil marks (the 729-character \
        form or the grid `sudoku marks` draws); give the original clues with --given when they \
        differ. Every wrong digit, and every candidate crossed out that the solution needs, is \
        pointed out first.\n\n\
        Exit status:\n  0  a step was found, or the grid is solved\n  \
        1  a wrong entry, clashing digits, no solution or several solutions\n  2  usage or I/O error\n\n{VARIANTS}\n\n{VARIANT_LOGIC}")
    )]
    Hint(HintArgs),
    /// Every logical step from the puzzle to the end, and its rating.
    Explain(ExplainArgs),
    /// The rating of each puzzle on the Sudoku Explainer scale, its
    /// difficulty and its hardest technique.
    Rate(RateArgs),
    /// The pencil-mark grid (the candidates of each cell) of each puzzle.
    #[command(after_help = format!("{VARIANTS}\n\n{VARIANT_LOGIC}"))]
    Marks(MarksArgs),
}

/// The difficulty bands of `sudoku_logic::Difficulty`, each written by
/// `band`, joined as a list: `a, b, c, d or e` (with `last` before e).
fn difficulty_bands(
    band: impl Fn(sudoku_generator::Difficulty) -> String,
    last: &str,
) -> (String, String) {
    let all = sudoku_generator::Difficulty::ALL.map(band);
    let (head, tail) = all.split_at(all.len() - 1);
    (head.join(", "), format!("{last}{}", tail[0]))
}

/// The help after `rate` and `explain`: the difficulty bands and the exit status.
fn rate_exit() -> String {
    let (head, tail) = difficulty_bands(|d| format!("{} {}", d.name(), d.range_text()), "");
    format!(
        "Difficulty from the rating: {head},\n{tail}. A rating ending in + is a lower bound: \
         logic stopped there.\n\n\
         The Sudoku Explainer scale is defined on 9x9 grids only: other sizes (4x4 to 64x64)\n\
         are rated by analogy, with each technique's 9x9 rating and the hardest step's rating\n\
         for the puzzle; they compare with each other, not with the ratings of 9x9 puzzles.\n\n\
         Exit status:\n  0  every puzzle was rated\n  \
         1  a puzzle was invalid, had no solution or several solutions\n  2  usage or I/O error"
    )
}

/// The help of `generate --difficulty`.
fn difficulty_help() -> String {
    let (head, tail) = difficulty_bands(|d| format!("{} ({})", d.name(), d.range_text()), "or ");
    format!(
        "Only puzzles of this difficulty: {head} {tail}, rated on the Sudoku Explainer scale as \
         `sudoku rate` does; for other sizes (--size), easiest (singles solve it) or hardest \
         (minimal, no symmetry)"
    )
}

#[derive(Debug, Args, Clone)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// The original clues (a puzzle in any format, or a file holding one),
    /// when the grid holds your own entries too.
    #[arg(long, value_name = "PUZZLE|FILE")]
    pub given: Option<String>,

    /// Output format: text or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub to: ReportFormat,

    /// How much to tell: `nudge` (the technique and where to look),
    /// `cells` (also the cells that prove it) or `step` (the whole step).
    #[arg(long, value_name = "LEVEL", default_value = "step")]
    pub level: sudoku_logic::HintLevel,

    /// Leave out the pencil-mark grid.
    #[arg(long)]
    pub no_marks: bool,
}

// The help's end is written here, with the deferred arguments, rather than
// on the subcommand: the difficulty bands it lists are formatted only when
// `explain` runs.
#[derive(Debug, Args, Clone)]
#[command(after_help = format!("{}\n\n{VARIANTS}\n\n{VARIANT_LOGIC}", rate_exit()))]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// Output format: text or json (one object per puzzle with every step).
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub to: ReportFormat,

    /// Draw the pencil marks before each step.
    #[arg(long)]
    pub marks: bool,
}

// As for `explain`.
#[derive(Debug, Args, Clone)]
#[command(after_help = rate_exit())]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    /// Output format: text (`rating difficulty technique` per line) or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub to: ReportFormat,
}

#[derive(Debug, Args, Clone)]
pub struct MarksArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// One text line per row instead of a 3x3 block per cell.
    #[arg(long)]
    pub compact: bool,
}

// The variant rules of `solve`, `count`, `check`, `hint`, `explain` and `marks`
// (a plain comment: a doc comment would become the `about` of every
// subcommand that flattens it, as the subcommands are deferred).
#[derive(Debug, Args, Clone, Default)]
pub struct VariantArgs {
    /// Read every puzzle as a variant puzzle, with these rules added: x,
    /// diagonal-down, diagonal-up, windoku, anti-knight, anti-king,
    /// non-consecutive, disjoint-groups; `jigsaw` and `killer` read the
    /// text forms with a region map or a cage map (and require one);
    /// `kropki` and `xv` require dots, resp. X and V marks (from links or
    /// f-puzzles JSON); `whispers`, `renban` and `palindrome` require such
    /// lines, `little-killer` little killers, `sandwich` sandwich sums,
    /// `skyscraper` skyscraper clues, `x-sum` X-sums.
    /// Repeat it or give a comma list
    /// (default: variant input is detected).
    #[arg(
        long,
        value_name = "NAME[,NAME...]",
        value_delimiter = ',',
        value_parser = parse_variant,
        conflicts_with_all = ["from", "size", "symbols"]
    )]
    pub variant: Vec<Kind>,
}

fn parse_variant(s: &str) -> Result<Kind, String> {
    s.parse()
        .map_err(|e: sudoku_variants::input::UnknownKind| e.to_string())
}

// Options shared by every command that reads puzzles (no doc comment, as above).
#[derive(Debug, Args, Clone)]
pub struct InputArgs {
    /// Files to read; standard input when none or `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read this format instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_parser = parse_format)]
    pub from: Option<Format>,

    /// Worker threads (default: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Print to standard error how many puzzles were solved, had several
    /// solutions, had none or were invalid, the time taken and the speed.
    #[arg(long)]
    pub stats: bool,

    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,

    /// Prompt for a puzzle even when standard input is not a terminal.
    #[arg(long, hide = true)]
    pub interactive: bool,
}

// The size and alphabet of grids other than 9x9 (no doc comment, as above).
#[derive(Debug, Args, Clone, Default)]
pub struct SizeArgs {
    /// The boxes of every puzzle, rows x columns: 2x2 (4x4 grids), 2x3,
    /// 3x2, 4x4 (16x16), 5x5 ... (default: from the input).
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    pub size: Option<Shape>,

    /// The digits: default (1-9, then A=10 ...), hex (0-F, 16x16) or
    /// letters (A=1 ...) (default: detected for each puzzle).
    #[arg(long, value_name = "ALPHABET", value_parser = parse_symbols)]
    pub symbols: Option<Symbols>,
}

#[derive(Debug, Args, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// Output format: grid, rows, line, euler, pretty, marks, marks-grid or
    /// json (default: the input's; variant puzzles: rows, line, pretty with the
    /// regions' borders, or json).
    #[arg(long, value_name = "FORMAT", value_parser = parse_output)]
    pub to: Option<Output>,

    /// Say on standard error when a puzzle has more than one solution.
    #[arg(long)]
    pub warn_multiple: bool,
}

#[derive(Debug, Args, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// Stop counting at this many solutions (1 or more).
    #[arg(long, default_value_t = 1000, value_name = "N", value_parser = positive)]
    pub limit: usize,

    /// Output format: text (one count per line) or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub to: ReportFormat,
}

#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub sizes: SizeArgs,

    #[command(flatten)]
    pub variants: VariantArgs,

    /// Output format: text (one verdict per line) or json.
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    pub to: ReportFormat,
}

#[derive(Debug, Args, Clone)]
pub struct GenerateArgs {
    /// The boxes of the grid, rows x columns: 2x2 (4x4 grids), 2x3, 3x2,
    /// 4x4 (16x16), 5x5 ... (default: 3x3, the 9x9 grid).
    #[arg(long, value_name = "RxC", value_parser = parse_shape)]
    pub size: Option<Shape>,

    /// How many puzzles to make.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// The symmetry of the pattern of clues: none, rotational (half turn),
    /// quarter, mirror (left-right), flip (top-bottom), diagonal,
    /// antidiagonal, biaxial or dihedral.
    #[arg(long, default_value = "none", value_name = "SYMMETRY", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,

    /// Make every clue necessary: removing any one gives several solutions.
    #[arg(long)]
    pub minimal: bool,

    /// Exactly this many clues (17 to 81 on 9x9).
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,

    // Its help lists the difficulty bands: see `difficulty_help`.
    #[arg(long, value_name = "LEVEL", value_parser = parse_difficulty, conflicts_with = "rating",
          help = difficulty_help())]
    pub difficulty: Option<DifficultyArg>,

    /// Only puzzles whose rating is in this range, such as 3.0-4.4, 8.0- or 2.3.
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_rating_range)]
    pub rating: Option<std::ops::RangeInclusive<f64>>,

    /// The same seed gives the same puzzles, whatever --threads is
    /// (default: a random seed, shown by --stats).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Worker threads (default: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Output format: grid, rows, line (the default), euler, pretty or
    /// json. With --variant: text (the default, the sectioned text of
    /// docs/variants.md, puzzles separated by `---`; kropki and xv have
    /// none and are links by default), link (an f-puzzles link per line)
    /// or json (f-puzzles JSON, one puzzle per line).
    #[arg(long, value_name = "FORMAT", value_parser = parse_generate_output)]
    pub to: Option<GenerateTo>,

    /// Make variant puzzles with these rules: x, diagonal-down,
    /// diagonal-up, windoku, anti-knight, anti-king, non-consecutive,
    /// disjoint-groups, and `killer` (random cages, no givens where
    /// possible) or `jigsaw` (random regions), or `kropki` and `xv` (every
    /// dot, X and V of a random solution given), or `whispers`, `renban`
    /// and `palindrome` (lines through a random solution), or `little-killer`
    /// (as many diagonal sums of a random solution as the side), or
    /// `sandwich` (the sandwich sum of every row and column of a random
    /// solution), or `skyscraper` or `x-sum` (the clues on both ends of
    /// every row and column of a random solution). Repeat it or give a comma
    /// list; --size sets the boxes (default 3x3; up to 4x4, the 16x16 grid). Not
    /// with --symmetry, --minimal, --clues, --difficulty, --rating or
    /// --symbols.
    #[arg(
        long,
        value_name = "NAME[,NAME...]",
        value_delimiter = ',',
        value_parser = parse_variant
    )]
    pub variant: Vec<Kind>,

    /// The digits of other sizes (--size): default (1-9, then A=10 ...;
    /// numbers above 35x35), hex (0-F, up to 16x16) or letters (A=1 ...,
    /// up to 26x26); `sudoku` reads the puzzles back with the same
    /// --symbols.
    #[arg(long, value_name = "ALPHABET", value_parser = parse_symbols)]
    pub symbols: Option<Symbols>,

    /// Print to standard error how many puzzles were made, the seed and the speed.
    #[arg(long)]
    pub stats: bool,

    /// Never show a progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

/// A `--difficulty`: a 9x9 band, or one of the difficulties of the other
/// sizes (which one the grid takes is checked once the size is known).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DifficultyArg {
    Classic(sudoku_generator::Difficulty),
    Sized(SizedDifficulty),
}

/// The 9x9 difficulty names, as a list: `easy, ... or extreme`.
pub fn classic_difficulty_names() -> String {
    let (head, tail) = difficulty_bands(|d| d.name().to_string(), "or ");
    format!("{head} {tail}")
}

/// The difficulty names of the other sizes: `easiest or hardest`.
pub const SIZED_DIFFICULTY_NAMES: &str = "easiest or hardest";

fn parse_difficulty(s: &str) -> Result<DifficultyArg, String> {
    if let Some(d) = sudoku_generator::Difficulty::ALL
        .into_iter()
        .find(|d| d.name().eq_ignore_ascii_case(s))
    {
        return Ok(DifficultyArg::Classic(d));
    }
    match s.parse::<SizedDifficulty>() {
        Ok(d) if d != SizedDifficulty::Any => Ok(DifficultyArg::Sized(d)),
        _ => Err(format!(
            "unknown difficulty '{s}' (expected {} for 9x9, {SIZED_DIFFICULTY_NAMES} for other sizes)",
            classic_difficulty_names()
        )),
    }
}

/// `3.0-4.4`, `8.0-` (and up), `-2.0` (and down) or `2.3` (exactly).
fn parse_rating_range(s: &str) -> Result<std::ops::RangeInclusive<f64>, String> {
    let number = |t: &str, default: f64| -> Result<f64, String> {
        let t = t.trim();
        if t.is_empty() {
            return Ok(default);
        }
        t.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("'{t}' is not a rating (expected a number such as 7.2)"))
    };
    let (min, max) = match s.split_once('-') {
        Some((a, b)) => (number(a, 0.0)?, number(b, f64::from(u8::MAX))?),
        None => {
            let v = number(s, 0.0)?;
            (v, v)
        }
    };
    if min > max {
        return Err(format!("the range {s} is empty"));
    }
    Ok(min..=max)
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
        .map_err(|e: sudoku_generator::UnknownSymmetry| e.to_string())
}

/// Where a solution goes: a grid format or JSON Lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    Grid(Format),
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

/// The `--threads` value, or every core the process may use.
pub fn threads(asked: Option<u32>) -> usize {
    asked.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    s.parse()
        .map_err(|e: sudoku_engine::sizes::ShapeError| e.to_string())
}

fn parse_symbols(s: &str) -> Result<Symbols, String> {
    s.parse()
}

fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
        .map_err(|e: sudoku_engine::format::UnknownFormat| e.to_string())
}

/// A `generate --to`: a grid format or JSON, or one of the variant
/// puzzles' forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GenerateTo {
    /// A grid format or JSON (for variant puzzles: f-puzzles JSON).
    Output(Output),
    /// The sectioned text of docs/variants.md (variant puzzles only).
    Text,
    /// An f-puzzles link (variant puzzles only).
    Link,
}

fn parse_generate_output(s: &str) -> Result<GenerateTo, String> {
    match s.to_ascii_lowercase().as_str() {
        "text" => Ok(GenerateTo::Text),
        "link" => Ok(GenerateTo::Link),
        _ => parse_output(s)
            .map(GenerateTo::Output)
            .map_err(|e| e.replace(" or json)", ", json, or text or link with --variant)")),
    }
}

fn parse_output(s: &str) -> Result<Output, String> {
    if s.eq_ignore_ascii_case("json") {
        return Ok(Output::Json);
    }
    s.parse().map(Output::Grid).map_err(|_| {
        format!(
            "unknown format '{s}' (expected {} or json)",
            Format::names().replace(" or ", ", ")
        )
    })
}

/// A count of at least 1: counting to 0 would say nothing true.
fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("the limit must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}
