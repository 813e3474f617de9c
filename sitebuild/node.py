"""Node at build time: the pinned npm runtime installed, and a script of the pinned Pyodide
run under Node (the engine's byte-code, pyc.py; the interpreter snapshot, snapshot.py;
the brotli copies, serve.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from . import provision
from .paths import ROOT, BuildError


class NodeError(Exception):
    """Node is missing, or the script failed; str() says which and why."""


def run_module_script(
    script: str,
    purpose: str,
    cwd: Path | str,
    stdin: str | None = None,
    env: dict[str, str] | None = None,
) -> str:
    """Run ``script`` (an ES module's source) with Node and return what it printed.
    ``purpose`` ("to compile the engine") completes the error messages."""
    node = shutil.which("node")
    if node is None:
        raise NodeError(f"node is needed {purpose}")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        cwd=cwd,
    )
    if done.returncode != 0:
        # Before an error Node quotes the line of source it stopped in, and the runtime's
        # is one line of a megabyte: the short lines are the ones that say what went wrong.
        said = [line for line in done.stderr.splitlines() if 0 < len(line) < 500]
        raise NodeError(f"Node failed {purpose}:\n" + "\n".join(said[-12:]))
    return done.stdout


def ensure_node_modules() -> None:
    """Install the pinned npm packages with `npm ci` when they are not there yet (as
    `python build.py` has, provision.py; here for a build run another way, the tests')."""
    try:
        provision.install_npm_runtime(ROOT, provision.Machine())
    except provision.SetupError as error:
        raise BuildError(str(error)) from None
