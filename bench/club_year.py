"""A club's years: 1,000 and 10,000 stored games, and the pages that span them.

The games are written straight through the store (one transaction for all of them, its
clock set to the club's nights, so 10,000 games take a minute, not years): ~20-hand Spades games among 60 players, 8
tables a night, a night a week, every game on one organizer's phone. Each page is then
asked for in a freshly started process (its first view, then again), through the app
(Flask's test client): the players page, one player, the all-games CSV, home, one
evening, and a season of twelve nights.

    python -m bench.club_year [GAMES ...]      # default: 1000 10000
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from scorekeeper.engine import GameResult
from scorekeeper.engine.errors import HandError, InvalidHand

DEVICE = "bench-organizer-phone"
PLAYERS = [f"Player {n:02d}" for n in range(60)]
TABLES = 8  # a night
POOL = 120  # distinct hand logs, dealt out to the tables at random
FIRST_NIGHT = datetime(2020, 1, 7, 19, 0, tzinfo=UTC)
GAME = {"ruleset": "yahoo-normal", "options": {"target": 1500}}  # ~20 hands a game


def play_on(result: GameResult, raw: dict[str, Any]) -> GameResult:
    """`result` with one more hand scored on top of it, not replayed: for making up legal
    games hand by hand (the app replays every game whole). A game without rule changes
    or named dealers; HandError as scoring the whole log would raise it."""
    game, kind = result.game, result.game.kind
    options, number = game.ruleset.options, len(game.hands) + 1
    if result.outcome.finished:
        raise HandError(number, "the game is already over")
    try:
        hand = kind.hand.parse(raw, options)
        scored = kind.scoring.play(options, result.state, hand)
    except InvalidHand as error:
        raise HandError(number, error.message, error.seat, error.field) from error
    return GameResult(
        replace(game, hands=(*game.hands, hand), dealers=(*game.dealers, None)),
        result.sides,
        (*result.hands, scored),
        kind.scoring.outcome(options, scored.state),
        scored.state,
    )


def _hand_logs(rng: random.Random) -> list[list[dict[str, Any]]]:
    """Legal Spades logs as a club plays them: most bids made, now and then one set or
    a nil; the game goes to TARGET, which takes about 20 hands (a close game more)."""
    from scorekeeper.engine import load_game, score_game

    logs = []
    for _ in range(POOL):
        doc = {**GAME, "players": ["A", "B", "C", "D"], "hands": []}
        result = score_game(load_game(doc))
        hands: list[dict[str, Any]] = []
        while not result.outcome.finished and len(hands) < 40:
            cuts = sorted(rng.randint(0, 13) for _ in range(3))
            tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
            bids: list[Any] = [
                "nil" if t == 0 else max(1, t + rng.choice((0, 0, 0, 0, -1, 1))) for t in tricks
            ]
            try:
                result = play_on(result, {"bids": bids, "tricks": tricks})
            except HandError:
                continue  # bids this table may not make: deal again
            hands.append({"bids": bids, "tricks": tricks})
        logs.append(hands)
    return logs


def build(games: int, instance: Path, seed: int = 2026) -> dict[str, Any]:
    """Store `games` games in a new instance; return what the pages need to be asked."""
    from scorekeeper import store
    from scorekeeper.store import games as store_games
    from scorekeeper.store.db import open_instance, writing

    rng = random.Random(seed)
    logs = _hand_logs(rng)
    db = open_instance(instance / "scorekeeper.db")
    evenings: list[str] = []
    clock = store_games._now
    try:
        with writing(db):
            for n in range(games):
                night = n // TABLES
                # The store's clock on the club's nights: a night a week, a table a minute.
                when = (FIRST_NIGHT + timedelta(weeks=night, minutes=n % TABLES)).isoformat()
                store_games._now = lambda when=when: when  # type: ignore[misc]
                if n % TABLES == 0:
                    evenings.append(store.create_evening(db, f"Club night {night + 1}", DEVICE))
                game_id = store.create_game(
                    db,
                    GAME["ruleset"],
                    rng.sample(PLAYERS, 4),
                    options=GAME["options"],
                    hands=rng.choice(logs),
                    evening=evenings[-1],
                )
                store.grant(db, DEVICE, game_id, "edit")
        middle = len(evenings) // 2
        season = store.create_season(
            db, "Twelve weeks", DEVICE, evenings=evenings[middle : middle + 12], best_of=8
        )
    finally:
        store_games._now = clock
    db.close()
    return {"device": DEVICE, "evenings": evenings, "player": PLAYERS[0], "season": season}


def pages(built: dict[str, Any]) -> dict[str, str]:
    middle = built["evenings"][len(built["evenings"]) // 2]
    return {
        "players page": "/players/",
        "one player": f"/players/{built['player']}",
        "all-games CSV": "/players/export.csv",
        "home": "/",
        "one evening (8 tables)": f"/e/{middle}",
        "a season's table (12 nights, best 8)": f"/seasons/{built['season']}",
    }


def view(instance: str, url: str) -> tuple[float, float, float]:
    """(first view, again, the first view's processor time) in ms, in this freshly
    started process, readied as `scorekeeper serve` readies a server: on a shared machine the processor time says what the page cost
    when the clock also counts other programs' turns."""
    from scorekeeper.web import create_app, warm_up

    app = create_app({"INSTANCE_PATH": instance, "TESTING": True, "WTF_CSRF_ENABLED": False})
    warm_up(app)  # as `scorekeeper serve` does before its first page
    client = app.test_client()
    with client.session_transaction() as session:
        session["device"] = DEVICE
    times, cpu = [], []
    for _ in range(2):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        response.get_data()  # the whole answer, as a phone receives it
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return times[0], times[1], cpu[0]


def fresh_view(instance: Path, url: str) -> tuple[float, float, float]:
    """`view` in a new Python process: nothing of an earlier page is kept."""
    out = subprocess.run(
        [sys.executable, "-m", "bench.club_year", "--view", str(instance), url],
        check=True,
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    ).stdout
    first, again, cpu = json.loads(out.strip().splitlines()[-1])
    return float(first), float(again), float(cpu)


def run(sizes: tuple[int, ...] = (1000, 10_000)) -> list[tuple[str, str]]:
    rows = []
    for games in sizes:
        instance = Path(tempfile.mkdtemp())
        start = time.perf_counter()
        built = build(games, instance)
        rows.append((f"{games:,} games: stored in", f"{time.perf_counter() - start:.1f} s"))
        for name, url in pages(built).items():
            first, again, cpu = fresh_view(instance, url)
            rows.append(
                (
                    f"{games:,} games: {name}",
                    f"first {first:.0f} ms (processor {cpu:.0f} ms) · again {again:.0f} ms",
                )
            )
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--view"]:
        print(json.dumps(view(sys.argv[2], sys.argv[3])))
    else:
        sizes = tuple(int(a) for a in sys.argv[1:]) or (1000, 10_000)
        for row in run(sizes):
            print(" | ".join(row), flush=True)
