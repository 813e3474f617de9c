"""The web page's logic, free of browser code so that CPython tests cover all of it.

- ``controller``: the page's state and every action (``drawing`` draws it, ``inputs``
  turns clicks, taps and keys into actions); the browser comes in as ``browser.Browser``,
  and all that one action does goes to the page in one call (``browser.Outbox``).
- ``protocol``: the messages between the page and the computer players' Web Worker.
- ``session``: the game on the page, its names and seats, undo/redo and the history view.
- ``scheduler``: when a computer seat thinks and plays; Stop, Hint, Pause and Step.
- ``storage``: what the page keeps in the browser's storage, read back robustly.
- ``startup``: which game the page opens (link, URL options, stored game); files; keys.
- ``kits``: what the page needs from each game (moves from clicks, panels), by name: the
  plain ``GameKit``, or the kit a game's manifest names (its ``kit.py`` and ``panels.py``
  live in its folder, ``archipelago/games/<game>/``).
- ``panels``: HTML of the panels every game shares (status line, history, computer note).
- ``view``: the whole page as data (element -> what to put there).
- ``dialogs``: the New game dialog, built from the registered games.

``static/app.py`` builds the browser's side of the controller and wires DOM events to it.
"""
