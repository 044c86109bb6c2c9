"""Shared pieces of hand entry: pickers of tap targets, and reading numbers from a form."""

from __future__ import annotations

from .spades_entry import REST, Choice, Picker

__all__ = ["REST", "Choice", "Picker", "numbers"]


def numbers(low: int, high: int) -> list[Choice]:
    """Tap targets for the numbers low..high."""
    return [Choice(str(n), str(n)) for n in range(low, high + 1)]
