"""What one action sends to the page in one call (archipelago/page/browser.py): the
outbox's changes in the order of their last change, what is left out, and the storage
mirror that keeps a write at once and sends it with the action."""

from __future__ import annotations

import json

import pytest

from archipelago.page.browser import Outbox, StorageMirror


def test_an_element_changed_again_moves_last_and_its_attributes_add_up():
    outbox = Outbox()
    outbox.add({"#board .overlay": {"html": "<g/>"}, "body": {"attrs": {"data-a": "1"}}})
    outbox.add({"#board": {"html": "<svg/>"}, "body": {"attrs": {"data-b": "2"}}})
    outbox.add({"#board .overlay": {"html": "<g>cursor</g>"}})
    # The board's new HTML comes before the overlay drawn into it afterwards.
    assert list(outbox.changes) == ["#board", "body", "#board .overlay"]
    assert outbox.changes["body"] == {"attrs": {"data-a": "1", "data-b": "2"}}


def test_the_batch_leaves_out_html_already_drawn_and_parts_with_nothing_to_do():
    drawn = {"#board": "<svg/>"}
    outbox = Outbox()
    outbox.add({"#board": {"html": "<svg/>"}, "#message": {"hidden": True}})
    assert json.loads(outbox.to_json(drawn, []) or "") == {
        "changes": {"#message": {"hidden": True}}
    }
    assert Outbox().to_json(drawn, []) is None  # nothing to send: no call at all
    cleared = Outbox(marks={}, ghost="")  # no marks and no ghost any more: still sent
    assert json.loads(cleared.to_json(drawn, []) or "") == {"marks": {}, "ghost": ""}
    everything = Outbox(scroll=True, dialogs={"confirm": True}, focus="board")
    sent = json.loads(everything.to_json(drawn, [("k", "v"), ("gone", None)]) or "")
    assert sent == {
        "scroll": True,
        "dialogs": {"confirm": True},
        "focus": "board",
        "writes": [["k", "v"], ["gone", None]],
    }


def test_the_mirror_reads_its_own_writes_at_once_and_sends_each_key_s_last_once():
    mirror = StorageMirror(lambda: {"a": "1"})
    mirror.setItem("b", "2")
    mirror.setItem("a", "3")
    mirror.removeItem("b")
    assert mirror.getItem("a") == "3" and mirror.getItem("b") is None
    assert mirror.take() == [("a", "3"), ("b", None)]
    assert mirror.take() == []  # sent once


def test_the_mirror_hears_other_tabs_and_a_refused_storage_raises_at_once():
    items = {"a": "1"}
    mirror = StorageMirror(lambda: dict(items))
    mirror.heard("b", "2")
    mirror.heard("a", None)
    assert mirror.items == {"b": "2"} and mirror.take() == []  # not written back
    items.clear()
    items["c"] = "3"
    mirror.heard(None, None)  # another tab cleared the storage: read again
    assert mirror.items == {"c": "3"}

    def refused():
        raise PermissionError("SecurityError: Access is denied for this document.")

    with pytest.raises(PermissionError):
        StorageMirror(refused)
