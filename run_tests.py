"""`python run_tests.py`: install what the test suite needs and is missing, then run it.

On a fresh machine the suite needs the pinned Python tools (requirements-dev.txt), the
pinned npm runtime (package-lock.json, for the Pyodide tests and the build) and Debian's
Chromium (the browser tests drive /usr/bin/chromium). Each is installed only when it is
missing: pip and npm as usual, Chromium with apt-get as root or through sudo. When
something cannot be installed, one message says what to do, and nothing runs. Then the
suite runs as ``python -m pytest`` with this command's arguments passed on
(``python run_tests.py -m "not browser" -x``). ``--setup-only`` stops after the installs.
``.ci/run`` is exactly this command.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent
REQUIREMENTS = ROOT / "requirements-dev.txt"
CHROMIUM = Path("/usr/bin/chromium")
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)")


class SetupError(Exception):
    """Something the suite needs is missing and cannot be installed from here."""


def pins(text: str) -> dict[str, str]:
    """``name==version`` lines of a requirements file, by name."""
    found = {}
    for line in text.splitlines():
        match = PIN.match(line.strip())
        if match:
            found[match.group(1)] = match.group(2)
    return found


def installed_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def missing_pins(
    wanted: dict[str, str], version_of: Callable[[str], str | None] = installed_version
) -> list[str]:
    """The pinned packages that are absent or at another version."""
    return [f"{name}=={pin}" for name, pin in wanted.items() if version_of(name) != pin]


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


def privilege_prefix(is_root: bool, sudo: str | None, sudo_works: bool) -> list[str] | None:
    """How to run apt-get: directly as root, through sudo that asks no password, or not
    at all (None)."""
    if is_root:
        return []
    if sudo and sudo_works:
        return [sudo, "-n"]
    return None


def apt_install(packages: list[str], why: str) -> None:
    """Install Debian packages with apt-get, or say how to when this user cannot."""
    is_root = os.geteuid() == 0
    sudo = None if is_root else shutil.which("sudo")
    sudo_works = bool(sudo) and (
        subprocess.run([str(sudo), "-n", "true"], capture_output=True, check=False).returncode == 0
    )
    prefix = privilege_prefix(is_root, sudo, sudo_works)
    apt = shutil.which("apt-get")
    if prefix is None or apt is None:
        raise SetupError(
            f"{why}: install it (as root: apt-get install {' '.join(packages)}), then run "
            "this again; or run only the tests that need no browser: "
            'python -m pytest -m "not browser"'
        )
    print(f"installing {' '.join(packages)} with apt-get ({why}) ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run([*prefix, apt, "update"], env=env)
    run([*prefix, apt, "install", "-y", *packages], env=env)


def run(command: list[str], env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=ROOT, env=env, check=False)
    if done.returncode:
        raise SetupError(f"{' '.join(command)} failed with exit status {done.returncode}")


def set_up() -> None:
    """Install whatever is missing, in the order the later steps need it."""
    # The first thing a fresh machine runs: an old Python gets a plain word, not errors.
    if sys.version_info < (3, 11):  # noqa: UP036
        raise SetupError(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    missing = missing_pins(pins(REQUIREMENTS.read_text(encoding="utf-8")))
    if missing:
        print(f"installing the pinned Python tools ({', '.join(missing)}) ...", flush=True)
        run([sys.executable, "-m", "pip", "install", "-r", str(REQUIREMENTS)])
    if not CHROMIUM.exists():
        apt_install(["chromium"], f"the browser tests drive {CHROMIUM}, which is missing")
    if npm_needed(ROOT):
        if shutil.which("npm") is None:
            apt_install(["nodejs", "npm"], "npm installs the pinned runtime, and it is missing")
        npm = shutil.which("npm")
        assert npm is not None, "apt-get installed npm"
        print("installing the pinned npm packages with npm ci ...", flush=True)
        run([npm, "ci", "--no-audit", "--no-fund"])


def main(argv: list[str]) -> int:
    # Playwright must never download a browser: the tests launch Debian's chromium.
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    try:
        set_up()
    except SetupError as error:
        print(f"run_tests.py: {error}", file=sys.stderr)
        return 1
    if "--setup-only" in argv:
        print("everything the test suite needs is installed")
        return 0
    os.chdir(ROOT)
    return subprocess.run([sys.executable, "-m", "pytest", *argv], check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
