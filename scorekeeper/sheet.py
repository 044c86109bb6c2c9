"""The scoresheet as people read it: a row per hand, each side's cell in shorthand.

Shared by the web page and the PDF; no Flask here. Marker labels are translatable
templates (N_) that the page or the PDF translates.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import GameResult, HandResult
from .engine.game import Line
from .engine.text import N_

MARKERS = {
    "set": N_("set"),
    "bagged_out": N_("bagged out"),
    "nil_made": N_("nil made"),
    "nil_failed": N_("nil failed"),
    "blind_nil_made": N_("blind nil made"),
    "blind_nil_failed": N_("blind nil failed"),
    "double_blind_nil_made": N_("double blind nil made"),
    "double_blind_nil_failed": N_("double blind nil failed"),
    "moon_made": N_("moon"),
    "all_tricks": N_("all tricks"),
    "moon": N_("moon"),
    "slam": N_("slam"),
    "declarer": N_("declarer"),
}
CARD_MARKS = {
    "queen_of_spades": "Q♠",
    "king_of_spades": "K♠",
    "ace_of_spades": "A♠",
    "jack_of_diamonds": "J♦",
    "ten_of_diamonds": "10♦",
}
CONTRACT_SHORT = {
    "normal": N_("Q+Q"),
    "schneider": N_("Schn."),
    "sneaker": N_("Sneak."),
    "zola": N_("Zola"),
    "zola_schneider": N_("Zola S"),
    "zola_schneider_schwarz": N_("Zola SS"),
}
BID_SHORT = {
    "nil": N_("nil"),
    "blind_nil": N_("BN"),
    "double_blind_nil": N_("DBN"),
    "moon": N_("moon"),
    "blind_moon": N_("BM"),
}


def _same(message: str) -> str:
    return message


@dataclass
class SideCell:
    name: str
    points: int
    total: int
    bags: int | None
    detail: str  # what the side bid and took, in scoresheet shorthand
    markers: list[tuple[str, str]]  # (key, translatable label)
    lines: tuple[Line, ...] = ()
    # Filled in by a page, rendered once in its language (see web.scoresheet.rows).
    points_text: str = ""
    bags_text: str = ""
    marks: list[tuple[str, str]] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Row:
    number: int
    dealer: str
    sides: list[SideCell] = field(default_factory=list)


def dealer_of(first_dealer: int, seats: int, hand_number: int) -> int:
    """The seat that deals hand `hand_number` (1-based); the deal passes to the left."""
    return (first_dealer + hand_number - 1) % seats


def bid_text(bid: Any, gettext: Callable[[str], str] = _same) -> str:
    """A bid as the scoresheet prints it (translated by `gettext`)."""
    if str(bid) in BID_SHORT:
        return gettext(BID_SHORT[str(bid)])
    if str(bid).startswith("blind "):
        return gettext(N_("B{n}")).format(n=str(bid).split()[1])
    return str(bid)


def detail(
    kind: str,
    body: Mapping[str, Any],
    seats: tuple[int, ...],
    team: bool,
    gettext: Callable[[str], str] = _same,
) -> str:
    """One side's part of a hand in shorthand (e.g. "3/4 · nil/0", "5♥ Q♠", "Zola 75")."""
    if kind == "spades":
        if team:
            took = sum(body["tricks"][s] for s in seats)
            return "+".join(bid_text(body["bids"][s], gettext) for s in seats) + f"/{took}"
        return " · ".join(
            f"{bid_text(body['bids'][s], gettext)}/{body['tricks'][s]}" for s in seats
        )
    (seat,) = seats
    if kind == "hearts":
        cards = " ".join(mark for key, mark in CARD_MARKS.items() if body.get(key) == seat)
        return f"{body['hearts'][seat]}♥ {cards}".strip()
    if seat in body["declarers"]:
        return f"{gettext(CONTRACT_SHORT[body['contract']])} {body['points']}"
    return ""


def rows(
    kind: str,
    players: Sequence[str],
    first_dealer: int,
    bodies: Sequence[Mapping[str, Any]],
    result: GameResult,
    gettext: Callable[[str], str] = _same,
    numbers: Collection[int] | None = None,
) -> list[Row]:
    """One row per hand (or only the hands `numbers`), with each side's cell."""
    out = []
    pairs: Iterable[tuple[int, tuple[Mapping[str, Any], HandResult]]] = enumerate(
        zip(bodies, result.hands, strict=True), start=1
    )
    if numbers is not None:  # some hands' rows: no need to build the others
        pairs = [(n, (bodies[n - 1], result.hands[n - 1])) for n in sorted(numbers)]
    for number, (body, hand) in pairs:
        team = set(body.get("team_tricks", []))
        row = Row(number, players[dealer_of(first_dealer, len(players), number)])
        for index, side in enumerate(result.sides):
            row.sides.append(
                SideCell(
                    name=side.name,
                    points=hand.points[index],
                    total=hand.totals[index],
                    bags=hand.bags[index] if hand.bags is not None else None,
                    detail=detail(kind, body, side.seats, index in team, gettext),
                    markers=[
                        (m, MARKERS[m]) for m in dict.fromkeys(hand.markers[index]) if m in MARKERS
                    ],
                    lines=hand.explanation[index],
                )
            )
        out.append(row)
    return out
