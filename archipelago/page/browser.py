"""What the page's controller asks of the browser, and the one call that carries it.

Python may run in a worker (index.html's loader), where each call on the page's thread
is a message and a wait. So all that one action does (a tap, a key, the computer's move
arriving) is collected in an ``Outbox`` and sent at its end in one call of index.html's
applyPageChanges: the drawing's changes, the history's scroll, the analysis's marks and
ghost, the dialogs opened or closed, the focus, an element brought into view, and the
storage writes, which the ``StorageMirror`` keeps at once for Python's own reads.

static/page/app.py gives the browser's ``Browser``; CPython tests give a fake that keeps the
page as data. As with the scheduler's clock, worker and timer, nothing here imports the
browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .view.changes import Changes, unchanged_html_dropped

Write = tuple[str, str | None]  # (key, text); None removes the key


class Browser(Protocol):
    """What the controller asks of the page and the browser (static/page/app.py's)."""

    def send(self, batch: str) -> str:
        """One call of index.html's applyPageChanges with an action's ``Outbox`` (as
        ``Outbox.to_json`` writes it); returns the browser's refusal of a storage write
        ("QuotaExceededError: ..."), "" when there was none."""

    def storage_items(self) -> dict[str, str]:
        """Every item of the browser's storage; raises when the browser refuses it."""

    def clock(self) -> float:
        """The page's time in milliseconds (performance.now)."""

    def date_now(self) -> float:
        """Milliseconds since the epoch (Date.now): when a game was stored."""

    def new_id(self) -> str:
        """A new random id for a stored game."""

    def set_timer(self, delay_ms: float, callback: Callable[[], None]) -> None: ...

    def play_sound(self, name: str) -> bool:
        """Play one of ``sounds.SOUNDS``; False when the browser has no audio."""

    def fetch_text(self, path: str, done: Callable[[str | None], None]) -> None:
        """Fetch the site's file at ``path`` (relative to the page), kept for offline
        use once fetched; ``done(text)`` later: its text, "" when the site has no such
        file, None when neither the network nor the kept copy has it."""


@dataclass
class Outbox:
    """What one action sends to the page, collected as it goes."""

    changes: Changes = field(default_factory=dict)
    dialogs: dict[str, bool] = field(default_factory=dict)  # id -> open (modal) or closed
    focus: str = ""  # the id of the element to focus last
    # The id of an element brought into view when it is out of it (the page scrolls no
    # further than that): news the player must see, after an entry made far below it.
    reveal: str = ""
    scroll: bool = False  # the moves list keeps the turn shown in view
    marks: dict[str, str] | None = None  # the analysis's marks ({turn: HTML}), if redrawn
    ghost: str | None = None  # the analysis's best turn drawn faintly ("": none), if redrawn

    def add(self, changes: Changes) -> None:
        """Changes on top of those collected: an element's attributes add up, its other
        properties replace; an element changed again moves last, so the page changes the
        elements in the order of their last change (an element's new HTML comes before
        the changes inside it made after)."""
        for selector, props in changes.items():
            kept = self.changes.pop(selector, {})
            for prop, value in props.items():
                kept[prop] = {**kept[prop], **value} if prop == "attrs" and prop in kept else value
            self.changes[selector] = kept

    def to_json(self, drawn: dict[str, str], writes: list[Write]) -> str | None:
        """The call's argument, the HTML already drawn left out (``drawn``, brought up to
        date: see ``view.changes.unchanged_html_dropped``); None when there is nothing to send."""
        batch: dict[str, Any] = {}
        changes = unchanged_html_dropped(self.changes, drawn)
        for key, value in (
            ("changes", changes),
            ("scroll", self.scroll),
            ("marks", self.marks),
            ("ghost", self.ghost),
            ("dialogs", self.dialogs),
            ("focus", self.focus),
            ("reveal", self.reveal),
            ("writes", [list(write) for write in writes]),
        ):
            if value or (key in ("marks", "ghost") and value is not None):
                batch[key] = value
        return json.dumps(batch) if batch else None


class StorageMirror:
    """The browser's storage (localStorage) as the page's Python keeps it: its items read
    once (``read_all``), a read costing no call; a write kept here at once and held for
    the action's one call (``take``). Another tab's writes arrive as storage events
    (``heard``). Where the browser refuses a write, the copy keeps it: the page plays
    on from memory, and says once that it cannot save (the refusal comes back from the
    call)."""

    def __init__(self, read_all: Callable[[], dict[str, str]]) -> None:
        self.read_all = read_all
        self.items = read_all()  # raises what the browser raises when it refuses storage
        self.writes: dict[str, str | None] = {}  # key -> text (None: removed), not yet sent

    def getItem(self, key: str) -> str | None:  # noqa: N802 (localStorage's names)
        return self.items.get(key)

    def setItem(self, key: str, text: str) -> None:  # noqa: N802
        self.items[key] = text
        self.writes.pop(key, None)  # (the writes keep the order of their last change)
        self.writes[key] = text

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)
        self.writes.pop(key, None)
        self.writes[key] = None

    def take(self) -> list[Write]:
        """The writes not yet sent, a key's last only, in the order they were made."""
        writes, self.writes = list(self.writes.items()), {}
        return writes

    def heard(self, key: str | None, new_value: str | None) -> None:
        """Another tab changed the storage (``key`` None: it cleared it)."""
        if key is None:
            self.items = self.read_all()
        elif new_value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = new_value
