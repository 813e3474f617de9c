"""Stigmergy played on the page through a real browser, checked against the engine: the
New game dialog, the komi typed in its form, touch, the keyboard, the pointer's sight
lines, the themes, the rules page and the titles. The decisions (refused komi entries,
flips, the button, a link's game and its ending pass, shared games, a computer's seat)
are checked under CPython in tests/page/test_stigmergy_page.py.

The tests share one page (``kept_page``), each starting its game through New game as a
player does, in the order written here: a page start each cost five times the rest."""

from __future__ import annotations

import os
from pathlib import Path

import pagekit

from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.registry import from_record

# Where screenshots go when STIGMERGY_SCREENSHOTS names a folder (for looking at them).
SHOTS = os.environ.get("STIGMERGY_SCREENSHOTS")


def new_stigmergy_game(page, *, size=5, names=("Ada", "Ben"), komi=None):
    """Start a Stigmergy game through the New game dialog."""
    page.click("#new-game-button")
    page.click("#game-tile-stigmergy")
    page.wait_for_selector("#komi-mode")
    for i, name in enumerate(names):
        page.fill(f'input[name="name{i + 1}"]', name)
        page.select_option(f'select[name="seat{i + 1}"]', "0")  # people, whatever was in play
    page.fill('input[name="size"]', str(size))
    if komi is None:  # (the dialog offers the komi of the game in play)
        page.select_option("#komi-mode", "propose")
    else:
        page.select_option("#komi-mode", "fixed")
        page.fill("#komi-field", str(komi))
    page.click("#start-game")
    page.wait_for_selector(f'svg.stigmergy[data-size="{size}"]')


def stones(page) -> dict[str, int]:
    pairs = page.eval_on_selector_all(
        "svg.board [data-at]", "els => els.map(e => [e.dataset.at, +e.dataset.color])"
    )
    return dict(pairs)


def engine_stones(game: StigmergyGame) -> dict[str, int]:
    names = game.board.names
    return {names[c]: owner for c, owner in enumerate(game.cells) if owner}


def history(page) -> list[str]:
    return page.eval_on_selector_all("#history code", "els => els.map(e => e.textContent)")


def scores(page) -> dict[int, dict[str, str]]:
    """Per player, the values the player card holds (stones, territory, score, rank)."""
    cards = page.eval_on_selector_all(
        ".cards .card", "cards => cards.map(c => [+c.dataset.player, {...c.dataset}])"
    )
    return dict(cards)


def assert_page_matches(page, game: StigmergyGame):
    """Board, score table and history agree with the engine."""
    assert stones(page) == engine_stones(game)
    shown = scores(page)
    territory, ranks, values = game.territory(), game.ranks(), game.summary()["scores"]
    for p in (1, 2):
        assert shown[p]["stones"] == str(game.stones[p])
        assert shown[p]["territory"] == str(territory[p - 1])
        assert shown[p]["score"] == str(values[p - 1])
        assert shown[p]["rank"] == str(ranks[p - 1])
        assert shown[p]["komi"] == ("" if game.komi_to != p else str(game.komi))
    assert history(page) == [move.text for move in game.history]


def shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def record(turns, size=5, variant=None):
    return {"game": "stigmergy", "size": size, "variant": variant or {}, "turns": turns}


# A short game on side 5 where, after these placements, Ada (player 1) may flip a5.
SETUP = ["a2", "a5", "h2", "c6"]


# The page the tests share opens on two people's game: no computer to start.
PEOPLE = "?players=2"


def test_a_game_from_the_dialog_komi_answer_placements_and_a_flip(kept_page):
    # Two people first (no computer to start); the dialog then starts Stigmergy.
    page = kept_page(PEOPLE)
    page.set_viewport_size({"width": 1280, "height": 800})
    new_stigmergy_game(page, size=5)
    # Stigmergy has computer players: the dialog offers a person here, a person by link
    # or levels 1-5.
    page.click("#new-game-button")
    assert page.eval_on_selector_all(
        'select[name="seat1"] option', "os => os.map(o => o.value)"
    ) == ["0", "-1", "1", "2", "3", "4", "5"]
    assert "no computer player" not in page.locator("#seat-note").inner_text()
    page.click("#cancel-new-game")
    assert page.locator("#hint-button").is_visible()
    assert page.get_attribute("#rules-link", "href") == "./static/stigmergy-rules.html"
    status = page.locator("#turn-note").inner_text()
    assert "Ada" in status and "proposes the komi" in status and "Ben" in status
    shot(page, "proposal-desktop")

    # The komi typed in the form and sent with Enter (what entries are refused, the
    # placements, flips and the button: tests/page/test_stigmergy_page.py).
    page.fill("#komi-input", "3")
    page.press("#komi-input", "Enter")
    assert history(page) == ["3"]
    assert page.locator("#komi-form").count() == 0
    page.click("#play-second")
    game = from_record(record(["3", "play-second"]))
    for name in SETUP:
        page.click(f'svg.board [data-cell="{name}"]')
        game.push(name)
    assert_page_matches(page, game)
    assert page.locator('svg.board .threatened[data-at="a5"]').count() == 1
    shot(page, "flippable-desktop")


def test_the_titles_and_the_dialogs_sides_follow_the_game(kept_page):
    page = kept_page(PEOPLE)
    page.set_viewport_size({"width": 1280, "height": 860})
    pagekit.new_game(page, size=6, players=2)  # Archipelago in play, on side 6
    assert page.title() == "Archipelago"
    page.click("#new-game-button")
    assert page.input_value('input[name="size"]') == "6"  # the side of the game in play
    page.click("#game-tile-stigmergy")
    page.wait_for_selector("#komi-mode")
    size = page.locator('input[name="size"]')
    assert (size.input_value(), size.get_attribute("min"), size.get_attribute("max")) == (
        "8",
        "3",
        "10",
    )
    page.click("#game-tile-archipelago")
    page.wait_for_selector("#komi-mode", state="detached")
    assert (size.input_value(), size.get_attribute("min"), size.get_attribute("max")) == (
        "6",  # back to the side it showed
        "2",
        "12",
    )
    page.click("#game-tile-stigmergy")
    page.wait_for_selector("#komi-mode")
    page.click("#start-game")  # the default side, as offered
    page.wait_for_selector('svg.stigmergy[data-size="8"]')
    assert page.title() == "Stigmergy" and page.inner_text("#title") == "Stigmergy"
    # (The next visit's title, painted with the board: the next test's reload.)
    page.click("#new-game-button")
    page.click("#game-tile-archipelago")
    page.wait_for_selector("#komi-mode", state="detached")
    page.click("#start-game")
    page.wait_for_selector('svg.board[data-size="7"]:not(.stigmergy)')  # its default side
    assert page.title() == "Archipelago"


def test_a_game_reloaded_on_its_komi_turn_still_takes_a_komi(kept_page):
    # The stored first view holds the komi form, which index.html's cleaner drops from
    # stored text: the page must draw that fragment again rather than believe it drawn.
    page = kept_page(PEOPLE)
    assert page.title() == "Archipelago"  # (the game the last test left in play)
    new_stigmergy_game(page, size=5)
    assert page.locator("#komi-input").count() == 1
    page.reload(wait_until="load")
    # On the next visit the title is painted with the board, before Python is ready.
    early = page.evaluate(
        "[document.title, document.documentElement.dataset.painted, document.body.dataset.ready]"
    )
    assert early[:2] == ["Stigmergy", "storage"] and early[2] != "1"
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.title() == "Stigmergy"
    page.fill("#komi-input", "3")
    page.click("#propose-komi")
    assert history(page) == ["3"]
    assert "answers the komi of 3 points" in page.locator("#turn-note").inner_text()


def test_a_game_tapped_on_a_phone_fits_its_width(kept_page):
    """(Its share link opened elsewhere: tests/page/test_stigmergy_page.py.)"""
    page = kept_page(PEOPLE, device="phone")
    page.set_viewport_size({"width": 390, "height": 844})
    new_stigmergy_game(page, size=5, names=("Ana", "Bo"), komi=4)
    game = from_record(record([], variant={"komi": 4}))
    assert page.locator("#komi-form").count() == 0  # a fixed komi: no proposal
    for name in SETUP:
        page.tap(f'svg.board [data-cell="{name}"]')
        game.push(name)
    assert_page_matches(page, game)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone")


def test_keyboard_play(kept_page):
    page = kept_page(PEOPLE)
    new_stigmergy_game(page, size=5, komi=0)
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor appears on the centre cell
    assert page.locator("svg.stigmergy .overlay .cursor").count() == 1
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert stones(page) == {"e5": 1, "e6": 2}
    page.keyboard.press("u")
    assert stones(page) == {"e5": 1}
    page.keyboard.press("r")
    assert stones(page) == {"e5": 1, "e6": 2}


def drawn_sight(page) -> tuple[str | None, dict[str, str]]:
    """The cell whose sight lines are drawn, and per line the cell it ends on -> the owner
    of the stone met there ("0": the line reaches the edge without meeting one)."""
    group = page.locator("svg.stigmergy .overlay .sight")
    if group.count() == 0:
        return None, {}
    ends = page.eval_on_selector_all(
        "svg.stigmergy .overlay .sight-line", "els => els.map(e => [e.dataset.to, e.dataset.owner])"
    )
    return group.get_attribute("data-from"), dict(ends)


def engine_sight(game: StigmergyGame, name: str) -> dict[str, str]:
    names = game.board.names
    lines = game.sight_lines(game.board.index(name))
    return {names[line.cells[-1]]: str(line.owner) for line in lines if line.cells}


def test_hovering_a_cell_draws_its_sight_lines_to_the_stones_it_sees(kept_page):
    page = kept_page(PEOPLE)
    page.set_viewport_size({"width": 1280, "height": 860})
    new_stigmergy_game(page, size=5, komi=0)
    game = from_record(record([], variant={"komi": 0}))
    for name in ("a2", "a5", "h2", "c6", "e3"):
        page.click(f'svg.board [data-cell="{name}"]')
        game.push(name)
    for name in ("i5", "a3", "e5"):
        page.hover(f'svg.board [data-cell="{name}"]')
        page.wait_for_selector(f'svg.stigmergy .overlay .sight[data-from="{name}"]')
        origin, ends = drawn_sight(page)
        assert ends == engine_sight(game, name), name
        seen = page.eval_on_selector_all(
            "svg.stigmergy .overlay .seen", "els => els.map(e => e.dataset.seen)"
        )
        assert sorted(seen) == sorted(cell for cell, owner in ends.items() if owner != "0")
        s1, s2 = game.sees(game.board.index(name))
        assert f"it sees {s1} of Ada's stones and {s2} of Ben's" in page.inner_text("#hint")
        if name == "a3":
            assert ends["a2"] == "1"  # the line along row a meets Ada's a2 next door
    shot(page, "sight-lines-light")
    page.mouse.move(5, 5)  # off the board: the lines go
    page.wait_for_function("!document.querySelector('svg.stigmergy .overlay .sight')")
    # The keyboard cursor's cell shows its lines too.
    page.focus("#board")
    page.keyboard.press("ArrowUp")
    assert drawn_sight(page) == ("e5", engine_sight(game, "e5"))
    page.keyboard.press("ArrowLeft")
    origin, ends = drawn_sight(page)
    assert origin is not None and origin != "e5" and ends == engine_sight(game, origin)


def test_sight_lines_in_the_dark_theme(kept_page):
    page = kept_page(PEOPLE)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("matchMedia('(prefers-color-scheme: dark)').matches")
    new_stigmergy_game(page, size=6, komi=0)
    for name in ("f6", "c3", "f9", "i6", "d7", "h4", "f2", "c8"):
        page.click(f'svg.board [data-cell="{name}"]')
    page.hover('svg.board [data-cell="c6"]')
    page.wait_for_selector('svg.stigmergy .overlay .sight[data-from="c6"]')
    # The lines are drawn in the page's own colours of the players in this theme.
    colours = page.evaluate("""() => {
        const line = (p) => document.querySelector(`svg.stigmergy .sight-line.p${p}`);
        const css = getComputedStyle(document.documentElement);
        return [1, 2].map((p) => [line(p) && getComputedStyle(line(p)).stroke,
                                  css.getPropertyValue(`--p${p}`).trim()]);
    }""")
    for stroke, variable in colours:
        assert stroke is not None
        rgb = tuple(int(variable[i : i + 2], 16) for i in (1, 3, 5))
        assert stroke == f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})"
    shot(page, "sight-lines-dark")
    page.emulate_media(color_scheme="light")  # as the page's later tests expect


def test_the_rules_page_is_linked_and_drawn(kept_page):
    # (Last: the page the tests share is left for the rules page, and started again.)
    page = kept_page(PEOPLE)
    new_stigmergy_game(page, size=5)
    pagekit.press(page, "#rules-link")
    page.wait_for_selector("h1")
    assert "How to play Stigmergy" in page.locator("h1").inner_text()
    assert page.locator("figure svg.stigmergy").count() == 2
    assert page.locator("figure svg .threat").count() >= 1
    page.click("text=Back to the game")
    page.wait_for_function("document.body && document.body.dataset.ready === '1'")
    assert page.locator("svg.stigmergy").count() == 1
