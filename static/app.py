"""The browser layer of the Archipelago page: the only Python that touches the DOM.

It keeps the page's state (the game, the players' names and seats, the chosen colour, the
cursor, the redo list), turns clicks and keys into engine calls, and swaps in the SVG that
archipelago.render draws. Rules, scoring and records all live in the engine; computer
players think in a Web Worker (static/ai_worker.js), never on the page's thread.
"""

import contextlib
import json

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from archipelago import render
from archipelago.errors import ArchipelagoError, RecordError
from archipelago.notation import format_turn
from archipelago.pagedata import (
    DEFAULT_SETTINGS,
    LINK_PARAM,
    decode_link,
    encode_link,
    game_from_payload,
    parse_options,
    payload_of,
)
from archipelago.record import from_record, to_record
from archipelago.state import GameState
from archipelago.variant import Variant

SETTINGS_KEY = "archipelago.settings"
GAME_KEY = "archipelago.game"
EMBED_GAME_KEY = "archipelago.embed.game"  # an embedded board keeps its own game
LABELS_KEY = "archipelago.labels"
HINT_LEVEL = 3
PACE_MS = 400  # the least time between two computer stones, so people can follow them
WORKER_URL = "./static/ai_worker.js"


def by_id(name):
    return document.getElementById(name)


def esc(text):
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
    )


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


class ComputerClient:
    """The page's end of the computer players' Web Worker. Requests and answers are
    messages, so nothing here needs shared memory or cross-origin isolation."""

    def __init__(self, on_message):
        self.on_message = on_message
        self.worker = None
        self.ready = False
        self.last_id = 0
        self.proxy = None

    def start(self):
        if self.worker is None:
            options = to_js({"type": "module"}, dict_converter=window.Object.fromEntries)
            self.worker = window.Worker.new(WORKER_URL, options)
            self.proxy = create_proxy(self.receive)
            self.worker.addEventListener("message", self.proxy)
            self.error_proxy = create_proxy(self.failed)
            self.worker.addEventListener("error", self.error_proxy)

    def failed(self, event):
        """The worker's script could not load or run (a broken or partial site)."""
        event.preventDefault()
        self.worker = None
        self.on_message(
            {
                "type": "error",
                "id": None,
                "message": str(getattr(event, "message", "") or "it did not load"),
            }
        )

    def receive(self, event):
        data = event.data.to_py()
        if data.get("type") == "ready":
            self.ready = True
        self.on_message(data)

    def think(self, state, level, *, fresh=False, hurry=False):
        """Ask for the move of ``state``'s mover; returns the request's id."""
        self.start()
        self.last_id += 1
        message = {
            "type": "think",
            "id": self.last_id,
            "record": json.dumps(to_record(state)),
            "level": level,
            "fresh": fresh,
            "hurry": hurry,
        }
        self.worker.postMessage(to_js(message, dict_converter=window.Object.fromEntries))
        return self.last_id

    def send(self, kind, request_id):
        if self.worker is not None:
            self.worker.postMessage(
                to_js({"type": kind, "id": request_id}, dict_converter=window.Object.fromEntries)
            )


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
        self.seats = [0, 0]
        self.embed = False
        self.game_key = GAME_KEY
        self.url_settings = None  # the settings an embedded page takes from its URL
        # Computer seats: every change of the game bumps the epoch, and an answer for an
        # older epoch is dropped (undo, new game or load while a computer thinks).
        self.epoch = 0
        self.computer = ComputerClient(self.on_computer_message)
        self.request = None  # {"id", "kind": "move" | "hint", "epoch"} while thinking
        self.answer = None  # (epoch, move) chosen, waiting for its pace, a pause or the view
        self.hint_move = None  # (epoch, move) shown as a hint
        self.paused = False
        self.steps = 0  # stones a paused computer may still play (Step)
        self.hurry_turn = None  # the turn in which Stop was pressed: its stones come fast
        self.last_move_at = -1e9  # page clock (ms) of the last stone, end or pass
        self.timer = None

    # ---------------------------------------------------------------- game setup
    def start(self, state, names, seats=None):
        self.state = state
        self.names = names
        self.seats = list(seats or [0] * state.players)[: state.players]
        self.redo = []
        self.viewing = None
        self.cursor = None
        self.hover = None
        self.paused = False
        self.steps = 0
        self.hurry_turn = None
        if self.colour > state.players:
            self.colour = 1
        if any(self.seats):
            self.computer.start()  # the worker loads while people look at the board
        self.changed()
        self.save()
        self.render()
        self.drive()

    def new_game_from_settings(self, settings=None):
        s = settings or self.settings
        variant = Variant(
            stones=s["stones"],
            extra=s["extra"],
            scoring=s["scoring"],
            wunchunk=s["wunchunk"],
            frozen=s["frozen"],
        )
        names = [
            n.strip()[:24] or f"Player {i + 1}" for i, n in enumerate(s["names"][: s["players"]])
        ]
        seats = list(s.get("seats") or [])[: s["players"]]
        seats += [0] * (s["players"] - len(seats))
        self.start(GameState(s["size"], s["players"], variant), names, seats)

    def restart(self, *_):
        """New game button of an embedded page: the same setup as its URL gives."""
        self.new_game_from_settings(self.url_settings)

    def restore(self):
        """The game to show at start: a link first, else the game the URL options ask for,
        else the stored game, else a new one."""
        options, self.embed, problems = parse_options(str(window.location.search or ""))
        if self.embed:
            self.game_key = EMBED_GAME_KEY
            document.body.classList.add("embed")
            self.url_settings = {**DEFAULT_SETTINGS, **options}
        signature = json.dumps(options, sort_keys=True) if options else None
        stored = read_storage(self.game_key)
        if options and not (
            self.embed and isinstance(stored, dict) and stored.get("options") == signature
        ):
            # A page opened with game options starts that game (an embedded one keeps it
            # over reloads while its URL stays the same).
            self.new_game_from_settings(self.url_settings or {**self.settings, **options})
            if not self.embed:
                window.history.replaceState(None, "", str(window.location.href).split("?")[0])
        elif stored is not None:
            try:
                self.start(*game_from_payload(stored))
            except ArchipelagoError:
                self.new_game_from_settings(self.url_settings)
                self.message(
                    "The game kept from your last visit could not be read, "
                    "so a new game was started."
                )
        else:
            self.new_game_from_settings(self.url_settings)
        self.options_signature = signature if self.embed else None
        self.save()
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
            payload = decode_link(hash_text[1 + len(LINK_PARAM) :])
            state, names, seats = game_from_payload(payload)
        except ArchipelagoError as error:
            self.message(
                f"This share link does not hold a game that can be opened: {error}. "
                "The current game is unchanged."
            )
            return
        self.start(state, names, seats)
        self.message("Opened the game from the share link.", kind="info")

    def save(self):
        payload = payload_of(self.state, self.names, self.seats)
        signature = getattr(self, "options_signature", None)
        if signature:
            payload["options"] = signature
        write_storage(self.game_key, payload)

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
        self.last_move_at = window.performance.now()
        self.changed()
        self.save()
        self.render()
        self.drive()
        return True

    def people_may_move(self):
        """False (and says why) while a computer seat is to move."""
        state = self.state
        if state.is_over or not self.seat_of(state.to_move):
            return True
        self.message(
            f"It is {self.names[state.to_move - 1]}'s turn, and a computer plays "
            "that seat. Wait for it, press Stop to make it play at once, or Undo."
        )
        return False

    def place(self, cell):
        if self.people_may_move():
            self.act(lambda: self.state.place(self.colour, cell))

    def end_turn(self, *_):
        if self.people_may_move():
            self.act(self.state.end_turn)

    def pass_turn(self, *_):
        if self.people_may_move():
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

    def hold_computers(self):
        """After an undo or redo a computer to move waits for Continue or Step (otherwise
        it would play again at once what was just taken back); a person to move means
        the computers go on by themselves once that person has played."""
        self.paused = not self.state.is_over and bool(self.seat_of(self.state.to_move))
        self.steps = 0
        self.hurry_turn = None

    def undo(self, *_):
        def run():
            self.redo.append(self._undo_one())
            self.hold_computers()

        self.act(run, keep_redo=True)

    def redo_step(self, *_):
        if not self.redo:
            self.message("Nothing to redo.")
            return

        def run():
            self._redo_one(self.redo[-1])
            self.redo.pop()
            self.hold_computers()

        self.act(run, keep_redo=True)

    def undo_turn(self, *_):
        """Take back the stones of the turn in progress, or else the whole previous turn."""

        def run():
            state = self.state
            while True:
                if not state.turn_stones:
                    self.redo.append(self._undo_one())
                while state.turn_stones:
                    self.redo.append(self._undo_one())
                # With people at the table, take back the computers' turns too, back to
                # the last turn a person played.
                if not (
                    0 in self.seats
                    and any(self.seats)
                    and self.seat_of(state.to_move)
                    and (state.turns or state.turn_stones)
                ):
                    break
            self.hold_computers()

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
            self.hold_computers()

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
        self.drive()

    # ---------------------------------------------------------------- computer seats
    def seat_of(self, player):
        return self.seats[player - 1] if player and player <= len(self.seats) else 0

    def changed(self):
        """The game changed: answers and hints thought for the old position are void."""
        self.epoch += 1
        if self.request is not None:
            self.computer.send("cancel", self.request["id"])
            self.request = None
        self.answer = None
        self.hint_move = None

    def may_play(self):
        return not self.paused or self.steps > 0

    def drive(self):
        """Let the computer to move think and play, at a pace people can follow."""
        state = self.state
        mover = None if state.is_over else state.to_move
        level = self.seat_of(mover)
        if level and self.may_play():
            if self.request is None and self.answer is None:
                hurry = self.hurry_turn == len(state.turns)
                self.request = {
                    "id": self.computer.think(state, level, hurry=hurry),
                    "kind": "move",
                    "epoch": self.epoch,
                }
            if self.answer is not None and self.viewing is None and self.timer is None:
                wait = max(0, self.last_move_at + PACE_MS - window.performance.now())
                self.timer = window.setTimeout(self.proxy(self.play_answer), wait)
        self.render_computer()

    def play_answer(self, *_):
        self.timer = None
        answer = self.answer
        if (
            answer is None
            or answer[0] != self.epoch
            or self.viewing is not None
            or not self.may_play()
        ):
            self.drive()
            return
        self.answer = None
        if self.paused:
            self.steps = max(0, self.steps - 1)
        move = answer[1]  # the move's text, as the game's notation spells it

        def run():
            self.state.push(move)

        if not self.act(run):
            self.paused = True  # a refused move: stop rather than ask again and again
            self.render_computer()

    def on_computer_message(self, data):
        kind = data.get("type")
        if kind == "ready":
            self.render_computer()
            return
        request = self.request
        if request is None or data.get("id") != request["id"]:
            if kind == "error" and data.get("id") is None:
                self.request = None
                self.paused = True
                self.message(f"The computer player could not start: {data.get('message')}")
                self.render_computer()
            return  # an answer to a request already cancelled
        self.request = None
        if kind == "error":
            self.paused = True
            self.message(f"The computer player failed: {data.get('message')}")
        elif request["epoch"] == self.epoch:
            move = data.get("move")
            if request["kind"] == "hint":
                self.hint_move = (self.epoch, move)
                self.render_overlay()
            else:
                self.answer = (self.epoch, move)
            # A test hook: whether the last answer came early, from Stop.
            document.body.dataset.lastAnswer = "stopped" if data.get("stopped") else "chosen"
        self.drive()

    def ask_hint(self, *_):
        state = self.state
        if state.is_over or self.seat_of(state.to_move) or self.request is not None:
            return
        if self.viewing is not None:
            self.leave_history()
        self.hint_move = None
        self.request = {
            "id": self.computer.think(state, HINT_LEVEL, fresh=True),
            "kind": "hint",
            "epoch": self.epoch,
        }
        self.render_computer()

    def stop_thinking(self, *_):
        request = self.request
        if request is None:
            return
        self.computer.send("stop", request["id"])
        if request["kind"] == "move":
            self.hurry_turn = len(self.state.turns)

    def toggle_pause(self, *_):
        self.paused = not self.paused
        self.steps = 0
        if not self.paused:
            self.clear_message()
        self.drive()

    def step(self, *_):
        if not self.paused:
            self.paused = True
        self.steps = 1
        self.drive()

    def render_computer(self):
        """The computer controls and the line that says what the computers are doing."""
        state = self.state
        computers = any(self.seats)
        thinking = self.request is not None
        mover = None if state.is_over else state.to_move
        level = self.seat_of(mover)
        human_to_move = mover is not None and not level
        hint = by_id("hint-button")
        hint.hidden = 0 not in self.seats
        hint.disabled = not (human_to_move and self.viewing is None and not thinking)
        stop = by_id("stop")
        stop.hidden = not computers and not thinking
        stop.disabled = not thinking
        pause = by_id("pause")
        pause.hidden = not computers
        pause.textContent = "Continue" if self.paused else "Pause"
        pause.setAttribute("aria-pressed", "true" if self.paused else "false")
        step = by_id("step")
        step.hidden = not computers
        step.disabled = not level
        document.body.dataset.thinking = self.request["kind"] if thinking else ""
        document.body.dataset.paused = "1" if self.paused else "0"
        note = by_id("computer-note")
        text = ""
        if level:
            name = self.names[mover - 1]
            if self.paused and not self.steps:
                text = (
                    f"Paused: {name} (computer, level {level}) is to move. "
                    "Press Continue, or Step for one stone."
                )
            elif thinking and not self.computer.ready:
                text = f"{name} (computer, level {level}) is getting ready…"
            elif thinking:
                text = f"{name} (computer, level {level}) is thinking…"
            else:
                text = f"{name} (computer, level {level}) is playing."
        elif thinking:
            text = (
                "Looking for a hint…"
                if self.computer.ready
                else "Getting the computer ready for a hint…"
            )
        elif self.hint_move is not None and self.hint_move[0] == self.epoch:
            text = self.hint_words(self.hint_move[1])
        note.textContent = text

    def hint_stone(self, move):
        """(colour, cell) of a hinted stone, or None for the end of a turn or a pass."""
        state = self.state
        code = state.parse_move(move).code
        return divmod(code, len(state.cells)) if code >= 0 else None

    def hint_words(self, move):
        state = self.state
        if move == "end":
            return "Hint: end your turn now."
        if move == "pass":
            return "Hint: pass."
        colour, cell = self.hint_stone(move)
        _, words = render.effect_of(state, colour, cell)
        return (
            f"Hint: {render.COLOUR_NAMES[colour].lower()} on {state.board.names[cell]} ({words})."
        )

    # ---------------------------------------------------------------- rendering
    def player_label(self, player):
        sample = (
            f'<svg class="chip" viewBox="-10 -10 20 20" aria-hidden="true">'
            f"{render.stone(player, 0, 0, 9)}</svg>"
        )
        level = self.seat_of(player)
        seat = (
            f' <span class="seat" title="A computer plays this seat">computer {level}</span>'
            if level
            else ""
        )
        return f'{sample}<span class="name">{esc(self.names[player - 1])}</span>{seat}'

    def render(self):
        state = self.shown()
        last = ()
        if self.viewing or state.turns and not state.turn_stones:
            last = state.turns[-1]
        by_id("board").innerHTML = render.board_svg(state, labels=self.labels, last_turn=last)
        by_id("track").innerHTML = render.track_svg(
            state, {p: self.names[p - 1] for p in state.colours}
        )
        self.render_status()
        self.render_players()
        self.render_controls()
        self.render_history()
        self.render_overlay()
        self.render_computer()

    def render_status(self):
        state = self.shown()
        box = by_id("status")
        rules = state.variant.describe(state.players)
        variation = (
            f'<p class="variation">Playing with: {esc(", ".join(rules))}</p>' if rules else ""
        )
        if self.viewing is not None:
            box.innerHTML = (
                f'<p class="viewing">Showing the board after turn {self.viewing} of '
                f'{len(self.state.turns)}. <button type="button" id="back-to-game">'
                "Back to the game</button></p>"
            )
            by_id("back-to-game").onclick = self.proxy(self.leave_history)
            by_id("gameover").hidden = True
            return
        if state.is_over:
            box.innerHTML = f'<p class="turn">Game over: {esc(state.end_reason)}.</p>{variation}'
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
            f'<p class="why">Why: {esc(state.allowance_reason())}</p>{variation}'
        )

    def render_players(self):
        state = self.shown()
        counts = state.group_counts()
        scores = state.shown_scores()
        ranks = state.ranks()
        word = "Chunks" if state.variant.wunchunk else "Groups"
        rows = []
        for p in state.colours:
            bonus = state.bonus(p)
            # The total keeps the table narrow; the cells behind it are in the tooltip.
            bonus_detail = ", ".join(f"column {c}: {v}" for c, v in bonus.items()) or "none yet"
            frozen = p in state.frozen
            mark = (
                ' <span class="frozen-badge" title="Frozen: rank can no longer change">'
                "frozen</span>"
                if frozen
                else ""
            )
            cls = "frozen" if frozen else ""
            if state.to_move == p:
                cls += " to-move"
            rows.append(
                f'<tr class="{cls.strip()}" data-player="{p}" data-frozen="{int(frozen)}">'
                f'<td class="who">{self.player_label(p)}{mark}</td>'
                f'<td class="groups" data-value="{counts[p - 1]}">{counts[p - 1]}</td>'
                f'<td class="singles">{len(state.singles(p))}</td>'
                f'<td class="bonus" data-value="{sum(bonus.values())}" '
                f'title="Bonus cells: {bonus_detail}">{sum(bonus.values())}</td>'
                f'<td class="score" data-value="{scores[p - 1]}">{scores[p - 1]}</td>'
                f'<td class="rank" data-value="{ranks[p - 1]}">{ranks[p - 1]}</td></tr>'
            )
        by_id("players").innerHTML = (
            f"<table><thead><tr><th>Player</th><th>{word}</th>"
            '<th title="Single stones: they do not count">Singles</th><th>Bonus</th>'
            "<th>Score</th><th>Rank</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )

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
            for p in order
        )
        if len(outcome.winners) > 1:
            winners = " and ".join(esc(self.names[p - 1]) for p in outcome.winners)
            decided = f"{winners} share first place: equal on every tie-break."
        else:
            ahead, behind, criterion = outcome.tie_breaks[0]
            decided = (
                f"{esc(self.names[ahead - 1])} wins, ahead of "
                f"{esc(self.names[behind - 1])} on {criterion}."
            )
        steps = "".join(
            f"<li>{esc(self.names[a - 1])} before {esc(self.names[b - 1])}: {c}</li>"
            for a, b, c in outcome.tie_breaks
        )
        box.innerHTML = (
            f'<h2>Game over</h2><ol class="ranking">{items}</ol>'
            f'<p class="decided">{decided}</p>'
            f"<details><summary>What separated each place</summary>"
            f"<ul>{steps}</ul></details>"
        )
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
        person = not state.is_over and not self.seat_of(state.to_move)
        by_id("end-turn").disabled = not (live and person and state.can_end_turn)
        by_id("pass").disabled = not (live and person and state.can_pass)
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
                f"<code>{text}</code></button></li>"
            )
        if state.turn_stones:
            items.append(
                f'<li class="in-progress">{len(state.turns) + 1}. '
                f"{esc(self.names[state.to_move - 1])}: <code>"
                f"{format_turn(board, state.turn_stones)}</code> …</li>"
            )
        history = by_id("history")
        history.innerHTML = "".join(items) or '<li class="empty">No turns yet.</li>'
        history.scrollTop = history.scrollHeight

    def movers(self):
        """Who played each finished turn (frozen players are skipped, so replay it).
        The replay is kept and extended while the game only grows."""
        turns = self.state.turns
        replay, movers = getattr(self, "_replay", (None, []))
        same_game = (
            replay is not None
            and replay.players == self.state.players
            and replay.board is self.state.board
            and replay.variant == self.state.variant
            and replay.turns == turns[: len(replay.turns)]
        )
        if not same_game:
            replay, movers = GameState(self.state.size, self.state.players, self.state.variant), []
        for turn in turns[len(replay.turns) :]:
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
        marks = ""
        hint = self.hint_move
        stone = None
        if live and hint is not None and hint[0] == self.epoch:
            stone = self.hint_stone(hint[1])
        if stone is not None:
            colour, cell = stone
            marks = (
                f'<g class="hint-mark" data-hint="{state.board.names[cell]}" '
                f'data-color="{colour}">{render.overlay_svg(state, colour, cell, cell)}</g>'
            )
        overlay.innerHTML = marks + render.overlay_svg(
            state, self.colour if live else None, target, self.cursor
        )
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
            hint.textContent = f"{colour} on {name} {words} for {self.names[self.colour - 1]}."

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
        self.cursor = min(board.rows[row_index], key=lambda c: abs(centres[c][0] - self.cursor_x))

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
        elif key in ("h", "H"):
            self.ask_hint()
        elif key in ("s", "S"):
            self.stop_thinking()
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
            form.elements.namedItem(f"seat{i + 1}").value = str(s["seats"][i])
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
        names = [
            str(field(f"name{i + 1}").value).strip()[:24] or f"Player {i + 1}" for i in range(4)
        ]
        frozen = bool(field("frozen").checked)
        seats = [int(field(f"seat{i + 1}").value) for i in range(4)]
        self.settings = {
            "players": players,
            "names": names,
            "size": size,
            "stones": int(field("stones").value),
            "extra": str(field("extra").value),
            "scoring": str(field("scoring").value),
            "wunchunk": bool(field("wunchunk").checked),
            "frozen": None if frozen == (players >= 3) else frozen,
            "seats": seats,
        }
        write_storage(SETTINGS_KEY, self.settings)
        by_id("new-game-error").textContent = ""
        by_id("new-game").close()
        self.clear_message()
        self.new_game_from_settings()

    def cancel_new_game(self, *_):
        by_id("new-game").close()

    def save_file(self, *_):
        text = json.dumps(payload_of(self.state, self.names, self.seats), indent=1)
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
            state, names, seats = game_from_payload(payload)
        except ArchipelagoError as error:
            self.message(f"Could not load {name}: {error}. The current game is unchanged.")
            return
        except Exception:
            self.message(f"Could not read {name}. The current game is unchanged.")
            return
        self.start(state, names, seats)
        self.message(f"Loaded {name}.", kind="info")

    def open_share(self, *_):
        base = str(window.location.href).split("#")[0]
        payload = payload_of(self.state, self.names, self.seats)
        url = f"{base}#{LINK_PARAM}{encode_link(payload)}"
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
            "end-turn": self.end_turn,
            "pass": self.pass_turn,
            "undo": self.undo,
            "redo": self.redo_step,
            "undo-turn": self.undo_turn,
            "redo-turn": self.redo_turn,
            "new-game-button": self.open_new_game,
            "cancel-new-game": self.cancel_new_game,
            "save-button": self.save_file,
            "share-button": self.open_share,
            "copy-share": self.copy_share,
            "close-share": self.close_share,
            "labels": self.toggle_labels,
            "dismiss": self.clear_message,
            "hint-button": self.ask_hint,
            "stop": self.stop_thinking,
            "pause": self.toggle_pause,
            "step": self.step,
            "restart": self.restart,
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
