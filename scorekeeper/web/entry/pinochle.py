"""Entering a Pinochle hand on one page, in the table's own order: the
bidder, the bid (chips for the ladder's next bids, or typed; "stuck" in one tap), trump
(or no marriage: a throw-in), each side's meld (a number, picks from the meld table, or
the cards laid down), and one side's counters (the other's are the rest of the hand's
total)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from ...engine.errors import InvalidHand
from ...engine.pinochle.hand import legal_bids, parse_hand
from ...engine.pinochle.melds import SUITS
from ...engine.pinochle.options import Moon, PinochleOptions
from ...engine.seats import bidding_order
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from .base import Choice, OnePage, OnePageEntry, Picker

STUCK = "stuck"  # everybody passed: the dealer at the minimum
NO_MARRIAGE = "none"  # no marriage to name trump: the hand is thrown in
SUIT_WORDS = {
    "spades": N_("♠ spades"),
    "hearts": N_("♥ hearts"),
    "diamonds": N_("♦ diamonds"),
    "clubs": N_("♣ clubs"),
}
BID_CHIPS = 12


def pickers(
    options: PinochleOptions,
    players: Sequence[str],
    dealer: int,
    values: Mapping[str, Any],
    errors: Mapping[str, Text],
) -> list[Picker]:
    order = bidding_order(dealer, len(players))
    bids = legal_bids(options, count=BID_CHIPS)
    rows = [
        Picker(
            name="bidder",
            label=str(_l("Who won the bid")),
            choices=[Choice(str(seat), players[seat], wide=True) for seat in order],
            selected=values.get("bidder"),
            error=errors.get("bidder"),
            words=True,
        ),
        Picker(
            name="bid",
            label=str(_l("Bid")),
            hint=text(
                N_("Everybody passed? Stuck: {dealer} at {min}"),
                dealer=players[dealer],
                min=options.min_bid,
            ),
            choices=[
                Choice(STUCK, _l("Stuck"), wide=True),
                *(Choice(str(bid), str(bid)) for bid in bids),
            ],
            selected=values.get("bid"),
            error=errors.get("bid"),
            then="kinds/pinochle/bid.html",
        ),
        Picker(
            name="trump",
            label=str(_l("Trump")),
            choices=[
                *(Choice(suit, Text(SUIT_WORDS[suit]), wide=True) for suit in SUITS),
                Choice(NO_MARRIAGE, _l("No marriage: thrown in"), wide=True),
            ],
            selected=values.get("trump"),
            error=errors.get("trump"),
            words=True,
        ),
        Picker(
            name="play",
            label=str(_l("After the meld")),
            choices=[
                Choice("played", _l("Played out"), wide=True),
                Choice("thrown_in", _l("Bidders threw in"), wide=True),
                *(
                    [
                        Choice("moon_made", _l("Moon made"), wide=True),
                        Choice("moon_failed", _l("Moon failed"), wide=True),
                    ]
                    if options.moon is not Moon.OFF
                    else []
                ),
            ],
            hint=text(
                N_(
                    "Meld for each side; counters for one side, the other gets the rest of {total}"
                ),
                total=options.counters_total,
            ),
            selected=values.get("play") or "played",
            error=errors.get("play"),
            words=True,
            then="kinds/pinochle/numbers.html",
        ),
    ]
    return rows


def _number(values: Mapping[str, str], name: str) -> tuple[int | None, bool]:
    """A typed number (None when blank), and whether what was typed is one."""
    raw = (values.get(name) or "").strip()
    if not raw:
        return None, True
    count = parse_count(raw)
    return count, count is not None


def _picks(values: Mapping[str, str], side: int) -> dict[str, int] | None:
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


def read(
    options: PinochleOptions, players: Sequence[str], values: Mapping[str, str]
) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
    """Turn the form into a hand; the engine checks it (a total that does not add up is
    refused, naming the numbers)."""
    errors: dict[str, Text] = {}
    bidder = parse_count((values.get("bidder") or "").strip())
    typed, fine = _number(values, "bid_typed")
    chip = (values.get("bid") or "").strip()
    if chip == STUCK:  # everybody passed: the dealer at the minimum
        bidder = parse_count((values.get("dealer") or "").strip())
        bid: int | None = options.min_bid
    else:
        bid = typed if typed is not None else parse_count(chip)
    if bidder is None or bidder >= len(players):
        errors["bidder"] = text(N_("Choose who won the bid"))
    if bid is None or not fine:
        errors["bid"] = text(N_("Choose or type the bid"))
    trump = (values.get("trump") or "").strip()
    if trump not in (*SUITS, NO_MARRIAGE):
        errors["trump"] = text(N_("Choose trump, or no marriage"))
    sides = options.sides
    meld: list[object] = []
    for side in range(sides):
        number, fine = _number(values, f"meld_{side}")
        picks = _picks(values, side)
        if not fine or picks is None:
            errors["meld"] = text(N_("Meld is a number"))
        meld.append(number if number is not None or not picks else picks)
    if errors:
        return None, errors, []
    play = (values.get("play") or "played").strip()
    body: dict[str, Any] = {"bidder": bidder, "bid": bid}
    if trump != NO_MARRIAGE:
        body["trump"] = trump
    cards = [(values.get(f"cards_{seat}") or "").strip() for seat in range(len(players))]
    if any(cards):  # the cards laid down: the app finds the melds
        if any(entry for entry in meld):
            return None, {"meld": text(N_("Give the meld as numbers or as cards, not both"))}, []
        body["meld_cards"] = cards
    else:
        body["meld"] = meld
    if trump == NO_MARRIAGE or play == "thrown_in":
        body["conceded"] = True
    elif play in ("moon_made", "moon_failed"):
        body["moon"] = play.removeprefix("moon_")
    else:
        counters: list[int | None] = []
        for side in range(sides):
            number, fine = _number(values, f"counters_{side}")
            if not fine:
                return None, {"counters": text(N_("Counters are a number"))}, []
            counters.append(number)
        body["counters"] = counters
        took = [values.get(f"trick_{side}") == "yes" for side in range(sides)]
        if any(took):
            body["counters_took"] = took  # read below, once the counters are known
    try:
        hand = parse_hand({k: v for k, v in body.items() if k != "counters_took"}, options)
    except InvalidHand as error:
        field = error.field or ""
        if field == "meld_cards" or error.seat is not None:
            field = "meld"
        if field in ("bidder", "bid", "trump", "counters", "meld"):
            return None, {field: sentence(error.message)}, []
        return None, {}, [sentence(error.message)]
    took = body.pop("counters_took", None)
    if hand.counters is not None:
        body["counters"] = list(hand.counters)  # the rest filled in: the sheet shows both
        if took:
            body["won_trick"] = [c > 0 or t for c, t in zip(hand.counters, took, strict=True)]
    return body, {}, []


def values_from_hand(body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
    values = {"bidder": str(body["bidder"]), "bid": str(body["bid"])}
    values["trump"] = body.get("trump") or NO_MARRIAGE
    for seat, cards in enumerate(body.get("meld_cards") or []):
        values[f"cards_{seat}"] = cards
    for side, meld in enumerate(body.get("meld") or []):
        values[f"meld_{side}"] = str(meld) if isinstance(meld, int) else ""
        if isinstance(meld, dict):
            values.update({f"pick_{side}_{name}": str(n) for name, n in meld.items()})
    if body.get("conceded") and body.get("trump"):
        values["play"] = "thrown_in"
    elif body.get("moon"):
        values["play"] = f"moon_{body['moon']}"
    for side, counters in enumerate(body.get("counters") or []):
        values[f"counters_{side}"] = "" if counters is None else str(counters)
    for side, won in enumerate(body.get("won_trick") or []):
        if won:
            values[f"trick_{side}"] = "yes"
    return values, []


class PinochleEntry(OnePage[PinochleOptions]):
    """Pinochle: one page per hand."""

    def context(self, stored: Any, result: Any, role: str | None) -> dict[str, Any]:
        return {"notes": []}

    def pickers(
        self,
        options: PinochleOptions,
        players: Sequence[str],
        dealer: int,
        values: Mapping[str, str],
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        return pickers(options, players, dealer, values, errors)

    def read(
        self,
        options: PinochleOptions,
        players: Sequence[str],
        values: Mapping[str, str],
        chosen: list[str],
    ) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
        return read(options, players, values)

    def values_from_hand(self, body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
        return values_from_hand(body)

    def notes(self, options: PinochleOptions, number: int) -> list[Text]:
        return [
            text(
                N_("Meld and counters are in {unit}s; a hand's counters make {total}."),
                unit=options.counter_unit,
                total=options.counters_total,
            )
        ]


ENTRY: OnePageEntry[PinochleOptions] = PinochleEntry()  # checked against the interface by mypy
