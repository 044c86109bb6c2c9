"""Entering a Spitzer deal: the contract, the declaring seats, their card points and tricks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from ...engine.errors import InvalidHand
from ...engine.seats import bidding_order
from ...engine.spitzer import KIND
from ...engine.spitzer.options import SpitzerOptions
from ...engine.spitzer.scoring import CONTRACT_NAMES, Contract, parse_hand
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from .base import Choice, OnePage, OnePageEntry, Picker, numbers


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
            then="kinds/spitzer/points.html",
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
    seats = [seat for seat in map(parse_count, declarers) if seat is not None]
    if not seats or len(seats) != len(declarers):
        errors["declarers"] = text(N_("Choose the declarer(s)"))
    body["declarers"] = sorted(seats)
    for name, most in (("points", 120), ("tricks", 8)):
        value = (form.get(name) or "").strip()
        count = parse_count(value)
        if count is not None and count <= most:
            body[name] = count
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
        return None, {}, [sentence(error.message)]
    return body, {}, []


def values_from_hand(body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
    values = {
        "contract": body["contract"],
        "points": str(body["points"]),
        "tricks": str(body["tricks"]),
    }
    return values, [str(seat) for seat in body["declarers"]]


class SpitzerEntry(OnePage):
    """Spitzer: one page per deal; a game played for stakes ends with a settlement."""

    outcome_template = "kinds/spitzer/settlement.html"
    several = "declarers"  # the declaring seats

    def context(self, stored: Any, result: Any, role: str | None) -> dict[str, Any]:
        winner = result.outcome.winner
        options = stored.ruleset.options
        return {
            "notes": [],
            "settlement": KIND.settlement(options, result.totals, winner)
            if result.outcome.finished and winner is not None
            else [],
        }

    def pickers(
        self,
        options: SpitzerOptions,
        players: Sequence[str],
        dealer: int,
        values: Mapping[str, str],
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        return pickers(options, players, dealer, values, chosen, errors)

    def read(
        self,
        options: SpitzerOptions,
        players: Sequence[str],
        values: Mapping[str, str],
        chosen: list[str],
    ) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
        return read(options, values, chosen)

    def values_from_hand(self, body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
        return values_from_hand(body)


ENTRY: OnePageEntry = SpitzerEntry()  # checked against the interface by mypy
