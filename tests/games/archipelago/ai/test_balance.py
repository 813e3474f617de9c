"""Level 5's first phase: the fitted counts (groups, singles, stones, open singles, merge
cells, lone cells) of ``balance.py``, the prior that values a stone by what it changes in
three of them, who uses them, and the command that fits their weights. Strength is
measured by the match command (docs/strength.md)."""

from __future__ import annotations

import math

import pytest

from archipelago.games.archipelago.ai import ArchipelagoKnowledge
from archipelago.games.archipelago.ai.balance import (
    BALANCE_FIT,
    CLOSING_EMPTY,
    PRIOR_FIT,
    SMALL_CLOSING_EMPTY,
    applies,
    balance_terms,
    balance_values,
    colour_counts,
)
from archipelago.games.archipelago.ai.features import move_scores
from archipelago.games.archipelago.ai.fit_balance import features, least_squares, main
from archipelago.games.archipelago.ai.knowledge import balance_rewards
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.search import make_agent


def cell_of(state: GameState, name: str) -> int:
    return state.board.index(name)


def test_terms_move_with_the_empty_share():
    empty = GameState(6, 2, Variant())
    group, single, stone = balance_terms(empty)
    assert (group, single, stone) == pytest.approx(
        tuple(base + per_empty for base, per_empty in PRIOR_FIT)
    )
    # A stone of one's colour costs most while the board is empty (the colour with more
    # stones ends as fewer, larger groups), and groups count for more than stones.
    assert stone < 0 < single < group
    half = GameState(6, 2, Variant())
    for cell in range(0, 45):
        if half.mover is None:
            break
        half.place(1 + cell % 2, cell)
    assert balance_terms(half)[2] > stone


def brute_counts(state: GameState) -> list[list[int]]:
    """``colour_counts`` the slow way: components by flood fill, then every empty cell."""
    cells, neighbours = state.cells, state.board.neighbours
    component = [-1] * len(cells)
    sizes: list[int] = []
    for start, colour in enumerate(cells):
        if colour and component[start] < 0:
            component[start] = len(sizes)
            stack, size = [start], 0
            while stack:
                cell = stack.pop()
                size += 1
                for n in neighbours[cell]:
                    if cells[n] == colour and component[n] < 0:
                        component[n] = len(sizes)
                        stack.append(n)
            sizes.append(size)
    out: list[list[int]] = [[]]
    for colour in range(1, state.players + 1):
        mine = {component[c] for c in range(len(cells)) if cells[c] == colour}
        groups = sum(1 for k in mine if sizes[k] >= 2)
        singles = [k for k in mine if sizes[k] == 1]
        touching = [
            {component[n] for n in neighbours[c] if cells[n] == colour}
            for c in range(len(cells))
            if not cells[c]
        ]
        open_singles = {k for near in touching for k in near if sizes[k] == 1}
        merge = sum(1 for near in touching if len(near) >= 2)
        lone = sum(1 for near in touching if not near)
        out.append([groups, len(singles), cells.count(colour), len(open_singles), merge, lone])
    return out


def test_colour_counts_on_a_small_position():
    state = GameState(6, 2, Variant())
    a1 = cell_of(state, "a1")
    state.place(1, a1)
    corner = len(state.board.neighbours[a1])
    n = len(state.cells)
    # One single of colour 1, open (its neighbours are empty); every empty cell not next
    # to it is lone for colour 1, every empty cell is lone for colour 2.
    assert colour_counts(state) == [[], [0, 1, 1, 1, 0, n - 1 - corner], [0, 0, 0, 0, 0, n - 1]]


@pytest.mark.parametrize("players", [2, 3])
def test_colour_counts_agree_with_a_flood_fill(players):
    import random

    rng = random.Random(players)
    state = GameState(5, players, Variant())
    while state.mover is not None and state.empty_count > 8:
        empty = [c for c in range(len(state.cells)) if not state.cells[c]]
        state.place(rng.randrange(players) + 1, rng.choice(empty))
        assert colour_counts(state) == brute_counts(state)


def test_balance_rewards_compare_the_weighted_counts():
    state = GameState(6, 2, Variant())
    for colour, name in ((1, "a1"), (2, "a2"), (1, "c1")):
        state.place(colour, cell_of(state, name))
    e = state.empty_count / len(state.cells)
    weights = [base + per_empty * e for base, per_empty in BALANCE_FIT]
    counts = brute_counts(state)
    worth = [sum(w * k for w, k in zip(weights, counts[p], strict=True)) for p in (1, 2)]
    assert balance_values(state) == pytest.approx(worth)
    values = balance_rewards(state)
    assert values[1] + values[2] == pytest.approx(1.0)
    assert values[1] == pytest.approx(1.0 / (1.0 + math.exp(-(worth[0] - worth[1]))))


def test_equal_values_fall_back_to_the_standing():
    state = GameState(6, 2, Variant())
    assert balance_rewards(state) == [0.0, 0.5, 0.5]


def test_the_prior_with_terms_values_each_count_it_changes():
    state = GameState(6, 2, Variant())
    a1, b1, a3 = (cell_of(state, name) for name in ("a1", "b1", "a3"))
    state.place(1, a1)  # turn 1 (one stone); player 2 to move
    terms = balance_terms(state)
    group, single, stone = terms
    scores, codes = move_scores(state, terms=terms)
    by_code = dict(zip(codes, scores, strict=True))
    n = len(state.cells)
    # Player 2 to move: colour 2 is theirs, colour 1 their opponent's.
    assert by_code[2 * n + a3] == pytest.approx(single + stone)  # a new single of theirs
    assert by_code[1 * n + a3] == pytest.approx(-(single + stone))  # one of the opponent's
    assert by_code[1 * n + b1] == pytest.approx(-(group - single + stone))  # pairs a1
    # Without terms the prior is the group count's, as before.
    plain = dict(zip(*reversed(move_scores(state)), strict=True))
    assert plain[1 * n + b1] == pytest.approx(-1.0)


def test_only_level_5_values_by_balance_and_only_in_the_first_phase():
    big = GameState(6, 2, Variant())  # 91 cells, more than the closing phase's 61
    level5 = make_agent(5, seed=1)
    level4 = make_agent(4, seed=1)
    assert isinstance(level5.knowledge, ArchipelagoKnowledge)  # type: ignore[attr-defined]
    knowledge5 = level5.knowledge  # type: ignore[attr-defined]
    knowledge4 = level4.knowledge  # type: ignore[attr-defined]
    knowledge5.set_root(big)
    knowledge4.set_root(big)
    assert knowledge5.balancing and not knowledge4.balancing
    assert knowledge5.evaluate(big) == balance_rewards(big)
    knowledge5.set_root(GameState(4, 2, Variant()))  # 37 cells: all closing phase
    assert not knowledge5.balancing
    assert knowledge5.closing_empty(big) == CLOSING_EMPTY < 91
    late = GameState(5, 2, Variant())  # 61 cells: the closing phase from 30 empty cells
    assert knowledge5.closing_empty(late) == SMALL_CLOSING_EMPTY < CLOSING_EMPTY
    knowledge5.set_root(late)
    assert knowledge5.balancing
    empty = [c for c in range(len(late.cells)) if not late.cells[c]]
    for cell in empty[: 61 - CLOSING_EMPTY]:  # 40 empty cells: still the first phase
        late.place(1 + cell % 2, cell)
    knowledge5.set_root(late)
    assert knowledge5.balancing
    for cell in empty[61 - CLOSING_EMPTY : 61 - SMALL_CLOSING_EMPTY]:
        late.place(1 + cell % 2, cell)
    knowledge5.set_root(late)
    assert not knowledge5.balancing
    assert knowledge4.closing_empty(late) == 61  # level 4 keeps the default
    for players in (3, 4):  # the counts serve every player count of standard scoring
        knowledge5.set_root(GameState(6, players, Variant()))
        assert knowledge5.balancing
    for other in (GameState(6, 2, Variant(wunchunk=True)), GameState(6, 4, Variant(wunchunk=True))):
        assert not applies(other)
        knowledge5.set_root(other)
        assert not knowledge5.balancing


def test_level_5_plays_legal_whole_turns_with_balance():
    state = GameState(6, 2, Variant())
    agent = make_agent(5, seed=3, iterations=150)
    for _ in range(6):
        moves = agent.play_turn(state)
        assert moves
    assert state.empty_count < 91


def test_least_squares_recovers_exact_weights():
    truth = [0.5, -1.25, 2.0]
    xs = [[1.0, 2.0, 0.0], [0.0, 1.0, 1.0], [3.0, 0.0, 1.0], [1.0, 1.0, 1.0], [2.0, 5.0, 3.0]]
    ys = [sum(a * b for a, b in zip(x, truth, strict=True)) for x in xs]
    assert least_squares(xs, ys) == pytest.approx(truth)
    with pytest.raises(ValueError, match="dependent"):
        least_squares([[1.0, 2.0], [2.0, 4.0]], [1.0, 2.0])


def test_features_are_leads_of_one_player_over_the_other():
    state = GameState(6, 2, Variant())
    for name in ("a1", "a2", "c1"):
        state.place(1, cell_of(state, name))
    one, two = features(state, 1), features(state, 2)
    assert one == pytest.approx([-x for x in two])
    assert one[0] == 1 and one[4] == 3  # a group (a1-a2) and three stones of colour 1


def test_fit_command_prints_the_weights(capsys):
    assert main(["--sizes", "5", "--games", "6", "--playouts", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("BALANCE_FIT = (\n    (")
    assert out.count("\n    (") == len(BALANCE_FIT)
    assert "correlation of fitted and measured values" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sizes", "six"], "board sides like 6,7"),
        (["--sizes", "4"], "from 5 to 12"),
        (["--games", "0"], "at least 1"),
    ],
)
def test_fit_command_rejects_bad_arguments(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err
