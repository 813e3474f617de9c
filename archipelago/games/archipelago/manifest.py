"""Archipelago as the platform sees it before loading it (``archipelago.manifest``).

The words a player reads (credits, options, tagline) are marked with ``N_``: the page
translates them where it shows them; the game's name is the same in every language."""

from archipelago.i18n import N_
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
    credits=N_("A game by Craig Duncan, Bill Taylor and João Neto."),
    options=(
        Option(
            "stones",
            _RULES.stones,
            tuple(str(n) for n in BASE_STONES),
            label=N_("Stones per turn"),
            note=N_("Three stones a turn make a faster, more open game."),
        ),
        Option(
            "extra",
            _RULES.extra,
            EXTRA_MODES,
            label=N_("Extra stones for trailing players"),
            note=N_("How much help a player gets for each opponent with more islands."),
            texts=(N_("one per opponent ahead"), N_("half, rounded up"), N_("none")),
        ),
        Option(
            "scoring",
            _RULES.scoring,
            SCORING_MODES,
            label=N_("Scoring"),
            note=N_("Which bonus breaks a tie in islands."),
            texts=(
                N_("standard (groups, then bonus total)"),
                N_("alternating (groups, then rightmost bonus)"),
            ),
        ),
        Option(
            "wunchunk",
            _RULES.wunchunk,
            ("0", "1"),
            label="Wunchunk",
            note=N_("The goal reversed: islands count against you and the fewest wins."),
        ),
        Option(
            "frozen",
            _RULES.frozen,  # None: on from three players (R12)
            ("0", "1"),
            label=N_("Frozen Irrelevance"),
            note=N_(
                "A player whose final place can no longer change stops playing "
                "(on by default with 3 or 4 players)."
            ),
            on_from_players=3,
        ),
    ),
    tagline=N_("Build islands with stones of any colour; the most islands wins. 2 to 4 players."),
    size_advice=N_("6 to 8 recommended"),
    quick_size=6,  # the smallest side the designers recommend
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
    tools=(".ai.fit_balance",),
    screenshots=(
        Shot("screenshot-desktop.png", 1280, 800, moves=26, seed=3),
        Shot("screenshot-phone.png", 390, 844, touch=True, moves=26, seed=3),
    ),
)
