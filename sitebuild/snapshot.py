"""The interpreter snapshot shipped with the site, made by the pinned Pyodide under Node.

Most of a first start is Python's own initialisation (the interpreter and the standard
library modules Pyodide imports), the same work in every browser. Pyodide can save the
memory of a freshly started interpreter (`_makeSnapshot`, `makeMemorySnapshot`) and start
from it (`_loadSnapshot`), so the build ships one, gzipped, and static/start/pyodide_start.mjs
starts the page and the computer's worker from it: a first visit then starts as fast as a
returning one, on any static host, offline included (it is one more file of the site).

The snapshot also has every module of the engine imported (from the engine archive,
unpacked where the page and the worker unpack it), so neither imports them again: the
engine is pure Python and holds no state from the moment it was imported (no clock, no
random generator at module level). It has no reference to a JavaScript object (the `js`
module does not work while a snapshot is being made: which is also why PyScript's own
modules and the page's `static/page/*_ui.py` cannot be in it), so the one made under Node
serves a browser too; its environment is Pyodide's default, not Node's (the script runs
with `-e` and an empty environment, so no path of the building machine ends up in it).
Its bytes are not reproducible (the interpreter keeps random state and times in memory),
so it is made once per runtime and engine and kept in node_modules/.cache, keyed by the
runtime's files, the engine archive and this script: two builds of the same sources stay
identical.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import tempfile
from pathlib import Path

from .node import run_module_script
from .paths import BuildError

# How static/start/pyodide_start.mjs names the snapshot; the build ships it in dist/pyodide/,
# beside the runtime it belongs to, under the name ``shipped_name`` gives it instead.
NAME = "python.snapshot.gz"

# Writes the snapshot of a freshly started interpreter, with the engine ($ARCHIVE)
# imported by $IMPORT_ALL, to the file named by $SNAPSHOT.
# PYTHONHASHSEED is fixed so that every start from it hashes alike (nothing depends on
# it; a random seed would be one more difference between two snapshots).
MAKE = r"""
const { loadPyodide } = await import(process.env.PYODIDE_MODULE);
const { readFileSync, writeFileSync } = await import("node:fs");
const pyodide = await loadPyodide({ _makeSnapshot: true, env: { PYTHONHASHSEED: "0" } });
const archive = new Uint8Array(readFileSync(process.env.ARCHIVE));
pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
pyodide.runPython(process.env.IMPORT_ALL);
writeFileSync(process.env.SNAPSHOT, pyodide.makeMemorySnapshot());
"""
# Imports every module of the engine archive (unpacked where the page unpacks it; the
# command line's modules are not in it), so that the page and the worker find them imported.
IMPORT_ALL = """
import importlib, pkgutil, archipelago
for module in pkgutil.walk_packages(archipelago.__path__, "archipelago."):
    importlib.import_module(module.name)
"""


# The heap a snapshot is restored into: Pyodide 314.0's module is created with a fixed
# 30 MiB heap whatever the snapshot's size, and copies the snapshot's memory into it
# unchecked, so a snapshot of an interpreter whose heap grew past it fails to restore
# ("offset is out of bounds", pyodide issue 6254) and every start falls back to a plain
# one. The build refuses such a snapshot.
RESTORABLE_HEAP = 30 * 1024 * 1024


def heap_size(unpacked: bytes) -> int:
    """The bytes of interpreter memory a snapshot holds: all of it past its header, whose
    length is the header's second 32-bit word (Pyodide's makeMemorySnapshot)."""
    if len(unpacked) < 8:
        raise BuildError("the interpreter snapshot is too short to hold a header")
    header = int.from_bytes(unpacked[4:8], "little")
    return len(unpacked) - header


def check_restorable(unpacked: bytes) -> None:
    """Raise BuildError if the snapshot's memory would not fit the heap it is restored in."""
    size = heap_size(unpacked)
    if size > RESTORABLE_HEAP:
        raise BuildError(
            f"the interpreter snapshot holds {size:,} bytes of memory, over the"
            f" {RESTORABLE_HEAP:,} a start can restore (pyodide issue 6254): import less in it"
        )


def _key(pyodide_dir: Path, files: tuple[str, ...], archive: Path) -> str:
    digest = hashlib.sha256((MAKE + IMPORT_ALL).encode())
    for path in [*(pyodide_dir / name for name in files), archive]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


def make(pyodide_dir: Path, archive: Path) -> bytes:
    """A snapshot of the interpreter in ``pyodide_dir`` (the npm package), freshly
    started, with the modules of the engine ``archive`` imported. Raises
    node.NodeError when Node is missing or fails."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "python.snapshot"
        environment = {
            "PATH": os.environ.get("PATH", ""),
            "PYODIDE_MODULE": (pyodide_dir / "pyodide.mjs").as_uri(),
            "SNAPSHOT": str(target),
            "ARCHIVE": str(archive),
            "IMPORT_ALL": IMPORT_ALL,
        }
        run_module_script(MAKE, "to make the interpreter snapshot", folder, env=environment)
        return target.read_bytes()


def shipped_name(packed: bytes) -> str:
    """The file name of the gzipped snapshot ``packed``: named after its bytes. The page
    takes the snapshot from the service worker's cache only, where a page from the
    network (a reload past the service worker) or a worker started while a new build's
    service worker takes over could otherwise find another build's: one that would start
    with that build's engine already imported, not its own."""
    return f"python-{hashlib.sha256(packed).hexdigest()[:12]}.snapshot.gz"


def shipped_snapshot(
    pyodide_dir: Path, files: tuple[str, ...], archive: Path, cache_dir: Path
) -> bytes:
    """The gzipped snapshot for this runtime (``files`` of ``pyodide_dir``) and engine
    (``archive``): from the cache, else made and cached."""
    cached = cache_dir / f"python-{_key(pyodide_dir, files, archive)}.snapshot.gz"
    if cached.is_file():
        return cached.read_bytes()
    memory = make(pyodide_dir, archive)
    check_restorable(memory)
    packed = gzip.compress(memory, compresslevel=6, mtime=0)
    cache_dir.mkdir(parents=True, exist_ok=True)
    for old in cache_dir.glob("python-*.snapshot.gz"):  # another runtime's
        old.unlink()
    partial = cached.with_suffix(".partial")
    partial.write_bytes(packed)
    partial.replace(cached)  # a build stopped midway never leaves half a snapshot
    return packed


def ship_snapshot(dist: Path, packed: bytes) -> str:
    """Write the gzipped snapshot ``packed`` to dist/pyodide/ under its own name
    (``shipped_name``) and name it in dist/static/start/pyodide_start.mjs, so that the page
    starts only from the snapshot of its own build. Returns the name."""
    name = shipped_name(packed)
    (dist / "pyodide" / name).write_bytes(packed)
    start = dist / "static" / "start" / "pyodide_start.mjs"
    text = start.read_text(encoding="utf-8")
    mark = f'"../../pyodide/{NAME}"'
    if text.count(mark) != 1:
        raise BuildError(f"static/start/pyodide_start.mjs must name {mark} once")
    start.write_text(text.replace(mark, f'"../../pyodide/{name}"'), encoding="utf-8")
    return name
