"""The start's overlap and the interpreter snapshot.

Everything the page preloads once it has painted is fetched once. A first visit starts
its Python the plain way and never asks for the interpreter snapshot (sitebuild/snapshot.py)
before it is playable; the service worker fetches it afterwards, and from then on the
page and the computer's worker start from it (static/start/pyodide_start.mjs), offline too,
and play correctly; a broken snapshot means a plain start.
"""

from __future__ import annotations

import pagekit
from conftest import wipe_stored

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
    assert pagekit.stones(page) == {cell: 2}
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


def test_a_first_visit_fetches_each_file_once_the_next_starts_from_the_snapshot_a_broken_one_plain(
    open_url, site_url
):
    """A first visit; the same browser's next visit, offline, from the snapshot (its
    computer's worker drops an earlier version's snapshot); then that snapshot broken, or
    another build's: plain starts. One first visit serves them all (a first visit costs
    several returning ones)."""
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
    ours = site_url + pagekit.snapshot_path()
    assert ours not in head + before_ready
    assert not page.evaluate(FROM_SNAPSHOT)
    # The service worker fetches the snapshot once the game is ready; the next visit,
    # offline, starts from it (from the service worker's cache).
    page.wait_for_function(COMPUTER_READY, timeout=120_000)
    with_snapshot_cached(page, site_url)
    # An earlier version's snapshot, put there once this visit's computer's worker has
    # started: only the next visit's can drop it, as it starts (on any visit).
    page.evaluate(EARLIER_VERSION_CACHE)
    context = page.context
    page.close()
    context.set_offline(True)
    again = _second_visit(context, site_url)
    assert again.evaluate(FROM_SNAPSHOT)
    # How much faster that start is, `python build.py bench` measures (docs/performance.md,
    # returning visits): a bound on the time here failed on a loaded machine (3.9 s).
    _plays_and_hints(again)  # (its computer's worker has started)
    names = again.evaluate("caches.keys()")
    assert not [name for name in names if name.startswith("python-snapshot-")], names

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


def test_every_start_from_the_snapshot_has_the_engine_imported_and_random_numbers_of_its_own(
    returning_page, site_url
):
    """A start on the page's thread and one in a worker (the page's Python may run in
    PyScript's, as the computer's does: the start needs no document, and finds the
    snapshot in Cache Storage from there). They start on a page of the site with no
    Python of its own (its rules), so theirs are the only starts."""
    page = with_snapshot_cached(returning_page("static/rules.html", wait_ready=False), site_url)
    start = site_url + "static/start/pyodide_start.mjs"
    on_page, in_worker = page.evaluate(
        """async (start) => {
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
          return [onPage, inWorker];
        }""",
        start,
    )
    assert on_page is not None  # started from the snapshot
    imported, page_draw = on_page
    # Every module of the engine but the command line (which a page never needs).
    assert imported == [True, True, True, True, False]
    *worker_start, worker_draw = in_worker
    assert worker_start == ["undefined", 1, True]  # the engine came imported, with the snapshot
    # Every start from the snapshot draws its own random numbers.
    assert page_draw != worker_draw
    # The start splits Pyodide's instantiation from the rest by wrapping this for a while.
    assert page.evaluate("WebAssembly.instantiateStreaming.toString()").endswith(
        "{ [native code] }"
    )
