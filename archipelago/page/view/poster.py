"""The click-to-play poster's views: what an embedded page with ``start=click`` shows
before anyone asks to play.

Such a page loads nothing of the runtime until its Play button is pressed (a hobby site's
visitors who only scroll past pay a few kilobytes, not megabytes): a few lines of
JavaScript (static/start/poster.js) paint the board from one of these views, which the
build writes as small files, one per game and board side (``poster_files``). Each holds
the empty board as the page draws it, the game's title and the default names of its
players, so the poster names the players the way the game will.
"""

from __future__ import annotations

from typing import Any

from ..saved.storage import Storage
from ..setup.options import DEFAULT_SETTINGS
from ..start import plan_start
from .first import first_view

POSTER_FOLDER = "static/posters"  # in the site, beside the page


def poster_view(game: str, size: int | None = None) -> dict[str, Any]:
    """The poster of a new game of ``game`` on a board of side ``size`` (when None: the
    quick game against the computer an address naming no side starts):
    {"title", "names", "levels": each seat's computer level (0: a person), "board": the
    board's first view}."""
    # As the embedded page it stands for starts it (start.embed_settings).
    query = f"?embed=1&game={game}" + (f"&size={size}" if size is not None else "")
    storage = Storage(lambda key: None, lambda key, value: None)  # a new visitor's
    plan = plan_start(query, storage, storage.settings())
    if plan.problems:
        raise ValueError(f"no poster for {query}: {plan.problems}")
    view = first_view(plan.session, True)
    return {
        "title": view["#title"]["text"],
        "names": list(DEFAULT_SETTINGS["names"]),
        "levels": list(plan.session.seats),
        "board": view["#board"],
    }


def poster_files() -> dict[str, dict[str, Any]]:
    """{path in the site: poster} for every game of the registry and each of its board
    sides (``NAME-SIDE.json``), and its default side (``NAME.json``, for an address that
    names no side)."""
    from ...registry import game_names, manifest_of

    files = {}
    for game in game_names():
        for size in manifest_of(game).sizes:
            files[f"{POSTER_FOLDER}/{game}-{size}.json"] = poster_view(game, size)
        files[f"{POSTER_FOLDER}/{game}.json"] = poster_view(game)
    return files
