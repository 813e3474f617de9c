"""The first visit's welcome, in the words of the game it opens on.

index.html holds the welcome of the page's first game (Archipelago, the registry's
default); a link that names another game (``?game=NAME``) opens on that game, whose
manifest's ``welcome`` line (else its tagline) replaces it, with the number of its
lesson's steps on the How to play button. The build puts these changes into that
address's first view (sitebuild/index.py), so the welcome is in the right words before
Python is up, and the controller applies them when it greets.
"""

from __future__ import annotations

from ...i18n import _, ngettext
from ...registry import DEFAULT_GAME, manifest_of
from ..lessons import lesson_module
from .changes import Changes

# The elements the welcome's words go in (index.html), painted by the first view too.
WELCOME_PARTS = ("#welcome-title", "#welcome-text", "#welcome-tutorial")


def welcome_changes(game: str) -> Changes:
    """The welcome's title, line and How to play button for a first visit to ``game``;
    nothing for the default game (index.html's words are its own)."""
    if game == DEFAULT_GAME:
        return {}
    manifest = manifest_of(game)
    module = lesson_module(game)
    steps = len(getattr(module, "STEPS", ())) if module is not None else 0
    tutorial = (
        ngettext("How to play, in {n} step", "How to play, in {n} steps", steps).format(n=steps)
        if steps
        else _("How to play")
    )
    return {
        "#welcome-title": {"text": _("Welcome to {game}").format(game=_(manifest.title))},
        "#welcome-text": {"html": _(manifest.welcome or manifest.tagline)},
        "#welcome-tutorial": {"text": tutorial},
    }


__all__ = ["WELCOME_PARTS", "welcome_changes"]
