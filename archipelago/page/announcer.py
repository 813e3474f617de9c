"""The page's one assertive announcement (``#announce``, read at once by a screen
reader): the command box's answers, and what happens in the game unasked: each finished
turn with the score after it ("Computer played 2c3 and 1d4: Ann 3 islands, Computer 4"),
the end of the game with its result, and whose turn it is when people take turns at one
device.

Everything said during one action goes out as one text, in the action's one call; the
text alternates a zero-width mark at its end, so that the same words said twice still
change the region and are read twice. The sentences are the game's (``contract.Spoken``).
"""

from __future__ import annotations

from typing import Any, Protocol

from ..game import Game
from ..i18n import _
from .session import PERSON, Session
from .view.changes import Changes
from .view.clocks import ending_words

ANNOUNCE = "#announce"
MARK = "\u200b"  # a zero-width space: the same words become another text


class Page(Protocol):
    """What the announcer reads of the page (controller.PageController)."""

    session: Session

    @property
    def draw(self) -> Any: ...  # view.drawing.PageDrawing: its action's outbox

    def apply(self, changes: Changes) -> None: ...


def names_of(session: Session) -> list[str]:
    return list(session.names)


def turn_sentence(session: Session, game: Game, player: int, text: str) -> str:
    """A finished turn with the score after it; "" for a game that is not read aloud."""
    spoken = session.kit.spoken
    if spoken is None:
        return ""
    names = names_of(session)
    return _("{turn}: {score}.").format(
        turn=spoken.turn_said(game, names, player, text), score=spoken.score_brief(game, names)
    )


def same_game(before: Session, now: Session) -> bool:
    """Whether ``now`` goes on with the game of ``before``: the same session, or the same
    game by link, brought up to date by a link."""
    if before is now:
        return True
    return (
        before.by_link is not None
        and now.by_link is not None
        and before.by_link.game_id == now.by_link.game_id
    )


def hot_seat(session: Session) -> bool:
    """People take turns at this device: two or more seats played by people here."""
    return session.by_link is None and session.seats.count(PERSON) >= 2


class Announcer:
    """The announcement of one page: what the game did since it last looked, and the
    answers of the action under way."""

    def __init__(self, page: Page) -> None:
        self.page = page
        # The game last drawn: its session, moves and player to move.
        self.seen: tuple[Session, tuple[int, ...], int | None] | None = None
        self.said: list[str] = []  # the action under way's sentences
        self.action: object = None  # the outbox they belong to
        self.marked = False  # the last text ended with the mark

    def say(self, text: str) -> None:
        """Add ``text`` to the announcement of the action under way."""
        if not text:
            return
        outbox = self.page.draw.outbox
        if outbox is not self.action or outbox is None:
            self.action, self.said = outbox, []
            self.marked = not self.marked
        self.said.append(text)
        self.page.apply({ANNOUNCE: {"text": " ".join(self.said) + (MARK if self.marked else "")}})

    def heard(self) -> None:
        """The page was drawn: say what the game did since it was last drawn (a new game,
        or moves taken back, are only noted; a game by link brought up to date by the
        other player's link is the same game, its new turns said)."""
        session = self.page.session
        game, kit = session.game, session.kit
        state = (session, tuple(game.history_codes()), game.to_move)
        before, self.seen = self.seen, state
        if before is None or not same_game(before[0], session):
            return
        moves, done = state[1], before[1]
        if len(moves) <= len(done) or moves[: len(done)] != done:
            return
        finished_before = self.finished_at(len(done))
        for number, (player, text) in enumerate(kit.turns(game), start=1):
            if number > finished_before:
                self.say(turn_sentence(session, game, player, text))
        if game.is_over:
            self.say(ending_words(session))
        elif hot_seat(session) and game.to_move != before[2] and game.to_move is not None:
            self.say(_("{name}'s turn.").format(name=session.name_of(game.to_move)))

    def finished_at(self, moves: int) -> int:
        """How many turns were finished when the game had ``moves`` moves."""
        game, kit = self.page.session.game, self.page.session.kit
        replay = game.clone()
        while len(replay.history_codes()) > moves:
            replay.pop()
        return kit.finished_turns(replay)
