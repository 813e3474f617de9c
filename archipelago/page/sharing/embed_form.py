"""The fields of the Share dialog's embed form (read back by ``snippet.read_embed_form``),
filled in like the game in play: its game, side, players, seats and names."""

from __future__ import annotations

from html import escape

from ...i18n import LANGUAGES, NATIVE_NAMES, _
from ...registry import game_names, manifest_of
from ..session import Session
from ..setup.options import DEFAULT_SETTINGS
from ..view.display import THEME_NAMES
from .snippet import SEAT_WORDS, SIZES, THEMES, EmbedChoice

DEFAULT_NAMES = DEFAULT_SETTINGS["names"]


def seat_label(seat: str) -> str:
    """A seat of the snippet ("h", "c3") in words."""
    if seat == "h":
        return _("A person")
    return _("Computer, level {level}").format(level=seat[1:])


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
    games = [(name, _(manifest_of(name).title)) for name in game_names()]
    seats = [(seat, seat_label(seat)) for seat in SEAT_WORDS]
    counts = [(str(n), str(n)) for n in manifest.players]
    rows = []
    for p in range(1, max(manifest.players) + 1):
        seat = choice.seats[p - 1] if p <= len(choice.seats) else "h"
        name = choice.names[p - 1] if p <= len(choice.names) else ""
        player = escape(_("Player {n}").format(n=p))
        who = escape(_("Who plays player {n}").format(n=p))
        rows.append(
            f'<div class="embed-player"><label>{player} <input name="embed-name-{p}" '
            f'value="{escape(name)}" maxlength="20" autocomplete="off"></label> '
            f'<select name="embed-seat-{p}" aria-label="{who}">'
            f"{_options(seats, seat)}</select></div>"
        )
    sizes = manifest.sizes
    themes = [(theme, _(THEME_NAMES[theme])) for theme in THEMES]
    layouts = [("responsive", _("as wide as the page, this height")), ("fixed", _("fixed"))]
    words = {
        "game": _("Game"),
        "side": _("Board side"),
        "players": _("Players"),
        "theme": _("Theme"),
        # Translators: the embedded frame's size on the host's page (see its list)
        "size": _("Size"),
        "width": _("Width"),
        "height": _("Height"),
        "click": _("Click to play (the game loads only when a visitor presses Play)"),
        "daily": _(
            "Today's puzzle instead of a game (the same for every visitor, a new one each day)"
        ),
    }
    w = {key: escape(text) for key, text in words.items()}
    return (
        f'<label>{w["game"]} <select name="embed-game">'
        f"{_options(games, choice.game)}</select></label> "
        f'<label>{w["side"]} <input name="embed-size" type="number" '
        f'min="{sizes[0]}" max="{sizes[-1]}" value="{choice.size}"></label> '
        f'<label>{w["players"]} <select name="embed-players">'
        f"{_options(counts, str(len(choice.seats)))}</select></label>"
        + "".join(rows)
        + _language_field(choice.language)
        + f'<label>{w["theme"]} <select name="embed-theme">'
        f"{_options(themes, choice.theme)}</select></label> "
        f'<label>{w["size"]} <select name="embed-layout">'
        + _options(layouts, "responsive" if choice.responsive else "fixed")
        + "</select></label> "
        f'<label>{w["width"]} <input name="embed-width" type="number" '
        f'min="{SIZES[0]}" max="{SIZES[1]}" value="{choice.width}"></label> '
        f'<label>{w["height"]} <input name="embed-height" type="number" '
        f'min="{SIZES[0]}" max="{SIZES[1]}" value="{choice.height}"></label> '
        f'<label><input name="embed-click" type="checkbox"{_checked(choice.click_to_play)}> '
        f"{w['click']}</label> "
        f'<label><input name="embed-daily" type="checkbox"{_checked(choice.daily)}> '
        f"{w['daily']}</label>"
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
        daily=choice.daily,
    )


def _language_field(chosen: str) -> str:
    """The frame's language: the visitor's by default (the frame then speaks what their
    settings or browser ask), or one for every visitor."""
    # Translators: the embed form's default language: each visitor's own
    languages = [("", _("The visitor's")), *((code, NATIVE_NAMES[code]) for code in LANGUAGES)]
    label, options = _("Language"), _options(languages, chosen)
    return f'<label>{label} <select name="embed-lang">{options}</select></label> '
