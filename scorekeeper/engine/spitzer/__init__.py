"""Spitzer as a game kind (RULES.md §3): a score table, game to 42."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..game import HandResult, Outcome, Side
from ..outcome import individual_sides
from ..ruleset import Ruleset
from ..sheet import Answer
from ..text import Part, Text
from . import describe, scoring
from .options import SpitzerOptions
from .scoring import Contract, Payment, SpitzerHand, SpitzerState, column, settlement, table_value


class Spitzer:
    """The Spitzer game kind."""

    name = "spitzer"
    options_type = SpitzerOptions
    counts_bags = False

    def sides(self, options: SpitzerOptions, players: Sequence[str]) -> tuple[Side, ...]:
        return individual_sides(players)

    def parse_hand(self, raw: object, options: SpitzerOptions) -> SpitzerHand:
        return scoring.parse_hand(raw, options)

    def hand_to_json(self, hand: SpitzerHand) -> dict[str, Any]:
        return scoring.hand_to_json(hand)

    def start(self, ruleset: Ruleset, players: Sequence[str]) -> SpitzerState:
        return scoring.start(players)

    def play(self, ruleset: Ruleset, state: SpitzerState, hand: SpitzerHand) -> HandResult:
        return scoring.play(ruleset, state, hand)

    def outcome(self, ruleset: Ruleset, state: SpitzerState) -> Outcome:
        return scoring.outcome(ruleset, state)

    def describe(self, options: SpitzerOptions) -> list[tuple[Text, list[tuple[str, Text, Text]]]]:
        return describe.describe(options)

    def choice_words(self) -> dict[str, dict[str, Text]]:
        return describe.choice_words()

    def relevant(self, options: Any) -> frozenset[str]:
        return describe.relevant(options)

    def key_options(self) -> frozenset[str]:
        return describe.KEY

    def answers(self, options: Any) -> list[Answer]:
        return describe.answers(options)

    def lowest_wins(self, options: Any) -> bool:
        return False

    def hand_words(self, body: Mapping[str, Any], players: Sequence[str]) -> list[Part]:
        return scoring.hand_words(body, players)


KIND = Spitzer()

__all__ = ["KIND", "Contract", "Payment", "SpitzerOptions", "column", "settlement", "table_value"]
