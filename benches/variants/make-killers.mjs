// Builds the killers set in OUT (default /tmp/variants-bench): the 56
// killers of ISS's data/collections.js (MATHEMAGIC_KILLERS#0-#13,
// TAREK_ALL#0-#41).
//   killers.jsonl          f-puzzles JSON, one object a line, with "title"
//   killers.tsv            ISS input: the 81-character killer strings as
//                          they stand in data/collections.js
//   killers-solutions.txt  ISS's solution (nthSolution(0)), one a line
// Every puzzle must be cages only and unique by ISS's countSolutions(2).
//   ISS_DIR=/path/to/Interactive-Sudoku-Solver OUT=/tmp/variants-bench node benches/variants/make-killers.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Collections, SudokuParser, SudokuBuilder, outDir } from './iss-env.mjs';
import { toFpuzzles } from './convert.mjs';
const OUT = outDir();
const jsonl = [], tsv = [], sols = [];
for (const set of ['MATHEMAGIC_KILLERS', 'TAREK_ALL']) {
  Collections[set].forEach((input, i) => {
    const title = `${set}#${i}`;
    const r = toFpuzzles(input, title);
    if (!r.json || r.types.join() !== 'Cage') throw new Error(`${title}: ${r.unsupported} ${r.types}`);
    jsonl.push(r.json);
    tsv.push(`${title}\t${input}`);
    // ISS's answer, and its count (must be 1).
    const build = () => SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(input)));
    const count = build().countSolutions(2);
    if (count !== 1) throw new Error(`${title}: ISS counts ${count} solutions`);
    sols.push(build().nthSolution(0).slice(0, 81).join(''));
  });
}
writeFileSync(join(OUT, 'killers.jsonl'), jsonl.join('\n') + '\n');
writeFileSync(join(OUT, 'killers.tsv'), tsv.join('\n') + '\n');
writeFileSync(join(OUT, 'killers-solutions.txt'), sols.join('\n') + '\n');
console.log(`${jsonl.length} killers written to ${OUT}`);
