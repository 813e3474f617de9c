"""The page's end of the computer players' Web Worker (static/computer/worker.js).

PyScript puts this file beside static/page/app.py (pyscript.toml's [files]). The messages
are archipelago.page.worker.protocol's; when to send them is archipelago.page.scheduler's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js as this_thread  # the globals of the thread Python runs on (a worker, or the page)
from pyodide.ffi import JsDoubleProxy, create_proxy, to_js
from pyscript import document

from archipelago.i18n import _
from archipelago.page.worker import protocol

WORKER_URL = "./static/computer/worker.js"


def js(value: Any) -> Any:
    """A Python value as a JavaScript one of this thread (dicts become plain objects)."""
    return to_js(value, dict_converter=this_thread.Object.fromEntries)


class WorkerClient:
    """The page's end of the computer players' Web Worker (see archipelago.page.worker.protocol)."""

    def __init__(self, on_message: Callable[[Any], None]) -> None:
        self.on_message = on_message
        self.worker: Any = None  # the JavaScript Worker once started
        self.ready = False
        self.proxies: list[JsDoubleProxy] = []

    def start(self) -> None:
        if self.worker is None:
            # Started from the thread Python runs on, so that its messages need no hop
            # through the page; the address is the page's, wherever that thread's is.
            address = this_thread.URL.new(WORKER_URL, str(document.baseURI)).href
            self.worker = this_thread.Worker.new(address, js({"type": "module"}))
            self.proxies = [create_proxy(self.receive), create_proxy(self.failed)]
            self.worker.addEventListener("message", self.proxies[0])
            self.worker.addEventListener("error", self.proxies[1])

    def post(self, message: dict[str, Any]) -> None:
        self.start()
        self.worker.postMessage(js(message))

    def failed(self, event: Any) -> None:
        """The worker's script could not load or run (a broken or partial site)."""
        event.preventDefault()
        self.worker = None
        reason = str(getattr(event, "message", "") or _("it did not load"))
        self.on_message(protocol.error_reply(None, reason))

    def receive(self, event: Any) -> None:
        data = event.data.to_py()
        if isinstance(data, dict) and data.get("type") == "ready":
            self.ready = True
        self.on_message(data)
