// Headless loader for sigh's Interactive Sudoku Solver (ISS), read from the
// reader's own copy of its source (ISS_DIR; not part of this project, not
// edited). ISS's modules expect a browser (self, VERSION_PARAM); its own
// tests use tests/helpers/test_env.js for that, and so do we.
//
// Also the two other things every script here needs: where to write (OUT,
// never inside this repository) and ISS's git history, for the two puzzles
// of make-others.mjs that only older versions of ISS's files hold.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join, relative, isAbsolute, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The commit of ISS the sets and BENCHMARKS.md's figures were made with.
export const ISS_COMMIT = 'e373f9811c087246b097eb444d838ab492c55f35';

const die = (msg) => {
  console.error(`error: ${msg}\n(see benches/variants/README.md)`);
  process.exit(2);
};

const issDir = process.env.ISS_DIR;
if (!issDir) {
  die('ISS_DIR is not set: point it at your copy of the source of ' +
      `sigh/Interactive-Sudoku-Solver at ${ISS_COMMIT.slice(0, 7)}`);
}
const NEEDED = ['tests/helpers/test_env.js', 'js/sudoku_parser.js', 'js/sudoku_constraint.js',
  'js/solver/sudoku_builder.js', 'data/collections.js', 'data/example_puzzles.js',
  'tests/e2e/e2e_puzzles.js'];
const missing = NEEDED.filter(p => !existsSync(join(issDir, p)));
if (missing.length) {
  die(`ISS_DIR=${issDir} does not look like the source of the Interactive ` +
      `Sudoku Solver at ${ISS_COMMIT.slice(0, 7)}: no ${missing.join(', ')}`);
}
export const ISS_DIR = realpathSync(issDir);

const git = (args) => execFileSync('git', args,
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 30 });

// ISS's git history: ISS_GIT_DIR (a git directory, e.g. a bare mirror) if
// set, else ISS_DIR itself when it is the top of a git clone (not a work
// tree that merely lies inside some other repository). null without either.
const gitArgs = (() => {
  if (process.env.ISS_GIT_DIR) return ['--git-dir', process.env.ISS_GIT_DIR];
  try {
    const top = git(['-C', ISS_DIR, 'rev-parse', '--show-toplevel']).trim();
    if (realpathSync(top) === ISS_DIR) return ['-C', ISS_DIR];
  } catch (e) { /* not a clone */ }
  return null;
})();

// When ISS_DIR is a clone, its checked-out commit; else null.
export const issHead = (() => {
  if (!gitArgs || gitArgs[0] !== '-C') return null;
  try { return git(['-C', ISS_DIR, 'rev-parse', 'HEAD']).trim(); } catch (e) { return null; }
})();
if (issHead && issHead !== ISS_COMMIT) {
  console.error(`warning: ISS_DIR is at ${issHead.slice(0, 7)}, not ${ISS_COMMIT.slice(0, 7)}: ` +
                'the sets and times may differ from BENCHMARKS.md');
}

export const hasIssHistory = gitArgs !== null;
// `git show REV:PATH` in ISS's history, or null (with the reason) when there
// is no history or the revision is not in it (a shallow clone).
export const issGitShow = (rev, path) => {
  if (!gitArgs) return { text: null, why: 'no ISS git history (ISS_DIR is not a git clone and ISS_GIT_DIR is not set)' };
  try { return { text: git([...gitArgs, 'show', `${rev}:${path}`]) }; } catch (e) {
    return { text: null, why: `git ${gitArgs.join(' ')} show ${rev}:${path} failed (a shallow clone?)` };
  }
};
export const issGitLog = (args) => (gitArgs ? git([...gitArgs, 'log', ...args]) : null);

// Where the sets and results go: OUT, by default /tmp/variants-bench;
// refused when it lies inside this repository.
export const REPO_ROOT = realpathSync(fileURLToPath(new URL('../../', import.meta.url)));
const inside = (path) => {
  const rel = relative(REPO_ROOT, path);
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
};
export const outDir = () => {
  const out = resolve(process.env.OUT || '/tmp/variants-bench');
  const refuse = () => die(`OUT=${out} lies inside the repository ${REPO_ROOT}: nothing here is written into it`);
  if (inside(out)) refuse();
  mkdirSync(out, { recursive: true });
  const real = realpathSync(out);
  if (inside(real)) refuse();
  return real;
};

const { ensureGlobalEnvironment } = await import(pathToFileURL(join(ISS_DIR, 'tests/helpers/test_env.js')).href);
ensureGlobalEnvironment();
const load = (p) => import(pathToFileURL(join(ISS_DIR, p)).href);
export const { SudokuParser } = await load('js/sudoku_parser.js');
export const { SudokuConstraint } = await load('js/sudoku_constraint.js');
export const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
export const Collections = await load('data/collections.js');
export const ExamplePuzzles = await load('data/example_puzzles.js');
export const issLoad = load;
