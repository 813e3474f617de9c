"""Small renderers of the view model (``model.screen``): each draws one part of the page as
HTML, and decides nothing. Names typed by players go through ``html.escape``; chips
and details come from the game's kit, already safe."""

from __future__ import annotations

from html import escape

from archipelago.i18n import _, ngettext

from .clocks import clock_html
from .model import Banner, Card, Control, Result, Screen

# The icons of the icon buttons, as small SVG paths (a 24-unit box, drawn in the text's
# colour): no icon font and no emoji, so they look the same on every system.
ICONS = {
    "undo": "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
    "redo": "m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
    "hint": "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3"
    "A7 7 0 0 0 12 2z",
    "stop": "M6 6h12v12H6z",
    "more": "M5 12h.01M12 12h.01M19 12h.01",
    "menu": "M4 6h16M4 12h16M4 18h16",
    "settings": "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 "
    "1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 "
    "0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 "
    "0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 "
    "2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 "
    "1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 "
    "0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
}


def icon_svg(name: str) -> str:
    """An icon by name ("" for a name without one)."""
    path = ICONS.get(name)
    if path is None:
        return ""
    return (
        '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        f'<path d="{path}"/></svg>'
    )


# ---------------------------------------------------------------------- cards
def card_html(card: Card) -> str:
    """One player's card: chip, name, computer badge, the deciding number, the pips of
    the turn under way; the player to move is marked (and highlighted in their colour)."""
    facts = card.facts
    classes = ["card", f"p{card.player}"]
    if card.to_move:
        classes.append("to-move")
    if facts.mark:
        classes.append(facts.mark)
    data = "".join(f' data-{key}="{escape(value)}"' for key, value in facts.values)
    badge = (
        '<span class="badge" title="'
        + escape(_("A computer plays this seat"))
        + '">'
        + escape(_("computer · level {level}").format(level=card.level))
        + "</span>"
        if card.level
        else ""
    )
    mark = (
        f'<span class="mark {escape(facts.mark)}" title="{escape(facts.mark_title)}">'
        f"{escape(facts.mark_label)}</span>"
        if facts.mark
        else ""
    )
    number = (
        f'<span class="score" title="{escape(facts.title)}"><b class="num">'
        f"{escape(facts.number)}</b> {escape(facts.unit)}"
        + (f' <span class="detail">· {escape(facts.detail)}</span>' if facts.detail else "")
        + "</span>"
        if facts.number
        else ""
    )
    # Translators: read after the name of the player whose turn it is ("Ann, to move")
    to_move = _(", to move")
    turn = f'<span class="visually-hidden">{escape(to_move)}</span>' if card.to_move else ""
    return (
        f'<div class="{" ".join(classes)}" data-player="{card.player}"'
        f' data-to-move="{int(card.to_move)}"{data}>'
        f'{card.chip}<span class="who"><span class="name" title="{escape(card.name)}">'
        f"{escape(card.name)}</span>{turn}{badge}{mark}</span>{number}"
        f"{pips_html(card)}{clock_html(card.clock)}</div>"
    )


def pips_html(card: Card) -> str:
    """This turn's stones as pips: filled for each placed, hollow for each left; why
    the allowance is what it is in the tooltip."""
    pips = card.pips
    if pips is None:
        return ""
    left = pips.allowance - pips.placed
    dots = "".join(
        f'<span class="pip{" placed" if i < pips.placed else ""}"></span>'
        for i in range(pips.allowance)
    )
    words = ngettext(
        "{left} of {n} stone left", "{left} of {n} stones left", pips.allowance
    ).format(left=left, n=pips.allowance)
    title = _("{stones_left}. Why: {why}").format(stones_left=words, why=pips.why)
    return (
        f'<span class="pips" id="stones-left" data-left="{left}" title="{escape(title)}" '
        f'role="img" aria-label="{escape(words)}">{dots}</span>'
    )


def cards_html(screen: Screen, side: str) -> str:
    return "".join(card_html(card) for card in screen.cards if card.side == side)


# ---------------------------------------------------------------------- buttons
def control_html(control: Control) -> str:
    """A button of the action bar, the overflow or the moves' navigation."""
    attrs = [f'type="button" id="{escape(control.id)}"', f'class="{control.kind}"']
    if control.command:
        attrs.append(f'data-command="{escape(control.command)}"')
    if control.move:
        attrs.append(f'data-move="{escape(control.move)}"')
    if control.title:
        attrs.append(f'title="{escape(control.title)}"')
    if control.pressed is not None:
        attrs.append(f'aria-pressed="{"true" if control.pressed else "false"}"')
    if not control.enabled:
        attrs.append("disabled")
    drawn = icon_svg(control.icon)
    if control.icon and not drawn:  # a sign in text (the navigation's arrows)
        drawn = f'<span aria-hidden="true">{escape(control.icon)}</span>'
    if drawn:
        attrs.append(f'aria-label="{escape(control.label)}"')
        return f"<button {' '.join(attrs)}>{drawn}</button>"
    return f"<button {' '.join(attrs)}>{escape(control.label)}</button>"


def bar_html(screen: Screen) -> str:
    """The action bar: the moves (the primary one filled), the icon tools and the
    overflow menu when it has anything in it."""
    moves = "".join(control_html(c) for c in screen.moves)
    tools = "".join(control_html(c) for c in screen.tools)
    more = ""
    if screen.more:
        items = "".join(control_html(c) for c in screen.more)
        label = escape(_("More actions"))
        more = (
            '<details class="pop more-menu" id="more-menu"><summary id="more-summary" class="icon" '
            f'aria-label="{label}" title="{label}">{icon_svg("more")}</summary>'
            f'<div class="pop-body" role="group" aria-label="{label}">{items}</div></details>'
        )
    tools_label = escape(_("Take back and help"))
    return (
        f'<div class="moves-buttons">{moves}</div>'
        f'<div class="tools" role="group" aria-label="{tools_label}">{tools}{more}</div>'
    )


def nav_html(screen: Screen) -> str:
    return "".join(control_html(c) for c in screen.nav)


# ---------------------------------------------------------------------- over the board
def banner_html(banner: Banner | None) -> str:
    """ "Turn 12 of 26 · Back to the game" over the board during review."""
    if banner is None:
        return ""
    words = (
        f'<span class="banner-words" title="{escape(banner.words)}">{escape(banner.words)}</span>'
    )
    if not banner.command:
        return words
    button = "back-to-game" if banner.command == "back" else banner.command
    return (
        words + " · "
        f'<button type="button" id="{button}" class="link" data-command="{banner.command}">'
        f"{escape(banner.button)}</button>"
    )


def result_html(result: Result | None) -> str:
    """The game-over card: a close, the result in words, the ranking, and Rematch, Review
    and New game."""
    if result is None:
        return ""
    lines = "".join(
        f'<li data-player="{line.player}" data-rank="{line.place}">'
        f'<span class="place">{line.place}.</span>{chip}'
        f'<span class="name">{escape(name)}</span> '
        f'<span class="words">{escape(line.words)}</span></li>'
        for line, name, chip in result.ranking
    )
    # Only the ranking and the details scroll: the title, the close and the buttons stay
    # on the card whatever its height (a phone in landscape, "How the game went" open).
    close = escape(_("Close the result"))
    close_title = escape(_("Close (Esc): the banner over the board brings it back"))
    rematch, new_game = escape(_("Rematch")), escape(_("New game"))
    # Translators: the game-over card's button that goes back over the game's turns
    review = escape(_("Review"))
    return (
        '<button type="button" id="close-result" class="close" data-command="close-result" '
        f'aria-label="{close}" title="{close_title}">×</button>'
        f'<h2 id="result-title">{escape(result.headline)}</h2>'
        f'<div class="result-body"><ol class="ranking">{lines}</ol>{result.details}</div>'
        '<div class="card-buttons">'
        '<button type="button" id="rematch" class="primary" data-command="rematch">'
        f"{rematch}</button>"
        f'<button type="button" id="review-game" data-command="review-game">{review}</button>'
        '<button type="button" id="result-new-game" data-command="new-game">'
        f"{new_game}</button>"
        "</div>"
    )
