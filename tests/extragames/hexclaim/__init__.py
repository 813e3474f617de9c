"""Hex Claim, a tiny game for tests: players take turns claiming an empty cell of a small
hexhex board; when the board is full, whoever has the largest group of touching cells
wins. A folder like every game's: ``manifest``, ``state`` (the rules, on the contract),
``players`` (its computer players), ``pictures`` and ``rules.html`` (its rules page)."""
