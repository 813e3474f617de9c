"""The web page's logic, free of browser code so that CPython tests cover all of it.

- ``controller``: the page's state and every action (``view/drawing`` draws it,
  ``input/handlers`` turns clicks, taps and keys into actions); the browser comes in as
  ``browser.Browser``, and all that one action does goes to the page in one call
  (``browser.Outbox``).
- ``session``: the game on the page, its names and seats, undo/redo and the history view.
- ``scheduler``: when a computer seat thinks and plays; Stop, Hint, Pause and Step.
- ``start``: which game the page opens (link, URL options, stored game); files.
- ``input/``: what a key or a tap does (``keys``, with the keyboard cursor on a hex board),
  an event as the page hands it over (``events``), and where each goes (``handlers``).
- ``computers``: which games a computer can play.
- ``contract``: what the page asks of each game, in small protocols by purpose (turns,
  input, drawing, cards, results, the New game setup).
- ``kits``: each game's kit, by name: the plain ``GameKit``, which implements the contract
  for any game from the game contract and its manifest, or the kit a game's manifest
  names (its ``kit.py`` and ``panels.py`` live in its folder, ``archipelago/games/<game>/``).
- ``analysis``: the computer's analysis of the game on the page (requests and replies).
- ``view/``: what the page shows (the view model, its HTML, the page as data, the
  drawing of it, the first view, the analysis, the display settings, sounds, zoom).
- ``setup/``: a new game's setup (the New game dialog, its picker, the URL options).
- ``saved/``: what the page keeps and shares (storage, the list of games, saved files and
  links, games played by link).
- ``worker/``: the computer players' Web Worker (its messages and its thinker).

``static/page/app.py`` builds the browser's side of the controller and wires DOM events
to it.
"""
