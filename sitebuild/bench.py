"""`python build.py bench`: how fast the page starts, against a bare PyScript page.

Both pages run on the same runtime from the same loopback server, in headless chromium,
each load in a fresh browser context (cold: empty cache and storage) or as the second
visit of a context (cached: the browser's cache, and for our page its service worker,
installed with the interpreter snapshot in its cache before the second visit begins).
The bare page (BARE_PAGE) starts PyScript and only sets body[data-ready].

Printed, as medians over the rounds: the time to the board drawn (the first frame with
our board on screen; the bare page has none, so its ready time) and to playable
(body[data-ready]), the longest main-thread task from navigation to playable, the total
layout shift, when the computer's worker is ready after playable, the first hint's time
against a later one's on the same position, how each start began (from the interpreter
snapshot or the plain way), the bytes our page's visits took (counted by the server, as
sent: headers and bodies, compressed, the service worker's and workers' requests
included), and last the ratios the start is judged by.
"""

from __future__ import annotations

import json
import statistics
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import assemble, serve
from .paths import CHROMIUM, CHROMIUM_ARGS, PLUGINS_OFF
from .throttle import SLOW_4G_BITS, SLOW_4G_DELAY, Throttle

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

# The page ours is timed against: PyScript on the same runtime, with the same plugins off,
# and nothing else. Served from memory at BARE_PATH beside the site.
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
<mpy-config>PLUGINS</mpy-config></head>
<body><script type="py" config='CONFIG'>
from pyscript import document
print("bare PyScript page is running")
document.body.dataset.ready = "1"
</script></body></html>
"""
BARE_PAGE = BARE_PAGE.replace(
    "CONFIG", json.dumps({"interpreter": "./pyodide/pyodide.mjs", "plugins": PLUGINS_OFF})
).replace("PLUGINS", json.dumps({"plugins": PLUGINS_OFF}))
BARE_PATH = "/__bench_bare__.html"

# Installed in every page before its own scripts: when the board is first drawn, when
# the page is ready, its longest task and its layout shift.
WATCH = """
(() => {
  const start = window.__start = {board: null, ready: null, longest: 0, shift: 0, python: 0};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (start.ready === null || entry.startTime < start.ready) {
        start.longest = Math.max(start.longest, entry.duration);
      }
    }
  }).observe({type: "longtask", buffered: true});
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) start.shift += entry.value;
  }).observe({type: "layout-shift", buffered: true});
  const frame = () => {
    const root = document.documentElement, body = document.body;
    const shown = root && (root.dataset.painted || (body && body.dataset.ready === "1"));
    if (start.board === null && shown && document.querySelector("#board svg")) {
      start.board = performance.now();
    }
    if (start.ready === null && body && body.dataset.ready === "1") {
      start.ready = performance.now();
      const mark = performance.getEntriesByName("archipelago-python")[0];
      start.python = mark ? start.ready - mark.startTime : 0;
      start.snapshot = performance.getEntriesByName("python-from-snapshot").length > 0;
    }
    if (start.board === null || start.ready === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""
# Asks for a hint and resolves with the milliseconds until it is shown.
HINT = """async () => {
  // From the press to the hint on the board: the thinking begins and ends (Python may run
  // in a worker, so both come a moment after the press; a minute without them fails).
  const body = document.body;
  const begun = performance.now();
  const answered = new Promise((done, failed) => {
    let thinking = false;
    const watch = new MutationObserver(() => {
      if (body.dataset.thinking) thinking = true;
      else if (thinking) { watch.disconnect(); done(); }
    });
    watch.observe(body, {attributes: true, attributeFilter: ["data-thinking"]});
    setTimeout(() => { watch.disconnect(); failed(new Error("no hint in a minute")); }, 60000);
  });
  document.getElementById("hint-button").click();
  await answered;
  if (!document.querySelector("#board .overlay").innerHTML) throw new Error("no hint shown");
  return performance.now() - begun;
}"""


def _load(
    context: BrowserContext, url: str, sent: Callable[[], int]
) -> tuple[Page, dict[str, Any]]:
    """Open ``url``; once it is ready, the page and its start figures (in ms, and
    "bytes": what the server sent until then)."""
    page = context.new_page()
    before = sent()
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__start && window.__start.ready", polling=20, timeout=180_000)
    figures_bytes = sent() - before
    page.wait_for_timeout(300)  # long-task entries arrive a little after their task
    figures: dict[str, Any] = page.evaluate("window.__start")
    figures["bytes"] = figures_bytes
    if figures["board"] is None:  # the bare page: no board, so its board is its start
        figures["board"] = figures["ready"]
    return page, figures


# Resolves once the service worker has installed (its cache holds every file of the
# site, the interpreter snapshot included) and controls the page.
INSTALLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
  return true;
}"""


# The phone of the throttled runs (the figures were taken on it).
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 3,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


def _visits(
    browser: Browser,
    url: str,
    sent: Callable[[], int],
    hints: bool = False,
    installed: bool = False,
    device: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A cold visit and a cached second visit of ``url`` in one fresh context, and with
    ``hints`` (our page) the worker's and the hints' times of the cold visit and the
    bytes sent after it was playable until the service worker had installed (which
    ``installed`` alone waits for, without the hints)."""
    context = browser.new_context(**(device or DESKTOP))
    try:
        context.add_init_script(WATCH)
        before = sent()
        page, cold = _load(context, url, sent)
        computer: dict[str, Any] = {}
        if installed and not hints:
            page.evaluate(INSTALLED)
            computer["background"] = sent() - before - cold["bytes"]
        if hints:
            page.wait_for_function(
                "document.body.dataset.computer === 'ready'", polling=20, timeout=180_000
            )
            computer["worker"] = page.evaluate("performance.now()") - cold["ready"]
            times = []
            for _ in range(4):  # the same position each time: the same search
                times.append(page.evaluate(HINT))
            computer["first"], computer["later"] = times[0], statistics.median(times[1:])
            page.evaluate(INSTALLED)
            computer["background"] = sent() - before - cold["bytes"]
        page.close()
        page, cached = _load(context, url, sent)
        if hints:  # the worker again, its files now from the service worker's cache
            page.wait_for_function(
                "document.body.dataset.computer === 'ready'", polling=20, timeout=180_000
            )
            computer["worker2"] = page.evaluate("performance.now()") - cached["ready"]
        return cold, cached, computer
    finally:
        context.close()


def bench(rounds: int, throttled: bool = False, isolated: bool = True) -> None:
    """Time both pages; ``isolated`` False serves them as a host that sends no headers
    of its own (no cross-origin isolation: Python starts on the page's thread until the
    service worker adds the headers)."""
    site = assemble.build()
    from playwright.sync_api import sync_playwright

    server = serve.make_server(0, site, {BARE_PATH: BARE_PAGE.encode()})
    server.isolated = isolated
    print(
        "host: " + ("with the isolation headers" if isolated else "without headers (a plain host)")
    )
    if throttled:
        server.throttle = Throttle()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    runs: dict[str, list[dict[str, Any]]] = {
        key: [] for key in ("ours", "ours2", "bare", "bare2", "ai")
    }
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def sent() -> int:
                return server.sent

            if not throttled:
                _visits(browser, base + BARE_PATH, sent)  # warm the OS file cache only
            for _ in range(rounds):  # ours and the bare page in turn: alike in the machine's load
                for key, url, hints in (
                    ("ours", "/index.html", not throttled),
                    ("bare", BARE_PATH, False),
                ):
                    device = PHONE if throttled else DESKTOP
                    ours = key == "ours"
                    cold, cached, computer = _visits(
                        browser, base + url, sent, hints, installed=ours, device=device
                    )
                    runs[key].append(cold)
                    runs[key + "2"].append(cached)
                    if ours:
                        runs["ai"].append(computer)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if throttled:
        report_throttled(runs, rounds)
    else:
        report(runs, rounds, assemble.dist_size(site))


def report_throttled(runs: dict[str, list[dict[str, Any]]], rounds: int) -> None:
    """The throttled runs against the issue's targets: bytes until playable, the first
    and the returning visit's time against the bare page's, the returning visit's longest
    task."""

    def median(key: str, field: str) -> float:
        return float(statistics.median(run[field] for run in runs[key]))

    print(
        f"throttled: {SLOW_4G_BITS / 1e6:.1f} Mbit/s down shared by every connection,"
        f" {SLOW_4G_DELAY * 1000:.0f} ms per request; a 390x844 touch phone;"
        f" {rounds} rounds, ours and bare in turn; medians"
    )
    print(
        f"{'':24}{'board drawn':>12}{'playable':>10}{'MB until playable':>19}{'longest task':>14}"
    )
    for key, label in (
        ("ours", "ours, first visit"),
        ("bare", "bare, first visit"),
        ("ours2", "ours, returning"),
        ("bare2", "bare, returning"),
    ):
        print(
            f"{label:24}{median(key, 'board') / 1000:11.2f}s{median(key, 'ready') / 1000:9.2f}s"
            f"{median(key, 'bytes') / 1e6:19.2f}{median(key, 'longest'):14.0f}"
        )
    print("playable in s, each (ours first / bare first / ours returning / bare returning):")
    for key in ("ours", "bare", "ours2", "bare2"):
        print("  " + " ".join(f"{run['ready'] / 1000:.1f}" for run in runs[key]))
    used = sum(1 for run in runs["ours2"] if run.get("snapshot"))
    print(f"ours, returning visits started from the snapshot: {used} of {rounds}")
    background = median("ai", "background") / 1e6
    print(f"ours, then until the service worker is installed: {background:.2f} MB")
    first = median("ours", "ready") / median("bare", "ready")
    returning = median("ours2", "ready") / median("bare2", "ready")
    longest = max(run["longest"] for run in runs["ours2"])
    print("against the targets:")
    print(f"  MB sent until playable, first visit: {median('ours', 'bytes') / 1e6:.2f} (<= 4.3)")
    print(f"  playable, first visit / bare:        {first:.2f} (<= 0.8)")
    print(f"  playable, returning / bare:          {returning:.2f} (<= 0.6)")
    print(f"  longest task of a returning visit:   {longest:.0f} ms (<= 200)")


def report(runs: dict[str, list[dict[str, Any]]], rounds: int, size: int) -> None:
    def median(key: str, field: str) -> float:
        return float(statistics.median(run[field] for run in runs[key]))

    print(f"rounds: {rounds}; medians in ms, each visit in a fresh browser context")
    print(f"{'':22}{'board drawn':>12}{'playable':>10}{'longest task':>14}{'layout shift':>14}")
    for key, label in (
        ("ours", "ours, cold"),
        ("bare", "bare, cold"),
        ("ours2", "ours, cached"),
        ("bare2", "bare, cached"),
    ):
        print(
            f"{label:22}{median(key, 'board'):12.0f}{median(key, 'ready'):10.0f}"
            f"{median(key, 'longest'):14.0f}{median(key, 'shift'):14.3f}"
        )
    print("playable, each (ours cold / bare cold / ours cached / bare cached):")
    for key in ("ours", "bare", "ours2", "bare2"):
        print("  " + " ".join(f"{run['ready']:.0f}" for run in runs[key]))
    print("ours, longest task of each start (cold / cached):")
    for key in ("ours", "ours2"):
        print("  " + " ".join(f"{run['longest']:.0f}" for run in runs[key]))
    used = [sum(1 for run in runs[key] if run.get("snapshot")) for key in ("ours", "ours2")]
    print(
        f"ours, how each start began: cold {used[0]} of {rounds} from the snapshot"
        f" ({rounds - used[0]} plain), cached {used[1]} of {rounds} from the snapshot"
        f" ({rounds - used[1]} plain)"
    )
    megabytes = {
        "first visit until playable": median("ours", "bytes"),
        "then, until the service worker is installed": median("ai", "background"),
        "second visit until playable": median("ours2", "bytes"),
    }
    print("ours, bytes sent by the server (headers and bodies as sent, medians):")
    for label, sent in megabytes.items():
        print(f"  {label + ':':45}{sent / 1_000_000:8.3f} MB")
    python = median("ours", "python"), median("ours2", "python")
    print(
        f"ours, from the runtime handing over to playable: {python[0]:.0f} ms cold,"
        f" {python[1]:.0f} ms cached"
    )
    longest = max(run["longest"] for key in ("ours", "ours2") for run in runs[key])
    print(f"longest main-thread task of our page during any start: {longest:.0f} ms")
    print(
        f"computer's worker ready after playable: {median('ai', 'worker'):.0f} ms cold,"
        f" {median('ai', 'worker2'):.0f} ms cached"
    )
    first, later = median("ai", "first"), median("ai", "later")
    print(f"first hint: {first:.0f} ms, a later hint: {later:.0f} ms")
    print(f"dist size: {size / 1_000_000:.2f} MB (the interpreter snapshot included)")
    print("ratios (targets: board cached <= 0.3, playable <= 1.0, first hint <= 1.5):")
    bare_cold, bare_cached = median("bare", "ready"), median("bare2", "ready")
    print(f"  board drawn / bare ready, cold:   {median('ours', 'board') / bare_cold:.2f}")
    print(f"  board drawn / bare ready, cached: {median('ours2', 'board') / bare_cached:.2f}")
    print(f"  playable / bare ready, cold:      {median('ours', 'ready') / bare_cold:.2f}")
    print(f"  playable / bare ready, cached:    {median('ours2', 'ready') / bare_cached:.2f}")
    print(f"  first hint / later hint:          {first / later:.2f}")
