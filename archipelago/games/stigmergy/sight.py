"""Sight and control on a Stigmergy board, kept up to date stone by stone.

``see[p][cell]`` is how many of player p's stones ``cell`` sees: the first stone along each
of its six lines, its own stone not counted. A stone put down or flipped changes only the
cells that see it, which lie along its six rays up to the first stone on each, so a move
touches a few dozen counters instead of the whole board; taking a stone back is the exact
inverse. ``Sight`` holds the stones and the counters; ``StigmergyGame`` adds the turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .geometry import Geometry


class SightLine(NamedTuple):
    """One of a cell's six lines of sight: the cells it runs over, nearest first, up to
    and including the first stone met, and that stone's owner (0: it leaves the board
    without meeting one)."""

    direction: int
    cells: tuple[int, ...]
    owner: int


def segments(geo: Geometry, cells: Sequence[int], cell: int) -> list[tuple[tuple[int, ...], int]]:
    """Per direction, the cells that see ``cell`` along it (up to and including the
    first stone) and that stone's owner (0 if the line runs off the board). Sight runs
    both ways, so these are also the cells ``cell`` looks over."""
    out = []
    for ray in geo.rays[cell]:
        k = 0
        owner = 0
        for y in ray:
            k += 1
            owner = cells[y]
            if owner:
                break
        out.append((ray[:k], owner))
    return out


def sight_lines(geo: Geometry, cells: Sequence[int], cell: int) -> list[SightLine]:
    """The six lines of sight of ``cell`` on a board whose stones are ``cells`` (0 empty,
    else the owner): what the cell sees is the owner of each line that meets a stone.
    A line along which the cell is on the board's edge has no cells."""
    return [
        SightLine(direction, seen, owner)
        for direction, (seen, owner) in enumerate(segments(geo, cells, cell))
    ]


class Sight:
    """The stones on one board and what every cell sees of them."""

    __slots__ = ("geo", "cells", "see", "stones")

    def __init__(self, geo: Geometry) -> None:
        n = geo.cell_count
        self.geo = geo
        self.cells: list[int] = [0] * n  # 0 empty, else the owner
        # Index 0 is unused so that see[player] reads naturally.
        self.see: tuple[list[int], list[int], list[int]] = ([], [0] * n, [0] * n)
        self.stones: list[int] = [0, 0, 0]  # per player, index 0 unused

    # ------------------------------------------------------------------ queries
    def sees(self, cell: int) -> tuple[int, int]:
        """How many stones of player 1 and of player 2 ``cell`` sees."""
        return self.see[1][cell], self.see[2][cell]

    def controller(self, cell: int) -> int:
        """The player who controls ``cell`` (empty or not), or 0. Both at once is
        impossible: that would take more than all of its lines."""
        need = self.geo.need[cell]
        if self.see[1][cell] >= need:
            return 1
        if self.see[2][cell] >= need:
            return 2
        return 0

    def free_cell(self) -> int | None:
        """An empty cell that neither player controls (the first one), or None."""
        cells, need, s1, s2 = self.cells, self.geo.need, self.see[1], self.see[2]
        for cell in range(len(cells)):
            if not cells[cell] and s1[cell] < need[cell] and s2[cell] < need[cell]:
                return cell
        return None

    def territory(self) -> tuple[int, int]:
        """Per player, the empty cells they control."""
        cells, need, s1, s2 = self.cells, self.geo.need, self.see[1], self.see[2]
        t1 = t2 = 0
        for cell in range(len(cells)):
            if not cells[cell]:
                if s1[cell] >= need[cell]:
                    t1 += 1
                elif s2[cell] >= need[cell]:
                    t2 += 1
        return t1, t2

    # ------------------------------------------------------------------ changes
    def _segments(self, cell: int) -> list[tuple[tuple[int, ...], int]]:
        """Per direction, the cells that see ``cell`` along it (up to and including the
        first stone) and that stone's owner (0 if the line runs off the board)."""
        return segments(self.geo, self.cells, cell)

    def sight_lines(self, cell: int) -> list[SightLine]:
        """The six lines of sight of ``cell`` in this position (``sight_lines``)."""
        return sight_lines(self.geo, self.cells, cell)

    def place(self, cell: int, player: int) -> None:
        """Put a stone down and update the sight of every cell that now sees it: along
        each line those cells looked past ``cell`` at the first stone behind it."""
        self._shift_sight(cell, player, 1)
        self.cells[cell] = player
        self.stones[player] += 1

    def unplace(self, cell: int) -> None:
        """Take a stone back off the board: the exact inverse of ``place``."""
        player = self.cells[cell]
        self._shift_sight(cell, player, -1)
        self.cells[cell] = 0
        self.stones[player] -= 1

    def _shift_sight(self, cell: int, player: int, step: int) -> None:
        """The cells that see ``cell`` (empty) see ``step`` more stones of ``player`` and
        ``step`` fewer of the stone behind it on each line: ``place`` (1) and ``unplace``
        (-1) are one loop, so that they stay exact inverses."""
        mine = self.see[player]
        see = self.see
        segments = self._segments(cell)
        for d in range(6):
            seg = segments[d][0]
            behind = segments[(d + 3) % 6][1]
            if behind == player:
                continue
            if behind:
                theirs = see[behind]
                for y in seg:
                    theirs[y] -= step
                    mine[y] += step
            else:
                for y in seg:
                    mine[y] += step

    def flip(self, cell: int, player: int) -> None:
        """Give the stone on ``cell`` to ``player``: what sees it now sees a stone of
        ``player`` where it saw one of the other."""
        other = 3 - player
        mine, theirs = self.see[player], self.see[other]
        for seg, _ in self._segments(cell):
            for y in seg:
                theirs[y] -= 1
                mine[y] += 1
        self.cells[cell] = player
        self.stones[player] += 1
        self.stones[other] -= 1
