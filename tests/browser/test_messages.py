"""One message per action where Python runs in a worker: what a click does (its drawing,
its storage writes, the game's id on body, the moves list's scroll) reaches the page's
thread in one call of index.html's applyPageChanges, counted in window.pythonCalls."""

from __future__ import annotations

import json

CALLS = "() => ({...window.pythonCalls})"
EMPTY_CELL = 'svg.board [data-cell="d4"]'


def calls_during(page, act) -> dict[str, int]:
    """The calls Python made on the page's thread while ``act()`` ran, by name."""
    before = page.evaluate(CALLS)
    act()
    after = page.evaluate(CALLS)
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
