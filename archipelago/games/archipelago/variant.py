"""The variations of the rules, as plain data (seed 000 "Variations", RULINGS R4, R11-R13).

Variations combine freely. ``frozen=None`` means the default of RULINGS R12: Frozen
Irrelevance on with three or four players, off with two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from archipelago.errors import RecordError, SetupError
from archipelago.i18n import N_, _
from archipelago.reading import quote, show

EXTRA_MODES = ("full", "half", "none")
SCORING_MODES = ("standard", "alternating")
BASE_STONES = (2, 3)


# What the variations with a name of their own mean, for players (RULINGS R11-R13).
RULE_MEANINGS = {
    "Frozen Irrelevance": N_(
        "once nothing anyone can still play could change a player's final place, that "
        "player is frozen: their turns are skipped, and anyone may still place their colour"
    ),
    "Wunchunk": N_("the goal reversed: islands count against you and the fewest wins"),
    "alternating scoring": N_(
        "a tie in islands is broken by the rightmost bonus marker, not the bonus total"
    ),
}


@dataclass(frozen=True)
class Variant:
    """Rule switches of one game."""

    stones: int = 2
    extra: str = "full"
    scoring: str = "standard"
    wunchunk: bool = False
    frozen: bool | None = None

    def __post_init__(self) -> None:
        if self.stones not in BASE_STONES or isinstance(self.stones, bool):
            raise SetupError(
                _('variant "stones" must be 2 or 3, not {given}').format(given=show(self.stones))
            )
        if self.extra not in EXTRA_MODES:
            raise SetupError(
                _('variant "extra" must be "full", "half" or "none", not {given}').format(
                    given=show(self.extra)
                )
            )
        if self.scoring not in SCORING_MODES:
            raise SetupError(
                _('variant "scoring" must be "standard" or "alternating", not {given}').format(
                    given=show(self.scoring)
                )
            )
        if not isinstance(self.wunchunk, bool):
            raise SetupError(
                _('variant "{key}" must be true or false, not {given}').format(
                    key="wunchunk", given=show(self.wunchunk)
                )
            )
        if self.frozen is not None and not isinstance(self.frozen, bool):
            raise SetupError(
                _('variant "{key}" must be true or false, not {given}').format(
                    key="frozen", given=show(self.frozen)
                )
            )

    def frozen_for(self, players: int) -> bool:
        """Whether Frozen Irrelevance applies in a game of ``players`` players."""
        return players >= 3 if self.frozen is None else self.frozen

    def extra_stones(self, opponents_ahead: int) -> int:
        """Extra stones for a mover that ``opponents_ahead`` opponents lead (RULINGS R4)."""
        if self.extra == "full":
            return opponents_ahead
        if self.extra == "half":
            return (opponents_ahead + 1) // 2
        return 0

    def to_dict(self, players: int) -> dict[str, Any]:
        """Only the keys that differ from the defaults, with ``frozen`` resolved."""
        out: dict[str, Any] = {}
        if self.stones != 2:
            out["stones"] = self.stones
        if self.extra != "full":
            out["extra"] = self.extra
        if self.scoring != "standard":
            out["scoring"] = self.scoring
        if self.wunchunk:
            out["wunchunk"] = True
        if self.frozen is not None and self.frozen != (players >= 3):
            out["frozen"] = self.frozen
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Variant:
        """Read the ``variant`` object of a game record; unknown keys are an error."""
        if not isinstance(data, dict):
            raise RecordError(_('"variant" must be an object'))
        known = {"stones", "extra", "scoring", "wunchunk", "frozen"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RecordError(_("unknown variant key {key}").format(key=quote(unknown[0])))
        try:
            return cls(**data)
        except SetupError as error:
            raise RecordError(str(error)) from None

    def explained(self, players: int) -> list[tuple[str, str]]:
        """The variations in force as ``describe`` names them, each with what a rule's
        name means in a sentence ("" for a phrase that says it already)."""
        return [(part, RULE_MEANINGS.get(part, "")) for part in self.describe(players)]

    def describe(self, players: int) -> list[str]:
        """Short phrases naming the variations in force, for people."""
        parts = []
        # Marked for the catalogues: the page shows them translated (panels.py).
        if self.stones == 3:  # the only other base (BASE_STONES)
            parts.append(N_("3 stones per turn"))
        if self.extra == "half":
            parts.append(N_("half extra stones"))
        elif self.extra == "none":
            parts.append(N_("no extra stones"))
        if self.scoring == "alternating":
            parts.append(N_("alternating scoring"))
        if self.wunchunk:
            parts.append("Wunchunk")  # a name of the rules, the same in every language
        if self.frozen_for(players):
            parts.append(N_("Frozen Irrelevance"))
        return parts
