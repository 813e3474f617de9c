"""The page's Python and the page's thread: events in, forms read, in one call each.

Loaded beside static/app.py (pyscript.toml's [files]). Python runs in a worker where the
page is cross-origin isolated (index.html's loader), and there every property read of a
browser object is a message and a wait; so handlers get index.html's description of
their event (archipelago.page.events.PageEvent), and a form comes back as one JSON text.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from pyodide.ffi import JsDoubleProxy, create_proxy
from pyscript import window

from archipelago.page.events import PageEvent

if TYPE_CHECKING:  # a stub: typings/page_functions.pyi
    from page_functions import PageFunctions


class FoundOnce:
    """index.html's functions for Python (applyPageChanges, storageWrite...), each looked
    up on the page once: from a worker a lookup is one more message and wait per call."""

    def __init__(self) -> None:
        self.found: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name not in self.found:
            self.found[name] = getattr(window, name)
        return self.found[name]


on_page: PageFunctions = cast("PageFunctions", FoundOnce())

# Every handler, by its number; the listeners asked for and not yet set up; and the one
# function the page's thread calls with (number, description), kept for as long as the page.
_HANDLERS: list[Callable[[PageEvent], Any]] = []
_PENDING: list[list[Any]] = []
_DISPATCH: list[JsDoubleProxy] = []


def listen(
    where: str, kind: str, handler: Callable[[PageEvent], Any], capture: bool = False
) -> None:
    """Call ``handler`` for every ``kind`` event on ``where`` ("document", "window" or a
    CSS selector of one element), with the event's description. Listeners asked for
    before ``connect`` are set up by it, all in one call."""
    _HANDLERS.append(handler)
    _PENDING.append([where, kind, capture, len(_HANDLERS) - 1])
    if _DISPATCH:
        connect()


def connect() -> None:
    """Set up the listeners asked for so far (index.html's listenForPython)."""
    if not _DISPATCH:
        _DISPATCH.append(create_proxy(_dispatch))
    if _PENDING:
        on_page.listenForPython(json.dumps(_PENDING), _DISPATCH[0])
        _PENDING.clear()


def _dispatch(number: int, text: str) -> None:
    done = _HANDLERS[int(number)](PageEvent.from_json(str(text)))
    if inspect.iscoroutine(done):  # a handler that waits for the browser
        asyncio.ensure_future(done)


def read_form(element_id: str) -> dict[str, str | bool]:
    """The named fields of a form: text for most, True/False for a checkbox, an unpicked
    radio button left out."""
    fields: dict[str, str | bool] = json.loads(str(on_page.readPageForm(element_id)))
    return fields


class MirroredStorage:
    """The browser's localStorage with its items read once (index.html's storageItems)
    and kept here: a read costs no call, a write or a removal one. Other tabs' changes
    arrive as storage events, which update the copy before any handler of the page hears
    of them (``mirrored_storage`` listens first). Raises what the browser raises when it
    refuses its storage, as localStorage itself would."""

    def __init__(self) -> None:
        self.items: dict[str, str] = json.loads(str(on_page.storageItems()))

    def getItem(self, key: str) -> str | None:  # noqa: N802 (localStorage's names)
        return self.items.get(key)

    def setItem(self, key: str, text: str) -> None:  # noqa: N802
        on_page.storageWrite(key, text)  # first: a full or refused storage keeps nothing
        self.items[key] = text

    def removeItem(self, key: str) -> None:  # noqa: N802
        on_page.storageRemove(key)
        self.items.pop(key, None)

    def heard(self, event: PageEvent) -> None:
        """Another tab changed the storage."""
        if event.key is None:  # cleared
            self.items = json.loads(str(on_page.storageItems()))
        elif event.new_value is None:
            self.items.pop(event.key, None)
        else:
            self.items[event.key] = event.new_value


def mirrored_storage() -> MirroredStorage:
    """The page's storage, listening for other tabs' changes (see MirroredStorage)."""
    storage = MirroredStorage()
    listen("window", "storage", storage.heard)
    return storage
