"""Solve, count, check, rate, explain and generate Sudoku puzzles.

A thin layer over the Rust libraries of the `sudoku` command: the same
readers (any format the command reads), the same solver, the same ratings
and messages. Batches (``solve_many`` and the other ``*_many``) run on every
core without holding the GIL and return one result per input, in order.

>>> import sudokit
>>> sudokit.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> sudokit.check("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
'unique'
>>> sudokit.rate("043080250600000000000001094900004070000608000010200003820500000000000005034090710")
Rating(value=3.2, difficulty='hard', technique='X-Wing')
>>> sudokit.hint("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", level="nudge").message
'Look for a Hidden Single in b4.'

Every size from 4x4 to 64x64 goes through the same functions: the size is
read from the puzzle (N*N characters on a line, or N lines), or given with
``size`` (the side, or the boxes ``"RxC"`` as the command's ``--size``) and
``symbols`` (``"default"``, ``"hex"``, ``"letters"``); answers come in the
puzzle's alphabet.

>>> sudokit.solve("...21.4.3..1....")
'4312124334212134'
>>> sudokit.count("................")
288
>>> sudokit.generate(1, size=16, seed=7)[0].grid.boxes
'4x4'

Variants (jigsaw, killer, X, windoku, anti-knight, anti-king,
non-consecutive, thermometers, arrows, odd/even) are ``VariantPuzzle``
objects, read from f-puzzles and SudokuPad links, f-puzzles JSON or the
hand-typed text forms of the repository's docs/variants.md:

>>> v = sudokit.VariantPuzzle.from_text("cages:\\nAAAB\\nCDEB\\nCCEF\\nGGGF\\ntotals: A=6 B=5 C=7 D=2 E=7 F=5 G=8")
>>> v.variants, v.check(), v.solve()
(['killer'], 'unique', '1324423121433412')
>>> v.hint().nudge, v.explain()
('Look for Cage Combinations in cage r1c1 (6).', VariantExplanation(steps=22, solved=True))

Pencil marks are puzzles too: the 729-character line (``marks(p).line``)
and the grid ``marks`` draws are taken everywhere a puzzle is. Every
result object has ``to_dict()``: exactly the fields of the command's JSON
record (``--to json``, see the repository's docs/json.md).
"""

from __future__ import annotations

import os
import secrets
import sys
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Tuple, Union

from . import _sudokit
from ._sudokit import (
    CORES,
    CheckResult,
    CountResult,
    Explanation,
    Grid,
    Hint,
    LogicError,
    Marks,
    Mistake,
    ParseError,
    Puzzle,
    Rating,
    Results,
    SolveResult,
    Step,
    VariantExplanation,
    VariantMarks,
    VariantPuzzle,
    VariantStep,
    Violation,
    check,
    count,
    explain,
    hint,
    marks,
    rate,
    solve,
)

if TYPE_CHECKING:
    import numpy

__all__ = [
    "CORES",
    "CheckResult",
    "CountResult",
    "Explanation",
    "Grid",
    "Hint",
    "LogicError",
    "Marks",
    "Mistake",
    "ParseError",
    "Puzzle",
    "Rating",
    "Results",
    "SolveResult",
    "Step",
    "VariantExplanation",
    "VariantMarks",
    "VariantPuzzle",
    "VariantStep",
    "Violation",
    "check",
    "check_many",
    "count",
    "count_many",
    "explain",
    "generate",
    "generate_variant",
    "hint",
    "marks",
    "rate",
    "rate_many",
    "solve",
    "solve_many",
]

#: What a batch reads: a file path (``str`` or ``os.PathLike``; any format
#: the command reads, many puzzles), an iterable of puzzles (each a ``str``
#: in any format, or a ``Grid``), or a NumPy array of shape (n, 81) or
#: (n, 9, 9) of digits, 0 for a blank.
Puzzles = Union[str, "os.PathLike[str]", Iterable[Union[str, Grid]], "numpy.ndarray"]


def _threads(threads: Optional[int]) -> Optional[int]:
    if threads is None:
        return None
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads: expected an int or None, got {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads: expected 1 or more, got {threads}")
    return threads


def _ndarray(obj: Any) -> Any:
    """The array when ``obj`` is a NumPy array, else None (NumPy stays optional)."""
    np = sys.modules.get("numpy")
    if np is not None and isinstance(obj, np.ndarray):
        return obj
    return None


def _array_cells(array: Any) -> bytes:
    """The bytes of an (n, 81) or (n, 9, 9) array of digits, checked."""
    import numpy as np

    shape = array.shape
    if not (
        (array.ndim == 2 and shape[1] == 81) or (array.ndim == 3 and shape[1:] == (9, 9))
    ):
        raise ValueError(f"expected an array of shape (n, 81) or (n, 9, 9), got {shape}")
    if not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"expected an array of integer digits, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 9):
        raise ValueError("expected digits 0-9 (0 for a blank)")
    return np.ascontiguousarray(array, dtype=np.uint8).tobytes()


def _source(puzzles: Any) -> Any:
    """What the native batch functions read."""
    if isinstance(puzzles, (bytes, bytearray, memoryview)):
        raise TypeError("expected a file path, an iterable of puzzles or a NumPy array, got bytes")
    array = _ndarray(puzzles)
    if array is not None:
        return _array_cells(array)
    return puzzles


def solve_many(
    puzzles: Puzzles,
    threads: Optional[int] = None,
    *,
    size: Union[None, int, str] = None,
    boxes: Optional[str] = None,
    symbols: Optional[str] = None,
) -> Union["Results[SolveResult]", "numpy.ndarray"]:
    """Solves a batch: one ``SolveResult`` per input, in input order, in a
    ``Results`` sequence (each result object is made when it is read).

    A bad record never raises: its result has ``status == "invalid"`` and an
    ``error``. Runs on ``threads`` threads (all cores by default) without
    holding the GIL; Ctrl-C raises ``KeyboardInterrupt`` within a second.

    A NumPy array of shape (n, 81) or (n, 9, 9) gives an array of the same
    shape and dtype: the solutions, a row of zeros where there is none.

    Other sizes: each string of an iterable is read at its own size (as
    ``solve`` reads it), and each puzzle of a file at its own (as the
    command reads it: lines or grids of several sizes, in the format of the
    first puzzle); ``size``, ``boxes`` and ``symbols`` force them as
    for ``solve``. Their records have ``size`` and ``boxes``. Arrays are
    9x9 only.
    """
    threads = _threads(threads)
    array = _ndarray(puzzles)
    if array is not None and (size, boxes, symbols) != (None, None, None):
        raise ValueError("size, boxes and symbols are for str puzzles and files; arrays are 9x9")
    if array is not None:
        import numpy as np

        out = _sudokit._solve_cells(_array_cells(array), threads)
        return np.frombuffer(out, dtype=np.uint8).reshape(array.shape).astype(array.dtype)
    return _sudokit._solve_many(
        _source(puzzles), threads, size=size, boxes=boxes, symbols=symbols
    )


def count_many(
    puzzles: Puzzles,
    limit: int = 1000,
    threads: Optional[int] = None,
    *,
    size: Union[None, int, str] = None,
    boxes: Optional[str] = None,
    symbols: Optional[str] = None,
) -> "Results[CountResult]":
    """Counts the solutions of each puzzle, up to ``limit`` (1 or more): one
    ``CountResult`` per input, in input order (see ``solve_many``, for
    other sizes too)."""
    return _sudokit._count_many(
        _source(puzzles), limit, _threads(threads), size=size, boxes=boxes, symbols=symbols
    )


def check_many(
    puzzles: Puzzles,
    threads: Optional[int] = None,
    *,
    size: Union[None, int, str] = None,
    boxes: Optional[str] = None,
    symbols: Optional[str] = None,
) -> "Results[CheckResult]":
    """The verdict on each puzzle (``unique``, ``multiple``, ``none`` or
    ``invalid``): one ``CheckResult`` per input, in input order (see
    ``solve_many``, for other sizes too)."""
    return _sudokit._check_many(
        _source(puzzles), _threads(threads), size=size, boxes=boxes, symbols=symbols
    )


def rate_many(
    puzzles: Puzzles,
    threads: Optional[int] = None,
    *,
    size: Union[None, int, str] = None,
    boxes: Optional[str] = None,
    symbols: Optional[str] = None,
) -> "Results[Rating]":
    """Rates each puzzle on the Sudoku Explainer scale: one ``Rating`` per
    input, in input order; a puzzle without a logical path (invalid, no
    solution, several) gets a ``Rating`` whose ``status`` says so. Other
    sizes as ``rate`` rates them (see ``solve_many``)."""
    return _sudokit._rate_many(
        _source(puzzles), _threads(threads), size=size, boxes=boxes, symbols=symbols
    )


def generate(
    count: int = 1,
    difficulty: Optional[str] = None,
    rating: Union[None, float, Tuple[Optional[float], Optional[float]]] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    clues: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    *,
    size: Union[None, int, str] = None,
    boxes: Optional[str] = None,
    symbols: Optional[str] = None,
) -> List[Puzzle]:
    """Makes ``count`` new puzzles, each with exactly one solution.

    ``difficulty`` is ``easy``, ``medium``, ``hard``, ``expert`` or
    ``extreme``; or ``rating`` is a minimum or a ``(min, max)`` pair on the
    Sudoku Explainer scale. ``symmetry`` is ``none``, ``rotational``,
    ``quarter``, ``mirror``, ``flip``, ``diagonal``, ``antidiagonal``,
    ``biaxial`` or ``dihedral``; ``minimal`` asks that removing any clue
    gives several solutions; ``clues`` an exact number of clues. The same
    ``seed`` gives the same puzzles whatever ``threads`` is.

    Other sizes: ``size`` is the side (``16``) or the box shape
    (``"4x4"``, as the command's ``--size``; ``boxes`` says the same), and
    ``symbols`` the alphabet of ``puzzle`` and ``solution`` (``default``,
    ``hex``, ``letters``). Their ``difficulty`` is ``any``, ``easiest``
    (singles solve it) or ``hardest`` (minimal, no symmetry); they have no
    ``rating`` (the scale is 9x9's). Symmetries that swap rows and columns
    need square boxes.

    Raises ``ValueError`` for options no puzzle can meet, and
    ``RuntimeError`` when a puzzle's tries (solution grids dug) run out,
    naming the options few puzzles meet (a low ``clues``, a narrow
    ``rating``, ``minimal`` with a ``symmetry`` on a large grid).
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count: expected an int, got {type(count).__name__}")
    if count < 0:
        raise ValueError(f"count: expected 0 or more, got {count}")
    if seed is None:
        seed = secrets.randbits(64)
    return _sudokit._generate(
        count,
        seed,
        difficulty,
        rating,
        symmetry,
        minimal,
        clues,
        _threads(threads),
        size=size,
        boxes=boxes,
        symbols=symbols,
    )


def generate_variant(
    variants: Union[str, Iterable[str]] = (),
    count: int = 1,
    *,
    size: Union[int, str] = 9,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> List[VariantPuzzle]:
    """Makes ``count`` variant puzzles, each with exactly one solution, as
    ``sudoku generate --variant`` does.

    ``variants`` names the rules (a list, or one string separated by
    commas): ``x``, ``diagonal-down``, ``diagonal-up``, ``windoku``,
    ``anti-knight``, ``anti-king``, ``non-consecutive``,
    ``disjoint-groups``, plus ``killer`` (random cages with totals, usually
    no givens) or ``jigsaw`` (random regions; not with windoku or
    disjoint-groups, nor with killer), or ``kropki`` and ``xv`` (every
    kropki dot, every X and V of a random solution, with the rule that
    all are given; not with killer or jigsaw), or ``whispers``, ``renban``
    and ``palindrome`` (lines through a random solution; not with killer,
    jigsaw, kropki or xv), or ``little-killer`` (diagonal sums of a random
    solution) or ``sandwich`` (the sandwich sum of every row and column
    of a random solution) or ``skyscraper`` or ``x-sum`` (the clues at
    both ends of every row and column of a random solution), each with
    the rules that need no drawing only. ``size`` is the side (``6``; a prime
    side has no boxes) or the boxes ``"RxC"`` (``"2x3"``: boxes of 2 rows
    and 3 columns). The same ``seed`` gives the same puzzles whatever
    ``threads`` is; Ctrl-C stops a long run.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError(f"count: expected an int, got {type(count).__name__}")
    if count < 0:
        raise ValueError(f"count: expected 0 or more, got {count}")
    names = [n for n in variants.replace(",", " ").split()] if isinstance(variants, str) else list(variants)
    if seed is None:
        seed = secrets.randbits(64)
    return _sudokit._generate_variant(names, count, seed, size, _threads(threads))
