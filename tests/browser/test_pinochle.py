"""A Pinochle game on a 390×844 phone, in both languages: a hand in the table's order
(the bidder, a bid chip, trump, each side's meld, one side's counters), stuck in one tap,
no marriage, and the sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .a11y import axe_violations
from .test_a11y import phone_in
from .test_hearts_spitzer import chip
from .test_table import shot, totals

HERE = Path("/tmp/shots-pinochle47b")


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
    page.fill("#bid_typed", "3")  # the chips follow the digits: 300, 310 … 350
    expect(page.locator("[data-picker=bid] .chip:visible")).to_have_text(
        ["Stuck" if language == "en" else "スタック", "300", "310", "320", "330", "340", "350"]
    )
    chip(page, "bid", "300")
    expect(page.locator("#bid_typed")).to_have_value("300")
    chip(page, "trump", "hearts")
    page.fill("input[name=meld_0]", "60")
    page.fill("input[name=meld_1]", "150")
    side = page.locator(".counters-side").nth(1)  # Ben & Dee's cards, counted
    side.locator("details summary").click()
    for rank, taps in (("A", 6), ("T", 6), ("K", 4)):
        for _ in range(taps):
            side.locator(f"tr:has(#count_1_{rank}) button.step").last.click()
    side.locator("#count_1_last").check()
    expect(page.locator("input[name=counters_1]")).to_have_value("170")
    shot(page, screenshots, f"90-pinochle-hand-{language}")
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("text=320").first).to_be_visible()
    shot(page, screenshots, f"91-pinochle-result-{language}")

    page.locator("a[href$='/play']").first.click()  # meld picked from the table
    chip(page, "bidder", "2")
    chip(page, "bid", "250")
    chip(page, "trump", "spades")
    picker = page.locator(".meld-side").first
    picker.locator("details summary").click()
    for meld, taps in (("run", 1), ("royal_marriage", 1), ("dix", 2)):
        for _ in range(taps):
            picker.locator(f"tr:has(#pick_0_{meld}) button.step").last.click()
    expect(picker.locator("[data-tally-sum]")).to_have_text("210")
    shot(page, screenshots, f"93-pinochle-picker-{language}")
    page.fill("input[name=counters_0]", "100")
    page.locator("form button[type=submit]").first.click()
    expect(page.locator("text=310").first).to_be_visible()

    page.locator("a[href$='/play']").first.click()
    chip(page, "bid", "stuck")  # everybody passed: the dealer (Cho) at 250
    chip(page, "trump", "none")  # no marriage: thrown in
    page.fill("input[name=meld_1]", "40")
    page.locator("form button[type=submit]").first.click()

    page.locator("a[href*='#hand-']").first.click()  # the scoresheet
    expect(page.locator(".totals .big").first).to_be_visible()
    # 140 + 310 − 250 (stuck, no marriage); 320 + 150 + 40 (their meld kept)
    assert totals(page) == ["200", "510"]
    assert page.locator("text=210 (").count() > 0  # the picked meld by its total
    shot(page, screenshots, f"92-pinochle-sheet-{language}")
    page.goto(page.base_url + "/new/pinochle-double-deck")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit]").last.click()
    page.locator("a[href$='/play']").first.click()
    page.fill("#bid_typed", "61")  # off the ladder: the bids around it
    expect(page.locator("[data-picker=bid] .chip:visible")).to_have_count(7)
    expect(page.locator("[data-follow-said]")).to_be_visible()
    page.fill("input[name=meld_0]", "19")  # under 20: said at once
    expect(page.locator(".meld-side").first.locator("[data-tally-below]")).to_be_visible()
    shot(page, screenshots, f"95-pinochle-double-deck-{language}")
    page.goto(page.base_url + "/rules/pinochle-double-deck")  # type: ignore[attr-defined]
    expect(page.locator("h1")).to_be_visible()
    shot(page, screenshots, f"94-pinochle-rules-{language}")
    HERE.mkdir(exist_ok=True)
    for png in screenshots.glob("9?-pinochle-*.png"):
        shutil.copy(png, HERE / png.name)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_pinochle_hand_page_has_no_wcag_21_violation(browser, live_server, language):
    page = phone_in(browser, live_server, language)
    page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    page.goto(live_server + "/new/pinochle-cutthroat")
    for seat, name in enumerate(["Ann", "Ben", "Cho"]):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit]").last.click()
    page.locator("a[href$='/play']").first.click()
    assert axe_violations(page) == []
    page.context.close()
