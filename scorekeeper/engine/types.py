"""The basic values every part of the engine passes around: sides, explanation lines,
a hand's result and a game's outcome. They import nothing of the engine but text, so the
game loop, the kinds and the rulesets can all use them without importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .text import Text, Translations


@dataclass(frozen=True)
class Side:
    """A scoring side: a partnership, or one player in an individual game."""

    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """One explanation line of a side's hand score; the lines add up to the points."""

    rule: str  # the option that decided this line, for a link to the rule page
    text: Text
    points: int = 0

    def render(self, translations: Translations | None = None) -> str:
        """Render the line for players."""
        return self.text.render(translations)


@dataclass(frozen=True)
class HandResult:
    """What one hand did to every side, and the state after it."""

    points: tuple[int, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...] | None
    explanation: tuple[tuple[Line, ...], ...]
    markers: tuple[tuple[str, ...], ...]  # per side: "set", "bagged_out", "nil_made", …
    state: Any = field(repr=False, compare=False)


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over, and who won."""

    finished: bool
    winner: int | None = None
    reason: Text | None = None
    tie: bool = False  # the end condition was met but the top is tied: play another hand


@dataclass(frozen=True)
class Payment:
    """After a game played for stakes: who pays whom how much."""

    payer: int
    payee: int
    amount: int
