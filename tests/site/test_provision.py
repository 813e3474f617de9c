"""sitebuild/provision.py: what run_tests.py and build.py find missing, how they install it,
and the one line they say when they cannot. Decided on a made-up machine
(tests/support/machines.py): nothing is installed here; the installs themselves run on a
fresh machine (`bash .ci/run`, and README's `python build.py serve` in a fresh clone)."""

from __future__ import annotations

import dataclasses
import json
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from sitebuild import provision
from sitebuild.paths import ROOT
from sitebuild.provision import SetupError
from tests.support.machines import FakeMachine

CHROMIUM = Path("/usr/bin/chromium")


def test_the_cluster_pins_hold_every_dependency_of_dask_and_distributed() -> None:
    """What a pinned package of requirements-cluster.txt needs here (its extras aside) is
    pinned too, so `pip install -r` on a cluster's machine brings nothing unpinned."""
    pinned = {canonicalize_name(name) for name in provision.pins(ROOT / "requirements-cluster.txt")}
    assert {"dask", "distributed", "psutil", "tornado", "msgpack", "cloudpickle"} <= pinned
    unpinned = {
        f"{name} needs {wanted.name}"
        for name in pinned
        for wanted in map(Requirement, metadata.requires(name) or [])
        if (wanted.marker is None or wanted.marker.evaluate({"extra": ""}))
        and canonicalize_name(wanted.name) not in pinned
    }
    assert not unpinned


def test_every_pin_is_read_and_the_included_files_too(tmp_path: Path) -> None:
    (tmp_path / "deeper").mkdir()
    (tmp_path / "deeper" / "page.txt").write_text("segno==1.6.6\n")
    (tmp_path / "deeper" / "build.txt").write_text(
        "Babel==2.17.0 ; python_version >= '3'\n-r page.txt\n"
    )
    (tmp_path / "dev.txt").write_text(
        "# a comment\npytest==9.0.3  # why\n\n--requirement deeper/build.txt\n"
    )
    assert provision.pins(tmp_path / "dev.txt") == {
        "pytest": "9.0.3",
        "Babel": "2.17.0",
        "segno": "1.6.6",
    }


def test_a_requirement_that_is_not_a_pin_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dev.txt").write_text("pytest==9.0.3\nbar>=3\n")
    with pytest.raises(SetupError, match=r"dev.txt:2: 'bar>=3' is not a name==version pin"):
        provision.pins(tmp_path / "dev.txt")


def test_the_repository_s_requirements_pin_the_build_s_needs_for_the_tests_too() -> None:
    build = provision.pins(ROOT / "requirements-build.txt")
    assert set(build) == {"Babel", "segno"}  # segno through requirements-page.txt
    dev = provision.pins(ROOT / "requirements-dev.txt")
    assert build.items() <= dev.items()
    assert {"pytest", "ruff", "mypy", "playwright"} <= set(dev)


def test_a_pin_is_missing_when_absent_or_at_another_version() -> None:
    installed = {"a": "1.0", "b": "2.0"}
    wanted = {"a": "1.0", "b": "2.1", "c": "3.0"}
    assert provision.missing_pins(wanted, installed.get) == ["b==2.1", "c==3.0"]
    assert provision.missing_pins({"a": "1.0"}, installed.get) == []


def write_npm(root: Path, installed: str | None) -> None:
    (root / "package.json").write_text(json.dumps({"dependencies": {"pyodide": "1.2.3"}}))
    lock = {"packages": {"node_modules/pyodide": {"version": "1.2.3"}}}
    (root / "package-lock.json").write_text(json.dumps(lock))
    if installed is not None:
        folder = root / "node_modules" / "pyodide"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "package.json").write_text(json.dumps({"version": installed}))


def test_npm_ci_runs_when_a_package_is_absent_or_at_another_version(tmp_path: Path) -> None:
    write_npm(tmp_path, None)
    assert provision.npm_needed(tmp_path)
    write_npm(tmp_path, "1.2.2")
    assert provision.npm_needed(tmp_path)
    write_npm(tmp_path, "1.2.3")
    assert not provision.npm_needed(tmp_path)


def test_apt_get_runs_as_root_or_through_sudo_without_a_password() -> None:
    assert provision.privilege_prefix(True, None, False) == []
    assert provision.privilege_prefix(False, "/usr/bin/sudo", True) == ["/usr/bin/sudo", "-n"]
    assert provision.privilege_prefix(False, "/usr/bin/sudo", False) is None
    assert provision.privilege_prefix(False, None, False) is None


def test_an_old_python_is_told_so_in_one_line() -> None:
    with pytest.raises(SetupError, match=r"^Python 3.11 or newer is needed, this is 3.10.4$"):
        provision.require_python((3, 10, 4))
    provision.require_python((3, 11, 0))


def fresh_build_machine(tmp_path: Path, **kind: object) -> FakeMachine:
    """A checkout in ``tmp_path`` with no node_modules/, on a machine with Node and npm
    and none of the build's Python packages."""
    write_npm(tmp_path, None)
    (tmp_path / "requirements-page.txt").write_text("segno==1.6.6\n")
    (tmp_path / "requirements-build.txt").write_text("Babel==2.17.0\n-r requirements-page.txt\n")
    return FakeMachine(has={"node", "npm", "pip"}, **kind)  # type: ignore[arg-type]


def test_the_build_installs_its_python_packages_then_the_npm_runtime(tmp_path: Path) -> None:
    fake = fresh_build_machine(tmp_path)
    provision.for_build("serve", tmp_path, CHROMIUM, fake.machine())
    assert fake.ran == [
        ["python", "-m", "pip", "install", "-r", str(tmp_path / "requirements-build.txt")],
        ["/usr/bin/npm", "ci", "--no-audit", "--no-fund"],
    ]
    assert fake.versions == {"Babel": "2.17.0", "segno": "1.6.6"}


def test_a_build_with_everything_installed_installs_nothing(tmp_path: Path) -> None:
    fake = fresh_build_machine(tmp_path, versions={"Babel": "2.17.0", "segno": "1.6.6"})
    write_npm(tmp_path, "1.2.3")
    provision.for_build("build", tmp_path, CHROMIUM, fake.machine())
    assert fake.ran == []


@pytest.mark.parametrize(
    ("command", "lacking", "said"),
    [
        ("serve", "node", "node is missing: install Node.js and npm"),
        ("build", "npm", "npm is missing: install Node.js and npm"),
        ("shots", "playwright", "python build.py shots drives chromium with Playwright, which"),
        ("bench", "playwright", "pip install -r requirements-dev.txt"),
        ("starts", "/usr/bin/chromium", "starts drives chromium at /usr/bin/chromium, which is"),
        ("lighthouse", "/usr/bin/chromium", "(as root: apt-get install chromium)"),
    ],
)
def test_a_missing_tool_is_said_in_one_line_before_anything_is_installed(
    tmp_path: Path, command: str, lacking: str, said: str
) -> None:
    fake = fresh_build_machine(tmp_path)
    fake.has |= {"playwright", str(CHROMIUM)}
    fake.has.discard(lacking)
    with pytest.raises(SetupError) as refused:
        provision.for_build(command, tmp_path, CHROMIUM, fake.machine())
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert str(refused.value).endswith("then run this again")
    assert fake.ran == []


def test_only_the_commands_that_drive_a_browser_need_one(tmp_path: Path) -> None:
    fake = fresh_build_machine(tmp_path)  # neither Playwright nor chromium
    provision.for_build("serve", tmp_path, CHROMIUM, fake.machine())
    assert fake.ran[-1][1] == "ci"


def test_pip_failing_or_absent_and_npm_failing_are_said_in_one_line(tmp_path: Path) -> None:
    fake = fresh_build_machine(tmp_path, failing={"pip"})
    with pytest.raises(SetupError, match=r"^pip install -r requirements-build.txt failed"):
        provision.for_build("serve", tmp_path, CHROMIUM, fake.machine())
    assert len(fake.ran) == 1  # npm ci was not tried after it

    fake = fresh_build_machine(tmp_path)
    fake.has.discard("pip")
    with pytest.raises(SetupError, match=r"Babel==2.17.0, segno==1.6.6 must be .* has no pip"):
        provision.for_build("serve", tmp_path, CHROMIUM, fake.machine())
    assert fake.ran == []

    fake = fresh_build_machine(tmp_path, failing={"npm"})
    with pytest.raises(SetupError, match=r"^npm ci failed \(exit status 1.*connect"):
        provision.for_build("serve", tmp_path, CHROMIUM, fake.machine())


def test_pins_still_unmet_after_pip_ask_for_another_run(tmp_path: Path) -> None:
    # pip "succeeded" but put the packages where this process does not look (a user site
    # made just now): the build would fail on its first import.
    fake = fresh_build_machine(tmp_path)
    nowhere = dataclasses.replace(fake.machine(), version_of=lambda name: None)
    with pytest.raises(SetupError, match=r"where this Python does not look: run this again$"):
        provision.for_build("serve", tmp_path, CHROMIUM, nowhere)


def test_apt_get_installs_npm_only_when_asked_to(tmp_path: Path) -> None:
    fake = fresh_build_machine(tmp_path)
    fake.has = {"apt-get"}
    with pytest.raises(SetupError, match=r"npm is missing: install Node.js and npm"):
        provision.install_npm_runtime(tmp_path, fake.machine())
    assert fake.ran == []
    provision.install_npm_runtime(tmp_path, fake.machine(), apt=True)
    assert [command[:2] for command in fake.ran] == [
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install"],
        ["/usr/bin/npm", "ci"],
    ]
    assert fake.ran[1][-2:] == ["nodejs", "npm"]
