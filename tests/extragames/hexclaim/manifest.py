"""Hex Claim as the platform sees it before loading it."""

from archipelago.manifest import Manifest

MANIFEST = Manifest(
    name="hexclaim",
    title="Hex Claim",
    engine=".state:HexClaim",
    players=range(2, 4),
    sizes=range(2, 5),
    default_size=3,
    credits="A test game of the platform.",
    computer_players=".players:COMPUTER_PLAYERS",
    rules="rules.html",
    rules_page="static/hexclaim-rules.html",
    rules_pictures=".pictures:rules_pictures",
    replay_words="over, to_move, claimed, groups",
    random_words="random empty cells",
)
