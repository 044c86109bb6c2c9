"""A club night on the TV across the room (1920×1080), and the same page on a phone.

The evening is stored directly (eight tables of three games, hands played), then a TV
opens it through its watch link as a guest's browser would.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.paths import database_path
from scorekeeper.store.db import open_database

from .conftest import LAN_NAME, PHONE

TV = {"width": 1920, "height": 1080}


def _spades(bids: list[int], tricks: list[int]) -> dict[str, Any]:
    return {"bids": bids, "tricks": tricks}


# (preset, players, hands): partnerships, players on their own, a game already won.
TABLES: list[tuple[str, list[str], list[dict[str, Any]]]] = [
    ("yahoo-normal", ["Ann", "Ben", "Cho", "Dee"], [_spades([4, 3, 3, 3], [4, 3, 3, 3])] * 3),
    ("yahoo-normal", ["Eve", "Fay", "Gus", "Hal"], [_spades([3, 3, 3, 3], [3, 4, 3, 3])]),
    ("pagat-standard", ["Ivy", "Jon", "Kim", "Lou"], [_spades([5, 3, 2, 3], [4, 4, 2, 3])] * 2),
    ("yahoo-normal", ["Max", "Ned", "Oda", "Pia"], []),
    (
        "hearts-standard",
        ["Quinn", "Rosa", "Sam", "Tia"],
        [{"hearts": [3, 4, 5, 1], "queen_of_spades": 2}] * 4,
    ),
    (
        "hearts-standard",
        ["Uma", "Vic", "Wes", "Xia"],
        [{"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "moon_choice": "add"}],
    ),
    (
        "spitzer",
        ["Yuki", "Zoë", "Aki", "Bea"],
        [{"contract": "normal", "declarers": [0, 2], "points": 75, "tricks": 5}] * 2,
    ),
    ("yahoo-normal", ["Cal", "Dot", "Eli", "Flo"], [_spades([6, 3, 1, 3], [6, 3, 1, 3])] * 4),
]


def club_night(instance: Path) -> str:
    """Store an evening of eight tables; return its watch link's path."""
    db = open_database(database_path(instance))
    try:
        evening_id = store.create_evening(db, "Friday club", "organizer")
        for ruleset_id, players, hands in TABLES:
            store.create_game(db, ruleset_id, players, hands=hands, evening=evening_id)
        return "/v/" + store.get_evening(db, evening_id).watch_token
    finally:
        db.close()


OUTSIDE = """() => [...document.querySelectorAll('.tables .table-card')].filter(card => {
  const box = card.getBoundingClientRect();
  return box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth;
}).map(card => card.querySelector('.players').textContent)"""


def test_eight_tables_fit_a_tv_with_large_totals_and_the_latest_hand(
    browser, live_server, tmp_path, screenshots: Path
):
    watch = club_night(tmp_path)
    tv = browser.new_context(viewport=TV)
    try:
        screen = tv.new_page()
        screen.goto(live_server + watch)
        cards = screen.locator(".tables .table-card")
        expect(cards).to_have_count(8)
        assert screen.evaluate(OUTSIDE) == []  # every table on screen, nothing to scroll to
        assert screen.evaluate("document.documentElement.scrollWidth") <= TV["width"]
        sizes = screen.eval_on_selector_all(
            ".side-total b", "bs => bs.map(b => parseFloat(getComputedStyle(b).fontSize))"
        )
        assert len(sizes) == 5 * 2 + 3 * 4 and min(sizes) >= 40, sizes
        spilled = screen.eval_on_selector_all(
            ".side-total b",
            "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)",
        )
        assert spilled == []  # no total runs into its neighbour's
        expect(cards.nth(0).locator(".latest")).to_have_text(
            "Hand 3: Ann & Cho +70 · Ben & Dee +60"
        )
        expect(cards.nth(3).locator(".latest")).to_have_count(0)  # no hand yet
        expect(cards.nth(3)).to_contain_text("No hand yet")
        # The standings stand beside the tables, not under them.
        standings = screen.locator(".evening-standings").bounding_box()
        tables = screen.locator(".evening-tables").bounding_box()
        assert standings and tables and standings["x"] >= tables["x"] + tables["width"]
        screen.screenshot(path=str(screenshots / "39-evening-tv-8-tables.png"))
    finally:
        tv.close()


def test_the_same_evening_fits_a_phone(browser, live_server, tmp_path, screenshots: Path):
    watch = club_night(tmp_path)
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    try:
        page = phone.new_page()
        page.goto(live_server + watch)
        expect(page.locator(".tables .table-card")).to_have_count(8)
        expect(page.locator(".latest").first).to_contain_text("Hand 3:")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(screenshots / "40-evening-phone-8-tables.png"), full_page=True)
    finally:
        phone.close()


def test_a_tv_asks_as_often_as_the_server_says(browser, live_server, tmp_path):
    # On a big night the server spaces the screens' polls (Poll-After); here it says 4 s.
    watch = club_night(tmp_path)
    tv = browser.new_context(viewport=TV)
    asked: list[float] = []

    def told_to_wait(route: Any) -> None:
        asked.append(time.monotonic())
        # Fetched beside the browser, which alone maps the LAN name to this machine.
        answer = route.fetch(url=route.request.url.replace(LAN_NAME, "127.0.0.1"))
        route.fulfill(response=answer, headers={**answer.headers, "poll-after": "4"})

    try:
        screen = tv.new_page()
        screen.route("**/live", told_to_wait)
        screen.goto(live_server + watch)
        expect(screen.locator(".tables .table-card")).to_have_count(8)
        screen.wait_for_timeout(11_000)
        gaps = [later - before for before, later in itertools.pairwise(asked)]
        # The first poll after the script's own 2 s (±a fifth); each later one 4 s (±a
        # fifth) after the one before, as its answer said, not 2 s.
        assert 2 <= len(asked) <= 4, gaps
        assert all(3.1 <= gap <= 5.2 for gap in gaps), gaps
    finally:
        tv.close()
