"""The basic values every part of the engine passes around: sides, explanation lines,
a hand's result and a game's outcome. They import nothing of the engine but text, so the
game loop, the kinds and the rulesets can all use them without importing each other."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .text import Text, Translations


@dataclass(frozen=True)
class Side:
    """A scoring side: a partnership, or one player in an individual game."""

    name: str
    seats: tuple[int, ...]


class Line:
    """One explanation line of a side's hand score; the lines add up to the points.

    Immutable by convention; a slotted class because the engine makes several per hand.
    """

    __slots__ = ("points", "rule", "text")

    def __init__(self, rule: str, text: Text, points: int = 0) -> None:
        self.rule = rule  # the option that decided this line, for a link to the rule page
        self.text = text
        self.points = points

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return (self.rule, self.text, self.points) == (other.rule, other.text, other.points)

    __hash__ = None  # type: ignore[assignment]  # text is not hashable

    def __repr__(self) -> str:
        return f"Line({self.rule!r}, {self.text!r}, {self.points!r})"

    def render(self, translations: Translations | None = None) -> str:
        """Render the line for players."""
        return self.text.render(translations)


Explanation = tuple[tuple[Line, ...], ...]  # per side, the lines of its hand score


class HandResult:
    """What one hand did to every side, and the state after it.

    `explanation` may be given as a function that builds the lines: most hands scored
    (replays, what-ifs, statistics) are never explained, so a kind may write down what
    its lines will say and build them only when somebody reads them. They are built at
    most once.
    """

    __slots__ = ("_explanation", "carried", "markers", "points", "record", "state", "totals")

    def __init__(
        self,
        points: tuple[int, ...],
        totals: tuple[int, ...],
        carried: tuple[int, ...] | None,  # what each side carries on, if the kind counts it
        explanation: Explanation | Callable[[], Explanation],
        markers: tuple[tuple[str, ...], ...],  # per side, the kind's markers (Facts.markers)
        state: object,  # the kind's, after this hand
        record: Mapping[str, object] | None = None,  # what the kind adds to `score`'s hand
    ) -> None:
        self.record = record or {}
        self.points = points
        self.totals = totals
        self.carried = carried
        self.markers = markers
        self.state = state
        self._explanation = explanation

    @property
    def explanation(self) -> Explanation:
        explanation = self._explanation
        if callable(explanation):
            explanation = self._explanation = explanation()
        return explanation

    def _compared(self) -> tuple[object, ...]:
        return (self.points, self.totals, self.carried, self.explanation, self.markers)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self._compared() == other._compared()  # the state is not compared

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"HandResult(points={self.points!r}, totals={self.totals!r}, carried={self.carried!r},"
            f" markers={self.markers!r})"
        )


@dataclass(frozen=True)
class Outcome:
    """Whether the game is over, and who won."""

    finished: bool
    winner: int | None = None
    reason: Text | None = None
    tie: bool = False  # the end condition was met but the top is tied: play another hand
    # A game that ends tied for the top (after a fixed number of hands) is a win shared by
    # these sides; `winner` is then None.
    winners: tuple[int, ...] = ()

    @property
    def won_by(self) -> tuple[int, ...]:
        """The sides that won a finished game: the winner, or the sides sharing the win."""
        if not self.finished:
            return ()
        return (self.winner,) if self.winner is not None else self.winners


@dataclass(frozen=True)
class Need:
    """Before a hand, what one side needs, in numbers ("160 to 500"); `who` is empty for
    a line about the whole table."""

    who: str
    parts: tuple[Text, ...]


@dataclass(frozen=True)
class Payment:
    """After a game played for stakes: who pays whom how much."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True)
class StatColumn:
    """A column a game kind adds to the players' statistics: a count of the kind's
    tally, or what was made of what was tried ("3 / 5")."""

    label: str  # an N_ template
    counts: tuple[str, ...]  # the tally's keys, added up
    of: tuple[str, ...] = ()  # the keys of the tries, for "made / tried"

    def cell(self, counts: Mapping[str, int]) -> str:
        made = sum(counts.get(key, 0) for key in self.counts)
        return f"{made} / {sum(counts.get(key, 0) for key in self.of)}" if self.of else str(made)


@dataclass(frozen=True)
class Marker:
    """What a scoresheet cell says of a hand beside its points ("set")."""

    label: str  # an N_ template
    setback: bool = False  # it cost the side: the printed sheet greys the cell
