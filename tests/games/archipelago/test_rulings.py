"""One test (or a few) per ruling of docs/rules-reading.md, and per variation of the seed."""

import pytest

from archipelago.errors import IllegalMoveError, NotationError, RecordError, SetupError
from archipelago.games.archipelago.notation import format_turn
from archipelago.games.archipelago.record import dumps, to_record
from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from archipelago.hexgrid import Board, board_for, cell_count
from tests.support.gamehelpers import cell, recount, replay

# --- R1: hexhex boards of side 2 to 12 ---------------------------------------------


@pytest.mark.parametrize("side", range(2, 13))
def test_r1_cell_count(side):
    board = board_for(side)
    assert board.cell_count == 3 * side * (side - 1) + 1 == cell_count(side)
    assert len(board.rows) == 2 * side - 1
    # Neighbourhood is symmetric; corners have 3 neighbours, the centre 6.
    for c, ns in enumerate(board.neighbours):
        assert all(c in board.neighbours[n] for n in ns)
    assert sorted(len(ns) for ns in board.neighbours)[:6] == [3] * 6
    assert max(len(ns) for ns in board.neighbours) == 6


@pytest.mark.parametrize("side", [1, 13, 0])
def test_r1_other_sides_are_refused(side):
    with pytest.raises(ValueError):
        Board(side)
    with pytest.raises(SetupError):
        GameState(side, 2)


# --- R2: cell names ------------------------------------------------------------------


def test_r2_names_on_a_side_7_board():
    board = board_for(7)
    assert [board.names[c] for c in board.rows[0]] == [f"a{i}" for i in range(1, 8)]
    assert [board.names[c] for c in board.rows[6]] == [f"g{i}" for i in range(1, 14)]
    assert [board.names[c] for c in board.rows[-1]] == [f"m{i}" for i in range(1, 8)]
    # The bottom row is at the bottom of the picture and a1 at its left end.
    x_a1, y_a1 = board.center(board.index("a1"))
    x_a7, _ = board.center(board.index("a7"))
    _, y_m1 = board.center(board.index("m1"))
    assert x_a1 < x_a7 and y_a1 > y_m1
    # a1 touches a2 and the two cells above it, b1 and b2.
    assert {board.names[n] for n in board.neighbours[board.index("a1")]} == {"a2", "b1", "b2"}


def test_r2_unknown_cell_names():
    board = board_for(7)
    for name in ["n1", "a8", "g14", "a0", "zz"]:
        with pytest.raises(NotationError):
            board.index(name)


# --- R3: players, colours and the spelling of turns -------------------------------


def test_r3_canonical_spelling_sorts_stones():
    # A record's turn is read as written and written back sorted by cell, not by text.
    read = to_record(replay(3, ["1g7", "2g6, 1f4", "1g10,1g2"]))
    assert read["turns"] == ["1g7", "1f4,2g6", "1g2,1g10"]
    assert format_turn(board_for(7), []) == "pass"


def test_r3_two_spellings_are_the_same_turn():
    one = replay(3, ["1g7", "2f6,3a1", "1b2,1b1"], current="2k1")
    other = replay(3, ["1g7", "3a1,2f6", "1b1,1b2"], current="2k1")
    assert one == other
    assert to_record(one)["turns"] == to_record(other)["turns"] == ["1g7", "2f6,3a1", "1b1,1b2"]
    assert to_record(one)["current"] == "2k1"


def test_r3_player_one_moves_first_and_turns_go_in_order():
    state = GameState(7, 4)
    movers = []
    for _ in range(5):
        movers.append(state.to_move)
        state.pass_turn() if len(movers) == 1 else state.place(1, state.legal_cells()[0])
        if not state.is_over and state.turn_stones:
            state.end_turn()
    assert movers == [1, 2, 3, 4, 1]
    assert state.movers == [1, 2, 3, 4, 1]


# --- R4: the allowance is fixed at the start of the turn --------------------------


def test_r4_allowance_does_not_change_during_the_turn():
    state = replay(2, ["2a1", "2a2"])  # player 1 trails: 3 stones
    assert state.allowance == 3
    state.place(1, cell(state, "c1"))
    state.place(1, cell(state, "c2"))  # now level on groups
    assert state.group_counts() == (1, 1)
    assert (state.to_move, state.allowance, state.stones_left) == (1, 3, 1)
    # The explanation, too, speaks of the counts when the turn started.
    assert state.allowance_reason() == (
        "3 stones: 2 per turn + 1 extra for 1 opponent with more groups"
    )


def test_r4_frozen_opponents_still_count_as_ahead():
    state = _find_frozen_position(
        lambda s: any(
            q in s.frozen and s.groups_count[q] > s.groups_count[s.to_move]
            for q in s.colours
            if q != s.to_move
        )
    )
    ahead = sum(
        1
        for q in state.colours
        if q != state.to_move and state.groups_count[q] > state.groups_count[state.to_move]
    )
    assert state.allowance == 2 + ahead


# Positions where the next mover trails 1, 2 or 3 opponents.
TRAILING = {
    1: (2, ["2a1", "2a2"]),
    2: (3, ["2a1", "2a2,3c1", "3c2"]),
    3: (4, ["2a1", "2a2,3c1", "3c2,4e1", "4e2"]),
}


@pytest.mark.parametrize(
    ("extra", "ahead", "expected"),
    [
        ("full", 1, 3),
        ("full", 2, 4),
        ("full", 3, 5),
        ("half", 1, 3),
        ("half", 2, 3),
        ("half", 3, 4),
        ("none", 1, 2),
        ("none", 3, 2),
    ],
)
def test_r4_extra_stone_variations(extra, ahead, expected):
    players, turns = TRAILING[ahead]
    state = replay(players, turns, variant={"extra": extra})
    assert state.to_move == 1 and state.group_counts()[0] == 0
    assert state.ahead_of(1) == ahead
    assert state.allowance == expected


def test_r4_three_stones_per_turn_variation():
    state = replay(2, ["2a1"], variant={"stones": 3})
    assert state.allowance == 3
    state = replay(2, ["2a1", "2a2"], variant={"stones": 3})
    assert state.allowance == 4  # 3 plus one extra for the opponent ahead


# --- R5: the first turn is one stone ------------------------------------------------


@pytest.mark.parametrize("variant", [Variant(), Variant(stones=3), Variant(extra="none")])
def test_r5_first_turn_is_one_stone(variant):
    state = GameState(7, 3, variant)
    assert (state.to_move, state.allowance) == (1, 1)
    state.place(2, 0)
    assert state.to_move == 2
    assert state.allowance == variant.stones


def test_r5_only_the_games_first_turn():
    state = replay(2, ["pass", "pass"][:1])  # player 1 passes the first turn
    assert (state.to_move, state.allowance) == (2, 2)
    state = replay(2, ["pass", "2a1"])
    assert (state.to_move, state.allowance) == (1, 2)


# --- R6: partial turns and passes ----------------------------------------------------


def test_r6_end_early_after_one_stone():
    state = replay(2, ["1a1"])
    with pytest.raises(IllegalMoveError, match="place a stone first"):
        state.end_turn()
    state.place(2, cell(state, "g7"))
    assert state.can_end_turn and not state.can_pass
    with pytest.raises(IllegalMoveError, match="end the turn"):
        state.pass_turn()
    state.end_turn()
    assert state.to_move == 1
    assert to_record(state)["turns"] == ["1a1", "2g7"]


def test_r6_any_colour_in_play():
    state = replay(3, ["3a1", "1c1,2e1"])
    assert state.cells[cell(state, "a1")] == 3
    with pytest.raises(IllegalMoveError, match="colour 4 is not in play"):
        state.place(4, cell(state, "g7"))
    with pytest.raises(IllegalMoveError, match="colour 0 is not in play"):
        state.place(0, cell(state, "g7"))


def test_r6_a_record_turn_ends_with_fewer_stones():
    state = replay(2, ["1a1", "2c1"])  # player 2 could have placed 2
    assert state.to_move == 1 and state.turns[-1] == ((2, cell(state, "c1")),)


# --- R7: the three ends of a game ---------------------------------------------------


def test_r7_board_full_ends_at_once_mid_turn():
    # Side 2 has 7 cells. The last cell ends the game in the middle of a 3-stone turn.
    state = replay(2, ["2a1", "2a2,1b1", "2b3", "1c2,2c1"], size=2)
    assert state.empty_count == 1 and state.allowance == 3
    state.place(2, cell(state, "b2"))
    assert state.is_over and state.end_reason == "the board is full"
    assert state.to_move is None and state.stones_left == 0
    # The track was settled for that last, short turn.
    assert state.group_counts() == tuple(recount(state.board, state.cells, 2)[1:])


def test_r7_a_full_round_of_passes_ends():
    state = replay(3, ["1a1", "pass", "pass"])
    assert not state.is_over
    state.pass_turn()
    assert state.is_over and state.end_reason == "every player in play passed in turn"


def test_r7_passes_must_be_in_succession():
    state = replay(2, ["1a1", "pass", "1c1", "pass"])
    assert not state.is_over


def test_r7_fewer_than_two_unfrozen_players_ends():
    state = _find_frozen_position(lambda s: s.is_over and s.end_reason.startswith("fewer"))
    assert state.players - len(state.frozen) < 2
    assert state.empty_count > 0


# --- R8: groups ---------------------------------------------------------------------


def test_r8_groups_count_for_the_colour_owner_whoever_placed_them():
    state = replay(3, ["2a1", "2a2,3g1"])
    assert state.group_counts() == (0, 1, 0)  # player 2 made it, but it is colour 2
    state = replay(3, ["3a1", "3a2,2g1"])
    assert state.group_counts() == (0, 0, 1)  # made by players 1 and 2, owned by 3
    assert state.singles(2) == [cell(state, "g1")]
    assert state.groups(3) == [[cell(state, "a1"), cell(state, "a2")]]


def test_r8_merging_two_groups_makes_one():
    state = replay(2, ["1a1", "1a2,1a4", "1a5", "1a3"])
    assert state.group_counts() == (1, 0)
    assert len(state.groups(1)[0]) == 5


# --- R9: the scoring track --------------------------------------------------------------


def test_r9_two_new_groups_claim_two_columns():
    # Player 1 turns two singles into two groups: columns 1 and 2.
    state = replay(2, ["1a1", "1c1", "1a2,1c2"])
    assert state.group_counts() == (2, 0)
    assert state.bonus(1) == {1: 3, 2: 3}
    # The seed's example: from 2 groups to 4 claims in columns 3 and 4.
    state = replay(2, ["1a1", "1c1", "1a2,1c2", "1e1,1g1", "1e2,1g2"])
    assert state.group_counts() == (4, 0)
    assert state.bonus(1) == {1: 3, 2: 3, 3: 3, 4: 3}


def test_r9_no_second_marker_in_a_column_and_falling_claims_nothing():
    # Player 1 reaches 2 groups, falls to 1 by a merge, then rises to 2 again.
    state = replay(2, ["1a1", "1a2,1a4", "1a5", "1a3", "2k1,2k2"])
    assert state.group_counts() == (1, 1)
    assert state.bonus(1) == {1: 3, 2: 3}  # markers stay after the fall
    state = replay(2, ["1a1", "1a2,1a4", "1a5", "1a3", "2k1,2k2", "1g1,1g2"])
    assert state.group_counts() == (2, 1)
    assert state.bonus(1) == {1: 3, 2: 3}  # no second marker in column 2


def test_r9_claims_in_turn_order_from_the_mover():
    # Player 3 moves and makes groups for players 2, 1 and itself in one turn: the
    # claims go 3, then 1, then 2 (turn order starting with the mover).
    state = replay(3, ["1a1", "2c1,3e1", "1a2,2c2,3e2"], variant={"stones": 3})
    assert state.group_counts() == (1, 1, 1)
    assert state.bonus(3) == {1: 3}
    assert state.bonus(1) == {1: 2}
    assert state.bonus(2) == {1: 1}


def test_r9_settled_once_per_turn_not_per_stone():
    # A group made and then merged away inside one turn leaves no marker.
    state = replay(2, ["1a1", "1a2,1a4"])
    assert state.group_counts() == (1, 0) and state.bonus(1) == {1: 3}
    state.place(1, cell(state, "a5"))  # a second group...
    assert state.group_counts() == (2, 0)
    state.place(1, cell(state, "a3"))  # ...joined to the first in the same turn
    assert state.turns[-1] and state.group_counts() == (1, 0)
    assert state.bonus(1) == {1: 3}  # no marker in column 2


# --- R10 and R11: scores and ranking --------------------------------------------------


def test_r10_shown_score():
    state = replay(2, ["2a1", "2a2,1c1", "1c2"])
    assert state.shown_scores() == (102, 103)
    assert state.ranks() == (2, 1)


def test_r11_alternating_scoring_rightmost_marker_beats_bonus_total():
    # Equal groups; player 1 has the larger bonus total, player 2 the marker further right.
    markers = [{1: 3, 2: 3}, {1: 0, 2: 2, 3: 0}]
    from archipelago.games.archipelago.scoring import make_outcome

    standard = make_outcome(Variant(), [2, 2], markers, "test")
    alternating = make_outcome(Variant(scoring="alternating"), [2, 2], markers, "test")
    assert standard.ranks == (1, 2)
    assert alternating.ranks == (2, 1)
    assert alternating.tie_breaks == ((2, 1, "rightmost bonus marker"),)
    same_column = make_outcome(Variant(scoring="alternating"), [1, 1], [{1: 1}, {1: 3}], "t")
    assert same_column.ranks == (2, 1)
    assert same_column.tie_breaks == ((2, 1, "value of that marker"),)


def test_r11_alternating_in_a_game_record():
    state = replay(2, ["2a1", "2a2,1c1", "1c2", "pass", "pass"], variant={"scoring": "alternating"})
    assert state.outcome().ranks == (2, 1)
    assert to_record(state)["variant"] == {"scoring": "alternating"}


# --- R12: Frozen Irrelevance ---------------------------------------------------------------


def test_r12_defaults_and_switch():
    assert not GameState(7, 2).frozen_rule
    assert GameState(7, 3).frozen_rule and GameState(7, 4).frozen_rule
    assert GameState(7, 2, Variant(frozen=True)).frozen_rule
    assert not GameState(7, 3, Variant(frozen=False)).frozen_rule


def test_r12_frozen_players_are_skipped_but_their_colour_stays_in_play():
    state = _find_frozen_position(lambda s: not s.is_over and s.frozen)
    frozen = min(state.frozen)
    assert state.to_move not in state.frozen
    turns_before = len(state.turns)
    # Play on: a frozen player never moves again.
    while not state.is_over:
        assert state.to_move not in state.frozen
        state.place(frozen, state.legal_cells()[0])  # their colour can still be played
    assert frozen in state.frozen
    assert frozen not in state.movers[turns_before:]


def test_r12_freezing_is_off_without_the_rule():
    import random

    rng = random.Random(5)
    for _ in range(20):
        state = GameState(3, 3, Variant(frozen=False))
        while not state.is_over:
            state.place(rng.randint(1, 3), rng.choice(state.legal_cells()))
            assert not state.frozen


# --- R13: Wunchunk -----------------------------------------------------------------------------


def test_r13_wunchunk_extra_stones_for_players_with_fewer_chunks():
    wunchunk = {"wunchunk": True}
    state = replay(2, ["1a1", "1a2"], variant=wunchunk)
    # Player 1 has a chunk and player 2 none: player 1 gets the extra stone.
    assert state.group_counts() == (1, 0)
    assert (state.to_move, state.allowance) == (1, 3)
    state = replay(3, ["1a1", "1a2"], variant=wunchunk)
    assert (state.to_move, state.allowance) == (3, 2)  # nobody has fewer than 0
    state = replay(3, ["1a1", "1a2", "pass"], variant=wunchunk)
    assert (state.to_move, state.allowance) == (1, 4)  # two players have fewer chunks
    state = replay(3, ["1a1", "1a2", "pass"], variant={"wunchunk": True, "extra": "half"})
    assert (state.to_move, state.allowance) == (1, 3)  # ceil(2/2)


def test_r13_wunchunk_claims_the_lowest_cell_and_lowest_wins():
    state = replay(2, ["1a1", "1a2,2c1", "2c2"], variant={"wunchunk": True})
    assert state.bonus(1) == {1: 0}
    assert state.bonus(2) == {1: 1}
    state = replay(2, ["1a1", "1a2,2c1", "2c2", "pass", "pass"], variant={"wunchunk": True})
    outcome = state.outcome()
    # Equal chunks (1 each); player 1's bonus (0) is lower than player 2's (1).
    assert outcome.ranks == (1, 2)
    assert outcome.tie_breaks[0] == (1, 2, "bonus total")
    state = replay(2, ["1a1", "1a2", "2g1", "pass", "pass"], variant={"wunchunk": True})
    assert state.outcome().ranks == (2, 1)  # fewer chunks wins
    assert state.outcome().tie_breaks[0] == (2, 1, "chunks")


def test_r13_wunchunk_marker_tie_breaks_reverse():
    from archipelago.games.archipelago.scoring import make_outcome

    wunchunk = Variant(wunchunk=True)
    further_right = make_outcome(wunchunk, [1, 1], [{1: 1}, {1: 0, 2: 1}], "t")
    assert further_right.ranks == (1, 2)  # same totals; player 2's marker further right loses
    higher = make_outcome(wunchunk, [2, 2], [{1: 0, 2: 2}, {1: 1, 2: 1}], "t")
    assert higher.ranks == (2, 1)  # same column: the higher marker loses
    both_variations = Variant(wunchunk=True, scoring="alternating")
    both = make_outcome(both_variations, [1, 1], [{2: 0}, {1: 3}], "t")
    assert both.ranks == (2, 1)


def test_variations_combine_freely():
    variant = {
        "stones": 3,
        "extra": "half",
        "scoring": "alternating",
        "wunchunk": True,
        "frozen": True,
    }
    state = replay(4, ["1a1", "1a2,1c1,1c2"], variant=variant)
    assert state.group_counts() == (2, 0, 0, 0)
    assert state.frozen_rule
    # Player 3: nobody has fewer chunks than 0; 3 base stones.
    assert state.allowance == 3
    again = replay(4, ["1a1", "1a2,1c1,1c2", "pass", "pass"], variant=variant)
    assert again.to_move == 1 and again.allowance == 3 + 2  # ceil(3/2) extra
    assert to_record(again)["variant"] == {
        "stones": 3,
        "extra": "half",
        "scoring": "alternating",
        "wunchunk": True,
    }


# --- R14: bad input is refused and changes nothing -----------------------------------------


def test_r14_refusals_change_nothing():
    state = replay(2, ["1a1"], current="2c1")
    before = state.snapshot()
    for colour, name, message in [(2, "a1", "cell a1 is occupied"), (3, "g7", "colour 3")]:
        with pytest.raises(IllegalMoveError, match=message):
            state.place(colour, cell(state, name))
        assert state.snapshot() == before
    with pytest.raises(IllegalMoveError):
        state.place(1, 10_000)
    with pytest.raises(IllegalMoveError):
        state.place(1, -1)
    assert state.snapshot() == before


def test_r14_moves_after_the_end_are_refused():
    state = replay(2, ["pass", "pass"])
    before = state.snapshot()
    for action in (lambda: state.place(1, 0), state.pass_turn, state.end_turn):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            action()
    assert state.snapshot() == before
    with pytest.raises(RecordError, match="turn 3, stone 1 .1a1.: the game is over"):
        replay(2, ["pass", "pass", "1a1"])


def test_r14_too_many_stones_in_a_record_turn():
    with pytest.raises(RecordError, match=r"turn 2, stone 3 \(2c3\): more stones than"):
        replay(2, ["1a1", "2c1,2c2,2c3"])
    assert dumps(replay(2, ["1a1", "2c1,2c2"]))  # two is fine


# --- helpers -------------------------------------------------------------------------------


def _find_frozen_position(condition):
    """Play seeded random 3- and 4-player games on small boards until ``condition`` holds."""
    import random

    for seed in range(500):
        rng = random.Random(seed)
        players = 3 + seed % 2
        state = GameState(3 + seed % 2, players)
        while not state.is_over:
            colour = state.to_move if rng.random() < 0.3 else rng.randint(1, players)
            state.place(colour, rng.choice(state.legal_cells()))
            if not state.turn_stones and condition(state):
                return state
    raise AssertionError("no such position found")
