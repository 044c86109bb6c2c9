"""Pinochle as a game kind (RULES.md §8): partnership single deck, double deck and
cutthroat for three; bids, meld and counters, the bidding side counted first."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InvalidHand
from ..hand import Body
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..rulesheet import Table
from ..text import N_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .hand import HAND, LAID, PinochleHand, bid_ladder, meld_table, side_of
from .melds import (
    AROUNDS,
    FOLD,
    NAMES,
    SINGLES,
    SUIT_SIGNS,
    SUITS,
    card_code,
    card_face,
    pack_cards,
)
from .options import Deck, PinochleOptions
from .scoring import PinochleState


class Pinochle(KindDefaults[PinochleOptions, PinochleState]):
    """The Pinochle game kind."""

    facts = Facts(
        name="pinochle",
        title=N_("Pinochle"),
        featured="pinochle-partnership",
        options=PinochleOptions,
        markers={
            "made": Marker(N_("bid made")),
            "set": Marker(N_("set"), setback=True),
            "thrown_in": Marker(N_("thrown in"), setback=True),
            "meld_lost": Marker(N_("meld lost"), setback=True),
            "moon": Marker(N_("moon")),
            "moon_failed": Marker(N_("moon failed"), setback=True),
        },
        stat_columns=(
            # Keys of their own: every kind's tallies are added up in one count per player.
            StatColumn(N_("Bids made / won"), ("auctions_made",), ("auctions",)),
            StatColumn(N_("Sets"), ("auctions_set",)),
            StatColumn(N_("Thrown in"), ("auctions_thrown_in",)),
        ),
        scorecard=(
            (N_("Bidder"), N_("Bid"), N_("Trump")),
            (N_("Meld"), N_("Counters"), N_("Score"), N_("Total")),
        ),
        seated_by=frozenset({"players", "deck"}),
    )
    scoring: Scoring[PinochleOptions, PinochleHand, PinochleState] = scoring
    hand = HAND

    def words(self) -> Words[PinochleOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: PinochleOptions) -> Shape:
        """Two partnerships of a single (12 tricks) or double deck (20), or three players
        each for themselves (15 tricks)."""
        return Shape(options.players, options.partnership, options.hand_cards)

    def seating(self, options: PinochleOptions, count: int) -> Text:
        if options.partnership:
            return text(N_("partnership Pinochle is for 4 players, got {count}"), count=count)
        return text(N_("cutthroat Pinochle is for 3 players, got {count}"), count=count)

    def target(self, options: PinochleOptions) -> int | None:
        return options.target

    def tally(
        self,
        options: PinochleOptions,
        hand: PinochleHand,
        result: HandResult,
        seat: int,
        side: int,
    ) -> dict[str, int]:
        """Bids won and made, sets and throw-ins, by the bidder."""
        if seat != hand.bidder:
            return {}
        markers = result.markers[side]
        counts = {
            "auctions": 1,
            "auctions_made": int("made" in markers or "moon" in markers),
            "auctions_set": int("set" in markers or "moon_failed" in markers),
            "auctions_thrown_in": int("thrown_in" in markers),
        }
        return {name: n for name, n in counts.items() if n}

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        """One field of its own ("auctions"): every kind's fields share a player's entry."""
        return {
            "auctions": {
                "won": counts.get("auctions", 0),
                "made": counts.get("auctions_made", 0),
                "set": counts.get("auctions_set", 0),
                "thrown_in": counts.get("auctions_thrown_in", 0),
            }
        }

    def tables(self, options: PinochleOptions) -> list[Table]:
        """The meld table in force: a row per meld, a column per single, double, triple
        and quadruple (as many as the pack holds); marriages and nines count each."""
        table = meld_table(options)
        folds = 4 if options.deck is Deck.DOUBLE else 2
        columns = (N_("single"), N_("double"), N_("triple"), N_("quadruple"))[:folds]
        rows = []
        for meld in ("run", "royal_marriage", "marriage", "dix", "pinochle", *AROUNDS.values()):
            if not table.holds(meld):
                continue
            if meld in SINGLES:  # each counted one by one
                values = tuple(n * table.value(meld) for n in range(1, folds + 1))
            else:
                values = tuple(table.value(f"{FOLD[n]}{meld}") for n in range(folds))
            rows.append((text(NAMES[meld]), values))
        return [
            Table(
                title=text(N_("Meld table")),
                columns=tuple(text(c) for c in columns),
                rows=tuple(rows),
                note=text(
                    N_(
                        "A double (triple, quadruple) meld replaces the single; marriages and nines of trumps count each."
                    )
                ),
            )
        ]

    def bid_ladder(self, options: PinochleOptions) -> list[int]:
        """The legal bids the bid's chips follow (templates/kinds/pinochle/bid.html)."""
        return bid_ladder(options)

    def meld_rows(self, options: PinochleOptions) -> list[tuple[str, str, int]]:
        """The meld picker's rows: every meld the pack can hold, its name (an N_
        template) and its value under these rules."""
        return [(meld, NAMES[meld], value) for meld, value in meld_table(options).rows()]

    def card_rows(self, options: PinochleOptions) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """The card grid's rows: each suit (its name and sign) with its cards, each by its
        code and its face ("TH", "10")."""
        cards = pack_cards(options.deck.value)
        return [
            (suit, SUIT_SIGNS[suit], [(card_code(c), card_face(c)) for c in cards if c[1] == suit])
            for suit in SUITS
        ]

    def on_sheet(self, options: PinochleOptions, body: Body) -> Body:
        """A meld picked from the table or laid down as cards is shown by its total: the
        sheet's cell is given each side's meld laid down (or the hand as it is, where it
        does not read)."""
        if not isinstance(body.get("meld"), list) and not isinstance(body.get("meld_cards"), list):
            return body
        try:
            hand = HAND.parse(dict(body), options)
        except InvalidHand:
            return body
        return {**body, LAID: list(hand.laid)}


KIND: GameKind[PinochleOptions, PinochleHand, PinochleState] = Pinochle()  # checked by mypy

__all__ = ["KIND", "PinochleHand", "PinochleOptions", "PinochleState", "side_of"]
