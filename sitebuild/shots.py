"""`python build.py shots`: the README's screenshots, taken from the built page.

Each picture is a game opened from a share link (the page's own way to carry a game), so
the screenshots show real positions and can be retaken after any change to the page.
Which pictures, of which games, the games' manifests say (``screenshots``). In another
language (``--lang fr``) the same pictures go to dist/shots/fr/, taken in a browser of that
language, to see that the longer words of German or French still fit.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from archipelago.manifest import Shot
from archipelago.page.saved.distance import share_payload
from archipelago.page.saved.links import LINK_PARAM, encode_link
from archipelago.page.session import PERSON, Session
from archipelago.registry import game_class, manifests, new_game

from . import assemble, serve
from .paths import CHROMIUM, CHROMIUM_ARGS, DIST, ROOT

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

DOCS = ROOT / "docs"
READY = "document.body && document.body.dataset.ready === '1'"


def played(game_name: str, shot: Shot) -> Session:
    """The shot's opening moves, then random legal moves (passes and ends of turns
    avoided while stones can still go down), so the board has a score worth showing."""
    players = shot.players
    options = {"players": players} if len(game_class(game_name).player_counts) > 1 else {}
    game: Any = new_game(game_name, size=shot.size, **options)
    for move in shot.opening:
        game.push(move)
    rng = random.Random(shot.seed)
    for _ in range(shot.moves):
        codes = game.legal_codes()
        texts = {code: game.code_text(code) for code in codes}
        quiet = [c for c in codes if texts[c] not in ("pass", "end", "play-second", "take-button")]
        if game.is_over or not quiet:
            break
        game.push_code(rng.choice(quiet))
    names = ["Ann", "Bob", "Cy", "Dee"][:players]
    return Session(game, names, [PERSON] * players)


def link(session: Session) -> str:
    return f"#{LINK_PARAM}{encode_link(share_payload(session))}"


def shots(languages: list[str] | None = None) -> list[Path]:
    """Build dist/, serve it on a free loopback port and take the README's pictures, in
    each of ``languages`` (English only by default)."""
    from playwright.sync_api import sync_playwright

    server = serve.make_server(0, assemble.build())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    views = [(shot, played(m.name, shot)) for m in manifests() for shot in m.screenshots]
    taken = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for language, (shot, session) in (
                (language, view) for language in languages or ["en"] for view in views
            ):
                viewport: ViewportSize = {"width": shot.width, "height": shot.height}
                context = browser.new_context(
                    viewport=viewport, has_touch=shot.touch, locale=language
                )
                page = context.new_page()
                page.goto(base + ("" if language == "en" else f"?lang={language}") + link(session))
                page.wait_for_function(READY)
                page.click("[data-command='dismiss']")  # the note that a link was opened
                if shot.hover:
                    page.hover(f"#board [data-cell='{shot.hover}']")  # what hovering draws
                page.wait_for_timeout(600)  # the last stone's animation
                path = (
                    DOCS / shot.file if language == "en" else DIST / "shots" / language / shot.file
                )
                path.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(path))
                taken.append(path)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return taken
