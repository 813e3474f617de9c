"""The Share dialog's embed snippet: the ``<iframe>`` a site owner pastes into a page of
their site to show a game there, with the options they chose (the game, its side, the
players, their seats and names, the theme, the frame's size, click-to-play), or the
daily puzzle (archipelago/page/puzzles) in place of a game.

The snippet names the page by its own address, so it works from wherever the site is
hosted; its options are the URL options of docs/hosting.md, checked like any others when
the frame opens. Click-to-play is on by default: a visitor who never plays then pays for
a poster, not the runtime (static/start/poster.js).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any
from urllib.parse import quote

from ...i18n import LANGUAGES, _, ngettext
from ...levels import LEVELS
from ...registry import game_names, manifest_of
from ..setup.options import DEFAULT_SETTINGS

THEMES = ("auto", "light", "dark")
SIZES = (240, 1600)  # the smallest and largest frame side offered, in CSS pixels
SEAT_WORDS = ("h", *(f"c{level}" for level in LEVELS))
NAME_LENGTH = 20


@dataclass(frozen=True)
class EmbedChoice:
    """What the site owner chose in the form."""

    game: str
    size: int
    names: tuple[str, ...]
    seats: tuple[str, ...]  # "h" a person, "c1".."c5" the computer at that level
    theme: str = "auto"
    click_to_play: bool = True
    responsive: bool = True  # as wide as the page allows up to the width, this height
    width: int = 480
    height: int = 620
    language: str = ""  # "": the visitor's (their settings', their browser's); else a code
    daily: bool = False  # the frame opens on the daily puzzle (?puzzle=daily)


def embed_query(choice: EmbedChoice) -> str:
    """The frame's URL options (docs/hosting.md's table) for ``choice``."""
    parts = [
        ("embed", "1"),
        ("game", choice.game),
        ("players", str(len(choice.seats))),
        ("size", str(choice.size)),
        ("seats", ",".join(choice.seats)),
        ("names", ",".join(choice.names)),
    ]
    if choice.theme != "auto":
        parts.append(("theme", choice.theme))
    if choice.language:
        parts.append(("lang", choice.language))
    if choice.daily:
        parts.append(("puzzle", "daily"))
    if choice.click_to_play:
        parts.append(("start", "click"))
    return "&".join(f"{key}={quote(value, safe=',')}" for key, value in parts)


def frame_title(choice: EmbedChoice) -> str:
    if choice.daily:
        return _("Today's puzzle, a new one every day")
    title = _(manifest_of(choice.game).title)
    computers = [seat for seat in choice.seats if seat != "h"]
    if computers and len(computers) < len(choice.seats):
        return _("{game} against the computer").format(game=title)
    count = len(choice.seats)
    return ngettext(
        "{game}, a game for {n} player", "{game}, a game for {n} players", count
    ).format(game=title, n=count)


def snippet(page_url: str, choice: EmbedChoice) -> str:
    """The ``<iframe>`` to paste: titled, lazily loaded, sized (``responsive``: the
    host's width up to the chosen one, at the chosen height; else both fixed), and
    allowed cross-origin isolation where its parent has it.

    A narrower frame keeps its height rather than its shape: the cards and the controls
    take the same height at any width (more rows when narrow), so a frame scaled down
    whole left the board a strip (133 px tall in a 334 px wide frame of 480 by 620)."""
    src = f"{page_url.split('#')[0].split('?')[0]}?{embed_query(choice)}"
    if choice.responsive:
        size = (
            f'style="border: 0; width: 100%; max-width: {choice.width}px; '
            f'height: {choice.height}px"'
        )
    else:
        size = f'width="{choice.width}" height="{choice.height}" style="border: 0"'
    return (
        f'<iframe src="{escape(src)}" title="{escape(frame_title(choice))}" '
        f'loading="lazy" allow="cross-origin-isolated" {size}></iframe>'
    )


def read_embed_form(fields: dict[str, Any]) -> EmbedChoice:
    """The form's fields -> the choice; ValueError, in words, for a bad field."""
    game = str(fields.get("embed-game", ""))
    if game not in game_names():
        raise ValueError(_("There is no game named {name}.").format(name=repr(game)))
    manifest = manifest_of(game)
    players = _number(fields, "embed-players", manifest.players)
    size = _number(fields, "embed-size", manifest.sizes)
    seats = tuple(str(fields.get(f"embed-seat-{p}", "h")) for p in range(1, players + 1))
    if any(seat not in SEAT_WORDS for seat in seats):
        raise ValueError(_("A seat is a person (h) or the computer at level 1 to 5."))
    names = tuple(
        str(fields.get(f"embed-name-{p}", "")).replace(",", " ").strip()[:NAME_LENGTH]
        or DEFAULT_SETTINGS["names"][p - 1]
        for p in range(1, players + 1)
    )
    theme = str(fields.get("embed-theme", "auto"))
    if theme not in THEMES:
        raise ValueError(_("The theme is one of {themes}.").format(themes=", ".join(THEMES)))
    return EmbedChoice(
        game,
        size,
        names,
        seats,
        theme,
        click_to_play=bool(fields.get("embed-click", True)),
        responsive=fields.get("embed-layout", "responsive") != "fixed",
        width=_number(fields, "embed-width", range(SIZES[0], SIZES[1] + 1)),
        height=_number(fields, "embed-height", range(SIZES[0], SIZES[1] + 1)),
        language=_language(fields),
        daily=bool(fields.get("embed-daily", False)),
    )


def _language(fields: dict[str, Any]) -> str:
    code = str(fields.get("embed-lang", ""))
    if code and code not in LANGUAGES:
        raise ValueError(_("There is no language {code} on this page.").format(code=repr(code)))
    return code


def _number(fields: dict[str, Any], key: str, allowed: range) -> int:
    text = str(fields.get(key, "")).strip()
    if not text.isdigit() or int(text) not in allowed:
        wrong = {  # whole sentences: each language words them its own way
            "embed-players": _("The number of players is a whole number from {low} to {high}."),
            "embed-size": _("The board side is a whole number from {low} to {high}."),
            "embed-width": _("The width is a whole number from {low} to {high}."),
            "embed-height": _("The height is a whole number from {low} to {high}."),
        }[key]
        raise ValueError(wrong.format(low=allowed[0], high=allowed[-1]))
    return int(text)
