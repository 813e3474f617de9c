"""The worked examples of the rules text (seed 000) reproduced as games."""

from archipelago.games.archipelago.scoring import make_outcome
from archipelago.games.archipelago.variant import Variant
from tests.support.gamehelpers import cell, replay

# --- Extra stones -------------------------------------------------------------------


def test_two_players_the_trailing_player_places_three_stones():
    state = replay(2, ["2a1", "2a2"])  # player 2 made a group for themself
    assert state.group_counts() == (0, 1)
    assert state.to_move == 1
    assert state.allowance == 3
    state = replay(2, ["2a1", "2a2", "1c1,1c2,1e1"])  # player 1 catches up
    assert state.group_counts() == (1, 1)
    assert state.allowance == 2


def _three_player_counts_2_1_0():
    # T1 P1 a blue single; T2 P2 makes a blue group and a black single; T3 P3 (trailing
    # blue, so 3 stones) makes two black groups; T4 P1 plays one harmless stone.
    return ["2a1", "2a2,1c1", "1c2,1e1,1e2", "3g1"]


def test_three_players_distinct_counts_second_plays_three_last_plays_four():
    state = replay(3, _three_player_counts_2_1_0())
    assert state.group_counts() == (2, 1, 0)
    assert (state.to_move, state.allowance) == (2, 3)  # second place
    state = replay(3, [*_three_player_counts_2_1_0(), "2k1"])
    assert state.group_counts() == (2, 1, 0)
    assert (state.to_move, state.allowance) == (3, 4)  # last place


def test_three_players_two_tied_for_first_last_plays_four():
    state = replay(3, ["2a1", "2a2,1c1", "1c2"])  # counts 1, 1, 0
    assert state.group_counts() == (1, 1, 0)
    state = replay(3, ["2a1", "2a2,1c1", "1c2", "3g1", "3k1"])
    assert state.group_counts() == (1, 1, 0)
    assert (state.to_move, state.allowance) == (3, 4)


def test_three_players_two_tied_for_last_each_plays_three():
    state = replay(3, ["1a1", "1a2"])  # counts 1, 0, 0
    assert (state.to_move, state.allowance) == (3, 3)
    state = replay(3, ["1a1", "1a2", "3g1", "3k1"])
    assert state.group_counts() == (1, 0, 0)
    assert (state.to_move, state.allowance) == (2, 3)


# --- The three-player scoring-track example: Black (1), Blue (2), Red (3) -----------

SCORING_EXAMPLE = [
    "2a1",  # Black: a lone blue stone
    "2a2,1c1",  # Blue makes the first group (blue), so Blue takes 3 in column 1
    "1c2,3e1",  # Red makes a black group: Black takes 2 in column 1
    "3e2,2k1",  # Black makes a red group: Red takes 1 in column 1
    "3m1,1g13",  # Blue: lone stones only
    "3a7,1m4",  # Red: lone stones only
]


def test_scoring_example_after_two_turns_each():
    state = replay(3, SCORING_EXAMPLE)
    assert state.returns() is None
    assert state.group_counts() == (1, 1, 1)
    assert [state.bonus(p) for p in (1, 2, 3)] == [{1: 2}, {1: 3}, {1: 1}]
    assert state.shown_scores() == (102, 103, 101)
    # Blue leads on points but not on groups, so Black gets no third stone.
    assert (state.to_move, state.allowance) == (1, 2)


def test_scoring_example_black_gives_blue_and_red_second_groups():
    state = replay(3, [*SCORING_EXAMPLE, "2k2,3m2"])
    assert state.group_counts() == (1, 2, 2)
    # Bonuses are handed out from the next player in turn order: Blue, then Red.
    assert state.bonus(2) == {1: 3, 2: 3}
    assert state.bonus(3) == {1: 1, 2: 2}
    assert state.track()[2] == [(2, 3), (3, 2)]
    assert state.shown_scores() == (102, 206, 203)


def test_scoring_example_order_of_effects_ignores_stone_order():
    one = replay(3, [*SCORING_EXAMPLE, "3m2,2k2"])
    other = replay(3, [*SCORING_EXAMPLE, "2k2,3m2"])
    assert one.bonus(2) == other.bonus(2) == {1: 3, 2: 3}
    assert one.bonus(3) == other.bonus(3) == {1: 1, 2: 2}


def test_scoring_example_black_then_plays_four_stones():
    state = replay(3, [*SCORING_EXAMPLE, "2k2,3m2", "pass", "pass"])
    assert state.group_counts() == (1, 2, 2)
    assert (state.to_move, state.allowance) == (1, 4)


# --- The endgame example ------------------------------------------------------------


def test_endgame_example_more_groups_wins_whatever_the_bonuses():
    # Red (player 1) ends with 5 groups and a lone stone; Blue (player 2) with 4 groups
    # but the better bonuses, because Blue reaches every column first.
    turns = [
        "2a1",
        "2a2,1c1",
        "1c2,2e1,2e2",
        "1g1,1g2",
        "2k1,2k2",
        "1i1,1i2",
        "2m1,2m2",
        "1m6,1m7",
        "1a6,1a7",
        "1g13",
        "pass",
        "pass",
    ]
    state = replay(2, turns)
    assert state.is_over
    assert state.end_reason == "every player in play passed in turn"
    assert state.group_counts() == (5, 4)
    assert len(state.singles(1)) == 1  # the solitary red stone counts for nothing
    assert state.bonus(2) == {1: 3, 2: 3, 3: 3, 4: 3}
    assert sum(state.bonus(2).values()) > sum(state.bonus(1).values())
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranks == (1, 2)
    assert outcome.tie_breaks[0] == (1, 2, "groups")
    assert outcome.scores == (500 + sum(state.bonus(1).values()), 412)
    assert state.returns() == (1.0, 0.0)


# --- Every tie-break (RULINGS R10) ---------------------------------------------------

STANDARD = Variant()


def _ranking(groups, markers, variant=STANDARD):
    return make_outcome(variant, groups, markers, "test")


def test_tie_break_groups_first():
    outcome = _ranking([3, 2], [{1: 0, 2: 0, 3: 0}, {1: 3, 2: 3}])
    assert outcome.ranks == (1, 2)
    assert outcome.tie_breaks == ((1, 2, "groups"),)


def test_tie_break_bonus_total():
    outcome = _ranking([2, 2], [{1: 3, 2: 2}, {1: 2, 2: 3, 3: 1}])
    assert outcome.ranks == (2, 1)
    assert outcome.tie_breaks == ((2, 1, "bonus total"),)


def test_tie_break_rightmost_marker_column():
    # Equal groups and equal bonus totals: the marker further right wins.
    outcome = _ranking([1, 1], [{1: 3}, {1: 1, 2: 2}])
    assert outcome.ranks == (2, 1)
    assert outcome.tie_breaks == ((2, 1, "rightmost bonus marker"),)


def test_tie_break_value_in_the_rightmost_column():
    outcome = _ranking([2, 2], [{1: 3, 2: 0}, {1: 2, 2: 1}])
    assert outcome.ranks == (2, 1)
    assert outcome.tie_breaks == ((2, 1, "value of that marker"),)


def test_full_tie_shares_the_rank():
    state = replay(2, ["pass", "pass"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranks == (1, 1)
    assert outcome.tie_breaks == ((1, 2, "full tie"),)
    assert outcome.rewards() == (0.5, 0.5) and outcome.winners == (1, 2)


def test_three_way_ranking_with_shared_second_place():
    outcome = _ranking([3, 1, 1], [{1: 3}, {}, {}])
    assert outcome.ranks == (1, 2, 2)
    assert outcome.rewards() == (1.0, 0.25, 0.25)


def test_tie_breaks_decided_in_a_real_game():
    # Both end with one group; player 2's came first (3 points against 2).
    state = replay(2, ["2a1", "2a2,1c1", "1c2", "pass", "pass"])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.groups == (1, 1)
    assert outcome.ranks == (2, 1)
    assert outcome.tie_breaks[0] == (2, 1, "bonus total") and outcome.winners == (2,)


def test_cell_helper_matches_names():
    state = replay(2, [])
    assert state.board.names[cell(state, "g7")] == "g7"
