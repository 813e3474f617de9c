"""Side lines and notes drawn (archipelago/page/view/lines.py): typed notes escaped, the
side lines' buttons only in review, the Note field only where there is a turn."""

from archipelago.lines import LineTree
from archipelago.page.session import Session
from archipelago.page.view.lines import SideLines, line_actions_html, note_form_html
from archipelago.registry import from_record

RECORD = {"game": "stigmergy", "size": 5, "variant": {"komi": 2}, "turns": ["c3", "b2"]}


def _session() -> Session:
    session = Session(from_record(RECORD))
    session.study.tree = LineTree(("c3", "b2"))
    session.study.tree.add(("c3",), "b3")
    session.study.tree.set_note(("c3", "b3"), '<b>"bold"</b>')
    return session


def test_a_side_line_is_drawn_nested_with_its_note_escaped():
    html = SideLines(_session()).after(0, 2)
    assert html.startswith('<div class="variation" data-variation="1" data-key="1:b3" role="group"')
    assert 'data-turn="2" data-line="1"' in html
    assert "&lt;b&gt;&quot;bold&quot;&lt;/b&gt;" in html and "<b>" not in html


def test_the_buttons_and_the_note_field_show_where_they_can_be_used():
    session = _session()
    assert line_actions_html(session) == ""  # the game as it is: nothing to try
    assert 'value=""' in note_form_html(session)  # a note on the last turn
    session.study.show_line(("c3", "b3"), 2)
    actions = line_actions_html(session)
    assert 'data-command="promote-line"' in actions and 'aria-pressed="false"' in actions
    assert 'value="&lt;b&gt;&quot;bold&quot;&lt;/b&gt;"' in note_form_html(session)
    assert 'data-command="remove-note"' in note_form_html(session)
    session.show_turn(0)
    assert note_form_html(session) == ""  # the empty board: no turn to write on
    assert 'data-command="promote-line"' not in line_actions_html(session)
