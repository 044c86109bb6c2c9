"""Print how well `engine/rotation.py` seats nights of 4 to 40 players.

For each N: the first round that repeats a partner when N-1 rounds (N for an odd
number, where a round-robin with one sit-out a round lasts N rounds) are seated; the
largest difference in sit-outs between two players; how often two players met most as
opponents; and the time to seat the night, and a 10-round night.

    .venv/bin/python tools/rotation_figures.py
"""

from __future__ import annotations

import time
from collections import Counter

from scorekeeper.engine.rotation import Request, rotation


def figures(n: int, rounds: int, request: Request) -> tuple[int | None, int, int, float]:
    players = [f"P{i}" for i in range(n)]
    started = time.perf_counter()
    night = rotation(players, rounds, request)
    took = time.perf_counter() - started
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    played: Counter[str] = Counter()
    first_repeat = None
    for number, round_ in enumerate(night, start=1):
        for t in round_.tables:
            played.update(t)
            for pair in (frozenset(t[0::2]), frozenset(t[1::2])):
                if partners[pair] and first_repeat is None:
                    first_repeat = number
                partners[pair] += 1
            opponents.update(frozenset((a, b)) for a in t[0::2] for b in t[1::2])
    byes = [rounds - played[p] for p in players]
    return first_repeat, max(byes) - min(byes), max(opponents.values()), took


def main() -> None:
    print("N   rounds  first repeat  bye spread  most met  time      10 rounds")
    for n in range(4, 41):
        rounds = n if n % 2 else n - 1
        repeat, spread, met, took = figures(n, rounds, Request())
        ten = figures(n, min(10, rounds), Request())[3]
        said = "none" if repeat is None else str(repeat)
        print(
            f"{n:<3} {rounds:<7} {said:<13} {spread:<11} {met:<9} {took * 1000:6.1f} ms {ten * 1000:6.1f} ms"
        )


if __name__ == "__main__":
    main()
