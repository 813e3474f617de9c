"""The computer player's levels, 1 (a beginner) to 5 (the strongest).

Kept apart from ``archipelago.search`` so that the page can offer the levels without
importing the search on its thread; the search gives each level its budget."""

LEVELS = (1, 2, 3, 4, 5)
