"""What a screen reader and a keyboard need from the pages themselves, and what a page
costs a phone: one <h1>, each scoresheet row in words, every refused field marked, the
screen-on script only where a phone keeps score, the evening's poll answered 304."""

from __future__ import annotations

import re

from .conftest import play, start_game, version
from .test_evenings import game_in, start_evening

NOSLEEP = "vendor/nosleep/NoSleep.min.js"


def h1s(page: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>|\s+", " ", h).strip() for h in re.findall(r"<h1\b.*?</h1>", page, re.S)
    ]


def summaries(page: str) -> list[str]:
    """What each scoresheet row's summary says to a screen reader (its hidden words)."""
    return re.findall(r'<summary>\s*<span class="sr">(.*?)</span>', page, re.S)


def test_home_and_a_scoresheet_in_progress_have_one_heading_each(client, db):
    assert h1s(client.get("/").get_data(as_text=True)) == ["Games on this phone"]
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    assert h1s(client.get(f"/g/{game}").get_data(as_text=True)) == [
        "Scoresheet: Ann, Ben, Cho, Dee"
    ]


def test_a_row_of_the_scoresheet_reads_as_words_by_side(client, db):
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    play(client, db, game, {0: 3, 1: "nil", 2: 4, 3: 4}, {0: 4, 1: 1, 2: 4, 3: 4})
    page = client.get(f"/g/{game}").get_data(as_text=True)
    (row,) = summaries(page)
    assert row.startswith("Hand 1: Ann &amp; Cho: Ann: bid 3, took 4; Cho: bid 4, took 4;")
    assert "Ben &amp; Dee: Ben: bid nil, took 1; Dee: bid 4, took 4;" in row
    # The side's points, total and markers, as the columns show them.
    assert re.search(r"Ann &amp; Cho: [^.]*; \+\d+ points, total \d+", row), row
    assert re.search(r"−\d+ points, total −?\d+; [^.]*nil failed", row), row
    # The columns' shorthand is for the eye only.
    assert page.count('<span class="shown" aria-hidden="true">') == 1


def test_a_players_own_row_names_each_once_and_says_the_cards_apart(client, db):
    game = start_game(client, "hearts-standard", names=["Ann", "Ben", "Cho", "Dee"])
    body = {"hearts_0": "3", "hearts_1": "4", "hearts_2": "5", "hearts_3": "1"}
    response = client.post(
        f"/g/{game}/play",
        data={**body, "queen_of_spades": "2", "version": version(db, game)},
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    (row,) = summaries(client.get(f"/g/{game}").get_data(as_text=True))
    assert row.startswith("Hand 1: ")
    assert "Ann: 3 hearts; +3 points, total 3." in row
    assert "Cho: 5 hearts" in row and "Ann: Ann:" not in row


def test_the_screen_on_script_is_loaded_only_where_this_phone_keeps_score(app, client, db):
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    page = client.get(f"/g/{game}").get_data(as_text=True)
    assert NOSLEEP in page and 'id="wake"' in page
    watch = re.search(r'href="http://[^/"]+(/w/[\w-]+)"', page)
    assert watch
    watcher = app.test_client()
    assert watcher.get(watch.group(1)).status_code in (302, 303)
    watched = watcher.get(f"/g/{game}").get_data(as_text=True)
    assert "Watching: this scoresheet is read-only" in watched
    assert NOSLEEP not in watched and 'id="wake"' not in watched


def test_the_evening_poll_is_answered_304_while_nothing_changed(client, db):
    evening = start_evening(client)
    game = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    first = client.get(f"/e/{evening}/version")
    tag = first.headers["ETag"]
    assert first.status_code == 200 and first.get_json()["version"]
    again = client.get(f"/e/{evening}/version", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    # Only what a 304 needs: the stored answer keeps its policies.
    assert "Content-Security-Policy" not in again.headers and again.headers["ETag"] == tag
    assert first.headers["Content-Security-Policy"]
    play(client, db, game, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    moved = client.get(f"/e/{evening}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json()["version"] != first.get_json()["version"]
    assert moved.headers["ETag"] != tag


def test_every_refused_choice_is_marked_invalid_and_tied_to_its_problem(client, db):
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    refused = client.post(f"/g/{game}/bids", data={"bid_0": "3", "version": version(db, game)})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    picker = re.search(r'<fieldset class="picker invalid" id="bid_1"[^>]*>', page)
    assert picker and 'aria-describedby="bid_1-error"' in picker.group(0)
    assert 'id="bid_1-error"' in page
    radios = re.findall(r'<input type="radio" name="bid_1"[^>]*>', page)
    assert radios and all('aria-invalid="true"' in r for r in radios)
    assert not any(
        "aria-invalid" in r for r in re.findall(r'<input type="radio" name="bid_0"[^>]*>', page)
    )


def test_a_refused_round_marks_the_players_list(client, db):
    evening = start_evening(client)
    form = client.get(f"/e/{evening}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form)
    data = {"round": "1", "players": "Ann\nBen", "ruleset": "yahoo-normal", "rounds": "1"}
    if token:
        data["csrf_token"] = token.group(1)
    refused = client.post(f"/e/{evening}/rounds", data=data)
    assert refused.status_code == 400
    textarea = re.search(r'<textarea id="rounds-players"[^>]*>', refused.get_data(as_text=True))
    assert textarea and 'aria-invalid="true"' in textarea.group(0)


def test_the_scoresheet_poll_is_answered_304_while_no_hand_changed(client, db):
    game = start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    first = client.get(f"/g/{game}/version")
    tag = first.headers["ETag"]
    assert client.get(f"/g/{game}/version", headers={"If-None-Match": tag}).status_code == 304
    play(client, db, game, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 3, 1: 4, 2: 3, 3: 3})
    moved = client.get(f"/g/{game}/version", headers={"If-None-Match": tag})
    assert moved.status_code == 200 and moved.get_json()["hands"] == 1
