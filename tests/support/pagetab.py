"""The page's controller under CPython behind a fake browser: ``Tab`` is one browser tab
of the page (events in: clicks on cells, buttons by their data-* attributes, keys, links,
files, another tab's storage; page changes out: what each element shows, the dialogs,
the storage), ``FakeBrowser`` keeps the page as data and ``FakeWorker`` the computer's
worker. ``parse`` and ``Element`` read the HTML the page drew, as a browser's DOM would.
Used by tests/page/test_controller.py and the flow tests beside it."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

from archipelago.page.controller import PageController
from archipelago.page.input.events import Cell, PageEvent, Target
from archipelago.page.input.handlers import PageInput
from archipelago.page.session import Session
from archipelago.page.worker import protocol

TWO_PEOPLE = "?players=2&size=5"


class FakeWorker:
    """The computer's worker: what the page asked of it."""

    def __init__(self, on_message):
        self.on_message = on_message
        self.sent: list[dict] = []
        self.ready = False

    def start(self):
        return None

    def post(self, message):
        protocol.read_request(message)  # the page only sends what the protocol allows
        self.sent.append(message)

    def last_think(self) -> dict:
        return next(m for m in reversed(self.sent) if m["type"] == "think")


class FakeBrowser:
    """The page as data: each selector's properties as the page's calls left them (new
    HTML in an element drops what was drawn inside it), the open dialogs, the focus and
    the storage; every call a worker would send as a message; a clock with timers."""

    def __init__(self, store: dict[str, str] | None = None, refuse: str = ""):
        self.store = {} if store is None else store  # the browser's localStorage
        self.refuse = refuse  # "SecurityError" (no storage at all) or "QuotaExceededError"
        self.shown: dict[str, dict[str, Any]] = {}
        self.dialogs: set[str] = set()
        self.focused = ""
        self.sent: list[dict[str, Any]] = []  # one entry per call on the page's thread
        self.scrolls = 0
        self.revealed: list[str] = []  # the elements brought into view, call by call
        self.marks: dict[str, str] = {}
        self.ghost = ""
        self.now = 0.0
        self.files: dict[str, str] = {}  # the site's files fetch_text reads
        self.fetched: list[str] = []
        self.kept: set[str] = set()
        self.offline = False
        self.timers: list[tuple[float, Any]] = []
        self.sounds: list[str] = []
        self.ids = 0

    # ------------------------------------------------------------ browser.Browser
    def send(self, batch):
        sent = json.loads(batch)
        self.sent.append(sent)
        for selector, props in sent.get("changes", {}).items():
            if "html" in props:  # what was drawn inside goes with the old HTML
                for inner in [key for key in self.shown if key.startswith(selector + " ")]:
                    self.shown[inner].pop("html", None)
            kept = self.shown.setdefault(selector, {})
            for prop, value in props.items():
                if prop == "attrs":
                    attrs = kept.setdefault("attrs", {})
                    for name, text in value.items():
                        if text is None:
                            attrs.pop(name, None)
                        else:
                            attrs[name] = text
                else:
                    kept[prop] = value
        self.scrolls += bool(sent.get("scroll"))
        self.marks = sent.get("marks", self.marks)
        self.ghost = sent.get("ghost", self.ghost)
        for name, shown in sent.get("dialogs", {}).items():
            (self.dialogs.add if shown else self.dialogs.discard)(name)
        self.focused = sent.get("focus", self.focused)
        if sent.get("reveal"):
            self.revealed.append(sent["reveal"])
        if self.refuse == "QuotaExceededError" and sent.get("writes"):
            return "QuotaExceededError: The quota has been exceeded."
        for key, text in sent.get("writes", []):
            if text is None:
                self.store.pop(key, None)
            else:
                self.store[key] = text
        return ""

    def storage_items(self):
        if self.refuse == "SecurityError":
            raise PermissionError("SecurityError: Access is denied for this document.")
        return dict(self.store)

    def clock(self):
        return self.now

    def date_now(self):
        return 1_700_000_000_000.0 + self.now

    def new_id(self):
        self.ids += 1
        return f"id{self.ids:06d}"

    def set_timer(self, delay_ms, callback):
        self.timers.append((self.now + delay_ms, callback))

    def play_sound(self, name):
        self.sounds.append(name)
        return True

    def fetch_text(self, path, done):
        """The site's files are ``files`` ({path without its query: text}); a path
        missing there is not on the site (""), and with ``offline`` set nothing is
        fetched (None). Every path asked for is kept in ``fetched``."""
        self.fetched.append(path)
        name = path.split("?")[0]
        done(None if self.offline and name not in self.kept else self.files.get(name, ""))
        if not self.offline and name in self.files:
            self.kept.add(name)  # kept for offline use, as the page's cache keeps it

    # ------------------------------------------------------------ reading the page
    def html(self, selector: str) -> str:
        return str(self.shown.get(selector, {}).get("html", ""))

    def text(self, selector: str) -> str:
        return str(self.shown.get(selector, {}).get("text", ""))

    def hidden(self, selector: str) -> bool:
        return bool(self.shown.get(selector, {}).get("hidden", False))

    def attr(self, selector: str, name: str) -> str | None:
        return self.shown.get(selector, {}).get("attrs", {}).get(name)

    def stones(self) -> dict[str, int]:
        """Cell -> colour of every stone the board shows."""
        found = re.findall(r'data-color="(\d)" data-at="(\w+)"', self.html("#board"))
        return {cell: int(colour) for colour, cell in found}

    def message(self) -> str:
        return "" if self.hidden("#message") else self.text("#message .text")

    def advance(self, ms: float) -> None:
        """Let the clock run, firing the timers that fall due."""
        self.now += ms
        due = [t for t in self.timers if t[0] <= self.now]
        self.timers = [t for t in self.timers if t[0] > self.now]
        for _, callback in due:
            callback()


class Tab:
    """One browser tab of the page: the fake browser, the controller and its input; each
    event runs as one action, as static/bridge.py runs it."""

    def __init__(
        self,
        query: str = TWO_PEOPLE,
        store: dict[str, str] | None = None,
        refuse="",
        width: int | None = None,
        files: dict[str, str] | None = None,
    ):
        """``width``: the page's width in CSS pixels at the start (an embed's frame);
        ``files``: the site's files the page may fetch ({path: text})."""
        self.browser = FakeBrowser(store, refuse)
        self.browser.files.update(files or {})
        self.store = self.browser.store
        self.workers: list[FakeWorker] = []
        early = {"firstView": {}, "cleaned": [], "earlyInput": [], "version": "v1"}
        if width is not None:
            early["width"] = width
        self.page = PageController(self.browser, self.worker_of, early)
        self.games_drawn = 0  # the Games dialog's list drawn again (static/page/games_ui.py)
        self.input = PageInput(self.page, lambda _event: False, self.draw_games)
        self.page.within(lambda: self.page.restore(query, ""))

    def worker_of(self, on_message):
        self.workers.append(FakeWorker(on_message))
        return self.workers[-1]

    def draw_games(self):
        self.games_drawn += 1

    @property
    def worker(self) -> FakeWorker:
        return self.workers[0]

    @property
    def session(self) -> Session:
        return self.page.session

    # ------------------------------------------------------------ what a player does
    def event(self, handler, event: PageEvent) -> None:
        self.page.within(lambda: handler(event))

    def click(self, cell: str, pointer: str = "mouse", width: float = 40.0) -> None:
        on_cell = PageEvent("click", pointer_type=pointer, cell=Cell(cell, width, "board"))
        self.event(self.input.on_board_click, on_cell)

    def tap(self, cell: str) -> None:
        """A finger on a small cell (20 px)."""
        self.click(cell, "touch", 20.0)

    def press(self, **button: str) -> None:
        """A button with these data-* attributes (command, move, colour, turn)."""
        self.event(self.input.on_command, PageEvent("click", button=button))

    def key(self, key: str, on: str = "board", ctrl: bool = False) -> None:
        target = Target(id=on, tag="div")
        self.event(self.input.on_key, PageEvent("keydown", key=key, target=target, ctrl=ctrl))

    def command(self, text: str) -> str:
        """A line typed in the command box, then Enter: what the announcement says after
        it (its zero-width mark left out)."""
        self.event(self.input.on_command_line, PageEvent("submit", fields={"command": text}))
        return self.announced()

    def announced(self) -> str:
        return self.browser.text("#announce").replace("\u200b", "")

    # ------------------------------------------------------------ what else reaches it
    def open_link(self, hash_text: str) -> None:
        """The address's link changes to ``hash_text`` (``#game=...``): the hashchange."""
        self.page.within(lambda: self.page.open_link(hash_text))

    def open_file(self, name: str, text: str) -> None:
        """A file picked in Load a file."""
        self.page.within(lambda: self.page.open_file(name, text))

    def storage_event(self, key: str | None, text: str | None) -> None:
        """Another tab of the browser wrote ``key`` (the ``storage`` event)."""
        self.event(
            lambda event: self.page.heard_storage(event.key, event.new_value),
            PageEvent("storage", key=key, new_value=text),
        )

    def computer_plays(self, *moves: str) -> None:
        """The computer's worker answers with each move, played at the page's pace."""
        for move in moves:
            self.worker.on_message(protocol.move_reply(self.worker.last_think()["id"], move))
            self.browser.advance(1000)

    # ------------------------------------------------------------ reading the page
    def dom(self, selector: str) -> Element:
        """The element ``selector`` names, with what the page drew inside it."""
        return parse(self.browser.html(selector))

    def cards(self) -> dict[int, dict[str, str]]:
        """Per player, the data-* attributes of the player's card (above or below)."""
        found = self.dom("#cards-top").all(".card") + self.dom("#cards-bottom").all(".card")
        return {int(card["data-player"]): card.attrs for card in found}

    def cards_text(self) -> str:
        return " ".join(self.dom(where).text for where in ("#cards-top", "#cards-bottom"))

    def to_move(self) -> int | None:
        """The player whose card is marked as the one to move."""
        marked = [p for p, card in self.cards().items() if "to-move" in card["class"].split()]
        return marked[0] if marked else None

    def status(self) -> str:
        return self.dom("#status").text

    def turns(self) -> list[str]:
        """The moves list's entries, as their notation reads."""
        return [entry.find("code").text for entry in self.dom("#history").all(".turn-link")]

    def button(self, id_: str) -> Element | None:
        """A button the page drew anywhere (the action bar, the review's navigation, the
        game-over card, the banner), by its id; None when it is not there."""
        for where in ("#action-bar", "#moves-nav", "#gameover", "#review-banner", "#picker"):
            found = self.dom(where).find("#" + id_)
            if found is not None:
                return found
        return None

    def click_button(self, id_: str) -> None:
        """Click the drawn button ``id_`` as a player does: it must be there and enabled,
        and it does what its data-* attributes say."""
        found = self.button(id_)
        assert found is not None, f"no #{id_} on the page"
        assert "disabled" not in found.attrs, f"#{id_} is disabled"
        data = {k[5:]: v for k, v in found.attrs.items() if k.startswith("data-")}
        self.press(**data)

    def enabled(self, id_: str) -> bool:
        found = self.button(id_)
        return found is not None and "disabled" not in found.attrs

    def banner(self) -> str:
        """The review banner's words, "" when it is hidden."""
        return "" if self.browser.hidden("#review-banner") else self.dom("#review-banner").text

    def stored(self) -> dict:
        """The game as stored in the browser's list of games (without its revision)."""
        game_id = self.browser.attr("body", "data-game-id")
        record = json.loads(self.store[f"archipelago.games.{game_id}"])
        record.pop("rev")
        return record


class Element:
    """An element of drawn HTML: its tag, attributes, children and text."""

    def __init__(self, tag: str, attrs: dict[str, str]):
        self.tag, self.attrs = tag, attrs
        self.children: list[Element | str] = []

    def __getitem__(self, name: str) -> str:
        return self.attrs[name]

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    @property
    def text(self) -> str:
        """The text inside, each run of white space one space (as innerText reads it)."""
        return " ".join(self._text().split())

    def _text(self) -> str:
        parts = [c if isinstance(c, str) else c._text() for c in self.children]
        return f" {''.join(parts)} " if self.tag in BLOCK else "".join(parts)

    def walk(self):
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.walk()

    def matches(self, selector: str) -> bool:
        """A simple selector: a tag, #id, .class, [name] and [name="value"], combined."""
        tag, rest = re.match(r"([\w-]*)(.*)", selector).groups()  # type: ignore[union-attr]
        if tag and self.tag != tag:
            return False
        for kind, name, value in re.findall(r'([#.]|\[)([\w-]+)(?:="([^"]*)"\])?', rest):
            if kind == "#" and self.attrs.get("id") != name:
                return False
            if kind == "." and name not in self.attrs.get("class", "").split():
                return False
            if kind == "[" and (
                name not in self.attrs if not value else self.attrs.get(name) != value
            ):
                return False
        return True

    def all(self, selector: str) -> list[Element]:
        """The elements inside that ``selector`` names (simple selectors, and descendants
        of them: ".ranking li"), in document order."""
        first, _, rest = selector.strip().partition(" ")
        found = [element for element in self.walk() if element.matches(first)]
        if not rest:
            return found
        inner = [e for element in found for e in element.all(rest)]
        return [e for i, e in enumerate(inner) if all(e is not o for o in inner[:i])]

    def find(self, selector: str) -> Element | None:
        found = self.all(selector)
        return found[0] if found else None


# Elements whose text stands apart from their neighbours' (as innerText reads them).
BLOCK = {"div", "p", "li", "ul", "ol", "section", "table", "tr", "td", "th", "br", "dt", "dd"}
BLOCK |= {"h1", "h2", "h3", "h4", "h5", "h6", "header", "footer", "figure", "figcaption"}
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "wbr", "area", "use"}


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("root", {})
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.open[-1].children.append(Element(tag, {name: value or "" for name, value in attrs}))

    def handle_endtag(self, tag):
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data):
        self.open[-1].children.append(unescape(data))


def parse(html: str) -> Element:
    """The drawn HTML as a tree under a root element."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def picked(tab: Tab) -> int:
    """The colour the picker shows pressed."""
    return int(tab.dom("#picker").find('[aria-pressed="true"]')["data-colour"])  # type: ignore[index]


def answer_yes(tab: Tab) -> None:
    """Go ahead where the page asks first, in its confirm dialog."""
    if "confirm" in tab.browser.dialogs:
        tab.press(command="confirm-yes")


def play(tab: Tab, actions, touch: bool = False) -> None:
    """Play ("stone", colour, cell) / ("end",) / ("pass",) actions as a player does:
    picking the colour first when the picker is not on it, going ahead where asked."""
    for action in actions:
        if action[0] == "stone":
            _, colour, name = action
            if picked(tab) != colour:
                tab.press(colour=str(colour))
            if touch:  # a finger on small cells: the first tap previews, the second places
                tab.tap(name)
                tab.tap(name)
            else:
                tab.click(name)
        else:
            tab.press(move=action[0])
            answer_yes(tab)


def engine_stones(state) -> dict[str, int]:
    return {state.board.names[c]: colour for c, colour in enumerate(state.cells) if colour}


def track_markers(tab: Tab) -> set[tuple[int, int, int]]:
    """(player, column, value) of every bonus marker drawn on the scoring track."""
    return {
        (int(m["data-color"]), int(m["data-column"]), int(m["data-value"]))
        for m in tab.dom("#game-panel-body").all(".marker")
    }


def assert_page_matches(tab: Tab, state) -> None:
    """The board, the player cards and the scoring track agree with the engine's state."""
    assert tab.browser.stones() == engine_stones(state)
    cards = tab.cards()
    counts, scores, ranks = state.group_counts(), state.shown_scores(), state.ranks()
    for p in state.colours:
        assert int(cards[p]["data-islands"]) == counts[p - 1], p
        assert int(cards[p]["data-bonus"]) == sum(state.bonus(p).values()), p
        assert int(cards[p]["data-score"]) == scores[p - 1], p
        assert int(cards[p]["data-rank"]) == ranks[p - 1], p
        assert (cards[p]["data-frozen"] == "1") == (p in state.frozen), p
    expected = {(p, c, v) for p in state.colours for c, v in state.bonus(p).items()}
    assert track_markers(tab) == expected


def random_actions(size, players, seed, *, until=None, variant=None):
    """A reproducible list of actions ("stone", colour, cell name) / ("end",) and the
    engine state they lead to; stops at the end or when ``until(state)`` (as
    tests/browser/pagekit.py's)."""
    from archipelago.games.archipelago.state import GameState
    from archipelago.games.archipelago.variant import Variant

    rng = random.Random(seed)
    state = GameState(size, players, variant or Variant())
    actions: list[tuple] = []
    while not state.is_over and not (until and until(state)):
        if state.turn_stones and rng.random() < 0.25:
            state.end_turn()
            actions.append(("end",))
            continue
        colour = rng.randint(1, players)
        cell = rng.choice(state.legal_cells())
        state.place(colour, cell)
        actions.append(("stone", colour, state.board.names[cell]))
    return actions, state


def share_link(tab: Tab) -> str:
    """The link Share gives for the game on the page (its ``#game=...`` part)."""
    from archipelago.page.saved.distance import share_payload
    from archipelago.page.saved.links import LINK_PARAM, encode_link

    return "#" + LINK_PARAM + encode_link(share_payload(tab.session))


def submit_move_form(tab: Tab, **fields: str) -> None:
    """Submit the game's own form among the controls (Stigmergy's komi) with ``fields``."""
    tab.event(tab.input.on_move_form, PageEvent("submit", move_form=True, fields=dict(fields)))
