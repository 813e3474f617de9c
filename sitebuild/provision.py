"""What `python build.py` and `python run_tests.py` need from the machine, installed when
it is missing: the pinned Python packages of a requirements file (its ``-r`` files
included) with pip, into the running interpreter (an active virtual environment's); the
pinned npm runtime with ``npm ci``; Debian packages with apt-get. What cannot be installed
from here ends in a SetupError whose one line says what to do.

Standard library only, and nothing of the package: both commands import it before
anything it installs, on a fresh machine that has Python and nothing else. Every decision
asks the machine through a ``Machine`` (its probes and its one way to run a command), so
the tests decide on a made-up machine and install nothing.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Protocol

PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)")
INCLUDE = re.compile(r"^(?:-r|--requirement)[\s=]+(\S+)$")
# The packages python build.py needs (Babel, and the page's libraries it ships).
BUILD_REQUIREMENTS = "requirements-build.txt"
# The commands of build.py that drive chromium through Playwright (lighthouse drives it
# through Node).
PLAYWRIGHT_COMMANDS = ("bench", "starts", "shots")


class SetupError(Exception):
    """Something needed is missing and cannot be installed from here; str() says what to
    do, in one line."""


class Runner(Protocol):
    def __call__(
        self, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> int: ...


def installed_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def module_found(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def running_as_root() -> bool:
    return os.geteuid() == 0


def sudo_asks_no_password(sudo: str) -> bool:
    return subprocess.run([sudo, "-n", "true"], capture_output=True, check=False).returncode == 0


def run_command(
    command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
) -> int:
    return subprocess.run(command, cwd=cwd, env=env, check=False).returncode


@dataclass(frozen=True)
class Machine:
    """How provisioning sees and changes this machine; the tests pass made-up probes."""

    version_of: Callable[[str], str | None] = installed_version
    which: Callable[[str], str | None] = shutil.which
    exists: Callable[[Path], bool] = Path.exists
    importable: Callable[[str], bool] = module_found
    is_root: Callable[[], bool] = running_as_root
    sudo_works: Callable[[str], bool] = sudo_asks_no_password
    run: Runner = run_command
    python: str = sys.executable


def require_python(version: tuple[int, ...] = sys.version_info[:3]) -> None:
    # The first thing a fresh machine runs: an old Python gets a plain word, not errors.
    if version < (3, 11):  # noqa: UP036
        shown = ".".join(str(part) for part in version[:3])
        raise SetupError(f"Python 3.11 or newer is needed, this is {shown}")


def pins(requirements: Path) -> dict[str, str]:
    """Every ``name==version`` pin of a requirements file and of the files it includes
    (``-r FILE``, relative to the including file), by name. Any other requirement is
    refused: an unpinned one could never be checked."""
    found = {}
    for number, line in enumerate(requirements.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        include = INCLUDE.match(line)
        pin = PIN.match(line)
        if include:
            found.update(pins(requirements.parent / include.group(1)))
        elif pin:
            found[pin.group(1)] = pin.group(2)
        elif line:
            raise SetupError(f"{requirements.name}:{number}: {line!r} is not a name==version pin")
    return found


def missing_pins(
    wanted: dict[str, str], version_of: Callable[[str], str | None] = installed_version
) -> list[str]:
    """The pinned packages that are absent or at another version."""
    return [f"{name}=={pin}" for name, pin in wanted.items() if version_of(name) != pin]


def install_pins(requirements: Path, machine: Machine) -> None:
    """pip-install ``requirements`` into this Python when a pin of it is not met."""
    missing = missing_pins(pins(requirements), machine.version_of)
    if not missing:
        return
    named = ", ".join(missing)
    if not machine.importable("pip"):
        raise SetupError(
            f"{named} must be installed and this Python has no pip: install it (as root: "
            "apt-get install python3-pip), or work in a virtual environment (python -m venv "
            ".venv && . .venv/bin/activate), then run this again"
        )
    print(f"installing {named} with pip ...", flush=True)
    status = machine.run([machine.python, "-m", "pip", "install", "-r", str(requirements)])
    if status:
        raise SetupError(
            f"pip install -r {requirements.name} failed (exit status {status}, pip says why "
            "above): connect to the network, or for a Python whose packages the system keeps, "
            "work in a virtual environment (python -m venv .venv && . .venv/bin/activate), "
            "then run this again"
        )
    # Packages new since this process started are found only once the import system
    # looks again; a user site that did not exist at start is not looked in at all.
    importlib.invalidate_caches()
    if missing_pins(pins(requirements), machine.version_of):
        raise SetupError(f"pip installed {named} where this Python does not look: run this again")


def npm_needed(root: Path) -> bool:
    """Whether ``npm ci`` has to run: a package that package.json names is not in
    node_modules/ at the version package-lock.json pins."""
    lock = json.loads((root / "package-lock.json").read_text(encoding="utf-8"))
    manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
    names = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    for name in names:
        pinned = lock.get("packages", {}).get(f"node_modules/{name}", {}).get("version")
        installed = root / "node_modules" / name / "package.json"
        if not installed.exists():
            return True
        if json.loads(installed.read_text(encoding="utf-8")).get("version") != pinned:
            return True
    return False


NPM_MISSING = "npm installs the pinned runtime into node_modules/, and npm is missing"


def install_npm_runtime(root: Path, machine: Machine, apt: bool = False) -> None:
    """``npm ci`` in ``root`` when node_modules/ lacks a pinned package; without npm,
    apt-get installs it when ``apt`` says so, else a SetupError says how to."""
    if not npm_needed(root):
        return
    if machine.which("npm") is None:
        if not apt:
            raise SetupError(f"{NPM_MISSING}: install Node.js and npm, then run this again")
        apt_install(["nodejs", "npm"], NPM_MISSING, machine)
    npm = machine.which("npm")
    if npm is None:
        raise SetupError(f"apt-get installed npm, yet it is not on PATH: {NPM_MISSING}")
    print("installing the pinned npm packages with npm ci ...", flush=True)
    status = machine.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root)
    if status:
        raise SetupError(
            f"npm ci failed (exit status {status}, npm says why above): connect to the "
            "network, then run this again"
        )


def privilege_prefix(is_root: bool, sudo: str | None, sudo_works: bool) -> list[str] | None:
    """How to run apt-get: directly as root, through sudo that asks no password, or not
    at all (None)."""
    if is_root:
        return []
    if sudo and sudo_works:
        return [sudo, "-n"]
    return None


def apt_install(packages: list[str], why: str, machine: Machine, otherwise: str = "") -> None:
    """Install Debian packages with apt-get, or say how to (and ``otherwise``, what else
    can be done) when this user cannot."""
    root = machine.is_root()
    sudo = None if root else machine.which("sudo")
    prefix = privilege_prefix(root, sudo, sudo is not None and machine.sudo_works(sudo))
    apt = machine.which("apt-get")
    if prefix is None or apt is None:
        raise SetupError(
            f"{why}: install it (as root: apt-get install {' '.join(packages)}), then run "
            f"this again{otherwise}"
        )
    print(f"installing {' '.join(packages)} with apt-get ({why}) ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in ([*prefix, apt, "update"], [*prefix, apt, "install", "-y", *packages]):
        status = machine.run(command, env=env)
        if status:
            raise SetupError(f"{' '.join(command)} failed with exit status {status}")


def for_build(command: str, root: Path, chromium: Path, machine: Machine) -> None:
    """Install what ``python build.py COMMAND`` needs and is missing. What cannot be
    installed from here (Node.js and npm, Playwright and ``chromium`` for the commands
    that drive a browser) is looked for first, so that nothing is installed for a
    command that could not run anyway."""
    said = f"python build.py {command}"
    if machine.which("node") is None:
        raise SetupError(
            "the build runs the pinned Pyodide under Node.js, and node is missing: install "
            "Node.js and npm, then run this again"
        )
    if npm_needed(root) and machine.which("npm") is None:
        raise SetupError(f"{NPM_MISSING}: install Node.js and npm, then run this again")
    if command in PLAYWRIGHT_COMMANDS and not machine.importable("playwright"):
        raise SetupError(
            f"{said} drives chromium with Playwright, which is missing: pip install -r "
            "requirements-dev.txt (or python run_tests.py --setup-only, which installs "
            "chromium too), then run this again"
        )
    if command in (*PLAYWRIGHT_COMMANDS, "lighthouse") and not machine.exists(chromium):
        raise SetupError(
            f"{said} drives chromium at {chromium}, which is missing: install it (as root: "
            "apt-get install chromium), then run this again"
        )
    install_pins(root / BUILD_REQUIREMENTS, machine)
    install_npm_runtime(root, machine)
