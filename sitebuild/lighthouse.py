"""`python build.py lighthouse`: Lighthouse's scores and metrics for the built site.

Runs the pinned Lighthouse (package.json's devDependencies, installed by `npm ci`) against
the site as `python build.py serve` serves it, in headless chromium (/usr/bin/chromium, or
CHROME_PATH), each run a fresh profile: a first visit. For each game's page (the default
game's at the site's address, every other one's at `?game=NAME`) it prints every run's
four category scores, FCP, LCP, TBT, CLS, Speed Index, the bytes transferred and the main
thread's long tasks, then the median of each over the runs, and the machine's load
average before and after (Lighthouse's default throttling is simulated from what it
observes, so a busy machine shows in TBT). With ``--lang`` the browser's language is
another than English, as a visitor's would be: the page then fetches that language's
first paint and catalogue, and each run says whether it did. Too slow for the test
suite: a run takes a minute or more.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from archipelago.i18n import ENGLISH
from archipelago.registry import DEFAULT_GAME, game_names

from . import assemble, serve
from .paths import CHROMIUM_ARGS, NODE_MODULES, BuildError, lighthouse_chrome

# Every game the registry finds: the platform names none of them.
PAGES = {name: "" if name == DEFAULT_GAME else f"?game={name}" for name in game_names()}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# (audit, column title, unit): numericValue of each audit.
METRICS = (
    ("first-contentful-paint", "FCP", "s"),
    ("largest-contentful-paint", "LCP", "s"),
    ("total-blocking-time", "TBT", "ms"),
    ("cumulative-layout-shift", "CLS", ""),
    ("speed-index", "SI", "s"),
    ("total-byte-weight", "bytes", "MB"),
)
LIGHTHOUSE = NODE_MODULES / "lighthouse" / "cli" / "index.js"


def run_lighthouse(url: str, preset: str, report: Path, lang: str = ENGLISH) -> dict[str, Any]:
    """One Lighthouse run of ``url`` in a browser whose language is ``lang``; returns its
    JSON report (also written to ``report``)."""
    if not LIGHTHOUSE.is_file():
        raise BuildError("Lighthouse is not installed: run `npm ci` (package.json pins it)")
    chrome = lighthouse_chrome()  # (there: provision.py looked before the build)
    # --accept-lang is what navigator.languages reports, which the page reads.
    flags = " ".join(["--headless=new", f"--lang={lang}", f"--accept-lang={lang}", *CHROMIUM_ARGS])
    command = [
        "node",
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={report}",
        f"--chrome-flags={flags}",
        "--only-categories=" + ",".join(CATEGORIES),
        "--quiet",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    for attempt in range(3):
        done = subprocess.run(
            command, env={**os.environ, "CHROME_PATH": chrome}, capture_output=True, text=True
        )
        # Now and then chromium's trace misses the navigation's start (NO_NAVSTART): a
        # fault of the recording, not of the page; up to two more tries, said so.
        if attempt < 2 and "NO_NAVSTART" in done.stderr + done.stdout:
            print("    (Lighthouse's trace missed the navigation's start: run again)", flush=True)
            continue
        break
    if done.returncode != 0 or not report.is_file():
        said = [line for line in done.stderr.splitlines() if line.strip()][-8:]
        raise BuildError("Lighthouse failed on " + url + ":\n" + "\n".join(said))
    result: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return result


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The scores, metrics and long tasks of one report, and the languages whose files
    (locale/<lang>.json and .mo) the page fetched."""
    audits = report["audits"]
    row: dict[str, Any] = {name: report["categories"][name]["score"] for name in CATEGORIES}
    for audit, title, _ in METRICS:
        row[title] = audits[audit].get("numericValue")
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    row["long tasks"] = [(task["url"], round(task["duration"])) for task in tasks]
    requests = audits.get("network-requests", {}).get("details", {}).get("items", [])
    fetched = (Path(urlsplit(request["url"]).path) for request in requests)
    row["languages"] = sorted({path.stem for path in fetched if path.parent.name == "locale"})
    row["failed"] = sorted(
        audit_id
        for name in CATEGORIES
        for ref in report["categories"][name]["auditRefs"]
        if ref["weight"] > 0
        for audit_id in [ref["id"]]
        if audits[audit_id].get("score") not in (None, 1)
        and audits[audit_id].get("scoreDisplayMode") in ("binary", "numeric")
        and name != "performance"
    )
    return row


def shown(title: str, unit: str, value: float | None) -> str:
    if value is None:
        return "-"
    if unit == "s":
        return f"{value / 1000:.1f} s"
    if unit == "ms":
        return f"{value:,.0f} ms"
    if unit == "MB":
        return f"{value / 1_000_000:.2f} MB"
    return f"{value:.3f}"


def print_row(label: str, row: dict[str, Any]) -> None:
    scores = " ".join(f"{row[name]:.2f}" for name in CATEGORIES)
    metrics = " ".join(f"{title} {shown(title, unit, row[title])}" for _, title, unit in METRICS)
    print(f"  {label:<7} {scores}  {metrics}", flush=True)


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def lighthouse(
    runs: int,
    preset: str,
    url: str | None = None,
    keep: Path | None = None,
    lang: str = ENGLISH,
) -> dict[str, list[dict[str, Any]]]:
    """Run Lighthouse ``runs`` times on each page, in a browser whose language is ``lang``,
    and print the figures; with no ``url``, build the site and serve it on a free loopback
    port. Returns {page: [figures]}."""
    server = None
    if url is None:
        server = serve.make_server(0, assemble.build())
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
    results: dict[str, list[dict[str, Any]]] = {}
    print(
        f"Lighthouse, {preset} preset, {runs} run(s) per page, the browser's language {lang};"
        f" load average {load()}"
    )
    print("  run     perf a11y b-p  seo")
    try:
        with tempfile.TemporaryDirectory() as scratch:
            folder = keep or Path(scratch)
            folder.mkdir(parents=True, exist_ok=True)
            for page, query in PAGES.items():
                print(f"{page} ({url}{query})", flush=True)
                rows = results[page] = []
                for run in range(1, runs + 1):
                    report = run_lighthouse(
                        url + query, preset, folder / f"{page}-{preset}-{lang}-{run}.json", lang
                    )
                    rows.append(figures(report))
                    print_row(f"run {run}", rows[-1])
                median = {
                    key: statistics.median(row[key] for row in rows)
                    for key in [*CATEGORIES, *(title for _, title, _ in METRICS)]
                }
                print_row("median", median)
                for number, row in enumerate(rows, 1):
                    tasks = ", ".join(f"{Path(u).name or u} {ms} ms" for u, ms in row["long tasks"])
                    print(f"    run {number} long tasks: {tasks or 'none'}")
                    if row["failed"]:
                        print(f"    run {number} failing audits: {', '.join(row['failed'])}")
                    if row["languages"] != ([] if lang == ENGLISH else [lang]):
                        fetched = ", ".join(row["languages"]) or "none"
                        print(f"    run {number} fetched the words of: {fetched} (not {lang})")
    finally:
        if server is not None:
            server.shutdown()
            server.server_close()
    print(f"load average after: {load()}")
    return results


if __name__ == "__main__":  # python -m sitebuild.lighthouse URL: a server already running
    lighthouse(int(sys.argv[2]) if len(sys.argv) > 2 else 1, "mobile", sys.argv[1])
