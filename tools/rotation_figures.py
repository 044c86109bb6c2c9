"""Print how well `engine/rotation.py` seats nights of 4 to 40 players in partnerships.

For each N, a full night: N-1 rounds when N is a multiple of four (nobody sits out),
else N rounds (each player sits out as often as the others). The first round that
repeats a partner; the largest difference in sit-outs between two players; the fewest
and the most times two players faced each other as opponents, and the share of pairs
that did not face each other exactly twice; the time to seat the night, and a 10-round
night.

    .venv/bin/python tools/rotation_figures.py
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from dataclasses import dataclass

from scorekeeper.engine.rotation import Request, rotation


@dataclass(frozen=True)
class Figures:
    first_repeat: int | None
    bye_spread: int
    least_faced: int
    most_faced: int
    not_twice: float
    seconds: float


def figures(n: int, rounds: int, request: Request) -> Figures:
    players = [f"P{i}" for i in range(n)]
    started = time.perf_counter()
    night = rotation(players, rounds, request)
    took = time.perf_counter() - started
    partners: Counter[frozenset[str]] = Counter()
    faced: Counter[frozenset[str]] = Counter()
    played: Counter[str] = Counter()
    first_repeat = None
    for number, round_ in enumerate(night, start=1):
        for t in round_.tables:
            played.update(t)
            for pair in (frozenset(t[0::2]), frozenset(t[1::2])):
                if partners[pair] and first_repeat is None:
                    first_repeat = number
                partners[pair] += 1
            faced.update(frozenset((a, b)) for a in t[0::2] for b in t[1::2])
    byes = [rounds - played[p] for p in players]
    times = [faced[frozenset(pair)] for pair in itertools.combinations(players, 2)]
    return Figures(
        first_repeat,
        max(byes) - min(byes),
        min(times),
        max(times),
        sum(1 for t in times if t != 2) / len(times),
        took,
    )


def main() -> None:
    print("N   rounds  first repeat  bye spread  faced  not twice  time      10 rounds")
    for n in range(4, 41):
        rounds = n - 1 if n % 4 == 0 else n
        f = figures(n, rounds, Request())
        ten = figures(n, min(10, rounds), Request()).seconds
        said = "none" if f.first_repeat is None else str(f.first_repeat)
        print(
            f"{n:<3} {rounds:<7} {said:<13} {f.bye_spread:<11} {f.least_faced}-{f.most_faced}"
            f"    {f.not_twice:6.0%}    {f.seconds * 1000:6.1f} ms {ten * 1000:6.1f} ms"
        )


if __name__ == "__main__":
    main()
