"""A Dask cluster of two worker processes solves a file of puzzles."""

import pytest

import sudokit
from conftest import CLASH, MULTIPLE, UNIQUE, is_solution_of

db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")
import sudokit.dask  # noqa: E402


def relabel(puzzle, k):
    return "".join(str((int(c) - 1 + k) % 9 + 1) if c.isdigit() else c for c in puzzle)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_solve_a_file_on_a_local_cluster(client, tmp_path):
    puzzles = [relabel(UNIQUE if i % 3 else MULTIPLE, i % 9) for i in range(3000)]
    path = tmp_path / "puzzles.txt"
    path.write_text("# puzzles\n" + "\n".join(puzzles) + "\n\n")
    bag = db.read_text(str(path), blocksize=20_000)
    assert bag.npartitions >= 4
    solutions = sudokit.dask.solve_bag(bag).compute()
    assert len(solutions) == len(puzzles)
    for p, s in zip(puzzles, solutions):
        assert is_solution_of(s, p)
    workers = client.run(lambda: __import__("os").getpid())
    assert len(set(workers.values())) == 2


def test_other_bags(client):
    bag = db.from_sequence([UNIQUE, MULTIPLE, CLASH, "not a puzzle"], npartitions=2)
    assert sudokit.dask.check_bag(bag).compute() == ["unique", "multiple", "invalid", "invalid"]
    assert sudokit.dask.count_bag(bag, limit=3).compute() == [1, 3, None, None]
    ratings = sudokit.dask.rate_bag(bag).compute()
    assert ratings[0] == sudokit.rate(UNIQUE).value and ratings[1:] == [None, None, None]
