"""Where the player aims (archipelago.page.input.aim): the colour picked follows the
turn, a tap on a small cell previews first, the pointer and the keyboard cursor give way
to each other."""

from __future__ import annotations

from archipelago.games.archipelago.state import GameState
from archipelago.page.input.aim import Aim
from archipelago.page.session import Session


def test_each_turn_starts_on_its_mover_s_colour_and_a_pick_holds_for_the_turn():
    session, aim = Session(GameState(size=4, players=2)), Aim(False)
    aim.follow(session)
    assert aim.choice == 1 and not aim.pick(3, 2) and aim.pick(2, 2)
    aim.follow(session)
    assert aim.choice == 2  # the same turn: the pick holds
    session.push("1a1")
    session.push("1b1")  # player 2's turn now
    aim.follow(session)
    assert aim.choice == 2 and aim.choice_turn == session.turn_key


def test_a_finger_on_a_small_cell_previews_and_a_second_tap_places():
    aim = Aim(False)
    aim.felt("touch")
    assert aim.touch and aim.tap("c3", "touch", 20.0) and aim.previewed == "c3"
    assert not aim.tap("c3", "touch", 20.0) and aim.previewed is None
    assert not aim.tap("d4", "mouse", 20.0) and aim.hover == "d4" and not aim.touching
    aim.felt("")  # a key: the pointer in hand stays
    assert aim.touch
    aim.felt("mouse")
    assert not aim.touch


def test_the_pointer_and_the_cursor_give_way_to_each_other():
    aim = Aim(True)
    assert aim.point("a1") and not aim.point("a1") and aim.hover == "a1"
    aim.to_cursor(("b2", 1))
    assert aim.cursor == ("b2", 1) and aim.hover is None
    aim.tap("c3", "mouse", 40.0)
    assert aim.cursor is None and aim.hover == "c3"
    aim.reset()
    assert aim.cursor is None and aim.hover is None and aim.choice_turn is None
