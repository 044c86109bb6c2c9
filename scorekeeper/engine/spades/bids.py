"""Spades bids: their forms, and which of them the rules allow before a hand.

`bid_choices` answers the table's question "what may this seat bid now, and if not, why
not?"; `check_bids` applies the same rules, plus the ones about the whole hand (team
totals, minimum bids, Suicide, Mirror, Roulette), to the bids actually made.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..text import N_, Text, shown, text
from ..types import Side
from .options import Contract, SpadesOptions


class BidKind(StrEnum):
    NUMBER = "number"
    NIL = "nil"
    BLIND_NIL = "blind_nil"
    DOUBLE_BLIND_NIL = "double_blind_nil"
    BLIND = "blind"
    MOON = "moon"
    BLIND_MOON = "blind_moon"


# Every bid other than a plain number, in the order pickers and guidance list them.
SPECIAL_KINDS = tuple(kind for kind in BidKind if kind is not BidKind.NUMBER)
NIL_KINDS = frozenset({BidKind.NIL, BidKind.BLIND_NIL, BidKind.DOUBLE_BLIND_NIL})
# A blind N or a moon is the partnership's whole contract: the partner enters 0.
WHOLE_CONTRACT_KINDS = frozenset({BidKind.BLIND, BidKind.MOON, BidKind.BLIND_MOON})
_BLIND = re.compile(r"^blind ([0-9]{1,2})$")  # ASCII digits: \d matches "١" too


@dataclass(frozen=True)
class Bid:
    """One seat's bid: a number, a kind of nil, a blind N or a moon."""

    kind: BidKind
    n: int = 0

    def to_json(self) -> int | str:
        """Write the bid as a game file holds it."""
        if self.kind is BidKind.NUMBER:
            return self.n
        if self.kind is BidKind.BLIND:
            return f"blind {self.n}"
        return self.kind.value

    def __str__(self) -> str:
        return str(self.to_json())


class BidFormError(ValueError):
    """A bid is not of any form a game file allows."""

    def __init__(self, message: Text) -> None:
        self.message = message
        super().__init__(str(message))


def parse_bid(raw: object, tricks_per_hand: int) -> Bid:
    """Read a bid from its game-file form (True is never taken for 1, nor "3" for 3)."""
    return _read_bid(raw, tricks_per_hand)


def _read_bid(raw: object, tricks_per_hand: int) -> Bid:
    if isinstance(raw, int) and not isinstance(raw, bool):
        if 0 <= raw <= tricks_per_hand:
            return Bid(BidKind.NUMBER, raw)
        raise BidFormError(
            text(N_("bid {bid} is outside 0–{most}"), bid=raw, most=tricks_per_hand)
        )
    if isinstance(raw, str):
        match = _BLIND.match(raw)
        if match:
            return Bid(BidKind.BLIND, int(match.group(1)))
        if raw in BidKind.__members__.values() and raw not in ("number", "blind"):
            return Bid(BidKind(raw))
    raise BidFormError(
        text(
            N_(
                "bid {bid} is not a number or one of nil, blind_nil, double_blind_nil, "
                "moon, blind_moon, 'blind N'"
            ),
            bid=shown(raw),
        )
    )


def is_nil(bid: Bid, options: SpadesOptions) -> bool:
    """Say whether a bid is scored as a nil under these options."""
    return bid.kind in NIL_KINDS or (
        bid.kind is BidKind.NUMBER and bid.n == 0 and options.zero_is_nil
    )


def is_moon(bid: Bid, options: SpadesOptions) -> bool:
    """Say whether a bid is a (sighted) moon: "moon", or all the tricks where that counts."""
    return bid.kind is BidKind.MOON or (
        options.moon
        and options.thirteen_is_moon
        and bid.kind is BidKind.NUMBER
        and bid.n == options.tricks_per_hand
    )


def is_summed_moon(bids: Sequence[Bid], options: SpadesOptions) -> bool:
    """Say whether partners who bid separately bid every trick between them (6 + 7): under
    `thirteen_is_moon` that is their side's moon, as a bid of 13 would be."""
    return (
        options.moon
        and options.thirteen_is_moon
        and options.partnership
        and options.contract is Contract.SUM
        and all(bid.kind is BidKind.NUMBER and not is_nil(bid, options) for bid in bids)
        and sum(bid.n for bid in bids) == options.tricks_per_hand
    )


def is_whole(bid: Bid, options: SpadesOptions) -> bool:
    """Say whether a bid is its partnership's whole contract: a blind N or a moon (the
    partner enters 0, which is then no bid, not a nil)."""
    return bid.kind in WHOLE_CONTRACT_KINDS or is_moon(bid, options)


def behind_by(totals: Sequence[int], side: int) -> int:
    """How far a side is behind the best other side (negative when ahead)."""
    others = [total for index, total in enumerate(totals) if index != side]
    return max(others) - totals[side] if others else 0


@dataclass(frozen=True)
class BidChoice:
    """Whether one kind of bid is open to a seat now, and why."""

    kind: BidKind
    open: bool
    reason: Text
    numbers: tuple[int, ...] = ()  # the numbers open, for NUMBER and BLIND
    in_rules: bool = True  # False: these rules have no such bid at all (not just closed now)


def _margin_choice(kind: BidKind, enabled: bool, need: int, behind: int) -> BidChoice:
    if not enabled:
        return BidChoice(kind, False, text(N_("not allowed by these rules")), in_rules=False)
    if need <= 0:
        return BidChoice(kind, True, text(N_("open at any score")))
    if behind >= need:
        return BidChoice(
            kind, True, text(N_("open — {behind} behind, needs {need}"), behind=behind, need=need)
        )
    if behind > 0:
        why = text(
            N_("needs the side to be {need} behind; it is {behind} behind"),
            need=need,
            behind=behind,
        )
    elif behind == 0:
        why = text(N_("needs the side to be {need} behind; the scores are level"), need=need)
    else:
        why = text(
            N_("needs the side to be {need} behind; it is {ahead} ahead"), need=need, ahead=-behind
        )
    return BidChoice(kind, False, why)


def bid_choices(
    options: SpadesOptions, sides: Sequence[Side], seat: int, totals: Sequence[int]
) -> list[BidChoice]:
    """List every kind of bid with whether `seat` may make it now, given the totals before the hand."""
    behind = behind_by(totals, _side_index(sides, seat))
    return [bid_choice(options, kind, behind) for kind in BidKind]


def _side_index(sides: Sequence[Side], seat: int) -> int:
    for index, side in enumerate(sides):
        if seat in side.seats:
            return index
    raise ValueError(f"seat {seat} is on no side")


def _numbers(low: int, high: int) -> tuple[int, ...]:
    return tuple(range(low, high + 1))


def bid_choice(options: SpadesOptions, kind: BidKind, behind: int) -> BidChoice:
    """Whether one kind of bid is open to a side that is `behind` points behind, and why."""
    most = options.tricks_per_hand
    if options.roulette:
        return BidChoice(
            kind, kind is BidKind.BLIND_NIL, text(N_("Roulette: everybody bids blind nil"))
        )
    if kind is BidKind.NUMBER:
        low = 0 if options.partnership else options.min_bid
        if options.mirror:
            reason = text(N_("Mirror: bid your number of spades"))
        elif low:
            reason = text(N_("at least {low}, or a nil"), low=low)
        else:
            reason = text(N_("0 to {most}"), most=most)
        return BidChoice(kind, True, reason, _numbers(low, most))
    if kind is BidKind.NIL:
        if options.nil:
            return BidChoice(kind, True, text(N_("open at any score")))
        return BidChoice(kind, False, text(N_("not allowed by these rules")), in_rules=False)
    if kind is BidKind.MOON:
        if options.moon:
            return BidChoice(kind, True, text(N_("all {most} tricks"), most=most))
        return BidChoice(kind, False, text(N_("not allowed by these rules")), in_rules=False)
    enabled, need = _margin_rule(options, kind)
    choice = _margin_choice(kind, enabled, need, behind)
    if choice.open and kind is BidKind.BLIND:
        return BidChoice(kind, True, choice.reason, _numbers(options.blind_min, most))
    return choice


def _margin_rule(options: SpadesOptions, kind: BidKind) -> tuple[bool, int]:
    """For a bid open only to a side far enough behind: whether the rules have it at all,
    and how far behind the side must be."""
    if kind is BidKind.BLIND_NIL:
        return options.blind_nil, options.blind_nil_behind
    if kind is BidKind.DOUBLE_BLIND_NIL:
        return options.double_blind_nil, options.double_blind_nil_behind
    if kind is BidKind.BLIND:
        return options.blind_bids, options.blind_behind
    return options.blind_moon, options.blind_moon_behind


@dataclass(frozen=True)
class BidProblem:
    """A bid the rules forbid: the seat (if one seat is at fault) and what is wrong."""

    seat: int | None
    message: Text


_KIND_NAMES = {
    BidKind.NIL: N_("nil"),
    BidKind.BLIND_NIL: N_("blind nil"),
    BidKind.DOUBLE_BLIND_NIL: N_("double blind nil"),
    BidKind.BLIND: N_("a blind bid"),
    BidKind.MOON: N_("moon"),
    BidKind.BLIND_MOON: N_("blind moon"),
}


BID_SHORT = {
    "nil": N_("nil"),
    "blind_nil": N_("BN"),
    "double_blind_nil": N_("DBN"),
    "moon": N_("moon"),
    "blind_moon": N_("BM"),
}


def bid_short(bid: object, gettext: Callable[[str], str] = str) -> str:
    """A bid as a scoresheet cell prints it ("nil", "BN", "B7", "3"), through `gettext`."""
    if str(bid) in BID_SHORT:
        return gettext(BID_SHORT[str(bid)])
    if str(bid).startswith("blind "):
        return gettext(N_("B{n}")).format(n=str(bid).split()[1])
    return str(bid)


def bid_words(raw: object) -> Text:
    """A game-file bid in words: "3", "nil", "blind 7"."""
    try:
        bid = parse_bid(raw, 17)
    except BidFormError:
        return text("{value}", value=shown(raw))
    if bid.kind is BidKind.NUMBER:
        return text("{value}", value=bid.n)
    if bid.kind is BidKind.BLIND:
        return text(N_("blind {n}"), n=bid.n)
    return text(_KIND_NAMES[bid.kind])


def check_bids(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    bids: Sequence[Bid],
    totals: Sequence[int],
) -> list[BidProblem]:
    """Return every rule the bids of one hand break, given the totals before it."""
    problems = [
        problem
        for seat, bid in enumerate(bids)
        if not _open_at_any_score(options, bid)
        and (
            problem := _seat_problem(
                options, players, seat, bid, behind_by(totals, _side_index(sides, seat))
            )
        )
    ]
    if options.roulette:
        return problems
    if options.mirror:
        total = sum(bid.n for bid in bids if bid.kind is BidKind.NUMBER)
        if total != options.tricks_per_hand:
            problems.append(
                BidProblem(
                    None,
                    text(
                        N_("Mirror bids must total {most} (every spade once); they total {total}"),
                        most=options.tricks_per_hand,
                        total=total,
                    ),
                )
            )
    if not options.partnership:
        return problems
    for side in sides:
        problems.extend(_check_partnership(options, side, bids))
    return problems


def _open_at_any_score(options: SpadesOptions, bid: Bid) -> bool:
    """A number the rules allow, or a nil where they have it: what `bid_choice` opens
    whatever the score (most bids of every hand, checked without its reasons in words)."""
    if options.roulette:
        return False
    if bid.kind is BidKind.NUMBER:
        return (0 if options.partnership else options.min_bid) <= bid.n <= options.tricks_per_hand
    return bid.kind is BidKind.NIL and options.nil


def _seat_problem(
    options: SpadesOptions, players: Sequence[str], seat: int, bid: Bid, behind: int
) -> BidProblem | None:
    """What is wrong with one seat's bid when its side is `behind` points behind."""
    kind = bid.kind
    choice = bid_choice(options, kind, behind)
    if not choice.open:
        name = text(N_("{n}"), n=bid.n) if kind is BidKind.NUMBER else text(_KIND_NAMES[kind])
        why = text(
            N_("{who} bid {bid}: {why}"), who=_who(players, seat), bid=name, why=choice.reason
        )
        return BidProblem(seat, why)
    if kind not in (BidKind.NUMBER, BidKind.BLIND) or bid.n in choice.numbers:
        return None
    if kind is BidKind.BLIND:
        message = text(
            N_("{who} bid blind {n}: a blind bid is {low} to {most} tricks"),
            who=_who(players, seat),
            n=bid.n,
            low=options.blind_min,
            most=options.tricks_per_hand,
        )
    else:
        message = text(
            N_("{who} bid {n}: each bid must be at least {low} (or a nil)"),
            who=_who(players, seat),
            n=bid.n,
            low=options.min_bid,
        )
    return BidProblem(seat, message)


def _who(players: Sequence[str], seat: int) -> Text:
    return text(N_("{name} (seat {seat})"), name=players[seat], seat=seat + 1)


def _check_partnership(
    options: SpadesOptions, side: Side, bids: Sequence[Bid]
) -> list[BidProblem]:
    """The rules a partnership's two bids together may break."""
    whole = [seat for seat in side.seats if is_whole(bids[seat], options)]
    nils = sum(1 for seat in side.seats if seat not in whole and is_nil(bids[seat], options))
    numbers = [bids[s].n for s in side.seats if s not in whole and not is_nil(bids[s], options)]
    nonzero = sum(1 for n in numbers if n > 0)
    if whole:
        if len(whole) == 1 and not nonzero:
            return []
        said = N_(
            "{side}: a blind or moon bid is the partnership's whole contract; the partner enters 0"
        )
        return [BidProblem(whole[0], text(said, side=side.name))]
    problems: list[BidProblem] = []
    if options.contract is Contract.TEAM_TOTAL and nonzero > 1:
        said = N_(
            "{side}: with a team total the team's number stands on one partner and the other enters 0"
        )
        problems.append(BidProblem(None, text(said, side=side.name)))
    if options.min_bid and sum(numbers) < options.min_bid:
        problems.append(BidProblem(None, _below_minimum(options, side, numbers)))
    if options.suicide and not nils:
        said = N_("Suicide: {side} must include at least one nil bid")
        problems.append(BidProblem(None, text(said, side=side.name)))
    return problems


def _below_minimum(options: SpadesOptions, side: Side, numbers: Sequence[int]) -> Text:
    if numbers:
        return text(
            N_("{side} bid {contract}; the partnership must bid at least {low}"),
            side=side.name,
            contract=sum(numbers),
            low=options.min_bid,
        )
    return text(
        N_("{side}: both partners bid nil, but the partnership must bid at least {low}"),
        side=side.name,
        low=options.min_bid,
    )
