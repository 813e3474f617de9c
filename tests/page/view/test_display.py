"""The page's display settings and the Resign button, under CPython: the turned board
(both renderers), the arrow keys on it, the rotation kept with a game, the sounds'
choice, and resigning through the page's session, panels and history."""

from __future__ import annotations

import math
import re

import pytest

from archipelago.games.archipelago.render import board_svg
from archipelago.games.stigmergy.state import StigmergyGame
from archipelago.hexgrid import board_for
from archipelago.hexsvg import board_geometry, rotation_map, turned
from archipelago.page.input.aim import Aim
from archipelago.page.input.keys import board_cursor
from archipelago.page.saved.storage import Storage, session_from_payload
from archipelago.page.session import Session
from archipelago.page.view import changes as view
from archipelago.page.view import sounds
from archipelago.page.view.display import THEME_KEY, Display
from archipelago.registry import from_record

POLYGON = re.compile(r'<polygon class="[^"]*" data-cell="(\w+)"[^>]*points="([^"]+)"')
STONE = re.compile(
    r'<g class="stone[^"]*" data-color="\d"[^>]*data-at="(\w+)"[^>]*>'
    r'<circle cx="([-\d.]+)" cy="([-\d.]+)"'
)


def archipelago(turns: list[str], size: int = 4, players: int = 2):
    return from_record({"game": "archipelago", "size": size, "players": players, "turns": turns})


def polygon_centres(svg: str) -> dict[str, tuple[float, float]]:
    centres = {}
    for name, points in POLYGON.findall(svg):
        pairs = [tuple(map(float, p.split(","))) for p in points.split()]
        centres[name] = (sum(x for x, _ in pairs) / 6, sum(y for _, y in pairs) / 6)
    return centres


def stone_centres(svg: str) -> dict[str, tuple[float, float]]:
    return {name: (float(x), float(y)) for name, x, y in STONE.findall(svg)}


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < 0.05


# ---------------------------------------------------------------- the turned board
@pytest.mark.parametrize("rotation", range(6))
def test_every_stone_stays_on_its_named_cell_whatever_the_rotation(rotation):
    state = archipelago(["1a1", "2d4,1g4", "2c3,2b1"])
    svg = board_svg(state, rotation=rotation)
    cells, stones = polygon_centres(svg), stone_centres(svg)
    assert set(stones) == {"a1", "d4", "g4", "c3", "b1"}
    for name, centre in stones.items():
        assert close(centre, cells[name]), (rotation, name)
    assert f'data-rotation="{rotation}"' in svg


def test_a_turn_moves_each_cell_onto_another_cells_place_and_six_turns_are_none():
    board = board_for(4)
    plain = polygon_centres(board_svg(archipelago([]), labels=False))
    turned_once = polygon_centres(board_svg(archipelago([]), labels=False, rotation=1))
    places = rotation_map(board, 1)
    for cell, name in enumerate(board.names):
        assert close(turned_once[name], plain[board.names[places[cell]]])
    assert sorted(places) == list(range(board.cell_count))  # the places are all covered
    # a1, the bottom-left corner, goes to the left corner (the middle row's first cell)
    assert board.names[places[board.index("a1")]] == "d1"
    point = (3.0, -7.5)
    x, y = point
    for _ in range(6):
        x, y = turned(x, y, 1)
    assert close((x, y), point)
    composed = list(range(board.cell_count))
    for _ in range(6):
        composed = [places[c] for c in composed]
    assert composed == list(range(board.cell_count))
    state = archipelago(["1a1", "2d4,1g4"])
    assert board_svg(state, rotation=6) == board_svg(state, rotation=0)
    assert board_svg(state, rotation=1) != board_svg(state, rotation=0)


def test_the_outline_and_the_labels_go_round_with_the_board():
    board = board_for(4)
    boxes = {r: board_geometry(4, board, r)[0] for r in range(6)}
    xs = {
        r: (round(min(x for x, _ in c), 6), round(max(x for x, _ in c), 6))
        for r, c in boxes.items()
    }
    assert len(set(xs.values())) == 1  # the hexagon covers the same places
    plain = re.findall(
        r'<text x="([-\d.]+)" y="([-\d.]+)">(\w+)</text>', board_svg(archipelago([]))
    )
    half = re.findall(
        r'<text x="([-\d.]+)" y="([-\d.]+)">(\w+)</text>', board_svg(archipelago([]), rotation=3)
    )
    assert sorted(t for *_, t in plain) == sorted(t for *_, t in half)
    # Turned half way round, every label sits opposite where it was, still upright text.
    for (x0, y0, t0), (x1, y1, t1) in zip(plain, half, strict=True):
        assert t0 == t1 and close((float(x0), float(y0)), (-float(x1), -float(y1)))


@pytest.mark.parametrize("rotation", range(6))
def test_stigmergy_turns_the_same_way(rotation):
    game = StigmergyGame(4, komi=0)
    for move in ("a1", "d4", "g4"):
        game.push(move)
    svg = game.board_svg(rotation=rotation)
    cells, stones = polygon_centres(svg), stone_centres(svg)
    assert set(stones) == {"a1", "d4", "g4"}
    for name, centre in stones.items():
        assert close(centre, cells[name])


KEY_DIRECTIONS = {
    "ArrowLeft": (-1, 0),
    "ArrowRight": (1, 0),
    "ArrowUp": (0, -1),
    "ArrowDown": (0, 1),
}


@pytest.mark.parametrize("rotation", range(6))
def test_arrow_keys_go_the_way_they_point_on_the_turned_board(rotation):
    board = board_for(4)
    centres = board_geometry(4, board, rotation)[0]  # where each cell is drawn
    cursor = board_cursor(board, None, "ArrowUp", rotation)
    assert cursor is not None and cursor[0] == "d4"  # the centre, which no turn moves
    for key, (dx, dy) in KEY_DIRECTIONS.items():
        moved = board_cursor(board, cursor, key, rotation)
        assert moved is not None
        (x0, y0), (x1, y1) = centres[board.index(cursor[0])], centres[board.index(moved[0])]
        assert moved[0] != cursor[0]
        if dx:
            assert (x1 - x0) * dx > 0 and abs(y1 - y0) < 1e-6, (key, moved)
        else:
            assert (y1 - y0) * dy > 0, (key, moved)


def test_the_rotation_is_kept_with_the_game_and_drawn_by_the_kit():
    session = Session(archipelago(["1a1"]), ["Ann", "Bob"])
    assert "rotation" not in session.payload()
    for _ in range(7):
        session.turn_board()
    assert session.rotation == 1
    payload = session.payload()
    assert payload["rotation"] == 1
    again = session_from_payload(payload)
    assert again.rotation == 1 and again.game == session.game
    assert 'data-rotation="1"' in view.game_changes(again, True)["#board"]["html"]
    for bad in (7, -1, "2", 1.5, True):
        assert session_from_payload({**payload, "rotation": bad}).rotation == 0


def test_sounds_are_off_until_switched_on_and_then_kept():
    kept: dict[str, str] = {}
    storage = Storage(kept.get, kept.__setitem__)
    assert storage.sound() is False
    storage.save_sound(True)
    assert storage.sound() is True and Storage(kept.get, kept.__setitem__).sound() is True
    kept["archipelago.sound"] = "not json"
    assert storage.sound() is False


# ---------------------------------------------------------------- which sound
def test_a_stone_sounds_a_word_does_not_and_the_end_sounds_its_own():
    game = archipelago([], size=2)
    mark = sounds.game_mark(game)
    game.push("1a1")
    assert sounds.sound_after(mark, game) == sounds.STONE
    mark = sounds.game_mark(game)
    game.push("2a2")
    game.push("end")
    assert sounds.sound_after(mark, game) is None  # the last move is a word
    mark = sounds.game_mark(game)
    game.pop()
    assert sounds.sound_after(mark, game) is None  # an undo is silent
    while not game.is_over:
        mark = sounds.game_mark(game)
        game.push(next(m for m in game.legal_moves() if m.code >= 0))
    assert sounds.sound_after(mark, game) == sounds.END
    assert sounds.sound_after(mark, archipelago([])) is None  # another game on the board


def test_stigmergy_sounds_for_placements_and_flips_only():
    game = StigmergyGame(3)
    mark = sounds.game_mark(game)
    game.push("1")  # a komi proposal is a number, not a stone
    assert sounds.sound_after(mark, game) is None
    mark = sounds.game_mark(game)
    game.push("b2")
    assert sounds.sound_after(mark, game) == sounds.STONE
    mark = sounds.game_mark(game)
    game.push("resign")
    assert sounds.sound_after(mark, game) == sounds.END
    for notes in sounds.SOUNDS.values():
        assert notes and all(20 < n.frequency < 5000 and 0 < n.volume <= 0.3 for n in notes)
        assert max(n.start + n.length for n in notes) < 1.0  # short


# ---------------------------------------------------------------- resigning on the page
def cards(changes: dict) -> str:
    """The player cards' HTML, above and below the board."""
    return changes["#cards-top"]["html"] + changes["#cards-bottom"]["html"]


def buttons(session: Session) -> dict[str, bool]:
    html = view.control_changes(session, 1, True)["#action-bar"]["html"]
    return {i: "disabled" not in rest for i, rest in re.findall(r'id="([\w-]+)"([^>]*)>', html)}


def test_the_resign_button_is_offered_to_people_only_and_asks_first():
    session = Session(archipelago(["1a1"], players=3), ["Ann", "Bob", "Cy"], [0, 0, 2])
    assert buttons(session)["resign"] is True  # Bob, a person, is to move
    question, label = session.kit.confirm_question(session, "resign")
    assert "Bob takes no more turns" in question and "play on" in question
    assert label == "Resign for Bob"
    session.push("2b2")  # a stone of the turn...
    question, _ = session.kit.confirm_question(session, "resign")
    assert "taken back" in question
    session.push("resign")
    assert session.game.to_move == 3 and "resign" not in buttons(session)  # Cy: a computer
    session.show_turn(1)
    session.leave_history()


def test_resigning_in_a_two_player_game_names_the_winner():
    session = Session(archipelago(["1a1"]), ["Ann", "Bob"])
    question, _ = session.kit.confirm_question(session, "resign")
    assert "The game ends and Ann wins." in question
    assert session.person_move("resign") == question  # asked in the confirm dialog first
    assert session.confirm() == ""
    assert session.game.is_over and "resign" not in buttons(session)
    over = view.control_changes(session, 1, True)["#gameover"]["html"]
    assert "Ann wins: every other player resigned." in over and "(resigned)" in over


# A turn written as a word shows in the reader's words, its notation hidden beside them.
BOB_RESIGNS = (
    '<span class="by">Bob</span> <code hidden>resign</code><span class="said">resigns</span>'
)


def test_panels_and_history_show_the_resignation_and_undo_takes_it_back():
    session = Session(archipelago(["1a1"], players=3), ["Ann", "Bob", "Cy"])
    session.push("resign")
    changes = {**view.game_changes(session, True), **view.control_changes(session, 1, True)}
    players, history = cards(changes), changes["#history"]["html"]
    card = re.search(r'<div class="card [^"]*"[^>]*data-player="2"[^>]*>', players)
    assert card and 'data-resigned="1"' in card.group(0) and " resigned" in card.group(0)
    assert "resigned</span>" in players
    assert BOB_RESIGNS in history
    assert "Turn 3:" in changes["#status"]["html"]  # the resignation was turn 2
    assert session.take_back("undo") == ""
    assert session.game.to_move == 2 and session.game.resigned == ()  # type: ignore[attr-defined]
    assert "resigned</span>" not in cards(view.control_changes(session, 1, True))


def test_stigmergy_shows_who_resigned():
    game = StigmergyGame(4, komi=0)
    game.push("a1")
    session = Session(game, ["Ann", "Bob"])
    question, _ = session.kit.confirm_question(session, "resign")
    assert "The game ends and Ann wins." in question
    session.push("resign")
    changes = {**view.game_changes(session, True), **view.control_changes(session, 1, True)}
    assert "Bob resigned: Ann wins" in changes["#gameover"]["html"]
    assert 'data-resigned="1"' in cards(changes)
    assert BOB_RESIGNS in changes["#history"]["html"]


def test_a_resignation_that_takes_stones_back_still_sounds_the_end():
    game = archipelago(["1a1"])
    game.push("2b1")
    mark = sounds.game_mark(game)
    game.push("resign")  # takes 2b1 back: no more moves than before, but the game is over
    assert len(game.history_codes()) == mark[1]
    assert sounds.sound_after(mark, game) == sounds.END


def test_the_history_view_steps_over_a_resignation_like_a_turn():
    session = Session(archipelago(["1a1", "2b1,2b2"], players=3), ["Ann", "Bob", "Cy"])
    session.push("3d1")  # a stone, then Cy resigns: the stone is taken back
    session.push("resign")
    session.push("1e1")
    assert session.kit.finished_turns(session.game) == 3
    session.show_turn(2)  # before the resignation: Cy still in, no stone of the turn
    shown = session.shown
    assert shown.resigned == () and not shown.turn_stones  # type: ignore[attr-defined]
    assert shown.to_move == 3
    session.review("forward")  # the board right after the resignation
    assert session.viewing == 3 and session.shown.resigned == (3,)  # type: ignore[attr-defined]
    assert not session.shown.turn_stones  # type: ignore[attr-defined]  # 1e1 not yet
    session.leave_history()
    assert session.game.resigned == (3,)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the page's settings
class SettingsPage:
    """What ``Display`` needs of the page (display.PageView), keeping what it was asked."""

    def __init__(self, session: Session, kept: dict[str, str]) -> None:
        self.session = session
        self.storage = Storage(kept.get, kept.__setitem__)
        self.commands: dict = {}
        self.aim = Aim(False)
        self.aim.hover = "a1"
        self.applied: list[dict] = []
        self.calls: list[str] = []

    def save(self) -> None:
        self.calls.append("save")

    def apply(self, changes: dict) -> None:
        self.applied.append(changes)

    def render(self) -> None:
        self.calls.append("render")

    def render_overlay(self) -> None:
        self.calls.append("overlay")

    def leave_history(self, *_) -> None:
        self.calls.append("leave history")
        self.session.leave_history()


def test_the_theme_goes_round_auto_light_dark_and_is_kept():
    kept: dict[str, str] = {}
    page = SettingsPage(Session(archipelago([])), kept)
    Display(page, page.storage, lambda name: True)
    assert page.applied[-1]["html"] == {"attrs": {"data-theme": None}}  # auto: as the system
    for theme in ("light", "dark", "auto", "light"):
        page.commands["theme"]()
        assert page.applied[-1]["#theme-state"] == {"text": theme}
    assert page.applied[-1]["html"] == {"attrs": {"data-theme": "light"}}
    again = SettingsPage(page.session, kept)
    assert Display(again, again.storage, lambda name: True).theme == "light"
    kept[THEME_KEY] = '"purple"'
    again = SettingsPage(page.session, kept)
    assert Display(again, again.storage, lambda name: True).theme == "auto"


def test_a_change_sounds_only_once_sounds_are_on_and_where_the_browser_has_audio():
    played: list[str] = []
    page = SettingsPage(Session(archipelago([])), {})
    display = Display(page, page.storage, lambda name: played.append(name) or True)
    page.session.push("1a1")
    display.changed()
    assert played == [] and not display.sound_on  # off until switched on
    page.commands["sound"]()
    assert played == [sounds.STONE] and page.storage.sound()  # a sample, kept
    assert page.applied[-1]["body"]["attrs"] == {"data-sounds": "1", "data-last-sound": "stone"}
    page.session.push("2a3")
    display.changed()
    assert played == [sounds.STONE, sounds.STONE] and display.played == 2
    silent = SettingsPage(Session(archipelago([])), {})
    quiet = Display(silent, silent.storage, lambda name: False)  # a browser without WebAudio
    silent.commands["sound"]()
    assert quiet.sound_on and quiet.played == 0
    assert not any("body" in changes for changes in silent.applied)


def test_turning_the_board_is_saved_and_the_arrows_go_as_the_board_is_seen():
    page = SettingsPage(Session(archipelago(["1a1", "2b2,1c3"])), {})
    Display(page, page.storage, lambda name: True)
    page.commands["rotate"]()
    assert page.session.rotation == 1 and page.calls == ["save", "render"]
    page.session.show_turn(1)  # under review: an arrow key returns to the game first
    page.commands["cursor"]("ArrowUp")
    session = page.session
    assert page.calls[2:] == ["leave history", "overlay"] and session.viewing is None
    assert page.aim.cursor == session.kit.move_cursor(session.game, None, "ArrowUp", 1)
    assert page.aim.cursor is not None and page.aim.hover is None
