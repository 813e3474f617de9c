"""What the page shows, as data and HTML, decided from the session under CPython tests.

- ``model``: the view model (player cards, the action bar's buttons, the moves'
  navigation, the review banner, the game-over card), computed from the session.
- ``html``: the small renderers that draw the view model.
- ``changes``: the whole page as data (element -> what to put there), applied by static/.
- ``drawing``: the page's drawing of the controller's state, one batch per action.
- ``display``: the display settings (theme, labels, rotation, sounds) and the arrow keys.
- ``first``: the first view the build writes into index.html and the page stores.
- ``panels``: the moves list every game shares.
- ``analysis``: what the computer's analysis shows (graph, marks, the best turn).
- ``sounds``: which sound a move makes.
- ``zoom``: the board's pinch-zoom and pan, as viewBox arithmetic.
"""
