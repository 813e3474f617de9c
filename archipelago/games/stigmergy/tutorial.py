"""How to play Stigmergy, by playing: seven small positions, each with a task that the
engine judges.

Each step sets a position up on a small board (stones put straight down, as the rules
allow no faster way to a teaching position), says what to try, and plays what the
learner does through the engine: a move the rules refuse is refused with the engine's
reason and changes nothing; a move that is allowed but misses the task sets the step up
again with a word on why. The learner is Blue (player 1); Bob plays Orange and only
moves where a step needs his answer (a komi to answer, a pass to end the game).
``static/page/tutorial_ui.py`` only shows this and passes on the clicks, so CPython tests
play the whole lesson.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from archipelago.errors import ArchipelagoError
from archipelago.hexsvg import board_geometry
from archipelago.i18n import N_, _, ngettext
from archipelago.i18n import number as decimal
from archipelago.lesson import Lesson

from .fairkomi import suggested_komi
from .notation import BUTTON, BUTTON_WORD, PASS_WORD, PLAY_SECOND_WORD
from .render import board_svg, sight_svg
from .state import StigmergyGame

SIDE = 4  # 37 cells: room for a few lines of sight, small enough to read at a glance
YOU, BOB = 1, 2
CELL_ID = "lesson-"  # the practice board's cell ids (the game's board has its own)
FAIR = suggested_komi(SIDE)  # what placing first is worth on the lesson's board
KOMI_CHOICES = (0, FAIR, FAIR + 6)  # the proposals the komi step offers

# A text (marked N_, translated where shown), or one made from the position.
Words = str | Callable[[StigmergyGame], str]


@dataclass(frozen=True)
class Step:
    """A step of the lesson; its texts are marked N_ and translated where shown."""

    title: str
    task: str  # what to try, shown above the board
    goal: Callable[[StigmergyGame], bool]  # whether the learner's move did the task
    done: Words  # what the learner sees once the goal holds
    retry: Words  # why the step starts again after an allowed move that missed the task
    yours: str = ""  # the learner's stones, by cell name
    bobs: str = ""  # Bob's stones
    komi: int | None = 0  # fixed in advance (Bob receives it); None: proposed on turn 1
    side: int = SIDE
    focus: str = ""  # the cell whose lines of sight the board draws
    answer: Callable[[StigmergyGame], str] | None = None  # Bob's reply to the learner


def _placed(game: StigmergyGame) -> bool:
    return 0 <= game.history_codes()[0] < len(game.cells)


def _control_of(cell: str, player: int) -> Callable[[StigmergyGame], bool]:
    return lambda game: game.controller(game.board.index(cell)) == player


def _not_bobs(cell: str) -> Callable[[StigmergyGame], bool]:
    return lambda game: game.controller(game.board.index(cell)) != BOB


def _yours(cell: str) -> Callable[[StigmergyGame], bool]:
    return lambda game: game.cells[game.board.index(cell)] == YOU


def _sees(game: StigmergyGame, cell: str) -> str:
    """What ``cell`` sees now, as the engine counts it."""
    index = game.board.index(cell)
    blue, orange = game.sees(index)
    return ngettext(
        "{cell} sees {blue} blue and {orange} orange stone; {need} of one colour control it",
        "{cell} sees {blue} blue and {orange} orange stones; {need} of one colour control it",
        orange,
    ).format(cell=cell, blue=blue, orange=orange, need=game.geo.need[index])


def _score(value: float) -> str:
    """Points as the lesson says them: "10", "3.5" (with the reader's decimal sign)."""
    return decimal(value, 0 if float(value).is_integer() else 1)


def _control_retry(game: StigmergyGame, cell: str) -> str:
    if game.cells[game.board.index(cell)]:
        return _(
            "A stone on {cell} itself is not seen by {cell}: it sees only along its lines."
        ).format(cell=cell)
    return _("You do not control {cell} yet: {sees}. Use a dashed line.").format(
        cell=cell, sees=_sees(game, cell)
    )


def _bob_answers_komi(game: StigmergyGame) -> str:
    """Bob takes whichever side is worth more: the komi when it is more than placing
    first is worth, the first stone when it is less (and when it is fair, either)."""
    return PLAY_SECOND_WORD if (game.komi or 0) > FAIR else "d4"


def _komi_done(game: StigmergyGame) -> str:
    return _(
        "A fair offer: {fair} points are about what placing first is worth here, so "
        "neither choice gives Bob an edge. He chose to place the first stone (d4), so you "
        "play second and receive the {fair} points at the end."
    ).format(fair=FAIR)


def _komi_retry(game: StigmergyGame) -> str:
    if game.komi_to == BOB:
        return _(
            "{komi} points are worth more than placing first (about {fair} here), so "
            "Bob chose to play second and take them. Offer what the first stone is worth."
        ).format(komi=game.komi, fair=FAIR)
    if not game.komi:
        text = _(
            "With a komi of {komi}, Bob chose to place the first stone himself: it is "
            "worth about {fair} points here, and you get nothing for moving second. Offer "
            "what the first stone is worth."
        )
    else:
        text = _(
            "With a komi of {komi}, Bob chose to place the first stone himself: it is "
            "worth about {fair} points here, and you get less for moving second. Offer "
            "what the first stone is worth."
        )
    return text.format(komi=game.komi, fair=FAIR)


def _final_score(game: StigmergyGame) -> str:
    (you, bob), (cells_you, cells_bob) = game.scores(), game.territory()
    return _(
        "Bob passed too, so the game is over. Every cell counts for someone: you have "
        "{your_stones} stones and control {your_cells} empty cells, {you} points; Bob has "
        "{bob_stones} stones and {bob_cells} cells, {bob}. You win."
    ).format(
        your_stones=game.stones[YOU],
        your_cells=cells_you,
        you=_score(you),
        bob_stones=game.stones[BOB],
        bob_cells=cells_bob,
        bob=_score(bob),
    )


STEPS: tuple[Step, ...] = (
    Step(
        N_("Placing a stone"),
        N_(
            "You are Blue, Bob is Orange, and a turn is one move. The simplest move: place a "
            "stone of yours on any empty cell. Try it."
        ),
        _placed,
        N_(
            "A stone down. Stones matter for what the cells around them can see, as the next "
            "step shows."
        ),
        N_("That was not a new stone on an empty cell. Tap an empty cell."),
        bobs="d4",
    ),
    Step(
        N_("Sight and control"),
        N_(
            "A cell sees along its six straight lines, up to the first stone on each. d4 sees "
            "3 blue stones (the lines drawn). You control a cell when it sees more of your "
            "stones than half the number of cells next to it: 4 inside the board (6 neighbours), "
            "3 on an edge (4), 2 in a corner (3). Place one stone so that d4 sees a fourth blue "
            "one."
        ),
        _control_of("d4", YOU),
        N_(
            "d4 sees 4 blue stones now: it is yours (the tint), and an empty cell you control "
            "counts a point for you at the end, as every stone of yours does."
        ),
        lambda game: _control_retry(game, "d4"),
        yours="d6 f4 b2",
        bobs="d2",
        focus="d4",
    ),
    Step(
        N_("Cells closed to you"),
        N_(
            "Bob controls d4: it sees 4 orange stones. Nobody may place a stone on a cell the "
            "opponent controls, so d4 is closed to you. Open it: place a stone between d4 and "
            "one of Bob's stones, blocking that line."
        ),
        _not_bobs("d4"),
        N_(
            "Your stone blocks that line: d4 sees it instead of Bob's stone behind it, so Bob "
            "no longer controls d4. A stone always hides what stands behind it."
        ),
        lambda game: _("Bob still controls d4: {sees}. Place on a line drawn.").format(
            sees=_sees(game, "d4")
        ),
        yours="g1",
        bobs="d6 f4 b2 a4",
        focus="d4",
    ),
    Step(
        N_("Flipping"),
        N_(
            "Bob's stone on d4 stands on a cell you control: d4 sees 4 blue stones. Instead of "
            "placing, you may flip such a stone (the dashed ring marks it): it becomes yours. "
            "Tap the stone on d4."
        ),
        _yours("d4"),
        N_(
            "Flipped: d4 is blue now, and every cell that saw it sees a blue stone. A stone on "
            "a cell your opponent controls is never safe."
        ),
        N_("You placed a stone instead of flipping d4. Tap the ringed stone on d4."),
        yours="d6 f4 b2 a4",
        bobs="d4 d1",
        focus="d4",
    ),
    Step(
        N_("The komi"),
        N_(
            "Placing first is an advantage, so the second player gets points at the end to "
            "make up for it: the komi. Before the first stone, one player offers a komi and "
            "the other chooses: place first, or play second and take the komi. Offer Bob a "
            "komi that leaves him no better choice."
        ),
        lambda game: game.komi == FAIR,
        _komi_done,
        _komi_retry,
        komi=None,
        answer=_bob_answers_komi,
    ),
    Step(
        N_("The button"),
        N_(
            "Here the komi is 3 points, for Bob. When the komi is odd, a button lies beside the "
            "board: half a point for whoever takes it, and taking it is a whole turn. Nobody "
            "may pass while it is there, and its half point means the game cannot end level. "
            "Take the button."
        ),
        lambda game: game.button == YOU,
        N_(
            "The button is yours: half a point at the end. Bob can no longer take it, and "
            "from now on a player may pass once every empty cell is controlled."
        ),
        N_("You placed a stone; the button is still there. Press Take the button."),
        yours="b2 f4",
        bobs="d4 c1",
        komi=3,
    ),
    Step(
        N_("Passing and the score"),
        N_(
            "Every empty cell is controlled by someone now, so you may pass (not before). When "
            "both players pass, one right after the other, the game ends. Your score is your "
            "stones plus the empty cells you control (plus the komi and the button, if yours). "
            "Pass, and see whether Bob passes too."
        ),
        lambda game: game.is_over,
        _final_score,
        N_(
            "You placed a stone, so the game goes on: it ends only when both players pass in a "
            "row. Press Pass."
        ),
        yours="a3 b2 b3 b4 c3 c4 d3",
        bobs="b1 c1 d1 d4 e1 e2",
        side=3,
        answer=lambda game: PASS_WORD,
    ),
)

FINISHED = N_(
    "That is Stigmergy: place where your opponent has no control, flip what stands on "
    "your cells, and end with more stones and controlled cells. Close this to play, and "
    "open How to play again from the menu at any time."
)


KOMI_FIRST = N_("Before the first stone comes the komi: choose one of the offers.")


def setup_state(step: Step) -> StigmergyGame:
    """The step's position: its stones put down directly, the learner (player 1) to move."""
    game = StigmergyGame(step.side, step.komi)
    for player, cells in ((YOU, step.yours), (BOB, step.bobs)):
        for cell in cells.split():
            game.place(game.board.index(cell), player)
    return game


def _say(words: Words, game: StigmergyGame) -> str:
    return _(words) if isinstance(words, str) else words(game)


def _in_lesson_words(game: StigmergyGame, move: str, error: ArchipelagoError) -> str:
    """Why the engine refused ``move``, with the players named as the lesson names them
    ("you", "Bob"): the refusals that name a player ("player 2 controls d4") get the
    lesson's own sentence, since a translated reason cannot be reworded word by word."""
    if game.proposing:
        return _(KOMI_FIRST)
    reason = str(error)
    try:
        code = game.parse_move(move).code
    except ArchipelagoError:  # not a move at all: the engine's reason names no player
        return f"{reason[:1].upper()}{reason[1:]}."
    n, names = len(game.cells), game.board.names
    if 0 <= code < n and not game.cells[code] and game.controller(code) == BOB:
        return _("Bob controls {cell}.").format(cell=names[code])
    if n <= code < 2 * n and game.cells[code - n] == BOB:
        cell = code - n
        seen, need = game.see[YOU][cell], game.geo.need[cell]
        if seen < need:
            return _("You do not control {cell} (it sees {seen} of the {need} needed).").format(
                cell=names[cell], seen=seen, need=need
            )
    if code == BUTTON and game.button == BOB:
        return _("Bob has taken the button already.")
    return f"{reason[:1].upper()}{reason[1:]}."


class Tutorial(Lesson[Step, StigmergyGame]):
    """The lesson's steps on the platform's step machine."""

    def __init__(self) -> None:
        super().__init__(STEPS)

    def setup(self, step: Step) -> StigmergyGame:
        return setup_state(step)

    def reset(self) -> None:
        self.cursor = None  # a step may be on a board of another side

    def pick(self, colour: int) -> None:
        """A colour button: Stigmergy's stones are always the mover's own."""

    def end_turn(self) -> None:
        """Every move is a whole turn in Stigmergy: there is no turn to end."""

    def place(self, cell: str) -> None:
        """A tap on ``cell``: Bob's stone there is flipped, anything else is placed on."""
        if self.finished or self.done:
            return
        if self.state.proposing:  # the engine would ask for a number, typed
            self.feedback = _(KOMI_FIRST)
            return
        owner = self.state.cells[self.state.board.index(cell)]
        self.press(f"{cell}x" if owner == BOB else cell)

    def press(self, move: str) -> None:
        """A move in notation (a button's: a komi, take-button, pass), judged by the
        engine and then by the step."""
        if self.finished or self.done or self.state.to_move != YOU:
            return
        try:
            self.state.push(move)
        except ArchipelagoError as error:
            self.feedback = _in_lesson_words(self.state, move, error)
            return
        step = self.step
        if step.answer is not None and self.state.to_move == BOB:
            self.state.push(step.answer(self.state))
        if step.goal(self.state):
            self.done, self.feedback = True, _say(step.done, self.state)
        else:
            again = _("Not quite. {why} The board is set up again.").format(
                why=_say(step.retry, self.state)
            )
            self.start_step(self.index, again)


def buttons_html(tutorial: Tutorial) -> str:
    """The step's moves that are not a cell: the komi offers, the button, Pass."""
    game = tutorial.state
    moves: list[tuple[str, str]] = []
    if game.proposing:
        moves += [
            (str(komi), ngettext("Offer {n} point", "Offer {n} points", komi).format(n=komi))
            for komi in KOMI_CHOICES
        ]
    else:
        if game.button_available:
            moves.append((BUTTON_WORD, _("Take the button (½ point)")))
        moves.append((PASS_WORD, _("Pass")))
    return "".join(
        f'<button type="button" data-tutorial="move" data-tutorial-move="{escape(move)}">'
        f"{escape(text)}</button>"
        for move, text in moves
    )


def status_text(game: StigmergyGame) -> str:
    if game.proposing:
        return _("Before the first stone: your offer.")
    you, bob = game.scores()
    return _(
        "Points now: you {you}, Bob {bob} (stones plus the empty cells each controls)."
    ).format(you=_score(you), bob=_score(bob))


def changes(tutorial: Tutorial) -> dict[str, dict[str, object]]:
    """What the tutorial dialog shows, selector -> properties (as ``view.Changes``)."""
    if tutorial.finished:
        return {
            # Translators: the lesson's heading once every step is done
            "#tutorial-step": {"text": _("Done")},
            "#tutorial-task": {"text": _(FINISHED)},
        }  # the board and the step's buttons hidden: page/lessons.py
    game, step = tutorial.state, tutorial.step
    cursor = tutorial.cursor[0] if tutorial.cursor else None
    lines = sight_svg(game, step.focus) if step.focus else ""
    outline = "" if cursor is None else _cursor_outline(game, cursor)
    return {
        "#tutorial-step": {
            "text": _("Step {n} of {total}: {title}").format(
                n=tutorial.index + 1, total=len(STEPS), title=_(step.title)
            )
        },
        "#tutorial-task": {"text": _(step.task)},
        "#tutorial-play": {"hidden": False},
        "#tutorial-picker": {
            "html": buttons_html(tutorial),
            "attrs": {"aria-label": _("Moves that are not on the board")},
        },
        "#tutorial-board": {
            "html": board_svg(game, grid=True, title=_("Practice board"), cell_id=CELL_ID),
            "attrs": {
                "aria-activedescendant": f"{CELL_ID}{cursor}" if cursor else "",
                "aria-label": _(
                    "Practice board: arrow keys move the cursor, Enter or Space places a "
                    "stone or flips Bob's"
                ),
            },
        },
        "#tutorial-board .overlay": {"html": lines + outline},
        "#tutorial-status": {"text": status_text(game)},
        "#tutorial-track": {"hidden": True, "html": ""},
        "#tutorial-end-turn": {"hidden": True},
        "#tutorial-feedback": {
            "text": tutorial.feedback,
            "attrs": {"class": "tutorial-feedback" + (" done" if tutorial.done else "")},
        },
        "#tutorial-next": {
            "hidden": False,
            "disabled": not tutorial.done,
            "text": _("Next") if tutorial.index + 1 < len(STEPS) else _("Finish"),
        },
        "#tutorial-again": {"hidden": False},
    }


def _cursor_outline(game: StigmergyGame, cell: str) -> str:
    board = game.board
    points = board_geometry(board.size, board, 0)[2]
    return f'<polygon class="cursor" points="{points[board.index(cell)]}"/>'
