"""The page thread's own scripts, written into index.html by the build.

They are files of static/start/ (.js; the runtime's module pyodide_start.mjs beside them
is a file of the site, fetched as one): index.html names each one as
<script src="./static/start/NAME.js" data-inline></script>, and the build writes its text
in that place, so that the built page asks for none of them and dist/ holds none.
"""

from __future__ import annotations

import re
from pathlib import Path

from .paths import ROOT, BuildError

START_SCRIPTS = ROOT / "static" / "start"
NAMED = re.compile(
    r'<script( type="module")? src="\./(static/start/\w+\.js)" data-inline></script>'
)


def inline_start_scripts(page: str) -> str:
    """index.html's text ``page`` with each script of static/start/ written in where the
    page names it; every one of them must be named, once."""
    named = sorted(path for _, path in NAMED.findall(page))
    scripts = sorted(path.relative_to(ROOT).as_posix() for path in START_SCRIPTS.glob("*.js"))
    if named != scripts:
        raise BuildError(f"index.html must name each of {scripts} once, with data-inline")

    def script(match: re.Match[str]) -> str:
        text = (ROOT / match.group(2)).read_text(encoding="utf-8")
        if re.search("</script|<!--", text, re.IGNORECASE):  # would end the element early
            raise BuildError(f"{match.group(2)} cannot be inlined: it holds </script or <!--")
        return f"<script{match.group(1) or ''}>\n{text}</script>"

    return NAMED.sub(script, page)


def not_copied(folder: str, names: list[str]) -> set[str]:
    """What the copy of static/ into dist/ leaves out (shutil.copytree's ``ignore``):
    byte-code, and the scripts written into index.html."""
    inlined = Path(folder) == START_SCRIPTS
    return {
        name for name in names if name == "__pycache__" or (inlined and Path(name).suffix == ".js")
    }
