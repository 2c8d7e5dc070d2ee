#!/usr/bin/env bash
# Ours, CaDiCaL and CP-SAT on the same puzzle files, one after the other
# per file, then the tables of compare.py: ours as whole processes against
# CaDiCaL's processes, and ours in process against CP-SAT's solve times.
#
#   benches/sizes/side_by_side.sh OUT_DIR FILE...
#
# SUDOKU (default target/release/sudoku), CADICAL (default
# /tmp/anchors/root/usr/bin/cadical), CPSAT_PYTHON (default
# /tmp/anchors/ortools-venv/bin/python: a Python with ortools) and TIMEOUT
# (seconds a run, default 60) point at the programs; install the anchors by
# hand as README.md here says. Leave CPSAT_PYTHON empty to skip CP-SAT.
# REPEAT (default 5): each process, ours and CaDiCaL's, is timed that many
# times (fewer once its runs took 2 s) and its median kept.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$1"
shift
sudoku="${SUDOKU:-target/release/sudoku}"
cadical="${CADICAL:-/tmp/anchors/root/usr/bin/cadical}"
cpsat_python="${CPSAT_PYTHON-/tmp/anchors/ortools-venv/bin/python}"
timeout="${TIMEOUT:-60}"
repeat="${REPEAT:-5}"
mkdir -p "$out"
for file in "$@"; do
    name="$(basename "$file" .txt)"
    echo "## $name: $(date -u '+%F %T') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
    python3 "$here/ours_anchor.py" --sudoku "$sudoku" --timeout "$timeout" --repeat "$repeat" "$file" >"$out/$name-ours.tsv"
    cargo run -q --release -p sudoku-engine --example sizes_timing -- "$file" >"$out/$name-ours-in-process.tsv"
    python3 "$here/sat_anchor.py" --solver "$cadical" --timeout "$timeout" --repeat "$repeat" --mode both "$file" >"$out/$name-cadical.tsv"
    if [ -n "$cpsat_python" ]; then
        "$cpsat_python" "$here/cpsat_anchor.py" --timeout "$timeout" --mode both "$file" >"$out/$name-cpsat.tsv"
    fi
    echo "Processes:"
    python3 "$here/compare.py" "ours=$out/$name-ours.tsv" "CaDiCaL=$out/$name-cadical.tsv"
    if [ -n "$cpsat_python" ]; then
        echo "In process:"
        python3 "$here/compare.py" "ours=$out/$name-ours-in-process.tsv" "CP-SAT=$out/$name-cpsat.tsv"
    fi
done
