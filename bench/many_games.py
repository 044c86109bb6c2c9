"""200 stored games: the pages that span games (home, players, a player, an evening,
the setup form with its names), beside a bare route as the floor. The app keeps no
game in memory, so every view reads the database as a first view after a restart does
(bench/club_year.py times first views in a fresh process).

Through the app (Flask's test client, no network). The games are imported through the
app, so this browser sees all of them: 200 games of 12 hands among 24 players, in 25
evenings of 8 tables.
"""

from __future__ import annotations

import json
import random
import tempfile
from typing import Any

from bench.long_games import median_ms
from scorekeeper.web import create_app

PLAYERS = [f"Player {n:02d}" for n in range(24)]
HANDS = [
    {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    {"bids": ["nil", 4, 4, 3], "tricks": [0, 4, 5, 4]},
    {"bids": [4, 4, 3, 2], "tricks": [3, 5, 3, 2]},
]


def _stored() -> tuple[Any, list[str]]:
    """A client that imported 200 games of 12 hands into 25 evenings of 8 tables."""
    app = create_app(
        {"TESTING": True, "INSTANCE_PATH": tempfile.mkdtemp(), "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    rng = random.Random(7)
    evenings = []
    for n in range(25):
        response = client.post("/evenings/", data={"name": f"Evening {n}"})
        evenings.append(response.headers["Location"].rsplit("/", 1)[1])
    for n in range(200):
        doc: dict[str, Any] = {
            "ruleset": "yahoo-normal",
            "options": {"target": 10**9},
            "players": rng.sample(PLAYERS, 4),
            "hands": [rng.choice(HANDS) for _ in range(12)],
        }
        response = client.post("/import", data={"text": json.dumps(doc)})
        game_id = response.headers["Location"].rsplit("/", 1)[1]
        client.post(f"/e/{evenings[n // 8]}/add", data={"game": game_id})
    return client, evenings


def run() -> list[tuple[str, str]]:
    client, evenings = _stored()
    floor = median_ms(lambda: client.get("/healthz"), 50)
    rows = [("many games: bare route (floor), median of 50", f"{floor:.2f} ms")]
    pages = {
        "home": "/",
        "players": "/players/",
        "one player": f"/players/{PLAYERS[0]}",
        "an evening (8 tables)": f"/e/{evenings[0]}",
        "new-game setup (names offered)": "/new/yahoo-normal",
    }
    for name, url in pages.items():
        assert client.get(url).status_code == 200, url

        took = median_ms(lambda url=url: client.get(url), 9)
        rows.append(
            (
                f"many games: {name}, 200 stored games (median of 9)",
                f"{took:.1f} ms ({took / floor:.0f}× floor)",
            )
        )

    return rows


if __name__ == "__main__":
    for row in run():
        print(" | ".join(row))
