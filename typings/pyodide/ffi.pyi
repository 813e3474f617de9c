# What static/ uses of Pyodide's `pyodide.ffi`: wrapping Python callables for JavaScript
# and converting Python values to JavaScript ones.
from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python; its attributes are JavaScript's."""

    def __getattr__(self, name: str) -> Any: ...

class JsDoubleProxy(JsProxy):
    """A Python object lent to JavaScript; it lives until ``destroy``."""

    def destroy(self) -> None: ...

def create_proxy(
    obj: Callable[..., Any], /, *, capture_this: bool = False, roundtrip: bool = True
) -> JsDoubleProxy: ...
def create_once_callable(obj: Callable[..., Any], /) -> JsProxy: ...
def to_js(
    obj: Any,
    /,
    *,
    depth: int = -1,
    create_pyproxies: bool = True,
    dict_converter: Callable[..., Any] | None = None,
    default_converter: Callable[..., Any] | None = None,
) -> Any: ...
