"""One puzzle at a time: solve, count, check, Grid and the errors."""

import pickle

import pytest

import sudokit
from conftest import CLASH, MULTIPLE, NO_SOLUTION, UNIQUE, is_solution_of

SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"

JUDGE = """\
0 3 5 4 6 9 2 7 8
7 8 2 1 0 5 6 0 9
0 6 0 2 7 8 1 3 5
3 2 1 0 4 6 8 9 7
8 0 4 9 1 3 5 0 6
5 9 6 8 2 0 4 1 3
9 1 7 6 5 2 0 8 0
6 0 3 7 0 1 9 5 2
2 5 8 3 9 4 7 6 0
"""


def test_solve_the_readme_example():
    assert sudokit.solve(UNIQUE) == SOLUTION


def test_solve_reads_every_format():
    grid = sudokit.Grid(UNIQUE)
    for fmt in ["grid", "rows", "line", "euler", "pretty"]:
        assert sudokit.solve(grid.format(fmt)) == SOLUTION, fmt
    solution = sudokit.solve(JUDGE)
    assert solution.startswith("135469278")
    assert is_solution_of(solution, JUDGE.replace(" ", "").replace("\n", "").replace("0", "."))


def test_solve_none_and_several():
    assert sudokit.solve(NO_SOLUTION) is None
    assert sudokit.solve(CLASH) is None
    assert is_solution_of(sudokit.solve(MULTIPLE), MULTIPLE)


def test_count_and_limit():
    assert sudokit.count(UNIQUE) == 1
    assert sudokit.count(NO_SOLUTION) == 0
    assert sudokit.count(MULTIPLE, limit=3) == 3
    assert sudokit.count("." * 81, limit=10) == 10
    exactly_two = "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179"
    assert sudokit.count(exactly_two) == 2
    for bad in [0, -1]:
        with pytest.raises((ValueError, OverflowError)):
            sudokit.count(UNIQUE, limit=bad)
        with pytest.raises((ValueError, OverflowError)):
            sudokit.count_many([UNIQUE], limit=bad)


def test_check_verdicts():
    assert sudokit.check(UNIQUE) == "unique"
    assert sudokit.check(MULTIPLE) == "multiple"
    assert sudokit.check(NO_SOLUTION) == "none"
    assert sudokit.check(CLASH) == "invalid"


def test_parse_error_has_line_column_and_the_commands_message():
    bad = UNIQUE[:16] + "x" + UNIQUE[17:]
    with pytest.raises(sudokit.ParseError) as err:
        sudokit.solve("\n\n" + bad)
    assert isinstance(err.value, ValueError)
    assert str(err.value) == (
        "line 3, column 17: expected a digit 1-9 or a blank (0, . or _), found 'x'"
    )
    assert (err.value.line, err.value.column) == (3, 17)


@pytest.mark.parametrize(
    "text, message, line, column",
    [
        (UNIQUE[:80], "line 1: expected a line of 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, "
         "400, 441, 484, 576, 625, 676, 729, 784, 900, 1024, 1089, 1156, 1225 characters "
         "(N*N for an N x N grid), found 80", 1, None),
        ("1234.678\n123456789\n", "line 1: expected 9 digits, found 8", 1, None),
        ("1234.678\n", "line 1: expected a line of 16, 36, 64, 81, 100, 144, 196, 225, 256, 324, "
         "400, 441, 484, 576, 625, 676, 729, 784, 900, 1024, 1089, 1156, 1225 characters "
         "(N*N for an N x N grid), found 8", 1, None),
        ("", "no puzzle found in the input", None, None),
        (UNIQUE + "\n" + UNIQUE, "line 2: expected one puzzle, found another one here", 2, None),
    ],
)
def test_parse_errors(text, message, line, column):
    for function in [sudokit.solve, sudokit.count, sudokit.check, sudokit.rate,
                     sudokit.explain, sudokit.hint, sudokit.marks, sudokit.Grid]:
        with pytest.raises(sudokit.ParseError) as err:
            function(text)
        assert str(err.value) == message
        assert (err.value.line, err.value.column) == (line, column)


@pytest.mark.parametrize("bad", [None, 42, b"4....", ["4....."], 3.5])
def test_wrong_types_raise_type_error(bad):
    for function in [sudokit.solve, sudokit.count, sudokit.check, sudokit.rate,
                     sudokit.explain, sudokit.hint, sudokit.marks]:
        with pytest.raises(TypeError):
            function(bad)


def test_grid_from_text_list_rows_and_back():
    g = sudokit.Grid(UNIQUE)
    assert g.line == UNIQUE
    assert g.clues == 17
    assert g[0, 0] == 4 and g[0, 1] == 0 and g[8, 2] == 4
    assert not g.is_complete
    digits = g.to_list()
    assert isinstance(digits, list) and len(digits) == 81 and digits[0] == 4
    assert sudokit.Grid(digits) == g
    assert sudokit.Grid([digits[r * 9:(r + 1) * 9] for r in range(9)]) == g
    assert sudokit.Grid(tuple(digits)) == g
    assert sudokit.Grid(g) == g and hash(sudokit.Grid(UNIQUE)) == hash(g)
    assert repr(g) == f"Grid('{UNIQUE}')"
    assert sudokit.Grid().line == "." * 81
    assert g != sudokit.Grid(MULTIPLE)


def test_grid_pretty_form_reads_back():
    g = sudokit.Grid(UNIQUE)
    text = str(g)
    assert text.splitlines()[0] == "4 . . | . . . | 8 . 5"
    assert "------+-------+------" in text
    assert sudokit.Grid(text) == g
    assert g.format("line").strip() == UNIQUE
    with pytest.raises(ValueError):
        g.format("yaml")


def test_grid_solve_and_functions_take_a_grid():
    g = sudokit.Grid(UNIQUE)
    assert g.solve().line == SOLUTION
    assert g.solve().is_complete
    assert sudokit.Grid(NO_SOLUTION).solve() is None
    assert sudokit.solve(g) == SOLUTION
    assert sudokit.check(g) == "unique"
    assert sudokit.count(g) == 1


def test_grid_bad_values():
    with pytest.raises(ValueError, match="r1c1: expected a digit 0-9"):
        sudokit.Grid([10] + [0] * 80)
    with pytest.raises(ValueError, match="expected 81 digits"):
        sudokit.Grid([0] * 80)
    with pytest.raises(TypeError):
        sudokit.Grid(12)
    with pytest.raises(TypeError):
        sudokit.Grid(["a"] * 81)
    with pytest.raises(IndexError):
        sudokit.Grid()[9, 0]


def test_grid_is_immutable():
    g = sudokit.Grid(UNIQUE)
    with pytest.raises(AttributeError):
        g.line = "x"


def test_docstrings_everywhere():
    assert "solution" in sudokit.solve.__doc__
    for name in sudokit.__all__:
        obj = getattr(sudokit, name)
        if callable(obj):
            assert obj.__doc__, name
    assert sudokit.Grid.line.__doc__
    assert sudokit.SolveResult.status.__doc__


def test_cores():
    assert sudokit.CORES >= 1


def test_the_stub_names_every_native_item():
    import ast
    import pathlib

    stub = pathlib.Path(sudokit._sudokit.__file__).with_name("_sudokit.pyi")
    tree = ast.parse(stub.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    native = {n for n in dir(sudokit._sudokit) if not n.startswith("__")}
    assert native <= names, native - names
    assert (stub.parent / "py.typed").exists()
    # Every public attribute of every native class is in its class's stub.
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and hasattr(sudokit._sudokit, node.name):
            members = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            members |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            cls = getattr(sudokit._sudokit, node.name)
            public = {n for n in vars(cls) if not n.startswith("_")}
            assert public <= members, (node.name, public - members)


def test_every_public_attribute_has_a_docstring():
    for name in dir(sudokit._sudokit):
        cls = getattr(sudokit._sudokit, name)
        if not isinstance(cls, type) or name.startswith("_"):
            continue
        assert cls.__doc__, name
        for attr, value in vars(cls).items():
            if not attr.startswith("_"):
                assert value.__doc__, f"{name}.{attr}"


def test_pencil_mark_puzzles_are_read():
    # The 729-character form with every candidate of each blank cell.
    line = "".join("".join(str(d) if (c == "." or str(d) == c) else "." for d in range(1, 10))
                   if True else "" for c in UNIQUE)
    assert len(line) == 729
    assert sudokit.Grid(line) == sudokit.Grid(UNIQUE)
    assert sudokit.solve(line) == SOLUTION
    assert sudokit.check(line) == "unique"
    drawn = str(sudokit.marks(UNIQUE))
    assert sudokit.Grid(drawn) == sudokit.Grid(UNIQUE)
    assert sudokit.solve(drawn) == SOLUTION


def test_the_module_docstring_examples():
    import doctest

    parser = doctest.DocTestParser()
    test = parser.get_doctest(sudokit.__doc__, {}, "sudokit", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples and runner.failures == 0


def test_the_stub_agrees_with_the_module():
    """mypy's stubtest: every name, signature and property of the native
    module is in its stub as it is at run time."""
    import subprocess
    import sys

    pytest.importorskip("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "sudokit._sudokit"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
