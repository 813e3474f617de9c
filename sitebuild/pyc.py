"""Byte-code for the engine archive, compiled by the site's own Pyodide (under Node).

Compiling the engine's modules is most of what the page adds to a bare PyScript start, and
CPython cannot write byte-code for the browser's Python (another version). So the build has
the pinned Pyodide compile every module once. The engine's modules ship as byte-code only
("sourceless": ``x.pyc`` where ``x.py`` would be), which Python imports as it is: their
sources would be a seventh of a first visit's download for tracebacks' lines alone. The
modules whose sources another program writes (PyScript) get "checked hash" .pyc files in
__pycache__/, used while the source is the one compiled. The same sources give the same
bytes (the hash seed is fixed, so sets of constants come out in the same order).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from .node import run_module_script

# Reads {"sources": {path in the archive: source}, "checked": [paths]} on stdin, prints
# {pyc path: base64 bytes}.
COMPILE = r"""
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const request = readFileSync(0, "utf8");
const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: "0" } });
pyodide.globals.set("REQUEST", request);
process.stdout.write(pyodide.runPython(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
request = json.loads(REQUEST)
checked = set(request["checked"])
compiled = {}
for name, text in request["sources"].items():
    source = text.encode()
    # The path the page unpacks the archive to, as the tracebacks name it.
    code = compile(source, "/home/pyodide/" + name, "exec", dont_inherit=True)
    folder, _, file = name.rpartition("/")
    if name in checked:
        target = f"{folder}/__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")
    else:
        target = name + "c"
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=name in checked)
    compiled[target] = base64.b64encode(bytes(pyc)).decode()
json.dumps(compiled)
`));
"""


def compile_for_pyodide(
    sources: dict[str, bytes], cwd: Path, checked: frozenset[str] = frozenset()
) -> dict[str, bytes]:
    """{archive path of a module: its source} -> {archive path of its .pyc: bytes}.
    A module's .pyc takes its place (``x.py`` -> ``x.pyc``, imported without a source),
    except for the modules named in ``checked``: theirs go to __pycache__/ as "checked
    hash" .pyc files, which Python uses while their source's hash is the one in the .pyc
    (for sources another program writes). Raises node.NodeError when Node is missing or
    fails."""
    request = {
        "sources": {name: source.decode("utf-8") for name, source in sources.items()},
        "checked": sorted(checked),
    }
    printed = run_module_script(
        COMPILE, "to compile the engine with the pinned Pyodide", cwd, stdin=json.dumps(request)
    )
    compiled = json.loads(printed)
    return {name: base64.b64decode(data) for name, data in compiled.items()}
