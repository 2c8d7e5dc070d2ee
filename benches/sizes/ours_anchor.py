#!/usr/bin/env python3
"""Ours on the anchors' terms: time the `sudoku` command on each puzzle of
the files sat_anchor.py and cpsat_anchor.py read, and write the same TSV
(index, name, mode, seconds, status, encode_s, detail), so that
compare.py can set them side by side.

For each puzzle, written alone to a temporary file:
  first   `sudoku solve -j 1 --no-progress FILE`, wall time around the
          process; the grid it prints is checked against the rules and the
          givens (status solved, or wrong);
  unique  `sudoku check -j 1 --no-progress FILE`, wall time around the
          process; status is its verdict (unique, multiple, none).
In process (beside cpsat_anchor.py's solve times) the engine is timed by
`cargo run --release -p sudoku-engine --example sizes_timing -- FILE`,
which writes the same TSV.
Uses the Python 3 standard library and sat_anchor.py's reader and checker.

Example:
    python3 ours_anchor.py --sudoku target/release/sudoku g25-hardest.txt > ours.tsv
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sat_anchor import check_solution, read_puzzles, symbol_value  # noqa: E402


def line_of(n, givens):
    """The puzzle as one line: 1-9, then A for 10, '.' blank."""
    return "".join("." if v == 0 else "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v - 1]
                   for v in givens)


def timed(cmd, timeout):
    """(seconds, stdout, error or None) of one process."""
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, "", "timeout"
    seconds = time.perf_counter() - start
    error = None
    if done.returncode != 0:
        error = f"error: exit {done.returncode} {done.stderr.strip()[:200]}"
    return seconds, done.stdout, error


def main():
    parser = argparse.ArgumentParser(description="Time the sudoku command per puzzle.")
    parser.add_argument("puzzles", nargs="+", help="puzzle files (one puzzle per line)")
    parser.add_argument("--sudoku", required=True, help="path of the sudoku binary")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="wall clock limit per run, seconds (default 60)")
    args = parser.parse_args()

    out = sys.stdout
    out.write("index\tname\tmode\tseconds\tstatus\tencode_s\tdetail\n")
    with tempfile.TemporaryDirectory(prefix="ours_anchor_") as workdir:
        one = os.path.join(workdir, "puzzle.txt")
        for path in args.puzzles:
            for index, name, n, givens in read_puzzles(path):
                with open(one, "w") as f:
                    f.write(line_of(n, givens) + "\n")
                seconds, text, error = timed(
                    [args.sudoku, "solve", "-j", "1", "--no-progress", one], args.timeout)
                if error:
                    status, detail = error.split(":")[0], error
                else:
                    grid = [symbol_value(ch) for ch in text.strip()]
                    problem = ("not a full grid" if len(grid) != n * n
                               else check_solution(n, givens, grid))
                    status, detail = ("wrong", problem) if problem else ("solved", "")
                out.write(f"{index}\t{name}\tfirst\t{seconds:.6f}\t{status}\t0\t{detail}\n")
                seconds, text, error = timed(
                    [args.sudoku, "check", "-j", "1", "--no-progress", one], args.timeout)
                if error and error != "timeout" and text.strip() in ("multiple", "none"):
                    error = None  # check exits non-zero for these verdicts
                status = error.split(":")[0] if error else text.strip()
                out.write(f"{index}\t{name}\tunique\t{seconds:.6f}\t{status}\t0\t{error or ''}\n")
                out.flush()


if __name__ == "__main__":
    main()
