"""Nobody writes where they have no right: a stranger who knows an evening's id, a
browser holding only a watch link; and no shared cache keeps a private page."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store

from .conftest import play, setup_form, start_game
from .test_evenings import game_in, start_evening
from .test_routes import text


def _watch_link(page: str) -> str:
    return re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1)


@pytest.fixture
def evening(client):
    return start_evening(client, "Friday club")


def test_a_stranger_cannot_start_a_table_in_someone_elses_evening(app, client, db, evening):
    stranger = app.test_client()
    response = stranger.post(
        f"/new/yahoo-normal?evening={evening}",
        data={
            **setup_form("yahoo-normal", names=["Zed", "Yan", "Xia", "Wes"]),
            "evening": evening,
        },
    )
    assert response.status_code == 403
    assert "Friday club" not in text(response)
    assert store.evening_games(db, evening) == []
    assert stranger.get(f"/new?evening={evening}").status_code == 403
    assert stranger.get(f"/new/yahoo-normal?evening={evening}").status_code == 403


def test_a_stranger_cannot_add_their_own_game_to_someone_elses_evening(app, client, db, evening):
    stranger = app.test_client()
    theirs = start_game(stranger, names=["Zed", "Yan", "Xia", "Wes"])
    assert stranger.post(f"/e/{evening}/add", data={"game": theirs}).status_code == 403
    assert store.get_game(db, theirs).evening is None


def test_the_watch_link_cannot_add_tables_and_sees_what_the_organizer_sees(
    app, client, db, evening
):
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    tv = app.test_client()
    assert (
        tv.get(_watch_link(client.get(f"/e/{evening}").get_data(as_text=True))).status_code == 303
    )
    page = text(tv.get(f"/e/{evening}"))
    assert "Start a game at a new table" not in page and "Add a game" not in page
    response = tv.post(
        f"/new/yahoo-normal?evening={evening}",
        data={
            **setup_form("yahoo-normal", names=["Zed", "Yan", "Xia", "Wes"]),
            "evening": evening,
        },
    )
    assert response.status_code == 403
    # A table's own phone plays again in the evening, at its table: the organizer and the
    # TV both show the new game on that table's card.
    scorer = app.test_client()
    first = store.evening_games(db, evening)[0]
    scorer.get(f"/s/{store.get_game(db, first).scorer_token}")
    while not store.get_game(db, first).finished:
        play(scorer, db, first, {0: 6, 1: 3, 2: 1, 3: 3}, {0: 6, 1: 3, 2: 1, 3: 3})
    again = scorer.post(f"/g/{first}/rematch", data={"seating": "same"})
    new = again.headers["Location"].rsplit("/", 1)[1]
    assert store.get_game(db, new).table == store.get_game(db, first).table
    for page in (client.get(f"/e/{evening}"), tv.get(f"/e/{evening}")):
        assert f"/g/{new}" in page.get_data(as_text=True) and f'/g/{first}"' not in page.get_data(
            as_text=True
        )


def test_an_evenings_name_and_date_are_shown_only_to_those_it_was_shared_with(
    app, client, db, evening
):
    stranger = app.test_client()
    for url in (f"/e/{evening}", f"/e/{evening}/summary.pdf", f"/e/{evening}/export.csv"):
        response = stranger.get(url)
        assert response.status_code == 403, url
        assert b"Friday club" not in response.data
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    # A phone given one table's watch link plays in the evening: it may see it.
    guest = app.test_client()
    guest.get(f"/w/{store.get_game(db, game_id).watch_token}")
    assert "Friday club" in text(guest.get(f"/e/{evening}"))


def test_a_watch_link_cannot_confirm_a_hand(app, client, db):
    data = {**setup_form("yahoo-normal"), "confirm_hands": "y"}
    game_id = client.post("/new/yahoo-normal", data=data).headers["Location"].rsplit("/", 1)[1]
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    stored = store.get_game(db, game_id)
    watcher = app.test_client()
    watcher.get(f"/w/{stored.watch_token}")
    page = watcher.get(f"/g/{game_id}/hands/1")
    assert page.status_code == 200 and "Confirm hand 1" not in text(page)
    response = watcher.post(
        f"/g/{game_id}/hands/1/confirm", data={"by": "Ben", "version": stored.version}
    )
    assert response.status_code == 403
    assert store.get_game(db, game_id).confirmations == (None,)


def test_a_confirmation_is_never_overwritten(client, db):
    data = {**setup_form("yahoo-normal"), "confirm_hands": "y"}
    game_id = client.post("/new/yahoo-normal", data=data).headers["Location"].rsplit("/", 1)[1]
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    version = store.get_game(db, game_id).version
    confirm = client.post(f"/g/{game_id}/hands/1/confirm", data={"by": "Ben", "version": version})
    assert confirm.status_code == 303
    again = client.post(
        f"/g/{game_id}/hands/1/confirm",
        data={"by": "Dee", "version": store.get_game(db, game_id).version},
    )
    assert again.status_code == 409 and "Ben has already confirmed hand 1" in text(again)
    assert store.get_game(db, game_id).confirmations == ("Ben",)


def test_private_pages_are_never_kept_by_a_shared_cache(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    for url in ("/", f"/g/{game_id}", f"/g/{game_id}/hands/1", f"/g/{game_id}/export.csv"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response.headers["Cache-Control"], url
    static = client.get("/static/app.css")
    static.close()
    assert "max-age" in static.headers["Cache-Control"]


CYRILLIC_ANN = "\u0410nn"  # Cyrillic A: reads "Ann"


def test_a_name_that_looks_like_another_players_is_refused_at_the_table(client, db):
    form = setup_form("yahoo-normal", names=["Ann", CYRILLIC_ANN, "Cho", "Dee"])
    response = client.post("/new/yahoo-normal", data=form)
    assert response.status_code == 400
    assert "Seat 1 is Ann, which looks the same but is written with other letters" in text(
        response
    )
    blank = setup_form("yahoo-normal", names=["Ann", "Ann\u2800", "Cho", "Dee"])
    response = client.post("/new/yahoo-normal", data=blank)
    assert response.status_code == 400 and "shows as blank space" in text(response)
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_a_name_that_looks_like_one_at_another_table_of_the_evening_is_refused(
    app, client, db, evening
):
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    form = {
        **setup_form("yahoo-normal", names=[CYRILLIC_ANN, "Eve", "Fay", "Gus"]),
        "evening": evening,
    }
    response = client.post(f"/new/yahoo-normal?evening={evening}", data=form)
    assert response.status_code == 400
    assert "Ann plays at another table tonight and looks the same" in text(response)
    # The same player at a second table is no look-alike: "ann" is Ann.
    again = {**setup_form("yahoo-normal", names=["ann", "Eve", "Fay", "Gus"]), "evening": evening}
    assert client.post(f"/new/yahoo-normal?evening={evening}", data=again).status_code == 303
    # A game of this phone's added to the evening is held to the same rule.
    outside = start_game(client, names=[CYRILLIC_ANN, "Joy", "Kim", "Lou"])
    response = client.post(f"/e/{evening}/add", data={"game": outside})
    assert response.status_code == 400 and "look alike" in text(response)
    assert store.get_game(db, outside).evening is None
    # Tonight's players for a rotation: the same.
    seated = client.post(
        f"/e/{evening}/rounds",
        data={
            "round": "1",
            "players": "\n".join(["Ann", CYRILLIC_ANN, "Cho", "Dee", "Eve", "Fay", "Gus", "Hal"]),
            "ruleset": "yahoo-normal",
            "rounds": "3",
            "method": "balanced",
            "pins": "",
        },
    )
    assert seated.status_code == 400 and "look alike" in text(seated)
