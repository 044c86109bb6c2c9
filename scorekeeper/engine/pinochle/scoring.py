"""Pinochle scoring (RULES.md §8.5): each side's meld kept by the saving rules, the
bidding side made or set against its bid, throw-ins, the moon, and the end of the game
with the bidding side counted first (§8.2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..text import N_, Text, signed, text
from ..types import HandResult, Line, Need, Outcome, Side
from .hand import PinochleHand, meld_table, side_of
from .melds import NAMES, SUIT_SIGNS, Found
from .options import (
    GoingOut,
    MadeScores,
    Moon,
    OpponentsScore,
    PinochleOptions,
    Play,
    SaveMeld,
    SaveMeldBidders,
    SetScoring,
    ShortSide,
)

__all__ = [
    "meld_table",
    "needs",
    "outcome",
    "play",
    "start",
]


@dataclass(frozen=True)
class PinochleState:
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    bidder_side: int | None = None  # the last hand's bidding side: counted first
    lost: tuple[int, ...] = ()  # sides out of the game at once (a score too low, a moon)
    won: int | None = None  # a side that won at once (a moon made)
    why: Text | None = None  # what ended the game at once


def start(options: PinochleOptions, players: Sequence[str]) -> PinochleState:
    if options.partnership:
        sides: tuple[Side, ...] = (
            Side(f"{players[0]} & {players[2]}", (0, 2)),
            Side(f"{players[1]} & {players[3]}", (1, 3)),
        )
    else:
        sides = tuple(Side(name, (seat,)) for seat, name in enumerate(players))
    return PinochleState(tuple(players), sides, tuple(0 for _ in sides))


def _melds_found(seat: int, found: Sequence[Found], players: Sequence[str]) -> Text:
    """One player's melds in words: "Ann: run 150, ♠ marriage 20, pinochle 40"."""
    parts = []
    for meld in found:
        name = text(NAMES[meld.meld])
        if meld.suit:
            name = text("{suit} {name}", suit=SUIT_SIGNS[meld.suit], name=name)
        if meld.count > 1:
            name = text("{n}× {name}", n=meld.count, name=name)
        parts.append(text("{name} {points}", name=name, points=meld.points))
    listed = text(
        ", ".join(f"{{m{i}}}" for i in range(len(parts))),
        **{f"m{i}": p for i, p in enumerate(parts)},
    )
    return text(N_("{player}: {melds}"), player=players[seat], melds=listed)


class _Hand:
    """One hand being scored: per side, its lines, points and what counted."""

    def __init__(self, options: PinochleOptions, hand: PinochleHand, players: Sequence[str]):
        self.options, self.hand = options, hand
        self.count = options.sides
        self.bidders = side_of(hand.bidder, options)
        self.lines: list[list[Line]] = [[] for _ in range(self.count)]
        self.points = [0] * self.count
        self.counted = [0] * self.count
        for seat, found in enumerate(hand.found):
            if found:
                side = side_of(seat, options)
                self.lines[side].append(Line("run_extras", _melds_found(seat, found, players)))

    def add(self, side: int, rule: str, said: Text, points: int = 0) -> None:
        self.lines[side].append(Line(rule, said, points))
        self.points[side] += points

    def others(self) -> list[int]:
        return [side for side in range(self.count) if side != self.bidders]

    def on_board(self, side: int) -> bool:
        """The side's meld reaches the minimum; else say so."""
        meld, least = self.hand.laid[side], self.options.min_meld
        if meld and meld < least:
            said = text(N_("Meld {meld}: not on the board (under {min})"), meld=meld, min=least)
            self.add(side, "min_meld", said)
            return False
        return True

    def set(self, said: Text | None = None) -> None:
        """The bidding side is set (or threw the hand in): it scores by `set_scoring`."""
        o, bid, side = self.options, self.hand.bid, self.bidders
        if said is not None:
            self.add(side, "set_scoring", said)
        if o.set_scoring is SetScoring.MINUS_BID:
            self.add(side, "set_scoring", text(N_("Set: {points}"), points=signed(-bid)), -bid)
        elif o.set_scoring is SetScoring.ZERO:
            self.add(side, "set_scoring", text(N_("Set: nothing scored")))
        else:
            self.add(
                side, "set_scoring", text(N_("Set: nothing scored; the bid goes to the others"))
            )
            for other in self.others():
                self.add(
                    other, "set_scoring", text(N_("The bidders were set: +{bid}"), bid=bid), bid
                )


def _throw_in(s: _Hand, forced: Text | None) -> None:
    """A hand ended before the play: the bidders lose the bid; the others keep their meld
    (if on the board) and get what the rules give for the cards not played."""
    o, hand = s.options, s.hand
    if hand.counters is not None:
        s.add(
            s.bidders,
            "concede_counters",
            text(N_("The counters entered are ignored: the hand was not played")),
        )
    s.set(forced or text(N_("Bid {bid} thrown in"), bid=hand.bid))
    # Bidders short of the meld give the others nothing for the cards, conceded or not.
    short = hand.ends_at_meld
    for side in s.others():
        if o.opponents_score is OpponentsScore.NONE:
            s.add(side, "opponents_score", text(N_("Only the bidder scores")))
            continue
        meld = hand.laid[side]
        if meld and s.on_board(side):
            if o.concede_meld:
                s.counted[side] = meld
                s.add(side, "concede_meld", text(N_("Meld {meld} kept"), meld=meld), meld)
            else:
                s.add(side, "concede_meld", text(N_("Meld {meld} not kept: thrown in"), meld=meld))
        cards = 0 if short else o.concede_counters.of(o.counters_total)
        if cards:
            s.add(side, "concede_counters", text(N_("Cards not played: +{n}"), n=cards), cards)


def _kept(s: _Hand, side: int, counters: int, won: bool) -> bool:
    """Whether the side keeps its meld by what it took in the play; else say why not."""
    o, meld = s.options, s.hand.laid[side]
    if not meld or not s.on_board(side):
        return False
    if side == s.bidders and o.save_meld_bidders is SaveMeldBidders.NONE:
        return True
    why = None
    if o.save_meld is SaveMeld.POINTS and not (counters > 0 and won):
        why = text(N_("Meld {meld} lost: no trick points"), meld=meld)
    elif o.save_meld is SaveMeld.TRICK and not won:
        why = text(N_("Meld {meld} lost: no trick taken"), meld=meld)
    elif counters < o.save_meld_min:
        why = text(
            N_("Meld {meld} lost: {counters} in tricks, under {min}"),
            meld=meld,
            counters=counters,
            min=o.save_meld_min,
        )
    if why is not None:
        s.add(side, "save_meld", why)
        return False
    return True


def _played(s: _Hand) -> bool:
    """A hand played out: the bidders made or set, the others their own. Whether made."""
    o, hand = s.options, s.hand
    counters = hand.taken or tuple(0 for _ in range(s.count))
    won = hand.won_trick or tuple(c > 0 for c in counters)
    for side in range(s.count):
        if _kept(s, side, counters[side], won[side]):
            s.counted[side] = hand.laid[side]
    b = s.bidders
    total = s.counted[b] + counters[b]
    said = dict(bid=hand.bid, meld=s.counted[b], counters=counters[b], total=total)
    made = total >= hand.bid
    if made and o.made_scores is MadeScores.POINTS:
        s.add(
            b,
            "made_scores",
            text(N_("Bid {bid}: meld {meld} + counters {counters} = {total}, made"), **said),
            total,
        )
    elif made:
        s.add(
            b,
            "made_scores",
            text(
                N_("Bid {bid}: meld {meld} + counters {counters} = {total}, made: the bid scores"),
                **said,
            ),
            hand.bid,
        )
    else:
        s.set(text(N_("Bid {bid}: meld {meld} + counters {counters} = {total}, set"), **said))
    for side in s.others():
        if o.opponents_score is OpponentsScore.NONE:
            s.add(side, "opponents_score", text(N_("Only the bidder scores")))
        elif o.short_side_scores is ShortSide.NOTHING and counters[side] < o.save_meld_min:
            said_short = text(
                N_("{counters} in tricks, under {min}: nothing scored"),
                counters=counters[side],
                min=o.save_meld_min,
            )
            s.counted[side] = 0
            s.add(side, "short_side_scores", said_short)
        elif s.counted[side]:
            s.add(
                side,
                "opponents_score",
                text(
                    N_("Meld {meld} + counters {counters}"),
                    meld=s.counted[side],
                    counters=counters[side],
                ),
                s.counted[side] + counters[side],
            )
        else:
            s.add(
                side,
                "opponents_score",
                text(N_("Counters {counters}"), counters=counters[side]),
                counters[side],
            )
    return made


def _moon(s: _Hand, state: PinochleState) -> tuple[int | None, int | None]:
    """A moon hand: made or failed, nobody else scores. Returns (won, lost) at once."""
    o, b, made = s.options, s.bidders, s.hand.moon == "made"
    if s.hand.counters is not None:
        s.add(b, "moon", text(N_("The counters entered are ignored: a moon hand")))
    if o.moon is Moon.POINTS:
        n = o.moon_value
        if made:
            s.add(b, "moon_points", text(N_("Moon made: +{n}"), n=n), n)
        else:
            s.add(b, "moon_points", text(N_("Moon failed: {points}"), points=signed(-n)), -n)
        return None, None
    if made and o.moon_negative_reset and state.totals[b] < 0:
        said = text(N_("Moon made from {total}: back to 0"), total=signed(state.totals[b]))
        s.add(b, "moon_negative_reset", said, -state.totals[b])
        return None, None
    if made:
        s.add(b, "moon", text(N_("Moon made: the game is won")))
        return b, None
    s.add(b, "moon", text(N_("Moon failed: the game is lost")))
    return None, b


def play(options: PinochleOptions, state: PinochleState, hand: PinochleHand) -> HandResult:
    s = _Hand(options, hand, state.players)
    b, won, lost = s.bidders, state.won, list(state.lost)
    conceded = False
    if hand.moon:
        made = hand.moon == "made"
        moon_won, moon_lost = _moon(s, state)
        won = moon_won if moon_won is not None else won
        if moon_lost is not None:
            lost.append(moon_lost)
    elif hand.conceded or hand.ends_at_meld:
        made, conceded = False, True
        forced = None
        if hand.ends_at_meld and not hand.conceded:
            forced = text(
                N_("Meld {meld}, not on the board: bid {bid} lost without play"),
                meld=hand.laid[b],
                bid=hand.bid,
            )
        _throw_in(s, forced)
    elif options.hopeless is Play.CONCEDE and hand.laid[b] + options.counters_total < hand.bid:
        made, conceded = False, True
        forced = text(
            N_("Bid {bid} cannot be made (meld {meld} + all {total} counters): lost without play"),
            bid=hand.bid,
            meld=hand.laid[b],
            total=options.counters_total,
        )
        _throw_in(s, forced)
    else:
        made = _played(s)
    totals = tuple(t + p for t, p in zip(state.totals, s.points, strict=True))
    floor = options.losing_score.number
    if floor is not None:
        lost += [side for side, total in enumerate(totals) if total <= floor and side not in lost]
    markers: list[tuple[str, ...]] = [() for _ in range(s.count)]
    if hand.moon:
        markers[b] = ("moon",) if made else ("moon_failed",)
    else:
        markers[b] = ("made",) if made else (("thrown_in",) if conceded else ("set",))
        for side in s.others():
            if hand.laid[side] and not s.counted[side]:
                markers[side] = ("meld_lost",)
    record: dict[str, object] = {
        "bidder_side": b,
        "bid": hand.bid,
        "made": made,
        "meld": list(hand.laid),
        "meld_counted": list(s.counted),
        "counters": list(hand.taken)
        if hand.taken is not None and not (conceded or hand.moon)
        else None,
    }
    if hand.trump is not None:
        record["trump"] = hand.trump
    if conceded:
        record["conceded"] = True
    if hand.moon:
        record["moon"] = hand.moon
    after = PinochleState(state.players, state.sides, totals, b, tuple(lost), won)
    explanation = tuple(tuple(lines) for lines in s.lines)
    return HandResult(tuple(s.points), totals, None, explanation, tuple(markers), after, record)


def outcome(options: PinochleOptions, state: PinochleState) -> Outcome:
    """A moon won or lost, a side at the losing score, then the target with the bidding
    side counted first (or the highest), then the margin."""
    totals, sides = state.totals, range(len(state.totals))
    if state.won is not None:
        return Outcome(True, state.won, text(N_("made the moon")))
    if state.lost:
        rest = [side for side in sides if side not in state.lost]
        return _highest(rest, totals, text(N_("the others lost at once")))
    target = options.target
    b = state.bidder_side
    if options.going_out is GoingOut.BIDDER and b is not None and totals[b] >= target:
        return Outcome(
            True,
            b,
            text(N_("reached {target} with {total}, bidding"), target=target, total=totals[b]),
        )
    over = [side for side in sides if totals[side] >= target]
    if over:
        return _highest(over, totals, text(N_("the highest total at {target}"), target=target))
    if options.margin > 0:
        for side in sides:
            if all(totals[side] - totals[o] >= options.margin for o in sides if o != side):
                return Outcome(True, side, text(N_("ahead by {n} or more"), n=options.margin))
    return Outcome(False)


def _highest(candidates: Sequence[int], totals: Sequence[int], why: Text) -> Outcome:
    if not candidates:
        return Outcome(False)
    best = max(totals[side] for side in candidates)
    top = [side for side in candidates if totals[side] == best]
    if len(top) == 1:
        return Outcome(True, top[0], why)
    return Outcome(False, None, text(N_("tied at {total}: one more hand"), total=best), tie=True)


def needs(options: PinochleOptions, state: PinochleState) -> list[Need]:
    """Each side's points to the target."""
    return [
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
        for index, (side, total) in enumerate(zip(state.sides, state.totals, strict=True))
        if index not in state.lost
    ]
