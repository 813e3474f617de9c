"""Stigmergy, the territory game of sight by Steve Metzger and Luis Bolaños Mures, after
Michał Zapała's Tumbleweed.

Modules: ``geometry`` (rays and control thresholds per board side), ``notation`` (move
codes and their spelling), ``sight`` (the stones and what every cell sees of them, kept
up to date move by move), ``position`` (the rules, move codes and undo), ``views``
(facts and words for ``replay`` and a page), ``record`` (JSON records), ``render`` (SVG),
and ``state`` on top, which builds the contract of ``archipelago.game`` from them;
``manifest`` (what the platform reads before loading any of these), ``kit`` and
``panels`` (the page), ``pictures`` (the rules page's), ``ai/`` (its computer players).
Importing the folder loads none of them: the registry reads the manifest alone.
"""
