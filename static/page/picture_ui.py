"""The Picture dialog: the position shown and the game's moves saved as SVG or PNG, and
the position copied as an image where the browser can.

Loaded beside static/page/app.py (pyscript.toml's [files]); the pictures are drawn by
archipelago.page.view.picture under CPython tests, and turned into files on the page's
thread by static/start/picture_files.js.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bridge import on_page, read_form
from pyscript import document

from archipelago.i18n import _
from archipelago.page.session import Session
from archipelago.page.view.picture import PNG_WIDTH, Picture, moves_picture, position_picture


def by_id(name: str) -> Any:
    return document.getElementById(name)


class PageView(Protocol):
    """What the dialog needs of the page (archipelago.page.controller.PageController)."""

    session: Session
    labels: bool  # whether the board shows its coordinates
    commands: dict[str, Callable[..., Any]]

    def show_dialog(self, name: str, shown: bool) -> None: ...


class PictureUI:
    """The Picture dialog of one page."""

    def __init__(self, page: PageView) -> None:
        self.page = page
        page.commands.update(
            {
                "picture": self.open,
                "close-picture": lambda *_: page.show_dialog("picture", False),
                "picture-svg": lambda *_: self.save(self.position(), "svg"),
                "picture-png": lambda *_: self.save(self.position(), "png"),
                "picture-copy": lambda *_: self.save(self.position(), "copy"),
                "moves-svg": lambda *_: self.save(moves_picture(self.page.session), "svg"),
                "moves-png": lambda *_: self.save(moves_picture(self.page.session), "png"),
            }
        )

    def open(self, *_event: Any) -> None:
        """The dialog, its coordinates as the board shows them, Copy only where the
        browser can put an image on the clipboard."""
        by_id("picture-labels").checked = self.page.labels
        by_id("picture-copy").hidden = not on_page.canCopyPictures()
        by_id("picture-note").textContent = ""
        by_id("picture").showModal()

    def position(self) -> Picture:
        labels = bool(read_form("picture-form").get("picture-labels"))
        return position_picture(self.page.session, labels)

    async def save(self, picture: Picture, how: str) -> None:
        done = str(
            await on_page.savePicture(
                picture.svg, picture.stem, picture.width, picture.height, PNG_WIDTH, how
            )
        )
        ending = "png" if how == "copy" else how
        said = {
            "saved": _("Saved the picture as {file}.").format(file=f"{picture.stem}.{ending}"),
            "copied": _("Copied the picture."),
        }.get(done, "")
        if not said:
            said = (
                _("The browser did not let the page copy the picture: save it as a PNG instead.")
                if how == "copy"
                else _("The browser could not make the picture.")
            )
        by_id("picture-note").textContent = said
