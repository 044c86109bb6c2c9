"""Long games: scoresheet, hand entry and an edit of hand 1 at 10, 100 and 1,000 hands.

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


def measure(client: Any, db: Any, game_id: str) -> tuple[float, float, float]:
    """Median times for viewing, entering a hand and editing hand 1 of one game."""

    def enter() -> None:
        version = store.get_game(db, game_id).version
        client.post(
            f"/g/{game_id}/bids",
            data={**{f"bid_{s}": "3" for s in range(4)}, "version": str(version)},
        )
        client.get(f"/g/{game_id}/tricks")
        tricks = {"tricks_0": "4", "tricks_1": "3", "tricks_2": "3", "tricks_3": "3"}
        client.post(f"/g/{game_id}/tricks", data={**tricks, "version": str(version + 1)})
        client.get(f"/g/{game_id}/hands/{len(store.get_game(db, game_id).hands)}")

    def edit() -> None:
        version = store.get_game(db, game_id).version
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

    client.get(f"/g/{game_id}")
    sheet = median_ms(lambda: client.get(f"/g/{game_id}"), 9)
    entry = median_ms(enter, 9)
    edited = median_ms(edit, 5)
    return sheet, entry, edited


def run() -> list[tuple[str, str]]:
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(), "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    db = open_database(app.config["DATABASE"])
    floor = median_ms(lambda: client.get("/healthz"), 50)
    rows = [("long games: bare route (floor), median of 50", f"{floor:.2f} ms")]
    for hands in (10, 100, 1000):
        doc = {
            "ruleset": "yahoo-normal",
            "options": {"target": 10**9},
            "players": list("ABCD"),
            "hands": [HAND] * hands,
        }
        response = client.post("/import", data={"text": json.dumps(doc)})
        game_id = response.headers["Location"].rsplit("/", 1)[1]

        sheet, entry, edited = measure(client, db, game_id)
        rows.append(
            (
                f"long games: {hands} hands (median)",
                f"scoresheet {sheet:.0f} ms ({sheet / floor:.0f}× floor) · entering a hand "
                f"(4 requests) {entry:.0f} ms · edit of hand 1 {edited:.0f} ms",
            )
        )
    return rows
