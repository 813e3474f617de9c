"""Stigmergy on the page, under CPython (the controller behind the fake browser of
tests/support/pagetab.py), checked against the engine: the komi proposed (bad entries
explained), answered, placements, refusals and a flip, the button taken and taken back,
a reload; a link's game and its ending pass confirmed; a shared game with a fixed komi;
a computer's seat named and a fair komi suggested. Moved from
tests/browser/test_stigmergy_page.py and test_repairs.py, which keep the New game
dialog, the real keyboard, touch and pointer, the rules page and the themes."""

from __future__ import annotations

import random

from archipelago.games.stigmergy.notation import PASS
from archipelago.page.input.events import PageEvent, Target
from archipelago.page.saved.links import encode_link
from archipelago.registry import from_record
from tests.support.pagetab import Tab, share_link, submit_move_form

# A short game on side 5 where, after these placements, Ada (player 1) may flip a5.
SETUP = ["a2", "a5", "h2", "c6"]


def record(turns, size=5, variant=None):
    return {"game": "stigmergy", "size": size, "variant": variant or {}, "turns": turns}


def engine_stones(game) -> dict[str, int]:
    names = game.board.names
    return {names[c]: owner for c, owner in enumerate(game.cells) if owner}


def assert_page_matches(tab: Tab, game) -> None:
    """Board, player cards and moves list agree with the engine."""
    assert tab.browser.stones() == engine_stones(game)
    shown = tab.cards()
    territory, ranks, values = game.territory(), game.ranks(), game.summary()["scores"]
    for p in (1, 2):
        assert shown[p]["data-stones"] == str(game.stones[p])
        assert shown[p]["data-territory"] == str(territory[p - 1])
        assert shown[p]["data-score"] == str(values[p - 1])
        assert shown[p]["data-rank"] == str(ranks[p - 1])
        assert shown[p]["data-komi"] == ("" if game.komi_to != p else str(game.komi))
    assert tab.turns() == [move.text for move in game.history]


def panel(tab: Tab, id_: str) -> str:
    found = tab.dom("#game-panel-body").find("#" + id_)
    assert found is not None, id_
    return found.text


def test_the_komi_proposed_and_answered_then_placements_a_flip_and_the_button():
    store: dict[str, str] = {}
    tab = Tab("?game=stigmergy&size=5&names=Ada,Ben", store=store)
    assert tab.button("hint-button") is not None
    assert tab.browser.attr("#rules-link", "href") == "./static/stigmergy-rules.html"
    status = tab.browser.text("#turn-note")
    assert "Ada" in status and "proposes the komi" in status and "Ben" in status
    # Bad komi entries are explained and change nothing.
    for entry, words in (("2.5", "whole number"), ("99", "out of range"), ("", "Enter the komi")):
        submit_move_form(tab, komi=entry)
        assert words in tab.browser.message()
        assert tab.turns() == []
    # A click on the board before the proposal: the engine's reason, nothing changes.
    tab.click("e5")
    assert "komi proposal" in tab.browser.message()
    assert tab.browser.stones() == {}
    submit_move_form(tab, komi="3")
    assert tab.turns() == ["3"]
    assert "answers the komi of 3 points" in tab.browser.text("#turn-note")
    assert tab.dom("#picker").find("#komi-form") is None
    tab.click_button("play-second")
    game = from_record(record(["3", "play-second"]))
    assert_page_matches(tab, game)
    assert "received by Ben" in panel(tab, "komi-line")
    assert tab.button("play-second") is None
    assert tab.enabled("take-button")  # odd komi: the button is in play
    assert not tab.enabled("pass")
    for name in SETUP:
        tab.click(name)
        game.push(name)
    assert_page_matches(tab, game)
    assert len(tab.dom("#board").all('.threatened[data-at="a5"]')) == 1
    # Refused clicks: the engine's reason, nothing changes.
    tab.click("a2")  # Ada's own stone
    assert "holds your own stone" in tab.browser.message()
    assert_page_matches(tab, game)
    tab.click("a5")  # Ben's stone on a cell Ada controls
    game.push("a5x")
    assert_page_matches(tab, game)
    assert tab.browser.stones()["a5"] == 1
    assert tab.browser.message() == ""
    # Take the button, undo it, redo it.
    tab.click_button("take-button")
    game.push("take-button")
    assert_page_matches(tab, game)
    assert "taken by Ben" in panel(tab, "button-line")
    tab.click_button("undo")
    game.pop()
    assert_page_matches(tab, game)
    tab.click_button("redo")
    game.push("take-button")
    assert_page_matches(tab, game)
    # The game survives a reload.
    again = Tab("", store=store)
    assert_page_matches(again, game)
    assert "Ada" in again.cards_text()
    stored = again.stored()
    assert stored["game"] == "stigmergy" and stored["names"] == ["Ada", "Ben"]


def ending_position(seed: int):
    """A side-3 game (komi 0 fixed, so no button) played at random up to the first pass."""
    rng = random.Random(seed)
    game = from_record(record([], size=3, variant={"komi": 0}))
    while PASS not in game.legal_codes():
        game.push_code(rng.choice(game.legal_codes()))
    game.push("pass")
    return game


def test_a_link_opens_a_game_and_the_ending_pass_is_confirmed():
    game = ending_position(3)
    payload = {**game.to_record(), "names": ["Kim", "<Lee>"]}
    tab = Tab("")
    tab.open_link("#game=" + encode_link(payload))
    assert_page_matches(tab, game)
    assert "<Lee>" in tab.cards_text()  # escaped, shown as typed
    assert "&lt;Lee&gt;" in tab.browser.html("#cards-top") + tab.browser.html("#cards-bottom")
    assert tab.enabled("pass")
    assert "passed: if you pass too, the game ends" in tab.browser.text("#turn-note")
    tab.click_button("pass")
    assert tab.browser.dialogs == {"confirm"}
    assert "the game ends now" in tab.browser.text("#confirm-text")
    tab.press(command="confirm-no")
    assert tab.browser.dialogs == set()
    assert_page_matches(tab, game)  # nothing changed
    tab.key("p")  # the key asks too
    assert tab.browser.dialogs == {"confirm"}
    tab.press(command="confirm-yes")
    game.push("pass")
    assert game.is_over
    assert_page_matches(tab, game)
    assert not tab.browser.hidden("#gameover")
    s1, s2 = game.scores()
    winner = "Kim" if s1 > s2 else "<Lee>"
    assert f"{winner} wins" in tab.dom("#gameover").text
    assert "Game over" in tab.status()
    assert not tab.enabled("pass") and not tab.enabled("take-button")


def test_a_shared_game_with_a_fixed_komi_opens_in_another_browser():
    tab = Tab("?game=stigmergy&size=5&komi=4&names=Ana,Bo")
    game = from_record(record([], variant={"komi": 4}))
    assert tab.dom("#picker").find("#komi-form") is None  # a fixed komi: no proposal
    for name in SETUP:
        tab.click(name, "touch", 40.0)
        game.push(name)
    assert_page_matches(tab, game)
    other = Tab("")  # another player's browser
    other.open_link(share_link(tab))
    assert_page_matches(other, game)
    assert "Ana" in other.cards_text()
    assert "fixed before the game" in panel(other, "komi-line")


def test_a_computer_seat_is_named_a_fair_komi_suggested_and_the_proposal_comes_first():
    tab = Tab("?game=stigmergy&size=5&seats=h,c1&names=Ada,Ben")
    assert "computer · level 1" in tab.cards_text()  # the computer's seat, with its level
    form = tab.dom("#picker")
    assert form.find("#komi-input")["value"] == "1"  # type: ignore[index]
    assert "is fair here" in form.find("#komi-advice").text  # type: ignore[union-attr]
    tab.click("c3")  # not yet: Ada proposes the komi first
    message = tab.browser.message()
    assert "Ada" in message and "komi proposal" in message and "layer 1" not in message
    submit_move_form(tab, komi="1")
    assert tab.turns() == ["1"]
    assert tab.worker.last_think()["level"] == 1  # the computer is asked to answer


def test_the_switcher_starts_stigmergy_against_the_computer_and_says_the_komi_turn():
    """(Moved from tests/browser/test_stigmergy_lesson.py, which keeps the screens, the
    lesson tapped and the komi typed on each.)"""
    tab = Tab("")  # a first visit: Archipelago against the computer
    tab.event(tab.input.on_game_switch, PageEvent("change", target=Target(value="stigmergy")))
    assert 'data-size="5"' in tab.browser.html("#board")
    assert "computer · level 2" in tab.cards_text()
    # You place first: the komi is settled at the fair komi (issue 51), no number asked.
    assert tab.to_move() == 1 and not tab.session.game.proposing
    assert tab.dom("#picker").find("#komi-advice") is None
    # A komi proposed in the game (New game's choice; a link that sets the game up).
    tab = Tab("?game=stigmergy&size=6&seats=h,c2")
    assert "computer · level 2" in tab.cards_text()
    assert tab.to_move() == 1  # you: the komi offer is yours
    assert "points for whoever places second" in tab.browser.text("#turn-note")
    advice = tab.dom("#picker").find("#komi-advice").text  # type: ignore[union-attr]
    assert "is fair here" in advice and "docs/" not in advice
    # An odd komi offered; the computer answers, and the turn after says what it chose.
    submit_move_form(tab, komi="3")
    tab.computer_plays("play-second")
    assert " chose to " in tab.browser.text("#turn-note")
    assert "3 points" in tab.browser.text("#turn-note")
    # The moves list in words: each turn's title, and the turn viewed says it in full.
    titles = [entry["title"] for entry in tab.dom("#history").all(".turn-link")]
    assert titles[0] == "Turn 1, Ann: offers a komi of 3 points (points for whoever places second)"
    assert titles[1] == "Turn 2, Bob: plays second"
    assert all("-" not in title for title in titles), titles  # no play-second, take-button
    tab.press(turn="1")
    words = tab.dom("#history").find(".turn-words")
    assert words is not None
    assert words.text == "Ann: offers a komi of 3 points (points for whoever places second)"
