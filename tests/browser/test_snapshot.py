"""The start's overlap and the interpreter snapshot.

Everything the page preloads once it has painted is fetched once. A first visit starts
its Python the plain way and never asks for the interpreter snapshot (sitebuild/snapshot.py)
before it is playable; the service worker fetches it afterwards, and from then on the
page and the computer's worker start from it (static/start/pyodide_start.mjs), offline too,
and play correctly; a broken snapshot means a plain start.
"""

from __future__ import annotations

import pagekit

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
SNAPSHOT_CACHED = """async (path) => {
  const url = new URL(path, location.href).href;
  while (!(await caches.match(url))) await new Promise((wait) => setTimeout(wait, 100));
}"""


def with_snapshot_cached(page):
    """``page`` once the service worker controls it and has the snapshot in its cache."""
    page.evaluate(CONTROLLED)
    page.evaluate(SNAPSHOT_CACHED, pagekit.snapshot_path())
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
    assert pagekit.stones(page) == {cell: 2}
    page.wait_for_function(COMPUTER_READY, timeout=120_000)
    page.click("#hint-button")
    page.wait_for_function(HINT_SHOWN, timeout=60_000)
    assert page.locator("#board .overlay *").count() > 0


def test_a_first_visit_fetches_each_preloaded_file_once_and_the_next_starts_from_the_snapshot(
    open_url, site_url
):
    """A first visit, and then the same browser's next visit, offline: one first visit
    serves both (a first visit costs several returning ones)."""
    # A blank page first: the site's own start fetches after its first paint, so a first
    # load of it would still be fetching when the one counted here begins.
    page = open_url("about:blank", wait_ready=False, viewport={"width": 1280, "height": 900})
    fetched: list[str] = []
    page.context.on("request", lambda request: fetched.append(request.url))
    page.goto(site_url)
    page.wait_for_function(READY, timeout=60_000)
    before_ready = list(fetched)  # the worker starts after this, with its own copy
    head = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
        ".map((link) => link.href)"
    )
    assert site_url + "pyscript/core.js" in head
    if page.evaluate("document.documentElement.dataset.python") == "page":
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
    # The snapshot (4.8 MB compressed) is no part of a first visit: a plain start.
    assert site_url + pagekit.snapshot_path() not in head + before_ready
    assert not page.evaluate(FROM_SNAPSHOT)
    # The service worker fetches the snapshot once the game is ready; the next visit,
    # offline, starts from it (from the service worker's cache).
    page.wait_for_function(COMPUTER_READY, timeout=120_000)
    with_snapshot_cached(page)
    context = page.context
    page.close()
    context.set_offline(True)
    again = _second_visit(context, site_url)
    assert again.evaluate(FROM_SNAPSHOT)
    # How much faster that start is, `python build.py bench` measures (docs/performance.md,
    # returning visits): a bound on the time here failed on a loaded machine (3.9 s).
    _plays_and_hints(again)


def test_every_start_from_the_snapshot_draws_its_own_random_numbers(returning_page):
    page = with_snapshot_cached(returning_page())
    draws = page.evaluate(
        """async () => {
          const start = await import("./static/start/pyodide_start.mjs");
          const draws = [];
          for (let i = 0; i < 2; i++) {
            performance.clearMarks("python-from-snapshot");
            const pyodide = await start.loadPyodide({});
            draws.push(pyodide.runPython("import random; random.random()"));
            if (!performance.getEntriesByName("python-from-snapshot").length) return null;
          }
          return draws;
        }"""
    )
    assert draws is not None  # both started from the snapshot
    assert draws[0] != draws[1]
    # The start splits Pyodide's instantiation from the rest by wrapping this for a while.
    assert page.evaluate("WebAssembly.instantiateStreaming.toString()").endswith(
        "{ [native code] }"
    )


# Puts bytes in Cache Storage under a URL of the site, as the service worker would.
PUT_IN_CACHE = """async ([url, bytes]) => {
  await caches.delete("archipelago-test");
  await (await caches.open("archipelago-test")).put(url, new Response(bytes));
}"""
# Starts an interpreter as the page does (static/start/pyodide_start.mjs); whether it
# started from a snapshot.
START_IN_PAGE = """async (start) => {
  performance.clearMarks("python-from-snapshot");
  await (await import(start)).loadPyodide({});
  return performance.getEntriesByName("python-from-snapshot").length > 0;
}"""


def _cache_only(page, url: str, fetched_from: str | None = None) -> None:
    """Cache Storage holds only ``url``: 4096 zero bytes, or the bytes fetched from
    ``fetched_from``."""
    bytes_ = (
        f"new Uint8Array(await (await fetch({fetched_from!r})).arrayBuffer())"
        if fetched_from
        else "new Uint8Array(4096)"
    )
    page.evaluate(f"async () => ({PUT_IN_CACHE})([{url!r}, {bytes_}])")


def test_a_broken_snapshot_or_another_builds_means_a_plain_start(open_url, site_url):
    # No service worker here, so what the test puts in Cache Storage is all there is. The
    # cache is filled from a page of the site with no Python (its rules), before any start.
    page = open_url(
        site_url + "static/rules.html",
        wait_ready=False,
        viewport={"width": 1280, "height": 900},
        service_workers="block",
    )
    ours = site_url + pagekit.snapshot_path()
    # This build's snapshot, broken (not a snapshot, not gzip): a plain start that plays.
    _cache_only(page, ours)
    page.goto(site_url + "?players=2")  # (two players here: no computer's worker to start)
    page.wait_for_function(READY, timeout=60_000)
    assert not page.evaluate(FROM_SNAPSHOT)
    pagekit.click_cell(page, "c3")
    assert pagekit.stones(page) == {"c3": 1}
    # The start's choice again, without a page around it: a sound snapshot, but under
    # another build's name, is not taken either...
    start = site_url + "static/start/pyodide_start.mjs"
    _cache_only(page, site_url + "pyodide/python-0123456789ab.snapshot.gz", ours)
    assert not page.evaluate(START_IN_PAGE, start)
    # ...while under this build's name it is.
    _cache_only(page, ours, ours)
    assert page.evaluate(START_IN_PAGE, start)


def test_a_start_from_the_snapshot_has_the_engine_imported_already(returning_page):
    page = with_snapshot_cached(returning_page())
    imported = page.evaluate(
        """async () => {
          const start = await import("./static/start/pyodide_start.mjs");
          performance.clearMarks("python-from-snapshot");
          const pyodide = await start.loadPyodide({});
          if (!performance.getEntriesByName("python-from-snapshot").length) return null;
          return pyodide.runPython(
            "import sys; [name in sys.modules for name in " +
            "('archipelago.search.mcts', 'archipelago.games.archipelago.ai.endgame'," +
            " 'archipelago.page.view.changes'," +
            " 'archipelago.games.stigmergy.state', 'archipelago.cli')]"
          ).toJs();
        }"""
    )
    # Every module of the engine but the command line (which a page never needs).
    assert imported == [True, True, True, True, False]


def test_the_snapshot_an_earlier_version_stored_is_deleted(returning_page):
    # A returning player's browser (no first visit needed): the computer's worker drops
    # the earlier version's cache as it starts, on any visit. The cache is put there from
    # a page of the site with no Python (its rules).
    page = returning_page("static/rules.html", wait_ready=False)
    page.evaluate(
        """async () => {
          const cache = await caches.open("python-snapshot-314.0.7");
          await cache.put(new URL("./python.snapshot", location.href).href,  // (static/)
                          new Response(new Uint8Array(4096)));
        }"""
    )
    again = returning_page()
    again.wait_for_function(COMPUTER_READY, timeout=120_000)  # the worker has started
    names = again.evaluate("caches.keys()")
    assert not [name for name in names if name.startswith("python-snapshot-")], names


def test_a_start_in_a_worker_takes_the_cached_snapshot_too(returning_page):
    # The page's Python may run in a worker (PyScript's), as the computer's does: the
    # start needs no document, and finds the snapshot in Cache Storage from there.
    page = with_snapshot_cached(returning_page())
    result = page.evaluate(
        """async () => {
          const start = new URL("./static/start/pyodide_start.mjs", location.href).href;
          const source = `import { loadPyodide } from "${start}";
            const pyodide = await loadPyodide({});
            const engine = "import sys; 'archipelago.page.view.changes' in sys.modules";
            postMessage([typeof document,
                         performance.getEntriesByName("python-from-snapshot").length,
                         pyodide.runPython(engine)]);`;
          const url = URL.createObjectURL(new Blob([source], {type: "text/javascript"}));
          const worker = new Worker(url, {type: "module"});
          return await new Promise((resolve, reject) => {
            worker.onmessage = (event) => resolve(event.data);
            worker.onerror = (event) => reject(new Error(event.message));
          });
        }"""
    )
    assert result == ["undefined", 1, True]  # the engine came imported, with the snapshot
