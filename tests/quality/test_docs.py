"""Every ruling the code, the tests or the README cite (``R<n>``) is written down in the
repository, in docs/rules-reading.md, under its own number."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READING = ROOT / "docs" / "rules-reading.md"
CITED = re.compile(r"\bR(\d{1,3})\b")
SOURCES = ("archipelago", "static", "tests")


def cited_rulings() -> dict[int, list[str]]:
    """Ruling number -> the files that cite it."""
    files = [ROOT / "README.md", ROOT / "build.py"]
    for folder in SOURCES:
        files += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.suffix in (".py", ".html", ".js", ".md") and "__pycache__" not in path.parts
        ]
    cited: dict[int, list[str]] = {}
    for path in files:
        for number in CITED.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(int(number), []).append(path.relative_to(ROOT).as_posix())
    return cited


def written_rulings() -> list[int]:
    text = READING.read_text(encoding="utf-8")
    return [int(n) for n in re.findall(r"^\*\*R(\d+)\. ", text, flags=re.MULTILINE)]


def test_the_rulings_are_written_down_in_order():
    assert written_rulings() == list(range(1, 17))


def test_every_cited_ruling_resolves_in_the_repository():
    cited = cited_rulings()
    assert len(cited) >= 10  # the engine and its tests do cite the rulings
    missing = {n: files for n, files in cited.items() if n not in written_rulings()}
    assert missing == {}


# ---------------------------------------------------------------- paths the documents name
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BACKTICKED = re.compile(r"`([^`\s]+)`")
LINKED = re.compile(r"\]\(([^)\s]+)\)|<img src=\"([^\"]+)\"")
FILE_ENDINGS = (".py", ".md", ".json", ".html", ".js", ".mjs", ".toml", ".txt", ".svg", ".png")
FILE_ENDINGS += (".pyi", ".webmanifest", ".cfg", ".lock", ".yml")
# What a build or an install makes: named by the documents, never in the repository.
# The runtime's own files (`pyodide.asm.mjs`) come from npm into node_modules/.
MADE = ("dist/", "node_modules/", "pyodide/", "pyodide.", "archipelago.zip", ".pytest_cache")
UNTRACKED = {"node_modules", "dist", ".git"}


def named_paths(text: str) -> tuple[list[str], list[str]]:
    """Backticked names that look like repository files or folders, and link targets."""
    paths = []
    for word in BACKTICKED.findall(text):
        word = word.rstrip(".,:;")
        if "://" in word or word.startswith(("-", ".", "~", "/", "<")) or "=" in word:
            continue
        if any(c in word for c in "()[]{}'\"$,"):
            continue
        if word.endswith("/") or (word.endswith(FILE_ENDINGS) and not word.startswith("*")):
            paths.append(word)
    links = [a or b for a, b in LINKED.findall(text)]
    links = [link.split("#")[0] for link in links if "://" not in link and not link.startswith("#")]
    return paths, [link for link in links if link]


def exists(path: str, folder: Path) -> bool:
    """A path from the repository's root, from ``folder``, from the package or from a
    game's folder (docs/architecture.md writes `page/kits.py` and a game's `ai/`); a bare
    file name (like `session.py` in a table of a folder's modules) anywhere in the
    repository; a glob, where `<game>` stands for any game."""
    if path.startswith(MADE):
        return True
    path = re.sub(r"<\w+>", "*", path)
    package = ROOT / "archipelago"
    for base in (ROOT, folder, package, *sorted(package.glob("games/*/"))):
        if "*" in path and any(base.glob(path)):
            return True
        if (base / path).exists():
            return True
    if "/" not in path.rstrip("/"):
        # Only files of the checkout: a build or an install must not make a name exist.
        return any(
            not UNTRACKED & set(found.relative_to(ROOT).parts)
            for found in ROOT.rglob(path.rstrip("/"))
        )
    return False


def test_every_path_the_documents_name_exists():
    missing = []
    for document in DOCUMENTS:
        paths, links = named_paths(document.read_text(encoding="utf-8"))
        for path in paths:
            if not exists(path, document.parent):
                missing.append(f"{document.relative_to(ROOT)}: `{path}`")
        for link in links:
            if not (document.parent / link).exists():
                missing.append(f"{document.relative_to(ROOT)}: ({link})")
    assert missing == []


def test_the_path_check_sees_names_and_links():
    paths, links = named_paths(
        "see `archipelago/cli.py`, `tests/`, `python -m pytest` and `x=1`;"
        " [a](docs/cli.md#perft), [b](https://example.org/) and ![c](docs/shot.png)"
    )
    assert paths == ["archipelago/cli.py", "tests/"]
    assert links == ["docs/cli.md", "docs/shot.png"]
    assert not exists("archipelago/no_such_module.py", ROOT)
    assert exists("archipelago/games/<game>/rules.html", ROOT) and exists("session.py", ROOT)
    assert exists("page/kits.py", ROOT) and not exists("page/no_such_kit.py", ROOT)
    assert not exists("sw.js.br", ROOT)  # only in dist/, which the check ignores


def test_the_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in first_block.splitlines()]
    assert commands == ["python build.py serve", "python run_tests.py"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line for line in ci.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[-1] == "python run_tests.py"
    assert len(readme.splitlines()) < 120  # an index: the long text lives in docs/


def test_the_record_example_replays_to_what_the_page_shows():
    from archipelago.registry import loads

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    record, printed = re.findall(r"```json\n(.*?)```", page, re.S)[:2]
    assert json.loads(json.dumps(loads(record).summary())) == json.loads(printed)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert json.loads(re.findall(r"```json\n(.*?)```", readme, re.S)[0]) == json.loads(record)


# ------------------------------------------------------------ the runtime the documents name
LOG_DOCUMENTS = ("strength-log.md", "performance-log.md")  # dated: the runtime of their day
PYODIDE_NAMED = re.compile(r"\bPyodide (\d+(?:\.\d+)+)(?: \(Python (\d+\.\d+\.\d+))?")


def pinned_pyodide() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return str(lock["packages"]["node_modules/pyodide"]["version"])


def test_every_pyodide_version_the_documents_name_is_the_pinned_one():
    """A document names the runtime its figures were measured on: "Pyodide 314.0.7
    (Python 3.14.2)", or "Pyodide 314.0" for the whole series. Raising the pin in
    package-lock.json fails here until each such figure is measured again (or the
    sentence says it was another runtime's); the dated logs keep the runtime of their day.
    The Python version is checked against the installed runtime's own lock file."""
    pin = pinned_pyodide()
    lock = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
    python = None
    if lock.is_file():
        python = json.loads(lock.read_text(encoding="utf-8"))["info"]["python"]
    wrong = []
    named = 0
    for document in DOCUMENTS:
        if document.name in LOG_DOCUMENTS:
            continue
        for version, its_python in PYODIDE_NAMED.findall(document.read_text(encoding="utf-8")):
            named += 1
            if not (pin == version or pin.startswith(version + ".")):
                wrong.append(f"{document.name}: Pyodide {version}, pinned {pin}")
            if its_python and python and its_python != python:
                wrong.append(f"{document.name}: Pyodide {version} is Python {python}")
    assert named >= 3  # docs/cli.md's bench table, docs/stigmergy.md's speed, the page's heap
    assert wrong == []


# ------------------------------------------------------------ the page's modules, one row each
CODE_SUFFIXES = (".py", ".js", ".mjs", ".css")


def page_code_files() -> list[str]:
    """The files of code under archipelago/page/ and static/, from the repository's root.
    A package's ``__init__.py`` that holds only its docstring describes its folder and is
    left out; images and other files that are not code are left out too."""
    files = []
    for folder in ("archipelago/page", "static"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in CODE_SUFFIXES or "__pycache__" in path.parts:
                continue
            if path.name == "__init__.py":
                body = ast.parse(path.read_text(encoding="utf-8")).body
                if all(isinstance(node, ast.Expr) for node in body):
                    continue
            files.append(path.relative_to(ROOT).as_posix())
    return files


def test_the_page_doc_lists_every_module_of_the_page():
    """docs/page.md's "The modules" names each module of the page in a row of its own
    (`archipelago/page/x.py` written `page/x.py`, as its tables do)."""
    text = (ROOT / "docs" / "page.md").read_text(encoding="utf-8")
    section = text.split("\n## The modules\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    named = {name for row in rows for name in BACKTICKED.findall(row.split(" | ")[0])}
    files = page_code_files()
    assert "archipelago/page/controller.py" in files and "static/start/first_paint.js" in files
    unnamed = [name for name in files if not {name, name.removeprefix("archipelago/")} & named]
    assert unnamed == [], "add a row for each to docs/page.md, The modules"
    # One module a row, so that rows added or renamed side by side merge line by line.
    cells = [BACKTICKED.findall(row.split(" | ")[0]) for row in rows]
    shared = [cell for cell in cells if len(cell) > 1 and set(cell) & named_files(files)]
    assert shared == []


def named_files(files: list[str]) -> set[str]:
    """``files`` as the module tables may write them."""
    return set(files) | {name.removeprefix("archipelago/") for name in files}


# ------------------------------------------------------------ links to a heading
def anchors(document: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, spaces as
    hyphens, punctuation dropped (backquotes, colons, dots, brackets...), a repeated one
    numbered from -1."""
    found: set[str] = set()
    text = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.M | re.S)
    for heading in re.findall(r"^#{1,6} (.+)$", text, flags=re.M):
        anchor = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        number = 0
        while (anchor if number == 0 else f"{anchor}-{number}") in found:
            number += 1
        found.add(anchor if number == 0 else f"{anchor}-{number}")
    return found


def test_every_link_to_a_heading_finds_it():
    """A link `other.md#heading` (docs/strength.md's list of its log's sections, say)
    names a heading that the other file has."""
    broken = []
    for document in DOCUMENTS:
        for target in re.findall(r"\]\(([^)\s]*#[^)\s]+)\)", document.read_text(encoding="utf-8")):
            name, _, anchor = target.partition("#")
            linked = document.parent / name if name else document
            if linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{document.relative_to(ROOT)}: ({target})")
    assert broken == []
    assert "the-measurements-by-date" in anchors(ROOT / "docs" / "strength.md")


# ------------------------------------------------------------ sections cited by name
CITED_SECTION = re.compile(r'(?<![\w/])(?:docs/)?([\w-]+\.md)(?:\]\([^)]*\))?,\s+"([^"]+)"')


def section_titles(document: Path) -> list[str]:
    """A document's headings and the bold titles that open its paragraphs, backquotes
    dropped: what a citation may name."""
    text = document.read_text(encoding="utf-8")
    titles = re.findall(r"^#{1,6} (.+)$", text, flags=re.M)
    titles += re.findall(r"^\*\*([^*]+?)\.?\*\*", text, flags=re.M)
    return [title.replace("`", "") for title in titles]


def test_every_section_cited_by_name_is_there():
    """Code, tests and docs cite a section as `docs/strength-log.md, "Four players: the
    scoring track"`, over comment lines too: each names the start of a heading or of a
    paragraph's bold title in that document (a section moved to another file fails
    here)."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.py", "*.md", "*.js", "*.mjs", "*.html"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    cited = []
    for name in tracked:
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        joined = re.sub(r"\n\s*(?:#|//)?\s*", " ", text)  # comments' lines as one text
        cited += [(name, doc, title) for doc, title in CITED_SECTION.findall(joined)]
    assert len(cited) >= 10
    missing = [
        f'{name}: {doc}, "{title}"'
        for name, doc, title in cited
        if not any(t.startswith(title) for t in section_titles(ROOT / "docs" / doc))
    ]
    assert missing == []
