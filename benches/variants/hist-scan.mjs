// Scans ISS's git history of its puzzle files (git log -p of
// data/collections.js, data/example_puzzles.js, examples.js,
// js/examples.js, data/killers.js, tests/e2e/e2e_puzzles.js) for
// name/input pairs whose input is not among today's puzzles
// (iss-puzzles.mjs), keeps those the conversion supports and that are not
// plain killers, and counts their solutions with ISS (up to 2, at most
// SECONDS each, default 20). This is how the two historical puzzles of
// make-others.mjs were found; it writes nothing, and needs the history.
//   ISS_DIR=... [ISS_GIT_DIR=...] node benches/variants/hist-scan.mjs [SECONDS]
// Prints TSV: name, commit and date of the change that removed or added it,
// ISS types, count (or ERROR), the first 100 characters of the input.
import { SudokuParser, SudokuBuilder, issGitLog } from './iss-env.mjs';
import { headPuzzles, inputText, esc } from './iss-puzzles.mjs';
import { toFpuzzles } from './convert.mjs';

const limitMs = 1000 * Number(process.argv[2] ?? 20);
const log = issGitLog(['-p', '--format=COMMIT %h %as', '--', 'data/collections.js',
  'data/example_puzzles.js', 'examples.js', 'js/examples.js', 'data/killers.js', 'tests/e2e/e2e_puzzles.js']);
if (log === null) {
  console.error('error: no ISS git history: ISS_DIR is not a git clone and ISS_GIT_DIR is not set');
  process.exit(2);
}
const headInputs = new Set();
for (const p of await headPuzzles()) {
  const text = inputText(p);
  if (text !== null) headInputs.add(esc(text));
}
let commit = '', name = null;
const found = new Map();
for (const l of log.split('\n')) {
  if (l.startsWith('COMMIT ')) { commit = l.slice(7); continue; }
  if (!/^[-+ ]/.test(l)) continue;
  const body = l.slice(1);
  let m = body.match(/^\s*name:\s*(['"])(.*)\1,?\s*$/);
  if (m) { name = m[2]; continue; }
  m = body.match(/^\s*(['"])(.*)\1:\s*\{\s*$/);
  if (m) { name = m[2]; continue; }
  m = body.match(/^\s*(?:input:\s*)?(['"`])(\.[A-Za-z~].*?|[^'"`]{81})\1,?\s*$/);
  if (m && name !== null && !found.has(m[2]) && !headInputs.has(m[2])) {
    found.set(m[2], { name, commit });
  }
  if (/^\s*\},?\s*$/.test(body)) name = null;
}
console.error(`${found.size} historical inputs not in HEAD`);
for (const [input, { name, commit }] of found) {
  let r;
  try { r = toFpuzzles(input, name); } catch (e) { continue; }
  if (r.unsupported) continue;
  const rules = r.types.filter(t => t !== 'Shape' && t !== 'Given');
  if (rules.length === 1 && rules[0] === 'Cage') continue;
  process.stderr.write(`counting ${name} ${commit}\n`);
  let count;
  try {
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(input)));
    const t0 = performance.now();
    solver.setProgressCallback(() => {
      if (performance.now() - t0 > limitMs) throw new Error(`over ${limitMs / 1000} s`);
    }, 13);
    count = solver.countSolutions(2);
  } catch (e) { count = `ERROR ${e.message}`; }
  console.log([name, commit, r.types.join(','), count, input.slice(0, 100)].join('\t'));
}
