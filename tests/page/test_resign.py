"""Resigning on the page, under CPython (the controller behind the fake browser of
tests/support/pagetab.py): asked first, with two players the game ends and Undo takes it
back; with three the player drops out, ranks below those still in play and the others
play on; a computer's seat is never offered it; Stigmergy resigns too. Moved from
tests/browser/test_resign_rotate.py, which keeps the board's turning and the sounds."""

from __future__ import annotations

from tests.support.pagetab import Tab


def resign(tab: Tab, expect_in_question: str) -> None:
    """Press Resign, check the question, and confirm it."""
    tab.click_button("resign")
    assert tab.browser.dialogs == {"confirm"}
    assert expect_in_question in tab.browser.text("#confirm-text")
    tab.press(command="confirm-yes")
    assert tab.browser.dialogs == set()


def resigned(tab: Tab, player: int) -> bool:
    return tab.cards()[player]["data-resigned"] == "1"


def test_two_players_a_resignation_ends_the_game_and_undo_takes_it_back():
    tab = Tab("?players=2&size=3&names=Ada,Ben")
    tab.click("c3")  # Ada's one-stone first turn
    assert tab.enabled("resign")
    tab.click_button("resign")
    assert tab.browser.dialogs == {"confirm"}
    tab.press(command="confirm-no")  # asked, and nothing happens on No
    assert tab.browser.hidden("#gameover") and tab.turns() == ["1c3"]
    resign(tab, "The game ends and Ada wins.")
    assert not tab.browser.hidden("#gameover")
    assert "Ada wins: every other player resigned." in tab.dom("#gameover").text
    assert resigned(tab, 2) and not resigned(tab, 1)
    assert tab.turns() == ["1c3", "resign"]
    assert tab.button("resign") is None  # nothing to resign once it is over
    assert tab.stored()["turns"] == ["1c3", "resign"]
    tab.click_button("undo")
    assert tab.browser.hidden("#gameover")
    assert not resigned(tab, 2) and tab.turns() == ["1c3"]
    assert tab.enabled("resign")
    tab.click("a1")  # Ben plays on, his turn on his colour
    assert tab.browser.stones() == {"c3": 1, "a1": 2}


def test_three_players_one_drops_out_and_the_others_play_on():
    tab = Tab("?players=3&size=3&names=Ada,Ben,Cy")
    tab.click("c3")  # Ada
    tab.press(colour="2")
    tab.click("a1")  # one of Ben's two stones...
    resign(tab, "The stones placed this turn are taken back.")  # ...then Ben resigns
    assert "a1" not in tab.browser.stones()
    assert resigned(tab, 2)
    assert tab.to_move() == 3  # Cy
    tab.press(colour="3")
    tab.click("e1")
    tab.click_button("end-turn")
    tab.press(command="confirm-yes")
    assert tab.to_move() == 1  # Ada: Ben is passed by
    assert tab.turns() == ["1c3", "resign", "3e1"]
    assert tab.cards()[2]["data-rank"] == "3"  # below both players still in play
    tab.click("c2")
    tab.click_button("end-turn")
    tab.press(command="confirm-yes")
    resign(tab, "The game ends and Ada wins.")  # Cy resigns: Ada is the last one left
    assert not tab.browser.hidden("#gameover")
    ranking = [
        [int(li["data-player"]), int(li["data-rank"])]
        for li in tab.dom("#gameover").all(".ranking li")
    ]
    assert ranking == [[1, 1], [3, 2], [2, 3]]  # Cy resigned after Ben: Cy above Ben


def test_a_computer_seat_is_not_offered_resign():
    tab = Tab("?players=2&size=5&seats=h,c1")
    assert tab.enabled("resign")
    tab.click("e3")
    assert tab.to_move() == 2  # the computer's turn: no Resign button for it
    assert tab.button("resign") is None
    tab.computer_plays("2a1", "2a2")
    assert tab.to_move() == 1
    assert tab.enabled("resign")  # the person's turn again


def test_stigmergy_resigns_too():
    tab = Tab("?game=stigmergy&size=4&komi=0&names=Ada,Ben")
    tab.click("d4")
    resign(tab, "The game ends and Ada wins.")
    assert not tab.browser.hidden("#gameover")
    assert "Ben resigned: Ada wins." in tab.dom("#gameover").text
    assert resigned(tab, 2)
