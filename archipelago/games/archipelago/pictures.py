"""The pictures of Archipelago's rules page, drawn by the game page's own renderer; the
build fills them in where ``rules.html`` says ``<!--picture:NAME-->``."""

from __future__ import annotations

from archipelago.i18n import _

from . import render
from .state import GameState


def _position(size: int, stones: list[tuple[int, str]]) -> GameState:
    """A position reached by placing these stones in order (turns end by themselves)."""
    state = GameState(size, 2)
    for colour, name in stones:
        state.place(colour, state.board.index(name))
    if state.can_end_turn:
        state.end_turn()  # no half-played turn in a picture
    return state


def _board(state: GameState, ghost: tuple[int, str] | None = None) -> str:
    svg = render.board_svg(state, labels=False, title=_("Example position"))
    if ghost:
        colour, name = ghost
        overlay = render.overlay_svg(state, colour, state.board.index(name))
        group = '<g class="overlay" aria-hidden="true">'  # empty, as board_svg draws it
        svg = svg.replace(f"{group}</g>", f"{group}{overlay}</g>")
    return svg


def rules_pictures() -> dict[str, str]:
    """{picture name: SVG} of the rules page."""
    groups = _position(
        3, [(1, "c3"), (1, "c2"), (1, "d3"), (1, "a3"), (2, "a1"), (2, "b1"), (2, "e2")]
    )
    extra = _position(3, [(1, "c1"), (1, "c2"), (2, "a1"), (1, "c4"), (1, "c5")])
    track = _position(
        3, [(1, "c3"), (1, "c2"), (2, "a1"), (2, "a2"), (1, "e1"), (1, "e2"), (2, "d4")]
    )
    return {
        "groups": _board(groups),
        "extra": _board(extra),
        "merge": _board(extra, ghost=(1, "c3")),
        "track": render.track_svg(track),
    }
