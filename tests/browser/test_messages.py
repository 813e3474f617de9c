"""Few messages per action where Python runs in a worker: what a click does (its drawing,
its storage writes, the game's id on body, the moves list's scroll) reaches the page's
thread in one call of index.html's applyPageChanges, counted in window.pythonCalls; the
messages a click sends into Python (the board's click and the page's one click listener;
a mouse's pointer events stay on the page's thread, and so does an unzoomed board's
redrawing) are counted in window.pythonMessages."""

from __future__ import annotations

import json

CALLS = "() => ({...window.pythonCalls})"
MESSAGES = "() => ({...window.pythonMessages})"
EMPTY_CELL = 'svg.board [data-cell="d4"]'


def calls_during(page, act, counted: str = CALLS) -> dict[str, int]:
    """The calls Python made on the page's thread while ``act()`` ran, by name (with
    ``MESSAGES``: the messages Python was sent, by what sent them)."""
    before = page.evaluate(counted)
    act()
    page.wait_for_function("window.pythonBusy() === 0")
    after = page.evaluate(counted)
    return {name: n - before.get(name, 0) for name, n in after.items() if n != before.get(name, 0)}


def test_a_click_on_an_empty_cell_sends_one_message_to_the_page(page):
    assert page.evaluate("document.documentElement.dataset.python") == "worker"
    page.goto(page.url.split("?")[0] + "?players=2&size=7")  # two people: no computer
    page.wait_for_function("document.body.dataset.ready === '1'")
    # The pointer comes over the cell first: its preview is one message.
    assert calls_during(page, lambda: page.hover(EMPTY_CELL)) == {"applyPageChanges": 1}
    # The click: the stone, the cards, the moves, the storage, in one message.
    assert calls_during(page, lambda: page.click(EMPTY_CELL)) == {"applyPageChanges": 1}
    assert page.locator('svg.board [data-at="d4"]').count() == 1
    game_id = page.evaluate("document.body.dataset.gameId")
    stored = page.evaluate(f"localStorage.getItem('archipelago.games.{game_id}')")
    assert json.loads(stored)["turns"] == ["1d4"]
    assert page.evaluate("localStorage.getItem('archipelago.games.last')") == json.dumps(game_id)


def test_a_click_sends_at_most_two_messages_into_python_and_one_out(page):
    page.goto(page.url.split("?")[0] + "?players=2&size=7")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.hover(EMPTY_CELL)
    both = f"() => ({{calls: ({CALLS})(), messages: ({MESSAGES})()}})"

    def counted() -> tuple[dict[str, int], dict[str, int]]:
        return page.evaluate(both)["calls"], page.evaluate(both)["messages"]

    calls, messages = counted()
    page.mouse.down()  # a click where the pointer is, over the cell
    page.mouse.up()
    page.wait_for_function("window.pythonBusy() === 0")
    calls_after, messages_after = counted()
    sent_in = {k: n - messages.get(k, 0) for k, n in messages_after.items()}
    sent_out = {k: n - calls.get(k, 0) for k, n in calls_after.items()}
    # The board's click and the page's one click listener (no pointerdown, pointerup,
    # focus or redrawn board: six messages before).
    assert sum(sent_in.values()) <= 2 and {k for k, n in sent_in.items() if n} == {"click"}
    assert {k: n for k, n in sent_out.items() if n} == {"applyPageChanges": 1}
    # A button: the page's one click listener.
    page.hover('#action-bar [data-command="undo"]')  # (the pointer leaving the board)
    page.wait_for_function("window.pythonBusy() === 0")
    calls, messages = counted()
    page.mouse.down()
    page.mouse.up()
    page.wait_for_function("window.pythonBusy() === 0")
    calls_after, messages_after = counted()
    assert sum(n - messages.get(k, 0) for k, n in messages_after.items()) == 1
    assert page.locator('svg.board [data-at="d4"]').count() == 0
