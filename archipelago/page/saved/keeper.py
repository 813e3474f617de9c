"""What the page keeps, and where its games come from: the browser's storage (read once
into a ``StorageMirror``), the list of games, the New game settings, saving after each
action and saying once that the browser keeps the page from saving; the game an address,
a link, a file or another tab's write brings.

The controller (controller.PageController) holds one keeper and shows what it brings;
the keeper asks the page for no more than ``KeptPage``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...i18n import _
from .. import start as startup
from ..browser import StorageMirror, Write
from ..clocks import hold
from ..session import Session
from ..setup import dialogs
from ..view.changes import Changes
from ..view.embed import embed_storage_note
from . import distance
from .library import FORKED, Library, hear
from .links import LINK_PARAM, split_place
from .storage import Storage, session_from_settings


class KeptPage(Protocol):
    """What the keeper needs of the page (controller.PageController)."""

    session: Session

    def start(self, session: Session, beside: bool = False) -> None: ...
    def message(self, text: str, kind: str = "error") -> None: ...
    def clear_message(self, *_: Any) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def show_dialog(self, name: str, shown: bool) -> None: ...


class Keeper:
    """The storage, the games and the settings of one page."""

    def __init__(
        self,
        page: KeptPage,
        storage_items: Callable[[], dict[str, str]],
        date_now: Callable[[], float],
        new_id: Callable[[], str],
    ) -> None:
        self.page = page
        self.storage_items = storage_items
        # The browser may refuse its storage (a frame of another site, a private window):
        # the page then plays without saving, and says so once (tell_cannot_save).
        self.mirror: StorageMirror | None = None
        self.storage = Storage.of_browser(self.open_mirror)
        self.said_cannot_save = False
        # The games of this browser; None on an embedded page, which keeps one game.
        self.library: Library | None = Library(self.storage, date_now, new_id)
        self.settings = self.storage.settings()
        self.url_settings: dict[str, Any] | None = None  # an embedded page's, from its URL
        self.signature: str | None = None  # the URL options an embedded game was set up with
        # Told of each game saved, with its id among the games (the tournament's results).
        self.saved_hooks: list[Callable[[Session, str | None], None]] = []
        # The links of other data than a game, by their mark (the tournament's "club=").
        self.link_openers: dict[str, Callable[[str], None]] = {}
        # A puzzle's position on the board (page.puzzles): not a game, never saved.
        self.unsaved: Session | None = None

    # ---------------------------------------------------------------- the storage
    def open_mirror(self) -> StorageMirror:
        self.mirror = StorageMirror(self.storage_items)
        return self.mirror

    def writes(self) -> list[Write]:
        """The storage writes made since last asked (they go with the action's call)."""
        return self.mirror.take() if self.mirror is not None else []

    def save(self) -> None:
        page, library = self.page, self.library
        if page.session is self.unsaved:
            return
        if library is None:  # an embedded page keeps its one game under its own key
            self.storage.save_game(page.session, self.signature)
        elif library.save(page.session):
            page.message(_(FORKED), kind="info")
        if library is not None:  # a hook for tests: the stored game of this tab
            page.apply({"body": {"attrs": {"data-game-id": library.current or ""}}})
        for hook in self.saved_hooks:
            hook(page.session, library.current if library is not None else None)
        self.tell_cannot_save()

    def tell_cannot_save(self, *more: str) -> None:
        """Say once, in one line, that the browser keeps this page from saving."""
        line, page = self.storage.cannot_save(), self.page
        if line and self.library is None:  # embedded: a small note, never over the controls
            if not self.said_cannot_save:
                self.said_cannot_save = True
                page.apply(embed_storage_note(self.storage.problem))
            if more:
                page.message(" ".join(more))
        elif line and not self.said_cannot_save:
            self.said_cannot_save = True
            page.message(" ".join([*more, line]), "error" if more else "info")
        elif more:
            page.message(" ".join(more))

    def refused(self, why: str) -> None:
        """The browser refused a storage write of the last action."""
        self.storage.refused(why)
        self.tell_cannot_save()

    def heard(self, key: str | None, text: str | None) -> tuple[str, Session | None]:
        """Another tab wrote to the storage (``key`` None: cleared it): what to tell the
        player ("list": the games list changed) and the game that replaces this tab's."""
        if self.mirror is not None:
            self.mirror.heard(key, text)
        if self.library is None:
            return "", None
        return hear(self.library, key or None, text or None)

    # ---------------------------------------------------------------- where games come from
    def plan(self, query: str) -> startup.Start:
        """The game the address with ``query``, the stored games or the settings give
        (``start.plan_start``)."""
        plan = startup.plan_start(query, self.storage, self.settings, self.library)
        self.url_settings, self.signature = plan.url_settings, plan.signature
        if plan.embed:
            self.library = None
        return plan

    def problems(self, problems: list[str]) -> None:
        """What the start found wrong, said with the storage's own refusal, if any."""
        if problems:
            self.said_cannot_save = False  # the problems' message would hide it: both
            self.tell_cannot_save(*problems)

    def open_link(self, hash_text: str) -> None:
        """A link in the address (``#game=...``): its game is read, checked and put among
        the games (``distance.open_link``); another mark's link goes to its opener."""
        for mark, opener in self.link_openers.items():
            if hash_text.startswith("#" + mark):
                opener(hash_text[1 + len(mark) :])
                return
        if not hash_text.startswith("#" + LINK_PARAM):
            return
        data, line, turn = split_place(hash_text[1 + len(LINK_PARAM) :])
        opened = distance.open_link(data, self.library)
        if opened.session is not None:
            if turn is not None:  # a link to a turn (of any line) opens it in review
                opened.session.study.show_line_number(line, turn)
            self.page.start(hold(opened.session), beside=opened.beside)
        self.page.message(opened.message, kind=opened.kind)

    def open_file(self, name: str, text: str) -> None:
        """A saved game's file, ``name`` shown as it may be (escaped, shortened)."""
        try:
            session = startup.session_from_file(text)
        except Exception as error:  # a refusal, or not a game's file at all
            self.page.message(startup.file_refusal(name, error))
            return
        self.page.start(hold(session), beside=True)  # its clocks paused as saved
        self.page.message(_("Loaded {name}.").format(name=name), kind="info")

    def pick(self, command: str, game_id: str) -> bool:
        """The Games dialog's Continue ("continue-game") or Delete ("delete-game"): the
        game continued on the board, or deleted; True when the list is to be drawn again
        (the dialog still open)."""
        library, page = self.library, self.page
        if library is None:  # an embedded page has no Games dialog
            return False
        session, words = dialogs.pick_game(library, command, game_id)
        if words or session is not None:
            page.show_dialog("games", False)
        if words:
            page.message(words)
        elif session is not None:
            page.clear_message()
            page.start(hold(session))  # a game continued later: its clocks paused
        return not words and session is None

    def restart(self) -> Session:
        """An embedded page's New game: the same setup as its URL gives."""
        return session_from_settings(self.url_settings or self.settings)

    def switched(self, name: str) -> Session:
        """A new game of the game ``name`` (the header's switcher): against the computer
        on a small board, as a first visit's."""
        return session_from_settings(startup.switched_game_settings(self.settings, name))

    def choose(self, settings: dict[str, Any]) -> Session:
        """New game's settings, kept for the next New game: its session (ValueError or
        the engine's error when they do not make a game, and nothing is kept)."""
        session = session_from_settings(settings)
        self.settings = settings
        self.storage.save_settings(settings)
        return session
