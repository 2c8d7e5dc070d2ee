// Runs the engine (the sudoku-wasm crate built by web/build.sh) off the
// page's main thread. Each message is {id, fn, args}; the answer is {id,
// result} with the function's JSON string, or {id, error}.
import init, * as engine from './pkg/sudoku_wasm.js';

const ready = init({ module_or_path: new URL('./pkg/sudoku_wasm_bg.wasm', import.meta.url) });

const FUNCTIONS = new Set([
  'readPuzzle', 'position', 'hint', 'applyHint', 'check', 'solve', 'rate',
  'explain', 'autoMarks', 'generate',
  // Grids of other sizes.
  'shapeInfo', 'sizedRead', 'sizedPosition', 'sizedHint', 'sizedApplyHint', 'sizedCheck',
  'sizedSolve', 'sizedAutoMarks', 'sizedGenerate', 'sizedRate', 'sizedExplain',
  // Variant puzzles.
  'variantRead', 'variantSolve', 'variantPosition', 'variantCheck', 'variantGenerate',
  'variantHint', 'variantApplyHint', 'variantAutoMarks', 'variantExplain',
]);

self.onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    await ready;
    if (!FUNCTIONS.has(fn)) throw new Error(`no function ${fn}`);
    const started = performance.now();
    const result = engine[fn](...args);
    self.postMessage({ id, result, ms: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message || error) });
  }
};
