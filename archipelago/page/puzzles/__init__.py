"""Puzzles on the page: which puzzle to show (the daily one, the next one), judging the
turns played, the player's progress and rating, and the mode that puts a puzzle on the
board in place of the game (kept aside, never lost)."""
