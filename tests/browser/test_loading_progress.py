"""The loading bar of a first visit (static/start/loading_progress.js): it moves as the
runtime arrives and says how many megabytes of how many, it goes once the game is
playable, and a start that receives nothing for a while says so and offers a retry.

The site is served here through a slow network (sitebuild/throttle.py) so that the bar has
time to be seen between empty and full, and, for the retry, by a server that never sends
the runtime's WebAssembly.
"""

from __future__ import annotations

import re
import threading

import pytest

from sitebuild import serve
from sitebuild.throttle import Throttle

READY = "document.body.dataset.ready === '1'"
# Every state the bar and its line were seen in, until Python is ready.
WATCH_BAR = """
window.__bar = [];
const look = () => {
  const bar = document.getElementById("loading-progress");
  const line = document.getElementById("loading-bytes");
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


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_bar_moves_while_the_runtime_arrives_and_goes_once_playable(
    open_url, site_through, language
):
    # 40 Mbit/s: a few seconds of downloading, time enough for frames in between.
    url = site_through(Throttle(bits_per_second=40_000_000, delay=0.01))
    page = open_url("about:blank", wait_ready=False, viewport={"width": 390, "height": 844})
    page.context.add_init_script(WATCH_BAR)
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
    assert not page.is_visible("#loading-progress")


def test_a_start_that_receives_nothing_says_so_and_offers_a_retry(open_url, site_through):
    released = threading.Event()
    plain_send_head = serve.SiteHandler.send_head

    def send_head(handler):
        if handler.path.endswith("pyodide.asm.wasm"):  # the runtime never comes
            released.wait(60)
        return plain_send_head(handler)

    url = site_through(None, send_head=send_head)
    page = open_url("about:blank", wait_ready=False, viewport={"width": 390, "height": 844})
    page.context.add_init_script("window.__startStalledMs = 1500;")
    try:
        page.goto(url)
        page.wait_for_selector("#loading-retry:visible", timeout=60_000)
        assert "has not started" in page.text_content("#loading-bytes")
        assert page.evaluate("document.body.dataset.ready") != "1"
    finally:
        released.set()
