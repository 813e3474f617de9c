"""Helpers that drive the Archipelago page the way a player does, and read it back."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from archipelago.games.archipelago.state import GameState
from archipelago.games.archipelago.variant import Variant
from sitebuild import paths

# A new build's service worker (asked for now) installed and in control of the open tab
# (its fetches wait until it has taken over).
TAKEN_OVER = """() => new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), {once: true});
  navigator.serviceWorker.getRegistration().then((r) => r.update());
  setTimeout(() => resolve(false), 90000);
})"""

# Every enabled button or field a finger may reach, as [what, width, height], when under
# 44x44 (a field is as tall as a button: a finger taps it too).
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, summary, select, a.button, [role="button"],'
    + ' input:not([type="checkbox"], [type="radio"])')]
  .filter(e => !e.disabled && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}))
  .map(e => [e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30),
             e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 1 && (r.width < 43.5 || r.height < 43.5))
  .map(([what, r]) => [what, Math.round(r.width), Math.round(r.height)])"""

# Where screenshots go when PAGE_SCREENSHOTS names a folder (for looking at them).
SHOTS = os.environ.get("PAGE_SCREENSHOTS")


def shot(page, name, full_page=False):
    """A screenshot of the page as ``name``.png, when PAGE_SCREENSHOTS asks for them."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full_page)


def new_game(page, *, size=7, players=2, names=None, frozen=None, seats=None, **variant):
    """Start an Archipelago game through the New game dialog (every seat a person here
    unless ``seats`` says otherwise: the dialog opens on the game in play)."""
    page.click("#new-game-button")
    page.click("#game-tile-archipelago")
    page.select_option("#players-field", str(players))
    for i, name in enumerate(names or []):
        page.fill(f'input[name="name{i + 1}"]', name)
    for i, seat in enumerate(seats or [0] * players):
        page.select_option(f'select[name="seat{i + 1}"]', str(seat))
    page.fill('input[name="size"]', str(size))
    if variant or frozen is not None:  # the variations are folded under More options
        page.eval_on_selector("#more-options", "details => { details.open = true; }")
    for key, value in variant.items():
        page.select_option(f'select[name="{key}"]', str(value))
    if frozen is not None:
        page.set_checked("#frozen-field", frozen)
    page.click("#start-game")
    page.wait_for_selector(f'svg.board[data-size="{size}"]')


def press(page, selector):
    """Click a button the way a player reaches it: a button in the header's menu, the
    settings or the action bar's overflow is reached by opening that menu first (a
    menu's own summary is that first click, and only it)."""
    closed_menu = page.evaluate(
        """selector => {
            const element = document.querySelector(selector);
            const menu = element.closest('details');
            if (!menu || menu.open || element.parentElement === menu) return null;
            return '#' + menu.id + ' > summary';
        }""",
        selector,
    )
    if closed_menu:
        page.click(closed_menu)
    page.click(selector)


def cards_text(page) -> str:
    """What the player cards above and below the board say."""
    return " ".join(page.locator(".cards").all_inner_texts())


def card_to_move(page) -> int | None:
    """The player whose card is highlighted as the one to move."""
    player = page.evaluate(
        "(document.querySelector('.card.to-move') || {dataset: {}}).dataset.player"
    )
    return None if player is None else int(player)


def click_cell(page, name, tap=False):
    selector = f'svg.board [data-cell="{name}"]'
    if tap:  # small cells under a finger: the first tap previews, the second places
        page.tap(selector)
        page.tap(selector)
    else:
        page.click(selector)


def pick(page, colour):
    page.click(f"#pick-{colour}")


def picked(page) -> int:
    """The colour the picker shows pressed."""
    return int(page.get_attribute('#picker [aria-pressed="true"]', "data-colour"))


def answer_yes(page):
    """Go ahead where the page asks first (a turn ended with stones unplaced, a pass that
    opens a round of passes): the confirm dialog's button."""
    if page.locator("#confirm").is_visible():
        page.click("#confirm-yes")


def end_turn(page):
    """End the turn early, as a player who means it: End turn, then its go-ahead."""
    page.click("#end-turn")
    answer_yes(page)


def pass_turn(page):
    """Pass, going ahead if the page asks first."""
    page.click("#pass")
    answer_yes(page)


def stones(page) -> dict[str, int]:
    """Cell name -> colour of every stone on the board."""
    pairs = page.eval_on_selector_all(
        "svg.board [data-at]", "els => els.map(e => [e.dataset.at, +e.dataset.color])"
    )
    return dict(pairs)


def engine_stones(state: GameState) -> dict[str, int]:
    return {state.board.names[c]: colour for c, colour in enumerate(state.cells) if colour}


def table(page) -> dict[int, dict[str, int]]:
    """Per player: islands, bonus sum, score and rank as the player cards hold them."""
    rows = page.eval_on_selector_all(
        ".cards .card",
        """cards => cards.map(c => [+c.dataset.player, {
            groups: +c.dataset.islands, bonus: +c.dataset.bonus, score: +c.dataset.score,
            rank: +c.dataset.rank, frozen: c.dataset.frozen === '1'}])""",
    )
    return dict(rows)


def track_markers(page) -> set[tuple[int, int, int]]:
    """(player, column, value) of every bonus marker drawn on the scoring track."""
    items = page.eval_on_selector_all(
        "svg.track .marker",
        "els => els.map(e => [+e.dataset.color, +e.dataset.column, +e.dataset.value])",
    )
    return {tuple(item) for item in items}


def assert_page_matches(page, state: GameState):
    """The board, the table and the track on the page agree with the engine's state."""
    assert stones(page) == engine_stones(state)
    shown = table(page)
    counts, scores, ranks = state.group_counts(), state.shown_scores(), state.ranks()
    for p in state.colours:
        assert shown[p]["groups"] == counts[p - 1], p
        assert shown[p]["bonus"] == sum(state.bonus(p).values()), p
        assert shown[p]["score"] == scores[p - 1], p
        assert shown[p]["rank"] == ranks[p - 1], p
        assert shown[p]["frozen"] == (p in state.frozen), p
    expected = {(p, c, v) for p in state.colours for c, v in state.bonus(p).items()}
    assert track_markers(page) == expected


def random_actions(size, players, seed, *, until=None, variant=None):
    """A reproducible list of actions ("stone", colour, cell name) / ("end",) / ("pass",)
    and the engine state they lead to; stops at the end or when ``until(state)``."""
    rng = random.Random(seed)
    state = GameState(size, players, variant or Variant())
    actions = []
    while not state.is_over and not (until and until(state)):
        if state.turn_stones and rng.random() < 0.25:
            state.end_turn()
            actions.append(("end",))
            continue
        colour = rng.randint(1, players)
        cell = rng.choice(state.legal_cells())
        state.place(colour, cell)
        actions.append(("stone", colour, state.board.names[cell]))
    return actions, state


def play(page, actions, tap=False):
    """Play actions by clicks (or taps), picking the colour before a stone when the
    picker is not on it (each turn starts on the mover's colour)."""
    for action in actions:
        if action[0] == "stone":
            _, colour, name = action
            if picked(page) != colour:
                pick(page, colour)
            click_cell(page, name, tap=tap)
        elif action[0] == "end":
            end_turn(page)
        else:
            pass_turn(page)


def stored_game(page) -> dict:
    """The page's game as stored in the browser's list of games (without its revision)."""
    text = page.evaluate(
        "localStorage.getItem('archipelago.games.' + document.body.dataset.gameId)"
    )
    record = json.loads(text)
    record.pop("rev")
    return record


# Puts the file at a URL of the site in the page's Cache Storage, as the service worker
# does with every file of the site.
CACHE_FILE = """async (url) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  await (await caches.open("archipelago-test")).put(url, new Response(bytes));
}"""


def snapshot_path() -> str:
    """The built site's interpreter snapshot, relative to the site (named after its bytes)."""
    [path] = paths.DIST.glob("pyodide/python-*.snapshot.gz")
    return path.relative_to(paths.DIST).as_posix()


def cache_snapshot(page, site_url: str) -> None:
    """Put the site's interpreter snapshot in the Cache Storage of ``page``'s browser (a
    browser of its own, the service worker kept out), as that worker does once a first
    visit is playable: the site's pages then start from it there, as a returning
    player's do, and not the plain way, which costs several such starts
    (static/start/pyodide_start.mjs). ``page`` is left on a page of the site with no Python."""
    page.goto(site_url + "static/rules.html")
    page.evaluate(CACHE_FILE, site_url + snapshot_path())
