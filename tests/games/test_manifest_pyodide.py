"""Under Pyodide (the browser's Python), the registry finds the game folders by their
manifests, from files and from a zipped package as the page may hold it."""

import json

import pytest

from tests.support.pyodide_harness import needs_pyodide, run_in_pyodide

pytestmark = [pytest.mark.pyodide, needs_pyodide()]

SCRIPT = """
import json, os, sys, zipfile
import archipelago.registry as registry
found = {"files": registry.game_names()}
# The same package zipped, imported afresh from the zip alone.
home = os.path.dirname(os.path.dirname(registry.__file__))
with zipfile.ZipFile("/tmp/archipelago.zip", "w") as archive:
    for folder, _, names in os.walk(os.path.join(home, "archipelago")):
        for name in names:
            path = os.path.join(folder, name)
            archive.write(path, os.path.relpath(path, home))
for name in [m for m in sys.modules if m == "archipelago" or m.startswith("archipelago.")]:
    del sys.modules[name]
sys.path[:] = ["/tmp/archipelago.zip"] + [p for p in sys.path if p not in ("", home)]
os.chdir("/tmp")
import archipelago.registry as zipped
found["zip"] = zipped.game_names()
found["from"] = zipped.__file__
found["title"] = zipped.new_game("stigmergy", size=4).title
print(json.dumps(found))
"""


def test_the_registry_finds_the_games_under_pyodide_from_files_and_a_zip():
    found = json.loads(run_in_pyodide(SCRIPT).strip().splitlines()[-1])
    assert found["files"] == found["zip"] == ["archipelago", "stigmergy"]
    assert found["from"].startswith("/tmp/archipelago.zip")
    assert found["title"] == "Stigmergy"
