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
- N = 4k+2 or 4k+3: in N rounds nobody partners twice and every two players face each
  other once or twice, two or three sitting out a round so that nobody sits out twice
  before everyone has sat out once (two: an odd distance apart, the even moves played
  first; three: spread evenly round the circle) — except 6, 7, 14, 22, 30 and 38
  players, for whom no such base round was found and the rotation seats round by round.

The base rounds were found by `tools/find_whist_tables.py`; `tests/test_schedules.py`
checks every one.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

# A base round per number of players: its tables, points in seat order (partners
# opposite: the 1st and 3rd, the 2nd and 4th); the points at no table sit it out.
BASE_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    4: ((3, 2, 1, 0),),
    5: ((1, 2, 4, 3),),
    8: ((7, 4, 6, 0), (3, 1, 5, 2)),
    9: ((3, 2, 6, 1), (7, 4, 5, 8)),
    10: ((4, 6, 5, 8), (3, 9, 7, 2)),
    11: ((5, 9, 8, 10), (2, 1, 4, 6)),
    12: ((11, 2, 5, 6), (7, 10, 8, 1), (4, 0, 9, 3)),
    13: ((1, 8, 12, 5), (2, 3, 11, 10), (4, 6, 9, 7)),
    15: ((13, 3, 1, 4), (9, 2, 11, 6), (7, 8, 12, 14)),
    16: ((15, 9, 3, 11), (14, 12, 4, 0), (7, 2, 8, 6), (13, 10, 5, 1)),
    17: ((1, 13, 16, 4), (3, 5, 14, 12), (9, 15, 8, 2), (10, 11, 7, 6)),
    18: ((17, 3, 1, 8), (7, 2, 14, 6), (10, 5, 11, 13), (16, 12, 4, 15)),
    19: ((17, 18, 5, 8), (11, 10, 14, 16), (1, 4, 2, 9), (3, 13, 7, 15)),
    20: ((19, 15, 6, 16), (8, 11, 13, 0), (14, 18, 2, 1), (17, 5, 4, 9), (3, 7, 12, 10)),
    21: ((16, 12, 20, 14), (18, 17, 3, 4), (6, 15, 11, 1), (5, 13, 8, 2), (9, 19, 10, 7)),
    23: ((14, 21, 19, 22), (4, 13, 8, 1), (12, 10, 18, 17), (20, 9, 5, 11), (16, 3, 2, 6)),
    24: (
        (23, 0, 8, 10),
        (9, 19, 16, 7),
        (17, 22, 3, 2),
        (4, 15, 5, 21),
        (14, 11, 18, 13),
        (1, 12, 6, 20),
    ),
    25: (
        (3, 23, 6, 5),
        (11, 13, 20, 15),
        (9, 16, 10, 24),
        (21, 8, 2, 12),
        (7, 19, 18, 4),
        (14, 17, 1, 22),
    ),
    26: (
        (12, 18, 16, 25),
        (14, 23, 15, 9),
        (2, 24, 5, 4),
        (8, 20, 10, 3),
        (21, 7, 6, 17),
        (22, 11, 1, 19),
    ),
    27: (
        (8, 20, 11, 25),
        (10, 4, 14, 12),
        (3, 6, 15, 7),
        (5, 21, 16, 1),
        (19, 13, 2, 26),
        (22, 17, 24, 23),
    ),
    28: (
        (27, 8, 6, 21),
        (14, 0, 15, 9),
        (2, 5, 7, 16),
        (18, 23, 22, 26),
        (13, 24, 20, 3),
        (25, 17, 10, 19),
        (4, 1, 12, 11),
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
    31: (
        (13, 22, 19, 25),
        (24, 4, 2, 17),
        (11, 9, 16, 21),
        (1, 28, 8, 7),
        (18, 3, 26, 14),
        (15, 29, 30, 12),
        (23, 5, 27, 6),
    ),
    32: (
        (31, 0, 27, 15),
        (2, 10, 3, 17),
        (16, 24, 29, 30),
        (22, 4, 25, 12),
        (8, 5, 20, 19),
        (1, 26, 6, 28),
        (11, 14, 21, 23),
        (9, 7, 13, 18),
    ),
    33: (
        (14, 28, 20, 8),
        (9, 4, 21, 6),
        (2, 3, 16, 12),
        (7, 5, 22, 13),
        (23, 10, 1, 11),
        (26, 15, 30, 31),
        (18, 29, 25, 32),
        (19, 17, 24, 27),
    ),
    34: (
        (28, 24, 9, 27),
        (29, 22, 2, 4),
        (14, 31, 15, 6),
        (8, 7, 10, 20),
        (12, 23, 18, 33),
        (21, 13, 1, 25),
        (11, 5, 19, 16),
        (32, 26, 3, 30),
    ),
    35: (
        (12, 31, 17, 9),
        (29, 18, 3, 19),
        (24, 25, 34, 7),
        (20, 26, 28, 6),
        (1, 13, 15, 16),
        (21, 14, 27, 30),
        (32, 2, 8, 4),
        (33, 10, 5, 22),
    ),
    36: (
        (35, 1, 23, 15),
        (11, 22, 17, 32),
        (29, 12, 5, 13),
        (18, 30, 20, 34),
        (21, 25, 2, 3),
        (0, 6, 8, 9),
        (14, 4, 26, 19),
        (7, 10, 16, 27),
        (28, 24, 33, 31),
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
    39: (
        (28, 11, 34, 19),
        (25, 29, 35, 36),
        (7, 4, 21, 8),
        (22, 3, 38, 20),
        (1, 30, 12, 10),
        (6, 18, 15, 31),
        (32, 24, 37, 27),
        (16, 5, 17, 23),
        (2, 33, 14, 9),
    ),
    40: (
        (39, 0, 22, 6),
        (16, 36, 27, 9),
        (34, 32, 4, 8),
        (25, 21, 30, 24),
        (5, 28, 23, 38),
        (10, 35, 18, 3),
        (2, 29, 19, 33),
        (37, 26, 14, 1),
        (15, 7, 17, 20),
        (31, 12, 11, 13),
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
    moves = _moves(group_of(players))
    if players % 4 == 2:  # two sit out at an odd distance: the even moves seat out each once
        moves = moves[0::2] + moves[1::2]
    return tuple(
        PlannedRound(
            tuple(tuple(to[p] for p in table) for table in base), tuple(to[p] for p in out)
        )
        for to in moves
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
