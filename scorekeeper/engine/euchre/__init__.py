"""Euchre (RULES.md §5): two partnerships, five tricks a hand, one side scoring each hand.

The engine is complete and pure; the kind is not yet in the registry (engine/kinds.py):
it joins once its web entry, sheet and rule pages work end to end. Until then its three
presets are the data below, each value with the section of the source it rests on; they
become preset files (presets/euchre/<id>.toml) when the kind is registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..options import apply_options
from .options import DefendAlone, EuchreOptions
from .scoring import (
    EuchreHand,
    EuchreState,
    hand_score,
    hand_to_json,
    outcome,
    parse_hand,
    partnerships,
    play,
    start,
)

BICYCLE = "https://bicyclecards.com/how-to-play/euchre"
LAWS_1888 = "http://www.playingcardgames.net/m/CardGames/Scoring.html"
MIET = "http://www.miet.ca/rules"


@dataclass(frozen=True)
class Preset:
    """A preset as data: its source, the section, and the options it sets (the rest are
    the `euchre` values, marked as not stated by the source)."""

    id: str
    name: str
    source_url: str
    source_part: str
    options: Mapping[str, object]

    def rules(self) -> EuchreOptions:
        return apply_options(EuchreOptions(), self.options)


PRESETS = {
    preset.id: preset
    for preset in (
        # Card Values/Scoring: 1 / 2 / 1 / 4 / 2; the page allows 5, 7 or 10: 10 is chosen.
        Preset("euchre", "Euchre", BICYCLE, "Card Values/Scoring", {"target": 10}),
        # Scoring, laws 2–3: game of 5; a euchred lone hand gives the adversaries 4.
        Preset(
            "euchre-1888",
            "Euchre (Laws of 1888)",
            LAWS_1888,
            "Scoring, laws 2–3",
            {"target": 5, "lone_euchre_points": 4},
        ),
        # Items 2 and 9: 8 hands, a euchred loner gives 4, a level game goes to a decider.
        Preset(
            "euchre-tournament",
            "Euchre (tournament)",
            MIET,
            "items 2 and 9",
            {"target": 0, "hands": 8, "lone_euchre_points": 4},
        ),
    )
}

__all__ = [
    "PRESETS",
    "DefendAlone",
    "EuchreHand",
    "EuchreOptions",
    "EuchreState",
    "Preset",
    "hand_score",
    "hand_to_json",
    "outcome",
    "parse_hand",
    "partnerships",
    "play",
    "start",
]
