"""Sight and control kept stone by stone (archipelago/games/stigmergy/sight.py): after
every stone put down, flipped or taken back, what each cell sees, who controls it, the
territory and the first free cell agree with tests/support/stighelpers.py's model, which
walks the board's lines from scratch."""

from __future__ import annotations

import random

import pytest

from archipelago.games.stigmergy.geometry import geometry_for
from archipelago.games.stigmergy.sight import Sight, sight_lines
from tests.support.stighelpers import control_from_scratch, sight_from_scratch


def assert_agrees_with_the_model(sight: Sight) -> None:
    size = sight.geo.size
    counts = sight_from_scratch(size, sight.cells)
    assert sight.see[1] == counts[1] and sight.see[2] == counts[2]
    control = control_from_scratch(size, sight.cells)
    assert [sight.controller(cell) for cell in range(len(sight.cells))] == control
    empty = [cell for cell, owner in enumerate(sight.cells) if not owner]
    territory = tuple(sum(1 for cell in empty if control[cell] == p) for p in (1, 2))
    assert sight.territory() == territory
    assert sight.free_cell() == next((cell for cell in empty if not control[cell]), None)
    assert sight.stones[1:] == [sight.cells.count(1), sight.cells.count(2)]


@pytest.mark.parametrize(("size", "seed"), [(3, 1), (4, 2), (6, 3)])
def test_stones_put_down_flipped_and_taken_back_keep_sight_exact(size, seed):
    rng = random.Random(seed)
    sight = Sight(geometry_for(size))
    placed: list[int] = []
    for _ in range(3 * sight.geo.cell_count):
        empty = [cell for cell, owner in enumerate(sight.cells) if not owner]
        roll = rng.random()
        if placed and roll < 0.2:
            cell = placed.pop(rng.randrange(len(placed)))
            sight.unplace(cell)
        elif placed and roll < 0.4:
            cell = rng.choice(placed)
            sight.flip(cell, 3 - sight.cells[cell])
        elif empty:
            cell = rng.choice(empty)
            sight.place(cell, rng.choice((1, 2)))
            placed.append(cell)
        assert_agrees_with_the_model(sight)
    for cell in placed:
        sight.unplace(cell)
    assert sight.see[1] == sight.see[2] == [0] * sight.geo.cell_count


def test_a_line_of_sight_runs_to_the_first_stone_and_names_its_owner():
    geo = geometry_for(4)
    name = geo.board.index
    sight = Sight(geo)
    sight.place(name("d7"), 1)
    sight.place(name("d6"), 2)
    lines = sight.sight_lines(name("d4"))
    assert lines == sight_lines(geo, sight.cells, name("d4"))
    east = next(line for line in lines if name("d5") in line.cells)
    assert east.cells == (name("d5"), name("d6")) and east.owner == 2  # d6 hides d7
    assert sight.sees(name("d4")) == (0, 1)
    assert all(line.owner == 0 for line in lines if line is not east)
