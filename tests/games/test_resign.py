"""Resigning (RULINGS R15): in both engines, in records, undo, and never by the computer."""

from __future__ import annotations

import random

import pytest

from archipelago.errors import IllegalMoveError, RecordError
from archipelago.games.archipelago.resignation import END_RESIGNED, RESIGN, RESIGNED_CRITERION
from archipelago.games.archipelago.state import END_PASSES, GameState
from archipelago.games.stigmergy.notation import RESIGN as STIG_RESIGN
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.registry import from_record
from archipelago.search import make_agent


def played(size: int, players: int, turns: list[str]) -> GameState:
    """The game a record of these whole turns reaches."""
    return from_record({"game": "archipelago", "size": size, "players": players, "turns": turns})


# ---------------------------------------------------------------- Archipelago, 3-4 players
def test_a_resigned_player_is_skipped_and_the_others_play_on():
    game = played(5, 3, ["1a1", "resign"])  # player 2 resigns on their first turn
    assert game.resigned == (2,) and not game.is_over
    assert game.to_move == 3
    for move in ("3c3", "end", "1e1", "end"):
        game.push(move)
    assert game.movers[-1] == 1  # from 3 back to 1: player 2 is passed by
    assert game.to_move == 3
    assert game.movers == [1, 3, 1]


def test_the_resigner_ranks_last_and_a_later_resigner_above_an_earlier_one():
    # Player 2 makes groups, then resigns: still last whatever the counts.
    game = played(5, 4, ["1a1", "2a2,2b2", "3e1,3e2", "4c1,4c2", "1d1,1d2", "resign"])
    assert game.group_counts()[1] == 1  # player 2 has the only group of their own...
    assert game.ranks()[1] == 4  # ...and ranks below every player in play
    for move in ("3e5", "3e4", "resign"):
        game.push(move)  # player 4 resigns later than player 2
    ranks = game.ranks()
    assert ranks[3] == 3 and ranks[1] == 4  # below players 1 and 3, above player 2
    assert ranks[0] <= 2 and ranks[2] <= 2


def test_the_game_ends_when_one_player_is_left_and_that_player_wins():
    game = played(5, 3, ["1a1", "resign", "resign"])
    assert game.is_over and game.end_reason == END_RESIGNED and game.to_move is None
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.ranks == (1, 3, 2)  # 3 resigned after 2, so 3 ranks above 2
    assert game.returns() == (1.0, 0.0, 0.5)
    # Each step down the ranking was decided by a resignation.
    assert outcome.tie_breaks == ((1, 3, RESIGNED_CRITERION), (3, 2, RESIGNED_CRITERION))


def test_two_players_a_resignation_ends_the_game_and_the_opponent_wins():
    game = played(5, 2, ["1a1", "2b1,2b2", "resign"])  # player 1 resigns, ahead or not
    assert game.is_over and game.outcome().winners == (2,)  # type: ignore[union-attr]
    assert game.returns() == (0.0, 1.0)


def test_resigning_takes_back_the_stones_of_the_turn_and_undo_puts_them_back():
    game = played(5, 3, ["1a1"])
    game.push("2c3")  # player 2 has one of two stones down
    before = game.snapshot()
    game.push("resign")
    assert game.cells.count(2) == 0 and game.to_move == 3
    assert game.pop().text == "resign"
    assert game.snapshot() == before and game.turn_stones == [(2, game.board.index("c3"))]
    assert [m.text for m in game.history] == ["1a1", "2c3"]


def test_push_and_pop_of_a_resignation_restore_the_exact_position():
    rng = random.Random(7)
    for players in (3, 4):
        for _ in range(20):
            game = GameState(4, players)
            for _ in range(rng.randint(0, 12)):
                if game.is_over:
                    break
                codes = game.legal_codes()
                game.push_code(codes[int(rng.random() * len(codes))])
            if game.is_over:
                continue
            before, history = game.snapshot(), game.history_codes()
            game.push_code(RESIGN)
            assert game.pop_code() == RESIGN
            assert game.snapshot() == before and game.history_codes() == history


def test_a_resignation_does_not_count_for_extra_stones():
    # Player 2 has two groups, player 3 none: player 3 would get one extra stone for
    # player 2 being ahead, but not once player 2 has resigned.
    moves = ["1a1", "2a3,2b3", "3e5,1e4", "1e1,1e2", "2c5,2d5", "3b1,1b4", "1c1,1d1"]
    game = played(5, 3, moves)
    assert game.to_move == 2
    counts = game.group_counts()
    assert counts[1] > counts[2]
    game.push("resign")
    assert game.to_move == 3 and game.allowance == 2 + (counts[0] > counts[2])


def test_passes_count_only_the_players_still_in_play():
    game = played(5, 3, ["1a1", "pass", "pass", "1b1"])  # player 1 ended after one stone
    game.push("pass")  # player 2
    game.push("resign")  # player 3: player 2 had passed, player 1 is the only other
    assert not game.is_over and game.to_move == 1
    game.push("pass")  # now both players in play have passed in turn
    assert game.is_over and game.end_reason == END_PASSES
    assert game.ranks()[2] == 3


def test_records_write_resign_as_a_turn_and_read_it_back():
    game = played(5, 4, ["1a1", "resign", "3b1,3b2", "resign", "resign"])
    record = game.to_record()
    assert record["turns"] == ["1a1", "resign", "3b1,3b2", "resign", "resign"]
    again = from_record(record)
    history = ["1a1", "resign", "3b1", "3b2", "resign", "resign"]
    assert again == game and [m.text for m in again.history] == history
    assert again.ranks() == game.ranks() and again.is_over
    assert from_record({**record, "turns": [" RESIGN "]}).resigned == (1,)


def test_a_record_with_a_resignation_after_the_end_is_refused():
    record = {"game": "archipelago", "size": 4, "players": 2, "turns": ["resign", "resign"]}
    with pytest.raises(RecordError, match=r"turn 2 \(resign\): the game is over"):
        from_record(record)


def test_resigning_is_legal_but_never_among_the_legal_codes():
    game = played(5, 3, ["1a1"])
    assert game.is_legal("resign") and RESIGN not in game.legal_codes()
    assert "resign" not in [m.text for m in game.legal_moves()]
    game.push("resign")
    game.push("resign")
    before = game.snapshot()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push("resign")
    assert game.snapshot() == before and not game.is_legal("resign")


def test_a_clone_keeps_the_resignations_apart():
    game = played(5, 3, ["1a1", "resign"])
    copy = game.clone()
    copy.push("resign")
    assert game.resigned == (2,) and copy.resigned == (2, 3) and copy.is_over
    assert copy.pop().text == "resign" and copy == game


# ---------------------------------------------------------------- Stigmergy
def test_stigmergy_resigning_ends_the_game_and_the_opponent_wins():
    game = StigmergyGame(5, komi=0)
    for move in ("c3", "b2", "d4"):
        game.push(move)
    before = game.snapshot()
    assert game.is_legal("resign") and STIG_RESIGN not in game.legal_codes()
    game.push("resign")  # player 2 resigns
    assert game.is_over and game.to_move is None and game.resigned == 2
    assert game.returns() == (1.0, 0.0) and game.ranks() == (1, 2)
    assert game.summary()["resigned"] == 2 and game.summary()["legal"] == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push("resign")
    assert game.pop().text == "resign"
    assert game.snapshot() == before and game.resigned is None and not game.is_over


def test_stigmergy_resigning_on_the_proposal_turn_and_in_records():
    game = StigmergyGame(4)
    game.push("resign")  # player 1, before proposing a komi
    assert game.is_over and game.returns() == (0.0, 1.0)
    record = game.to_record()
    assert record["turns"] == ["resign"]
    again = StigmergyGame.from_record(record)
    assert again == game
    record = {"game": "stigmergy", "size": 4, "turns": ["3", "b2", "resign", "c3"]}
    with pytest.raises(RecordError, match=r"turn 4 \(c3\): the game is over"):
        StigmergyGame.from_record(record)


def test_stigmergy_resigning_loses_even_with_the_better_score():
    game = StigmergyGame(3, komi=-2)  # player 2 receives -2
    game.push("b2")
    game.push("a1")
    assert game.scores()[0] > game.scores()[1]  # player 1 leads...
    game.push("resign")  # ...and resigns
    assert game.returns() == (0.0, 1.0) and game.ranks() == (2, 1)


# ---------------------------------------------------------------- the computer
@pytest.mark.parametrize(
    ("game_name", "make"),
    [
        ("archipelago", lambda: played(4, 3, ["1a1"])),
        ("stigmergy", lambda: _stig_opening()),
    ],
)
def test_the_computer_never_resigns(game_name, make):
    game = make()
    rng = random.Random(3)
    for seed in range(12):
        if game.is_over:
            break
        agent = make_agent(2, seed=seed, game=game_name, iterations=30)
        moves = agent.play_turn(game)
        assert all(move.text != "resign" for move in moves)
        # the other seats play random moves
        if not game.is_over:
            codes = game.legal_codes()
            game.push_code(codes[int(rng.random() * len(codes))])
    assert "resign" not in [m.text for m in game.history]


def _stig_opening() -> StigmergyGame:
    game = StigmergyGame(4, komi=0)
    game.push("b2")
    return game


@pytest.mark.parametrize("level", [1, 3])
def test_the_computer_plays_on_after_a_resignation_and_never_for_the_resigner(level):
    game = played(4, 3, ["1a1", "resign"])
    agents = {p: make_agent(level, seed=p, iterations=40) for p in (1, 3)}
    while not game.is_over:
        assert game.to_move != 2
        agents[game.to_move].play_turn(game)  # type: ignore[index]
    assert 2 not in game.movers[1:] and game.ranks()[1] == 3
    assert "resign" not in [m.text for m in game.history[2:]]
