"""The end of a decided Stigmergy game (issue 51, item 4): every computer level answers
the pass of a player who has won with a pass instead of filling its own territory turn
after turn, and the analysis of a game's decided tail judges none of its turns a
mistake."""

from __future__ import annotations

import pytest

from archipelago.analysis import Budget
from archipelago.analysis.turns import analyse
from archipelago.games.stigmergy.ai import GreedyAgent, StigmergyKnowledge
from archipelago.games.stigmergy.ai.effects import gain
from archipelago.games.stigmergy.ai.ending import can_turn_round, decided_result, settled_pass
from archipelago.games.stigmergy.notation import PASS
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.registry import from_record
from archipelago.search import make_agent

# Side 5, komi 1: player 1 won the board, then passed 10 times while player 2 (as level 1
# used to) placed stones on cells it already controlled, which changes no score.
FILLED_TAIL = {
    "game": "stigmergy",
    "size": 5,
    "variant": {"komi": 1},
    "turns": " ".join(
        (
            "c7 h6 e5 e6 e7 f3 c1 i3 i4 f1 g1 a3 e2 e8 g7 g3 d4 h2 b3 e7x d6 g7x f5 g5 a2 h3",
            "b5 f5x a3x h1 d8 h4 e4 e9 f2 i4x f1x f6 take-button f8 pass f4 pass i5 pass f7",
            "pass g6 pass i2 pass h5 pass g2 pass g4 pass i1 pass pass",
        )
    ).split(),
}
FIRST_PASS = FILLED_TAIL["turns"].index("pass")  # turn 41, counted from 0


def passing_player_game(level: int, seed: int, computer: int, size: int = 6) -> tuple[int, bool]:
    """A game of ``level`` in seat ``computer`` against a player who plays the greedy move
    until it is ahead and may pass, then passes each time it may: (the player's passes,
    whether the game ended)."""
    game = StigmergyGame(size, 1)
    agent = make_agent(level, seed, game="stigmergy")
    player = GreedyAgent(seed + 100)
    passes = 0
    for _ in range(600):
        if game.is_over:
            break
        mover = game.to_move
        assert mover is not None
        if mover == computer:
            agent.start_turn(game)
            game.push_code(agent.choose(game).code)
            continue
        scores = game.scores()
        if PASS in game.legal_codes() and scores[mover - 1] > scores[2 - mover]:
            game.push_code(PASS)
            passes += 1
        else:
            game.push_code(player.choose(game).code)
    return passes, game.is_over


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_computer_ends_a_decided_game_within_two_passes_of_the_player(level):
    # Level 1 answered such a player with 7 to 15 passes a game on side 6 before.
    for seed, computer in ((0, 2), (1, 2), (2, 1), (3, 1)):
        passes, over = passing_player_game(level, seed, computer)
        assert over and passes <= 2, (level, seed, computer, passes)


def test_the_search_passes_at_once_on_a_settled_board_it_cannot_turn_round():
    game = from_record({**FILLED_TAIL, "turns": FILLED_TAIL["turns"][: FIRST_PASS + 1]})
    assert isinstance(game, StigmergyGame)
    assert game.to_move == 2 and game.passes == 1 and game.scores()[1] < game.scores()[0]
    assert not can_turn_round(game, 2)
    # Levels 2-5 ask the search's decisive move first, level 1 the same rule.
    assert StigmergyKnowledge().decisive_code(game) == PASS == settled_pass(game)
    assert make_agent(1, 0, game="stigmergy").choose(game).code == PASS
    assert make_agent(5, 0, game="stigmergy").choose(game).code == PASS
    assert decided_result(game) == (1.0, 0.0)


# Side 4, komi 0: player 1 passed, a point ahead (19 to 18), but player 2 has points to
# take that turn the result round (found among random games).
OPEN_AFTER_A_PASS = {
    "game": "stigmergy",
    "size": 4,
    "variant": {"komi": 0},
    "turns": " ".join(
        (
            "g3 g2 b1 d5 e3 a2 e1 e4 g4 e6 f1 b5 c6 c4 b3 a3 f2 e5 d3 f3 d4 f5 a1 c1 b2 b4",
            "pass",
        )
    ).split(),
}


def test_a_game_still_open_after_a_pass_is_played_on_for_the_points_that_turn_it():
    game = from_record(OPEN_AFTER_A_PASS)
    assert isinstance(game, StigmergyGame)
    assert game.passes == 1 and game.refusal(PASS) is None and game.scores() == (19.0, 18.0)
    assert can_turn_round(game, 2)
    assert settled_pass(game) is None and decided_result(game) is None
    assert StigmergyKnowledge().decisive_code(game) is None
    move = make_agent(1, 0, game="stigmergy").choose(game)  # the move that gains most
    assert move.code != PASS and gain(game, move.code, 2) > 0
    # Earlier, the button still there: nobody may pass, so nothing is decided.
    early = from_record({**FILLED_TAIL, "turns": FILLED_TAIL["turns"][:37]})
    assert isinstance(early, StigmergyGame)
    assert early.refusal(PASS) is not None and decided_result(early) is None


def test_the_analysis_judges_no_turn_of_a_decided_tail_a_mistake():
    rows = analyse(from_record(FILLED_TAIL), Budget(iterations=40, solve_nodes=0))
    tail = rows[FIRST_PASS:]
    assert [row.judgement for row in tail if row.judgement in ("best", "good")] == [
        row.judgement for row in tail
    ]
    # Decided: each player's chance is the result, on both sides of every turn.
    for row in tail:
        won = row.mover == 1
        assert row.chance_before == row.chance_after == (1.0 if won else 0.0)
