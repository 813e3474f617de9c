"""Browser fixtures: one server of the session's dist/ (tests/conftest.py builds it) and
one chromium for the whole session.

Every page a test opens fails the test on a page error, a console error, or a request
that leaves this machine: 127.0.0.1, or ``localhost`` (the same loopback under another
site's name, for a page embedded by another site); others are aborted and recorded.

The ``page`` fixture opens its page in one context kept for the whole session (a
returning player's browser: its HTTP cache, service worker and Python snapshot stay,
only the site's stored games and settings are wiped before each test), which halves the
start of each page. ``returning_page`` opens pages there too, or in the session's shared
phone browser (``device="phone"``, also a second player's browser with storage of its
own). Tests that need a first visit (no service worker, nothing cached), a context of
their own or other context options use ``make_page`` / ``open_url``: a fresh context
each time.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest

from sitebuild import paths
from sitebuild.serve import make_server

READY = "document.body && document.body.dataset.ready === '1'"
LOOPBACK = ("127.0.0.1", "localhost")  # the hosts a page may reach


@pytest.fixture(scope="session")
def site_url(built_site):
    """Serve the run's dist/ on a free loopback port; yields the base URL."""
    server = make_server(0, built_site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


# The tests' chromium compiles WebAssembly with V8's baseline compiler only: each page
# (and each computer's worker) starts its own 9.6 MB interpreter, and optimising its hot
# functions again in every one cost more than the tests ever run on them (a page start
# took ~1.5 CPU-s less, two browser files 17% less CPU in all, the computer's files 8%).
# What a page does is the same; how fast it is, the benchmarks measure (build.py bench,
# lighthouse), with the plain CHROMIUM_ARGS.
TEST_ARGS = [*paths.CHROMIUM_ARGS, "--js-flags=--liftoff-only"]


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(paths.CHROMIUM).exists():
        pytest.fail(
            f"browser tests need Debian's chromium at {paths.CHROMIUM} (.ci/run installs it)"
        )
    _settle_every_input()
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=paths.CHROMIUM, args=TEST_ARGS)
        yield chromium
        chromium.close()


# Python may handle the page's events in a worker (index.html's loader), so what an input
# changes appears a moment after the input: each input a test makes waits for Python to be
# done with every event it is handling (index.html's pythonBusy) before the test reads the
# page, as a player's eye waits a frame.
SETTLED = "() => !window.pythonBusy || window.pythonBusy() === 0"
INPUTS = (
    "click",
    "dblclick",
    "tap",
    "fill",
    "type",
    "press",
    "select_option",
    "check",
    "uncheck",
    "set_checked",
    "dispatch_event",
    "hover",
    "set_input_files",
    "focus",
)
DEVICE_INPUTS = {
    "keyboard": ("press", "type", "down", "up", "insert_text"),
    "mouse": ("click", "dblclick", "down", "up", "move", "wheel"),
    "touchscreen": ("tap",),
}
# An address that only adds a link (#game=...) to the page in view is a navigation within
# it: Python reads the link on the hashchange event, and the address loses it once read.
LINK_READ = (
    "() => !location.hash.startsWith('#game=') || !document.body"
    " || document.body.dataset.ready !== '1'"
)


_WAIT_FOR_FUNCTION: list = []  # Page.wait_for_function as Playwright has it


def settle(page, condition=SETTLED):
    try:
        # Most often Python is done already: one evaluation, not a wait of a frame or more.
        if condition == SETTLED and page.evaluate(f"({SETTLED})()"):
            return
        _WAIT_FOR_FUNCTION[0](page, condition, timeout=30_000)
    except Exception as error:  # the input closed the page, or left it: nothing to wait for
        if not any(word in str(error) for word in ("closed", "navigat", "destroyed")):
            raise


def _settled(method, page_of):
    def act(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        settle(page_of(self))
        return result

    return act


def _settle_every_input():
    """Page and Locator input methods, and page.goto, wait for Python afterwards."""
    from playwright.sync_api import Locator, Page

    if getattr(Page, "_settling", False):
        return
    Page._settling = True
    for name in INPUTS:
        setattr(Page, name, _settled(getattr(Page, name), lambda page: page))
        if hasattr(Locator, name):
            setattr(Locator, name, _settled(getattr(Locator, name), lambda loc: loc.page))
    # A wait for one effect of an input is followed by a wait for the rest of it.
    _WAIT_FOR_FUNCTION.append(Page.wait_for_function)
    Page.wait_for_function = _settled(Page.wait_for_function, lambda page: page)
    goto = Page.goto

    def goto_settled(self, *args, **kwargs):
        result = goto(self, *args, **kwargs)
        settle(self, LINK_READ)
        settle(self)
        return result

    Page.goto = goto_settled


def settling(page):
    """``page``'s keyboard, mouse and touchscreen wait for Python after each input (the
    page's own methods and its locators' do so for every page)."""
    if getattr(page, "_settling_devices", False):
        return page
    page._settling_devices = True

    def wrapped(method):
        def act(*args, **kwargs):
            result = method(*args, **kwargs)
            settle(page)
            return result

        return act

    for device, names in DEVICE_INPUTS.items():
        target = getattr(page, device)
        for name in names:
            setattr(target, name, wrapped(getattr(target, name)))
    return page


class PageProblems:
    """What went wrong on a page; the page fixture fails the test when any is recorded."""

    def __init__(self):
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def check(self):
        problems = [f"page/console error: {e}" for e in self.errors]
        problems += [f"request left this machine: {u}" for u in self.foreign]
        if problems:
            pytest.fail("\n".join(problems), pytrace=False)


class SharedLog:
    """Where a context's pages record their problems: ``current``, replaced for each
    test when one context serves several tests."""

    def __init__(self):
        self.current = PageProblems()


def open_context(browser, log=None, http_cache=False, **options):
    """A fresh context whose requests may only reach this machine (LOOPBACK), and its problem log
    (``log``: a ``SharedLog`` for a context shared by several tests; default its own).
    ``http_cache=True``: the browser's HTTP cache works as a player's does, which Playwright
    turns off in a context it routes: a request that leaves this machine is then recorded
    as it goes, not stopped."""
    if log is None:
        log = SharedLog()
    context = browser.new_context(**options)

    def current() -> PageProblems:
        return log.current

    def local(url: str) -> bool:
        return url.startswith(("data:", "blob:")) or urlparse(url).hostname in LOOPBACK

    def guard(route):
        if local(route.request.url):
            route.continue_()
        else:
            current().foreign.append(route.request.url)
            route.abort()

    if http_cache:
        context.on(
            "request",
            lambda request: None if local(request.url) else current().foreign.append(request.url),
        )
    else:
        context.route("**/*", guard)

    def watch(page):
        settling(page)
        page.on("pageerror", lambda error: current().errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                current().errors.append(message.text) if message.type == "error" else None
            ),
        )

        page.on(
            "response",
            lambda response: (
                current().errors.append(f"HTTP {response.status} {response.url}")
                if response.status >= 400
                else None
            ),
        )

    context.on("page", watch)
    return context, log.current


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
    """Factory: serve(directory) -> base URL of a loopback server for that directory. A
    test names it (as any fixture that serves pages) before its page fixtures: fixtures end
    in the reverse order, so its pages close before their server stops (a page still
    fetching, as its service worker's precache does after the game is ready, logged
    "Failed to fetch" when the server went first)."""
    servers = []

    def serve(directory):
        server = make_server(0, root=directory)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


# The browsers of returning players that tests share, by name: each is made and warmed
# once per session, on the first test that asks for it (a first visit costs several
# returning starts: the runtime plainly started, the service worker's install, the
# snapshot fetched). "phone" is a touch phone's browser, with storage of its own (also
# another player's, for a game sent by link).
SHARED_BROWSERS = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


class ReturningBrowsers:
    """The session's shared contexts (SHARED_BROWSERS), each warmed on first use: the
    site visited, its service worker installed and the computer's worker started (both
    then come from the caches). One problem log serves them all (``log.current``)."""

    def __init__(self, browser, site_url: str):
        self.browser, self.site_url = browser, site_url
        self.log = SharedLog()
        self.contexts: dict[str, object] = {}
        self.failed: dict[str, str] = {}

    def context(self, name: str):
        if name in self.failed:  # warmed once and failed: every later test fails at once
            pytest.fail(f"the shared {name} browser could not be warmed: {self.failed[name]}")
        if name not in self.contexts:
            test_problems, self.log.current = self.log.current, PageProblems()
            try:
                self.contexts[name] = self.warmed(name)
            except BaseException as error:
                self.failed[name] = str(error).splitlines()[0] if str(error) else repr(error)
                raise
            finally:
                self.log.current = test_problems
        return self.contexts[name]

    def warmed(self, name: str):
        context, _ = open_context(self.browser, self.log, **SHARED_BROWSERS[name])
        try:
            first = context.new_page()
            first.goto(self.site_url)
            # (A first visit: on a loaded machine it takes much longer than a later start.)
            first.wait_for_function(READY, timeout=120_000)
            first.wait_for_function("document.body.dataset.computer === 'ready'", timeout=120_000)
            first.evaluate("navigator.serviceWorker.ready.then(() => true)")
            first.close()
            self.log.current.check()
        except BaseException:
            context.close()
            raise
        return context

    def close(self):
        for context in self.contexts.values():
            context.close()


def wipe_stored(context, site_url: str) -> None:
    """Wipe what an earlier test stored (games, settings, a painted view), keeping the
    caches: every test starts with no game, as on a first visit."""
    blank = context.new_page()
    session = context.new_cdp_session(blank)
    session.send(
        "Storage.clearDataForOrigin",
        {"origin": site_url.rstrip("/"), "storageTypes": "local_storage,indexeddb,cookies"},
    )
    session.detach()
    blank.close()


@pytest.fixture(scope="session")
def returning_browsers(browser, site_url):
    shared = ReturningBrowsers(browser, site_url)
    yield shared
    shared.close()


@pytest.fixture(scope="session")
def returning_browser(returning_browsers):
    """The shared desktop context, warmed, and its problem log: (context, log)."""
    return returning_browsers.context("desktop"), returning_browsers.log


@pytest.fixture
def returning_page(returning_browsers, site_url):
    """Factory: open(path="", viewport=None, color_scheme=None, wait_ready=True,
    device="desktop", permissions=None) -> the game page as a returning player with
    nothing stored opens it, in the shared context ``device`` names (SHARED_BROWSERS:
    "desktop" or "phone"), with ``permissions`` granted for this test (one page
    per call; closed and checked at the end of the test). ``init_script=...``: a script
    this page runs before its own, on each of its loads."""
    problems = returning_browsers.log.current = PageProblems()
    used: dict[str, object] = {}

    def context_for(device: str):
        if device not in used:
            context = used[device] = returning_browsers.context(device)
            context.set_offline(False)
            context.clear_permissions()
            wipe_stored(context, site_url)
        return used[device]

    # The desktop's wiped before the test, as tests that reach the context through a page
    # of theirs (page.context) expect.
    context_for("desktop")

    def open_page(
        path: str = "",
        viewport: dict | None = None,
        color_scheme: str | None = None,
        wait_ready: bool = True,
        device: str = "desktop",
        permissions: list[str] | None = None,
        init_script: str | None = None,
    ):
        context = context_for(device)
        if permissions:
            context.grant_permissions(permissions)
        opened = context.new_page()
        opened.set_default_timeout(20_000)
        if viewport is not None:
            opened.set_viewport_size(viewport)
        if color_scheme is not None:
            opened.emulate_media(color_scheme=color_scheme)
        if init_script is not None:
            opened.add_init_script(init_script)
        opened.goto(site_url + path)
        if wait_ready:
            opened.wait_for_function(READY, timeout=60_000)
        return opened

    yield open_page
    for context in used.values():
        for other in context.pages:
            other.close()
    problems.check()


@pytest.fixture
def page(returning_page):
    """The game page on a desktop viewport, ready for input."""
    return returning_page()


@pytest.fixture(scope="module")
def _kept_pages():
    """The pages a module's tests keep, by name, closed at the module's end."""
    pages: dict[str, object] = {}
    yield pages
    for kept in pages.values():
        if not kept.is_closed():
            kept.close()


def blank_page(returning_browsers, site_url, device: str = "desktop"):
    """A new page of the shared browser ``device`` names, online, no permission granted,
    nothing of the site stored: a returning player's browser before the page opens."""
    context = returning_browsers.context(device)
    context.set_offline(False)
    context.clear_permissions()
    wipe_stored(context, site_url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


@contextmanager
def kept_across_tests(returning_browsers, request, pages):
    """Around a test on pages kept for a module's tests: their problems fail this test,
    and a test that failed closes them all (it may have left them anywhere: the next test
    opens them afresh)."""
    problems = returning_browsers.log.current = PageProblems()
    failed = request.session.testsfailed
    yield
    if request.session.testsfailed != failed or problems.errors or problems.foreign:
        for kept in pages():
            if not kept.is_closed():
                kept.close()
    problems.check()


@pytest.fixture
def kept_page(_kept_pages, returning_browsers, site_url, request):
    """Factory: open(path="", device="desktop") -> one page per device kept for a module's
    tests: the first call in the module opens it at ``path`` as ``returning_page`` does
    (nothing stored), later calls return the same page, wherever the last test left it
    (each test then starts its game in it as a player does, a page start saved). Its
    problems fail the test they happen in, and a failed test's end closes it (the next
    test opens it again). A module's tests that use it use no ``returning_page`` (whose
    end closes every page of the shared browser it used)."""

    def open_page(path: str = "", device: str = "desktop"):
        kept = _kept_pages.get(device)
        if kept is None or kept.is_closed():
            kept = _kept_pages[device] = blank_page(returning_browsers, site_url, device)
            kept.goto(site_url + path)
            kept.wait_for_function(READY, timeout=60_000)
        return kept

    with kept_across_tests(returning_browsers, request, _kept_pages.values):
        yield open_page
