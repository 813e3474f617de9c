"""Stigmergy from the page's address (embedded and full page) and a whole game against the
computer, played through the browser to its end and checked against the engine. Bad
options named is checked under CPython in tests/page/setup/test_url_options.py."""

from __future__ import annotations

import random
import time

from test_stigmergy_page import assert_page_matches, history, record, shot

from archipelago.games.stigmergy.notation import PASS
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.registry import from_record

HUMAN_TURN = """() => document.body.dataset.thinking === '' && (
    !document.getElementById('gameover').hidden ||
    document.querySelector('.card.to-move')?.dataset.player === '1')"""


def test_an_embedded_stigmergy_board_from_its_url(returning_page):
    page = returning_page(
        "index.html?embed=1&game=stigmergy&size=4&komi=0&seats=h,c1&names=Ann,Cpu",
        viewport={"width": 420, "height": 640},
    )
    assert page.title() == "Stigmergy"
    assert page.locator("header.top").is_hidden() and page.locator("#history").is_hidden()
    assert page.locator("#message").is_hidden()
    assert page.locator("svg.stigmergy").get_attribute("data-size") == "4"
    assert page.locator("#komi-form").count() == 0  # the URL fixed the komi
    for visible in ("#pass", "#take-button", "#undo", "#restart", "#hint-button"):
        assert page.locator(visible).is_visible(), visible
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 420
    page.click('svg.board [data-cell="d4"]')
    page.wait_for_function(HUMAN_TURN, timeout=30_000)
    stored = page.evaluate("JSON.parse(localStorage.getItem('archipelago.embed.game'))")
    assert stored["game"] == "stigmergy" and stored["variant"] == {"komi": 0}
    assert stored["seats"] == [0, 1] and stored["names"] == ["Ann", "Cpu"]
    assert len(stored["turns"]) == 2 and stored["turns"][0] == "d4"
    assert page.locator("svg.board [data-at]").count() == 2
    # New game: the same setup again.
    page.click("#restart")
    assert page.locator("svg.board [data-at]").count() == 0
    assert page.locator("svg.stigmergy").get_attribute("data-size") == "4"


def human_move(page, game: StigmergyGame, rng: random.Random) -> None:
    """A legal move for the person: Pass when it is allowed (confirming the pass that
    ends the game), else a random stone put down or flipped by clicking its cell."""
    codes = game.legal_codes()
    if PASS in codes:
        page.click("#pass")
        if page.locator("#confirm").is_visible():
            page.click("#confirm-yes")
        return
    n = len(game.cells)
    code = rng.choice([c for c in codes if c < 2 * n])
    page.click(f'svg.board [data-cell="{game.board.names[code % n]}"]')


def test_a_whole_game_against_the_computer_ends_as_the_engine_says(returning_page):
    started = time.monotonic()
    page = returning_page(
        "index.html?game=stigmergy&size=4&komi=0&seats=h,c1&names=Ann,Cpu",
        viewport={"width": 1280, "height": 900},
    )
    rng = random.Random(5)
    while True:
        page.wait_for_function(HUMAN_TURN, timeout=30_000)
        game = from_record(record(history(page), size=4, variant={"komi": 0}))
        if game.is_over:
            break
        assert time.monotonic() - started < 90, "the game takes too long"
        played = len(game.history)
        human_move(page, game, rng)
        page.wait_for_function(
            f"document.querySelectorAll('#history code').length > {played}", timeout=10_000
        )
    # Both passed last, the computer's pass or the person's confirmed one.
    assert [m.text for m in game.history[-2:]] == ["pass", "pass"]
    assert_page_matches(page, game)
    s1, s2 = game.scores()
    over = page.locator("#gameover")
    assert over.is_visible()
    ranking = over.locator(".ranking li")
    assert ranking.count() == 2
    winner = None if s1 == s2 else (1 if s1 > s2 else 2)
    if winner is None:
        assert "share the game" in over.inner_text()
    else:
        name = ("Ann", "Cpu")[winner - 1]
        assert f"{name} wins" in over.inner_text()
        assert ranking.first.get_attribute("data-player") == str(winner)
        assert "Game over" in page.locator("#status").inner_text()
    headline = page.locator("#result-title").inner_text()  # "Ann wins, 22 points to 14"
    shown = [float(x) for x in headline.split("wins, ")[-1].replace(" points", "").split(" to ")]
    if winner is not None:
        assert shown == sorted((s1, s2), reverse=True)
    assert page.locator("#pass").is_disabled()
    shot(page, "game-against-computer-over")
    assert time.monotonic() - started < 60
