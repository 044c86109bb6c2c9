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
from ..i18n import translations
from . import REST, BiddingEntry, Choice, Picker, fill_the_rest

TEAM = "team"  # a seat's choice "part of the team bid" in team_total games

KIND_LABELS = {
    BidKind.NIL: _l("Nil"),
    BidKind.BLIND_NIL: _l("Blind nil"),
    BidKind.DOUBLE_BLIND_NIL: _l("Double blind nil"),
    BidKind.BLIND: _l("Blind"),
    BidKind.MOON: _l("Moon"),
    BidKind.BLIND_MOON: _l("Blind moon"),
}


def _side_of(sides: Sequence[Side], seat: int) -> int:
    return next(index for index, side in enumerate(sides) if seat in side.seats)


def bid_value(raw: Any) -> str:
    """A game-file bid as a picker value."""
    return str(raw)


def bid_pickers(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    values: Mapping[str, str],
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
        side = _side_of(sides, seat)
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
    form: Mapping[str, str],
) -> tuple[list[Any] | None, dict[str, Text], list[Text]]:
    """Turn picker values into game-file bids; return (bids, field errors, form errors)."""
    errors: dict[str, Text] = {}
    seats = len(players)
    raw: list[Any] = [None] * seats
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
    form: Mapping[str, str],
    raw: list[Any],
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


def trick_pickers(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    bids: Sequence[Any],
    dealer: int,
    values: Mapping[str, str],
    errors: Mapping[str, Text],
    by_team: bool,
) -> list[Picker]:
    """Trick pickers in bidding order; the last one offers "the rest"."""
    most = options.tricks_per_hand
    numbers = [Choice(str(n), str(n)) for n in range(most + 1)]
    pickers: list[Picker] = []
    done_sides: set[int] = set()
    for seat in bidding_order(dealer, len(players)):
        side = _side_of(sides, seat)
        if by_team and team_entry_allowed(options, sides[side], bids):
            if side in done_sides:
                continue
            done_sides.add(side)
            name = f"team_tricks_{side}"
            pickers.append(
                Picker(
                    name=name,
                    label=sides[side].name,
                    hint=_l("tricks of the partnership"),
                    choices=list(numbers),
                    selected=values.get(name),
                    error=errors.get(name),
                )
            )
            continue
        name = f"tricks_{seat}"
        pickers.append(
            Picker(
                name=name,
                label=players[seat],
                hint=_bid_label(bids[seat]),
                choices=list(numbers),
                selected=values.get(name),
                error=errors.get(name),
            )
        )
    last = pickers[-1]
    last.choices.append(Choice(REST, _l("the rest"), wide=True))
    last.selected = last.selected or REST
    return pickers


def team_entry_allowed(options: SpadesOptions, side: Side, bids: Sequence[Any]) -> bool:
    """Partners may enter one team total when neither bid a nil of any kind."""
    if not options.partnership or len(side.seats) < 2:
        return False
    return not any(
        parse_bid(bids[s], options.tricks_per_hand).kind in NIL_KINDS
        or (bids[s] == 0 and options.zero_is_nil)
        for s in side.seats
    )


def _bid_label(bid: Any) -> Any:
    if isinstance(bid, int):
        return text(N_("bid {n}"), n=bid)
    if bid.startswith("blind "):
        return text(N_("bid blind {n}"), n=bid.split()[1])
    return KIND_LABELS[BidKind(bid)]


def read_tricks(
    options: SpadesOptions,
    sides: Sequence[Side],
    bids: Sequence[Any],
    dealer: int,
    form: Mapping[str, str],
    by_team: bool,
) -> tuple[dict[str, Any] | None, dict[str, Text], list[Text]]:
    """Turn trick pickers into a hand body; return (body, field errors, form errors)."""
    most = options.tricks_per_hand
    seats = len(bids)
    errors: dict[str, Text] = {}
    entries: dict[str, int | None] = {}  # field name -> tricks, None for "the rest"
    team_sides = [
        i for i, side in enumerate(sides) if by_team and team_entry_allowed(options, side, bids)
    ]
    names = [f"team_tricks_{i}" for i in team_sides] + [
        f"tricks_{s}" for s in range(seats) if not any(s in sides[i].seats for i in team_sides)
    ]
    for name in names:
        value = (form.get(name) or "").strip()
        if value == REST:
            entries[name] = None
        elif (count := parse_count(value)) is not None and count <= most:
            entries[name] = count
        elif not value:
            errors[name] = text(N_("Choose the tricks taken"))
        else:
            errors[name] = text(N_("Tricks are a number from 0 to {most}"), most=most)
    if errors:
        return None, errors, []
    problem = fill_the_rest(entries, most)
    if problem is not None:
        return None, {}, [problem]
    tricks = [0] * seats
    for name, n in entries.items():
        assert n is not None
        if name.startswith("team_tricks_"):
            side = sides[int(name.rsplit("_", 1)[1])]
            first = bidding_order(dealer, seats)
            tricks[min(side.seats, key=first.index)] = n
        else:
            tricks[int(name.rsplit("_", 1)[1])] = n
    body: dict[str, Any] = {"bids": list(bids), "tricks": tricks}
    if team_sides:
        body["team_tricks"] = team_sides
    return body, {}, []


def values_from_hand(
    body: Mapping[str, Any], options: SpadesOptions, sides: Sequence[Side], dealer: int
) -> dict[str, str]:
    """Picker values that show a stored hand (for editing it)."""
    values: dict[str, str] = {}
    bids = body["bids"]
    team_total = options.partnership and options.contract is Contract.TEAM_TOTAL
    for seat, bid in enumerate(bids):
        values[f"bid_{seat}"] = TEAM if team_total and isinstance(bid, int) else bid_value(bid)
    if team_total:
        for index, side in enumerate(sides):
            numbers = [bids[s] for s in side.seats if isinstance(bids[s], int)]
            if numbers:
                values[f"team_{index}"] = str(sum(numbers))
    team_sides = set(body.get("team_tricks", []))
    for index, side in enumerate(sides):
        if index in team_sides:
            values[f"team_tricks_{index}"] = str(sum(body["tricks"][s] for s in side.seats))
    for seat, took in enumerate(body["tricks"]):
        values[f"tricks_{seat}"] = str(took)
    return values


# Guidance for the hand about to be played: who deals, bids and leads; exchanges due;
# which special bids each side may make now.


def guidance_for(stored: StoredGame, result: GameResult, bids: Any = None) -> Guidance:
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


class SpadesEntry:
    """Spades: the bids are entered before the hand is played, the tricks after it."""

    steps: tuple[str, ...] = ("bids", "tricks")
    next_template = "kinds/spades/next.html"
    outcome_template = ""
    # The pages of the two steps, and of an edit (bids and tricks on one page).
    templates: ClassVar[dict[str, str]] = {
        "bids": "kinds/spades/bids.html",
        "tricks": "kinds/spades/tricks.html",
        "edit": "kinds/spades/edit.html",
    }
    bid_pickers = staticmethod(bid_pickers)
    read_bids = staticmethod(read_bids)
    trick_pickers = staticmethod(trick_pickers)
    read_tricks = staticmethod(read_tricks)
    hand_values = staticmethod(values_from_hand)
    guidance = staticmethod(guidance_for)

    def context(self, stored: StoredGame, result: GameResult, role: str | None) -> dict[str, Any]:
        if result.outcome.finished:
            return {}
        bids = stored.pending_bids or []
        guide = guidance_for(stored, result) if not bids else None
        return {
            "guide": guide,
            "pending": self.pending(stored),
        }

    def pending(self, stored: StoredGame) -> list[tuple[str, str]]:
        """The bids of the hand being played, as the scoresheet writes them."""
        gettext = translations().gettext
        return [
            (stored.players[seat], bid_short(bid, gettext))
            for seat, bid in enumerate(stored.pending_bids or [])
        ]

    def next_button(self, number: int) -> Text:
        return text(N_("Enter bids"))

    def next_words(self, stored: StoredGame) -> Text:
        number = len(stored.hands) + 1
        dealer = stored.dealer(number)
        return text(
            N_("Next: hand {n} — {dealer} deals, {first} bids first."),
            n=number,
            dealer=stored.players[dealer],
            first=stored.players[bidding_order(dealer, len(stored.players))[0]],
        )


ENTRY: BiddingEntry = SpadesEntry()  # checked against the interface by mypy
