"""Reviewing a game on the page, under CPython (the controller behind the fake browser of
tests/support/pagetab.py): the arrows, Home and End step through the turns, Escape
returns to the game, a banner says which turn is shown, nothing done during review
changes the game out of sight, the last turn stays marked, and a finished game shows
its result with Rematch, Review and New game. Moved from tests/browser/test_review.py,
which keeps what only a browser shows (the turn kept in view, the card over the board)."""

from __future__ import annotations

from tests.support.pagetab import Tab, engine_stones, play, random_actions


def shown_turn(tab: Tab) -> str | None:
    """The moves list's entry marked as the one shown, None at the game."""
    current = tab.dom("#history").find("[aria-current]")
    return None if current is None else current.get("data-turn")


def test_arrow_keys_home_and_end_step_through_the_history():
    actions, _ = random_actions(5, 2, seed=3, until=lambda s: len(s.turns) >= 24)
    tab = Tab("?players=2&size=5")
    play(tab, actions)
    tab.press(turn="3")
    assert shown_turn(tab) == "3"
    assert tab.banner().startswith("Turn 3 of 24")
    tab.key("ArrowLeft")
    assert shown_turn(tab) == "2" and tab.banner().startswith("Turn 2 of 24")
    tab.key("ArrowRight")
    tab.key("ArrowRight")
    assert shown_turn(tab) == "4"
    tab.key("Home")
    assert tab.banner().startswith("The empty board")
    assert tab.browser.stones() == {}
    assert not tab.enabled("review-back")  # nothing before the empty board
    tab.press(command="review-forward")  # the navigation under the moves
    assert len(tab.browser.stones()) >= 1
    tab.key("End")
    assert shown_turn(tab) is None and tab.banner() == ""
    tab.press(turn="1")
    tab.key("Escape")
    assert shown_turn(tab) is None and tab.banner() == ""


def test_nothing_done_during_review_changes_the_game_out_of_sight():
    tab = Tab("?players=2&size=4")
    play(tab, [("stone", 1, "d4"), ("stone", 2, "d5"), ("stone", 2, "e5")])
    tab.press(turn="1")
    assert not tab.enabled("undo")  # Undo would change the game out of sight
    tab.key("u")  # the key returns to the game and takes nothing back
    assert tab.banner() == "" and tab.browser.stones() == {"d4": 1, "d5": 2, "e5": 2}
    assert "press again" in tab.browser.message()
    tab.press(command="review-back")
    assert tab.banner().startswith("Turn 1 of 2")  # the position before the present one
    record = tab.stored()
    tab.click("a1")  # a click in review tries a move: a side line (issue 34)
    assert tab.banner() != "" and "a1" in tab.browser.stones()  # still in review
    assert tab.stored()["turns"] == record["turns"]  # the game is untouched
    tab.press(command="back")
    assert tab.banner() == "" and "a1" not in tab.browser.stones()


def test_the_last_turn_stays_marked_while_the_next_is_under_way():
    tab = Tab("?players=2&size=5")
    tab.click("c3")  # turn 1: one stone
    assert len(tab.dom("#board").all('[data-last="1"]')) == 1
    tab.click("a1")  # turn 2 under way
    (last,) = tab.dom("#board").all('[data-last="1"]')
    assert last["data-at"] == "c3"
    assert len(tab.dom("#board").all(".last-mark")) == 1


def test_a_finished_game_shows_its_result_and_steps_back_through_it():
    actions, final = random_actions(3, 2, seed=7)
    tab = Tab("?players=2&size=3&names=Ada,Ben")
    play(tab, actions)
    assert not tab.browser.hidden("#gameover")
    turns = len(final.turns)
    # Over the board: the result in words, the ranking, and what to do next.
    headline = tab.dom("#gameover").find("#result-title").text  # type: ignore[union-attr]
    assert "wins" in headline or "share first place" in headline
    assert len(tab.dom("#gameover").all(".ranking li")) == 2
    for button in ("rematch", "review-game", "result-new-game"):
        assert tab.dom("#gameover").find("#" + button) is not None, button
    # Every move control is off; the colours are not offered, nor Pause.
    assert not tab.enabled("end-turn") and not tab.enabled("pass")
    assert tab.browser.hidden("#picker") and tab.button("pause") is None
    # The left arrow steps back through the game; End or Escape return to its end.
    tab.key("ArrowLeft")
    assert tab.banner().startswith(f"Turn {turns - 1} of {turns}")
    assert tab.browser.hidden("#gameover")
    tab.key("ArrowLeft")
    assert tab.banner().startswith(f"Turn {turns - 2} of {turns}")
    tab.key("End")
    # At the end, the card and above the board the result (its strip kept while the card
    # is open, so that putting the card away moves nothing), no button on it.
    assert tab.banner() == f"Game over: {headline.rstrip('.')}"
    assert not tab.browser.hidden("#gameover")
    tab.key("ArrowLeft")
    tab.key("Escape")
    assert tab.banner().startswith("Game over: ") and tab.browser.stones() == engine_stones(final)
    # Review puts the card away; the arrows still step through the game.
    tab.press(command="review-game")
    assert tab.browser.hidden("#gameover")
    tab.key("ArrowLeft")
    assert tab.banner().startswith(f"Turn {turns - 1} of {turns}")
    tab.key("End")
    assert tab.banner().startswith("Game over: ") and tab.browser.hidden("#gameover")
    tab.press(command="show-result")
    assert not tab.browser.hidden("#gameover")
    # Rematch: the same players on the same board, from the start.
    tab.press(command="rematch")
    assert tab.browser.stones() == {} and tab.browser.hidden("#gameover")
    assert "Ada" in tab.cards_text() and "Ben" in tab.cards_text()
    assert 'data-size="3"' in tab.browser.html("#board")
