"""Stigmergy as the platform sees it before loading it (``archipelago.manifest``)."""

from archipelago.i18n import N_
from archipelago.manifest import Manifest, Option, Shot

MANIFEST = Manifest(
    name="stigmergy",
    title="Stigmergy",
    engine=".state:StigmergyGame",
    players=range(2, 3),
    sizes=range(3, 11),
    default_size=8,
    version=1,
    credits=N_("A game by Steve Metzger and Luis Bolaños Mures, after Michał Zapała's Tumbleweed."),
    # No komi: player 1 proposes one in the game. Its range depends on the board side.
    options=(Option("komi", None, check=".kit:komi_setting"),),
    tagline=N_("Stones claim the cells they see; most stones and cells claimed wins. 2 players."),
    size_advice=N_("7 to 10 are the usual sides"),
    # A quick game's side: 9 cells across, 38 px a cell on a 390 px phone (side 6
    # gave 32, under the 36 px a fingertip wants); its komi is fixed at the
    # fair komi for the side (the kit's quick_options), so nobody is asked for a number.
    quick_size=5,
    # One sentence on the rule, one on the game (the line under the board says how to
    # place and flip), short enough to stay on a phone's screen under the board.
    welcome=N_(
        "A cell seen by more of your stones than half its neighbours is "
        "<strong>yours</strong>; most stones and cells wins. You play Blue against the "
        "computer (level 2) and place first; the komi is set."
    ),
    kit=".kit:StigmergyKit",
    computer_players=".ai:COMPUTER_PLAYERS",
    rules="rules.html",
    rules_page="static/stigmergy-rules.html",
    rules_pictures=".pictures:rules_pictures",
    replay_words="over, to_move, komi, komi_to, button, stones, territory, scores, ranks, legal",
    random_words="uniformly random legal moves, the komi proposal included",
    lesson=".tutorial",
    tools=(".ai.selfplay",),
    screenshots=(
        Shot("screenshot-stigmergy.png", 1280, 800, moves=30, seed=5, opening=("1",), hover="d4"),
    ),
)
