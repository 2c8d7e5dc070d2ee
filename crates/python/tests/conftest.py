"""Shared fixtures: the puzzles of the command's tests and the shared data sets.

The shared sets live in ../shared/data beside the repository (or wherever
$SUDOKU_DATA points). Without them their tests are skipped with the reason
printed, except under CI=true, where their absence is a failure (the rule
of crates/testdata).
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

# The same puzzles as tests/common/mod.rs.
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MULTIPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1........"
NO_SOLUTION = "12345678.........9..............................................................."
CLASH = "..................5.5............................................................"
X_WING = "043080250600000000000001094900004070000608000010200003820500000000000005034090710"

REPO = Path(__file__).resolve().parents[3]


def interrupted(script, *args, timeout=10):
    """Runs `script` in a new Python with `args`, sends it Ctrl-C (SIGINT)
    1.5 s after it prints "started", and returns how many seconds it took
    to stop. The script must print "interrupted" and exit with status 3 on
    KeyboardInterrupt; it must still be at work when Ctrl-C comes."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.5)  # well into the work
        assert child.poll() is None, "the run ended before Ctrl-C"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=timeout)
        elapsed = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
    assert out.strip() == "interrupted", err
    assert child.returncode == 3
    return elapsed


def data_dir():
    env = os.environ.get("SUDOKU_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def data():
    """The shared data directory; skips (or fails under CI=true) without it."""
    path = data_dir()
    if path.is_dir():
        return path
    reason = f"shared puzzle data not found at {path} (set SUDOKU_DATA to its location)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; it is required when CI=true")
    print(f"skipping: {reason}")
    pytest.skip(reason)


def is_solution_of(solution, puzzle):
    """A full valid grid that keeps the puzzle's givens (independent of the library)."""
    if solution is None or len(solution) != 81 or not solution.isdigit() or "0" in solution:
        return False
    for i, c in enumerate(puzzle):
        if c in "123456789" and solution[i] != c:
            return False
    units = []
    for k in range(9):
        units.append([k * 9 + j for j in range(9)])
        units.append([j * 9 + k for j in range(9)])
        r, c = 3 * (k // 3), 3 * (k % 3)
        units.append([(r + a) * 9 + c + b for a in range(3) for b in range(3)])
    return all(len({solution[i] for i in unit}) == 9 for unit in units)


def puzzle_lines(path):
    """The puzzles of a benchmark set: its lines but blanks and comments."""
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]
