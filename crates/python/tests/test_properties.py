"""Property: every solution returned is a valid grid that keeps the givens."""

from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from conftest import UNIQUE, is_solution_of

SOLVED = sudokit.solve(UNIQUE)


@st.composite
def puzzles(draw):
    """Random puzzles: holes in a relabelled solution, or random digits
    (often with no solution or clashing)."""
    if draw(st.booleans()):
        perm = draw(st.permutations("123456789"))
        full = "".join(perm[int(c) - 1] for c in SOLVED)
        keep = draw(st.lists(st.booleans(), min_size=81, max_size=81))
        return "".join(c if k else "." for c, k in zip(full, keep))
    cells = draw(st.lists(st.sampled_from(".........123456789"), min_size=81, max_size=81))
    return "".join(cells)


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_every_solution_is_valid_and_keeps_the_givens(puzzle):
    solution = sudokit.solve(puzzle)
    verdict = sudokit.check(puzzle)
    if solution is None:
        assert verdict in ("none", "invalid")
    else:
        assert is_solution_of(solution, puzzle)
        assert verdict in ("unique", "multiple")
        assert sudokit.count(puzzle, limit=2) == (1 if verdict == "unique" else 2)


@settings(max_examples=30, deadline=None)
@given(st.lists(puzzles(), max_size=40), st.integers(1, 3))
def test_batches_agree_with_single_calls(batch, threads):
    results = sudokit.solve_many(batch, threads=threads)
    assert len(results) == len(batch)
    for puzzle, result in zip(batch, results):
        assert result.puzzle == puzzle
        single = sudokit.solve(puzzle)
        assert (result.solution is None) == (single is None)
        if result.solution is not None:
            assert is_solution_of(result.solution, puzzle)


@st.composite
def pencil_marks(draw):
    """A relabelled puzzle's 729-character line with candidates crossed out
    at random (often leaving no solution)."""
    perm = draw(st.permutations("123456789"))
    full = "".join(perm[int(c) - 1] for c in SOLVED)
    keep = draw(st.lists(st.booleans(), min_size=81, max_size=81))
    line = sudokit.marks("".join(c if k else "." for c, k in zip(full, keep))).line
    crossed = draw(st.lists(st.integers(0, 728), max_size=12))
    cells = list(line)
    for i in crossed:
        cells[i] = "."
    return "".join(cells)


def allowed(line, cell):
    return {c for c in line[cell * 9:cell * 9 + 9] if c != "."}


@settings(max_examples=150, deadline=None)
@given(pencil_marks())
def test_a_pencil_mark_solution_keeps_within_the_marks(line):
    solution = sudokit.solve(line)
    verdict = sudokit.check(line)
    if solution is None:
        assert verdict in ("none", "invalid")
    else:
        assert is_solution_of(solution, sudokit.Grid(line).line)
        assert all(solution[i] in allowed(line, i) for i in range(81))
        assert verdict in ("unique", "multiple")
