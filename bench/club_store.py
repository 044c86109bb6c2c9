"""A club's store as a club writes it, of any size, built once and kept on disk.

Spades, Hearts, Oh Hell and Euchre among 150 players; an evening a day (a club's
rooms open every night) of 3 to 8 tables, organised from one phone, each table scored by its own phone through the
table's link (the organiser started one table's game in three); a game in five cut by
time before its end; a season for every twelve nights. The hand logs are legal games
dealt out at random from a pool per game.

Built through the store (one transaction a night, the store's clock set to the club's
nights), then kept under `bench/.stores/` (git-ignored) and copied for each use: a
30,000-game store takes minutes to build and a second to copy.

    python -m bench.club_store GAMES     # build (or find) it and print its path
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.club_year import play_on
from scorekeeper.engine import GameResult, load_game, score_game
from scorekeeper.engine.errors import HandError

STORES = Path(__file__).resolve().parent / ".stores"
LAYOUT = 4  # bump when what is built changes: older stores are built again
ORGANISER = "bench-organiser-phone"
PLAYERS = [f"Player {n:03d}" for n in range(150)]
FIRST_NIGHT = datetime(2004, 1, 5, 19, 0, tzinfo=UTC)  # 30,000 games end before today
GAMES = ("yahoo-normal", "hearts-standard", "oh-hell", "euchre")
OPTIONS: dict[str, dict[str, Any]] = {"yahoo-normal": {"target": 1500}}
POOL = 40  # hand logs per game


def _split(rng: random.Random, total: int, seats: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(seats - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _hand(ruleset: str, rng: random.Random, result: GameResult) -> dict[str, Any]:
    if ruleset == "yahoo-normal":
        tricks = _split(rng, 13, 4)
        bids: list[Any] = [
            "nil" if t == 0 else max(1, t + rng.choice((0, 0, 0, -1, 1))) for t in tricks
        ]
        return {"bids": bids, "tricks": tricks}
    if ruleset == "hearts-standard":
        hearts = _split(rng, 13, 4)
        queen = rng.randrange(4)
        if max(hearts) == 13:
            return {"hearts": hearts, "queen_of_spades": queen, "moon_choice": "subtract"}
        return {"hearts": hearts, "queen_of_spades": queen}
    if ruleset == "oh-hell":
        size = _cards(result)
        tricks = _split(rng, size, 4)
        return {"bids": [max(0, t + rng.choice((0, 0, -1, 1))) for t in tricks], "tricks": tricks}
    hand: dict[str, Any] = {"maker": rng.randrange(4), "tricks": rng.choice((1, 2, 3, 3, 4, 5))}
    if rng.random() < 0.05:
        hand["alone"] = True
    return hand


def _cards(result: GameResult) -> int:
    """This hand's size in a down-and-up Oh Hell game of four (10 cards down to 1, up)."""
    schedule = [*range(10, 0, -1), *range(2, 11)]
    return schedule[len(result.hands) % len(schedule)]


def _logs(ruleset: str, rng: random.Random) -> list[list[dict[str, Any]]]:
    """Legal games of `ruleset` played to their end."""
    logs = []
    while len(logs) < POOL:
        doc = {"ruleset": ruleset, "options": OPTIONS.get(ruleset, {}), "players": list("ABCD")}
        result = score_game(load_game({**doc, "hands": []}))
        hands: list[dict[str, Any]] = []
        tries = 0
        while not result.outcome.finished and len(hands) < 60 and tries < 2000:
            tries += 1
            hand = _hand(ruleset, rng, result)
            try:
                result = play_on(result, hand)
            except HandError:
                continue  # not open to this table: deal again
            hands.append(hand)
        if result.outcome.finished:
            logs.append(hands)
    return logs


def build(games: int, instance: Path, seed: int = 45) -> dict[str, Any]:
    """Store `games` games in a new instance; return what the pages need to be asked."""
    from scorekeeper import store
    from scorekeeper.store import games as store_games
    from scorekeeper.store.db import open_instance, writing

    rng = random.Random(seed)
    pools = {ruleset: _logs(ruleset, rng) for ruleset in GAMES}
    db = open_instance(instance / "scorekeeper.db")
    clock = store_games._now
    evenings: list[str] = []
    stored = 0
    night = 0
    try:
        while stored < games:
            tables = min(rng.randint(3, 8), games - stored)
            base = FIRST_NIGHT + timedelta(days=night)
            ruleset = GAMES[night % len(GAMES)]
            opened = base.isoformat()
            with writing(db):
                store_games._now = lambda when=opened: when  # type: ignore[misc]
                evening = store.create_evening(db, f"Club night {night + 1}", ORGANISER)
                evenings.append(evening)
                for table in range(1, tables + 1):
                    store.add_table(db, evening)
                    when = (base + timedelta(minutes=table)).isoformat()
                    store_games._now = lambda when=when: when  # type: ignore[misc]
                    hands = rng.choice(pools[ruleset])
                    if rng.random() < 0.2:  # cut by time
                        hands = hands[: rng.randint(1, max(1, len(hands) - 1))]
                    game_id = store.create_game(
                        db,
                        ruleset,
                        rng.sample(PLAYERS, 4),
                        options=OPTIONS.get(ruleset, {}),
                        hands=hands,
                        evening=evening,
                        table=table,
                    )
                    phone = f"bench-table-{night}-{table}"
                    store.grant(db, ORGANISER if table % 3 == 1 else phone, game_id, "edit")
                    db.execute(
                        "INSERT OR IGNORE INTO table_grants (device, evening, number, created_at)"
                        " VALUES (?, ?, ?, ?)",
                        [phone, evening, table, when],
                    )
                    stored += 1
            night += 1
        with writing(db):
            for first in range(0, len(evenings) - 11, 12):
                store.create_season(
                    db,
                    f"Season {first // 12 + 1}",
                    ORGANISER,
                    evenings=evenings[first : first + 12],
                    best_of=8,
                )
    finally:
        store_games._now = clock
    db.close()
    return {
        "device": ORGANISER,
        "evenings": evenings,
        "player": PLAYERS[0],
        "table_phone": f"bench-table-{len(evenings) // 2}-1",
    }


def _current(path: Path) -> None:
    """The kept store migrated, its summaries made by this code (after a change to the
    code that makes them; the catch-up is measured on its own)."""
    from scorekeeper.store import ratings, summaries
    from scorekeeper.store.db import open_instance

    db = open_instance(path)
    try:
        summaries.refresh(db)
        ratings.refresh(db)
    finally:
        db.close()


def club(games: int) -> tuple[Path, dict[str, Any]]:
    """A fresh copy of the club's store of `games` games (built the first time)."""
    kept = STORES / f"club-{games}-v{LAYOUT}"
    if not (kept / "built.json").exists():
        shutil.rmtree(kept, ignore_errors=True)
        kept.mkdir(parents=True)
        built = build(games, kept)
        (kept / "built.json").write_text(json.dumps(built))
    _current(kept / "scorekeeper.db")
    instance = Path(tempfile.mkdtemp(prefix=f"club-{games}-"))
    shutil.copy(kept / "scorekeeper.db", instance / "scorekeeper.db")
    return instance, json.loads((kept / "built.json").read_text())


if __name__ == "__main__":
    where, _built = club(int(sys.argv[1]))
    print(where)
