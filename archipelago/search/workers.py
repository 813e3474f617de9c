"""Many independent pieces of work (games of a match, self-play games of the puzzle
maker) spread over local processes, or over a Dask cluster given its address.

``dask.distributed`` is an optional extra of the command line (requirements-cluster.txt,
``pip install .[cluster]``): it is imported only when a cluster is asked for, and the
page never loads this module (its zip leaves it out). Every machine of the cluster needs
this package installed at the same version. A library: it never prints.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ..errors import ArchipelagoError

Item = TypeVar("Item")
Result = TypeVar("Result")
INSTALL = "pip install -r requirements-cluster.txt"
CONNECT_SECONDS = 30  # how long to wait for the scheduler to answer


class ClusterError(ArchipelagoError):
    """No Dask to reach a cluster with, or no cluster at the address given."""


def each_result(
    work: Callable[[Item], Result],
    items: Sequence[Item],
    jobs: int = 1,
    cluster: str | None = None,
) -> Iterator[Result]:
    """``work`` on every item, the results in the items' order as each is ready: on the
    Dask scheduler at ``cluster`` (like ``tcp://10.0.0.5:8786``), else in ``jobs``
    local processes (this one when ``jobs`` is 1)."""
    if cluster is not None:
        yield from _on_cluster(work, items, cluster)
    elif jobs > 1 and len(items) > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap(work, items)
    else:
        for item in items:
            yield work(item)


def _on_cluster(
    work: Callable[[Item], Result], items: Sequence[Item], address: str
) -> Iterator[Result]:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--cluster needs dask.distributed: {INSTALL}") from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise ClusterError(f"no Dask scheduler answers at {address}: {error}") from None
    with client:
        # pure=False: two equal items (two games of one seed) are still two pieces of work.
        futures = client.map(work, list(items), pure=False)
        for future in futures:
            yield future.result()


__all__ = ["ClusterError", "each_result"]
