# The JavaScript globals of the thread Pyodide runs on (the page's window, or a worker's
# global scope): any name, any value, as the browser has it.
from typing import Any

def __getattr__(name: str) -> Any: ...
