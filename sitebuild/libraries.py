"""The page's own libraries (requirements-page.txt), each zipped into the site on its own:
pure Python the page fetches and imports only when a feature first needs it (the QR code
of the Share dialog), so that a first visit does not download it.

Each is taken from this Python's installed copy, which must be the pinned version, with
its licence; entries carry fixed dates so that the same version gives the same bytes.
"""

from __future__ import annotations

import importlib.metadata
import zipfile
from pathlib import Path

from .archive import write_zip
from .paths import ROOT, BuildError
from .provision import pins

PINS = ROOT / "requirements-page.txt"
FOLDER = "static/vendor"  # in the site


def pinned() -> dict[str, str]:
    """{package: version} of requirements-page.txt."""
    return pins(PINS)


def library_files(name: str, version: str) -> dict[str, bytes]:
    """{path in the zip: bytes} of the installed package ``name``: its modules and its
    licence; BuildError when it is missing or not the pinned version."""
    try:
        installed = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        raise BuildError(f"{name}=={version} is needed: pip install -r {PINS.name}") from None
    if installed.version != version:
        raise BuildError(f"{name} {installed.version} is installed, {PINS.name} pins {version}")
    files = {}
    for entry in installed.files or ():
        path = Path(str(entry))
        wanted = path.parts[0] == name and path.suffix == ".py"
        licence = path.name.upper().startswith(("LICENSE", "LICENCE", "COPYING"))
        if wanted or licence:
            target = path.as_posix() if wanted else f"{name}/{path.name}"
            files[target] = Path(str(installed.locate_file(entry))).read_bytes()
    if not any(target.endswith("__init__.py") for target in files):
        raise BuildError(f"{name} has no package of that name to ship")
    return files


def write_libraries(dist: Path) -> list[str]:
    """Zip each pinned library into ``dist``/static/vendor/NAME.zip; their site paths."""
    written = []
    for name, version in pinned().items():
        target = dist / FOLDER / f"{name}.zip"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_zip(target, library_files(name, version), zipfile.ZIP_DEFLATED)
        written.append(f"{FOLDER}/{name}.zip")
    return written
