"""Entering an Oh Hell hand: bids in bidding order with the dealer's forbidden bid
closed, then tricks that add up to the hand's size. The engine checks everything again
before a hand is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from flask_babel import lazy_gettext as _l

from ...engine import GameResult, Side
from ...engine.oh_hell.options import HandRules, HookScope, OhHellOptions, hand_rules
from ...engine.oh_hell.scoring import hook_bid, hook_binds
from ...engine.seats import bidding_order
from ...engine.text import N_, Nn_, Text, ntext, text
from ...limits import parse_count
from ...store import StoredGame
from .base import BiddingEntry, Form, Picker, Read, numbers
from .bidding import BidsThenTricks


@dataclass(frozen=True)
class Before:
    """What the table needs to know before a hand: its place, its size, who deals and bids."""

    line: Text


def before_words(rules: HandRules, players: Sequence[str], dealer: int) -> Text:
    """ "Hand 7 of 19: 4 cards; Cho deals, Dee bids first" (and "no trumps" in a hand
    that deals every card of the pack)."""
    forms = (
        Nn_(
            "Hand {number} of {hands}: {n} card, every card dealt, no trumps; {dealer} deals, {first} bids first",
            "Hand {number} of {hands}: {n} cards, every card dealt, no trumps; {dealer} deals, {first} bids first",
        )
        if rules.options.uses_every_card(rules.cards)
        else Nn_(
            "Hand {number} of {hands}: {n} card; {dealer} deals, {first} bids first",
            "Hand {number} of {hands}: {n} cards; {dealer} deals, {first} bids first",
        )
    )
    return ntext(
        forms,
        rules.cards,
        number=rules.number,
        hands=rules.hands,
        dealer=players[dealer],
        first=players[bidding_order(dealer, len(players))[0]],
    )


def _forbidden_words(rules: HandRules, player: str, bid: object) -> tuple[Text, Text]:
    cards = rules.cards
    if rules.options.hook_scope is HookScope.LEADER:  # the Canadian rule binds a leader only
        return (
            text(N_("{player}, leading, may not bid {bid}"), player=player, bid=bid),
            text(N_("the bids would add up to {cards}"), cards=cards),
        )
    return (
        text(N_("{player} may not bid {bid}"), player=player, bid=bid),
        text(N_("the bids would add up to {cards}"), cards=cards),
    )


def _known(values: Mapping[str, str], seat: int) -> int | None:
    return parse_count((values.get(f"bid_{seat}") or "").strip())


def bid_pickers(
    rules: HandRules,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    values: Form,
    errors: Mapping[str, Text],
) -> list[Picker]:
    """A picker per player in bidding order, the dealer last: 0 to the cards in the hand."""
    pickers = []
    for seat in bidding_order(dealer, len(players)):
        picker = Picker(
            name=f"bid_{seat}",
            label=players[seat],
            hint=_l("deals, bids last") if seat == dealer else "",
            choices=numbers(0, rules.cards),
            selected=values.get(f"bid_{seat}"),
            error=errors.get(f"bid_{seat}"),
        )
        if seat == dealer and hook_binds(rules.options, totals, dealer):
            others = [_known(values, s) for s in range(len(players)) if s != dealer]
            if all(bid is not None for bid in others):
                bids = [0 if s == dealer else _known(values, s) or 0 for s in range(len(players))]
                forbidden = hook_bid(rules.options, rules.cards, bids, dealer, totals)
                if forbidden is not None:
                    for choice in picker.choices:
                        choice.disabled = choice.value == str(forbidden)
                    picker.closed.append(_forbidden_words(rules, players[seat], forbidden))
            # Closed live as the others' bids are tapped (static/app.js), the same words.
            picker.total_not = rules.cards
            picker.total_not_why = _forbidden_words(rules, players[seat], "{n}")
            if rules.options.hook_scope is HookScope.LEADER:
                picker.total_not_open = "0"  # the Canadian rule: a leader may always bid 0
        pickers.append(picker)
    return pickers


def read_bids(
    rules: HandRules,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    form: Form,
) -> tuple[list[object] | None, dict[str, Text], list[Text]]:
    """Turn the pickers into a bid per seat; the dealer's bid is checked against the hook."""
    errors: dict[str, Text] = {}
    bids: list[int] = []
    for seat in range(len(players)):
        value = (form.get(f"bid_{seat}") or "").strip()
        bid = parse_count(value)
        if not value:
            errors[f"bid_{seat}"] = text(N_("Choose {player}'s bid"), player=players[seat])
        elif bid is None or bid > rules.cards:
            errors[f"bid_{seat}"] = text(N_("A bid is 0 to {cards}"), cards=rules.cards)
        else:
            bids.append(bid)
    if errors:
        return None, errors, []
    if hook_bid(rules.options, rules.cards, bids, dealer, totals) == bids[dealer]:
        label, why = _forbidden_words(rules, players[dealer], bids[dealer])
        errors[f"bid_{dealer}"] = text(N_("{label}: {why}"), label=label, why=why)
        return None, errors, []
    return list(bids), {}, []


def guidance_for(
    stored: StoredGame, result: GameResult, bids: Sequence[object] | None = None
) -> Before | None:
    """Before the next hand: its place in the schedule, its size, who deals and bids."""
    number = len(stored.hands) + 1
    rules = _rules_for(stored, number)
    if not rules.cards:
        return None
    return Before(before_words(rules, stored.players, stored.dealer(number)))


def _rules_for(stored: StoredGame, number: int) -> HandRules:
    return hand_rules(stored.rules_for(number).options, number)


class OhHellEntry(BidsThenTricks[OhHellOptions, HandRules]):
    """Oh Hell: bids before the hand is played, tricks after it."""

    next_template = "kinds/oh_hell/next.html"
    templates: ClassVar[dict[str, str]] = {
        "bids": "kinds/oh_hell/bids.html",
        "tricks": "kinds/oh_hell/tricks.html",
        "edit": "kinds/oh_hell/edit.html",
    }
    hand_rules = staticmethod(hand_rules)  # a hand's size varies with its place in the schedule
    bid_pickers = staticmethod(bid_pickers)
    read_bids = staticmethod(read_bids)
    guidance = staticmethod(guidance_for)

    def hand_tricks(self, rules: HandRules) -> int:
        return rules.cards  # the schedule's size for this hand

    def read_tricks(
        self,
        rules: HandRules,
        sides: Sequence[Side],
        bids: Sequence[object],
        dealer: int,
        form: Form,
        by_team: bool,
    ) -> Read:
        """The hand's tricks, and its size: a hand records how many cards it dealt."""
        body, errors, form_errors = super().read_tricks(rules, sides, bids, dealer, form, by_team)
        if body is not None:
            body = {"cards": rules.cards, **body}
        return body, errors, form_errors

    def next_words(self, stored: StoredGame) -> Text:
        number = len(stored.hands) + 1
        rules = _rules_for(stored, number)
        if not rules.cards:
            return text(N_("The schedule's last hand has been played."))
        return text(
            N_("Next: {before}."),
            before=before_words(rules, stored.players, stored.dealer(number)),
        )


ENTRY: BiddingEntry[OhHellOptions, HandRules] = (
    OhHellEntry()
)  # checked against the interface by mypy
