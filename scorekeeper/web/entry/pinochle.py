"""Entering a Pinochle hand on one page, from the hand's declared fields (the bidder,
the bid, trump, the moon, a throw-in), in the table's own order. What is Pinochle's own:
the bid's chips follow the ladder ("stuck" is one of them: the dealer at the minimum),
"no marriage" beside the suits throws the hand in, and each side's meld (a number,
picks from the meld table, or the cards laid down) and counters (one side's; the
other's are the rest of the hand's total) are its own part of the page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask_babel import lazy_gettext as _l

from ...engine.hand import Body
from ...engine.pinochle.hand import HAND, PinochleHand, bid_ladder, legal_bids
from ...engine.pinochle.options import PinochleOptions
from ...engine.text import N_, Text, text
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
        if hand.taken is not None:
            body["counters"] = list(hand.taken)  # the rest filled in: the sheet shows both
            took = [values.get(f"trick_{side}") == YES for side in range(options.sides)]
            if any(took):
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
        own: dict[str, object] = {}
        meld: list[object] = []
        for side in range(options.sides):
            number, fine = _number(values, f"meld_{side}")
            picks = _picks(values, side)
            if not fine or picks is None:
                errors["meld"] = text(N_("Meld is a number"))
            meld.append(number if number is not None or not picks else picks)
        cards = [(values.get(f"cards_{seat}") or "").strip() for seat in range(len(players))]
        if any(cards):  # the cards laid down: the app finds the melds
            if any(entry for entry in meld):
                errors["meld"] = text(N_("Give the meld as numbers or as cards, not both"))
            own["meld_cards"] = cards
        else:
            own["meld"] = meld
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
            values[f"cards_{seat}"] = str(cards)
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

    def notes(self, options: PinochleOptions, number: int) -> list[Text]:
        return [
            text(
                N_("Meld and counters are in {unit}s; a hand's counters make {total}."),
                unit=options.counter_unit,
                total=options.counters_total,
            )
        ]


ENTRY: OnePageEntry[PinochleOptions] = PinochleEntry(HAND)  # checked against the interface by mypy
