"""Euchre option dimensions (RULES.md §5.2): what the makers score, what the defenders
score when the makers are euchred, and how a game ends."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import OptionError, Problem
from ..text import N_, Nn_, Text, ntext, text

SEATS = 4  # two partnerships: seats 0 + 2 against seats 1 + 3
TRICKS = 5  # five cards each from a 24-card pack

POINTS = (
    "make_points",
    "march_points",
    "lone_march_points",
    "euchre_points",
    "lone_euchre_points",
    "defend_alone_points",
    "super_euchre_points",
)


class DefendAlone(StrEnum):
    """Whether a defender may play without a partner."""

    OFF = "off"
    AGAINST_LONER = "against_loner"  # only when the maker plays alone
    ANY = "any"  # whatever the maker chose


@dataclass(frozen=True)
class EuchreOptions:
    """One point in the Euchre option space (RULES.md §5.2, with its defaults)."""

    players: int = SEATS
    target: int = 10  # 0: no target
    hands: int = 0  # 0: no fixed number of hands
    make_points: int = 1  # the makers take 3 or 4 tricks
    march_points: int = 2  # a partnership takes all 5
    lone_march_points: int = 4  # a lone maker takes all 5
    euchre_points: int = 2  # the makers take 2 or fewer: the defenders score
    lone_euchre_points: int = 2  # … when the maker was alone
    defend_alone: DefendAlone = DefendAlone.OFF
    defend_alone_points: int = 4  # … when a defender played alone
    super_euchre_points: int = 0  # … when the makers took no trick (0: no such score)

    def validate(self) -> None:
        """Reject combinations no table could play; raise OptionError with every problem,
        the first one also as a game file's error line says it (GAME-FORMAT.md, Euchre)."""
        found: list[tuple[Problem, Text]] = []
        if self.players != SEATS:
            found.append(
                (
                    (("players",), text(N_("Euchre is for 4 players."))),
                    text(N_("Euchre is for 4 players, got {count}"), count=self.players),
                )
            )
        if self.target < 0 or self.hands < 0:
            fields = tuple(name for name in ("target", "hands") if getattr(self, name) < 0)
            found.append(((fields, text(N_("Enter 0 or more."))), _at_least_0(fields)))
        elif self.target == 0 and self.hands == 0:
            found.append(
                (
                    (
                        ("target", "hands"),
                        text(N_("A game needs a target, a number of hands, or both.")),
                    ),
                    text(
                        N_(
                            "options target, hands: a game needs a target, a number of "
                            "hands, or both"
                        )
                    ),
                )
            )
        for name in POINTS:
            if getattr(self, name) < 0:
                found.append((((name,), text(N_("Enter 0 or more."))), _at_least_0((name,))))
        if found:
            problems = [problem for problem, _ in found]
            raise OptionError(problems[0][1], problems, found[0][1])


def _at_least_0(fields: tuple[str, ...]) -> Text:
    """A game file's line for options that may not be negative."""
    return ntext(
        Nn_("option {names} must be 0 or more", "options {names} must be 0 or more"),
        len(fields),
        names=", ".join(fields),
    )
