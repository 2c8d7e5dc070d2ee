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
