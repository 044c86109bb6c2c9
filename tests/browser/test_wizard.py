"""Wizard on a 390×844 phone, in both languages: the Canadian rule closes the leading
dealer's bid as the others' bids are tapped, and always leaves 0 open."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_hearts_spitzer import chip, start
from .test_table import play_hand, shot, totals

HERE = Path("/tmp/shots-oh-hell-family")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_canadian_rule_at_the_table(phone: Page, screenshots: Path, language: str):
    page = phone
    start(page, "wizard-canadian", ["Ann", "Ben", "Cho"])
    # Hand 1 (Ann deals): Ben bids 1 and takes the trick; Ann and Cho bid 1 and miss.
    play_hand(page, {1: "1", 2: "1", 0: "1"}, {1: "1", 2: "0", 0: "0"})
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["−10", "30", "−10"]
    if language == "ja":
        base = page.base_url  # type: ignore[attr-defined]
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": base}])
        page.reload()
    # Hand 2: Ben deals, leading 30 to −10, −10.
    page.locator("a[href$='/bids']").first.click()
    chip(page, "bid_2", "1")
    chip(page, "bid_0", "0")
    closed = page.locator("[data-picker=bid_1] input[value='1']")
    expect(closed).to_be_disabled()
    note = page.locator("[data-picker=bid_1] .closed-live")
    expect(note).to_contain_text(
        "首位のBenは1をビッドできません" if language == "ja" else "Ben, leading, may not bid 1"
    )
    shot(page, screenshots, f"70-wizard-canadian-{language}")
    # The others bid 2 between them: 0 would make the bids add up, and stays open.
    chip(page, "bid_2", "2")
    expect(page.locator("[data-picker=bid_1] input[value='0']")).to_be_enabled()
    expect(closed).to_be_enabled()
    chip(page, "bid_1", "0")
    HERE.mkdir(exist_ok=True)
    for png in screenshots.glob("70-wizard-*.png"):
        shutil.copy(png, HERE / png.name)
