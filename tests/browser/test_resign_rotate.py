"""Resigning (two players, and three where one drops out), turning the board and the
sounds, played through a real browser."""

from __future__ import annotations

import os
from pathlib import Path

import pagekit
from test_stigmergy_page import new_stigmergy_game

# Where screenshots go when RESIGN_SCREENSHOTS names a folder (for looking at them).
SHOTS = os.environ.get("RESIGN_SCREENSHOTS")


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def resign(page, expect_in_question):
    """Press Resign (in the action bar's overflow), check the question, and confirm it."""
    pagekit.press(page, "#resign")
    dialog = page.locator("#confirm")
    dialog.wait_for(state="visible")
    assert expect_in_question in page.locator("#confirm-text").inner_text()
    page.click("#confirm-yes")
    dialog.wait_for(state="hidden")


def row_resigned(page, player) -> bool:
    card = page.locator(f'.card[data-player="{player}"]')
    return card.get_attribute("data-resigned") == "1"


def history(page) -> list[str]:
    return page.locator("#history .turn-link code").all_inner_texts()


def test_two_players_a_resignation_ends_the_game_and_undo_takes_it_back(page):
    pagekit.new_game(page, size=3, players=2, names=["Ada", "Ben"])
    pagekit.click_cell(page, "c3")  # Ada's one-stone first turn
    assert page.locator("#resign").is_enabled()
    pagekit.press(page, "#resign")
    page.locator("#confirm").wait_for(state="visible")
    page.click("#confirm-no")  # asked, and nothing happens on No
    assert not page.locator("#gameover").is_visible() and history(page) == ["1c3"]
    resign(page, "The game ends and Ada wins.")
    over = page.locator("#gameover")
    over.wait_for(state="visible")
    assert "Ada wins: every other player resigned." in over.inner_text()
    assert row_resigned(page, 2) and not row_resigned(page, 1)
    assert history(page) == ["1c3", "resign"]
    assert page.locator("#resign").count() == 0  # nothing to resign once it is over
    assert pagekit.stored_game(page)["turns"] == ["1c3", "resign"]
    shot(page, "resign-2p")
    page.click("#undo")
    page.wait_for_function("!document.querySelector('#gameover').checkVisibility()")
    assert not row_resigned(page, 2) and history(page) == ["1c3"]
    assert page.locator("#resign").is_enabled()
    pagekit.click_cell(page, "a1")  # Ben plays on, his turn on his colour
    assert pagekit.stones(page) == {"c3": 1, "a1": 2}


def test_three_players_one_drops_out_and_the_others_play_on(page):
    pagekit.new_game(page, size=3, players=3, names=["Ada", "Ben", "Cy"])
    pagekit.click_cell(page, "c3")  # Ada
    pagekit.pick(page, 2)
    pagekit.click_cell(page, "a1")  # one of Ben's two stones...
    resign(page, "The stones placed this turn are taken back.")  # ...then Ben resigns
    assert "a1" not in pagekit.stones(page)
    assert row_resigned(page, 2)
    assert pagekit.card_to_move(page) == 3  # Cy
    pagekit.pick(page, 3)
    pagekit.click_cell(page, "e1")
    pagekit.end_turn(page)
    assert pagekit.card_to_move(page) == 1  # Ada: Ben is passed by
    assert history(page) == ["1c3", "resign", "3e1"]
    ranks = pagekit.table(page)
    assert ranks[2]["rank"] == 3  # below both players still in play
    shot(page, "resign-3p-dropped-out")
    pagekit.click_cell(page, "c2")
    pagekit.end_turn(page)
    resign(page, "The game ends and Ada wins.")  # Cy resigns: Ada is the last one left
    page.locator("#gameover").wait_for(state="visible")
    ranking = page.locator("#gameover .ranking li").evaluate_all(
        "items => items.map(li => [+li.dataset.player, +li.dataset.rank])"
    )
    assert ranking == [[1, 1], [3, 2], [2, 3]]  # Cy resigned after Ben: Cy above Ben
    shot(page, "resign-3p-over")


def test_a_computer_seat_is_not_offered_resign(returning_page):
    page = returning_page(
        "index.html?players=2&size=5&seats=h,c1", viewport={"width": 1280, "height": 900}
    )
    assert page.locator("#resign").is_enabled()
    pagekit.click_cell(page, "e3")
    # The computer's turn (its worker is still starting): no Resign button for it.
    assert pagekit.card_to_move(page) == 2
    assert page.locator("#resign").count() == 0
    page.wait_for_function(
        "document.body.dataset.thinking === '' && "
        "document.querySelector('.card.to-move')?.dataset.player === '1'",
        timeout=60_000,
    )
    assert page.locator("#resign").is_enabled()  # the person's turn again


def test_stigmergy_resigns_too(page):
    new_stigmergy_game(page, size=4, names=("Ada", "Ben"), komi=0)
    pagekit.click_cell(page, "d4")
    resign(page, "The game ends and Ada wins.")
    page.locator("#gameover").wait_for(state="visible")
    assert "Ben resigned: Ada wins." in page.locator("#gameover").inner_text()
    assert row_resigned(page, 2)


def cell_centre(page, name) -> tuple[float, float]:
    box = page.locator(f'svg.board [data-cell="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def stone_centre(page, name) -> tuple[float, float]:
    box = page.locator(f'svg.board [data-at="{name}"] circle').first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def same_direction(after, name, before, other) -> bool:
    """Whether ``name`` is now where ``other`` was, as seen from the centre c3."""
    (ax, ay), (bx, by) = after[name], before[other]
    (acx, acy), (bcx, bcy) = after["c3"], before["c3"]
    u, v = (ax - acx, ay - acy), (bx - bcx, by - bcy)
    cross = u[0] * v[1] - u[1] * v[0]
    dot = u[0] * v[0] + u[1] * v[1]
    return dot > 0 and abs(cross) < 0.02 * dot


def near(a, b, tolerance=2.0) -> bool:
    return abs(a[0] - b[0]) < tolerance and abs(a[1] - b[1]) < tolerance


def test_the_board_turns_with_names_and_clicks_following_the_cells(page):
    pagekit.new_game(page, size=3, players=2, names=["Ada", "Ben"])
    pagekit.click_cell(page, "a1")
    before = {name: cell_centre(page, name) for name in ("a1", "c1", "c3", "c5", "e3")}
    pagekit.press(page, "#rotate")
    page.wait_for_selector('svg.board[data-rotation="1"]')
    after = {name: cell_centre(page, name) for name in before}
    # The labels move round with their cells, so the drawing's margins (and its scale)
    # may change a little; the directions from the centre are what turning keeps.
    assert same_direction(after, "a1", before, "c1")  # the bottom-left corner went left
    assert same_direction(after, "e3", before, "c5")  # the top-right corner went right
    assert near(stone_centre(page, "a1"), after["a1"])  # the stone went with its cell
    # A click on a turned cell plays that cell, and the stone is drawn there.
    pagekit.click_cell(page, "e3")  # Ben's turn, on his colour
    assert pagekit.stones(page) == {"a1": 1, "e3": 2}
    assert near(stone_centre(page, "e3"), after["e3"])
    # The keyboard: the cursor starts on the centre, and Right goes right on the screen.
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    cursor = page.locator("svg.board .overlay polygon.cursor").bounding_box()
    assert cursor["x"] > after["c3"][0]
    assert abs(cursor["y"] + cursor["height"] / 2 - after["c3"][1]) < 2
    page.keyboard.press("Enter")  # plays the cell under the cursor, by its own name
    placed = set(pagekit.stones(page)) - {"a1", "e3"}
    assert len(placed) == 1
    (name,) = placed
    assert near(cell_centre(page, name), (cursor["x"] + cursor["width"] / 2, after["c3"][1]))
    shot(page, "rotated-once")
    # The turn is kept with the game: a reload shows it turned.
    page.reload()
    page.wait_for_function(pagekit_ready())
    page.wait_for_selector('svg.board[data-rotation="1"]')
    for _ in range(5):
        pagekit.press(page, "#rotate")
    page.wait_for_selector('svg.board[data-rotation="0"]')
    for name, centre in before.items():
        assert near(cell_centre(page, name), centre)  # six turns: back where it was


def pagekit_ready() -> str:
    return "document.body && document.body.dataset.ready === '1'"


def test_sounds_are_off_by_default_and_the_switch_is_kept(page):
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    pagekit.new_game(page, size=3, players=2)
    pagekit.click_cell(page, "c3")
    assert page.evaluate("document.body.dataset.sounds") is None  # silent while off
    pagekit.press(page, "#sound")
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
    page.wait_for_function("document.body.dataset.sounds === '1'")  # the sample
    pagekit.click_cell(page, "a1")
    page.wait_for_function("document.body.dataset.sounds === '2'")
    assert page.evaluate("document.body.dataset.lastSound") == "stone"
    pagekit.press(page, "#resign")
    page.click("#confirm-yes")
    page.wait_for_function("document.body.dataset.lastSound === 'end'")
    page.reload()
    page.wait_for_function(pagekit_ready())
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
