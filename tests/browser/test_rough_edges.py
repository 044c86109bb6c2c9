"""What a newcomer's first evening found at 390×844, in English and Japanese: wide
tables, who leads, compare and what-if from a game, the bids page, house rules saved
from an evening's setup."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import new_phone
from .test_table import no_sideways_scroll

SEVEN = ["Ann", "Benedikt", "Cho", "山田太郎", "Eve", "Zoë", "Gus"]


def oh_hell(players: int, max_cards: int, hands: int) -> dict[str, Any]:
    """An Oh Hell game file: every player bids 0 or 1, the dealer never hooked."""
    sizes = [*range(max_cards, 0, -1), *range(2, max_cards + 1)]
    played = []
    for number in range(hands):
        cards, dealer = sizes[number], number % players
        bids = [1 if seat == (dealer + 1) % players else 0 for seat in range(players)]
        if sum(bids) == cards:
            bids[dealer] = 1
        tricks = [0] * players
        tricks[(dealer + 1) % players] = cards
        played.append({"cards": cards, "bids": bids, "tricks": tricks})
    return {
        "format": "scorekeeper-game/1",
        "game": "oh-hell",
        "ruleset": "oh-hell",
        "options": {"players": players, "max_cards": max_cards},
        "players": SEVEN[:players],
        "hands": played,
    }


LARGEST_TABLES = {
    "oh-hell-7": oh_hell(7, 7, 4),
    "hearts-widow-5": {
        "game": "hearts",
        "ruleset": "hearts-widow",
        "options": {"players": 5},
        "players": SEVEN[:5],
        "hands": [{"hearts": [3, 2, 4, 0, 4], "queen_of_spades": 1}],
    },
    "spades-individual-4": {
        "game": "spades",
        "ruleset": "network-spades",
        "players": SEVEN[:4],
        "hands": [{"bids": [3, 4, 2, 3], "tricks": [3, 5, 2, 3]}],
    },
    "euchre-4": {
        "game": "euchre",
        "ruleset": "euchre",
        "players": SEVEN[:4],
        "hands": [{"maker": 0, "tricks": 3}, {"maker": 3, "alone": True, "tricks": 5}],
    },
    "spitzer-4": {
        "game": "spitzer",
        "ruleset": "spitzer",
        "players": SEVEN[:4],
        "hands": [{"contract": "normal", "declarers": [0, 2], "points": 70, "tricks": 5}],
    },
}


def import_game(page: Page, doc: dict[str, Any]) -> str:
    """Import a game file on this phone, in any language, and open it; its id."""
    page.goto(page.base_url + "/import")  # type: ignore[attr-defined]
    page.fill("textarea", json.dumps({"format": "scorekeeper-game/1", **doc}, ensure_ascii=False))
    page.locator("main form button[type=submit]").last.click()
    expect(page.locator(".sheet")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def phone_in(browser, live_server: str, lang: str) -> Page:
    return new_phone(browser, live_server, locale=lang)


def sheet_fits(page: Page) -> None:
    """Every hand's row on one line of columns, nothing spilling out of its column, a
    marker in one piece, the page never wider than the phone."""
    no_sideways_scroll(page)
    problems = page.evaluate(
        """() => {
        const out = [];
        for (const row of document.querySelectorAll('.hand-row > summary, .sheet-head')) {
          // The row's columns: a summary's are in its .shown part (its .sr words are for a screen reader).
          const cells = [...row.children].flatMap(c => c.classList.contains('shown') ? [...c.children] : c.classList.contains('sr') ? [] : [c]);
          const top = cells[0].getBoundingClientRect().top;
          let right = -1;
          for (const cell of cells) {
            const box = cell.getBoundingClientRect();
            if (Math.abs(box.top - top) > 2) out.push('wrapped: ' + cell.textContent.trim());
            if (box.left < right - 0.5) out.push('overlaps: ' + cell.textContent.trim());
            right = box.right;
            if (cell.scrollWidth > cell.clientWidth + 1) out.push('spills: ' + cell.textContent.trim());
            if (box.right > 390) out.push('off screen: ' + cell.textContent.trim());
          }
          for (const mark of row.querySelectorAll('.mark')) {
            if (mark.getClientRects().length > 1 || mark.getBoundingClientRect().height > 24)
              out.push('broken marker: ' + mark.textContent);
          }
        }
        return out;
    }"""
    )
    assert problems == [], f"{page.url}: {problems}"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("table", LARGEST_TABLES)
def test_every_kind_largest_table_reads_at_390(
    browser, live_server, screenshots: Path, table: str, lang: str
):
    page = phone_in(browser, live_server, lang)
    doc = LARGEST_TABLES[table]
    import_game(page, doc)
    expect(page.locator(".sheet .hand-row").first).to_be_visible()
    sides = 2 if table.startswith(("euchre", "spades")) and "individual" not in table else 0
    assert page.locator(".sheet-head .cell").count() in (sides, len(doc["players"]))
    sheet_fits(page)
    page.screenshot(path=str(screenshots / f"70-sheet-{table}-{lang}.png"), full_page=True)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hearts_marks_the_lowest_total_and_points_taken_are_not_a_gain(
    browser, live_server, screenshots: Path, lang: str
):
    page = phone_in(browser, live_server, lang)
    import_game(
        page,
        {
            "game": "hearts",
            "ruleset": "hearts-standard",
            "players": ["Ann", "Ben", "Cho", "Dee"],
            "hands": [{"hearts": [3, 6, 4, 0], "queen_of_spades": 3}],
        },
    )
    # Ann took 3, Ben 6, Cho 4, Dee the queen: 13. Ann leads with the lowest total.
    ahead = page.locator(".totals .total.ahead")
    expect(ahead).to_have_count(1)
    expect(ahead.locator(".side")).to_have_text("Ann")
    expect(ahead.locator(".lead-mark")).to_have_text("leads" if lang == "en" else "首位")
    green = ahead.locator(".lead-mark").evaluate("e => getComputedStyle(e).color")
    taken = page.locator(".hand-row .pts").first  # Ann's +3
    expect(taken).to_have_text("+3")
    expect(taken).to_have_class("pts loss")
    assert taken.evaluate("e => getComputedStyle(e).color") != green
    # The header's links are tap targets too.
    for link in page.locator("header a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, link.inner_text()
    page.screenshot(path=str(screenshots / f"71-hearts-leader-{lang}.png"))
    page.context.close()


def test_spades_marks_the_side_ahead_and_a_level_table_marks_nobody(browser, live_server):
    page = phone_in(browser, live_server, "en")
    spades = {"game": "spades", "ruleset": "yahoo-normal"}
    import_game(
        page,
        {
            **spades,
            "players": ["Ann", "Ben", "Cho", "Dee"],
            "hands": [{"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]}],
        },
    )
    expect(page.locator(".total.ahead .side")).to_have_text("Ben & Dee")  # 61 to 60
    import_game(
        page,
        {
            **spades,
            "players": ["Ann", "Ben", "Cho", "Dee"],
            "hands": [
                {"bids": [3, 3, 3, 3], "tricks": [3, 4, 3, 3]},
                {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 3]},
            ],
        },
    )  # 121 each
    expect(page.locator(".total.ahead")).to_have_count(0)
    page.context.close()


BIDDING = {
    "spades-two-hands-in": {
        "game": "spades",
        "ruleset": "yahoo-dnp",
        "players": ["Ann", "Ben", "Cho", "Dee"],
        "hands": [
            {"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]},
            {"bids": [4, 3, 3, 2], "tricks": [4, 3, 3, 3]},
        ],
    },
    "oh-hell-7": oh_hell(7, 7, 2),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", BIDDING)
def test_the_first_bidders_buttons_are_on_the_first_screen(
    browser, live_server, screenshots: Path, game: str, lang: str
):
    page = phone_in(browser, live_server, lang)
    game_id = import_game(page, BIDDING[game])
    page.goto(f"{page.base_url}/g/{game_id}/bids")  # type: ignore[attr-defined]
    first = page.locator("form .picker").first
    bar = page.locator(".sticky-actions").bounding_box()
    assert bar is not None
    for chip in first.locator(".chip span").all():
        box = chip.bounding_box()
        assert box is not None and box["y"] + box["height"] <= bar["y"], chip.inner_text()
    if game.startswith("spades"):  # the notes are still there, after the bids
        notes = page.locator(".needs, .after-bids")
        assert notes.count() >= 1
        assert page.evaluate(
            "document.querySelector('form .picker').compareDocumentPosition("
            "document.querySelector('.needs')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
    page.screenshot(path=str(screenshots / f"72-bids-{game}-{lang}.png"))
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_house_rules_saved_from_an_evenings_setup_go_back_to_it(
    browser, live_server, screenshots: Path, lang: str
):
    page = phone_in(browser, live_server, lang)
    page.goto(page.base_url + "/evenings/")  # type: ignore[attr-defined]
    page.fill("#evening-name", "Friday")
    page.locator("main form button.primary").click()
    evening = page.url.rsplit("/", 1)[1]
    page.goto(f"{page.base_url}/new/yahoo-normal?evening={evening}")  # type: ignore[attr-defined]
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        page.fill(f"#player_{seat}", name)
    page.check("input[name=first_dealer][value='2']")
    page.eval_on_selector_all("details", "all => all.forEach(d => { d.open = true; })")
    page.fill("#opt_nil_points", "50")
    page.locator("button[formaction$='/rules/house/save']").click()
    page.fill("#name", "Friday club")
    page.locator("button[name=step][value=save]").click()
    # Back on the setup page: the new rules chosen, the evening and the names kept.
    assert "/new/friday-club" in page.url
    expect(page.locator("h1")).to_have_text("Friday club")
    for seat, name in enumerate(["Ann", "Ben", "Cho", "Dee"]):
        expect(page.locator(f"#player_{seat}")).to_have_value(name)
    expect(page.locator("input[name=first_dealer][value='2']")).to_be_checked()
    expect(page.locator("input[name=evening]")).to_have_value(evening)
    page.screenshot(path=str(screenshots / f"73-setup-after-house-rules-{lang}.png"))
    page.locator("main form button.primary[type=submit]").last.click()
    expect(page.locator(".sheet")).to_be_visible()
    page.goto(f"{page.base_url}/e/{evening}")  # type: ignore[attr-defined]
    expect(page.locator(".table-card")).to_have_count(1)
    expect(page.locator(".table-card")).to_contain_text("Ann")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_compare_from_a_game_opens_ready_and_what_if_shows_the_bags(
    browser, live_server, screenshots: Path, lang: str
):
    page = phone_in(browser, live_server, lang)
    game_id = import_game(
        page,
        {
            "game": "spades",
            "ruleset": "yahoo-normal",
            "players": ["Ann", "Bob", "Cho", "Dev"],
            "hands": [{"bids": [3, "nil", 4, 2], "tricks": [4, 1, 5, 3]}],
        },
    )
    page.locator(f".game-foot a[href^='/rules/compare?game={game_id}']").click()
    expect(page.locator("[role=alert]")).to_have_count(0)
    expect(page.locator(f"input[name=game][value='{game_id}']")).to_be_checked()
    offered = page.locator("input[name=ids]").evaluate_all("all => all.map(i => i.value)")
    assert "pagat-standard" in offered and "hearts-standard" not in offered
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshots / f"74-compare-from-a-game-{lang}.png"))
    page.locator("input[name=ids][value='pagat-standard']").check()
    page.locator("button[name=go]").click()
    expect(page.locator("tr.differs[data-option='failed_nil_tricks']")).to_be_visible()
    # What if a failed nil's tricks counted for nothing: Bob & Dev carry 1 bag, not 2.
    page.goto(f"{page.base_url}/g/{game_id}/whatif?ruleset=yahoo-normal")  # type: ignore[attr-defined]
    page.locator("details.options summary").last.click()
    page.select_option("#opt_failed_nil_tricks", "nothing")
    page.locator("details.options form button[type=submit]").click()
    ben = page.locator("table.whatif tbody tr").first.locator("td").nth(3)
    expect(ben).to_contain_text("1 bag" if lang == "en" else "バッグ1")
    expect(ben).to_have_class("diff-nonzero")
    expect(page.locator(".outcome")).to_contain_text("*")
    no_sideways_scroll(page)
    page.screenshot(path=str(screenshots / f"75-what-if-bags-{lang}.png"), full_page=True)
    page.context.close()
