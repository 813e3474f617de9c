"""The games' folder: each game is a folder here holding a ``manifest.py``, which the
registry (``archipelago.registry``) reads to find it. Importing this package loads no game."""
