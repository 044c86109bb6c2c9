"""Euchre as a game kind (RULES.md §5): two partnerships, five tricks a hand, one side
scoring each hand; a target, a number of hands, or both end the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hand import Entered, Field, HandForm
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..text import N_, Text, text
from ..types import HandResult, Marker, StatColumn
from . import scoring
from .options import TRICKS, DefendAlone, EuchreOptions
from .scoring import EuchreHand, EuchreState, check_hand

# A hand as the table records it: who made the suit, alone or not, the makers' tricks,
# and a defender who played alone, where the rules play that.
HAND = HandForm[EuchreOptions, EuchreHand](
    fields=(
        Field(
            "maker",
            Entered.SEAT,
            label=N_("Who made the suit"),
            said=N_("Maker"),
            invalid=N_("'maker' must be a seat of the file (0 to 3), got {value}"),
            missing=N_("Choose who made the suit"),
            short="{player}",
        ),
        Field(
            "alone",
            Entered.TOGGLE,
            label=N_("Alone?"),
            said=N_("Alone"),
            invalid=N_("'alone' must be true or false"),
            required=False,
            no_yes=(N_("with partner"), N_("alone")),
            of="maker",
            short=N_("alone"),
            csv="bid",
        ),
        Field(
            "tricks",
            Entered.NUMBER,
            label=N_("Tricks the makers took"),
            said=N_("Tricks"),
            invalid=N_("'tricks' (the makers' side) must be 0 to 5, got {value}"),
            missing=N_("Choose the tricks the makers took"),
            hint=N_("3 or more: made; 2 or fewer: euchred"),
            high=TRICKS,
            of="maker",
            short="{value}/5",
            csv="tricks",
        ),
        Field(
            "defender_alone",
            Entered.SEAT,
            label=N_("Defended alone"),
            said=N_("Defended alone"),
            invalid=N_(
                "'defender_alone' must be a seat of the file (0 to 3) or null, got {value}"
            ),
            required=False,
            nobody=N_("nobody"),
            offered=lambda options: options.defend_alone is not DefendAlone.OFF,
            short=N_("{player} defended alone"),
        ),
    ),
    needs=N_("a Euchre hand needs 'maker' and 'tricks'"),
    make=EuchreHand,
    check=check_hand,  # when the hand is played (and before a form is sent)
)


class Euchre(KindDefaults[EuchreOptions, EuchreState]):
    """The Euchre game kind."""

    facts = Facts(
        name="euchre",
        title=N_("Euchre"),
        featured="euchre",
        options=EuchreOptions,
        markers={
            "made": Marker(N_("made")),
            "march": Marker(N_("march")),
            "euchre": Marker(N_("euchre")),
            "euchred": Marker(N_("euchred"), setback=True),
            "alone": Marker(N_("alone")),
        },
        stat_columns=(
            StatColumn(N_("Hands made / made the suit"), ("makes_made",), ("makes",)),
            StatColumn(N_("Marches"), ("marches",)),
            StatColumn(N_("Euchres"), ("euchres",)),
            StatColumn(N_("Alone"), ("loners",)),
        ),
        scorecard=((N_("Maker"), N_("Alone"), N_("Tricks")), (N_("Score"), N_("Total"))),
    )
    scoring: Scoring[EuchreOptions, EuchreHand, EuchreState] = scoring
    hand = HAND

    def words(self) -> Words[EuchreOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: EuchreOptions) -> Shape:
        """Two partnerships, partners opposite; five cards each, five tricks."""
        return Shape(options.players, True, 5)

    def seating(self, options: EuchreOptions, count: int) -> Text:
        """Euchre is four players in two partnerships, whatever the ruleset."""
        return text(N_("Euchre is for 4 players, got {count}"), count=count)

    def target(self, options: EuchreOptions) -> int | None:
        return options.target or None

    def footer(self, options: EuchreOptions) -> list[Text]:
        facts = []
        if options.target:
            facts.append(text(N_("target {n}"), n=options.target))
        if options.hands:
            facts.append(text(N_("{n} hands; level: one more hand decides"), n=options.hands))
        return facts

    def tally(
        self, options: EuchreOptions, hand: EuchreHand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """Hands made as maker, marches, euchres (on defence), loners, lone defences."""
        made = hand.tricks >= 3
        counts = {
            "makes": int(seat == hand.maker),
            "makes_made": int(seat == hand.maker and made),
            "marches": int(seat % 2 == hand.maker % 2 and hand.tricks == 5),
            "euchres": int(seat % 2 != hand.maker % 2 and not made),
            "loners": int(seat == hand.maker and hand.alone),
            "lone_defences": int(seat == hand.defender_alone),
        }
        return {name: n for name, n in counts.items() if n}

    def seat_markers(
        self, options: EuchreOptions, hand: EuchreHand, markers: Sequence[str], seat: int
    ) -> tuple[str, ...]:
        """Playing alone is the maker's own; made, a march or a euchre is the side's."""
        return tuple(m for m in markers if m != "alone" or seat == hand.maker)

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        return {
            "made_the_suit": {
                "hands": counts.get("makes", 0),
                "made": counts.get("makes_made", 0),
            },
            "marches": counts.get("marches", 0),
            "euchres": counts.get("euchres", 0),
            "loners": counts.get("loners", 0),
            "defended_alone": counts.get("lone_defences", 0),
        }


KIND: GameKind[EuchreOptions, EuchreHand, EuchreState] = Euchre()  # checked by mypy

__all__ = ["HAND", "KIND", "DefendAlone", "EuchreHand", "EuchreOptions", "EuchreState"]
