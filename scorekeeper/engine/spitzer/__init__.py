"""Spitzer as a game kind (RULES.md §3): a score table, game to 42."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..hand import Entered, Field, HandForm
from ..kinds import Facts, GameKind, KindDefaults, Scoring, Shape, Words
from ..rulesheet import Table
from ..text import N_, text
from ..types import HandResult, Marker, Payment, StatColumn
from . import scoring
from .options import SpitzerOptions
from .scoring import (
    COLUMN_NAMES,
    COLUMNS,
    CONTRACT_NAMES,
    TABLE,
    Contract,
    SpitzerHand,
    SpitzerState,
    check_declarers,
    check_taken,
    column,
    make_hand,
    settlement,
    table_value,
)

CONTRACT_SHORT = {
    "normal": N_("Q+Q"),
    "schneider": N_("Schn."),
    "sneaker": N_("Steal."),
    "zola": N_("Zola"),
    "zola_schneider": N_("Zola S"),
    "zola_schneider_schwarz": N_("Zola SS"),
}


# A deal as the table records it: the contract, who declared it, and the card points
# and tricks the declaring side took.
HAND = HandForm[SpitzerOptions, SpitzerHand](
    fields=(
        Field(
            "contract",
            Entered.WORDS,
            label=N_("Contract"),
            said=N_("Contract"),
            invalid=N_("contract {contract} is not one of {allowed}"),
            choices=tuple((c.value, CONTRACT_NAMES[c]) for c in Contract),
            short_choices=CONTRACT_SHORT,
            of="declarers",
            short="{value}",
            csv="bid",
        ),
        Field(
            "declarers",
            Entered.SEATS,
            label=N_("Declarers"),
            said=N_("Declarers"),
            invalid=N_("'declarers' must list seats: 0 for seat 1 to {last} for seat {seats}"),
            missing=N_("Choose the declarer(s)"),
            then=check_declarers,
            hint=N_(
                "the black queens' partners, the Schneider declarer and partner (anyone may declare Schneider), or the soloist"
            ),
        ),
        Field(
            "points",
            Entered.KEYPAD,
            label=N_("Card points the declarers took (0–120)"),
            said=N_("Card points"),
            invalid=N_("card points {points} must be a whole number 0–120"),
            missing=N_("Card points are a number from 0 to 120"),
            high=120,
            of="declarers",
            short="{value}",
        ),
        Field(
            "tricks",
            Entered.NUMBER,
            label=N_("Tricks the declarers took"),
            said=N_("Tricks"),
            invalid=N_("tricks {tricks} must be a whole number 0–8"),
            missing=N_("Choose the tricks taken"),
            hint=N_("0 = no trick, 8 = all tricks"),
            high=8,
            of="declarers",
            csv="tricks",
            then=check_taken,
        ),
    ),
    needs=N_("a Spitzer hand needs 'contract', 'declarers', 'points' and 'tricks'"),
    make=make_hand,
)


class Spitzer(KindDefaults[SpitzerOptions, SpitzerState]):
    """The Spitzer game kind."""

    facts = Facts(
        name="spitzer",
        title=N_("Spitzer"),
        featured="spitzer",
        options=SpitzerOptions,
        markers={"set": Marker(N_("set"), setback=True), "declarer": Marker(N_("declarer"))},
        stat_columns=(StatColumn(N_("Declared: won / played"), ("declared_won",), ("declared",)),),
        scorecard=(
            (N_("Contract"), N_("Declarers"), N_("Card points")),
            (N_("Score"), N_("Total")),
        ),
    )
    scoring: Scoring[SpitzerOptions, SpitzerHand, SpitzerState] = scoring
    hand = HAND

    def words(self) -> Words[SpitzerOptions]:
        from . import describe  # the rule sheet: never needed to score

        return describe

    def shape(self, options: SpitzerOptions) -> Shape:
        """Four players, each scoring alone (the partnership is secret), eight tricks."""
        return Shape(options.players, False, 8)

    def target(self, options: SpitzerOptions) -> int | None:
        return options.target

    def settlement(
        self, options: SpitzerOptions, totals: Sequence[int], winner: int
    ) -> list[Payment]:
        if not (options.stake_per_game or options.stake_per_point):
            return []
        return settlement(options, totals, winner)

    def tables(self, options: SpitzerOptions) -> list[Table]:
        """Seed 003's score table: a row per contract, a column per result."""
        return [
            Table(
                title=text(N_("Score table")),
                columns=tuple(text(COLUMN_NAMES[c]) for c in COLUMNS),
                rows=tuple(
                    (
                        text(CONTRACT_NAMES[contract]),
                        tuple(table_value(options, contract, c) for c in COLUMNS),
                    )
                    for contract in TABLE
                ),
                note=text(
                    N_(
                        "Positive: each declarer scores it. Negative: each opponent scores it. "
                        "Brackets in the source mark (almost) impossible results."
                    )
                ),
            )
        ]

    def tally(
        self, options: SpitzerOptions, hand: SpitzerHand, result: HandResult, seat: int, side: int
    ) -> dict[str, int]:
        """Deals declared, and declared and won."""
        if seat not in hand.declarers:
            return {}
        return {"declared": 1, **({"declared_won": 1} if result.points[side] > 0 else {})}

    def stats_json(self, counts: Mapping[str, int]) -> dict[str, object]:
        return {
            "declared": {"deals": counts.get("declared", 0), "won": counts.get("declared_won", 0)}
        }


KIND: GameKind[SpitzerOptions, SpitzerHand, SpitzerState] = (
    Spitzer()
)  # checked against the interface by mypy

__all__ = ["KIND", "Contract", "SpitzerOptions", "column", "settlement", "table_value"]
