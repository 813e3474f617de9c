"""The site in dist/: the trimmed runtime, the page and its files, the rules pages, the
engine archive, the interpreter snapshot, the service worker and the compressed copies.

The runtime comes from the pinned npm packages (package-lock.json): PyScript core and
Pyodide, trimmed to what a pure-Python page needs. Every URL in the site is relative, so
dist/ works from any sub-path of any static server and never reaches another origin.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import inline, serve, snapshot, stdlib
from .archive import engine_archive
from .index import FIRST_PAINTS, index_page, page_version, write_posters
from .libraries import write_libraries
from .locales import write_language_files
from .node import NodeError, ensure_node_modules
from .paths import BUILD_CACHE, DIST, PYODIDE_FILES, PYODIDE_SRC, PYSCRIPT_SRC, ROOT, BuildError
from .puzzlesets import is_puzzle_set, write_puzzle_sets

# PyScript chunks that only serve the code editor, the terminal, pygame or MicroPython.
PYSCRIPT_SKIP = (
    "codemirror",
    "py-editor",
    "py-terminal",
    "py-game",
    "xterm",
    "mpy-",
    "index-",
)
STDLIB = "python_stdlib.zip"
SITE_FILES = ("pyscript.toml", "manifest.webmanifest")  # copied as they are
# The service worker template; the build writes its asset list and version into dist/.
SERVICE_WORKER = "sw.js"


# The marks of what a translation replaces (sitebuild/translations.py): read by the build,
# of no use to a reader, so that the English page is what it was before it was marked.
I18N_MARKS = re.compile(r' data-i18n(?:-attrs="[^"]*")?(?=[\s/>])')


def rules_pages() -> dict[str, tuple[Path, Callable[[], dict[str, str]] | None]]:
    """The site's rules pages, one per game that has one (its manifest's ``rules_page``,
    under the site's root): {path in the site: (the game folder's rules page, the
    function drawing its pictures)}."""
    from archipelago.registry import manifests

    pages: dict[str, tuple[Path, Callable[[], dict[str, str]] | None]] = {}
    for manifest in manifests():
        if manifest.rules and manifest.rules_page:
            folder = Path(importlib.import_module(manifest.package).__path__[0])
            pictures = manifest.load(manifest.rules_pictures) if manifest.rules_pictures else None
            pages[manifest.rules_page] = (folder / manifest.rules, pictures)
    return pages


def rules_page(name: str, change: Callable[[str], str] | None = None) -> str:
    """The rules page served at ``name`` (a path in the site), its pictures filled in
    where it says ``<!--picture:NAME-->``; ``change`` makes another of its source first
    (its translation: a block's message holds the mark, not the picture)."""
    source, pictures = rules_pages()[name]
    text = source.read_text(encoding="utf-8")
    text = change(text) if change else text
    for picture, svg in (pictures() if pictures else {}).items():
        text = text.replace(f"<!--picture:{picture}-->", svg)
    return I18N_MARKS.sub("", text)


def write_rules_pages(dist: Path) -> list[str]:
    """Write every game's rules page into ``dist``; returns their paths in the site."""
    names = list(rules_pages())
    for name in names:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(rules_page(name), encoding="utf-8")
    return names


def trimmed_lock() -> dict[str, Any]:
    """Pyodide's lock file with no packages: the page imports only the standard library."""
    lock = json.loads((PYODIDE_SRC / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def build(
    dist: Path = DIST, trim: bool = True, brotli_quality: int = serve.SHIPPED_QUALITY
) -> Path:
    """Assemble the site in ``dist`` (dist/ by default) from scratch and return its path.
    With ``trim`` off, with the whole standard library and no compressed copies: the site
    in which sitebuild/stdlib_record.py records what the page imports. The brotli copies
    are made at ``brotli_quality`` (the shipped one unless a test's build asks for a
    quicker one: serve.SHIPPED_QUALITY says why)."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "pyscript").mkdir(parents=True)
    (dist / "pyodide").mkdir()
    for source in PYSCRIPT_SRC.iterdir():
        name = source.name
        if name.endswith(".map") or name.startswith(PYSCRIPT_SKIP) or name == "xterm.css":
            continue
        if name in ("service-worker.js", "storage.js"):
            continue
        copy_without_source_map(source, dist / "pyscript" / name)
    for name in PYODIDE_FILES:
        if name == STDLIB:  # stored and trimmed (sitebuild/stdlib.py)
            kept = stdlib.kept_modules() if trim else None
            stdlib.ship_stdlib(PYODIDE_SRC / name, dist / "pyodide" / name, kept)
        else:
            copy_without_source_map(PYODIDE_SRC / name, dist / "pyodide" / name)
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(trimmed_lock()))
    for name in SITE_FILES:
        shutil.copy2(ROOT / name, dist / name)
    shutil.copytree(ROOT / "static", dist / "static", ignore=inline.not_copied)
    rules = write_rules_pages(dist)
    languages = write_language_files(dist, ROOT / "index.html", FIRST_PAINTS, rules_page, rules)
    write_posters(dist)
    write_libraries(dist)
    write_puzzle_sets(dist)
    engine_archive(dist / "archipelago.zip")
    try:
        # Made with the standard library the site ships: the snapshot holds zipimport's
        # table of that very zip.
        packed = snapshot.shipped_snapshot(
            dist / "pyodide", PYODIDE_FILES, dist / "archipelago.zip", BUILD_CACHE
        )
    except NodeError as error:
        raise BuildError(str(error)) from None
    snapshot.ship_snapshot(dist, packed)
    page = index_page(ROOT / "index.html", page_version(dist), dist, brotli_quality)
    (dist / "index.html").write_text(page, encoding="utf-8")
    write_service_worker(dist, languages)
    if not trim:
        return dist
    try:
        serve.precompress(dist, BUILD_CACHE / "compressed", brotli_quality)
    except NodeError as error:
        raise BuildError(str(error)) from None
    return dist


# The runtime's scripts end by naming their source maps, which the packages do not ship
# (nor would the site): the browser's developer tools then ask for them in vain.
SOURCE_MAP = re.compile(rb"\n//# sourceMappingURL=\S+\s*$")


def copy_without_source_map(source: Path, target: Path) -> None:
    if source.suffix in (".js", ".mjs"):
        target.write_bytes(SOURCE_MAP.sub(b"\n", source.read_bytes()))
    else:
        shutil.copy2(source, target)


def write_service_worker(dist: Path, languages: dict[str, list[str]] | None = None) -> str:
    """Write dist/sw.js: the template with every file of the site to precache and a
    version that changes whenever any file does, so a new build gets a new cache and the
    old one is dropped. Each language's own files (``languages``: {language: its paths in
    the site}) are kept apart: the worker caches only those of the visitor's language.
    Returns the version."""
    languages = languages or {}
    own = {name for names in languages.values() for name in names}
    files = sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.name != SERVICE_WORKER
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (dist / name).read_bytes())
    version = digest.hexdigest()[:16]
    # "./" is the page opened as a folder; the puzzle sets are fetched when Puzzles opens
    # and kept by the page (sitebuild/puzzlesets.py), never precached
    assets = ["./"] + [f"./{name}" for name in files if name not in own and not is_puzzle_set(name)]
    by_language = {code: [f"./{name}" for name in names] for code, names in languages.items()}
    template = (ROOT / SERVICE_WORKER).read_text(encoding="utf-8")
    script = (
        template.replace("__VERSION__", version)
        .replace("__LANGUAGE_ASSETS__", json.dumps(by_language, sort_keys=True))
        .replace("__ASSETS__", json.dumps(assets))
    )
    (dist / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return version


def dist_size(root: Path = DIST) -> int:
    """The site's size as files, not counting the compressed copies of them."""
    return sum(
        path.stat().st_size
        for path in root.rglob("*")
        if path.is_file() and not serve.is_copy(path)
    )
