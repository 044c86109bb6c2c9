"""A club brings its history: `scorekeeper import -` of 10,000 game files, one a line.

The games are the club's (bench/club_store.py's pools: Spades, Hearts, Oh Hell, Euchre
among 150 players), written as JSON lines and piped into a fresh instance's
`scorekeeper import -`, as a club moving from another keeper would; each game is
stored in its own transaction. The floor: the same process reading the same lines
(starting Python and parsing the JSON).

    python -m bench.importing [GAMES]      # default: 10000
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import club_store


def game_lines(games: int, seed: int = 5) -> bytes:
    rng = random.Random(seed)
    pools = {ruleset: club_store._logs(ruleset, rng) for ruleset in club_store.GAMES}
    lines = []
    for n in range(games):
        ruleset = club_store.GAMES[n % len(club_store.GAMES)]
        doc = {
            "ruleset": ruleset,
            "options": club_store.OPTIONS.get(ruleset, {}),
            "players": rng.sample(club_store.PLAYERS, 4),
            "hands": rng.choice(pools[ruleset]),
        }
        lines.append(json.dumps(doc))
    return ("\n".join(lines) + "\n").encode()


def run(games: int = 10_000) -> list[tuple[str, str]]:
    took, floor = measure(games)
    return [
        (
            f"`scorekeeper import -`, {games:,} game files one a line (JSON lines)",
            f"{took:.1f} s, {games / took:,.0f} games/s (reading them alone: {floor:.1f} s)",
        )
    ]


def measure(games: int = 10_000) -> tuple[float, float]:
    """(seconds to import `games` game files, seconds to read them alone)."""
    lines = game_lines(games)
    instance = Path(tempfile.mkdtemp())
    env = {**os.environ, "SCOREKEEPER_INSTANCE": str(instance)}
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "import", "-"],
        input=lines,
        env=env,
        capture_output=True,
        check=True,
    )
    took = time.perf_counter() - start
    stored = len(done.stdout.splitlines())
    assert stored == games, done.stderr.decode()[-500:]
    floor_start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "import json, sys\nfor line in sys.stdin: json.loads(line)"],
        input=lines,
        check=True,
    )
    return took, time.perf_counter() - floor_start


if __name__ == "__main__":
    for row in run(int(sys.argv[1]) if sys.argv[1:] else 10_000):
        print(" | ".join(row), flush=True)
