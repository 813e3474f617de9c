"""Stigmergy, the territory game of sight by Steve Metzger and Luis Bolaños Mures, after
Michał Zapała's Tumbleweed.

Modules: ``geometry`` (rays and control thresholds per board side), ``notation`` (move
codes and their spelling), ``sight`` (the stones and what every cell sees of them, kept
up to date move by move), ``state`` (the rules, implementing ``archipelago.game``),
``views`` (facts and words for ``replay`` and a page), ``record`` (JSON records),
``render`` (SVG).
"""

from .state import StigmergyGame

__all__ = ["StigmergyGame"]
