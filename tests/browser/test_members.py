"""The club's members on an organiser's phone (390×844, English and Japanese): the names
with their games, a filter box, a rename and a merge confirmed first, a member hidden."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.paths import database_path
from scorekeeper.store.db import open_database

from .conftest import new_phone
from .test_table import shot

NAMES = [
    ["Amelie", "Bartholomew", "山田", "佐藤"],
    ["Amelie", "Robert", "Cho", "Dee"],
    ["Bob", "Eve", "Cho", "Dee"],
]


ASKED = {"en-US": "Merge Robert into Bob?", "ja-JP": "RobertをBobに統合しますか？"}
MERGED = {"en-US": "Robert is now Bob in 1 game.", "ja-JP": "1ゲームでRobertをBobにしました。"}
TWO_GAMES = {"en-US": "2 games", "ja-JP": "2ゲーム"}


def club(page: Page, tmp_path: Path, name: str) -> None:
    """The phone starts an evening; three games are played at its tables."""
    page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
    page.fill("#evening-name", name)
    page.get_by_role("button", name="Start").or_(page.get_by_role("button", name="始め")).click()
    evening = page.url.rstrip("/").rsplit("/", 1)[1].split("#")[0]
    db = open_database(database_path(tmp_path))
    try:
        for players in NAMES:
            store.create_game(
                db,
                "yahoo-normal",
                players,
                hands=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
                evening=evening,
            )
    finally:
        db.close()


def test_an_organiser_renames_merges_and_hides_members(
    browser, live_server, tmp_path: Path, screenshots: Path
) -> None:
    for locale in ("en-US", "ja-JP"):
        page = new_phone(browser, live_server, locale=locale)
        try:
            club(page, tmp_path, f"Club {locale}")
            page.goto(live_server + "/members/")
            rows = page.locator("li.member")
            expect(rows.first).to_be_visible()
            assert rows.count() >= 9
            shot(page, screenshots, f"members-{locale}")
            box = page.locator("li.member a").first.bounding_box()
            assert box and box["height"] >= 24  # a name's link is a target to tap
            # The filter box narrows the list as one types.
            page.fill(".list-filter", "bo")
            expect(page.locator("li.member:visible")).to_have_count(1)  # Bob (Robert: no)
            page.fill(".list-filter", "")
            robert = page.locator("li.member[data-name=Robert]")
            robert.locator("summary").click()
            robert.locator("input[name=name]").fill("Bob")
            shot(page, screenshots, f"members-typing-{locale}")
            robert.locator("form[action$='/rename'] button").click()
            expect(page.locator("h1")).to_have_text(ASKED[locale])
            shot(page, screenshots, f"members-merge-{locale}")
            page.locator("form button.danger").click()
            expect(page.locator(".flash").first).to_have_text(MERGED[locale])
            expect(page.locator("li.member[data-name=Robert]")).to_have_count(0)
            bob = page.locator("li.member[data-name=Bob]")
            expect(bob).to_contain_text(TWO_GAMES[locale])
            bob.locator("summary").click()
            bob.locator("form[action$='/hide'] button").click()
            expect(page.locator(".hidden-members li.member[data-name=Bob]")).to_be_visible()
            shot(page, screenshots, f"members-hidden-{locale}")
        finally:
            page.context.close()
