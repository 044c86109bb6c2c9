"""Entering a Hearts hand: one page made from the hand's declared fields, with what
the table does before it (the pass, the first lead)."""

from __future__ import annotations

from ...engine import GameResult
from ...engine.hearts import HAND, KIND
from ...engine.hearts.options import HeartsOptions
from ...engine.hearts.scoring import HeartsHand, pass_direction
from ...engine.text import N_, Text, text
from ...store import StoredGame
from .base import OnePageEntry
from .declared import Declared


class HeartsEntry(Declared[HeartsOptions, HeartsHand]):
    """Hearts: one page per hand, after the cards were passed."""

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        number = len(stored.hands) + 1
        return {"notes": self.notes(stored.ruleset.options, number)[:1]}

    def notes(self, options: HeartsOptions, number: int) -> list[Text]:
        """Where the cards go before the hand, and who leads the first trick."""
        return [
            text(N_("Before play: {what}."), what=pass_direction(options, number)),
            text(
                N_("First lead: {who}."),
                who=KIND.words().choice_words()["first_lead"][options.first_lead.value],
            ),
        ]


ENTRY: OnePageEntry[HeartsOptions] = HeartsEntry(HAND)  # checked against the interface by mypy
