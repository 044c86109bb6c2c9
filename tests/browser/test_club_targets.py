"""Issue 43's small targets, measured at 390×844 in English and Japanese: a hand's bid
and trick buttons at least 44×44 px, a season table's player links and the rule links
in a hand's explanation at least 24 px tall, and a 7-player Oh Hell sheet that keeps
each name on one line."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from scorekeeper import store
from scorekeeper.paths import database_path
from scorekeeper.store.db import open_database

from .conftest import new_phone
from .test_evening import imported, spades
from .test_table import shot

# Each visible element's box: its words, width and height.
BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length)
  .map(e => { const r = e.getBoundingClientRect();
              return [(e.innerText || e.value || '').trim().slice(0, 30),
                      Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; })"""

SEVEN = ["Amelie", "Bartholomew", "Ciara", "Dmitri", "Eleanor", "Francesca", "Gus"]


def boxes(page: Page, selector: str) -> list[tuple[str, float, float]]:
    found = [tuple(b) for b in page.evaluate(BOXES, selector)]
    assert found, f"{page.url}: nothing matches {selector}"
    return found  # type: ignore[return-value]


def oh_hell_seven() -> dict[str, object]:
    return {
        "format": "scorekeeper-game/1",
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "players": SEVEN,
        "options": {"players": 7, "deal": "down", "max_cards": 7},
        "hands": [{"cards": 7, "bids": [1, 2, 0, 1, 1, 1, 0], "tricks": [1, 2, 0, 1, 1, 1, 1]}],
    }


def test_bid_and_trick_buttons_are_44_px_both_ways(browser, live_server, screenshots: Path):
    for locale in ("en-US", "ja-JP"):
        page = new_phone(browser, live_server, locale=locale)
        try:
            for doc in (spades([]), oh_hell_seven()):
                game = imported(page, doc) if locale == "en-US" else _imported(page, doc)
                for step in ("bids", "tricks"):
                    page.goto(f"{live_server}/g/{game}/{step}")
                    small = [
                        b
                        for b in boxes(page, "[data-picker] label, [data-picker] button")
                        if b[1] < 44 or b[2] < 44
                    ]
                    assert small == [], (locale, doc["game"], step, small[:5])
                shot(page, screenshots, f"targets-{doc['game']}-{locale}")
        finally:
            page.context.close()


def _imported(page: Page, doc: dict[str, object]) -> str:
    import json

    page.goto(page.base_url + "/import")  # type: ignore[attr-defined]
    page.fill("textarea", json.dumps(doc, ensure_ascii=False))
    page.locator("form button[type=submit]").click()
    expect(page.locator("h1")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def test_the_seven_player_oh_hell_sheet_keeps_each_name_on_one_line(
    browser, live_server, screenshots: Path
):
    for locale in ("en-US", "ja-JP"):
        page = new_phone(browser, live_server, locale=locale)
        try:
            game = _imported(page, oh_hell_seven())
            page.goto(f"{live_server}/g/{game}")
            heads = page.evaluate(
                "() => [...document.querySelectorAll('section.sheet .sheet-head .cell')]"
                ".map(th => th.innerText.trim())"
            )
            assert set(SEVEN) <= set(heads), heads
            broken = [
                name
                for name in SEVEN
                if len(name) <= 6  # a column of 45 px: Bartholomew must break
                and page.evaluate(
                    """(name) => { const th = [...document.querySelectorAll('section.sheet .sheet-head .cell')]
                      .find(t => t.innerText.trim() === name);
                      const r = document.createRange(); r.selectNodeContents(th);
                      const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                      return tops.size; }""",
                    name,
                )
                > 1
            ]
            page.screenshot(path=str(screenshots / f"oh-hell-seven-{locale}.png"))
            assert broken == [], (locale, broken)
        finally:
            page.context.close()


def test_season_player_links_and_rule_links_are_24_px_tall(
    browser, live_server, tmp_path: Path, screenshots: Path
):
    for locale in ("en-US", "ja-JP"):
        page = new_phone(browser, live_server, locale=locale)
        try:
            game = _imported(page, spades([{"bids": [4, "nil", 4, 4], "tricks": [4, 1, 4, 4]}]))
            page.goto(f"{live_server}/g/{game}/hands/1")
            links = boxes(page, ".lines a")
            assert [b for b in links if b[2] < 24] == [], (locale, links)
            page.goto(live_server + "/evenings/")
            page.fill("#evening-name", f"Club {locale}")
            page.locator("form button.primary[type=submit]").first.click()
            evening = page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1]
            db = open_database(database_path(tmp_path))
            try:
                store.create_game(
                    db,
                    "yahoo-normal",
                    ["Ann", "Ben", "Cho", "Dee"],
                    hands=[{"bids": [4, 3, 3, 3], "tricks": [4, 3, 3, 3]}],
                    evening=evening,
                )
            finally:
                db.close()
            expect(page.locator("h1")).to_contain_text(f"Club {locale}")
            page.goto(live_server + "/seasons/")
            page.fill("input[name=name]", "Autumn")
            page.locator(f"input[name=evening][value='{evening}']").check()
            page.locator("form button.primary[type=submit]").first.click()
            expect(page.locator("table.season tbody th a").first).to_be_visible()
            players = boxes(page, "table.season tbody th a")
            assert [b for b in players if b[2] < 24] == [], (locale, players)
            shot(page, screenshots, f"season-links-{locale}")
        finally:
            page.context.close()


COVERED = """(selector) => { const el = document.querySelector(selector);
  el.focus(); el.scrollIntoView({block: 'end'});
  const r = el.getBoundingClientRect();
  const points = [[r.left + 4, r.top + 4], [r.right - 4, r.bottom - 4], [r.left + r.width / 2, r.top + r.height / 2]];
  return points.filter(([x, y]) => y < innerHeight && !el.contains(document.elementFromPoint(x, y))
    && !(document.elementFromPoint(x, y) || {}).closest?.('label[for="' + el.id + '"]'))
    .map(([x, y]) => (document.elementFromPoint(x, y) || {}).outerHTML?.slice(0, 60)); }"""


def test_no_button_covers_the_fields_under_tonights_players_while_typing(
    browser, live_server, screenshots: Path
):
    for locale in ("en-US", "ja-JP"):
        page = new_phone(browser, live_server, locale=locale)
        try:
            page.goto(live_server + "/evenings/")
            page.fill("#evening-name", f"Club {locale}")
            page.locator("form.field button[type=submit]").click()
            expect(page.locator("#rounds-players")).to_be_visible()
            page.locator("#rounds-players").click()
            page.keyboard.type("Ann\nBen\nCho\nDee\nEve\nFay\nGus\nHal")
            for field in ("#rounds-players", "#rounds-game", "#rounds-size", "#rounds-count"):
                assert page.evaluate(COVERED, field) == [], (locale, field)
            shot(page, screenshots, f"rounds-typing-{locale}")
        finally:
            page.context.close()
