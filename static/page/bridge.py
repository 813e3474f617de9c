"""The page's Python and the page's thread: events in, forms read, in one call each.

Loaded beside static/page/app.py (pyscript.toml's [files]). Python runs in a worker where the
page is cross-origin isolated (index.html's loader), and there every property read of a
browser object is a message and a wait; so handlers get index.html's description of
their event (archipelago.page.input.events.PageEvent), a form comes back as one JSON text, and
what a handler changes goes back in one call (archipelago.page.browser's Outbox).
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from pyodide.ffi import JsDoubleProxy, create_proxy
from pyscript import window

from archipelago.page.input.events import PageEvent

if TYPE_CHECKING:  # a stub: typings/page_functions.pyi
    from page_functions import PageFunctions


class FoundOnce:
    """index.html's functions for Python (applyPageChanges, storageItems...), each looked
    up on the page once: from a worker a lookup is one more message and wait per call."""

    def __init__(self) -> None:
        self.found: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name not in self.found:
            self.found[name] = getattr(window, name)
        return self.found[name]


on_page: PageFunctions = cast("PageFunctions", FoundOnce())

# Every handler, by its number; the listeners asked for and not yet set up; the one
# function the page's thread calls with (number, description), kept for as long as the
# page; and what every handler runs within (see ``handle_within``).
_HANDLERS: list[Callable[[PageEvent], Any]] = []
_PENDING: list[list[Any]] = []
_DISPATCH: list[JsDoubleProxy] = []
_WITHIN: list[Callable[[Callable[[], Any]], Any]] = []


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


def handle_within(within: Callable[[Callable[[], Any]], Any]) -> None:
    """Run every handler as ``within(handler call)``: the page's controller makes each
    one action, whose changes go to the page in one call."""
    _WITHIN[:] = [within]


def _dispatch(number: int, text: str) -> None:
    handler, event = _HANDLERS[int(number)], PageEvent.from_json(str(text))
    done = _WITHIN[0](lambda: handler(event)) if _WITHIN else handler(event)
    if inspect.iscoroutine(done):  # a handler that waits for the browser
        asyncio.ensure_future(done)


def read_form(element_id: str) -> dict[str, str | bool]:
    """The named fields of a form: text for most, True/False for a checkbox, an unpicked
    radio button left out."""
    fields: dict[str, str | bool] = json.loads(str(on_page.readPageForm(element_id)))
    return fields
