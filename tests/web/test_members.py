"""The club's members on the web: an organiser's names, renamed, merged and hidden
(store/members.py says whose games a rename touches)."""

from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.store import rounds

from .conftest import play, start_game, text
from .test_evening_tables import start_at, table_links
from .test_evenings import game_in, start_evening
from .test_rounds import seat

EIGHT = ["Ann", "Ben", "Cho", "Dee", "Eve", "Fay", "Gus", "Hal"]


def members(page: str) -> list[str]:
    return re.findall(r'<li class="member" data-name="([^"]+)"', page)


def test_only_a_phone_that_directs_an_evening_keeps_the_members(app, client):
    start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    refused = client.get("/members/")
    assert refused.status_code == 403
    assert "kept by the phones that direct its evenings" in text(refused)
    assert "/members/" not in client.get("/players/").get_data(as_text=True)
    start_evening(client)
    assert client.get("/members/").status_code == 200
    assert "/members/" in client.get("/players/").get_data(as_text=True)


def test_a_rename_touches_the_directed_evenings_and_own_games_never_a_strangers(app, client, db):
    evening = start_evening(client)
    organisers = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])  # table 1
    client.post(f"/e/{evening}/tables", data={"name": "window"})
    table_phone = app.test_client()
    table_phone.get(table_links(client.get(f"/e/{evening}").get_data(as_text=True))[2])
    at_table = start_at(table_phone, evening, 2, ["ann", "Eve", "Fay", "Gus"])
    tables_game = at_table.headers["Location"].rsplit("/", 1)[1]
    own = start_game(client, names=["Ann", "Hal", "Ivy", "Jo"])
    stranger = app.test_client()
    private = start_game(stranger, names=["Ann", "Kai", "Lea", "Max"])

    page = text(client.get("/members/"))
    assert "Ann 3 games" in page  # the table's game counts: the organiser's evening
    response = client.post("/members/ann/rename", data={"name": "Annie"})
    assert response.status_code == 303
    after = text(client.get("/members/"))
    assert "Ann is now Annie in 3 games." in after and "Annie 3 games" in after
    for game in (organisers, tables_game, own):
        assert "Annie" in store.get_game(db, game).players
        assert "Ann renamed Annie." in text(client.get(f"/g/{game}/history"))
    assert store.get_game(db, private).players[0] == "Ann"  # a stranger's own game


def test_a_merge_is_confirmed_first_and_a_game_with_both_is_left_alone(client, db):
    evening = start_evening(client)
    first = game_in(client, evening, ["Robert", "Ben", "Cho", "Dee"])
    second = game_in(client, evening, ["Bob", "Ben", "Cho", "Dee"])
    both = game_in(client, evening, ["Bob", "Robert", "Cho", "Dee"])
    asked = client.post("/members/robert/rename", data={"name": "bob"})
    assert asked.status_code == 200 and "Merge Robert into Bob?" in text(asked)
    assert store.get_game(db, first).players[0] == "Robert"
    done = client.post("/members/robert/rename", data={"name": "Bob", "confirm": "1"})
    assert done.status_code == 303
    assert store.get_game(db, first).players[0] == "Bob"
    assert store.get_game(db, both).players[:2] == ("Bob", "Robert")
    page = text(client.get("/members/"))
    assert "Robert is now Bob in 1 game." in page
    assert "1 game left as it was: Bob, or a name like it, plays in it too." in page
    assert "Bob 3 games" in page and "Robert 1 game" in page
    assert second


def test_bad_input_is_refused_saying_what_is_wrong(client, db):
    evening = start_evening(client)
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    empty = client.post("/members/ann/rename", data={"name": "  "})
    assert empty.status_code == 400 and "The new name:" in text(empty)
    assert 'aria-invalid="true"' in empty.get_data(as_text=True)
    same = client.post("/members/ann/rename", data={"name": "Ann"})
    assert same.status_code == 400 and "Ann is already spelled that way." in text(same)
    missing = client.post("/members/zed/rename", data={"name": "Zoe"})
    assert missing.status_code == 404 and "called zed" in text(missing)
    assert client.post("/members/zed/hide").status_code == 404


def test_the_rotation_follows_a_rename(client, db):
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    assert client.post("/members/hal/rename", data={"name": "Harold"}).status_code == 303
    rotation = rounds.get_rotation(db, evening)
    assert rotation is not None and "Harold" in rotation.players and "Hal" not in rotation.players
    assert seat(client, evening, 2, list(rotation.players)).status_code == 303
    seated = rounds.rounds_of(db, evening)
    assert all("Hal" not in table for r in seated for table in r.seating.tables)
    assert "Hal renamed Harold (1 game of this evening)." in text(client.get(f"/e/{evening}/book"))


def test_a_hidden_member_is_not_offered_but_keeps_its_games(client, db):
    friday = start_evening(client, "Friday")
    seat(client, friday, 1, EIGHT)
    game = rounds.rounds_of(db, friday)[0].games[0]
    assert game is not None
    play(client, db, game, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    assert client.post("/members/gus/hide").status_code == 303
    page = text(client.get("/members/"))
    assert "Gus is hidden" in page and "Hidden (gone from the club)" in page
    tuesday = start_evening(client, "Tuesday")
    offered = re.findall(
        r'roster-name[^"]*"><input type="checkbox" name="pick" value="([^"]+)"',
        client.get(f"/e/{tuesday}").get_data(as_text=True),
    )
    assert "Gus" not in offered and "Ann" in offered
    assert 'value="Gus"' not in client.get("/new/yahoo-normal").get_data(as_text=True)
    assert 'value="Ann"' in client.get("/new/yahoo-normal").get_data(as_text=True)
    assert "Gus" in text(client.get(f"/e/{friday}"))  # the night as it was
    assert client.get("/players/gus").status_code == 200
    assert client.post("/members/gus/show").status_code == 303
    offered = client.get(f"/e/{tuesday}").get_data(as_text=True)
    assert 'value="Gus"' in offered


def test_a_stranger_hides_nothing_of_the_clubs(app, client, db):
    evening = start_evening(client)
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    stranger = app.test_client()
    start_evening(stranger, "Mine")
    game_in(stranger, start_evening(stranger, "Also mine"), ["Ann", "Zed", "Yan", "Xia"])
    assert stranger.post("/members/ann/hide").status_code == 303
    assert 'value="Ann"' in client.get("/new/yahoo-normal").get_data(as_text=True)
    assert 'value="Ann"' not in stranger.get("/new/yahoo-normal").get_data(as_text=True)


def test_the_members_page_in_japanese(client):
    evening = start_evening(client)
    game_in(client, evening, ["山田", "佐藤", "Cho", "Dee"])
    client.set_cookie("lang", "ja")
    page = text(client.get("/members/?lang=ja"))
    assert "山田" in page and "クラブのメンバー" in page


def test_a_rename_to_the_same_key_makes_every_spelling_one(client, db):
    evening = start_evening(client)
    first = game_in(client, evening, ["ann", "Ben", "Cho", "Dee"])
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    game_in(client, evening, ["Ann", "Eve", "Cho", "Dee"])
    assert client.post("/members/ann/rename", data={"name": "Ann"}).status_code == 303
    assert store.get_game(db, first).players[0] == "Ann"
    assert "Ann is spelled so in every game now (1 changed)." in text(client.get("/members/"))
    again = client.post("/members/ann/rename", data={"name": "Ann"})
    assert again.status_code == 400 and "Ann is already spelled that way." in text(again)


def test_a_tables_phone_is_offered_tonights_names_but_hidden_ones(app, client, db):
    evening = start_evening(client)
    game_in(client, evening, ["山田", "佐藤", "Cho", "Dee"])  # table 1
    client.post(f"/e/{evening}/tables", data={"name": "window"})
    table_phone = app.test_client()
    table_phone.get(table_links(client.get(f"/e/{evening}").get_data(as_text=True))[2])
    setup = f"/new/yahoo-normal?evening={evening}&table=2"
    offered = re.findall(
        r'<option value="([^"]+)">', table_phone.get(setup).get_data(as_text=True)
    )
    assert {"山田", "佐藤", "Cho", "Dee"} <= set(offered)
    client.post("/members/dee/hide")
    offered = re.findall(
        r'<option value="([^"]+)">', table_phone.get(setup).get_data(as_text=True)
    )
    assert "Dee" not in offered and "Cho" in offered  # hidden by the director of its night


def test_a_rename_never_makes_a_look_alike_of_another_player_of_the_evening(client, db):
    """Eve renamed "Аnn" (a Cyrillic А) would sit beside Ann in tonight's rotation and
    games: refused, saying which names look alike, and nothing renamed anywhere."""
    evening = start_evening(client)
    seat(client, evening, 1, EIGHT)
    for route in ("/members/eve/rename", "/players/Eve/rename"):
        refused = client.post(route, data={"name": "\u0410nn"})
        assert refused.status_code == 400
        assert "“\u0410nn” and “Ann” look alike" in text(refused)
    rotation = rounds.get_rotation(db, evening)
    assert rotation is not None and "Eve" in rotation.players
    assert not any("\u0410nn" in g.players for g in store.list_games(db))
    assert seat(client, evening, 2, list(rotation.players)).status_code == 303
