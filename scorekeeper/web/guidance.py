"""Guidance for the hand about to be played, for the Spades screens."""

from __future__ import annotations

from typing import Any

from ..engine import GameResult
from ..engine.spades.guidance import Guidance, guidance
from ..store import StoredGame


def spades_guidance(stored: StoredGame, result: GameResult, bids: Any = None) -> Guidance:
    """Who deals, bids and leads; exchanges due; which special bids each side may make now."""
    number = len(stored.hands) + 1
    return guidance(
        result.game.current_ruleset.options,
        result.sides,
        stored.players,
        result.totals,
        stored.dealer(number),
        bids,
    )
