"""When the computer passes after its opponent's pass: the end of a settled game.

A pass is allowed only once every empty cell is controlled, and the game ends when both
players pass in a row. Once the board is settled a player may still place stones on
cells they control, which changes no score (a stone for a cell of territory), so a
computer that only avoided a losing pass would fill its own territory turn after turn
while its opponent passed each time. The rules have no resignation; this one stops:

- after the opponent's pass, passing when it wins (the game ends, won);
- and passing too when the game is decided: when grabbing points cannot turn the result
  round even if the opponent went on passing. That is tried on a copy of the game, the
  mover playing the move that gains most at once while it gains anything, the opponent
  passing whenever the rules let them (else their move that gains most). A result the
  mover cannot turn round this way is taken as lost, and passing ends it now.

Level 1 (``baselines.BeginnerAgent``) and the search (``knowledge.decisive_code``, so
levels 2-5 and the analysis's best turn) both ask ``settled_pass`` first; the analysis
values a position by ``decided_result`` once the same test finds it decided, so that no
move of a decided game is judged a mistake.
"""

from __future__ import annotations

from archipelago.search import immediate_win

from ..notation import PASS
from ..state import StigmergyGame
from .effects import scored_codes

# The copy's moves at most: each of the mover's gains at least a point, so a lead of
# more than this many points is out of reach anyway.
TURN_ROUND_MOVES = 60


def settled_pass(game: StigmergyGame) -> int | None:
    """PASS when the mover should answer the opponent's pass with a pass (it wins, or
    the result is decided), else None (the game is still open, or passing is not
    allowed, or the opponent did not just pass)."""
    mover = game.to_move
    if mover is None or game.passes != 1 or game.refusal(PASS) is not None:
        return None
    if immediate_win(game, [PASS]) is not None:
        return PASS
    return None if can_turn_round(game, mover) else PASS


def decided_result(game: StigmergyGame) -> tuple[float, float] | None:
    """Each player's result (player 1 first) once the game is decided though not over:
    a settled board (every empty cell controlled, the button gone) on which the player
    behind cannot get ahead by grabbing points while the leader passes (the leader to
    move passes first). None while the game is open."""
    mover = game.to_move
    if mover is None or game.refusal(PASS) is not None:
        return None
    first, second = game.scores()
    if first == second:
        return None
    leader = 1 if first > second else 2
    trailer = 3 - leader
    trial = game.clone()
    assert isinstance(trial, StigmergyGame)
    if mover == leader:
        trial.push_code(PASS)
    if trial.is_over or can_turn_round(trial, trailer):
        return None
    return (1.0, 0.0) if leader == 1 else (0.0, 1.0)


def can_turn_round(game: StigmergyGame, player: int) -> bool:
    """Whether ``player`` (to move) gets ahead by taking the move that gains most at
    once, again and again, while the opponent passes whenever allowed (else plays the
    move that gains most for them); ``game`` is left as it was."""
    trial = game.clone()
    assert isinstance(trial, StigmergyGame)
    for _ in range(TURN_ROUND_MOVES):
        if trial.is_over:
            break
        if trial.to_move == player:
            gained, code = scored_codes(trial)[0]
            if gained <= 0:
                break  # nothing left that changes the score
        elif trial.refusal(PASS) is None:
            code = PASS
        else:
            code = scored_codes(trial)[0][1]
        trial.push_code(code)
        if _ahead(trial, player):
            return True
    return _ahead(trial, player)


def _ahead(game: StigmergyGame, player: int) -> bool:
    scores = game.scores()
    return scores[player - 1] > scores[2 - player]


__all__ = ["TURN_ROUND_MOVES", "can_turn_round", "decided_result", "settled_pass"]
