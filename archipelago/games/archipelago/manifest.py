"""Archipelago as the platform sees it before loading it (``archipelago.manifest``)."""

from archipelago.manifest import Manifest, Option, Shot

from .variant import BASE_STONES, EXTRA_MODES, SCORING_MODES, Variant

_RULES = Variant()  # the engine's defaults for every variation

MANIFEST = Manifest(
    name="archipelago",
    title="Archipelago",
    engine=".state:GameState",
    players=range(2, 5),
    sizes=range(2, 13),
    default_size=7,
    version=1,
    credits="A game by Craig Duncan, Bill Taylor and João Neto.",
    options=(
        Option("stones", _RULES.stones, tuple(str(n) for n in BASE_STONES)),
        Option("extra", _RULES.extra, EXTRA_MODES),
        Option("scoring", _RULES.scoring, SCORING_MODES),
        Option("wunchunk", _RULES.wunchunk, ("0", "1")),
        Option("frozen", _RULES.frozen, ("0", "1")),  # None: on from three players (R12)
    ),
    kit=".kit:ArchipelagoKit",
    computer_players=".ai:COMPUTER_PLAYERS",
    rules="rules.html",
    rules_page="static/rules.html",
    rules_pictures=".pictures:rules_pictures",
    replay_words=(
        "over, to_move, allowance, stones_left, groups, bonus, scores, ranks, frozen, resigned"
    ),
    random_words="every turn places its whole allowance, random colours on random empty cells",
    lesson=".tutorial",
    screenshots=(
        Shot("screenshot-desktop.png", 1280, 800, moves=26, seed=3),
        Shot("screenshot-phone.png", 390, 844, touch=True, moves=26, seed=3),
    ),
)
