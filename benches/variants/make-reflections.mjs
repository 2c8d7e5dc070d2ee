// Builds the reflections set in OUT (default /tmp/variants-bench) from the
// killers set made by make-killers.mjs: each killer turned by the seven
// symmetries of the square other than the identity (transpose, the two
// flips, the half turn, the two quarter turns, the anti-transpose). A
// turned puzzle has the same solution, turned, and the same difficulty for
// a solver with no favourite direction; a search's choices and ties fall
// differently, so the set shows how much of a figure on the killers is the
// luck of one orientation.
//   reflections.jsonl          f-puzzles JSON, one object a line, titled
//                              "TITLE/sK" for symmetry K = 1..7
//   reflections.tsv            ISS input: the cages as ISS constraint text
//                              (.Cage~TOTAL~R1C1~...)
//   reflections-solutions.txt  the killers' solutions, turned
// MATCH (a regular expression, default: every title) keeps only the killers
// whose titles match, e.g. MATCH=MATHEMAGIC for the 98 hard ones.
//   OUT=/tmp/variants-bench [MATCH=...] node benches/variants/make-reflections.mjs
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const OUT = process.env.OUT || '/tmp/variants-bench';
const source = join(OUT, 'killers.jsonl');
if (!existsSync(source)) {
  console.error(`no ${source}: make the killers set first (make-killers.mjs, same OUT)`);
  process.exit(2);
}
const match = new RegExp(process.env.MATCH || '');
const puzzles = readFileSync(source, 'utf8').split('\n').filter(l => l.trim());
const solutions = readFileSync(join(OUT, 'killers-solutions.txt'), 'utf8').split('\n');

// Where symmetry k sends the cell (r, c) of a 9x9 grid, from 0.
const turn = (k, r, c) => {
  const n = 8;
  return [[c, r], [n - r, c], [r, n - c], [n - r, n - c], [c, n - r], [n - c, r], [n - c, n - r]][k - 1];
};
const cellName = (k, name) => {
  const [, r, c] = name.match(/^R(\d+)C(\d+)$/);
  const [r2, c2] = turn(k, r - 1, c - 1);
  return `R${r2 + 1}C${c2 + 1}`;
};

const jsonl = [], tsv = [], sols = [];
for (let k = 1; k <= 7; k++) {
  puzzles.forEach((line, i) => {
    const p = JSON.parse(line);
    if (!match.test(p.title)) return;
    if (p.size !== 9) throw new Error(`${p.title}: only 9x9 killers are turned`);
    const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
    p.grid.forEach((row, r) => row.forEach((cell, c) => {
      const [r2, c2] = turn(k, r, c);
      grid[r2][c2] = cell;
    }));
    const cages = p.killercage.map(cage => ({ ...cage, cells: cage.cells.map(n => cellName(k, n)) }));
    const title = `${p.title}/s${k}`;
    jsonl.push(JSON.stringify({ ...p, title, grid, killercage: cages }));
    // Givens would need ISS's own syntax too: the killers set has none.
    if (grid.some(row => row.some(cell => cell.value))) throw new Error(`${p.title}: givens are not written for ISS`);
    if (cages.some(c => c.value === undefined)) throw new Error(`${p.title}: a cage without a total`);
    tsv.push(`${title}\t` + cages.map(c => `.Cage~${c.value}~${c.cells.join('~')}`).join(''));
    const solution = solutions[i];
    const turned = new Array(81);
    for (let r = 0; r < 9; r++) {
      for (let c = 0; c < 9; c++) {
        const [r2, c2] = turn(k, r, c);
        turned[r2 * 9 + c2] = solution[r * 9 + c];
      }
    }
    sols.push(turned.join(''));
  });
}
writeFileSync(join(OUT, 'reflections.jsonl'), jsonl.join('\n') + '\n');
writeFileSync(join(OUT, 'reflections.tsv'), tsv.join('\n') + '\n');
writeFileSync(join(OUT, 'reflections-solutions.txt'), sols.join('\n') + '\n');
console.log(`${jsonl.length} turned killers written to ${OUT}`);
