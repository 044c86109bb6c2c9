"""What is derived from the hand logs is checked as it is read: a summary or a rating
that does not parse is made again (never a 500, never "busy"), a stored hand that does
not replay is named on its game's page while the rest of the site works, and
`scorekeeper check --deep` replays every game against the summary kept for it."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import store

from ..conftest import run_cli
from .conftest import play, setup_form, text
from .test_evenings import start_evening

HANDS = [{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 3
# Ann & Cho win the first; the others are level after three hands.
FILE = {
    "ruleset": "yahoo-normal",
    "options": {"target": 1000},
    "players": ["Ann", "Ben", "Cho", "Dee"],
}


def _import(client, hands=HANDS, **changes) -> str:
    doc = {**FILE, "hands": hands, **changes}
    response = client.post("/import", data={"text": json.dumps(doc)})
    assert response.status_code == 303, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


@pytest.fixture
def games(client):
    imported = [_import(client) for _ in range(3)]
    client.get("/")  # shows (and so clears) the "Game imported." messages
    return imported


def _fine(response) -> str:
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    return text(response)


@pytest.mark.parametrize(
    ("table", "column", "spoiled"),
    [
        ("player_summaries", "part", "{not json"),
        ("player_summaries", "part", '{"name": 3}'),
        ("player_summaries", "counts", "{not json"),
        ("game_summaries", "standing", "[1, 2"),
        ("game_summaries", "sides", "nope"),
        ("game_summaries", "places", "{"),
    ],
)
def test_a_summary_that_does_not_parse_is_made_again(client, db, games, table, column, spoiled):
    before = _fine(client.get("/players/Ann"))
    db.execute(f"UPDATE {table} SET {column} = ? WHERE game = ?", [spoiled, games[0]])
    db.execute("DELETE FROM span_totals")  # the players page adds the summaries up again
    db.conn.commit()
    assert "9" in _fine(client.get("/players/"))  # three games of three hands
    assert _fine(client.get("/players/?kind=spades"))
    assert _fine(client.get("/players/Ann")) == before
    if table == "player_summaries":  # what these pages read was made again
        assert store.summaries.unreadable(db) == []


def test_the_players_pages_kept_totals_that_do_not_parse_are_added_up_again(client, db, games):
    before = _fine(client.get("/players/"))
    db.execute("UPDATE span_totals SET players = '[{oops'")
    db.conn.commit()
    assert _fine(client.get("/players/")) == before


def test_a_season_and_ratings_read_summaries_that_do_not_parse_made_again(client, db):
    evening = start_evening(client)
    finished = [{"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]}] * 5  # Ann & Cho reach 400
    game_id = _import(client, hands=finished, options={"target": 400})
    assert client.post(f"/e/{evening}/add", data={"game": game_id}).status_code == 303
    season = client.post("/seasons/", data={"name": "Spring", "evening": [evening]})
    client.get("/")
    before = _fine(client.get(season.headers["Location"]))
    db.execute("UPDATE game_summaries SET places = 'x', standing = '{' WHERE game = ?", [game_id])
    db.execute("UPDATE rating_state SET stale = 1")
    db.conn.commit()
    assert _fine(client.get(season.headers["Location"])) == before
    assert "Ann" in _fine(client.get(f"/e/{evening}"))
    db.execute("UPDATE ratings SET mu = 9e999")  # a rating that reads as no number
    db.conn.commit()
    assert _fine(client.get(season.headers["Location"])) == before
    assert db.execute("SELECT count(*) FROM ratings WHERE mu > 1e300").fetchone()[0] == 0


def _spoil_hand(db, game_id: str, number: int, body: str) -> None:
    db.execute(
        "UPDATE hands SET body = ? WHERE game_id = ? AND number = ?", [body, game_id, number]
    )
    db.conn.commit()


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ('{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]', "it is not valid JSON"),
        ('{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}', "tricks add up to 14, expected 13"),
    ],
)
def test_a_stored_hand_that_does_not_replay_is_named_and_the_rest_works(client, db, body, why):
    evening = start_evening(client)
    tables = []
    for names in (["Ann", "Ben", "Cho", "Dee"], ["Eve", "Fay", "Gus", "Hal"]):
        response = client.post(
            f"/new/yahoo-normal?evening={evening}",
            data={**setup_form("yahoo-normal", names=names), "evening": evening},
        )
        tables.append(response.headers["Location"].rsplit("/", 1)[1])
        for _ in range(2):
            play(client, db, tables[-1], dict.fromkeys(range(4), 3), {0: 4, 1: 3, 2: 3, 3: 3})
    _spoil_hand(db, tables[0], 2, body)
    for url in (f"/g/{tables[0]}", f"/g/{tables[0]}/hands/2", f"/g/{tables[0]}/scoresheet.pdf"):
        page = _fine(client.get(url))
        assert f"Hand 2 of this game, as stored, cannot be read: {why}." in page
        assert "scorekeeper check --deep" in page
    assert client.get(f"/g/{tables[0]}/export").status_code == 200
    for url in _game_pages(client.application, tables[0]):  # none of its pages fails
        assert client.get(url).status_code < 500, url
    # Every other page works: the evening shows its other table, the lists list it.
    assert "Eve" in _fine(client.get(f"/e/{evening}"))
    assert _fine(client.get(f"/g/{tables[1]}"))
    for url in ("/", "/players/", "/players/Ann", "/evenings/", f"/e/{evening}/version"):
        _fine(client.get(url))


def _game_pages(app, game_id: str) -> list[str]:
    """Every page of a game a phone can open (its hand 2 where a page is a hand's)."""
    pages = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or set(rule.arguments) - {"game_id", "number"}:
            continue
        if "game_id" in rule.arguments:
            pages.append(rule.build({"game_id": game_id, "number": 2}, append_unknown=False)[1])
    return pages


def test_check_deep_replays_every_game_and_repairs_what_differs(app, client, db, games):
    env = {"SCOREKEEPER_INSTANCE": app.config["INSTANCE_PATH"]}
    assert run_cli("check", "--deep", env=env).returncode == 0
    db.execute("UPDATE player_summaries SET won = won + 5 WHERE game = ?", [games[0]])
    _spoil_hand(db, games[1], 2, '{"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 4]}')
    assert run_cli("check", env=env).returncode == 0  # the file itself is sound
    deep = run_cli("check", "--deep", env=env)
    assert deep.returncode == 2
    lines = deep.stdout.splitlines()
    assert (
        f"game {games[0]}: its summary differs from its hands replayed (player ann: won)" in lines
    )
    assert (
        f"game {games[1]}: hand 2 as stored cannot be read: tricks add up to 14, expected 13"
        in lines
    )
    assert re.search(
        r"3 games replayed, 1 with a hand that cannot be read, 1 with a summary", deep.stderr
    )
    repaired = run_cli("check", "--deep", "--repair", env=env)
    assert "1 summary made again from its game's hands" in repaired.stdout
    again = run_cli("check", "--deep", env=env)
    assert again.returncode == 2 and f"game {games[0]}" not in again.stdout  # only the hand left
    won = db.execute(
        "SELECT won FROM player_summaries WHERE game = ? AND player = 'ann'", [games[0]]
    ).fetchone()
    assert won == (0,)


def test_the_players_page_works_when_the_database_cannot_be_written(app, client, db, games):
    from scorekeeper.web.db import get_db

    _fine(client.get("/players/"))  # its totals kept
    play(
        client, db, _import(client, hands=[]), dict.fromkeys(range(4), 3), {0: 4, 1: 3, 2: 3, 3: 3}
    )
    with app.test_request_context():
        get_db().execute("PRAGMA query_only = ON")  # as on a full or read-only disk
    try:
        page = _fine(client.get("/players/"))
        assert "10" in page  # the new hand counted: 3 games of 3 hands and one of 1
        for url in ("/", "/players/Ann", "/evenings/", f"/g/{games[0]}"):
            _fine(client.get(url))
    finally:
        with app.test_request_context():
            get_db().execute("PRAGMA query_only = OFF")
