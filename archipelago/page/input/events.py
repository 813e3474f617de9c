"""The page's events as Python reads them: one JSON text per event, written by index.html's
``listenForPython`` on the page's thread.

Python may run in a worker (index.html's loader decides), where reading a property of a
browser event is one message and one wait each. The page's thread therefore describes
each event once, with everything a handler of the page reads (the key, the pointer, the
cell and the button under it, the form it submits), and Python reads that description.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Target:
    """The element the event happened on."""

    id: str = ""
    tag: str = ""  # its lower-case name: "button", "input", "svg"...
    name: str = ""  # its name attribute (a form field's)
    value: str = ""  # its value, for a form field
    focus_visible: bool = False  # it has the keyboard focus, shown


@dataclass(frozen=True)
class Cell:
    """The board cell under the event (the nearest element with data-cell)."""

    name: str
    width: float  # on the screen, in CSS pixels
    board: str  # "board" (the game's), "tutorial" (the lesson's) or ""


@dataclass(frozen=True)
class PageEvent:
    type: str
    key: str | None = None  # a key's name; a storage event's key
    new_value: str | None = None  # a storage event's new value
    ctrl: bool = False  # Ctrl or Meta held
    ctrl_key: bool = False  # Ctrl itself (a touchpad's pinch sends the wheel with it)
    alt: bool = False
    time: float = 0.0  # the event's timeStamp, in ms on the page's clock
    pointer_type: str = ""  # "mouse", "touch", "pen" or "" (not a pointer event)
    pointer_id: int | None = None
    x: float | None = None  # clientX, clientY
    y: float | None = None
    delta_y: float | None = None  # a wheel's turn, and its unit (deltaMode)
    delta_mode: int | None = None
    target: Target = field(default_factory=Target)
    cell: Cell | None = None
    # The data-* attributes (dataset names) of the nearest element with data-command,
    # data-turn, data-colour or data-move; of the lesson's nearest data-tutorial(-colour).
    button: dict[str, str] | None = None
    lesson: dict[str, str] | None = None
    preset: str | None = None  # the New game dialog's preset under the event
    move_form: bool = False  # a form of the game's own controls that plays a move
    fields: dict[str, str | bool] = field(default_factory=dict)  # a submitted form's
    dialog_open: bool = False  # some dialog of the page is open

    @staticmethod
    def from_json(text: str) -> PageEvent:
        """Read index.html's description of an event (the page's own, so trusted in shape;
        what is missing takes its default)."""
        raw: dict[str, Any] = json.loads(text)
        target, cell, form = raw.get("target"), raw.get("cell"), raw.get("form")
        return PageEvent(
            type=str(raw.get("type", "")),
            key=raw.get("key"),
            new_value=raw.get("newValue"),
            ctrl=bool(raw.get("ctrl")),
            ctrl_key=bool(raw.get("ctrlKey")),
            alt=bool(raw.get("alt")),
            time=float(raw.get("time") or 0.0),
            pointer_type=str(raw.get("pointerType") or ""),
            pointer_id=raw.get("pointerId"),
            x=raw.get("x"),
            y=raw.get("y"),
            delta_y=raw.get("deltaY"),
            delta_mode=raw.get("deltaMode"),
            target=Target(
                id=str(target.get("id") or ""),
                tag=str(target.get("tag") or "").lower(),
                name=str(target.get("name") or ""),
                value=str(target.get("value") or ""),
                focus_visible=bool(target.get("focusVisible")),
            )
            if target
            else Target(),
            cell=Cell(
                str(cell["name"]), float(cell.get("width") or 0.0), str(cell.get("board", ""))
            )
            if cell
            else None,
            button={str(k): str(v) for k, v in raw["button"].items()}
            if raw.get("button")
            else None,
            lesson={str(k): str(v) for k, v in raw["lesson"].items()}
            if raw.get("lesson")
            else None,
            preset=raw.get("preset"),
            move_form=bool(form and form.get("moveForm")),
            fields=dict(form.get("fields") or {}) if form else {},
            dialog_open=bool(raw.get("dialogOpen")),
        )
