"""The tournament drawn: the host's form, and the table (standings, then each round's
games with their results, a Play button where a game is to be played on this device).
HTML only, deciding nothing; names typed by the host go through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...i18n import _, ngettext
from ...levels import LEVELS
from ...registry import game_names
from ..kits import kit_for
from ..session import NAME_LENGTH
from .standings import game_points, points_text
from .tournament import FORMATS, MOST_PLAYERS, MOST_ROUNDS, TABLES, Pairing, Tournament


def _options(choices: list[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>'
        f"{escape(label)}</option>"
        for value, label in choices
    )


def _field(label: str, control: str, hidden: bool = False) -> str:
    return f"<label{' hidden' if hidden else ''}>{escape(label)} {control}</label>"


def form_html(values: dict[str, Any]) -> str:
    """The host's form, filled with ``values`` (``desk.form_values``)."""
    game = str(values["club-game"])
    kit = kit_for(game)
    count = int(values["club-count"])
    games = [(name, _(kit_for(name).title)) for name in game_names()]
    sizes = [(str(s), str(s)) for s in kit.manifest.sizes]
    formats = [(key, _(words)) for key, words in FORMATS.items()]
    chosen_format = str(values["club-format"])
    seats = [
        ("0", _("Person")),
        *((str(n), _("Computer, level {level}").format(level=n)) for n in LEVELS),
    ]
    # Translators: the label of a tournament player's choice: a person or a computer level
    who = escape(_("Who plays"))
    rows = []
    for i in range(count):
        name = escape(str(values.get(f"club-name-{i}", "")))
        label = escape(_("Player {number}").format(number=i + 1))
        rows.append(
            f'<div class="club-player"><input name="club-name-{i}" value="{name}" '
            f'maxlength="{NAME_LENGTH}" aria-label="{label}" placeholder="{label}">'
            f'<select name="club-level-{i}" aria-label="{who}">'
            f"{_options(seats, str(values.get(f'club-level-{i}', '0')))}</select></div>"
        )
    counts = [(str(n), str(n)) for n in range(3, MOST_PLAYERS + 1)]
    round_robin = values["club-format"] not in (TABLES, "swiss")
    return "".join(
        [
            _field(_("Game"), f'<select name="club-game">{_options(games, game)}</select>'),
            _field(
                _("Board side"),
                f'<select name="club-size">{_options(sizes, str(values["club-size"]))}</select>',
            ),
            _field(
                _("Format"),
                f'<select name="club-format">{_options(formats, chosen_format)}</select>',
            ),
            _field(
                _("Rounds"),
                f'<input type="number" name="club-rounds" min="1" max="{MOST_ROUNDS}" '
                f'value="{escape(str(values["club-rounds"]))}">',
                hidden=round_robin,
            ),
            _field(
                _("Clock (as in a link, empty for none)"),
                f'<input name="club-clock" value="{escape(str(values["club-clock"]))}" '
                'placeholder="fischer:15+1" autocomplete="off" spellcheck="false">',
            ),
            _field(
                _("More options (as in a link)"),
                f'<input name="club-options" value="{escape(str(values["club-options"]))}" '
                'autocomplete="off" spellcheck="false">',
            ),
            _field(
                _("Players"),
                f'<select name="club-count">{_options(counts, str(count))}</select>',
            ),
            f'<div class="club-players">{"".join(rows)}</div>',
        ]
    )


def _names(tournament: Tournament, seats: tuple[int, ...]) -> str:
    return " – ".join(escape(tournament.players[p].name) for p in seats)


def result_text(tournament: Tournament, game: Pairing) -> str:
    """A finished game's result: "1–0", "½–½" with two players; at a table the players
    by place with their points ("1. Cy 3 · 2. Ann 2 · ...")."""
    if game.ranks is None:
        return ""
    if len(game.seats) == 2:
        return "–".join(points_text(p) for p in game_points(game.ranks, 1.0))
    points = game_points(game.ranks, 3.0)
    ranks = game.ranks
    order = sorted(range(len(game.seats)), key=lambda i: (ranks[i], i))
    return " · ".join(
        f"{ranks[i]}. {tournament.players[game.seats[i]].name} {points_text(points[i])}"
        for i in order
    )


def table_html(tournament: Tournament, playing: set[str], shared: bool) -> str:
    """The table: what it plays, the standings, each round. ``playing``: the ids of the
    pairings' games kept on this device (Continue rather than Play); ``shared``: a
    read-only table from a link, with no buttons to play."""
    kit = kit_for(tournament.game)
    facts = [
        _(kit.title),
        _("side {size}").format(size=tournament.size),
        _(FORMATS[tournament.format]),
        ngettext("{count} round", "{count} rounds", tournament.planned).format(
            count=tournament.planned
        ),
    ]
    if tournament.clock:
        facts.append(tournament.clock.removeprefix("clock="))
    if tournament.options:
        facts.append(tournament.options)
    parts = [f'<p class="club-summary">{escape(" · ".join(facts))}</p>']
    if shared:
        read_only = escape(_("Read only: a tournament shared by link."))
        parts.append(f'<p class="note club-shared">{read_only}</p>')
    elif tournament.finished:
        done = escape(_("Every game is played."))
        parts.append(f'<p class="note">{done}</p>')
    parts.append(standings_html(tournament))
    for number, made in enumerate(tournament.rounds):
        items = []
        for table, game in enumerate(made.games):
            result = result_text(tournament, game)
            if result:
                action = f'<span class="club-result">{escape(result)}</span>'
            elif shared:
                # Translators: a tournament's game not played yet, in a read-only table
                waiting = escape(_("not played yet"))
                action = f'<span class="club-result">{waiting}</span>'
            else:
                started = game.game_id is not None and game.game_id in playing
                words = _("Continue") if started else _("Play")
                action = (
                    f'<button type="button" class="club-play" data-command="club-play" '
                    f'data-value="{number}.{table}">{escape(words)}</button>'
                )
            state = "done" if result else "open"
            items.append(
                f'<li class="club-game" data-round="{number + 1}" data-table="{table + 1}" '
                f'data-state="{state}"><span class="club-seats">'
                f"{_names(tournament, game.seats)}</span> {action}</li>"
            )
        for player in made.byes:
            bye = _("{name}: bye").format(name=tournament.players[player].name)
            items.append(f'<li class="club-bye">{escape(bye)}</li>')
        heading = _("Round {number}").format(number=number + 1)
        parts.append(f'<h3>{escape(heading)}</h3><ul class="club-round">{"".join(items)}</ul>')
    return "".join(parts)


def _title(title: str) -> str:
    return f' title="{escape(title)}"' if title else ""


def standings_html(tournament: Tournament) -> str:
    tiebreak = _("Sonneborn-Berger: the points of the opponents beaten, half of those tied with")
    head = [
        ("club-place", "#", ""),
        ("", _("Player"), ""),
        ("club-num", _("Points"), ""),
        ("club-num", _("SB"), tiebreak),
        ("club-num", _("Games"), ""),
    ]
    cells = "".join(
        f'<th scope="col" class="{kind}"{_title(title)}>{escape(words)}</th>'
        for kind, words, title in head
    )
    rows = "".join(
        f'<tr data-player="{escape(tournament.players[row.player].name)}" '
        f'data-points="{row.points:g}" data-place="{row.place}">'
        f'<td class="club-place">{row.place}</td>'
        f"<td>{escape(tournament.players[row.player].name)}</td>"
        f'<td class="club-num">{points_text(row.points)}</td>'
        f'<td class="club-num">{points_text(row.tiebreak)}</td>'
        f'<td class="club-num">{row.played}</td></tr>'
        for row in tournament.standings()
    )
    caption = escape(_("Standings"))
    return (
        f'<table class="club-standings"><caption>{caption}</caption>'
        f"<thead><tr>{cells}</tr></thead><tbody>{rows}</tbody></table>"
    )
