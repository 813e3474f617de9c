"""Games played by link (archipelago.page.saved.distance): the link of a turn goes from one
device to the other and back; a link that extends the stored game updates it, an older
one leaves it, one that parts ways is kept beside it; damaged or illegal links change
nothing; and each device plays only its own seats."""

from __future__ import annotations

import itertools
import json

import pytest

from archipelago.page.saved import distance
from archipelago.page.saved.library import Library, state_words
from archipelago.page.saved.links import LINK_PARAM, decode_link, encode_link
from archipelago.page.saved.storage import (
    Storage,
    default_settings,
    session_from_payload,
    session_from_settings,
)
from archipelago.page.session import BY_LINK, LINK_ID, PERSON, ByLink, Session
from archipelago.page.setup import dialogs

PAGE = "https://example.org/play/"


class Device:
    """One player's browser: its own storage and games, and the page's game, opened and
    stored the way static/page/app.py and static/page/distance_ui.py do."""

    def __init__(self) -> None:
        self.store: dict[str, str] = {}
        ids = (f"slot{n}" for n in itertools.count(1))
        clock = itertools.count(1000)
        storage = Storage(self.store.get, self.store.__setitem__, remove=self.store.pop)
        self.library = Library(storage, lambda: next(clock), lambda: next(ids))
        self.session: Session | None = None

    def start(self, session: Session, beside: bool) -> None:
        if beside:
            replace = self.session is not None and not self.session.can_undo
            self.library.add(session, replace=replace)
        self.session = session
        self.library.save(session)

    def open(self, link: str) -> distance.Opened:
        assert link.startswith(PAGE + "#" + LINK_PARAM)
        opened = distance.open_link(link.split("#" + LINK_PARAM, 1)[1], self.library)
        if opened.session is not None:
            self.start(opened.session, opened.beside)
        return opened

    def play(self, *moves: str) -> None:
        assert self.session is not None
        for move in moves:
            said = self.session.person_move(move)
            asked = self.session.asking
            if said and asked is not None and asked.go_ahead:  # the dialog's go-ahead
                said = self.session.confirm() or ""
            assert said == "", move
            self.library.save(self.session)  # as the page saves after each move

    def send(self) -> str:
        assert self.session is not None and distance.can_send(self.session)
        return distance.turn_link(PAGE + "#old", self.session)

    def turns(self) -> list[str]:
        assert self.session is not None
        return distance.turns_of(self.session.game)


def new_link_game(game: str = "archipelago", **options) -> Session:
    """Ann here, Bob by link, as the New game dialog sets it up."""
    fields = {"game": game, "players": "2", "name1": "Ann", "name2": "Bob"}
    fields |= {"seat1": str(PERSON), "seat2": str(BY_LINK), "size": "3", **options}
    return session_from_settings(dialogs.read_new_game_form(fields))


def test_the_new_game_dialog_offers_a_seat_by_link():
    html = dialogs.new_game_form_html(default_settings())
    assert f'<option value="{BY_LINK}">Person, by link</option>' in html
    session = new_link_game()
    assert session.by_link is not None and LINK_ID.fullmatch(session.by_link.game_id)
    assert session.by_link.mine == (1,) and session.seats == [PERSON, PERSON]
    assert new_link_game().by_link != session.by_link  # each game its own id
    fields = {"game": "archipelago", "players": "2", "size": "3"}
    with pytest.raises(ValueError, match="between people"):
        dialogs.read_new_game_form({**fields, "seat1": str(BY_LINK), "seat2": "3"})
    with pytest.raises(ValueError, match="At least one seat"):
        dialogs.read_new_game_form({**fields, "seat1": str(BY_LINK), "seat2": str(BY_LINK)})
    # Seats by link beside a computer (from stored settings) are played here instead.
    odd = session_from_settings({**default_settings(), "seats": [BY_LINK, 2, 0, 0]})
    assert odd.by_link is None and odd.seats == [PERSON, 2]


def test_a_game_goes_back_and_forth_by_link_to_its_end():
    ann, bob = Device(), Device()
    ann.start(new_link_game(), beside=True)
    assert ann.session is not None
    assert "Your turn" in distance.status_html(ann.session)
    assert not distance.can_send(ann.session)  # nothing to send before the turn is played
    ann.play("1b2")
    assert 'data-link-turn="waiting"' in distance.status_html(ann.session)
    assert "Waiting for Bob&#x27;s turn (send them the link)" in distance.status_html(ann.session)
    assert "Send your turn" in distance.status_html(ann.session)
    refused = ann.session.person_move("2a1")
    assert "Bob's turn" in refused and ann.turns() == ["1b2"]  # Ann cannot play Bob's seat
    link = ann.send()
    assert "mine" not in decode_link(link.split(LINK_PARAM)[1])["by_link"]  # seats stay home

    opened = bob.open(link)
    assert opened.beside and opened.kind == "info"
    assert "played by link with Ann" in opened.message and "your turn" in opened.message
    assert bob.session is not None and bob.session.by_link is not None
    assert bob.session.by_link.mine == (2,) and bob.turns() == ["1b2"]
    assert bob.session.names == ["Ann", "Bob"]
    assert bob.session.by_link.game_id == ann.session.by_link.game_id  # type: ignore[union-attr]
    assert state_words(bob.library.entries()[0]["status"]) == "By link, your turn"
    bob.play("2a1", "1a2")
    assert state_words(bob.library.entries()[0]["status"]) == ("By link, waiting for Ann's turn")

    opened = ann.open(bob.send())
    assert not opened.beside and opened.message == "Bob has played: it is your turn."
    assert ann.turns() == ["1b2", "1a2,2a1"] and len(ann.library.entries()) == 1
    ann.play("pass")
    bob.open(ann.send())
    assert "ends the game" in bob.session.person_move("pass")  # asked about first
    bob.play("pass")
    assert bob.session.game.is_over
    assert "Played by link with Ann. " in distance.status_html(bob.session)
    assert "Send the last turn" in distance.status_html(bob.session)  # Bob played it
    opened = ann.open(bob.send())
    assert opened.message == "Bob has played the last turn: the game is over."
    assert ann.session.game.is_over and not distance.can_send(ann.session)
    assert "send-turn" not in distance.status_html(ann.session)
    assert ann.turns() == bob.turns() == ["1b2", "1a2,2a1", "pass", "pass"]
    assert [state_words(e["status"]) for e in ann.library.entries()] == ["By link, finished"]


def ahead_of_her_first_link() -> tuple[Device, Device, str]:
    """Ann, whose stored game is two turns ahead of the first link she sent; Bob, who
    answered it; and that first link."""
    ann, bob = Device(), Device()
    ann.start(new_link_game(), beside=True)
    ann.play("1b2")
    first = ann.send()
    bob.open(first)
    bob.play("2a1", "1a2")
    ann.open(bob.send())
    return ann, bob, first


def test_an_older_or_the_same_link_keeps_the_stored_game():
    ann, bob, first = ahead_of_her_first_link()
    before = dict(ann.store)
    opened = ann.open(first)  # Ann opens her own first link again
    assert "older state of this game (1 turn; you have 2 turns)" in opened.message
    assert ann.turns() == ["1b2", "1a2,2a1"] and len(ann.library.entries()) == 1
    assert {k: v for k, v in ann.store.items() if k != "archipelago.games.last"} == {
        k: v for k, v in before.items() if k != "archipelago.games.last"
    }
    again = bob.open(bob.send())
    assert again.message == "This link holds the game as you already have it."
    assert len(bob.library.entries()) == 1


def test_a_link_that_parts_ways_with_the_stored_game_keeps_both():
    ann, bob = Device(), Device()
    ann.start(new_link_game(), beside=True)
    ann.play("1b2")
    bob.open(ann.send())
    ann.session.take_back("undo")  # type: ignore[union-attr]
    ann.play("1c3")  # Ann changed her mind after sending the first link
    opened = bob.open(ann.send())
    assert opened.beside and "both are kept" in opened.message
    assert bob.turns() == ["1c3"]
    assert bob.session.by_link.mine == (2,)  # type: ignore[union-attr]
    kept = sorted(
        json.loads(bob.store[f"archipelago.games.{e['id']}"])["turns"][0]
        for e in bob.library.entries()
    )
    assert kept == ["1b2", "1c3"]
    # The game Bob plays on is the one Ann has: her next link updates it.
    bob.play("2a1", "1a2")
    assert ann.open(bob.send()).message == "Bob has played: it is your turn."


def test_a_different_setup_under_the_same_id_is_a_conflict():
    stored = new_link_game()
    other = new_link_game(size="4")
    assert distance.compare(stored.game, other.game) == "conflict"
    assert distance.compare(stored.game, stored.game.clone()) == "same"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("%%%", "its game data cannot be read"),
        (encode_link(["not", "a", "game"]), "JSON object"),
        (
            encode_link({"game": "archipelago", "size": 3, "players": 2, "turns": ["1b2", "2b2"]}),
            "2b2",
        ),
        (
            encode_link(
                {
                    "game": "archipelago",
                    "size": 3,
                    "players": 2,
                    "turns": [],
                    "by_link": {"id": "<b>"},
                }
            ),
            "id of its game played by link is damaged",
        ),
    ],
)
def test_a_bad_link_changes_nothing(data, words):
    ann = Device()
    ann.start(new_link_game(), beside=True)
    ann.play("1b2")
    before = dict(ann.store)
    opened = distance.open_link(data, ann.library)
    assert opened.session is None and opened.kind == "error"
    assert words in opened.message and "Nothing was changed" in opened.message
    assert ann.store == before
    with pytest.raises(Exception, match="."):
        distance.read_link(data)


def test_moves_that_came_by_link_cannot_be_taken_back():
    ann, bob = Device(), Device()
    ann.start(new_link_game(), beside=True)
    ann.play("1b2")
    bob.open(ann.send())
    assert bob.session is not None and not bob.session.can_take_back
    assert "came by link" in bob.session.take_back("undo")
    assert "came by link" in bob.session.take_back("undo-turn")
    bob.play("2a1")
    assert bob.session.can_take_back
    assert bob.session.take_back("undo-turn") == "" and bob.turns() == ["1b2"]
    assert bob.session.can_undo  # still a game with moves: a new game goes beside it


def test_a_stored_game_by_link_reads_back_and_the_share_link_leaves_the_id_out():
    session = new_link_game()
    session.push("1b2")
    again = session_from_payload(json.loads(json.dumps(session.payload())))
    assert again.by_link == session.by_link and again.waiting_for_link
    assert "by_link" not in distance.share_payload(session)
    assert ByLink.from_json({"id": "abcdef12", "mine": [3]}, 2) is None
    assert ByLink.from_json({"id": "abcdef12", "received": -1}, 2) is None
    assert ByLink.from_json({"id": "abcdef12", "mine": [2, 1]}, 2) == ByLink("abcdef12", (1, 2))


def test_three_players_pass_the_link_round_the_table():
    ann, bob, cy = Device(), Device(), Device()
    fields = {"game": "archipelago", "players": "3", "name1": "Ann", "name2": "Bob"}
    fields |= {"name3": "Cy", "seat1": "0", "seat2": str(BY_LINK), "seat3": str(BY_LINK)}
    ann.start(session_from_settings(dialogs.read_new_game_form({**fields, "size": "3"})), True)
    ann.play("1b2")
    assert distance.send_note(ann.session).startswith("Send this link to Bob ")  # type: ignore[arg-type]
    bob.open(ann.send())
    bob.play("2a1", "1a2")
    assert distance.send_note(bob.session).startswith("Send this link to Cy ")  # type: ignore[arg-type]
    assert "played by link with Ann and Bob. It is your turn." in cy.open(bob.send()).message
    cy.play("3c3", "end")
    assert ann.open(cy.send()).message == "Cy has played: it is your turn."
    # A link that reaches Bob out of turn updates his game; it is not his to play.
    opened = bob.open(cy.send())
    assert opened.message == "It is Ann's turn, on their own device."
    assert bob.session.waiting_for_link  # type: ignore[union-attr]


def test_stigmergy_is_played_by_link_too():
    ann, bob = Device(), Device()
    ann.start(new_link_game("stigmergy", size="3"), beside=True)
    assert ann.session is not None and ann.session.kit.title == "Stigmergy"
    first = ann.session.game.legal_moves()[0].text
    ann.play(first)
    bob.open(ann.send())
    assert bob.turns() == [first] and bob.session.by_link.mine == (2,)  # type: ignore[union-attr]


def test_a_link_leaves_the_sharers_language_out():
    """Issue 37: whoever opens a shared link reads it in their own language."""
    session = new_link_game()
    address = "https://games.example/play/?lang=fr&embed=1#game=old"
    link, problem = distance.share_link(address, session, False)
    assert problem == "" and link.startswith(f"https://games.example/play/?embed=1#{LINK_PARAM}")
    turn = distance.turn_link("https://games.example/play/?lang=de", session)
    assert turn.startswith(f"https://games.example/play/#{LINK_PARAM}")
