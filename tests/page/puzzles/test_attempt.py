"""One puzzle being solved (archipelago.page.puzzles.attempt): turns judged by their
spelling, and the fixtures' solutions replay as games."""

from __future__ import annotations

import pytest

from archipelago.page.puzzles.attempt import (
    FAILED,
    RIGHT,
    SOLVED,
    SOLVING,
    WRONG,
    Attempt,
    same_turn,
    stray_stones,
)
from tests.support.puzzlefixtures import fixture_puzzles, replays

STIG = fixture_puzzles("stigmergy")
ARCH = fixture_puzzles("archipelago")


@pytest.mark.parametrize("puzzle", ARCH + STIG, ids=lambda p: p.id)
def test_every_fixture_replays_with_its_solution(puzzle):
    assert replays(puzzle)


def test_a_turn_is_judged_by_its_spelling_stones_in_any_order():
    assert same_turn("1c3,2d4", "2d4,1c3") and same_turn("e4", "e4")
    assert not same_turn("1c3", "1c3,2d4") and not same_turn("e5", "e4")
    first, reply, last = STIG[1].solution
    attempt = Attempt(STIG[1])
    assert attempt.judge(first) == RIGHT and attempt.step == 2 and attempt.reply() == reply
    assert attempt.judge(last) == SOLVED
    failing = Attempt(STIG[1])
    assert failing.judge(reply) == WRONG and failing.state == FAILED
    failing.retry()
    assert failing.step == 0 and failing.state == SOLVING and not failing.wrong_turn


def test_a_stone_of_a_turn_under_way_is_wrong_only_when_the_solution_turn_lacks_it():
    assert stray_stones("2d4", "1c3,2d4") == [] and stray_stones("2d4,1c3", "1c3,2d4") == []
    assert stray_stones("1c3,2e5", "1c3,2d4") == ["2e5"] and stray_stones("1c3", "pass") == ["1c3"]
    assert stray_stones("1c3,1c3", "1c3,2d4") == ["1c3"]  # each stone of the solution once
    stones = ARCH[3].solution[0].split(",")
    attempt = Attempt(ARCH[3])
    assert attempt.judge_part(stones[-1]) == SOLVING  # not the first the solution spells
    assert attempt.judge_part(",".join(reversed(stones[1:]))) == SOLVING
    assert attempt.state == SOLVING and not attempt.wrong_turn
    assert attempt.judge_part(f"{stones[-1]},1a2") == WRONG
    assert attempt.state == FAILED and attempt.wrong_turn == "1a2"
    assert attempt.judge_part(stones[0]) == FAILED  # a failed attempt stays failed
