"""Assemble, serve and benchmark the offline Archipelago web page.

    python build.py                 build the static site into dist/
    python build.py serve [--port]  build, then serve dist/ at http://127.0.0.1:8000/
    python build.py bench           build, then time the page against a bare PyScript page
    python build.py starts          build, then start the page 50 times, every way it starts
    python build.py lighthouse      build, then print Lighthouse's scores for each page
    python build.py shots           build, then retake the README's screenshots

Each command but --help first installs what it needs and is missing: the pinned Python
packages of requirements-build.txt with pip (into this Python, an active virtual
environment's), the pinned npm runtime with `npm ci`; what it cannot install it names in
one line (sitebuild/provision.py). The build itself is the sitebuild package
(sitebuild/__init__.py maps it); this file is only its command.
"""

import sys

from sitebuild.cli import main

if __name__ == "__main__":
    sys.exit(main())
