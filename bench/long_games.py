"""Long games: scoresheet, hand entry and an edit of hand 1 at 10, 100 and 190 hands.

Through the app (Flask's test client, no network), beside a bare route as the floor.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from scorekeeper import store
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app

HAND = {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}


def median_ms(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(client: Any, db: Any, game_id: str) -> dict[str, float]:
    """Median times for entering a hand, the first and a repeated view of the scoresheet
    after it, and an edit of hand 1, in one game."""
    times: dict[str, list[float]] = {
        "entry": [],
        "first": [],
        "again": [],
        "edit": [],
        "floor": [],
    }

    def timed(name: str, work: Callable[..., object], *args: int) -> None:
        start = time.perf_counter()
        work(*args)
        times[name].append(time.perf_counter() - start)

    def enter(version: int, hands: int) -> None:
        client.post(
            f"/g/{game_id}/bids",
            data={**{f"bid_{s}": "3" for s in range(4)}, "version": str(version)},
        )
        client.get(f"/g/{game_id}/tricks")
        tricks = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
        client.post(f"/g/{game_id}/tricks", data={**tricks, "version": str(version + 1)})
        client.get(f"/g/{game_id}/hands/{hands + 1}")

    def edit(version: int) -> None:
        form = {
            **{f"bid_{s}": "3" for s in range(4)},
            "tricks_0": "4",
            "tricks_1": "3",
            "tricks_2": "3",
            "tricks_3": "3",
        }
        client.post(
            f"/g/{game_id}/hands/1/edit",
            data={**form, "by": "player", "version": str(version)},
        )

    stored = store.get_game(db, game_id)
    version, hands = stored.version, len(stored.hands)
    client.get(f"/g/{game_id}")
    for _ in range(9):
        timed("entry", enter, version, hands)
        version, hands = version + 2, hands + 1
        timed("first", lambda: client.get(f"/g/{game_id}"))
        timed("floor", lambda: client.get("/healthz"))
        timed("again", lambda: client.get(f"/g/{game_id}"))
    for _ in range(5):
        timed("edit", edit, version)
        version += 1
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    # Each view beside the bare route fetched right after it: this machine's speed
    # drifts by up to 2x over a minute, so a ratio compares requests of the same moment.
    for name in ("first", "again"):
        medians[f"{name}/floor"] = statistics.median(
            view / floor for view, floor in zip(times[name], times["floor"], strict=True)
        )
    return medians


def run() -> list[tuple[str, str]]:
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(), "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    db = open_database(app.config["DATABASE"])
    floor = median_ms(lambda: client.get("/healthz"), 50)
    rows = [("long games: bare route (floor), median of 50", f"{floor:.2f} ms")]
    for hands in (10, 100, 190):  # a game holds 200 hands; each measure enters 9 more
        doc = {
            "ruleset": "yahoo-normal",
            "options": {"target": 10**9},
            "players": list("ABCD"),
            "hands": [HAND] * hands,
        }
        response = client.post("/import", data={"text": json.dumps(doc)})
        game_id = response.headers["Location"].rsplit("/", 1)[1]

        t = measure(client, db, game_id)
        rows.append(
            (
                f"long games: {hands} hands (median)",
                f"entering a hand (4 requests) {t['entry']:.1f} ms · scoresheet after it "
                f"{t['first']:.1f} ms ({t['first/floor']:.1f}× the bare route fetched after it,"
                f" {t['floor']:.2f} ms), again {t['again']:.1f} ms ({t['again/floor']:.1f}×)"
                f" · edit of hand 1 {t['edit']:.0f} ms",
            )
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(" | ".join(row))
