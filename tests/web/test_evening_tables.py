"""An evening's numbered tables: each table's phone starts its own game through the
table's link, cannot touch another table, and loses everything when the link is revoked."""

from __future__ import annotations

import io
import re
from csv import reader

from scorekeeper import store
from scorekeeper.store.db import open_database
from scorekeeper.store.ids import new_token
from scorekeeper.store.migrations import migrations

from ..test_pdf import pages, squash
from .conftest import play, setup_form, start_game
from .test_evenings import game_in, start_evening, table_cards
from .test_routes import text


def table_links(page: str) -> dict[int, str]:
    """The organiser's table links, by table number (the path a phone opens)."""
    found = re.findall(
        r'<li id="link-(\d+)">.*?class="share-url table-url" href="http://[^/"]+(/t/[\w-]+)"',
        page,
        flags=re.S,
    )
    return {int(number): path for number, path in found}


def start_at(phone, evening, table, names):
    return phone.post(
        f"/new/yahoo-normal?evening={evening}&table={table}",
        data={**setup_form("yahoo-normal", names=names), "evening": evening, "table": table},
    )


def test_a_tables_phone_starts_and_scores_its_own_game_and_no_other(app, client, db):
    evening = start_evening(client)
    first = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])  # table 1
    assert client.post(f"/e/{evening}/tables", data={"name": "window"}).status_code == 303
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    cards = table_cards(page)
    assert cards[0].startswith("Table 1 Ann · Ben · Cho · Dee")
    assert cards[1].startswith("Table 2 — window No game yet")
    links = table_links(page)
    assert set(links) == {1, 2}

    phone = app.test_client()
    opened = phone.get(links[2])
    assert opened.status_code == 303 and opened.headers["Location"].endswith("#table-2")
    mine = text(phone.get(f"/e/{evening}"))
    assert "This phone now keeps score at Table 2 — window" in mine
    assert "Start this table's game" in mine and "Ann · Ben · Cho · Dee" in mine
    # It may not start a game at another table, nor at a new one.
    assert start_at(phone, evening, 1, ["Eve", "Fay", "Gus", "Hal"]).status_code == 403
    refused = phone.post(
        f"/new/yahoo-normal?evening={evening}",
        data={
            **setup_form("yahoo-normal", names=["Eve", "Fay", "Gus", "Hal"]),
            "evening": evening,
        },
    )
    assert refused.status_code == 403
    # The pages it starts from say which table the game is for.
    assert "Friday club · Table 2 — window" in text(phone.get(f"/new?evening={evening}&table=2"))
    setup = phone.get(f"/new/yahoo-normal?evening={evening}&table=2")
    assert "Friday club · Table 2 — window" in text(setup)
    started = start_at(phone, evening, 2, ["Eve", "Fay", "Gus", "Hal"])
    assert started.status_code == 303
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    assert store.get_game(db, game_id).table == 2
    play(phone, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})  # its scorer
    assert store.get_game(db, game_id).hand_count == 1
    # It watches the other table, and cannot change it.
    assert phone.get(f"/g/{first}").status_code == 200
    assert "Watching:" in text(phone.get(f"/g/{first}"))
    assert phone.get(f"/g/{first}/bids").status_code == 403
    assert phone.post(f"/g/{first}/rematch", data={"seating": "same"}).status_code == 403
    # Standings on its phone are the evening's, as on the TV.
    play(client, db, first, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    assert "Ann" in text(phone.get(f"/e/{evening}")).split("Tables")[0]
    # The organiser and the TV see the table by its number and name.
    organiser = table_cards(client.get(f"/e/{evening}").get_data(as_text=True))
    assert organiser[1].startswith("Table 2 — window Eve · Fay · Gus · Hal")


def test_a_stranger_learns_nothing_and_a_revoked_link_opens_nothing(app, client, db):
    evening = start_evening(client, "Secret club")
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    link = table_links(client.get(f"/e/{evening}").get_data(as_text=True))[1]
    stranger = app.test_client()
    for response in (
        stranger.get(f"/e/{evening}"),
        start_at(stranger, evening, 1, ["Eve", "Fay", "Gus", "Hal"]),
        stranger.get(f"/new?evening={evening}&table=1"),
    ):
        assert response.status_code == 403
        assert "Secret club" not in text(response) and "Table 1" not in text(response)
    assert stranger.post(f"/e/{evening}/tables", data={"name": "x"}).status_code == 403

    phone = app.test_client()
    phone.get(link)
    started = start_at(phone, evening, 1, ["Eve", "Fay", "Gus", "Hal"])
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    assert phone.get(f"/g/{game_id}/bids").status_code == 200
    # The organiser revokes the link: it opens nothing, and the phone loses the table
    # and the game it started there; the organiser's own right stays.
    assert client.post(f"/e/{evening}/t/1/lock", data={"confirm": "1"}).status_code == 303
    assert phone.get(link).status_code == 404
    assert phone.get(f"/g/{game_id}/bids").status_code == 403
    assert start_at(phone, evening, 1, ["Ivy", "Jon", "Kim", "Lou"]).status_code == 403
    assert client.get(f"/g/{game_id}").status_code == 200
    new_link = table_links(client.get(f"/e/{evening}").get_data(as_text=True))[1]
    assert new_link != link
    # Only the organiser renames or revokes.
    assert phone.post(f"/e/{evening}/t/1/lock", data={"confirm": "1"}).status_code == 403


def test_tables_are_renamed_and_a_bad_name_is_refused(client, db):
    evening = start_evening(client)
    client.post(f"/e/{evening}/tables", data={"name": ""})
    assert client.post(f"/e/{evening}/t/1", data={"name": " by the  bar "}).status_code == 303
    assert "Table 1 — by the bar" in text(client.get(f"/e/{evening}"))
    refused = client.post(f"/e/{evening}/t/1", data={"name": "x" * 31})
    assert refused.status_code == 400 and "at most 30 characters" in text(refused)
    assert client.post(f"/e/{evening}/t/9", data={"name": "y"}).status_code == 404
    assert client.get(f"/e/{evening}/t/1/qr.svg").status_code == 200


def test_the_organiser_chooses_what_a_round_sat_out_earns(client, db):
    evening = start_evening(client)
    assert store.get_evening(db, evening).sit_out == "average"
    chosen = {"format": "auto", "sit_out": "nothing"}
    assert client.post(f"/e/{evening}/format", data=chosen).status_code == 303
    assert store.get_evening(db, evening).sit_out == "nothing"
    refused = client.post(f"/e/{evening}/format", data={**chosen, "sit_out": "half"})
    assert refused.status_code == 400 and store.get_evening(db, evening).sit_out == "nothing"


def test_the_evenings_version_moves_when_a_hand_is_stored(client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    before = client.get(f"/e/{evening}/version").get_json()["version"]
    assert client.get(f"/e/{evening}/version").get_json()["version"] == before
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    assert client.get(f"/e/{evening}/version").get_json()["version"] != before


def test_mixed_games_are_ranked_by_match_points_everywhere(client, db):
    """A Spades table and a Hearts table: the page, the PDF's words and the standings CSV
    rank by match points; the Hearts winner is the lowest total."""
    evening = start_evening(client)
    spades = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    hearts = (
        client.post(
            f"/new/hearts-standard?evening={evening}",
            data={
                **setup_form("hearts-standard", names=["Eve", "Fay", "Gus", "Hal"]),
                "evening": evening,
            },
        )
        .headers["Location"]
        .rsplit("/", 1)[1]
    )
    play(client, db, spades, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 70 : 60
    store.add_hand(db, hearts, {"hearts": [3, 4, 5, 1], "queen_of_spades": 2}, version=None)
    body = text(client.get(f"/e/{evening}"))
    assert "Ranked by match points" in body
    # Ann & Cho lead 70 : 60 (1 each); Hal has the fewest Hearts points (1), then Eve
    # (3: ⅔), Fay (4: ⅓), Gus (18: 0).
    assert "1 Ann 1 0 1 1 Cho 1 0 1 1 Hal 1 0 1 4 Eve 1 0 0.67 5 Fay 1 0 0.33" in body, body
    csv = client.get(f"/e/{evening}/standings.csv").get_data(as_text=True).lstrip("\ufeff")
    client.post(f"/e/{evening}/t/2", data={"name": "window"})
    paper = squash(pages(client.get(f"/e/{evening}/summary.pdf").data)[0])
    assert "Ranked by match points" in paper and "2 tables · 2 games" in paper, paper
    assert (
        "Round 1 Table 2 — window Hearts 1 Leading: Hal — Eve 3 · Fay 4 · Gus 18 · Hal 1" in paper
    )
    assert "1 Hal 1 0 1" in paper and "4 Eve 1 0 0.67" in paper, paper
    lines = list(reader(io.StringIO(csv)))
    assert lines[0][0].startswith("Ranked by match points")
    assert lines[1] == [
        "Rank",
        "Player",
        "Games",
        "Won",
        "Match points",
        "Points difference",
        "Rounds not played",
    ]
    assert lines[4] == ["1", "Hal", "1", "0", "1", "", "0"]
    assert lines[5] == ["4", "Eve", "1", "0", "0.67", "", "0"]


def test_games_already_in_an_evening_get_tables_numbered_in_the_order_started(tmp_path):
    db = open_database(tmp_path / "old.db")
    migrations.apply(db, stop_before="m011_evening_tables_and_sit_outs")
    db.execute(
        "INSERT INTO evenings (id, name, created_by, created_at, watch_token)"
        " VALUES ('ev', 'Old club', 'dev', '2026-01-01T20:00:00+00:00', ?)",
        [new_token()],
    )
    for game_id, at in (("late", "21:00"), ("early", "20:00")):
        db.execute(
            "INSERT INTO games (id, kind, ruleset, players, created_at, updated_at, evening)"
            " VALUES (?, 'spades', 'yahoo-normal', '[]', ?, ?, 'ev')",
            [game_id, f"2026-01-01T{at}:00+00:00", f"2026-01-01T{at}:00+00:00"],
        )
    migrations.apply(db)
    numbers = dict(db.execute("SELECT id, table_number FROM games").fetchall())
    assert numbers == {"early": 1, "late": 2}
    assert [t.number for t in store.evening_tables(db, "ev")] == [1, 2]
    assert store.add_table(db, "ev") == 3


def test_a_table_link_gives_its_right_to_a_new_device_id_not_a_planted_one(app, client):
    evening = start_evening(client)
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    link = table_links(client.get(f"/e/{evening}").get_data(as_text=True))[1]
    victim, attacker = app.test_client(), app.test_client()
    for browser in (victim, attacker):
        with browser.session_transaction() as session:
            session["device"] = "planted-id"
    assert victim.get(link).status_code == 303
    assert "This phone now keeps score at Table 1" in text(victim.get(f"/e/{evening}"))
    assert attacker.get(f"/e/{evening}").status_code == 403


def test_a_table_number_sqlite_cannot_hold_is_no_table_not_a_500(client):
    """A table number typed into the address past what the database holds (a 30-digit
    one) is a table the evening does not have: 400 on the new game, 404 on the table."""
    evening = start_evening(client)
    huge = "9" * 30
    started = start_at(client, evening, huge, ["Eve", "Fay", "Gus", "Hal"])
    assert started.status_code == 400
    assert client.post(f"/e/{evening}/t/{huge}", data={"name": "bar"}).status_code == 404
    assert client.post(f"/e/{evening}/t/{huge}", data={"revoke": "1"}).status_code == 404


def test_a_table_the_evening_lacks_is_refused_in_the_pages_language(client):
    """The engine's refusal of a new game is shown in the page's language."""
    evening = start_evening(client)
    client.get("/lang/ja")
    refused = start_at(client, evening, 7, ["Eve", "Fay", "Gus", "Hal"])
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "この会にはテーブル7がありません" in page
    assert "the evening has no table" not in page


def test_a_table_link_opened_twice_at_once_keeps_the_phones_games(app, client):
    """A link opened twice with the same cookie (the camera's QR preview and the browser,
    a double tap): both answers leave the phone on one id that still has its games."""
    evening = start_evening(client)
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    link = table_links(client.get(f"/e/{evening}").get_data(as_text=True))[1]
    phone = app.test_client()
    own = start_game(phone)
    with phone.session_transaction() as session:
        before = dict(session)
    assert phone.get(link).status_code == 303  # the first request: a new device id
    with phone.session_transaction() as session:
        first = session["device"]
        session.clear()
        session.update(before)  # the second request still carries the old cookie
    assert phone.get(link).status_code == 303
    with phone.session_transaction() as session:
        assert session["device"] == first
    assert phone.get(f"/g/{own}").status_code == 200
    assert "This phone keeps score at this table." in text(phone.get(f"/e/{evening}"))
