"""Hearts as a game kind (RULES.md §2): lowest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hand import Body, Gettext, HandCode
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..text import N_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .options import End, FirstLead, HeartsOptions
from .scoring import HeartsHand, HeartsState, pass_direction

CARD_MARKS = {
    "queen_of_spades": "Q♠",
    "king_of_spades": "K♠",
    "ace_of_spades": "A♠",
    "jack_of_diamonds": "J♦",
    "ten_of_diamonds": "10♦",
}


def shorthand(body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext) -> str:
    """Hearts taken and the scoring cards ("5♥ Q♠")."""
    (seat,) = seats
    cards = " ".join(mark for key, mark in CARD_MARKS.items() if body.get(key) == seat)
    return f"{body['hearts'][seat]}♥ {cards}".strip()


HAND = HandCode(
    scoring.parse_hand,
    scoring.hand_to_json,
    scoring.hand_words,
    shorthand,
)


class Hearts(KindDefaults[HeartsOptions, HeartsState]):
    """The Hearts game kind."""

    facts = Facts(
        name="hearts",
        title=N_("Hearts"),
        featured="hearts-standard",
        options=HeartsOptions,
        markers={"moon": Marker(N_("moon")), "slam": Marker(N_("slam"))},
        stat_columns=(StatColumn(N_("Moons"), ("moons",)),),
        scorecard=((N_("Pass"),), (N_("Points"), N_("Total"))),
        seated_by=frozenset({"players", "widow", "removed_cards"}),
    )
    scoring: Scoring[HeartsOptions, HeartsHand, HeartsState] = scoring
    hand = HAND

    def words(self) -> Words[HeartsOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: HeartsOptions) -> Shape:
        """Each for themselves, the pack shared out after the cards removed and the widow."""
        return Shape(options.players, False, options.cards_each)

    def lowest_wins(self, options: HeartsOptions) -> bool:
        return True

    def first_lead(
        self, options: HeartsOptions, dealer: int, players: Sequence[str]
    ) -> tuple[int | None, Text | None]:
        """The holder of 2♣ (or of the lowest club) leads (seed 004): the hands entered do
        not say who that was, so the sheet says the rule; left of the dealer is a seat."""
        if options.first_lead is FirstLead.DEALER_LEFT:
            seat = (dealer + 1) % len(players)
            return seat, text(
                N_("{player} (left of the dealer) led the first trick."), player=players[seat]
            )
        if options.first_lead is FirstLead.LOWEST_CLUB:
            return None, text(N_("The holder of the lowest club led the first trick."))
        return None, text(N_("The holder of 2♣ led the first trick."))

    def target(self, options: HeartsOptions) -> int | None:
        return options.target if options.end is End.TARGET else None

    def tally(
        self, options: HeartsOptions, hand: HeartsHand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """Moons shot, Q♠ taken, hearts taken."""
        counts = {
            "moons": int("moon" in result.markers[side]),
            "queen_of_spades": int(hand.cards.get("queen_of_spades") == seat),
            "hearts_taken": hand.hearts[seat],
        }
        return {name: n for name, n in counts.items() if n}

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        """The fields `stats --json` promises of Hearts (GAME-FORMAT.md), and more."""
        return {name: counts.get(name, 0) for name in ("moons", "queen_of_spades", "hearts_taken")}


KIND: GameKind[HeartsOptions, HeartsHand, HeartsState] = (
    Hearts()
)  # checked against the interface by mypy

__all__ = ["KIND", "HeartsHand", "HeartsOptions", "HeartsState", "pass_direction"]
