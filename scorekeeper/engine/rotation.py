"""Seating a club night: who plays at which table each round, and who sits out.

A round is seated from tonight's players as they are now (late arrivals and early
leavers between rounds) and the rounds played so far:

- sit-outs (byes) go to those who have played the most rounds, so rounds played differ
  by at most one between players who were there all night;
- in partnerships (tables of four), partners are a maximum matching of the players who
  have never partnered (Edmonds' blossom algorithm), so a partner repeats only when no
  seating of the round gives everyone a fresh one; then pairs meet pairs they have faced
  least;
- in individual games, tables are filled so that players meet those they have met least;
- a pinned player (someone who cannot move) always plays, at their table.

A table's names are in seat order, partners opposite: the 1st and 3rd, the 2nd and 4th.
"Winners move up" seats a round from the last one's placings instead: at each table the
better half moves up a table, the worse half down, and partners are split.

In partnerships the whole night is worked out ahead where it can be (engine/schedules.py:
with 4k or 4k+1 players every two partner once and face each other twice in N-1 or N
rounds; with most other numbers, in N rounds, nobody partners twice and every two face
each other once or twice): while tonight's players are those of round 1, every round so far was seated by
that night and the pins fit it, the next round is the night's next; otherwise, and
after its last round, rounds are seated one by one as above.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from .errors import ScoreError
from .schedules import PlannedRound, schedule
from .text import N_, text

MIN_PLAYERS = 4
MAX_PLAYERS = 40
PARTNERSHIP_TABLE = 4
_SIT_OUT_CHOICES = 24  # sets of sit-outs weighed when the first leaves a repeat
_SWAP_PASSES = 12
_Seat = TypeVar("_Seat")


class Method(StrEnum):
    BALANCED = "balanced"  # deterministic: the same names give the same night
    RANDOM = "random"  # balanced the same way, ties broken by a seeded shuffle
    WINNERS = "winners"  # winners move up, from the last round's placings


class RotationError(ScoreError):
    """A seating that cannot be made; the message says why in one line."""


@dataclass(frozen=True)
class Round:
    """One round: its tables (names in seat order, partners opposite) and who sits out."""

    tables: tuple[tuple[str, ...], ...]
    out: tuple[str, ...] = ()

    def to_json(self) -> dict[str, list[list[str]] | list[str]]:
        return {"tables": [list(t) for t in self.tables], "out": list(self.out)}


@dataclass(frozen=True)
class Request:
    """How tonight is seated: table size, partnerships, pins (name → table, from 1)."""

    table_size: int = PARTNERSHIP_TABLE
    partners: bool = True
    pins: Mapping[str, int] = field(default_factory=dict)
    method: Method = Method.BALANCED
    seed: int = 0


def check(players: Sequence[str], request: Request) -> None:
    """RotationError unless `players` can be seated as `request` asks."""
    if request.partners and request.table_size != PARTNERSHIP_TABLE:
        raise RotationError(text(N_("partnerships are played at tables of four")))
    if request.table_size < 2:
        raise RotationError(text(N_("a table seats at least two players")))
    seen: set[str] = set()
    for name in players:
        if not name.strip():
            raise RotationError(text(N_("a player's name is empty")))
        if name.casefold() in seen:
            raise RotationError(text(N_("{name} is named twice"), name=name))
        seen.add(name.casefold())
    if len(players) < max(MIN_PLAYERS, request.table_size):
        raise RotationError(
            text(
                N_("{n} players cannot fill a table of {size}; at least {least} are needed"),
                n=len(players),
                size=request.table_size,
                least=max(MIN_PLAYERS, request.table_size),
            )
        )
    if len(players) > MAX_PLAYERS:
        raise RotationError(text(N_("at most {most} players can be seated"), most=MAX_PLAYERS))
    tables = len(players) // request.table_size
    for name, table in request.pins.items():
        if name not in players:
            raise RotationError(text(N_("{name} is pinned but not playing"), name=name))
        if not 1 <= table <= tables:
            raise RotationError(
                text(
                    N_("{name} is pinned to table {table}, but there are tables 1 to {tables}"),
                    name=name,
                    table=table,
                    tables=tables,
                )
            )
    for table, count in Counter(request.pins.values()).items():
        if count > request.table_size:
            raise RotationError(
                text(
                    N_("{count} players are pinned to table {table}, which seats {size}"),
                    count=count,
                    table=table,
                    size=request.table_size,
                )
            )


def rotation(players: Sequence[str], rounds: int, request: Request) -> list[Round]:
    """A whole night of `rounds` rounds seated ahead (not winners move up, which needs
    each round's results)."""
    if rounds < 1:
        raise RotationError(text(N_("the number of rounds must be at least 1")))
    return list(plan(players, [], rounds, request))


def plan(
    players: Sequence[str], history: Sequence[Round], rounds_total: int, request: Request
) -> tuple[Round, ...]:
    """The rounds still to play of a night of `rounds_total`, seated ahead from the rounds
    so far (empty when they are all played): `plan(...)[0] == seat_round(...)`. Winners
    move up cannot be seated ahead (each round follows the last one's results):
    RotationError."""
    check(players, request)
    if request.method is Method.WINNERS:
        raise RotationError(text(N_("winners move up is seated one round at a time")))
    seated = list(history)
    while len(seated) < rounds_total:
        seated.append(seat_round(players, seated, request))
    return tuple(seated[len(history) :])


def seat_round(
    players: Sequence[str],
    history: Sequence[Round],
    request: Request,
    placings: Mapping[str, int] | None = None,
) -> Round:
    """The next round for `players` (tonight's list as it is now) after `history`.

    With Method.WINNERS and `placings` (each player of the last round's place at their
    table, 1 the best; ties share a place), the tables follow the results."""
    check(players, request)
    planned = _planned_round(players, history, request)
    if planned is not None:
        return planned
    past = _Past(history, request)
    rng = random.Random(request.seed * 1_000 + len(history))
    order = list(players)
    if request.method is Method.RANDOM:
        rng.shuffle(order)
    seat = _Seater(order, past, request)
    if request.method is Method.WINNERS and history and placings is not None:
        return seat.winners_move_up(history[-1], placings)
    return seat.balanced()


def _planned_round(
    players: Sequence[str], history: Sequence[Round], request: Request
) -> Round | None:
    """The next round of the night worked out ahead for this many players, while tonight
    is that night so far: the same players, each round so far seated by it, the pins
    kept. None: seat round by round."""
    if (
        request.method is Method.WINNERS
        or not request.partners
        or request.table_size != PARTNERSHIP_TABLE
    ):
        return None
    night = schedule(len(players))
    if night is None or len(history) >= len(night):
        return None
    order = list(players)
    if request.method is Method.RANDOM:
        random.Random(request.seed * 1_000).shuffle(order)  # round 1's shuffle
    cast = _cast(night, order, request.pins)
    if cast is None:
        return None
    for number, past in enumerate(history):
        if _named(night[number], cast, request.pins) != past:
            return None
    return _named(night[len(history)], cast, request.pins)


def _cast(
    night: Sequence[PlannedRound], order: list[str], pins: Mapping[str, int]
) -> dict[int, str] | None:
    """Who is which point of the night: each pinned player the point that keeps the pins
    the most rounds from the start; everyone else in `order` at round 1's seats, each
    table's partners first (so round 1 seats the list as the round-by-round seating
    would: the 1st and 2nd partners against the 3rd and 4th), the last named sitting
    out. None: round 1 cannot keep the pins."""
    first = night[0]
    seats = [p for t in first.tables for p in (t[0], t[2], t[1], t[3])] + list(first.out)
    tables_of = [{p: n for n, t in enumerate(r.tables) for p in t} for r in night] if pins else []
    chosen: dict[str, int] = {}
    kept = len(night)  # rounds from the start that keep the pins chosen so far
    for name in (n for n in order if n in pins):

        def keeps(where: dict[int, int], point: int, name: str = name) -> bool:
            table = where.get(point)
            return table is not None and all(
                (where[other] == table) == (pins[person] == pins[name])
                for person, other in chosen.items()
            )

        best, best_kept = -1, 0
        for point in seats:
            if point in chosen.values():
                continue
            rounds = next((n for n in range(kept) if not keeps(tables_of[n], point)), kept)
            if rounds > best_kept:
                best, best_kept = point, rounds
        if best_kept == 0:
            return None
        chosen[name], kept = best, best_kept
    cast = {point: name for name, point in chosen.items()}
    rest = iter(n for n in order if n not in pins)
    for point in seats:
        if point not in cast:
            cast[point] = next(rest)
    return cast


def _named(
    planned: PlannedRound, cast: Mapping[int, str], pins: Mapping[str, int]
) -> Round | None:
    """A round of the night with its players' names, pinned players' tables at their
    numbers and the others in the night's order. None: it cannot keep the pins."""
    tables = [tuple(cast[p] for p in t) for t in planned.tables]
    out = tuple(cast[p] for p in planned.out)
    if any(name in pins for name in out):
        return None
    placed: list[tuple[str, ...] | None] = [None] * len(tables)
    free: list[tuple[str, ...]] = []
    for table in tables:
        numbers = {pins[name] for name in table if name in pins}
        if len(numbers) > 1:
            return None
        if not numbers:
            free.append(table)
            continue
        number = numbers.pop() - 1
        if placed[number] is not None:
            return None
        placed[number] = table
    rest = iter(free)
    return Round(tuple(t if t is not None else next(rest) for t in placed), out)


class _Past:
    """What the rounds so far say about each player: partners, opponents, rounds played."""

    def __init__(self, history: Sequence[Round], request: Request) -> None:
        self.partnered: Counter[frozenset[str]] = Counter()
        self.met: Counter[frozenset[str]] = Counter()
        self.played: Counter[str] = Counter()
        self.last_out: dict[str, int] = {}
        self.rounds = len(history)
        for number, round_ in enumerate(history):
            for name in round_.out:
                self.last_out[name] = number
            for table in round_.tables:
                self.played.update(table)
                pairs = (
                    {frozenset(p) for p in _partner_pairs(table)} if request.partners else set()
                )
                self.partnered.update(pairs)
                for a, b in itertools.combinations(table, 2):
                    if frozenset((a, b)) not in pairs:
                        self.met[frozenset((a, b))] += 1

    def partners(self, a: str, b: str) -> int:
        return self.partnered[frozenset((a, b))]

    def meetings(self, a: str, b: str) -> int:
        return self.met[frozenset((a, b))]


def _partner_pairs(table: Sequence[str]) -> list[tuple[str, str]]:
    """Partners sit opposite: seats 1 and 3, 2 and 4."""
    if len(table) != PARTNERSHIP_TABLE:
        return []
    return [(table[0], table[2]), (table[1], table[3])]


class _Seater:
    def __init__(self, order: list[str], past: _Past, request: Request) -> None:
        self.order = order
        self.past = past
        self.request = request
        self.size = request.table_size
        self.tables = len(order) // self.size
        self.pins = dict(request.pins)

    # -- who sits out -------------------------------------------------------------

    def _sit_out_choices(self) -> Iterable[tuple[str, ...]]:
        """Sets of sit-outs that keep rounds played within one of each other: those who
        played the most sit out; among equals, who sat out longest ago, then list order
        (the last named first) or the shuffle. The first set, then others."""
        count = len(self.order) - self.tables * self.size
        if count == 0:
            yield ()
            return
        free = [p for p in self.order if p not in self.pins]
        position = {name: i for i, name in enumerate(self.order)}
        free.sort(
            key=lambda p: (
                -self.past.played[p],
                self.past.last_out.get(p, -1),
                -position[p],
            )
        )
        level = self.past.played[free[count - 1]]
        must = tuple(p for p in free if self.past.played[p] > level)
        equals = [p for p in free if self.past.played[p] == level]
        need = count - len(must)
        first = tuple(free[:count])
        yield first
        combos = itertools.combinations(equals, need)
        for others in itertools.islice(combos, _SIT_OUT_CHOICES):
            if must + others != first:
                yield must + others

    # -- balanced ------------------------------------------------------------------

    def balanced(self) -> Round:
        best: tuple[int, tuple[str, ...], list[tuple[str, str]]] | None = None
        for out in self._sit_out_choices():
            seated = [p for p in self.order if p not in out]
            if not self.request.partners:
                return Round(self._individual_tables(seated), tuple(out))
            pairs, fresh = self._partner_pairs(seated)
            if best is None or fresh > best[0]:
                best = (fresh, out, pairs)
            if fresh * 2 == len(seated):
                break
        assert best is not None
        _, out, pairs = best
        return Round(self._pair_tables(pairs), tuple(out))

    def _partner_pairs(self, seated: list[str]) -> tuple[list[tuple[str, str]], int]:
        """Partners for the seated, and how many are fresh: a maximum matching grown
        tier by tier (never partners nor opponents, then former opponents, then
        partners once, ...), so a partner repeats only when no pairing of the seated
        gives everyone a fresh one. Players pinned to different tables never partner;
        of three or four pinned to one table, two must."""
        index = {name: i for i, name in enumerate(seated)}
        match = [-1] * len(seated)
        for pinned in self._pinned_groups(seated):
            if len(pinned) >= 3:
                self._pre_pair(pinned, match, index)
        paired_ahead = {i for i, m in enumerate(match) if m != -1}

        def allowed(a: str, b: str) -> bool:
            ta, tb = self.pins.get(a), self.pins.get(b)
            return ta is None or tb is None or ta == tb

        def tier(a: str, b: str) -> int:
            """Never partners nor opponents first, then opponents, then partners once..."""
            return 2 * self.past.partners(a, b) + (1 if self.past.meetings(a, b) else 0)

        tiers = [[tier(a, b) for b in seated] for a in seated]
        for level in range(max(map(max, tiers)) + 1):
            adjacency: list[list[int]] = [[] for _ in seated]
            for i, a in enumerate(seated):
                if i in paired_ahead:
                    continue  # kept as paired: no alternating path may pass through
                for j, b in enumerate(seated):
                    if j in paired_ahead or i == j:
                        continue
                    if allowed(a, b) and tiers[i][j] <= level:
                        adjacency[i].append(j)
            maximum_matching(adjacency, match)
            if -1 not in match:
                break
        pairs = [(seated[i], seated[j]) for i, j in enumerate(match) if i < j]
        return pairs, sum(1 for a, b in pairs if not self.past.partners(a, b))

    def _pinned_groups(self, seated: list[str]) -> list[list[str]]:
        groups: dict[int, list[str]] = {}
        for name in seated:
            if name in self.pins:
                groups.setdefault(self.pins[name], []).append(name)
        return list(groups.values())

    def _pre_pair(self, pinned: list[str], match: list[int], index: dict[str, int]) -> None:
        """Three or four players pinned to one table: pair them among themselves the way
        they have partnered least."""
        best: list[tuple[str, str]] = []
        best_cost: int | None = None
        for a, b in itertools.combinations(pinned, 2):
            rest = [p for p in pinned if p not in (a, b)]
            pairs = [(a, b)] + ([(rest[0], rest[1])] if len(rest) == 2 else [])
            cost = sum(self.past.partners(x, y) for x, y in pairs)
            if best_cost is None or cost < best_cost:
                best, best_cost = pairs, cost
        for a, b in best:
            match[index[a]], match[index[b]] = index[b], index[a]

    def _pair_tables(self, pairs: list[tuple[str, str]]) -> tuple[tuple[str, ...], ...]:
        """Two pairs a table, pinned pairs at their tables, the rest swapped between
        tables while that lowers how often opponents have met."""
        slots: list[list[tuple[str, str] | None]] = [[None, None] for _ in range(self.tables)]
        fixed: set[tuple[int, int]] = set()
        free: list[tuple[str, str]] = []
        for pair in pairs:
            table = self.pins.get(pair[0]) or self.pins.get(pair[1])
            if table is None:
                free.append(pair)
                continue
            k = 0 if slots[table - 1][0] is None else 1
            slots[table - 1][k] = pair
            fixed.add((table - 1, k))
        for t, k in itertools.product(range(self.tables), range(2)):
            if slots[t][k] is None:
                other = slots[t][1 - k]
                pick = min(
                    range(len(free)),
                    key=lambda i: self._faced(free[i], other) if other else 0,
                )
                slots[t][k] = free.pop(pick)
        filled = [[p for p in table if p is not None] for table in slots]

        faced: dict[tuple[tuple[str, str], tuple[str, str]], int] = {}

        def cost(t: int) -> int:
            a, b = filled[t]
            if (a, b) not in faced:
                faced[a, b] = self._faced(a, b)
            return faced[a, b]

        movable = [(t, k) for t in range(self.tables) for k in range(2) if (t, k) not in fixed]
        _improve_by_swaps(filled, movable, cost)
        return tuple((a[0], b[0], a[1], b[1]) for a, b in filled)

    def _faced(self, a: tuple[str, str], b: tuple[str, str]) -> int:
        return sum(self.past.meetings(x, y) ** 2 for x in a for y in b)

    def _individual_tables(self, seated: list[str]) -> tuple[tuple[str, ...], ...]:
        """Tables of `size` for a game without partners: each player where they have met
        the others least; pinned players at their tables."""
        tables: list[list[str]] = [[] for _ in range(self.tables)]
        for name in seated:
            if name in self.pins:
                tables[self.pins[name] - 1].append(name)
        fixed = {(t, k) for t in range(self.tables) for k in range(len(tables[t]))}
        for name in seated:
            if name in self.pins:
                continue
            open_ = [t for t in range(self.tables) if len(tables[t]) < self.size]
            best = min(open_, key=lambda t: (self._met_at(name, tables[t]), t))
            tables[best].append(name)

        def cost(t: int) -> int:
            return sum(
                self.past.meetings(a, b) ** 2 for a, b in itertools.combinations(tables[t], 2)
            )

        movable = [
            (t, k) for t in range(self.tables) for k in range(self.size) if (t, k) not in fixed
        ]
        _improve_by_swaps(tables, movable, cost)
        return tuple(tuple(table) for table in tables)

    def _met_at(self, name: str, table: list[str]) -> int:
        return sum(self.past.meetings(name, other) ** 2 for other in table)

    # -- winners move up -----------------------------------------------------------

    def winners_move_up(self, last: Round, placings: Mapping[str, int]) -> Round:
        """The better half of each table of `last` moves up a table (1 is the top), the
        worse half down, a middle player stays; who sat out or just came joins at the
        bottom. Partners are then split."""
        out = next(iter(self._sit_out_choices()))
        seated = [p for p in self.order if p not in out]
        aim: dict[str, tuple[float, int]] = {}
        for number, table in enumerate(last.tables, start=1):
            for name in table:
                place = placings.get(name)
                if place is None:
                    aim[name] = (number, 0)
                    continue
                better = sum(1 for o in table if placings.get(o, place) < place)
                worse = sum(1 for o in table if placings.get(o, place) > place)
                move = -1 if 2 * worse >= len(table) else 1 if 2 * better >= len(table) else 0
                aim[name] = (number + move, better)
        tables: list[list[str]] = [[] for _ in range(self.tables)]
        for name in seated:
            if name in self.pins:
                tables[self.pins[name] - 1].append(name)
        position = {name: i for i, name in enumerate(self.order)}
        ladder = sorted(
            (p for p in seated if p not in self.pins),
            key=lambda p: (*aim.get(p, (self.tables + 0.5, 0)), position[p]),
        )
        for name in ladder:
            at = next(t for t in range(self.tables) if len(tables[t]) < self.size)
            tables[at].append(name)
        if self.request.partners:
            return Round(tuple(self._split_partners(t) for t in tables), tuple(out))
        return Round(tuple(tuple(t) for t in tables), tuple(out))

    def _split_partners(self, table: list[str]) -> tuple[str, ...]:
        """The way to pair four players that repeats partners least (seated opposite)."""
        a, b, c, d = table
        splits = [((a, c), (b, d)), ((a, b), (c, d)), ((a, d), (b, c))]
        (p1, p2), (q1, q2) = min(
            splits, key=lambda s: sum(self.past.partners(*pair) ** 2 for pair in s)
        )
        return (p1, q1, p2, q2)


def _improve_by_swaps(
    tables: list[list[_Seat]], movable: list[tuple[int, int]], cost: Callable[[int], int]
) -> None:
    """Swap movable seats between tables while that lowers the summed cost."""
    for _ in range(_SWAP_PASSES):
        improved = False
        for (t1, k1), (t2, k2) in itertools.combinations(movable, 2):
            if t1 == t2:
                continue
            before = cost(t1) + cost(t2)
            tables[t1][k1], tables[t2][k2] = tables[t2][k2], tables[t1][k1]
            if cost(t1) + cost(t2) < before:
                improved = True
            else:
                tables[t1][k1], tables[t2][k2] = tables[t2][k2], tables[t1][k1]
        if not improved:
            return


def maximum_matching(adjacency: list[list[int]], match: list[int]) -> list[int]:
    """Grow `match` (match[v] is v's mate or -1) into a maximum matching of the graph
    (Edmonds' blossom algorithm: augmenting paths, odd cycles shrunk to their base)."""
    n = len(adjacency)
    for root in range(n):
        if match[root] != -1:
            continue
        end, parent = _augmenting_path(adjacency, match, root)
        while end != -1:
            mate = parent[end]
            next_end = match[mate]
            match[end], match[mate] = mate, end
            end = next_end
    return match


def _augmenting_path(
    adjacency: list[list[int]], match: list[int], root: int
) -> tuple[int, list[int]]:
    """An unmatched vertex reached from `root` by an alternating path (or -1), and the
    parents along the way."""
    n = len(adjacency)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adjacency[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                b = common_base(v, to)
                blossom = [False] * n
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return -1, parent
