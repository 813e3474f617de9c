"""The share link as a QR code, drawn by segno (a kept, pure-Python QR library, pinned in
requirements-page.txt).

The page does not ship segno with the engine: the build zips it into the site on its own
(``LIBRARY``), and the page fetches it only when Share first asks for a code, so a first
visit does not pay for it. ``qr_svg`` imports it when called.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from ...i18n import ENGLISH, _, language

LIBRARY = "static/vendor/segno.zip"  # in the site, beside the page
# A phone reads a code from a screen best when its modules are big: the fewest modules
# (the lowest error correction, L), raised to a higher correction only where that needs no
# more modules (segno's boost_error). A screen is not scratched paper: L reads.
LEVEL = "l"
BORDER = 4  # the quiet zone the standard asks for, in modules
# The drawn code's size: whole pixels a module (crisp edges at 1x, no module blurred
# across two pixels), as many as fit in DRAWN_PX, never fewer than MIN_MODULE_PX (a
# phone camera misread codes of 2 px modules under a slight blur) nor more than
# MAX_MODULE_PX (a short link's code stays a reasonable size).
DRAWN_PX = 300
MIN_MODULE_PX = 3
MAX_MODULE_PX = 6
SVG_SCALE = 4  # the SVG's own units a module (its viewBox), whatever its drawn size


def module_px(modules: int) -> int:
    """The whole pixels a module of a code ``modules`` wide (its quiet zone included) is
    drawn at."""
    return max(MIN_MODULE_PX, min(MAX_MODULE_PX, DRAWN_PX // modules))


def qr_svg(text: str) -> tuple[str, str]:
    """(the SVG of ``text``'s QR code, "") or ("", why there is none): a link too long for
    any QR code (a long game's link)."""
    import segno  # the page puts LIBRARY on sys.path first (static/page/share_ui.py)

    try:
        code = segno.make(text, error=LEVEL, micro=False, boost_error=True)
    except segno.DataOverflowError:
        code = None
    if code is not None:
        svg = code.svg_inline(
            scale=SVG_SCALE,
            border=BORDER,
            dark="#000",
            light="#fff",
            omitsize=True,
            svgclass="qr",
            lineclass=None,
            title=_("The share link as a QR code"),
        )
        modules = int(code.symbol_size(border=BORDER)[0])
        side = modules * module_px(modules)
        drawn = f'<svg width="{side}" height="{side}" shape-rendering="crispEdges"'
        return drawn + svg.removeprefix("<svg"), ""
    # Thousands apart as the reader writes them: "5,015" in English, "5 015" elsewhere here.
    count = f"{len(text):,}"
    if language() != ENGLISH:
        count = count.replace(",", "\u202f")
    return "", _(
        "This game's link ({n} characters) is too long for a QR code: copy or send the "
        "link instead."
    ).format(n=count)


def _private_host(host: str) -> str:
    """Which addresses ``host`` is: "loopback" (this machine's), "private" (a local
    network's) or "" (a public one)."""
    host = host.lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return "loopback"
    if host.endswith(".local"):
        return "private"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return ""
    if address.is_loopback:
        return "loopback"
    return "private" if address.is_private or address.is_link_local else ""


def reach_note(link: str) -> str:
    """What a player should know before showing the code to a phone: on this machine's
    own address (127.0.0.1, localhost, ::1) no phone can open the link; on a local
    network's (10.*, 192.168.*, 172.16-31.*, *.local) only a phone on that network can.
    "" for a public address."""
    kind = _private_host(urlsplit(link).hostname or "")
    if kind == "loopback":
        return _(
            "This link points to this computer's own address: a phone cannot open it. "
            "Put the site on a public address to share it by QR code."
        )
    if kind == "private":
        return _(
            "This link's address is on a local network: only a phone on the same network "
            "can open it."
        )
    return ""
