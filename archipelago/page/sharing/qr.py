"""The share link as a QR code, drawn by segno (a kept, pure-Python QR library, pinned in
requirements-page.txt).

The page does not ship segno with the engine: the build zips it into the site on its own
(``LIBRARY``), and the page fetches it only when Share first asks for a code, so a first
visit does not pay for it. ``qr_svg`` imports it when called.
"""

from __future__ import annotations

from ...i18n import ENGLISH, _, language

LIBRARY = "static/vendor/segno.zip"  # in the site, beside the page
# Medium error correction where the link fits (a code on a scratched screen still reads),
# low where only that fits: long games make long links.
LEVELS = ("m", "l")


def qr_svg(text: str) -> tuple[str, str]:
    """(the SVG of ``text``'s QR code, "") or ("", why there is none): a link too long for
    any QR code (a long game's link)."""
    import segno  # the page puts LIBRARY on sys.path first (static/page/share_ui.py)

    for level in LEVELS:
        try:
            code = segno.make(text, error=level, micro=False, boost_error=False)
        except segno.DataOverflowError:
            continue
        svg = code.svg_inline(
            scale=4,
            border=4,
            dark="#000",
            light="#fff",
            omitsize=True,
            svgclass="qr",
            lineclass=None,
            title=_("The share link as a QR code"),
        )
        return svg, ""
    # Thousands apart as the reader writes them: "5,015" in English, "5 015" elsewhere here.
    count = f"{len(text):,}"
    if language() != ENGLISH:
        count = count.replace(",", "\u202f")
    return "", _(
        "This game's link ({n} characters) is too long for a QR code: copy or send the "
        "link instead."
    ).format(n=count)
