"""The puzzle bar over the board: which puzzle, what to do or how it went (with the
wrong turn's refutation, or the solution), its buttons, the themes to choose and the
player's rating and streak; and the body's ``data-puzzle-id`` and ``data-puzzle-state``
that checks read. Pure functions of the attempt and the progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib import import_module

from ...i18n import _, ngettext
from ..view.changes import Changes
from .attempt import FAILED, SOLVED, Attempt
from .progress import Progress

BAR_ID = "puzzle"  # index.html's section the bar is drawn in


def theme_words(game: str) -> dict[str, str]:
    """A game's themes in words ({id: words}, translated), from its ``puzzle_themes``
    module; a game without one names its themes by their ids."""
    try:
        module = import_module(f"archipelago.games.{game}.puzzle_themes")
    except ImportError:
        return {}
    themes = getattr(module, "THEMES", {})
    return {str(k): _(str(v)) for k, v in themes.items()} if isinstance(themes, dict) else {}


def task_words(attempt: Attempt, turns: Sequence[str]) -> str:
    """What the bar says: the task, the verdict, the refutation or the solution."""
    puzzle, start = attempt.puzzle, attempt.start_turns
    if attempt.state == SOLVED:
        return _("Right: solved! Try the next one.")
    if attempt.state == FAILED and not attempt.wrong_turn:
        return _("The solution: {turns}.").format(turns=", ".join(puzzle.solution))
    if attempt.state == FAILED and len(turns) <= start + attempt.step:  # a wrong stone
        return _(
            "Not this one ({turn}): end your turn to see the computer's answer, or retry."
        ).format(turn=attempt.wrong_turn)
    if attempt.state == FAILED:
        after = list(turns[start + attempt.step + 1 :])
        if not after:
            return _("Not this one ({turn}): the computer is finding the answer…").format(
                turn=attempt.wrong_turn
            )
        return _("Not this one ({turn}): the computer answers {reply}. Retry?").format(
            turn=attempt.wrong_turn, reply=", ".join(after)
        )
    if len(turns) < start + attempt.step:  # the reply is on its way (mode.REPLY_MS)
        return _("Right! Your opponent answers…")
    if attempt.step:
        return _("Right! Your opponent answered {reply}: find the next turn.").format(
            reply=attempt.reply() or ""
        )
    count = len(puzzle.solver_turns())
    if count == 1:
        return _("Your turn: find the turn that wins.")
    return ngettext(
        "Your turn: find the {count} turn that wins.",
        "Your turn: find the {count} turns that win, one after the other.",
        count,
    ).format(count=count)


def _button(command: str, label: str, primary: bool = False) -> str:
    kind = ' class="primary"' if primary else ""
    return (
        f'<button type="button" id="{command}" data-command="{command}"{kind}>'
        f"{escape(label)}</button>"
    )


def bar_html(attempt: Attempt, progress: Progress, themes: Sequence[str], task: str) -> str:
    """The bar: the puzzle named (and × back to the game), ``task`` (the task or verdict,
    as ``task_words`` says it), one row of buttons for what applies now, and under More
    the daily puzzle, the themes and the player's progress (a phone keeps the board and
    the action bar on screen)."""
    puzzle = attempt.puzzle
    words = theme_words(puzzle.game)
    named = ", ".join(words.get(t, t) for t in puzzle.themes)
    head = _("Puzzle {id}").format(id=puzzle.id)
    level = _("difficulty {level} of 5").format(level=puzzle.difficulty)
    back = _("Back to the game")
    buttons = []
    if attempt.state == SOLVED:
        buttons.append(_button("puzzle-next", _("Next puzzle"), True))
    elif attempt.state == FAILED:
        buttons += [_button("puzzle-retry", _("Retry"), True), _button("puzzle-next", _("Next"))]
    else:
        buttons += [
            _button("puzzle-hint", _("Hint")),
            _button("puzzle-solution", _("Solution")),
            _button("puzzle-next", _("Skip")),
        ]
    chosen = set(progress.themes)
    theme_buttons = "".join(
        '<button type="button" data-command="puzzle-theme" '
        f'data-theme="{escape(t)}" aria-pressed="{"true" if t in chosen else "false"}">'
        f"{escape(words.get(t, t))}</button>"
        for t in themes
    )
    themes_words = _("Themes (none chosen: every theme)")
    theme_part = f'<p class="note">{escape(themes_words)}</p>{theme_buttons}' if themes else ""
    stats = _("Rating {rating} · streak {streak} · solved {solved}").format(
        rating=round(progress.rating), streak=progress.streak, solved=len(progress.solved)
    )
    daily = _button("puzzle-daily", _("Today's puzzle"))
    more_words = _("More")
    more = (
        f'<details class="pop puzzle-more"><summary>{escape(more_words)}</summary>'
        f'<div class="pop-body"><p class="puzzle-stats">{escape(stats)}</p>'
        f"{daily}{theme_part}</div></details>"
    )
    return (
        f'<div class="puzzle-head"><p><strong>{escape(head)}</strong> '
        f'<span class="note">{escape(level)}{" · " + escape(named) if named else ""}</span></p>'
        f'<button type="button" class="icon close" id="puzzle-leave" data-command="puzzle-leave"'
        f' aria-label="{escape(back)}" title="{escape(back)}">×</button></div>'
        f'<p class="puzzle-task">{escape(task)}</p>'
        f'<div class="puzzle-buttons">{"".join(buttons)}{more}</div>'
    )


def bar_changes(attempt: Attempt, progress: Progress, themes: Sequence[str], task: str) -> Changes:
    return {
        f"#{BAR_ID}": {"html": bar_html(attempt, progress, themes, task), "hidden": False},
        "body": {
            "attrs": {"data-puzzle-id": attempt.puzzle.id, "data-puzzle-state": attempt.state}
        },
    }


def hidden_bar() -> Changes:
    return {
        f"#{BAR_ID}": {"hidden": True, "html": ""},
        "body": {"attrs": {"data-puzzle-id": None, "data-puzzle-state": None}},
    }
