"""The habits of a game night: play again, tidy the list, tell games apart, read the history."""

from __future__ import annotations

import re

from scorekeeper import store

from .conftest import play, setup_form, start_game
from .test_routes import text


def csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    return found.group(1) if found else ""


def finished_game(client, db, **kwargs) -> str:
    game_id = start_game(client, changes={"target": 200}, **kwargs)
    while not store.get_game(db, game_id).finished:
        play(client, db, game_id, {0: 6, 1: 3, 2: 1, 3: 3}, {0: 6, 1: 3, 2: 1, 3: 3})
    return game_id


def test_play_again_keeps_players_and_rules_and_moves_the_deal_on(client, db):
    game_id = finished_game(client, db, dealer=1)
    old = store.get_game(db, game_id)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Play again" in page and 'value="new_partners"' in page
    response = client.post(f"/g/{game_id}/rematch", data={"seating": "same"})
    assert response.status_code == 303
    new = store.get_game(db, response.headers["Location"].rsplit("/", 1)[1])
    assert new.id != old.id and new.players == old.players and new.hands == ()
    assert new.ruleset_id == old.ruleset_id and new.options == {"target": 200}
    assert new.first_dealer == old.dealer(len(old.hands) + 1)
    page = text(client.get(f"/g/{new.id}"))
    assert "A new game with the same players and rules." in page


def test_play_again_with_new_partners_keeps_the_dealer_in_turn(client, db):
    game_id = finished_game(client, db)
    old = store.get_game(db, game_id)
    response = client.post(f"/g/{game_id}/rematch", data={"seating": "new_partners"})
    new = store.get_game(db, response.headers["Location"].rsplit("/", 1)[1])
    assert new.players == ("Ann", "Cho", "Dee", "Ben")
    assert new.players[new.first_dealer] == old.players[old.dealer(len(old.hands) + 1)]
    assert "Ann &amp; Dee" in client.get(f"/g/{new.id}").get_data(as_text=True)


def test_an_unfinished_game_offers_no_rematch_and_watchers_cannot_make_one(app, client, db):
    game_id = start_game(client)
    assert "Play again" not in text(client.get(f"/g/{game_id}"))
    stranger = app.test_client()
    assert stranger.post(f"/g/{game_id}/rematch", data={}).status_code == 403


def test_deleting_a_game_asks_first_then_removes_it_everywhere(app, client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    page = text(client.get(f"/g/{game_id}/delete"))
    assert "Delete this game?" in page and "Ann · Ben · Cho · Dee" in page and "1 hand" in page
    assert len(store.list_games(db)) == 1  # asking deleted nothing
    response = client.post(f"/g/{game_id}/delete", data={})
    assert response.status_code == 303 and response.headers["Location"].endswith("/")
    assert store.list_games(db) == []
    assert "Game deleted: Ann · Ben · Cho · Dee." in text(client.get("/"))
    assert client.get(f"/g/{game_id}").status_code == 404


def test_archiving_tidies_only_this_phones_list(app, client, db):
    game_id = finished_game(client, db)
    other = start_game(client, names=["Eve", "Fay", "Gus", "Hal"])
    home = client.get("/").get_data(as_text=True)
    assert home.index("Eve · Fay · Gus · Hal") < home.index(
        "Ann · Ben · Cho · Dee"
    )  # playing first
    response = client.post(f"/g/{game_id}/archive", data={})
    assert response.status_code == 303
    home = text(client.get("/"))
    assert "Archived (1)" in home and "Put back on the list" in home
    assert store.get_game(db, game_id).finished  # the game itself is untouched
    client.post(f"/g/{game_id}/archive", data={"put_back": "1"})
    assert "Archived (" not in text(client.get("/"))
    assert other


def test_the_home_list_tells_two_games_apart(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    start_game(client, "hearts-standard")
    home = text(client.get("/"))
    assert "Yahoo! Normal" in home and "Hearts" in home
    assert "Started 20" in home and "1 hand" in home and "No hand yet" in home
    assert "Leading: Ann &amp; Cho · 61 : 60" in home


def test_hearts_and_spitzer_are_one_tap_from_new_game(client):
    page = text(client.get("/new"))
    assert "Hearts 4 rule sets" in page and "Spitzer 1 rule set" in page
    hearts = client.get("/new?game=hearts").get_data(as_text=True)
    assert 'value="hearts-standard" required checked' in hearts
    assert "yahoo-normal" not in hearts


def test_history_says_hands_and_rule_changes_in_words(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: "nil", 1: 4, 2: 4, 3: 3}, {0: 0, 1: 4, 2: 5, 3: 4})
    store.replace_hand(
        db, game_id, 1, {"bids": ["nil", 4, 4, 3], "tricks": [1, 4, 4, 4]}, version=None
    )
    page = text(client.get(f"/g/{game_id}/history"))
    assert "Ann: bid nil, took 0" in page
    assert "Ann: bid nil, took 0 → bid nil, took 1" in page
    assert "Cho: bid 4, took 5 → bid 4, took 4" in page
    assert '{"bids"' not in page


def test_duplicate_names_are_refused_beside_the_seat(client):
    response = client.post(
        "/new/yahoo-normal", data=setup_form("yahoo-normal", names=["Bob", "Ann", "bob ", "Cy"])
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Seat 1 is already Bob" in page and 'id="player_2-error"' in page
    assert 'value="bob"' in page  # what was typed is still there


def test_a_watching_phone_is_told_it_is_read_only(app, client):
    game_id = start_game(client)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    watch = re.search(r'href="http://[^/"]+(/w/[\w-]+)"', page).group(1)
    watcher = app.test_client()
    watcher.get(watch)
    assert "Watching: this scoresheet is read-only" in text(watcher.get(f"/g/{game_id}"))
    assert "Watching:" not in text(client.get(f"/g/{game_id}"))


def test_zero_is_said_not_to_be_nil_where_both_are_offered(client, db):
    normal = start_game(client, "yahoo-normal")
    assert "it is not a nil" in text(client.get(f"/g/{normal}/bids"))
    zero_nil = start_game(client, "cardsite-individual")
    assert "it is not a nil" not in text(client.get(f"/g/{zero_nil}/bids"))


def test_a_made_blind_nil_is_badged_as_blind_nil(client, db):
    game_id = start_game(client, "yahoo-normal", changes={"blind_nil_behind": 0})
    play(client, db, game_id, {0: "blind_nil", 1: 4, 2: 5, 3: 4}, {0: 0, 1: 4, 2: 5, 3: 4})
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert "mark-blind_nil_made" in page and ">blind nil made<" in page


def test_option_problems_sit_beside_their_fields(client):
    data = setup_form("yahoo-normal", changes={"sandbag_limit": 0})
    data["opt_target"] = "lots"
    page = client.post("/new/yahoo-normal", data=data).get_data(as_text=True)
    assert "Check the options marked below" in page
    row = page[page.index('id="row-opt_target"') :]
    assert "Enter a whole number, like 10 or -50." in row[: row.index("</div>")]
    assert "Not a valid integer value" not in page and "between -100000" not in page
    data["opt_target"] = "500"
    page = client.post("/new/yahoo-normal", data=data).get_data(as_text=True)
    row = page[page.index('id="row-opt_sandbag_limit"') :]
    assert "Enter 1 or more." in row[: row.index("</div>")]
    assert "sandbag_limit" not in text_of(page)


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", " ", page)
