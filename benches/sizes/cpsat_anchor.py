#!/usr/bin/env python3
"""CP-SAT anchor: solve N x N Sudoku puzzles with OR-Tools CP-SAT.

Same puzzle files and output conventions as sat_anchor.py (the puzzle reader,
box shape, solution check and the status of the uniqueness solve are imported
from it; keep both scripts in the same directory). Needs the 'ortools' package
(pip install ortools).

Model: one integer variable per cell with domain 1..N, AddAllDifferent on every
row, column and box, and each given fixed with an equality constraint.

For each puzzle the script:
  first   builds the model (timed separately as build_s) and times
          solver.Solve() with wall clock (the detail column has the process CPU
          time of the solve, less sensitive to a busy machine, and CP-SAT's own
          wall_time).
  unique  adds a constraint excluding the solution found: one Boolean b per
          non-given cell with b => (x != solution value), and OR(b). Then it
          solves again; INFEASIBLE proves the solution is unique. 'seconds' is
          the time of this second solve only.
Every solution is checked against the rules and the givens.

The solver runs with num_workers=1 (one search thread) by default, so that the
comparison with single-threaded engines is fair on a small machine; --workers
changes it. The time limit is CP-SAT's max_time_in_seconds.

Output: TSV on stdout with a header line, columns
    index  name  mode  seconds  status  build_s  detail
status is one of: solved, unsat, unique, multiple, timeout, wrong, error.

Example:
    python3 cpsat_anchor.py --timeout 60 --mode both gecode-16.txt > results-cpsat.tsv
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sat_anchor import check_solution, read_puzzles, unique_status, units  # noqa: E402

from ortools.sat.python import cp_model  # noqa: E402


def build_model(n, givens):
    """Return (model, cell variables) for the AllDifferent Sudoku model."""
    model = cp_model.CpModel()
    cells = [model.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    for unit in units(n):
        model.AddAllDifferent([cells[k] for k in unit])
    for cell, v in enumerate(givens):
        if v:
            model.Add(cells[cell] == v)
    return model, cells


def solve(model, cells, timeout, workers):
    """Solve the model; return (seconds, outcome, grid, solver timing text)."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = timeout
    cpu0 = time.process_time()
    start = time.perf_counter()
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    timing = (f"cpu_s={cpu:.4f} solver_wall={solver.WallTime():.4f} "
              f"workers={workers}")
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return seconds, "sat", [solver.Value(x) for x in cells], timing
    if status == cp_model.INFEASIBLE:
        return seconds, "unsat", None, timing
    if status == cp_model.UNKNOWN:
        return seconds, "timeout", None, timing
    return seconds, f"error: {solver.StatusName(status)}", None, timing


def exclude_solution(model, cells, givens, grid):
    """Add: at least one non-given cell differs from grid."""
    differs = []
    for cell, x in enumerate(cells):
        if givens[cell]:
            continue
        b = model.NewBoolVar(f"d{cell}")
        model.Add(x != grid[cell]).OnlyEnforceIf(b)
        differs.append(b)
    model.AddBoolOr(differs)


def solve_puzzle(args, n, givens):
    """Solve one puzzle; return a list of (mode, seconds, status, build_s, detail)."""
    rows = []
    t0 = time.perf_counter()
    model, cells = build_model(n, givens)
    build_s = time.perf_counter() - t0

    seconds, outcome, grid, timing = solve(model, cells, args.timeout, args.workers)
    first_s = seconds
    detail = timing
    if outcome == "sat":
        problem = check_solution(n, givens, grid)
        status = "wrong" if problem else "solved"
        detail = problem or detail
    else:
        status = outcome.split(":")[0]
        if status == "error":
            detail = outcome
    if args.mode in ("first", "both"):
        rows.append(("first", seconds, status, build_s, detail))

    if args.mode in ("unique", "both"):
        if status != "solved":
            rows.append(("unique", float("nan"), status, build_s,
                         "first solve did not give a solution"))
        else:
            first_grid = grid
            exclude_solution(model, cells, givens, first_grid)
            seconds, outcome, grid, timing = solve(model, cells, args.timeout, args.workers)
            detail = f"{timing} first_s={first_s:.4f}"
            status, detail = unique_status(n, givens, first_grid, outcome, grid, detail)
            rows.append(("unique", seconds, status, build_s, detail))
    return rows


def main():
    parser = argparse.ArgumentParser(
        description="Time OR-Tools CP-SAT on Sudoku puzzles (AllDifferent model).")
    parser.add_argument("puzzles", nargs="+", help="puzzle files (one puzzle per line)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="time limit per solve, seconds (default 60)")
    parser.add_argument("--mode", choices=["first", "unique", "both"], default="both")
    parser.add_argument("--workers", type=int, default=1,
                        help="CP-SAT num_workers (default 1: single thread)")
    args = parser.parse_args()

    out = sys.stdout
    out.write("index\tname\tmode\tseconds\tstatus\tbuild_s\tdetail\n")
    for path in args.puzzles:
        for index, name, n, givens in read_puzzles(path):
            for mode, seconds, status, build_s, detail in solve_puzzle(args, n, givens):
                out.write(f"{index}\t{name}\t{mode}\t{seconds:.4f}\t{status}\t"
                          f"{build_s:.4f}\t{detail}\n")
                out.flush()


if __name__ == "__main__":
    main()
