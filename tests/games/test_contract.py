"""The game contract, checked the same way for every registered game: random games
played through the public Move API only."""

from __future__ import annotations

import json
import random

import pytest

from archipelago.errors import ArchipelagoError, NotationError, RecordError
from archipelago.game import Game, Move
from archipelago.registry import from_record, game_class, game_names, loads, new_game

SMALL = 4  # a small board keeps every game short


def small_game(name: str) -> Game:
    cls = game_class(name)
    size = max(SMALL, cls.sizes.start)
    return new_game(name, size=size, **({"players": 3} if 3 in cls.player_counts else {}))


@pytest.mark.parametrize("name", game_names())
def test_random_games_through_the_public_api(name: str) -> None:
    rng = random.Random(7)
    for _ in range(5):
        game = small_game(name)
        played: list[Move] = []
        while not game.is_over:
            legal = game.legal_moves()
            assert legal, "a game that is not over has a legal move"
            assert len(set(legal)) == len(legal)
            assert game.to_move in range(1, game.player_count + 1)
            move = rng.choice(legal)
            # One canonical string: parsing the text gives the same move back.
            assert game.parse_move(move.text) == move
            assert str(move) == move.text
            before = game.clone()
            assert game.push(move.text) == move
            played.append(move)
            # pop restores the position exactly and returns the move.
            assert game.pop() == move
            assert game.to_record() == before.to_record()
            game.push(move)
        assert game.history == played
        assert game.to_move is None and game.legal_moves() == []
        returns = game.returns()
        assert returns is not None and len(returns) == game.player_count
        assert all(0.0 <= r <= 1.0 for r in returns)
        # The record replays to the same game, through JSON text.
        again = loads(json.dumps(game.to_record()))
        assert again.to_record() == game.to_record()
        # (A record may spell a turn's moves in its own canonical order: Archipelago
        # sorts the stones of a turn, R3.)
        assert sorted(again.history) == sorted(played)
        assert again.summary() == game.summary()
        while game.history:
            assert game.pop() == played.pop()
        assert game.to_record() == small_game(name).to_record()


@pytest.mark.parametrize("name", game_names())
def test_refused_moves_change_nothing(name: str) -> None:
    game = small_game(name)
    rng = random.Random(3)
    for _ in range(6):
        game.push(rng.choice(game.legal_moves()))
    record = game.to_record()
    with pytest.raises(NotationError):
        game.push("not a move")
    with pytest.raises(ArchipelagoError):
        game.push(game.history[0].text)  # its cell is taken, or its turn is gone
    assert game.to_record() == record
    assert not game.is_legal("zz99")


@pytest.mark.parametrize("name", game_names())
def test_a_clone_is_independent(name: str) -> None:
    game = small_game(name)
    copy = game.clone()
    copy.push(copy.legal_moves()[0])
    assert game.history == [] and len(copy.history) == 1


@pytest.mark.parametrize("name", game_names())
def test_page_views(name: str) -> None:
    game = small_game(name)
    move = game.legal_moves()[0]
    assert game.explain_move(move).strip()
    svg = game.board_svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    json.dumps(game.summary())


def test_unknown_games_are_refused() -> None:
    with pytest.raises(RecordError, match='"game" must be one of'):
        from_record({"game": "chess", "turns": []})
    with pytest.raises(RecordError, match="JSON object"):
        from_record([1, 2])
