"""Guidance for the hand about to be played, for the Spades screens."""

from __future__ import annotations

import functools
from typing import Any

from ..engine import GameResult
from ..engine.spades.guidance import Guidance, guidance
from ..store import StoredGame


def spades_guidance(stored: StoredGame, result: GameResult, bids: Any = None) -> Guidance:
    """Who deals, bids and leads; exchanges due; which special bids each side may make now."""
    number = len(stored.hands) + 1
    args = (
        result.game.current_ruleset.options,
        result.sides,
        stored.players,
        result.totals,
        stored.dealer(number),
    )
    if bids is None:
        # The scoresheet, its watchers and the bids page all ask before the bids: once.
        try:
            return _before_bids(*args)
        except TypeError:  # options holding something unhashable
            pass
    return guidance(*args, bids)


def guide_key(stored: StoredGame, result: GameResult) -> tuple[Any, ...]:
    """A key for the guidance box before the bids: everything the guidance depends on
    (the game's players and sides are fixed; its options change only by a rule change)."""
    return (
        "guide",
        stored.source,
        stored.id,
        len(stored.hands),
        len(stored.option_changes),
        result.totals,
    )


@functools.lru_cache(maxsize=512)
def _before_bids(options: Any, sides: Any, players: Any, totals: Any, dealer: int) -> Guidance:
    return guidance(options, sides, players, totals, dealer)
