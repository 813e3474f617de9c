"""The New game dialog as a picker: the game in play, presets, options kept per game."""

from __future__ import annotations

import re

from archipelago.page.kits import kit_for
from archipelago.page.saved.storage import default_settings, session_from_settings
from archipelago.page.session import BY_LINK, PERSON
from archipelago.page.setup import dialogs, picker


def form_fields(form: str) -> dict[str, str]:
    """The fields a browser would read from a form: inputs' values (the checked radio),
    selects' selected options."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([\w-]+)"', tag)
        if not name:
            continue
        if 'type="radio"' in tag and " checked" not in tag:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            fields[name.group(1)] = " checked" in tag
        else:
            fields[name.group(1)] = value.group(1) if value else ""
    for name, body in re.findall(r'<select name="([\w-]+)"[^>]*>(.*?)</select>', form):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        fields[name] = chosen.group(1) if chosen else re.search(r'value="([^"]*)"', body).group(1)
    return fields


def test_the_dialog_opens_on_the_game_in_play():
    # A side-6 game against a level-3 computer, while the remembered settings say side 7
    # between two people: the dialog offers the game in play.
    remembered = {**default_settings(), "names": ["Ann", "Bob", "Cy", "Dee"]}
    played = session_from_settings({**remembered, "size": 6, "seats": [PERSON, 3, 0, 0]})
    settings = picker.settings_in_play(played, remembered)
    assert settings["size"] == 6 and settings["seats"][:2] == [PERSON, 3]
    fields = form_fields(dialogs.new_game_form_html(settings))
    assert fields["size"] == "6" and fields["seat2"] == "3" and fields["game"] == "archipelago"
    assert dialogs.read_new_game_form(fields)["seats"][:2] == [PERSON, 3]
    # Its variations and player count too; a Stigmergy game gives Stigmergy and its komi.
    three = session_from_settings({**remembered, "players": 3, "stones": 3, "wunchunk": True})
    settings = picker.settings_in_play(three, remembered)
    assert (settings["players"], settings["stones"], settings["wunchunk"]) == (3, 3, True)
    stig = session_from_settings({"game": "stigmergy", "size": 5, "komi": 2, "seats": [1, 0]})
    settings = picker.settings_in_play(stig, remembered)
    assert (settings["game"], settings["size"], settings["komi"]) == ("stigmergy", 5, 2)
    assert settings["seats"][:2] == [1, PERSON]


def test_a_game_by_link_is_offered_by_link_again():
    settings = {**default_settings(), "seats": [PERSON, BY_LINK, 0, 0]}
    session = session_from_settings(settings)
    assert session.by_link is not None
    assert picker.settings_in_play(session, default_settings())["seats"][:2] == [PERSON, BY_LINK]


def test_presets_fill_the_form():
    fields = form_fields(dialogs.new_game_form_html({**default_settings(), "players": 3}))
    quick = picker.preset_updates(fields, "computer")
    assert quick["players"] == {"value": "2"} and quick["seat2"] == {"value": "2"}
    assert quick["size"] == {"value": "6"} and quick["name-row-3"] == {"hidden": True}
    assert quick["frozen"] == {"checked": False}  # the Frozen box follows two players
    assert picker.preset_updates(fields, "people")["seat2"] == {"value": str(PERSON)}
    assert picker.preset_updates(fields, "standard") == {"size": {"value": "7"}}
    assert picker.preset_updates(fields, "nonsense") == {}
    stig = form_fields(dialogs.new_game_form_html(default_settings("stigmergy")))
    assert picker.preset_updates(stig, "standard") == {"size": {"value": "8"}}
    quick = picker.preset_updates(stig, "computer")
    assert quick["size"] == {"value": "5"} and quick["komi-mode"] == {"value": "fixed"}
    assert quick["komi-field"] == {"value": "1", "disabled": False}  # the fair komi on side 5
    assert "komi-mode" not in picker.preset_updates(stig, "people")  # as it was
    # What the preset fills in reads as the switcher's game: side 5, komi 1 fixed.
    values = {key: change["value"] for key, change in quick.items() if "value" in change}
    filled = {**stig, **values}
    filled["komi"] = filled.pop("komi-field")  # the field's name, as the form sends it
    assert kit_for("stigmergy").read_options(filled) == {"size": 5, "komi": 1}


def test_switching_games_and_back_keeps_the_options_typed():
    fields = form_fields(dialogs.new_game_form_html(default_settings()))
    fields.update({"size": "9", "stones": "3", "wunchunk": True, "players": "3", "name1": "Zed"})
    settings, kept = picker.switch_game({**fields, "game": "stigmergy"}, "archipelago", {}, {})
    stig = form_fields(dialogs.new_game_form_html(settings))
    assert stig["game"] == "stigmergy" and stig["size"] == "8" and stig["name1"] == "Zed"
    stig["size"] = "5"
    settings, kept = picker.switch_game({**stig, "game": "archipelago"}, "stigmergy", kept, {})
    back = form_fields(dialogs.new_game_form_html(settings))
    assert (back["size"], back["stones"], back["wunchunk"], back["players"]) == (
        "9",
        "3",
        True,
        "3",
    )
    settings, kept = picker.switch_game({**back, "game": "stigmergy"}, "archipelago", kept, {})
    assert form_fields(dialogs.new_game_form_html(settings))["size"] == "5"


def test_variations_are_under_more_options_each_with_a_line_on_what_it_does():
    form = dialogs.new_game_form_html(default_settings())
    more = form[form.index('<details id="more-options"') :]
    for name in ("stones", "extra", "scoring", "wunchunk", "frozen"):
        assert f'name="{name}"' in more and f'id="{name}-why"' in more
        assert f'name="{name}"' not in form[: form.index('<details id="more-options"')]
    assert "fewest wins" in more
    assert '<details id="more-options"' not in dialogs.new_game_form_html(
        default_settings("stigmergy")
    )


def test_each_computer_level_says_who_it_is_for():
    lines = picker.level_lines("archipelago")
    assert [line.split(":")[0] for line in lines] == [f"Level {n}" for n in range(1, 6)]
    assert "Level 3: for players who know the rules" in lines
    assert all(len(line) <= 70 for line in lines)  # short lines under the seats
    form = dialogs.new_game_form_html(default_settings())
    listed = re.search(r'<ul class="note" id="level-lines">(.*?)</ul>', form)
    assert listed and listed.group(1).count("<li>") == 5
    assert "Level 5: the strongest" in listed.group(1)


def test_a_game_without_a_computer_lists_no_levels(monkeypatch):
    monkeypatch.setattr(picker, "has_computer", lambda game: False)
    assert picker.level_lines("archipelago") == []
    assert 'id="level-lines"' not in dialogs.new_game_form_html(default_settings())
