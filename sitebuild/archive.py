"""archipelago.zip: the byte-code of the engine package and of every module the page
imports, which PyScript unpacks into the interpreter's home."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from .node import NodeError
from .paths import NODE_MODULES, PYSCRIPT_CONFIG, ROOT, BuildError
from .pyc import compile_for_pyodide

# Every entry of archipelago.zip gets this date and mode, not the file's own: the same
# sources then give the same bytes, so the service worker's version (a hash of the site)
# changes only when something in the site does.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_MODE = 0o644 << 16
# Stored, not deflated: the server's brotli copy of a stored zip is 0.47 MB, of a
# deflated one 0.83 MB, and the plain file works as it is for a host that sends no copy.
# The platform's modules of the command line alone (its entry points, every module of its
# commands/ folder, the match and perft libraries only they use, match's yardstick agents,
# the puzzle maker and its proofs, the spreading of work over processes or a cluster):
# no module of the page or of its workers imports them (tests/site/test_archive.py checks),
# so a visitor does not download them. A game's own developer programs are left out too,
# as its manifest's ``tools`` name them (the platform names no game): ``left_out`` joins
# the two.
COMMAND_LINE_ONLY = frozenset(
    {
        "archipelago/__main__.py",
        "archipelago/cli.py",
        "archipelago/perft.py",
        "archipelago/puzzles/making.py",
        "archipelago/puzzles/proof.py",
        "archipelago/search/match.py",
        "archipelago/search/plain.py",
        "archipelago/search/workers.py",
    }
)
COMMANDS = "archipelago/commands/"


def game_tools() -> frozenset[str]:
    """The archive paths of the modules the games' manifests list as ``tools``: their
    developers' programs, which the page never imports."""
    from archipelago.registry import manifests

    return frozenset(
        manifest.absolute(tool).replace(".", "/") + ".py"
        for manifest in manifests()
        for tool in manifest.tools
    )


def left_out() -> frozenset[str]:
    """The package's modules the page's zip leaves out: the command line's and the games'
    developer programs."""
    commands = {path.relative_to(ROOT).as_posix() for path in (ROOT / COMMANDS).glob("*.py")}
    return COMMAND_LINE_ONLY | commands | game_tools()


def page_modules() -> dict[str, bytes]:
    """{path in the interpreter's home: source} of the Python the page imports that is not
    the engine: its own modules beside app.py (pyscript.toml's [files]) and PyScript's
    `pyscript` package, whose sources PyScript writes at each start."""
    modules = {
        Path(home).name: (ROOT / source).read_bytes()
        for source, home in PYSCRIPT_CONFIG["files"].items()
        if source.endswith(".py")
    }
    artifact = (NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js").read_text(
        encoding="utf-8"
    )
    package = json.loads(artifact[artifact.index("{") :].rstrip().rstrip(";"))["pyscript"]
    modules.update({f"pyscript/{name}": text.encode() for name, text in package.items()})
    return modules


def engine_sources() -> dict[str, bytes]:
    """{archive path: source} of the archipelago package's modules the page may import
    (all but those ``left_out`` names)."""
    sources = {
        source.relative_to(ROOT).as_posix(): source
        for source in (ROOT / "archipelago").rglob("*.py")
    }
    return {name: sources[name].read_bytes() for name in sorted(set(sources) - left_out())}


def engine_archive(target: Path) -> None:
    """Zip the archipelago package's byte-code; PyScript unpacks it into the
    interpreter's home, so that no module is compiled as the page starts.

    The engine's modules go as byte-code alone (sitebuild/pyc.py). With them go the
    byte-code of the page's other modules (``page_modules``): "checked" .pyc files, as
    their sources come from elsewhere (PyScript's [files], PyScript's own package) and
    Python compiles a source whose hash is not the one in its .pyc."""
    others = page_modules()
    try:  # byte-code compiled by the site's Pyodide: the page starts without compiling
        files = compile_for_pyodide({**engine_sources(), **others}, ROOT, checked=frozenset(others))
    except NodeError as error:
        raise BuildError(str(error)) from None
    write_zip(target, files, zipfile.ZIP_STORED)


def write_zip(target: Path, files: dict[str, bytes], compression: int) -> None:
    """``files`` ({path: bytes}) zipped into ``target`` in path order, each entry with the
    same date and mode: the same files always give the same bytes."""
    with zipfile.ZipFile(target, "w") as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = compression
            entry.external_attr = ZIP_MODE
            archive.writestr(entry, files[name])
