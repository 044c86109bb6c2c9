"""Find the base rounds `engine/schedules.py` develops into a whole night (BASE_ROUNDS).

A night of N players in partnerships is seated cyclically: a base round of N // 4
tables over the points 0..m-1 (m = N, or N-1 plus a fixed point m when N is a multiple
of four), and round r adds r to every point but the fixed one (mod m; for nine players
the points are pairs mod 3). Who partners and who faces whom over the m rounds then
depends only on the differences inside the base round: two players at difference ±d
partner once for every base pair of partners at that difference (twice if d = m/2),
the same for opponents. A whist night (N = 4k or 4k+1: every pair partners once and
opposes twice) needs each difference once between partners and twice between
opponents; for N = 4k+2 and 4k+3 we ask for partners at most once and opponents once
or twice. How each is found:

- N = 4k+1 a prime: known outright (`prime_base_round`);
- other whist nights: partners first (a starter: one pair at each difference), then
  the pairs two by two at tables by a depth-first search, new partners until it works;
- nine players, and N = 4k+2, 4k+3: the points that sit out (one, or two or three
  spread evenly round the circle) are fixed and the others placed at the tables by
  simulated annealing on how far the differences are from those counts; the best
  found is printed with how far off it is (6, 7 and 10 players: never exact).

Deterministic (seeded by N); the whist nights take a few minutes in all, the others
longer. `tests/test_schedules.py` checks what is stored, whatever found it.

    .venv/bin/python tools/find_whist_tables.py [N ...]   # prints the table of base rounds
"""

from __future__ import annotations

import itertools
import math
import random
import sys


def layout(n: int, gap: int = 0) -> tuple[tuple[int, ...], bool, list[int]]:
    """The group (cyclic moduli, one point per element), whether there is a fixed point,
    and the points that sit out in the base round: for 4k+2 players 0 and `gap` (odd:
    the night plays the even moves first, which seat out everyone once), for 4k+3 three
    spread evenly round the circle (so they sit out in turn in the night's order)."""
    if n % 4 == 0:
        return GROUPS.get(n, (n - 1,)), True, []
    outs = n % 4
    if outs == 2:
        return (n,), False, [0, gap or n // 2]
    return GROUPS.get(n, (n,)), False, [(j * n) // outs for j in range(outs)]


GROUPS = {9: (3, 3)}  # no base round over Z_9 exists (an exhaustive search says)


def elements(moduli: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The group's elements in order: point i is the i-th (the last coordinate fastest)."""
    return list(itertools.product(*(range(k) for k in moduli)))


def classes(moduli: tuple[int, ...]) -> tuple[list[list[int]], list[int]]:
    """For each two points, the class of their difference (d and -d together), and how
    many times a base pair in each class seats every pair of the class over the night
    (twice when d = -d)."""
    group = elements(moduli)
    index = {g: i for i, g in enumerate(group)}

    def minus(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
        return tuple((a - b) % k for a, b, k in zip(x, y, moduli, strict=True))

    zero = group[0]
    klass: dict[int, int] = {}
    weight: list[int] = []
    for g in group[1:]:
        i, j = index[g], index[minus(zero, g)]
        if i not in klass:
            klass[i] = klass[j] = len(weight)
            weight.append(2 if i == j else 1)
    table = [[klass.get(index[minus(y, x)], -1) for y in group] for x in group]
    return table, weight


class Counts:
    """How often each class of differences is between partners and between opponents in
    the base round, and how far that is from what the night needs."""

    def __init__(self, n: int, table: list[list[int]], weight: list[int]) -> None:
        self.table, self.weight, self.m = table, weight, len(table)
        whist = n % 4 in (0, 1)
        self.partner_range = (1, 1) if whist else (0, 1)
        self.opposed_range = (2, 2) if whist else (1, 2)
        self.partner = [0] * len(weight)
        self.opposed = [0] * len(weight)
        self.cost = sum(self.off(c) for c in range(len(weight)))

    def off(self, c: int) -> int:
        (lp, hp), (lo, ho) = self.partner_range, self.opposed_range
        p, o = self.partner[c], self.opposed[c]
        return max(0, lp - p, p - hp) + max(0, lo - o, o - ho)

    def pairs(self, seats: list[int]) -> list[tuple[list[int], int]]:
        a, b, c, d = seats
        found = []
        for into, x, y in (
            (self.partner, a, c),
            (self.partner, b, d),
            (self.opposed, a, b),
            (self.opposed, a, d),
            (self.opposed, c, b),
            (self.opposed, c, d),
        ):
            if x < self.m and y < self.m:  # the fixed point meets everyone evenly
                found.append((into, self.table[x][y]))
        return found

    def add(self, seats: list[int], sign: int) -> None:
        for into, c in self.pairs(seats):
            self.cost -= self.off(c)
            into[c] += sign * self.weight[c]
            self.cost += self.off(c)


def search(
    n: int, rng: random.Random, steps: int = 300_000, gap: int = 0
) -> tuple[int, list[list[int]]]:
    """The base round found with the fewest counts off (0: as asked), after `steps`."""
    moduli, fixed, out = layout(n, gap)
    table, weight = classes(moduli)
    m = len(table)
    points = [p for p in range(m) if p not in out] + ([m] if fixed else [])
    rng.shuffle(points)
    tables = [points[i : i + 4] for i in range(0, len(points), 4)]
    counts = Counts(n, table, weight)
    for seats in tables:
        counts.add(seats, 1)
    best = (counts.cost, [list(t) for t in tables])
    for step in range(steps):
        if counts.cost == 0:
            break
        heat = max(0.05, 1.5 * (1 - (step % 100_000) / 100_000))
        t1, t2 = rng.randrange(len(tables)), rng.randrange(len(tables))
        k1, k2 = rng.randrange(4), rng.randrange(4)
        if (t1, k1) == (t2, k2):
            continue
        now = counts.cost
        touched = {t1, t2}
        for t in touched:
            counts.add(tables[t], -1)
        tables[t1][k1], tables[t2][k2] = tables[t2][k2], tables[t1][k1]
        for t in touched:
            counts.add(tables[t], 1)
        if counts.cost > now and rng.random() >= math.exp((now - counts.cost) / heat):
            for t in touched:
                counts.add(tables[t], -1)
            tables[t1][k1], tables[t2][k2] = tables[t2][k2], tables[t1][k1]
            for t in touched:
                counts.add(tables[t], 1)
        if counts.cost < best[0]:
            best = (counts.cost, [list(t) for t in tables])
    return best


def prime_base_round(p: int) -> list[list[int]] | None:
    """For a prime p = 4k+1 the base round is known: with w a primitive root and
    e = w^k (so e*e = -1), the tables w^i * (1, e, -1, -e) for i < k. Partners differ by
    2 w^i e^j (every nonzero number once), opponents by (1 - e) w^i e^j (every one twice)."""
    if p % 4 != 1 or any(p % q == 0 for q in range(2, p)):
        return None
    root = next(w for w in range(2, p) if len({pow(w, i, p) for i in range(p - 1)}) == p - 1)
    k = (p - 1) // 4
    e = pow(root, k, p)
    return [[pow(root, i, p) * s % p for s in (1, e, p - 1, p - e)] for i in range(k)]


def starter(n: int, rng: random.Random, gap: int = 0) -> list[tuple[int, int]] | None:
    """Partners for a base round mod m (cyclic): pairs that cover the points at the
    tables, no two at the same difference (for 4k players the fixed point m partners
    the point left over). None: this try ran into a dead end."""
    (m,), fixed, out = layout(n, gap)
    free = set(range(m)) - set(out)
    differences = [d for d in range(1, (m + 1) // 2)]  # not m/2: it would pair twice
    rng.shuffle(differences)
    differences = differences[: (len(free) - fixed) // 2]
    pairs: list[tuple[int, int]] = []

    def place(i: int) -> bool:
        if i == len(differences):
            return True
        d = differences[i]
        starts = [x for x in free if (x + d) % m in free]
        rng.shuffle(starts)
        for x in starts[:6]:
            y = (x + d) % m
            free.difference_update((x, y))
            pairs.append((x, y))
            if place(i + 1):
                return True
            pairs.pop()
            free.update((x, y))
        return False

    if not place(0):
        return None
    return [(m, free.pop()), *pairs] if fixed else pairs


def tables_of_pairs(
    n: int, pairs: list[tuple[int, int]], limit: int = 50_000
) -> list[list[int]] | None:
    """Two pairs of partners a table so that every difference is between opponents at
    most twice and at least once (twice, for a whist night): a depth-first search of
    at most `limit` steps (None: not found)."""
    (m,), _, _ = layout(n)
    least = 2 if n % 4 in (0, 1) else 1
    opposed = [0] * (m // 2 + 1)
    used = [False] * len(pairs)
    tables: list[list[int]] = []
    steps = 0

    def difference(x: int, y: int) -> int:
        d = (x - y) % m
        return min(d, m - d)

    def pair_up() -> bool:
        nonlocal steps
        steps += 1
        if steps > limit:
            return False
        if all(used):
            return min(opposed[1:]) >= least
        i = used.index(False)
        used[i] = True
        a, c = pairs[i]
        for j in range(i + 1, len(pairs)):
            if used[j]:
                continue
            b, d = pairs[j]
            faced = [difference(x, y) for x in (a, c) for y in (b, d) if x != m]
            for f in faced:
                opposed[f] += 2 if 2 * f == m else 1
            if all(opposed[f] <= 2 for f in faced):
                used[j] = True
                tables.append([a, b, c, d])
                if pair_up():
                    return True
                used[j] = False
                tables.pop()
            for f in faced:
                opposed[f] -= 2 if 2 * f == m else 1
        used[i] = False
        return False

    return tables if pair_up() else None


def by_partners_first(
    n: int, rng: random.Random, tries: int = 10_000, gap: int = 0
) -> list[list[int]] | None:
    """A base round mod N or N-1: partners first (`starter`), then the tables, new
    partners until the tables come out (None: not in `tries`)."""
    for _ in range(tries):
        pairs = starter(n, rng, gap)
        tables = pairs and tables_of_pairs(n, pairs)
        if tables:
            return tables
    return None


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or list(range(4, 41))
    for n in sizes:
        rng = random.Random(n)
        known = None if n in GROUPS else prime_base_round(n)
        gaps = [n // 2, *range(1, n // 2, 2)] if n % 4 == 2 else [0]
        for gap in gaps if known is None and n not in GROUPS else []:
            known = by_partners_first(n, rng, 10_000 if n % 4 in (0, 1) else 300, gap)
            if known is not None:
                break
        if known is not None:
            print(f"    {n}: {tuple(tuple(t) for t in known)},")
            continue
        best = search(n, rng)
        for _ in range(20 if n % 4 in (0, 1) else 4):  # a whist night must be exact
            if best[0] == 0:
                break
            best = min(best, search(n, rng))
        off, tables = best
        note = f"  # {off} off" if off else ""
        print(f"    {n}: {tuple(tuple(t) for t in sorted(tables))},{note}")


if __name__ == "__main__":
    main()
