#!/usr/bin/env bash
# Every test of the project: the Rust workspace, the Python package and the
# web page in a real browser. Installs what the Python and browser tests
# need when it is missing (see crates/python/test.sh and web/test.sh).
#
# The shared puzzle sets are read from ../shared/data (or $SUDOKU_DATA);
# without them their tests are skipped, except under CI=true.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --release
crates/python/test.sh -q
if [ -x web/test.sh ]; then
    web/test.sh
fi
