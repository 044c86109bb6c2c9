"""Guidance for the hand about to be played: who deals, bids, leads; exchanges; open bids."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..text import N_, Nn_, Text, ntext, number, signed, text
from ..types import Need, Side
from .bids import SPECIAL_KINDS, BidChoice, BidKind, behind_by, bid_choice, parse_bid
from .options import FirstLead, Scoring, SetPenalty, SpadesOptions
from .state import SpadesState

KIND_NAMES = {
    BidKind.NIL: N_("Nil"),
    BidKind.BLIND_NIL: N_("Blind nil"),
    BidKind.DOUBLE_BLIND_NIL: N_("Double blind nil"),
    BidKind.BLIND: N_("Blind bid"),
    BidKind.MOON: N_("Moon"),
    BidKind.BLIND_MOON: N_("Blind moon"),
}


@dataclass(frozen=True)
class SideGuidance:
    side: Side
    bids: tuple[
        tuple[Text, bool, Text], ...
    ]  # (bid, open, why) for each special bid the rules know


@dataclass(frozen=True)
class Guidance:
    dealer: int
    first_bidder: int
    first_lead: Text
    exchanges: tuple[Text, ...]
    sides: tuple[SideGuidance, ...]


def guidance(
    options: SpadesOptions,
    sides: Sequence[Side],
    players: Sequence[str],
    totals: Sequence[int],
    dealer: int,
    bids: Sequence[object] | None = None,
) -> Guidance:
    """What the table needs to know before (and, with the bids, after) bidding."""
    first = (dealer + 1) % len(players)
    lead = _first_lead(options, players[first])
    if bids is None:
        exchanges = _exchanges_before(options)
    elif options.partnership:
        exchanges = _exchanges_after(options, players, bids)
    else:
        exchanges = []
    # Each special bid these rules know, as bid_choices would judge it for the side
    # (asked of bid_choice alone: the number bids are not shown).
    known = _known(options)
    side_notes = tuple(
        SideGuidance(
            side, tuple(_note(bid_choice(options, kind, behind_by(totals, i))) for kind in known)
        )
        for i, side in enumerate(sides)
    )
    unique = tuple({str(note): note for note in exchanges}.values())
    return Guidance(dealer, first, lead, unique, side_notes)


def _first_lead(options: SpadesOptions, left_of_dealer: str) -> Text:
    if options.first_lead is FirstLead.DEALER_LEFT:
        return text(N_("{player} (left of the dealer) leads first"), player=left_of_dealer)
    return {
        FirstLead.TWO_OF_CLUBS: text(N_("whoever holds 2♣ leads it")),
        FirstLead.LOWEST_CLUB_ALL: text(
            N_("everybody plays their lowest club to the first trick")
        ),
        FirstLead.HIGHEST_BIDDER: text(N_("the highest bidder leads first")),
    }[options.first_lead]


def _exchanges_before(options: SpadesOptions) -> list[Text]:
    """The card exchanges these rules give a nil bidder, said before anyone bids."""
    exchanges = []
    if options.nil and options.nil_exchange:
        exchanges.append(
            text(N_("A nil bidder exchanges {n} cards with their partner"), n=options.nil_exchange)
        )
    if options.blind_nil and options.blind_nil_exchange:
        exchanges.append(
            text(
                N_("A blind nil bidder exchanges {n} cards with their partner"),
                n=options.blind_nil_exchange,
            )
        )
    return exchanges


def _exchanges_after(
    options: SpadesOptions, players: Sequence[str], bids: Sequence[object]
) -> list[Text]:
    """Who exchanges cards with whom, once the bids are known."""
    exchanges = []
    for seat, raw in enumerate(bids):
        kind = parse_bid(raw, options.tricks_per_hand).kind
        cards = {BidKind.NIL: options.nil_exchange, BidKind.BLIND_NIL: options.blind_nil_exchange}
        if not cards.get(kind, 0):
            continue
        partner = (seat + 2) % 4
        partner_kind = parse_bid(bids[partner], options.tricks_per_hand).kind
        if partner_kind in (BidKind.NIL, BidKind.BLIND_NIL, BidKind.DOUBLE_BLIND_NIL):
            said = N_("{player} and {partner} both bid nil: no exchange")
            exchanges.append(text(said, player=players[seat], partner=players[partner]))
            continue
        exchanges.append(
            text(
                N_("{player} exchanges {n} cards with {partner}"),
                player=players[seat],
                n=cards[kind],
                partner=players[partner],
            )
        )
    return exchanges


def _known(options: SpadesOptions) -> tuple[BidKind, ...]:
    """The special bids these rules have, in the order the guidance names them."""
    has = {
        BidKind.NIL: options.nil or options.roulette,
        BidKind.BLIND_NIL: options.blind_nil,
        BidKind.DOUBLE_BLIND_NIL: options.double_blind_nil,
        BidKind.BLIND: options.blind_bids,
        BidKind.MOON: options.moon,
        BidKind.BLIND_MOON: options.blind_moon,
    }
    return tuple(kind for kind in SPECIAL_KINDS if has[kind])


def _note(choice: BidChoice) -> tuple[Text, bool, Text]:
    return Text(KIND_NAMES[choice.kind]), choice.open, choice.reason


def needs(options: SpadesOptions, state: SpadesState) -> list[Need]:
    """What each side needs before the next hand, in numbers, from the rules in force:
    points to the target (and to a winning lead, or to the 200–205 window), bags until
    the bag penalty, and where a losing score ends the game, the set that would reach it."""
    if options.scoring is Scoring.ERROR:
        left = options.hands_per_game - state.hands
        if left <= 0:
            return []
        forms = Nn_(
            "{n} hand to go; the lowest error wins", "{n} hands to go; the lowest error wins"
        )
        return [Need("", (ntext(forms, left),))]
    out = []
    for index, side in enumerate(state.sides):
        total = state.totals[index]
        parts: list[Text] = []
        if total < options.target:
            parts.append(
                text(
                    N_("{n} more to reach {target}"),
                    n=options.target - total,
                    target=options.target,
                )
            )
        lead = total - max((t for i, t in enumerate(state.totals) if i != index), default=0)
        if options.margin and 0 < lead < options.margin:
            parts.append(
                text(
                    N_("a lead of {margin} wins: {n} more"),
                    n=options.margin - lead,
                    margin=options.margin,
                )
            )
        if options.window_200 and total < 200:
            parts.append(
                text(
                    N_("{n} more to reach 200 (200–205 after a hand wins at once)"), n=200 - total
                )
            )
        if options.sandbagging:
            bags = state.bags[index]
            limit = options.sandbag_limit
            cost = options.sandbag_penalty + (limit if options.sandbag_takes_back_bags else 0)
            parts.append(
                ntext(
                    Nn_(
                        "Bags {bags}: {n} more costs {cost}",
                        "Bags {bags}: {n} more cost {cost}",
                    ),
                    max(limit - bags, 1),
                    bags=bags,
                    cost=signed(-cost),
                )
            )
        if options.losing_score:
            set_line = _set_to_lose(options, total)
            if set_line is not None:
                parts.append(set_line)
        out.append(Need(side.name, tuple(parts)))
    return out


def _set_to_lose(options: SpadesOptions, total: int) -> Text | None:
    """The smallest set (−10 a trick of the bid, or of the shortfall) that takes a side
    to the losing score, when a hand's set can."""
    limit = options.losing_limit
    tricks = max(-(-(total - limit) // 10), 1)  # ceil: −10 a trick
    if tricks > options.tricks_per_hand:
        return None
    after = number(total - 10 * tricks)
    if options.set_penalty is SetPenalty.SHORTFALL:
        return ntext(
            Nn_(
                "a set {n} trick short puts you at {after}: {limit} or below ends the game",
                "a set {n} tricks short puts you at {after}: {limit} or below ends the game",
            ),
            tricks,
            after=after,
            limit=number(limit),
        )
    return text(
        N_("a set on a bid of {bid} puts you at {after}: {limit} or below ends the game"),
        bid=tricks,
        after=after,
        limit=number(limit),
    )
