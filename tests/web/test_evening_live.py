"""The evening's live parts (/e/<id>/live): what its page's script swaps in place when the
evening's version changed, the same for every TV of the evening, and never another
phone's view or language."""

from __future__ import annotations

import gzip
import re
import time

from .conftest import play
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
