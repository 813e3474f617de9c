"""The pictures of Stigmergy's rules page, drawn like the game page: control and a flip.
The build fills them in where ``rules.html`` says ``<!--picture:NAME-->``."""

from __future__ import annotations

from typing import Any

from archipelago.i18n import _

from .state import StigmergyGame

# A side-4 position where g4 can be flipped (tests/games/stigmergy/test_record.py replays it).
TURNS = ["g4", "a3", "f1", "f5", "a1", "b5", "d4", "g2", "d6"]


def rules_pictures() -> dict[str, str]:
    """{picture name: SVG} of the rules page."""
    record: dict[str, Any] = {"game": "stigmergy", "size": 4, "variant": {"komi": 0}}
    before = StigmergyGame.from_record({**record, "turns": TURNS})
    after = StigmergyGame.from_record({**record, "turns": [*TURNS, "g4x"]})
    return {
        "control": before.board_svg(title=_("Example position: control and a flippable stone")),
        "flip": after.board_svg(title=_("The same position after the flip")),
    }
