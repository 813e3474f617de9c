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
