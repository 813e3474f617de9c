"""The page's URL options, under CPython: what they set up, the problems named for bad
ones (each left at its default), and the hosting page documenting every one."""

import re
from pathlib import Path

from archipelago.page.saved.storage import session_from_settings
from archipelago.page.setup.options import (
    COMMON_OPTIONS,
    DEFAULT_SETTINGS,
    game_options,
    parse_options,
)


def test_url_options_set_up_a_game():
    settings, embed, problems = parse_options(
        "?embed=1&players=3&size=6&seats=h,c3,c5&extra=half&stones=3&scoring=alternating"
        "&wunchunk=1&frozen=0&names=Ann,Bo,Cy"
    )
    assert embed and problems == []
    assert settings == {
        "game": "archipelago",
        "players": 3,
        "size": 6,
        "seats": [0, 3, 5, 0],
        "extra": "half",
        "stones": 3,
        "scoring": "alternating",
        "wunchunk": True,
        "frozen": False,
        "names": ["Ann", "Bo", "Cy", DEFAULT_SETTINGS["names"][3]],
    }


def test_bad_url_options_are_named_and_left_at_their_defaults():
    settings, embed, problems = parse_options("?size=13&colour=red&seats=h,c9&players=3")
    assert settings == {"game": "archipelago", "players": 3}
    assert not embed
    assert problems == [
        "size=13 is not allowed for Archipelago (use 2 to 12)",
        "colour is not an option of this page",
        "seats=h,c9 is not a list of h (a person) and c1 to c5 (a computer of that level)",
    ]
    _, _, problems = parse_options("?players=2&seats=h,c1,c2")
    assert problems == ["seats gives 3 seats for 2 players"]


def test_url_options_of_a_stigmergy_game():
    settings, embed, problems = parse_options(
        "?embed=1&game=Stigmergy&size=5&komi=-7&seats=h,c2&names=Ada,Ben"
    )
    assert embed and problems == []
    assert settings == {
        "game": "stigmergy",
        "size": 5,
        "komi": -7,
        "seats": [0, 2, 0, 0],
        "names": ["Ada", "Ben", "Cy", "Dee"],
    }
    game = session_from_settings(settings).game
    assert game.name == "stigmergy" and game.size == 5 and game.komi == -7
    # The game alone starts its default game; no komi means a komi proposed in the game.
    settings, _, problems = parse_options("?game=stigmergy")
    assert settings == {"game": "stigmergy"} and problems == []
    game = session_from_settings(settings).game
    assert game.size == 8 and game.proposing


def test_bad_url_options_of_a_stigmergy_game_follow_its_rules():
    settings, _, problems = parse_options(
        "?game=stigmergy&size=11&players=3&stones=3&komi=2.5&frozen=1"
    )
    assert settings == {"game": "stigmergy"}  # each bad option left at its default
    assert problems == [
        "size=11 is not allowed for Stigmergy (use 3 to 10)",
        "players=3 is not allowed for Stigmergy (use 2)",
        "stones is not an option of Stigmergy (it is an option of Archipelago)",
        "frozen is not an option of Stigmergy (it is an option of Archipelago)",
        "komi=2.5 is not allowed on a side-8 board (use a whole number from -170 to 170, "
        "or leave it out for a komi proposed in the game)",
    ]
    # The komi's range is the board side's: 62 fits side 5 (61 cells), 63 does not.
    assert parse_options("?game=stigmergy&size=5&komi=62")[0]["komi"] == 62
    _, _, problems = parse_options("?game=stigmergy&komi=63&size=5")
    assert problems and "from -62 to 62" in problems[0]
    # Archipelago's options name the komi as another game's; an unknown game is named.
    settings, _, problems = parse_options("?game=chess&komi=3&size=5")
    assert settings == {"game": "archipelago", "size": 5}
    assert problems == [
        "game=chess is not allowed (use archipelago or stigmergy)",
        "komi is not an option of Archipelago (it is an option of Stigmergy)",
    ]


def test_the_hosting_page_documents_every_url_option():
    page = Path(__file__).resolve().parents[3] / "docs" / "hosting.md"
    readme = page.read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)` \|", readme, re.MULTILINE))
    options = set(COMMON_OPTIONS) | {key for keys in game_options().values() for key in keys}
    assert options <= documented
    assert "game=stigmergy" in readme
