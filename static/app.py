"""The browser layer of the Archipelago page: the only Python that touches the DOM.

It keeps the page's state (the game, the players' names, the chosen colour, the cursor,
the redo list), turns clicks and keys into engine calls, and swaps in the SVG that
archipelago.render draws. Rules, scoring and records all live in the engine.
"""

import base64
import contextlib
import json

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from archipelago import render
from archipelago.errors import ArchipelagoError, RecordError
from archipelago.notation import format_turn
from archipelago.record import from_record, to_record
from archipelago.state import GameState
from archipelago.variant import Variant

SETTINGS_KEY = "archipelago.settings"
GAME_KEY = "archipelago.game"
LABELS_KEY = "archipelago.labels"
DEFAULT_SETTINGS = {
    "players": 2, "names": ["Ann", "Bob", "Cy", "Dee"], "size": 7, "stones": 2,
    "extra": "full", "scoring": "standard", "wunchunk": False, "frozen": None,
}
LINK_PARAM = "game="


def by_id(name):
    return document.getElementById(name)


def esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def read_storage(key):
    try:
        text = window.localStorage.getItem(key)
        return json.loads(text) if isinstance(text, str) else None
    except Exception:  # storage switched off or damaged: start afresh
        return None


def write_storage(key, value):
    # In private mode or with a full storage the page still works; it just forgets.
    with contextlib.suppress(Exception):
        window.localStorage.setItem(key, json.dumps(value))


def game_from_payload(payload):
    """A saved file, a link or stored data -> (GameState, names). Raises RecordError."""
    if not isinstance(payload, dict):
        raise RecordError("a game record must be a JSON object")
    record = dict(payload)
    names = record.pop("names", None)
    state = from_record(record)
    if not (isinstance(names, list) and len(names) == state.players
            and all(isinstance(n, str) and n.strip() for n in names)):
        names = [f"Player {p}" for p in state.colours]
    return state, [n.strip()[:24] for n in names]


def payload_of(state, names):
    payload = to_record(state)
    payload["names"] = list(names)
    return payload


def encode_link(payload):
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_link(text):
    try:
        padded = text + "=" * (-len(text) % 4)
        return json.loads(base64.urlsafe_b64decode(padded.encode()).decode())
    except Exception:
        raise RecordError("the link is damaged: its game data cannot be read") from None


class Page:
    def __init__(self):
        self.settings = {**DEFAULT_SETTINGS, **(read_storage(SETTINGS_KEY) or {})}
        labels = read_storage(LABELS_KEY)
        self.labels = True if labels is None else bool(labels)
        self.state = None
        self.names = []
        self.colour = 1
        self.cursor = None
        self.cursor_x = None
        self.hover = None
        self.redo = []
        self.viewing = None  # number of finished turns shown from history, or None
        self.view_state = None
        self.proxies = []

    # ---------------------------------------------------------------- game setup
    def start(self, state, names):
        self.state = state
        self.names = names
        self.redo = []
        self.viewing = None
        self.cursor = None
        self.hover = None
        if self.colour > state.players:
            self.colour = 1
        self.save()
        self.render()

    def new_game_from_settings(self):
        s = self.settings
        variant = Variant(stones=s["stones"], extra=s["extra"], scoring=s["scoring"],
                          wunchunk=s["wunchunk"], frozen=s["frozen"])
        names = [n.strip()[:24] or f"Player {i + 1}" for i, n in
                 enumerate(s["names"][: s["players"]])]
        self.start(GameState(s["size"], s["players"], variant), names)

    def restore(self):
        """The game to show at start: a link first, else the stored game, else a new one."""
        stored = read_storage(GAME_KEY)
        if stored is not None:
            try:
                self.start(*game_from_payload(stored))
            except ArchipelagoError:
                self.new_game_from_settings()
                self.message("The game kept from your last visit could not be read, "
                             "so a new game was started.")
        else:
            self.new_game_from_settings()
        self.open_link()

    def open_link(self, *_):
        hash_text = str(window.location.hash or "")
        if not hash_text.startswith("#" + LINK_PARAM):
            return
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        try:
            state, names = game_from_payload(decode_link(hash_text[1 + len(LINK_PARAM):]))
        except ArchipelagoError as error:
            self.message(f"This share link does not hold a game that can be opened: {error}. "
                         "The current game is unchanged.")
            return
        self.start(state, names)
        self.message("Opened the game from the share link.", kind="info")

    def save(self):
        write_storage(GAME_KEY, payload_of(self.state, self.names))

    # ---------------------------------------------------------------- messages
    def message(self, text, kind="error"):
        box = by_id("message")
        box.className = f"message {kind}"
        box.querySelector(".text").textContent = text
        box.hidden = False

    def clear_message(self, *_):
        by_id("message").hidden = True

    # ---------------------------------------------------------------- actions
    def shown(self):
        return self.view_state if self.viewing is not None else self.state

    def act(self, action, keep_redo=False):
        """Run one engine action; a refusal shows its message and changes nothing."""
        if self.viewing is not None:
            self.leave_history()
        try:
            action()
        except ArchipelagoError as error:
            self.message(str(error)[:1].upper() + str(error)[1:] + ".")
            return False
        self.clear_message()
        if not keep_redo:
            self.redo = []
        self.save()
        self.render()
        return True

    def place(self, cell):
        self.act(lambda: self.state.place(self.colour, cell))

    def end_turn(self, *_):
        self.act(self.state.end_turn)

    def pass_turn(self, *_):
        self.act(self.state.pass_turn)

    def _undo_one(self):
        """Undo the last action and return how to redo it."""
        state = self.state
        turns, stones = len(state.turns), list(state.turn_stones)
        finished = state.turns[-1] if state.turns else None
        state.undo()
        if len(state.turns) == turns:
            return ("stone", *stones[-1])
        if not finished:
            return ("pass",)
        left = list(state.turn_stones)
        if left == list(finished):
            return ("end",)
        # The last stone ended the turn: it is the one missing from the restored stones.
        for stone in finished:
            if stone in left:
                left.remove(stone)
            else:
                return ("stone", *stone)
        return ("stone", *finished[-1])

    def _redo_one(self, step):
        if step[0] == "stone":
            self.state.place(step[1], step[2])
        elif step[0] == "end":
            self.state.end_turn()
        else:
            self.state.pass_turn()

    def undo(self, *_):
        def run():
            self.redo.append(self._undo_one())
        self.act(run, keep_redo=True)

    def redo_step(self, *_):
        if not self.redo:
            self.message("Nothing to redo.")
            return

        def run():
            self._redo_one(self.redo[-1])
            self.redo.pop()
        self.act(run, keep_redo=True)

    def undo_turn(self, *_):
        """Take back the stones of the turn in progress, or else the whole previous turn."""
        def run():
            state = self.state
            if not state.turn_stones:
                self.redo.append(self._undo_one())
            while state.turn_stones:
                self.redo.append(self._undo_one())
        self.act(run, keep_redo=True)

    def redo_turn(self, *_):
        if not self.redo:
            self.message("Nothing to redo.")
            return

        def run():
            turns = len(self.state.turns)
            while self.redo and len(self.state.turns) == turns:
                self._redo_one(self.redo[-1])
                self.redo.pop()
        self.act(run, keep_redo=True)

    def pick(self, colour):
        if 1 <= colour <= self.state.players:
            self.colour = colour
            self.render_controls()
            self.render_overlay()

    # ---------------------------------------------------------------- history view
    def show_turn(self, count):
        if count >= len(self.state.turns) and not self.state.turn_stones:
            self.leave_history()
            return
        record = to_record(self.state)
        record["turns"] = record["turns"][:count]
        record.pop("current", None)
        self.view_state = from_record(record)
        self.viewing = count
        self.render()

    def leave_history(self, *_):
        self.viewing = None
        self.view_state = None
        self.render()

    # ---------------------------------------------------------------- rendering
    def player_label(self, player):
        sample = (f'<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
                  f"{render.stone(player, 0, 0, 9)}</svg>")
        return f'{sample}<span class="name">{esc(self.names[player - 1])}</span>'

    def render(self):
        state = self.shown()
        last = ()
        if self.viewing or state.turns and not state.turn_stones:
            last = state.turns[-1]
        by_id("board").innerHTML = render.board_svg(state, labels=self.labels, last_turn=last)
        by_id("track").innerHTML = render.track_svg(
            state, {p: self.names[p - 1] for p in state.colours})
        self.render_status()
        self.render_players()
        self.render_controls()
        self.render_history()
        self.render_overlay()

    def render_status(self):
        state = self.shown()
        box = by_id("status")
        rules = state.variant.describe(state.players)
        variation = (f'<p class="variation">Playing with: {esc(", ".join(rules))}</p>'
                     if rules else "")
        if self.viewing is not None:
            box.innerHTML = (
                f'<p class="viewing">Showing the board after turn {self.viewing} of '
                f'{len(self.state.turns)}. <button type="button" id="back-to-game">'
                "Back to the game</button></p>")
            by_id("back-to-game").onclick = self.proxy(self.leave_history)
            by_id("gameover").hidden = True
            return
        if state.is_over:
            box.innerHTML = (f'<p class="turn">Game over: {esc(state.end_reason)}.</p>'
                             f"{variation}")
            self.render_gameover()
            return
        by_id("gameover").hidden = True
        mover = state.to_move
        placed = len(state.turn_stones)
        plural = "s" if state.allowance != 1 else ""
        box.innerHTML = (
            f'<p class="turn">Turn {len(state.turns) + 1}: '
            f'<span class="mover" data-player="{mover}">{self.player_label(mover)}</span>'
            " to play</p>"
            f'<p class="left"><strong id="stones-left">{state.stones_left}</strong> of '
            f"{state.allowance} stone{plural} left"
            f"{f' ({placed} placed)' if placed else ''}</p>"
            f'<p class="why">Why: {esc(state.allowance_reason())}</p>{variation}')

    def render_players(self):
        state = self.shown()
        counts = state.group_counts()
        scores = state.shown_scores()
        ranks = state.ranks()
        word = "Chunks" if state.variant.wunchunk else "Groups"
        rows = []
        for p in state.colours:
            bonus = state.bonus(p)
            bonus_text = "+".join(str(v) for v in bonus.values()) or "–"
            frozen = p in state.frozen
            mark = ' <span class="frozen-badge" title="Frozen: rank can no longer change">' \
                   "frozen</span>" if frozen else ""
            cls = "frozen" if frozen else ""
            if state.to_move == p:
                cls += " to-move"
            rows.append(
                f'<tr class="{cls.strip()}" data-player="{p}" data-frozen="{int(frozen)}">'
                f'<td class="who">{self.player_label(p)}{mark}</td>'
                f'<td class="groups" data-value="{counts[p - 1]}">{counts[p - 1]}</td>'
                f'<td class="singles">{len(state.singles(p))}</td>'
                f'<td class="bonus" data-value="{sum(bonus.values())}">{bonus_text}</td>'
                f'<td class="score" data-value="{scores[p - 1]}">{scores[p - 1]}</td>'
                f'<td class="rank" data-value="{ranks[p - 1]}">{ranks[p - 1]}</td></tr>')
        by_id("players").innerHTML = (
            f"<table><thead><tr><th>Player</th><th>{word}</th>"
            '<th title="Single stones: they do not count">Singles</th><th>Bonus</th>'
            "<th>Score</th><th>Rank</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")

    def render_gameover(self):
        state = self.state
        outcome = state.outcome()
        box = by_id("gameover")
        order = sorted(state.colours, key=lambda p: outcome.ranks[p - 1])
        items = "".join(
            f'<li data-player="{p}" data-rank="{outcome.ranks[p - 1]}">'
            f'<span class="place">{outcome.ranks[p - 1]}.</span> {self.player_label(p)} '
            f"{outcome.groups[p - 1]} {'chunks' if state.variant.wunchunk else 'groups'}, "
            f"score {outcome.scores[p - 1]}</li>"
            for p in order)
        if len(outcome.winners) > 1:
            winners = " and ".join(esc(self.names[p - 1]) for p in outcome.winners)
            decided = f"{winners} share first place: equal on every tie-break."
        else:
            ahead, behind, criterion = outcome.tie_breaks[0]
            decided = (f"{esc(self.names[ahead - 1])} wins, ahead of "
                       f"{esc(self.names[behind - 1])} on {criterion}.")
        steps = "".join(
            f"<li>{esc(self.names[a - 1])} before {esc(self.names[b - 1])}: {c}</li>"
            for a, b, c in outcome.tie_breaks)
        box.innerHTML = (f'<h2>Game over</h2><ol class="ranking">{items}</ol>'
                         f'<p class="decided">{decided}</p>'
                         f'<details><summary>What separated each place</summary>'
                         f"<ul>{steps}</ul></details>")
        box.hidden = False

    def render_controls(self):
        state = self.state
        live = self.viewing is None
        for p in range(1, 5):
            button = by_id(f"pick-{p}")
            button.hidden = p > state.players
            button.setAttribute("aria-pressed", "true" if p == self.colour else "false")
            if p <= state.players:
                button.querySelector(".owner").textContent = self.names[p - 1]
        by_id("end-turn").disabled = not (live and state.can_end_turn)
        by_id("pass").disabled = not (live and state.can_pass)
        by_id("undo").disabled = not state.turns and not state.turn_stones
        by_id("undo-turn").disabled = not state.turns and not state.turn_stones
        by_id("redo").disabled = not self.redo
        by_id("redo-turn").disabled = not self.redo
        by_id("labels").setAttribute("aria-pressed", "true" if self.labels else "false")

    def render_history(self):
        state = self.state
        board = state.board
        items = []
        movers = self.movers()
        for number, turn in enumerate(state.turns, start=1):
            player = movers[number - 1]
            text = format_turn(board, turn)
            current = ' aria-current="true"' if self.viewing == number else ""
            items.append(
                f'<li><button type="button" class="turn-link" data-turn="{number}"{current}>'
                f'<span class="num">{number}.</span> {esc(self.names[player - 1])}: '
                f"<code>{text}</code></button></li>")
        if state.turn_stones:
            items.append(f'<li class="in-progress">{len(state.turns) + 1}. '
                         f"{esc(self.names[state.to_move - 1])}: <code>"
                         f"{format_turn(board, state.turn_stones)}</code> …</li>")
        history = by_id("history")
        history.innerHTML = "".join(items) or '<li class="empty">No turns yet.</li>'
        history.scrollTop = history.scrollHeight

    def movers(self):
        """Who played each finished turn (frozen players are skipped, so replay it).
        The replay is kept and extended while the game only grows."""
        turns = self.state.turns
        replay, movers = getattr(self, "_replay", (None, []))
        same_game = (replay is not None and replay.players == self.state.players
                     and replay.board is self.state.board
                     and replay.variant == self.state.variant
                     and replay.turns == turns[: len(replay.turns)])
        if not same_game:
            replay, movers = GameState(self.state.size, self.state.players,
                                       self.state.variant), []
        for turn in turns[len(replay.turns):]:
            movers.append(replay.to_move)
            if not turn:
                replay.pass_turn()
                continue
            for colour, cell in turn:
                replay.place(colour, cell)
            if len(replay.turns) < len(movers):
                replay.end_turn()
        self._replay = (replay, movers)
        return movers

    def render_overlay(self):
        board_el = by_id("board")
        overlay = board_el.querySelector(".overlay")
        state = self.shown()
        if not overlay or state is None:
            return
        target = self.hover if self.hover is not None else self.cursor
        live = self.viewing is None and not state.is_over
        overlay.innerHTML = render.overlay_svg(
            state, self.colour if live else None, target, self.cursor)
        hint = by_id("hint")
        if target is None:
            hint.textContent = "Pick a colour, then click an empty cell." if live else ""
            return
        name = state.board.names[target]
        if state.cells[target]:
            owner = state.cells[target]
            hint.textContent = f"{name}: {render.COLOUR_NAMES[owner].lower()} stone."
        elif not live:
            hint.textContent = name
        else:
            _, words = render.effect_of(state, self.colour, target)
            colour = render.COLOUR_NAMES[self.colour]
            hint.textContent = (f"{colour} on {name} {words}"
                                f" for {self.names[self.colour - 1]}.")

    # ---------------------------------------------------------------- events
    def proxy(self, fn):
        p = create_proxy(fn)
        self.proxies.append(p)
        return p

    def listen(self, element, event, fn):
        element.addEventListener(event, self.proxy(fn))

    def cell_of(self, event):
        # JS null arrives as a false JsNull, not None.
        target = event.target.closest("[data-cell]") if event.target.closest else None
        if not target:
            return None
        try:
            return self.shown().board.index(target.getAttribute("data-cell"))
        except ArchipelagoError:
            return None

    def on_board_click(self, event):
        cell = self.cell_of(event)
        if cell is None:
            return
        if self.viewing is not None:
            self.leave_history()
            return
        self.cursor = None
        self.hover = cell
        self.place(cell)

    def on_board_hover(self, event):
        cell = self.cell_of(event)
        if cell != self.hover:
            self.hover = cell
            self.render_overlay()

    def on_board_leave(self, _event):
        self.hover = None
        self.render_overlay()

    def on_history_click(self, event):
        button = event.target.closest("[data-turn]")
        if button:
            self.show_turn(int(button.getAttribute("data-turn")))

    def move_cursor(self, key):
        board = self.state.board
        centres = [board.center(c) for c in range(board.cell_count)]
        if self.cursor is None:
            self.cursor = board.rows[board.size - 1][board.size - 1]
            self.cursor_x = centres[self.cursor][0]
            return
        q, r = board.axial[self.cursor]
        if key in ("ArrowLeft", "ArrowRight"):
            step = -1 if key == "ArrowLeft" else 1
            names = {coordinate: cell for cell, coordinate in enumerate(board.axial)}
            target = names.get((q + step, r))
            if target is not None:
                self.cursor = target
            self.cursor_x = centres[self.cursor][0]
            return
        row_index = next(i for i, row in enumerate(board.rows) if self.cursor in row)
        row_index += 1 if key == "ArrowUp" else -1  # rows are listed bottom first
        if not 0 <= row_index < len(board.rows):
            return
        if self.cursor_x is None:
            self.cursor_x = centres[self.cursor][0]
        self.cursor = min(board.rows[row_index],
                          key=lambda c: abs(centres[c][0] - self.cursor_x))

    def on_key(self, event):
        if by_id("new-game").open or by_id("share").open:
            return
        tag = str(event.target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        key = event.key
        ctrl = event.ctrlKey or event.metaKey
        if ctrl and key.lower() == "z":
            self.undo()
        elif ctrl and key.lower() == "y":
            self.redo_step()
        elif ctrl or event.altKey:
            return
        elif key in ("1", "2", "3", "4"):
            self.pick(int(key))
        elif key.startswith("Arrow"):
            if self.viewing is not None:
                self.leave_history()
            self.move_cursor(key)
            self.hover = None
            self.render_overlay()
        elif key in ("Enter", " "):
            if tag == "button" and event.target.id != "board":
                return  # let the focused button do its own job
            if self.cursor is None:
                self.move_cursor("ArrowUp")
                self.render_overlay()
            else:
                self.place(self.cursor)
        elif key in ("e", "E"):
            self.end_turn()
        elif key in ("p", "P"):
            self.pass_turn()
        elif key in ("u", "U", "Backspace"):
            self.undo()
        elif key in ("r", "R"):
            self.redo_step()
        elif key == "Escape":
            self.clear_message()
            if self.viewing is not None:
                self.leave_history()
            return
        else:
            return
        event.preventDefault()

    # ---------------------------------------------------------------- dialogs
    def open_new_game(self, *_):
        s = self.settings
        form = by_id("new-game-form")
        form.elements.namedItem("players").value = str(s["players"])
        for i in range(4):
            form.elements.namedItem(f"name{i + 1}").value = s["names"][i]
        form.elements.namedItem("size").value = str(s["size"])
        form.elements.namedItem("stones").value = str(s["stones"])
        form.elements.namedItem("extra").value = s["extra"]
        form.elements.namedItem("scoring").value = s["scoring"]
        form.elements.namedItem("wunchunk").checked = bool(s["wunchunk"])
        frozen = s["frozen"] if s["frozen"] is not None else s["players"] >= 3
        form.elements.namedItem("frozen").checked = bool(frozen)
        form.dataset.frozenTouched = "1" if s["frozen"] is not None else ""
        self.sync_name_fields()
        by_id("new-game").showModal()

    def sync_name_fields(self, *_):
        form = by_id("new-game-form")
        players = int(form.elements.namedItem("players").value)
        for i in range(4):
            by_id(f"name-row-{i + 1}").hidden = i >= players
        if not form.dataset.frozenTouched:
            form.elements.namedItem("frozen").checked = players >= 3

    def frozen_touched(self, *_):
        by_id("new-game-form").dataset.frozenTouched = "1"

    def submit_new_game(self, event):
        event.preventDefault()
        form = by_id("new-game-form")
        field = form.elements.namedItem
        try:
            size = int(field("size").value)
        except ValueError:
            size = 0
        if not 2 <= size <= 12:
            by_id("new-game-error").textContent = "The board side must be a number from 2 to 12."
            return
        players = int(field("players").value)
        names = [str(field(f"name{i + 1}").value).strip()[:24] or f"Player {i + 1}"
                 for i in range(4)]
        frozen = bool(field("frozen").checked)
        self.settings = {
            "players": players, "names": names, "size": size,
            "stones": int(field("stones").value), "extra": str(field("extra").value),
            "scoring": str(field("scoring").value), "wunchunk": bool(field("wunchunk").checked),
            "frozen": None if frozen == (players >= 3) else frozen,
        }
        write_storage(SETTINGS_KEY, self.settings)
        by_id("new-game-error").textContent = ""
        by_id("new-game").close()
        self.clear_message()
        self.new_game_from_settings()

    def cancel_new_game(self, *_):
        by_id("new-game").close()

    def save_file(self, *_):
        text = json.dumps(payload_of(self.state, self.names), indent=1)
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"archipelago-{len(self.state.turns)}-turns.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(self.proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
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
                raise RecordError(f"it is not a JSON game record ({error.msg})") from None
            state, names = game_from_payload(payload)
        except ArchipelagoError as error:
            self.message(f"Could not load {name}: {error}. The current game is unchanged.")
            return
        except Exception:
            self.message(f"Could not read {name}. The current game is unchanged.")
            return
        self.start(state, names)
        self.message(f"Loaded {name}.", kind="info")

    def open_share(self, *_):
        base = str(window.location.href).split("#")[0]
        url = f"{base}#{LINK_PARAM}{encode_link(payload_of(self.state, self.names))}"
        field = by_id("share-url")
        field.value = url
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

    def close_share(self, *_):
        by_id("share").close()

    def toggle_labels(self, *_):
        self.labels = not self.labels
        write_storage(LABELS_KEY, self.labels)
        self.render()

    def wire(self):
        board = by_id("board")
        self.listen(board, "click", self.on_board_click)
        self.listen(board, "mouseover", self.on_board_hover)
        self.listen(board, "mouseleave", self.on_board_leave)
        self.listen(document, "keydown", self.on_key)
        self.listen(by_id("history"), "click", self.on_history_click)
        for p in range(1, 5):
            self.listen(by_id(f"pick-{p}"), "click", lambda _e, p=p: self.pick(p))
        buttons = {
            "end-turn": self.end_turn, "pass": self.pass_turn, "undo": self.undo,
            "redo": self.redo_step, "undo-turn": self.undo_turn, "redo-turn": self.redo_turn,
            "new-game-button": self.open_new_game, "cancel-new-game": self.cancel_new_game,
            "save-button": self.save_file, "share-button": self.open_share,
            "copy-share": self.copy_share, "close-share": self.close_share,
            "labels": self.toggle_labels, "dismiss": self.clear_message,
        }
        for name, fn in buttons.items():
            self.listen(by_id(name), "click", fn)
        self.listen(by_id("load-input"), "change", self.load_file)
        self.listen(by_id("new-game-form"), "submit", self.submit_new_game)
        self.listen(by_id("players-field"), "change", self.sync_name_fields)
        self.listen(by_id("frozen-field"), "change", self.frozen_touched)
        self.listen(window, "hashchange", self.open_link)


def main():
    page = Page()
    page.wire()
    page.restore()
    document.body.classList.remove("loading")
    document.body.dataset.ready = "1"
    return page


PAGE = main()
