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
    "moon": _l("moon"),
    "slam": _l("slam"),
    "declarer": _l("declarer"),
}


@dataclass
class SideCell:
    name: str
    points: int
    total: int
    bags: int | None
    detail: str  # what the side bid and took, in scoresheet shorthand
    markers: list[tuple[str, Any]]
    lines: tuple[Line, ...] = ()


@dataclass
class Row:
    number: int
    dealer: str
    sides: list[SideCell] = field(default_factory=list)


def bid_text(bid: Any) -> str:
    """A bid as the scoresheet prints it."""
    short = {
        "nil": "nil",
        "blind_nil": "BN",
        "double_blind_nil": "DBN",
        "moon": "moon",
        "blind_moon": "BM",
    }
    return short.get(str(bid), str(bid).replace("blind ", "B"))


CARD_MARKS = {
    "queen_of_spades": "Q♠",
    "king_of_spades": "K♠",
    "ace_of_spades": "A♠",
    "jack_of_diamonds": "J♦",
    "ten_of_diamonds": "10♦",
}
CONTRACT_SHORT = {
    "normal": "Q+Q",
    "schneider": "Schn.",
    "sneaker": "Sneak.",
    "zola": "Zola",
    "zola_schneider": "Zola S",
    "zola_schneider_schwarz": "Zola SS",
}


def detail(kind: str, body: dict[str, Any], seats: tuple[int, ...], team: bool) -> str:
    """One side's part of a hand in scoresheet shorthand (e.g. "3/4 · nil/0", "5♥ Q♠")."""
    if kind == "spades":
        if team:
            return (
                "+".join(bid_text(body["bids"][s]) for s in seats)
                + f"/{sum(body['tricks'][s] for s in seats)}"
            )
        return " · ".join(f"{bid_text(body['bids'][s])}/{body['tricks'][s]}" for s in seats)
    if kind == "hearts":
        (seat,) = seats
        cards = " ".join(mark for key, mark in CARD_MARKS.items() if body.get(key) == seat)
        return f"{body['hearts'][seat]}♥ {cards}".strip()
    (seat,) = seats
    if seat in body["declarers"]:
        return f"{CONTRACT_SHORT[body['contract']]} {body['points']}"
    return ""


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
                    detail=detail(stored.kind, body, side.seats, index in team),
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
