// Builds the others set in OUT (default /tmp/variants-bench): every puzzle
// of ISS's collections (data/collections.js, EXAMPLES among them), displayed
// examples (data/example_puzzles.js) and end-to-end tests
// (tests/e2e/e2e_puzzles.js), plus two from ISS's git history
// (iss-puzzles.mjs), that uses only rules the project's f-puzzles reader
// supports, is not a plain killer (cages and givens only: that is the
// killers set's job), and has exactly one solution by ISS's
// countSolutions(2).
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver OUT=/tmp/variants-bench node benches/variants/make-others.mjs
// (ISS_GIT_DIR=/path/to/its/.git when ISS_DIR is not a git clone; without
// history the two historical puzzles are left out, with a warning.)
// Writes others.jsonl (f-puzzles JSON), others.tsv (ISS input),
// others-solutions.txt (ISS's solutions), others-kept.tsv (title, source,
// size, ISS types), others-skipped.tsv (title, source, why, ISS types) and
// others-all-inputs.txt (every distinct input considered).
// SET=lines builds the lines set instead (lines.*, the same files): the
// puzzles that use whispers, renban, palindromes, kropki dots or XV marks
// (convert.mjs's LINE_TYPES), with the other supported rules beside them.
// SET=little builds the little set (little.*): the puzzles with little
// killers, with any other supported rule (lines too) beside them; SET=sandwich
// the sandwich set (sandwich.*): the puzzles with sandwich sums, likewise;
// SET=quadruple the quadruple set (quadruple.*): the puzzles with quadruples;
// SET=outside the outside set (outside.*): the puzzles with skyscrapers or
// X-sums.
// NONE=1 keeps the puzzles ISS proves to have no solution too, their
// solution line `none` (as iss-run.mjs and the timing example print it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SudokuParser, SudokuBuilder, outDir } from './iss-env.mjs';
import { headPuzzles, historicalPuzzles, inputText, esc } from './iss-puzzles.mjs';
import { toFpuzzles, LINE_TYPES } from './convert.mjs';

const OUT = outDir();
const SET = process.env.SET ?? 'others';
if (!['others', 'lines', 'little', 'sandwich', 'quadruple', 'outside'].includes(SET)) throw new Error(`SET is others, lines, little, sandwich, quadruple or outside, not ${SET}`);
const outside = SET === 'outside';
const quad = SET === 'quadruple' || outside;
const sandwich = SET === 'sandwich' || quad;
const little = SET === 'little' || sandwich;
const lines = SET === 'lines' || little;
const NONE = process.env.NONE === '1';
const seen = [...await headPuzzles(), ...historicalPuzzles()];

const skipped = [], kept = [];
const byInput = new Map(), byName = new Set();
for (const p of seen) {
  const text = inputText(p);
  if (text === null) { skipped.push([p, 'sandbox script']); continue; }
  if (byInput.has(text)) continue;  // the same puzzle listed twice
  byInput.set(text, p);
  let title = p.name;
  if (byName.has(title)) title = `${title} (${p.source})`;
  byName.add(title);
  p.title = title; p.text = text;
  let r;
  try { r = toFpuzzles(text, title, { lines, little, sandwich, quad, outside }); } catch (e) { skipped.push([p, `ISS does not parse: ${e.message.split('\n')[0]}`]); continue; }
  p.size = r.size; p.types = r.types;
  if (r.unsupported) { skipped.push([p, `unsupported: ${r.unsupported.join(', ')}`]); continue; }
  const rules = r.types.filter(t => t !== 'Shape' && t !== 'Given');
  if (rules.length === 1 && rules[0] === 'Cage') { skipped.push([p, 'plain killer']); continue; }
  if (outside && !rules.some(t => t === 'Skyscraper' || t === 'XSum')) { skipped.push([p, 'no skyscraper or X-sum']); continue; }
  if (quad && !outside && !rules.includes('Quad')) { skipped.push([p, 'no quadruple']); continue; }
  if (sandwich && !quad && !rules.includes('Sandwich')) { skipped.push([p, 'no sandwich']); continue; }
  if (little && !sandwich && !rules.includes('LittleKiller')) { skipped.push([p, 'no little killer']); continue; }
  if (lines && !little && !rules.some(t => LINE_TYPES.includes(t))) { skipped.push([p, 'no line or mark']); continue; }
  p.json = r.json;
  kept.push(p);
}

// ISS's count and solution.
const final = [];
for (const p of kept) {
  const build = () => SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(p.text)));
  let count, sol, solver;
  try {
    solver = build();
    count = build().countSolutions(2);
    sol = solver.nthSolution(0);
  } catch (e) { skipped.push([p, `ISS does not build: ${e.message.split('\n')[0]}`]); continue; }
  if (count !== 1 && !(count === 0 && NONE)) { skipped.push([p, count === 0 ? 'no solution' : 'not unique']); continue; }
  if (count === 0) {
    p.solution = 'none';
  } else {
    const g = solver.geometry();
    const cells = Array.from(sol.slice(0, g.numGridCells));
    p.solution = g.numValues > 9 ? cells.join(',') : cells.join('');
  }
  final.push(p);
  process.stderr.write(`kept ${p.title}\n`);
}

const out = (f, lines) => writeFileSync(join(OUT, f), lines.join('\n') + '\n');
out(`${SET}.jsonl`, final.map(p => p.json));
out(`${SET}.tsv`, final.map(p => `${p.title}\t${esc(p.text)}`));
out(`${SET}-solutions.txt`, final.map(p => p.solution));
out(`${SET}-kept.tsv`, final.map(p => [p.title, p.source, `${p.size}x${p.size}`, p.types.join(',')].join('\t')));
out(`${SET}-all-inputs.txt`, [...byInput.keys()].map(esc));
out(`${SET}-skipped.tsv`, skipped.map(([p, why]) => [p.title ?? p.name, p.source, why, (p.types ?? []).join(',')].join('\t')));
console.log(`seen ${seen.length}, distinct ${byInput.size + skipped.filter(([, w]) => w === 'sandbox script').length}, ` +
            `kept ${final.length}, skipped ${skipped.length}; written to ${OUT}`);
