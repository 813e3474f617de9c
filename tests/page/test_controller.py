"""The page's controller under CPython: from a tap, a key or the computer's move to the
page redrawn, with a fake browser that keeps the page as data (what each element shows,
the open dialogs, the storage) and a fake worker.

The rules covered, by test name: colour choice, preview and placement, ending a turn,
an ending pass (asked, then played; declined, nothing changes), review (step back and
forward, a tap in review returns to the game), undo and redo (undo while reviewing
returns first), a computer's turn arriving, refused moves, storage and reloads.
"""

from __future__ import annotations

import json
import random

from archipelago.games.archipelago.state import GameState
from archipelago.page.controller import PageController
from archipelago.page.input.events import Cell, PageEvent, Target
from archipelago.page.input.handlers import PageInput
from archipelago.page.session import Session
from archipelago.page.worker import protocol
from archipelago.registry import from_record
from tests.support.pagetab import TWO_PEOPLE, FakeBrowser, FakeWorker, Tab

__all__ = ["TWO_PEOPLE", "FakeBrowser", "FakeWorker", "Tab"]  # tests beside this use them


def test_a_click_on_an_empty_cell_places_a_stone_and_redraws_board_cards_and_moves():
    tab = Tab()  # (tests/support/pagetab.py: the page's controller and its input)
    assert isinstance(tab.page, PageController) and isinstance(tab.input, PageInput)
    browser = tab.browser
    assert browser.stones() == {}
    tab.click("c3")
    assert tab.session.game.history_codes() and tab.session.game.history[-1].text == "1c3"
    assert browser.stones() == {"c3": 1}
    assert 'data-turn="1"' in browser.html("#history")  # the moves list has the turn
    assert 'data-player="2"' in browser.html("#status")  # player 2 to move
    assert browser.message() == ""


def test_a_first_visit_is_welcomed_until_the_first_move():
    tab = Tab("")  # nothing stored, no game asked for
    assert tab.browser.hidden("#welcome") is False
    assert tab.session.seats == [0, 2]  # you against a level-2 computer
    tab.click("c3")
    assert tab.browser.hidden("#welcome") is True


def test_colour_choice_by_button_or_key_is_what_the_next_click_plays():
    tab = Tab()
    tab.click("c3")  # player 1's first turn: one stone
    assert tab.page.aim.choice == 2  # player 2's turn starts on player 2's colour
    tab.press(colour="1")
    assert tab.page.aim.choice == 1
    assert 'id="pick-1" data-colour="1" aria-pressed="true"' in tab.browser.html("#picker")
    tab.click("c4")
    assert tab.browser.stones() == {"c3": 1, "c4": 1}
    assert tab.page.aim.choice == 1  # a pick holds for the rest of the turn
    tab.key("2")
    assert tab.page.aim.choice == 2
    assert 'id="pick-2" data-colour="2" aria-pressed="true"' in tab.browser.html("#picker")
    tab.click("b2")
    assert tab.browser.stones() == {"c3": 1, "c4": 1, "b2": 2}
    assert tab.page.aim.choice == 1  # player 1's turn again: player 1's colour
    tab.press(colour="3")  # no third player: nothing changes
    assert tab.page.aim.choice == 1


def test_a_small_cell_s_first_tap_previews_and_the_second_places():
    tab = Tab()
    browser = tab.browser
    tab.tap("c3")
    assert browser.stones() == {} and not tab.session.game.history_codes()
    assert tab.page.aim.previewed == "c3"
    assert browser.hidden("#tap-again") is False  # "tap again to place"
    assert 'class="stone p1 ghost"' in browser.html("#board .overlay")  # the stone previewed
    tab.tap("d4")  # another cell: the preview moves there
    assert tab.page.aim.previewed == "d4" and browser.stones() == {}
    tab.tap("d4")
    assert browser.stones() == {"d4": 1}
    assert tab.page.aim.previewed is None and browser.hidden("#tap-again") is True
    tab.click("c3", "touch", 40.0)  # a cell big enough under the finger places at once
    assert browser.stones() == {"d4": 1, "c3": 2}  # player 2's turn: their colour
    tab.click("c4", "mouse", 20.0)  # and so does a mouse on a small cell
    assert browser.stones() == {"d4": 1, "c3": 2, "c4": 2}


def test_ending_a_turn_early_gives_the_move_to_the_next_player():
    tab = Tab()
    tab.click("c3")  # player 1's one stone
    tab.click("c4")  # player 2's first of two
    assert tab.session.game.to_move == 2
    assert 'id="end-turn"' in tab.browser.html("#action-bar")
    tab.press(move="end")  # a stone of two left: asked first
    assert tab.browser.dialogs == {"confirm"} and tab.session.game.to_move == 2
    assert "with 1 of 2 stones unplaced" in tab.browser.text("#confirm-text")
    assert tab.browser.text("#confirm-yes") == "End turn"
    tab.press(command="confirm-yes")
    assert tab.session.game.to_move == 1
    assert 'data-player="1"' in tab.browser.html("#status")
    assert tab.session.game.history[-1].text == "end"
    tab.click("b2")
    tab.key("e")  # key E ends the turn too, asking the same
    assert tab.browser.dialogs == {"confirm"} and tab.session.game.to_move == 1
    tab.press(command="confirm-no")  # No: the turn goes on
    assert tab.browser.dialogs == set() and tab.session.game.to_move == 1
    tab.key("e")
    tab.press(command="confirm-yes")
    assert tab.session.game.to_move == 2


def test_an_ending_pass_in_archipelago_is_asked_on_the_message_line_then_played():
    tab = Tab()
    tab.press(move="pass")  # Ann's pass opens a round of passes: asked in the dialog
    assert tab.browser.dialogs == {"confirm"} and tab.session.game.to_move == 1
    tab.press(command="confirm-yes")  # the game goes on
    assert tab.session.game.to_move == 2 and not tab.session.game.is_over
    tab.press(move="pass")  # Bob's pass would end it: asked first
    assert "ends the game" in tab.browser.message()
    assert tab.browser.shown["#message"]["className"] == "message info"
    assert not tab.session.game.is_over and tab.browser.dialogs == set()
    tab.press(move="pass")  # pressed again: played
    assert tab.session.game.is_over
    assert tab.browser.hidden("#gameover") is False


def stigmergy_at_its_first_pass(seed: int = 3) -> Session:
    """A side-3 Stigmergy game (komi 0) played at random up to its first pass."""
    rng = random.Random(seed)
    game = from_record({"game": "stigmergy", "size": 3, "variant": {"komi": 0}, "turns": []})
    while "pass" not in [m.text for m in game.legal_moves()]:
        game.push(rng.choice([m for m in game.legal_moves() if m.text != "pass"]))
    game.push("pass")
    return Session(game, ["Ann", "Bob"])


def test_an_ending_pass_confirmed_in_the_dialog_is_played():
    tab = Tab()
    tab.page.start(stigmergy_at_its_first_pass())
    moves = len(tab.session.game.history_codes())
    tab.press(move="pass")
    assert tab.browser.dialogs == {"confirm"}
    assert "passed last turn" in tab.browser.text("#confirm-text")
    assert tab.browser.text("#confirm-yes") == "Pass and end the game"
    assert len(tab.session.game.history_codes()) == moves  # nothing played yet
    tab.press(command="confirm-yes")
    assert tab.browser.dialogs == set()
    assert tab.session.game.is_over
    assert tab.browser.hidden("#gameover") is False


def test_an_ending_pass_declined_in_the_dialog_changes_nothing():
    tab = Tab()
    tab.page.start(stigmergy_at_its_first_pass())
    before = tab.session.game.to_record()
    board = tab.browser.html("#board")
    tab.press(move="pass")
    tab.press(command="confirm-no")
    assert tab.browser.dialogs == set()
    assert tab.session.game.to_record() == before and not tab.session.game.is_over
    assert tab.browser.html("#board") == board
    tab.press(move="pass")  # asked again, not played at once
    assert tab.browser.dialogs == {"confirm"} and not tab.session.game.is_over


def test_review_steps_back_and_forward_and_a_tap_in_review_returns_to_the_game():
    tab = Tab()
    for cell in ("c3", "c4", "d4", "b2"):  # turns 1 and 2, then turn 3's first stone
        tab.click(cell)
    assert tab.browser.stones() == {"c3": 1, "c4": 2, "d4": 2, "b2": 1}
    tab.press(turn="1")  # the moves list: the board after turn 1
    assert tab.session.viewing == 1
    assert tab.browser.stones() == {"c3": 1}
    assert tab.browser.attr("body", "data-reviewing") == "1"
    tab.key("ArrowRight")  # in review the arrows step through the game
    assert tab.session.viewing == 2 and tab.browser.stones() == {"c3": 1, "c4": 2, "d4": 2}
    tab.key("ArrowLeft")
    tab.key("ArrowLeft")
    assert tab.session.viewing == 0 and tab.browser.stones() == {}
    # A finger's tap on the board in review: back to the game, nothing played (a mouse's
    # click tries the move in a side line: tests/page/test_study.py).
    tab.click("e5", pointer="touch", width=60.0)
    assert tab.session.viewing is None
    assert tab.browser.stones() == {"c3": 1, "c4": 2, "d4": 2, "b2": 1}
    assert tab.browser.attr("body", "data-reviewing") == "0"


def test_undo_and_redo_take_back_and_play_again_and_undo_while_reviewing_returns_first():
    tab = Tab()
    tab.click("c3")
    tab.click("c4")
    tab.press(command="undo")
    assert tab.browser.stones() == {"c3": 1}
    tab.key("r")  # R redoes
    assert tab.browser.stones() == {"c3": 1, "c4": 2}
    tab.press(turn="1")
    tab.press(command="undo")  # under a past position: back at the game first
    assert tab.session.viewing is None
    assert "press again to take back" in tab.browser.message()
    assert tab.browser.stones() == {"c3": 1, "c4": 2}
    tab.press(command="undo")
    assert tab.browser.stones() == {"c3": 1}
    tab.press(command="undo")
    tab.press(command="undo")
    assert tab.browser.message() == "Nothing to undo."
    assert tab.browser.shown["#message"]["className"] == "message error"


def test_a_computer_s_move_arrives_from_the_worker_and_is_drawn_at_the_pace():
    tab = Tab("?players=2&size=5&seats=h,c2")
    tab.click("c3")  # the person's turn, then the computer's
    think = tab.worker.last_think()
    assert think["level"] == 2
    assert tab.browser.attr("body", "data-thinking") == "move"
    tab.worker.on_message(protocol.move_reply(think["id"], "2c4"))
    assert tab.browser.stones() == {"c3": 1}  # not yet: the pace lets people follow
    tab.browser.advance(1000)
    assert tab.browser.stones() == {"c3": 1, "c4": 2}
    assert tab.session.game.to_move == 2  # a second stone to come in that turn
    tab.worker.on_message(protocol.move_reply(tab.worker.last_think()["id"], "1d4"))
    tab.browser.advance(1000)
    assert tab.browser.stones() == {"c3": 1, "c4": 2, "d4": 1}
    assert tab.session.game.to_move == 1
    assert tab.browser.attr("body", "data-thinking") == ""


def test_refused_moves_leave_the_game_unchanged_with_a_message():
    tab = Tab("?players=2&size=5&seats=h,c2")
    tab.click("c3")
    before = tab.session.game.to_record()
    tab.click("d4")  # the computer's turn
    assert "a computer plays that seat" in tab.browser.message()
    assert tab.session.game.to_record() == before
    tab = Tab()
    tab.click("c3")
    before, board = tab.session.game.to_record(), tab.browser.html("#board")
    tab.click("c3")  # taken already
    assert tab.browser.message() == "Cell c3 is occupied."
    assert tab.browser.shown["#message"]["className"] == "message error"
    assert tab.session.game.to_record() == before and tab.browser.html("#board") == board


def test_one_action_sends_one_batch_with_its_drawing_storage_and_scroll():
    tab = Tab()
    before = len(tab.browser.sent)
    tab.click("c3")
    assert len(tab.browser.sent) == before + 1
    batch = tab.browser.sent[-1]
    assert 'data-at="c3"' in batch["changes"]["#board"]["html"]
    assert batch["scroll"] is True  # the moves list keeps the last turn in view
    game_id = tab.browser.attr("body", "data-game-id")
    written = [key for key, _text in batch["writes"]]
    assert written == [
        f"archipelago.games.{game_id}",  # the game, its entry in the list, the last played
        "archipelago.games",
        "archipelago.games.last",
        "archipelago.view",  # and the first view of the next visit
    ]
    assert json.loads(tab.store[f"archipelago.games.{game_id}"])["turns"] == ["1c3"]
    # An action that changes nothing on the page sends nothing.
    tab.event(tab.input.on_command, PageEvent("click"))
    assert len(tab.browser.sent) == before + 1


def test_the_computer_s_answer_and_its_move_are_one_batch_each():
    tab = Tab("?players=2&size=5&seats=h,c2")
    tab.click("c3")
    sent = len(tab.browser.sent)
    tab.worker.on_message(protocol.move_reply(tab.worker.last_think()["id"], "2c4"))
    assert len(tab.browser.sent) <= sent + 1  # the controls, if they changed
    sent = len(tab.browser.sent)
    tab.browser.advance(1000)
    assert len(tab.browser.sent) == sent + 1
    assert 'data-at="c4"' in tab.browser.sent[-1]["changes"]["#board"]["html"]


def test_the_pointer_over_a_cell_previews_its_stone_and_leaving_the_board_clears_it():
    tab = Tab()
    tab.event(tab.input.on_board_hover, PageEvent("mouseover", cell=Cell("d4", 40, "board")))
    assert 'class="stone p1 ghost"' in tab.browser.html("#board .overlay")
    assert tab.browser.text("#hint").startswith("Blue on d4")
    tab.event(tab.input.on_board_leave, PageEvent("mouseleave"))
    assert tab.browser.html("#board .overlay") == "" and tab.page.aim.hover is None
    tab.click("c3")
    tab.event(tab.input.on_board_hover, PageEvent("mouseover", cell=Cell("d4", 40, "board")))
    tab.press(command="undo")  # a new board drawn: the preview under the pointer again
    assert tab.browser.stones() == {}
    assert 'class="stone p1 ghost"' in tab.browser.html("#board .overlay")


def test_the_keyboard_cursor_shows_on_focus_moves_with_the_arrows_and_enter_places():
    tab = Tab()
    focus = PageEvent("focus", target=Target(id="board", tag="div", focus_visible=True))
    tab.event(tab.input.on_board_focus, focus)
    cursor = tab.page.aim.cursor
    assert cursor is not None
    assert tab.browser.attr("#board", "aria-activedescendant") == f"cell-{cursor[0]}"
    tab.key("ArrowRight")
    moved = tab.page.aim.cursor
    assert moved is not None and moved[0] != cursor[0]
    tab.key("Enter")
    assert tab.browser.stones() == {moved[0]: 1}


def test_the_game_switcher_starts_a_new_game_of_the_game_picked():
    tab = Tab()  # two people on a side-5 board
    tab.event(tab.input.on_game_switch, PageEvent("change", target=Target(value="stigmergy")))
    assert tab.session.game.name == "stigmergy"
    assert tab.browser.text("#title") == "Stigmergy"
    # As a first visit's game: you open against a level-2 computer on the quick board.
    assert tab.session.game.size == 5 and tab.session.game.to_move == 1
    assert [tab.session.seat_of(p) for p in (1, 2)] == [0, 2]
    tab.event(tab.input.on_game_switch, PageEvent("change", target=Target(value="archipelago")))
    assert tab.session.game.name == "archipelago" and tab.session.game.size == 6
    assert [tab.session.seat_of(p) for p in (1, 2)] == [0, 2]


def finished_tab() -> Tab:
    """A two-person side-3 game played to its end: the game-over card is up."""
    tab = Tab()
    game = GameState.random_game(random.Random(4), size=3, players=2)
    tab.page.start(Session(game, ["Ann", "Bob"]))
    assert tab.browser.hidden("#gameover") is False
    return tab


def test_the_game_over_card_closes_by_its_close_escape_or_a_tap_beside_it():
    for close in (
        lambda tab: tab.press(command="close-result"),
        lambda tab: tab.key("Escape"),
        lambda tab: tab.click("a1", "touch"),  # on the board, beside the card
    ):
        tab = finished_tab()
        record = tab.session.game.to_record()
        assert 'id="close-result"' in tab.browser.html("#gameover")
        close(tab)
        assert tab.browser.hidden("#gameover") is True
        assert tab.session.game.to_record() == record  # nothing played, nothing lost
        # The banner over the board brings the result back.
        assert 'data-command="show-result"' in tab.browser.html("#review-banner")
        tab.press(command="show-result")
        assert tab.browser.hidden("#gameover") is False


def test_the_line_under_the_board_says_tap_on_a_touch_screen():
    tab = Tab()
    assert tab.browser.text("#hint") == "Pick a colour, then click an empty cell."
    touch = Tab()
    touch.page.aim.touch = True  # as a coarse pointer at the start says
    touch.page.render()
    assert touch.browser.text("#hint") == "Pick a colour, then tap an empty cell."
    tab.click("c3", "touch")  # a finger on the board: from then on, taps
    tab.page.aim.hover = None
    tab.page.render_overlay()
    assert "tap an empty cell" in tab.browser.text("#hint")
    tab.click("c4", "mouse")
    tab.page.aim.hover = None
    tab.page.render_overlay()
    assert "click an empty cell" in tab.browser.text("#hint")
