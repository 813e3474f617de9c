"""Standings and tiebreaks (archipelago.page.club.standings), worked by hand."""

from __future__ import annotations

import pytest

from archipelago.page.club.standings import (
    Finished,
    game_points,
    points_text,
    ranks_of,
    standings,
)

A, B, C, D = range(4)


def test_points_by_place_for_two_three_and_four_seats():
    assert game_points((1, 2), 1.0) == [1.0, 0.0]
    assert game_points((1, 1), 1.0) == [0.5, 0.5]  # a draw
    assert game_points((1, 2, 3, 4), 3.0) == [3.0, 2.0, 1.0, 0.0]
    assert game_points((4, 1, 3, 2), 3.0) == [0.0, 3.0, 1.0, 2.0]
    assert game_points((1, 2, 3), 3.0) == [3.0, 1.5, 0.0]
    # ties share the points of the places they take
    assert game_points((1, 1, 3, 4), 3.0) == [2.5, 2.5, 1.0, 0.0]
    assert game_points((1, 1, 3), 3.0) == [2.25, 2.25, 0.0]
    assert game_points((1, 2, 2), 3.0) == [3.0, 0.75, 0.75]


def test_places_from_a_games_returns():
    assert ranks_of((1.0, 0.0)) == (1, 2)
    assert ranks_of((0.5, 0.5)) == (1, 1)
    assert ranks_of((0.0, 1.0, 1 / 3, 2 / 3)) == (4, 1, 3, 2)


def test_a_round_robin_worked_by_hand_sonneborn_berger_then_head_to_head():
    # D beats A, B beats C, C beats D; A draws B, D draws B, C draws A.
    games = [
        Finished((D, A), (1, 2)),
        Finished((B, C), (1, 2)),
        Finished((C, D), (1, 2)),
        Finished((A, B), (1, 1)),
        Finished((D, B), (1, 1)),
        Finished((C, A), (1, 1)),
    ]
    rows = standings(4, games, [], 1.0, 0.0)
    # Points: A 0+½+½ = 1, B 1+½+½ = 2, C 0+1+½ = 1½, D 1+0+½ = 1½.
    # Sonneborn-Berger: B beat C (1½) + drew A (½·1) + drew D (½·1½) = 2¾;
    # C beat D (1½) + drew A (½) = 2; D beat A (1) + drew B (½·2) = 2; A drew B (1) +
    # drew C (¾) = 1¾. C and D are level on both: C beat D, so C is second.
    assert [(r.player, r.place, r.points, r.tiebreak) for r in rows] == [
        (B, 1, 2.0, 2.75),
        (C, 2, 1.5, 2.0),
        (D, 3, 1.5, 2.0),
        (A, 4, 1.0, 1.75),
    ]
    assert (rows[1].head, rows[2].head) == (1.0, 0.0)
    assert [r.played for r in rows] == [3, 3, 3, 3]


def test_sonneborn_berger_decides_before_head_to_head():
    # A beats B, C draws D; A draws C, B beats D; A beats D, B draws C.
    games = [
        Finished((A, B), (1, 2)),
        Finished((C, D), (1, 1)),
        Finished((A, C), (1, 1)),
        Finished((B, D), (1, 2)),
        Finished((A, D), (1, 2)),
        Finished((B, C), (1, 1)),
    ]
    rows = standings(4, games, [], 1.0, 0.0)
    # B and C have 1½ each. C drew everyone: ½·½ (D) + ½·2½ (A) + ½·1½ (B) = 2¼;
    # B beat D (½) and drew C (½·1½): 1¼. C is above B.
    assert [(r.player, r.points, r.tiebreak) for r in rows] == [
        (A, 2.5, 2.75),
        (C, 1.5, 2.25),
        (B, 1.5, 1.25),
        (D, 0.5, 0.75),
    ]


def test_a_circle_of_wins_shares_the_place():
    # A beats B, B beats C, C beats A, and all beat D: nothing tells them apart.
    games = [
        Finished((A, B), (1, 2)),
        Finished((B, C), (1, 2)),
        Finished((C, A), (1, 2)),
        Finished((A, D), (1, 2)),
        Finished((B, D), (1, 2)),
        Finished((C, D), (1, 2)),
    ]
    rows = standings(4, games, [], 1.0, 0.0)
    assert [(r.player, r.place) for r in rows] == [(A, 1), (B, 1), (C, 1), (D, 4)]


def test_tables_points_byes_and_the_tiebreak():
    # Five players, one table of four a round, one sits out (a bye: 1½).
    games = [
        Finished((A, B, C, D), (1, 2, 3, 4)),  # A 3, B 2, C 1, D 0; E sits out
        Finished((E, D, C, B), (1, 2, 3, 4)),  # E 3, D 2, C 1, B 0; A sits out
    ]
    rows = standings(5, games, [E, A], 3.0, 1.5)
    by_player = {r.player: r for r in rows}
    assert {p: r.points for p, r in by_player.items()} == {A: 4.5, B: 2.0, C: 2.0, D: 2.0, E: 4.5}
    # A finished ahead of B, C, D (2 + 2 + 2 = 6); E ahead of D, C, B (6): level, and
    # they never met; A and E both won one game: a shared first place.
    assert by_player[A].tiebreak == by_player[E].tiebreak == 6.0
    assert by_player[A].place == by_player[E].place == 1
    # B, C, D: 2 each. B ahead of C, D in game 1 (2 + 2) = 4; C ahead of D in game 1
    # (2) and of B in game 2 (2) = 4; D ahead of C and B in game 2 = 4; head to head
    # among them: B 2, C 2, D 2. Shared third place.
    assert {by_player[p].tiebreak for p in (B, C, D)} == {4.0}
    assert {by_player[p].place for p in (B, C, D)} == {3}


E = 4


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (2, "2"), (2.5, "2½"), (0.5, "½"), (1.25, "1¼"), (0.75, "¾"), (0.1, "0.1")],
)
def test_points_written_as_a_club_writes_them(value, text):
    assert points_text(value) == text
