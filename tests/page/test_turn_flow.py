"""How a turn begins and ends on the page, under CPython (the controller with a fake
browser, from tests/page/test_controller.py): every turn starts on the mover's own colour
(hot seat, a reload, a share link in a fresh browser, a computer's reply, Rematch), the
picker says whose colour each is, ending a turn with stones unplaced or opening a round of
passes asks first, Rematch swaps the seats, and the line under the board forgets a cell a
finger touched once the turn is over."""

from __future__ import annotations

import re
from html import unescape

from archipelago.page.saved.distance import share_payload
from archipelago.page.saved.links import LINK_PARAM, encode_link
from archipelago.page.worker import protocol
from tests.page.test_controller import Tab

THREE_PEOPLE = "?players=3&size=5&names=Ann,Bob,Cy"


def pressed(tab: Tab) -> int:
    """The colour the picker shows pressed."""
    found = re.findall(r'data-colour="(\d)" aria-pressed="true"', tab.browser.html("#picker"))
    assert len(found) == 1, found
    return int(found[0])


def label(tab: Tab, colour: int) -> str:
    """What the picker's button of ``colour`` says, tags left out."""
    button = re.search(rf'id="pick-{colour}".*?</button>', tab.browser.html("#picker"))
    assert button is not None
    words = re.sub(r"<[^>]+>", "", button.group(0).split(">", 1)[1])
    return unescape(words).removesuffix(str(colour))


def computer_plays(tab: Tab, *moves: str) -> None:
    """The computer's worker answers with each move, played at the page's pace."""
    for move in moves:
        tab.worker.on_message(protocol.move_reply(tab.worker.last_think()["id"], move))
        tab.browser.advance(1000)


def test_every_turn_of_a_hot_seat_game_starts_on_the_mover_s_own_colour():
    tab = Tab(THREE_PEOPLE)
    assert pressed(tab) == 1 and label(tab, 1) == "Blue (yours)"
    assert label(tab, 2) == "Orange (Bob's)" and label(tab, 3) == "Green (Cy's)"
    tab.click("c3")  # Ann's one stone
    assert pressed(tab) == 2 and label(tab, 2) == "Orange (yours)"
    assert label(tab, 1) == "Blue (Ann's)"
    tab.press(colour="3")  # Bob places Cy's colour, then his own: the pick holds
    tab.click("c4")
    assert pressed(tab) == 3
    tab.press(colour="2")
    tab.click("d4")
    assert tab.browser.stones() == {"c3": 1, "c4": 3, "d4": 2}
    assert tab.session.game.to_move == 3 and pressed(tab) == 3  # Cy's turn: Cy's colour
    tab.key("1")
    tab.click("b2")
    tab.press(command="undo")  # a stone of the same turn taken back: Cy's pick holds
    assert pressed(tab) == 1
    tab.press(command="undo")  # back into Bob's turn: Bob's colour
    assert tab.session.game.to_move == 2 and pressed(tab) == 2


def test_a_reload_and_a_share_link_in_a_fresh_browser_start_on_the_mover_s_colour():
    store: dict[str, str] = {}
    tab = Tab(THREE_PEOPLE, store=store)
    tab.key("2")  # Ann places Bob's colour: the picker is left on orange
    tab.click("c3")
    tab.click("c4")  # Bob's first stone, in his own colour
    assert tab.browser.stones() == {"c3": 2, "c4": 2}
    tab.key("3")
    again = Tab("", store=store)  # the page reloaded in the middle of Bob's turn
    assert again.session.game.to_move == 2 and pressed(again) == 2
    tab.click("d4")  # Bob ends his turn with Cy's colour picked
    link = "#" + LINK_PARAM + encode_link(share_payload(tab.session))
    fresh = Tab("")  # another browser: nothing stored
    fresh.page.within(lambda: fresh.page.open_link(link))
    assert fresh.session.game.to_move == 3 and pressed(fresh) == 3
    fresh.click("e5")
    assert fresh.browser.stones()["e5"] == 3


def test_a_computer_s_reply_gives_the_person_their_colour_and_clears_the_touched_cell():
    tab = Tab("?players=2&size=5&seats=h,c2&names=Ann,Cpu")
    tab.click("c3", "touch", 40.0)  # a finger on a big cell places at once
    assert pressed(tab) == 2 and label(tab, 2) == "Orange (Cpu's)"  # not the person's
    assert "c3" not in tab.browser.text("#hint")  # the finger left with the turn
    computer_plays(tab, "2c4", "end")
    assert tab.session.game.to_move == 1 and pressed(tab) == 1
    assert label(tab, 1) == "Blue (yours)"
    tab.click("d4", "touch", 40.0)
    assert tab.browser.text("#hint") == "d4: blue stone."  # the tap, said, within the turn
    tab.click("e5", "touch", 40.0)  # the turn's last stone
    computer_plays(tab, "2a1")
    # The turn's prompt, and not the finger's cell; said to a finger, it says tap.
    assert tab.browser.text("#hint") == "Pick a colour, then tap an empty cell."


def test_a_mouse_still_over_a_cell_keeps_its_line_when_the_turn_changes():
    tab = Tab()
    tab.click("c3")  # a mouse: it still points at c3 when Bob's turn begins
    assert tab.browser.text("#hint") == "c3: blue stone."


def test_the_line_under_the_board_is_empty_at_the_end_of_a_game_played_by_touch():
    tab = Tab()
    tab.click("c3", "touch", 40.0)
    tab.press(move="pass")
    tab.press(command="confirm-yes")
    tab.press(move="pass")
    tab.press(move="pass")  # asked on the message line, then played: the game is over
    assert tab.session.game.is_over and tab.browser.text("#hint") == ""


def test_ending_a_turn_with_stones_unplaced_asks_first_and_no_changes_nothing():
    tab = Tab()
    tab.click("c3")
    tab.click("c4")
    before = tab.session.game.to_record()
    tab.key("e")
    assert tab.browser.dialogs == {"confirm"}
    assert tab.browser.text("#confirm-text").startswith(
        "End Bob's turn with 1 of 2 stones unplaced?"
    )
    tab.press(command="confirm-no")
    assert tab.session.game.to_record() == before and tab.browser.dialogs == set()


def test_rematch_swaps_who_starts_and_the_computer_keeps_its_level_with_its_player():
    tab = Tab("?players=2&size=5&seats=h,c3&names=Ann,Cpu")
    tab.press(move="resign")
    tab.press(command="confirm-yes")  # Ann resigns: Cpu wins
    assert tab.session.game.is_over
    tab.press(command="rematch")
    assert tab.session.names == ["Cpu", "Ann"] and tab.session.seats == [3, 0]
    assert not tab.session.game.history_codes() and pressed(tab) == 1
    assert tab.worker.last_think()["level"] == 3  # the computer, now first, is asked to play
