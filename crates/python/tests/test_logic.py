"""Rating, explaining, hints, pencil marks and generation."""

import pytest

import sudokit
from conftest import CLASH, MULTIPLE, NO_SOLUTION, UNIQUE, X_WING, is_solution_of

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_rate():
    r = sudokit.rate(X_WING)
    assert (r.value, r.difficulty, r.technique) == (3.2, "hard", "X-Wing")
    assert r.solved and r.stopped is None and r.status == "rated"
    assert repr(r) == "Rating(value=3.2, difficulty='hard', technique='X-Wing')"
    assert sudokit.rate(sudokit.Grid(X_WING)).value == 3.2


def test_rate_without_a_logical_path():
    assert sudokit.rate(MULTIPLE).status == "multiple"
    assert sudokit.rate(NO_SOLUTION).status == "no_solution"
    r = sudokit.rate(CLASH)
    assert r.status == "invalid" and r.error == "line 1: r3c1 and r3c3 are both 5"
    assert r.value is None and r.difficulty is None and r.technique is None


def test_explain():
    e = sudokit.explain(X_WING)
    assert (e.value, e.difficulty, e.technique, e.solved) == (3.2, "hard", "X-Wing", True)
    assert len(e) == len(e.steps) > 10
    first = e.steps[0]
    assert first.technique and first.rating >= 1.0
    assert str(first).startswith(f"{first.technique} ({first.rating:.1f}): ")
    assert first.explanation in str(first)
    assert all(isinstance(c, tuple) and c[0].startswith("r") for c in first.placements)
    assert max(s.rating for s in e.steps) == 3.2
    x_wing = [s for s in e.steps if s.technique == "X-Wing"][0]
    assert x_wing.eliminations and not x_wing.placements and x_wing.cells
    assert "<>" in x_wing.outcome
    # The placements of the path fill the grid with the solution.
    grid = list(X_WING)
    for s in e.steps:
        for cell, digit in s.placements:
            grid[(int(cell[1]) - 1) * 9 + int(cell[3]) - 1] = str(digit)
    assert "".join(grid) == sudokit.solve(X_WING)
    assert sudokit.explain(MULTIPLE).steps == []


def test_hint_next_step_and_wrong_entry():
    h = sudokit.hint(EASY)
    assert h.status == "step" and h.level == "step"
    assert h.step.technique == "Hidden Single"
    assert h.message == str(h.step) == str(h)
    assert "(" in str(h.marks)
    wrong = "5" + EASY[1:]
    h = sudokit.hint(wrong, given=EASY)
    assert h.status == "wrong_entry"
    assert h.message == "r1c1 is 5, but the solution has 4."
    assert h.step is None
    solved = sudokit.solve(EASY)
    assert sudokit.hint(solved).status == "solved"
    assert sudokit.hint(MULTIPLE).status == "multiple_solutions"
    assert sudokit.hint(CLASH).status == "conflict"


def test_hint_levels():
    with pytest.raises(ValueError, match="unknown hint level"):
        sudokit.hint(EASY, level="answer")


def test_marks():
    m = sudokit.marks(X_WING)
    assert "(4)" in str(m)
    assert m[0, 1] == [4]
    assert 1 in m[0, 0] and 4 not in m[0, 0]
    assert m.grid == sudokit.Grid(X_WING)
    assert len(m.compact.splitlines()) >= 9
    with pytest.raises(ValueError):
        sudokit.marks(CLASH)


def test_generate_is_unique_and_reproducible():
    puzzles = sudokit.generate(4, seed=12, threads=1)
    assert [p.index for p in puzzles] == [1, 2, 3, 4]
    for p in puzzles:
        assert sudokit.check(p.puzzle) == "unique"
        assert is_solution_of(p.solution, p.puzzle)
        assert p.clues == 81 - p.puzzle.count(".")
        assert p.rating >= 1.0 and p.difficulty and p.technique
    again = sudokit.generate(4, seed=12, threads=2)
    assert [p.puzzle for p in again] == [p.puzzle for p in puzzles]
    assert sudokit.generate(0) == []


def test_generate_options():
    (p,) = sudokit.generate(difficulty="easy", symmetry="rotational", seed=3)
    assert p.difficulty == "easy"
    s = p.puzzle
    assert all((s[i] == ".") == (s[80 - i] == ".") for i in range(81))
    (p,) = sudokit.generate(rating=(2.0, 4.4), seed=5)
    assert 2.0 <= p.rating <= 4.4
    (p,) = sudokit.generate(minimal=True, clues=None, seed=1)
    assert sudokit.check(p.puzzle) == "unique"
    # Fewer clues than a dig keeps: the library walks down to them (before
    # the walk this gave up after 100,000 attempts).
    (p,) = sudokit.generate(clues=19, seed=1)
    assert p.clues == 19 == 81 - p.puzzle.count(".")
    assert sudokit.check(p.puzzle) == "unique" and is_solution_of(p.solution, p.puzzle)
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudokit.generate(difficulty="impossible")
    with pytest.raises(ValueError):
        sudokit.generate(symmetry="spiral")
    with pytest.raises(ValueError):
        sudokit.generate(difficulty="easy", rating=2.0)
    with pytest.raises(TypeError):
        sudokit.generate(rating="hard")
    with pytest.raises(ValueError):
        sudokit.generate(-1)


def test_explain_without_a_logical_path():
    e = sudokit.explain(CLASH)
    assert e.status == "invalid" and e.steps == [] and e.value is None
    assert e.error == "line 1: r3c1 and r3c3 are both 5"
    assert e.to_dict() == {"index": 1, "line": 1, "puzzle": CLASH, "status": "invalid",
                           "error": "line 1: r3c1 and r3c3 are both 5"}
    assert "status='invalid'" in repr(e)
    assert sudokit.explain(MULTIPLE).status == "multiple"


def test_logic_that_stops_gives_a_lower_bound():
    # Needs more than the solver's techniques (a very hard puzzle) or not:
    # either way the record says whether it solved it.
    hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    r = sudokit.rate(hard)
    d = r.to_dict()
    assert d["solved"] == r.solved and d.get("stopped") == r.stopped
    assert (r.stopped is None) == r.solved
