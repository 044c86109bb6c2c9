"""A Euchre game on a 390×844 phone, in both languages: a hand in three taps (who made
the suit, the makers' tricks, score), a loner, a euchre, and the sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_hearts_spitzer import chip, start
from .test_table import shot, totals

HERE = Path("/tmp/shots-oh-hell-family")
WORDS = {
    "en": {"enter": "Enter hand", "score": "Score the hand", "sheet": "Scoresheet"},
    "ja": {"enter": "ハンド", "score": None, "sheet": "スコアシート"},
}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_euchre_game(phone: Page, screenshots: Path, language: str):
    page = phone
    if language == "ja":
        base = page.base_url  # type: ignore[attr-defined]
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": base}])
    start_words = "Start the game" if language == "en" else None
    if start_words:
        start(page, "euchre", ["Ann", "Ben", "Cho", "Dee"])
    else:
        page.goto(page.base_url + "/new/euchre")  # type: ignore[attr-defined]
        for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
            page.fill(f"#player_{seat}", name)
        page.locator("form button[type=submit]").last.click()

    def hand(maker: int, tricks: int, alone: bool = False) -> None:
        page.locator("a[href$='/play']").first.click()
        chip(page, "maker", str(maker))
        if alone:
            chip(page, "alone", "yes")
        chip(page, "tricks", str(tricks))
        if maker == 3 and alone:
            shot(page, screenshots, f"80-euchre-hand-{language}")
        page.locator("form button[type=submit]").first.click()

    hand(0, 3)  # Ann & Cho make: +1
    hand(3, 5, alone=True)  # Dee alone takes all five: +4
    hand(2, 1)  # Cho's side euchred: Ben & Dee +2
    page.locator(
        "a[href$='/g/' i], a.sheet, a:has-text('" + WORDS[language]["sheet"] + "')"
    ).first.click()
    expect(page.locator(".totals .big").first).to_be_visible()
    assert totals(page) == ["1", "6"]
    shot(page, screenshots, f"81-euchre-sheet-{language}")
    HERE.mkdir(exist_ok=True)
    for png in screenshots.glob("8?-euchre-*.png"):
        shutil.copy(png, HERE / png.name)
