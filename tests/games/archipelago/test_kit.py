"""Archipelago's page kit: its turns in words for the moves list, and the questions it
asks before a move (ending a turn with stones unplaced, opening a round of passes)."""

from archipelago.page.session import Session
from tests.support.gamehelpers import replay


def test_a_turn_is_put_in_words_stone_by_stone():
    session = Session(replay(4, ["1d4"], size=4))
    words = session.kit.turn_words
    assert words(session.game, "4a3,4b3,2a1") == "pink a3, pink b3, orange a1"
    assert words(session.game, "pass") == "passes"  # a word in the reader's words
    assert words(session.game, "resign") == "resigns"


def test_ending_a_turn_with_stones_unplaced_is_asked_in_the_dialog():
    session = Session(replay(2, ["1d4"], current="2a1", size=4), ["Ann", "Bob"])
    question, go_ahead = session.kit.confirm_question(session, "end") or ("", "")
    assert question.startswith("End Bob's turn with 1 of 2 stones unplaced?")
    assert go_ahead == "End turn"
    assert session.person_move("end") == question and session.game.to_move == 2
    assert session.confirm() == "" and session.game.to_move == 1


def test_a_pass_is_asked_when_it_opens_a_round_of_passes_and_not_after_one():
    session = Session(replay(3, ["1d4"], size=4), ["Ann", "Bob", "Cy"])
    question, go_ahead = session.kit.confirm_question(session, "pass") or ("", "")
    assert question.startswith("Pass, placing none of Bob's 2 stones this turn?")
    assert go_ahead == "Pass"
    after_a_pass = Session(replay(3, ["1d4", "pass"], size=4), ["Ann", "Bob", "Cy"])
    assert after_a_pass.kit.confirm_question(after_a_pass, "pass") is None
    assert after_a_pass.person_move("pass") == ""  # Cy answers Bob's pass: played
    # The pass that would end the game is the session's question, on the message line.
    assert "ends the game" in after_a_pass.person_move("pass")
    assert after_a_pass.asking is not None and after_a_pass.asking.go_ahead == ""


def test_resigning_still_asks_and_nothing_else_does():
    session = Session(replay(2, ["1d4"], current="2a1", size=4), ["Ann", "Bob"])
    resign = session.kit.confirm_question(session, "resign")
    assert resign is not None and resign[1] == "Resign for Bob"
    assert session.kit.confirm_question(session, "2a2") is None
