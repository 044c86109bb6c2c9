"""The same app with CSRF protection on, as it runs for real."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.web import create_app

from .conftest import setup_form


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)})


def token(page: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert match, "the form carries a CSRF token"
    return match.group(1)


def start(client) -> str:
    page = client.get("/new/yahoo-normal").get_data(as_text=True)
    response = client.post(
        "/new/yahoo-normal", data={**setup_form("yahoo-normal"), "csrf_token": token(page)}
    )
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def test_new_game_without_token_is_refused_with_everything_kept(client, db):
    response = client.post(
        "/new/yahoo-normal", data=setup_form("yahoo-normal", changes={"target": 350})
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "This form had expired" in page
    assert 'value="Ann"' in page and 'value="350"' in page
    assert store.list_games(db) == []


def test_bids_with_an_expired_token_keep_the_choices(client, db):
    game_id = start(client)
    bids = {"bid_0": "3", "bid_1": "nil", "bid_2": "4", "bid_3": "2", "version": "0"}
    response = client.post(f"/g/{game_id}/bids", data={**bids, "csrf_token": "expired"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "This form had expired" in page
    assert 'value="nil" checked' in page and 'value="2" checked' in page
    assert store.get_game(db, game_id).pending_bids is None
    response = client.post(f"/g/{game_id}/bids", data={**bids, "csrf_token": token(page)})
    assert response.status_code == 303
    assert store.get_game(db, game_id).pending_bids == [3, "nil", 4, 2]


def test_a_whole_hand_with_tokens(client, db):
    game_id = start(client)
    page = client.get(f"/g/{game_id}/bids").get_data(as_text=True)
    bids = {
        "bid_0": "3",
        "bid_1": "3",
        "bid_2": "3",
        "bid_3": "3",
        "version": "0",
        "csrf_token": token(page),
    }
    assert client.post(f"/g/{game_id}/bids", data=bids).status_code == 303
    page = client.get(f"/g/{game_id}/tricks").get_data(as_text=True)
    tricks = {
        "tricks_0": "4",
        "tricks_1": "3",
        "tricks_2": "3",
        "tricks_3": "rest",
        "version": "1",
    }
    response = client.post(f"/g/{game_id}/tricks", data={**tricks, "csrf_token": token(page)})
    assert response.status_code == 303
    assert store.get_game(db, game_id).totals == (61, 60)


def test_delete_without_token_deletes_nothing(client, db):
    game_id = start(client)
    store.add_hand(db, game_id, {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}, version=None)
    response = client.post(f"/g/{game_id}/hands/1/delete", data={"version": "1"})
    assert response.status_code == 400
    assert "This form had expired" in response.get_data(as_text=True)
    assert len(store.get_game(db, game_id).hands) == 1


def test_import_without_token_is_refused(client, db):
    response = client.post(
        "/import", data={"text": '{"ruleset": "yahoo-normal", "players": ["a","b","c","d"]}'}
    )
    assert response.status_code == 400
    assert store.list_games(db) == []


def test_phones_watching_the_same_scoresheet_each_get_their_own_token(app, client, db):
    game_id = start(client)
    stored = store.get_game(db, game_id)
    phones = [app.test_client() for _ in range(3)]
    pages = []
    for phone in phones:
        phone.get(f"/w/{stored.watch_token}")
        pages.append(phone.get(f"/g/{game_id}").get_data(as_text=True))
    tokens = [token(page) for page in pages]
    assert len(set(tokens)) == 3
    assert {page.replace(t, "") for page, t in zip(pages, tokens, strict=True)} == {
        pages[0].replace(tokens[0], "")
    }  # the same sheet otherwise
    # A token from the copied page is this phone's own: its PIN form is accepted.
    response = phones[2].post(
        f"/g/{game_id}/pin", data={"pin": stored.pin, "csrf_token": tokens[2]}
    )
    assert response.status_code == 303
    with pytest.raises(AssertionError):
        token(phones[2].get(f"/g/{game_id}").get_data(as_text=True))  # a scorer: no PIN form
