"""Spitzer options (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import OptionError
from ..text import N_, text


class NoTrickDash(StrEnum):
    """What the seed's "–" in the no-trick column (normal and sneaker rows) scores."""

    AS_0_30 = "as_0_30"  # the same as the 0–30 column, as one published program does
    MINUS_42 = "minus_42"  # −42, as another does


@dataclass(frozen=True)
class SpitzerOptions:
    players: int = 4
    target: int = 42
    no_trick_dash: NoTrickDash = NoTrickDash.AS_0_30
    stake_per_game: int = 0
    stake_per_point: int = 0

    def validate(self) -> None:
        problems = [
            (self.players != 4, N_("Spitzer is for 4 players")),
            (self.target < 1, N_("target must be at least 1")),
            (min(self.stake_per_game, self.stake_per_point) < 0, N_("stakes are not negative")),
        ]
        for failed, message in problems:
            if failed:
                raise OptionError(text(message))
