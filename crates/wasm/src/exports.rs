//! The wasm-bindgen exports: one per function of the crate, under the
//! camelCase name the page calls.

use wasm_bindgen::prelude::wasm_bindgen;

/// See [`crate::read_puzzle`].
#[wasm_bindgen(js_name = readPuzzle)]
pub fn read_puzzle(text: &str) -> String {
    crate::read_puzzle(text)
}

/// See [`crate::position`].
#[wasm_bindgen]
pub fn position(values: &str) -> String {
    crate::position(values)
}

/// See [`crate::hint`].
#[wasm_bindgen]
pub fn hint(puzzle: &str, values: &str, marks: &str, level: &str) -> String {
    crate::hint(puzzle, values, marks, level)
}

/// See [`crate::apply_hint`].
#[wasm_bindgen(js_name = applyHint)]
pub fn apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    crate::apply_hint(puzzle, values, marks)
}

/// See [`crate::check`].
#[wasm_bindgen]
pub fn check(puzzle: &str, values: &str, marks: &str) -> String {
    crate::check(puzzle, values, marks)
}

/// See [`crate::solve`].
#[wasm_bindgen]
pub fn solve(puzzle: &str) -> String {
    crate::solve(puzzle)
}

/// See [`crate::rate`].
#[wasm_bindgen]
pub fn rate(puzzle: &str) -> String {
    crate::rate(puzzle)
}

/// See [`crate::explain`].
#[wasm_bindgen]
pub fn explain(puzzle: &str) -> String {
    crate::explain(puzzle)
}

/// See [`crate::auto_marks`].
#[wasm_bindgen(js_name = autoMarks)]
pub fn auto_marks(values: &str, marks: &str) -> String {
    crate::auto_marks(values, marks)
}

/// See [`crate::generate`].
#[wasm_bindgen]
pub fn generate(difficulty: &str, seed: &str) -> String {
    crate::generate(difficulty, seed)
}

/// See [`crate::sized::shape_info`].
#[wasm_bindgen(js_name = shapeInfo)]
pub fn shape_info(size: &str) -> String {
    crate::sized::shape_info(size)
}

/// See [`crate::sized::position`].
#[wasm_bindgen(js_name = sizedPosition)]
pub fn sized_position(values: &str) -> String {
    crate::sized::position(values)
}

/// See [`crate::sized::hint`].
#[wasm_bindgen(js_name = sizedHint)]
pub fn sized_hint(puzzle: &str, values: &str, marks: &str, level: &str) -> String {
    crate::sized::hint(puzzle, values, marks, level)
}

/// See [`crate::sized::apply_hint`].
#[wasm_bindgen(js_name = sizedApplyHint)]
pub fn sized_apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    crate::sized::apply_hint(puzzle, values, marks)
}

/// See [`crate::sized::check`].
#[wasm_bindgen(js_name = sizedCheck)]
pub fn sized_check(puzzle: &str, values: &str, marks: &str) -> String {
    crate::sized::check(puzzle, values, marks)
}

/// See [`crate::sized::solve`].
#[wasm_bindgen(js_name = sizedSolve)]
pub fn sized_solve(puzzle: &str) -> String {
    crate::sized::solve(puzzle)
}

/// See [`crate::sized::auto_marks`].
#[wasm_bindgen(js_name = sizedAutoMarks)]
pub fn sized_auto_marks(values: &str, marks: &str) -> String {
    crate::sized::auto_marks(values, marks)
}

/// See [`crate::sized::generate`].
#[wasm_bindgen(js_name = sizedGenerate)]
pub fn sized_generate(size: &str, difficulty: &str, seed: &str) -> String {
    crate::sized::generate(size, difficulty, seed)
}

/// See [`crate::sized::read`].
#[wasm_bindgen(js_name = sizedRead)]
pub fn sized_read(line: &str) -> String {
    crate::sized::read(line)
}

/// See [`crate::sized::rate`].
#[wasm_bindgen(js_name = sizedRate)]
pub fn sized_rate(puzzle: &str) -> String {
    crate::sized::rate(puzzle)
}

/// See [`crate::sized::explain`].
#[wasm_bindgen(js_name = sizedExplain)]
pub fn sized_explain(puzzle: &str) -> String {
    crate::sized::explain(puzzle)
}

/// See [`crate::variants::read`].
#[wasm_bindgen(js_name = variantRead)]
pub fn variant_read(text: &str, kinds: &str) -> String {
    crate::variants::read(text, kinds)
}

/// See [`crate::variants::solve`].
#[wasm_bindgen(js_name = variantSolve)]
pub fn variant_solve(puzzle: &str) -> String {
    crate::variants::solve(puzzle)
}

/// See [`crate::variants::position`].
#[wasm_bindgen(js_name = variantPosition)]
pub fn variant_position(puzzle: &str, values: &str) -> String {
    crate::variants::position(puzzle, values)
}

/// See [`crate::variants::check`].
#[wasm_bindgen(js_name = variantCheck)]
pub fn variant_check(puzzle: &str, values: &str) -> String {
    crate::variants::check(puzzle, values)
}

/// See [`crate::variants::generate`].
#[wasm_bindgen(js_name = variantGenerate)]
pub fn variant_generate(kinds: &str, size: &str, seed: &str) -> String {
    crate::variants::generate(kinds, size, seed)
}

/// See [`crate::variants::hint`].
#[wasm_bindgen(js_name = variantHint)]
pub fn variant_hint(puzzle: &str, values: &str, marks: &str, level: &str) -> String {
    crate::variants::hint(puzzle, values, marks, level)
}

/// See [`crate::variants::apply_hint`].
#[wasm_bindgen(js_name = variantApplyHint)]
pub fn variant_apply_hint(puzzle: &str, values: &str, marks: &str) -> String {
    crate::variants::apply_hint(puzzle, values, marks)
}

/// See [`crate::variants::auto_marks`].
#[wasm_bindgen(js_name = variantAutoMarks)]
pub fn variant_auto_marks(puzzle: &str, values: &str) -> String {
    crate::variants::auto_marks(puzzle, values)
}

/// See [`crate::variants::explain`].
#[wasm_bindgen(js_name = variantExplain)]
pub fn variant_explain(puzzle: &str) -> String {
    crate::variants::explain(puzzle)
}
