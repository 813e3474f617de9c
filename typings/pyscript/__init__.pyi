# What static/ uses of PyScript's `pyscript` module: the page's globals, as JavaScript
# proxies whose attributes are the browser's (so `Any`).
from typing import Any

document: Any
window: Any

# PyScript's fetch (static/page/share_ui.py fetches the QR library with it).
class FetchResponse:
    ok: bool
    status: int

    async def bytearray(self) -> bytearray: ...

async def fetch(url: str) -> FetchResponse: ...
