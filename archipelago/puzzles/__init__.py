"""Puzzles: positions from real games where one answer wins and the others do not.

``puzzle`` is the format (one JSON object a line) that the command line writes and the
page reads; the sets themselves are data in each game's folder (``puzzles.jsonl``).
"""
