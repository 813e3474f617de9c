"""Helpers for the Stigmergy tests: positions from records, and an independent
from-scratch model of sight, control and legal moves to check the incremental engine."""

from __future__ import annotations

from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.hexgrid import AXIAL_DIRECTIONS, board_for
from archipelago.registry import from_record


def play(size: int, turns: list[str], komi: int | None = 0) -> StigmergyGame:
    """The game after ``turns``, read as a record (komi fixed in advance unless None)."""
    record: dict = {"game": "stigmergy", "size": size, "turns": turns}
    record["variant"] = {} if komi is None else {"komi": komi}
    return from_record(record)


def cell(game: StigmergyGame, name: str) -> int:
    return game.geo.board.index(name)


def sight_from_scratch(size: int, cells: list[int]) -> list[list[int]]:
    """[unused, player 1's, player 2's] sighting counts per cell, by walking axial lines
    (no ray tables)."""
    board = board_for(size)
    where = {coordinate: index for index, coordinate in enumerate(board.axial)}
    counts = [[0] * len(cells) for _ in range(3)]
    for index, (q, r) in enumerate(board.axial):
        for dq, dr in AXIAL_DIRECTIONS:
            x, y = q + dq, r + dr
            while (x, y) in where:
                owner = cells[where[(x, y)]]
                if owner:
                    counts[owner][index] += 1
                    break
                x, y = x + dq, y + dr
    return counts


def control_from_scratch(size: int, cells: list[int]) -> list[int]:
    """Per cell, the player who controls it (0 for nobody)."""
    board = board_for(size)
    counts = sight_from_scratch(size, cells)
    out = []
    for index in range(len(cells)):
        half = len(board.neighbours[index]) / 2
        out.append(1 if counts[1][index] > half else 2 if counts[2][index] > half else 0)
    return out


def legal_from_scratch(game: StigmergyGame) -> list[str]:
    """Every legal move's text, sorted, from the rules text alone and the game's facts
    (cells, whose turn, komi, button, whether this is the answer turn)."""
    if game.is_over:
        return []
    names = game.geo.board.names
    if game.komi is None:
        limit = len(game.cells) + 1
        return sorted(str(k) for k in range(-limit, limit + 1))
    player = game.to_move
    other = 3 - player
    control = control_from_scratch(game.size, game.cells)
    moves = []
    for index, owner in enumerate(game.cells):
        if owner == 0 and control[index] != other:
            moves.append(names[index])
        if owner == other and control[index] == player:
            moves.append(names[index] + "x")
    answering = game.fixed_komi is None and len(game.history) == 1
    if answering:
        moves.append("play-second")
    button = game.komi % 2 != 0 and game.button is None
    if button:
        moves.append("take-button")
    free = any(o == 0 and c == 0 for o, c in zip(game.cells, control, strict=True))
    if not button and not free:
        moves.append("pass")
    return sorted(moves)


def discord(size: int, cells: list[int]) -> int:
    """Pairs of stones of different owners that see each other (the cycle argument's
    measure, docs/stigmergy.md)."""
    board = board_for(size)
    where = {coordinate: index for index, coordinate in enumerate(board.axial)}
    pairs = 0
    for index, (q, r) in enumerate(board.axial):
        if not cells[index]:
            continue
        for dq, dr in AXIAL_DIRECTIONS:
            x, y = q + dq, r + dr
            while (x, y) in where:
                owner = cells[where[(x, y)]]
                if owner:
                    pairs += owner != cells[index]
                    break
                x, y = x + dq, y + dr
    return pairs // 2  # each pair was met from both ends
