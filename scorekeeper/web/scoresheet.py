"""The scoresheet for the web pages: rows from the shared sheet, and who plays next."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _

from ..engine import GameResult, Ruleset
from ..engine.seats import bidding_order
from ..engine.text import number
from ..engine.types import Need
from ..scoresheet import Row, fixed_columns, translate
from ..scoresheet import rows as sheet_rows
from ..store import StoredGame
from .i18n import render_text, translations


def rows(
    stored: StoredGame, result: GameResult, numbers: Collection[int] | None = None
) -> list[Row]:
    """One row per hand (or only the hands `numbers`), its cells rendered once in the
    page's language."""
    tr = translations()
    out = sheet_rows(stored.players, stored.hands, result, tr.gettext, numbers)
    translate(out, tr, stored.kind)
    columns = [tr.gettext(column) for column in fixed_columns(stored.ruleset)]
    for row in out:
        row.spoken = spoken(row, stored, result, columns)
    return out


def spoken(row: Row, stored: StoredGame, result: GameResult, columns: Sequence[str]) -> str:
    """A row as a screen reader says it: "Hand 2: Ann & Cho: Ann: bid 3, took 4; Cho:
    bid 2, took 2; +50 points, total 130." The entered parts are the kind's own words
    for the hand (`hand.words`): each player's under their side, the rest after the
    hand's number."""
    parts = stored.ruleset.kind.hand.words(stored.hands[row.number - 1], stored.players)
    said = [
        (who if isinstance(who, str) else render_text(who), render_text(what))
        for who, what in parts
    ]
    names = set(stored.players)
    head = [_("Hand %(n)s:", n=row.number)]
    head += [
        _("%(who)s: %(what)s", who=c, what=v) for c, v in zip(columns, row.fixed, strict=False)
    ]
    head += [_("%(who)s: %(what)s", who=who, what=what) for who, what in said if who not in names]
    sentences = []
    for side, cell in zip(result.sides, row.sides, strict=True):
        seated = [stored.players[seat] for seat in side.seats]
        mine = [
            what if seated == [cell.name] else _("%(who)s: %(what)s", who=who, what=what)
            for who, what in said
            if who in seated
        ]
        words = [
            *mine,
            _(
                "%(points)s points, total %(total)s",
                points=cell.points_text,
                total=number(cell.total),
            ),
            *([cell.carried_text] if cell.carried_text else []),
            *(label for _key, label in cell.marks),
        ]
        sentences.append(_("%(side)s: %(words)s.", side=cell.name, words="; ".join(words)))
    return " ".join([" ".join(dict.fromkeys(head)), *sentences])  # a fixed column said once


# A scoresheet shows the latest hands; a longer game links to every hand. No table plays
# this many in an evening, but a long imported game should not send a phone a megabyte.
SHOWN = 100


def first_shown(hands: int, every: bool) -> int:
    """The first hand the scoresheet shows: 1, or the first of the latest SHOWN."""
    return 1 if every or hands <= SHOWN else hands - SHOWN + 1


def rule_labels(ruleset: Ruleset) -> dict[str, str]:
    """Each rule's label, for the links from explanation lines to the rule page."""
    kind = ruleset.kind
    options = kind.facts.options()
    labels = {
        name: render_text(label)
        for _, rules in kind.words().describe(options)
        for name, label, _ in rules
    }
    labels["score_table"] = _("Score table")
    return labels


@dataclass
class NextHand:
    number: int
    dealer: str
    first_bidder: str


def dealer_of(stored: StoredGame, result: GameResult, number: int) -> int:
    """The seat that dealt hand `number`, or deals the next one, as the game's kind says
    (a deal passed out dealt again by the same dealer, a board's own dealer); the table's
    correction of the next hand's dealer comes first."""
    if number > len(stored.hands) and stored.next_dealer is not None:
        return stored.next_dealer
    return result.dealer(number)


def next_hand(stored: StoredGame, result: GameResult) -> NextHand:
    """Who deals and who bids first in the next hand."""
    number = len(stored.hands) + 1
    dealer = dealer_of(stored, result, number)
    first = bidding_order(dealer, len(stored.players))[0]
    return NextHand(number, stored.players[dealer], stored.players[first])


def leading(result: GameResult) -> set[int]:
    """The sides in the lead before the end: the best total, the lowest where low wins
    (none before the first hand, or when every side is level)."""
    if not result.hands or result.outcome.finished:
        return set()
    totals = result.totals
    lowest = result.game.kind.lowest_wins(result.game.current_ruleset.options)
    best = min(totals) if lowest else max(totals)
    ahead = {index for index, total in enumerate(totals) if total == best}
    return ahead if len(ahead) < len(totals) else set()


def needs(stored: StoredGame, result: GameResult) -> list[Need]:
    """Before the next hand, what each side needs in numbers, as the game's kind says it
    under the rules in force (nothing before the first hand, nor after the end)."""
    if not result.hands or result.outcome.finished:
        return []
    return stored.ruleset.kind.scoring.needs(stored.ruleset.options, result.state)
