"""Which puzzle the page shows (archipelago.page.puzzles.choice) and the player's
progress and rating (archipelago.page.puzzles.progress), under CPython."""

from __future__ import annotations

import json

import pytest

from archipelago.page.puzzles.choice import (
    DAY_MS,
    daily_games,
    daily_puzzle,
    next_puzzle,
    utc_day,
)
from archipelago.page.puzzles.progress import REPLAY_AFTER, Progress, expected, puzzle_rating
from tests.support.puzzlefixtures import fixture_puzzles

STIG = fixture_puzzles("stigmergy")


def test_the_daily_puzzle_is_the_same_all_day_and_changes_with_the_day():
    day = utc_day(1_700_000_000_000)
    assert utc_day(day * DAY_MS) == utc_day(day * DAY_MS + DAY_MS - 1) == day
    games = ["stigmergy", "archipelago"]
    assert daily_games(day, games)[0] != daily_games(day + 1, games)[0]  # the games take turns
    assert daily_games(day, ["stigmergy", "archipelago"]) == daily_games(
        day, ["archipelago", "stigmergy"]
    )
    picks = {daily_puzzle(STIG, d).id for d in range(day, day + 40)}  # type: ignore[union-attr]
    assert daily_puzzle(STIG, day) == daily_puzzle(list(STIG), day)
    assert len(picks) == len(STIG)  # over the days every puzzle comes
    assert daily_puzzle([], day) is None


def test_the_next_puzzle_is_near_the_players_rating_and_of_the_themes_chosen():
    strong, weak = Progress(rating=2100.0), Progress(rating=1200.0)
    assert next_puzzle(STIG, strong, None, []).difficulty == 4  # type: ignore[union-attr]
    assert next_puzzle(STIG, weak, None, []).difficulty == 1  # type: ignore[union-attr]
    assert next_puzzle(STIG, weak, None, ["sight"]).themes == ("sight",)  # type: ignore[union-attr]
    # solved ones are passed over until all are solved
    done = Progress(rating=1200.0, solved=["stigmergy-0001"])
    assert next_puzzle(STIG, done, None, []).id != "stigmergy-0001"  # type: ignore[union-attr]
    everything = Progress(solved=[p.id for p in STIG])
    assert next_puzzle(STIG, everything, "stigmergy-0001", []) is not None


def test_a_failed_puzzle_comes_back_after_others():
    progress = Progress()
    progress.open()
    progress.outcome("stigmergy-0002", 3, 0.0)
    assert progress.streak == 0 and progress.failed == {"stigmergy-0002": 1}
    for _ in range(REPLAY_AFTER - 1):
        progress.open()
        assert next_puzzle(STIG, progress, None, []).id != "stigmergy-0002"  # type: ignore[union-attr]
    progress.open()
    assert progress.due() == ["stigmergy-0002"]
    assert next_puzzle(STIG, progress, None, []).id == "stigmergy-0002"  # type: ignore[union-attr]
    progress.outcome("stigmergy-0002", 3, 1.0)  # solved without a mistake: off the queue
    assert progress.failed == {} and progress.streak == 1


def test_the_rating_is_elo_against_the_puzzles_difficulty():
    assert puzzle_rating(1) == 1300 and puzzle_rating(5) == 2100
    assert expected(1500, 1500) == pytest.approx(0.5)
    progress = Progress()
    progress.outcome("a", 2, 1.0)
    assert progress.rating == pytest.approx(1500 + 32 * (1 - expected(1500, 1500)), abs=0.1)
    hard_loss, easy_loss = Progress(), Progress()
    hard_loss.outcome("a", 5, 0.0)
    easy_loss.outcome("a", 1, 0.0)
    assert easy_loss.rating < hard_loss.rating < 1500


def test_damaged_progress_falls_back():
    assert Progress.from_json("nonsense") == Progress()
    read = Progress.from_json(
        {"rating": "x", "streak": -3, "solved": [1, "a"], "failed": {"b": True}}
    )
    assert (read.rating, read.streak, read.solved, read.failed) == (1500.0, 0, ["a"], {})
    kept = Progress(rating=1612.5, streak=2, best=4, opened=9, solved=["a"], failed={"b": 3})
    assert Progress.from_json(json.loads(json.dumps(kept.to_json()))) == kept
