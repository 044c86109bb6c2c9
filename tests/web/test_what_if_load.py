"""What if… re-scores a whole game: one at a time per game, so one table's phones
asking together cannot slow the other tables."""

from __future__ import annotations

import threading

from scorekeeper.web import games

from .conftest import start_game


def test_a_second_what_if_of_the_same_game_waits_and_other_games_do_not(app, client, monkeypatch):
    busy, other = start_game(client), start_game(client)
    started, release = threading.Event(), threading.Event()
    work = games.referee_what_if

    def slow(game, ruleset):
        if not started.is_set():
            started.set()
            release.wait(10)
        return work(game, ruleset)

    monkeypatch.setattr(games, "referee_what_if", slow)
    first = app.test_client()
    with client.session_transaction() as session:
        device = session["device"]
    with first.session_transaction() as session:
        session["device"] = device
    answers = []
    asking = threading.Thread(target=lambda: answers.append(first.get(f"/g/{busy}/whatif")))
    asking.start()
    try:
        assert started.wait(10)
        again = client.get(f"/g/{busy}/whatif")
        assert again.status_code == 429
        assert again.headers["Retry-After"] == "1" and again.headers["Refresh"] == "1"
        assert "Another phone is working out a What if" in again.get_data(as_text=True)
        assert client.get(f"/g/{other}/whatif").status_code == 200
        assert client.get(f"/g/{other}/version").status_code == 200
    finally:
        release.set()
        asking.join(10)
    assert answers[0].status_code == 200
    assert client.get(f"/g/{busy}/whatif").status_code == 200  # free again once answered
