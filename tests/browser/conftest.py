"""Browser fixtures: one built dist/, one server and one chromium for the whole session.

Every page a test opens fails the test on a page error, a console error, or a request
that leaves 127.0.0.1 (such requests are aborted and recorded).
"""

from __future__ import annotations

import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

import build

READY = "document.body && document.body.dataset.ready === '1'"


# Fixtures that build dist/ (npm ci when node_modules/ is missing) or start chromium.
BUILDING_FIXTURES = {"browser", "site_url"}


def pytest_collection_modifyitems(items):
    """Every test that builds the site or opens a page carries the ``browser`` marker,
    so ``-m "not browser"`` needs no npm, no network and no build."""
    for item in items:
        if BUILDING_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url():
    """Build dist/ once and serve it on a free loopback port; yields the base URL."""
    build.build()
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(build.CHROMIUM).exists():
        pytest.fail(
            f"browser tests need Debian's chromium at {build.CHROMIUM} (.ci/run installs it)"
        )
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=build.CHROMIUM, args=build.CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


class PageProblems:
    """What went wrong on a page; the page fixture fails the test when any is recorded."""

    def __init__(self):
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def check(self):
        problems = [f"page/console error: {e}" for e in self.errors]
        problems += [f"request left 127.0.0.1: {u}" for u in self.foreign]
        if problems:
            pytest.fail("\n".join(problems), pytrace=False)


def open_context(browser, **options):
    """A fresh context whose requests may only reach 127.0.0.1, and its problem log."""
    problems = PageProblems()
    context = browser.new_context(**options)

    def guard(route):
        host = urlparse(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            problems.foreign.append(route.request.url)
            route.abort()

    context.route("**/*", guard)

    def watch(page):
        page.on("pageerror", lambda error: problems.errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                problems.errors.append(message.text) if message.type == "error" else None
            ),
        )

        page.on(
            "response",
            lambda response: (
                problems.errors.append(f"HTTP {response.status} {response.url}")
                if response.status >= 400
                else None
            ),
        )

    context.on("page", watch)
    return context, problems


@pytest.fixture
def open_url(browser):
    """Factory: open(url, **context_options) -> a page at any URL, ready for input, in a
    fresh guarded context (closed and checked at the end of the test)."""
    opened = []

    def open_page(url: str, wait_ready: bool = True, **options):
        context, problems = open_context(browser, **options)
        opened.append((context, problems))
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(url)
        if wait_ready:
            page.wait_for_function(READY, timeout=60_000)
        return page

    yield open_page
    for context, _ in opened:
        context.close()
    for _, problems in opened:
        problems.check()


@pytest.fixture
def make_page(open_url, site_url):
    """Factory: open(path="", **context_options) -> the game page, ready for input."""

    def open_page(path: str = "", wait_ready: bool = True, **options):
        return open_url(site_url + path, wait_ready, **options)

    return open_page


@pytest.fixture
def serve_dir():
    """Factory: serve(directory) -> base URL of a loopback server for that directory."""
    servers = []

    def serve(directory):
        server = build.make_server(0, root=directory)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def page(make_page):
    """The game page on a desktop viewport, ready for input."""
    return make_page(viewport={"width": 1280, "height": 900})
