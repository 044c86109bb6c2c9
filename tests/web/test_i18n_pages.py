"""Every page in Japanese: nothing untranslated or unmarked is left in English."""

from __future__ import annotations

import html as html_module
import re

import pytest

from scorekeeper import store
from scorekeeper.engine import all_rulesets

from .conftest import play, setup_form, start_game

# --- every page, rendered in Japanese, carries no English left over --------------------

WORD = r"[A-Za-z][A-Za-z']+"
ALLOWED = {
    # Latin words Japanese pages legitimately show: product and program names from the
    # presets' own Japanese texts, units and formats.
    "PIN", "PDF", "A4", "JSON", "CSV", "English", "N", "OK", "ID", "QR", "JavaScript",
}  # fmt: skip


def preset_words() -> set[str]:
    words: set[str] = set()
    for ruleset in all_rulesets():
        for chunk in (
            ruleset.text("name", "ja"),
            ruleset.text("description", "ja"),
            ruleset.source,
            ruleset.source_part,
            *ruleset.text("notes", "ja"),
        ):
            words |= set(re.findall(WORD, chunk))
    return words


def leftover_english(html: str, extra: set[str]) -> list[str]:
    html = re.sub(
        r"<(script|style|code|title|q)\b.*?</\1>", " ", html, flags=re.S
    )  # q: the seed's own words
    html = re.sub(
        r'<span class="orig"[^>]*>.*?</span>', " ", html, flags=re.S
    )  # the English original, on purpose
    attributes = " ".join(re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', html))
    visible = re.sub(r"<[^>]+>", " ", html) + " " + attributes
    visible = re.sub(r"https?://\S+", " ", visible)
    words = re.findall(WORD, html_module.unescape(visible))
    allowed = ALLOWED | extra
    return sorted({w for w in words if w not in allowed and w.rstrip("'s") not in allowed})


@pytest.fixture
def ja_client(app):
    client = app.test_client()
    client.set_cookie("lang", "ja")
    return client


def test_no_page_shows_untranslated_or_unmarked_english(ja_client, db):
    client = ja_client
    names = ["山田", "佐藤", "鈴木", "高橋"]
    spades = start_game(client, "pagat-standard", names=names)
    play(client, db, spades, {0: "nil", 1: 4, 2: 3, 3: 5}, {0: 1, 1: 4, 2: 2, 3: 5})
    hearts = start_game(client, "hearts-standard", names=names)
    spitzer = start_game(client, "spitzer", names=names)
    store.add_hand(
        db,
        hearts,
        {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "add"},
        version=None,
    )
    store.add_hand(
        db,
        spitzer,
        {"contract": "zola", "declarers": [1], "points": 75, "tricks": 5},
        version=None,
    )
    evening = client.post("/evenings/", data={"name": "金曜クラブ"}).headers["Location"]
    for game_id in (spades, hearts, spitzer):
        client.post(f"{evening}/add", data={"game": game_id})
    urls = [
        evening, "/", "/new", "/new/yahoo-normal", "/new/hearts-widow", "/new/spitzer", "/import", "/rules/",
        "/rules/yahoo-dnp", "/rules/spitzer", "/rules/compare?ids=yahoo-normal&ids=pagat-standard",
        f"/g/{spades}", f"/g/{spades}/bids", f"/g/{spades}/hands/1", f"/g/{spades}/hands/1/edit",
        f"/g/{spades}/hands/1/delete", f"/g/{spades}/history", f"/g/{spades}/rules", f"/g/{spades}/rules/change",
        f"/g/{spades}/whatif?ruleset=yahoo-normal", f"/g/{hearts}", f"/g/{hearts}/play", f"/g/{hearts}/hands/1",
        f"/g/{spitzer}", f"/g/{spitzer}/play", f"/g/{spitzer}/hands/1", "/g/no-such-game",
    ]  # fmt: skip
    extra = preset_words()
    problems = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        left = leftover_english(response.get_data(as_text=True), extra)
        if left:
            problems[url] = left
    assert not problems, problems


def test_language_follows_the_browser_and_the_choice_sticks(app):
    client = app.test_client()
    assert "新しいゲーム" in client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}).get_data(
        as_text=True
    )
    assert "New game" in client.get("/", headers={"Accept-Language": "en-US"}).get_data(
        as_text=True
    )
    response = client.get("/lang/ja?next=/rules/")
    assert response.status_code == 303 and response.headers["Location"] == "/rules/"
    assert (
        "HttpOnly" in response.headers["Set-Cookie"]
        and "SameSite=Lax" in response.headers["Set-Cookie"]
    )
    assert "ルール" in client.get("/rules/", headers={"Accept-Language": "en"}).get_data(
        as_text=True
    )
    assert client.get("/lang/en?next=//evil.example/").headers["Location"] == "/"
    assert client.get("/lang/xx").status_code == 404
    page = client.get("/").get_data(as_text=True)
    assert 'href="/lang/ja?next=/"' in page  # the switch is on every page


def test_wtforms_messages_in_japanese(ja_client):
    response = ja_client.post(
        "/new/yahoo-normal", data={**setup_form("yahoo-normal"), "opt_target": "lots"}
    )
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Not a valid integer value" not in page
    assert "整数" in page


def test_japanese_setup_heads_the_seats_with_players_not_their_number(ja_client):
    page = ja_client.get("/new/yahoo-normal").get_data(as_text=True)
    assert "<h2>プレイヤー</h2>" in page
    assert "<h2>プレイヤー数</h2>" not in page
    assert "プレイヤー数" in page  # the option that sets how many play keeps its word
