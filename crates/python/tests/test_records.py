"""``to_dict()`` against the command: the same inputs through ``sudoku ...
--to json`` and through sudokit give the same records, field for field.

The command is the workspace's release build (``crates/python/test.sh``
builds it), or ``$SUDOKU_BIN``.
"""

import json
import os
import subprocess

import pytest

import sudokit
from conftest import CLASH, MULTIPLE, NO_SOLUTION, REPO, UNIQUE, X_WING

FIXTURES = REPO / "tests" / "fixtures"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(scope="session")
def sudoku():
    """Runs the command and gives its JSON lines as dicts."""
    binary = os.environ.get("SUDOKU_BIN") or str(REPO / "target" / "release" / "sudoku")
    if not os.path.exists(binary):
        pytest.fail(f"the sudoku command is not built at {binary}: run crates/python/test.sh "
                    "(or cargo build --release -p sudoku-cli)")

    def run(*args, stdin=None):
        done = subprocess.run([binary, *map(str, args)], input=stdin, capture_output=True,
                              text=True, timeout=300)
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]

    return run


def marks_line(puzzle):
    """The 729-character pencil-mark line of a puzzle, every candidate kept."""
    return sudokit.marks(puzzle).line


def test_solve_count_check_records_of_a_mixed_file(sudoku):
    path = FIXTURES / "mixed.txt"
    assert [r.to_dict() for r in sudokit.solve_many(str(path))] == sudoku("solve", "--to", "json", path)
    assert [r.to_dict() for r in sudokit.count_many(str(path), limit=5)] == sudoku(
        "count", "--to", "json", "--limit", "5", path)
    assert [r.to_dict() for r in sudokit.check_many(str(path))] == sudoku("check", "--to", "json", path)


@pytest.mark.parametrize("puzzle", [UNIQUE, MULTIPLE, NO_SOLUTION, CLASH, UNIQUE[:80], "x",
                                    "marks"])
def test_records_of_an_iterable_are_those_of_standard_input(sudoku, puzzle):
    if puzzle == "marks":
        puzzle = marks_line(X_WING)
    stdin = puzzle + "\n"
    assert [sudokit.solve_many([puzzle])[0].to_dict()] == sudoku("solve", "--to", "json", stdin=stdin)
    assert [sudokit.count_many([puzzle])[0].to_dict()] == sudoku("count", "--to", "json", stdin=stdin)
    got = sudokit.check_many([puzzle])[0].to_dict()
    assert [got] == sudoku("check", "--to", "json", stdin=stdin)
    assert "file" not in got


def test_rate_records(sudoku):
    path = FIXTURES / "two-puzzles.txt"
    want = sudoku("rate", "--to", "json", path)
    assert [r.to_dict() for r in sudokit.rate_many(str(path))] == want
    assert want[1]["technique"] == "X-Wing"
    for line in path.read_text().split():
        assert [sudokit.rate(line).to_dict()] == sudoku("rate", "--to", "json", stdin=line + "\n")


def test_a_rating_without_a_logical_path_has_the_common_fields():
    r = sudokit.rate_many([UNIQUE, MULTIPLE])[1]
    assert r.to_dict() == {
        "index": 2, "line": 1, "puzzle": MULTIPLE, "status": "multiple",
        "error": "line 1: the puzzle has more than one solution, so it has no logical path",
    }


@pytest.mark.parametrize("name", ["almost-done.txt", "two-puzzles.txt"])
def test_explain_records(sudoku, name):
    for line in (FIXTURES / name).read_text().split():
        (record,) = sudoku("explain", "--to", "json", stdin=line + "\n")
        e = sudokit.explain(line)
        assert e.to_dict() == record
        assert [s.to_dict() for s in e.steps] == record["steps"]


@pytest.mark.parametrize("level", ["nudge", "cells", "step"])
@pytest.mark.parametrize("name", ["almost-done.txt", "two-puzzles.txt", "crossed-out.txt"])
def test_hint_records_at_each_level(sudoku, level, name):
    path = FIXTURES / name
    want = sudoku("hint", "--to", "json", "--level", level, path)
    lines = path.read_text().split()
    assert len(want) == len(lines)
    for line, record in zip(lines, want):
        h = sudokit.hint(line, level=level)
        assert h.to_dict() == record
        assert h.level == level and h.status == record["status"] and h.message == record["message"]


def test_hint_records_with_given_clues_and_clashes(sudoku, tmp_path):
    progress = "5" + EASY[1:]
    given = tmp_path / "given.txt"
    given.write_text(EASY + "\n")
    for level in ["nudge", "step"]:
        want = sudoku("hint", "--to", "json", "--level", level, "--given", given, stdin=progress + "\n")
        assert [sudokit.hint(progress, given=EASY, level=level).to_dict()] == want
    assert [sudokit.hint(CLASH).to_dict()] == sudoku("hint", "--to", "json", stdin=CLASH + "\n")
    assert [sudokit.hint(MULTIPLE).to_dict()] == sudoku("hint", "--to", "json", stdin=MULTIPLE + "\n")


def test_generate_records(sudoku):
    want = sudoku("generate", "--count", "3", "--seed", "7", "--to", "json")
    assert [p.to_dict() for p in sudokit.generate(3, seed=7)] == want
    want = sudoku("generate", "--count", "2", "--seed", "5", "--difficulty", "hard",
                  "--symmetry", "rotational", "--to", "json")
    assert [p.to_dict() for p in sudokit.generate(2, seed=5, difficulty="hard",
                                                   symmetry="rotational")] == want


def test_getters_read_the_record():
    r = sudokit.solve_many([UNIQUE])[0]
    d = r.to_dict()
    assert (r.index, r.line, r.puzzle, r.status, r.solution) == (
        d["index"], d["line"], d["puzzle"], d["status"], d["solution"])
    rating = sudokit.rate(X_WING)
    d = rating.to_dict()
    assert (rating.value, rating.difficulty, rating.technique, rating.solved) == (
        d["rating"], d["difficulty"], d["technique"], d["solved"])
    (p,) = sudokit.generate(seed=3)
    d = p.to_dict()
    assert (p.index, p.puzzle, p.solution, p.rating, p.difficulty, p.technique, p.clues) == (
        d["index"], d["puzzle"], d["solution"], d["rating"], d["difficulty"], d["technique"],
        d["clues"])
