"""A Pinochle hand as a table records it (GAME-FORMAT.md, "The Pinochle hand"): reading
the game file's form, writing it back, and saying it in words. Kept apart from the
scoring so the hand's fields can be declared once elsewhere."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidHand
from ..text import N_, Part, Text, shown, text
from .melds import (
    NAMES,
    SUIT_LETTERS,
    SUIT_SIGNS,
    SUITS,
    Card,
    Found,
    MeldTable,
    card_name,
    find_melds,
    read_card,
)
from .options import Deck, PinochleOptions, Play

MOON_RESULTS = ("made", "failed")


@dataclass(frozen=True)
class PinochleHand:
    """One hand: the auction's winner and bid, trump, each side's meld as laid down, the
    counters (the left-out entry filled in), and how the hand ended."""

    bidder: int
    bid: int
    trump: str | None
    meld: tuple[int, ...]  # per side, as laid down
    meld_entry: tuple[object, ...] | None  # per side, as entered (numbers or picks)
    meld_cards: tuple[str, ...] | None  # per seat, the cards laid down
    found: tuple[tuple[Found, ...], ...]  # per seat, the melds the cards make
    counters: tuple[int, ...] | None  # per side, None for a hand without play
    counters_entry: tuple[object, ...] | None  # as entered (one may be null)
    won_trick: tuple[bool, ...] | None  # as entered; None: a side with counters won one
    conceded: bool
    moon: str | None  # "made", "failed" or None
    ends_at_meld: bool  # the bidders were short of the minimum meld: no play

    @property
    def played(self) -> bool:
        return not (self.conceded or self.ends_at_meld or self.moon)


def side_of(seat: int, options: PinochleOptions) -> int:
    return seat % 2 if options.partnership else seat


def meld_table(options: PinochleOptions) -> MeldTable:
    return MeldTable(
        options.deck.value,
        10 if options.tens else 1,
        options.double_melds.value == "singles",
        options.meld_values.value,  # type: ignore[arg-type]
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _trump(raw: object) -> str | None:
    if raw is None:
        return None
    if isinstance(raw, str):
        word = raw.strip().lower()
        if word in SUITS:
            return word
        if raw.strip().upper() in SUIT_LETTERS:
            return SUIT_LETTERS[raw.strip().upper()]
    raise InvalidHand(
        text(
            N_("'trump' must be spades, hearts, diamonds or clubs, got {value}"),
            value=shown(raw),
        ),
        field="trump",
    )


def _check_bid(bid: object, options: PinochleOptions) -> int:
    if not _whole(bid) or not isinstance(bid, int) or bid < 0:
        raise InvalidHand(
            text(N_("'bid' must be a whole number, got {value}"), value=shown(bid)), field="bid"
        )
    if bid < options.min_bid:
        raise InvalidHand(
            text(N_("bid {bid} is below the minimum {min}"), bid=bid, min=options.min_bid),
            field="bid",
        )
    start, step = options.bid_steps.step_at(bid)
    base = start if bid >= start else options.min_bid
    if (bid - base) % step:
        raise InvalidHand(
            text(
                N_("bid {bid}: from {start} bids go up by {step}"), bid=bid, start=base, step=step
            ),
            field="bid",
        )
    return bid


def _meld_entry(entry: object, options: PinochleOptions, table: MeldTable) -> int:
    """One side's meld entry: a number, the picks from the table, or nothing."""
    if entry is None:
        return 0
    if _whole(entry) and isinstance(entry, int):
        if entry < 0:
            raise InvalidHand(text(N_("meld {n} is below 0"), n=entry), field="meld")
        if entry % options.meld_unit:
            raise InvalidHand(
                text(N_("meld {n} is not a multiple of {unit}"), n=entry, unit=options.meld_unit),
                field="meld",
            )
        return entry
    if isinstance(entry, dict):
        total = 0
        for meld, count in entry.items():
            if not table.holds(meld):
                if meld in NAMES:
                    raise InvalidHand(
                        text(
                            N_("the {deck} deck has no {meld}"),
                            deck=options.deck.value,
                            meld=meld,
                        ),
                        field="meld",
                    )
                raise InvalidHand(text(N_("unknown meld {id}"), id=shown(meld)), field="meld")
            if not _whole(count) or count < 0:
                raise InvalidHand(
                    text(
                        N_("the count of {meld} must be a whole number 0 or more, got {value}"),
                        meld=meld,
                        value=shown(count),
                    ),
                    field="meld",
                )
            total += count * table.value(meld)
        return total
    raise InvalidHand(
        text(
            N_(
                "each side's meld is a number, an object of melds and counts, or null; got {value}"
            ),
            value=shown(entry),
        ),
        field="meld",
    )


def _cards(
    raw: object, options: PinochleOptions, bidder: int
) -> tuple[tuple[str, ...], list[Counter[Card]]]:
    """The cards each seat lays down, checked against a hand's size and the pack."""
    if not isinstance(raw, list) or len(raw) != options.players:
        raise InvalidHand(
            text(N_("'meld_cards' needs one string per seat ({n})"), n=options.players),
            field="meld_cards",
        )
    hands: list[Counter[Card]] = []
    table: Counter[Card] = Counter()
    for seat, line in enumerate(raw):
        if line is None:
            line = ""
        if not isinstance(line, str):
            raise InvalidHand(
                text(N_("'meld_cards' needs one string per seat ({n})"), n=options.players),
                field="meld_cards",
            )
        held: Counter[Card] = Counter()
        for token in line.replace(",", " ").split():
            card = read_card(token)
            if card is None:
                raise InvalidHand(text(N_("'{card}' is not a card"), card=token), seat)
            if card[0] == "9" and options.deck is Deck.DOUBLE:
                raise InvalidHand(text(N_("the double deck has no nines ({card})"), card=token))
            held[card] += 1
        most = options.hand_cards + (3 if not options.partnership and seat == bidder else 0)
        laid = sum(held.values())
        if laid > most:
            raise InvalidHand(
                text(
                    N_("seat {seat} lays down {n} cards; a hand holds {most}"),
                    seat=seat,
                    n=laid,
                    most=most,
                ),
                seat,
            )
        table += held
        hands.append(held)
    for card, n in table.items():
        if n > options.copies:
            raise InvalidHand(
                text(
                    N_("{n} copies of {card}; the pack holds {copies}"),
                    n=n,
                    card=card_name(card),
                    copies=options.copies,
                )
            )
    return tuple(line or "" for line in raw), hands


def _counters(raw: object, options: PinochleOptions) -> tuple[int, ...]:
    sides, total = options.sides, options.counters_total
    if not isinstance(raw, list) or len(raw) != sides:
        raise InvalidHand(
            text(N_("'counters' needs one entry per side ({n})"), n=sides), field="counters"
        )
    if sum(entry is None for entry in raw) > 1:
        raise InvalidHand(text(N_("only one side's counters may be left out")), field="counters")
    for entry in raw:
        if entry is None:
            continue
        if not _whole(entry) or entry < 0:
            raise InvalidHand(
                text(
                    N_("counters must be whole numbers 0 or more, got {value}"), value=shown(entry)
                ),
                field="counters",
            )
        if entry % options.counter_unit:
            raise InvalidHand(
                text(
                    N_("counters {n} is not a multiple of {unit}"),
                    n=entry,
                    unit=options.counter_unit,
                ),
                field="counters",
            )
    known = sum(entry for entry in raw if entry is not None)
    if known > total or (None not in raw and known != total):
        raise InvalidHand(
            text(N_("counters add up to {n}, expected {total}"), n=known, total=total),
            field="counters",
        )
    return tuple(total - known if entry is None else entry for entry in raw)


def parse_hand(raw: object, options: PinochleOptions) -> PinochleHand:
    """Read a game file's hand; raise InvalidHand naming what is wrong."""
    if not isinstance(raw, dict) or "bidder" not in raw or "bid" not in raw:
        raise InvalidHand(text(N_("a Pinochle hand needs 'bidder' and 'bid'")))
    bidder = raw["bidder"]
    if not _whole(bidder) or not 0 <= bidder < options.players:
        raise InvalidHand(
            text(
                N_("'bidder' must be a seat of the file (0 to {last}), got {value}"),
                last=options.players - 1,
                value=shown(bidder),
            ),
            field="bidder",
        )
    bid = _check_bid(raw["bid"], options)
    trump = _trump(raw.get("trump"))
    conceded = raw.get("conceded", False)
    if not isinstance(conceded, bool):
        raise InvalidHand(text(N_("'conceded' must be true or false")), field="conceded")
    moon = raw.get("moon")
    if moon is not None:
        if options.moon.value == "off":
            raise InvalidHand(text(N_("these rules have no moon")), field="moon")
        if moon not in MOON_RESULTS:
            raise InvalidHand(
                text(N_('\'moon\' must be "made" or "failed", got {value}'), value=shown(moon)),
                field="moon",
            )
    table = meld_table(options)
    sides = options.sides
    meld_entry: tuple[object, ...] | None = None
    cards: tuple[str, ...] | None = None
    found: tuple[tuple[Found, ...], ...] = ()
    if raw.get("meld") is not None and raw.get("meld_cards") is not None:
        raise InvalidHand(text(N_("meld and meld_cards are both given")), field="meld")
    if raw.get("meld_cards") is not None:
        if trump is None:
            raise InvalidHand(text(N_("meld_cards need a trump")), field="trump")
        cards, held = _cards(raw["meld_cards"], options, bidder)
        found = tuple(
            tuple(find_melds(hand, trump, table, options.run_extras.value)) for hand in held
        )
        meld = [0] * sides
        for seat, melds in enumerate(found):
            meld[side_of(seat, options)] += sum(f.points for f in melds)
    elif raw.get("meld") is not None:
        entries = raw["meld"]
        if not isinstance(entries, list) or len(entries) != sides:
            raise InvalidHand(
                text(N_("'meld' needs one entry per side ({n})"), n=sides), field="meld"
            )
        meld = [_meld_entry(entry, options, table) for entry in entries]
        meld_entry = tuple(entries)
    else:
        meld = [0] * sides
    bidders = side_of(bidder, options)
    ends_at_meld = options.bidder_short_meld is Play.CONCEDE and meld[bidders] < options.min_meld
    # A bid the meld cannot reach, where the rules concede it, is not played either.
    hopeless = options.hopeless is Play.CONCEDE and meld[bidders] + options.counters_total < bid
    counters_entry = raw.get("counters")
    counters: tuple[int, ...] | None = None
    if not (conceded or ends_at_meld or hopeless or moon):
        if counters_entry is None:
            raise InvalidHand(
                text(N_('counters are missing (or say "conceded": true)')), field="counters"
            )
        counters = _counters(counters_entry, options)
    won = raw.get("won_trick")
    if won is not None and (
        not isinstance(won, list) or len(won) != sides or not all(isinstance(w, bool) for w in won)
    ):
        raise InvalidHand(
            text(N_("'won_trick' needs true or false for each side ({n})"), n=sides),
            field="won_trick",
        )
    return PinochleHand(
        bidder=bidder,
        bid=bid,
        trump=trump,
        meld=tuple(meld),
        meld_entry=meld_entry,
        meld_cards=cards,
        found=found,
        counters=counters,
        counters_entry=tuple(counters_entry) if isinstance(counters_entry, list) else None,
        won_trick=tuple(won) if won is not None else None,
        conceded=conceded,
        moon=moon,
        ends_at_meld=ends_at_meld,
    )


def hand_to_json(hand: PinochleHand) -> dict[str, object]:
    body: dict[str, object] = {"bidder": hand.bidder, "bid": hand.bid}
    if hand.trump is not None:
        body["trump"] = hand.trump
    if hand.meld_cards is not None:
        body["meld_cards"] = list(hand.meld_cards)
    elif hand.meld_entry is not None:
        body["meld"] = list(hand.meld_entry)
    if hand.counters_entry is not None:
        body["counters"] = list(hand.counters_entry)
    if hand.won_trick is not None:
        body["won_trick"] = list(hand.won_trick)
    if hand.conceded:
        body["conceded"] = True
    if hand.moon is not None:
        body["moon"] = hand.moon
    return body


def _seat(value: object, players: Sequence[str]) -> str:
    if _whole(value) and isinstance(value, int) and 0 <= value < len(players):
        return players[value]
    return shown(value)


def meld_words(entry: object, gettext: Callable[[str], str] = str) -> str:
    """A side's meld entry as a sheet says it: the number, or the melds picked."""
    if entry is None:
        return "0"
    if isinstance(entry, dict):
        named = [(gettext(NAMES[str(k)]) if k in NAMES else str(k), n) for k, n in entry.items()]
        return " + ".join(f"{n}× {name}" if n != 1 else name for name, n in named if n)
    return shown(entry)


def trump_sign(value: object) -> str:
    try:
        suit = _trump(value)
    except InvalidHand:
        return shown(value)
    return SUIT_SIGNS[suit] if suit else ""


def hand_words(body: Mapping[str, Any], players: Sequence[str]) -> list[Part]:
    """The bidder and bid, trump, each side's meld, the counters, how it ended."""
    parts: list[Part] = [
        (Text(N_("Bidder")), text("{value}", value=_seat(body.get("bidder"), players))),
        (Text(N_("Bid")), text("{value}", value=shown(body.get("bid")))),
    ]
    if body.get("trump") is not None:
        parts.append((Text(N_("Trump")), text("{value}", value=trump_sign(body["trump"]))))
    if isinstance(body.get("meld"), list):
        said = " / ".join(meld_words(entry) for entry in body["meld"])
        parts.append((Text(N_("Meld")), text("{value}", value=said)))
    if isinstance(body.get("meld_cards"), list):
        said = " / ".join(str(line) or "—" for line in body["meld_cards"])
        parts.append((Text(N_("Meld (cards)")), text("{value}", value=said)))
    if isinstance(body.get("counters"), list) and not body.get("conceded"):
        said = " / ".join("—" if c is None else shown(c) for c in body["counters"])
        parts.append((Text(N_("Counters")), text("{value}", value=said)))
    if body.get("conceded"):
        parts.append((Text(N_("Thrown in")), text(N_("yes"))))
    if body.get("moon"):
        parts.append((Text(N_("Moon")), text("{value}", value=shown(body["moon"]))))
    return parts


def legal_bids(options: PinochleOptions, begins: str = "", count: int = 6) -> list[int]:
    """The next legal bids of the ladder: from the minimum, or those whose digits begin
    with `begins` (typing 3 offers 300, 310, …; in the double deck 6 offers 60, 65)."""
    found: list[int] = []
    bid = options.min_bid
    limit = options.min_bid + 100 * options.counters_total
    while len(found) < count and bid <= limit:
        if str(bid).startswith(begins):
            found.append(bid)
        start, step = options.bid_steps.step_at(bid)
        base = start if bid >= start else options.min_bid
        bid = base + ((bid - base) // step + 1) * step
    return found
