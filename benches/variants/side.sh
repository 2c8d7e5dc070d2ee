#!/bin/sh
# Runs ISS then ours back to back on each set, then sums the two.
#   ISS_DIR=/path/to/Interactive-Sudoku-Solver [OUT=/tmp/variants-bench] \
#     benches/variants/side.sh [killers] [others] [lines] [little] [sandwich] [quadruple] [outside] [reflections] [others-reflections]
#   (killers and others by default; the turned sets, made by
#   make-reflections.mjs from the killers or (SET=others) the others, only
#   when named)
# Reads the sets from OUT (made by make-killers.mjs / make-others.mjs);
# writes OUT/results/SET-iss.rK.tsv and OUT/results/SET-ours.rK.tsv for
# rounds K = 1..ROUNDS (ROUNDS=N, default 1: ISS then ours, N times over;
# the round files of an earlier run are removed first) and prints sum.py's
# tables, which take each puzzle's least time over the rounds: a shared
# machine's noise only adds time, and each round makes the same searches.
# Ours is the `timing` example of sudoku-variants: TIMING, by default
# target/release/examples/timing of this repository (cargo build --release
# -p sudoku-variants --example timing).
set -e
HERE=$(cd "$(dirname "$0")" && pwd -P)
ROOT=$(cd "$HERE/../.." && pwd -P)
OUT=${OUT:-/tmp/variants-bench}
TIMING=${TIMING:-$ROOT/target/release/examples/timing}
MAX_GUESSES=${MAX_GUESSES:-3000000}
# Rounds of ISS then ours; sum.py takes each puzzle's least time over them.
ROUNDS=${ROUNDS:-1}
export OUT

die() { echo "error: $*" >&2; echo "(see benches/variants/README.md)" >&2; exit 2; }
[ -n "$ISS_DIR" ] || die "ISS_DIR is not set: point it at your copy of the source of sigh/Interactive-Sudoku-Solver at e373f98"
[ -d "$ISS_DIR" ] || die "ISS_DIR=$ISS_DIR is not a directory"
[ -x "$TIMING" ] || die "no timing binary at $TIMING: build it (cd $ROOT && cargo build --release -p sudoku-variants --example timing) or set TIMING"
[ -d "$OUT" ] || die "no directory OUT=$OUT: make the sets first (node benches/variants/make-killers.mjs, make-others.mjs, same OUT)"
OUT=$(cd "$OUT" && pwd -P)
case "$OUT/" in "$ROOT/"*) die "OUT=$OUT lies inside the repository: nothing here is written into it" ;; esac
[ $# -gt 0 ] || set -- killers others
for set in "$@"; do
  case $set in
    killers|others) make=make-$set.mjs ;;
    lines) make="make-others.mjs with SET=lines" ;;
    little) make="make-others.mjs with SET=little" ;;
    sandwich) make="make-others.mjs with SET=sandwich, and marks-to-iss.py on generated puzzles (README)" ;;
    quadruple) make="make-others.mjs with SET=quadruple" ;;
    outside) make="make-others.mjs with SET=outside" ;;
    reflections) make=make-reflections.mjs ;;
    killers-reflections|others-reflections) make="make-reflections.mjs with SET=${set%-reflections}" ;;
    *) die "unknown set '$set' (killers, others, lines, little, sandwich, quadruple, outside, reflections, others-reflections)" ;;
  esac
  for f in "$set.tsv" "$set.jsonl" "$set-solutions.txt"; do
    [ -f "$OUT/$f" ] || die "no $OUT/$f: make the set first (node benches/variants/$make, same OUT)"
  done
done
mkdir -p "$OUT/results"

ISS_TOP=$(git -C "$ISS_DIR" rev-parse --show-toplevel 2>/dev/null || true)
if [ -n "$ISS_TOP" ] && [ "$(cd "$ISS_TOP" && pwd -P)" = "$(cd "$ISS_DIR" && pwd -P)" ]; then
  ISS_VERSION=$(git -C "$ISS_DIR" rev-parse --short HEAD)
else
  ISS_VERSION="$ISS_DIR (not a git clone; e373f98 expected)"
fi
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*average[s]*: //'; }
for set in "$@"; do
  rm -f "$OUT/results/$set-iss.r"*.tsv "$OUT/results/$set-ours.r"*.tsv
done
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for set in "$@"; do
    echo "## $set, round $round of $ROUNDS: $(date -u '+%F %T') UTC, load $(load)," \
         "ISS $ISS_VERSION," \
         "ours $(git -C "$ROOT" rev-parse --short HEAD)"
    node "$HERE/iss-run.mjs" "$OUT/$set.tsv" > "$OUT/results/$set-iss.r$round.tsv"
    echo "   ISS done $(date -u '+%T'), load $(load)"
    "$TIMING" "$OUT/$set.jsonl" "$OUT/$set-solutions.txt" "$MAX_GUESSES" > "$OUT/results/$set-ours.r$round.tsv"
    echo "   ours done $(date -u '+%T'), load $(load)"
  done
  round=$((round + 1))
done
python3 "$HERE/sum.py" "$@"
