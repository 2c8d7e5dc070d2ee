"""Pencil-mark puzzles (the 729-character line and the grid ``marks``
draws) wherever a puzzle is taken, and the hint ladder."""

import pytest

import sudokit
from conftest import MULTIPLE, UNIQUE, X_WING, is_solution_of

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def cross_out(line, cell, digit):
    """The 729-character line with ``digit`` crossed out of ``cell`` (0-80)."""
    i = cell * 9 + digit - 1
    assert line[i] == str(digit)
    return line[:i] + "." + line[i + 1:]


@pytest.mark.parametrize("form", ["line", "drawn"])
def test_every_function_takes_pencil_marks(form):
    m = sudokit.marks(X_WING)
    puzzle = m.line if form == "line" else str(m)
    assert len(m.line) == 729
    solution = sudokit.solve(X_WING)
    assert sudokit.solve(puzzle) == solution
    assert sudokit.count(puzzle) == 1
    assert sudokit.check(puzzle) == "unique"
    assert sudokit.rate(puzzle).value == 3.2
    assert sudokit.rate(puzzle).puzzle == m.line
    assert sudokit.explain(puzzle).technique == "X-Wing"
    assert sudokit.hint(puzzle).technique == sudokit.hint(X_WING).technique
    if form == "drawn":
        # (In the line, a cell with one candidate left reads as placed.)
        assert str(sudokit.marks(puzzle)) == str(m)
        assert sudokit.Grid(puzzle) == sudokit.Grid(X_WING)
    for results in [sudokit.solve_many([puzzle, X_WING]), sudokit.check_many([puzzle]),
                    sudokit.count_many([puzzle]), sudokit.rate_many([puzzle])]:
        assert results[0].status in ("solved", "rated")
        assert results[0].puzzle == m.line


def test_a_pencil_mark_puzzle_is_solved_within_its_marks():
    line = sudokit.marks(UNIQUE).line
    solution = sudokit.solve(UNIQUE)
    # Crossing the solution's digit out of a cell leaves no solution.
    cell = UNIQUE.index(".")
    crossed = cross_out(line, cell, int(solution[cell]))
    assert sudokit.solve(crossed) is None
    assert sudokit.check(crossed) == "none"
    assert sudokit.count(crossed) == 0
    r = sudokit.solve_many([crossed])[0]
    assert r.status == "no_solution" and r.to_dict()["puzzle"] == crossed
    assert sudokit.rate(crossed).status == "no_solution"
    # Marks that single out one of several solutions make it unique.
    some = sudokit.solve(MULTIPLE)
    only = "".join(
        "".join(str(d) if str(d) == some[i] else "." for d in range(1, 10)) for i in range(81)
    )
    assert sudokit.check(only) == "unique" and sudokit.solve(only) == some
    assert is_solution_of(some, MULTIPLE)


def test_a_hint_names_a_needed_candidate_crossed_out():
    solution = sudokit.solve(EASY)
    cell = 3 * 9 + 4  # r4c5
    digit = int(solution[cell])
    crossed = cross_out(sudokit.marks(EASY).line, cell, digit)
    for level in ["nudge", "cells", "step"]:
        h = sudokit.hint(crossed, level=level)
        assert h.status == "wrong_entry"
        assert h.message == f"r4c5: {digit} was crossed out, but the solution has {digit} there."
        (m,) = h.mistakes
        assert (m.kind, m.cell, m.digit, m.entered) == ("crossed_out", "r4c5", digit, None)
        assert str(m) == h.message
        assert m.to_dict() == {"kind": "crossed_out", "cell": "r4c5", "digit": digit}
        assert h.technique is None and h.step is None and h.cells is None
    # With the original clues given, the same.
    assert sudokit.hint(crossed, given=EASY).status == "wrong_entry"
    # Correct marks give the digit puzzle's step.
    marks = sudokit.marks(EASY).line
    assert sudokit.hint(marks).message == sudokit.hint(EASY).message


def test_the_hint_ladder():
    nudge = sudokit.hint(EASY, level="nudge")
    assert nudge.status == "step" and nudge.level == "nudge"
    assert nudge.message == "Look for a Hidden Single in b1."
    assert nudge.technique == "Hidden Single" and nudge.houses == ["b1"]
    assert nudge.cells is None and nudge.candidates is None and nudge.step is None
    assert nudge.mistakes is None
    assert "=" not in nudge.message and "<>" not in nudge.message

    cells = sudokit.hint(EASY, level="cells")
    assert cells.message.startswith("Look for a Hidden Single in b1, among ")
    assert cells.cells and all(c.startswith("r") for c in cells.cells)
    assert cells.candidates and all(isinstance(c, tuple) for c in cells.candidates)
    assert cells.step is None

    step = sudokit.hint(EASY)
    assert step.level == "step"
    assert step.message == "Hidden Single (1.2): In b1, 6 can only go in r2c2, so r2c2=6."
    assert step.step.placements == [("r2c2", 6)]
    assert step.cells == cells.cells and step.houses == ["b1"]
    assert step.to_dict()["step"] == step.step.to_dict()
    assert "level='step'" in repr(step)


def test_a_bad_level_raises_value_error():
    with pytest.raises(ValueError) as err:
        sudokit.hint(EASY, level="answer")
    assert str(err.value) == "unknown hint level `answer` (expected nudge, cells or step)"
    with pytest.raises(TypeError):
        sudokit.hint(EASY, level=2)


def test_wrong_digits_are_named_at_every_level():
    progress = "5" + EASY[1:]
    for level in ["nudge", "cells", "step"]:
        h = sudokit.hint(progress, given=EASY, level=level)
        assert h.status == "wrong_entry" and h.message == "r1c1 is 5, but the solution has 4."
        (m,) = h.mistakes
        assert (m.kind, m.cell, m.entered, m.digit) == ("wrong_digit", "r1c1", 5, 4)


def test_marks_line_reads_back_and_steps_tell_their_candidates():
    m = sudokit.marks(EASY)
    # The drawn grid reads back exactly; in the line, a cell with one
    # candidate left reads back as placed.
    assert str(sudokit.marks(str(m))) == str(m)
    assert sudokit.marks(str(m)).line == m.line
    step = sudokit.explain(X_WING).steps[0]
    assert isinstance(step.candidates, list)


def test_a_file_of_pencil_mark_lines_in_every_batch(tmp_path):
    solution = sudokit.solve(UNIQUE)
    cell = UNIQUE.index(".")
    good = sudokit.marks(UNIQUE).line
    crossed = cross_out(good, cell, int(solution[cell]))
    path = tmp_path / "marks.txt"
    path.write_text(f"{good}\n{crossed}\n{good[:728]}\n")
    results = sudokit.solve_many(path)
    assert [r.status for r in results] == ["solved", "no_solution", "invalid"]
    assert results[0].solution == solution and results[1].puzzle == crossed
    assert results[2].error.startswith("line 3: ")
    assert [r.verdict for r in sudokit.check_many(path)] == ["unique", "none", "invalid"]
    assert [r.solutions for r in sudokit.count_many(path)] == [1, 0, None]
    assert [r.status for r in sudokit.rate_many(path)] == ["rated", "no_solution", "invalid"]
    assert sudokit.rate_many(path)[0].puzzle == good
    e = sudokit.explain(good)
    assert e.solved and e.to_dict()["puzzle"] == good
