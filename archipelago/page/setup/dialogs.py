"""The New game dialog: which game, how many players, who sits where, and the options of
the chosen game (from its kit). The form is built here and read back from its fields
(``{name: value}``, a checkbox's value being whether it is checked)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from html import escape
from typing import Any

from ...i18n import _, date_time, ngettext
from ...levels import LEVELS
from ...registry import game_names
from ..computers import has_computer
from ..contract import SetupKit
from ..kits import kit_for
from ..saved.library import Library, state_words
from ..saved.storage import SEATS, clean_settings
from ..saved.thumbnail import thumbnail_svg
from ..session import BY_LINK, NAME_LENGTH, PERSON, Session
from .clockfield import clock_field_html, clock_updates, read_clock_field
from .picker import level_lines, presets_for

SEAT_CHOICES = (PERSON, BY_LINK, *LEVELS)  # who may sit at a seat
PEOPLE_CHOICES = (PERSON, BY_LINK)  # at a game no computer plays


def seat_words(seat: int) -> str:
    """Who sits at a seat, in words for the seat's list."""
    if seat == PERSON:
        return _("Person, here")
    if seat == BY_LINK:
        return _("Person, by link")
    return _("Computer, level {level}").format(level=seat)


def _options(choices: dict[Any, str], chosen: Any) -> str:
    return "".join(
        f'<option value="{escape(str(value))}"{" selected" if value == chosen else ""}>'
        f"{escape(text)}</option>"
        for value, text in choices.items()
    )


def _tiles(chosen: str) -> str:
    """The games as tiles (radio buttons): a title and a line on each."""
    tiles = []
    for name in game_names():
        kit: SetupKit = kit_for(name)
        checked = " checked" if name == chosen else ""
        title, line = escape(_(kit.title)), escape(_(kit.tagline()))
        tiles.append(
            f'<label class="game-tile" id="game-tile-{escape(name)}">'
            f'<input type="radio" name="game" value="{escape(name)}"{checked}>'
            f'<span class="tile-title">{title}</span>'
            f'<span class="tile-line">{line}</span></label>'
        )
    legend = escape(_("Game"))
    return (
        f'<fieldset class="game-tiles" id="game-field"><legend>{legend}</legend>'
        f"{''.join(tiles)}</fieldset>"
    )


def _presets(game: str) -> str:
    buttons = "".join(
        f'<button type="button" class="preset" data-preset="{key}" title="{escape(why)}">'
        f"{escape(label)}</button>"
        for key, (label, why) in presets_for(game).items()
    )
    label = escape(_("Quick setups"))
    return f'<div class="presets" role="group" aria-label="{label}">{buttons}</div>'


def _level_list(game: str) -> str:
    """Who each computer level is for, as a list under the seat note (none without a
    computer)."""
    lines = "".join(f"<li>{escape(line)}</li>" for line in level_lines(game))
    return f'<ul class="note" id="level-lines">{lines}</ul>' if lines else ""


def new_game_form_html(settings: dict[str, Any]) -> str:
    """The fields of the dialog for ``settings`` (as ``storage.clean_settings`` gives):
    the games as tiles, quick setups, the players and their seats, the board, and the
    game's variations folded under More options."""
    settings = clean_settings(settings)
    kit: SetupKit = kit_for(settings["game"])
    players = settings["players"]
    counts = {n: str(n) for n in kit.player_counts()}
    computers = has_computer(settings["game"])
    choices = {seat: seat_words(seat) for seat in (SEAT_CHOICES if computers else PEOPLE_CHOICES)}
    rows = []
    for i in range(SEATS):
        p = i + 1
        hidden = " hidden" if p > players or p not in range(1, kit.player_counts()[-1] + 1) else ""
        who = escape(_("Who plays player {n}").format(n=p))
        rows.append(
            f'<div class="seat-row" id="name-row-{p}"{hidden}>'
            f"<label>{escape(kit.seat_label(p))} "
            f'<input name="name{p}" maxlength="24" value="{escape(settings["names"][i])}">'
            "</label>"
            f'<select name="seat{p}" aria-label="{who}">'
            f"{_options(choices, settings['seats'][i])}</select></div>"
        )
    seat_note = (
        _("Each seat is played by a person or by the computer, at one of the levels below.")
        if computers
        else _("{game} has no computer player yet: every seat is played by a person.").format(
            game=_(kit.title)
        )
    ) + (
        " "
        + _(
            "A person by link plays on their own device: after each turn you send them the "
            "game in a link, and they send theirs back."
        )
    )
    more = kit.more_options_html(settings)
    more_label, players_label = escape(_("More options")), escape(_("Players"))
    more_options = (
        '<details id="more-options" class="more-options">'
        f"<summary>{more_label}</summary>{more}"
        "</details>"
        if more
        else ""
    )
    return (
        _tiles(settings["game"])
        + _presets(settings["game"])
        + f'<label class="players-count">{players_label} '
        '<select name="players" id="players-field">'
        f"{_options(counts, players)}</select></label>"
        f'<div class="names">{"".join(rows)}</div>'
        f'<p class="note" id="seat-note">{escape(seat_note)}</p>'
        + _level_list(settings["game"])
        + kit.options_html(settings)
        + clock_field_html(settings)
        + more_options
    )


def read_new_game_form(fields: dict[str, Any]) -> dict[str, Any]:
    """The settings the form asks for; ValueError with a message for a bad field."""
    game = str(fields.get("game", ""))
    if game not in game_names():
        raise ValueError(_("Choose one of the games in the list."))
    kit: SetupKit = kit_for(game)
    try:
        players = int(str(fields.get("players")))
    except ValueError:
        players = -1
    if players not in kit.player_counts():
        counts = kit.player_counts()
        raise ValueError(
            _("{game} is played by {fewest} to {most} players.").format(
                game=_(kit.title), fewest=counts[0], most=counts[-1]
            )
        )
    names = [
        str(fields.get(f"name{p}", "")).strip()[:NAME_LENGTH] or _("Player {n}").format(n=p)
        for p in range(1, SEATS + 1)
    ]
    seats = []
    for p in range(1, SEATS + 1):
        try:
            seat = int(str(fields.get(f"seat{p}", "0")))
        except ValueError:
            seat = 0
        allowed = SEAT_CHOICES if has_computer(game) else PEOPLE_CHOICES
        seats.append(seat if seat in allowed else PERSON)
    playing = seats[:players]
    if BY_LINK in playing and any(seat in LEVELS for seat in playing):
        raise ValueError(
            _(
                "A game played by link is between people: choose a person here or by link "
                "for every seat."
            )
        )
    if all(seat == BY_LINK for seat in playing):
        raise ValueError(_("At least one seat is played here, by you."))
    options = kit.read_options({**fields, "players": players})
    clock = read_clock_field(fields)
    return clean_settings(
        {
            "game": game,
            "players": players,
            "names": names,
            "seats": seats,
            **options,
            "clock": clock,
        }
    )


def form_updates(fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
    """What else changes in the form when field ``changed`` did: ``{element id or field
    name: {property: value}}``. A change of game redraws the whole form instead."""
    updates: dict[str, dict[str, Any]] = {}
    game = str(fields.get("game", ""))
    if game not in game_names():
        return updates
    if changed == "players":
        try:
            players = int(str(fields.get("players")))
        except ValueError:
            return updates
        for p in range(1, SEATS + 1):
            updates[f"name-row-{p}"] = {"hidden": p > players}
    updates.update(kit_for(game).form_updates(fields, changed))
    updates.update(clock_updates(fields, changed))
    return updates


def pick_game(library: Library, command: str, game_id: str) -> tuple[Session | None, str]:
    """A Games dialog button: "continue-game" gives the game to show (or what went
    wrong), "delete-game" deletes a game that is not on the board: (None, "")."""
    if command == "continue-game":
        session, problem = library.open(game_id)
        if session is None:
            why = problem or _("it is gone")
            return None, _("That game could not be opened ({problem}).").format(problem=why)
        return session, ""
    if game_id != library.current:
        library.delete(game_id)
    return None, ""


def games_list_html(library: Library, utc_offset_minutes: int = 0) -> str:
    """The Games dialog's list: each stored game with its players, game, date (local time:
    ``utc_offset_minutes`` east of UTC) and whose turn it is, and buttons to continue or
    delete it (not the one on the board)."""
    zone = timezone(timedelta(minutes=utc_offset_minutes))
    entries, current = library.entries(), library.current
    if not entries:
        return '<p class="empty">' + escape(_("No games yet.")) + "</p>"
    items = []
    for entry in entries:
        game_id = escape(entry["id"])
        names = entry.get("names")
        players = ", ".join(str(n) for n in names) if isinstance(names, list) else ""
        when = datetime.fromtimestamp(entry["date"] / 1000, tz=zone)
        counted = entry.get("turns")
        turns = counted if isinstance(counted, int) else 0
        facts = [
            _(str(entry.get("title"))) if entry.get("title") else _("Game"),
            ngettext("{n} turn", "{n} turns", turns).format(n=turns),
            state_words(entry.get("status")),  # in the page's language, whoever saved it
        ]
        this = entry["id"] == current
        delete = escape(_("Delete the game of {players}").format(players=players))
        here, go_on, remove = escape(_("On the board")), escape(_("Continue")), escape(_("Delete"))
        buttons = (
            f'<span class="this-game">{here}</span>'
            if this
            else (
                f'<button type="button" data-command="continue-game" data-game="{game_id}">'
                f"{go_on}</button>"
                f'<button type="button" data-command="delete-game" data-game="{game_id}" '
                f'aria-label="{delete}">{remove}</button>'
            )
        )
        current_mark = ' aria-current="true"' if this else ""
        picture = thumbnail_svg(
            entry.get("side"),
            entry.get("cells"),
            _("The board of the game of {players}").format(players=players),
        )
        items.append(
            f'<li data-game="{game_id}"{current_mark}>'
            f'<span class="thumb-box">{picture}</span>'
            f'<span class="players">{escape(players)}</span>'
            f'<span class="facts">{escape(" · ".join(f for f in facts if f))}</span>'
            f'<time datetime="{when.isoformat()}">{date_time(when)}</time>'
            f'<span class="game-buttons">{buttons}</span></li>'
        )
    return '<ul class="games">' + "".join(items) + "</ul>"
