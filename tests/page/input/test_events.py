"""An event as the page's thread describes it to Python (index.html's listenForPython)."""

from __future__ import annotations

import json

from archipelago.page.input.events import Cell, PageEvent, Target


def test_a_click_on_a_cell_of_the_board_reads_as_its_cell_and_pointer():
    text = json.dumps(
        {
            "type": "click",
            "key": None,
            "ctrl": False,
            "time": 1234.5,
            "pointerType": "touch",
            "pointerId": 3,
            "x": 10,
            "y": 20.5,
            "target": {"id": "", "tag": "PATH", "name": "", "value": "", "focusVisible": False},
            "cell": {"name": "d4", "width": 17.25, "board": "board"},
            "button": None,
            "dialogOpen": False,
        }
    )
    event = PageEvent.from_json(text)
    assert event.cell == Cell("d4", 17.25, "board")
    assert event.target == Target(tag="path")  # lower-case, whatever the browser said
    assert (event.pointer_type, event.pointer_id, event.x, event.y) == ("touch", 3, 10, 20.5)
    assert event.time == 1234.5 and event.button is None and event.key is None


def test_a_button_a_form_and_a_storage_event_keep_what_their_handlers_read():
    command = PageEvent.from_json(
        json.dumps({"type": "click", "button": {"command": "undo", "game": "ab12"}})
    )
    assert command.button == {"command": "undo", "game": "ab12"} and command.cell is None
    form = PageEvent.from_json(
        json.dumps(
            {"type": "submit", "form": {"moveForm": True, "fields": {"komi": "3", "x": True}}}
        )
    )
    assert form.move_form and form.fields == {"komi": "3", "x": True}
    stored = PageEvent.from_json(
        json.dumps({"type": "storage", "key": "archipelago.game", "newValue": None})
    )
    assert (stored.key, stored.new_value) == ("archipelago.game", None)
    # What the description leaves out takes its default: nothing is invented.
    bare = PageEvent.from_json('{"type": "focus"}')
    assert bare == PageEvent(type="focus")
    assert not bare.target.focus_visible and bare.fields == {} and not bare.dialog_open
