"""Batches: input order, one result per input, per-record statuses."""

import pathlib

import pytest

import sudokit
from conftest import CLASH, MULTIPLE, NO_SOLUTION, UNIQUE, is_solution_of

np = pytest.importorskip("numpy")

# The mixed batch of the command's check test, with an unreadable line.
MIXED = [UNIQUE, MULTIPLE, NO_SOLUTION, CLASH, UNIQUE[:80], "not a puzzle"]


def relabel(puzzle, k):
    return "".join(str((int(c) - 1 + k) % 9 + 1) if c.isdigit() else c for c in puzzle)


def test_solve_many_mixed_batch():
    results = sudokit.solve_many(MIXED)
    assert [r.status for r in results] == [
        "solved", "solved", "no_solution", "invalid", "invalid", "invalid",
    ]
    assert [r.index for r in results] == [1, 2, 3, 4, 5, 6]
    assert is_solution_of(results[0].solution, UNIQUE)
    assert is_solution_of(results[1].solution, MULTIPLE)
    assert results[0] and not results[2]
    assert results[2].solution is None and results[2].error is None
    assert results[3].error == "line 1: r3c1 and r3c3 are both 5"
    # A line of no accepted length: the message names every length.
    assert results[4].error == (
        "line 1: expected a line of 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, 400, 441, 484, "
        "576, 625, 676, 729, 784, 900, 1024, 1089, 1156, 1225 characters (N*N for an N x N grid), "
        "found 80"
    )
    assert results[5].error.startswith("line 1, column 1: expected a digit 1-9")
    assert results[3].puzzle == CLASH and results[5].puzzle is None
    assert results[0].file is None and results[0].line == 1
    assert "status='invalid'" in repr(results[4])


def test_check_many_and_count_many_mixed_batch():
    verdicts = [r.verdict for r in sudokit.check_many(MIXED)]
    assert verdicts == ["unique", "multiple", "none", "invalid", "invalid", "invalid"]
    counts = sudokit.count_many(MIXED, limit=5)
    assert [c.solutions for c in counts] == [1, 5, 0, None, None, None]
    assert [c.limit_reached for c in counts] == [False, True, False, False, False, False]
    assert [c.status for c in counts] == [
        "solved", "solved", "no_solution", "invalid", "invalid", "invalid",
    ]
    assert counts[3].error == "line 1: r3c1 and r3c3 are both 5"


def test_rate_many_mixed_batch():
    ratings = sudokit.rate_many(MIXED)
    assert [r.status for r in ratings] == [
        "rated", "multiple", "no_solution", "invalid", "invalid", "invalid",
    ]
    assert ratings[0].value >= 1.0 and ratings[0].difficulty and ratings[0].technique
    assert ratings[1].value is None
    assert ratings[1].error == (
        "line 1: the puzzle has more than one solution, so it has no logical path"
    )
    assert ratings[3].error == "line 1: r3c1 and r3c3 are both 5"


@pytest.mark.parametrize("threads", [None, 1, 2, 3])
def test_big_batch_keeps_order_on_any_threads(threads):
    puzzles, bad = [], []
    for i in range(5000):
        if i % 97 == 13:
            puzzles.append("not a puzzle")
            bad.append(i + 1)
        else:
            puzzles.append(relabel(UNIQUE, i % 9))
    results = sudokit.solve_many(puzzles, threads=threads)
    assert len(results) == len(puzzles)
    assert [r.index for r in results if r.status == "invalid"] == bad
    for p, r in zip(puzzles, results):
        if r.status == "solved":
            assert r.puzzle == p and is_solution_of(r.solution, p)


def test_any_iterable_and_grids():
    gen = (relabel(UNIQUE, k) for k in range(9))
    results = sudokit.solve_many(gen, threads=2)
    assert [r.puzzle for r in results] == [relabel(UNIQUE, k) for k in range(9)]
    results = sudokit.check_many(iter([sudokit.Grid(UNIQUE), MULTIPLE]))
    assert [r.verdict for r in results] == ["unique", "multiple"]
    assert len(sudokit.solve_many([])) == 0 and list(sudokit.solve_many([])) == []


def test_a_file_path_any_format(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"# a comment\n{UNIQUE}\n\n{CLASH}\nnot a puzzle\n{MULTIPLE}\n")
    for source in [str(path), path]:
        results = sudokit.solve_many(source)
        assert [(r.index, r.line, r.status) for r in results] == [
            (1, 2, "solved"), (2, 4, "invalid"), (3, 5, "invalid"), (4, 6, "solved"),
        ]
        assert results[0].file == str(path)
        assert results[1].error == "line 4: r3c1 and r3c3 are both 5"
    grids = tmp_path / "grids.txt"
    grids.write_text("\n\n".join(sudokit.Grid(p).format("pretty") for p in [UNIQUE, MULTIPLE]))
    assert [r.line for r in sudokit.check_many(grids)] == [1, 14]
    assert [r.verdict for r in sudokit.check_many(grids)] == ["unique", "multiple"]


def test_missing_file_raises_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        sudokit.solve_many(tmp_path / "absent.txt")


@pytest.mark.parametrize("bad", [42, None, b"abc", 3.5])
def test_batch_wrong_types(bad):
    for function in [sudokit.solve_many, sudokit.count_many, sudokit.check_many, sudokit.rate_many]:
        with pytest.raises(TypeError):
            function(bad)


def test_batch_wrong_item_type():
    with pytest.raises(TypeError, match="puzzle 2"):
        sudokit.solve_many([UNIQUE, 42])


def test_bad_threads():
    with pytest.raises(ValueError):
        sudokit.solve_many([UNIQUE], threads=0)
    with pytest.raises(TypeError):
        sudokit.solve_many([UNIQUE], threads="2")


def test_numpy_in_and_out():
    g = sudokit.Grid(UNIQUE).to_numpy()
    assert g.shape == (9, 9) and g.dtype == np.uint8 and g[0, 0] == 4
    assert np.asarray(sudokit.Grid(UNIQUE)).shape == (9, 9)
    assert sudokit.Grid(g) == sudokit.Grid(UNIQUE)
    assert sudokit.Grid(g.reshape(81).astype(np.int64)).line == UNIQUE

    rows = np.array([sudokit.Grid(p).to_list() for p in [UNIQUE, NO_SOLUTION, CLASH, MULTIPLE]])
    out = sudokit.solve_many(rows)
    assert out.shape == rows.shape and out.dtype == rows.dtype
    assert "".join(map(str, out[0])) == sudokit.solve(UNIQUE)
    assert not out[1].any() and not out[2].any()
    assert is_solution_of("".join(map(str, out[3])), MULTIPLE)

    cube = rows.reshape(4, 9, 9).astype(np.uint8)
    out = sudokit.solve_many(cube, threads=2)
    assert out.shape == (4, 9, 9) and out.dtype == np.uint8
    assert "".join(map(str, out[0].ravel())) == sudokit.solve(UNIQUE)

    assert [r.verdict for r in sudokit.check_many(rows)] == ["unique", "none", "invalid", "multiple"]
    assert [r.solutions for r in sudokit.count_many(rows, limit=2)] == [1, 0, None, 2]
    assert sudokit.rate_many(rows[:1])[0].status == "rated"


def test_numpy_bad_arrays():
    with pytest.raises(ValueError, match="shape"):
        sudokit.solve_many(np.zeros((3, 80), dtype=int))
    with pytest.raises(ValueError, match="digits 0-9"):
        sudokit.solve_many(np.full((2, 81), 10))
    with pytest.raises(TypeError, match="dtype"):
        sudokit.solve_many(np.zeros((2, 81), dtype=float))
    assert sudokit.solve_many(np.zeros((0, 81), dtype=np.uint8)).shape == (0, 81)


def test_results_are_a_sequence():
    results = sudokit.check_many([UNIQUE, MULTIPLE, CLASH])
    assert isinstance(results, sudokit.Results)
    assert len(results) == 3
    assert results[-1].verdict == "invalid" and results[0].verdict == "unique"
    assert [r.verdict for r in results[1:]] == ["multiple", "invalid"]
    assert [r.verdict for r in results[::-2]] == ["invalid", "unique"]
    assert [r.index for r in results.to_list()] == [1, 2, 3]
    assert [r.index for r in reversed(list(results))] == [3, 2, 1]
    with pytest.raises(IndexError):
        results[3]
    with pytest.raises(TypeError):
        results["a"]
    assert repr(results).startswith("Results([CheckResult(index=1, verdict='unique')")
