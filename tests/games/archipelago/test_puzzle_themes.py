"""Archipelago's puzzle themes (archipelago/games/archipelago/puzzle_themes.py): what a
solution's turns do to the islands, found from the positions along it."""

from __future__ import annotations

from archipelago.game import Game
from archipelago.games.archipelago.puzzle_themes import THEMES, themes
from archipelago.registry import from_record

# Blue's lone a1, then Orange's island e2-e3: Blue, behind, has three stones to place.
TURNS = ["1a1", "2e3,2e2"]
RECORD = {"game": "archipelago", "size": 3, "players": 2, "turns": TURNS}


def line(*turns: str) -> list[Game]:
    return [
        from_record({**RECORD, "turns": TURNS + list(turns[:n])}) for n in range(len(turns) + 1)
    ]


def test_an_island_made_with_a_stone_of_the_other_colour() -> None:
    found = themes(line("1a2,2d4"), ["1a2,2d4"])
    assert found == ("island", "their-colour", "one-turn")
    assert set(found) <= set(THEMES)


def test_a_single_stone_a_pass_and_several_turns() -> None:
    assert themes(line("1a2"), ["1a2"]) == ("island", "one-stone", "one-turn")
    assert themes(line("pass"), ["pass"]) == ("pass", "one-turn")
    solution = ["1a2,1b1,1c1", "2c5,2d4", "1b3"]
    found = themes(line(*solution), solution)
    assert "extra-stone" in found and "long" in found


def test_every_theme_is_named_in_words() -> None:
    assert all(isinstance(words, str) and words[0].isupper() for words in THEMES.values())
