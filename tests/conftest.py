"""Fixtures of the whole suite: the site, built once per run.

Building dist/ takes a while (and `npm ci` when node_modules/ is missing), so every test
that needs the built site takes the run's one build, ``built_site``: the browser tests
serve it (tests/browser/conftest.py), the build's own tests read it. The suite runs in
parallel processes (pytest-xdist, pyproject.toml's addopts): the first process that needs
the site builds it while the others wait on a lock, and they all serve that one dist/.
"""

from __future__ import annotations

import fcntl
import hashlib
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from sitebuild import assemble, paths

# The brotli quality of the run's build: the shipped one (serve.SHIPPED_QUALITY, 11) spends
# about 90 CPU-seconds on the runtime's copies, which every browser test of a fresh clone's
# run waited for; at 5 they take a second, and unpack to the same files. The shipped
# quality's copies are tested in tests/site/test_serve.py.
SUITE_BROTLI_QUALITY = 5

# Fixtures that build dist/ (npm ci when node_modules/ is missing) or start chromium;
# a test that uses them, even through another fixture, needs them.
BUILDING_FIXTURES = {"built_site", "browser"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that builds the site or opens a page carries the ``browser`` marker,
    so ``-m "not browser"`` needs no npm, no network and no build."""
    for item in items:
        # A parametrize argument of the same name (a test over games, "browser" among
        # their parts) is no fixture: it builds nothing.
        callspec = getattr(item, "callspec", None)
        arguments = set(callspec.params) if callspec is not None else set()
        if BUILDING_FIXTURES & (set(getattr(item, "fixturenames", ())) - arguments):
            item.add_marker(pytest.mark.browser)
    # One file of browser tests first, whose process starts building the site at once;
    # then the files with no browser test, which the other parallel processes (one file at
    # a time each) run meanwhile; then the other browser files, which need the build.
    # Before, every process started on a browser file and all waited on the build's lock.
    building = [item.path for item in items if item.get_closest_marker("browser")]
    if building:
        first = building[0]
        items.sort(key=lambda item: 0 if item.path == first else 1 + (item.path in building))


@contextmanager
def build_lock() -> Iterator[Path]:
    """Held by one process of the run at a time; yields the lock's file, which names the
    run whose build dist/ holds. It lies outside the checkout (node_modules/ may not exist
    yet: the build's ``npm ci`` runs under the lock), one per checkout."""
    checkout = hashlib.sha256(str(paths.ROOT).encode()).hexdigest()[:12]
    path = Path(tempfile.gettempdir()) / f"archipelago-build-{checkout}.lock"
    with path.open("a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield path
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def built_site(testrun_uid: str) -> Path:
    """dist/, built once for the run from the checkout's sources; its path. Every
    process of the run shares ``testrun_uid`` (pytest-xdist's): the first to get here
    builds, the others find the build done by this run and only wait for it."""
    with build_lock() as lock:
        if lock.read_text(encoding="utf-8") == testrun_uid and paths.DIST.is_dir():
            return paths.DIST
        lock.write_text("", encoding="utf-8")  # (a build cut short leaves no claim)
        built = assemble.build(brotli_quality=SUITE_BROTLI_QUALITY)
        lock.write_text(testrun_uid, encoding="utf-8")
        return built
