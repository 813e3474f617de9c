"""The browser layer of the page: the only Python that touches the DOM.

It wires clicks, keys and the worker's messages to archipelago.page (the session, the
computer seats' scheduler, storage, the message protocol and every panel's HTML), and
puts what those build into the page. Rules live in the engine; computer players think
in a Web Worker (static/ai_worker.js), never on the page's thread.
"""

import asyncio
import inspect
import secrets

from games_ui import GamesUI
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from archipelago.errors import ArchipelagoError
from archipelago.page import dialogs, protocol, startup, view
from archipelago.page.library import Library
from archipelago.page.scheduler import Scheduler
from archipelago.page.storage import Storage, session_from_settings
from archipelago.pagedata import LINK_PARAM, encode_link

WORKER_URL = "./static/ai_worker.js"
TAKE_BACK = ("undo", "redo", "undo-turn", "redo-turn")
STEPS = set(startup.REVIEW_KEYS.values())  # the history's step buttons: data-command="review-back"


def by_id(name):
    return document.getElementById(name)


def js(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


class WorkerClient:
    """The page's end of the computer players' Web Worker (see archipelago.page.protocol)."""

    def __init__(self, on_message):
        self.on_message = on_message
        self.worker = None
        self.ready = False
        self.proxies = []

    def start(self):
        if self.worker is None:
            self.worker = window.Worker.new(WORKER_URL, js({"type": "module"}))
            self.proxies = [create_proxy(self.receive), create_proxy(self.failed)]
            self.worker.addEventListener("message", self.proxies[0])
            self.worker.addEventListener("error", self.proxies[1])

    def post(self, message):
        self.start()
        self.worker.postMessage(js(message))

    def failed(self, event):
        """The worker's script could not load or run (a broken or partial site)."""
        event.preventDefault()
        self.worker = None
        reason = str(getattr(event, "message", "") or "it did not load")
        self.on_message(protocol.error_reply(None, reason))

    def receive(self, event):
        data = event.data.to_py()
        if isinstance(data, dict) and data.get("type") == "ready":
            self.ready = True
        self.on_message(data)


class Page:
    def __init__(self):
        store = window.localStorage
        self.storage = Storage(
            lambda key: store.getItem(key),
            lambda k, v: store.setItem(k, v),
            remove=lambda key: store.removeItem(key),
        )
        # The games of this browser; None on an embedded page, which keeps one game.
        self.library = Library(self.storage, window.Date.now, lambda: secrets.token_hex(8))
        self.games = GamesUI(self)
        self.settings = self.storage.settings()
        self.labels = self.storage.labels()
        self.choice = 1  # what a click plays (Archipelago: the colour)
        self.cursor = None  # the keyboard cursor: (cell name, column)
        self.hover = None
        self.previewed = None  # the small cell a first tap previewed (startup.tap_preview)
        self.proxies = []
        self.drawn = {}  # selector -> the HTML last put there
        self.url_settings = None  # the settings an embedded page takes from its URL
        self.signature = None  # the URL options an embedded game was set up with
        self.worker = WorkerClient(lambda message: self.scheduler.receive(message))
        self.session = session_from_settings(self.settings)
        clock = window.performance.now
        self.scheduler = Scheduler(self.session, self.worker, clock, self.set_timer, self.notify)
        self.commands = {  # what keys and buttons (data-command) do, by name
            "play": self.play,
            "pick": self.pick,
            **{how: lambda *_, how=how: self.take_back(how) for how in TAKE_BACK},
            "hint": self.ask_hint,
            "stop": lambda *_: self.scheduler.stop(),
            "pause": self.toggle_pause,
            "step": lambda *_: self.scheduler.step(),
            "back": self.leave_history,
            "cursor": self.move_cursor,
            "enter": self.enter,
            "escape": self.escape,
            "new-game": self.open_new_game,
            "cancel-new-game": lambda *_: by_id("new-game").close(),
            "save": lambda *_: self.games.save_file(),
            "share": self.open_share,
            "copy-share": self.copy_share,
            "close-share": lambda *_: by_id("share").close(),
            "labels": self.toggle_labels,
            "dismiss": self.clear_message,
            "restart": self.restart,
            "review": lambda how: self.show_turn(None, how),
            **{f"review-{how}": lambda *_, how=how: self.show_turn(None, how) for how in STEPS},
            "games": lambda *_: self.games.open(),
            "load": lambda *_: by_id("load-input").click(),  # a real button, in Tab order
            "close-games": lambda *_: by_id("games").close(),
            "welcome-computer": lambda *_: self.start(
                startup.against_computer(self.settings), True
            ),
            "welcome-people": lambda *_: self.greet(False),
        }

    # ---------------------------------------------------------------- game setup
    def start(self, session, beside=False):
        """Show ``session``; with ``beside`` it is a new game stored beside the others
        (in place of the game on the board only when that has no move: nothing is lost)."""
        if beside and self.library is not None:
            self.library.add(session, replace=not self.session.can_undo)
        if beside:
            self.greet(False)
        self.session = session
        self.choice = min(self.choice, session.game.player_count)
        self.cursor = self.hover = None
        self.save()
        self.render()
        self.scheduler.begin(session)

    def restart(self, *_):
        """New game button of an embedded page: the same setup as its URL gives."""
        self.start(session_from_settings(self.url_settings or self.settings))

    def restore(self):
        query = str(window.location.search or "")
        plan = startup.plan_start(query, self.storage, self.settings, self.library)
        self.url_settings, self.signature = plan.url_settings, plan.signature
        if plan.embed:
            document.body.classList.add("embed")
            self.library = None
        self.start(plan.session, beside=plan.beside)
        self.greet(plan.first_visit and not str(window.location.hash or ""))
        if plan.drop_query:
            window.history.replaceState(None, "", str(window.location.href).split("?")[0])
        if plan.problems:
            self.message(" ".join(plan.problems))
        self.open_link()

    def open_link(self, *_):
        hash_text = str(window.location.hash or "")
        try:
            session = startup.session_from_link(hash_text)
        except ArchipelagoError as error:
            session = None
            self.message(startup.BAD_LINK.format(error=error))
        if hash_text.startswith("#" + LINK_PARAM):
            window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        if session is not None:
            self.start(session, beside=True)
            self.message(startup.LINK_OPENED, kind="info")

    def save(self):
        self.games.save()

    # ---------------------------------------------------------------- messages
    def message(self, text, kind="error"):
        box = by_id("message")
        box.className = f"message {kind}"
        box.querySelector(".text").textContent = text
        box.hidden = False

    def clear_message(self, *_):
        by_id("message").hidden = True

    def notify(self, event, text):
        """What the scheduler reports."""
        if event == "played":
            self.changed()
        elif event == "problem":
            self.message(text)
        elif event == "hint":
            self.render_overlay()
        self.render_computer()

    def set_timer(self, delay, callback):
        window.setTimeout(create_once_callable(callback), delay)

    # ---------------------------------------------------------------- moves
    def play(self, move):
        """A person's move; a refusal shows its message and changes nothing."""
        problem = self.session.person_move(move)
        if problem:
            self.message(problem, kind="info" if self.session.confirming else "error")
            self.render()  # a refused move still leaves the history view
            return
        self.changed()
        self.scheduler.moved()

    def take_back(self, how):
        problem = self.session.take_back(how)
        if problem:
            self.message(problem)
            return
        self.changed()
        self.scheduler.taken_back()

    def greet(self, shown):
        """The first visit's welcome, until a first move, a choice in it or a new game."""
        by_id("welcome").hidden = not shown

    def changed(self):
        self.greet(False)
        self.clear_message()
        self.save()
        self.render()

    def pick(self, choice):
        if 1 <= choice <= self.session.game.player_count:
            self.choice = choice
            self.render_controls()
            self.render_overlay()

    def show_turn(self, count, how=None):
        """Show the board after ``count`` turns, or a step ``how`` ("back", ...) away."""
        if how:
            self.session.review(how)
        else:
            self.session.show_turn(count)
        self.render()
        self.scheduler.drive()

    def leave_history(self, *_):
        self.session.leave_history()
        self.render()
        self.scheduler.drive()

    def ask_hint(self, *_):
        if self.session.viewing is not None:
            self.leave_history()
        self.scheduler.ask_hint()

    def toggle_pause(self, *_):
        self.scheduler.toggle_pause()
        if not self.scheduler.paused:
            self.clear_message()

    # ---------------------------------------------------------------- rendering
    def apply(self, changes):
        """Put what archipelago.page.view decided into the page. HTML is replaced only when
        it changed, and a button redrawn under the keyboard focus gets the focus back."""
        active = document.activeElement
        focused = str(active.id or "") if active else ""
        for selector, props in changes.items():
            element = document.querySelector(selector)
            if not element:
                continue
            for prop, value in props.items():
                if prop == "html":
                    # Only top-level elements are remembered: nested ones are redrawn with
                    # their parent.
                    if " " in selector or self.drawn.get(selector) != value:
                        element.innerHTML = value
                        self.drawn[selector] = value
                elif prop == "text":
                    element.textContent = value
                elif prop == "attrs":
                    for name, text in value.items():
                        element.setAttribute(name, text)
                else:
                    setattr(element, prop, value)
        if focused and not (document.activeElement and document.activeElement.id == focused):
            again = by_id(focused)
            if again:
                again.focus()

    def render(self):
        self.apply(view.game_changes(self.session, self.labels))
        history, shown = by_id("history"), document.querySelector("#history [aria-current]")
        # The turn shown stays in view (without scrolling the page); else the latest one.
        history.scrollTop = shown.offsetTop - history.clientHeight / 2 if shown else 1e9
        self.render_controls()
        self.render_overlay()
        self.render_computer()

    def render_controls(self):
        self.apply(view.control_changes(self.session, self.choice, self.labels))

    def render_overlay(self):
        # A tap's preview stays under the finger whatever the emulated mouse events say.
        hint, target = self.scheduler.hint_move, self.previewed or self.hover
        self.apply(view.overlay_changes(self.session, self.choice, target, self.cursor, hint))

    def render_computer(self):
        self.apply(view.computer_changes(self.session, self.scheduler, self.worker.ready))

    # ---------------------------------------------------------------- events
    def listen(self, element, event, fn):
        proxy = create_proxy(fn)
        self.proxies.append(proxy)
        element.addEventListener(event, proxy)

    def closest(self, event, selector):
        # JS null arrives as a false JsNull, not None.
        target = event.target.closest(selector) if event.target.closest else None
        return target or None

    def on_board_click(self, event):
        cell = self.closest(event, "[data-cell]")
        if cell is None:
            return
        if self.session.viewing is not None:
            self.leave_history()
            return
        self.cursor, name = None, str(cell.getAttribute("data-cell"))
        touch, width = str(event.pointerType or ""), cell.getBoundingClientRect().width
        self.hover, self.previewed = name, startup.tap_preview(touch, width, self.previewed, name)
        if self.previewed:  # a small cell under a finger: the first tap only previews
            return self.render_overlay()
        self.play(self.session.kit.click_move(self.session.game, name, self.choice))

    def on_board_hover(self, event):
        cell = self.closest(event, "[data-cell]")
        name = cell.getAttribute("data-cell") if cell else None
        if name != self.hover:
            self.hover = name
            self.render_overlay()

    def on_board_leave(self, _event):
        self.hover = None
        self.render_overlay()

    def on_key(self, event):
        if by_id("new-game").open or by_id("share").open or by_id("games").open:
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        session = self.session
        command = startup.key_command(
            event.key,
            ctrl=bool(event.ctrlKey or event.metaKey),
            alt=bool(event.altKey),
            on_button=tag == "button" and event.target.id != "board",
            kit=session.kit,
            session=session,
        )
        if command is not None:
            name, value = command
            self.commands[name](value)
            if name != "escape":  # Escape also closes what the browser closes
                event.preventDefault()

    def move_cursor(self, key="ArrowUp"):
        if self.session.viewing is not None:
            self.leave_history()
        self.cursor = self.session.kit.move_cursor(self.session.game, self.cursor, key)
        self.hover = None
        self.render_overlay()

    def enter(self, *_):
        if self.cursor is None:
            self.move_cursor()
        else:
            self.play(self.session.kit.click_move(self.session.game, self.cursor[0], self.choice))

    def escape(self, *_):
        self.clear_message()
        if self.session.viewing is not None:
            self.leave_history()

    # ---------------------------------------------------------------- dialogs
    def form_fields(self):
        fields = {}
        for element in by_id("new-game-form").elements:
            if element.name:
                checkbox = element.type == "checkbox"
                fields[element.name] = bool(element.checked) if checkbox else str(element.value)
        return fields

    def open_new_game(self, *_):
        by_id("new-game-fields").innerHTML = dialogs.new_game_form_html(self.settings)
        by_id("new-game-error").textContent = ""
        by_id("new-game").showModal()

    def on_form_change(self, event):
        name = str(event.target.name or "")
        fields = self.form_fields()
        if name == "game":
            by_id("new-game-fields").innerHTML = dialogs.form_for_game(fields, self.settings)
            return
        form = by_id("new-game-form")
        for key, changes in dialogs.form_updates(fields, name).items():
            element = by_id(key) or form.elements.namedItem(key)
            for prop, value in changes.items():
                setattr(element, prop, value)

    def submit_new_game(self, event):
        event.preventDefault()
        try:
            settings = dialogs.read_new_game_form(self.form_fields())
            session = session_from_settings(settings)
        except (ValueError, ArchipelagoError) as error:
            by_id("new-game-error").textContent = str(error)
            return
        self.settings = settings
        self.storage.save_settings(settings)
        by_id("new-game").close()
        self.clear_message()
        self.start(session, beside=True)

    def open_share(self, *_):
        base = str(window.location.href).split("#")[0]
        field = by_id("share-url")
        field.value = f"{base}#{LINK_PARAM}{encode_link(self.session.payload())}"
        by_id("share-note").textContent = ""
        by_id("share").showModal()
        field.select()

    async def copy_share(self, *_):
        try:
            await window.navigator.clipboard.writeText(by_id("share-url").value)
            by_id("share-note").textContent = "Copied."
        except Exception:
            by_id("share-url").select()
            by_id("share-note").textContent = "Select the link and copy it by hand."

    def toggle_labels(self, *_):
        self.labels = not self.labels
        self.storage.save_labels(self.labels)
        self.render()

    def on_command(self, event):
        """Buttons carry data-command (index.html) or, drawn from Python, data-turn,
        data-colour or data-move."""
        button = self.closest(event, "[data-command],[data-turn],[data-colour],[data-move]")
        if button is None:
            return
        command, turn, colour, move = (
            button.getAttribute(f"data-{name}") for name in ("command", "turn", "colour", "move")
        )
        if command in ("continue-game", "delete-game"):
            self.games.pick(str(command), str(button.getAttribute("data-game")))
        elif command:
            done = self.commands[str(command)]()
            if inspect.iscoroutine(done):  # copying to the clipboard waits for the browser
                asyncio.ensure_future(done)
        elif turn:
            self.show_turn(int(turn))
        elif colour:
            self.pick(int(colour))
        elif move:
            self.play(str(move))

    def wire(self):
        board = by_id("board")
        self.listen(board, "click", self.on_board_click)
        self.listen(board, "mouseover", self.on_board_hover)
        self.listen(board, "mouseleave", self.on_board_leave)
        self.listen(document, "keydown", self.on_key)
        self.listen(document, "click", self.on_command)
        self.listen(by_id("load-input"), "change", self.games.load_file)
        self.listen(by_id("new-game-form"), "submit", self.submit_new_game)
        self.listen(by_id("new-game-form"), "change", self.on_form_change)
        self.listen(window, "hashchange", self.open_link)
        self.listen(window, "storage", self.games.changed_elsewhere)


def main():
    page = Page()
    page.wire()
    page.restore()
    document.body.classList.remove("loading")
    document.body.dataset.ready = "1"
    return page


PAGE = main()
