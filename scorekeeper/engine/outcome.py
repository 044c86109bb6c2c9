"""Deciding a winner, shared by every game kind: best total wins, a tie plays on."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .text import N_, Nn_, Text, ntext, text
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


def shared_win(outcome: Outcome, sides: Sequence[Side]) -> Text:
    """Name the sides that share a finished game's win ("Ann, Ben share the win")."""
    return text(
        N_("{sides} share the win"), sides=", ".join(sides[i].name for i in outcome.winners)
    )


def individual_sides(players: Sequence[str]) -> tuple[Side, ...]:
    """Every player is a side of their own."""
    return tuple(Side(name, (seat,)) for seat, name in enumerate(players))


def outcome_change(before: Outcome, after: Outcome, sides: Sequence[Side]) -> Text | None:
    """What a change to the hands did to the end of the game, in words (None: nothing).

    A side of two players is plural: "Ann & Cho no longer win", "Ben no longer wins"."""
    if before.won_by == after.won_by:
        return None
    if after.winners:
        return shared_win(after, sides)
    if before.winners and after.winner is None:
        names = ", ".join(sides[i].name for i in before.winners)
        return text(N_("{sides} no longer share the win; the game goes on"), sides=names)
    if before.winners:
        before = Outcome(False)  # the shared win now goes to one side alone
    was = before.winner if before.finished else None
    now = after.winner if after.finished else None
    if now is None:
        assert was is not None
        return ntext(
            Nn_(
                "{side} no longer wins; the game goes on",
                "{side} no longer win; the game goes on",
            ),
            len(sides[was].seats),
            side=sides[was].name,
        )
    if was is None:
        return ntext(
            Nn_("{side} now wins: the game is over", "{side} now win: the game is over"),
            len(sides[now].seats),
            side=sides[now].name,
        )
    return ntext(
        Nn_("{side} now wins instead of {other}", "{side} now win instead of {other}"),
        len(sides[now].seats),
        side=sides[now].name,
        other=sides[was].name,
    )
