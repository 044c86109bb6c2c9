"""A Pinochle game on a 390×844 phone, in both languages: a hand in the table's order
(the bidder, a bid chip, trump, each side's meld, one side's counters), stuck in one tap,
no marriage, and the sheet."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .a11y import axe_violations
from .test_a11y import phone_in
from .test_hearts_spitzer import chip
from .test_table import no_sideways_scroll, shot, totals

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
    page.locator(".sticky-actions button[type=submit]").click()
    expect(page.locator("text=320").first).to_be_visible()
    shot(page, screenshots, f"91-pinochle-result-{language}")

    page.locator("a[href$='/play']").first.click()  # meld picked from the table
    chip(page, "bidder", "2")
    chip(page, "bid", "250")
    chip(page, "trump", "spades")
    picker = page.locator(".meld-side").first
    picker.locator("details summary").first.click()
    for meld, taps in (("run", 1), ("royal_marriage", 1), ("dix", 2)):
        for _ in range(taps):
            picker.locator(f"tr:has(#pick_0_{meld}) button.step").last.click()
    expect(picker.locator("[data-tally-sum]")).to_have_text("210")
    shot(page, screenshots, f"93-pinochle-picker-{language}")
    page.fill("input[name=counters_0]", "100")
    page.locator(".sticky-actions button[type=submit]").click()
    expect(page.locator("text=310").first).to_be_visible()

    page.locator("a[href$='/play']").first.click()
    chip(page, "bid", "stuck")  # everybody passed: the dealer (Cho) at 250
    chip(page, "trump", "none")  # no marriage: thrown in
    page.fill("input[name=meld_1]", "40")
    page.locator(".sticky-actions button[type=submit]").click()

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


SHOTS = Path("/tmp/shots-pinochle")


def new_game(page: Page, ruleset: str, language: str) -> None:
    if language == "ja":
        base = page.base_url  # type: ignore[attr-defined]
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": base}])
    page.goto(page.base_url + f"/new/{ruleset}")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.locator("form button[type=submit]").last.click()
    page.locator("a[href$='/play']").first.click()


def tap(page: Page, seat: int, *cards: str) -> None:
    """Tap each card laid down on the seat's grid, once per copy."""
    for card in cards:
        page.locator(f"#card_{seat}_{card}").locator("xpath=preceding-sibling::button").click()


def part(page: Page, where: str, name: str) -> None:
    """A screenshot of one part of the page, as a player looks at it."""
    SHOTS.mkdir(exist_ok=True)
    page.locator(where).first.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("language", ["en", "ja"])
def test_cards_tapped_on_the_grid_make_the_meld_live(phone: Page, language: str):
    page = phone
    new_game(page, "pinochle-partnership", language)
    chip(page, "bidder", "0")
    chip(page, "bid", "250")
    chip(page, "trump", "spades")
    side = page.locator(".meld-side").first
    side.locator("details summary").nth(1).click()  # the cards Ann & Cho laid down
    grid = side.locator(".card-grid").first
    expect(grid.locator(".card-row").first).to_have_attribute("data-lead", "spades")
    expect(grid.locator(".card-row.lead")).to_have_count(1)  # trump's row first, marked
    tap(page, 0, "AS", "TS", "KS", "QS", "JS", "KS", "9S", "9S")
    found = page.locator("[data-live-text=cards_0]")
    if language == "en":
        expect(found).to_have_text("run + royal marriage + 2× dix = 210")
    else:
        expect(found).to_have_text(re.compile(r".+ = 210$"))
    expect(page.locator("#card_0_KS").locator("xpath=preceding-sibling::button")).to_contain_text(
        "×2"
    )
    tap(page, 0, "9S")  # a third nine of spades: past the pack's two, back to none
    expect(found).to_contain_text("= 190")
    for button in grid.locator("button.tap-count").all():
        box = button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    tap(page, 2, "QS", "JD")
    expect(page.locator("[data-live-text=cards_2]")).to_contain_text("= 40")
    expect(page.locator("[data-live-text=side_0]")).to_contain_text("230")
    no_sideways_scroll(page)
    part(page, ".meld-side", f"grid-{language}")
    page.fill("input[name=counters_0]", "100")
    page.locator(".sticky-actions button[type=submit]").click()
    expect(page.locator("text=330").first).to_be_visible()  # meld 230 + counters 100
    part(page, "main", f"grid-result-{language}")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_trick_question_and_a_short_meld_stored_in_one_tap(phone: Page, language: str):
    page = phone
    new_game(page, "pinochle-partnership-bicycle", language)
    chip(page, "bidder", "0")
    page.fill("#bid_typed", "2")  # the chips follow: 200, 210 …
    chip(page, "bid", "200")
    chip(page, "trump", "hearts")
    page.fill("input[name=meld_0]", "120")
    page.fill("input[name=meld_1]", "60")
    page.fill("input[name=counters_0]", "240")  # Ben & Dee took 10: no question
    question = page.locator("[data-live-show=trick_1]")
    expect(question).to_be_hidden()
    expect(page.locator("[data-live-show=trick_0]")).to_be_hidden()
    part(page, "#counters", f"counters-without-question-{language}")
    page.fill("input[name=counters_0]", "250")  # none for Ben & Dee: did they take a trick?
    expect(question).to_be_visible()
    part(page, "#counters", f"counters-with-question-{language}")
    question.locator("input").check()
    page.locator(".sticky-actions button[type=submit]").click()
    expect(page.locator("text=370").first).to_be_visible()  # PN10: +370 / +60

    new_game(page, "pinochle-double-deck", language)
    chip(page, "bidder", "0")
    chip(page, "bid", "51")
    chip(page, "trump", "spades")
    page.fill("input[name=meld_1]", "32")
    page.fill("input[name=meld_0]", "19")  # the bidders' meld under 20: the hand ends here
    notice = page.locator("[data-live-show=short]")
    expect(notice).to_be_visible()
    expect(page.locator("#counters")).to_be_hidden()  # not asked
    expect(page.locator("[data-picker=conceded]")).to_be_hidden()
    no_sideways_scroll(page)
    notice.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"short-meld-{language}.png"))  # what the phone shows
    notice.locator("button[type=submit]").click()  # one tap stores it
    expect(page.locator("text=−51").first).to_be_visible()  # PN13: −51 / +32
    part(page, "main", f"short-meld-result-{language}")
