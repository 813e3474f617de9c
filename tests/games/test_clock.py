"""The clock rules (archipelago/clock.py): each kind, the cap, running out, pausing, a
reload in the middle of a turn, and the record's "clock"."""

import json

import pytest

from archipelago.clock import ClockRule, GameClock, Left, parse_rule, read_clock
from archipelago.errors import RecordError

T0 = 1_700_000_000_000.0  # a time as the page's Date.now gives it


def played(rule: str, *turns: float, players: int = 2) -> GameClock:
    """A clock after turns that took these many ms each, players in turn from 1."""
    clock = GameClock(ClockRule.parse(rule), players)
    now = T0
    clock.follow(0, 1, now)
    for n, took in enumerate(turns, start=1):
        now += took
        clock.follow(n, n % players + 1, now)
    return clock


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("fischer:15+1", ClockRule("fischer", 15, increment=1)),
        ("Fischer:300+5/600", ClockRule("fischer", 300, increment=5, cap=600)),
        ("fischer:300 5", ClockRule("fischer", 300, increment=5)),  # a URL's "+" is a space
        ("delay:300/5", ClockRule("delay", 300, delay=5)),
        ("byoyomi:600+5x30", ClockRule("byoyomi", 600, periods=5, period=30)),
        ("byoyomi:0+3x10", ClockRule("byoyomi", 0, periods=3, period=10)),
    ],
)
def test_rules_read_and_write_back(text, rule):
    assert ClockRule.parse(text) == rule
    assert ClockRule.parse(rule.text()) == rule


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("sudden:300", "is not a clock: write fischer:BASE+INCREMENT"),
        ("fischer:300", "write fischer:BASE+INCREMENT (or fischer:BASE+INCREMENT/CAP), in seconds"),
        ("fischer:300+5/100", "the cap must be at least the base time"),
        ("fischer:0+0", "a clock needs some time"),
        ("delay:300+5", "write delay:BASE/DELAY"),
        ("byoyomi:600+0x30", "byo-yomi needs 1 to 99 periods"),
        ("byoyomi:600+5x", "write byoyomi:BASE+PERIODSxSECONDS"),
        ("fischer:999999+1", "at most 86400 seconds"),
    ],
)
def test_a_bad_clock_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match="is not a clock") as error:
        ClockRule.parse(text)
    assert words in str(error.value)
    assert repr(text) in str(error.value)


def test_none_is_no_clock():
    assert parse_rule("") is None and parse_rule("none") is None
    assert parse_rule("delay:60/2") == ClockRule("delay", 60, delay=2)


def test_fischer_runs_for_the_mover_only_and_adds_the_increment():
    clock = played("fischer:15+1", 4_000)
    assert clock.history[-1] == (Left(12_000), Left(15_000))  # 15 - 4 + 1
    assert clock.reading(1, T0 + 10_000).shown_ms == 12_000  # not player 1's turn
    assert clock.reading(2, T0 + 10_000).shown_ms == 9_000  # 6 s into player 2's turn


def test_the_cap_holds_a_fischer_clock_down():
    clock = played("fischer:10+5/12", 1_000, 1_000, 1_000)
    assert clock.history[1][0] == Left(12_000)  # 10 - 1 + 5 = 14, capped at 12
    assert clock.history[3][0] == Left(12_000)
    assert played("fischer:10+5", 1_000).history[1][0] == Left(14_000)


def test_delay_takes_only_what_a_turn_uses_beyond_it():
    clock = played("delay:60/5", 3_000, 8_000)
    assert clock.history[-1] == (Left(60_000), Left(57_000))
    reading = clock.reading(1, T0 + 11_000 + 4_000)  # 4 s into player 1's turn: in the delay
    assert reading.shown_ms == 60_000 and reading.to_flag_ms == 61_000


def test_byo_yomi_uses_the_main_time_then_periods():
    rule = "byoyomi:10+3x5"
    clock = played(rule, 4_000)
    assert clock.history[-1][0] == Left(6_000, 3)
    clock = played(rule, 13_000)  # 10 s of main time, 3 s into the first period
    assert clock.history[-1][0] == Left(0, 3)  # the period is kept and starts afresh
    clock = played(rule, 17_000)  # 10 + 5 (a period lost) + 2
    assert clock.history[-1][0] == Left(0, 2)
    clock = played(rule, 17_000, 9_000)
    reading = clock.reading(1, T0 + 17_000 + 9_000 + 7_000)  # player 1 again, 7 s in
    assert (reading.shown_ms, reading.periods) == (3_000, 1)  # the second period lost
    assert reading.to_flag_ms == 3_000 and reading.low


def test_time_runs_out_for_the_mover():
    clock = played("fischer:15+1")
    assert clock.fallen(T0 + 14_999) is None
    assert clock.fallen(T0 + 15_000) == 1
    assert clock.reading(1, T0 + 20_000).shown_ms == 0
    assert played("byoyomi:0+2x5").fallen(T0 + 10_000) == 1
    assert played("byoyomi:0+2x5").fallen(T0 + 9_999) is None
    assert played("delay:1/5").fallen(T0 + 6_000) == 1


def test_a_turn_lost_on_time_is_recorded_with_no_time_left():
    clock = played("fischer:15+1", 2_000)
    assert clock.fallen(T0 + 2_000 + 16_000) == 2
    clock.flagged = True
    clock.follow(2, None, T0 + 18_000)  # the page resigned for player 2: the game is over
    assert clock.history[-1] == (Left(14_000), Left(0))
    assert clock.lost == [2] and clock.lost_on_time(2) and not clock.running


def test_a_pause_stops_the_mover_s_clock():
    clock = played("fischer:60+0")
    clock.pause(T0 + 5_000)
    assert clock.reading(1, T0 + 50_000).shown_ms == 55_000
    assert clock.fallen(T0 + 500_000) is None
    clock.resume(T0 + 100_000)
    assert clock.reading(1, T0 + 103_000).shown_ms == 52_000
    clock.follow(1, 2, T0 + 104_000)
    assert clock.history[-1][0] == Left(51_000)


def test_a_paused_clock_stays_paused_across_turns():
    clock = played("fischer:60+0")
    clock.pause(T0 + 1_000)
    clock.follow(1, 2, T0 + 9_000)
    assert clock.history[-1][0] == Left(59_000) and not clock.running
    clock.resume(T0 + 20_000)
    assert clock.reading(2, T0 + 21_000).shown_ms == 59_000


def test_a_reload_in_the_middle_of_a_turn_finds_the_clock_running():
    clock = played("fischer:300+5", 20_000)
    stored = json.loads(json.dumps(clock.to_json()))
    assert stored == {
        "rule": "fischer:300+5",
        "left": [[300_000, 300_000], [285_000, 300_000]],
        "started": round(T0 + 20_000),
        "seen": round(T0 + 20_000),
    }
    again = GameClock.from_json(stored, 2)
    again.follow(1, 2, T0 + 50_000)  # the page reloaded 30 s into player 2's turn
    assert again.reading(2, T0 + 50_000).shown_ms == 270_000
    again.follow(2, 1, T0 + 60_000)
    assert again.history[-1] == (Left(285_000), Left(265_000))


def test_a_reload_of_a_paused_turn_keeps_what_it_used():
    clock = played("delay:60/2")
    clock.pause(T0 + 7_000)
    again = GameClock.from_json(json.loads(json.dumps(clock.to_json())), 2)
    again.follow(0, 1, T0 + 99_000)
    assert again.paused and again.reading(1, T0 + 99_000).shown_ms == 55_000


def test_a_game_opened_elsewhere_holds_its_clock_as_it_was_last_seen():
    clock = played("fischer:60+0")
    clock.look(T0 + 12_000)
    again = GameClock.from_json(json.loads(json.dumps(clock.to_json())), 2)
    again.hold()  # opened from a link a day later: the day is no one's time
    again.follow(0, 1, T0 + 86_400_000)
    assert again.paused and again.reading(1, T0 + 86_400_000).shown_ms == 48_000


def test_undo_gives_the_turn_s_time_back():
    clock = played("fischer:60+2", 10_000, 5_000)
    clock.follow(1, 2, T0 + 20_000)  # the second turn taken back
    assert clock.history[-1] == (Left(52_000), Left(60_000))
    assert clock.reading(2, T0 + 21_000).shown_ms == 59_000  # its turn starts afresh


def test_the_computer_thinks_a_share_of_its_clock():
    rule = ClockRule.parse("fischer:15+1")
    assert rule.thinking_ms(Left(15_000)) == 750 + 800
    assert rule.thinking_ms(Left(1_000)) == 500  # never more than half what is left
    assert ClockRule.parse("byoyomi:0+3x10").thinking_ms(Left(0, 3)) == 5_000
    assert ClockRule.parse("fischer:5+0").thinking_ms(Left(40)) == 50


def test_records_keep_the_clocks_and_old_records_have_none():
    assert read_clock({"game": "stigmergy", "turns": []}, 2) is None
    clock = played("byoyomi:10+3x5", 17_000, 1_000, players=3)
    clock.pause(T0 + 19_000)
    back = read_clock({"clock": clock.to_json()}, 3)
    assert back is not None
    assert back.history == clock.history and back.paused and back.spent == 1_000


@pytest.mark.parametrize(
    "value",
    [
        [],
        {"rule": "fischer:10"},
        {"rule": "fischer:10+1", "left": [[10_000]]},
        {"rule": "fischer:10+1", "left": [[10_000, -1]]},
        {"rule": "fischer:10+1", "left": [[10_000, 10_000]], "lost": ["x"]},
        {"rule": "fischer:10+1", "left": [[10_000, 10_000]], "started": 1.5},
        {"rule": "byoyomi:10+1x5", "left": [[10_000, 10_000]], "periods": [[1, 1], [1, 1]]},
    ],
)
def test_a_bad_clock_in_a_record_is_refused(value):
    with pytest.raises(RecordError, match='"clock"'):
        read_clock({"clock": value}, 2)
