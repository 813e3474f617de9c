"""The picture of Hex Claim's rules page."""

from .state import HexClaim


def rules_pictures() -> dict[str, str]:
    game = HexClaim(2, 2)
    for cell in ("a1", "b1", "a2", "c1"):
        game.push(cell)
    return {"groups": game.board_svg(title="Blue's group of two, Orange's two singles")}
