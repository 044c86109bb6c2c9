"""200 stored games: the pages that span games (home, players, a player, an evening,
the setup form with its names), first view and again, beside a bare route as the floor.
"First" is the first view after a restart: in-process caches empty, the database as it
was (with the games' statistics parts it keeps); one more row times the players page
with no part kept at all, as on the first view after an upgrade.

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
from scorekeeper.store import games as stored_games
from scorekeeper.web import create_app

PLAYERS = [f"Player {n:02d}" for n in range(24)]
HANDS = [
    {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
    {"bids": ["nil", 4, 4, 3], "tricks": [0, 4, 5, 4]},
    {"bids": [4, 4, 3, 2], "tricks": [3, 5, 3, 2]},
]


def forget() -> None:
    """Drop the store's scored results, as after a restart (the database stays)."""
    stored_games.clear_caches()


def players_first_view() -> tuple[float, float]:
    """(the players page's first view after a restart, the bare route) in ms."""
    client = _stored()[0]
    floor = median_ms(lambda: client.get("/healthz"), 50)

    def cold() -> None:
        forget()
        client.get("/players/")

    return median_ms(cold, 5), floor


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

        def cold(url: str = url) -> None:
            forget()
            client.get(url)

        first = median_ms(cold, 5)
        again = median_ms(lambda url=url: client.get(url), 9)
        rows.append(
            (
                f"many games: {name}, 200 stored games",
                f"first {first:.0f} ms ({first / floor:.0f}× floor) · again {again:.1f} ms "
                f"({again / floor:.0f}×)",
            )
        )

    return rows


if __name__ == "__main__":
    for row in run():
        print(" | ".join(row))
