"""The loading bar of a first visit (static/start/loading_progress.js): it moves as the
runtime arrives and says how many megabytes of how many, it goes once the game is
playable, and a start that receives nothing for a while says so (nothing at all, or where
the download stopped) and offers a retry.

The site is served here through a slow network (sitebuild/throttle.py) so that the bar has
time to be seen between empty and full, and, for the retry, by a server that never sends
the runtime's WebAssembly.

A page that must become playable has the interpreter snapshot in its Cache Storage first
(put there from the site's rules page, as the service worker does after a first visit):
the runtime's files still come through the network, and the bar counts them as on a first
visit, but the start after them is a returning player's, which costs a few times less
than a first visit's plain start and is no part of what is checked here.
"""

from __future__ import annotations

import re
import threading

import pagekit
import pytest

from sitebuild import serve
from sitebuild.throttle import Throttle

READY = "document.body.dataset.ready === '1'"
# Every state the bar and its line were seen in, until Python is ready.
WATCH_BAR = """
window.__bar = [];
window.__overBoard = [];  // the cells the loading box covered, when it did
window.__cut = [];  // a line of the box that was cut, when one was
const look = () => {
  const bar = document.getElementById("loading-progress");
  const line = document.getElementById("loading-bytes");
  const box = document.querySelector(".loading-box");
  if (box && document.body.classList.contains("loading") && box.checkVisibility()) {
    const over = box.getBoundingClientRect();
    const cells = [...document.querySelectorAll("svg.board [data-cell]")].filter((cell) => {
      const b = cell.getBoundingClientRect();
      return b.left < over.right && b.right > over.left
        && b.top < over.bottom && b.bottom > over.top;
    });
    if (cells.length) window.__overBoard.push(cells.map((cell) => cell.dataset.cell));
    for (const text of box.querySelectorAll("#loading-note, #loading-bytes")) {
      if (text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1
          || over.right > innerWidth || over.left < 0) window.__cut.push(text.textContent);
    }
  }
  if (bar && line) {
    const last = window.__bar[window.__bar.length - 1];
    const seen = [bar.value, line.textContent];
    if (!last || last[0] !== seen[0] || last[1] !== seen[1]) window.__bar.push(seen);
  }
  if (!(document.body && document.body.dataset.ready === "1")) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""
# The line as English and French write it (French: its words and its decimal comma).
LINES = {
    "en": re.compile(r"^Downloading the game, (\d+)\.(\d) of (\d+)\.(\d) MB$"),
    "fr": re.compile(r"^Téléchargement du jeu, (\d+),(\d) sur (\d+),(\d) Mo$"),
}


@pytest.fixture
def site_through(built_site):
    """Factory: serve(throttle, handler_changes) -> the base URL of the built site served
    through ``throttle`` (None: at full speed) by a handler changed by ``handler_changes``."""
    servers = []

    def serve_site(throttle: Throttle | None, **handler_changes):
        server = serve.make_server(0, built_site)
        for name, value in handler_changes.items():
            setattr(server.RequestHandlerClass, name, value)
        server.throttle = throttle
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve_site
    for server in servers:
        server.shutdown()
        server.server_close()


def with_snapshot_cached(page, url: str, init_script: str):
    """``page`` (a blank page of a browser of its own) with the site at ``url``'s
    interpreter snapshot in its Cache Storage, and ``init_script`` run before the scripts
    of each page it opens from then on."""
    page.goto(url + "static/rules.html")
    page.evaluate(pagekit.CACHE_FILE, url + pagekit.snapshot_path())
    page.context.add_init_script(init_script)
    return page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_bar_moves_while_the_runtime_arrives_and_goes_once_playable(
    site_through, open_url, language
):
    # (site_through before open_url: the page, playable and installing its service
    # worker, is closed before its server is, or sw.js's fetch fails as the server goes.)
    # 40 Mbit/s: a few seconds of downloading, time enough for frames in between.
    url = site_through(Throttle(bits_per_second=40_000_000, delay=0.01))
    page = open_url("about:blank", wait_ready=False, viewport={"width": 390, "height": 844})
    with_snapshot_cached(page, url, WATCH_BAR)
    page.goto(url + ("" if language == "en" else f"?lang={language}"))
    page.wait_for_function(READY, timeout=120_000)
    seen = page.evaluate("window.__bar")
    between = [value for value, _ in seen if 0 < value < 1]
    assert between, f"the bar never stood between empty and full: {seen}"
    totals = set()
    for _, text in seen:
        match = LINES[language].match(text)
        if match:
            done, total = float(f"{match[1]}.{match[2]}"), float(f"{match[3]}.{match[4]}")
            assert done <= total
            totals.add(total)
    # The line names the megabytes on the wire: the compressed runtime, a few MB.
    assert totals and all(1.0 < total < 8.0 for total in totals), seen
    # On the phone the box lies over the controls, never over a cell of the board, and
    # its lines wrap rather than being cut ("Descargando el juego, 3,5 …", issue 51).
    assert page.evaluate("window.__overBoard") == []
    assert page.evaluate("window.__cut") == []
    assert not page.is_visible("#loading-progress")


# Every pair (the retry shown, the line) the page showed until it was ready, taken once
# each change is whole (a MutationObserver runs after the task that made it), and what the
# download channel told of each counted file: {name: bytes unpacked so far}.
WATCH_RETRY = """
window.__retry = [];
window.__arrived = {};
new BroadcastChannel("archipelago-download").onmessage = ({data}) => {
  window.__arrived[data.name] = data.loaded;
};
document.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("loading-bytes");
  const retry = document.getElementById("loading-retry");
  const look = () => window.__retry.push([!retry.hidden, line.textContent]);
  look();
  new MutationObserver(look).observe(retry.parentNode, {
    subtree: true, childList: true, characterData: true, attributes: true,
  });
});
"""
COUNTED = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "archipelago.zip")
NOTHING = re.compile(r"^The game has not started: nothing arrived for 2 s\.$")
STUCK = re.compile(r"^Downloaded (\d+\.\d) MB, but the game has not started 2 s later\.$")
STOPPED = re.compile(
    r"^The download stopped at (\d+\.\d) of (\d+\.\d) MB: nothing more arrived for 2 s\.$"
)


def holding_back(paths: tuple[str, ...], released: threading.Event):
    """A send_head that keeps each of ``paths`` from the browser until ``released``."""
    plain_send_head = serve.SiteHandler.send_head

    def send_head(handler):
        if handler.path.split("?")[0].endswith(paths):
            released.wait(120)
        return plain_send_head(handler)

    return send_head


def assert_retry_only_with_its_words(seen: list) -> None:
    """Whenever the page offered the retry, its line said why, and only then."""
    for shown, text in seen:
        stalled = any(words.match(text) for words in (NOTHING, STOPPED, STUCK))
        assert shown == stalled, seen


def test_a_start_that_receives_nothing_says_so_and_offers_a_retry(site_through, open_url):
    # None of the files the bar counts ever comes: whenever the stall is seen, nothing has
    # arrived, however slow the machine.
    released = threading.Event()
    url = site_through(None, send_head=holding_back(COUNTED, released))
    page = open_url("about:blank", wait_ready=False, viewport={"width": 390, "height": 844})
    page.context.add_init_script("window.__startStalledMs = 1500;" + WATCH_RETRY)
    try:
        page.goto(url)
        page.wait_for_selector("#loading-retry:visible", timeout=60_000)
        assert NOTHING.match(page.text_content("#loading-bytes") or "")
        assert page.evaluate("window.__arrived") == {}
        assert page.evaluate("document.body.dataset.ready") != "1"
        assert_retry_only_with_its_words(page.evaluate("window.__retry"))
    finally:
        released.set()


def test_a_download_that_stops_part_way_says_where_and_offers_a_retry(
    site_through, open_url, built_site
):
    # (site_through before open_url: the page, playable at the end and installing its
    # service worker, is closed before its server is.)
    # Python's standard library never comes; the runtime's WebAssembly, fetched beside
    # it, comes whole, and so does the engine's zip, asked for as soon as the WebAssembly
    # has come, while the interpreter (which cannot start without the library) has not
    # started: it used to be asked for only once the interpreter ran, and the bar stood
    # at "3.5 of 4.0 MB" meanwhile (issue 51). The stall is let come only once the page
    # has both, so the state it reports is known whatever the machine's speed; then the
    # library is let through, and the retry goes as the bar moves on.
    released = threading.Event()
    url = site_through(None, send_head=holding_back(("pyodide/python_stdlib.zip",), released))
    page = open_url("about:blank", wait_ready=False, viewport={"width": 390, "height": 844})
    with_snapshot_cached(page, url, "window.__startStalledMs = 1e9;" + WATCH_RETRY)
    whole = {
        name: (built_site / name).stat().st_size
        for name in ["pyodide/pyodide.asm.wasm", "archipelago.zip"]
    }
    try:
        page.goto(url)
        page.wait_for_function(
            "whole => Object.entries(whole).every(([name, size]) =>"
            " Object.entries(window.__arrived).some(([n, got]) =>"
            " n.endsWith(name) && got === size))",
            arg=whole,
            timeout=60_000,
        )
        assert not page.is_visible("#loading-retry")
        assert page.evaluate("document.documentElement.dataset.python") == "worker"
        page.evaluate("window.__startStalledMs = 1500")
        page.wait_for_selector("#loading-retry:visible", timeout=60_000)
        stopped = STOPPED.match(page.text_content("#loading-bytes") or "")
        assert stopped, page.text_content("#loading-bytes")
        assert 0 < float(stopped[1]) < float(stopped[2])
        # The numbers the bar's line last gave before the stall.
        before = [text for _, text in page.evaluate("window.__retry") if LINES["en"].match(text)]
        assert before and before[-1] == f"Downloading the game, {stopped[1]} of {stopped[2]} MB"
        assert page.evaluate("document.body.dataset.ready") != "1"
        # No stall again while the runtime starts (it may take longer than the 1.5 s).
        page.evaluate("window.__startStalledMs = 1e9")
    finally:
        released.set()
    page.wait_for_function(READY, timeout=120_000)
    seen = page.evaluate("window.__retry")
    assert any(shown for shown, _ in seen) and not seen[-1][0], seen
    assert_retry_only_with_its_words(seen)
