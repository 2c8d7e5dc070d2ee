"""Type stubs of the native part of sudokit (built from crates/python/src)."""

from typing import Any, Dict, Generic, Iterator, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, final, overload

__all__ = [
    "ParseError",
    "Grid",
    "SolveResult",
    "CountResult",
    "CheckResult",
    "solve",
    "count",
    "check",
    "_solve_many",
    "_count_many",
    "_check_many",
    "_solve_cells",
    "Step",
    "Rating",
    "Explanation",
    "Hint",
    "Marks",
    "Puzzle",
    "Mistake",
    "rate",
    "explain",
    "hint",
    "marks",
    "_rate_many",
    "_generate",
    "CORES",
    "Results",
    "ResultsIter",
]

#: The number of cores batches use by default.
CORES: int

class ParseError(ValueError):
    """A puzzle could not be read; ``str(error)`` is the command's message."""

    #: 1-based line of the mistake, None when it is about the whole input.
    line: Optional[int]
    #: 1-based column, None when the mistake is not at one place.
    column: Optional[int]

_PuzzleArg = Union[str, "Grid"]

#: ``size=``: the side (``16``), or the box shape ``"RxC"`` as the
#: command's ``--size`` takes it (``"4x4"`` is a 16x16 grid).
_Size = Union[None, int, str]
#: ``symbols=``: the alphabet of a grid other than 9x9.
_Symbols = Optional[Literal["default", "hex", "letters"]]

_T = TypeVar("_T")

@final
class Results(Generic[_T]):
    """The results of a batch, one per input, in input order (read-only)."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int, /) -> _T: ...
    @overload
    def __getitem__(self, index: slice, /) -> List[_T]: ...
    def __iter__(self) -> Iterator[_T]: ...
    def to_list(self) -> List[_T]: ...

@final
class ResultsIter(Generic[_T]):
    def __iter__(self) -> "ResultsIter[_T]": ...
    def __next__(self) -> _T: ...

@final
class Grid:
    """A grid of any size: from a string in any format, 81 digits, 9 rows of
    9, or a NumPy array of shape (9, 9) or (81,) (N*N digits, N rows of N
    for other sizes); 0 for a blank."""

    def __new__(
        cls,
        puzzle: Union[str, "Grid", Sequence[int], Sequence[Sequence[int]], Any, None] = None,
        *,
        size: _Size = None,
        boxes: Optional[str] = None,
        symbols: _Symbols = None,
    ) -> "Grid": ...
    @property
    def line(self) -> str: ...
    @property
    def size(self) -> int:
        """The side: 9, or 16 for a 16x16 grid."""
        ...
    @property
    def boxes(self) -> str:
        """The box shape, rows x columns: ``"3x3"``, ``"2x3"``."""
        ...
    @property
    def symbols(self) -> str:
        """The alphabet: ``"default"``, ``"hex"`` or ``"letters"``."""
        ...
    @property
    def clues(self) -> int: ...
    @property
    def is_complete(self) -> bool: ...
    def to_list(self) -> List[int]: ...
    def to_numpy(self) -> Any: ...
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> Any: ...
    def format(self, to: str = "pretty") -> str: ...
    def solve(self) -> Optional["Grid"]: ...
    def __getitem__(self, index: Tuple[int, int], /) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SolveResult:
    """One puzzle of a ``solve_many`` batch."""

    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    @property
    def size(self) -> Optional[int]:
        """The side of a grid of another size, ``None`` for 9x9."""
        ...
    @property
    def status(self) -> str: ...
    @property
    def solution(self) -> Optional[str]: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def ok(self) -> bool: ...
    def __bool__(self) -> bool: ...
    def to_dict(self) -> Dict[str, Any]:
        """The command's JSON record (``--to json``) as a dict."""
        ...

@final
class CountResult:
    """One puzzle of a ``count_many`` batch."""

    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    @property
    def size(self) -> Optional[int]:
        """The side of a grid of another size, ``None`` for 9x9."""
        ...
    @property
    def status(self) -> str: ...
    @property
    def solutions(self) -> Optional[int]: ...
    @property
    def limit_reached(self) -> bool: ...
    @property
    def error(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The command's JSON record (``--to json``) as a dict."""
        ...

@final
class CheckResult:
    """One puzzle of a ``check_many`` batch."""

    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    @property
    def size(self) -> Optional[int]:
        """The side of a grid of another size, ``None`` for 9x9."""
        ...
    @property
    def status(self) -> str: ...
    @property
    def verdict(self) -> str: ...
    @property
    def error(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The command's JSON record (``--to json``) as a dict."""
        ...

@final
class Step:
    """One logical step; ``str(step)`` is the command's line."""

    @property
    def technique(self) -> str: ...
    @property
    def rating(self) -> float: ...
    @property
    def placements(self) -> List[Tuple[str, int]]: ...
    @property
    def eliminations(self) -> List[Tuple[str, int]]: ...
    @property
    def cells(self) -> List[str]: ...
    @property
    def candidates(self) -> List[Tuple[str, int]]:
        """The candidates that make the pattern or the chain."""
        ...
    @property
    def explanation(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]:
        """The step as ``sudoku explain --to json`` writes it."""
        ...

@final
class Rating:
    """A rating on the Sudoku Explainer scale, or why there is none."""

    @property
    def value(self) -> Optional[float]: ...
    @property
    def difficulty(self) -> Optional[str]:
        """``easy`` ... ``extreme``; on other sizes the 9x9 label of the
        value, by analogy, as ``sudoku rate --to json`` writes it."""
        ...
    @property
    def technique(self) -> Optional[str]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]: ...
    @property
    def status(self) -> str: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def index(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def file(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudoku rate --to json``; without a logical path:
        ``index``, ``file``, ``line``, ``puzzle``, ``status``, ``error``."""
        ...

@final
class Explanation:
    """Every logical step of a puzzle and the rating of the path."""

    @property
    def steps(self) -> List[Step]: ...
    @property
    def rating(self) -> Rating: ...
    @property
    def value(self) -> Optional[float]: ...
    @property
    def difficulty(self) -> Optional[str]:
        """``easy`` ... ``extreme``; on other sizes the 9x9 label of the
        value, by analogy, as ``sudoku rate --to json`` writes it."""
        ...
    @property
    def technique(self) -> Optional[str]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]: ...
    @property
    def status(self) -> str: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def puzzle(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudoku explain --to json`` (the rating's, with ``steps``)."""
        ...
    def __len__(self) -> int: ...

@final
class Marks:
    """The pencil marks of a puzzle; ``str(marks)`` is the drawn grid."""

    @property
    def compact(self) -> str: ...
    @property
    def line(self) -> str:
        """The 729-character line: a pencil-mark puzzle every function takes
        (9x9 only: other sizes raise ``ValueError``)."""
        ...
    @property
    def grid(self) -> Grid: ...
    def __getitem__(self, index: Tuple[int, int], /) -> List[int]: ...

@final
class Mistake:
    """A wrong digit or a needed candidate crossed out; ``str()`` is the sentence."""

    @property
    def kind(self) -> str:
        """``"wrong_digit"`` or ``"crossed_out"``."""
        ...
    @property
    def cell(self) -> str: ...
    @property
    def digit(self) -> int:
        """The solution's digit in the cell."""
        ...
    @property
    def entered(self) -> Optional[int]:
        """The digit the player placed (``None`` for a crossed-out candidate)."""
        ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class Hint:
    """The next step for a player's position at a level, or what is wrong
    with it. A field the level does not tell is ``None``."""

    @property
    def status(self) -> str:
        """``step``, ``solved``, ``wrong_entry``, ``conflict``,
        ``no_solution``, ``multiple_solutions`` or ``no_technique``."""
        ...
    @property
    def level(self) -> str:
        """``nudge``, ``cells`` or ``step``."""
        ...
    @property
    def message(self) -> str: ...
    @property
    def technique(self) -> Optional[str]:
        """Every level."""
        ...
    @property
    def houses(self) -> Optional[List[str]]:
        """Every level: ``["b4"]``, ``["row 3", "column 5"]``."""
        ...
    @property
    def cells(self) -> Optional[List[str]]:
        """Levels ``cells`` and ``step``."""
        ...
    @property
    def candidates(self) -> Optional[List[Tuple[str, int]]]:
        """Levels ``cells`` and ``step``."""
        ...
    @property
    def step(self) -> Optional[Step]:
        """Level ``step``."""
        ...
    @property
    def mistakes(self) -> Optional[List[Mistake]]:
        """Every level, when the player made mistakes."""
        ...
    @property
    def marks(self) -> Optional[Marks]: ...
    @property
    def puzzle(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudoku hint --to json --level LEVEL``."""
        ...

@final
class Puzzle:
    """A generated puzzle with its only solution and its rating."""

    @property
    def index(self) -> int: ...
    @property
    def puzzle(self) -> str: ...
    @property
    def solution(self) -> str: ...
    @property
    def rating(self) -> Optional[float]:
        """``None`` for other sizes (the scale is 9x9's)."""
        ...
    @property
    def difficulty(self) -> Optional[str]: ...
    @property
    def technique(self) -> Optional[str]: ...
    @property
    def clues(self) -> int: ...
    @property
    def grid(self) -> Grid: ...
    def to_dict(self) -> Dict[str, Any]:
        """The record of ``sudoku generate --to json``."""
        ...

#: How much a hint tells.
_HintLevel = Literal["nudge", "cells", "step"]

def solve(
    puzzle: _PuzzleArg, *, size: _Size = None, boxes: Optional[str] = None, symbols: _Symbols = None
) -> Optional[str]:
    """The solution on one line, ``None`` when there is none (pencil marks
    too); other sizes in the puzzle's alphabet."""
    ...
def count(
    puzzle: _PuzzleArg,
    limit: int = 1000,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> int:
    """The number of solutions, counting no further than ``limit`` (1 or more)."""
    ...
def check(
    puzzle: _PuzzleArg, *, size: _Size = None, boxes: Optional[str] = None, symbols: _Symbols = None
) -> Literal["unique", "multiple", "none", "invalid"]: ...
def rate(
    puzzle: _PuzzleArg, *, size: _Size = None, boxes: Optional[str] = None, symbols: _Symbols = None
) -> Rating: ...
def explain(
    puzzle: _PuzzleArg, *, size: _Size = None, boxes: Optional[str] = None, symbols: _Symbols = None
) -> Explanation: ...
def hint(
    puzzle: _PuzzleArg,
    given: Optional[_PuzzleArg] = None,
    level: _HintLevel = "step",
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> Hint:
    """The next step at a level (``nudge``, ``cells``, ``step``); a bad level raises ``ValueError``."""
    ...
def marks(
    puzzle: _PuzzleArg, *, size: _Size = None, boxes: Optional[str] = None, symbols: _Symbols = None
) -> Marks: ...
def _solve_many(
    source: Any,
    threads: Optional[int] = None,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> Results[SolveResult]: ...
def _count_many(
    source: Any,
    limit: int = 1000,
    threads: Optional[int] = None,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> Results[CountResult]: ...
def _check_many(
    source: Any,
    threads: Optional[int] = None,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> Results[CheckResult]: ...
def _rate_many(
    source: Any,
    threads: Optional[int] = None,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> Results[Rating]: ...
def _solve_cells(cells: bytes, threads: Optional[int] = None) -> bytearray: ...
def _generate(
    count: int,
    seed: int,
    difficulty: Optional[str] = None,
    rating: Union[None, float, Tuple[Optional[float], Optional[float]]] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    clues: Optional[int] = None,
    threads: Optional[int] = None,
    *,
    size: _Size = None,
    boxes: Optional[str] = None,
    symbols: _Symbols = None,
) -> List[Puzzle]: ...
