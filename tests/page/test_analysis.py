"""The analysis on the page, under CPython: the stored form and reading it back, the
worker's messages and job, the graph, the move list's marks, the ghost at a reviewed
position, keeping the analysis with saved games but out of links, and the page's Analyse
and Stop with the worker's replies (archipelago/page/analysis.py)."""

from __future__ import annotations

import json
import random
import re

import pytest

from archipelago.analysis.results import Budget
from archipelago.analysis.stored import matching_rows, row_json, rows_from_json
from archipelago.analysis.turns import analyse
from archipelago.games.archipelago.state import GameState
from archipelago.page.analysis import AnalysisPage
from archipelago.page.saved import distance
from archipelago.page.saved.storage import session_from_payload
from archipelago.page.session import Session
from archipelago.page.view import analysis as analysis_view
from archipelago.page.worker import protocol
from archipelago.page.worker.analysis_protocol import (
    AnalysisJob,
    AnalysisProtocolError,
    analyse_request,
    read_analyse,
)

TINY = Budget(iterations=8, solve_nodes=2_000)


def finished(seed: int = 4, size: int = 3, players: int = 2) -> GameState:
    return GameState.random_game(random.Random(seed), size=size, players=players)


def stored_analysis(game: GameState) -> dict:
    """The analysis of ``game`` as the page keeps it (analysis_view.keep_reply): the
    settings it was asked with and the worker's rows."""
    rows = [row_json(row) for row in analyse(game, TINY)]
    return {"seed": 1, "iterations": TINY.iterations, "solve_nodes": TINY.solve_nodes, "rows": rows}


def analysed_session(seed: int = 4, players: int = 2) -> Session:
    game = finished(seed, players=players)
    session = Session(game)
    session.analysis = stored_analysis(game)
    return session


def test_a_stored_analysis_reads_back_and_damage_drops_it():
    session = analysed_session()
    stored = session.analysis
    rows = rows_from_json(stored, 2)
    assert rows is not None and len(rows) == len(session.game.to_record()["turns"])
    assert rows_from_json(json.loads(json.dumps(stored)), 2) == rows
    for damage in (
        lambda s: s["rows"][0].update(chance_after=1.5),
        lambda s: s["rows"][1].update(turn=7),
        lambda s: s["rows"][0].update(judgement="brilliant"),
        lambda s: s["rows"][0].update(chances=[0.5]),
        lambda s: s["rows"][0].update(mover=3),
        lambda s: s.update(rows="none"),
    ):
        broken = json.loads(json.dumps(stored))
        damage(broken)
        assert rows_from_json(broken, 2) is None
    assert rows_from_json(None, 2) is None and rows_from_json([], 2) is None


def test_rows_stop_matching_at_the_first_turn_played_differently():
    rows = rows_from_json(analysed_session().analysis, 2)
    assert rows is not None
    turns = [row.move for row in rows]
    assert matching_rows(rows, turns) == rows
    assert matching_rows(rows, turns[:3]) == rows[:3]
    assert matching_rows(rows, [*turns[:2], "pass", *turns[3:]]) == rows[:2]


def test_the_analysis_goes_into_saved_files_and_storage_but_not_into_links():
    session = analysed_session()
    payload = session.payload()
    assert payload["analysis"] == session.analysis
    again = session_from_payload(json.loads(json.dumps(payload)))
    assert again.analysis == session.analysis
    assert "analysis" not in distance.share_payload(session)
    assert "analysis" not in distance.link_payload(session)
    payload["analysis"] = {"rows": [{"turn": 1}]}  # damaged: the game still opens
    damaged = session_from_payload(payload)
    assert damaged.analysis is None and damaged.game.history_codes()


def test_the_graph_has_one_point_per_turn_each_showing_its_turn():
    session = analysed_session()
    turns = len(session.game.to_record()["turns"])
    svg = analysis_view.panel(session, None).graph
    points = re.findall(r'<circle class="point (\w+)" data-turn="(\d+)"', svg)
    assert [int(turn) for _, turn in points] == list(range(1, turns + 1))
    rows = analysis_view.stored_rows(session)
    assert [judgement for judgement, _ in points] == [row.judgement for row in rows]
    assert svg.count("<polyline") == 1  # two players: player 1's chance
    session.show_turn(3)
    assert 'data-turn="3" cx' in analysis_view.graph_svg(rows, 2, 3)
    assert 'aria-current="true"' in analysis_view.panel(session, None).graph


def test_three_players_get_a_line_each():
    session = analysed_session(seed=2, players=3)
    assert analysis_view.panel(session, None).graph.count("<polyline") == 3


def test_analyse_is_offered_for_finished_games_and_under_review():
    session = analysed_session()
    assert analysis_view.can_analyse(session)
    running = Session(GameState.from_record({**session.game.to_record(), "turns": ["1a1"]}))
    assert not analysis_view.can_analyse(running)
    running.show_turn(0)
    assert analysis_view.can_analyse(running)
    fresh = Session(GameState(3, 2))
    fresh_panel = analysis_view.panel(fresh, None)
    assert fresh_panel.hidden and fresh_panel.graph == ""
    shown = analysis_view.panel(Session(finished()), analysis_view.Progress(3, 10))
    assert not shown.hidden and not shown.stop_hidden and shown.button_hidden
    assert "turn 3 of 10" in shown.progress


def test_marks_and_the_ghost_of_the_best_next_turn():
    session = analysed_session()
    rows = analysis_view.stored_rows(session)
    assert analysis_view.history_marks(session) == {r.turn: r.judgement for r in rows}
    assert analysis_view.ghost_turn(session) is None  # not reviewing
    # After a good turn: the computer's best next turn, on the position shown.
    fine = next(r.turn for r in rows[:-1] if r.judgement not in analysis_view.SLIPS)
    session.show_turn(fine)
    ghost = analysis_view.ghost_turn(session)
    assert ghost == analysis_view.Ghost(rows[fine].best, rows[fine].chance_before, False)
    assert analysis_view.ghost_position(session, ghost) is session
    drawing = session.kit.ghost_svg(session, ghost.move)
    stones = [part for part in ghost.move.split(",") if part != "pass"]
    assert drawing.count('class="stone') == len(stones)
    assert f"Turn {fine}:" in analysis_view.summary_html(session, rows)
    assert "the best next turn" in analysis_view.summary_html(session, rows)
    assert analysis_view.mark_html("blunder").endswith(">??</span>")


def test_after_a_slip_the_board_draws_the_better_turn_the_panel_names():
    session = analysed_session()
    rows = analysis_view.stored_rows(session)
    slip = next(r for r in rows if r.judgement in analysis_view.SLIPS and r.best)
    session.show_turn(slip.turn)
    ghost = analysis_view.ghost_turn(session)
    assert ghost == analysis_view.Ghost(slip.best, slip.chance_before, True)
    words = analysis_view.summary_html(session, rows)
    assert f"Best: <code>{slip.best}</code>" in words and "that better turn" in words
    # Drawn in the position it was the better turn in (its mover's, its empty cells),
    # and the review stays where it is.
    before = analysis_view.ghost_position(session, ghost)
    assert before.viewing == slip.turn - 1 and session.viewing == slip.turn
    stones = [part for part in slip.best.split(",") if part != "pass"]
    assert session.kit.ghost_svg(before, ghost.move).count('class="stone') == len(stones)


def test_the_graph_numbers_its_turns_and_names_its_lines():
    assert analysis_view.turn_ticks(5) == [1, 2, 3, 4, 5]
    assert analysis_view.turn_ticks(53) == [1, 10, 20, 30, 40, 50]
    for count in range(1, 300):
        ticks = analysis_view.turn_ticks(count)
        assert ticks[0] == 1 and ticks[-1] <= count and len(ticks) <= 8, count
    session = analysed_session(seed=2, players=4)
    session.names = ["Ann", "Bob", "Cleo", "Dan"]
    graph = analysis_view.panel(session, None).graph
    legend = re.findall(r'<li data-player="(\d)">.*?class="line p(\d)".*?</svg>([^<]*)</li>', graph)
    assert legend == [
        (str(p), str(p), f"{name}'s expected share")
        for p, name in zip(range(1, 5), session.names, strict=True)
    ]
    turns = len(analysis_view.stored_rows(session))
    numbers = re.findall(r'<text class="axis turn" x="[\d.]+" y="[\d.]+">(\d+)</text>', graph)
    assert [int(n) for n in numbers] == analysis_view.turn_ticks(turns)
    two = analysed_session()
    assert "Player 1's chance to win" in analysis_view.panel(two, None).graph


def test_the_worker_job_answers_turn_by_turn_and_on_stop():
    game = finished()
    turns = len(game.to_record()["turns"])
    request = analyse_request(5, game.to_record(), 1, TINY)
    job = AnalysisJob(json.dumps(request))
    replies = []
    while not job.finished:
        reply = job.step(0.01)
        if reply is not None:
            replies.append(json.loads(reply))
    assert replies[-1]["finished"] and replies[-1]["done"] == turns == len(replies[-1]["rows"])
    assert [r["done"] for r in replies] == sorted(r["done"] for r in replies)
    assert replies[-1]["rows"] == [row_json(row) for row in analyse(game, TINY)]
    stopped = json.loads(AnalysisJob(json.dumps(request)).stop())
    assert stopped["stopped"] and stopped["rows"] == []
    session = Session(game)
    settings = {"seed": 1, "iterations": 8, "solve_nodes": 2000}
    assert analysis_view.keep_reply(session, replies[-1], settings)
    assert session.analysis is not None and session.analysis["seed"] == 1
    assert len(analysis_view.stored_rows(session)) == turns
    other = Session(finished(seed=9))
    assert not analysis_view.keep_reply(other, replies[-1], settings)  # another game
    # A run stopped early does not replace a longer analysis made the same way.
    assert analysis_view.keep_reply(session, replies[1], settings)
    assert len(analysis_view.stored_rows(session)) == turns
    assert analysis_view.keep_reply(session, replies[1], {**settings, "seed": 2})
    assert len(analysis_view.stored_rows(session)) == replies[1]["done"] < turns


@pytest.mark.parametrize(
    "change",
    [{"id": -1}, {"record": ""}, {"seed": "1"}, {"iterations": 0}, {"solve_nodes": -1}],
)
def test_a_bad_analyse_request_is_refused(change):
    request = {**analyse_request(1, finished().to_record(), 1, TINY), **change}
    with pytest.raises(AnalysisProtocolError):
        read_analyse(request)


def test_stigmergy_draws_its_best_move_as_a_ghost_too():
    from archipelago.registry import new_game

    game = new_game("stigmergy", size=3, variant={"komi": 1})
    rng = random.Random(3)
    while not game.is_over:
        codes = game.legal_codes()
        game.push_code(codes[int(rng.random() * len(codes))])
    session = Session(game)
    session.analysis = stored_analysis(game)
    rows = analysis_view.stored_rows(session)
    drawn = 0
    for viewing, row in enumerate(rows[:-1]):
        session.show_turn(viewing)
        drawing = session.kit.ghost_svg(session, row.best)
        placed = re.fullmatch(r"[a-z][0-9]{1,2}x?", row.best) is not None
        assert drawing.count('class="stone') == (1 if placed else 0), row.best
        drawn += placed
    assert drawn
    assert session.kit.ghost_svg(session, "pass") == ""


# ---------------------------------------------------------------- the page's part
class AnalysedPage:
    """What ``AnalysisPage`` needs of the page (analysis.PageView), with a worker that
    keeps what it was sent."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.commands: dict = {}
        self.posted: list[dict] = []
        self.saves = 0
        self.messages: list[str] = []
        self.applied: list[dict] = []
        self.marks: list[tuple] = []

    @property
    def worker(self) -> AnalysedPage:
        return self  # its post is the worker's

    def post(self, message: dict) -> None:
        self.posted.append(message)

    def save(self) -> None:
        self.saves += 1

    def message(self, text: str, kind: str = "error") -> None:
        self.messages.append(text)

    def apply(self, changes: dict) -> None:
        self.applied.append(changes)

    def show_marks(self, marks, ghost) -> None:
        self.marks.append((marks, ghost))

    def analysing(self) -> str:
        return self.applied[-1]["body"]["attrs"]["data-analysing"]


def replies_to(request_id: int, game: GameState) -> list[dict]:
    """The worker job's replies to an analysis of ``game`` under ``request_id`` (on a tiny
    budget, so that the test stays quick)."""
    job = AnalysisJob(json.dumps(analyse_request(request_id, game.to_record(), 1, TINY)))
    replies = []
    while not job.finished:
        reply = job.step(0.01)
        if reply is not None:
            replies.append(json.loads(reply))
    return replies


def test_analyse_asks_the_worker_shows_the_progress_and_keeps_the_rows_once_done():
    game = finished()
    page = AnalysedPage(Session(game))
    analysis = AnalysisPage(page)
    page.commands["analyse"]()
    request_id = analysis.request_id
    assert request_id is not None and page.posted[0]["id"] == request_id
    assert read_analyse(page.posted[0])[1] == json.dumps(game.to_record())
    assert page.analysing() == "1"
    replies = replies_to(request_id, game)
    for reply in replies:
        assert analysis.owns(reply)
        analysis.receive(reply)
    assert analysis.request_id is None and page.analysing() == ""
    assert page.saves == 1  # once, at the end
    assert len(analysis_view.stored_rows(page.session)) == len(game.to_record()["turns"])
    marks, _ = page.marks[-1]
    assert marks is not None and len(marks) == len(game.to_record()["turns"])


def test_a_failed_or_stale_analysis_changes_no_game():
    game = finished()
    page = AnalysedPage(Session(game))
    analysis = AnalysisPage(page)
    assert not analysis.owns({"type": "move", "id": 1}) and not analysis.owns("text")
    page.commands["analyse"]()
    first = analysis.request_id
    analysis.receive({"type": "error", "id": first, "message": "out of memory"})
    assert page.messages == ["The analysis failed: out of memory"] and page.saves == 0
    page.commands["analyse"]()
    second = analysis.request_id
    assert second != first
    analysis.receive(replies_to(first, game)[-1])  # a reply to the analysis replaced
    assert analysis.request_id == second and page.session.analysis is None
    page.commands["stop-analysis"]()
    assert page.posted[-1] == protocol.stop(second)
    page.session = Session(finished(seed=9))  # another game on the board meanwhile
    analysis.receive(replies_to(second, game)[0])
    assert page.posted.count(protocol.stop(second)) == 2 and analysis.request_id is None
    assert page.saves == 0 and page.session.analysis is None


def test_analyse_is_not_asked_for_a_game_in_play():
    page = AnalysedPage(Session(GameState(3, 2)))
    AnalysisPage(page).start()
    assert page.posted == [] and page.applied == []
