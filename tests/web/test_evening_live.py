"""The evening's live parts (/e/<id>/live): what its page's script swaps in place when the
evening's version changed, the same for every TV of the evening, and never another
phone's view or language."""

from __future__ import annotations

import gzip
import re
import time

from .conftest import play
from .test_director import held_by_a_table_phone
from .test_evenings import game_in, start_evening, table_cards


def watching(app, client, evening: str, language: str = "en"):
    page = client.get(f"/e/{evening}").get_data(as_text=True)
    link = re.search(r'class="share-url" href="http://[^/"]+(/v/[\w-]+)"', page).group(1)
    tv = app.test_client()
    tv.set_cookie("lang", language)
    assert tv.get(link).status_code == 303
    return tv


def live(phone, evening: str) -> str:
    response = phone.get(f"/e/{evening}/live")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def shown(response) -> str:
    """The version a live answer says it shows (its ETag, and the parts' own word)."""
    version = response.headers["ETag"].removeprefix("W/").strip('"')
    if response.status_code == 200:
        assert f'id="evening-live" data-version="{version}"' in response.get_data(as_text=True)
    return version


def test_the_live_parts_follow_every_hand_within_a_second(app, client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    game_in(client, evening, ["Eve", "Fay", "Gus", "Hal"])
    tv = watching(app, client, evening)
    first = tv.get(f"/e/{evening}/live")
    before = first.get_data(as_text=True)
    assert "No hand yet" in table_cards(before)[0]
    assert 'id="round-clock"' in before and 'id="standings"' in before
    version = shown(first)
    assert version == tv.get(f"/e/{evening}/version").get_json()["version"]
    # Asked again with the version it shows: nothing changed, nothing sent.
    again = tv.get(f"/e/{evening}/live", headers={"If-None-Match": f'"{version}"'})
    assert again.status_code == 304 and again.data == b""
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})
    time.sleep(1.0)  # every TV of the evening shares the parts, built at most once a second
    moved = tv.get(f"/e/{evening}/live", headers={"If-None-Match": f'"{version}"'})
    assert moved.status_code == 200 and shown(moved) != version
    cards = table_cards(moved.get_data(as_text=True))
    assert "Hand 1: Ann & Cho −60 (set) · Ben & Dee +62" in cards[0], cards[0]
    assert "No hand yet" in cards[1]
    assert shown(moved) == tv.get(f"/e/{evening}/version").get_json()["version"]
    # The page and its live parts say the same.
    page = tv.get(f"/e/{evening}").get_data(as_text=True)
    assert table_cards(page) == cards
    assert f'data-parts="/e/{evening}/live"' in page


def test_each_tv_has_the_parts_in_its_own_language(app, client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})
    english, japanese = watching(app, client, evening), watching(app, client, evening, "ja")
    assert "Hand 1: Ann & Cho" in text_of(live(english, evening))
    assert "第1ハンド：Ann & Cho −60（セット）" in text_of(live(japanese, evening))
    assert "Hand 1: Ann & Cho" in text_of(live(english, evening))


def test_a_player_sees_only_the_tables_it_may_even_after_a_tv_asked(app, client, db):
    evening = start_evening(client)
    mine = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    game_in(client, evening, ["Eve", "Fay", "Gus", "Hal"])
    tv = watching(app, client, evening)
    assert len(table_cards(live(tv, evening))) == 2
    page = client.get(f"/g/{mine}").get_data(as_text=True)
    watch = re.search(r'href="http://[^"]+(/w/[\w-]+)"', page).group(1)
    player = app.test_client()  # watches one table of the evening: sees that one
    player.get(watch)
    cards = table_cards(live(player, evening))
    assert len(cards) == 1 and "Ann · Ben · Cho · Dee" in cards[0]
    stranger = app.test_client()
    assert stranger.get(f"/e/{evening}/live").status_code == 403


def text_of(parts: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", parts.replace("&amp;", "&")).split())


def test_a_tv_gets_the_parts_gzipped_and_a_client_without_gzip_plain(app, client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})
    tv = watching(app, client, evening)
    packed = tv.get(f"/e/{evening}/live", headers={"Accept-Encoding": "gzip, deflate"})
    plain = tv.get(f"/e/{evening}/live")
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in plain.headers
    for answer in (packed, plain):
        assert "Accept-Encoding" in answer.headers["Vary"]
    body = packed.get_data()
    assert int(packed.headers["Content-Length"]) == len(body)
    parts = gzip.decompress(body).decode()
    assert "Hand 1: Ann & Cho" in text_of(parts) and 'id="round-clock"' in parts
    assert table_cards(parts) == table_cards(plain.get_data(as_text=True))
    assert packed.headers["ETag"] == f'W/"{shown(plain)}"'
    # Revalidated with the gzipped answer's (weak) tag: nothing changed, nothing sent.
    again = tv.get(
        f"/e/{evening}/live",
        headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]},
    )
    assert again.status_code == 304 and again.data == b""


def test_an_unchanged_evening_answers_its_screens_304_until_a_hand_changes_it(app, client, db):
    evening = start_evening(client)
    game_id = game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])
    tv = watching(app, client, evening)
    version = shown(tv.get(f"/e/{evening}/live"))
    for tag in (f'"{version}"', f'W/"{version}"'):  # as sent plain, and gzipped
        again = tv.get(f"/e/{evening}/live", headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.data == b""
        assert again.headers["Poll-After"] == "2"
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 2, 1: 4, 2: 3, 3: 4})
    time.sleep(1.0)  # the parts are built again at most once a second
    moved = tv.get(f"/e/{evening}/live", headers={"If-None-Match": f'"{version}"'})
    assert moved.status_code == 200 and "Hand 1: Ann & Cho" in text_of(
        moved.get_data(as_text=True)
    )
    assert moved.headers["Poll-After"] == "2"


def test_nobody_outside_an_evening_learns_from_its_polls(app, client, db):
    evening = start_evening(client)
    other = start_evening(client)  # the same name and settings, empty too
    first = shown(watching(app, client, evening).get(f"/e/{evening}/live"))
    second = shown(watching(app, client, other).get(f"/e/{other}/live"))
    assert first != second  # an empty evening's version cannot be worked out from its rows
    stranger = app.test_client()
    stranger.get("/")  # a phone of its own, with no right to the evening
    for tag in ('"0123456789abcdef"', f'"{second}"', "*"):
        refused = stranger.get(f"/e/{evening}/live", headers={"If-None-Match": tag})
        assert refused.status_code == 403 and "Poll-After" not in refused.headers
        assert "Friday club" not in refused.get_data(as_text=True)
    assert stranger.get("/e/nothing-here/live", headers={"If-None-Match": "*"}).status_code == 404


def test_a_phone_whose_table_was_taken_over_is_refused_at_its_next_poll(app, client, db):
    evening = start_evening(client)
    client.post(f"/e/{evening}/tables", data={"name": ""})
    phone = held_by_a_table_phone(app, client, evening, 1)
    version = shown(phone.get(f"/e/{evening}/live"))
    held = {"If-None-Match": f'"{version}"'}
    assert phone.get(f"/e/{evening}/live", headers=held).status_code == 304
    taken = client.post(f"/e/{evening}/t/1/lock", data={"take_over": "1", "confirm": "1"})
    assert taken.status_code == 303
    refused = phone.get(f"/e/{evening}/live", headers=held)
    assert refused.status_code == 403 and "took table 1 over" in text_of(
        refused.get_data(as_text=True)
    )


def test_the_more_screens_watch_an_evening_the_less_often_each_asks(app, client, db):
    evening = start_evening(client)
    game_in(client, evening, ["Ann", "Ben", "Cho", "Dee"])

    def asks_after(screen, watched: str = evening) -> float:
        answer = screen.get(f"/e/{watched}/live")
        assert answer.status_code == 200, answer.get_data(as_text=True)[-600:]
        return float(answer.headers["Poll-After"])

    screens = [watching(app, client, evening) for _ in range(200)]
    waits = [asks_after(screen) for screen in screens]
    assert waits[0] == 2 and waits[79] == 2  # a club's few TVs: every 2 s
    assert waits[119] == 3 and waits[199] == 5  # together about 40 polls a second
    assert asks_after(screens[0]) == 5  # a screen that asks again counts once
    more = [watching(app, client, evening) for _ in range(100)]
    assert [asks_after(screen) for screen in more][-1] == 5  # never less often than 5 s
    # Another evening's screens are counted apart.
    other = start_evening(client)
    assert asks_after(watching(app, client, other), other) == 2
