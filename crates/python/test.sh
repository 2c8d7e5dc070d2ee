#!/usr/bin/env bash
# The Python package's tests: builds `sudokit` from the repository into a
# virtual environment (created once, reused) and runs pytest.
#
#   crates/python/test.sh [PYTEST ARGS...]
#
# SUDOKIT_VENV: the virtual environment (default: target/python-venv).
# SUDOKU_BIN: the `sudoku` command the records are compared with (default:
# the release build, which this script brings up to date).
# PYTHON: the interpreter that creates it (default: python3).
# The shared puzzle sets are read from ../shared/data or $SUDOKU_DATA (their
# tests are skipped without them, and fail under CI=true).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${SUDOKIT_VENV:-$root/target/python-venv}"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
export PATH="$venv/bin:$PATH"
export PIP_DISABLE_PIP_VERSION_CHECK=1

# What the tests need; installed again only when this list changes.
requirements=("maturin>=1.9.4,<2" pytest hypothesis numpy "dask[bag]" distributed mypy)
stamp="$venv/.sudokit-test-requirements"
if [ "$(cat "$stamp" 2>/dev/null)" != "${requirements[*]}" ]; then
    python -m pip install --quiet "${requirements[@]}"
    echo "${requirements[*]}" > "$stamp"
fi

# The package itself, built by maturin through pip as a user would; cargo's
# incremental build in target/ makes a second run quick.
python -m pip install --quiet --no-build-isolation --no-deps --force-reinstall "$here"

# The command, whose JSON records the tests compare `to_dict()` with.
(cd "$root" && cargo build --quiet --release -p sudoku-cli)
export SUDOKU_BIN="${SUDOKU_BIN:-$root/target/release/sudoku}"

cd "$here"
exec python -m pytest -p no:cacheprovider "$@"
