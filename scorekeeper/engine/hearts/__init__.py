"""Hearts as a game kind (RULES.md §2): lowest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hand import Entered, Field, HandForm
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..text import N_, Nn_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .options import End, FirstLead, HeartsOptions, Moon
from .scoring import (
    CARD_NAMES,
    MOON_CHOICE_WORDS,
    HeartsHand,
    HeartsState,
    make_hand,
    pass_direction,
    read_hearts,
    read_moon_choice,
    read_taker,
    scoring_cards,
)

CARD_MARKS = {
    "queen_of_spades": "Q♠",
    "king_of_spades": "K♠",
    "ace_of_spades": "A♠",
    "jack_of_diamonds": "J♦",
    "ten_of_diamonds": "10♦",
}


CARD_QUESTIONS = {
    "queen_of_spades": N_("Who took Q♠?"),
    "king_of_spades": N_("Who took K♠?"),
    "ace_of_spades": N_("Who took A♠?"),
    "jack_of_diamonds": N_("Who took J♦?"),
    "ten_of_diamonds": N_("Who took 10♦?"),
}


def card_field(card: str) -> Field[HeartsOptions]:
    """Who took a scoring card, where these rules score it."""
    return Field(
        card,
        Entered.SEAT,
        label=CARD_QUESTIONS[card],
        said=CARD_NAMES[card],
        says=N_("taken by {name}"),
        missing=text(N_("Choose who took {card}"), card=Text(CARD_NAMES[card])),
        required=False,
        offered=lambda options: card in scoring_cards(options),
        only_offered=True,
        read=read_taker(card),
        short=CARD_MARKS[card],
    )


# A hand as the table records it, after the cards were passed: the hearts each player
# took, who took each scoring card, and a moon shooter's choice where the rules give one.
HAND = HandForm[HeartsOptions, HeartsHand](
    fields=(
        Field(
            "hearts",
            Entered.EACH_SEAT,
            label="",
            said="",
            hint=N_("hearts taken"),
            missing=N_("Choose the hearts {player} took"),
            high=13,
            total=13,
            over=N_("The others already took {n} hearts; there are 13"),
            each_said=Nn_("{n} heart", "{n} hearts"),
            read=read_hearts,
            short="{value}♥",
        ),
        *(card_field(card) for card in CARD_NAMES),
        Field(
            "moon_choice",
            Entered.WORDS,
            label=N_("If someone shot the moon"),
            said=N_("moon"),
            hint=N_("all 13 hearts and Q♠: the shooter chooses"),
            missing=N_("Someone shot the moon: choose what it scores"),
            choices=tuple(MOON_CHOICE_WORDS.items()),
            required=False,
            offered=lambda options: options.moon is Moon.CHOICE,
            only_offered=True,
            read=read_moon_choice,
        ),
    ),
    needs=N_("a Hearts hand needs 'hearts' and 'queen_of_spades'"),
    make=make_hand,
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
