"""index.html as the site ships it: the source page with what only the build knows
written in at its marks (plugins, version, files to fetch at start, the inline PyScript
configuration, the description, the pre-rendered first views and each lesson's first
step)."""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any

from . import inline
from .paths import BUILD_CACHE, PLUGINS_OFF, PYSCRIPT_CONFIG, ROOT, BuildError
from .serve import SHIPPED_QUALITY, brotli_copies

# Where index.html's MicroPython config takes pyscript.toml's list of plugins.
PLUGINS_MARK = '"the plugins of pyscript.toml"'
# Where index.html takes the page's version and a new game's pre-rendered first view.
VERSION_MARK = 'data-version="the version of the page"'
# Where index.html takes its description for search engines, made from the games' titles.
DESCRIPTION_MARK = '<meta name="description" content="the games of the registry">'
VIEW_MARK = (
    '<script type="application/json" id="first-view">"the first view of a new game"</script>'
)
# Where index.html takes each game's lesson at its first step, to read while it loads.
LESSON_MARK = (
    '<script type="application/json" id="first-lesson">"the first step of each lesson"</script>'
)

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
# The large files the loading bar counts (static/start/loading_progress.js), and where it
# takes their sizes.
COUNTED_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "archipelago.zip")
SIZES_MARK = """{"the runtime files' sizes": 0}"""
CONFIG_FILE = 'config="./pyscript.toml"'


def script_json(value: Any) -> str:
    """``value`` as JSON fit for a <script> element: no "</script>" inside it."""
    return json.dumps(value, sort_keys=True).replace("<", "\\u003c")


def first_view_json() -> str:
    """The first views (archipelago.page.view.first) of a new visitor's game, as JSON fit
    for a <script>: {address query: view}, "" for the page with no options (its first
    game) and "game=NAME" for each other game, each as the page starts it for that
    address, so that Python draws over it the same thing."""
    from archipelago.page.saved.storage import Storage
    from archipelago.page.start import first_game, plan_start
    from archipelago.page.view.first import first_view
    from archipelago.page.view.welcome import welcome_changes
    from archipelago.registry import DEFAULT_GAME, game_names

    def new_visitor() -> Storage:
        return Storage(lambda key: None, lambda key, value: None)

    settings = new_visitor().settings()
    views = {"": first_view(first_game(settings), True)}
    for name in game_names():
        if name != DEFAULT_GAME:
            plan = plan_start(f"?game={name}", new_visitor(), settings)
            # With its welcome's words: a first visit by a link to the game is greeted.
            view = {**first_view(plan.session, True), **welcome_changes(name)}
            views[f"game={name}"] = view
    return script_json(views)


def first_lessons_json() -> str:
    """Each game's lesson at its first step (archipelago.page.lessons.waiting_first_steps)
    as JSON fit for a <script>: {game: changes of the How to play dialog}."""
    from archipelago.page.lessons import waiting_first_steps

    return script_json(waiting_first_steps())


# What the page paints before Python, by its key in a language's first-paint file
# (sitebuild/locales.py writes each as its differences from English).
FIRST_PAINTS = {"views": first_view_json, "lessons": first_lessons_json}


def write_posters(dist: Path) -> list[str]:
    """Write the click-to-play posters (archipelago.page.view.poster) into ``dist``: one
    small file per game and board side, fetched only by a page that opens as a poster.
    Returns their paths in the site."""
    from archipelago.page.view.poster import poster_files

    files = poster_files()
    for name, poster in files.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(json.dumps(poster, separators=(",", ":")), encoding="utf-8")
    return list(files)


def page_version(dist: Path) -> str:
    """What a stored first view must match to be painted: a hash of what draws it."""
    digest = hashlib.sha256()
    for part in (
        ROOT / "index.html",
        *sorted(inline.START_SCRIPTS.glob("*.js")),
        ROOT / "static" / "page" / "app.py",
        dist / "archipelago.zip",
        *sorted((dist / "locale").glob("*")),  # each language's words and first views
    ):
        digest.update(part.read_bytes())
    return digest.hexdigest()[:16]


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


def counted_sizes(dist: Path, quality: int) -> dict[str, list[int]]:
    """{name: [size as a file, size of its brotli copy]} of the files the loading bar
    counts: the bar's share is of the first, its megabytes of what the server sends, the
    second until the server's own Content-Length says otherwise. The copies are the ones
    serve.precompress writes later (at brotli's ``quality``), made now (and kept in the
    build cache for it)."""
    files = [dist / name for name in COUNTED_FILES]
    copies = brotli_copies(files, BUILD_CACHE / "compressed", quality)
    return {
        name: [path.stat().st_size, len(copies[path])]
        for name, path in zip(COUNTED_FILES, files, strict=True)
    }


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


def index_page(
    source: Path, version: str = "", dist: Path | None = None, brotli_quality: int = SHIPPED_QUALITY
) -> str:
    """index.html with its scripts written in (``inline``), pyscript.toml's plugin list
    in its ``<mpy-config>``, the page's version, the pre-rendered first view of a new
    game and each lesson's first step; the sizes of ``dist``'s runtime files as the
    build compresses them (at ``brotli_quality``, serve.SHIPPED_QUALITY for the site)."""
    from archipelago.page.view.first import PAINTED

    text = inline.inline_start_scripts(source.read_text(encoding="utf-8"))
    for mark, value in (
        (PLUGINS_MARK, json.dumps(PLUGINS_OFF)),
        (VERSION_MARK, f'data-version="{version}"'),
        (START_MARK, json.dumps(start_files(dist) if dist else [])),
        (SIZES_MARK, json.dumps(counted_sizes(dist, brotli_quality) if dist else {})),
        (CONFIG_FILE, inline_config()),
        (DESCRIPTION_MARK, f'<meta name="description" content="{page_description()}">'),
        (
            VIEW_MARK,
            f'<script type="application/json" id="first-view" '
            f"data-painted='{json.dumps(PAINTED)}'>{first_view_json()}</script>",
        ),
        (
            LESSON_MARK,
            f'<script type="application/json" id="first-lesson">{first_lessons_json()}</script>',
        ),
    ):
        if text.count(mark) != 1:
            raise BuildError(f"{source.name} must hold {mark} once")
        text = text.replace(mark, value)
    return text
