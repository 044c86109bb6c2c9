"""A season's table ranks as a club would by hand; its pages follow its evenings."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from scorekeeper.seasons import Night, measure_words, season_table
from scorekeeper.standings import TableResult
from scorekeeper.store.db import open_database
from scorekeeper.web import create_app


def pair(first, second, won):
    """A partnership table: the first pair against the second, `won` the winning side."""
    return TableResult(
        "spades", False, (first, second), (300, 200) if won == 0 else (200, 300), (won,)
    )


NIGHTS = [
    Night(
        "Night 1",
        "2026-04-03",
        (
            pair(("Ann", "Cho"), ("Ben", "Dee"), 0),
            # Four on their own, lowest wins: Eve first, Fay and Gus level, Hal last.
            TableResult(
                "hearts", True, (("Eve",), ("Fay",), ("Gus",), ("Hal",)), (10, 20, 20, 30), (0,)
            ),
        ),
    ),
    Night("Night 2", "2026-04-10", (pair(("Ann", "Eve"), ("Ben", "Fay"), 1),)),
    Night("Night 3", "2026-04-17", (pair(("Ann", "Ben"), ("Cho", "Eve"), 0),)),
]


def ranks(table):
    return [(row.rank, row.name, row.score, row.wins) for row in table.rows]


def test_match_points_over_three_nights_rank_as_counted_by_hand():
    table = season_table(NIGHTS, "match_points", None)
    assert ranks(table) == [
        (1, "Ann", 2, 2),  # 1 + 0 + 1; level with Ben on wins and head to head (1 each)
        (1, "Ben", 2, 2),
        (3, "Fay", Fraction(3, 2), 1),
        (4, "Cho", 1, 1),  # Cho and Eve never met on different sides
        (4, "Eve", 1, 1),
        (6, "Gus", Fraction(1, 2), 0),
        (7, "Dee", 0, 0),
        (7, "Hal", 0, 0),
    ]
    assert [row.nightly for row in table.rows][:2] == [(1, 0, 1), (0, 1, 1)]


def test_best_one_night_then_wins_then_head_to_head():
    table = season_table(NIGHTS, "match_points", 1)
    assert [(row.rank, row.name) for row in table.rows] == [
        (1, "Ann"),
        (1, "Ben"),
        (3, "Eve"),  # Eve placed above Fay on night 1, Fay above Eve on night 2 ...
        (3, "Fay"),
        (5, "Cho"),  # ... and Cho never placed above either of them
        (6, "Gus"),
        (7, "Dee"),
        (7, "Hal"),
    ]
    assert table.rows[0].counted == 1 and table.rows[0].nights == 3
    line = measure_words(table).render(None)
    assert line == (
        "Ranked by match points (at each table 1 for the winner, 0 for the last, a tie"
        " shared), best 1 of 3 nights; then wins, then head to head."
    )


def test_wins_and_average_placing():
    wins = season_table(NIGHTS, "wins", None)
    assert [(r.rank, r.name, r.score) for r in wins.rows] == [
        (1, "Ann", 2),
        (1, "Ben", 2),
        (3, "Eve", 1),  # above Fay on night 1, below her on night 2
        (3, "Fay", 1),
        (5, "Cho", 1),  # placed above neither
        (6, "Gus", 0),  # above Hal on night 1
        (7, "Dee", 0),
        (7, "Hal", 0),
    ]
    # Nights 2 and 3, each one table ranked by its points: Ben & Fay, then Ann & Eve;
    # Ann & Ben, then Cho & Eve.
    placing = season_table(NIGHTS[1:], "placing", None)
    assert [(r.rank, r.name, r.score) for r in placing.rows] == [
        (1, "Ben", 1),  # two wins to Fay's one
        (2, "Fay", 1),
        (3, "Ann", Fraction(3, 2) + Fraction(1, 2)),
        (4, "Cho", 3),
        (4, "Eve", 3),
    ]


WIN = [{"bids": [4, 3, 4, 2], "tricks": [4, 3, 4, 2]}] * 5  # Ann & Cho reach 400


@pytest.fixture
def organizer(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    evenings = []
    for night in range(3):
        response = client.post("/evenings/", data={"name": f"Club night {night + 1}"})
        evening = response.headers["Location"].rsplit("/", 1)[1]
        evenings.append(evening)
        seats = [
            ["Ann", "Ben", "Cho", "Dee"],
            ["Ben", "Ann", "Dee", "Cho"],
            ["Ann", "Dee", "Cho", "Ben"],
        ]
        doc = {
            "ruleset": "yahoo-normal",
            "options": {"target": 400},
            "players": seats[night],
            "hands": WIN,
        }
        response = client.post("/import", data={"text": json.dumps(doc)})
        game = response.headers["Location"].rsplit("/", 1)[1]
        client.post(f"/e/{evening}/add", data={"game": game})
    client.get("/")
    return app, client, evenings


def test_a_season_of_three_evenings_on_its_page_csv_and_pdf(organizer):
    app, client, evenings = organizer
    response = client.post(
        "/seasons/",
        data={"name": "Spring league", "evening": evenings, "measure": "wins", "best_of": "2"},
    )
    assert response.status_code == 303, response.data
    url = response.headers["Location"]
    page = client.get(url).data.decode()
    assert "Ranked by games won, best 2 of 3 nights; then head to head." in page
    # The first seat's side wins every night: Ann won nights 1 and 3, Ben night 2.
    table = page[page.index("<tbody>") : page.index("</tbody>")]
    assert table.index(">Ann<") < table.index(">Ben<")
    assert "(provisional)" in page  # three games each
    rows = list(csv.reader(io.StringIO(client.get(url + "/table.csv").data.decode("utf-8-sig"))))
    assert rows[0] == ["Ranked by games won, best 2 of 3 nights; then head to head."]
    assert rows[1][:5] == ["Rank", "Player", "Nights", "Wins", "Rating (Spades)"]
    assert rows[2][:2] == ["1", "Ann"]
    pdf = client.get(url + "/table.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    # A phone that may see none of its evenings learns nothing of it.
    stranger = app.test_client()
    assert stranger.get(url).status_code == 404
    assert stranger.get(url + "/table.csv").status_code == 404


def test_a_season_by_dates_and_what_is_refused(organizer):
    app, client, _evenings = organizer
    db = open_database(app.config["DATABASE"])
    today = db.execute("SELECT substr(created_at, 1, 10) FROM evenings").fetchone()[0]
    db.close()
    response = client.post("/seasons/", data={"name": "This week", "since": today, "until": today})
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).data.decode()
    assert "3 nights" in page and "every night counts (3)" in page
    bad = client.post("/seasons/", data={"name": "X", "since": "2026-13-01", "until": today})
    assert bad.status_code == 400 and "a day is written 2026-04-01" in bad.data.decode()
    none = client.post("/seasons/", data={"name": "X"})
    assert (
        none.status_code == 400
        and "choose the evenings, or the first and last day" in none.data.decode()
    )
    worse = client.post(
        "/seasons/", data={"name": "X", "since": today, "until": today, "best_of": "0"}
    )
    assert worse.status_code == 400


def test_the_seasons_starter_changes_its_nights_and_the_table_follows(organizer):
    app, client, evenings = organizer
    response = client.post(
        "/seasons/", data={"name": "Spring league", "evening": evenings[:1], "measure": "wins"}
    )
    url = response.headers["Location"]
    page = client.get(url).data.decode()
    assert "1 night" in page and ">Ben<" in page  # night 1: Ann & Cho beat Ben & Dee
    assert "Ranked by games won" in page and "Which nights" in page
    # Night 2 added: Ben won it, so Ben now has a win to show.
    changed = client.post(f"{url}/nights", data={"evening": evenings[:2]})
    assert changed.status_code == 303
    page = client.get(url).data.decode()
    assert "2 nights" in page
    table = page[page.index("<tbody>") : page.index("</tbody>")]
    ben = table[table.index(">Ben<") :]
    assert ben.split("<td>")[2].startswith("1")  # nights, then the score: 1 win
    # Or a date range instead; nothing refused is saved.
    db = open_database(app.config["DATABASE"])
    today = db.execute("SELECT substr(created_at, 1, 10) FROM evenings").fetchone()[0]
    db.close()
    assert client.post(f"{url}/nights", data={"since": today, "until": today}).status_code == 303
    assert "3 nights" in client.get(url).data.decode()
    bad = client.post(f"{url}/nights", data={"since": today, "until": "2020-01-01"})
    assert bad.status_code == 400 and "the last day comes before the first" in bad.data.decode()
    strange = client.post(f"{url}/nights", data={"evening": ["not-an-evening"]})
    assert strange.status_code == 400 and "choose evenings from the list" in strange.data.decode()
    assert "3 nights" in client.get(url).data.decode()
    # Another phone that sees the season may not change it.
    other = app.test_client()
    assert other.post(f"{url}/nights", data={"evening": evenings[:1]}).status_code in (403, 404)
