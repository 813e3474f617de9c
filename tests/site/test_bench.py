"""`python build.py bench`: what it prints from its runs (the runs themselves take a
minute or more, so they stay out of the suite)."""

from __future__ import annotations

from sitebuild import bench


def start(ready: float, snapshot: bool | None = None, sent: int = 0) -> dict:
    figures = {"board": ready / 10, "ready": ready, "longest": 120.0, "shift": 0.0}
    figures.update(python=50.0, bytes=sent)
    if snapshot is not None:
        figures["snapshot"] = snapshot
    return figures


def test_the_report_says_how_each_start_began_and_what_it_transferred(capsys):
    runs = {
        "ours": [start(3000, False, 6_450_000), start(3100, False, 6_470_000)],
        "ours2": [start(700, True, 2_000), start(800, True, 4_000)],
        "bare": [start(2600), start(2700)],
        "bare2": [start(2500), start(2600)],
        "ai": [
            {"worker": 2000, "worker2": 800, "first": 60, "later": 62, "background": 4_970_000},
            {"worker": 2100, "worker2": 900, "first": 62, "later": 64, "background": 4_980_000},
        ],
    }
    bench.report(runs, 2, 22_050_000)
    out = capsys.readouterr().out
    assert (
        "cold 0 of 2 from the snapshot (2 plain), cached 2 of 2 from the snapshot (0 plain)" in out
    )
    assert "first visit until playable:" in out and " 6.460 MB" in out
    assert "until the service worker is installed:" in out and " 4.975 MB" in out
    assert "second visit until playable:" in out and " 0.003 MB" in out
    assert "dist size: 22.05 MB" in out
    # The cached start against the bare page's cached ready time: 750 / 2550.
    assert "playable / bare ready, cached:    0.29" in out


def test_the_throttled_report_holds_the_figures_against_the_issues_targets(capsys):
    runs = {
        "ours": [start(20_000, False, 4_200_000), start(22_000, False, 4_300_000)],
        "ours2": [start(1_000, True, 0), start(1_200, True, 0)],
        "bare": [start(30_000, sent=5_500_000), start(31_000, sent=5_600_000)],
        "bare2": [start(2_800), start(3_000)],
        "ai": [{"background": 4_900_000}, {"background": 5_000_000}],
    }
    bench.report_throttled(runs, 2)
    out = capsys.readouterr().out
    assert "1.6 Mbit/s down shared by every connection, 150 ms per request" in out
    assert "MB sent until playable, first visit: 4.25 (<= 4.3)" in out
    assert "playable, first visit / bare:        0.69 (<= 0.8)" in out  # 21.0 / 30.5
    assert "playable, returning / bare:          0.38 (<= 0.6)" in out  # 1.1 / 2.9
    assert "returning visits started from the snapshot: 2 of 2" in out
