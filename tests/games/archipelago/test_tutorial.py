"""The How to play lesson (archipelago/games/archipelago/tutorial.py): each step's
position, what the engine accepts as done, and what sets a step up again."""

from __future__ import annotations

from archipelago.games.archipelago import tutorial
from archipelago.games.archipelago.tutorial import BOB, STEPS, YOU, Tutorial


def at_step(index: int) -> Tutorial:
    lesson = Tutorial()
    lesson.start_step(index)
    return lesson


def test_every_step_starts_on_your_turn_on_the_small_board():
    for step in STEPS:
        state = tutorial.setup_state(step)
        assert state.size == tutorial.SIDE and state.mover == YOU and not state.is_over
        assert len(state.turns) == len(step.setup)


def test_step_one_is_done_by_a_stone_of_bobs_colour_and_refuses_your_own():
    lesson = Tutorial()
    lesson.place("d4")  # Blue, picked by default: the one-stone opening turn ends
    assert not lesson.done and lesson.feedback.startswith("Not quite")
    assert not any(lesson.state.cells) and lesson.state.mover == YOU  # set up again
    lesson.pick(BOB)
    lesson.place("d4")
    assert lesson.done and "Bob's" in lesson.feedback
    assert lesson.state.group_counts() == (0, 0)  # a lone stone is no island


def test_step_two_needs_an_orange_island():
    lesson = at_step(1)
    lesson.pick(BOB)
    lesson.place("a4")  # orange, but touching nothing
    assert not lesson.done and lesson.feedback == "1 stone left this turn."
    lesson.place("d5")  # beside d4
    assert lesson.done and lesson.state.group_counts()[BOB - 1] == 1


def test_step_two_ending_the_turn_without_the_island_sets_it_up_again():
    lesson = at_step(1)
    lesson.place("a4")
    lesson.end_turn()
    assert not lesson.done and "orange island" in lesson.feedback
    assert lesson.state.board.names[lesson.state.cells.index(BOB)] == "d4"
    assert lesson.state.stones_left == 2 and lesson.choice == YOU


def test_step_three_gives_the_trailing_player_three_stones():
    lesson = at_step(2)
    assert lesson.state.allowance == 3 and lesson.state.group_counts() == (0, 1)
    assert "3 of 3 stones left" in tutorial.status_text(lesson.state)
    lesson.place("a1")
    lesson.place("a4")
    assert not lesson.done
    lesson.place("g4")
    assert lesson.done and lesson.state.turns[-1] == ((1, 0), (1, 3), (1, 36))


def test_step_three_ended_early_starts_again():
    lesson = at_step(2)
    lesson.place("a1")
    lesson.end_turn()
    assert not lesson.done and "third stone" in lesson.feedback
    assert lesson.state.stones_left == 3


def test_step_four_claims_a_bonus_on_the_track_once_the_turn_ends():
    lesson = at_step(3)
    assert lesson.state.bonus(BOB) == {1: 3} and lesson.state.bonus(YOU) == {}
    lesson.place("b3")  # beside b2: a blue island, but the track waits for the turn's end
    assert not lesson.done and "End turn" in lesson.feedback
    lesson.end_turn()
    assert lesson.done and lesson.state.bonus(YOU) == {1: 2}
    track = tutorial.changes(lesson)["#tutorial-track"]["html"]
    assert 'class="stone p1 marker" data-color="1" data-column="1" data-value="2"' in track


def test_a_refused_stone_says_why_and_changes_nothing():
    lesson = at_step(1)
    before = lesson.state.snapshot()
    lesson.place("d4")  # Bob's stone is there
    assert lesson.feedback == "Cell d4 is occupied." and lesson.state.snapshot() == before
    lesson.place("z9")
    assert lesson.feedback.endswith(".") and lesson.state.snapshot() == before


def test_next_waits_for_the_goal_and_the_lesson_ends():
    lesson = Tutorial()
    lesson.next()
    assert lesson.index == 0  # not done yet
    moves = {0: [(BOB, "d4")], 1: [(BOB, "d5")], 2: [(YOU, "a1"), (YOU, "a4"), (YOU, "g4")]}
    for index in range(len(STEPS)):
        for colour, cell in moves.get(index, [(YOU, "b3")]):
            lesson.pick(colour)
            lesson.place(cell)
        if index == 3:
            lesson.end_turn()
        assert lesson.done, index
        shown = tutorial.changes(lesson)
        assert shown["#tutorial-next"]["disabled"] is False
        lesson.next()
    assert lesson.finished
    assert tutorial.changes(lesson)["#tutorial-task"]["text"] == tutorial.FINISHED
    lesson.restart()
    assert lesson.index == 0 and not lesson.finished and not any(lesson.state.cells)


def test_the_view_names_the_step_and_the_stones_for_a_screen_reader():
    lesson = at_step(1)
    shown = tutorial.changes(lesson)
    assert shown["#tutorial-step"]["text"] == "Step 2 of 4: An island for Bob"
    assert "d4, Orange triangle stone of Bob" in shown["#tutorial-board"]["html"]
    assert 'data-tutorial-colour="1" aria-pressed="true"' in shown["#tutorial-picker"]["html"]
    assert shown["#tutorial-end-turn"]["disabled"] is True


def test_the_practice_board_is_played_by_keyboard_as_a_grid():
    lesson = Tutorial()
    assert lesson.key("Enter") and lesson.cursor is not None  # the cursor shows first
    assert lesson.cursor[0] == "d4"  # the centre
    shown = tutorial.changes(lesson)
    assert shown["#tutorial-board"]["attrs"] == {"aria-activedescendant": "lesson-d4"}
    assert 'id="lesson-d4"' in shown["#tutorial-board"]["html"]
    assert 'role="gridcell"' in shown["#tutorial-board"]["html"]
    assert 'class="cursor"' in shown["#tutorial-board .overlay"]["html"]
    assert lesson.key("2") and lesson.choice == BOB
    assert lesson.key("ArrowRight") and lesson.cursor[0] == "d5"
    assert lesson.key(" ")
    assert lesson.done and lesson.state.cells[lesson.state.board.index("d5")] == BOB
    assert not lesson.key("x")


def test_the_status_counts_islands_and_stones_in_words():
    assert tutorial.status_text(Tutorial().state) == (
        "Islands: you 0, Bob 0. Your turn: 1 of 1 stone left."
    )
    assert tutorial.status_text(at_step(2).state).endswith("3 of 3 stones left.")
