"""`python build.py lighthouse`: its options and how it reads a Lighthouse report (the
runs themselves take minutes, so they stay out of the suite)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sitebuild import cli, lighthouse, paths, provision


def report(failing: str | None = None) -> dict:
    audits = {
        "first-contentful-paint": {"numericValue": 812.0},
        "largest-contentful-paint": {"numericValue": 905.5},
        "total-blocking-time": {"numericValue": 1234.0},
        "cumulative-layout-shift": {"numericValue": 0.0},
        "speed-index": {"numericValue": 7600.0},
        "total-byte-weight": {"numericValue": 11_205_339},
        "long-tasks": {
            "details": {"items": [{"url": "http://127.0.0.1/pyodide/x.mjs", "duration": 70.4}]}
        },
        "network-requests": {
            "details": {
                "items": [
                    {"url": "http://127.0.0.1/"},
                    {"url": "http://127.0.0.1/locale/fr.json?v=1a2b"},
                    {"url": "http://127.0.0.1/locale/fr.mo?v=1a2b"},
                    {"url": "http://127.0.0.1/static/rules.fr.html"},
                ]
            }
        },
        "meta-description": {"score": 0 if failing else 1, "scoreDisplayMode": "binary"},
        "deprecations": {"score": 1, "scoreDisplayMode": "binary"},
        "notes": {"score": None, "scoreDisplayMode": "manual"},
        "tbt-audit": {"score": 0.1, "scoreDisplayMode": "numeric"},
    }
    refs = {
        "performance": [{"id": "tbt-audit", "weight": 30}],
        "accessibility": [{"id": "notes", "weight": 0}],
        "best-practices": [{"id": "deprecations", "weight": 1}],
        "seo": [{"id": "meta-description", "weight": 1}],
    }
    scores = {"performance": 0.63, "accessibility": 1, "best-practices": 1, "seo": 0.9}
    categories = {
        name: {"score": scores[name], "auditRefs": refs[name]} for name in lighthouse.CATEGORIES
    }
    return {"audits": audits, "categories": categories}


def test_a_report_gives_its_scores_metrics_long_tasks_and_failing_audits():
    row = lighthouse.figures(report(failing="meta-description"))
    assert [row[name] for name in lighthouse.CATEGORIES] == [0.63, 1, 1, 0.9]
    assert (row["FCP"], row["LCP"], row["TBT"], row["CLS"]) == (812.0, 905.5, 1234.0, 0.0)
    assert row["bytes"] == 11_205_339
    assert row["long tasks"] == [("http://127.0.0.1/pyodide/x.mjs", 70)]
    # The language whose words the page fetched (not a page that merely names one).
    assert row["languages"] == ["fr"]
    # A failing audit of the other categories is named; performance's are the metrics.
    assert row["failed"] == ["meta-description"]
    assert lighthouse.figures(report())["failed"] == []


def test_figures_are_shown_in_their_units():
    assert lighthouse.shown("FCP", "s", 812.0) == "0.8 s"
    assert lighthouse.shown("TBT", "ms", 15729.4) == "15,729 ms"
    assert lighthouse.shown("bytes", "MB", 11_205_339) == "11.21 MB"
    assert lighthouse.shown("CLS", "", 0.075) == "0.075"
    assert lighthouse.shown("LCP", "s", None) == "-"


def test_a_run_count_below_one_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["lighthouse", "--runs", "0"])
    assert stopped.value.code == 2
    assert "--runs must be at least 1" in capsys.readouterr().err


def test_the_browser_s_language_is_one_the_page_speaks(capsys, monkeypatch):
    asked = {}
    monkeypatch.setattr(lighthouse, "lighthouse", lambda *args, **kwargs: asked.update(kwargs))
    monkeypatch.setattr(provision, "for_build", lambda *args: None)  # (installs nothing)
    assert cli.main(["lighthouse", "--runs", "1", "--lang", "pt"]) == 0
    assert asked["lang"] == "pt"
    with pytest.raises(SystemExit) as stopped:
        cli.main(["lighthouse", "--lang", "nl"])
    assert stopped.value.code == 2
    assert "invalid choice: 'nl'" in capsys.readouterr().err


def test_an_error_of_a_command_s_own_module_is_one_line_when_run_as_a_script():
    # `python build.py lighthouse` runs build.py as __main__: the BuildError that the
    # command's own module raises must still be caught, not a traceback.
    script = (
        "import runpy, sys\n"
        "from sitebuild import lighthouse, paths, provision\n"
        "def fail(*args, **kwargs):\n"
        "    raise paths.BuildError('Lighthouse failed on the page')\n"
        "lighthouse.lighthouse = fail\n"
        "provision.for_build = lambda *args: None\n"
        "sys.argv = ['build.py', 'lighthouse', '--runs', '1']\n"
        "runpy.run_path('build.py', run_name='__main__')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=paths.ROOT, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stderr == "build.py: Lighthouse failed on the page\n"
