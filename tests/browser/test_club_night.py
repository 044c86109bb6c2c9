"""A club night: each table's phone starts its own game through the table's link (390×844),
and the TV across the room (1920×1080, and a 1366×768 laptop) shows every table and the
standings without scrolling, updated in place within seconds of a hand being stored."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.paths import database_path
from scorekeeper.store.db import open_database

from .conftest import new_phone
from .test_table import play_hand, shot
from .test_tv import club_night

TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}

# Every element of the page that reaches past the screen's edges.
OUTSIDE = """() => [...document.querySelectorAll('body *')].filter(el => {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  return box.top < -1 || box.left < -1 || box.bottom > innerHeight + 1 || box.right > innerWidth + 1;
}).map(el => el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 30))"""

SIZES = """(selector) => [...document.querySelectorAll(selector)]
  .map(el => parseFloat(getComputedStyle(el).fontSize))"""


def thirteen(instance: Path) -> tuple[str, str, str]:
    """The issue's evening: 13 players at a Spades, a Hearts and an Oh Hell table, hands
    played; return its id, its watch link's path and the Spades game's id."""
    db = open_database(database_path(instance))
    try:
        evening = store.create_evening(db, "Club night", "organizer")
        spades = store.create_game(
            db,
            "yahoo-normal",
            ["Alice", "Bob", "Carla", "Dev"],
            hands=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}] * 3,
            evening=evening,
        )
        store.create_game(
            db,
            "hearts-standard",
            ["Gus", "Hana", "Ivo", "Lea"],
            hands=[{"hearts": [3, 4, 5, 1], "queen_of_spades": 2}] * 3,
            evening=evening,
        )
        store.create_game(
            db,
            "oh-hell",
            ["Max", "Nia", "Oto", "Pam", "Quy"],
            options={"players": 5},
            hands=[{"cards": 10, "bids": [3, 2, 2, 1, 1], "tricks": [3, 3, 2, 1, 1]}],
            evening=evening,
        )
        store.rename_table(db, evening, 2, "window")
        return evening, "/v/" + store.get_evening(db, evening).watch_token, spades
    finally:
        db.close()


def add_hand(instance: Path, game_id: str, body: dict[str, Any]) -> None:
    db = open_database(database_path(instance))
    try:
        store.add_hand(db, game_id, body, version=None)
    finally:
        db.close()


def fits(page: Page) -> None:
    """Nothing reaches past the screen; the names and totals are large enough to read
    across a room."""
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate("document.documentElement.scrollHeight") <= page.viewport_size["height"]
    names = page.evaluate(SIZES, ".table-card .side-name") + page.evaluate(
        SIZES, "table.standings tbody th"
    )
    assert names and min(names) >= 28, names
    totals = page.evaluate(SIZES, ".side-total b")
    assert totals and min(totals) >= 40, totals


@pytest.mark.parametrize("size", [TV, LAPTOP], ids=["1920x1080", "1366x768"])
def test_the_tv_fits_the_screen_and_updates_in_place(
    browser, live_server, tmp_path, screenshots: Path, size
):
    evening, watch, spades = thirteen(tmp_path)
    tv = browser.new_context(viewport=size)
    try:
        screen = tv.new_page()
        screen.goto(live_server + watch)
        cards = screen.locator(".tables .table-card")
        expect(cards).to_have_count(3)
        expect(cards.nth(0).locator(".table-name")).to_have_text("Table 1")
        expect(cards.nth(1).locator(".table-name")).to_have_text("Table 2 — window")
        expect(screen.locator(".ranked-by")).to_contain_text("Ranked by match points")
        fits(screen)
        label = f"{size['width']}x{size['height']}"
        screen.screenshot(path=str(screenshots / f"41-club-night-tv-{label}.png"))
        # A hand stored at the Spades table shows within five seconds, without a reload:
        # the TV asks for the evening's live parts alone, never the page again.
        asked: list[str] = []
        screen.on("request", lambda request: asked.append(request.url))
        screen.evaluate("window.stillHere = true")
        add_hand(tmp_path, spades, {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        expect(cards.nth(0).locator(".latest")).to_contain_text("Hand 4:", timeout=5000)
        expect(cards.nth(0).locator(".side-total b").first).to_have_text("280")
        assert screen.evaluate("window.stillHere") is True
        assert asked and all(url.endswith(f"/e/{evening}/live") for url in asked), asked
        fits(screen)
        screen.context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
        screen.reload()
        expect(cards.nth(1).locator(".table-name")).to_have_text("テーブル2 — window")
        fits(screen)
        screen.screenshot(path=str(screenshots / f"42-club-night-tv-{label}-ja.png"))
    finally:
        tv.close()


def test_eight_tables_and_thirty_two_players_fit_a_laptop(
    browser, live_server, tmp_path, screenshots: Path
):
    watch = club_night(tmp_path)
    laptop = browser.new_context(viewport=LAPTOP)
    try:
        screen = laptop.new_page()
        screen.goto(live_server + watch)
        expect(screen.locator(".tables .table-card")).to_have_count(8)
        # Seven tables have played a hand: their 28 players are ranked.
        expect(screen.locator("table.standings tbody tr")).to_have_count(28)
        fits(screen)
        screen.screenshot(path=str(screenshots / "43-evening-laptop-8-tables.png"))
    finally:
        laptop.close()


# The words of each shown header cell of the standings, as drawn (overflow included).
HEADER_WORDS = """() => [...document.querySelectorAll('table.standings thead th')]
  .filter(th => th.getClientRects().length)
  .map(th => { const r = document.createRange(); r.selectNodeContents(th);
               const box = r.getBoundingClientRect(); return [box.left, box.right]; })"""


@pytest.mark.parametrize("size", [TV, LAPTOP], ids=["1920x1080", "1366x768"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_lists_headers_never_run_into_each_other(
    browser, live_server, tmp_path, screenshots: Path, size, lang
):
    watch = club_night(tmp_path)
    tv = browser.new_context(viewport=size)
    try:
        tv.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
        screen = tv.new_page()
        screen.goto(live_server + watch)
        expect(screen.locator("table.standings.long")).to_have_count(1)
        words = screen.evaluate(HEADER_WORDS)
        assert len(words) == 3, words  # rank, name, measure
        for (_, right), (left, _) in pairwise(words):
            assert left >= right - 0.5, words
        fits(screen)
        label = f"{size['width']}x{size['height']}-{lang}"
        screen.screenshot(path=str(screenshots / f"43-evening-long-standings-{label}.png"))
    finally:
        tv.close()


def test_an_open_qr_panel_stays_open_while_the_tables_update(
    browser, live_server, tmp_path, screenshots: Path
):
    """The organiser shows the watch link's QR code on a laptop while a table scores."""
    page = new_phone(browser, live_server)
    try:
        page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
        page.fill("#evening-name", "Friday club")
        page.get_by_role("button", name="Start the evening").click()
        evening = page.url.rsplit("/", 1)[1]
        db = open_database(database_path(tmp_path))
        try:
            game_id = store.create_game(
                db, "yahoo-normal", ["Ann", "Ben", "Cho", "Dee"], evening=evening
            )
        finally:
            db.close()
        page.set_viewport_size(LAPTOP)
        page.reload()
        page.locator("details.share summary").click()
        expect(page.locator("details.share")).to_have_attribute("open", "")
        add_hand(tmp_path, game_id, {"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]})
        expect(page.locator("#table-1 .latest")).to_contain_text("Hand 1:", timeout=5000)
        expect(page.locator("details.share")).to_have_attribute("open", "")
        expect(page.locator("details.share img")).to_be_visible()
    finally:
        page.context.close()


def test_each_table_starts_its_own_game_through_its_link(
    browser, live_server, phone: Page, screenshots: Path
):
    organiser = phone
    organiser.goto(organiser.base_url + "/evenings/")  # type: ignore[attr-defined]
    organiser.fill("#evening-name", "Club night")
    organiser.get_by_role("button", name="Start the evening").click()
    evening_url = organiser.url
    organiser.locator("#table-links > summary").click()
    organiser.fill("#table-name", "window")
    organiser.get_by_role("button", name="Add a table").click()
    expect(organiser.locator(".table-card .table-name")).to_have_text(["Table 1 — window"])
    expect(organiser.locator("#table-links")).to_have_attribute("open", "")  # still open
    shot(organiser, screenshots, "44-club-night-organiser-links")
    link = organiser.locator("#link-1 a.table-url").inner_text()

    table = new_phone(browser, live_server)
    stranger = new_phone(browser, live_server)
    try:
        table.goto(link)
        expect(table.get_by_text("This phone now keeps score at Table 1 — window")).to_be_visible()
        table.get_by_role("link", name="Start this table's game").click()
        table.locator("label.preset:has(input[value='yahoo-normal'])").click()
        table.get_by_role("button", name="Next: players").click()
        for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
            table.fill(f"#player_{seat}", name)
        table.get_by_role("button", name="Start the game").click()
        play_hand(table, {1: "3", 2: "3", 3: "3", 0: "4"}, {1: "3", 2: "3", 3: "3", 0: "4"})
        table.goto(evening_url)
        expect(table.locator("#table-1")).to_contain_text("Hand 1: Ann & Cho +70")
        expect(table.locator("#table-1 .mine-note")).to_have_text(
            "This phone keeps score at this table."
        )
        shot(table, screenshots, "45-club-night-table-phone")
        # The organiser's page shows the table's game by its number and name.
        organiser.goto(evening_url)
        expect(organiser.locator("#table-1 .table-name")).to_have_text("Table 1 — window")
        expect(organiser.locator("#table-1 .players")).to_have_text("Ann · Ben · Cho · Dee")
        # A stranger learns nothing, not even the evening's name.
        response = stranger.goto(evening_url)
        assert response is not None and response.status == 403
        expect(stranger.locator("body")).not_to_contain_text("Club night")
        # Revoked, the link opens nothing.
        organiser.locator("#table-links > summary").click()
        organiser.get_by_role("button", name="Revoke the link…").click()
        expect(organiser.locator("h1")).to_have_text("Revoke the link of Table 1 — window?")
        organiser.get_by_role("button", name="Revoke the link").click()
        expect(organiser.locator(".flash")).to_contain_text("opens nothing now")
        response = stranger.goto(link)
        assert response is not None and response.status == 404
        organiser.context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
        organiser.goto(evening_url)
        expect(organiser.locator("#table-1 .table-name")).to_have_text("テーブル1 — window")
        shot(organiser, screenshots, "46-club-night-phone-ja")
    finally:
        table.context.close()
        stranger.context.close()
