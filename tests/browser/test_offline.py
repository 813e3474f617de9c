"""Offline play, installation and any sub-path: the service worker and the manifest."""

from __future__ import annotations

import json
import shutil
import threading
import time
from pathlib import Path

import pagekit
import pytest
from conftest import PageProblems, SharedLog, open_context

from sitebuild import assemble, paths, serve

CACHED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
  return (await caches.keys()).filter((name) => name.startsWith("archipelago-"));
}"""


# Puts the file at a URL of the site in a cache that is no build's (its name does not
# start with "archipelago-").
CACHE_APART = """async (url) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  await (await caches.open("snapshot-test")).put(url, new Response(bytes));
}"""
LISTED = """caches.keys().then((names) => names.filter((n) => n.startsWith("archipelago-")))"""


def copy_of_dist(tmp_path, *parts):
    """A private copy of the built site (the shared dist/ stays untouched)."""
    target = tmp_path.joinpath(*parts) if parts else tmp_path / "site"
    shutil.copytree(paths.DIST, target)
    return target


def test_service_worker_lists_every_file_of_the_site(site_url):
    script = (paths.DIST / "sw.js").read_text(encoding="utf-8")
    assets = json.loads(script.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    files = {
        p.relative_to(paths.DIST).as_posix()
        for p in paths.DIST.rglob("*")
        if p.is_file() and not serve.is_copy(p)  # copies are sent for the plain file
    }
    # Each language's own files are listed apart: a visitor's worker caches theirs only.
    by_language = json.loads(script.split("const LANGUAGE_ASSETS = ", 1)[1].split(";\n", 1)[0])
    own = {name for names in by_language.values() for name in names}
    assert any(serve.is_copy(p) for p in paths.DIST.rglob("*"))
    # The puzzle sets are not precached: the page fetches and keeps them when Puzzles
    # opens (a first visit downloads none).
    puzzles = {name for name in files if name.startswith("puzzles/")}
    assert set(assets) | own == {"./"} | {f"./{name}" for name in files - {"sw.js"} - puzzles}
    assert not set(assets) & own
    assert "./locale/fr.mo" in by_language["fr"] and "./static/rules.fr.html" in by_language["fr"]
    assert "__VERSION__" not in script and "__ASSETS__" not in script


# The service worker registered only once the test has counted the visit's bytes: it
# registers as the page becomes playable, and its precache began now and then before the
# test had read that it was (a part of the snapshot then counted as the visit's).
HOLD_REGISTRATION = """(() => {
  const container = navigator.serviceWorker;
  if (!container) return;  // (a page without service workers: about:blank)
  const register = container.register.bind(container);
  container.register = (...args) => new Promise((resolve) => {
    window.__registerNow = () => resolve(register(...args));
  });
})()"""


class SubPathVisit:
    """A first visit to the site served from a sub-path, by a browser of its own with its
    HTTP cache on, and the bytes its server sent: for the visit itself, then for the
    service worker's precache. Its tests share its page (a first visit of their own cost
    one each); each test's problems are its own (``log.current``)."""

    def __init__(self, browser, root: Path):
        copy_of_dist(root, "games", "archipelago")
        # A server of its own, to count what is sent, and the browser's HTTP cache on (a
        # routed context has it off): the service worker's precache then revalidates what
        # the visit downloaded (304s) instead of downloading the site a second time, and
        # adds the snapshot and the files not needed.
        self.server = serve.make_server(0, root=root)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/games/archipelago/"
        self.log = SharedLog()
        self.context, _ = open_context(browser, self.log, http_cache=True)
        self.context.add_init_script(HOLD_REGISTRATION)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.page.goto(self.base)
        # (A first visit: on a loaded machine it takes much longer than a later start.)
        self.page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
        self.page.wait_for_function("typeof window.__registerNow === 'function'")
        self.visit = self.server.sent
        self.page.evaluate("window.__registerNow()")
        self.caches = self.page.evaluate(CACHED)
        self.precache = self.server.sent - self.visit

    def close(self) -> None:
        self.context.close()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def _sub_path_visit(browser, tmp_path_factory):
    visit = SubPathVisit(browser, tmp_path_factory.mktemp("sub-path"))
    try:
        visit.log.current.check()  # the visit itself went cleanly
        yield visit
    finally:
        visit.close()


@pytest.fixture
def sub_path_visit(_sub_path_visit):
    """The module's first visit from a sub-path (made by the first test that asks), with a
    problem log for this test alone."""
    problems = _sub_path_visit.log.current = PageProblems()
    yield _sub_path_visit
    problems.check()


def test_the_first_visits_service_worker_downloads_only_what_the_visit_did_not(sub_path_visit):
    """The service worker's precache is the snapshot and little more; the visit itself
    downloaded the runtime (bytes sent by the server in each)."""
    visit, precache = sub_path_visit.visit, sub_path_visit.precache
    assert len(sub_path_visit.caches) == 1
    [snapshot] = paths.DIST.glob("pyodide/python-*.snapshot.gz")
    snapshot_sent = Path(f"{snapshot}.br").stat().st_size
    wasm_sent = (paths.DIST / "pyodide" / "pyodide.asm.wasm.br").stat().st_size
    assert snapshot_sent < precache < snapshot_sent + wasm_sent / 4, (visit, precache)
    # The visit did download the runtime: its WebAssembly, the standard library and the
    # engine (the zips' brotli copies since they ship stored).
    runtime_sent = wasm_sent + sum(
        (paths.DIST / name).stat().st_size
        for name in ("pyodide/python_stdlib.zip.br", "archipelago.zip.br")
    )
    assert visit > runtime_sent


def test_the_page_can_be_installed_as_an_app(sub_path_visit):
    """The page, its service worker in control, meets every requirement of an app."""
    page = sub_path_visit.page
    page.evaluate(CACHED)  # (its service worker in control)
    manifest = json.loads((paths.DIST / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        assert (paths.DIST / icon["src"]).is_file()
    session = page.context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    session.detach()
    # Test contexts are incognito, where Chromium never offers installation; every other
    # requirement (manifest, icons, a worker that serves the page offline) must be met.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []


def test_the_page_loads_and_plays_from_a_sub_path_with_the_network_off_with_a_computer_too(
    sub_path_visit,
):
    """The site served from a sub-path, as a host may put it: the game, its offline support
    and its other pages work there (after the module's other tests of that visit: this
    one takes the page offline and away)."""
    page, base = sub_path_visit.page, sub_path_visit.base
    # The menu says, calmly, that the game works offline once loaded (issue 51).
    page.click("#main-menu > summary")
    assert "works offline" in page.inner_text("#main-menu .menu-note")
    page.click("#main-menu > summary")
    assert page.locator("#offline-note").is_hidden()
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    # Offline: a note says that the game still works, and it does.
    assert page.inner_text("#offline-note") == "Offline: the game still works here."
    assert page.locator("#offline-note").is_visible()
    pagekit.new_game(page, size=4, players=2)
    pagekit.pick(page, 2)
    pagekit.click_cell(page, "d4")
    assert pagekit.stones(page) == {"d4": 2}
    # The computer holds the first seat: its worker, runtime and engine all come from
    # the cache. (A test of its own cost another first visit.)
    page.goto(base + "?players=2&size=4&seats=c1,h")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    page.wait_for_function(
        "document.querySelectorAll('svg.board [data-at]').length === 1", timeout=60_000
    )
    [(cell, colour)] = pagekit.stones(page).items()
    assert colour in (1, 2)
    page.context.set_offline(False)  # back online: the note goes
    page.wait_for_selector("#offline-note", state="hidden")
    # Another page of the site, never opened online, is there too.
    page.goto(base + "static/rules.html")
    assert "Archipelago" in page.title()


def test_a_visitors_language_is_cached_and_plays_offline_and_a_new_build_replaces_it(
    serve_dir, open_url, tmp_path
):
    """Issue 37: the worker caches the files of the page's language (its catalogue, its
    first paint, its rules pages) and no other language's. Then a new build's worker
    replaces that cache (on the same visitor's pages: a first visit of its own cost
    another)."""
    site = copy_of_dist(tmp_path)
    base = serve_dir(site)
    # The interpreter snapshot in Cache Storage first, in a cache of the test's (not a
    # build's), put there from the rules page: the visit's start is then a returning
    # player's, a few times cheaper than a first visit's, which is no part of what is
    # checked here (what the service worker caches, which it installs only afterwards).
    page = open_url(base + "static/rules.html", wait_ready=False, locale="fr-FR")
    page.evaluate(CACHE_APART, base + pagekit.snapshot_path())
    page.goto(base)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    [first] = page.evaluate(CACHED)
    assert first.endswith("-fr")
    kept = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", first
    )
    assert any(url.endswith("/locale/fr.mo") for url in kept)
    assert not any("/locale/de." in url or "rules.de.html" in url for url in kept)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.get_attribute("#rules-link", "href") == "./static/rules.fr.html"
    page.goto(base + "static/rules.fr.html")
    assert page.evaluate("document.documentElement.lang") == "fr"

    # Back online, the rules page open: a new build. One file changes, so the worker and
    # its version change with it.
    page.context.set_offline(False)
    style = site / "static" / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n/* new build */\n")
    version = assemble.write_service_worker(site)
    latest = f"archipelago-{version}-fr"
    assert latest != first
    # The new worker fills its cache and takes over; the old build's cache stays while a
    # tab of that build is open (tests/browser/test_deploy.py says why).
    assert page.evaluate(pagekit.TAKEN_OVER)
    assert sorted(page.evaluate(LISTED)) == sorted([first, latest])
    page.context.set_offline(True)
    page.goto(base)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    css = page.evaluate("fetch('./static/style.css').then((r) => r.text())")
    assert css.endswith("/* new build */\n")
    # Back on the game, the tab is the new build's: nothing needs the old cache any more, and the
    # worker drops it when it next looks (on a request of the new build's, every 5 s).
    deadline = time.monotonic() + 30
    while page.evaluate(LISTED) != [latest]:
        assert time.monotonic() < deadline, page.evaluate(LISTED)
        page.evaluate("fetch('./manifest.webmanifest').then(() => true)")
        page.wait_for_timeout(500)
