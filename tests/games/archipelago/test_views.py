"""Archipelago's positions in facts and words (archipelago/games/archipelago/views.py):
why the mover has the stones they have, what a move would do, the scoring track's
columns, and the preview of a stone."""

from __future__ import annotations

import pytest

from archipelago.game import Move
from archipelago.games.archipelago import views
from archipelago.games.archipelago.position import END, PASS, Position
from archipelago.games.archipelago.resignation import RESIGN
from archipelago.games.archipelago.variant import Variant


def played(variant: Variant, *turns: list[tuple[int, str]], players: int = 3) -> Position:
    """A side-4 position after ``turns``, each a list of (colour, cell name) ended early."""
    position = Position(4, players, variant)
    for turn in turns:
        for colour, name in turn:
            position.place(colour, position.board.index(name))
        if position.turn_stones:
            position.end_turn()
    return position


# Player 1 opens; player 2 makes a group of colour 2: player 3 is one group behind.
BEHIND = ([(1, "a1")], [(2, "a2"), (2, "a3")])


@pytest.mark.parametrize(
    ("variant", "reason"),
    [
        (Variant(), "3 stones: 2 per turn + 1 extra for 1 opponent with more groups"),
        (
            Variant(extra="half"),
            "3 stones: 2 per turn + 1 extra for 1 opponent with more groups "
            "(half extra stones, rounded up)",
        ),
        (Variant(extra="none"), "2 stones: 2 per turn (no extra stones in this variation)"),
        (Variant(wunchunk=True), "2 stones: 2 per turn"),  # fewer chunks is ahead
    ],
)
def test_the_allowance_is_explained_by_the_opponents_ahead(variant, reason):
    assert views.allowance_reason(Position(4, 3, variant)) == (
        "1 stone: the first turn of the game"
    )
    assert views.allowance_reason(played(variant, BEHIND[0])) == "2 stones: 2 per turn"
    assert views.allowance_reason(played(variant, *BEHIND)) == reason


def test_in_wunchunk_the_extra_stones_go_to_the_player_with_more_chunks():
    position = played(Variant(wunchunk=True), [(1, "a1")], [(3, "a2"), (3, "a3")])
    assert views.allowance_reason(position) == (
        "4 stones: 2 per turn + 2 extra for 2 opponents with fewer chunks"
    )


def test_every_kind_of_move_is_explained_in_a_sentence():
    position = played(Variant(), *BEHIND)
    cells = position.board.cell_count
    index = position.board.index
    explain = [
        (END, "End the turn with the stones placed so far."),
        (PASS, "Pass: place no stone this turn."),
        (RESIGN, "Resign: take no more turns and rank below every player still in play."),
        (2 * cells + index("b4"), "Colour 2 on b4 leaves player 2's group count as it is."),
        (1 * cells + index("b1"), "Colour 1 on b1 makes a new group for player 1."),
        (3 * cells + index("d7"), "Colour 3 on d7 leaves player 3's group count as it is."),
    ]
    for code, sentence in explain:
        assert views.explain_move(position, Move(code, "")) == sentence
    # Player 1's colour in two groups, {a1, b1} and {a3, b4}: a2 would join them.
    joined = played(Variant(), [(1, "a1")], [(1, "b1"), (1, "a3")], [(1, "b4")], players=2)
    assert views.explain_move(joined, Move(1 * cells + index("a2"), "")) == (
        "Colour 1 on a2 joins groups: player 1 has 1 fewer."
    )


def test_the_preview_and_the_track_follow_the_groups():
    position = played(Variant(), *BEHIND)
    assert views.preview(position, 1, position.board.index("b1")) == (1, 0, 0)
    assert views.preview(position, 3, position.board.index("d4")) == (0, 0, 0)
    position.place(1, position.board.index("b1"))  # player 3 makes a group of colour 1
    position.end_turn()
    columns = views.track(position)
    assert list(columns) == [1]
    assert [player for player, _ in columns[1]] == [2, 1]  # the first claim is worth most
    assert columns[1][0][1] > columns[1][1][1]
    summary = views.summary(position)
    assert summary["groups"] == [1, 1, 0] and summary["to_move"] == 1
    assert summary["bonus"][1] == {"1": columns[1][0][1]}
