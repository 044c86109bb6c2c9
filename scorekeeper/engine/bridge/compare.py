"""A traveller: one board's results from several tables compared (Law 78; RULES.md
§7.4 (d)): matchpoints (with Neuberg), cross-IMPs, Butler, or a teams match's IMPs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .contract import imps
from .options import BridgeOptions, Compare

Number = int | float


def plain(value: Fraction) -> Number:
    """A number as JSON says it: whole numbers without a point, the rest unrounded."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass
class Scored:
    """One table's result on its board, compared with the others."""

    ns: Fraction | None = None  # matchpoints or IMPs of North-South (None: not yet)
    ew: Fraction | None = None
    percent: tuple[Fraction, Fraction] | None = None


@dataclass
class Board:
    board: int
    results: list[int] = field(default_factory=list)  # indexes into the results
    top: Fraction | None = None
    datum: int | None = None


def butler_datum(scores: Sequence[int]) -> int:
    """The mean after setting aside the k highest and lowest, to the nearest 10 (an exact
    half toward +∞)."""
    n = len(scores)
    k = 0 if n <= 3 else math.ceil((n - 10) / 15) + 1
    kept = sorted(scores)[k : n - k]
    mean = Fraction(sum(kept), len(kept))
    return math.floor(mean / 10 + Fraction(1, 2)) * 10


def compare(
    options: BridgeOptions, scores: Sequence[tuple[int, int]]
) -> tuple[list[Scored], list[Board]]:
    """Each (board, North-South score) compared with the board's other results."""
    boards: dict[int, Board] = {}
    for index, (number, _) in enumerate(scores):
        boards.setdefault(number, Board(number)).results.append(index)
    scored = [Scored() for _ in scores]
    for board in boards.values():
        ns = [scores[i][1] for i in board.results]
        if options.compare is Compare.MATCHPOINTS:
            board.top = _matchpoints(options, ns, [scored[i] for i in board.results])
        elif options.compare is Compare.TEAMS:
            if len(ns) == 2:
                gained = Fraction(imps(ns[0] - ns[1]))
                scored[board.results[0]].ns, scored[board.results[0]].ew = gained, -gained
                scored[board.results[1]].ns, scored[board.results[1]].ew = -gained, gained
        else:
            if options.compare is Compare.BUTLER:
                board.datum = butler_datum(ns)
                against = [[board.datum] for _ in ns]
            else:
                against = [ns[:k] + ns[k + 1 :] for k in range(len(ns))]
            for i, score, others in zip(board.results, ns, against, strict=True):
                total = Fraction(sum(imps(score - other) for other in others))
                if options.compare is Compare.CROSS_IMPS and options.cross_imps_average and others:
                    total /= len(others)
                scored[i].ns, scored[i].ew = total, -total
    return scored, list(boards.values())


def _matchpoints(options: BridgeOptions, ns: Sequence[int], scored: Sequence[Scored]) -> Fraction:
    """Two (or one) per score beaten, half that per tie; Neuberg for a short board."""
    unit = Fraction(options.mp_scale)  # 2, or 1 on the ACBL's scale
    n = len(ns)
    top = unit * (n - 1)
    expected = options.neuberg_expected
    scale = expected and n < expected
    u = unit / 2
    for score, result in zip(ns, scored, strict=True):
        beaten = sum(1 for other in ns if other < score)
        tied = sum(1 for other in ns if other == score) - 1
        mine = unit * beaten + u * tied
        theirs = top - mine
        if scale:
            mine = (mine + u) * expected / n - u
            theirs = (theirs + u) * expected / n - u
        result.ns, result.ew = mine, theirs
    if scale:
        top = unit * (expected - 1)
    for result in scored:
        assert result.ns is not None and result.ew is not None
        result.percent = (
            (result.ns / top * 100, result.ew / top * 100) if top else (Fraction(50), Fraction(50))
        )
    return top
