"""Stigmergy's board (archipelago/games/stigmergy/geometry.py): each cell's six rays walk
away from it to the edge, and control needs more than half of a cell's neighbours."""

from __future__ import annotations

import pytest

from archipelago.games.stigmergy.geometry import MAX_SIZE, MIN_SIZE, geometry_for


@pytest.mark.parametrize("size", range(MIN_SIZE, MAX_SIZE + 1))
def test_rays_walk_from_neighbour_to_neighbour_to_the_edge_and_back(size):
    geo = geometry_for(size)
    board = geo.board
    assert len(geo.rays) == geo.cell_count == board.cell_count
    for cell, rays in enumerate(geo.rays):
        assert len(rays) == 6
        # A ray starts at a neighbour; the rays that leave the board at once are the
        # directions the cell has no neighbour in.
        assert sorted(ray[0] for ray in rays if ray) == sorted(board.neighbours[cell])
        for direction, ray in enumerate(rays):
            for step, there in enumerate(ray):
                before = ray[step - 1] if step else cell
                assert there in board.neighbours[before]
                # The opposite direction from any cell of the ray walks back over it.
                assert geo.rays[there][(direction + 3) % 6][: step + 1] == (
                    *reversed(ray[:step]),
                    cell,
                )


@pytest.mark.parametrize("size", [3, 5, 8])
def test_control_needs_four_sightings_inside_three_on_an_edge_and_two_in_a_corner(size):
    geo = geometry_for(size)
    needs = sorted(geo.need)
    edge = 6 * (size - 2)
    assert needs == [2] * 6 + [3] * edge + [4] * (geo.cell_count - 6 - edge)
    assert geo.komi_limit == geo.cell_count + 1


def test_one_geometry_per_board_side_is_shared():
    assert geometry_for(6) is geometry_for(6)
    assert geometry_for(6) is not geometry_for(7)
