// The puzzles ISS ships, as make-others.mjs and hist-scan.mjs read them:
// every puzzle entry of data/collections.js (every exported collection,
// EXAMPLES among them), data/example_puzzles.js (DISPLAYED_EXAMPLES) and
// tests/e2e/e2e_puzzles.js (solveCollections), in that order; and the two
// puzzles that only older versions of ISS's puzzle files hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Collections, ExamplePuzzles, issLoad, issGitShow, ISS_DIR } from './iss-env.mjs';

// [{ source, name, input, extra, file }] from ISS_DIR's files.
export const headPuzzles = async () => {
  const { resolvePuzzleConfig, DISPLAYED_EXAMPLES } = ExamplePuzzles;
  const { solveCollections } = await issLoad('tests/e2e/e2e_puzzles.js');
  const seen = [];
  const add = (source, cfg, fallbackName) => {
    if (!cfg || typeof cfg.input !== 'string') return;
    const name = (!cfg.name || cfg.name === cfg.input) ? fallbackName : cfg.name;
    seen.push({ source, name, input: cfg.input, extra: cfg.extraConstraints, file: cfg.input.startsWith('/') });
  };
  for (const [coll, value] of Object.entries(Collections)) {
    if (!Array.isArray(value)) continue;
    value.forEach((entry, i) => add(`collections.${coll}`,
      typeof value.configFor === 'function' ? value.configFor(entry) : resolvePuzzleConfig(entry), `${coll}#${i}`));
  }
  DISPLAYED_EXAMPLES.forEach((p, i) => add('example_puzzles', resolvePuzzleConfig(p), `DISPLAYED_EXAMPLES#${i}`));
  for (const { collection, puzzles } of solveCollections) {
    puzzles.forEach((p, i) => add(`e2e.${collection}`, resolvePuzzleConfig(p), `e2e ${collection}#${i}`));
  }
  return seen;
};

// Two puzzles from older versions of ISS's puzzle files (its git history),
// as the first build of the set had them: the first 'Arrow sudoku'
// (examples.js before 5ab4c82, 2021-09-06) and the first 'Anti-knight,
// Anti-consecutive', whose string had no AntiKnight (so it is a plain
// non-consecutive puzzle; data/example_puzzles.js before 7cf13fe,
// 2023-12-18).
export const HISTORICAL = [
  ['5ab4c82^', 'examples.js', 'Arrow sudoku'],
  ['7cf13fe^', 'data/example_puzzles.js', 'Anti-knight, Anti-consecutive'],
];
// The historical puzzles that ISS's git history gives, each
// { source, name, input }, with a warning on stderr for each it does not.
export const historicalPuzzles = () => {
  const out = [];
  for (const [rev, file, name] of HISTORICAL) {
    const { text, why } = issGitShow(rev, file);
    if (text === null) {
      console.error(`warning: '${name}' (${rev}:${file}) left out: ${why}; ` +
                    'the others set is then not the one of BENCHMARKS.md');
      continue;
    }
    const at = text.indexOf(`'${name}'`);
    const m = at < 0 ? null : text.slice(at).match(/input:\s*'([^']*)'/);
    if (!m) throw new Error(`'${name}' not found in ${rev}:${file}`);
    out.push({ source: `git ${rev}:${file}`, name, input: m[1] });
  }
  return out;
};

// The constraint text of an entry: its input, or for a file input
// (/data/scripts/*.iss) the file's text and its extraConstraints; null for a
// sandbox script (.js).
export const inputText = (p) => {
  if (!p.file) return p.input;
  if (p.input.endsWith('.js')) return null;
  return readFileSync(join(ISS_DIR, '.' + p.input), 'utf8') + (p.extra ?? '');
};

// One line of TSV: newlines written as '\n', tabs as spaces.
export const esc = (t) => t.replace(/\r?\n/g, '\\n').replace(/\t/g, ' ');
