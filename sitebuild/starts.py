"""`python build.py starts`: many starts of the page in a row, each one checked playable.

The benchmark times a few starts; this counts how many of many succeed, in every way the
page can start: a first visit and a returning one (the service worker installed, the
interpreter snapshot in its cache), on a host that sends the isolation headers (Python in
PyScript's worker from the first visit) and on one that sends none (Python on the page's
thread until the service worker adds the headers). Each pair of starts (a first visit,
then a returning one) runs in a fresh browser context, the two hosts taking turns; a
start that is not playable within the time allowed is a failure, with what the page
showed. Loopback, unthrottled, the site as built.
"""

from __future__ import annotations

import contextlib
import statistics
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import assemble, serve
from .bench import DESKTOP, INSTALLED, WATCH
from .paths import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ALLOWED_MS = 120_000  # a start slower than this is counted as one that hung
HOSTS = ("isolated", "plain")  # the server's headers: ISOLATION_HEADERS, or none
VISITS = ("first", "returning")

# What a start reports once playable, or (when it never is) what the page shows.
STATE = """() => ({
  ready: document.body.dataset.ready === "1",
  python: document.documentElement.dataset.python || "",
  snapshot: performance.getEntriesByName("python-from-snapshot").length > 0,
  playable: window.__start ? window.__start.ready : null,
  note: (document.getElementById("loading-bytes") || {}).textContent || "",
})"""


@dataclass(frozen=True)
class Start:
    """One start: on which host, which visit, and what came of it."""

    host: str  # of HOSTS
    visit: str  # of VISITS
    playable: bool
    ms: float  # until playable (the time allowed when it never was)
    python: str  # where Python ran: "worker" or "page"
    snapshot: bool  # whether it started from the interpreter snapshot
    note: str = ""  # the loading line, for a start that was not playable


def _pair(browser: Browser, url: str, host: str) -> list[Start]:
    """A first visit, the service worker installed, then a returning visit."""
    from playwright.sync_api import TimeoutError as HungStart

    context = browser.new_context(**DESKTOP)
    context.add_init_script(WATCH)
    starts = []
    try:
        for visit in VISITS:
            page = context.new_page()
            page.goto(url, wait_until="commit")
            with contextlib.suppress(HungStart):  # told below, with what the page showed
                page.wait_for_function(
                    "window.__start && window.__start.ready", polling=50, timeout=ALLOWED_MS
                )
            state: dict[str, Any] = page.evaluate(STATE)
            playable = bool(state["ready"])
            starts.append(
                Start(
                    host,
                    visit,
                    playable,
                    float(state["playable"]) if playable else float(ALLOWED_MS),
                    str(state["python"]),
                    bool(state["snapshot"]),
                    "" if playable else str(state["note"]),
                )
            )
            if not playable:
                break  # a returning visit needs a first one that finished
            if visit == "first":
                page.evaluate(INSTALLED)
            page.close()
    finally:
        context.close()
    return starts


def run_starts(count: int) -> list[Start]:
    """``count`` starts (rounded up to whole pairs), the hosts taking turns."""
    site = assemble.build()
    from playwright.sync_api import sync_playwright

    servers = {}
    for host in HOSTS:
        server = serve.make_server(0, site)
        server.isolated = host == "isolated"
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers[host] = server
    starts: list[Start] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pair = 0
            while len(starts) < count:
                host = HOSTS[pair % len(HOSTS)]
                url = f"http://127.0.0.1:{servers[host].server_address[1]}/index.html"
                for start in _pair(browser, url, host):
                    starts.append(start)
                    said = f"{start.ms / 1000:.1f} s" if start.playable else "not playable"
                    print(f"{len(starts):4} {host:9}{start.visit:10}{start.python:7}{said}")
                pair += 1
            browser.close()
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    return starts


def report(starts: list[Start]) -> bool:
    """Print the starts by kind; True when every one was playable."""
    print(f"{len(starts)} starts, loopback, unthrottled, a fresh context for each pair")
    print(
        f"{'host':10}{'visit':11}{'starts':>7}{'playable':>9}{'median':>9}{'slowest':>9}"
        "  Python in      from the snapshot"
    )
    for host in HOSTS:
        for visit in VISITS:
            kind = [start for start in starts if start.host == host and start.visit == visit]
            if not kind:
                continue
            good = [start for start in kind if start.playable]
            times = [start.ms / 1000 for start in good] or [0.0]
            places = sorted({start.python or "?" for start in kind})
            snapshots = sum(start.snapshot for start in kind)
            print(
                f"{host:10}{visit:11}{len(kind):7}{len(good):9}"
                f"{statistics.median(times):8.1f}s{max(times):8.1f}s"
                f"  {'/'.join(places):14} {snapshots} of {len(kind)}"
            )
    failed = [start for start in starts if not start.playable]
    for start in failed:
        print(
            f"not playable in {ALLOWED_MS / 1000:.0f} s: {start.host}, {start.visit} visit;"
            f" the page said {start.note!r}"
        )
    print(f"playable: {len(starts) - len(failed)} of {len(starts)}")
    return not failed
