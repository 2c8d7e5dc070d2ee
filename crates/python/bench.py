"""Speed of the `sudokit` package, side by side in one run, as ratios.

    python crates/python/bench.py [--anchors VENV] [--data DIR] [--sudoku BIN]

Run it with the Python that has `sudokit` installed (`crates/python/test.sh`
leaves one in target/python-venv). It measures, interleaving the contenders
round by round and keeping each one's best round:

1. `solve_many(path, threads=1)` against the command's own single-thread
   throughput (`sudoku solve --threads 1 --to line FILE > /dev/null`), and
   both on every core, on each shared set;
2. `sudokit.solve` called once per puzzle in a Python loop against
   rustoku's `solve` (PyPI 0.16);
3. `sudokit.rate` against hodoku-py's `Solver().rate` on magictour puzzles.

The anchors (rustoku, hodoku-py) are not dependencies of this project and
this script installs nothing: give `--anchors` the path of a throw-away
virtual environment that has them, e.g.

    python3 -m venv /tmp/anchors && /tmp/anchors/bin/pip install rustoku==0.16.0 hodoku-py

Parts whose contender is missing are skipped with the reason printed.
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import sudokit

ROOT = Path(__file__).resolve().parents[2]
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]

# One timed loop over puzzles read from a file, run in a fresh interpreter
# (ours or the anchors') so that the two sides are measured the same way.
LOOP = r"""
import sys, time
kind, path, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path) as f:
    puzzles = [l.strip() for l in f if l.strip() and not l.startswith("#")][:limit]
if kind == "sudokit-solve":
    import sudokit; fn = sudokit.solve
elif kind == "rustoku-solve":
    import rustoku; fn = rustoku.solve
elif kind == "sudokit-rate":
    import sudokit; fn = sudokit.rate
elif kind == "hodoku-rate":
    from hodoku import Solver; fn = Solver().rate
fn(puzzles[0])  # warm up (imports, tables)
start = time.perf_counter()
for p in puzzles:
    fn(p)
print(len(puzzles), time.perf_counter() - start)
"""


def puzzle_count(path):
    with open(path) as f:
        return sum(1 for l in f if l.strip() and not l.startswith("#"))


def time_cli(sudoku, path, threads):
    start = time.perf_counter()
    subprocess.run(
        [sudoku, "solve", "--threads", str(threads), "--to", "line", "--no-progress", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def time_solve_many(path, threads):
    start = time.perf_counter()
    results = sudokit.solve_many(path, threads=threads)
    elapsed = time.perf_counter() - start
    assert all(r.status == "solved" for r in results)
    return elapsed


def time_loop(python, kind, path, limit):
    out = subprocess.run(
        [python, "-c", LOOP, kind, str(path), str(limit)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return int(out[0]), float(out[1])


def best_of(rounds, contenders):
    """Interleaves the contenders round by round; the best time of each."""
    best = {name: float("inf") for name in contenders}
    for _ in range(rounds):
        for name, run in contenders.items():
            best[name] = min(best[name], run())
    return best


def binding_cost(args, data):
    sudoku = Path(args.sudoku)
    if not sudoku.is_file():
        print(f"skipping the command comparison: {sudoku} not found (cargo build --release)")
        return
    cores = os.cpu_count() or 1
    print("\n## solve_many against the command (puzzles per second)\n")
    print(f"| set | command, 1 thread | solve_many, 1 thread | ratio "
          f"| command, {cores} threads | solve_many, {cores} threads | ratio |")
    print("|---|---|---|---|---|---|---|")
    for name in args.sets:
        path = data / name
        n = puzzle_count(path)
        row = [name]
        for threads in (1, cores):
            best = best_of(
                args.rounds,
                {
                    "cli": lambda: time_cli(sudoku, path, threads),
                    "py": lambda: time_solve_many(path, threads),
                },
            )
            cli, py = n / best["cli"], n / best["py"]
            row += [f"{cli:,.0f}", f"{py:,.0f}", f"{py / cli:.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)


def anchor_python(args):
    if not args.anchors:
        return None
    python = Path(args.anchors) / "bin" / "python"
    return python if python.is_file() else None


def against_anchor(args, data, title, ours, theirs, module, sets_and_limits):
    anchor = anchor_python(args)
    if anchor is None:
        print(f"\nskipping {title}: no --anchors virtual environment given")
        return
    probe = subprocess.run([anchor, "-c", f"import {module}"], capture_output=True)
    if probe.returncode != 0:
        print(f"\nskipping {title}: {module} is not installed in {args.anchors}")
        return
    print(f"\n## {title} (puzzles per second, one call per puzzle in a Python loop)\n")
    print(f"| puzzles | sudokit | {module} | ratio |")
    print("|---|---|---|---|")
    for name, limit in sets_and_limits:
        path = data / name
        n = min(limit, puzzle_count(path))
        best = best_of(
            args.rounds,
            {
                "ours": lambda: time_loop(sys.executable, ours, path, limit)[1],
                "theirs": lambda: time_loop(str(anchor), theirs, path, limit)[1],
            },
        )
        a, b = n / best["ours"], n / best["theirs"]
        print(f"| {name} (first {n}) | {a:,.1f} | {b:,.1f} | {a / b:,.0f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchors", help="a virtual environment with rustoku and hodoku-py")
    parser.add_argument("--data", default=os.environ.get("SUDOKU_DATA", ROOT.parent / "shared" / "data"))
    parser.add_argument("--sudoku", default=ROOT / "target" / "release" / "sudoku")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--rate-puzzles", type=int, default=20)
    parser.add_argument("--skip", nargs="*", default=[], choices=["command", "solve", "rate"])
    args = parser.parse_args()
    data = Path(args.data)
    if not data.is_dir():
        sys.exit(f"shared puzzle data not found at {data} (give --data or SUDOKU_DATA)")
    print(f"sudokit {sudokit.__file__}, {os.cpu_count()} cores, best of {args.rounds} interleaved rounds")
    if "command" not in args.skip:
        binding_cost(args, data)
    if "solve" not in args.skip:
        against_anchor(
            args, data, "solve against rustoku 0.16", "sudokit-solve", "rustoku-solve", "rustoku",
            [("puzzles3_magictour_top1465", 1465), ("puzzles2_17_clue", 5000),
             ("puzzles6_forum_hardest_1106", 375)],
        )
    if "rate" not in args.skip:
        against_anchor(
            args, data, "rate against hodoku-py", "sudokit-rate", "hodoku-rate", "hodoku",
            [("puzzles3_magictour_top1465", args.rate_puzzles)],
        )


if __name__ == "__main__":
    main()
