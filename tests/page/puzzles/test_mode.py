"""Puzzles on the page under CPython: the daily and next puzzle chosen, turns judged,
the opponents' replies played, a wrong turn refuted by the computer's worker, the
progress and rating kept, the game kept aside and never lost (archipelago.page.puzzles)."""

from __future__ import annotations

import json

from archipelago.page.puzzles.mode import set_path
from archipelago.page.puzzles.progress import (
    REPLAY_AFTER,
    STORAGE_KEY,
    Progress,
)
from archipelago.page.puzzles.view import theme_words
from archipelago.puzzles.puzzle import Puzzle
from tests.support.pagetab import Tab
from tests.support.puzzlefixtures import fixture_puzzles, fixture_sets

FILES = {f"puzzles/{game}.jsonl": text for game, text in fixture_sets().items()}
STIG = fixture_puzzles("stigmergy")
ARCH = fixture_puzzles("archipelago")


def puzzle_tab(query: str = "?game=stigmergy", **kw: object) -> Tab:
    return Tab(query, files=dict(FILES), **kw)  # type: ignore[arg-type]


def state(tab: Tab) -> tuple[str | None, str | None]:
    return tab.browser.attr("body", "data-puzzle-id"), tab.browser.attr("body", "data-puzzle-state")


def task(tab: Tab) -> str:
    return tab.dom("#puzzle").find(".puzzle-task").text


def wrong_turn(tab: Tab, wanted: str) -> str:
    return next(m for m in map(str, tab.session.game.legal_moves()) if m != wanted)


def test_the_daily_link_opens_the_same_puzzle_in_two_browsers_and_fetches_one_set():
    first, second = puzzle_tab("?puzzle=daily"), puzzle_tab("?puzzle=daily")
    assert state(first) == state(second) and state(first)[1] == "solving"
    assert first.browser.hidden("#welcome")  # a first visit's welcome is the game's
    game = state(first)[0].split("-")[0]  # type: ignore[union-attr]
    assert first.browser.fetched == [set_path(game, "v1")]
    # a page opened without ?puzzle fetches nothing
    assert puzzle_tab().browser.fetched == []


def test_solving_a_puzzle_with_a_reply_the_page_plays():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0002")
    start, (first, reply, last) = tab.turns(), STIG[1].solution
    assert state(tab) == ("stigmergy-0002", "solving") and "find the 2 turns" in task(tab)
    assert tab.announced() == task(tab)  # each verdict said aloud too, once
    tab.command(first)
    assert "answers" in task(tab) and tab.turns() == [*start, first]
    tab.browser.advance(1000)  # the reply comes
    assert tab.turns() == [*start, first, reply] and reply in task(tab)
    assert tab.announced().endswith(task(tab))  # after the reply's own words
    assert tab.command(last).endswith("Right: solved! Try the next one.")
    assert state(tab) == ("stigmergy-0002", "solved")
    assert tab.dom("#puzzle").find("#puzzle-next") is not None
    progress = Progress.from_json(json.loads(tab.store[STORAGE_KEY]))
    assert progress.solved == ["stigmergy-0002"] and progress.streak == 1
    assert progress.rating > 1500


def test_a_wrong_turn_is_refuted_by_the_computer_and_retried():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0001")
    wrong = wrong_turn(tab, STIG[0].solution[0])
    tab.browser.revealed.clear()
    assert f"Not this one ({wrong})" in tab.command(wrong)
    assert state(tab)[1] == "failed" and f"Not this one ({wrong})" in task(tab)
    # the verdict's bar brought into view (the command box is far below it on a phone)
    assert tab.browser.revealed == ["puzzle"]
    think = tab.worker.last_think()  # the computer's worker finds the answer
    assert json.loads(think["record"])["turns"][-1] == wrong
    tab.press(command="puzzle-theme", theme="sight")  # the bar drawn again, same words
    assert "#puzzle" in tab.browser.sent[-1]["changes"]
    assert tab.browser.revealed == ["puzzle"]  # ... and the page not scrolled again
    reply = str(tab.session.game.legal_moves()[-1])
    tab.computer_plays(reply)
    assert tab.turns()[-2:] == [wrong, reply] and f"answers {reply}" in task(tab)
    tab.press(command="puzzle-retry")
    assert state(tab) == ("stigmergy-0001", "solving") and wrong not in tab.turns()
    assert not tab.session.has_computers  # the replies are the page's again
    tab.command(STIG[0].solution[0])
    assert state(tab)[1] == "solved"
    progress = Progress.from_json(json.loads(tab.store[STORAGE_KEY]))
    assert progress.failed and "stigmergy-0001" not in progress.solved  # comes back later


def test_the_failed_puzzle_comes_back_after_two_others():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0001")
    tab.command(wrong_turn(tab, STIG[0].solution[0]))
    seen = []
    for _ in range(REPLAY_AFTER + 1):
        tab.press(command="puzzle-next")
        seen.append(state(tab)[0])
    assert seen[-1] == "stigmergy-0001" and "stigmergy-0001" not in seen[:-1]


def test_hint_and_solution():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0002")
    tab.press(command="puzzle-hint")
    assert tab.browser.ghost  # the first stone of the answer, drawn faintly
    tab.press(command="puzzle-solution")
    assert state(tab)[1] == "failed" and ", ".join(STIG[1].solution) in task(tab)
    assert tab.turns()[-3:] == list(STIG[1].solution)
    assert not tab.browser.ghost


def test_the_game_is_kept_aside_and_comes_back():
    tab = Tab("?players=2&size=4", files=dict(FILES))
    tab.click("d4")
    before, stored = tab.turns(), tab.stored()
    tab.press(command="puzzles")  # the menu's Puzzles: the game in play's set
    assert tab.browser.fetched == ["puzzles/archipelago.jsonl?v=v1"]
    assert state(tab)[1] == "solving" and tab.session.game.name == "archipelago"
    tab.command(tab.session.game.legal_moves()[0].__str__())
    assert tab.stored() == stored  # nothing of the puzzle is saved over the game
    tab.press(command="puzzle-leave")
    assert state(tab) == (None, None) and tab.browser.hidden("#puzzle")
    assert tab.turns() == before and tab.stored() == stored


def test_another_game_opened_ends_the_puzzle():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0001")
    tab.page.switch_game("archipelago")
    assert state(tab) == (None, None) and tab.session.game.name == "archipelago"


def test_an_unknown_puzzle_says_so_and_changes_nothing():
    tab = puzzle_tab("?game=stigmergy&puzzle=nothing-like-it")
    assert (
        state(tab) == (None, None) and "There is no puzzle nothing-like-it" in tab.browser.message()
    )
    assert tab.session.game.name == "stigmergy"


def test_offline_the_kept_set_still_opens_and_a_set_never_fetched_says_so():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0001")
    again = Tab("?game=stigmergy", files=dict(FILES))
    again.browser.kept = set(tab.browser.kept)  # the same browser's cache, a later visit
    again.browser.offline = True
    again.press(command="puzzles")
    assert state(again)[1] == "solving"
    again.press(command="puzzle-leave")
    again.page.switch_game("archipelago")
    again.press(command="puzzles")
    assert state(again) == (None, None) and "once online" in again.browser.message()


def test_themes_are_chosen_and_named():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0001")
    buttons = tab.dom("#puzzle").all("[data-theme]")
    assert {b["data-theme"] for b in buttons} == {"block", "sight"}
    tab.press(command="puzzle-theme", theme="sight")
    assert Progress.from_json(json.loads(tab.store[STORAGE_KEY])).themes == ["sight"]
    tab.press(command="puzzle-next")
    assert state(tab)[0] == "stigmergy-0002"
    assert theme_words("no-such-game") == {}


def test_a_puzzle_with_a_broken_record_says_why():
    broken = Puzzle("stigmergy-9999", "stigmergy", {"game": "stigmergy", "turns": ["zz"]}, ("a1",))
    tab = Tab("?game=stigmergy", files={"puzzles/stigmergy.jsonl": json.dumps(broken.to_json())})
    tab.press(command="puzzles")
    assert state(tab) == (None, None) and tab.browser.message()


def test_the_computer_gives_no_hint_and_no_analysis_while_a_puzzle_is_solved():
    tab = puzzle_tab("?game=stigmergy&puzzle=stigmergy-0002")
    assert tab.button("hint-button") is None  # the bar's Hint is the puzzle's own
    sent = len(tab.worker.sent)
    tab.key("h")
    assert "no hints in a puzzle" in tab.browser.message()
    assert tab.browser.shown["#message"]["className"] == "message info"  # a note, not an error
    tab.page.show_turn(1)  # under review, where a game offers Analyse
    assert tab.browser.hidden("#analyse")
    tab.page.commands["analyse"]()  # a button drawn before the puzzle opened
    assert "no hints in a puzzle" in tab.browser.message()
    tab.key("h")  # nor a hint at a reviewed position
    assert tab.worker.sent[sent:] == [] and tab.page.analysis.request_id is None
    tab.page.leave_history()
    # once the puzzle is over (here the solution asked for), the computer helps again
    tab.press(command="puzzle-solution")
    tab.page.show_turn(1)
    assert not tab.browser.hidden("#analyse")
    tab.page.leave_history()
    tab.key("h")
    assert tab.worker.last_think()["level"] and tab.page.scheduler.thinking == "hint"
    # and the game kept aside never had its help refused
    tab.press(command="puzzle-leave")
    assert tab.button("hint-button") is not None


def first_stone(tab: Tab, besides: list[str]) -> str:
    """A legal stone of the player to move that is none of ``besides``."""
    moves = map(str, tab.session.game.legal_moves())
    return next(m for m in moves if m[0].isdigit() and m not in besides)


def test_the_stones_of_the_solution_turn_may_come_in_any_order():
    tab = puzzle_tab("?game=archipelago&puzzle=archipelago-0001")
    stones = ARCH[0].solution[0].split(",")
    assert len(stones) > 1
    for stone in reversed(stones):  # the last the solution spells first
        assert state(tab)[1] == "solving"
        tab.command(stone)
    assert state(tab)[1] == "solved"


def test_a_stone_the_solution_turn_lacks_is_wrong_at_once_and_refuted_once_the_turn_ends():
    tab = puzzle_tab("?game=archipelago&puzzle=archipelago-0004")
    start, solver = tab.turns(), tab.session.game.to_move
    stones = ARCH[3].solution[0].split(",")
    tab.command(stones[-1])
    assert state(tab)[1] == "solving"  # a stone of the solution's turn
    wrong = first_stone(tab, stones)
    tab.command(wrong)
    assert state(tab)[1] == "failed" and tab.turns() == start  # the turn still under way
    assert f"Not this one ({wrong}): end your turn" in task(tab)
    assert json.loads(tab.store[STORAGE_KEY])["failed"]  # counted at once
    assert not tab.session.has_computers and tab.page.scheduler.thinking == ""
    tab.command(first_stone(tab, []))  # the turn's last stone: the computer answers it
    assert len(tab.turns()) == len(start) + 1
    assert "the computer is finding the answer" in task(tab)
    assert json.loads(tab.worker.last_think()["record"])["turns"][-1] == tab.turns()[-1]
    for _ in range(20):
        if tab.session.game.to_move == solver:
            break
        tab.computer_plays(first_stone(tab, []))
    assert f"Not this one ({wrong}): the computer answers" in task(tab)
    assert tab.session.game.to_move == solver and not tab.session.computer_to_move


def test_a_wrong_turn_typed_at_once_is_played_whole_and_refuted():
    tab = puzzle_tab("?game=archipelago&puzzle=archipelago-0001")
    start = tab.turns()
    wrong = first_stone(tab, ARCH[0].solution[0].split(","))
    tab.command(wrong)
    second = first_stone(tab, [])
    tab.page.take_back("undo")
    assert state(tab)[1] == "failed"  # taking the stone back does not undo the verdict
    tab.command(f"{wrong},{second}")  # both stones, one line
    assert len(tab.turns()) == len(start) + 1 and not tab.browser.message()
    assert tab.page.scheduler.thinking == "move"  # the computer answers it
