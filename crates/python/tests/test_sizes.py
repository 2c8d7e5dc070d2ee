"""Grids of every size (4x4 up to 25x25 here): the functions and classes of
9x9 take them, read the size from the input or from ``size``/``boxes``,
the alphabet from it or from ``symbols``, and answer in the puzzle's shape
and alphabet. Every solution is checked here by rules written in this file,
not by the library."""

import json
import os
import random
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudokit
from conftest import REPO

ALPHABETS = {
    "default": "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "hex": "0123456789ABCDEF",
    "letters": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
}


def decode(line, n, symbols="default"):
    """The digits (0 for a blank) of a one-line grid of side n."""
    alphabet = ALPHABETS[symbols]
    assert len(line) == n * n, (len(line), n)
    digits = []
    for c in line:
        if c == "." or (c == "0" and symbols != "hex"):
            digits.append(0)
        else:
            d = alphabet.index(c.upper()) + 1
            assert d <= n, c
            digits.append(d)
    return digits


def encode(digits, symbols="default", blank="."):
    alphabet = ALPHABETS[symbols]
    return "".join(alphabet[d - 1] if d else blank for d in digits)


def is_solution(solution, puzzle, box_rows, box_cols):
    """A full grid with rows, columns and boxes all distinct that keeps every
    given of the puzzle (both lists of digits, 0 for a blank)."""
    n = box_rows * box_cols
    if solution is None or len(solution) != n * n or len(puzzle) != n * n:
        return False
    if any(not 1 <= d <= n for d in solution):
        return False
    if any(p and p != s for p, s in zip(puzzle, solution)):
        return False
    for k in range(n):
        row = {solution[k * n + j] for j in range(n)}
        col = {solution[j * n + k] for j in range(n)}
        r0, c0 = box_rows * (k // (n // box_cols)), box_cols * (k % (n // box_cols))
        box = {solution[(r0 + a) * n + c0 + b] for a in range(box_rows) for b in range(box_cols)}
        if len(row) != n or len(col) != n or len(box) != n:
            return False
    return True


def solved_grid(box_rows, box_cols, rng):
    """A random solved grid: the pattern (C * (r % R) + r // R + c) % N + 1,
    digits relabelled, rows shuffled within bands and bands shuffled, columns
    likewise within stacks."""
    n = box_rows * box_cols
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    bands = list(range(n // box_rows))
    rng.shuffle(bands)
    rows = [b * box_rows + r for b in bands for r in rng.sample(range(box_rows), box_rows)]
    stacks = list(range(n // box_cols))
    rng.shuffle(stacks)
    cols = [s * box_cols + c for s in stacks for c in rng.sample(range(box_cols), box_cols)]

    def pattern(r, c):
        return (box_cols * (r % box_rows) + r // box_rows + c) % n

    grid = [relabel[pattern(rows[r], cols[c])] for r in range(n) for c in range(n)]
    assert is_solution(grid, grid, box_rows, box_cols)
    return grid


def cut(grid, blanks, rng):
    """The grid with `blanks` random cells emptied."""
    puzzle = list(grid)
    for i in rng.sample(range(len(grid)), blanks):
        puzzle[i] = 0
    return puzzle


# A 4x4 puzzle with one solution, and rows of it.
FOUR = "...21.4.3..1...."
FOUR_ROWS = "...2\n1.4.\n3..1\n....\n"


def test_a_4x4_puzzle_solves_in_any_form():
    for text in [FOUR, FOUR_ROWS, "0 0 0 2\n1 0 4 0\n3 0 0 1\n0 0 0 0\n"]:
        solution = sudokit.solve(text)
        assert is_solution(decode(solution, 4), decode(FOUR, 4), 2, 2), text
        assert sudokit.check(text) == "unique"
        assert sudokit.count(text) == 1


def test_counts_and_verdicts_of_4x4():
    assert sudokit.count("." * 16) == 288
    assert sudokit.count("." * 16, limit=10) == 10
    assert sudokit.check("1" + "." * 15) == "multiple"
    assert sudokit.check("123........4....") == "none"
    assert sudokit.count("123........4....") == 0
    assert sudokit.solve("123........4....") is None
    assert sudokit.check("22" + "." * 14) == "invalid"
    assert sudokit.solve("22" + "." * 14) is None


def test_16x16_and_25x25_solutions_keep_the_rules():
    rng = random.Random(16)
    for box_rows, box_cols, blanks in [(4, 4, 150), (5, 5, 300), (2, 3, 20), (3, 4, 80)]:
        n = box_rows * box_cols
        puzzle = cut(solved_grid(box_rows, box_cols, rng), blanks, rng)
        size = f"{box_rows}x{box_cols}"
        solution = sudokit.solve(encode(puzzle), size=size)
        assert is_solution(decode(solution, n), puzzle, box_rows, box_cols), size
        assert sudokit.check(encode(puzzle), size=size) in ("unique", "multiple")
        # The grid form (numbers separated by spaces) gives the same.
        rows = "\n".join(" ".join(str(d) for d in puzzle[r * n:(r + 1) * n]) for r in range(n))
        assert is_solution(decode(sudokit.solve(rows), n), puzzle, box_rows, box_cols)


def test_a_generated_16x16_is_unique():
    (p,) = sudokit.generate(1, size=16, seed=7)
    assert p.index == 1 and len(p.puzzle) == 256
    assert sudokit.count(p.puzzle, limit=2) == 1
    assert sudokit.check(p.puzzle) == "unique"
    assert is_solution(decode(p.solution, 16), decode(p.puzzle, 16), 4, 4)
    assert p.clues == 256 - p.puzzle.count(".")
    assert p.rating is None and p.difficulty is None
    assert p.grid.size == 16 and p.grid.boxes == "4x4"
    record = p.to_dict()
    assert (record["size"], record["shape"], record["seed"]) == (16, "4x4", 7)
    # The same seed, the same puzzle, whatever the threads.
    assert sudokit.generate(1, size="4x4", seed=7, threads=2)[0].puzzle == p.puzzle


def test_generate_options_of_other_sizes():
    for p in sudokit.generate(3, size="3x2", symmetry="rotational", seed=5):
        s = p.puzzle
        assert len(s) == 36
        assert all((s[i] == ".") == (s[35 - i] == ".") for i in range(36))
        assert is_solution(decode(p.solution, 6), decode(s, 6), 3, 2)
        assert sudokit.count(s, size="3x2", limit=2) == 1
    (easy,) = sudokit.generate(size=9, boxes="3x3", difficulty="easiest", symbols="letters", seed=2)
    assert easy.grid.symbols == "letters" and set(easy.solution) <= set("ABCDEFGHI")
    (hexed,) = sudokit.generate(size=16, symbols="hex", seed=3)
    assert "0" in hexed.solution and "G" not in hexed.solution
    (few,) = sudokit.generate(size=4, clues=5, seed=1)
    assert few.clues == 5
    with pytest.raises(ValueError, match="9x9 grids only"):
        sudokit.generate(size=16, rating=2.0)
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudokit.generate(size=16, difficulty="hard")
    with pytest.raises(ValueError, match="square boxes"):
        sudokit.generate(size=6, symmetry="diagonal")
    with pytest.raises(ValueError):
        sudokit.generate(size=7)
    # No 6x6 puzzle has as few as 7 clues: the attempts run out, and the
    # error says which option few puzzles meet.
    with pytest.raises(RuntimeError, match="1000 attempts: few solution grids have a puzzle of 7 clues"):
        sudokit.generate(size=6, clues=7, seed=1)


@pytest.mark.parametrize("symmetry, seed", [("rotational", 2), ("biaxial", 1), ("quarter", 5)])
def test_a_minimal_symmetric_16x16_has_no_clue_to_spare(symmetry, seed):
    (p,) = sudokit.generate(1, size=16, symmetry=symmetry, minimal=True, seed=seed)
    s = p.puzzle
    images = {
        "rotational": lambda r, c: [(15 - r, 15 - c)],
        "biaxial": lambda r, c: [(r, 15 - c), (15 - r, c)],
        "quarter": lambda r, c: [(c, 15 - r)],
    }[symmetry]
    assert all((s[r * 16 + c] == ".") == (s[a * 16 + b] == ".") for r in range(16) for c in range(16) for a, b in images(r, c))
    assert is_solution(decode(p.solution, 16), decode(s, 16), 4, 4)
    assert sudokit.check(s) == "unique"
    # Without any one clue, several solutions.
    for i in (i for i in range(256) if s[i] != "."):
        assert sudokit.count(s[:i] + "." + s[i + 1:], limit=2) == 2, i


def test_hex_and_letters_are_detected_and_answered_in_kind():
    rng = random.Random(3)
    grid = solved_grid(4, 4, rng)
    puzzle = cut(grid, 120, rng)
    hexed = encode(puzzle, "hex")
    assert "0" in encode(grid, "hex")
    solution = sudokit.solve(hexed)
    assert "G" not in solution
    assert is_solution(decode(solution, 16, "hex"), puzzle, 4, 4)
    assert sudokit.Grid(hexed).symbols == "hex"
    letters = encode(puzzle, "letters")
    solution = sudokit.solve(letters)
    assert set(solution) <= set("ABCDEFGHIJKLMNOP")
    assert is_solution(decode(solution, 16, "letters"), puzzle, 4, 4)
    # Letters on 4x4 too, and a 9x9 in letters when asked.
    assert set(sudokit.solve("A...\n..B.\n.C..\n...D")) <= set("ABCD")
    nine = solved_grid(3, 3, rng)
    assert sudokit.check(encode(cut(nine, 30, rng), "letters"), symbols="letters") in ("unique", "multiple")


def test_an_ambiguous_16x16_is_an_error_until_symbols_say():
    rng = random.Random(5)
    grid = solved_grid(4, 4, rng)
    # Blanks written 0 and no digit above F: hex (0 is 1) or default (0 is a blank)?
    puzzle = [0 if d == 16 or rng.random() < 0.4 else d for d in grid]
    text = encode(puzzle, "default", blank="0")
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.solve(text)
    assert "reads two ways" in str(err.value)
    assert (err.value.line, err.value.column) == (1, None)
    for function in [sudokit.check, sudokit.count, sudokit.hint, sudokit.Grid]:
        with pytest.raises(sudokit.ParseError):
            function(text)
    solution = sudokit.solve(text, symbols="default")
    assert is_solution(decode(solution, 16), puzzle, 4, 4)
    # Read as hex, the same text is another puzzle (0 is the digit 1).
    assert sudokit.Grid(text, symbols="hex").clues == 256


def test_errors_of_other_sizes_say_where():
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.solve("1...\n..2.\n.x..\n...4\n")
    assert str(err.value) == (
        "line 3, column 2: expected a digit 1-4 (default alphabet, 4x4) or a blank (0 or .), found 'x'"
    )
    assert (err.value.line, err.value.column) == (3, 2)
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.solve("." * 16, size="2x3")
    assert str(err.value) == "line 1: expected 36 cells in a line, found 16"
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.count("1 0 0 0\n0 0 2 0\n0 3 0 17\n0 0 0 4\n")
    assert (err.value.line, err.value.column) == (3, 7)
    with pytest.raises(sudokit.ParseError, match="found another one here"):
        sudokit.check("." * 16 + "\n" + "." * 16)
    with pytest.raises(ValueError, match="RxC"):
        sudokit.solve(FOUR, size="four")
    with pytest.raises(ValueError, match="no boxes"):
        sudokit.solve(FOUR, size=7)
    with pytest.raises(ValueError, match="disagree"):
        sudokit.solve(FOUR, size=4, boxes="2x3")
    with pytest.raises(ValueError, match="alphabet"):
        sudokit.solve(FOUR, symbols="roman")


def test_forced_boxes_tell_3x2_from_2x3():
    rng = random.Random(32)
    grid = solved_grid(3, 2, rng)
    text = encode(grid)
    assert sudokit.check(text, size="3x2") == "unique"
    assert sudokit.check(text, boxes="3x2") == "unique"
    assert sudokit.Grid(text, size="3x2").boxes == "3x2"
    assert sudokit.Grid(text).boxes == "2x3"
    puzzle = cut(grid, 12, rng)
    solution = sudokit.solve(encode(puzzle), size="3x2")
    assert is_solution(decode(solution, 6), puzzle, 3, 2)
    # A pretty drawing shows its boxes.
    drawn = str(sudokit.Grid(encode(puzzle), size="3x2"))
    assert drawn.splitlines()[3].startswith("----+")
    assert sudokit.Grid(drawn).boxes == "3x2"


def test_grids_of_other_sizes():
    g = sudokit.Grid(FOUR_ROWS)
    assert (g.size, g.boxes, g.symbols, g.clues, g.is_complete) == (4, "2x2", "default", 5, False)
    assert g.line == FOUR and g[1, 0] == 1 and g[0, 3] == 2
    with pytest.raises(IndexError):
        g[4, 0]
    assert sudokit.Grid(g.to_list()) == g
    assert sudokit.Grid([g.to_list()[r * 4:(r + 1) * 4] for r in range(4)]) == g
    assert eval(repr(g), {"Grid": sudokit.Grid}) == g
    assert str(g).splitlines()[0] == ". . | . 2"
    assert g.format("rows") == "0002\n1040\n3001\n0000\n"
    assert sudokit.Grid(g.format("grid")) == g
    with pytest.raises(ValueError, match="9x9 grids only"):
        g.format("euler")
    solved = g.solve()
    assert solved.is_complete and solved.boxes == "2x2"
    assert is_solution(solved.to_list(), g.to_list(), 2, 2)
    assert sudokit.solve(g) == solved.line
    assert sudokit.Grid(size=16).line == "." * 256
    assert sudokit.Grid(size="3x2").boxes == "3x2"
    with pytest.raises(ValueError, match="expected 16 digits"):
        sudokit.Grid([0] * 15, size=4)
    with pytest.raises(ValueError, match="expected a digit 0-4"):
        sudokit.Grid([5] + [0] * 15)
    with pytest.raises(ValueError, match="asked for"):
        sudokit.solve(g, size=9)
    hexed = sudokit.Grid("." * 256, symbols="hex")
    assert eval(repr(hexed), {"Grid": sudokit.Grid}) == hexed
    np = pytest.importorskip("numpy")
    array = np.asarray(g)
    assert array.shape == (4, 4) and array[1, 0] == 1
    assert sudokit.Grid(array) == g


def test_a_hint_on_a_16x16_puzzle():
    (p,) = sudokit.generate(1, size=16, seed=11)
    solution = decode(p.solution, 16)
    nudge = sudokit.hint(p.puzzle, level="nudge")
    assert nudge.status == "step" and nudge.message.startswith("Look for a")
    assert nudge.technique and nudge.houses and nudge.cells is None and nudge.step is None
    step = sudokit.hint(p.puzzle).step
    assert step is not None and str(step).startswith(step.technique)
    # Every placement is the solution's digit, every elimination is not.
    for cell, digit in step.placements:
        r, c = (int(x) for x in cell[1:].split("c"))
        assert solution[(r - 1) * 16 + c - 1] == digit
    for cell, digit in step.eliminations:
        r, c = (int(x) for x in cell[1:].split("c"))
        assert solution[(r - 1) * 16 + c - 1] != digit
    record = sudokit.hint(p.puzzle, level="cells").to_dict()
    assert (record["size"], record["boxes"], record["level"]) == (16, "4x4", "cells")
    assert record["cells"] and "step" not in record
    # A wrong digit is pointed out against the givens.
    digits = decode(p.puzzle, 16)
    blank = digits.index(0)
    wrong = solution[blank] % 16 + 1
    entered = list(digits)
    entered[blank] = wrong
    told = sudokit.hint(encode(entered), given=p.puzzle)
    assert told.status == "wrong_entry"
    (mistake,) = told.mistakes
    assert (mistake.kind, mistake.entered, mistake.digit) == ("wrong_digit", wrong, solution[blank])
    assert sudokit.hint(p.solution).status == "solved"
    assert sudokit.hint("." * 256).status == "multiple_solutions"


def test_explain_rate_and_marks_of_other_sizes():
    six = "..3.1.56.32..542.32.645..12.45.4.1.."
    explanation = sudokit.explain(six)
    assert explanation.solved and explanation.status == "rated"
    # The 9x9 label of the value, by analogy, as the command's record has it.
    assert explanation.value == 1.2 and explanation.difficulty == "easy"
    assert explanation.steps[0].explanation == "In b1, 1 can only go in r2c3, so r2c3=1."
    record = explanation.to_dict()
    assert (record["size"], record["boxes"], len(record["steps"])) == (6, "2x3", len(explanation))
    solution = decode(sudokit.solve(six), 6)
    for step in explanation.steps:
        for cell, digit in step.placements:
            r, c = (int(x) for x in cell[1:].split("c"))
            assert solution[(r - 1) * 6 + c - 1] == digit
    assert sudokit.rate(six).value == 1.2
    assert sudokit.rate("." * 16).status == "multiple"
    assert sudokit.rate("22" + "." * 14).status == "invalid"
    m = sudokit.marks(six)
    assert m[0, 2] == [3] and m[0, 0] == [4] and 3 not in m[0, 1]
    assert "(3)" in str(m) and m.grid == sudokit.Grid(six)
    with pytest.raises(ValueError, match="9x9 form"):
        m.line
    with pytest.raises(ValueError):
        sudokit.marks("22" + "." * 14)


def test_nine_by_nine_with_its_own_shape_is_unchanged():
    unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert sudokit.solve(unique, size="3x3") == sudokit.solve(unique)
    assert sudokit.solve(unique, size=9, symbols="default") == sudokit.solve(unique)
    assert repr(sudokit.Grid(unique, size=9)) == f"Grid('{unique}')"


SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4)]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHAPES), st.floats(0.0, 0.75), st.randoms(use_true_random=False),
       st.sampled_from(["line", "rows", "grid", "pretty"]))
def test_a_puzzle_cut_from_a_solved_grid_stays_solvable(shape, fraction, rng, form):
    box_rows, box_cols = shape
    n = box_rows * box_cols
    grid = solved_grid(box_rows, box_cols, rng)
    puzzle = cut(grid, int(fraction * n * n), rng)
    size = f"{box_rows}x{box_cols}"
    text = sudokit.Grid(puzzle, size=size).format(form)
    solution = sudokit.solve(text, size=size)
    assert is_solution(decode(solution, n), puzzle, box_rows, box_cols)
    assert sudokit.count(text, limit=2, size=size) >= 1
    assert sudokit.check(text, size=size) in ("unique", "multiple")


# Batches: iterables read each string at its size, files at the size of
# their first puzzle, and the records are the command's.

FIXTURES = REPO / "tests" / "fixtures" / "sizes"


@pytest.fixture(scope="module")
def sudoku():
    """Runs the command and gives its JSON lines as dicts."""
    binary = os.environ.get("SUDOKU_BIN") or str(REPO / "target" / "release" / "sudoku")
    if not os.path.exists(binary):
        pytest.fail(f"the sudoku command is not built at {binary}: run crates/python/test.sh")

    def run(*args, stdin=None):
        done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True,
                              input=stdin, timeout=300)
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]

    return run


@pytest.mark.parametrize("name, size", [("mixed-4x4", None), ("2x3", None), ("3x2", "3x2"),
                                        ("2x4", None), ("3x4", None), ("4x4", None),
                                        ("5x5", None)])
def test_batch_records_of_other_sizes_are_the_commands(sudoku, name, size):
    path = FIXTURES / f"{name}.txt"
    forced = ["--size", size] if size else []
    assert [r.to_dict() for r in sudokit.solve_many(str(path), size=size)] == sudoku(
        "solve", "--to", "json", *forced, path)
    assert [r.to_dict() for r in sudokit.count_many(path, limit=5, size=size)] == sudoku(
        "count", "--to", "json", "--limit", "5", *forced, path)
    assert [r.to_dict() for r in sudokit.check_many(str(path), size=size)] == sudoku(
        "check", "--to", "json", *forced, path)


@pytest.mark.parametrize("form", ["line", "rows"])
def test_a_nine_by_nine_file_may_hold_puzzles_of_other_sizes(sudoku, tmp_path, form):
    """A file whose first puzzle is 9x9 reads later puzzles of other sizes
    (one-line puzzles, or grids of rows) in their place, as the command
    does."""
    rng = random.Random(4)
    nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    sixteen = cut(solved_grid(4, 4, rng), 120, rng)
    if form == "line":
        written = lambda text, n: text + "\n"
    else:
        written = lambda text, n: "".join(text[r * n:(r + 1) * n] + "\n" for r in range(n)) + "\n"
    path = tmp_path / "mixed.txt"
    path.write_text(written(nine, 9) + written(FOUR, 4) + written(encode(sixteen), 16) + written(nine, 9))
    results = sudokit.solve_many(path)
    assert [r.status for r in results] == ["solved"] * 4
    assert [r.size for r in results] == [None, 4, 16, None]
    assert is_solution(decode(results[1].solution, 4), decode(FOUR, 4), 2, 2)
    assert is_solution(decode(results[2].solution, 16), sixteen, 4, 4)
    for nine_by_nine in (results[0], results[3]):
        assert is_solution(decode(nine_by_nine.solution, 9), decode(nine, 9), 3, 3)
    assert [r.to_dict() for r in results] == sudoku("solve", "--to", "json", path)
    assert [r.to_dict() for r in sudokit.check_many(path)] == sudoku("check", "--to", "json", path)


def test_a_batch_of_mixed_sizes():
    rng = random.Random(9)
    nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    sixteen = cut(solved_grid(4, 4, rng), 140, rng)
    puzzles = [FOUR, nine, encode(sixteen, "hex"), sudokit.Grid(FOUR_ROWS), "22" + "." * 14, "x"]
    results = sudokit.solve_many(puzzles, threads=2)
    assert [r.status for r in results] == ["solved", "solved", "solved", "solved", "invalid", "invalid"]
    assert [r.size for r in results] == [4, None, 16, 4, 4, None]
    assert is_solution(decode(results[0].solution, 4), decode(FOUR, 4), 2, 2)
    assert len(results[1].solution) == 81 and "size" not in results[1].to_dict()
    assert is_solution(decode(results[2].solution, 16, "hex"), sixteen, 4, 4)
    assert results[3].solution == results[0].solution
    assert results[4].error == "line 1: r1c1 and r1c2 are both 2"
    assert [r.verdict for r in sudokit.check_many(puzzles)] == [
        "unique", "unique", "multiple", "unique", "invalid", "invalid"]
    counts = sudokit.count_many(["." * 16, "123........4...."], limit=300)
    assert [(c.solutions, c.limit_reached) for c in counts] == [(288, False), (0, False)]
    ratings = sudokit.rate_many(["..3.1.56.32..542.32.645..12.45.4.1..", "." * 16, "7" + "." * 35])
    assert [r.status for r in ratings] == ["rated", "multiple", "invalid"]
    assert ratings[0].value == 1.2 and ratings[2].error.startswith("line 1, column 1:")
    # Forced: every string at that shape and alphabet.
    forced = sudokit.check_many(["." * 36, "1" + "." * 35], size="3x2")
    assert [r.to_dict()["boxes"] for r in forced] == ["3x2", "3x2"]


def test_logic_records_of_other_sizes_are_the_commands(sudoku):
    """`rate`, `explain` and `hint` of a 16x16 puzzle give the records of
    `sudoku rate|explain|hint --to json` for the same puzzle."""
    puzzle = (FIXTURES / "4x4.txt").read_text().splitlines()[1]
    line = puzzle + "\n"
    (rated,) = sudoku("rate", "--to", "json", stdin=line)
    assert rated["difficulty"] == "medium" and sudokit.rate(puzzle).difficulty == "medium"
    assert sudokit.rate(puzzle).to_dict() == rated
    (explained,) = sudoku("explain", "--to", "json", stdin=line)
    assert sudokit.explain(puzzle).to_dict() == explained
    assert [s.to_dict() for s in sudokit.explain(puzzle).steps] == explained["steps"]
    for level in ("nudge", "cells", "step"):
        (hinted,) = sudoku("hint", "--to", "json", "--level", level, stdin=line)
        assert sudokit.hint(puzzle, level=level).to_dict() == hinted
    # A wrong digit, with the givens: the mistakes are the command's too.
    solution = decode(sudokit.solve(puzzle), 16)
    digits = decode(puzzle, 16)
    blank = digits.index(0)
    digits[blank] = solution[blank] % 16 + 1
    entered = encode(digits)
    (told,) = sudoku("hint", "--to", "json", "--given", puzzle, stdin=entered + "\n")
    assert told["status"] == "wrong_entry" and told["mistakes"]
    assert sudokit.hint(entered, given=puzzle).to_dict() == told
    assert [m.to_dict() for m in sudokit.hint(entered, given=puzzle).mistakes] == told["mistakes"]
