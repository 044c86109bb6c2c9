"""The scoresheet for the web pages: rows from the shared sheet, and who plays next."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext

from ..engine import GameResult
from ..sheet import Row
from ..sheet import rows as sheet_rows
from ..store import StoredGame
from .spades_entry import bidding_order


def rows(stored: StoredGame, result: GameResult) -> list[Row]:
    """One row per hand, with each side's cell."""
    return sheet_rows(
        stored.kind, stored.players, stored.first_dealer, stored.hands, result, gettext
    )


@dataclass
class NextHand:
    number: int
    dealer: str
    first_bidder: str


def next_hand(stored: StoredGame) -> NextHand:
    """Who deals and who bids first in the next hand."""
    number = len(stored.hands) + 1
    dealer = stored.dealer(number)
    first = bidding_order(dealer, len(stored.players))[0]
    return NextHand(number, stored.players[dealer], stored.players[first])
