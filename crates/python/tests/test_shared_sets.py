"""The shared puzzle sets (../shared/data or $SUDOKU_DATA)."""

import pytest

import sudokit
from conftest import puzzle_lines

np = pytest.importorskip("numpy")

SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def digits(lines):
    return np.frombuffer("".join(lines).replace(".", "0").encode(), dtype=np.uint8).reshape(-1, 81) - 48


def assert_solutions(puzzles, solutions):
    """Every row a valid full grid that keeps its puzzle's givens (NumPy, independent of sudokit)."""
    p, s = digits(puzzles), digits(solutions)
    assert ((p == 0) | (p == s)).all(), "a given was changed"
    grids = s.reshape(-1, 9, 9)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    for units in (grids, grids.transpose(0, 2, 1), boxes):
        assert (np.sort(units, axis=2) == np.arange(1, 10)).all(), "a unit is not 1-9"


@pytest.mark.parametrize("name", SETS)
def test_solve_many_on_every_set(data, name):
    path = data / name
    puzzles = puzzle_lines(path)
    results = sudokit.solve_many(path)
    assert len(results) == len(puzzles)
    assert all(r.status == "solved" for r in results)
    assert [r.puzzle for r in results] == puzzles
    assert_solutions(puzzles, [r.solution for r in results])
    verdicts = {r.verdict for r in sudokit.check_many(path)}
    assert verdicts == ({"multiple"} if name == "puzzles7_serg_benchmark" else {"unique"})


def test_numpy_batch_on_a_set(data):
    puzzles = puzzle_lines(data / "puzzles3_magictour_top1465")
    out = sudokit.solve_many(digits(puzzles), threads=2)
    assert_solutions(puzzles, ["".join(map(str, row)) for row in out])


def test_euler96(data):
    results = sudokit.solve_many(data / "euler96.txt")
    assert len(results) == 50
    assert sum(int(r.solution[:3]) for r in results) == 24702
    assert results[1].line == 11


def test_rate_many_matches_single_ratings(data):
    puzzles = puzzle_lines(data / "puzzles3_magictour_top1465")[:40]
    batch = sudokit.rate_many(puzzles)
    for p, r in zip(puzzles, batch):
        single = sudokit.rate(p)
        assert (r.value, r.difficulty, r.technique) == (single.value, single.difficulty, single.technique)
        assert r.value >= 1.0
