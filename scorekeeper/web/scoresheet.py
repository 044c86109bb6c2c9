"""The scoresheet for the web pages: rows from the shared sheet, and who plays next."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import GameResult
from ..engine.text import Nn_, signed
from ..sheet import Row
from ..sheet import rows as sheet_rows
from ..store import StoredGame
from .i18n import translations
from .spades_entry import bidding_order


def rows(stored: StoredGame, result: GameResult, only: int | None = None) -> list[Row]:
    """One row per hand (or only hand `only`), its cells rendered once in the page's language.

    A long scoresheet has thousands of lines: translating each through the template
    (a context lookup per string, a macro call per cell) cost more than the scoring.
    """
    tr = translations()
    out = sheet_rows(
        stored.kind, stored.players, stored.first_dealer, stored.hands, result, tr.gettext, only
    )
    for row in out:
        for cell in row.sides:
            cell.points_text = signed(cell.points)
            if cell.bags is not None:
                cell.bags_text = tr.ngettext(*BAGS, cell.bags) % {"num": cell.bags}
            cell.marks = [(key, tr.gettext(label)) for key, label in cell.markers]
            cell.texts = [(line.rule, line.text.render(tr)) for line in cell.lines]
    return out


BAGS = Nn_("%(num)s bag", "%(num)s bags")


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
