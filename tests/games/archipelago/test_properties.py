"""Property tests over games that hypothesis plays: the setup and every choice (each
stone's colour and cell, an early end of turn, a pass, an undo) are drawn values, so a
failure shrinks to a short game of plain moves (gamehelpers.actions)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from archipelago.errors import IllegalMoveError
from archipelago.games.archipelago.record import dumps, to_record
from archipelago.games.archipelago.state import GameState
from archipelago.registry import loads
from tests.support.gamehelpers import actions, actions_of, play_action, recount, variant_strategy

variants = variant_strategy(frozen=st.sampled_from([None, True, False]))
games = st.tuples(
    st.integers(2, 5),  # board side: small boards reach the end and freezing quickly
    st.integers(2, 4),
    variants,
    actions,
)


def raw(state: GameState) -> tuple:
    """Every field, in its exact order: what an undo has to put back."""
    return (
        state.cells[:],
        state.parent[:],
        state.comp_size[:],
        state.groups_count[:],
        state.singles_count[:],
        state.empty_count,
        state.mover,
        state.allowance,
        state.turn_stones[:],
        state.turn_start_counts,
        state.passes,
        state.frozen,
        [dict(m) for m in state.markers],
        state.turns[:],
        state.movers[:],
        state.end_reason,
    )


@settings(max_examples=60, deadline=None)
@given(games)
def test_incremental_counts_equal_a_recount_after_every_stone(game):
    size, players, variant, drawn = game
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    while not state.is_over:
        play_action(state, next(picks))
        counts = recount(state.board, state.cells, players)
        assert state.groups_count == counts
        assert state.singles_count[1:] == [len(state.singles(c)) for c in state.colours]
        assert [len(state.groups(c)) for c in state.colours] == counts[1:]


@settings(max_examples=60, deadline=None)
@given(games)
def test_undo_restores_the_exact_previous_state(game):
    size, players, variant, drawn = game
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    history = [raw(state)]
    while not state.is_over:
        play_action(state, next(picks))
        history.append(raw(state))
        # Undo a few steps now and then, and play on with other choices.
        roll = next(picks)[0]
        if roll >= 70:  # roll 70 to 99: undo 1 to 3 steps
            for _ in range(min(roll % 3 + 1, len(history) - 1)):
                state.undo()
                history.pop()
                assert raw(state) == history[-1]
    while len(history) > 1:
        state.undo()
        history.pop()
        assert raw(state) == history[-1]
    assert state == GameState(size, players, variant)


@settings(max_examples=40, deadline=None)
@given(games)
def test_clone_is_equal_and_independent(game):
    size, players, variant, drawn = game
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    for _ in range(len(drawn)):
        if state.is_over:
            break
        play_action(state, next(picks))
    copy = state.clone()
    assert copy == state and raw(copy) == raw(state)
    before = raw(state)
    while not copy.is_over:
        play_action(copy, next(picks))
    if copy.turns != state.turns or copy.turn_stones != state.turn_stones:
        assert raw(state) == before  # playing on the clone left the original alone
    copy.undo() if copy._undo else None
    assert raw(state) == before


@settings(max_examples=60, deadline=None)
@given(games, st.booleans())
def test_write_then_read_gives_the_same_game(game, stop_mid_turn):
    size, players, variant, drawn = game
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    for _ in range(len(drawn)):
        if state.is_over:
            break
        play_action(state, next(picks))
    if stop_mid_turn and not state.is_over and state.stones_left > 1:
        state.place(1, state.legal_cells()[0])
    again = loads(dumps(state))
    assert again == state
    assert to_record(again) == to_record(state)


@settings(max_examples=40, deadline=None)
@given(games)
def test_a_refused_move_changes_nothing(game):
    size, players, variant, drawn = game
    picks = actions_of(drawn)
    state = GameState(size, players, variant)
    while True:
        before = raw(state)
        occupied = [c for c, colour in enumerate(state.cells) if colour]
        attempts = [
            lambda: state.place(players + 1, 0),
            lambda: state.place(0, 0),
            lambda: state.place(1, state.board.cell_count),
        ]
        if occupied:
            taken = occupied[next(picks)[2] % len(occupied)]
            attempts.append(lambda taken=taken: state.place(1, taken))
        if state.turn_stones:
            attempts.append(state.pass_turn)
        else:
            attempts.append(state.end_turn)
        if state.is_over:
            attempts += [lambda: state.place(1, 0), state.pass_turn, state.end_turn]
        for attempt in attempts:
            try:
                attempt()
            except IllegalMoveError:
                pass
            else:
                raise AssertionError("an illegal move was accepted")
            assert raw(state) == before
        if state.is_over:
            break
        play_action(state, next(picks))
