"""The catalogues (issue 37): every language's catalogue translates every message of the
code, keeps none the code dropped and keeps each message's {fields}; the page's language
is chosen from the address, the settings and the browser, in that order; counts and
decimals are written as each language writes them."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from archipelago import i18n
from sitebuild import translations
from sitebuild.paths import ROOT


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use_catalogue(i18n.ENGLISH, None)


@pytest.mark.parametrize("area", translations.areas(), ids=lambda area: area.name)
def test_every_catalogue_translates_every_message_and_no_other(area):
    assert translations.problems(area) == []


def test_a_catalogue_that_misses_a_message_or_keeps_a_stale_one_is_named(tmp_path):
    (tmp_path / "page.py").write_text('from archipelago.i18n import _\n_("End turn")\n')
    area = translations.Area("test", tmp_path, [tmp_path], [])
    assert any("missing" in line for line in translations.problems(area))
    translations.update(area)
    assert any("untranslated: 'End turn'" in line for line in translations.problems(area))
    (tmp_path / "page.py").write_text('from archipelago.i18n import _\n_("Pass")\n')
    found = translations.problems(area)
    assert any("no longer in the code: 'End turn'" in line for line in found)
    assert any("not in the catalogue: 'Pass'" in line for line in found)


def compiled(language: str, messages: dict) -> bytes:
    catalogue = Catalog(locale=language)
    for key, text in messages.items():
        catalogue.add(key, text)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    return buffer.getvalue()


def test_plural_forms_follow_the_language():
    islands = ("{n} island", "{n} islands")
    i18n.use_catalogue("pt", compiled("pt", {islands: ("{n} ilha", "{n} ilhas")}))
    assert i18n.ngettext(*islands, 1).format(n=1) == "1 ilha"
    assert i18n.ngettext(*islands, 2).format(n=2) == "2 ilhas"
    i18n.use_catalogue("fr", compiled("fr", {islands: ("{n} île", "{n} îles")}))
    assert i18n.ngettext(*islands, 0).format(n=0) == "0 île"  # French: 0 is singular
    i18n.use_catalogue(i18n.ENGLISH, None)
    assert i18n.ngettext(*islands, 0).format(n=0) == "0 islands"


def test_decimals_and_percentages_as_each_language_writes_them():
    assert i18n.number(0.5, 1) == "0.5" and i18n.percent(0.654) == "65%"
    i18n.use_catalogue("de", compiled("de", {}))
    assert i18n.number(0.5, 1) == "0,5" and i18n.percent(0.654) == "65\u202f%"
    i18n.use_catalogue("es", compiled("es", {}))
    assert i18n.number(2.25, 2) == "2,25" and i18n.percent(1) == "100%"


@pytest.mark.parametrize(
    ("asked", "stored", "browser", "chosen"),
    [
        ("fr", "de", ["de-DE"], "fr"),  # ?lang=fr in a German browser gives French
        (None, "it", ["de-DE"], "it"),  # the settings' choice before the browser's
        (None, None, ["pt-BR", "en"], "pt"),  # Brazilian Portuguese shares pt
        (None, None, ["ja", "es-MX"], "es"),  # a language the page lacks is passed over
        ("xx", None, ["nl"], "en"),
        (None, None, [], "en"),
    ],
)
def test_the_language_comes_from_the_address_then_the_settings_then_the_browser(
    asked, stored, browser, chosen
):
    assert i18n.chosen_language(asked, stored, browser) == chosen


def test_marked_html_gives_each_element_s_text_and_named_attributes():
    source = (
        "<main><p data-i18n>Place <b>two</b><br>\n  stones</p>"
        '<input aria-label="Note" data-i18n-attrs="aria-label">'
        '<button data-i18n data-i18n-attrs="title" title="End  the turn">End turn</button></main>'
    )
    assert [text for _, text in translations.marked_messages(source)] == [
        "Place <b>two</b><br/> stones",
        "Note",
        "End the turn",
        "End turn",
    ]


def test_the_stylesheet_writes_no_words_of_its_own():
    # Text that CSS shows (a switch's "on") would be English in every language: it comes
    # from an attribute that the catalogue translates, as content: attr(data-on).
    css = (ROOT / "static" / "style.css").read_text(encoding="utf-8")
    written = re.findall(r"content:\s*(\"[^\"]*\"|'[^']*')", css)
    unescaped = [re.sub(r"\\[0-9a-fA-F]+", "", text) for text in written]  # (\2192: a sign)
    words = [text for text in unescaped if re.search(r"[^\W\d_]{2}", text)]
    assert words == []
    assert "content: attr(data-on)" in css and "content: attr(data-off)" in css
