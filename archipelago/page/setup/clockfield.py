"""New game's clock field: no clock, a few presets of each kind, or a clock written out
(``archipelago.clock``'s text, as a link's ``clock=`` takes it), and reading it back."""

from __future__ import annotations

from html import escape
from typing import Any

from ...clock import parse_rule
from ...i18n import N_, _

CUSTOM = "custom"
# (setting, words): the presets, from a quick game to a long one.
PRESETS = (
    ("", N_("No clock")),
    ("fischer:180+2", N_("3 min + 2 s a turn (Fischer)")),
    ("fischer:300+5/600", N_("5 min + 5 s a turn, at most 10 min (Fischer)")),
    ("fischer:900+10", N_("15 min + 10 s a turn (Fischer)")),
    ("delay:600/5", N_("10 min, each turn's first 5 s free (delay)")),
    ("byoyomi:600+5x30", N_("10 min, then 5 periods of 30 s (byo-yomi)")),
)
EXAMPLE = "fischer:300+5/600"


def clock_field_html(settings: dict[str, Any]) -> str:
    """The clock's list, and the field for a clock of one's own (shown with Other)."""
    chosen = str(settings.get("clock", ""))
    known = chosen in (value for value, _words in PRESETS)
    options = [(value, _(words)) for value, words in PRESETS] + [(CUSTOM, _("Other…"))]
    selected = chosen if known else CUSTOM
    listed = "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>'
        f"{escape(words)}</option>"
        for value, words in options
    )
    hint = _(
        "In seconds: fischer:BASE+INCREMENT (/CAP for a cap), delay:BASE/DELAY or "
        "byoyomi:BASE+PERIODSxSECONDS."
    )
    label, own = escape(_("Clock")), escape(_("Your clock"))
    return (
        f'<label class="clock-field">{label} '
        f'<select name="clock" id="clock-field">{listed}</select></label>'
        f'<div id="clock-custom-row" class="clock-custom"{"" if not known else " hidden"}>'
        f'<label>{own} <input name="clock-custom" id="clock-custom" '
        f'value="{escape("" if known else chosen)}" placeholder="{EXAMPLE}" '
        'autocomplete="off" autocapitalize="off" spellcheck="false"></label>'
        f'<p class="note">{escape(hint)}</p></div>'
    )


def read_clock_field(fields: dict[str, Any]) -> str:
    """The clock the form asks for ("" for none); ValueError says what is wrong."""
    chosen = str(fields.get("clock", ""))
    text = str(fields.get("clock-custom", "")) if chosen == CUSTOM else chosen
    if chosen == CUSTOM and not text.strip():
        raise ValueError(
            _("Write the clock in the field, for example {example}.").format(example=EXAMPLE)
        )
    try:
        rule = parse_rule(text)
    except ValueError as error:
        raise ValueError(f"{error}.") from None
    return rule.text() if rule is not None else ""


def clock_updates(fields: dict[str, Any], changed: str) -> dict[str, dict[str, Any]]:
    """The field for a clock of one's own shows while Other is chosen."""
    if changed != "clock":
        return {}
    return {"clock-custom-row": {"hidden": str(fields.get("clock", "")) != CUSTOM}}
