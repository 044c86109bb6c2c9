"""The app's database connections: kept per thread, and clean at every request's start."""

from __future__ import annotations

import json
import threading

import pytest

from scorekeeper.web.db import get_db

from .conftest import start_game


def test_a_thread_keeps_its_connection_and_another_thread_gets_its_own(app):
    with app.app_context():
        first = get_db()
    with app.app_context():
        assert get_db() is first
    other = []

    def work() -> None:
        with app.app_context():
            other.append(get_db())

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert other[0] is not first


def test_a_request_that_fails_inside_a_write_leaves_nothing_behind(app, client, db):
    @app.route("/_fail_mid_write/<game_id>")
    def fail_mid_write(game_id: str) -> str:
        conn = get_db().conn
        conn.execute("BEGIN")
        conn.execute("UPDATE games SET pin = '000000' WHERE id = ?", [game_id])
        raise RuntimeError("the write broke half way")

    app.config["PROPAGATE_EXCEPTIONS"] = True
    game_id = start_game(client)
    with pytest.raises(RuntimeError):
        client.get(f"/_fail_mid_write/{game_id}")
    with app.app_context():
        assert not get_db().conn.in_transaction
    assert db.execute("SELECT pin FROM games WHERE id = ?", [game_id]).fetchone()[0] != "000000"
    # The next request on the same thread writes and commits normally.
    assert client.get(f"/g/{game_id}").status_code == 200


def test_a_full_disk_says_the_disk_is_full_and_saves_nothing(app, client, db):
    game_id = start_game(client)
    with app.app_context():  # this thread's connection may not grow the file any more
        conn = get_db()
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")
    games = db.execute("SELECT count(*) FROM games").fetchone()[0]
    big = {
        "ruleset": "yahoo-normal",
        "options": {"target": 100000},
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 150,
    }
    response = client.post("/import", data={"text": json.dumps(big)})
    page = response.get_data(as_text=True)
    assert response.status_code == 503
    assert "The disk is full" in page and "nothing was" in page and "busy" not in page
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == games
    with app.app_context():
        get_db().execute("PRAGMA max_page_count = 1073741823")
    assert client.get(f"/g/{game_id}").status_code == 200
