"""A made-up machine for sitebuild/provision.py's decisions (run_tests.py's and build.py's):
what it has, and every command run on it, recorded instead of run. pip installs the pins
of its requirements file and apt-get its packages, so a run finds installed after them
what they installed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sitebuild.provision import Machine, pins


@dataclass
class FakeMachine:
    # Programs on PATH (by name), importable modules and existing paths, in one set.
    has: set[str]
    versions: dict[str, str] = field(default_factory=dict)
    root: bool = True
    sudo_asks_no_password: bool = False
    # Programs whose commands fail here (by name: "pip", "npm", "apt-get").
    failing: set[str] = field(default_factory=set)
    ran: list[list[str]] = field(default_factory=list)

    def machine(self) -> Machine:
        return Machine(
            version_of=self.versions.get,
            which=lambda name: f"/usr/bin/{name}" if name in self.has else None,
            exists=lambda path: str(path) in self.has,
            importable=lambda module: module in self.has,
            is_root=lambda: self.root,
            sudo_works=lambda sudo: self.sudo_asks_no_password,
            run=self.run,
            python="python",
        )

    def run(
        self, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> int:
        self.ran.append(command)
        program = "pip" if command[1:3] == ["-m", "pip"] else Path(command[0]).name
        if command[0].endswith("sudo"):
            program = Path(command[2]).name
        if program in self.failing:
            return 1
        if program == "pip":
            self.versions.update(pins(Path(command[-1])))
        if program == "apt-get" and "install" in command:
            self.has.update(command[command.index("-y") + 1 :])
        return 0
