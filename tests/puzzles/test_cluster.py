"""Work on a Dask cluster (archipelago/search/workers.py): a local cluster of two worker
processes plays a match's games and gives the same results, in the same order, as this
process alone."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from archipelago import cli
from archipelago.search import workers
from archipelago.search.match import GameJob, parse_agents, play_game
from archipelago.search.workers import each_result


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local.scheduler_address


def test_a_cluster_gives_the_results_of_local_work_in_order(cluster: str) -> None:
    specs = tuple(parse_agents("greedy,random", "stigmergy"))
    jobs = [GameJob(g, specs, "stigmergy", {"size": 3}, 5, None, None) for g in range(6)]
    here = [result["ranks"] for result in each_result(play_game, jobs)]
    there = [result["ranks"] for result in each_result(play_game, jobs, cluster=cluster)]
    assert there == here
    assert len({tuple(ranks) for ranks in here}) == 2  # not one result six times


def test_match_plays_on_the_cluster_it_is_given(
    cluster: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["match", "--game", "stigmergy", "--size", "3", "--agents", "greedy,random"]
    args += ["--games", "6", "--seed", "3"]
    assert cli.main(args) == 0
    local = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert cli.main([*args, "--cluster", cluster]) == 0
    remote = json.loads(capsys.readouterr().out.splitlines()[-1])
    for mine, theirs in zip(local["agents"], remote["agents"], strict=True):
        assert (mine["wins"], mine["seats"]) == (theirs["wins"], theirs["seats"])


def test_a_cluster_that_does_not_answer_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(workers, "CONNECT_SECONDS", 1)
    args = ["match", "--game", "stigmergy", "--size", "3", "--agents", "greedy,random"]
    assert cli.main([*args, "--games", "2", "--cluster", "tcp://127.0.0.1:9"]) == 2
    assert capsys.readouterr().err.startswith("no Dask scheduler answers at tcp://127.0.0.1:9")
