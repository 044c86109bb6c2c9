"""Oh Hell as a game kind (RULES.md §4): each player for themselves, a fixed schedule of
hands, bids made exactly, the highest total after the last hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hand import Body, Gettext, HandCode
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..text import N_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .options import Deal, MissPenalty, OhHellOptions, TrickPoints
from .scoring import OhHellHand, OhHellState, past_the_schedule

DEAL_FACTS = {
    Deal.DOWN_UP: N_("{hands} hands: {top} cards down to 1 and back up"),
    Deal.UP_DOWN: N_("{hands} hands: 1 card up to {top} and back down"),
    Deal.DOWN: N_("{hands} hands: {top} cards down to 1"),
    Deal.UP: N_("{hands} hands: 1 card up to {top}"),
}


def shorthand(body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext) -> str:
    """The bid and the tricks taken ("3/4")."""
    (seat,) = seats
    return f"{body['bids'][seat]}/{body['tricks'][seat]}"


def csv_cells(body: Body, seat: int) -> dict[str, str]:
    return {"bid": str(body["bids"][seat]), "tricks": str(body["tricks"][seat])}


HAND = HandCode(
    scoring.parse_hand,
    scoring.hand_to_json,
    scoring.hand_words,
    shorthand,
    ("bid", "tricks"),
    csv_cells,
)


class OhHell(KindDefaults[OhHellOptions, OhHellState]):
    """The Oh Hell game kind."""

    facts = Facts(
        name="oh-hell",
        title=N_("Oh Hell"),
        featured="oh-hell",
        options=OhHellOptions,
        markers={"made": Marker(N_("made")), "missed": Marker(N_("missed"), setback=True)},
        stat_columns=(
            StatColumn(N_("Bids made / bid"), ("bids_made",), ("bids",)),
            StatColumn(N_("Exact zeros / zero bids"), ("zero_bids_made",), ("zero_bids",)),
        ),
        scorecard=((N_("Cards"),), (N_("Bid"), N_("Took"), N_("Score"))),
    )
    scoring: Scoring[OhHellOptions, OhHellHand, OhHellState] = scoring
    hand = HAND

    past_the_end = staticmethod(past_the_schedule)  # the schedule ends the game

    def words(self) -> Words[OhHellOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: OhHellOptions) -> Shape:
        """Each for themselves; the schedule says how many cards each hand deals."""
        return Shape(options.players, False, tuple(options.schedule))

    def dealt_by(self, state: OhHellState, dealer: int) -> OhHellState:
        """The hook binds the dealer: the state knows who deals the next hand."""
        return OhHellState(state.players, state.sides, state.totals, state.hands, dealer)

    def footer(self, options: OhHellOptions) -> list[Text]:
        """How many hands, and how they run."""
        facts = [text(DEAL_FACTS[options.deal], hands=len(options.schedule), top=options.largest)]
        if options.pack == 60:
            facts.append(text(N_("the 60-card Wizard pack")))
        return [*facts, text(N_("highest total wins"))]

    def scorecard_rows(self, options: OhHellOptions) -> tuple[tuple[str, ...], ...]:
        """The blank card's rows: one per hand of the schedule, its size printed."""
        return tuple((str(cards),) for cards in options.schedule)

    def tally(
        self, options: OhHellOptions, hand: OhHellHand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """Bids, bids made exactly, bids of 0 and those made."""
        bid, made = hand.bids[seat], hand.bids[seat] == hand.tricks[seat]
        counts = {
            "bids": 1,
            "bids_made": int(made),
            "zero_bids": int(bid == 0),
            "zero_bids_made": int(bid == 0 and made),
            "tricks_taken": hand.tricks[seat],
        }
        return {name: n for name, n in counts.items() if n}

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        return {
            "bids": {"bid": counts.get("bids", 0), "made": counts.get("bids_made", 0)},
            "zero_bids": {
                "bid": counts.get("zero_bids", 0),
                "made": counts.get("zero_bids_made", 0),
            },
            "tricks_taken": counts.get("tricks_taken", 0),
        }


KIND: GameKind[OhHellOptions, OhHellHand, OhHellState] = (
    OhHell()
)  # checked against the interface by mypy

__all__ = [
    "KIND",
    "Deal",
    "MissPenalty",
    "OhHellHand",
    "OhHellOptions",
    "OhHellState",
    "TrickPoints",
]
