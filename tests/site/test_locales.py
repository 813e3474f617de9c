"""Each language's files of the site (issue 37, sitebuild/locales.py): the rules pages
and index.html's text translated block by block, the first views' differences, the
catalogue the page's Python reads, what a language adds to a first visit, and the
service worker's share of them; and the page's own copies of the languages (its script
and its menu) agree with archipelago/i18n.py."""

from __future__ import annotations

import gettext
import gzip
import io
import json
import re

import pytest

from archipelago import i18n
from sitebuild import assemble, locales, translations
from sitebuild.index import FIRST_PAINTS, first_lessons_json
from sitebuild.paths import ROOT

# A first visit in another language downloads its catalogue and its first paint.
FIRST_VISIT_BUDGET = 60_000  # bytes as served (brotli); gzip's are an upper bound of those

FRENCH = {
    "Rules": "Règles",
    "Place a <strong>stone</strong> on a cell.": "Posez une <strong>pierre</strong> sur une case.",
    "Board size": "Taille du plateau",
}

PAGE = """<!doctype html>
<html lang="en">
<body>
<h1 data-i18n>Rules</h1>
<p data-i18n>Place a <strong>stone</strong>
   on a cell.</p>
<p>Left alone.</p>
<input data-i18n-attrs="title" title="Board size">
<p data-i18n>Not in the catalogue</p>
</body>
</html>
"""


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use_catalogue(i18n.ENGLISH, None)


def french(message: str) -> str:
    return FRENCH.get(message, message)


def test_a_rules_page_is_written_in_the_language_block_by_block():
    page = locales.translated_page(PAGE, french, "fr")
    assert '<html lang="fr">' in page
    assert "<h1 data-i18n>Règles</h1>" in page
    assert "<p data-i18n>Posez une <strong>pierre</strong> sur une case.</p>" in page
    assert '<input data-i18n-attrs="title" title="Taille du plateau"/>' in page
    assert "<p>Left alone.</p>" in page and "<p data-i18n>Not in the catalogue</p>" in page


def test_index_texts_follow_the_order_the_browser_finds_the_marked_elements_in():
    assert locales.page_text(PAGE, french) == [
        ["Règles", {}],
        ["Posez une <strong>pierre</strong> sur une case.", {}],
        [None, {"title": "Taille du plateau"}],
        ["Not in the catalogue", {}],
    ]


def test_the_marked_text_of_index_html_is_what_the_extractor_finds():
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    found = [
        text
        for html, attributes in locales.page_text(source, lambda message: message)
        for text in ([html] if html is not None else []) + list(attributes.values())
    ]
    assert sorted(found) == sorted(message for _, message in translations.marked_messages(source))


def test_a_language_keeps_only_what_its_first_views_draw_differently():
    english = {"": {"#title": {"text": "Archipelago"}, "#status": {"html": "Your turn"}}}
    other = {"": {"#title": {"text": "Archipelago"}, "#status": {"html": "À vous"}}}
    assert locales.view_differences(english, other) == {"": {"#status": {"html": "À vous"}}}


def test_pages_in_a_language_are_named_beside_their_english_page():
    assert i18n.in_language("static/rules.html", "fr") == "static/rules.fr.html"
    assert i18n.in_language("static/rules.html", "en") == "static/rules.html"
    i18n.use_catalogue("de", translations.compiled("de"))
    assert i18n.in_language("static/stigmergy-rules.html") == "static/stigmergy-rules.de.html"
    assert locales.language_files("en", ["static/rules.html"]) == []


def test_the_pages_catalogue_leaves_out_what_only_html_shows():
    catalogue = gettext.GNUTranslations(io.BytesIO(locales.page_catalogue("fr")))
    assert catalogue.gettext("Language") == "Langue"  # the embed form's too
    assert catalogue.gettext("The browser's") == "The browser's"  # index.html's alone


def test_the_rules_link_follows_the_language():
    from archipelago.page.kits import kit_for

    assert kit_for("stigmergy").rules_page == "./static/stigmergy-rules.html"
    i18n.use_catalogue("it", translations.compiled("it"))
    assert kit_for("stigmergy").rules_page == "./static/stigmergy-rules.it.html"


def test_every_language_gets_its_files_and_the_service_worker_caches_one_language(tmp_path):
    views = json.dumps({"": {"#status": {"html": "Loading"}}})
    pages = ["static/rules.html"]
    (tmp_path / "static").mkdir()
    first = {"views": lambda: views, "lessons": first_lessons_json}
    written = locales.write_language_files(
        tmp_path, ROOT / "index.html", first, lambda name, change: change(PAGE), pages
    )
    assert sorted(written) == sorted(translations.TRANSLATED)
    assert written["fr"] == ["locale/fr.mo", "locale/fr.json", "static/rules.fr.html"]
    painted = json.loads((tmp_path / "locale" / "fr.json").read_text(encoding="utf-8"))
    assert ["Langue", {}] in painted["text"] and painted["views"] == {}
    # The lessons' first steps in French, as far as French words them differently.
    lesson = painted["lessons"]["archipelago"]
    assert lesson["#tutorial-step"]["text"].startswith("Étape 1 sur 4")
    assert "#tutorial-again" not in lesson  # hidden alike in every language
    assert '<html lang="pt">' in (tmp_path / "static" / "rules.pt.html").read_text()
    (tmp_path / "index.html").write_text("<html></html>")
    assemble.write_service_worker(tmp_path, written)
    script = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assets = json.loads(re.search(r"const ASSETS = (.*);", script)[1])
    by_language = json.loads(re.search(r"const LANGUAGE_ASSETS = (.*);", script)[1])
    assert "./index.html" in assets and not any("locale/" in name for name in assets)
    assert "./static/rules.fr.html" not in assets
    assert by_language["de"] == ["./locale/de.mo", "./locale/de.json", "./static/rules.de.html"]


def test_a_language_adds_little_to_a_first_visit():
    """The catalogue and the first paint of the language with the longest catalogue, as
    served (gzip here: brotli's copies, which servers send, are smaller)."""
    english = {key: json.loads(make()) for key, make in FIRST_PAINTS.items()}
    sizes = {}
    for language in translations.TRANSLATED:
        with locales.speaking(language):
            painted = {
                key: locales.view_differences(english[key], json.loads(make()))
                for key, make in FIRST_PAINTS.items()
            }
        first = json.dumps({"text": [], **painted}, ensure_ascii=False).encode()
        sizes[language] = len(gzip.compress(locales.page_catalogue(language) + first))
    assert max(sizes.values()) <= FIRST_VISIT_BUDGET, sizes


def test_the_pages_script_and_menu_know_the_languages_of_archipelago_i18n():
    script = (ROOT / "static" / "start" / "language.js").read_text(encoding="utf-8")
    listed = re.search(r"const LANGUAGES = (\[.*?\]);", script)
    assert listed is not None and json.loads(listed[1]) == list(i18n.LANGUAGES)
    commas = re.search(r"const DECIMAL_COMMA = (\[.*?\]);", script)
    assert commas is not None and set(json.loads(commas[1])) == i18n.DECIMAL_COMMA
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    menu = re.findall(r'<option value="(\w+)" lang="\w+">([^<]+)</option>', page)
    assert dict(menu) == i18n.NATIVE_NAMES
