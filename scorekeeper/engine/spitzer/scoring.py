"""Scoring a Spitzer deal from the score table of seed 003, and settling the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import InvalidHand
from ..outcome import decide, individual_sides
from ..text import N_, Nn_, Text, ntext, signed, text
from ..types import HandResult, Line, Need, Outcome, Payment, Side
from .options import NoTrickDash, SpitzerOptions


class Contract(StrEnum):
    NORMAL = "normal"
    SCHNEIDER = "schneider"
    SNEAKER = "sneaker"
    ZOLA = "zola"
    ZOLA_SCHNEIDER = "zola_schneider"
    ZOLA_SCHNEIDER_SCHWARZ = "zola_schneider_schwarz"


COLUMNS = ("no_trick", "0-30", "31-60", "61-89", "90-120", "all_tricks")
COLUMN_NAMES = {
    "no_trick": N_("no trick"),
    "0-30": N_("0–30"),
    "31-60": N_("31–60"),
    "61-89": N_("61–89"),
    "90-120": N_("90–120"),
    "all_tricks": N_("all tricks"),
}
# Seed 003's table; None is the seed's "–", scored by the no_trick_dash option.
TABLE: dict[Contract, tuple[int | None, int, int, int, int, int]] = {
    Contract.NORMAL: (None, -9, -6, 3, 6, 9),
    Contract.SCHNEIDER: (-18, -15, -12, -9, 9, 12),
    Contract.SNEAKER: (None, -9, -6, 9, 12, 15),
    Contract.ZOLA: (-15, -12, -9, 18, 27, 36),
    Contract.ZOLA_SCHNEIDER: (-42, -36, -24, -18, 36, 39),
    Contract.ZOLA_SCHNEIDER_SCHWARZ: (-42, -42, -39, -33, -27, 42),
}
CONTRACT_NAMES = {
    Contract.NORMAL: N_("Queens partnership"),
    Contract.SCHNEIDER: N_("Schneider"),
    Contract.SNEAKER: N_("Stealer (silent solo)"),  # the seed's スチーラー; "sneaker" in files
    Contract.ZOLA: N_("Zola"),
    Contract.ZOLA_SCHNEIDER: N_("Zola Schneider"),
    Contract.ZOLA_SCHNEIDER_SCHWARZ: N_("Zola Schneider Schwarz"),
}
TWO_DECLARERS = frozenset({Contract.NORMAL, Contract.SCHNEIDER})


@dataclass(frozen=True)
class SpitzerHand:
    contract: Contract
    declarers: tuple[int, ...]
    points: int
    tricks: int


@dataclass(frozen=True)
class SpitzerState:
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    totals: tuple[int, ...]
    hands: int = 0


def column(points: int, tricks: int) -> str:
    """The table column for the declaring side's card points and tricks.

    "No trick" and "all tricks" are checked first; then 30 is in 0–30, 60 in 31–60
    (a 60–60 split scores for the defenders), 89 in 61–89, 90 in 90–120.
    """
    if tricks == 0:
        return "no_trick"
    if tricks == 8:
        return "all_tricks"
    if points <= 30:
        return "0-30"
    if points <= 60:
        return "31-60"
    if points <= 89:
        return "61-89"
    return "90-120"


def table_value(options: SpitzerOptions, contract: Contract, col: str) -> int:
    """The score of a contract in a column (positive for the declarers)."""
    value = TABLE[contract][COLUMNS.index(col)]
    if value is None:
        return -42 if options.no_trick_dash is NoTrickDash.MINUS_42 else TABLE[contract][1]
    return value


def make_hand(contract: str, declarers: list[int], points: int, tricks: int) -> SpitzerHand:
    """The deal from its fields' values, each of the right form."""
    return SpitzerHand(Contract(contract), tuple(declarers), points, tricks)


def check_declarers(values: Mapping[str, object]) -> None:
    """Distinct declarers, as many as the contract has."""
    contract, declarers = Contract(str(values["contract"])), values["declarers"]
    assert isinstance(declarers, list)  # read as a list of seats
    if len(set(declarers)) != len(declarers):
        raise InvalidHand(text(N_("a seat is named twice in 'declarers'")))
    needed = 2 if contract in TWO_DECLARERS else 1
    if len(declarers) != needed:
        raise InvalidHand(
            text(
                N_("{contract} has {needed} declarer(s), {count} given"),
                contract=Text(CONTRACT_NAMES[contract]),
                needed=needed,
                count=len(declarers),
            )
        )


def check_taken(values: Mapping[str, object]) -> None:
    """Card points that agree with the tricks."""
    points, tricks = values["points"], values["tricks"]
    if tricks == 0 and points:
        said = N_("a side with no trick has no card points, but {points} are given")
        raise InvalidHand(text(said, points=points))
    if tricks == 8 and points != 120:
        said = N_("a side with all 8 tricks has all 120 card points, but {points} are given")
        raise InvalidHand(text(said, points=points))


def start(options: SpitzerOptions, players: Sequence[str]) -> SpitzerState:
    sides = individual_sides(players)
    return SpitzerState(tuple(players), sides, tuple(0 for _ in sides))


def play(options: SpitzerOptions, state: SpitzerState, hand: SpitzerHand) -> HandResult:
    """Look the deal up in the table; positive scores each declarer, negative each opponent."""
    col = column(hand.points, hand.tricks)
    value = table_value(options, hand.contract, col)
    where = text(
        N_("{contract}: {points} card points in {tricks} tricks → column {column}, {value}"),
        contract=Text(CONTRACT_NAMES[hand.contract]),
        points=hand.points,
        tricks=hand.tricks,
        column=Text(COLUMN_NAMES[col]),
        value=signed(value),
    )
    # The table lookup is said once, on the first declarer's line; the others say only
    # what it means for them (the PDF's notes would otherwise repeat it per player).
    first = min(hand.declarers)
    names = " & ".join(state.players[s] for s in sorted(hand.declarers))
    lines: list[list[Line]] = []
    markers: list[list[str]] = []
    for seat in range(len(state.players)):
        declarer = seat in hand.declarers
        gets, says = _seat_score(hand, value, seat, names)
        if seat == first:
            says = text(N_("{where}: {says}"), where=where, says=says)
        lines.append([Line("score_table", says, gets)])
        markers.append(["declarer", "made" if value > 0 else "set"] if declarer else [])
    points = tuple(line[0].points for line in lines)
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    return HandResult(
        points,
        totals,
        None,
        tuple(tuple(line) for line in lines),
        tuple(tuple(m) for m in markers),
        SpitzerState(state.players, state.sides, totals, state.hands + 1),
    )


def _seat_score(hand: SpitzerHand, value: int, seat: int, names: str) -> tuple[int, Text]:
    """What one seat scores of a deal's table value, and why, in words."""
    worth, count = abs(value), len(hand.declarers)  # what the table gives, whoever scores
    if seat in hand.declarers:
        if value > 0:
            forms = Nn_("{gets} to the declarer", "{gets} to each declarer")
            return value, ntext(forms, count, gets=signed(value))
        if seat == min(hand.declarers):
            return 0, text(N_("the opponents score {points} each"), points=worth)
        said = N_("Nothing as a declarer: the opponents score {points} each")
        return 0, text(said, points=worth)
    if value < 0:
        return -value, text(N_("{gets} as an opponent"), gets=signed(-value))
    if count == 1:
        said = N_("Nothing as an opponent: {names} scores {points}")
    else:
        said = N_("Nothing as an opponent: {names} score {points} each")
    return 0, text(said, names=names, points=worth)


def outcome(options: SpitzerOptions, state: SpitzerState) -> Outcome:
    """The game ends when someone has 42 or more after a deal; highest wins, a tie plays on."""
    if max(state.totals, default=0) < options.target:
        return Outcome(False)
    return decide(
        state.totals,
        state.sides,
        range(len(state.sides)),
        lowest=False,
        why=lambda best: text(
            N_("reached {target} with {best}"), target=options.target, best=best
        ),
    )


def settlement(options: SpitzerOptions, totals: Sequence[int], winner: int) -> list[Payment]:
    """Each loser pays the winner the stake plus the per-point stake times the difference."""
    return [
        Payment(
            seat,
            winner,
            options.stake_per_game + options.stake_per_point * (totals[winner] - total),
        )
        for seat, total in enumerate(totals)
        if seat != winner
    ]


def needs(options: SpitzerOptions, state: SpitzerState) -> list[Need]:
    """Before the next deal: each player's points to the target."""
    return [
        Need(
            side.name,
            (
                text(
                    N_("{n} more to reach {target}"),
                    n=options.target - total,
                    target=options.target,
                ),
            ),
        )
        for side, total in zip(state.sides, state.totals, strict=True)
        if total < options.target
    ]
