"""python_stdlib.zip as the site ships it: Pyodide's standard library, stored, not deflated,
and trimmed to the modules the page and the computer's worker import.

Stored: a deflated zip gains 2-3% from brotli, a stored one is brotli'd to about 60% of
the deflated file (the same for archipelago.zip, sitebuild/archive.py), and a host that
sends the plain file still serves a zip Python reads as it is.

Trimmed: the standard library's 614 files hold email, xml, unittest, asyncio, pydoc...
that nothing of the page imports. The modules kept are those listed in
sitebuild/stdlib_modules.txt, recorded (not guessed) by sitebuild/stdlib_record.py: the
modules Pyodide had imported after the page's flows in the browser (both games, the
computer's moves, hints, the analysis, the lesson, sharing, the games list) and those the
engine imports under CPython while the test suite runs. Run `python -m
sitebuild.stdlib_record` to record it again after the page or the runtime changes.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from .paths import ROOT

LIST = ROOT / "sitebuild" / "stdlib_modules.txt"
# The same date and mode for every entry, as in archipelago.zip: reproducible bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_MODE = 0o644 << 16


def kept_modules(listing: Path = LIST) -> frozenset[str]:
    """The dotted names listed in ``listing`` (one a line; # starts a comment)."""
    names = (line.split("#")[0].strip() for line in listing.read_text("utf-8").splitlines())
    return frozenset(name for name in names if name)


def module_of(path: str) -> str | None:
    """The dotted module a file of the zip holds ("json/decoder.py" -> "json.decoder",
    "json/__init__.py" -> "json"), or None for a file that is not a module (data files,
    folders)."""
    if not path.endswith(".py"):
        return None
    parts = path[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def wanted(path: str, keep: frozenset[str]) -> bool:
    """Whether the zip's entry ``path`` ships: a listed module, or the __init__, folder or
    data file of a package that holds a listed module."""
    module = module_of(path)
    if module in keep:
        return True
    if module is not None:  # a package's __init__, or a module not listed
        package = module
    elif path.endswith("/"):  # a folder
        package = path.rstrip("/").replace("/", ".")
    else:  # a data file, beside its package's modules
        package = path.rpartition("/")[0].replace("/", ".")
    return bool(package) and any(name == package or name.startswith(package + ".") for name in keep)


def ship_stdlib(source: Path, target: Path, keep: frozenset[str] | None = None) -> None:
    """Write ``source`` (Pyodide's python_stdlib.zip) to ``target`` stored, in the same
    order, with only the files of the modules ``keep`` names (every file when None)."""
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as shipped:
        for info in original.infolist():
            if keep is not None and not wanted(info.filename, keep):
                continue
            entry = zipfile.ZipInfo(info.filename, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = info.external_attr or ZIP_MODE
            shipped.writestr(entry, original.read(info))
