"""The command line's commands, one module each (``python -m archipelago COMMAND``):
``games``, ``replay``, ``bench``, ``match``, ``analyse`` and ``perft``, with
``arguments.py`` for what they share. Each adds its subcommand to the parser
(``add(commands)``), reads its arguments, calls the libraries (the registry, the engines,
``search/``, ``analysis/``, ``perft.py``), which return data and never print, and prints
the result. ``archipelago/cli.py`` puts them together and turns a user's mistake into one
line on standard error."""
