"""Oh Hell scoring (RULES.md §4): a fixed schedule of hands, bids that must be made
exactly, the hook on the dealer's bid, and the highest total after the last hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidHand
from ..hand import Body
from ..outcome import individual_sides
from ..seats import bidding_order
from ..text import N_, Nn_, Part, Text, ntext, shown, signed, text
from ..types import HandResult, Line, Need, Outcome, Side
from .options import HookScope, MissPenalty, OhHellOptions, TrickPoints, ZeroMade, ZeroMissed


@dataclass(frozen=True)
class OhHellHand:
    """One hand as entered: its size when the file gives it, each seat's bid and tricks."""

    cards: int | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True)
class OhHellState:
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    hands: int = 0  # hands played
    dealer: int = 0  # the seat that deals the next hand


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def parse_hand(raw: object, options: OhHellOptions) -> OhHellHand:
    """Read a hand's form: its size, one whole number per seat for bids and tricks."""
    if not isinstance(raw, dict) or "bids" not in raw or "tricks" not in raw:
        raise InvalidHand(text(N_("an Oh Hell hand needs 'bids' and 'tricks'")))
    cards = raw.get("cards")
    if cards is not None and (not _count(cards) or cards < 1):
        raise InvalidHand(
            text(
                N_("'cards' must be a whole number of 1 or more, got {value}"), value=shown(cards)
            )
        )
    seats = options.players
    for name in ("bids", "tricks"):
        values = raw[name]
        if not isinstance(values, list) or len(values) != seats:
            raise InvalidHand(
                text(
                    N_("'{name}' needs one entry for each of the {seats} seats"),
                    name=name,
                    seats=seats,
                )
            )
        for seat, value in enumerate(values):
            if not _count(value):
                raise InvalidHand(
                    text(
                        N_("seat {seat}: {name} must be a whole number of 0 or more, got {value}"),
                        seat=seat + 1,
                        name=name,
                        value=shown(value),
                    ),
                    seat,
                    f"{'bid' if name == 'bids' else 'tricks'}_{seat}",
                )
    return OhHellHand(cards, tuple(raw["bids"]), tuple(raw["tricks"]))


def hand_to_json(hand: OhHellHand) -> dict[str, object]:
    body: dict[str, object] = {} if hand.cards is None else {"cards": hand.cards}
    return {**body, "bids": list(hand.bids), "tricks": list(hand.tricks)}


def start(options: OhHellOptions, players: Sequence[str]) -> OhHellState:
    sides = individual_sides(players)
    return OhHellState(tuple(players), sides, tuple(0 for _ in sides))


def hook_binds(options: OhHellOptions, totals: Sequence[int], dealer: int) -> bool:
    """Whether the hook binds this dealer: always, or under the Canadian rule only a
    dealer whose total is higher than every other player's (a tie is not a lead)."""
    if not options.hook:
        return False
    if options.hook_scope is HookScope.EVERY_HAND:
        return True
    others = [total for seat, total in enumerate(totals) if seat != dealer]
    return bool(others) and totals[dealer] > max(others)


def hook_bid(
    options: OhHellOptions, cards: int, bids: Sequence[int], dealer: int, totals: Sequence[int]
) -> int | None:
    """The bid the hook forbids the dealer, given the others' bids and the totals before
    the hand (None: no such bid). Under the Canadian rule a bid of 0 is always allowed."""
    if not hook_binds(options, totals, dealer):
        return None
    others = sum(bid for seat, bid in enumerate(bids) if seat != dealer)
    forbidden = cards - others
    if forbidden == 0 and options.hook_scope is HookScope.LEADER:
        return None
    return forbidden if 0 <= forbidden <= cards else None


def past_the_schedule(options: OhHellOptions, number: int) -> Text | None:
    """Hand `number` after the schedule's last, in words (None: the schedule deals it)."""
    hands = len(options.schedule)
    if number <= hands:
        return None
    return text(N_("the game has {n} hands: there is no hand {number}"), n=hands, number=number)


def check_hand(
    options: OhHellOptions, number: int, dealer: int, hand: OhHellHand, totals: Sequence[int]
) -> int:
    """Check a hand against the schedule and the bidding rules; return its size."""
    past = past_the_schedule(options, number)
    if past is not None:
        raise InvalidHand(past)
    cards = options.schedule[number - 1]
    if hand.cards is not None and hand.cards != cards:
        raise InvalidHand(
            text(
                N_("'cards' is {given}, but hand {number} deals {cards}"),
                given=hand.cards,
                number=number,
                cards=cards,
            ),
            field="cards",
        )
    for seat in bidding_order(dealer, len(hand.bids)):
        if hand.bids[seat] > cards:
            raise InvalidHand(
                text(
                    N_("seat {seat}: a bid is 0 to {cards}, got {bid}"),
                    seat=seat + 1,
                    cards=cards,
                    bid=hand.bids[seat],
                ),
                seat,
                f"bid_{seat}",
            )
    if hook_bid(options, cards, hand.bids, dealer, totals) == hand.bids[dealer]:
        raise InvalidHand(
            text(
                N_("the dealer may not bid {bid}: the bids would add up to {cards}")
                if options.hook_scope is HookScope.EVERY_HAND
                else N_(
                    "the dealer, leading, may not bid {bid}: the bids would add up to {cards}"
                ),
                bid=hand.bids[dealer],
                cards=cards,
            ),
            dealer,
            f"bid_{dealer}",
        )
    total = sum(hand.tricks)
    if total != cards:
        raise InvalidHand(
            text(N_("tricks add up to {total}, expected {most}"), total=total, most=cards)
        )
    return cards


def seat_score(options: OhHellOptions, bid: int, took: int, cards: int) -> tuple[int, list[int]]:
    """A seat's points for the hand, and the parts they are made of (in order): trick
    points + exact bonus (or a made zero's value) − miss penalty (or a missed zero's)."""
    exact = bid == took
    value = options.trick_value
    counted = options.trick_points  # if/else, not a table of every rule's value: per seat
    if counted is TrickPoints.ALWAYS or (counted is TrickPoints.IF_EXACT and exact):
        trick_points = took * value
    else:
        trick_points = 0
    if exact and bid == 0 and options.zero_made is not ZeroMade.NORMAL:
        parts = [options.zero_value]
        if options.zero_made is ZeroMade.PLUS_CARDS:
            parts.append(cards)
    elif exact:
        parts = [options.exact_bonus, trick_points]
    elif bid == 0 and options.zero_missed is ZeroMissed.MINUS_VALUE:
        parts = [trick_points, -options.zero_value]
    else:
        parts = [trick_points, -_miss_penalty(options, bid, took)]
    parts = [part for part in parts if part]
    return sum(parts), parts


def _miss_penalty(options: OhHellOptions, bid: int, took: int) -> int:
    """What a missed bid costs under the rules."""
    rule, off = options.miss_penalty, abs(took - bid)
    if rule is MissPenalty.BID:
        return options.trick_value * bid
    if rule is MissPenalty.DIFFERENCE:
        return off
    if rule is MissPenalty.TEN_PER_TRICK:
        return 10 * off
    if rule is MissPenalty.PER_TRICK:
        return options.miss_value * off
    if rule is MissPenalty.FLAT:
        return options.miss_value
    return 0  # MissPenalty.NONE


def _sum_words(parts: Sequence[int], points: int) -> str:
    """The parts of a score as a sum: "10 + 3 = +13", "+3", "0"."""
    if len(parts) < 2:
        return signed(points)
    words = str(parts[0])
    for part in parts[1:]:
        words += f" + {part}" if part >= 0 else f" − {-part}"
    return f"{words} = {signed(points)}"


def _line(options: OhHellOptions, bid: int, took: int, parts: Sequence[int], points: int) -> Line:
    exact = bid == took
    template = (
        N_("Bid {bid}, took {took}: exact → {score}")
        if exact
        else N_("Bid {bid}, took {took}: missed → {score}")
    )
    rule = "exact_bonus" if exact else "miss_penalty"
    if bid == 0 and exact and options.zero_made is not ZeroMade.NORMAL:
        rule = "zero_made"
    elif bid == 0 and not exact and options.zero_missed is not ZeroMissed.NORMAL:
        rule = "zero_missed"
    return Line(rule, text(template, bid=bid, took=took, score=_sum_words(parts, points)), points)


def play(options: OhHellOptions, state: OhHellState, hand: OhHellHand) -> HandResult:
    """Score each player's bid against the tricks they took."""
    number = state.hands + 1
    dealer = state.dealer
    cards = check_hand(options, number, dealer, hand, state.totals)
    scored = [
        seat_score(options, bid, took, cards)
        for bid, took in zip(hand.bids, hand.tricks, strict=True)
    ]
    points = tuple(score for score, _ in scored)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    markers = tuple(
        ("made",) if bid == took else ("missed",)
        for bid, took in zip(hand.bids, hand.tricks, strict=True)
    )

    def explain() -> tuple[tuple[Line, ...], ...]:
        return tuple(
            (_line(options, bid, took, parts, score),)
            for bid, took, (score, parts) in zip(hand.bids, hand.tricks, scored, strict=True)
        )

    return HandResult(
        points,
        totals,
        None,
        explain,
        markers,
        OhHellState(state.players, state.sides, totals, number, (dealer + 1) % len(state.players)),
    )


def outcome(options: OhHellOptions, state: OhHellState) -> Outcome:
    """Over after the schedule's last hand: the highest total wins; a tie shares the win."""
    hands = len(options.schedule)
    if state.hands < hands:
        return Outcome(False)
    best = max(state.totals)
    top = tuple(i for i, total in enumerate(state.totals) if total == best)
    if len(top) > 1:
        names = ", ".join(state.sides[i].name for i in top)
        return Outcome(
            True,
            None,
            text(
                N_("tied for the highest total, {best}, after hand {n}: {names} share the win"),
                best=best,
                n=hands,
                names=names,
            ),
            winners=top,
        )
    return Outcome(
        True, top[0], text(N_("the highest total, {best}, after hand {n}"), best=best, n=hands)
    )


def needs(options: OhHellOptions, state: OhHellState) -> list[Need]:
    """Before the next hand: its place in the schedule and its size."""
    schedule = options.schedule
    number = state.hands + 1
    if number > len(schedule):
        return []
    return [
        Need(
            "",
            (
                ntext(
                    Nn_(
                        "Hand {number} of {hands}: {n} card", "Hand {number} of {hands}: {n} cards"
                    ),
                    schedule[number - 1],
                    number=number,
                    hands=len(schedule),
                ),
            ),
        )
    ]


def hand_words(body: Body, players: Sequence[str]) -> list[Part]:
    """Each player's bid and tricks taken."""
    bids, tricks = body.get("bids", []), body.get("tricks", [])
    parts: list[Part] = []
    if "cards" in body:
        parts.append((Text(N_("Cards")), text("{value}", value=shown(body["cards"]))))
    for seat, name in enumerate(players):
        bid = bids[seat] if seat < len(bids) else None
        took = tricks[seat] if seat < len(tricks) else None
        parts.append(
            (
                name,
                text(N_("bid {bid}, took {took}"), bid=shown(bid), took=shown(took)),
            )
        )
    return parts
