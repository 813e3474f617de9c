"""Stigmergy's own panels: the turn in words (the komi proposal, the answer, what the
mover may do), what its player cards show (points), the komi and the button, the result,
the komi entry and the line under the board.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import board_geometry
from archipelago.hexsvg import chip as chip  # the player's stone, as the kit shows it
from archipelago.page.contract import CardFacts, Placing

from .fairkomi import fair_komi, suggested_komi
from .notation import BUTTON, PASS
from .state import StigmergyGame
from .views import number

if TYPE_CHECKING:
    from archipelago.page.contract import SessionView


def game_of(session: SessionView, shown: bool = True) -> StigmergyGame:
    game = session.shown if shown else session.game
    assert isinstance(game, StigmergyGame)
    return game


def points(value: float) -> str:
    """A score for people: whole numbers plain, the button's half as ½."""
    whole = int(value // 1)
    if float(value).is_integer():
        return str(whole)
    return f"{whole}½" if whole else "½"


def komi_words(komi: int) -> str:
    return f"{komi} point{'' if abs(komi) == 1 else 's'}"


# ---------------------------------------------------------------------- the turn in words
def turn_note(session: SessionView) -> str:
    """What the player to move may do, in words (the komi's meaning on turns 1 and 2)."""
    game = game_of(session, shown=False)
    name = session.name_of
    if game.is_over:
        return ""
    player = game.to_move or 1
    other = 3 - player
    limit = game.geo.komi_limit
    if game.proposing:
        return (
            f"{name(player)} proposes the komi: points given to whoever places second, to "
            f"make up for moving second (a whole number from {-limit} to {limit}; below zero "
            f"it costs the second player points). {name(other)} then chooses to place first "
            "or second."
        )
    if game.answering:
        komi = komi_words(game.komi or 0)
        return (
            f"{name(player)} answers the komi of {komi}: place the first stone (or take the "
            f"button) to play first, and {name(other)} receives the {komi}; or press Play "
            "second to receive them yourself."
        )
    return choices_sentence(session, game)


def choices_sentence(session: SessionView, game: StigmergyGame) -> str:
    """What the mover may do now, from the legal moves."""
    player = game.to_move or 1
    opponent = session.name_of(3 - player)
    n = len(game.cells)
    codes = game.legal_codes()
    placements = sum(1 for c in codes if 0 <= c < n)
    flips = sum(1 for c in codes if n <= c < 2 * n)
    options = []
    if placements:
        options.append(f"place a stone on an empty cell {opponent} does not control")
    if flips:
        stones = "stone" if flips == 1 else f"{flips} stones"
        options.append(f"flip {opponent}'s ringed {stones} (on cells you control)")
    if BUTTON in codes:
        options.append("take the button (half a point)")
    if PASS in codes:
        options.append("pass")
    text = "You may " + _or_list(options) + "."
    if game.passes == 1 and PASS in codes:
        text += f" {opponent} passed: if you pass too, the game ends."
    return text


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def result_sentence(session: SessionView) -> str:
    game = game_of(session, shown=False)
    if game.resigned is not None:
        loser = game.resigned
        return f"{session.name_of(loser)} resigned: {session.name_of(3 - loser)} wins."
    s1, s2 = game.scores()
    if s1 == s2:
        return f"{session.name_of(1)} and {session.name_of(2)} share the game, {points(s1)} all."
    winner = 1 if s1 > s2 else 2
    high, low = max(s1, s2), min(s1, s2)
    return f"{session.name_of(winner)} wins, {points(high)} points to {points(low)}"


# ---------------------------------------------------------------------- the cards
def card_facts(session: SessionView, player: int) -> CardFacts:
    """The player's points (the button's half included), their stones and territory, and
    the komi they receive."""
    game = game_of(session)
    territory, scores, ranks = game.territory(), game.scores(), game.ranks()
    komi = game.komi if game.komi_to == player else None
    parts = [f"{game.stones[player]} stones", f"{territory[player - 1]} territory"]
    if komi:
        parts.append(f"komi {komi}")
    if game.button == player:
        parts.append("button ½")
    resigned = game.resigned == player
    score = scores[player - 1]
    return CardFacts(
        number=points(score),
        unit="point" if score == 1 else "points",
        detail=" · ".join(parts[2:]),
        title=f"{' + '.join(parts)} = {points(score)}; place {ranks[player - 1]}",
        mark="resigned" if resigned else "",
        mark_title="Resigned: the opponent wins" if resigned else "",
        values=(
            ("stones", str(game.stones[player])),
            ("territory", str(territory[player - 1])),
            ("komi", "" if komi is None else str(komi)),
            ("score", str(number(score))),
            ("rank", str(ranks[player - 1])),
            ("resigned", str(int(resigned))),
        ),
    )


def turn_pips(session: SessionView) -> None:
    """A turn of Stigmergy is one move: no pips."""
    return None


def board_lines_html(session: SessionView) -> str:
    """The komi and the button in words (above the board's legend)."""
    game = game_of(session)
    return (
        f'<p class="komi-line" id="komi-line">{escape(komi_line(session, game))}</p>'
        f'<p class="button-line" id="button-line">{escape(button_line(session, game))}</p>'
    )


def komi_line(session: SessionView, game: StigmergyGame) -> str:
    name = session.name_of
    if game.komi is None:
        return f"Komi: not proposed yet ({name(1)} proposes it on turn 1)."
    komi = komi_words(game.komi)
    if game.komi_to is None:
        return f"Komi: {name(1)} proposed {komi}; {name(2)} decides who places second."
    how = "fixed before the game" if game.fixed_komi is not None else "proposed"
    return f"Komi: {komi} ({how}), received by {name(game.komi_to)}, who places second."


def button_line(session: SessionView, game: StigmergyGame) -> str:
    if game.button is not None:
        return f"Button: taken by {session.name_of(game.button)} (half a point)."
    if game.komi is None:
        return "Button: in play only if the komi is odd."
    if game.komi % 2 == 0:
        return "Button: not in play (the komi is even)."
    return (
        "Button: in play (the komi is odd). Either player may spend a turn taking it, "
        "for half a point; nobody may pass while it is there."
    )


def legend_html() -> str:
    """What the marks on the board mean."""
    return (
        '<ul class="legend">'
        "<li>A tinted cell is controlled by that colour: it sees more of that colour's "
        "stones than half its neighbours.</li>"
        "<li>A dashed ring marks a stone standing on a cell its opponent controls: the "
        "opponent may flip it.</li>"
        "<li>The small dot marks the last stone placed or flipped.</li>"
        "<li>Point at a cell (or move the keyboard cursor to it) to see what it sees: its "
        "six lines run to the first stone on each, ringed in that stone's colour; a dashed "
        "line meets no stone.</li></ul>"
    )


# ---------------------------------------------------------------------- the end
def ranking(session: SessionView) -> list[Placing]:
    game = game_of(session, shown=False)
    if not game.is_over:
        return []
    scores, ranks = game.scores(), game.ranks()
    return [
        Placing(ranks[p - 1], p, f"{points(scores[p - 1])} points")
        for p in sorted((1, 2), key=lambda p: ranks[p - 1])
    ]


def result_words(session: SessionView) -> str:
    return result_sentence(session)


def result_details(session: SessionView) -> str:
    """How each score is made up."""
    game = game_of(session, shown=False)
    if not game.is_over:
        return ""
    territory = game.territory()
    items = []
    for p in (1, 2):
        parts = [f"{game.stones[p]} stones", f"{territory[p - 1]} territory"]
        if game.komi_to == p and game.komi:
            parts.append(f"komi {game.komi}")
        if game.button == p:
            parts.append("button ½")
        items.append(f"<li>{escape(session.name_of(p))}: {escape(' + '.join(parts))}</li>")
    return f"<details><summary>How the scores are made</summary><ul>{''.join(items)}</ul></details>"


# ---------------------------------------------------------------------- the komi entry
def komi_form_html(session: SessionView) -> str:
    """The komi proposal's number field and button (on turn 1 only). The form is read
    by the kit's ``form_move``, which words every bad entry itself (``novalidate``)."""
    game = game_of(session, shown=False)
    if not game.proposing or game.is_over:
        return ""
    limit = game.geo.komi_limit
    fair = suggested_komi(game.size)
    advice = (
        f"About {fair} is fair here: with no komi, the first stone won by "
        f"{fair_komi(game.size):g} points on average in the computer's self-play "
        "(the rules page says more about the komi)."
    )
    return (
        '<form id="komi-form" class="komi-form" data-move-form="komi" novalidate>'
        f'<label for="komi-input">Komi for the second player ({-limit} to {limit})</label>'
        f'<input id="komi-input" name="komi" type="number" step="1" min="{-limit}" '
        f'max="{limit}" value="{fair}" required aria-describedby="komi-advice">'
        '<button type="submit" id="propose-komi">Propose</button>'
        f'<p class="note" id="komi-advice">{escape(advice)}</p></form>'
    )


def cell_words(session: SessionView, target: str | None, live: bool, move: str) -> str:
    """The line under the board: what the cell under the pointer holds, and what a click
    there would do (or the engine's reason why it would be refused)."""
    game = game_of(session)
    if target is None:
        if not live:
            return ""
        if game.proposing:
            return "Enter the komi below the board, then press Propose."
        return "Click an empty cell to place a stone, or a ringed stone to flip it."
    cell = game.board.index(target)
    owner, control = game.cells[cell], game.controller(cell)
    held = f"{session.name_of(owner)}'s stone" if owner else "empty"
    controlled = f"controlled by {session.name_of(control)}" if control else "controlled by nobody"
    words = f"{target}: {held}, {controlled}; {sight_words(session, game, cell)}."
    if not live:
        return words
    code = game.parse_move(move).code
    reason = game.refusal(code)
    if reason is not None:
        return f"{words} Not playable: {reason}."
    return f"{words} {game.explain_move(game.move(code))}"


def sight_words(session: SessionView, game: StigmergyGame, cell: int) -> str:
    """What the sight lines drawn from a cell show, in words (for people who do not see
    them): how many of each player's stones it sees, and how many make control."""
    s1, s2 = game.sees(cell)
    return (
        f"it sees {s1} of {session.name_of(1)}'s stones and {s2} of {session.name_of(2)}'s "
        f"({game.geo.need[cell]} of one player's give control)"
    )


def cursor_svg(session: SessionView, cursor: str | None) -> str:
    """The keyboard cursor's outline, for the board's overlay."""
    if cursor is None:
        return ""
    board = game_of(session).board
    points = board_geometry(board.size, board, session.rotation % 6)[2]
    return f'<polygon class="cursor" points="{points[board.index(cursor)]}"/>'
