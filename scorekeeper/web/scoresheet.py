"""The scoresheet as templates show it: rows of hands, sides, markers, who deals next."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

from ..engine import GameResult
from ..engine.game import Line
from ..store import StoredGame
from .spades_entry import bidding_order

MARKERS = {
    "set": _l("set"),
    "bagged_out": _l("bagged out"),
    "nil_made": _l("nil made"),
    "nil_failed": _l("nil failed"),
    "moon_made": _l("moon"),
    "all_tricks": _l("all tricks"),
}


@dataclass
class SeatCell:
    name: str
    bid: Any
    tricks: int | None  # None when the partnership entered one total


@dataclass
class SideCell:
    name: str
    points: int
    total: int
    bags: int | None
    seats: list[SeatCell]
    team_tricks: int | None
    markers: list[tuple[str, Any]]
    lines: tuple[Line, ...] = ()


@dataclass
class Row:
    number: int
    dealer: str
    sides: list[SideCell] = field(default_factory=list)


def bid_text(bid: Any) -> str:
    """A bid as the scoresheet prints it."""
    return {
        "nil": "nil",
        "blind_nil": "BN",
        "double_blind_nil": "DBN",
        "moon": "moon",
        "blind_moon": "BM",
    }.get(str(bid), str(bid).replace("blind ", "B"))


def rows(stored: StoredGame, result: GameResult) -> list[Row]:
    """One row per hand, with each side's cell."""
    out = []
    for number, (body, hand) in enumerate(zip(stored.hands, result.hands, strict=True), start=1):
        team = set(body.get("team_tricks", []))
        row = Row(number, stored.players[stored.dealer(number)])
        for index, side in enumerate(result.sides):
            row.sides.append(
                SideCell(
                    name=side.name,
                    points=hand.points[index],
                    total=hand.totals[index],
                    bags=hand.bags[index] if hand.bags is not None else None,
                    seats=[
                        SeatCell(
                            stored.players[s],
                            bid_text(body["bids"][s]),
                            None if index in team else body["tricks"][s],
                        )
                        for s in side.seats
                    ],
                    team_tricks=sum(body["tricks"][s] for s in side.seats)
                    if index in team
                    else None,
                    markers=[
                        (m, MARKERS[m]) for m in dict.fromkeys(hand.markers[index]) if m in MARKERS
                    ],
                    lines=hand.explanation[index],
                )
            )
        out.append(row)
    return out


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
