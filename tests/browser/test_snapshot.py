"""The start's overlap and the interpreter snapshot.

Everything the page's head preloads is fetched once; the computer's worker stores a
memory snapshot of a freshly started interpreter, and the next visit starts the page's
Python from it (static/pyodide_start.mjs) and plays correctly; a broken snapshot means a
plain start, and it is dropped.
"""

from __future__ import annotations

import pagekit

import build
from build_bench import SNAPSHOT_KEPT  # the worker has stored its snapshot

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


def test_every_preloaded_file_is_fetched_once(open_url, site_url):
    page = open_url(site_url, wait_ready=False, viewport={"width": 1280, "height": 900})
    fetched: list[str] = []
    page.context.on("request", lambda request: fetched.append(request.url))
    page.goto(site_url)
    page.wait_for_function(READY, timeout=60_000)
    before_ready = list(fetched)  # the worker starts after this, with its own copy
    head = page.evaluate(
        "[...document.querySelectorAll('link[rel=preload], link[rel=modulepreload]')]"
        ".map((link) => link.href)"
    )
    assert site_url + "pyodide/pyodide.asm.wasm" in head
    assert site_url + "static/pyodide_start.mjs" in head
    assert site_url + "archipelago.zip" in head
    for url in head:
        assert before_ready.count(url) == 1, (url, before_ready.count(url))
    # Each of the runtime's big files, fetched once before the page is playable.
    for name in build.PYODIDE_FILES:
        assert before_ready.count(site_url + "pyodide/" + name) == 1, name


def _second_visit(context, url):
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)
    return page


def test_the_next_visit_starts_from_the_workers_snapshot_and_plays_offline(open_url, site_url):
    page = open_url(site_url, viewport={"width": 1280, "height": 900})
    assert not page.evaluate(FROM_SNAPSHOT)  # nothing stored yet: a plain start
    page.wait_for_function("document.body.dataset.computer === 'ready'", timeout=120_000)
    page.wait_for_function(SNAPSHOT_KEPT, polling=200, timeout=120_000)
    page.evaluate(CONTROLLED)
    context = page.context
    page.close()

    context.set_offline(True)  # the snapshot works from the service worker's cache too
    again = _second_visit(context, site_url)
    assert again.evaluate(FROM_SNAPSHOT)
    # The game is the same game: stones play, the history counts them, and the
    # computer answers a hint.
    pagekit.pick(again, 2)
    pagekit.click_cell(again, "d4")
    assert pagekit.stones(again) == {"d4": 2}
    again.wait_for_function("document.body.dataset.computer === 'ready'", timeout=120_000)
    again.click("#hint-button")
    again.wait_for_function(
        "!document.body.dataset.thinking && document.querySelector('#board .overlay').innerHTML",
        timeout=60_000,
    )
    assert again.locator("#board .overlay *").count() > 0


def test_a_broken_snapshot_means_a_plain_start_and_is_dropped(open_url, site_url):
    page = open_url(site_url, viewport={"width": 1280, "height": 900}, service_workers="block")
    page.evaluate(
        """async () => {
          const cache = await caches.open("python-snapshot-" + (await import(
            "./pyodide/pyodide.mjs")).version);
          await cache.put(new URL("./static/python.snapshot", location.href).href,
                          new Response(new Uint8Array(4096)));
        }"""
    )
    context = page.context
    page.close()
    again = _second_visit(context, site_url)
    assert not again.evaluate(FROM_SNAPSHOT)
    # Dropped: gone, or already replaced by the worker's new one.
    sizes = again.evaluate(
        """async () => {
          const sizes = [];
          for (const name of await caches.keys()) {
            if (!name.startsWith("python-snapshot-")) continue;
            const cache = await caches.open(name);
            for (const key of await cache.keys()) {
              sizes.push((await (await cache.match(key)).arrayBuffer()).byteLength);
            }
          }
          return sizes;
        }"""
    )
    assert 4096 not in sizes
    pagekit.click_cell(again, "c3")
    assert pagekit.stones(again) == {"c3": 1}
