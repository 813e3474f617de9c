"""How to play, by playing: a short lesson on a small board, as a step machine.

Each step sets up a position with the engine (the turns listed in ``setup``, played one
stone at a time), says what to try, and lets the engine judge what the player did: the
step is done when its ``goal`` holds; a turn that ends without reaching it sets the step
up again with a word on why. Everything here is plain Python of the engine's state, so
CPython tests play the whole lesson; ``static/page/tutorial_ui.py`` only shows it and passes
on the clicks.

The player is Blue (player 1); Bob plays Orange (player 2) and never moves by himself:
his turns are part of each step's setup.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from archipelago.errors import ArchipelagoError
from archipelago.hexsvg import chip
from archipelago.i18n import N_, _, ngettext
from archipelago.lesson import Lesson

from . import render
from .state import GameState
from .words import colour_name

SIDE = 4  # a board small enough to see at a glance, big enough for a few islands
YOU, BOB = 1, 2
NAMES = {YOU: N_("you"), BOB: "Bob"}  # translated where shown (names())
CELL_ID = "lesson-"  # the practice board's cell ids (the game's board has its own)


@dataclass(frozen=True)
class Step:
    """One step; its words are marked with ``N_`` and translated where they are shown."""

    title: str
    task: str  # what to try, shown above the board
    setup: tuple[tuple[str, ...], ...]  # the turns played before the step, stone by stone
    goal: Callable[[GameState, int], bool]  # (state, turns in the setup) -> done
    done: str  # what the player sees once the goal holds
    retry: str  # why the step starts again when the turn ended without the goal
    meanwhile: str = ""  # said after a stone that leaves the turn going
    track: bool = False  # whether the step shows the scoring track (it takes room)


def _orange_stone_placed(state: GameState, _setup_turns: int) -> bool:
    return BOB in state.cells


def _island_for_bob(state: GameState, _setup_turns: int) -> bool:
    return state.group_counts()[BOB - 1] >= 1


def _three_stone_turn(state: GameState, setup_turns: int) -> bool:
    return len(state.turns) > setup_turns and len(state.turns[setup_turns]) == 3


def _first_bonus(state: GameState, _setup_turns: int) -> bool:
    return 1 in state.bonus(YOU)


# Bob's island on d4-d5 (made by you in step 2's story), lone blue stones on b2, f2, d1.
_BOB_AHEAD = (("2d4",), ("1b2", "1f2"), ("2d5", "2b4"), ("1d1", "2f4"))

STEPS: tuple[Step, ...] = (
    Step(
        N_("Any colour"),
        N_(
            "You are Blue (the dot). On your turn you may place stones of any colour, not "
            "only your own. Pick Orange, Bob's colour, and place it on any empty cell."
        ),
        (),
        _orange_stone_placed,
        N_(
            "That stone is Bob's: a stone always counts for the owner of its colour, whoever "
            "placed it. Alone it is not an island yet, so Bob still has no island."
        ),
        N_("That was a blue stone, your own colour. Pick Orange first, then a cell."),
    ),
    Step(
        N_("An island for Bob"),
        N_(
            "Islands are two or more touching stones of one colour. Make one for Bob: place "
            "an orange stone on a cell touching the orange stone on d4."
        ),
        _BOB_AHEAD[:2],
        _island_for_bob,
        N_(
            "Two touching orange stones: an island, and it counts for Bob. Why help him? "
            "The next step shows what it gives you."
        ),
        N_("Your turn ended without an orange island. Pick Orange and place it next to d4."),
    ),
    Step(
        N_("Extra stones"),
        N_(
            "Bob now has one island and you have none. A turn has two stones, plus one for "
            "every opponent with more islands than you: this turn you have three. Place all "
            "three, of any colours."
        ),
        _BOB_AHEAD,
        _three_stone_turn,
        N_(
            "Three stones in one turn: the player behind gets extra stones, so a lead is "
            "never safe, and giving an opponent an island can pay."
        ),
        N_("The turn ended before its third stone. Place three stones without ending the turn."),
    ),
    Step(
        N_("The scoring track"),
        N_(
            "The track beside the board shows each player's islands and bonus. Bob reached "
            "one island first and took the 3 in column 1. Make your first island: place a "
            "blue stone touching b2, f2 or d1, then press End turn, and watch the track."
        ),
        _BOB_AHEAD,
        _first_bonus,
        N_(
            "Your marker moved to 1 and you took the best bonus left in that column, the 2. "
            "Most islands wins at the end; the bonus only breaks ties, and reaching a count "
            "first is worth more."
        ),
        N_("Your turn ended without a blue island. Place a blue stone next to one of yours."),
        N_("The track moves when the turn ends: press End turn once you have an island."),
        track=True,
    ),
)

FINISHED = N_(
    "That is the game. It ends when the board is full or when every player passes, one "
    "after another; then the most islands wins. Close this to play, and open How to play "
    "again from the top of the page at any time."
)


def setup_state(step: Step) -> GameState:
    state = GameState(SIDE, 2)
    for turn in step.setup:
        for stone in turn:
            state.push(stone)
        if state.turn_stones:  # a turn shorter than its allowance
            state.end_turn()
    return state


class Tutorial(Lesson[Step, GameState]):
    """The lesson's steps on the platform's step machine, with the colour the player
    picked for the next stone."""

    def __init__(self) -> None:
        self.choice = YOU
        super().__init__(STEPS)

    def setup(self, step: Step) -> GameState:
        return setup_state(step)

    def reset(self) -> None:
        self.choice = YOU

    def pick(self, colour: int) -> None:
        if colour in (YOU, BOB):
            self.choice = colour

    def place(self, cell: str) -> None:
        """A stone of the picked colour on ``cell``: judged by the step; a refused stone
        says why and changes nothing."""
        self._act(f"{self.choice}{cell}")

    def end_turn(self) -> None:
        self._act("end")

    def key(self, key: str) -> bool:
        """A key pressed on the practice board; 1 and 2 pick the colour."""
        if key in ("1", "2"):
            self.pick(int(key))
            return True
        return super().key(key)

    def _act(self, move: str) -> None:
        if self.finished or self.done or self.state.mover != YOU:
            return
        try:
            self.state.push(move)
        except ArchipelagoError as error:
            words = str(error)
            self.feedback = f"{words[:1].upper()}{words[1:]}."
            return
        setup_turns = len(self.step.setup)
        if self.step.goal(self.state, setup_turns):
            self.done, self.feedback = True, _(self.step.done)
        elif len(self.state.turns) > setup_turns:  # the turn is over and the goal is not
            again = _("Not quite. {why} The board is set up again.").format(why=_(self.step.retry))
            self.start_step(self.index, again)
        else:
            left = self.state.stones_left
            words = ngettext("{n} stone left this turn.", "{n} stones left this turn.", left)
            meanwhile = _(self.step.meanwhile) if self.step.meanwhile else ""
            self.feedback = f"{words.format(n=left)} {meanwhile}".strip()


def picker_html(tutorial: Tutorial) -> str:
    buttons = []
    for colour in (YOU, BOB):
        pressed = "true" if tutorial.choice == colour else "false"
        # Translators: on a colour button, "Blue (yours)"; "Orange (Bob's)"
        owner = _("yours") if colour == YOU else _("{name}'s").format(name="Bob")
        buttons.append(
            f'<button type="button" class="pick" data-tutorial-colour="{colour}" '
            f'aria-pressed="{pressed}">{chip(colour)}{colour_name(colour)} ({owner})'
            "</button>"
        )
    return "".join(buttons)


def status_text(state: GameState) -> str:
    you, bob = state.group_counts()
    islands = _("Islands: you {you}, Bob {bob}.").format(you=you, bob=bob)
    if state.mover == YOU:
        turn = ngettext(
            "Your turn: {left} of {n} stone left.",
            "Your turn: {left} of {n} stones left.",
            state.allowance,
        ).format(left=state.stones_left, n=state.allowance)
        return f"{islands} {turn}"
    return islands


def names() -> dict[int, str]:
    """The lesson's players as the board and the track name them, in the reader's words."""
    return {player: _(name) for player, name in NAMES.items()}


def changes(tutorial: Tutorial) -> dict[str, dict[str, object]]:
    """What the tutorial dialog shows, selector -> properties (as ``view.Changes``)."""
    if tutorial.finished:
        return {
            # Translators: the lesson's heading once every step is done
            "#tutorial-step": {"text": _("Done")},
            "#tutorial-task": {"text": _(FINISHED)},
        }  # the board and the step's buttons hidden: page/lessons.py
    state, step = tutorial.state, tutorial.step
    live = state.mover == YOU and not tutorial.done
    cursor = tutorial.cursor[0] if tutorial.cursor else None
    at = None if cursor is None else state.board.index(cursor)
    return {
        "#tutorial-step": {
            "text": _("Step {n} of {total}: {title}").format(
                n=tutorial.index + 1, total=len(STEPS), title=_(step.title)
            )
        },
        "#tutorial-task": {"text": _(step.task)},
        "#tutorial-play": {"hidden": False},
        "#tutorial-picker": {"html": picker_html(tutorial)},
        "#tutorial-board": {
            "html": render.board_svg(state, players=names(), grid=True, cell_id=CELL_ID),
            "attrs": {"aria-activedescendant": f"{CELL_ID}{cursor}" if cursor else ""},
        },
        "#tutorial-board .overlay": {"html": render.overlay_svg(state, None, None, at)},
        "#tutorial-status": {"text": status_text(state)},
        "#tutorial-track": {
            "hidden": not step.track,
            "html": render.track_svg(state, names()) if step.track else "",
        },
        "#tutorial-end-turn": {"disabled": not (live and state.can_end_turn)},
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
