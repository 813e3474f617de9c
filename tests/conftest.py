"""Fixtures of the whole suite: the site, built once per run.

Building dist/ takes a while (and `npm ci` when node_modules/ is missing), so every test
that needs the built site takes the session's one build, ``built_site``: the browser
tests serve it (tests/browser/conftest.py), the build's own tests read it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild import assemble

# Fixtures that build dist/ (npm ci when node_modules/ is missing) or start chromium;
# a test that uses them, even through another fixture, needs them.
BUILDING_FIXTURES = {"built_site", "browser"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that builds the site or opens a page carries the ``browser`` marker,
    so ``-m "not browser"`` needs no npm, no network and no build."""
    for item in items:
        if BUILDING_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def built_site() -> Path:
    """dist/, built once for the session from the checkout's sources; its path."""
    return assemble.build()
