"""Stigmergy's own panels: the turn in words (the komi proposal, the answer, what the
mover may do), the score table, the komi and the button, the result, the komi entry and
the line under the board.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import board_geometry, chip

from .notation import BUTTON, PASS
from .state import StigmergyGame
from .views import number

if TYPE_CHECKING:
    from archipelago.page.kits import SessionView


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


def player_label(session: SessionView, player: int) -> str:
    """The player's stone (colour and mark, as on the board) and name."""
    return f'{chip(player)}<span class="name">{escape(session.name_of(player))}</span>'


def mover_html(session: SessionView, player: int) -> str:
    return f'<span class="mover" data-player="{player}">{player_label(session, player)}</span>'


# ---------------------------------------------------------------------- the status line
def status_html(session: SessionView) -> str:
    """Whose turn it is and what they may do, in words."""
    game = game_of(session, shown=False)
    name = session.name_of
    if game.is_over:
        return f'<p class="turn">Game over: {escape(result_sentence(session))}</p>'
    player = game.to_move or 1
    other = 3 - player
    turn = len(game.history_codes()) + 1
    limit = game.geo.komi_limit
    if game.proposing:
        return (
            f'<p class="turn">Turn 1: {mover_html(session, player)} proposes the komi</p>'
            '<p class="why">The komi is a gift of points to whoever places second, to make '
            f"up for moving second. {escape(name(player))} proposes it (a whole number from "
            f"{-limit} to {limit}; below zero it costs the second player points); "
            f"{escape(name(other))} then chooses to place first or second.</p>"
        )
    if game.answering:
        komi = komi_words(game.komi or 0)
        return (
            f'<p class="turn">Turn 2: {mover_html(session, player)} answers the komi of '
            f"{escape(komi)}</p>"
            '<p class="why">Place the first stone (or take the button) to play first, and '
            f"{escape(name(other))} receives the {escape(komi)}; or press Play second to "
            "receive them yourself.</p>"
        )
    return (
        f'<p class="turn">Turn {turn}: {mover_html(session, player)} to play</p>'
        f'<p class="why">{escape(choices_sentence(session, game))}</p>'
    )


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
    return f"{session.name_of(winner)} wins, {points(high)} to {points(low)}."


# ---------------------------------------------------------------------- the score table
def players_html(session: SessionView) -> str:
    """Per player: stones, territory (controlled empty cells), komi received, score (the
    button's half point included) and rank; then the komi and the button in words."""
    game = game_of(session)
    territory = game.territory()
    scores = game.scores()
    ranks = game.ranks()
    rows = []
    for p in (1, 2):
        komi = game.komi if game.komi_to == p else None
        cls = ' class="to-move"' if game.to_move == p else ""
        resigned = game.resigned == p
        if resigned:
            cls = ' class="resigned"'
        mark = (
            ' <span class="resigned-badge" title="Resigned: the opponent wins">resigned</span>'
            if resigned
            else ""
        )
        rows.append(
            f'<tr data-player="{p}"{cls} data-resigned="{int(resigned)}">'
            f'<td class="who">{player_label(session, p)}{mark}</td>'
            f'<td class="stones" data-value="{game.stones[p]}">{game.stones[p]}</td>'
            f'<td class="territory" data-value="{territory[p - 1]}">{territory[p - 1]}</td>'
            f'<td class="komi" data-value="{"" if komi is None else komi}">'
            f"{'–' if komi is None else komi}</td>"
            f'<td class="score" data-value="{number(scores[p - 1])}">'
            f"{points(scores[p - 1])}</td>"
            f'<td class="rank" data-value="{ranks[p - 1]}">{ranks[p - 1]}</td></tr>'
        )
    return (
        "<table><thead><tr><th>Player</th><th>Stones</th>"
        '<th title="Empty cells the player controls">Territory</th><th>Komi</th>'
        "<th>Score</th><th>Rank</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
        + f'<p class="komi-line" id="komi-line">{escape(komi_line(session, game))}</p>'
        + f'<p class="button-line" id="button-line">{escape(button_line(session, game))}</p>'
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
def gameover_html(session: SessionView) -> str:
    game = game_of(session, shown=False)
    if not game.is_over:
        return ""
    scores, ranks, territory = game.scores(), game.ranks(), game.territory()
    items = []
    for p in sorted((1, 2), key=lambda p: ranks[p - 1]):
        parts = [f"{game.stones[p]} stones", f"{territory[p - 1]} territory"]
        if game.komi_to == p and game.komi:
            parts.append(f"komi {game.komi}")
        if game.button == p:
            parts.append("button ½")
        items.append(
            f'<li data-player="{p}" data-rank="{ranks[p - 1]}">'
            f'<span class="place">{ranks[p - 1]}.</span> {player_label(session, p)} '
            f"{points(scores[p - 1])} ({escape(' + '.join(parts))})</li>"
        )
    return (
        f'<h2>Game over</h2><ol class="ranking">{"".join(items)}</ol>'
        f'<p class="decided">{escape(result_sentence(session))}</p>'
    )


# ---------------------------------------------------------------------- the komi entry
def komi_form_html(session: SessionView) -> str:
    """The komi proposal's number field and button (on turn 1 only). The form is read
    by the kit's ``form_move``, which words every bad entry itself (``novalidate``)."""
    game = game_of(session, shown=False)
    if not game.proposing or game.is_over:
        return ""
    limit = game.geo.komi_limit
    return (
        '<form id="komi-form" class="komi-form" data-move-form="komi" novalidate>'
        f'<label for="komi-input">Komi for the second player ({-limit} to {limit})</label>'
        f'<input id="komi-input" name="komi" type="number" step="1" min="{-limit}" '
        f'max="{limit}" value="0" required>'
        '<button type="submit" id="propose-komi">Propose</button></form>'
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
