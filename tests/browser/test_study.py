"""Studying a game on the page (issue 34): in a finished game, going back five turns and
playing another move starts a side line while the game keeps its length; side lines and
notes survive a reload, a saved file opened in a fresh browser and a share link; a link
opens at a turn, of the game or of a side line; promoting and deleting lines; the
computer never moves in a side line and the analysis runs at the end of one. The
decisions are tested under CPython in tests/page/test_study.py; these check the page
wires them.

The tests share a page (``kept_page``, two people's game at its start: no computer to
start), each opening its game by a link, with names of its own (a link opened twice
opens the game kept the first time, tests/page/saved/test_games_list.py); the fresh
browser is the session's phone, its storage wiped (a page start each cost more than the
rest of a test)."""

from __future__ import annotations

import random
import re

import pagekit
from playwright.sync_api import expect

from archipelago.page.saved.links import encode_link
from archipelago.registry import from_record, game_class

MAIN = "#history > li > [data-turn]"  # the game's own turns
SIDE = "#history [data-variation] [data-turn]"  # the side lines' turns
NOTES = "#history .turn-note-text"
CELL = re.compile(r"[a-z][0-9]+")
PEOPLE = "?players=2"


def finished_stigmergy(seed: int = 3, names: tuple[str, str] = ("Ann", "Bob")) -> dict:
    """A random Stigmergy game on side 5, its komi agreed, played to its end."""
    game = game_class("stigmergy").random_game(random.Random(seed), size=5, variant={"komi": 2})
    return {**game.to_record(), "names": list(names)}


def other_cell(record: dict, turns: int, avoid: set[str]) -> str:
    """A cell where a stone is legal after ``turns`` turns of the game, not in ``avoid``."""
    game = from_record({**record, "turns": record["turns"][:turns]})
    return next(
        m.text for m in game.legal_moves() if CELL.fullmatch(m.text) and m.text not in avoid
    )


def key(page, name: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(name)


def review_banner(page) -> str:
    return page.locator("#review-banner").inner_text()


def open_finished(page, names: tuple[str, str]) -> int:
    """A finished Stigmergy game opened by link, its players named ``names``; its length."""
    record = finished_stigmergy(names=names)
    page.goto(page.url.split("#")[0] + "#game=" + encode_link(record))
    page.wait_for_function("location.hash === ''")
    return len(record["turns"])


def test_side_lines_and_notes_live_through_reload_file_and_link(kept_page, tmp_path):
    page = kept_page(PEOPLE)
    record = finished_stigmergy()
    total = len(record["turns"])
    page.goto(page.url.split("#")[0] + "#game=" + encode_link(record))
    page.wait_for_function("location.hash === ''")
    assert page.locator(MAIN).count() == total
    page.locator("#moves-title").click()  # the keys go to the page, not to a field
    key(page, "ArrowLeft", 5)
    back = total - 5
    assert f"Turn {back} of {total}" in review_banner(page)
    first = other_cell(record, back, {record["turns"][back]})
    pagekit.click_cell(page, first)  # another move than the game's: a side line
    assert page.locator(SIDE).count() == 1 and page.locator(MAIN).count() == total
    assert "of a side line" in review_banner(page)
    page.fill("#note", "a calmer move")
    page.press("#note", "Enter")
    assert page.locator(NOTES).all_inner_texts() == ["a calmer move"]
    # A second side line, three turns from the end, with a note on the game's turn.
    # (Each step waits for the page to show the one before: under load, a click can
    # otherwise reach the board before the turn clicked in the list is drawn.)
    page.locator(f'{MAIN}[data-turn="{total - 3}"]').click()
    expect(page.locator("#review-banner")).to_contain_text(f"Turn {total - 3} of {total}")
    second = other_cell(record, total - 3, {record["turns"][total - 3]})
    pagekit.click_cell(page, second)
    expect(page.locator("#history [data-variation]")).to_have_count(2)
    page.fill("#note", "the other way")
    page.press("#note", "Enter")
    page.locator(f'{MAIN}[data-turn="{total - 4}"]').click()
    expect(page.locator("#review-banner")).to_contain_text(f"Turn {total - 4} of {total}")
    page.fill("#note", "the game's move here")
    page.press("#note", "Enter")
    expect(page.locator(NOTES)).to_have_count(3)
    page.locator(f'{SIDE}[data-turn="{back + 1}"]').click()  # the first side line shown
    pagekit.shot(page, "side-lines-desktop")
    key(page, "ArrowUp")  # the game's own turn there
    assert "of a side line" not in review_banner(page)
    key(page, "ArrowDown")
    assert "of a side line" in review_banner(page)

    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.locator(SIDE).count() == 2 and page.locator(NOTES).count() == 3

    with page.expect_download() as saving:
        pagekit.press(page, "#save-button")
    saved = tmp_path / "game.json"
    saving.value.save_as(saved)
    fresh = kept_page(PEOPLE, device="phone")  # a browser of its own, nothing stored
    fresh.set_input_files("#load-input", str(saved))
    fresh.wait_for_function(f"document.querySelectorAll('{SIDE}').length === 2")
    assert fresh.locator(NOTES).count() == 3

    page.locator(f'{MAIN}[data-turn="{back}"]').click()  # reviewing the game's turn
    pagekit.press(page, "#share-button")
    assert page.locator("#share-turn").is_visible()  # "at this turn", ticked
    link = page.input_value("#share-url")
    assert link.endswith(f"&turn={back}")
    page.click("#close-share")
    fresh.goto(link)  # the link in the fresh browser: a new game beside the loaded one
    fresh.wait_for_function("location.hash === ''")
    assert f"Turn {back} of {total}" in review_banner(fresh)
    assert fresh.locator(SIDE).count() == 2 and fresh.locator(NOTES).count() == 3
    # A side line's position has its link too (issue 51): it opens there.
    page.locator(f'{SIDE}[data-turn="{back + 1}"]').first.click()
    pagekit.press(page, "#share-button")
    assert page.inner_text("#share-turn-number") == f"turn {back + 1} of a side line"
    link = page.input_value("#share-url")
    assert link.endswith(f"&line=1&turn={back + 1}")
    page.click("#close-share")
    fresh.goto(link)
    fresh.wait_for_function("location.hash === ''")
    expect(fresh.locator("#review-banner")).to_contain_text(
        f"Turn {back + 1} of {back + 1} of a side line"
    )

    # Make the first side line the game: the game's turns become a side line.
    page.locator(f'{SIDE}[data-turn="{back + 1}"]').first.click()
    page.click('[data-command="promote-line"]')
    assert page.locator(MAIN).count() == back + 1
    assert page.locator(f'{MAIN}[data-turn="{back + 1}"] code').inner_text() == first
    # Delete the old game's moves, now a side line, with the line nested in it.
    page.locator(f'{SIDE}[data-turn="{total - 2}"]').first.click()
    page.click('[data-command="delete-line"]')
    assert page.locator("#history [data-variation]").count() == 0
    assert page.locator(MAIN).count() == back + 1


def test_the_moves_list_stays_put_as_the_pointer_leaves_the_board(kept_page):
    """The line under the board puts the cell under the pointer in words, and empties as
    the pointer leaves the board: the moves list must not move up under the pointer on
    its way there (a click aimed at a turn landed on the list between two turns)."""
    page = kept_page(PEOPLE)
    total = open_finished(page, ("Amy", "Ben"))
    page.hover('svg.board [data-cell="c7"]')
    words = page.inner_text("#hint")
    assert words.startswith("c7: ") and len(words) > 100  # two lines or more
    turn = page.locator(f'{MAIN}[data-turn="{total - 3}"]')
    before = turn.bounding_box()
    turn.hover()
    assert page.inner_text("#hint") == ""
    assert turn.bounding_box() == before
    turn.click()
    assert f"Turn {total - 3} of {total}" in review_banner(page)


def press_on(page, selector: str) -> None:
    """The mouse's button down on the middle of ``selector``, not yet released."""
    box = page.locator(selector).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


def test_a_click_in_the_moves_list_lands_whatever_the_line_under_the_board_says(kept_page):
    """The line under the board changes as the pointer crosses the board's edge, and
    Python's redraw may land between the press and the release of a click on its way to
    the moves list: however long its words (long names, any language), the moves list
    must not move between the two."""
    page = kept_page(PEOPLE)
    total = open_finished(page, ("Annabelle Montgomery-Smith", "Bartholomew Fitzwilliam"))
    turn = f'{MAIN}[data-turn="{total - 3}"]'
    press_on(page, turn)
    page.dispatch_event('svg.board [data-cell="c7"]', "mouseover")  # the redraw, mid-click
    words = page.inner_text("#hint")
    assert words.startswith("c7: ") and len(words) > 160  # four lines or more
    page.mouse.up()
    expect(page.locator("#review-banner")).to_contain_text(f"Turn {total - 3} of {total}")


def test_a_click_in_the_moves_list_lands_when_the_list_is_redrawn_under_it(kept_page):
    """The moves list is redrawn in place: an entry pressed while Python redraws the list
    (here the arrow key's step; a computer's turn or a note saved alike) is the same
    element at the release, and the click shows its turn."""
    page = kept_page(PEOPLE)
    total = open_finished(page, ("Ada", "Bea"))
    press_on(page, f'{MAIN}[data-turn="{total - 3}"]')
    page.keyboard.press("ArrowLeft")  # the game's last turn but one: the list redrawn
    page.wait_for_function(
        f"document.querySelector('{MAIN}[aria-current]').dataset.turn === '{total - 1}'"
    )
    page.mouse.up()
    expect(page.locator("#review-banner")).to_contain_text(f"Turn {total - 3} of {total}")


def test_the_computer_waits_in_a_side_line_where_hint_and_analysis_work(kept_page):
    page = kept_page(PEOPLE)
    pagekit.new_game(page, size=5, players=2, seats=[0, 1])  # a person, a level-1 computer
    page.wait_for_selector('body[data-computer="ready"]', timeout=120_000)
    pagekit.click_cell(page, "c3")  # turn 1; the computer plays turn 2
    page.wait_for_function(f"document.querySelectorAll('{MAIN}').length === 2", timeout=60_000)
    page.click('[data-command="review-start"]')  # the empty board
    pagekit.click_cell(page, "b2")  # another turn 1: a side line, the computer's seat to move
    assert page.locator(SIDE).count() == 1
    pagekit.press(page, '[data-command="hint"]')  # what would the computer play here?
    page.wait_for_selector('body:not([data-thinking="hint"])', timeout=60_000)
    assert page.locator(MAIN).count() == 2 and page.locator(SIDE).count() == 1
    assert pagekit.stones(page) == {"b2": 1}  # the computer did not move in the side line
    page.click("#analyse")
    page.wait_for_selector('body[data-analysing="1"]')
    page.wait_for_selector('body:not([data-analysing="1"])', timeout=120_000)
    assert page.locator("#analysis-graph circle.point").count() == 1  # the side line's turn
    assert page.locator(MAIN).count() == 2  # the game still waits for its turn 3
