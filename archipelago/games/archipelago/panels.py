"""Archipelago's own panels: what its player cards show (islands and bonus), the turn's
stones and why, the final ranking and result with its tie-breaks, the colour picker and
the line under the board.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import COLOUR_NAMES
from archipelago.hexsvg import chip as chip  # the player's stone, as the kit shows it
from archipelago.page.contract import CardFacts, Pips, Placing

from . import render
from .resignation import RESIGNED_CRITERION
from .state import GameState

if TYPE_CHECKING:
    from archipelago.page.contract import SessionView

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


def variations_html(state: GameState, lead: str) -> str:
    """The variations in play after ``lead`` ("Playing with"), each rule's name with
    what it means, so the name is never left unexplained ("" for the standard rules)."""
    parts = state.variant.explained(state.players)
    if not parts:
        return ""
    items = "".join(
        f"<li><b>{escape(name)}</b>{f': {escape(meaning)}' if meaning else ''}.</li>"
        for name, meaning in parts
    )
    return f'<div class="variation">{escape(lead)}:<ul>{items}</ul></div>'


def island_word(state: GameState) -> str:
    """What counts: islands, or chunks under Wunchunk (fewest wins)."""
    return "chunk" if state.variant.wunchunk else "island"


def card_facts(session: SessionView, player: int) -> CardFacts:
    """The player's islands (the number that decides), their bonus, and the rest in the
    tooltip: single stones, the bonus cells, the score and the rank."""
    state = state_of(session)
    islands = state.group_counts()[player - 1]
    bonus = state.bonus(player)
    total = sum(bonus.values())
    cells = ", ".join(f"column {c}: {v}" for c, v in bonus.items()) or "none yet"
    score, rank = state.shown_scores()[player - 1], state.ranks()[player - 1]
    singles = len(state.singles(player))
    unit = island_word(state)
    mark, mark_title = "", ""
    if player in state.resigned:
        mark, mark_title = "resigned", "Resigned: takes no more turns, ranks below the others"
    elif player in state.frozen:
        mark, mark_title = (
            "frozen",
            (
                "Frozen (the Frozen Irrelevance rule): nothing anyone can still play could change "
                "this player's final place, so their turns are skipped; anyone may still place "
                "their colour"
            ),
        )
    return CardFacts(
        number=str(islands),
        unit=f"{unit}{'' if islands == 1 else 's'}",
        detail=f"{total} bonus",
        title=(
            f"{count(islands, unit)} and {count(singles, 'single stone')} (singles do not "
            f"count); bonus {total} ({cells}); place {rank}"
        ),
        mark=mark,
        mark_title=mark_title,
        values=(
            ("islands", str(islands)),
            ("bonus", str(total)),
            ("score", str(score)),
            ("rank", str(rank)),
            ("frozen", str(int(player in state.frozen))),
            ("resigned", str(int(player in state.resigned))),
        ),
    )


def turn_pips(session: SessionView) -> Pips | None:
    """The stones of the turn under way, and why the allowance is what it is."""
    state = state_of(session, shown=False)
    if state.is_over or state.mover is None:
        return None
    # The engine's words say "groups"; the page says islands everywhere.
    why = state.allowance_reason().replace("groups", "islands")
    return Pips(len(state.turn_stones), state.allowance, why)


def ranking(session: SessionView) -> list[Placing]:
    """The final places: islands and bonus per player."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return []
    unit = island_word(state)
    order = sorted(state.colours, key=lambda p: outcome.ranks[p - 1])
    return [
        Placing(
            outcome.ranks[p - 1],
            p,
            f"{count(outcome.groups[p - 1], unit)} · {sum(state.bonus(p).values())} bonus"
            + (" (resigned)" if p in state.resigned else ""),
        )
        for p in order
    ]


def result_words(session: SessionView) -> str:
    """ "Bob wins, 9 islands to 1", or who shares first place, or why a resignation won."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return ""
    name = session.name_of
    unit = island_word(state)
    if len(outcome.winners) > 1:
        return f"{' and '.join(name(p) for p in outcome.winners)} share first place."
    ahead, behind, criterion = outcome.tie_breaks[0]
    if criterion == RESIGNED_CRITERION:
        return f"{name(ahead)} wins: every other player resigned."
    mine, theirs = outcome.groups[ahead - 1], outcome.groups[behind - 1]
    if mine == theirs:
        return f"{name(ahead)} wins on {criterion}, {count(mine, unit)} each"
    if state.players == 2:
        return f"{name(ahead)} wins, {count(mine, unit)} to {theirs}"
    return f"{name(ahead)} wins with {count(mine, unit)}"


def result_details(session: SessionView) -> str:
    """What separated each place, and the islands after each turn, folded away."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return ""
    name = session.name_of
    steps = "".join(
        f"<li>{tie_break_words(name(a), name(b), c)}</li>" for a, b, c in outcome.tie_breaks
    )
    names = {p: session.name_of(p) for p in state.colours}
    unit = island_word(state)
    return (
        "<details><summary>How the game went</summary>"
        f"<ul>{steps}</ul>"
        + variations_html(state, "Played with")
        + f'<figure class="chart-box">{render.group_chart_svg(group_series(state), names)}'
        f"<figcaption>{unit.capitalize()}s after each turn</figcaption></figure></details>"
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
    """One button per colour in play, the chosen one pressed; keys 1 to 4 pick too. Each
    says whose colour it is ("Blue (yours)", "Red (Ann's)"): any colour may be placed,
    and the page picks the mover's own at the start of every turn."""
    state = state_of(session, shown=False)
    buttons = []
    for p in state.colours:
        buttons.append(
            f'<button type="button" class="pick" id="pick-{p}" data-colour="{p}" '
            f'aria-pressed="{"true" if p == colour else "false"}">'
            '<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
            f'<g class="stone p{p}"><circle r="9"/>{_SYMBOLS[p]}</g></svg>'
            f'<span class="pick-words">{pick_label(p, f"({whose(session, p)})")}</span>'
            f"<kbd>{p}</kbd></button>"
        )
    return "".join(buttons)


def whose(session: SessionView, colour: int) -> str:
    """Whose colour ``colour`` is, as the picker says it: "yours" for the player to move
    at this screen, else the owner's name ("Ann's")."""
    if colour == session.game.to_move and session.person_here_to_move:
        return "yours"
    return f"{session.name_of(colour)}'s"


def pick_label(colour: int, owner: str) -> str:
    """A colour button's words: the colour ("Blue", what the line under the board asks
    to pick), and whose colour it is, smaller ("(yours)", "(Ann's)")."""
    return (
        f'<span class="colour">{COLOUR_NAMES[colour]}</span> '
        f'<span class="owner">{escape(owner)}</span>'
    )


def track_html(session: SessionView) -> str:
    """The scoring track, as wide as this board can reach, and what its rows mean."""
    state = state_of(session)
    return (
        render.track_svg(state, {p: session.name_of(p) for p in state.colours})
        + '<p class="legend-line"><b>Islands</b>: where each player\'s count of islands '
        "stands. <b>Bonus</b>: the first to reach a count takes the highest free value above "
        "it; the bonus breaks ties in islands.</p>" + variations_html(state, "Playing with")
    )


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
