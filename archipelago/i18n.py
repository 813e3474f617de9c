"""Words in the reader's language: the page's one gettext catalogue, and numbers written
the way that language writes them.

Every string a player sees is written in English in the code and goes through ``_``
(or ``ngettext`` where a count decides the form). The command line never installs a
catalogue, so it stays English; the page installs the visitor's language once, before it
draws anything (``use_catalogue``). The catalogues are the ``locale/<language>.po`` files
of the platform and of each game folder; the build compiles them, per language, into one
``.mo`` (sitebuild/translations.py), and the page downloads only the visitor's.

A string that is fixed where a module is imported (a table of labels, say) is marked with
``N_`` so the extractor finds it, and translated with ``_`` where it is shown: the
catalogue is installed after the imports.
"""

from __future__ import annotations

import gettext
import io
from datetime import datetime

ENGLISH = "en"
# The page's languages: English, in which the code is written, and those with a catalogue.
LANGUAGES = (ENGLISH, "de", "fr", "es", "it", "pt")
# Each language's name in itself, for the language menu: a reader finds their own.
NATIVE_NAMES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
}
# Where a language writes a decimal comma rather than a point.
DECIMAL_COMMA = frozenset({"de", "fr", "es", "it", "pt"})

_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def _(message: str) -> str:
    """``message`` in the reader's language."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` of a message with a singular and a plural, in the reader's
    language (whose catalogue knows how many forms it has and which count takes which)."""
    return _catalogue.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it yet: it is translated
    with ``_`` where it is shown."""
    return message


def language() -> str:
    """The language the page speaks: a code of LANGUAGES."""
    return _language


def use_catalogue(code: str, compiled: bytes | None) -> None:
    """Speak ``code`` from now on, with ``compiled`` (a .mo file's bytes) as its
    catalogue; English, or no catalogue, is the code's own words."""
    global _catalogue, _language
    if code == ENGLISH or compiled is None:
        _catalogue, _language = gettext.NullTranslations(), ENGLISH
        return
    _catalogue, _language = gettext.GNUTranslations(io.BytesIO(compiled)), code


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals, with the reader's decimal sign: "0.5" in
    English, "0,5" in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _language in DECIMAL_COMMA else text


def percent(fraction: float) -> str:
    """A fraction as a whole percentage, as the reader writes it: "65%", "65 %" in
    French (a space before the sign)."""
    whole = round(fraction * 100)
    return f"{whole}\u202f%" if _language in ("fr", "de") else f"{whole}%"


def chosen_language(asked: str | None, stored: str | None, browser: list[str]) -> str:
    """The language to speak: the address's ``lang`` option first (an embed or a link
    that asks), then the reader's choice in the settings, then the first of the
    browser's languages that the page speaks ("pt-BR" is "pt"), then English. A code the
    page does not speak is passed over."""
    for code in (asked, stored, *browser):
        base = (code or "").strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return ENGLISH


def joined(names: list[str]) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Bob", "Ann, Bob and Cy" (each
    language its own "and")."""
    if len(names) <= 1:
        return "".join(names)
    # Translators: the end of a list of players' names: "Ann, Bob and Cy".
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def whole(value: int) -> str:
    """A whole number with its thousands grouped: "12,345" in English, "12 345" (a narrow
    no-break space, which every language of the page reads) elsewhere, where a comma or a
    point could be taken for the decimal sign."""
    text = f"{value:,}"
    return text if _language == ENGLISH else text.replace(",", "\u202f")


# A date and time as each language writes it short (English names its month, so that no
# reader takes the day for the month); the page's Python formats it, no browser call.
DATE_TIME = {
    "en": "{day} {month} {year}, {hour:02}:{minute:02}",
    "de": "{day:02}.{month_number:02}.{year}, {hour:02}:{minute:02}",
    "fr": "{day:02}/{month_number:02}/{year} {hour:02}:{minute:02}",
    "es": "{day}/{month_number}/{year}, {hour}:{minute:02}",
    "it": "{day:02}/{month_number:02}/{year}, {hour:02}:{minute:02}",
    "pt": "{day:02}/{month_number:02}/{year}, {hour:02}:{minute:02}",
}
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def date_time(when: datetime) -> str:
    """``when`` as the reader's language writes a date and time: "29 Nov 2026, 03:43",
    "29.11.2026, 03:43" in German."""
    return DATE_TIME[_language].format(
        day=when.day,
        month=MONTHS[when.month - 1],
        month_number=when.month,
        year=when.year,
        hour=when.hour,
        minute=when.minute,
    )


def in_language(path: str, code: str | None = None) -> str:
    """A page of the site (``path``, like "static/rules.html") as served in ``code`` (the
    page's language when None): "static/rules.fr.html" in French, itself in English. The
    build writes each rules page in every language (sitebuild/locales.py)."""
    code = _language if code is None else code
    if code == ENGLISH or not path.endswith(".html"):
        return path
    return f"{path[: -len('.html')]}.{code}.html"


def without_language(address: str) -> str:
    """``address`` without its ``lang=`` option: a link that a reader shares opens in the
    language of whoever opens it (a link or an embed that wants one names it itself)."""
    page, _, query = address.partition("?")
    kept = [part for part in query.split("&") if part and not part.startswith("lang=")]
    return page + ("?" + "&".join(kept) if kept else "")
