"""archipelago/assembly.py: the part of the game contract every game writes the same way,
checked on both games (each game's own rules are tested in its folder)."""

from __future__ import annotations

import pytest

from archipelago.assembly import AssembledGame
from archipelago.registry import game_names, new_game


@pytest.mark.parametrize("name", game_names())
def test_a_game_is_assembled_from_its_modules(name: str) -> None:
    game = new_game(name)
    assert isinstance(game, AssembledGame)
    game.push(game.legal_moves()[0])
    copy = game.clone()
    assert copy == game and copy is not game
    copy.push(copy.legal_moves()[0])
    assert copy != game and len(game.history) == 1  # an independent copy
    again = type(game).from_record(game.to_record())
    assert again == game and type(again) is type(game)
    assert game.summary() == again.summary()
    assert isinstance(game.explain_move(game.legal_moves()[0]), str)
    assert game.board_svg().startswith("<svg")
    with pytest.raises(TypeError):
        hash(game)  # mutable


def test_games_of_two_kinds_are_never_equal() -> None:
    first, second = (new_game(name) for name in game_names()[:2])
    assert first != second and second != first
