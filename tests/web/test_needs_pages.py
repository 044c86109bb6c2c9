"""'What do we need' before each hand: the scoresheet, the bids page, a one-page hand."""

from __future__ import annotations

from .conftest import play, start_game, text, version


def test_spades_scoresheet_and_bids_page_say_what_each_side_needs(client, db):
    game_id = start_game(client, changes={"target": 300})
    assert "What each side needs" not in text(client.get(f"/g/{game_id}"))  # before hand 1
    play(client, db, game_id, {0: 3, 1: 4, 2: 2, 3: 4}, {0: 6, 1: 3, 2: 4, 3: 0})
    for page in (text(client.get(f"/g/{game_id}")), text(client.get(f"/g/{game_id}/bids"))):
        assert "What each side needs" in page
        assert "Ann &amp; Cho : 245 more to reach 300 · Bags 5: 5 more cost −100" in page
        assert "Ben &amp; Dee : 380 more to reach 300" in page


def test_spades_watchers_see_it_too_and_in_japanese(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 4, 2: 2, 3: 4}, {0: 6, 1: 3, 2: 4, 3: 0})
    page = text(client.get(f"/g/{game_id}", headers={"Accept-Language": "ja"}))
    assert "あといくつ" in page and "500点まであと445 · バッグ5：あと5で−100" in page


def test_hearts_says_how_far_the_closest_player_is_from_the_end(client, db):
    game_id = start_game(client, "hearts-standard", changes={"target": 60})
    hand = {"hearts_0": "3", "hearts_1": "4", "hearts_2": "5", "hearts_3": "rest"}
    hand |= {"queen_of_spades": "2", "version": version(db, game_id)}
    assert client.post(f"/g/{game_id}/play", data=hand).status_code == 303
    for page in (text(client.get(f"/g/{game_id}")), text(client.get(f"/g/{game_id}/play"))):
        assert "Cho : 42 more to reach 60, the closest: reaching it ends the game" in page
