"""Archipelago's own panels: the turn and its allowance, the players table with groups,
bonus and ranks, the game-over ranking with its tie-breaks, and the colour picker.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import COLOUR_NAMES, chip

from . import render
from .resignation import RESIGNED_CRITERION
from .state import GameState

if TYPE_CHECKING:
    from archipelago.page.kits import SessionView

# The picker's chips, one shape per colour so they read without colour vision.
_SYMBOLS = {
    1: '<circle class="sym s1" r="2.9"/>',
    2: '<polygon class="sym s2" points="0,-4.5 4.3,2.8 -4.3,2.8"/>',
    3: '<rect class="sym s3" x="-3.1" y="-3.1" width="6.2" height="6.2"/>',
    4: '<path class="sym s4" d="M-1.4 -4.3h2.8v2.9h2.9v2.8h-2.9v2.9h-2.8v-2.9h-2.9v-2.8h2.9z"/>',
}


def state_of(session: SessionView, shown: bool = True) -> GameState:
    game = session.shown if shown else session.game
    assert isinstance(game, GameState)
    return game


def player_label(session: SessionView, player: int) -> str:
    """The player's stone, name and, for a computer seat, its level."""
    level = session.seat_of(player)
    seat = (
        f' <span class="seat" title="A computer plays this seat">computer, level {level}</span>'
        if level
        else ""
    )
    return f'{chip(player)}<span class="name">{escape(session.name_of(player))}</span>{seat}'


def variation_line(state: GameState) -> str:
    rules = state.variant.describe(state.players)
    if not rules:
        return ""
    return f'<p class="variation">Playing with: {escape(", ".join(rules))}</p>'


def status_html(session: SessionView) -> str:
    """Whose turn it is, the stones left and why the allowance is what it is."""
    state = state_of(session, shown=False)
    if state.is_over:
        return f'<p class="turn">Game over: {escape(state.end_reason or "")}.</p>' + variation_line(
            state
        )
    mover = state.mover or 0
    placed = len(state.turn_stones)
    plural = "s" if state.allowance != 1 else ""
    return (
        f'<p class="turn">Turn {len(state.turns) + len(state.resigned) + 1}: '
        f'<span class="mover" data-player="{mover}">{player_label(session, mover)}</span>'
        " to play</p>"
        f'<p class="left"><strong id="stones-left">{state.stones_left}</strong> of '
        f"{state.allowance} stone{plural} left"
        f"{f' ({placed} placed)' if placed else ''}</p>"
        f'<p class="why">Why: {escape(state.allowance_reason())}</p>' + variation_line(state)
    )


def players_html(session: SessionView) -> str:
    """The table of groups (or chunks), singles, bonus, score and rank per player."""
    state = state_of(session)
    counts = state.group_counts()
    scores = state.shown_scores()
    ranks = state.ranks()
    word = "Chunks" if state.variant.wunchunk else "Groups"
    rows = []
    for p in state.colours:
        bonus = state.bonus(p)
        # The total keeps the table narrow; the cells behind it are in the tooltip.
        detail = ", ".join(f"column {c}: {v}" for c, v in bonus.items()) or "none yet"
        frozen = p in state.frozen
        resigned = p in state.resigned
        if resigned:
            mark = (
                ' <span class="resigned-badge" title="Resigned: takes no more turns and ranks '
                'below every player still in play">resigned</span>'
            )
        elif frozen:
            mark = (
                ' <span class="frozen-badge" title="Frozen: rank can no longer change">'
                "frozen</span>"
            )
        else:
            mark = ""
        cls = "resigned" if resigned else "frozen" if frozen else ""
        if state.to_move == p:
            cls += " to-move"
        total = sum(bonus.values())
        rows.append(
            f'<tr class="{cls.strip()}" data-player="{p}" data-frozen="{int(frozen)}" '
            f'data-resigned="{int(resigned)}">'
            f'<td class="who" title="{escape(session.name_of(p))}">'
            f"{player_label(session, p)}{mark}</td>"
            f'<td class="groups" data-value="{counts[p - 1]}">{counts[p - 1]}</td>'
            f'<td class="singles">{len(state.singles(p))}</td>'
            f'<td class="bonus" data-value="{total}" title="Bonus cells: {detail}">{total}</td>'
            f'<td class="score" data-value="{scores[p - 1]}">{scores[p - 1]}</td>'
            f'<td class="rank" data-value="{ranks[p - 1]}">{ranks[p - 1]}</td></tr>'
        )
    return (
        f"<table><thead><tr><th>Player</th><th>{word}</th>"
        '<th title="Single stones: they do not count">Singles</th><th>Bonus</th>'
        "<th>Score</th><th>Rank</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def gameover_html(session: SessionView) -> str:
    """The final ranking and what separated each place."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return ""
    name = session.name_of
    unit = "chunk" if state.variant.wunchunk else "group"
    order = sorted(state.colours, key=lambda p: outcome.ranks[p - 1])
    items = "".join(
        f'<li data-player="{p}" data-rank="{outcome.ranks[p - 1]}">'
        f'<span class="place">{outcome.ranks[p - 1]}.</span> {player_label(session, p)}: '
        f"{count(outcome.groups[p - 1], unit)}, score {outcome.scores[p - 1]}"
        f"{' (resigned)' if p in state.resigned else ''}</li>"
        for p in order
    )
    if len(outcome.winners) > 1:
        winners = " and ".join(escape(name(p)) for p in outcome.winners)
        decided = f"{winners} share first place: equal on every tie-break."
    else:
        ahead, behind, criterion = outcome.tie_breaks[0]
        decided = (
            f"{escape(name(ahead))} wins: every other player resigned."
            if criterion == RESIGNED_CRITERION
            else f"{escape(name(ahead))} wins, ahead of {escape(name(behind))} on "
            f"{escape(criterion)}."
        )
    steps = "".join(
        f"<li>{tie_break_words(name(a), name(b), c)}</li>" for a, b, c in outcome.tie_breaks
    )
    names = {p: session.name_of(p) for p in state.colours}
    return (
        f'<h2>Game over</h2><ol class="ranking">{items}</ol>'
        f'<p class="decided">{decided}</p>'
        "<details><summary>What separated each place</summary>"
        f"<ul>{steps}</ul></details>"
        f'<figure class="chart-box">{render.group_chart_svg(group_series(state), names)}'
        f"<figcaption>{unit.capitalize()}s after each turn</figcaption></figure>"
    )


def group_series(state: GameState) -> list[tuple[int, ...]]:
    """Every player's group count after each finished turn, from the empty board on."""
    view = state.clone()
    series = [tuple(view.group_counts())]
    while view.history_codes():
        view.pop()
        if not view.turn_stones:  # a turn boundary
            series.append(tuple(view.group_counts()))
    return series[::-1]


def count(number: int, word: str) -> str:
    """ "1 group", "2 groups", "0 groups"."""
    return f"{number} {word}{'' if number == 1 else 's'}"


def tie_break_words(ahead: str, behind: str, criterion: str) -> str:
    """One line of what separated two neighbouring places (names as typed)."""
    if criterion == "full tie":
        return f"{escape(ahead)} and {escape(behind)} share their place: equal on every tie-break."
    if criterion == RESIGNED_CRITERION:
        return f"{escape(ahead)} is ahead of {escape(behind)}, who resigned before them."
    return f"{escape(ahead)} is ahead of {escape(behind)} on {escape(criterion)}."


def picker_html(session: SessionView, colour: int) -> str:
    """One button per colour in play, the chosen one pressed; keys 1 to 4 pick too."""
    state = state_of(session, shown=False)
    buttons = []
    for p in state.colours:
        buttons.append(
            f'<button type="button" class="pick" id="pick-{p}" data-colour="{p}" '
            f'aria-pressed="{"true" if p == colour else "false"}">'
            '<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
            f'<g class="stone p{p}"><circle r="9"/>{_SYMBOLS[p]}</g></svg>'
            f'<span class="owner">{escape(session.name_of(p))}</span><kbd>{p}</kbd></button>'
        )
    return "".join(buttons)


def track_html(session: SessionView) -> str:
    state = state_of(session)
    return render.track_svg(state, {p: session.name_of(p) for p in state.colours})


def overlay_svg(
    session: SessionView, colour: int, target: int | None, cursor: int | None, hint: str
) -> str:
    """The hint's stone (when one is shown), the preview of the next stone and the
    keyboard cursor."""
    state = state_of(session)
    live = session.viewing is None and not state.is_over
    marks = ""
    if live and hint:
        try:
            code = state.parse_move(hint).code
        except ValueError:
            code = -1
        if code >= 0:
            hint_colour, cell = divmod(code, len(state.cells))
            marks = (
                f'<g class="hint-mark" data-hint="{state.board.names[cell]}" '
                f'data-color="{hint_colour}">'
                f"{render.overlay_svg(state, hint_colour, cell, cell, session.rotation)}</g>"
            )
    shown = colour if live else None
    return marks + render.overlay_svg(state, shown, target, cursor, session.rotation)


def cell_words(session: SessionView, colour: int, target: int | None) -> str:
    """The line under the board: what the cell under the pointer holds or would get."""
    state = state_of(session)
    live = session.viewing is None and not state.is_over
    if target is None:
        return "Pick a colour, then click an empty cell." if live else ""
    name = state.board.names[target]
    owner = state.cells[target]
    if owner:
        return f"{name}: {COLOUR_NAMES[owner].lower()} stone."
    if not live:
        return name
    _, words = render.effect_of(state, colour, target)
    owner_name = escape(session.name_of(colour))
    return f"{COLOUR_NAMES[colour]} on {name}, {owner_name}'s colour, {words}."


def hint_words(state: GameState, move: str) -> str:
    """The computer's suggestion in words."""
    try:
        code = state.parse_move(move).code
    except ValueError:
        return f"Hint: {move}."
    if code < 0:
        return "Hint: end your turn now." if move.strip().lower() == "end" else "Hint: pass."
    colour, cell = divmod(code, len(state.cells))
    _, words = render.effect_of(state, colour, cell)
    return f"Hint: {COLOUR_NAMES[colour].lower()} on {state.board.names[cell]} ({words})."
