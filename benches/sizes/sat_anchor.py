#!/usr/bin/env python3
"""SAT anchor: solve N x N Sudoku puzzles with an external DIMACS SAT solver.

Puzzle file format (one puzzle per line, N*N characters, row-major):
    '1'-'9' are the values 1..9, 'A' = 10, 'B' = 11, ... ('P' = 25),
    '.' (or '0') is a blank. Lines starting with '#' are comments; the last
    comment before a puzzle is used as its name (up to any " (" remark).
    Empty lines are ignored.
N is taken from the line length. Boxes are R x C where R is the largest
divisor of N with R <= sqrt(N) and C = N / R (4x4 for N=16, 5x5 for N=25).

Encoding ("direct encoding"): one Boolean variable x(r,c,v) per cell and value.
  * every cell takes at least one value, and at most one (pairwise clauses);
  * every value appears at least once and at most once (pairwise) in every
    row, column and box;
  * every given is a unit clause.
Pairs that share both a row (or column) and a box get their clause twice; the
solver removes such duplicates during preprocessing.

For each puzzle the script:
  first   runs the solver once and times that run (wall clock around the solver
          process, so it includes process start and parsing the CNF); the time to
          build and write the CNF is reported separately as encode_s.
  unique  adds a clause that blocks the solution found by 'first' and runs the
          solver again; UNSAT proves the solution is unique. 'seconds' is the
          time of this second run only (the first run is needed anyway and is
          reported in the 'first' row, or in the detail column with --mode unique).
With --repeat N each of these runs is timed N times (each a new solver
process, stopping early once they took --repeat-budget seconds) and 'seconds'
is their median: one-shot process times on a shared machine vary by a fifth
from run to run, more than the few milliseconds an easy puzzle takes.
Every solution the solver returns is checked against the rules and the givens.

Output: TSV on stdout with a header line, columns
    index  name  mode  seconds  status  encode_s  detail
status is one of: solved, unsat, unique, multiple, timeout, wrong, error.

The solver must follow the SAT competition conventions: exit code 10 = SAT,
20 = UNSAT, model on 'v' lines. Tested with CaDiCaL; Kissat works the same way.
Uses the Python 3 standard library only.

Example:
    python3 sat_anchor.py --solver /path/to/cadical --timeout 60 --mode both \
        gecode-16.txt > results-sat.tsv
"""

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time


# ---------------------------------------------------------------- puzzles

def symbol_value(ch):
    """Map a puzzle character to its value (0 for a blank)."""
    if ch in ".0":
        return 0
    if ch.isdigit():
        return int(ch)
    if "A" <= ch.upper() <= "Z":
        return ord(ch.upper()) - ord("A") + 10
    raise ValueError(f"bad puzzle character {ch!r}")


def read_puzzles(path):
    """Yield (index, name, n, givens) for each puzzle in the file.

    index is the 1-based position of the puzzle in the file; givens is a flat
    row-major list of values with 0 for blanks.
    """
    name = None
    index = 0
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            if line.startswith("#"):
                name = line.lstrip("#").strip().split(" (")[0]
                continue
            index += 1
            n = math.isqrt(len(line))
            if n * n != len(line):
                raise ValueError(f"{path}: puzzle {index} has length {len(line)}, not a square")
            givens = [symbol_value(ch) for ch in line]
            if any(v > n for v in givens):
                raise ValueError(f"{path}: puzzle {index} has a value above {n}")
            yield index, (name or f"puzzle {index}"), n, givens
            name = None


def box_shape(n):
    """Box rows R (largest divisor of n with R <= sqrt(n)) and columns C = n / R."""
    r = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return r, n // r


def units(n):
    """All rows, columns and boxes, each as a list of flat cell indices."""
    br, bc = box_shape(n)
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)]
             for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return rows + cols + boxes


def check_solution(n, givens, grid):
    """Return None if grid is a valid solution extending givens, else a reason."""
    if len(grid) != n * n or any(not 1 <= v <= n for v in grid):
        return "incomplete grid"
    if any(g and g != v for g, v in zip(givens, grid)):
        return "given not respected"
    full = set(range(1, n + 1))
    for unit in units(n):
        if {grid[k] for k in unit} != full:
            return "duplicate in a row/column/box"
    return None


# ---------------------------------------------------------------- encoding

def var(n, cell, value):
    """DIMACS variable (1-based) meaning 'cell holds value' (value in 1..n)."""
    return cell * n + value


def encode(n, givens):
    """Return the clauses of the direct encoding as a list of DIMACS lines."""
    clauses = []
    values = range(1, n + 1)
    # Each cell: at least one value, at most one value.
    for cell in range(n * n):
        clauses.append(" ".join(str(var(n, cell, v)) for v in values) + " 0")
        for v in values:
            for w in range(v + 1, n + 1):
                clauses.append(f"-{var(n, cell, v)} -{var(n, cell, w)} 0")
    # Each unit: every value at least once and at most once.
    for unit in units(n):
        for v in values:
            lits = [var(n, cell, v) for cell in unit]
            clauses.append(" ".join(map(str, lits)) + " 0")
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    clauses.append(f"-{lits[i]} -{lits[j]} 0")
    # Givens.
    for cell, v in enumerate(givens):
        if v:
            clauses.append(f"{var(n, cell, v)} 0")
    return clauses


def write_cnf(path, n, clauses):
    with open(path, "w") as f:
        f.write(f"p cnf {n * n * n} {len(clauses)}\n")
        f.write("\n".join(clauses))
        f.write("\n")


def blocking_clause(n, givens, grid):
    """Clause excluding grid: some non-given cell must take another value."""
    lits = [f"-{var(n, cell, v)}" for cell, v in enumerate(grid) if not givens[cell]]
    return " ".join(lits) + " 0"


# ---------------------------------------------------------------- solving

def run_process(cmd, timeout):
    """(seconds, returncode, stdout, stderr) of one process, wall clock from
    its start to its end; returncode None when it ran past `timeout`
    seconds (it is then killed). Not `subprocess.run(timeout=...)`: that
    waits for the process by polling with sleeps of 0.5 ms and more, which
    added about a millisecond to every process, as much as a whole easy
    16x16 solve. Here a timer thread kills a process that runs too long
    and the wait blocks."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    killed = threading.Event()

    def kill():
        killed.set()
        proc.kill()

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        stdout, stderr = proc.communicate()
    finally:
        timer.cancel()
    seconds = time.perf_counter() - start
    return seconds, None if killed.is_set() else proc.returncode, stdout, stderr


def run_solver(solver, solver_args, cnf_path, timeout):
    """Run the solver on cnf_path.

    Returns (seconds, cpu, outcome, model): seconds is wall clock around the
    solver process, cpu its user+system CPU time (less sensitive to a busy
    machine), outcome is 'sat', 'unsat', 'timeout' or 'error: ...' and model
    is the set of true variables (for sat).
    """
    cmd = [solver] + solver_args + [cnf_path]
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu0 = usage.ru_utime + usage.ru_stime
    seconds, returncode, stdout, _ = run_process(cmd, timeout)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - cpu0
    if returncode is None:
        return seconds, cpu, "timeout", None
    if returncode == 20:
        return seconds, cpu, "unsat", None
    if returncode != 10:
        return seconds, cpu, f"error: exit code {returncode}", None
    model = set()
    for line in stdout.splitlines():
        if line.startswith("v "):
            model.update(int(tok) for tok in line[2:].split() if int(tok) > 0)
    return seconds, cpu, "sat", model


def run_repeated(args, cnf_path):
    """run_solver, repeated as --repeat asks (each run a new process): the
    median wall time and CPU time of the runs, with the first run's outcome
    and model. Repeats stop once the runs so far took --repeat-budget
    seconds, so that long runs are timed once. An outcome that differs
    between runs is reported as an error."""
    runs = []
    while len(runs) < args.repeat:
        runs.append(run_solver(args.solver, args.solver_args, cnf_path, args.timeout))
        if runs[0][2] == "timeout" or sum(r[0] for r in runs) >= args.repeat_budget:
            break
    seconds, cpu, outcome, model = runs[0]
    if any(r[2] != outcome for r in runs):
        outcome = "error: outcomes differ between runs: " + ", ".join(r[2] for r in runs)
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            outcome, model)


def decode(n, model):
    """Grid from a model; 0 where a cell has no value or more than one."""
    grid = []
    for cell in range(n * n):
        vals = [v for v in range(1, n + 1) if var(n, cell, v) in model]
        grid.append(vals[0] if len(vals) == 1 else 0)
    return grid


def unique_status(n, givens, first_grid, outcome, other, detail):
    """Status and detail of the solve that excludes the first solution (shared
    with cpsat_anchor.py): unique when it is unsat, multiple when it finds
    another grid that keeps the rules and the givens, wrong when what it finds
    does not or is the first grid again, else its own status ('error' with the
    outcome as detail)."""
    if outcome == "unsat":
        return "unique", detail
    if outcome == "sat":
        problem = check_solution(n, givens, other)
        if problem or other == first_grid:
            return "wrong", f"second solution invalid: {problem or 'same grid'}"
        return "multiple", detail
    status = outcome.split(":")[0]
    return status, outcome if status == "error" else detail


def solve_puzzle(args, n, givens, workdir):
    """Solve one puzzle; return a list of (mode, seconds, status, encode_s, detail)."""
    rows = []
    t0 = time.perf_counter()
    clauses = encode(n, givens)
    cnf = os.path.join(workdir, "puzzle.cnf")
    write_cnf(cnf, n, clauses)
    encode_s = time.perf_counter() - t0
    size = f"vars={n ** 3} clauses={len(clauses)}"

    seconds, cpu, outcome, model = run_repeated(args, cnf)
    grid = None
    if outcome == "sat":
        grid = decode(n, model)
        problem = check_solution(n, givens, grid)
        status = "wrong" if problem else "solved"
        detail = problem or f"cpu_s={cpu:.4f} {size}"
    else:
        status = outcome.split(":")[0]
        detail = outcome if status == "error" else f"cpu_s={cpu:.4f} {size}"
    first = (seconds, status)
    if args.mode in ("first", "both"):
        rows.append(("first", seconds, status, encode_s, detail))

    if args.mode in ("unique", "both"):
        if status != "solved":
            rows.append(("unique", float("nan"), f"{status}", encode_s,
                         "first solve did not give a solution"))
        else:
            t0 = time.perf_counter()
            write_cnf(cnf, n, clauses + [blocking_clause(n, givens, grid)])
            reencode_s = time.perf_counter() - t0
            seconds, cpu, outcome, model = run_repeated(args, cnf)
            detail = f"cpu_s={cpu:.4f} first_s={first[0]:.4f} reencode_s={reencode_s:.4f}"
            other = decode(n, model) if outcome == "sat" else None
            status, detail = unique_status(n, givens, grid, outcome, other, detail)
            rows.append(("unique", seconds, status, encode_s, detail))
    return rows


def main():
    parser = argparse.ArgumentParser(
        description="Time an external SAT solver on Sudoku puzzles (direct encoding).")
    parser.add_argument("puzzles", nargs="+", help="puzzle files (one puzzle per line)")
    parser.add_argument("--solver", required=True, help="path of the SAT solver binary")
    parser.add_argument("--solver-args", default="-q",
                        help="extra solver arguments, space separated (default: -q)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="wall clock limit per solver run, seconds (default 60)")
    parser.add_argument("--mode", choices=["first", "unique", "both"], default="both")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each solver run this many times, each a new process, "
                             "and report the median (default 1)")
    parser.add_argument("--repeat-budget", type=float, default=2.0,
                        help="stop repeating a run once its runs took this many seconds "
                             "(default 2)")
    args = parser.parse_args()
    args.solver_args = args.solver_args.split()

    out = sys.stdout
    out.write("index\tname\tmode\tseconds\tstatus\tencode_s\tdetail\n")
    with tempfile.TemporaryDirectory(prefix="sat_anchor_") as workdir:
        for path in args.puzzles:
            for index, name, n, givens in read_puzzles(path):
                for mode, seconds, status, encode_s, detail in solve_puzzle(
                        args, n, givens, workdir):
                    out.write(f"{index}\t{name}\t{mode}\t{seconds:.4f}\t{status}\t"
                              f"{encode_s:.4f}\t{detail}\n")
                    out.flush()


if __name__ == "__main__":
    main()
