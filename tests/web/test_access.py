"""Who may see or change a game: grants, share links, the PIN; headers and the secret key."""

from __future__ import annotations

import re
import stat
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from scorekeeper import store
from scorekeeper.store.pins import (
    GAME_TRIES,
    PIN_TRIES,
    PIN_WINDOW,
    SIEGE_TRIES,
    SIEGE_WAIT,
    pin_missed,
    pin_wait,
)
from scorekeeper.web import access, create_app

from .conftest import play, setup_form, start_game, text, version


def links(client, game_id):
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    watch = re.search(r'href="http://[^/"]+(/w/[\w-]+)"', page).group(1)
    scorer = re.search(r'href="http://[^/"]+(/s/[\w-]+)"', page).group(1)
    pin = re.search(r'<strong class="pin">(\d{6})</strong>', page).group(1)
    return watch, scorer, pin


def test_a_stranger_cannot_see_or_change_a_game(app, client, db):
    game_id = start_game(client)
    stranger = app.test_client()
    for url in (
        f"/g/{game_id}",
        f"/g/{game_id}/hands/1",
        f"/g/{game_id}/export",
        f"/g/{game_id}/history",
        f"/g/{game_id}/scoresheet.pdf",
        f"/g/{game_id}/rules",
        f"/g/{game_id}/whatif",
        f"/g/{game_id}/version",
    ):
        response = stranger.get(url)
        assert response.status_code == 403, url
        assert "This game is private" in text(response)
    response = stranger.post(f"/g/{game_id}/bids", data={"bid_0": "3", "version": "0"})
    assert response.status_code == 403
    assert store.get_game(db, game_id).pending_bids is None
    assert "Ann · Ben" not in text(stranger.get("/"))


def test_the_home_page_lists_only_this_browsers_games(app, client):
    start_game(client, names=["Ann", "Ben", "Cho", "Dee"])
    other = app.test_client()
    start_game(other, names=["Wu", "Xi", "Yo", "Zed"])
    mine, theirs = text(client.get("/")), text(other.get("/"))
    assert "Ann · Ben · Cho · Dee" in mine and "Wu · Xi" not in mine
    assert "Wu · Xi · Yo · Zed" in theirs and "Ann · Ben" not in theirs


def test_the_watch_link_shows_the_game_read_only(app, client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    watch, _scorer, _pin = links(client, game_id)
    watcher = app.test_client()
    response = watcher.get(watch)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/g/{game_id}")
    page = text(watcher.get(f"/g/{game_id}"))
    assert (
        "Ann &amp; Cho 61" in page and "Enter bids" not in page and "Share this game" not in page
    )
    assert "Keep score on this phone" in page
    assert watcher.get(f"/g/{game_id}/scoresheet.pdf").status_code == 200
    assert watcher.get(f"/g/{game_id}/version").get_json() == {
        "version": 2,
        "hands": 1,
    }  # bids, then the hand
    response = watcher.post(
        f"/g/{game_id}/bids",
        data={
            "bid_0": "3",
            "bid_1": "3",
            "bid_2": "3",
            "bid_3": "3",
            "version": version(db, game_id),
        },
    )
    assert response.status_code == 403
    assert "may watch this game but not change it" in text(response)
    assert watcher.get(f"/g/{game_id}/hands/1/edit").status_code == 403
    assert "Ann · Ben" in text(watcher.get("/"))


def test_the_scorer_link_gives_the_edit_right(app, client, db):
    game_id = start_game(client)
    _watch, scorer, _pin = links(client, game_id)
    second = app.test_client()
    second.get(scorer)
    response = second.post(
        f"/g/{game_id}/bids",
        data={
            "bid_0": "3",
            "bid_1": "3",
            "bid_2": "3",
            "bid_3": "3",
            "version": version(db, game_id),
        },
    )
    assert response.status_code == 303
    assert store.get_game(db, game_id).pending_bids == [3, 3, 3, 3]


def test_unknown_share_links_open_nothing(client):
    game_id = start_game(client)
    watch, scorer, _pin = links(client, game_id)
    assert client.get("/w/not-a-token").status_code == 404
    assert (
        client.get("/s/" + watch.rsplit("/", 1)[1]).status_code == 404
    )  # a watch token is no scorer link
    assert client.get("/w/" + scorer.rsplit("/", 1)[1]).status_code == 404


def test_the_pin_gives_a_watching_phone_the_edit_right(app, client, db):
    game_id = start_game(client)
    watch, _scorer, pin = links(client, game_id)
    watcher = app.test_client()
    watcher.get(watch)
    page = watcher.get(f"/g/{game_id}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', page)
    token = csrf.group(1) if csrf else ""
    wrong = "000000" if pin != "000000" else "111111"
    assert (
        watcher.post(f"/g/{game_id}/pin", data={"pin": wrong, "csrf_token": token}).status_code
        == 403
    )
    assert (
        watcher.post(f"/g/{game_id}/pin", data={"pin": pin, "csrf_token": token}).status_code
        == 303
    )
    assert "Share this game" in text(watcher.get(f"/g/{game_id}"))


def test_guessing_the_pin_is_rate_limited(app, client):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    guesser = app.test_client()
    wrong = "000000" if pin != "000000" else "111111"
    for _ in range(PIN_TRIES):
        assert guesser.post(f"/g/{game_id}/pin", data={"pin": wrong}).status_code == 403
    response = guesser.post(f"/g/{game_id}/pin", data={"pin": pin})
    assert response.status_code == 429
    assert "Too many wrong PINs" in text(response)
    assert guesser.get(f"/g/{game_id}").status_code == 403


def test_too_many_wrong_pins_say_the_true_wait_in_words_and_in_retry_after(app, client):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    guesser = app.test_client()
    for _ in range(PIN_TRIES):
        guesser.post(f"/g/{game_id}/pin", data={"pin": "not-it"})
    response = guesser.post(f"/g/{game_id}/pin", data={"pin": pin})
    assert response.status_code == 429
    wait = int(response.headers["Retry-After"])
    assert PIN_WINDOW - 30 < wait <= PIN_WINDOW
    assert "Try again in 10 minutes." in text(response)


def test_the_wait_is_counted_from_the_first_wrong_pin_of_the_window(db, client):
    game_id = start_game(client)
    for second in range(PIN_TRIES):
        pin_missed(db, game_id, "phone", now=1000.0 + second * 60)
    assert pin_wait(db, game_id, "phone", now=1300.0) == 300  # the first one leaves at 1600
    assert pin_wait(db, game_id, "phone", now=1599.5) == 1
    assert pin_wait(db, game_id, "phone", now=1600.0) == 0
    assert pin_wait(db, game_id, "another phone", now=1300.0) == 0


def test_wrong_pins_from_throwaway_cookies_never_lock_out_the_right_pin(app, client, db):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    wrong = "000000" if pin != "000000" else "111111"
    for _ in range(GAME_TRIES):  # each from a cookie thrown away after one try
        assert app.test_client().post(f"/g/{game_id}/pin", data={"pin": wrong}).status_code == 403
    friend = app.test_client()
    assert friend.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 303
    assert "Share this game" in text(friend.get(f"/g/{game_id}"))
    # A phone that mistyped once still gets in with the right PIN.
    typo = app.test_client()
    assert typo.post(f"/g/{game_id}/pin", data={"pin": wrong}).status_code == 403
    assert typo.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 303
    # While the game is under siege, a phone gets SIEGE_TRIES wrong PINs, then waits a
    # minute (not ten) before its next try is heard; then the right PIN gets in.
    honest = app.test_client()
    for _ in range(SIEGE_TRIES):
        assert honest.post(f"/g/{game_id}/pin", data={"pin": wrong}).status_code == 403
    slowed = honest.post(f"/g/{game_id}/pin", data={"pin": pin})
    assert slowed.status_code == 429 and 0 < int(slowed.headers["Retry-After"]) <= SIEGE_WAIT
    db.execute("UPDATE pin_misses SET at = at - ?", [SIEGE_WAIT])  # a minute later
    db.conn.commit()
    assert honest.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 303


def test_the_game_wide_count_shortens_each_phones_tries_but_hears_a_new_phone(db, client):
    game_id = start_game(client)
    for n in range(GAME_TRIES):
        pin_missed(db, game_id, f"throwaway-{n}", now=1000.0)
    assert pin_wait(db, game_id, "yet-another", now=1000.0) == 0
    pin_missed(db, game_id, "yet-another", now=1010.0)
    assert pin_wait(db, game_id, "yet-another", now=1010.0) == 0
    pin_missed(db, game_id, "yet-another", now=1020.0)
    assert pin_wait(db, game_id, "yet-another", now=1020.0) == SIEGE_WAIT
    assert pin_wait(db, game_id, "yet-another", now=1020.0 + SIEGE_WAIT) == 0
    for second in (1100.0, 1200.0, 1300.0):  # a phone's own five still lock it
        pin_missed(db, game_id, "yet-another", now=second)
    assert pin_wait(db, game_id, "yet-another", now=1400.0) == 1010.0 + PIN_WINDOW - 1400.0
    # Once the others' misses leave the window, the phone has its five again.
    pin_missed(db, game_id, "one-more", now=1602.0)
    pin_missed(db, game_id, "one-more", now=1603.0)
    assert pin_wait(db, game_id, "one-more", now=1603.0) == 0


def test_the_right_pin_from_another_phone_behind_the_same_address_is_taken(app, client):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    guesser, friend = app.test_client(), app.test_client()
    for _ in range(PIN_TRIES + 1):
        guesser.post(f"/g/{game_id}/pin", data={"pin": "not-it"})
    assert guesser.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 429
    assert friend.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 303


def test_wrong_pins_are_still_counted_after_a_restart(app, client, tmp_path):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    guesser = app.test_client()
    for _ in range(PIN_TRIES):
        guesser.post(f"/g/{game_id}/pin", data={"pin": "not-it"})
    restarted = create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path), "WTF_CSRF_ENABLED": False}
    )
    again = restarted.test_client()
    again.set_cookie("session", guesser.get_cookie("session").value)
    assert again.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 429


def planted(app, device_id: str):
    """A browser whose cookie holds a device id someone else chose (and also holds)."""
    browser = app.test_client()
    with browser.session_transaction() as session:
        session["device"] = device_id
    return browser


@pytest.mark.parametrize("how", ["pin", "scorer link"])
def test_a_planted_device_id_never_gets_the_rights_a_grant_gives(app, client, db, how):
    game_id = start_game(client)
    _watch, scorer, pin = links(client, game_id)
    victim, attacker = planted(app, "planted-id"), planted(app, "planted-id")
    own = start_game(client)
    store.grant(db, "planted-id", own, "watch")  # what the browser had comes along
    if how == "pin":
        assert victim.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 303
    else:
        assert victim.get(scorer).status_code == 303
    with victim.session_transaction() as session:
        assert session["device"] != "planted-id"
    assert "Share this game" in text(victim.get(f"/g/{game_id}"))
    assert victim.get(f"/g/{own}").status_code == 200
    assert attacker.get(f"/g/{game_id}").status_code == 403
    assert attacker.get(f"/g/{own}").status_code == 403


def test_wrong_pins_on_one_game_do_not_lock_another_game_or_another_address(app, client):
    first, second = start_game(client), start_game(client)
    _w, _s, pin = links(client, second)
    guesser = app.test_client()
    for _ in range(PIN_TRIES + 1):
        guesser.post(f"/g/{first}/pin", data={"pin": "not-it"})
    assert guesser.post(f"/g/{first}/pin", data={"pin": "x"}).status_code == 429
    # The same phone, the same address, another game: its right PIN is taken.
    assert guesser.post(f"/g/{second}/pin", data={"pin": pin}).status_code == 303
    # Another phone on another address is not locked out of the first game.
    _w, _s, first_pin = links(client, first)
    scorer = app.test_client()
    response = scorer.post(
        f"/g/{first}/pin", data={"pin": first_pin}, environ_base={"REMOTE_ADDR": "10.0.0.9"}
    )
    assert response.status_code == 303


def test_a_wrong_pin_shows_the_pin_field_again_and_the_way_back(app, client):
    game_id = start_game(client)
    watch, _scorer, pin = links(client, game_id)
    watcher = app.test_client()
    watcher.get(watch)
    response = watcher.post(
        f"/g/{game_id}/pin", data={"pin": "999999" if pin != "999999" else "1"}
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 403
    assert "That PIN is not right. Try again" in page
    assert f'action="/g/{game_id}/pin"' in page and 'name="pin"' in page
    assert "Ann &amp; Cho" in page  # the scoresheet itself, read-only, is still there
    stranger = app.test_client()
    response = stranger.post(
        f"/g/{game_id}/pin", data={"pin": "999999" if pin != "999999" else "1"}
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 403
    assert 'name="pin"' in page and "Back to the games" in page


def test_a_scorer_on_localhost_shares_the_network_address(app, client):
    app.config["SHARE_HOST"] = "192.168.1.20"
    game_id = start_game(client)
    page = client.get(f"/g/{game_id}", base_url="http://localhost:8000").get_data(as_text=True)
    assert "http://192.168.1.20:8000/w/" in page and "http://192.168.1.20:8000/s/" in page
    assert "localhost" not in page
    # A scorer who opened the network address already shares that same address.
    lan = "http://10.1.2.3:8000"
    created = client.post("/new/yahoo-normal", data=setup_form("yahoo-normal"), base_url=lan)
    page = client.get(created.headers["Location"], base_url=lan).get_data(as_text=True)
    assert "http://10.1.2.3:8000/w/" in page and "192.168.1.20" not in page


def test_security_headers_and_cookies(client):
    game_id = start_game(client)
    response = client.get(f"/g/{game_id}")
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    fresh = client.application.test_client()
    created = fresh.post("/new/yahoo-normal", data=setup_form("yahoo-normal"))
    cookie = created.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    expires = re.search(r"Expires=\w+, (\d+ \w+ \d+)", cookie).group(1)
    assert int(expires[-4:]) >= 2027  # a season, not a month


def test_share_links_name_the_address_the_phone_used(client, db):
    game_id = start_game(client)
    scorer = store.get_game(db, game_id).scorer_token
    for base in ("http://192.168.1.20:5000", "http://scores.local", "https://scores.local/app"):
        phone = client.application.test_client()
        phone.get(f"/s/{scorer}", base_url=base)
        page = phone.get(f"/g/{game_id}", base_url=base).get_data(as_text=True)
        assert re.search(rf'href="{re.escape(base)}/w/[\w-]+"', page), base
        assert f'href="{urlsplit(base).path}/g/{game_id}/rules"' in page


def test_a_phone_cookie_is_sent_again_once_a_day_not_on_every_page(client, monkeypatch):
    game_id = start_game(client)
    client.get(f"/g/{game_id}")
    assert "Set-Cookie" not in client.get(f"/g/{game_id}").headers
    monkeypatch.setattr(access, "_today", lambda: "2099-01-01")
    renewed = client.get(f"/g/{game_id}").headers["Set-Cookie"]
    assert int(re.search(r"Expires=\w+, \d+ \w+ (\d+)", renewed).group(1)) >= 2027
    assert "Set-Cookie" not in client.get(f"/g/{game_id}").headers
    assert client.get(f"/g/{game_id}").status_code == 200  # still this phone's game


def test_no_inline_script_or_style_in_any_page(client, db):
    game_id = start_game(client)
    play(client, db, game_id, {0: 3, 1: 3, 2: 3, 3: 3}, {0: 4, 1: 3, 2: 3, 3: 3})
    for url in (
        "/",
        "/new",
        "/new/yahoo-normal",
        f"/g/{game_id}",
        f"/g/{game_id}/bids",
        f"/g/{game_id}/hands/1",
        f"/g/{game_id}/hands/1/edit",
        "/rules/",
        "/rules/spitzer",
        f"/g/{game_id}/whatif",
        "/import",
    ):
        page = client.get(url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), url
        assert " style=" not in page and "<style" not in page, url
        assert not re.search(r"<[^>]+\son[a-z]+=", page), url  # no inline event handlers


def test_the_secret_key_is_generated_into_the_instance(app):
    key = Path(app.instance_path) / "secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    secret = key.read_text().strip()
    assert len(secret) == 64
    assert app.config["SECRET_KEY"] == secret


def test_the_watch_qr_code_encodes_the_watch_link(app, client):
    from scorekeeper.web.qr import qr_svg

    client.application.config["SHARE_HOST"] = "192.168.1.20"
    game_id = start_game(client)
    stored_page = client.get(f"/g/{game_id}").get_data(as_text=True)
    watch, scorer, _pin = links(client, game_id)
    assert f'src="/g/{game_id}/qr/watch.svg"' in stored_page
    assert f"/g/{game_id}/qr/scorer.svg" not in stored_page  # only on request
    on_request = client.get(f"/g/{game_id}?qr=scorer").get_data(as_text=True)
    assert f'src="/g/{game_id}/qr/scorer.svg"' in on_request
    with app.test_request_context():
        for link, url in (("watch", watch), ("scorer", scorer)):
            image = client.get(f"/g/{game_id}/qr/{link}.svg")
            assert image.mimetype == "image/svg+xml"
            assert image.data == qr_svg("http://192.168.1.20" + url).data
            assert b"<script" not in image.data and b"<svg" in image.data
    stranger = app.test_client()
    assert stranger.get(f"/g/{game_id}/qr/scorer.svg").status_code == 403


def test_watchers_get_no_share_codes(app, client):
    game_id = start_game(client)
    watch, _scorer, _pin = links(client, game_id)
    watcher = app.test_client()
    watcher.get(watch)
    page = watcher.get(f"/g/{game_id}?qr=scorer").get_data(as_text=True)
    assert 'class="qr"' not in page


def test_a_strangers_compare_with_a_private_game_is_refused(app, client):
    game_id = start_game(client, changes={"target": 321})
    stranger = app.test_client()
    response = stranger.get(f"/rules/compare?game={game_id}&ids=pagat-standard")
    assert response.status_code == 403
    assert "321" not in response.get_data(as_text=True)
    mine = client.get(f"/rules/compare?game={game_id}&ids=pagat-standard")
    assert mine.status_code == 200 and "321" in mine.get_data(as_text=True)


def test_a_double_tapped_start_keeps_every_game_on_the_phone(app, client, db):
    first = start_game(client)
    page = client.get("/new/yahoo-normal").get_data(as_text=True)
    mark = re.search(r'name="started" value="([0-9a-f]+)"', page).group(1)
    form = {**setup_form("yahoo-normal"), "started": mark}  # the page's form, tapped twice
    cookie = client.get_cookie("session").value
    second = client.post("/new/yahoo-normal", data=form).headers["Location"].rsplit("/")[-1]
    client.set_cookie("session", cookie)  # the second tap left with the cookie of the first
    third = client.post("/new/yahoo-normal", data=form).headers["Location"].rsplit("/")[-1]
    home = client.get("/").get_data(as_text=True)
    assert all(f"/g/{game}" in home for game in (first, second, third))


def test_a_planted_device_id_shares_nothing_the_phone_starts_afterwards(app, client, db):
    from .test_evenings import start_evening

    victim, attacker = planted(app, "planted-id"), planted(app, "planted-id")
    game = start_game(victim)
    evening = start_evening(victim, "Victim's night")
    imported = victim.post("/import", data={"text": victim.get(f"/g/{game}/export").data})
    assert imported.status_code == 303
    again = victim.post(f"/g/{game}/rematch", data={"seating": "same"})
    assert again.status_code == 303
    started = [game, imported.headers["Location"].rsplit("/", 1)[1]]
    started.append(again.headers["Location"].rsplit("/", 1)[1])
    for game_id in started:
        assert victim.get(f"/g/{game_id}").status_code == 200
        assert attacker.get(f"/g/{game_id}").status_code == 403
    assert victim.get(f"/e/{evening}").status_code == 200
    assert attacker.get(f"/e/{evening}").status_code == 403
    assert "Victim" not in text(attacker.get("/evenings/"))
    with victim.session_transaction() as session:
        assert session["device"] != "planted-id"


def test_a_phone_at_its_pin_limit_stays_there_when_it_starts_a_game(app, client):
    game_id = start_game(client)
    _watch, _scorer, pin = links(client, game_id)
    guesser = app.test_client()
    for _ in range(PIN_TRIES):
        guesser.post(f"/g/{game_id}/pin", data={"pin": "not-it"})
    start_game(guesser, names=["Zed", "Yan", "Xia", "Wes"])  # a new device id
    with guesser.session_transaction() as session:
        assert session["device"]
    assert guesser.post(f"/g/{game_id}/pin", data={"pin": pin}).status_code == 429
