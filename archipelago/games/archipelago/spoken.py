"""Archipelago read aloud (``archipelago.page.contract.Spoken``): a cell and its island,
the first stone in each direction, a colour's stones and islands, the score, a turn said
as a sentence. What the page's command box answers and its announcements say.

Pure functions of a position and the players' names (``names[p - 1]``: colour p is
player p's); the kit names this module as its ``spoken``.
"""

from __future__ import annotations

from archipelago.game import Game
from archipelago.hexgrid import Board, ray
from archipelago.i18n import _, joined, ngettext
from archipelago.page.speech import cells_list, direction_word

from .notation import PASS, split_turn
from .panels import islands as islands_count
from .state import GameState
from .words import colour_name, colour_word, symbol_name


def _state(game: Game) -> GameState:
    assert isinstance(game, GameState)
    return game


def board_of(game: Game) -> Board:
    return _state(game).board


def _stone(state: GameState, names: list[str], colour: int) -> str:
    """ "Blue dot stone of Ann"."""
    return _("{colour} {symbol} stone of {owner}").format(
        colour=colour_name(colour), symbol=symbol_name(colour), owner=names[colour - 1]
    )


def _island_of(state: GameState, cell: int) -> list[int]:
    """The stones of the island (or single stone) ``cell`` holds, in board order."""
    root = state.find(cell)
    return [c for c, colour in enumerate(state.cells) if colour and state.find(c) == root]


def cell_words(game: Game, names: list[str], cell: int) -> str:
    """ "e5: Blue dot stone of Ann, in an island of 3 stones: d4, d5, e5." or "e5:
    empty, beside d4 (blue) and e6 (orange).\""""
    state = _state(game)
    name, colour = state.board.names[cell], state.cells[cell]
    if colour:
        island = _island_of(state, cell)
        if len(island) == 1:
            where = _("a single stone, which does not count")
        else:
            where = _("in an island of {n} stones: {cells}").format(
                n=len(island), cells=cells_list(state.board, island)
            )
        return _("{cell}: {stone}, {where}.").format(
            cell=name, stone=_stone(state, names, colour), where=where
        )
    around = [
        _("{cell} ({colour})").format(cell=state.board.names[n], colour=colour_word(state.cells[n]))
        for n in sorted(state.board.neighbours[cell])
        if state.cells[n]
    ]
    if not around:
        return _("{cell}: empty, with no stone beside it.").format(cell=name)
    return _("{cell}: empty, beside {stones}.").format(cell=name, stones=joined(around))


def cell_brief(game: Game, names: list[str], cell: int) -> str:
    """ "e5 empty", "e5 blue"."""
    state = _state(game)
    colour = state.cells[cell]
    # Translators: a cell in a line of the board read aloud ("e5 empty", "e5 blue")
    what = colour_word(colour) if colour else _("empty")
    return _("{cell} {what}").format(cell=state.board.names[cell], what=what)


def rays_words(game: Game, names: list[str], cell: int) -> str:
    """The first stone in each of the six directions from ``cell``."""
    state = _state(game)
    board = state.board
    parts = []
    for direction in range(6):
        cells = ray(board, cell, direction)
        first = next((c for c in cells if state.cells[c]), None)
        if not cells:
            seen = _("the edge")
        elif first is None:
            seen = _("no stone")
        else:
            seen = _("{cell} {colour}").format(
                cell=board.names[first], colour=colour_word(state.cells[first])
            )
        parts.append(
            _("{direction}: {seen}").format(direction=direction_word(direction), seen=seen)
        )
    return _("From {cell}: {rays}.").format(cell=board.names[cell], rays="; ".join(parts))


def stones_words(game: Game, names: list[str], player: int) -> str:
    """Every stone of ``player``'s colour, whoever placed it."""
    state = _state(game)
    cells = [c for c, colour in enumerate(state.cells) if colour == player]
    return ngettext(
        "{name} ({colour}) has {n} stone: {cells}.",
        "{name} ({colour}) has {n} stones: {cells}.",
        len(cells),
    ).format(
        name=names[player - 1],
        colour=colour_word(player),
        n=len(cells),
        cells=cells_list(state.board, cells),
    )


def islands_words(game: Game, names: list[str], player: int) -> str:
    """``player``'s islands, each with its stones, then the single stones."""
    state = _state(game)
    groups = [sorted(group) for group in state.groups(player)]
    groups.sort()
    singles = state.singles(player)
    told = "; ".join(cells_list(state.board, group) for group in groups)
    text = _("{name} ({colour}) has {islands}").format(
        name=names[player - 1],
        colour=colour_word(player),
        islands=islands_count(state, len(groups)),
    )
    if groups:
        text = _("{text}: {groups}").format(text=text, groups=told)
    if singles:
        return _("{text}. Single stones: {cells}.").format(
            text=text, cells=cells_list(state.board, singles)
        )
    return f"{text}."


def score_brief(game: Game, names: list[str]) -> str:
    """ "Ann 3 islands, Bob 4": the first player's count with its word, the others bare."""
    state = _state(game)
    counts = state.group_counts()
    parts = [_("{name} {islands}").format(name=names[0], islands=islands_count(state, counts[0]))]
    parts += [
        _("{name} {n}").format(name=names[p - 1], n=counts[p - 1])
        for p in range(2, state.players + 1)
    ]
    return ", ".join(parts)


def score_words(game: Game, names: list[str]) -> str:
    """Each player's islands and bonus, then whose turn it is and its stones left."""
    state = _state(game)
    counts = state.group_counts()
    parts = []
    for player in range(1, state.players + 1):
        bonus = sum(state.bonus(player).values())
        words = _("{name} {islands}, {bonus} bonus").format(
            name=names[player - 1], islands=islands_count(state, counts[player - 1]), bonus=bonus
        )
        if player in state.resigned:
            words = _("{words} (resigned)").format(words=words)
        elif player in state.frozen:
            words = _("{words} (frozen)").format(words=words)
        parts.append(words)
    text = "; ".join(parts) + "."
    mover = state.mover
    if mover is None:
        return text
    turn = ngettext(
        "{name}'s turn: {left} of {n} stone left to place.",
        "{name}'s turn: {left} of {n} stones left to place.",
        state.allowance,
    ).format(name=names[mover - 1], left=state.stones_left, n=state.allowance)
    return f"{text} {turn}"


def turn_said(game: Game, names: list[str], player: int, text: str) -> str:
    """ "Computer played 2c3 and 1d4", "Ann passed", "Bob resigned"."""
    name = names[player - 1]
    word = text.strip().lower()
    if word == PASS:
        return _("{name} passed").format(name=name)
    if word == "resign":
        return _("{name} resigned").format(name=name)
    return _("{name} played {moves}").format(name=name, moves=joined(split_turn(word)))
