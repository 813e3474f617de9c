"""The tournament on the page (archipelago.page.club.desk, tournament, view) through the
fake browser: the host's form, Play with the right seats, results entered by the games
as they end, the table kept on the device, files and read-only links."""

from __future__ import annotations

import json

import pytest

from archipelago.page.club.desk import CLUB_KEY, LINK_MARK, form_values
from tests.support.pagetab import Tab


def club_form(**changes: str) -> dict[str, str | bool]:
    fields: dict[str, str | bool] = dict(form_values("stigmergy", None, {}))
    fields["club-size"] = "3"
    fields.update({key.replace("_", "-"): value for key, value in changes.items()})
    return fields


def start_club(tab: Tab, **changes: str) -> None:
    tab.press(command="club")
    desk = tab.input.club
    tab.page.within(lambda: desk.submit(club_form(**changes)))
    assert tab.browser.text("#club-error") == ""


def play_buttons(tab: Tab) -> list[str]:
    return [b["data-value"] for b in tab.dom("#club-table").all("button.club-play")]


def standings(tab: Tab) -> list[tuple[str, str]]:
    rows = tab.dom("#club-table").all("tbody tr")
    return [(row["data-player"], row["data-points"]) for row in rows]


def finish_by_resigning(tab: Tab) -> None:
    """The computers move (any legal move) until a person is to move, who resigns."""
    session = tab.session
    while session.computer_to_move:
        tab.computer_plays(session.game.legal_moves()[0].text)
    tab.page.within(lambda: tab.page.play("resign"))
    tab.press(command="confirm-yes")
    assert tab.session.game.is_over


def test_the_form_starts_a_round_robin_and_shows_its_table():
    tab = Tab()
    tab.press(command="club")
    assert "club" in tab.browser.dialogs
    assert not tab.browser.hidden("#club-form")  # no tournament yet: the form
    assert tab.browser.focused == "club-title"  # a new view opens at its top
    names = [i["value"] for i in tab.dom("#club-setup").all("input") if "club-name" in i["name"]]
    assert names == ["Ann", "Bob", "Computer 1", "Computer 2"]
    start_club(tab)
    assert tab.browser.hidden("#club-form") and not tab.browser.hidden("#club-table")
    assert len(play_buttons(tab)) == 6  # 3 rounds of 2 games
    assert "Stigmergy · side 3 · Round robin · 3 rounds" in tab.dom("#club-table").text
    stored = json.loads(tab.store[CLUB_KEY])
    assert stored["club"] == 1 and len(stored["rounds"]) == 3


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"club_name_1": ""}, "Player 2 has no name."),
        ({"club_name_1": "ann"}, "Two players have the same name"),
        ({"club_count": "2"}, "Players for Round robin: 3 to 12."),
        ({"club_format": "tables"}, "Stigmergy is not played at tables of three or four."),
        ({"club_clock": "sundial"}, "The clock: 'sundial' is not a clock: write fischer:"),
        ({"club_options": "colour=red"}, "The game options:"),
        ({"club_size": "99"}, "Choose a board side."),
    ],
)
def test_a_form_that_makes_no_tournament_says_why_and_changes_nothing(changes, words):
    tab = Tab()
    start_club(tab)
    before = tab.store[CLUB_KEY]
    tab.press(command="club-new")
    tab.page.within(lambda: tab.input.club.submit(club_form(**changes)))
    assert words in tab.browser.text("#club-error")
    assert tab.store[CLUB_KEY] == before
    assert not tab.browser.hidden("#club-form")  # the form stays, as typed


def test_play_starts_the_pairings_game_with_its_seats_and_the_end_enters_the_result():
    tab = Tab()
    start_club(tab, club_clock="fischer:15+1")
    desk = tab.input.club
    first = desk.tournament.rounds[0].games[0]
    tab.press(command="club-play", value="0.0")
    assert "club" not in tab.browser.dialogs
    players = desk.tournament.players
    assert tab.session.names == [players[p].name for p in first.seats]
    assert tab.session.seats == [players[p].level for p in first.seats]
    assert tab.session.game.name == "stigmergy" and tab.session.game.size == 3
    assert first.game_id == tab.browser.attr("body", "data-game-id")
    assert "Tournament, round 1" in tab.browser.message()
    finish_by_resigning(tab)
    assert first.ranks is not None and sorted(first.ranks) == [1, 2]
    assert "entered in the tournament" in tab.browser.message()
    # the person who resigned is second: the computer won
    person = next(i for i, p in enumerate(first.seats) if players[p].level == 0)
    assert first.ranks[person] == 2
    assert json.loads(tab.store[CLUB_KEY])["rounds"][0]["games"][0]["ranks"] == list(first.ranks)
    # Undo takes the resignation back, and the result with it
    tab.press(command="undo")
    assert first.ranks is None
    tab.press(command="redo")
    assert first.ranks is not None


def test_a_reload_keeps_the_tournament_and_a_started_game_continues():
    tab = Tab()
    start_club(tab)
    tab.press(command="club-play", value="0.1")  # Bob – Computer 1 (or the other way)
    game_id = tab.input.club.tournament.rounds[0].games[1].game_id
    again = Tab(store=tab.store)
    again.press(command="club")
    assert again.browser.hidden("#club-form")  # the table, not the form
    assert "Continue" in again.dom("#club-table").text
    again.press(command="club-play", value="0.1")
    assert again.browser.attr("body", "data-game-id") == game_id


def play_the_whole_round_robin(tab: Tab) -> None:
    desk = tab.input.club
    for number, made in enumerate(desk.tournament.rounds):
        for table in range(len(made.games)):
            tab.press(command="club-play", value=f"{number}.{table}")
            players = [desk.tournament.players[p] for p in made.games[table].seats]
            if all(p.level for p in players):  # two computers: they play it out
                session = tab.session
                while not session.game.is_over:
                    tab.computer_plays(session.game.legal_moves()[0].text)
            else:
                finish_by_resigning(tab)


def test_a_round_robin_played_through_gives_the_standings():
    tab = Tab()
    start_club(tab)
    play_the_whole_round_robin(tab)
    tab.press(command="club")
    assert play_buttons(tab) == []
    assert "Every game is played." in tab.dom("#club-table").text
    # People resign against computers, each computer winning both: 2 points each;
    # Ann opens against Bob in round 2 and resigns: Bob 1, Ann 0; the computers' own
    # game gives its winner a third point.
    table = standings(tab)
    assert table[2:] == [("Bob", "1"), ("Ann", "0")]
    assert sorted(points for _name, points in table[:2]) == ["2", "3"]
    assert {name for name, _points in table[:2]} == {"Computer 1", "Computer 2"}
    places = [row["data-place"] for row in tab.dom("#club-table").all("tbody tr")]
    assert places == ["1", "2", "3", "4"]


def test_a_file_round_trip_and_bad_files_change_nothing():
    tab = Tab()
    start_club(tab)
    desk = tab.input.club
    text = desk.file_text()
    assert desk.file_name() == "stigmergy-tournament.json"
    before = tab.store[CLUB_KEY]
    for bad in ("", "{", "[]", '{"club": 1}', text.replace('"round-robin"', '"knockout"')):
        tab.page.within(lambda bad=bad: desk.open_file("bad.json", bad))
        assert "Could not open bad.json" in tab.browser.text("#club-error")
        assert "The tournament is unchanged." in tab.browser.text("#club-error")
        assert tab.store[CLUB_KEY] == before
    other = Tab()
    other.press(command="club")
    other.page.within(lambda: other.input.club.open_file("t.json", text))
    assert other.browser.text("#club-error") == ""
    assert other.input.club.tournament == desk.tournament
    assert json.loads(other.store[CLUB_KEY]) == json.loads(before)


def test_a_read_only_link_shows_the_table_without_play_and_keeps_the_devices_own():
    tab = Tab()
    start_club(tab)
    tab.press(command="club-play", value="0.0")
    finish_by_resigning(tab)
    link = tab.input.club.share_link("https://example.org/play/?lang=de#game=zabc")
    assert link.startswith("https://example.org/play/?lang=de#" + LINK_MARK)
    reader = Tab()
    reader.open_link(link[link.index("#") :])
    assert "club" in reader.browser.dialogs
    shown = reader.dom("#club-table")
    assert "Read only" in shown.text and shown.all("button") == []
    assert reader.browser.hidden("#club-tools")
    assert shown.find('li[data-state="done"]') is not None
    assert CLUB_KEY not in reader.store  # not kept: the reader's device has none
    # no game ids of the host's device go in the link
    assert "id0000" not in json.dumps(tab.input.club.tournament.to_json(with_ids=False))
    reader.open_link("#" + LINK_MARK + "zzzz-not-a-tournament")
    assert "This tournament's link cannot be opened" in reader.browser.message()


def test_a_damaged_stored_tournament_is_dropped():
    tab = Tab(store={CLUB_KEY: '{"club": 1, "game": 3}'})
    tab.press(command="club")
    assert not tab.browser.hidden("#club-form")


def test_the_form_follows_its_game_format_and_count():
    tab = Tab()
    tab.press(command="club")
    desk = tab.input.club
    fields = club_form(club_count="6")
    tab.page.within(lambda: desk.form_changed(fields, "club-count"))
    rows = tab.dom("#club-setup").all(".club-player")
    assert len(rows) == 6
    fields = club_form(club_game="archipelago")
    tab.page.within(lambda: desk.form_changed(fields, "club-game"))
    sizes = [
        o["value"] for o in tab.dom("#club-setup").find('select[name="club-size"]').all("option")
    ]
    assert sizes[0] == "2" and sizes[-1] == "12"


def test_a_table_of_archipelago_starts_with_its_four_seats_and_takes_four_places():
    tab = Tab()
    tab.press(command="club")
    fields = club_form(
        club_game="archipelago",
        club_format="tables",
        club_rounds="4",
        club_level_2="0",
        club_level_3="0",
    )
    tab.page.within(lambda: tab.input.club.submit(fields))
    assert tab.browser.text("#club-error") == ""
    table = tab.input.club.tournament.rounds[0].games[0]
    tab.press(command="club-play", value="0.0")
    game = tab.session.game
    assert (game.name, game.player_count, game.size) == ("archipelago", 4, 3)
    assert tab.session.names == [tab.input.club.tournament.players[p].name for p in table.seats]
    for _ in range(3):  # three resign (a resignation is a turn), the last wins
        tab.page.within(lambda: tab.page.play("resign"))
        tab.press(command="confirm-yes")
    assert game.is_over and table.ranks is not None
    assert sorted(table.ranks) == [1, 2, 3, 4]
    assert table.ranks[0] == 4  # the first to resign is last
    tab.press(command="club")
    points = dict(standings(tab))
    assert sorted(points.values(), key=float) == ["0", "1", "2", "3"]


def test_a_swiss_round_is_paired_from_the_table_once_the_round_before_is_done():
    tab = Tab()
    tab.press(command="club")
    fields = club_form(club_format="swiss", club_rounds="3")
    tab.page.within(lambda: tab.input.club.submit(fields))
    desk = tab.input.club
    assert len(desk.tournament.rounds) == 1
    assert tab.browser.hidden("#club-pair")  # round 1 is not done
    for table in range(2):
        tab.press(command="club-play", value=f"0.{table}")
        session = tab.session
        if all(session.seats):
            while not session.game.is_over:
                tab.computer_plays(session.game.legal_moves()[0].text)
        else:
            finish_by_resigning(tab)
    tab.press(command="club")
    assert not tab.browser.hidden("#club-pair")
    assert tab.browser.text("#club-pair") == "Pair round 2"
    tab.press(command="club-pair")
    assert len(desk.tournament.rounds) == 2
    met = [frozenset(g.seats) for made in desk.tournament.rounds for g in made.games]
    assert len(met) == len(set(met))
    # the winners of round 1 meet in round 2
    winners = {g.seats[g.ranks.index(1)] for g in desk.tournament.rounds[0].games}
    assert any(set(g.seats) == winners for g in desk.tournament.rounds[1].games)
    assert len(play_buttons(tab)) == 2


def test_play_of_no_such_pairing_or_a_finished_one_does_nothing():
    tab = Tab()
    start_club(tab)
    before = tab.browser.attr("body", "data-game-id")
    for where in ("x.y", "9.0", "0.9", "-1.0", "", "0"):
        tab.press(command="club-play", value=where)
        assert tab.browser.attr("body", "data-game-id") == before
        assert "club" in tab.browser.dialogs
    tab.press(command="club-play", value="0.0")
    finish_by_resigning(tab)
    finished = tab.browser.attr("body", "data-game-id")
    tab.press(command="club")
    tab.press(command="club-play", value="0.0")  # played: no second game
    assert tab.browser.attr("body", "data-game-id") == finished
