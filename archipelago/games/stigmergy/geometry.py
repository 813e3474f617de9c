"""Stigmergy's board: the hexhex cells of ``archipelago.hexgrid`` plus what sight needs.

Sight runs along the six lines through a cell, so every cell gets its six rays (the cells
met walking away from it in each direction, nearest first) and the number of its own
stones' sightings that makes control: more than half of its neighbours (4 of 6 inside,
3 of 4 on an edge, 2 of 3 in a corner). Computed once per board side and shared.
"""

from __future__ import annotations

from functools import cache

from archipelago.hexgrid import AXIAL_DIRECTIONS, Board, board_for

MIN_SIZE = 3
MAX_SIZE = 10
DEFAULT_SIZE = 8


class Geometry:
    """Rays and control thresholds of one board side (immutable)."""

    __slots__ = ("board", "size", "cell_count", "rays", "need", "komi_limit")

    def __init__(self, size: int) -> None:
        board: Board = board_for(size)
        self.board = board
        self.size = size
        self.cell_count = board.cell_count
        by_axial = {coordinate: cell for cell, coordinate in enumerate(board.axial)}
        rays: list[tuple[tuple[int, ...], ...]] = []
        for q, r in board.axial:
            cell_rays = []
            for dq, dr in AXIAL_DIRECTIONS:
                ray = []
                step = 1
                while (q + step * dq, r + step * dr) in by_axial:
                    ray.append(by_axial[(q + step * dq, r + step * dr)])
                    step += 1
                cell_rays.append(tuple(ray))
            rays.append(tuple(cell_rays))
        #: rays[cell][d]: the cells from ``cell`` outwards in direction d, nearest first.
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        #: need[cell]: sightings of one player's stones that give control of ``cell``.
        self.need: tuple[int, ...] = tuple(len(n) // 2 + 1 for n in board.neighbours)
        #: The largest komi a player may propose: one more than the number of cells.
        self.komi_limit = self.cell_count + 1


@cache
def geometry_for(size: int) -> Geometry:
    """The shared Geometry of side ``size``."""
    return Geometry(size)
