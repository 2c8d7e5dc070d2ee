#!/bin/bash
# Two `sudoku` binaries side by side on one-puzzle files, interleaved
# puzzle by puzzle: CPU time of each whole process (perf stat task-clock,
# else wall time), and the sums with their ratio.
#   usage: ab_check.sh OLD_BINARY NEW_BINARY FILE...   (MODE=solve|check, default check)
set -euo pipefail
old=$1; new=$2; shift 2
mode=${MODE:-check}
time_one() {
    if command -v perf >/dev/null; then
        perf stat -x, -e task-clock timeout 120 "$1" "$mode" -j 1 --no-progress "$2" 2>&1 >/dev/null |
            awk -F, '/task-clock/ {print $1}'
    else
        local s e
        s=$(date +%s%N); timeout 120 "$1" "$mode" -j 1 --no-progress "$2" >/dev/null; e=$(date +%s%N)
        echo "($e - $s) / 1000000" | bc -l
    fi
}
for f in "$@"; do
    a=$(time_one "$old" "$f")
    b=$(time_one "$new" "$f")
    echo "$f $a $b"
done | awk '{ printf "%s old %.0f ms new %.0f ms\n", $1, $2, $3; a += $2; b += $3 }
    END { printf "all: old %.0f ms, new %.0f ms, new / old %.3f\n", a, b, b / a }'
