"""Errors the engine raises for bad rulesets, game files and hands."""

from __future__ import annotations

from .text import Text


class ScoreError(ValueError):
    """Base class: something in a game or ruleset is not valid."""

    def __init__(self, message: Text | str) -> None:
        self.message = message
        super().__init__(str(message))


class GameError(ScoreError):
    """The game as a whole is wrong: format, ruleset, players, options."""

    def __str__(self) -> str:
        return f"game: {self.message}"


class HandError(ScoreError):
    """One hand is wrong; `hand` is 1-based as players count hands."""

    def __init__(self, hand: int, message: Text | str, seat: int | None = None) -> None:
        self.hand = hand
        self.seat = seat
        super().__init__(message)

    def __str__(self) -> str:
        return f"hand {self.hand}: {self.message}"


class InvalidHand(ValueError):
    """A hand's own content is wrong; the caller knows which hand it is."""

    def __init__(self, message: Text | str, seat: int | None = None) -> None:
        self.message = message
        self.seat = seat
        super().__init__(str(message))
