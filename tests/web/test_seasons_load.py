"""Seasons a phone may start, delete, and find on its list: a stranger's seasons reach
no club's list, a season holds only its starter's nights, and the night chooser lists
the latest evenings (or those a search finds), never all of them."""

from __future__ import annotations

import re

from scorekeeper import limits

from .test_evenings import game_in, start_evening
from .test_routes import text


def start_season(client, name: str, **fields) -> str:
    response = client.post("/seasons/", data={"name": name, **fields})
    assert response.status_code == 303, text(response)
    return response.headers["Location"]


def today(db) -> str:
    return str(db.execute("SELECT substr(max(created_at), 1, 10) FROM evenings").fetchone()[0])


def watch_link(client, evening: str) -> str:
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    return re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1)


def test_a_strangers_seasons_of_every_day_reach_no_clubs_list(app, client, db, monkeypatch):
    evening = start_evening(client, "Club night")
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    guest = app.test_client()
    guest.get(watch_link(client, evening))
    club = start_season(client, "Spring league", since="2000-01-01", until="2100-12-31")
    # The probe's stranger: season after season over every day there is.
    stranger = app.test_client()
    monkeypatch.setattr(limits, "MAX_SEASONS_PER_PHONE", 5)
    spam = [
        start_season(stranger, f"Spam {n}", since="2000-01-01", until="2100-12-31")
        for n in range(5)
    ]
    for phone in (client, guest):
        listed = text(phone.get("/seasons/"))
        assert "Spring league" in listed
        assert "Spam" not in listed
        assert phone.get(spam[0]).status_code == 404
    # The stranger's season holds none of the club's nights: it sees an empty season.
    page = text(stranger.get(spam[0]))
    assert "0 nights" in page and "Ann" not in page
    assert "1 night" in text(guest.get(club)) and "Club night" in text(guest.get(club))


def test_a_phone_starts_at_most_its_share_of_seasons_and_deletes_one_to_start_another(
    app, client, db, monkeypatch
):
    monkeypatch.setattr(limits, "MAX_SEASONS_PER_PHONE", 2)
    evening = start_evening(client, "Club night")
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    first = start_season(client, "Spring", evening=[evening])
    start_season(client, "Summer", evening=[evening])
    refused = client.post("/seasons/", data={"name": "Autumn", "evening": [evening]})
    assert refused.status_code == 403
    assert "This phone has started 2 seasons, the most one phone may" in text(refused)
    assert db.execute("SELECT count(*) FROM seasons").fetchone()[0] == 2
    # Only its starter may delete it, after a page that says what stays.
    guest = app.test_client()
    guest.get(watch_link(client, evening))
    assert guest.get(first).status_code == 200
    assert guest.get(f"{first}/delete").status_code == 403
    assert guest.post(f"{first}/delete").status_code == 403
    assert "Delete this season…" not in text(guest.get(first))
    assert "Delete this season…" in text(client.get(first))
    asked = text(client.get(f"{first}/delete"))
    assert "Delete this season?" in asked and "Spring" in asked
    assert "Its evenings, their games and every score stay as they are." in asked
    gone = client.post(f"{first}/delete")
    assert gone.status_code == 303
    assert "Season deleted: Spring." in text(client.get(gone.headers["Location"]))
    assert client.get(first).status_code == 404
    assert client.get(f"/e/{evening}").status_code == 200  # the evening stays
    start_season(client, "Autumn", evening=[evening])


def checkboxes(page: str) -> list[str]:
    return re.findall(r'name="evening" value="([\w-]+)"', page)


def test_the_night_chooser_lists_the_latest_evenings_and_finds_the_others(client, db):
    evenings = [start_evening(client, f"Night {n:02}") for n in range(30)]
    start = client.get("/seasons/").get_data(as_text=True)
    assert checkboxes(start) == evenings[::-1][:20]  # the 20 latest, newest first
    found = client.get("/seasons/?find=Night 03").get_data(as_text=True)
    assert checkboxes(found) == [evenings[3]]
    assert text(client.get("/seasons/?find=no such night")).count("No evening of yours") == 1
    # A night found by a search is chosen like any other, and stays offered (ticked) on
    # the season's page though it is not among the latest.
    season = start_season(client, "Old nights", evening=[evenings[3], evenings[29]])
    page = client.get(season).get_data(as_text=True)
    assert "2 nights" in text(client.get(season))
    offered = checkboxes(page)
    assert offered[:2] == [evenings[3], evenings[29]] and len(offered) == 21
    assert re.findall(r'value="([\w-]+)" checked', page) == [evenings[3], evenings[29]]
    # An evening this phone may not see cannot be chosen.
    other = start_evening(client.application.test_client(), "Elsewhere")
    refused = client.post("/seasons/", data={"name": "X", "evening": [other]})
    assert refused.status_code == 400 and "choose evenings from the list" in text(refused)


def test_a_phone_holding_more_games_than_sqlite_takes_parameters_opens_its_seasons(client, db):
    # SQLite takes at most 32,766 parameters a statement: the seasons pages once passed
    # every game the phone holds as one.
    evening = start_evening(client, "Club night")
    game = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    season = start_season(client, "Spring", evening=[evening])
    phone = db.execute("SELECT device FROM grants WHERE game_id = ?", [game]).fetchone()[0]
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    own = {  # the game copied, with ids and links of its own, in no evening
        "id": "printf('copy-%d', n)",
        "watch_token": "printf('watch-%d', n)",
        "scorer_token": "printf('scorer-%d', n)",
        "evening": "NULL",
        "table_number": "NULL",
    }
    select = ", ".join(own.get(c, c) for c in columns)
    with db.conn:
        db.execute(
            "WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < 33000)"
            f" INSERT INTO games ({', '.join(columns)}) SELECT {select} FROM n, games"
            " WHERE games.id = ?",
            [game],
        )
        db.execute(
            "INSERT INTO grants (device, game_id, role, created_at)"
            " SELECT ?, id, 'edit', created_at FROM games WHERE id LIKE 'copy-%'",
            [phone],
        )
    assert client.get("/seasons/").status_code == 200
    assert client.get(season).status_code == 200
    assert client.get("/evenings/").status_code == 200
    changed = client.post(f"{season}/nights", data={"evening": [evening]})
    assert changed.status_code == 303
