from archipelago.page.kits import kit_for
from archipelago.page.view.embed import embed_storage_note, intro_html, storage_note


def test_the_welcome_line_links_the_rules_page_beside_the_frame_and_sums_up_the_game():
    line = intro_html(kit_for("stigmergy"))
    assert 'href="./static/stigmergy-rules.html" target="_blank" rel="noopener">Rules</a>' in line
    assert "Stones claim the cells they see" in line


def test_a_refused_storage_is_said_in_plain_words_with_what_a_reload_does():
    for problem in ("SecurityError", "QuotaExceededError"):
        said = storage_note(problem)
        assert "not saved" in said and "reloading the page starts a new one" in said
        assert "Error" not in said
        shown = embed_storage_note(problem)["#embed-note"]
        assert shown["hidden"] is False and problem in shown["attrs"]["title"]
    assert "storage is full" in storage_note("QuotaExceededError")
    assert storage_note("") == "" and embed_storage_note("")["#embed-note"]["hidden"] is True
