"""After a club's years the home page lists what is being played and the last finished
games, not thousands of cards; every finished game is one link away."""

from __future__ import annotations

from scorekeeper import store
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app

OVER = [{"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]}] * 5  # to 400: over


def test_home_shows_the_last_finished_games_and_links_to_all(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    with client.session_transaction() as session:
        session["device"] = "phone"
    db = open_database(app.config["DATABASE"])
    for n in range(35):
        players = [f"Ann {n}", "Ben", "Cho", "Dee"]
        game = store.create_game(db, "yahoo-normal", players, options={"target": 400}, hands=OVER)
        store.grant(db, "phone", game, "edit")
    playing = store.create_game(db, "yahoo-normal", ["Eve", "Fay", "Gus", "Hal"])
    store.grant(db, "phone", playing, "edit")
    db.close()
    page = client.get("/").data.decode()
    assert page.count('class="game-card"') == 31  # the game in progress and the last 30
    assert "Ann 34 · Ben" in page and "Ann 4 · Ben" not in page
    assert "Show every finished game" in page and "Show every game in progress" not in page
    every = client.get("/?all=1").data.decode()
    assert every.count('class="game-card"') == 36 and "Ann 0 · Ben" in every
