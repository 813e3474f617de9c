"""The page's wiring: the browser's side of the page's controller
(archipelago.page.controller), the controller made with it, and the page's events sent
to it. The state and every decision live in archipelago.page, under CPython tests; here
and in the other modules of static/page/ is only what touches the browser. Computer
players think in a Web Worker (static/computer/worker.js), never on the page's thread.
"""

# ruff: noqa: E402 (imports come after the pause below and after the start mark)
import asyncio

# PyScript's own setup runs in the task that runs this module: a task goes by before our
# imports, and another before the first drawing (below), so that the page's thread is
# never busy with two of them at once (a long task delays input and painting).
await asyncio.sleep(0)  # type: ignore[top-level-await]  # noqa: F704 (PyScript's await)

import json
import secrets
from collections.abc import Callable
from typing import Any

import js as this_thread  # the globals of the thread Python runs on (a worker, or the page)
from bridge import connect, handle_within, listen, on_page
from club_ui import ClubUI
from dialogs_ui import DialogsUI
from display_ui import Sounds
from distance_ui import DistanceUI
from games_ui import GamesUI
from picture_ui import PictureUI
from pyodide.ffi import create_once_callable
from pyscript import document, window
from tutorial_ui import TutorialUI
from zoom_ui import ZoomUI

# The runtime handed over: `python build.py bench` times what the page adds from here.
window.performance.mark("archipelago-python")
if hasattr(this_thread, "WorkerGlobalScope"):  # (PyScript gives a worker a `document` too)
    # In a worker, the runtime's start marked the worker's own timeline
    # (static/start/pyodide_start.mjs): the page's gets the same, where the bench and the
    # tests look.
    if this_thread.performance.getEntriesByName("python-from-snapshot").length:
        window.performance.mark("python-from-snapshot")
    for runtime in this_thread.performance.getEntriesByName("python-runtime"):
        span = {"duration": float(runtime.duration), "end": float(window.performance.now())}
        window.performance.measure("python-runtime", window.JSON.parse(json.dumps(span)))

from worker_client import WorkerClient

from archipelago.i18n import chosen_language, use_catalogue
from archipelago.page.controller import PageController
from archipelago.page.input.handlers import PageInput


def by_id(name: str) -> Any:
    return document.getElementById(name)


class BrowserSide:
    """What the controller asks of the browser (archipelago.page.browser.Browser)."""

    def __init__(self) -> None:
        self.sounds = Sounds()

    def send(self, batch: str) -> str:
        # index.html's applyPageChanges: everything one action does, in one call.
        return str(on_page.applyPageChanges(batch) or "")

    def storage_items(self) -> dict[str, str]:
        items: dict[str, str] = json.loads(str(on_page.storageItems()))
        return items

    def clock(self) -> float:
        return float(this_thread.performance.now())

    def date_now(self) -> float:
        return float(this_thread.Date.now())

    def new_id(self) -> str:
        return secrets.token_hex(8)

    def set_timer(self, delay_ms: float, callback: Callable[[], None]) -> None:
        this_thread.setTimeout(create_once_callable(callback), delay_ms)

    def play_sound(self, name: str) -> bool:
        return self.sounds.play(name)

    def fetch_text(self, path: str, done: Callable[[str | None], None]) -> None:
        # static/start/page_storage.js's puzzleSet: the network, or the copy it kept.
        async def fetched() -> None:
            text = await on_page.puzzleSet(path)
            done(None if text is None else str(text))

        asyncio.ensure_future(fetched())


def early_values() -> dict[str, Any]:
    """What index.html's first paint left for Python (the view it painted, the fragments
    its cleaner changed, the clicks made meanwhile, the page's version), in one call."""
    found: dict[str, Any] = json.loads(on_page.earlyValues())
    return found


async def speak_the_pages_language() -> None:
    """Install the catalogue of the page's language (static/start/language.js fetched
    it with the runtime, most often long arrived) before anything is drawn."""
    while not (found := str(on_page.pageLanguage())):
        await asyncio.sleep(0.02)
    given = json.loads(found)
    catalogue = given["catalogue"]

    def text(value: Any) -> str | None:
        return value if isinstance(value, str) else None

    # Python's own choice from what the page chose with: the catalogue is used only for
    # that language (a page script out of step with archipelago.i18n speaks English).
    browser = [code for code in given.get("browser") or [] if isinstance(code, str)]
    code = chosen_language(text(given.get("asked")), text(given.get("stored")), browser)
    same = catalogue and code == given["code"]
    use_catalogue(code, catalogue.encode("latin-1") if same else None)


def main() -> None:
    page = PageController(BrowserSide(), WorkerClient, early_values())
    handle_within(page.within)  # each event one action: its changes in one call
    games = GamesUI(page)  # the Games dialog, and games saved to files
    dialogs = DialogsUI(page)  # New game, Share and How to play
    distance = DistanceUI(page)  # games played by link, and links opened
    PictureUI(page)  # the position and the moves as pictures
    board = ZoomUI()  # pinch-zoom and pan
    player = PageInput(page, board.ends_gesture, games.render)
    tutorial = TutorialUI(player.lesson)  # How to play's board
    ClubUI(page, player.club).listen_for_files()  # the tournament's form, files and link
    listen("#board", "focus", player.on_board_focus)
    listen("#board", "click", player.on_board_click)
    listen("#board", "mouseover", player.on_board_hover)
    listen("#board", "mouseleave", player.on_board_leave)
    listen("document", "keydown", player.on_key)
    listen("document", "click", player.on_click)  # the only click listener: one message
    listen("#picker", "submit", player.on_move_form)
    listen("#note-form", "submit", player.on_note_form)
    listen("#command-form", "submit", player.on_command_line)
    listen("#game-switch", "change", player.on_game_switch)
    listen("#new-game-form", "submit", dialogs.submit_new_game)
    listen("#new-game-form", "change", dialogs.on_form_change)
    listen("window", "hashchange", distance.open_link)
    listen("window", "storage", games.changed_elsewhere)
    games.listen_for_files()
    connect()  # every listener asked for so far, the other modules' too, in one call

    def open_page() -> None:
        query, link = str(window.location.search or ""), str(window.location.hash or "")
        plan = page.restore(query, link)
        if plan.embed:
            document.body.classList.add("embed")
        if plan.drop_query:  # (a link beside the options goes with them, unread)
            # but the language the address asks for stays, for a reload to speak it
            asked = [part for part in query.lstrip("?").split("&") if part.startswith("lang=")]
            kept = f"?{asked[0]}" if asked else ""
            window.history.replaceState(None, "", str(window.location.href).split("?")[0] + kept)
        distance.open_link()
        page.play_early_input()
        tutorial.go_live()  # a lesson opened while the page started

    page.within(open_page)
    document.body.classList.remove("loading")
    document.body.dataset.ready = "1"
    # The worker (its own Pyodide) starts once the page is idle: the first hint need not wait.
    idle = getattr(this_thread, "requestIdleCallback", None) or this_thread.setTimeout
    idle(create_once_callable(lambda *_: page.worker.start()))


# The second pause: between the imports above and the first drawing.
await asyncio.sleep(0)  # type: ignore[top-level-await]  # noqa: F704 (PyScript's await)
await speak_the_pages_language()  # type: ignore[top-level-await]  # noqa: F704
main()
