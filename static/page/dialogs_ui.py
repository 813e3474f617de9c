"""The browser's side of the New game and Share dialogs: what the form holds and its
changes, its submission handed to the controller, and the game's link to copy.

Loaded beside static/page/app.py (pyscript.toml's [files]); the form's contents and
checks are made in archipelago.page.setup (dialogs, picker), under CPython tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bridge import listen, on_page, read_form
from pyscript import document, window
from share_ui import EmbedSnippet, ShareExtras

from archipelago.i18n import _
from archipelago.page.input.events import PageEvent
from archipelago.page.saved import distance
from archipelago.page.saved.keeper import Keeper
from archipelago.page.session import Session
from archipelago.page.setup import dialogs, picker


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialogs need of the page (archipelago.page.controller.PageController)."""

    session: Session
    keeper: Keeper  # the settings
    commands: dict[str, Callable[..., Any]]

    def new_game(self, fields: dict[str, str | bool]) -> None: ...
    def show_dialog(self, name: str, shown: bool) -> None: ...


class DialogsUI:
    """The New game and Share dialogs of one page."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        page.commands.update(
            {
                "new-game": self.open_new_game,
                "share": self.open_share,
                "embed": self.open_embed,
                "copy-share": self.copy_share,
                "share-at-turn": self.show_share_link,
            }
        )
        self.share_extras = ShareExtras(page.commands)  # Share's QR code and share sheet
        self.embed_snippet = EmbedSnippet(page.commands)  # Share's embed snippet
        self.shown_game = ""  # the game the New game form shows
        self.kept: dict[str, dict[str, Any]] = {}  # game -> its options typed in the dialog
        listen("#new-game-fields", "click", self.on_preset)

    def form_fields(self) -> dict[str, str | bool]:
        return read_form("new-game-form")

    def open_new_game(self, *_: Any) -> None:
        """The dialog, set up for a game like the one in play."""
        settings = picker.settings_in_play(self.page.session, self.page.keeper.settings)
        self.shown_game, self.kept = settings["game"], {}
        by_id("new-game-fields").innerHTML = dialogs.new_game_form_html(settings)
        by_id("new-game-error").textContent = ""
        by_id("new-game").showModal()

    def on_form_change(self, event: PageEvent) -> None:
        name = event.target.name
        fields = self.form_fields()
        if name == "game":
            settings, self.kept = picker.switch_game(
                fields, self.shown_game, self.kept, self.page.keeper.settings
            )
            self.shown_game = str(fields.get("game", ""))
            by_id("new-game-fields").innerHTML = dialogs.new_game_form_html(settings)
            chosen = by_id(f"game-tile-{self.shown_game}")
            if chosen:  # the focus stays on the tile just picked (the form was redrawn)
                chosen.querySelector("input").focus()
            return
        self.update_form(dialogs.form_updates(fields, name))

    def update_form(self, updates: dict[str, dict[str, Any]]) -> None:
        form = by_id("new-game-form")
        for key, changes in updates.items():
            # A field of the form first: the page has an element with the id "players" too.
            element = form.elements.namedItem(key) or by_id(key)
            if element is None:
                continue
            for prop, value in changes.items():
                setattr(element, prop, value)

    def on_preset(self, event: PageEvent) -> None:
        if event.preset:
            self.update_form(picker.preset_updates(self.form_fields(), event.preset))

    def submit_new_game(self, _event: PageEvent) -> None:
        # (index.html keeps the browser from sending the form or closing the dialog)
        self.page.new_game(self.form_fields())

    def open_embed(self, *_event: Any) -> None:
        """The menu's own entry for site owners: Share with its embed section open and in
        view (folded under the link, it was found by few)."""
        self.open_share(embed=True)
        by_id("embed-section").scrollIntoView()

    def open_share(self, *_event: Any, embed: bool = False) -> None:
        """The Share dialog, its embed section open when the menu's Embed entry asked."""
        by_id("embed-section").open = embed
        place = distance.share_place_words(self.page.session)  # "turn 5 of a side line"
        by_id("share-turn").hidden = not place
        by_id("share-turn-number").textContent = place
        # The dialog's own words, in case "Send your turn" (distance_ui.py) borrowed it.
        by_id("share-title").textContent = _("Share this game")
        by_id("share-text").textContent = _(
            "Anyone who opens this link sees the game as it is now."
        )
        self.show_share_link()
        by_id("share").showModal()
        by_id("share-url").select()
        self.embed_snippet.opened(self.page.session)

    def show_share_link(self, *_: Any) -> None:
        """The link, at the turn reviewed when that is ticked, and its QR code; a link too
        long says so."""
        at_turn = bool(by_id("share-at-turn").checked)
        link, problem = distance.share_link(str(window.location.href), self.page.session, at_turn)
        by_id("share-url").value = link
        by_id("share-note").textContent = problem
        by_id("share-save").hidden = not problem
        if link:
            self.share_extras.opened(link)
        else:
            by_id("share-qr").innerHTML = ""

    async def copy_share(self, *_event: Any) -> None:
        if await on_page.copyText(by_id("share-url").value):
            by_id("share-note").textContent = _("Copied.")
        else:
            by_id("share-url").select()
            by_id("share-note").textContent = _("Select the link and copy it by hand.")
