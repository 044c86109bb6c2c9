"""Spitzer options (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import check_options
from ..text import N_


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
        check_options(
            [
                (self.players != 4, ("players",), N_("Spitzer is for 4 players.")),
                (self.target < 1, ("target",), N_("Enter 1 or more.")),
                (self.stake_per_game < 0, ("stake_per_game",), N_("Stakes are not negative.")),
                (self.stake_per_point < 0, ("stake_per_point",), N_("Stakes are not negative.")),
            ]
        )
