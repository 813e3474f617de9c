"""Cross-origin isolation: sent by `python build.py serve`'s server, added by the service
worker on a host that sends no headers, and never in the way of embedding the page in
another site's <iframe>."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading

import pagekit
import pytest
from conftest import open_context

from sitebuild import paths

pytestmark = pytest.mark.browser

ISOLATED = "crossOriginIsolated"
READY = "document.body.dataset.ready === '1'"
CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
}"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the http.server signature
        pass


@pytest.fixture
def plain_host():
    """Factory: serve(directory) -> base URL of a static server that sends no headers of
    its own (as a hobby host that cannot set any)."""
    servers = []

    def serve(directory):
        handler = functools.partial(QuietHandler, directory=directory)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


PYTHON_RUNS = "document.documentElement.dataset.python"
# The longest task the page's thread ran, from before the page asked for the runtime.
LONGEST_TASK = """() => new Promise((done) => {
  const longest = [0];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest[0] = Math.max(longest[0], entry.duration);
  }).observe({type: "longtask", buffered: true});
  setTimeout(() => done(longest[0]), 500);
})"""


# The page's thread hears nothing of the worker's downloads until the page is ready: as
# when that thread is too busy to hear that the WebAssembly has come before the worker's
# PyScript asks for the engine's zip (static/start/pyodide_start.mjs).
DEAF_TO_DOWNLOADS = """(() => {
  const Plain = BroadcastChannel;
  window.BroadcastChannel = class extends Plain {
    constructor(name) {
      super(name);
      if (name !== "archipelago-download") return;
      const held = [];
      super.onmessage = (event) => held.push(event.data);
      let heard = null;
      Object.defineProperty(this, "onmessage", {set: (f) => { heard = f; }, get: () => heard});
      const later = setInterval(() => {
        if (document.body?.dataset.ready !== "1") return;
        clearInterval(later);
        for (const data of held.splice(0)) if (heard) heard({data});
        super.onmessage = (event) => heard && heard(event);
      }, 50);
    }
  };
})()"""


@pytest.fixture
def deaf_page(browser, site_url):
    """A first visit to the page with DEAF_TO_DOWNLOADS, ready; and the URLs of the
    requests of its context, its workers' included, but not its service worker's (which
    fetches the whole site once the page is ready)."""
    context, problems = open_context(browser)
    context.add_init_script(DEAF_TO_DOWNLOADS)
    asked: list[str] = []
    context.on("request", lambda request: request.service_worker or asked.append(request.url))
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function(READY, timeout=60_000)
    yield page, asked
    context.close()
    problems.check()


def test_the_served_page_is_cross_origin_isolated_and_python_runs_in_a_worker(deaf_page, site_url):
    page, asked = deaf_page
    assert page.evaluate(ISOLATED) is True
    assert page.evaluate(PYTHON_RUNS) == "worker"
    # The worker asked the page for the engine, which fetched it once (not once there and
    # once here).
    assert asked.count(site_url + "archipelago.zip") == 1
    # The page's thread: the start, the first drawing and a move hold it for none of the
    # seconds Python takes (on the page's thread one task of a plain start is 1.8 s
    # here); a loose bound, against a loaded test machine.
    pagekit.click_cell(page, "d4")
    assert pagekit.stones(page)["d4"] == 1  # (the computer may have answered it already)
    assert page.evaluate(LONGEST_TASK) < 600
    # An arrow key on the board moves its cursor and not the page, though Python hears
    # of it only once the browser has dealt with the key (index.html cancels the scroll).
    page.set_viewport_size({"width": 500, "height": 500})
    page.focus("#board")
    page.evaluate("window.scrollTo(0, 0)")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#board").get_attribute("aria-activedescendant")


# News of another start's WebAssembly (a worker of the document this one replaced, still
# loading) reaches the page as soon as it listens, before its own worker does.
OTHER_START_NEWS = """(() => {
  const Plain = BroadcastChannel;
  window.BroadcastChannel = class extends Plain {
    constructor(name) {
      super(name);
      if (name !== "archipelago-engine" || window.__news) return;
      window.__news = true;
      new Plain("archipelago-download").postMessage(
        {name: "pyodide/pyodide.asm.wasm", loaded: 1, wire: 1, done: true});
    }
  };
})()"""


def test_news_of_another_start_leaves_the_page_s_worker_its_engine(returning_page):
    # The page handed the engine over before its worker listened: the worker's ask is
    # answered again (it waited for ever before).
    page = returning_page("?players=2", wait_ready=False, init_script=OTHER_START_NEWS)
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(PYTHON_RUNS) == "worker" and page.evaluate("window.__news")
    pagekit.click_cell(page, "c3")
    assert pagekit.stones(page) == {"c3": 1}


def test_the_service_worker_isolates_the_page_on_a_host_without_headers(
    plain_host, open_url, tmp_path
):
    # dist/ copied unchanged into a sub-path, as in a project site of GitHub Pages.
    shutil.copytree(paths.DIST, tmp_path / "site" / "games" / "archipelago")
    base = plain_host(tmp_path / "site") + "games/archipelago/"
    # Two people: a first visit's computer would answer c3 before or after the reload,
    # as the machine's load has it, and the game kept would differ.
    page = open_url(base + "?players=2")
    assert page.evaluate(ISOLATED) is False  # the first visit: only what the host sent
    assert page.evaluate(PYTHON_RUNS) == "page"  # so Python runs on the page's thread
    pagekit.click_cell(page, "c3")
    assert pagekit.stones(page) == {"c3": 1}
    page.evaluate(CONTROLLED)
    page.reload()
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate(ISOLATED) is True
    assert page.evaluate(PYTHON_RUNS) == "worker"
    page.locator("#board [data-cell]").first.wait_for()
    assert pagekit.stones(page) == {"c3": 1}  # the game kept from the first visit


HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A hobby site</title>
<link rel="icon" href="data:,"></head>
<body><iframe id="game" src="{src}" title="Archipelago" width="420" height="560"></iframe>
</body></html>
"""


def test_a_site_without_isolation_embeds_the_page_from_another_origin(
    plain_host, open_url, site_url, tmp_path
):
    (tmp_path / "host.html").write_text(
        HOST_PAGE.format(src=site_url + "index.html?embed=1&players=2&size=4&seats=h,h"),
        encoding="utf-8",
    )
    page = open_url(plain_host(tmp_path) + "host.html", wait_ready=False)
    page.wait_for_function(
        "(() => { const f = window.frames[0];"
        " try { f.document; return false; } catch { return true; } })()",
        timeout=10_000,
    )  # the frame is cross-origin: the host cannot reach into it
    frame = page.frame_locator("#game")
    frame.locator("body[data-ready='1']").wait_for(state="attached", timeout=60_000)
    assert frame.locator("svg.board").get_attribute("data-size") == "4"
    frame.locator('svg.board [data-cell="d4"]').click()
    frame.locator("svg.board [data-at]").first.wait_for(state="attached")
    assert frame.locator("svg.board [data-at]").count() == 1
