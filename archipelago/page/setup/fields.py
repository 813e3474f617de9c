"""The New game form's fields for a game's options, built from its manifest (data).

The board side is offered within the manifest's ``sizes``, with its ``size_advice``;
every option with a label (``archipelago.manifest.Option``) is offered folded under More
options: a checkbox for a yes or no, else a list of its words, each with a line on what
it does. A yes or no that follows the player count keeps a hidden ``<key>-touched``
field, so that it follows until the player changes it. An option checked in code has no
label: its game's kit draws and reads it (Stigmergy's komi).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ...i18n import _
from ...manifest import Manifest, Option

# The form's fields, by element id or field name -> {property: value}.
Updates = dict[str, dict[str, Any]]


def offered(manifest: Manifest) -> list[Option]:
    """The options the form offers from the manifest alone."""
    return [option for option in manifest.options if option.label and not option.check]


def clean_options(manifest: Manifest, raw: dict[str, Any]) -> dict[str, Any]:
    """The board side and the options of ``raw`` that the manifest describes, each
    checked; the others take their defaults (an option checked in code too: its game's
    kit checks it)."""
    options = {"size": manifest.default_size, **manifest.option_defaults()}
    size = raw.get("size")
    if isinstance(size, int) and not isinstance(size, bool) and size in manifest.sizes:
        options["size"] = size
    for option in manifest.options:
        if not option.check and option.key in raw and option.accepts(raw[option.key]):
            options[option.key] = raw[option.key]
    return options


def size_html(manifest: Manifest, size: int) -> str:
    """The board side's field, showing ``size``."""
    sizes = manifest.sizes
    if manifest.size_advice:
        words = _("Board side ({fewest} to {most}; {advice})").format(
            fewest=sizes[0], most=sizes[-1], advice=_(manifest.size_advice)
        )
    else:
        words = _("Board side ({fewest} to {most})").format(fewest=sizes[0], most=sizes[-1])
    return (
        f"<label>{escape(words)}"
        f'<input name="size" type="number" min="{sizes[0]}" max="{sizes[-1]}" '
        f'value="{size}" required></label>'
    )


def read_size(fields: dict[str, Any], sizes: range) -> int:
    """The form's board side, checked (ValueError with the words for the player)."""
    wrong = _("The board side must be a number from {fewest} to {most}.").format(
        fewest=sizes[0], most=sizes[-1]
    )
    try:
        size = int(str(fields.get("size", "")).strip())
    except ValueError:
        raise ValueError(wrong) from None
    if size not in sizes:
        raise ValueError(wrong)
    return size


def following(option: Option, players: int) -> bool:
    """Whether an option that follows the player count is on for ``players`` players."""
    return bool(option.on_from_players) and players >= option.on_from_players


def offered_html(manifest: Manifest, options: dict[str, Any], players: int) -> str:
    """The Variations the form folds under More options, showing ``options`` (checked,
    as ``clean_options`` gives them) for ``players`` players; "" when there are none."""
    fields = "".join(_field(option, options[option.key], players) for option in offered(manifest))
    legend = escape(_("Variations"))
    return f"<fieldset><legend>{legend}</legend>{fields}</fieldset>" if fields else ""


def _field(option: Option, value: Any, players: int) -> str:
    key = option.key
    why = f'<span class="why" id="{key}-why">{escape(_(option.note))}</span>'
    if not option.yes_no:
        texts = option.texts or option.words
        items = "".join(
            f'<option value="{escape(word)}"{" selected" if word == str(value) else ""}>'
            f"{escape(_(text))}</option>"
            for word, text in zip(option.words, texts, strict=True)
        )
        return (
            f'<label>{escape(_(option.label))} <select name="{key}" aria-describedby="{key}-why">'
            f"{items}</select>{why}</label>"
        )
    on = following(option, players) if value is None else bool(value)
    box = (
        f'<label class="check"><input type="checkbox" name="{key}" id="{key}-field" '
        f'aria-describedby="{key}-why"{" checked" if on else ""}> {escape(_(option.label))}</label>'
        + why
    )
    if option.on_from_players:  # untouched, the box follows the player count
        touched = "" if value is None else "1"
        box += f'<input type="hidden" name="{key}-touched" value="{touched}">'
    return box


def read_offered(manifest: Manifest, fields: dict[str, Any]) -> dict[str, Any]:
    """The offered options the form's ``fields`` give (a checkbox's field being whether
    it is checked); an option whose field the form lacks gives nothing."""
    read: dict[str, Any] = {}
    for option in offered(manifest):
        if option.key not in fields:
            continue
        word = fields[option.key]
        if not option.yes_no:
            known = str(word) in option.words
            read[option.key] = option.setting(str(word)) if known else option.default
        elif option.on_from_players:
            on, touched = bool(word), bool(fields.get(f"{option.key}-touched"))
            players = int(fields.get("players", 2))
            # Only a choice that differs from the rules' default is kept as one.
            read[option.key] = on if touched and on != following(option, players) else None
        else:
            read[option.key] = bool(word)
    return read


def follow_players(manifest: Manifest, fields: dict[str, Any], changed: str) -> Updates:
    """What else changes in the form when field ``changed`` did: a box that follows the
    player count is touched once the player changes it, and follows a change of players
    while untouched."""
    updates: Updates = {}
    for option in offered(manifest):
        if not option.on_from_players:
            continue
        if changed == option.key:
            updates[f"{option.key}-touched"] = {"value": "1"}
        elif changed == "players" and not fields.get(f"{option.key}-touched"):
            players = int(fields.get("players", 2))
            updates[option.key] = {"checked": following(option, players)}
    return updates
