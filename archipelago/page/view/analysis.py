"""The analysis on the page, as data: its panel (the Analyse button, progress and Stop),
the win-chance graph, the judgement marks of the move list and the best turn shown as a
ghost at a reviewed position. Pure functions of the session and the analysis under way;
``page.analysis`` puts them into the page.

The graph has one point per turn: for two players the chance of player 1 after the turn
(the line rises when player 1 gains), for three or four each player's expected share as
a line of its own, the points on the line of the turn's mover. A point carries
``data-turn``, so a click shows that turn like the move list does; its colour tells the
judgement.
"""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass
from html import escape
from typing import Any

from ...analysis import TurnAnalysis
from ...analysis.stored import matching_rows, rows_from_json
from ...i18n import N_, _, ngettext, percent
from ..computers import has_computer
from ..session import Session

# The moves that are words, as a sentence of the analysis names them.
MOVE_WORDS = {
    # Translators: a move named in the analysis ("Best: pass (65%).")
    "pass": N_("pass"),
    # Translators: a move named in the analysis ("Best: end the turn (65%).")
    "end": N_("end the turn"),
}

WIDTH, HEIGHT = 320.0, 124.0
LEFT, RIGHT, TOP, BOTTOM = 36.0, 8.0, 8.0, 18.0  # room for "100%" at a phone's size
MOST_TURN_LABELS = 8  # the turn numbers under the graph: at most this many
SLIPS = ("inaccuracy", "mistake", "blunder")  # turns the board shows a better one for
POINT_RADIUS = 3.2
HIT_RADIUS = 7.0  # an invisible target around each point, for a finger
MARKS = {"best": "", "good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
WORDS = {  # a turn played, judged (translated where shown)
    "best": N_("the computer's best"),
    "good": N_("good"),
    "inaccuracy": N_("an inaccuracy"),
    "mistake": N_("a mistake"),
    "blunder": N_("a blunder"),
}


@dataclass(frozen=True)
class Progress:
    """An analysis under way on the page: turns done of all."""

    done: int
    total: int


@dataclass(frozen=True)
class Ghost:
    """The turn the board draws faintly at a reviewed position: for a slip, the better
    turn its mover had (``alternative``: drawn on the position before it, the one it was
    an alternative in); else the computer's best next turn. ``chance`` is the mover's
    chance with it."""

    move: str
    chance: float
    alternative: bool


@dataclass(frozen=True)
class AnalysisPanel:
    hidden: bool
    button_hidden: bool
    button_label: str
    stop_hidden: bool
    progress: str
    graph: str
    summary: str


def stored_rows(session: Session) -> list[TurnAnalysis]:
    """The rows of the analysis of the line followed that still match its turns."""
    rows = rows_from_json(session.study.study_analysis, session.game.player_count)
    if not rows:
        return []
    return matching_rows(rows, [text for _, text in session.kit.turns(session.study.studied)])


def can_analyse(session: Session) -> bool:
    """Analyse is offered for a finished game, for a running one under review, and for
    any side line (analysed to its end); never inside a puzzle being solved."""
    game = session.study.studied
    if session.help_refused or not has_computer(game.name) or session.kit.finished_turns(game) == 0:
        return False
    return game.is_over or session.viewing is not None


def panel(session: Session, progress: Progress | None) -> AnalysisPanel:
    rows = stored_rows(session)
    turns = session.kit.finished_turns(session.study.studied)
    offered = can_analyse(session)
    running = progress is not None
    complete = len(rows) >= turns
    hidden = not (offered or rows or running)
    label = _("Analyse again") if complete else _("Analyse")
    text = ""
    if progress is not None:
        text = _("Analysing: turn {done} of {total}…").format(
            done=progress.done, total=progress.total
        )
    elif rows and not complete:
        text = ngettext(
            "Analysed {done} of {n} turn.", "Analysed {done} of {n} turns.", turns
        ).format(done=len(rows), n=turns)
    return AnalysisPanel(
        hidden=hidden,
        button_hidden=running or not offered or complete and session.study.studied.is_over,
        button_label=label,
        stop_hidden=not running,
        progress=text,
        graph=graph_svg(rows, session.game.player_count, session.viewing)
        + legend_html(session, rows),
        summary=summary_html(session, rows),
    )


def _x(turn: int, count: int) -> float:
    step = (WIDTH - LEFT - RIGHT) / max(1, count - 1)
    return LEFT + (turn - 1) * step if count > 1 else (LEFT + WIDTH - RIGHT) / 2


def _y(chance: float) -> float:
    return TOP + (1.0 - chance) * (HEIGHT - TOP - BOTTOM)


def graph_svg(rows: list[TurnAnalysis], players: int, viewing: int | None) -> str:
    """The win-chance graph: one point per analysed turn (none: no graph)."""
    if not rows:
        return ""
    count = len(rows)
    lines = [1] if players == 2 else list(range(1, players + 1))
    parts = [
        f'<svg class="analysis-graph" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" role="img" '
        f'aria-label="{_graph_words(rows, players)}">',
        _axes(),
        _turn_numbers(count),
    ]
    if viewing is not None and 1 <= viewing <= count:
        x = _x(viewing, count)
        parts.append(
            f'<line class="now" x1="{x:.1f}" y1="{TOP:g}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM:g}"/>'
        )
    for player in lines:
        points = " ".join(
            f"{_x(r.turn, count):.1f},{_y(r.chances_after[player - 1]):.1f}" for r in rows
        )
        parts.append(f'<polyline class="line p{player}" points="{points}"/>')
    hits: list[str] = []  # every target under every point: a visible point wins
    dots: list[str] = []
    for row in rows:
        on = 1 if players == 2 else row.mover
        x, y = _x(row.turn, count), _y(row.chances_after[on - 1])
        current = ' aria-current="true"' if viewing == row.turn else ""
        label = escape(
            _("Turn {turn}: {move}, {judgement}").format(
                turn=row.turn, move=row.move, judgement=_(WORDS[row.judgement])
            )
        )
        hits.append(
            f'<circle class="hit" data-turn="{row.turn}" cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{HIT_RADIUS:g}"/>'
        )
        dots.append(
            f'<circle class="point {row.judgement}" data-turn="{row.turn}" cx="{x:.1f}" '
            f'cy="{y:.1f}" r="{POINT_RADIUS:g}"{current}><title>{label}</title></circle>'
        )
    parts += hits + dots
    parts.append("</svg>")
    return "".join(parts)


def _axes() -> str:
    mid, low, high = _y(0.5), _y(0.0), _y(1.0)
    return (
        f'<rect class="frame" x="{LEFT:g}" y="{TOP:g}" width="{WIDTH - LEFT - RIGHT:g}" '
        f'height="{HEIGHT - TOP - BOTTOM:g}"/>'
        f'<line class="half" x1="{LEFT:g}" y1="{mid:.1f}" x2="{WIDTH - RIGHT:g}" y2="{mid:.1f}"/>'
        f'<text class="axis" x="{LEFT - 3:g}" y="{high + 3:.1f}">{percent(1.0)}</text>'
        f'<text class="axis" x="{LEFT - 3:g}" y="{mid + 3:.1f}">{percent(0.5)}</text>'
        f'<text class="axis" x="{LEFT - 3:g}" y="{low + 3:.1f}">{percent(0.0)}</text>'
    )


def turn_ticks(count: int) -> list[int]:
    """The turns numbered under a graph of ``count`` turns: 1 and every multiple of a
    round step (1, 2, 5, 10, 20, 50, ...), at most ``MOST_TURN_LABELS`` of them."""
    if count <= MOST_TURN_LABELS:
        return list(range(1, count + 1))
    step = 1
    while count // step + 1 > MOST_TURN_LABELS:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    return sorted({1, *range(step, count + 1, step)} - ({step} if step == 2 else set()))


def _turn_numbers(count: int) -> str:
    y = HEIGHT - 4
    ticks = "".join(
        f'<text class="axis turn" x="{_x(turn, count):.1f}" y="{y:g}">{turn}</text>'
        for turn in turn_ticks(count)
    )
    # Translators: under the analysis graph, before the turn numbers (keep it short)
    word = escape(_("turn"))
    return f'<text class="axis" x="{LEFT - 6:g}" y="{y:g}">{word}</text>{ticks}'


def legend_html(session: Session, rows: list[TurnAnalysis]) -> str:
    """Which line is whose: each line's colour and dash beside its player's name."""
    if not rows:
        return ""
    players = session.game.player_count
    if players == 2:
        first, second = escape(session.name_of(1)), escape(session.name_of(2))
        chance = _("{first}'s chance to win: up is good for {first}, down for {second}")
        items = [(1, chance.format(first=first, second=second))]
    else:
        items = [
            (p, _("{name}'s expected share").format(name=escape(session.name_of(p))))
            for p in range(1, players + 1)
        ]
    entries = "".join(
        f'<li data-player="{p}"><svg class="swatch" viewBox="0 0 24 8" aria-hidden="true">'
        f'<line class="line p{p}" x1="1" y1="4" x2="23" y2="4"/></svg>{words}</li>'
        for p, words in items
    )
    label = escape(_("The lines of the graph"))
    return f'<ul class="analysis-legend" aria-label="{label}">{entries}</ul>'


def _graph_words(rows: list[TurnAnalysis], players: int) -> str:
    facts = {"turns": turns_words(len(rows)), "slips": slips_words(rows)}
    if players == 2:
        # Translators: the graph's label, "{turns}" as in "12 turns", "{slips}" as in
        # "3 mistakes or blunders"
        words = _("Win chance by turn (player 1's chance), {turns}, {slips}")
    else:
        # Translators: the graph's label, "{turns}" as in "12 turns", "{slips}" as in
        # "3 mistakes or blunders"
        words = _("Win chance by turn (each player's expected share), {turns}, {slips}")
    return escape(words.format(**facts))


def turns_words(count: int) -> str:
    return ngettext("{n} turn", "{n} turns", count).format(n=count)


def slips_words(rows: list[TurnAnalysis]) -> str:
    """How many turns the analysis judged a mistake or a blunder, counted in words."""
    slips = sum(row.judgement in ("mistake", "blunder") for row in rows)
    return ngettext("{n} mistake or blunder", "{n} mistakes or blunders", slips).format(n=slips)


def history_marks(session: Session) -> dict[int, str]:
    """Turn number -> judgement, for the move list's main line."""
    if session.study.on_side_line:
        return {}
    return {row.turn: row.judgement for row in stored_rows(session)}


def mark_html(judgement: str) -> str:
    sign = MARKS.get(judgement, "")
    words = escape(_(WORDS[judgement]) if judgement in WORDS else judgement)
    return f'<span class="judgement {escape(judgement)}" title="{words}">{sign}</span>'


def ghost_turn(session: Session) -> Ghost | None:
    """At a reviewed position (after turn ``viewing``): when that turn was a slip, the
    better turn the panel names in its place; else the computer's best next turn, when
    the analysis has it."""
    viewing = session.viewing
    if viewing is None:
        return None
    rows = stored_rows(session)
    if 1 <= viewing <= len(rows):
        played = rows[viewing - 1]
        if played.judgement in SLIPS and played.best:
            return Ghost(played.best, played.chance_before, True)
    if viewing >= len(rows):
        return None
    row = rows[viewing]  # the turn played from this position
    return Ghost(row.best, row.chance_before, False) if row.best else None


def ghost_position(session: Session, ghost: Ghost) -> Session:
    """The session as the ghost is drawn on: a better turn in the position it was
    played from (its mover's colour, its empty cells), the best next turn in the one
    shown. A copy: the game and its review stay as they are."""
    if not ghost.alternative or not session.viewing:
        return session
    before = copy(session)
    before.show_turn(session.viewing - 1)
    return before


def summary_html(session: Session, rows: list[TurnAnalysis]) -> str:
    """What the analysis says of the turn being reviewed (or how to read it)."""
    viewing = session.viewing
    if not rows:
        return ""
    if viewing is None or viewing == 0 or viewing > len(rows):
        # Translators: "3 mistakes or blunders in 12 turns."
        words = _("{slips} in {turns}.").format(
            slips=slips_words(rows), turns=turns_words(len(rows))
        )
        how = _(
            "Choose a point or a turn to see it; the board then shows the computer's best "
            "next turn."
        )
        return f"<p>{escape(words)} {escape(how)}</p>"
    row = rows[viewing - 1]
    name = escape(session.name_of(row.mover))
    text = "<p>{}</p>".format(
        _("Turn {turn}: {name} played {move}, {judgement} ({before} → {after}).").format(
            turn=row.turn,
            name=name,
            move=shown_move(row.move),
            judgement=escape(_(WORDS[row.judgement])),
            before=percent(row.chance_before),
            after=percent(row.chance_after),
        )
    )
    if row.judgement != "best" and row.best:
        text += "<p>{}</p>".format(
            _("Best: {move} ({chance}).").format(
                move=shown_move(row.best), chance=percent(row.chance_before)
            )
        )
    ghost = ghost_turn(session)
    if ghost is not None and ghost.alternative:
        text += '<p class="ghost-note">{}</p>'.format(
            _(
                "On the board, faint and ringed: that better turn, {move}, over the turn {name} "
                "played."
            ).format(move=shown_move(ghost.move), name=name)
        )
    elif ghost is not None:
        text += '<p class="ghost-note">{}</p>'.format(
            _("On the board: the best next turn, {move} ({chance} for the player to move).").format(
                move=shown_move(ghost.move), chance=percent(ghost.chance)
            )
        )
    return text


def shown_move(move: str) -> str:
    """A move as the analysis's sentences name it: a word move in the reader's language
    (a pass is not written "pass" in a French sentence), any other as the game writes it."""
    word = move.strip().lower()
    if word in MOVE_WORDS:
        return escape(_(MOVE_WORDS[word]))
    return f"<code>{escape(move)}</code>"


def keep_reply(session: Session, reply: dict[str, Any], settings: dict[str, int]) -> bool:
    """Keep the rows of a worker's analysis reply with the session (when they are rows
    of its game), with the ``settings`` it was asked with (seed and budget); whether they
    were kept."""
    rows = rows_from_json(reply, session.game.player_count)
    if rows is None:
        return False
    turns = [text for _, text in session.kit.turns(session.study.studied)]
    if len(matching_rows(rows, turns)) != len(rows):
        return False  # the game (or the line followed) changed since the request
    kept = session.study.study_analysis or {}
    same = all(kept.get(key) == value for key, value in settings.items())
    if same and len(stored_rows(session)) > len(rows):
        return True  # a stopped run of the same analysis: the longer one has these rows
    session.study.keep_study_analysis({**settings, "rows": reply["rows"]})
    return True


__all__ = [
    "AnalysisPanel",
    "Ghost",
    "Progress",
    "can_analyse",
    "ghost_position",
    "ghost_turn",
    "graph_svg",
    "history_marks",
    "keep_reply",
    "legend_html",
    "mark_html",
    "panel",
    "stored_rows",
    "summary_html",
    "turn_ticks",
]
