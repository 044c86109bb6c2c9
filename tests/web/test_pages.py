"""Scoresheets kept per game version: a copy only when nothing it shows has changed."""

from __future__ import annotations

from .conftest import play, start_game, text


def sheet(client, game_id: str, **kwargs) -> str:
    return client.get(f"/g/{game_id}", **kwargs).get_data(as_text=True)


def test_every_write_shows_at_once(client, db):
    game_id = start_game(client)
    assert sheet(client, game_id) == sheet(client, game_id)
    assert "No hand yet." in sheet(client, game_id)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = sheet(client, game_id)
    assert "No hand yet." not in page and 'id="hand-1"' in page
    client.post(f"/g/{game_id}/bids", data={**{f"bid_{s}": "4" for s in range(4)}, "version": "2"})
    assert "Hand 2 is being played." in text(client.get(f"/g/{game_id}"))


def test_the_scorer_and_a_watcher_see_their_own_page(app, client, db):
    game_id = start_game(client)
    watch = db.execute("SELECT watch_token FROM games").fetchone()[0]
    watcher = app.test_client()
    watcher.get(f"/w/{watch}")
    for _ in range(2):
        assert "Share this game" in sheet(client, game_id)
        assert "Share this game" not in sheet(watcher, game_id)
        assert "Keep score on this phone" in sheet(watcher, game_id)


def test_each_phone_sees_its_language(client):
    game_id = start_game(client)
    english = sheet(client, game_id)
    client.set_cookie("lang", "ja")
    japanese = sheet(client, game_id)
    assert "Scoresheet" in english and "スコアシート" in japanese
    assert 'lang="ja"' in japanese and sheet(client, game_id) == japanese
    client.set_cookie("lang", "en")
    assert sheet(client, game_id) == english


def test_a_message_for_the_phone_is_shown_once_even_on_a_kept_page(client):
    game_id = start_game(client)
    sheet(client, game_id)
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Hand 7 saved.")]
    assert "Hand 7 saved." in sheet(client, game_id)
    assert "Hand 7 saved." not in sheet(client, game_id)
