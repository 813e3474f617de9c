"""Side lines and notes on the page (archipelago/page/study.py, view/lines.py), driven
through the controller with the fake browser of test_controller: a move in review starts
a side line and leaves the game alone; the moves list nests it; keys step along and
between lines; notes, promoting and deleting; what is kept in storage, files and links;
the computer never plays in a side line; Hint and Analyse work in one."""

from __future__ import annotations

import json
import re

from archipelago.page import start as startup
from archipelago.page.analysis import AnalysisPage
from archipelago.page.input.events import Cell, PageEvent
from archipelago.page.saved.distance import share_link, share_place_words
from archipelago.page.saved.links import LINK_LIMIT
from archipelago.page.study import NOT_THE_GAME, turns_of
from archipelago.page.view.analysis import stored_rows
from archipelago.page.worker import protocol
from archipelago.registry import from_record
from tests.page.test_analysis import AnalysedPage, replies_to
from tests.page.test_controller import Tab
from tests.support.pagetab import picked

# Three turns of Archipelago on side 5 (1 stone, then 2 a turn), every stone blue.
TURNS = (("c3",), ("c4", "d4"), ("b2", "e5"))


def _played(query: str = "?players=2&size=5", store=None) -> Tab:
    tab = Tab(query, store)
    for turn in TURNS:
        tab.press(colour="1")  # each turn starts on the mover's colour: Bob picks blue
        for cell in turn:
            tab.click(cell)
    return tab


def _side_line(tab: Tab) -> None:
    """Back to the board after turn 1, then another turn 2: b1 b3."""
    tab.press(turn="1")
    tab.press(colour="1")  # Bob's turn starts on his colour; he tries blue
    tab.click("b1")  # a turn under way in review: the game is left alone
    assert tab.session.viewing == 1 and tab.browser.stones() == {"c3": 1, "b1": 1}
    tab.click("b3")


def test_a_move_in_review_starts_a_side_line_and_the_game_keeps_its_length():
    tab = _played()
    game_before = tab.session.game.to_record()
    _side_line(tab)
    session = tab.session
    assert session.game.to_record() == game_before  # the game keeps its three turns
    assert session.study.on_side_line and session.viewing == 2
    assert tab.browser.stones() == {"c3": 1, "b1": 1, "b3": 1}
    history = tab.browser.html("#history")
    assert history.count('class="turn-link" data-turn=') == 4  # three of the game, one more
    variation = re.search(r'<div class="variation" data-variation="1".*?</div>', history)
    assert variation is not None
    assert 'data-turn="2" data-line="1" aria-current="true"' in variation.group()
    # nested under the turn it replaces: after the game's turn 2, before its turn 3
    assert history.index('data-turn="2"') < variation.start() < history.index('data-turn="3"')
    assert "Turn 2 of 2 of a side line" in tab.browser.html("#review-banner")
    assert "Make main line" in tab.browser.html("#line-actions")


def test_the_game_s_own_turn_in_review_follows_the_game_instead():
    tab = _played()
    tab.press(turn="1")
    tab.press(colour="1")
    tab.click("c4")
    tab.click("d4")  # turn 2 as the game played it
    assert tab.session.viewing == 2 and not tab.session.study.on_side_line
    assert "data-variation" not in tab.browser.html("#history")


def test_keys_step_along_a_line_switch_lines_and_go_home_and_to_the_end():
    tab = _played()
    _side_line(tab)
    tab.key("ArrowUp")  # the game's own turn 2, the line above
    assert tab.session.viewing == 2 and not tab.session.study.on_side_line
    tab.key("ArrowDown")
    assert tab.session.study.on_side_line and tab.session.viewing == 2
    tab.key("ArrowLeft")  # back along the side line: the position it left
    assert tab.session.viewing == 1 and tab.session.study.line is not None
    tab.key("ArrowRight")
    assert tab.session.study.on_side_line and tab.browser.stones() == {"c3": 1, "b1": 1, "b3": 1}
    tab.key("Home")
    assert tab.session.viewing == 0 and tab.browser.stones() == {}
    tab.key("End")  # the end of the line followed
    assert tab.session.viewing == 2 and tab.session.study.on_side_line
    tab.press(command="back")  # Back to the game
    assert tab.session.viewing is None and tab.session.study.line is None


def test_a_finger_s_tap_in_review_returns_unless_try_a_move_here_is_on():
    tab = _played()
    tab.press(turn="1")
    tab.click("b1", pointer="touch", width=60.0)  # a stray tap: back to the game
    assert tab.session.viewing is None and "data-variation" not in tab.browser.html("#history")
    tab.press(turn="1")
    tab.press(command="try-here")
    assert 'aria-pressed="true"' in tab.browser.html("#line-actions")
    tab.press(colour="1")
    tab.click("b1", pointer="touch", width=60.0)
    tab.click("b3", pointer="touch", width=60.0)
    assert tab.session.study.on_side_line and tab.session.viewing == 2
    assert tab.browser.stones() == {"c3": 1, "b1": 1, "b3": 1}


def test_a_side_line_s_turn_has_its_own_end_turn_undo_and_colours():
    """Issue 51: in review End turn showed the game's count ("3 left") and stayed off,
    Undo was off and the picker called the game's mover's colour "yours": each now
    speaks of the turn reviewed, and ending it early asks as the game does."""
    tab = _played()
    game_before = tab.session.game.to_record()
    assert tab.button("end-turn").text == "End turn (3 left)"  # the game's: Bob trails
    tab.press(turn="2")  # Ann's turn 3, again
    picker = tab.dom("#picker").text
    assert "Blue (yours)" in picker and "Orange (Bob's)" in picker and picked(tab) == 1
    assert tab.button("end-turn").text == "End turn (2 left)"
    assert not tab.enabled("end-turn") and not tab.enabled("undo")  # no stone yet
    tab.click("a1")
    assert tab.button("end-turn").text == "End turn (1 left)" and tab.enabled("end-turn")
    assert tab.enabled("undo")
    tab.key("u")  # Undo takes back the side line's stone, and stays in review
    assert tab.session.viewing == 2 and "a1" not in tab.browser.stones()
    assert not tab.enabled("undo") and tab.button("end-turn").text == "End turn (2 left)"
    tab.click("a1")
    tab.click_button("end-turn")  # ended early: asked first, as in the game
    assert "confirm" in tab.browser.dialogs
    assert tab.browser.text("#confirm-text").startswith("End Ann's turn with 1 of 2 stones")
    tab.press(command="confirm-no")
    assert tab.browser.stones()["a1"] == 1 and not tab.session.study.on_side_line
    tab.key("e")
    tab.press(command="confirm-yes")
    study = tab.session.study
    assert study.on_side_line and tab.session.viewing == 3 and study.followed[-1] == "1a1"
    assert picked(tab) == 2 and "Orange (yours)" in tab.dom("#picker").text  # Bob's turn now
    assert tab.session.game.to_record() == game_before  # the game is as it was


def test_the_line_under_the_board_says_how_to_try_a_move_in_review():
    tab = _played()
    tab.event(tab.input.on_board_leave, PageEvent("pointerleave"))
    tab.press(turn="2")
    assert tab.browser.text("#hint") == (
        "A side line for Ann: the game stays as it is. Pick a colour, then click an empty cell."
    )
    tab.event(tab.input.on_board_hover, PageEvent("pointerover", cell=Cell("a1", 40.0, "board")))
    assert tab.browser.text("#hint").startswith("Blue on a1, Ann's colour, would be")
    touch = _played()
    touch.tap("a1")  # a finger: the page now speaks of taps
    touch.press(turn="2")
    assert touch.browser.text("#hint").startswith("A tap on the board goes back to the game.")
    touch.press(command="try-here")
    assert touch.browser.text("#hint") == (
        "A side line for Ann: the game stays as it is. Pick a colour, then tap an empty cell."
    )
    touch.key("End")  # the game itself: its own line again
    assert touch.browser.text("#hint") == "Pick a colour, then tap an empty cell."


def test_a_note_is_written_shown_in_the_list_and_in_review_and_removed():
    tab = _played()
    tab.press(turn="2")
    assert 'for="note">Note</label>' in tab.browser.html("#note-form")
    tab.event(tab.input.on_note_form, _note_event("  b2 was slow\there "))
    assert tab.session.study.note_here() == "b2 was slow here"
    assert '<p class="turn-note-text">b2 was slow here</p>' in tab.browser.html("#history")
    assert "Note: b2 was slow here" in tab.browser.html("#review-banner")
    assert 'value="b2 was slow here"' in tab.browser.html("#note-form")
    tab.event(tab.input.on_note_form, _note_event("x" * 301))
    assert "at most 300 characters" in tab.browser.message()
    assert tab.session.study.note_here() == "b2 was slow here"
    tab.press(command="remove-note")
    assert tab.session.study.note_here() == "" and "turn-note-text" not in tab.browser.html(
        "#history"
    )


def _note_event(text: str):
    from archipelago.page.input.events import PageEvent

    return PageEvent("submit", fields={"note": text})


def test_promoting_makes_the_side_line_the_game_and_deleting_drops_a_line():
    tab = _played()
    _side_line(tab)
    tab.press(command="promote-line")
    session = tab.session
    assert session.game.to_record()["turns"] == ["1c3", "1b1,1b3"]
    assert not session.study.on_side_line and session.viewing is None  # its end is the game's
    old = session.study.tree.lines()[1]
    assert old.turns == ("1c4,1d4", "1b2,1e5")  # the old game, as a side line
    tab.press(turn="3", line="1")
    assert tab.session.study.on_side_line and tab.session.viewing == 3
    tab.press(command="delete-line")
    assert len(tab.session.study.tree.lines()) == 1 and tab.session.viewing == 1
    assert "data-variation" not in tab.browser.html("#history")
    tab.press(command="delete-line")  # the main line: refused
    assert "Undo takes back its moves" in tab.browser.message()


def test_side_lines_and_notes_survive_a_reload_a_saved_file_and_a_share_link():
    tab = _played()
    _side_line(tab)
    tab.event(tab.input.on_note_form, _note_event("what if"))
    shape = tab.session.payload()
    assert shape["lines"] == [
        {"parent": 0, "at": 1, "turns": ["1b1,1b3"], "notes": {"2": "what if"}}
    ]
    again = Tab("", tab.store)  # a reload: the stored game
    assert again.session.payload()["lines"] == shape["lines"]
    loaded = startup.session_from_file(json.dumps(shape))  # a saved file, anywhere
    assert loaded.payload()["lines"] == shape["lines"]
    tab.press(turn="2")
    assert share_place_words(tab.session) == "turn 2"
    link, problem = share_link("https://example.org/", tab.session, at_turn=True)
    assert problem == "" and link.endswith("&turn=2")
    fresh = Tab()
    fresh.page.within(lambda: fresh.page.open_link(link[link.index("#") :]))
    assert fresh.session.payload()["lines"] == shape["lines"]
    assert fresh.session.viewing == 2  # opened at that turn, in review
    assert "Turn 2 of 3" in fresh.browser.html("#review-banner")
    # The side line's position has its link too (issue 51): it opens there.
    tab.press(turn="2", line="1")
    assert share_place_words(tab.session) == "turn 2 of a side line"
    link, problem = share_link("https://example.org/", tab.session, at_turn=True)
    assert problem == "" and link.endswith("&line=1&turn=2")
    fresh = Tab()
    fresh.page.within(lambda: fresh.page.open_link(link[link.index("#") :]))
    assert fresh.session.study.on_side_line and fresh.session.viewing == 2
    assert fresh.browser.stones() == {"c3": 1, "b1": 1, "b3": 1}
    assert "Turn 2 of 2 of a side line" in fresh.browser.html("#review-banner")
    assert "what if" in fresh.browser.html("#review-banner")
    game_data = link[link.index("#") :].split("&")[0]
    for broken in ("&line=9&turn=2", "&line=x&turn=1"):  # no such line: the game, or turn 1
        fresh = Tab()
        fresh.open_link(game_data + broken)
        assert not fresh.session.study.on_side_line


def test_a_link_that_would_be_too_long_says_so_and_offers_the_file():
    tab = _played()
    session = tab.session
    for number in range(1, 4):  # long notes on every turn
        session.study.tree.set_note(session.study.tree.main_line()[:number], "n" * 300)
    session.names = ["A" * 24, "B" * 24]
    for count in range(2, 60):
        if len(share_link("https://example.org/", session, False)[0]) > LINK_LIMIT:
            break
        session.study.tree.add(session.study.tree.main_line()[:1], f"1b{count % 5 + 1}")
    tab.press(turn="1")
    link, problem = share_link("https://example.org/" + "x" * LINK_LIMIT, session, False)
    assert link == "" and "save the game as a file" in problem


def test_the_computer_never_plays_in_a_side_line():
    tab = Tab("?players=2&size=5&seats=h,c2")
    tab.click("c3")  # the person's turn; the computer is asked for its own
    think = tab.worker.last_think()
    tab.press(turn="0")
    tab.click("b2")  # another turn 1: a side line, while the computer thinks
    assert tab.session.study.on_side_line
    tab.worker.on_message(protocol.move_reply(think["id"], "2c4"))
    tab.browser.advance(5000)
    assert tab.session.game.to_record()["turns"] == ["1c3"]  # the game waits
    assert tab.browser.stones() == {"b2": 1}  # and the side line has no computer's stone
    tab.press(command="back")
    tab.browser.advance(5000)
    assert tab.browser.stones() == {"c3": 1, "c4": 2}  # back at the game, it plays on


def test_hint_and_analysis_work_at_the_end_of_a_side_line():
    tab = _played()
    _side_line(tab)
    assert 'id="hint-button"' in tab.browser.html("#action-bar")
    assert (
        "disabled"
        not in re.search(
            r'<button[^>]*id="hint-button"[^>]*>', tab.browser.html("#action-bar")
        ).group()
    )
    tab.press(command="hint")
    think = tab.worker.last_think()
    assert json.loads(think["record"])["turns"] == ["1c3", "1b1,1b3"]
    tab.worker.on_message(protocol.move_reply(think["id"], "2a5"))
    assert tab.page.scheduler.hint_move == "2a5"
    tab.key("ArrowLeft")  # another position: the hint is for the one before
    assert tab.page.scheduler.hint_move == ""
    tab.key("ArrowRight")
    page = AnalysedPage(tab.session)  # a worker that takes analyses (test_analysis)
    analysis = AnalysisPage(page)
    page.commands["analyse"]()
    record = json.loads(page.posted[0]["record"])
    assert record["turns"] == ["1c3", "1b1,1b3"]
    for reply in replies_to(analysis.request_id, from_record(record)):
        analysis.receive(reply)
    assert len(stored_rows(tab.session)) == 2  # the win chance to the line's end
    assert tab.session.analysis is None  # the game's own analysis is not replaced
    tab.press(command="back")
    assert stored_rows(tab.session) == []


def test_a_turn_past_the_game_s_end_is_the_game_s_to_play_not_a_side_line():
    tab = Tab()
    tab.click("c3")
    tab.click("c4")  # turn 2 under way
    tab.press(turn="1")  # the position after turn 1, without the stone of turn 2
    tab.click("b2")
    tab.click("b3")
    assert tab.browser.message() == NOT_THE_GAME
    assert turns_of(tab.session.game) == ("1c3",) and len(tab.session.study.tree.lines()) == 1
