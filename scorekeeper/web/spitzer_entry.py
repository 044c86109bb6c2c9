"""Entering a Spitzer deal: the contract, the declaring seats, their card points and tricks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from ..engine.errors import InvalidHand
from ..engine.spitzer.options import SpitzerOptions
from ..engine.spitzer.scoring import CONTRACT_NAMES, Contract, parse_hand
from ..engine.text import N_, Text, text
from .entry import Choice, Picker, numbers
from .spades_entry import bidding_order


def pickers(
    options: SpitzerOptions,
    players: Sequence[str],
    dealer: int,
    values: Mapping[str, Any],
    chosen: Sequence[str],
    errors: Mapping[str, Text],
) -> list[Picker]:
    """Contract, declarers (several may be chosen), and the declaring side's tricks."""
    order = bidding_order(dealer, len(players))
    return [
        Picker(
            name="contract",
            label=str(_l("Contract")),
            choices=[Choice(c.value, Text(CONTRACT_NAMES[c]), wide=True) for c in Contract],
            selected=values.get("contract") or Contract.NORMAL.value,
            error=errors.get("contract"),
            words=True,
        ),
        Picker(
            name="declarers",
            label=str(_l("Declarers")),
            hint=_l(
                "the black queens' partners, the Schneider declarer and partner (anyone may declare Schneider), or the soloist"
            ),
            choices=[Choice(str(seat), players[seat], wide=True) for seat in order],
            multiple=True,
            chosen=list(chosen),
            error=errors.get("declarers"),
        ),
        Picker(
            name="tricks",
            label=str(_l("Tricks the declarers took")),
            hint=_l("0 = no trick, 8 = all tricks"),
            choices=numbers(0, 8),
            selected=values.get("tricks"),
            error=errors.get("tricks"),
        ),
    ]


def read(
    options: SpitzerOptions, form: Mapping[str, str], declarers: Sequence[str]
) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
    """Turn the form into a deal; the engine checks it."""
    errors: dict[str, Text] = {}
    body: dict[str, Any] = {"contract": (form.get("contract") or "").strip()}
    seats = [int(seat) for seat in declarers if seat.isdigit()]
    if not seats:
        errors["declarers"] = text(N_("Choose the declarer(s)"))
    body["declarers"] = sorted(seats)
    for name, most in (("points", 120), ("tricks", 8)):
        value = (form.get(name) or "").strip()
        if value.isdigit() and int(value) <= most:
            body[name] = int(value)
        else:
            errors[name] = (
                text(N_("Card points are a number from 0 to 120"))
                if name == "points"
                else text(N_("Choose the tricks taken"))
            )
    if errors:
        return None, errors, []
    try:
        parse_hand(body, options)
    except InvalidHand as error:
        return (
            None,
            {},
            [error.message if isinstance(error.message, Text) else text(str(error.message))],
        )
    return body, {}, []


def values_from_hand(body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
    values = {
        "contract": body["contract"],
        "points": str(body["points"]),
        "tricks": str(body["tricks"]),
    }
    return values, [str(seat) for seat in body["declarers"]]
