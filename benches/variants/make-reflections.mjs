// Builds a turned set in OUT (default /tmp/variants-bench) from a set made
// by make-killers.mjs or make-others.mjs (SET, default killers): each
// puzzle turned by the seven symmetries of the square other than the
// identity (transpose, the two flips, the half turn, the two quarter turns,
// the anti-transpose). A turned puzzle has the same solution, turned, and
// the same difficulty for a solver with no favourite direction; a search's
// choices and ties fall differently, so the set shows how much of a figure
// is the luck of one orientation.
//   NAME.jsonl          f-puzzles JSON, one object a line, titled
//                       "TITLE/sK" for symmetry K = 1..7
//   NAME.tsv            ISS input: the puzzle's constraint text as ISS
//                       writes it (its parser's canonical form), turned
//   NAME-solutions.txt  the solutions, turned
// NAME is `reflections` for the killers (the name the figures of
// BENCHMARKS.md use) and `SET-reflections` for any other set.
// Grids whose boxes are not square (6x6, 2x3 boxes) are turned only by the
// flips and the half turn: the others would turn the boxes too. Puzzles
// with pill arrows (circles of two or more cells, read as a number in
// reading order) are not turned: a turn would change the number.
// MATCH (a regular expression, default: every title) keeps only the
// puzzles whose titles match, e.g. MATCH=MATHEMAGIC for the 98 hard killers.
//
// Each turned puzzle is written twice, by two separate routes: its
// f-puzzles JSON turned directly, and its ISS text turned and then read by
// convert.mjs (ISS's parser). The two must agree, or nothing is written.
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver OUT=/tmp/variants-bench \
//     [SET=killers|others] [MATCH=...] node benches/variants/make-reflections.mjs
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SudokuParser, outDir } from './iss-env.mjs';
import { toFpuzzles } from './convert.mjs';

const OUT = outDir();
const SET = process.env.SET || 'killers';
const NAME = SET === 'killers' ? 'reflections' : `${SET}-reflections`;
const source = join(OUT, `${SET}.jsonl`);
if (!existsSync(source)) {
  console.error(`no ${source}: make the ${SET} set first (make-${SET}.mjs, same OUT)`);
  process.exit(2);
}
const match = new RegExp(process.env.MATCH || '');
const lines = (f) => readFileSync(join(OUT, f), 'utf8').split('\n').filter(l => l.trim());
const puzzles = lines(`${SET}.jsonl`);
const texts = lines(`${SET}.tsv`);
const solutions = lines(`${SET}-solutions.txt`);
if (texts.length !== puzzles.length || solutions.length !== puzzles.length) {
  throw new Error(`${SET}: ${puzzles.length} puzzles, ${texts.length} ISS lines, ${solutions.length} solutions`);
}

// Where symmetry k sends the cell (r, c) of an n x n grid, from 0.
const turn = (k, n, r, c) => {
  const m = n - 1;
  return [[c, r], [m - r, c], [r, m - c], [m - r, m - c], [c, m - r], [m - c, r], [m - c, m - r]][k - 1];
};
// Symmetries 1, 5, 6 and 7 exchange rows and columns.
const SWAPS = new Set([1, 5, 6, 7]);
// ISS names rows and columns above 9 by letters (10 = a ... 16 = g).
const issIndex = (ch) => parseInt(ch, 36) - 1;
const issChar = (i) => (i + 1).toString(36);

const turnJson = (k, p) => {
  const n = p.size;
  const name = (s) => s.replace(/^R(\d+)C(\d+)$/, (_, r, c) => {
    const [r2, c2] = turn(k, n, r - 1, c - 1);
    return `R${r2 + 1}C${c2 + 1}`;
  });
  // Every string of the object that names a cell is turned.
  const walk = (v) => Array.isArray(v) ? v.map(walk)
    : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([key, x]) => [key, walk(x)]))
      : typeof v === 'string' ? name(v) : v;
  const out = walk(p);
  if (p.grid) {
    out.grid = Array.from({ length: n }, () => Array.from({ length: n }, () => ({})));
    p.grid.forEach((row, r) => row.forEach((cell, c) => {
      const [r2, c2] = turn(k, n, r, c);
      out.grid[r2][c2] = cell;
    }));
  }
  // The main diagonal goes to itself or to the other one.
  const [r0, c0] = turn(k, n, 0, 0);
  if (r0 !== c0) {
    delete out['diagonal+'];
    delete out['diagonal-'];
    if (p['diagonal-']) out['diagonal+'] = true;
    if (p['diagonal+']) out['diagonal-'] = true;
  }
  return out;
};

const turnText = (k, n, text) => {
  let t = SudokuParser.parseText(text).toString();
  t = t.replace(/([Rr])([1-9a-g])([Cc])([1-9a-g])(?![0-9a-z])/g, (_, R, r, C, c) => {
    const [r2, c2] = turn(k, n, issIndex(r), issIndex(c));
    return `${R}${issChar(r2)}${C}${issChar(c2)}`;
  });
  t = t.replace(/\.Jigsaw~([0-9A-Za-z]+)/g, (whole, map) => {
    if (map.length !== n * n) throw new Error(`a jigsaw map of ${map.length} for ${n}x${n}`);
    const out = new Array(n * n);
    [...map].forEach((ch, i) => {
      const [r2, c2] = turn(k, n, Math.floor(i / n), i % n);
      out[r2 * n + c2] = ch;
    });
    return `.Jigsaw~${out.join('')}`;
  });
  const [r0, c0] = turn(k, n, 0, 0);
  if (r0 !== c0) t = t.replace(/\.Diagonal~(-?)1/g, (_, minus) => `.Diagonal~${minus ? '' : '-'}1`);
  if (/\d{2,}(:\d+)+|^[0-9.A-Za-z]{36,}$/m.test(t)) throw new Error(`a form not turned: ${t.slice(0, 60)}`);
  return t;
};

// The same puzzle, whatever the order of its extra regions and their cells,
// and whatever the jigsaw regions' numbers (first seen, first numbered).
const canonical = (p) => {
  const q = structuredClone(p);
  const ids = new Map();
  for (const cell of (q.grid || []).flat()) {
    if (cell.region !== undefined) {
      if (!ids.has(cell.region)) ids.set(cell.region, ids.size);
      cell.region = ids.get(cell.region);
    }
  }
  if (q.extraregion) {
    q.extraregion = q.extraregion.map(x => ({ ...x, cells: [...x.cells].sort() }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return q;
};

const jsonl = [], tsv = [], sols = [];
let skipped = 0;
for (let k = 1; k <= 7; k++) {
  puzzles.forEach((line, i) => {
    const p = JSON.parse(line);
    if (!match.test(p.title)) return;
    const n = p.size;
    // A pill's digits read as a number in reading order, which a turn
    // changes: the turned puzzle would be another one.
    const pill = (p.arrow || []).some(a => a.cells.length > 1);
    if (pill || (SWAPS.has(k) && !Number.isInteger(Math.sqrt(n)))) {
      skipped++;
      return;
    }
    const title = `${p.title}/s${k}`;
    const json = { ...turnJson(k, p), title };
    const [, text] = texts[i].split('\t');
    const turned = turnText(k, n, text.replace(/\\n/g, '\n'));
    const read = toFpuzzles(turned, title);
    if (!read.json) throw new Error(`${title}: ISS's text read back: ${read.unsupported}`);
    if (!isDeepStrictEqual(canonical(JSON.parse(read.json)), canonical(json))) {
      throw new Error(`${title}: the two routes differ:\n${read.json}\n${JSON.stringify(json)}`);
    }
    jsonl.push(JSON.stringify(json));
    tsv.push(`${title}\t${turned.replace(/\n/g, '\\n')}`);
    const sep = solutions[i].includes(',') ? ',' : '';
    const digits = solutions[i].split(sep);
    const out = new Array(n * n);
    digits.forEach((d, j) => {
      const [r2, c2] = turn(k, n, Math.floor(j / n), j % n);
      out[r2 * n + c2] = d;
    });
    sols.push(out.join(sep));
  });
}
writeFileSync(join(OUT, `${NAME}.jsonl`), jsonl.join('\n') + '\n');
writeFileSync(join(OUT, `${NAME}.tsv`), tsv.join('\n') + '\n');
writeFileSync(join(OUT, `${NAME}-solutions.txt`), sols.join('\n') + '\n');
console.log(`${jsonl.length} turned puzzles of ${SET} written to ${OUT} as ${NAME}.*` +
  (skipped ? ` (${skipped} turns left out: pill arrows, oblong boxes)` : ''));
