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
    "VariantPuzzle",
    "Violation",
    "LogicError",
    "VariantStep",
    "VariantMarks",
    "VariantExplanation",
    "_generate_variant",
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

#: A cell: a 0-based index ``row * size + column``, or a name such as ``"r1c1"``.
_Cell = Union[int, str]
#: A grid of a variant puzzle: one line of N*N symbols (``.`` blank, ``A``-``G``
#: for 10-16), N rows, N*N ints (0 blank) or N rows of N ints.
_VariantGrid = Union[str, Sequence[int], Sequence[Sequence[int]]]
#: Rule names: a list, or one str separated by commas or spaces.
_Names = Union[str, Sequence[str], None]

@final
class Violation:
    """A broken rule: its name, the cells that show it, and a sentence."""

    @property
    def rule(self) -> str:
        """``row``, ``column``, ``region``, ``given``, ``digit``, ``house`` or a
        variant name (``killer``, ``thermometer``, ``anti-knight`` ...)."""
        ...
    @property
    def cells(self) -> List[int]:
        """The cells involved, 0-based indices ``row * size + column``."""
        ...
    @property
    def message(self) -> str:
        """What is wrong, naming the cells ``r1c1`` style."""
        ...

class LogicError(ValueError):
    """``VariantPuzzle.hint()`` has no step to give; ``.status`` says why."""

    #: As ``Hint.status`` names it: ``"conflict"`` (the givens break a rule),
    #: ``"no_solution"``, ``"multiple_solutions"`` or ``"no_technique"``.
    status: Literal["conflict", "no_solution", "multiple_solutions", "no_technique"]

@final
class VariantStep:
    """One step of the variant logic; ``str(step)`` is the command's line.
    Cells are 0-based indices ``row * size + column``."""

    @property
    def technique(self) -> str: ...
    @property
    def placements(self) -> List[Tuple[int, int]]:
        """``(cell, digit)`` pairs."""
        ...
    @property
    def eliminations(self) -> List[Tuple[int, int]]:
        """``(cell, digit)`` pairs."""
        ...
    @property
    def cells(self) -> List[int]:
        """The cells of the pattern."""
        ...
    @property
    def houses(self) -> List[str]:
        """``"row 3"``, ``"cage r1c1 (15)"``, ``"the main diagonal"`` ..."""
        ...
    @property
    def explanation(self) -> str: ...
    @property
    def outcome(self) -> str:
        """``r1c2=5; r3c4<>7``."""
        ...
    @property
    def nudge(self) -> str:
        """The technique and where to look, nothing more."""
        ...
    def to_dict(self) -> Dict[str, Any]:
        """The step as ``sudoku explain --variant --to json`` writes it."""
        ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class VariantMarks:
    """The pencil marks of a variant puzzle; ``str(marks)`` is the drawn grid."""

    @property
    def size(self) -> int: ...
    @property
    def candidates(self) -> List[List[int]]:
        """Every cell's candidates in reading order, a placed digit alone."""
        ...
    @property
    def digits(self) -> List[int]:
        """The digits placed, N*N ints, 0 for an empty cell."""
        ...
    @property
    def givens(self) -> str:
        """The digits placed as one line, ``.`` for an empty cell."""
        ...
    @property
    def is_solved(self) -> bool: ...
    @property
    def compact(self) -> str: ...
    def __getitem__(self, index: Union[int, Tuple[int, int]], /) -> List[int]:
        """The candidates of a cell (an index or ``(row, column)``)."""
        ...

@final
class VariantExplanation:
    """Every step of the variant logic from a puzzle to the end."""

    @property
    def steps(self) -> List[VariantStep]: ...
    @property
    def solved(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]:
        """Why logic stopped before the end, when the puzzle has one solution."""
        ...
    @property
    def status(self) -> Literal["explained", "invalid", "no_solution", "multiple"]: ...
    @property
    def error(self) -> Optional[str]:
        """Why there is no logical path."""
        ...
    @property
    def marks(self) -> VariantMarks:
        """The pencil marks after the last step."""
        ...
    @property
    def solution(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """``status``, ``solved``, ``stopped`` and ``error`` (when there),
        ``solution`` and ``steps`` (each as ``VariantStep.to_dict()``)."""
        ...
    def __len__(self) -> int: ...

@final
class VariantPuzzle:
    """A variant Sudoku (jigsaw, killer, X, windoku, anti-knight, anti-king,
    non-consecutive, thermometers, arrows, odd/even, disjoint groups, extra
    regions, kropki dots, XV marks, whispers, renban and palindrome lines,
    little killers)
    of side 1 to 16, read and solved by the ``sudoku-variants``
    library. Cells are 0-based indices ``row * size + column``."""

    def __new__(
        cls,
        givens: Optional[_VariantGrid] = None,
        *,
        size: Optional[int] = None,
        rules: _Names = None,
        regions: Union[None, str, Sequence[int], Sequence[Sequence[int]]] = None,
        cages: Optional[Sequence[Union[Sequence[_Cell], Tuple[Sequence[_Cell], Optional[int]]]]] = None,
        thermometers: Optional[Sequence[Sequence[_Cell]]] = None,
        arrows: Optional[Sequence[Tuple[Union[_Cell, Sequence[_Cell]], Sequence[_Cell]]]] = None,
        odd: Optional[Sequence[_Cell]] = None,
        even: Optional[Sequence[_Cell]] = None,
        extra_regions: Optional[Sequence[Sequence[_Cell]]] = None,
        whispers: Optional[Sequence[Union[Sequence[_Cell], Tuple[Sequence[_Cell], int]]]] = None,
        renban: Optional[Sequence[Sequence[_Cell]]] = None,
        palindromes: Optional[Sequence[Sequence[_Cell]]] = None,
        little_killers: Optional[Sequence[Tuple[_Cell, str, int]]] = None,
        sandwiches: Optional[Sequence[Tuple[str, int]]] = None,
        skyscrapers: Optional[Sequence[Tuple[str, int]]] = None,
        x_sums: Optional[Sequence[Tuple[str, int]]] = None,
        quadruples: Optional[Sequence[Tuple[_Cell, Sequence[int]]]] = None,
    ) -> "VariantPuzzle": ...
    @staticmethod
    def from_link(link: str) -> "VariantPuzzle":
        """An f-puzzles or SudokuPad (f-puzzles data) link."""
        ...
    @staticmethod
    def from_fpuzzles(json: str) -> "VariantPuzzle":
        """f-puzzles JSON."""
        ...
    @staticmethod
    def from_text(text: str, rules: _Names = None) -> "VariantPuzzle":
        """The hand-typed text forms of docs/variants.md."""
        ...
    @staticmethod
    def read(text: str, variants: _Names = None) -> "VariantPuzzle":
        """One puzzle in any form ``sudoku solve --variant`` reads."""
        ...
    @staticmethod
    def read_all(text: str, variants: _Names = None) -> List["VariantPuzzle"]:
        """Every puzzle of a text, as ``read`` reads one."""
        ...
    @property
    def size(self) -> int: ...
    @property
    def givens(self) -> str:
        """One line of N*N symbols, ``.`` for a blank."""
        ...
    @property
    def digits(self) -> List[int]:
        """N*N ints, 0 for a blank."""
        ...
    @property
    def variants(self) -> List[str]: ...
    @property
    def regions(self) -> Optional[List[int]]:
        """The region of every cell, None without regions."""
        ...
    @property
    def boxes(self) -> Optional[str]: ...
    @property
    def jigsaw(self) -> bool: ...
    @property
    def rules(self) -> List[str]:
        """``anti-knight``, ``anti-king``, ``non-consecutive``."""
        ...
    @property
    def rules_in_words(self) -> str:
        """The rules as sentences, as the links the library writes state them."""
        ...
    @property
    def diagonals(self) -> List[List[int]]: ...
    @property
    def houses(self) -> List[Tuple[str, List[int]]]:
        """``(kind, cells)``: diagonals, windoku boxes, disjoint groups, extra regions."""
        ...
    @property
    def cages(self) -> List[Tuple[List[int], Optional[int]]]: ...
    @property
    def thermometers(self) -> List[List[int]]: ...
    @property
    def arrows(self) -> List[Tuple[List[int], List[int]]]:
        """``(circle, path)``."""
        ...
    @property
    def odd(self) -> List[int]: ...
    @property
    def even(self) -> List[int]: ...
    @property
    def edge_marks(self) -> List[Tuple[List[int], str, int]]:
        """Kropki dots and XV marks: ``(cells, kind, number)``, kind
        ``difference`` (white dot), ``ratio`` (black dot) or ``sum`` (X, V)."""
        ...
    @property
    def lines(self) -> List[Tuple[str, List[int], Optional[int]]]:
        """Lines: ``(kind, cells, difference)``, kind ``whispers``, ``renban``
        or ``palindrome``, cells from one end, and a whispers line's least
        difference (None for the others)."""
        ...
    @property
    def little_killers(self) -> List[Tuple[List[int], int]]:
        """Little killers: ``(cells, total)``, the diagonal from the clue's
        end and its sum."""
        ...
    @property
    def quadruples(self) -> List[Tuple[List[int], List[int]]]:
        """Quadruples: ``(cells, digits)``, the 2x2 cells in reading order
        and the digits they hold."""
        ...
    @property
    def sandwiches(self) -> List[Tuple[List[int], int]]:
        """Sandwich sums: ``(cells, total)``, the row or column from the
        clue's end and the sum between its 1 and its largest digit."""
        ...
    @property
    def skyscrapers(self) -> List[Tuple[List[int], int]]:
        """Skyscraper clues: ``(cells, count)``, the row or column from the
        clue's end and how many digits are seen from there."""
        ...
    @property
    def x_sums(self) -> List[Tuple[List[int], int]]:
        """X-sums: ``(cells, total)``, the row or column from the clue's
        end and the sum of its first X digits, X being the first."""
        ...
    @property
    def unmarked(self) -> List[Tuple[str, int]]:
        """The negative constraints: ``(kind, number)`` that neighbours with
        no mark of the same variant between them do not hold."""
        ...
    @property
    def constraints(self) -> List[Any]:
        """The library's constraints as JSON values."""
        ...
    def solve(self) -> Optional[str]: ...
    def count(self, limit: int = 1000) -> int: ...
    def check(self) -> Literal["unique", "multiple", "none", "invalid"]: ...
    def violation(self, grid: _VariantGrid) -> Optional[Violation]: ...
    def is_solution(self, grid: _VariantGrid) -> bool: ...
    def hint(self) -> Optional[VariantStep]:
        """The next logical step, None when the grid is full; ``LogicError``
        when there is none to give."""
        ...
    def explain(self) -> VariantExplanation:
        """Every logical step to the end, or why there is no path."""
        ...
    def marks(self) -> VariantMarks:
        """The pencil marks of the givens (``ValueError`` when they break a rule)."""
        ...
    def to_link(self) -> str: ...
    def to_sudokupad_link(self) -> str: ...
    def to_fpuzzles(self) -> str: ...
    def to_text(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...

def _generate_variant(
    variants: List[str], count: int, seed: int, size: Union[int, str], threads: Optional[int] = None
) -> List[VariantPuzzle]: ...
