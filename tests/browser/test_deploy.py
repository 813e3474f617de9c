"""A new build deployed while a game is open: the open tab keeps working, a reload opens
the new build with the game kept.

The previous build is a real one: the site as it stood before the web side's files moved
(static/ grouped by where code runs, the engine's page modules in folders), built from
that commit of this repository. Its open tab asks for files the new build no longer has
at those paths, or has with other contents (the engine's archive), and the service worker
must answer from the previous build's cache. That build is made once and kept in the
build cache (node_modules/.cache); a clone without that commit (a shallow one) skips the
test, saying so.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import pagekit
import pytest

from sitebuild import paths
from sitebuild.bench import INSTALLED

# The last commit whose site still had the old layout (static/ai_worker.js beside the
# page's Python, static/rules.html, the engine's archive without the page's folders).
PREVIOUS = "ffc8e14e33e9d9031f1a12e2147a31430d96c82b"
# The name of the PREVIOUS commit's site in the build cache begins so.
KEPT = "previous-site-"
OLD_WORKER = "./static/ai_worker.js"
OLD_RULES = "./static/rules.html"
# Files whose sources the move left alone: Stigmergy's rules page, the runtime's
# interpreter, the app manifest. (Archipelago's rules page changed with its sources: its
# merge picture draws the ghost stone it had lost, tests/games/archipelago/test_pictures.py;
# the standard library ships trimmed and stored since, sitebuild/stdlib.py.)
UNCHANGED = (
    "static/stigmergy-rules.html",
    "pyodide/pyodide.asm.wasm",
    "manifest.webmanifest",
)


LISTED = """caches.keys().then((names) => names.filter((n) => n.startsWith("archipelago-")))"""

# A computer's worker started now, from the open tab, at the address its build knows.
START_WORKER = """(address) => new Promise((resolve) => {
  const worker = new Worker(address, {type: "module"});
  worker.onmessage = (event) => {
    worker.terminate();
    resolve(event.data.type === "ready" ? "ready" : JSON.stringify(event.data));
  };
  worker.onerror = (event) => { event.preventDefault(); resolve("error: " + event.message); };
})"""


# The PREVIOUS commit's build.py, run with its brotli copies made at quality 4, not 11: the
# test serves that site and never weighs it, and quality 11 on its interpreter snapshot
# alone took ~50 CPU-seconds of a fresh clone's run (the files themselves are the same).
CHEAP_BROTLI_BUILD = """
import runpy, sys, build_serve
slow = "BROTLI_PARAM_QUALITY]: 11"
assert slow in build_serve.BROTLI_SCRIPT, "the previous build compresses otherwise now"
build_serve.BROTLI_SCRIPT = build_serve.BROTLI_SCRIPT.replace(slow, "BROTLI_PARAM_QUALITY]: 4")
sys.argv = ["build.py"]
runpy.run_path("build.py", run_name="__main__")
"""


def previous_build(folder):
    """dist/ of the PREVIOUS commit, built once in ``folder`` and then kept in the build
    cache, keyed by the commit and this checkout's npm runtime (the one it is built with);
    skipped, saying why, where the commit is not in this clone (a shallow one)."""
    lock = (paths.ROOT / "package-lock.json").read_bytes()
    kept = paths.BUILD_CACHE / f"{KEPT}{PREVIOUS[:12]}-{hashlib.sha256(lock).hexdigest()[:12]}"
    if kept.is_dir():
        return kept
    found = subprocess.run(
        ["git", "-C", str(paths.ROOT), "cat-file", "-e", PREVIOUS + "^{commit}"],
        capture_output=True,
        check=False,
    )
    if found.returncode != 0:
        pytest.skip(
            f"this test deploys over a build of commit {PREVIOUS[:8]}, which this clone does "
            "not hold (a shallow one?): clone the whole history to run it"
        )
    dist = build_commit(folder / "previous")
    # Copied whole beside the cache, then renamed into place in one step: a run stopped
    # half-way leaves no half site where the next run looks.
    paths.BUILD_CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{kept.name}-", dir=paths.BUILD_CACHE))
    shutil.copytree(dist, staging / "dist")
    with contextlib.suppress(OSError):  # (another run kept the same build first)
        (staging / "dist").rename(kept)
    shutil.rmtree(staging)
    return kept


def kept_sites(folder, names):
    """copytree's ignore: the kept previous sites of the build cache (and any half-copied
    one), which the previous build never reads."""
    if Path(folder) != paths.BUILD_CACHE:
        return []
    return [name for name in names if name.lstrip(".").startswith(KEPT)]


def build_commit(target):
    """dist/ of the PREVIOUS commit, built in ``target`` with this checkout's npm runtime."""
    archive = subprocess.run(
        ["git", "-C", str(paths.ROOT), "archive", PREVIOUS],
        capture_output=True,
        check=True,
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(target, filter="data")
    # This checkout's npm runtime, with a build cache of its own (a copy): the previous
    # build's snapshot must not take the place of the one this checkout's builds reuse
    # (tests/site/test_reproducible_build.py compares two of them).
    modules = target / "node_modules"
    modules.mkdir()
    for entry in paths.NODE_MODULES.iterdir():
        if entry.name != ".cache":
            os.symlink(entry, modules / entry.name)
    if (paths.NODE_MODULES / ".cache").is_dir():
        shutil.copytree(
            paths.NODE_MODULES / ".cache", modules / ".cache", symlinks=True, ignore=kept_sites
        )
    subprocess.run(
        [sys.executable, "-c", CHEAP_BROTLI_BUILD],
        cwd=target,
        check=True,
        capture_output=True,
        timeout=600,
    )
    return target / "dist"


@pytest.fixture(scope="module")
def previous_dist(built_site, tmp_path_factory):
    """dist/ of the PREVIOUS commit: kept from an earlier run, or built now (one to two
    minutes the first time, mostly one node process making that build's snapshot, while
    the suite's other processes go on with their tests)."""
    # (After the run's build, whose build cache it copies.)
    return previous_build(tmp_path_factory.mktemp("previous-build"))


def marked(path, mark):
    """The value written after ``mark`` (up to the next quote) in a built file."""
    return path.read_text(encoding="utf-8").split(mark, 1)[1].split('"', 1)[0]


def deploy(dist, site):
    """Put ``dist`` where ``site`` is served, as a static host's upload replaces a site:
    every file new, dated now (the session's build is older than the previous one here)."""
    for entry in site.iterdir():
        shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    shutil.copytree(dist, site, dirs_exist_ok=True, copy_function=shutil.copy)


def test_a_tab_of_the_previous_build_survives_a_deploy_that_moves_files(
    serve_dir, open_url, built_site, previous_dist, tmp_path
):
    old_dist = previous_dist
    # What the move did not change is built byte for byte as before.
    for unchanged in UNCHANGED:
        assert (old_dist / unchanged).read_bytes() == (built_site / unchanged).read_bytes()
    site = tmp_path / "site"
    shutil.copytree(old_dist, site)
    base = serve_dir(site)
    page = open_url(base)
    page.evaluate(INSTALLED)
    # The tab's own computer started before the deploy (it starts once the page is idle).
    page.wait_for_function("document.body.dataset.computer === 'ready'", timeout=120_000)
    pagekit.new_game(page, size=4, players=2)
    pagekit.click_cell(page, "d4")
    played = pagekit.stones(page)
    old_version = page.evaluate("document.documentElement.dataset.version")

    deploy(built_site, site)
    new_version = marked(built_site / "index.html", 'data-version="')
    new_cache = "archipelago-" + marked(built_site / "sw.js", 'const VERSION = "')
    assert new_version != old_version
    assert page.evaluate(pagekit.TAKEN_OVER)
    assert new_cache in page.evaluate(LISTED)

    # The open tab still starts its computer's worker, from its own build's files.
    assert page.evaluate(START_WORKER, OLD_WORKER) == "ready"
    # ... and still opens its rules page.
    rules = page.context.new_page()
    response = rules.goto(base + OLD_RULES)
    assert response.ok and "Archipelago" in rules.title()
    rules.close()
    # The board of the open tab still takes a move.
    pagekit.click_cell(page, "a1")
    assert len(pagekit.stones(page)) == len(played) + 1

    # A reload opens the new build, with the game as it was left.
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.version") == new_version
    assert len(pagekit.stones(page)) == len(played) + 1
    # Nothing of the old build is left open: its cache goes.
    deadline = time.monotonic() + 30
    while page.evaluate(LISTED) != [new_cache]:
        assert time.monotonic() < deadline, page.evaluate(LISTED)
        page.evaluate("fetch('./manifest.webmanifest').then(() => true)")
        page.wait_for_timeout(500)
