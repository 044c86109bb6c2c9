"""Contract Bridge on a 390×844 phone, in both languages: a made contract in three taps
(declarer, contract, score), the dealer and vulnerability before each deal, the rubber's
sheet above and below the line, the chicago's wheel; no WCAG 2.1 violation on its pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from .a11y import axe_violations
from .test_a11y import phone_in
from .test_hearts_spitzer import chip
from .test_table import shot, totals


def start(page: Page, ruleset: str) -> None:
    page.goto(page.base_url + f"/new/{ruleset}")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    with page.expect_navigation():
        page.locator("form button[type=submit]").last.click()


def deal(page: Page, declarer: str, contract: str, result: str | None = None) -> None:
    """Three taps for a contract made exactly: the declarer, the bid, score."""
    page.locator("a[href$='/play']").first.click()
    chip(page, "declarer", declarer)
    if declarer != "pass":
        chip(page, "contract", contract)
    if result is not None:
        chip(page, "result", result)
    with page.expect_navigation():
        page.locator("form button[type=submit]").first.click()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_rubber_and_a_chicago(browser, live_server, screenshots: Path, language: str):
    page = phone_in(browser, live_server, language)
    if language == "ja":
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
    try:
        start(page, "rubber")
        deal(page, "0", "4S")  # 4♠ by North, made: game below the line
        deal(page, "1", "3NT", "-2")  # East two down: 100 above for North-South
        deal(page, "pass", "")
        page.locator("a[href$='/play']").first.click()
        vulnerable = "North-South vulnerable" if language == "en" else "南北バル"
        assert vulnerable in page.inner_text("main")
        assert axe_violations(page) == []
        shot(page, screenshots, f"90-bridge-deal-{language}")
        page.goto(page.url.rsplit("/play", 1)[0])
        assert totals(page) == ["220", "0"]
        assert page.locator("#rubber-title").is_visible()
        assert axe_violations(page) == []
        shot(page, screenshots, f"91-bridge-rubber-{language}")
        start(page, "chicago")
        deal(page, "0", "2H")
        page.goto(page.url.rsplit("/hands/", 1)[0])
        assert page.locator("#wheel-title").is_visible()
        assert axe_violations(page) == []
        shot(page, screenshots, f"92-bridge-chicago-{language}")
    finally:
        page.context.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_rubber_stopped_and_taken_back_from_the_phone(
    browser, live_server, screenshots: Path, language: str
):
    page = phone_in(browser, live_server, language)
    if language == "ja":
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
    try:
        start(page, "rubber")
        deal(page, "0", "4S")  # a game to North-South
        deal(page, "1", "2H")  # a partscore to East-West
        page.goto(page.url.rsplit("/hands/", 1)[0])
        with page.expect_navigation():
            page.locator("a[href$='/stop']").click()
        assert axe_violations(page) == []
        shot(page, screenshots, f"93-bridge-stop-asked-{language}")
        with page.expect_navigation():
            page.locator("form button[type=submit]").first.click()
        stopped = page.locator("#stopped-title")
        assert stopped.is_visible()
        assert "420" in page.inner_text(".bridge-stopped")
        assert totals(page) == ["420", "160"]  # with the closing premiums
        assert axe_violations(page) == []
        shot(page, screenshots, f"94-bridge-stopped-{language}")
        with page.expect_navigation():
            page.locator("a[href*='/stop?stopped=0']").click()
        with page.expect_navigation():
            page.locator("form button[type=submit]").first.click()
        assert page.locator("a[href$='/stop']").is_visible()  # the rubber goes on
    finally:
        page.context.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_an_evenings_tables_compared(browser, live_server, screenshots: Path, language: str):
    page = phone_in(browser, live_server, language)
    if language == "ja":
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": live_server}])
    try:
        page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
        page.fill("#evening-name", "Duplicate")
        with page.expect_navigation():
            page.press("#evening-name", "Enter")
        evening = page.url
        evening_id = evening.rstrip("/").rsplit("/", 1)[1]
        for names, result in (
            (["Ann", "Ben", "Cho", "Dee"], None),
            (["Eve", "Fay", "Gus", "Hal"], "1"),
        ):
            page.goto(page.base_url + f"/new/duplicate?evening={evening_id}")  # type: ignore[attr-defined]
            for seat, name in enumerate(names):
                page.fill(f"#player_{seat}", name)
            with page.expect_navigation():
                page.locator("form button[type=submit]").last.click()
            deal(page, "0", "4S", result)
            deal(page, "1", "3NT", "-1")
        page.goto(evening)
        with page.expect_navigation():
            page.locator("a[href$='/compared']").click()
        assert page.locator(".bridge-traveller").count() == 2  # matchpoints, cross-IMPs
        assert axe_violations(page) == []
        shot(page, screenshots, f"95-bridge-tables-compared-{language}")
    finally:
        page.context.close()
