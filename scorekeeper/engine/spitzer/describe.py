"""Spitzer options in plain words."""

from __future__ import annotations

from typing import Any

from ..sheet import Group, choice_texts, grouped
from ..text import N_, Text, text
from .options import SpitzerOptions

CHOICES = {
    "no_trick_dash": {
        "as_0_30": N_("scored as the 0–30 column (−9)"),
        "minus_42": N_("−42"),
    }
}

SHEET: dict[str, tuple[str, str, Any]] = {
    "players": (
        N_("Table and deck"),
        N_("Players"),
        lambda v, o: text(N_("{n}; 32 cards (A K Q J 10 9 8 7), 8 each"), n=v),
    ),
    "no_trick_dash": (
        N_("Scoring"),
        N_('No trick in a queens partnership or sneaker (the seed prints "–")'),
        lambda v, o: text(CHOICES["no_trick_dash"][v.value]),
    ),
    "target": (
        N_("End of game"),
        N_("Target"),
        lambda v, o: text(N_("{n} points; the highest total wins, a tie plays on"), n=v),
    ),
    "stake_per_game": (N_("Settlement"), N_("Stake per game"), lambda v, o: text(N_("{n}"), n=v)),
    "stake_per_point": (
        N_("Settlement"),
        N_("Stake per point of difference"),
        lambda v, o: text(N_("{n}"), n=v),
    ),
}


def describe(options: SpitzerOptions) -> list[Group]:
    return grouped(SHEET, options)


def choice_words() -> dict[str, dict[str, Text]]:
    return choice_texts(CHOICES)
