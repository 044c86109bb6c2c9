"""What if… re-scores a whole game: one at a time per game and per phone, and a few at
once in all, so neither one table's phones asking together nor one phone asking of
game after game can slow the other tables. A phone is its network address."""

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
    another_phone = {"REMOTE_ADDR": "192.0.2.5"}  # a phone is its address
    asking = threading.Thread(
        target=lambda: answers.append(first.get(f"/g/{busy}/whatif", environ_base=another_phone))
    )
    asking.start()
    try:
        assert started.wait(10)
        again = client.get(f"/g/{busy}/whatif")
        assert again.status_code == 429
        assert again.headers["Retry-After"] == "1" and again.headers["Refresh"] == "1"
        assert "Another phone is working out a What if" in again.get_data(as_text=True)
        # The same phone (its address) asking of another game waits its turn too ...
        mine = client.get(f"/g/{other}/whatif", environ_base=another_phone)
        assert mine.status_code == 429 and mine.headers["Retry-After"] == "1"
        assert "This phone is working out a What if" in mine.get_data(as_text=True)
        # ... while another phone's What if… of another game, and every page, is answered.
        elsewhere = {"REMOTE_ADDR": "192.0.2.7"}
        assert client.get(f"/g/{other}/whatif", environ_base=elsewhere).status_code == 200
        assert client.get(f"/g/{other}/version").status_code == 200
    finally:
        release.set()
        asking.join(10)
    assert answers[0].status_code == 200
    assert client.get(f"/g/{busy}/whatif").status_code == 200  # free again once answered


def test_a_few_what_ifs_run_at_once_in_all_and_the_rest_wait_their_turn(app, client, monkeypatch):
    from scorekeeper.web import costly

    ids = [start_game(client) for _ in range(costly.AT_ONCE + 1)]
    with client.session_transaction() as session:
        device = session["device"]
    started, release = threading.Semaphore(0), threading.Event()
    work = games.referee_what_if

    def slow(game, ruleset):
        started.release()
        release.wait(10)
        return work(game, ruleset)

    monkeypatch.setattr(games, "referee_what_if", slow)
    answers = []

    def ask(game_id: str, n: int) -> None:
        phone = app.test_client()
        with phone.session_transaction() as session:
            session["device"] = device
        address = {"REMOTE_ADDR": f"192.0.2.{n + 10}"}
        answers.append(phone.get(f"/g/{game_id}/whatif", environ_base=address))

    askers = [
        threading.Thread(target=ask, args=(game_id, n))
        for n, game_id in enumerate(ids[: costly.AT_ONCE])
    ]
    for asker in askers:
        asker.start()
    try:
        for _ in askers:
            assert started.acquire(timeout=10)
        last = client.get(f"/g/{ids[-1]}/whatif", environ_base={"REMOTE_ADDR": "192.0.2.99"})
        assert last.status_code == 429 and last.headers["Refresh"] == "1"
        assert "busy working out pages for other phones" in last.get_data(as_text=True)
    finally:
        release.set()
        for asker in askers:
            asker.join(10)
    assert [a.status_code for a in answers] == [200] * costly.AT_ONCE
