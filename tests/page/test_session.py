"""The page's session: moves through the contract, undo/redo by move and by turn, the
history view, names and seats."""

import pytest

from archipelago.errors import IllegalMoveError
from archipelago.page.session import Session
from tests.support.gamehelpers import replay


def session_of(turns, current=None, players=2, seats=None, names=None):
    return Session(replay(players, turns, size=4, current=current), names, seats)


def test_undo_returns_what_it_took_back_and_redo_plays_it_again():
    session = session_of(["1d4", "2d5,2e5"], current="1c3")
    before = session.game.to_record()
    assert session.undo().text == "1c3"
    assert session.undo().text == "2e5"  # the stone that ended turn 2
    assert session.game.to_record()["turns"] == ["1d4"]
    assert [m.text for m in session.redo_moves] == ["1c3", "2e5"]
    assert session.redo().text == "2e5"
    assert session.redo().text == "1c3"
    assert session.game.to_record() == before
    with pytest.raises(IndexError):
        session.redo()


def test_a_new_move_drops_what_could_be_redone_and_a_refused_one_changes_nothing():
    session = session_of(["1d4"])
    session.undo()
    assert session.can_redo
    session.push("2a1")
    assert not session.can_redo
    record = session.game.to_record()
    with pytest.raises(IllegalMoveError):
        session.push("1a1")  # occupied
    assert session.game.to_record() == record


def test_undo_turn_takes_the_turn_under_way_then_the_whole_previous_turn():
    session = session_of(["1d4", "2d5,2e5"], current="1c3")
    assert [m.text for m in session.undo_turn()] == ["1c3"]
    assert [m.text for m in session.undo_turn()] == ["2e5", "2d5"]
    assert session.game.to_record()["turns"] == ["1d4"]
    assert [m.text for m in session.redo_turn()] == ["2d5", "2e5"]
    assert session.game.to_record()["turns"] == ["1d4", "2d5,2e5"]
    passed = session_of(["1d4", "pass"])
    assert [m.text for m in passed.undo_turn()] == ["pass"]


def test_undo_turn_with_a_computer_goes_back_to_the_persons_turn():
    session = session_of(["1d4", "2d5,2e5"], seats=[0, 3])
    taken = session.undo_turn()  # the computer's turn, then the person's before it
    assert [m.text for m in taken] == ["2e5", "2d5", "1d4"]
    assert session.game.to_move == 1 and not session.computer_to_move
    # Between computers only, a turn is a turn.
    bots = session_of(["1d4", "2d5,2e5"], seats=[2, 3])
    assert len(bots.undo_turn()) == 2


def test_the_history_view_shows_past_turns_without_touching_the_game():
    session = session_of(["1d4", "2d5,2e5"], current="1c3")
    session.show_turn(1)
    assert session.viewing == 1
    assert session.shown.to_record()["turns"] == ["1d4"]
    assert "current" not in session.shown.to_record()
    assert session.game.to_record()["current"] == "1c3"
    session.show_turn(2)  # the last finished turn, with a turn under way: still a view
    assert session.viewing == 2 and session.shown.to_record()["turns"] == ["1d4", "2d5,2e5"]
    session.show_turn(0)
    assert session.shown.history_codes() == []
    session.push("2a1")  # playing leaves the view
    assert session.viewing is None and session.shown is session.game
    finished = session_of(["1d4"])
    finished.show_turn(1)  # the game as it is: no view needed
    assert finished.viewing is None
    finished.show_turn(7)
    assert finished.viewing is None


def test_names_and_seats_are_fitted_to_the_game():
    session = session_of([], players=3, names=[" Ada ", "", "x" * 40, "extra"], seats=[4])
    assert session.names == ["Ada", "Player 2", "x" * 24]
    assert session.seats == [4, 0, 0]
    assert session.seat_of(1) == 4 and session.seat_of(None) == 0 and session.seat_of(9) == 0
    payload = session.payload()
    assert payload["names"] == session.names and payload["seats"] == [4, 0, 0]
    assert "seats" not in session_of([]).payload()


def test_a_new_session_of_a_registered_game():
    session = Session.new("archipelago", {"size": 5, "players": 3, "stones": 3}, ["A"], [0, 1])
    assert session.game.size == 5 and session.game.players == 3
    assert session.game.variant.stones == 3
    assert session.seats == [0, 1, 0]
    with pytest.raises(ValueError, match='"game" must be one of'):
        Session.new("chess", {}, [], [])


def test_the_pages_buttons_get_a_message_instead_of_an_error():
    session = session_of(["1d4"], seats=[0, 2])
    assert "a computer plays that seat" in session.person_move("1a1")
    assert session.game.to_record()["turns"] == ["1d4"]
    people = session_of(["1d4"])
    assert people.person_move("1d4") == "Cell d4 is occupied."
    assert people.person_move("9z9").endswith(".")
    assert people.person_move("2a1") == ""
    assert people.take_back("undo") == "" and people.take_back("redo") == ""
    assert people.take_back("redo-turn") == "Nothing to redo."
    fresh = session_of([])
    assert fresh.take_back("undo") == "Nothing to undo."
    assert fresh.take_back("undo-turn") == "Nothing to undo."


def test_a_pass_that_would_end_the_game_asks_first():
    session = Session(replay(2, [], size=5), ["Ann", "Bob"])
    assert session.person_move("pass")  # Ann's pass, asked in the dialog (see below)
    assert session.confirm() == ""  # Ann passes: the game goes on
    question = session.person_move("pass")  # Bob's pass would end it
    assert "ends the game" in question and not session.game.is_over
    assert session.person_move("pass") == "" and session.game.is_over  # asked, then done


def test_the_question_is_asked_again_once_the_position_changed():
    session = Session(replay(2, [], size=5), ["Ann", "Bob"])
    session.person_move("pass")
    session.confirm()
    assert session.person_move("pass")  # asked
    session.take_back("undo")
    session.person_move("pass")
    session.confirm()
    assert "ends the game" in session.person_move("pass")  # a new position: asked again
    assert not session.game.is_over


def test_the_message_line_s_question_is_answered_by_the_same_move_and_cleared_by_another():
    session = Session(replay(2, [], size=5), ["Ann", "Bob"])
    session.person_move("pass")
    session.confirm()
    question = session.person_move("pass")
    asked = session.asking
    assert asked is not None and asked.text == question and asked.go_ahead == ""
    assert session.person_move("2a1") == ""  # another move: the question is dropped
    assert session.asking is None
    assert session.confirm() is None  # nothing asked: the dialog's go-ahead plays nothing


def test_resigning_is_asked_in_the_dialog_and_only_its_go_ahead_plays_it():
    session = Session(replay(2, ["1a1"], size=5), ["Ann", "Bob"])
    question = session.person_move("resign")
    assert "Resign for Bob?" in question and session.asking is not None
    assert session.asking.go_ahead == "Resign for Bob"
    assert session.person_move("resign") == question  # pressed again: asked again
    session.decline()
    assert session.asking is None and not session.game.is_over
    session.person_move("resign")
    assert session.confirm() == "" and session.game.is_over


def test_review_steps_through_the_turns_like_a_game_site():
    session = Session(replay(2, ["1a1", "2b2,1c3", "1d4,2e5"], size=5), ["Ann", "Bob"])
    session.review("back")  # from the game, the turn before it
    assert session.viewing == 2
    session.review("back")
    session.review("back")
    session.review("back")  # the empty board is as far back as it goes
    assert session.viewing == 0 and not any(session.shown.cells)
    session.review("forward")
    assert session.viewing == 1
    session.review("end")
    assert session.viewing is None
    session.review("start")
    assert session.viewing == 0
    session.review("forward")
    session.review("forward")
    session.review("forward")  # past the last finished turn: back to the game
    assert session.viewing is None and session.shown is session.game


def test_review_with_a_turn_under_way_shows_the_finished_turns_first():
    session = Session(replay(2, ["1a1"], size=5, current="2b2"), ["Ann", "Bob"])
    session.review("back")
    assert session.viewing == 1 and session.shown.turn_stones == []
    session.review("forward")
    assert session.viewing is None


def test_a_fresh_game_has_nothing_to_review():
    session = Session(replay(2, [], size=5))
    session.review("back")
    assert session.viewing is None


def test_rematch_moves_every_player_one_seat_on_with_their_computer_level():
    session = session_of(["1d4"], players=4, names=["A", "B", "C", "D"], seats=[0, 5, 0, 1])
    session.rotation = 2
    again = session.rematch()
    assert again.names == ["B", "C", "D", "A"] and again.seats == [5, 0, 1, 0]
    assert again.rotation == 2 and not again.game.history_codes()
    assert again.rematch().rematch().rematch().names == ["A", "B", "C", "D"]  # round again


def test_the_turn_key_changes_when_a_turn_begins_not_with_each_stone():
    session = session_of(["1d4"])
    assert session.turn_key == (1, 2)
    session.push("2a1")
    assert session.turn_key == (1, 2)
    session.push("1a2")  # the turn's last stone: player 1's turn begins
    assert session.turn_key == (2, 1)
