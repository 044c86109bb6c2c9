"""An Oh Hell game on a 390×844 phone: the dealer's closed bid, tricks, the sheet."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .test_hearts_spitzer import chip
from .test_table import no_sideways_scroll, shot, totals


def test_an_oh_hell_hand_with_the_hook(phone: Page, screenshots: Path):
    page = phone
    page.goto(page.base_url + "/new")  # type: ignore[attr-defined]
    page.locator("label.preset:has(input[value='oh-hell'])").click()
    page.get_by_role("button", name="Next: players").click()
    for seat, name in enumerate(["Ann", "Ben", "Cho"]):
        page.fill(f"#player_{seat}", name)
    page.eval_on_selector_all("details", "all => all.forEach(d => { d.open = true; })")
    page.fill("#opt_max_cards", "2")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Hand 1 of 3: 2 cards; Ann deals, Ben bids first")).to_be_visible()
    page.get_by_role("link", name="Enter bids").click()
    chip(page, "bid_1", "1")
    chip(page, "bid_2", "0")
    # Ann deals and bids last: 1 would make the bids add up to the 2 cards dealt.
    closed = page.locator("[data-picker=bid_0] input[value='1']")
    expect(closed).to_be_disabled()
    expect(page.locator("[data-picker=bid_0] .closed-live")).to_contain_text(
        "Ann may not bid 1: the bids would add up to 2"
    )
    no_sideways_scroll(page)
    shot(page, screenshots, "40-oh-hell-hook")
    chip(page, "bid_0", "0")
    page.get_by_role("button", name="Bids done — play the hand").click()
    chip(page, "tricks_1", "1")
    chip(page, "tricks_2", "0")
    chip(page, "tricks_0", "1")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Bid 1, took 1: exact → 10 + 1 = +11")).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["0", "11", "10"]
    shot(page, screenshots, "41-oh-hell-sheet")
