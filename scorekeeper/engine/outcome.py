"""Deciding a winner, shared by every game kind: best total wins, a tie plays on."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .text import N_, Text, text
from .types import Outcome, Side


def decide(
    totals: Sequence[int],
    sides: Sequence[Side],
    among: Sequence[int] | range,
    *,
    lowest: bool,
    why: Callable[[int], Text],
) -> Outcome:
    """The side with the best total among `among` wins; a tie for the best plays another hand."""
    pick = min if lowest else max
    best = pick(totals[i] for i in among)
    top = [i for i in among if totals[i] == best]
    if len(top) > 1:
        names = ", ".join(sides[i].name for i in top)
        return Outcome(
            False,
            None,
            text(N_("tie at {best} between {names} — play another hand"), best=best, names=names),
            tie=True,
        )
    return Outcome(True, top[0], why(best))


def individual_sides(players: Sequence[str]) -> tuple[Side, ...]:
    """Every player is a side of their own."""
    return tuple(Side(name, (seat,)) for seat, name in enumerate(players))
