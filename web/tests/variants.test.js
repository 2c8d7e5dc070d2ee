// Variant puzzles on the web page, in headless Chromium (see page.test.js
// for how web/test.sh runs this file). The fixtures in tests/fixtures were
// made with the command (README there); each solution the page shows is
// checked here against the rules read from the fixture itself, by a
// checker that shares nothing with the engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOTS, pageErrors, open, cell, button, status, statusMatches } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');

async function boardLine(page) {
  return page.$$eval('[role=gridcell] .value', (els) => els.map((e) => e.textContent || '.').join(''));
}

async function importPuzzle(page, text, readAs = '') {
  const box = page.locator('#import-box');
  if (!(await box.evaluate((d) => d.open))) await page.getByText('Import or enter a puzzle').click();
  await page.getByLabel(/Paste a puzzle/).fill(text);
  await page.getByLabel('Read as').selectOption(readAs);
  await button(page, 'Import').click();
}

async function solveOnPage(page) {
  await button(page, 'Solve').click();
  await button(page, 'Yes, solve it').click();
  await statusMatches(page, /Solved by the engine/);
  return boardLine(page);
}

const count = (page, selector) => page.locator(`#board svg.overlay ${selector}`).count();

// ---------------------------------------------------------------- rules, read independently

const DIGITS = '123456789ABCDEFG';
const cellOf = (name, n) => {
  const m = /^r(\d+)c(\d+)$/i.exec(name);
  return (Number(m[1]) - 1) * n + Number(m[2]) - 1;
};

/** The sections of the variants' text form that the fixtures use. */
function readText(text) {
  const sections = {};
  let current = null;
  for (const line of text.split('\n')) {
    const m = /^([a-z]+):\s*(.*)$/.exec(line.trim());
    if (m) {
      current = m[1];
      sections[current] = m[2] ? [m[2]] : [];
    } else if (current && line.trim()) sections[current].push(line.trim());
  }
  const n = sections.givens ? Math.sqrt(sections.givens.join('').length) : Number(sections.size[0]);
  const givens = sections.givens ? sections.givens.join('') : '.'.repeat(n * n);
  const rules = { n, givens, regions: null, diagonals: false, cages: [], thermos: [], arrows: [], odd: [], even: [] };
  rules.windoku = /windoku/.test((sections.rules || []).join(' '));
  if (sections.regions) rules.regions = Array.from(sections.regions.join(''));
  if (sections.cages) {
    const map = Array.from(sections.cages.join(''));
    const totals = Object.fromEntries([...sections.totals.join(' ').matchAll(/(\S)=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
    for (const symbol of new Set(map)) {
      if (symbol === '.') continue;
      rules.cages.push({ cells: map.flatMap((s, i) => (s === symbol ? [i] : [])), total: totals[symbol] ?? null });
    }
  }
  return rules;
}

/** The rules of an f-puzzles JSON (the keys the fixture uses). */
function readFpuzzles(json) {
  const f = JSON.parse(json);
  const n = f.size;
  const givens = f.grid.flat().map((c) => (c.given ? DIGITS[c.value - 1] : '.')).join('');
  const cells = (names) => names.map((name) => cellOf(name, n));
  return {
    n,
    givens,
    regions: null,
    diagonals: !!(f['diagonal+'] && f['diagonal-']),
    cages: (f.killercage || []).map((c) => ({ cells: cells(c.cells), total: c.value ? Number(c.value) : null })),
    thermos: (f.thermometer || []).flatMap((t) => t.lines.map(cells)),
    arrows: (f.arrow || []).flatMap((a) => a.lines.map((line) => ({ circle: cells(a.cells), path: cells(line).filter((c) => !cells(a.cells).includes(c)) }))),
    odd: cells((f.odd || []).map((o) => o.cell)),
    even: cells((f.even || []).map((o) => o.cell)),
    // Kropki dots and XV marks: [cells, digits -> whether they fit].
    marks: [
      ...(f.difference || []).map((m) => [cells(m.cells), (a, b) => Math.abs(a - b) === Number(m.value || 1)]),
      ...(f.ratio || []).map((m) => [cells(m.cells), (a, b) => a === b * Number(m.value || 2) || b === a * Number(m.value || 2)]),
      ...(f.xv || []).map((m) => [cells(m.cells), (a, b) => a + b === (m.value === 'X' ? 10 : 5)]),
    ],
    negative: f.negative || [],
    // Lines: whispers (neighbours along it at least `apart` apart, half
    // the side rounded up unless given), renban, palindromes.
    lines: ['whispers', 'renban', 'palindrome'].flatMap((kind) => (f[kind] || []).flatMap((l) => l.lines.map((line) => ({
      kind, cells: cells(line), apart: kind === 'whispers' ? Number(l.value || Math.ceil(n / 2)) : null,
    })))),
    // Little killers: the diagonal walked from the clue outside (row or
    // column 0 or n + 1) in its direction, not the cells listed.
    littleKillers: (f.littlekillersum || []).map((k) => {
      let [r, c] = k.cell.slice(1).split('C').map(Number);
      const [dr, dc] = [k.direction[0] === 'D' ? 1 : -1, k.direction[1] === 'R' ? 1 : -1];
      const walked = [];
      for (r += dr, c += dc; r >= 1 && r <= n && c >= 1 && c <= n; r += dr, c += dc) walked.push((r - 1) * n + c - 1);
      return { cells: walked, total: Number(k.value) };
    }),
    // Sandwich sums: the row (clue in column 0 or n + 1) or column (row 0
    // or n + 1) beside the clue.
    sandwiches: (f.sandwichsum || []).map((k) => {
      const [r, c] = k.cell.slice(1).split('C').map(Number);
      const line = r >= 1 && r <= n
        ? Array.from({ length: n }, (_, j) => (r - 1) * n + j)
        : Array.from({ length: n }, (_, j) => j * n + c - 1);
      return { cells: line, total: Number(k.value) };
    }),
    quadruples: (f.quadruple || []).map((q) => ({ cells: cells(q.cells), digits: q.values.map(Number) })),
    fpuzzles: f,
  };
}

/** Throws with the first rule the solved grid breaks. */
function assertSolves(line, rules) {
  const { n } = rules;
  assert.equal(line.length, n * n, 'a full grid');
  const d = Array.from(line, (ch) => DIGITS.indexOf(ch) + 1);
  assert.ok(d.every((x) => x >= 1 && x <= n), `digits 1-${n}: ${line}`);
  for (let i = 0; i < n * n; i++) {
    if (rules.givens[i] !== '.') assert.equal(line[i], rules.givens[i], `given r${Math.floor(i / n) + 1}c${(i % n) + 1} kept`);
  }
  const houses = [];
  for (let k = 0; k < n; k++) {
    houses.push([`row ${k + 1}`, Array.from({ length: n }, (_, j) => k * n + j)]);
    houses.push([`column ${k + 1}`, Array.from({ length: n }, (_, j) => j * n + k)]);
  }
  if (rules.regions) {
    for (const symbol of new Set(rules.regions)) {
      houses.push([`region ${symbol}`, rules.regions.flatMap((s, i) => (s === symbol ? [i] : []))]);
    }
  } else {
    // Boxes of rows x columns (3x3 unless the rules say).
    const [br, bc] = rules.boxes || [3, 3];
    assert.equal(br * bc, n);
    for (let b = 0; b < n; b++) {
      const top = Math.floor(b / (n / bc)) * br;
      const left = (b % (n / bc)) * bc;
      houses.push([`box ${b + 1}`, Array.from({ length: n }, (_, j) => (top + Math.floor(j / bc)) * n + left + (j % bc))]);
    }
  }
  if (rules.diagonals) {
    houses.push(['main diagonal', Array.from({ length: n }, (_, k) => k * n + k)]);
    houses.push(['anti-diagonal', Array.from({ length: n }, (_, k) => (n - 1 - k) * n + k)]);
  }
  if (rules.windoku) {
    // The four windows of 9x9, one cell in from each box corner.
    for (const [top, left] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
      houses.push([`window r${top + 1}c${left + 1}`, Array.from({ length: 9 }, (_, j) => (top + Math.floor(j / 3)) * 9 + left + (j % 3))]);
    }
  }
  for (const [name, cells] of houses) {
    assert.equal(new Set(cells.map((i) => d[i])).size, n, `${name} repeats a digit`);
  }
  for (const { cells, total } of rules.cages) {
    assert.equal(new Set(cells.map((i) => d[i])).size, cells.length, `cage at ${cells[0]} repeats a digit`);
    if (total !== null) assert.equal(cells.reduce((s, i) => s + d[i], 0), total, `cage at ${cells[0]} adds up to ${total}`);
  }
  for (const thermo of rules.thermos) {
    for (let k = 1; k < thermo.length; k++) assert.ok(d[thermo[k]] > d[thermo[k - 1]], `thermometer at ${thermo[0]} increases`);
  }
  for (const { circle, path } of rules.arrows) {
    const value = circle.reduce((v, i) => v * 10 + d[i], 0);
    assert.equal(path.reduce((s, i) => s + d[i], 0), value, `arrow from ${circle[0]} adds up to its circle`);
  }
  for (const i of rules.odd) assert.equal(d[i] % 2, 1, `odd cell ${i}`);
  for (const i of rules.even) assert.equal(d[i] % 2, 0, `even cell ${i}`);
  for (const [[a, b], fits] of rules.marks || []) assert.ok(fits(d[a], d[b]), `the mark between ${a} and ${b}`);
  for (const { kind, cells, apart } of rules.lines || []) {
    const v = cells.map((i) => d[i]);
    if (kind === 'whispers') {
      for (let k = 1; k < v.length; k++) assert.ok(Math.abs(v[k] - v[k - 1]) >= apart, `whispers line at ${cells[0]}: ${v.join('')} steps by ${apart} or more`);
    } else if (kind === 'renban') {
      assert.equal(new Set(v).size, v.length, `renban line at ${cells[0]} repeats a digit`);
      assert.equal(Math.max(...v) - Math.min(...v), v.length - 1, `renban line at ${cells[0]}: ${v.join('')} is a run`);
    } else if (kind === 'palindrome') {
      for (let k = 0; k < v.length; k++) assert.equal(v[k], v[v.length - 1 - k], `palindrome at ${cells[0]}: ${v.join('')} reads the same both ways`);
    }
  }
  for (const { cells, total } of rules.littleKillers || []) {
    assert.equal(cells.reduce((s, i) => s + d[i], 0), total, `little killer from ${cells[0]} adds up to ${total}`);
  }
  for (const { cells, digits } of rules.quadruples || []) {
    const held = cells.map((i) => d[i]);
    for (const x of digits) {
      const k = held.indexOf(x);
      assert.ok(k >= 0, `quadruple at ${cells[0]}: ${x} among ${held.join('')}`);
      held.splice(k, 1);
    }
  }
  for (const { cells, total } of rules.sandwiches || []) {
    const v = cells.map((i) => d[i]);
    const [a, b] = [v.indexOf(1), v.indexOf(n)].sort((x, y) => x - y);
    assert.equal(v.slice(a + 1, b).reduce((s, x) => s + x, 0), total, `sandwich at ${cells[0]}: ${v.join('')} makes ${total}`);
  }
  // Skyscrapers and X-sums: the cells as walked from the clue.
  for (const { cells, count } of rules.skyscrapers || []) {
    const v = cells.map((i) => d[i]);
    let [seen, tallest] = [0, 0];
    for (const x of v) if (x > tallest) [seen, tallest] = [seen + 1, x];
    assert.equal(seen, count, `skyscrapers from ${cells[0]}: ${v.join('')} shows ${seen}, not ${count}`);
  }
  for (const { cells, total } of rules.xSums || []) {
    const v = cells.map((i) => d[i]);
    const sum = v.slice(0, v[0]).reduce((s, x) => s + x, 0);
    assert.equal(sum, total, `X-sum from ${cells[0]}: the first ${v[0]} of ${v.join('')} make ${sum}, not ${total}`);
  }
  // The negative constraint: neighbours with no mark of the kind do not
  // hold its relation (dots: consecutive or double; XV: 5 or 10).
  const negative = rules.negative || [];
  if (!negative.length) return;
  const marked = (a, b, keys) => keys.some((k) => ((rules.fpuzzles || {})[k] || []).some((m) => {
    const [x, y] = m.cells.map((c) => cellOf(c, n));
    return (x === a && y === b) || (x === b && y === a);
  }));
  for (let a = 0; a < n * n; a++) {
    for (const b of [a % n < n - 1 ? a + 1 : -1, a + n < n * n ? a + n : -1].filter((x) => x >= 0)) {
      const [x, y] = [Math.min(d[a], d[b]), Math.max(d[a], d[b])];
      if (!marked(a, b, ['difference', 'ratio'])) {
        if (negative.includes('difference')) assert.notEqual(y - x, 1, `no dot between ${a} and ${b}, yet consecutive`);
        if (negative.includes('ratio')) assert.notEqual(y, 2 * x, `no dot between ${a} and ${b}, yet double`);
      }
      if (negative.includes('xv') && !marked(a, b, ['xv'])) {
        assert.ok(x + y !== 5 && x + y !== 10, `no X or V between ${a} and ${b}, yet ${x + y}`);
      }
    }
  }
}

/** How many thick borders a region map has: right and bottom sides of
 * cells whose neighbour is in another region. */
function regionBorders(map, n) {
  let right = 0;
  let bottom = 0;
  for (let i = 0; i < n * n; i++) {
    if (i % n < n - 1 && map[i] !== map[i + 1]) right++;
    if (i + n < n * n && map[i] !== map[i + n]) bottom++;
  }
  return { right, bottom };
}

const KILLER_LINK = fixture('killer-link.txt').trim();
const KILLER = readText(fixture('killer.txt'));
const JIGSAW_TEXT = fixture('jigsaw.txt');
const JIGSAW = readText(JIGSAW_TEXT);
const XTA_JSON = fixture('x-thermo-arrow.json');
const XTA = readFpuzzles(XTA_JSON);

test('the checker refuses a grid that breaks a rule', () => {
  // The checker itself: a classic solution breaks the killer's cages.
  const classic = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  assert.throws(() => assertSolves(classic, { ...KILLER, givens: '.'.repeat(81) }), /cage/);
  assert.throws(() => assertSolves(classic, { ...XTA, givens: '.'.repeat(81), thermos: [], arrows: [], odd: [], even: [] }), /diagonal/);
  assert.throws(() => assertSolves(classic, { ...KILLER, givens: '.'.repeat(81), cages: [], windoku: true }), /window/);
});

// ---------------------------------------------------------------- the page

test('variants: a killer link draws its cages with their totals and solves', async (t) => {
  const page = await open(t);
  await importPuzzle(page, KILLER_LINK);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Killer, 9x9/);
  assert.equal(await page.getByRole('gridcell').count(), 81);
  // The Variant choice follows the board, as the size does.
  assert.equal(await page.getByLabel('Variant', { exact: true }).inputValue(), 'killer');
  assert.equal(await page.getByLabel('Difficulty').isDisabled(), true);
  assert.equal(await count(page, 'g.cage'), KILLER.cages.length);
  assert.equal(await count(page, 'path.cage-line'), KILLER.cages.length);
  const totals = await page.$$eval('#board svg.overlay text.cage-total', (els) => els.map((e) => Number(e.textContent)));
  assert.deepEqual(totals.sort((a, b) => a - b), KILLER.cages.map((c) => c.total).sort((a, b) => a - b));
  assert.equal(totals.reduce((a, b) => a + b, 0), 405, 'the totals add up to 9 x 45');
  // Each total sits in its cage's first cell, in that cell's top-left corner.
  for (const cage of KILLER.cages.slice(0, 5)) {
    const first = Math.min(...cage.cells);
    const name = `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`;
    const box = await cell(page, name).boundingBox();
    const label = page.locator(`#board svg.overlay text.cage-total[data-cell="${name}"]`);
    assert.equal(await label.textContent(), String(cage.total));
    const text = await label.boundingBox();
    assert.ok(text.x >= box.x - 1 && text.y >= box.y - 1 && text.x < box.x + box.width / 2 && text.y < box.y + box.height / 2, `total ${cage.total} in the corner of ${name}`);
  }
  // Screen readers hear the cage of a cell (the A cage: r1c1, r2c1).
  assert.match(await cell(page, 'r1c1').getAttribute('aria-description'), /in a cage of 2 cells adding up to 11/);
  // Boxes as in a classic grid; no other drawing.
  assert.equal(await page.locator('.cell.box-right').count(), 18);
  assert.equal(await count(page, '.thermo, .arrow, .diagonal'), 0);
  // The library's words, the same the links it writes carry.
  assert.equal(await page.locator('#variant-rules').textContent(), 'Normal sudoku rules apply: each row, column and box holds the digits 1 to 9 once. Digits cannot repeat within a cage, and add up to its total where one is given.');
  assert.match(await page.locator('#info').textContent(), /Killer · 9x9 · 23 cages · 1 clue(?!s)/);
  // Hints come from the variants' logic; Check works too.
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 1 of 3, a nudge: Look for Cage Combinations in cage r\d+c\d+ \(\d+\)/);
  await button(page, 'Check').click();
  await statusMatches(page, /exactly one solution/);
  const solution = await solveOnPage(page);
  assertSolves(solution, KILLER);
  await page.screenshot({ path: path.join(SHOTS, 'variant-killer-1280.png'), fullPage: true });
});

/** The board's cells that carry a class, by name. */
const cellsWith = (page, cls) => page.$$eval(`[role=gridcell].${cls}`, (els) => els.map((e) => e.getAttribute('aria-label')));

/** Each cell's pencil marks as the board shows them ('' for none). */
const boardMarks = (page) => page.$$eval('[role=gridcell]', (els) => els.map((e) => Array.from(e.querySelectorAll('.marks span'), (s) => s.textContent).join('')));

test('variants: hints on a killer name the technique, light its cage and cells, and agree with the solution', async (t) => {
  const page = await open(t);
  await importPuzzle(page, KILLER_LINK);
  await statusMatches(page, /Variant puzzle imported/);
  assert.match(await page.locator('#info').textContent(), /no rating for variants/);
  // The solution from the page's Solve, checked independently, then undone.
  const solution = await solveOnPage(page);
  assertSolves(solution, KILLER);
  await button(page, 'Undo').click();
  assert.equal(await boardLine(page), KILLER.givens);

  // Level 1: the technique and the cage, whose cells are lit.
  await button(page, 'Hint').click();
  const nudge = await statusMatches(page, /Hint 1 of 3, a nudge: Look for Cage Combinations in cage r\d+c\d+ \(\d+\)\./);
  const [, first, total] = /cage (r\d+c\d+) \((\d+)\)/.exec(nudge);
  const cage = KILLER.cages.find((c) => Math.min(...c.cells) === cellOf(first, 9) && c.total === Number(total));
  assert.ok(cage, `a cage of the fixture at ${first} adding up to ${total}`);
  const lit = (await cellsWith(page, 'hl-house')).map((name) => cellOf(name, 9)).sort((a, b) => a - b);
  assert.deepEqual(lit, [...cage.cells].sort((a, b) => a - b));
  // Level 2: the cells, which exist on the board.
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 2 of 3, the cells: Look for Cage Combinations in cage .*, among r\d+c\d+/);
  const cells = await cellsWith(page, 'hl-cell');
  assert.ok(cells.length > 0);
  for (const name of cells) assert.equal(await cell(page, name).count(), 1, name);
  // Level 3: the step with its explanation, and Apply.
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 3 of 3, the step: Cage Combinations: The cage r\d+c\d+ \(\d+\) covers/);
  assert.ok(await button(page, 'Apply').isVisible());
  await page.screenshot({ path: path.join(SHOTS, 'variant-killer-hint-1280.png'), fullPage: true });

  // Steps applied one after another: every digit placed is the solution's,
  // the pencil marks never lose the solution's digit, and each step names
  // its technique.
  const techniques = new Set();
  for (let k = 0; k < 40; k++) {
    await button(page, 'Hint').click();
    await button(page, 'Hint').click();
    await button(page, 'Hint').click();
    const text = await statusMatches(page, /Hint 3 of 3, the step: [A-Z][A-Za-z -]+: /);
    techniques.add(/the step: ([A-Za-z -]+):/.exec(text)[1]);
    await button(page, 'Apply').click();
    await statusMatches(page, /^Applied: /);
    const line = await boardLine(page);
    const marks = await boardMarks(page);
    for (let i = 0; i < 81; i++) {
      if (line[i] !== '.') assert.equal(line[i], solution[i], `r${Math.floor(i / 9) + 1}c${(i % 9) + 1} after step ${k + 1}`);
      else if (marks[i]) assert.ok(marks[i].includes(solution[i]), `marks of cell ${i} keep ${solution[i]} after step ${k + 1}`);
    }
  }
  assert.ok(techniques.has('Cage Combinations'), [...techniques].join(', '));

  // A wrong digit is named, as on a classic grid, instead of a step.
  const empty = (await boardLine(page)).indexOf('.');
  const wrong = solution[empty] === '1' ? '2' : '1';
  const name = `r${Math.floor(empty / 9) + 1}c${(empty % 9) + 1}`;
  await cell(page, name).click();
  await page.keyboard.press(wrong);
  await button(page, 'Hint').click();
  await statusMatches(page, new RegExp(`${name} is ${wrong}, but the solution has ${solution[empty]}\\.`));
  assert.deepEqual(await cellsWith(page, 'mistake'), [name]);
});

test('variants: Auto marks and Explain on a killer windoku come from the variants\' logic', async (t) => {
  const page = await open(t);
  const text = fixture('killer-windoku.txt');
  const rules = readText(text);
  await importPuzzle(page, text);
  await statusMatches(page, /Variant puzzle imported/);
  const solution = await solveOnPage(page);
  assertSolves(solution, rules);
  await button(page, 'Undo').click();

  await button(page, 'Auto marks').click();
  await statusMatches(page, /Pencil marks filled in: each empty cell shows the digits no rule of the puzzle rules out/);
  const marks = await boardMarks(page);
  for (let i = 0; i < 81; i++) {
    if (rules.givens[i] !== '.') continue;
    assert.ok(marks[i].length > 0 && marks[i].includes(solution[i]), `cell ${i}: ${marks[i]} holds ${solution[i]}`);
  }

  // Explain: the whole path, step by step; the board shown at each step
  // agrees with the solution, and the last step leaves it solved.
  await button(page, 'Explain').click();
  const first = await statusMatches(page, /Explaining: step 1 of (\d+), [A-Z]/);
  const steps = Number(/of (\d+)/.exec(first)[1]);
  assert.ok(steps > 20, `${steps} steps`);
  assert.doesNotMatch(await page.locator('#step-text').textContent(), /\(\d+\.\d\)/, 'no rating in the steps');
  for (let k = 1; k < steps; k++) {
    if (k === 30) await page.screenshot({ path: path.join(SHOTS, 'variant-killer-windoku-explain-1280.png'), fullPage: true });
    if (k % 10 === 0) {
      const line = await boardLine(page);
      for (let i = 0; i < 81; i++) if (line[i] !== '.') assert.equal(line[i], solution[i], `step ${k}, cell ${i}`);
    }
    await page.locator('#step-next').click();
  }
  await statusMatches(page, new RegExp(`Explaining: step ${steps} of ${steps}`));
  assert.doesNotMatch(await page.locator('#step-text').textContent(), /Logic stops/);
  await page.locator('#explain-close').click();
});

test('variants: a jigsaw draws its regions; wrong digits and broken rules are named', async (t) => {
  const page = await open(t);
  await importPuzzle(page, JIGSAW_TEXT);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Jigsaw, 9x9/);
  assert.equal(await boardLine(page), JIGSAW.givens);
  const borders = regionBorders(JIGSAW.regions, 9);
  assert.equal(await page.locator('.cell.box-right').count(), borders.right);
  assert.equal(await page.locator('.cell.box-bottom').count(), borders.bottom);
  // r1c3 | r1c4 is a region border (A|B); r1c1 | r1c2 is not.
  assert.ok(await cell(page, 'r1c3').evaluate((el) => el.classList.contains('box-right')));
  assert.ok(!(await cell(page, 'r1c1').evaluate((el) => el.classList.contains('box-right'))));
  assert.equal(await page.locator('#variant-rules').textContent(), 'Each row, column and outlined region holds the digits 1 to 9 once.');
  // A digit that repeats in its region is shown as it is typed: r1c1 and
  // r2c3 are both in region A, and r2c1 holds 5.
  await cell(page, 'r2c3').click();
  await page.keyboard.press('5');
  await page.waitForFunction(() => document.querySelectorAll('.cell.clash').length >= 2);
  assert.ok(await cell(page, 'r2c1').evaluate((el) => el.classList.contains('clash')));
  await button(page, 'Check').click();
  assert.match(await statusMatches(page, /A rule is broken/), /r2c1/);
  await page.keyboard.press('Backspace');
  await page.waitForFunction(() => document.querySelectorAll('.cell.clash').length === 0);
  // A wrong digit that breaks no rule yet: named against the solution.
  const solution = await solveOnPage(page);
  assertSolves(solution, JIGSAW);
  await button(page, 'Undo').click();
  const empty = JIGSAW.givens.indexOf('.');
  const name = `r${Math.floor(empty / 9) + 1}c${(empty % 9) + 1}`;
  const right = Number(solution[empty]);
  // A digit of the solution's row elsewhere would clash; pick one that does not.
  for (const wrong of [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((x) => x !== right)) {
    await cell(page, name).click();
    await page.keyboard.press(String(wrong));
    await page.waitForTimeout(50);
    const clash = await page.evaluate(() => document.querySelectorAll('.cell.clash').length);
    if (clash) continue;
    await button(page, 'Check').click();
    assert.equal(await statusMatches(page, /mistake/), `1 mistake: ${name} is ${wrong}, but the solution has ${right}.`);
    assert.ok(await cell(page, name).evaluate((el) => el.classList.contains('mistake')));
    break;
  }
  await page.screenshot({ path: path.join(SHOTS, 'variant-jigsaw-1280.png'), fullPage: true });
});

test('variants: X with thermometers and arrows from f-puzzles JSON; a shared link and a reload keep it', async (t) => {
  const page = await open(t);
  await importPuzzle(page, XTA_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /X, Thermometer, Arrow, Odd\/even, 9x9/);
  // No entry of the Variant choice makes these rules: it stays on classic.
  assert.equal(await page.getByLabel('Variant', { exact: true }).inputValue(), '');
  assert.equal(await count(page, 'line.diagonal'), 2);
  assert.equal(await count(page, 'g.thermo'), XTA.thermos.length);
  assert.equal(await count(page, 'g.thermo circle.bulb'), XTA.thermos.length);
  assert.equal(await count(page, 'g.arrow'), XTA.arrows.length);
  assert.equal(await count(page, 'g.arrow .arrow-circle'), XTA.arrows.length);
  assert.equal(await count(page, 'g.arrow polyline.arrowhead'), XTA.arrows.length);
  assert.equal(await count(page, 'circle.odd'), XTA.odd.length);
  assert.equal(await count(page, 'rect.even'), XTA.even.length);
  assert.equal(await count(page, 'g.cage'), 0);
  assert.match(await cell(page, 'r5c1').getAttribute('aria-description'), /thermometer bulb/);
  assert.match(await cell(page, 'r1c6').getAttribute('aria-description'), /arrow circle, the sum of r2c6 r3c6/);
  // Each bulb is centred on its thermometer's first cell.
  const bulb = await page.locator('#board svg.overlay g.thermo circle.bulb').first().boundingBox();
  const first = XTA.thermos[0][0];
  const box = await cell(page, `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`).boundingBox();
  assert.ok(Math.abs(bulb.x + bulb.width / 2 - (box.x + box.width / 2)) < 3 && Math.abs(bulb.y + bulb.height / 2 - (box.y + box.height / 2)) < 3);
  // The arrowhead ends in the arrow's last cell.
  const head = await page.locator('#board svg.overlay g.arrow polyline.arrowhead').first().boundingBox();
  const last = XTA.arrows[0].path.at(-1);
  const lastBox = await cell(page, `r${Math.floor(last / 9) + 1}c${(last % 9) + 1}`).boundingBox();
  assert.ok(head.x >= lastBox.x && head.x + head.width <= lastBox.x + lastBox.width && head.y >= lastBox.y && head.y + head.height <= lastBox.y + lastBox.height, 'arrowhead in the last cell');
  // A thermometer broken as it is typed: its bulb above its next cell.
  const [bulbCell, next] = XTA.thermos.find(([a, b]) => XTA.givens[a] === '.' && XTA.givens[b] === '.');
  await cell(page, `r${Math.floor(next / 9) + 1}c${(next % 9) + 1}`).click();
  await page.keyboard.press('5'); // digits that clash with no given
  await cell(page, `r${Math.floor(bulbCell / 9) + 1}c${(bulbCell % 9) + 1}`).click();
  await page.keyboard.press('6');
  await button(page, 'Check').click();
  assert.match(await statusMatches(page, /A rule is broken/), /thermometer/);
  await button(page, 'Undo').click();
  await button(page, 'Undo').click();
  // Two right digits typed, then the screenshot for the README.
  await cell(page, 'r1c1').click();
  await page.keyboard.press('7');
  await cell(page, 'r5c5').click();
  await page.keyboard.press('3');
  await button(page, 'Check').click();
  await statusMatches(page, /everything entered so far agrees with it/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-x-thermo-arrow-1280.png'), fullPage: true });
  // A shared link opens the puzzle and the progress in a fresh browser.
  const link = await page.locator('#share-link').getAttribute('href');
  assert.match(link, /#f=/);
  const other = await open(t, { url: link });
  await statusMatches(other, /opened from the link/);
  assert.equal(await other.locator('#board svg.overlay g.thermo').count(), XTA.thermos.length);
  assert.equal(await boardLine(other), await boardLine(page));
  const solution = await solveOnPage(page);
  assertSolves(solution, XTA);
  // The game, the drawing and the undo history survive a reload.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await boardLine(page), solution);
  assert.equal(await count(page, 'g.arrow'), XTA.arrows.length);
  await button(page, 'Undo').click();
  assert.notEqual(await boardLine(page), solution);
  // Back to a classic puzzle: no drawing left, the 9x9 functions again.
  await button(page, 'New puzzle').click();
  await statusMatches(page, /^New \w+ puzzle/, 20_000);
  assert.equal(await page.locator('#board svg.overlay').count(), 0);
  assert.equal(await page.locator('#variant-rules').isVisible(), false);
  assert.equal(await page.locator('.cell.box-right').count(), 18);
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 1 of 3/);
});

// The variants crate's SudokuPad fixtures: a link in SudokuPad's own
// format and the f-puzzles file of the same puzzle, read here for the rules.
const crateFixture = (name) => fs.readFileSync(path.join(here, '..', '..', 'crates', 'variants', 'tests', 'fixtures', name), 'utf8');
const SCL_LINK = crateFixture('sudokupad/thermo_arrow.txt').trim();
const SCL = readFpuzzles(crateFixture('thermo_arrow.json'));

test('variants: a SudokuPad link in its own format draws its thermometers and arrows and solves', async (t) => {
  const page = await open(t);
  assert.match(SCL_LINK, /^https:\/\/sudokupad\.app\/scl/);
  await importPuzzle(page, SCL_LINK);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Thermometer, Arrow, 9x9/);
  assert.equal(await count(page, 'g.thermo'), SCL.thermos.length);
  assert.equal(await count(page, 'g.thermo circle.bulb'), SCL.thermos.length);
  assert.equal(await count(page, 'g.arrow'), SCL.arrows.length);
  assert.equal(await count(page, 'line.diagonal'), 0);
  assert.equal(await boardLine(page), SCL.givens);
  const solution = await solveOnPage(page);
  assertSolves(solution, SCL);
  await page.screenshot({ path: path.join(SHOTS, 'variant-sudokupad-scl-1280.png'), fullPage: true });
  // Anti-knight stated only in the rules text is read, as SudokuPad does.
  await importPuzzle(page, crateFixture('sudokupad/antiknight-rules-text.json'));
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Anti-knight, 9x9/);
  const knight = readFpuzzles(crateFixture('antiknight.json'));
  const solved = await solveOnPage(page);
  assertSolves(solved, knight);
  for (let i = 0; i < 81; i++) {
    for (const [dr, dc] of [[1, 2], [2, 1], [2, -1], [1, -2]]) {
      const r = Math.floor(i / 9) + dr;
      const c = (i % 9) + dc;
      if (r < 9 && c >= 0 && c < 9) assert.notEqual(solved[i], solved[r * 9 + c], `a knight's move from cell ${i}`);
    }
  }
  // "Digits may not repeat on either of the two main diagonals": drawn as X.
  await importPuzzle(page, crateFixture('sudokupad/x-rules-text.json'));
  assert.match(await statusMatches(page, /Variant puzzle imported/), /X, 9x9/);
  assert.equal(await count(page, 'line.diagonal'), 2);
  assertSolves(await solveOnPage(page), readFpuzzles(crateFixture('x.json')));
  // f-puzzles JSON with no diagonal keys, its ruleset saying both main
  // diagonals hold 1 to 9 once: X too, as SudokuPad reads the ruleset.
  const words = JSON.parse(crateFixture('x.json'));
  delete words['diagonal+'];
  delete words['diagonal-'];
  await importPuzzle(page, JSON.stringify(words));
  assert.match(await statusMatches(page, /Variant puzzle imported/), /X, 9x9/);
  assert.equal(await count(page, 'line.diagonal'), 2);
  assertSolves(await solveOnPage(page), readFpuzzles(crateFixture('x.json')));
  // A SudokuPad drawing with rules the engine lacks is refused by name.
  await importPuzzle(page, crateFixture('sudokupad/unsupported.txt').trim());
  assert.match(await statusMatches(page, /Could not read the variant puzzle/), /dots x1 \(dots and circles .*kropki/);
});

test('variants: a 6x6 jigsaw with its region map beside the grid, read as jigsaw', async (t) => {
  const page = await open(t, { width: 360, height: 900 });
  const text = '....2.  ABBCCC\n.....3  ADBCCC\n.4....  ADBBBE\n......  ADDEEE\n.254..  ADDEEF\n1.....  AFFFFF\n';
  // A map that no grid of digits could be is made out without "Read as":
  // beside the givens, and a 9x9 one below them.
  await importPuzzle(page, text);
  await statusMatches(page, /Variant puzzle imported \(Jigsaw, 6x6\)/);
  await importPuzzle(page, crateFixture('text/jigsaw-9x9.txt'));
  await statusMatches(page, /Variant puzzle imported \(Jigsaw, 9x9\)/);
  assert.equal(await page.getByRole('gridcell').count(), 81);
  // The 6x6 with its region map below the givens, with "Read as jigsaw".
  const below = text.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0]).join('\n')
    + '\n\n' + text.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[1]).join('\n') + '\n';
  await importPuzzle(page, below, 'jigsaw');
  await statusMatches(page, /Variant puzzle imported \(Jigsaw, 6x6\)/);
  assert.equal(await page.getByRole('gridcell').count(), 36);
  const regions = Array.from(text.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[1]).join(''));
  const borders = regionBorders(regions, 6);
  assert.equal(await page.locator('.cell.box-right').count(), borders.right);
  assert.equal(await page.locator('.cell.box-bottom').count(), borders.bottom);
  const givens = text.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[0]).join('');
  const solution = await solveOnPage(page);
  assertSolves(solution, { n: 6, givens, regions, diagonals: false, cages: [], thermos: [], arrows: [], odd: [], even: [] });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 360, `page is ${scroll} px wide at 360 px`);
  await page.screenshot({ path: path.join(SHOTS, 'variant-jigsaw-6-360.png'), fullPage: true });
});

test('variants: an unsupported f-puzzles rule is named; a broken link is refused', async (t) => {
  const page = await open(t);
  const grid = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({})));
  const json = JSON.stringify({ size: 4, grid, minimum: [{ cell: 'R1C1' }], antiknight: true });
  await importPuzzle(page, json);
  const text = await statusMatches(page, /Could not read the variant puzzle/);
  assert.match(text, /rules that are not supported: minimum x1 \(minimum cells\)/);
  assert.equal(await status(page).evaluate((el) => el.classList.contains('error')), true);
  // The board is as it was: no drawing from the refused puzzle.
  assert.equal(await page.locator('#board svg.overlay').count(), 0);
  await importPuzzle(page, 'https://f-puzzles.com/?id=abc123');
  assert.match(await statusMatches(page, /short link/), /^Could not read the variant puzzle: line 1: /);
});

test('variants: a killer windoku on a phone: shaded windows under the cages, solved', async (t) => {
  const page = await open(t, { width: 360, height: 900 });
  const text = fixture('killer-windoku.txt');
  const rules = readText(text);
  await importPuzzle(page, text);
  await statusMatches(page, /Variant puzzle imported \(Windoku, Killer, 9x9\)/);
  assert.equal(await count(page, 'rect.windoku'), 36);
  assert.equal(await count(page, 'g.cage'), rules.cages.length);
  assert.equal(await count(page, 'text.cage-total'), rules.cages.length);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 360, `page is ${scroll} px wide at 360 px`);
  await page.screenshot({ path: path.join(SHOTS, 'variant-killer-windoku-360.png'), fullPage: true });
  const solution = await solveOnPage(page);
  assertSolves(solution, rules);
});

test('variants: f-puzzles JSON of a plain grid is played as one, with hints', async (t) => {
  const page = await open(t);
  await page.getByLabel('Variant', { exact: true }).selectOption('x');
  const line = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
  const grid = line.match(/.{9}/g).map((row) => Array.from(row, (ch) => (ch === '.' ? {} : { value: Number(ch), given: true })));
  await importPuzzle(page, JSON.stringify({ size: 9, title: 'plain', grid }));
  await statusMatches(page, /Puzzle imported \(a plain grid from the link\)/);
  assert.equal(await boardLine(page), line);
  assert.equal(await page.locator('#board svg.overlay').count(), 0);
  // A classic board: the Variant choice goes back to classic.
  assert.equal(await page.getByLabel('Variant', { exact: true }).inputValue(), '');
  assert.equal(await page.getByLabel('Difficulty').isDisabled(), false);
  await page.waitForFunction(() => /Rating 1\.2/.test(document.getElementById('rating').textContent));
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 1 of 3/);
});

test('variants: New puzzle makes a 6x6 killer and a 9x9 X; their solutions keep the drawn rules', async (t) => {
  const page = await open(t);
  await page.getByLabel('Variant', { exact: true }).selectOption('killer');
  assert.equal(await page.getByLabel('Difficulty').isDisabled(), true);
  let before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.match(await status(page).textContent(), /^New Killer puzzle, 6x6, \d+ clues? \(seed \d+/);
  assert.equal(await page.getByRole('gridcell').count(), 36);
  // The cages as drawn: every cell in one, totals adding up to 6 x 21.
  const cages = await page.$$eval('#board svg.overlay g.cage', (gs) => gs.map((g) => ({ cells: g.dataset.cells.split(' '), total: Number(g.dataset.total) })));
  assert.equal(cages.flatMap((c) => c.cells).length, 36);
  assert.equal(cages.reduce((s, c) => s + c.total, 0), 126);
  assert.equal(await count(page, 'text.cage-total'), cages.length);
  await button(page, 'Check').click();
  await statusMatches(page, /exactly one solution/);
  const givens = await boardLine(page);
  let solution = await solveOnPage(page);
  assertSolves(solution, {
    n: 6, boxes: [2, 3], givens, regions: null, diagonals: false, thermos: [], arrows: [], odd: [], even: [],
    cages: cages.map((c) => ({ cells: c.cells.map((name) => cellOf(name, 6)), total: c.total })),
  });
  // A 9x9 X from the same control, reproducible from its seed.
  await page.getByLabel('Variant', { exact: true }).selectOption('x');
  await page.getByLabel('Size', { exact: true }).selectOption('9');
  await page.waitForFunction(() => /^New X puzzle, 9x9/.test(document.querySelector('[role=status]').textContent), null, { timeout: 30_000 });
  assert.equal(await count(page, 'line.diagonal'), 2);
  const seed = /seed (\d+)/.exec(await status(page).textContent())[1];
  const x = await boardLine(page);
  solution = await solveOnPage(page);
  assertSolves(solution, { n: 9, givens: x, regions: null, diagonals: true, cages: [], thermos: [], arrows: [], odd: [], even: [] });
  await page.getByLabel('Seed').fill(seed);
  before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await button(page, 'New puzzle').click();
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.equal(await boardLine(page), x);
  // Back to classic puzzles from the same control.
  await page.getByLabel('Variant', { exact: true }).selectOption('');
  assert.equal(await page.getByLabel('Difficulty').isDisabled(), false);
  await button(page, 'New puzzle').click();
  await statusMatches(page, /^New \w+ puzzle, \d+ clues/, 20_000);
  assert.equal(await page.locator('#board svg.overlay').count(), 0);
});

const KROPKI_JSON = crateFixture('kropki.json');
const KROPKI = readFpuzzles(KROPKI_JSON);
const XV_JSON = crateFixture('xv.json');
const XV = readFpuzzles(XV_JSON);

test('variants: kropki dots and XV marks are drawn on their edges, named, and solved', async (t) => {
  const page = await open(t);
  await importPuzzle(page, KROPKI_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Kropki, 9x9/);
  const f = JSON.parse(KROPKI_JSON);
  assert.equal(await count(page, 'g.mark.white'), f.difference.length);
  assert.equal(await count(page, 'g.mark.black'), f.ratio.length);
  assert.match(await page.locator('#variant-rules').textContent(), /Neighbours with no dot between them do not hold consecutive digits or one digit twice the other/);
  // Each dot sits on the middle of the edge between its two cells.
  const [a, b] = f.ratio[0].cells.map((c) => c.toLowerCase());
  const dot = await page.locator(`#board svg.overlay g.mark.black[data-cells="${a} ${b}"] circle`).boundingBox();
  const [boxA, boxB] = [await cell(page, a).boundingBox(), await cell(page, b).boundingBox()];
  const mid = [(boxA.x + boxA.width / 2 + boxB.x + boxB.width / 2) / 2, (boxA.y + boxA.height / 2 + boxB.y + boxB.height / 2) / 2];
  assert.ok(Math.abs(dot.x + dot.width / 2 - mid[0]) < 2 && Math.abs(dot.y + dot.height / 2 - mid[1]) < 2, 'the dot on the edge');
  assert.match(await cell(page, a).getAttribute('aria-description'), new RegExp(`a black dot with ${b}`));
  await button(page, 'Hint').click();
  assert.match(await statusMatches(page, /Hint 1 of 3/), /Look for a Dot or XV Mark in r\d+c\d+ and r\d+c\d+/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-kropki-1280.png'), fullPage: true });
  assertSolves(await solveOnPage(page), KROPKI);
  // XV: the letters on their edges, and the solution keeps them.
  await importPuzzle(page, XV_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /XV, 9x9/);
  const xv = JSON.parse(XV_JSON).xv;
  assert.equal(await count(page, 'g.mark.xv'), xv.length);
  assert.equal(await count(page, 'g.mark.xv[data-label="X"]'), xv.filter((m) => m.value === 'X').length);
  assert.equal(await page.locator('g.mark.xv text').first().textContent(), xv[0].value);
  await page.screenshot({ path: path.join(SHOTS, 'variant-xv-1280.png'), fullPage: true });
  assertSolves(await solveOnPage(page), XV);
  // New puzzle makes a 6x6 kropki with every dot given; its solution keeps
  // the dots drawn, and no unmarked neighbours are consecutive or double.
  const before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await page.getByLabel('Variant', { exact: true }).selectOption('kropki');
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.match(await status(page).textContent(), /^New Kropki puzzle, 6x6/);
  const drawn = await page.$$eval('#board svg.overlay g.mark', (gs) => gs.map((g) => ({ cells: g.dataset.cells.split(' '), kind: g.classList[1] })));
  assert.ok(drawn.length > 0);
  const fp = {
    difference: drawn.filter((m) => m.kind === 'white').map((m) => ({ cells: m.cells })),
    ratio: drawn.filter((m) => m.kind === 'black').map((m) => ({ cells: m.cells })),
  };
  const made = await boardLine(page);
  assertSolves(await solveOnPage(page), {
    n: 6, boxes: [2, 3], givens: made, regions: null, diagonals: false, cages: [], thermos: [], arrows: [], odd: [], even: [],
    marks: [
      ...fp.difference.map((m) => [m.cells.map((c) => cellOf(c, 6)), (a, b) => Math.abs(a - b) === 1]),
      ...fp.ratio.map((m) => [m.cells.map((c) => cellOf(c, 6)), (a, b) => a === 2 * b || b === 2 * a]),
    ],
    negative: ['difference', 'ratio'],
    fpuzzles: fp,
  });
});

const LINES_JSON = crateFixture('lines.json');
const LINES = readFpuzzles(LINES_JSON);
const LINES6_JSON = crateFixture('lines6.json');
const LINES6 = { ...readFpuzzles(LINES6_JSON), boxes: [2, 3] };
const nameOf = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** The lines drawn: kind, cells and label from the data, and the screen
 * points the polyline passes (its points through the SVG's transform). */
async function drawnLines(page) {
  return page.$$eval('#board svg.overlay g.line', (gs) => gs.map((g) => {
    const poly = g.querySelector('polyline.line-path');
    const ctm = poly.getScreenCTM();
    const points = Array.from(poly.points, (p) => {
      const q = new DOMPoint(p.x, p.y).matrixTransform(ctm);
      return [q.x, q.y];
    });
    return { kind: g.dataset.kind, cls: g.getAttribute('class'), cells: g.dataset.cells.split(' '), label: g.dataset.label, points };
  }));
}

test('variants: whispers, renban and palindrome lines are drawn through their cells under the digits, named, hinted and solved', async (t) => {
  // The checker first: the fixture's own solution keeps the lines, a
  // classic grid breaks them.
  const f = JSON.parse(LINES_JSON);
  assert.equal(LINES.lines.length, 8);
  assertSolves(f.solution.join(''), LINES);
  const classic = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  assert.throws(() => assertSolves(classic, { ...LINES, givens: '.'.repeat(81) }), /whispers|renban|palindrome/);

  const page = await open(t);
  await importPuzzle(page, LINES_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /German whispers, Renban, Palindrome, 9x9/);
  assert.equal(await boardLine(page), LINES.givens);
  // One line drawn per line of the JSON, of its kind, through its cells' centres.
  const drawn = await drawnLines(page);
  assert.equal(drawn.length, LINES.lines.length);
  for (const kind of ['whispers', 'renban', 'palindrome']) {
    assert.equal(await count(page, `g.line.${kind} polyline.line-path`), f[kind].length, `${kind} lines`);
  }
  for (const line of LINES.lines) {
    const names = line.cells.map((i) => nameOf(i, 9));
    const g = drawn.find((d) => d.cells.join(' ') === names.join(' '));
    assert.ok(g, `a line through ${names.join(' ')}`);
    assert.equal(g.kind, line.kind);
    assert.equal(g.cls, `line ${line.kind}`);
    assert.equal(g.label, '', 'no label at the usual difference');
    assert.equal(g.points.length, names.length);
    for (const [k, name] of names.entries()) {
      const box = await cell(page, name).boundingBox();
      const [x, y] = g.points[k];
      assert.ok(Math.abs(x - (box.x + box.width / 2)) < 2 && Math.abs(y - (box.y + box.height / 2)) < 2, `${line.kind} line through the centre of ${name}`);
    }
  }
  // The lines lie under the digits: at the centre of r8c2 (a given 1 on
  // a renban line) the digit is painted over the line.
  const order = await page.evaluate(() => {
    const poly = [...document.querySelectorAll('#board g.line.renban')].find((g) => g.dataset.cells.split(' ').includes('r8c2')).querySelector('polyline');
    const value = document.querySelector('[role=gridcell][aria-label="r8c2"] .value');
    const r = value.getBoundingClientRect();
    poly.style.pointerEvents = 'visibleStroke';
    const stack = document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    poly.style.pointerEvents = '';
    return [stack.indexOf(value), stack.indexOf(poly)];
  });
  assert.ok(order[0] >= 0 && order[1] >= 0 && order[0] < order[1], `digit over line: ${order}`);
  // Screen readers hear each line by the library's name for it.
  const renban = LINES.lines.find((l) => l.kind === 'renban');
  const [start, second] = renban.cells.map((i) => nameOf(i, 9));
  assert.match(await cell(page, second).getAttribute('aria-description'), new RegExp(`on a renban line from ${start}, cell 2 of ${renban.cells.length}`));
  const palindrome = LINES.lines.find((l) => l.kind === 'palindrome');
  assert.match(await cell(page, nameOf(palindrome.cells[0], 9)).getAttribute('aria-description'), new RegExp(`on a palindrome from ${nameOf(palindrome.cells[0], 9)}, cell 1 of`));
  assert.match(await cell(page, nameOf(LINES.lines[0].cells[0], 9)).getAttribute('aria-description'), /on a whispers line from r\d+c\d+/);
  assert.match(await page.locator('#variant-rules').textContent(), /green whispers line differ by at least 5\. Digits on a purple renban line do not repeat .* A grey palindrome line reads the same from either end\./);
  assert.match(await page.locator('#info').textContent(), /German whispers, Renban, Palindrome · 9x9/);
  // Hints come from the variants' logic and name a technique.
  await button(page, 'Hint').click();
  assert.match(await statusMatches(page, /Hint 1 of 3/), /Hint 1 of 3, a nudge: Look for (an? )?[A-Z][\w ]+ in /);
  await page.screenshot({ path: path.join(SHOTS, 'variant-lines-1280.png'), fullPage: true });
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 2 of 3, the cells: /);
  const solution = await solveOnPage(page);
  assertSolves(solution, LINES);
  assert.equal(solution, f.solution.join(''));
  // A whispers line with its own least difference carries it as a label
  // in its first cell; the rules say both differences.
  const four = JSON.parse(LINES_JSON);
  four.whispers[0].value = '4';
  await importPuzzle(page, JSON.stringify(four));
  await statusMatches(page, /Variant puzzle imported \(German whispers, Renban, Palindrome, 9x9\)/);
  const first = nameOf(LINES.lines[0].cells[0], 9);
  const label = page.locator(`#board svg.overlay g.line.whispers[data-label="4"] text.line-label[data-cell="${first}"]`);
  assert.equal(await label.textContent(), '4');
  const [text, box] = [await label.boundingBox(), await cell(page, first).boundingBox()];
  assert.ok(text.x >= box.x - 1 && text.y >= box.y - 1 && text.x + text.width <= box.x + box.width + 1 && text.y + text.height <= box.y + box.height / 2, 'the label in its first cell\'s top');
  assert.equal(await count(page, 'g.line.whispers[data-label=""]'), f.whispers.length - 1);
  assert.match(await page.locator('#variant-rules').textContent(), /differ by at least 4 or 5, as each line says/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-lines-label-1280.png'), fullPage: true });
  assert.match(await cell(page, first).getAttribute('aria-description'), new RegExp(`on a whispers line from ${first} \\(neighbours differ by at least 4\\), cell 1 of`));
  // The 6x6: its lines drawn and its solution keeping them.
  await importPuzzle(page, LINES6_JSON);
  await statusMatches(page, /Variant puzzle imported \(German whispers, Renban, Palindrome, 6x6\)\. Good luck!/);
  assert.equal(await page.getByRole('gridcell').count(), 36);
  const six = await drawnLines(page);
  assert.equal(six.length, LINES6.lines.length);
  assert.deepEqual(six.map((d) => `${d.kind} ${d.cells.join(' ')}`).sort(), LINES6.lines.map((l) => `${l.kind} ${l.cells.map((i) => nameOf(i, 6)).join(' ')}`).sort());
  const solution6 = await solveOnPage(page);
  assertSolves(solution6, LINES6);
  assert.equal(solution6, JSON.parse(LINES6_JSON).solution.join(''));
  // New puzzle makes a 6x6 with all three kinds of line through a random
  // solution; the solution found on the page keeps the lines drawn.
  const before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  // (The 6x6 on the board already set both choices: the board's rules are
  // one of the Variant entries.)
  await page.getByLabel('Variant', { exact: true }).selectOption('whispers,renban,palindrome');
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await button(page, 'New puzzle').click();
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.match(await status(page).textContent(), /^New German whispers, Renban, Palindrome puzzle, 6x6/);
  const made = await drawnLines(page);
  assert.ok(made.length > 0);
  assert.ok(made.every((d) => ['whispers', 'renban', 'palindrome'].includes(d.kind)));
  const givens = await boardLine(page);
  assertSolves(await solveOnPage(page), {
    ...LINES6,
    givens,
    lines: made.map((d) => ({ kind: d.kind, cells: d.cells.map((c) => cellOf(c, 6)), apart: 3 })),
  });
});

const LITTLE_JSON = crateFixture('littlekiller.json');
const LITTLE = readFpuzzles(LITTLE_JSON);
const LITTLE6_JSON = crateFixture('littlekiller6.json');
const LITTLE6 = { ...readFpuzzles(LITTLE6_JSON), boxes: [2, 3] };

test('variants: little killers are drawn outside the grid with their arrows, named, hinted and solved', async (t) => {
  const f = JSON.parse(LITTLE_JSON);
  assert.equal(LITTLE.littleKillers.length, f.littlekillersum.length);
  assertSolves(f.solution.join(''), LITTLE);
  const classic = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  assert.throws(() => assertSolves(classic, { ...LITTLE, givens: '.'.repeat(81) }), /little killer/);

  const page = await open(t);
  await importPuzzle(page, LITTLE_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Little killer, 9x9/);
  assert.equal(await boardLine(page), LITTLE.givens);
  // Each total drawn outside the grid, beside its diagonal's first cell,
  // and the arrow's tip at that cell's corner.
  const grid = await page.locator('#board').boundingBox();
  const drawn = await page.$$eval('#board svg.overlay g.little-killer', (gs) => gs.map((g) => {
    const text = g.querySelector('text').getBoundingClientRect();
    return { cells: g.dataset.cells.split(' '), total: g.dataset.total, label: g.querySelector('text').textContent, text: { x: text.x, y: text.y, w: text.width, h: text.height } };
  }));
  assert.equal(drawn.length, LITTLE.littleKillers.length);
  for (const { cells, total } of LITTLE.littleKillers) {
    const names = cells.map((i) => nameOf(i, 9));
    const g = drawn.find((d) => d.cells.join(' ') === names.join(' '));
    assert.ok(g, `a little killer along ${names.join(' ')}`);
    assert.equal(g.label, String(total));
    const [cx, cy] = [g.text.x + g.text.w / 2, g.text.y + g.text.h / 2];
    const outside = cx < grid.x || cx > grid.x + grid.width || cy < grid.y || cy > grid.y + grid.height;
    assert.ok(outside, `the total ${total} outside the grid`);
    const first = await cell(page, names[0]).boundingBox();
    assert.ok(Math.abs(cx - (first.x + first.width / 2)) < first.width * 1.6 && Math.abs(cy - (first.y + first.height / 2)) < first.height * 1.6, `the total ${total} beside ${names[0]}`);
  }
  // The totals stay on the page: nothing cut at its edges.
  const within = await page.evaluate(() => [...document.querySelectorAll('#board g.little-killer text')].every((t) => {
    const r = t.getBoundingClientRect();
    return r.x >= 0 && r.y >= 0 && r.right <= document.documentElement.scrollWidth;
  }));
  assert.ok(within, 'every total on the page');
  const firstClue = LITTLE.littleKillers[0];
  assert.match(await cell(page, nameOf(firstClue.cells[0], 9)).getAttribute('aria-description'), new RegExp(`on a little killer diagonal of total ${firstClue.total} from ${nameOf(firstClue.cells[0], 9)}, cell 1 of ${firstClue.cells.length}`));
  assert.match(await page.locator('#variant-rules').textContent(), /gives the sum of the digits along the diagonal it points to/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-little-killer-1280.png'), fullPage: true });
  const solution = await solveOnPage(page);
  assertSolves(solution, LITTLE);
  assert.equal(solution, f.solution.join(''));
  // The 6x6 with no givens: its clue's hint names the technique.
  await importPuzzle(page, LITTLE6_JSON);
  await statusMatches(page, /Variant puzzle imported \(Little killer, 6x6\)\. Good luck!/);
  assert.equal(await count(page, 'g.little-killer'), LITTLE6.littleKillers.length);
  await button(page, 'Hint').click();
  assert.match(await statusMatches(page, /Hint 1 of 3/), /Little Killer Range/);
  const solution6 = await solveOnPage(page);
  assertSolves(solution6, LITTLE6);
  assert.equal(solution6, JSON.parse(LITTLE6_JSON).solution.join(''));
  // The same 6x6 drawn by SudokuPad (arrows and totals outside the grid),
  // as a link: the same clues drawn and the same solution.
  await importPuzzle(page, crateFixture('sudokupad/littlekiller6.txt').trim());
  await statusMatches(page, /Variant puzzle imported \(Little killer, 6x6\)/);
  assert.equal(await count(page, 'g.little-killer'), LITTLE6.littleKillers.length);
  assert.equal(await solveOnPage(page), solution6);
  // New puzzle makes a 6x6 of little killers from a random solution; the
  // solution found on the page keeps the totals drawn.
  const before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await page.getByLabel('Variant', { exact: true }).selectOption('little-killer');
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await button(page, 'New puzzle').click();
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.match(await status(page).textContent(), /^New Little killer puzzle, 6x6/);
  const made = await page.$$eval('#board g.little-killer', (gs) => gs.map((g) => ({ cells: g.dataset.cells.split(' '), total: Number(g.dataset.total) })));
  assert.equal(made.length, 6);
  const givens = await boardLine(page);
  assertSolves(await solveOnPage(page), {
    ...LITTLE6,
    givens,
    littleKillers: made.map((k) => ({ cells: k.cells.map((c) => cellOf(c, 6)), total: k.total })),
  });
});

const SANDWICH_JSON = crateFixture('sandwich.json');
const SANDWICH = readFpuzzles(SANDWICH_JSON);

test('variants: sandwich sums are drawn beside their rows and columns, named, hinted and solved', async (t) => {
  assert.equal(SANDWICH.sandwiches.length, 18);
  const classic = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  assert.throws(() => assertSolves(classic, { ...SANDWICH, givens: '.'.repeat(81) }), /sandwich/);

  const page = await open(t);
  await importPuzzle(page, SANDWICH_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Sandwich, 9x9/);
  assert.equal(await boardLine(page), SANDWICH.givens);
  // Each total outside the grid, level with its row (left of it) or
  // above its column.
  const grid = await page.locator('#board').boundingBox();
  const drawn = await page.$$eval('#board svg.overlay g.sandwich', (gs) => gs.map((g) => {
    const text = g.querySelector('text').getBoundingClientRect();
    return { cells: g.dataset.cells.split(' '), label: g.querySelector('text').textContent, text: { x: text.x, y: text.y, w: text.width, h: text.height } };
  }));
  assert.equal(drawn.length, 18);
  for (const { cells, total } of SANDWICH.sandwiches) {
    const names = cells.map((i) => nameOf(i, 9));
    const g = drawn.find((d) => d.cells.join(' ') === names.join(' '));
    assert.ok(g, `a sandwich along ${names.join(' ')}`);
    assert.equal(g.label, String(total));
    const [cx, cy] = [g.text.x + g.text.w / 2, g.text.y + g.text.h / 2];
    const first = await cell(page, names[0]).boundingBox();
    const row = cells[1] === cells[0] + 1;
    if (row) {
      assert.ok(cx < grid.x && Math.abs(cy - (first.y + first.height / 2)) < first.height / 2, `${total} left of ${names[0]}`);
    } else {
      assert.ok(cy < grid.y && Math.abs(cx - (first.x + first.width / 2)) < first.width / 2, `${total} above ${names[0]}`);
    }
  }
  const within = await page.evaluate(() => [...document.querySelectorAll('#board g.sandwich text')].every((t) => {
    const r = t.getBoundingClientRect();
    return r.x >= 0 && r.y >= 0 && r.right <= document.documentElement.scrollWidth;
  }));
  assert.ok(within, 'every total on the page');
  assert.match(await cell(page, 'r1c1').getAttribute('aria-description'), /in row 1, whose sandwich sum is \d+/);
  assert.match(await page.locator('#variant-rules').textContent(), /sum of the digits between the 1 and the 9/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-sandwich-1280.png'), fullPage: true });
  await button(page, 'Hint').click();
  assert.match(await statusMatches(page, /Hint 1 of/), /Look for a Sandwich Sum in the sandwich on column 1 \(35\)/);
  const solution = await solveOnPage(page);
  assertSolves(solution, SANDWICH);
  // New puzzle makes a 6x6 with a sum on every row and column; the
  // solution found on the page keeps the totals drawn.
  const before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await page.getByLabel('Variant', { exact: true }).selectOption('sandwich');
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await button(page, 'New puzzle').click();
  await page.waitForFunction((n) => Number(document.body.dataset.generatedCount || 0) > n, before, { timeout: 30_000 });
  assert.match(await status(page).textContent(), /^New Sandwich puzzle, 6x6/);
  const made = await page.$$eval('#board g.sandwich', (gs) => gs.map((g) => ({ cells: g.dataset.cells.split(' '), total: Number(g.dataset.total) })));
  assert.equal(made.length, 12);
  const givens = await boardLine(page);
  assertSolves(await solveOnPage(page), {
    ...readFpuzzles(crateFixture('littlekiller6.json')),
    boxes: [2, 3],
    littleKillers: [],
    givens,
    sandwiches: made.map((k) => ({ cells: k.cells.map((c) => cellOf(c, 6)), total: k.total })),
  });
});

// ---------------------------------------------------------------- skyscrapers and X-sums

/** The clues of a rule outside the grid in the text form ("skyscraper:
 * row 2 from the right = 3"), each with its place: [row, column] from 0,
 * just outside the grid (-1 or n). */
function outsideClues(text, section, n) {
  const re = new RegExp(`^${section}:\\s*(row|column) (\\d+)( from the (right|bottom))? = (\\d+)$`);
  return text.split('\n').flatMap((line) => {
    const m = re.exec(line.trim());
    if (!m) return [];
    const k = Number(m[2]) - 1;
    const end = m[3] ? n : -1;
    return [{ place: m[1] === 'row' ? [k, end] : [end, k], value: Number(m[5]) }];
  });
}

/** The cells from a clue's place outside the grid, walked into it. */
function walkFrom([r, c], n) {
  const [dr, dc] = c < 0 ? [0, 1] : c >= n ? [0, -1] : r < 0 ? [1, 0] : [-1, 0];
  const cells = [];
  for (r += dr, c += dc; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc) cells.push(r * n + c);
  return cells;
}

/** The clue's place in words, as the hints and the text form say it. */
const placeName = ([r, c], n) => (c < 0 || c >= n
  ? `row ${r + 1}${c >= n ? ' from the right' : ''}`
  : `column ${c + 1}${r >= n ? ' from the bottom' : ''}`);

/** The clues of one rule (g.skyscraper, g.x-sum) as the board draws them:
 * each one's place found from where it is on the screen (the column or
 * row its middle is level with, the side of the grid it is on), checked
 * to sit wholly in the board's margin (most of a cell on every side),
 * level with its row or column; with its number and the cells the page
 * says it has. */
async function drawnOutside(page, cls, n) {
  const grid = await page.locator('#board').boundingBox();
  const [cw, ch] = [grid.width / n, grid.height / n];
  const drawn = await page.$$eval(`#board svg.overlay g.${cls}`, (gs) => gs.map((g) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, right: r.right, bottom: r.bottom };
    };
    return {
      cells: g.dataset.cells.split(' '),
      value: g.dataset.count ?? g.dataset.total,
      label: g.querySelector('text').textContent,
      text: box(g.querySelector('text')),
      all: box(g),
      brackets: [...g.querySelectorAll('polyline')].map(box),
    };
  }));
  // The margin on each side, in cells: most of a cell.
  const margins = await page.locator('#board').evaluate((b) => ['Top', 'Right', 'Bottom', 'Left'].map((side) => parseFloat(getComputedStyle(b)[`margin${side}`])));
  const room = Math.min(...margins) / cw;
  assert.ok(room >= 0.69, `a margin of ${room.toFixed(2)} of a cell on every side`);
  return drawn.map((g) => {
    const [cx, cy] = [(g.text.x + g.text.right) / 2, (g.text.y + g.text.bottom) / 2];
    const at = (v, from, size) => Math.max(-1, Math.min(n, Math.floor((v - from) / size)));
    const place = [at(cy, grid.y, ch), at(cx, grid.x, cw)];
    const [r, c] = place;
    const where = `${g.label} (${placeName(place, n)})`;
    const side = r < 0 || r >= n ? (c < 0 || c >= n ? 'corner' : 'column') : (c < 0 || c >= n ? 'row' : 'inside');
    assert.ok(side === 'row' || side === 'column', `${where} beside a row or a column, not ${side}`);
    // Level with the middle of its row or column.
    if (side === 'row') assert.ok(Math.abs(cy - (grid.y + (r + 0.5) * ch)) < ch * 0.15, `${where} level with its row`);
    else assert.ok(Math.abs(cx - (grid.x + (c + 0.5) * cw)) < cw * 0.15, `${where} level with its column`);
    // Wholly in the margin: off the grid, within 0.7 of a cell of it.
    const { all } = g;
    const off = all.right <= grid.x + 1 || all.x >= grid.x + grid.width - 1 || all.bottom <= grid.y + 1 || all.y >= grid.y + grid.height - 1;
    assert.ok(off, `${where} off the grid`);
    assert.ok(all.x >= grid.x - room * cw - 1 && all.right <= grid.x + grid.width + room * cw + 1
      && all.y >= grid.y - room * ch - 1 && all.bottom <= grid.y + grid.height + room * ch + 1, `${where} within the board's margin`);
    return { ...g, place };
  });
}

/** What the page tests of a rule outside the grid: the fixture pasted, its
 * clues drawn at their places (found from the screen), named for screen
 * readers, hinted (a nudge, then the step), solved; then a 6x6 of the rule
 * made by New puzzle, its solution keeping the clues drawn. */
async function outsideRule(t, { fixtureName, section, cls, key, ruleName, words, technique, clueNoun, note, shot }) {
  const text = crateFixture(`text/${fixtureName}`);
  const base = readText(text);
  const { n } = base;
  const clues = outsideClues(text, section, n);
  const rulesOf = (list, givens) => ({
    ...base, boxes: [2, 3], givens, [key]: list.map(({ place, value }) => ({ cells: walkFrom(place, n), count: value, total: value })),
  });
  const rules = rulesOf(clues, base.givens);
  const solution = /# solution: (\S+)/.exec(text)[1];
  assertSolves(solution, rules);
  const classic = '123456456123231564564231312645645312';
  assertSolves(classic, { ...base, boxes: [2, 3], givens: '.'.repeat(36) });
  assert.throws(() => assertSolves(classic, { ...rules, givens: '.'.repeat(36) }), new RegExp(section === 'x-sum' ? 'X-sum' : 'skyscrapers'));

  const page = await open(t);
  await importPuzzle(page, text);
  assert.match(await statusMatches(page, /Variant puzzle imported/), new RegExp(`${ruleName}, 6x6`));
  assert.equal(await boardLine(page), base.givens);
  assert.equal(await page.locator('#board.outside-clues').count(), 1, 'a margin round the grid');
  const drawn = await drawnOutside(page, cls, n);
  assert.equal(drawn.length, clues.length);
  for (const { place, value } of clues) {
    const name = placeName(place, n);
    const g = drawn.find((d) => d.place.join() === place.join());
    assert.ok(g, `a clue drawn at ${name} (${value})`);
    assert.equal(g.value, String(value), name);
    assert.equal(g.label, String(value), name);
    // The page's cells for it are the ones walked from its place.
    assert.deepEqual(g.cells, walkFrom(place, n).map((i) => nameOf(i, n)), name);
    if (section === 'x-sum') {
      // Two brackets, one either side of the total, clear of its digits.
      assert.equal(g.brackets.length, 2, `the brackets of ${name}`);
      const [left, right] = [...g.brackets].sort((a, b) => a.x - b.x);
      assert.ok(left.right <= g.text.x + 1 && right.x >= g.text.right - 1, `${value} between its brackets at ${name}`);
    } else {
      assert.equal(g.brackets.length, 0, `a skyscraper count ${value} plain`);
    }
  }
  // Every side with a clue is used and nothing is cut at the page's edges.
  const within = await page.evaluate((c) => [...document.querySelectorAll(`#board g.${c}`)].every((g) => {
    const r = g.getBoundingClientRect();
    return r.x >= 0 && r.y >= 0 && r.right <= document.documentElement.scrollWidth && r.bottom <= document.documentElement.scrollHeight;
  }), cls);
  assert.ok(within, 'every clue on the page');
  // Screen readers hear each clue on its cells, from its side.
  const [first] = clues.filter(({ place: [, c] }) => c >= n);
  const [r] = first.place;
  assert.match(await cell(page, nameOf(r * n + n - 1, n)).getAttribute('aria-description'), new RegExp(`in row ${r + 1}, whose ${note} from the right is ${first.value}`));
  const [down] = clues.filter(({ place: [row] }) => row >= n);
  const col = down.place[1];
  assert.match(await cell(page, nameOf((n - 1) * n + col, n)).getAttribute('aria-description'), new RegExp(`in column ${col + 1}, whose ${note} from the bottom is ${down.value}`));
  assert.match(await page.locator('#variant-rules').textContent(), words);
  await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
  // The hint: a nudge naming a clue of the fixture, then the step.
  await button(page, 'Hint').click();
  const nudge = await statusMatches(page, /Hint 1 of 3/);
  const [, named, value] = new RegExp(`a nudge: Look for (?:an? )?${technique} in the ${clueNoun} on ((?:row|column) \\d+(?: from the (?:right|bottom))?) \\((\\d+)\\)`).exec(nudge) || [];
  assert.ok(named, nudge);
  assert.ok(clues.some((c) => placeName(c.place, n) === named && c.value === Number(value)), `${named} (${value}) is a clue of the fixture`);
  await button(page, 'Hint').click();
  await statusMatches(page, /Hint 2 of 3/);
  await button(page, 'Hint').click();
  await statusMatches(page, new RegExp(`Hint 3 of 3, the step: ${technique}: From the clue on ${named}, `));
  const solved = await solveOnPage(page);
  assertSolves(solved, rules);
  assert.equal(solved, solution);
  // New puzzle: a 6x6 with a clue at both ends of every row and column;
  // the solution found on the page keeps them, each read from its place.
  const before = Number(await page.evaluate(() => document.body.dataset.generatedCount || 0));
  await page.getByLabel('Variant', { exact: true }).selectOption(section);
  await page.getByLabel('Size', { exact: true }).selectOption('6');
  await button(page, 'New puzzle').click();
  await page.waitForFunction((k) => Number(document.body.dataset.generatedCount || 0) > k, before, { timeout: 60_000 });
  assert.match(await status(page).textContent(), new RegExp(`^New ${ruleName} puzzle, 6x6`));
  assert.equal(await page.getByLabel('Variant', { exact: true }).inputValue(), section);
  const made = await drawnOutside(page, cls, n);
  assert.equal(made.length, 24);
  assert.equal(new Set(made.map((g) => g.place.join())).size, 24, 'every end of every row and column');
  const givens = await boardLine(page);
  assertSolves(await solveOnPage(page), rulesOf(made.map((g) => ({ place: g.place, value: Number(g.label) })), givens));
}

test('variants: skyscrapers are drawn at their end of each row and column, named, hinted, solved and made', async (t) => {
  await outsideRule(t, {
    fixtureName: 'skyscraper-6x6.txt', section: 'skyscraper', cls: 'skyscraper', key: 'skyscrapers', ruleName: 'Skyscraper',
    words: /counts the skyscrapers seen from there/, technique: 'Skyscrapers', clueNoun: 'skyscrapers', note: 'skyscraper clue',
    shot: 'variant-skyscraper-1280.png',
  });
});

test('variants: x-sum clues are drawn in brackets at their end of each row and column, named, hinted, solved and made', async (t) => {
  await outsideRule(t, {
    fixtureName: 'x-sum-6x6.txt', section: 'x-sum', cls: 'x-sum', key: 'xSums', ruleName: 'X-sum',
    words: /the sum of the first X digits/, technique: 'X-Sum', clueNoun: 'X-sum', note: 'X-sum',
    shot: 'variant-x-sum-1280.png',
  });
});

const QUAD_JSON = crateFixture('quadruple.json');
const QUAD = readFpuzzles(QUAD_JSON);

test('variants: quadruples are drawn on their corners, named, hinted and solved', async (t) => {
  assert.equal(QUAD.quadruples.length, 10);
  assertSolves(JSON.parse(QUAD_JSON).solution.join(''), QUAD);
  const classic = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
  assert.throws(() => assertSolves(classic, { ...QUAD, givens: '.'.repeat(81) }), /quadruple/);

  const page = await open(t);
  await importPuzzle(page, QUAD_JSON);
  assert.match(await statusMatches(page, /Variant puzzle imported/), /Quadruple, 9x9/);
  // Each circle on the corner its four cells share, its digits inside.
  const drawn = await page.$$eval('#board svg.overlay g.quadruple', (gs) => gs.map((g) => {
    const c = g.querySelector('circle').getBoundingClientRect();
    return { cells: g.dataset.cells.split(' '), digits: [...g.querySelectorAll('text')].map((t) => t.textContent).join(' '), x: c.x + c.width / 2, y: c.y + c.height / 2 };
  }));
  assert.equal(drawn.length, 10);
  for (const { cells, digits } of QUAD.quadruples) {
    const names = cells.map((i) => nameOf(i, 9));
    const g = drawn.find((d) => d.cells.join(' ') === names.join(' '));
    assert.ok(g, `a quadruple on ${names.join(' ')}`);
    assert.equal(g.digits, digits.join(' '));
    const first = await cell(page, names[0]).boundingBox();
    const last = await cell(page, names[3]).boundingBox();
    assert.ok(Math.abs(g.x - (first.x + first.width + last.x) / 2) < 3 && Math.abs(g.y - (first.y + first.height + last.y) / 2) < 3, `the circle of ${names[0]} on the corner`);
  }
  assert.match(await cell(page, 'r1c6').getAttribute('aria-description'), /at a quadruple of r1c6, r1c7, r2c6, r2c7 holding 3, 5, 6/);
  assert.match(await page.locator('#variant-rules').textContent(), /on the corner of four cells/);
  await page.screenshot({ path: path.join(SHOTS, 'variant-quadruple-1280.png'), fullPage: true });
  await button(page, 'Hint').click();
  assert.match(await statusMatches(page, /Hint 1 of/), /Look for a Quadruple in the quadruple at r1c6 \(3 5 6\)/);
  const solution = await solveOnPage(page);
  assertSolves(solution, QUAD);
  assert.equal(solution, JSON.parse(QUAD_JSON).solution.join(''));
});

test('no errors in the page', () => {
  assert.deepEqual(pageErrors, []);
});
