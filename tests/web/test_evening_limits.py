"""What an evening may hold: tables up to a big club night's, refused beyond with a page
that says so; a rotation's list of players read only as far as it can be seated."""

from __future__ import annotations

import itertools
import string

from scorekeeper import limits

from .conftest import setup_form, start_game
from .test_evenings import game_in, start_evening
from .test_rounds import seat
from .test_routes import text


def tables(db, evening: str) -> int:
    return int(
        db.execute("SELECT count(*) FROM evening_tables WHERE evening = ?", [evening]).fetchone()[
            0
        ]
    )


def test_an_evening_holds_at_most_its_tables_however_one_is_added(client, db, monkeypatch):
    monkeypatch.setattr(limits, "MAX_TABLES_PER_EVENING", 3)
    evening = start_evening(client)
    assert client.post(f"/e/{evening}/tables", data={"name": ""}).status_code == 303
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    moved = start_game(client)
    assert client.post(f"/e/{evening}/add", data={"game": moved}).status_code == 303
    assert tables(db, evening) == 3
    # A fourth, by each way a table is added: refused, saying why; nothing stored.
    refused = client.post(f"/e/{evening}/tables", data={"name": "by the bar"})
    assert refused.status_code == 403
    assert "This evening has 3 tables, the most an evening may have." in text(refused)
    another = start_game(client)
    assert client.post(f"/e/{evening}/add", data={"game": another}).status_code == 403
    assert db.execute("SELECT evening FROM games WHERE id = ?", [another]).fetchone()[0] is None
    started = client.post(
        f"/new/yahoo-normal?evening={evening}",
        data={
            **setup_form("yahoo-normal", names=["Eve", "Fay", "Gus", "Hal"]),
            "evening": evening,
        },
    )
    assert started.status_code == 400
    assert "an evening has at most 3 tables" in text(started)
    assert tables(db, evening) == 3
    # A round seats at the tables the evening has: twelve players need three.
    twelve = [f"P{n}" for n in range(12)]
    assert seat(client, evening, 1, twelve).status_code == 303
    sixteen = [f"P{n}" for n in range(16)]
    more = seat(client, evening, 2, sixteen)  # the form again, saying why
    assert more.status_code == 400 and "an evening has at most 3 tables" in text(more)
    assert tables(db, evening) == 3
    assert client.get(f"/e/{evening}").status_code == 200


def test_a_player_list_of_100000_lines_is_refused_as_long_before_it_is_read(client, db):
    evening = start_evening(client)
    # A name the rule for names refuses, far down the list: the list is refused for its
    # length, read no further than one past the most players a rotation seats.
    letters = string.ascii_lowercase  # short names: the form within the size sent at most
    players = [
        "".join(name) for name in itertools.islice(itertools.product(letters, repeat=4), 100_000)
    ]
    players[50_000] = "\u202eevil"
    refused = seat(client, evening, 1, players)
    assert refused.status_code == 400
    assert "at most 40 players can be seated" in text(refused)
    pins = "\n".join(f"{name}=1" for name in players[:90_000])
    refused = seat(client, evening, 1, players[:8], pins=pins)
    assert refused.status_code == 400
    assert "At most 40 lines of “name = table”: one a player." in text(refused)
    assert db.execute("SELECT count(*) FROM rotation_rounds").fetchone()[0] == 0
