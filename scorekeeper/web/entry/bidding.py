"""What every kind entered as bids, then tricks, shares: the steps and the box before
the next hand, the trick step itself, and how a hand's page and the scoresheet speak of
the hand being played.

A kind built on BidsThenTricks states its templates, its bid pickers and how to read
them back, its guidance before the bids and how many tricks a hand has; it changes a
default below only where its game differs (how a bid is written, whether partners may
enter one total of tricks).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from flask_babel import lazy_gettext as _l

from ...engine import GameResult, Side
from ...engine.hand import Body
from ...engine.seats import bidding_order
from ...engine.text import N_, Text, text
from ...limits import parse_count
from ...store import StoredGame
from ..i18n import translations
from .base import REST, Choice, Form, Picker, Read, fill_the_rest, numbers

Opts = TypeVar("Opts")  # the kind's options
Rules = TypeVar("Rules")  # the rules a hand is entered under


def side_of(sides: Sequence[Side], seat: int) -> int:
    """The index of the side a seat plays for."""
    return next(index for index, side in enumerate(sides) if seat in side.seats)


class BidsThenTricks(ABC, Generic[Opts, Rules]):
    """A kind whose hands are bid before they are played and whose tricks are entered
    after. The `options` its methods are given are the rules the hand is entered under
    (`hand_rules`), which only the kind reads."""

    steps: tuple[str, ...] = ("bids", "tricks")
    outcome_template = ""

    @abstractmethod
    def hand_rules(self, options: Opts, number: int) -> Rules:
        """The rules hand `number` is entered under (the options, or more)."""

    @abstractmethod
    def guidance(
        self, stored: StoredGame, result: GameResult, bids: Sequence[object] | None = None
    ) -> object:
        """Who deals, bids and leads, and which bids are open now (the box before bids)."""

    def context(
        self, stored: StoredGame, result: GameResult, role: str | None
    ) -> dict[str, object]:
        if result.outcome.finished:
            return {}
        return {"guide": self.guidance(stored, result), "pending": self.pending(stored)}

    def pending(self, stored: StoredGame) -> list[tuple[str, str]]:
        """The bids of the hand being played, as the scoresheet writes them."""
        gettext = translations().gettext
        return [
            (stored.players[seat], self.bid_short(bid, gettext))
            for seat, bid in enumerate(stored.pending_bids or [])
        ]

    def bid_short(self, bid: object, gettext: Callable[[str], str]) -> str:
        """A game-file bid as a scoresheet cell writes it: a number as it is."""
        return str(bid)

    def bid_hint(self, bid: object) -> object:
        """What a seat's trick picker says of the seat's bid."""
        return text(N_("bid {n}"), n=bid)

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

    @abstractmethod
    def hand_tricks(self, options: Rules) -> int:
        """The tricks of the hand these rules deal: every bidding kind says."""

    def team_entry_allowed(self, options: Rules, side: Side, bids: Sequence[object]) -> bool:
        """Whether partners may enter one total of tricks for their side (a side of
        several seats is a partnership)."""
        return len(side.seats) > 1

    def trick_pickers(
        self,
        options: Rules,
        sides: Sequence[Side],
        players: Sequence[str],
        bids: Sequence[object],
        dealer: int,
        values: Form,
        errors: Mapping[str, Text],
        by_team: bool,
    ) -> list[Picker]:
        """Trick pickers in bidding order, a seat's with its bid (or, `by_team`, one per
        partnership that may enter a total); the last one offers "the rest"."""
        choices = numbers(0, self.hand_tricks(options))
        pickers: list[Picker] = []
        done_sides: set[int] = set()
        for seat in bidding_order(dealer, len(players)):
            side = side_of(sides, seat)
            if by_team and self.team_entry_allowed(options, sides[side], bids):
                if side in done_sides:
                    continue
                done_sides.add(side)
                name = f"team_tricks_{side}"
                pickers.append(
                    Picker(
                        name=name,
                        label=sides[side].name,
                        hint=_l("tricks of the partnership"),
                        choices=list(choices),
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
                    hint=self.bid_hint(bids[seat]),
                    choices=list(choices),
                    selected=values.get(name),
                    error=errors.get(name),
                )
            )
        last = pickers[-1]
        last.choices.append(Choice(REST, _l("the rest"), wide=True))
        last.selected = last.selected or REST
        return pickers

    def read_tricks(
        self,
        options: Rules,
        sides: Sequence[Side],
        bids: Sequence[object],
        dealer: int,
        form: Form,
        by_team: bool,
    ) -> Read:
        """Turn trick pickers into a hand body (the bids, the tricks, and the sides that
        entered a total); return (body, field errors, form errors)."""
        most = self.hand_tricks(options)
        seats = len(bids)
        errors: dict[str, Text] = {}
        entries: dict[str, int | None] = {}  # field name -> tricks, None for "the rest"
        team_sides = [
            i
            for i, side in enumerate(sides)
            if by_team and self.team_entry_allowed(options, side, bids)
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
            if name.startswith("team_tricks_"):  # on the side's first bidder
                side = sides[int(name.rsplit("_", 1)[1])]
                first = bidding_order(dealer, seats)
                tricks[min(side.seats, key=first.index)] = n
            else:
                tricks[int(name.rsplit("_", 1)[1])] = n
        body: dict[str, object] = {"bids": list(bids), "tricks": tricks}
        if team_sides:
            body["team_tricks"] = team_sides
        return body, {}, []

    def hand_values(
        self, body: Body, options: Rules, sides: Sequence[Side], dealer: int
    ) -> dict[str, str]:
        """Picker values that show a stored hand (for editing it)."""
        values = {f"bid_{seat}": str(bid) for seat, bid in enumerate(body["bids"])}
        team_sides = set(body.get("team_tricks", []))
        for index, side in enumerate(sides):
            if index in team_sides:
                values[f"team_tricks_{index}"] = str(sum(body["tricks"][s] for s in side.seats))
        for seat, took in enumerate(body["tricks"]):
            values[f"tricks_{seat}"] = str(took)
        return values
