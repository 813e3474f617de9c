"""The end-of-game chart: each player's group count after every turn, drawn as SVG."""

import re
import xml.etree.ElementTree as ET

from archipelago.games.archipelago import panels
from archipelago.games.archipelago.render import group_chart_svg
from archipelago.page.session import Session
from tests.support.gamehelpers import replay


def test_the_series_counts_groups_after_each_finished_turn():
    state = replay(2, ["1a1", "2b2,2b3", "1c3,1c4", "pass"], size=4)
    assert panels.group_series(state) == [(0, 0), (0, 0), (0, 1), (1, 1), (1, 1)]


def test_the_chart_draws_one_line_per_player_through_every_turn():
    series = [(0, 0, 0), (1, 0, 0), (1, 2, 0), (2, 2, 1)]
    svg = group_chart_svg(series, {1: "Ann", 2: "<Bob>", 3: "Cy"})
    root = ET.fromstring(svg)  # well-formed, names escaped
    ns = "{http://www.w3.org/2000/svg}"
    lines = root.findall(f"{ns}g")
    assert [g.get("data-player") for g in lines] == ["1", "2", "3"]
    assert [g.get("data-final") for g in lines] == ["2", "2", "1"]
    for g, player in zip(lines, (1, 2, 3), strict=True):
        points = [
            tuple(map(float, p.split(","))) for p in g.find(f"{ns}polyline").get("points").split()
        ]
        assert len(points) == 4 and points == sorted(points)  # left to right, one per turn
        heights = [y for _, y in points]
        counts = [c[player - 1] for c in series]
        # A higher count is drawn higher (smaller y); equal counts at the same height.
        for t in range(len(series) - 1):
            a, b, ya, yb = counts[t], counts[t + 1], heights[t], heights[t + 1]
            assert (a < b) == (ya > yb) and (a == b) == (ya == yb)
    assert "&lt;Bob&gt;" in svg and re.search(r">turn 3<", svg)


def test_the_final_ranking_carries_the_chart():
    state = replay(2, ["1a1", "2b2,2b3", "1c3,1c4", "pass", "pass"], size=4)
    assert state.is_over
    html = panels.result_details(Session(state, ["Ann", "Bob"]))
    assert 'class="chart"' in html and "Islands after each turn" in html
