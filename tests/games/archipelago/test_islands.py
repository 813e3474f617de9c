"""Stones and their groups kept incrementally (archipelago/games/archipelago/islands.py):
the union-find's groups, singles and block sizes agree with a flood fill of the board
after every stone and every undo, and ``stone_effect`` foretells each stone's change of
its colour's group count (RULINGS R8)."""

from __future__ import annotations

import random

import pytest

from archipelago.games.archipelago.islands import StoneGroups
from archipelago.games.archipelago.position import Position


def blocks(stones: StoneGroups, colour: int) -> list[list[int]]:
    """The blocks of ``colour`` found by a flood fill over the board's neighbours."""
    seen: set[int] = set()
    found = []
    for start, owner in enumerate(stones.cells):
        if owner != colour or start in seen:
            continue
        block, frontier = [], [start]
        seen.add(start)
        while frontier:
            cell = frontier.pop()
            block.append(cell)
            for near in stones.board.neighbours[cell]:
                if stones.cells[near] == colour and near not in seen:
                    seen.add(near)
                    frontier.append(near)
        found.append(sorted(block))
    return sorted(found)


def assert_agrees_with_a_flood_fill(stones: StoneGroups, colours: int) -> None:
    sizes = [0] * len(stones.cells)
    for colour in range(1, colours + 1):
        found = blocks(stones, colour)
        for block in found:
            for cell in block:
                sizes[cell] = len(block)
        assert stones.groups(colour) == [block for block in found if len(block) >= 2]
        assert stones.singles(colour) == sorted(b[0] for b in found if len(b) == 1)
    assert stones.component_sizes() == sizes
    assert stones.group_counts() == tuple(len(stones.groups(c)) for c in range(1, colours + 1))
    assert stones.empty_count == stones.cells.count(0)


def place(position: Position, colour: int, name: str) -> None:
    position.place(colour, position.board.index(name))


def test_a_single_stone_is_no_group_and_two_touching_stones_are_one():
    position = Position(3, 2)
    place(position, 1, "c3")
    assert position.group_counts() == (0, 0) and position.singles(1) == [position.board.index("c3")]
    place(position, 1, "c4")  # beside c3
    assert position.group_counts() == (1, 0) and position.singles(1) == []
    place(position, 2, "a1")  # another colour's stone joins nothing of colour 1
    assert position.group_counts() == (1, 0)


def test_stone_effect_names_a_new_group_an_extension_and_a_join():
    position = Position(3, 2)
    for colour, name in [(1, "a1"), (1, "b1"), (1, "a3"), (1, "b4"), (2, "e1")]:
        place(position, colour, name)
    board = position.board
    assert position.group_counts() == (2, 0)
    assert position.stone_effect(1, board.index("a2")) == -1  # joins {a1, b1} and {a3, b4}
    assert position.stone_effect(1, board.index("c1")) == 0  # extends {a1, b1}
    assert position.stone_effect(1, board.index("d3")) == 0  # a single, no group
    assert position.stone_effect(2, board.index("e2")) == 1  # pairs with the single e1
    place(position, 1, "a2")
    assert position.group_counts() == (1, 0)
    assert position.groups(1) == [sorted(board.index(n) for n in ("a1", "a2", "a3", "b1", "b4"))]


@pytest.mark.parametrize(("size", "players", "seed"), [(2, 2, 1), (4, 3, 2), (5, 4, 3), (6, 2, 4)])
def test_counts_follow_every_stone_and_every_undo_and_effects_come_true(size, players, seed):
    rng = random.Random(seed)
    position = Position(size, players)
    while not position.is_over:
        assert_agrees_with_a_flood_fill(position, players)
        empty = [cell for cell, owner in enumerate(position.cells) if owner == 0]
        colour, cell = rng.randint(1, players), rng.choice(empty)
        before = position.groups_count[colour]
        foretold = position.stone_effect(colour, cell)
        position.place(colour, cell)
        assert position.groups_count[colour] - before == foretold
    # Taken back one by one, every count is exact again at each step, down to a new board.
    while position.history_codes():
        position.undo()
        assert_agrees_with_a_flood_fill(position, players)
    assert position.cells == [0] * position.board.cell_count
    assert position.parent == list(range(position.board.cell_count))
