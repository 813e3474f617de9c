"""Stigmergy's How to play lesson (archipelago/games/stigmergy/tutorial.py): every step's
intended move is accepted by the engine and the step, and a wrong one is refused (by the
engine's rules, or by the step's task) with a reason that says what to do instead."""

from __future__ import annotations

import pytest

from archipelago.games.stigmergy import tutorial
from archipelago.games.stigmergy.tutorial import BOB, FAIR, STEPS, YOU, Tutorial

# Per step: the learner's intended move, then wrong moves with a word each reason holds.
# A move is a cell (tapped: Bob's stone there is flipped) or a button's move.
INTENDED = ["a1", "e3", "c3", "d4", str(FAIR), "take-button", "pass"]
WRONG: list[list[tuple[str, str]]] = [
    [("pass", "no passing while an empty cell"), ("d4", "you do not control d4")],
    [
        ("a1", "d4 sees 3 blue"),
        ("d4", "not seen by d4"),
        ("d2", "you do not control d2 (it sees 2 of the 4 needed)"),
    ],
    [("d4", "Bob controls d4"), ("g4", "Bob still controls d4: d4 sees 1 blue and 4 orange")],
    [("d1", "you do not control d1 (it sees 0 of the 2 needed)"), ("a1", "instead of flipping")],
    [
        ("0", "Bob chose to place the first stone"),
        (str(FAIR + 6), "chose to play second"),
        ("d4", "Before the first stone comes the komi: choose one of the offers."),
    ],
    [("pass", "no passing while the button"), ("a1", "the button is still there")],
    [("c2", "Bob controls c2"), ("a1", "ends only when both players pass")],
]


def at_step(index: int) -> Tutorial:
    lesson = Tutorial()
    lesson.start_step(index)
    return lesson


def act(lesson: Tutorial, move: str) -> None:
    if move[0].isalpha() and move[1:].isdigit():
        lesson.place(move)
    else:
        lesson.press(move)


def test_every_step_starts_on_your_turn_with_a_task_and_its_lines_drawn():
    assert len(INTENDED) == len(WRONG) == len(STEPS)
    for step in STEPS:
        game = tutorial.setup_state(step)
        assert game.to_move == YOU and not game.is_over and not game.history_codes()
        if step.focus:
            assert (
                'data-from="d4"'
                in tutorial.changes(at_step(STEPS.index(step)))["#tutorial-board .overlay"]["html"]
            )


@pytest.mark.parametrize("index", range(len(STEPS)))
def test_the_intended_move_does_the_step(index):
    lesson = at_step(index)
    act(lesson, INTENDED[index])
    assert lesson.done, lesson.feedback
    assert lesson.feedback == tutorial._say(STEPS[index].done, lesson.state)
    shown = tutorial.changes(lesson)
    assert shown["#tutorial-next"]["disabled"] is False
    assert "done" in shown["#tutorial-feedback"]["attrs"]["class"]


@pytest.mark.parametrize("index", range(len(STEPS)))
def test_a_wrong_move_is_refused_with_a_reason_and_the_step_stays(index):
    for move, reason in WRONG[index]:
        lesson = at_step(index)
        before = lesson.state.snapshot()
        act(lesson, move)
        assert not lesson.done, move
        assert reason.lower() in lesson.feedback.lower(), (move, lesson.feedback)
        assert lesson.state.snapshot() == before, move  # refused, or set up again
        assert "player 1" not in lesson.feedback and "player 2" not in lesson.feedback
        assert "you's" not in lesson.feedback


def test_the_engine_refusals_change_nothing_and_the_allowed_misses_set_up_again():
    lesson = at_step(2)
    lesson.place("d4")  # Bob's cell: the engine refuses, the board stays as it is
    assert lesson.feedback == "Bob controls d4." and not lesson.state.history_codes()
    lesson.place("g4")  # allowed, but Bob keeps d4: the step is set up again
    assert lesson.feedback.startswith("Not quite.") and lesson.feedback.endswith("set up again.")


def test_bob_answers_the_komi_and_the_last_pass_and_the_lesson_says_so():
    lesson = at_step(4)
    lesson.press(str(FAIR))
    assert lesson.state.komi == FAIR and lesson.state.komi_to == YOU  # Bob placed first
    assert "He chose to place the first stone (d4)" in lesson.feedback
    lesson = at_step(6)
    lesson.press("pass")
    assert lesson.state.is_over and lesson.state.scores() == (10.0, 9.0)
    assert "you have 7 stones and control 3 empty cells, 10 points" in lesson.feedback


def test_the_whole_lesson_runs_to_its_end_and_starts_again():
    lesson = Tutorial()
    for index, move in enumerate(INTENDED):
        assert lesson.index == index
        lesson.next()  # not done yet: Next does nothing
        assert lesson.index == index
        act(lesson, move)
        lesson.next()
    assert lesson.finished
    assert tutorial.changes(lesson)["#tutorial-task"]["text"] == tutorial.FINISHED
    lesson.restart()
    assert lesson.index == 0 and not lesson.done


def test_the_buttons_follow_the_step_and_the_keys_play_on_the_cursor():
    assert 'data-tutorial-move="0"' in tutorial.buttons_html(at_step(4))
    assert "take-button" in tutorial.buttons_html(at_step(5))
    assert "take-button" not in tutorial.buttons_html(at_step(0))
    lesson = Tutorial()
    assert lesson.key("Enter") and lesson.cursor is not None  # the first key shows it
    assert lesson.cursor[0] == "d4"  # Bob's stone: Space would flip it, and may not
    assert lesson.key(" ") and "you do not control d4" in lesson.feedback.lower()
    assert lesson.key("ArrowLeft")
    cell = lesson.cursor[0]
    assert lesson.key(" ") and lesson.state.cells[lesson.state.board.index(cell)] == YOU
    assert not lesson.key("x")
    board = tutorial.changes(lesson)["#tutorial-board"]
    assert 'id="lesson-a1"' in board["html"] and 'id="cell-' not in board["html"]
    assert BOB == 2
