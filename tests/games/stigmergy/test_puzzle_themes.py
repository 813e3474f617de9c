"""Stigmergy's puzzle themes (archipelago/games/stigmergy/puzzle_themes.py): what a
solution's turns do to the stones and the cells they claim."""

from __future__ import annotations

import random

from archipelago.game import Game
from archipelago.games.stigmergy.puzzle_themes import CLAIM_GAIN, THEMES, themes
from archipelago.registry import new_game


def first_flip() -> tuple[Game, str]:
    """A position of a random game where a flip is legal, and that flip."""
    rng = random.Random(4)
    game = new_game("stigmergy", size=3, variant={"komi": 2})
    while not game.is_over:
        flips = [m.text for m in game.legal_moves() if m.text.endswith("x")]
        if flips:
            return game, flips[0]
        game.push_code(rng.choice(game.legal_codes()))
    raise AssertionError("no flip in the game")


def test_a_flip_and_a_pass_are_named_and_every_theme_has_words() -> None:
    position, flip = first_flip()
    after = position.clone()
    after.push(flip)
    found = themes([position, after], [flip])
    assert "flip" in found and "one-turn" in found
    assert set(found) <= set(THEMES)
    assert all(isinstance(words, str) and words[0].isupper() for words in THEMES.values())


def placement_gains(game: Game) -> dict[str, int]:
    """Per placement of the mover, how many more empty cells the mover claims after it."""
    mover = game.to_move
    assert mover is not None
    gains: dict[str, int] = {}
    before = game.territory()[mover - 1]  # type: ignore[attr-defined]
    for move in game.legal_moves():
        if move.text[0].isalpha() and not move.text.endswith("x") and move.text[1:].isdigit():
            after = game.clone()
            after.push(move)
            gains[move.text] = after.territory()[mover - 1] - before  # type: ignore[attr-defined]
    return gains


def test_a_stone_that_claims_several_cells_is_a_claim_and_one_that_claims_none_is_not() -> None:
    rng = random.Random(2)
    game = new_game("stigmergy", size=4, variant={"komi": 2})
    while max(placement_gains(game).values(), default=0) < CLAIM_GAIN:
        game.push_code(rng.choice(game.legal_codes()))
    gains = placement_gains(game)
    big, small = max(gains, key=gains.__getitem__), min(gains, key=gains.__getitem__)
    for text, claims in ((big, True), (small, False)):
        after = game.clone()
        after.push(text)
        assert ("claim" in themes([game, after], [text])) is claims
