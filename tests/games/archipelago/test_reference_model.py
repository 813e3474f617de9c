"""The engine against a slow, plain re-statement of the rules (no union-find, no caches).

Games that hypothesis draws (gamehelpers.actions) are played through the engine; a
reference model replays the same turns, recomputing every group count from scratch, and
must agree on each turn's allowance, the scoring track, the shown scores, the ranking and
the end of the game. Frozen Irrelevance is left to test_frozen.py (its proof cannot be
restated simply), so it is off here.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from archipelago.games.archipelago.state import GameState
from tests.support.gamehelpers import actions, actions_of, play_action, recount, variant_strategy


def reference_allowance(variant, counts, mover, players, first_turn):
    if first_turn:
        return 1
    mine = counts[mover]
    if variant.wunchunk:
        ahead = sum(1 for p in range(1, players + 1) if p != mover and counts[p] < mine)
    else:
        ahead = sum(1 for p in range(1, players + 1) if p != mover and counts[p] > mine)
    extra = {"full": ahead, "half": math.ceil(ahead / 2), "none": 0}[variant.extra]
    return variant.stones + extra


def reference_rank_key(variant, groups, markers):
    column = max(markers) if markers else 0
    value = markers[column] if markers else -1
    if variant.scoring == "alternating":
        key = [groups, column, value]
    else:
        key = [groups, sum(markers.values()), column, value]
    return [-k for k in key] if variant.wunchunk else key


def reference_replay(size, players, variant, turns):
    """Replay finished turns by the rules' text; returns what each turn allowed and the
    final track, counts, scores, ranks and whether the game is over."""
    state = GameState(size, players, variant)  # only for the board geometry
    board = state.board
    cells = [0] * board.cell_count
    markers = [{} for _ in range(players + 1)]
    mover, passes, over = 1, 0, False
    allowances = []
    for index, turn in enumerate(turns):
        assert not over
        start = recount(board, cells, players)
        allowances.append(reference_allowance(variant, start, mover, players, index == 0))
        for colour, cell in turn:
            assert cells[cell] == 0
            cells[cell] = colour
        end = recount(board, cells, players)
        for step in range(players):  # R9: from the mover, in turn order
            player = (mover - 1 + step) % players + 1
            for column in range(start[player] + 1, end[player] + 1):
                if column in markers[player]:
                    continue
                taken = {markers[p][column] for p in range(1, players + 1) if column in markers[p]}
                free = [v for v in (3, 2, 1, 0) if v not in taken]
                markers[player][column] = min(free) if variant.wunchunk else max(free)
        passes = 0 if turn else passes + 1
        if all(cells) or passes == players:
            over = True
        mover = mover % players + 1
    counts = recount(board, cells, players)
    keys = [reference_rank_key(variant, counts[p], markers[p]) for p in range(1, players + 1)]
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    scores = [100 * counts[p] + sum(markers[p].values()) for p in range(1, players + 1)]
    return allowances, markers[1:], counts[1:], scores, ranks, over


variants = variant_strategy(frozen=st.just(False))


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 6), st.integers(2, 4), variants, actions)
def test_engine_agrees_with_the_reference_model(size, players, variant, drawn):
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    allowances = []
    while not state.is_over:
        if not state.turn_stones:
            allowances.append(state.allowance)
        # The mover's own colour a third of the time, so that groups grow and merge.
        play_action(state, next(picks), own_colour=30)
    expected = reference_replay(size, players, variant, state.turns)
    ref_allowances, ref_markers, ref_counts, ref_scores, ref_ranks, ref_over = expected
    assert allowances == ref_allowances
    assert [state.bonus(p) for p in state.colours] == ref_markers
    assert list(state.group_counts()) == ref_counts
    assert list(state.shown_scores()) == ref_scores
    assert list(state.ranks()) == ref_ranks
    assert state.is_over and ref_over
