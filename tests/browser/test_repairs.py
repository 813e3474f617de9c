"""Issue 25's repairs on the page, in chromium: messages that float over the page, the
board's zoom, the New game form and the lesson's text. The bad URL options, a link opened
twice in the Games list and Stigmergy's computer seat and komi are decided under CPython
(tests/page/saved/test_games_list.py, tests/page/test_stigmergy_page.py).

The tests share a page (``kept_page``), in the order written here: each goes on from
where the last left it, as a player does, and only the Stigmergy game from URL options
costs a second page start (a page start each cost more than the rest of a test). The
first opens the page on a bad option, in the first visit's game; the next three need
that game in play (New game opens on it) and no Stigmergy game started yet (the options
of the last game started come back in New game); the lesson and the wheel start games
of their own."""

from __future__ import annotations

import pagekit

VIEWPORTS = ({"width": 1366, "height": 768}, {"width": 390, "height": 844})


def board_box(page) -> dict[str, float]:
    return page.eval_on_selector("#board svg", "e => e.getBoundingClientRect().toJSON()")


def test_a_message_does_not_move_the_board(kept_page):
    page = kept_page("?colour=red")  # (first in the module: the page opens on this address)
    assert page.locator("#message").is_visible()  # the bad option, said (what it says,
    # once, and the game kept: tests/page/saved/test_games_list.py)
    assert "?" not in page.url  # the address is clean: a reload does not read it again
    shown = {}
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        shown[viewport["width"]] = board_box(page)
    page.click("#dismiss")
    assert page.locator("#message").is_hidden()
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        assert board_box(page) == shown[viewport["width"]], viewport


def test_more_options_keep_their_values_across_a_switch_of_game(kept_page):
    page = kept_page()
    page.click("#new-game-button")
    page.click("#game-tile-archipelago")
    page.fill('input[name="size"]', "9")
    page.select_option("#players-field", "3")
    page.click("#more-options > summary")
    page.select_option('select[name="stones"]', "3")
    page.check('input[name="wunchunk"]')
    assert page.locator("#wunchunk-why").is_visible()
    page.click("#game-tile-stigmergy")
    page.wait_for_selector("#komi-mode")
    assert page.input_value('input[name="size"]') == "8"
    page.fill('input[name="size"]', "5")
    page.click("#game-tile-archipelago")
    page.wait_for_selector("#komi-mode", state="detached")
    assert page.input_value('input[name="size"]') == "9"
    assert page.input_value("#players-field") == "3"
    page.click("#more-options > summary")
    assert page.input_value('select[name="stones"]') == "3"
    assert page.is_checked('input[name="wunchunk"]')
    page.click("#game-tile-stigmergy")
    assert page.input_value('input[name="size"]') == "5"
    page.click("#cancel-new-game")


ON_SCREEN = """selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
        && box.right <= innerWidth;
}"""


def test_start_is_on_screen_without_scrolling(kept_page):
    page = kept_page()
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        page.click("#new-game-button")
        page.click("#game-tile-archipelago")
        page.select_option("#players-field", "4")  # the longest form: four seats ...
        page.eval_on_selector("#more-options", "details => { details.open = true; }")
        assert page.evaluate(ON_SCREEN, "#start-game"), viewport  # ... and every variation
        assert page.evaluate(ON_SCREEN, "#cancel-new-game"), viewport
        assert page.evaluate("scrollY") == 0
        page.click("#game-tile-stigmergy")
        assert page.evaluate(ON_SCREEN, "#start-game"), viewport
        page.click("#cancel-new-game")


def test_new_game_opens_on_the_game_in_play_and_its_presets_fill_the_form(kept_page):
    # The first game: side 6 against a level-2 computer. New game offers just that.
    page = kept_page()
    page.set_viewport_size(VIEWPORTS[0])
    page.click("#new-game-button")
    assert page.is_checked('#game-tile-archipelago input[name="game"]')
    assert page.input_value('input[name="size"]') == "6"
    assert page.input_value('select[name="seat2"]') == "2"
    page.click('[data-preset="people"]')
    assert page.input_value('select[name="seat2"]') == "0"
    page.click('[data-preset="standard"]')
    assert page.input_value('input[name="size"]') == "7"
    page.select_option("#players-field", "3")
    page.click('[data-preset="computer"]')
    assert page.input_value("#players-field") == "2"
    assert page.locator("#name-row-3").is_hidden()
    assert (page.input_value('select[name="seat2"]'), page.input_value('input[name="size"]')) == (
        "2",
        "6",
    )
    page.click("#start-game")
    page.wait_for_selector('svg.board[data-size="6"]')
    assert "computer · level 2" in pagekit.cards_text(page)
    # A side-5 Stigmergy game against a level-1 computer is offered as that too.
    page.goto(page.url.split("#")[0].split("?")[0] + "?game=stigmergy&size=5&seats=h,c1")
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click("#new-game-button")
    assert page.is_checked('#game-tile-stigmergy input[name="game"]')
    assert page.input_value('input[name="size"]') == "5"
    assert page.input_value('select[name="seat2"]') == "1"
    page.click("#cancel-new-game")


LESSON_WORDS = """() => {
    const dialog = document.getElementById("tutorial").getBoundingClientRect();
    const buttons = document.querySelector("#tutorial .dialog-buttons").getBoundingClientRect();
    const out = {scroll: document.getElementById("tutorial").scrollHeight
                         - document.getElementById("tutorial").clientHeight,
                 words: [], board: 0};
    for (const id of ["tutorial-step", "tutorial-task", "tutorial-feedback"]) {
        const element = document.getElementById(id);
        if (!element.textContent.trim()) continue;
        const box = element.getBoundingClientRect();
        const text = element.closest(".tutorial-text");
        out.words.push([id, box.top >= dialog.top && box.bottom <= Math.min(dialog.bottom,
            window.innerHeight) && (box.bottom <= buttons.top || box.right <= buttons.left + 1
            || box.top >= buttons.bottom) && text.scrollHeight <= text.clientHeight + 1]);
    }
    const svg = document.querySelector("#tutorial-board svg");
    if (svg && svg.getClientRects().length) {
        const cell = svg.querySelector("[data-cell]").getBoundingClientRect();
        out.board = cell.height;
    }
    return out;
}"""


def test_the_lessons_words_are_on_screen_at_every_step(kept_page):
    from test_tutorial import LESSON

    page = kept_page()
    pagekit.new_game(page, size=6, players=2)  # an Archipelago game: its lesson
    for viewport in (*VIEWPORTS, {"width": 844, "height": 390}):
        page.set_viewport_size(viewport)
        pagekit.press(page, "#tutorial-button")  # the lesson from its start, once finished
        for index, (clicks, end_turn) in enumerate(LESSON):
            for colour, cell in clicks:
                page.click(f'#tutorial-picker [data-tutorial-colour="{colour}"]')
                page.click(f'#tutorial-board [data-cell="{cell}"]')
                seen = page.evaluate(LESSON_WORDS)
                assert seen["scroll"] <= 1, (viewport, index, seen)
                assert all(shown for _, shown in seen["words"]), (viewport, index, seen)
                assert seen["board"] >= 14, (viewport, index, seen)  # cells big enough to hit
            if end_turn:
                page.click("#tutorial-end-turn")
            assert page.locator("#tutorial-track").is_visible() == (index == 3)
            assert page.evaluate(LESSON_WORDS)["words"], index
            pagekit.shot(page, f"tutorial-{viewport['width']}-{index + 1}")
            page.click("#tutorial-next")
        assert all(shown for _, shown in page.evaluate(LESSON_WORDS)["words"])
        page.click("#tutorial-close")


ZOOM_STATE = """() => {
    const svg = document.querySelector("#board svg");
    const box = svg.getBoundingClientRect();
    const fit = document.getElementById("zoom-reset");
    const button = fit.getBoundingClientRect();
    const shown = [...svg.querySelectorAll(".labels text")].filter((t) => {
        const r = t.getBoundingClientRect();
        return /^[a-z]$/.test(t.textContent) && t.style.display !== "none" && r.width > 0
            && r.left >= box.left && r.right <= box.right && r.top >= box.top
            && r.bottom <= box.bottom;
    }).map((t) => t.textContent);
    return {view: svg.getAttribute("viewBox"), zoomed: board.classList.contains("zoomed"),
            fit: !fit.hidden, onBoard: button.left >= box.left - 1 && button.right <= box.right + 1
                && button.top >= box.top - 1 && button.bottom <= box.bottom + 1,
            rows: shown, scroll: scrollY};
}"""


def test_the_wheel_zooms_the_board_with_its_coordinates_and_fit_board_on_it(kept_page):
    # Two people on the first visit's side-6 board, started afresh: the whole board.
    page = kept_page()
    page.set_viewport_size(VIEWPORTS[0])
    pagekit.new_game(page, size=6, players=2)
    board = page.locator("#board svg").bounding_box()
    whole = page.evaluate(ZOOM_STATE)
    assert not whole["zoomed"] and not whole["fit"] and len(whole["rows"]) == 11
    page.mouse.move(board["x"] + board["width"] * 0.6, board["y"] + board["height"] * 0.4)
    page.mouse.wheel(0, -300)
    zoomed = page.evaluate(ZOOM_STATE)
    assert zoomed["zoomed"] and zoomed["view"] != whole["view"] and zoomed["scroll"] == 0
    assert zoomed["fit"] and zoomed["onBoard"]  # Fit board sits on the board
    assert 2 <= len(zoomed["rows"]) < 11  # the rows in view keep their names, on the board
    pagekit.shot(page, "zoom-wheel")
    page.keyboard.down("Control")  # a touchpad's pinch: Ctrl + wheel, not the page's zoom
    page.mouse.wheel(0, -40)
    page.keyboard.up("Control")
    deeper = page.evaluate(ZOOM_STATE)
    assert deeper["view"] != zoomed["view"] and deeper["zoomed"]
    page.click("#zoom-reset")
    assert page.evaluate(ZOOM_STATE)["view"] == whole["view"]
    assert len(page.evaluate(ZOOM_STATE)["rows"]) == 11
