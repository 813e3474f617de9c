"""The computer seats' scheduler with a fake worker and a fake clock: who thinks when,
the pace of play, Stop, Hint, Pause, Step, undo while thinking, and worker failures."""

from __future__ import annotations

import json

import pytest

from archipelago.page.scheduler import HINT_LEVEL, LEVEL_PACE_MS, PACE_MS, Scheduler
from archipelago.page.session import Session
from archipelago.page.worker import protocol
from tests.support.gamehelpers import replay


class FakeWorker:
    def __init__(self):
        self.sent: list[dict] = []
        self.started = 0
        self.ready = False

    def start(self):
        self.started += 1

    def post(self, message):
        protocol.read_request(message)  # the scheduler only sends what the protocol allows
        self.sent.append(message)

    def last(self, kind="think"):
        return next(m for m in reversed(self.sent) if m["type"] == kind)


class Table:
    """A session, its scheduler, a fake clock with timers, and what the page was told."""

    def __init__(self, turns=(), seats=(0, 2), current=None, players=2):
        self.now = 0.0
        self.timers: list[tuple[float, object]] = []
        self.events: list[tuple[str, str]] = []
        self.worker = FakeWorker()
        self.session = Session(replay(players, list(turns), size=4, current=current), [], seats)
        self.scheduler = Scheduler(
            self.session,
            self.worker,
            lambda: self.now,
            lambda delay, callback: self.timers.append((self.now + delay, callback)),
            lambda event, text: self.events.append((event, text)),
        )
        self.scheduler.begin(self.session)

    def answer(self, move, stopped=False, request=None):
        request = request or self.worker.last()
        self.scheduler.receive(protocol.move_reply(request["id"], move, stopped))

    def advance(self, ms):
        """Let the clock run, firing the timers that fall due."""
        self.now += ms
        due = [t for t in self.timers if t[0] <= self.now]
        self.timers = [t for t in self.timers if t[0] > self.now]
        for _, callback in due:
            callback()

    def turns(self):
        return self.session.game.to_record()["turns"]


def test_a_person_to_move_means_no_thinking():
    table = Table(seats=(0, 2))
    assert table.worker.started == 1  # loaded early, for the computer seat
    assert table.worker.sent == [] and table.scheduler.thinking == ""


def test_a_computer_seat_thinks_and_plays_at_a_pace_people_can_follow():
    table = Table(turns=["1d4"], seats=(0, 2))
    request = table.worker.last()
    assert request["level"] == 2 and not request["hurry"]
    assert json.loads(request["record"])["turns"] == ["1d4"]
    assert table.scheduler.thinking == "move"
    table.answer("2d5")  # the first move since the page opened: no wait
    assert table.timers and table.timers[0][0] == 0
    table.advance(0)
    assert table.session.game.to_record()["current"] == "2d5"
    assert ("played", "") in table.events
    # The same computer goes on with its turn: a new request, answered after the pace.
    table.answer("2e5")
    further = LEVEL_PACE_MS[2][1]
    table.advance(further - 1)
    assert table.turns() == ["1d4"]
    table.advance(1)
    assert table.turns() == ["1d4", "2d5,2e5"]
    assert table.scheduler.thinking == ""  # the person's turn now


def played_after(level, ms_to_answer, *, stones=("2d5", "2e5"), stop=False):
    """When a level's stones are played (ms after the person's move), its search taking
    ``ms_to_answer`` for each."""
    table = Table(turns=["1d4"], seats=(0, level))
    table.scheduler.moved()  # the person's move just now (the clock's 0)
    times = []
    for stone in stones:
        if stop:
            table.scheduler.stop()
        table.advance(ms_to_answer)
        played = len(table.session.game.history_codes())
        table.answer(stone)
        start = table.now
        table.advance(0)
        while len(table.session.game.history_codes()) == played:
            table.advance(1)
            assert table.now - start < 5_000, "never played"
        times.append(table.now)
    return times


def test_weaker_levels_answer_briskly_and_stronger_ones_take_longer():
    firsts = [played_after(level, 10)[0] for level in (1, 2, 3, 4, 5)]
    assert firsts == sorted(firsts) and firsts[0] < firsts[-1] - 500  # visibly apart
    assert firsts[0] <= 300  # a beginner answers at once, at a pace people follow
    for level in (1, 2, 3, 4, 5):
        first, second = played_after(level, 10)
        assert first == LEVEL_PACE_MS[level][0]  # a quick search waits for its pace
        assert second - first == LEVEL_PACE_MS[level][1]  # the rest of the turn follows
        assert LEVEL_PACE_MS[level][1] >= 250  # never faster than people can follow


def test_the_pace_adds_nothing_to_a_search_that_takes_longer():
    # Level 5 thinking 1.5 s a stone: each stone is played as soon as it is chosen, so
    # its turn takes its search's time (within its budget) and not a moment more.
    first, second = played_after(5, 1_500)
    assert first == 1_500 and second == 3_000


def test_after_stop_the_turn_goes_on_briskly():
    first, second = played_after(5, 10, stop=True)
    brisk = min(LEVEL_PACE_MS[5])
    assert first == brisk and second - first == brisk


def test_an_answer_to_an_old_position_is_dropped_after_undo():
    table = Table(turns=["1d4"], seats=(0, 2))
    first = table.worker.last()
    table.session.undo()  # the person takes back d4 while the computer thinks
    table.scheduler.taken_back()
    assert table.worker.last("cancel")["id"] == first["id"]
    assert table.scheduler.thinking == "" and not table.scheduler.paused
    table.answer("2d5", request=first)
    table.advance(10 * PACE_MS)
    assert table.session.game.history_codes() == []


def test_undo_to_a_computers_turn_pauses_it_until_continue_or_step():
    table = Table(turns=["1d4", "2d5,2e5"], seats=(0, 2))
    table.session.undo()
    table.scheduler.taken_back()
    assert table.scheduler.paused and table.scheduler.thinking == ""
    table.scheduler.step()  # one move, then paused again
    table.answer("2a1")
    table.advance(PACE_MS)
    assert table.turns() == ["1d4", "2a1,2d5"]
    assert table.scheduler.paused and table.scheduler.steps == 0
    assert table.scheduler.thinking == ""


def test_pause_holds_an_answer_and_continue_plays_it():
    table = Table(seats=(1, 2))
    table.answer("1d4")
    table.scheduler.toggle_pause()
    table.advance(PACE_MS)
    assert table.turns() == []
    table.scheduler.toggle_pause()
    table.advance(PACE_MS)
    assert table.turns() == ["1d4"]
    assert table.worker.last()["level"] == 2  # the next computer is thinking


def test_stop_asks_for_the_best_move_now_and_hurries_the_rest_of_the_turn():
    table = Table(turns=["1d4"], seats=(0, 5))
    request = table.worker.last()
    table.scheduler.stop()
    assert table.worker.last("stop")["id"] == request["id"]
    table.answer("2d5", stopped=True)
    assert table.scheduler.last_answer == "stopped"
    table.advance(PACE_MS)
    assert table.worker.last()["hurry"]  # the second stone of the same turn
    table.answer("2e5")
    table.advance(PACE_MS)
    table.session.push("1a1")
    table.session.push("end")
    table.scheduler.moved()
    assert table.session.computer_to_move
    assert not table.worker.last()["hurry"]  # a new turn thinks fully again


def test_a_hint_is_shown_for_the_position_it_was_asked_for():
    table = Table(turns=["1d4"], seats=(0, 0))
    assert table.scheduler.ask_hint()
    request = table.worker.last()
    assert request["level"] == HINT_LEVEL and request["fresh"]
    assert not table.scheduler.ask_hint()  # one request at a time
    table.answer("2a1")
    assert table.scheduler.hint_move == "2a1" and ("hint", "") in table.events
    assert table.turns() == ["1d4"]  # shown, not played
    table.session.push("2b2")
    table.scheduler.moved()
    assert table.scheduler.hint_move == ""


def test_no_hint_for_a_computers_turn_or_a_finished_game():
    assert not Table(turns=["1d4"], seats=(0, 2)).scheduler.ask_hint()
    over = Table(turns=["1d4", "pass", "pass"], seats=(0, 0))
    assert over.session.game.is_over and not over.scheduler.ask_hint()


def test_the_history_view_holds_a_computers_move_until_the_game_is_shown():
    table = Table(turns=["1d4"], seats=(0, 2))
    table.session.show_turn(0)
    table.answer("2d5")
    table.advance(PACE_MS)
    assert table.turns() == ["1d4"] and table.session.game.to_record().get("current") is None
    table.session.leave_history()
    table.scheduler.drive()
    table.advance(PACE_MS)
    assert table.session.game.to_record()["current"] == "2d5"


@pytest.mark.parametrize("move", ["1d4", "castle"])
def test_a_refused_computer_move_pauses_with_a_message(move):
    table = Table(turns=["1d4"], seats=(0, 2))
    table.answer(move)
    table.advance(PACE_MS)
    assert table.scheduler.paused
    assert any(event == "problem" and move in text for event, text in table.events)
    assert table.turns() == ["1d4"]


def test_worker_failures_pause_and_say_so():
    table = Table(turns=["1d4"], seats=(0, 2))
    request = table.worker.last()
    table.scheduler.receive(protocol.error_reply(request["id"], "out of memory"))
    assert table.scheduler.paused and table.scheduler.thinking == ""
    assert ("problem", "The computer player failed: out of memory") in table.events
    broken = Table(turns=["1d4"], seats=(0, 2))
    broken.scheduler.receive(protocol.error_reply(None, "no wasm"))
    assert broken.scheduler.paused
    assert ("problem", "The computer player could not start: no wasm") in broken.events
    garbled = Table(turns=["1d4"], seats=(0, 2))
    garbled.scheduler.receive({"type": "move", "id": 1, "move": [2, 5]})
    assert any(event == "problem" for event, _ in garbled.events)
    assert garbled.scheduler.thinking == "move"  # still waiting for a real answer


def test_a_game_between_computers_plays_to_the_end():
    table = Table(seats=(1, 1))
    for _ in range(500):
        if table.session.game.is_over:
            break
        game = table.session.game
        table.answer(game.legal_moves()[0].text)
        table.advance(PACE_MS)
    assert table.session.game.is_over and table.scheduler.thinking == ""
