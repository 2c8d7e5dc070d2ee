"""Batches on a Dask cluster: a ``dask.bag`` of puzzle lines through
``solve_many`` (or ``check_many``, ``count_many``, ``rate_many``), partition
by partition, in order.

Needs the ``dask`` extra: ``pip install "sudokit[dask]"``.

>>> import dask.bag as db
>>> from distributed import Client
>>> import sudokit.dask
>>> client = Client("tcp://scheduler:8786")            # doctest: +SKIP
>>> lines = db.read_text("puzzles-*.txt", blocksize="16MiB")
>>> solutions = sudokit.dask.solve_bag(lines)          # a bag, lazily
>>> solutions.to_textfiles("solutions-*.txt")          # doctest: +SKIP

Each partition is one ``solve_many`` call on a worker, on all of its cores
(``threads=None``) without holding the GIL, so a worker process per machine
with one Dask thread (``dask worker --nthreads 1``) uses the whole machine.
Blank lines and ``#`` comments, which ``read_text`` keeps, are dropped;
every other line is one puzzle and gives one element out, in order.
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional

import sudokit

__all__ = ["solve_bag", "check_bag", "count_bag", "rate_bag", "puzzle_lines"]


def puzzle_lines(lines: Iterable[str]) -> List[str]:
    """The puzzles of some lines of text: blank lines and ``#`` comments out."""
    return [l for l in (line.strip() for line in lines) if l and not l.startswith("#")]


def _solve(lines: Iterable[str], threads: Optional[int]) -> List[Optional[str]]:
    return [r.solution for r in sudokit.solve_many(puzzle_lines(lines), threads)]


def _check(lines: Iterable[str], threads: Optional[int]) -> List[str]:
    return [r.verdict for r in sudokit.check_many(puzzle_lines(lines), threads)]


def _count(lines: Iterable[str], limit: int, threads: Optional[int]) -> List[Optional[int]]:
    return [r.solutions for r in sudokit.count_many(puzzle_lines(lines), limit, threads)]


def _rate(lines: Iterable[str], threads: Optional[int]) -> List[Optional[float]]:
    return [r.value for r in sudokit.rate_many(puzzle_lines(lines), threads)]


def solve_bag(bag: Any, threads: Optional[int] = None) -> Any:
    """A bag of solutions (81-character strings, ``None`` where a puzzle has
    no solution or is invalid), one per puzzle line, in order."""
    return bag.map_partitions(_solve, threads)


def check_bag(bag: Any, threads: Optional[int] = None) -> Any:
    """A bag of verdicts (``unique``, ``multiple``, ``none``, ``invalid``)."""
    return bag.map_partitions(_check, threads)


def count_bag(bag: Any, limit: int = 1000, threads: Optional[int] = None) -> Any:
    """A bag of solution counts (``None`` for an invalid puzzle)."""
    return bag.map_partitions(_count, limit, threads)


def rate_bag(bag: Any, threads: Optional[int] = None) -> Any:
    """A bag of ratings on the Sudoku Explainer scale (``None`` when a puzzle
    has no logical path)."""
    return bag.map_partitions(_rate, threads)
