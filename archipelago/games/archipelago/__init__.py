"""Archipelago, whole: its engine (position and state, islands, scoring, frozen, notation, records),
its search knowledge (``ai/``), its page kit and panels, and its rules page."""
