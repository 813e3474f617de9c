"""The browser layer of the page: the only Python that touches the DOM.

It wires clicks, keys and the worker's messages to archipelago.page (the session, the
computer seats' scheduler, storage, the message protocol and every panel's HTML), and
puts what those build into the page. Rules live in the engine; computer players think
in a Web Worker (static/ai_worker.js), never on the page's thread.
"""

import json

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from archipelago.errors import ArchipelagoError, RecordError
from archipelago.page import dialogs, panels, protocol
from archipelago.page.scheduler import Scheduler
from archipelago.page.storage import (
    EMBED_GAME_KEY,
    Storage,
    clean_settings,
    session_from_payload,
    session_from_settings,
)
from archipelago.pagedata import LINK_PARAM, decode_link, encode_link, parse_options

WORKER_URL = "./static/ai_worker.js"


def by_id(name):
    return document.getElementById(name)


def js(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


def set_html(element, html):
    """Replace an element's HTML only when it changed (keeps focus on unchanged buttons)."""
    if element.innerHTML != html:
        element.innerHTML = html


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
        self.storage = Storage(lambda key: store.getItem(key), lambda k, v: store.setItem(k, v))
        self.settings = self.storage.settings()
        self.labels = self.storage.labels()
        self.choice = 1  # what a click plays (Archipelago: the colour)
        self.cursor = None  # the keyboard cursor: (cell name, column)
        self.hover = None
        self.proxies = []
        self.embed = False
        self.url_settings = None  # the settings an embedded page takes from its URL
        self.signature = None  # the URL options an embedded game was set up with
        self.worker = WorkerClient(lambda message: self.scheduler.receive(message))
        self.session = session_from_settings(self.settings)
        clock = window.performance.now
        self.scheduler = Scheduler(self.session, self.worker, clock, self.set_timer, self.notify)

    # ---------------------------------------------------------------- game setup
    def start(self, session):
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
        """At start: a link first, else the game the URL options ask for, else the stored
        game, else a new one."""
        options, self.embed, problems = parse_options(str(window.location.search or ""))
        if self.embed:
            self.storage.game_key = EMBED_GAME_KEY
            document.body.classList.add("embed")
            self.url_settings = clean_settings(options)
        signature = json.dumps(options, sort_keys=True) if options else None
        self.signature = signature if self.embed else None
        stored = self.storage.stored_game()
        if options and not (
            self.embed and isinstance(stored, dict) and stored.get("options") == signature
        ):
            # A page opened with game options starts that game (an embedded one keeps it
            # over reloads while its URL stays the same).
            self.start(session_from_settings(self.url_settings or {**self.settings, **options}))
            if not self.embed:
                window.history.replaceState(None, "", str(window.location.href).split("?")[0])
        else:
            session, problem = self.storage.game()
            self.start(session or session_from_settings(self.url_settings or self.settings))
            if problem:
                self.message(
                    f"The game kept from your last visit could not be read ({problem}), so a "
                    "new game was started; the old one is kept aside in the browser's storage."
                )
        if problems:
            self.message(
                "Some options in the address were not understood, so their "
                "defaults are used: " + "; ".join(problems) + "."
            )
        self.open_link()

    def open_link(self, *_):
        hash_text = str(window.location.hash or "")
        if not hash_text.startswith("#" + LINK_PARAM):
            return
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        try:
            session = session_from_payload(decode_link(hash_text[1 + len(LINK_PARAM) :]))
        except ArchipelagoError as error:
            self.message(
                f"This share link does not hold a game that can be opened: {error}. "
                "The current game is unchanged."
            )
            return
        self.start(session)
        self.message("Opened the game from the share link.", kind="info")

    def save(self):
        self.storage.save_game(self.session, self.signature)

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
            self.clear_message()
            self.save()
            self.render()
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
        session = self.session
        if session.computer_to_move:
            name = session.name_of(session.game.to_move)
            self.message(
                f"It is {name}'s turn, and a computer plays that seat. Wait for it, "
                "press Stop to make it play at once, or Undo."
            )
            return
        try:
            session.push(move)
        except ArchipelagoError as error:
            self.message(str(error)[:1].upper() + str(error)[1:] + ".")
            self.leave_history()
            return
        self.clear_message()
        self.save()
        self.render()
        self.scheduler.moved()

    def take_back(self, action, nothing):
        try:
            done = action()
        except (ArchipelagoError, IndexError):
            done = None
        if not done:
            self.message(nothing)
            return
        self.clear_message()
        self.save()
        self.render()
        self.scheduler.taken_back()

    def undo(self, *_):
        self.take_back(self.session.undo, "Nothing to undo.")

    def redo(self, *_):
        self.take_back(self.session.redo, "Nothing to redo.")

    def undo_turn(self, *_):
        self.take_back(self.session.undo_turn, "Nothing to undo.")

    def redo_turn(self, *_):
        self.take_back(self.session.redo_turn, "Nothing to redo.")

    def pick(self, choice):
        if 1 <= choice <= self.session.game.player_count:
            self.choice = choice
            self.render_controls()
            self.render_overlay()

    def show_turn(self, count):
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
    def render(self):
        session, kit = self.session, self.session.kit
        by_id("title").textContent = kit.title
        by_id("board").innerHTML = kit.board_svg(session, self.labels)
        side = kit.side_panel(session)
        by_id("game-panel").hidden = side is None
        if side is not None:
            by_id("game-panel-title").textContent = side[0]
            by_id("game-panel-body").innerHTML = side[1]
        set_html(by_id("status"), panels.status_html(session))
        over = session.viewing is None and session.game.is_over
        by_id("gameover").hidden = not over
        if over:
            set_html(by_id("gameover"), kit.gameover_html(session))
        by_id("players").innerHTML = kit.players_html(session)
        history = by_id("history")
        history.innerHTML = panels.history_html(session)
        history.scrollTop = history.scrollHeight
        self.render_controls()
        self.render_overlay()
        self.render_computer()

    def render_controls(self):
        session = self.session
        set_html(by_id("picker"), session.kit.picker_html(session, self.choice))
        actions = session.kit.actions(session, session.viewing is None)
        set_html(by_id("move-actions"), panels.actions_html(actions))
        buttons = panels.undo_buttons(session)
        by_id("undo").disabled = by_id("undo-turn").disabled = not buttons.undo
        by_id("redo").disabled = by_id("redo-turn").disabled = not buttons.redo
        by_id("labels").setAttribute("aria-pressed", "true" if self.labels else "false")

    def render_overlay(self):
        overlay = by_id("board").querySelector(".overlay")
        if not overlay:
            return
        session = self.session
        cursor = self.cursor[0] if self.cursor else None
        target = self.hover if self.hover is not None else cursor
        hint = self.scheduler.hint_move
        overlay.innerHTML = session.kit.overlay_svg(session, self.choice, target, cursor, hint)
        live = session.viewing is None and not session.shown.is_over
        by_id("hint").textContent = session.kit.cell_words(session, self.choice, target, live)

    def render_computer(self):
        panel = panels.computer_panel(self.session, self.scheduler, self.worker.ready)
        hint = by_id("hint-button")
        hint.hidden, hint.disabled = panel.hint_hidden, panel.hint_disabled
        stop = by_id("stop")
        stop.hidden, stop.disabled = panel.stop_hidden, panel.stop_disabled
        pause = by_id("pause")
        pause.hidden = panel.pause_hidden
        pause.textContent = panel.pause_label
        pause.setAttribute("aria-pressed", "true" if panel.paused else "false")
        step = by_id("step")
        step.hidden, step.disabled = panel.step_hidden, panel.step_disabled
        body = document.body.dataset
        body.thinking = self.scheduler.thinking
        body.paused = "1" if panel.paused else "0"
        body.lastAnswer = self.scheduler.last_answer  # a test hook: did Stop cut the search
        by_id("computer-note").textContent = panel.note

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
        self.cursor = None
        self.hover = name = cell.getAttribute("data-cell")
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

    def on_click(self, event):
        """Buttons drawn from Python: history turns, colours, moves, back to the game."""
        turn = self.closest(event, "[data-turn]")
        colour = self.closest(event, "[data-colour]")
        move = self.closest(event, "[data-move]")
        if turn:
            self.show_turn(int(turn.getAttribute("data-turn")))
        elif colour:
            self.pick(int(colour.getAttribute("data-colour")))
        elif move:
            self.play(move.getAttribute("data-move"))
        elif self.closest(event, "#back-to-game"):
            self.leave_history()

    def on_key(self, event):
        if by_id("new-game").open or by_id("share").open:
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        key, kit, game = event.key, self.session.kit, self.session.game
        ctrl = event.ctrlKey or event.metaKey
        actions = {a.key: a.move for a in kit.actions(self.session, True) if a.key}
        if ctrl and key.lower() in ("z", "y"):
            (self.undo if key.lower() == "z" else self.redo)()
        elif ctrl or event.altKey:
            return
        elif kit.choice_for_key(game, key) is not None:
            self.pick(kit.choice_for_key(game, key))
        elif key.startswith("Arrow"):
            if self.session.viewing is not None:
                self.leave_history()
            self.cursor = kit.move_cursor(game, self.cursor, key)
            self.hover = None
            self.render_overlay()
        elif key in ("Enter", " "):
            if tag == "button" and event.target.id != "board":
                return  # let the focused button do its own job
            if self.cursor is None:
                self.cursor = kit.move_cursor(game, None, "ArrowUp")
                self.render_overlay()
            else:
                self.play(kit.click_move(game, self.cursor[0], self.choice))
        elif key.lower() in actions:
            self.play(actions[key.lower()])
        elif key in ("h", "H"):
            self.ask_hint()
        elif key in ("s", "S"):
            self.scheduler.stop()
        elif key in ("u", "U", "Backspace"):
            self.undo()
        elif key in ("r", "R"):
            self.redo()
        elif key == "Escape":
            self.clear_message()
            if self.session.viewing is not None:
                self.leave_history()
            return
        else:
            return
        event.preventDefault()

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
        self.start(session)

    def save_file(self, *_):
        text = json.dumps(self.session.payload(), indent=1)
        blob = window.Blob.new(to_js([text]), js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = self.session.kit.file_stem(self.session.game) + ".json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.message(f"Saved the game as {link.download}.", kind="info")

    async def load_file(self, event):
        files = event.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        name = file.name
        event.target.value = ""
        try:
            text = await file.text()
            try:
                payload = json.loads(text)
            except ValueError as error:
                raise RecordError(f"it is not a JSON game record ({error})") from None
            session = session_from_payload(payload)
        except ArchipelagoError as error:
            self.message(f"Could not load {name}: {error}. The current game is unchanged.")
            return
        except Exception:
            self.message(f"Could not read {name}. The current game is unchanged.")
            return
        self.start(session)
        self.message(f"Loaded {name}.", kind="info")

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

    def wire(self):
        board = by_id("board")
        self.listen(board, "click", self.on_board_click)
        self.listen(board, "mouseover", self.on_board_hover)
        self.listen(board, "mouseleave", self.on_board_leave)
        self.listen(document, "keydown", self.on_key)
        for area in ("history", "picker", "move-actions", "status"):
            self.listen(by_id(area), "click", self.on_click)
        buttons = {
            "undo": self.undo,
            "redo": self.redo,
            "undo-turn": self.undo_turn,
            "redo-turn": self.redo_turn,
            "new-game-button": self.open_new_game,
            "cancel-new-game": lambda *_: by_id("new-game").close(),
            "save-button": self.save_file,
            "share-button": self.open_share,
            "copy-share": self.copy_share,
            "close-share": lambda *_: by_id("share").close(),
            "labels": self.toggle_labels,
            "dismiss": self.clear_message,
            "hint-button": self.ask_hint,
            "stop": lambda *_: self.scheduler.stop(),
            "pause": self.toggle_pause,
            "step": lambda *_: self.scheduler.step(),
            "restart": self.restart,
        }
        for name, fn in buttons.items():
            self.listen(by_id(name), "click", fn)
        self.listen(by_id("load-input"), "change", self.load_file)
        self.listen(by_id("new-game-form"), "submit", self.submit_new_game)
        self.listen(by_id("new-game-form"), "change", self.on_form_change)
        self.listen(window, "hashchange", self.open_link)


def main():
    page = Page()
    page.wire()
    page.restore()
    document.body.classList.remove("loading")
    document.body.dataset.ready = "1"
    return page


PAGE = main()
