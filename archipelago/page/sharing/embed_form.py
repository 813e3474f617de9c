"""The fields of the Share dialog's embed form (read back by ``snippet.read_embed_form``),
filled in like the game in play: its game, side, players, seats and names."""

from __future__ import annotations

from html import escape

from ...i18n import LANGUAGES, NATIVE_NAMES, _
from ...levels import LEVELS
from ...registry import game_names, manifest_of
from ..session import Session
from ..setup.options import DEFAULT_SETTINGS
from .snippet import SIZES, THEMES, EmbedChoice

DEFAULT_NAMES = DEFAULT_SETTINGS["names"]
SEAT_LABELS = {"h": "A person", **{f"c{level}": f"Computer, level {level}" for level in LEVELS}}


def choice_in_play(session: Session) -> EmbedChoice:
    """The embed choice the form starts from: the game in play's setup."""
    players = session.game.player_count
    seats = tuple(
        "h" if session.seat_of(p) == 0 else f"c{session.seat_of(p)}" for p in range(1, players + 1)
    )
    names = tuple(session.name_of(p) for p in range(1, players + 1))
    size = session.game.to_record().get("size")
    default = manifest_of(session.kit.name).default_size
    return EmbedChoice(session.kit.name, size if isinstance(size, int) else default, names, seats)


def _options(values: list[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
        f"{escape(label)}</option>"
        for value, label in values
    )


def _checked(on: bool) -> str:
    return " checked" if on else ""


def embed_form_html(choice: EmbedChoice) -> str:
    """The form's fields for ``choice``; every player's row (up to four), of which the
    snippet takes as many as there are players."""
    manifest = manifest_of(choice.game)
    games = [(name, manifest_of(name).title) for name in game_names()]
    counts = [(str(n), str(n)) for n in manifest.players]
    rows = []
    for p in range(1, max(manifest.players) + 1):
        seat = choice.seats[p - 1] if p <= len(choice.seats) else "h"
        name = choice.names[p - 1] if p <= len(choice.names) else ""
        rows.append(
            f'<div class="embed-player"><label>Player {p} <input name="embed-name-{p}" '
            f'value="{escape(name)}" maxlength="20" autocomplete="off"></label> '
            f'<select name="embed-seat-{p}" aria-label="Who plays player {p}">'
            f"{_options(list(SEAT_LABELS.items()), seat)}</select></div>"
        )
    sizes = manifest.sizes
    return (
        f'<label>Game <select name="embed-game">{_options(games, choice.game)}</select></label> '
        f'<label>Board side <input name="embed-size" type="number" min="{sizes[0]}" '
        f'max="{sizes[-1]}" value="{choice.size}"></label> '
        f'<label>Players <select name="embed-players">'
        f"{_options(counts, str(len(choice.seats)))}</select></label>"
        + "".join(rows)
        + _language_field(choice.language)
        + f'<label>Theme <select name="embed-theme">'
        f"{_options([(t, t) for t in THEMES], choice.theme)}</select></label> "
        '<label>Size <select name="embed-layout">'
        + _options(
            [("responsive", "as wide as the page, this shape"), ("fixed", "fixed")],
            "responsive" if choice.responsive else "fixed",
        )
        + "</select></label> "
        f'<label>Width <input name="embed-width" type="number" min="{SIZES[0]}" '
        f'max="{SIZES[1]}" value="{choice.width}"></label> '
        f'<label>Height <input name="embed-height" type="number" min="{SIZES[0]}" '
        f'max="{SIZES[1]}" value="{choice.height}"></label> '
        f'<label><input name="embed-click" type="checkbox"{_checked(choice.click_to_play)}>'
        " Click to play (the game loads only when a visitor presses Play)</label>"
    )


def choice_for_game(choice: EmbedChoice, game: str) -> EmbedChoice:
    """The form's choice when its game changes: that game's default side, as many of the
    chosen players as it takes (at least its fewest), the rest kept."""
    manifest = manifest_of(game)
    count = min(max(len(choice.seats), manifest.players[0]), manifest.players[-1])
    seats = (choice.seats + ("h",) * 4)[:count]
    names = (choice.names + tuple(DEFAULT_NAMES))[:count]
    return EmbedChoice(
        game,
        manifest.default_size,
        names,
        seats,
        choice.theme,
        choice.click_to_play,
        choice.responsive,
        choice.width,
        choice.height,
        language=choice.language,
    )


def _language_field(chosen: str) -> str:
    """The frame's language: the visitor's by default (the frame then speaks what their
    settings or browser ask), or one for every visitor."""
    # Translators: the embed form's default language: each visitor's own
    languages = [("", _("The visitor's")), *((code, NATIVE_NAMES[code]) for code in LANGUAGES)]
    label, options = _("Language"), _options(languages, chosen)
    return f'<label>{label} <select name="embed-lang">{options}</select></label> '
