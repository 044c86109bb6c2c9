"""Whole nights in partnerships worked out ahead: who partners and who faces whom.

A night of N players at tables of four is one base round developed round by round: the
players are the points 0 to N-1 of a small group (the integers mod N, or mod N-1 and a
fixed point N-1 when N is a multiple of four; for nine players, pairs of integers mod 3)
and round r adds the group's r-th element to every point but the fixed one. Two points
partner, or face each other, in as many rounds as pairs with their difference do in the
base round, so the base round alone decides the whole night:

- N = 4k or 4k+1 (a whist tournament): every two players partner exactly once and face
  each other exactly twice, in N-1 rounds (4k: nobody sits out) or N rounds (4k+1: each
  player sits out once);
- N = 4k+2 or 4k+3: in N rounds, nobody partners twice and every two players face each
  other once or twice (two or three sit out a round, spread round the circle so nobody
  sits out twice before everyone has sat out once) — except 6, 7 and 10 players, where
  no base round does that and the rotation seats round by round instead.

The base rounds were found by `tools/find_whist_tables.py`; `tests/test_schedules.py`
checks every one.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

# A base round per number of players: its tables, points in seat order (partners
# opposite: the 1st and 3rd, the 2nd and 4th); the points at no table sit it out.
BASE_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    4: ((2, 0, 3, 1),),
    5: ((1, 2, 4, 3),),
    8: ((5, 6, 4, 1), (7, 0, 2, 3)),
    9: ((3, 2, 6, 1), (7, 4, 5, 8)),
    11: ((9, 4, 6, 5), (10, 2, 1, 8)),
    12: ((0, 4, 10, 2), (1, 3, 6, 7), (5, 11, 8, 9)),
    13: ((3, 2, 4, 8), (5, 1, 7, 10), (6, 12, 11, 9)),
    16: ((3, 5, 10, 7), (6, 9, 0, 14), (11, 2, 12, 13), (15, 4, 8, 1)),
    17: ((1, 3, 9, 8), (7, 10, 6, 12), (11, 15, 5, 2), (16, 4, 13, 14)),
    20: ((1, 2, 15, 19), (8, 0, 14, 4), (12, 6, 3, 5), (13, 11, 16, 9), (17, 7, 10, 18)),
    21: ((6, 14, 11, 4), (7, 3, 13, 16), (12, 1, 10, 5), (17, 9, 8, 2), (20, 15, 19, 18)),
    24: (
        (2, 16, 8, 13),
        (5, 18, 17, 23),
        (11, 20, 3, 1),
        (12, 9, 21, 19),
        (15, 7, 10, 14),
        (22, 4, 0, 6),
    ),
    25: (
        (1, 18, 19, 7),
        (2, 20, 23, 15),
        (12, 22, 21, 5),
        (14, 9, 24, 3),
        (16, 11, 13, 10),
        (17, 6, 4, 8),
    ),
    28: (
        (0, 14, 22, 15),
        (1, 13, 16, 6),
        (4, 2, 23, 5),
        (7, 11, 9, 25),
        (10, 17, 20, 21),
        (12, 8, 18, 26),
        (24, 19, 27, 3),
    ),
    29: (
        (1, 12, 28, 17),
        (2, 24, 27, 5),
        (4, 19, 25, 10),
        (8, 9, 21, 20),
        (16, 18, 13, 11),
        (3, 7, 26, 22),
        (6, 14, 23, 15),
    ),
    37: (
        (1, 31, 36, 6),
        (2, 25, 35, 12),
        (4, 13, 33, 24),
        (8, 26, 29, 11),
        (16, 15, 21, 22),
        (32, 30, 5, 7),
        (27, 23, 10, 14),
        (17, 9, 20, 28),
        (34, 18, 3, 19),
    ),
}

# The group whose elements the points are, as cyclic factors (the last one turns
# fastest): the integers mod N, or mod N-1 with a fixed point, unless named here.
GROUPS: dict[int, tuple[int, ...]] = {9: (3, 3)}  # no base round mod 9 exists


@dataclass(frozen=True)
class PlannedRound:
    """A round of points: the tables in seat order, and the points that sit out."""

    tables: tuple[tuple[int, ...], ...]
    out: tuple[int, ...]


def group_of(players: int) -> tuple[int, ...]:
    """The cyclic factors of the group whose elements the points are."""
    return GROUPS.get(players, (players - 1,) if players % 4 == 0 else (players,))


def schedule(players: int) -> tuple[PlannedRound, ...] | None:
    """The night of `players` points, its base round first (None: no base round)."""
    base = BASE_ROUNDS.get(players)
    if base is None:
        return None
    seated = {point for table in base for point in table}
    out = tuple(point for point in range(players) if point not in seated)
    return tuple(
        PlannedRound(
            tuple(tuple(to[p] for p in table) for table in base), tuple(to[p] for p in out)
        )
        for to in _moves(group_of(players))
    )


def _moves(moduli: tuple[int, ...]) -> list[list[int]]:
    """Where each round takes each point: round r adds the group's r-th element (the
    fixed point, one past the group's, stays)."""
    if len(moduli) == 1:  # the integers mod m: point p goes to p + r
        m = moduli[0]
        return [[*range(r, m), *range(r), m] for r in range(m)]
    elements = list(itertools.product(*(range(k) for k in moduli)))
    index = {element: i for i, element in enumerate(elements)}
    return [
        [*(index[tuple(map(_plus, element, by, moduli))] for element in elements), len(elements)]
        for by in elements
    ]


def _plus(a: int, b: int, k: int) -> int:
    return (a + b) % k
