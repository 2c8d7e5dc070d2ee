// Converts ISS constraint text into f-puzzles JSON, through ISS's own parser:
// SudokuParser.parseText -> top-level constraint objects -> f-puzzles keys.
// Only the rules the project's f-puzzles reader (crates/variants/src/fpuzzles.rs)
// reads are written (lines and kropki/XV marks among them); anything else is
// reported as unsupported, by ISS type.
import { SudokuParser, SudokuConstraint } from './iss-env.mjs';

const ODD_EVEN = (n) => [
  Array.from({ length: n }, (_, i) => i + 1).filter(v => v % 2 === 1).join(','),
  Array.from({ length: n }, (_, i) => i + 1).filter(v => v % 2 === 0).join(','),
];

// The rules read since the others set was made (2026-12-01): with
// `{ lines: true }` they are converted, else reported unsupported, so that
// the others set stays the 42 puzzles its figures are of.
export const LINE_TYPES = ['Whisper', 'Renban', 'Palindrome', 'WhiteDot', 'BlackDot', 'X', 'V',
                           'StrictKropki', 'StrictXV'];

// Little killers, read since 2026-12-01 too: with `{ little: true }` only
// (the little set), so that the lines set stays the 16 of its figures.
export const LITTLE_TYPES = ['LittleKiller'];

// Sandwich sums, read since 2026-12-01 (evening): with `{ sandwich: true }`
// only (the sandwich set), so that the other sets stay as measured.
export const SANDWICH_TYPES = ['Sandwich'];

// Quadruples, likewise with `{ quad: true }` only (the quadruple set).
export const QUAD_TYPES = ['Quad'];

// Skyscrapers and X-sums, likewise with `{ outside: true }` only (the
// outside set).
export const OUTSIDE_TYPES = ['Skyscraper', 'XSum'];

// Returns { json, size, types } or { unsupported: [reasons], size, types }.
export const toFpuzzles = (input, title, { lines = false, little = false, sandwich = false, quad = false, outside = false } = {}) => {
  const container = SudokuParser.parseText(input);
  const geometry = container.getGeometry();
  const top = [];
  container.forEachTopLevel(c => top.push(c));
  const types = [...new Set(top.map(c => c.type))].sort();
  const unsupported = [];
  const N = geometry.numRows;
  if (geometry.numRows !== geometry.numCols || geometry.numValues !== N ||
      geometry.valueOffset || geometry.gridType !== 'Sudoku' || N > 16) {
    // Not an NxN grid of digits 1-N: nothing else is worth reading.
    return { size: geometry.name, types, unsupported: [`shape ${geometry.name}`,
      ...types.filter(t => !['Shape', 'Given', 'Cage', 'Thermo', 'Arrow', 'Jigsaw'].includes(t))] };
  }
  const cellOf = (id) => {
    let p;
    try { p = geometry.parseCellId(id); } catch (e) { return null; }
    if (p.isVar || p.cellIndex >= geometry.numGridCells) return null;
    return p.cellIndex;
  };
  const name = (i) => `R${Math.floor(i / N) + 1}C${i % N + 1}`;
  const names = (ids) => {
    const cells = ids.map(cellOf);
    if (cells.some(c => c == null)) { unsupported.push('var cells'); return []; }
    return cells;
  };

  const grid = Array.from({ length: N }, () => Array.from({ length: N }, () => ({})));
  const out = { size: N, title };
  const push = (key, v) => (out[key] ??= []).push(v);
  const [odd, even] = ODD_EVEN(N);
  const regions = [];
  let noBoxes = false;
  for (const c of top) {
    if (!lines && LINE_TYPES.includes(c.type)) { unsupported.push(c.type); continue; }
    if (!little && LITTLE_TYPES.includes(c.type)) { unsupported.push(c.type); continue; }
    if (!sandwich && SANDWICH_TYPES.includes(c.type)) { unsupported.push(c.type); continue; }
    if (!quad && QUAD_TYPES.includes(c.type)) { unsupported.push(c.type); continue; }
    if (!outside && OUTSIDE_TYPES.includes(c.type)) { unsupported.push(c.type); continue; }
    switch (c.type) {
      case 'Shape': break;
      case 'Given': {
        const [cell] = names([c.cell]);
        if (cell == null) break;
        const vals = [...c.values].sort((a, b) => a - b).join(',');
        const g = grid[Math.floor(cell / N)][cell % N];
        if (c.values.length === 1) { g.value = c.values[0]; g.given = true; }
        else if (vals === odd) push('odd', { cell: name(cell) });
        else if (vals === even) push('even', { cell: name(cell) });
        else unsupported.push('Given (candidate sets)');
        break;
      }
      case 'Jigsaw': regions.push(names(c.cells)); break;
      case 'NoBoxes': noBoxes = true; break;
      case 'Diagonal': out[c.direction > 0 ? 'diagonal+' : 'diagonal-'] = true; break;
      case 'AntiKnight': out.antiknight = true; break;
      case 'AntiKing': out.antiking = true; break;
      case 'AntiConsecutive': out.nonconsecutive = true; break;
      case 'DisjointSets': out.disjointgroups = true; break;
      case 'Windoku':
        for (const cells of SudokuConstraint.Windoku.regions(geometry)) {
          push('extraregion', { cells: cells.map(name) });
        }
        break;
      case 'AllDifferent': push('extraregion', { cells: names(c.cells).map(name) }); break;
      case 'Cage': {
        const cage = { cells: names(c.cells).map(name) };
        if (c.sum) cage.value = String(c.sum);
        push('killercage', cage);
        break;
      }
      case 'Thermo': push('thermometer', { lines: [names(c.cells).map(name)] }); break;
      case 'Arrow': {
        const cells = names(c.cells).map(name);
        push('arrow', { cells: [cells[0]], lines: [cells] });
        break;
      }
      case 'PillArrow': {
        const cells = names(c.cells);
        const pill = cells.slice(0, c.pillSize).sort((a, b) => a - b).map(name);
        push('arrow', { cells: pill, lines: [[...pill, ...cells.slice(c.pillSize).map(name)]] });
        break;
      }
      case 'Whisper': {
        const line = { lines: [names(c.cells).map(name)] };
        // f-puzzles' whispers are half the side apart unless `value` says.
        if (c.difference !== Math.ceil(N / 2)) line.value = String(c.difference);
        push('whispers', line);
        break;
      }
      case 'Renban': push('renban', { lines: [names(c.cells).map(name)] }); break;
      case 'Palindrome': push('palindrome', { lines: [names(c.cells).map(name)] }); break;
      case 'WhiteDot': case 'BlackDot': case 'X': case 'V': {
        // ISS marks every orthogonally adjacent pair of the listed cells.
        const cells = names(c.cells);
        const key = { WhiteDot: 'difference', BlackDot: 'ratio', X: 'xv', V: 'xv' }[c.type];
        for (let i = 0; i < cells.length; i++) {
          for (let j = i + 1; j < cells.length; j++) {
            const [a, b] = [cells[i], cells[j]].sort((x, y) => x - y);
            const apart = Math.abs(Math.floor(a / N) - Math.floor(b / N)) + Math.abs(a % N - b % N);
            if (apart !== 1) continue;
            const mark = { cells: [name(a), name(b)] };
            if (key === 'xv') mark.value = c.type;
            push(key, mark);
          }
        }
        break;
      }
      case 'LittleKiller': {
        // ISS names the diagonal by its first cell; f-puzzles by the clue
        // one step back from it, outside the grid, and the direction.
        const cells = names(c.getCells(geometry));
        if (cells.length < 2 || c.value < 1) { unsupported.push('LittleKiller (no diagonal)'); break; }
        const dr = Math.floor(cells[1] / N) - Math.floor(cells[0] / N);
        const dc = cells[1] % N - cells[0] % N;
        const r = Math.floor(cells[0] / N) - dr, col = cells[0] % N - dc;
        push('littlekillersum', {
          cell: `R${r + 1}C${col + 1}`, cells: cells.map(name),
          direction: (dr > 0 ? 'D' : 'U') + (dc > 0 ? 'R' : 'L'), value: String(c.value),
        });
        break;
      }
      case 'Sandwich': {
        // ISS names the row or column (R2, C3); f-puzzles the clue's cell
        // outside it, left of the row or above the column.
        const m = /^([RC])(\d+)$/.exec(String(c.id));
        if (!m) { unsupported.push(`Sandwich ${c.id}`); break; }
        push('sandwichsum', { cell: m[1] === 'R' ? `R${m[2]}C0` : `R0C${m[2]}`, value: String(c.value) });
        break;
      }
      case 'Skyscraper':
      case 'XSum': {
        // ISS names the row or column and the way the clue looks (dir 1:
        // from the left or top, -1: from the right or bottom); f-puzzles
        // the clue's cell outside it.
        const m = /^([RC])(\d+)$/.exec(String(c.id));
        if (!m) { unsupported.push(`${c.type} ${c.id}`); break; }
        const end = c.dir < 0 ? N + 1 : 0;
        const cell = m[1] === 'R' ? `R${m[2]}C${end}` : `R${end}C${m[2]}`;
        push(c.type === 'XSum' ? 'xsum' : 'skyscraper', { cell, value: String(c.value) });
        break;
      }
      case 'Quad': {
        // ISS names the square by its top left cell; f-puzzles lists the four.
        const [first] = names([c.topLeftCell]);
        if (first == null) break;
        push('quadruple', {
          cells: [first, first + 1, first + N, first + N + 1].map(name),
          values: c.values.map(Number),
        });
        break;
      }
      case 'StrictKropki': push('negative', 'difference'); push('negative', 'ratio'); break;
      case 'StrictXV': push('negative', 'xv'); break;
      default: unsupported.push(c.type);
    }
  }
  if (regions.length && noBoxes) {
    // ISS's jigsaw: NoBoxes and Jigsaw pieces that tile the grid.
    regions.forEach((cells, r) => cells.forEach(i => { grid[Math.floor(i / N)][i % N].region = r; }));
    if (regions.some(cells => cells.length !== N) || regions.flat().length !== N * N) {
      unsupported.push('Jigsaw not tiling the grid');
    }
  } else if (regions.length) {
    // Jigsaw pieces on top of the boxes (no NoBoxes): extra regions.
    for (const cells of regions) push('extraregion', { cells: cells.map(name) });
  } else if (noBoxes) {
    grid.forEach(row => row.forEach(g => { g.region = null; }));
  }
  out.grid = grid;
  const result = { size: N, types };
  if (unsupported.length) return { ...result, unsupported: [...new Set(unsupported)] };
  return { ...result, json: JSON.stringify(out) };
};
