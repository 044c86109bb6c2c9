"""The score sheet as people read it: a row per hand, each side's cell in shorthand.

Shared by the web page and the PDF; no Flask here. Marker labels are translatable
templates (N_) that the page or the PDF translates.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import GameResult, HandResult, find_kind
from .engine.seats import dealer_of
from .engine.text import N_, Nn_, Text, Translations, signed
from .engine.types import Line

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
    "first_lead": N_("led first"),
}
# The markers that cost a side: the printed sheet greys their cell.
SETBACKS = frozenset(
    {"set", "bagged_out", "nil_failed", "blind_nil_failed", "double_blind_nil_failed"}
)


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
    setback: bool = False  # a marker that cost the side: the printed sheet greys the cell
    # Filled in by `translate`, rendered once in a page's or a PDF's language.
    points_text: str = ""
    bags_text: str = ""
    marks: list[tuple[str, str]] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Row:
    number: int
    dealer: str
    sides: list[SideCell] = field(default_factory=list)
    lead: Text | None = None  # who led the first trick, as the rules say (the kind says)
    lead_text: str = ""  # filled in by `translate`


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
    game_kind = find_kind(kind)
    shorthand = game_kind.shorthand
    pairs: Iterable[tuple[int, tuple[Mapping[str, Any], HandResult]]] = enumerate(
        zip(bodies, result.hands, strict=True), start=1
    )
    if numbers is not None:  # some hands' rows: no need to build the others
        pairs = [(n, (bodies[n - 1], result.hands[n - 1])) for n in sorted(numbers)]
    for number, (body, hand) in pairs:
        team = set(body.get("team_tricks", []))
        dealer = dealer_of(first_dealer, len(players), number)
        leader, row_lead = game_kind.first_lead(
            result.game.ruleset_for(number).options, dealer, players
        )
        row = Row(number, players[dealer], lead=row_lead)
        for index, side in enumerate(result.sides):
            led = [("first_lead", MARKERS["first_lead"])] if leader in side.seats else []
            row.sides.append(
                SideCell(
                    name=side.name,
                    points=hand.points[index],
                    total=hand.totals[index],
                    bags=hand.bags[index] if hand.bags is not None else None,
                    detail=shorthand(body, side.seats, index in team, gettext),
                    markers=[
                        (m, MARKERS[m]) for m in dict.fromkeys(hand.markers[index]) if m in MARKERS
                    ]
                    + led,
                    lines=hand.explanation[index],
                    setback=any(m in SETBACKS for m in hand.markers[index]),
                )
            )
        out.append(row)
    return out


BAGS = Nn_("%(num)s bag", "%(num)s bags")


def translate(rows: list[Row], tr: Translations) -> list[Row]:
    """Render each cell's words once in a language, for a page or a PDF.

    A long scoresheet has thousands of lines: translating each through the template
    (a context lookup per string, a filter or macro call per cell) cost more than the
    scoring.
    """
    for row in rows:
        row.lead_text = row.lead.render(tr) if row.lead is not None else ""
        for cell in row.sides:
            cell.points_text = signed(cell.points)
            if cell.bags is not None:
                cell.bags_text = tr.ngettext(*BAGS, cell.bags) % {"num": cell.bags}
            cell.marks = [(key, tr.gettext(label)) for key, label in cell.markers]
            cell.texts = [(line.rule, line.text.render(tr)) for line in cell.lines]
    return rows
