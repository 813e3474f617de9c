"""Level 5's first phase: the fitted counts (groups, singles, stones) of ``balance.py``,
the prior that values a stone by what it changes in them, who uses them, and the command
that fits their weights. Strength is measured by the match command (docs/strength.md)."""

from __future__ import annotations

import math

import pytest

from archipelago.ai import ArchipelagoKnowledge
from archipelago.ai.balance import BALANCE_FIT, applies, balance_terms
from archipelago.ai.features import move_scores
from archipelago.ai.fit_balance import features, least_squares, main
from archipelago.ai.knowledge import balance_rewards
from archipelago.search import make_agent
from archipelago.state import GameState
from archipelago.variant import Variant


def cell_of(state: GameState, name: str) -> int:
    return state.board.index(name)


def test_terms_move_with_the_empty_share():
    empty = GameState(6, 2, Variant())
    group, single, stone = balance_terms(empty)
    assert (group, single, stone) == pytest.approx(
        tuple(base + per_empty for base, per_empty in BALANCE_FIT)
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


def test_more_stones_of_ones_colour_is_worth_less_with_equal_groups():
    state = GameState(6, 2, Variant())
    a1, a2, c1 = (cell_of(state, name) for name in ("a1", "a2", "c1"))
    state.place(1, a1)  # player 1's opening stone (one stone, R5)
    state.place(2, a2)  # player 2 places player 2's colour next to it: no group yet
    state.place(1, c1)  # and a single of player 1's colour
    counts = state.groups_count, state.singles_count
    assert counts[0][1] == counts[0][2] == 0
    values = balance_rewards(state)
    assert values[1] + values[2] == pytest.approx(1.0)
    # Colour 1 has two singles, colour 2 one: more singles help, more stones hurt.
    group, single, stone = balance_terms(state)
    expected = 1.0 / (1.0 + math.exp(-(single + stone)))
    assert values[1] == pytest.approx(expected)


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
    knowledge5.set_root(GameState(5, 2, Variant()))  # 61 cells: all closing phase
    assert not knowledge5.balancing
    knowledge5.set_root(GameState(6, 3, Variant()))
    assert knowledge5.balancing
    for other in (GameState(6, 4, Variant()), GameState(6, 2, Variant(wunchunk=True))):
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
    assert main(["--sizes", "5", "--games", "2", "--playouts", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("BALANCE_FIT = ((")
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
