"""House rules on a 390×844 phone: saved from the setup page with a reason, first in the
new-game picker, and saved by a second phone from the share link."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from .conftest import new_phone
from .test_table import shot


def test_save_house_rules_and_share_them_with_another_phone(
    browser, live_server, screenshots: Path
):
    page: Page = new_phone(browser, live_server)
    other: Page = new_phone(browser, live_server)
    try:
        page.goto(f"{live_server}/new/yahoo-normal")
        page.locator("details.options:has(#opt_nil_points) summary").click()
        page.fill("#opt_nil_points", "50")
        page.get_by_role("button", name="Save these rules as…").click()
        assert page.locator("#note_nil_points").is_visible()
        page.fill("#name", "Friday club")
        page.fill("#note_nil_points", "we halve nil since 2019")
        shot(page, screenshots, "house-rules-save")
        page.get_by_role("button", name="Save house rules").click()

        # Saved on the way to a game: back to its setup, the new rules chosen.
        page.wait_for_url(re.compile(r"/new/friday-club"))
        page.goto(f"{live_server}/rules/friday-club")
        nil = page.locator("#opt-nil_points")
        assert nil.locator(".origin.house").is_visible()
        assert "we halve nil since 2019" in nil.inner_text()
        assert "The preset says: +100 / −100" in nil.inner_text()
        shot(page, screenshots, "house-rules-page")

        page.goto(f"{live_server}/new?game=spades")
        assert page.locator("input[name=ruleset]").first.get_attribute("value") == "friday-club"
        assert page.locator("input[name=ruleset]").first.is_checked()
        shot(page, screenshots, "house-rules-picker")

        page.goto(f"{live_server}/rules/friday-club")
        page.locator("details.share summary").click()
        link = page.locator("a.share-url").get_attribute("href") or ""
        path = link[link.index("/rules/shared/") :]
        assert page.locator(".qr img").is_visible()

        other.goto(f"{live_server}{path}")
        other.get_by_role("button", name="Save to this phone's house rules").click()
        other.wait_for_url(re.compile(r"/rules/friday-club$"))
        other.goto(f"{live_server}/rules/")
        assert other.locator(".rule-list a", has_text="Friday club").is_visible()
        shot(other, screenshots, "house-rules-index-other-phone")
    finally:
        page.context.close()
        other.context.close()
