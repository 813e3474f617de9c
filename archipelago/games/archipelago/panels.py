"""Archipelago's own panels: what its player cards show (islands and bonus), the turn's
stones and why, the final ranking and result with its tie-breaks, the colour picker, the
moves list's notation with its colours shown, and the line under the board.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.errors import NotationError
from archipelago.hexgrid import Board
from archipelago.hexsvg import chip as chip  # the player's stone, as the kit shows it
from archipelago.i18n import _, ngettext
from archipelago.page.contract import CardFacts, Pips, Placing

from . import render
from .notation import parse_stone, split_turn
from .resignation import RESIGNED_CRITERION
from .state import GameState
from .words import ahead_on, colour_name, colour_word, wins_on

if TYPE_CHECKING:
    from archipelago.page.contract import SessionView

# The small chips' symbols (the picker's, the moves list's), one shape per colour so they
# read without colour vision.
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
    """The variations in play after ``lead`` ("Playing with:"), each rule's name with
    what it means, so the name is never left unexplained ("" for the standard rules).
    The colons are the messages' own: French puts a space before one."""
    parts = state.variant.explained(state.players)
    if not parts:
        return ""
    items = "".join(
        "<li>"
        + (
            # Translators: a variation's name (bold) and what it means, in the list of rules in play
            escape(_("{rule}: {meaning}")).format(
                rule=f"<b>{escape(_(name))}</b>", meaning=escape(_(meaning))
            )
            if meaning
            else f"<b>{escape(_(name))}</b>"
        )
        + ".</li>"
        for name, meaning in parts
    )
    return f'<div class="variation">{escape(lead)}<ul>{items}</ul></div>'


def islands(state: GameState, number: int) -> str:
    """ "1 island", "3 islands"; chunks under Wunchunk (what counts, fewest wins)."""
    if state.variant.wunchunk:
        return ngettext("{n} chunk", "{n} chunks", number).format(n=number)
    return ngettext("{n} island", "{n} islands", number).format(n=number)


def island_unit(state: GameState, number: int) -> str:
    """The word under a player card's number: "island", "islands", "chunks"."""
    if state.variant.wunchunk:
        # Translators: the word under the number on a player's card (Wunchunk's islands)
        return ngettext("chunk", "chunks", number)
    # Translators: the word under the number on a player's card
    return ngettext("island", "islands", number)


def card_facts(session: SessionView, player: int) -> CardFacts:
    """The player's islands (the number that decides), their bonus, and the rest in the
    tooltip: single stones, the bonus cells, the score and the rank."""
    state = state_of(session)
    count = state.group_counts()[player - 1]
    bonus = state.bonus(player)
    total = sum(bonus.values())
    cells = ", ".join(
        _("column {column}: {value}").format(column=c, value=v) for c, v in bonus.items()
    ) or _("none yet")
    score, rank = state.shown_scores()[player - 1], state.ranks()[player - 1]
    singles = len(state.singles(player))
    mark, mark_label, mark_title = "", "", ""
    if player in state.resigned:
        mark, mark_title = "resigned", _("Resigned: takes no more turns, ranks below the others")
        # Translators: the mark on the card of a player who resigned
        mark_label = _("resigned")
    elif player in state.frozen:
        mark, mark_label, mark_title = (
            "frozen",
            # Translators: the mark on the card of a player frozen by Frozen Irrelevance
            _("frozen"),
            _(
                "Frozen (the Frozen Irrelevance rule): nothing anyone can still play could change "
                "this player's final place, so their turns are skipped; anyone may still place "
                "their colour"
            ),
        )
    return CardFacts(
        number=str(count),
        unit=island_unit(state, count),
        # Translators: a player's bonus points on their card, as in "5 bonus"
        detail=_("{total} bonus").format(total=total),
        title=_(
            "{islands} and {singles} (singles do not count); bonus {total} ({cells}); place {rank}"
        ).format(
            islands=islands(state, count),
            singles=ngettext("{n} single stone", "{n} single stones", singles).format(n=singles),
            total=total,
            cells=cells,
            rank=rank,
        ),
        mark=mark,
        mark_label=mark_label,
        mark_title=mark_title,
        values=(
            ("islands", str(count)),
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
    return Pips(len(state.turn_stones), state.allowance, allowance_words(state, state.mover))


def allowance_words(state: GameState, mover: int) -> str:
    """Why ``mover`` may place ``allowance`` stones, as views.allowance_reason says it
    for the command line, but in the page's words (islands) and the reader's language."""
    allowance, base = state.allowance, state.variant.stones
    if not state.turns and mover == 1:
        return _("1 stone: the first turn of the game")
    extra = allowance - base
    ahead = state.ahead_of(mover, state.turn_start_counts)
    stones = ngettext("{n} stone", "{n} stones", allowance).format(n=allowance)
    if not extra:
        if ahead and state.variant.extra == "none":
            return _("{stones}: {base} per turn (no extra stones in this variation)").format(
                stones=stones, base=base
            )
        return _("{stones}: {base} per turn").format(stones=stones, base=base)
    if state.variant.wunchunk:
        reason = ngettext(
            "{extra} extra for {n} opponent with fewer chunks",
            "{extra} extra for {n} opponents with fewer chunks",
            ahead,
        )
    else:
        reason = ngettext(
            "{extra} extra for {n} opponent with more islands",
            "{extra} extra for {n} opponents with more islands",
            ahead,
        )
    text = _("{stones}: {base} per turn + {reason}").format(
        stones=stones, base=base, reason=reason.format(extra=extra, n=ahead)
    )
    if state.variant.extra == "half":
        return _("{text} (half extra stones, rounded up)").format(text=text)
    return text


def ranking(session: SessionView) -> list[Placing]:
    """The final places: islands and bonus per player."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return []
    order = sorted(state.colours, key=lambda p: outcome.ranks[p - 1])
    return [
        Placing(outcome.ranks[p - 1], p, placing_words(state, outcome.groups, p)) for p in order
    ]


def placing_words(state: GameState, groups: tuple[int, ...], player: int) -> str:
    """ "3 islands · 5 bonus", and "(resigned)" after a resigned player's."""
    words = _("{islands} · {total} bonus").format(
        islands=islands(state, groups[player - 1]), total=sum(state.bonus(player).values())
    )
    return _("{words} (resigned)").format(words=words) if player in state.resigned else words


def result_words(session: SessionView) -> str:
    """ "Bob wins, 9 islands to 1", or who shares first place, or why a resignation won."""
    state = state_of(session, shown=False)
    outcome = state.outcome()
    if outcome is None:
        return ""
    name = session.name_of
    if len(outcome.winners) > 1:
        *others, last = [name(p) for p in outcome.winners]
        return _("{names} and {last} share first place.").format(names=", ".join(others), last=last)
    ahead, behind, criterion = outcome.tie_breaks[0]
    if criterion == RESIGNED_CRITERION:
        return _("{name} wins: every other player resigned.").format(name=name(ahead))
    mine, theirs = outcome.groups[ahead - 1], outcome.groups[behind - 1]
    if mine == theirs:
        return wins_on(criterion).format(name=name(ahead), islands=islands(state, mine))
    if state.players == 2:
        return _("{name} wins, {islands} to {theirs}").format(
            name=name(ahead), islands=islands(state, mine), theirs=theirs
        )
    return _("{name} wins with {islands}").format(name=name(ahead), islands=islands(state, mine))


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
    caption = (
        _("Chunks after each turn") if state.variant.wunchunk else _("Islands after each turn")
    )
    summary = _("How the game went")
    return (
        f"<details><summary>{summary}</summary>"
        f"<ul>{steps}</ul>"
        + variations_html(state, _("Played with:"))
        + f'<figure class="chart-box">{render.group_chart_svg(group_series(state), names)}'
        f"<figcaption>{caption}</figcaption></figure></details>"
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


def tie_break_words(ahead: str, behind: str, criterion: str) -> str:
    """One line of what separated two neighbouring places (names as typed)."""
    names = {"ahead": escape(ahead), "behind": escape(behind)}
    if criterion == "full tie":
        return _("{ahead} and {behind} share their place: equal on every tie-break.").format(
            **names
        )
    if criterion == RESIGNED_CRITERION:
        return _("{ahead} is ahead of {behind}, who resigned before them.").format(**names)
    return ahead_on(criterion).format(**names)


def picker_html(session: SessionView, colour: int) -> str:
    """One button per colour in play, the chosen one pressed; keys 1 to 4 pick too. Each
    says whose colour it is ("Blue (yours)", "Red (Ann's)"): any colour may be placed,
    and the page picks the mover's own at the start of every turn."""
    state = state_of(session, shown=False)
    buttons = []
    for p in state.colours:
        buttons.append(
            f'<button type="button" class="pick" id="pick-{p}" data-colour="{p}" '
            f'aria-pressed="{"true" if p == colour else "false"}">{stone_chip(p)}'
            f'<span class="pick-words">{pick_label(p, f"({whose(session, p)})")}</span>'
            f"<kbd>{p}</kbd></button>"
        )
    return "".join(buttons)


def stone_chip(colour: int) -> str:
    """A stone of ``colour`` as the board draws it, small, for a line of text (a
    lighter ``hexsvg.chip``: the moves list holds one per stone)."""
    return (
        '<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
        f'<g class="stone p{colour}"><circle r="9"/>{_SYMBOLS[colour]}</g></svg>'
    )


def notation_html(board: Board, text: str) -> str:
    """A turn's notation for the moves list, "1e5,2e4", each stone after a chip of its
    colour named for a screen reader ("Blue"): the digit is the colour, which only those
    who know the notation can read. "" for a turn without stones (pass, resign)."""
    try:
        parts = split_turn(text)
        colours = [parse_stone(board, part)[0] for part in parts]
    except NotationError:
        return ""
    return ",<wbr>".join(
        f'<span class="stone-move"><span class="stone-chip" role="img" '
        f'aria-label="{escape(colour_name(colour))}">{stone_chip(colour)}</span>'
        f"{escape(part)}</span>"
        for part, colour in zip(parts, colours, strict=True)
    )


def whose(session: SessionView, colour: int) -> str:
    """Whose colour ``colour`` is, as the picker says it: "yours" for the player to move
    at this screen, else the owner's name ("Ann's")."""
    if colour == session.game.to_move and session.person_here_to_move:
        # Translators: on a colour button, "Blue (yours)"
        return _("yours")
    # Translators: on a colour button, "Red (Ann's)": whose colour it is
    return _("{name}'s").format(name=session.name_of(colour))


def pick_label(colour: int, owner: str) -> str:
    """A colour button's words: the colour ("Blue", what the line under the board asks
    to pick), and whose colour it is, smaller ("(yours)", "(Ann's)")."""
    return (
        f'<span class="colour">{colour_name(colour)}</span> '
        f'<span class="owner">{escape(owner)}</span>'
    )


def track_html(session: SessionView) -> str:
    """The scoring track, as wide as this board can reach, and what its rows mean."""
    state = state_of(session)
    return (
        render.track_svg(state, {p: session.name_of(p) for p in state.colours})
        + '<p class="legend-line">'
        + _(
            "<b>Islands</b>: where each player's count of islands stands. <b>Bonus</b>: the "
            "first to reach a count takes the highest free value above it; the bonus breaks "
            "ties in islands."
        )
        + "</p>"
        + variations_html(state, _("Playing with:"))
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


def cell_words(session: SessionView, colour: int, target: int | None, touch: bool = False) -> str:
    """The line under the board: what the cell under the pointer holds or would get
    (``touch``: in the words of a touch screen, which is tapped, not clicked)."""
    state = state_of(session)
    live = session.viewing is None and not state.is_over
    if target is None:
        return pick_words(touch) if live else ""
    name = state.board.names[target]
    owner = state.cells[target]
    if owner:
        return _("{cell}: {colour} stone.").format(cell=name, colour=colour_word(owner))
    if not live:
        return name
    words = render.effect_of(state, colour, target)[1]
    return _("{colour} on {cell}, {name}'s colour, {effect}.").format(
        colour=colour_name(colour),
        cell=name,
        name=escape(session.name_of(colour)),
        effect=words,
    )


def pick_words(touch: bool) -> str:
    """What the line under the board asks for before a cell is chosen, with the word
    for this pointer (every language says click and tap differently)."""
    if touch:
        return _("Pick a colour, then tap an empty cell.")
    return _("Pick a colour, then click an empty cell.")


def hint_words(state: GameState, move: str) -> str:
    """The computer's suggestion in words."""
    try:
        code = state.parse_move(move).code
    except ValueError:
        return _("Hint: {move}.").format(move=move)
    if code < 0:
        return _("Hint: end your turn now.") if move.strip().lower() == "end" else _("Hint: pass.")
    colour, cell = divmod(code, len(state.cells))
    words = render.effect_of(state, colour, cell)[1]
    return _("Hint: {colour} on {cell} ({effect}).").format(
        colour=colour_word(colour), cell=state.board.names[cell], effect=words
    )
