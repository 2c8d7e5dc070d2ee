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
With --repeat N (and --repeat-budget) each process is timed as sat_anchor.py
times the solver's: the median of up to N runs, each a new process, its
output the same every time.
In process (beside cpsat_anchor.py's solve times) the engine is timed by
`cargo run --release -p sudoku-engine --example sizes_timing -- FILE`,
which writes the same TSV.
Uses the Python 3 standard library and sat_anchor.py's reader and checker.

Example:
    python3 ours_anchor.py --sudoku target/release/sudoku g25-hardest.txt > ours.tsv
"""

import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sat_anchor import check_solution, read_puzzles, run_process, symbol_value  # noqa: E402


def line_of(n, givens):
    """The puzzle as one line: 1-9, then A for 10, '.' blank."""
    return "".join("." if v == 0 else "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v - 1]
                   for v in givens)


def timed(cmd, timeout, repeat=1, budget=2.0):
    """(seconds, stdout, error or None) of a process run up to `repeat`
    times (until the runs took `budget` seconds): the median time, and the
    first run's output (an error if a later run's differs)."""
    runs = [timed_once(cmd, timeout)]
    while len(runs) < repeat and runs[0][2] != "timeout" and sum(r[0] for r in runs) < budget:
        runs.append(timed_once(cmd, timeout))
    seconds, text, error = runs[0]
    if any(r[1:] != runs[0][1:] for r in runs):
        error = "error: the output differs between runs"
    return statistics.median(r[0] for r in runs), text, error


def timed_once(cmd, timeout):
    """(seconds, stdout, error or None) of one process (timed as the
    solver's, by sat_anchor.run_process)."""
    seconds, returncode, stdout, stderr = run_process(cmd, timeout)
    if returncode is None:
        return seconds, "", "timeout"
    error = None
    if returncode != 0:
        error = f"error: exit {returncode} {stderr.strip()[:200]}"
    return seconds, stdout, error


def main():
    parser = argparse.ArgumentParser(description="Time the sudoku command per puzzle.")
    parser.add_argument("puzzles", nargs="+", help="puzzle files (one puzzle per line)")
    parser.add_argument("--sudoku", required=True, help="path of the sudoku binary")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="wall clock limit per run, seconds (default 60)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each process this many times and report the median "
                             "(default 1)")
    parser.add_argument("--repeat-budget", type=float, default=2.0,
                        help="stop repeating once the runs took this many seconds (default 2)")
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
                    [args.sudoku, "solve", "-j", "1", "--no-progress", one], args.timeout,
                    args.repeat, args.repeat_budget)
                if error:
                    status, detail = error.split(":")[0], error
                else:
                    grid = [symbol_value(ch) for ch in text.strip()]
                    problem = ("not a full grid" if len(grid) != n * n
                               else check_solution(n, givens, grid))
                    status, detail = ("wrong", problem) if problem else ("solved", "")
                out.write(f"{index}\t{name}\tfirst\t{seconds:.6f}\t{status}\t0\t{detail}\n")
                seconds, text, error = timed(
                    [args.sudoku, "check", "-j", "1", "--no-progress", one], args.timeout,
                    args.repeat, args.repeat_budget)
                if error and error != "timeout" and text.strip() in ("multiple", "none"):
                    error = None  # check exits non-zero for these verdicts
                status = error.split(":")[0] if error else text.strip()
                out.write(f"{index}\t{name}\tunique\t{seconds:.6f}\t{status}\t0\t{error or ''}\n")
                out.flush()


if __name__ == "__main__":
    main()
