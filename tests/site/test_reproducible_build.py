"""The same sources build the same site, byte for byte, whatever the files' times say.

The service worker's cache version is a hash of the built site, so a build that differs
without a change in the sources would make every visitor download the site again. The
check builds once more, into a folder of its own, and compares that with the session's
build (tests/conftest.py), at the same brotli quality, so a run that includes it builds the
site twice in all.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitebuild import assemble, paths
from tests.conftest import SUITE_BROTLI_QUALITY

pytestmark = pytest.mark.browser  # builds the site (npm ci if node_modules/ is missing)


def site_files(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def test_two_builds_of_the_same_sources_are_identical(built_site, tmp_path):
    first = site_files(built_site)
    # Move every engine and page source a day forward in time, as a fresh checkout or an
    # editor that saves without changes would, then build again.
    sources = [*(paths.ROOT / "archipelago").rglob("*.py"), *(paths.ROOT / "static").rglob("*")]
    times = {path: path.stat() for path in sources if path.is_file()}
    try:
        for path, stat in times.items():
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 86_400 * 10**9))
        second = site_files(
            assemble.build(tmp_path / "second", brotli_quality=SUITE_BROTLI_QUALITY)
        )
    finally:
        for path, stat in times.items():
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert differing == []
    assert "archipelago.zip" in first and "sw.js" in first
