"""A Pinochle game on a 390×844 phone, in both languages: a hand in the table's order
(the bidder, a bid chip, trump, each side's meld, one side's counters), stuck in one tap,
no marriage, and the sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_hearts_spitzer import chip
from .test_table import shot, totals

HERE = Path("/tmp/shots-pinochle47")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_pinochle_game(phone: Page, screenshots: Path, language: str):
    page = phone
    if language == "ja":
        base = page.base_url  # type: ignore[attr-defined]
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": base}])
    page.goto(page.base_url + "/new/pinochle-partnership")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit]").last.click()

    page.locator("a[href$='/play']").first.click()
    chip(page, "bidder", "1")
    chip(page, "bid", "300")
    chip(page, "trump", "hearts")
    page.fill("input[name=meld_0]", "60")
    page.fill("input[name=meld_1]", "150")
    page.fill("input[name=counters_1]", "170")
    shot(page, screenshots, f"90-pinochle-hand-{language}")
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("text=320").first).to_be_visible()
    shot(page, screenshots, f"91-pinochle-result-{language}")

    page.locator("a[href$='/play']").first.click()
    chip(page, "bid", "stuck")  # everybody passed: the dealer (Ben) at 250
    chip(page, "trump", "none")  # no marriage: thrown in
    page.fill("input[name=meld_0]", "40")
    page.locator("form button[type=submit]").first.click()

    page.locator("a[href*='#hand-']").first.click()  # the scoresheet
    expect(page.locator(".totals .big").first).to_be_visible()
    assert totals(page) == ["180", "70"]
    shot(page, screenshots, f"92-pinochle-sheet-{language}")
    HERE.mkdir(exist_ok=True)
    for png in screenshots.glob("9?-pinochle-*.png"):
        shutil.copy(png, HERE / png.name)
