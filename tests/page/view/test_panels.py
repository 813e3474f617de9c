"""The page's HTML and what each element shows, built under CPython: escaping of names,
the history from the engine's movers, the computer note, the New game dialog and keys."""

import re
from html import escape

import pytest

from archipelago.lines import LineTree
from archipelago.page.input.keys import key_command
from archipelago.page.kits import GameKit, kit_for
from archipelago.page.saved.storage import default_settings
from archipelago.page.scheduler import Scheduler
from archipelago.page.session import Session
from archipelago.page.setup import dialogs, picker
from archipelago.page.view import changes as view
from archipelago.page.view import html as screen_html
from archipelago.page.view import model as screen
from archipelago.page.view import panels
from archipelago.registry import from_record, game_names
from sitebuild import paths
from tests.support.gamehelpers import replay
from tests.support.pagetab import parse

EVIL = '<i onclick="x">&</i>'  # fits the 24 characters of a name


class Quiet:
    ready = True

    def start(self):
        pass

    def post(self, message):
        self.message = message


def scheduler_for(session):
    return Scheduler(session, Quiet(), lambda: 0.0, lambda *_: None, lambda *_: None)


def everything(session, scheduler=None):
    scheduler = scheduler or scheduler_for(session)
    changes = {
        **view.game_changes(session, True),
        **view.control_changes(session, 1, True),
        **view.overlay_changes(session, 1, "a1", None, ""),
        **view.computer_changes(session, scheduler, True),
    }
    # Text goes in as textContent, which needs no escaping: only the HTML is checked.
    return " ".join(str(props.get("html", "")) for props in changes.values())


def test_names_are_escaped_in_every_panel():
    session = Session(replay(2, ["1d4", "2d5,2e5"], current="1c3", size=4), [EVIL, "Bo"], [0, 1])
    html = everything(session)
    assert "<i " not in html and escape(EVIL) in html
    over = Session(replay(2, ["1d4", "pass", "pass"], size=4), [EVIL, "Bo"])
    assert over.game.is_over
    html = everything(over)
    assert "<i " not in html and escape(EVIL) in html
    assert "wins" in html or "share first place" in html
    form = dialogs.new_game_form_html({**default_settings(), "names": [EVIL, "B", "C", "D"]})
    assert "<i " not in form and f'value="{escape(EVIL)}"' in form


def test_the_history_names_who_played_each_turn_from_the_engine():
    # Three players, frozen ones skipped: the engine's movers say who played.
    session = Session(replay(3, ["1d4", "2d5,2e5", "pass"], current="1a1", size=4), ["A", "B", "C"])
    html = panels.history_html(session)
    entries = parse(html).all(".turn-link")
    items = [(e["data-turn"], e.find(".by").text, e.find("code").text) for e in entries]
    assert items == [("1", "A", "1d4"), ("2", "B", "2d5,2e5"), ("3", "C", "pass")]
    # A turn written as a word shows in the reader's words, its notation hidden beside them.
    assert '<code hidden>pass</code><span class="said">passes</span>' in html
    going = parse(html).find(".in-progress")
    assert going["data-turn"] == "4" and going.text == "4. A 1a1 …"
    session.show_turn(2)
    assert 'data-turn="2" aria-current="true"' in panels.history_html(session)
    assert "Turn 2 of 3" in view.control_changes(session, 1, True)["#review-banner"]["html"]
    empty = Session(replay(2, []))
    assert "No moves yet" in panels.history_html(empty)


def test_move_buttons_follow_the_position_and_the_seats():
    session = Session(replay(2, ["1d4"], current="2a1", size=4))
    actions = {a.id: a for a in kit_for("archipelago").actions(session, True)}
    assert actions["end-turn"].enabled and not actions["pass"].enabled
    html = screen_html.bar_html(screen.screen(session))
    assert re.search(r'id="pass"[^>]*data-move="pass"[^>]*disabled', html)
    assert re.search(r'id="end-turn" class="primary"[^>]*>End turn \(1 left\)<', html)
    computer = Session(replay(2, ["1d4"], size=4), seats=[0, 3])
    assert not any(a.enabled for a in kit_for("archipelago").actions(computer, True))
    viewing = Session(replay(2, ["1d4"], current="2a1", size=4))
    assert not any(a.enabled for a in kit_for("archipelago").actions(viewing, False))


def test_the_computer_note_says_what_the_computers_do():
    session = Session(replay(2, ["1d4"], size=4), ["Ann", "Bot"], [0, 4])
    scheduler = scheduler_for(session)
    scheduler.drive()

    def shown(s, ready=True):
        return screen.screen(s, screen.Computer.of(scheduler, ready))

    def tools(s):
        return {c.id: c.enabled for c in (*shown(s).tools, *shown(s).more)}

    assert shown(session, False).computer_note == "Bot (computer, level 4) is getting ready…"
    assert tools(session) == {
        "undo": True,
        "redo": False,
        "hint-button": False,  # the computer's turn
        "stop": True,
        "undo-turn": True,
        "redo-turn": False,
        "pause": True,
    }
    assert "is thinking" in shown(session).computer_note
    scheduler.toggle_pause()
    assert shown(session).computer_note.startswith("Paused: Bot")
    assert {"pause", "step"} <= set(tools(session))
    people = Session(replay(2, ["1d4"], size=4), ["Ann", "Ben"])
    scheduler = scheduler_for(people)
    assert tools(people) == {
        "undo": True,
        "redo": False,
        "hint-button": True,
        "undo-turn": True,
        "redo-turn": False,
        "resign": True,
    }  # no Stop, Pause nor Step: no computer plays
    scheduler.ask_hint()
    assert shown(people).computer_note == "Looking for a hint…"
    scheduler.receive({"type": "move", "id": scheduler.last_id, "move": "1a1"})
    assert shown(people).computer_note.startswith("Hint: blue on a1")
    overlay = view.overlay_changes(people, 2, None, None, scheduler.hint_move)
    assert 'data-hint="a1"' in overlay["#board .overlay"]["html"]


def test_the_new_game_dialog_lists_the_games_and_reads_back_what_it_shows():
    settings = {**default_settings(), "players": 3, "size": 5, "seats": [0, 2, 0, 0]}
    form = dialogs.new_game_form_html(settings)
    for name in game_names():
        assert f'<input type="radio" name="game" value="{name}"' in form
    fields = dict(re.findall(r'name="([\w-]+)"[^>]*?value="([^"]*)"', form))
    fields.update(
        {"game": "archipelago", "players": "3", "seat2": "2", "stones": "3", "extra": "half"}
    )
    fields.update({"scoring": "standard", "frozen": True, "wunchunk": False})
    read = dialogs.read_new_game_form(fields)
    assert read["players"] == 3 and read["size"] == 5 and read["seats"][:3] == [0, 2, 0]
    assert read["stones"] == 3 and read["extra"] == "half"
    assert read["frozen"] is None  # checked with three players: the rules' default
    with pytest.raises(ValueError, match="board side"):
        dialogs.read_new_game_form({**fields, "size": "40"})
    with pytest.raises(ValueError, match="games in the list"):
        dialogs.read_new_game_form({**fields, "game": "chess"})


def test_the_dialog_keeps_frozen_in_step_with_the_players_until_touched():
    fields = {"game": "archipelago", "players": "3", "frozen-touched": ""}
    updates = dialogs.form_updates(fields, "players")
    assert updates["name-row-4"] == {"hidden": True} and updates["frozen"] == {"checked": True}
    assert dialogs.form_updates(fields, "frozen") == {"frozen-touched": {"value": "1"}}
    touched = dialogs.form_updates({**fields, "frozen-touched": "1"}, "players")
    assert "frozen" not in touched
    # Picking another game redraws the form (static/dialogs_ui.py); the names typed stay.
    typed = {**fields, "name1": "Zed"}
    switched, _ = picker.switch_game(typed, "stigmergy", {}, default_settings())
    assert 'value="Zed"' in dialogs.new_game_form_html(switched)


def test_keys_map_to_commands():
    session = Session(replay(2, ["1d4"], size=4))
    kit = session.kit

    def key(name, **flags):
        options = {"ctrl": False, "alt": False, "on_button": False, **flags}
        return key_command(name, kit=kit, session=session, **options)

    assert key("z", ctrl=True) == ("undo", None) and key("y", ctrl=True) == ("redo", None)
    assert key("2") == ("pick", 2) and key("3") is None  # two players
    assert key("e") == ("play", "end") and key("P") == ("play", "pass")
    assert key("ArrowUp") == ("cursor", "ArrowUp")
    assert key("Enter") == ("enter", None) and key("Enter", on_button=True) is None
    assert key("h") == ("hint", None) and key("Backspace") == ("undo", None)
    assert key("q") is None and key("e", alt=True) is None


def test_the_keyboard_cursor_walks_the_board():
    game = replay(2, [], size=5)
    kit = kit_for("archipelago")
    cursor = kit.move_cursor(game, None, "ArrowUp")
    assert cursor[0] == "e5"  # the centre
    right = kit.move_cursor(game, cursor, "ArrowRight")
    assert right[0] == "e6"
    down = kit.move_cursor(game, right, "ArrowDown")
    assert down[0].startswith("d")
    edge = ("a1", game.board.center(0)[0])
    assert kit.move_cursor(game, edge, "ArrowDown") == edge


def test_a_game_without_a_kit_of_its_own_is_shown_through_the_contract():
    kit = GameKit("archipelago")  # the plain kit, as a newly registered game gets it
    session = Session(replay(2, ["1d4", "2d5,2e5"], size=4), ["Ann", "Bob"])
    assert kit.finished_turns(session.game) == 3 and not kit.turn_started(session.game)
    assert kit.turns(session.game) == [(1, "1d4"), (2, "2d5"), (2, "2e5")]
    assert kit.click_move(session.game, "a1", 1) == "a1"
    assert kit.card_facts(session, 1).number == ""  # nothing to count without a kit
    assert kit.read_options({"size": "5"}) == {"size": 5}
    with pytest.raises(ValueError):
        kit.read_options({"size": "x"})
    assert kit.new_game({"size": 5, "players": 3}).player_count == 3
    actions = kit.actions(session, True)
    assert [(a.id, a.move, a.key) for a in actions] == [("pass", "pass", "p")]
    over = Session(replay(2, ["1d4", "pass", "pass"], size=4))
    assert [line.place for line in kit.ranking(over)] == [1, 1]  # no island each: a tie
    assert kit.result_words(over) == "Player 1 and Player 2 share first place."
    assert kit.actions(over, True) == []


def test_a_game_gets_the_kit_its_manifest_names():
    assert type(kit_for("archipelago")).__name__ == "ArchipelagoKit"
    assert type(kit_for("stigmergy")).__name__ == "StigmergyKit"


def test_arrow_keys_step_through_the_history_only_while_it_is_shown():
    from archipelago.page.input.keys import key_command

    session = Session(replay(2, ["1a1", "2b2,1c3"], size=5), ["Ann", "Bob"])

    def key(name):
        return key_command(
            name, ctrl=False, alt=False, on_button=False, kit=session.kit, session=session
        )

    assert key("ArrowLeft") == ("cursor", "ArrowLeft")  # in play, the arrows move the cursor
    session.show_turn(1)
    assert key("ArrowLeft") == ("review", "back") and key("ArrowDown") == ("review", "down")
    assert key("Home") == ("review", "start") and key("End") == ("review", "end")
    assert key("Escape") == ("escape", None)


def test_a_small_cell_under_a_finger_is_previewed_before_it_is_placed():
    from archipelago.page.input.keys import tap_preview

    assert tap_preview("touch", 22.0, None, "d4") == "d4"  # first tap: preview
    assert tap_preview("touch", 22.0, "d4", "d4") is None  # second tap on it: place
    assert tap_preview("touch", 22.0, "d4", "e5") == "e5"  # another cell: preview that
    assert tap_preview("touch", 40.0, None, "d4") is None  # big cells: at once
    assert tap_preview("mouse", 12.0, None, "d4") is None  # a mouse is precise
    # A side-7 board in a 390 px frame (28.7 px a cell) and side 8 across a phone (25 px):
    # one tap places there (issue 51: "tap again" 21 times in 21 stones); side 9 (22 px)
    # keeps the preview.
    assert tap_preview("touch", 28.7, None, "d4") is None
    assert tap_preview("touch", 24.0, None, "d4") is None
    assert tap_preview("touch", 23.9, None, "d4") == "d4"


def test_each_stone_of_the_moves_list_shows_its_colour_beside_its_notation():
    """Issue 51: "1e5,2e4" is read only by those who know that digits are colours: each
    stone comes after a chip drawn as the board draws its colour (the stone's class and
    symbol), named for a screen reader; a turn without stones stays as it is."""
    turns = ["1d4", "2d5,4e5", "pass"]
    session = Session(replay(4, turns, size=4), ["Ann", "Bob", "Cy", "Di"])
    html = panels.history_html(session)
    codes = parse(html).all("code")
    assert [c.text for c in codes] == ["1d4", "2d5,4e5", "pass"]  # the notation kept
    chips = [
        (chip["aria-label"], chip.find("g")["class"], chip.find(".sym")["class"])
        for chip in codes[1].all(".stone-chip")
    ]
    assert chips == [("Orange", "stone p2", "sym s2"), ("Pink", "stone p4", "sym s4")]
    assert all(
        c["role"] == "img" and c.find("svg")["aria-hidden"] == "true"
        for c in codes[1].all(".stone-chip")
    )
    assert codes[2].all(".stone-chip") == []
    tree = LineTree(["1d4", "2d5,4e5", "pass"])
    session.study.tree = tree
    tree.add(["1d4"], "3a1,1a2")  # a side line's entry has them too
    entry = parse(panels.history_html(session)).find('[data-line="1"] code')
    labels = [chip["aria-label"] for chip in entry.all(".stone-chip")]
    assert entry.text == "3a1,1a2" and labels == ["Green", "Blue"]


def test_a_turn_in_the_moves_list_is_never_cut_and_says_itself_in_words():
    turns = ["1d4", "2d5,2e5", "4a3,4b3,2a1"]  # Cy trails Bob: three stones
    session = Session(replay(4, turns, size=4), ["Ann", "Bob", "Cy", "Di"])
    html = panels.history_html(session)
    assert "…" not in html and "2a1</span>,<wbr><span" in html  # a comma may break it
    assert parse(html).all("code")[2].text == "2a1,4a3,4b3"
    assert 'title="Turn 3, Cy: orange a1, pink a3, pink b3"' in html
    # Each entry carries its turn as the record writes it.
    notations = re.findall(r'<li[^>]*data-notation="([^"]*)"', html)
    assert notations == ["1d4", "2d5,2e5", "2a1,4a3,4b3"]  # the canonical order
    assert "turn-words" not in html  # words in full only for the turn being viewed
    session.show_turn(2)
    shown = panels.history_html(session)
    assert '<li class="shown" data-key="2" data-notation="2d5,2e5">' in shown
    assert '<p class="turn-words">Bob: orange d5, orange e5</p>' in shown
    assert len(re.findall(r'<li[^>]*><button[^>]*data-turn="\d"', shown)) == 3


def keyed_entries(html: str) -> dict[str, str]:
    """The moves list's entries, side lines' included, by the key the page matches them
    on (each key with its parent's, as keys are unique among siblings): key -> the turn
    (or the line) it draws. (A main line's button, its entry's only one, goes with it.)"""
    found: dict[str, str] = {}
    parents: list[str] = []
    for tag in re.finditer(r"<(/?)(li|div|button)\b([^>]*)>", html):
        closing, attrs = tag.group(1), tag.group(3)
        if closing:
            if tag.group(2) != "button":
                parents.pop()
            continue
        what = re.search(r'data-(turn|variation)="(\d+)"', attrs)
        if tag.group(2) == "button" and "data-line=" not in attrs:
            found["/".join(parents)] = what.group() if what else ""  # its entry's turn
            continue
        key = re.search(r'data-key="([^"]*)"', attrs)
        assert key is not None, tag.group()  # every entry is keyed
        path = "/".join([*parents, key.group(1)])
        assert path not in found, path  # and none shares its key with a sibling
        found[path] = what.group() if what else ""
        if tag.group(2) != "button":
            parents.append(key.group(1))
    return found


def test_the_moves_list_keeps_each_entrys_key_from_one_drawing_to_the_next():
    """The page puts the moves list in place (static/start/page_changes.js), matching its
    entries by data-key: an entry under a click at a redraw stays the same element only
    if its key is the same, and a key must not pass to another turn."""
    record = {"game": "stigmergy", "size": 5, "variant": {"komi": 2}}
    session = Session(from_record({**record, "turns": ["c3", "b2", "d4", "a1"]}), ["Ann", "Bob"])
    session.study.tree = LineTree(("c3", "b2", "d4", "a1"))
    session.study.tree.add(("c3", "b2"), "e5")
    before = keyed_entries(panels.history_html(session))
    assert before["2"] == 'data-turn="2"' and before["lines-3/2:e5/3"] == 'data-turn="3"'
    # A side line from an earlier turn (the later line's index changes), a note, a turn
    # shown: every entry keeps its key, each key its turn.
    session.study.tree.add(("c3",), "a2")
    session.study.tree.set_note(("c3", "b2"), "calm")
    session.study.show_line(("c3", "b2", "e5"), 3)
    after = keyed_entries(panels.history_html(session))
    kept = {key: turn for key, turn in after.items() if "variation" not in turn}
    assert {key: turn for key, turn in before.items() if "variation" not in turn}.items() <= (
        kept.items()
    )
    assert after["lines-3/2:e5"] == 'data-variation="2"'  # was line 1
    assert after["lines-2/1:a2/2"] == 'data-turn="2"'


def test_the_moves_list_and_the_action_bar_are_redrawn_in_place():
    """index.html marks them for page_changes.js, which then patches their children
    (kept by data-key, id or place) where other elements get new HTML."""
    page = (paths.ROOT / "index.html").read_text(encoding="utf-8")
    marked = set(re.findall(r'<\w+ [^>]*id="([\w-]+)"[^>]*data-redraw="in-place"', page))
    assert marked == {"history", "action-bar"}


def test_the_moves_list_is_sent_only_when_it_changed():
    session = Session(replay(2, ["1d4", "2d5"], size=4), ["Ann", "Bob"])
    history = view.game_changes(session, False)["#history"]
    drawn: dict[str, str] = {}
    assert view.unchanged_html_dropped({"#history": history}, drawn) == {"#history": history}
    assert view.unchanged_html_dropped({"#history": history}, drawn) == {}
