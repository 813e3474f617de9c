"""Archipelago's move counts by a second, independent route: the rules restated over plain
tuples, with their own board geometry, whole flood fills and no undo. Slow on purpose;
tests/games/archipelago/test_perft.py checks the engine's perft data against it at small depths.

A move is what the engine's ``legal_codes`` offers: a stone of any colour in play on an
empty cell, or, as the turn's other option, an end of turn once a stone is down (R6) or a
pass before one. Frozen Irrelevance is restated from the bounds that
archipelago/games/archipelago/frozen.py documents, without that module's shortcuts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, product

Cells = tuple[int, ...]


@cache
def hexagon(side: int) -> tuple[tuple[int, ...], ...]:
    """Neighbour lists of a hexagonal board of ``side`` cells a side, in axial
    coordinates: the cells (q, r) with |q|, |r| and |q + r| below ``side``."""
    cells = [
        (q, r) for q in range(-side + 1, side) for r in range(-side + 1, side) if abs(q + r) < side
    ]
    index = {cell: i for i, cell in enumerate(cells)}
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    return tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in steps if (q + dq, r + dr) in index)
        for q, r in cells
    )


def components(side: int, cells: Cells, keep: set[int]) -> list[set[int]]:
    """Connected sets of the cells whose colour is in ``keep``."""
    neighbours = hexagon(side)
    seen: set[int] = set()
    found = []
    for start, colour in enumerate(cells):
        if colour not in keep or start in seen:
            continue
        part, stack = {start}, [start]
        while stack:
            for n in neighbours[stack.pop()]:
                if n not in part and cells[n] in keep:
                    part.add(n)
                    stack.append(n)
        seen |= part
        found.append(part)
    return found


def groups(side: int, cells: Cells, colour: int) -> int:
    """Groups of ``colour``: connected stones of that colour, two or more."""
    return sum(len(part) >= 2 for part in components(side, cells, {colour}))


def singles(side: int, cells: Cells, colour: int) -> list[int]:
    return [min(part) for part in components(side, cells, {colour}) if len(part) == 1]


def lowest_final(side: int, cells: Cells, colour: int) -> int:
    """L: regions of empty-or-``colour`` cells that hold a group of ``colour``."""
    stones = {c for part in components(side, cells, {colour}) if len(part) >= 2 for c in part}
    return sum(bool(part & stones) for part in components(side, cells, {0, colour}))


def highest_final(side: int, cells: Cells, colour: int) -> int:
    """U: today's groups, plus one per single that an empty neighbour could join to a new
    group, plus one per two further empty cells that could start one."""
    neighbours = hexagon(side)
    lone = set(singles(side, cells, colour))
    useful = [
        c
        for c, here in enumerate(cells)
        if here == 0 and any(cells[n] == 0 or n in lone for n in neighbours[c])
    ]
    free = [s for s in lone if any(cells[n] == 0 for n in neighbours[s])]
    joined = min(len(free), len(useful))
    return groups(side, cells, colour) + joined + (len(useful) - joined) // 2


def frozen_now(side: int, cells: Cells, players: int) -> set[int]:
    """Players whose group count can no longer tie or cross any other's."""
    low = {p: lowest_final(side, cells, p) for p in range(1, players + 1)}
    high = {p: highest_final(side, cells, p) for p in range(1, players + 1)}
    return {p for p in low if all(low[q] > high[p] or high[q] < low[p] for q in low if q != p)}


@dataclass(frozen=True)
class Rules:
    side: int
    players: int
    stones: int = 2
    extra: str = "full"
    wunchunk: bool = False
    frozen_rule: bool = False


@dataclass(frozen=True)
class Position:
    cells: Cells
    mover: int  # 0 once the game is over
    allowance: int
    placed: int  # stones of the current turn
    passes: int  # turns in a row without stones
    frozen: frozenset[int] = frozenset()


def start(rules: Rules) -> Position:
    """The first turn is one stone (R5)."""
    return Position((0,) * len(hexagon(rules.side)), 1, 1, 0, 0)


def moves(rules: Rules, pos: Position) -> list[tuple[int, int] | str]:
    if not pos.mover:
        return []
    empty = [c for c, colour in enumerate(pos.cells) if colour == 0]
    stones: list[tuple[int, int] | str] = [
        (colour, c) for colour in range(1, rules.players + 1) for c in empty
    ]
    return [*stones, "end" if pos.placed else "pass"]


def play(rules: Rules, pos: Position, move: tuple[int, int] | str) -> Position:
    if isinstance(move, tuple):
        colour, cell = move
        cells = pos.cells[:cell] + (colour,) + pos.cells[cell + 1 :]
        pos = replace(pos, cells=cells, placed=pos.placed + 1)
        if pos.placed < pos.allowance and 0 in cells:
            return pos
    return finish_turn(rules, pos)


def finish_turn(rules: Rules, pos: Position) -> Position:
    cells, players = pos.cells, rules.players
    passes = 0 if pos.placed else pos.passes + 1
    frozen = pos.frozen
    if rules.frozen_rule and pos.placed and 0 in cells:
        frozen = frozen | frozen_now(rules.side, cells, players)
    in_play = players - len(frozen)
    over = 0 not in cells or (rules.frozen_rule and in_play < 2) or passes >= in_play
    if over:
        return Position(cells, 0, 0, 0, passes, frozen)
    player = pos.mover
    while True:
        player = player % players + 1
        if player not in frozen:
            break
    count = {p: groups(rules.side, cells, p) for p in range(1, players + 1)}
    if rules.wunchunk:  # fewer groups is better (R13)
        ahead = sum(count[p] < count[player] for p in count)
    else:
        ahead = sum(count[p] > count[player] for p in count)
    extra = {"full": ahead, "half": (ahead + 1) // 2, "none": 0}[rules.extra]
    return Position(cells, player, rules.stones + extra, 0, passes, frozen)


def count(rules: Rules, pos: Position, depth: int) -> int:
    """Move sequences of exactly ``depth`` moves from ``pos``."""
    if depth == 0:
        return 1
    return sum(count(rules, play(rules, pos, move), depth - 1) for move in moves(rules, pos))


def turns(rules: Rules, pos: Position) -> list[Position]:
    """The positions after each whole turn: a pass, or any set of one to ``allowance``
    stones of any colours on empty cells (their order changes nothing, R3)."""
    if not pos.mover:
        return []
    empty = [c for c, colour in enumerate(pos.cells) if colour == 0]
    after = [finish_turn(rules, pos)]  # the pass
    colours = range(1, rules.players + 1)
    for size in range(1, min(pos.allowance, len(empty)) + 1):
        for where in combinations(empty, size):
            for paint in product(colours, repeat=size):
                cells = list(pos.cells)
                for cell, colour in zip(where, paint, strict=True):
                    cells[cell] = colour
                after.append(finish_turn(rules, replace(pos, cells=tuple(cells), placed=size)))
    return after


def count_turns(rules: Rules, pos: Position, depth: int) -> int:
    """Sequences of exactly ``depth`` whole turns from ``pos``."""
    if depth == 0:
        return 1
    return sum(count_turns(rules, child, depth - 1) for child in turns(rules, pos))


def model_counts(side: int, players: int, variant: dict, depth: int, kind: str) -> list[int]:
    """Counts of ``kind`` ("moves" or "turns") at depths 1 to ``depth`` for a data row."""
    frozen = variant.get("frozen", players >= 3)  # R12's default
    rules = Rules(
        side,
        players,
        variant.get("stones", 2),
        variant.get("extra", "full"),
        variant.get("wunchunk", False),
        frozen,
    )
    counter = count if kind == "moves" else count_turns
    return [counter(rules, start(rules), d) for d in range(1, depth + 1)]
