"""The start's overlap and the interpreter snapshot.

Everything the page preloads once it has painted is fetched once. A first visit starts
its Python the plain way and never asks for the interpreter snapshot (sitebuild/snapshot.py)
before it is playable; the service worker fetches it afterwards, and from then on the
page and the computer's worker start from it (static/start/pyodide_start.mjs), offline too,
and play correctly; a broken snapshot means a plain start.
"""

from __future__ import annotations

import pagekit
import pytest
from conftest import PageProblems, SharedLog, open_context, wipe_stored

from sitebuild import paths

# Resolves once the service worker controls the page (every file is then in its cache).
CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
}"""
FROM_SNAPSHOT = "performance.getEntriesByName('python-from-snapshot').length > 0"
READY = "document.body.dataset.ready === '1'"
# Resolves once the snapshot is in the site's Cache Storage, where the start looks for it.
SNAPSHOT_CACHED = """async (url) => {
  while (!(await caches.match(url))) await new Promise((wait) => setTimeout(wait, 100));
}"""


def with_snapshot_cached(page, site_url: str):
    """``page`` once the service worker controls it and has the snapshot in its cache."""
    page.evaluate(CONTROLLED)
    page.evaluate(SNAPSHOT_CACHED, site_url + pagekit.snapshot_path())
    return page


COMPUTER_READY = "document.body.dataset.computer === 'ready'"
HINT_SHOWN = (
    "!document.body.dataset.thinking && document.querySelector('#board .overlay').innerHTML"
)


def _second_visit(context, url):
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)
    return page


def _plays_and_hints(page, cell="d4"):
    """The game is the same game: a stone plays, and the computer answers a hint."""
    pagekit.pick(page, 2)
    pagekit.click_cell(page, cell)
    # The first turn of the game kept from the last visit, and the player's. (Not "the
    # only stone": a computer whose worker is ready by then answers it at once.)
    assert pagekit.stones(page)[cell] == 2
    assert pagekit.stored_game(page)["turns"][0] == f"2{cell}"
    page.wait_for_function(COMPUTER_READY, timeout=120_000)
    page.click("#hint-button")
    page.wait_for_function(HINT_SHOWN, timeout=60_000)
    assert page.locator("#board .overlay *").count() > 0


# An earlier version of the site kept a snapshot of its own in Cache Storage.
EARLIER_VERSION_CACHE = """async () => {
  const cache = await caches.open("python-snapshot-314.0.7");
  await cache.put(new URL("./python.snapshot", location.href).href,
                  new Response(new Uint8Array(4096)));
}"""
# Puts bytes in Cache Storage under a URL of the site, as the service worker would, once
# every copy of this build's snapshot (``ours``: the service worker's too) and what an
# earlier call put there are gone: that is then the only snapshot there is.
PUT_IN_CACHE = """async ([ours, url, bytes]) => {
  for (const name of await caches.keys()) await (await caches.open(name)).delete(ours);
  await caches.delete("snapshot-test");
  await (await caches.open("snapshot-test")).put(url, new Response(bytes));
}"""
# Starts an interpreter as the page does (static/start/pyodide_start.mjs); whether it
# started from a snapshot.
START_IN_PAGE = """async (start) => {
  performance.clearMarks("python-from-snapshot");
  await (await import(start)).loadPyodide({});
  return performance.getEntriesByName("python-from-snapshot").length > 0;
}"""


def _cache_only(page, ours: str, url: str, fetched_from: str | None = None) -> None:
    """Cache Storage holds no snapshot but at ``url``: 4096 zero bytes, or the bytes
    fetched from ``fetched_from``."""
    bytes_ = (
        f"new Uint8Array(await (await fetch({fetched_from!r})).arrayBuffer())"
        if fetched_from
        else "new Uint8Array(4096)"
    )
    page.evaluate(f"async () => ({PUT_IN_CACHE})([{ours!r}, {url!r}, {bytes_}])")


class FirstVisit:
    """A first visit to the site, in a browser of its own: what it fetched before it was
    playable, what its page preloads, and whether its Python started from the snapshot.
    Its tests share it and then the same browser's next visit (a first visit costs several
    returning ones); each test's problems are its own (``log.current``)."""

    def __init__(self, browser, site_url: str):
        self.log = SharedLog()
        self.context, _ = open_context(browser, self.log, viewport={"width": 1280, "height": 900})
        page = self.page = self.context.new_page()
        page.set_default_timeout(20_000)
        # A blank page first: the site's own start fetches after its first paint, so a
        # first load of it would still be fetching when the one counted here begins.
        page.goto("about:blank")
        fetched: list[str] = []
        # Not the service worker's: once the page is playable it fetches the whole site
        # for offline play, which may begin before the test has read that it is.
        self.context.on(
            "request", lambda request: request.service_worker or fetched.append(request.url)
        )
        page.goto(site_url)
        # (A first visit: on a loaded machine it takes much longer than a later start.)
        page.wait_for_function(READY, timeout=120_000)
        self.before_ready = list(fetched)  # the worker starts after this, with its own copy
        self.head = page.evaluate(
            "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
            ".map((link) => link.href)"
        )
        self.python = page.evaluate("document.documentElement.dataset.python")
        self.from_snapshot = page.evaluate(FROM_SNAPSHOT)
        self.again = None

    def next_visit(self, site_url: str):
        """The same browser's next visit, offline, made once: the first visit's page
        closes once its service worker has the snapshot cached. An earlier version's
        snapshot is put in Cache Storage before it, once the first visit's computer's
        worker has started: only the next visit's can drop it, as it starts."""
        if self.again is None:
            self.page.wait_for_function(COMPUTER_READY, timeout=120_000)
            with_snapshot_cached(self.page, site_url)
            self.page.evaluate(EARLIER_VERSION_CACHE)
            self.page.close()
            self.context.set_offline(True)
            self.again = _second_visit(self.context, site_url)
        return self.again


@pytest.fixture(scope="module")
def _first_visit(browser, site_url):
    visit = FirstVisit(browser, site_url)
    try:
        visit.log.current.check()  # the visit itself went cleanly
        yield visit
    finally:
        visit.context.close()


@pytest.fixture
def first_visit(_first_visit):
    """The module's first visit (made by the first test that asks), with a problem log for
    this test alone."""
    problems = _first_visit.log.current = PageProblems()
    yield _first_visit
    problems.check()


def test_a_first_visit_fetches_each_preloaded_file_once(first_visit, site_url):
    head, before_ready = first_visit.head, first_visit.before_ready
    assert site_url + "pyscript/core.js" in head
    if first_visit.python == "page":
        assert site_url + "pyodide/pyodide.asm.wasm" in head
        assert site_url + "static/start/pyodide_start.mjs" in head
        assert site_url + "archipelago.zip" in head
    else:  # Python in a worker: a preload would serve the page, not the worker
        assert not [url for url in head if "/pyodide/" in url or url.endswith(".zip")]
    for url in head:
        assert before_ready.count(url) == 1, (url, before_ready.count(url))
    # Each of the runtime's big files, fetched once before the page is playable.
    for name in paths.PYODIDE_FILES:
        assert before_ready.count(site_url + "pyodide/" + name) == 1, name
    # The engine's zip too, which the runtime asks for early and PyScript then takes from
    # it (static/start/pyodide_start.mjs): one download, on the page's thread or in a worker.
    assert before_ready.count(site_url + "archipelago.zip") == 1, before_ready


def test_a_first_visit_starts_plainly_without_the_snapshot(first_visit, site_url):
    # The snapshot (4.8 MB compressed) is no part of a first visit: a plain start.
    ours = site_url + pagekit.snapshot_path()
    assert ours not in first_visit.head + first_visit.before_ready
    assert not first_visit.from_snapshot


def test_the_next_visit_offline_starts_from_the_snapshot_and_plays(first_visit, site_url):
    # The service worker fetches the snapshot once the game is ready; the next visit,
    # offline, starts from it (from the service worker's cache).
    again = first_visit.next_visit(site_url)
    assert again.evaluate(FROM_SNAPSHOT)
    # How much faster that start is, `python build.py bench` measures (docs/performance.md,
    # returning visits): a bound on the time here failed on a loaded machine (3.9 s).
    _plays_and_hints(again)  # (its computer's worker has started)


def test_the_snapshot_an_earlier_version_stored_is_deleted(first_visit, site_url):
    # The next visit's computer's worker drops the earlier version's cache as it starts.
    again = first_visit.next_visit(site_url)
    again.wait_for_function(COMPUTER_READY, timeout=120_000)  # the worker has started
    names = again.evaluate("caches.keys()")
    assert not [name for name in names if name.startswith("python-snapshot-")], names


def test_a_broken_snapshot_or_another_builds_means_a_plain_start(first_visit, site_url):
    """On the next visit's page (the module's last test of that visit: it goes online and
    replaces what Cache Storage holds)."""
    again = first_visit.next_visit(site_url)
    context = first_visit.context
    ours = site_url + pagekit.snapshot_path()
    # This build's snapshot, broken (not a snapshot, not gzip): a plain start that plays.
    context.set_offline(False)  # (the sound snapshot comes from the server below)
    _cache_only(again, ours, ours)
    wipe_stored(context, site_url)  # a game of two players, from the first move
    again.goto(site_url + "?players=2")  # (two players here: no computer's worker to start)
    again.wait_for_function(READY, timeout=60_000)
    assert not again.evaluate(FROM_SNAPSHOT)
    pagekit.click_cell(again, "c3")
    assert pagekit.stones(again) == {"c3": 1}
    # The start's choice again, without a page around it: a sound snapshot, but under
    # another build's name, is not taken either...
    start = site_url + "static/start/pyodide_start.mjs"
    _cache_only(again, ours, site_url + "pyodide/python-0123456789ab.snapshot.gz", ours)
    assert not again.evaluate(START_IN_PAGE, start)
    # ...while under this build's name it is.
    _cache_only(again, ours, ours, ours)
    assert again.evaluate(START_IN_PAGE, start)


# Two starts from the snapshot, one on the page's thread and one in a worker, and what
# each imported and drew; whether the start put back what it wraps for a while.
TWO_STARTS = """async (start) => {
  const imported = "import sys; [name in sys.modules for name in " +
    "('archipelago.search.mcts', 'archipelago.games.archipelago.ai.endgame'," +
    " 'archipelago.page.view.changes'," +
    " 'archipelago.games.stigmergy.state', 'archipelago.cli')]";
  const draw = "import random; random.random()";
  performance.clearMarks("python-from-snapshot");
  const pyodide = await (await import(start)).loadPyodide({});
  const onPage = performance.getEntriesByName("python-from-snapshot").length > 0
    ? [pyodide.runPython(imported).toJs(), pyodide.runPython(draw)] : null;
  const source = `import { loadPyodide } from "${start}";
    const pyodide = await loadPyodide({});
    const engine = "import sys; 'archipelago.page.view.changes' in sys.modules";
    postMessage([typeof document,
                 performance.getEntriesByName("python-from-snapshot").length,
                 pyodide.runPython(engine), pyodide.runPython(${JSON.stringify(draw)})]);`;
  const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
  const worker = new Worker(url, {type: "module"});
  const inWorker = await new Promise((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
  });
  worker.terminate();
  return {onPage, inWorker,
          instantiateStreaming: WebAssembly.instantiateStreaming.toString()};
}"""


@pytest.fixture(scope="module")
def starts_from_the_snapshot(returning_browsers, site_url):
    """A start on the page's thread and one in a worker (the page's Python may run in
    PyScript's, as the computer's does: the start needs no document, and finds the
    snapshot in Cache Storage from there), made once for the module's tests. They start
    on a page of the site with no Python of its own (its rules), in a returning player's
    browser, so theirs are the only starts."""
    problems = returning_browsers.log.current = PageProblems()
    context = returning_browsers.context("desktop")
    context.set_offline(False)
    wipe_stored(context, site_url)
    page = context.new_page()
    try:
        page.set_default_timeout(20_000)
        page.goto(site_url + "static/rules.html")
        with_snapshot_cached(page, site_url)
        starts = page.evaluate(TWO_STARTS, site_url + "static/start/pyodide_start.mjs")
    finally:
        page.close()
    problems.check()
    return starts


def test_a_start_from_the_snapshot_has_the_engine_imported_already(starts_from_the_snapshot):
    on_page = starts_from_the_snapshot["onPage"]
    assert on_page is not None  # started from the snapshot
    imported, _ = on_page
    # Every module of the engine but the command line (which a page never needs).
    assert imported == [True, True, True, True, False]


def test_a_start_in_a_worker_takes_the_cached_snapshot_too(starts_from_the_snapshot):
    *worker_start, _ = starts_from_the_snapshot["inWorker"]
    assert worker_start == ["undefined", 1, True]  # the engine came imported, with the snapshot


def test_every_start_from_the_snapshot_draws_its_own_random_numbers(starts_from_the_snapshot):
    on_page, in_worker = starts_from_the_snapshot["onPage"], starts_from_the_snapshot["inWorker"]
    assert on_page is not None  # started from the snapshot
    assert on_page[1] != in_worker[-1]
    # The start splits Pyodide's instantiation from the rest by wrapping this for a while.
    assert starts_from_the_snapshot["instantiateStreaming"].endswith("{ [native code] }")
