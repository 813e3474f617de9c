"""The page's one assertive announcement (archipelago/page/announcer.py) under CPython:
each computer's turn as it ends, with the score after it, for 2, 3 and 4 players and in
Stigmergy; the end of a game with its result; whose turn it is when people take turns at
one device (and not against the computer); the other player's turn that came by link;
nothing said for a stone of a turn under way,
an undo, a new game or a step through the history; and the same words twice still a new
text for the screen reader."""

from __future__ import annotations

import pytest

from archipelago.page.announcer import ANNOUNCE, MARK
from archipelago.page.session import ByLink, Session
from archipelago.registry import from_record
from tests.support.pagetab import Tab


def computers(players: int) -> Tab:
    names = ",".join(["Ann", "Cpu", "Cy", "Di"][:players])
    seats = ",".join(["h"] + ["c1"] * (players - 1))
    return Tab(f"?players={players}&size=4&names={names}&seats={seats}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_computer_turn_is_said_with_the_score_after_it(players):
    tab = computers(players)
    tab.click("d4")
    said = tab.announced()
    assert said.startswith("Ann played 1d4: Ann 0 islands, Cpu 0")
    assert not said.endswith("turn.")  # one person at the device: no "Cpu's turn"
    tab.computer_plays("2c3")
    assert tab.announced() == said  # a stone of the computer's turn under way: nothing yet
    tab.computer_plays("2c4")
    zeros = "".join(f", {name} 0" for name in ["Cy", "Di"][: players - 2])
    assert tab.announced() == f"Cpu played 2c3 and 2c4: Ann 0 islands, Cpu 1{zeros}."
    if players >= 3:
        tab.computer_plays("3a1", "3a2", "1b1")  # 3 stones: Cpu has more islands
        rest = "".join(f", {name} 0" for name in ["Di"][: players - 3])
        assert tab.announced() == (f"Cy played 1b1, 3a1 and 3a2: Ann 0 islands, Cpu 1, Cy 1{rest}.")


def test_a_stigmergy_computer_move_is_said_with_the_score():
    tab = Tab("?game=stigmergy&size=4&komi=2&names=Ann,Cpu&seats=h,c1")
    tab.click("d4")
    tab.computer_plays("c3")
    assert tab.announced() == "Cpu played c3 (places a stone on c3): Ann 1 point, Cpu 3."


def test_the_end_of_the_game_is_said_with_its_result():
    tab = computers(2)
    tab.click("d4")
    tab.computer_plays("pass")
    tab.click("d5")
    tab.click("a1")
    tab.computer_plays("pass")
    tab.press(move="pass")  # Ann's pass would end it: asked on the message line
    tab.press(move="pass")
    assert tab.session.game.is_over
    assert tab.announced() == "Ann passed: Ann 1 island, Cpu 0. Ann wins, 1 island to 0"


def test_in_a_hot_seat_game_the_next_player_is_named():
    tab = Tab("?players=3&size=4&names=Ann,Bob,Cy")
    tab.click("d4")
    assert tab.announced() == "Ann played 1d4: Ann 0 islands, Bob 0, Cy 0. Bob's turn."
    tab.press(colour="2")
    tab.click("c3")  # the first of Bob's two stones: nothing is said
    assert tab.announced() == "Ann played 1d4: Ann 0 islands, Bob 0, Cy 0. Bob's turn."
    tab.click("c4")
    assert tab.announced().endswith("Cy's turn.")


def test_nothing_is_said_for_undo_review_or_a_new_game():
    tab = Tab("?players=2&size=4&names=Ann,Bob")
    tab.click("d4")
    sent = len(tab.browser.sent)
    said = tab.browser.text(ANNOUNCE)
    tab.press(command="undo")
    tab.press(command="redo")  # a turn played again is said again
    assert tab.announced() == "Ann played 1d4: Ann 0 islands, Bob 0. Bob's turn."
    tab.press(command="review-start")
    tab.press(command="back")
    tab.press(command="rematch")
    changed = [batch for batch in tab.browser.sent[sent:] if ANNOUNCE in batch.get("changes", {})]
    assert len(changed) == 1  # the redo's only
    assert tab.browser.text(ANNOUNCE) != said  # the same words, another text


def test_the_same_words_twice_are_two_texts():
    tab = Tab("?players=2&size=4&names=Ann,Bob")
    first = tab.command("score")
    raw = tab.browser.text(ANNOUNCE)
    assert tab.command("score") == first
    again = tab.browser.text(ANNOUNCE)
    assert again != raw and {raw.replace(MARK, ""), again.replace(MARK, "")} == {first}


def test_the_other_player_s_turn_that_came_by_link_is_said():
    tab = Tab("?players=2&size=4&names=Ann,Bob")
    link = ByLink("abcdefgh12", mine=(1,))
    record = {"game": "archipelago", "size": 4, "players": 2, "turns": ["1d4"]}

    def by_link(turns: list[str], game_id: str = "abcdefgh12") -> Session:
        game = from_record({**record, "turns": turns})
        return Session(game, ["Ann", "Bob"], by_link=ByLink(game_id, link.mine))

    tab.page.within(lambda: tab.page.start(by_link(["1d4"]), beside=True))
    said = tab.announced()
    tab.page.within(lambda: tab.page.start(by_link(["1d4", "2c3,2c4"])))  # Bob's link
    assert tab.announced() == "Bob played 2c3 and 2c4: Ann 0 islands, Bob 1."
    # Another game by link, or one whose moves part ways, is no continuation.
    tab.page.within(lambda: tab.page.start(by_link(["1d4", "2c3,2c4", "1a1,1a2"], "zzzzzzzz99")))
    tab.page.within(lambda: tab.page.start(by_link(["1d4"])))
    tab.page.within(lambda: tab.page.start(by_link(["1a1", "2c3,2c4"])))  # parts ways
    assert tab.announced() == "Bob played 2c3 and 2c4: Ann 0 islands, Bob 1."
    assert said != tab.announced()
