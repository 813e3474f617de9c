"""Puzzles in Chromium on a phone (390x844, touch): the daily puzzle the same in two
fresh browsers, a puzzle solved with the opponent's reply played by the page, a wrong
turn refuted by the computer and retried, the failed puzzle back later, the next puzzle
opened offline after one visit to Puzzles, and a first visit that fetches no puzzle file.

The site is a copy of dist/ with the test's own sets (tests/fixtures/puzzles/) in
puzzles/, so the flow does not depend on the shipped sets. Three page starts in all."""

from __future__ import annotations

import re
import shutil

from conftest import READY

from archipelago.page.puzzles.attempt import same_turn
from archipelago.puzzles.puzzle import Puzzle
from archipelago.registry import from_record
from tests.support.puzzlefixtures import ends_its_turn, fixture_puzzles, fixture_sets

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
PUZZLES = {p.id: p for game in ("archipelago", "stigmergy") for p in fixture_puzzles(game)}
CELL = re.compile(r"[a-z][0-9]+")
# The service worker installed and in control (it serves the page offline).
CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}));
  }
  return true;
}"""

# Every address the service worker's caches hold.
CACHED_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""


def site_with_fixture_sets(built, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built, site)
    shutil.rmtree(site / "puzzles", ignore_errors=True)  # (and their compressed copies)
    (site / "puzzles").mkdir()
    for game, text in fixture_sets().items():
        (site / "puzzles" / f"{game}.jsonl").write_text(text, encoding="utf-8")
    return site


def shown(page) -> tuple[str, str]:
    return page.get_attribute("body", "data-puzzle-id"), page.get_attribute(
        "body", "data-puzzle-state"
    )


def wait_state(page, state: str, ident: str | None = None) -> None:
    same = f" && document.body.dataset.puzzleId === '{ident}'" if ident else ""
    page.wait_for_function(f"document.body.dataset.puzzleState === '{state}'{same}", timeout=30_000)


def play(page, puzzle: Puzzle, turn: str) -> None:
    """A solver's turn as a player enters it: a Stigmergy cell tapped, an Archipelago
    turn's stones typed in the command box."""
    if puzzle.game == "stigmergy" and CELL.fullmatch(turn):
        page.tap(f'svg.board [data-cell="{turn}"]')
    else:
        page.fill("#command", turn)
        page.press("#command", "Enter")


def a_wrong_turn(puzzle: Puzzle) -> str:
    """A legal turn at the puzzle's position that is not its solution's, made of stones
    that finish the turn when entered one by one."""
    game = from_record(puzzle.record)
    before = len(game.to_record()["turns"])

    def stone(move: object) -> bool:
        return bool(CELL.fullmatch(str(move).lstrip("1234")))

    for first in filter(stone, game.legal_moves()):
        trial = game.clone()
        trial.push(first)
        while len(trial.to_record()["turns"]) == before:
            trial.push(next(filter(stone, trial.legal_moves())))
        spelled = str(trial.to_record()["turns"][before])
        if not same_turn(spelled, puzzle.solution[0]) and not trial.is_over:
            assert ends_its_turn(dict(puzzle.record), spelled)
            return spelled
    raise AssertionError(f"no wrong turn for {puzzle.id}")


def test_puzzles_on_a_phone_daily_solved_refuted_replayed_and_offline(
    built_site, serve_dir, open_url, tmp_path
):
    base = serve_dir(site_with_fixture_sets(built_site, tmp_path))

    # A first visit to the plain game page fetches no puzzle file, nor does its service
    # worker when it caches the site.
    page = open_url(base, **PHONE)
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    page.evaluate(CONTROLLED)
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    cached = page.evaluate(CACHED_URLS)
    assert len(fetched) > 3 and len(cached) > 50
    assert not [url for url in fetched + cached + asked if "/puzzles/" in url]
    assert page.get_attribute("body", "data-puzzle-id") is None

    # A second, fresh browser opens ?puzzle=daily.
    other = open_url(base + "?puzzle=daily", **PHONE)
    wait_state(other, "solving")
    daily, _ = shown(other)
    other.context.close()

    # The first browser: Puzzles from the menu, then Today's: the same puzzle.
    page.tap("#main-menu > summary")
    page.tap("#puzzles-button")
    wait_state(page, "solving")
    assert [url for url in asked if "/puzzles/" in url]  # fetched once Puzzles opened
    if shown(page)[0] != daily:  # Today's puzzle is under the bar's More
        page.tap("#puzzle .puzzle-more > summary")
        page.tap("#puzzle-daily")
        wait_state(page, "solving", daily)

    # Playing the solution (the replies are the page's) solves it and offers the next.
    puzzle = PUZZLES[daily]
    for index, turn in enumerate(puzzle.solution):
        if index % 2 == 0:
            moves = page.locator("#history .turn-link").count()
            play(page, puzzle, turn)
            page.wait_for_function(
                f"document.querySelectorAll('#history .turn-link').length > {moves}"
            )
        if index + 1 < len(puzzle.solution):  # the reply, played by the page
            page.wait_for_function(
                f"document.querySelectorAll('#history .turn-link').length >= {moves + 2}"
            )
    wait_state(page, "solved", daily)
    assert "solved" in page.inner_text("#puzzle .puzzle-task")
    assert page.locator("#puzzle-next").is_visible()

    # The next puzzle: a wrong turn says so, the computer answers it, Retry starts again.
    page.tap("#puzzle-next")
    page.wait_for_function(f"document.body.dataset.puzzleId !== '{daily}'")
    wait_state(page, "solving")
    failed, _ = shown(page)
    wrong = a_wrong_turn(PUZZLES[failed])
    play(page, PUZZLES[failed], wrong)
    wait_state(page, "failed", failed)
    assert "Not this one" in page.inner_text("#puzzle .puzzle-task")
    page.wait_for_function(
        "document.querySelector('#puzzle .puzzle-task').textContent.includes('computer answers')",
        timeout=60_000,
    )
    page.tap("#puzzle-retry")
    wait_state(page, "solving", failed)

    # Two other puzzles later, the failed one comes back.
    seen = []
    for _ in range(3):
        before = shown(page)[0]
        page.tap("#puzzle-next")
        page.wait_for_function(f"document.body.dataset.puzzleId !== '{before}'")
        seen.append(shown(page)[0])
    assert seen[-1] == failed and failed not in seen[:-1], seen

    # Offline, after that one visit to Puzzles: the daily link and the next puzzle open.
    page.context.set_offline(True)
    page.goto(base + "?puzzle=daily")
    page.wait_for_function(READY, timeout=60_000)
    wait_state(page, "solving", daily)
    page.tap("#puzzle-next")
    page.wait_for_function(f"document.body.dataset.puzzleId !== '{daily}'")
    wait_state(page, "solving")
    page.tap("#puzzle-leave")
    page.wait_for_function("!document.body.dataset.puzzleId")
    page.context.set_offline(False)
