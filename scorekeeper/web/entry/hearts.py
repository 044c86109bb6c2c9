"""Entering a Hearts hand: hearts per player, who took each scoring card, the moon choice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask_babel import lazy_gettext as _l

from ...engine import GameResult
from ...engine.errors import InvalidHand
from ...engine.hand import Body
from ...engine.hearts import KIND
from ...engine.hearts.options import HeartsOptions, Moon
from ...engine.hearts.scoring import CARD_NAMES, parse_hand, pass_direction, scoring_cards
from ...engine.seats import bidding_order
from ...engine.text import N_, Text, sentence, text
from ...limits import parse_count
from ...store import StoredGame
from .base import REST, Choice, OnePage, OnePageEntry, Picker, Read, numbers

CARD_QUESTIONS = {
    "queen_of_spades": _l("Who took Q♠?"),
    "king_of_spades": _l("Who took K♠?"),
    "ace_of_spades": _l("Who took A♠?"),
    "jack_of_diamonds": _l("Who took J♦?"),
    "ten_of_diamonds": _l("Who took 10♦?"),
}


def pickers(
    options: HeartsOptions,
    players: Sequence[str],
    dealer: int,
    values: Mapping[str, str],
    errors: Mapping[str, Text],
) -> list[Picker]:
    """Hearts taken per player (the last gets "the rest"), then each scoring card's taker."""
    order = bidding_order(dealer, len(players))
    out = [
        Picker(
            name=f"hearts_{seat}",
            label=players[seat],
            hint=_l("hearts taken"),
            choices=numbers(0, 13),
            selected=values.get(f"hearts_{seat}"),
            error=errors.get(f"hearts_{seat}"),
        )
        for seat in order
    ]
    out[-1].choices.append(Choice(REST, _l("the rest"), wide=True))
    out[-1].selected = out[-1].selected or REST
    for card in scoring_cards(options):
        out.append(
            Picker(
                name=card,
                label=str(CARD_QUESTIONS[card]),
                choices=[Choice(str(seat), players[seat], wide=True) for seat in order],
                selected=values.get(card),
                error=errors.get(card),
            )
        )
    if options.moon is Moon.CHOICE:
        out.append(
            Picker(
                name="moon_choice",
                label=str(_l("If someone shot the moon")),
                hint=_l("all 13 hearts and Q♠: the shooter chooses"),
                choices=[
                    Choice("subtract", _l("−26 for the shooter"), wide=True),
                    Choice("add", _l("+26 for everyone else"), wide=True),
                ],
                selected=values.get("moon_choice"),
                error=errors.get("moon_choice"),
                words=True,
            )
        )
    return out


def read(options: HeartsOptions, players: Sequence[str], form: Mapping[str, str]) -> Read:
    """Turn the pickers into a hand body; the engine checks it."""
    errors: dict[str, Text] = {}
    hearts: list[int | None] = []
    for seat in range(len(players)):
        value = (form.get(f"hearts_{seat}") or "").strip()
        if value == REST:
            hearts.append(None)
        elif (count := parse_count(value)) is not None and count <= 13:
            hearts.append(count)
        else:
            hearts.append(0)
            errors[f"hearts_{seat}"] = text(
                N_("Choose the hearts {player} took"), player=players[seat]
            )
    body: dict[str, object] = {}
    for card in scoring_cards(options):
        value = (form.get(card) or "").strip()
        taker = parse_count(value)
        if taker is not None and taker < len(players):
            body[card] = taker
        else:
            errors[card] = text(N_("Choose who took {card}"), card=Text(CARD_NAMES[card]))
    if errors:
        return None, errors, []
    rest = [seat for seat, n in enumerate(hearts) if n is None]
    known = sum(n for n in hearts if n is not None)
    if len(rest) > 1:
        return None, {}, [text(N_("Only one player can take 'the rest'"))]
    if rest:
        if known > 13:
            return (
                None,
                {},
                [text(N_("The others already took {n} hearts; there are 13"), n=known)],
            )
        hearts[rest[0]] = 13 - known
    body = {"hearts": hearts, **body}
    choice = form.get("moon_choice")
    if choice in ("subtract", "add"):
        body["moon_choice"] = choice
    try:
        hand = parse_hand(body, options)
    except InvalidHand as error:
        if error.field == "moon_choice":
            return (
                None,
                {"moon_choice": text(N_("Someone shot the moon: choose what it scores"))},
                [],
            )
        return None, {}, [sentence(error.message)]
    if hand.moon_choice is None:
        body.pop("moon_choice", None)  # nobody shot the moon: the choice means nothing
    return body, {}, []


def values_from_hand(body: Body) -> dict[str, str]:
    values = {f"hearts_{seat}": str(n) for seat, n in enumerate(body["hearts"])}
    values |= {key: str(value) for key, value in body.items() if key not in ("hearts",)}
    return values


class HeartsEntry(OnePage[HeartsOptions]):
    """Hearts: one page per hand, after the cards were passed."""

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        number = len(stored.hands) + 1
        return {"notes": self.notes(stored.ruleset.options, number)[:1]}

    def pickers(
        self,
        options: HeartsOptions,
        players: Sequence[str],
        dealer: int,
        values: Mapping[str, str],
        chosen: list[str],
        errors: Mapping[str, Text],
    ) -> list[Picker]:
        return pickers(options, players, dealer, values, errors)

    def read(
        self,
        options: HeartsOptions,
        players: Sequence[str],
        values: Mapping[str, str],
        chosen: list[str],
    ) -> Read:
        return read(options, players, values)

    def values_from_hand(self, body: Body) -> tuple[dict[str, str], list[str]]:
        return values_from_hand(body), []

    def notes(self, options: HeartsOptions, number: int) -> list[Text]:
        """Where the cards go before the hand, and who leads the first trick."""
        return [
            text(N_("Before play: {what}."), what=pass_direction(options, number)),
            text(
                N_("First lead: {who}."),
                who=KIND.words().choice_words()["first_lead"][options.first_lead.value],
            ),
        ]


ENTRY: OnePageEntry[HeartsOptions] = HeartsEntry()  # checked against the interface by mypy
