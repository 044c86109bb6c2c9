"""Hearts as a game kind (RULES.md §2): lowest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..game import HandResult, Outcome, Side
from ..outcome import individual_sides
from ..ruleset import Ruleset
from ..sheet import Answer
from ..text import Part, Text
from . import describe, scoring
from .options import HeartsOptions
from .scoring import HeartsHand, HeartsState, pass_direction


class Hearts:
    """The Hearts game kind."""

    name = "hearts"
    options_type = HeartsOptions
    counts_bags = False

    def sides(self, options: HeartsOptions, players: Sequence[str]) -> tuple[Side, ...]:
        return individual_sides(players)

    def parse_hand(self, raw: object, options: HeartsOptions) -> HeartsHand:
        return scoring.parse_hand(raw, options)

    def hand_to_json(self, hand: HeartsHand) -> dict[str, Any]:
        return scoring.hand_to_json(hand)

    def start(self, ruleset: Ruleset, players: Sequence[str]) -> HeartsState:
        return scoring.start(players)

    def play(self, ruleset: Ruleset, state: HeartsState, hand: HeartsHand) -> HandResult:
        return scoring.play(ruleset, state, hand)

    def outcome(self, ruleset: Ruleset, state: HeartsState) -> Outcome:
        return scoring.outcome(ruleset, state)

    def describe(self, options: HeartsOptions) -> list[tuple[Text, list[tuple[str, Text, Text]]]]:
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
        return True

    def hand_words(self, body: Mapping[str, Any], players: Sequence[str]) -> list[Part]:
        return scoring.hand_words(body, players)


KIND = Hearts()

__all__ = ["KIND", "HeartsHand", "HeartsOptions", "HeartsState", "pass_direction"]
