"""Assemble, serve and benchmark the offline Archipelago web page.

    python build.py                 build the static site into dist/
    python build.py serve [--port]  build, then serve dist/ at http://127.0.0.1:8000/
    python build.py bench           build, then time the page against a bare PyScript page
    python build.py lighthouse      build, then print Lighthouse's scores for each page

The runtime comes from the pinned npm packages (package-lock.json): PyScript core and
Pyodide, trimmed to what a pure-Python page needs. Every URL in the site is relative, so
dist/ works from any sub-path of any static server and never reaches another origin.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import importlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

import build_inline
import build_pyc
import build_serve
import build_snapshot
from build_node import NodeError
from build_serve import SiteServer

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_SRC = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_SRC = NODE_MODULES / "pyodide"
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
# The page's PyScript configuration, read once: its plugins switched off (defined there
# only), its [files] and, inline, the whole of it.
PYSCRIPT_CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
PLUGINS_OFF: list[str] = PYSCRIPT_CONFIG["plugins"]
# Where index.html's MicroPython config takes that same list.
PLUGINS_MARK = '"the plugins of pyscript.toml"'
# Where index.html takes the page's version and a new game's pre-rendered first view.
VERSION_MARK = 'data-version="the version of the page"'
# Where index.html takes its description for search engines, made from the games' titles.
DESCRIPTION_MARK = '<meta name="description" content="the games of the registry">'
VIEW_MARK = (
    '<script type="application/json" id="first-view">"the first view of a new game"</script>'
)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
SITE_FILES = ("pyscript.toml", "manifest.webmanifest")  # copied as they are
# The service worker template; build.py writes its asset list and version into dist/.
SERVICE_WORKER = "sw.js"

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
<mpy-config>PLUGINS</mpy-config></head>
<body><script type="py" config='CONFIG'>
from pyscript import document
print("bare PyScript page is running")
document.body.dataset.ready = "1"
</script></body></html>
"""
BARE_PAGE = BARE_PAGE.replace(
    "CONFIG", json.dumps({"interpreter": "./pyodide/pyodide.mjs", "plugins": PLUGINS_OFF})
).replace("PLUGINS", json.dumps({"plugins": PLUGINS_OFF}))
BARE_PATH = "/__bench_bare__.html"


class BuildError(Exception):
    """A build step failed in a way the user can fix; str() says how."""


def ensure_node_modules() -> None:
    """Install the pinned npm packages with `npm ci` when they are not there yet."""
    if (PYSCRIPT_SRC / "core.js").is_file() and (PYODIDE_SRC / "pyodide.mjs").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to fetch the pinned runtime; install Node.js and npm")
    print("installing the pinned runtime with npm ci ...", flush=True)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"npm ci failed with exit code {done.returncode}")


# Every entry of archipelago.zip gets this date and mode, not the file's own: the same
# sources then give the same bytes, so the service worker's version (a hash of the site)
# changes only when something in the site does.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_MODE = 0o644 << 16


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


def engine_archive(target: Path) -> None:
    """Zip the archipelago package; PyScript unpacks it into the interpreter's home.

    With it go the byte-code of the page's other modules (``page_modules``), so that no
    module is compiled as the page starts. Those are "checked" .pyc files: their sources
    come from elsewhere (PyScript's [files], PyScript's own package), and Python compiles a
    source whose hash is not the one in its .pyc."""
    sources = sorted(
        (source.relative_to(ROOT).as_posix(), source)
        for source in (ROOT / "archipelago").rglob("*.py")
    )
    files = {name: source.read_bytes() for name, source in sources}
    others = page_modules()
    try:  # byte-code compiled by the site's Pyodide: the page starts without compiling
        files.update(
            build_pyc.compile_for_pyodide({**files, **others}, ROOT, checked=frozenset(others))
        )
    except NodeError as error:
        raise BuildError(str(error)) from None
    with zipfile.ZipFile(target, "w") as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = ZIP_MODE
            archive.writestr(entry, files[name])


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


def rules_page(name: str) -> str:
    """The rules page served at ``name`` (a path in the site), its pictures filled in
    where it says ``<!--picture:NAME-->``."""
    source, pictures = rules_pages()[name]
    text = source.read_text(encoding="utf-8")
    for picture, svg in (pictures() if pictures else {}).items():
        text = text.replace(f"<!--picture:{picture}-->", svg)
    return text


def write_rules_pages(dist: Path) -> list[str]:
    """Write every game's rules page into ``dist``; returns their paths in the site."""
    names = list(rules_pages())
    for name in names:
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(rules_page(name), encoding="utf-8")
    return names


def first_view_json() -> str:
    """The first views (archipelago.page.view.first) of a new visitor's game, as JSON fit
    for a <script>: {address query: view}, "" for the page with no options (its first
    game) and "game=NAME" for each other game, each as the page starts it for that
    address, so that Python draws over it the same thing."""
    from archipelago.page.saved.storage import Storage
    from archipelago.page.start import first_game, plan_start
    from archipelago.page.view.first import first_view
    from archipelago.registry import DEFAULT_GAME, game_names

    def new_visitor() -> Storage:
        return Storage(lambda key: None, lambda key, value: None)

    settings = new_visitor().settings()
    views = {"": first_view(first_game(settings), True)}
    for name in game_names():
        if name != DEFAULT_GAME:
            plan = plan_start(f"?game={name}", new_visitor(), settings)
            views[f"game={name}"] = first_view(plan.session, True)
    text = json.dumps(views, sort_keys=True)
    return text.replace("<", "\\u003c")  # no "</script>" inside the script


def page_version(dist: Path) -> str:
    """What a stored first view must match to be painted: a hash of what draws it."""
    digest = hashlib.sha256()
    for part in (
        ROOT / "index.html",
        *sorted(build_inline.START_SCRIPTS.glob("*.js")),
        ROOT / "static" / "page" / "app.py",
        dist / "archipelago.zip",
    ):
        digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


# What the page fetches at start: named in its head, so that the browser fetches them all
# at once instead of one after the other as the runtime finds it needs them. Not the
# interpreter snapshot: a first visit starts without it, and the service worker fetches it
# once the game is playable (static/start/pyodide_start.mjs says why).
START_MODULES = (
    "pyscript/core",
    "pyscript/deprecations-manager-",
    "pyscript/error-",
    "pyodide/",
    "static/start/pyodide_start",
)
START_FETCHES = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "archipelago.zip",
    "static/page/app.py",
    "static/page/worker_client.py",
)
# Where index.html's loader takes that list.
START_MARK = '["the files the page fetches at start"]'
CONFIG_FILE = 'config="./pyscript.toml"'


def start_files(dist: Path) -> list[tuple[str, str]]:
    """[(rel, href)] of the links index.html adds once its first frame is painted: every
    file the page fetches before it is ready (modules as "modulepreload")."""
    names = sorted(path.relative_to(dist).as_posix() for path in dist.rglob("*"))
    files = [
        ("modulepreload", f"./{name}")
        for name in names
        if name.startswith(START_MODULES) and name.endswith((".js", ".mjs"))
    ]
    return files + [("preload", f"./{name}") for name in START_FETCHES]


def inline_config() -> str:
    """pyscript.toml as the script's inline JSON config: one request fewer before the
    runtime can start, and no TOML parser to fetch."""
    return "config='" + json.dumps(PYSCRIPT_CONFIG).replace("'", "&#39;") + "'"


def page_description() -> str:
    """One sentence for search engines naming every game the registry finds."""
    from archipelago.registry import manifests

    titles = [manifest.title for manifest in manifests()]
    games = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)
    return html.escape(
        f"{games}: hex-board games to play in your browser, against the computer or "
        "friends, offline too.",
        quote=True,
    )


def index_page(source: Path, version: str = "", dist: Path | None = None) -> str:
    """index.html with its scripts written in (build_inline), pyscript.toml's plugin list
    in its ``<mpy-config>``, the page's version and the pre-rendered first view of a new
    game."""
    from archipelago.page.view.first import PAINTED

    try:
        text = build_inline.inline_start_scripts(source.read_text(encoding="utf-8"))
    except build_inline.InlineError as error:
        raise BuildError(str(error)) from None
    for mark, value in (
        (PLUGINS_MARK, json.dumps(PLUGINS_OFF)),
        (VERSION_MARK, f'data-version="{version}"'),
        (START_MARK, json.dumps(start_files(dist) if dist else [])),
        (CONFIG_FILE, inline_config()),
        (DESCRIPTION_MARK, f'<meta name="description" content="{page_description()}">'),
        (
            VIEW_MARK,
            f'<script type="application/json" id="first-view" '
            f"data-painted='{json.dumps(PAINTED)}'>{first_view_json()}</script>",
        ),
    ):
        if text.count(mark) != 1:
            raise BuildError(f"{source.name} must hold {mark} once")
        text = text.replace(mark, value)
    return text


def trimmed_lock() -> dict:
    """Pyodide's lock file with no packages: the page imports only the standard library."""
    lock = json.loads((PYODIDE_SRC / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


def build(dist: Path = DIST) -> Path:
    """Assemble the site in ``dist`` (dist/ by default) from scratch and return its path."""
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
        copy_without_source_map(PYODIDE_SRC / name, dist / "pyodide" / name)
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(trimmed_lock()))
    for name in SITE_FILES:
        shutil.copy2(ROOT / name, dist / name)
    shutil.copytree(ROOT / "static", dist / "static", ignore=build_inline.not_copied)
    write_rules_pages(dist)
    engine_archive(dist / "archipelago.zip")
    try:
        snapshot = build_snapshot.shipped_snapshot(
            PYODIDE_SRC, PYODIDE_FILES, dist / "archipelago.zip", BUILD_CACHE
        )
    except NodeError as error:
        raise BuildError(str(error)) from None
    ship_snapshot(dist, snapshot)
    page = index_page(ROOT / "index.html", page_version(dist), dist)
    (dist / "index.html").write_text(page, encoding="utf-8")
    write_service_worker(dist)
    try:
        build_serve.precompress(dist, BUILD_CACHE / "compressed")
    except NodeError as error:
        raise BuildError(str(error)) from None
    return dist


def ship_snapshot(dist: Path, packed: bytes) -> str:
    """Write the gzipped snapshot ``packed`` to dist/pyodide/ under its own name
    (build_snapshot.shipped_name) and name it in dist/static/start/pyodide_start.mjs, so that
    the page starts only from the snapshot of its own build. Returns the name."""
    name = build_snapshot.shipped_name(packed)
    (dist / "pyodide" / name).write_bytes(packed)
    start = dist / "static" / "start" / "pyodide_start.mjs"
    text = start.read_text(encoding="utf-8")
    mark = f'"../../pyodide/{build_snapshot.NAME}"'
    if text.count(mark) != 1:
        raise BuildError(f"static/start/pyodide_start.mjs must name {mark} once")
    start.write_text(text.replace(mark, f'"../../pyodide/{name}"'), encoding="utf-8")
    return name


# The runtime's scripts end by naming their source maps, which the packages do not ship
# (nor would the site): the browser's developer tools then ask for them in vain.
SOURCE_MAP = re.compile(rb"\n//# sourceMappingURL=\S+\s*$")


def copy_without_source_map(source: Path, target: Path) -> None:
    if source.suffix in (".js", ".mjs"):
        target.write_bytes(SOURCE_MAP.sub(b"\n", source.read_bytes()))
    else:
        shutil.copy2(source, target)


def write_service_worker(dist: Path) -> str:
    """Write dist/sw.js: the template with every file of the site to precache and a
    version that changes whenever any file does, so a new build gets a new cache and the
    old one is dropped. Returns the version."""
    files = sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.name != SERVICE_WORKER
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (dist / name).read_bytes())
    version = digest.hexdigest()[:16]
    assets = ["./"] + [f"./{name}" for name in files]  # "./" is the page opened as a folder
    template = (ROOT / SERVICE_WORKER).read_text(encoding="utf-8")
    script = template.replace("__VERSION__", version).replace("__ASSETS__", json.dumps(assets))
    (dist / SERVICE_WORKER).write_text(script, encoding="utf-8")
    return version


def dist_size(root: Path = DIST) -> int:
    """The site's size as files, not counting the compressed copies of them."""
    return sum(
        path.stat().st_size
        for path in root.rglob("*")
        if path.is_file() and not build_serve.is_copy(path)
    )


def make_server(port: int, bare_page: bool = False, root: Path = DIST) -> SiteServer:
    """A loopback server for ``root`` (dist/ by default); port 0 picks a free port. With
    ``bare_page``, it also serves the benchmark's bare PyScript page at BARE_PATH."""
    extra = {BARE_PATH: BARE_PAGE.encode()} if bare_page else {}
    return build_serve.make_server(port, root, extra)


def serve(port: int) -> None:
    build()
    try:
        server = make_server(port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error.strerror}") from None
    print(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python build.py", description="Build, serve or benchmark the Archipelago page."
    )
    commands = parser.add_subparsers(dest="command", metavar="{build,serve,bench,shots,lighthouse}")
    commands.add_parser("build", help="assemble dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    bench_parser = commands.add_parser("bench", help="time our page against a bare PyScript page")
    bench_parser.add_argument(
        "--rounds", type=int, default=5, help="visits of each page (default 5)"
    )
    commands.add_parser("shots", help="retake the README's screenshots (docs/*.png)")
    light = commands.add_parser("lighthouse", help="Lighthouse's scores and metrics per page")
    light.add_argument("--runs", type=int, default=3, help="runs per page (default 3)")
    light.add_argument("--preset", choices=("mobile", "desktop"), default="mobile")
    light.add_argument("--save", type=Path, help="keep the JSON reports in this folder")
    args = parser.parse_args(argv)
    if args.command == "serve" and not 0 <= args.port <= 65535:
        parser.error(f"--port must be between 0 and 65535, not {args.port}")
    if args.command == "bench" and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.command == "lighthouse" and args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        if args.command == "serve":
            serve(args.port)
        elif args.command == "bench":
            import build_bench

            build_bench.bench(args.rounds)
        elif args.command == "lighthouse":
            import build_lighthouse

            build_lighthouse.lighthouse(args.runs, args.preset, keep=args.save)
        elif args.command == "shots":
            import build_shots

            for path in build_shots.shots():
                print(f"wrote {path.relative_to(ROOT)}")
        else:
            build()
            print(f"built {DIST.relative_to(ROOT)}/ ({dist_size() / 1_000_000:.2f} MB)")
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    # The commands' own modules (build_bench, build_lighthouse) import this file as
    # `build` and raise its BuildError, another class than this run's __main__.BuildError:
    # main() is run from that module, so that their errors too end in one line.
    import build

    sys.exit(build.main())
