"""Ctrl-C stops a long batch within a second (KeyboardInterrupt)."""

import sys

import pytest
from conftest import REPO, interrupted

HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

SCRIPT = """
import sys, sudokit
kind, threads = sys.argv[1], int(sys.argv[2])
p = {puzzle!r}
if kind == "list":
    source, run = [p] * 3_000_000, sudokit.solve_many
elif kind == "generator":
    source, run = (p for _ in iter(int, 1)), sudokit.solve_many
elif kind == "file":
    source, run = sys.argv[3], sudokit.check_many
else:
    source, run = [p] * 100_000, sudokit.rate_many
print("started", flush=True)
try:
    run(source, threads=threads)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
@pytest.mark.parametrize(
    "kind, threads",
    [("list", 1), ("list", 2), ("generator", 2), ("file", 2), ("rate", 1), ("rate", 2)],
)
def test_ctrl_c_stops_a_long_batch_within_a_second(kind, threads, tmp_path):
    path = tmp_path / "many.txt"
    if kind == "file":
        path.write_text((HARD + "\n") * 1_000_000)
    elapsed = interrupted(SCRIPT.format(puzzle=HARD), kind, threads, path)
    assert elapsed < 1.0, f"took {elapsed:.2f} s to stop"


SLOW = """
import sys, sudokit
puzzle = open(sys.argv[1]).read().splitlines()[1]
print("started", flush=True)
try:
    sudokit.check_many([puzzle] * 60, threads=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_ctrl_c_stops_a_batch_of_slow_puzzles_on_one_thread_after_the_puzzle_at_hand():
    # Each check takes about a second: one thread works on pieces that
    # shrink to one such puzzle, and Ctrl-C is seen between pieces (it
    # waited for a piece of 128 puzzles, minutes).
    puzzle = REPO / "tests" / "fixtures" / "sizes" / "5x5-minimal.txt"
    elapsed = interrupted(SLOW, puzzle, timeout=60)
    assert elapsed < 6.0, f"took {elapsed:.2f} s to stop"
