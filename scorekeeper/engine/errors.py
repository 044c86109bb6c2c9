"""Errors the engine raises for bad rulesets, game files and hands."""

from __future__ import annotations

from .text import N_, Text, Translations, text


class ScoreError(ValueError):
    """Base class: something in a game or ruleset is not valid."""

    def __init__(self, message: Text | str) -> None:
        self.message = message
        super().__init__(str(message))

    def render(self, translations: Translations | None = None) -> str:
        return (
            self.message.render(translations)
            if isinstance(self.message, Text)
            else str(self.message)
        )


class GameError(ScoreError):
    """The game as a whole is wrong: format, ruleset, players, options."""

    def render(self, translations: Translations | None = None) -> str:
        """The one-line message, e.g. "game: unknown ruleset 'x'"."""
        why = self.message if isinstance(self.message, Text) else text(str(self.message))
        return text(N_("game: {why}"), why=why).render(translations)

    def __str__(self) -> str:
        return self.render()


class HandError(ScoreError):
    """One hand is wrong; `hand` is 1-based as players count hands."""

    def __init__(
        self, hand: int, message: Text | str, seat: int | None = None, field: str | None = None
    ) -> None:
        self.hand = hand
        self.seat = seat
        self.field = field  # the hand's field at fault ("moon_choice"), for a form to mark
        super().__init__(message)

    def render(self, translations: Translations | None = None) -> str:
        """The one-line message, e.g. "hand 3: tricks add up to 12, expected 13"."""
        why = self.message if isinstance(self.message, Text) else text(str(self.message))
        return text(N_("hand {hand}: {why}"), hand=self.hand, why=why).render(translations)

    def __str__(self) -> str:
        return self.render()


class InvalidHand(ValueError):
    """A hand's own content is wrong; the caller knows which hand it is."""

    def __init__(
        self, message: Text | str, seat: int | None = None, field: str | None = None
    ) -> None:
        self.message = message
        self.seat = seat
        self.field = field  # the hand's field at fault, when one is ("moon_choice")
        super().__init__(str(message))


class RulesError(ScoreError):
    """A house-rules document (`scorekeeper-rules/1`) is not valid; `field` names the
    part at fault ("id", "name", "base", "options", or an option's name) for a form."""

    def __init__(self, message: Text | str, field: str | None = None) -> None:
        self.field = field
        super().__init__(message)

    def render(self, translations: Translations | None = None) -> str:
        """The one-line message, e.g. "rules: unknown option 'nil_pointz'"."""
        why = self.message if isinstance(self.message, Text) else text(str(self.message))
        return text(N_("rules: {why}"), why=why).render(translations)

    def __str__(self) -> str:
        return self.render()
