"""The score sheet as people read it: a row per hand, each side's cell in shorthand.

Shared by the web page and the PDF; no Flask here. Marker labels are translatable
templates (N_) that the page or the PDF translates.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import GameResult, HandResult, Ruleset, find_kind
from .engine.text import N_, Text, Translations, signed, text
from .engine.types import Line

FIRST_LEAD = N_("led first")  # the seat a kind's rules name as leading the first trick


def winner_words(result: GameResult) -> Text:
    """Who won a finished game: the winner, or the sides that share the win."""
    outcome, sides = result.outcome, result.sides
    if outcome.winner is not None:
        return text(N_("Winner: {side}"), side=sides[outcome.winner].name)
    return text(N_("Shared win: {sides}"), sides=", ".join(sides[i].name for i in outcome.winners))


def _same(message: str) -> str:
    return message


@dataclass
class SideCell:
    name: str
    points: int
    total: int
    carried: int | None  # what the side carries on (the kind says what)
    detail: str  # what the side bid and took, in scoresheet shorthand
    markers: list[tuple[str, str]]  # (key, translatable label)
    lines: tuple[Line, ...] = ()
    setback: bool = False  # a marker that cost the side: the printed sheet greys the cell
    tone: str = ""  # "gain" or "loss" for the side (points taken are a loss where low wins)
    # Filled in by `translate`, rendered once in a page's or a PDF's language.
    points_text: str = ""
    carried_text: str = ""
    marks: list[tuple[str, str]] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Row:
    number: int
    dealer: str
    sides: list[SideCell] = field(default_factory=list)
    lead: Text | None = None  # who led the first trick, as the rules say (the kind says)
    lead_text: str = ""  # filled in by `translate`
    fixed: tuple[str, ...] = ()  # what the rules fix for this hand in advance (its cards)
    spoken: str = ""  # the whole row in words, for a screen reader (the web page fills it)


def fixed_columns(ruleset: Ruleset) -> tuple[str, ...]:
    """The columns a sheet gives what the rules fix for every hand in advance (a
    schedule's cards per hand), as N_ templates; none where nothing is fixed."""
    if ruleset.kind.scorecard_rows(ruleset.options) is None:
        return ()
    return ruleset.kind.facts.scorecard[0]


def rows(
    players: Sequence[str],
    bodies: Sequence[Mapping[str, Any]],
    result: GameResult,
    gettext: Callable[[str], str] = _same,
    numbers: Collection[int] | None = None,
) -> list[Row]:
    """One row per hand (or only the hands `numbers`), with each side's cell."""
    out = []
    game_kind = result.game.kind
    shorthand, markers = game_kind.hand.shorthand, game_kind.facts.markers
    lowest = game_kind.lowest_wins(result.game.current_ruleset.options)
    pairs: Iterable[tuple[int, tuple[Mapping[str, Any], HandResult]]] = enumerate(
        zip(bodies, result.hands, strict=True), start=1
    )
    if numbers is not None:  # some hands' rows: no need to build the others
        pairs = [(n, (bodies[n - 1], result.hands[n - 1])) for n in sorted(numbers)]
    dealers = result.dealers()  # the real dealers, as the kind says
    for number, (body, hand) in pairs:
        dealer = dealers[number - 1]
        options = result.game.ruleset_for(number).options
        leader, row_lead = game_kind.first_lead(options, dealer, players)
        printed = game_kind.scorecard_rows(options)
        fixed = printed[number - 1] if printed and number <= len(printed) else ()
        row = Row(number, players[dealer], lead=row_lead, fixed=fixed)
        cell_body = game_kind.on_sheet(options, body)  # with what a cell shows of the rules
        for index, side in enumerate(result.sides):
            led = [("first_lead", FIRST_LEAD)] if leader in side.seats else []
            said = [markers[m] for m in dict.fromkeys(hand.markers[index]) if m in markers]
            row.sides.append(
                SideCell(
                    name=side.name,
                    points=hand.points[index],
                    total=hand.totals[index],
                    carried=hand.carried[index] if hand.carried is not None else None,
                    detail=shorthand(cell_body, side.seats, players, gettext),
                    markers=[
                        (m, markers[m].label)
                        for m in dict.fromkeys(hand.markers[index])
                        if m in markers
                    ]
                    + led,
                    lines=hand.explanation[index],
                    setback=any(marker.setback for marker in said),
                    tone=_tone(hand.points[index], lowest),
                )
            )
        out.append(row)
    return out


def _tone(points: int, lowest_wins: bool) -> str:
    """Whether a hand's points helped the side ("gain") or hurt it ("loss")."""
    if points == 0:
        return ""
    return "gain" if (points > 0) != lowest_wins else "loss"


def translate(rows: list[Row], tr: Translations, kind: str) -> list[Row]:
    """Render each cell's words once in a language, for a page or a PDF.

    A long scoresheet has thousands of lines: translating each through the template
    (a context lookup per string, a filter or macro call per cell) cost more than the
    scoring.
    """
    for row in rows:
        row.lead_text = row.lead.render(tr) if row.lead is not None else ""
        for cell in row.sides:
            cell.points_text = signed(cell.points)
            if cell.carried is not None:
                cell.carried_text = carried_text(kind, cell.carried, tr)
            cell.marks = [(key, tr.gettext(label)) for key, label in cell.markers]
            cell.texts = [(line.rule, line.text.render(tr)) for line in cell.lines]
    return rows


def hand_notes(kind: str, hand: HandResult, side: int, tr: Translations | None) -> list[str]:
    """What a hand left a side with besides its points, in words: what it carries on
    and its markers, for a comparison beside the points."""
    tr = tr or gettext.NullTranslations()
    markers = find_kind(kind).facts.markers
    notes = [carried_text(kind, hand.carried[side], tr)] if hand.carried is not None else []
    said = dict.fromkeys(m for m in hand.markers[side] if m in markers)
    return notes + [tr.gettext(markers[m].label) for m in said]


def carried_text(kind: str, n: int, tr: Translations) -> str:
    """What a side carries on, in its game kind's words."""
    words: tuple[str, str] = find_kind(kind).facts.carried_words
    return tr.ngettext(*words, n) % {"num": n}
