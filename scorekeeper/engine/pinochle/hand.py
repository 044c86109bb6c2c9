"""A Pinochle hand as a table records it (GAME-FORMAT.md, "The Pinochle hand"), declared
once (engine/hand.py): the bidder, the bid, trump, the moon, each side's meld, a throw-in
and the counters, in the table's own order. The fields that are more than a field (a
side's meld as a number, picks or the cards laid down; counters with one side's left
blank, needed only for a hand that is played) are read by this module's own functions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidHand
from ..hand import Body, Entered, Field, Gettext, HandForm
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
from .options import Deck, Moon, PinochleOptions, Play, SaveMeld, SaveMeldBidders

MOON_RESULTS = ("made", "failed")


@dataclass(frozen=True)
class PinochleHand:
    """One hand: the fields as the game file gives them (their names are the file's),
    and what the rules make of them: each side's meld laid down, the melds the cards
    make, the counters with the left-out entry filled in, and whether the hand ended at
    the meld."""

    bidder: int
    bid: int
    trump: str | None
    moon: str | None  # "made", "failed" or None
    meld: tuple[object, ...] | None  # per side, as entered (numbers or picks)
    meld_cards: tuple[str, ...] | None  # per seat, the cards laid down
    conceded: bool
    counters: tuple[object, ...] | None  # per side, as entered (one may be null)
    won_trick: tuple[bool, ...] | None  # as entered; None: a side with counters won one
    laid: tuple[int, ...]  # per side, the meld laid down
    found: tuple[tuple[Found, ...], ...]  # per seat, the melds the cards make
    taken: tuple[int, ...] | None  # per side, the counters; None for a hand without play
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


@dataclass(frozen=True)
class Laid:
    """A meld field as read: the entry as the file gives it (per side, or the cards per
    seat) and the meld each side lays down."""

    entry: tuple[object, ...] | None
    laid: tuple[int, ...]
    found: tuple[tuple[Found, ...], ...] = ()


@dataclass(frozen=True)
class Taken:
    """The counters as read: the entry as the file gives it, what each side took (the
    left-out entry filled in; None for a hand not played) and whether the hand ended at
    the meld."""

    entry: tuple[object, ...] | None
    taken: tuple[int, ...] | None
    ends_at_meld: bool


def _read_bid(raw: object, values: Mapping[str, object], options: PinochleOptions) -> int:
    return _check_bid(raw, options)


def _read_trump(raw: object, values: Mapping[str, object], options: PinochleOptions) -> str | None:
    return _trump(raw)


def _read_moon(raw: object, values: Mapping[str, object], options: PinochleOptions) -> str | None:
    if raw is None:
        return None
    if options.moon is Moon.OFF:
        raise InvalidHand(text(N_("these rules have no moon")), field="moon")
    if raw not in MOON_RESULTS:
        raise InvalidHand(
            text(N_('\'moon\' must be "made" or "failed", got {value}'), value=shown(raw)),
            field="moon",
        )
    return str(raw)


def _read_meld(raw: object, values: Mapping[str, object], options: PinochleOptions) -> Laid:
    """Each side's meld: a number, the picks from the meld table, or nothing."""
    sides = options.sides
    if raw is None:
        return Laid(None, (0,) * sides)
    if not isinstance(raw, list) or len(raw) != sides:
        raise InvalidHand(text(N_("'meld' needs one entry per side ({n})"), n=sides), field="meld")
    table = meld_table(options)
    return Laid(tuple(raw), tuple(_meld_entry(entry, options, table) for entry in raw))


def _read_cards(
    raw: object, values: Mapping[str, object], options: PinochleOptions
) -> Laid | None:
    """The cards each seat laid down: the app finds the melds under the rules in force."""
    if raw is None:
        return None
    meld = values["meld"]
    if isinstance(meld, Laid) and meld.entry is not None:
        raise InvalidHand(text(N_("meld and meld_cards are both given")), field="meld")
    trump = values["trump"]
    if not isinstance(trump, str):
        raise InvalidHand(text(N_("meld_cards need a trump")), field="trump")
    bidder = values["bidder"]
    cards, held = _cards(raw, options, bidder if isinstance(bidder, int) else 0)
    table = meld_table(options)
    found = tuple(tuple(find_melds(hand, trump, table, options.run_extras.value)) for hand in held)
    laid = [0] * options.sides
    for seat, melds in enumerate(found):
        laid[side_of(seat, options)] += sum(f.points for f in melds)
    return Laid(cards, tuple(laid), found)


def _read_counters(raw: object, values: Mapping[str, object], options: PinochleOptions) -> Taken:
    """The counters, needed only for a hand that is played: not for a throw-in, a moon,
    bidders short of the minimum meld where that ends the hand, or a bid the meld cannot
    reach where the rules concede it."""
    meld = values["meld_cards"] or values["meld"]
    bidder, bid = values["bidder"], values["bid"]
    assert isinstance(meld, Laid) and isinstance(bidder, int) and isinstance(bid, int)
    laid = meld.laid[side_of(bidder, options)]
    ends_at_meld = short_meld_ends(options, laid)
    hopeless = options.hopeless is Play.CONCEDE and laid + options.counters_total < bid
    entry = tuple(raw) if isinstance(raw, list) else None
    if values["conceded"] or values["moon"] or ends_at_meld or hopeless:
        return Taken(entry, None, ends_at_meld)
    if raw is None:
        raise InvalidHand(
            text(N_('counters are missing (or say "conceded": true)')), field="counters"
        )
    return Taken(entry, _counters(raw, options), ends_at_meld)


def short_meld_ends(options: PinochleOptions, bidders_meld: int) -> bool:
    """Whether the bidders' meld ends the hand at the meld: under the minimum, where the
    rules say so (lost without play)."""
    return options.bidder_short_meld is Play.CONCEDE and bidders_meld < options.min_meld


def trick_decides(options: PinochleOptions, side: int, bidders: int | None, meld: int) -> bool:
    """Whether a trick taken without counters would keep a side's meld, for a side that
    took no counters: only where a trick alone saves the meld (`save_meld` `trick`, no
    counters needed), the rules bind this side, and it has meld on the board to keep.
    Elsewhere the engine's default (a trick taken = counters taken) decides the same."""
    return (
        options.save_meld is SaveMeld.TRICK
        and options.save_meld_min == 0
        and not (side == bidders and options.save_meld_bidders is SaveMeldBidders.NONE)
        and meld > 0
        and meld >= options.min_meld
    )


def laid_from_cards(
    options: PinochleOptions, trump: str | None, cards: Sequence[str], bidder: int | None
) -> Laid:
    """The melds the cards each seat laid down make (§8.4), checked against a hand's size
    and the pack: what the calculator finds, per seat, and each side's meld."""
    values = {"meld": None, "trump": trump, "bidder": bidder}
    laid = _read_cards(list(cards), values, options)
    assert laid is not None
    return laid


def found_words(found: Sequence[Found]) -> Text:
    """One player's melds as the calculator found them, with their total: "run + royal
    marriage + 2× dix = 190" (a plain marriage names its suit)."""
    parts = []
    for meld in found:
        name = text(NAMES[meld.meld])
        if meld.suit:
            name = text("{suit} {name}", suit=SUIT_SIGNS[meld.suit], name=name)
        if meld.count > 1:
            name = text("{n}× {name}", n=meld.count, name=name)
        parts.append(name)
    if not parts:
        return text(N_("no meld"))
    listed = text(
        " + ".join(f"{{m{i}}}" for i in range(len(parts))),
        **{f"m{i}": p for i, p in enumerate(parts)},
    )
    return text("{melds} = {total}", melds=listed, total=sum(f.points for f in found))


def _read_won(
    raw: object, values: Mapping[str, object], options: PinochleOptions
) -> tuple[bool, ...] | None:
    sides = options.sides
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != sides or not all(isinstance(w, bool) for w in raw):
        raise InvalidHand(
            text(N_("'won_trick' needs true or false for each side ({n})"), n=sides),
            field="won_trick",
        )
    return tuple(raw)


def _make(
    bidder: int,
    bid: int,
    trump: str | None,
    moon: str | None,
    meld: Laid,
    meld_cards: Laid | None,
    conceded: bool,
    counters: Taken,
    won_trick: tuple[bool, ...] | None,
) -> PinochleHand:
    laid = meld_cards or meld
    return PinochleHand(
        bidder=bidder,
        bid=bid,
        trump=trump,
        moon=moon,
        meld=meld.entry,
        meld_cards=None
        if meld_cards is None
        else tuple(str(line) for line in meld_cards.entry or ()),
        conceded=conceded,
        counters=counters.entry,
        won_trick=won_trick,
        laid=laid.laid,
        found=laid.found,
        taken=counters.taken,
        ends_at_meld=counters.ends_at_meld,
    )


SUIT_WORDS = (
    ("spades", N_("♠ spades")),
    ("hearts", N_("♥ hearts")),
    ("diamonds", N_("♦ diamonds")),
    ("clubs", N_("♣ clubs")),
)


class PinochleForm(HandForm[PinochleOptions, PinochleHand]):
    """The declared fields say the bidder, the bid, trump and the moon; a side's part of
    the sheet and the words for meld, counters and a throw-in are this kind's own: they
    are per side (a partnership of two seats, or a seat in a three-hand game), a meld may
    be picks or cards, and one side's counters may be left for the rest."""

    def words(self, body: Body, players: Sequence[str]) -> list[Part]:
        parts = super().words(body, players)  # the bidder, the bid, trump, the moon
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
        return parts

    def shorthand(
        self, body: Body, seats: Sequence[int], players: Sequence[str], gettext: Gettext
    ) -> str:
        """The bidders' cell: the bid and trump ("300♥"); every side's meld and counters
        ("150 + 170") as entered, a meld picked from the table as its total (where the
        sheet knows it: `Pinochle.on_sheet`) with the picks beside it."""
        side = 0 if len(seats) > 1 and seats[0] == 0 else (1 if len(seats) > 1 else seats[0])
        parts = []
        if body.get("bidder") in seats:
            bid = f"{body.get('bid')}{trump_sign(body.get('trump'))}"
            if body.get("conceded"):
                bid += f" {gettext(N_('thrown in'))}"
            if body.get("moon"):
                bid += f" {gettext(N_('moon'))}"
            parts.append(bid)
        meld, laid = body.get("meld"), body.get(LAID)
        counters = body.get("counters")
        played = not body.get("conceded") and not body.get("moon")
        entries = []
        if isinstance(meld, list) and side < len(meld):
            said = meld_words(meld[side], gettext)
            if isinstance(meld[side], dict) and isinstance(laid, list) and side < len(laid):
                said = f"{laid[side]} ({said})" if said else str(laid[side])
            entries.append(said)
        elif isinstance(laid, list) and side < len(laid):  # the cards laid down
            entries.append(str(laid[side]))
        if played and isinstance(counters, list) and side < len(counters):
            entries.append("—" if counters[side] is None else str(counters[side]))
        if entries:
            parts.append(" + ".join(entries))
        return " · ".join(parts)


LAID = "meld_laid"  # on the sheet only (`Pinochle.on_sheet`): each side's meld laid down


# Read in this order, the table's: a meld's cards need trump and the bidder; the counters
# need the meld, a throw-in and the moon to know whether the hand was played.
HAND = PinochleForm(
    fields=(
        Field(
            "bidder",
            Entered.SEAT,
            label=N_("Who won the bid"),
            said=N_("Bidder"),
            invalid=N_("'bidder' must be a seat of the file (0 to {last}), got {value}"),
            missing=N_("Choose who won the bid"),
        ),
        Field(
            "bid",
            Entered.KEYPAD,
            high=lambda o: o.min_bid + 100 * o.counters_total,
            label=N_("Bid"),
            said=N_("Bid"),
            missing=N_("Choose or type the bid"),
            read=_read_bid,
            of="bidder",
            csv="bid",
        ),
        Field(
            "trump",
            Entered.WORDS,
            choices=SUIT_WORDS,
            required=False,
            label=N_("Trump"),
            said=N_("Trump"),
            missing=N_("Choose trump, or no marriage"),
            read=_read_trump,
        ),
        Field(
            "moon",
            Entered.WORDS,
            choices=(("made", N_("Moon made")), ("failed", N_("Moon failed"))),
            required=False,
            offered=lambda o: o.moon is not Moon.OFF,
            label=N_("Shot the moon?"),
            said=N_("Moon"),
            read=_read_moon,
        ),
        Field("meld", Entered.OWN, required=False, read=_read_meld),
        Field("meld_cards", Entered.OWN, required=False, read=_read_cards),
        Field(
            "conceded",
            Entered.TOGGLE,
            required=False,
            label=N_("After the meld"),
            no_yes=(N_("Played out"), N_("Bidders threw in")),
            invalid=N_("'conceded' must be true or false"),
        ),
        Field("counters", Entered.OWN, required=False, read=_read_counters),
        Field("won_trick", Entered.OWN, required=False, read=_read_won),
    ),
    needs=N_("a Pinochle hand needs 'bidder' and 'bid'"),
    make=_make,
)


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


def bid_ladder(options: PinochleOptions) -> list[int]:
    """The legal bids from the minimum, which the bid's chips follow as it is typed, up to
    what a table could bid: eight hands' counters over the minimum (a double deck's 610
    would make a typed 61 look like the start of a bid)."""
    most = options.min_bid + 8 * options.counters_total
    return [bid for bid in legal_bids(options, count=100) if bid <= most]
