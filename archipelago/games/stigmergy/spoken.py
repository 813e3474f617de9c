"""Stigmergy read aloud (``archipelago.page.contract.Spoken``): a cell, what it sees and
who controls it, the first stone along each of its six lines (its lines of sight), a
player's stones and controlled cells, the score, a turn said as a sentence. What the
page's command box answers and its announcements say.

Pure functions of a position and the players' names (``names[p - 1]``); the kit names
this module as its ``spoken``.
"""

from __future__ import annotations

from archipelago.game import Game
from archipelago.hexgrid import Board
from archipelago.i18n import _, ngettext
from archipelago.page.speech import cells_list, direction_word

from .panels import points, score_parts
from .sight import sight_lines
from .state import StigmergyGame
from .words import turn_words


def _game(game: Game) -> StigmergyGame:
    assert isinstance(game, StigmergyGame)
    return game


def board_of(game: Game) -> Board:
    return _game(game).board


def _control(game: StigmergyGame, names: list[str], cell: int) -> str:
    """ "controlled by Ann", or "controlled by no one"."""
    owner = game.controller(cell)
    if owner:
        return _("controlled by {name}").format(name=names[owner - 1])
    return _("controlled by no one")


def cell_words(game: Game, names: list[str], cell: int) -> str:
    """ "e5: Ann's stone, controlled by Bob; it sees 1 of Ann's stones and 4 of Bob's, 4
    needed for control.\""""
    state = _game(game)
    owner = state.cells[cell]
    held = _("{name}'s stone").format(name=names[owner - 1]) if owner else _("empty")
    first, second = state.sees(cell)
    return _(
        "{cell}: {held}, {control}; it sees {first} of {name1}'s stones and {second} of "
        "{name2}'s, {need} needed for control."
    ).format(
        cell=state.board.names[cell],
        held=held,
        control=_control(state, names, cell),
        first=first,
        name1=names[0],
        second=second,
        name2=names[1],
        need=state.geo.need[cell],
    )


def cell_brief(game: Game, names: list[str], cell: int) -> str:
    """ "e5 Ann", "e5 empty", "e5 empty, Bob's" (an empty cell Bob controls)."""
    state = _game(game)
    name, owner = state.board.names[cell], state.cells[cell]
    if owner:
        return _("{cell} {what}").format(cell=name, what=names[owner - 1])
    controller = state.controller(cell)
    if controller:
        return _("{cell} empty, {name}'s").format(cell=name, name=names[controller - 1])
    return _("{cell} {what}").format(cell=name, what=_("empty"))


def rays_words(game: Game, names: list[str], cell: int) -> str:
    """What ``cell`` sees: the first stone along each of its six lines, then the count
    and the control it gives."""
    state = _game(game)
    board = state.board
    parts = []
    for line in sight_lines(state.geo, state.cells, cell):
        if not line.cells:
            seen = _("the edge")
        elif not line.owner:
            seen = _("no stone")
        else:
            seen = _("{cell} {what}").format(
                cell=board.names[line.cells[-1]], what=names[line.owner - 1]
            )
        parts.append(
            _("{direction}: {seen}").format(direction=direction_word(line.direction), seen=seen)
        )
    first, second = state.sees(cell)
    return _(
        "{cell} sees {rays}. That is {first} for {name1} and {second} for {name2}, {need} "
        "needed: {control}."
    ).format(
        cell=board.names[cell],
        rays="; ".join(parts),
        first=first,
        name1=names[0],
        second=second,
        name2=names[1],
        need=state.geo.need[cell],
        control=_control(state, names, cell),
    )


def stones_words(game: Game, names: list[str], player: int) -> str:
    state = _game(game)
    cells = [c for c, owner in enumerate(state.cells) if owner == player]
    return ngettext(
        "{name} has {n} stone: {cells}.", "{name} has {n} stones: {cells}.", len(cells)
    ).format(name=names[player - 1], n=len(cells), cells=cells_list(state.board, cells))


def islands_words(game: Game, names: list[str], player: int) -> str:
    """Stigmergy has no islands: what counts instead is the empty cells a player
    controls (their territory), which this lists."""
    state = _game(game)
    cells = [
        c for c, owner in enumerate(state.cells) if not owner and state.controller(c) == player
    ]
    return ngettext(
        "Stigmergy has no islands: {name} controls {n} empty cell: {cells}.",
        "Stigmergy has no islands: {name} controls {n} empty cells: {cells}.",
        len(cells),
    ).format(name=names[player - 1], n=len(cells), cells=cells_list(state.board, cells))


def score_brief(game: Game, names: list[str]) -> str:
    """ "Ann 10 points, Bob 8½"."""
    first, second = _game(game).scores()
    return ngettext(
        "{name1} {score1} point, {name2} {score2}",
        "{name1} {score1} points, {name2} {score2}",
        _count(first),
    ).format(name1=names[0], score1=points(first), name2=names[1], score2=points(second))


def _count(score: float) -> int:
    """The number that chooses "point" or "points" for a score (½ and 1½ take the plural
    in English)."""
    return int(score) if float(score).is_integer() else 2


def score_words(game: Game, names: list[str]) -> str:
    """Each player's points and what they are made of, then whose turn it is."""
    state = _game(game)
    scores = state.scores()
    parts = []
    for player in (1, 2):
        komi = state.komi if state.komi_to == player else None
        parts.append(
            ngettext(
                "{name} {score} point ({parts})",
                "{name} {score} points ({parts})",
                _count(scores[player - 1]),
            ).format(
                name=names[player - 1],
                score=points(scores[player - 1]),
                parts=", ".join(score_parts(state, player, komi)),
            )
        )
    text = "; ".join(parts) + "."
    mover = state.to_move
    if mover is None:
        return text
    return _("{text} {name}'s turn.").format(text=text, name=names[mover - 1])


def turn_said(game: Game, names: list[str], player: int, text: str) -> str:
    """ "Bob played h8x (flips h8)": the move as the moves list writes it, and in words."""
    return _("{name} played {move} ({words})").format(
        name=names[player - 1], move=text, words=turn_words(text)
    )
