"""What a Spades hand is and what the game carries from hand to hand: the values
scoring makes and guidance reads (neither imports the other for them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..text import Text
from ..types import Side
from .bids import Bid


@dataclass(frozen=True)
class SpadesHand:
    """One hand as the table enters it: a bid and the tricks taken, per seat."""

    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]


class SpadesState(NamedTuple):
    """Everything the next hand needs: totals, bags, and a sudden win if one happened.

    A named tuple: one is made per hand scored, and a frozen dataclass costs more."""

    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]
    hands: int = 0
    sudden_winner: int | None = None
    sudden_reason: Text | None = None
