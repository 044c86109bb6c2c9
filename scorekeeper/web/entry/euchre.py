"""Entering a Euchre hand on one page: who made the suit, alone or with a partner, the
tricks the makers' side took, and a lone defender where the rules allow one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from ...engine.errors import InvalidHand
from ...engine.euchre.options import TRICKS, DefendAlone, EuchreOptions
from ...engine.euchre.scoring import check_hand, parse_hand
from ...engine.seats import bidding_order
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from . import Choice, OnePage, OnePageEntry, Picker, numbers

NOBODY = "none"


def pickers(
    options: EuchreOptions,
    players: Sequence[str],
    dealer: int,
    values: Mapping[str, Any],
    errors: Mapping[str, Text],
) -> list[Picker]:
    """The maker (in order from the dealer's left), alone or not, the makers' tricks;
    a lone defender only where the rules play it."""
    order = bidding_order(dealer, len(players))
    rows = [
        Picker(
            name="maker",
            label=str(_l("Who made the suit")),
            choices=[Choice(str(seat), players[seat], wide=True) for seat in order],
            selected=values.get("maker"),
            error=errors.get("maker"),
            words=True,
        ),
        Picker(
            name="alone",
            label=str(_l("Alone?")),
            choices=[
                Choice("no", _l("with partner"), wide=True),
                Choice("yes", _l("alone"), wide=True),
            ],
            selected=values.get("alone") or "no",
            error=errors.get("alone"),
            words=True,
        ),
        Picker(
            name="tricks",
            label=str(_l("Tricks the makers took")),
            hint=_l("3 or more: made; 2 or fewer: euchred"),
            choices=numbers(0, TRICKS),
            selected=values.get("tricks"),
            error=errors.get("tricks"),
        ),
    ]
    if options.defend_alone is not DefendAlone.OFF:
        rows.append(
            Picker(
                name="defender_alone",
                label=str(_l("Defended alone")),
                choices=[
                    Choice(NOBODY, _l("nobody"), wide=True),
                    *(Choice(str(seat), players[seat], wide=True) for seat in order),
                ],
                selected=values.get("defender_alone") or NOBODY,
                error=errors.get("defender_alone"),
                words=True,
            )
        )
    return rows


def read(
    options: EuchreOptions, values: Mapping[str, str]
) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
    """Turn the form into a hand; the engine checks it."""
    errors: dict[str, Text] = {}
    maker = parse_count((values.get("maker") or "").strip())
    tricks = parse_count((values.get("tricks") or "").strip())
    if maker is None or maker > 3:
        errors["maker"] = text(N_("Choose who made the suit"))
    if tricks is None or tricks > TRICKS:
        errors["tricks"] = text(N_("Choose the tricks the makers took"))
    if errors:
        return None, errors, []
    body: dict[str, Any] = {"maker": maker, "tricks": tricks}
    if values.get("alone") == "yes":
        body["alone"] = True
    defender = (values.get("defender_alone") or NOBODY).strip()
    if defender != NOBODY:
        body["defender_alone"] = parse_count(defender)
    try:
        check_hand(options, parse_hand(body, options))
    except InvalidHand as error:
        field = error.field or ""
        if field in ("maker", "tricks", "alone", "defender_alone"):
            return None, {field: sentence(error.message)}, []
        return None, {}, [sentence(error.message)]
    return body, {}, []


def values_from_hand(body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
    values = {
        "maker": str(body["maker"]),
        "alone": "yes" if body.get("alone") else "no",
        "tricks": str(body["tricks"]),
    }
    if body.get("defender_alone") is not None:
        values["defender_alone"] = str(body["defender_alone"])
    return values, []


class EuchreEntry(OnePage):
    """Euchre: one page per hand."""

    def context(self, stored: Any, result: Any, role: str | None) -> dict[str, Any]:
        return {"notes": []}

    def pickers(
        self,
        options: EuchreOptions,
        players: Sequence[str],
        dealer: int,
        values: Mapping[str, str],
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        return pickers(options, players, dealer, values, errors)

    def read(
        self,
        options: EuchreOptions,
        players: Sequence[str],
        values: Mapping[str, str],
        chosen: list[str],
    ) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
        return read(options, values)

    def values_from_hand(self, body: Mapping[str, Any]) -> tuple[dict[str, str], list[str]]:
        return values_from_hand(body)

    def notes(self, options: EuchreOptions, number: int) -> list[Text]:
        return []


ENTRY: OnePageEntry = EuchreEntry()  # checked against the interface by mypy
