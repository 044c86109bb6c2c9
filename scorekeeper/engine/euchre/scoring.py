"""Euchre scoring (RULES.md §5): one side scores each hand, the makers for 3 or more
tricks, the defenders when the makers are euchred; a target, a number of hands, or both
end the game, and a fixed-length game that ends level is settled by a decider hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidHand
from ..text import N_, Text, text
from ..types import HandResult, Line, Need, Outcome, Side
from .options import TRICKS, DefendAlone, EuchreOptions


@dataclass(frozen=True)
class EuchreHand:
    """One hand as a table records it: the seat that chose the suit (the maker), alone or
    not, the makers' tricks, and the seat of a defender who played alone (None: nobody)."""

    maker: int
    alone: bool
    tricks: int
    defender_alone: int | None = None


@dataclass(frozen=True)
class EuchreState:
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, int]
    hands: int = 0  # hands played, the decider included
    decided_by: int | None = None  # the side that won the decider hand


def partnerships(players: Sequence[str]) -> tuple[Side, ...]:
    """Seats 0 + 2 against seats 1 + 3."""
    return (
        Side(f"{players[0]} & {players[2]}", (0, 2)),
        Side(f"{players[1]} & {players[3]}", (1, 3)),
    )


def start(options: EuchreOptions, players: Sequence[str]) -> EuchreState:
    return EuchreState(tuple(players), partnerships(players), (0, 0))


def check_hand(options: EuchreOptions, hand: EuchreHand) -> None:
    """A lone defender only where the rules allow one, on the side that did not make."""
    defender = hand.defender_alone
    if defender is None:
        return
    if options.defend_alone is DefendAlone.OFF:
        raise InvalidHand(
            text(N_("defending alone is not played under these rules (defend_alone is off)")),
            field="defender_alone",
        )
    if options.defend_alone is DefendAlone.AGAINST_LONER and not hand.alone:
        raise InvalidHand(
            text(N_("a defender may defend alone only against a lone maker")),
            field="defender_alone",
        )
    if defender % 2 == hand.maker % 2:
        raise InvalidHand(
            text(N_("the lone defender must sit on the defenders' side")),
            defender,
            "defender_alone",
        )


def hand_score(options: EuchreOptions, hand: EuchreHand) -> tuple[int, int, str, Text]:
    """Which side scores, how much, the option that decided it and the hand in words.
    Where several euchre values apply, the defenders score the largest (never the sum)."""
    makers = hand.maker % 2
    if hand.tricks == TRICKS:
        name = "lone_march_points" if hand.alone else "march_points"
        words = N_("a lone march: +{n}") if hand.alone else N_("a march: +{n}")
        points = getattr(options, name)
        return makers, points, name, text(words, n=points)
    if hand.tricks >= 3:
        points = options.make_points
        return makers, points, "make_points", text(N_("made: +{n}"), n=points)
    candidates = [("euchre_points", options.euchre_points)]
    if hand.alone:
        candidates.append(("lone_euchre_points", options.lone_euchre_points))
    if hand.defender_alone is not None:
        candidates.append(("defend_alone_points", options.defend_alone_points))
    if hand.tricks == 0 and options.super_euchre_points:
        candidates.append(("super_euchre_points", options.super_euchre_points))
    name, points = max(candidates, key=lambda candidate: candidate[1])
    return 1 - makers, points, name, text(N_("euchred the makers: +{n}"), n=points)


def level_after_fixed_hands(options: EuchreOptions, state: EuchreState) -> bool:
    """Whether the next hand is the decider: the fixed number of hands ended level."""
    return (
        options.hands > 0
        and state.hands == options.hands
        and state.totals[0] == state.totals[1]
        and not reached_target(options, state.totals)
    )


def reached_target(options: EuchreOptions, totals: Sequence[int]) -> bool:
    return options.target > 0 and max(totals) >= options.target


def play(options: EuchreOptions, state: EuchreState, hand: EuchreHand) -> HandResult:
    """Score one hand: one side gains, the other's total does not move. The decider's
    points are shown but not added: its scorer wins the game."""
    check_hand(options, hand)
    side, points, rule, words = hand_score(options, hand)
    gained = (points, 0) if side == 0 else (0, points)
    decider = level_after_fixed_hands(options, state)
    if decider:
        totals = state.totals
        words = text(N_("{said} (the decider: not added; it wins the game)"), said=words)
    else:
        totals = (state.totals[0] + gained[0], state.totals[1] + gained[1])
    makers = hand.maker % 2
    made = "march" if hand.tricks == TRICKS else "made"
    makers_marks: tuple[str, ...] = (made,) if side == makers else ("euchred",)
    if hand.alone:
        makers_marks += ("alone",)
    defenders_marks: tuple[str, ...] = () if side == makers else ("euchre",)
    markers = (makers_marks, defenders_marks) if makers == 0 else (defenders_marks, makers_marks)
    lines = tuple((Line(rule, words, points),) if index == side else () for index in range(2))
    after = EuchreState(
        state.players,
        state.sides,
        totals,
        state.hands + 1,
        side if decider else None,
    )
    return HandResult(gained, totals, None, lines, markers, after)


def outcome(options: EuchreOptions, state: EuchreState) -> Outcome:
    """Over on the hand that reaches the target (its side wins), or after the fixed
    number of hands (the higher total wins; level: after the decider, its scorer)."""
    totals = state.totals
    if state.decided_by is not None:
        return Outcome(
            True,
            state.decided_by,
            text(
                N_("level at {total} after hand {n}: {side} won the decider"),
                total=totals[0],
                n=options.hands,
                side=state.sides[state.decided_by].name,
            ),
        )
    if reached_target(options, totals):
        winner = 0 if totals[0] >= options.target else 1
        return Outcome(
            True,
            winner,
            text(N_("reached {target} with {total}"), target=options.target, total=totals[winner]),
        )
    if options.hands and state.hands >= options.hands:
        if totals[0] == totals[1]:
            return Outcome(
                False,
                None,
                text(
                    N_("level at {total} after hand {n}: one more hand decides, not added"),
                    total=totals[0],
                    n=options.hands,
                ),
                tie=True,
            )
        winner = 0 if totals[0] > totals[1] else 1
        return Outcome(
            True,
            winner,
            text(
                N_("the higher total, {total}, after hand {n}"),
                total=totals[winner],
                n=options.hands,
            ),
        )
    return Outcome(False)


def needs(options: EuchreOptions, state: EuchreState) -> list[Need]:
    """Before the next hand: each side's points to the target, the hand of a fixed
    number, or the decider."""
    if level_after_fixed_hands(options, state):
        return [Need("", (text(N_("The decider: one more hand, its points not added")),))]
    found = []
    if options.hands:
        found.append(
            Need(
                "",
                (text(N_("Hand {n} of {hands}"), n=state.hands + 1, hands=options.hands),),
            )
        )
    if options.target:
        found += [
            Need(
                side.name,
                (
                    text(
                        N_("{n} more to reach {target}"),
                        n=options.target - total,
                        target=options.target,
                    ),
                ),
            )
            for side, total in zip(state.sides, state.totals, strict=True)
        ]
    return found
