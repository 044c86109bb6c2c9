"""A Hearts game and a Spitzer game, end to end on a 390×844 phone."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .test_table import no_sideways_scroll, shot, totals


def chip(page: Page, name: str, value: str) -> None:
    page.locator(f"[data-picker={name}] label:has(input[value='{value}'])").click()


def start(page: Page, ruleset: str, names: list[str], target: str | None = None) -> None:
    page.goto(page.base_url + "/new")  # type: ignore[attr-defined]
    page.locator(f"label.preset:has(input[value='{ruleset}'])").click()
    page.get_by_role("button", name="Next: players").click()
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    if target:
        page.locator("details.options", has_text="End of game").locator("summary").click()
        page.fill("#opt_target", target)
    page.get_by_role("button", name="Start the game").click()


def test_a_hearts_game(phone: Page, screenshots: Path):
    page = phone
    start(page, "hearts-standard", ["Ann", "Ben", "Cho", "Dee"], target="40")
    expect(page.get_by_text("Before play: pass 3 to the left.")).to_be_visible()
    page.get_by_role("link", name="Enter hand 1").click()
    # Ann shoots the moon but forgets to say what it scores: the app asks.
    chip(page, "hearts_1", "0")
    chip(page, "hearts_2", "0")
    chip(page, "hearts_3", "0")
    chip(page, "queen_of_spades", "0")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Someone shot the moon: choose what it scores")).to_be_visible()
    chip(page, "moon_choice", "add")
    shot(page, screenshots, "20-hearts-moon")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Shot the moon: chose +26 for everyone else")).to_be_visible()
    expect(page.get_by_text("Next: hand 2 — Ben deals.")).to_be_visible()
    page.get_by_role("link", name="Enter hand 2").click()
    expect(page.get_by_text("Before play: pass 3 to the right.")).to_be_visible()
    for seat, value in {2: "4", 3: "3", 0: "1"}.items():
        chip(page, f"hearts_{seat}", value)
    chip(page, "queen_of_spades", "1")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.get_by_text("Winner: Ann")).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["1", "44", "30", "29"]
    shot(page, screenshots, "21-hearts-over")
    # The sheet says who led each hand as the rules say: the holder of 2♣.
    page.locator("#hand-2 > summary").click()
    expect(page.locator("#hand-2 .explain")).to_contain_text(
        "The holder of 2♣ led the first trick."
    )


def test_a_spitzer_game(phone: Page, screenshots: Path):
    page = phone
    start(page, "spitzer", ["Ann", "Ben", "Cho", "Dee"])

    def deal(contract: str, declarers: list[int], points: str, tricks: str) -> None:
        page.get_by_role("link", name="Enter hand").first.click()
        chip(page, "contract", contract)
        for seat in declarers:
            chip(page, "declarers", str(seat))
        page.fill("#points", points)
        chip(page, "tricks", tricks)
        no_sideways_scroll(page)
        page.get_by_role("button", name="Score the hand").click()

    deal("zola", [1], "100", "6")
    expect(
        page.get_by_text(
            "Zola: 100 card points in 6 tricks → column 90–120, +27: +27 to the declarer"
        )
    ).to_be_visible()
    deal("normal", [0, 2], "60", "4")  # 60–60 scores for the defenders
    expect(
        page.get_by_text(
            "Queens partnership: 60 card points in 4 tricks → column 31–60, −6: the opponents score 6 each"
        ).first
    ).to_be_visible()
    shot(page, screenshots, "22-spitzer-deal")
    deal("zola", [1], "120", "8")
    expect(page.get_by_text("Winner: Ben")).to_be_visible()
    page.get_by_role("link", name="Scoresheet").click()
    assert totals(page) == ["0", "69", "0", "6"]
    shot(page, screenshots, "23-spitzer-over")
