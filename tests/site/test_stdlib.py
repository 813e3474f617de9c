"""The standard library as the site ships it (sitebuild/stdlib.py): stored, so that its
compressed copies are small, and trimmed to the recorded list of modules."""

from __future__ import annotations

import zipfile

import pytest

from sitebuild import stdlib


def make_zip(path, names):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            archive.writestr(name, "" if name.endswith("/") else f"# {name}\n" * 20)


def test_only_the_listed_modules_ship_with_their_packages_and_data(tmp_path):
    source = tmp_path / "python_stdlib.zip"
    make_zip(
        source,
        [
            "json/",
            "json/__init__.py",
            "json/decoder.py",
            "json/tool.py",
            "email/",
            "email/__init__.py",
            "tomllib/",
            "tomllib/__init__.py",
            "tomllib/mypy.ini",
            "typing.py",
            "pydoc.py",
        ],
    )
    shipped = tmp_path / "shipped.zip"
    stdlib.ship_stdlib(source, shipped, frozenset({"json.decoder", "typing", "tomllib"}))
    with zipfile.ZipFile(shipped) as archive:
        names = archive.namelist()
        assert names == [
            "json/",
            "json/__init__.py",
            "json/decoder.py",
            "tomllib/",
            "tomllib/__init__.py",
            "tomllib/mypy.ini",
            "typing.py",
        ]
        # Stored, not deflated: the server's brotli and gzip copies do the compressing.
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}
        assert archive.read("typing.py") == b"# typing.py\n" * 20


def test_the_whole_library_ships_stored_when_nothing_is_trimmed_and_alike_each_time(tmp_path):
    source = tmp_path / "python_stdlib.zip"
    make_zip(source, ["json/", "json/__init__.py", "pydoc.py"])
    first, second = tmp_path / "one.zip", tmp_path / "two.zip"
    stdlib.ship_stdlib(source, first)
    stdlib.ship_stdlib(source, second)
    assert zipfile.ZipFile(first).namelist() == ["json/", "json/__init__.py", "pydoc.py"]
    assert first.read_bytes() == second.read_bytes()


def test_module_names_of_the_zips_files():
    assert stdlib.module_of("json/decoder.py") == "json.decoder"
    assert stdlib.module_of("json/__init__.py") == "json"
    assert stdlib.module_of("tomllib/mypy.ini") is None


def test_the_recorded_list_holds_what_every_start_needs():
    kept = stdlib.kept_modules()
    # The interpreter's own start (encodings, zipimport's codecs), the page's (json,
    # asyncio for PyScript) and the engine's (random for the search, dataclasses).
    assert {"encodings", "encodings.utf_8", "json", "asyncio", "random", "dataclasses"} <= kept
    assert "pydoc" not in kept and "unittest" not in kept
    lines = [line for line in stdlib.LIST.read_text().splitlines() if not line.startswith("#")]
    assert lines == sorted(lines)


def test_every_module_the_page_s_files_and_libraries_import_ships():
    """A module that static/page/ or a page library imports on loading, left out of the
    list, stops the page at start (a ModuleNotFoundError in the browser only): the list
    must hold each of them that Pyodide's standard library has."""
    from sitebuild.paths import PYODIDE_SRC
    from sitebuild.stdlib_record import named_imports, standard_only

    full = PYODIDE_SRC / "python_stdlib.zip"
    if not full.exists():
        pytest.skip("node_modules/ is not installed (python run_tests.py installs it)")
    missing = set(standard_only(named_imports(), full)) - stdlib.kept_modules()
    assert not missing, f"run python -m sitebuild.stdlib_record: {sorted(missing)} not listed"
