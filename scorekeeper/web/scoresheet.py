"""The scoresheet for the web pages: rows from the shared sheet, and who plays next."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from flask_babel import gettext as _

from ..engine import GameResult, Ruleset
from ..engine.seats import bidding_order
from ..engine.types import Need
from ..scoresheet import Row, translate
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
    return translate(out, tr, stored.kind)


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


def next_hand(stored: StoredGame) -> NextHand:
    """Who deals and who bids first in the next hand."""
    number = len(stored.hands) + 1
    dealer = stored.dealer(number)
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
