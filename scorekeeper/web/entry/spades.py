"""Entering a Spades hand: bid and trick pickers, and reading them back into a hand.

Pickers are built from the engine's bid legality, so a seat is only offered what the
rules and the score allow now; closed special bids are listed with the engine's reason.
Reading a form never trusts it: the engine checks the result again before anything is
stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l

from ...engine import GameResult, Side
from ...engine.hand import Body
from ...engine.seats import bidding_order
from ...engine.spades.bids import (
    NIL_KINDS,
    SPECIAL_KINDS,
    Bid,
    BidChoice,
    BidFormError,
    BidKind,
    bid_choices,
    bid_short,
    check_bids,
    parse_bid,
)
from ...engine.spades.guidance import Guidance, guidance
from ...engine.spades.options import Contract, SpadesOptions
from ...engine.text import N_, Text, text
from ...limits import parse_count
from ...store import StoredGame
from .base import BiddingEntry, Choice, Form, Picker
from .bidding import BidsThenTricks, side_of

TEAM = "team"  # a seat's choice "part of the team bid" in team_total games

KIND_LABELS = {
    BidKind.NIL: _l("Nil"),
    BidKind.BLIND_NIL: _l("Blind nil"),
    BidKind.DOUBLE_BLIND_NIL: _l("Double blind nil"),
    BidKind.BLIND: _l("Blind"),
    BidKind.MOON: _l("Moon"),
    BidKind.BLIND_MOON: _l("Blind moon"),
}


def bid_pickers(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    values: Form,
    errors: Mapping[str, Text],
) -> list[Picker]:
    """The bid pickers of a hand in bidding order, offering only open bids."""
    order = bidding_order(dealer, len(players))
    team_total = options.partnership and options.contract is Contract.TEAM_TOTAL
    pickers = []
    for position, seat in enumerate(order):
        choices_by_kind = {c.kind: c for c in bid_choices(options, sides, seat, totals)}
        picker = Picker(
            name=f"bid_{seat}",
            label=players[seat],
            hint=_l("deals") if seat == dealer else "",
            selected=values.get(f"bid_{seat}"),
            error=errors.get(f"bid_{seat}"),
        )
        number = choices_by_kind[BidKind.NUMBER]
        if team_total:
            picker.choices.append(Choice(TEAM, _l("Team bid"), wide=True))
            picker.selected = picker.selected or TEAM
        elif number.open:
            picker.choices += [Choice(str(n), str(n)) for n in number.numbers]
        _special_choices(picker, choices_by_kind)
        pickers.append(picker)
        side = side_of(sides, seat)
        partner_later = [s for s in order[position + 1 :] if s in sides[side].seats]
        if team_total and not partner_later:
            name = f"team_{side}"
            pickers.append(
                Picker(
                    name=name,
                    label=sides[side].name,
                    hint=_l("team bid: the later partner states the total"),
                    choices=[Choice(str(n), str(n)) for n in range(options.tricks_per_hand + 1)],
                    selected=values.get(name),
                    error=errors.get(name),
                )
            )
    return pickers


def _special_choices(picker: Picker, choices: Mapping[BidKind, BidChoice]) -> None:
    for kind in SPECIAL_KINDS:
        choice = choices[kind]
        if choice.open and kind is BidKind.BLIND:
            picker.choices += [
                Choice(f"blind {n}", text(N_("Blind {n}"), n=n), wide=True) for n in choice.numbers
            ]
        elif choice.open:
            picker.choices.append(Choice(kind.value, KIND_LABELS[kind], wide=True))
        elif choice.in_rules:
            picker.closed.append((KIND_LABELS[kind], choice.reason))


def read_bids(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    form: Form,
) -> tuple[list[object] | None, dict[str, Text], list[Text]]:
    """Turn picker values into game-file bids; return (bids, field errors, form errors)."""
    errors: dict[str, Text] = {}
    seats = len(players)
    raw: list[Any] = [None] * seats  # each seat's game-file bid (a number, or words)
    parsed: list[Bid | None] = [None] * seats  # each bid parsed once, here
    team_total = options.partnership and options.contract is Contract.TEAM_TOTAL
    for seat in range(seats):
        value = (form.get(f"bid_{seat}") or "").strip()
        if not value:
            errors[f"bid_{seat}"] = text(N_("Choose {player}'s bid"), player=players[seat])
        elif value == TEAM and team_total:
            raw[seat] = TEAM
        else:
            try:
                count = parse_count(value)
                bid = parse_bid(value if count is None else count, options.tricks_per_hand)
            except BidFormError as error:
                errors[f"bid_{seat}"] = error.message
            else:
                raw[seat], parsed[seat] = bid.to_json(), bid
    if team_total:
        _team_numbers(options, sides, dealer, form, raw, errors)
    if errors:
        return None, errors, []
    bids = [bid or Bid(BidKind.NUMBER, raw[seat]) for seat, bid in enumerate(parsed)]
    form_errors: list[Text] = []
    for problem in check_bids(options, sides, players, bids, totals):
        if problem.seat is not None and f"bid_{problem.seat}" not in errors:
            errors[f"bid_{problem.seat}"] = problem.message
        else:
            form_errors.append(problem.message)
    if errors or form_errors:
        return None, errors, form_errors
    return raw, {}, []


def _team_numbers(
    options: SpadesOptions,
    sides: Sequence[Side],
    dealer: int,
    form: Form,
    raw: list[object],
    errors: dict[str, Text],
) -> None:
    """Put each partnership's number on its later partner, 0 on the other."""
    order = bidding_order(dealer, len(raw))
    for index, side in enumerate(sides):
        name = f"team_{index}"
        value = (form.get(name) or "").strip()
        in_team = sorted((s for s in side.seats if raw[s] == TEAM), key=order.index)
        number = parse_count(value)
        if value and number is None:
            errors[name] = text(N_("The team bid must be a number"))
            continue
        if number is not None and number > options.tricks_per_hand:
            errors[name] = text(N_("The team bid is at most {most}"), most=options.tricks_per_hand)
            continue
        if in_team and number is None:
            errors[name] = text(N_("Choose the team bid of {side}"), side=side.name)
            continue
        if not in_team and number:
            errors[name] = text(
                N_("Neither partner is in the team bid (both bid nil or blind): leave it at 0")
            )
            continue
        for seat in in_team:
            raw[seat] = number if seat == in_team[-1] else 0


def _bid_label(bid: object) -> object:
    if isinstance(bid, int):
        return text(N_("bid {n}"), n=bid)
    if str(bid).startswith("blind "):
        return text(N_("bid blind {n}"), n=str(bid).split()[1])
    return KIND_LABELS[BidKind(str(bid))]


# Guidance for the hand about to be played: who deals, bids and leads; exchanges due;
# which special bids each side may make now.


def guidance_for(
    stored: StoredGame, result: GameResult, bids: Sequence[object] | None = None
) -> Guidance:
    """Who deals, bids and leads; exchanges due; which special bids each side may make now."""
    number = len(stored.hands) + 1
    args = (
        stored.ruleset.options,
        result.sides,
        stored.players,
        result.totals,
        stored.dealer(number),
    )
    return guidance(*args, bids)


class SpadesEntry(BidsThenTricks[SpadesOptions, SpadesOptions]):
    """Spades: the bids are entered before the hand is played, the tricks after it."""

    next_template = "kinds/spades/next.html"
    # The pages of the two steps, and of an edit (bids and tricks on one page).
    templates: ClassVar[dict[str, str]] = {
        "bids": "kinds/spades/bids.html",
        "tricks": "kinds/spades/tricks.html",
        "edit": "kinds/spades/edit.html",
    }
    bid_pickers = staticmethod(bid_pickers)
    read_bids = staticmethod(read_bids)
    guidance = staticmethod(guidance_for)
    bid_short = staticmethod(bid_short)  # "nil", "BN", "B7", "3"
    bid_hint = staticmethod(_bid_label)

    def hand_rules(self, options: SpadesOptions, number: int) -> SpadesOptions:
        return options  # every hand is entered alike

    def hand_tricks(self, options: SpadesOptions) -> int:
        return options.tricks_per_hand

    def team_entry_allowed(
        self, options: SpadesOptions, side: Side, bids: Sequence[object]
    ) -> bool:
        """Partners may enter one total when neither bid a nil of any kind."""
        return super().team_entry_allowed(options, side, bids) and not any(
            parse_bid(bids[s], options.tricks_per_hand).kind in NIL_KINDS
            or (bids[s] == 0 and options.zero_is_nil)
            for s in side.seats
        )

    def hand_values(
        self, body: Body, options: SpadesOptions, sides: Sequence[Side], dealer: int
    ) -> dict[str, str]:
        """Picker values that show a stored hand; in team_total games a partnership's
        numbers are its one team bid."""
        values = super().hand_values(body, options, sides, dealer)
        if options.partnership and options.contract is Contract.TEAM_TOTAL:
            bids = body["bids"]
            for seat, bid in enumerate(bids):
                if isinstance(bid, int):
                    values[f"bid_{seat}"] = TEAM
            for index, side in enumerate(sides):
                numbers = [bids[s] for s in side.seats if isinstance(bids[s], int)]
                if numbers:
                    values[f"team_{index}"] = str(sum(numbers))
        return values


ENTRY: BiddingEntry[SpadesOptions, SpadesOptions] = (
    SpadesEntry()
)  # checked against the interface by mypy
