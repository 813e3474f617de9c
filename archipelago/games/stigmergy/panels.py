"""Stigmergy's own panels: the turn in words (the komi proposal, the answer, what the
mover may do), what its player cards show (points), the komi and the button, the result,
the komi entry and the line under the board.

Pure functions of a session; every name a player typed goes through ``html.escape``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from archipelago.hexsvg import board_geometry
from archipelago.hexsvg import chip as chip  # the player's stone, as the kit shows it
from archipelago.i18n import _, ngettext
from archipelago.i18n import number as number_words
from archipelago.page.contract import CardFacts, Placing
from archipelago.page.view.pointer import click_or_tap

from .fairkomi import fair_komi, suggested_komi
from .notation import BUTTON, PASS
from .state import StigmergyGame
from .views import number
from .words import answer_sentence, komi_means, points_words, receives

if TYPE_CHECKING:
    from archipelago.page.contract import SessionView


def game_of(session: SessionView, shown: bool = True) -> StigmergyGame:
    game = session.shown if shown else session.game
    assert isinstance(game, StigmergyGame)
    return game


def points(value: float) -> str:
    """A score for people: whole numbers plain, the button's half as ½."""
    whole = int(value // 1)
    if float(value).is_integer():
        return str(whole)
    return f"{whole}½" if whole else "½"


def counted(value: float) -> int:
    """The count a score's noun agrees with: a whole score itself; a score with the
    button's half as many (most of the page's languages say "1½ points")."""
    return int(value) if float(value).is_integer() else 2


def score_words(value: float) -> str:
    """A score with its noun: "1 point", "6½ points"."""
    return ngettext("{score} point", "{score} points", counted(value)).format(score=points(value))


def komi_words(komi: int) -> str:
    return points_words(komi)


# ---------------------------------------------------------------------- the turn in words
def turn_note(session: SessionView) -> str:
    """What the player to move may do, in words (the komi's meaning on turns 1 and 2)."""
    game = game_of(session, shown=False)
    name = session.name_of
    if game.is_over:
        return ""
    player = game.to_move or 1
    other = 3 - player
    limit = game.geo.komi_limit
    if game.proposing:
        return _(
            "{name} proposes the komi: {means}, to make up for moving second (a whole "
            "number from {low} to {high}; below zero it costs the second player points). "
            "{other} then chooses to place first or second."
        ).format(name=name(player), means=komi_means(), low=-limit, high=limit, other=name(other))
    if game.answering:
        return _(
            "{name} answers the komi of {komi} ({means}) that {other} offered: place the "
            "first stone (or take the button) to play first, and {other} {receives}; or "
            "press Play second and {name} {receives}."
        ).format(
            name=name(player),
            komi=komi_words(game.komi or 0),
            means=komi_means(),
            other=name(other),
            receives=receives(game.komi or 0),
        )
    answered = answer_sentence(game, name)
    return f"{answered} {choices_sentence(session, game)}".strip()


def choices_sentence(session: SessionView, game: StigmergyGame) -> str:
    """What the mover may do now, from the legal moves."""
    player = game.to_move or 1
    opponent = session.name_of(3 - player)
    n = len(game.cells)
    codes = game.legal_codes()
    placements = sum(1 for c in codes if 0 <= c < n)
    flips = sum(1 for c in codes if n <= c < 2 * n)
    options = []
    if placements:
        options.append(
            _("place a stone on an empty cell {name} does not control").format(name=opponent)
        )
    if flips == 1:
        options.append(_("flip {name}'s ringed stone (on cells you control)").format(name=opponent))
    elif flips:
        options.append(
            ngettext(
                "flip {name}'s ringed {n} stone (on cells you control)",
                "flip {name}'s ringed {n} stones (on cells you control)",
                flips,
            ).format(name=opponent, n=flips)
        )
    if BUTTON in codes:
        options.append(_("take the button (half a point)"))
    if PASS in codes:
        # Translators: one of the things the mover may do ("You may ... or pass.")
        options.append(_("pass"))
    text = _("You may {choices}.").format(choices=_or_list(options))
    if game.passes == 1 and PASS in codes:
        passed = _("{name} passed: if you pass too, the game ends.").format(name=opponent)
        text = f"{text} {passed}"
    return text


def _or_list(items: list[str]) -> str:
    """Choices joined as the language lists alternatives: "a, b or c"."""
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last two of a list of things the mover may do: "a, b or c".
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def result_sentence(session: SessionView) -> str:
    game = game_of(session, shown=False)
    if game.resigned is not None:
        loser = game.resigned
        return _("{loser} resigned: {winner} wins.").format(
            loser=session.name_of(loser), winner=session.name_of(3 - loser)
        )
    s1, s2 = game.scores()
    if s1 == s2:
        return _("{first} and {second} share the game, {score} all.").format(
            first=session.name_of(1), second=session.name_of(2), score=points(s1)
        )
    winner = 1 if s1 > s2 else 2
    high, low = max(s1, s2), min(s1, s2)
    return ngettext(
        "{winner} wins, {high} point to {low}",
        "{winner} wins, {high} points to {low}",
        counted(high),
    ).format(winner=session.name_of(winner), high=points(high), low=points(low))


# ---------------------------------------------------------------------- the cards
def card_facts(session: SessionView, player: int) -> CardFacts:
    """The player's points (the button's half included), their stones and territory, and
    the komi they receive."""
    game = game_of(session)
    territory, scores, ranks = game.territory(), game.scores(), game.ranks()
    komi = game.komi if game.komi_to == player else None
    parts = score_parts(game, player, komi)
    resigned = game.resigned == player
    score = scores[player - 1]
    return CardFacts(
        number=points(score),
        # Translators: the unit after a player's score on their card ("1 point", "½ point")
        unit=_("point") if score == 1 else _("points"),
        detail=" · ".join(parts[2:]),
        title=_("{parts} = {score}; place {rank}").format(
            parts=" + ".join(parts), score=points(score), rank=ranks[player - 1]
        ),
        mark="resigned" if resigned else "",
        mark_label=_("resigned") if resigned else "",
        mark_title=_("Resigned: the opponent wins") if resigned else "",
        values=(
            ("stones", str(game.stones[player])),
            ("territory", str(territory[player - 1])),
            ("komi", "" if komi is None else str(komi)),
            ("score", str(number(score))),
            ("rank", str(ranks[player - 1])),
            ("resigned", str(int(resigned))),
        ),
    )


def score_parts(game: StigmergyGame, player: int, komi: int | None) -> list[str]:
    """What a player's score is made of, in words: stones, territory, then the komi and
    the button if theirs."""
    territory = game.territory()[player - 1]
    stones = game.stones[player]
    parts = [
        ngettext("{n} stone", "{n} stones", stones).format(n=stones),
        # Translators: the empty cells a player controls, counted ("12 territory")
        _("{n} territory").format(n=territory),
    ]
    if komi:
        parts.append(_("komi {n}").format(n=komi))
    if game.button == player:
        parts.append(_("button ½"))
    return parts


def turn_pips(session: SessionView) -> None:
    """A turn of Stigmergy is one move: no pips."""
    return None


def board_lines_html(session: SessionView) -> str:
    """The komi and the button in words (above the board's legend)."""
    game = game_of(session)
    return (
        f'<p class="komi-line" id="komi-line">{escape(komi_line(session, game))}</p>'
        f'<p class="button-line" id="button-line">{escape(button_line(session, game))}</p>'
    )


def komi_line(session: SessionView, game: StigmergyGame) -> str:
    name = session.name_of
    means = komi_means()
    if game.komi is None:
        return _("Komi ({means}): not proposed yet ({name} proposes it on turn 1).").format(
            means=means, name=name(1)
        )
    komi = komi_words(game.komi)
    if game.komi_to is None:
        return _(
            "Komi ({means}): {first} offered {komi}; {second} decides who places second."
        ).format(means=means, first=name(1), komi=komi, second=name(2))
    if game.fixed_komi is not None:
        text = _(
            "Komi ({means}): {komi} (fixed before the game), received by {name}, who places second."
        )
    else:
        text = _(
            "Komi ({means}): {komi} (offered and answered), received by {name}, who places second."
        )
    return text.format(means=means, komi=komi, name=name(game.komi_to))


def button_line(session: SessionView, game: StigmergyGame) -> str:
    if game.button is not None:
        return _("Button: taken by {name} (half a point).").format(
            name=session.name_of(game.button)
        )
    if game.komi is None:
        return _("Button: in play only if the komi is odd.")
    if game.komi % 2 == 0:
        return _("Button: not in play (the komi is even).")
    return _(
        "Button: in play (the komi is odd). Either player may spend a turn taking it, "
        "for half a point; nobody may pass while it is there."
    )


def legend_html() -> str:
    """What the marks on the board mean."""
    items = (
        _(
            "A tinted cell is controlled by that colour: it sees more of that colour's "
            "stones than half its neighbours."
        ),
        _(
            "A dashed ring marks a stone standing on a cell its opponent controls: the "
            "opponent may flip it."
        ),
        _("The small dot marks the last stone placed or flipped."),
        _(
            "Point at a cell (or move the keyboard cursor to it) to see what it sees: its "
            "six lines run to the first stone on each, ringed in that stone's colour; a "
            "dashed line meets no stone."
        ),
    )
    return (
        '<ul class="legend">'
        + "".join(f"<li>{escape(item, quote=False)}</li>" for item in items)
        + "</ul>"
    )


# ---------------------------------------------------------------------- the end
def ranking(session: SessionView) -> list[Placing]:
    game = game_of(session, shown=False)
    if not game.is_over:
        return []
    scores, ranks = game.scores(), game.ranks()
    return [
        Placing(ranks[p - 1], p, score_words(scores[p - 1]))
        for p in sorted((1, 2), key=lambda p: ranks[p - 1])
    ]


def result_words(session: SessionView) -> str:
    return result_sentence(session)


def result_details(session: SessionView) -> str:
    """How each score is made up."""
    game = game_of(session, shown=False)
    if not game.is_over:
        return ""
    items = []
    for p in (1, 2):
        parts = score_parts(game, p, game.komi if game.komi_to == p else None)
        items.append(f"<li>{escape(session.name_of(p))}: {escape(' + '.join(parts))}</li>")
    summary = escape(_("How the scores are made"))
    return f"<details><summary>{summary}</summary><ul>{''.join(items)}</ul></details>"


# ---------------------------------------------------------------------- the komi entry
def komi_form_html(session: SessionView) -> str:
    """The komi proposal's number field and button (on turn 1 only). The form is read
    by the kit's ``form_move``, which words every bad entry itself (``novalidate``)."""
    game = game_of(session, shown=False)
    if not game.proposing or game.is_over:
        return ""
    limit = game.geo.komi_limit
    fair = suggested_komi(game.size)
    advice = ngettext(
        "About {n} point is fair here: in the computer's games against itself with no komi, "
        "whoever placed first won by {average} points on average.",
        "About {n} points are fair here: in the computer's games against itself with no "
        "komi, whoever placed first won by {average} points on average.",
        fair,
    ).format(n=fair, average=average(fair_komi(game.size)))
    label = _("Komi: {means}, to make up for moving second ({low} to {high})").format(
        means=komi_means(), low=-limit, high=limit
    )
    # Translators: the button that sends the komi typed in the field
    propose = _("Propose")
    return (
        '<form id="komi-form" class="komi-form" data-move-form="komi" novalidate>'
        f'<label for="komi-input">{escape(label)}</label>'
        f'<input id="komi-input" name="komi" type="number" step="1" min="{-limit}" '
        f'max="{limit}" value="{fair}" required aria-describedby="komi-advice">'
        f'<button type="submit" id="propose-komi">{escape(propose)}</button>'
        f'<p class="note" id="komi-advice">{escape(advice)}</p></form>'
    )


def average(value: float) -> str:
    """A measured average as the reader writes decimals ("5.5", "5,5"), with no needless
    zeros (as ``:g`` writes it)."""
    text = f"{value:g}"
    return number_words(value, len(text.split(".")[1])) if "." in text else text


def cell_words(session: SessionView, target: str | None, live: bool, move: str) -> str:
    """The line under the board: what the cell under the pointer holds, and what a click
    there would do (or the engine's reason why it would be refused)."""
    game = game_of(session)
    if target is None:
        if not live:
            return ""
        if game.proposing:
            return _("Enter the komi below the board, then press Propose.")
        return click_or_tap(
            _("Click an empty cell to place a stone, or a ringed stone to flip it."),
            _("Tap an empty cell to place a stone, or a ringed stone to flip it."),
        )
    cell = game.board.index(target)
    words = _("{cell}: {held}; {sight}.").format(
        cell=target, held=held_words(session, game, cell), sight=sight_words(session, game, cell)
    )
    if not live:
        return words
    code = game.parse_move(move).code
    reason = game.refusal(code)
    if reason is not None:
        return _("{words} Not playable: {reason}.").format(words=words, reason=reason)
    return f"{words} {game.explain_move(game.move(code))}"


def held_words(session: SessionView, game: StigmergyGame, cell: int) -> str:
    """What stands on a cell and who controls it: "Ann's stone, controlled by Bob"."""
    owner, control = game.cells[cell], game.controller(cell)
    name = session.name_of
    if owner and control:
        text = _("{owner}'s stone, controlled by {control}")
    elif owner:
        text = _("{owner}'s stone, controlled by nobody")
    elif control:
        text = _("empty, controlled by {control}")
    else:
        text = _("empty, controlled by nobody")
    return text.format(owner=name(owner) if owner else "", control=name(control) if control else "")


def sight_words(session: SessionView, game: StigmergyGame, cell: int) -> str:
    """What the sight lines drawn from a cell show, in words (for people who do not see
    them): how many of each player's stones it sees, and how many make control."""
    s1, s2 = game.sees(cell)
    return _(
        "it sees {n1} of {first}'s stones and {n2} of {second}'s ({need} of one player's "
        "give control)"
    ).format(
        n1=s1, first=session.name_of(1), n2=s2, second=session.name_of(2), need=game.geo.need[cell]
    )


def cursor_svg(session: SessionView, cursor: str | None) -> str:
    """The keyboard cursor's outline, for the board's overlay."""
    if cursor is None:
        return ""
    board = game_of(session).board
    points = board_geometry(board.size, board, session.rotation % 6)[2]
    return f'<polygon class="cursor" points="{points[board.index(cursor)]}"/>'
