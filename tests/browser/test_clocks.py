"""Game clocks in a real browser: a hot-seat Stigmergy game with a Fischer clock of
15 s + 1 s from a link, the mover's clock alone running, a player who lets time run out
losing on time (the end card says so, body[data-result] is "time") and a reload keeping
it. The rules, each kind, pausing, review, reloads in the middle of a turn and the
computer's budget are tested under CPython (tests/games/test_clock.py,
tests/page/test_clocks.py).

The page's timers and Date.now run where Python runs (in PyScript's worker where the page
is isolated), which Playwright's clock does not reach: the test waits the 15 s, each wait
for a state of the page, never for a time."""

from __future__ import annotations

import pagekit
from test_accessibility import violations

TIMED = "?game=stigmergy&size=5&komi=4&seats=h,h&names=Ana,Bo&clock=fischer:15+1"


def clock_ms(page, player: int) -> int:
    return int(page.get_attribute(f"#clock-{player}", "data-clock-ms") or -1)


def test_a_player_who_lets_time_run_out_loses_on_time(returning_page):
    page = returning_page(TIMED)
    assert clock_ms(page, 2) == 15_000
    # Ana's clock runs, Bo's stands.
    page.wait_for_function("Number(document.querySelector('#clock-1').dataset.clockMs) < 14000")
    assert clock_ms(page, 2) == 15_000
    assert "running" in (page.get_attribute("#clock-1", "class") or "")
    pagekit.click_cell(page, "c3")
    # Her turn ended: her clock stands with its increment, Bo's runs.
    page.wait_for_function("Number(document.querySelector('#clock-2').dataset.clockMs) < 14000")
    ana = clock_ms(page, 1)
    assert 0 < ana < 15_000  # what her turn took, less her increment of a second
    assert page.locator("#clock-2.running").count() == 1
    assert violations(page) == []  # the clocks on the cards, the running one marked
    # Bo lets his time run out: he loses on time, and the end card says so.
    page.wait_for_function("document.body.dataset.result === 'time'", timeout=30_000)
    assert clock_ms(page, 1) == ana
    assert clock_ms(page, 2) == 0
    title = page.locator("#gameover #result-title")
    assert title.is_visible()
    assert title.inner_text() == "Bo ran out of time: Ana wins."
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.wait_for_function("document.body.dataset.result === 'time'")
    assert page.locator("#gameover #result-title").inner_text() == "Bo ran out of time: Ana wins."
    assert (clock_ms(page, 1), clock_ms(page, 2)) == (ana, 0)
