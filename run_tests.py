"""`python run_tests.py`: install what the test suite needs and is missing, then run it.

On a fresh machine the suite needs the pinned Python tools (requirements-dev.txt), the
pinned npm runtime (package-lock.json, for the Pyodide tests and the build) and Debian's
Chromium (the browser tests drive /usr/bin/chromium). Each is installed only when it is
missing: pip and npm as usual, Chromium with apt-get as root or through sudo
(sitebuild/provision.py, which build.py installs with too). When something cannot be
installed, one message says what to do, and nothing runs. Then the
suite runs as ``python -m pytest`` with this command's arguments passed on
(``python run_tests.py -m "not browser" -x``). ``--setup-only`` stops after the installs.
``.ci/run`` is exactly this command.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sitebuild import provision
from sitebuild.provision import Machine, SetupError

ROOT = Path(__file__).resolve().parent
REQUIREMENTS = ROOT / "requirements-dev.txt"
CHROMIUM = Path("/usr/bin/chromium")
NO_BROWSER = '; or run only the tests that need no browser: python -m pytest -m "not browser"'


def set_up(machine: Machine) -> None:
    """Install whatever is missing, in the order the later steps need it."""
    provision.require_python()
    provision.install_pins(REQUIREMENTS, machine)
    if not machine.exists(CHROMIUM):
        why = f"the browser tests drive {CHROMIUM}, which is missing"
        provision.apt_install(["chromium"], why, machine, otherwise=NO_BROWSER)
    provision.install_npm_runtime(ROOT, machine, apt=True)


def main(argv: list[str], machine: Machine | None = None) -> int:
    # Playwright must never download a browser: the tests launch Debian's chromium.
    os.environ["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
    try:
        set_up(machine or Machine())
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
