"""Evenings: games grouped by occasion, every table and the standings on one page."""

from __future__ import annotations

import html
import re

from scorekeeper import store

from .conftest import play, setup_form
from .test_routes import text


def start_evening(client, name="Friday club") -> str:
    response = client.post("/evenings/", data={"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def game_in(client, evening_id, names) -> str:
    response = client.post(
        f"/new/yahoo-normal?evening={evening_id}",
        data={**setup_form("yahoo-normal", names=names), "evening": evening_id},
    )
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def test_an_evening_shows_every_table_and_the_standings(client, db):
    evening = start_evening(client)
    first = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    second = game_in(client, evening, ["Ann", "Eve", "Fay", "Gus"])
    play(client, db, first, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 70 : 60
    play(client, db, second, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})  # 60 : 61
    page = client.get(f"/e/{evening}")
    body = text(page)
    assert page.status_code == 200
    assert "Friday club" in body and "2 tables" in body
    assert "Ann · Ben · Cho · Dee" in body and "Ann · Eve · Fay · Gus" in body
    # One kind: ranked by its points. Ann: two games, 70 + 60 = 130 points, difference
    # +10 − 1 = +9; nobody has won yet.
    assert "Ranked by Spades points, highest first; then points difference." in body
    assert "1 Ann 2 0 130 +9 2 Cho 1 0 70 +10 3 Eve 1 0 61 +1 3 Gus 1 0 61 +1" in body, body
    assert store.get_game(db, first).evening == evening
    csv = client.get(f"/e/{evening}/export.csv").get_data(as_text=True)
    assert len(csv.strip().splitlines()) == 1 + 2 * 4  # two tables, one hand, four seats
    pdf = client.get(f"/e/{evening}/summary.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


def test_a_game_can_be_added_and_a_stranger_sees_no_table(app, client, db):
    evening = start_evening(client, "Family weekend")
    response = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal"))
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert "Add one of this phone's games" in text(client.get(f"/e/{evening}"))
    assert client.post(f"/e/{evening}/add", data={"game": game_id}).status_code == 303
    assert "1 table" in text(client.get(f"/e/{evening}"))
    assert "The evening's tables and standings" in text(client.get(f"/g/{game_id}"))
    stranger = app.test_client()
    page = stranger.get(f"/e/{evening}")
    assert page.status_code == 403
    assert "Family weekend" not in text(page) and "Ann" not in text(page)
    assert stranger.post(f"/e/{evening}/add", data={"game": game_id}).status_code == 403
    assert client.get("/e/no-such-evening").status_code == 404


def test_the_games_to_add_are_named_by_game_rules_and_hands(client, db):
    """Two games of the same four players are told apart by their rules and hands."""
    evening = start_evening(client)
    normal = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal"))
    normal_id = normal.headers["Location"].rsplit("/", 1)[1]
    play(client, db, normal_id, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    client.post("/new/pagat-standard", data=setup_form("pagat-standard"))
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    add = page[page.index('id="add-game"') :]
    options = re.findall(
        r"<option value=\"[^\"]+\">([^<]*)</option>", add[: add.index("</select>")]
    )
    assert len(options) == 2 and len(set(options)) == 2, options
    assert any(
        o.startswith("Spades · Yahoo! Normal · Ann · Ben · Cho · Dee · 1 hand · ") for o in options
    ), options
    assert any(" · 0 hands · " in o for o in options), options


def test_a_rematch_stays_in_its_evening(client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    new = store.rematch(db, game_id)
    assert store.get_game(db, new).evening == evening


def test_the_evenings_watch_link_shows_every_table_read_only(app, client, db):
    evening = start_evening(client, "Club night")
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    link = re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1)
    tv = app.test_client()
    assert "Ann · Ben · Cho · Dee" not in text(tv.get(f"/e/{evening}"))
    assert tv.get(link).status_code == 303
    assert "Ann · Ben · Cho · Dee" in text(tv.get(f"/e/{evening}"))
    assert tv.get(f"/g/{game_id}").status_code == 200  # the table, read-only
    assert "Watching:" in text(tv.get(f"/g/{game_id}"))
    assert tv.get(f"/g/{game_id}/bids").status_code == 403
    # A game started later in the evening is on the TV too.
    later = game_in(client, evening, ["Eve", "Fay", "Gus", "Hal"])
    assert tv.get(f"/g/{later}").status_code == 200
    # Only the evening's starter is shown the link; a wrong link opens nothing.
    assert "share-url" not in tv.get(f"/e/{evening}").get_data(as_text=True)
    assert tv.get("/v/not-a-token").status_code == 404


def test_every_csv_download_keeps_a_formula_in_a_name_from_running(client, db):
    """Names a spreadsheet would run (=, +, -, @) start with a quote in the game's, the
    evening's and the players' CSV; a negative score stays a number."""
    import csv
    import io

    names = ["=HYPERLINK(1)", "+1", "-Ann", "@SUM(A1)"]
    evening = start_evening(client)
    game_id = game_in(client, evening, names)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})  # set: −60
    for url in (f"/g/{game_id}/export.csv", f"/e/{evening}/export.csv", "/players/export.csv"):
        body = client.get(url).get_data(as_text=True).lstrip("\ufeff")
        rows = list(csv.DictReader(io.StringIO(body)))
        assert [row["player"] for row in rows] == ["'" + name for name in names], url
        assert rows[0]["points"] == "-60" and rows[0]["total"] == "-60", url


def table_cards(page: str) -> list[str]:
    """Each table card of the evening page, as its words."""
    cards = re.findall(r'<li class="game-card table-card[^"]*"[^>]*>(.*?)</li>', page, flags=re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", card)).split()) for card in cards]


def test_each_table_says_its_latest_hand_and_who_leads(app, client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    game_in(client, evening, ["Eve", "Fay", "Gus", "Hal"])
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 3, 2: 3, 3: 4})
    # Hand 2: Ann & Cho bid 6 and took 5 (set, −60); Ben & Dee bid 6, took 8 (+62).
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})
    first, second = table_cards(client.get(f"/e/{evening}").get_data(as_text=True))
    # Only the latest hand, its points (not the totals), the marker that cost a side;
    # who led is not a result.
    assert "Hand 2: Ann & Cho −60 (set) · Ben & Dee +62" in first, first
    assert "Hand 1" not in first and "led first" not in first
    assert "Ann & Cho 0 Ben & Dee 123" in first and "Leading: Ben & Dee" in first
    assert "No hand yet" in second and "Hand " not in second
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    watch = re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1)
    ja = app.test_client()  # a TV in Japanese, through the watch link
    ja.set_cookie("lang", "ja")
    ja.get(watch)
    first, _second = table_cards(ja.get(f"/e/{evening}").get_data(as_text=True))
    assert "第2ハンド：Ann & Cho −60（セット） · Ben & Dee +62" in first, first
    assert "リード：Ben & Dee" in first


def test_a_table_at_the_end_names_its_winner(client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    store.change_options(db, game_id, {"target": 100}, version=None)
    play(client, db, game_id, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 70 : 60
    play(client, db, game_id, {0: 4, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})  # 140 : 120
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    (card,) = table_cards(page)
    assert "Winner: Ann & Cho" in card and "Leading" not in card
    assert '<li class="game-card table-card finished" id="table-1">' in page


def test_a_scorer_link_holder_cannot_move_a_table_out_of_the_evening(app, client, db):
    evening = start_evening(client, "Club night")
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    tv = app.test_client()
    tv.get(re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1))
    game_page = client.get(f"/g/{game_id}").get_data(as_text=True)
    scorer_link = re.search(r'href="http://[^/"]+(/s/[\w-]+)"', game_page).group(1)
    scorer = app.test_client()
    scorer.get(scorer_link)
    own = start_evening(scorer, "Mine")
    response = scorer.post(f"/e/{own}/add", data={"game": game_id})
    assert response.status_code == 409 and "a table of another evening" in text(response)
    response = scorer.post(f"/e/{own}/add", data={"game": game_id, "move": "1"})
    assert response.status_code == 403
    assert "only that evening&#39;s director can take it out" in text(response)
    assert store.get_game(db, game_id).evening == evening
    assert tv.get(f"/g/{game_id}").status_code == 200  # the organizer's TV keeps the table


def test_the_organizer_moving_a_table_is_in_its_history(client, db):
    first, second = start_evening(client, "Friday"), start_evening(client, "Saturday")
    game_id = game_in(client, first, ["Ann", "Ben", "Cho", "Dee"])
    moved = client.post(f"/e/{second}/add", data={"game": game_id, "move": "1"})
    assert moved.status_code == 303 and store.get_game(db, game_id).evening == second
    history = text(client.get(f"/g/{game_id}/history"))
    assert "Moved from the evening Friday to the evening Saturday." in history
    loose = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal"))
    loose_id = loose.headers["Location"].rsplit("/", 1)[1]
    client.post(f"/e/{first}/add", data={"game": loose_id})
    assert "Added to the evening Friday." in text(client.get(f"/g/{loose_id}/history"))
