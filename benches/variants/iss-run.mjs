// Times sigh's Interactive Sudoku Solver headless, for the side-by-side
// benchmark. Input: a TSV, one puzzle a line: title<TAB>constraint string
// (any text ISS's SudokuParser.parseText reads; '\n' escapes a newline),
// as make-killers.mjs and make-others.mjs write them.
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver node benches/variants/iss-run.mjs PUZZLES.tsv
// Prints TSV: idx, title, build_ms, first_ms, count_ms, count, solution
// (digits, or comma-separated numbers above 9x9), guesses_first,
// guesses_count. Every puzzle is built and solved once untimed first (a
// warm-up so that no puzzle pays for the JIT), then, each on a fresh solver,
// nthSolution(0) and countSolutions(2) are timed with performance.now().
import { readFileSync } from 'node:fs';
import { SudokuParser, SudokuBuilder } from './iss-env.mjs';

const path = process.argv[2];
if (!path) { console.error('usage: ISS_DIR=... node iss-run.mjs PUZZLES.tsv'); process.exit(2); }
const rows = readFileSync(path, 'utf8').split('\n').filter(l => l.trim() && !l.startsWith('#'))
  .map(l => { const i = l.indexOf('\t'); return { title: l.slice(0, i), input: l.slice(i + 1).replace(/\\n/g, '\n') }; });

const build = (input) => {
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  return SudokuBuilder.build(resolved);
};

for (const r of rows) {
  try { build(r.input).nthSolution(0); } catch (e) { /* reported below */ }
}

let firstTotal = 0, countTotal = 0, buildTotal = 0;
console.log('idx\ttitle\tbuild_ms\tfirst_ms\tcount_ms\tcount\tsolution\tguesses_first\tguesses_count');
rows.forEach((r, idx) => {
  let solver;
  const t0 = performance.now();
  try { solver = build(r.input); } catch (e) {
    console.log(`${idx}\t${r.title}\tERROR ${String(e.message).split('\n')[0]}`);
    return;
  }
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  const sol = solver.nthSolution(0);
  const firstMs = performance.now() - t1;
  const guessesFirst = solver.state().counters.guesses;

  const solver2 = build(r.input);
  const t2 = performance.now();
  const count = solver2.countSolutions(2);
  const countMs = performance.now() - t2;
  const guessesCount = solver2.state().counters.guesses;

  const geometry = solver.geometry();
  let written = 'none';
  if (sol) {
    const cells = Array.from(sol.slice(0, geometry.numGridCells));
    written = geometry.numValues > 9 ? cells.join(',') : cells.join('');
  }
  buildTotal += buildMs; firstTotal += firstMs; countTotal += countMs;
  console.log([idx, r.title, buildMs.toFixed(3), firstMs.toFixed(3), countMs.toFixed(3),
    count, written, guessesFirst, guessesCount].join('\t'));
});
console.log(`# total build_ms=${buildTotal.toFixed(1)} first_ms=${firstTotal.toFixed(1)} count_ms=${countTotal.toFixed(1)}`);
