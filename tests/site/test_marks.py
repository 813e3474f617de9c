"""sitebuild/marks.py: the one reading of a page's translation marks that the extraction
(sitebuild.translations) and the build's pages in other languages (sitebuild.locales)
share."""

from __future__ import annotations

from sitebuild import locales, marks, translations

PAGE = """<p data-i18n>One <b>bold</b>
   line<br>after a break</p>
<img src="x.png" data-i18n-attrs="alt title" alt="A &amp; B" title="">
<button data-i18n data-i18n-attrs="title" title="Ends it">End turn</button>
"""


def test_marks_give_each_elements_inner_html_and_its_attributes_with_a_value():
    text = marks.closed_voids(PAGE)
    found = marks.marks(text)
    assert [text[m.inner[0] : m.inner[1]] if m.inner else None for m in found] == [
        "One <b>bold</b>\n   line<br/>after a break",
        None,
        "End turn",
    ]
    assert [m.attributes for m in found] == [(), ("alt",), ("title",)]  # title="" has none
    assert [(m.line, m.end_line) for m in found] == [(1, 2), (3, 3), (4, 4)]


def test_the_extraction_reads_attributes_at_their_tag_and_inner_html_at_its_end():
    assert translations.marked_messages(PAGE) == [
        (2, "One <b>bold</b> line<br/>after a break"),
        (3, "A & B"),
        (4, "Ends it"),
        (4, "End turn"),
    ]


def test_a_translated_page_and_the_page_text_use_the_messages_the_extraction_found():
    words = {"A & B": 'A \u0026 "B"', "Ends it": "Finit", "End turn": "Fin du tour"}
    french = locales.translated_page(PAGE, lambda said: words.get(said, said), "fr")
    assert 'alt="A &amp; &quot;B&quot;"' in french  # written back as HTML
    assert 'title="Finit">Fin du tour</button>' in french
    assert locales.page_text(PAGE, lambda said: words.get(said, said))[1:] == [
        [None, {"alt": 'A & "B"'}],  # as setAttribute takes it
        ["Fin du tour", {"title": "Finit"}],
    ]
