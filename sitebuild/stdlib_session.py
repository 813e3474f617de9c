"""The browser part of the standard library's recording (sitebuild/stdlib_record.py): the
built page played in chromium through its flows, then ``sys.modules`` of each of its
interpreters.

The site is built with the whole standard library, and its start script keeps every
interpreter it starts in ``globalThis.__recordedPythons`` (a line added to the copy in the
built site only), where Playwright reads it on the page's thread and in each worker.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from . import serve
from .paths import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

KEEP_INTERPRETERS = """
{
  const started = startRuntime;
  startRuntime = async (options) => {
    const pyodide = await started(options);
    (globalThis.__recordedPythons ||= []).push(pyodide);
    return pyodide;
  };
}
"""
MODULES = """() => (globalThis.__recordedPythons || []).map((pyodide) =>
  pyodide.runPython("import json, sys\\njson.dumps(sorted(sys.modules))"))"""
READY = "document.body.dataset.ready === '1'"
IDLE = "!document.body.dataset.thinking"


def _flows(page: Page, base: str, collect: Callable[[], None]) -> list[str]:
    """Play the page's flows (``collect`` reads the interpreters before the page is left);
    returns the names of those that ran to their end (a flow
    that fails is left out of the list, and the recording goes on)."""
    done: list[str] = []

    def flow(name: str, steps: Callable[[], None]) -> None:
        try:
            steps()
            done.append(name)
        except Exception as error:  # noqa: BLE001 - reported, the recording goes on
            print(f"  flow {name!r} stopped: {str(error).splitlines()[0]}")

    def opened(url: str) -> None:
        page.goto(url)
        page.wait_for_function(READY, timeout=180_000)

    def cell(name: str) -> None:
        page.click(f'svg.board [data-cell="{name}"]', timeout=10_000)

    def menu_button(selector: str) -> None:
        closed = page.evaluate(
            "(s) => { const m = document.querySelector(s).closest('details');"
            " return m && !m.open ? '#' + m.id + ' > summary' : null; }",
            selector,
        )
        if closed:
            page.click(closed)
        page.click(selector, timeout=10_000)

    def lesson() -> None:
        page.click("#welcome-tutorial", timeout=10_000)
        page.wait_for_selector("#tutorial:not([hidden])", timeout=30_000)
        page.click('#tutorial-board [data-cell="c2"]', timeout=10_000)
        page.click("#tutorial-close", timeout=10_000)

    def play_computer() -> None:
        cell("c3")
        page.wait_for_function(IDLE, timeout=120_000)
        page.wait_for_selector('body[data-computer="ready"]', timeout=120_000)

    def hint() -> None:
        menu_button("#hint-button")
        page.wait_for_timeout(200)
        page.wait_for_function(IDLE, timeout=120_000)

    def share() -> None:
        menu_button("#share-button")
        page.click("#close-share", timeout=10_000)

    def games() -> None:
        menu_button("#games-button")
        page.click("#close-games", timeout=10_000)

    def analysis() -> None:
        page.click("#analyse", timeout=10_000)
        page.wait_for_selector('body:not([data-analysing="1"])', timeout=180_000)

    def other_games() -> None:
        # Every game the registry knows besides the one the page opens with.
        from archipelago.registry import game_names

        for name in game_names()[1:]:
            collect()
            opened(f"{base}?game={name}")
            page.click("svg.board [data-cell]", timeout=10_000)

    opened(base)
    for name, steps in (
        ("lesson", lesson),
        ("move and the computer's answer", play_computer),
        ("hint", hint),
        ("share", share),
        ("games list", games),
        ("analysis", analysis),
        ("the other games", other_games),
    ):
        flow(name, steps)
    return done


def record_page(site: Path) -> set[str]:
    """The modules loaded in the page's interpreters after its flows, with Python in
    PyScript's worker (the site's isolation headers) and on the page's thread (none)."""
    from playwright.sync_api import sync_playwright

    start = site / "static" / "start" / "pyodide_start.mjs"
    start.write_text(start.read_text(encoding="utf-8") + KEEP_INTERPRETERS, encoding="utf-8")
    modules: set[str] = set()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for isolated in (True, False):
            modules |= _record_mode(browser, site, isolated)
        browser.close()
    return modules


def _record_mode(browser: Browser, site: Path, isolated: bool) -> set[str]:
    """The flows in a fresh context, served with the isolation headers or without."""
    modules: set[str] = set()
    server = serve.make_server(0, site)
    if not isolated:
        setattr(server.RequestHandlerClass, "end_headers", _without_isolation)  # noqa: B010 - this server's handler class only
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()

    def collect() -> None:
        listings = [page.evaluate(MODULES)] + [worker.evaluate(MODULES) for worker in page.workers]
        for listing in listings:
            for names in listing:
                modules.update(json.loads(names))

    try:
        done = _flows(page, base, collect)
        print(f"  {'worker' if isolated else 'page'} mode, flows done: {', '.join(done)}")
        collect()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    return modules


def _without_isolation(handler: serve.SiteHandler) -> None:
    """The site's responses without the isolation headers: a host that sends none, where
    Python runs on the page's thread."""
    handler.send_header("Cache-Control", "no-cache")
    if handler.varies:
        handler.send_header("Vary", "Accept-Encoding")
    super(serve.SiteHandler, handler).end_headers()
