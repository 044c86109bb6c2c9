"""Entering a Pinochle hand on one page, from the hand's declared fields (the bidder,
the bid, trump, the moon, a throw-in), in the table's own order. What is Pinochle's own:
the bid's chips follow the ladder ("stuck" is one of them: the dealer at the minimum),
"no marriage" beside the suits throws the hand in, and each side's meld (a number,
picks from the meld table, or the cards laid down tapped on a grid) and counters (one
side's; the other's are the rest of the hand's total) are its own part of the page.
As the page is filled in, `live` says what the rules make of it so far: the melds the
cards make, a bidders' meld that ends the hand, and whether a side took a trick is
asked only where that decides its meld."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask_babel import lazy_gettext as _l

from ...engine.errors import InvalidHand
from ...engine.hand import Body
from ...engine.pinochle import KIND
from ...engine.pinochle.hand import (
    HAND,
    Laid,
    PinochleHand,
    bid_ladder,
    found_words,
    laid_from_cards,
    legal_bids,
    meld_table,
    short_meld_ends,
    side_of,
    trick_decides,
)
from ...engine.pinochle.melds import card_code, pack_cards, read_card
from ...engine.pinochle.options import PinochleOptions
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from .base import Choice, Form, OnePageEntry, Picker, Read
from .declared import NO, YES, Declared

STUCK = "stuck"  # everybody passed: the dealer at the minimum
NO_MARRIAGE = "none"  # no marriage to name trump: the hand is thrown in
BID_CHIPS = 6  # the next legal bids, as §8.9 offers them


def _number(values: Form, name: str) -> tuple[int | None, bool]:
    """A typed number (None when blank), and whether what was typed is one."""
    raw = (values.get(name) or "").strip()
    if not raw:
        return None, True
    count = parse_count(raw)
    return count, count is not None


def _picks(values: Form, side: int) -> dict[str, int] | None:
    """The melds picked from the table for one side (id → how many); None when a count
    is not a number."""
    prefix = f"pick_{side}_"
    picks = {}
    for name, typed in values.items():
        if name.startswith(prefix) and typed.strip():
            count = parse_count(typed.strip())
            if count is None:
                return None
            if count:
                picks[name.removeprefix(prefix)] = count
    return picks


def _card_codes(options: PinochleOptions) -> list[str]:
    """The pack's distinct cards as the grid names them ("AH", "TH", … "9C")."""
    return [card_code(card) for card in pack_cards(options.deck.value)]


def _cards(options: PinochleOptions, seats: int, values: Form) -> tuple[list[str], bool]:
    """Each seat's cards laid down, tapped on the grid (`card_<seat>_<card>`: how many of
    that card), as a game file writes them ("AH AH TH"); and whether every count is a
    number."""
    lines, fine = [], True
    for seat in range(seats):
        cards = []
        for code in _card_codes(options):
            typed = (values.get(f"card_{seat}_{code}") or "").strip()
            count = parse_count(typed) if typed else 0
            if count is None:
                fine = False
                continue
            # No more than one past the pack's copies: the engine says the pack holds
            # fewer, and a count of a million is never a list of a million cards.
            cards += [code] * min(count, options.copies + 1)
        lines.append(" ".join(cards))
    return lines, fine


def _names(options: PinochleOptions, players: Sequence[str]) -> list[str]:
    """Each side's name as the sheet says it: the partners', or the player's."""
    return [side.name for side in KIND.shape(options).sides(players)]


def _bidder(values: Form) -> int | None:
    """The seat that took the bid as typed so far: stuck, the dealer."""
    seat = "dealer" if values.get("bid") == STUCK else "bidder"
    return parse_count((values.get(seat) or "").strip())


class _Meld:
    """Each side's meld as the page holds it so far: typed, picked from the table or
    laid down as cards (None where nothing was entered), and what the cards make."""

    def __init__(self, options: PinochleOptions, players: Sequence[str], values: Form):
        self.error: Text | None = None
        self.numbers: list[int | None] = []
        self.entries: list[object] = []  # as a game file's `meld` holds them
        table = meld_table(options)
        for side in range(options.sides):
            number, fine = _number(values, f"meld_{side}")
            picks = _picks(values, side)
            if not fine or picks is None:
                self.error = text(N_("Meld is a number"))
            entry: object = number if number is not None or not picks else picks
            self.entries.append(entry)
            if isinstance(entry, dict):
                number = sum(
                    n * table.value(meld) for meld, n in entry.items() if table.holds(meld)
                )
            self.numbers.append(number)
        self.cards, fine = _cards(options, len(players), values)
        if not fine:
            self.error = text(N_("A card's count is a number"))
        if any(name.startswith("cards_") and (values.get(name) or "").strip() for name in values):
            # typed card codes, kept by a phone from before the grid: never dropped unsaid
            self.error = text(N_("Cards laid down are tapped on the grid: enter them again"))
        self.laid: Laid | None = None
        self.card_sides = sorted(
            {side_of(s, options) for s, line in enumerate(self.cards) if line}
        )
        if not self.card_sides:
            return
        trump = (values.get("trump") or "").strip()
        if trump in ("", NO_MARRIAGE):
            self.error = text(N_("Choose trump: the meld the cards make depends on it"))
            return
        try:
            self.laid = laid_from_cards(options, trump, self.cards, _bidder(values))
        except InvalidHand as error:
            self.error = sentence(error.message)
            return
        names = _names(options, players)
        for side in self.card_sides:
            if self.entries[side] not in (None, {}):
                self.error = text(
                    N_("{side}: give the meld as a number or as the cards laid down, not both"),
                    side=names[side],
                )
            self.numbers[side] = self.laid.laid[side]

    def own(self) -> dict[str, object]:
        """The meld as the hand keeps it: the cards where every side's meld is cards (or
        none); else each side's number, the cards' sides by what the cards make."""
        if not self.card_sides:
            return {"meld": self.entries}
        if all(side in self.card_sides or not entry for side, entry in enumerate(self.entries)):
            return {"meld_cards": self.cards}
        return {"meld": self.numbers}


def _counters(options: PinochleOptions, values: Form) -> list[int | None]:
    """Each side's counters as typed, the one left blank filled in as the rest (None
    where that cannot be told yet)."""
    typed = [_number(values, f"counters_{side}")[0] for side in range(options.sides)]
    blank = [side for side, n in enumerate(typed) if n is None]
    known = sum(n for n in typed if n is not None)
    if len(blank) == 1 and known <= options.counters_total:
        typed[blank[0]] = options.counters_total - known
    return typed


def _chips(options: PinochleOptions, values: Form) -> list[int]:
    """The bid's chips, as static/app.js `follow` makes them while the bid is typed: the
    legal bids that begin with the digits typed, or, for a bid off the ladder, the legal
    bids nearest it (before anything is typed: the minimum and the bids above it)."""
    typed = (values.get("bid_typed") or "").strip()
    if not typed.isdigit():
        return legal_bids(options, count=BID_CHIPS)
    ladder = bid_ladder(options)
    begins = [bid for bid in ladder if str(bid).startswith(typed)]
    if begins:
        return begins[:BID_CHIPS]
    return sorted(sorted(ladder, key=lambda bid: (abs(bid - int(typed)), bid))[:BID_CHIPS])


class PinochleEntry(Declared[PinochleOptions, PinochleHand]):
    """Pinochle: one page per hand."""

    def pickers(
        self,
        options: PinochleOptions,
        players: Sequence[str],
        dealer: int,
        values: Form,
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        rows = super().pickers(options, players, dealer, values, chosen, errors)
        for picker in rows:
            if picker.name == "bid":
                picker.keypad, picker.words = None, False  # number chips, and the keypad below
                picker.choices = [
                    Choice(STUCK, _l("Stuck"), wide=True),
                    *(Choice(str(bid), str(bid)) for bid in _chips(options, values)),
                ]
                picker.hint = text(
                    N_("Everybody passed? Stuck: {dealer} at {min}"),
                    dealer=players[dealer],
                    min=options.min_bid,
                )
                picker.then = "kinds/pinochle/bid.html"
            elif picker.name == "trump":
                picker.choices.append(Choice(NO_MARRIAGE, _l("No marriage: thrown in"), wide=True))
                picker.then = "kinds/pinochle/meld.html"
            elif picker.name == "moon":
                picker.choices.insert(0, Choice("", _l("No moon"), wide=True))
                picker.selected = picker.selected or ""
                rows[rows.index(picker) - 1].then = ""  # the meld comes after the moon
                picker.then = "kinds/pinochle/meld.html"
            elif picker.name == "conceded":
                picker.then = "kinds/pinochle/counters.html"
                picker.live_hide = "short"  # the hand ended at the meld: nothing to throw in
                picker.hidden = "short" in self.live(options, players, values)
        return rows

    def read(
        self,
        options: PinochleOptions,
        players: Sequence[str],
        values: Form,
        chosen: list[str],
    ) -> Read:
        """The taps as the declared fields read them ("stuck" is the dealer at the
        minimum; a typed bid wins over a chip; no marriage is a throw-in), then each
        side's meld and counters; the counters are stored with the rest filled in."""
        form = dict(values)
        typed = (form.get("bid_typed") or "").strip()
        if form.get("bid") == STUCK:
            form["bidder"], form["bid"] = form.get("dealer", ""), str(options.min_bid)
        elif typed:
            form["bid"] = typed
        if form.get("trump") == NO_MARRIAGE:
            form["trump"], form["conceded"] = "", YES
        body, errors, problems = super().read(options, players, form, chosen)
        if body is None:
            return body, errors, problems
        hand = HAND.parse(body, options)
        if hand.taken is None:
            body.pop("counters", None)  # a hand not played: nothing asked, nothing kept
            return body, {}, []
        body["counters"] = list(hand.taken)  # the rest filled in: the sheet shows both
        bidders = side_of(hand.bidder, options)
        took = [
            values.get(f"trick_{side}") == YES
            and taken == 0
            and trick_decides(options, side, bidders, hand.laid[side])
            for side, taken in enumerate(hand.taken)
        ]
        if any(took):  # said only to tell the engine what counters cannot
            body["won_trick"] = [c > 0 or t for c, t in zip(hand.taken, took, strict=True)]
        return body, {}, []

    def read_own(
        self,
        options: PinochleOptions,
        players: Sequence[str],
        values: Form,
        errors: dict[str, Text],
    ) -> dict[str, object]:
        """Each side's meld (a number, or picks) or each seat's cards, and the counters of
        a hand played out."""
        if not (values.get("trump") or "").strip() and values.get("conceded") != YES:
            errors["trump"] = text(N_("Choose trump, or no marriage"))
        meld = _Meld(options, players, values)
        if meld.error is not None:
            errors["meld"] = meld.error
        own = meld.own()
        if values.get("conceded") == YES or (values.get("moon") or "").strip():
            return own
        counters: list[int | None] = []
        for side in range(options.sides):
            number, fine = _number(values, f"counters_{side}")
            if not fine:
                errors["counters"] = text(N_("Counters are a number"))
            counters.append(number)
        own["counters"] = counters
        return own

    def own_values(self, body: Body) -> dict[str, str]:
        values: dict[str, str] = {}
        if body.get("conceded") and not body.get("trump"):
            values |= {"trump": NO_MARRIAGE, "conceded": NO}
        for seat, cards in enumerate(body.get("meld_cards") or []):
            for token in str(cards or "").replace(",", " ").split():
                card = read_card(token)  # as a game file may write it: "10S", "A♠"
                if card is not None:
                    name = f"card_{seat}_{card_code(card)}"
                    values[name] = str(int(values.get(name, "0")) + 1)
        for side, meld in enumerate(body.get("meld") or []):
            values[f"meld_{side}"] = str(meld) if isinstance(meld, int) else ""
            if isinstance(meld, dict):
                values.update({f"pick_{side}_{name}": str(n) for name, n in meld.items()})
        for side, counters in enumerate(body.get("counters") or []):
            values[f"counters_{side}"] = "" if counters is None else str(counters)
        for side, won in enumerate(body.get("won_trick") or []):
            if won:
                values[f"trick_{side}"] = YES
        return values

    def live(
        self, options: PinochleOptions, players: Sequence[str], values: Form
    ) -> dict[str, Text | str]:
        """What the page says as it is filled in, by name (static/app.js `live`): each
        seat's melds from the cards laid down ("run + royal marriage + 2× dix = 190") and
        its side's meld from them; a bidders' meld that ends the hand at the meld (the
        counters are not asked); and each side that took no counters where a trick
        without them would keep its meld ("trick_1": the question is asked)."""
        said: dict[str, Text | str] = {}
        meld = _Meld(options, players, values)
        names = _names(options, players)
        if meld.laid is not None:
            for seat, found in enumerate(meld.laid.found):
                if meld.cards[seat]:
                    said[f"cards_{seat}"] = found_words(found)
            for side in meld.card_sides:
                laid = meld.laid.laid[side]
                said[f"side_{side}"] = text(N_("{side}'s meld: {n}"), side=names[side], n=laid)
                if 0 < laid < options.min_meld:
                    said[f"below_{side}"] = text(N_("not on the board"))
        if meld.error is not None and meld.card_sides:
            said["cards_error"] = meld.error
        bidder = _bidder(values)
        if bidder is None or bidder >= len(players):
            return said
        bidders = side_of(bidder, options)
        if values.get("trump") == NO_MARRIAGE or values.get("conceded") == YES:
            return said  # thrown in: nothing more is asked
        if (values.get("moon") or "").strip():
            return said
        short = meld.numbers[bidders]
        if short is not None and short_meld_ends(options, short):
            said["short"] = text(
                N_(
                    "{side}'s meld {meld} is under {min}: the bid is lost without play,"
                    " the others score their meld. No counters."
                ),
                side=names[bidders],
                meld=short,
                min=options.min_meld,
            )
            return said
        for side, counters in enumerate(_counters(options, values)):
            meld_now = meld.numbers[side] or 0
            if counters == 0 and trick_decides(options, side, bidders, meld_now):
                said[f"trick_{side}"] = YES
        return said

    def notes(self, options: PinochleOptions, number: int) -> list[Text]:
        return [
            text(
                N_("Meld and counters are in {unit}s; a hand's counters make {total}."),
                unit=options.counter_unit,
                total=options.counters_total,
            )
        ]


ENTRY: OnePageEntry[PinochleOptions] = PinochleEntry(HAND)  # checked against the interface by mypy
