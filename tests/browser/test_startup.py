"""The start: the board is painted before Python is up, and nothing moves when it takes over.

The page is captured at DOMContentLoaded (index.html's first paint has run, Python has
not: it needs seconds to start) and again once Python is ready. The pages open in the
session's shared browsers, their storage wiped: what is painted depends on what is stored,
not on what the browser has cached (a first visit's own start is test_snapshot's).
"""

from __future__ import annotations

import json

import pagekit
import pytest
from conftest import blank_page, kept_across_tests

from archipelago.page.view.first import VIEW_KEY

# At DOMContentLoaded: the painted board's cells and stones, where the board is, and
# every layout shift from then on.
CAPTURE = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shifts.push(entry.value);
    window.__moved = (window.__moved || []).concat(
      entry.sources.map((s) => s.node && (s.node.id || s.node.nodeName)));
  }
}).observe({type: "layout-shift", buffered: true});
document.addEventListener("DOMContentLoaded", () => {
  const board = document.querySelector("#board");
  const welcome = document.querySelector("#welcome");
  window.__early = {
    ready: document.body.dataset.ready || "",
    painted: document.documentElement.dataset.painted,
    cells: [...board.querySelectorAll("[data-cell]")].map((e) => e.dataset.cell).sort(),
    stones: [...board.querySelectorAll("[data-at]")].map((e) => [e.dataset.at, +e.dataset.color]),
    status: document.querySelector("#status").textContent,
    rect: JSON.stringify(board.getBoundingClientRect()),
    statusHtml: document.querySelector("#status").innerHTML,
    boardHtml: board.innerHTML,
    welcome: welcome.hidden ? "" : welcome.innerText,
  };
});
"""
NOW = """(() => {
  const board = document.querySelector("#board");
  return {
    cells: [...board.querySelectorAll("[data-cell]")].map((e) => e.dataset.cell).sort(),
    stones: [...board.querySelectorAll("[data-at]")].map((e) => [e.dataset.at, +e.dataset.color]),
    status: document.querySelector("#status").textContent,
    rect: JSON.stringify(board.getBoundingClientRect()),
  };
})()"""
# The site's version, as its page says it (from another page of the site).
SITE_VERSION = """fetch(new URL("../", location.href)).then((response) => response.text())
  .then((html) => new DOMParser().parseFromString(html, "text/html"))
  .then((site) => site.documentElement.dataset.version)"""
SETTLED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def opened(returning_page, path="", device="desktop"):
    """The page at ``path`` as a returning player with nothing stored opens it (the shared
    ``device`` browser: its caches warm, which is no part of what is checked here),
    captured before and after Python."""
    return captured(returning_page(path, wait_ready=False, device=device, init_script=CAPTURE))


def captured(page):
    """``page`` (its CAPTURE run) once Python is ready and has drawn, with what it showed
    at DOMContentLoaded and what it shows now: (page, early, now)."""
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    page.evaluate(SETTLED)
    return page, page.evaluate("window.__early"), page.evaluate(NOW)


@pytest.fixture(scope="module")
def _first_starts():
    kept: dict[str, tuple] = {}
    yield kept
    for page, _, _ in kept.values():
        if not page.is_closed():
            page.close()


@pytest.fixture
def first_start(_first_starts, returning_browsers, site_url, request):
    """The page with nothing stored, captured before and after Python (``captured``):
    (page, early, now). One start serves the module's tests of it (a page start each cost
    one more): the first test that asks opens it; a test that takes the page past its
    first start, or fails, closes it, and a later test opens it again. Its problems fail
    the test they happen in."""
    with kept_across_tests(returning_browsers, request, lambda: [_first_starts["desktop"][0]]):
        start = _first_starts.get("desktop")
        if start is None or start[0].is_closed():
            page = blank_page(returning_browsers, site_url)
            page.add_init_script(CAPTURE)
            page.goto(site_url)
            start = _first_starts["desktop"] = captured(page)
        yield start


def test_the_pre_rendered_board_is_the_one_python_draws(first_start):
    page, early, now = first_start
    assert early["ready"] == "" and early["painted"] == "build"
    assert early["cells"] and early["cells"] == now["cells"]
    assert early["stones"] == now["stones"] == []
    assert early["status"] == now["status"]
    assert early["rect"] == now["rect"]
    assert sum(page.evaluate("window.__shifts")) == 0, page.evaluate("window.__moved")


# When the page first painted, and when it first asked for a file of the runtime.
PAINT_THEN_RUNTIME = """(() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const runtime = performance.getEntriesByType("resource")
    .filter((entry) => /\\/(pyscript|pyodide)\\/|archipelago\\.zip/.test(entry.name));
  return [paint.startTime, runtime.length ? Math.min(...runtime.map((e) => e.startTime)) : null];
})()"""


def test_the_runtime_is_fetched_only_after_the_first_paint(first_start):
    page, _, _ = first_start
    painted, first_request = page.evaluate(PAINT_THEN_RUNTIME)
    assert first_request is not None  # (a warm start asks for the runtime's files too)
    assert painted < first_request, (painted, first_request)
    # Nothing is preloaded ahead of the paint: the HTML names no file of the runtime.
    html = page.evaluate("fetch(location.href).then((response) => response.text())")
    head = html.split("</head>")[0]
    assert 'rel="preload"' not in head and 'rel="modulepreload"' not in head
    assert '<script type="module" src=' not in head


def test_a_returning_player_sees_the_game_in_play_at_once(first_start, site_url):
    """A game played on the first start's page: the next start paints it at once."""
    page, _, _ = first_start
    pagekit.click_cell(page, "c3")  # the opening stone; then the computer plays its turn
    page.wait_for_function(
        "document.querySelector('.card.to-move')?.dataset.player === '1'", timeout=60_000
    )
    played = pagekit.stones(page)
    assert len(played) >= 2 and played["c3"] == 1
    page.goto(site_url)
    _, early, now = captured(page)
    assert early["ready"] == "" and early["painted"] == "storage"
    assert dict(early["stones"]) == dict(now["stones"]) == played
    assert early["status"] == now["status"] and early["rect"] == now["rect"]
    assert sum(page.evaluate("window.__shifts")) == 0, page.evaluate("window.__moved")
    page.close()  # past its first start: a later test of it opens it again


def test_a_stored_view_is_painted_only_for_this_version_and_without_code(returning_page, site_url):
    # The first view is stored from a page of the site with no Python (its rules): the
    # first of the two starts is already the stored view's.
    rules = returning_page("static/rules.html", wait_ready=False)
    version = rules.evaluate(SITE_VERSION)
    hostile = {
        "#status": {
            "html": '<p id="bad" onclick="window.__ran=1">odd<script>window.__ran=2</script></p>'
        },
        "#board": {"html": '<svg><a href="javascript:window.__ran=3"><text>x</text></a></svg>'},
        "body": {"attrs": {"onload": "window.__ran=4"}},
    }
    page = None
    for stored_version, painted in ((version, "storage"), ("another", "build")):
        stored = [VIEW_KEY, json.dumps({"version": stored_version, "changes": hostile})]
        if page is None:
            rules.evaluate("([key, text]) => localStorage.setItem(key, text)", stored)
            page = returning_page(wait_ready=False, init_script=CAPTURE)
        else:
            page.evaluate("([key, text]) => localStorage.setItem(key, text)", stored)
            page.goto(site_url, wait_until="domcontentloaded")
        early = page.evaluate("window.__early")
        assert early["painted"] == painted
        if painted == "storage":
            assert early["statusHtml"] == '<p id="bad">odd</p>'
            assert early["boardHtml"] == "<svg></svg>"
        assert page.evaluate("window.__ran") is None
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    # Python then draws the game in play, and stores its own view again.
    assert page.eval_on_selector_all("svg.board [data-cell]", "els => els.length") > 0
    assert page.evaluate("window.__ran") is None


def test_a_click_before_python_is_ready_is_played_once_it_is(
    returning_page, returning_browsers, site_url
):
    # A returning player's page (returning_page wiped its storage), whose requests pass
    # its service worker by: what that worker answers, no route of the test could hold.
    page = returning_browsers.context("desktop").new_page()
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.setBypassServiceWorker", {"bypass": True})
    # The page's script is held back until the click is made. Its request may come after
    # the click (a loaded machine starts the interpreter later): once released, a request
    # goes on at once, or it would be held for ever (a CI run failed so).
    held, released, asked = [], [], []

    def hold(route):
        asked.append(route.request.url)
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/static/page/app.py", hold)
    page.goto(site_url, wait_until="domcontentloaded")
    pagekit.click_cell(page, "c3")
    assert page.evaluate("document.body.dataset.ready") is None
    assert "played as soon as it is ready" in page.text_content("#loading-note")
    page.wait_for_timeout(100)
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert pagekit.stones(page)["c3"] == 1  # (the computer may be answering it already)
    assert not page.is_visible("#loading-note")
    assert asked  # the script came through the route (not from the service worker's cache)


ON_SCREEN = """(selector) => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return b.width > 0 && b.top >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
}"""
# The distance between the centres of two cells side by side in a row, in CSS px.
CELL_PX = """([left, right]) => {
  const box = (name) =>
    document.querySelector(`#board [data-cell="${name}"]`).getBoundingClientRect();
  const a = box(left), b = box(right);
  return b.x + b.width / 2 - a.x - a.width / 2;
}"""


def test_a_phone_s_first_visit_by_a_stigmergy_link_is_welcomed_to_a_game_on_big_cells(
    returning_page,
):
    """?game=stigmergy, first opened on a phone, nothing stored (issue 51): a welcome in
    Stigmergy's words, painted before Python and the same after; you against the computer,
    the komi settled (no field for a number); cells of 36 px or more, so one tap places a
    stone. The view is the build's own for this address, not Archipelago's replaced later."""
    page, early, now = opened(returning_page, "?game=stigmergy", device="phone")
    assert early["painted"] == "build"
    assert early["cells"] and early["cells"] == now["cells"]
    assert early["status"] == now["status"]
    assert early["statusHtml"] == page.evaluate("document.querySelector('#status').innerHTML")
    assert early["rect"] == now["rect"]
    assert sum(page.evaluate("window.__shifts")) == 0, page.evaluate("window.__moved")
    welcome = page.locator("#welcome")
    assert welcome.is_visible() and early["welcome"] == welcome.inner_text()
    assert page.evaluate(ON_SCREEN, "#welcome-text")  # its words whole, under the board
    assert page.locator("#welcome-title").inner_text() == "Welcome to Stigmergy"
    assert "any colour" not in early["welcome"] and "7 steps" in early["welcome"]
    assert "computer · level 2" in pagekit.cards_text(page)
    assert page.locator("#komi-input").count() == 0
    assert page.evaluate(CELL_PX, ["e4", "e5"]) >= 36  # side 5: 38 px (side 8: 24)
    pagekit.shot(page, "stigmergy-link-phone")
    page.tap('#board [data-cell="e5"]')  # one tap places
    page.wait_for_function("document.querySelector('#board [data-at=\"e5\"]')")
    assert welcome.is_hidden()
