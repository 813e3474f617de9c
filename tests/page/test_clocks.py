"""The game clocks on the page (archipelago/page/clocks.py, view/clocks.py), driven
through the fake browser: a clock from a link and from New game, the mover's clock
ticking, a loss on time and its end card, pausing, review, a reload in the middle of a
turn, a link's game held, the computer cut to its clock, and three players."""

import json

import pytest

from archipelago.clock import Reading
from archipelago.page.clocks import PAUSE_COMMAND
from archipelago.page.setup.clockfield import clock_field_html, read_clock_field
from archipelago.page.setup.dialogs import form_updates
from archipelago.page.setup.picker import switch_game
from archipelago.page.view.clocks import clock_text, next_tick_ms
from tests.support.pagetab import Tab, share_link

TIMED = "?game=stigmergy&size=5&komi=4&names=Ana,Bo&clock=fischer:15+1"


def clock_ms(tab: Tab, player: int) -> int:
    """The player's clock as the page shows it: from the last call that drew it (a
    tick, or the cards drawn again)."""
    for batch in reversed(tab.browser.sent):
        changes = batch.get("changes", {})
        ticked = changes.get(f"#clock-{player}", {}).get("attrs", {}).get("data-clock-ms")
        if ticked is not None:
            return int(ticked)
        for where in ("#cards-top", "#cards-bottom"):
            found = tab.dom(where).find(f"#clock-{player}") if where in changes else None
            if found is not None and f'id="clock-{player}"' in changes[where].get("html", ""):
                return int(found["data-clock-ms"])
    raise AssertionError(f"no clock on player {player}'s card")


def run(tab: Tab, ms: int, step: int = 100) -> None:
    """Let the page's time run by ``ms``, a step at a time, firing its timers."""
    for _ in range(ms // step):
        tab.browser.advance(step)


def test_a_linked_clock_runs_for_the_mover_only():
    tab = Tab(TIMED)
    assert tab.session.clock is not None
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (15_000, 15_000)
    run(tab, 3_000)
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (12_000, 15_000)
    assert tab.browser.text("#clock-1") == "0:12"
    tab.click("c3")
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (13_000, 15_000)  # the increment added
    run(tab, 2_000)
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (13_000, 13_000)
    assert tab.browser.attr("body", "data-result") == ""


def test_a_tick_redraws_only_the_running_clock():
    tab = Tab(TIMED)
    sent = len(tab.browser.sent)
    run(tab, 1_000, 1_000)
    ticks = tab.browser.sent[sent:]
    assert ticks == [
        {
            "changes": {
                "#clock-1": {"text": "0:14", "attrs": ticks[0]["changes"]["#clock-1"]["attrs"]}
            }
        }
    ]
    assert ticks[0]["changes"]["#clock-1"]["attrs"]["data-clock-ms"] == "14000"


def test_time_running_out_loses_the_game_on_time_and_a_reload_keeps_it():
    store: dict[str, str] = {}
    tab = Tab(TIMED, store=store)
    tab.press(command="sound")
    run(tab, 4_900)
    assert "low" not in tab.browser.attr("#clock-1", "class")
    run(tab, 200)  # under ten seconds: the clock warns, in tenths, and sounds once
    assert "low" in tab.browser.attr("#clock-1", "class")
    assert tab.browser.text("#clock-1").startswith("0:09.")
    run(tab, 2_000)
    assert tab.browser.sounds.count("low-time") == 1
    run(tab, 8_000)
    assert tab.session.game.is_over
    assert tab.browser.attr("body", "data-result") == "time"
    assert tab.dom("#gameover").find("#result-title").text == "Ana ran out of time: Bo wins."
    assert clock_ms(tab, 1) == 0
    assert tab.status() == "Game over: Ana ran out of time: Bo wins."
    assert tab.dom("#history").find(".turn-link").text.endswith("out of time")
    assert "Ana ran out of time: Bo wins." in tab.announced()
    assert tab.stored()["clock"]["lost"] == [1]
    again = Tab("", store=store)
    assert again.browser.attr("body", "data-result") == "time"
    assert again.dom("#gameover").find("#result-title").text == "Ana ran out of time: Bo wins."
    assert again.session.game.history[-1].text == "resign"


def test_a_game_without_a_clock_has_no_clock_and_says_how_it_ended():
    tab = Tab("?game=stigmergy&size=5&komi=4")
    assert tab.session.clock is None and "clock" not in tab.cards_text()
    assert tab.dom("#cards-bottom").find(".clock") is None
    tab.press(move="resign")
    tab.press(command="confirm-yes")
    assert tab.browser.attr("body", "data-result") == "resigned"


def test_pausing_stops_the_clocks_and_a_clock_press_goes_on():
    tab = Tab(TIMED)
    run(tab, 1_000)
    tab.press(command=PAUSE_COMMAND)
    assert "paused" in tab.dom("#cards-bottom").find("#clock-1")["class"]
    run(tab, 30_000)
    assert clock_ms(tab, 1) == 14_000 and not tab.session.game.is_over
    tab.press(command=PAUSE_COMMAND)
    run(tab, 2_000)
    assert clock_ms(tab, 1) == 12_000


def test_review_shows_the_clocks_after_the_turn_reviewed():
    tab = Tab(TIMED)
    run(tab, 2_000)
    tab.click("c3")
    run(tab, 4_000)
    tab.click("b2")
    tab.page.show_turn(1)
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (14_000, 15_000)
    tab.page.leave_history()
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (14_000, 12_000)


def test_a_reload_in_the_middle_of_a_turn_finds_the_clock_running():
    store: dict[str, str] = {}
    tab = Tab(TIMED, store=store)
    run(tab, 4_000)
    tab.click("c3")  # saved: Bo's turn began at 4 s
    again = Tab("", store=store)
    again.browser.now = 9_000  # the page reloaded 5 s into Bo's turn
    run(again, 1_000)
    assert clock_ms(again, 2) == 9_000
    assert clock_ms(again, 1) == 12_000


def test_a_shared_game_opens_with_its_clocks_held():
    tab = Tab(TIMED)
    run(tab, 3_000)
    other = Tab("")
    other.browser.now = 60_000
    other.open_link(share_link(tab))
    assert other.session.clock is not None and other.session.clock.paused
    run(other, 5_000)
    assert clock_ms(other, 1) == 12_000
    other.press(command=PAUSE_COMMAND)
    run(other, 1_000)
    assert clock_ms(other, 1) == 11_000


def test_a_saved_file_keeps_the_clocks_and_opens_them_held():
    tab = Tab(TIMED)
    run(tab, 2_000)
    tab.click("c3")
    run(tab, 3_000)
    saved = json.dumps(tab.session.payload())  # Save as a file writes the payload
    other = Tab("")
    other.browser.now = 600_000
    other.open_file("club.json", saved)
    clock = other.session.clock
    assert clock is not None and clock.paused and clock.history == tab.session.clock.history
    assert (clock_ms(other, 1), clock_ms(other, 2)) == (14_000, 12_000)


def test_a_rematch_starts_the_same_clock_afresh():
    tab = Tab(TIMED)
    run(tab, 16_000)
    tab.press(command="rematch")
    clock = tab.session.clock
    assert clock is not None and clock.rule.text() == "fischer:15+1"
    assert (clock_ms(tab, 1), clock_ms(tab, 2)) == (15_000, 15_000)


def test_a_bad_clock_in_a_link_changes_nothing():
    store: dict[str, str] = {}
    Tab(TIMED, store=store)
    tab = Tab("?game=stigmergy&size=7&clock=fischer:15", store=store)
    assert "'fischer:15' is not a clock" in tab.browser.message()
    assert "no new game was started" in tab.browser.message()
    assert tab.session.game.size == 5 and tab.session.clock is not None


def test_new_game_chooses_a_clock_and_refuses_a_bad_one():
    tab = Tab("?game=stigmergy&size=5&komi=4")
    fields = {"game": "stigmergy", "players": "2", "name1": "A", "name2": "B", "size": "5"}
    tab.page.new_game({**fields, "clock": "custom", "clock-custom": "delay:60"})
    assert "write delay:BASE/DELAY" in tab.browser.text("#new-game-error")
    assert tab.session.clock is None
    tab.page.new_game({**fields, "clock": "byoyomi:600+5x30"})
    clock = tab.session.clock
    assert clock is not None and clock.rule.text() == "byoyomi:600+5x30"
    assert tab.dom("#cards-bottom").find("#clock-1")["data-periods"] == "5"
    assert "10:00 ×5" in tab.cards_text()
    assert tab.page.keeper.settings["clock"] == "byoyomi:600+5x30"
    assert 'value="byoyomi:600+5x30" selected' in clock_field_html(tab.page.keeper.settings)


def test_the_clock_field_reads_presets_and_clocks_of_ones_own():
    assert read_clock_field({"clock": ""}) == ""
    assert read_clock_field({"clock": "fischer:300+5/600"}) == "fischer:300+5/600"
    assert read_clock_field({"clock": "custom", "clock-custom": " Fischer:60+1 "}) == "fischer:60+1"
    with pytest.raises(ValueError, match="Write the clock in the field"):
        read_clock_field({"clock": "custom", "clock-custom": ""})
    html = clock_field_html({"clock": "fischer:61+1"})
    assert 'value="custom" selected' in html and 'value="fischer:61+1"' in html
    shown = form_updates({"game": "stigmergy", "clock": "custom"}, "clock")
    assert shown["clock-custom-row"] == {"hidden": False}


def test_switching_game_in_the_form_keeps_the_clock_chosen():
    fields = {"game": "archipelago", "players": "2", "clock": "delay:600/5"}
    settings, _kept = switch_game(fields, "stigmergy", {}, {})
    assert settings["clock"] == "delay:600/5"
    assert 'value="delay:600/5" selected' in clock_field_html(settings)


def test_the_computer_thinks_within_its_clock():
    tab = Tab("?game=stigmergy&size=5&komi=4&seats=h,c3&clock=fischer:15+1")
    tab.click("c3")
    think = tab.worker.last_think()
    assert not [m for m in tab.worker.sent if m["type"] == "stop"]
    run(tab, 1_500)  # its share: 15 s / 20 + 4/5 of its 1 s increment = 1.55 s
    assert not [m for m in tab.worker.sent if m["type"] == "stop"]
    run(tab, 100)
    stops = [m for m in tab.worker.sent if m["type"] == "stop"]
    assert [m["id"] for m in stops] == [think["id"]]
    tab.computer_plays("b2")
    assert clock_ms(tab, 2) == 15_000 - 2_600 + 1_000


def test_a_pause_is_no_part_of_the_computers_thinking_time():
    tab = Tab("?game=stigmergy&size=5&komi=4&seats=h,c3&clock=fischer:15+1")
    tab.click("c3")
    think = tab.worker.last_think()
    stops = lambda: [m["id"] for m in tab.worker.sent if m["type"] == "stop"]  # noqa: E731
    run(tab, 1_000)  # of its share of 1.55 s
    tab.press(command=PAUSE_COMMAND)
    run(tab, 5_000)  # the clocks stand: it may think on, but is not hurried
    assert stops() == []
    tab.press(command=PAUSE_COMMAND)
    run(tab, 500)
    assert stops() == []
    run(tab, 100)  # 1.6 s of its clock in all
    assert stops() == [think["id"]]


def test_pausing_the_clocks_holds_the_computers_move_until_they_run_again():
    store: dict[str, str] = {}
    tab = Tab("?game=stigmergy&size=5&komi=4&seats=h,c3&clock=fischer:15+1", store=store)
    tab.click("c3")
    turns = tab.turns()
    tab.press(command=PAUSE_COMMAND)
    tab.computer_plays("b2")  # its answer arrives while the clocks stand: it waits
    run(tab, 5_000)
    assert tab.turns() == turns and clock_ms(tab, 2) == 15_000
    assert "The clocks are paused" in tab.browser.text("#computer-note")
    tab.press(command=PAUSE_COMMAND)
    tab.browser.advance(0)  # its pace is long over: the timer fires at once
    assert tab.turns() == [*turns, "b2"]  # played as soon as they run again
    tab.click("d4")
    tab.press(command=PAUSE_COMMAND)
    # A reload finds the clocks paused as they were, and the computer plays on there:
    # nothing on the page says that a press of a clock would let it move.
    again = Tab("", store=store)
    assert again.session.clock is not None and again.session.clock.paused
    again.computer_plays("a1")
    assert again.turns()[-1] == "a1"


def test_three_players_play_on_when_one_runs_out_of_time():
    tab = Tab("?players=3&size=5&names=Ann,Bob,Cy&clock=fischer:5+0")
    run(tab, 5_000)
    game = tab.session.game
    assert not game.is_over and game.to_move == 2
    assert tab.browser.attr("body", "data-result") == ""
    assert tab.session.clock is not None and tab.session.clock.lost == [1]
    assert clock_ms(tab, 1) == 0
    run(tab, 5_000)
    run(tab, 5_000)
    assert tab.session.game.is_over
    assert tab.browser.attr("body", "data-result") == "time"
    assert tab.dom("#gameover").find("#result-title").text == "Bob ran out of time: Cy wins."
    record = json.loads(json.dumps(tab.session.payload()))
    assert record["clock"]["lost"] == [1, 2]


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (15_000, "0:15"),
        (14_001, "0:15"),
        (10_000, "0:10"),
        (9_999, "0:09.9"),
        (0, "0:00.0"),
        (3_600_000, "1:00:00"),
        (61_000, "1:01"),
    ],
)
def test_clock_text(ms, text):
    assert clock_text(ms, tenths=True) == text


def test_a_clock_not_running_low_shows_whole_seconds():
    assert clock_text(8_000) == "0:08" and clock_text(7_001) == "0:08"


def test_ticks_fall_when_the_text_changes_and_at_the_flag():
    assert next_tick_ms(Reading(14_300, 0, 14_300)) == 300
    assert next_tick_ms(Reading(15_000, 0, 15_000)) == 1_000
    assert next_tick_ms(Reading(9_950, 0, 9_950)) == 50
    assert next_tick_ms(Reading(30, 0, 30)) == 30
    assert next_tick_ms(Reading(8_300, 2, 18_300)) == 300  # byo-yomi: not low yet
