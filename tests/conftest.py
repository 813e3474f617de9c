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
from collections import Counter
from collections.abc import Callable, Iterator
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
    items.sort(key=run_order(items))


# The files that take one process longest, longest first (seconds of a fresh clone's run
# of the whole suite on a machine loaded by other work, 2026-11-29, with the site built at
# the shipped brotli quality: about 1.5 times an idle machine's). With
# ``--dist loadfile`` a process runs one file at a time, so the run ends when the last
# file that started ends: a long file that starts late is the run's tail. Long files go
# first and short ones fill the end (longest processing time first). Files not named
# here come after them by their number of tests, a rough measure. A file renamed or
# removed must leave this list too (checked at every collection).
LONGEST_FILES = (
    "browser/test_languages.py",  # 76 and the build in it
    "browser/test_computer.py",  # 75
    "browser/test_snapshot.py",  # 73
    "browser/test_play.py",  # 66
    "browser/test_isolation.py",  # 60
    "browser/test_stigmergy_page.py",  # 62
    "browser/test_deploy.py",  # 57 (a fresh clone builds the previous commit)
    "browser/test_command_box.py",  # 47
    "browser/test_offline.py",  # 43
    "browser/test_turn_flow.py",  # 41
    "browser/test_phone.py",  # 41
    "browser/test_embed_poster.py",  # 41
    "browser/test_tutorial.py",  # 39
    "browser/test_games.py",  # 37
    "browser/test_stigmergy_lesson.py",  # 34
    "browser/test_embed.py",  # 34
    "browser/test_layout.py",  # 33
    "browser/test_hostile_places.py",  # 33
    "browser/test_share.py",  # 32
    "browser/test_analysis_page.py",  # 29
    "browser/test_loading_progress.py",  # 28
    "browser/test_study.py",  # 28
    "browser/test_startup.py",  # 26
    "quality/test_quality.py",  # 15 (mypy)
)
HERE = Path(__file__).parent


def run_order(items: list[pytest.Item]) -> Callable[[pytest.Item], tuple[int, int, int]]:
    """The sort key of the run's order (pyproject.toml's ``--no-loadscope-reorder`` keeps
    it): first one file of browser tests, whose process starts building the site at once;
    then the files with no browser test, which the other processes run meanwhile; then the
    other browser files. In each part, LONGEST_FILES in their order, then the others by
    their number of tests, most first."""
    missing = [name for name in LONGEST_FILES if not (HERE / name).is_file()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py's LONGEST_FILES names no file: {missing}")
    rank = {HERE / name: place for place, name in enumerate(LONGEST_FILES)}
    counts = Counter(item.path for item in items)
    building = {item.path for item in items if item.get_closest_marker("browser")}
    first = min(building, key=lambda path: (rank.get(path, len(rank)), -counts[path]), default=None)

    def key(item: pytest.Item) -> tuple[int, int, int]:
        part = 0 if item.path == first else 1 + (item.path in building)
        return part, rank.get(item.path, len(rank)), -counts[item.path]

    return key


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
