"""A tournament on one tablet (the Tournament dialog, archipelago/page/club/): a round
robin of four players, two of them computer levels, played through from the table, gives
the right standings. Pairings, standings, files and links are tested under CPython in
tests/page/club/."""

from __future__ import annotations

import pytest

from tests.browser import pagekit

pytestmark = pytest.mark.browser

TABLET = {"width": 820, "height": 1180}
GAME_OVER = "!document.querySelector('#gameover').hidden"


def standings(page) -> list[tuple[str, str, str]]:
    rows = page.locator("#club-table tbody tr")
    return [
        (
            row.get_attribute("data-place"),
            row.get_attribute("data-player"),
            row.get_attribute("data-points"),
        )
        for row in rows.all()
    ]


def test_a_round_robin_of_four_with_two_computers_played_through_on_a_tablet(returning_page):
    page = returning_page("?game=stigmergy&size=3", viewport=TABLET)
    pagekit.press(page, "#club-button")
    assert page.locator("#club").is_visible() and page.locator("#club-form").is_visible()
    # The form's own players: Ann and Bob, Computer 1 (level 1) and Computer 2 (level 2),
    # for the game in play.
    page.select_option('#club-setup select[name="club-size"]', "3")
    pagekit.shot(page, "club-form-tablet")
    page.click("#club-start")
    plays = page.locator("#club-table button.club-play")
    assert plays.count() == 6
    pagekit.shot(page, "club-table-tablet")
    for number in range(6):
        page.locator("#club-table button.club-play").first.click()
        assert not page.locator("#club").is_visible()
        message = page.locator("#message").inner_text()
        if "Computer 1 – Computer 2" in message or "Computer 2 – Computer 1" in message:
            page.wait_for_function(GAME_OVER, timeout=120_000)  # the computers play it out
        else:
            # A person resigns once it is a person's turn (the computer may open).
            page.wait_for_function(
                "document.querySelector('#resign') && !document.querySelector('#resign').disabled",
                timeout=60_000,
            )
            pagekit.press(page, "#resign")
            page.click("#confirm-yes")
            page.wait_for_function(GAME_OVER)
        assert "entered in the tournament" in page.locator("#message").inner_text(), number
        pagekit.press(page, "#club-button")
    assert page.locator("#club-table button.club-play").count() == 0
    pagekit.shot(page, "club-standings-tablet")
    # Each computer beat both people; Ann opened against Bob and resigned.
    found = standings(page)
    assert [(place, name, points) for place, name, points in found[2:]] == [
        ("3", "Bob", "1"),
        ("4", "Ann", "0"),
    ]
    assert sorted(points for _place, _name, points in found[:2]) == ["2", "3"]
    assert {name for _place, name, _points in found[:2]} == {"Computer 1", "Computer 2"}
    # Kept on the device: a reload shows the same table.
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    pagekit.press(page, "#club-button")
    assert standings(page) == found
