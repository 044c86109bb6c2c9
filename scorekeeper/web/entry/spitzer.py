"""Entering a Spitzer deal: one page made from the deal's declared fields; a game
played for stakes ends with a settlement."""

from __future__ import annotations

from ...engine import GameResult
from ...engine.spitzer import HAND, KIND
from ...engine.spitzer.options import SpitzerOptions
from ...engine.spitzer.scoring import SpitzerHand
from ...store import StoredGame
from .base import OnePageEntry
from .declared import Declared


class SpitzerEntry(Declared[SpitzerOptions, SpitzerHand]):
    """Spitzer: one page per deal; a game played for stakes ends with a settlement."""

    outcome_template = "kinds/spitzer/settlement.html"

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        winner = result.outcome.winner
        options = stored.ruleset.options
        return {
            "notes": [],
            "settlement": KIND.settlement(options, result.totals, winner)
            if result.outcome.finished and winner is not None
            else [],
        }


ENTRY: OnePageEntry[SpitzerOptions] = SpitzerEntry(HAND)  # checked against the interface by mypy
