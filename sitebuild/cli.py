"""The commands of `python build.py` (its docstring lists them): the top of sitebuild,
which nothing in the package imports. A mistake of the user's, in the arguments or found
by a step of the build, ends the command in one line, never a traceback, and so does a
tool it needs that is missing and cannot be installed (provision.py installs the rest).

The commands' modules are imported only once provision.py has installed what they import
(Babel): ``--help`` and a wrong argument need nothing but the standard library."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from archipelago.i18n import ENGLISH, LANGUAGES

from . import provision
from .paths import CHROMIUM, DIST, ROOT, BuildError, lighthouse_chrome


def build_and_serve(port: int) -> None:
    """Build dist/, then serve it on 127.0.0.1:``port`` until Ctrl-C."""
    from . import assemble, serve

    assemble.build()
    try:
        server = serve.make_server(port)
    except OSError as error:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {error.strerror}") from None
    print(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python build.py", description="Build, serve or benchmark the Archipelago page."
    )
    commands = parser.add_subparsers(
        dest="command", metavar="{build,serve,bench,starts,shots,lighthouse}"
    )
    commands.add_parser("build", help="assemble dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    bench_parser = commands.add_parser("bench", help="time our page against a bare PyScript page")
    bench_parser.add_argument(
        "--rounds", type=int, default=5, help="visits of each page (default 5)"
    )
    bench_parser.add_argument(
        "--throttle",
        action="store_true",
        help="through a slow network (1.6 Mbit/s shared, 150 ms per request), on a phone",
    )
    bench_parser.add_argument(
        "--plain-host",
        action="store_true",
        help="serve without the isolation headers, as a host that cannot set any",
    )
    starts_parser = commands.add_parser(
        "starts", help="start the page many times in a row, every way it starts"
    )
    starts_parser.add_argument(
        "--count", type=int, default=50, help="starts, in first and returning pairs (default 50)"
    )
    shots_parser = commands.add_parser("shots", help="retake the README's screenshots (docs/*.png)")
    shots_parser.add_argument(
        "--lang",
        action="append",
        choices=LANGUAGES,
        help="in this language (repeatable; English, the default, into docs/, others into "
        "dist/shots/LANG/)",
    )
    light = commands.add_parser("lighthouse", help="Lighthouse's scores and metrics per page")
    light.add_argument("--runs", type=int, default=3, help="runs per page (default 3)")
    light.add_argument("--preset", choices=("mobile", "desktop"), default="mobile")
    light.add_argument("--save", type=Path, help="keep the JSON reports in this folder")
    light.add_argument(
        "--lang", choices=LANGUAGES, default=ENGLISH, help="the browser's language (default en)"
    )
    args = parser.parse_args(argv)
    if args.command == "serve" and not 0 <= args.port <= 65535:
        parser.error(f"--port must be between 0 and 65535, not {args.port}")
    if args.command == "bench" and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.command == "starts" and args.count < 1:
        parser.error("--count must be at least 1")
    if args.command == "lighthouse" and args.runs < 1:
        parser.error("--runs must be at least 1")
    command = args.command or "build"
    browser = lighthouse_chrome() if command == "lighthouse" else CHROMIUM
    try:
        provision.for_build(command, ROOT, Path(browser), provision.Machine())
        return run(args)
    except (provision.SetupError, BuildError) as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1


def run(args: argparse.Namespace) -> int:
    """Run the command that ``args`` name, once what it needs is installed."""
    from . import assemble, bench, lighthouse, shots, starts

    if args.command == "serve":
        build_and_serve(args.port)
    elif args.command == "bench":
        bench.bench(args.rounds, args.throttle, isolated=not args.plain_host)
    elif args.command == "starts":
        if not starts.report(starts.run_starts(args.count)):
            return 1
    elif args.command == "lighthouse":
        lighthouse.lighthouse(args.runs, args.preset, keep=args.save, lang=args.lang)
    elif args.command == "shots":
        for path in shots.shots(args.lang or [ENGLISH]):
            print(f"wrote {path.relative_to(ROOT)}")
    else:
        assemble.build()
        print(f"built {DIST.relative_to(ROOT)}/ ({assemble.dist_size() / 1_000_000:.2f} MB)")
    return 0
