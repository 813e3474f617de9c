"""What every step of the build shares: where it reads and writes, the browser the tools
drive, the page's PyScript configuration and the build's one error.

The leaf of sitebuild: it imports nothing of the package, so any module can import it.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_SRC = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_SRC = NODE_MODULES / "pyodide"
# The runtime's files the site ships, from PYODIDE_SRC.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Kept between builds: what is slow to make and depends only on the pinned runtime.
BUILD_CACHE = NODE_MODULES / ".cache" / "archipelago-build"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def lighthouse_chrome() -> str:
    """The chromium Lighthouse drives: CHROME_PATH's, as Lighthouse's own default, else
    Debian's."""
    return os.environ.get("CHROME_PATH", CHROMIUM)


# The page's PyScript configuration, read once: its plugins switched off (defined there
# only), its [files] and, inline, the whole of it.
PYSCRIPT_CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
PLUGINS_OFF: list[str] = PYSCRIPT_CONFIG["plugins"]


class BuildError(Exception):
    """A build step failed in a way the user can fix; str() says how."""
