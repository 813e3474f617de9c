"""The click-to-play poster (``start=click``) in a frame of another site: a hobby site's
visitor who only scrolls past pays for the poster, not the runtime; Play starts the game.

Two loopback servers of their own, so that each counts only this test's bytes: the game
on 127.0.0.1 (dist/ as built), the host page on ``localhost`` (another site)."""

from __future__ import annotations

import threading

import pagekit
import pytest
from conftest import READY

from sitebuild.serve import make_server

pytestmark = pytest.mark.browser

POSTER_BUDGET = 150_000  # bytes a view of the host page may cost before Play
HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A hobby site</title>
<link rel="icon" href="data:,"></head>
<body><h1>Play here</h1>
<iframe id="game" src="{src}" title="Archipelago" width="480" height="620"
        style="border: 0" loading="lazy"></iframe>
</body></html>
"""


@pytest.fixture
def servers(built_site, tmp_path):
    """(game server, host page server) on loopback; both counting the bytes they send."""
    game = make_server(0, built_site)
    host = make_server(0, tmp_path)
    for server in (game, host):
        threading.Thread(target=server.serve_forever, daemon=True).start()
    yield game, host, tmp_path
    for server in (game, host):
        server.shutdown()
        server.server_close()


def host_page(servers, query):
    game, host, folder = servers
    src = f"http://127.0.0.1:{game.server_address[1]}/index.html?{query}"
    (folder / "host.html").write_text(HOST_PAGE.format(src=src), encoding="utf-8")
    return f"http://localhost:{host.server_address[1]}/host.html"


def test_the_poster_costs_a_few_kilobytes_until_play_then_plays(servers, open_url, capsys):
    requests: list[str] = []
    url = host_page(servers, "embed=1&start=click&size=5&seats=h,c1&names=Ann,Robo")
    page = open_url("about:blank", wait_ready=False, viewport={"width": 900, "height": 800})
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    frame = page.frame_locator("#game")
    frame.locator("#board svg.board").wait_for()
    page.wait_for_load_state("networkidle")
    poster_bytes = sum(server.sent for server in servers[:2])
    assert frame.locator("#poster").is_visible()
    assert frame.locator("#poster-title").inner_text() == "Archipelago"
    assert frame.locator("#poster-players").inner_text() == "Ann vs Robo (computer, level 1)"
    assert frame.locator("svg.board").get_attribute("data-size") == "5"
    runtime = [u for u in requests if "/pyodide/" in u or "/pyscript/" in u or "sw.js" in u]
    assert not runtime, runtime
    assert poster_bytes <= POSTER_BUDGET, poster_bytes
    game = next(f for f in page.frames if f.url.startswith("http://127.0.0.1"))
    frame.locator("#poster-play").click()
    game.wait_for_function(READY, timeout=90_000)
    assert frame.locator("#poster").is_hidden()
    ready_bytes = sum(server.sent for server in servers[:2])
    game.click('svg.board [data-cell="c3"]')
    game.locator('svg.board [data-at="c3"]').wait_for()  # played: the game is Python's
    with capsys.disabled():
        print(
            f"\nhost page view with the poster: {poster_bytes / 1000:.1f} kB before Play;"
            f" {ready_bytes / 1e6:.2f} MB once playable after Play"
        )


def test_a_german_visitors_poster_speaks_german_and_still_waits_for_play(servers, open_url):
    requests: list[str] = []
    url = host_page(servers, "embed=1&start=click&size=5&seats=h,c2&names=Ann,Robo")
    page = open_url("about:blank", wait_ready=False, locale="de-DE")
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    frame = page.frame_locator("#game")
    frame.locator("#board svg.board").wait_for()
    page.wait_for_load_state("networkidle")
    # The poster's words arrive with the language's first paint, after or before the
    # poster's board: either way they end in German.
    players = frame.locator("#poster-players")
    players.filter(has_text="gegen").wait_for()
    assert players.inner_text() == "Ann gegen Robo (Computer, Stufe 2)"
    assert frame.locator("#poster-play").inner_text() == "Spielen"
    assert sum(server.sent for server in servers[:2]) <= POSTER_BUDGET
    assert not [u for u in requests if "/pyodide/" in u or "/pyscript/" in u], requests


def test_the_poster_speaks_the_frames_language_and_shows_only_its_own_game(servers, open_url):
    # An address that names only its game: the quick game against the computer, as the
    # bare ?game=stigmergy link starts it (start.embed_settings), on its poster too.
    url = host_page(servers, "embed=1&start=click&game=stigmergy&lang=de")
    page = open_url("about:blank", wait_ready=False, viewport={"width": 900, "height": 800})
    # The language's first paint held back until the poster is drawn: it paints the page's
    # own first board, which the poster's must then cover again (a side-6 board showed).
    held = []
    page.route("**/locale/de.json*", lambda route: held.append(route))
    page.goto(url)
    frame = page.frame_locator("#game")
    frame.locator('svg.board[data-size="5"]').wait_for(state="attached")
    for _ in range(500):  # (the route's handler runs while Playwright is waited on)
        if held:
            break
        page.wait_for_timeout(20)
    held.pop().continue_()
    players = frame.locator("#poster-players")
    players.filter(has_text="gegen").wait_for()  # (written again once the words arrive)
    assert players.inner_text() == "Ann gegen Bob (Computer, Stufe 2)"
    assert frame.locator("svg.board").get_attribute("data-size") == "5"
    assert frame.locator("#poster-title").inner_text() == "Stigmergy"
    # Nothing of the default game (Archipelago's welcome line) nor a loading bar for a
    # download that has not begun shows around the poster.
    assert frame.locator("#embed-intro").is_hidden()
    assert frame.locator(".loading-progress").is_hidden()


# Every element with text of its own in the frame whose text is cut: wider than its box
# (scrollWidth over clientWidth) where it hides what overflows or ends it with "…". The
# screen readers' hidden words (.visually-hidden, 1 px by design) are not drawn.
CUT_TEXT = """() => [...document.querySelectorAll('body *')].filter((element) => {
  if (element instanceof SVGElement || element.closest('.visually-hidden')) return false;
  if (!element.checkVisibility() || element.clientWidth === 0) return false;
  const own = [...element.childNodes].some(
    (node) => node.nodeType === 3 && node.textContent.trim());
  if (!own) return false;
  const style = getComputedStyle(element);
  const wider = element.scrollWidth > element.clientWidth + 1;
  return (wider && style.overflowX !== 'visible') || (wider && style.textOverflow === 'ellipsis');
}).map((element) => `${element.id || element.className}: ${element.textContent.trim()}`)"""


def test_on_a_phone_the_snippets_frame_plays_a_stone_a_tap_with_no_text_cut(servers, open_url):
    """The snippet's frame on a phone's page of another site (a 390 px phone, the frame as
    wide as the page lets it, 620 px high), in French: the poster keeps its height and
    fetches no catalogue; after Play, on the default side-7 board, one tap places a stone
    (cells of about 29 px, over keys.SMALL_CELL_PX: no "tap again"; 21 taps asked for a
    second in issue 51), nothing is cut, the coordinates too small to read are not drawn,
    and the scores have their unit. Then the same frame on ``?embed=1&game=stigmergy``:
    the quick game against the computer, no komi asked, one tap a stone."""
    from archipelago.page.input.keys import SMALL_CELL_PX
    from archipelago.page.sharing.snippet import EmbedChoice, snippet

    game, host, folder = servers
    choice = EmbedChoice("archipelago", 7, ("Ann", "Bob"), ("h", "c2"), language="fr")
    code = snippet(f"http://127.0.0.1:{game.server_address[1]}/index.html", choice)
    head = HOST_PAGE.split("<iframe")[0].replace(
        "<head>", '<head><meta name="viewport" content="width=device-width">'
    )
    page_html = head + code + "\n</body></html>\n"
    (folder / "phone.html").write_text(page_html, encoding="utf-8")
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    requests: list[str] = []
    page = open_url("about:blank", wait_ready=False, **phone)
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(f"http://localhost:{host.server_address[1]}/phone.html")
    frame = page.frame_locator("iframe")
    frame.locator("#board svg.board").wait_for()
    frame.locator("#poster-play").filter(has_text="Jouer").wait_for()
    box = page.locator("iframe").bounding_box()
    assert box["width"] < 390 and box["height"] == 620
    board = frame.locator("#board svg.board").bounding_box()
    assert board["height"] >= 250, board
    page.wait_for_load_state("networkidle")
    assert not [u for u in requests if ".mo?" in u], requests  # the catalogue waits for Play
    frame.locator("#poster-play").tap()
    inside = next(f for f in page.frames if f.url.startswith("http://127.0.0.1"))
    inside.wait_for_function(READY, timeout=90_000)
    assert [u for u in requests if "/locale/fr.mo?" in u]
    assert "Règles" in frame.locator("#embed-intro").inner_text()
    assert frame.locator("svg.board").get_attribute("data-size") == "7"
    cell = frame.locator('svg.board polygon[data-cell="g7"]')
    drawn = cell.evaluate("(cell) => [cell.getBoundingClientRect().width, innerWidth]")
    assert SMALL_CELL_PX <= drawn[0] < 30, drawn  # as the page tells Python of a tap
    cell.tap()
    frame.locator('svg.board [data-at="g7"]').wait_for(timeout=5_000)
    assert frame.locator("#tap-again").is_hidden()
    assert frame.locator("svg.board .labels").count() == 0  # about 6 px here: not drawn
    assert "île" in frame.locator('.card[data-player="1"] .score').inner_text()
    assert inside.evaluate(CUT_TEXT) == []
    assert inside.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    pagekit.shot(page, "embed-390-archipelago-7")
    # ?embed=1&game=stigmergy started side 8, two people and a komi question (issue 51).
    src = f"http://127.0.0.1:{game.server_address[1]}/index.html?embed=1&game=stigmergy&lang=fr"
    page.locator("iframe").evaluate("(frame, src) => { frame.src = src; }", src)
    inside.wait_for_function(f"location.search.includes('stigmergy') && {READY}", timeout=90_000)
    assert frame.locator("svg.stigmergy").get_attribute("data-size") == "5"
    assert frame.locator("#komi-form").count() == 0  # the fair komi, settled
    assert "niveau 2" in " ".join(frame.locator(".cards").all_inner_texts())
    frame.locator('svg.board [data-cell="c3"]').tap()
    frame.locator('svg.board [data-at="c3"]').wait_for(timeout=5_000)
    assert frame.locator("#tap-again").is_hidden()
    assert inside.evaluate(CUT_TEXT) == []
    pagekit.shot(page, "embed-390-stigmergy")
