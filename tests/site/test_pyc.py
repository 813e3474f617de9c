"""The byte-code shipped for the page's modules that are not the engine (sitebuild/archive.py
``page_modules``): its own modules beside app.py and PyScript's ``pyscript`` package.

Their .pyc files are "checked": Python uses one only when its source's hash matches, so a
.pyc made from another text than the one PyScript writes would be dead weight. These tests
check the texts are the same ones.
"""

from __future__ import annotations

import json
import tomllib

import pytest

from sitebuild import archive, paths

CORE = paths.NODE_MODULES / "@pyscript" / "core"
needs_npm = pytest.mark.skipif(not CORE.is_dir(), reason="node_modules/ is missing: npm ci")


@needs_npm
def test_the_page_modules_are_the_files_of_pyscript_toml_and_pyscripts_package():
    modules = archive.page_modules()
    files = tomllib.loads((paths.ROOT / "pyscript.toml").read_text(encoding="utf-8"))["files"]
    homes = {home.removeprefix("./") for home in files.values() if home.endswith(".py")}
    assert homes and homes <= set(modules)
    for home in homes:  # the same text PyScript will write there
        assert modules[home] == (paths.ROOT / "static" / "page" / home).read_bytes()
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/display.py"} <= set(modules)


@needs_npm
def test_pyscripts_modules_are_the_texts_its_bundle_writes():
    bundle = "".join(path.read_text(encoding="utf-8") for path in (CORE / "dist").glob("core-*.js"))
    package = {k: v for k, v in archive.page_modules().items() if k.startswith("pyscript/")}
    # The bundle holds each module's text as a JSON string (fs.py, which the page never
    # imports, is escaped differently there: its .pyc is simply never used).
    found = [name for name, text in package.items() if json.dumps(text.decode()) in bundle]
    assert set(package) - set(found) <= {"pyscript/fs.py"}
    assert "pyscript/__init__.py" in found and "pyscript/events.py" in found
