"""Entering a hand, kind by kind.

A kind's entry says how a table enters its hands: the steps (bids, then tricks; or one
page), the pickers of each step and how to read them back into a game-file hand, and
the template partials the scoresheet shows around the next hand. A kind whose hand is
declared (engine/hand.py `HandForm`) is entered on one page made from its fields
(`Declared`) and needs no entry of its own; a kind with more to say registers its entry
in `registry.py`, beside the others. Everything else in the web layer is the same for
every game.
"""

from __future__ import annotations

from ...engine import find_kind
from ...engine.hand import HandForm
from .base import REST, BiddingEntry, Choice, Entry, OnePage, OnePageEntry, Picker, numbers
from .declared import Declared
from .registry import ENTRIES

__all__ = [
    "REST",
    "BiddingEntry",
    "Choice",
    "Entry",
    "OnePage",
    "OnePageEntry",
    "Picker",
    "entry_for",
    "numbers",
]


def entry_for(kind: str) -> Entry:
    """The entry of a game kind: the one registered for it, else the one page its
    declared hand makes (KeyError for a kind the engine does not know)."""
    if kind in ENTRIES:
        return ENTRIES[kind]
    hand = find_kind(kind).hand
    if not isinstance(hand, HandForm):
        raise KeyError(kind)  # a hand that is more than its fields needs its entry
    return Declared(hand)
