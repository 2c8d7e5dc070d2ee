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
const classic = () => N === 9;
/** The engine function for this size: the 9x9 ones, or their sized twins. */
const fn = (name) => (classic() ? name : `sized${name[0].toUpperCase()}${name.slice(1)}`);
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
  if (S.puzzle) {
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
      if (c % bc === bc - 1 && c < N - 1) cell.classList.add('box-right');
      if (r % br === br - 1 && r < N - 1) cell.classList.add('box-bottom');
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
  buildPad();
  $('symbols-box').hidden = !shape.hex;
  $('size').value = String(N);
}

/** The digit pad (phones): 1-9 for 9x9 as the HTML has it, else 1..N. */
function buildPad() {
  const pad = $('pad');
  if (padHtml === null) padHtml = pad.innerHTML;
  if (classic()) {
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
  if (size === N && cellEls.length) return;
  const info = await quick.call('shapeInfo', String(size));
  if (!info.ok) throw new Error(info.error);
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
  const step = ex ? ex.rating.steps[explain.index] : null;
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
  else if (!classic()) {
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
  const res = await quick.call(fn('position'), valuesLine());
  if (key !== positionKey() || !res.ok) return;
  clashes = new Set(res.clashes);
  const wasSolved = solved;
  solved = !!S.puzzle && !S.setup && res.solved;
  render();
  if (solved && !wasSolved) say(`Solved! Every row, column and box holds ${sym(1)} to ${sym(N)}.`, 'good');
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
  changed();
}

async function requestRating() {
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
  const res = await quick.call('readPuzzle', text);
  if (!res.ok) {
    if (res.size && res.size !== 9 && res.givens) {
      // Clashing givens of another size: shown on the board to fix them.
      await useSize(res.size);
      enterSetup();
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

function enterSetup() {
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
  const difficulty = $('difficulty').value;
  const typed = $('seed').value.trim();
  const seed = typed || String(Math.floor(Math.random() * 2 ** 32));
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
  const res = await quick.call(fn('hint'), S.puzzle, valuesLine(), marksLine(), LEVELS[level]);
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
  const res = await quick.call(fn('applyHint'), S.puzzle, valuesLine(), marksLine());
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
  const res = await quick.call(fn('check'), S.puzzle, valuesLine(), marksLine());
  if (!res.ok) {
    say(res.error, 'error');
    return;
  }
  clearHint();
  view.mistakes = new Set(res.mistakes.map((m) => m.cell));
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
  const res = await quick.call(fn('solve'), S.puzzle);
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
  const res = await quick.call(fn('autoMarks'), valuesLine(), marksLine());
  if (!res.ok) return;
  remember();
  S.marks = res.marks;
  changed();
  say('Pencil marks filled in: each empty cell shows the digits no row, column or box rules out.');
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
      data = await slow.call(fn('explain'), puzzle);
    } catch {
      return;
    }
    if (puzzle !== S.puzzle) return;
    if (!data.ok) {
      say(data.error, 'error');
      return;
    }
    explainCache = { puzzle, data };
    if (!S.rating) {
      const r = data.rating;
      S.rating = { rating: r.rating, difficulty: r.difficulty, technique: r.technique, solved: r.solved };
      save();
    }
  }
  if (!data.rating.steps.length) {
    say('Nothing to explain: the puzzle is already full.');
    return;
  }
  explain = { data, index: 0 };
  $('explain-panel').hidden = false;
  showStep();
  $('step-next').focus();
}

function showStep() {
  const { data, index } = explain;
  const steps = data.rating.steps;
  const step = steps[index];
  $('step-count').textContent = `Step ${index + 1} of ${steps.length}`;
  let text = `${step.technique} (${step.rating.toFixed(1)}): ${step.explanation}`;
  if (index === steps.length - 1 && !data.rating.solved) {
    text += ` Logic stops after this step: ${data.rating.stopped || 'no technique applies'}.`;
  }
  $('step-text').textContent = text;
  $('step-prev').disabled = index === 0;
  $('step-next').disabled = index === steps.length - 1;
  say(`Explaining: step ${index + 1} of ${steps.length}, ${step.technique}.`);
  render();
}

function stepBy(delta) {
  if (!explain) return;
  const n = explain.data.rating.steps.length;
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
    if (stored) {
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
