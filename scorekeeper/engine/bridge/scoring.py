"""Bridge scoring (RULES.md §7.4): rubber, Chicago, duplicate boards at one table, and a
board's results from several tables (a traveller, compared in `compare`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..errors import InvalidHand
from ..text import N_, text
from ..types import HandResult, Line, Need, Outcome, Side
from . import hand as hand_module
from .contract import (
    VULNERABILITY,
    Item,
    board_dealer,
    board_vulnerability,
    contract_items,
)
from .hand import BridgeHand
from .options import SEATS, BridgeOptions, ChicagoScoring, Compare, Form, VulDeals23

NOBODY = (False, False)


@dataclass(frozen=True)
class Deal:
    """One deal as it was scored: what the sheet and `score`'s output say of it."""

    hand: BridgeHand
    number: int  # rubber: the deal; Chicago: 1–4 in its chicago; duplicate: the board
    dealer: int | None
    vulnerable: tuple[bool, bool]
    items: tuple[Item, ...]
    points: tuple[int, int]
    ns_score: int
    below: tuple[int, int] = (0, 0)
    above: tuple[int, int] = (0, 0)
    partscore: tuple[int, int] = (0, 0)  # toward game after the deal (rubber, carry)
    games: tuple[int, int] = (0, 0)  # rubber: games won after the deal
    game_won: int | None = None
    redealt: bool = False  # Chicago: passed out, dealt again by the same dealer


@dataclass(frozen=True)
class BridgeState:
    sides: tuple[Side, ...]
    dealer: int = 0  # who deals the next deal (rubber, Chicago)
    played: int = 0  # deals that count (Chicago: passed-out redeals not counted)
    totals: tuple[int, int] = (0, 0)
    partscore: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    deals: tuple[Deal, ...] = ()
    stopped: bool = False  # the table ended an unfinished rubber


def _add(a: tuple[int, int], b: Sequence[int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


def _sums(items: Sequence[Item], line: str | None = None) -> tuple[int, int]:
    found = [0, 0]
    for item in items:
        if line is None or item.line == line:
            found[item.side] += item.points
    return (found[0], found[1])


def start(options: BridgeOptions, players: Sequence[str]) -> BridgeState:
    return BridgeState(sides(options, players))


def sides(options: BridgeOptions, players: Sequence[str]) -> tuple[Side, ...]:
    if options.form is Form.DUPLICATE_BOARD:
        return (Side("North-South", (0, 2)), Side("East-West", (1, 3)))
    return (
        Side(f"{players[0]} & {players[2]}", (0, 2)),
        Side(f"{players[1]} & {players[3]}", (1, 3)),
    )


def _honours(hand: BridgeHand) -> list[Item]:
    return [Item(hand.honours.side, "honours", hand.honours.points)] if hand.honours else []


def _deal_items(hand: BridgeHand, vulnerable: tuple[bool, bool], premiums: bool) -> list[Item]:
    """What the deal's contract scores (nothing when passed out)."""
    if hand.contract is None or hand.declarer is None or hand.tricks is None:
        return []
    side = hand.declarer % 2
    return contract_items(hand.contract, side, vulnerable[side], hand.tricks, premiums)


def _ns(items: Sequence[Item]) -> int:
    points = _sums(items)
    return points[0] - points[1]


def play(options: BridgeOptions, state: BridgeState, hand: BridgeHand) -> HandResult:
    if options.form is Form.RUBBER:
        deal, after = _rubber(options, state, hand)
    elif options.form is Form.CHICAGO:
        deal, after = _chicago(options, state, hand)
    else:
        deal, after = _board(options, state, hand)
    after = replace(after, deals=(*state.deals, deal), totals=_add(state.totals, deal.points))
    return HandResult(
        deal.points,
        after.totals,
        None,
        lambda: _lines(deal),
        _markers(deal),
        after,
    )


def _rubber(
    options: BridgeOptions, state: BridgeState, hand: BridgeHand
) -> tuple[Deal, BridgeState]:
    """Trick points below the line toward game; the rest above; two games end it."""
    vulnerable = (state.games[0] > 0, state.games[1] > 0)
    items = _deal_items(hand, vulnerable, premiums=False) + _honours(hand)
    partscore, games, game_won = state.partscore, state.games, None
    below = _sums(items, "below")
    if hand.declarer is not None and any(below):
        side = hand.declarer % 2
        partscore = _add(partscore, below)
        if partscore[side] >= 100:
            game_won, partscore = side, (0, 0)
            games = _add(games, (1, 0) if side == 0 else (0, 1))
            if games[side] == 2:
                items.append(Item(side, "rubber", 700 if games[1 - side] == 0 else 500))
    deal = Deal(
        hand,
        len(state.deals) + 1,
        state.dealer,
        vulnerable,
        tuple(items),
        _sums(items),
        _ns(items),
        below,
        _sums(items, "above"),
        partscore,
        games,
        game_won,
    )
    after = replace(
        state,
        dealer=(state.dealer + 1) % SEATS,
        played=state.played + 1,
        partscore=partscore,
        games=games,
    )
    return deal, after


def chicago_vulnerable(options: BridgeOptions, number: int, dealer: int) -> tuple[bool, bool]:
    """Deal 1 nobody; deals 2 and 3 the dealer's side (or the other); deal 4 both."""
    if number == 1:
        return NOBODY
    if number == 4:
        return (True, True)
    side = dealer % 2 if options.vul_deals_2_3 is VulDeals23.DEALER else 1 - dealer % 2
    return (side == 0, side == 1)


def _chicago(
    options: BridgeOptions, state: BridgeState, hand: BridgeHand
) -> tuple[Deal, BridgeState]:
    number = state.played % 4 + 1
    vulnerable = chicago_vulnerable(options, number, state.dealer)
    if hand.passed:  # dealt again by the same dealer, under the same conditions
        deal = Deal(hand, number, state.dealer, vulnerable, (), (0, 0), 0, redealt=True)
        deal = replace(deal, partscore=state.partscore)
        return deal, state
    carry = options.chicago_scoring is ChicagoScoring.CARRY
    items = _deal_items(hand, vulnerable, premiums=not carry)
    partscore = state.partscore
    if carry and hand.declarer is not None:
        side = hand.declarer % 2
        below = _sums(items, "below")
        partscore = _add(partscore, below)
        if partscore[side] >= 100:
            items.append(Item(side, "game", 500 if vulnerable[side] else 300))
            partscore = (0, 0)
        elif number == 4 and below[side]:
            items.append(Item(side, "partscore", options.fourth_deal_partscore_bonus))
    if options.honours:
        items += _honours(hand)
    if number == 4:
        partscore = (0, 0)  # each chicago of four deals is scored on its own
    deal = Deal(
        hand,
        number,
        state.dealer,
        vulnerable,
        tuple(items),
        _sums(items),
        _ns(items),
        _sums(items, "below"),
        _sums(items, "above"),
        partscore,
    )
    after = replace(
        state, dealer=(state.dealer + 1) % SEATS, played=state.played + 1, partscore=partscore
    )
    return deal, after


def _board(
    options: BridgeOptions, state: BridgeState, hand: BridgeHand
) -> tuple[Deal, BridgeState]:
    """A duplicate board: its number sets the dealer and vulnerability (Law 2), unless
    the board is marked otherwise; scored by Law 77 on its own."""
    traveller = options.form is Form.DUPLICATE_BOARD
    if hand.board is not None:
        board = hand.board
    else:
        board = state.deals[-1].number + 1 if state.deals else 1
    played = [deal.number for deal in state.deals]
    if not traveller and board in played:
        raise InvalidHand(
            text(N_("board {board} was already played at this table"), board=board),
            field="board",
        )
    if traveller and options.compare is Compare.TEAMS and played.count(board) >= 2:
        raise InvalidHand(
            text(N_("a teams board has two results, board {board} already has 2"), board=board),
            field="board",
        )
    vulnerable = VULNERABILITY[hand.vulnerability or board_vulnerability(board)]
    dealer = hand.dealer if hand.dealer is not None else board_dealer(board)
    items = _deal_items(hand, vulnerable, premiums=True)
    ns_score = hand.ns_score if hand.ns_score is not None else _ns(items)
    points = (max(ns_score, 0), max(-ns_score, 0))
    deal = Deal(hand, board, dealer, vulnerable, tuple(items), points, ns_score)
    return deal, replace(state, played=state.played + 1)


ITEM_WORDS = {
    "tricks": N_("{n} trick points"),
    "overtricks": N_("{n} for overtricks"),
    "insult": N_("{n} for making it doubled"),
    "slam": N_("{n} slam"),
    "game": N_("{n} game"),
    "partscore": N_("{n} partscore"),
    "undertricks": N_("{n} for undertricks"),
    "honours": N_("{n} honours"),
    "rubber": N_("{n} rubber"),
}


def _lines(deal: Deal) -> tuple[tuple[Line, ...], ...]:
    """The deal in words on the declaring side ("4♠X by North, vulnerable, 11 tricks:
    240 + 200 + 50 + 500 = 990"), then each side's items, each linked to its rule."""
    rules = {"honours": "honours", "partscore": "fourth_deal_partscore_bonus"}
    lines: list[list[Line]] = [[], []]
    hand = deal.hand
    if hand.contract is not None and hand.declarer is not None and hand.tricks is not None:
        side = hand.declarer % 2
        mine = [item.points for item in deal.items if item.side == side]
        sums = " + ".join(map(str, mine)) + (f" = {sum(mine)}" if len(mine) > 1 else "")
        said = text(
            N_("{contract} by {declarer}, {vulnerable}, {tricks} tricks: {sums}")
            if mine
            else N_("{contract} by {declarer}, {vulnerable}, {tricks} tricks"),
            contract=hand.contract.bid,
            declarer=text(hand_module.SEAT_WORDS[hand.declarer]),
            vulnerable=text(N_("vulnerable") if deal.vulnerable[side] else N_("not vulnerable")),
            tricks=hand.tricks,
            sums=sums,
        )
        lines[side].append(Line("form", said, 0))
    for item in deal.items:
        words = text(ITEM_WORDS[item.kind], n=item.points)
        lines[item.side].append(Line(rules.get(item.kind, "form"), words, item.points))
    return (tuple(lines[0]), tuple(lines[1]))


def _markers(deal: Deal) -> tuple[tuple[str, ...], ...]:
    marks: list[list[str]] = [[], []]
    hand = deal.hand
    if hand.contract is not None and hand.declarer is not None and hand.tricks is not None:
        side = hand.declarer % 2
        if hand.tricks >= hand.contract.needed:
            marks[side].append("made")
        else:
            marks[side].append("down")
    for item in deal.items:
        if item.kind in ("slam", "rubber") or (item.kind == "game"):
            marks[item.side].append(item.kind)
    if deal.game_won is not None and "game" not in marks[deal.game_won]:
        marks[deal.game_won].append("game")
    return (tuple(marks[0]), tuple(marks[1]))


def stop(options: BridgeOptions, state: BridgeState) -> BridgeState:
    """The table stops here: an unfinished rubber scores its premiums (Law 80)."""
    return replace(state, stopped=True) if options.form is Form.RUBBER else state


def rubber_over(state: BridgeState) -> bool:
    return max(state.games) >= 2


def closing(options: BridgeOptions, state: BridgeState) -> list[Item]:
    """An unfinished rubber's premiums: 300 for the only game won, the partscore bonus
    for the only partscore in the unfinished game."""
    if options.form is not Form.RUBBER or not state.stopped or rubber_over(state):
        return []
    items = []
    games, partscore = state.games, state.partscore
    if (games[0] > 0) != (games[1] > 0):
        items.append(Item(0 if games[0] else 1, "unfinished_game", 300))
    if (partscore[0] > 0) != (partscore[1] > 0) and options.unfinished_partscore_bonus:
        items.append(
            Item(
                0 if partscore[0] else 1,
                "unfinished_partscore",
                options.unfinished_partscore_bonus,
            )
        )
    return items


def final_totals(options: BridgeOptions, state: BridgeState) -> tuple[int, int]:
    return _add(state.totals, _sums(closing(options, state)))


def outcome(options: BridgeOptions, state: BridgeState) -> Outcome:
    if options.form is Form.RUBBER:
        finished = rubber_over(state) or state.stopped
    elif options.form is Form.CHICAGO:
        finished = state.played >= options.deals
    elif options.form is Form.DUPLICATE:
        finished = options.boards > 0 and state.played >= options.boards
    else:
        return Outcome(False)  # a traveller compares results: nobody wins it
    if not finished:
        return Outcome(False)
    totals = final_totals(options, state)
    if totals[0] == totals[1]:
        return Outcome(True, None, text(N_("equal totals")), winners=(0, 1))
    winner = 0 if totals[0] > totals[1] else 1
    return Outcome(True, winner, text(N_("the larger total, {n}"), n=totals[winner]))


def needs(options: BridgeOptions, state: BridgeState) -> list[Need]:
    """Before the next deal: its dealer and vulnerability, and each side's partscore."""
    if options.form in (Form.DUPLICATE, Form.DUPLICATE_BOARD):
        board = state.deals[-1].number + 1 if state.deals else 1
        vul = board_vulnerability(board)
        return [
            Need(
                "",
                (
                    text(
                        N_("Board {board}: {dealer} deals, {vulnerable}"),
                        board=board,
                        dealer=text(hand_module.SEAT_WORDS[board_dealer(board)]),
                        vulnerable=text(VUL_WORDS[vul]),
                    ),
                ),
            )
        ]
    if options.form is Form.RUBBER:
        vulnerable = (state.games[0] > 0, state.games[1] > 0)
        number = len(state.deals) + 1
    else:
        number = state.played % 4 + 1
        vulnerable = chicago_vulnerable(options, number, state.dealer)
    vul = {NOBODY: "none", (True, False): "ns", (False, True): "ew"}.get(vulnerable, "both")
    found = [
        Need(
            "",
            (
                text(
                    N_("Deal {deal}: {dealer} deals, {vulnerable}"),
                    deal=number,
                    dealer=text(hand_module.SEAT_WORDS[state.dealer]),
                    vulnerable=text(VUL_WORDS[vul]),
                ),
            ),
        )
    ]
    if options.form is Form.RUBBER or options.chicago_scoring is ChicagoScoring.CARRY:
        found += [
            Need(side.name, (text(N_("partscore {n}"), n=score),))
            for side, score in zip(state.sides, state.partscore, strict=True)
            if score
        ]
    return found


VUL_WORDS = {
    "none": N_("nobody vulnerable"),
    "ns": N_("North-South vulnerable"),
    "ew": N_("East-West vulnerable"),
    "both": N_("both vulnerable"),
}
