"""The club's Wi-Fi, on 390×844 phones that open the app as plain HTTP on a LAN name
(an insecure context): entries survive a reload, a hand sent without a connection
waits and is stored once, two phones entering the same hand see both, the screen-on
toggle says what it does, and a corrected dealer moves the Oh Hell hook."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import new_phone
from .test_evening import imported, share_path
from .test_hearts_spitzer import chip
from .test_table import shot

NAMES = ["Ann", "Ben", "Cho", "Dee"]


def spades_game(hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"game": "spades", "ruleset": "yahoo-normal", "players": NAMES, "hands": hands or []}


def oh_hell_game(hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "players": NAMES,
        "options": {"deal": "down", "max_cards": 7},
        "hands": hands or [],
    }


def exported(page: Page, game: str) -> dict[str, Any]:
    """The game file, fetched by the page itself (the LAN name resolves only in Chromium)."""
    doc: dict[str, Any] = page.evaluate(
        "url => fetch(url, {cache: 'no-store'}).then(r => r.json())", f"/g/{game}/export"
    )
    return doc


def hand_count(page: Page, game: str) -> int:
    return len(exported(page, game)["hands"])


def test_bids_survive_a_reload_in_the_insecure_context(phone: Page, screenshots: Path):
    page = phone
    assert page.base_url.startswith("http://table.lan:")  # type: ignore[attr-defined]
    game = imported(page, spades_game())
    assert page.evaluate("window.isSecureContext") is False
    page.get_by_role("link", name="Enter bids").first.click()
    chip(page, "bid_1", "4")
    chip(page, "bid_2", "2")
    page.reload()
    expect(page.locator("[data-picker=bid_1] input[value='4']")).to_be_checked()
    expect(page.locator("[data-picker=bid_2] input[value='2']")).to_be_checked()
    # A closed tab too: a new page of the same phone finds them.
    other = page.context.new_page()
    other.goto(f"{page.base_url}/g/{game}/bids")  # type: ignore[attr-defined]
    expect(other.locator("[data-picker=bid_1] input[value='4']")).to_be_checked()
    other.close()
    chip(page, "bid_3", "3")
    chip(page, "bid_0", "3")
    page.get_by_role("button", name="Bids done — play the hand").click()
    expect(page).to_have_url(f"{page.base_url}/g/{game}/tricks")  # type: ignore[attr-defined]
    shot(page, screenshots, "60-bids-kept")


def play_spades_tricks(page: Page) -> None:
    for seat, value in enumerate(["3", "4", "3", "3"]):
        chip(page, f"tricks_{seat}", value)


def test_a_hand_sent_without_a_connection_waits_and_is_stored_once(phone: Page, screenshots: Path):
    page = phone
    game = imported(page, spades_game())
    page.get_by_role("link", name="Enter bids").first.click()
    for seat in range(4):
        chip(page, f"bid_{seat}", "3")
    page.get_by_role("button", name="Bids done — play the hand").click()
    play_spades_tricks(page)
    page.context.set_offline(True)
    page.get_by_role("button", name="Score the hand").click()
    outbox = page.locator("#outbox")
    expect(outbox).to_be_visible()
    expect(outbox).to_contain_text("1 hand waiting to send")
    expect(outbox).to_contain_text("not stored yet")
    expect(page.locator("[data-picker=tricks_1] input[value='4']")).to_be_checked()
    shot(page, screenshots, "61-hand-waiting")
    page.get_by_role("button", name="Send now").click()  # still no connection: it waits
    expect(outbox).to_contain_text("1 hand waiting to send")
    page.context.set_offline(False)  # back: sent by itself (or with Send now)
    expect(page).to_have_url(f"{page.base_url}/g/{game}/hands/1")  # type: ignore[attr-defined]
    expect(outbox).to_be_hidden()
    assert hand_count(page, game) == 1
    # Sending again with the same token (an answer lost on the way) stores nothing new.
    page.goto(f"{page.base_url}/g/{game}")  # type: ignore[attr-defined]
    expect(page.locator("#outbox")).to_be_hidden()
    assert hand_count(page, game) == 1


def test_a_double_tap_and_a_resend_store_one_hand(phone: Page):
    page = phone
    game = imported(page, spades_game())
    page.get_by_role("link", name="Enter bids").first.click()
    for seat in range(4):
        chip(page, f"bid_{seat}", "3")
    page.get_by_role("button", name="Bids done — play the hand").click()
    play_spades_tricks(page)
    fields = page.eval_on_selector("form[data-keep]", "f => Array.from(new FormData(f).entries())")
    page.locator("form[data-keep]").evaluate("f => { f.requestSubmit(); f.requestSubmit(); }")
    expect(page).to_have_url(f"{page.base_url}/g/{game}/hands/1")  # type: ignore[attr-defined]
    # The same form posted again later (a resend): the first answer, no second hand.
    again = page.evaluate(
        """([url, fields]) => fetch(url, {method: "POST", body: new URLSearchParams(fields)})
             .then(r => [r.redirected, new URL(r.url).pathname])""",
        [f"/g/{game}/tricks", fields],
    )
    assert again == [True, f"/g/{game}/hands/1"]  # the first answer: that hand's page
    assert hand_count(page, game) == 1


def test_two_phones_enter_the_same_hand_and_the_second_sees_both(
    browser, live_server: str, phone: Page, screenshots: Path
):
    first = phone
    game = imported(first, spades_game())
    scorer_link = share_path(first, "s")
    second = new_phone(browser, live_server)
    try:
        second.goto(live_server + "/s/" + scorer_link.rsplit("/s/", 1)[1])
        first.get_by_role("link", name="Enter bids").first.click()
        for seat in range(4):
            chip(first, f"bid_{seat}", "3")
        first.get_by_role("button", name="Bids done — play the hand").click()
        second.goto(f"{live_server}/g/{game}/tricks")
        play_spades_tricks(first)
        for seat, value in enumerate(["4", "3", "3", "3"]):
            chip(second, f"tricks_{seat}", value)
        # The second phone loses the Wi-Fi; meanwhile the first stores the hand.
        second.context.set_offline(True)
        second.get_by_role("button", name="Score the hand").click()
        expect(second.locator("#outbox")).to_contain_text("1 hand waiting to send")
        first.get_by_role("button", name="Score the hand").click()
        expect(first).to_have_url(f"{live_server}/g/{game}/hands/1")
        second.context.set_offline(False)  # back: the waiting hand is sent by itself
        conflict = second.locator("#conflict")
        expect(conflict).to_be_visible()
        expect(conflict).to_contain_text("They differ for Ann & Cho, Ben & Dee.")
        expect(conflict.locator("article.mine")).to_contain_text("3/4")
        expect(conflict.locator("article.theirs")).to_contain_text("3/3")
        shot(second, screenshots, "62-two-phones-both")
        assert hand_count(second, game) == 1
        second.get_by_role("button", name="Keep mine").click()
        expect(second).to_have_url(f"{live_server}/g/{game}/hands/1")
        second.goto(f"{live_server}/g/{game}")
        aside = second.locator("#set-aside")
        expect(aside).to_contain_text("Stored (another phone)")
        shot(second, screenshots, "63-other-kept-until-dismissed")
        aside.get_by_role("button", name="Dismiss").click()
        expect(aside).to_be_hidden()
        assert hand_count(second, game) == 1
    finally:
        second.context.close()


def test_the_screen_on_toggle_says_what_works(
    browser, live_server: str, loopback_server: str, phone: Page, screenshots: Path
):
    page = phone
    game = imported(page, spades_game())
    button = page.locator("#wake")
    status = page.locator("#wake-status")
    # Plain HTTP on a LAN name: no Wake Lock, so the silent-video fallback.
    assert page.evaluate("'wakeLock' in navigator") is False
    button.click()
    expect(button).to_have_attribute("data-state", "video")
    expect(status).to_contain_text("silent video")
    shot(page, screenshots, "64-screen-on-http")
    button.click()
    expect(button).to_have_attribute("data-state", "off")
    # A browser that can do neither says so and offers no button that does nothing.
    page.route("**/vendor/nosleep/**", lambda route: route.abort())
    page.reload()
    expect(button).to_be_disabled()
    expect(status).to_contain_text("cannot keep the screen on")
    # 127.0.0.1 is a secure context: the Screen Wake Lock itself.
    scorer_link = share_path(page, "s")
    local = new_phone(browser, loopback_server)
    try:
        local.goto(loopback_server + "/s/" + scorer_link.rsplit("/s/", 1)[1])
        assert local.url.endswith(f"/g/{game}")
        local.locator("#wake").click()
        expect(local.locator("#wake")).to_have_attribute("data-state", re.compile("lock|failed"))
        state = local.locator("#wake").get_attribute("data-state")
        # Headless Chromium may refuse the lock; the toggle then says so, never "on".
        if state == "lock":
            expect(local.locator("#wake-status")).to_contain_text("Screen Wake Lock")
        else:
            expect(local.locator("#wake-status")).to_contain_text("refused")
    finally:
        local.context.close()


def test_an_open_scoresheet_says_it_is_not_live_and_catches_up(
    browser, live_server: str, phone: Page, screenshots: Path
):
    page = phone
    game = imported(page, spades_game())
    watch_link = share_path(page, "w")
    watcher = new_phone(browser, live_server)
    try:
        watcher.goto(live_server + "/w/" + watch_link.rsplit("/w/", 1)[1])
        watcher.context.set_offline(True)
        expect(watcher.locator("#not-live")).to_contain_text("Not live — as of ", timeout=15_000)
        shot(watcher, screenshots, "65-not-live")
        page.goto(f"{live_server}/g/{game}/bids")
        for seat in range(4):
            chip(page, f"bid_{seat}", "3")
        page.get_by_role("button", name="Bids done — play the hand").click()
        play_spades_tricks(page)
        page.get_by_role("button", name="Score the hand").click()
        watcher.context.set_offline(False)
        expect(watcher.locator(".sheet-row, [id^=hand-]").first).to_be_visible(timeout=15_000)
        expect(watcher.locator("#not-live")).to_be_hidden()
    finally:
        watcher.context.close()


def test_a_dealer_corrected_at_hand_3_moves_the_oh_hell_hook(
    phone: Page, screenshots: Path, tmp_path: Path
):
    page = phone
    zero = [
        {"bids": [0, 0, 0, 0], "tricks": [7, 0, 0, 0]},
        {"bids": [0, 0, 0, 0], "tricks": [6, 0, 0, 0]},
    ]
    game = imported(page, oh_hell_game(zero))
    expect(page.get_by_text("Hand 3 of 7: 5 cards; Cho deals, Dee bids first")).to_be_visible()
    page.get_by_role("link", name="Correct the dealer").click()
    expect(page.locator("#hand")).to_have_value("3")
    page.locator("#seat label:has-text('Ben')").click()
    shot(page, screenshots, "66-correct-dealer")
    page.get_by_role("button", name="Correct the dealer").click()
    expect(page.get_by_text("Ben dealt hand 3: the deal goes on from Ben.")).to_be_visible()
    expect(page.get_by_text("Hand 3 of 7: 5 cards; Ben deals, Cho bids first")).to_be_visible()
    page.get_by_role("link", name="Enter bids").click()
    # Bidding order follows the real dealer: Cho, Dee, Ann, then Ben who is hooked.
    order = page.locator("fieldset.picker .who").all_inner_texts()
    assert order == ["Cho", "Dee", "Ann", "Ben"]
    chip(page, "bid_2", "1")
    chip(page, "bid_3", "1")
    chip(page, "bid_0", "1")
    expect(page.locator("[data-picker=bid_1] input[value='2']")).to_be_disabled()
    expect(page.locator("[data-picker=bid_2] input[value='2']")).to_be_enabled()
    shot(page, screenshots, "67-hook-on-real-dealer")
    chip(page, "bid_1", "1")
    page.get_by_role("button", name="Bids done — play the hand").click()
    for seat, value in enumerate(["5", "0", "0", "0"]):
        chip(page, f"tricks_{seat}", value)
    page.get_by_role("button", name="Score the hand").click()
    expect(page).to_have_url(f"{page.base_url}/g/{game}/hands/3")  # type: ignore[attr-defined]
    page.goto(f"{page.base_url}/g/{game}/history")  # type: ignore[attr-defined]
    expect(page.get_by_text("Dealer corrected: Ben dealt hand 3, not Cho.")).to_be_visible()
    doc = exported(page, game)
    assert doc["hands"][2]["dealer"] == 1
    # The exported file, scored on the command line, hooks Ben: bids adding up to 5 name his.
    doc["hands"][2]["bids"] = [1, 2, 1, 1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    run = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert run.stderr.strip() == "hand 3: the dealer may not bid 2: the bids would add up to 5"


def test_bids_sent_without_a_connection_are_said_to_be_bids_not_a_hand(
    browser, live_server: str, screenshots: Path
):
    said = {
        "en-US": ("Enter bids", "Bids done — play the hand", "Bids for 1 hand waiting to send"),
        "ja-JP": (
            "ビッドを入力",
            "ビッド完了 — プレイへ",
            "送信待ちのビッドがあります（1ハンド分）",
        ),
    }
    for locale, (enter, done, waiting) in said.items():
        page = new_phone(browser, live_server, locale=locale)
        try:
            page.goto(live_server + "/import")
            page.fill("textarea", json.dumps(spades_game()))
            page.locator("form button[type=submit]").click()
            page.get_by_role("link", name=enter).first.click()
            for seat in range(4):
                chip(page, f"bid_{seat}", "3")
            page.context.set_offline(True)
            page.get_by_role("button", name=done).click()
            count = page.locator("#outbox [data-count]")
            expect(count).to_have_text(waiting)
            shot(page, screenshots, f"bids-waiting-{locale}")
            page.context.set_offline(False)
        finally:
            page.context.close()
