"""The scoresheet for the web pages: rows from the shared sheet, and who plays next."""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass

from flask import current_app, request, url_for
from flask_babel import gettext as _

from ..engine import GameResult, HandResult, Ruleset, find_kind
from ..engine.seats import bidding_order
from ..engine.types import Need
from ..lru import LRU
from ..scoresheet import Row, translate
from ..scoresheet import rows as sheet_rows
from ..store import StoredGame
from .i18n import language, render_text, translations


def rows(
    stored: StoredGame, result: GameResult, numbers: Collection[int] | None = None
) -> list[Row]:
    """One row per hand (or only the hands `numbers`), its cells rendered once in the
    page's language."""
    tr = translations()
    out = sheet_rows(
        stored.kind, stored.players, stored.first_dealer, stored.hands, result, tr.gettext, numbers
    )
    return translate(out, tr)


class _RowView:
    """The rows' HTML of one game as one kind of phone sees it (role, language, address),
    per scored hand.

    Scoring one more hand keeps the earlier hands' results (engine.extend), so after a
    hand is entered only the new row is rendered; an edit or a rule change scores the
    game again and every row is new. Rows are found by the hand result's id, and the
    entry holds the result itself, so an id is never taken for another while its entry
    lives. (Deleting the last hand is a link under the rows, not part of one.)
    """

    __slots__ = ("rows", "weight")

    SLACK = 16  # rows of results no longer shown, beyond twice the shown, before a sweep

    def __init__(self) -> None:
        self.rows: dict[int, tuple[HandResult, str | None, bytes]] = {}
        self.weight = 0  # bytes held

    def keep_only(self, hands: Collection[HandResult]) -> None:
        """Forget the rows of results no longer shown (an edit made new ones)."""
        kept = {id(hand): self.rows[id(hand)] for hand in hands if id(hand) in self.rows}
        self.rows = kept
        self.weight = sum(len(row[2]) for row in kept.values())


# One view per game, role, language and address; one lookup per page, then a plain
# dict per row (a locked LRU lookup per row cost more than the rest of the rows).
_VIEWS = LRU(2048, budget=16 * 1024 * 1024, weigh=lambda view: view.weight)


# A scoresheet shows the latest hands; a longer game links to every hand. No table plays
# this many in an evening, but a long imported game should not send a phone a megabyte.
SHOWN = 100


def first_shown(hands: int, every: bool) -> int:
    """The first hand the scoresheet shows: 1, or the first of the latest SHOWN."""
    return 1 if every or hands <= SHOWN else hands - SHOWN + 1


def rows_html(
    stored: StoredGame, result: GameResult, role: str | None, first: int = 1
) -> list[bytes]:
    """The scoresheet's rows from hand `first` on, in UTF-8, for the page to join: each
    row is rendered and encoded once per scored hand, role and language.

    Bytes, not text: a 100-row sheet is ~130,000 characters, and in text each pass over
    it (the join, marking it safe, joining it into the page, encoding the response) was
    a fresh copy of twice that or more, the rows being mostly ASCII with a few wider
    characters ("→", "·", "✓"). As UTF-8 they are copied once, into the page."""
    key = (stored.source, stored.id, role, language(), request.script_root)
    view: _RowView | None = _VIEWS.get(key)
    if view is None:
        view = _RowView()
    shown = result.hands[first - 1 :]
    kept = view.rows
    confirmations = stored.confirmations if stored.confirm_hands else None
    html: list[bytes] = []
    missing: list[int] = []
    for number, hand in enumerate(shown, start=first):
        confirmed = confirmations[number - 1] if confirmations else None
        found = kept.get(id(hand))
        if found is not None and found[0] is hand and found[1] == confirmed:
            html.append(found[2])
        else:
            html.append(b"")
            missing.append(number)
    if missing:
        template = current_app.jinja_env.get_template("sheet_row.html")
        rules_url = url_for("games.game_rules", game_id=stored.id)
        labels = rule_labels(stored.ruleset)
        if len(kept) + len(missing) > 2 * len(shown) + _RowView.SLACK:
            view.keep_only(shown)
            kept = view.rows
        for row in rows(stored, result, missing):
            page = template.render(
                row=row,
                stored=stored,
                role=role,
                rules_url=rules_url,
                rule_labels=labels,
            ).encode()
            html[row.number - first] = page
            hand = result.hands[row.number - 1]
            confirmed = confirmations[row.number - 1] if confirmations else None
            kept[id(hand)] = (hand, confirmed, page)
            view.weight += len(page)
        _VIEWS.put(key, view)  # weighed again
    return html


def rule_labels(ruleset: Ruleset) -> dict[str, str]:
    """Each rule's label, for the links from explanation lines to the rule page."""
    return _labels(ruleset.game, language())


@functools.lru_cache(maxsize=16)
def _labels(game: str, language: str) -> dict[str, str]:
    """Labels depend on the game kind and the language only, never on option values."""
    kind = find_kind(game)
    options = kind.options_type()
    labels = {
        name: render_text(label) for _, rules in kind.describe(options) for name, label, _ in rules
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


def needs(stored: StoredGame, result: GameResult) -> list[Need]:
    """Before the next hand, what each side needs in numbers, as the game's kind says it
    under the rules in force (nothing before the first hand, nor after the end)."""
    if not result.hands or result.outcome.finished:
        return []
    return find_kind(stored.kind).needs(stored.ruleset.options, result.state)
