"""The build of the offline site, run by `python build.py` (cli.py reads its commands).

Its modules import one way, from the tools down to the leaf:

    cli                         the commands; nothing imports it
    stdlib_record               records the standard library's list (python -m); nothing imports it
    bench, starts, lighthouse,  the tools: build the site, serve it, drive a browser
    shots                       (starts with bench's watcher)
    stdlib_session              the page's flows played in a browser, for stdlib_record
    assemble                    the site in dist/, step by step
    index, archive, snapshot    index.html filled in; archipelago.zip; the interpreter snapshot
    stdlib                      the standard library shipped: stored, trimmed to the list
    pyc, serve, throttle        the engine's byte-code; compressed copies and the local server;
                                a slow network for it
    node                        npm's runtime installed, scripts run under Node
    paths                       where things are, the browser's flags, BuildError: imports
                                nothing of the package
    provision                   what the build and the tests need, installed when missing
                                (run_tests.py's too): the standard library only, nothing
                                of the package

The package imports the engine (to pack it and to pre-render the page); the engine never
imports the package.
"""
