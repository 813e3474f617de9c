"""The computer player's half of the page (archipelago/page/worker/thinker.py) under
CPython: it imports no browser API, so the worker's Thinker is driven here exactly as
static/computer/worker.js drives it (begin, then slices until a move)."""

from __future__ import annotations

import json

import pytest

from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.page.worker import thinker as ai_worker
from archipelago.registry import from_record
from archipelago.search import LEVEL_ITERATIONS

# Side 3, two players, player 2 to move with two stones: at level 2 (seed 7) the computer
# places one stone and then ends its turn early.
ENDS_EARLY = {
    "game": "archipelago",
    "size": 3,
    "players": 2,
    "variant": {},
    "turns": ["1c5", "1c3,2b4", "1b3,2d3", "2d1,2d2,2e2", "1c2,2a1", "2c4,2e1", "1a3,1c1", "1a2"],
}


def think(thinker, game, level, seed=None, slice_seconds=0.05, stop_after=None):
    """The worker's loop: begin, then slices until a move (or Stop after some slices);
    the move's text."""
    thinker.begin(json.dumps(game.to_record()), level, seed)
    slices = 0
    while (answer := thinker.step(slice_seconds)) is None:
        slices += 1
        if stop_after is not None and slices >= stop_after:
            answer = thinker.finish()
            break
    return answer


@pytest.mark.parametrize(
    "players, size, variant, levels",
    [
        (2, 3, {}, (1, 2)),
        (2, 4, {"stones": 3, "extra": "none", "scoring": "alternating"}, (2, 1)),
        (3, 3, {"wunchunk": True, "extra": "half"}, (1, 2, 2)),
        (4, 3, {"frozen": False}, (2, 1, 2, 1)),
    ],
)
def test_the_worker_plays_whole_games_in_every_variation(players, size, variant, levels):
    state = GameState(size, players, Variant(**variant))
    thinker = ai_worker.Thinker()
    while not state.is_over:
        text = think(thinker, state, levels[state.mover - 1], seed=len(state.turns))
        assert isinstance(text, str)
        state.push(text)  # the page pushes the text through the game's contract
    assert from_record(state.to_record()).outcome() == state.outcome()


def test_the_worker_stops_with_its_best_move_so_far():
    state = GameState(9, 2)
    state.place(1, state.board.index("i9"))
    thinker = ai_worker.Thinker()
    move = think(thinker, state, 5, slice_seconds=0.02, stop_after=2)
    budget = LEVEL_ITERATIONS[5] // 2  # this stone's share of the turn
    assert 0 < thinker.agent.iterations_done < budget / 2  # stopped well before the end
    played = state.push(move)
    assert played.code >= 0 and played.text == move  # a stone, in canonical spelling
    # The same computer goes on with its turn (its tree and budget are kept).
    assert thinker.agent.continues_turn(state)
    state.push(think(thinker, state, 5, slice_seconds=0.02, stop_after=1))
    assert state.mover == 1


def test_the_worker_plays_any_registered_game(monkeypatch):
    from tests.support import toygames

    toygames.install(monkeypatch, "nim", computer_players="tests.support.toygames:NIM_PLAYERS")
    game = toygames.Nim(2)
    thinker = ai_worker.Thinker()
    while not game.is_over:
        game.push(think(thinker, game, 3, seed=1))
    assert game.returns() is not None


def test_undo_after_the_computer_ended_its_turn_early_starts_a_fresh_turn_budget():
    game = from_record(ENDS_EARLY)
    mover = game.to_move
    thinker = ai_worker.Thinker()
    game.push(think(thinker, game, 2, seed=7))
    assert game.to_move == mover  # one stone of two: the turn goes on
    # Its answer for the second stone ends its turn either way (the last stone, or end);
    # the turn is then closed with "end", as when the computer ends it early (ending
    # early is the last move its widening considers, so it is spelled out here).
    assert think(thinker, game, 2, seed=7)
    assert thinker.agent.search is None  # the agent's turn is over
    game.push("end")
    # Undo takes the end of the turn back; Continue asks the same computer again.
    game.pop()
    before = thinker.agent.iterations_done
    think(thinker, game, 2, seed=7)
    spent = thinker.agent.iterations_done - before
    # A fresh turn gives this last stone the level's whole budget (50 iterations); the
    # search checks for a settled choice only every 32 iterations, so it thinks at least
    # that long. The spent turn would leave it a single iteration.
    assert spent >= 32


def test_the_warm_up_stops_once_a_search_takes_half_the_first_ones_time():
    assert not ai_worker.warmed_up(1, 300.0, 300.0)  # one search says nothing yet
    assert not ai_worker.warmed_up(2, 300.0, 200.0)
    assert not ai_worker.warmed_up(3, 300.0, 151.0)
    assert ai_worker.warmed_up(3, 300.0, 150.0)
    assert ai_worker.warmed_up(ai_worker.WARM_UP_MOST, 300.0, 290.0)  # never warm: stop


def test_the_warm_up_game_is_a_new_game_the_worker_can_search():
    thinker = ai_worker.Thinker()
    thinker.begin(ai_worker.WARM_UP_RECORD, ai_worker.WARM_UP_LEVEL, seed=1, fresh=True)
    move = None
    while move is None:
        move = thinker.step(0.05)
    game = from_record(json.loads(ai_worker.WARM_UP_RECORD))
    assert not game.history_codes() and game.is_legal(move)
