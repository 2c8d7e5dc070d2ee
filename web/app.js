// The page: the board, the controls and the player's state. Every Sudoku
// question (reading a puzzle, clashes, hints, mistakes, marks, solving,
// ratings, explanations, new puzzles) goes to the engine, the toolkit's
// Rust libraries compiled to WebAssembly (crates/wasm), which answers with
// the libraries' JSON records. This file only draws and remembers.
//
// Grids of other sizes (4x4 to 25x25) go to the engine's `sized*`
// functions; a position is kept the same way, each cell one character of
// the engine's default alphabet (1-9, then A for 10 ... P for 25), which
// for 9x9 is the classic line.
//
// Variant puzzles (jigsaw, killer, X, thermometers, arrows ...: an
// f-puzzles or SudokuPad link, f-puzzles JSON or the text of
// docs/variants.md) go to the engine's `variant*` functions; the page keeps
// the puzzle as the f-puzzles data the engine gives, and draws the
// engine's description of it over the board as SVG.

const $ = (id) => document.getElementById(id);
const EMPTY = '.'.repeat(81);
const LEVELS = ['nudge', 'cells', 'step'];
const LEVEL_NAMES = ['a nudge', 'the cells', 'the step'];
const STORE = 'sudoku-web-v1';
const UNDO_LIMIT = 500;

// ---------------------------------------------------------------- engine

let callSeq = 0;

/** One engine in a worker; calls answer in order. */
class Engine {
  constructor() { this.start(); }

  start() {
    this.pending = new Map();
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event) => {
      const { id, result, error, ms } = event.data;
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (error) {
        call.reject(new Error(error));
        // A panic leaves the instance unusable: start a fresh one.
        if (/unreachable|panicked/i.test(error)) this.restart();
      } else {
        const value = JSON.parse(result);
        Object.defineProperty(value, 'ms', { value: ms });
        call.resolve(value);
      }
    };
  }

  call(fn, ...args) {
    const id = ++callSeq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }

  get busy() { return this.pending.size > 0; }

  /** Stops whatever it is doing (a long generation, a rating). */
  restart() {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.start();
    for (const call of pending) call.reject(new Error('cancelled'));
  }
}

// Quick questions (clashes, hints, checks) never wait behind long ones
// (ratings, explanations, generation), which run in a second engine.
const quick = new Engine();
const slow = new Engine();

// ---------------------------------------------------------------- cells

// The grid drawn now: its side, boxes and alphabets (the engine's
// shapeInfo; 9x9 until another size is picked or read).
let shape = {
  size: 9, shape: '3x3', box_rows: 3, box_cols: 3, alphabet: '123456789', hex: null,
  difficulties: null,
};
let N = 9;
let CELLS = 81;
let NAMES = [];
let INDEX = new Map();
let symbolsChoice = 'default'; // 'hex' shows a 16x16 grid in 0-F
const cellIndex = (name) => INDEX.get(name);
// The variant on the board: the engine's drawing of it, or null.
let V = null;
const classic = () => N === 9 && !V;
/** The engine function for this size: the 9x9 ones, or their sized twins. */
const fn = (name) => (classic() ? name : `sized${name[0].toUpperCase()}${name.slice(1)}`);
/** The same for the logic (hints, marks, explanations): variants have their own. */
const logicFn = (name) => (V ? `variant${name[0].toUpperCase()}${name.slice(1)}` : fn(name));
/** The characters the board shows for the digits 1..N. */
const shown = () => (symbolsChoice === 'hex' && shape.hex ? shape.hex : shape.alphabet);
/** How the board writes a digit (1..N). */
const sym = (d) => shown()[d - 1] || '';

function setShape(info) {
  shape = info;
  N = info.size;
  CELLS = N * N;
  NAMES = Array.from({ length: CELLS }, (_, i) => `r${Math.floor(i / N) + 1}c${(i % N) + 1}`);
  INDEX = new Map(NAMES.map((name, i) => [name, i]));
}
setShape(shape);

// ---------------------------------------------------------------- state

function freshState() {
  return {
    size: N,
    puzzle: '', // the puzzle as the records write it (81 or 729 characters; N*N for other sizes)
    givens: '.'.repeat(CELLS),
    values: Array(CELLS).fill(0),
    marks: Array(CELLS).fill(''),
    setup: false, // typing a puzzle's clues
    seed: null,
    difficulty: null,
    rating: null, // {rating, difficulty, technique, solved}
    undo: [],
    redo: [],
  };
}

let S = freshState();
let selected = 0;
let marksMode = false;
let clashes = new Set();
let solved = false;
let ladder = null; // {key, level}: the hint told so far for this position
let view = emptyView(); // what the last hint or check highlights
let explain = null; // {data, index} while stepping through the path
let explainCache = null; // {puzzle, data}
let generating = 0;

function emptyView() {
  return {
    house: new Set(), cells: new Set(), mistakes: new Set(),
    cands: new Map(), place: new Map(), elim: new Map(), overlay: null,
  };
}

const valuesLine = () => S.values.map((d) => (d ? shape.alphabet[d - 1] : '.')).join('');
const marksLine = () => S.marks.join(',');
const positionKey = () => `${S.puzzle}|${valuesLine()}|${marksLine()}`;
const isGiven = (i) => !S.setup && S.givens[i] !== '.';
const digitsOf = (line) => Array.from(line, (c) => shape.alphabet.indexOf(c) + 1);

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(S));
  } catch { /* private mode: nothing kept */ }
  updateLink();
}

function restore() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE));
    const size = (stored && stored.size) || 9;
    if (stored && Array.isArray(stored.values) && stored.values.length === size * size) {
      return { ...freshState(), size: 9, ...stored };
    }
  } catch { /* unreadable: start afresh */ }
  return null;
}

function shareUrl() {
  const params = new URLSearchParams();
  if (S.puzzle && V) {
    params.set('f', S.puzzle);
    const v = valuesLine();
    if (v !== S.givens) params.set('v', v);
  } else if (S.puzzle) {
    if (!classic()) params.set('n', String(N));
    params.set('p', S.puzzle);
    const v = valuesLine();
    if (v !== S.givens) params.set('v', v);
  }
  const url = new URL(location.href);
  url.hash = params.toString();
  return url.href;
}

function updateLink() {
  const url = shareUrl();
  history.replaceState(null, '', url);
  $('share-link').href = url;
}

function snapshot() {
  return { values: [...S.values], marks: [...S.marks] };
}

/** Records the position before a change, for Undo. */
function remember() {
  S.undo.push(snapshot());
  if (S.undo.length > UNDO_LIMIT) S.undo.shift();
  S.redo = [];
}

// ---------------------------------------------------------------- messages

function say(text, kind = '') {
  const status = $('status');
  status.textContent = text;
  status.className = `status ${kind}`;
}

function clearHint() {
  ladder = null;
  view = emptyView();
  $('hint-actions').hidden = true;
}

// ---------------------------------------------------------------- board

const board = $('board');
const cellEls = [];
let padHtml = null; // the 9x9 digit pad of the HTML
let difficultyHtml = null; // the 9x9 difficulties of the HTML

/** Draws an empty board of the current shape: N rows of N cells, a thick
 * line after every box_cols-th column and box_rows-th row. */
function buildBoard() {
  board.replaceChildren();
  cellEls.length = 0;
  const { box_rows: br, box_cols: bc } = shape;
  board.dataset.size = String(N);
  document.body.dataset.size = String(N);
  board.style.setProperty('--n', String(N));
  board.style.setProperty('--mc', String(bc));
  board.style.setProperty('--mr', String(br));
  for (let r = 0; r < N; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'board-row';
    for (let c = 0; c < N; c++) {
      const i = r * N + c;
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-label', NAMES[i]);
      cell.dataset.index = String(i);
      cell.className = 'cell';
      if (V) {
        // A variant's regions (boxes or jigsaw) from its region map.
        const map = V.regions;
        if (map && c < N - 1 && map[i] !== map[i + 1]) cell.classList.add('box-right');
        if (map && r < N - 1 && map[i] !== map[i + N]) cell.classList.add('box-bottom');
      } else {
        if (c % bc === bc - 1 && c < N - 1) cell.classList.add('box-right');
        if (r % br === br - 1 && r < N - 1) cell.classList.add('box-bottom');
      }
      cell.tabIndex = -1;
      const value = document.createElement('span');
      value.className = 'value';
      const marks = document.createElement('span');
      marks.className = 'marks';
      for (let d = 1; d <= N; d++) {
        const m = document.createElement('span');
        m.dataset.d = String(d);
        marks.append(m);
      }
      cell.append(value, marks);
      cell.addEventListener('mousedown', (e) => { e.preventDefault(); select(i); });
      row.append(cell);
      cellEls.push(cell);
    }
    board.append(row);
  }
  // Room around the grid for clues outside it.
  const outside = V && ['little_killers', 'sandwiches', 'skyscrapers', 'x_sums'].some((k) => (V[k] || []).length);
  board.classList.toggle('outside-clues', !!outside);
  // X-sums' totals with their brackets want a wider margin.
  board.classList.toggle('wide-clues', !!(V && (V.x_sums || []).length));
  drawVariant();
  $('variant-rules').hidden = !V;
  // The library's sentences, the same that the links it writes carry.
  if (V) $('variant-rules').textContent = V.rules_in_words;
  buildPad();
  $('symbols-box').hidden = !shape.hex;
  $('size').value = String(N);
}

/** The digit pad (phones): 1-9 for 9x9 as the HTML has it, else 1..N. */
function buildPad() {
  const pad = $('pad');
  if (padHtml === null) padHtml = pad.innerHTML;
  if (N === 9) { // a 9x9 variant too
    pad.innerHTML = padHtml;
    pad.classList.remove('sized');
    return;
  }
  pad.replaceChildren();
  pad.classList.add('sized');
  for (let d = 1; d <= N; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.digit = String(d);
    b.textContent = sym(d);
    pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.dataset.digit = '0';
  erase.setAttribute('aria-label', 'Erase');
  erase.textContent = '\u232B';
  const marks = document.createElement('button');
  marks.type = 'button';
  marks.id = 'pad-marks';
  marks.className = 'wide';
  marks.setAttribute('aria-pressed', String(marksMode));
  marks.setAttribute('aria-label', 'Pencil marks');
  marks.textContent = '\u270E marks';
  pad.append(erase, marks);
}

/** The difficulties of the generator for this size. */
function fillDifficulties() {
  const select = $('difficulty');
  if (difficultyHtml === null) difficultyHtml = select.innerHTML;
  if (classic()) {
    if (select.dataset.size !== '9') {
      select.innerHTML = difficultyHtml;
      select.value = 'medium';
    }
  } else {
    const labels = { easiest: 'easiest (singles solve it)', any: 'any (fewer clues)', hardest: 'hardest (minimal)' };
    const order = ['easiest', 'any', 'hardest'].filter((d) => shape.difficulties.includes(d));
    const previous = select.value;
    select.replaceChildren(...order.map((d) => new Option(labels[d], d)));
    select.value = order.includes(previous) ? previous : 'any';
  }
  select.dataset.size = String(N);
}

/** Switches the board to another side (the engine gives its shape). */
async function useSize(size) {
  if (size === N && cellEls.length && !V) return;
  const info = await quick.call('shapeInfo', String(size));
  if (!info.ok) throw new Error(info.error);
  V = null;
  setShape(info);
  buildBoard();
  fillDifficulties();
  selected = Math.min(selected, CELLS - 1);
}

function select(i) {
  selected = i;
  render();
  cellEls[i].focus();
}

function render() {
  const ex = explain && explain.data;
  const step = ex ? explain.path.steps[explain.index] : null;
  const exCells = ex ? new Set(ex.cells[explain.index]) : null;
  const exPlace = new Map();
  const exElim = new Map();
  if (step) {
    for (const p of step.placements) exPlace.set(p.cell, new Set([p.digit]));
    for (const e of step.eliminations) {
      if (!exElim.has(e.cell)) exElim.set(e.cell, new Set());
      exElim.get(e.cell).add(e.digit);
    }
  }
  const values = ex ? digitsOf(ex.values[explain.index]) : S.values;
  const selDigit = values[selected];
  for (let i = 0; i < CELLS; i++) {
    const el = cellEls[i];
    const name = NAMES[i];
    const d = values[i];
    const given = (ex ? explainGiven(i) : isGiven(i)) || (S.setup && d !== 0);
    el.querySelector('.value').textContent = d ? sym(d) : '';
    let marks = '';
    let auto = false;
    if (!d) {
      if (ex) {
        marks = ex.marks[explain.index][i];
        auto = true;
      } else if (S.marks[i]) {
        marks = S.marks[i];
      } else if (view.overlay && view.overlay[i]) {
        marks = view.overlay[i];
        auto = true;
      }
    }
    const spans = el.querySelectorAll('.marks span');
    const cands = ex ? null : view.cands.get(name);
    const place = ex ? exPlace.get(name) : view.place.get(name);
    const elim = ex ? exElim.get(name) : view.elim.get(name);
    spans.forEach((span, k) => {
      const digit = k + 1;
      const marked = marks.includes(shape.alphabet[k]);
      span.textContent = marked ? sym(digit) : '';
      span.className = [
        cands && cands.has(digit) ? 'm-cand' : '',
        place && place.has(digit) ? 'm-place' : '',
        elim && elim.has(digit) ? 'm-elim' : '',
      ].join(' ').trim();
    });
    const cls = el.classList;
    cls.toggle('given', given);
    cls.toggle('entry', !!d && !given);
    cls.toggle('has-marks', !d && marks !== '');
    cls.toggle('auto-marks', auto);
    cls.toggle('selected', i === selected);
    cls.toggle('same', !!selDigit && d === selDigit && i !== selected);
    cls.toggle('clash', !ex && clashes.has(name));
    cls.toggle('hl-house', ex ? false : view.house.has(name));
    cls.toggle('hl-cell', ex ? exCells.has(name) : view.cells.has(name));
    cls.toggle('hl-place', ex ? exPlace.has(name) : view.place.has(name));
    cls.toggle('mistake', !ex && view.mistakes.has(name));
    el.tabIndex = i === selected ? 0 : -1;
    const parts = [d ? sym(d) : 'empty'];
    if (given) parts.push('given');
    if (!d && marks) parts.push(`marks ${Array.from(marks, (m) => sym(shape.alphabet.indexOf(m) + 1)).join('')}`);
    if (!ex && clashes.has(name)) parts.push('clashes');
    if (!ex && view.mistakes.has(name)) parts.push('mistake');
    if (V && cellNotes[i]) parts.push(cellNotes[i]);
    el.setAttribute('aria-description', parts.join(', '));
  }
  board.classList.toggle('explaining', !!ex);
  board.setAttribute('aria-readonly', ex ? 'true' : 'false');
  $('undo').disabled = !S.undo.length;
  $('redo').disabled = !S.redo.length;
  $('marks-mode').setAttribute('aria-pressed', String(marksMode));
  $('pad-marks').setAttribute('aria-pressed', String(marksMode));
  $('start').hidden = !S.setup;
  renderInfo();
}

function explainGiven(i) {
  return S.givens[i] !== '.';
}

function renderInfo() {
  let text = 'No puzzle yet';
  if (S.setup) text = classic() ? 'Typing a puzzle' : `Typing a ${N}x${N} puzzle`;
  else if (V) {
    const clues = digitsOf(S.givens).filter((d) => d).length;
    const cages = V.cages.length ? ` · ${V.cages.length} cage${V.cages.length > 1 ? 's' : ''}` : '';
    // The variants' logic explains but does not rate.
    text = `${variantNames()} · ${N}x${N}${cages} · ${clues} clue${clues === 1 ? '' : 's'} · no rating for variants`;
  } else if (!classic()) {
    // No ratings beyond 9x9: the size, the boxes, the digits and the clues.
    const letters = N > 9 ? ` · ${sym(10)}=10${N > 10 ? ` … ${sym(N)}=${N}` : ''}` : '';
    const clues = S.puzzle ? ` · ${digitsOf(S.givens).filter((d) => d).length} clues` : '';
    const level = S.difficulty ? ` · ${S.difficulty}` : '';
    // The hardest step, on the library's scale (the Explainer's numbers).
    const r = S.rating;
    const hardest = r ? ` · hardest step: ${r.technique}${r.solved === false ? ', then no technique applies' : ''}` : '';
    text = `${N}x${N}, ${shape.box_rows}x${shape.box_cols} boxes${letters}${clues}${level}${hardest}`;
  } else if (S.rating) {
    const r = S.rating;
    const value = r.solved === false ? `at least ${r.rating.toFixed(1)}` : r.rating.toFixed(1);
    text = `Rating ${value} · ${r.difficulty} · hardest step: ${r.technique}`;
  } else if (S.puzzle) text = 'Rating…';
  $('rating').textContent = text;
  $('seed-info').textContent = S.seed != null ? `· seed ${S.seed}` : '';
}

// ---------------------------------------------------------------- changes

/** After every change of the position: keep it, forget the hint, ask for clashes. */
function changed() {
  clearHint();
  save();
  render();
  refreshPosition();
}

async function refreshPosition() {
  const key = positionKey();
  const res = V ? await quick.call('variantPosition', S.puzzle, valuesLine())
    : await quick.call(fn('position'), valuesLine());
  if (key !== positionKey() || !res.ok) return;
  clashes = new Set(res.clashes);
  const wasSolved = solved;
  solved = !!S.puzzle && !S.setup && res.solved;
  render();
  if (solved && !wasSolved && V) say('Solved! Every rule of the puzzle is kept.', 'good');
  else if (solved && !wasSolved) say(`Solved! Every row, column and box holds ${sym(1)} to ${sym(N)}.`, 'good');
}

function enter(i, d) {
  if (explain) return;
  if (isGiven(i)) {
    say(`${NAMES[i]} is a given: it cannot change.`);
    return;
  }
  if (S.values[i] === d) return;
  remember();
  S.values[i] = d;
  changed();
}

function erase(i) {
  if (explain || isGiven(i)) return;
  if (S.values[i]) {
    remember();
    S.values[i] = 0;
    changed();
  } else if (S.marks[i]) {
    remember();
    S.marks[i] = '';
    changed();
  }
}

function toggleMark(i, d) {
  if (explain || S.setup) return;
  if (isGiven(i) || S.values[i]) {
    say(`${NAMES[i]} holds a digit: marks go in empty cells.`);
    return;
  }
  remember();
  const set = new Set(S.marks[i]);
  const k = shape.alphabet[d - 1];
  if (set.has(k)) set.delete(k); else set.add(k);
  S.marks[i] = shape.alphabet.split('').filter((m) => set.has(m)).join('');
  changed();
}

function undo() {
  if (!S.undo.length || explain) return;
  S.redo.push(snapshot());
  Object.assign(S, S.undo.pop());
  changed();
  say('Undone.');
}

function redo() {
  if (!S.redo.length || explain) return;
  S.undo.push(snapshot());
  Object.assign(S, S.redo.pop());
  changed();
  say('Redone.');
}

function digitFromEvent(e) {
  if (!classic()) return sizedDigitFromEvent(e);
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code || '');
  if (m) return Number(m[1]);
  if (/^[0-9]$/.test(e.key)) return Number(e.key);
  return null;
}

/** The digit of a key on another size: the board's characters (1-9, then
 * letters; 0-F in hex), 0 to erase; null for any other key. */
function sizedDigitFromEvent(e) {
  const m = /^(?:Digit|Numpad|Key)([0-9A-Z])$/.exec(e.code || '');
  const ch = m ? m[1] : (/^[0-9a-z]$/i.test(e.key) ? e.key.toUpperCase() : null);
  if (ch === null) return null;
  const d = shown().indexOf(ch) + 1;
  if (d) return d;
  return ch === '0' ? 0 : null;
}

function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    e.preventDefault();
    const r = Math.floor(selected / N);
    const c = selected % N;
    let next = selected;
    if (e.key === 'ArrowUp') next = ((r + N - 1) % N) * N + c;
    if (e.key === 'ArrowDown') next = ((r + 1) % N) * N + c;
    if (e.key === 'ArrowLeft') next = r * N + ((c + N - 1) % N);
    if (e.key === 'ArrowRight') next = r * N + ((c + 1) % N);
    select(next);
    return;
  }
  if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '.') {
    e.preventDefault();
    erase(selected);
    return;
  }
  const d = digitFromEvent(e);
  if (d === null) return;
  e.preventDefault();
  if (d === 0) erase(selected);
  else if (e.shiftKey || marksMode) toggleMark(selected, d);
  else enter(selected, d);
}

function toggleMarksMode() {
  marksMode = !marksMode;
  say(marksMode ? 'Marks mode: digits toggle pencil marks.' : 'Digits mode: digits fill cells.');
  render();
}

function onPad(e) {
  if (e.target.closest('#pad-marks')) {
    toggleMarksMode();
    return;
  }
  const button = e.target.closest('button[data-digit]');
  if (!button) return;
  const d = Number(button.dataset.digit);
  if (d === 0) erase(selected);
  else if (marksMode) toggleMark(selected, d);
  else enter(selected, d);
}

// ---------------------------------------------------------------- puzzles

/** Shows a puzzle the engine read (readPuzzle's answer or a generated one). */
function loadPuzzle(res, extra = {}) {
  // A puzzle being made in the background must not replace this one.
  if (!extra.seed) generating++;
  closeExplain();
  S = freshState();
  S.puzzle = res.puzzle;
  S.givens = res.givens;
  S.values = digitsOf(res.givens);
  if (res.marks) S.marks = res.marks.map((m, i) => (S.values[i] ? '' : m));
  S.seed = extra.seed ?? null;
  S.difficulty = extra.difficulty ?? null;
  S.rating = extra.rating ?? null;
  clashes = new Set();
  solved = false;
  explainCache = null;
  if (!S.rating) requestRating();
  showVariantChoice();
  changed();
}

async function requestRating() {
  if (V) return; // the variants' logic has no rating
  const puzzle = S.puzzle;
  if (slow.busy) slow.restart();
  try {
    const r = await slow.call(fn('rate'), puzzle);
    if (S.puzzle !== puzzle || !(r.difficulty || (!classic() && r.technique))) return;
    S.rating = { rating: r.rating, difficulty: r.difficulty, technique: r.technique, solved: r.solved };
    save();
    renderInfo();
  } catch { /* cancelled by a newer puzzle */ }
}

async function importText() {
  const text = $('import-text').value;
  if (!text.trim()) {
    say('Paste a puzzle into the box first.', 'error');
    return;
  }
  // A link, f-puzzles JSON, the variants' text, or rules asked for: a variant.
  const variant = await quick.call('variantRead', text, $('variant-kinds').value);
  if (variant.variant) {
    if (!variant.ok) {
      say(`Could not read the variant puzzle: ${variant.error}`, 'error');
      return;
    }
    // A link to a plain grid (no rule beyond the usual boxes) is played as
    // one, with hints and ratings.
    const d = variant.drawing;
    if (!d.variants.length && d.boxes && (await importPlain(d.givens, d.boxes.join('x')))) return;
    loadVariant(variant);
    $('import-box').open = false;
    const open = variant.verdict === 'multiple' ? ' It has more than one solution.' : ' Good luck!';
    say(`Variant puzzle imported (${variantNames()}, ${N}x${N}).${open}`, variant.verdict === 'multiple' ? 'error' : '');
    select(0);
    return;
  }
  const res = await quick.call('readPuzzle', text);
  if (!res.ok) {
    if (res.size && res.size !== 9 && res.givens) {
      // Clashing givens of another size: shown on the board to fix them.
      await useSize(res.size);
      await enterSetup();
      S.values = digitsOf(res.givens);
      changed();
    }
    say(`Could not read the puzzle: ${res.error}`, 'error');
    return;
  }
  await useSize(res.size || 9);
  if (shape.hex && res.symbols) {
    symbolsChoice = res.symbols === 'hex' ? 'hex' : 'default';
    $('symbols').value = symbolsChoice;
    buildPad();
  }
  loadPuzzle(res);
  $('import-box').open = false;
  const size = classic() ? '' : `${N}x${N} puzzle, `;
  say(`Puzzle imported (${size}${res.format} format). Good luck!`);
  select(0);
}

/** Plays a plain grid read from a variant input, when the grid readers
 * take it with the same boxes; false otherwise. */
async function importPlain(givens, boxes) {
  const res = await quick.call('readPuzzle', givens);
  if (!res.ok || res.shape !== boxes) return false;
  await useSize(res.size || 9);
  loadPuzzle(res);
  $('import-box').open = false;
  say(`Puzzle imported (${res.size === 9 ? '' : `${res.size}x${res.size} puzzle, `}a plain grid from the link). Good luck!`);
  select(0);
  return true;
}

async function enterSetup() {
  if (V) await leaveVariant();
  generating++;
  closeExplain();
  S = freshState();
  S.setup = true;
  clashes = new Set();
  solved = false;
  changed();
  say('Type the clues (digits, arrows, Backspace), then press Start playing.');
  select(0);
}

async function startPlaying() {
  const res = await quick.call(classic() ? 'readPuzzle' : 'sizedRead', valuesLine());
  if (!res.ok) {
    say(`This is not a puzzle yet: ${res.error}`, 'error');
    return;
  }
  loadPuzzle(res);
  $('import-box').open = false;
  say('Puzzle ready. The clues are locked.');
  select(selected);
}

/** Shows that the slow engine works (a large puzzle being made): a bar
 * and the seconds so far; returns the function that stops it. */
let busyStop = null;
function busy(message) {
  if (busyStop) busyStop();
  const started = performance.now();
  const bar = $('busy');
  bar.hidden = false;
  board.setAttribute('aria-busy', 'true');
  document.body.dataset.busy = 'true';
  const tick = () => {
    const s = Math.floor((performance.now() - started) / 1000);
    say(s >= 1 ? `${message} ${s} s` : message);
  };
  tick();
  const timer = setInterval(tick, 1000);
  const stop = () => {
    clearInterval(timer);
    if (busyStop !== stop) return;
    busyStop = null;
    bar.hidden = true;
    board.removeAttribute('aria-busy');
    delete document.body.dataset.busy;
  };
  busyStop = stop;
  return stop;
}

async function newPuzzle() {
  const typed = $('seed').value.trim();
  const seed = typed || String(Math.floor(Math.random() * 2 ** 32));
  if ($('variant-new').value) return newVariant($('variant-new').value, seed);
  if (V) await leaveVariant();
  const difficulty = $('difficulty').value;
  const ticket = ++generating;
  if (slow.busy) slow.restart();
  const size = N;
  const what = classic() ? `${/^[ae]/.test(difficulty) ? 'an' : 'a'} ${difficulty} puzzle (seed ${seed})`
    : `a ${N}x${N} puzzle (${difficulty}, seed ${seed}${N >= 25 ? '; this size takes seconds' : ''})`;
  const stop = busy(`Making ${what}…`);
  $('new').setAttribute('aria-busy', 'true');
  const started = performance.now();
  let res;
  try {
    res = classic() ? await slow.call('generate', difficulty, seed)
      : await slow.call('sizedGenerate', String(N), difficulty, seed);
  } catch {
    return; // cancelled by a newer request
  } finally {
    stop();
    if (ticket === generating) $('new').removeAttribute('aria-busy');
  }
  if (ticket !== generating || size !== N) return;
  if (!res.ok) {
    say(`No puzzle: ${res.error}`, 'error');
    return;
  }
  const g = res.generated;
  const ms = performance.now() - started;
  loadPuzzle({ puzzle: g.puzzle, givens: g.puzzle, marks: null }, {
    seed: res.seed,
    difficulty,
    rating: classic() ? { rating: g.rating, difficulty: g.difficulty, technique: g.technique, solved: true } : null,
  });
  // The seed is shown in the info line; the field stays for a seed typed on purpose.
  $('seed').value = '';
  document.body.dataset.generatedMs = ms.toFixed(0);
  document.body.dataset.generatedCount = String(Number(document.body.dataset.generatedCount || 0) + 1);
  const kind = classic() ? `${g.difficulty} puzzle` : `${N}x${N} puzzle (${res.difficulty})`;
  say(`New ${kind}, ${g.clues} clues (seed ${res.seed}, made in ${(ms / 1000).toFixed(2)} s).`);
  select(0);
}

// ---------------------------------------------------------------- variants

/** The board of a variant: its side and digits, its regions, its drawing. */
function useVariant(drawing) {
  V = drawing;
  const n = drawing.size;
  // Pencil marks laid out in the boxes' shape (or the most square one).
  let [rows, cols] = drawing.boxes || [1, n];
  if (!drawing.boxes) for (let r = 1; r * r <= n; r++) if (n % r === 0) [rows, cols] = [r, n / r];
  setShape({
    size: n, shape: `${rows}x${cols}`, box_rows: rows, box_cols: cols,
    alphabet: '123456789ABCDEFG'.slice(0, n), hex: null, difficulties: null,
  });
  buildBoard();
  noteCells();
  selected = Math.min(selected, CELLS - 1);
  showVariantChoice();
}

/** The Variant choice follows the puzzle on the board, as the size does,
 * when one of its entries names the board's rules (a thermometer puzzle
 * has none, so the choice stays). */
function showVariantChoice() {
  const key = (list) => list.filter(Boolean).sort().join(',');
  const rules = key(V ? V.variants : []);
  const choice = $('variant-new');
  const option = [...choice.options].find((o) => key(o.value.split(',')) === rules);
  if (!option) return;
  choice.value = option.value;
  $('difficulty').disabled = !!option.value;
}

// What the drawing says of each cell, for screen readers (the SVG is hidden).
let cellNotes = [];

function noteCells() {
  const notes = Array.from({ length: CELLS }, () => []);
  for (const { cells, total } of V.cages) {
    for (const i of cells) notes[i].push(`in a cage of ${cells.length} cells${total == null ? '' : ` adding up to ${total}`}`);
  }
  for (const thermo of V.thermometers) {
    thermo.forEach((i, k) => notes[i].push(k ? `thermometer cell ${k + 1} of ${thermo.length}` : 'thermometer bulb'));
  }
  for (const { circle, path } of V.arrows) {
    for (const i of circle) notes[i].push(`arrow circle, the sum of ${path.map((p) => NAMES[p]).join(' ')}`);
    for (const i of path) notes[i].push('on an arrow');
  }
  for (const i of V.odd) notes[i].push('odd');
  for (const i of V.even) notes[i].push('even');
  const MARK_WORDS = { white: 'a white dot', black: 'a black dot' };
  for (const { cells, kind, label } of V.marks || []) {
    const xv = label === 'X' ? 'an X' : label === 'V' ? 'a V' : `a sum of ${label}`;
    const words = kind === 'xv' ? xv : `${MARK_WORDS[kind]}${label ? ` of ${label}` : ''}`;
    notes[cells[0]].push(`${words} with ${NAMES[cells[1]]}`);
    notes[cells[1]].push(`${words} with ${NAMES[cells[0]]}`);
  }
  // Lines, named as the library names them ("renban line from r7c1"); a
  // loop's cell is on the line twice.
  for (const line of V.lines || []) {
    const { cells, label } = line;
    const apart = label === null || label === undefined ? '' : ` (neighbours differ by at least ${label})`;
    for (const i of new Set(cells)) {
      const at = cells.flatMap((c, k) => (c === i ? [k + 1] : []));
      notes[i].push(`on a ${lineName(line)}${apart}, cell${at.length > 1 ? 's' : ''} ${at.join(' and ')} of ${cells.length}`);
    }
  }
  for (const { cells, total } of V.little_killers || []) {
    cells.forEach((i, k) => notes[i].push(`on a little killer diagonal of total ${total} from ${NAMES[cells[0]]}, cell ${k + 1} of ${cells.length}`));
  }
  for (const { cells, total } of V.sandwiches || []) {
    const line = cells[0] % V.size === cells[1] % V.size ? `column ${cells[0] % V.size + 1}` : `row ${Math.floor(cells[0] / V.size) + 1}`;
    cells.forEach((i) => notes[i].push(`in ${line}, whose sandwich sum is ${total}`));
  }
  for (const { cells, count, clue } of V.skyscrapers || []) {
    const [line, side] = clueSide(cells, clue);
    cells.forEach((i) => notes[i].push(`in ${line}, whose skyscraper clue from the ${side} is ${count}`));
  }
  for (const { cells, total, clue } of V.x_sums || []) {
    const [line, side] = clueSide(cells, clue);
    cells.forEach((i) => notes[i].push(`in ${line}, whose X-sum from the ${side} is ${total}`));
  }
  for (const { cells, digits } of V.quadruples || []) {
    cells.forEach((i) => notes[i].push(`at a quadruple of ${cells.map((c) => NAMES[c]).join(', ')} holding ${digits.join(', ')}`));
  }
  cellNotes = notes.map((n) => n.join(', '));
}

/** The row or column of a clue outside the grid and the side it is on:
 * ['row 2', 'right'] for a clue right of row 2. */
function clueSide(cells, [r, c]) {
  if (c < 0 || c >= N) return [`row ${Math.floor(cells[0] / N) + 1}`, c < 0 ? 'left' : 'right'];
  return [`column ${cells[0] % N + 1}`, r < 0 ? 'top' : 'bottom'];
}

/** Back to a classic board of the same side (9x9 when there is none). */
async function leaveVariant() {
  const size = N;
  V = null;
  cellEls.length = 0; // the board is redrawn, even at the same size
  try {
    await useSize(size);
  } catch {
    await useSize(9);
  }
  fillDifficulties();
  showVariantChoice();
}

/** Shows a variant the engine read (variantRead's answer). */
function loadVariant(res) {
  generating++; // a puzzle being made must not replace this one
  closeExplain();
  useVariant(res.drawing);
  S = freshState();
  S.variant = true;
  S.puzzle = res.puzzle;
  S.givens = res.drawing.givens;
  S.values = digitsOf(S.givens);
  clashes = new Set();
  solved = false;
  explainCache = null;
  changed();
}

async function openVariantFromUrl(data, values) {
  const stored = restore();
  const res = await quick.call('variantRead', data, '');
  if (!res.ok) {
    say(`The link holds no puzzle: ${res.error}`, 'error');
    return false;
  }
  if (stored && stored.variant && stored.puzzle === res.puzzle && (!values || values === stored.values.map((d) => (d ? '123456789ABCDEFG'[d - 1] : '.')).join(''))) {
    useVariant(res.drawing);
    S = stored;
    changed();
    return true;
  }
  loadVariant(res);
  if (values && values.length === CELLS) {
    const v = digitsOf(values);
    for (let i = 0; i < CELLS; i++) if (!isGiven(i) && v[i] > 0) S.values[i] = v[i];
    changed();
  }
  say('Puzzle opened from the link.');
  return true;
}

/** A new variant puzzle of the chosen kinds at the chosen size, made in
 * the slow worker (the library's generator, as `sudoku generate --variant`). */
async function newVariant(kinds, seed) {
  const ticket = ++generating;
  if (slow.busy) slow.restart();
  const size = Number($('size').value) || 9;
  const label = $('variant-new').selectedOptions[0].textContent;
  const stop = busy(`Making a ${size}x${size} ${label} puzzle (seed ${seed})…`);
  $('new').setAttribute('aria-busy', 'true');
  const started = performance.now();
  let res;
  try {
    res = await slow.call('variantGenerate', kinds, String(size), seed);
  } catch {
    return; // cancelled by a newer request
  } finally {
    stop();
    if (ticket === generating) $('new').removeAttribute('aria-busy');
  }
  if (ticket !== generating) return;
  if (!res.ok) {
    say(`No puzzle: ${res.error}`, 'error');
    return;
  }
  const ms = performance.now() - started;
  loadVariant(res);
  S.seed = res.seed;
  save();
  render();
  $('seed').value = '';
  document.body.dataset.generatedMs = ms.toFixed(0);
  document.body.dataset.generatedCount = String(Number(document.body.dataset.generatedCount || 0) + 1);
  const clues = digitsOf(S.givens).filter((d) => d).length;
  say(`New ${variantNames()} puzzle, ${N}x${N}, ${clues} clue${clues === 1 ? '' : 's'} (seed ${res.seed}, made in ${(ms / 1000).toFixed(2)} s).`);
  select(0);
}

const VARIANT_NAMES = {
  jigsaw: 'Jigsaw', x: 'X', windoku: 'Windoku', 'disjoint-groups': 'Disjoint groups',
  'extra-regions': 'Extra regions', 'anti-knight': 'Anti-knight', 'anti-king': 'Anti-king',
  'non-consecutive': 'Non-consecutive', killer: 'Killer', thermometer: 'Thermometer',
  arrow: 'Arrow', 'odd-even': 'Odd/even', kropki: 'Kropki', xv: 'XV',
  whispers: 'German whispers', renban: 'Renban', palindrome: 'Palindrome', 'little-killer': 'Little killer',
  sandwich: 'Sandwich', quadruple: 'Quadruple', skyscraper: 'Skyscraper', 'x-sum': 'X-sum',
};

/** A line's name, as the library's hints name it: "whispers line from r1c4". */
const LINE_NOUNS = { whispers: 'whispers line', renban: 'renban line', palindrome: 'palindrome' };
const lineName = ({ kind, cells }) => `${LINE_NOUNS[kind] || `${kind} line`} from ${NAMES[cells[0]]}`;

function variantNames() {
  return V.variants.length ? V.variants.map((v) => VARIANT_NAMES[v] || v).join(', ') : 'Classic';
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

const fix = (x) => Number(x.toFixed(3));

/** The centre of a cell, in cells. */
const centre = (i) => [(i % N) + 0.5, Math.floor(i / N) + 0.5];

/** The outline of a set of cells, inset by d: one segment per outer side,
 * lengthened or shortened at the corners so the segments meet. */
function outline(cells, d) {
  const inside = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < N && c < N && inside.has(r * N + c);
  const parts = [];
  for (const i of cells) {
    const r = Math.floor(i / N);
    const c = i % N;
    // [missing neighbour, fixed coordinate, along x?, the two ends' neighbours]
    const end = (side, corner, at, lo) => (!has(...side) ? at + (lo ? d : -d) : has(...corner) ? at + (lo ? -d : d) : at);
    if (!has(r - 1, c)) {
      parts.push(['H', r + d, end([r, c - 1], [r - 1, c - 1], c, true), end([r, c + 1], [r - 1, c + 1], c + 1, false)]);
    }
    if (!has(r + 1, c)) {
      parts.push(['H', r + 1 - d, end([r, c - 1], [r + 1, c - 1], c, true), end([r, c + 1], [r + 1, c + 1], c + 1, false)]);
    }
    if (!has(r, c - 1)) {
      parts.push(['V', c + d, end([r - 1, c], [r - 1, c - 1], r, true), end([r + 1, c], [r + 1, c - 1], r + 1, false)]);
    }
    if (!has(r, c + 1)) {
      parts.push(['V', c + 1 - d, end([r - 1, c], [r - 1, c + 1], r, true), end([r + 1, c], [r + 1, c + 1], r + 1, false)]);
    }
  }
  return parts.map(([dir, at, a, b]) => (dir === 'H'
    ? `M${fix(a)} ${fix(at)}H${fix(b)}` : `M${fix(at)} ${fix(a)}V${fix(b)}`)).join('');
}

/** Draws the variant's constraints over the board (nothing for a classic). */
function drawVariant() {
  if (!V) return;
  const layer = svg('svg', {
    class: 'overlay', viewBox: `0 0 ${N} ${N}`, 'aria-hidden': 'true', focusable: 'false',
  });
  // Shaded cells first, under the lines.
  for (const window of V.windoku) {
    for (const i of window) svg('rect', { class: 'windoku', x: i % N, y: Math.floor(i / N), width: 1, height: 1 }, layer);
  }
  for (const region of V.extra_regions) {
    const g = svg('g', { class: 'extra-region' }, layer);
    for (const i of region) svg('rect', { x: i % N, y: Math.floor(i / N), width: 1, height: 1 }, g);
    svg('path', { class: 'extra-region-outline', d: outline(region, 0.04) }, g);
  }
  for (const diagonal of V.diagonals) {
    const [x0, y0] = centre(diagonal[0]);
    const [x1, y1] = centre(diagonal[diagonal.length - 1]);
    const k = 0.5 / (diagonal.length - 1 || 1);
    svg('line', {
      class: 'diagonal', x1: fix(x0 - (x1 - x0) * k), y1: fix(y0 - (y1 - y0) * k),
      x2: fix(x1 + (x1 - x0) * k), y2: fix(y1 + (y1 - y0) * k),
    }, layer);
  }
  for (const i of V.odd) {
    const [x, y] = centre(i);
    svg('circle', { class: 'odd', cx: x, cy: y, r: 0.36 }, layer);
  }
  for (const i of V.even) {
    const [x, y] = centre(i);
    svg('rect', { class: 'even', x: x - 0.34, y: y - 0.34, width: 0.68, height: 0.68 }, layer);
  }
  for (const thermo of V.thermometers) {
    const g = svg('g', { class: 'thermo', 'data-cells': thermo.map((i) => NAMES[i]).join(' ') }, layer);
    const [bx, by] = centre(thermo[0]);
    svg('circle', { class: 'bulb', cx: bx, cy: by, r: 0.36 }, g);
    if (thermo.length > 1) svg('polyline', { points: thermo.map((i) => centre(i).join(',')).join(' ') }, g);
  }
  for (const arrow of V.arrows) drawArrow(layer, arrow);
  for (const cage of V.cages) drawCage(layer, cage);
  for (const mark of V.marks || []) drawMark(layer, mark);
  for (const clue of V.little_killers || []) drawLittleKiller(layer, clue);
  for (const clue of V.sandwiches || []) drawSandwich(layer, clue);
  for (const clue of V.skyscrapers || []) drawSkyscraper(layer, clue);
  for (const clue of V.x_sums || []) drawXSum(layer, clue);
  for (const clue of V.quadruples || []) drawQuadruple(layer, clue);
  // Lines (whispers, renban, palindromes) go in a layer of their own under
  // the digits and pencil marks (style.css), as players expect them.
  if (V.lines && V.lines.length) {
    const under = svg('svg', {
      class: 'overlay lines', viewBox: `0 0 ${N} ${N}`, 'aria-hidden': 'true', focusable: 'false',
    });
    for (const line of V.lines) drawLine(under, line);
    board.append(under);
  }
  board.append(layer);
  fitXSums(layer);
}

/** A whispers line, renban line or palindrome through its cells' centres
 * (a loop passes a cell twice), with a whispers line's least difference,
 * when it is not the usual one, small in a top corner of its first cell,
 * the corner the line does not run to. */
function drawLine(layer, line) {
  const { kind, cells, label } = line;
  const g = svg('g', {
    class: `line ${kind}`, 'data-kind': kind, 'data-cells': cells.map((i) => NAMES[i]).join(' '),
    'data-label': label ?? '', 'data-name': lineName(line),
  }, layer);
  const points = cells.map(centre);
  if (points.length === 1) points.push(points[0]); // a dot, by its round caps
  svg('polyline', { class: 'line-path', points: points.map((p) => p.map(fix).join(',')).join(' ') }, g);
  if (label === null || label === undefined) return;
  const [x0, y0] = centre(cells[0]);
  const [x1] = centre(cells[1] ?? cells[0]);
  const left = x1 >= x0; // the line runs right or straight up or down
  const text = svg('text', {
    class: 'line-label', x: fix(left ? x0 - 0.44 : x0 + 0.44), y: fix(y0 - 0.24),
    'text-anchor': left ? 'start' : 'end', 'data-cell': NAMES[cells[0]],
  }, g);
  text.textContent = label;
  cellEls[cells[0]].classList.add('line-first');
}

/** A kropki dot (white or black) or an XV mark on the edge between two
 * cells, with its number where it is not the usual one. */
function drawMark(layer, { cells, kind, label }) {
  const [[x0, y0], [x1, y1]] = cells.map(centre);
  const [x, y] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const g = svg('g', { class: `mark ${kind}`, 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-label': label ?? '' }, layer);
  svg('circle', { class: 'mark-bg', cx: x, cy: y, r: kind === 'xv' ? 0.15 : 0.12 }, g);
  if (label !== null && label !== undefined) {
    const text = svg('text', { class: 'mark-label', x, y: fix(y + (kind === 'xv' ? 0.1 : 0.055)) }, g);
    text.textContent = label;
  }
}

function drawArrow(layer, { circle, path }) {
  const g = svg('g', {
    class: 'arrow', 'data-circle': circle.map((i) => NAMES[i]).join(' '), 'data-path': path.map((i) => NAMES[i]).join(' '),
  }, layer);
  const r = 0.4;
  // The circle: round for one cell, a pill around several.
  const xs = circle.map((i) => centre(i)[0]);
  const ys = circle.map((i) => centre(i)[1]);
  const [left, top] = [Math.min(...xs) - r, Math.min(...ys) - r];
  svg('rect', {
    class: 'arrow-circle', x: fix(left), y: fix(top), rx: r, ry: r,
    width: fix(Math.max(...xs) + r - left), height: fix(Math.max(...ys) + r - top),
  }, g);
  // The line leaves the circle cell nearest its first cell, at the circle's edge.
  const [px, py] = centre(path[0]);
  const from = circle.map(centre).reduce((a, b) => (Math.hypot(b[0] - px, b[1] - py) < Math.hypot(a[0] - px, a[1] - py) ? b : a));
  const len = Math.hypot(px - from[0], py - from[1]) || 1;
  const start = [from[0] + ((px - from[0]) / len) * r, from[1] + ((py - from[1]) / len) * r];
  const points = [start, ...path.map(centre)];
  // The head points along the last piece of line, its tip short of the centre.
  const [ax, ay] = points[points.length - 2];
  const [tx0, ty0] = points[points.length - 1];
  const seg = Math.hypot(tx0 - ax, ty0 - ay) || 1;
  const [ux, uy] = [(tx0 - ax) / seg, (ty0 - ay) / seg];
  const tip = [tx0 + ux * 0.2, ty0 + uy * 0.2];
  points[points.length - 1] = tip;
  svg('polyline', { class: 'arrow-line', points: points.map((p) => p.map(fix).join(',')).join(' ') }, g);
  const head = (angle) => {
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    return [tip[0] - 0.28 * (ux * cos - uy * sin), tip[1] - 0.28 * (ux * sin + uy * cos)];
  };
  svg('polyline', { class: 'arrowhead', points: [head(0.55), tip, head(-0.55)].map((p) => p.map(fix).join(',')).join(' ') }, g);
}

/** A little killer: its total outside the grid, where the clue is, and a
 * short arrow from it along the diagonal, at the corner of its first
 * cell (the board leaves a margin for them: style.css). */
function drawLittleKiller(layer, { cells, total, clue, step }) {
  const g = svg('g', {
    class: 'little-killer', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-total': String(total),
  }, layer);
  const [cx, cy] = [clue[1] + 0.5, clue[0] + 0.5];
  const [dx, dy] = [step[1], step[0]];
  // The number sits back from the way it points: two clues of one
  // outside cell (down-left and down-right) stand apart.
  const text = svg('text', { class: 'little-killer-total', x: fix(cx - dx * 0.2), y: fix(cy - dy * 0.1 + 0.13) }, g);
  text.textContent = String(total);
  // The arrow, from beside the number to the first cell's corner.
  const tip = [cx + dx * 0.47, cy + dy * 0.47];
  const tail = [cx + dx * 0.24, cy + dy * 0.24];
  svg('polyline', { class: 'little-killer-arrow', points: [tail, tip].map((p) => p.map(fix).join(',')).join(' ') }, g);
  const len = Math.SQRT2;
  const [ux, uy] = [dx / len, dy / len];
  const head = (angle) => {
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    return [tip[0] - 0.12 * (ux * cos - uy * sin), tip[1] - 0.12 * (ux * sin + uy * cos)];
  };
  svg('polyline', { class: 'little-killer-arrow', points: [head(0.6), tip, head(-0.6)].map((p) => p.map(fix).join(',')).join(' ') }, g);
}

/** A sandwich sum: its total outside the grid, beside its row or column
 * (in the board's margin, as little killers). */
function drawSandwich(layer, { cells, total, clue }) {
  const g = svg('g', {
    class: 'sandwich', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-total': String(total),
  }, layer);
  const text = svg('text', { class: 'sandwich-total', x: fix(clue[1] + 0.5), y: fix(clue[0] + 0.5 + 0.13) }, g);
  text.textContent = String(total);
}

/** Where a clue outside the grid at [row, column] is drawn: level with
 * its row or column, in the middle of the board's margin on whichever side
 * it is (0.7 of a cell, 0.9 with X-sums: style.css; the overlay starts
 * inside the board's border, a few hundredths of a cell). */
function outsidePlace([r, c]) {
  const off = (V.x_sums || []).length ? 0.5 : 0.4;
  const at = (k) => (k < 0 ? -off : k >= N ? N + off : k + 0.5);
  return [at(c), at(r)];
}

/** A skyscraper clue: the count, plainly, outside the grid at its end of
 * the row or column (any side: the board leaves a margin all round). */
function drawSkyscraper(layer, { cells, count, clue }) {
  const g = svg('g', {
    class: 'skyscraper', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-count': String(count),
  }, layer);
  const [x, y] = outsidePlace(clue);
  const text = svg('text', { class: 'skyscraper-count', x: fix(x), y: fix(y + 0.13) }, g);
  text.textContent = String(count);
}

/** An X-sum: its total outside the grid at its end of the row or column,
 * between two thin angle brackets (drawn, not a font's glyphs), so that it
 * is not read as a skyscraper count or a sandwich sum. */
function drawXSum(layer, { cells, total, clue }) {
  const g = svg('g', {
    class: 'x-sum', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-total': String(total),
  }, layer);
  const [x, y] = outsidePlace(clue);
  const digits = String(total);
  // Three digits (16x16 and up) smaller, to fit the margin with brackets.
  const text = svg('text', { class: `x-sum-total${digits.length > 2 ? ' long' : ''}`, x: fix(x), y: fix(y + 0.1) }, g);
  text.textContent = digits;
  // The brackets just clear of the digits: placed for about 0.2 of a cell
  // a digit here, then fitted to the digits' drawn width (fitXSums).
  const half = 0.1 * digits.length + 0.03;
  for (const side of [-1, 1]) {
    svg('polyline', { class: 'x-sum-bracket', 'data-side': side, points: bracket(x, y, side * half, side) }, g);
  }
}

/** An angle bracket 0.32 high and 0.06 deep, its ends `at` from x. */
function bracket(x, y, at, side) {
  const [w, h] = [0.06, 0.16];
  return [[x + at, y - h], [x + at + side * w, y], [x + at, y + h]].map((p) => p.map(fix).join(',')).join(' ');
}

/** Fits each X-sum's brackets to its digits as drawn (the font decides
 * their width), once the overlay is on the page. */
function fitXSums(layer) {
  for (const g of layer.querySelectorAll('g.x-sum')) {
    const text = g.querySelector('text');
    const box = text.getBBox();
    if (!box.width) continue; // not laid out: the estimate stays
    const [x, y] = [Number(text.getAttribute('x')), Number(text.getAttribute('y')) - 0.1];
    for (const line of g.querySelectorAll('polyline')) {
      const side = Number(line.dataset.side);
      line.setAttribute('points', bracket(x, y, side * (box.width / 2 + 0.03), side));
    }
  }
}

/** A quadruple: a white circle on the corner its four cells share, its
 * digits inside (two rows of two when there are more than two). */
function drawQuadruple(layer, { cells, digits }) {
  const g = svg('g', {
    class: 'quadruple', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-digits': digits.join(' '),
  }, layer);
  const [x, y] = centre(cells[0]).map((v) => v + 0.5);
  svg('circle', { class: 'quadruple-circle', cx: fix(x), cy: fix(y), r: 0.3 }, g);
  const rows = digits.length > 2 ? [digits.slice(0, 2), digits.slice(2)] : [digits];
  rows.forEach((row, k) => {
    const dy = rows.length === 1 ? 0.08 : (k === 0 ? -0.04 : 0.17);
    const text = svg('text', { class: 'quadruple-digits', x: fix(x), y: fix(y + dy) }, g);
    text.textContent = row.join(' ');
  });
}

function drawCage(layer, { cells, total }) {
  const g = svg('g', { class: 'cage', 'data-cells': cells.map((i) => NAMES[i]).join(' '), 'data-total': total ?? '' }, layer);
  svg('path', { class: 'cage-line', d: outline(cells, 0.09) }, g);
  if (total === null || total === undefined) return;
  // The total in the top-left corner of the cage's first cell, on a patch
  // of the cell's colour that hides the dashes under it.
  const first = Math.min(...cells);
  const [x, y] = [first % N + 0.04, Math.floor(first / N) + 0.03];
  const text = String(total);
  svg('rect', { class: 'cage-total-bg', x, y, width: fix(0.05 + 0.15 * text.length), height: 0.26 }, g);
  const label = svg('text', { class: 'cage-total', x: fix(x + 0.025), y: fix(y + 0.215), 'data-cell': NAMES[first] }, g);
  label.textContent = text;
  cellEls[first].classList.add('cage-first');
}

// ---------------------------------------------------------------- help

function needPuzzle() {
  if (S.setup) {
    say('Press Start playing once the clues are in.');
    return false;
  }
  if (!S.puzzle) {
    say('Import, type or make a puzzle first.');
    return false;
  }
  return true;
}

async function onHint() {
  if (!needPuzzle()) return;
  closeExplain();
  const key = positionKey();
  const level = ladder && ladder.key === key ? Math.min(ladder.level + 1, 2) : 0;
  const started = performance.now();
  const res = await quick.call(logicFn('hint'), S.puzzle, valuesLine(), marksLine(), LEVELS[level]);
  if (key !== positionKey()) return;
  if (!res.ok) {
    say(res.error, 'error');
    return;
  }
  ladder = { key, level };
  showHint(res, level);
  // From the press to the hint drawn (read by the timing test).
  document.body.dataset.hintMs = (performance.now() - started).toFixed(1);
}

function showHint(res, level) {
  const h = res.hint;
  view = emptyView();
  $('hint-actions').hidden = true;
  if (h.status === 'step') {
    view.house = new Set(res.house_cells);
    if (level >= 1) {
      view.cells = new Set(h.cells || []);
      for (const c of h.candidates || []) {
        if (!view.cands.has(c.cell)) view.cands.set(c.cell, new Set());
        view.cands.get(c.cell).add(c.digit);
      }
      view.overlay = res.marks;
    }
    if (level >= 2 && h.step) {
      for (const p of h.step.placements) view.place.set(p.cell, new Set([p.digit]));
      for (const e of h.step.eliminations) {
        if (!view.elim.has(e.cell)) view.elim.set(e.cell, new Set());
        view.elim.get(e.cell).add(e.digit);
      }
      $('hint-actions').hidden = false;
    }
    const more = level < 2 ? ' (Hint again for more.)' : '';
    say(`Hint ${level + 1} of 3, ${LEVEL_NAMES[level]}: ${h.message}${more}`, 'hint');
  } else if (h.status === 'wrong_entry') {
    view.mistakes = new Set((h.mistakes || []).map((m) => m.cell));
    say(h.message, 'error');
  } else if (h.status === 'solved') {
    say(h.message, 'good');
  } else {
    say(h.message, 'error');
  }
  render();
}

async function applyHint() {
  const key = positionKey();
  const res = await quick.call(logicFn('applyHint'), S.puzzle, valuesLine(), marksLine());
  if (key !== positionKey()) return;
  if (!res.ok) {
    say(res.error, 'error');
    return;
  }
  remember();
  for (const p of res.step.placements) S.values[cellIndex(p.cell)] = p.digit;
  if (res.marks) S.marks = res.marks.map((m, i) => (S.values[i] ? '' : m));
  changed();
  say(`Applied: ${res.step.explanation}`);
}

async function onCheck() {
  if (S.setup && !classic()) {
    // The clues typed so far: one solution, several or none.
    const line = valuesLine();
    const res = await quick.call('sizedCheck', line, line, '');
    if (line !== valuesLine()) return;
    if (!res.ok) say(res.error, 'error');
    else say(res.verdict === 'unique' ? 'These clues have exactly one solution.' : res.message, res.verdict === 'unique' ? 'good' : 'error');
    return;
  }
  if (!needPuzzle()) return;
  closeExplain();
  const res = V ? await quick.call('variantCheck', S.puzzle, valuesLine())
    : await quick.call(fn('check'), S.puzzle, valuesLine(), marksLine());
  if (!res.ok) {
    say(res.error, 'error');
    return;
  }
  clearHint();
  view.mistakes = new Set(res.mistakes.map((m) => m.cell));
  if (V && res.violation) {
    // The broken rule's cells (a cage, a thermometer, an arrow, a house).
    view.mistakes = new Set(res.violation.cells);
    say(res.message, 'error');
    render();
    return;
  }
  if (res.mistakes.length) {
    const n = res.mistakes.length;
    const list = res.mistakes.map(describeMistake).join(' ');
    say(`${n} mistake${n > 1 ? 's' : ''}: ${list}`, 'error');
  } else {
    say(res.message, res.status === 'solved' ? 'good' : res.status === 'conflict' ? 'error' : '');
  }
  render();
}

function describeMistake(m) {
  if (m.kind === 'wrong_digit') return `${m.cell} is ${m.entered}, but the solution has ${m.solution}.`;
  return `${m.cell}: ${m.digit} was crossed out, but the solution has ${m.digit} there.`;
}

function onSolve() {
  if (!needPuzzle()) return;
  $('confirm-solve').hidden = false;
  $('solve-yes').focus();
}

async function solveNow() {
  $('confirm-solve').hidden = true;
  const res = await quick.call(V ? 'variantSolve' : fn('solve'), S.puzzle);
  if (res.status !== 'solved' || !res.solution) {
    say(res.error || 'The puzzle has no solution.', 'error');
    return;
  }
  remember();
  S.values = digitsOf(res.solution);
  solved = true; // no congratulations for the engine's work
  changed();
  say('Solved by the engine. Undo takes it back.');
}

async function autoMarks() {
  if (!needPuzzle()) return;
  const res = V ? await quick.call('variantAutoMarks', S.puzzle, valuesLine())
    : await quick.call(fn('autoMarks'), valuesLine(), marksLine());
  if (!res.ok) return;
  remember();
  S.marks = res.marks;
  changed();
  say(V ? 'Pencil marks filled in: each empty cell shows the digits no rule of the puzzle rules out.'
    : 'Pencil marks filled in: each empty cell shows the digits no row, column or box rules out.');
}

// ---------------------------------------------------------------- explain

async function onExplain() {
  if (!needPuzzle()) return;
  clearHint();
  let data = explainCache && explainCache.puzzle === S.puzzle ? explainCache.data : null;
  if (!data) {
    say('Working out every step…');
    const puzzle = S.puzzle;
    generating++;
    if (slow.busy) slow.restart();
    try {
      data = await slow.call(logicFn('explain'), puzzle);
    } catch {
      return;
    }
    if (puzzle !== S.puzzle) return;
    if (!data.ok) {
      say(data.error, 'error');
      return;
    }
    explainCache = { puzzle, data };
    if (!S.rating && !V) {
      const r = data.rating;
      S.rating = { rating: r.rating, difficulty: r.difficulty, technique: r.technique, solved: r.solved };
      save();
    }
  }
  // A variant's path has no rating: the same record under `path`.
  const path = data.path || data.rating;
  if (!path.steps.length) {
    say(path.solved === false ? `Logic finds no first step: ${path.stopped}.` : 'Nothing to explain: the puzzle is already full.');
    return;
  }
  explain = { data, path, index: 0 };
  $('explain-panel').hidden = false;
  showStep();
  $('step-next').focus();
}

function showStep() {
  const { path, index } = explain;
  const steps = path.steps;
  const step = steps[index];
  $('step-count').textContent = `Step ${index + 1} of ${steps.length}`;
  const rating = step.rating != null ? ` (${step.rating.toFixed(1)})` : '';
  let text = `${step.technique}${rating}: ${step.explanation}`;
  if (index === steps.length - 1 && !path.solved) {
    text += ` Logic stops after this step: ${path.stopped || 'no technique applies'}.`;
  }
  $('step-text').textContent = text;
  $('step-prev').disabled = index === 0;
  $('step-next').disabled = index === steps.length - 1;
  say(`Explaining: step ${index + 1} of ${steps.length}, ${step.technique}.`);
  render();
}

function stepBy(delta) {
  if (!explain) return;
  const n = explain.path.steps.length;
  explain.index = Math.max(0, Math.min(n - 1, explain.index + delta));
  showStep();
}

function closeExplain() {
  if (!explain) return;
  explain = null;
  $('explain-panel').hidden = true;
  render();
}

// ---------------------------------------------------------------- start

async function copyLink() {
  const url = shareUrl();
  try {
    await navigator.clipboard.writeText(url);
    say('Link copied: it opens this puzzle with your progress.');
  } catch {
    say(`Copy this link: ${url}`);
  }
}

function wire() {
  $('pad').addEventListener('click', onPad);
  $('hint').addEventListener('click', onHint);
  $('apply').addEventListener('click', applyHint);
  $('check').addEventListener('click', onCheck);
  $('solve').addEventListener('click', onSolve);
  $('solve-yes').addEventListener('click', solveNow);
  $('solve-no').addEventListener('click', () => { $('confirm-solve').hidden = true; say('Carry on!'); });
  $('explain').addEventListener('click', onExplain);
  $('step-prev').addEventListener('click', () => stepBy(-1));
  $('step-next').addEventListener('click', () => stepBy(1));
  $('explain-close').addEventListener('click', () => { closeExplain(); say('Back to your game.'); });
  $('explain-panel').addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') stepBy(-1);
    if (e.key === 'ArrowRight') stepBy(1);
    if (e.key === 'Escape') closeExplain();
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('marks-mode').addEventListener('click', toggleMarksMode);
  $('auto-marks').addEventListener('click', autoMarks);
  $('new').addEventListener('click', newPuzzle);
  $('import').addEventListener('click', importText);
  $('enter').addEventListener('click', enterSetup);
  $('start').addEventListener('click', startPlaying);
  $('share').addEventListener('click', copyLink);
  $('size').addEventListener('change', pickSize);
  // The generator of variants has no difficulty levels.
  $('variant-new').addEventListener('change', () => { $('difficulty').disabled = !!$('variant-new').value; });
  $('symbols').addEventListener('change', () => {
    symbolsChoice = $('symbols').value;
    buildPad();
    render();
  });
  board.addEventListener('keydown', onBoardKey);
  document.addEventListener('keydown', (e) => {
    // Digits, arrows and erasing reach the board wherever the focus is,
    // except in a text field, a list or the explanation's own keys.
    const inField = e.target.closest && e.target.closest('textarea, input, select');
    if (!e.ctrlKey && !e.metaKey && !e.altKey && !inField && !board.contains(e.target)
        && !e.target.closest('#explain-panel')
        && (digitFromEvent(e) !== null || /^(Arrow|Backspace$|Delete$)/.test(e.key))) {
      onBoardKey(e);
      cellEls[selected].focus();
      return;
    }
    if (!(e.ctrlKey || e.metaKey) || inField) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) { e.preventDefault(); undo(); }
    if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); redo(); }
  });
  window.addEventListener('hashchange', () => { if (location.href !== $('share-link').href) openFromUrl(); });
}

/** A size picked: an empty board of that size, then a new puzzle for it. */
async function pickSize() {
  const size = Number($('size').value);
  if (size === N) return;
  generating++;
  closeExplain();
  clearHint();
  try {
    await useSize(size);
  } catch (error) {
    say(error.message, 'error');
    return;
  }
  S = freshState();
  clashes = new Set();
  solved = false;
  explainCache = null;
  changed();
  newPuzzle();
}

/** Opens the puzzle of a shared link; false when the URL names none. */
async function openFromUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('f')) return openVariantFromUrl(params.get('f'), params.get('v'));
  const puzzle = params.get('p');
  if (!puzzle) return false;
  const size = Number(params.get('n') || 9);
  try {
    await useSize(size);
  } catch (error) {
    say(`The link holds no puzzle: ${error.message}`, 'error');
    return false;
  }
  const values = params.get('v');
  const stored = restore();
  const line = (v) => v.map((d) => (d ? shape.alphabet[d - 1] : '.')).join('');
  if (stored && stored.size === size && stored.puzzle === puzzle && (!values || values === line(stored.values))) {
    S = stored;
    changed();
    return true;
  }
  const res = await quick.call(classic() ? 'readPuzzle' : 'sizedRead', puzzle);
  if (!res.ok) {
    say(`The link holds no puzzle: ${res.error}`, 'error');
    return false;
  }
  loadPuzzle(res);
  if (values && (classic() ? /^[0-9.]{81}$/.test(values) : values.length === CELLS)) {
    const v = digitsOf(values);
    for (let i = 0; i < CELLS; i++) if (!isGiven(i)) S.values[i] = v[i];
    changed();
  }
  say('Puzzle opened from the link.');
  return true;
}

async function main() {
  buildBoard();
  wire();
  render();
  // The first answer proves the engine is loaded.
  await quick.call('position', EMPTY);
  const fromUrl = await openFromUrl();
  if (!fromUrl) {
    const stored = restore();
    if (stored && stored.variant) {
      const res = await quick.call('variantRead', stored.puzzle, '');
      if (res.ok) useVariant(res.drawing);
      S = res.ok ? stored : freshState();
      changed();
      say(res.ok ? 'Welcome back: your game is as you left it.' : 'Ready.');
    } else if (stored) {
      await useSize(stored.size);
      S = stored;
      changed();
      if (S.puzzle && !S.rating) requestRating();
      say('Welcome back: your game is as you left it.');
    } else {
      say('Ready.');
      newPuzzle();
    }
  }
  render();
  window.sudokuReadyMs = performance.now();
  document.body.dataset.ready = 'true';
}

main().catch((error) => say(`The engine did not start: ${error.message}`, 'error'));
