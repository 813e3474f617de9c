# What static/ uses of PyScript's `pyscript` module: the page's globals, as JavaScript
# proxies whose attributes are the browser's (so `Any`).
from typing import Any

document: Any
window: Any
