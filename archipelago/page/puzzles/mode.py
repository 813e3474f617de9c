"""The Puzzles mode of one page: a puzzle put on the board in place of the game, which
is kept aside (never saved over, never lost) and comes back with *Back to the game* or
any other game opened; its commands (the menu's Puzzles, Hint, Solution, Retry, Next,
Today's puzzle, the themes), the sets fetched when first wanted, the turns judged, the
opponents' replies played, a wrong turn refuted by the computer's worker, and the
player's progress kept on the device.

The controller hooks in twice: ``drawn`` after each drawing of the page (a move played,
a puzzle put on the board, another game opened), ``from_address`` for ``?puzzle=``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import parse_qsl

from ...errors import ArchipelagoError
from ...i18n import _
from ...puzzles.puzzle import Puzzle, read_set
from ...registry import game_names
from ..announcer import Announcer
from ..browser import Browser
from ..saved.keeper import Keeper
from ..scheduler import Scheduler
from ..session import PERSON, Session
from ..view.changes import Changes
from ..view.drawing import PageDrawing
from . import view
from .attempt import RIGHT, SOLVED, SOLVING, WRONG, Attempt
from .choice import daily_games, daily_puzzle, next_puzzle, utc_day
from .progress import FAILED as LOST
from .progress import HINTED, STORAGE_KEY, Progress

REPLY_MS = 600  # the solver's turn stays on its own a moment before the reply comes
REFUTER_LEVEL = 4  # the computer that answers a wrong turn


class PuzzlePage(Protocol):
    """What the Puzzles mode needs of the page (controller.PageController)."""

    session: Session
    commands: dict[str, Callable[..., Any]]
    keeper: Keeper
    scheduler: Scheduler
    voice: Announcer
    browser: Browser
    early: dict[str, Any]
    draw: PageDrawing

    def start(self, session: Session, beside: bool = False) -> None: ...
    def within(self, call: Callable[[], Any]) -> Any: ...
    def message(self, text: str, kind: str = "error") -> None: ...
    def clear_message(self, *_event: Any) -> None: ...
    def greet(self, shown: bool) -> None: ...
    def apply(self, changes: Changes) -> None: ...
    def set_timer(self, delay: float, callback: Callable[[], None]) -> None: ...
    def show_marks(self, marks: dict[str, str] | None, ghost: str | None) -> None: ...


def set_path(game: str, version: str) -> str:
    """Where a game's set is, beside the page (the build writes it there): the version
    in the query, so that a new build's set passes the caches of an old one."""
    return f"puzzles/{game}.jsonl?v={version}"


class PuzzleMode:
    def __init__(self, page: PuzzlePage) -> None:
        self.page = page
        self.sets: dict[str, list[Puzzle]] = {}  # each game's set, once fetched
        self.attempt: Attempt | None = None
        self.session: Session | None = None  # the puzzle's position on the board
        self.kept: Session | None = None  # the player's game, aside while puzzles show
        self.progress = Progress.from_json(page.keeper.storage.read(STORAGE_KEY))
        self.hint = ""  # the hint's turn drawn faintly, "" when none
        self.ghosted = False
        self.shown = False  # whether the puzzle bar is on the page
        self.unanswered = False  # a turn found wrong before it ended, to refute once ended
        self.said = ""  # the bar's words as last announced
        page.commands.update(
            {
                "puzzles": self.open_next,
                "puzzle-next": self.open_next,
                "puzzle-daily": self.open_daily,
                "puzzle-hint": self.show_hint,
                "puzzle-solution": self.show_solution,
                "puzzle-retry": self.retry,
                "puzzle-leave": self.leave,
            }
        )

    @property
    def on_board(self) -> bool:
        return self.attempt is not None and self.page.session is self.session

    # ---------------------------------------------------------------- opening
    def from_address(self, query: str) -> None:
        """``?puzzle=daily`` or ``?puzzle=ID``: that puzzle, once its set is here."""
        wanted = dict(parse_qsl(query.lstrip("?"))).get("puzzle", "").strip().lower()
        if wanted == "daily":
            self.open_daily()
        elif wanted:
            self.open_id(wanted)

    def open_daily(self, *_event: Any) -> None:
        day = utc_day(self.page.browser.date_now())
        self.search(
            daily_games(day, game_names()),
            lambda puzzles: daily_puzzle(puzzles, day),
            _("There is no daily puzzle here yet."),
        )

    def open_id(self, ident: str) -> None:
        """The puzzle ``ident``, looked for in the set its name starts with first."""
        games = sorted(game_names(), key=lambda game: not ident.startswith(game + "-"))
        self.search(
            games,
            lambda puzzles: next((p for p in puzzles if p.id == ident), None),
            _("There is no puzzle {id}.").format(id=ident[:64]),
        )

    def open_next(self, *_event: Any) -> None:
        """The menu's Puzzles and Next: a puzzle of the game shown, near the player's
        level (a failed one first once its turn has come back)."""
        attempt = self.attempt if self.on_board else None
        game = attempt.puzzle.game if attempt else self.page.session.game.name
        current = attempt.puzzle.id if attempt else None
        self.search(
            [game],
            lambda puzzles: next_puzzle(puzzles, self.progress, current, self.progress.themes),
            _("There are no puzzles for this game yet."),
        )

    def search(
        self, games: list[str], pick: Callable[[list[Puzzle]], Puzzle | None], missing: str
    ) -> None:
        """Fetch the sets of ``games`` in turn until ``pick`` finds a puzzle in one;
        ``missing`` is said when none does (and nothing changes)."""
        left = list(games)

        def look() -> None:
            if not left:
                self.page.message(missing, "info")
                return
            game = left.pop(0)
            self.load(game, found)

        def found(puzzles: list[Puzzle]) -> None:
            puzzle = pick(puzzles) if puzzles else None
            if puzzle is None:
                look()
            else:
                self.show(puzzle)

        look()

    def load(self, game: str, then: Callable[[list[Puzzle]], None]) -> None:
        if game in self.sets:
            then(self.sets[game])
            return

        def arrived(text: str | None) -> None:
            if text is None:  # no network and no copy kept: nothing changes
                self.page.message(
                    _("The puzzles could not be downloaded: try again once online."), "info"
                )
                return
            try:
                puzzles = [p for p in read_set(text) if p.game == game]
            except ArchipelagoError:
                puzzles = []  # a damaged set counts as none
            self.sets[game] = puzzles
            then(puzzles)

        path = set_path(game, str(self.page.early.get("version", "")))
        self.page.browser.fetch_text(path, lambda text: self.page.within(lambda: arrived(text)))

    def show(self, puzzle: Puzzle) -> None:
        """Put ``puzzle`` on the board, the game kept aside (the first time)."""
        if not self.on_board:
            self.kept = self.page.session
        try:
            attempt = Attempt(puzzle)
            attempt.position()
        except ArchipelagoError as error:  # a puzzle this build cannot replay
            self.page.message(str(error))
            return
        self.attempt = attempt
        self.progress.open()
        self.save_progress()
        self.page.clear_message()
        self.page.greet(False)  # a first visit's welcome speaks of the game, not of this
        self.put()

    def put(self, step: int | None = None) -> None:
        """The attempt's position (after ``step`` entries of the solution) on the board,
        every seat a person's: the page plays the replies itself."""
        attempt = self.attempt
        assert attempt is not None
        game = attempt.position(step)
        names = [_("Opponent")] * game.player_count
        solver = attempt.solver()
        if solver is not None:
            names[solver - 1] = _("Solver")
        self.session = Session(game, names, [PERSON] * game.player_count)
        self.guard_help()
        self.page.keeper.unsaved = self.session
        self.hint = ""
        self.unanswered = False
        self.page.start(self.session)

    # ---------------------------------------------------------------- the player's turns
    def drawn(self) -> None:
        """After each drawing: a turn finished in the puzzle is judged; another game on
        the board ends the mode; the puzzle bar drawn."""
        attempt, page = self.attempt, self.page
        if attempt is not None and not self.on_board:
            self.attempt = self.session = self.kept = None
        if attempt is None or self.attempt is None:
            self.hide()
            return
        if attempt.state == SOLVING:
            self.judge(attempt)
        elif self.on_board:
            self.refute_ended(attempt)
        self.guard_help()
        if self.on_board:
            self.draw()
            ghost = page.session.kit.ghost_svg(page.session, self.hint) if self.hint else ""
            if ghost or self.ghosted:
                page.show_marks(None, ghost)
                self.ghosted = bool(ghost)

    def judge(self, attempt: Attempt) -> None:
        turns = list(self.page.session.game.to_record().get("turns") or [])
        at = attempt.start_turns + attempt.step
        if len(turns) < at:  # taken back past the puzzle's start: set it up again
            self.put(attempt.step)
            return
        if len(turns) == at:
            self.judge_part(attempt)
            return
        verdict = attempt.judge(str(turns[at]))
        if verdict == WRONG:
            self.count(LOST)
            self.refute()
        elif verdict == SOLVED:
            self.count(HINTED if attempt.hinted else 1.0)
        elif verdict == RIGHT:
            puzzle_session = self.session
            self.page.set_timer(
                REPLY_MS, lambda: self.put() if self.page.session is puzzle_session else None
            )

    def guard_help(self) -> None:
        """While the puzzle is being solved the computer's Hint and Analyse would give
        the answer away: they are refused on its board (the bar's Hint stays); once it is
        solved or failed they are the player's again."""
        attempt, session = self.attempt, self.session
        if attempt is None or session is None:
            return
        refused = _("The computer gives no hints in a puzzle: try the puzzle's own Hint.")
        session.help_refused = refused if attempt.state == SOLVING else ""

    def judge_part(self, attempt: Attempt) -> None:
        """A stone of the solver's turn under way that the solution's turn does not have
        is wrong at once; the turn stays the player's (the rest of a turn typed at once
        still comes), and the computer answers it once it ends (``refute_ended``)."""
        session = self.page.session
        under_way = session.kit.current_turn(session.game)
        if under_way is not None and attempt.judge_part(under_way[1]) == WRONG:
            self.count(LOST)
            self.unanswered = True

    def refute_ended(self, attempt: Attempt) -> None:
        """The wrong turn judged stone by stone has ended: the computer answers it."""
        turns = self.page.session.kit.finished_turns(self.page.session.game)
        if self.unanswered and turns > attempt.start_turns + attempt.step:
            self.unanswered = False
            self.refute()

    def refute(self) -> None:
        """The computer answers the wrong turn on the board (in its worker, off the
        page's thread): every seat but the solver's becomes a computer's."""
        session, attempt = self.page.session, self.attempt
        if attempt is None or session.game.is_over:
            return
        solver = attempt.solver()
        session.seats = [
            PERSON if player == solver else REFUTER_LEVEL
            for player in range(1, session.game.player_count + 1)
        ]
        self.page.scheduler.begin(session)

    def count(self, score: float) -> None:
        attempt = self.attempt
        if attempt is None or attempt.counted:
            return
        attempt.counted = True
        self.progress.outcome(attempt.puzzle.id, attempt.puzzle.difficulty, score)
        self.save_progress()

    def save_progress(self) -> None:
        self.page.keeper.storage.write(STORAGE_KEY, self.progress.to_json())

    # ---------------------------------------------------------------- the bar's buttons
    def show_hint(self, *_event: Any) -> None:
        attempt = self.attempt
        if not self.on_board or attempt is None or attempt.state != SOLVING:
            return
        attempt.hinted = True
        self.hint = attempt.wanted().split(",")[0]
        self.drawn()

    def show_solution(self, *_event: Any) -> None:
        attempt = self.attempt
        if not self.on_board or attempt is None:
            return
        self.count(LOST)
        attempt.give_up()
        self.put()

    def retry(self, *_event: Any) -> None:
        attempt = self.attempt
        if not self.on_board or attempt is None:
            return
        attempt.retry()
        self.put()

    def leave(self, *_event: Any) -> None:
        """Back to the game, as it was left."""
        kept = self.kept
        self.attempt = self.session = self.kept = None
        self.page.keeper.unsaved = None
        if kept is not None:
            self.page.start(kept)

    def choose_theme(self, theme: str) -> None:
        """A theme chosen, or no longer: the next puzzles are of the themes chosen."""
        self.progress.toggle_theme(theme)
        self.save_progress()
        self.drawn()

    # ---------------------------------------------------------------- drawing
    def draw(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        game = attempt.puzzle.game
        themes = sorted({t for p in self.sets.get(game, []) for t in p.themes})
        turns = list(self.page.session.game.to_record().get("turns") or [])
        words = view.task_words(attempt, turns)
        self.page.apply(view.bar_changes(attempt, self.progress, themes, words))
        self.shown = True
        # The task and each verdict said aloud once, after the turns (a live region in
        # the bar, drawn afresh each time, would go unheard by most screen readers), and
        # the bar brought into view: a turn typed in the command box, far below on a
        # phone, left the verdict out of sight.
        if words != self.said:
            self.said = words
            self.page.voice.say(words)
            self.page.draw.reveal(view.BAR_ID)

    def hide(self) -> None:
        self.said = ""
        if self.shown:
            self.page.apply(view.hidden_bar())
            self.shown = False
            if self.ghosted:
                self.page.show_marks(None, "")
                self.ghosted = False
